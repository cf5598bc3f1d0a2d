//! `env/*`: which kind of instance answers (central server or field laptop), and its version.

use crate::envelope::{self, Data};
use crate::error::{ApiError, ErrorBody};
use crate::session::Caller;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_env)).routes(routes!(get_about))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Env {
    // `central` or `field`.
    /// `central` (serveur central) ou `field` (poste de terrain).
    pub running_env: &'static str,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct About {
    pub version: &'static str,
    // The commit the server was built from, when known.
    /// Le commit dont le serveur a été construit, quand il est connu.
    pub build: &'static str,
    pub running_env: &'static str,
}

#[utoipa::path(get, path = "/env/get_env", tag = "env",
    summary = "Type d'instance : serveur central ou poste de terrain",
    description = "`runningEnv` vaut `central` (serveur central) ou `field` (poste de terrain).",
    responses((status = 200, body = Data<Env>), (status = 401, body = ErrorBody)))]
pub async fn get_env(State(state): State<AppState>, _caller: Caller) -> Result<Response, ApiError> {
    Ok(envelope::data(Env { running_env: state.running_env.as_str() }))
}

#[utoipa::path(get, path = "/env/get_about", tag = "env",
    summary = "Version du serveur",
    description = "La version du serveur, le commit dont il a été construit (`build`) quand il \
        est connu, et le type d'instance (`runningEnv`).",
    responses((status = 200, body = Data<About>), (status = 401, body = ErrorBody)))]
pub async fn get_about(
    State(state): State<AppState>,
    _caller: Caller,
) -> Result<Response, ApiError> {
    Ok(envelope::data(About {
        version: env!("CARGO_PKG_VERSION"),
        build: option_env!("SESAME_BUILD").unwrap_or(""),
        running_env: state.running_env.as_str(),
    }))
}
