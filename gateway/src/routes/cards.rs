//! `card/*`: members' cards (the cards service): the list, one card, the members a card can be made for,
//! making cards (spending one payment each), and marking printed cards.

use crate::access::{CardsCancel, CardsRead, CardsWrite};
use crate::envelope::{self, CountedList, Data, List, Paging, Written};
use crate::error::{ApiError, ErrorBody};
use crate::extract::{Json, Path, Query};
use crate::session::Authorized;
use crate::state::AppState;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use futures::StreamExt;
use proto::cards as pb;
use proto::cards::cards_client::CardsClient;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(card_list))
        .routes(routes!(get_card))
        .routes(routes!(card_creation_member_list))
        .routes(routes!(card_creation_create))
        .routes(routes!(create_member_card))
        .routes(routes!(mark_as_printed))
        .routes(routes!(card_to_deliver))
        .routes(routes!(card_key))
        .routes(routes!(revoke_card))
        .routes(routes!(print_cards))
        .routes(routes!(post_card))
        .routes(routes!(delete_card))
        .routes(routes!(card_creation_refresh))
        .routes(routes!(reprint_card))
}

/// A PDF to download, named `file_name` (whole, or a stream of chunks).
pub fn pdf(content: impl Into<axum::body::Body>, file_name: &str) -> Response {
    let disposition = format!("attachment; filename=\"{file_name}\"");
    (
        [
            (axum::http::header::CONTENT_TYPE, "application/pdf".to_string()),
            (axum::http::header::CONTENT_DISPOSITION, disposition),
        ],
        content.into(),
    )
        .into_response()
}

pub fn cards(state: &AppState) -> CardsClient<common::grpc::TracedChannel> {
    state.client()
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(non_snake_case)]
pub struct CardFilter {
    // Free text over names and numbers, accent- and case-insensitive.
    /// Texte libre sur les noms et les numéros, sans tenir compte des accents ni de la casse.
    pub filter: Option<String>,
    /// Les cartes de cet adhérent.
    pub member_id: Option<i64>,
    // The member's identity number.
    /// Le numéro d'adhérent.
    pub member_idNumber: Option<String>,
    // pending, printed, in_delivery, delivered, error, cancelled or revoked.
    /// pending, printed, in_delivery, delivered, error, cancelled ou revoked.
    pub card_status: Option<String>,
}

/// Sortable on card_id (default), card_idNumber, card_lastname, card_status, card_expirationDate.
#[utoipa::path(get, path = "/card/get.card_list", tag = "card",
    summary = "Liste des cartes",
    description = "Triable sur card_id (par défaut), card_idNumber, card_lastname, card_status, \
        card_expirationDate.",
    params(Paging, CardFilter),
    responses((status = 200, body = CountedList<pb::CardRow>), (status = 400, body = ErrorBody)))]
pub async fn card_list(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Query(paging): Query<Paging>,
    Query(filter): Query<CardFilter>,
) -> Result<Response, ApiError> {
    let answer = cards(&state).list_cards(card_request(paging, filter)).await?.into_inner();
    Ok(envelope::counted_list(answer.items, answer.total, answer.total_exact))
}

#[utoipa::path(get, path = "/card/get_card/{card_id}", tag = "card",
    summary = "Détail d'une carte",
    params(("card_id" = i64, Path, description = "Identifiant de la carte.")),
    responses((status = 200, body = Data<pb::Card>), (status = 404, body = ErrorBody)))]
pub async fn get_card(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(envelope::data(cards(&state).get_card(pb::Id { id }).await?.into_inner()))
}

/// The members a card can be made for: an unused payment of at least the card's price (login parameter
/// `card_price`, 5,000 FCFA by default) and no card that still stands; with the payment it would spend.
/// For those who make cards (it is the first step of making them).
#[utoipa::path(post, path = "/card/get.card_creation.member_list", tag = "card",
    summary = "Adhérents pour qui une carte peut être créée",
    description = "Les adhérents pour qui une carte peut être créée : un paiement inutilisé d'au \
        moins le prix de la carte (paramètre `card_price`, 5 000 FCFA par défaut) et aucune carte \
        encore valable ; avec le paiement que la carte dépenserait. Pour ceux qui créent les \
        cartes (c'est la première étape de leur création).",
    params(Paging),
    responses((status = 200, body = List<pb::CardCandidate>), (status = 400, body = ErrorBody)))]
