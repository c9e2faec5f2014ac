//! The published contract: `/api/openapi.json` describes the typed calls, with what
//! every call shares, and a typed form's shape rules answer as the other checks do.

use axum::http::StatusCode;
use serde_json::Value;

use crate::helpers::TestApp;

async fn contract(app: &TestApp) -> Value {
    let reply = app.get("/api/openapi.json", None).await;
    assert_eq!(reply.status, StatusCode::OK);
    reply.json()
}

#[tokio::test]
async fn the_contract_is_openapi_3_1_with_the_admin_header_and_the_session() {
    let app = TestApp::spawn().await;
    let api = contract(&app).await;
    assert_eq!(api["openapi"], "3.1.0");
    assert_eq!(api["servers"][0]["url"], "/api");
    let schemes = &api["components"]["securitySchemes"];
    assert_eq!(schemes["adminHeader"]["name"], "X-Admin-Area");
    assert_eq!(schemes["session"]["in"], "cookie");
    let post = &api["paths"]["/partnerportal/addAccount"]["post"];
    for status in ["200", "401", "403", "404", "422"] {
        assert!(post["responses"][status].is_object(), "addAccount answers {status}");
    }
    assert_eq!(post["operationId"], "post_partnerportal_addAccount");
    assert!(post["requestBody"]["content"]["multipart/form-data"].is_object());
}

#[tokio::test]
async fn operation_ids_are_unique() {
    let app = TestApp::spawn().await;
    let api = contract(&app).await;
    let mut ids: Vec<String> = api["paths"]
        .as_object()
        .unwrap()
        .values()
        .flat_map(|item| item.as_object().unwrap().values().map(|op| op["operationId"].as_str().unwrap().to_string()))
        .collect();
    let count = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), count);
}

