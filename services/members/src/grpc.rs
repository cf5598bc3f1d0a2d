//! The gRPC face of the members service: translation between the contract and the rules, the store and
//! the photo store.

use crate::domain::{member_rules, messages as msg, photo, registry_rules};
use crate::photos::{Kind, PhotoStore};
use crate::store::cooperatives::{COOPERATIVE_OFFSET_SORTS, COOPERATIVE_SORT};
use crate::store::members::{MEMBER_SORT, MemberSettings, versioned_photo_path};
use crate::store::parcels::{PARCEL_OFFSET_SORTS, PARCEL_SORT, ParcelSearch};
use crate::store::sync::{ChangesQuery, MOST_RECORDS, Receiving};
use crate::store::{MemberSearch, Store};
use common::error::ServiceError;
use common::history::Origin;
use common::identity::{Calls, Identity, Need};
use common::paging::Page;
use common::photos::SYNC_PHOTOS_A_CALL;
use common::roles::{Access, Area, Role};
use common::text;
use futures::StreamExt;
use proto::common::{Empty, Paging};
use proto::members as pb;
use proto::members::members_server::Members;
use std::collections::HashMap;
use tonic::{Request, Response, Status};

pub struct MembersGrpc {
    pub store: Store,
    pub exports: common::export::Exports,
    pub photos: PhotoStore,
    pub settings: MemberSettings,
    pub photo_max_bytes: usize,
}

type Answer<T> = Result<Response<T>, Status>;

/// The photos of a field laptop's batch checked and stored at once (their decodings still one a core).
const PHOTOS_AT_ONCE: usize = 8;

/// The photo decodings that may run at once: one a core.
static DECODING: std::sync::LazyLock<tokio::sync::Semaphore> = std::sync::LazyLock::new(|| {
    tokio::sync::Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get()))
});

const READ: Need = Need::Role(Area::Members, Access::Read);
const WRITE: Need = Need::Role(Area::Members, Access::Write);
const DELETE: Need = Need::Role(Area::Members, Access::Delete);
const SYNC: Need = Need::Role(Area::Replication, Access::Write);

/// An instance id as the sync service sends it.
fn instance_id(text: &str) -> Result<uuid::Uuid, ServiceError> {
    uuid::Uuid::parse_str(text.trim())
        .map_err(|_| ServiceError::invalid_field("instance_id", msg::SYNC_INSTANCE_ID))
}

/// What each call needs from its caller (the role matrix of docs/roles.md, checked again here).
pub const CALLS: Calls = &[
    ("ListMembers", READ),
    ("CountMembers", READ),
    ("CountRegistered", READ),
    ("GetMember", READ),
    ("SaveMember", WRITE),
    ("DeleteMember", DELETE),
    ("GetFamily", READ),
    ("SavePhoto", WRITE),
    ("GetPhoto", READ),
    ("ListCooperatives", READ),
    ("GetCooperative", READ),
    ("SaveCooperative", WRITE),
    ("DeleteCooperative", DELETE),
    ("ListParcels", READ),
    ("GetParcel", READ),
    ("SaveParcel", WRITE),
    ("DeleteParcel", DELETE),
    // The sync service, on behalf of a field laptop's run or of the central server's sync login.
    ("ChangedMembers", SYNC),
    ("ApplySyncedMembers", SYNC),
    ("AcknowledgeSynced", SYNC),
    ("MarkAllForSending", SYNC),
    ("PhotosToSend", SYNC),
    ("ApplySyncedPhotos", SYNC),
    ("AcknowledgePhotos", SYNC),
    ("PhotosWanted", SYNC),
    ("ReadPhotos", SYNC),
    // Exports read the list: whoever reads members exports them (and sees only their own jobs).
    ("StartExport", READ),
    ("GetExport", READ),
    ("ReadExport", READ),
];

