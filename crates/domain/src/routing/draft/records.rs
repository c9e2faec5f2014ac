//! The records a draft holds: each with the live state it was drafted from (its base) and the
//! state the draft gives it. A save while a draft is open joins the draft instead of going
//! live; a record brought back to its base leaves it. Publishing needs every record's live
//! state to still be its base: otherwise someone (another admin, a rollback, a released
//! number) changed it live since, and the draft must be brought up to date first.

use serde::{Deserialize, Serialize};

use crate::routing::history::{explain_change, Names, RecordKey, RecordKind, RoutingRecord};

/// The banner every routing editor shows while the account has a draft open.
pub const DRAFT_BANNER: &str =
    "You are editing a draft. Calls keep the published routing until the draft is published.";

/// The most records one draft may change.
pub const MAX_DRAFT_RECORDS: usize = 1000;

pub const DRAFT_FULL: &str = "A draft holds at most 1,000 changed records: publish or discard it first.";

pub const NO_DRAFT: &str = "This account has no draft open.";

pub const DRAFT_IN_FORCE: &str = "This account already has a draft open.";

pub const NOTHING_TO_PUBLISH: &str = "The draft changes nothing yet.";

pub const PUBLISH_CONFLICT: &str = "Live routing changed since the draft began: bring the draft up to date first.";

/// Whether a save of this kind joins an open draft. The audio library and the categories and
/// report groups a call is filed under are saved at once: they change no call's way until a
/// routing record uses them, and that record is drafted.
pub fn drafted(kind: RecordKind) -> bool {
    !matches!(
        kind,
        RecordKind::Audio | RecordKind::Category | RecordKind::ReportGroup | RecordKind::SecondaryReportGroup
    )
}

/// One record the draft changes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DraftRecord {
    pub key: RecordKey,
    /// Its live state when it joined the draft (None: the draft creates it).
    pub base: Option<RoutingRecord>,
    /// Its state in the draft (None: the draft removes it).
    pub state: Option<RoutingRecord>,
    /// Who changed it last in the draft.
    pub user_id: i64,
    pub user_name: String,
}

impl DraftRecord {
    /// What people call it: its name in the draft, else live.
    pub fn name(&self) -> &str {
        self.state.as_ref().or(self.base.as_ref()).map_or("", |r| r.name())
    }
}

/// What a save does to the draft's record for `key`.
#[derive(Debug, Clone, PartialEq)]
pub enum DraftChange {
    /// The record joins the draft, or its draft state changes.
    Put(Box<DraftRecord>),
    /// The record is back as it is live: it leaves the draft.
    Remove(RecordKey),
    /// Nothing changed.
    Nothing,
}

/// A save of `key` while a draft is open: `held` is the draft's record for it (if any), `before`
/// and `after` the record as the save found and left it (the draft's view). The draft keeps the
/// base it first had, so publishing can tell what changed live since.
pub fn join_draft(
    held: Option<&DraftRecord>,
    key: RecordKey,
    before: Option<RoutingRecord>,
    after: Option<RoutingRecord>,
    user_id: i64,
    user_name: &str,
) -> DraftChange {
    if before == after {
        return DraftChange::Nothing;
    }
    let base = match held {
        Some(record) => record.base.clone(),
        None => before,
    };
    if base == after {
        return DraftChange::Remove(key);
    }
    DraftChange::Put(Box::new(DraftRecord { key, base, state: after, user_id, user_name: user_name.to_string() }))
}

/// A draft record whose live state is no longer the one it was drafted from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Conflict {
    pub key: RecordKey,
    /// In words: what happened live.
    pub reason: String,
    /// What changed live since the draft began, one sentence a line.
    pub live_changes: Vec<String>,
}

