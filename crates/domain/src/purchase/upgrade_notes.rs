//! What a purchase changes, in words, for the comparison dialog: the new monthly total and when
//! it starts, each running add-on's new price (or its end when the new plan includes it), and a
//! running trial's end and price after it.

use crate::billing::invoice::pounds_text;

/// A running add-on whose charge the purchase changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AddonChange {
    pub description: String,
    /// What it is charged a period now, and after (None: included, no longer charged).
    pub before_pence: i64,
    pub after_pence: Option<i64>,
    /// "month", "quarter", "year".
    pub per: String,
}

/// A trial running at the moment of the purchase.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunningTrial {
    /// "Speech analytics".
    pub name: String,
    /// dd/mm/yyyy.
    pub ends_on: String,
    pub cancelled: bool,
    /// A month after the trial, on the plan the account will be on (None: price on application).
    pub price_after_pence: Option<i64>,
}

/// The notes of a purchase made on `today` (dd/mm/yyyy) onto `plan`, whose monthly total becomes
/// `monthly_pence`. Monthly charges start at once and are charged for the part of the month each
/// price ran, as the invoice does.
pub fn upgrade_notes(
    plan: &str,
    today: &str,
    monthly_pence: i64,
    addons: &[AddonChange],
    trial: Option<&RunningTrial>,
) -> Vec<String> {
    let mut notes = vec![format!(
        "From today, {today}, your monthly total is {}: this month's invoice charges each price for the days it ran.",
        pounds_text(monthly_pence)
    )];
    for addon in addons {
        notes.push(match addon.after_pence {
            None | Some(0) => format!("{}: included in {plan}, no longer charged.", addon.description),
            Some(after) => format!(
                "{}: {} a {} instead of {}.",
                addon.description,
                pounds_text(after),
                addon.per,
                pounds_text(addon.before_pence)
            ),
        });
    }
    if let Some(trial) = trial {
        let name = trial.name.to_lowercase();
        notes.push(match (trial.cancelled, trial.price_after_pence) {
            (true, _) => format!("Your cancelled {name} trial ends on {} and is not charged.", trial.ends_on),
            (false, Some(price)) => format!(
                "Your {name} trial carries on until {}; after it, {} is {} a month on {plan} unless you cancel it.",
                trial.ends_on,
                trial.name,
                pounds_text(price)
            ),
            (false, None) => format!(
                "Your {name} trial carries on until {}; after it, {} is priced on application on {plan}.",
                trial.ends_on, trial.name
            ),
        });
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_upgrade_says_its_new_total_when_it_starts_and_what_changes_for_add_ons_and_a_trial() {
        let addons = [
            AddonChange {
                description: "Speech analytics".into(),
                before_pence: 3_500,
                after_pence: Some(2_500),
                per: "month".into(),
            },
            AddonChange {
                description: "Sales import".into(),
                before_pence: 2_500,
                after_pence: None,
                per: "month".into(),
            },
        ];
        let trial = RunningTrial {
            name: "Speech analytics".into(),
            ends_on: "07/12/2026".into(),
            cancelled: false,
            price_after_pence: Some(2_500),
        };
        let notes = upgrade_notes("Professional", "23/11/2026", 17_400, &addons, Some(&trial));
        assert_eq!(
            notes,
            [
                "From today, 23/11/2026, your monthly total is £174.00: this month's invoice charges each price for the days it ran.",
                "Speech analytics: £25.00 a month instead of £35.00.",
                "Sales import: included in Professional, no longer charged.",
                "Your speech analytics trial carries on until 07/12/2026; after it, Speech analytics is £25.00 a month on Professional unless you cancel it.",
            ]
        );
        let cancelled = RunningTrial { cancelled: true, ..trial };
        let notes = upgrade_notes("Professional", "23/11/2026", 14_900, &[], Some(&cancelled));
        assert_eq!(notes[1], "Your cancelled speech analytics trial ends on 07/12/2026 and is not charged.");
        assert_eq!(upgrade_notes("Professional", "23/11/2026", 14_900, &[], None).len(), 1);
    }
}