/// The page asked for, by `after` except on the sorts of `offset_sorts`.
fn page(
    paging: Option<Paging>,
    allowed: &[(&str, &'static str)],
    offset_sorts: &[&str],
) -> Result<Page, ServiceError> {
    Page::of_except(&paging.unwrap_or_default(), allowed, offset_sorts)
}

pub(crate) fn search_of(f: Option<pb::MemberFilter>) -> Result<MemberSearch, ServiceError> {
    let f = f.unwrap_or_default();
    let created_from = common::dates::parse(&f.created_from)
        .map_err(|_| ServiceError::invalid_field("createdFrom", msg::CREATED_FROM_NOT_A_DATE))?;
    Ok(MemberSearch {
        words: text::word_patterns(&f.filter),
        firstname_pattern: text::filter_pattern(&f.filter_firstname),
        id_number_pattern: text::filter_pattern(&f.filter_id_number),
        created_by: f.created_by.trim().to_string(),
        locality_id: f.locality_id.filter(|id| *id > 0),
        cooperative_id: f.cooperative_id.filter(|id| *id > 0),
        main_member_id: f.main_member_id.filter(|id| *id > 0),
        created_from,
    })
}

#[tonic::async_trait]
impl Members for MembersGrpc {
    async fn start_export(
        &self,
        request: Request<pb::MemberExportRequest>,
    ) -> Answer<proto::common::ExportJob> {
        use prost::Message;
        let caller = Identity::of(&request)?;
        let r = request.into_inner();
        let format = common::export::Format::parse(&r.format)?;
        let list = r.list.unwrap_or_default();
        // A bad filter or sort is refused now, not when the job runs.
        crate::export::checked(&list)?;
        let job = self
            .exports
            .start(common::export::NewJob {
                login_id: caller.login_id,
                login_name: caller.login_name,
                list: crate::export::LIST.into(),
                filters: list.encode_to_vec(),
                format,
                file_stem: crate::export::FILE_STEM,
            })
            .await?;
        Ok(Response::new(job))
    }

    async fn get_export(
        &self,
        request: Request<proto::common::ExportId>,
    ) -> Answer<proto::common::ExportJob> {
        let caller = Identity::of(&request)?;
        Ok(Response::new(self.exports.get(&request.into_inner().id, caller.login_id).await?))
    }

    type ReadExportStream = common::export::FileStream;

    async fn read_export(
        &self,
        request: Request<proto::common::ExportId>,
    ) -> Answer<Self::ReadExportStream> {
        let caller = Identity::of(&request)?;
        Ok(Response::new(self.exports.read(&request.into_inner().id, caller.login_id).await?))
    }

    async fn list_members(
        &self,
        request: Request<pb::MemberListRequest>,
    ) -> Answer<pb::MemberList> {
        let r = request.into_inner();
        let page = Page::of(&r.paging.unwrap_or_default(), MEMBER_SORT)?;
        let (rows, total, total_exact) =
            self.store.list_members(&search_of(r.filter)?, &page).await?;
        Ok(Response::new(pb::MemberList { items: rows, total, total_exact }))
    }

    async fn count_members(&self, request: Request<pb::MemberFilter>) -> Answer<pb::Count> {
        let (count, exact) = self
            .store
            .member_total(&search_of(Some(request.into_inner()))?)
            .await
            .map_err(ServiceError::from)?;
        Ok(Response::new(pb::Count { count, exact }))
    }

    async fn count_registered(&self, _request: Request<Empty>) -> Answer<pb::Registered> {
        Ok(Response::new(self.store.count_registered().await?))
    }

    async fn get_member(&self, request: Request<pb::Id>) -> Answer<pb::Member> {
        Ok(Response::new(self.store.get_member(request.into_inner().id).await?))
    }

    async fn save_member(&self, request: Request<pb::SaveMemberRequest>) -> Answer<pb::Id> {
        let caller = Identity::of(&request)?;
        let origin = Origin::of(&request)?;
        let may_check_photos = matches!(caller.role, Role::Admin | Role::Manager);
        let r = request.into_inner();
        let member = r.member.unwrap_or_default();
        let draft = member_rules::check(&member, chrono::Local::now().date_naive())?;
        let id = self.store.save_member(&draft, &origin, may_check_photos, &self.settings).await?;
        Ok(Response::new(pb::Id { id }))
    }

    async fn delete_member(&self, request: Request<pb::Id>) -> Answer<Empty> {
        let origin = Origin::of(&request)?;
        let id = request.into_inner().id;
        self.store.delete_member(id, &origin, &self.settings).await?;
        self.forget_photos(id).await;
        Ok(Response::new(Empty {}))
    }

    async fn get_family(&self, request: Request<pb::Id>) -> Answer<pb::Family> {
        let (main, spouses, children) = self.store.family(request.into_inner().id).await?;
        Ok(Response::new(pb::Family { main: Some(main), spouses, children }))
    }

    async fn save_photo(&self, request: Request<pb::PhotoUpload>) -> Answer<pb::PhotoSaved> {
        let origin = Origin::of(&request)?;
        let upload = request.into_inner();
        let id = upload.member_id;
        // The member must exist before any work is done or anything is written.
        let replaced = self.store.photo_of(id).await?.map(|(_, version)| version);
        self.store_photo(id, upload.content, replaced).await?;
        let file_name = format!("{id}.jpg");
        let version = self.store.photo_saved(id, &file_name, &origin, &self.settings).await?;
        let saved = pb::PhotoSaved {
            member_photo: file_name,
            photo_path: versioned_photo_path(id, version),
        };
        tracing::info!(member_id = upload.member_id, file = %upload.file_name, "photo saved");
        Ok(Response::new(saved))
    }

    async fn get_photo(&self, request: Request<pb::PhotoRequest>) -> Answer<pb::Photo> {
        let r = request.into_inner();
        let no_photo = || ServiceError::NotFound(crate::domain::messages::NO_PHOTO.into());
        let (_, mut version) = self.store.photo_of(r.member_id).await?.ok_or_else(no_photo)?;
        let kind = match (r.thumbnail, r.version) {
            (true, asked) if asked > 0 && asked != version => {
                version = asked;
                Kind::KeptThumbnail(asked)
            }
            (true, _) => Kind::Thumbnail,
            (false, _) => Kind::Photo,
        };
        let content = self
            .photos
            .get(r.member_id, kind)
            .await
            .map_err(ServiceError::Internal)?
            .ok_or_else(no_photo)?;
        Ok(Response::new(pb::Photo {
            content: content.to_vec(),
            content_type: "image/jpeg".into(),
            version: version.to_string(),
        }))
    }

    async fn list_cooperatives(
        &self,
        request: Request<pb::ListRequest>,
    ) -> Answer<pb::CooperativeList> {
        let r = request.into_inner();
        let page = page(r.paging, COOPERATIVE_SORT, COOPERATIVE_OFFSET_SORTS)?;
        let (rows, total) = self
            .store
            .list_cooperatives(&r.filter, r.locality_id.filter(|id| *id > 0), &page)
            .await?;
        Ok(Response::new(pb::CooperativeList { items: rows, total }))
    }

    async fn get_cooperative(&self, request: Request<pb::Id>) -> Answer<pb::Cooperative> {
        Ok(Response::new(self.store.get_cooperative(request.into_inner().id).await?))
    }

    async fn save_cooperative(&self, request: Request<pb::CooperativeInput>) -> Answer<pb::Id> {
        let origin = Origin::of(&request)?;
        let draft = registry_rules::check_cooperative(&request.into_inner())?;
        Ok(Response::new(pb::Id { id: self.store.save_cooperative(&draft, &origin).await? }))
    }

    async fn delete_cooperative(&self, request: Request<pb::Id>) -> Answer<Empty> {
        let origin = Origin::of(&request)?;
        self.store.delete_cooperative(request.into_inner().id, &origin).await?;
        Ok(Response::new(Empty {}))
    }

    async fn list_parcels(
        &self,
        request: Request<pb::ParcelListRequest>,
    ) -> Answer<pb::ParcelList> {
        let r = request.into_inner();
        let page = page(r.paging, PARCEL_SORT, PARCEL_OFFSET_SORTS)?;
        let search = ParcelSearch {
            filter: r.filter,
            member_id: r.member_id.filter(|id| *id > 0),
            locality_id: r.locality_id.filter(|id| *id > 0),
            crop: r.crop,
        };
        let (items, total, total_exact) = self.store.list_parcels(&search, &page).await?;
        Ok(Response::new(pb::ParcelList { items, total, total_exact }))
    }

    async fn get_parcel(&self, request: Request<pb::Id>) -> Answer<pb::Parcel> {
        Ok(Response::new(self.store.get_parcel(request.into_inner().id).await?))
    }

    async fn save_parcel(&self, request: Request<pb::ParcelInput>) -> Answer<pb::Id> {
        let origin = Origin::of(&request)?;
        let draft = registry_rules::check_parcel(&request.into_inner())?;
        Ok(Response::new(pb::Id { id: self.store.save_parcel(&draft, &origin).await? }))
    }

    async fn delete_parcel(&self, request: Request<pb::Id>) -> Answer<Empty> {
        let origin = Origin::of(&request)?;
        self.store.delete_parcel(request.into_inner().id, &origin).await?;
        Ok(Response::new(Empty {}))
    }

    async fn changed_members(
        &self,
        request: Request<pb::ChangesRequest>,
    ) -> Answer<pb::SyncedMemberPage> {
        let r = request.into_inner();
        let except_origin = match r.except_origin.trim() {
            "" => None,
            text => Some(instance_id(text)?),
        };
        let query = ChangesQuery {
            after: r.after.max(0),
            marked: r.marked,
            up_to: r.up_to.max(0),
            limit: i64::from(r.limit.clamp(1, MOST_RECORDS)),
            instance_id: instance_id(&r.instance_id)?,
            except_origin,
        };
        Ok(Response::new(self.store.changed_members(&query).await?))
    }

    async fn apply_synced_members(
        &self,
        request: Request<pb::SyncBatch>,
    ) -> Answer<pb::SyncApplied> {
        let r = request.into_inner();
        let batch_id = uuid::Uuid::parse_str(r.batch_id.trim())
            .map_err(|_| ServiceError::invalid_field("batch_id", msg::SYNC_BATCH_ID))?;
        if r.records.len() > MOST_RECORDS as usize {
            return Err(
                ServiceError::invalid_field("records", msg::sync_too_many(MOST_RECORDS)).into()
            );
        }
        let today = chrono::Local::now().date_naive();
        let (applied, deleted) = self
            .store
            .apply_synced(
                batch_id,
                &r.records,
                Receiving {
                    instance_id: instance_id(&r.instance_id)?,
                    seen_position: r.seen_position,
                    field: self.settings.field_instance,
                },
                today,
            )
            .await?;
        for id in deleted {
            self.forget_photos(id).await;
        }
        Ok(Response::new(applied))
    }

    async fn acknowledge_synced(
        &self,
        request: Request<pb::SyncAcks>,
    ) -> Answer<pb::SyncAcknowledged> {
        let member_ids = self.store.acknowledge_synced(&request.into_inner().acks).await?;
        Ok(Response::new(pb::SyncAcknowledged { member_ids }))
    }

    async fn mark_all_for_sending(
        &self,
        _request: Request<proto::common::Empty>,
    ) -> Answer<pb::MarkedForSending> {
        let (members, photos) = self.store.mark_all_for_sending().await?;
        tracing::info!(members, photos, "every version held here marked for sending again");
        Ok(Response::new(pb::MarkedForSending { members, photos }))
    }

    async fn photos_to_send(
        &self,
        request: Request<pb::PhotosToSendRequest>,
    ) -> Answer<pb::PendingPhotoList> {
        let r = request.into_inner();
        let limit = i64::from(r.limit.clamp(1, MOST_RECORDS));
        let items =
            self.store.photos_to_send(r.after_member_id.max(0), &r.member_ids, limit).await?;
        Ok(Response::new(pb::PendingPhotoList { items }))
    }

    async fn photos_wanted(
        &self,
        request: Request<pb::PhotosToSendRequest>,
    ) -> Answer<pb::PendingPhotoList> {
        let r = request.into_inner();
        let limit = i64::from(r.limit.clamp(1, MOST_RECORDS));
        let items = self.store.photos_wanted(r.after_member_id.max(0), limit).await?;
        Ok(Response::new(pb::PendingPhotoList { items }))
    }

    async fn read_photos(&self, request: Request<pb::PhotoUuids>) -> Answer<pb::SyncedPhotoBatch> {
        let uuids = request
            .into_inner()
            .member_uuids
            .iter()
            .map(|u| member_uuid(u))
            .collect::<Result<Vec<_>, _>>()?;
        if uuids.len() > SYNC_PHOTOS_A_CALL {
            return Err(ServiceError::invalid_field(
                "member_uuids",
                msg::sync_too_many(SYNC_PHOTOS_A_CALL as i32),
            )
            .into());
        }
        let held = self.store.photos_of_uuids(&uuids).await?;
        // A photo whose file is lost or cannot be read here is left out, as a member without one: the
        // others still go, and the side that asked tells its agent or asks again (its cause logged).
        let photos = futures::stream::iter(held)
            .map(|(uuid, id, version)| async move {
                let content = match self.photos.get(id, Kind::Photo).await {
                    Ok(content) => content?,
                    Err(error) => {
                        tracing::error!(
                            member_id = id,
                            error = format!("{error:#}"),
                            "a photo to send cannot be read: left out"
                        );
                        return None;
                    }
                };
                Some(pb::SyncedPhoto {
                    member_uuid: uuid.to_string(),
                    content: content.to_vec(),
                    file_name: format!("{id}.jpg"),
                    version,
                })
            })
            .buffered(PHOTOS_AT_ONCE)
            .filter_map(std::future::ready)
            .collect()
            .await;
        Ok(Response::new(pb::SyncedPhotoBatch { photos }))
    }

    async fn apply_synced_photos(
        &self,
        request: Request<pb::SyncedPhotoBatch>,
    ) -> Answer<pb::SyncedPhotoOutcomes> {
        let photos = request.into_inner().photos;
        let uuids =
            photos.iter().map(|p| member_uuid(&p.member_uuid)).collect::<Result<Vec<_>, _>>()?;
        let known = &self.store.members_of_uuids(&uuids).await?;
        let field = self.settings.field_instance;
        // Each photo checked and stored on its own, several at once (one decoding a core). On a field
        // laptop, a member whose photo was taken here since the central server's was asked for keeps
        // its own: its file is not touched.
        let stored: Vec<(String, i32, Result<Option<i64>, ServiceError>)> =
            futures::stream::iter(photos.into_iter().zip(uuids))
                .map(|(photo, uuid)| async move {
                    let stored = match known.get(&uuid) {
                        None => Err(ServiceError::NotFound(msg::synced_member_unknown(
                            &photo.member_uuid,
                        ))),
                        Some(member) if field && !member.wanted => Ok(None),
                        Some(member) => self
                            .store_photo(member.id, photo.content, member.replaced)
                            .await
                            .map(|()| Some(member.id)),
                    };
                    (photo.member_uuid, photo.version, stored)
                })
                .buffered(PHOTOS_AT_ONCE)
                .collect()
                .await;
        // A refused photo (unreadable, too large, its member unknown) is answered as such and does not
        // hold the others back; the server failing fails the batch, which the laptop sends again.
        let mut outcomes = Vec::with_capacity(stored.len());
        let (mut ids, mut sent) = (Vec::new(), Vec::new());
        for (member_uuid, sent_version, stored) in stored {
            match stored {
                Ok(Some(id)) => {
                    ids.push(id);
                    sent.push(sent_version);
                    outcomes.push((member_uuid, Ok(Some(id))));
                }
                Ok(None) => outcomes.push((member_uuid, Ok(None))),
                Err(e @ (ServiceError::Invalid { .. } | ServiceError::NotFound(_))) => {
                    outcomes.push((member_uuid, Err(e.to_string())));
                }
                Err(e) => return Err(e.into()),
            }
        }
        let versions: HashMap<i64, i32> =
            self.store.photos_received(&ids, &sent, &self.settings).await?.into_iter().collect();
        let items: Vec<_> = outcomes
            .into_iter()
            .map(|(member_uuid, stored)| {
                let outcome = pb::SyncedPhotoOutcome { member_uuid, ..Default::default() };
                match stored {
                    Ok(Some(id)) => match versions.get(&id) {
                        Some(&version) => pb::SyncedPhotoOutcome {
                            saved: Some(pb::PhotoSaved {
                                member_photo: format!("{id}.jpg"),
                                photo_path: versioned_photo_path(id, version),
                            }),
                            ..outcome
                        },
                        // On a field laptop, a photo taken here (or the member deleted) between the
                        // check and the record: the laptop's photo stands in the record and is sent,
                        // and the file is the one written last (logged: two writers of one photo at
                        // one instant); on the central server, deleted meanwhile.
                        None if field => {
                            tracing::warn!(
                                member_id = id,
                                "a photo of the central server written while the member changed here: not recorded"
                            );
                            pb::SyncedPhotoOutcome { superseded: true, ..outcome }
                        }
                        None => pb::SyncedPhotoOutcome {
                            refused: msg::member_not_found(id),
                            ..outcome
                        },
                    },
                    Ok(None) => pb::SyncedPhotoOutcome { superseded: true, ..outcome },
                    Err(refused) => pb::SyncedPhotoOutcome { refused, ..outcome },
                }
            })
            .collect();
        let count =
            |said: fn(&pb::SyncedPhotoOutcome) -> bool| items.iter().filter(|o| said(o)).count();
        tracing::info!(
            kept = count(|o| o.saved.is_some()),
            superseded = count(|o| o.superseded),
            refused = count(|o| !o.refused.is_empty()),
            "synchronised photos saved"
        );
        Ok(Response::new(pb::SyncedPhotoOutcomes { items }))
    }

    async fn acknowledge_photos(&self, request: Request<pb::PendingPhotoList>) -> Answer<Empty> {
        let items = request.into_inner().items;
        let uuids =
            items.iter().map(|p| member_uuid(&p.member_uuid)).collect::<Result<Vec<_>, _>>()?;
        let versions: Vec<i32> = items.iter().map(|p| p.photo_version).collect();
        self.store.acknowledge_photos(&uuids, &versions).await?;
        Ok(Response::new(Empty {}))
    }
}

impl MembersGrpc {
    /// The photos of a member deleted (here or by a deletion received): the record is gone, and a
    /// photo left behind would only waste space, so a failure here is logged.
    async fn forget_photos(&self, id: i64) {
        if let Err(e) = self.photos.delete(id).await {
            tracing::warn!(error = %format!("{e:#}"), member_id = id, "the photos of a deleted member stay in the store");
        }
    }

    /// Checks and normalises a photo and stores it with its thumbnail, before it is recorded: an upload
    /// here and a photo sent by a field laptop go the same way (checked again where they are kept).
    /// The thumbnail of the photo it `replaces` (its version) is kept first, for the cards made with it.
    async fn store_photo(
        &self,
        id: i64,
        content: Vec<u8>,
        replaces: Option<i32>,
    ) -> Result<(), ServiceError> {
        let max = self.photo_max_bytes;
        let normalised = {
            // One decoding a core at a time: parallel uploads wait their turn rather than add up in
            // memory. The turn ends with the decoding: writing the files waits on the disk, not on a
            // core (held to the end, it left the central server's cores a quarter idle while a
            // laptop's photos arrived: docs/performance.md, 2026-11-29).
            let _turn = DECODING.acquire().await.map_err(|e| ServiceError::Internal(e.into()))?;
            tokio::task::spawn_blocking(move || photo::normalise(&content, max))
                .await
                .map_err(|e| ServiceError::Internal(anyhow::Error::new(e)))??
        };
        if let Some(version) = replaces {
            // Without it the cards made with the replaced photo print without a photo.
            if let Err(e) = self.photos.keep_thumbnail(id, version).await {
                tracing::warn!(error = %format!("{e:#}"), member_id = id, version, "thumbnail not kept");
            }
        }
        // A photo small enough to be its own thumbnail (a field laptop's, say) is not written twice:
        // on a local folder, creating the files was the larger part of receiving a laptop's photos.
        let own_thumbnail = normalised.photo == normalised.thumbnail;
        self.photos
            .put(id, Kind::Thumbnail, normalised.thumbnail)
            .await
            .map_err(ServiceError::Internal)?;
        if own_thumbnail {
            self.photos.copy(id, Kind::Thumbnail, Kind::Photo).await
        } else {
            self.photos.put(id, Kind::Photo, normalised.photo).await
        }
        .map_err(ServiceError::Internal)?;
        Ok(())
    }
}

/// A member's uuid as the sync service sends it.
fn member_uuid(text: &str) -> Result<uuid::Uuid, ServiceError> {
    uuid::Uuid::parse_str(text.trim())
        .map_err(|_| ServiceError::invalid_field("member_uuid", msg::UUID_FORMAT))
}
