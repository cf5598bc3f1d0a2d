//! `make bench-sync`: the synchronisation at scale, suites in this process on throwaway databases (a
//! central server and field laptops paired with it, on loopback). `BENCH_SYNC_MEMBERS` members (default
//! 100,000, in families) registered on the laptop, each with a photo (`BENCH_SYNC_PHOTOS` of them,
//! default all), are sent to the central server: the run is stopped after 5 s and started again, and the
//! second run sends what is left, then the photos (up to 50 a call to the central server); then a
//! new laptop receives the members from the central server. Each run is started and followed as the screens do
//! (`get_synchronization_start`, `get.synchronization/{uuid}`). Prints members per second each way,
//! photos per second, the peak memory, and how long a run started again takes to move and to finish.

use anyhow::{Context, Result, ensure};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use suite::api_client::ApiClient;
use suite::bench::{ADMIN, BenchSuite, peak_memory_mb, reset_peak_memory};

/// How often a run is looked at: often enough to time its steps to a twentieth of a second.
const POLL: Duration = Duration::from_millis(50);
/// The bench's sessions outlive its runs (half an hour and more with every photo on a busy machine; the
/// screens renew theirs, this client does not).
const SESSION: Duration = Duration::from_secs(4 * 3600);
/// The photo sending's progress message (`sync::domain::messages::sending_photos`).
const SENDING_PHOTOS: &str = "Envoi des photos";

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
/// (a batch acknowledged), sending photos, asked to stop, and ended.
struct Followed {
    entry: Value,
    moving: Option<Duration>,
    photos: Option<Duration>,
    stop_asked: Option<Duration>,
    ended: Duration,
}

