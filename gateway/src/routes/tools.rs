//! `tools/*` (administrators): on a field laptop, the photos that failed to go to the central server, and a retry of each
//! (the sync service; docs/api.md, "Synchronisation").

use crate::access::{ToolsRead, ToolsUse};
use crate::envelope::{self, Data, List, Paging};
use crate::error::{ApiError, ErrorBody};
use crate::extract::{Json, Query};
use crate::routes::synchronization::uuid_field;
use crate::session::Authorized;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use proto::sync as pb;
use proto::sync::sync_client::SyncClient;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(missing_photos)).routes(routes!(retry_missing_photo))
}

/// The photos that failed to go to the central server: their member, how many attempts, why the last
/// one failed and when the next run tries again. Sortable on lastFailedAt (default), attempts and
/// member_id.
#[utoipa::path(get, path = "/tools/get.missing-photo_list", tag = "tools",
    summary = "Photos non synchronisées",
    description = "Les photos qui n'ont pas pu partir vers le serveur central : leur adhérent, le \
        nombre de tentatives, la raison du dernier échec et le moment où la prochaine \
        synchronisation réessaiera. Triable sur lastFailedAt (par défaut), attempts et member_id.",
    params(Paging),
    responses((status = 200, body = List<pb::PhotoFailure>), (status = 400, body = ErrorBody)))]
pub async fn missing_photos(
    State(state): State<AppState>,
    _caller: Authorized<ToolsRead>,
    Query(paging): Query<Paging>,
) -> Result<Response, ApiError> {
    let request = pb::PhotoFailureListRequest { paging: Some(paging.to_pb()) };
    let answer = state.client::<SyncClient<_>>().list_photo_failures(request).await?.into_inner();
    Ok(envelope::list(answer.items, answer.total))
}

#[derive(Deserialize, ToSchema)]
pub struct RetryPhoto {
    // The uuid of the member whose photo failed.
    /// L'uuid de l'adhérent dont la photo a échoué.
    pub member_uuid: String,
}

/// Sends one failed photo to the central server again, now: `sent` and the failure taken off the list,
/// or why it failed again (the next attempt put off further).
#[utoipa::path(post, path = "/tools/post.missing-photo_retry", tag = "tools",
    summary = "Renvoyer une photo non synchronisée",
    description = "Renvoie maintenant au serveur central une photo en échec : `sent` et l'échec \
        retiré de la liste, ou la raison d'un nouvel échec (la tentative suivante est repoussée).",
    request_body = RetryPhoto,
    responses((status = 200, body = Data<pb::PhotoRetried>), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 503, body = ErrorBody)))]
pub async fn retry_missing_photo(
    State(state): State<AppState>,
    _caller: Authorized<ToolsUse>,
    Json(body): Json<RetryPhoto>,
) -> Result<Response, ApiError> {
    uuid_field(
        &body.member_uuid,
        "member_uuid",
        "L'identifiant universel (member_uuid) de l'adhérent doit être un uuid.",
    )?;
    let request = pb::MemberUuid { member_uuid: body.member_uuid };
    let answer = state.client::<SyncClient<_>>().retry_photo(request).await?.into_inner();
    Ok(envelope::data(answer))
}
