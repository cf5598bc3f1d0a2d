//! What the cards service keeps of members: the fields a card copies, from the members service's events
//! (`MemberSaved`, `MemberDeleted`, `MemberPhotosChanged`), or read through to it when a card is asked for
//! a member the events have not brought yet. Applying an event twice changes nothing. The one place the
//! cards service asks the members service about a member (with the caller's own token).

use crate::domain::messages as msg;
use common::error::ServiceError;
use common::grpc::TracedChannel;
use futures::{StreamExt, TryStreamExt};
use proto::Fields;
use proto::members as pb;
use proto::members::members_client::MembersClient;
use serde::Serialize;
use serde_json::{Map, Value};
use sqlx::{AssertSqlSafe, PgConnection};
use std::sync::LazyLock;
use tonic::Code;

/// The members service, when this instance calls it (none: the copy is all there is).
pub type Members<'a> = Option<&'a MembersClient<TracedChannel>>;

/// Members read from the members service at once.
const READ_AT_ONCE: usize = 8;

/// The columns of the copy, each the field of the same proto name of a member's message (`MemberInput`
/// in the members' events, `Member` read through): what a card copies of its member, its identity block
/// (`proto::identity_columns`) and the rest. The photo's version is kept apart (an event of a saved
/// member does not carry it).
static COPIED: LazyLock<Vec<String>> = LazyLock::new(|| {
    // The key first (the others are updated).
    let mut columns = vec!["member_id".to_string(), "member_id_number".to_string()];
    columns.extend(proto::identity_columns("member"));
    columns.extend(["member_contact".to_string(), "member_membership_start_date".to_string()]);
    columns
});

/// Writes a member's `COPIED` fields (as JSON keyed by their columns) into the copy, with its photo's
/// version when given (`$2`): a new member without it has version 0, a known one keeps its own.
static UPSERT: LazyLock<String> = LazyLock::new(|| {
    let columns = COPIED.join(", ");
    format!(
        "INSERT INTO cards.member ({columns}, photo_version)
         SELECT {columns}, coalesce($2, 0) FROM jsonb_populate_record(NULL::cards.member, $1)
         ON CONFLICT (member_id) DO UPDATE SET {},
             photo_version = coalesce($2, cards.member.photo_version)",
        updated_columns()
    )
});

/// `upsert` of each member of `saved` (in the events' order, photo versions unknown), in one statement: a
/// member's last event alone changes what its earlier ones would have.
#[tracing::instrument(name = "db.cards.members_upsert", skip_all, fields(count = saved.len()))]
pub async fn upsert_all(
    tx: &mut PgConnection,
    saved: &[pb::MemberInput],
) -> Result<(), ServiceError> {
    if saved.is_empty() {
        return Ok(());
    }
    let last: std::collections::BTreeMap<Option<i64>, &pb::MemberInput> =
        saved.iter().map(|member| (member.member_id, member)).collect();
    let rows = Value::Array(last.into_values().map(copied).collect());
    sqlx::query(AssertSqlSafe(UPSERT_ALL.as_str())).bind(rows).execute(&mut *tx).await?;
    Ok(())
}

/// `UPSERT` of a JSON array of members, their photos' versions unknown.
static UPSERT_ALL: LazyLock<String> = LazyLock::new(|| {
    let columns = COPIED.join(", ");
    format!(
        "INSERT INTO cards.member ({columns}, photo_version)
         SELECT {columns}, 0 FROM jsonb_populate_recordset(NULL::cards.member, $1)
         ON CONFLICT (member_id) DO UPDATE SET {}",
        updated_columns()
    )
});

/// The `SET` of an upsert: every `COPIED` column but the key, from the row offered.
fn updated_columns() -> String {
    COPIED[1..].iter().map(|c| format!("{c} = excluded.{c}")).collect::<Vec<_>>().join(", ")
}

