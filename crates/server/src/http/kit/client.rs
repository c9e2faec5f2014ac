//! Where a request came from: the TCP peer the server accepted it from or, when that peer is one
//! of the `TRUSTED_PROXIES` (a TLS proxy in front of the server), the right-most address in
//! `X-Forwarded-For` that is not a trusted proxy. A forwarded header from any other peer is not
//! believed, since any client can send one. Limits key an IPv6 client by its /64: one subscriber
//! is given a whole /64 and may use any address in it.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};

use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum::http::HeaderMap;
use sha2::{Digest, Sha256};

use crate::settings::TrustedProxies;
use crate::state::AppState;

/// The client's address, when the server was started with connection info (`main` always is).
pub struct ClientAddr(pub Option<IpAddr>);

impl ClientAddr {
    /// The address as limits and failed logins key it ("" when unknown): an IPv4 address, or an
    /// IPv6 address's /64 ("2001:db8:1:2::/64"); an IPv4 address mapped into IPv6 as IPv4.
    pub fn key(&self) -> String {
        match self.0.map(|ip| ip.to_canonical()) {
            None => String::new(),
            Some(IpAddr::V4(v4)) => v4.to_string(),
            Some(IpAddr::V6(v6)) => {
                let s = v6.segments();
                format!("{}/64", Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        }
    }

    /// The key as tracking visits keep it: not the address itself (16 hex digits of its SHA-256).
    pub fn hashed_key(&self) -> String {
        let key = self.key();
        if key.is_empty() {
            return key;
        }
        let digest = Sha256::digest(format!("visit address:{key}").as_bytes());
        digest.iter().take(8).map(|b| format!("{b:02x}")).collect()
    }

    pub fn is_loopback(&self) -> bool {
        self.0.is_some_and(|ip| ip.to_canonical().is_loopback())
    }
}

/// The client of a request from `peer` with `headers`: the peer, unless it is a trusted proxy;
/// then the right-most forwarded address that is not (the left-most when all are).
pub fn client_of(peer: IpAddr, headers: &HeaderMap, trusted: &TrustedProxies) -> IpAddr {
    if !trusted.contains(peer) {
        return peer;
    }
    let values = headers.get_all("x-forwarded-for");
    let hops: Vec<&str> = values
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .collect();
    for hop in hops.iter().rev() {
        match hop.parse::<IpAddr>() {
            Ok(ip) if trusted.contains(ip) => continue,
            Ok(ip) => return ip,
            // What our proxy wrote is an address: the rest is the client's own words.
            Err(_) => return peer,
        }
    }
    hops.first().and_then(|hop| hop.parse().ok()).unwrap_or(peer)
}

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr
where
    AppState: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let Some(peer) = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip()) else {
            return Ok(ClientAddr(None));
        };
        let state = AppState::from_ref(state);
        Ok(ClientAddr(Some(client_of(peer, &parts.headers, &state.settings.trusted_proxies))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    fn forwarded(values: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append("x-forwarded-for", HeaderValue::from_str(value).unwrap());
        }
        headers
    }

    #[test]
    fn an_ipv6_client_is_keyed_by_its_64_and_a_mapped_ipv4_as_ipv4() {
        let a = ClientAddr(Some(ip("2001:db8:1:2:aaaa::1")));
        let b = ClientAddr(Some(ip("2001:db8:1:2:ffff:1:2:3")));
        let other = ClientAddr(Some(ip("2001:db8:1:3::1")));
        assert_eq!(a.key(), "2001:db8:1:2::/64");
        assert_eq!(a.key(), b.key());
        assert_ne!(a.key(), other.key());
        assert_eq!(a.hashed_key(), b.hashed_key());
        assert_eq!(a.hashed_key().len(), 16);
        assert_eq!(ClientAddr(Some(ip("::ffff:203.0.113.9"))).key(), "203.0.113.9");
        assert_eq!(ClientAddr(Some(ip("203.0.113.9"))).key(), "203.0.113.9");
        assert_eq!(ClientAddr(None).key(), "");
        assert!(ClientAddr(Some(ip("::ffff:127.0.0.1"))).is_loopback());
    }

    #[test]
    fn a_forwarded_address_is_believed_only_from_a_trusted_proxy() {
        let trusted = TrustedProxies::parse("10.0.0.0/8, ::1").unwrap();
        let headers = forwarded(&["198.51.100.7, 203.0.113.9"]);
        // Not a proxy of ours: its header is the client's own words.
        assert_eq!(client_of(ip("203.0.113.50"), &headers, &trusted), ip("203.0.113.50"));
        // Our proxy: the right-most hop it did not add itself.
        assert_eq!(client_of(ip("10.1.2.3"), &headers, &trusted), ip("203.0.113.9"));
        // Two proxies of ours in a row: past both.
        let chained = forwarded(&["198.51.100.7", "203.0.113.9, 10.9.9.9"]);
        assert_eq!(client_of(ip("::1"), &chained, &trusted), ip("203.0.113.9"));
        // A forged left part does not move the answer; junk where our proxy writes is not believed.
        let forged = forwarded(&["1.2.3.4, not-an-ip, 203.0.113.9"]);
        assert_eq!(client_of(ip("10.1.2.3"), &forged, &trusted), ip("203.0.113.9"));
        assert_eq!(client_of(ip("10.1.2.3"), &forwarded(&["203.0.113.9, junk"]), &trusted), ip("10.1.2.3"));
        // No header from our proxy: the proxy itself.
        assert_eq!(client_of(ip("10.1.2.3"), &HeaderMap::new(), &trusted), ip("10.1.2.3"));
        // No trusted proxies (the default): never believed.
        assert_eq!(client_of(ip("10.1.2.3"), &headers, &TrustedProxies::default()), ip("10.1.2.3"));
    }
}
