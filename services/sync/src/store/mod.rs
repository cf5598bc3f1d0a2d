//! The sync schema's queries. Every query binds its inputs; the only text put into SQL is a sort column
//! taken from an allow-list (`common::paging`).

mod claim;
mod exchange;
mod journal;
mod photos;

pub use claim::RunClaim;
pub use exchange::{CARDS, FROM_SERVER, GEOGRAPHY, Handshake, PEER_SORT};
pub use journal::{Counts, JOURNAL_SORT};
pub use photos::PHOTO_FAILURE_SORT;

pub const SCHEMA: &str = "sync";

#[derive(Clone)]
pub struct Store {
    pool: sqlx::PgPool,
}

impl Store {
    pub fn new(pool: sqlx::PgPool) -> Self {
        Store { pool }
    }
}
