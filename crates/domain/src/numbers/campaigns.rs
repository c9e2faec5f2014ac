//! Campaigns (the lists static numbers are filed under): the campaigns list's sorts and why a
//! campaign cannot be deleted. A campaign's name follows the inline add's rule
//! (`services::inline_add`, campaign: required, at most 1,000 characters, unique).

use crate::list_query::SortColumn;

/// The campaigns list's sortable columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CampaignSort {
    Description,
    Numbers,
    Calls,
    Created,
}

impl SortColumn for CampaignSort {
    const COLUMNS: &'static [(&'static str, CampaignSort)] = &[
        ("description", CampaignSort::Description),
        ("numbers", CampaignSort::Numbers),
        ("calls", CampaignSort::Calls),
        ("created", CampaignSort::Created),
    ];
}

/// Why a campaign holding numbers is not deleted (None when it holds none).
pub fn campaign_not_empty(numbers: i64) -> Option<String> {
    match numbers {
        n if n <= 0 => None,
        1 => Some("This campaign holds 1 number. Move or release it first.".into()),
        n => Some(format!("This campaign holds {n} numbers. Move or release them first.")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::list_query::{parse_table_query, ListQueryInput, SORT_MESSAGE};

    #[test]
    fn an_empty_campaign_may_be_deleted_and_a_full_one_says_how_full() {
        assert_eq!(campaign_not_empty(0), None);
        assert_eq!(campaign_not_empty(1).unwrap(), "This campaign holds 1 number. Move or release it first.");
        assert_eq!(campaign_not_empty(12).unwrap(), "This campaign holds 12 numbers. Move or release them first.");
    }

    #[test]
    fn campaigns_sort_by_their_columns_by_name_unless_asked() {
        let query = parse_table_query(&ListQueryInput::default(), CampaignSort::Description).unwrap();
        assert_eq!((query.sort, query.descending), (CampaignSort::Description, false));
        let asked = ListQueryInput { sort: Some("calls".into()), direction: Some("desc".into()), ..Default::default() };
        let query = parse_table_query(&asked, CampaignSort::Description).unwrap();
        assert_eq!((query.sort, query.descending), (CampaignSort::Calls, true));
        let bad = ListQueryInput { sort: Some("customer_id".into()), ..Default::default() };
        assert_eq!(parse_table_query(&bad, CampaignSort::Description).unwrap_err().get("sort"), Some(SORT_MESSAGE));
    }
}
