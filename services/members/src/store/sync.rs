//! Members as they travel between a field laptop and the central server (the rules: docs/api.md,
//! "Synchronisation"): pages of synchronised records by position, batches applied once with the later
//! version winning, and the acknowledgements that clear a record's sending mark.

use super::Store;
use super::members::{columns_of, refresh_dependent_counts, search_keys};
use super::sync_marks::{self, PHOTO_MARKED, Queue, RECORD_MARKED};
use crate::domain::{member_rules, messages as msg};
use crate::events;
use chrono::{DateTime, Utc};
use common::error::ServiceError;
use common::outbox;
use proto::members as pb;
use serde_json::{Map, Value, json};
use sqlx::types::Json;
use sqlx::{PgConnection, Row};
use std::collections::{BTreeSet, HashMap, HashSet};

mod deletions;
use deletions::{Arrival, Tombstone};

/// The most records a page or a batch holds.
pub const MOST_RECORDS: i32 = 1000;

/// A member row `m` (its main member `mm` joined) as a `SyncedMember`, the origin of an edit made here
/// named by `$1`. The record is the row's columns under their proto names, less what is this instance's
/// own (ids) or not the member's (search keys, the photo's version, the position), taken out in one
/// pass (`jsonb - text[]`: ten `- 'key'` copied the record ten times, 3% of a push's CPU).
const SYNCED_JSON: &str = "jsonb_build_object(
    'record', to_jsonb(m) - ARRAY['member_id', 'member_main_member_id', 'search', 'firstname_key',
        'photo_version', 'sync_position', 'origin_instance',
        'received_photo_version', 'photo_wanted'],
    'main_member_uuid', coalesce(mm.member_uuid::text, ''),
    'order_number', m.member_order_number,
    'updated_at', to_char(m.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"'),
    'updated_by_user', m.updated_by_user,
    'created_at', to_char(m.member_created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"'),
    'created_by_user', m.member_created_by_user,
    'origin_instance', coalesce(m.origin_instance, $1::uuid)::text,
    'position', m.sync_position,
    'photo_version', CASE WHEN m.member_photo_file_name <> '' THEN m.photo_version ELSE 0 END)";

/// A tombstone row `t` (migration 0009) as a `SyncedMember` marked `deleted`: the member's uuid, number
/// and name, when and by whom it was deleted, the origin of a deletion made here named by `$1`.
const TOMBSTONE_JSON: &str = "jsonb_build_object(
    'record', jsonb_build_object('member_uuid', t.member_uuid, 'member_id_number', t.member_id_number,
        'member_firstname', t.member_firstname, 'member_lastname', t.member_lastname),
    'updated_at', to_char(t.deleted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"'),
    'updated_by_user', t.deleted_by_user,
    'origin_instance', coalesce(t.origin_instance, $1::uuid)::text,
    'position', t.sync_position,
    'deleted', true)";

/// A page of changes, as the sync service asks for it.
#[derive(Debug, Clone)]
pub struct ChangesQuery {
    pub after: i64,
    pub marked: bool,
    pub up_to: i64,
    pub limit: i64,
    pub instance_id: uuid::Uuid,
    pub except_origin: Option<uuid::Uuid>,
}

/// What decides between two versions of a member: the later edit, ties to the greater instance id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Version {
    updated_at: DateTime<Utc>,
    origin: uuid::Uuid,
}

/// Who applies a batch: this instance (the origin of its own edits, which breaks ties), and, for a
/// laptop's batch on the central server, the last of the central server's positions the laptop had
/// applied when it sent the batch: a version held here after it is an edit the laptop never saw.
#[derive(Debug, Clone, Copy)]
pub struct Receiving {
    pub instance_id: uuid::Uuid,
    pub seen_position: Option<i64>,
    /// This instance is a field laptop: what it keeps against the other side's deletion is marked for
    /// sending.
    pub field: bool,
}

/// The version of a record as received, its fields read (French messages on the field at fault).
fn version_of(record: &pb::SyncedMember) -> Result<Version, ServiceError> {
    let updated_at = DateTime::parse_from_rfc3339(&record.updated_at)
        .map_err(|_| ServiceError::invalid_field("updatedAt", msg::SYNC_UPDATED_AT))?
        .with_timezone(&Utc);
    let origin = uuid::Uuid::parse_str(&record.origin_instance)
        .map_err(|_| ServiceError::invalid_field("originInstance", msg::SYNC_ORIGIN))?;
    Ok(Version { updated_at, origin })
}

/// The members' positions (migration 0005).
const POSITIONS: common::sync_position::Positions = common::sync_position::Positions {
    lock: "members.sync_position",
    sequence: "members.sync_position_seq",
};

impl Store {
    /// The greatest position whose every change is committed (`common::sync_position`).
    pub async fn sync_horizon(&self) -> Result<i64, ServiceError> {
        POSITIONS.horizon(&self.pool).await
    }

