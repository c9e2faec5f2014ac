//! Buying numbers (spec/billing-subscription-purchase.md, "/services", "Dynamic URL / pool
//! form", "Static number form"): the services page's texts, and the rules of the
//! static number form, the dynamic URL and pool form, the new service plan dialog and the inline
//! add dialogs.

pub mod dynamic_pool;
pub mod inline_add;
pub mod new_service_plan;
pub mod parameters;
pub mod pool_health;
pub mod pool_numbers;
pub mod static_number;
pub mod website;

/// The services page's online text for a service's online status.
pub fn online_text(status: i64) -> &'static str {
    match status {
        1 => "Online only",
        2 => "Online / offline",
        _ => "Offline only",
    }
}

/// A services page card's amount: how much of what the plan includes is left.
pub fn amount_text(left: i64, included: i64, what: &str) -> String {
    if included <= 0 {
        format!("No {what} included in your plan")
    } else {
        format!("{} of your {included} included {what} left", left.clamp(0, included))
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_online_status_has_its_text() {
        assert_eq!(super::online_text(0), "Offline only");
        assert_eq!(super::online_text(1), "Online only");
        assert_eq!(super::online_text(2), "Online / offline");
        assert_eq!(super::online_text(7), "Offline only");
    }

    #[test]
    fn the_amount_says_what_is_left_of_the_plan() {
        assert_eq!(super::amount_text(50, 350, "static numbers"), "50 of your 350 included static numbers left");
        assert_eq!(super::amount_text(-5, 10, "static numbers"), "0 of your 10 included static numbers left");
        assert_eq!(super::amount_text(0, 0, "pools"), "No pools included in your plan");
    }
}
