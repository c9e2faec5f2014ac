//! Agents' calls out (the browser phone's, and the outbound service's): kept as calls of their own
//! direction, so no figure of callers' calls counts them; the call log shows them when asked,
//! marked with the agent and their outbound campaign.

/// An agent's call out, as stored.
pub const OUTBOUND: &str = "outbound";
pub const CALL_OUT: &str = "Call out";

/// The call log's mark on a call out: "Call out, Sam Jones, Spring recall".
pub fn call_out_label(agent: &str, campaign: &str) -> String {
    [CALL_OUT, agent.trim(), campaign.trim()].into_iter().filter(|part| !part.is_empty()).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_out_names_its_agent_and_campaign() {
        assert_eq!(call_out_label("Sam Jones", "Spring recall"), "Call out, Sam Jones, Spring recall");
        assert_eq!(call_out_label("Sam Jones", ""), "Call out, Sam Jones");
        assert_eq!(call_out_label(" ", ""), "Call out");
    }
}
