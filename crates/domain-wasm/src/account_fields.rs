//! The account state the browser passes, read field by field rather than through serde's
//! deserializer: serde-wasm-bindgen's deserializer for this 60-field struct (its visitor, the
//! error texts that print numbers) was 18 KB of the first screen's 63 KB wasm, compressed
//!. The same semantics as the struct's `#[serde(default)]`: a missing or null field
//! takes its default, and so does one of the wrong kind (the server's own JSON never has one).
//!
//! `Fields` is the one place that knows how to read an object; `account_state` is checked
//! against serde's own reading of a fully set account by a test over JSON.

use domain::{AccountChoice, AccountState, NumberFormat, NumberPrefix, SplashScreen, TopBar};
use serde::de::{value::StrDeserializer, Deserialize};

/// The most items read from a list (accounts to switch to, scopes): more is not an account state.
const MOST_ITEMS: usize = 10_000;

/// A JSON-like value: a JS value in the browser, `serde_json::Value` in the tests.
pub(crate) trait Fields: Sized {
    /// The field `key` of an object; `None` when it is missing or null, or this is no object.
    fn field(&self, key: &str) -> Option<Self>;
    fn bool(&self) -> Option<bool>;
    fn number(&self) -> Option<f64>;
    fn text(&self) -> Option<String>;
    /// The items of an array (at most `limit`); `None` when this is no array.
    fn items(&self, limit: usize) -> Option<Vec<Self>>;
}

fn flag(o: &impl Fields, key: &str) -> bool {
    o.field(key).and_then(|v| v.bool()).unwrap_or_default()
}

fn int<T: TryFrom<i64> + Default>(o: &impl Fields, key: &str) -> T {
    o.field(key).and_then(|v| int_of(&v)).unwrap_or_default()
}

/// A whole number in range for `T` (a JS number beyond it, or with a fraction, is not one).
fn int_of<T: TryFrom<i64>>(v: &impl Fields) -> Option<T> {
    let n = v.number()?;
    (n.fract() == 0.0 && n.abs() <= 9_007_199_254_740_992.0).then(|| T::try_from(n as i64).ok())?
}

fn text(o: &impl Fields, key: &str) -> String {
    o.field(key).and_then(|v| v.text()).unwrap_or_default()
}

fn optional_text(o: &impl Fields, key: &str) -> Option<String> {
    o.field(key).and_then(|v| v.text())
}

fn texts(o: &impl Fields, key: &str) -> Vec<String> {
    o.field(key)
        .and_then(|v| v.items(MOST_ITEMS))
        .map(|items| items.iter().filter_map(Fields::text).collect())
        .unwrap_or_default()
}

fn top_bar(o: &impl Fields) -> TopBar {
    TopBar { background: text(o, "background"), text: text(o, "text") }
}

fn splash_screen(o: &impl Fields) -> SplashScreen {
    SplashScreen { id: int(o, "id"), title: text(o, "title"), body: text(o, "body") }
}

fn number_format(o: &impl Fields) -> NumberFormat {
    let default = NumberFormat::default();
    NumberFormat {
        country_code: o.field("countryCode").and_then(|v| int_of(&v)).unwrap_or(default.country_code),
        // The prefix's names are serde's own (its derive on the enum, small: no numbers).
        prefix: o
            .field("prefix")
            .and_then(|v| v.text())
            .and_then(|name| NumberPrefix::deserialize(StrDeserializer::<serde::de::value::Error>::new(&name)).ok())
            .unwrap_or(default.prefix),
    }
}

fn account_choice(o: &impl Fields) -> AccountChoice {
    AccountChoice { customer_id: int(o, "customerId"), customer_name: text(o, "customerName") }
}

