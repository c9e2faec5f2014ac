//! The sandbox Direct Debit provider's hosted mandate page, standing in for the real
//! one: it takes the browser with our signed flow, asks for the bank account (the domain's
//! mandate checks, errors shown on the page as a real provider's are), and sends the browser
//! back to our return address with its own signed answer: the new mandate's reference and the
//! account's last two digits, or that the customer cancelled. It keeps nothing of the account.

use crate::http::kit::extract::Query;
use axum::extract::State;
use axum::http::header::LOCATION;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use domain::billing::direct_debit::{account_number, validate_mandate, HOLDER_MAX};
use domain::FieldErrors;
use serde::Deserialize;

use super::pages::{escape, layout};
use crate::http::kit::form::FormData;
use crate::providers::payments::{
    new_mandate_reference, sha_sign, signature_matches, MANDATE_PATH, MANDATE_SIGNED_RETURN,
};
use crate::state::AppState;

pub(crate) fn router() -> Router<AppState> {
    Router::new().route(MANDATE_PATH, get(mandate_page).post(mandate))
}

/// The flow as the merchant signed it.
#[derive(Deserialize, Default)]
#[serde(rename_all = "UPPERCASE")]
struct Flow {
    #[serde(default)]
    flowid: String,
    #[serde(default)]
    pspid: String,
    #[serde(default)]
    returnurl: String,
    #[serde(default)]
    shasign: String,
}

impl Flow {
    fn from_form(form: &FormData) -> Flow {
        Flow {
            flowid: form.text("FLOWID").to_string(),
            pspid: form.text("PSPID").to_string(),
            returnurl: form.text("RETURNURL").to_string(),
            shasign: form.text("SHASIGN").to_string(),
        }
    }

    /// Signed by the merchant, and going back to an address on this site only.
    fn is_genuine(&self, passphrase: &str) -> bool {
        let own_path =
            self.returnurl.starts_with('/') && !self.returnurl.starts_with("//") && !self.returnurl.contains('\\');
        let signed = [("FLOWID", self.flowid.as_str()), ("PSPID", &self.pspid), ("RETURNURL", &self.returnurl)];
        own_path
            && !self.flowid.is_empty()
            && self.flowid.len() <= 64
            && signature_matches(&signed, passphrase, &self.shasign)
    }
}

const TITLE: &str = "Set up your Direct Debit";

fn refused(state: &AppState) -> Response {
    let body = r#"<div class="error" role="alert">This Direct Debit request is not valid.</div><p><a href="/manage/">Back to the admin area</a></p>"#;
    (StatusCode::BAD_REQUEST, layout(&state.settings.product_name, "Direct Debit", body)).into_response()
}

fn field(id: &str, label: &str, value: &str, errors: &FieldErrors, extra: &str) -> String {
    let error =
        errors.get(id).map(|message| format!(r#"<div class="error" id="{id}-error">{}</div>"#, escape(message)));
    let described =
        if error.is_some() { format!(r#" aria-invalid="true" aria-describedby="{id}-error""#) } else { String::new() };
    format!(
        r#"<label for="{id}">{label}</label><input id="{id}" name="{id}" value="{}"{described} {extra}>{}"#,
        escape(value),
        error.unwrap_or_default()
    )
}

/// The mandate form, with what was typed and its errors.
fn form_page(state: &AppState, flow: &Flow, typed: (&str, &str, &str), errors: &FieldErrors) -> Response {
    let hidden: String =
        [("FLOWID", &flow.flowid), ("PSPID", &flow.pspid), ("RETURNURL", &flow.returnurl), ("SHASIGN", &flow.shasign)]
            .iter()
            .map(|(name, value)| format!(r#"<input type="hidden" name="{name}" value="{}">"#, escape(value)))
            .collect();
    let body = format!(
        r#"<p>Sandbox Direct Debit provider: the bank account {product} collects payments from.</p>
<form method="post" action="{MANDATE_PATH}" novalidate>{hidden}
{holder}{sort}{account}
<p>Payments are protected by the Direct Debit Guarantee.</p>
<button type="submit" name="action" value="confirm">Set up Direct Debit</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>"#,
        product = escape(&state.settings.product_name),
        holder = field(
            "holder",
            "Account holder name",
            typed.0,
            errors,
            &format!(r#"autocomplete="name" maxlength="{HOLDER_MAX}""#)
        ),
        sort = field("sortCode", "Sort code", typed.1, errors, r#"inputmode="numeric" maxlength="8""#),
        account = field("accountNumber", "Account number", typed.2, errors, r#"inputmode="numeric" maxlength="10""#),
    );
    let status = if errors.is_empty() { StatusCode::OK } else { StatusCode::UNPROCESSABLE_ENTITY };
    (status, layout(&state.settings.product_name, TITLE, &body)).into_response()
}

async fn mandate_page(State(state): State<AppState>, Query(flow): Query<Flow>) -> Response {
    if !flow.is_genuine(&state.card_passphrase) {
        return refused(&state);
    }
    form_page(&state, &flow, ("", "", ""), &FieldErrors::new())
}

fn back_to(flow: &Flow, answer: &[(&str, &str)], passphrase: &str) -> Response {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    for (name, value) in answer {
        query.append_pair(name, value);
    }
    query.append_pair("shasign", &sha_sign(answer, passphrase));
    (StatusCode::SEE_OTHER, [(LOCATION, format!("{}?{}", flow.returnurl, query.finish()))]).into_response()
}

async fn mandate(State(state): State<AppState>, form: FormData) -> Response {
    let flow = Flow::from_form(&form);
    if !flow.is_genuine(&state.card_passphrase) {
        return refused(&state);
    }
    let answer = |status: &str, mandate: &str, account: &str| -> Vec<(&'static str, String)> {
        let values = [flow.flowid.clone(), status.to_string(), mandate.to_string(), account.to_string()];
        MANDATE_SIGNED_RETURN.into_iter().zip(values).collect()
    };
    let signed = |pairs: Vec<(&'static str, String)>| {
        let borrowed: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (*k, v.as_str())).collect();
        back_to(&flow, &borrowed, &state.card_passphrase)
    };
    if form.text("action") == "cancel" {
        return signed(answer("cancelled", "", ""));
    }
    let (holder, sort, account) = (form.text("holder"), form.text("sortCode"), form.text("accountNumber"));
    let errors = validate_mandate(holder, sort, account);
    if !errors.is_empty() {
        // The account number is not shown again, as a real provider would not.
        return form_page(&state, &flow, (holder, sort, ""), &errors);
    }
    let digits = account_number(account).unwrap_or_default();
    signed(answer("success", &new_mandate_reference(), &digits[digits.len() - 2..]))
}
