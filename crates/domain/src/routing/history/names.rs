//! The names the explainer puts in its sentences: for each list a record can point at, the
//! records by id. An id no longer in its list is named as deleted, so old history still reads.

use serde::{Deserialize, Serialize};

use crate::routing::ivr::Named;

/// Id → description lookups. Lists the caller does not send read as empty.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "HistoryNames"))]
pub struct Names {
    pub service_plans: Vec<Named>,
    pub destination_plans: Vec<Named>,
    pub ivrs: Vec<Named>,
    pub voicemails: Vec<Named>,
    pub queues: Vec<Named>,
    pub audios: Vec<Named>,
    pub destination_numbers: Vec<Named>,
    pub categories: Vec<Named>,
    pub report_groups: Vec<Named>,
    pub secondary_report_groups: Vec<Named>,
    pub in_call_attributions: Vec<Named>,
    pub dynamic_whispers: Vec<Named>,
    pub dtmf_plans: Vec<Named>,
    pub dtmf_ivrs: Vec<Named>,
    /// The traffic sources a dynamic whisper speaks for, as "source / medium".
    pub sources_mediums: Vec<Named>,
}

/// The quoted description of `id` in `list`: `'Reception'`; `none` for 0 (nothing chosen);
/// `'#12 (deleted)'` when the id is not in the list.
pub fn quoted(list: &[Named], id: i64) -> String {
    if id == 0 {
        return "none".to_string();
    }
    match list.iter().find(|n| n.id == id) {
        Some(named) => format!("'{}'", named.description),
        None => format!("'#{id} (deleted)'"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_known_id_reads_as_its_quoted_description() {
        let names = Names { queues: vec![Named { id: 4, description: "Sales".into() }], ..Default::default() };
        assert_eq!(quoted(&names.queues, 4), "'Sales'");
    }

    #[test]
    fn a_missing_id_reads_as_deleted_and_zero_as_none() {
        assert_eq!(quoted(&[], 12), "'#12 (deleted)'");
        assert_eq!(quoted(&[], 0), "none");
    }
}
