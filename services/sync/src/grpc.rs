//! The gRPC face of the sync service: translation between the contract and the rules, store and runs.

use crate::domain::messages as msg;
use crate::domain::runs;
use crate::run::{
    BATCH, CARDS_PAGE, GEOGRAPHY_PAGE, PhotoSent, Session, Work, deliver_photos, settle_photos,
    still_waiting,
};
use crate::store::{
    CARDS, FROM_SERVER, GEOGRAPHY, Handshake, JOURNAL_SORT, PEER_SORT, PHOTO_FAILURE_SORT, Store,
};
use crate::{CardsClient, CentralServer, Clients, GeographyClient, MembersClient};
use common::config::RunningEnv;
use common::error::ServiceError;
use common::identity::{Calls, Identity, Need};
use common::paging::Page;
use common::roles::{Access, Area};
use common::service_identity::ServiceIdentity;
use proto::cards::CardPage;
use proto::sync as pb;
use proto::sync::sync_server::Sync;
use tonic::{Request, Response, Status};

pub struct SyncGrpc {
    store: Store,
    running_env: RunningEnv,
    central: Option<CentralServer>,
    http: reqwest::Client,
    clients: Clients,
    /// The identity runs call the members service with (no user waits behind a run).
    identity: Option<ServiceIdentity>,
}

impl SyncGrpc {
    pub fn new(
        store: Store,
        running_env: RunningEnv,
        central: Option<CentralServer>,
        clients: Clients,
    ) -> anyhow::Result<Self> {
        let http = reqwest::Client::builder().build()?;
        Ok(SyncGrpc { store, running_env, central, http, clients, identity: None })
    }

    pub fn with_identity(self, identity: Option<ServiceIdentity>) -> Self {
        SyncGrpc { identity, ..self }
    }

    /// The members service, for the calls the central server serves.
    fn members(&self) -> Result<MembersClient, ServiceError> {
        self.clients
            .members
            .clone()
            .ok_or_else(|| ServiceError::Unavailable(msg::NO_MEMBERS_SERVICE.into()))
    }

    /// The cards service, for the payments and cards the central server sends.
    fn cards(&self) -> Result<CardsClient, ServiceError> {
        self.clients
            .cards
            .clone()
            .ok_or_else(|| ServiceError::Unavailable(msg::NO_CARDS_SERVICE.into()))
    }

    /// The geography service, for the geography the central server sends.
    fn geography(&self) -> Result<GeographyClient, ServiceError> {
        self.clients
            .geography
            .clone()
            .ok_or_else(|| ServiceError::Unavailable(msg::NO_GEOGRAPHY_SERVICE.into()))
    }

    /// The calls a field laptop makes are served by the central server only.
    fn central_only(&self) -> Result<(), ServiceError> {
        self.running_env.central_only(msg::ON_FIELD)
    }
}

/// An instance id as a field laptop sends it.
fn instance_id(text: &str) -> Result<uuid::Uuid, ServiceError> {
    uuid::Uuid::parse_str(text.trim())
        .map_err(|_| ServiceError::invalid_field("instanceId", msg::INSTANCE_ID))
}

/// A lineage as a field laptop sends it.
fn lineage_of(text: &str, field: &str) -> Result<uuid::Uuid, ServiceError> {
    uuid::Uuid::parse_str(text.trim()).map_err(|_| ServiceError::invalid_field(field, msg::LINEAGE))
}

/// A position as a field laptop sends it.
fn position(value: i64, field: &str) -> Result<i64, ServiceError> {
    if value < 0 {
        return Err(ServiceError::invalid_field(field, msg::POSITION));
    }
    Ok(value)
}

type Answer<T> = Result<Response<T>, Status>;

/// What each call needs from its caller (the role matrix of docs/roles.md, checked again here).
pub const CALLS: Calls = &[
    ("StartRun", Need::Role(Area::Sync, Access::Write)),
    ("StopRun", Need::Role(Area::Sync, Access::Write)),
    ("ListJournal", Need::Role(Area::Sync, Access::Read)),
    ("GetJournalEntry", Need::Role(Area::Sync, Access::Read)),
    ("ListConflicts", Need::Role(Area::Sync, Access::Read)),
    ("Handshake", Need::Role(Area::Replication, Access::Write)),
    ("ReceiveBatch", Need::Role(Area::Replication, Access::Write)),
    ("ServedCheckpoints", Need::Role(Area::Replication, Access::Write)),
    ("SendChanges", Need::Role(Area::Replication, Access::Write)),
    ("SendGeography", Need::Role(Area::Replication, Access::Write)),
    ("SendCards", Need::Role(Area::Replication, Access::Write)),
    ("ReceivePhotos", Need::Role(Area::Replication, Access::Write)),
    ("SendPhotos", Need::Role(Area::Replication, Access::Write)),
    // The failed photos are an administrator's tool (`tools/*`).
    ("ListPhotoFailures", Need::Role(Area::Tools, Access::Read)),
    ("RetryPhoto", Need::Role(Area::Tools, Access::Write)),
    ("ListPeers", Need::Role(Area::Sync, Access::Read)),
    // Forgetting a laptop's lineage lowers a guard against copies: the roles that may delete.
    ("ReadmitPeer", Need::Role(Area::Sync, Access::Delete)),
];

