//! The sandbox card provider's hosted payment page, standing in for the real one:
//! it takes the card form's post, checks our signature over the order, checks the card (Luhn,
//! expiry MMYY not past, CVC three digits), and sends the browser back to the merchant's
//! address with its own signed answer. It keeps nothing of the card and logs none of it.

use axum::extract::State;
use axum::http::header::LOCATION;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::post;
use axum::Router;
use domain::billing::card::{card_brand, card_expiry_valid_at, card_number_valid, cvc_valid, CARD_FIELD_ERRORS};

use super::payment_details::SIGNED_RETURN;
use crate::http::kit::form::FormData;
use crate::providers::payments::{new_alias, sha_sign, signature_matches, ACTION_PATH};
use crate::state::AppState;

pub(crate) fn router() -> Router<AppState> {
    Router::new().route(ACTION_PATH, post(hosted_payment))
}

/// Only addresses on this site: the sandbox sends nobody elsewhere.
fn own_path(url: &str) -> bool {
    url.starts_with('/') && !url.starts_with("//") && !url.contains('\\')
}

fn back_to(url: &str, params: &[(&str, &str)], passphrase: &str, signed: bool) -> Response {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    for (name, value) in params {
        query.append_pair(name, value);
    }
    if signed {
        query.append_pair("shasign", &sha_sign(params, passphrase));
    }
    (StatusCode::SEE_OTHER, [(LOCATION, format!("{url}?{}", query.finish()))]).into_response()
}

/// The number as the answer may repeat it: all but the last four digits masked.
fn masked(number: &str) -> String {
    let digits: Vec<char> = number.chars().filter(char::is_ascii_digit).collect();
    let keep = digits.len().saturating_sub(4);
    digits.iter().enumerate().map(|(i, d)| if i < keep { 'X' } else { *d }).collect()
}

async fn hosted_payment(State(state): State<AppState>, form: FormData) -> Response {
    let (accept, exception) = (form.text("ACCEPTURL"), form.text("EXCEPTIONURL"));
    let order = form.text("ORDERID");
    let request =
        [("ACCEPTURL", accept), ("EXCEPTIONURL", exception), ("ORDERID", order), ("PSPID", form.text("PSPID"))];
    if !own_path(accept)
        || !own_path(exception)
        || !signature_matches(&request, &state.card_passphrase, form.text("SHASIGN"))
    {
        return (
            StatusCode::BAD_REQUEST,
            Html("<h1>Payment request refused</h1><p>The request's signature does not match.</p>"),
        )
            .into_response();
    }
    let (name, number, expiry, cvc) =
        (form.text("CN").trim(), form.text("CARDNO"), form.text("ED").trim(), form.text("CVC"));
    let number_ok = card_number_valid(number);
    let expiry_ok = card_expiry_valid_at(expiry, state.clock.now());
    if name.is_empty() || name.chars().count() > 80 || !number_ok || !expiry_ok || !cvc_valid(cvc) {
        let shown_number = masked(number);
        // The name and expiry come back to be shown again; the number only masked.
        let mut answer: Vec<(&str, &str)> = vec![("orderid", order), ("name", name), ("date", expiry)];
        // The flags the payment page reads (the domain's list).
        for error in &CARD_FIELD_ERRORS {
            let refused = match error.field {
                "name" => name.is_empty() || name.chars().count() > 80,
                "number" => !number_ok,
                "date" => !expiry_ok,
                _ => !cvc_valid(cvc),
            };
            if refused {
                answer.push((error.flag, "1"));
            }
        }
        if !number_ok {
            answer.push(("number", shown_number.as_str()));
        }
        return back_to(exception, &answer, &state.card_passphrase, true);
    }
    let digits: String = number.chars().filter(char::is_ascii_digit).collect();
    let alias = new_alias();
    let answer: Vec<(&str, &str)> = SIGNED_RETURN
        .iter()
        .map(|field| {
            let value = match *field {
                "orderid" => order,
                "success" => "1",
                "alias" => alias.as_str(),
                "brand" => card_brand(&digits),
                "last4" => &digits[digits.len() - 4..],
                _ => expiry,
            };
            (*field, value)
        })
        .collect();
    back_to(accept, &answer, &state.card_passphrase, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_this_sites_paths_and_masked_numbers_go_back() {
        assert!(own_path("/manage/billing/details/payment"));
        assert!(!own_path("//evil.example/"));
        assert!(!own_path("https://evil.example/"));
        assert_eq!(masked("4242 4242 4242 4241"), "XXXXXXXXXXXX4241");
        assert_eq!(masked("12"), "12");
    }
}
