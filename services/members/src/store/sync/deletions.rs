//! Deletions as they travel (migration 0009): a member deleted on one side is deleted on the other,
//! unless a later version of it is held there, or it still has a family or parcels there.
//!
//! A deletion is decided as a version is: the later of the deletion and the member's version wins,
//! ties to the greater instance id. A member that a deletion would leave without what hangs on it here
//! (a dependant, a parcel) is kept, and comes back everywhere as an edit made here, later than the
//! deletion; so does a main member deleted here whose dependant arrives. Nothing made on one side is
//! lost for a deletion made on the other without the agent seeing it in the journal.

use super::{Batch, Receiving, Version, conflict, kept_out, version_of};
use crate::domain::messages as msg;
use crate::events;
use crate::store::sync_marks::{self, Queue};
use chrono::{DateTime, Utc};
use common::error::ServiceError;
use common::outbox;
use proto::members as pb;
use sqlx::{PgConnection, Row};
use std::collections::{BTreeSet, HashMap};

/// What `Tombstone::of` reads of a tombstone row `t`, the origin of a deletion made here named by `$1`.
pub(super) const TOMBSTONE: &str = "t.member_uuid, t.deleted_at, \
    coalesce(t.origin_instance, $1::uuid) AS origin";

/// A deletion received is kept over the one held here (the caller decided it is the later).
const KEPT: &str =
    "ON CONFLICT (member_uuid) DO UPDATE SET member_id_number = EXCLUDED.member_id_number,
    member_firstname = EXCLUDED.member_firstname, member_lastname = EXCLUDED.member_lastname,
    deleted_at = EXCLUDED.deleted_at, deleted_by_user = EXCLUDED.deleted_by_user,
    origin_instance = EXCLUDED.origin_instance, synchronization_needed = false";

/// A deletion held here, locked for the batch.
pub(super) struct Tombstone {
    pub version: Version,
    /// As it travels: the journal shows it beside the version it met.
    pub synced: pb::SyncedMember,
}

impl Tombstone {
    pub fn of(row: &sqlx::postgres::PgRow) -> Result<Tombstone, ServiceError> {
        let sqlx::types::Json(synced): sqlx::types::Json<pb::SyncedMember> =
            row.try_get("synced")?;
        Ok(Tombstone {
            version: Version {
                updated_at: row.try_get("deleted_at")?,
                origin: row.try_get("origin")?,
            },
            synced,
        })
    }
}

/// The deletions held here of the members a batch names, locked to its end.
pub(super) async fn read_tombstones(
    tx: &mut PgConnection,
    uuids: &[uuid::Uuid],
    instance_id: uuid::Uuid,
) -> Result<HashMap<uuid::Uuid, Tombstone>, ServiceError> {
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {TOMBSTONE}, {} AS synced FROM members.member_tombstone t
         WHERE t.member_uuid = ANY($2) ORDER BY t.member_uuid FOR UPDATE",
        super::TOMBSTONE_JSON
    )))
    .bind(instance_id)
    .bind(uuids)
    .fetch_all(&mut *tx)
    .await?;
    let mut tombstones = HashMap::with_capacity(rows.len());
    for row in &rows {
        tombstones.insert(row.try_get("member_uuid")?, Tombstone::of(row)?);
    }
    Ok(tombstones)
}

/// How the record of a member is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Arrival {
    /// Over the member's row here, older than it.
    Held,
    /// New here: no deletion of it is known.
    New,
    /// Later than its deletion here, which it takes away.
    AfterDeletion,
    /// Not later than its deletion here, but the main member of a dependant of the batch: it comes
    /// back as an edit made here (later than the deletion wherever it was deleted), and the deletion
    /// goes.
    ForItsFamily,
}

impl Arrival {
    /// Whether the member's deletion here goes.
    pub fn revives(self) -> bool {
        matches!(self, Arrival::AfterDeletion | Arrival::ForItsFamily)
    }
}

/// Decides the record of a member with no row here against its deletion here, if any. `None`: the
/// deletion is later and the record is kept out (counted unchanged; journaled when the two are of
/// different instances).
pub(super) fn arrival(
    batch: &Batch,
    record: &pb::SyncedMember,
    incoming: Version,
    uuid: uuid::Uuid,
    applied: &mut pb::SyncApplied,
) -> Option<Arrival> {
    let Some(tombstone) = batch.tombstones.get(&uuid) else { return Some(Arrival::New) };
    if incoming > tombstone.version {
        return Some(Arrival::AfterDeletion);
    }
    if batch.named_mains.contains(&uuid) {
        applied.conflicts.push(conflict(uuid, record.clone(), tombstone.synced.clone()));
        return Some(Arrival::ForItsFamily);
    }
    applied.unchanged += 1;
    if tombstone.version.origin != incoming.origin {
        applied.conflicts.push(conflict(uuid, tombstone.synced.clone(), record.clone()));
    }
    None
}

/// Takes away the deletions of the members a batch brought back.
pub(super) async fn forget_deletions(
    tx: &mut PgConnection,
    revived: &[uuid::Uuid],
) -> Result<(), ServiceError> {
    if !revived.is_empty() {
        sqlx::query("DELETE FROM members.member_tombstone WHERE member_uuid = ANY($1)")
            .bind(revived)
            .execute(&mut *tx)
            .await?;
    }
    Ok(())
}

