//! partnerportal/getBranding and partnerportal/saveBranding: the partner's top-bar colours,
//! logo and favicon (PNG), shown in its portal and its clients' admin area. Saving needs an
//! administrator of the partner; the images are checked by the domain's rules before storing.

use crate::http::contract::bounds;
use axum::extract::State;
use axum::Json;
use domain::partners::branding::{image_problem, validate_branding_colours, BrandImage, BrandingColours};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::require_page;
use crate::http::contract::Done;
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::branding::{self, ImageChange};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_branding)).routes(routes!(save_branding))
}

/// The colours a partner without branding starts from (the product's own top bar).
const DEFAULT_BACKGROUND: &str = "#ffffff";
const DEFAULT_TEXT: &str = "#212121";

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct BrandingView {
    top_bar_background: String,
    top_bar_text: String,
    logo_url: Option<String>,
    favicon_url: Option<String>,
    can_edit: bool,
}

#[utoipa::path(get, path = "/partnerportal/getBranding", tag = "partner", responses((status = 200, body = BrandingView)))]
async fn get_branding(State(state): State<AppState>, user: AccountUser) -> Result<Json<BrandingView>, AppError> {
    require_page(&user, "/partner/settings")?;
    let customer = user.customer();
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

/// The branding form (multipart). The files are read as files, not fields: `form_logo`,
/// `form_favicon` (PNG), each optional.
#[derive(Deserialize, Validate, ToSchema)]
struct SaveBrandingRequest {
    /// #rrggbb
    #[serde(default)]
    #[garde(length(chars, max = 20))]
    #[schema(required = true, schema_with = bounds::hex_colour)]
    form_top_bar_background: String,
    /// #rrggbb, in contrast with the background.
    #[serde(default)]
    #[garde(length(chars, max = 20))]
    #[schema(required = true, schema_with = bounds::hex_colour)]
    form_top_bar_text: String,
    /// 1: remove the stored logo (when no new one is sent).
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    form_remove_logo: String,
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    form_remove_favicon: String,
    #[serde(skip)]
    #[schema(value_type = Option<String>, format = Binary)]
    #[garde(skip)]
    #[allow(dead_code)]
    form_logo: (),
    #[serde(skip)]
    #[schema(value_type = Option<String>, format = Binary)]
    #[garde(skip)]
    #[allow(dead_code)]
    form_favicon: (),
}

/// A new image from the form (checked), its removal (`remove` is 1), or no change.
fn image_change(form: &Form<SaveBrandingRequest>, image: BrandImage, remove: &str) -> Result<ImageChange, String> {
    match form.file(image.field()) {
        Some(file) => match image_problem(image, &file.bytes, file.bytes.len()) {
            Some(problem) => Err(problem),
            None => Ok(ImageChange::Replace(file.bytes.clone())),
        },
        None if remove == "1" => Ok(ImageChange::Remove),
        None => Ok(ImageChange::Keep),
    }
}

#[utoipa::path(post, path = "/partnerportal/saveBranding", tag = "partner", request_body(content = SaveBrandingRequest, content_type = "multipart/form-data"), responses((status = 200, body = Done)))]
async fn save_branding(
    State(state): State<AppState>,
    user: AccountUser,
    form: Form<SaveBrandingRequest>,
) -> Result<Json<Done>, AppError> {
    require_page(&user, "/partner/settings")?;
    if !user.account.is_administrator {
        return Err(AppError::Forbidden);
    }
    let fields = &form.fields;
    let colours = BrandingColours {
        background: fields.form_top_bar_background.trim().to_lowercase(),
        text: fields.form_top_bar_text.trim().to_lowercase(),
    };
    let mut errors = validate_branding_colours(&colours);
    let logo = image_change(&form, BrandImage::Logo, &fields.form_remove_logo)
        .map_err(|problem| errors.add(BrandImage::Logo.field(), problem));
    let favicon = image_change(&form, BrandImage::Favicon, &fields.form_remove_favicon)
        .map_err(|problem| errors.add(BrandImage::Favicon.field(), problem));
    let (Ok(logo), Ok(favicon)) = (logo, favicon) else { return Err(AppError::Validation(errors)) };
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    let mut tx = crate::db::begin_write(&state.db).await?;
    let partner = user.customer();
    let now = state.clock.now();
    branding::save(&mut tx, partner, (&colours.background, &colours.text), logo, favicon, user.session.user_id, now)
        .await?;
    tx.commit().await?;
    tracing::info!(partner = partner.get(), user = user.session.user_id, "partner branding saved");
    Ok(Json(Done { success: true }))
}
