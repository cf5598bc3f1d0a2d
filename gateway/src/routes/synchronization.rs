//! `synchronization/*`: a field laptop's synchronisation runs with the central server, their journal and
//! conflicts (the sync service), and the three calls the central server serves to field laptops'
//! runs: the handshake, a batch received, a page of changes sent (docs/api.md, "Synchronisation").

use crate::access::{ReplicationWrite, SyncDelete, SyncRead, SyncWrite};
use crate::envelope::{self, Data, List, Paging};
use crate::error::{ApiError, ErrorBody};
use crate::extract::Multipart;
use crate::extract::{Json, Path, Query};
use crate::routes::members::photo_form_error;
use crate::session::Authorized;
use crate::state::AppState;
use axum::extract::{DefaultBodyLimit, State};
use axum::response::Response;
use common::grpc::TracedChannel;
use common::photos::{SYNC_PHOTO_CALL_BYTES, SYNC_PHOTOS_A_CALL};
use proto::sync as pb;
use proto::sync::sync_client::SyncClient;
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router(photo_max_bytes: usize) -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start))
        .routes(routes!(stop))
        .routes(routes!(journal_list))
        .routes(routes!(journal_entry))
        .routes(routes!(conflicts))
        .routes(routes!(peers))
        .routes(routes!(readmit_peer))
        .routes(routes!(handshake))
        .routes(routes!(receive_batch))
        .routes(routes!(served_checkpoints))
        .routes(routes!(send_changes))
        .routes(routes!(send_geography))
        .routes(routes!(send_cards))
        .routes(routes!(send_photos))
        // A call holds up to a laptop's call of photos, or one photo as large as an upload may be; the
        // multipart envelope adds a little to each photo.
        .merge(OpenApiRouter::new().routes(routes!(receive_photos)).layer(DefaultBodyLimit::max(
            photo_max_bytes.max(SYNC_PHOTO_CALL_BYTES) + (SYNC_PHOTOS_A_CALL + 1) * 1024,
        )))
}

fn sync(state: &AppState) -> SyncClient<TracedChannel> {
    state.client()
}

/// Starts a run on this field laptop: `to_server` (send) or `from_server` (receive). It answers the run's
/// journal entry at once (`synchronizationJournal_uuid`) and works in the background; one run at a time
/// (409), none on the central server (409).
#[utoipa::path(get, path = "/synchronization/get_synchronization_start/{direction}", tag = "synchronization",
    summary = "Lancer une synchronisation",
    description = "Lance une synchronisation sur ce poste de terrain : `to_server` (envoi) ou \
        `from_server` (réception). Répond aussitôt l'entrée du journal de la synchronisation \
        (`synchronizationJournal_uuid`) et travaille en arrière-plan ; une seule à la fois (409), \
        aucune sur le serveur central (409).",
    params(("direction" = String, Path, description = "`to_server` (envoi) ou `from_server` (réception).")),
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
    // The run's uuid (`synchronizationJournal_uuid`).
    /// L'uuid de la synchronisation (`synchronizationJournal_uuid`).
    pub uuid: String,
}

/// Asks a run to stop: it stops within a moment, and its journal entry says so.
#[utoipa::path(post, path = "/synchronization/get_synchronization_stop", tag = "synchronization",
    summary = "Arrêter une synchronisation",
    description = "Demande l'arrêt d'une synchronisation : elle s'arrête dans un instant, et son \
        entrée du journal l'indique.",
    request_body = StopRun,
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
    // `to_server` or `from_server`.
    /// `to_server` ou `from_server`.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub direction: Option<String>,
    // `running`, `done`, `failed` or `stopped`.
    /// `running`, `done`, `failed` ou `stopped`.
    pub state: Option<String>,
}

