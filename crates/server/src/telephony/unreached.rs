//! The calls that came while the server could not be reached: the engine's dialplan answered
//! them with its fallback message and wrote their detail records to the account 'unreached'
//! (scripts/telephony/asterisk). Each time the engine connects, the server reads those records
//! over the engine's HTTP (static/unreached.csv) and writes each call for its customer, keyed
//! by the engine's unique id like every real call, so a record read twice is one call.

use chrono::NaiveDateTime;
use domain::routing::live::SessionRecord;

use super::ari::bounded_id;
use super::{calls, engine_http};
use crate::state::AppState;
use crate::store::live_calls;

/// Why such a call ended where it did.
pub const UNREACHED: &str = "The server could not be reached: the caller heard the fallback message.";
const WHERE: &str = "Hearing the fallback message";
/// The records file is read whole: past this, it wants rotating on the engine's host.
const RECORDS_MAX_BYTES: usize = 16 << 20;
/// A text field of a record, at most.
const FIELD_MAX: usize = 64;

/// One call the server missed, from its detail record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Missed {
    pub channel: String,
    pub caller: String,
    pub dialled: String,
    pub started_millis: i64,
    pub answered_millis: Option<i64>,
    pub ended_millis: i64,
}

/// A record time ("2026-12-06 20:17:09", UTC) in milliseconds.
fn millis(text: &str) -> Option<i64> {
    NaiveDateTime::parse_from_str(text.trim(), "%Y-%m-%d %H:%M:%S").ok().map(|t| t.and_utc().timestamp_millis())
}

/// The missed calls in the engine's CSV records (Asterisk's cdr_csv with unique ids: account,
/// source, destination, context, caller id, channel, destination channel, last application
/// and its data, start, answer, end, duration, billed seconds, disposition, AMA flags, unique
/// id, user field). Rows that are not whole records of the 'unreached' account are skipped.
pub fn parse(csv_text: &[u8]) -> Vec<Missed> {
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(csv_text);
    let field = |record: &csv::StringRecord, i: usize| -> String {
        record.get(i).unwrap_or_default().chars().take(FIELD_MAX).collect()
    };
    reader
        .records()
        .filter_map(Result::ok)
        .filter(|r| r.len() >= 17 && r.get(0) == Some("unreached"))
        .filter_map(|r| {
            let channel = bounded_id(&field(&r, 16));
            let started_millis = millis(&field(&r, 9))?;
            let ended_millis = millis(&field(&r, 11))?.max(started_millis);
            (!channel.is_empty()).then(|| Missed {
                channel,
                caller: field(&r, 1),
                dialled: field(&r, 2),
                started_millis,
                answered_millis: millis(&field(&r, 10)),
                ended_millis,
            })
        })
        .collect()
}

/// Reads the engine's records of missed calls and writes the calls, in a task of its own.
pub fn collect_later(state: &AppState) {
    let state = state.clone();
    tokio::spawn(async move {
        match collect(&state).await {
            Ok(0) => {}
            Ok(written) => tracing::info!(written, "telephony: calls that came while the server was away were written"),
            Err(e) => tracing::warn!(error = %e, "telephony: the records of calls missed while away could not be read"),
        }
    });
}

/// Where the engine serves the records: beside its ARI ("http://host:8088/ari" ->
/// "http://host:8088/static/unreached.csv").
pub fn records_url(ari_url: &str) -> String {
    let base = ari_url.trim_end_matches('/');
    format!("{}/static/unreached.csv", base.strip_suffix("/ari").unwrap_or(base))
}

/// The missed calls' records read and written: how many calls were new.
pub async fn collect(state: &AppState) -> Result<usize, String> {
    let url = records_url(&state.settings.telephony.ari_url);
    let too_long = "the records of missed calls are over 16 MB: rotate them on the engine's host";
    let client = engine_http::client()?;
    // None: no call has been missed.
    let Some(text) = engine_http::get_bounded(state, &client, &url, RECORDS_MAX_BYTES, too_long).await? else {
        return Ok(0);
    };
    let mut written = 0;
    for missed in parse(&text) {
        if write(state, &missed).await.map_err(|e| e.to_string())? {
            written += 1;
        }
    }
    Ok(written)
}

/// Writes one missed call for the customer whose number it called (none: nothing); whether
/// it was new.
async fn write(state: &AppState, missed: &Missed) -> sqlx::Result<bool> {
    let db = &state.db;
    // Read again at every connection: a call already written costs one indexed look-up, not
    // the routing read that opening it takes.
    if live_calls::on_channel(db, &missed.channel).await? {
        return Ok(false);
    }
    let opened = calls::open(db, &missed.channel, &missed.dialled, &missed.caller, missed.started_millis).await?;
    let Some(opened) = opened else { return Ok(false) };
    let record = SessionRecord {
        started_millis: missed.started_millis,
        answered_millis: missed.answered_millis,
        ended_millis: Some(missed.ended_millis),
        ended_at: WHERE.to_string(),
        hang_up_reason: UNREACHED.to_string(),
        ..SessionRecord::default()
    };
    calls::close(db, &opened, &record).await
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORDS: &str = r#""unreached","07700900123","01184960154","from-carrier","""Caller"" <07700900123>","PJSIP/carrier-00000000","","Hangup","","2026-12-06 20:17:09","2026-12-06 20:17:09","2026-12-06 20:17:14",5,5,"ANSWERED","DOCUMENTATION","1796588229.0",""
"","07700900123","01184960155","from-carrier","","PJSIP/carrier-1","","Stasis","","2026-12-06 20:18:00","","2026-12-06 20:18:04",4,0,"NO ANSWER","DOCUMENTATION","1796588230.0",""
"unreached","","01184960156","from-carrier","","PJSIP/carrier-2","","Hangup","","not a time","","2026-12-06 20:18:04",4,0,"NO ANSWER","DOCUMENTATION","1796588231.0",""
"unreached","anonymous","01184960157","from-carrier","","PJSIP/carrier-3","","Hangup","","2026-12-06 20:19:00","","2026-12-06 20:18:59",0,0,"NO ANSWER","DOCUMENTATION","1796588232.0;rm -rf",""
"unreached","short row"
"#;

    #[test]
    fn only_whole_records_of_the_unreached_account_become_missed_calls() {
        let missed = parse(RECORDS.as_bytes());
        assert_eq!(missed.len(), 2, "{missed:?}");
        assert_eq!(
            missed[0],
            Missed {
                channel: "1796588229.0".into(),
                caller: "07700900123".into(),
                dialled: "01184960154".into(),
                started_millis: 1_796_588_229_000,
                answered_millis: Some(1_796_588_229_000),
                ended_millis: 1_796_588_234_000,
            }
        );
        // Unanswered, an end before its start (held to the start), a hostile id filtered.
        let second = &missed[1];
        assert_eq!((second.answered_millis, second.ended_millis), (None, second.started_millis));
        assert_eq!(second.channel, "1796588232.0rm-rf");
    }

    #[test]
    fn what_is_not_csv_yields_nothing_and_the_address_sits_beside_ari() {
        assert!(parse(b"\xff\xfe\x00 not csv \"unclosed").is_empty());
        assert_eq!(records_url("http://127.0.0.1:18088/ari"), "http://127.0.0.1:18088/static/unreached.csv");
        assert_eq!(records_url("http://engine:8088/ari/"), "http://engine:8088/static/unreached.csv");
    }
}
