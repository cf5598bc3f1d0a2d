//! What the cards service keeps of members: the fields a card copies, from the members service's events
//! (`MemberSaved`, `MemberDeleted`, `MemberPhotoChanged`), or read through to it when a card is asked for
//! a member the events have not brought yet. Applying an event twice changes nothing. The one place the
//! cards service asks the members service about a member (with the caller's own token).

use crate::domain::messages as msg;
use common::error::ServiceError;
use common::grpc::TracedChannel;
use futures::{StreamExt, TryStreamExt};
use proto::members as pb;
use proto::members::members_client::MembersClient;
use sqlx::PgConnection;
use tonic::Code;

/// The members service, when this instance calls it (none: the copy is all there is).
pub type Members<'a> = Option<&'a MembersClient<TracedChannel>>;

/// Members read from the members service at once.
const READ_AT_ONCE: usize = 8;

/// A member as kept here.
pub struct Projected<'a> {
    pub id: i64,
    pub id_number: &'a str,
    pub firstname: &'a str,
    pub lastname: &'a str,
    pub birth_date: Option<&'a str>,
    pub birth_location: &'a str,
    pub city: &'a str,
    pub contact: &'a str,
    pub membership_start_date: Option<&'a str>,
    /// The photo's version, when known (a saved member's event does not carry it).
    pub photo_version: Option<i32>,
}

impl<'a> Projected<'a> {
    pub fn of_input(m: &'a pb::MemberInput) -> Self {
        Projected {
            id: m.member_id.unwrap_or_default(),
            id_number: &m.member_id_number,
            firstname: &m.member_firstname,
            lastname: &m.member_lastname,
            birth_date: m.member_birth_date.as_deref(),
            birth_location: &m.member_birth_location,
            city: &m.member_city,
            contact: &m.member_contact,
            membership_start_date: m.member_membership_start_date.as_deref(),
            photo_version: None,
        }
    }

    /// A member as the members service answers it (its photo's version is in its address, `?v=3`).
    pub fn of_member(m: &'a pb::Member) -> Self {
        let version = common::photos::version_in(&m.photo_file_path);
        Projected {
            id: m.member_id.unwrap_or_default(),
            id_number: &m.member_id_number,
            firstname: &m.member_firstname,
            lastname: &m.member_lastname,
            birth_date: m.member_birth_date.as_deref(),
            birth_location: &m.member_birth_location,
            city: &m.member_city,
            contact: &m.member_contact,
            membership_start_date: m.member_membership_start_date.as_deref(),
            photo_version: Some(version.unwrap_or(0)),
        }
    }
}

pub async fn upsert(tx: &mut PgConnection, m: &Projected<'_>) -> Result<(), ServiceError> {
    sqlx::query(
        "INSERT INTO cards.member (member_id, member_id_number, member_firstname, member_lastname,
             member_birth_date, member_birth_location, member_city, member_contact,
             member_membership_start_date, photo_version)
         VALUES ($1, $2, $3, $4, $5::date, $6, $7, $8, $9::date, coalesce($10, 0))
         ON CONFLICT (member_id) DO UPDATE SET member_id_number = excluded.member_id_number,
             member_firstname = excluded.member_firstname, member_lastname = excluded.member_lastname,
             member_birth_date = excluded.member_birth_date,
             member_birth_location = excluded.member_birth_location, member_city = excluded.member_city,
             member_contact = excluded.member_contact,
             member_membership_start_date = excluded.member_membership_start_date,
             photo_version = coalesce($10, cards.member.photo_version)",
    )
    .bind(m.id)
    .bind(m.id_number)
    .bind(m.firstname)
    .bind(m.lastname)
    .bind(m.birth_date)
    .bind(m.birth_location)
    .bind(m.city)
    .bind(m.contact)
    .bind(m.membership_start_date)
    .bind(m.photo_version)
    .execute(&mut *tx)
    .await?;
    Ok(())
}

pub async fn delete(tx: &mut PgConnection, member_id: i64) -> Result<(), ServiceError> {
    sqlx::query("DELETE FROM cards.member WHERE member_id = $1")
        .bind(member_id)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

pub async fn photo_changed(
    tx: &mut PgConnection,
    member_id: i64,
    version: i32,
) -> Result<(), ServiceError> {
    sqlx::query("UPDATE cards.member SET photo_version = $2 WHERE member_id = $1")
        .bind(member_id)
        .bind(version)
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
        upsert(&mut *self.pool().acquire().await?, &Projected::of_member(m)).await
    }
}

/// The members service out of reach (or failing): logged, and a 503 in French.
fn unavailable(status: &tonic::Status) -> ServiceError {
    tracing::error!(code = ?status.code(), message = status.message(), "members read-through failed");
    ServiceError::Unavailable(msg::MEMBERS_UNAVAILABLE.into())
}
