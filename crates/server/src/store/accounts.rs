//! The session and account state (spec/shell-users-integrations.md section 3), derived from
//! stored data: nothing here comes from the browser.

use crate::db::Flag;
use crate::store::CustomerId;
use domain::speech::{transcribes_calls, SPEECH_SCOPE};
use domain::{AccountChoice, AccountState, AuthLevel, NumberFormat, NumberPrefix, Plan, TopBar};
use sqlx::{AnyPool, FromRow};

#[derive(FromRow)]
struct CustomerRow {
    name: String,
    account_code: Option<String>,
    time_zone: String,
    package_name: String,
    plan: String,
    #[sqlx(try_from = "Flag")]
    is_group: bool,
    #[sqlx(try_from = "Flag")]
    is_partner: bool,
    #[sqlx(try_from = "Flag")]
    is_tech_partner: bool,
    #[sqlx(try_from = "Flag")]
    has_static: bool,
    #[sqlx(try_from = "Flag")]
    has_dynamic: bool,
    #[sqlx(try_from = "Flag")]
    has_outbound: bool,
    #[sqlx(try_from = "Flag")]
    has_old_outbound: bool,
    #[sqlx(try_from = "Flag")]
    has_speech: bool,
    #[sqlx(try_from = "Flag")]
    has_billing: bool,
    #[sqlx(try_from = "Flag")]
    has_real_time: bool,
    #[sqlx(try_from = "Flag")]
    has_sales_data: bool,
    #[sqlx(try_from = "Flag")]
    has_conversions: bool,
    #[sqlx(try_from = "Flag")]
    can_purchase_online: bool,
    #[sqlx(try_from = "Flag")]
    has_logo: bool,
    top_bar_background: String,
    top_bar_text: String,
    country_code: i64,
    number_prefix: String,
}

#[derive(FromRow)]
struct UserRow {
    forename: String,
    surname: String,
    email: String,
    #[sqlx(try_from = "Flag")]
    is_system_manager: bool,
    #[sqlx(try_from = "Flag")]
    show_reports_2023: bool,
    #[sqlx(try_from = "Flag")]
    home_is_partner: bool,
    #[sqlx(try_from = "Flag")]
    home_reseller_approved: bool,
    #[sqlx(try_from = "Flag")]
    home_referrer_approved: bool,
    #[sqlx(try_from = "Flag")]
    has_new_outbound: bool,
    home_customer_id: i64,
}

#[derive(FromRow)]
struct AccessRow {
    auth_code: i64,
    provisioning: String,
    #[sqlx(try_from = "Flag")]
    perm_reports: bool,
    #[sqlx(try_from = "Flag")]
    perm_billing: bool,
    #[sqlx(try_from = "Flag")]
    perm_services_admin: bool,
    #[sqlx(try_from = "Flag")]
    perm_user_admin: bool,
    #[sqlx(try_from = "Flag")]
    perm_purchase: bool,
    #[sqlx(try_from = "Flag")]
    perm_view_edit_users: bool,
    #[sqlx(try_from = "Flag")]
    perm_edit_api: bool,
    #[sqlx(try_from = "Flag")]
    perm_outbound: bool,
    #[sqlx(try_from = "Flag")]
    perm_accounts: bool,
    #[sqlx(try_from = "Flag")]
    perm_add_accounts: bool,
    #[sqlx(try_from = "Flag")]
    perm_rewards: bool,
}

/// The customer's name if this user has access to it.
pub async fn accessible_customer(db: &AnyPool, user_id: i64, customer_id: CustomerId) -> sqlx::Result<Option<String>> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT c.name FROM user_access a JOIN customers c ON c.id = a.customer_id WHERE a.user_id = $1 AND a.customer_id = $2",
    )
    .bind(user_id)
    .bind(customer_id)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(name,)| name))
}

/// The state for a user on a customer at `now`, or None if the user has no access to it.
pub async fn load_state(
    db: &AnyPool,
    user_id: i64,
    customer_id: CustomerId,
    product_name: &str,
    now: i64,
) -> sqlx::Result<Option<AccountState>> {
    Ok(load_state_until(db, user_id, customer_id, product_name, now).await?.map(|(state, _)| state))
}

