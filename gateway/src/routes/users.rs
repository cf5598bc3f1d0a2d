//! `user/*`: the application's logins, for administrators.

use crate::access::{UsersDelete, UsersRead, UsersWrite};
use crate::envelope::{self, Data, List, Paging, Written};
use crate::error::{ApiError, ErrorBody};
use crate::extract::{Json, Path, Query};
use crate::session::Authorized;
use crate::state::AppState;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(user_list))
        .routes(routes!(get_user))
        .routes(routes!(post_user))
        .routes(routes!(patch_user))
        .routes(routes!(delete_user))
        .routes(routes!(post_user_sync_token))
        .routes(routes!(delete_user_sync_token))
}

/// A write's answer that carries a sync login's new token: shown this once, kept only as a hash.
#[derive(Serialize, ToSchema)]
#[schema(description = "La réponse d'une écriture qui porte le nouveau jeton d'un compte de \
    synchronisation : montré cette seule fois, gardé seulement sous forme d'empreinte.")]
pub struct SyncTokenWritten {
    #[schema(example = "ok")]
    pub status: &'static str,
    pub message: String,
    pub id: i64,
    // The token in full (`sst_…`), for the field instance's `SYNC_TOKEN`; absent for other roles.
    /// Le jeton entier (`sst_…`), pour le `SYNC_TOKEN` du poste de terrain ; absent pour les autres
    /// rôles.
    #[serde(rename = "login_syncToken", skip_serializing_if = "Option::is_none")]
    pub sync_token: Option<String>,
}

