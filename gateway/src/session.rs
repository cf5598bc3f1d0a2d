//! The caller of a request, proven by the bearer token. The auth service checks the token's signature,
//! expiry and that its login still exists with the same password, so a deleted login or a changed
//! password ends every session at once.

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
        let session = state
            .auth()
            .authenticate(proto::auth::TokenRequest { token: token.clone() })
            .await
            .map_err(ApiError::from)?
            .into_inner();
        let role = session.role.parse().map_err(|_| ApiError::forbidden())?;
        tracing::Span::current().record("enduser.id", session.login_id);
        let caller =
            Caller { login_id: session.login_id, login_name: session.login_name, role, token };
        parts.extensions.insert(caller.clone());
        Ok(caller)
    }
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
