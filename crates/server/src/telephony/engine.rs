//! One connection from the telephony engine (Asterisk's ARI outbound websocket): the engine's
//! events in, each call's live session deciding, the session's commands out as REST requests on
//! the same socket. Database work (opening a call's row, completing it, fetching a recording)
//! runs in tasks of its own, so one slow write never holds up another call's next step.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use domain::phone::{ended_step, note_step};
use domain::routing::live::{Command, Event, Party, RecordingKind, Session};
use tokio::sync::mpsc;

use super::ari::{bounded_id, encode, leg_failure, Incoming, RestRequest};
use super::calls::{self, Opened};
use super::media;
use super::queues::Tell;
use super::recordings;
use crate::state::AppState;

/// The ARI application calls arrive in (the dialplan's `Stasis(calltrack,…)`).
pub const APP: &str = "calltrack";
/// A call being opened queues at most this many events before its session exists.
const PENDING_MAX: usize = 64;
/// Calls one connection carries at once, at most; more are refused (busy).
pub const CALLS_MAX: usize = 2000;

/// What the connection's own tasks report back to it.
#[derive(Debug)]
pub enum Internal {
    Opened {
        channel: String,
        opened: Option<Box<Opened>>,
    },
    Timer {
        channel: String,
        timer: u32,
    },
    /// How many callers are ahead of this connection's caller in its queue now.
    CallersAhead {
        channel: String,
        ahead: u32,
    },
}

struct LiveCall {
    opened: Opened,
    session: Session,
    /// Whether the row already says the call was put through.
    noted_connected: bool,
    legs: HashMap<u32, String>,
    answered_legs: Vec<u32>,
    bridge: Option<String>,
    /// A browser call's places so far, and how many times they were noted for its page.
    steps: Vec<String>,
    steps_noted: i64,
}

/// Who a call arriving in the application comes from: a caller through the carrier (their
/// number), or a browser phone (its channel's name, which names its endpoint).
enum Arrived {
    Caller(String),
    Browser(String),
}

/// One engine connection's calls.
pub struct Engine {
    state: AppState,
    /// This connection's number on the queue board, and how the board tells its callers.
    connection: u64,
    tell: Tell,
    tx: mpsc::UnboundedSender<Internal>,
    calls: HashMap<String, LiveCall>,
    /// Calls whose rows are being opened: the events that came meanwhile.
    pending: HashMap<String, Vec<Event>>,
    /// A leg's channel -> (the caller's channel, the leg).
    legs: HashMap<String, (String, u32)>,
    /// An engine playback id -> (the caller's channel, the session's playback).
    playbacks: HashMap<String, (String, u32)>,
    /// Callers' channels whose calls ended here lately: their last events change nothing.
    ended: VecDeque<String>,
    next_request: u64,
}

/// Ended calls remembered, for the events that follow an end (StasisEnd, ChannelDestroyed).
const ENDED_KEPT: usize = 1000;

impl Engine {
    pub fn new(state: AppState, tx: mpsc::UnboundedSender<Internal>) -> Engine {
        let to_self = tx.clone();
        let tell: Tell = Arc::new(move |channel: &str, ahead| {
            // A connection that has closed no longer listens; its callers leave with it.
            let _ = to_self.send(Internal::CallersAhead { channel: channel.to_string(), ahead });
        });
        Engine {
            connection: state.telephony_queues.connection(),
            tell,
            state,
            tx,
            calls: HashMap::new(),
            pending: HashMap::new(),
            legs: HashMap::new(),
            playbacks: HashMap::new(),
            ended: VecDeque::new(),
            next_request: 0,
        }
    }

    fn request(&mut self, method: &str, uri: String) -> RestRequest {
        self.next_request += 1;
        RestRequest::new(self.next_request, method, uri)
    }