    /// A page of synchronised records in the order of their positions, each dependant's main member
    /// before it (sent again in front when it is not in the page), and the page's deletions after its
    /// records (a dependant's before its main member's, as they were made).
    #[tracing::instrument(name = "db.members.sync_changes", skip(self))]
    pub async fn changed_members(
        &self,
        query: &ChangesQuery,
    ) -> Result<pb::SyncedMemberPage, ServiceError> {
        let horizon = self.sync_horizon().await?;
        let up_to = if query.up_to > 0 { query.up_to.min(horizon) } else { horizon };
        // Written out, not bound: the marked members are read through their queue, in the order of its
        // positions (migration 0011), the others through the members' own positions.
        let (members, position, marked_deletion) = if query.marked {
            (
                "members.sync_unsent q JOIN members.member m ON m.member_id = q.member_id",
                "q.sync_position",
                "AND t.synchronization_needed",
            )
        } else {
            ("members.member m", "m.sync_position", "")
        };
        // The page's positions are the members' and the tombstones' together, each read in the order of
        // its index (the two merged, not sorted).
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "WITH page AS (
                 (SELECT m.member_id, NULL::uuid AS tombstone, {position} AS sync_position
                  FROM {members}
                  WHERE {position} > $2 AND {position} <= $3
                    AND ($5::uuid IS NULL OR m.origin_instance IS DISTINCT FROM $5)
                  ORDER BY {position} LIMIT $4)
                 UNION ALL
                 (SELECT NULL, t.member_uuid, t.sync_position FROM members.member_tombstone t
                  WHERE t.sync_position > $2 AND t.sync_position <= $3 {marked_deletion}
                    AND ($5::uuid IS NULL OR t.origin_instance IS DISTINCT FROM $5)
                  ORDER BY t.sync_position LIMIT $4)
                 ORDER BY sync_position LIMIT $4),
             mains AS (
                 SELECT DISTINCT d.member_main_member_id AS member_id FROM page p
                 JOIN members.member d ON d.member_id = p.member_id
                 WHERE d.member_main_member_id IS NOT NULL
                   AND d.member_main_member_id NOT IN (SELECT member_id FROM page
                                                       WHERE member_id IS NOT NULL))
             (SELECT {SYNCED_JSON} AS record, p.sync_position AS page_position,
                     NOT m.member_is_main_account AS after_mains, m.sync_position AS position
              FROM (SELECT member_id, sync_position FROM page WHERE member_id IS NOT NULL
                    UNION ALL SELECT member_id, NULL FROM mains) p
              JOIN members.member m ON m.member_id = p.member_id
              LEFT JOIN members.member mm ON mm.member_id = m.member_main_member_id)
             UNION ALL
             (SELECT {TOMBSTONE_JSON}, t.sync_position, NULL, t.sync_position
              FROM page p JOIN members.member_tombstone t ON t.member_uuid = p.tombstone)
             ORDER BY after_mains NULLS LAST, position"
        )))
        .bind(query.instance_id)
        .bind(query.after)
        .bind(up_to)
        .bind(query.limit)
        .bind(query.except_origin)
        .fetch_all(&self.pool)
        .await?;
        let mut records = Vec::with_capacity(rows.len());
        let (mut last_in_page, mut page_rows) = (None, 0);
        for row in &rows {
            let Json(record): Json<pb::SyncedMember> = row.try_get("record")?;
            // The main members sent again in front have no page position.
            if let Some(position) = row.try_get::<Option<i64>, _>("page_position")? {
                last_in_page = last_in_page.max(Some(position));
                page_rows += 1;
            }
            records.push(record);
        }
        // A page shorter than asked went through every change up to the horizon.
        let full = page_rows >= query.limit;
        let last_position = match last_in_page {
            Some(last) if full => last,
            _ => up_to.max(query.after),
        };
        Ok(pb::SyncedMemberPage { records, last_position, high_position: horizon })
    }

    /// Applies a batch of records from the other side in one transaction; a batch applied before is
    /// answered as it was then, and nothing changes. Each record is decided as `apply_one` says, then
    /// the batch is written together (`apply_together`: its new rows in one statement, its changed rows
    /// in another, their events in a third). A batch that names a member twice, or that the written
    /// together path refuses for any reason, is applied record by record instead (`apply_each`), which
    /// gives the same result or the same refusal.
    #[tracing::instrument(name = "db.members.sync_apply", skip_all, fields(batch = %batch_id, records = records.len()))]
    pub async fn apply_synced(
        &self,
        batch_id: uuid::Uuid,
        records: &[pb::SyncedMember],
        receiving: Receiving,
        today: chrono::NaiveDate,
    ) -> Result<(pb::SyncApplied, Vec<i64>), ServiceError> {
        if let Some(answer) = self.batch_answer(batch_id).await? {
            return Ok((pb::SyncApplied { replayed: true, ..answer }, Vec::new()));
        }
        let mut tx = self.pool.begin().await?;
        let together = if distinct_members(records) {
            // A savepoint: what the attempt wrote and locked goes if it fails.
            let mut attempt = sqlx::Connection::begin(&mut *tx).await?;
            match apply_together(&mut attempt, records, receiving, today).await {
                Ok(done) => {
                    attempt.commit().await?;
                    Some(done)
                }
                Err(error) => {
                    attempt.rollback().await?;
                    tracing::debug!(%error, "the batch is applied record by record");

                    None
                }
            }
        } else {
            None
        };
        let (applied, mains, deleted) = match together {
            Some(done) => done,
            None => apply_each(&mut tx, records, receiving, today).await?,
        };
        let mains: Vec<Option<i64>> = mains.into_iter().map(Some).collect();
        refresh_dependent_counts(&mut tx, &mains).await?;
        sqlx::query("INSERT INTO members.sync_batch (batch_id, answer) VALUES ($1, $2)")
            .bind(batch_id)
            .bind(Json(&applied))
            .execute(&mut *tx)
            .await?;
        outbox::commit(tx, super::SCHEMA).await?;
        Ok((applied, deleted))
    }

    async fn batch_answer(
        &self,
        batch_id: uuid::Uuid,
    ) -> Result<Option<pb::SyncApplied>, ServiceError> {
        let answer: Option<Json<pb::SyncApplied>> =
            sqlx::query_scalar("SELECT answer FROM members.sync_batch WHERE batch_id = $1")
                .bind(batch_id)
                .fetch_optional(&self.pool)
                .await?;
        Ok(answer.map(|Json(a)| a))
    }

    /// Clears the sending mark of each version acknowledged, if the member has not changed since (its
    /// position is still the one sent). Answers the ids of the members cleared.
    #[tracing::instrument(name = "db.members.sync_acknowledge", skip_all, fields(acks = acks.len()))]
    pub async fn acknowledge_synced(&self, acks: &[pb::SyncAck]) -> Result<Vec<i64>, ServiceError> {
        let mut uuids = Vec::with_capacity(acks.len());
        let mut positions = Vec::with_capacity(acks.len());
        for ack in acks {
            let uuid = uuid::Uuid::parse_str(&ack.member_uuid)
                .map_err(|_| ServiceError::invalid_field("member_uuid", msg::UUID_FORMAT))?;
            uuids.push(uuid);
            positions.push(ack.position);
        }
        // A deletion is acknowledged as a version is (a uuid is a member or a deletion, not both).
        // The queue row goes; the member's row is not written (`sync_marks`).
        Ok(sqlx::query_scalar(
            "WITH deletions AS (
                 UPDATE members.member_tombstone t SET synchronization_needed = false
                 FROM unnest($1::uuid[], $2::bigint[]) AS a(member_uuid, position)
                 WHERE t.member_uuid = a.member_uuid AND t.sync_position = a.position
                   AND t.synchronization_needed)
             DELETE FROM members.sync_unsent q
             USING unnest($1::uuid[], $2::bigint[]) AS a(member_uuid, position)
             JOIN members.member m ON m.member_uuid = a.member_uuid
             WHERE q.member_id = m.member_id AND q.sync_position = a.position
             RETURNING q.member_id",
        )
        .bind(uuids)
        .bind(positions)
        .fetch_all(&self.pool)
        .await?)
    }
}

