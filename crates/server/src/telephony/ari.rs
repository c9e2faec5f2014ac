//! The part of Asterisk's REST Interface (ARI) the server speaks, over the one websocket
//! Asterisk keeps open to us: the events it sends (JSON objects with a `type`) and the REST
//! requests we send back on the same socket (`RESTRequest`, answered by `RESTResponse`).
//! Everything read from the engine is bounded before use: ids, numbers and digits are cut to
//! their longest sensible length, and unknown events are ignored.

use serde::{Deserialize, Serialize};

/// The longest message the engine may send (a StasisStart with its channel is about 1 KB).
pub const MESSAGE_MAX_BYTES: usize = 64 * 1024;
/// The longest channel id, playback id or recording name taken from the engine.
pub const ID_MAX: usize = 80;

#[derive(Debug, Clone, Default, Deserialize)]
pub struct Caller {
    #[serde(default)]
    pub number: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct Dialplan {
    #[serde(default)]
    pub exten: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct Channel {
    pub id: String,
    /// "PJSIP/carrier-00000001": the endpoint the engine authenticated, and a counter.
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub state: String,
    #[serde(default)]
    pub caller: Caller,
    #[serde(default)]
    pub dialplan: Dialplan,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct Playback {
    pub id: String,
    /// "done", "failed" (the media could not be played), ...
    #[serde(default)]
    pub state: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct Recording {
    pub name: String,
    #[serde(default)]
    pub duration: Option<i64>,
}

/// What the engine sends. Events the server does not use arrive as `Other`.
#[derive(Debug, Clone, Deserialize)]
#[serde(tag = "type")]
pub enum Incoming {
    StasisStart {
        #[serde(default)]
        args: Vec<String>,
        channel: Channel,
    },
    StasisEnd {
        channel: Channel,
    },
    ChannelDtmfReceived {
        digit: String,
        channel: Channel,
    },
    PlaybackFinished {
        playback: Playback,
    },
    ChannelStateChange {
        channel: Channel,
    },
    ChannelDestroyed {
        #[serde(default)]
        cause: i64,
        channel: Channel,
    },
    RecordingFinished {
        recording: Recording,
    },
    RecordingFailed {
        recording: Recording,
    },
    #[serde(rename = "RESTResponse")]
    RestResponse {
        #[serde(default)]
        request_id: String,
        #[serde(default)]
        status_code: u16,
        #[serde(default)]
        message_body: Option<String>,
    },
    #[serde(other)]
    Other,
}

/// A REST request sent over the websocket.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RestRequest {
    #[serde(rename = "type")]
    pub kind: String,
    pub request_id: String,
    pub method: String,
    pub uri: String,
}

impl RestRequest {
    pub fn new(request_id: u64, method: &str, uri: String) -> RestRequest {
        RestRequest { kind: "RESTRequest".into(), request_id: request_id.to_string(), method: method.into(), uri }
    }
}

/// `text` cut to `max` characters of the kinds an engine id uses (letters, digits, `.-_`).
pub fn bounded_id(text: &str) -> String {
    text.chars().filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')).take(ID_MAX).collect()
}

/// Percent-encodes a query value.
pub fn encode(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

/// Why a channel ended, from its Q.850 cause: busy, not answered, or not reachable.
pub fn leg_failure(cause: i64) -> domain::routing::live::LegFailure {
    use domain::routing::live::LegFailure;
    match cause {
        17 => LegFailure::Busy,
        18..=21 => LegFailure::NoAnswer,
        _ => LegFailure::Unreachable,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stasis_start_is_read_and_unknown_events_are_other() {
        let start: Incoming = serde_json::from_str(
            r#"{"type":"StasisStart","args":["inbound","441632960001"],"channel":{"id":"1796532894.4","state":"Ring",
            "caller":{"name":"Caller","number":"07700900123"},"dialplan":{"context":"from-carrier","exten":"441632960001"}}}"#,
        )
        .unwrap();
        let Incoming::StasisStart { args, channel } = start else { panic!("a StasisStart") };
        assert_eq!((args[0].as_str(), channel.caller.number.as_str()), ("inbound", "07700900123"));
        let other: Incoming = serde_json::from_str(r#"{"type":"BridgeCreated","bridge":{}}"#).unwrap();
        assert!(matches!(other, Incoming::Other));
        let response: Incoming = serde_json::from_str(
            r#"{"type":"RESTResponse","request_id":"7","status_code":404,"reason_phrase":"Not Found"}"#,
        )
        .unwrap();
        assert!(matches!(response, Incoming::RestResponse { status_code: 404, .. }));
    }

    #[test]
    fn ids_keep_only_id_characters_and_are_bounded() {
        assert_eq!(bounded_id("1796532894.4"), "1796532894.4");
        assert_eq!(bounded_id("a/../b;rm -rf"), "a..brm-rf");
        assert_eq!(bounded_id(&"x".repeat(500)).len(), ID_MAX);
        assert_eq!(encode("sound:http://h/a b.wav"), "sound%3Ahttp%3A%2F%2Fh%2Fa+b.wav");
    }
}
