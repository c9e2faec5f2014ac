//! The shared test vectors: the same file is checked through the wasm build by the frontend's
//! vitest suite (frontend/src/domain/vectors.test.ts), so native and browser answers agree.

use domain::*;
use serde_json::Value;

fn vectors() -> Value {
    serde_json::from_str(include_str!("vectors.json")).expect("vectors.json is valid JSON")
}

fn persona(v: &Value, name: &str) -> AccountState {
    serde_json::from_value(v["personas"][name].clone()).expect("persona is an account state")
}

/// "<label> <path>", children prefixed by "<parent> > ", " [<chip>]" when chipped.
fn flatten(menu: &Menu) -> Vec<String> {
    fn walk(node: &MenuNode, parent: Option<&str>, out: &mut Vec<String>) {
        if let Some(path) = &node.path {
            let prefix = parent.map(|p| format!("{p} > ")).unwrap_or_default();
            let chip = match node.chip {
                Some(Chip::Upgrade) => " [Upgrade]",
                Some(Chip::AddOn) => " [Add-on]",
                None => "",
            };
            out.push(format!("{prefix}{} {path}{chip}", node.label));
        }
        for child in &node.children {
            walk(child, Some(&node.label), out);
        }
    }
    let mut out = vec![];
    for node in &menu.items {
        walk(node, None, &mut out);
    }
    out
}

fn cases<'a>(v: &'a Value, key: &str) -> &'a Vec<Value> {
    v[key].as_array().unwrap_or_else(|| panic!("{key} is a list"))
}

#[test]
fn every_persona_sees_the_expected_menu() {
    let v = vectors();
    let menus = v["menus"].as_object().unwrap();
    assert!(menus.len() >= 10);
    for (name, expected) in menus {
        let menu = build_menu(&persona(&v, name));
        assert_eq!(menu.title, expected["title"], "{name}");
        let items: Vec<String> = serde_json::from_value(expected["items"].clone()).unwrap();
        assert_eq!(flatten(&menu), items, "{name}");
    }
}

#[test]
fn every_guard_case_gives_the_expected_step_and_landing() {
    let v = vectors();
    for case in cases(&v, "guards") {
        let acc = persona(&v, case["persona"].as_str().unwrap());
        let path = case["path"].as_str().unwrap();
        assert_eq!(serde_json::to_value(guard(path, &acc)).unwrap(), case["step"], "{case}");
        let landed = resolve(path, &acc);
        assert_eq!(landed.path, case["lands"], "{case}");
        assert_eq!(serde_json::to_value(&landed.title).unwrap(), case["title"], "{case}");
    }
}

#[test]
fn every_format_case_matches() {
    let v = vectors();
    for c in cases(&v, "prices") {
        assert_eq!(format_price(c[0].as_f64().unwrap()), c[1], "{c}");
    }
    for c in cases(&v, "pence") {
        assert_eq!(format_pence(c[0].as_f64().unwrap()), c[1], "{c}");
    }
    for c in cases(&v, "money") {
        assert_eq!(format_money(c[0].as_f64().unwrap()), c[1], "{c}");
    }
    for c in cases(&v, "pounds") {
        assert_eq!(domain::format_pounds(c[0].as_f64().unwrap()), c[1], "{c}");
    }
    for c in cases(&v, "suffixes") {
        let item: ChargeItem = serde_json::from_value(c[0].clone()).unwrap();
        assert_eq!(serde_json::to_value(quantity_suffix(&item)).unwrap(), c[1], "{c}");
    }
    for c in cases(&v, "frequencies") {
        let id = c[1].as_u64().map(|n| n as u32);
        assert_eq!(billing_frequency_word(c[0].as_str().unwrap(), id), c[2], "{c}");
    }
    for c in cases(&v, "dates") {
        assert_eq!(serde_json::to_value(format_date(c[0].as_str().unwrap())).unwrap(), c[1], "{c}");
    }
    for c in cases(&v, "numbers") {
        let format: NumberFormat = serde_json::from_value(c[1].clone()).unwrap();
        assert_eq!(format_number(c[0].as_str().unwrap(), &format), c[2], "{c}");
    }
    for c in cases(&v, "pageTitles") {
        assert_eq!(page_title(c[0].as_str().unwrap(), c[1].as_str()), c[2], "{c}");
    }
}

