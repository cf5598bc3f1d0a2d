//! Values of a PostgreSQL sequence drawn in blocks: one round trip gives the next `block` new rows their
//! numbers instead of one round trip each. A value drawn and never used (the process stops first) is a
//! gap, as a rolled-back `nextval` already leaves; values stay unique across replicas and with every
//! other writer of the same sequence (imports, the load generator), which draws from it as before.

use sqlx::{Executor, Postgres};
use std::collections::VecDeque;
use std::sync::Mutex;

pub struct SequenceBlocks {
    /// The sequence's qualified name, e.g. `members.id_number_seq`.
    sequence: &'static str,
    block: i64,
    drawn: Mutex<VecDeque<i64>>,
}

impl SequenceBlocks {
    pub fn new(sequence: &'static str, block: i64) -> Self {
        SequenceBlocks { sequence, block: block.max(1), drawn: Mutex::new(VecDeque::new()) }
    }

    fn take(&self) -> Option<i64> {
        self.drawn.lock().unwrap_or_else(|e| e.into_inner()).pop_front()
    }

    /// The next value: one drawn earlier, or the first of a new block. Two callers finding the block
    /// empty at once both draw one; the spare values wait for the next callers.
    pub async fn next<'c, E: Executor<'c, Database = Postgres>>(
        &self,
        db: E,
    ) -> Result<i64, sqlx::Error> {
        if let Some(value) = self.take() {
            return Ok(value);
        }
        let mut values: Vec<i64> =
            sqlx::query_scalar("SELECT nextval($1::regclass) FROM generate_series(1, $2)")
                .bind(self.sequence)
                .bind(self.block)
                .fetch_all(db)
                .await?;
        values.sort_unstable();
        let first = values.remove(0);
        self.drawn.lock().unwrap_or_else(|e| e.into_inner()).extend(values);
        Ok(first)
    }
}