pub async fn card_creation_member_list(
    State(state): State<AppState>,
    _caller: Authorized<CardsWrite>,
    Query(paging): Query<Paging>,
) -> Result<Response, ApiError> {
    let request = pb::CandidateListRequest { paging: Some(paging.to_pb()) };
    let answer = cards(&state).list_card_candidates(request).await?.into_inner();
    Ok(envelope::list(answer.items, answer.total))
}

/// What a making of cards did: the cards made, and each member refused with the reason.
#[derive(Serialize, ToSchema)]
#[schema(description = "Ce qu'a fait une création de cartes : les cartes créées, et chaque \
    adhérent refusé avec le motif.")]
pub struct CreationAnswer {
    #[schema(example = "ok")]
    pub status: &'static str,
    pub message: String,
    pub data: pb::CreatedCards,
}

/// Makes the cards of the chosen members in one transaction: each card copies the member's identity and
/// photo as printed, gets its own number and its expiry (login parameter `card_validityMonths`, 60 by
/// default), and spends the member's oldest unused payment. A member who cannot have one is named in
/// `refused` with the reason.
#[utoipa::path(post, path = "/card/get.card_creation.create", tag = "card",
    summary = "Créer les cartes des adhérents choisis",
    description = "Crée les cartes des adhérents choisis en une seule transaction : chaque carte \
        copie l'identité et la photo de l'adhérent telles qu'imprimées, reçoit son propre numéro \
        et sa date d'expiration (paramètre `card_validityMonths`, 60 mois par défaut), et dépense \
        le plus ancien paiement inutilisé de l'adhérent. Un adhérent qui ne peut pas en avoir est \
        nommé dans `refused` avec le motif.",
    request_body = pb::CreateCardsRequest,
    responses((status = 200, body = CreationAnswer), (status = 400, body = ErrorBody)))]
pub async fn card_creation_create(
    State(state): State<AppState>,
    _caller: Authorized<CardsWrite>,
    Json(body): Json<pb::CreateCardsRequest>,
) -> Result<Response, ApiError> {
    let data = cards(&state).create_cards(body).await?.into_inner();
    let message = match (data.card_ids.len(), data.refused.len()) {
        (made, 0) => format!("{made} carte(s) créée(s)"),
        (made, refused) => format!("{made} carte(s) créée(s), {refused} adhérent(s) refusé(s)"),
    };
    Ok(axum::Json(CreationAnswer { status: "ok", message, data }).into_response())
}

#[derive(Deserialize, ToSchema)]
pub struct MemberCard {
    pub member_id: i64,
}

/// Makes one member's card (as `get.card_creation.create`); a refusal is a 409 with its reason.
#[utoipa::path(post, path = "/card/create_member_card", tag = "card",
    summary = "Créer la carte d'un adhérent",
    description = "Crée la carte d'un adhérent (comme `get.card_creation.create`) ; un refus est \
        un 409 avec son motif.",
    request_body = MemberCard,
    responses((status = 200, body = Written), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn create_member_card(
    State(state): State<AppState>,
    _caller: Authorized<CardsWrite>,
    Json(body): Json<MemberCard>,
) -> Result<Response, ApiError> {
    // The cards service answers a refusal (no payment, a card already) as a 409 with its reason.
    let request = pb::CardInput { card_member_id: Some(body.member_id), ..Default::default() };
    let id = cards(&state).save_card(request).await?.into_inner().id;
    Ok(envelope::written("Carte créée", Some(id)))
}

/// pending -> printed for every card given, or none (409 naming the first that is not pending).
#[utoipa::path(post, path = "/card/post.mark_as_printed", tag = "card",
    summary = "Marquer des cartes comme imprimées",
    description = "pending -> printed pour chaque carte donnée, ou pour aucune (409 nommant la \
        première qui n'est pas pending).",
    request_body = pb::CardIds,
    responses((status = 200, body = Written), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn mark_as_printed(
    State(state): State<AppState>,
    _caller: Authorized<CardsWrite>,
    Json(body): Json<pb::CardIds>,
) -> Result<Response, ApiError> {
    let count = cards(&state).mark_printed(body).await?.into_inner().count;
    Ok(envelope::written(&format!("{count} carte(s) marquée(s) imprimée(s)"), None))
}

/// Printed cards in no delivery yet (what a new delivery can take).
#[utoipa::path(get, path = "/card/get.card_to_deliver", tag = "card",
    summary = "Cartes imprimées à livrer",
    description = "Les cartes imprimées qui ne sont encore dans aucune livraison (ce qu'une \
        nouvelle livraison peut prendre).",
    params(Paging, CardFilter),
    responses((status = 200, body = List<pb::CardRow>), (status = 400, body = ErrorBody)))]
