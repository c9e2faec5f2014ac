//! The TypeScript declarations of the values that cross the wasm boundary, generated from the
//! Rust types with ts-rs and kept in `ts_types.d.ts`, which lib.rs puts in the builds' .d.ts.
//!
//! `cargo test -p domain-wasm` fails when the file differs from what the types give now;
//! `UPDATE_TS_TYPES=1 cargo test -p domain-wasm ts_types` rewrites it.
//!
//! Values cross with serde-wasm-bindgen's JSON-compatible serializer, so ts-rs is asked for what
//! that produces: a map is a plain object, `Option<T>` is `T | null`, and every integer
//! (i64 and u64 too) is a `number`.

use std::any::TypeId;
use std::collections::BTreeMap;
use std::path::Path;

use ts_rs::{Config, TypeVisitor, TS};

/// The types the wasm functions take and give, by the names their `unchecked_return_type` and
/// `unchecked_param_type` use; the types they are made of are declared with them.
fn declare_all(c: &mut Collect) {
    use domain::routing::{self, history, ivr};
    use domain::{integrations, purchase, reports, sources};

    // The first screen (shell) and the pages; the account state is passed as
    // `Partial<AccountState>` (missing fields take their defaults).
    c.visit::<domain::AccountState>();
    c.visit::<domain::Menu>();
    c.visit::<domain::GuardStep>();
    c.visit::<domain::Resolution>();
    c.visit::<domain::UnauthorisedNotice>();
    c.visit::<crate::shell::RouteInfo>();
    c.visit::<integrations::Overview>();
    c.visit::<integrations::website_check::CheckView>();
    c.visit::<domain::TopBarIcons>();
    c.visit::<domain::billing::card::CardFieldError>();
    c.visit::<domain::AddButton>();
    c.visit::<domain::ChargeItem>();
    c.visit::<domain::NumberFormat>();
    c.visit::<purchase::AddonOffer>();
    c.visit::<purchase::PurchaseBarrier>();
    c.visit::<purchase::ScopeQuery>();
    c.visit::<purchase::PlanPage>();
    c.visit::<purchase::Unlocked>();
    c.visit::<purchase::PlanScopes>();
    c.visit::<purchase::PlanComparison>();

    // The forms.
    c.visit::<domain::FieldErrors>();
    c.visit::<integrations::ProviderSettingsDef>();
    c.visit::<domain::users::UserForm>();
    c.visit::<domain::users::UserFormContext>();
    c.visit::<domain::billing::BillingDetailsForm>();
    c.visit::<domain::services::static_number::StaticNumberForm>();
    c.visit::<domain::services::new_service_plan::NewServicePlanForm>();
    c.visit::<domain::services::inline_add::InlineList>();
    c.visit::<domain::services::dynamic_pool::DynamicPoolForm>();
    c.visit::<domain::numbers::AttributionEdit>();
    c.visit::<sources::VisitFacts>();
    c.visit::<sources::Ruleset>();
    c.visit::<sources::Classification>();
    c.visit::<sources::RuleForm>();
    c.visit::<sources::PairForm>();
    c.visit::<domain::partners::add_account::AddAccountForm>();
    c.visit::<domain::partners::branding::BrandingColours>();
    c.visit::<domain::partners::profile::TechPartnerProfile>();
    c.visit::<domain::dimensions::DimensionForm>();
    c.visit::<domain::dimensions::DimensionContext>();
    c.visit::<domain::dimensions::ValueAnswer>();
    c.visit::<domain::cta::CtaForm>();
    c.visit::<domain::cta::Click>();
    c.visit::<domain::cta::CallStart>();
    c.visit::<domain::tags::TagForm>();
    c.visit::<domain::tags::TagRuleForm>();
    c.visit::<domain::tags::TagFacts>();
    c.visit::<domain::tags::TagRule>();
    c.visit::<domain::speech::VoiceTagForm>();
    c.visit::<domain::speech::VocabularyForm>();
    c.visit::<domain::conversions::ConversionForm>();
    c.visit::<domain::conversions::ConversionAction>();
    c.visit::<domain::conversions::ConversionCall>();
    c.visit::<domain::scoring::ScorecardForm>();
    c.visit::<domain::scoring::Question>();
    c.visit::<crate::scoring::ScoreAnswer>();
    c.visit::<reports::DatePreset>();
    c.visit::<crate::reports::PeriodAnswer>();
    c.visit::<domain::phone::PhoneAccess>();
    c.visit::<crate::phone::OutboundCheck>();
    c.visit::<crate::phone::AsIfCheck>();
    c.visit::<crate::drafts::ScheduleCheck>();
    c.visit::<domain::routing::draft::Conflict>();
    c.visit::<domain::routing::draft::DraftRecord>();
    c.visit::<reports::CallFacts>();
    c.visit::<reports::CallerCall>();
    c.visit::<reports::CallbackLink>();
    c.visit::<domain::spend::SpendMonthForm>();
    c.visit::<domain::spend::CostFacts>();
    c.visit::<domain::spend::CostLine>();
    c.visit::<domain::spend::CostRow>();

    // Call routing.
    c.visit::<routing::RoutingAccess>();
    c.visit::<routing::RoutingConstants>();
    c.visit::<routing::ServicePlanForm>();
    c.visit::<routing::TemplateKind>();
    c.visit::<routing::WorkingHours>();
    c.visit::<crate::routing::WorkingHoursResult>();
    c.visit::<crate::routing::TimeBreak>();
    c.visit::<routing::WeekGrid>();
    c.visit::<routing::CallAnswer>();
    c.visit::<routing::plan_exceptions::PlanException>();
    c.visit::<routing::bank_holidays::Calendar>();
    c.visit::<routing::bank_holidays::BankHoliday>();
    c.visit::<routing::RoutingRow>();
    c.visit::<routing::DestinationNumberForm>();
    c.visit::<routing::DestinationPlanForm>();
    c.visit::<routing::QueueForm>();
    c.visit::<routing::VoicemailForm>();
    c.visit::<routing::AudioForm>();
    c.visit::<routing::GroupForm>();
    c.visit::<routing::InCallAttributionForm>();
    c.visit::<routing::DtmfPlanForm>();
    c.visit::<routing::DtmfIvrForm>();
    c.visit::<routing::DynamicWhisperForm>();
    c.visit::<crate::routing_extras::RoutingExtrasConstants>();
    c.visit::<ivr::IvrForm>();
    c.visit::<ivr::Library>();
    c.visit::<ivr::IvrFlow>();
    c.visit::<ivr::CallPath>();
    c.visit::<history::RoutingRecord>();
    c.visit::<history::RecordState>();
    c.visit::<history::Names>();
    c.visit::<history::RoutingSnapshot>();
    c.visit::<history::ReplayCall>();
    c.visit::<history::Impact>();
    c.visit::<history::Change>();
    c.visit::<history::RollbackPlan>();
}

