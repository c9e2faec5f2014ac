//! Secrets customers give us to reach their systems (the FTP export's password), encrypted at
//! rest: AES-256-GCM with a random nonce, the ciphertext bound to the record it belongs to (so
//! it cannot be copied onto another customer's row). The key is `SETTINGS_ENCRYPTION_KEY` (64 hex
//! digits) when set, else one generated on first start and kept in `app_secrets`, as the card
//! passphrase is: set the variable to keep the key out of the database.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rand::RngCore;
use ring::aead::{Aad, LessSafeKey, Nonce, UnboundKey, AES_256_GCM, NONCE_LEN};
use sqlx::AnyPool;

const KEY_NAME: &str = "settings_encryption_key";
const PREFIX: &str = "v1:";

/// The key that seals and opens stored secrets.
pub struct SecretBox {
    key: LessSafeKey,
}

impl std::fmt::Debug for SecretBox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SecretBox(..)")
    }
}

fn parse_hex_key(text: &str) -> Option<[u8; 32]> {
    let text = text.trim();
    if text.len() != 64 || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let mut key = [0u8; 32];
    for (i, byte) in key.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(key)
}

impl SecretBox {
    pub fn new(key: &[u8; 32]) -> SecretBox {
        SecretBox { key: LessSafeKey::new(UnboundKey::new(&AES_256_GCM, key).expect("a 32-byte key")) }
    }

    /// The configured key (64 hex digits), else the one stored in the database (made on first
    /// start).
    pub async fn load(db: &AnyPool, configured: Option<&str>) -> Result<SecretBox, String> {
        if let Some(text) = configured.filter(|t| !t.is_empty()) {
            let key = parse_hex_key(text).ok_or("SETTINGS_ENCRYPTION_KEY must be 64 hex digits")?;
            return Ok(SecretBox::new(&key));
        }
        let mut fresh = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut fresh);
        let hex: String = fresh.iter().map(|b| format!("{b:02x}")).collect();
        let stored = crate::store::app_secrets::kept_or_stored(db, KEY_NAME, &hex).await.map_err(|e| e.to_string())?;
        let key = parse_hex_key(&stored).ok_or("the stored settings encryption key is damaged")?;
        Ok(SecretBox::new(&key))
    }

    /// `plain` sealed for the record `context` names ("ftp_export:100").
    pub fn seal(&self, context: &str, plain: &str) -> String {
        let mut nonce = [0u8; NONCE_LEN];
        rand::rngs::OsRng.fill_bytes(&mut nonce);
        let mut data = plain.as_bytes().to_vec();
        self.key
            .seal_in_place_append_tag(Nonce::assume_unique_for_key(nonce), Aad::from(context.as_bytes()), &mut data)
            .expect("AES-GCM seals any short input");
        let mut out = nonce.to_vec();
        out.extend_from_slice(&data);
        format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(out))
    }

    /// The secret sealed for `context`, or None when it was sealed for another record, with
    /// another key, or is damaged.
    pub fn open(&self, context: &str, sealed: &str) -> Option<String> {
        let bytes = URL_SAFE_NO_PAD.decode(sealed.strip_prefix(PREFIX)?).ok()?;
        if bytes.len() < NONCE_LEN {
            return None;
        }
        let (nonce, rest) = bytes.split_at(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(nonce).ok()?;
        let mut data = rest.to_vec();
        let plain = self.key.open_in_place(nonce, Aad::from(context.as_bytes()), &mut data).ok()?;
        String::from_utf8(plain.to_vec()).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_opens_only_for_its_record_and_key() {
        let secrets = SecretBox::new(&[7; 32]);
        let sealed = secrets.seal("ftp_export:100", "hunter2");
        assert!(sealed.starts_with("v1:"));
        assert!(!sealed.contains("hunter2"));
        assert_ne!(sealed, secrets.seal("ftp_export:100", "hunter2"), "a fresh nonce each time");
        assert_eq!(secrets.open("ftp_export:100", &sealed).as_deref(), Some("hunter2"));
        assert_eq!(secrets.open("ftp_export:200", &sealed), None);
        assert_eq!(SecretBox::new(&[8; 32]).open("ftp_export:100", &sealed), None);
        assert_eq!(secrets.open("ftp_export:100", "v1:AAAA"), None);
        assert_eq!(secrets.open("ftp_export:100", "hunter2"), None);
    }

    #[test]
    fn a_configured_key_is_64_hex_digits() {
        assert!(parse_hex_key(&"ab".repeat(32)).is_some());
        assert!(parse_hex_key(&"ab".repeat(31)).is_none());
        assert!(parse_hex_key(&"zz".repeat(32)).is_none());
    }
}
