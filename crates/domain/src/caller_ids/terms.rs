//! The outbound terms an account owner accepts once before the account's agents call out; the
//! acceptance is recorded with the version accepted. A new version is accepted again.

use serde::Serialize;

/// One version of the outbound terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OutboundTerms {
    pub version: &'static str,
    pub title: &'static str,
    pub paragraphs: &'static [&'static str],
}

/// The current outbound terms.
pub const OUTBOUND_TERMS: OutboundTerms = OutboundTerms {
    version: "2026-11",
    title: "Outbound calling terms",
    paragraphs: &[
        "Outbound calls are made by your agents through our network and charged per agent, as your subscription shows.",
        "Agents present only caller ids you are entitled to use: your own tracked numbers, or outside numbers you \
         have verified with the code we send to them. You tell us at once if a verified number stops being yours.",
        "You make outbound calls only as the law allows, including the Privacy and Electronic Communications \
         Regulations and Ofcom's rules on calling line identification: no calls to numbers registered with the \
         Telephone Preference Service without consent, and no silent or abandoned calls beyond Ofcom's limits.",
        "Outbound calls may be recorded where your account records calls; you tell the people you call so.",
        "We may suspend outbound calling for an account that breaks these terms.",
    ],
};

/// Why the terms are not accepted again.
pub fn accepted_already(email: &str) -> String {
    if email.is_empty() {
        "The outbound terms are accepted already.".to_string()
    } else {
        format!("The outbound terms are accepted already, by {email}.")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_acceptance_names_who_accepted() {
        assert_eq!(accepted_already("owner@demo.test"), "The outbound terms are accepted already, by owner@demo.test.");
        assert_eq!(accepted_already(""), "The outbound terms are accepted already.");
        assert!(!OUTBOUND_TERMS.paragraphs.is_empty());
    }
}
