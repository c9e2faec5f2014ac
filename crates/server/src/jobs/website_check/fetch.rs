//! Fetching a customer's web page safely: http and https only, a time limit, a size limit, a
//! few redirects at most, and never an address inside a network (loopback, private,
//! link-local...; of IPv6 only global unicast, so no IPv6 form of an inside IPv4 address),
//! checked on every connection, redirects included, so a dynamic URL cannot make the server
//! reach into its own network. Tests allow loopback to serve their own sites.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use domain::integrations::website_check::CheckProblem;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::redirect;
use url::{Host, Url};

#[derive(Debug, Clone)]
pub struct FetchPolicy {
    pub allow_loopback: bool,
    pub timeout: Duration,
    pub max_bytes: usize,
    pub max_redirects: usize,
    /// Host names answered without DNS (host, address): like curl's --resolve, for demos and tests.
    pub resolve: Vec<(String, SocketAddr)>,
}

impl Default for FetchPolicy {
    fn default() -> Self {
        FetchPolicy {
            allow_loopback: false,
            timeout: Duration::from_secs(10),
            max_bytes: 2 * 1024 * 1024,
            max_redirects: 3,
            resolve: Vec::new(),
        }
    }
}

#[derive(Debug, PartialEq, Eq)]
pub enum FetchError {
    /// Not an address we may fetch: a bad URL or scheme, a host that does not resolve, or one
    /// inside a network.
    InvalidAddress(CheckProblem),
    /// The site answered badly or not in time, redirected too often or sent too much.
    Failed(CheckProblem),
}

/// Whether the check may connect to `ip`.
pub fn is_public(ip: IpAddr, allow_loopback: bool) -> bool {
    if ip.is_loopback() {
        return allow_loopback;
    }
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, c, _] = v4.octets();
            !(v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_multicast()
                || v4.is_documentation()
                || a == 0
                || (a == 100 && (64..128).contains(&b)) // carrier-grade NAT
                || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
                || (a == 198 && (b == 18 || b == 19)) // benchmarking
                || a >= 240)
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_public(IpAddr::V4(v4), allow_loopback);
            }
            // Global unicast (2000::/3) only. Outside it lie IPv4-compatible ::/96, NAT64
            // 64:ff9b::/96 and 64:ff9b:1::/48, discard 100::/64, site-local, unique local,
            // link-local and multicast; inside it, ranges that carry an IPv4 address or are not a
            // host on the internet. Whole ranges are refused rather than their embedded IPv4 read.
            let [a, b, ..] = v6.segments();
            let excluded = match a {
                // IETF protocol assignments 2001::/23 (Teredo 2001::/32 among them), documentation
                0x2001 => b < 0x0200 || b == 0x0db8,
                // 6to4
                0x2002 => true,
                // documentation 3fff::/20
                0x3fff => b < 0x1000,
                _ => false,
            };
            (a & 0xe000) == 0x2000 && !excluded
        }
    }
}

/// The URL's scheme and literal address (if any) are ones we may fetch.
fn check_url(url: &Url, allow_loopback: bool) -> Result<(), CheckProblem> {
    if !matches!(url.scheme(), "http" | "https") {
        return Err(CheckProblem::NotAWebAddress);
    }
    match url.host() {
        None => Err(CheckProblem::NotAWebAddress),
        Some(Host::Ipv4(ip)) if !is_public(IpAddr::V4(ip), allow_loopback) => Err(CheckProblem::AddressNotAllowed),
        Some(Host::Ipv6(ip)) if !is_public(IpAddr::V6(ip), allow_loopback) => Err(CheckProblem::AddressNotAllowed),
        Some(_) => Ok(()),
    }
}

/// Refused by our address rules: why, and what it means for the customer.
#[derive(Debug)]
struct NotAllowed(&'static str, CheckProblem);

impl std::fmt::Display for NotAllowed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for NotAllowed {}

/// DNS through the system resolver, keeping only the addresses the check may use.
struct GuardedResolver {
    allow_loopback: bool,
}

impl Resolve for GuardedResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let allow_loopback = self.allow_loopback;
        Box::pin(async move {
            let found = tokio::net::lookup_host((name.as_str(), 0)).await.map_err(|_| {
                Box::new(NotAllowed("the host was not found", CheckProblem::Unreachable))
                    as Box<dyn std::error::Error + Send + Sync>
            })?;
            let allowed: Vec<SocketAddr> = found.filter(|a| is_public(a.ip(), allow_loopback)).collect();
            if allowed.is_empty() {
                return Err(Box::new(NotAllowed("the host is inside a network", CheckProblem::AddressNotAllowed)) as _);
            }
            Ok(Box::new(allowed.into_iter()) as Addrs)
        })
    }
}

