//! Call queues: manageconnections/getQueues/ and queues/save/{id}.

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::routing::history::{RecordKey, RecordKind};
use domain::routing::{
    validate_queue, QueueForm, HOLD_MUSIC, MESSAGE_MODES, QUEUE_DESCRIPTION_MAX, QUEUE_LINES_MAX, QUEUE_MAX_CALLS,
    QUEUE_NOT_UNIQUE,
};
use garde::Validate;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::library::{IdField, LibrarySaved, NUMBER_MAX, TEXT_MAX};
use super::RoutingUser;
use crate::http::contract::bounds;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::routing::draft::{RoutingRead, RoutingWrite};
use crate::state::AppState;
use crate::store::queues::{self, Queue};
use crate::store::{audios, routing_history};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(list_slash)).routes(routes!(save))
}

/// A queue as the editor and the selectors read it (audio ids are 0 for none).
#[derive(Serialize, ToSchema)]
struct QueueView {
    id: i64,
    description: String,
    #[serde(rename = "maxCalls")]
    max_calls: i64,
    #[serde(rename = "quantityOfLines")]
    quantity_of_lines: i64,
    /// The hold music genre.
    #[serde(rename = "holdMusic")]
    hold_music: i64,
    #[serde(rename = "apologyMode")]
    apology_mode: i64,
    /// Seconds between apology messages.
    #[serde(rename = "apologyInterval")]
    apology_interval: i64,
    #[serde(rename = "welcomeAudio")]
    welcome_audio: i64,
    #[serde(rename = "message1Audio")]
    message1_audio: i64,
    #[serde(rename = "message2Audio")]
    message2_audio: i64,
    #[serde(rename = "message3Audio")]
    message3_audio: i64,
    #[serde(rename = "nextInLineAudio")]
    next_in_line_audio: i64,
    #[serde(rename = "queueFullAudio")]
    queue_full_audio: i64,
}

#[derive(Serialize, ToSchema)]
struct QueueList {
    queues: Vec<QueueView>,
}

#[utoipa::path(get, path = "/manageconnections/getQueues", tag = "routing", responses((status = 200, body = QueueList)))]
async fn list(State(state): State<AppState>, user: RoutingUser) -> Result<Json<QueueList>, AppError> {
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let queues = queues::list(&mut view, user.customer())
        .await?
        .into_iter()
        .map(|q| QueueView {
            id: q.id,
            description: q.description,
            max_calls: q.max_calls,
            quantity_of_lines: q.lines_qty,
            hold_music: q.hold_music,
            apology_mode: q.message_mode,
            apology_interval: q.message_interval,
            welcome_audio: q.welcome_audio_id,
            message1_audio: q.audio_1_id,
            message2_audio: q.audio_2_id,
            message3_audio: q.audio_3_id,
            next_in_line_audio: q.next_in_line_audio_id,
            queue_full_audio: q.queue_full_audio_id,
        })
        .collect();
    Ok(Json(QueueList { queues }))
}

/// manageconnections/getQueues/, as the browser calls it.
#[utoipa::path(get, path = "/manageconnections/getQueues/", tag = "routing", responses((status = 200, body = QueueList)))]
async fn list_slash(state: State<AppState>, user: RoutingUser) -> Result<Json<QueueList>, AppError> {
    list(state, user).await
}

/// A queue. The domain's rules (`validate_queue`) decide, numbers included (read as text, so
/// a wrong one gets the domain's message); these bounds only stop absurd input first. Audio
/// ids are 0 or empty for none.
#[derive(Deserialize, Validate, ToSchema)]
struct SaveQueueRequest {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = bounds::required_keyboard::<QUEUE_DESCRIPTION_MAX, TEXT_MAX>)]
    form_description: String,
    /// 1 to 100.
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    #[schema(required = true, schema_with = bounds::whole_in::<1, QUEUE_MAX_CALLS>)]
    form_max_calls: String,
    /// 1 to 99.
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    #[schema(required = true, schema_with = bounds::whole_in::<1, QUEUE_LINES_MAX>)]
    form_lines_qty: String,
    /// The hold music genre.
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    #[schema(required = true, schema_with = hold_music)]
    form_hold_music: String,
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    #[schema(required = true, schema_with = message_modes)]
    form_message_mode: String,
    /// Seconds between apology messages.
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    #[schema(required = true, schema_with = message_intervals)]
    form_message_interval: String,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    form_welcome_audio: IdField,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    form_audio_1: IdField,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    form_audio_2: IdField,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    form_audio_3: IdField,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    form_next_in_line_audio: IdField,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    form_queue_full_audio: IdField,
}