/// Applies the deletions of a batch, after its records, in their order (a dependant's before its main
/// member's, as they were made). Answers the ids of the members deleted (their photos go too).
pub(super) async fn apply_deletions(
    tx: &mut PgConnection,
    deletions: &[&pb::SyncedMember],
    batch: &mut Batch,
    applied: &mut pb::SyncApplied,
    mains: &mut BTreeSet<i64>,
) -> Result<Vec<i64>, ServiceError> {
    let mut deleted = Vec::new();
    for record in deletions {
        let incoming = version_of(record)?;
        let input = record.record.clone().unwrap_or_default();
        let uuid = uuid::Uuid::parse_str(&input.member_uuid)
            .map_err(|_| ServiceError::invalid_field("member_uuid", msg::UUID_FORMAT))?;
        applied.acks.push(pb::SyncAck { member_uuid: uuid.to_string(), position: record.position });
        let held = batch.held(tx, uuid).await?;
        if kept_out(held.as_ref(), record, incoming, uuid, applied) {
            continue;
        }
        let Some(held) = held else {
            // Nothing here to delete: the deletion is kept, so that an older version arriving later
            // does not bring the member back.
            let later = batch.tombstones.get(&uuid).is_none_or(|t| incoming > t.version);
            if later {
                let gone = Gone::Absent(uuid);
                write_deletion(tx, gone, record, &input, incoming, batch.receiving).await?;
            }
            applied.unchanged += 1;
            continue;
        };
        let gone = Gone::Held(held.member_id);
        if write_deletion(tx, gone, record, &input, incoming, batch.receiving).await? {
            outbox::enqueue(
                tx,
                super::super::SCHEMA,
                &events::MEMBER_DELETED,
                &pb::MemberDeleted { meta: None, member_id: held.member_id },
            )
            .await?;
            applied.deleted += 1;
            deleted.push(held.member_id);
            mains.extend(held.main_member_id);
            // An edit made here that the deleting side had not seen goes: journaled.
            let unseen = held.marked
                || batch.receiving.seen_position.is_some_and(|seen| held.synced.position > seen);
            if unseen && held.version.origin != incoming.origin {
                applied.conflicts.push(conflict(uuid, (*record).clone(), held.synced.clone()));
            }
        } else {
            // A dependant or a parcel here hangs on it: kept, and sent back as an edit made here.
            keep_as_own_edit(tx, held.member_id, incoming.updated_at, batch.receiving).await?;
            applied.unchanged += 1;
            applied.conflicts.push(conflict(uuid, held.synced.clone(), (*record).clone()));
        }
    }
    Ok(deleted)
}

/// Where a deletion received is written from: the member held here (deleted with it, unless a
/// dependant or a parcel here names it), or no member here (the deletion alone is kept, so that an
/// older version arriving later does not bring the member back).
enum Gone {
    Held(i64),
    Absent(uuid::Uuid),
}

/// Writes the deletion received (over a deletion held here, the caller having found it later);
/// answers whether it was written (not when the member held is still named here).
async fn write_deletion(
    tx: &mut PgConnection,
    gone: Gone,
    record: &pb::SyncedMember,
    input: &pb::MemberInput,
    incoming: Version,
    receiving: Receiving,
) -> Result<bool, ServiceError> {
    let uuid = match gone {
        Gone::Held(_) => "member_uuid",
        Gone::Absent(_) => "$1::uuid",
    };
    let gone_sql = match gone {
        Gone::Held(_) => {
            "WITH gone AS (
                 DELETE FROM members.member m WHERE m.member_id = $1
                   AND NOT EXISTS (SELECT 1 FROM members.member d WHERE d.member_main_member_id = $1)
                   AND NOT EXISTS (SELECT 1 FROM members.parcel p WHERE p.parcel_member_id = $1)
                 RETURNING m.member_uuid)"
        }
        Gone::Absent(_) => "WITH gone AS (SELECT 1)",
    };
    let query = sqlx::query_scalar::<_, i32>(sqlx::AssertSqlSafe(format!(
        "{gone_sql}
         INSERT INTO members.member_tombstone (member_uuid, member_id_number, member_firstname,
             member_lastname, deleted_at, deleted_by_user, origin_instance)
         SELECT {uuid}, $2, $3, $4, $5, $6, $7 FROM gone
         {KEPT} RETURNING 1"
    )));
    let query = match gone {
        Gone::Held(member_id) => query.bind(member_id),
        Gone::Absent(uuid) => query.bind(uuid),
    };
    let written = query
        .bind(&input.member_id_number)
        .bind(&input.member_firstname)
        .bind(&input.member_lastname)
        .bind(incoming.updated_at)
        .bind(&record.updated_by_user)
        .bind(origin(incoming, receiving))
        .fetch_optional(&mut *tx)
        .await?;
    Ok(written.is_some())
}

/// A member kept against a deletion becomes an edit made here, now: later than the deletion, it wins
/// wherever the member was deleted (marked for sending on a field laptop; on the central server, the
/// laptops receive it).
async fn keep_as_own_edit(
    tx: &mut PgConnection,
    member_id: i64,
    deletion: DateTime<Utc>,
    receiving: Receiving,
) -> Result<(), ServiceError> {
    sqlx::query(
        "UPDATE members.member SET updated_at = $2, origin_instance = NULL WHERE member_id = $1",
    )
    .bind(member_id)
    .bind(after(deletion))
    .execute(&mut *tx)
    .await?;
    if receiving.field {
        sync_marks::mark(tx, Queue::Record, &[member_id]).await?;
    }
    Ok(())
}

/// The origin a row keeps: NULL for this instance's own.
fn origin(incoming: Version, receiving: Receiving) -> Option<uuid::Uuid> {
    (incoming.origin != receiving.instance_id).then_some(incoming.origin)
}

/// The time a version of a member takes when it is kept against a later deletion.
pub(super) fn after(deletion: DateTime<Utc>) -> DateTime<Utc> {
    Utc::now().max(deletion + chrono::Duration::microseconds(1))
}