    /// A message from the engine: the requests to send back.
    pub fn incoming(&mut self, text: &str) -> Vec<RestRequest> {
        let Ok(message) = serde_json::from_str::<Incoming>(text) else {
            tracing::warn!(bytes = text.len(), "telephony: a message that is not an ARI event");
            return Vec::new();
        };
        match message {
            Incoming::StasisStart { args, channel } => {
                let id = bounded_id(&channel.id);
                match args.first().map(String::as_str) {
                    Some("inbound") => {
                        self.arrive(id, Arrived::Caller(channel.caller.number.clone()), &channel.dialplan.exten)
                    }
                    Some("browser") => self.arrive(id, Arrived::Browser(channel.name.clone()), &channel.dialplan.exten),
                    _ => match self.legs.get(&id).cloned() {
                        Some((caller, leg)) => {
                            if let Some(call) = self.calls.get_mut(&caller) {
                                call.answered_legs.push(leg);
                            }
                            self.event(&caller, Event::LegAnswered { leg })
                        }
                        // A leg of no call this server knows (it restarted): hang it up.
                        None => vec![self.request("DELETE", format!("channels/{}", encode(&id)))],
                    },
                }
            }
            Incoming::ChannelDtmfReceived { digit, channel } => {
                let key: String = digit.chars().take(1).collect();
                let id = bounded_id(&channel.id);
                match self.legs.get(&id).cloned() {
                    Some((caller, leg)) => self.event(&caller, Event::LegKey { leg, key }),
                    None => self.event(&id, Event::Key { key }),
                }
            }
            Incoming::PlaybackFinished { playback } => {
                if playback.state == "failed" {
                    // The call goes on as if it had played: a missing prompt never stalls a call.
                    tracing::warn!(playback = %bounded_id(&playback.id), "telephony: the engine could not play a prompt");
                    self.state.telephony_steps.playback_failed();
                } else {
                    self.state.telephony_steps.playback_done();
                }
                match self.playbacks.remove(&bounded_id(&playback.id)) {
                    Some((caller, playback)) => self.event(&caller, Event::PlaybackFinished { playback }),
                    None => Vec::new(),
                }
            }
            Incoming::StasisEnd { channel } => {
                let id = bounded_id(&channel.id);
                match self.legs.get(&id).cloned() {
                    Some((caller, leg)) => self.event(&caller, Event::LegHungUp { leg }),
                    None => self.caller_gone(id),
                }
            }
            Incoming::ChannelDestroyed { cause, channel } => {
                let id = bounded_id(&channel.id);
                match self.legs.remove(&id) {
                    Some((caller, leg)) => {
                        let answered = self.calls.get(&caller).is_some_and(|c| c.answered_legs.contains(&leg));
                        let event = if answered {
                            Event::LegHungUp { leg }
                        } else {
                            Event::LegFailed { leg, failure: leg_failure(cause) }
                        };
                        self.event(&caller, event)
                    }
                    None => self.caller_gone(id),
                }
            }
            Incoming::RecordingFinished { recording } => {
                recordings::fetch_later(&self.state, &bounded_id(&recording.name));
                Vec::new()
            }
            Incoming::RestResponse { status_code, request_id, .. } => {
                if status_code >= 400 {
                    tracing::debug!(status_code, request_id, "telephony: the engine refused a request");
                }
                Vec::new()
            }
            Incoming::RecordingFailed { .. } | Incoming::ChannelStateChange { .. } | Incoming::Other => Vec::new(),
        }
    }

    /// A report from one of the connection's tasks.
    pub fn internal(&mut self, message: Internal) -> Vec<RestRequest> {
        match message {
            Internal::Timer { channel, timer } => self.event(&channel, Event::TimerFired { timer }),
            Internal::CallersAhead { channel, ahead } => self.event(&channel, Event::CallersAhead { ahead }),
            Internal::Opened { channel, opened } => {
                let waiting = self.pending.remove(&channel).unwrap_or_default();
                let Some(opened) = opened else {
                    // No customer tracks the number: refused as unallocated (SIP 404).
                    return vec![self.request("DELETE", format!("channels/{}?reason=unallocated", encode(&channel)))];
                };
                // A queue's callers are counted as the call arrives, those of every engine.
                let mut facts = opened.facts.clone();
                facts.queue_waiting = self.state.telephony_queues.counts();
                let (session, commands) = Session::start(facts);
                let call = LiveCall {
                    opened: *opened,
                    session,
                    noted_connected: false,
                    legs: HashMap::new(),
                    answered_legs: vec![],
                    bridge: None,
                    steps: Vec::new(),
                    steps_noted: 0,
                };
                self.calls.insert(channel.clone(), call);
                let mut out = self.perform(&channel, commands);
                self.keep_queue_board(&channel, None);
                for event in waiting {
                    out.extend(self.event(&channel, event));
                }
                out
            }
        }
    }

