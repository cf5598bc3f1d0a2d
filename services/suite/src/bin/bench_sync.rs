//! `make bench-sync`: the synchronisation at scale on loopback, on throwaway databases: a central
//! server (a suite in this process) and field laptops paired with it. `BENCH_SYNC_MEMBERS` members
//! (default 100,000, in families) registered on the laptop, each with a photo (`BENCH_SYNC_PHOTOS`
//! of them, default all), once the laptop's own services have applied their events (as a laptop
//! that registered them over days has), are sent to the central server by the laptop run as a field
//! laptop runs it, the real `suite` binary in a process of its own: killed with SIGKILL 5 s into
//! its run and started again, it sends what is left, then the photos (up to 50 a call to the
//! central server); then a new laptop (in this process) receives the members from the central
//! server, then their photos (20 a call). Each run is started and followed as the screens do
//! (`get_synchronization_start`, `get.synchronization/{uuid}`). Prints members per second each way,
//! photos per second, each side's peak memory, and how long a laptop killed takes to be back, to
//! move again and to finish.

use anyhow::{Context, Result, ensure};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use suite::api_client::ApiClient;
use suite::bench::{ADMIN, BenchSuite, peak_memory_mb, peak_memory_of, reset_peak_memory};
use suite::process::SuiteProcess;

/// How often a run is looked at: often enough to time its steps to a twentieth of a second.
const POLL: Duration = Duration::from_millis(50);
/// The bench's sessions outlive its runs (half an hour and more with every photo on a busy machine; the
/// screens renew theirs, this client does not).
const SESSION: Duration = Duration::from_secs(4 * 3600);
/// How long into its run the laptop is killed.
const KILL_AFTER: Duration = Duration::from_secs(5);
/// The photo sending's progress message (`sync::domain::messages::sending_photos`), and the photo
/// receiving's (`receiving_photos`).
const SENDING_PHOTOS: &str = "Envoi des photos";
const RECEIVING_PHOTOS: &str = "Réception des photos";

