//! The members told again to a consumer rebuilding its projection (`common::replay`): each member as its
//! `created` event at its registration (so the statistics keep its month), then its photo's event when it
//! has one. Cooperatives and parcels are kept by no other service, so none is told again.

use super::Store;
use crate::events;
use chrono::{DateTime, Utc};
use common::error::ServiceError;
use common::replay::{BoxFuture, Replayed, Source, entities};
use proto::members as pb;
use sqlx::types::Json;

impl Store {
    /// Up to `limit` members with an id above `after`, in the order of their ids.
    async fn replayed_members(
        &self,
        after: i64,
        limit: i64,
    ) -> Result<Vec<Replayed>, ServiceError> {
        let rows: Vec<(i64, Json<pb::MemberInput>, DateTime<Utc>, i32)> = sqlx::query_as(
            "SELECT m.member_id,
                    jsonb_strip_nulls(to_jsonb(m) - 'search' - 'firstname_key' - 'sync_position'),
                    m.member_created_at, m.photo_version
             FROM members.member m WHERE m.member_id > $1 ORDER BY m.member_id LIMIT $2",
        )
        .bind(after)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut told = Vec::with_capacity(rows.len());
        for (id, Json(member), registered_at, photo_version) in rows {
            let saved = pb::MemberSaved { meta: None, member: Some(member) };
            told.push(Replayed::of(id, &events::MEMBER_CREATED, &saved, Some(registered_at))?);
            if photo_version > 0 {
                let photo = pb::MemberPhotosChanged {
                    meta: None,
                    photos: vec![pb::MemberPhotoVersion { member_id: id, version: photo_version }],
                };
                told.push(Replayed::of(id, &events::MEMBER_PHOTOS_CHANGED, &photo, None)?);
            }
        }
        Ok(told)
    }
}

impl Source for Store {
    fn entities(&self) -> &'static [&'static str] {
        &[entities::MEMBER]
    }

    fn page<'a>(
        &'a self,
        entity: &'a str,
        after: i64,
        limit: i64,
    ) -> BoxFuture<'a, Result<Vec<Replayed>, ServiceError>> {
        Box::pin(async move {
            match entity {
                entities::MEMBER => self.replayed_members(after, limit).await,
                _ => Ok(Vec::new()),
            }
        })
    }
}
