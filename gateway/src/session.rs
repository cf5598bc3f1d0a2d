//! The caller of a request, proven by the bearer token: its signature and expiry checked here, its
//! session (still open, its login neither deleted nor changed) by the auth service, whose answer is kept
//! a moment (`session_cache`), so a deleted login, a changed password or role, or a sign-out ends the
//! session (at once through this gateway, within `SESSION_CACHE_SECONDS` through another).

use crate::access::{Permission, may};
use crate::error::ApiError;
use crate::state::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use common::roles::Role;
use std::marker::PhantomData;

#[derive(Clone, Debug)]
pub struct Caller {
    pub login_id: i64,
    pub login_name: String,
    pub role: Role,
    /// The bearer token itself (for refresh).
    pub token: String,
}

/// The bearer token of a request, if any.
pub fn bearer(parts: &Parts) -> Option<&str> {
    common::identity::bearer(&parts.headers)
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        if let Some(caller) = parts.extensions.get::<Caller>() {
            return Ok(caller.clone());
        }
        let token = bearer(parts).ok_or_else(ApiError::unauthorized)?.to_string();
        let session = session_of(state, &token).await?;
        let role = session.role.parse().map_err(|_| ApiError::forbidden())?;
        tracing::Span::current().record("enduser.id", session.login_id);
        let caller =
            Caller { login_id: session.login_id, login_name: session.login_name, role, token };
        parts.extensions.insert(caller.clone());
        Ok(caller)
    }
}

/// The session a token proves: its signature checked here (a forged or expired token costs no call), its
/// session asked of the auth service unless checked a moment ago (`SessionCache`).
async fn session_of(state: &AppState, token: &str) -> Result<proto::auth::Session, ApiError> {
    let sessions = &state.sessions;
    let claims = match sessions.verify(token) {
        Some(claims) => Some(claims),
        None if sessions.ready() => return Err(ApiError::unauthorized()),
        // The keys are not known yet (start-up): the auth service checks the token.
        None => None,
    };
    if let Some(session) = claims.as_ref().and_then(|c| sessions.get(&c.sid)) {
        return Ok(session);
    }
    let session = state
        .auth()
        .authenticate(proto::auth::TokenRequest { token: token.to_string() })
        .await
        .map_err(ApiError::from)?
        .into_inner();
    if let Some(claims) = claims {
        sessions.keep(&claims.sid, session.clone());
    }
    Ok(session)
}

/// A caller whose role grants the permission `P`; 401 without a valid token, 403 when the role falls short.
pub struct Authorized<P: Permission>(pub Caller, pub PhantomData<P>);

impl<P: Permission> FromRequestParts<AppState> for Authorized<P> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let caller = Caller::from_request_parts(parts, state).await?;
        if !may(caller.role, P::AREA, P::ACCESS) {
            tracing::info!(login_id = caller.login_id, role = %caller.role, area = ?P::AREA, access = ?P::ACCESS, "refused by role");
            return Err(ApiError::forbidden());
        }
        Ok(Authorized(caller, PhantomData))
    }
}
