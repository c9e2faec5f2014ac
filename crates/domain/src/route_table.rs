//! The client route table of spec/call-routing.md section 2.7, with each route's title, scope,
//! purchase permission and audience from section 6.

use serde::Serialize;

/// Any one of these opens advanced routing and the audio list.
pub const ADVANCED_ROUTING_SCOPES: &[&str] = &[
    "routing_time_of_day",
    "routing_hunt_group",
    "routing_multi_dial",
    "routing_whisper",
    "routing_intro",
    "routing_ivr",
    "routing_queue",
    "routing_mid_call_ivr_category",
    "routing_post_call_ivr_category",
    "routing_mid_call_ivr_value",
    "routing_post_call_ivr_value",
    "routing_ivr_category",
    "advanced_call_handling",
];

/// A group account's combined views of its clinics (domain `reports::group`).
pub const CLINICS_PAGE: &str = "/reports/clinics";

/// Who may reach a route.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Audience {
    /// Ordinary customer users only.
    Customers,
    /// Customer users and partner users.
    CustomersAndPartners,
    /// Partner users only.
    Partners,
    /// Technology-partner users only.
    TechPartners,
    /// Everyone, whatever their portal (outside pages, the unauthorised page).
    Everyone,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RouteDef {
    pub pattern: &'static str,
    /// None: the page is not part of the app (served by the server) or only redirects.
    pub title: Option<&'static str>,
    /// The on-demand section that holds the screen.
    pub section: &'static str,
    /// The package needs any one of these.
    pub scopes: &'static [&'static str],
    pub purchase: bool,
    pub audience: Audience,
    /// Needs a non-group account with provisioning rights.
    pub provisioning: bool,
    pub user_admin: bool,
    /// The lowest authorisation code that may open the page.
    pub min_auth: u8,
    /// Legacy-package customers are sent home from this page.
    pub not_legacy: bool,
    pub redirect: Option<&'static str>,
    /// Served by the server, outside the single-page app.
    pub external: bool,
    /// Needs the billing access flag (spec/billing-subscription-purchase.md section 6).
    pub billing: bool,
    /// Buys online: needs the purchase right and a customer that may buy online (the services
    /// pages; spec/billing-subscription-purchase.md, "/services").
    pub online_purchase: bool,
    /// The reports area: needs the reports permission, not admin rights.
    pub reports: bool,
    /// A group account's combined views: a group account only.
    pub group_only: bool,
}

const fn page(pattern: &'static str, title: &'static str, section: &'static str) -> RouteDef {
    RouteDef {
        pattern,
        title: Some(title),
        section,
        scopes: &[],
        purchase: false,
        audience: Audience::Customers,
        provisioning: false,
        user_admin: false,
        min_auth: 0,
        not_legacy: false,
        redirect: None,
        external: false,
        billing: false,
        online_purchase: false,
        reports: false,
        group_only: false,
    }
}

const fn scoped(
    pattern: &'static str,
    title: &'static str,
    section: &'static str,
    scope: &'static [&'static str],
) -> RouteDef {
    RouteDef { scopes: scope, ..page(pattern, title, section) }
}

const fn redirect(pattern: &'static str, to: &'static str) -> RouteDef {
    RouteDef { title: None, redirect: Some(to), audience: Audience::Everyone, ..page(pattern, "", "") }
}

const fn external(pattern: &'static str) -> RouteDef {
    RouteDef { title: None, external: true, audience: Audience::Everyone, ..page(pattern, "", "") }
}

const fn reports(pattern: &'static str, title: &'static str) -> RouteDef {
    RouteDef { reports: true, ..page(pattern, title, "reports") }
}

const fn purchase(pattern: &'static str, title: &'static str, section: &'static str) -> RouteDef {
    RouteDef { purchase: true, ..page(pattern, title, section) }
}

const fn partner(pattern: &'static str, title: &'static str) -> RouteDef {
    RouteDef { audience: Audience::Partners, ..page(pattern, title, "partner") }
}

