//! A conversion action: its name, the ad platform it goes to, its value, and which calls count
//! (at least a duration, 60 seconds by default as Google Ads counts a call conversion; an
//! outcome; a source / medium; a tag). `call_counts` is the one place that decides.

use serde::{Deserialize, Serialize};

use crate::names::TextRule;
use crate::reports::CallOutcome;
use crate::tags::{OUTCOME_CHOICE, SOURCE_CHOICE};
use crate::validation::FieldErrors;

pub const NAME_MAX: usize = 100;
pub use crate::names::{NAME_NOT_UNIQUE, NAME_REQUIRED};
pub const NAME_TOO_LONG: &str = "Name must not exceed 100 characters.";
const NAME: TextRule = TextRule::name(NAME_MAX, NAME_TOO_LONG);
pub const PLATFORM_CHOICE: &str = "Choose an ad platform from the list.";
pub const TAG_CHOICE: &str = "Choose a tag from the list.";
pub const VALUE_FORMAT: &str = "Value must be an amount in pounds and pence, such as 25.00.";
pub const VALUE_RANGE: &str = "Value must be from £0.00 to £10,000.00.";
pub const DURATION_RANGE: &str = "Minimum talk time must be a whole number of seconds from 0 to 3600.";
/// £10,000.00: no call is worth more to a bid strategy.
pub const VALUE_MAX_PENCE: i64 = 1_000_000;
/// The most digits of pounds a value is read with (leading zeros counted): past them it is out
/// of range before it is read.
pub const VALUE_POUNDS_DIGITS: usize = 7;
/// Google Ads counts a call conversion from 60 seconds unless told otherwise.
pub const MIN_DURATION_DEFAULT: i64 = 60;
pub const MIN_DURATION_MAX: i64 = 3_600;

/// The ad platforms a conversion goes to: the integrations catalogue's identifiers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Platform {
    #[serde(rename = "google_ads")]
    GoogleAds,
    #[serde(rename = "microsoft_ads")]
    MicrosoftAds,
    #[serde(rename = "meta_ads")]
    MetaAds,
}

impl Platform {
    pub const ALL: [Platform; 3] = [Platform::GoogleAds, Platform::MicrosoftAds, Platform::MetaAds];

    /// The integration's identifier (customer_integrations.identifier).
    pub fn key(self) -> &'static str {
        match self {
            Platform::GoogleAds => "google_ads",
            Platform::MicrosoftAds => "microsoft_ads",
            Platform::MetaAds => "meta_ads",
        }
    }

    pub fn from_key(key: &str) -> Option<Platform> {
        Platform::ALL.into_iter().find(|p| p.key() == key)
    }

    pub fn label(self) -> &'static str {
        match self {
            Platform::GoogleAds => "Google Ads",
            Platform::MicrosoftAds => "Microsoft Ads",
            Platform::MetaAds => "Meta Ads",
        }
    }

    /// The landing page parameter that carries the platform's click id.
    pub fn click_parameter(self) -> &'static str {
        match self {
            Platform::GoogleAds => "gclid",
            Platform::MicrosoftAds => "msclkid",
            Platform::MetaAds => "fbclid",
        }
    }

    /// The integration's page, where it is connected.
    pub fn page(self) -> &'static str {
        match self {
            Platform::GoogleAds => "/googleads",
            Platform::MicrosoftAds => "/microsoftads",
            Platform::MetaAds => "/facebookads",
        }
    }
}

/// The form as posted (form_name, form_platform, form_value, form_min_duration, form_outcome,
/// form_source_medium, form_tag, form_active); '' is 'any' for a condition.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ConversionForm {
    pub name: String,
    pub platform: String,
    /// Pounds and pence, "25.00"; '' sends no value.
    pub value: String,
    /// Seconds; '' is the default, 60.
    pub min_duration: String,
    pub outcome: String,
    pub source_medium: String,
    pub tag: String,
    /// "1": uploads are sent.
    pub active: String,
}

