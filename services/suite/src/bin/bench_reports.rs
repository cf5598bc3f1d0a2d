//! `make bench-reports`: the exports of long lists as background jobs (docs/api.md, "Exports"), at scale.
//! Loads `BENCH_EXPORT_MEMBERS` members (default 1,000,000, in families, with the demo generator) into a
//! suite started in this process on a throwaway database, then exports the whole members list to CSV
//! and to .xlsx through the REST API as the screens do (start, follow the progress, download), and prints
//! for each the time until the file is ready (aim: under 60 s), the download's time and size, and the
//! process's peak resident memory (VmHWM, the whole suite's: aim under 300 MB) while it ran. Before the
//! exports, it times each built-in statistics dashboard (`metabase/membres`, `metabase/cartes`) through
//! the REST API, without filters, filtered by a region, by a period and by both, and over a year from the
//! middle of a month to the middle of another (aim: under 100 ms). The
//! members reach the statistics through their events; the payments and deliveries the `cartes` dashboard
//! counts (`BENCH_STATS_PAYMENTS`, as many as the members by default, and one delivery for 100 of them)
//! are written straight into its read model, as its consumer would write them.

use anyhow::{Context, Result, bail};
use chrono::Datelike;
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use suite::api_client::ApiClient;
use suite::bench::{ADMIN, BenchSuite, peak_memory_mb, reset_peak_memory};

const POLL: Duration = Duration::from_millis(100);
/// Each dashboard's time is the median of this many answers (after one unmeasured).
const ASKED: usize = 7;
const DASHBOARD_AIM: Duration = Duration::from_millis(100);

/// Writes `n` payments of the members counted (four operators, amounts of every band, over three years)
/// and one delivery for 100 of them into the `cartes` dashboard's read model, its totals kept by its
/// triggers as the consumer's writes keep them.
async fn seed_card_statistics(pool: &sqlx::PgPool, n: i64) -> Result<()> {
    // In chunks of 5,000, each its own transaction, as the consumer's batches are: a total updated many
    // times in one transaction leaves a chain of versions each update walks (371 s for 100,000 in one
    // statement).
    const CHUNK: i64 = 5_000;
    for first in (0..n).step_by(CHUNK as usize) {
        sqlx::query(
            "WITH ids AS (SELECT array_agg(member_id ORDER BY member_id) AS a
                          FROM reports.stat_member WHERE NOT deleted)
             INSERT INTO reports.stat_payment (transaction_id, member_id, operator, amount, paid_on)
             SELECT g, ids.a[1 + g % cardinality(ids.a)],
                    (ARRAY['Orange Money', 'MTN MoMo', 'Moov Money', 'Wave'])[1 + g % 4],
                    (ARRAY[500, 2000, 5000, 7500, 15000, 30000])[1 + g % 6],
                    current_date - (g % 1095)::int
             FROM generate_series($1::bigint + 1, least($1::bigint + $2, $3::bigint)) g, ids
             WHERE cardinality(ids.a) > 0",
        )
        .bind(first)
        .bind(CHUNK)
        .bind(n)
        .execute(pool)
        .await?;
    }
    sqlx::query(
        "INSERT INTO reports.stat_delivery (delivery_id, created_at, quantity)
         SELECT g, now() - make_interval(days => (g % 1095)::int), 100
         FROM generate_series(1, $1::bigint / 100) g",
    )
    .bind(n)
    .execute(pool)
    .await?;
    sqlx::query(
        "ANALYZE reports.stat_payment, reports.stat_payment_cube, reports.stat_cube, reports.stat_delivery, reports.stat_tally",
    )
        .execute(pool)
        .await?;
    Ok(())
}

/// Times the dashboard `name` under each filter; prints the medians.
async fn time_dashboard(api: &ApiClient, name: &str, region: i64) -> Result<()> {
    let today = chrono::Utc::now().date_naive();
    let year_ago = today - chrono::Duration::days(365);
    // A year from the middle of a month to the middle of another: both edges counted one by one.
    let mid_month = today.with_day(1).unwrap_or(today) - chrono::Duration::days(16);
    let mid_year = mid_month - chrono::Duration::days(365);
    let filters = [
        ("unfiltered", String::new()),
        ("a region", format!("?regionId={region}")),
        ("the last 365 days", format!("?from={year_ago}")),
        ("a region and the last 365 days", format!("?regionId={region}&from={year_ago}")),
        ("a year from mid-month to mid-month", format!("?from={mid_year}&to={mid_month}")),
    ];
    for (what, query) in filters {
        let path = format!("/metabase/{name}{query}");
        let mut total = 0;
        let mut times = Vec::with_capacity(ASKED);
        for k in 0..=ASKED {
            let started = Instant::now();
            let answer = api.get(&path).await?;
            if k > 0 {
                times.push(started.elapsed());
            }
            total = answer["data"]["total"].as_i64().unwrap_or_default();
        }
        times.sort();
        let median = times[ASKED / 2];
        println!(
            "statistics {name}, {what}: {:.1} ms (median of {ASKED}; {total} counted; aim under 100 ms: {})",
            median.as_secs_f64() * 1000.0,
            if median < DASHBOARD_AIM { "met" } else { "not met" }
        );
    }
    Ok(())
}