/// `load_state`, with the instant from which the same data may give another state (a speech
/// trial's end), if any: a state kept for later use is good until then.
pub async fn load_state_until(
    db: &AnyPool,
    user_id: i64,
    customer_id: CustomerId,
    product_name: &str,
    now: i64,
) -> sqlx::Result<Option<(AccountState, Option<i64>)>> {
    let access: Option<AccessRow> = sqlx::query_as(
        "SELECT auth_code, provisioning, perm_reports, perm_billing, perm_services_admin, perm_user_admin, perm_purchase,
                perm_view_edit_users, perm_edit_api, perm_outbound, perm_accounts, perm_add_accounts, perm_rewards
         FROM user_access WHERE user_id = $1 AND customer_id = $2",
    )
    .bind(user_id)
    .bind(customer_id)
    .fetch_optional(db)
    .await?;
    let Some(a) = access else { return Ok(None) };
    let c: CustomerRow = sqlx::query_as(
        "SELECT name, account_code, time_zone, package_name, plan, is_group, is_partner, is_tech_partner, has_static,
                has_dynamic, has_outbound, has_old_outbound, has_speech, has_billing, has_real_time, has_sales_data,
                has_conversions, can_purchase_online, logo_svg IS NOT NULL AS has_logo, top_bar_background, top_bar_text,
                country_code, number_prefix
         FROM customers WHERE id = $1",
    )
    .bind(customer_id)
    .fetch_one(db)
    .await?;
    let u: UserRow = sqlx::query_as(
        "SELECT u.forename, u.surname, u.email, u.is_system_manager, u.show_reports_2023,
                h.is_partner AS home_is_partner, h.reseller_approved AS home_reseller_approved,
                h.referrer_approved AS home_referrer_approved, u.has_new_outbound, u.home_customer_id
         FROM users u JOIN customers h ON h.id = u.home_customer_id WHERE u.id = $1",
    )
    .bind(user_id)
    .fetch_one(db)
    .await?;
    let (mut package_scopes, addon_scopes, next_package_scopes) = scopes(db, customer_id, &c.plan).await?;
    // A speech analytics trial gives the add-on's scope while it runs, and for good once it has
    // converted (the billing run then adds the add-on itself). The add-on stays on sale meanwhile
    // (?scope=report_voice_tags buys it to keep after a cancelled trial); the menu shows no chip
    // for a scope the package has.
    let trial = super::speech_trials::of_customer(db, customer_id).await?;
    let valid_until = trial.as_ref().map(|t| t.ends_at).filter(|&end| now < end);
    if trial.is_some_and(|t| t.grants_speech(now)) && !package_scopes.iter().any(|s| s == SPEECH_SCOPE) {
        package_scopes.push(SPEECH_SCOPE.to_string());
        package_scopes.sort();
    }
    // Speech (hasSpeech): the customer's flag, or speech analytics in its package or add-ons.
    let has_speech = transcribes_calls(c.has_speech, &package_scopes);
    let parameters: Vec<(String,)> =
        sqlx::query_as("SELECT name FROM customer_parameters WHERE customer_id = $1 ORDER BY position")
            .bind(customer_id)
            .fetch_all(db)
            .await?;
    let accounts: Vec<(i64, String)> = sqlx::query_as(
        "SELECT c.id, c.name FROM user_access a JOIN customers c ON c.id = a.customer_id WHERE a.user_id = $1 ORDER BY c.name",
    )
    .bind(user_id)
    .fetch_all(db)
    .await?;

    // The account owner a user asks for access (the unauthorised page): the longest-standing one.
    let owner: Option<(String, String)> = sqlx::query_as(
        "SELECT u.forename, u.surname FROM user_access a JOIN users u ON u.id = a.user_id
         WHERE a.customer_id = $1 AND a.auth_code = $2 ORDER BY u.id LIMIT 1",
    )
    .bind(customer_id)
    .bind(i64::from(AuthLevel::ACCOUNT_OWNER))
    .fetch_optional(db)
    .await?;
    let account_owner_name = owner
        .map(|(forename, surname)| format!("{forename} {surname}").trim().to_string())
        .filter(|name| !name.is_empty());

    let splash_screen = super::splash_screens::pending(db, customer_id, user_id).await?;
    // A partner's branding shows in its portal and in its clients' admin area.
    let brand = super::branding::for_customer(db, customer_id).await?;
    let own_logo = c.has_logo.then(|| format!("/logos/{customer_id}.svg"));
    let (logo_url, favicon_url, top_bar) = match brand {
        Some(b) => (
            if b.has_logo != 0 { Some(format!("/logos/{customer_id}.png?v={}", b.updated_at)) } else { own_logo },
            (b.has_favicon != 0).then(|| format!("/logos/{customer_id}-favicon.png?v={}", b.updated_at)),
            TopBar { background: b.top_bar_background, text: b.top_bar_text },
        ),
        None => (own_logo, None, TopBar { background: c.top_bar_background, text: c.top_bar_text }),
    };

    let auth = a.auth_code as u8;
    let is_administrator = auth >= AuthLevel::ADMINISTRATOR;
    let can_purchase = a.perm_purchase && !c.is_group;
    let state = AccountState {
        user_id,
        user_forename: u.forename,
        user_surname: u.surname,
        user_email: u.email,
        customer_id: customer_id.get(),
        customer_name: c.name,
        customer_time_zone: c.time_zone,
        account_code: c.account_code,
        package_name: c.package_name,
        user_auth_code: auth,
        account_owner_name,
        logo_url,
        favicon_url,
        top_bar,
        package_scopes,
        addon_scopes,
        next_package_scopes,
        parameters: parameters.into_iter().map(|(n,)| n).collect(),
        splash_screen,
        number_format: NumberFormat { country_code: c.country_code as u16, prefix: prefix(&c.number_prefix) },
        accounts: accounts
            .into_iter()
            .map(|(customer_id, customer_name)| AccountChoice { customer_id, customer_name })
            .collect(),
        product_name: product_name.to_string(),
        // The installation's, set where the state is kept (http::kit::account_user).
        live_chat_url: String::new(),
        is_partner: c.is_partner,
        is_user_on_partner: u.home_is_partner,
        is_tech_partner: c.is_tech_partner,
        tech_partner_reports_login: false,
        is_user_admin: a.perm_user_admin,
        is_administrator,
        is_system_manager: u.is_system_manager,
        is_group_account: c.is_group,
        is_legacy_package: c.plan == "Legacy",
        has_static: c.has_static,
        has_dynamic: c.has_dynamic,
        has_outbound: c.has_outbound,
        has_old_outbound: c.has_old_outbound,
        has_speech,
        has_billing: c.has_billing && a.perm_billing,
        has_real_time: c.has_real_time,
        can_purchase,
        customer_can_purchase_online: c.can_purchase_online,
        purchase_permission_flag: a.perm_purchase,
        can_provision: a.provisioning == "2",
        can_view_admin_menu: is_administrator
            || a.perm_services_admin
            || a.perm_user_admin
            || a.perm_billing
            || a.perm_purchase
            || a.perm_view_edit_users
            || a.perm_edit_api
            || a.perm_outbound,
        can_access_reports: a.perm_reports,
        can_access_billing: a.perm_billing,
        can_access_outbound: a.perm_outbound,
        is_outbound_agent: u.has_new_outbound && u.home_customer_id == customer_id.get(),
        can_access_sales_data: c.has_sales_data && a.perm_reports,
        can_access_api: a.perm_edit_api,
        can_edit_users: a.perm_view_edit_users,
        can_edit_numbers_campaigns: a.perm_services_admin,
        has_access_to_conversions: c.has_conversions,
        show_reports2023: u.show_reports_2023,
        user_can_create_partner_accounts: c.is_partner && a.perm_add_accounts,
        partner_reseller_approved_flag: u.home_is_partner && u.home_reseller_approved,
        partner_referrer_approved_flag: u.home_is_partner && u.home_referrer_approved,
        can_access_partner_accounts: u.home_is_partner && a.perm_accounts,
        can_access_partner_rewards: u.home_is_partner && a.perm_rewards,
        can_add_partner_accounts: u.home_is_partner && a.perm_add_accounts,
        can_access_partner_billing: u.home_is_partner && a.perm_billing,
        can_view_partner_accounts: u.home_is_partner && a.perm_accounts,
    };
    Ok(Some((state, valid_until)))
}

