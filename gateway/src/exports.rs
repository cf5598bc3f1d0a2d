//! Exports of the long lists (docs/api.md, "Exports"): `<area>/post.<entity>_export` starts a job with
//! the list's own filters and sort (the same query parameters as the list call) and `format` (`csv` or
//! `xlsx`), and answers the job at once; `<area>/get.<entity>_export/{exportId}` answers its progress;
//! `<area>/get.<entity>_export_file/{exportId}` streams its file once done (409 before). The owning
//! service runs the job in the background (`common::export`); a job is seen only by the login that
//! started it (404 for anyone else). Starting an export reads the list: the list's read permission.

use crate::access::{CardsRead, MembersRead};
use crate::envelope::{self, Data, Paging};
use crate::error::{ApiError, ErrorBody};
use crate::extract::{Path, Query};
use crate::routes::cards::{CardFilter, cards};
use crate::routes::deliveries::DeliveryFilter;
use crate::routes::members::MemberFilter;
use crate::routes::transactions::TransactionFilter;
use crate::session::Authorized;
use crate::state::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use common::export::Format;
use futures::StreamExt;
use proto::cards as cpb;
use proto::common::{ExportId, ExportJob, FileChunk};
use proto::members as mpb;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(member_export))
        .routes(routes!(member_export_job))
        .routes(routes!(member_export_file))
        .routes(routes!(card_export))
        .routes(routes!(card_export_job))
        .routes(routes!(card_export_file))
        .routes(routes!(delivery_export))
        .routes(routes!(delivery_export_job))
        .routes(routes!(delivery_export_file))
        .routes(routes!(transaction_export))
        .routes(routes!(transaction_export_job))
        .routes(routes!(transaction_export_file))
}

/// The file's format.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportFormat {
    // `csv` (the default: UTF-8 with a byte-order mark, `;` between values) or `xlsx`.
    /// `csv` (par défaut : UTF-8 avec une marque d'ordre des octets, `;` entre les valeurs) ou
    /// `xlsx`.
    pub format: Option<String>,
}

impl ExportFormat {
    /// The format asked for, checked here (a 400 in French on `format`).
    fn checked(&self) -> Result<String, ApiError> {
        let text = self.format.as_deref().unwrap_or("csv");
        Format::parse(text).map(|f| f.as_str().to_string()).map_err(|_| {
            ApiError::field("format", common::export::messages::unknown_format(text.trim()))
        })
    }
}

fn job(job: ExportJob) -> Response {
    envelope::data(job)
}

/// The file of a job that is done, streamed as the service reads its chunks, with its name and size.
fn file(job: &ExportJob, chunks: tonic::Streaming<FileChunk>) -> Response {
    let format = if job.format == "xlsx" { Format::Xlsx } else { Format::Csv };
    let body = axum::body::Body::from_stream(chunks.map(|chunk| {
        chunk.map(|c| axum::body::Bytes::from(c.content)).inspect_err(|status| {
            tracing::error!(code = ?status.code(), message = status.message(), "export file cut short");
        })
    }));
    let disposition = format!("attachment; filename=\"{}\"", job.file_name.replace('"', ""));
    (
        [
            (header::CONTENT_TYPE, format.content_type().to_string()),
            (header::CONTENT_DISPOSITION, disposition),
            (header::CONTENT_LENGTH, job.size.to_string()),
        ],
        body,
    )
        .into_response()
}

/// Starts an export of the members list: the list's filters and sort (`_orderBy`, `_descending`; `_limit`,
/// `_offset` and `after` are ignored: every matching member is exported) and `format`. Answers the job
/// at once (`export_status` `waiting`); follow it with `get.member_export/{exportId}`.
#[utoipa::path(post, path = "/member/post.member_export", tag = "member",
    summary = "Lancer l'export de la liste des adhérents",
    description = "Lance l'export de la liste des adhérents : les filtres et le tri de la liste \
        (`_orderBy`, `_descending` ; `_limit`, `_offset` et `after` sont ignorés : chaque \
        adhérent qui répond aux filtres est exporté) et `format`. Répond aussitôt la tâche \
        (`export_status` `waiting`) ; suivez-la avec `get.member_export/{exportId}`.",
    params(Paging, MemberFilter, ExportFormat),
    responses((status = 200, body = Data<ExportJob>), (status = 400, body = ErrorBody)))]
pub async fn member_export(
    State(state): State<AppState>,
    _caller: Authorized<MembersRead>,
    Query(paging): Query<Paging>,
    Query(filter): Query<MemberFilter>,
    Query(format): Query<ExportFormat>,
) -> Result<Response, ApiError> {
    let request = mpb::MemberExportRequest {
        list: Some(mpb::MemberListRequest {
            paging: Some(paging.to_pb()),
            filter: Some(filter.into()),
        }),
        format: format.checked()?,
    };
    Ok(job(state.members().start_export(request).await?.into_inner()))
}

