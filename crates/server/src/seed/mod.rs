//! The demo: accounts on every plan, users at every level, partners and a technology partner
//! (ARCHITECTURE.md, "Demo accounts"). Seeded only into an empty database.

use crate::db::{Backend, Flag};
use domain::purchase::plan_addon_scopes;
use domain::{Plan, ADVANCED_ROUTING_SCOPES};
use sqlx::{Any, AnyPool, Transaction};

use crate::security::hash_password;

/// The benchmark's volume of calls (examples/bench_reports.rs).
pub use calls::{seed_volume, Volume};
pub use recordings::{Dialogue, DIALOGUES};

mod billing;
mod call_credits;
mod call_rows;
mod call_scores;
mod call_tags;
mod calls;
mod conversions;
mod cta;
mod dimensions;
mod integrations;
mod inventory;
mod landing_urls;
mod partners;
mod pool_visits;
mod prices;
mod recordings;
mod routing_extras;
mod routing_ivrs;
mod routing_library;
mod routing_numbers;
mod sales;
mod spend;
mod tag_manager;
mod usage;
mod users_area;
mod visitors;
mod voice_tags;

/// The password of every demo login.
pub const DEMO_PASSWORD: &str = "demopass";

const STARTER: &[&str] = &[
    "routing_simple",
    "admin_user_management",
    "admin_view_invoices",
    "admin_add_services",
    "billing_subscription",
    "admin_call_to_actions",
    "integration_google_analytics",
    "integration_google_ads",
    "integrations_google_business_profile",
    "integration_microsoft_ads",
    "integration_facebook",
    "integrations_facebook_pages",
    "integrations",
    "dynamic_url",
    "static",
];
/// Professional adds these to Starter, plus every advanced routing scope.
const PROFESSIONAL_EXTRA: &[&str] = &[
    "admin_call_scoring",
    "admin_call_categorisation",
    "admin_tagging_for_dynamics",
    "integration_track_sales",
    "integration_ftp_export",
    "integration_hubspot",
    "integration_optimizelyx",
    "integration_marin",
    "integration_double_click",
    "dynamic_pool",
];
const ENTERPRISE_EXTRA: &[&str] = &[
    "enterprise",
    "integration_api",
    "integration_webhooks",
    "integration_salesforce",
    "integration_dealerweb",
    "sales_custom_dimensions",
    "integration_sales_import",
    "report_voice_tags",
    "integration_speech_voice_tags",
    "speech_vocabularies",
    "outbound",
    "routing_advanced_ivr",
    "integration_config_api",
    "other_insight",
];
const LEGACY: &[&str] = &["admin_call_scoring"];

/// A small coloured logo with the customer's initials.
fn logo(initials: &str, colour: &str) -> String {
    format!(
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40"><rect rx="6" width="40" height="40" fill="{colour}"/><text x="20" y="26" font-family="Arial" font-size="16" font-weight="bold" fill="#fff" text-anchor="middle">{initials}</text></svg>"##
    )
}

struct Customer {
    id: i64,
    name: &'static str,
    code: Option<&'static str>,
    zone: &'static str,
    package: &'static str,
    plan: &'static str,
    /// is_group, is_partner, is_tech_partner
    kind: (bool, bool, bool),
    partner_id: Option<i64>,
    /// static, dynamic, outbound, old outbound, speech, billing, real time, sales data, conversions, online purchase
    features: [bool; 10],
    logo: Option<(&'static str, &'static str)>,
    parameters: &'static [&'static str],
    addons: &'static [&'static str],
}

struct User {
    id: i64,
    email: &'static str,
    forename: &'static str,
    surname: &'static str,
    home: i64,
    system_manager: bool,
    new_reports: bool,
}

