//! Keeps the cards' copy of members from the members service's events, through the product's one durable
//! consumer (`common::consumer`): each event applied once, in a transaction that records its id.

use crate::store::members::{self, Projected};
use common::consumer::{Handler, read_event as read};
use common::error::ServiceError;
use proto::members as pb;
use sqlx::PgConnection;

/// The durable name of the cards' consumer of member events.
pub const CONSUMER: &str = "cards-members";

pub struct MemberProjection;

impl Handler for MemberProjection {
    async fn apply(
        &self,
        tx: &mut PgConnection,
        subject: &str,
        payload: &[u8],
    ) -> Result<(), ServiceError> {
        // Only the members' own events (not their cooperatives' or parcels').
        let Some(verb) = subject.strip_prefix("members.member.") else { return Ok(()) };
        match verb {
            "created" | "updated" => {
                let Some(saved) = read::<pb::MemberSaved>(subject, payload) else { return Ok(()) };
                match saved.member {
                    Some(m) if m.member_id.is_some_and(|id| id > 0) => {
                        members::upsert(tx, &Projected::of_input(&m)).await
                    }
                    _ => Ok(()),
                }
            }
            "deleted" => match read::<pb::MemberDeleted>(subject, payload) {
                Some(e) => members::delete(tx, e.member_id).await,
                None => Ok(()),
            },
            "photo_changed" => match read::<pb::MemberPhotoChanged>(subject, payload) {
                Some(e) => members::photo_changed(tx, e.member_id, e.version).await,
                None => Ok(()),
            },
            _ => Ok(()),
        }
    }
}