const fn tech(pattern: &'static str, title: &'static str) -> RouteDef {
    RouteDef { audience: Audience::TechPartners, ..page(pattern, title, "technologypartner") }
}

const fn shared(route: RouteDef) -> RouteDef {
    RouteDef { audience: Audience::CustomersAndPartners, ..route }
}

const fn billing(route: RouteDef) -> RouteDef {
    RouteDef { billing: true, ..route }
}

/// A technology partner's billing page: the customers' billing screens, in its portal.
const fn tech_billing(pattern: &'static str, title: &'static str) -> RouteDef {
    RouteDef { section: "billing", ..billing(tech(pattern, title)) }
}

const fn provisioning(route: RouteDef) -> RouteDef {
    RouteDef { provisioning: true, ..route }
}

const fn user_admin(route: RouteDef) -> RouteDef {
    RouteDef { user_admin: true, audience: Audience::CustomersAndPartners, ..route }
}

const fn min_auth(level: u8, route: RouteDef) -> RouteDef {
    RouteDef { min_auth: level, ..route }
}

const fn subscription(pattern: &'static str, title: &'static str) -> RouteDef {
    RouteDef { not_legacy: true, ..min_auth(20, purchase(pattern, title, "billing")) }
}

const GA: &[&str] = &["integration_google_analytics"];
const GADS: &[&str] = &["integration_google_ads"];
const MSADS: &[&str] = &["integration_microsoft_ads"];
const FTP: &[&str] = &["integration_ftp_export"];
const CTA: &[&str] = &["admin_call_to_actions"];
const DEALERWEB: &[&str] = &["integration_dealerweb"];
const VOCABS: &[&str] = &["speech_vocabularies"];
/// Keyword spotting (voice tags) comes with speech analytics itself, its trial included.
const VOICETAGS: &[&str] = &["report_voice_tags", "integration_speech_voice_tags"];
const SERVICES: &[&str] = &["admin_add_services"];
const WEBHOOKS: &[&str] = &["integration_webhooks"];
const SALESFORCE: &[&str] = &["integration_salesforce"];
const OPTIMIZELYX: &[&str] = &["integration_optimizelyx"];
const IMPORT: &[&str] = &["integration_sales_import"];
const MARIN: &[&str] = &["integration_marin"];
const SA360: &[&str] = &["integration_double_click"];
const FACEBOOK: &[&str] = &["integration_facebook"];
const USERS: &[&str] = &["admin_user_management"];

