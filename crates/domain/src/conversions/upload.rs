//! An upload of a call to an ad platform: what it carries (the caller's number in E.164, the
//! call's start time as Google's offline call conversion import writes it, in the account's
//! zone, the click id of the visit for the platform, ad_user_data consent, the value in GBP),
//! the statuses of the log in words, and the retry schedule: a failed upload is tried again
//! after hours, not seconds, and given up after `MAX_ATTEMPTS`.

use chrono::DateTime;
use chrono_tz::Tz;
use serde::{Deserialize, Serialize};

use super::action::{ConversionAction, Platform};
use crate::time::parse_zone;

pub const CURRENCY: &str = "GBP";
/// Google Ads takes offline conversions of clicks up to 90 days old.
pub const CLICK_WINDOW_DAYS: i64 = 90;
/// Hours to wait after the 1st, 2nd, ... failed attempt.
pub const RETRY_HOURS: [i64; 5] = [1, 3, 6, 12, 24];
/// Attempts before giving up: the first and one after each wait.
pub const MAX_ATTEMPTS: i64 = RETRY_HOURS.len() as i64 + 1;

/// Google's ad_user_data consent of the caller's visit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Consent {
    Granted,
    Denied,
    /// The site's banner said nothing we recorded.
    Unspecified,
}

impl Consent {
    /// Of a visit's stored consent ('granted', 'denied', '' when unknown).
    pub fn from_stored(stored: &str) -> Consent {
        match stored.trim().to_ascii_lowercase().as_str() {
            "granted" => Consent::Granted,
            "denied" => Consent::Denied,
            _ => Consent::Unspecified,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Consent::Granted => "GRANTED",
            Consent::Denied => "DENIED",
            Consent::Unspecified => "UNSPECIFIED",
        }
    }
}

/// What the upload reads of the call and its visit.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct UploadFacts {
    /// As stored: national digits, '' when withheld.
    pub caller_number: String,
    pub started_at: i64,
    /// The visit's click id as stored ("gclid=Cj0…"), '' when none.
    pub click_id: String,
    /// The visit's landing page, whose query may carry the click id.
    pub landing_page: String,
    /// The visit's ad_user_data consent as stored.
    pub consent: String,
    /// The call's source and medium as credited ("google", "cpc"); '' when none.
    pub source: String,
    pub medium: String,
}

/// What is sent for one call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UploadContent {
    /// "+447700900123"; None when withheld.
    pub caller: Option<String>,
    /// "2026-07-01 14:05:00+01:00".
    pub call_time: String,
    pub click_id: Option<String>,
    pub consent: Consent,
    pub value_pence: Option<i64>,
    pub currency: String,
}

/// A UK (or international) number as stored, in E.164: "+44" and the national number without
/// its 0. None for a withheld caller or something that is no number.
pub fn e164(number: &str) -> Option<String> {
    let number = number.trim();
    if number.chars().any(|c| !(c.is_ascii_digit() || " +-()".contains(c))) {
        return None;
    }
    let digits: String = number.chars().filter(char::is_ascii_digit).collect();
    let international = if number.starts_with('+') {
        digits
    } else if let Some(rest) = digits.strip_prefix("00") {
        rest.to_string()
    } else if let Some(rest) = digits.strip_prefix('0') {
        format!("44{rest}")
    } else {
        digits
    };
    if international.starts_with('0') || !(8..=15).contains(&international.len()) {
        return None;
    }
    Some(format!("+{international}"))
}

/// The call's start as Google's offline call conversion import writes it,
/// "yyyy-mm-dd hh:mm:ss+hh:mm", in the account's zone (British summer time is +01:00).
pub fn google_call_time(at: i64, time_zone: &str) -> Result<String, String> {
    let zone: Tz = parse_zone(time_zone)?;
    let instant = DateTime::from_timestamp(at, 0).ok_or("The time is out of range.")?;
    Ok(instant.with_timezone(&zone).format("%Y-%m-%d %H:%M:%S%:z").to_string())
}

/// The value of the platform's parameter in "a=1&gclid=x" (the stored click id or a URL's query).
fn parameter(query: &str, name: &str) -> Option<String> {
    let query = query.split_once('?').map_or(query, |(_, q)| q);
    let query = query.split('#').next().unwrap_or("");
    query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(key, _)| key.eq_ignore_ascii_case(name))
        .map(|(_, value)| value.trim().to_string())
        .filter(|value| !value.is_empty() && value.len() <= 512)
}

