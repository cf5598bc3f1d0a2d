//! The total of a list's matches, beside its page: exact up to `EXACT_TOTAL_UP_TO`, the planner's
//! estimate beyond (`exact = false`), since counting a million rows costs far more than the page.

use sqlx::{PgPool, Postgres, QueryBuilder};

/// Up to this many matches a total is counted exactly.
pub const EXACT_TOTAL_UP_TO: i64 = 10_000;

/// The number of rows `push_from` selects (it pushes ` FROM <table> <alias> WHERE …`), with whether it is
/// exact. The estimate comes first, since it costs a plan where counting 10,000 matches of a partial-word
/// search costs 150 ms: only a match the planner thinks small is counted, and one it underestimated stops
/// being counted at the bound. Neither statement is kept prepared: a kept statement gets PostgreSQL's
/// generic plan after five runs, blind to a search's pattern, and so would its estimate.
pub async fn bounded_total(
    pool: &PgPool,
    push_from: impl Fn(&mut QueryBuilder<Postgres>),
) -> Result<(i64, bool), sqlx::Error> {
    let mut q = QueryBuilder::<Postgres>::new("EXPLAIN (FORMAT JSON) SELECT 1");
    push_from(&mut q);
    let plan: serde_json::Value = q.build_query_scalar().persistent(false).fetch_one(pool).await?;
    let estimate = plan[0]["Plan"]["Plan Rows"].as_f64().unwrap_or(0.0) as i64;
    if estimate > EXACT_TOTAL_UP_TO {
        return Ok((estimate, false));
    }
    let mut q = QueryBuilder::<Postgres>::new("SELECT count(*) FROM (SELECT 1");
    push_from(&mut q);
    q.push(" LIMIT ").push_bind(EXACT_TOTAL_UP_TO + 1).push(") t");
    let counted: i64 = q.build_query_scalar().persistent(false).fetch_one(pool).await?;
    Ok((counted, counted <= EXACT_TOTAL_UP_TO))
}

/// The total to answer beside a page of `rows`: a first page shorter than asked is the whole list,
/// counted already; otherwise the total counted beside it.
pub fn of_page(rows: usize, page: &crate::paging::Page, counted: (i64, bool)) -> (i64, bool) {
    let first_and_whole = page.after == 0 && page.offset == 0 && (rows as i64) < page.limit;
    if first_and_whole { (rows as i64, true) } else { counted }
}