#[tokio::test]
async fn the_contract_is_public_and_every_call_still_needs_the_admin_header() {
    let app = TestApp::spawn().await;
    let bare = |path: &str| crate::helpers::request("GET", path, None, false).body(axum::body::Body::empty()).unwrap();
    assert_eq!(app.send(bare("/api/openapi.json")).await.status, StatusCode::OK);
    assert_eq!(app.send(bare("/api/openapi.json/")).await.status, StatusCode::FORBIDDEN);
    assert_eq!(app.send(bare("/api/accountsettings/getAccountDetails")).await.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_typed_forms_shape_rules_answer_422_and_a_wrong_type_400() {
    let app = TestApp::spawn().await;
    let token = app.login("partner@demo.test").await;
    let zero = app.post_form("/api/login/", Some(&token), &[("form_customer_id", "0")]).await;
    assert_eq!(zero.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", zero.text());
    assert_eq!(zero.json()["code"], "VALIDATION_FAILED");
    assert!(zero.json()["errors"]["form_customer_id"].is_string());
    let word = app.post_form("/api/login/", Some(&token), &[("form_customer_id", "abc")]).await;
    assert_eq!(word.status, StatusCode::BAD_REQUEST);
    let twice =
        app.post_form("/api/login/", Some(&token), &[("form_customer_id", "601"), ("form_customer_id", "602")]).await;
    assert_eq!(twice.status, StatusCode::BAD_REQUEST, "a field posted twice is refused");
    let long = "x".repeat(1_001);
    let reply = app.post_form("/api/partnerportal/addAccount", Some(&token), &[("accountName", long.as_str())]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(reply.json()["errors"]["accountName"].is_string(), "{}", reply.text());
    assert_eq!(app.account(&token).await["customerId"], 600);
}

#[tokio::test]
async fn the_users_area_and_handleajax_are_in_the_contract() {
    let app = TestApp::spawn().await;
    let api = contract(&app).await;
    let calls = [
        ("get", "/users/swapReportVersionFromAdminArea"),
        ("get", "/users/getUsers/{view}"),
        ("get", "/users/getUserDetails/{id}"),
        ("get", "/users/getUserPermissions/{id}/{auth_code}/{update}"),
        ("get", "/users/getPartnerUserPermissions/{id}/{update}"),
        ("post", "/users/checkUniqueEmail"),
        ("post", "/users/checkUniqueEmail/"),
        ("post", "/users/save/{id}"),
        ("post", "/users/sendPasswordReset/{id}"),
        ("post", "/users/deleteUser/{id}"),
        ("post", "/users/removeFromAccount/{id}"),
        ("get", "/users/getOutboundService"),
        ("post", "/users/setOutboundService"),
        ("get", "/outboundcampaigns/getAll"),
        ("get", "/outboundcampaigns/getAll/"),
        ("post", "/outboundcampaigns/addCampaign"),
        ("post", "/handleajax/confirmPassword"),
        ("post", "/handleajax/acknowledgesplashscreen/"),
    ];
    for (method, path) in calls {
        let operation = &api["paths"][path][method];
        assert!(operation.is_object(), "{method} {path} is in the contract");
        assert!(operation["responses"]["200"].is_object(), "{method} {path} describes its answer");
    }
    let save = &api["paths"]["/users/save/{id}"]["post"];
    assert!(save["requestBody"]["content"]["multipart/form-data"].is_object());
    assert_eq!(save["parameters"][0]["name"], "id");
    // The same call with and without its trailing slash: two operations, two ids.
    assert_eq!(api["paths"]["/users/checkUniqueEmail"]["post"]["operationId"], "post_users_checkUniqueEmail");
    assert_eq!(api["paths"]["/users/checkUniqueEmail/"]["post"]["operationId"], "post_users_checkUniqueEmail_slash");
    // A path with only its slashed form keeps its plain id.
    assert_eq!(
        api["paths"]["/handleajax/acknowledgesplashscreen/"]["post"]["operationId"],
        "post_handleajax_acknowledgesplashscreen"
    );
}

#[tokio::test]
async fn the_user_forms_shape_rules_answer_before_the_domains() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let long = "x".repeat(1_001);
    let reply = app.post_multipart("/api/users/save/0", Some(&owner), &[("form_first_name", long.as_str())]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    assert!(reply.json()["errors"]["form_first_name"].is_string());
    let flag = app.post_multipart("/api/users/save/0", Some(&owner), &[("form_recordings", "yes")]).await;
    assert_eq!(flag.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", flag.text());
    assert!(flag.json()["errors"]["form_recordings"].is_string());
    let campaign = app.post_multipart("/api/users/save/0", Some(&owner), &[("form_outbound_campaign", "abc")]).await;
    assert_eq!(campaign.status, StatusCode::BAD_REQUEST);
    let check = app
        .post_multipart("/api/users/checkUniqueEmail", Some(&owner), &[("form_email", "a@b.test"), ("userId", "x")])
        .await;
    assert_eq!(check.status, StatusCode::BAD_REQUEST);
    let service = app.post_multipart("/api/users/setOutboundService", Some(&owner), &[("userId", "3")]).await;
    assert_eq!(service.status, StatusCode::BAD_REQUEST, "serviceId is needed");
    let password = "p".repeat(1_001);
    let confirm = app
        .post_multipart("/api/handleajax/confirmPassword", Some(&owner), &[("form_password", password.as_str())])
        .await;
    assert_eq!(confirm.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(confirm.json()["errors"]["form_password"].is_string());
    // Nothing was stored, and the call works with a well-formed form.
    let (users,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM users WHERE forename = $1")
        .bind(&long)
        .fetch_one(&app.state.db)
        .await
        .unwrap();
    assert_eq!(users, 0);
    let free = app.post_multipart("/api/users/checkUniqueEmail", Some(&owner), &[("form_email", "a@b.test")]).await;
    assert_eq!(free.status, StatusCode::OK);
}

#[tokio::test]
async fn refusals_axum_writes_itself_answer_json_too() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let reply = app.get("/api/users/getUserDetails/9223372036854775808", Some(&token)).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert_eq!(reply.json()["code"], "BAD_REQUEST");
    let wrong_method = app.get("/api/users/save/1", Some(&token)).await;
    assert_eq!(wrong_method.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(wrong_method.json()["code"], "METHOD_NOT_ALLOWED");
    let req = crate::helpers::request("POST", "/api/technologypartner/createApiKey", Some(&token), true)
        .body(axum::body::Body::empty())
        .unwrap();
    let no_form = app.send(req).await;
    assert_eq!(no_form.status, StatusCode::BAD_REQUEST, "a typed call without a form: {}", no_form.text());
}

#[tokio::test]
async fn a_path_or_query_that_does_not_parse_is_refused_in_the_apis_words() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    // auth_code is a u8: 300 does not fit.
    let reply = app.get("/api/users/getUserPermissions/0/300/0", Some(&token)).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{}", reply.text());
    assert!(reply.header("content-type").unwrap_or_default().starts_with("application/json"), "{}", reply.text());
    let body = reply.json();
    assert_eq!(body["success"], false);
    assert_eq!(body["code"], "BAD_REQUEST");
    let message = body["message"].as_str().unwrap();
    assert!(message.contains("from 0 to 255") && message.contains("\"300\""), "{message}");
    assert!(!message.contains("Invalid URL") && !message.contains("Cannot parse"), "axum's text: {message}");
    // A named parameter is named.
    let reply = app.get("/api/users/getUserDetails/x1", Some(&token)).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{}", reply.text());
    let message = reply.json()["message"].as_str().unwrap().to_string();
    assert!(!message.contains("Invalid URL") && !message.contains("Cannot parse"), "axum's text: {message}");
    assert!(message.contains("whole number"), "{message}");
    // A query whose number is not one.
    let reply = app.get("/api/routinghistory/getChanges?page=abc", Some(&token)).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST, "{}", reply.text());
    let body = reply.json();
    assert_eq!(body["code"], "BAD_REQUEST");
    let message = body["message"].as_str().unwrap();
    assert!(message.starts_with("The query string does not fit this call"), "{message}");
    assert!(!message.contains("Failed to deserialize"), "axum's text: {message}");
}

/// The integrations and billing calls, each with its method.
const INTEGRATIONS_AND_BILLING: [(&str, &str); 19] = [
    ("/admin/getIntegrationsList", "get"),
    ("/admin/getIntegrationsSettings", "post"),
    ("/accountsettings/getCustomerSalesforceConfiguration", "get"),
    ("/integrations/connect/{identifier}", "get"),
    ("/integrations/remove/{identifier}/{key}", "post"),
    ("/integrations/settings/{identifier}", "post"),
    ("/admin/getGAConnectOptions", "get"),
    ("/managegoogleanalytics/connect", "post"),
    ("/admin/getDynamicUrls", "get"),
    ("/admin/startJob/{id}", "get"),
    ("/admin/startJob/{id}/{fresh}", "get"),
    ("/admin/checkJob/{id}", "get"),
    ("/tagmanager/auth/{id}", "get"),
    ("/billingdetails/getBillingDetails", "get"),
    ("/billingdetails/saveBillingDetails", "post"),
    ("/paymentdetails/getBarclayCardParams", "get"),
    ("/paymentdetails/confirmCard", "post"),
    ("/invoices/getInvoiceList", "get"),
    ("/invoices/downloadInvoice/{file_id}/{format}", "get"),
];

#[tokio::test]
async fn the_integrations_and_billing_calls_are_in_the_contract() {
    let app = TestApp::spawn().await;
    let api = contract(&app).await;
    for (path, method) in INTEGRATIONS_AND_BILLING {
        let operation = &api["paths"][path][method];
        assert!(operation.is_object(), "{method} {path} is in the contract");
        let tag = operation["tags"][0].as_str().unwrap_or_default();
        assert!(["integrations", "billing"].contains(&tag), "{method} {path}: tag {tag}");
        assert!(operation["responses"]["200"].is_object(), "{method} {path} answers 200");
        let params = operation["parameters"].as_array().map(Vec::len).unwrap_or(0);
        assert_eq!(params, path.matches('{').count(), "{method} {path}: its path parameters");
    }
    for path in ["/managegoogleanalytics/connect", "/billingdetails/saveBillingDetails", "/paymentdetails/confirmCard"]
    {
        let content = &api["paths"][path]["post"]["requestBody"]["content"];
        assert!(content["multipart/form-data"].is_object() && content["application/x-www-form-urlencoded"].is_object());
    }
    let download = &api["paths"]["/invoices/downloadInvoice/{file_id}/{format}"]["get"]["responses"]["200"]["content"];
    for kind in ["application/pdf", "text/csv", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"] {
        assert!(download[kind].is_object(), "the download's {kind}");
    }
    assert_eq!(api["components"]["schemas"]["InvoiceFile"]["format"], "binary");
}

#[tokio::test]
async fn the_billing_forms_are_typed_and_the_domains_messages_still_win() {
    let app = TestApp::spawn().await;
    let owner = app.login("owner@demo.test").await;
    let save = "/api/billingdetails/saveBillingDetails";
    // Far past any rule: the shape's bound, keyed by the field. Within it: the domain's message.
    let huge = "x".repeat(1_001);
    let reply = app.post_form(save, Some(&owner), &[("form_town", huge.as_str())]).await;
    assert_eq!(reply.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", reply.text());
    assert!(reply.json()["errors"]["form_town"].is_string());
    let long = "x".repeat(81);
    let reply = app.post_form(save, Some(&owner), &[("form_companyName", long.as_str())]).await;
    assert_eq!(reply.json()["errors"]["form_companyName"], "Company name cannot exceed 80 characters.");
    let twice = app.post_form(save, Some(&owner), &[("form_town", "Bristol"), ("form_town", "Bath")]).await;
    assert_eq!(twice.status, StatusCode::BAD_REQUEST, "a field posted twice is refused");
    let card = app.post_form("/api/paymentdetails/confirmCard", Some(&owner), &[("orderid", huge.as_str())]).await;
    assert_eq!(card.status, StatusCode::UNPROCESSABLE_ENTITY);
}

/// The contract's schemas are named by their Rust type's name alone: two `ToSchema` types of one
/// name in different modules become one schema, and every call of the other then promises a
/// shape it does not send (schemathesis found `managesources/insertSource` answering `{id}`
/// against a `Saved` that required `success`). One name, one type.
#[test]
fn no_two_contract_types_share_a_name() {
    let mut seen: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    let mut folders = vec![std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                for name in contract_type_names(&std::fs::read_to_string(&path).unwrap()) {
                    seen.entry(name).or_default().push(path.display().to_string());
                }
            }
        }
    }
    let shared: Vec<_> = seen.into_iter().filter(|(_, files)| files.len() > 1).collect();
    assert!(shared.is_empty(), "ToSchema types sharing a name: {shared:#?}");
}

/// The names of the `struct`s and `enum`s a `#[derive(.. ToSchema ..)]` introduces.
fn contract_type_names(source: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut derives_schema = false;
    for line in source.lines().map(str::trim) {
        if line.starts_with("#[derive(") {
            derives_schema = line.contains("ToSchema");
        } else if derives_schema && !line.starts_with("#[") && !line.starts_with("///") {
            let words: Vec<&str> = line.split_whitespace().collect();
            if let Some(at) = words.iter().position(|w| *w == "struct" || *w == "enum") {
                let name = words.get(at + 1).unwrap_or(&"").trim_end_matches(['{', '(', ';']);
                names.push(name.split('<').next().unwrap().to_string());
            }
            derives_schema = false;
        }
    }
    names
}

#[test]
fn the_type_name_scan_finds_derived_schemas_only() {
    let source = "#[derive(Serialize, ToSchema)]\n#[serde(rename_all = \"camelCase\")]\npub(super) struct Saved {\n}\n\
                  #[derive(Debug)]\nstruct Other;\n#[derive(ToSchema)]\n/// Kinds.\nenum Kind<T> { A }\n";
    assert_eq!(contract_type_names(source), ["Saved", "Kind"]);
}

/// The schema of a path's operation's parameter.
fn parameter<'a>(api: &'a Value, path: &str, name: &str) -> &'a Value {
    let parameters = api["paths"][path]["get"]["parameters"].as_array().expect("parameters");
    &parameters.iter().find(|p| p["name"] == name).unwrap_or_else(|| panic!("{path} has {name}"))["schema"]
}

#[tokio::test]
async fn the_contracts_bounds_are_the_rules_own_constants() {
    use domain::purchase::{MAX_PRICE_SCOPES, MAX_SCOPE_LENGTH};
    use server::http::contract::bounds;
    let app = TestApp::spawn().await;
    let api = contract(&app).await;
    for field in ["from", "to"] {
        let date = parameter(&api, "/routinghistory/getChanges", field);
        assert_eq!(date["format"], "date");
        assert_eq!(date["pattern"], domain::routing::history::DATE_PATTERN);
    }
    let scopes = parameter(&api, "/services/getAllPrices/{scopes}", "scopes");
    let pattern = scopes["pattern"].as_str().unwrap();
    assert!(pattern.contains(&format!("{{0,{MAX_SCOPE_LENGTH}}}")), "{pattern}");
    assert!(pattern.ends_with(&format!("{{0,{}}}$", MAX_PRICE_SCOPES - 1)), "{pattern}");
    let level = parameter(&api, "/users/getUserPermissions/{id}/{auth_code}/{update}", "auth_code");
    assert_eq!((level["minimum"].as_u64(), level["maximum"].as_u64()), (Some(0), Some(u64::from(u8::MAX))));
    let give = &api["components"]["schemas"]["GiveAccessRequest"]["properties"]["userId"];
    assert_eq!(give["minimum"].as_i64(), Some(bounds::ID_MIN));
    // A service plan's description: keyboard characters, at most the rule's maximum once trimmed.
    let plan = &api["components"]["schemas"]["ServicePlanRequest"]["properties"]["form_plan_description"];
    let keyboard = bounds::required_text_pattern(
        bounds::Chars::Only(domain::KEYBOARD_CHARACTERS),
        domain::routing::SERVICE_PLAN_DESCRIPTION_MAX,
    );
    assert_eq!(plan["pattern"].as_str(), Some(keyboard.as_str()));
}

#[tokio::test]
async fn a_forms_schema_says_what_a_form_can_carry() {
    use server::http::contract::{FIELD_NAME_PATTERN, FORM_TEXT_PATTERN};
    let app = TestApp::spawn().await;
    let api = contract(&app).await;
    let enter = &api["components"]["schemas"]["EnterForm"];
    // An optional number is absent or a number: a form has no null.
    assert_eq!(enter["properties"]["form_customer_id"]["type"], "integer");
    // A flag: the bound garde checks, from the same constant.
    let flag = &enter["properties"]["form_partner_login"];
    assert_eq!(flag["maxLength"].as_u64(), Some(server::http::contract::bounds::FLAG_MAX as u64));
    assert_eq!(flag["pattern"].as_str(), server::http::contract::bounds::flag().pattern.as_deref());
    let category = &api["components"]["schemas"]["CategoryRequest"]["properties"];
    assert!(
        category.as_object().unwrap().values().any(|field| field["pattern"] == FORM_TEXT_PATTERN),
        "a form's free text holds no NUL"
    );
    assert_eq!(enter["propertyNames"]["pattern"], FIELD_NAME_PATTERN);
}

#[tokio::test]
async fn the_calls_the_rules_may_refuse_are_marked_with_their_reason() {
    use server::http::contract::refused_by_rules::{calls, reason};
    let app = TestApp::spawn().await;
    let api = contract(&app).await;
    let operations: Vec<&Value> =
        api["paths"].as_object().unwrap().values().flat_map(|item| item.as_object().unwrap().values()).collect();
    let named = calls();
    for id in &named {
        let operation = operations.iter().find(|op| op["operationId"] == *id).unwrap_or_else(|| panic!("{id} exists"));
        let reason = reason(id).unwrap();
        assert_eq!(operation["x-refused-by-rules"]["reason"], reason);
        assert!(operation["responses"]["422"]["description"].as_str().unwrap().contains(&reason));
    }
    // Each named call, and its twin at the path with a trailing slash where it has one.
    let marked: Vec<&str> = operations
        .iter()
        .filter(|op| op.get("x-refused-by-rules").is_some())
        .map(|op| op["operationId"].as_str().unwrap())
        .collect();
    for id in &marked {
        assert!(named.contains(&id.strip_suffix("_slash").unwrap_or(id)), "{id} is marked but no rule names it");
    }
    let twins = marked.iter().filter(|id| id.ends_with("_slash")).count();
    assert_eq!(marked.len(), named.len() + twins);
    assert_eq!(
        operations.iter().find(|op| op["operationId"] == "post_managedtmf_create_slash").unwrap()["x-refused-by-rules"]
            ["reason"],
        reason("post_managedtmf_create").unwrap()
    );
    // Every other call accepts what its schema allows: none is left out of the check.
    assert!(operations.iter().all(|op| op.get("x-schema-looser").is_none()));
}

#[tokio::test]
async fn a_control_character_in_a_fields_name_is_refused_in_either_encoding() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let fields = [("user\u{1}Id", "1"), ("userId", "1")];
    let reply = app.post_form("/api/agents/giveAccess", Some(&token), &fields).await;
    assert_eq!(reply.status, StatusCode::BAD_REQUEST);
    assert_eq!(reply.json()["message"], "a form field's name holds a control character");
}

#[tokio::test]
async fn a_nul_is_refused_in_a_field_the_form_reads_and_ignored_in_one_it_does_not() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    let read = app.post_form("/api/agents/giveAccess", Some(&token), &[("userId", "1\0")]).await;
    assert_eq!(read.status, StatusCode::BAD_REQUEST);
    assert_eq!(read.json()["message"], "a form field holds a NUL character");
    let ignored = app.post_form("/api/agents/giveAccess", Some(&token), &[("userId", "0"), ("other", "a\0b")]).await;
    assert_eq!(ignored.status, StatusCode::UNPROCESSABLE_ENTITY, "the shape rule answers, not the NUL");
}

