//! `make bench-geography`: imports 100,000 locality rows (30 regions, 120 departments, 600
//! sub-prefectures) through the gateway and prints the time and rows per second, when the outbox
//! relay has published the resulting events, then p50 and p99 of `locality/get.locality_list?_limit=2000`
//! pages with their parents' names, each beside PostgreSQL's own time for the page's statement (planning
//! and execution, from `EXPLAIN ANALYZE` of the statement the store builds). A whole suite runs in this
//! process against a throwaway database.

use anyhow::Result;
use common::paging::Page;
use geography::domain::import::LOCALITIES_PER_EVENT;
use geography::domain::levels::LOCALITY;
use geography::store::Store;
use std::time::{Duration, Instant};
use suite::api_client::ApiClient;
use suite::bench::{ADMIN, BenchSuite, ms, percentiles};

const ROWS: usize = 100_000;
const PAGES: usize = 200;
const OTHER_PAGES: usize = 50;
/// PostgreSQL's time is the p50 of fewer runs: each one runs the statement again.
const SERVER_SAMPLES: usize = 10;
/// What Chromium sends in `Accept-Encoding`.
const BROWSER_ENCODINGS: &str = "gzip, deflate, br, zstd";

#[tokio::main]
async fn main() -> Result<()> {
    let suite = BenchSuite::start().await?;
    let api = ApiClient::sign_in(&suite.base, ADMIN.0, ADMIN.1).await?;
    let rows = suite::demo::geography(30, 4, 5, ROWS);

    let started = Instant::now();
    let answer = api.post("/locality/post_locality-import", &rows).await?;
    let import = started.elapsed();
    println!(
        "import: {ROWS} rows in {:.2} s = {:.0} rows/s (added {} regions, {} departments, {} sub-prefectures, {} localities)",
        import.as_secs_f64(),
        ROWS as f64 / import.as_secs_f64(),
        answer["regionAdded"],
        answer["departmentAdded"],
        answer["subprefectureAdded"],
        answer["localityAdded"]
    );

    // The relay publishes an event per added region, department and sub-prefecture, and the localities
    // in batches; wait for it so the list figures are not disturbed.
    let pool = common::db::connect(&suite.db.url, 1).await?;
    let added = |key: &str| answer[key].as_i64().unwrap_or(0);
    let events = added("regionAdded")
        + added("departmentAdded")
        + added("subprefectureAdded")
        + (added("localityAdded") + LOCALITIES_PER_EVENT - 1) / LOCALITIES_PER_EVENT;
    let draining = Instant::now();
    loop {
        let left: i64 =
            sqlx::query_scalar("SELECT count(*) FROM geography.outbox").fetch_one(&pool).await?;
        if left == 0 || draining.elapsed() > Duration::from_secs(300) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let drained = draining.elapsed();
    println!(
        "events: {events} published to JetStream, the last {:.2} s after the import ended",
        drained.as_secs_f64()
    );
    pool.close().await;

    let page = api
        .get("/locality/get.locality_list?_limit=2000&_offset=50000&_orderBy=locality_name")
        .await?;
    anyhow::ensure!(
        page["data"].as_array().map(Vec::len) == Some(2_000),
        "a page holds 2,000 localities"
    );
    let store = Store::new(common::db::connect(&suite.db.url, 1).await?);
    // Timed until the whole answer is received: the server's work, not the client's JSON parsing. Once
    // as a plain client asks, once as a browser does (the gateway then compresses the answer).
    let by_name = Pages { sort: "locality_name", filter: "", parent: |_| 0, offset: spread };
    for (encoding, who) in [("identity", "uncompressed"), (BROWSER_ENCODINGS, "as a browser asks")]
    {
        let (p50, p99, bytes) = time_pages(&api, PAGES, encoding, |i| by_name.path(i)).await?;
        let server = by_name.server_p50(&store).await?;
        println!(
            "list: locality/get.locality_list?_limit=2000 sorted by name, {PAGES} pages, {who} ({} KB a page): p50 {} p99 {}, PostgreSQL {}",
            bytes / 1024,
            ms(p50),
            ms(p99),
            ms(server)
        );
    }
    // Other lists a user asks for, for the record (no aim): sorted on a parent's name (every matching row
    // is joined and sorted), a partial-name search, and one sub-prefecture's localities.
    let others = [
        (
            "sorted by region name",
            Pages { sort: "region_name", filter: "", parent: |_| 0, offset: spread },
        ),
        (
            "filter=kro (partial name)",
            Pages { sort: "", filter: "kro", parent: |_| 0, offset: |_| 0 },
        ),
        (
            "subprefectureId=<one of 600>",
            Pages { sort: "", filter: "", parent: |i| 1 + (i % 600) as i64, offset: |_| 0 },
        ),
    ];
    for (what, pages) in others {
        let (p50, p99, bytes) =
            time_pages(&api, OTHER_PAGES, "identity", |i| pages.path(i)).await?;
        let server = pages.server_p50(&store).await?;
        println!(
            "list: locality/get.locality_list?_limit=2000 {what}, {OTHER_PAGES} pages, uncompressed ({} KB a page): p50 {} p99 {}, PostgreSQL {}",
            bytes / 1024,
            ms(p50),
            ms(p99),
            ms(server)
        );
    }

    suite.stop().await
}

/// The pages of 2,000 localities a benchmark asks for: the `i`-th one's sort, filter, parent (0: none)
/// and offset.
struct Pages {
    sort: &'static str,
    filter: &'static str,
    parent: fn(usize) -> i64,
    offset: fn(usize) -> usize,
}

impl Pages {
    fn path(&self, i: usize) -> String {
        let mut path =
            format!("/locality/get.locality_list?_limit=2000&_offset={}", (self.offset)(i));
        for (key, value) in [("_orderBy", self.sort), ("filter", self.filter)] {
            if !value.is_empty() {
                path.push_str(&format!("&{key}={value}"));
            }
        }
        match (self.parent)(i) {
            0 => path,
            parent => format!("{path}&subprefectureId={parent}"),
        }
    }

    /// The p50 of PostgreSQL's own time for the statement the store builds for the first pages.
    async fn server_p50(&self, store: &Store) -> Result<Duration> {
        let mut samples = Vec::with_capacity(SERVER_SAMPLES);
        for i in 0..SERVER_SAMPLES {
            let paging = proto::common::Paging {
                limit: 2000,
                offset: (self.offset)(i) as i64,
                order_by: self.sort.to_string(),
                ..Default::default()
            };
            let page = Page::of(&paging, LOCALITY.sort)?;
            samples.push(
                store.list_server_time(&LOCALITY, self.filter, (self.parent)(i), &page).await?,
            );
        }
        Ok(percentiles(&mut samples).0)
    }
}

/// Page offsets spread over the whole list.
fn spread(i: usize) -> usize {
    (i * 2_000) % (ROWS - 2_000)
}

/// Gets `n` pages (`path(i)`) with `Accept-Encoding: encoding`; answers p50, p99 and the last page's
/// size as it travelled.
async fn time_pages(
    api: &ApiClient,
    n: usize,
    encoding: &str,
    path: impl Fn(usize) -> String,
) -> Result<(Duration, Duration, usize)> {
    let mut samples = Vec::with_capacity(n);
    let mut bytes = 0;
    for i in 0..n {
        let started = Instant::now();
        bytes = api.get_encoded(&path(i), encoding).await?;
        samples.push(started.elapsed());
    }
    let (p50, p99) = percentiles(&mut samples);
    Ok((p50, p99, bytes))
}
