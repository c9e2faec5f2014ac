//! Password hashing and random tokens.

use argon2::password_hash::{rand_core::OsRng, PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rand::RngCore;
use sha2::{Digest, Sha256};
use std::sync::OnceLock;
use tokio::sync::Semaphore;

/// An Argon2id hash (PHC string) of a password.
pub fn hash_password(password: &str) -> String {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default().hash_password(password.as_bytes(), &salt).expect("argon2 hashes any input").to_string()
}

/// Checks a password against a stored hash. A malformed hash never matches.
pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
}

/// Burns the same time as a real check, so an unknown email is not told apart by timing.
pub fn verify_against_nothing(password: &str) {
    static DUMMY: OnceLock<String> = OnceLock::new();
    let hash = DUMMY.get_or_init(|| hash_password("not a password anyone has"));
    let _ = verify_password(password, hash);
}

/// Argon2 is deliberately slow (tens of milliseconds of CPU). Run on the async workers, a flood
/// of logins would stall every other request; so hashing runs on the blocking pool, at most
/// this many at once, and the rest wait their turn without holding a worker.
const HASHING_AT_ONCE: usize = 2;

fn hashing_permits() -> &'static Semaphore {
    static PERMITS: OnceLock<Semaphore> = OnceLock::new();
    PERMITS.get_or_init(|| Semaphore::new(HASHING_AT_ONCE))
}

async fn off_the_workers<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> T {
    let _permit = hashing_permits().acquire().await.expect("the hashing semaphore is never closed");
    tokio::task::spawn_blocking(work).await.expect("password hashing does not panic")
}

/// `verify_password` off the async workers.
pub async fn check_password(password: &str, hash: &str) -> bool {
    let (password, hash) = (password.to_string(), hash.to_string());
    off_the_workers(move || verify_password(&password, &hash)).await
}

/// `hash_password` off the async workers.
pub async fn new_password_hash(password: &str) -> String {
    let password = password.to_string();
    off_the_workers(move || hash_password(&password)).await
}

/// `verify_against_nothing` off the async workers.
pub async fn check_against_nothing(password: &str) {
    let password = password.to_string();
    off_the_workers(move || verify_against_nothing(&password)).await
}

/// A random URL-safe token of 256 bits.
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// What is stored in place of a token: a database leak does not hand out sessions.
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// A new technology-partner API key: the product's prefix, then 40 random letters and digits
/// (about 238 bits).
pub fn new_api_key() -> String {
    use rand::distributions::{Alphanumeric, DistString};
    let random = Alphanumeric.sample_string(&mut rand::rngs::OsRng, domain::partners::api_keys::API_KEY_RANDOM_LENGTH);
    format!("{}{random}", domain::partners::api_keys::API_KEY_PREFIX)
}
