//! An IVR's keys: they run 1-9, then 0, * and #; 'Repeat' is one key or none; each key's type.

use serde::{Deserialize, Serialize};

/// The order keys are given out in.
pub const KEY_ORDER: [&str; 12] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "*", "#"];
pub const MAX_KEYS: usize = KEY_ORDER.len();
/// The repeat key's value when no key repeats the menu.
pub const NO_REPEAT: &str = "none";

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum KeyType {
    #[default]
    Routing,
    Ivr,
    Voicemail,
}

impl KeyType {
    pub fn as_str(self) -> &'static str {
        match self {
            KeyType::Routing => "routing",
            KeyType::Ivr => "ivr",
            KeyType::Voicemail => "voicemail",
        }
    }

    pub fn parse(value: &str) -> Option<KeyType> {
        match value {
            "routing" => Some(KeyType::Routing),
            "ivr" => Some(KeyType::Ivr),
            "voicemail" => Some(KeyType::Voicemail),
            _ => None,
        }
    }
}

/// One key option (ids are 0 when not chosen).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct IvrKey {
    pub key: String,
    pub description: String,
    #[serde(rename = "type")]
    pub key_type: KeyType,
    pub destination_id: i64,
    pub ivr_id: i64,
    pub voicemail_id: i64,
    pub category_id: i64,
}

impl IvrKey {
    pub(super) fn cleared(self) -> IvrKey {
        IvrKey { destination_id: 0, ivr_id: 0, voicemail_id: 0, category_id: 0, ..self }
    }
}
