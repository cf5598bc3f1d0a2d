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

    /// Clears the sending mark of a photo the central server has, if no photo was taken since.
    /// The member is found by its uuid's index first: left to itself, the planner may go through the
    /// index of the marked photos, which statistics taken before many photos were marked say is small,
    /// and read every marked row for each photo acknowledged (68 ms a photo at 100,000 marked).
    #[tracing::instrument(name = "db.members.photo_acknowledge", skip(self))]
    pub async fn acknowledge_photo(
        &self,
        uuid: uuid::Uuid,
        version: i32,
    ) -> Result<bool, ServiceError> {
        let cleared = sqlx::query(
            "UPDATE members.member SET photo_synchronization_needed = false
             WHERE member_id = (SELECT member_id FROM members.member WHERE member_uuid = $1)
               AND photo_version = $2 AND photo_synchronization_needed",
        )
        .bind(uuid)
        .bind(version)
        .execute(&self.pool)
        .await?;
        Ok(cleared.rows_affected() > 0)
    }
}
