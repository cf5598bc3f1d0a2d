//! The cards schema's queries. Inputs are always bound; only allow-listed sort columns are written into
//! SQL text. Each change is written in one transaction with the event that tells of it.

pub mod card_changes;
pub mod card_making;
pub mod cards;
pub mod deliveries;
pub mod delivery_proofs;
pub mod members;
mod replay;
pub mod statement_jobs;
pub mod statements;
pub mod sync;
pub mod transactions;

pub use transactions::TRANSACTION_SORT;

use sqlx::PgPool;

pub const SCHEMA: &str = "cards";

#[derive(Clone)]
pub struct Store {
    pool: PgPool,
}

impl Store {
    pub fn new(pool: PgPool) -> Self {
        Store { pool }
    }

    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// The seed of the key that signs cards' QR codes: `fresh` the first time, the kept one after.
    pub async fn card_key_seed(
        &self,
        fresh: [u8; 32],
    ) -> Result<[u8; 32], common::error::ServiceError> {
        sqlx::query(
            "INSERT INTO cards.signing_key (id, seed) VALUES (1, $1) ON CONFLICT (id) DO NOTHING",
        )
        .bind(fresh.to_vec())
        .execute(&self.pool)
        .await?;
        let seed: Vec<u8> = sqlx::query_scalar("SELECT seed FROM cards.signing_key WHERE id = 1")
            .fetch_one(&self.pool)
            .await?;
        seed.try_into().map_err(|_| {
            common::error::ServiceError::Internal(anyhow::anyhow!("the card key is not 32 bytes"))
        })
    }
}
