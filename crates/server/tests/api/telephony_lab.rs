//! A served app with routing made for telephony tests through the API, as a customer makes it,
//! and a scripted fake of the telephony engine that speaks its websocket protocol (ARI outbound
//! websocket: events in, REST requests back). Shared by the fake-engine tests (`telephony`)
//! and the real-engine ones (`telephony_engine`).

use std::net::SocketAddr;
use std::time::Duration;

use axum::http::StatusCode;
use base64::Engine as _;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::helpers::{TestApp, TELEPHONY_SECRET};
use crate::routing_connect::{advanced_row, post, OWNER};
use crate::routing_ivrs::ivr_form;
use crate::routing_plans::{plan_form, Row};

pub const CUSTOMER: i64 = 100;

/// A real call's row: id, customer, outcome, destination, ring and talk seconds, route path,
/// keys, destinations tried, where it ended, why, in progress, recorded.
type CallRow = (i64, i64, String, String, i64, i64, String, String, String, String, String, i64, i64);

pub struct Lab {
    pub app: TestApp,
    pub addr: SocketAddr,
    pub owner: String,
}

fn id_of(reply: &crate::helpers::Reply) -> i64 {
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let body = reply.json();
    body["id"]
        .as_i64()
        .or_else(|| body["data"]["id"].as_i64())
        .or_else(|| body["rogrId"].as_i64())
        .or_else(|| body["ivrId"].as_i64())
        .unwrap_or_else(|| panic!("an id in {body}"))
}

impl Lab {
    pub async fn start() -> Lab {
        let (app, addr) = TestApp::spawn_serving().await;
        let owner = app.login(OWNER).await;
        Lab { app, addr, owner }
    }

    /// A lab whose engine serves ARI over HTTP at `ari_url` (the real engine: engine.sh's
    /// ARI_HTTP_PORT, 18088).
    pub async fn start_with(ari_url: &str) -> Lab {
        let (app, addr) = TestApp::spawn_serving_with(ari_url).await;
        let owner = app.login(OWNER).await;
        Lab { app, addr, owner }
    }

    /// A destination number (national digits).
    pub async fn destination(&self, description: &str, number: &str) -> i64 {
        let fields = [
            ("form_number_description", description),
            ("form_destination_number", number),
            ("form_international_code", "1"),
            ("form_country_code", "44"),
            ("form_mailbox", "0"),
        ];
        id_of(&self.app.post_multipart("/api/manageterms/storeDestinationNumber", Some(&self.owner), &fields).await)
    }

    /// A destination plan: a hunt group or a multi dial of (destination, ring length) rows.
    pub async fn destination_plan(&self, description: &str, multi_dial: bool, rows: &[(i64, i64)], queue: i64) -> i64 {
        self.destination_plan_sending(description, multi_dial, rows, queue, 0).await
    }

    /// A destination plan whose in-call attribution plan is `in_call` (0 none).
    pub async fn destination_plan_sending(
        &self,
        description: &str,
        multi_dial: bool,
        rows: &[(i64, i64)],
        queue: i64,
        in_call: i64,
    ) -> i64 {
        let mut fields = vec![
            ("form_description".to_string(), description.to_string()),
            ("form_record_id".into(), "0".into()),
            ("form_queue".into(), queue.to_string()),
            ("form_incall".into(), in_call.to_string()),
            ("form_plan_type".into(), if multi_dial { "1" } else { "0" }.into()),
        ];
        for (i, (destination, ring)) in rows.iter().enumerate() {
            fields.push((format!("form_destination[{i}]"), destination.to_string()));
            fields.push((
                format!("form_ring_length[{i}]"),
                if multi_dial && i > 0 { String::new() } else { ring.to_string() },
            ));
        }
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        id_of(&self.app.post_multipart("/api/manageroutings/save/0", Some(&self.owner), &fields).await)
    }

    /// A text-to-speech audio.
    pub async fn audio(&self, description: &str, sentence: &str) -> i64 {
        let fields = [("form_description", description), ("form_audio_sentence", sentence)];
        id_of(&self.app.post_multipart("/api/manageaudios/addAudio/", Some(&self.owner), &fields).await)
    }

    pub async fn voicemail(&self, description: &str, greeting: i64) -> i64 {
        let greeting = greeting.to_string();
        let fields = [("description", description), ("audioId", greeting.as_str())];
        id_of(&self.app.post_form("/api/managevoicemails/store/", Some(&self.owner), &fields).await)
    }

    /// A menu: keys 1, 2, 3... as (description, "routing" | "ivr" | "voicemail", target,
    /// category); `default_key` "" for none, repeated `repeats` times.
    pub async fn menu(&self, description: &str, audio: i64, keys: &[(&str, &str, i64, i64)], default_key: &str) -> i64 {
        let mut fields = ivr_form(description, keys);
        // Past the account's included IVRs, the customer accepts the monthly charge's terms.
        let settings = [
            ("audioId", audio.to_string()),
            ("defaultKey", default_key.to_string()),
            ("repeatAudio", "1".into()),
            ("acceptTerms", "1".into()),
        ];
        for (name, value) in settings {
            fields.retain(|(k, _)| k != name);
            fields.push((name.to_string(), value));
        }
        id_of(&post(&self.app, "/api/manageivrrouting/createIvr/0", &self.owner, &fields).await)
    }