/// The draft's records that changed live since they were drafted, with what happened, in the
/// draft's order. `live` gives each record's live state now.
pub fn conflicts(
    records: &[DraftRecord],
    live: impl Fn(RecordKey) -> Option<RoutingRecord>,
    names: &Names,
) -> Vec<Conflict> {
    records
        .iter()
        .filter_map(|record| {
            let now = live(record.key);
            if now == record.base {
                return None;
            }
            let noun = record.key.kind.noun();
            let name = record.name();
            let reason = match (&record.base, &now) {
                (Some(_), None) => format!("{noun} '{name}' was removed live since the draft began."),
                (None, Some(_)) => format!("{noun} '{name}' was created live since the draft began."),
                _ => format!("{noun} '{name}' was changed live since the draft began."),
            };
            let live_changes = explain_change(record.base.as_ref(), now.as_ref(), names);
            Some(Conflict { key: record.key, reason, live_changes })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routing::ivr::{IvrForm, IvrKey, NO_REPEAT};

    fn menu(key_1_to: i64) -> RoutingRecord {
        RoutingRecord::Ivr {
            id: 4,
            form: IvrForm {
                description: "Main menu".into(),
                repeat_key: NO_REPEAT.into(),
                options: vec![IvrKey {
                    key: "1".into(),
                    description: "Sales".into(),
                    destination_id: key_1_to,
                    ..Default::default()
                }],
                ..Default::default()
            },
        }
    }

    const KEY: RecordKey = RecordKey { kind: RecordKind::Ivr, id: 4 };

    fn held(base: Option<RoutingRecord>, state: Option<RoutingRecord>) -> DraftRecord {
        DraftRecord { key: KEY, base, state, user_id: 1, user_name: "Ann Admin".into() }
    }

    #[test]
    fn a_first_save_keeps_the_live_state_as_its_base() {
        let change = join_draft(None, KEY, Some(menu(10)), Some(menu(11)), 2, "Bob Boss");
        assert_eq!(
            change,
            DraftChange::Put(Box::new(DraftRecord {
                key: KEY,
                base: Some(menu(10)),
                state: Some(menu(11)),
                user_id: 2,
                user_name: "Bob Boss".into()
            }))
        );
    }

    #[test]
    fn a_later_save_keeps_the_first_base_and_names_its_author() {
        let first = held(Some(menu(10)), Some(menu(11)));
        let DraftChange::Put(record) = join_draft(Some(&first), KEY, Some(menu(11)), Some(menu(12)), 2, "Bob Boss")
        else {
            panic!("the save joins the draft")
        };
        assert_eq!(record.base, Some(menu(10)));
        assert_eq!(record.state, Some(menu(12)));
        assert_eq!(record.user_name, "Bob Boss");
    }

    #[test]
    fn a_record_put_back_as_it_is_live_leaves_the_draft() {
        let first = held(Some(menu(10)), Some(menu(11)));
        assert_eq!(join_draft(Some(&first), KEY, Some(menu(11)), Some(menu(10)), 1, "Ann"), DraftChange::Remove(KEY));
        let created = held(None, Some(menu(11)));
        assert_eq!(join_draft(Some(&created), KEY, Some(menu(11)), None, 1, "Ann"), DraftChange::Remove(KEY));
    }

    #[test]
    fn a_save_that_changes_nothing_leaves_the_draft_alone() {
        assert_eq!(join_draft(None, KEY, Some(menu(10)), Some(menu(10)), 1, "Ann"), DraftChange::Nothing);
    }

    #[test]
    fn the_library_and_call_filing_are_saved_at_once() {
        assert!(drafted(RecordKind::Ivr));
        assert!(drafted(RecordKind::Connect));
        assert!(drafted(RecordKind::Voicemail));
        assert!(!drafted(RecordKind::Audio));
        assert!(!drafted(RecordKind::Category));
        assert!(!drafted(RecordKind::ReportGroup));
        assert!(!drafted(RecordKind::SecondaryReportGroup));
    }

    #[test]
    fn a_record_changed_live_since_the_draft_began_conflicts_in_words() {
        let names = Names::default();
        let records = [held(Some(menu(10)), Some(menu(11)))];
        assert!(conflicts(&records, |_| Some(menu(10)), &names).is_empty());

        let changed = conflicts(&records, |_| Some(menu(12)), &names);
        assert_eq!(changed.len(), 1);
        assert_eq!(changed[0].reason, "IVR 'Main menu' was changed live since the draft began.");
        assert!(!changed[0].live_changes.is_empty());

        let removed = conflicts(&records, |_| None, &names);
        assert_eq!(removed[0].reason, "IVR 'Main menu' was removed live since the draft began.");
    }
}