/// (package scopes, add-on scopes on sale, scopes the next plan adds).
async fn scopes(
    db: &AnyPool,
    customer_id: CustomerId,
    plan: &str,
) -> sqlx::Result<(Vec<String>, Vec<String>, Vec<String>)> {
    let package: Vec<(String,)> = sqlx::query_as(
        "SELECT scope FROM plan_scopes WHERE plan = $1 AND addon = 0
         UNION SELECT scope FROM customer_addons WHERE customer_id = $2 ORDER BY 1",
    )
    .bind(plan)
    .bind(customer_id)
    .fetch_all(db)
    .await?;
    let package: Vec<String> = package.into_iter().map(|(s,)| s).collect();
    let addons: Vec<(String,)> =
        sqlx::query_as("SELECT scope FROM plan_scopes WHERE plan = $1 AND addon = 1 ORDER BY scope")
            .bind(plan)
            .fetch_all(db)
            .await?;
    let addons = addons.into_iter().map(|(s,)| s).filter(|s| !package.contains(s)).collect();
    let next: Vec<(String,)> =
        sqlx::query_as("SELECT scope FROM plan_scopes WHERE plan = $1 AND addon = 0 ORDER BY scope")
            .bind(Plan::from_package_name(plan).next().map_or("", Plan::name))
            .fetch_all(db)
            .await?;
    let next = next.into_iter().map(|(s,)| s).filter(|s| !package.contains(s)).collect();
    Ok((package, addons, next))
}

fn prefix(stored: &str) -> NumberPrefix {
    match stored {
        "none" => NumberPrefix::None,
        "doubleZero" => NumberPrefix::DoubleZero,
        "plus" => NumberPrefix::Plus,
        _ => NumberPrefix::Zero,
    }
}

pub async fn logo_svg(db: &AnyPool, customer_id: CustomerId) -> sqlx::Result<Option<String>> {
    let row: Option<(Option<String>,)> =
        sqlx::query_as("SELECT logo_svg FROM customers WHERE id = $1").bind(customer_id).fetch_optional(db).await?;
    Ok(row.and_then(|(svg,)| svg))
}