/// Starts a run on `laptop` and follows it, asking it to stop after `stop_after`.
async fn run(
    laptop: &ApiClient,
    direction: &str,
    stop_after: Option<Duration>,
) -> Result<Followed> {
    let began = Instant::now();
    let started =
        laptop.get(&format!("/synchronization/get_synchronization_start/{direction}")).await?;
    let uuid =
        started["data"]["synchronizationJournal_uuid"].as_str().context("a run uuid")?.to_string();
    let (mut moving, mut photos, mut stop_asked) = (None, None, None);
    loop {
        tokio::time::sleep(POLL).await;
        if stop_asked.is_none() && stop_after.is_some_and(|after| began.elapsed() >= after) {
            laptop
                .post("/synchronization/get_synchronization_stop", &json!({"uuid": uuid}))
                .await?;
            stop_asked = Some(began.elapsed());
        }
        let entry = laptop.get(&format!("/synchronization/get.synchronization/{uuid}")).await?;
        let data = &entry["data"];
        let done = data["synchronizationJournal_sent"].as_i64().unwrap_or(0)
            + data["synchronizationJournal_received"].as_i64().unwrap_or(0);
        if moving.is_none() && done > 0 {
            moving = Some(began.elapsed());
        }
        let message = data["synchronizationJournal_message"].as_str().unwrap_or_default();
        if photos.is_none() && message.starts_with(SENDING_PHOTOS) {
            photos = Some(began.elapsed());
        }
        if data["synchronizationJournal_state"] != "running" {
            let ended = began.elapsed();
            return Ok(Followed { entry: data.clone(), moving, photos, stop_asked, ended });
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
        "UPDATE members.member SET member_synchronization_needed = true,
             member_photo_file_name = CASE WHEN member_id = ANY($1) THEN member_id || '.jpg' ELSE '' END,
             photo_version = CASE WHEN member_id = ANY($1) THEN 1 ELSE 0 END,
             photo_synchronization_needed = member_id = ANY($1)",
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
    let first = laptop(&central.base, &sync_token(&central_api, "poste-bench-1").await?).await?;
    let first_api = ApiClient::sign_in(&first.base, ADMIN.0, ADMIN.1).await?;
    let first_pool = common::db::connect(&first.db.url, 2).await?;
    // The geography is the central server's: the laptop receives it before its members are made.
    let central_pool = common::db::connect(&central.db.url, 2).await?;
    let localities = suite::bench::seed_geography(&central_api, &central_pool, 300).await?;
    let received = run(&first_api, "from_server", None).await?.entry;
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

    // Sent, stopped after 5 s, then started again: the second run finishes what is left, photos last.
    reset_peak_memory();
    let began = Instant::now();
    let stopped = run(&first_api, "to_server", Some(Duration::from_secs(5))).await?;
    // A small `BENCH_SYNC_MEMBERS` may be sent whole before the stop.
    ensure!(
        ["stopped", "done"]
            .map(Value::from)
            .contains(&stopped.entry["synchronizationJournal_state"]),
        "the first run failed: {}",
        stopped.entry
    );
    let before_stop = stopped.entry["synchronizationJournal_sent"].as_i64().unwrap_or(0);
    let stop_took = stopped.stop_asked.map(|asked| stopped.ended.saturating_sub(asked));
    let restarted = began.elapsed();
    let done = run(&first_api, "to_server", None).await?;
    let took = began.elapsed();
    ensure!(done.entry["synchronizationJournal_state"] == "done", "the run failed: {}", done.entry);
    let sent = done.entry["synchronizationJournal_sent"].as_i64().unwrap_or(0);
    // The members were all sent when a run went on to the photos left (most travel alongside the
    // members); those took the rest of the runs' time.
    let (members_done, photos_took) = match (stopped.photos, done.photos) {
        (Some(at), _) => (at, stopped.ended.saturating_sub(at) + done.ended),
        (None, Some(at)) => (restarted + at, done.ended.saturating_sub(at)),
        (None, None) => (took, Duration::ZERO),
    };
    let arrived: i64 =
        sqlx::query_scalar("SELECT count(*) FROM members.member").fetch_one(&central_pool).await?;
    ensure!(arrived == n, "{arrived} of {n} members on the central server");
    let photos_there: i64 =
        sqlx::query_scalar("SELECT count(*) FROM members.member WHERE photo_version > 0")
            .fetch_one(&central_pool)
            .await?;
    ensure!(photos_there == with_photos, "{photos_there} of {with_photos} photos on the central");
    let photos_left: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM members.member WHERE photo_synchronization_needed",
    )
    .fetch_one(&first_pool)
    .await?;
    ensure!(photos_left == 0, "{photos_left} photos still marked on the laptop");
    println!(
        "to_server: {} (stopped after 5 s at {before_stop} sent, started again: {sent} more)",
        rate(before_stop + sent, members_done)
    );
    if photos_took > Duration::ZERO {
        println!(
            "  photos: {photos_there}, alongside the members (those of members already sent) and in the {:.1} s after them",
            photos_took.as_secs_f64(),
        );
    }
    println!(
        "  members and photos pushed in {:.1} s (aim: under 60 s: {})",
        took.as_secs_f64(),
        if took < Duration::from_secs(60) { "met" } else { "not met" }
    );
    println!(
        "  resume: stopped {} after asked; started again, moving after {} (first batch acknowledged), members done after {}, ended after {:.1} s",
        secs(stop_took),
        secs(done.moving),
        secs(done.photos),
        done.ended.as_secs_f64()
    );
    println!("  {}", done.entry["synchronizationJournal_message"].as_str().unwrap_or_default());
    if let Some(mb) = peak_memory_mb() {
        println!("  peak memory of the process (central and laptop) while sending: {mb:.0} MB");
    }

    // A new laptop receives them all.
    let second = laptop(&central.base, &sync_token(&central_api, "poste-bench-2").await?).await?;
    let second_api = ApiClient::sign_in(&second.base, ADMIN.0, ADMIN.1).await?;
    reset_peak_memory();
    let done = run(&second_api, "from_server", None).await?;
    ensure!(done.entry["synchronizationJournal_state"] == "done", "the run failed: {}", done.entry);
    let received = done.entry["synchronizationJournal_received"].as_i64().unwrap_or(0);
    println!(
        "from_server (a new laptop): {} (moving after {})",
        rate(received, done.ended),
        secs(done.moving)
    );
    println!("  {}", done.entry["synchronizationJournal_message"].as_str().unwrap_or_default());
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