/// A conversion action as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ConversionAction {
    pub name: String,
    pub platform: Platform,
    pub value_pence: Option<i64>,
    pub min_duration_seconds: i64,
    /// None: any outcome.
    pub outcome: Option<CallOutcome>,
    pub source_medium_id: Option<i64>,
    pub tag_id: Option<i64>,
    pub active: bool,
}

/// What the rule reads of a stored call.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ConversionCall {
    pub inbound: bool,
    /// Seconds talking (0: not answered; ringing is not talk).
    pub talk_seconds: i64,
    pub outcome: Option<CallOutcome>,
    pub source_medium_id: Option<i64>,
    pub tag_ids: Vec<i64>,
}

/// Whether a call counts as a conversion of the action: an inbound call with at least the
/// minimum talk time, with the outcome, source / medium and tag the action names (each 'any'
/// when unset). An inactive action counts nothing.
pub fn call_counts(action: &ConversionAction, call: &ConversionCall) -> bool {
    action.active
        && call.inbound
        && call.talk_seconds >= action.min_duration_seconds
        && action.outcome.is_none_or(|o| call.outcome == Some(o))
        && action.source_medium_id.is_none_or(|id| call.source_medium_id == Some(id))
        && action.tag_id.is_none_or(|id| call.tag_ids.contains(&id))
}

impl ConversionAction {
    /// Which calls count, in words, with the names of the source / medium and the tag.
    pub fn in_words(&self, source_medium: &str, tag: &str) -> Vec<String> {
        let mut words = vec![format!("Talked for at least {} seconds", self.min_duration_seconds)];
        if let Some(outcome) = self.outcome {
            words.push(format!("Outcome is {}", outcome.label()));
        }
        if self.source_medium_id.is_some() {
            words.push(format!("Source / medium is {source_medium}"));
        }
        if self.tag_id.is_some() {
            words.push(format!("Tagged {tag}"));
        }
        words
    }

    /// The form that shows this action again.
    pub fn form(&self) -> ConversionForm {
        let id = |v: Option<i64>| v.map(|v| v.to_string()).unwrap_or_default();
        ConversionForm {
            name: self.name.clone(),
            platform: self.platform.key().to_string(),
            value: self.value_pence.map(pounds).unwrap_or_default(),
            min_duration: self.min_duration_seconds.to_string(),
            outcome: self.outcome.map(|o| o.key().to_string()).unwrap_or_default(),
            source_medium: id(self.source_medium_id),
            tag: id(self.tag_id),
            active: if self.active { "1" } else { "0" }.to_string(),
        }
    }
}

/// "25.00" of 2500 pence.
pub fn pounds(pence: i64) -> String {
    format!("{}.{:02}", pence / 100, pence % 100)
}

/// Pence of "25", "25.5", "25.50" or "£25.50"; Err(message) otherwise.
fn parse_value(text: &str) -> Result<Option<i64>, &'static str> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let text = text.strip_prefix('£').unwrap_or(text).trim_start();
    if text.starts_with('-') && text.len() > 1 && text[1..].chars().all(|c| c.is_ascii_digit() || c == '.') {
        return Err(VALUE_RANGE);
    }
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if whole.is_empty() || !digits(whole) || !digits(fraction) || fraction.len() > 2 || text.ends_with('.') {
        return Err(VALUE_FORMAT);
    }
    if whole.len() > VALUE_POUNDS_DIGITS {
        return Err(VALUE_RANGE);
    }
    let pence = whole.parse::<i64>().map_err(|_| VALUE_FORMAT)? * 100
        + format!("{fraction:0<2}").parse::<i64>().map_err(|_| VALUE_FORMAT)?;
    if pence > VALUE_MAX_PENCE {
        return Err(VALUE_RANGE);
    }
    Ok(Some(pence))
}

fn optional_id(value: &str) -> Result<Option<i64>, ()> {
    let value = value.trim();
    if value.is_empty() {
        return Ok(None);
    }
    match value.parse::<i64>() {
        Ok(id) if id > 0 => Ok(Some(id)),
        _ => Err(()),
    }
}

