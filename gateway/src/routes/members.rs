//! `member/*`: members and their families, the member count, and photos.

use crate::access::{MembersDelete, MembersRead, MembersWrite};
use crate::envelope::{self, CountedList, Data, Paging, Written};
use crate::error::{ApiError, ErrorBody};
use crate::extract::Multipart;
use crate::extract::{Json, Path, Query};
use crate::session::Authorized;
use crate::state::AppState;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use proto::members as pb;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router(photo_max_bytes: usize) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(member_list))
        .routes(routes!(member_count))
        .routes(routes!(get_member))
        .routes(routes!(get_member_family))
        .routes(routes!(post_member))
        .routes(routes!(delete_member))
        .routes(routes!(get_member_photo))
        // The multipart envelope adds a little to the photo itself.
        .merge(
            OpenApiRouter::new()
                .routes(routes!(post_member_photo))
                .layer(DefaultBodyLimit::max(photo_max_bytes + 64 * 1024)),
        )
}

#[derive(Deserialize, IntoParams, Default)]
#[into_params(parameter_in = Query)]
#[allow(non_snake_case)]
pub struct MemberFilter {
    // Free text over names, id number and contact: each word, in any order, accent- and
    // case-insensitive, partial words ("serge kouame" finds Serge Kouamé).
    /// Texte libre sur les noms, le numéro d'adhérent et le contact : chaque mot, dans n'importe
    /// quel ordre, sans tenir compte des accents ni de la casse, mots partiels compris (« serge
    /// kouame » trouve Serge Kouamé).
    pub filter: Option<String>,
    // Part of the first name.
    /// Une partie du prénom.
    pub filter_firstname: Option<String>,
    // Part of the id number.
    /// Une partie du numéro d'adhérent.
    pub filter_idNumber: Option<String>,
    // The login name that created the members.
    /// L'identifiant de l'utilisateur qui a créé les adhérents.
    pub createdBy: Option<String>,
    /// Les adhérents de cette localité.
    pub localityId: Option<i64>,
    /// Les adhérents de cette coopérative.
    pub cooperativeId: Option<i64>,
    // The dependants of this main member.
    /// Les conjoints et les enfants de cet adhérent principal.
    pub mainMemberId: Option<i64>,
    // The members registered on or after this day (`AAAA-MM-JJ`).
    /// Les adhérents inscrits ce jour-là ou après (`AAAA-MM-JJ`).
    pub createdFrom: Option<String>,
}

impl From<MemberFilter> for pb::MemberFilter {
    fn from(f: MemberFilter) -> Self {
        pb::MemberFilter {
            filter: f.filter.unwrap_or_default(),
            filter_firstname: f.filter_firstname.unwrap_or_default(),
            filter_id_number: f.filter_idNumber.unwrap_or_default(),
            created_by: f.createdBy.unwrap_or_default(),
            locality_id: f.localityId,
            cooperative_id: f.cooperativeId,
            main_member_id: f.mainMemberId,
            created_from: f.createdFrom.unwrap_or_default(),
        }
    }
}

/// Sortable on member_id (default), member_idNumber, member_lastname, member_firstname, member_createdAt,
/// member_birthDate.
#[utoipa::path(get, path = "/member/get.member_list", tag = "member",
    summary = "Liste des adhérents",
    description = "Triable sur member_id (par défaut), member_idNumber, member_lastname, \
        member_firstname, member_createdAt, member_birthDate.",
    params(Paging, MemberFilter),
    responses((status = 200, body = CountedList<pb::MemberRow>), (status = 400, body = ErrorBody)))]
pub async fn member_list(
    State(state): State<AppState>,
    _caller: Authorized<MembersRead>,
    Query(paging): Query<Paging>,
    Query(filter): Query<MemberFilter>,
) -> Result<Response, ApiError> {
    let request =
        pb::MemberListRequest { paging: Some(paging.to_pb()), filter: Some(filter.into()) };
    let answer = state.members().list_members(request).await?.into_inner();
    Ok(envelope::counted_list(answer.items, answer.total, answer.total_exact))
}

/// The number of members matching the filters in `data`.
#[derive(Serialize, ToSchema)]
#[schema(description = "Le nombre d'adhérents qui répondent aux filtres, dans `data`.")]
#[serde(rename_all = "camelCase")]
pub struct MemberCountAnswer {
    #[schema(example = "ok")]
    pub status: &'static str,
    pub data: i64,
    // False when `data` is the database's estimate: beyond 100,000 expected matches, or when counting
    // takes more than 40 ms, counting every row would cost far more than the estimate, which is close
    // once the table's statistics are fresh.
    /// Faux quand `data` est l'estimation de la base de données : au-delà de 100 000 résultats
    /// attendus, ou quand le compte prend plus de 40 ms, compter chaque ligne coûterait bien plus
    /// que l'estimation, qui est proche dès que les statistiques de la table sont à jour.
    pub total_exact: bool,
}

