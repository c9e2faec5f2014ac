//! The reports dashboard's aggregates: the account's inbound calls of a period,
//! counted in SQL by local day and line (source, campaign or number), and the period before's
//! totals.

use crate::store::call_credit::{Breakdown, COUNTED};
use crate::store::CustomerId;
use domain::reports::DayBuckets;
use sqlx::AnyPool;

/// The calls of one local day on one line (a source / medium, a campaign, a number or pool).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct DayLineCount {
    /// Days since 1970-01-01 in the account's zone.
    pub day: i64,
    /// The line's id; None for calls without one.
    pub line: Option<i64>,
    pub calls: i64,
    pub answered: i64,
    pub first_time: i64,
    /// Seconds of talk on answered calls.
    pub talk_seconds: i64,
}

/// A period's figures added up.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct Totals {
    pub calls: i64,
    pub answered: i64,
    pub first_time: i64,
    pub talk_seconds: i64,
}

impl std::ops::Add for Totals {
    type Output = Totals;

    /// Two periods' or two clinics' figures together.
    fn add(self, other: Totals) -> Totals {
        Totals {
            calls: self.calls + other.calls,
            answered: self.answered + other.answered,
            first_time: self.first_time + other.first_time,
            talk_seconds: self.talk_seconds + other.talk_seconds,
        }
    }
}

const FIGURES: &str = "CAST(COUNT(*) AS BIGINT) AS calls,
    CAST(COALESCE(SUM(CASE WHEN c.outcome = 'answered' THEN 1 ELSE 0 END), 0) AS BIGINT) AS answered,
    CAST(COALESCE(SUM(c.first_time), 0) AS BIGINT) AS first_time,
    CAST(COALESCE(SUM(CASE WHEN c.outcome = 'answered' THEN c.talk_seconds ELSE 0 END), 0) AS BIGINT) AS talk_seconds";

/// The local day of `c.started_at` as days since 1970: the wall-clock time (the instant plus the
/// offset in force) divided by a day. The offsets are the domain's numbers, never the browser's.
fn local_day_sql(buckets: &DayBuckets) -> String {
    let offset = match buckets.offsets.as_slice() {
        [] => "0".to_string(),
        [(_, seconds)] => seconds.to_string(),
        [spans @ .., (_, last)] => {
            let mut case = String::from("CASE");
            for (i, (_, seconds)) in spans.iter().enumerate() {
                let until = buckets.offsets[i + 1].0;
                case.push_str(&format!(" WHEN c.started_at < {until} THEN {seconds}"));
            }
            format!("{case} ELSE {last} END")
        }
    };
    format!("CAST((c.started_at + {offset}) / 86400 AS BIGINT)")
}

/// The calls of [start, end) by local day and line: the source or campaign they are credited
/// to (`store::call_credit`: a call-back's is its missed call's), or the number they came to.
pub async fn by_day_and_line(
    db: &AnyPool,
    customer: CustomerId,
    by: Breakdown,
    (start, end): (i64, i64),
    buckets: &DayBuckets,
) -> sqlx::Result<Vec<DayLineCount>> {
    let sql = format!(
        "SELECT {day} AS day, {line} AS line, {FIGURES}
         FROM calls c WHERE {COUNTED}
         GROUP BY {day}, {line}",
        day = local_day_sql(buckets),
        line = by.call_column()
    );
    sqlx::query_as(&sql).bind(customer).bind(start).bind(end).fetch_all(db).await
}

/// The totals of [start, end).
pub async fn totals(db: &AnyPool, customer: CustomerId, (start, end): (i64, i64)) -> sqlx::Result<Totals> {
    let sql = format!("SELECT {FIGURES} FROM calls c WHERE {COUNTED}");
    sqlx::query_as(&sql).bind(customer).bind(start).bind(end).fetch_one(db).await
}
