//! What the benchmarks share: a whole suite started in this process against a throwaway database, and
//! latency figures.

use anyhow::Result;
use common::test_db::TestDatabase;
use std::time::Duration;

pub const ADMIN: (&str, &str) = ("admin", "bench-admin-1");

/// A running suite on its own database; `stop` drops both.
pub struct BenchSuite {
    pub base: String,
    pub db: TestDatabase,
    /// The suite's own folder (its photos are under `photos/`).
    pub data: std::path::PathBuf,
    /// Its events' prefix, kept when its services stop (`stop_services`) for a suite process.
    pub naming: common::nats::Naming,
    /// None once its services stopped, a suite process running on its database and folder instead.
    running: Option<crate::RunningSuite>,
}

impl BenchSuite {
    pub async fn start() -> Result<BenchSuite> {
        Self::start_with(|_| {}).await
    }

    /// A suite whose configuration `adjust` changes first (a field laptop's, say).
    pub async fn start_with(adjust: impl FnOnce(&mut crate::SuiteConfig)) -> Result<BenchSuite> {
        let db = TestDatabase::create(&crate::migrations_fingerprint(), |url| async move {
            crate::migrate_all(&url).await
        })
        .await?;
        let data = std::env::temp_dir().join(format!("sesame-bench-{}", db.name));
        let mut config =
            crate::SuiteConfig::local(&db.url, &db.name, ADMIN, data.join("web"), &data);
        // `SESSION_CACHE_SECONDS=0` measures the gateway asking the auth service on every call.
        config.gateway.session_cache = Duration::from_secs(common::config::env_parse(
            "SESSION_CACHE_SECONDS",
            gateway::DEFAULT_SESSION_CACHE_SECONDS,
        )?);
        adjust(&mut config);
        let running = crate::start(config).await?;
        Ok(BenchSuite {
            base: format!("http://{}", running.http_addr),
            db,
            data,
            naming: running.naming.clone(),
            running: Some(running),
        })
    }

    /// The members service's gRPC address.
    pub fn members_address(&self) -> std::net::SocketAddr {
        self.running.as_ref().expect("the suite runs in this process").services["members"]
    }

    /// Where the members service keeps the photo of `member_id` (`members::photos`, `file://` under
    /// the suite's folder).
    pub fn photo_file(&self, member_id: i64) -> std::path::PathBuf {
        self.data.join("photos").join("photos").join(format!("{member_id}.jpg"))
    }

    /// Stops its services in this process, keeping its database, folder and streams, for a suite
    /// process (`crate::process`) to run on them at the same address.
    pub async fn stop_services(&mut self) -> Result<()> {
        if let Some(running) = self.running.take() {
            running.stop().await?;
        }
        Ok(())
    }

    /// A suite process on this suite's database, prefix, address and folder (its services stopped
    /// first), the binary `suite` beside this one (`make bench-*` builds it), with `env` besides.
    pub fn process(&self, env: &[(&str, &str)]) -> Result<crate::process::SuiteProcess> {
        let binary = std::env::current_exe()?.with_file_name("suite");
        anyhow::ensure!(binary.exists(), "{} is missing: `cargo build -p suite`", binary.display());
        let place = crate::process::Place {
            address: self.base.trim_start_matches("http://"),
            database_url: &self.db.url,
            nats_prefix: self.naming.prefix(),
            folder: &self.data,
            log_name: "suite.log",
        };
        Ok(crate::process::SuiteProcess::new(&binary, &place, ADMIN, env))
    }

    pub async fn stop(mut self) -> Result<()> {
        let nats = common::nats::connect(&common::config::env_or(
            "NATS_URL",
            common::config::DEFAULT_NATS_URL,
        ))
        .await?;
        self.stop_services().await?;
        let jetstream = async_nats::jetstream::new(nats);
        for service in crate::stream_services() {
            let _ = jetstream.delete_stream(self.naming.stream(service)).await;
        }
        let _ = std::fs::remove_dir_all(&self.data);
        Ok(())
    }
}

/// p50 and p99 of `samples`.
pub fn percentiles(samples: &mut [Duration]) -> (Duration, Duration) {
    samples.sort();
    let at = |q: f64| samples[((samples.len() as f64 - 1.0) * q).round() as usize];
    (at(0.50), at(0.99))
}

pub fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

/// Imports a geography of `localities` localities through the gateway and waits until the members
/// service's projection knows them all (members are generated on them).
pub async fn seed_geography(
    api: &crate::api_client::ApiClient,
    pool: &sqlx::PgPool,
    localities: usize,
) -> Result<i64> {
    let rows = crate::demo::geography(31, 3, 3, localities);
    let answer = api.post("/locality/post_locality-import", &rows).await?;
    let localities = answer["localityAdded"].as_i64().unwrap_or(0);
    localities_projected(pool, localities).await?;
    Ok(localities)
}

