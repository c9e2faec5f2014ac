//! What a routing record points at: the ids of other records it names (a service plan's
//! destination plans and IVRs, an IVR key's voicemail, a queue's audio...). A rollback puts a
//! record's old state back, so every id in that state must still be one of the customer's own
//! records before it is written: `foreign_references` lists those that are not.

use super::names::Names;
use super::record::{Connection, RoutingRecord};
use crate::routing::ivr::Named;

/// A list of the customer's records that a routing record can point into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ReferencedList {
    ServicePlans,
    DestinationPlans,
    Ivrs,
    Voicemails,
    Queues,
    Audios,
    DestinationNumbers,
    Categories,
    ReportGroups,
    SecondaryReportGroups,
    InCallAttributions,
    DynamicWhispers,
    DtmfPlans,
    DtmfIvrs,
    SourcesMediums,
}

impl ReferencedList {
    /// The list's record as a sentence names it: "a destination number", "an audio".
    pub fn noun(self) -> &'static str {
        match self {
            ReferencedList::ServicePlans => "a service plan",
            ReferencedList::DestinationPlans => "a destination plan",
            ReferencedList::Ivrs => "an IVR",
            ReferencedList::Voicemails => "a voicemail",
            ReferencedList::Queues => "a queue",
            ReferencedList::Audios => "an audio",
            ReferencedList::DestinationNumbers => "a destination number",
            ReferencedList::Categories => "a category",
            ReferencedList::ReportGroups => "a report group",
            ReferencedList::SecondaryReportGroups => "a secondary report group",
            ReferencedList::InCallAttributions => "an in-call attribution",
            ReferencedList::DynamicWhispers => "a dynamic whisper",
            ReferencedList::DtmfPlans => "a DTMF plan",
            ReferencedList::DtmfIvrs => "a DTMF IVR",
            ReferencedList::SourcesMediums => "a source / medium",
        }
    }

    /// The customer's records of this list, as the explainer's names hold them.
    pub fn of(self, names: &Names) -> &[Named] {
        match self {
            ReferencedList::ServicePlans => &names.service_plans,
            ReferencedList::DestinationPlans => &names.destination_plans,
            ReferencedList::Ivrs => &names.ivrs,
            ReferencedList::Voicemails => &names.voicemails,
            ReferencedList::Queues => &names.queues,
            ReferencedList::Audios => &names.audios,
            ReferencedList::DestinationNumbers => &names.destination_numbers,
            ReferencedList::Categories => &names.categories,
            ReferencedList::ReportGroups => &names.report_groups,
            ReferencedList::SecondaryReportGroups => &names.secondary_report_groups,
            ReferencedList::InCallAttributions => &names.in_call_attributions,
            ReferencedList::DynamicWhispers => &names.dynamic_whispers,
            ReferencedList::DtmfPlans => &names.dtmf_plans,
            ReferencedList::DtmfIvrs => &names.dtmf_ivrs,
            ReferencedList::SourcesMediums => &names.sources_mediums,
        }
    }
}

/// One id a record points at, and the list it must be in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Reference {
    pub list: ReferencedList,
    pub id: i64,
}

