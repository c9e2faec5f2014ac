//! partnerportal/getBranding and partnerportal/saveBranding: the partner's top-bar colours,
//! logo and favicon (PNG), shown in its portal and its clients' admin area. Saving needs an
//! administrator of the partner; the images are checked by the domain's rules before storing.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use domain::partners::branding::{image_problem, validate_branding_colours, BrandImage, BrandingColours};
use serde::Serialize;

use super::require_page;
use crate::http::account_user::AccountUser;
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::state::AppState;
use crate::store::branding::{self, ImageChange};

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/partnerportal/getBranding", get(get_branding))
        .route("/partnerportal/saveBranding", post(save_branding))
}

/// The colours a partner without branding starts from (the product's own top bar).
const DEFAULT_BACKGROUND: &str = "#ffffff";
const DEFAULT_TEXT: &str = "#212121";

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BrandingView {
    top_bar_background: String,
    top_bar_text: String,
    logo_url: Option<String>,
    favicon_url: Option<String>,
    can_edit: bool,
}

async fn get_branding(State(state): State<AppState>, user: AccountUser) -> Result<Json<BrandingView>, AppError> {
    require_page(&user, "/partner/settings")?;
    let customer = user.account.customer_id;
    let stored = branding::for_customer(&state.db, customer).await?;
    let view = match stored {
        Some(b) => BrandingView {
            top_bar_background: b.top_bar_background,
            top_bar_text: b.top_bar_text,
            logo_url: (b.has_logo != 0).then(|| format!("/logos/{customer}.png?v={}", b.updated_at)),
            favicon_url: (b.has_favicon != 0).then(|| format!("/logos/{customer}-favicon.png?v={}", b.updated_at)),
            can_edit: user.account.is_administrator,
        },
        None => BrandingView {
            top_bar_background: DEFAULT_BACKGROUND.into(),
            top_bar_text: DEFAULT_TEXT.into(),
            logo_url: None,
            favicon_url: None,
            can_edit: user.account.is_administrator,
        },
    };
    Ok(Json(view))
}

#[derive(Serialize)]
struct Saved {
    success: bool,
}

/// A new image from the form (checked), its removal (form_remove_logo = 1), or no change.
fn image_change(form: &FormData, image: BrandImage, remove_field: &str) -> Result<ImageChange, String> {
    match form.file(image.field()) {
        Some(file) => match image_problem(image, &file.bytes, file.bytes.len()) {
            Some(problem) => Err(problem),
            None => Ok(ImageChange::Replace(file.bytes.clone())),
        },
        None if form.text(remove_field) == "1" => Ok(ImageChange::Remove),
        None => Ok(ImageChange::Keep),
    }
}

async fn save_branding(
    State(state): State<AppState>,
    user: AccountUser,
    form: FormData,
) -> Result<Json<Saved>, AppError> {
    require_page(&user, "/partner/settings")?;
    if !user.account.is_administrator {
        return Err(AppError::Forbidden);
    }
    let colours = BrandingColours {
        background: form.text("form_top_bar_background").trim().to_lowercase(),
        text: form.text("form_top_bar_text").trim().to_lowercase(),
    };
    let mut errors = validate_branding_colours(&colours);
    let logo = image_change(&form, BrandImage::Logo, "form_remove_logo")
        .map_err(|problem| errors.add(BrandImage::Logo.field(), problem));
    let favicon = image_change(&form, BrandImage::Favicon, "form_remove_favicon")
        .map_err(|problem| errors.add(BrandImage::Favicon.field(), problem));
    let (Ok(logo), Ok(favicon)) = (logo, favicon) else { return Err(AppError::Validation(errors)) };
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    let mut tx = state.db.begin().await?;
    let partner = user.account.customer_id;
    let now = state.clock.now();
    branding::save(&mut tx, partner, (&colours.background, &colours.text), logo, favicon, user.session.user_id, now)
        .await?;
    tx.commit().await?;
    tracing::info!(partner, user = user.session.user_id, "partner branding saved");
    Ok(Json(Saved { success: true }))
}