#[tonic::async_trait]
impl Sync for SyncGrpc {
    async fn start_run(&self, request: Request<pb::StartRunRequest>) -> Answer<pb::JournalEntry> {
        let caller = Identity::of(&request)?;
        let direction = runs::direction(&request.into_inner().direction)?;
        if self.running_env == RunningEnv::Central {
            return Err(ServiceError::Conflict(msg::ON_CENTRAL.into()).into());
        }
        // One run at a time on the instance, whichever replica was asked.
        let claim = self
            .store
            .claim_run()
            .await?
            .ok_or_else(|| ServiceError::Conflict(msg::ALREADY_RUNNING.into()))?;
        let uuid = uuid::Uuid::now_v7();
        let started = async {
            // A run still `running` while the claim was free was left by a process that died.
            let interrupted = self.store.close_interrupted(&claim).await?;
            if interrupted > 0 {
                tracing::warn!(
                    interrupted,
                    "runs left running by a stopped process closed as interrupted"
                );
            }
            self.store.start_run(uuid, direction, &caller.login_name).await
        };
        let entry = match started.await {
            Ok(entry) => entry,
            Err(e) => {
                claim.release().await;
                return Err(e.into());
            }
        };
        tracing::info!(%uuid, direction, login_id = caller.login_id, "sync run started");
        let work = Work {
            store: self.store.clone(),
            central: self.central.clone(),
            http: self.http.clone(),
            clients: self.clients.clone(),
            identity: self.identity.clone(),
        };
        tokio::spawn(crate::run::run(work, uuid, direction, claim));
        Ok(Response::new(entry))
    }

    async fn stop_run(&self, request: Request<pb::RunUuid>) -> Answer<pb::JournalEntry> {
        let uuid = runs::run_uuid(&request.into_inner().uuid)?;
        Ok(Response::new(self.store.request_stop(uuid).await?))
    }