impl RoutingRecord {
    /// Every id this record's state points at (0, nothing chosen, is left out), sorted, once each.
    /// A destination number's international code is the service's list, not the customer's.
    pub fn references(&self) -> Vec<Reference> {
        use ReferencedList as L;
        let mut refs: Vec<(ReferencedList, i64)> = vec![];
        match self {
            RoutingRecord::ServicePlan { form, .. } => {
                for row in &form.rows {
                    refs.extend([(L::DestinationPlans, row.routing), (L::Ivrs, row.ivr)]);
                }
            }
            RoutingRecord::DestinationPlan { form, .. } => {
                refs.extend(form.destinations.iter().map(|row| (L::DestinationNumbers, row.destination)));
                refs.extend([
                    (L::DestinationNumbers, form.no_response_destination),
                    (L::Queues, form.queue),
                    (L::InCallAttributions, form.incall),
                ]);
            }
            RoutingRecord::Ivr { form, .. } => {
                refs.extend([
                    (L::Audios, form.intro_audio),
                    (L::ReportGroups, form.report_group_id),
                    (L::SecondaryReportGroups, form.secondary_report_group_id),
                ]);
                for key in &form.options {
                    refs.extend([
                        (L::DestinationPlans, key.destination_id),
                        (L::Ivrs, key.ivr_id),
                        (L::Voicemails, key.voicemail_id),
                        (L::Categories, key.category_id),
                    ]);
                }
            }
            RoutingRecord::Queue { form, .. } => {
                let audios = [
                    form.welcome_audio,
                    form.audio1,
                    form.audio2,
                    form.audio3,
                    form.next_in_line_audio,
                    form.queue_full_audio,
                ];
                refs.extend(audios.map(|id| (L::Audios, id)));
            }
            RoutingRecord::Connect { connection: Connection::Advanced(row), .. } => refs.extend([
                (L::ServicePlans, row.service_plan),
                (L::Audios, row.intro),
                (L::Audios, row.whisper),
                (L::DynamicWhispers, row.dynamic_whisper),
                (L::DtmfPlans, row.dtmf),
                (L::DtmfIvrs, row.dtmf_ivr),
            ]),
            RoutingRecord::Voicemail { form, .. } => refs.push((L::Audios, form.audio_id)),
            RoutingRecord::DtmfPlan { form, .. } => {
                refs.extend([(L::Audios, form.intro_audio), (L::Audios, form.end_audio)]);
            }
            RoutingRecord::DtmfIvr { form, .. } => {
                refs.extend([(L::Audios, form.intro_audio_id), (L::Audios, form.end_audio_id)]);
                for key in &form.keys {
                    refs.extend([(L::Categories, key.category_id), (L::DtmfPlans, key.dtmf_id)]);
                }
            }
            RoutingRecord::DynamicWhisper { form, .. } => {
                refs.extend(form.sources.iter().map(|source| (L::SourcesMediums, source.source_medium_id)));
            }
            RoutingRecord::Connect { connection: Connection::Basic(_), .. }
            | RoutingRecord::DestinationNumber { .. }
            | RoutingRecord::Audio { .. }
            | RoutingRecord::Category { .. }
            | RoutingRecord::ReportGroup { .. }
            | RoutingRecord::SecondaryReportGroup { .. }
            | RoutingRecord::InCallAttribution { .. } => {}
        }
        let mut refs: Vec<Reference> =
            refs.into_iter().filter(|(_, id)| *id != 0).map(|(list, id)| Reference { list, id }).collect();
        refs.sort();
        refs.dedup();
        refs
    }
}