    /// A caller's channel ended. A call this connection never held (the server restarted while
    /// it went on) is completed as far as its row knows.
    fn caller_gone(&mut self, channel: String) -> Vec<RestRequest> {
        if self.calls.contains_key(&channel) || self.pending.contains_key(&channel) {
            return self.event(&channel, Event::CallerHungUp);
        }
        if self.ended.contains(&channel) {
            return Vec::new();
        }
        let (db, now) = (self.state.db.clone(), self.state.clock.now());
        tokio::spawn(async move {
            if let Err(e) = calls::close_unheld(&db, &channel, now).await {
                tracing::error!(error = %e, "telephony: a call held before a restart could not be completed");
            }
        });
        Vec::new()
    }

    fn arrive(&mut self, channel: String, from: Arrived, dialled: &str) -> Vec<RestRequest> {
        if self.calls.contains_key(&channel) || self.pending.contains_key(&channel) {
            return Vec::new(); // a replayed StasisStart
        }
        if self.calls.len() + self.pending.len() >= CALLS_MAX {
            return vec![self.request("DELETE", format!("channels/{}?reason=busy", encode(&channel)))];
        }
        self.pending.insert(channel.clone(), Vec::new());
        let (db, tx) = (self.state.db.clone(), self.tx.clone());
        let now = self.state.clock.now_millis();
        let dialled: String = dialled.chars().take(64).collect();
        tokio::spawn(async move {
            let opening = match from {
                Arrived::Caller(caller) => {
                    let caller: String = caller.chars().take(64).collect();
                    calls::open(&db, &channel, &dialled, &caller, now).await
                }
                Arrived::Browser(name) => {
                    let name: String = name.chars().take(128).collect();
                    super::browser::open(&db, &channel, &name, &dialled, now).await
                }
            };
            let opened = match opening {
                Ok(opened) => opened,
                Err(e) => {
                    tracing::error!(error = %e, "telephony: a call could not be opened");
                    None
                }
            };
            let _ = tx.send(Internal::Opened { channel, opened: opened.map(Box::new) });
        });
        Vec::new()
    }

    /// An event of the call on `caller`'s channel, through its session.
    fn event(&mut self, caller: &str, event: Event) -> Vec<RestRequest> {
        if let Some(waiting) = self.pending.get_mut(caller) {
            if waiting.len() < PENDING_MAX {
                waiting.push(event);
            }
            return Vec::new();
        }
        let now = self.state.clock.now_millis();
        let Some(call) = self.calls.get_mut(caller) else { return Vec::new() };
        let before = call.session.waiting_since();
        let commands = call.session.on(event, now);
        let out = self.perform(caller, commands);
        self.keep_queue_board(caller, before);
        out
    }

    /// Keeps the queue board in step with the caller: joined a queue, or left it (answered, sent
    /// on, hung up); those still waiting, on any engine, are then told how many are ahead.
    fn keep_queue_board(&mut self, caller: &str, before: Option<(i64, i64)>) {
        let after = self.calls.get(caller).and_then(|c| c.session.waiting_since());
        if before == after {
            return;
        }
        let board = &self.state.telephony_queues;
        if let Some((queue, _)) = before {
            board.leave(queue, caller);
        }
        if let Some((queue, since)) = after {
            board.join(queue, since, caller, self.connection, &self.tell);
        }
    }

