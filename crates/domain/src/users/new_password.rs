use crate::validation::FieldErrors;

pub const NEW_PASSWORD_MIN: usize = 10;
const NEW_PASSWORD_MAX: usize = 128;

/// A password chosen through a reset link: long enough, not absurdly long, typed twice alike.
pub fn validate_new_password(password: &str, confirm: &str) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    let length = password.chars().count();
    if password.is_empty() {
        errors.add("password", "Password is required.");
    } else if length < NEW_PASSWORD_MIN {
        errors.add("password", format!("Password must be at least {NEW_PASSWORD_MIN} characters."));
    } else if length > NEW_PASSWORD_MAX {
        errors.add("password", format!("Password cannot exceed {NEW_PASSWORD_MAX} characters."));
    } else if password != confirm {
        errors.add("confirm", "Passwords do not match.");
    }
    errors.into_result()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_password_is_required_and_at_least_ten_characters() {
        assert_eq!(validate_new_password("", "").unwrap_err().get("password"), Some("Password is required."));
        assert_eq!(
            validate_new_password("short", "short").unwrap_err().get("password"),
            Some("Password must be at least 10 characters.")
        );
        let long = "x".repeat(129);
        assert_eq!(
            validate_new_password(&long, &long).unwrap_err().get("password"),
            Some("Password cannot exceed 128 characters.")
        );
    }

    #[test]
    fn both_entries_must_match() {
        assert_eq!(
            validate_new_password("n1na-Secret-pass", "n1na-secret-pass").unwrap_err().get("confirm"),
            Some("Passwords do not match.")
        );
        assert!(validate_new_password("n1na-Secret-pass", "n1na-Secret-pass").is_ok());
    }
}
