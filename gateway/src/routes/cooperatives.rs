//! `cooperative/*`: cooperatives, which group members (named in the specification's style, docs/decisions.md).

use crate::access::{MembersDelete, MembersRead, MembersWrite};
use crate::envelope::{self, Data, List, Paging, Written};
use crate::error::{ApiError, ErrorBody};
use crate::extract::{Json, Path, Query};
use crate::session::Authorized;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use proto::members as pb;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(cooperative_list))
        .routes(routes!(get_cooperative))
        .routes(routes!(post_cooperative))
        .routes(routes!(delete_cooperative))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(non_snake_case)]
pub struct CooperativeFilter {
    // Free text over code and name, accent- and case-insensitive.
    /// Texte libre sur le code et le nom, sans tenir compte des accents ni de la casse.
    pub filter: Option<String>,
    /// Les coopératives de cette localité.
    pub localityId: Option<i64>,
}

/// Sortable on cooperative_name (default), cooperative_code, cooperative_id, cooperative_memberCount.
#[utoipa::path(get, path = "/cooperative/get.cooperative_list", tag = "cooperative",
    summary = "Liste des coopératives",
    description = "Triable sur cooperative_name (par défaut), cooperative_code, cooperative_id, \
        cooperative_memberCount.",
    params(Paging, CooperativeFilter),
    responses((status = 200, body = List<pb::Cooperative>), (status = 400, body = ErrorBody)))]
pub async fn cooperative_list(
    State(state): State<AppState>,
    _caller: Authorized<MembersRead>,
    Query(paging): Query<Paging>,
    Query(filter): Query<CooperativeFilter>,
) -> Result<Response, ApiError> {
    let request = pb::ListRequest {
        paging: Some(paging.to_pb()),
        filter: filter.filter.unwrap_or_default(),
        locality_id: filter.localityId,
    };
    let answer = state.members().list_cooperatives(request).await?.into_inner();
    Ok(envelope::list(answer.items, answer.total))
}

#[utoipa::path(get, path = "/cooperative/get_cooperative/{cooperative_id}", tag = "cooperative",
    summary = "Détail d'une coopérative",
    params(("cooperative_id" = i64, Path, description = "Identifiant de la coopérative.")),
    responses((status = 200, body = Data<pb::Cooperative>), (status = 404, body = ErrorBody)))]
pub async fn get_cooperative(
    State(state): State<AppState>,
    _caller: Authorized<MembersRead>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(envelope::data(state.members().get_cooperative(pb::Id { id }).await?.into_inner()))
}

/// Creates when `cooperative_id` is absent or null, updates otherwise.
#[utoipa::path(post, path = "/cooperative/post_cooperative", tag = "cooperative",
    summary = "Créer ou modifier une coopérative",
    description = "Crée quand `cooperative_id` est absent ou null, modifie sinon.",
    request_body = pb::CooperativeInput,
    responses((status = 200, body = Written), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn post_cooperative(
    State(state): State<AppState>,
    _caller: Authorized<MembersWrite>,
    Json(body): Json<pb::CooperativeInput>,
) -> Result<Response, ApiError> {
    let id = state.members().save_cooperative(body).await?.into_inner().id;
    Ok(envelope::written("Coopérative enregistrée", Some(id)))
}

/// Refused (409) while members still belong to it.
#[utoipa::path(delete, path = "/cooperative/delete_cooperative/{cooperative_id}", tag = "cooperative",
    summary = "Supprimer une coopérative",
    description = "Refusée (409) tant que des adhérents en font encore partie.",
    params(("cooperative_id" = i64, Path, description = "Identifiant de la coopérative.")),
    responses((status = 200, body = Written), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn delete_cooperative(
    State(state): State<AppState>,
    _caller: Authorized<MembersDelete>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    state.members().delete_cooperative(pb::Id { id }).await?;
    Ok(envelope::written("Coopérative supprimée", None))
}
