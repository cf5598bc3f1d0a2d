//! `transaction/post.statement_import`, the long statements' jobs (`post.statement_job`,
//! `post.statement_job_rows`, `get.statement_job/{jobId}`), `transaction/get.unmatched_list`,
//! `transaction/post.unmatched_assign`: operators' statements of mobile-money payments, read in the
//! browser from CSV or .xlsx and recorded here all or nothing, and the payments no member could be found
//! for (the cards service).

use crate::access::{CardsRead, CardsWrite};
use crate::envelope::{self, Data, List, Paging, Written};
use crate::error::{ApiError, ErrorBody};
use crate::extract::{Json, Path, Query};
use crate::routes::cards::cards;
use crate::routes::geography::IMPORT_BODY_LIMIT;
use crate::session::Authorized;
use crate::state::AppState;
use axum::extract::{DefaultBodyLimit, State};
use axum::response::{IntoResponse, Response};
use proto::cards as pb;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(unmatched_list))
        .routes(routes!(unmatched_assign))
        .routes(routes!(statement_job_start))
        .routes(routes!(statement_job))
        .merge(
            OpenApiRouter::new()
                .routes(routes!(statement_import))
                .routes(routes!(statement_job_rows))
                .layer(DefaultBodyLimit::max(IMPORT_BODY_LIMIT)),
        )
}

/// What an import did.
#[derive(Serialize, ToSchema)]
#[schema(description = "Ce qu'a fait un import.")]
pub struct StatementAnswer {
    #[schema(example = "ok")]
    pub status: &'static str,
    pub message: String,
    pub data: pb::StatementResult,
}

/// Records an operator's statement, all rows or none (a bad row refuses the whole statement, naming its
/// line): each payment already recorded is left as it is (so importing the same statement twice changes
/// nothing); the others become the transaction of the one member whose phone number paid, or wait among
/// the unmatched payments. At most 50,000 rows.
#[utoipa::path(post, path = "/transaction/post.statement_import", tag = "transaction",
    summary = "Importer le relevé d'un opérateur",
    description = "Enregistre le relevé d'un opérateur, toutes les lignes ou aucune (une ligne \
        fautive refuse tout le relevé, en nommant sa ligne) : chaque paiement déjà enregistré est \
        laissé tel quel (importer deux fois le même relevé ne change donc rien) ; les autres \
        deviennent la transaction du seul adhérent dont le numéro de téléphone a payé, ou \
        attendent parmi les paiements à attribuer. 50 000 lignes au plus.",
    request_body = pb::Statement,
    responses((status = 200, body = StatementAnswer), (status = 400, body = ErrorBody)))]
pub async fn statement_import(
    State(state): State<AppState>,
    _caller: Authorized<CardsWrite>,
    Json(body): Json<pb::Statement>,
) -> Result<Response, ApiError> {
    let data = cards(&state).import_statement(body).await?.into_inner();
    let message = format!(
        "{} paiement(s) rapproché(s), {} déjà connu(s), {} à attribuer",
        data.matched, data.known, data.unmatched
    );
    Ok(axum::Json(StatementAnswer { status: "ok", message, data }).into_response())
}

/// Starts the import of a statement too long for one call (up to 2,000,000 rows): its rows are then sent
/// in parts (`post.statement_job_rows`), and checked and recorded all or none by a background job once
/// the last has arrived. Only the login that started it reads it.
#[utoipa::path(post, path = "/transaction/post.statement_job", tag = "transaction",
    summary = "Commencer l'import d'un long relevé",
    description = "Commence l'import d'un relevé trop long pour un seul appel (2 000 000 de lignes \
        au plus) : ses lignes sont ensuite envoyées par parties (`post.statement_job_rows`), puis \
        vérifiées et enregistrées, toutes ou aucune, en tâche de fond dès l'arrivée de la dernière. \
        Seul l'utilisateur qui l'a commencé le voit.",
    request_body = pb::StatementJobStart,
    responses((status = 200, body = Data<pb::StatementJob>), (status = 400, body = ErrorBody)))]
