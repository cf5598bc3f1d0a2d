//! `synchronization/*`: a field laptop's synchronisation runs with the central server and their journal
//! (the sync service). The calls the central server serves to field laptops come with the exchange of
//! records (docs/api.md, "Synchronisation").

use crate::access::{SyncRead, SyncWrite};
use crate::envelope::{self, Data, List, Paging};
use crate::error::{ApiError, ErrorBody};
use crate::extract::{Json, Path, Query};
use crate::session::Authorized;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use common::grpc::TracedChannel;
use proto::sync as pb;
use proto::sync::sync_client::SyncClient;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start))
        .routes(routes!(stop))
        .routes(routes!(journal_list))
        .routes(routes!(journal_entry))
}

fn sync(state: &AppState) -> SyncClient<TracedChannel> {
    state.client()
}

/// Starts a run on this field laptop: `to_server` (send) or `from_server` (receive). It answers the run's
/// journal entry at once (`synchronizationJournal_uuid`) and works in the background; one run at a time
/// (409), none on the central server (409).
#[utoipa::path(get, path = "/synchronization/get_synchronization_start/{direction}", tag = "synchronization",
    params(("direction" = String, Path, description = "`to_server` or `from_server`")),
    responses((status = 200, body = Data<pb::JournalEntry>), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn start(
    State(state): State<AppState>,
    _caller: Authorized<SyncWrite>,
    Path(direction): Path<String>,
) -> Result<Response, ApiError> {
    if direction.len() > 32 {
        return Err(ApiError::bad_request(
            "Sens de synchronisation inconnu : « to_server » (envoi au serveur central) ou « from_server » (réception).",
        ));
    }
    let entry = sync(&state).start_run(pb::StartRunRequest { direction }).await?.into_inner();
    Ok(envelope::data(entry))
}

#[derive(Deserialize, ToSchema)]
pub struct StopRun {
    /// The run's uuid (`synchronizationJournal_uuid`).
    pub uuid: String,
}

/// Asks a run to stop: it stops within a moment, and its journal entry says so.
#[utoipa::path(post, path = "/synchronization/get_synchronization_stop", tag = "synchronization", request_body = StopRun,
    responses((status = 200, body = Data<pb::JournalEntry>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn stop(
    State(state): State<AppState>,
    _caller: Authorized<SyncWrite>,
    Json(body): Json<StopRun>,
) -> Result<Response, ApiError> {
    let entry = sync(&state).stop_run(pb::RunUuid { uuid: bounded(body.uuid) }).await?.into_inner();
    Ok(envelope::data(entry))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct JournalFilter {
    /// `to_server` or `from_server`.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub direction: Option<String>,
    /// `running`, `done`, `failed` or `stopped`.
    pub state: Option<String>,
}

/// The journal of runs. Sortable on synchronizationJournal_startedAt (default) and synchronizationJournal_id.
#[utoipa::path(get, path = "/synchronization/get.synchronization_list", tag = "synchronization", params(Paging, JournalFilter),
    responses((status = 200, body = List<pb::JournalEntry>), (status = 400, body = ErrorBody)))]
pub async fn journal_list(
    State(state): State<AppState>,
    _caller: Authorized<SyncRead>,
    Query(paging): Query<Paging>,
    Query(filter): Query<JournalFilter>,
) -> Result<Response, ApiError> {
    let request = pb::JournalListRequest {
        paging: Some(paging.to_pb()),
        r#type: bounded(filter.direction.unwrap_or_default()),
        state: bounded(filter.state.unwrap_or_default()),
    };
    let answer = sync(&state).list_journal(request).await?.into_inner();
    Ok(envelope::list(answer.entries, answer.total))
}

/// One run's journal entry, by its uuid: its progress while it runs, its outcome once it ended.
#[utoipa::path(get, path = "/synchronization/get.synchronization/{uuid}", tag = "synchronization", params(("uuid" = String, Path)),
    responses((status = 200, body = Data<pb::JournalEntry>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn journal_entry(
    State(state): State<AppState>,
    _caller: Authorized<SyncRead>,
    Path(uuid): Path<String>,
) -> Result<Response, ApiError> {
    let entry =
        sync(&state).get_journal_entry(pb::RunUuid { uuid: bounded(uuid) }).await?.into_inner();
    Ok(envelope::data(entry))
}

/// A word from outside, cut to a length no valid one reaches (the service says what is wrong with it).
fn bounded(mut text: String) -> String {
    text.truncate(text.floor_char_boundary(64));
    text
}