impl Store {
    /// Marks for sending every member held here and every deletion, whoever made them, and the photo of
    /// each member made here (`origin_instance` NULL) that has one: the central server, restored from a
    /// backup, lost what this laptop sent after it, and what it made or received after it, which this
    /// laptop may hold. A version the central server still has is answered unchanged when it arrives.
    /// Answers how many members and photos were marked now (those marked already are left as they are).
    #[tracing::instrument(name = "db.members.sync_mark_all", skip(self))]
    pub async fn mark_all_for_sending(&self) -> Result<(i64, i64), ServiceError> {
        Ok(sqlx::query_as(
            "WITH deletions AS (
                 UPDATE members.member_tombstone SET synchronization_needed = true
                 WHERE NOT synchronization_needed),
             records AS (
                 INSERT INTO members.sync_unsent (member_id, sync_position)
                 SELECT member_id, sync_position FROM members.member
                 ON CONFLICT (member_id) DO NOTHING RETURNING member_id),
             photos AS (
                 INSERT INTO members.sync_unsent_photo (member_id, photo_version)
                 SELECT member_id, photo_version FROM members.member
                 WHERE origin_instance IS NULL AND member_photo_file_name <> ''
                 ON CONFLICT (member_id) DO NOTHING RETURNING member_id)
             SELECT (SELECT count(*) FROM records), (SELECT count(*) FROM photos)",
        )
        .fetch_one(&self.pool)
        .await?)
    }
}

/// What a batch needs of the receiving side, read in one statement each before its records are applied
/// (a record a round trip, not four): the members it names, locked, and its main members' ids.
struct Batch {
    receiving: Receiving,
    held: HashMap<uuid::Uuid, Held>,
    /// Main members by uuid; a main member written by the batch joins, for its dependants after it.
    mains: HashMap<uuid::Uuid, i64>,
    /// The uuids already applied: one named twice is read again.
    seen: HashSet<uuid::Uuid>,
    cooperatives: HashMap<i64, Option<i64>>,
    /// The deletions held here of the members the batch names.
    tombstones: HashMap<uuid::Uuid, Tombstone>,
    /// The main members the batch's records name: one deleted here comes back for its family.
    named_mains: HashSet<uuid::Uuid>,
}