/// Every declaration by its TypeScript name, with the Rust type that gave it.
struct Collect {
    cfg: Config,
    declarations: BTreeMap<String, (TypeId, &'static str, String)>,
}

impl TypeVisitor for Collect {
    fn visit<T: TS + 'static + ?Sized>(&mut self) {
        // Only declared types have a file of their own: not primitives, lists or maps.
        if T::output_path().is_none() {
            return;
        }
        let name = T::ident(&self.cfg);
        let rust = std::any::type_name::<T>();
        if let Some((id, other, _)) = self.declarations.get(&name) {
            assert!(
                *id == TypeId::of::<T>(),
                "{other} and {rust} are both declared as {name}: rename one (ts(rename))"
            );
            return;
        }
        let declaration = format!("{}export {}", T::docs().unwrap_or_default(), one_field_a_line(&T::decl(&self.cfg)));
        self.declarations.insert(name, (TypeId::of::<T>(), rust, declaration));
        T::visit_dependencies(self);
    }
}

/// `type X = { a: A, /** doc */ b: B, };` (ts-rs writes an object on one line, breaking it only
/// around the fields' doc comments) with one field a line, as a person would write it. Anything
/// else (a union, an intersection, a map) is left as it is. wasm-bindgen re-indents the .d.ts by the
/// lines that end in `{` and start with `}`, so these must pair up.
fn one_field_a_line(declaration: &str) -> String {
    let Some((head, body)) = declaration.split_once(" = ") else { return declaration.to_string() };
    let Some(inner) = body.strip_prefix('{').and_then(|b| b.strip_suffix("};")) else {
        return declaration.to_string();
    };
    if inner.trim_start().starts_with('[') {
        return declaration.to_string(); // a map: `{ [key in K]: V }`
    }
    // The fields, split at the commas outside brackets, string literals and doc comments; the
    // first `{` must close at the end (not `{ .. } & Other`).
    let (mut fields, mut field, mut depth) = (Vec::new(), String::new(), 0usize);
    let mut rest = inner;
    while let Some(c) = rest.chars().next() {
        let skip = if rest.starts_with("/**") {
            rest.find("*/").map_or(rest.len(), |end| end + 2)
        } else if c == '"' {
            rest[1..].find('"').map_or(rest.len(), |end| end + 2)
        } else {
            c.len_utf8()
        };
        match c {
            '{' | '[' | '(' | '<' => depth += 1,
            '}' | ']' | ')' | '>' if depth == 0 => return declaration.to_string(),
            '}' | ']' | ')' | '>' => depth -= 1,
            ',' if depth == 0 => {
                fields.push(std::mem::take(&mut field));
                rest = &rest[1..];
                continue;
            }
            _ => {}
        }
        field.push_str(&rest[..skip]);
        rest = &rest[skip..];
    }
    fields.push(field);
    let mut out = format!("{head} = {{\n");
    for field in fields.iter().map(|f| f.trim()).filter(|f| !f.is_empty()) {
        for line in field.lines().map(str::trim) {
            let indent = if line.starts_with('*') { "   " } else { "  " };
            out.push_str(indent);
            out.push_str(line);
            out.push('\n');
        }
        out.insert(out.len() - 1, ',');
    }
    out.push_str("};");
    out
}

