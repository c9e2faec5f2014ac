//! What a service plan row (or a dated exception) sends calls to: a destination plan or an IVR.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum RowType {
    #[default]
    Routing,
    Ivr,
}

impl RowType {
    pub fn as_str(self) -> &'static str {
        match self {
            RowType::Routing => "routing",
            RowType::Ivr => "ivr",
        }
    }

    pub fn parse(value: &str) -> Option<RowType> {
        match value {
            "routing" => Some(RowType::Routing),
            "ivr" => Some(RowType::Ivr),
            _ => None,
        }
    }
}
