//! Every Upgrade and Add-on chip of every demo persona's menu opens an offer that ends somewhere:
//! the domain's offer (the same rule the menu's chip and the purchase modal use) and what the
//! server prices for it agree, and no chip meets a 404 or a box that names the wrong thing.

use axum::http::StatusCode;
use domain::purchase::{addon_offer, purchase_barrier, OfferKind, PurchaseBarrier};
use domain::{build_menu, AccountState, Chip, MenuNode, Plan};

use crate::helpers::TestApp;

pub(crate) const PERSONAS: [&str; 11] = [
    "owner@demo.test",
    "admin@demo.test",
    "user@demo.test",
    "starter@demo.test",
    "starteradmin@demo.test",
    "enterprise@demo.test",
    "legacy@demo.test",
    "group@demo.test",
    "partner@demo.test",
    "techpartner@demo.test",
    "manager@demo.test",
];

fn walk<'a>(nodes: &'a [MenuNode], out: &mut Vec<&'a MenuNode>) {
    for node in nodes {
        out.push(node);
        walk(&node.children, out);
    }
}

pub(crate) fn menu_items(account: &AccountState) -> Vec<MenuNode> {
    let menu = build_menu(account);
    let mut all = Vec::new();
    walk(&menu.items, &mut all);
    all.into_iter().cloned().collect()
}

#[tokio::test]
async fn every_chip_of_every_persona_offers_what_the_server_prices() {
    let app = TestApp::spawn().await;
    // Stone & Sons has no speech: its speech analytics trial opens the Speech Analytics menu.
    let starter = app.login("starter@demo.test").await;
    let trial = app.post_multipart("/api/tryspeech/startTrial", Some(&starter), &[("terms", "1")]).await;
    assert_eq!(trial.status, StatusCode::OK, "{}", trial.text());
    let mut walked = Vec::new();
    for email in PERSONAS {
        let session = app.login(email).await;
        let account: AccountState = serde_json::from_value(app.account(&session).await).unwrap();
        for item in menu_items(&account) {
            let Some(chip) = item.chip else { continue };
            let scope = item.scope.clone().expect("a chip names its scope");
            let offer = addon_offer(&account, &scope, false);
            let what = format!("{email} {} ({scope})", item.label);
            walked.push((email, item.label.clone(), offer.kind));
            // The chip says what the box offers.
            assert_eq!(chip == Chip::AddOn, offer.kind == OfferKind::AddOn, "{what}: {chip:?} for {offer:?}");
            if chip == Chip::Upgrade && offer.kind != OfferKind::UpgradeAndAdd {
                let title = offer.title.as_deref().unwrap_or("");
                assert!(title.starts_with("Upgrade"), "{what}: an upgrade is titled as one, not {title:?}");
            }
            let barrier = purchase_barrier(&account, &scope);
            if account.user_auth_code >= 25 {
                assert_ne!(
                    barrier,
                    Some(PurchaseBarrier::NotPurchaser),
                    "{what}: the owner is not told to ask the owner"
                );
            }
            let reply = app.post_multipart("/api/services/getAddonPrice", Some(&session), &[("scope", &scope)]).await;
            if barrier.is_some() {
                // The modal asks for nothing; the server never answers 404 or 500 all the same.
                assert!(
                    matches!(reply.status, StatusCode::OK | StatusCode::FORBIDDEN),
                    "{what}: {} {}",
                    reply.status,
                    reply.text()
                );
                continue;
            }
            assert!(offer.fetches_price, "{what}");
            assert_eq!(reply.status, StatusCode::OK, "{what}: {}", reply.text());
            let price = reply.json();
            assert_eq!(price["isAvailable"], true, "{what}: {price}");
            assert!(!price["name"].as_str().unwrap_or("").is_empty(), "{what}: {price}");
            match offer.kind {
                OfferKind::AddOn => assert!(price["items"][0]["price"].is_number(), "{what}: {price}"),
                OfferKind::UpgradePlan => {
                    assert_eq!(offer.plan, Some(Plan::Professional), "{what}");
                    assert_eq!(price["upgradePrice"]["items"][0]["price"], 149.0, "{what}: {price}");
                }
                OfferKind::UpgradeAndAdd => {
                    assert!(price["items"][0]["price"].is_number(), "{what}: {price}");
                    assert!(price["upgradePrice"]["items"][0]["price"].is_number(), "{what}: {price}");
                }
                OfferKind::Enterprise | OfferKind::ChangePlan => unreachable!("{what}: never priced online"),
            }
        }
    }
    // Stone & Sons' speech chips in its trial (the case): vocabularies are Enterprise's
    // only, so 'Upgrade to Enterprise'; voice tags (keyword spotting) come with the trial: no chip.
    assert!(walked.contains(&("starter@demo.test", "Vocabularies".to_string(), OfferKind::Enterprise)), "{walked:?}");
    assert!(!walked.iter().any(|(who, label, _)| *who == "starter@demo.test" && label == "Voice tags"), "{walked:?}");
    assert!(walked.contains(&("starter@demo.test", "Scores".to_string(), OfferKind::UpgradePlan)), "{walked:?}");
    assert!(walked.contains(&("legacy@demo.test", "Tags".to_string(), OfferKind::ChangePlan)), "{walked:?}");
    assert!(walked.len() >= 8, "{walked:?}");
}

#[tokio::test]
async fn the_enterprise_offer_is_answered_not_404() {
    let app = TestApp::spawn().await;
    let starter = app.login("starter@demo.test").await;
    for scope in ["integration_speech_voice_tags", "speech_vocabularies", "enterprise"] {
        let reply = app.post_multipart("/api/services/getAddonPrice", Some(&starter), &[("scope", scope)]).await;
        assert_eq!(reply.status, StatusCode::OK, "{scope}: {}", reply.text());
        let price = reply.json();
        assert_eq!(price["name"], "Upgrade to Enterprise", "{scope}");
        assert_eq!(price["isAvailable"], false, "priced on application");
        assert_eq!(price["items"].as_array().unwrap().len(), 0);
    }
}
