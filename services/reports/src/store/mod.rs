//! The reports schema's queries. Every query binds its inputs; the only text put into SQL is a sort column
//! taken from an allow-list (`common::paging`).

pub mod card_statistics;
mod reports;
mod shipped;
pub mod statistics;
mod versions;

pub use reports::REPORT_SORT;
pub use shipped::SHIPPED;

pub const SCHEMA: &str = "reports";

#[derive(Clone)]
pub struct Store {
    pool: sqlx::PgPool,
}

impl Store {
    pub fn new(pool: sqlx::PgPool) -> Self {
        Store { pool }
    }
}