/// All the declarations, in the order of their names.
fn render() -> (String, Vec<String>) {
    let mut collect = Collect { cfg: Config::new().with_large_int("number"), declarations: BTreeMap::new() };
    declare_all(&mut collect);
    let mut out = String::from(
        "// Generated from the Rust types by crates/domain-wasm/src/ts_types.rs: do not edit.\n\
         // UPDATE_TS_TYPES=1 cargo test -p domain-wasm ts_types rewrites it.\n",
    );
    for (_, _, declaration) in collect.declarations.values() {
        out.push('\n');
        out.push_str(declaration);
        out.push('\n');
    }
    (out, collect.declarations.into_keys().collect())
}

const FILE: &str = "src/ts_types.d.ts";

#[test]
fn the_checked_in_declarations_are_the_ones_the_rust_types_give() {
    let (rendered, _) = render();
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(FILE);
    if std::env::var_os("UPDATE_TS_TYPES").is_some() {
        std::fs::write(&path, &rendered).unwrap();
        return;
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        stored == rendered,
        "crates/domain-wasm/{FILE} is not what the Rust types give: run \
         `UPDATE_TS_TYPES=1 cargo test -p domain-wasm ts_types` and commit the file"
    );
}

/// With skipLibCheck, TypeScript would read a name no declaration gives as `any`, silently.
#[test]
fn every_type_a_wasm_function_names_is_declared() {
    let (_, declared) = render();
    const TYPESCRIPT: &[&str] = &["Partial", "Record", "Uint8Array", "Float64Array", "Uint32Array"];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        for attribute in ["unchecked_return_type = \"", "unchecked_param_type = \""] {
            for (at, _) in source.match_indices(attribute) {
                let rest = &source[at + attribute.len()..];
                let ts = &rest[..rest.find('"').unwrap()];
                let names = ts.split(|c: char| !c.is_ascii_alphanumeric() && c != '_');
                for name in names.filter(|n| n.starts_with(|c: char| c.is_ascii_uppercase())) {
                    if !declared.iter().any(|d| d == name) && !TYPESCRIPT.contains(&name) {
                        missing.push(format!("{name} ({})", path.file_name().unwrap().to_string_lossy()));
                    }
                }
            }
        }
    }
    assert!(missing.is_empty(), "named by a wasm function but not declared: {missing:?} (add them to declare_all)");
}