pub async fn card_to_deliver(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Query(paging): Query<Paging>,
    Query(filter): Query<CardFilter>,
) -> Result<Response, ApiError> {
    let answer =
        cards(&state).list_cards_to_deliver(card_request(paging, filter)).await?.into_inner();
    Ok(envelope::list(answer.items, answer.total))
}

pub(crate) fn card_request(paging: Paging, filter: CardFilter) -> pb::CardListRequest {
    pb::CardListRequest {
        paging: Some(paging.to_pb()),
        filter: filter.filter.unwrap_or_default(),
        member_id: filter.member_id,
        member_id_number: filter.member_idNumber.unwrap_or_default(),
        card_status: filter.card_status.unwrap_or_default(),
    }
}

/// The public key that checks cards' QR codes offline (the reader keeps it), with the issuer they name.
#[utoipa::path(get, path = "/card/get.card_key", tag = "card",
    summary = "Clé publique de vérification des cartes",
    description = "La clé publique qui vérifie hors ligne les codes QR des cartes (le lecteur la \
        garde), avec l'émetteur qu'ils nomment.",
    responses((status = 200, body = Data<pb::CardKey>), (status = 401, body = ErrorBody)))]
pub async fn card_key(
    State(state): State<AppState>,
    _caller: crate::session::Caller,
) -> Result<Response, ApiError> {
    Ok(envelope::data(cards(&state).get_card_key(proto::common::Empty {}).await?.into_inner()))
}