impl Batch {
    async fn read(
        tx: &mut PgConnection,
        records: &[pb::SyncedMember],
        receiving: Receiving,
    ) -> Result<Batch, ServiceError> {
        let uuids: Vec<uuid::Uuid> = records
            .iter()
            .filter_map(|r| {
                r.record.as_ref().and_then(|m| uuid::Uuid::parse_str(&m.member_uuid).ok())
            })
            .collect();
        let main_uuids: Vec<uuid::Uuid> = records
            .iter()
            .filter(|r| !r.deleted)
            .filter_map(|r| uuid::Uuid::parse_str(r.main_member_uuid.trim()).ok())
            .collect();
        let tombstones =
            deletions::read_tombstones(&mut *tx, &uuids, receiving.instance_id).await?;
        let held = held_columns();
        let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
            "SELECT m.member_uuid, {held}, {SYNCED_JSON} AS synced FROM members.member m
             LEFT JOIN members.member mm ON mm.member_id = m.member_main_member_id
             WHERE m.member_uuid = ANY($2) ORDER BY m.member_id FOR UPDATE OF m"
        )))
        .bind(receiving.instance_id)
        .bind(&uuids)
        .fetch_all(&mut *tx)
        .await?;
        let mut held = HashMap::with_capacity(rows.len());
        for row in &rows {
            held.insert(row.try_get("member_uuid")?, Held::of(row)?);
        }
        let mains: Vec<(uuid::Uuid, i64)> = sqlx::query_as(
            "SELECT member_uuid, member_id FROM members.member WHERE member_uuid = ANY($1)",
        )
        .bind(&main_uuids)
        .fetch_all(&mut *tx)
        .await?;
        // The cooperatives the batch names, known here or not, in one statement (locked as
        // `cooperative` locks one).
        let named: Vec<i64> = records
            .iter()
            .filter_map(|r| r.record.as_ref().and_then(|m| m.member_cooperative_id))
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        let mut cooperatives: HashMap<i64, Option<i64>> =
            named.iter().map(|id| (*id, None)).collect();
        if !named.is_empty() {
            let known: Vec<i64> = sqlx::query_scalar(
                "SELECT cooperative_id FROM members.cooperative WHERE cooperative_id = ANY($1)
                 ORDER BY cooperative_id FOR KEY SHARE",
            )
            .bind(&named)
            .fetch_all(&mut *tx)
            .await?;
            cooperatives.extend(known.into_iter().map(|id| (id, Some(id))));
        }
        Ok(Batch {
            receiving,
            held,
            mains: mains.into_iter().collect(),
            seen: HashSet::new(),
            cooperatives,
            tombstones,
            named_mains: main_uuids.into_iter().collect(),
        })
    }

    /// The member `uuid` as held here (read again when the batch wrote it already).
    async fn held(
        &mut self,
        tx: &mut PgConnection,
        uuid: uuid::Uuid,
    ) -> Result<Option<Held>, ServiceError> {
        if self.seen.insert(uuid) {
            return Ok(self.held.remove(&uuid));
        }
        held(tx, uuid, self.receiving.instance_id).await
    }

    /// A cooperative that exists here; cooperatives do not travel yet, so an unknown one is left out
    /// rather than refusing the whole batch.
    async fn cooperative(
        &mut self,
        tx: &mut PgConnection,
        id: Option<i64>,
    ) -> Result<Option<i64>, ServiceError> {
        let Some(id) = id else { return Ok(None) };
        if let Some(known) = self.cooperatives.get(&id) {
            return Ok(*known);
        }
        let known = sqlx::query_scalar(
            "SELECT cooperative_id FROM members.cooperative WHERE cooperative_id = $1 FOR KEY SHARE",
        )
        .bind(id)
        .fetch_optional(&mut *tx)
        .await?;
        self.cooperatives.insert(id, known);
        Ok(known)
    }

    /// The id here of a dependant's main member, named by its uuid: it has arrived before (the sender
    /// puts main members first), or the batch is refused.
    fn main_member_id(
        &self,
        record: &pb::SyncedMember,
        input: &pb::MemberInput,
    ) -> Result<Option<i64>, ServiceError> {
        let main_uuid = record.main_member_uuid.trim();
        if main_uuid.is_empty() {
            return Ok(None);
        }
        let main_uuid = uuid::Uuid::parse_str(main_uuid)
            .map_err(|_| ServiceError::invalid_field("mainMemberUuid", msg::UUID_FORMAT))?;
        self.mains.get(&main_uuid).copied().map(Some).ok_or_else(|| {
            ServiceError::invalid_field(
                "mainMemberUuid",
                msg::sync_main_missing(&input.member_firstname, &input.member_lastname),
            )
        })
    }
}

/// What `Held::of` reads of a member row `m` (its main member `mm` joined), the origin of an edit made
/// here named by `$1`, and its marks (`sync_marks`).
fn held_columns() -> String {
    format!(
        "m.member_id, m.updated_at, coalesce(m.origin_instance, $1::uuid) AS origin,
         {RECORD_MARKED} AS record_marked, m.member_main_member_id, {PHOTO_MARKED} AS photo_marked,
         m.photo_wanted, m.received_photo_version"
    )
}

/// What the receiving side holds of a member, locked for the batch.
struct Held {
    member_id: i64,
    version: Version,
    marked: bool,
    main_member_id: Option<i64>,
    synced: pb::SyncedMember,
    /// A photo taken here and not sent yet.
    photo_marked: bool,
    /// The central server's photo asked for already, and the version last received from it.
    photo_wanted: bool,
    received_photo_version: i32,
}

