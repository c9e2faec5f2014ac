//! The 18 integrations, in the spec's display order, with the package scope that includes each.

/// One integration the product offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IntegrationDef {
    /// The stable name stored per customer and used in paths.
    pub identifier: &'static str,
    pub title: &'static str,
    /// 1 to 18, the display order.
    pub order: u8,
    /// The package or add-on scope that includes it.
    pub scope: &'static str,
    /// The page that shows and configures it (spec: integration destinations), or for the two
    /// used at the provider's own site, that site (opened in a new window).
    pub destination: &'static str,
    /// `destination` is the provider's site, not a page of ours.
    pub external: bool,
    /// Sold on top of any plan (Salesforce).
    pub paid_extra: bool,
    /// Needs dynamic (website) tracking: without it the card offers 'Upgrade to dynamic'.
    pub dynamic_only: bool,
    /// Connected by the provider's consent (OAuth); otherwise set up with a form of ours.
    pub oauth: bool,
    /// Can be removed (disconnected or turned off) once set up.
    pub removable: bool,
}

const fn def(
    order: u8,
    identifier: &'static str,
    title: &'static str,
    scope: &'static str,
    destination: &'static str,
) -> IntegrationDef {
    IntegrationDef {
        identifier,
        title,
        order,
        scope,
        destination,
        external: false,
        paid_extra: false,
        dynamic_only: false,
        oauth: true,
        removable: true,
    }
}

/// Used at the provider's site with our data: nothing to connect here or remove.
const fn at_provider(def: IntegrationDef) -> IntegrationDef {
    IntegrationDef { external: true, oauth: false, removable: false, ..def }
}

const fn dynamic_only(def: IntegrationDef) -> IntegrationDef {
    IntegrationDef { dynamic_only: true, ..def }
}

const fn paid_extra(def: IntegrationDef) -> IntegrationDef {
    IntegrationDef { paid_extra: true, ..def }
}

/// Set up on our side with a form (a file drop, our API, our webhooks), turned off by Remove.
const fn settings_only(def: IntegrationDef) -> IntegrationDef {
    IntegrationDef { oauth: false, ..def }
}

/// The title of the one add-on card that stands for Api and Webhooks.
pub const WEBHOOKS_AND_API_TITLE: &str = "Webhooks & API";

/// Every integration in display order.
pub const INTEGRATIONS: [IntegrationDef; 18] = [
    def(1, "google_analytics", "Google Analytics", "integration_google_analytics", "/googleanalytics"),
    def(2, "google_ads", "Google Ads", "integration_google_ads", "/adwords"),
    def(
        3,
        "google_business_profile",
        "Google Business Profile",
        "integrations_google_business_profile",
        "/googlebusinessprofile",
    ),
    def(4, "microsoft_ads", "Microsoft Ads", "integration_microsoft_ads", "/microsoftads"),
    def(5, "meta_ads", "Meta Ads", "integration_facebook", "/facebookads"),
    def(6, "facebook_pages", "Facebook Pages", "integrations_facebook_pages", "/facebookpages"),
    at_provider(def(7, "looker_studio", "Looker Studio", "integrations", "https://lookerstudio.google.com/")),
    dynamic_only(def(8, "search_ads_360", "Search Ads 360", "integration_double_click", "/searchads360/connect")),
    dynamic_only(def(9, "marin", "Marin", "integration_marin", "/marin")),
    settings_only(def(10, "ftp_export", "FTP export", "integration_ftp_export", "/ftpexport")),
    settings_only(def(11, "api", "Api", "integration_api", "/apisettings")),
    settings_only(def(12, "webhooks", "Webhooks", "integration_webhooks", "/webhooks")),
    at_provider(def(13, "zapier", "Zapier", "integrations", "https://zapier.com/apps")),
    def(14, "hubspot", "HubSpot", "integration_hubspot", "/hubspot"),
    dynamic_only(def(15, "optimizely", "Optimizely", "integration_optimizelyx", "/optimizely")),
    dynamic_only(def(16, "optimizely_x", "Optimizely X", "integration_optimizelyx", "/optimizelyx")),
    paid_extra(def(17, "salesforce", "Salesforce", "integration_salesforce", "/salesforce")),
    def(18, "dealerweb", "Dealerweb", "integration_dealerweb", "/dealerweb"),
];

/// The integration with this identifier.
pub fn integration(identifier: &str) -> Option<&'static IntegrationDef> {
    INTEGRATIONS.iter().find(|i| i.identifier == identifier)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eighteen_are_in_the_spec_order_with_unique_identifiers() {
        let titles: Vec<&str> = INTEGRATIONS.iter().map(|i| i.title).collect();
        assert_eq!(
            titles,
            [
                "Google Analytics",
                "Google Ads",
                "Google Business Profile",
                "Microsoft Ads",
                "Meta Ads",
                "Facebook Pages",
                "Looker Studio",
                "Search Ads 360",
                "Marin",
                "FTP export",
                "Api",
                "Webhooks",
                "Zapier",
                "HubSpot",
                "Optimizely",
                "Optimizely X",
                "Salesforce",
                "Dealerweb",
            ]
        );
        for (i, def) in INTEGRATIONS.iter().enumerate() {
            assert_eq!(usize::from(def.order), i + 1);
            assert_eq!(integration(def.identifier), Some(def), "{} is found once", def.identifier);
        }
    }

    #[test]
    fn every_page_of_ours_is_a_spec_destination() {
        const DESTINATIONS: [&str; 16] = [
            "/googleanalytics",
            "/adwords",
            "/googlebusinessprofile",
            "/microsoftads",
            "/facebookads",
            "/facebookpages",
            "/searchads360/connect",
            "/marin",
            "/ftpexport",
            "/apisettings",
            "/webhooks",
            "/hubspot",
            "/optimizely",
            "/optimizelyx",
            "/salesforce",
            "/dealerweb",
        ];
        for def in INTEGRATIONS {
            assert_eq!(def.external, def.destination.starts_with("https://"), "{}", def.identifier);
            assert!(def.external || DESTINATIONS.contains(&def.destination), "{}", def.identifier);
        }
    }

    #[test]
    fn only_salesforce_is_paid_extra() {
        let paid: Vec<&str> = INTEGRATIONS.iter().filter(|i| i.paid_extra).map(|i| i.identifier).collect();
        assert_eq!(paid, ["salesforce"]);
        assert_eq!(integration("nothing"), None);
    }
}
