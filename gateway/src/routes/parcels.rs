//! `parcel/*`: the parcels members farm (named in the specification's style, docs/decisions.md).

use crate::access::{MembersDelete, MembersRead, MembersWrite};
use crate::envelope::{self, CountedList, Data, Paging, Written};
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
        .routes(routes!(parcel_list))
        .routes(routes!(get_parcel))
        .routes(routes!(post_parcel))
        .routes(routes!(delete_parcel))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(non_snake_case)]
pub struct ParcelFilter {
    // Free text over code, crop and the member's names.
    /// Texte libre sur le code, la culture et les noms de l'adhérent.
    pub filter: Option<String>,
    /// Les parcelles de cet adhérent.
    pub memberId: Option<i64>,
    /// Les parcelles de cette localité.
    pub localityId: Option<i64>,
    /// Les parcelles de cette culture.
    pub crop: Option<String>,
}

/// Sortable on parcel_code (default), parcel_id, parcel_area, parcel_crop, member_name.
#[utoipa::path(get, path = "/parcel/get.parcel_list", tag = "parcel",
    summary = "Liste des parcelles",
    description = "Triable sur parcel_code (par défaut), parcel_id, parcel_area, parcel_crop, \
        member_name.",
    params(Paging, ParcelFilter),
    responses((status = 200, body = CountedList<pb::Parcel>), (status = 400, body = ErrorBody)))]
pub async fn parcel_list(
    State(state): State<AppState>,
    _caller: Authorized<MembersRead>,
    Query(paging): Query<Paging>,
    Query(filter): Query<ParcelFilter>,
) -> Result<Response, ApiError> {
    let request = pb::ParcelListRequest {
        paging: Some(paging.to_pb()),
        filter: filter.filter.unwrap_or_default(),
        member_id: filter.memberId,
        locality_id: filter.localityId,
        crop: filter.crop.unwrap_or_default(),
    };
    let answer = state.members().list_parcels(request).await?.into_inner();
    Ok(envelope::counted_list(answer.items, answer.total, answer.total_exact))
}

#[utoipa::path(get, path = "/parcel/get_parcel/{parcel_id}", tag = "parcel",
    summary = "Détail d'une parcelle",
    params(("parcel_id" = i64, Path, description = "Identifiant de la parcelle.")),
    responses((status = 200, body = Data<pb::Parcel>), (status = 404, body = ErrorBody)))]
pub async fn get_parcel(
    State(state): State<AppState>,
    _caller: Authorized<MembersRead>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(envelope::data(state.members().get_parcel(pb::Id { id }).await?.into_inner()))
}

/// Creates when `parcel_id` is absent or null, updates otherwise.
#[utoipa::path(post, path = "/parcel/post_parcel", tag = "parcel",
    summary = "Créer ou modifier une parcelle",
    description = "Crée quand `parcel_id` est absent ou null, modifie sinon.",
    request_body = pb::ParcelInput,
    responses((status = 200, body = Written), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn post_parcel(
    State(state): State<AppState>,
    _caller: Authorized<MembersWrite>,
    Json(body): Json<pb::ParcelInput>,
) -> Result<Response, ApiError> {
    let id = state.members().save_parcel(body).await?.into_inner().id;
    Ok(envelope::written("Parcelle enregistrée", Some(id)))
}

#[utoipa::path(delete, path = "/parcel/delete_parcel/{parcel_id}", tag = "parcel",
    summary = "Supprimer une parcelle",
    params(("parcel_id" = i64, Path, description = "Identifiant de la parcelle.")),
    responses((status = 200, body = Written), (status = 404, body = ErrorBody)))]
pub async fn delete_parcel(
    State(state): State<AppState>,
    _caller: Authorized<MembersDelete>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    state.members().delete_parcel(pb::Id { id }).await?;
    Ok(envelope::written("Parcelle supprimée", None))
}