    /// The session's commands as engine requests; a call that has ended is completed.
    fn perform(&mut self, caller: &str, commands: Vec<Command>) -> Vec<RestRequest> {
        let mut out = Vec::new();
        for command in commands {
            self.one(caller, command, &mut out);
        }
        if let Some(call) = self.calls.get_mut(caller) {
            if !call.noted_connected && call.session.record().connected_millis.is_some() && !call.session.has_ended() {
                call.noted_connected = true;
                let (db, opened, record) = (self.state.db.clone(), call.opened.clone(), call.session.record().clone());
                tokio::spawn(async move {
                    if let Err(e) = calls::connected(&db, &opened, &record).await {
                        tracing::error!(error = %e, "telephony: a call's answer could not be noted");
                    }
                });
            }
        }
        if let Some(call) = self.calls.get_mut(caller) {
            note_progress(&self.state, call);
        }
        let ended = self.calls.get(caller).is_some_and(|c| c.session.has_ended());
        if ended {
            let call = self.calls.remove(caller).expect("checked above");
            if self.ended.len() == ENDED_KEPT {
                self.ended.pop_front();
            }
            self.ended.push_back(caller.to_string());
            self.legs.retain(|_, (owner, _)| owner != caller);
            self.playbacks.retain(|_, (owner, _)| owner != caller);
            if let Some(bridge) = &call.bridge {
                out.push(self.request("DELETE", format!("bridges/{}", encode(bridge))));
            }
            let db = self.state.db.clone();
            tokio::spawn(async move {
                if let Err(e) = calls::close(&db, &call.opened, call.session.record()).await {
                    tracing::error!(error = %e, call = call.opened.call_id, "telephony: a call's record could not be completed");
                }
            });
        }
        out
    }

    fn one(&mut self, caller: &str, command: Command, out: &mut Vec<RestRequest>) {
        let channel = encode(caller);
        let Some(call) = self.calls.get_mut(caller) else { return };
        let (customer, call_id) = (call.opened.customer, call.opened.call_id);
        let request = match command {
            Command::Ring => ("POST", format!("channels/{channel}/ring")),
            Command::Answer => ("POST", format!("channels/{channel}/answer")),
            Command::Play { playback, to, prompt } => {
                let target = match to {
                    Party::Caller => caller.to_string(),
                    Party::Leg(leg) => match call.legs.get(&leg) {
                        Some(leg) => leg.clone(),
                        None => return,
                    },
                };
                let id = format!("{caller}-p{playback}");
                self.playbacks.insert(id.clone(), (caller.to_string(), playback));
                let media = media::prompt_media(&self.state, customer, prompt);
                ("POST", format!("channels/{}/play/{}?{media}", encode(&target), encode(&id)))
            }
            Command::StopPlayback { playback } => {
                ("DELETE", format!("playbacks/{}", encode(&format!("{caller}-p{playback}"))))
            }
            Command::Hold { music } => {
                ("POST", format!("channels/{channel}/moh?mohClass={}", media::hold_class(music)))
            }
            Command::StopHold => ("DELETE", format!("channels/{channel}/moh")),
            Command::StartTimer { timer, seconds } => {
                let (tx, caller) = (self.tx.clone(), caller.to_string());
                tokio::spawn(async move {
                    tokio::time::sleep(Duration::from_secs(u64::from(seconds))).await;
                    let _ = tx.send(Internal::Timer { channel: caller, timer });
                });
                return;
            }
            Command::Dial { leg, number, seconds } => {
                let leg_channel = format!("{caller}-{leg}");
                call.legs.insert(leg, leg_channel.clone());
                self.legs.insert(leg_channel.clone(), (caller.to_string(), leg));
                let endpoint = self.state.settings.telephony.dial_string(&number);
                let caller_id = call.opened.caller.clone();
                (
                    "POST",
                    format!(
                        "channels?endpoint={}&app={APP}&appArgs=leg&channelId={}&timeout={seconds}&callerId={}",
                        encode(&endpoint),
                        encode(&leg_channel),
                        encode(&caller_id)
                    ),
                )
            }
            Command::DropLeg { leg } => match call.legs.get(&leg) {
                Some(leg_channel) => ("DELETE", format!("channels/{}", encode(leg_channel))),
                None => return,
            },
            Command::SendDigits { leg, digits } => {
                let Some(leg_channel) = call.legs.get(&leg) else { return };
                // The session builds the digits from the call's id or the caller's number.
                let digits: String = digits.chars().filter(|c| c.is_ascii_digit() || matches!(c, '*' | '#')).collect();
                (
                    "POST",
                    format!("channels/{}/dtmf?dtmf={}&between=100&duration=100", encode(leg_channel), encode(&digits)),
                )
            }
            Command::Connect { leg } => {
                let Some(leg_channel) = call.legs.get(&leg).cloned() else { return };
                let bridge = format!("{caller}-b");
                call.bridge = Some(bridge.clone());
                out.push(self.request("POST", format!("bridges?type=mixing&bridgeId={}", encode(&bridge))));
                ("POST", format!("bridges/{}/addChannel?channel={},{}", encode(&bridge), channel, encode(&leg_channel)))
            }
            Command::Record { kind: RecordingKind::Call } => {
                let Some(bridge) = call.bridge.clone() else { return };
                let name = recordings::name(call_id);
                ("POST", format!("bridges/{}/record?name={name}&format=wav&ifExists=overwrite", encode(&bridge)))
            }
            Command::Record { kind: RecordingKind::Voicemail { max_seconds } } => {
                let name = recordings::name(call_id);
                (
                    "POST",
                    format!(
                        "channels/{channel}/record?name={name}&format=wav&ifExists=overwrite&maxDurationSeconds={max_seconds}&beep=false"
                    ),
                )
            }
            Command::HangUp { .. } => ("DELETE", format!("channels/{channel}?reason=normal")),
        };
        let request = self.request(request.0, request.1);
        out.push(request);
    }

