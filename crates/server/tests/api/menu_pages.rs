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
        "/routing/ivrs" => vec![Get("/api/manageivrrouting/getIvrOverview")],
        "/reports" => vec![Get("/api/reports/getCalls"), Get("/api/reports/getCallFilters")],
        "/dynamicurls" => vec![Get("/api/admin/getDynamicUrls")],
        "/campaigns" => vec![Get("/api/managecampaigns/getCampaigns?page=1&pageSize=25")],
        "/numbers" => vec![Get("/api/managenumbers/getNumbers?page=1&pageSize=25")],
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
        "/sources" => vec![Get("/api/managesources/getSources")],
        "/tags" => vec![Get("/api/tags/getTags")],
        "/cta" => vec![Get("/api/cta/getCtas")],
        "/conversions" => vec![Get("/api/conversions/getConversions")],
        "/scores" => vec![Get("/api/scores/getScores")],
        "/categories" => vec![Get("/api/categories/getCategories")],
        "/customdimensions" => vec![Get("/api/customdimensions/getDimensions")],
        "/tracksales" => vec![Get("/api/tracksales/getSales")],
        "/importsales" => vec![Get("/api/importsales/getImports")],
        "/outboundcli" => vec![Get("/api/outboundcli/getCallerIds")],
        "/agents" => vec![Get("/api/agents/getAgents")],
        "/outboundcampaigns" => vec![Get("/api/outboundcampaigns/getCampaigns")],
        "/tryspeech" => vec![Get("/api/tryspeech/getTrial")],
        "/voicetags" => vec![Get("/api/speech/getVoiceTags")],
        "/vocabularies" => vec![Get("/api/speech/getVocabularies")],
        "/call-insights" => vec![Get("/api/speech/getInsights?preset=last30Days")],
        "/partner/benefits" | "/partner/benefits/reseller" | "/partner/benefits/referrer" => {
            vec![]
        }
        "/parameters" => vec![Get("/api/parameters/getParameters")],
        // A captured parameter's page lists its values (the menu's names, as the page asks).
        p if p.starts_with("/parameter/") => {
            let name = p.trim_start_matches("/parameter/").replace(' ', "%20");
            vec![Get(Box::leak(format!("/api/parameters/getValues?parameter={name}").into_boxed_str()))]
        }
        _ => return None,
    };
    Some(calls)
}

/// Each persona in its home account, then in every other account it reaches (the partner in its
/// clients, where Billing > Accounts lists the partner's accounts).
async fn every_account(app: &TestApp, email: &'static str) -> Vec<(String, AccountState)> {
    let session = app.login(email).await;
    let home: AccountState = serde_json::from_value(app.account(&session).await).unwrap();
    let mut all = vec![(session, home.clone())];
    for choice in home.accounts.iter().filter(|c| c.customer_id != home.customer_id) {
        let session = app.login(email).await;
        let id = choice.customer_id.to_string();
        let reply = app
            .post_multipart(
                "/api/accountsettings/switchAccount",
                Some(&session),
                &[
                    ("form_partner_login", "0"),
                    ("form_customer_id", &id),
                    ("form_customer_name", &choice.customer_name),
                ],
            )
            .await;
        assert_eq!(reply.status, StatusCode::OK, "{email} to {id}: {}", reply.text());
        let account = serde_json::from_value(app.account(&session).await).unwrap();
        all.push((session, account));
    }
    all
}

#[tokio::test]
async fn every_menu_page_of_every_persona_is_answered_by_the_server() {
    let app = TestApp::spawn().await;
    let mut checked = Vec::new();
    for email in PERSONAS {
        for (session, account) in every_account(&app, email).await {
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
    }
    // The issue's case: Lacey Motors (legacy) sees Dynamic > URLs, and its list answers.
    assert!(checked.contains(&("legacy@demo.test", "/dynamicurls".to_string())), "{checked:?}");
    // And the partner, in a client, sees its accounts under Billing.
    assert!(checked.contains(&("partner@demo.test", "/partneraccounts".to_string())), "{checked:?}");
}

#[tokio::test]
async fn billing_accounts_in_a_client_lists_the_partners_accounts() {
    let app = TestApp::spawn().await;
    let accounts = every_account(&app, "partner@demo.test").await;
    let (portal, _) = &accounts[0];
    let listed = |reply: crate::helpers::Reply| {
        assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
        let body = reply.json();
        let names: Vec<String> =
            body["accounts"].as_array().unwrap().iter().map(|a| a["name"].as_str().unwrap().to_string()).collect();
        (names, body["canAddAccounts"].clone())
    };
    let (in_portal, can_add) = listed(app.get("/api/partnerportal/getAccounts", Some(portal)).await);
    assert_eq!(can_add, true);
    let (session, client) =
        accounts.iter().find(|(_, a)| a.customer_id == 601).expect("the partner reaches Greenway Garden Centre");
    assert!(domain::menu_shows("/partneraccounts", client));
    let (in_client, can_add) = listed(app.get("/api/partnerportal/getAccounts", Some(session)).await);
    assert_eq!(in_client, in_portal, "the same list: the partner's accounts");
    assert!(in_client.contains(&"Greenway Garden Centre".to_string()));
    assert_eq!(can_add, false, "accounts are added in the portal");
    // Nobody else's: a customer's own owner has no such menu item and no list.
    let owner = app.login("owner@demo.test").await;
    assert_eq!(app.get("/api/partnerportal/getAccounts", Some(&owner)).await.status, StatusCode::FORBIDDEN);
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
