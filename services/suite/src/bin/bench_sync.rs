//! `make bench-sync`: the synchronisation at scale, two suites in this process on throwaway databases (a
//! central server and a field laptop paired with it, on loopback). `BENCH_SYNC_MEMBERS` members (default
//! 100,000, in families) registered on the laptop are sent to the central server; then a second, new
//! laptop receives them all from the central server. Each run is started and followed as the screens do
//! (`get_synchronization_start`, `get.synchronization/{uuid}`); prints members per second each way, and
//! the time a run stopped half-way takes to finish what is left when started again.

use anyhow::{Context, Result, ensure};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use suite::api_client::ApiClient;
use suite::bench::{ADMIN, BenchSuite, peak_memory_mb, reset_peak_memory};

/// A field laptop's suite, paired with the central server at `url` by `token`.
async fn laptop(url: &str, token: &str) -> Result<BenchSuite> {
    let central = sync::CentralServer { url: url.to_string(), sync_token: token.to_string() };
    BenchSuite::start_with(move |c| {
        c.gateway.running_env = common::config::RunningEnv::Field;
        c.members.running_env = common::config::RunningEnv::Field;
        c.members.id_prefix = "F".into();
        c.sync.running_env = common::config::RunningEnv::Field;
        c.sync.central = Some(central);
    })
    .await
}

/// A new sync login on the central server; answers its token.
async fn sync_token(central: &ApiClient, name: &str) -> Result<String> {
    let made =
        central.post("/user/post_user", &json!({"login_name": name, "login_role": "sync"})).await?;
    made["login_syncToken"].as_str().map(str::to_string).context("a sync token")
}

/// Starts a run on `laptop` and follows it; answers its entry once it ended.
async fn run(laptop: &ApiClient, direction: &str, stop_after: Option<Duration>) -> Result<Value> {
    let started =
        laptop.get(&format!("/synchronization/get_synchronization_start/{direction}")).await?;
    let uuid =
        started["data"]["synchronizationJournal_uuid"].as_str().context("a run uuid")?.to_string();
    let began = Instant::now();
    loop {
        tokio::time::sleep(Duration::from_millis(200)).await;
        if stop_after.is_some_and(|after| began.elapsed() >= after) {
            laptop
                .post("/synchronization/get_synchronization_stop", &json!({"uuid": uuid}))
                .await?;
        }
        let entry = laptop.get(&format!("/synchronization/get.synchronization/{uuid}")).await?;
        if entry["data"]["synchronizationJournal_state"] != "running" {
            return Ok(entry["data"].clone());
        }
    }
}

fn rate(members: i64, took: Duration) -> String {
    format!(
        "{members} members in {:.1} s, {:.0} members/s",
        took.as_secs_f64(),
        members as f64 / took.as_secs_f64()
    )
}

#[tokio::main]
async fn main() -> Result<()> {
    let n: i64 = common::config::env_parse("BENCH_SYNC_MEMBERS", 100_000i64)?;
    let central = BenchSuite::start().await?;
    let central_api = ApiClient::sign_in(&central.base, ADMIN.0, ADMIN.1).await?;
    let first = laptop(&central.base, &sync_token(&central_api, "poste-bench-1").await?).await?;
    let first_api = ApiClient::sign_in(&first.base, ADMIN.0, ADMIN.1).await?;
    let first_pool = common::db::connect(&first.db.url, 2).await?;
    // The geography is the central server's: the laptop receives it before its members are made.
    let central_pool = common::db::connect(&central.db.url, 2).await?;
    let localities = suite::bench::seed_geography(&central_api, &central_pool, 300).await?;
    let received = run(&first_api, "from_server", None).await?;
    ensure!(received["synchronizationJournal_state"] == "done", "the run failed: {received}");
    suite::bench::localities_projected(&first_pool, localities).await?;
    members::load::generate(&first_pool, n, "F", |done| eprint!("\r  {done} adhérents...")).await?;
    eprintln!();
    // The generator writes as the central server would: on a laptop, every member waits to be sent.
    sqlx::query("UPDATE members.member SET member_synchronization_needed = true")
        .execute(&first_pool)
        .await?;

    // Sent, stopped about half-way, then started again: the second run finishes what is left.
    reset_peak_memory();
    let began = Instant::now();
    let stopped = run(&first_api, "to_server", Some(Duration::from_secs(5))).await?;
    let before_stop = stopped["synchronizationJournal_sent"].as_i64().unwrap_or(0);
    let restarted = Instant::now();
    let done = run(&first_api, "to_server", None).await?;
    let sent = done["synchronizationJournal_sent"].as_i64().unwrap_or(0);
    let took = began.elapsed();
    ensure!(done["synchronizationJournal_state"] == "done", "the run failed: {done}");
    println!(
        "to_server: {} (stopped after 5 s at {before_stop} sent, started again: {sent} more in {:.1} s)",
        rate(before_stop + sent, took),
        restarted.elapsed().as_secs_f64()
    );
    println!("  {}", done["synchronizationJournal_message"].as_str().unwrap_or_default());
    let arrived: i64 =
        sqlx::query_scalar("SELECT count(*) FROM members.member").fetch_one(&central_pool).await?;
    ensure!(arrived == n, "{arrived} of {n} members on the central server");
    if let Some(mb) = peak_memory_mb() {
        println!("  peak memory of the process (both suites) while sending: {mb:.0} MB");
    }

    // A new laptop receives them all.
    let second = laptop(&central.base, &sync_token(&central_api, "poste-bench-2").await?).await?;
    let second_api = ApiClient::sign_in(&second.base, ADMIN.0, ADMIN.1).await?;
    reset_peak_memory();
    let began = Instant::now();
    let done = run(&second_api, "from_server", None).await?;
    let took = began.elapsed();
    ensure!(done["synchronizationJournal_state"] == "done", "the run failed: {done}");
    let received = done["synchronizationJournal_received"].as_i64().unwrap_or(0);
    println!("from_server (a new laptop): {}", rate(received, took));
    println!("  {}", done["synchronizationJournal_message"].as_str().unwrap_or_default());
    if let Some(mb) = peak_memory_mb() {
        println!("  peak memory of the process (three suites) while receiving: {mb:.0} MB");
    }
    let second_pool = common::db::connect(&second.db.url, 2).await?;
    let here: i64 =
        sqlx::query_scalar("SELECT count(*) FROM members.member").fetch_one(&second_pool).await?;
    ensure!(here == n, "{here} of {n} members on the new laptop");

    second.stop().await?;
    first.stop().await?;
    central.stop().await
}
