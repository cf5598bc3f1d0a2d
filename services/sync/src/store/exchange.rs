//! What the exchange of records keeps: this instance's id, a field laptop's checkpoint, the field laptops
//! the central server knows, and the conflicts of each run.

use super::Store;
use crate::domain::handshake::{self, Known, Presented};
use crate::domain::messages as msg;
use common::error::ServiceError;
use common::paging::Page;
use proto::members::SyncConflict;
use proto::sync::{Conflict, Peer};
use sqlx::{Postgres, QueryBuilder};

/// The checkpoint of the central server's changes applied on a field laptop.
pub const FROM_SERVER: &str = "from_server";
/// The checkpoint of the central server's geography applied on a field laptop.
pub const GEOGRAPHY: &str = "geography";
/// The checkpoint of the central server's payments and cards applied on a field laptop.
pub const CARDS: &str = "cards";

/// Public sort fields of the field laptops and their columns.
pub const PEER_SORT: &[(&str, &str)] =
    &[("lastSeen", "p.last_seen"), ("firstSeen", "p.first_seen"), ("login_name", "p.login_name")];

/// A laptop as the contract names it (`Peer` reads its fields by their proto names).
const PEER: &str = "p.instance_id::text AS instance_id, p.login_name, p.high_position,
    to_char(p.first_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS first_seen,
    to_char(p.last_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS last_seen,
    p.lineage IS NULL AS readmitted, p.send_everything AS sending_everything";

/// What a handshake answers a laptop.
pub struct Handshake {
    /// The greatest position of the laptop seen here before (0: a new laptop).
    pub known_position: i64,
    /// This server lost what the laptop sent: it sends everything made on it.
    pub send_everything: bool,
}

impl Store {
    /// Makes this instance's id if it has none yet (the first start on a new database).
    pub async fn ensure_instance_id(&self) -> Result<uuid::Uuid, ServiceError> {
        sqlx::query("INSERT INTO sync.instance DEFAULT VALUES ON CONFLICT (one) DO NOTHING")
            .execute(&self.pool)
            .await?;
        self.instance_id().await
    }

    /// This instance's id.
    pub async fn instance_id(&self) -> Result<uuid::Uuid, ServiceError> {
        Ok(sqlx::query_scalar("SELECT id FROM sync.instance").fetch_one(&self.pool).await?)
    }

    /// The position a checkpoint holds (0 before the first page).
    pub async fn checkpoint(&self, name: &str) -> Result<i64, ServiceError> {
        let position: Option<i64> =
            sqlx::query_scalar("SELECT position FROM sync.checkpoint WHERE name = $1")
                .bind(name)
                .fetch_optional(&self.pool)
                .await?;
        Ok(position.unwrap_or(0))
    }

    /// Moves a checkpoint forward, once the page it ends is applied (never back).
    #[tracing::instrument(name = "db.sync.save_checkpoint", skip(self))]
    pub async fn save_checkpoint(&self, name: &str, position: i64) -> Result<(), ServiceError> {
        sqlx::query(
            "INSERT INTO sync.checkpoint (name, position) VALUES ($1, $2)
             ON CONFLICT (name) DO UPDATE SET position = greatest(sync.checkpoint.position, $2),
                 updated_at = now()",
        )
        .bind(name)
        .bind(position)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// On the laptop: takes a checkpoint back to `position` (the central server, restored from a backup,
    /// served this laptop no further); a checkpoint already there or before is left as it is.
    #[tracing::instrument(name = "db.sync.rewind_checkpoint", skip(self))]
    pub async fn rewind_checkpoint(&self, name: &str, position: i64) -> Result<bool, ServiceError> {
        let rewound = sqlx::query(
            "UPDATE sync.checkpoint SET position = $2, updated_at = now()
             WHERE name = $1 AND position > $2",
        )
        .bind(name)
        .bind(position)
        .execute(&self.pool)
        .await?;
        Ok(rewound.rows_affected() > 0)
    }

    /// On the central server: a page of `stream` served to a laptop up to `position`, written before the
    /// page is answered (never back).
    #[tracing::instrument(name = "db.sync.served", skip(self))]
    pub async fn record_served(
        &self,
        instance_id: uuid::Uuid,
        stream: &str,
        position: i64,
    ) -> Result<(), ServiceError> {
        sqlx::query(
            "INSERT INTO sync.served (instance_id, stream, position) VALUES ($1, $2, $3)
             ON CONFLICT (instance_id, stream) DO UPDATE
                 SET position = $3, updated_at = now()
                 WHERE sync.served.position < $3",
        )
        .bind(instance_id)
        .bind(stream)
        .bind(position)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// On the central server: how far each stream was served to a laptop, in one read (0: never).
    pub async fn served(
        &self,
        instance_id: uuid::Uuid,
    ) -> Result<std::collections::HashMap<String, i64>, ServiceError> {
        let rows: Vec<(String, i64)> =
            sqlx::query_as("SELECT stream, position FROM sync.served WHERE instance_id = $1")
                .bind(instance_id)
                .fetch_all(&self.pool)
                .await?;
        Ok(rows.into_iter().collect())
    }

    /// On the laptop: the lineage the central server last confirmed (none before the first send) and
    /// the one to propose next, made now unless a proposal is still waiting for its confirmation (a run
    /// cut between the two proposes it again).
    #[tracing::instrument(name = "db.sync.lineage_proposal", skip(self))]
    pub async fn lineage_proposal(&self) -> Result<(Option<uuid::Uuid>, uuid::Uuid), ServiceError> {
        Ok(sqlx::query_as(
            "UPDATE sync.instance SET proposed_lineage = coalesce(proposed_lineage, gen_random_uuid())
             RETURNING lineage, proposed_lineage",
        )
        .fetch_one(&self.pool)
        .await?)
    }

    /// On the laptop: the central server confirmed `proposed`, which is now this laptop's lineage.
    #[tracing::instrument(name = "db.sync.confirm_lineage", skip(self))]
    pub async fn confirm_lineage(&self, proposed: uuid::Uuid) -> Result<(), ServiceError> {
        sqlx::query(
            "UPDATE sync.instance SET lineage = $1, proposed_lineage = NULL
             WHERE proposed_lineage = $1",
        )
        .bind(proposed)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// On the central server: a field laptop's handshake, decided as `domain::handshake::decide` says
    /// (refused, or accepted and told whether to send everything); the laptop's proposal becomes its
    /// confirmed lineage. Answers the position known before and whether the laptop sends everything.
    #[tracing::instrument(name = "db.sync.handshake", skip(self))]
    pub async fn handshake(
        &self,
        instance_id: uuid::Uuid,
        position: i64,
        lineage: Option<uuid::Uuid>,
        proposed: uuid::Uuid,
        login_name: &str,
    ) -> Result<Handshake, ServiceError> {
        let mut tx = self.pool.begin().await?;
        let known: Option<(i64, Option<uuid::Uuid>, bool)> = sqlx::query_as(
            "SELECT high_position, lineage, send_everything FROM sync.peer
             WHERE instance_id = $1 FOR UPDATE",
        )
        .bind(instance_id)
        .fetch_optional(&mut *tx)
        .await?;
        let known = known.map(|(position, confirmed, send_everything)| Known {
            position,
            confirmed,
            send_everything,
        });
        let send_everything =
            handshake::decide(known.as_ref(), &Presented { position, lineage, proposed })?;
        sqlx::query(
            "INSERT INTO sync.peer (instance_id, login_name, high_position, lineage, send_everything)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (instance_id) DO UPDATE
                 SET high_position = $3, login_name = $2, lineage = $4, send_everything = $5,
                     last_seen = now()",
        )
        .bind(instance_id)
        .bind(login_name)
        .bind(position)
        .bind(proposed)
        .bind(send_everything)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        let known_position = known.map_or(0, |known| known.position);
        Ok(Handshake { known_position, send_everything })
    }

    /// On the central server: the field laptops it knows, the last seen first.
    pub async fn list_peers(&self, page: &Page) -> Result<(Vec<Peer>, i64), ServiceError> {
        let mut rows = QueryBuilder::<Postgres>::new(format!("SELECT {PEER} FROM sync.peer p"));
        page.push_window(&mut rows, &page.order_sql_not_null("p.instance_id"));
        let (rows, total) = tokio::try_join!(
            rows.build_query_as::<Peer>().fetch_all(&self.pool),
            sqlx::query_scalar::<_, i64>("SELECT count(*) FROM sync.peer").fetch_one(&self.pool)
        )?;
        Ok((rows, total))
    }

    /// On the central server restored from a backup: forgets the lineage of a laptop, so that its next
    /// handshake is accepted and told to send everything made on it.
    #[tracing::instrument(name = "db.sync.readmit_peer", skip(self))]
    pub async fn readmit_peer(&self, instance_id: uuid::Uuid) -> Result<Peer, ServiceError> {
        sqlx::query_as(sqlx::AssertSqlSafe(format!(
            "UPDATE sync.peer p SET lineage = NULL WHERE instance_id = $1 RETURNING {PEER}"
        )))
        .bind(instance_id)
        .fetch_optional(&self.pool)
        .await?
        .ok_or_else(|| ServiceError::NotFound(msg::UNKNOWN_PEER.into()))
    }

    /// On the central server: whether a field laptop made its handshake.
    pub async fn peer_known(&self, instance_id: uuid::Uuid) -> Result<bool, ServiceError> {
        Ok(sqlx::query_scalar("SELECT EXISTS (SELECT FROM sync.peer WHERE instance_id = $1)")
            .bind(instance_id)
            .fetch_one(&self.pool)
            .await?)
    }

    /// Journals the conflicts a batch met, under its run.
    #[tracing::instrument(name = "db.sync.save_conflicts", skip_all, fields(conflicts = conflicts.len()))]
    pub async fn save_conflicts(
        &self,
        run: uuid::Uuid,
        conflicts: &[SyncConflict],
    ) -> Result<(), ServiceError> {
        if conflicts.is_empty() {
            return Ok(());
        }
        let mut members = Vec::with_capacity(conflicts.len());
        let mut kept = Vec::with_capacity(conflicts.len());
        let mut lost = Vec::with_capacity(conflicts.len());
        for conflict in conflicts {
            let Ok(member) = uuid::Uuid::parse_str(&conflict.member_uuid) else {
                tracing::warn!(
                    member_uuid = conflict.member_uuid,
                    "a conflict names no member uuid"
                );
                continue;
            };
            members.push(member);
            kept.push(serde_json::to_value(&conflict.kept).map_err(anyhow::Error::from)?);
            lost.push(serde_json::to_value(&conflict.lost).map_err(anyhow::Error::from)?);
        }
        sqlx::query(
            "INSERT INTO sync.conflict (run_uuid, member_uuid, kept, lost)
             SELECT $1, * FROM unnest($2::uuid[], $3::jsonb[], $4::jsonb[])",
        )
        .bind(run)
        .bind(members)
        .bind(kept)
        .bind(lost)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The conflicts of a run, in the order they were met.
    #[tracing::instrument(name = "db.sync.conflicts", skip(self))]
    pub async fn conflicts(&self, run: uuid::Uuid) -> Result<Vec<Conflict>, ServiceError> {
        Ok(sqlx::query_as(
            "SELECT member_uuid::text AS member_uuid, kept::text AS kept, lost::text AS lost,
                    to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') AS at
             FROM sync.conflict WHERE run_uuid = $1 ORDER BY id",
        )
        .bind(run)
        .fetch_all(&self.pool)
        .await?)
    }
}
