//! `delivery/*`: deliveries of printed cards to the field (the cards service).

use crate::access::{CardsDelete, CardsRead, CardsWrite};
use crate::envelope::{self, Data, List, Paging, Written};
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
        .routes(routes!(delivery_list))
        .routes(routes!(get_delivery))
        .routes(routes!(post_delivery))
        .routes(routes!(delete_delivery))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeliveryFilter {
    /// Part of the delivery's code.
    pub delivery_code: Option<String>,
    /// A card number or a member number among the delivery's cards.
    pub id_number: Option<String>,
}

/// Sortable on delivery_id (default), delivery_code, delivery_creationDateTime, delivery_sentDateTime.
#[utoipa::path(get, path = "/delivery/get.delivery_list", tag = "delivery", params(Paging, DeliveryFilter),
    responses((status = 200, body = List<pb::Delivery>), (status = 400, body = ErrorBody)))]
pub async fn delivery_list(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Query(paging): Query<Paging>,
    Query(filter): Query<DeliveryFilter>,
) -> Result<Response, ApiError> {
    let request = pb::DeliveryListRequest {
        paging: Some(paging.to_pb()),
        delivery_code: filter.delivery_code.unwrap_or_default(),
        id_number: filter.id_number.unwrap_or_default(),
    };
    let answer = cards(&state).list_deliveries(request).await?.into_inner();
    Ok(envelope::list(answer.items, answer.total))
}

/// A delivery with its cards.
#[utoipa::path(get, path = "/delivery/get.delivery/{delivery_id}", tag = "delivery", params(("delivery_id" = i64, Path)),
    responses((status = 200, body = Data<pb::DeliveryDetail>), (status = 404, body = ErrorBody)))]
pub async fn get_delivery(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(envelope::data(cards(&state).get_delivery(pb::Id { id }).await?.into_inner()))
}

/// Creates (no `delivery_id`) or changes an unsent delivery: its cards (by `card_id`, or by
/// `card_idNumber`) must be printed and in no other delivery, and go `in_delivery`; a card taken out goes
/// back to `printed`. `"delivery_sent": true` sends it: its cards are delivered (`card_deliveredAt`), or
/// in `error` for an error-type delivery. A sent delivery no longer changes (409).
#[utoipa::path(post, path = "/delivery/post_delivery", tag = "delivery", request_body = pb::DeliveryInput,
    responses((status = 200, body = Written), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn post_delivery(
    State(state): State<AppState>,
    _caller: Authorized<CardsWrite>,
    Json(body): Json<pb::DeliveryInput>,
) -> Result<Response, ApiError> {
    let message = match (body.delivery_id.is_none_or(|id| id <= 0), body.delivery_sent) {
        (_, true) => "Livraison envoyée",
        (true, false) => "Livraison créée",
        (false, false) => "Livraison modifiée",
    };
    let id = cards(&state).save_delivery(body).await?.into_inner().id;
    Ok(envelope::written(message, Some(id)))
}

/// Only while unsent: its cards go back to printed.
#[utoipa::path(delete, path = "/delivery/delete.delivery/{delivery_id}", tag = "delivery", params(("delivery_id" = i64, Path)),
    responses((status = 200, body = Written), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn delete_delivery(
    State(state): State<AppState>,
    _caller: Authorized<CardsDelete>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    cards(&state).delete_delivery(pb::Id { id }).await?;
    Ok(envelope::written("Livraison supprimée", None))
}