/// The action the form describes, or its field errors. `taken` holds the account's other
/// actions' names; the source / medium and the tag must also be the customer's (the server
/// checks).
pub fn parse_conversion<S: AsRef<str>>(form: &ConversionForm, taken: &[S]) -> Result<ConversionAction, FieldErrors> {
    let mut errors = FieldErrors::new();
    NAME.check(&mut errors, "form_name", &form.name, taken);
    let name = form.name.trim();
    let platform = Platform::from_key(form.platform.trim());
    if platform.is_none() {
        errors.add("form_platform", PLATFORM_CHOICE);
    }
    let value_pence = parse_value(&form.value).unwrap_or_else(|message| {
        errors.add("form_value", message);
        None
    });
    let duration = form.min_duration.trim();
    let min_duration_seconds = if duration.is_empty() {
        MIN_DURATION_DEFAULT
    } else {
        match duration.parse::<i64>() {
            Ok(s) if (0..=MIN_DURATION_MAX).contains(&s) => s,
            _ => {
                errors.add("form_min_duration", DURATION_RANGE);
                MIN_DURATION_DEFAULT
            }
        }
    };
    let outcome = match form.outcome.trim() {
        "" | "any" => None,
        key => CallOutcome::from_key(key).or_else(|| {
            errors.add("form_outcome", OUTCOME_CHOICE);
            None
        }),
    };
    let source_medium_id = optional_id(&form.source_medium).unwrap_or_else(|()| {
        errors.add("form_source_medium", SOURCE_CHOICE);
        None
    });
    let tag_id = optional_id(&form.tag).unwrap_or_else(|()| {
        errors.add("form_tag", TAG_CHOICE);
        None
    });
    let active = !matches!(form.active.trim(), "0" | "false" | "off");
    errors.into_result()?;
    Ok(ConversionAction {
        name: name.to_string(),
        platform: platform.unwrap_or(Platform::GoogleAds),
        value_pence,
        min_duration_seconds,
        outcome,
        source_medium_id,
        tag_id,
        active,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(name: &str, platform: &str) -> ConversionForm {
        ConversionForm { name: name.into(), platform: platform.into(), ..ConversionForm::default() }
    }

    fn paid_search() -> ConversionAction {
        let form =
            ConversionForm { source_medium: "3".into(), value: "40".into(), ..form("Paid search calls", "google_ads") };
        parse_conversion::<&str>(&form, &[]).unwrap()
    }

    fn call(seconds: i64) -> ConversionCall {
        ConversionCall {
            inbound: true,
            talk_seconds: seconds,
            outcome: Some(CallOutcome::Answered),
            source_medium_id: Some(3),
            tag_ids: vec![7],
        }
    }

    #[test]
    fn an_action_counts_calls_of_a_minute_by_default() {
        let action = paid_search();
        assert_eq!(action.min_duration_seconds, 60);
        assert_eq!(action.value_pence, Some(4000));
        assert!(action.active);
        assert!(!call_counts(&action, &call(59)));
        assert!(call_counts(&action, &call(60)));
        assert!(!call_counts(&action, &ConversionCall { source_medium_id: Some(4), ..call(90) }));
        assert!(!call_counts(&action, &ConversionCall { inbound: false, ..call(90) }));
        assert!(!call_counts(&ConversionAction { active: false, ..action }, &call(90)));
    }

    #[test]
    fn each_condition_reads_its_own_fact() {
        let answered =
            ConversionAction { outcome: Some(CallOutcome::Answered), source_medium_id: None, ..paid_search() };
        assert!(call_counts(&answered, &call(60)));
        assert!(!call_counts(&answered, &ConversionCall { outcome: Some(CallOutcome::Missed), ..call(60) }));
        assert!(!call_counts(&answered, &ConversionCall { outcome: None, ..call(60) }));
        let tagged = ConversionAction { tag_id: Some(7), source_medium_id: None, ..paid_search() };
        assert!(call_counts(&tagged, &call(60)));
        assert!(!call_counts(&tagged, &ConversionCall { tag_ids: vec![8], ..call(60) }));
        let any = ConversionAction { min_duration_seconds: 0, source_medium_id: None, ..paid_search() };
        assert!(call_counts(&any, &ConversionCall { inbound: true, ..ConversionCall::default() }));
    }

    #[test]
    fn the_form_is_checked_field_by_field() {
        let bad = ConversionForm {
            name: " ".into(),
            platform: "tiktok".into(),
            value: "abc".into(),
            min_duration: "3601".into(),
            outcome: "won".into(),
            source_medium: "x".into(),
            tag: "-1".into(),
            active: "1".into(),
        };
        let errors = parse_conversion::<&str>(&bad, &[]).unwrap_err();
        assert_eq!(errors.get("form_name"), Some(NAME_REQUIRED));
        assert_eq!(errors.get("form_platform"), Some(PLATFORM_CHOICE));
        assert_eq!(errors.get("form_value"), Some(VALUE_FORMAT));
        assert_eq!(errors.get("form_min_duration"), Some(DURATION_RANGE));
        assert_eq!(errors.get("form_outcome"), Some(OUTCOME_CHOICE));
        assert_eq!(errors.get("form_source_medium"), Some(SOURCE_CHOICE));
        assert_eq!(errors.get("form_tag"), Some(TAG_CHOICE));
        let long = form(&"x".repeat(101), "google_ads");
        assert_eq!(parse_conversion::<&str>(&long, &[]).unwrap_err().get("form_name"), Some(NAME_TOO_LONG));
        assert!(parse_conversion::<&str>(&form(&"x".repeat(100), "google_ads"), &[]).is_ok());
        assert!(parse_conversion(&form("Лид", "meta_ads"), &["x"]).unwrap_err().get("form_name").is_some());
        let taken = parse_conversion(&form("paid SEARCH calls ", "meta_ads"), &["Paid search calls"]);
        assert_eq!(taken.unwrap_err().get("form_name"), Some(NAME_NOT_UNIQUE));
    }

    #[test]
    fn a_value_is_pounds_and_pence_within_bounds() {
        let value = |v: &str| parse_value(v);
        assert_eq!(value(""), Ok(None));
        assert_eq!(value("25"), Ok(Some(2500)));
        assert_eq!(value("25.5"), Ok(Some(2550)));
        assert_eq!(value("£0.99"), Ok(Some(99)));
        assert_eq!(value("0"), Ok(Some(0)));
        assert_eq!(value("10000"), Ok(Some(VALUE_MAX_PENCE)));
        assert_eq!(value("10000.01"), Err(VALUE_RANGE));
        assert_eq!(value("99999999999999999999"), Err(VALUE_RANGE));
        assert_eq!(value("-5"), Err(VALUE_RANGE));
        for bad in ["25.", ".5", "2.505", "1,000", "£", "1e3", "25 00"] {
            assert_eq!(value(bad), Err(VALUE_FORMAT), "{bad}");
        }
    }

    #[test]
    fn the_minimum_duration_is_0_to_3600_seconds() {
        let with = |d: &str| {
            parse_conversion::<&str>(&ConversionForm { min_duration: d.into(), ..form("A", "google_ads") }, &[])
        };
        assert_eq!(with("0").unwrap().min_duration_seconds, 0);
        assert_eq!(with("3600").unwrap().min_duration_seconds, 3600);
        assert_eq!(with("").unwrap().min_duration_seconds, 60);
        for bad in ["-1", "3601", "1.5", "a"] {
            assert_eq!(with(bad).unwrap_err().get("form_min_duration"), Some(DURATION_RANGE), "{bad}");
        }
    }

    #[test]
    fn an_action_reads_back_as_its_form_and_in_words() {
        let action = ConversionAction { outcome: Some(CallOutcome::Answered), tag_id: Some(7), ..paid_search() };
        assert_eq!(parse_conversion::<&str>(&action.form(), &[]).unwrap(), action);
        assert_eq!(
            action.in_words("google / cpc", "Qualified lead"),
            [
                "Talked for at least 60 seconds",
                "Outcome is Answered",
                "Source / medium is google / cpc",
                "Tagged Qualified lead"
            ]
        );
        assert_eq!(action.form().value, "40.00");
        let inactive = ConversionForm { active: "0".into(), ..action.form() };
        assert!(!parse_conversion::<&str>(&inactive, &[]).unwrap().active);
    }
}