    pub async fn service_plan(&self, description: &str, rows: &[Row]) -> i64 {
        id_of(&post(&self.app, "/api/manageconnections/create_plan", &self.owner, &plan_form(description, rows)).await)
    }

    /// The customer's `nth` static number, connected to `plan` (advanced connect), and its
    /// national digits.
    pub async fn number(&self, nth: i64, plan: i64, recording: bool, whisper: i64) -> (i64, String) {
        self.number_asking(nth, plan, recording, whisper, "").await
    }

    /// An in-call attribution plan sending the call's id ("1") or the caller's number ("2")
    /// with '#' after `before` seconds.
    pub async fn in_call_plan(&self, description: &str, kind: &str, before: i64) -> i64 {
        let before = before.to_string();
        let fields = [
            ("form_description", description),
            ("form_active_flag", "1"),
            ("form_transfer_type", kind),
            ("form_terminator", "2"),
            ("form_delay_before", before.as_str()),
            ("form_delay_after", "0"),
        ];
        id_of(&self.app.post_multipart("/api/managedtmf/saveInCall/0", Some(&self.owner), &fields).await)
    }

    /// A DTMF plan of `min`-`max` digits with its intro and end audio (initial timeout 5 s,
    /// between keys 3 s; keys may skip the intro).
    pub async fn dtmf_plan(&self, description: &str, intro: i64, end: i64, min: i64, max: i64) -> i64 {
        let (intro, end, min, max) = (intro.to_string(), end.to_string(), min.to_string(), max.to_string());
        let fields = [
            ("description", description),
            ("introAudio", intro.as_str()),
            ("endAudio", end.as_str()),
            ("minimumDigits", min.as_str()),
            ("maximumDigits", max.as_str()),
            ("initialTimeout", "5"),
            ("internalTimeout", "3"),
            ("skipAudio", "1"),
        ];
        let reply = self.app.post_multipart("/api/managedtmf/create", Some(&self.owner), &fields).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        reply.json()["planId"].as_i64().expect("a plan id")
    }

    /// A DTMF IVR: keys 1, 2... as (description, category, DTMF plan or 0).
    pub async fn dtmf_ivr(&self, description: &str, intro: i64, end: i64, keys: &[(&str, i64, i64)]) -> i64 {
        let mut fields: Vec<(String, String)> = vec![
            ("description".into(), description.into()),
            ("introAudioId".into(), intro.to_string()),
            ("endAudioId".into(), end.to_string()),
        ];
        for (name, category, plan) in keys {
            fields.push(("keyDescription[]".into(), name.to_string()));
            fields.push(("keyCategoryId[]".into(), category.to_string()));
            fields.push(("keyDtmfId[]".into(), plan.to_string()));
        }
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        id_of(&self.app.post_multipart("/api/managedtmf/storeIvr/0", Some(&self.owner), &fields).await)
    }

    /// As `number`, with the connection's post call attribution `dtmf`: a DTMF plan's id, or
    /// "IVR_{id}" for a DTMF IVR ("" none).
    pub async fn number_asking(&self, nth: i64, plan: i64, recording: bool, whisper: i64, dtmf: &str) -> (i64, String) {
        let (entry, number): (i64, String) = sqlx::query_as(
            "SELECT id, number FROM routing_entries WHERE customer_id = $1 AND kind = 'static'
             ORDER BY id DESC LIMIT 1 OFFSET $2",
        )
        .bind(CUSTOMER)
        .bind(nth)
        .fetch_one(&self.app.state.db)
        .await
        .unwrap();
        let mut row = advanced_row(0, "form_number_id", entry, "Telephony test", plan);
        row.retain(|(k, _)| !k.starts_with("form_whisper"));
        row.push(("form_whisper[0]".into(), whisper.to_string()));
        if recording {
            row.push(("form_recording_flag[0]".into(), "1".into()));
        }
        if !dtmf.is_empty() {
            row.retain(|(k, _)| !k.starts_with("form_dtmf"));
            row.push(("form_dtmf[0]".into(), dtmf.to_string()));
        }
        let reply = post(&self.app, "/api/manageconnections/connectAdvanced/", &self.owner, &row).await;
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        (entry, number)
    }

