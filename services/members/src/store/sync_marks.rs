//! A member's sending marks on a field laptop (migration 0012): its record is marked when
//! `members.sync_unsent` holds it (at its position, which the queue follows while the mark stands), its
//! photo when `members.sync_unsent_photo` does (at the photo's version). The writer of an edit puts the
//! member in its queues in the edit's transaction; an acknowledgement takes it out, only if the queue
//! row still holds the version sent. The member's row is never written for a mark.

use common::error::ServiceError;
use sqlx::PgConnection;

/// What finds whether the member `m` is marked for sending, as SQL (`member_synchronization_needed`).
pub const RECORD_MARKED: &str =
    "EXISTS (SELECT FROM members.sync_unsent q WHERE q.member_id = m.member_id)";
/// Whether the photo of the member `m` waits to be sent.
pub const PHOTO_MARKED: &str =
    "EXISTS (SELECT FROM members.sync_unsent_photo q WHERE q.member_id = m.member_id)";

/// Marks the records of the members `ids` for sending, at their positions as written.
pub async fn mark_records(tx: &mut PgConnection, ids: &[i64]) -> Result<(), ServiceError> {
    if ids.is_empty() {
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO members.sync_unsent (member_id, sync_position)
         SELECT member_id, sync_position FROM members.member WHERE member_id = ANY($1)
         ON CONFLICT (member_id) DO UPDATE SET sync_position = EXCLUDED.sync_position",
    )
    .bind(ids)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Clears the marks of the records of the members `ids` (a version received from the other side
/// replaced what was held here).
pub async fn unmark_records(tx: &mut PgConnection, ids: &[i64]) -> Result<(), ServiceError> {
    if ids.is_empty() {
        return Ok(());
    }
    sqlx::query("DELETE FROM members.sync_unsent WHERE member_id = ANY($1)")
        .bind(ids)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// Marks the photos of the members `ids` for sending, at their versions as written.
pub async fn mark_photos(tx: &mut PgConnection, ids: &[i64]) -> Result<(), ServiceError> {
    if ids.is_empty() {
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO members.sync_unsent_photo (member_id, photo_version)
         SELECT member_id, photo_version FROM members.member WHERE member_id = ANY($1)
         ON CONFLICT (member_id) DO UPDATE SET photo_version = EXCLUDED.photo_version",
    )
    .bind(ids)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Clears the marks of the photos of the members `ids` (a photo received replaced the one taken here).
pub async fn unmark_photos(tx: &mut PgConnection, ids: &[i64]) -> Result<(), ServiceError> {
    if ids.is_empty() {
        return Ok(());
    }
    sqlx::query("DELETE FROM members.sync_unsent_photo WHERE member_id = ANY($1)")
        .bind(ids)
        .execute(&mut *tx)
        .await?;
    Ok(())
}