impl Held {
    fn of(row: &sqlx::postgres::PgRow) -> Result<Held, ServiceError> {
        let Json(synced): Json<pb::SyncedMember> = row.try_get("synced")?;
        Ok(Held {
            member_id: row.try_get("member_id")?,
            version: Version {
                updated_at: row.try_get("updated_at")?,
                origin: row.try_get("origin")?,
            },
            marked: row.try_get("record_marked")?,
            main_member_id: row.try_get("member_main_member_id")?,
            synced,
            photo_marked: row.try_get("photo_marked")?,
            photo_wanted: row.try_get("photo_wanted")?,
            received_photo_version: row.try_get("received_photo_version")?,
        })
    }
}

/// What a batch did: its answer, the main members whose dependants changed, the members deleted.
type Done = (pb::SyncApplied, BTreeSet<i64>, Vec<i64>);

/// A batch applied record by record, each written with its event by one statement (`apply_one`),
/// then its deletions.
async fn apply_each(
    tx: &mut PgConnection,
    records: &[pb::SyncedMember],
    receiving: Receiving,
    today: chrono::NaiveDate,
) -> Result<Done, ServiceError> {
    let mut applied = pb::SyncApplied::default();
    let mut batch = Batch::read(tx, records, receiving).await?;
    let mut mains = BTreeSet::new();
    let mut revived = Vec::new();
    let (removals, versions): (Vec<_>, Vec<_>) = records.iter().partition(|r| r.deleted);
    for record in versions {
        apply_one(tx, record, &mut batch, today, &mut applied, &mut mains, &mut revived).await?;
    }
    deletions::forget_deletions(tx, &revived).await?;
    let deleted =
        deletions::apply_deletions(tx, &removals, &mut batch, &mut applied, &mut mains).await?;
    Ok((applied, mains, deleted))
}

/// Decides a record of a member: `None` when the version or the deletion held here is as late or
/// later (kept out); otherwise what is held here of the member and how the record is written.
async fn decide(
    tx: &mut PgConnection,
    record: &pb::SyncedMember,
    incoming: Version,
    uuid: uuid::Uuid,
    batch: &mut Batch,
    applied: &mut pb::SyncApplied,
) -> Result<Option<(Option<Held>, Arrival)>, ServiceError> {
    let held = batch.held(tx, uuid).await?;
    if kept_out(held.as_ref(), record, incoming, uuid, applied) {
        return Ok(None);
    }
    let arrival = match &held {
        Some(_) => Arrival::Held,
        None => match deletions::arrival(batch, record, incoming, uuid, applied) {
            Some(arrival) => arrival,
            None => return Ok(None),
        },
    };
    Ok(Some((held, arrival)))
}

/// Whether each member of the batch is named once (the sender's pages are so): then no record of the
/// batch depends on what an earlier one wrote of the same member, and the batch may be written
/// together.
fn distinct_members(records: &[pb::SyncedMember]) -> bool {
    let mut seen = HashSet::with_capacity(records.len());
    records.iter().all(|r| {
        r.record
            .as_ref()
            .and_then(|m| uuid::Uuid::parse_str(&m.member_uuid).ok())
            .is_some_and(|uuid| seen.insert(uuid))
    })
}

/// A batch decided record by record in its order, as `apply_one` decides, then written together: the
/// new members in one statement (their ids drawn first, so that a dependant names a main member of the
/// same batch), the changed ones in another, and every event, in the records' order, in a third; all
/// in the batch's transaction; then its deletions.
async fn apply_together(
    tx: &mut PgConnection,
    records: &[pb::SyncedMember],
    receiving: Receiving,
    today: chrono::NaiveDate,
) -> Result<Done, ServiceError> {
    let mut applied = pb::SyncApplied::default();
    let mut batch = Batch::read(tx, records, receiving).await?;
    let mut mains = BTreeSet::new();
    let (removals, versions): (Vec<_>, Vec<_>) = records.iter().partition(|r| r.deleted);
    // Ids for the members new here (at most one a record not held; those left unused are gaps).
    let new_here = versions
        .iter()
        .filter(|r| {
            r.record
                .as_ref()
                .and_then(|m| uuid::Uuid::parse_str(&m.member_uuid).ok())
                .is_none_or(|uuid| !batch.held.contains_key(&uuid))
        })
        .count();
    let mut ids: Vec<i64> = if new_here == 0 {
        Vec::new()
    } else {
        sqlx::query_scalar(
            "SELECT nextval(pg_get_serial_sequence('members.member', 'member_id'))
             FROM generate_series(1, $1::int)",
        )
        .bind(new_here as i32)
        .fetch_all(&mut *tx)
        .await?
    };
    ids.sort_unstable();
    let mut ids = ids.into_iter();
    let (mut created, mut updated, mut events) = (Vec::new(), Vec::new(), Vec::new());
    let (mut marked, mut unmarked) = (Vec::new(), Vec::new());
    let mut revived = Vec::new();
    for record in versions {
        let incoming = version_of(record)?;
        let input = record.record.clone().unwrap_or_default();
        let uuid = uuid::Uuid::parse_str(&input.member_uuid)
            .map_err(|_| ServiceError::invalid_field("member_uuid", msg::UUID_FORMAT))?;
        applied.acks.push(pb::SyncAck { member_uuid: uuid.to_string(), position: record.position });
        let Some((held, arrival)) =
            decide(tx, record, incoming, uuid, &mut batch, &mut applied).await?
        else {
            continue;
        };
        let prepared =
            prepare(tx, record, &input, incoming, uuid, held.as_ref(), arrival, &mut batch, today)
                .await?;
        let id = match &held {
            Some(held) => held.member_id,
            None => ids.next().ok_or_else(|| {
                ServiceError::Internal(anyhow::anyhow!("no id drawn for a new member"))
            })?,
        };
        let Prepared { member, mut row, main_id, marking } = prepared;
        match marking {
            Marking::Mark => marked.push(id),
            Marking::Unmark => unmarked.push(id),
            Marking::Leave => {}
        }
        let subject =
            if held.is_some() { &events::MEMBER_UPDATED } else { &events::MEMBER_CREATED };
        let mut event = outbox::Stamped::of(
            subject,
            &pb::MemberSaved { meta: None, member: Some(member.clone()) },
        )?;
        // As `apply_one`'s statement sets it.
        event.payload["member_id"] = json!(id);
        events.push(json!({
            "id": event.id,
            "subject": event.subject,
            "payload": event.payload,
            "trace_context": event.trace_context,
        }));
        row.insert("member_id".into(), json!(id));
        match &held {
            None => created.push(Value::Object(row)),
            Some(_) => updated.push(Value::Object(row)),
        }
        written(record, uuid, id, main_id, held.as_ref(), incoming, &mut batch, &mut applied);
        mains.extend(main_id);
        mains.extend(held.as_ref().and_then(|h| h.main_member_id));
        if arrival.revives() {
            revived.push(uuid);
        }
    }
    counted_here(&mut created, &updated, &mut mains);
    write_together(tx, created, updated, events).await?;
    sync_marks::unmark(tx, Queue::Record, &unmarked).await?;
    sync_marks::mark(tx, Queue::Record, &marked).await?;
    deletions::forget_deletions(tx, &revived).await?;
    let deleted =
        deletions::apply_deletions(tx, &removals, &mut batch, &mut applied, &mut mains).await?;
    Ok((applied, mains, deleted))
}