/// An export of the members list: its status (`waiting`, `running`, `done`, `failed` with
/// `export_error`) and progress (`export_rowsDone` of `export_rowsTotal`). 404 for another login's.
#[utoipa::path(get, path = "/member/get.member_export/{exportId}", tag = "member",
    summary = "Avancement d'un export des adhérents",
    description = "Un export de la liste des adhérents : son état (`waiting`, `running`, `done`, \
        `failed` avec `export_error`) et son avancement (`export_rowsDone` sur \
        `export_rowsTotal`). 404 pour l'export d'un autre utilisateur.",
    params(("exportId" = String, Path, description = "Identifiant de l'export.")),
    responses((status = 200, body = Data<ExportJob>), (status = 404, body = ErrorBody)))]
pub async fn member_export_job(
    State(state): State<AppState>,
    _caller: Authorized<MembersRead>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    Ok(job(state.members().get_export(ExportId { id }).await?.into_inner()))
}

/// The file of a finished export of the members list (`adherents-AAAA-MM-JJ.csv` or `.xlsx`); 409 in
/// French while it runs or once failed.
#[utoipa::path(get, path = "/member/get.member_export_file/{exportId}", tag = "member",
    summary = "Fichier d'un export des adhérents",
    description = "Le fichier d'un export terminé de la liste des adhérents \
        (`adherents-AAAA-MM-JJ.csv` ou `.xlsx`) ; 409 en français tant qu'il tourne ou s'il a \
        échoué.",
    params(("exportId" = String, Path, description = "Identifiant de l'export.")),
    responses((status = 200, content((Vec<u8> = "text/csv"), (Vec<u8> = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"))), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn member_export_file(
    State(state): State<AppState>,
    _caller: Authorized<MembersRead>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let mut members = state.members();
    let job = members.get_export(ExportId { id: id.clone() }).await?.into_inner();
    let chunks = members.read_export(ExportId { id }).await?.into_inner();
    Ok(file(&job, chunks))
}

async fn start_cards_export(
    state: &AppState,
    request: cpb::CardsExportRequest,
) -> Result<Response, ApiError> {
    Ok(job(cards(state).start_export(request).await?.into_inner()))
}

async fn cards_export_job(state: &AppState, id: String) -> Result<Response, ApiError> {
    Ok(job(cards(state).get_export(ExportId { id }).await?.into_inner()))
}

async fn cards_export_file(state: &AppState, id: String) -> Result<Response, ApiError> {
    let mut client = cards(state);
    let job = client.get_export(ExportId { id: id.clone() }).await?.into_inner();
    let chunks = client.read_export(ExportId { id }).await?.into_inner();
    Ok(file(&job, chunks))
}

/// Starts an export of the cards list with its filters and sort (`cartes-AAAA-MM-JJ.csv`); as
/// `member/post.member_export`.
#[utoipa::path(post, path = "/card/post.card_export", tag = "card",
    summary = "Lancer l'export de la liste des cartes",
    description = "Lance l'export de la liste des cartes avec ses filtres et son tri \
        (`cartes-AAAA-MM-JJ.csv`) ; comme `member/post.member_export`.",
    params(Paging, CardFilter, ExportFormat),
    responses((status = 200, body = Data<ExportJob>), (status = 400, body = ErrorBody)))]
pub async fn card_export(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Query(paging): Query<Paging>,
    Query(filter): Query<CardFilter>,
    Query(format): Query<ExportFormat>,
) -> Result<Response, ApiError> {
    let request = cpb::CardsExportRequest {
        list: "cards".into(),
        format: format.checked()?,
        cards: Some(crate::routes::cards::card_request(paging, filter)),
        ..Default::default()
    };
    start_cards_export(&state, request).await
}

/// An export of the cards list: its status and progress; 404 for another login's.
#[utoipa::path(get, path = "/card/get.card_export/{exportId}", tag = "card",
    summary = "Avancement d'un export des cartes",
    description = "Un export de la liste des cartes : son état et son avancement ; 404 pour \
        l'export d'un autre utilisateur.",
    params(("exportId" = String, Path, description = "Identifiant de l'export.")),
    responses((status = 200, body = Data<ExportJob>), (status = 404, body = ErrorBody)))]
pub async fn card_export_job(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    cards_export_job(&state, id).await
}

