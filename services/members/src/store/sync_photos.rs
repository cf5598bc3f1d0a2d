//! Photos as they travel, after their records: from a field laptop to the central server (the photos
//! marked for sending, the member a sent photo belongs to, by uuid, and the acknowledgement that clears
//! a photo's mark), and from the central server to a laptop (the photos a laptop wants, and what it
//! kept of them).

use super::Store;
use super::members::MemberSettings;
use super::sync_marks::{self, Queue};
use crate::events;
use common::error::ServiceError;
use common::outbox;
use proto::members as pb;
use std::collections::HashMap;

impl Store {
    /// The photos marked for sending, of the members after `after_member_id`, in the order of their ids;
    /// or, when `member_ids` names some, of those members only (whose records the other side has just
    /// acknowledged: their photos go while the run still sends records).
    #[tracing::instrument(name = "db.members.photos_to_send", skip(self, member_ids), fields(members = member_ids.len()))]
    pub async fn photos_to_send(
        &self,
        after_member_id: i64,
        member_ids: &[i64],
        limit: i64,
    ) -> Result<Vec<pb::PendingPhoto>, ServiceError> {
        const PHOTO: &str = "SELECT m.member_id, m.member_uuid, m.photo_version,
                                    m.member_id_number, trim(m.member_firstname || ' ' || m.member_lastname)";
        let rows: Vec<PendingRow> = if member_ids.is_empty() {
            // Through the queue of the photos waiting to go (migration 0011).
            sqlx::query_as(sqlx::AssertSqlSafe(format!(
                "{PHOTO} FROM members.sync_unsent_photo q
                 JOIN members.member m ON m.member_id = q.member_id
                 WHERE q.member_id > $1 ORDER BY q.member_id LIMIT $2"
            )))
            .bind(after_member_id)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?
        } else {
            sqlx::query_as(sqlx::AssertSqlSafe(format!(
                "{PHOTO} FROM members.sync_unsent_photo q
                 JOIN members.member m ON m.member_id = q.member_id
                 WHERE q.member_id = ANY($1) ORDER BY q.member_id LIMIT $2"
            )))
            .bind(member_ids)
            .bind(limit)
            .fetch_all(&self.pool)
            .await?
        };
        Ok(pending(rows))
    }

