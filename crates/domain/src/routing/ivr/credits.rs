//! The multi-level IVR credits (docs/ivr-api.md): an account's IVRs up to its credits are
//! included; past them each new IVR is bought at the multi-level price, once the terms are
//! accepted. One rule for a new IVR and for copying an IVR with its children.

/// Cloning copies an IVR with its children, so only a top-level IVR may be cloned.
pub const ONLY_TOP_LEVEL: &str = "Only a top-level IVR can be cloned.";

/// Why an IVR cannot be cloned (a child of another IVR), or None.
pub fn clone_refusal(is_child: bool) -> Option<&'static str> {
    is_child.then_some(ONLY_TOP_LEVEL)
}

/// The refusal when one more IVR needs the multi-level IVR terms.
pub const TERMS_REQUIRED: &str = "Please accept the terms to add another IVR.";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IvrCredits {
    /// Every new IVR fits the credits.
    Enough,
    /// Some go past the credits and the terms were not accepted.
    TermsNeeded,
    /// The last `extra` of the new IVRs are bought.
    Buy { extra: i64 },
}

/// Adding `adding` IVRs to an account that has `used` of its `owned` credits.
pub fn ivr_credits(used: i64, owned: i64, adding: i64, accepted: bool) -> IvrCredits {
    let adding = adding.max(0);
    let extra = (used.saturating_add(adding).saturating_sub(owned)).clamp(0, adding);
    match (extra, accepted) {
        (0, _) => IvrCredits::Enough,
        (_, false) => IvrCredits::TermsNeeded,
        (extra, true) => IvrCredits::Buy { extra },
    }
}

/// Whether one more IVR is included: the browser shows the price and terms only when not.
pub fn next_ivr_included(used: i64, owned: i64) -> bool {
    ivr_credits(used, owned, 1, false) == IvrCredits::Enough
}

/// The new IVRs (`ids`, in the order made) that are bought: the last `extra` of them.
pub fn bought_ivrs(ids: &[i64], extra: i64) -> &[i64] {
    let extra = usize::try_from(extra).unwrap_or(0).min(ids.len());
    &ids[ids.len() - extra..]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_top_level_ivr_is_cloned() {
        assert_eq!(clone_refusal(true), Some(ONLY_TOP_LEVEL));
        assert_eq!(clone_refusal(false), None);
    }

    #[test]
    fn within_the_credits_nothing_is_asked_or_bought() {
        assert_eq!(ivr_credits(1, 3, 2, false), IvrCredits::Enough);
        assert!(next_ivr_included(2, 3));
        assert!(!next_ivr_included(3, 3));
    }

    #[test]
    fn past_the_credits_the_terms_come_first_then_only_the_extra_is_bought() {
        assert_eq!(ivr_credits(2, 3, 3, false), IvrCredits::TermsNeeded);
        assert_eq!(ivr_credits(2, 3, 3, true), IvrCredits::Buy { extra: 2 });
        assert_eq!(ivr_credits(5, 3, 2, true), IvrCredits::Buy { extra: 2 });
        assert_eq!(bought_ivrs(&[10, 11, 12], 2), &[11, 12]);
        assert_eq!(bought_ivrs(&[10], 5), &[10]);
        assert_eq!(bought_ivrs(&[10], -1), &[] as &[i64]);
    }

    #[test]
    fn absurd_counts_neither_overflow_nor_buy_a_negative_number() {
        assert_eq!(ivr_credits(i64::MAX, 0, 1, true), IvrCredits::Buy { extra: 1 });
        assert_eq!(ivr_credits(0, 3, -4, true), IvrCredits::Enough);
    }
}