    async fn list_journal(
        &self,
        request: Request<pb::JournalListRequest>,
    ) -> Answer<pb::JournalList> {
        let r = request.into_inner();
        let page = Page::of(&r.paging.unwrap_or_default(), JOURNAL_SORT)?;
        let direction = runs::filter(&r.r#type, runs::DIRECTIONS, "type", msg::UNKNOWN_DIRECTION)?;
        let state = runs::filter(&r.state, runs::STATES, "state", msg::UNKNOWN_STATE)?;
        let (entries, total) = self.store.list_journal(direction, state, &page).await?;
        Ok(Response::new(pb::JournalList { entries, total }))
    }

    async fn get_journal_entry(&self, request: Request<pb::RunUuid>) -> Answer<pb::JournalEntry> {
        let uuid = runs::run_uuid(&request.into_inner().uuid)?;
        Ok(Response::new(self.store.journal_entry(uuid).await?))
    }

    async fn list_conflicts(&self, request: Request<pb::RunUuid>) -> Answer<pb::ConflictList> {
        let uuid = runs::run_uuid(&request.into_inner().uuid)?;
        self.store.journal_entry(uuid).await?;
        Ok(Response::new(pb::ConflictList { conflicts: self.store.conflicts(uuid).await? }))
    }

    async fn handshake(
        &self,
        request: Request<pb::HandshakeRequest>,
    ) -> Answer<pb::HandshakeAnswer> {
        self.central_only()?;
        let caller = Identity::of(&request)?;
        let hello = request.into_inner();
        let laptop = instance_id(&hello.instance_id)?;
        let position = position(hello.position, "position")?;
        let lineage = match hello.lineage.trim() {
            "" => None,
            given => Some(lineage_of(given, "lineage")?),
        };
        let proposed = lineage_of(&hello.proposed_lineage, "proposedLineage")?;
        let Handshake { known_position, send_everything } =
            self.store.handshake(laptop, position, lineage, proposed, &caller.login_name).await?;
        tracing::info!(%laptop, position, known_position, send_everything,
            login = caller.login_name, "field laptop handshake");
        let instance_id = self.store.instance_id().await?.to_string();
        Ok(Response::new(pb::HandshakeAnswer { instance_id, known_position, send_everything }))
    }

    async fn list_peers(&self, request: Request<pb::PeerListRequest>) -> Answer<pb::PeerList> {
        self.central_only()?;
        let paging = request.into_inner().paging.unwrap_or_default();
        let page = Page::by_offset(&paging, PEER_SORT)?;
        let (peers, total) = self.store.list_peers(&page).await?;
        Ok(Response::new(pb::PeerList { peers, total }))
    }

    async fn readmit_peer(&self, request: Request<pb::PeerInstance>) -> Answer<pb::Peer> {
        self.central_only()?;
        let caller = Identity::of(&request)?;
        let laptop = instance_id(&request.into_inner().instance_id)?;
        let peer = self.store.readmit_peer(laptop).await?;
        tracing::warn!(%laptop, login = peer.login_name, by = caller.login_name,
            "field laptop accepted again: its next handshake sends everything made on it");
        Ok(Response::new(peer))
    }

    async fn receive_batch(
        &self,
        request: Request<pb::ReceivedBatch>,
    ) -> Answer<proto::members::SyncApplied> {
        self.central_only()?;
        let batch = request.into_inner();
        let laptop = instance_id(&batch.instance_id)?;
        if !self.store.peer_known(laptop).await? {
            return Err(ServiceError::Conflict(msg::NO_HANDSHAKE.into()).into());
        }
        let apply = proto::members::SyncBatch {
            batch_id: batch.batch_id,
            records: batch.records,
            instance_id: self.store.instance_id().await?.to_string(),
            seen_position: batch.seen_position,
        };
        let applied = self.members()?.apply_synced_members(apply).await?.into_inner();
        tracing::info!(%laptop, created = applied.created, updated = applied.updated,
            conflicts = applied.conflicts.len(), replayed = applied.replayed, "batch received");
        Ok(Response::new(applied))
    }

    async fn served_checkpoints(
        &self,
        request: Request<pb::Checkpoints>,
    ) -> Answer<pb::Checkpoints> {
        self.central_only()?;
        let asked = request.into_inner();
        let laptop = instance_id(&asked.instance_id)?;
        let served = self.store.served(laptop).await?;
        let within = |stream: &str, field: &str, checkpoint: i64| {
            Ok::<_, ServiceError>(
                position(checkpoint, field)?.min(served.get(stream).copied().unwrap_or(0)),
            )
        };
        let members = within(FROM_SERVER, "members", asked.members)?;
        let geography = within(GEOGRAPHY, "geography", asked.geography)?;
        let cards = within(CARDS, "cards", asked.cards)?;
        if (members, geography, cards) != (asked.members, asked.geography, asked.cards) {
            tracing::warn!(%laptop, members, geography, cards, "a laptop's checkpoints are past what \
                this server served it (restored from a backup?): it receives again from there");
        }
        Ok(Response::new(pb::Checkpoints {
            instance_id: asked.instance_id,
            members,
            geography,
            cards,
        }))
    }

    async fn send_changes(
        &self,
        request: Request<pb::ChangesAfter>,
    ) -> Answer<proto::members::SyncedMemberPage> {
        self.central_only()?;
        let asked = request.into_inner();
        let laptop = instance_id(&asked.instance_id)?;
        let changes = proto::members::ChangesRequest {
            after: position(asked.after, "after")?,
            marked: false,
            up_to: 0,
            limit: if asked.limit > 0 { asked.limit.min(BATCH * 4) } else { BATCH },
            instance_id: self.store.instance_id().await?.to_string(),
            // What the laptop made itself it has (or a later version of it).
            except_origin: laptop.to_string(),
        };
        let page = self.members()?.changed_members(changes).await?.into_inner();
        self.store.record_served(laptop, FROM_SERVER, page.last_position).await?;
        Ok(Response::new(page))
    }

    async fn send_geography(
        &self,
        request: Request<pb::ChangesAfter>,
    ) -> Answer<proto::geography::GeographyPage> {
        self.central_only()?;
        let (laptop, after, limit) = page_asked(&request.into_inner(), GEOGRAPHY_PAGE)?;
        let changes = proto::geography::GeographyChangesRequest { after, limit };
        let page = self.geography()?.changed_geography(changes).await?.into_inner();
        self.store.record_served(laptop, GEOGRAPHY, page.last_position).await?;
        Ok(Response::new(page))
    }

    async fn send_cards(&self, request: Request<pb::ChangesAfter>) -> Answer<CardPage> {
        self.central_only()?;
        let (laptop, after, limit) = page_asked(&request.into_inner(), CARDS_PAGE)?;
        let changes = proto::cards::CardChangesRequest { after, limit };
        let page = self.cards()?.changed_cards(changes).await?.into_inner();
        self.store.record_served(laptop, CARDS, page.last_position).await?;
        Ok(Response::new(page))
    }

    async fn receive_photos(
        &self,
        request: Request<pb::ReceivedPhotos>,
    ) -> Answer<proto::members::SyncedPhotoOutcomes> {
        self.central_only()?;
        let received = request.into_inner();
        let laptop = instance_id(&received.instance_id)?;
        if !self.store.peer_known(laptop).await? {
            return Err(ServiceError::Conflict(msg::NO_HANDSHAKE.into()).into());
        }
        let (count, bytes) =
            (received.photos.len(), received.photos.iter().map(|p| p.content.len()).sum::<usize>());
        let apply = proto::members::SyncedPhotoBatch { photos: received.photos };
        let outcomes = self.members()?.apply_synced_photos(apply).await?.into_inner();
        tracing::info!(%laptop, count, bytes, "photos received");
        Ok(Response::new(outcomes))
    }

    async fn send_photos(&self, request: Request<pb::PhotosAsked>) -> Answer<pb::CentralPhotoList> {
        use base64::Engine;
        self.central_only()?;
        let asked = request.into_inner();
        let laptop = instance_id(&asked.instance_id)?;
        let read = proto::members::PhotoUuids { member_uuids: asked.member_uuids };
        let batch = self.members()?.read_photos(read).await?.into_inner();
        let photos: Vec<pb::CentralPhoto> = batch
            .photos
            .into_iter()
            .map(|p| pb::CentralPhoto {
                member_uuid: p.member_uuid,
                version: p.version,
                content: base64::engine::general_purpose::STANDARD.encode(p.content),
            })
            .collect();
        tracing::info!(%laptop, count = photos.len(), "photos sent to a laptop");
        Ok(Response::new(pb::CentralPhotoList { photos }))
    }

    async fn list_photo_failures(
        &self,
        request: Request<pb::PhotoFailureListRequest>,
    ) -> Answer<pb::PhotoFailureList> {
        let paging = request.into_inner().paging.unwrap_or_default();
        let page = Page::by_offset(&paging, PHOTO_FAILURE_SORT)?;
        let (items, total) = self.store.list_photo_failures(&page).await?;
        Ok(Response::new(pb::PhotoFailureList { items, total }))
    }

    async fn retry_photo(&self, request: Request<pb::MemberUuid>) -> Answer<pb::PhotoRetried> {
        let photo = self.store.photo_failure(&request.into_inner().member_uuid).await?;
        let central =
            self.central.as_ref().ok_or_else(|| ServiceError::Conflict(msg::NOT_PAIRED.into()))?;
        let mut members = self.members()?;
        let unavailable = |message: String| ServiceError::Unavailable(message);
        // A photo no longer waiting here (its member deleted, or sent meanwhile) leaves the list.
        if still_waiting(&members, vec![photo.member_id]).await.map_err(unavailable)?.is_empty() {
            self.store.forget_photos(std::slice::from_ref(&photo)).await?;
            tracing::info!(member_uuid = photo.member_uuid, "failed photo no longer waiting to go");
            return Ok(Response::new(pb::PhotoRetried {
                sent: false,
                message: msg::PHOTO_NO_LONGER_WAITING.into(),
                failure: None,
            }));
        }
        let session = Session::open(central, &self.http).await.map_err(unavailable)?;
        let instance = self.store.instance_id().await?.to_string();
        let member_uuid = photo.member_uuid.clone();
        let sent = deliver_photos(&session, &members, &self.store, &instance, vec![photo])
            .await
            .map_err(unavailable)?
            .pop()
            .ok_or_else(|| {
                ServiceError::Internal(anyhow::anyhow!("a photo sent without an outcome"))
            })?;
        tracing::info!(member_uuid, sent = matches!(sent, PhotoSent::Sent(_)), "photo retried");
        Ok(Response::new(match sent {
            PhotoSent::Sent(photo) => {
                settle_photos(&mut members, &self.store, vec![photo]).await.map_err(unavailable)?;
                pb::PhotoRetried { sent: true, message: msg::PHOTO_SENT.into(), failure: None }
            }
            PhotoSent::Failed(failure) => pb::PhotoRetried {
                sent: false,
                message: failure.last_error.clone(),
                failure: Some(failure),
            },
        }))
    }
}

/// A laptop's page request checked: its checkpoint, and its size (`default` when not given, at most four
/// times it).
fn page_asked(
    asked: &pb::ChangesAfter,
    default: i32,
) -> Result<(uuid::Uuid, i64, i32), ServiceError> {
    let laptop = instance_id(&asked.instance_id)?;
    let limit = if asked.limit > 0 { asked.limit.min(default * 4) } else { default };
    Ok((laptop, position(asked.after, "after")?, limit))
}
