//! `transaction/*` and `get.transaction_search`: members' mobile-money payments (the cards service).

use crate::access::{CardsDelete, CardsRead, CardsWrite};
use crate::envelope::{self, CountedList, Data, List, Paging, Written};
use crate::error::{ApiError, ErrorBody};
use crate::extract::{Json, Path, Query};
use crate::routes::cards::cards;
use crate::session::Authorized;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use proto::cards as pb;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(transaction_list))
        .routes(routes!(get_transaction))
        .routes(routes!(post_transaction))
        .routes(routes!(delete_transaction))
        .routes(routes!(transaction_search))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TransactionFilter {
    // The payments of this member.
    /// Les paiements de cet adhérent.
    pub member_id: Option<i64>,
    // `true`: only the payments a card may still spend (neither spent nor cancelled).
    /// `true` : seulement les paiements qu'une carte peut encore dépenser (ni dépensés ni annulés).
    pub spendable: Option<bool>,
}

/// Sortable on transaction_id (default), transaction_date, transaction_amount, transaction_number,
/// transaction_mobileOperator.
#[utoipa::path(get, path = "/transaction/get.transaction_list", tag = "transaction",
    summary = "Liste des paiements",
    description = "Triable sur transaction_id (par défaut), transaction_date, transaction_amount, \
        transaction_number, transaction_mobileOperator.",
    params(Paging, TransactionFilter),
    responses((status = 200, body = CountedList<pb::Transaction>), (status = 400, body = ErrorBody)))]
pub async fn transaction_list(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Query(paging): Query<Paging>,
    Query(filter): Query<TransactionFilter>,
) -> Result<Response, ApiError> {
    let request = pb::TransactionListRequest {
        paging: Some(paging.to_pb()),
        member_id: filter.member_id,
        spendable: filter.spendable.unwrap_or(false),
    };
    let answer = cards(&state).list_transactions(request).await?.into_inner();
    Ok(envelope::counted_list(answer.items, answer.total, answer.total_exact))
}

#[utoipa::path(get, path = "/transaction/get_transaction/{transaction_id}", tag = "transaction",
    summary = "Détail d'un paiement",
    params(("transaction_id" = i64, Path, description = "Identifiant du paiement (de la transaction).")),
    responses((status = 200, body = Data<pb::Transaction>), (status = 404, body = ErrorBody)))]
pub async fn get_transaction(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(envelope::data(cards(&state).get_transaction(pb::Id { id }).await?.into_inner()))
}

/// Creates when `transaction_id` is absent or null, updates otherwise. The date is read as a date and the
/// amount as a number (specification point 5); an operator's number is recorded once (409 on
/// `transaction_number`); a transaction a card used can be neither changed nor deleted (409).
#[utoipa::path(post, path = "/transaction/post_transaction", tag = "transaction",
    summary = "Créer ou modifier un paiement",
    description = "Crée quand `transaction_id` est absent ou null, modifie sinon. La date est lue \
        comme une date et le montant comme un nombre (point 5 de la spécification) ; le numéro \
        d'un opérateur n'est enregistré qu'une fois (409 sur `transaction_number`) ; une \
        transaction utilisée par une carte ne peut être ni modifiée ni supprimée (409).",
    request_body = pb::TransactionInput,
    responses((status = 200, body = Written), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn post_transaction(
    State(state): State<AppState>,
    _caller: Authorized<CardsWrite>,
    Json(body): Json<pb::TransactionInput>,
) -> Result<Response, ApiError> {
    let creating = body.transaction_id.is_none_or(|id| id <= 0);
    let id = cards(&state).save_transaction(body).await?.into_inner().id;
    let message = if creating { "Transaction enregistrée" } else { "Transaction modifiée" };
    Ok(envelope::written(message, Some(id)))
}

/// Why a payment is deleted.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CancelReason {
    // Why (at least 5 characters): kept with the payment, which stays in the member's payments as
    // cancelled (who, when, why); without it, a 400.
    /// Le motif (5 caractères au moins) : gardé avec le paiement, qui reste dans les paiements de
    /// l'adhérent comme annulé (qui, quand, pourquoi) ; sans lui, un 400.
    pub reason: Option<String>,
}

/// The payment is not erased: it is kept as cancelled (who, when, why), no card can spend it, and its
/// operator's number may be entered again. Refused (409) for a transaction a card used or one already
/// cancelled; 400 without a reason of at least 5 characters.
#[utoipa::path(delete, path = "/transaction/delete_transaction/{transaction_id}", tag = "transaction",
    summary = "Annuler un paiement",
    description = "Le paiement n'est pas effacé : il est gardé comme annulé (qui, quand, \
        pourquoi), aucune carte ne peut le dépenser, et son numéro d'opérateur peut être saisi à \
        nouveau. Refusé (409) pour une transaction utilisée par une carte ou déjà annulée ; 400 \
        sans motif d'au moins 5 caractères.",
    params(("transaction_id" = i64, Path, description = "Identifiant du paiement (de la transaction)."), CancelReason),
    responses((status = 200, body = Written), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn delete_transaction(
    State(state): State<AppState>,
    _caller: Authorized<CardsDelete>,
    Path(id): Path<i64>,
    Query(query): Query<CancelReason>,
) -> Result<Response, ApiError> {
    let reason = query.reason.unwrap_or_default();
    cards(&state).delete_transaction(pb::TransactionCancel { id, reason }).await?;
    Ok(envelope::written("Transaction supprimée (gardée comme annulée)", None))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(non_snake_case)]
pub struct TransactionSearch {
    // The operator's number of the payment (capitals and spaces ignored).
    /// Le numéro du paiement chez l'opérateur (majuscules et espaces ignorés).
    pub transaction_number: String,
    // Only this operator's.
    /// Seulement les paiements de cet opérateur.
    pub transaction_mobileOperator: Option<String>,
}

/// The payments with an operator's number (specification point 7: this path has no `transaction/`).
#[utoipa::path(get, path = "/get.transaction_search", tag = "transaction",
    summary = "Rechercher un paiement par son numéro d'opérateur",
    description = "Les paiements qui portent ce numéro d'opérateur (point 7 de la spécification : \
        ce chemin n'a pas de `transaction/`).",
    params(TransactionSearch),
    responses((status = 200, body = List<pb::Transaction>), (status = 400, body = ErrorBody)))]
pub async fn transaction_search(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Query(search): Query<TransactionSearch>,
) -> Result<Response, ApiError> {
    let request = pb::TransactionSearch {
        transaction_number: search.transaction_number,
        transaction_mobile_operator: search.transaction_mobileOperator.unwrap_or_default(),
    };
    let answer = cards(&state).search_transactions(request).await?.into_inner();
    Ok(envelope::list(answer.items, answer.total))
}
