use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use crate::jobs::website_check::fetch::FetchPolicy;

/// Server settings from the environment, each with a default that works on a new machine.
#[derive(Debug, Clone)]
pub struct Settings {
    pub bind: String,
    pub database_url: String,
    pub static_dir: PathBuf,
    pub seed_demo: bool,
    pub product_name: String,
    /// Serve /outbox, the mail the server sent (reset links included): demos and tests only.
    pub dev_outbox: bool,
    /// DEV_CLOCK=1: POST /dev/clock/advance moves the clock on, from this machine (browser flows).
    pub dev_clock: bool,
    /// Start the server's clock at this instant (unix seconds) instead of the machine's time:
    /// for browser tests that must not depend on the day they run.
    pub clock_start: Option<i64>,
    /// Served over HTTPS only (directly or behind a TLS proxy): Secure `__Host-` session
    /// cookies and HSTS.
    pub secure_cookies: bool,
    /// How the website check fetches customers' pages (WEBSITE_CHECK_ALLOW_LOOPBACK,
    /// WEBSITE_CHECK_TIMEOUT_SECONDS, WEBSITE_CHECK_RESOLVE).
    pub website_check: FetchPolicy,
    /// CARD_SHA_PASSPHRASE: the card provider's SHA passphrase; unset, one is generated once
    /// and stored in the database.
    pub card_passphrase: Option<String>,
    /// SETTINGS_ENCRYPTION_KEY: 64 hex digits, the key of the secrets kept at rest (the FTP
    /// export's password); unset, one is generated once and stored in the database.
    pub settings_key: Option<String>,
    /// CALL_RETENTION_MONTHS: calls and their recordings are kept this many calendar months
    /// (25 by default; 14 to 120, so the billing run's months keep their calls).
    pub call_retention_months: u32,
    /// SPEECH_PYTHON: the Python with PocketSphinx 5 installed, which hears recordings with the
    /// account's vocabulary (scripts/setup.sh makes target/speech).
    pub speech_python: PathBuf,
    /// WORKBOOK_READER: the program that reads customers' workbooks in a child process, started
    /// as `PROGRAM read-workbook` (this server's own binary unless set).
    pub workbook_reader: PathBuf,
    /// TRUSTED_PROXIES: the addresses (or CIDR ranges) of proxies in front of the server whose
    /// X-Forwarded-For is believed, comma-separated; none by default.
    pub trusted_proxies: TrustedProxies,
    /// How the telephony engine (Asterisk over ARI) reaches the server and the server it.
    pub telephony: TelephonySettings,
    /// LIVE_CHAT_URL: the live-chat provider's https page; unset, the top bar shows no chat icon.
    pub live_chat_url: Option<String>,
}

/// The telephony engine's settings (docs/telephony.md).
#[derive(Debug, Clone, Default)]
pub struct TelephonySettings {
    /// TELEPHONY_SECRET: the password the engine connects to /telephony/ari with (user
    /// `calltrack`) and that signs the addresses of customers' audio; unset, the route is off.
    pub secret: Option<String>,
    /// TELEPHONY_DIAL: how the engine dials a destination, `{number}` standing for its digits
    /// (default `PJSIP/{number}@carrier`, the carrier's trunk).
    pub dial: String,
    /// TELEPHONY_MEDIA_URL: this server as the engine reaches it, for customers' audio
    /// (default `http://` and BIND).
    pub media_url: String,
    /// TELEPHONY_ARI_URL: the engine's ARI over HTTP, where recordings are fetched from
    /// (default `http://127.0.0.1:8088/ari`).
    pub ari_url: String,
}

impl TelephonySettings {
    /// Where browser phones connect (SIP over websocket): the engine's HTTP server at /ws, beside
    /// its ARI ("http://127.0.0.1:8088/ari" gives "ws://127.0.0.1:8088/ws").
    pub fn phone_websocket_url(&self) -> String {
        let base = self.ari_url.trim_end_matches('/');
        let base = base.strip_suffix("/ari").unwrap_or(base);
        let base = match base.split_once("://") {
            Some(("https", rest)) => format!("wss://{rest}"),
            Some((_, rest)) => format!("ws://{rest}"),
            None => format!("ws://{base}"),
        };
        format!("{base}/ws")
    }