#[tokio::test]
async fn a_nul_in_a_field_named_like_a_read_one_is_ignored_and_in_a_rows_cell_refused() {
    let app = TestApp::spawn().await;
    let token = app.login("owner@demo.test").await;
    // `userId[x]` is not `userId`: the form never reads it (the contract lets it be anything).
    let fields = [("userId", "0"), ("userId[x]", "a\0b")];
    let beside = app.post_form("/api/agents/giveAccess", Some(&token), &fields).await;
    assert_eq!(beside.status, StatusCode::UNPROCESSABLE_ENTITY, "the shape rule answers, not the NUL");
    // A row's cell is read: a NUL in it is refused as in any field read.
    let row = [("form_name", "Sales"), ("form_question_text[0]", "Polite\0"), ("form_question_kind[0]", "yesNo")];
    let cell = app.post_form("/api/scores/addScorecard", Some(&token), &row).await;
    assert_eq!(cell.status, StatusCode::BAD_REQUEST, "{}", cell.text());
    assert_eq!(cell.json()["message"], "a form field holds a NUL character");
}

#[tokio::test]
async fn a_row_forms_first_row_is_in_its_schema_with_the_rules_constants() {
    use domain::scoring::scorecard::{AnswerKind, NAME_MAX, QUESTION_MAX, WEIGHT_MAX};
    use server::http::contract::bounds;
    let app = TestApp::spawn().await;
    let api = contract(&app).await;
    let form = &api["components"]["schemas"]["ScorecardFields"];
    let required: Vec<&str> = form["required"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    for field in ["form_name", "form_question_text[0]", "form_question_kind[0]", "form_question_weight[0]"] {
        assert!(required.contains(&field), "{field} is required: {required:?}");
    }
    let properties = &form["properties"];
    let weight = bounds::trimmed_whole(1, WEIGHT_MAX, 1).pattern.unwrap();
    assert_eq!(properties["form_question_weight[0]"]["pattern"], weight);
    assert!(weight.contains(&format!("|{WEIGHT_MAX})")), "{weight}");
    let kinds = bounds::trimmed_key(&AnswerKind::ALL.map(AnswerKind::key), 1).pattern.unwrap();
    assert_eq!(properties["form_question_kind[0]"]["pattern"], kinds);
    let text = properties["form_question_text[0]"]["pattern"].as_str().unwrap();
    assert!(text.contains(&format!("{{0,{}}}", QUESTION_MAX - 2)), "{text}");
    let name = properties["form_name"]["pattern"].as_str().unwrap();
    assert!(name.contains(&format!("{{0,{}}}", NAME_MAX - 2)), "{name}");
}

#[tokio::test]
async fn the_rules_across_fields_a_schema_states_are_the_forms_any_of() {
    let app = TestApp::spawn().await;
    let api = contract(&app).await;
    let schemas = &api["components"]["schemas"];
    let required_in = |form: &str| -> Vec<String> {
        let choices = schemas[form]["anyOf"].as_array().unwrap_or_else(|| panic!("{form} has its anyOf"));
        choices.iter().map(|choice| choice["required"].to_string()).collect()
    };
    // A tag or lead rule: at least one condition, any of them.
    let conditions = required_in("RuleFields");
    assert_eq!(conditions.len(), 6);
    assert!(conditions.contains(&r#"["form_first_time"]"#.to_string()), "{conditions:?}");
    // A pool: a dynamic URL chosen or a new address, with a listed or a custom number format.
    assert_eq!(required_in("PoolRequest").len(), 4);
    // Test connection: a password typed, or the stored one kept.
    assert_eq!(required_in("FtpTestRequest"), [r#"["form_ftp_password"]"#, r#"["form_ftp_keep_password"]"#]);
    // A connect names its first row's number or pool.
    assert_eq!(required_in("BasicConnectForm"), [r#"["form_number_id[0]"]"#, r#"["form_number_set_id[0]"]"#]);
    // A destination plan's first ring length by its type: a hunt group's or a multi dial's.
    assert_eq!(
        required_in("SavePlanRequest"),
        [r#"["form_ring_length[0]"]"#, r#"["form_plan_type","form_ring_length[0]"]"#]
    );
    // Every schema a form refers to is in the contract (a contract's form registers its fields').
    fn refs<'a>(value: &'a Value, found: &mut Vec<&'a str>) {
        match value {
            Value::Object(map) => {
                found.extend(map.get("$ref").and_then(Value::as_str));
                map.values().for_each(|v| refs(v, found));
            }
            Value::Array(items) => items.iter().for_each(|v| refs(v, found)),
            _ => {}
        }
    }
    let mut found = Vec::new();
    refs(&api, &mut found);
    for reference in found {
        let name = reference.trim_start_matches("#/components/schemas/");
        assert!(schemas.get(name).is_some(), "{reference} resolves");
    }
    // The impact call's record is JSON of a RoutingRecord.
    let record = &schemas["ImpactRequest"]["properties"]["record"];
    assert_eq!(record["contentMediaType"], "application/json");
    assert_eq!(record["contentSchema"]["$ref"], "#/components/schemas/RoutingRecord");
}

#[tokio::test]
async fn a_forms_field_of_an_aliased_type_is_told_as_posted() {
    let app = TestApp::spawn().await;
    let api = contract(&app).await;
    // `IdField` (an alias of Option<i64>) was a reference to a nullable "Option": "null" is no id.
    let id = &api["components"]["schemas"]["CloneIvrRequest"]["properties"]["id"];
    assert!(id.get("$ref").is_none(), "{id}");
    assert_eq!(id["type"], "integer");
    assert!(id.get("oneOf").is_none(), "{id}");
}

#[tokio::test]
async fn a_rule_across_a_forms_fields_a_schema_can_state_is_its_any_of() {
    use domain::routing::dtmf::{DTMF_DESCRIPTION_MAX, DTMF_KEY_DESCRIPTION_MAX};
    let app = TestApp::spawn().await;
    let api = contract(&app).await;
    let form = &api["components"]["schemas"]["DtmfIvrRequest"];
    // An end audio, or a DTMF plan for the key: one of the two present, an id.
    let choices: Vec<&Value> = form["anyOf"].as_array().expect("anyOf").iter().collect();
    assert_eq!(choices[0]["required"][0], "endAudioId");
    assert_eq!(choices[1]["required"][0], "keyDtmfId[0]");
    assert!(form.get(server::http::contract::ANY_OF).is_none(), "the extension is made the anyOf");
    let properties = &form["properties"];
    let description = properties["description"]["pattern"].as_str().unwrap();
    assert!(description.contains(&format!("{{0,{}}}", DTMF_DESCRIPTION_MAX - 2)), "{description}");
    let key = properties["keyDescription[0]"]["pattern"].as_str().unwrap();
    assert!(key.contains(&format!("{{0,{}}}", DTMF_KEY_DESCRIPTION_MAX - 2)), "{key}");
}