fn hold_music() -> utoipa::openapi::schema::Object {
    bounds::keys(HOLD_MUSIC.map(|(id, _)| id))
}

fn message_modes() -> utoipa::openapi::schema::Object {
    bounds::keys(MESSAGE_MODES.map(|(id, _)| id))
}

fn message_intervals() -> utoipa::openapi::schema::Object {
    bounds::keys(domain::routing::message_intervals())
}

/// A number field read as before: 0 when empty or not a number (the domain's 'required').
fn number(typed: &str) -> i64 {
    typed.trim().parse().unwrap_or(0)
}

/// queues/save/{id}: `id` 0 creates (also "save as new", checked against every queue).
#[utoipa::path(post, path = "/queues/save/{id}", tag = "routing",
    params(("id" = i64, Path, minimum = 0, description = "The queue, 0 for a new one")),
    request_body(content((SaveQueueRequest = "multipart/form-data"), (SaveQueueRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = LibrarySaved)))]
async fn save(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
    Form { fields: form, .. }: Form<SaveQueueRequest>,
) -> Result<Json<LibrarySaved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let mut tx = RoutingWrite::begin(&state, &user, RecordKind::Queue).await?;
    if id != 0 && queues::find(&mut tx.tx, customer, id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let audio = |id: IdField| id.unwrap_or(0);
    let queue = QueueForm {
        description: form.form_description.trim().to_string(),
        max_calls: form.form_max_calls.clone(),
        lines_qty: form.form_lines_qty.clone(),
        hold_music: number(&form.form_hold_music),
        message_mode: number(&form.form_message_mode),
        message_interval: number(&form.form_message_interval),
        welcome_audio: audio(form.form_welcome_audio),
        audio1: audio(form.form_audio_1),
        audio2: audio(form.form_audio_2),
        audio3: audio(form.form_audio_3),
        next_in_line_audio: audio(form.form_next_in_line_audio),
        queue_full_audio: audio(form.form_queue_full_audio),
    };
    let audio_ids: Vec<i64> = [
        queue.welcome_audio,
        queue.audio1,
        queue.audio2,
        queue.audio3,
        queue.next_in_line_audio,
        queue.queue_full_audio,
    ]
    .into_iter()
    .filter(|&a| a != 0)
    .collect();
    if !audios::owns_all(&mut tx.tx, customer, &audio_ids).await? {
        return Err(AppError::NotFound);
    }
    let taken = queues::descriptions(&mut tx.tx, customer, id).await?;
    if let Err(errors) = validate_queue(&queue, &taken) {
        if errors.iter().all(|(f, m)| f == "form_description" && m == QUEUE_NOT_UNIQUE) {
            // The spec's queue answer also names the problem in `error`; `code` replaces
            // VALIDATION_FAILED.
            let extra = json!({ "code": "DESCRIPTION_NOT_UNIQUE", "error": QUEUE_NOT_UNIQUE });
            return Err(AppError::ValidationWith(errors, extra));
        }
        return Err(AppError::Validation(errors));
    }
    let stored = Queue {
        id,
        description: queue.description,
        max_calls: number(&queue.max_calls),
        lines_qty: number(&queue.lines_qty),
        hold_music: queue.hold_music,
        message_mode: queue.message_mode,
        message_interval: queue.message_interval,
        welcome_audio_id: queue.welcome_audio,
        audio_1_id: queue.audio1,
        audio_2_id: queue.audio2,
        audio_3_id: queue.audio3,
        next_in_line_audio_id: queue.next_in_line_audio,
        queue_full_audio_id: queue.queue_full_audio,
    };
    let before = match id {
        0 => None,
        id => routing_history::queue(&mut tx, customer, id).await?,
    };
    let id = queues::save(&mut tx, customer, &stored).await?;
    let after = routing_history::queue(&mut tx, customer, id).await?;
    tx.record(RecordKey { kind: RecordKind::Queue, id }, before, after).await?;
    tx.commit(&state).await?;
    Ok(Json(LibrarySaved::id(id)))
}
