//! The gRPC face of the members service: translation between the contract and the rules, the store and
//! the photo store.

use crate::domain::{member_rules, photo, registry_rules};
use crate::photos::{Kind, PhotoStore};
use crate::store::cooperatives::{COOPERATIVE_SORT, CooperativeRow};
use crate::store::members::{MEMBER_SORT, MemberSettings};
use crate::store::parcels::{PARCEL_SORT, ParcelRow, ParcelSearch};
use crate::store::{MemberRow, MemberSearch, Store};
use common::error::ServiceError;
use common::paging::Page;
use common::text;
use proto::common::{Empty, Paging};
use proto::members as pb;
use proto::members::members_server::Members;
use tonic::{Request, Response, Status};

pub struct MembersGrpc {
    pub store: Store,
    pub photos: PhotoStore,
    pub settings: MemberSettings,
    pub photo_max_bytes: usize,
}

type Answer<T> = Result<Response<T>, Status>;

fn page(paging: Option<Paging>, allowed: &[(&str, &'static str)]) -> Result<Page, ServiceError> {
    let p = paging.unwrap_or_default();
    Page::checked(p.limit, p.offset, &p.order_by, p.descending, allowed)
}

fn iso_date(d: Option<chrono::NaiveDate>) -> Option<String> {
    d.map(|d| d.format("%Y-%m-%d").to_string())
}

impl From<MemberRow> for pb::Member {
    fn from(m: MemberRow) -> Self {
        let has_photo = !m.member_photo_file_name.is_empty();
        pb::Member {
            member_id: m.member_id,
            member_id_number: m.member_id_number,
            member_firstname: m.member_firstname,
            member_lastname: m.member_lastname,
            member_gender: m.member_gender,
            member_birth_date: iso_date(m.member_birth_date),
            member_birth_location: m.member_birth_location,
            member_city: m.member_city,
            member_address: m.member_address,
            member_district: m.member_district,
            member_contact: m.member_contact,
            member_locality_id: m.member_locality_id,
            member_membership_start_date: iso_date(m.member_membership_start_date),
            member_photo_file_name: m.member_photo_file_name,
            member_is_main_account: m.member_is_main_account,
            member_is_spouse: m.member_is_spouse,
            member_is_child: m.member_is_child,
            member_main_member_id: m.member_main_member_id,
            member_created_at: m.member_created_at.to_rfc3339(),
            member_created_by_user: m.member_created_by_user,
            member_has_valid_card: m.member_has_valid_card,
            member_has_unused_transaction: m.member_has_unused_transaction,
            member_order_number: m.member_order_number.into(),
            member_synchronization_needed: m.member_synchronization_needed,
            member_uuid: m.member_uuid.to_string(),
            member_photo_checked: m.member_photo_checked,
            member_main_member_name: m.main_member_name,
            member_cooperative_id: m.member_cooperative_id,
            cooperative_name: m.cooperative_name,
            place: Some(m.place.into()),
            can_write: m.can_write,
            contact_urgency: m.contact_urgency,
            dependent_count: m.dependent_count.into(),
            education_level: m.education_level,
            ethnicity: m.ethnicity,
            household_status: m.household_status,
            household_size: m.household_size.map(Into::into),
            identity_document_number: m.identity_document_number,
            identity_document_type: m.identity_document_type,
            marital_status: m.marital_status,
            nationality: m.nationality,
            occupation: m.occupation,
            other_nationality: m.other_nationality,
            other_occupation: m.other_occupation,
            updated_at: m.updated_at.to_rfc3339(),
            updated_by_user: m.updated_by_user,
            // The version makes the address change with each new photo.
            photo_file_path: if has_photo {
                versioned_photo_path(m.member_id, m.photo_version)
            } else {
                String::new()
            },
        }
    }
}

impl From<CooperativeRow> for pb::Cooperative {
    fn from(c: CooperativeRow) -> Self {
        pb::Cooperative {
            cooperative_id: c.cooperative_id,
            cooperative_code: c.cooperative_code,
            cooperative_name: c.cooperative_name,
            cooperative_locality_id: c.cooperative_locality_id,
            cooperative_contact: c.cooperative_contact,
            cooperative_member_count: c.cooperative_member_count,
            place: Some(c.place.into()),
        }
    }
}

impl From<ParcelRow> for pb::Parcel {
    fn from(p: ParcelRow) -> Self {
        pb::Parcel {
            parcel_id: p.parcel_id,
            parcel_code: p.parcel_code,
            parcel_member_id: p.parcel_member_id,
            parcel_locality_id: p.parcel_locality_id,
            parcel_area: p.parcel_area,
            parcel_crop: p.parcel_crop,
            parcel_latitude: p.parcel_latitude,
            parcel_longitude: p.parcel_longitude,
            member_name: p.member_name,
            member_id_number: p.member_id_number,
            place: Some(p.place.into()),
        }
    }
}

/// Where the gateway serves a member's photo; the version changes the address with each new photo, so a
/// browser may keep each one for good.
fn versioned_photo_path(member_id: i64, version: i32) -> String {
    format!("/api/member/get_member-photo/{member_id}?v={version}")
}

fn search_of(f: Option<pb::MemberFilter>) -> MemberSearch {
    let f = f.unwrap_or_default();
    MemberSearch {
        pattern: text::filter_pattern(&f.filter),
        firstname_pattern: text::filter_pattern(&f.filter_firstname),
        id_number_pattern: text::filter_pattern(&f.filter_id_number),
        created_by: f.created_by.trim().to_string(),
        locality_id: f.locality_id.filter(|id| *id > 0),
        cooperative_id: f.cooperative_id.filter(|id| *id > 0),
        main_member_id: f.main_member_id.filter(|id| *id > 0),
    }
}

#[tonic::async_trait]
impl Members for MembersGrpc {
    async fn list_members(
        &self,
        request: Request<pb::MemberListRequest>,
    ) -> Answer<pb::MemberList> {
        let r = request.into_inner();
        let page = page(r.paging, MEMBER_SORT)?;
        let (rows, total, total_exact) =
            self.store.list_members(&search_of(r.filter), &page).await?;
        Ok(Response::new(pb::MemberList {
            items: rows.into_iter().map(Into::into).collect(),
            total,
            total_exact,
        }))
    }

    async fn count_members(&self, request: Request<pb::MemberFilter>) -> Answer<pb::Count> {
        let count = self.store.count_members(&search_of(Some(request.into_inner()))).await?;
        Ok(Response::new(pb::Count { count }))
    }

    async fn get_member(&self, request: Request<pb::Id>) -> Answer<pb::Member> {
        Ok(Response::new(self.store.get_member(request.into_inner().id).await?.into()))
    }

    async fn save_member(&self, request: Request<pb::SaveMemberRequest>) -> Answer<pb::Id> {
        let r = request.into_inner();
        let member = r.member.unwrap_or_default();
        let draft = member_rules::check(&member, chrono::Local::now().date_naive())?;
        let id = self.store.save_member(&draft, &r.caller, &self.settings).await?;
        Ok(Response::new(pb::Id { id }))
    }

    async fn delete_member(&self, request: Request<pb::Id>) -> Answer<Empty> {
        let id = request.into_inner().id;
        self.store.delete_member(id).await?;
        // The record is gone; a photo left behind would only waste space, so a failure here is logged.
        if let Err(e) = self.photos.delete(id).await {
            tracing::warn!(error = %format!("{e:#}"), member_id = id, "the photos of a deleted member stay in the store");
        }
        Ok(Response::new(Empty {}))
    }

    async fn get_family(&self, request: Request<pb::Id>) -> Answer<pb::Family> {
        let (main, spouses, children) = self.store.family(request.into_inner().id).await?;
        Ok(Response::new(pb::Family {
            main: Some(main.into()),
            spouses: spouses.into_iter().map(Into::into).collect(),
            children: children.into_iter().map(Into::into).collect(),
        }))
    }

    async fn save_photo(&self, request: Request<pb::PhotoUpload>) -> Answer<pb::PhotoSaved> {
        let upload = request.into_inner();
        let id = upload.member_id;
        // The member must exist before any work is done or anything is written.
        self.store.photo_of(id).await?;
        let max = self.photo_max_bytes;
        let content = upload.content;
        let normalised = tokio::task::spawn_blocking(move || photo::normalise(&content, max))
            .await
            .map_err(|e| ServiceError::Internal(anyhow::Error::new(e)))??;
        self.photos
            .put(id, Kind::Thumbnail, normalised.thumbnail)
            .await
            .map_err(ServiceError::Internal)?;
        self.photos.put(id, Kind::Photo, normalised.photo).await.map_err(ServiceError::Internal)?;
        let file_name = format!("{id}.jpg");
        let version =
            self.store.photo_saved(id, &file_name, &upload.caller, &self.settings).await?;
        tracing::info!(member_id = id, file = %upload.file_name, "photo saved");
        Ok(Response::new(pb::PhotoSaved {
            member_photo: file_name,
            photo_path: versioned_photo_path(id, version),
        }))
    }

    async fn get_photo(&self, request: Request<pb::PhotoRequest>) -> Answer<pb::Photo> {
        let r = request.into_inner();
        let no_photo = || ServiceError::NotFound(crate::domain::messages::NO_PHOTO.into());
        let (_, version) = self.store.photo_of(r.member_id).await?.ok_or_else(no_photo)?;
        let kind = if r.thumbnail { Kind::Thumbnail } else { Kind::Photo };
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
        let page = page(r.paging, COOPERATIVE_SORT)?;
        let (rows, total) = self
            .store
            .list_cooperatives(&r.filter, r.locality_id.filter(|id| *id > 0), &page)
            .await?;
        Ok(Response::new(pb::CooperativeList {
            items: rows.into_iter().map(Into::into).collect(),
            total,
        }))
    }

    async fn get_cooperative(&self, request: Request<pb::Id>) -> Answer<pb::Cooperative> {
        Ok(Response::new(self.store.get_cooperative(request.into_inner().id).await?.into()))
    }

    async fn save_cooperative(&self, request: Request<pb::Cooperative>) -> Answer<pb::Id> {
        let draft = registry_rules::check_cooperative(&request.into_inner())?;
        Ok(Response::new(pb::Id { id: self.store.save_cooperative(&draft).await? }))
    }

    async fn delete_cooperative(&self, request: Request<pb::Id>) -> Answer<Empty> {
        self.store.delete_cooperative(request.into_inner().id).await?;
        Ok(Response::new(Empty {}))
    }

    async fn list_parcels(
        &self,
        request: Request<pb::ParcelListRequest>,
    ) -> Answer<pb::ParcelList> {
        let r = request.into_inner();
        let page = page(r.paging, PARCEL_SORT)?;
        let search = ParcelSearch {
            filter: r.filter,
            member_id: r.member_id.filter(|id| *id > 0),
            locality_id: r.locality_id.filter(|id| *id > 0),
            crop: r.crop,
        };
        let (rows, total) = self.store.list_parcels(&search, &page).await?;
        Ok(Response::new(pb::ParcelList {
            items: rows.into_iter().map(Into::into).collect(),
            total,
        }))
    }

    async fn get_parcel(&self, request: Request<pb::Id>) -> Answer<pb::Parcel> {
        Ok(Response::new(self.store.get_parcel(request.into_inner().id).await?.into()))
    }

    async fn save_parcel(&self, request: Request<pb::Parcel>) -> Answer<pb::Id> {
        let draft = registry_rules::check_parcel(&request.into_inner())?;
        Ok(Response::new(pb::Id { id: self.store.save_parcel(&draft).await? }))
    }

    async fn delete_parcel(&self, request: Request<pb::Id>) -> Answer<Empty> {
        self.store.delete_parcel(request.into_inner().id).await?;
        Ok(Response::new(Empty {}))
    }
}
