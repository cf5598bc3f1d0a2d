//! Who calls a service, proven by the session token the auth service signed with its Ed25519 key. The
//! gateway forwards the user's bearer token on every gRPC call; each service verifies it with the auth
//! service's public keys (it cannot mint one) and checks the caller's role against its table of calls
//! (`Guard`) with the one matrix of `roles::may`. A call a service makes while serving another (the
//! members' read-through to the geography) forwards the same token, so the identity follows the work.

use crate::roles::{Access, Area, Role, may};
use jsonwebtoken::{Algorithm, DecodingKey, Validation, decode, decode_header};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, RwLock};
use std::task::{Context, Poll};
use std::time::Duration;

/// What a session token says.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The login id.
    pub sub: String,
    pub name: String,
    pub role: String,
    /// The login's token version when the token was issued.
    pub ver: i32,
    /// The session the token belongs to (one sign-in, its refreshes).
    #[serde(default)]
    pub sid: String,
    pub iat: i64,
    pub exp: i64,
}

/// The verified caller of a gRPC call, in the request's extensions.
#[derive(Clone, Debug)]
pub struct Identity {
    pub login_id: i64,
    pub login_name: String,
    pub role: Role,
}

impl Identity {
    /// The caller of `request`: present on every call the guard let through with a token.
    pub fn of<T>(request: &tonic::Request<T>) -> Result<Identity, tonic::Status> {
        request
            .extensions()
            .get::<Identity>()
            .cloned()
            .ok_or_else(|| tonic::Status::unauthenticated(SIGN_IN_AGAIN))
    }

    pub fn may(&self, area: Area, access: Access) -> bool {
        may(self.role, area, access)
    }
}

const SIGN_IN_AGAIN: &str = "Session invalide ou expirée : reconnectez-vous.";
const NOT_ALLOWED: &str = "Votre rôle ne permet pas cette action.";

/// The key id of a public key, as tokens name it in their header (`kid`).
pub fn key_id(public_key: &[u8]) -> String {
    public_key.iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// Checks session tokens with the auth service's public keys, found by the token's key id.
#[derive(Clone, Default)]
pub struct Verifier {
    keys: Arc<RwLock<HashMap<String, DecodingKey>>>,
    /// Tokens whose signature checked, with their claims: a session's token comes back on every call,
    /// and an Ed25519 check is about a quarter of a `get_member`'s CPU under load. Only the same bytes
    /// match, the expiry is checked on every use, and new keys empty it.
    checked: Arc<RwLock<HashMap<String, Claims>>>,
}

/// Tokens kept checked at most; beyond, the cache starts again (they are checked again).
const MOST_CHECKED: usize = 10_000;

impl Verifier {
    /// A verifier of the given Ed25519 public keys (32 bytes each).
    pub fn of_keys<'a>(keys: impl IntoIterator<Item = &'a [u8]>) -> Self {
        let verifier = Verifier::default();
        verifier.replace(keys);
        verifier
    }

    fn replace<'a>(&self, keys: impl IntoIterator<Item = &'a [u8]>) {
        let keys: HashMap<String, DecodingKey> =
            keys.into_iter().map(|k| (key_id(k), DecodingKey::from_ed_der(k))).collect();
        let mut current = self.keys.write().expect("keys lock");
        // A key withdrawn takes its tokens with it.
        if current.keys().any(|kid| !keys.contains_key(kid)) {
            self.checked.write().expect("tokens lock").clear();
        }
        *current = keys;
    }

    /// A verifier that asks the auth service at `auth` for its public keys, at once and then every
    /// five minutes (every second until the first answer), so a rotated key is known in time.
    pub fn from_auth(auth: crate::grpc::TracedChannel) -> Self {
        let verifier = Verifier::default();
        let keeper = verifier.clone();
        tokio::spawn(async move {
            let mut client = proto::auth::auth_client::AuthClient::new(auth);
            loop {
                let pause = match client.public_keys(proto::common::Empty {}).await {
                    Ok(answer) => {
                        let keys = answer.into_inner().keys;
                        keeper.replace(keys.iter().map(|k| k.key.as_slice()));
                        Duration::from_secs(300)
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "the auth service's public keys are not known yet");
                        Duration::from_secs(1)
                    }
                };
                tokio::time::sleep(pause).await;
            }
        });
        verifier
    }

    /// Whether any key is known yet.
    pub fn has_keys(&self) -> bool {
        !self.keys.read().expect("keys lock").is_empty()
    }

    /// The claims of a token signed by a known key and not expired; `None` otherwise.
    pub fn verify(&self, token: &str) -> Option<Claims> {
        let now = chrono::Utc::now().timestamp();
        if let Some(claims) = self.checked.read().expect("tokens lock").get(token) {
            return (claims.exp > now).then(|| claims.clone());
        }
        let claims = self.check_signature(token)?;
        let mut checked = self.checked.write().expect("tokens lock");
        if checked.len() >= MOST_CHECKED {
            checked.retain(|_, c| c.exp > now);
            if checked.len() >= MOST_CHECKED {
                checked.clear();
            }
        }
        checked.insert(token.to_string(), claims.clone());
        Some(claims)
    }

    fn check_signature(&self, token: &str) -> Option<Claims> {
        let kid = decode_header(token).ok()?.kid?;
        let keys = self.keys.read().expect("keys lock");
        let key = keys.get(&kid)?;
        let mut validation = Validation::new(Algorithm::EdDSA);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        match decode::<Claims>(token, key, &validation) {
            Ok(data) => Some(data.claims),
            Err(e) => {
                tracing::debug!(error = %e, "token refused");
                None
            }
        }
    }

    /// The identity a token proves.
    pub fn identity(&self, token: &str) -> Option<Identity> {
        let claims = self.verify(token)?;
        Some(Identity {
            login_id: claims.sub.parse().ok()?,
            login_name: claims.name,
            role: claims.role.parse().ok()?,
        })
    }
}