/// The load and the exports outlive a default session.
const SESSION: Duration = Duration::from_secs(4 * 3600);

/// Exports the members list as `format`; prints its figures.
async fn export(suite: &BenchSuite, api: &ApiClient, format: &str, members: i64) -> Result<()> {
    reset_peak_memory();
    let started = Instant::now();
    let job = api.post(&format!("/member/post.member_export?format={format}"), &json!({})).await?;
    let answered = started.elapsed();
    let id = job["data"]["export_id"].as_str().context("an export id")?.to_string();
    let mut last_shown = Instant::now();
    let job: Value = loop {
        let job = api.get(&format!("/member/get.member_export/{id}")).await?["data"].clone();
        match job["export_status"].as_str() {
            Some("done") => break job,
            Some("failed") => bail!("the export failed: {}", job["export_error"]),
            _ => {}
        }
        if last_shown.elapsed() > Duration::from_secs(1) {
            eprint!(
                "\r  {format}: {} / {} lignes...",
                job["export_rowsDone"], job["export_rowsTotal"]
            );
            last_shown = Instant::now();
        }
        tokio::time::sleep(POLL).await;
    };
    eprintln!();
    let ready = started.elapsed();
    let peak = peak_memory_mb();

    // The download, counted as it arrives (never held whole).
    let downloading = Instant::now();
    let mut response = reqwest::Client::new()
        .get(format!("{}/api/member/get.member_export_file/{id}", suite.base))
        .bearer_auth(api.token())
        .send()
        .await?;
    if !response.status().is_success() {
        bail!("the download answered {}", response.status());
    }
    let mut bytes = 0usize;
    while let Some(chunk) = response.chunk().await? {
        bytes += chunk.len();
    }
    let downloaded = downloading.elapsed();
    let rows = job["export_rowsDone"].as_i64().unwrap_or(0);
    if rows != members {
        bail!("{rows} rows exported, {members} members loaded");
    }
    let aim = if ready < Duration::from_secs(60) { "met" } else { "not met" };
    println!(
        "{format}: {rows} members ready in {:.1} s ({:.0} rows/s; started in {:.0} ms; aim under 60 s: {aim}), \
         {} ({:.1} MB) downloaded in {:.1} s",
        ready.as_secs_f64(),
        rows as f64 / ready.as_secs_f64(),
        answered.as_secs_f64() * 1000.0,
        job["export_fileName"].as_str().unwrap_or_default(),
        bytes as f64 / 1e6,
        downloaded.as_secs_f64(),
    );
    match peak {
        Some(mb) => println!(
            "  peak memory of the process (the whole suite) while exporting: {mb:.0} MB (aim under 300 MB: {})",
            if mb < 300.0 { "met" } else { "not met" }
        ),
        None => println!("  peak memory: not measured (no /proc/self/status)"),
    }
    Ok(())
}

#[tokio::main]
async fn main() -> Result<()> {
    let n: i64 = common::config::env_parse("BENCH_EXPORT_MEMBERS", 1_000_000i64)?;
    let suite = BenchSuite::start_with(|c| c.auth.token_ttl = SESSION).await?;
    let api = ApiClient::sign_in(&suite.base, ADMIN.0, ADMIN.1).await?;
    let pool = common::db::connect(&suite.db.url, 4).await?;

    suite::bench::seed_geography(&api, &pool, 3_000).await?;
    let started = Instant::now();
    let made =
        members::load::generate(&pool, n, "C", |done| eprint!("\r  {done} adhérents...")).await?;
    eprintln!();
    println!("load: {made} members in {:.1} s", started.elapsed().as_secs_f64());
    // The members' events (one a member, written with it) reach the other services before the exports
    // are timed: the figures are the exports', not the event traffic's.
    let drained = suite::bench::members_events_applied(&pool, made).await?;
    println!(
        "events: the members' events applied by the cards and reports services {:.1} s after the load",
        drained.as_secs_f64()
    );
    suite::bench::checkpoint(&pool).await;

    let payments: i64 = common::config::env_parse("BENCH_STATS_PAYMENTS", made)?;
    let seeding = Instant::now();
    seed_card_statistics(&pool, payments).await?;
    println!(
        "statistics: {payments} payments and {} deliveries written into the read model in {:.1} s",
        payments / 100,
        seeding.elapsed().as_secs_f64()
    );
    let region: i64 = sqlx::query_scalar(
        "SELECT d.region_id FROM reports.geo_department d ORDER BY d.region_id LIMIT 1",
    )
    .fetch_optional(&pool)
    .await?
    .unwrap_or_default();
    for name in ["membres", "cartes"] {
        time_dashboard(&api, name, region).await?;
    }

    for format in ["csv", "xlsx"] {
        export(&suite, &api, format, made).await?;
    }
    pool.close().await;
    suite.stop().await
}
