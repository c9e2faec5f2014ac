//! Demo IVR menus, after the other routing seeds whose audio, destination plans,
//! voicemails and categories the keys point at (found by description; a menu whose targets
//! are missing is skipped).
//!
//! Harbour Lane Dental (100): "Main menu" (1 reception, 2 the "Billing menu" child, 3 a
//! voicemail, 4 hear the options again; default 1, repeat twice), "Billing menu" (1 the
//! managers, 2 back to the main menu) and "Out of hours menu" (hang up after the audio), with
//! 3 IVR credits so one more needs the multi-level IVR terms; a service plan "Menu in office
//! hours" playing the main menu in office hours, used by a few numbers and a pool. Atlas
//! Insurance (300): "Claims menu". Every menu passes the domain's rules before it is stored.

use crate::store::CustomerId;
use domain::routing::ivr::{add_key, set_key_type, set_repeat_key, validate_ivr, IvrForm, KeyType, NO_REPEAT};
use domain::routing::{
    set_row_type, validate_service_plan, working_hours_rows, RowType, ServicePlanForm, TimeRow, WorkingHours,
};
use sqlx::{Any, Transaction};

use crate::store::ivrs::{self, MULTI_LEVEL_IVR_SERVICE};
use crate::store::service_plans::{self, PlanTime};

type Tx<'a, 'b> = &'a mut Transaction<'b, Any>;

/// The multi-level IVR price: £5.00 a month per IVR past the credits.
const PRICE_PENCE: i64 = 500;

pub async fn seed(tx: Tx<'_, '_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO services (product_code, service_type, name, price_pence, billing_frequency, minimum_term)
         VALUES ($1, 'routing', 'Multi-level IVR', $2, '1', 1) ON CONFLICT DO NOTHING",
    )
    .bind(MULTI_LEVEL_IVR_SERVICE)
    .bind(PRICE_PENCE)
    .execute(&mut **tx)
    .await?;
    seed_dental(tx).await?;
    seed_insurance(tx).await
}

/// The id of the customer's row of `table` with this description, or 0.
async fn find(tx: Tx<'_, '_>, table: &'static str, customer: CustomerId, description: &str) -> sqlx::Result<i64> {
    let row: Option<(i64,)> = sqlx::query_as(&format!(
        "SELECT id FROM {table} WHERE customer_id = $1 AND description = $2 ORDER BY id LIMIT 1"
    ))
    .bind(customer)
    .bind(description)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(row.map_or(0, |(id,)| id))
}

/// A key: description, type, target id (0 for the repeat key).
type Key<'a> = (&'a str, KeyType, i64);

