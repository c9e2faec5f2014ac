//! The built frontend under /manage/. Page paths fall back to index.html (history-mode routing);
//! a missing asset is a 404, never index.html.

use crate::store::CustomerId;
use std::path::{Component, Path, PathBuf};

use crate::http::kit::extract::Path as UrlPath;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::header::{ACCEPT_RANGES, CACHE_CONTROL, CONTENT_TYPE, LAST_MODIFIED};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;
use tower::ServiceExt;
use tower_http::services::ServeFile;

use crate::http::kit::session::CurrentSession;
use crate::state::AppState;
use crate::store::{accounts, branding};

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/", get(|| async { Redirect::to("/manage/") }))
        .route("/manage", get(|| async { Redirect::permanent("/manage/") }))
        .route("/manage/", get(index))
        .route("/manage/{*path}", get(asset_or_page))
        .route("/logos/{file}", get(logo))
}

async fn index(State(state): State<AppState>, req: Request) -> Response {
    serve(state.settings.static_dir.join("index.html"), req, false).await
}

async fn asset_or_page(State(state): State<AppState>, UrlPath(path): UrlPath<String>, req: Request) -> Response {
    let Some(relative) = safe_relative(&path) else { return StatusCode::NOT_FOUND.into_response() };
    let file = state.settings.static_dir.join(&relative);
    if tokio::fs::metadata(&file).await.is_ok_and(|m| m.is_file()) {
        let hashed = relative.starts_with("assets");
        return serve(file, req, hashed).await;
    }
    if looks_like_asset(&path) {
        return StatusCode::NOT_FOUND.into_response();
    }
    serve(state.settings.static_dir.join("index.html"), req, false).await
}

/// An asset path: under assets/, or a last segment with a file extension.
fn looks_like_asset(path: &str) -> bool {
    path.starts_with("assets/") || path.rsplit('/').next().is_some_and(|last| last.contains('.'))
}

/// The path as a relative file path, refusing anything that climbs out of the folder.
fn safe_relative(path: &str) -> Option<PathBuf> {
    let candidate = Path::new(path);
    candidate.components().all(|c| matches!(c, Component::Normal(_))).then(|| candidate.to_path_buf())
}

async fn serve(file: PathBuf, req: Request, immutable: bool) -> Response {
    if !tokio::fs::try_exists(&file).await.unwrap_or(false) {
        let message = "The admin area has not been built: run the README's run command.";
        return (StatusCode::NOT_FOUND, message).into_response();
    }
    // The build writes .br and .gz copies beside each asset (frontend/scripts/compress.mjs);
    // a browser that accepts one gets it, with Content-Encoding set.
    let mut response = match ServeFile::new(&file).precompressed_br().precompressed_gzip().oneshot(req).await {
        Ok(response) => response.map(Body::new),
        Err(never) => match never {},
    };
    // Built asset names carry a content hash; index.html must always be fetched fresh.
    let cache = if immutable { "public, max-age=31536000, immutable" } else { "no-cache" };
    let headers = response.headers_mut();
    headers.insert(CACHE_CONTROL, HeaderValue::from_static(cache));
    if immutable {
        // Never revalidated nor fetched in parts: a date to revalidate against and an offer of
        // byte ranges would only add their bytes to each asset of the first screen.
        headers.remove(LAST_MODIFIED);
        headers.remove(ACCEPT_RANGES);
    }
    response
}

/// A customer's logo (its own SVG, or its partner's PNG branding) and favicon, for users with
/// access to that customer.
async fn logo(
    State(state): State<AppState>,
    CurrentSession(session): CurrentSession,
    UrlPath(file): UrlPath<String>,
) -> Response {
    let (stem, kind) = if let Some(stem) = file.strip_suffix("-favicon.png") {
        (stem, LogoFile::Favicon)
    } else if let Some(stem) = file.strip_suffix(".png") {
        (stem, LogoFile::BrandLogo)
    } else if let Some(stem) = file.strip_suffix(".svg") {
        (stem, LogoFile::OwnLogo)
    } else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let Ok(customer_id) = stem.parse::<i64>().map(CustomerId::new) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let allowed = accounts::accessible_customer(&state.db, session.user_id, customer_id).await.ok().flatten().is_some();
    if !allowed {
        return StatusCode::NOT_FOUND.into_response();
    }
    let found = match kind {
        LogoFile::OwnLogo => {
            accounts::logo_svg(&state.db, customer_id).await.map(|svg| svg.map(|s| ("image/svg+xml", s.into_bytes())))
        }
        LogoFile::BrandLogo => {
            branding::image(&state.db, customer_id, false).await.map(|png| png.map(|p| ("image/png", p)))
        }
        LogoFile::Favicon => {
            branding::image(&state.db, customer_id, true).await.map(|png| png.map(|p| ("image/png", p)))
        }
    };
    match found {
        // The address changes with each save (?v=), so a browser may keep a copy for a day.
        Ok(Some((content_type, bytes))) => {
            ([(CONTENT_TYPE, content_type), (CACHE_CONTROL, "private, max-age=86400")], bytes).into_response()
        }
        _ => StatusCode::NOT_FOUND.into_response(),
    }
}

enum LogoFile {
    OwnLogo,
    BrandLogo,
    Favicon,
}
