//! A group account's member clinics (`group_members`).

use crate::store::CustomerId;
use domain::reports::group::GROUP_CLINICS_MAX;
use sqlx::AnyPool;

/// The group's member clinics, (id, name) by name, at most `GROUP_CLINICS_MAX`.
pub async fn members(db: &AnyPool, group: CustomerId) -> sqlx::Result<Vec<(CustomerId, String)>> {
    sqlx::query_as(&format!(
        "SELECT c.id, c.name FROM group_members m JOIN customers c ON c.id = m.member_id
         WHERE m.group_id = $1 ORDER BY LOWER(c.name), c.id LIMIT {GROUP_CLINICS_MAX}"
    ))
    .bind(group)
    .fetch_all(db)
    .await
}