    /// The members here of `uuids` (a uuid unknown here is left out), each with the version of the
    /// photo it has, which a photo received replaces, and whether it still wants one: a photo sent
    /// before its record is refused (the run sends records first, so this only happens to a photo of a
    /// member deleted meanwhile).
    #[tracing::instrument(name = "db.members.members_of_uuids", skip_all, fields(count = uuids.len()))]
    pub async fn members_of_uuids(
        &self,
        uuids: &[uuid::Uuid],
    ) -> Result<HashMap<uuid::Uuid, PhotoReceiver>, ServiceError> {
        let rows: Vec<(uuid::Uuid, i64, Option<i32>, bool)> = sqlx::query_as(
            "SELECT member_uuid, member_id,
                    CASE WHEN member_photo_file_name <> '' THEN photo_version END, photo_wanted
             FROM members.member WHERE member_uuid = ANY($1)",
        )
        .bind(uuids)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(uuid, id, replaced, wanted)| (uuid, PhotoReceiver { id, replaced, wanted }))
            .collect())
    }

    /// Records the photos received from the other side (already stored) for the members `ids`, each at
    /// the sender's version `sent[i]` (the central server's, which a laptop keeps as the last received;
    /// 0 from a laptop), in one transaction with their events, and answers each member's new photo
    /// version. The photos arrive after their records, which already say who changed them and when: the
    /// members' versions stay as they are. On a field laptop, the central server's photo is kept only by
    /// a member that still wants it: one whose photo was taken here since (`photo_saved` clears the
    /// wish) keeps its own, left out of the answer; the central server marks nothing.
    #[tracing::instrument(name = "db.members.photos_received", skip_all, fields(count = ids.len()))]
    pub async fn photos_received(
        &self,
        ids: &[i64],
        sent: &[i32],
        settings: &MemberSettings,
    ) -> Result<Vec<(i64, i32)>, ServiceError> {
        let mut tx = self.pool.begin().await?;
        let versions: Vec<(i64, i32)> = sqlx::query_as(
            "UPDATE members.member m SET member_photo_file_name = m.member_id || '.jpg',
                 photo_version = m.photo_version + 1, photo_wanted = false,
                 received_photo_version = greatest(m.received_photo_version, received.version)
             FROM unnest($1::bigint[], $2::int[]) AS received (member_id, version)
             WHERE m.member_id = received.member_id AND (m.photo_wanted OR NOT $3)
             RETURNING m.member_id, m.photo_version",
        )
        .bind(ids)
        .bind(sent)
        .bind(settings.field_instance)
        .fetch_all(&mut *tx)
        .await?;
        if settings.field_instance {
            // A photo of its own still marked (all were, after the central server was restored) is
            // replaced by the newer one received: it is not sent.
            let kept: Vec<i64> = versions.iter().map(|&(id, _)| id).collect();
            sync_marks::unmark(&mut tx, Queue::Photo, &kept).await?;
        }
        // One event for the call's photos: each event is an outbox row, a message and an inbox row in
        // each consumer, and a laptop sends its photos by the thousand.
        if !versions.is_empty() {
            let photos = versions
                .iter()
                .map(|&(member_id, version)| pb::MemberPhotoVersion { member_id, version })
                .collect();
            let event = pb::MemberPhotosChanged { meta: None, photos };
            outbox::enqueue(&mut tx, super::SCHEMA, &events::MEMBER_PHOTOS_CHANGED, &event).await?;
        }
        outbox::commit(tx, super::SCHEMA).await?;
        Ok(versions)
    }

    /// The photos a field laptop wants of the central server (`photo_wanted`), of the members after
    /// `after_member_id`, in the order of their ids.
    #[tracing::instrument(name = "db.members.photos_wanted", skip(self))]
    pub async fn photos_wanted(
        &self,
        after_member_id: i64,
        limit: i64,
    ) -> Result<Vec<pb::PendingPhoto>, ServiceError> {
        let rows: Vec<PendingRow> = sqlx::query_as(
            "SELECT member_id, member_uuid, received_photo_version, member_id_number,
                    trim(member_firstname || ' ' || member_lastname)
             FROM members.member WHERE photo_wanted AND member_id > $1 ORDER BY member_id LIMIT $2",
        )
        .bind(after_member_id)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(pending(rows))
    }

    /// The members of `uuids` that have a photo here, with its version (the others left out).
    #[tracing::instrument(name = "db.members.photos_of_uuids", skip_all, fields(count = uuids.len()))]
    pub async fn photos_of_uuids(
        &self,
        uuids: &[uuid::Uuid],
    ) -> Result<Vec<(uuid::Uuid, i64, i32)>, ServiceError> {
        Ok(sqlx::query_as(
            "SELECT member_uuid, member_id, photo_version FROM members.member
             WHERE member_uuid = ANY($1) AND member_photo_file_name <> ''",
        )
        .bind(uuids)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Clears the sending marks of photos the central server has (`uuids[i]` at `versions[i]`), each
    /// only if no photo was taken since: their queue rows go if they still hold the version sent (checked
    /// on the row deleted, so a photo taken meanwhile, which wrote its version there, stays marked). The
    /// members are found by their uuids' index, and only read.
    #[tracing::instrument(name = "db.members.photos_acknowledge", skip_all, fields(photos = uuids.len()))]
    pub async fn acknowledge_photos(
        &self,
        uuids: &[uuid::Uuid],
        versions: &[i32],
    ) -> Result<u64, ServiceError> {
        let cleared = sqlx::query(
            "DELETE FROM members.sync_unsent_photo q
             USING unnest($1::uuid[], $2::int[]) AS acked (member_uuid, photo_version)
             JOIN members.member m ON m.member_uuid = acked.member_uuid
             WHERE q.member_id = m.member_id AND q.photo_version = acked.photo_version",
        )
        .bind(uuids)
        .bind(versions)
        .execute(&self.pool)
        .await?;
        Ok(cleared.rows_affected())
    }
}

/// A photo waiting to travel, as read: member id and uuid, photo version, identity number and name.
type PendingRow = (i64, uuid::Uuid, i32, String, String);

/// A member a photo received is for: its id, the version of the photo it has (`None`: none), and
/// whether it still wants the central server's (on a field laptop; see `photos_received`).
pub struct PhotoReceiver {
    pub id: i64,
    pub replaced: Option<i32>,
    pub wanted: bool,
}

fn pending(rows: Vec<PendingRow>) -> Vec<pb::PendingPhoto> {
    rows.into_iter()
        .map(|(member_id, uuid, photo_version, id_number, name)| pb::PendingPhoto {
            member_id,
            member_uuid: uuid.to_string(),
            photo_version,
            id_number,
            name,
        })
        .collect()
}