    /// The engine's dial string for `number` (digits only: nothing else reaches the template).
    pub fn dial_string(&self, number: &str) -> String {
        let digits: String = number.chars().filter(char::is_ascii_digit).take(20).collect();
        self.dial.replace("{number}", &digits)
    }
}

/// Proxies whose forwarded client address is believed: (network, prefix length) pairs.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies(Vec<(IpAddr, u8)>);

impl TrustedProxies {
    /// `10.0.0.0/8, 192.0.2.1, ::1`: addresses or CIDR ranges, comma-separated.
    pub fn parse(text: &str) -> Result<TrustedProxies, String> {
        let each = text.split(',').map(str::trim).filter(|item| !item.is_empty()).map(|item| {
            let bad = || format!("TRUSTED_PROXIES: {item:?} is not an address or a CIDR range");
            let (address, prefix) = item.split_once('/').unwrap_or((item, ""));
            let ip: IpAddr = address.parse().map_err(|_| bad())?;
            let bits = if ip.is_ipv4() { 32 } else { 128 };
            let prefix = if prefix.is_empty() { bits } else { prefix.parse::<u8>().map_err(|_| bad())? };
            if prefix > bits {
                return Err(bad());
            }
            Ok((ip.to_canonical(), prefix))
        });
        each.collect::<Result<Vec<_>, _>>().map(TrustedProxies)
    }

    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.0.iter().any(|(network, prefix)| match (network, ip) {
            (IpAddr::V4(n), IpAddr::V4(a)) => same_prefix(&n.octets(), &a.octets(), *prefix),
            (IpAddr::V6(n), IpAddr::V6(a)) => same_prefix(&n.octets(), &a.octets(), *prefix),
            _ => false,
        })
    }
}

/// Whether two addresses' first `prefix` bits agree.
fn same_prefix(a: &[u8], b: &[u8], prefix: u8) -> bool {
    let whole = usize::from(prefix / 8);
    let rest = prefix % 8;
    a[..whole] == b[..whole] && (rest == 0 || (a[whole] ^ b[whole]) >> (8 - rest) == 0)
}

/// This server's binary: the running program, or (in a test binary under target/debug/deps) the
/// `server` built beside it (an example under target/*/examples likewise).
pub fn own_binary() -> PathBuf {
    let exe = std::env::current_exe().unwrap_or_else(|_| PathBuf::from("server"));
    if exe.file_stem().is_some_and(|name| name == "server") {
        return exe;
    }
    exe.parent().and_then(|deps| deps.parent()).map(|dir| dir.join("server")).unwrap_or(exe)
}

/// The checkout's PocketSphinx 5 (scripts/setup.sh): target/speech beside the target/debug or
/// target/release folder this server runs from, wherever it is started; else relative.
fn checkout_speech_python() -> PathBuf {
    let beside = std::env::current_exe().ok().and_then(|exe| Some(exe.parent()?.parent()?.join("speech/bin/python")));
    beside.filter(|python| python.exists()).unwrap_or_else(|| PathBuf::from("target/speech/bin/python"))
}

/// `host=ip:port,host=ip:port`: names the website check answers without DNS.
fn parse_resolve(text: &str) -> Result<Vec<(String, SocketAddr)>, String> {
    text.split(',')
        .map(str::trim)
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (host, addr) =
                pair.split_once('=').ok_or_else(|| format!("WEBSITE_CHECK_RESOLVE: {pair:?} is not host=ip:port"))?;
            let addr = addr.parse().map_err(|_| format!("WEBSITE_CHECK_RESOLVE: {addr:?} is not ip:port"))?;
            Ok((host.trim().to_ascii_lowercase(), addr))
        })
        .collect()
}

