//! Call queues: manageconnections/getQueues/ and queues/save/{id}.

use axum::extract::{Path, State};
use axum::Json;
use domain::routing::{validate_queue, QueueForm, QUEUE_NOT_UNIQUE};
use serde_json::{json, Value};

use super::RoutingUser;
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::state::AppState;
use crate::store::audios;
use crate::store::queues::{self, Queue};

pub(super) async fn list(State(state): State<AppState>, user: RoutingUser) -> Result<Json<Value>, AppError> {
    let queues: Vec<Value> = queues::list(&state.db, user.customer())
        .await?
        .into_iter()
        .map(|q| {
            json!({
                "id": q.id,
                "description": q.description,
                "maxCalls": q.max_calls,
                "quantityOfLines": q.lines_qty,
                "holdMusic": q.hold_music,
                "apologyMode": q.message_mode,
                "apologyInterval": q.message_interval,
                "welcomeAudio": q.welcome_audio_id,
                "message1Audio": q.audio_1_id,
                "message2Audio": q.audio_2_id,
                "message3Audio": q.audio_3_id,
                "nextInLineAudio": q.next_in_line_audio_id,
                "queueFullAudio": q.queue_full_audio_id,
            })
        })
        .collect();
    Ok(Json(json!({ "queues": queues })))
}

/// queues/save/{id}: `id` 0 creates (also "save as new", checked against every queue).
pub(super) async fn save(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    if id != 0 && queues::find(&state.db, customer, id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let queue = QueueForm {
        description: form.text("form_description").trim().to_string(),
        max_calls: form.text("form_max_calls").to_string(),
        lines_qty: form.text("form_lines_qty").to_string(),
        hold_music: form.id("form_hold_music"),
        message_mode: form.id("form_message_mode"),
        message_interval: form.id("form_message_interval"),
        welcome_audio: form.id("form_welcome_audio"),
        audio1: form.id("form_audio_1"),
        audio2: form.id("form_audio_2"),
        audio3: form.id("form_audio_3"),
        next_in_line_audio: form.id("form_next_in_line_audio"),
        queue_full_audio: form.id("form_queue_full_audio"),
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
    if !audios::owns_all(&state.db, customer, &audio_ids).await? {
        return Err(AppError::NotFound);
    }
    let taken = queues::descriptions(&state.db, customer, id).await?;
    if let Err(errors) = validate_queue(&queue, &taken) {
        if errors.iter().all(|(f, m)| f == "form_description" && m == QUEUE_NOT_UNIQUE) {
            // The spec's queue answer also names the problem in `error`; `code` replaces
            // VALIDATION_FAILED.
            let extra = json!({ "code": "DESCRIPTION_NOT_UNIQUE", "error": QUEUE_NOT_UNIQUE });
            return Err(AppError::ValidationWith(errors, extra));
        }
        return Err(AppError::Validation(errors));
    }
    let number = |typed: &str| typed.trim().parse::<i64>().unwrap_or(0);
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
    let id = queues::save(&state.db, customer, &stored).await?;
    Ok(Json(json!({ "success": true, "id": id })))
}
