//! The payments, cards and deliveries told again to a consumer rebuilding its projection
//! (`common::replay`), each as the event of its last change. A cancelled payment is not told: a consumer
//! forgets it, as its cancellation's event would have it do.

use super::cards::card_columns;
use super::deliveries::DELIVERY_COLUMNS;
use super::transactions::TRANSACTION_COLUMNS;
use super::{SCHEMA, Store};
use crate::events;
use common::error::ServiceError;
use common::outbox::Subject;
use common::replay::{BoxFuture, Replayed, Source, entities};
use proto::cards as pb;
use sqlx::postgres::PgRow;
use sqlx::{AssertSqlSafe, FromRow};

/// What is told of one table: its columns as its message reads them, its alias, its id column, which
/// rows (`AND ...`), and the event of a row.
struct Told<T, E: 'static> {
    columns: String,
    table: &'static str,
    alias: &'static str,
    id: &'static str,
    only: &'static str,
    subject: &'static Subject<E>,
    event: fn(T) -> (i64, E),
}

impl Store {
    /// Up to `limit` rows with an id above `after`, in the order of their ids, each as its event.
    async fn replayed<T, E>(
        &self,
        told: Told<T, E>,
        after: i64,
        limit: i64,
    ) -> Result<Vec<Replayed>, ServiceError>
    where
        T: for<'r> FromRow<'r, PgRow> + Send + Unpin,
        E: proto::Event,
    {
        let Told { columns, table, alias, id, only, subject, event } = told;
        let rows: Vec<T> = sqlx::query_as(AssertSqlSafe(format!(
            "SELECT {columns} FROM {SCHEMA}.{table} {alias} WHERE {alias}.{id} > $1 {only}
             ORDER BY {alias}.{id} LIMIT $2"
        )))
        .bind(after)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter()
            .map(|row| {
                let (id, event) = event(row);
                Replayed::of(id, subject, &event, None)
            })
            .collect()
    }
}

impl Source for Store {
    fn entities(&self) -> &'static [&'static str] {
        &[entities::TRANSACTION, entities::CARD, entities::DELIVERY]
    }

    fn page<'a>(
        &'a self,
        entity: &'a str,
        after: i64,
        limit: i64,
    ) -> BoxFuture<'a, Result<Vec<Replayed>, ServiceError>> {
        Box::pin(async move {
            match entity {
                entities::TRANSACTION => {
                    let told = Told {
                        columns: TRANSACTION_COLUMNS.to_string(),
                        table: "transaction",
                        alias: "t",
                        id: "transaction_id",
                        only: "AND t.transaction_cancelled_at IS NULL",
                        subject: &events::TRANSACTION_UPDATED,
                        event: |t: pb::Transaction| {
                            let id = t.transaction_id.unwrap_or_default();
                            (id, pb::TransactionSaved { meta: None, transaction: Some(t) })
                        },
                    };
                    self.replayed(told, after, limit).await
                }
                entities::CARD => {
                    let told = Told {
                        columns: card_columns(),
                        table: "card",
                        alias: "c",
                        id: "card_id",
                        only: "",
                        subject: &events::CARD_UPDATED,
                        event: |c: pb::Card| {
                            (
                                c.card_id.unwrap_or_default(),
                                pb::CardSaved { meta: None, card: Some(c) },
                            )
                        },
                    };
                    self.replayed(told, after, limit).await
                }
                entities::DELIVERY => {
                    let told = Told {
                        columns: DELIVERY_COLUMNS.to_string(),
                        table: "delivery",
                        alias: "d",
                        id: "delivery_id",
                        only: "",
                        subject: &events::DELIVERY_UPDATED,
                        event: |d: pb::Delivery| {
                            let id = d.delivery_id.unwrap_or_default();
                            (id, pb::DeliverySaved { meta: None, delivery: Some(d) })
                        },
                    };
                    self.replayed(told, after, limit).await
                }
                _ => Ok(Vec::new()),
            }
        })
    }
}
