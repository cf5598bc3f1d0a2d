//! The client of a request: its address (the TCP peer, or behind a trusted proxy the address that proxy
//! put in `X-Forwarded-For`; an address a client writes itself is never trusted), and the per-address
//! limit on the calls anyone may make without a session (`auth/login`, `auth/refresh`).

use crate::error::ApiError;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::StatusCode;
use axum::http::request::Parts;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;

/// Who is trusted to say where a request came from, and how often an address may try to sign in.
#[derive(Clone)]
pub struct ClientPolicy {
    trusted_proxies: Arc<Vec<IpAddr>>,
    signins: Arc<DefaultKeyedRateLimiter<IpAddr>>,
}

impl ClientPolicy {
    /// `per_minute` sign-ins (or refreshes) from one address, the first ones at once.
    pub fn new(trusted_proxies: Vec<IpAddr>, per_minute: u32) -> Self {
        let per_minute = NonZeroU32::new(per_minute.max(1)).expect("at least 1");
        ClientPolicy {
            trusted_proxies: Arc::new(trusted_proxies),
            signins: Arc::new(RateLimiter::keyed(Quota::per_minute(per_minute))),
        }
    }

    /// The client's address: the peer, unless the peer is a trusted proxy; then the nearest address
    /// in `X-Forwarded-For` that is not itself a trusted proxy.
    fn address(&self, parts: &Parts) -> Option<IpAddr> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>()?.0.ip();
        if !self.trusted_proxies.contains(&peer) {
            return Some(peer);
        }
        let forwarded = parts.headers.get("x-forwarded-for").and_then(|v| v.to_str().ok());
        let hops = forwarded.into_iter().flat_map(|v| v.rsplit(','));
        let client = hops
            .filter_map(|hop| hop.trim().parse::<IpAddr>().ok())
            .find(|hop| !self.trusted_proxies.contains(hop));
        Some(client.unwrap_or(peer))
    }

    /// A turn for a sign-in from `address`, or a French 429 that says when to come back.
    pub fn signin_turn(&self, address: IpAddr) -> Result<(), ApiError> {
        if self.signins.len() > 100_000 {
            self.signins.retain_recent();
        }
        self.signins.check_key(&address).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now()).as_secs() + 1;
            tracing::warn!(%address, "sign-ins from one address held back");
            ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "Trop de tentatives depuis cette adresse : réessayez dans {wait} secondes."
                ),
            )
        })
    }
}

/// The client's address (`ClientPolicy::address`); a request served without one (an in-process call)
/// counts as the loopback address.
pub struct ClientAddress(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientAddress {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        let policy = parts.extensions.get::<ClientPolicy>().cloned();
        let address = policy.and_then(|p| p.address(parts));
        Ok(ClientAddress(address.unwrap_or(IpAddr::from([127, 0, 0, 1]))))
    }
}

/// The sign-in limit of the request's client: its address, after a turn of the per-address limit.
pub struct SigninTurn(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for SigninTurn {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let ClientAddress(address) = ClientAddress::from_request_parts(parts, state).await?;
        if let Some(policy) = parts.extensions.get::<ClientPolicy>() {
            policy.signin_turn(address)?;
        }
        Ok(SigninTurn(address))
    }
}