/// The platform's click id of the visit: the stored one when it is the platform's, else the
/// landing page's parameter.
pub fn click_id(platform: Platform, facts: &UploadFacts) -> Option<String> {
    let name = platform.click_parameter();
    parameter(&facts.click_id, name).or_else(|| parameter(&facts.landing_page, name))
}

/// Mediums of paid advertising.
const PAID_MEDIUMS: [&str; 6] = ["cpc", "ppc", "paid", "paidsocial", "paid_social", "paid-social"];

/// The sources a platform's own ads arrive as. Google's and Meta's call conversions also match
/// a call by the caller's number, so a call from their paid source counts without a click id;
/// Microsoft's offline conversions need its click id.
fn platform_sources(platform: Platform) -> &'static [&'static str] {
    match platform {
        Platform::GoogleAds => &["google"],
        Platform::MetaAds => &["facebook", "instagram", "fb", "ig", "meta"],
        Platform::MicrosoftAds => &[],
    }
}

/// Whether the call came from the platform's ads: the visit carries the platform's click id,
/// or the call's source / medium is the platform's paid source.
pub fn from_platform(platform: Platform, facts: &UploadFacts) -> bool {
    let (source, medium) = (facts.source.trim().to_ascii_lowercase(), facts.medium.trim().to_ascii_lowercase());
    click_id(platform, facts).is_some()
        || (platform_sources(platform).contains(&source.as_str()) && PAID_MEDIUMS.contains(&medium.as_str()))
}

/// Why a call whose visitor refused ad data is never sent.
pub const CONSENT_DENIED: &str =
    "Not sent: the visitor refused the use of their data for advertising (ad_user_data consent denied).";

/// What an upload of the call for the action carries, or why it cannot be sent (in words). Only
/// a call from the action's platform is ever offered (`from_platform`: the others are no
/// conversion of that action). It is never sent when its visitor refused ad data, and is sent
/// by its click id or the caller's number; one with neither is skipped.
pub fn upload_content(
    action: &ConversionAction,
    facts: &UploadFacts,
    time_zone: &str,
) -> Result<UploadContent, String> {
    if Consent::from_stored(&facts.consent) == Consent::Denied {
        return Err(CONSENT_DENIED.to_string());
    }
    let caller = e164(&facts.caller_number);
    let click = click_id(action.platform, facts);
    if caller.is_none() && click.is_none() {
        return Err(format!(
            "Not sent: the visit had no {} click id ({}) and the caller withheld the number.",
            action.platform.label(),
            action.platform.click_parameter()
        ));
    }
    Ok(UploadContent {
        caller,
        call_time: google_call_time(facts.started_at, time_zone)?,
        click_id: click,
        consent: Consent::from_stored(&facts.consent),
        value_pence: action.value_pence,
        currency: CURRENCY.to_string(),
    })
}

/// Why an upload was given up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GiveUp(pub String);

/// After `attempts` failed attempts: seconds until the next one, or the reason to give up.
pub fn next_attempt(attempts: i64) -> Result<i64, GiveUp> {
    match usize::try_from(attempts - 1).ok().and_then(|i| RETRY_HOURS.get(i)) {
        Some(hours) => Ok(hours * 3_600),
        None if attempts < 1 => Ok(0),
        None => Err(GiveUp(format!(
            "Gave up after {MAX_ATTEMPTS} attempts over {} hours.",
            RETRY_HOURS.iter().sum::<i64>()
        ))),
    }
}

/// An upload's status in the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum UploadStatus {
    Pending,
    Sent,
    /// The platform had it already: never sent again.
    Duplicate,
    Failed,
    GaveUp,
    Skipped,
}

impl UploadStatus {
    pub const ALL: [UploadStatus; 6] = [
        UploadStatus::Pending,
        UploadStatus::Sent,
        UploadStatus::Duplicate,
        UploadStatus::Failed,
        UploadStatus::GaveUp,
        UploadStatus::Skipped,
    ];

    pub fn key(self) -> &'static str {
        match self {
            UploadStatus::Pending => "pending",
            UploadStatus::Sent => "sent",
            UploadStatus::Duplicate => "duplicate",
            UploadStatus::Failed => "failed",
            UploadStatus::GaveUp => "gaveUp",
            UploadStatus::Skipped => "skipped",
        }
    }

    pub fn from_key(key: &str) -> Option<UploadStatus> {
        UploadStatus::ALL.into_iter().find(|s| s.key() == key)
    }

    /// Whether the job still sends it.
    pub fn is_due_kind(self) -> bool {
        matches!(self, UploadStatus::Pending | UploadStatus::Failed)
    }
}