/// The account state of a getAccountDetails answer. Every field is named here (no `..Default`),
/// so a field added to `AccountState` does not compile until it is read.
pub(crate) fn account_state(o: &impl Fields) -> AccountState {
    AccountState {
        user_id: int(o, "userId"),
        user_forename: text(o, "userForename"),
        user_surname: text(o, "userSurname"),
        user_email: text(o, "userEmail"),
        customer_id: int(o, "customerId"),
        customer_name: text(o, "customerName"),
        customer_time_zone: text(o, "customerTimeZone"),
        account_code: optional_text(o, "accountCode"),
        package_name: text(o, "packageName"),
        user_auth_code: int(o, "userAuthCode"),
        account_owner_name: optional_text(o, "accountOwnerName"),
        logo_url: optional_text(o, "logoUrl"),
        favicon_url: optional_text(o, "faviconUrl"),
        top_bar: o.field("topBar").map(|v| top_bar(&v)).unwrap_or_default(),
        package_scopes: texts(o, "packageScopes"),
        addon_scopes: texts(o, "addonScopes"),
        next_package_scopes: texts(o, "nextPackageScopes"),
        parameters: texts(o, "parameters"),
        splash_screen: o.field("splashScreen").map(|v| splash_screen(&v)),
        number_format: o.field("numberFormat").map(|v| number_format(&v)).unwrap_or_default(),
        accounts: o
            .field("accounts")
            .and_then(|v| v.items(MOST_ITEMS))
            .map(|items| items.iter().map(account_choice).collect())
            .unwrap_or_default(),
        product_name: text(o, "productName"),
        live_chat_url: text(o, "liveChatUrl"),
        is_partner: flag(o, "isPartner"),
        is_user_on_partner: flag(o, "isUserOnPartner"),
        is_tech_partner: flag(o, "isTechPartner"),
        tech_partner_reports_login: flag(o, "techPartnerReportsLogin"),
        is_user_admin: flag(o, "isUserAdmin"),
        is_administrator: flag(o, "isAdministrator"),
        is_system_manager: flag(o, "isSystemManager"),
        is_group_account: flag(o, "isGroupAccount"),
        is_legacy_package: flag(o, "isLegacyPackage"),
        has_static: flag(o, "hasStatic"),
        has_dynamic: flag(o, "hasDynamic"),
        has_outbound: flag(o, "hasOutbound"),
        has_old_outbound: flag(o, "hasOldOutbound"),
        has_speech: flag(o, "hasSpeech"),
        has_billing: flag(o, "hasBilling"),
        has_real_time: flag(o, "hasRealTime"),
        can_purchase: flag(o, "canPurchase"),
        customer_can_purchase_online: flag(o, "customerCanPurchaseOnline"),
        purchase_permission_flag: flag(o, "purchasePermissionFlag"),
        can_provision: flag(o, "canProvision"),
        can_view_admin_menu: flag(o, "canViewAdminMenu"),
        can_access_reports: flag(o, "canAccessReports"),
        can_access_billing: flag(o, "canAccessBilling"),
        can_access_outbound: flag(o, "canAccessOutbound"),
        is_outbound_agent: flag(o, "isOutboundAgent"),
        can_access_sales_data: flag(o, "canAccessSalesData"),
        can_access_api: flag(o, "canAccessApi"),
        can_edit_users: flag(o, "canEditUsers"),
        can_edit_numbers_campaigns: flag(o, "canEditNumbersCampaigns"),
        has_access_to_conversions: flag(o, "hasAccessToConversions"),
        show_reports2023: flag(o, "showReports2023"),
        user_can_create_partner_accounts: flag(o, "userCanCreatePartnerAccounts"),
        partner_reseller_approved_flag: flag(o, "partnerResellerApprovedFlag"),
        partner_referrer_approved_flag: flag(o, "partnerReferrerApprovedFlag"),
        can_access_partner_accounts: flag(o, "canAccessPartnerAccounts"),
        can_access_partner_rewards: flag(o, "canAccessPartnerRewards"),
        can_add_partner_accounts: flag(o, "canAddPartnerAccounts"),
        can_access_partner_billing: flag(o, "canAccessPartnerBilling"),
        can_view_partner_accounts: flag(o, "canViewPartnerAccounts"),
    }
}

mod browser {
    use wasm_bindgen::prelude::*;

