//! Where a request came from: the TCP peer the server accepted it from. No proxy header is
//! believed, since any client can send one.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

/// The client's address, when the server was started with connection info (`main` always is).
pub struct ClientAddr(pub Option<IpAddr>);

impl ClientAddr {
    /// The address as stored with a failed login ("" when unknown).
    pub fn key(&self) -> String {
        self.0.map(|ip| ip.to_string()).unwrap_or_default()
    }

    pub fn is_loopback(&self) -> bool {
        self.0.is_some_and(|ip| ip.is_loopback())
    }
}

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientAddr(parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|info| info.0.ip())))
    }
}
