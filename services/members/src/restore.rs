//! A past version of a member, a cooperative or a parcel put back (`history/post.history_restore`): the
//! record as its history recorded it at that version, written again through the same rules and the same
//! store as any edit (a member's family rules, the locality, cooperative or owner that must still exist,
//! the codes that stay unique, the identity number and uuid that stay the member's), with its own entry
//! in the history (source `restore`, the reason given). A deleted record is not put back yet.

use crate::domain::messages as msg;
use crate::domain::{member_rules, registry_rules};
use crate::store::Store;
use crate::store::members::{ENTITY as MEMBER, MemberSettings};
use crate::store::recorded::{COOPERATIVE, PARCEL};
use common::error::ServiceError;
use common::history::Origin;
use common::history::api::Restorer;
use proto::members as pb;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

pub struct MemberRestorer {
    pub store: Store,
    pub settings: MemberSettings,
}

/// The record at the version asked, as its input message.
fn input<M: DeserializeOwned>(state: Map<String, Value>) -> Result<M, ServiceError> {
    Ok(serde_json::from_value(Value::Object(state)).map_err(anyhow::Error::from)?)
}

#[tonic::async_trait]
impl Restorer for MemberRestorer {
    async fn restore(
        &self,
        origin: &Origin,
        entity: &str,
        id: i64,
        state: Map<String, Value>,
    ) -> Result<(), ServiceError> {
        let exists = match entity {
            MEMBER => self.store.get_member(id).await.map(drop),
            COOPERATIVE => self.store.get_cooperative(id).await.map(drop),
            PARCEL => self.store.get_parcel(id).await.map(drop),
            other => return Err(ServiceError::Conflict(msg::restore_not_yet(other))),
        };
        if let Err(ServiceError::NotFound(_)) = exists {
            return Err(ServiceError::Conflict(msg::deleted_not_restored(entity, id)));
        }
        exists?;
        match entity {
            MEMBER => {
                let mut member: pb::MemberInput = input(state)?;
                member.member_id = Some(id);
                let draft = member_rules::check(&member, chrono::Local::now().date_naive())?;
                // Only an administrator or a manager restores: they may also put back a photo's check.
                self.store.save_member(&draft, origin, true, &self.settings).await?;
            }
            COOPERATIVE => {
                let mut cooperative: pb::CooperativeInput = input(state)?;
                cooperative.cooperative_id = Some(id);
                let draft = registry_rules::check_cooperative(&cooperative)?;
                self.store.save_cooperative(&draft, origin).await?;
            }
            _ => {
                let mut parcel: pb::ParcelInput = input(state)?;
                parcel.parcel_id = Some(id);
                let draft = registry_rules::check_parcel(&parcel)?;
                self.store.save_parcel(&draft, origin).await?;
            }
        }
        Ok(())
    }
}