/// A card declared lost or stolen: revoked (its QR code is refused by readers from then on; the member may
/// get another card). `{"card_id": N, "reason": "perte"}`.
#[utoipa::path(post, path = "/card/post.card_revoke", tag = "card",
    summary = "Révoquer une carte perdue ou volée",
    description = "Une carte déclarée perdue ou volée est révoquée (son code QR est désormais \
        refusé par les lecteurs ; l'adhérent peut recevoir une autre carte). `{\"card_id\": N, \
        \"reason\": \"perte\"}`.",
    request_body = pb::Revocation,
    responses((status = 200, body = Written), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn revoke_card(
    State(state): State<AppState>,
    _caller: Authorized<CardsWrite>,
    Json(body): Json<pb::Revocation>,
) -> Result<Response, ApiError> {
    cards(&state).revoke_card(body).await?;
    Ok(envelope::written("Carte révoquée", None))
}

/// What to print: card ids, or null (or nothing) for every card waiting to be printed.
#[derive(Deserialize, ToSchema, Default)]
#[schema(description = "Ce qu'il faut imprimer : des identifiants de cartes, ou null (ou rien) \
    pour toutes les cartes en attente d'impression.")]
#[serde(default)]
pub struct CardsToPrint {
    pub card_ids: Option<Vec<i64>>,
}

/// The PDF of the cards (a page a card at CR80 size, 85.60 x 53.98 mm: photo, names, numbers, birth date
/// and place, city, expiry, and the signed QR code), at most 20,000 at a time, sent as it is made (the
/// first bytes leave before the last page is drawn). For those who print cards.
#[utoipa::path(post, path = "/card/post.printing_card_list_by_id", tag = "card",
    summary = "PDF des cartes à imprimer",
    description = "Le PDF des cartes (une page par carte au format CR80, 85,60 x 53,98 mm : \
        photo, noms, numéros, date et lieu de naissance, ville, date d'expiration et code QR \
        signé), 20 000 au plus à la fois, envoyé au fil de sa fabrication (les premiers octets \
        partent avant que la dernière page soit dessinée). Pour ceux qui impriment les cartes.",
    request_body = CardsToPrint,
    responses((status = 200, content_type = "application/pdf", body = Vec<u8>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn print_cards(
    State(state): State<AppState>,
    _caller: Authorized<CardsWrite>,
    Json(body): Json<CardsToPrint>,
) -> Result<Response, ApiError> {
    let request = pb::CardIds { card_ids: body.card_ids.unwrap_or_default() };
    let chunks = cards(&state).print_cards(request).await?.into_inner();
    let body = axum::body::Body::from_stream(chunks.map(|chunk| {
        chunk.map(|pdf| axum::body::Bytes::from(pdf.content)).inspect_err(|status| {
            tracing::error!(code = ?status.code(), message = status.message(), "card PDF cut short");
        })
    }));
    Ok(pdf(body, "cartes.pdf"))
}

/// With `card_id`: corrects the identity printed on a card still waiting to be printed (names, birth date
/// and place, city, phone; its QR code is signed again; 409 once printed: reprint it instead). Without:
/// makes the card of `card_memberId`, as `create_member_card` does.
#[utoipa::path(post, path = "/card/post_card", tag = "card",
    summary = "Corriger une carte ou créer la carte d'un adhérent",
    description = "Avec `card_id` : corrige l'identité imprimée sur une carte encore en attente \
        d'impression (noms, date et lieu de naissance, ville, téléphone ; son code QR est signé à \
        nouveau ; 409 une fois imprimée : réimprimez-la plutôt). Sans : crée la carte de \
        `card_memberId`, comme `create_member_card`.",
    request_body = pb::CardInput,
    responses((status = 200, body = Written), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn post_card(
    State(state): State<AppState>,
    _caller: Authorized<CardsWrite>,
    Json(body): Json<pb::CardInput>,
) -> Result<Response, ApiError> {
    let correcting = body.card_id.is_some_and(|id| id > 0);
    let id = cards(&state).save_card(body).await?.into_inner().id;
    Ok(envelope::written(if correcting { "Carte corrigée" } else { "Carte créée" }, Some(id)))
}

/// Cancels a card (administrators and managers only). A card waiting to be printed gives its payment
/// back; a printed card or one in error keeps it spent. A card in a delivery, delivered or revoked cannot
/// be cancelled (409).
#[utoipa::path(delete, path = "/card/delete_card/{card_id}", tag = "card",
    summary = "Annuler une carte",
    description = "Annule une carte (administrateurs et gestionnaires seulement). Une carte en \
        attente d'impression rend son paiement ; une carte imprimée ou en erreur le garde \
        dépensé. Une carte en livraison, livrée ou révoquée ne peut pas être annulée (409).",
    params(("card_id" = i64, Path, description = "Identifiant de la carte.")),
    responses((status = 200, body = Written), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn delete_card(
    State(state): State<AppState>,
    _caller: Authorized<CardsCancel>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    cards(&state).cancel_card(pb::Id { id }).await?;
    Ok(envelope::written("Carte annulée", None))
}

/// Reads again from the members service the members who have an unused payment (their names, photos and
/// numbers as they are now), then answers the members a card can be made for, as
/// `get.card_creation.member_list` does.
#[utoipa::path(post, path = "/card/post.card_creation.refresh", tag = "card",
    summary = "Relire les adhérents pour qui une carte peut être créée",
    description = "Relit auprès du service des adhérents ceux qui ont un paiement inutilisé \
        (leurs noms, photos et numéros tels qu'ils sont maintenant), puis répond les adhérents \
        pour qui une carte peut être créée, comme `get.card_creation.member_list`.",
    params(Paging),
    responses((status = 200, body = List<pb::CardCandidate>), (status = 400, body = ErrorBody)))]
pub async fn card_creation_refresh(
    State(state): State<AppState>,
    _caller: Authorized<CardsWrite>,
    Query(paging): Query<Paging>,
) -> Result<Response, ApiError> {
    let request = pb::CandidateListRequest { paging: Some(paging.to_pb()) };
    let answer = cards(&state).refresh_card_candidates(request).await?.into_inner();
    Ok(envelope::list(answer.items, answer.total))
}

/// A new card for a damaged or misprinted one (printed, in delivery, delivered or in error): the old card
/// is cancelled with the reason; the new one waits to be printed, spends the same payment, keeps the same
/// expiry, takes the member's identity and photo as they are now, and names the card it replaces
/// (`card_replacesCardId`). Answers the new card's id.
#[utoipa::path(post, path = "/card/post.card_reprint", tag = "card",
    summary = "Réimprimer une carte",
    description = "Une nouvelle carte pour une carte abîmée ou mal imprimée (imprimée, en \
        livraison, livrée ou en erreur) : l'ancienne carte est annulée avec le motif ; la \
        nouvelle attend l'impression, dépense le même paiement, garde la même date d'expiration, \
        reprend l'identité et la photo actuelles de l'adhérent et nomme la carte qu'elle remplace \
        (`card_replacesCardId`). Répond l'identifiant de la nouvelle carte.",
    request_body = pb::Reprint,
    responses((status = 200, body = Written), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn reprint_card(
    State(state): State<AppState>,
    _caller: Authorized<CardsWrite>,
    Json(body): Json<pb::Reprint>,
) -> Result<Response, ApiError> {
    let id = cards(&state).reprint_card(body).await?.into_inner().id;
    Ok(envelope::written("Carte réimprimée : la nouvelle carte attend l'impression", Some(id)))
}
