//! The proof that a delivery reached its members: one file a delivery (a photo or scan of the signed
//! slip), replaced whole by the next one, gone with the delivery.

use super::{SCHEMA, Store};
use crate::domain::messages as msg;
use crate::events;
use common::error::ServiceError;
use common::outbox;
use proto::cards as pb;

impl Store {
    #[tracing::instrument(name = "db.cards.proof_save", skip_all, fields(delivery_id = proof.delivery_id))]
    pub async fn save_delivery_proof(
        &self,
        proof: &pb::DeliveryProof,
        caller: &str,
    ) -> Result<(), ServiceError> {
        let mut tx = self.pool().begin().await?;
        let exists: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM cards.delivery WHERE delivery_id = $1)",
        )
        .bind(proof.delivery_id)
        .fetch_one(&mut *tx)
        .await?;
        if !exists {
            return Err(ServiceError::NotFound(msg::delivery_not_found(proof.delivery_id)));
        }
        sqlx::query(
            "INSERT INTO cards.delivery_proof (delivery_id, content, content_type, file_name, uploaded_by)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (delivery_id) DO UPDATE SET content = excluded.content,
                 content_type = excluded.content_type, file_name = excluded.file_name,
                 uploaded_at = now(), uploaded_by = excluded.uploaded_by",
        )
        .bind(proof.delivery_id)
        .bind(&proof.content)
        .bind(&proof.content_type)
        .bind(&proof.file_name)
        .bind(caller)
        .execute(&mut *tx)
        .await?;
        super::deliveries::tell_delivery(&mut tx, proof.delivery_id, &events::DELIVERY_UPDATED)
            .await?;
        outbox::commit(tx, SCHEMA).await?;
        Ok(())
    }

    #[tracing::instrument(name = "db.cards.proof_get", skip(self))]
    pub async fn get_delivery_proof(&self, id: i64) -> Result<pb::DeliveryProof, ServiceError> {
        sqlx::query_as::<_, pb::DeliveryProof>(
            "SELECT delivery_id, content, content_type, file_name FROM cards.delivery_proof
             WHERE delivery_id = $1",
        )
        .bind(id)
        .fetch_optional(self.pool())
        .await?
        .ok_or_else(|| ServiceError::NotFound(msg::no_proof(id)))
    }
}