/// A menu built as the dialog builds it: keys added in turn, each given its type and target.
fn menu(description: &str, intro: i64, keys: &[Key<'_>], repeat_audio: &str) -> IvrForm {
    let mut form = IvrForm {
        description: description.into(),
        intro_audio: intro,
        log_keys: true,
        repeat_key: NO_REPEAT.into(),
        repeat_audio: repeat_audio.into(),
        ..IvrForm::default()
    };
    for (i, &(key_description, key_type, target)) in keys.iter().enumerate() {
        form = set_key_type(add_key(form), i, key_type);
        let option = &mut form.options[i];
        option.description = key_description.into();
        match key_type {
            KeyType::Routing => option.destination_id = target,
            KeyType::Ivr => option.ivr_id = target,
            KeyType::Voicemail => option.voicemail_id = target,
        }
    }
    form
}

/// Stores the menus (id, form) when every one passes the domain's rules.
async fn insert_menus(tx: Tx<'_, '_>, customer: CustomerId, menus: &[(i64, IvrForm)]) -> sqlx::Result<bool> {
    for (id, form) in menus {
        let taken: Vec<String> =
            menus.iter().filter(|(other, _)| other != id).map(|(_, f)| f.description.clone()).collect();
        if let Err(errors) = validate_ivr(form, &taken) {
            tracing::warn!(description = form.description, ?errors, "demo IVR skipped: not valid");
            return Ok(false);
        }
    }
    for (id, form) in menus {
        sqlx::query("INSERT INTO ivrs (id, customer_id, description) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(customer)
            .bind(&form.description)
            .execute(&mut **tx)
            .await?;
        ivrs::update(tx, customer, *id, form).await?;
        ivrs::replace_keys(tx, *id, &form.options).await?;
    }
    Ok(true)
}

async fn seed_dental(tx: Tx<'_, '_>) -> sqlx::Result<()> {
    const CUSTOMER: CustomerId = CustomerId::new(100);
    const MAIN: i64 = 1;
    const BILLING: i64 = 2;
    const CLOSED: i64 = 3;
    let welcome = find(tx, "audios", CUSTOMER, "Welcome message").await?;
    let thanks = find(tx, "audios", CUSTOMER, "Thank you for calling").await?;
    let out_of_hours_audio = find(tx, "audios", CUSTOMER, "Out of hours message").await?;
    let reception = find(tx, "destination_plans", CUSTOMER, "Reception").await?;
    let managers = find(tx, "destination_plans", CUSTOMER, "Managers (multi dial)").await?;
    let out_of_hours = find(tx, "destination_plans", CUSTOMER, "Out of hours").await?;
    let voicemail = find(tx, "voicemails", CUSTOMER, "Reception").await?;
    let billing_category = find(tx, "call_categories", CUSTOMER, "Billing question").await?;

    let mut main = menu(
        "Main menu",
        welcome,
        &[
            ("Reception", KeyType::Routing, reception),
            ("Billing and payments", KeyType::Ivr, BILLING),
            ("Leave a message", KeyType::Voicemail, voicemail),
            ("Hear these options again", KeyType::Routing, 0),
        ],
        "2",
    );
    main = set_repeat_key(main, "4");
    main.default_key = "1".into();
    let mut billing = menu(
        "Billing menu",
        thanks,
        &[("Accounts and payments", KeyType::Routing, managers), ("Back to the main menu", KeyType::Ivr, MAIN)],
        "1",
    );
    billing.is_child = true;
    billing.default_key = "1".into();
    billing.options[0].category_id = billing_category;
    let closed = IvrForm { has_dead_end: true, ..menu("Out of hours menu", out_of_hours_audio, &[], "0") };
    if !insert_menus(tx, CUSTOMER, &[(MAIN, main), (BILLING, billing), (CLOSED, closed)]).await? {
        return Ok(());
    }
    sqlx::query("UPDATE customers SET ivr_credits = 3 WHERE id = $1").bind(CUSTOMER).execute(&mut **tx).await?;

    // Office hours play the main menu; the rest of the week goes to the out-of-hours plan.
    let rows = working_hours_rows(&WorkingHours {
        days: (1..=5).collect(),
        start_hour: 8,
        start_minute: 30,
        end_hour: 17,
        end_minute: 30,
        open_routing: reception,
        closed_routing: out_of_hours,
    })
    .unwrap_or_default();
    let rows: Vec<TimeRow> = rows
        .into_iter()
        .map(
            |row| if row.routing == reception { set_row_type(TimeRow { ivr: MAIN, ..row }, RowType::Ivr) } else { row },
        )
        .collect();
    let plan = ServicePlanForm { description: "Menu in office hours".into(), rows, exceptions: vec![] };
    let taken: Vec<(String,)> = sqlx::query_as("SELECT description FROM service_plans WHERE customer_id = $1")
        .bind(CUSTOMER)
        .fetch_all(&mut **tx)
        .await?;
    let taken: Vec<String> = taken.into_iter().map(|(d,)| d).collect();
    if let Err(errors) = validate_service_plan(&plan, &taken) {
        tracing::warn!(?errors, "demo IVR service plan skipped: not valid");
        return Ok(());
    }
    let plan_id = service_plans::insert(tx, CUSTOMER, &plan.description).await?;
    let times: Vec<PlanTime> = plan.rows.iter().map(PlanTime::from_row).collect();
    service_plans::replace_times(tx, plan_id, &times).await?;
    sqlx::query(
        "UPDATE routing_entries SET service_plan_id = $1 WHERE customer_id = $2 AND destination = ''
         AND ((kind = 'static' AND description IN ('Website header', 'Website contact page', 'Reception window',
               'Google Maps')) OR (kind = 'dynamic' AND pool_name = 'Website - Direct'))",
    )
    .bind(plan_id)
    .bind(CUSTOMER)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

async fn seed_insurance(tx: Tx<'_, '_>) -> sqlx::Result<()> {
    const CUSTOMER: CustomerId = CustomerId::new(300);
    let welcome = find(tx, "audios", CUSTOMER, "Atlas welcome").await?;
    let head_office = find(tx, "destination_plans", CUSTOMER, "Head office").await?;
    let claims = find(tx, "voicemails", CUSTOMER, "Claims").await?;
    let mut form = menu(
        "Claims menu",
        welcome,
        &[("Make a claim", KeyType::Routing, head_office), ("Leave a message", KeyType::Voicemail, claims)],
        "1",
    );
    form.default_key = "1".into();
    insert_menus(tx, CUSTOMER, &[(101, form)]).await?;
    Ok(())
}
