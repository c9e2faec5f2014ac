use serde::{Deserialize, Serialize};

use crate::plan::Plan;

/// Authorisation levels of a user on a customer account.
pub struct AuthLevel;

impl AuthLevel {
    pub const USER: u8 = 10;
    pub const ADMINISTRATOR: u8 = 20;
    pub const ACCOUNT_OWNER: u8 = 25;
}

/// The session and account state of spec/shell-users-integrations.md section 3. The server
/// derives it from stored data; the browser only reads it.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AccountState {
    pub user_id: i64,
    pub user_forename: String,
    pub user_surname: String,
    pub user_email: String,
    pub customer_id: i64,
    pub customer_name: String,
    pub customer_time_zone: String,
    pub account_code: Option<String>,
    pub package_name: String,
    pub user_auth_code: u8,
    /// The account owner a user asks for access (the unauthorised page): the customer's
    /// longest-standing account owner's name, if it has one.
    pub account_owner_name: Option<String>,
    pub logo_url: Option<String>,
    /// A partner's favicon, for the partner and its clients.
    pub favicon_url: Option<String>,
    pub top_bar: TopBar,
    pub package_scopes: Vec<String>,
    pub addon_scopes: Vec<String>,
    pub next_package_scopes: Vec<String>,
    pub parameters: Vec<String>,
    pub splash_screen: Option<SplashScreen>,
    pub number_format: NumberFormat,
    /// Accounts the user may switch to, the current one included.
    pub accounts: Vec<AccountChoice>,
    pub product_name: String,
    /// The live-chat provider's page ("" when chat is not offered: no chat icon).
    pub live_chat_url: String,

    pub is_partner: bool,
    pub is_user_on_partner: bool,
    pub is_tech_partner: bool,
    pub tech_partner_reports_login: bool,
    pub is_user_admin: bool,
    pub is_administrator: bool,
    pub is_system_manager: bool,
    pub is_group_account: bool,
    pub is_legacy_package: bool,
    pub has_static: bool,
    pub has_dynamic: bool,
    pub has_outbound: bool,
    pub has_old_outbound: bool,
    pub has_speech: bool,
    pub has_billing: bool,
    pub has_real_time: bool,
    pub can_purchase: bool,
    pub customer_can_purchase_online: bool,
    pub purchase_permission_flag: bool,
    pub can_provision: bool,
    pub can_view_admin_menu: bool,
    pub can_access_reports: bool,
    pub can_access_billing: bool,
    pub can_access_outbound: bool,
    /// The user is one of this account's outbound agents (the Agents page): calls out are theirs.
    pub is_outbound_agent: bool,
    pub can_access_sales_data: bool,
    pub can_access_api: bool,
    pub can_edit_users: bool,
    /// Number/campaign admin.
    pub can_edit_numbers_campaigns: bool,
    pub has_access_to_conversions: bool,
    pub show_reports2023: bool,
    pub user_can_create_partner_accounts: bool,
    pub partner_reseller_approved_flag: bool,
    pub partner_referrer_approved_flag: bool,
    pub can_access_partner_accounts: bool,
    pub can_access_partner_rewards: bool,
    pub can_add_partner_accounts: bool,
    pub can_access_partner_billing: bool,
    pub can_view_partner_accounts: bool,
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TopBar {
    pub background: String,
    pub text: String,
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SplashScreen {
    pub id: i64,
    pub title: String,
    pub body: String,
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct NumberFormat {
    pub country_code: u16,
    pub prefix: NumberPrefix,
}

impl Default for NumberFormat {
    fn default() -> Self {
        NumberFormat { country_code: 44, prefix: NumberPrefix::Zero }
    }
}

/// How a number is written: the spec's options "no prefix, 00, plus, 0".
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum NumberPrefix {
    None,
    DoubleZero,
    Plus,
    #[default]
    Zero,
}

#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AccountChoice {
    pub customer_id: i64,
    pub customer_name: String,
}

impl AccountState {
    /// The signed-in user's name as the account's records show who did something: "Ann Admin".
    pub fn user_name(&self) -> String {
        format!("{} {}", self.user_forename.trim(), self.user_surname.trim()).trim().to_string()
    }

    pub fn plan(&self) -> Plan {
        if self.is_legacy_package {
            Plan::Legacy
        } else {
            Plan::from_package_name(&self.package_name)
        }
    }

    /// The billing access flag: a partner's own billing right, or billing on a customer.
    pub fn has_billing_access(&self) -> bool {
        if self.is_partner {
            self.can_access_partner_billing
        } else {
            self.has_billing
        }
    }

    pub fn has_scope(&self, scope: &str) -> bool {
        self.package_scopes.iter().any(|s| s == scope)
    }

    pub fn is_addon_scope(&self, scope: &str) -> bool {
        self.addon_scopes.iter().any(|s| s == scope)
    }

    /// Buying online needs the purchase right and a customer set up to pay online.
    pub fn can_purchase_online(&self) -> bool {
        self.can_purchase && self.customer_can_purchase_online
    }

    /// Partners and technology partners live in their own portals.
    pub fn in_portal(&self) -> bool {
        self.is_partner || self.is_tech_partner
    }

    pub fn has_several_accounts(&self) -> bool {
        self.accounts.len() > 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_legacy_flag_overrides_the_package_name() {
        let acc = AccountState { package_name: "Professional".into(), is_legacy_package: true, ..Default::default() };
        assert_eq!(acc.plan(), Plan::Legacy);
    }

    #[test]
    fn the_user_is_named_by_forename_and_surname_without_stray_spaces() {
        let acc = AccountState { user_forename: " Ann ".into(), user_surname: "Admin".into(), ..Default::default() };
        assert_eq!(acc.user_name(), "Ann Admin");
        let forename_only = AccountState { user_forename: "Ann".into(), ..Default::default() };
        assert_eq!(forename_only.user_name(), "Ann");
    }

    #[test]
    fn online_purchase_needs_both_the_right_and_the_customer_setting() {
        let mut acc = AccountState { can_purchase: true, ..Default::default() };
        assert!(!acc.can_purchase_online());
        acc.customer_can_purchase_online = true;
        assert!(acc.can_purchase_online());
        acc.can_purchase = false;
        assert!(!acc.can_purchase_online());
    }

    #[test]
    fn state_reads_the_spec_field_names_and_defaults_missing_ones() {
        let acc: AccountState = serde_json::from_str(
            r#"{"userForename":"Ann","isUserOnPartner":true,"showReports2023":true,"packageScopes":["routing_simple"]}"#,
        )
        .unwrap();
        assert_eq!(acc.user_forename, "Ann");
        assert!(acc.is_user_on_partner && acc.show_reports2023);
        assert!(acc.has_scope("routing_simple"));
        assert_eq!(acc.number_format.country_code, 44);
    }
}
