//! What a plan includes (spec: "Plan comparison modal ... features by category with ticks or
//! 'Costs apply'"): one list of features, each tied to the scope that gates it, read against the
//! plans' stored scopes — the same scopes the menu and the route guard check. A feature is
//! included when its scope is in the plan, 'Costs apply' when the plan sells it as an add-on.

use serde::{Deserialize, Serialize};

pub const COSTS_APPLY: &str = "Costs apply";

/// One feature of the comparison: its category, its label, the scope that gates it, and whether
/// the upgrade centre's key feature comparison shows it.
struct Feature {
    category: &'static str,
    label: &'static str,
    scope: &'static str,
    key: bool,
}

const fn feature(category: &'static str, label: &'static str, scope: &'static str, key: bool) -> Feature {
    Feature { category, label, scope, key }
}

const ROUTING: &str = "Call routing";
const NUMBERS: &str = "Numbers and tracking";
const INTEGRATIONS: &str = "Integrations";
const INSIGHT: &str = "Insight and reporting";
const SERVICE: &str = "Service";

const FEATURES: &[Feature] = &[
    feature(ROUTING, "Simple call routing", "routing_simple", true),
    feature(ROUTING, "Time of day routing", "routing_time_of_day", true),
    feature(ROUTING, "IVR menus", "routing_ivr", true),
    feature(ROUTING, "Hunt groups and multi-dial", "routing_hunt_group", false),
    feature(ROUTING, "Call queues", "routing_queue", false),
    feature(ROUTING, "Whispers and intro messages", "routing_whisper", false),
    feature(ROUTING, "Multi-level IVR", "routing_advanced_ivr", false),
    feature(ROUTING, "Extended call recording storage", "routing_call_recording_extended", false),
    feature(NUMBERS, "Static tracking numbers", "static", true),
    feature(NUMBERS, "Dynamic URLs (website call tracking)", "dynamic_url", true),
    feature(NUMBERS, "Dynamic number pools", "dynamic_pool", true),
    feature(NUMBERS, "Tags for dynamic numbers", "admin_tagging_for_dynamics", false),
    feature(NUMBERS, "Outbound calling", "outbound", false),
    feature(INTEGRATIONS, "Google Analytics and Google Ads", "integration_google_analytics", true),
    feature(INTEGRATIONS, "Microsoft Advertising", "integration_microsoft_ads", false),
    feature(INTEGRATIONS, "Facebook", "integration_facebook", false),
    feature(INTEGRATIONS, "HubSpot", "integration_hubspot", false),
    feature(INTEGRATIONS, "Search Ads 360", "integration_double_click", false),
    feature(INTEGRATIONS, "Optimizely X", "integration_optimizelyx", false),
    feature(INTEGRATIONS, "Marin", "integration_marin", false),
    feature(INTEGRATIONS, "FTP export", "integration_ftp_export", false),
    feature(INTEGRATIONS, "Webhooks & API", "integration_api", true),
    feature(INTEGRATIONS, "Salesforce", "integration_salesforce", false),
    feature(INTEGRATIONS, "Dealerweb", "integration_dealerweb", false),
    feature(INSIGHT, "Call scoring", "admin_call_scoring", true),
    feature(INSIGHT, "Call categorisation", "admin_call_categorisation", false),
    feature(INSIGHT, "Track sales", "integration_track_sales", false),
    feature(INSIGHT, "Sales import", "integration_sales_import", false),
    feature(INSIGHT, "Custom dimensions", "sales_custom_dimensions", false),
    feature(INSIGHT, "Speech analytics", "report_voice_tags", true),
    feature(INSIGHT, "Speech redaction", "integration_speech_redaction", false),
    feature(INSIGHT, "Insight reports", "other_insight", false),
    feature(SERVICE, "User management", "admin_user_management", false),
    feature(SERVICE, "Managed service", "other_managed", false),
    feature(SERVICE, "Dedicated account manager", "enterprise", true),
];

