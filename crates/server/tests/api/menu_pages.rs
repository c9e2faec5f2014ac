//! The menu and the server agree: for every demo persona, every page its menu shows makes calls
//! the server answers (no 403 behind a menu item, no 'Something went wrong').

use axum::http::StatusCode;
use domain::integrations::shows_dynamic_urls;
use domain::purchase::plan_page;
use domain::AccountState;

use crate::helpers::TestApp;
use crate::upgrade_chips::{menu_items, PERSONAS};

/// A call a page makes when it opens.
enum Call {
    Get(&'static str),
    Post(&'static str, &'static [(&'static str, &'static str)]),
}
use Call::{Get, Post};

/// The calls each menu page makes on opening, as its screen does (frontend/src/features).
/// Pages with an empty list are headings only for now (their issues build them).
fn page_calls(path: &str, account: &AccountState) -> Option<Vec<Call>> {
    let calls = match path {
        "/" => {
            let mut calls = vec![
                Get("/api/admin/getIntegrationsList"),
                Post("/api/admin/getIntegrationsSettings", &[("integration_list", r#"["google_analytics"]"#)]),
            ];
            // The overview asks for dynamic URLs only where the domain shows the section.
            if shows_dynamic_urls(account) {
                calls.push(Get("/api/admin/getDynamicUrls"));
            }
            calls
        }
        "/routing" => vec![Get("/api/manageconnections/getNumbersList")],
        "/dynamicurls" => vec![Get("/api/admin/getDynamicUrls")],
        "/users" => vec![Get("/api/users/getUsers/onaccount")],
        "/invoices" | "/technologypartner/invoices" => vec![Get("/api/invoices/getInvoiceList")],
        "/billing/details" | "/technologypartner/billing/details" => {
            vec![Get("/api/billingdetails/getBillingDetails")]
        }
        "/services" => vec![Get("/api/services/getDetails")],
        "/subscription" | "/technologypartner/subscription" => {
            let mut calls = vec![Get("/api/services/getAccountUsage")];
            // A technology partner's plan has no call charges (domain `purchase::plan_page`).
            if plan_page(account).call_tracking {
                calls.push(Get("/api/services/getCallCharges"));
            }
            calls
        }
        "/partneraccounts" | "/partner/accounts" => vec![Get("/api/partnerportal/getAccounts")],
        "/partner/rewards" => vec![Get("/api/partnerportal/getRewards")],
        "/partner/settings" => vec![Get("/api/partnerportal/getBranding")],
        "/technologypartner/api-keys" => vec![Get("/api/technologypartner/getApiKeys")],
        "/technologypartner/reports" => vec![Get("/api/technologypartner/getReports")],
        "/technologypartner/settings" => vec![Get("/api/technologypartner/getSettings")],
        "/sources"
        | "/cta"
        | "/tags"
        | "/conversions"
        | "/campaigns"
        | "/numbers"
        | "/agents"
        | "/outboundcampaigns"
        | "/outboundcli"
        | "/scores"
        | "/categories"
        | "/tryspeech"
        | "/voicetags"
        | "/vocabularies"
        | "/call-insights"
        | "/tracksales"
        | "/importsales"
        | "/customdimensions"
        | "/parameters"
        | "/partner/benefits"
        | "/partner/benefits/reseller"
        | "/partner/benefits/referrer" => {
            vec![]
        }
        p if p.starts_with("/parameter/") => vec![],
        _ => return None,
    };
    Some(calls)
}

#[tokio::test]
async fn every_menu_page_of_every_persona_is_answered_by_the_server() {
    let app = TestApp::spawn().await;
    let mut checked = Vec::new();
    for email in PERSONAS {
        let session = app.login(email).await;
        let account: AccountState = serde_json::from_value(app.account(&session).await).unwrap();
        for item in menu_items(&account) {
            // A chip opens the purchase modal (upgrade_chips.rs), an external item leaves the app.
            let Some(path) = item.path.as_deref() else { continue };
            if item.chip.is_some() || item.external {
                continue;
            }
            let Some(calls) = page_calls(path, &account) else {
                panic!("{email}: {} ({path}) is in the menu: say which calls its page makes", item.label);
            };
            for call in calls {
                let (url, reply) = match call {
                    Get(url) => (url, app.get(url, Some(&session)).await),
                    Post(url, fields) => (url, app.post_multipart(url, Some(&session), fields).await),
                };
                assert_eq!(
                    reply.status,
                    StatusCode::OK,
                    "{email}: {} ({path}) calls {url}: {}",
                    item.label,
                    reply.text()
                );
                checked.push((email, path.to_string()));
            }
        }
    }
    // The issue's case: Lacey Motors (legacy) sees Dynamic > URLs, and its list answers.
    assert!(checked.contains(&("legacy@demo.test", "/dynamicurls".to_string())), "{checked:?}");
}

#[tokio::test]
async fn a_legacy_package_has_the_dynamic_urls_its_menu_shows() {
    let app = TestApp::spawn().await;
    let legacy = app.login("legacy@demo.test").await;
    let reply = app.get("/api/admin/getDynamicUrls", Some(&legacy)).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    assert!(reply.json()["dynamicUrls"].is_array());
    // A group account has no Dynamic menu, and no dynamic URL calls.
    let group = app.login("group@demo.test").await;
    assert_eq!(app.get("/api/admin/getDynamicUrls", Some(&group)).await.status, StatusCode::FORBIDDEN);
}
