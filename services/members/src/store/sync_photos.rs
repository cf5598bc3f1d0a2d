//! Photos as they travel from a field laptop to the central server, after their records: the photos
//! marked for sending, the member a sent photo belongs to (by uuid), and the acknowledgement that clears
//! a photo's mark.

use super::Store;
use crate::domain::messages as msg;
use common::error::ServiceError;
use proto::members as pb;

impl Store {
    /// The photos marked for sending, of the members after `after_member_id`, in the order of their ids.
    #[tracing::instrument(name = "db.members.photos_to_send", skip(self))]
    pub async fn photos_to_send(
        &self,
        after_member_id: i64,
        limit: i64,
    ) -> Result<Vec<pb::PendingPhoto>, ServiceError> {
        let rows: Vec<(i64, uuid::Uuid, i32, String, String)> = sqlx::query_as(
            "SELECT member_id, member_uuid, photo_version, member_id_number,
                    trim(member_firstname || ' ' || member_lastname)
             FROM members.member
             WHERE photo_synchronization_needed AND member_id > $1
             ORDER BY member_id LIMIT $2",
        )
        .bind(after_member_id)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        Ok(rows
            .into_iter()
            .map(|(member_id, uuid, photo_version, id_number, name)| pb::PendingPhoto {
                member_id,
                member_uuid: uuid.to_string(),
                photo_version,
                id_number,
                name,
            })
            .collect())
    }

    /// The id of the member of `uuid` here; a photo sent before its record is refused (the run sends
    /// records first, so this only happens to a photo of a member deleted meanwhile).
    pub async fn member_of_uuid(&self, uuid: uuid::Uuid) -> Result<i64, ServiceError> {
        sqlx::query_scalar("SELECT member_id FROM members.member WHERE member_uuid = $1")
            .bind(uuid)
            .fetch_optional(&self.pool)
            .await?
            .ok_or_else(|| ServiceError::NotFound(msg::synced_member_unknown(&uuid.to_string())))
    }

    /// Clears the sending marks of photos the central server has (`uuids[i]` at `versions[i]`), each
    /// only if no photo was taken since. The members are found by their uuids' index first, and the
    /// mark is read through `coalesce` so that the planner cannot go through the index of the marked
    /// photos, which statistics taken before many photos were marked say is small: it would read every
    /// marked row (68 ms a photo at 100,000 marked).
    #[tracing::instrument(name = "db.members.photos_acknowledge", skip_all, fields(photos = uuids.len()))]
    pub async fn acknowledge_photos(
        &self,
        uuids: &[uuid::Uuid],
        versions: &[i32],
    ) -> Result<u64, ServiceError> {
        let cleared = sqlx::query(
            "UPDATE members.member m SET photo_synchronization_needed = false
             FROM (SELECT held.member_id, acked.photo_version
                   FROM unnest($1::uuid[], $2::int[]) AS acked (member_uuid, photo_version)
                   JOIN members.member held ON held.member_uuid = acked.member_uuid) AS acked
             WHERE m.member_id = acked.member_id AND m.photo_version = acked.photo_version
               AND coalesce(m.photo_synchronization_needed, false)",
        )
        .bind(uuids)
        .bind(versions)
        .execute(&self.pool)
        .await?;
        Ok(cleared.rows_affected())
    }
}