    use super::Fields;

    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_namespace = Reflect, js_name = get, catch)]
        fn reflect_get(target: &JsValue, key: &JsValue) -> Result<JsValue, JsValue>;
        #[wasm_bindgen(js_namespace = Array, js_name = isArray)]
        fn is_array(value: &JsValue) -> bool;
    }

    impl Fields for JsValue {
        fn field(&self, key: &str) -> Option<Self> {
            if !self.is_object() {
                return None;
            }
            reflect_get(self, &JsValue::from_str(key)).ok().filter(|v| !v.is_null() && !v.is_undefined())
        }

        fn bool(&self) -> Option<bool> {
            self.as_bool()
        }

        fn number(&self) -> Option<f64> {
            self.as_f64()
        }

        fn text(&self) -> Option<String> {
            self.as_string()
        }

        fn items(&self, limit: usize) -> Option<Vec<Self>> {
            if !is_array(self) {
                return None;
            }
            let length = self.field("length")?.as_f64()?;
            let length = (length.max(0.0) as usize).min(limit);
            (0..length).map(|i| reflect_get(self, &JsValue::from_f64(i as f64)).ok()).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::*;

    impl Fields for Value {
        fn field(&self, key: &str) -> Option<Self> {
            self.get(key).filter(|v| !v.is_null()).cloned()
        }
        fn bool(&self) -> Option<bool> {
            self.as_bool()
        }
        fn number(&self) -> Option<f64> {
            self.as_f64()
        }
        fn text(&self) -> Option<String> {
            self.as_str().map(str::to_string)
        }
        fn items(&self, limit: usize) -> Option<Vec<Self>> {
            self.as_array().map(|items| items.iter().take(limit).cloned().collect())
        }
    }

    /// Every field set to something other than its default, so a field read under the wrong
    /// name (or not at all) shows.
    fn everything_set() -> AccountState {
        let mut flags = serde_json::to_value(AccountState::default()).unwrap();
        for value in flags.as_object_mut().unwrap().values_mut() {
            if value.is_boolean() {
                *value = Value::Bool(true);
            }
        }
        let mut state: AccountState = serde_json::from_value(flags).unwrap();
        state.user_id = 7;
        state.user_forename = "Ada".into();
        state.user_surname = "Lovelace".into();
        state.user_email = "ada@example.test".into();
        state.customer_id = 100;
        state.customer_name = "Harbour Lane".into();
        state.customer_time_zone = "Europe/Dublin".into();
        state.account_code = Some("HL-100".into());
        state.package_name = "Professional".into();
        state.user_auth_code = 25;
        state.account_owner_name = Some("Grace Hopper".into());
        state.logo_url = Some("/logo.svg".into());
        state.favicon_url = Some("/favicon.svg".into());
        state.top_bar = TopBar { background: "#123456".into(), text: "#ffffff".into() };
        state.package_scopes = vec!["dynamic".into(), "outbound".into()];
        state.addon_scopes = vec!["speech".into()];
        state.next_package_scopes = vec!["enterprise".into()];
        state.parameters = vec!["gclid".into()];
        state.splash_screen = Some(SplashScreen { id: 3, title: "New".into(), body: "Read me".into() });
        state.number_format = NumberFormat { country_code: 353, prefix: NumberPrefix::DoubleZero };
        state.accounts = vec![
            AccountChoice { customer_id: 100, customer_name: "Harbour Lane".into() },
            AccountChoice { customer_id: 200, customer_name: "Stone & Sons".into() },
        ];
        state.product_name = "Call Tracking".into();
        state
    }

    #[test]
    fn every_field_reads_as_serde_reads_it() {
        let state = everything_set();
        assert!(state.is_partner && state.can_view_partner_accounts, "the flags are set");
        assert_eq!(account_state(&serde_json::to_value(&state).unwrap()), state);
    }

    #[test]
    fn a_missing_null_or_mistyped_field_takes_its_default_as_serde_default_does() {
        assert_eq!(account_state(&json!({})), AccountState::default());
        assert_eq!(account_state(&json!("not an object")), AccountState::default());
        let read = account_state(&json!({
            "userId": null, "hasStatic": "yes", "userAuthCode": 300, "customerId": 1.5,
            "numberFormat": {"prefix": "plus"}, "packageScopes": ["a", 4, "b"], "topBar": 3,
        }));
        assert_eq!(read.user_id, 0);
        assert!(!read.has_static);
        assert_eq!(read.user_auth_code, 0, "beyond a u8");
        assert_eq!(read.customer_id, 0, "not a whole number");
        assert_eq!(read.number_format, NumberFormat { country_code: 44, prefix: NumberPrefix::Plus });
        assert_eq!(read.package_scopes, ["a", "b"]);
        assert_eq!(read.top_bar, TopBar::default());
    }

    #[test]
    fn an_unknown_prefix_keeps_the_default() {
        let read = account_state(&json!({"numberFormat": {"countryCode": 1, "prefix": "hash"}}));
        assert_eq!(read.number_format, NumberFormat { country_code: 1, prefix: NumberPrefix::Zero });
    }

    #[test]
    fn a_list_is_read_up_to_its_limit() {
        let many: Vec<Value> = (0..5).map(|i| json!({"customerId": i, "customerName": "x"})).collect();
        let value = json!({ "accounts": many });
        assert_eq!(value.field("accounts").unwrap().items(3).unwrap().len(), 3);
    }
}
