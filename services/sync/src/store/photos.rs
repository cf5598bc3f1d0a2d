//! A field laptop's queue of photos that failed to go to the central server: why, how often, and when a
//! run tries each again (the photo itself stays marked for sending in the members service).

use super::Store;
use crate::domain::messages as msg;
use common::error::ServiceError;
use common::paging::Page;
use proto::members::PendingPhoto;
use proto::sync::PhotoFailure;
use sqlx::{AssertSqlSafe, Postgres, QueryBuilder};
use std::collections::HashSet;

/// Public sort fields of the failed photos and their columns.
pub const PHOTO_FAILURE_SORT: &[(&str, &str)] = &[
    ("lastFailedAt", "f.last_failed_at"),
    ("attempts", "f.attempts"),
    ("member_id", "f.member_id"),
];

/// A row as the contract names it (`PhotoFailure` reads its fields by their proto names).
const FAILURE: &str = "f.member_uuid::text AS member_uuid, f.member_id, f.id_number, f.member_name,
    f.photo_version, f.attempts, f.last_error,
    to_char(f.first_failed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS first_failed_at,
    to_char(f.last_failed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS last_failed_at,
    to_char(f.next_attempt_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS next_attempt_at";

impl Store {
    /// The photos of a page that a run leaves for later (their uuids): each failed, its wait is not
    /// over, and no newer photo was taken since (a new photo is tried at once).
    pub async fn photos_waiting(
        &self,
        photos: &[PendingPhoto],
    ) -> Result<HashSet<String>, ServiceError> {
        let uuids =
            photos.iter().map(|p| member_uuid(&p.member_uuid)).collect::<Result<Vec<_>, _>>()?;
        let versions: Vec<i32> = photos.iter().map(|p| p.photo_version).collect();
        let waiting: Vec<String> = sqlx::query_scalar(
            "SELECT f.member_uuid::text
             FROM unnest($1::uuid[], $2::int[]) AS listed (member_uuid, photo_version)
             JOIN sync.photo_failure f ON f.member_uuid = listed.member_uuid
             WHERE f.next_attempt_at > now() AND f.photo_version >= listed.photo_version",
        )
        .bind(&uuids)
        .bind(&versions)
        .fetch_all(&self.pool)
        .await?;
        Ok(waiting.into_iter().collect())
    }

    /// Journals a failed attempt: one more, and a wait twice as long before the next (1 min to 6 h).
    #[tracing::instrument(name = "db.sync.photo_failed", skip(self, photo), fields(member_uuid = photo.member_uuid))]
    pub async fn photo_failed(
        &self,
        photo: &PendingPhoto,
        error: &str,
    ) -> Result<PhotoFailure, ServiceError> {
        Ok(sqlx::query_as(AssertSqlSafe(format!(
            "WITH f AS (
                 INSERT INTO sync.photo_failure AS f (member_uuid, member_id, id_number, member_name,
                     photo_version, attempts, last_error, next_attempt_at)
                 VALUES ($1, $2, $3, $4, $5, 1, $6, now() + interval '1 minute')
                 ON CONFLICT (member_uuid) DO UPDATE SET
                     member_id = EXCLUDED.member_id, id_number = EXCLUDED.id_number,
                     member_name = EXCLUDED.member_name, photo_version = EXCLUDED.photo_version,
                     attempts = f.attempts + 1, last_error = EXCLUDED.last_error, last_failed_at = now(),
                     next_attempt_at = now() + least(interval '1 minute' * power(2, least(f.attempts, 10)),
                                                     interval '6 hours')
                 RETURNING f.*)
             SELECT {FAILURE} FROM f"
        )))
        .bind(member_uuid(&photo.member_uuid)?)
        .bind(photo.member_id)
        .bind(&photo.id_number)
        .bind(&photo.name)
        .bind(photo.photo_version)
        .bind(error)
        .fetch_one(&self.pool)
        .await?)
    }

    /// Takes photos off the queue: the central server now has them, or they no longer wait to go.
    pub async fn forget_photos(&self, photos: &[PendingPhoto]) -> Result<(), ServiceError> {
        let uuids =
            photos.iter().map(|p| member_uuid(&p.member_uuid)).collect::<Result<Vec<_>, _>>()?;
        self.forget_photo_failures(&uuids).await?;
        Ok(())
    }

    /// Takes the photos of the members `uuids` off the queue; answers how many were on it.
    pub async fn forget_photo_failures(&self, uuids: &[uuid::Uuid]) -> Result<u64, ServiceError> {
        if uuids.is_empty() {
            return Ok(0);
        }
        let done = sqlx::query("DELETE FROM sync.photo_failure WHERE member_uuid = ANY($1)")
            .bind(uuids)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected())
    }

    /// The failed photos' members (id here, uuid) after `after_member_id`, in the order of their ids.
    pub async fn photo_failures_after(
        &self,
        after_member_id: i64,
        limit: i64,
    ) -> Result<Vec<(i64, uuid::Uuid)>, ServiceError> {
        Ok(sqlx::query_as(
            "SELECT member_id, member_uuid FROM sync.photo_failure
             WHERE member_id > $1 ORDER BY member_id LIMIT $2",
        )
        .bind(after_member_id)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// One failed photo, as a run would send it again.
    pub async fn photo_failure(
        &self,
        member_uuid_text: &str,
    ) -> Result<PendingPhoto, ServiceError> {
        let row: Option<(i64, String, i32, String, String)> = sqlx::query_as(
            "SELECT member_id, member_uuid::text, photo_version, id_number, member_name
             FROM sync.photo_failure WHERE member_uuid = $1",
        )
        .bind(member_uuid(member_uuid_text)?)
        .fetch_optional(&self.pool)
        .await?;
        let (member_id, member_uuid, photo_version, id_number, name) =
            row.ok_or_else(|| ServiceError::NotFound(msg::PHOTO_NOT_FAILED.into()))?;
        Ok(PendingPhoto { member_id, member_uuid, photo_version, id_number, name })
    }

    /// The failed photos, sorted and paged.
    #[tracing::instrument(name = "db.sync.list_photo_failures", skip(self))]
    pub async fn list_photo_failures(
        &self,
        page: &Page,
    ) -> Result<(Vec<PhotoFailure>, i64), ServiceError> {
        let mut rows =
            QueryBuilder::<Postgres>::new(format!("SELECT {FAILURE} FROM sync.photo_failure f"));
        page.push_window(&mut rows, &page.order_sql_not_null("f.member_uuid"));
        let (rows, total) = tokio::try_join!(
            rows.build_query_as::<PhotoFailure>().fetch_all(&self.pool),
            sqlx::query_scalar::<_, i64>("SELECT count(*) FROM sync.photo_failure")
                .fetch_one(&self.pool)
        )?;
        Ok((rows, total))
    }
}

/// A member's uuid, as the members service or the screen sends it.
fn member_uuid(text: &str) -> Result<uuid::Uuid, ServiceError> {
    uuid::Uuid::parse_str(text.trim())
        .map_err(|_| ServiceError::invalid_field("member_uuid", msg::MEMBER_UUID))
}
