//! Cooperatives and parcels as their history records them: the row under its columns' names, which are
//! the input message's proto names (`pb::CooperativeInput`, `pb::ParcelInput` read them), so the fields
//! compared before and after a change are the message's (`common::history::changes`). A save answers
//! the row as written (`RETURNING to_jsonb(r)`), so both sides are what the database holds.

use common::error::ServiceError;
use serde::de::DeserializeOwned;
use sqlx::PgConnection;
use sqlx::types::Json;

/// The history's names of a cooperative and a parcel (`common::history::entities`), also their tables'.
pub const COOPERATIVE: &str = "cooperative";
pub const PARCEL: &str = "parcel";

/// The row `id` of `table` (`COOPERATIVE` or `PARCEL`), locked until the change's transaction ends.
pub async fn locked<M: DeserializeOwned + Send + Unpin + 'static>(
    tx: &mut PgConnection,
    table: &'static str,
    id: i64,
) -> Result<Option<M>, ServiceError> {
    debug_assert!(table == COOPERATIVE || table == PARCEL);
    let sql = format!(
        "SELECT to_jsonb(r) - 'search' FROM members.{table} r WHERE {table}_id = $1 FOR UPDATE"
    );
    let row: Option<Json<M>> =
        sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(&mut *tx).await?;
    Ok(row.map(|Json(row)| row))
}