/// What a call of a service needs from its caller.
#[derive(Clone, Copy, Debug)]
pub enum Need {
    /// Nobody: signing in, checking a token, the public keys.
    Nothing,
    /// A signed-in caller, any role (the handler checks more, e.g. "one's own login").
    SignedIn,
    /// A role that `may` this access to this area.
    Role(Area, Access),
}

/// A service's calls (the method names of its proto service) and what each needs. A call missing from
/// the table is refused: a new call cannot be forgotten open.
pub type Calls = &'static [(&'static str, Need)];

tokio::task_local! {
    /// The bearer token of the call being served, forwarded on the calls made while serving it.
    static FORWARDED_TOKEN: String;
}

/// Runs `work` with `token` as the token its gRPC calls carry (`grpc::channel` adds it).
pub async fn with_token<F: Future>(token: String, work: F) -> F::Output {
    FORWARDED_TOKEN.scope(token, work).await
}

/// The token to forward on an outgoing call, if the current work has one: the caller's of the call
/// being served, or else the service's own for its background work (`ServiceIdentity::run`).
pub fn forwarded_token() -> Option<String> {
    FORWARDED_TOKEN
        .try_with(Clone::clone)
        .ok()
        .or_else(crate::service_identity::ServiceIdentity::current_token)
}

/// A tower layer for a service's gRPC server: verifies the caller's token, checks its role against the
/// service's `Calls`, puts the `Identity` in the request's extensions, and forwards the token on the
/// calls made while serving. Health checks pass without a token.
#[derive(Clone)]
pub struct Guard {
    verifier: Verifier,
    calls: Calls,
}

impl Guard {
    pub fn new(verifier: Verifier, calls: Calls) -> Self {
        Guard { verifier, calls }
    }

    /// What the call at `path` (`/sesame.members.v1.Members/ListMembers`) may do with `token`: the
    /// identity to record, or the refusal.
    fn admit(&self, path: &str, token: Option<&str>) -> Result<Option<Identity>, tonic::Status> {
        if path.starts_with("/grpc.health.v1.") {
            return Ok(None);
        }
        let method = path.rsplit('/').next().unwrap_or_default();
        // The service's own calls, then the kit's, which every service serves (the history).
        let need = self
            .calls
            .iter()
            .chain(crate::history::api::CALLS)
            .find(|(name, _)| *name == method)
            .map(|(_, need)| *need);
        let Some(need) = need else {
            tracing::warn!(path, "a call missing from the service's table is refused");
            return Err(tonic::Status::permission_denied(NOT_ALLOWED));
        };
        if let Need::Nothing = need {
            return Ok(None);
        }
        let identity = token
            .and_then(|t| self.verifier.identity(t))
            .ok_or_else(|| tonic::Status::unauthenticated(SIGN_IN_AGAIN))?;
        if let Need::Role(area, access) = need
            && !identity.may(area, access)
        {
            tracing::info!(path, login_id = identity.login_id, role = %identity.role, "refused by role");
            return Err(tonic::Status::permission_denied(NOT_ALLOWED));
        }
        Ok(Some(identity))
    }
}

impl<S> tower::Layer<S> for Guard {
    type Service = Guarded<S>;

    fn layer(&self, inner: S) -> Self::Service {
        Guarded { guard: self.clone(), inner }
    }
}

#[derive(Clone)]
pub struct Guarded<S> {
    guard: Guard,
    inner: S,
}

/// The bearer token of an `authorization` header.
pub fn bearer(headers: &http::HeaderMap) -> Option<&str> {
    let value = headers.get(http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then_some(token.trim()).filter(|t| !t.is_empty())
}

impl<S, B> tower::Service<http::Request<B>> for Guarded<S>
where
    S: tower::Service<http::Request<B>, Response = http::Response<tonic::body::Body>>
        + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
    B: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<S::Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut request: http::Request<B>) -> Self::Future {
        // The clone that was made ready serves this call; a fresh clone waits for the next one.
        let clone = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, clone);
        let token = bearer(request.headers()).map(str::to_string);
        match self.guard.admit(request.uri().path(), token.as_deref()) {
            Err(status) => Box::pin(async move { Ok(status.into_http()) }),
            Ok(identity) => {
                if let Some(identity) = identity {
                    request.extensions_mut().insert(identity);
                }
                Box::pin(async move {
                    match token {
                        Some(token) => with_token(token, inner.call(request)).await,
                        None => inner.call(request).await,
                    }
                })
            }
        }
    }
}