fn sync_token_written(message: &str, id: i64, sync_token: Option<String>) -> Response {
    axum::Json(SyncTokenWritten { status: "ok", message: message.to_string(), id, sync_token })
        .into_response()
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserFilter {
    // Free text over login name and role.
    /// Texte libre sur l'identifiant et le rôle.
    pub filter: Option<String>,
}

/// A login to create (or to update when `login_id` is given).
#[derive(Deserialize, ToSchema)]
#[schema(description = "Un utilisateur à créer (ou à modifier quand `login_id` est donné).")]
pub struct NewUser {
    pub login_id: Option<i64>,
    pub login_name: String,
    // At least 12 characters and not a common password; optional when updating; not used for the
    // role `sync`, whose credential is the token the server makes.
    /// 12 caractères au moins, et pas un mot de passe courant ; facultatif pour une modification ;
    /// inutilisé pour le rôle `sync`, qui se connecte avec le jeton que crée le serveur.
    pub login_password: Option<String>,
    pub login_role: String,
    pub login_provider: Option<String>,
}

/// The fields to change on a login; absent fields stay as they are.
#[derive(Deserialize, ToSchema)]
#[schema(description = "Les champs à changer sur un utilisateur ; les champs absents restent \
    tels quels.")]
pub struct UserPatch {
    pub login_id: i64,
    pub login_name: Option<String>,
    // Empty or null: unchanged.
    /// Vide ou null : inchangé.
    pub login_password: Option<String>,
    pub login_role: Option<String>,
    // Empty: cleared.
    /// Vide : effacé.
    pub login_provider: Option<String>,
}

const MAX_TEXT: usize = 1024;

/// Size checks at the edge; the service checks the rules.
fn check_sizes(texts: &[Option<&str>]) -> Result<(), ApiError> {
    if texts.iter().flatten().any(|t| t.len() > MAX_TEXT) {
        return Err(ApiError::bad_request("Un champ dépasse la taille permise."));
    }
    Ok(())
}

/// The logins, filtered, sorted and paged. Sort fields: login_name, login_id, login_role, login_lastConnection.
#[utoipa::path(get, path = "/user/user_list", tag = "user",
    summary = "Liste des utilisateurs",
    description = "Les utilisateurs, filtrés, triés et paginés. Champs de tri : login_name, \
        login_id, login_role, login_lastConnection.",
    params(Paging, UserFilter),
    responses((status = 200, body = List<proto::auth::Login>), (status = 400, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn user_list(
    State(state): State<AppState>,
    _caller: Authorized<UsersRead>,
    Query(paging): Query<Paging>,
    Query(filter): Query<UserFilter>,
) -> Result<Response, ApiError> {
    let answer = state
        .auth()
        .list_logins(proto::auth::ListLoginsRequest {
            paging: Some(paging.to_pb()),
            filter: filter.filter.unwrap_or_default(),
        })
        .await?
        .into_inner();
    Ok(envelope::list(answer.logins, answer.total))
}

#[utoipa::path(get, path = "/user/get_user/{id}", tag = "user",
    summary = "Détail d'un utilisateur",
    params(("id" = i64, Path, description = "Identifiant de l'utilisateur (`login_id`).")),
    responses((status = 200, body = Data<proto::auth::Login>), (status = 404, body = ErrorBody)))]
pub async fn get_user(
    State(state): State<AppState>,
    _caller: Authorized<UsersRead>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    let login = state.auth().get_login(proto::auth::LoginId { login_id: id }).await?.into_inner();
    Ok(envelope::data(login))
}

/// Creates a login; with `login_id`, updates it. A new login of role `sync` gets its sync token,
/// answered this once in `login_syncToken`.
#[utoipa::path(post, path = "/user/post_user", tag = "user",
    summary = "Créer ou modifier un utilisateur",
    description = "Crée un utilisateur ; avec `login_id`, le modifie. Un nouvel utilisateur de \
        rôle `sync` reçoit son jeton de synchronisation, répondu cette seule fois dans \
        `login_syncToken`.",
    request_body = NewUser,
    responses((status = 200, body = SyncTokenWritten), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn post_user(
    State(state): State<AppState>,
    _caller: Authorized<UsersWrite>,
    Json(body): Json<NewUser>,
) -> Result<Response, ApiError> {
    check_sizes(&[
        Some(&body.login_name),
        body.login_password.as_deref(),
        Some(&body.login_role),
        body.login_provider.as_deref(),
    ])?;
    if let Some(login_id) = body.login_id {
        let patch = UserPatch {
            login_id,
            login_name: Some(body.login_name),
            login_password: body.login_password,
            login_role: Some(body.login_role),
            login_provider: body.login_provider,
        };
        return update(&state, patch).await;
    }
    let created = state
        .auth()
        .create_login(proto::auth::CreateLoginRequest {
            login_name: body.login_name,
            password: body.login_password.unwrap_or_default(),
            role: body.login_role,
            provider: body.login_provider,
        })
        .await?
        .into_inner();
    Ok(sync_token_written("Utilisateur créé", created.login_id, created.sync_token))
}

/// Gives a sync login a new token, answered this once; the old token and its sessions stop at once.
#[utoipa::path(post, path = "/user/post_user-sync_token/{id}", tag = "user",
    summary = "Renouveler le jeton de synchronisation d'un compte",
    description = "Donne un nouveau jeton à un compte de synchronisation, répondu cette seule \
        fois ; l'ancien jeton et ses sessions cessent aussitôt de fonctionner.",
    params(("id" = i64, Path, description = "Identifiant du compte de synchronisation (`login_id`).")),
    responses((status = 200, body = SyncTokenWritten), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn post_user_sync_token(
    State(state): State<AppState>,
    _caller: Authorized<UsersWrite>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    let token = state.auth().renew_sync_token(proto::auth::LoginId { login_id: id }).await?;
    state.sessions.forget_login(id);
    Ok(sync_token_written(
        "Nouveau jeton de synchronisation créé",
        id,
        Some(token.into_inner().sync_token),
    ))
}

/// Revokes a sync login's token: the field instance that holds it can no longer synchronise.
#[utoipa::path(delete, path = "/user/delete_user-sync_token/{id}", tag = "user",
    summary = "Révoquer le jeton de synchronisation d'un compte",
    description = "Révoque le jeton d'un compte de synchronisation : le poste de terrain qui le \
        détient ne peut plus se synchroniser.",
    params(("id" = i64, Path, description = "Identifiant du compte de synchronisation (`login_id`).")),
    responses((status = 200, body = Written), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn delete_user_sync_token(
    State(state): State<AppState>,
    _caller: Authorized<UsersDelete>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    state.auth().revoke_sync_token(proto::auth::LoginId { login_id: id }).await?;
    state.sessions.forget_login(id);
    Ok(envelope::written("Jeton de synchronisation révoqué", Some(id)))
}

#[utoipa::path(patch, path = "/user/patch_user", tag = "user",
    summary = "Modifier certains champs d'un utilisateur",
    description = "Change les champs donnés d'un utilisateur ; les champs absents restent tels \
        quels.",
    request_body = UserPatch,
    responses((status = 200, body = Written), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn patch_user(
    State(state): State<AppState>,
    _caller: Authorized<UsersWrite>,
    Json(body): Json<UserPatch>,
) -> Result<Response, ApiError> {
    check_sizes(&[
        body.login_name.as_deref(),
        body.login_password.as_deref(),
        body.login_role.as_deref(),
        body.login_provider.as_deref(),
    ])?;
    update(&state, body).await
}

async fn update(state: &AppState, patch: UserPatch) -> Result<Response, ApiError> {
    let id = state
        .auth()
        .update_login(proto::auth::UpdateLoginRequest {
            login_id: patch.login_id,
            login_name: patch.login_name,
            password: patch.login_password,
            role: patch.login_role,
            provider: patch.login_provider,
        })
        .await?
        .into_inner()
        .login_id;
    // Its sessions may have ended (a new password or role): asked again.
    state.sessions.forget_login(id);
    Ok(envelope::written("Utilisateur modifié", Some(id)))
}

/// Deletes a login. The last administrator, and one's own login, cannot be deleted.
#[utoipa::path(delete, path = "/user/delete_user/{id}", tag = "user",
    summary = "Supprimer un utilisateur",
    description = "Le dernier administrateur, et son propre compte, ne peuvent pas être \
        supprimés.",
    params(("id" = i64, Path, description = "Identifiant de l'utilisateur (`login_id`).")),
    responses((status = 200, body = Written), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn delete_user(
    State(state): State<AppState>,
    Authorized(caller, _): Authorized<UsersDelete>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    state
        .auth()
        .delete_login(proto::auth::DeleteLoginRequest {
            login_id: id,
            requested_by: caller.login_id,
        })
        .await?;
    state.sessions.forget_login(id);
    Ok(envelope::written("Utilisateur supprimé", None))
}