/// A plan's stored scopes: those it includes and those it sells as add-ons.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlanScopes {
    pub plan: String,
    pub included: Vec<String>,
    pub addons: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum FeatureCell {
    Included,
    CostsApply,
    NotIncluded,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FeatureRow {
    pub label: String,
    pub scope: String,
    /// Shown in the upgrade centre's key feature comparison.
    pub key: bool,
    /// One cell per plan, in the plans' order.
    pub cells: Vec<FeatureCell>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FeatureCategory {
    pub name: String,
    pub rows: Vec<FeatureRow>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlanComparison {
    pub plans: Vec<String>,
    pub categories: Vec<FeatureCategory>,
}

/// What `plan` gives for `scope`.
pub fn feature_cell(plan: &PlanScopes, scope: &str) -> FeatureCell {
    if plan.included.iter().any(|s| s == scope) {
        FeatureCell::Included
    } else if plan.addons.iter().any(|s| s == scope) {
        FeatureCell::CostsApply
    } else {
        FeatureCell::NotIncluded
    }
}

/// The comparison of `plans`, by category in the catalogue's order.
pub fn plan_comparison(plans: &[PlanScopes]) -> PlanComparison {
    let mut categories: Vec<FeatureCategory> = Vec::new();
    for f in FEATURES {
        let row = FeatureRow {
            label: f.label.to_string(),
            scope: f.scope.to_string(),
            key: f.key,
            cells: plans.iter().map(|p| feature_cell(p, f.scope)).collect(),
        };
        match categories.last_mut() {
            Some(last) if last.name == f.category => last.rows.push(row),
            _ => categories.push(FeatureCategory { name: f.category.to_string(), rows: vec![row] }),
        }
    }
    PlanComparison { plans: plans.iter().map(|p| p.plan.clone()).collect(), categories }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(name: &str, included: &[&str], addons: &[&str]) -> PlanScopes {
        PlanScopes {
            plan: name.into(),
            included: included.iter().map(|s| s.to_string()).collect(),
            addons: addons.iter().map(|s| s.to_string()).collect(),
        }
    }

    fn row<'a>(c: &'a PlanComparison, scope: &str) -> &'a FeatureRow {
        c.categories.iter().flat_map(|cat| &cat.rows).find(|r| r.scope == scope).unwrap()
    }

    #[test]
    fn a_scope_is_ticked_where_included_and_costs_apply_where_sold_as_an_add_on() {
        let c = plan_comparison(&[
            plan("Starter", &["routing_simple"], &["report_voice_tags"]),
            plan("Professional", &["routing_simple", "routing_ivr"], &["report_voice_tags"]),
            plan("Enterprise", &["routing_simple", "routing_ivr", "report_voice_tags"], &[]),
        ]);
        assert_eq!(c.plans, ["Starter", "Professional", "Enterprise"]);
        use FeatureCell::*;
        assert_eq!(row(&c, "routing_simple").cells, [Included, Included, Included]);
        assert_eq!(row(&c, "routing_ivr").cells, [NotIncluded, Included, Included]);
        assert_eq!(row(&c, "report_voice_tags").cells, [CostsApply, CostsApply, Included]);
    }

    #[test]
    fn included_wins_over_an_add_on_listing() {
        let p = plan("Enterprise", &["outbound"], &["outbound"]);
        assert_eq!(feature_cell(&p, "outbound"), FeatureCell::Included);
    }

    #[test]
    fn categories_keep_the_catalogue_order_and_every_feature_appears_once() {
        let c = plan_comparison(&[]);
        let names: Vec<&str> = c.categories.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, [ROUTING, NUMBERS, INTEGRATIONS, INSIGHT, SERVICE]);
        let rows: usize = c.categories.iter().map(|c| c.rows.len()).sum();
        assert_eq!(rows, FEATURES.len());
        let mut scopes: Vec<&str> = FEATURES.iter().map(|f| f.scope).collect();
        scopes.sort();
        scopes.dedup();
        assert_eq!(scopes.len(), FEATURES.len(), "a scope is one feature");
    }

    #[test]
    fn the_key_comparison_is_a_short_list_from_each_category() {
        let c = plan_comparison(&[]);
        for category in &c.categories {
            assert!(category.rows.iter().any(|r| r.key), "{} has a key feature", category.name);
        }
    }
}
