//! IVRs: the library a flow is drawn from, the service plans an IVR is reached from, and the
//! multi-level IVR credits charged when a save (a new IVR, a copy with its children) goes past
//! them.

use crate::store::CustomerId;
use domain::routing::ivr::{bought_ivrs, ivr_credits, service_plan_flow, IvrCredits, Library};
use domain::routing::{RowType, TimeRow};
use sqlx::{Any, AnyConnection, Transaction};

use crate::http::kit::error::AppError;
use crate::store::ivrs::{self, Charge};
use crate::store::service_plans;

/// The customer's IVRs, destination plans and voicemails, as the flow rules read them.
pub async fn library(conn: &mut AnyConnection, customer: CustomerId) -> Result<Library, AppError> {
    Ok(Library {
        ivrs: ivrs::all(&mut *conn, customer).await?,
        destination_plans: ivrs::destination_plans(&mut *conn, customer).await?,
        voicemails: ivrs::voicemails(&mut *conn, customer).await?,
    })
}

/// For every IVR the customer's service plans reach (directly or through other IVRs), those
/// plans: (IVR id, plan id) pairs, each plan's flow drawn once.
pub async fn plans_reaching_each(
    conn: &mut AnyConnection,
    customer: CustomerId,
    library: &Library,
) -> Result<Vec<(i64, i64)>, AppError> {
    let mut pairs = vec![];
    for (plan, rows) in service_plans::all_times(&mut *conn, customer).await? {
        let rows: Vec<TimeRow> = rows.iter().map(|t| t.to_row()).collect();
        if !rows.iter().any(|r| r.plan_type == RowType::Ivr) {
            continue;
        }
        for node in service_plan_flow(&rows, library).nodes {
            if let Some(ivr) = node.id.strip_prefix("ivr-").and_then(|id| id.parse::<i64>().ok()) {
                if !pairs.contains(&(ivr, plan)) {
                    pairs.push((ivr, plan));
                }
            }
        }
    }
    Ok(pairs)
}

/// The customer's service plans whose flow reaches the IVR, directly or through other IVRs.
pub async fn plans_reaching(
    conn: &mut AnyConnection,
    customer: CustomerId,
    ivr_id: i64,
    library: &Library,
) -> Result<Vec<i64>, AppError> {
    let node = format!("ivr-{ivr_id}");
    let mut reaching = vec![];
    for (plan, rows) in service_plans::all_times(&mut *conn, customer).await? {
        let rows: Vec<TimeRow> = rows.iter().map(|t| t.to_row()).collect();
        if rows.iter().any(|r| r.plan_type == RowType::Ivr)
            && service_plan_flow(&rows, library).nodes.iter().any(|n| n.id == node)
        {
            reaching.push(plan);
        }
    }
    Ok(reaching)
}

/// The customer's service plans reaching the IVR, read from the stored routing (what a save or
/// a rollback of the IVR provisions again).
pub async fn plans_using(conn: &mut AnyConnection, customer: CustomerId, ivr_id: i64) -> Result<Vec<i64>, AppError> {
    let library = library(&mut *conn, customer).await?;
    plans_reaching(&mut *conn, customer, ivr_id, &library).await
}

/// What adding IVRs costs: nothing, the terms first, or the last `extra` bought at the price.
pub enum Credits {
    Enough,
    TermsNeeded,
    Charge { extra: i64, price_pence: i64, frequency: String },
}

/// Whether `adding` more IVRs fit the customer's credits (the domain's rule); past them, the
/// terms, then the multi-level price.
pub async fn credits_for(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    adding: i64,
    accepted: bool,
) -> Result<Credits, AppError> {
    let (used, owned) = ivrs::usage(tx, customer).await?;
    match ivr_credits(used, owned, adding, accepted) {
        IvrCredits::Enough => Ok(Credits::Enough),
        IvrCredits::TermsNeeded => Ok(Credits::TermsNeeded),
        IvrCredits::Buy { extra } => {
            let (price_pence, frequency) = ivrs::multi_level_price(tx)
                .await?
                .ok_or_else(|| AppError::Internal("no multi_level_ivr row in services".into()))?;
            Ok(Credits::Charge { extra, price_pence, frequency })
        }
    }
}

/// Records the charges of `credits` for the new IVRs `ids` bought, accepted by `user_id`.
pub async fn charge(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    user_id: i64,
    credits: &Credits,
    ids: &[i64],
    now: i64,
) -> Result<(), AppError> {
    if let Credits::Charge { extra, price_pence, frequency } = credits {
        for &ivr_id in bought_ivrs(ids, *extra) {
            let charge =
                Charge { ivr_id, price_pence: *price_pence, frequency, accepted_by: user_id, accepted_at: now };
            ivrs::record_charge(tx, customer, &charge).await?;
        }
    }
    Ok(())
}
