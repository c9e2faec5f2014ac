//! The call categories page's words: the delete question with the calls in the category, and the
//! refusal to delete a category the routing still uses, naming where.

/// A place a category is used: an IVR's key or a DTMF IVR's key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryUse {
    /// "IVR" or "DTMF IVR".
    pub kind: &'static str,
    pub name: String,
    /// The key, "1" … "#".
    pub key: String,
}

/// "Delete the category 'Sales'? Its 12 calls keep the name in the call log."
pub fn category_delete_question(name: &str, calls: i64) -> String {
    match calls {
        0 => format!("Delete the category '{name}'? No calls are in it."),
        1 => format!("Delete the category '{name}'? Its 1 call keeps the name in the call log."),
        n => format!("Delete the category '{name}'? Its {n} calls keep the name in the call log."),
    }
}

/// "The category 'Sales' is used by IVR 'Main menu' key 1 and DTMF IVR 'Support' key 2: choose
/// another category there first." At most five places are named, then "and N more".
pub fn category_delete_refusal(name: &str, uses: &[CategoryUse]) -> String {
    const SHOWN: usize = 5;
    let mut places: Vec<String> =
        uses.iter().take(SHOWN).map(|u| format!("{} '{}' key {}", u.kind, u.name, u.key)).collect();
    if uses.len() > SHOWN {
        places.push(format!("{} more", uses.len() - SHOWN));
    }
    let listed = match places.len() {
        0 => String::new(),
        1 => places.remove(0),
        n => format!("{} and {}", places[..n - 1].join(", "), places[n - 1]),
    };
    format!("The category '{name}' is used by {listed}: choose another category there first.")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn used(kind: &'static str, name: &str, key: &str) -> CategoryUse {
        CategoryUse { kind, name: name.into(), key: key.into() }
    }

    #[test]
    fn the_refusal_names_each_place_the_category_is_used() {
        assert_eq!(
            category_delete_refusal("Sales", &[used("IVR", "Main menu", "1")]),
            "The category 'Sales' is used by IVR 'Main menu' key 1: choose another category there first."
        );
        assert_eq!(
            category_delete_refusal("Sales", &[used("IVR", "Main menu", "1"), used("DTMF IVR", "Support", "#")]),
            "The category 'Sales' is used by IVR 'Main menu' key 1 and DTMF IVR 'Support' key #: choose another \
             category there first."
        );
    }

    #[test]
    fn the_refusal_names_five_places_then_counts() {
        let uses: Vec<CategoryUse> = (1..=7).map(|k| used("IVR", "Menu", &k.to_string())).collect();
        let text = category_delete_refusal("Sales", &uses);
        assert!(text.contains("IVR 'Menu' key 5 and 2 more:"), "{text}");
        assert!(!text.contains("key 6"));
    }

    #[test]
    fn the_delete_question_counts_the_calls() {
        assert_eq!(category_delete_question("Sales", 0), "Delete the category 'Sales'? No calls are in it.");
        assert_eq!(
            category_delete_question("Sales", 1),
            "Delete the category 'Sales'? Its 1 call keeps the name in the call log."
        );
        assert!(category_delete_question("Sales", 12).contains("Its 12 calls"));
    }
}