/// The dependants of the main members new in the batch, counted here: only rows of the batch can name
/// a member the batch creates, so each new row carries its `dependent_count` as it is inserted, and its
/// main member is not refreshed after (an update that wrote the row again, with every index of the
/// member, for nearly one member in two: docs/performance.md, 2026-11-29). The main members held
/// before the batch stay in `mains`, refreshed after the batch.
fn counted_here(created: &mut [Value], updated: &[Value], mains: &mut BTreeSet<i64>) {
    let id_of = |row: &Value, column: &str| row.get(column).and_then(Value::as_i64);
    let mut counts: HashMap<i64, i64> =
        created.iter().filter_map(|row| id_of(row, "member_id")).map(|id| (id, 0)).collect();
    let named = created.iter().chain(updated).filter_map(|row| id_of(row, "member_main_member_id"));
    for main in named {
        if let Some(count) = counts.get_mut(&main) {
            *count += 1;
        }
    }
    for row in created.iter_mut() {
        if let (Some(count), Value::Object(row)) =
            (id_of(row, "member_id").and_then(|id| counts.get(&id)), &mut *row)
        {
            row.insert("dependent_count".into(), json!(count));
        }
    }
    mains.retain(|id| !counts.contains_key(id));
}

/// Writes the rows decided by `apply_together` and their events: the new rows in the batch's order
/// (each takes its position as it is inserted, main members before their dependants), the changed rows
/// (each of them held and locked by the batch: every one must be found), then the events.
async fn write_together(
    tx: &mut PgConnection,
    created: Vec<Value>,
    updated: Vec<Value>,
    events: Vec<Value>,
) -> Result<(), ServiceError> {
    // The columns of each statement are its first row's (a new row carries its dependants' count).
    let columns_of_first = |rows: &[Value]| match rows.first() {
        Some(Value::Object(first)) => first.keys().cloned().collect::<Vec<String>>(),
        _ => Vec::new(),
    };
    if !created.is_empty() {
        let columns = columns_of_first(&created);
        let list = columns.join(", ");
        let picked = columns.iter().map(|c| format!("r.{c}")).collect::<Vec<_>>().join(", ");
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "INSERT INTO members.member ({list})
             SELECT {picked} FROM jsonb_populate_recordset(NULL::members.member, $1)
                 WITH ORDINALITY AS r ORDER BY r.ordinality"
        )))
        .bind(Value::Array(created))
        .execute(&mut *tx)
        .await?;
    }
    if !updated.is_empty() {
        let wanted = updated.len() as u64;
        let set = columns_of_first(&updated)
            .iter()
            .filter(|c| *c != "member_id")
            .map(|c| format!("{c} = r.{c}"))
            .collect::<Vec<_>>()
            .join(", ");
        let changed = sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE members.member m SET {set}
             FROM jsonb_populate_recordset(NULL::members.member, $1) r
             WHERE m.member_id = r.member_id"
        )))
        .bind(Value::Array(updated))
        .execute(&mut *tx)
        .await?;
        if changed.rows_affected() != wanted {
            return Err(ServiceError::Internal(anyhow::anyhow!(
                "{} of {wanted} members held by the batch were changed",
                changed.rows_affected()
            )));
        }
    }
    if !events.is_empty() {
        sqlx::query(
            "INSERT INTO members.outbox (id, subject, payload, trace_context)
             SELECT (e->>'id')::uuid, e->>'subject', e->'payload', e->'trace_context'
             FROM jsonb_array_elements($1) WITH ORDINALITY AS x(e, n) ORDER BY n",
        )
        .bind(Value::Array(events))
        .execute(&mut *tx)
        .await?;
    }
    Ok(())
}