/// A field laptop's suite, paired with the central server at `url` by `token`.
async fn laptop(url: &str, token: &str) -> Result<BenchSuite> {
    let central = sync::CentralServer { url: url.to_string(), sync_token: token.to_string() };
    BenchSuite::start_with(move |c| {
        c.auth.token_ttl = SESSION;
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

/// A run as followed: its entry once it ended, and when (from its start) it was first seen moving
/// (a batch acknowledged), sending photos, and ended.
struct Followed {
    entry: Value,
    moving: Option<Duration>,
    photos: Option<Duration>,
    ended: Duration,
}

/// Starts a run on `laptop`; answers its uuid.
async fn start_run(laptop: &ApiClient, direction: &str) -> Result<String> {
    let started =
        laptop.get(&format!("/synchronization/get_synchronization_start/{direction}")).await?;
    Ok(started["data"]["synchronizationJournal_uuid"].as_str().context("a run uuid")?.to_string())
}

/// A run's journal entry as the screen reads it.
async fn entry(laptop: &ApiClient, uuid: &str) -> Result<Value> {
    Ok(laptop.get(&format!("/synchronization/get.synchronization/{uuid}")).await?["data"].take())
}

/// Starts a run on `laptop` and follows it to its end.
async fn run(laptop: &ApiClient, direction: &str) -> Result<Followed> {
    let began = Instant::now();
    let uuid = start_run(laptop, direction).await?;
    let (mut moving, mut photos) = (None, None);
    loop {
        tokio::time::sleep(POLL).await;
        let data = entry(laptop, &uuid).await?;
        let done = data["synchronizationJournal_sent"].as_i64().unwrap_or(0)
            + data["synchronizationJournal_received"].as_i64().unwrap_or(0);
        if moving.is_none() && done > 0 {
            moving = Some(began.elapsed());
        }
        let message = data["synchronizationJournal_message"].as_str().unwrap_or_default();
        if photos.is_none()
            && (message.starts_with(SENDING_PHOTOS) || message.starts_with(RECEIVING_PHOTOS))
        {
            photos = Some(began.elapsed());
        }
        if data["synchronizationJournal_state"] != "running" {
            return Ok(Followed { entry: data, moving, photos, ended: began.elapsed() });
        }
    }
}

/// Starts a sending run on the laptop process and kills it (SIGKILL) `after` its start, while it runs;
/// answers the run's uuid and the members it had said sent when last looked at.
async fn run_killed(
    laptop: &ApiClient,
    process: &mut SuiteProcess,
    after: Duration,
) -> Result<(String, i64)> {
    let began = Instant::now();
    let uuid = start_run(laptop, "to_server").await?;
    let mut sent = 0;
    while began.elapsed() < after {
        tokio::time::sleep(POLL).await;
        let data = entry(laptop, &uuid).await?;
        ensure!(
            data["synchronizationJournal_state"] == "running",
            "the run ended before it could be killed (too few members?): {data}"
        );
        sent = data["synchronizationJournal_sent"].as_i64().unwrap_or(0);
    }
    process.kill();
    Ok((uuid, sent))
}

fn rate(members: i64, took: Duration) -> String {
    format!(
        "{members} members in {:.1} s, {:.0} members/s",
        took.as_secs_f64(),
        members as f64 / took.as_secs_f64()
    )
}

fn secs(d: Option<Duration>) -> String {
    d.map_or_else(|| "-".into(), |d| format!("{:.2} s", d.as_secs_f64()))
}

/// A small JPEG of an identity photo's shape (120 x 160, a few kilobytes), tinted by `k`.
fn photo(k: u8) -> Result<Vec<u8>> {
    let picture = image::ImageBuffer::from_fn(120, 160, |x, y| {
        let face = (x as i32 - 60).pow(2) + (y as i32 - 70).pow(2) < 40 * 40;
        if face {
            image::Rgb([150 + k * 8, 110 + k * 4, 80])
        } else {
            image::Rgb([(x * 2) as u8, 90 + k * 10, (y + u32::from(k) * 9) as u8])
        }
    });
    let mut out = Vec::new();
    image::DynamicImage::ImageRgb8(picture)
        .write_with_encoder(image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85))?;
    Ok(out)
}

/// Gives the first `count` members of the laptop a photo, as an upload there leaves it (the file in
/// the members' photo store, the member's photo named and marked for sending), and marks every member
/// for sending as a laptop's own registrations are. Answers the photos' size in bytes.
async fn photos_on_the_laptop(
    laptop: &BenchSuite,
    pool: &sqlx::PgPool,
    count: i64,
) -> Result<usize> {
    let ids: Vec<i64> =
        sqlx::query_scalar("SELECT member_id FROM members.member ORDER BY member_id LIMIT $1")
            .bind(count)
            .fetch_all(pool)
            .await?;
    let pictures = (0..8).map(photo).collect::<Result<Vec<_>>>()?;
    let bytes = pictures.iter().map(Vec::len).sum::<usize>() / pictures.len();
    let files: Vec<(std::path::PathBuf, usize)> =
        ids.iter().map(|id| (laptop.photo_file(*id), (*id % 8) as usize)).collect();
    tokio::task::spawn_blocking(move || -> Result<()> {
        if let Some(folder) = files.first().and_then(|(path, _)| path.parent()) {
            std::fs::create_dir_all(folder)?;
        }
        for (path, k) in files {
            std::fs::write(path, &pictures[k])?;
        }
        Ok(())
    })
    .await??;
    sqlx::query(
        "UPDATE members.member SET
             member_photo_file_name = CASE WHEN member_id = ANY($1) THEN member_id || '.jpg' ELSE '' END,
             photo_version = CASE WHEN member_id = ANY($1) THEN 1 ELSE 0 END",
    )
    .bind(&ids)
    .execute(pool)
    .await?;
    // The marks, as the members service keeps them (its `store/sync_marks.rs`).
    sqlx::query(
        "INSERT INTO members.sync_unsent (member_id, sync_position)
         SELECT member_id, sync_position FROM members.member
         ON CONFLICT (member_id) DO UPDATE SET sync_position = EXCLUDED.sync_position",
    )
    .execute(pool)
    .await?;
    sqlx::query(
        "INSERT INTO members.sync_unsent_photo (member_id, photo_version)
         SELECT member_id, photo_version FROM members.member WHERE member_id = ANY($1)
         ON CONFLICT (member_id) DO UPDATE SET photo_version = EXCLUDED.photo_version",
    )
    .bind(&ids)
    .execute(pool)
    .await?;
    Ok(bytes)
}

#[tokio::main]
async fn main() -> Result<()> {
    let n: i64 = common::config::env_parse("BENCH_SYNC_MEMBERS", 100_000i64)?;
    let with_photos: i64 = common::config::env_parse("BENCH_SYNC_PHOTOS", n)?;
    let central = BenchSuite::start_with(|c| c.auth.token_ttl = SESSION).await?;
    let central_api = ApiClient::sign_in(&central.base, ADMIN.0, ADMIN.1).await?;
    let first_token = sync_token(&central_api, "poste-bench-1").await?;
    let mut first = laptop(&central.base, &first_token).await?;
    let first_api = ApiClient::sign_in(&first.base, ADMIN.0, ADMIN.1).await?;
    let first_pool = common::db::connect(&first.db.url, 2).await?;
    // The geography is the central server's: the laptop receives it before its members are made.
    let central_pool = common::db::connect(&central.db.url, 2).await?;
    let localities = suite::bench::seed_geography(&central_api, &central_pool, 300).await?;
    let received = run(&first_api, "from_server").await?.entry;
    ensure!(received["synchronizationJournal_state"] == "done", "the run failed: {received}");
    suite::bench::localities_projected(&first_pool, localities).await?;
    members::load::generate(&first_pool, n, "F", |done| eprint!("\r  {done} adhérents...")).await?;
    eprintln!();
    // The generator writes as the central server would: on a laptop, every member waits to be sent,
    // and the photos taken there too.
    let photo_bytes = photos_on_the_laptop(&first, &first_pool, with_photos).await?;
    let mains: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM members.member WHERE member_main_member_id IS NULL",
    )
    .fetch_one(&first_pool)
    .await?;
    println!(
        "on the laptop: {n} members ({mains} main members), {with_photos} with a photo of {:.1} KB",
        photo_bytes as f64 / 1024.0
    );
    // A laptop registers its members over days: its own services have long applied their events, and
    // its tables been vacuumed, when it sends them. So here, before the sending is timed.
    let drained = suite::bench::members_events_applied(&first_pool, n).await?;
    sqlx::raw_sql("VACUUM ANALYZE members.member, members.sync_unsent, members.sync_unsent_photo")
        .execute(&first_pool)
        .await?;
    suite::bench::checkpoint(&first_pool).await;
    println!(
        "  the laptop's own services applied the members' events {:.1} s after they were made",
        drained.as_secs_f64()
    );

    // Sent by the laptop as a field laptop runs it, a process of its own: killed 5 s into its run, started
    // again, and the second run finishes what is left, photos last.
    first.stop_services().await?;
    let ttl = SESSION.as_secs().to_string();
    let mut process = first.process(&[
        ("RUNNING_ENV", "field"),
        ("SYNC_CENTRAL_URL", &central.base),
        ("SYNC_TOKEN", &first_token),
        ("MEMBER_ID_PREFIX", "F"),
        ("TOKEN_TTL_SECONDS", &ttl),
    ])?;
    let http = reqwest::Client::new();
    process.start(&http).await?;
    let first_api = ApiClient::sign_in(&first.base, ADMIN.0, ADMIN.1).await?;
    reset_peak_memory();
    let began = Instant::now();
    let (killed_run, before_kill) = run_killed(&first_api, &mut process, KILL_AFTER).await?;
    let killed_at = began.elapsed();
    process.start(&http).await?;
    let back = began.elapsed() - killed_at;
    let first_api = ApiClient::sign_in(&first.base, ADMIN.0, ADMIN.1).await?;
    let killed = entry(&first_api, &killed_run).await?;
    let restarted = began.elapsed();
    let done = run(&first_api, "to_server").await?;
    let took = began.elapsed();
    ensure!(done.entry["synchronizationJournal_state"] == "done", "the run failed: {}", done.entry);
    let laptop_memory = process.pid().and_then(|pid| peak_memory_of(&pid.to_string()));
    let central_memory = peak_memory_mb();
    let sent = done.entry["synchronizationJournal_sent"].as_i64().unwrap_or(0);
    // Most photos travel alongside the members; those left took the rest of the run's time.
    let (members_done, photos_took) = match done.photos {
        Some(at) => (restarted + at, done.ended.saturating_sub(at)),
        None => (took, Duration::ZERO),
    };
    let arrived: i64 =
        sqlx::query_scalar("SELECT count(*) FROM members.member").fetch_one(&central_pool).await?;
    ensure!(arrived == n, "{arrived} of {n} members on the central server");
    let photos_there: i64 =
        sqlx::query_scalar("SELECT count(*) FROM members.member WHERE photo_version > 0")
            .fetch_one(&central_pool)
            .await?;
    ensure!(photos_there == with_photos, "{photos_there} of {with_photos} photos on the central");
    let photos_left: i64 = sqlx::query_scalar("SELECT count(*) FROM members.sync_unsent_photo")
        .fetch_one(&first_pool)
        .await?;
    ensure!(photos_left == 0, "{photos_left} photos still marked on the laptop");
    println!(
        "to_server: {} (killed {:.0} s in at {before_kill} sent, started again: {sent} more)",
        rate(before_kill + sent, members_done),
        KILL_AFTER.as_secs_f64()
    );
    if photos_took > Duration::ZERO {
        println!(
            "  photos: {photos_there}, alongside the members (those of members already sent) and in the {:.1} s after them",
            photos_took.as_secs_f64(),
        );
    }
    println!(
        "  members and photos pushed in {:.1} s, the laptop's restart included (aim: under 60 s: {})",
        took.as_secs_f64(),
        if took < Duration::from_secs(60) { "met" } else { "not met" }
    );
    println!(
        "  resume after SIGKILL: the laptop ready again after {:.2} s (its killed run then {}); the next run moving after {} (first batch acknowledged), members done after {}, ended after {:.1} s",
        back.as_secs_f64(),
        killed["synchronizationJournal_state"].as_str().unwrap_or("?"),
        secs(done.moving),
        secs(done.photos),
        done.ended.as_secs_f64()
    );
    println!("  {}", done.entry["synchronizationJournal_message"].as_str().unwrap_or_default());
    let mb = |m: Option<f64>| m.map_or_else(|| "-".into(), |m| format!("{m:.0} MB"));
    println!(
        "  peak memory while sending: the central server (this process) {}, the laptop's process started again {}",
        mb(central_memory),
        mb(laptop_memory)
    );
    process.kill();

    // A new laptop receives them all.
    let second = laptop(&central.base, &sync_token(&central_api, "poste-bench-2").await?).await?;
    let second_api = ApiClient::sign_in(&second.base, ADMIN.0, ADMIN.1).await?;
    reset_peak_memory();
    let done = run(&second_api, "from_server").await?;
    ensure!(done.entry["synchronizationJournal_state"] == "done", "the run failed: {}", done.entry);
    let received = done.entry["synchronizationJournal_received"].as_i64().unwrap_or(0);
    // The photos come after the records: the records' time ends where they start.
    let records_took = done.photos.unwrap_or(done.ended);
    println!(
        "from_server (a new laptop): {} (moving after {})",
        rate(received, records_took),
        secs(done.moving)
    );
    if let Some(started) = done.photos {
        let took = done.ended.saturating_sub(started).as_secs_f64();
        println!(
            "  photos: {with_photos} received after the records in {took:.1} s, {:.0} photos/s; all received in {:.1} s",
            with_photos as f64 / took.max(0.001),
            done.ended.as_secs_f64()
        );
    }
    println!("  {}", done.entry["synchronizationJournal_message"].as_str().unwrap_or_default());
    if let Some(mb) = peak_memory_mb() {
        println!(
            "  peak memory of this process (the central server and the new laptop) while receiving: {mb:.0} MB"
        );
    }
    let second_pool = common::db::connect(&second.db.url, 2).await?;
    let here: i64 =
        sqlx::query_scalar("SELECT count(*) FROM members.member").fetch_one(&second_pool).await?;
    ensure!(here == n, "{here} of {n} members on the new laptop");
    let photos_here: i64 =
        sqlx::query_scalar("SELECT count(*) FROM members.member WHERE member_photo_file_name <> '' AND NOT photo_wanted")
            .fetch_one(&second_pool)
            .await?;
    ensure!(photos_here == with_photos, "{photos_here} of {with_photos} photos on the new laptop");

    second.stop().await?;
    first.stop().await?;
    central.stop().await
}
