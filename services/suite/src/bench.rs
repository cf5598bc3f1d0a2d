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
        let config = crate::SuiteConfig::local(&db.url, &db.name, ADMIN, data.join("web"), &data);
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