/// Every route of the app, redirects and outside pages included.
pub static ROUTES: &[RouteDef] = &[
    page("/", "Integrate", "overview"),
    // The overview with the Google Analytics setup dialog open (spec: "A path suffix /ga_connect").
    scoped("/ga_connect", "Integrate", "overview", GA),
    // Where 'Return to reports' and everyone without admin rights go.
    redirect("/backtoreports", "/reports"),
    reports("/reports", "Call log"),
    reports("/reports/dashboard", "Dashboard"),
    reports("/reports/spend", "Ad spend"),
    RouteDef { group_only: true, ..reports(CLINICS_PAGE, "Clinics") },
    RouteDef { audience: Audience::Everyone, ..page("/unauthorised", "Unauthorised", "shell") },
    external("/logout"),
    external("/contactus"),
    external("/conditions"),
    external("/apidocs"),
    redirect("/upgradepackage", "/subscription"),
    page("/dynamicurls", "Dynamic URLs", "dynamic"),
    page("/dynamicurls/{id}", "Dynamic URL", "dynamic"),
    page("/dynamicurls/{id}/{pool}", "Dynamic pool", "dynamic"),
    scoped("/tags", "Tags", "scoring", &["admin_tagging_for_dynamics"]),
    min_auth(20, page("/parameter/{parameter}", "Parameter", "parameters")),
    min_auth(20, page("/parameter/{parameter}/{value}", "Parameter value", "parameters")),
    min_auth(20, page("/parameters", "Parameters", "parameters")),
    billing(shared(scoped("/invoices", "Invoices", "billing", &["admin_view_invoices"]))),
    billing(shared(page("/billing/details", "Billing details", "billing"))),
    billing(shared(page("/billing/details/payment", "Payment details", "billing"))),
    subscription("/subscription", "My subscription"),
    // The plan and usage page with the upgrade open (a scope outside the package lands here).
    subscription("/subscription/upgrade", "My subscription"),
    subscription("/upgradecentre", "Upgrade centre"),
    scoped("/googleanalytics", "Google Analytics", "google", GA),
    scoped("/googleanalytics/{id}", "Google Analytics", "google", GA),
    scoped("/googleads", "Google Ads", "google", GADS),
    redirect("/adwords", "/googleads"),
    scoped("/googlebusinessprofile", "Google Business Profile", "google", &["integrations_google_business_profile"]),
    scoped("/googleads/conversions", "Google Ads conversions", "google", GADS),
    scoped("/googleads/tracking-url/", "Google Ads tracking URL", "google", GADS),
    scoped("/googleads/settings/{id}", "Google Ads settings", "google", GADS),
    scoped("/apisettings", "API", "integrations", &["integration_api"]),
    scoped("/ftpexport", "FTP export", "integrations", FTP),
    scoped("/ftpexport/{id}", "FTP export", "integrations", FTP),
    scoped("/cta", "Call-to-actions", "dynamic", CTA),
    scoped("/cta/{id}", "Call-to-action", "dynamic", CTA),
    page("/conversions", "Conversions", "dynamic"),
    page("/conversions/{id}", "Conversion", "dynamic"),
    page("/numbers", "Numbers", "static"),
    page("/numbers/{id}", "Number", "static"),
    scoped("/microsoftads", "Microsoft Ads", "microsoft", MSADS),
    scoped("/microsoftads/conversions", "Microsoft Ads conversions", "microsoft", MSADS),
    scoped("/microsoftads/settings/{id}", "Microsoft Ads settings", "microsoft", MSADS),
    scoped("/microsoftads/tracking-url/", "Microsoft Ads tracking URL", "microsoft", MSADS),
    scoped("/dealerweb", "Dealerweb", "dealerweb", DEALERWEB),
    scoped("/dealerweb/whitelist", "Dealerweb whitelist", "dealerweb", DEALERWEB),
    page("/agents", "Agents", "outbound"),
    page("/agents/{id}", "Agent", "outbound"),
    scoped("/scores", "Scores", "scoring", &["admin_call_scoring"]),
    page("/outboundcampaigns", "Outbound campaigns", "outbound"),
    page("/outboundcampaigns/{id}", "Outbound campaign", "outbound"),
    page("/outboundterms", "Outbound terms", "outbound"),
    min_auth(25, page("/outboundcli", "Manage CLI", "outbound")),
    scoped("/categories", "Categories", "scoring", &["admin_call_categorisation"]),
    page("/partneraccounts", "Accounts", "partneraccounts"),
    shared(page("/createaccount", "Create account", "partneraccounts")),
    page("/campaigns", "Campaigns", "static"),
    page("/campaigns/{id}", "Campaign", "static"),
    page("/campaigns/{id}/number/{canuId}", "Campaign number", "static"),
    provisioning(page("/routing", "Call routing", "routing")),
    provisioning(scoped("/routing/numbers", "Connect numbers", "routing", &["routing_simple"])),
    // The page itself decides what a package without advanced scopes sees (routing::RoutingAccess):
    // Starter gets the Upgrade chip and modal, others go back to /routing.
    provisioning(scoped("/routing/numbers/advanced", "Advanced routing", "routing", &["routing_simple"])),
    provisioning(scoped("/routing/audio", "Audio", "routing", ADVANCED_ROUTING_SCOPES)),
    provisioning(scoped("/routing/history", "Routing history", "routing", ADVANCED_ROUTING_SCOPES)),
    provisioning(scoped("/routing/ivrs", "IVRs", "routing", ADVANCED_ROUTING_SCOPES)),
    page("/sources", "Source/mediums", "dynamic"),
    page("/sources/{id}", "Source/medium", "dynamic"),
    user_admin(scoped("/users", "Users", "users", USERS)),
    user_admin(scoped("/users/{id}", "User", "users", USERS)),
    scoped("/vocabularies", "Vocabularies", "speech", VOCABS),
    scoped("/vocabularies/{id}", "Vocabulary", "speech", VOCABS),
    scoped("/voicetags", "Voice tags", "speech", VOICETAGS),
    scoped("/voicetags/{id}", "Voice tag", "speech", VOICETAGS),
    page("/call-insights", "Speech Insights", "speech"),
    page("/tryspeech", "Try speech analytics", "speech"),
    RouteDef { scopes: SERVICES, online_purchase: true, ..purchase("/services", "Add services", "services") },
    RouteDef {
        scopes: SERVICES,
        online_purchase: true,
        ..purchase("/services/static", "Add static numbers", "services")
    },
    RouteDef {
        scopes: SERVICES,
        online_purchase: true,
        ..purchase("/services/dynamic", "Add dynamic URLs", "services")
    },
    RouteDef {
        scopes: SERVICES,
        online_purchase: true,
        ..purchase("/services/dynamic/{id}", "Add dynamic pool", "services")
    },
    RouteDef {
        scopes: SERVICES,
        online_purchase: true,
        ..purchase("/services/website", "Add your website", "services")
    },
    scoped("/webhooks", "Webhooks", "integrations", WEBHOOKS),
    scoped("/webhooks/{id}", "Webhook", "integrations", WEBHOOKS),
    scoped("/tracksales", "Track sales", "sales", &["integration_track_sales"]),
    scoped("/customdimensions", "Custom dimensions", "dimensions", &["sales_custom_dimensions"]),
    scoped("/salesforce", "Salesforce", "salesforce", SALESFORCE),
    scoped("/salesforce/connect", "Connect Salesforce", "salesforce", SALESFORCE),
    scoped("/salesforce/popupSearch", "Salesforce search", "salesforce", SALESFORCE),
    scoped("/salesforce/{id}", "Salesforce", "salesforce", SALESFORCE),
    scoped("/hubspot", "HubSpot", "hubspot", &["integration_hubspot"]),
    scoped("/optimizelyx", "Optimizely X", "optimizely", OPTIMIZELYX),
    scoped("/optimizelyx/settings", "Optimizely X settings", "optimizely", OPTIMIZELYX),
    redirect("/ManageOptimizelyX", "/optimizelyx"),
    page("/optimizely", "Optimizely", "optimizely"),
    scoped("/importsales", "Import sales", "sales", IMPORT),
    scoped("/importsales/fieldmapping/{id}", "Import field mapping", "sales", IMPORT),
    scoped("/importsales/fieldmapping/{id}/retry", "Retry import", "sales", IMPORT),
    scoped("/importsales/upload", "Upload sales", "sales", IMPORT),
    scoped("/marin", "Marin", "marin", MARIN),
    scoped("/marin/{id}", "Marin", "marin", MARIN),
    scoped("/searchads360", "Search Ads 360", "doubleclick", SA360),
    scoped("/searchads360/connect", "Connect Search Ads 360", "doubleclick", SA360),
    scoped("/searchads360/settings/{id}", "Search Ads 360 settings", "doubleclick", SA360),
    scoped("/facebookads", "Meta Ads", "facebook", FACEBOOK),
    scoped("/facebookads/conversions", "Meta Ads conversions", "facebook", FACEBOOK),
    scoped("/facebookads/tracking-url", "Meta Ads tracking URL", "facebook", FACEBOOK),
    scoped("/facebookads/settings/{id}", "Meta Ads settings", "facebook", FACEBOOK),
    scoped("/facebookpages", "Facebook Pages", "facebook", &["integrations_facebook_pages"]),
    redirect("/partner", "/partner/accounts"),
    partner("/partner/accounts", "Accounts"),
    partner("/partner/settings", "Settings"),
    partner("/partner/rewards", "Rewards"),
    partner("/partner/benefits/{type}", "Partner benefits"),
    redirect("/partner/benefits", "/partner/benefits/referrer"),
    redirect("/technologypartner", "/technologypartner/subscription"),
    // The customers' plan and usage screen, in the portal (its calls check the menu's level).
    RouteDef { section: "billing", ..tech("/technologypartner/subscription", "My subscription") },
    tech("/technologypartner/api-keys", "API keys"),
    tech("/technologypartner/reports", "Reports"),
    tech("/technologypartner/settings", "Settings"),
    tech_billing("/technologypartner/invoices", "Invoices"),
    tech_billing("/technologypartner/billing/details", "Billing details"),
    tech_billing("/technologypartner/billing/details/payment", "Payment details"),
];