/// The ids `record` points at that are not among the customer's records (`names`, read in the
/// transaction that would write it): another customer's record, or one that no longer exists.
pub fn foreign_references(record: &RoutingRecord, names: &Names) -> Vec<Reference> {
    record.references().into_iter().filter(|r| !r.list.of(names).iter().any(|named| named.id == r.id)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routing::ivr::{IvrForm, IvrKey};
    use crate::routing::{
        AdvancedRow, BasicRow, DestinationPlanForm, DestinationRow, DtmfIvrForm, DtmfIvrKey, DynamicWhisperForm,
        QueueForm, ServicePlanForm, TimeRow, VoicemailForm, WhisperSource,
    };

    fn named(id: i64) -> Named {
        Named { id, description: format!("#{id}") }
    }

    fn refs(record: &RoutingRecord) -> Vec<(ReferencedList, i64)> {
        record.references().into_iter().map(|r| (r.list, r.id)).collect()
    }

    #[test]
    fn a_destination_plan_points_at_its_numbers_queue_and_in_call_attribution() {
        let form = DestinationPlanForm {
            queue: 7,
            incall: 8,
            no_response_destination: 5,
            destinations: vec![
                DestinationRow { destination: 5, ring_length: 20 },
                DestinationRow { destination: 6, ring_length: 20 },
            ],
            ..Default::default()
        };
        let record = RoutingRecord::DestinationPlan { id: 1, form };
        assert_eq!(
            refs(&record),
            [
                (ReferencedList::Queues, 7),
                (ReferencedList::DestinationNumbers, 5),
                (ReferencedList::DestinationNumbers, 6),
                (ReferencedList::InCallAttributions, 8)
            ],
            "sorted, the number named twice once"
        );
    }

    #[test]
    fn nothing_chosen_is_no_reference() {
        let record = RoutingRecord::Queue { id: 3, form: QueueForm::default() };
        assert!(record.references().is_empty());
        let basic = RoutingRecord::Connect {
            id: 4,
            label: "01134960000".into(),
            connection: Connection::Basic(BasicRow { destination: "07700900123".into(), ..Default::default() }),
        };
        assert!(basic.references().is_empty(), "a basic connect dials a number, not a record");
    }

    #[test]
    fn a_service_plan_points_at_the_destination_plans_and_ivrs_of_its_rows() {
        let rows = vec![TimeRow { ivr: 9, ..TimeRow::spanning(0, 10079, 0) }, TimeRow::spanning(0, 10079, 4)];
        let record = RoutingRecord::ServicePlan {
            id: 1,
            form: ServicePlanForm { description: "Hours".into(), rows, exceptions: vec![] },
        };
        assert_eq!(refs(&record), [(ReferencedList::DestinationPlans, 4), (ReferencedList::Ivrs, 9)]);
    }

    #[test]
    fn an_ivr_points_at_its_audio_groups_and_every_keys_targets() {
        let key = IvrKey { destination_id: 2, ivr_id: 3, voicemail_id: 4, category_id: 5, ..Default::default() };
        let form = IvrForm {
            intro_audio: 1,
            report_group_id: 6,
            secondary_report_group_id: 7,
            options: vec![key],
            ..Default::default()
        };
        assert_eq!(
            refs(&RoutingRecord::Ivr { id: 10, form }),
            [
                (ReferencedList::DestinationPlans, 2),
                (ReferencedList::Ivrs, 3),
                (ReferencedList::Voicemails, 4),
                (ReferencedList::Audios, 1),
                (ReferencedList::Categories, 5),
                (ReferencedList::ReportGroups, 6),
                (ReferencedList::SecondaryReportGroups, 7),
            ]
        );
    }

    #[test]
    fn an_advanced_connect_points_at_its_plan_audio_whisper_and_attribution() {
        let row = AdvancedRow {
            service_plan: 1,
            intro: 2,
            whisper: 2,
            dynamic_whisper: 3,
            dtmf: 4,
            dtmf_ivr: 5,
            ..Default::default()
        };
        let record = RoutingRecord::Connect { id: 9, label: "Pool".into(), connection: Connection::Advanced(row) };
        assert_eq!(
            refs(&record),
            [
                (ReferencedList::ServicePlans, 1),
                (ReferencedList::Audios, 2),
                (ReferencedList::DynamicWhispers, 3),
                (ReferencedList::DtmfPlans, 4),
                (ReferencedList::DtmfIvrs, 5),
            ]
        );
    }

    #[test]
    fn the_library_points_at_audio_categories_plans_and_sources() {
        let voicemail =
            RoutingRecord::Voicemail { id: 1, form: VoicemailForm { description: "V".into(), audio_id: 8 } };
        assert_eq!(refs(&voicemail), [(ReferencedList::Audios, 8)]);
        let keys = vec![DtmfIvrKey { description: "One".into(), category_id: 3, dtmf_id: 4 }];
        let ivr = RoutingRecord::DtmfIvr {
            id: 2,
            form: DtmfIvrForm { description: "D".into(), intro_audio_id: 1, end_audio_id: 0, keys },
        };
        assert_eq!(
            refs(&ivr),
            [(ReferencedList::Audios, 1), (ReferencedList::Categories, 3), (ReferencedList::DtmfPlans, 4)]
        );
        let sources = vec![WhisperSource { source_medium_id: 6, whisper: "Google".into() }];
        let whisper =
            RoutingRecord::DynamicWhisper { id: 3, form: DynamicWhisperForm { description: "W".into(), sources } };
        assert_eq!(refs(&whisper), [(ReferencedList::SourcesMediums, 6)]);
    }

    #[test]
    fn an_id_not_among_the_customers_records_is_foreign() {
        let form = VoicemailForm { description: "Out of hours".into(), audio_id: 104 };
        let record = RoutingRecord::Voicemail { id: 1, form };
        let mine = Names { audios: vec![named(11), named(104)], ..Default::default() };
        assert!(foreign_references(&record, &mine).is_empty());
        let theirs = Names { audios: vec![named(11)], voicemails: vec![named(104)], ..Default::default() };
        assert_eq!(
            foreign_references(&record, &theirs),
            [Reference { list: ReferencedList::Audios, id: 104 }],
            "an id in another list is no help"
        );
    }
}