/// Keeps a member as the message `member` (`MemberInput`, `Member`) has it, each column from the field of
/// its name (`proto::Fields`), as the members service writes its own rows; `photo_version` when known.
pub async fn upsert<M: Fields + Serialize>(
    tx: &mut PgConnection,
    member: &M,
    photo_version: Option<i32>,
) -> Result<(), ServiceError> {
    sqlx::query(AssertSqlSafe(UPSERT.as_str()))
        .bind(copied(member))
        .bind(photo_version)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// The `COPIED` fields of a member's message, keyed by their proto names (the columns' names).
fn copied<M: Fields + Serialize>(member: &M) -> Value {
    let mut all = by_columns(member);
    all.retain(|column, _| COPIED.iter().any(|c| c == column));
    Value::Object(all)
}

/// Every field of a message keyed by its proto name (its column's name), for `jsonb_populate_record`.
pub(super) fn by_columns<M: Fields + Serialize>(message: &M) -> Map<String, Value> {
    let json = serde_json::to_value(message).unwrap_or_default();
    M::FIELDS
        .iter()
        .map(|(column, name)| (column.to_string(), json.get(*name).cloned().unwrap_or(Value::Null)))
        .collect()
}

pub async fn delete(tx: &mut PgConnection, member_id: i64) -> Result<(), ServiceError> {
    sqlx::query("DELETE FROM cards.member WHERE member_id = $1")
        .bind(member_id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

/// The photos' versions of `photos` (a member and its version, in the events' order) in one statement: a
/// member's last event alone changes what its earlier ones would have.
#[tracing::instrument(name = "db.cards.photos_changed", skip_all, fields(count = photos.len()))]
pub async fn photos_changed(
    tx: &mut PgConnection,
    photos: &[(i64, i32)],
) -> Result<(), ServiceError> {
    if photos.is_empty() {
        return Ok(());
    }
    let last: std::collections::BTreeMap<i64, i32> = photos.iter().copied().collect();
    let (ids, versions): (Vec<i64>, Vec<i32>) = last.into_iter().unzip();
    // Planned for each run (not kept prepared): a plan kept from when the copy was small read it whole
    // for every batch once it had grown (docs/performance.md, 2026-11-28 15:13).
    sqlx::query(
        "UPDATE cards.member m SET photo_version = e.version
         FROM unnest($1::bigint[], $2::int[]) AS e (member_id, version) WHERE m.member_id = e.member_id",
    )
    .persistent(false)
    .bind(&ids)
    .bind(&versions)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

impl super::Store {
    /// Brings the members of `ids` the copy does not have yet from the members service (a member
    /// created a moment ago, whose event is still on its way); one it does not know stays missing.
    pub async fn read_through(
        &self,
        members: Members<'_>,
        ids: &[i64],
    ) -> Result<(), ServiceError> {
        let missing = self.missing_members(ids).await?;
        self.read_again(members, &missing).await
    }

    /// Reads the members of `ids` from the members service into the copy (one it does not know is
    /// left), a few at a time (a refresh reads every member with an unused payment).
    pub async fn read_again(&self, members: Members<'_>, ids: &[i64]) -> Result<(), ServiceError> {
        let Some(members) = members else { return Ok(()) };
        futures::stream::iter(ids.iter().copied())
            .map(|id| async move {
                match members.clone().get_member(pb::Id { id }).await {
                    Ok(member) => self.keep_member(&member.into_inner()).await,
                    Err(status) if status.code() == Code::NotFound => Ok(()),
                    Err(status) => Err(unavailable(&status)),
                }
            })
            .buffer_unordered(READ_AT_ONCE)
            .try_collect::<()>()
            .await
    }

    /// Whether the members service knows the member (true when this instance does not call it).
    pub async fn member_known(&self, members: Members<'_>, id: i64) -> Result<bool, ServiceError> {
        let Some(members) = members else { return Ok(true) };
        match members.clone().get_member(pb::Id { id }).await {
            Ok(_) => Ok(true),
            Err(status) if status.code() == Code::NotFound => Ok(false),
            Err(status) => Err(unavailable(&status)),
        }
    }

    /// The ids of `ids` the copy of members does not have yet.
    async fn missing_members(&self, ids: &[i64]) -> Result<Vec<i64>, ServiceError> {
        Ok(sqlx::query_scalar(
            "SELECT id FROM unnest($1::bigint[]) id
             WHERE NOT EXISTS (SELECT 1 FROM cards.member m WHERE m.member_id = id)",
        )
        .bind(ids)
        .fetch_all(self.pool())
        .await?)
    }

    /// Keeps a member read from the members service.
    async fn keep_member(&self, m: &pb::Member) -> Result<(), ServiceError> {
        // Its photo's version is in its address (`?v=3`); none without a photo.
        let version = common::photos::version_in(&m.photo_file_path).unwrap_or(0);
        upsert(&mut *self.pool().acquire().await?, m, Some(version)).await
    }
}

/// The members service out of reach (or failing): logged, and a 503 in French.
fn unavailable(status: &tonic::Status) -> ServiceError {
    tracing::error!(code = ?status.code(), message = status.message(), "members read-through failed");
    ServiceError::Unavailable(msg::MEMBERS_UNAVAILABLE.into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Every column copied is a field of both messages a member comes in, so none is written empty.
    #[test]
    fn each_column_copied_is_a_field_of_both_messages() {
        for column in COPIED.iter() {
            assert!(pb::MemberInput::columns().any(|c| c == column), "MemberInput lacks {column}");
            assert!(pb::Member::columns().any(|c| c == column), "Member lacks {column}");
        }
    }

    /// A member's copied fields keyed by their columns; the others left out.
    #[test]
    fn a_member_is_written_under_its_columns() {
        let member = pb::MemberInput {
            member_id: Some(7),
            member_id_number: "CI-0007".into(),
            member_firstname: "Awa".into(),
            member_lastname: "Koné".into(),
            member_birth_date: Some("1990-04-01".into()),
            member_birth_location: "Daloa".into(),
            member_contact: "0700000000".into(),
            member_gender: "F".into(),
            ..Default::default()
        };
        assert_eq!(
            copied(&member),
            json!({"member_id": 7, "member_id_number": "CI-0007", "member_firstname": "Awa",
                "member_lastname": "Koné", "member_birth_date": "1990-04-01",
                "member_birth_location": "Daloa", "member_city": "", "member_contact": "0700000000",
                "member_membership_start_date": null})
        );
    }
}
