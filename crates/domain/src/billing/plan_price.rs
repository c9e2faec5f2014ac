//! What a customer's plan is charged at: the catalogue's price; where the catalogue
//! has none (a plan priced on application, Enterprise), the contract price stored on the
//! customer. The one rule the plan's running charge, hence its invoices, the pricing breakdown
//! and the plan and usage page, are priced by.

/// The plan's price in pence per billing period of the plan, or None when it is priced on
/// application and no contract price was agreed (nothing is charged for the plan).
pub fn plan_price_pence(catalogue_pence: Option<i64>, contract_pence: Option<i64>) -> Option<i64> {
    catalogue_pence.or(contract_pence).filter(|pence| *pence >= 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_in_the_catalogue_is_charged_the_catalogue_price() {
        assert_eq!(plan_price_pence(Some(14_900), None), Some(14_900));
        assert_eq!(plan_price_pence(Some(14_900), Some(99_000)), Some(14_900));
    }

    #[test]
    fn a_plan_priced_on_application_is_charged_the_contract_price() {
        assert_eq!(plan_price_pence(None, Some(125_000)), Some(125_000));
    }

    #[test]
    fn a_plan_priced_on_application_without_a_contract_price_is_not_charged() {
        assert_eq!(plan_price_pence(None, None), None);
        assert_eq!(plan_price_pence(None, Some(-1)), None);
    }
}
