//! `auth/*`: sign-in, token refresh, the current login, and the password-hash tool.

use crate::access::ToolsUse;
use crate::client::SigninTurn;
use crate::envelope::{self, Data, Written};
use crate::error::{ApiError, ErrorBody};
use crate::extract::{Json, Path};
use crate::session::{Authorized, Caller};
use crate::state::AppState;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use proto::auth::Login;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(sync_login))
        .routes(routes!(refresh))
        .routes(routes!(logout))
        .routes(routes!(me))
        .routes(routes!(generate))
}

#[derive(Deserialize, ToSchema)]
pub struct Credentials {
    #[schema(example = "admin")]
    pub login: String,
    pub password: String,
}

/// The signed-in login as the sign-in answer names it.
#[derive(Serialize, ToSchema)]
#[schema(description = "L'utilisateur connecté, tel que le nomme la réponse de connexion.")]
pub struct SessionUser {
    pub login_id: i64,
    pub login_name: String,
    pub login_role: String,
}

#[derive(Serialize, ToSchema)]
pub struct LoginAnswer {
    #[schema(example = "ok")]
    pub status: &'static str,
    // The bearer token for every other call.
    /// Le jeton (bearer) à présenter à chaque autre appel.
    pub token: String,
    pub user: SessionUser,
}

#[derive(Serialize, ToSchema)]
pub struct TokenAnswer {
    #[schema(example = "ok")]
    pub status: &'static str,
    pub token: String,
}

#[derive(Serialize, ToSchema)]
pub struct MeAnswer {
    #[schema(example = "ok")]
    pub status: &'static str,
    pub user: Login,
}

/// Signs in with a login name and password.
#[utoipa::path(post, path = "/auth/login", tag = "auth",
    summary = "Connexion par identifiant et mot de passe",
    security(()), request_body = Credentials,
    responses((status = 200, body = LoginAnswer), (status = 401, description = "Identifiant ou mot de passe incorrect", body = ErrorBody),
              (status = 429, description = "Trop de tentatives échouées", body = ErrorBody)))]
pub async fn login(
    State(state): State<AppState>,
    SigninTurn(address): SigninTurn,
    Json(body): Json<Credentials>,
) -> Result<Response, ApiError> {
    if body.login.len() > 200 || body.password.len() > 1024 {
        return Err(ApiError::new(
            axum::http::StatusCode::UNAUTHORIZED,
            "Identifiant ou mot de passe incorrect",
        ));
    }
    let answer = state
        .auth()
        .login(proto::auth::LoginRequest {
            login: body.login,
            password: body.password,
            client_address: address.to_string(),
        })
        .await?
        .into_inner();
    Ok(login_answer(answer))
}

/// A field instance's sync token, exchanged for a session of its sync login.
#[derive(Deserialize, ToSchema)]
#[schema(description = "Le jeton de synchronisation d'un poste de terrain, échangé contre une \
    session de son compte de synchronisation.")]
pub struct SyncCredentials {
    #[serde(rename = "login_syncToken")]
    pub sync_token: String,
}

/// Signs a field instance in with its sync token (the pairing of docs/api.md): the answer is the same as
/// a sign-in's, with a session of the sync login. A revoked or renewed token is refused at once.
#[utoipa::path(post, path = "/auth/sync_login", tag = "auth",
    summary = "Connexion d'un poste de terrain par son jeton de synchronisation",
    description = "Un poste de terrain se connecte avec son jeton de synchronisation (l'appairage \
        décrit dans docs/api.md) : la réponse est celle d'une connexion, avec une session du \
        compte de synchronisation. Un jeton révoqué ou renouvelé est refusé aussitôt.",
    security(()), request_body = SyncCredentials,
    responses((status = 200, body = LoginAnswer), (status = 401, description = "Jeton de synchronisation invalide ou révoqué", body = ErrorBody),
              (status = 429, description = "Trop de tentatives échouées", body = ErrorBody)))]