/// True when the error came from our address rules (rather than from the site).
fn refused_address(error: &reqwest::Error) -> Option<CheckProblem> {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = source {
        if let Some(not_allowed) = e.downcast_ref::<NotAllowed>() {
            return Some(not_allowed.1);
        }
        source = e.source();
    }
    None
}

fn client(policy: &FetchPolicy) -> Result<reqwest::Client, FetchError> {
    let allow_loopback = policy.allow_loopback;
    let max_redirects = policy.max_redirects;
    let redirects = redirect::Policy::custom(move |attempt| {
        if attempt.previous().len() > max_redirects {
            attempt.error("too many redirects")
        } else if let Err(problem) = check_url(attempt.url(), allow_loopback) {
            tracing::debug!(?problem, "website check: redirect refused");
            attempt.error(NotAllowed("redirected to an address that is not allowed", CheckProblem::AddressNotAllowed))
        } else {
            attempt.follow()
        }
    });
    let mut builder = reqwest::Client::builder()
        .redirect(redirects)
        .timeout(policy.timeout)
        .connect_timeout(policy.timeout)
        .no_proxy()
        .user_agent("CalltrackWebsiteCheck/1.0")
        .dns_resolver(Arc::new(GuardedResolver { allow_loopback }));
    for (host, addr) in &policy.resolve {
        builder = builder.resolve(host, *addr);
    }
    builder.build().map_err(|e| {
        tracing::error!(error = %e, "website check: no HTTP client");
        FetchError::Failed(CheckProblem::Unreachable)
    })
}