#[test]
fn every_user_form_case_gives_the_expected_messages() {
    let v = vectors();
    for c in cases(&v, "userForms") {
        let form: users::UserForm = serde_json::from_value(c[0].clone()).unwrap();
        let context: users::UserFormContext = serde_json::from_value(c[1].clone()).unwrap();
        let errors = users::validate_user_form(&form, &context).err().unwrap_or_default();
        assert_eq!(serde_json::to_value(&errors).unwrap(), c[2], "{c}");
    }
}

/// "<identifier> <main button>[ remove]" per card, by section.
fn overview_lines(overview: &domain::integrations::Overview) -> Value {
    let lines = |cards: &[domain::integrations::Card]| -> Vec<String> {
        cards
            .iter()
            .map(|c| {
                let main = serde_json::to_value(c.buttons.main).unwrap();
                format!("{} {}{}", c.identifier, main.as_str().unwrap(), if c.buttons.remove { " remove" } else { "" })
            })
            .collect()
    };
    serde_json::json!({
        "authorised": lines(&overview.authorised),
        "unauthorised": lines(&overview.unauthorised),
        "addOns": lines(&overview.add_ons),
    })
}

#[test]
fn every_persona_sees_the_expected_integration_cards() {
    let v = vectors();
    let mut wrong = vec![];
    for case in cases(&v, "integrations") {
        let account = persona(&v, case["persona"].as_str().unwrap());
        let configured: Vec<String> = serde_json::from_value(case["configured"].clone()).unwrap();
        let cards = overview_lines(&domain::integrations::overview(&account, |id| configured.iter().any(|c| c == id)));
        if cards != case["cards"] {
            wrong.push(format!("{}: {cards}", case["persona"]));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn destination_pages_name_their_integration() {
    let v = vectors();
    for case in v["integrationPages"].as_array().unwrap() {
        let path = case[0].as_str().unwrap();
        let found = domain::integrations::integration_for_page(path).map(|d| d.identifier).unwrap_or("null");
        assert_eq!(found, case[1].as_str().unwrap(), "{path}");
    }
}

#[test]
fn website_check_views_match() {
    let v = vectors();
    for case in v["websiteChecks"].as_array().unwrap() {
        let code = case[0].as_u64().unwrap() as u8;
        let view = domain::integrations::website_check::check_view(
            code,
            case[1].as_bool().unwrap(),
            case[2].as_bool().unwrap(),
        );
        assert_eq!(serde_json::to_value(&view).unwrap(), case[3], "{case}");
    }
}

#[test]
fn integration_managers_match() {
    let v = vectors();
    for case in v["integrationManagers"].as_array().unwrap() {
        let account = persona(&v, case[0].as_str().unwrap());
        assert_eq!(domain::integrations::can_manage_integrations(&account), case[1].as_bool().unwrap(), "{case}");
    }
}

#[test]
fn google_analytics_and_settings_forms_give_the_same_errors() {
    let v = vectors();
    for case in v["gaConnect"].as_array().unwrap() {
        let options: Vec<String> = serde_json::from_value(case[2].clone()).unwrap();
        let errors =
            domain::integrations::validate_ga_connect(case[0].as_str().unwrap(), case[1].as_str().unwrap(), &options)
                .err()
                .unwrap_or_default();
        assert_eq!(serde_json::to_value(&errors).unwrap(), case[3], "{case}");
    }
    for case in v["integrationSettings"].as_array().unwrap() {
        let fields: std::collections::BTreeMap<String, String> = serde_json::from_value(case[1].clone()).unwrap();
        let errors =
            domain::integrations::validate_settings(case[0].as_str().unwrap(), &fields).err().unwrap_or_default();
        assert_eq!(serde_json::to_value(&errors).unwrap(), case[2], "{case}");
    }
}

#[test]
fn dynamic_url_sections_match() {
    let v = vectors();
    for case in v["dynamicUrlSections"].as_array().unwrap() {
        let account = persona(&v, case[0].as_str().unwrap());
        assert_eq!(domain::integrations::shows_dynamic_urls(&account), case[1].as_bool().unwrap(), "{case}");
    }
}

#[test]
fn addon_offers_match() {
    let v = vectors();
    for case in v["addonOffers"].as_array().unwrap() {
        let account = persona(&v, case[0].as_str().unwrap());
        let offer = domain::purchase::addon_offer(&account, case[1].as_str().unwrap(), case[2].as_bool().unwrap());
        assert_eq!(serde_json::to_value(&offer).unwrap(), case[3], "{case}");
    }
}

#[test]
fn plan_comparisons_tick_included_scopes_and_mark_add_ons() {
    let v = vectors();
    for case in cases(&v, "planComparisons") {
        let plans: Vec<domain::purchase::PlanScopes> = serde_json::from_value(case["plans"].clone()).unwrap();
        let comparison = domain::purchase::plan_comparison(&plans);
        let names: Vec<&str> = comparison.categories.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(serde_json::to_value(names).unwrap(), case["categories"]);
        let rows: Vec<_> = comparison.categories.iter().flat_map(|c| &c.rows).collect();
        for (scope, cells) in case["cells"].as_object().unwrap() {
            let row = rows.iter().find(|r| &r.scope == scope).unwrap_or_else(|| panic!("{scope} is compared"));
            assert_eq!(serde_json::to_value(&row.cells).unwrap(), *cells, "{scope}");
        }
        let key: Vec<&str> = rows.iter().filter(|r| r.key).map(|r| r.scope.as_str()).collect();
        assert_eq!(serde_json::to_value(key).unwrap(), case["keyScopes"]);
    }
}

#[test]
fn usage_texts_match() {
    let v = vectors();
    for c in cases(&v["usageTexts"], "inclusiveMinutes") {
        let text = domain::purchase::usage::inclusive_minutes_text(c[0].as_i64().unwrap(), c[1].as_i64().unwrap());
        assert_eq!(serde_json::to_value(text).unwrap(), c[2], "{c}");
    }
    for c in cases(&v["usageTexts"], "recordingStorage") {
        let text = domain::purchase::usage::recording_storage_text(c[0].as_i64().unwrap(), c[1].as_i64().unwrap());
        assert_eq!(text, c[2], "{c}");
    }
}

#[test]
fn scope_queries_match() {
    let v = vectors();
    for c in cases(&v, "scopeQueries") {
        let answer = domain::purchase::scope_query(&persona(&v, c[0].as_str().unwrap()), c[1].as_str().unwrap());
        assert_eq!(serde_json::to_value(answer).unwrap(), c[2], "{c}");
    }
}

#[test]
fn billing_details_give_the_same_messages() {
    let v = vectors();
    for c in cases(&v, "billingDetails") {
        let form: domain::billing::BillingDetailsForm = serde_json::from_value(c[0].clone()).unwrap();
        let errors = domain::billing::validate_billing_details(&form);
        assert_eq!(serde_json::to_value(&errors).unwrap(), c[1], "{c}");
    }
}

#[test]
fn purchase_barriers_match() {
    let v = vectors();
    for c in cases(&v, "purchaseBarriers") {
        let barrier = domain::purchase::purchase_barrier(&persona(&v, c[0].as_str().unwrap()), c[1].as_str().unwrap());
        assert_eq!(serde_json::to_value(barrier).unwrap(), c[2], "{c}");
    }
}
