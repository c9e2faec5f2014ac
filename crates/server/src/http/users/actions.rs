//! users/sendPasswordReset, users/deleteUser and users/removeFromAccount. Resetting and
//! deleting act on the user everywhere, so they need the user's whole identity (every customer
//! the user reaches is the editor's); removing acts on the current account only.

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::users::{delete_refusal, removal_refusal, DeleteRequest};
use domain::FieldErrors;
use garde::Validate;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::editor::{Editor, Target};
use super::TEXT_MAX;
use crate::http::contract::Done;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::{confirmations, outbox, password_resets, sessions, user_admin};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(send_password_reset))
        .routes(routes!(delete_user))
        .routes(routes!(remove_from_account))
}

/// Mails a user a link to set their password: a welcome for a new user, else a reset.
pub(crate) async fn send_password_email(state: &AppState, user_id: i64, welcome: bool) -> Result<String, AppError> {
    let user = user_admin::settings(&state.db, user_id).await?.ok_or(AppError::NotFound)?;
    let now = state.clock.now();
    let token = password_resets::issue(&state.db, user_id, now).await?;
    let link = if welcome {
        format!("/resetpassword?welcome=1&token={token}")
    } else {
        format!("/resetpassword?token={token}")
    };
    let product = &state.settings.product_name;
    let (subject, opening, action) = if welcome {
        (
            format!("Welcome to {product}"),
            format!("An account has been created for you on {product}."),
            "Set your password here",
        )
    } else {
        (
            format!("Reset your {product} password"),
            "We received a request to reset your password.".to_string(),
            "Reset your password here",
        )
    };
    // The link is kept only where the outbox is served (DEV_OUTBOX): elsewhere the stored copy
    // says a link was sent without holding it, since a reset link is as good as a password.
    let (shown, kept) = if state.settings.dev_outbox {
        (link.as_str(), Some(link.as_str()))
    } else {
        ("(withheld from this copy)", None)
    };
    let body =
        format!("Hello {},\n\n{opening}\n{action}: {shown}\nThe link works once, for 24 hours.\n", user.forename);
    outbox::send(&state.db, &user.email, &subject, &body, kept, now).await?;
    Ok(format!("{} {}", user.forename, user.surname))
}

#[derive(Serialize, ToSchema)]
struct PasswordResetSent {
    success: bool,
    /// "A password reset email has been sent to {name}".
    message: String,
}

#[utoipa::path(post, path = "/users/sendPasswordReset/{id}", tag = "users",
    params(("id" = i64, Path, minimum = 1)),
    responses((status = 200, body = PasswordResetSent)))]
async fn send_password_reset(
    State(state): State<AppState>,
    editor: Editor,
    Path(id): Path<i64>,
) -> Result<Json<PasswordResetSent>, AppError> {
    editor.require_editing()?;
    let target = Target::load(&state, &editor, id).await?;
    target.require_manageable(&editor)?;
    target.require_identity()?;
    let name = send_password_email(&state, id, false).await?;
    Ok(Json(PasswordResetSent { success: true, message: format!("A password reset email has been sent to {name}") }))
}

/// Deleting needs the single-use key of handleajax/confirmPassword.
#[derive(Deserialize, Validate, ToSchema)]
struct DeleteUserRequest {
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    key: String,
}

/// A refusal by the domain's rules is 422 with the message twice: `errors.user` and `message`.
#[utoipa::path(post, path = "/users/deleteUser/{id}", tag = "users",
    params(("id" = i64, Path, minimum = 1)),
    request_body(content((DeleteUserRequest = "multipart/form-data"), (DeleteUserRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn delete_user(
    State(state): State<AppState>,
    editor: Editor,
    Path(id): Path<i64>,
    Form { fields: form, .. }: Form<DeleteUserRequest>,
) -> Result<Json<Done>, AppError> {
    editor.require_editing()?;
    let target = Target::load(&state, &editor, id).await?;
    // The key from handleajax/confirmPassword is used up first, so it cannot be replayed.
    let key = form.key.as_str();
    if key.is_empty() || !confirmations::consume(&state.db, &editor.session, key, state.clock.now()).await? {
        return Err(AppError::Forbidden);
    }
    let request = DeleteRequest {
        actor_id: editor.id(),
        actor_level: editor.level(),
        target_id: id,
        target_level: target.level(),
        fewest_owners_where_target_owns: user_admin::fewest_owners_where_owner(&state.db, id).await?,
    };
    if let Some(message) = delete_refusal(&request) {
        return Err(refusal(message));
    }
    target.require_identity()?;
    user_admin::delete_user(&state.db, id).await?;
    tracing::info!(editor = editor.id(), user = id, "user deleted");
    Ok(Json(Done { success: true }))
}

fn refusal(message: &str) -> AppError {
    let mut errors = FieldErrors::new();
    errors.add("user", message);
    AppError::ValidationWith(errors, json!({ "message": message }))
}

/// Ends the user's access to the current account only; the user and their other accounts stay.
#[utoipa::path(post, path = "/users/removeFromAccount/{id}", tag = "users",
    params(("id" = i64, Path, minimum = 1)),
    responses((status = 200, body = Done)))]
async fn remove_from_account(
    State(state): State<AppState>,
    editor: Editor,
    Path(id): Path<i64>,
) -> Result<Json<Done>, AppError> {
    editor.require_editing()?;
    let customer = editor.customer();
    let target = Target::load(&state, &editor, id).await?;
    let level = target.level_on(customer.get()).ok_or(AppError::NotFound)?;
    target.require_access_change(customer.get(), None)?;
    let owners = user_admin::owners_on(&state.db, customer).await?;
    if let Some(message) = removal_refusal(editor.id(), id, level, owners) {
        return Err(refusal(message));
    }
    let mut tx = crate::db::begin_write(&state.db).await?;
    user_admin::remove_access(&mut tx, id, customer).await?;
    user_admin::rehome_if_needed(&mut tx, id).await?;
    sessions::end_on_customer(&mut tx, id, customer).await?;
    tx.commit().await?;
    tracing::info!(editor = editor.id(), user = id, customer = customer.get(), "user removed from account");
    Ok(Json(Done { success: true }))
}