/// The file of a finished export of the cards list; 409 in French while it runs or once failed.
#[utoipa::path(get, path = "/card/get.card_export_file/{exportId}", tag = "card",
    summary = "Fichier d'un export des cartes",
    description = "Le fichier d'un export terminé de la liste des cartes ; 409 en français tant \
        qu'il tourne ou s'il a échoué.",
    params(("exportId" = String, Path, description = "Identifiant de l'export.")),
    responses((status = 200, content((Vec<u8> = "text/csv"), (Vec<u8> = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"))), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn card_export_file(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    cards_export_file(&state, id).await
}

/// Starts an export of the deliveries list with its filters and sort (`livraisons-AAAA-MM-JJ.csv`); as
/// `member/post.member_export`.
#[utoipa::path(post, path = "/delivery/post.delivery_export", tag = "delivery",
    summary = "Lancer l'export de la liste des livraisons",
    description = "Lance l'export de la liste des livraisons avec ses filtres et son tri \
        (`livraisons-AAAA-MM-JJ.csv`) ; comme `member/post.member_export`.",
    params(Paging, DeliveryFilter, ExportFormat),
    responses((status = 200, body = Data<ExportJob>), (status = 400, body = ErrorBody)))]
pub async fn delivery_export(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Query(paging): Query<Paging>,
    Query(filter): Query<DeliveryFilter>,
    Query(format): Query<ExportFormat>,
) -> Result<Response, ApiError> {
    let request = cpb::CardsExportRequest {
        list: "deliveries".into(),
        format: format.checked()?,
        deliveries: Some(cpb::DeliveryListRequest {
            paging: Some(paging.to_pb()),
            delivery_code: filter.delivery_code.unwrap_or_default(),
            id_number: filter.id_number.unwrap_or_default(),
            delivery_sent: filter.sent,
        }),
        ..Default::default()
    };
    start_cards_export(&state, request).await
}

/// An export of the deliveries list: its status and progress; 404 for another login's.
#[utoipa::path(get, path = "/delivery/get.delivery_export/{exportId}", tag = "delivery",
    summary = "Avancement d'un export des livraisons",
    description = "Un export de la liste des livraisons : son état et son avancement ; 404 pour \
        l'export d'un autre utilisateur.",
    params(("exportId" = String, Path, description = "Identifiant de l'export.")),
    responses((status = 200, body = Data<ExportJob>), (status = 404, body = ErrorBody)))]
pub async fn delivery_export_job(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    cards_export_job(&state, id).await
}

/// The file of a finished export of the deliveries list; 409 in French while it runs or once failed.
#[utoipa::path(get, path = "/delivery/get.delivery_export_file/{exportId}", tag = "delivery",
    summary = "Fichier d'un export des livraisons",
    description = "Le fichier d'un export terminé de la liste des livraisons ; 409 en français \
        tant qu'il tourne ou s'il a échoué.",
    params(("exportId" = String, Path, description = "Identifiant de l'export.")),
    responses((status = 200, content((Vec<u8> = "text/csv"), (Vec<u8> = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"))), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn delivery_export_file(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    cards_export_file(&state, id).await
}

/// Starts an export of the payments list with its filters and sort (`paiements-AAAA-MM-JJ.csv`); as
/// `member/post.member_export`.
#[utoipa::path(post, path = "/transaction/post.transaction_export", tag = "transaction",
    summary = "Lancer l'export de la liste des paiements",
    description = "Lance l'export de la liste des paiements avec ses filtres et son tri \
        (`paiements-AAAA-MM-JJ.csv`) ; comme `member/post.member_export`.",
    params(Paging, TransactionFilter, ExportFormat),
    responses((status = 200, body = Data<ExportJob>), (status = 400, body = ErrorBody)))]
pub async fn transaction_export(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Query(paging): Query<Paging>,
    Query(filter): Query<TransactionFilter>,
    Query(format): Query<ExportFormat>,
) -> Result<Response, ApiError> {
    let request = cpb::CardsExportRequest {
        list: "transactions".into(),
        format: format.checked()?,
        transactions: Some(cpb::TransactionListRequest {
            paging: Some(paging.to_pb()),
            member_id: filter.member_id,
            spendable: filter.spendable.unwrap_or(false),
        }),
        ..Default::default()
    };
    start_cards_export(&state, request).await
}

/// An export of the payments list: its status and progress; 404 for another login's.
#[utoipa::path(get, path = "/transaction/get.transaction_export/{exportId}", tag = "transaction",
    summary = "Avancement d'un export des paiements",
    description = "Un export de la liste des paiements : son état et son avancement ; 404 pour \
        l'export d'un autre utilisateur.",
    params(("exportId" = String, Path, description = "Identifiant de l'export.")),
    responses((status = 200, body = Data<ExportJob>), (status = 404, body = ErrorBody)))]
pub async fn transaction_export_job(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    cards_export_job(&state, id).await
}

/// The file of a finished export of the payments list; 409 in French while it runs or once failed.
#[utoipa::path(get, path = "/transaction/get.transaction_export_file/{exportId}", tag = "transaction",
    summary = "Fichier d'un export des paiements",
    description = "Le fichier d'un export terminé de la liste des paiements ; 409 en français \
        tant qu'il tourne ou s'il a échoué.",
    params(("exportId" = String, Path, description = "Identifiant de l'export.")),
    responses((status = 200, content((Vec<u8> = "text/csv"), (Vec<u8> = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"))), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn transaction_export_file(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    cards_export_file(&state, id).await
}