    /// The call the engine's `channel` brought, as stored.
    pub async fn call(&self, channel: &str) -> Option<Value> {
        let row: Option<CallRow> = sqlx::query_as(
            "SELECT id, customer_id, outcome, destination, ring_seconds, talk_seconds, route_path, keys_pressed,
                    destinations_tried, ended_where, end_reason, in_progress, recorded
             FROM calls WHERE engine_channel = $1",
        )
        .bind(channel)
        .fetch_optional(&self.app.state.db)
        .await
        .unwrap();
        row.map(|r| {
            json!({
                "id": r.0, "customer": r.1, "outcome": r.2, "destination": r.3, "ringSeconds": r.4,
                "talkSeconds": r.5, "routePath": serde_json::from_str::<Value>(&r.6).unwrap_or(Value::Null),
                "keys": r.7, "tried": serde_json::from_str::<Value>(&r.8).unwrap_or(Value::Null),
                "endedWhere": r.9, "endReason": r.10, "inProgress": r.11 == 1, "recorded": r.12 == 1,
            })
        })
    }

    /// Waits (up to 20 s) until the call on `channel` is complete, and gives it.
    pub async fn finished_call(&self, channel: &str) -> Value {
        for _ in 0..400 {
            if let Some(call) = self.call(channel).await.filter(|c| c["inProgress"] == false) {
                return call;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the call on {channel} was not completed: {:?}", self.call(channel).await);
    }
}

/// A scripted telephony engine: sends ARI events, reads the REST requests the server sends.
pub struct FakeEngine {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub seen: Vec<Value>,
}

pub fn engine_request(addr: SocketAddr, password: &str) -> axum::http::Request<()> {
    let mut request = format!("ws://{addr}/telephony/ari").into_client_request().unwrap();
    let credentials = base64::engine::general_purpose::STANDARD.encode(format!("calltrack:{password}"));
    request.headers_mut().insert("authorization", format!("Basic {credentials}").parse().unwrap());
    request.headers_mut().insert("sec-websocket-protocol", "ari".parse().unwrap());
    request
}

impl FakeEngine {
    pub async fn connect(addr: SocketAddr) -> FakeEngine {
        let (ws, _) = tokio_tungstenite::connect_async(engine_request(addr, TELEPHONY_SECRET))
            .await
            .expect("the engine connects");
        FakeEngine { ws, seen: Vec::new() }
    }

    pub async fn send(&mut self, event: Value) {
        self.ws.send(Message::Text(event.to_string().into())).await.unwrap();
    }

    /// The next REST request (answered with a 200 as the engine would), within 20 s.
    pub async fn next(&mut self) -> Value {
        loop {
            let message = tokio::time::timeout(Duration::from_secs(20), self.ws.next())
                .await
                .unwrap_or_else(|_| panic!("no request came; seen so far: {:#?}", self.seen))
                .expect("the connection is open")
                .unwrap();
            if let Message::Text(text) = message {
                let request: Value = serde_json::from_str(&text).unwrap();
                assert_eq!(request["type"], "RESTRequest");
                let reply = json!({ "type": "RESTResponse", "request_id": request["request_id"], "status_code": 200 });
                self.send(reply).await;
                self.seen.push(request.clone());
                return request;
            }
        }
    }

    /// Requests until one `method uri` starts with `wanted` ("POST channels/c1/answer"); gives it.
    pub async fn until(&mut self, wanted: &str) -> Value {
        loop {
            let request = self.next().await;
            if format!("{} {}", request["method"].as_str().unwrap(), request["uri"].as_str().unwrap())
                .starts_with(wanted)
            {
                return request;
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

/// The query value `name` of a request's URI, decoded.
pub fn query(request: &Value, name: &str) -> String {
    let uri = request["uri"].as_str().unwrap();
    let query = uri.split_once('?').map_or("", |(_, q)| q);
    url::form_urlencoded::parse(query.as_bytes())
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.into_owned())
        .unwrap_or_default()
}

pub fn channel(id: &str, number: &str, exten: &str) -> Value {
    json!({ "id": id, "name": format!("PJSIP/carrier-{id}"), "state": "Ring",
            "caller": { "name": "", "number": number }, "dialplan": { "context": "from-carrier", "exten": exten } })
}

pub fn stasis_start(id: &str, caller: &str, dialled: &str) -> Value {
    json!({ "type": "StasisStart", "application": "calltrack", "args": ["inbound", dialled], "channel": channel(id, caller, dialled) })
}

pub fn leg_answered(id: &str) -> Value {
    json!({ "type": "StasisStart", "application": "calltrack", "args": ["leg"], "channel": channel(id, "", "") })
}

pub fn key(id: &str, digit: &str) -> Value {
    json!({ "type": "ChannelDtmfReceived", "digit": digit, "duration_ms": 120, "channel": channel(id, "", "") })
}

pub fn playback_finished(id: &str) -> Value {
    json!({ "type": "PlaybackFinished", "playback": { "id": id, "state": "done" } })
}

pub fn hung_up(id: &str) -> Value {
    json!({ "type": "StasisEnd", "channel": channel(id, "", "") })
}

pub fn destroyed(id: &str, cause: i64) -> Value {
    json!({ "type": "ChannelDestroyed", "cause": cause, "channel": channel(id, "", "") })
}
