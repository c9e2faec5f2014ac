/// A plausible email address: one @, a local part, and a dotted domain of letters, digits and
/// hyphens; no spaces. (Deliverability is the mail server's business.)
/// The characters besides letters, digits and dots an address's local part may hold.
pub const EMAIL_LOCAL_SPECIALS: &str = "!#$%&'*+/=?^_`{|}~-";

pub fn is_valid_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else { return false };
    let local_ok = !local.is_empty()
        && !local.starts_with('.')
        && !local.ends_with('.')
        && !local.contains("..")
        && local.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || EMAIL_LOCAL_SPECIALS.contains(c));
    let labels: Vec<&str> = domain.split('.').collect();
    let domain_ok = labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        && labels.last().is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()));
    local_ok && domain_ok
}

#[cfg(test)]
mod tests {
    use super::is_valid_email;

    #[test]
    fn ordinary_addresses_are_valid() {
        for email in ["owner@demo.test", "o.brien+calls@harbour-lane.co.uk", "a@b.io"] {
            assert!(is_valid_email(email), "{email}");
        }
    }

    #[test]
    fn malformed_addresses_are_not() {
        for email in [
            "",
            "owner",
            "owner@",
            "@demo.test",
            "owner@demo",
            "ow ner@demo.test",
            "a@@b.com",
            "a@b..com",
            ".a@b.com",
            "a@-b.com",
            "a@b.c0m",
            "a@b.c",
        ] {
            assert!(!is_valid_email(email), "{email}");
        }
    }
}
