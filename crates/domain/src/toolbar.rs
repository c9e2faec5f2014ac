//! The shared list toolbar's add button (spec/call-routing.md section 6): shown only to
//! administrators, not on group accounts unless the list is set to show it there, and not once
//! the used amount has reached the total.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AddButton {
    pub is_administrator: bool,
    pub is_group_account: bool,
    // The browser may leave these out (TypeScript `?`): serde's default fills them.
    /// The list offers its add button on group accounts too.
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub shows_for_group: bool,
    /// How many the account has and may have, for lists with a limit.
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub used: Option<u32>,
    #[cfg_attr(feature = "ts", ts(optional = nullable))]
    pub total: Option<u32>,
}

pub fn shows_add_button(button: &AddButton) -> bool {
    let room_left = match (button.used, button.total) {
        (Some(used), Some(total)) => used < total,
        _ => true,
    };
    button.is_administrator && (!button.is_group_account || button.shows_for_group) && room_left
}

#[cfg(test)]
mod tests {
    use super::*;

    fn admin() -> AddButton {
        AddButton { is_administrator: true, ..Default::default() }
    }

    #[test]
    fn only_administrators_see_the_add_button() {
        assert!(shows_add_button(&admin()));
        assert!(!shows_add_button(&AddButton { is_administrator: false, ..admin() }));
    }

    #[test]
    fn group_accounts_see_it_only_where_the_list_allows() {
        let group = AddButton { is_group_account: true, ..admin() };
        assert!(!shows_add_button(&group));
        assert!(shows_add_button(&AddButton { shows_for_group: true, ..group }));
    }

    #[test]
    fn the_button_goes_when_the_used_amount_reaches_the_total() {
        assert!(shows_add_button(&AddButton { used: Some(4), total: Some(5), ..admin() }));
        assert!(!shows_add_button(&AddButton { used: Some(5), total: Some(5), ..admin() }));
        assert!(shows_add_button(&AddButton { used: Some(9), total: None, ..admin() }));
    }
}