/// (user, customer, auth code, provisioning, permissions in user_access column order from
/// perm_reports to perm_call_recording).
type Access = (i64, i64, i64, &'static str, [bool; 13]);

const ALL: [bool; 13] = [true; 13];
const ADMIN: [bool; 13] = [true, true, true, true, true, true, true, true, false, false, false, true, false];
const REPORTS_AND_NUMBERS: [bool; 13] =
    [true, false, true, false, false, false, false, false, false, false, false, false, false];

/// Seeds the demo into an empty database when the settings ask for it (SEED_DEMO), at the
/// state's clock.
pub async fn seed_demo_if_asked(state: &crate::state::AppState) -> sqlx::Result<()> {
    if state.settings.seed_demo {
        seed_if_empty(&state.db, state.clock.now()).await?;
    }
    Ok(())
}

/// Seeds the demo into an empty database, once however many server processes start together
/// on one PostgreSQL database (the first takes a lock; the others then find it seeded).
pub async fn seed_if_empty(db: &AnyPool, now: i64) -> Result<(), sqlx::Error> {
    let mut tx = db.begin().await?;
    let backend = Backend::of_connection(&tx);
    if backend == Backend::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(SEED_LOCK).execute(&mut *tx).await?;
    }
    let (customers,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM customers").fetch_one(&mut *tx).await?;
    if customers > 0 {
        return Ok(());
    }
    seed(&mut tx, now).await?;
    if backend == Backend::Postgres {
        continue_identities(&mut tx).await?;
    }
    tx.commit().await?;
    // A year of calls, through the committed routing.
    calls::seed(db, now).await?;
    // The visits that did not call, the numbers the pools gave, the landing URLs' parameters.
    pool_visits::seed(db, now).await?;
    // Each visitor's first touch, from the visits' visitor ids.
    visitors::store_first_touches(db, now).await?;
    // The call-to-actions and their clicks on those visits.
    cta::seed(db, now).await?;
    // Atlas's custom dimensions and their values on its calls.
    dimensions::seed(db, now).await?;
    // Atlas's vocabulary and voice tags (found by the transcription job).
    voice_tags::seed(db, now).await?;
    // Harbour Lane's sales, matched to its calls.
    sales::seed(db, now).await?;
    // Conversion actions and their upload log, made by the job against the sandbox platform.
    conversions::seed(db, now).await?;
    // Ad spend: imported from the connected platforms by the real job, and entered by hand.
    spend::seed(db, now).await?;
    // A year of invoices, made by the billing run from the demo's charges and calls.
    crate::jobs::billing_run::run(db, now).await?;
    Ok(())
}

/// The advisory lock the demo seed holds on PostgreSQL (any constant of ours).
const SEED_LOCK: i64 = 0x5eed;

/// The demo gives rows explicit ids; PostgreSQL's identity columns then start after them.
pub(super) async fn continue_identities(tx: &mut Transaction<'_, Any>) -> sqlx::Result<()> {
    let tables: Vec<(String,)> = sqlx::query_as(
        "SELECT CAST(table_name AS TEXT) FROM information_schema.columns
         WHERE table_schema = current_schema() AND column_name = 'id' AND is_identity = 'YES'",
    )
    .fetch_all(&mut **tx)
    .await?;
    for (table,) in tables {
        // Table names come from the schema, not from input.
        sqlx::query(&format!(
            "SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
        ))
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

async fn seed(tx: &mut Transaction<'_, Any>, now: i64) -> Result<(), sqlx::Error> {
    let t = [true, true, true, false, false, true, false, true, true, true];
    let customers = [
        Customer {
            id: 100,
            name: "Harbour Lane Dental",
            code: Some("HLD-100"),
            zone: "Europe/London",
            package: "Professional",
            plan: "Professional",
            kind: (false, false, false),
            partner_id: None,
            features: t,
            logo: Some(("HL", "#f57c00")),
            parameters: &["Branch", "Region"],
            addons: &["outbound", "integration_sales_import"],
        },
        Customer {
            id: 101,
            name: "Harbour Lane Orthodontics",
            code: Some("HLO-101"),
            zone: "Europe/London",
            package: "Professional",
            plan: "Professional",
            kind: (false, false, false),
            partner_id: None,
            features: [true, true, false, false, false, true, false, false, false, true],
            logo: Some(("HO", "#00897b")),
            parameters: &["Clinic"],
            addons: &[],
        },
        Customer {
            id: 200,
            name: "Stone & Sons Plumbing",
            code: Some("SSP-200"),
            zone: "Europe/London",
            package: "Starter",
            plan: "Starter",
            kind: (false, false, false),
            partner_id: None,
            // No speech: its owner tries speech analytics (/tryspeech) or buys the add-on.
            features: [true, true, false, false, false, true, false, false, false, true],
            logo: None,
            parameters: &[],
            addons: &[],
        },
        Customer {
            id: 300,
            name: "Atlas Insurance Group",
            code: Some("AIG-300"),
            zone: "Europe/Dublin",
            package: "Enterprise",
            plan: "Enterprise",
            kind: (false, false, false),
            partner_id: None,
            features: [true, true, true, false, true, true, true, true, true, false],
            logo: Some(("AI", "#3949ab")),
            parameters: &["Product line"],
            addons: &[],
        },
        Customer {
            id: 400,
            name: "Lacey Motors",
            code: Some("LM-400"),
            zone: "Europe/London",
            package: "Gold 2014",
            plan: "Legacy",
            kind: (false, false, false),
            partner_id: None,
            features: [false, false, false, true, false, true, false, false, false, false],
            logo: Some(("LM", "#6d4c41")),
            parameters: &[],
            addons: &[],
        },
        Customer {
            id: 500,
            name: "Northern Clinics Group",
            code: Some("NCG-500"),
            zone: "Europe/London",
            package: "Professional",
            plan: "Professional",
            kind: (true, false, false),
            partner_id: None,
            features: [true, true, false, false, false, true, false, true, true, false],
            logo: None,
            parameters: &[],
            addons: &[],
        },
        Customer {
            id: 501,
            name: "Northern Clinics - Manchester",
            code: Some("NCG-501"),
            zone: "Europe/London",
            package: "Professional",
            plan: "Professional",
            kind: (false, false, false),
            partner_id: None,
            features: [true, false, false, false, false, true, false, false, false, false],
            logo: None,
            parameters: &[],
            addons: &[],
        },
        Customer {
            id: 502,
            name: "Northern Clinics - Newcastle",
            code: Some("NCG-502"),
            zone: "Europe/London",
            package: "Professional",
            plan: "Professional",
            kind: (false, false, false),
            partner_id: None,
            features: [true, false, false, false, false, true, false, false, false, false],
            logo: None,
            parameters: &[],
            addons: &[],
        },
        Customer {
            id: 503,
            name: "Northern Clinics - Sheffield",
            code: Some("NCG-503"),
            zone: "Europe/London",
            package: "Professional",
            plan: "Professional",
            kind: (false, false, false),
            partner_id: None,
            features: [true, false, false, false, false, true, false, false, false, false],
            logo: None,
            parameters: &[],
            addons: &[],
        },
        Customer {
            id: 600,
            name: "Brightside Marketing",
            code: Some("BSM-600"),
            zone: "Europe/London",
            package: "Professional",
            plan: "Professional",
            kind: (false, true, false),
            partner_id: None,
            features: [true, true, false, false, false, true, false, false, false, true],
            logo: Some(("BM", "#8e24aa")),
            parameters: &[],
            addons: &[],
        },
        Customer {
            id: 601,
            name: "Greenway Garden Centre",
            code: Some("GGC-601"),
            zone: "Europe/London",
            package: "Starter",
            plan: "Starter",
            kind: (false, false, false),
            partner_id: Some(600),
            features: [true, true, false, false, false, true, false, false, false, true],
            logo: None,
            parameters: &[],
            addons: &[],
        },
        Customer {
            id: 602,
            name: "Riverside Veterinary Practice",
            code: Some("RVP-602"),
            zone: "Europe/London",
            package: "Professional",
            plan: "Professional",
            kind: (false, false, false),
            partner_id: Some(600),
            features: [true, true, false, false, false, true, false, false, true, true],
            logo: None,
            parameters: &["Surgery"],
            addons: &[],
        },
        Customer {
            id: 700,
            name: "Quantum Leads Ltd",
            code: Some("QL-700"),
            zone: "Europe/London",
            package: "Professional",
            plan: "Professional",
            kind: (false, false, true),
            partner_id: None,
            // Billing only: its invoices and card are in its portal.
            features: [false, false, false, false, false, true, false, false, false, false],
            logo: Some(("QL", "#00838f")),
            parameters: &[],
            addons: &[],
        },
    ];
    let users = [
        User {
            id: 1,
            email: "owner@demo.test",
            forename: "Olivia",
            surname: "Owen",
            home: 100,
            system_manager: false,
            new_reports: false,
        },
        User {
            id: 2,
            email: "admin@demo.test",
            forename: "Adam",
            surname: "Ashworth",
            home: 100,
            system_manager: false,
            new_reports: false,
        },
        User {
            id: 3,
            email: "user@demo.test",
            forename: "Uma",
            surname: "Upton",
            home: 100,
            system_manager: false,
            new_reports: false,
        },
        User {
            id: 4,
            email: "starter@demo.test",
            forename: "Sam",
            surname: "Stone",
            home: 200,
            system_manager: false,
            new_reports: true,
        },
        User {
            id: 5,
            email: "enterprise@demo.test",
            forename: "Erin",
            surname: "Ellis",
            home: 300,
            system_manager: false,
            new_reports: true,
        },
        User {
            id: 6,
            email: "legacy@demo.test",
            forename: "Len",
            surname: "Lacey",
            home: 400,
            system_manager: false,
            new_reports: false,
        },
        User {
            id: 7,
            email: "group@demo.test",
            forename: "Grace",
            surname: "Gill",
            home: 500,
            system_manager: false,
            new_reports: false,
        },
        User {
            id: 8,
            email: "partner@demo.test",
            forename: "Priya",
            surname: "Patel",
            home: 600,
            system_manager: false,
            new_reports: false,
        },
        User {
            id: 9,
            email: "techpartner@demo.test",
            forename: "Theo",
            surname: "Tran",
            home: 700,
            system_manager: false,
            new_reports: false,
        },
        User {
            id: 10,
            email: "manager@demo.test",
            forename: "Morgan",
            surname: "Marsh",
            home: 100,
            system_manager: true,
            new_reports: false,
        },
        User {
            id: 80,
            email: "starteradmin@demo.test",
            forename: "Sam",
            surname: "Stone",
            home: 200,
            system_manager: false,
            new_reports: false,
        },
    ];
    let access: [Access; 18] = [
        (1, 100, 25, "2", ALL),
        (1, 101, 25, "2", ALL),
        (2, 100, 20, "2", ADMIN),
        (3, 100, 10, "0", REPORTS_AND_NUMBERS),
        (4, 200, 25, "2", ALL),
        (5, 300, 25, "2", ALL),
        (6, 400, 25, "2", ALL),
        (7, 500, 25, "2", ALL),
        // The group's owner reaches its clinics (the switcher and the group's Clinics page).
        (7, 501, 25, "2", ALL),
        (7, 502, 25, "2", ALL),
        (7, 503, 25, "2", ALL),
        (8, 600, 25, "2", ALL),
        (8, 601, 25, "2", ALL),
        (8, 602, 25, "2", ALL),
        (9, 700, 25, "2", ALL),
        (10, 100, 25, "2", ALL),
        (10, 300, 25, "2", ALL),
        (80, 200, 20, "2", ADMIN),
    ];

    // What each plan includes, and the add-ons it sells (the domain's list).
    for (plan, included) in [
        (Plan::Starter, STARTER.to_vec()),
        (Plan::Professional, [STARTER, ADVANCED_ROUTING_SCOPES, PROFESSIONAL_EXTRA].concat()),
        (Plan::Enterprise, [STARTER, ADVANCED_ROUTING_SCOPES, PROFESSIONAL_EXTRA, ENTERPRISE_EXTRA].concat()),
        (Plan::Legacy, [STARTER, LEGACY].concat()),
    ] {
        for (scopes, addon) in [(included, false), (plan_addon_scopes(plan).to_vec(), true)] {
            for scope in scopes {
                sqlx::query("INSERT INTO plan_scopes (plan, scope, addon) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING")
                    .bind(plan.name())
                    .bind(scope)
                    .bind(Flag(addon))
                    .execute(&mut **tx)
                    .await?;
            }
        }
    }
    for c in &customers {
        let f = c.features;
        let partner_flags = c.kind.1;
        let insert = sqlx::query(
            "INSERT INTO customers (id, name, account_code, time_zone, package_name, plan, is_group, is_partner, is_tech_partner,
             partner_id, has_static, has_dynamic, has_outbound, has_old_outbound, has_speech, has_billing, has_real_time,
             has_sales_data, has_conversions, can_purchase_online, reseller_approved, referrer_approved, logo_svg, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)",
        )
        .bind(c.id)
        .bind(c.name)
        .bind(c.code)
        .bind(c.zone)
        .bind(c.package)
        .bind(c.plan)
        .bind(Flag(c.kind.0))
        .bind(Flag(c.kind.1))
        .bind(Flag(c.kind.2))
        .bind(c.partner_id);
        f.into_iter()
            .fold(insert, |insert, flag| insert.bind(Flag(flag)))
            .bind(Flag(partner_flags))
            .bind(Flag(partner_flags))
            .bind(c.logo.map(|(initials, colour)| logo(initials, colour)))
            .bind(now)
            .execute(&mut **tx)
            .await?;
        for (position, name) in c.parameters.iter().enumerate() {
            sqlx::query("INSERT INTO customer_parameters (customer_id, name, position) VALUES ($1, $2, $3)")
                .bind(c.id)
                .bind(name)
                .bind(position as i64)
                .execute(&mut **tx)
                .await?;
        }
        for scope in c.addons {
            sqlx::query("INSERT INTO customer_addons (customer_id, scope) VALUES ($1, $2)")
                .bind(c.id)
                .bind(scope)
                .execute(&mut **tx)
                .await?;
        }
    }
    // Northern Clinics Group's member clinics.
    for clinic in [501, 502, 503] {
        sqlx::query("INSERT INTO group_members (member_id, group_id) VALUES ($1, 500)")
            .bind(clinic)
            .execute(&mut **tx)
            .await?;
    }
    // One hash for every demo login: they share a password, and Argon2 is slow on purpose.
    let hash = hash_password(DEMO_PASSWORD);
    for u in &users {
        sqlx::query(
            "INSERT INTO users (id, email, forename, surname, password_hash, home_customer_id, is_system_manager, show_reports_2023, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(u.id)
        .bind(u.email)
        .bind(u.forename)
        .bind(u.surname)
        .bind(&hash)
        .bind(u.home)
        .bind(Flag(u.system_manager))
        .bind(Flag(u.new_reports))
        .bind(now)
        .execute(&mut **tx)
        .await?;
    }
    for (user, customer, auth, provisioning, p) in access {
        let insert = sqlx::query(
            "INSERT INTO user_access (user_id, customer_id, auth_code, provisioning, perm_reports, perm_billing,
             perm_services_admin, perm_user_admin, perm_purchase, perm_view_edit_users, perm_edit_api, perm_outbound,
             perm_accounts, perm_add_accounts, perm_rewards, perm_voicemail, perm_call_recording)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
        )
        .bind(user)
        .bind(customer)
        .bind(auth)
        .bind(provisioning);
        p.into_iter().fold(insert, |insert, flag| insert.bind(Flag(flag))).execute(&mut **tx).await?;
    }
    users_area::seed(tx, now, &hash).await?;
    // The library first: the numbers' routing points at its plans and audio.
    routing_library::seed(tx, now).await?;
    routing_numbers::seed(tx, now).await?;
    routing_extras::seed(tx).await?;
    routing_ivrs::seed(tx).await?;
    tag_manager::seed(tx, now).await?;
    integrations::seed(tx, now).await?;
    prices::seed(tx, now).await?;
    // Before usage: the partner's clients' numbers get calls too.
    partners::seed(tx, now).await?;
    usage::seed(tx).await?;
    inventory::seed(tx, now).await?;
    billing::seed(tx, now).await
}