/// The number of members matching the filters: exact when counting is cheap, estimated beyond
/// (`totalExact`; the rule is in docs/api.md).
#[utoipa::path(get, path = "/member/get.member_count", tag = "member",
    summary = "Nombre d'adhérents",
    description = "Le nombre d'adhérents qui répondent aux filtres : exact quand le compte coûte \
        peu, estimé au-delà (`totalExact` ; la règle est dans docs/api.md).",
    params(MemberFilter),
    responses((status = 200, body = MemberCountAnswer)))]
pub async fn member_count(
    State(state): State<AppState>,
    _caller: Authorized<MembersRead>,
    Query(filter): Query<MemberFilter>,
) -> Result<Response, ApiError> {
    let count = state.members().count_members(pb::MemberFilter::from(filter)).await?.into_inner();
    Ok(axum::Json(MemberCountAnswer { status: "ok", data: count.count, total_exact: count.exact })
        .into_response())
}

#[utoipa::path(get, path = "/member/get_member/{member_id}", tag = "member",
    summary = "Détail d'un adhérent",
    params(("member_id" = i64, Path, description = "Identifiant de l'adhérent.")),
    responses((status = 200, body = Data<pb::Member>), (status = 404, body = ErrorBody)))]
pub async fn get_member(
    State(state): State<AppState>,
    _caller: Authorized<MembersRead>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    let member = state.members().get_member(pb::Id { id }).await?.into_inner();
    Ok(envelope::data(member))
}

#[derive(Serialize, ToSchema)]
pub struct Family {
    // The main member of the family (the member asked for, or its main member).
    /// L'adhérent principal de la famille (l'adhérent demandé, ou son adhérent principal).
    pub main: pb::Member,
    pub spouses: Vec<pb::Member>,
    pub children: Vec<pb::Member>,
}

/// The family a member belongs to: its main member, the spouses and the children.
#[utoipa::path(get, path = "/member/get_member-family/{member_id}", tag = "member",
    summary = "Famille d'un adhérent",
    description = "La famille à laquelle appartient un adhérent : son adhérent principal, les \
        conjoints et les enfants.",
    params(("member_id" = i64, Path, description = "Identifiant de l'adhérent.")),
    responses((status = 200, body = Data<Family>), (status = 404, body = ErrorBody)))]
pub async fn get_member_family(
    State(state): State<AppState>,
    _caller: Authorized<MembersRead>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    let family = state.members().get_family(pb::Id { id }).await?.into_inner();
    Ok(envelope::data(Family {
        main: family.main.unwrap_or_default(),
        spouses: family.spouses,
        children: family.children,
    }))
}

/// Creates when `member_id` is absent or null, updates otherwise. The whole record is written: send it
/// back as `get_member` answers it (fields set by the server are ignored).
#[utoipa::path(post, path = "/member/post_member", tag = "member",
    summary = "Créer ou modifier un adhérent",
    description = "Crée quand `member_id` est absent ou null, modifie sinon. La fiche entière est \
        écrite : renvoyez-la telle que `get_member` la répond (les champs fixés par le serveur \
        sont ignorés).",
    request_body = pb::MemberInput,
    responses((status = 200, body = Written), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn post_member(
    State(state): State<AppState>,
    caller: Authorized<MembersWrite>,
    Json(body): Json<pb::MemberInput>,
) -> Result<Response, ApiError> {
    let creating = body.member_id.is_none_or(|id| id <= 0);
    let request = pb::SaveMemberRequest { member: Some(body), caller: caller.0.login_name };
    let id = state.members().save_member(request).await?.into_inner().id;
    Ok(envelope::written(if creating { "Adhérent créé" } else { "Adhérent enregistré" }, Some(id)))
}

/// Refused (409) while a main member still has dependants, or a member still farms parcels.
#[utoipa::path(delete, path = "/member/delete_member/{member_id}", tag = "member",
    summary = "Supprimer un adhérent",
    description = "Refusée (409) tant qu'un adhérent principal a encore des conjoints ou des \
        enfants rattachés, ou qu'un adhérent exploite encore des parcelles.",
    params(("member_id" = i64, Path, description = "Identifiant de l'adhérent.")),
    responses((status = 200, body = Written), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn delete_member(
    State(state): State<AppState>,
    _caller: Authorized<MembersDelete>,
    Path(id): Path<i64>,
) -> Result<Response, ApiError> {
    state.members().delete_member(pb::Id { id }).await?;
    Ok(envelope::written("Adhérent supprimé", None))
}

#[derive(Serialize, ToSchema)]
pub struct PhotoAnswer {
    #[schema(example = "ok")]
    pub status: &'static str,
    pub message: String,
    // The photo's file name (`7.jpg`).
    /// Le nom du fichier de la photo (`7.jpg`).
    pub member_photo: String,
    pub photo_path: String,
}

/// The form of a photo upload (multipart/form-data).
#[derive(ToSchema)]
#[schema(description = "Le formulaire d'envoi d'une photo (multipart/form-data).")]
#[allow(dead_code)]
pub struct PhotoUpload {
    member_id: i64,
    // A JPEG, PNG or WebP image (the content is checked, not the name).
    /// Une image JPEG, PNG ou WebP (le contenu est vérifié, pas le nom).
    #[schema(value_type = String, format = Binary)]
    member_photo: Vec<u8>,
}

/// Checks, normalises (orientation, at most 1024 pixels, JPEG) and keeps a member's photo with a
/// thumbnail. A refused upload leaves the previous photo untouched.
#[utoipa::path(post, path = "/member/post_member-photo", tag = "member",
    summary = "Enregistrer la photo d'un adhérent",
    description = "Vérifie, normalise (orientation, 1024 pixels au plus, JPEG) et garde la photo \
        d'un adhérent avec une miniature. Un envoi refusé laisse la photo précédente intacte.",
    request_body(content = PhotoUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = PhotoAnswer), (status = 400, body = ErrorBody), (status = 413, body = ErrorBody)))]