impl Settings {
    pub fn from_env() -> Result<Settings, String> {
        let var = |name: &str, default: &str| std::env::var(name).unwrap_or_else(|_| default.to_string());
        let flag = |name: &str, default: &str| match var(name, default).as_str() {
            "1" | "true" => Ok(true),
            "0" | "false" => Ok(false),
            other => Err(format!("{name} must be 1 or 0, not {other:?}")),
        };
        Ok(Settings {
            bind: var("BIND", "127.0.0.1:8080"),
            database_url: var("DATABASE_URL", "sqlite://data/admin.db"),
            static_dir: PathBuf::from(var("STATIC_DIR", "frontend/dist")),
            seed_demo: flag("SEED_DEMO", "1")?,
            product_name: var("PRODUCT_NAME", "Calltrack"),
            dev_outbox: flag("DEV_OUTBOX", "0")?,
            dev_clock: flag("DEV_CLOCK", "0")?,
            secure_cookies: flag("SECURE_COOKIES", "0")?,
            website_check: FetchPolicy {
                allow_loopback: flag("WEBSITE_CHECK_ALLOW_LOOPBACK", "0")?,
                timeout: Duration::from_secs(match var("WEBSITE_CHECK_TIMEOUT_SECONDS", "10").parse::<u64>() {
                    Ok(seconds @ 1..=60) => seconds,
                    _ => return Err("WEBSITE_CHECK_TIMEOUT_SECONDS must be 1 to 60".into()),
                }),
                resolve: parse_resolve(&var("WEBSITE_CHECK_RESOLVE", ""))?,
                ..FetchPolicy::default()
            },
            card_passphrase: std::env::var("CARD_SHA_PASSPHRASE").ok().filter(|p| !p.is_empty()),
            settings_key: std::env::var("SETTINGS_ENCRYPTION_KEY").ok().filter(|p| !p.is_empty()),
            call_retention_months: domain::reports::parse_call_retention_months(&var(
                "CALL_RETENTION_MONTHS",
                &domain::reports::DEFAULT_CALL_RETENTION_MONTHS.to_string(),
            ))?,
            speech_python: std::env::var_os("SPEECH_PYTHON")
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
                .unwrap_or_else(checkout_speech_python),
            trusted_proxies: TrustedProxies::parse(&var("TRUSTED_PROXIES", ""))?,
            workbook_reader: std::env::var_os("WORKBOOK_READER")
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
                .unwrap_or_else(own_binary),
            telephony: TelephonySettings {
                secret: std::env::var("TELEPHONY_SECRET").ok().filter(|s| !s.is_empty()),
                dial: var("TELEPHONY_DIAL", "PJSIP/{number}@carrier"),
                media_url: var("TELEPHONY_MEDIA_URL", &format!("http://{}", var("BIND", "127.0.0.1:8080"))),
                ari_url: var("TELEPHONY_ARI_URL", "http://127.0.0.1:8088/ari"),
            },
            live_chat_url: live_chat_url(&var("LIVE_CHAT_URL", ""))?,
            clock_start: match std::env::var("CLOCK_START") {
                Ok(text) if !text.is_empty() => {
                    Some(text.parse().map_err(|_| format!("CLOCK_START must be unix seconds, not {text:?}"))?)
                }
                _ => None,
            },
        })
    }
}

/// LIVE_CHAT_URL: empty for no chat, else an https page (the browser opens it).
fn live_chat_url(text: &str) -> Result<Option<String>, String> {
    match text.trim() {
        "" => Ok(None),
        url if url.starts_with("https://") && !url.contains(char::is_whitespace) => Ok(Some(url.to_string())),
        _ => Err("LIVE_CHAT_URL must be an https:// address".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn live_chat_is_an_https_page_or_none() {
        assert_eq!(live_chat_url(""), Ok(None));
        assert_eq!(
            live_chat_url(" https://chat.example/calltrack "),
            Ok(Some("https://chat.example/calltrack".into()))
        );
        for bad in ["http://chat.example", "javascript:alert(1)", "https://chat example"] {
            assert!(live_chat_url(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn trusted_proxies_are_addresses_and_ranges() {
        let trusted = TrustedProxies::parse(" 10.0.0.0/8 ,192.0.2.1, 2001:db8::/32,").unwrap();
        for inside in ["10.200.3.4", "192.0.2.1", "2001:db8:ffff::1", "::ffff:10.0.0.9"] {
            assert!(trusted.contains(inside.parse().unwrap()), "{inside}");
        }
        for outside in ["11.0.0.1", "192.0.2.2", "2001:db9::1", "::1"] {
            assert!(!trusted.contains(outside.parse().unwrap()), "{outside}");
        }
        let odd = TrustedProxies::parse("172.16.0.0/12").unwrap();
        assert!(odd.contains("172.31.255.255".parse().unwrap()));
        assert!(!odd.contains("172.32.0.0".parse().unwrap()));
        for bad in ["10.0.0.0/33", "proxy.local", "10.0.0.1/x", "::1/129"] {
            assert!(TrustedProxies::parse(bad).is_err(), "{bad}");
        }
        assert!(!TrustedProxies::default().contains("127.0.0.1".parse().unwrap()));
    }
}
