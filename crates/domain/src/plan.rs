use serde::{Deserialize, Serialize};

/// The packages the product sells, plus the legacy package of older customers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Plan {
    Starter,
    Professional,
    Enterprise,
    Legacy,
}

impl Plan {
    /// Reads a package name as stored ("Professional", "professional"); anything unknown is
    /// treated as the legacy package, which is what old package names are.
    pub fn from_package_name(name: &str) -> Plan {
        match name.trim().to_ascii_lowercase().as_str() {
            "starter" => Plan::Starter,
            "professional" => Plan::Professional,
            "enterprise" => Plan::Enterprise,
            _ => Plan::Legacy,
        }
    }

    /// The plan an upgrade leads to: Starter to Professional, Professional to Enterprise.
    pub fn next(self) -> Option<Plan> {
        match self {
            Plan::Starter => Some(Plan::Professional),
            Plan::Professional => Some(Plan::Enterprise),
            Plan::Enterprise | Plan::Legacy => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Plan::Starter => "Starter",
            Plan::Professional => "Professional",
            Plan::Enterprise => "Enterprise",
            Plan::Legacy => "Legacy",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn package_names_are_read_case_insensitively() {
        assert_eq!(Plan::from_package_name("professional"), Plan::Professional);
        assert_eq!(Plan::from_package_name(" Starter "), Plan::Starter);
        assert_eq!(Plan::from_package_name("ENTERPRISE"), Plan::Enterprise);
    }

    #[test]
    fn starter_upgrades_to_professional_and_professional_to_enterprise() {
        assert_eq!(Plan::Starter.next(), Some(Plan::Professional));
        assert_eq!(Plan::Professional.next(), Some(Plan::Enterprise));
        assert_eq!(Plan::Enterprise.next(), None);
        assert_eq!(Plan::Legacy.next(), None);
    }

    #[test]
    fn unknown_package_names_are_the_legacy_package() {
        assert_eq!(Plan::from_package_name("Gold 2014"), Plan::Legacy);
        assert_eq!(Plan::Legacy.name(), "Legacy");
    }
}
