//! The cards schema's queries. Inputs are always bound; only allow-listed sort columns are written into
//! SQL text. Each change is written in one transaction with the event that tells of it.

pub mod cards;
pub mod deliveries;
pub mod members;
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
}
