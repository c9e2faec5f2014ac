//! The agents the account pays for: outbound is charged per user, so giving a user outbound
//! access takes one of the paid agents, and with none free the answer is to buy another
//! (the `outbound_additional_user` add-on) or take access from an agent first.

use serde::{Deserialize, Serialize};

/// The code of the 422 refusing access beyond the paid agents.
pub const AGENT_LIMIT_REACHED: &str = "AGENT_LIMIT_REACHED";

/// The account's agents against the agents it pays for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentSeats {
    /// Users with outbound access.
    pub agents: i64,
    /// Agents the plan and add-ons pay for.
    pub paid: i64,
}

impl AgentSeats {
    /// Paid agents no user holds.
    pub fn free(&self) -> i64 {
        (self.paid - self.agents).max(0)
    }

    /// Another user may be given outbound access without buying another agent.
    pub fn has_free(&self) -> bool {
        self.free() > 0
    }
}

fn agents(n: i64) -> String {
    if n == 1 {
        "1 agent".to_string()
    } else {
        format!("{n} agents")
    }
}

/// "2 of 3 paid agents in use (1 free)."
pub fn agents_summary(seats: AgentSeats) -> String {
    let free = seats.free();
    let used = format!("{} of {} paid agents in use", seats.agents, seats.paid);
    match free {
        0 => format!("{used}."),
        n => format!("{used} ({n} free)."),
    }
}

/// Why `name` cannot be given outbound access now, or None when a paid agent is free.
pub fn give_access_problem(seats: AgentSeats, name: &str) -> Option<String> {
    if seats.has_free() {
        return None;
    }
    Some(if seats.paid <= 0 {
        format!("Your account pays for no outbound agents. Buy an agent to give {name} outbound access.")
    } else {
        format!(
            "All {} your account pays for are in use. Buy another agent to give {name} outbound access, or take access from an agent first.",
            agents(seats.paid)
        )
    })
}

/// The confirmation before giving access.
pub fn give_access_question(name: &str) -> String {
    format!("Give {name} outbound access? They can then make tracked outbound calls as one of your paid agents.")
}

/// The confirmation before taking access.
pub fn take_access_question(name: &str) -> String {
    format!(
        "Take outbound access from {name}? Their calls stay in your reports, and the paid agent is free for another user."
    )
}

/// Talk time as the agents table shows it: "0m", "4m 05s", "1h 02m".
pub fn format_talk_time(seconds: i64) -> String {
    let seconds = seconds.max(0);
    let (hours, minutes, secs) = (seconds / 3600, seconds % 3600 / 60, seconds % 60);
    match (hours, minutes, secs) {
        (0, 0, 0) => "0m".to_string(),
        (0, m, s) => format!("{m}m {s:02}s"),
        (h, m, _) => format!("{h}h {m:02}m"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(agents: i64, paid: i64) -> AgentSeats {
        AgentSeats { agents, paid }
    }

    #[test]
    fn a_free_paid_agent_lets_a_user_be_given_access() {
        assert_eq!(give_access_problem(seats(2, 3), "Ann Lee"), None);
        assert_eq!(seats(2, 3).free(), 1);
    }

    #[test]
    fn every_paid_agent_in_use_refuses_and_offers_to_buy_another() {
        assert_eq!(
            give_access_problem(seats(2, 2), "Ann Lee").as_deref(),
            Some("All 2 agents your account pays for are in use. Buy another agent to give Ann Lee outbound access, or take access from an agent first.")
        );
        assert_eq!(
            give_access_problem(seats(1, 1), "Ann Lee").as_deref(),
            Some("All 1 agent your account pays for are in use. Buy another agent to give Ann Lee outbound access, or take access from an agent first.")
        );
    }

    #[test]
    fn more_agents_than_paid_for_is_full_not_negative() {
        assert_eq!(seats(4, 3).free(), 0);
        assert!(give_access_problem(seats(4, 3), "X").is_some());
    }

    #[test]
    fn an_account_paying_for_no_agents_is_told_to_buy_one() {
        assert_eq!(
            give_access_problem(seats(0, 0), "Ann Lee").as_deref(),
            Some("Your account pays for no outbound agents. Buy an agent to give Ann Lee outbound access.")
        );
    }

    #[test]
    fn the_summary_counts_agents_in_use_and_free() {
        assert_eq!(agents_summary(seats(2, 3)), "2 of 3 paid agents in use (1 free).");
        assert_eq!(agents_summary(seats(2, 2)), "2 of 2 paid agents in use.");
    }

    #[test]
    fn talk_time_shows_minutes_and_seconds_then_hours_and_minutes() {
        assert_eq!(format_talk_time(0), "0m");
        assert_eq!(format_talk_time(-5), "0m");
        assert_eq!(format_talk_time(245), "4m 05s");
        assert_eq!(format_talk_time(3720), "1h 02m");
        assert_eq!(format_talk_time(90_000), "25h 00m");
    }
}
