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

/// One of a member's two queues of what waits to be sent.
#[derive(Clone, Copy, Debug)]
pub enum Queue {
    /// Its record, held at the member's position as written.
    Record,
    /// Its photo, held at the photo's version as written.
    Photo,
}

impl Queue {
    /// The queue's table, and the member's column whose value its row holds (written out, never from
    /// input).
    fn table_and_version(self) -> (&'static str, &'static str) {
        match self {
            Queue::Record => ("members.sync_unsent", "sync_position"),
            Queue::Photo => ("members.sync_unsent_photo", "photo_version"),
        }
    }
}

/// Marks the members `ids` for sending in `queue`, at their versions as written.
pub async fn mark(tx: &mut PgConnection, queue: Queue, ids: &[i64]) -> Result<(), ServiceError> {
    if ids.is_empty() {
        return Ok(());
    }
    let (table, version) = queue.table_and_version();
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO {table} (member_id, {version})
         SELECT member_id, {version} FROM members.member WHERE member_id = ANY($1)
         ON CONFLICT (member_id) DO UPDATE SET {version} = EXCLUDED.{version}"
    )))
    .bind(ids)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Clears the marks of the members `ids` in `queue` (a version received from the other side replaced
/// what was held here).
pub async fn unmark(tx: &mut PgConnection, queue: Queue, ids: &[i64]) -> Result<(), ServiceError> {
    if ids.is_empty() {
        return Ok(());
    }
    let (table, _) = queue.table_and_version();
    sqlx::query(sqlx::AssertSqlSafe(format!("DELETE FROM {table} WHERE member_id = ANY($1)")))
        .bind(ids)
        .execute(&mut *tx)
        .await?;
    Ok(())
}
