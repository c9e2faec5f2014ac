//! Buying numbers (spec/billing-subscription-purchase.md, "/services", "Dynamic URL / pool
//! form", "Static number form"; issue 15): the services page's texts, and the rules of the
//! static number form, the dynamic URL and pool form, the new service plan dialog and the inline
//! add dialogs.

pub mod dynamic_pool;
pub mod inline_add;
pub mod new_service_plan;
pub mod static_number;

/// The services page's online text for a service's online status.
pub fn online_text(status: i64) -> &'static str {
    match status {
        1 => "Online only",
        2 => "Online / offline",
        _ => "Offline only",
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
}