/// Whether the version held is the same or later than the one received: then the record is kept out
/// (counted unchanged, and journaled as a conflict when the two versions differ in origin).
fn kept_out(
    held: Option<&Held>,
    record: &pb::SyncedMember,
    incoming: Version,
    uuid: uuid::Uuid,
    applied: &mut pb::SyncApplied,
) -> bool {
    let Some(held) = held.filter(|held| held.version >= incoming) else { return false };
    applied.unchanged += 1;
    if held.version != incoming && held.version.origin != incoming.origin {
        applied.conflicts.push(conflict(uuid, held.synced.clone(), record.clone()));
    }
    true
}

/// Whether a field laptop asks the central server for the photo of a member it receives: the central
/// server has one newer than the last received, and no photo taken here waits to be sent (the laptop's
/// own goes to the central server instead); a photo asked for before is still wanted.
fn photo_wanted(record: &pb::SyncedMember, held: Option<&Held>) -> bool {
    let received = held.map_or(0, |h| h.received_photo_version);
    let newer = record.photo_version > received;
    held.is_some_and(|h| h.photo_wanted) || (newer && !held.is_some_and(|h| h.photo_marked))
}

/// A record that will be written, as its event tells it and as its row, and what becomes of its
/// sending mark once written.
struct Prepared {
    member: pb::MemberInput,
    row: Map<String, Value>,
    main_id: Option<i64>,
    marking: Marking,
}

/// What a record written from the other side does to its sending mark.
enum Marking {
    /// Marked: kept here against a deletion, on a field laptop, it goes back to the other side.
    Mark,
    /// Cleared: the other side's version replaces the edit that was waiting here.
    Unmark,
    /// Nothing to change: it was not marked, and stays so.
    Leave,
}

/// A record to write, checked as any write (its main member found here), as its row: its columns but
/// its id, with the version's fields and the search keys.
#[allow(clippy::too_many_arguments)]
async fn prepare(
    tx: &mut PgConnection,
    record: &pb::SyncedMember,
    input: &pb::MemberInput,
    incoming: Version,
    uuid: uuid::Uuid,
    held: Option<&Held>,
    arrival: Arrival,
    batch: &mut Batch,
    today: chrono::NaiveDate,
) -> Result<Prepared, ServiceError> {
    let main_id = batch.main_member_id(record, input)?;
    let mut sent = input.clone();
    sent.member_id = held.map(|h| h.member_id);
    sent.member_main_member_id = main_id;
    let draft = member_rules::check(&sent, today)?;
    let mut member = draft.input;
    member.member_id_number = input.member_id_number.trim().to_uppercase();
    member.member_uuid = uuid.to_string();
    member.member_cooperative_id = batch.cooperative(tx, member.member_cooperative_id).await?;
    let mut row = columns_of(&member);
    row.remove("member_id");
    let (search, firstname_key) = search_keys(&member);
    row.insert("member_order_number".into(), json!(record.order_number));
    row.insert("updated_at".into(), json!(incoming.updated_at.to_rfc3339()));
    row.insert("updated_by_user".into(), json!(record.updated_by_user));
    let created_at = Some(record.created_at.as_str()).filter(|at| !at.is_empty());
    row.insert("member_created_at".into(), json!(created_at));
    row.insert("member_created_by_user".into(), json!(record.created_by_user));
    row.insert("origin_instance".into(), json!(incoming.origin));
    row.insert("search".into(), json!(search));
    row.insert("firstname_key".into(), json!(firstname_key));
    if batch.receiving.field {
        row.insert("photo_wanted".into(), json!(photo_wanted(record, held)));
    }
    let mut marking = if held.is_some_and(|h| h.marked) { Marking::Unmark } else { Marking::Leave };
    if let (Arrival::ForItsFamily, Some(deletion)) = (arrival, batch.tombstones.get(&uuid)) {
        // Back for its family: an edit made here, later than its deletion wherever it was deleted.
        let at = deletions::after(deletion.version.updated_at);
        row.insert("updated_at".into(), json!(at.to_rfc3339()));
        row.insert("origin_instance".into(), Value::Null);
        if batch.receiving.field {
            marking = Marking::Mark;
        }
    }
    Ok(Prepared { member, row, main_id, marking })
}

/// What a record written (under `id`) counts for: created or updated, a conflict when an edit made
/// here and not sent yet is dropped for it, and a main member its dependants later in the batch name.
#[allow(clippy::too_many_arguments)]
fn written(
    record: &pb::SyncedMember,
    uuid: uuid::Uuid,
    id: i64,
    main_id: Option<i64>,
    held: Option<&Held>,
    incoming: Version,
    batch: &mut Batch,
    applied: &mut pb::SyncApplied,
) {
    if main_id.is_none() {
        batch.mains.insert(uuid, id);
    }
    match held {
        None => applied.created += 1,
        Some(held) => {
            applied.updated += 1;
            // An edit made here that the sender had not seen (not sent yet, from a laptop; made after
            // the laptop last received, on the central server) is dropped for the later one: both are
            // journaled.
            let unseen = held.marked
                || batch.receiving.seen_position.is_some_and(|seen| held.synced.position > seen);
            if unseen && held.version.origin != incoming.origin {
                applied.conflicts.push(conflict(uuid, record.clone(), held.synced.clone()));
            }
        }
    }
}