/// The page at `address` as text (invalid UTF-8 replaced).
pub async fn fetch_page(address: &str, policy: &FetchPolicy) -> Result<String, FetchError> {
    let url = Url::parse(address.trim()).map_err(|_| FetchError::InvalidAddress(CheckProblem::NotAWebAddress))?;
    check_url(&url, policy.allow_loopback).map_err(FetchError::InvalidAddress)?;
    let failed = |e: reqwest::Error| match refused_address(&e) {
        // A host that is not found is no site to check, like a bad address; the page says so.
        Some(problem) => FetchError::InvalidAddress(problem),
        None if e.is_timeout() => FetchError::Failed(CheckProblem::TooSlow),
        None if e.is_redirect() => FetchError::Failed(CheckProblem::TooManyRedirects),
        None => {
            tracing::debug!(error = %e, "website check: the site could not be reached");
            FetchError::Failed(CheckProblem::Unreachable)
        }
    };
    let mut response = client(policy)?.get(url).send().await.map_err(failed)?;
    if !response.status().is_success() {
        return Err(FetchError::Failed(CheckProblem::Answered(response.status().as_u16())));
    }
    let too_large = || FetchError::Failed(CheckProblem::TooLarge);
    if response.content_length().is_some_and(|n| n > policy.max_bytes as u64) {
        return Err(too_large());
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(failed)? {
        if body.len() + chunk.len() > policy.max_bytes {
            return Err(too_large());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(String::from_utf8_lossy(&body).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_inside_a_network_are_refused() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "192.0.0.170",
            "::1",
            "fe80::1",
            "fd00::1",
            "::ffff:10.0.0.1",
            "::ffff:127.0.0.1",
        ] {
            assert!(!is_public(ip.parse().unwrap(), false), "{ip}");
        }
        for ip in ["93.184.216.34", "2a00:1450:4009:81f::200e", "81.2.69.160", "2001:4860:4860::8888"] {
            assert!(is_public(ip.parse().unwrap(), false), "{ip}");
        }
        assert!(is_public("127.0.0.1".parse().unwrap(), true));
        assert!(is_public("::1".parse().unwrap(), true));
        assert!(is_public("::ffff:127.0.0.1".parse().unwrap(), true));
        assert!(!is_public("10.0.0.1".parse().unwrap(), true), "loopback only");
    }

    /// IPv6 forms that carry an IPv4 address, or are not a host on the internet.
    const IPV6_INSIDE: [&str; 14] = [
        "::127.0.0.1",                          // IPv4-compatible
        "::a00:1",                              // IPv4-compatible 10.0.0.1
        "::",                                   // unspecified
        "64:ff9b::7f00:1",                      // NAT64 of 127.0.0.1
        "64:ff9b::a9fe:a9fe",                   // NAT64 of 169.254.169.254
        "64:ff9b:1::a00:1",                     // local-use NAT64
        "2002:7f00:1::",                        // 6to4 of 127.0.0.1
        "2002:a9fe:a9fe::1",                    // 6to4 of 169.254.169.254
        "2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo
        "100::1",                               // discard
        "fec0::1",                              // site-local
        "2001:db8::1",                          // documentation
        "ff02::1",                              // multicast
        "::ffff:0:a9fe:a9fe",                   // IPv4-translated
    ];

    #[test]
    fn ipv6_forms_of_ipv4_and_other_non_global_ranges_are_refused_even_with_loopback_allowed() {
        for ip in IPV6_INSIDE {
            assert!(!is_public(ip.parse().unwrap(), false), "{ip}");
            assert!(!is_public(ip.parse().unwrap(), true), "{ip} with loopback allowed");
        }
    }

    #[test]
    fn only_http_and_https_urls_with_public_literal_hosts_pass() {
        let check = |u: &str| check_url(&Url::parse(u).unwrap(), false);
        assert!(check("https://www.example.co.uk/").is_ok());
        assert!(check("http://93.184.216.34/").is_ok());
        assert!(check("http://[2a00:1450:4009:81f::200e]/").is_ok());
        assert!(check("ftp://example.com/").is_err());
        assert!(check("file:///etc/passwd").is_err());
        assert!(check("http://127.0.0.1:8080/").is_err());
        assert!(check("http://[::1]/").is_err());
        assert!(check("http://169.254.169.254/latest/meta-data").is_err());
        for ip in IPV6_INSIDE {
            assert!(check(&format!("http://[{ip}]/")).is_err(), "{ip}");
        }
    }

    fn loopback_policy() -> FetchPolicy {
        FetchPolicy { allow_loopback: true, timeout: Duration::from_secs(2), ..FetchPolicy::default() }
    }

    #[tokio::test]
    async fn ipv6_literals_holding_loopback_or_metadata_addresses_are_not_fetched() {
        for url in [
            "http://[::127.0.0.1]/",
            "http://[64:ff9b::7f00:1]/",
            "http://[2002:7f00:1::]/",
            "http://[64:ff9b::a9fe:a9fe]/latest/meta-data/",
        ] {
            let refused = fetch_page(url, &loopback_policy()).await;
            assert!(matches!(refused, Err(FetchError::InvalidAddress(_))), "{url}: {refused:?}");
        }
    }

    #[tokio::test]
    async fn a_redirect_to_an_ipv6_form_of_an_inside_address_is_refused() {
        use axum::response::Redirect;
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let router = axum::Router::new().route("/", axum::routing::get(|| async { "a page" })).route(
            "/to/{ip}",
            axum::routing::get(move |axum::extract::Path(ip): axum::extract::Path<String>| async move {
                Redirect::temporary(&format!("http://[{ip}]:{port}/"))
            }),
        );
        tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
        let site = format!("http://127.0.0.1:{port}");
        // The site itself is fetched (loopback allowed, as in the tests)...
        assert_eq!(fetch_page(&format!("{site}/"), &loopback_policy()).await, Ok("a page".into()));
        // ...but not where it redirects.
        for ip in ["::127.0.0.1", "64:ff9b::7f00:1", "2002:7f00:1::", "64:ff9b::a9fe:a9fe"] {
            let refused = fetch_page(&format!("{site}/to/{ip}"), &loopback_policy()).await;
            assert!(matches!(refused, Err(FetchError::InvalidAddress(_))), "{ip}: {refused:?}");
        }
    }
}