/// The status in words, as the log shows it.
pub fn status_words(status: UploadStatus, platform: Platform, connected: bool) -> String {
    let waiting = format!("Waiting: {} is not connected", platform.label());
    match status {
        UploadStatus::Pending if !connected => waiting,
        UploadStatus::Pending => "Waiting to be sent".to_string(),
        UploadStatus::Sent => "Sent".to_string(),
        UploadStatus::Duplicate => format!("Already at {}: not sent again", platform.label()),
        UploadStatus::Failed if !connected => format!("Failed; {waiting}"),
        UploadStatus::Failed => "Failed: will be tried again".to_string(),
        UploadStatus::GaveUp => "Gave up".to_string(),
        UploadStatus::Skipped => "Skipped".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conversions::{parse_conversion, ConversionForm};

    fn action(platform: &str) -> ConversionAction {
        let form = ConversionForm {
            name: "Calls".into(),
            platform: platform.into(),
            value: "25".into(),
            ..Default::default()
        };
        parse_conversion::<&str>(&form, &[]).unwrap()
    }

    #[test]
    fn numbers_are_written_in_e164() {
        assert_eq!(e164("07700900123").as_deref(), Some("+447700900123"));
        assert_eq!(e164("02079460000").as_deref(), Some("+442079460000"));
        assert_eq!(e164("+44 7700 900123").as_deref(), Some("+447700900123"));
        assert_eq!(e164("00353123456789").as_deref(), Some("+353123456789"));
        assert_eq!(e164("447700900123").as_deref(), Some("+447700900123"));
        assert_eq!(e164(""), None);
        assert_eq!(e164("anonymous"), None);
        assert_eq!(e164("0123"), None);
        assert_eq!(e164("0000"), None);
    }

    #[test]
    fn the_call_time_is_googles_format_in_the_accounts_zone() {
        // 2026-11-23 10:00 UTC is GMT in London; 2026-07-01 13:05:09 UTC is BST.
        assert_eq!(google_call_time(1_795_428_000, "Europe/London").unwrap(), "2026-11-23 10:00:00+00:00");
        assert_eq!(google_call_time(1_782_911_109, "Europe/London").unwrap(), "2026-07-01 14:05:09+01:00");
        // The hour clocks go forward: 01:00 UTC on 2026-03-29 is 02:00 BST.
        assert_eq!(google_call_time(1_774_746_000, "Europe/London").unwrap(), "2026-03-29 02:00:00+01:00");
        assert_eq!(google_call_time(1_774_745_999, "Europe/London").unwrap(), "2026-03-29 00:59:59+00:00");
        assert!(google_call_time(0, "Mars/Olympus").is_err());
    }

    #[test]
    fn the_click_id_is_the_platforms_own() {
        let facts = UploadFacts {
            click_id: "gclid=Cj0abc".into(),
            landing_page: "https://x.test/offers?utm_source=bing&msclkid=ff00".into(),
            ..Default::default()
        };
        assert_eq!(click_id(Platform::GoogleAds, &facts).as_deref(), Some("Cj0abc"));
        assert_eq!(click_id(Platform::MicrosoftAds, &facts).as_deref(), Some("ff00"));
        assert_eq!(click_id(Platform::MetaAds, &facts), None);
    }

    #[test]
    fn an_upload_carries_the_caller_the_time_the_click_and_consent() {
        let facts = UploadFacts {
            caller_number: "07700900123".into(),
            started_at: 1_782_911_109,
            click_id: "fbclid=IwAR1".into(),
            landing_page: String::new(),
            consent: "granted".into(),
            source: "google".into(),
            medium: "cpc".into(),
        };
        let content = upload_content(&action("meta_ads"), &facts, "Europe/London").unwrap();
        assert_eq!(content.caller.as_deref(), Some("+447700900123"));
        assert_eq!(content.call_time, "2026-07-01 14:05:09+01:00");
        assert_eq!(content.click_id.as_deref(), Some("IwAR1"));
        assert_eq!(content.consent, Consent::Granted);
        assert_eq!((content.value_pence, content.currency.as_str()), (Some(2500), "GBP"));
        // Google has no click id here, but the call came from its paid source and the number is
        // enough.
        let google = upload_content(&action("google_ads"), &facts, "Europe/London").unwrap();
        assert_eq!((google.click_id, google.consent), (None, Consent::Granted));
        assert_eq!(Consent::from_stored("").key(), "UNSPECIFIED");
    }

    #[test]
    fn a_call_comes_from_a_platform_by_its_click_id_or_its_paid_source() {
        let from = |source: &str, medium: &str, click: &str| UploadFacts {
            click_id: click.into(),
            source: source.into(),
            medium: medium.into(),
            ..Default::default()
        };
        use Platform::{GoogleAds, MetaAds, MicrosoftAds};
        // A referral from yell.com came from no platform's ads.
        let yell = from("yell.com", "referral", "");
        assert!([GoogleAds, MetaAds, MicrosoftAds].iter().all(|p| !from_platform(*p, &yell)));
        // Google's and Meta's paid sources, whatever their case; not their organic ones.
        assert!(
            from_platform(GoogleAds, &from("Google", "CPC", "")) && !from_platform(MetaAds, &from("google", "cpc", ""))
        );
        assert!(from_platform(MetaAds, &from("instagram", "paid_social", "")));
        assert!(!from_platform(MetaAds, &from("facebook", "referral", "")));
        assert!(!from_platform(GoogleAds, &from("google", "organic", "")));
        // Microsoft needs its click id; a platform's click id makes the call its own, wherever
        // the visit was credited.
        assert!(!from_platform(MicrosoftAds, &from("bing", "cpc", "")));
        assert!(from_platform(MicrosoftAds, &from("bing", "cpc", "msclkid=ff")));
        assert!(from_platform(MetaAds, &from("facebook", "social", "fbclid=IwAR1")));
        assert!(from_platform(GoogleAds, &from("", "", "gclid=Cj0")) && !from_platform(GoogleAds, &from("", "", "")));
    }

    #[test]
    fn a_visitor_who_refused_ad_data_is_never_sent() {
        let facts = UploadFacts {
            caller_number: "07700900123".into(),
            click_id: "gclid=Cj0".into(),
            consent: "denied".into(),
            ..Default::default()
        };
        assert_eq!(upload_content(&action("google_ads"), &facts, "Europe/London").unwrap_err(), CONSENT_DENIED);
        let unknown = UploadFacts { consent: String::new(), ..facts };
        assert_eq!(
            upload_content(&action("google_ads"), &unknown, "Europe/London").unwrap().consent,
            Consent::Unspecified
        );
    }

    #[test]
    fn a_withheld_caller_without_a_click_is_skipped_with_a_reason() {
        let facts = UploadFacts {
            started_at: 1_795_428_000,
            click_id: "fbclid=IwAR1".into(),
            source: "google".into(),
            medium: "cpc".into(),
            ..Default::default()
        };
        assert_eq!(
            upload_content(&action("google_ads"), &facts, "Europe/London").unwrap_err(),
            "Not sent: the visit had no Google Ads click id (gclid) and the caller withheld the number."
        );
        assert!(upload_content(&action("meta_ads"), &facts, "Europe/London").is_ok());
    }

    #[test]
    fn a_failed_upload_waits_hours_then_gives_up() {
        let hours: Vec<i64> = (1..MAX_ATTEMPTS).map(|a| next_attempt(a).unwrap() / 3_600).collect();
        assert_eq!(hours, [1, 3, 6, 12, 24]);
        assert!((1..MAX_ATTEMPTS).all(|a| next_attempt(a).unwrap() >= 3_600));
        assert_eq!(next_attempt(MAX_ATTEMPTS).unwrap_err(), GiveUp("Gave up after 6 attempts over 46 hours.".into()));
        assert!(next_attempt(100).is_err());
        assert_eq!(next_attempt(0), Ok(0));
    }

    #[test]
    fn statuses_read_in_words() {
        assert_eq!(
            status_words(UploadStatus::Pending, Platform::GoogleAds, false),
            "Waiting: Google Ads is not connected"
        );
        assert_eq!(status_words(UploadStatus::Pending, Platform::GoogleAds, true), "Waiting to be sent");
        assert_eq!(
            status_words(UploadStatus::Duplicate, Platform::MetaAds, true),
            "Already at Meta Ads: not sent again"
        );
        for status in UploadStatus::ALL {
            assert_eq!(UploadStatus::from_key(status.key()), Some(status));
        }
    }
}