    /// The connection is gone: every call it carried is closed with what is known.
    pub fn lost(&mut self) {
        let callers: Vec<String> = self.calls.keys().cloned().collect();
        for caller in callers {
            let _ = self.event(&caller, Event::EngineLost);
        }
        self.state.telephony_queues.forget(self.connection);
    }
}

/// A browser call's page follows it: each new place the session reaches (in the simulator's
/// words), and how it ended, are noted under the call's token.
fn note_progress(state: &AppState, call: &mut LiveCall) {
    let Some(token) = call.opened.token.clone() else { return };
    let ended = call.session.has_ended();
    let place = if ended { ended_step(call.session.record().outcome()) } else { call.session.whereabouts() };
    if !note_step(&mut call.steps, &place) {
        return;
    }
    call.steps_noted += 1;
    let (db, call_id, seq) = (state.db.clone(), call.opened.call_id, call.steps_noted);
    let steps = serde_json::to_string(&call.steps).expect("texts serialise");
    tokio::spawn(async move {
        if let Err(e) = crate::store::browser_calls::note_progress(&db, &token, call_id, &steps, ended, seq).await {
            tracing::warn!(error = %e, "telephony: a browser call's progress could not be noted");
        }
    });
}

/// Serves one engine connection until it closes.
pub async fn serve(state: AppState, mut socket: WebSocket) {
    let (tx, mut rx) = mpsc::unbounded_channel();
    let steps = state.telephony_steps.clone();
    let state_for_records = state.clone();
    let mut engine = Engine::new(state, tx);
    tracing::info!("telephony: the engine connected");
    // The server is back for the engine: the calls it answered alone meanwhile are written.
    super::unreached::collect_later(&state_for_records);
    loop {
        let out = tokio::select! {
            message = socket.recv() => match message {
                Some(Ok(Message::Text(text))) => {
                    let began = std::time::Instant::now();
                    let out = engine.incoming(text.as_str());
                    steps.add(began.elapsed());
                    out
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Binary(_))) => Vec::new(),
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
            },
            Some(internal) = rx.recv() => {
                let began = std::time::Instant::now();
                let out = engine.internal(internal);
                steps.add(began.elapsed());
                out
            }
        };
        for request in out {
            let text = serde_json::to_string(&request).expect("a request serialises");
            if socket.send(Message::Text(text.into())).await.is_err() {
                break;
            }
        }
    }
    tracing::warn!("telephony: the engine's connection closed");
    engine.lost();
}
