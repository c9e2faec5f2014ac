//! The library calls are routed through (docs/routing-api.md, "Destination plans, numbers,
//! queues" and "Audio and voicemail"): the routes of `destinations`, `queues`, `audio` and
//! `voicemails`, and what their saves share.
//!
//! Access: every call needs a `RoutingUser`. The lists the connect pages' selectors read
//! (destination plans, destination numbers, queues, audio, voicemails, the audio player) need
//! nothing more; every write, the audio list and the editors' own reads need one of the
//! advanced routing scopes.

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post, MethodRouter};
use axum::Router;
use domain::FieldErrors;

use super::{audio, destinations, queues, voicemails};
use crate::http::error::AppError;
use crate::state::AppState;

/// Audio uploads carry a file of up to 5 MB (domain `MAX_AUDIO_BYTES`, which gives the
/// message); the body may be a little larger so such a file gets that message, not a 413.
pub const AUDIO_BODY_LIMIT: usize = 6 * 1024 * 1024;

pub(crate) fn router() -> Router<AppState> {
    let upload = |handler: MethodRouter<AppState>| handler.layer(DefaultBodyLimit::max(AUDIO_BODY_LIMIT));
    let mut router = Router::new()
        .route("/manageconnections/getDestinationPlanDetails/{id}", get(destinations::plan_details))
        .route("/manageroutings/save/{id}", post(destinations::save_plan))
        .route("/queues/save/{id}", post(queues::save))
        .route("/manageaudios/checkAudioDescription/{id}", post(audio::check_description))
        .route("/manageconnections/getAudio/{file}", get(audio::get_audio))
        .route("/manageconnections/downloadAudio/{file}/{name}", get(audio::download_audio))
        .route("/managevoicemails/get/{id}", get(voicemails::get))
        .route("/managevoicemails/update/{id}", post(voicemails::update));
    // The spec writes some of these with a trailing slash and some without: both are served.
    let either_slash: Vec<(&str, MethodRouter<AppState>)> = vec![
        ("/manageroutings/getRoutings", get(destinations::plans)),
        ("/manageconnections/getDestinationNumbers", get(destinations::numbers)),
        ("/manageterms/storeDestinationNumber", post(destinations::store_number)),
        ("/manageterms/updateDestinationNumber", post(destinations::update_number)),
        ("/manageconnections/getQueues", get(queues::list)),
        ("/manageconnections/getCustomerAudios", get(audio::customer_audios)),
        ("/manageaudios/getAudioList", get(audio::audio_list)),
        ("/manageaudios/getAffectedLocations", post(audio::affected_locations)),
        ("/manageaudios/bulkSoftDelete", post(audio::bulk_soft_delete)),
        ("/manageaudios/addAudio", upload(post(audio::add_audio))),
        ("/manageaudios/updateAudio", upload(post(audio::update_audio))),
        ("/managevoicemails/getList", get(voicemails::list)),
        ("/managevoicemails/store", post(voicemails::store)),
    ];
    for (path, handler) in either_slash {
        router = router.route(path, handler.clone()).route(&format!("{path}/"), handler);
    }
    router
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
