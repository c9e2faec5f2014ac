//! The numbers lists (a campaign's numbers, every tracked number): their sorts, a number's
//! provisioning status and where its calls go, in words.

use serde::{Deserialize, Serialize};

use crate::list_query::SortColumn;

/// The numbers lists' sortable columns; by date bought, newest first, unless asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumberSort {
    Bought,
    Number,
    Campaign,
    MediaDescription,
    Channel,
    MediaOwner,
    Department,
    Calls,
}

impl SortColumn for NumberSort {
    const COLUMNS: &'static [(&'static str, NumberSort)] = &[
        ("bought", NumberSort::Bought),
        ("number", NumberSort::Number),
        ("campaign", NumberSort::Campaign),
        ("mediaDescription", NumberSort::MediaDescription),
        ("channel", NumberSort::Channel),
        ("mediaOwner", NumberSort::MediaOwner),
        ("department", NumberSort::Department),
        ("calls", NumberSort::Calls),
    ];

    fn descending_by_default(self) -> bool {
        self == NumberSort::Bought
    }
}

/// A number's provisioning status as the lists show it.
pub fn status_label(provisioned: bool) -> &'static str {
    if provisioned {
        "Live"
    } else {
        "Being connected"
    }
}

/// Where a number's calls go: a service plan (advanced), a number (basic) or nowhere yet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "camelCase")]
pub enum NumberRoute {
    Plan { id: i64, name: String },
    Number { destination: String },
    None,
}

impl NumberRoute {
    /// The short label of the lists' 'Calls go to' column.
    pub fn label(&self) -> String {
        match self {
            NumberRoute::Plan { name, .. } => name.clone(),
            NumberRoute::Number { destination } => destination.clone(),
            NumberRoute::None => "Not connected".into(),
        }
    }
}

/// The number page's sentence about where calls go now.
pub fn route_summary(route: &NumberRoute) -> String {
    match route {
        NumberRoute::Plan { name, .. } => format!("Calls go to service plan \"{name}\"."),
        NumberRoute::Number { destination } => format!("Calls go straight to {destination}."),
        NumberRoute::None => "This number is not connected yet: choose where its calls go in call routing.".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::list_query::{parse_table_query, ListQueryInput};

    #[test]
    fn numbers_are_newest_first_unless_asked() {
        let query = parse_table_query(&ListQueryInput::default(), NumberSort::Bought).unwrap();
        assert_eq!((query.sort, query.descending), (NumberSort::Bought, true));
        let asked = ListQueryInput { sort: Some("number".into()), ..Default::default() };
        let query = parse_table_query(&asked, NumberSort::Bought).unwrap();
        assert_eq!((query.sort, query.descending), (NumberSort::Number, false));
        let oldest = ListQueryInput { direction: Some("asc".into()), ..Default::default() };
        assert!(!parse_table_query(&oldest, NumberSort::Bought).unwrap().descending);
    }

    #[test]
    fn where_calls_go_in_words() {
        let plan = NumberRoute::Plan { id: 3, name: "Office hours".into() };
        assert_eq!(plan.label(), "Office hours");
        assert_eq!(route_summary(&plan), "Calls go to service plan \"Office hours\".");
        let number = NumberRoute::Number { destination: "0161 496 0000".into() };
        assert_eq!(route_summary(&number), "Calls go straight to 0161 496 0000.");
        assert_eq!(NumberRoute::None.label(), "Not connected");
        assert!(route_summary(&NumberRoute::None).starts_with("This number is not connected yet"));
        assert_eq!(status_label(true), "Live");
        assert_eq!(status_label(false), "Being connected");
    }
}
