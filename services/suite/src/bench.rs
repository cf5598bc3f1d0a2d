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
    running: crate::RunningSuite,
}

impl BenchSuite {
    pub async fn start() -> Result<BenchSuite> {
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
        let running = crate::start(config).await?;
        Ok(BenchSuite { base: format!("http://{}", running.http_addr), db, running })
    }

    pub async fn stop(self) -> Result<()> {
        let nats = common::nats::connect(&common::config::env_or(
            "NATS_URL",
            common::config::DEFAULT_NATS_URL,
        ))
        .await?;
        let naming = self.running.naming.clone();
        self.running.stop().await?;
        let jetstream = async_nats::jetstream::new(nats);
        for service in crate::stream_services() {
            let _ = jetstream.delete_stream(naming.stream(service)).await;
        }
        let _ = std::fs::remove_dir_all(
            std::env::temp_dir().join(format!("sesame-bench-{}", self.db.name)),
        );
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
) -> Result<()> {
    let rows = crate::demo::geography(31, 3, 3, localities);
    let answer = api.post("/locality/post_locality-import", &rows).await?;
    let localities = answer["localityAdded"].as_i64().unwrap_or(0);
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

/// The process's peak resident memory since the last `reset_peak_memory` (Linux), in MB.
pub fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Starts measuring the peak resident memory afresh (Linux: `/proc/self/clear_refs`, value 5).
pub fn reset_peak_memory() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}
