use serde::{Deserialize, Serialize};

/// The packages the product sells, plus the legacy package of older customers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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
    fn unknown_package_names_are_the_legacy_package() {
        assert_eq!(Plan::from_package_name("Gold 2014"), Plan::Legacy);
        assert_eq!(Plan::Legacy.name(), "Legacy");
    }
}