/// Waits until the members service of `pool`'s suite knows `localities` localities (its projection of the
/// geography's events).
pub async fn localities_projected(pool: &sqlx::PgPool, localities: i64) -> Result<()> {
    let waiting = std::time::Instant::now();
    loop {
        let known: i64 =
            sqlx::query_scalar("SELECT count(*) FROM members.geo_locality").fetch_one(pool).await?;
        if known >= localities {
            break;
        }
        anyhow::ensure!(
            waiting.elapsed() < Duration::from_secs(120),
            "the geography projection did not fill"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    println!(
        "geography: {localities} localities projected into the members service in {:.1} s",
        waiting.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Waits until the members' events (one a member, written with it) have reached the cards and reports
/// services of `pool`'s suite for `members` members, so that what is timed next is not the event
/// traffic of the members just generated; answers how long it took.
pub async fn members_events_applied(pool: &sqlx::PgPool, members: i64) -> Result<Duration> {
    let draining = std::time::Instant::now();
    loop {
        let (outbox, cards, statistics): (i64, i64, i64) = sqlx::query_as(
            "SELECT (SELECT count(*) FROM members.outbox), (SELECT count(*) FROM cards.member),
                    (SELECT count(*) FROM reports.stat_member)",
        )
        .fetch_one(pool)
        .await?;
        if outbox == 0 && cards >= members && statistics >= members {
            return Ok(draining.elapsed());
        }
        anyhow::ensure!(
            draining.elapsed() < Duration::from_secs(1800),
            "the members' events did not reach the other services in 30 minutes"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// Writes what was loaded to the disk now, rather than in a checkpoint in the middle of the timings
/// that follow. CHECKPOINT needs a superuser or `pg_checkpoint`: without it, the timings start as they
/// are (said on stderr).
pub async fn checkpoint(pool: &sqlx::PgPool) {
    if let Err(e) = sqlx::query("CHECKPOINT").execute(pool).await {
        eprintln!("no CHECKPOINT after the load: {e}");
    }
}

/// The process's peak resident memory since the last `reset_peak_memory` (Linux), in MB.
pub fn peak_memory_mb() -> Option<f64> {
    peak_memory_of("self")
}

/// The peak resident memory of the process `pid` (`self`, or a child's id) since it started (Linux),
/// in MB.
pub fn peak_memory_of(pid: &str) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Starts measuring the peak resident memory afresh (Linux: `/proc/self/clear_refs`, value 5).
pub fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// The yardstick: a plain Express + node-postgres server (`services/suite/express-peer`) reading
/// the same `members.member` rows, started as a child process on a free port and stopped when dropped.
pub struct ExpressPeer {
    pub client: crate::api_client::ApiClient,
    _process: tokio::process::Child,
}

impl ExpressPeer {
    /// Starts the peer on `database_url`; `None` (and why, on stderr) when Node or the peer's packages
    /// (`npm ci` in its folder, as `make bench-members` runs) are missing.
    pub async fn start(database_url: &str) -> Option<ExpressPeer> {
        match Self::spawn(database_url).await {
            Ok(peer) => Some(peer),
            Err(e) => {
                eprintln!("the Express peer is not measured: {e:#}");
                None
            }
        }
    }

    async fn spawn(database_url: &str) -> Result<ExpressPeer> {
        use anyhow::Context;
        use tokio::io::AsyncBufReadExt;
        let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("express-peer");
        anyhow::ensure!(
            folder.join("node_modules").is_dir(),
            "run `npm ci` in {} first",
            folder.display()
        );
        let mut process = tokio::process::Command::new("node")
            .arg("server.mjs")
            .current_dir(&folder)
            .env("DATABASE_URL", database_url)
            .env("PORT", "0")
            .stdout(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .context("node")?;
        let stdout = process.stdout.take().context("the peer's output")?;
        let mut first = String::new();
        tokio::time::timeout(
            Duration::from_secs(20),
            tokio::io::BufReader::new(stdout).read_line(&mut first),
        )
        .await
        .context("the peer did not start within 20 s")??;
        let port = first
            .trim()
            .strip_prefix("listening on ")
            .with_context(|| format!("the peer said {first:?}"))?;
        let client =
            crate::api_client::ApiClient::without_session(&format!("http://127.0.0.1:{port}"));
        Ok(ExpressPeer { client, _process: process })
    }
}
