//! The library calls are routed through (docs/routing-api.md, "Destination plans, numbers,
//! queues" and "Audio and voicemail"): what the saves of `destinations`, `queues`, `audio` and
//! `voicemails` share (their routes are merged in `routing::router`).
//!
//! Access: every call needs a `RoutingUser`. The lists the connect pages' selectors read
//! (destination plans, destination numbers, queues, audio, voicemails, the audio player) need
//! nothing more; every write, the audio list and the editors' own reads need one of the
//! advanced routing scopes.

use domain::FieldErrors;
use serde::Serialize;
use utoipa::ToSchema;

use crate::http::kit::error::AppError;

/// Audio uploads carry a file of up to 5 MB (domain `MAX_AUDIO_BYTES`, which gives the
/// message); the body may be a little larger so such a file gets that message, not a 413.
pub const AUDIO_BODY_LIMIT: usize = 6 * 1024 * 1024;

/// The shape bound of a text field: far above any of the domain's limits (60 characters for
/// descriptions), so the domain's message is the one users see.
pub(super) const TEXT_MAX: usize = 1_000;

/// The shape bound of a small number posted as text (a type, a mailbox flag, a count): the
/// domain reads it and gives its own message for anything it refuses.
pub(super) const NUMBER_MAX: usize = 100;

/// An id field: a number, or empty (or left out) for none.
pub(super) type IdField = Option<i64>;

/// The answer of a save: `{ success: true, id }`, the record's id.
#[derive(Serialize, ToSchema)]
pub(super) struct LibrarySaved {
    pub success: bool,
    pub id: i64,
}

impl LibrarySaved {
    pub fn id(id: i64) -> Self {
        LibrarySaved { success: true, id }
    }
}

/// The 422 for a failed save: when the only problem is that the description is taken, the
/// spec's code (`DESCRIPTION_NOT_UNIQUE`) instead of VALIDATION_FAILED.
pub(super) fn refused(errors: FieldErrors, field: &str, not_unique: &str) -> AppError {
    if errors.iter().all(|(f, m)| f == field && m == not_unique) {
        AppError::Coded("DESCRIPTION_NOT_UNIQUE", errors)
    } else {
        AppError::Validation(errors)
    }
}
