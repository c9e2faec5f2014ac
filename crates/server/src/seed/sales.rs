//! The demo's sales: Harbour Lane Dental (with Track Sales) sold treatments to some of
//! the callers of its answered calls of the last 120 days, a few days after the call, and a few
//! sales came from people who never called. Each is stored as a real one is: matched and credited
//! by the domain under the account's settings (a call-back's sale goes to its missed call's source).

use crate::store::CustomerId;
use domain::sales::MatchSettings;
use sqlx::AnyPool;

use crate::store::sales::{insert, NewSale};

const CUSTOMER: CustomerId = CustomerId::new(100);
const DAY: i64 = 24 * 60 * 60;
const TREATMENTS: [&str; 4] = ["IMP", "WHT", "CHK", "ORT"];

pub async fn seed(db: &AnyPool, now: i64) -> sqlx::Result<()> {
    let calls: Vec<(i64, String, i64)> = sqlx::query_as(
        "SELECT id, caller_number, started_at FROM calls WHERE customer_id = $1 AND direction = 'inbound'
           AND caller_number <> '' AND talk_seconds >= 60 AND started_at >= $2 ORDER BY id",
    )
    .bind(CUSTOMER)
    .bind(now - 120 * DAY)
    .fetch_all(db)
    .await?;
    let settings = MatchSettings::default();
    let mut tx = db.begin().await?;
    for (id, caller, started_at) in calls.into_iter().filter(|(id, ..)| id % 7 == 0) {
        let sold_at = started_at + (1 + id % 9) * DAY;
        if sold_at >= now {
            continue;
        }
        let sale = NewSale {
            sold_at,
            phone: caller,
            reference: format!("HLD-{}-{id}", TREATMENTS[(id % 4) as usize]),
            value_pence: (60 + (id * 37) % 2_400) * 100 + id % 100,
            given_call_id: None,
            import_id: None,
        };
        insert(&mut tx, CUSTOMER, &sale, &settings, sold_at).await?;
    }
    // Walk-ins: no call to match.
    for n in 0..8_i64 {
        let sale = NewSale {
            sold_at: now - (3 + n * 11) * DAY,
            phone: format!("07700900{:03}", 900 + n),
            reference: format!("HLD-WALKIN-{n}"),
            value_pence: (90 + n * 45) * 100,
            given_call_id: None,
            import_id: None,
        };
        insert(&mut tx, CUSTOMER, &sale, &settings, sale.sold_at).await?;
    }
    tx.commit().await
}
