//! `make bench-load`: the suite under load, on loopback, bounded in time. A suite started in this process
//! on a throwaway database with `BENCH_MEMBERS` members (default 100,000); then `wrk` (Debian's, installed
//! by `WITH_LOAD=1 scripts/prerequisites.sh`) drives each call at `LOAD_CONNECTIONS` connections
//! (default 64) for `LOAD_SECONDS` (default 10), with random members or pages; prints requests per second,
//! p50 and p99 as wrk measured them, and this process's peak memory (every service and the gateway).
//! `LOAD_CALLS` keeps only the calls whose name contains it (`get_member`, to profile one call). The last
//! call writes: new members, as many as the load makes.

use anyhow::{Context, Result, bail};
use std::process::Command;
use suite::api_client::ApiClient;
use suite::bench::{ADMIN, BenchSuite, peak_memory_mb, reset_peak_memory};

/// One call to drive: its name and the Lua that makes each request (`TOKEN`, `LOW`, `HIGH` and
/// `LOCALITY` filled in).
const CALLS: [(&str, &str); 4] = [
    (
        "get_member/{id} (random members)",
        r#"request = function()
  return wrk.format("GET", "/api/member/get_member/" .. math.random(LOW, HIGH), {["Authorization"] = "Bearer TOKEN"})
end"#,
    ),
    (
        "get.member_list?_limit=50 (random pages among the first 10,000 rows)",
        r#"request = function()
  return wrk.format("GET", "/api/member/get.member_list?_limit=50&_offset=" .. (50 * math.random(0, 199)), {["Authorization"] = "Bearer TOKEN"})
end"#,
    ),
    (
        "get.member_list?_limit=50&after= (random rows anywhere in the list)",
        r#"request = function()
  return wrk.format("GET", "/api/member/get.member_list?_limit=50&after=" .. math.random(LOW, HIGH), {["Authorization"] = "Bearer TOKEN"})
end"#,
    ),
    (
        "post_member (new main members, as the form sends them)",
        r#"wrk.method = "POST"
wrk.path = "/api/member/post_member"
wrk.headers["Authorization"] = "Bearer TOKEN"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"member_firstname": "Charge", "member_lastname": "Adhérent", "member_gender": "F", "member_isMainAccount": true, "member_localityId": LOCALITY, "member_contact": "0707000000"}'"#,
    ),
];

/// Appended to each call's Lua: the first answer other than 2xx of each wrk thread is printed, so that
/// a refusal under load says why.
const SHOW_REFUSAL: &str = r#"
response = function(status, headers, body)
  if status >= 300 and not shown then
    shown = true
    io.write("refused: ", status, " ", body, "\n")
  end
end"#;

/// What wrk printed: requests per second, p50 and p99.
fn figures(output: &str) -> Option<(f64, String, String)> {
    let rate =
        output.lines().find(|l| l.starts_with("Requests/sec:"))?.split_whitespace().nth(1)?;
    let percentile = |p: &str| {
        output
            .lines()
            .map(str::trim)
            .find(|l| l.starts_with(p))
            .and_then(|l| l.split_whitespace().nth(1))
            .map(str::to_string)
    };
    Some((rate.parse().ok()?, percentile("50%")?, percentile("99%")?))
}

#[tokio::main]
async fn main() -> Result<()> {
    let n: i64 = common::config::env_parse("BENCH_MEMBERS", 100_000i64)?;
    let connections: u32 = common::config::env_parse("LOAD_CONNECTIONS", 64u32)?;
    let seconds: u32 = common::config::env_parse("LOAD_SECONDS", 10u32)?;
    if Command::new("wrk").arg("--version").output().is_err() {
        bail!(
            "wrk est introuvable : lancez `WITH_LOAD=1 scripts/prerequisites.sh` (ou `make bench-load`)"
        );
    }
    let suite = BenchSuite::start().await?;
    let api = ApiClient::sign_in(&suite.base, ADMIN.0, ADMIN.1).await?;
    let pool = common::db::connect(&suite.db.url, 4).await?;
    suite::bench::seed_geography(&api, &pool, 3_000).await?;
    members::load::generate(&pool, n, "C", |done| eprint!("\r  {done} adhérents...")).await?;
    eprintln!();
    let (low, high): (i64, i64) =
        sqlx::query_as("SELECT min(member_id), max(member_id) FROM members.member")
            .fetch_one(&pool)
            .await?;
    let locality: i64 = sqlx::query_scalar("SELECT min(locality_id) FROM members.geo_locality")
        .fetch_one(&pool)
        .await?;
    let token = api.token().to_string();
    println!(
        "{n} members; wrk, {connections} connections, 2 threads, {seconds} s a call, on loopback\n\n\
         call                                                                    req/s      p50       p99   peak memory"
    );
    let only = common::config::env_or("LOAD_CALLS", "");
    for (name, lua) in CALLS.into_iter().filter(|(name, _)| name.contains(&only)) {
        let script = std::env::temp_dir().join(format!("sesame-load-{}.lua", std::process::id()));
        let lua = lua
            .replace("TOKEN", &token)
            .replace("LOW", &low.to_string())
            .replace("HIGH", &high.to_string())
            .replace("LOCALITY", &locality.to_string())
            + SHOW_REFUSAL;
        std::fs::write(&script, lua)?;
        reset_peak_memory();
        let base = suite.base.clone();
        let script_path = script.clone();
        let output = tokio::task::spawn_blocking(move || {
            Command::new("wrk")
                .args([
                    "-t2",
                    &format!("-c{connections}"),
                    &format!("-d{seconds}s"),
                    "--latency",
                    "-s",
                ])
                .arg(&script_path)
                .arg(&base)
                .output()
        })
        .await?
        .context("wrk did not run")?;
        let _ = std::fs::remove_file(&script);
        let text = String::from_utf8_lossy(&output.stdout);
        if text.contains("Non-2xx") {
            bail!("{name}: answers other than 2xx under load:\n{text}");
        }
        let (rate, p50, p99) =
            figures(&text).with_context(|| format!("wrk's output unread:\n{text}"))?;
        let peak = peak_memory_mb().unwrap_or(0.0);
        println!("{name:<70} {rate:>8.0} {p50:>9} {p99:>9} {peak:>9.0} MB");
    }
    suite.stop().await
}