/// The route a path belongs to (query and trailing slash ignored; literal segments win over
/// parameters), or None for an unknown path.
pub fn match_route(path: &str) -> Option<&'static RouteDef> {
    let wanted = segments(path);
    ROUTES
        .iter()
        .filter_map(|route| {
            let pattern = segments(route.pattern);
            if pattern.len() != wanted.len() {
                return None;
            }
            let mut literals = 0;
            for (p, w) in pattern.iter().zip(&wanted) {
                if p.starts_with('{') && p.ends_with('}') {
                    continue;
                }
                if p != w {
                    return None;
                }
                literals += 1;
            }
            Some((literals, route))
        })
        .max_by_key(|(literals, _)| *literals)
        .map(|(_, route)| route)
}

/// The path part of a location: no query, no fragment, no trailing slash (except the root).
pub(crate) fn path_only(path: &str) -> &str {
    let end = path.find(['?', '#']).unwrap_or(path.len());
    let trimmed = path[..end].trim_end_matches('/');
    if trimmed.is_empty() {
        "/"
    } else {
        trimmed
    }
}

fn segments(path: &str) -> Vec<&str> {
    path_only(path).split('/').filter(|s| !s.is_empty()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_is_listed_once() {
        let mut seen = std::collections::HashSet::new();
        for route in ROUTES {
            assert!(seen.insert(path_only(route.pattern)), "{} twice", route.pattern);
        }
    }

    #[test]
    fn literal_segments_win_over_parameters() {
        assert_eq!(match_route("/salesforce/connect").unwrap().pattern, "/salesforce/connect");
        assert_eq!(match_route("/salesforce/42").unwrap().pattern, "/salesforce/{id}");
    }

    #[test]
    fn query_and_trailing_slash_are_ignored() {
        assert_eq!(match_route("/upgradepackage?type=package").unwrap().pattern, "/upgradepackage");
        assert_eq!(match_route("/googleads/tracking-url").unwrap().pattern, "/googleads/tracking-url/");
        assert_eq!(match_route("/routing/").unwrap().pattern, "/routing");
        assert_eq!(match_route("").unwrap().pattern, "/");
    }

    #[test]
    fn unknown_paths_match_nothing() {
        assert!(match_route("/nowhere").is_none());
        assert!(match_route("/routing/numbers/advanced/extra").is_none());
    }

    #[test]
    fn advanced_routing_accepts_any_advanced_scope() {
        for path in ["/routing/audio", "/routing/history"] {
            let route = match_route(path).unwrap();
            assert_eq!(route.scopes.len(), 13, "{path}");
            assert!(route.scopes.contains(&"advanced_call_handling"), "{path}");
            assert!(route.provisioning, "{path}");
        }
    }

    #[test]
    fn every_page_has_a_title_and_a_section() {
        for route in ROUTES.iter().filter(|r| r.redirect.is_none() && !r.external) {
            assert!(route.title.is_some_and(|t| !t.is_empty()), "{}", route.pattern);
            assert!(!route.section.is_empty(), "{}", route.pattern);
        }
    }
}
