//! Time zones: every rule that reads an instant in the customer's zone parses the zone here, so
//! an unknown zone gets the same words everywhere.

use chrono::DateTime;
use chrono_tz::Tz;

pub fn unknown_zone_message(zone: &str) -> String {
    format!("Unknown time zone {zone}.")
}

/// The customer's zone (an IANA name such as "Europe/London").
pub fn parse_zone(time_zone: &str) -> Result<Tz, String> {
    time_zone.parse().map_err(|_| unknown_zone_message(time_zone))
}

/// The instant `epoch_millis` (UTC) in `zone`.
pub fn local_time(zone: &Tz, epoch_millis: i64) -> Result<DateTime<Tz>, String> {
    let instant =
        DateTime::from_timestamp_millis(epoch_millis).ok_or_else(|| "The time is out of range.".to_string())?;
    Ok(instant.with_timezone(zone))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_known_zone_parses_and_an_unknown_one_is_named() {
        assert_eq!(parse_zone("Europe/London").unwrap(), chrono_tz::Europe::London);
        assert_eq!(parse_zone("Mars/Olympus").unwrap_err(), "Unknown time zone Mars/Olympus.");
    }

    #[test]
    fn an_instant_reads_in_the_zone_and_out_of_range_is_refused() {
        let summer = local_time(&chrono_tz::Europe::London, 1_751_364_000_000).unwrap();
        assert_eq!(summer.format("%H:%M %Z").to_string(), "11:00 BST");
        assert_eq!(local_time(&chrono_tz::UTC, i64::MAX).unwrap_err(), "The time is out of range.");
    }
}