/// The journal of runs. Sortable on synchronizationJournal_startedAt (default) and synchronizationJournal_id.
#[utoipa::path(get, path = "/synchronization/get.synchronization_list", tag = "synchronization",
    summary = "Journal des synchronisations",
    description = "Triable sur synchronizationJournal_startedAt (par défaut) et \
        synchronizationJournal_id.",
    params(Paging, JournalFilter),
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
#[utoipa::path(get, path = "/synchronization/get.synchronization/{uuid}", tag = "synchronization",
    summary = "Entrée du journal d'une synchronisation",
    description = "L'entrée du journal d'une synchronisation, par son uuid : son avancement \
        pendant qu'elle tourne, son issue une fois terminée.",
    params(("uuid" = String, Path, description = "L'uuid de la synchronisation (`synchronizationJournal_uuid`).")),
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

/// The conflicts a run met: for each member, the version kept and the version dropped (JSON records).
#[utoipa::path(get, path = "/synchronization/get.synchronization_conflicts/{uuid}", tag = "synchronization",
    summary = "Conflits d'une synchronisation",
    description = "Les conflits qu'a rencontrés une synchronisation : pour chaque adhérent, la \
        version gardée et la version écartée (fiches JSON).",
    params(("uuid" = String, Path, description = "L'uuid de la synchronisation (`synchronizationJournal_uuid`).")),
    responses((status = 200, body = List<pb::Conflict>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn conflicts(
    State(state): State<AppState>,
    _caller: Authorized<SyncRead>,
    Path(uuid): Path<String>,
) -> Result<Response, ApiError> {
    let answer =
        sync(&state).list_conflicts(pb::RunUuid { uuid: bounded(uuid) }).await?.into_inner();
    let total = answer.conflicts.len() as i64;
    Ok(envelope::list(answer.conflicts, total))
}

/// On the central server: the field laptops it knows. Sortable on lastSeen (default), firstSeen and
/// login_name.
#[utoipa::path(get, path = "/synchronization/get.synchronization_peer_list", tag = "synchronization",
    summary = "Postes de terrain connus du serveur central",
    description = "Sur le serveur central : les postes de terrain qui s'y sont présentés, avec leur \
        compte de synchronisation, leur première et dernière présentation et s'ils ont été acceptés \
        de nouveau. Triable sur lastSeen (par défaut), firstSeen et login_name.",
    params(Paging),
    responses((status = 200, body = List<pb::Peer>), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn peers(
    State(state): State<AppState>,
    _caller: Authorized<SyncRead>,
    Query(paging): Query<Paging>,
) -> Result<Response, ApiError> {
    let request = pb::PeerListRequest { paging: Some(paging.to_pb()) };
    let answer = sync(&state).list_peers(request).await?.into_inner();
    Ok(envelope::list(answer.peers, answer.total))
}

/// On the central server restored from a backup: accepts again a field laptop that sent after the
/// backup (refused as a copy since). Its lineage is forgotten: its next sending run is accepted and
/// sends again everything made on it.
#[utoipa::path(delete, path = "/synchronization/delete_synchronization_peer_lineage/{instanceId}", tag = "synchronization",
    summary = "Accepter de nouveau un poste de terrain",
    description = "Sur le serveur central restauré d'une sauvegarde : accepte de nouveau un poste de \
        terrain qui avait envoyé après la sauvegarde (refusé depuis comme une copie). Sa lignée est \
        oubliée : sa prochaine synchronisation d'envoi est acceptée et renvoie tout ce qui a été fait \
        sur le poste.",
    params(("instanceId" = String, Path, description = "L'identifiant d'instance du poste (un uuid).")),
    responses((status = 200, body = Data<pb::Peer>), (status = 400, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn readmit_peer(
    State(state): State<AppState>,
    _caller: Authorized<SyncDelete>,
    Path(instance_id): Path<String>,
) -> Result<Response, ApiError> {
    let request = pb::PeerInstance { instance_id: bounded(instance_id) };
    Ok(envelope::data(sync(&state).readmit_peer(request).await?.into_inner()))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct Hello {
    // The field laptop's instance id (a uuid).
    /// L'identifiant d'instance du poste de terrain (un uuid).
    pub instance_id: String,
    // The greatest position of the laptop's changes.
    /// La plus grande position des modifications du poste.
    pub position: i64,
    // The lineage the central server confirmed to the laptop at its last send (absent: none yet).
    /// La lignée que le serveur central a confirmée au poste lors de son dernier envoi (absente :
    /// aucune encore).
    #[serde(default)]
    pub lineage: String,
    // The lineage the laptop proposes from now on (a uuid), kept by the laptop until confirmed.
    /// La lignée que le poste propose pour la suite (un uuid), gardée par le poste jusqu'à sa
    /// confirmation.
    pub proposed_lineage: String,
}

/// On the central server, for a field laptop's run (role sync), before it sends: the laptop says who it
/// is and where its changes stand; a database restored or copied (its instance id already seen at a later
/// position, or with another lineage than the one confirmed to it last) is refused (409, in French).
/// Answers the central server's instance id.
#[utoipa::path(get, path = "/synchronization/get_synchronization_to_server", tag = "synchronization",
    summary = "Présentation d'un poste de terrain avant son envoi",
    description = "Sur le serveur central, pour la synchronisation d'un poste de terrain (rôle \
        sync), avant son envoi : le poste dit qui il est et où en sont ses modifications ; une \
        base restaurée ou copiée (son identifiant d'instance déjà vu à une position plus avancée, \
        ou avec une autre lignée que celle qui lui a été confirmée en dernier) est refusée (409, en \
        français). La lignée proposée devient celle du poste. Répond l'identifiant d'instance du \
        serveur central.",
    params(Hello),
    responses((status = 200, body = Data<pb::HandshakeAnswer>), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn handshake(
    State(state): State<AppState>,
    _caller: Authorized<ReplicationWrite>,
    Query(hello): Query<Hello>,
) -> Result<Response, ApiError> {
    uuid_field(
        &hello.instance_id,
        "instanceId",
        "L'identifiant d'instance (instanceId) doit être un uuid.",
    )?;
    const LINEAGE: &str = "La lignée (lineage, proposedLineage) doit être un uuid.";
    uuid_field(&hello.proposed_lineage, "proposedLineage", LINEAGE)?;
    if !hello.lineage.trim().is_empty() {
        uuid_field(&hello.lineage, "lineage", LINEAGE)?;
    }
    let request = pb::HandshakeRequest {
        instance_id: bounded(hello.instance_id),
        position: hello.position,
        lineage: bounded(hello.lineage),
        proposed_lineage: bounded(hello.proposed_lineage),
    };
    Ok(envelope::data(sync(&state).handshake(request).await?.into_inner()))
}

/// On the central server, for a field laptop's run (role sync): a batch of the laptop's members
/// (`records`, at most 1,000), applied in one transaction, the later version of a member winning (ties
/// to the greater instance id). Answers the counts, the conflicts and an acknowledgement per record; the
/// same `batchId` sent again changes nothing and gets the same answer.
#[utoipa::path(post, path = "/synchronization/post_synchronization", tag = "synchronization",
    summary = "Recevoir un lot d'adhérents d'un poste de terrain",
    description = "Sur le serveur central, pour la synchronisation d'un poste de terrain (rôle \
        sync) : un lot d'adhérents du poste (`records`, 1 000 au plus), appliqué en une seule \
        transaction, la version la plus récente d'un adhérent l'emportant (à égalité, celle du \
        plus grand identifiant d'instance). Répond les comptes, les conflits et un accusé de \
        réception par fiche ; le même `batchId` envoyé à nouveau ne change rien et reçoit la même \
        réponse.",
    request_body = pb::ReceivedBatch,
    responses((status = 200, body = Data<proto::members::SyncApplied>), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn receive_batch(
    State(state): State<AppState>,
    _caller: Authorized<ReplicationWrite>,
    Json(batch): Json<pb::ReceivedBatch>,
) -> Result<Response, ApiError> {
    uuid_field(
        &batch.instance_id,
        "instanceId",
        "L'identifiant d'instance (instanceId) doit être un uuid.",
    )?;
    uuid_field(&batch.batch_id, "batchId", "L'identifiant du lot (batchId) doit être un uuid.")?;
    if batch.records.len() > MAX_BATCH_RECORDS {
        return Err(ApiError::field("records", "Un lot contient au plus 1 000 adhérents."));
    }
    Ok(envelope::data(sync(&state).receive_batch(batch).await?.into_inner()))
}

/// The most members a batch may hold (a laptop sends 250).
const MAX_BATCH_RECORDS: usize = 1_000;

/// A uuid sent by a field laptop, checked here before anything is asked of the services.
pub(crate) fn uuid_field(text: &str, field: &str, message: &str) -> Result<(), ApiError> {
    uuid::Uuid::parse_str(text.trim()).map(|_| ()).map_err(|_| ApiError::field(field, message))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct ChangesAfter {
    // The field laptop's instance id (its own changes are left out: it has them).
    /// L'identifiant d'instance du poste de terrain (ses propres modifications sont écartées : il
    /// les a déjà).
    pub instance_id: String,
    // The laptop's checkpoint: the last position it applied (0 the first time).
    /// Le point de reprise du poste : la dernière position qu'il a appliquée (0 la première fois).
    pub after: i64,
    // Records a page holds (members: 250 by default, 1,000 at most; geography, payments and cards: 500,
    // 2,000 at most).
    /// Les fiches d'une page (adhérents : 250 par défaut, 1 000 au plus ; géographie, paiements et
    /// cartes : 500, 2 000 au plus).
    pub limit: Option<i32>,
}

impl From<ChangesAfter> for pb::ChangesAfter {
    fn from(asked: ChangesAfter) -> Self {
        pb::ChangesAfter {
            instance_id: bounded(asked.instance_id),
            after: asked.after,
            limit: asked.limit.unwrap_or(0),
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct PhotosAsked {
    // The field laptop's instance id.
    /// L'identifiant d'instance du poste de terrain.
    pub instance_id: String,
    // The uuids of the members whose photos the laptop asks for, separated by commas (50 at most).
    /// Les uuid des adhérents dont le poste demande les photos, séparés par des virgules (50 au plus).
    pub member_uuids: String,
}

/// On the central server, for a field laptop's run (role sync), after it received the members: the
/// photos of the members named, as kept here, each with its version here and its JPEG in base64; a
/// member unknown here or without a photo is left out.
#[utoipa::path(get, path = "/synchronization/get_synchronization_from_server_photos", tag = "synchronization",
    summary = "Photos des adhérents pour un poste de terrain",
    description = "Sur le serveur central, pour la synchronisation d'un poste de terrain (rôle \
        sync), après les adhérents : les photos des adhérents nommés (`memberUuids`, séparés par \
        des virgules, 50 au plus), telles que ce serveur les garde, chacune avec sa version ici et \
        son fichier JPEG en base64 ; un adhérent inconnu ici ou sans photo est omis.",
    params(PhotosAsked),
    responses((status = 200, body = Data<pb::CentralPhotoList>), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn send_photos(
    State(state): State<AppState>,
    _caller: Authorized<ReplicationWrite>,
    Query(asked): Query<PhotosAsked>,
) -> Result<Response, ApiError> {
    uuid_field(
        &asked.instance_id,
        "instanceId",
        "L'identifiant d'instance (instanceId) doit être un uuid.",
    )?;
    let member_uuids: Vec<String> =
        asked.member_uuids.split(',').map(|u| u.trim().to_string()).collect();
    if member_uuids.len() > SYNC_PHOTOS_A_CALL {
        return Err(ApiError::field("memberUuids", "Un appel demande au plus 50 photos."));
    }
    for uuid in &member_uuids {
        uuid_field(
            uuid,
            "memberUuids",
            "Chaque adhérent (memberUuids) est désigné par son uuid, séparés par des virgules.",
        )?;
    }
    let asked = pb::PhotosAsked { instance_id: asked.instance_id, member_uuids };
    Ok(envelope::data(sync(&state).send_photos(asked).await?.into_inner()))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct CheckpointsAsked {
    // The field laptop's instance id.
    /// L'identifiant d'instance du poste de terrain.
    pub instance_id: String,
    // The laptop's checkpoints: members, geography, payments and cards.
    /// Les points de reprise du poste : adhérents, géographie, paiements et cartes.
    pub members: i64,
    pub geography: i64,
    pub cards: i64,
}

/// On the central server, for a field laptop's run (role sync), before it receives: the laptop's three
/// checkpoints as far as this server served them. A checkpoint past that (this server restored from a
/// backup, or never serving this laptop) is answered lower, and the laptop receives again from there.
#[utoipa::path(get, path = "/synchronization/get_synchronization_from_server_checkpoints", tag = "synchronization",
    summary = "Points de reprise d'un poste de terrain avant sa réception",
    description = "Sur le serveur central, pour la synchronisation d'un poste de terrain (rôle \
        sync), avant sa réception : ses trois points de reprise, dans la limite de ce que ce serveur \
        lui a servi. Un point de reprise au-delà (serveur restauré d'une sauvegarde, ou qui n'a jamais \
        servi ce poste) est répondu plus bas, et le poste reçoit de nouveau à partir de là.",
    params(CheckpointsAsked),
    responses((status = 200, body = Data<pb::Checkpoints>), (status = 400, body = ErrorBody), (status = 409, body = ErrorBody)))]
pub async fn served_checkpoints(
    State(state): State<AppState>,
    _caller: Authorized<ReplicationWrite>,
    Query(asked): Query<CheckpointsAsked>,
) -> Result<Response, ApiError> {
    let mine = pb::Checkpoints {
        instance_id: bounded(asked.instance_id),
        members: asked.members,
        geography: asked.geography,
        cards: asked.cards,
    };
    Ok(envelope::data(sync(&state).served_checkpoints(mine).await?.into_inner()))
}

/// On the central server, for a field laptop's run (role sync): a page of the central server's changes
/// after the laptop's checkpoint, each dependant's main member before it; `lastPosition` is the laptop's
/// next checkpoint, to be written once the page is applied.
#[utoipa::path(get, path = "/synchronization/get_synchronization_from_server", tag = "synchronization",
    summary = "Modifications des adhérents pour un poste de terrain",
    description = "Sur le serveur central, pour la synchronisation d'un poste de terrain (rôle \
        sync) : une page des modifications du serveur central après le point de reprise du poste, \
        l'adhérent principal de chaque conjoint ou enfant avant lui ; `lastPosition` est le \
        prochain point de reprise du poste, à écrire une fois la page appliquée.",
    params(ChangesAfter),
    responses((status = 200, body = Data<proto::members::SyncedMemberPage>), (status = 400, body = ErrorBody)))]
pub async fn send_changes(
    State(state): State<AppState>,
    _caller: Authorized<ReplicationWrite>,
    Query(asked): Query<ChangesAfter>,
) -> Result<Response, ApiError> {
    Ok(envelope::data(sync(&state).send_changes(pb::ChangesAfter::from(asked)).await?.into_inner()))
}

/// On the central server, for a field laptop's run (role sync): a page of the central server's geography
/// changes after the laptop's geography checkpoint (`after`), each row's parents sent again in front of
/// it, deletions included; `lastPosition` is the laptop's next geography checkpoint. A laptop receives the
/// geography before the members, which name their localities by the central server's ids.
#[utoipa::path(get, path = "/synchronization/get_synchronization_geography", tag = "synchronization",
    summary = "Modifications de la géographie pour un poste de terrain",
    description = "Sur le serveur central, pour la synchronisation d'un poste de terrain (rôle \
        sync) : une page des modifications de la géographie du serveur central après le point de \
        reprise géographique du poste (`after`), les niveaux parents de chaque ligne renvoyés \
        devant elle, suppressions comprises ; `lastPosition` est le prochain point de reprise \
        géographique du poste. Un poste reçoit la géographie avant les adhérents, qui nomment \
        leurs localités par les identifiants du serveur central.",
    params(ChangesAfter),
    responses((status = 200, body = Data<proto::geography::GeographyPage>), (status = 400, body = ErrorBody)))]
pub async fn send_geography(
    State(state): State<AppState>,
    _caller: Authorized<ReplicationWrite>,
    Query(asked): Query<ChangesAfter>,
) -> Result<Response, ApiError> {
    Ok(envelope::data(
        sync(&state).send_geography(pb::ChangesAfter::from(asked)).await?.into_inner(),
    ))
}

/// On a field laptop's run (role sync), served by the central server: a page of its payments and cards
/// changed after the laptop's cards checkpoint (`after`), each card's payment and the cards it replaces
/// sent again in front of it, each with its member's id number (the laptop finds its own member by it);
/// `lastPosition` is the laptop's next cards checkpoint. A laptop receives them after the members, and
/// keeps them read-only.
#[utoipa::path(get, path = "/synchronization/get_synchronization_cards", tag = "synchronization",
    summary = "Paiements et cartes pour un poste de terrain",
    description = "Pour la synchronisation d'un poste de terrain (rôle sync), servi par le \
        serveur central : une page de ses paiements et cartes modifiés après le point de reprise \
        des cartes du poste (`after`), le paiement de chaque carte et les cartes qu'elle remplace \
        renvoyés devant elle, chacun avec le numéro d'adhérent de son adhérent (le poste retrouve \
        son propre adhérent par ce numéro) ; `lastPosition` est le prochain point de reprise des \
        cartes du poste. Un poste les reçoit après les adhérents, et les garde en lecture seule.",
    params(ChangesAfter),
    responses((status = 200, body = Data<proto::cards::CardPage>), (status = 400, body = ErrorBody)))]
pub async fn send_cards(
    State(state): State<AppState>,
    _caller: Authorized<ReplicationWrite>,
    Query(asked): Query<ChangesAfter>,
) -> Result<Response, ApiError> {
    Ok(envelope::data(sync(&state).send_cards(pb::ChangesAfter::from(asked)).await?.into_inner()))
}

/// The form of the photos a field laptop sends (multipart/form-data): its instance id, then for each
/// photo its member's uuid followed by the photo.
#[derive(ToSchema)]
#[schema(description = "Le formulaire des photos qu'envoie un poste de terrain \
    (multipart/form-data) : son identifiant d'instance, puis pour chaque photo l'uuid de son \
    adhérent suivi de la photo.")]
#[allow(dead_code)]
pub struct SyncedPhotosUpload {
    // The field laptop's instance id (a uuid).
    /// L'identifiant d'instance du poste de terrain (un uuid).
    #[schema(rename = "instanceId")]
    instance_id: String,
    // The uuid of a member whose record the central server received before; the next
    // `member_photo` is its photo.
    /// L'uuid d'un adhérent dont le serveur central a déjà reçu la fiche ; le `member_photo`
    /// suivant est sa photo.
    member_uuid: Vec<String>,
    // A JPEG, PNG or WebP image (the content is checked, not the name), after its member's uuid.
    /// Une image JPEG, PNG ou WebP (le contenu est vérifié, pas le nom), après l'uuid de son
    /// adhérent.
    #[schema(value_type = Vec<String>, format = Binary)]
    member_photo: Vec<Vec<u8>>,
}

/// On the central server, for a field laptop's run (role sync): photos of members the laptop sent
/// before (at most `SYNC_PHOTOS_A_CALL` a call), each checked and normalised as an upload and kept, or
/// refused on its own (`refused` says why); the members' versions are left as they are.
#[utoipa::path(post, path = "/synchronization/post_synchronization_photos", tag = "synchronization",
    summary = "Recevoir les photos d'un poste de terrain",
    description = "Sur le serveur central, pour la synchronisation d'un poste de terrain (rôle \
        sync) : des photos d'adhérents que le poste a déjà envoyés (au plus `SYNC_PHOTOS_A_CALL` \
        par appel), chacune vérifiée et normalisée comme un envoi de photo et gardée, ou refusée \
        seule (`refused` dit pourquoi) ; les versions des adhérents restent telles quelles.",
    request_body(content = SyncedPhotosUpload, content_type = "multipart/form-data"),
    responses((status = 200, body = Data<proto::members::SyncedPhotoOutcomes>),
        (status = 400, body = ErrorBody), (status = 409, body = ErrorBody),
        (status = 413, body = ErrorBody)))]
pub async fn receive_photos(
    State(state): State<AppState>,
    _caller: Authorized<ReplicationWrite>,
    mut form: Multipart,
) -> Result<Response, ApiError> {
    const FIELDS: &str = "instanceId, puis member_uuid et member_photo pour chaque photo";
    let error = |e| photo_form_error(e, FIELDS);
    let mut received = pb::ReceivedPhotos::default();
    let mut member_uuid = None;
    while let Some(field) = form.next_field().await.map_err(error)? {
        match field.name() {
            Some("instanceId") => received.instance_id = field.text().await.map_err(error)?,
            Some("member_uuid") => {
                let uuid = field.text().await.map_err(error)?;
                uuid_field(
                    &uuid,
                    "member_uuid",
                    "L'identifiant universel (member_uuid) de l'adhérent doit être un uuid.",
                )?;
                member_uuid = Some(uuid);
            }
            Some("member_photo") => {
                let Some(member_uuid) = member_uuid.take() else {
                    return Err(ApiError::field(
                        "member_uuid",
                        "Chaque photo (member_photo) doit suivre l'identifiant universel \
                         (member_uuid) de son adhérent.",
                    ));
                };
                let file_name = bounded(field.file_name().unwrap_or_default().to_string());
                let content = field.bytes().await.map_err(error)?.to_vec();
                if content.is_empty() {
                    return Err(ApiError::field(
                        "member_photo",
                        "Une photo reçue est vide : choisissez un fichier image.",
                    ));
                }
                // A laptop's photo carries no version of the central server's.
                received.photos.push(proto::members::SyncedPhoto {
                    member_uuid,
                    content,
                    file_name,
                    version: 0,
                });
                if received.photos.len() > SYNC_PHOTOS_A_CALL {
                    return Err(ApiError::bad_request(format!(
                        "Trop de photos dans un envoi : au plus {SYNC_PHOTOS_A_CALL}."
                    )));
                }
            }
            _ => {}
        }
    }
    uuid_field(
        &received.instance_id,
        "instanceId",
        "L'identifiant d'instance (instanceId) doit être un uuid.",
    )?;
    if received.photos.is_empty() || member_uuid.is_some() {
        return Err(ApiError::field(
            "member_photo",
            "Aucune photo reçue, ou un identifiant (member_uuid) sans sa photo.",
        ));
    }
    Ok(envelope::data(sync(&state).receive_photos(received).await?.into_inner()))
}

/// A word from outside, cut to a length no valid one reaches (the service says what is wrong with it).
fn bounded(mut text: String) -> String {
    text.truncate(text.floor_char_boundary(64));
    text
}
