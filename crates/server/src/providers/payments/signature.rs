//! The hosted payment page's signature: parameters sorted by their upper-cased names, empty
//! values left out, each written NAME=value followed by the passphrase, hashed with SHA-256 and
//! written as upper-case hex.

use sha2::{Digest, Sha256};

pub fn sha_sign(params: &[(&str, &str)], passphrase: &str) -> String {
    let mut sorted: Vec<(String, &str)> =
        params.iter().filter(|(_, v)| !v.is_empty()).map(|(k, v)| (k.to_ascii_uppercase(), *v)).collect();
    sorted.sort();
    let mut hasher = Sha256::new();
    for (name, value) in sorted {
        hasher.update(format!("{name}={value}{passphrase}"));
    }
    hasher.finalize().iter().map(|b| format!("{b:02X}")).collect()
}

/// Whether `signature` is the one for `params`, compared in constant time.
pub fn signature_matches(params: &[(&str, &str)], passphrase: &str, signature: &str) -> bool {
    let expected = sha_sign(params, passphrase);
    let given = signature.trim().to_ascii_uppercase();
    expected.len() == given.len() && expected.bytes().zip(given.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_ignores_order_case_of_names_and_empty_values() {
        let a = sha_sign(&[("orderid", "42"), ("PSPID", "CALLTRACK"), ("empty", "")], "secret");
        let b = sha_sign(&[("PSPID", "CALLTRACK"), ("ORDERID", "42")], "secret");
        assert_eq!(a, b);
        assert_eq!(a.len(), 64);
        assert!(signature_matches(&[("ORDERID", "42"), ("PSPID", "CALLTRACK")], "secret", &a.to_lowercase()));
    }

    #[test]
    fn any_change_breaks_it() {
        let params = [("ORDERID", "42"), ("LAST4", "4242")];
        let signed = sha_sign(&params, "secret");
        assert!(!signature_matches(&[("ORDERID", "42"), ("LAST4", "4243")], "secret", &signed));
        assert!(!signature_matches(&params, "other", &signed));
        assert!(!signature_matches(&params, "secret", ""));
    }
}