pub async fn post_member_photo(
    State(state): State<AppState>,
    caller: Authorized<MembersWrite>,
    mut form: Multipart,
) -> Result<Response, ApiError> {
    let mut member_id: Option<i64> = None;
    let mut photo: Option<(String, Vec<u8>)> = None;
    while let Some(field) = form.next_field().await.map_err(multipart_error)? {
        match field.name() {
            Some("member_id") => {
                let text = field.text().await.map_err(multipart_error)?;
                member_id = Some(text.trim().parse().map_err(|_| {
                    ApiError::field(
                        "member_id",
                        "Le numéro de l'adhérent doit être un nombre entier.",
                    )
                })?);
            }
            Some("member_photo") => {
                let name = field.file_name().unwrap_or_default().to_string();
                photo = Some((name, field.bytes().await.map_err(multipart_error)?.to_vec()));
            }
            _ => {}
        }
    }
    let member_id = member_id
        .ok_or_else(|| ApiError::field("member_id", "Le numéro de l'adhérent est obligatoire."))?;
    let (file_name, content) = photo.ok_or_else(|| {
        ApiError::field("member_photo", "Aucune photo reçue : choisissez un fichier image.")
    })?;
    let upload = pb::PhotoUpload { member_id, content, file_name, caller: caller.0.login_name };
    let saved = state.members().save_photo(upload).await?.into_inner();
    Ok(axum::Json(PhotoAnswer {
        status: "ok",
        message: "Photo enregistrée".into(),
        member_photo: saved.member_photo,
        photo_path: saved.photo_path,
    })
    .into_response())
}

fn multipart_error(e: axum::extract::multipart::MultipartError) -> ApiError {
    photo_form_error(e, "member_id, member_photo")
}

/// A photo form that could not be read, in French: too large, or not the multipart form of `fields`.
pub(crate) fn photo_form_error(
    e: axum::extract::multipart::MultipartError,
    fields: &str,
) -> ApiError {
    if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::new(e.status(), "La photo dépasse la taille permise.")
    } else {
        ApiError::bad_request(format!(
            "Envoi illisible : la photo doit arriver en multipart/form-data ({fields})."
        ))
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PhotoQuery {
    // The small picture for lists.
    /// La miniature, pour les listes.
    pub thumbnail: Option<bool>,
    // The photo's version (as in `photoFilePath`): with it the answer may be cached for good.
    /// La version de la photo (comme dans `photoFilePath`) : avec elle, la réponse peut être gardée
    /// en cache pour toujours.
    pub v: Option<String>,
}

/// A member's photo (JPEG).
#[utoipa::path(get, path = "/member/get_member-photo/{member_id}", tag = "member",
    summary = "Photo d'un adhérent (JPEG)",
    params(("member_id" = i64, Path, description = "Identifiant de l'adhérent."), PhotoQuery),
    responses((status = 200, content_type = "image/jpeg", body = Vec<u8>), (status = 404, body = ErrorBody)))]
pub async fn get_member_photo(
    State(state): State<AppState>,
    _caller: Authorized<MembersRead>,
    Path(id): Path<i64>,
    Query(query): Query<PhotoQuery>,
) -> Result<Response, ApiError> {
    // A thumbnail asked at a version is that version's (the photo a card was made with).
    let thumbnail = query.thumbnail.unwrap_or(false);
    let version =
        query.v.as_deref().and_then(|v| v.parse().ok()).filter(|_| thumbnail).unwrap_or(0);
    let request = pb::PhotoRequest { member_id: id, thumbnail, version };
    let photo = state.members().get_photo(request).await?.into_inner();
    // A versioned address never changes content; without the version, check each time.
    let cache = if query.v.as_deref() == Some(photo.version.as_str()) {
        "private, max-age=31536000, immutable"
    } else {
        "private, no-cache"
    };
    Ok((
        [
            (header::CONTENT_TYPE, photo.content_type),
            (header::CACHE_CONTROL, cache.to_string()),
            (header::ETAG, format!("\"{}\"", photo.version)),
        ],
        photo.content,
    )
        .into_response())
}
