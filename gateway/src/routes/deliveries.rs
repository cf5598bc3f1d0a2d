//! `delivery/*`: deliveries of printed cards to the field (the cards service).

use crate::access::{CardsDelete, CardsRead, CardsWrite};
use crate::envelope::{self, Data, List, Paging, Written};
use crate::error::{ApiError, ErrorBody};
use crate::extract::Multipart;
use crate::extract::{Json, Path, Query};
use crate::routes::cards::cards;
use crate::session::Authorized;
use crate::state::AppState;
use axum::extract::{DefaultBodyLimit, State};
use axum::response::{IntoResponse, Response};
use proto::cards as pb;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(delivery_list))
        .routes(routes!(get_delivery))
        .routes(routes!(post_delivery))
        .routes(routes!(delete_delivery))
        .routes(routes!(print_delivery_slips))
        .routes(routes!(get_delivery_proof))
        .merge(
            OpenApiRouter::new()
                .routes(routes!(post_delivery_proof))
                .layer(DefaultBodyLimit::max(PROOF_UPLOAD_LIMIT)),
        )
}

/// Largest proof upload the gateway lets through; the cards service refuses a proof over 10 MB in French.
const PROOF_UPLOAD_LIMIT: usize = 12 * 1024 * 1024;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeliveryFilter {
    // Part of the delivery's code.
    /// Une partie du code de la livraison.
    pub delivery_code: Option<String>,
    // A card number or a member number among the delivery's cards.
    /// Un numéro de carte ou d'adhérent parmi les cartes de la livraison.
    pub id_number: Option<String>,
    // `false`: the deliveries under way (not handed over yet); `true`: those sent.
    /// `false` : les livraisons en cours (pas encore remises) ; `true` : celles qui sont envoyées.
    pub sent: Option<bool>,
}

/// Sortable on delivery_id (default), delivery_code, delivery_creationDateTime, delivery_sentDateTime.
#[utoipa::path(get, path = "/delivery/get.delivery_list", tag = "delivery",
    summary = "Liste des livraisons",
    description = "Triable sur delivery_id (par défaut), delivery_code, \
        delivery_creationDateTime, delivery_sentDateTime.",
    params(Paging, DeliveryFilter),
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
        delivery_sent: filter.sent,
    };
    let answer = cards(&state).list_deliveries(request).await?.into_inner();
    Ok(envelope::list(answer.items, answer.total))
}

/// A delivery with its cards.
#[utoipa::path(get, path = "/delivery/get.delivery/{delivery_id}", tag = "delivery",
    summary = "Détail d'une livraison avec ses cartes",
    params(("delivery_id" = i64, Path, description = "Identifiant de la livraison.")),
    responses((status = 200, body = Data<pb::DeliveryDetail>), (status = 404, body = ErrorBody)))]
pub async fn get_delivery(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    Ok(envelope::data(cards(&state).get_delivery(pb::Id { id }).await?.into_inner()))
}

