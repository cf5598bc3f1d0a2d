//! A past version of a member put back (`history/post.history_restore`): the member as its history
//! recorded it at that version, written again through the same rules and the same store as any edit
//! (the family rules, the locality and cooperative that must still exist, the identity number and uuid
//! that stay the member's), with its own entry in the history (source `restore`, the reason given).

use crate::domain::member_rules;
use crate::domain::messages as msg;
use crate::store::Store;
use crate::store::members::{ENTITY, MemberSettings};
use common::error::ServiceError;
use common::history::Origin;
use common::history::api::Restorer;
use proto::members as pb;
use serde_json::{Map, Value};

pub struct MemberRestorer {
    pub store: Store,
    pub settings: MemberSettings,
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
        if entity != ENTITY {
            return Err(ServiceError::Conflict(msg::restore_not_yet(entity)));
        }
        // A deleted member is not put back yet: the current record must exist.
        if let Err(ServiceError::NotFound(_)) = self.store.get_member(id).await {
            return Err(ServiceError::Conflict(msg::deleted_member_not_restored(id)));
        }
        let mut input: pb::MemberInput =
            serde_json::from_value(Value::Object(state)).map_err(anyhow::Error::from)?;
        input.member_id = Some(id);
        let draft = member_rules::check(&input, chrono::Local::now().date_naive())?;
        // Only an administrator or a manager restores: they may also put back a photo's check.
        self.store.save_member(&draft, origin, true, &self.settings).await?;
        Ok(())
    }
}
