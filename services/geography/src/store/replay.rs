//! The geography told again to a consumer rebuilding its projection (`common::replay`): every row of
//! each level, parents first, as the event of its last save.

use super::{Store, Told};
use crate::domain::levels::{self, Level};
use common::error::ServiceError;
use common::replay::{BoxFuture, Replayed, Source, entities};
use proto::geography as pb;
use sqlx::postgres::PgRow;
use sqlx::{AssertSqlSafe, FromRow};

impl Store {
    /// Up to `limit` rows of `level` with an id above `after`, in the order of their ids, each as the
    /// event of its save.
    async fn replayed<T>(
        &self,
        level: &Level,
        after: i64,
        limit: i64,
    ) -> Result<Vec<Replayed>, ServiceError>
    where
        T: for<'r> FromRow<'r, PgRow> + Send + Unpin + Told,
    {
        let id = level.id_column();
        let rows: Vec<T> = sqlx::query_as(AssertSqlSafe(format!(
            "{} WHERE {id} > $1 ORDER BY {id} LIMIT $2",
            level.select()
        )))
        .bind(after)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Replayed::of(row.id(), &T::EVENTS.updated, &row.event(), None))
            .collect()
    }
}

impl Source for Store {
    fn entities(&self) -> &'static [&'static str] {
        &entities::GEOGRAPHY
    }

    fn page<'a>(
        &'a self,
        entity: &'a str,
        after: i64,
        limit: i64,
    ) -> BoxFuture<'a, Result<Vec<Replayed>, ServiceError>> {
        Box::pin(async move {
            match entity {
                entities::REGION => {
                    self.replayed::<pb::Region>(&levels::REGION, after, limit).await
                }
                entities::DEPARTMENT => {
                    self.replayed::<pb::Department>(&levels::DEPARTMENT, after, limit).await
                }
                entities::SUBPREFECTURE => {
                    self.replayed::<pb::Subprefecture>(&levels::SUBPREFECTURE, after, limit).await
                }
                entities::LOCALITY => {
                    self.replayed::<pb::Locality>(&levels::LOCALITY, after, limit).await
                }
                _ => Ok(Vec::new()),
            }
        })
    }
}
