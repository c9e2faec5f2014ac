//! Small pages the server answers itself, outside the single-page app.

use axum::extract::State;
use axum::http::header::HOST;
use axum::http::HeaderMap;
use axum::response::{Html, Redirect};
use axum::routing::get;
use axum::Router;

use crate::state::AppState;
use crate::store::prices;

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/backtoreports", get(back_to_reports))
        .route("/contactus", get(contact_us))
        .route("/conditions", get(conditions))
        .route("/apidocs", get(api_docs))
        .route("/pricing", get(pricing))
}

pub const SUPPORT_PHONE: &str = "0161 496 0000";
pub const SUPPORT_EMAIL: &str = "clientservices@calltrack.example";

/// Escapes text for HTML.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

/// A page in the product's look. `body` is trusted HTML; escape anything from outside first.
pub fn layout(product: &str, title: &str, body: &str) -> Html<String> {
    let product = escape(product);
    let title = escape(title);
    Html(format!(
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{product} - {title}</title>
<link rel="icon" type="image/svg+xml" href="/manage/favicon.svg">
<style>
body{{margin:0;font-family:Roboto,Helvetica,Arial,sans-serif;background:#f5f5f5;color:#212121}}
header{{height:70px;display:flex;align-items:center;padding:0 24px;background:#fff;box-shadow:0 1px 3px rgba(0,0,0,.2);font-size:20px;font-weight:500;color:#b45309}}
main{{max-width:520px;margin:48px auto;background:#fff;border-radius:4px;box-shadow:0 1px 3px rgba(0,0,0,.2);padding:24px 32px}}
h1{{font-size:24px;font-weight:400;margin:0 0 16px}}
label{{display:block;margin:16px 0 4px;font-size:14px;color:#555}}
input{{box-sizing:border-box;width:100%;padding:10px;font-size:16px;border:1px solid #bbb;border-radius:4px}}
input:focus{{outline:2px solid #a84600;border-color:#a84600}}
button{{margin-top:24px;padding:10px 24px;font-size:15px;background:#b45309;color:#fff;border:0;border-radius:4px;cursor:pointer;text-transform:uppercase}}
button:focus{{outline:3px solid #a84600}}
.error{{background:#fdecea;color:#b71c1c;padding:12px;border-radius:4px;margin-bottom:8px}}
a{{color:#a84600}}
</style></head>
<body><header>{product}</header><main><h1>{title}</h1>{body}</main></body></html>"#
    ))
}

/// The old address of the reports: they are in the admin area now.
async fn back_to_reports() -> Redirect {
    Redirect::to("/manage/reports")
}

async fn contact_us(State(state): State<AppState>) -> Html<String> {
    layout(
        &state.settings.product_name,
        "Contact us",
        &format!(
            "<p>Call client services on <strong>{SUPPORT_PHONE}</strong> or email \
             <a href=\"mailto:{SUPPORT_EMAIL}\">{SUPPORT_EMAIL}</a>.</p><p><a href=\"/manage/\">Back to the admin area</a></p>"
        ),
    )
}

async fn conditions(State(state): State<AppState>) -> Html<String> {
    layout(
        &state.settings.product_name,
        "Terms and conditions",
        "<p>Services are billed in pounds sterling at the prices shown when you buy them, for the billing \
         frequency shown, and renew until cancelled. Minimum terms apply where stated. Call recordings are kept \
         for the storage period of your plan.</p><p><a href=\"/manage/\">Back to the admin area</a></p>",
    )
}

/// Where the curl example sends its request: the address this page was asked for (the `Host`
/// header; `https` when the server is reached over HTTPS only), or a marked placeholder when the
/// request names no usable host. Escaped for HTML by the caller.
fn api_base_url(headers: &HeaderMap, secure: bool) -> String {
    let host = headers.get(HOST).and_then(|value| value.to_str().ok()).map(str::trim).filter(|host| {
        !host.is_empty()
            && host.len() <= 255
            && host.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'))
    });
    match host {
        Some(host) => format!("{}://{host}", if secure { "https" } else { "http" }),
        None => API_HOST_PLACEHOLDER.to_string(),
    }
}

/// The curl example's address when the request names no host.
pub const API_HOST_PLACEHOLDER: &str = "https://your-host";

/// The reporting API's reference (the technology partner menu's Documentation).
async fn api_docs(State(state): State<AppState>, headers: HeaderMap) -> Html<String> {
    let base = api_base_url(&headers, state.settings.secure_cookies);
    let placeholder_note = if base == API_HOST_PLACEHOLDER {
        format!("<p>Replace <code>{API_HOST_PLACEHOLDER}</code> with the address of this service.</p>\n")
    } else {
        String::new()
    };
    let base = escape(&base);
    use crate::store::api_rate::{ADDRESS_LIMIT, KEY_LIMIT, WINDOW_SECONDS};
    use domain::partners::api_keys::{API_KEY_PREFIX, MAX_ACTIVE_KEYS};
    use domain::partners::lead_reports::{
        DEFAULT_PER_PAGE, DEFAULT_RANGE_DAYS, MAX_PAGE, MAX_PER_PAGE, MAX_RANGE_DAYS, QUALIFIED_LEAD_SECONDS,
    };
    let body = format!(
        r#"<style>main{{max-width:820px}} pre{{background:#f5f5f5;padding:12px;white-space:pre-wrap;overflow-wrap:anywhere}} td,th{{text-align:left;padding:4px 8px;vertical-align:top}}</style>
<p>The reporting API gives a technology partner the calls of the accounts it supplies leads to. It is read-only and answers JSON.</p>
<h2>Authentication</h2>
<p>Create a key on the portal's <a href="/manage/technologypartner/api-keys">API keys</a> page (at most {MAX_ACTIVE_KEYS} active keys). A key starts <code>{API_KEY_PREFIX}</code> and is shown once: keep it secret. Send it with every request:</p>
<pre>Authorization: Bearer {API_KEY_PREFIX}…</pre>
<p>A missing, unknown or revoked key gets <code>401</code> with a <code>WWW-Authenticate: Bearer</code> challenge. Revoking a key on the API keys page stops it at once.</p>
<h2>GET /v1/calls</h2>
<table><thead><tr><th scope="col">Parameter</th><th scope="col">Meaning</th></tr></thead><tbody>
<tr><td><code>from</code></td><td>First day, <code>YYYY-MM-DD</code>, in your account's time zone. Default: {DEFAULT_RANGE_DAYS} days before <code>to</code>.</td></tr>
<tr><td><code>to</code></td><td>Last day, included. Default: today. At most {MAX_RANGE_DAYS} days from <code>from</code>.</td></tr>
<tr><td><code>page</code></td><td>1 to {MAX_PAGE}; default 1.</td></tr>
<tr><td><code>per_page</code></td><td>1 to {MAX_PER_PAGE}; default {DEFAULT_PER_PAGE}.</td></tr>
</tbody></table>
<p>Calls come oldest first. A call is a <em>qualified lead</em> when it is inbound and its talk time (<code>talkSeconds</code>, never the ringing) is {QUALIFIED_LEAD_SECONDS} seconds or more; <code>durationSeconds</code> is the whole call, ringing and menus included. Only calls from the day you began supplying an account are included.</p>
<pre>curl -H "Authorization: Bearer $KEY" "{base}/v1/calls?from=2026-10-01&amp;to=2026-10-31&amp;per_page=100"

{{
  "data": [
    {{ "id": 4182, "accountId": 100, "accountName": "Acme Widgets", "trackedNumber": "01614960001",
      "direction": "inbound", "startedAt": "2026-10-01T08:14:03Z", "durationSeconds": 187, "qualifiedLead": true,
      "callerNumber": "07700 900123", "source": "google", "medium": "cpc", "campaign": "spring_offer",
      "landingPage": "https://www.acme.example/widgets", "keyword": "blue widgets", "outcome": "answered",
      "firstTime": true, "ringSeconds": 9, "talkSeconds": 178, "destination": "Sales team",
      "category": "New enquiry", "reportGroup": "Sales", "callbackOf": null, "score": 85, "leadScore": "goodLead",
      "customDimensions": {{ "Policy type": "Car" }} }}
  ],
  "from": "2026-10-01", "to": "2026-10-31", "page": 1, "perPage": 100, "total": 1, "hasMore": false
}}</pre>
{placeholder_note}<p><code>trackedNumber</code> is the number dialled, national digits (null for outbound calls). Times are UTC (RFC 3339).</p>
<table><thead><tr><th scope="col">Field</th><th scope="col">Meaning (inbound calls; every one is null for an outbound call)</th></tr></thead><tbody>
<tr><td><code>callerNumber</code></td><td>Who called, written the UK way (<code>07700 900123</code>, <code>020 7946 0000</code>; abroad <code>+</code> and the digits), or <code>Withheld</code>.</td></tr>
<tr><td><code>source</code>, <code>medium</code>, <code>campaign</code></td><td>What the call is credited to, as every figure in the product counts it: for a pool number the website visit's source and the campaign its <code>utm_campaign</code> named; a static number counts under its channel's offline source (<code>Print</code> / <code>offline</code>) and its campaign; a call-back of a missed call takes the missed call's. Null when unknown.</td></tr>
<tr><td><code>landingPage</code>, <code>keyword</code></td><td>The page the visit landed on and its search keyword; null without a visit.</td></tr>
<tr><td><code>outcome</code></td><td><code>answered</code>, <code>missed</code>, <code>busy</code>, <code>voicemail</code> or <code>hungUpInIvr</code> (hung up in a menu).</td></tr>
<tr><td><code>firstTime</code></td><td>The caller's first call to the account.</td></tr>
<tr><td><code>ringSeconds</code>, <code>talkSeconds</code></td><td>Seconds ringing before an answer, and talking.</td></tr>
<tr><td><code>destination</code></td><td>Who answered, or the voicemail box; null when nobody did.</td></tr>
<tr><td><code>category</code>, <code>reportGroup</code></td><td>The call category and report group of the routing; null when none.</td></tr>
<tr><td><code>callbackOf</code></td><td>The <code>id</code> of the missed call this call returns (the same caller within 7 days), else null.</td></tr>
<tr><td><code>score</code></td><td>The call's latest scorecard score, a whole percentage from 0 to 100; null when nobody has scored it.</td></tr>
<tr><td><code>leadScore</code></td><td><code>goodLead</code> or <code>notALead</code> by the account's lead scoring rules; null when the rules have not judged it.</td></tr>
<tr><td><code>customDimensions</code></td><td>The account's own fields with a value on the call, by name (a text, a number written like <code>1250.5</code>, or a choice); <code>{{}}</code> when none.</td></tr>
</tbody></table>
<h2>Rate limits</h2>
<p>Each key may make {KEY_LIMIT} requests a minute, and each client address {ADDRESS_LIMIT} requests a minute whatever keys it uses (requests without a valid key count too). Minutes are counted in fixed windows starting on the minute (UTC), for all our servers together. Every answer says where you stand, for the limit nearer to running out:</p>
<table><thead><tr><th scope="col">Header</th><th scope="col">Meaning</th></tr></thead><tbody>
<tr><td><code>RateLimit-Limit</code></td><td>Requests allowed in the window ({KEY_LIMIT} for a key).</td></tr>
<tr><td><code>RateLimit-Remaining</code></td><td>Requests left in the window.</td></tr>
<tr><td><code>RateLimit-Reset</code></td><td>Seconds until the window ends and the count starts again (1 to {WINDOW_SECONDS}).</td></tr>
</tbody></table>
<p>Past the limit the answer is <code>429</code> with <code>Retry-After</code> (seconds) and <code>{{"error": "rate_limited", "message": "…"}}</code>: wait that long before the next request. To read many calls, use <code>per_page={MAX_PER_PAGE}</code>.</p>
<h2>Errors</h2>
<p>A bad parameter gets <code>422</code>: <code>{{"success": false, "code": "VALIDATION_FAILED", "errors": {{"from": "from must be a date written YYYY-MM-DD."}}}}</code>.</p>
<p><a href="/manage/technologypartner">Back to the portal</a></p>"#
    );
    layout(&state.settings.product_name, "Reporting API", &body)
}

/// The provider's pricing page (the services page's 'Find out more'): the price catalogue and
/// the call rates, as stored.
async fn pricing(State(state): State<AppState>) -> Result<Html<String>, crate::http::AppError> {
    let rows = prices::public_catalogue(&state.db).await?;
    let rates = prices::public_call_rates(&state.db).await?;
    let price_rows: String = rows
        .iter()
        .map(|(description, plan, pence, frequency)| {
            let price = match pence {
                Some(pence) => format!(
                    "{} per {}",
                    domain::format_price(*pence as f64 / 100.0),
                    domain::billing_frequency_word(frequency, None)
                ),
                None => "Price on application".to_string(),
            };
            let plan = if plan.is_empty() { "All plans" } else { plan.as_str() };
            format!("<tr><td>{}</td><td>{}</td><td>{}</td></tr>", escape(description), escape(plan), escape(&price))
        })
        .collect();
    let rate_rows: String = rates
        .iter()
        .map(|(description, tenths)| {
            format!(
                "<tr><td>{}</td><td>{} per minute</td></tr>",
                escape(description),
                domain::format_pence(*tenths as f64 / 10.0)
            )
        })
        .collect();
    let body = format!(
        "<table><caption>Plans, numbers and add-ons</caption><thead><tr><th scope=\"col\">Item</th><th scope=\"col\">Plan</th>\
         <th scope=\"col\">Price</th></tr></thead><tbody>{price_rows}</tbody></table>\
         <table><caption>Call charges</caption><thead><tr><th scope=\"col\">Calls</th><th scope=\"col\">Cost</th></tr></thead>\
         <tbody>{rate_rows}</tbody></table><p><a href=\"/manage/services\">Back to the services</a></p>"
    );
    Ok(layout(&state.settings.product_name, "Pricing", &body))
}