pub async fn statement_job_start(
    State(state): State<AppState>,
    _caller: Authorized<CardsWrite>,
    Json(body): Json<pb::StatementJobStart>,
) -> Result<Response, ApiError> {
    Ok(envelope::data(cards(&state).start_statement_job(body).await?.into_inner()))
}

/// A part of a long statement's rows, in the file's order (at most 10,000): `first_row` is the rank of
/// its first row (0 for the first payment); a part sent again is taken once. The answer's status becomes
/// `checking` with the last part.
#[utoipa::path(post, path = "/transaction/post.statement_job_rows", tag = "transaction",
    summary = "Envoyer une partie d'un long relevé",
    description = "Une partie des lignes d'un long relevé, dans l'ordre du fichier (10 000 au \
        plus) : `first_row` est le rang de sa première ligne (0 pour le premier paiement) ; une \
        partie envoyée deux fois n'est prise qu'une fois. Avec la dernière partie, l'état devient \
        `checking`.",
    request_body = pb::StatementPart,
    responses((status = 200, body = Data<pb::StatementJob>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn statement_job_rows(
    State(state): State<AppState>,
    _caller: Authorized<CardsWrite>,
    Json(body): Json<pb::StatementPart>,
) -> Result<Response, ApiError> {
    Ok(envelope::data(cards(&state).add_statement_rows(body).await?.into_inner()))
}

/// A long statement's import: its status (receiving, checking, writing, done, failed), its progress, the
/// counts once done, the faulty lines once failed (nothing recorded); 404 for another login's.
#[utoipa::path(get, path = "/transaction/get.statement_job/{jobId}", tag = "transaction",
    summary = "Avancement de l'import d'un long relevé",
    description = "L'import d'un long relevé : son état (receiving, checking, writing, done, \
        failed), son avancement, les nombres une fois terminé, les lignes fautives s'il a échoué \
        (rien n'est alors enregistré) ; 404 pour l'import d'un autre utilisateur.",
    params(("jobId" = String, Path, description = "Identifiant de l'import.")),
    responses((status = 200, body = Data<pb::StatementJob>), (status = 404, body = ErrorBody)))]
pub async fn statement_job(
    State(state): State<AppState>,
    // Reading a job is reading: only its own login sees it, and only a writer starts one.
    _caller: Authorized<CardsRead>,
    Path(job_id): Path<String>,
) -> Result<Response, ApiError> {
    let job = cards(&state).get_statement_job(pb::StatementJobId { job_id }).await?.into_inner();
    Ok(envelope::data(job))
}

/// The payments of statements no member was found for, oldest first. Sortable on unmatched_id (default),
/// transaction_date, phone_number.
#[utoipa::path(get, path = "/transaction/get.unmatched_list", tag = "transaction",
    summary = "Paiements à attribuer",
    description = "Les paiements des relevés pour lesquels aucun adhérent n'a été trouvé, les \
        plus anciens d'abord. Triable sur unmatched_id (par défaut), transaction_date, \
        phone_number.",
    params(Paging),
    responses((status = 200, body = List<pb::UnmatchedPayment>), (status = 400, body = ErrorBody)))]
pub async fn unmatched_list(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Query(paging): Query<Paging>,
) -> Result<Response, ApiError> {
    let request = pb::UnmatchedListRequest { paging: Some(paging.to_pb()) };
    let answer = cards(&state).list_unmatched_payments(request).await?.into_inner();
    Ok(envelope::list(answer.items, answer.total))
}

/// Records an unmatched payment as the transaction of the member named; it leaves the unmatched ones.
#[utoipa::path(post, path = "/transaction/post.unmatched_assign", tag = "transaction",
    summary = "Attribuer un paiement à un adhérent",
    description = "Enregistre un paiement à attribuer comme transaction de l'adhérent nommé ; il \
        quitte les paiements à attribuer.",
    request_body = pb::Assignment,
    responses((status = 200, body = Written), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn unmatched_assign(
    State(state): State<AppState>,
    _caller: Authorized<CardsWrite>,
    Json(body): Json<pb::Assignment>,
) -> Result<Response, ApiError> {
    let id = cards(&state).assign_unmatched_payment(body).await?.into_inner().id;
    Ok(envelope::written("Paiement attribué à l'adhérent", Some(id)))
}
