//! The total of a list's matches, beside its page. The rule (docs/api.md): a total is exact whenever
//! counting is cheap, that is when the planner expects at most `COUNT_UP_TO` matches and the count
//! answers within `COUNT_BUDGET_MS`; otherwise it is the planner's estimate (`exact = false`, shown as
//! « environ … »), since counting a million rows costs far more than the page.

use sqlx::{PgPool, Postgres, QueryBuilder};

/// Up to this many expected matches a total is counted (an index-only count of 100,000 rows takes a few
/// milliseconds; a partial-word search over as many may not, hence the budget).
pub const COUNT_UP_TO: i64 = 100_000;

/// The longest a count may take before the estimate answers instead.
pub const COUNT_BUDGET_MS: u32 = 40;

/// PostgreSQL's SQLSTATE for a statement cancelled by `statement_timeout`.
const QUERY_CANCELED: &str = "57014";

/// The number of rows `push_from` selects (it pushes ` FROM <table> <alias> WHERE …`), with whether it is
/// exact. The estimate comes first, since it costs only a plan: a match the planner thinks small is
/// counted, within the budget and up to the bound (a match it underestimated stops being counted there).
/// Neither statement is kept prepared: a kept statement gets PostgreSQL's generic plan after five runs,
/// blind to a search's pattern, and so would its estimate.
pub async fn bounded_total(
    pool: &PgPool,
    push_from: impl Fn(&mut QueryBuilder<Postgres>),
) -> Result<(i64, bool), sqlx::Error> {
    let mut q = QueryBuilder::<Postgres>::new("EXPLAIN (FORMAT JSON) SELECT 1");
    push_from(&mut q);
    let plan: serde_json::Value = q.build_query_scalar().persistent(false).fetch_one(pool).await?;
    let estimate = plan[0]["Plan"]["Plan Rows"].as_f64().unwrap_or(0.0) as i64;
    if estimate > COUNT_UP_TO {
        return Ok((estimate, false));
    }
    let mut q = QueryBuilder::<Postgres>::new("SELECT count(*) FROM (SELECT 1");
    push_from(&mut q);
    q.push(" LIMIT ").push_bind(COUNT_UP_TO + 1).push(") t");
    // The budget holds for this count only: SET LOCAL ends with the transaction.
    let mut tx = pool.begin().await?;
    sqlx::query(sqlx::AssertSqlSafe(format!("SET LOCAL statement_timeout = {COUNT_BUDGET_MS}")))
        .execute(&mut *tx)
        .await?;
    match q.build_query_scalar::<i64>().persistent(false).fetch_one(&mut *tx).await {
        Ok(counted) => {
            tx.commit().await?;
            Ok((counted, counted <= COUNT_UP_TO))
        }
        Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some(QUERY_CANCELED) => {
            Ok((estimate, false))
        }
        Err(e) => Err(e),
    }
}

/// The total to answer beside a page of `rows`: a first page shorter than asked is the whole list,
/// counted already; otherwise the total counted beside it.
pub fn of_page(rows: usize, page: &crate::paging::Page, counted: (i64, bool)) -> (i64, bool) {
    let first_and_whole = page.after == 0 && page.offset == 0 && (rows as i64) < page.limit;
    if first_and_whole { (rows as i64, true) } else { counted }
}