/// Creates (no `delivery_id`) or changes an unsent delivery: its cards (at least one, by `card_id` or
/// by `card_idNumber`) must be printed and in no other delivery, and go `in_delivery`; a card taken out
/// goes back to `printed`. `"delivery_sent": true` sends it: its cards are delivered (`card_deliveredAt`), or
/// in `error` for an error-type delivery. A sent delivery no longer changes (409).
#[utoipa::path(post, path = "/delivery/post_delivery", tag = "delivery",
    summary = "Créer, modifier ou envoyer une livraison",
    description = "Crée (sans `delivery_id`) ou modifie une livraison non envoyée : ses cartes \
        (au moins une, par `card_id` ou par `card_idNumber`) doivent être imprimées et dans \
        aucune autre livraison, et passent `in_delivery` ; une carte retirée revient à `printed`. \
        `\"delivery_sent\": true` l'envoie : ses cartes sont livrées (`card_deliveredAt`), ou en \
        `error` pour une livraison de type erreur. Une livraison envoyée ne change plus (409).",
    request_body = pb::DeliveryInput,
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
#[utoipa::path(delete, path = "/delivery/delete.delivery/{delivery_id}", tag = "delivery",
    summary = "Supprimer une livraison",
    description = "Seulement tant qu'elle n'est pas envoyée : ses cartes reviennent à `printed` \
        (imprimées).",
    params(("delivery_id" = i64, Path, description = "Identifiant de la livraison.")),
    responses((status = 200, body = Written), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn delete_delivery(
    State(state): State<AppState>,
    _caller: Authorized<CardsDelete>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    cards(&state).delete_delivery(pb::Id { id }).await?;
    Ok(envelope::written("Livraison supprimée", None))
}

/// The delivery slips (A4 PDF): for each delivery its code, dates, agent and type, the table of its cards
/// and boxes for the signatures of who hands the cards over and who receives them; at most 100 deliveries.
#[utoipa::path(post, path = "/delivery/post.printing_delivery_list_by_id", tag = "delivery",
    summary = "Bordereaux de livraison (PDF)",
    description = "Les bordereaux de livraison (PDF A4) : pour chaque livraison, son code, ses \
        dates, son agent et son type, le tableau de ses cartes et les cases des signatures de qui \
        remet les cartes et de qui les reçoit ; 100 livraisons au plus.",
    request_body = pb::DeliveryIds,
    responses((status = 200, content_type = "application/pdf", body = Vec<u8>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn print_delivery_slips(
    State(state): State<AppState>,
    _caller: Authorized<CardsWrite>,
    Json(body): Json<pb::DeliveryIds>,
) -> Result<Response, ApiError> {
    let content = cards(&state).print_delivery_slips(body).await?.into_inner().content;
    Ok(crate::routes::cards::pdf(content, "bordereaux.pdf"))
}

/// The form of a proof upload (multipart/form-data).
#[derive(ToSchema)]
#[schema(description = "Le formulaire d'envoi d'un justificatif (multipart/form-data).")]
#[allow(dead_code)]
pub struct ProofUpload {
    // A photo (JPEG, PNG) or a PDF of the signed slip, at most 10 MB (the content is checked, not the
    // name).
    /// Une photo (JPEG, PNG) ou un PDF du bordereau signé, 10 Mo au plus (le contenu est vérifié,
    /// pas le nom).
    #[schema(value_type = String, format = Binary)]
    delivery_proof: Vec<u8>,
}

/// Keeps the proof that a delivery reached its members (replacing the previous one).
#[utoipa::path(post, path = "/delivery/post.delivery_proof/{delivery_id}", tag = "delivery",
    summary = "Enregistrer le justificatif d'une livraison",
    description = "Garde la preuve qu'une livraison est parvenue à ses adhérents (elle remplace \
        la précédente).",
    params(("delivery_id" = i64, Path, description = "Identifiant de la livraison.")),
    request_body(content = ProofUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = Written), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 413, body = ErrorBody)))]
pub async fn post_delivery_proof(
    State(state): State<AppState>,
    _caller: Authorized<CardsWrite>,
    Path(delivery_id): Path<i64>,
    mut form: Multipart,
) -> Result<Response, ApiError> {
    let mut proof = None;
    while let Some(field) = form.next_field().await.map_err(proof_error)? {
        if field.name() == Some("delivery_proof") {
            let file_name = field.file_name().unwrap_or_default().to_string();
            let content = field.bytes().await.map_err(proof_error)?.to_vec();
            proof =
                Some(pb::DeliveryProof { delivery_id, content, file_name, ..Default::default() });
        }
    }
    let proof = proof.ok_or_else(|| {
        ApiError::field(
            "delivery_proof",
            "Aucun justificatif reçu : choisissez une photo ou un PDF.",
        )
    })?;
    cards(&state).save_delivery_proof(proof).await?;
    Ok(envelope::written("Justificatif enregistré", Some(delivery_id)))
}

fn proof_error(e: axum::extract::multipart::MultipartError) -> ApiError {
    if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::new(e.status(), "Le justificatif dépasse la taille permise (10 Mo).")
    } else {
        ApiError::bad_request(
            "Envoi illisible : le justificatif doit arriver en multipart/form-data (delivery_proof).",
        )
    }
}

/// The proof of a delivery, as it was sent (JPEG, PNG or PDF).
#[utoipa::path(get, path = "/delivery/get.delivery_proof/{delivery_id}", tag = "delivery",
    summary = "Justificatif d'une livraison",
    description = "Le justificatif d'une livraison, tel qu'il a été envoyé (JPEG, PNG ou PDF).",
    params(("delivery_id" = i64, Path, description = "Identifiant de la livraison.")),
    responses((status = 200, content_type = "application/octet-stream", body = Vec<u8>), (status = 404, body = ErrorBody)))]
pub async fn get_delivery_proof(
    State(state): State<AppState>,
    _caller: Authorized<CardsRead>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    let proof = cards(&state).get_delivery_proof(pb::Id { id }).await?.into_inner();
    let extension = match proof.content_type.as_str() {
        "image/png" => "png",
        "application/pdf" => "pdf",
        _ => "jpg",
    };
    let disposition = format!("inline; filename=\"justificatif-{id}.{extension}\"");
    Ok((
        [
            (axum::http::header::CONTENT_TYPE, proof.content_type),
            (axum::http::header::CONTENT_DISPOSITION, disposition),
        ],
        proof.content,
    )
        .into_response())
}