/// One record: written when it is new or later than the version held; otherwise kept out. Either way
/// it is acknowledged, and two versions of different origins, one of which is dropped, are a conflict.
async fn apply_one(
    tx: &mut PgConnection,
    record: &pb::SyncedMember,
    batch: &mut Batch,
    today: chrono::NaiveDate,
    applied: &mut pb::SyncApplied,
    mains: &mut BTreeSet<i64>,
    revived: &mut Vec<uuid::Uuid>,
) -> Result<(), ServiceError> {
    let incoming = version_of(record)?;
    let input = record.record.clone().unwrap_or_default();
    let uuid = uuid::Uuid::parse_str(&input.member_uuid)
        .map_err(|_| ServiceError::invalid_field("member_uuid", msg::UUID_FORMAT))?;
    applied.acks.push(pb::SyncAck { member_uuid: uuid.to_string(), position: record.position });
    let Some((held, arrival)) = decide(tx, record, incoming, uuid, batch, applied).await? else {
        return Ok(());
    };
    if arrival.revives() {
        revived.push(uuid);
    }
    let Prepared { member, row, main_id, marking } =
        prepare(tx, record, &input, incoming, uuid, held.as_ref(), arrival, batch, today).await?;
    let subject = if held.is_some() { &events::MEMBER_UPDATED } else { &events::MEMBER_CREATED };
    let event = outbox::Stamped::of(
        subject,
        &pb::MemberSaved { meta: None, member: Some(member.clone()) },
    )?;
    // The row and its event in one statement; the event's member gets its id from the row.
    let columns = row.keys().cloned().collect::<Vec<_>>().join(", ");
    let write = match &held {
        None => format!(
            "INSERT INTO members.member ({columns})
             SELECT {columns} FROM jsonb_populate_record(NULL::members.member, $1) RETURNING member_id"
        ),
        Some(_) => format!(
            "UPDATE members.member SET ({columns}) =
             (SELECT {columns} FROM jsonb_populate_record(NULL::members.member, $1))
             WHERE member_id = $2 RETURNING member_id"
        ),
    };
    let id: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "WITH saved AS ({write}),
         told AS (INSERT INTO members.outbox (id, subject, payload, trace_context)
             SELECT $3, $4, jsonb_set($5, '{{member_id}}', to_jsonb(member_id)), $6 FROM saved)
         SELECT member_id FROM saved"
    )))
    .bind(Value::Object(row))
    .bind(held.as_ref().map(|h| h.member_id))
    .bind(event.id)
    .bind(event.subject)
    .bind(&event.payload)
    .bind(&event.trace_context)
    .fetch_one(&mut *tx)
    .await
    .map_err(|e| super::members::unique_conflict(e, &member.member_id_number))?;
    match marking {
        Marking::Mark => sync_marks::mark(tx, Queue::Record, &[id]).await?,
        Marking::Unmark => sync_marks::unmark(tx, Queue::Record, &[id]).await?,
        Marking::Leave => {}
    }
    mains.extend(main_id);
    mains.extend(held.as_ref().and_then(|h| h.main_member_id));
    written(record, uuid, id, main_id, held.as_ref(), incoming, batch, applied);
    Ok(())
}

fn conflict(uuid: uuid::Uuid, kept: pb::SyncedMember, lost: pb::SyncedMember) -> pb::SyncConflict {
    pb::SyncConflict { member_uuid: uuid.to_string(), kept: Some(kept), lost: Some(lost) }
}

/// The member `uuid` as held here, locked to the end of the batch.
async fn held(
    tx: &mut PgConnection,
    uuid: uuid::Uuid,
    instance_id: uuid::Uuid,
) -> Result<Option<Held>, ServiceError> {
    let held = held_columns();
    let row = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {held}, {SYNCED_JSON} AS synced
         FROM members.member m LEFT JOIN members.member mm ON mm.member_id = m.member_main_member_id
         WHERE m.member_uuid = $2 FOR UPDATE OF m"
    )))
    .bind(instance_id)
    .bind(uuid)
    .fetch_optional(&mut *tx)
    .await?;
    row.as_ref().map(Held::of).transpose()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: i64, main: Option<i64>) -> Value {
        json!({"member_id": id, "member_main_member_id": main, "member_lastname": "Kone"})
    }

    #[test]
    fn a_main_member_new_in_the_batch_carries_its_dependants_count_and_is_not_refreshed() {
        // 10 new with two dependants (one new, one held and moved to it); 20 new alone; 30 held.
        let mut created = vec![row(10, None), row(11, Some(10)), row(20, None), row(12, Some(30))];
        let updated = vec![row(5, Some(10))];
        let mut mains = BTreeSet::from([10, 30, 40]);
        counted_here(&mut created, &updated, &mut mains);
        let counts: Vec<_> = created.iter().map(|r| r["dependent_count"].clone()).collect();
        assert_eq!(counts, [json!(2), json!(0), json!(0), json!(0)]);
        // Every new row names the same columns, as the batch's one INSERT reads them.
        assert!(created.iter().all(|r| r.as_object().is_some_and(|r| r.len() == 4)));
        assert_eq!(mains, BTreeSet::from([30, 40]), "the main members held before stay to refresh");
    }
}