pub async fn sync_login(
    State(state): State<AppState>,
    SigninTurn(address): SigninTurn,
    Json(body): Json<SyncCredentials>,
) -> Result<Response, ApiError> {
    if body.sync_token.len() > 200 {
        return Err(ApiError::new(
            axum::http::StatusCode::UNAUTHORIZED,
            "Jeton de synchronisation invalide ou révoqué : demandez un nouveau jeton à l'administrateur du serveur central.",
        ));
    }
    let answer = state
        .auth()
        .sync_login(proto::auth::SyncLoginRequest {
            sync_token: body.sync_token,
            client_address: address.to_string(),
        })
        .await?
        .into_inner();
    Ok(login_answer(answer))
}

fn login_answer(answer: proto::auth::LoginResponse) -> Response {
    let user = answer.user.unwrap_or_default();
    axum::Json(LoginAnswer {
        status: "ok",
        token: answer.token,
        user: SessionUser {
            login_id: user.login_id,
            login_name: user.login_name,
            login_role: user.login_role,
        },
    })
    .into_response()
}

/// Exchanges a still valid token for a fresh one.
#[utoipa::path(post, path = "/auth/refresh", tag = "auth",
    summary = "Renouveler le jeton de session",
    description = "Échange un jeton encore valide contre un nouveau.",
    responses((status = 200, body = TokenAnswer), (status = 401, body = ErrorBody)))]
pub async fn refresh(
    State(state): State<AppState>,
    _turn: SigninTurn,
    caller: Caller,
) -> Result<Response, ApiError> {
    let token = state
        .auth()
        .refresh(proto::auth::TokenRequest { token: caller.token })
        .await?
        .into_inner()
        .token;
    Ok(axum::Json(TokenAnswer { status: "ok", token }).into_response())
}

/// Signs out: the session ends on the server, so its token and every refresh of it stop working.
#[utoipa::path(post, path = "/auth/logout", tag = "auth",
    summary = "Déconnexion",
    description = "La session prend fin sur le serveur : son jeton et chacun de ses \
        renouvellements cessent de fonctionner.",
    responses((status = 200, body = Written), (status = 401, body = ErrorBody)))]
pub async fn logout(State(state): State<AppState>, caller: Caller) -> Result<Response, ApiError> {
    let sid = state.sessions.verify(&caller.token).map(|claims| claims.sid);
    state.auth().logout(proto::auth::TokenRequest { token: caller.token }).await?;
    if let Some(sid) = sid {
        state.sessions.forget_session(&sid);
    }
    Ok(envelope::written("Déconnecté", None))
}

/// The signed-in login.
#[utoipa::path(get, path = "/auth/me", tag = "auth",
    summary = "Utilisateur connecté",
    responses((status = 200, body = MeAnswer), (status = 401, body = ErrorBody)))]
pub async fn me(State(state): State<AppState>, caller: Caller) -> Result<Response, ApiError> {
    let login = state
        .auth()
        .get_login(proto::auth::LoginId { login_id: caller.login_id })
        .await?
        .into_inner();
    Ok(axum::Json(MeAnswer { status: "ok", user: login }).into_response())
}

/// The argon2id hash of a text, for an administrator who must set a password by hand.
#[utoipa::path(get, path = "/auth/generate/{password}", tag = "auth",
    summary = "Empreinte argon2id d'un mot de passe",
    description = "L'empreinte argon2id d'un texte, pour un administrateur qui doit régler un mot \
        de passe à la main.",
    params(("password" = String, Path, description = "Le texte dont calculer l'empreinte.")),
    responses((status = 200, body = Data<String>), (status = 403, body = ErrorBody)))]
pub async fn generate(
    State(state): State<AppState>,
    _caller: Authorized<ToolsUse>,
    Path(password): Path<String>,
) -> Result<Response, ApiError> {
    let hash = state
        .auth()
        .hash_password(proto::auth::HashPasswordRequest { password })
        .await?
        .into_inner()
        .hash;
    Ok(envelope::data(hash))
}
