//! A suite run as a process of its own (the real `suite` binary), for the tests and benchmarks that kill
//! it with SIGKILL and start it again on the same database, NATS prefix, address and folder.

use anyhow::{Context, Result, bail};
use std::fs::OpenOptions;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

const READY_WITHIN: Duration = Duration::from_secs(60);

/// Where a suite process runs: what it shares with the suite it stands in for.
pub struct Place<'a> {
    /// The address it answers on (`127.0.0.1:port`), the same at each start.
    pub address: &'a str,
    pub database_url: &'a str,
    pub nats_prefix: &'a str,
    /// Its photos (`photos/` under it), web files (`web/`) and log.
    pub folder: &'a Path,
    /// The log's file name in `folder`.
    pub log_name: &'a str,
}

/// The `suite` binary at `binary`, on `place`, with `env` besides (a field laptop's `RUNNING_ENV`,
/// `SYNC_CENTRAL_URL`, `SYNC_TOKEN`). Started again on it after each kill; killed when dropped.
pub struct SuiteProcess {
    command: Command,
    /// Where it answers (`http://127.0.0.1:port`).
    base: String,
    child: Option<Child>,
    log: PathBuf,
}

impl SuiteProcess {
    /// `admin` is the first administrator, made if the database has none.
    pub fn new(
        binary: &Path,
        place: &Place,
        admin: (&str, &str),
        env: &[(&str, &str)],
    ) -> SuiteProcess {
        let mut command = Command::new(binary);
        command
            .env("HTTP_ADDR", place.address)
            .env("DATABASE_URL", place.database_url)
            .env("NATS_PREFIX", place.nats_prefix)
            .env("PHOTO_STORE_URL", format!("file://{}", place.folder.join("photos").display()))
            .env("WEB_DIR", place.folder.join("web"))
            .env("BOOTSTRAP_ADMIN_LOGIN", admin.0)
            .env("BOOTSTRAP_ADMIN_PASSWORD", admin.1)
            .env("RUST_LOG", "warn");
        command.envs(env.iter().copied());
        SuiteProcess {
            command,
            base: format!("http://{}", place.address),
            child: None,
            log: place.folder.join(place.log_name),
        }
    }

    /// Where it answers.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// Its process id while it runs.
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// Starts the process and waits for its `/readyz` (at most a minute, failing with its logs).
    pub async fn start(&mut self, http: &reqwest::Client) -> Result<()> {
        let log = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .with_context(|| format!("the log {}", self.log.display()))?;
        self.command.stdout(log.try_clone()?).stderr(log);
        self.child = Some(self.command.spawn().context("the suite binary starts")?);
        let deadline = Instant::now() + READY_WITHIN;
        loop {
            if let Some(status) = self.child.as_mut().and_then(|c| c.try_wait().ok().flatten()) {
                bail!("the suite stopped while starting ({status}):\n{}", self.logs());
            }
            let ready = http.get(format!("{}/readyz", self.base)).send().await;
            if ready.is_ok_and(|answer| answer.status() == reqwest::StatusCode::OK) {
                return Ok(());
            }
            if Instant::now() >= deadline {
                bail!("the suite is not ready:\n{}", self.logs());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// SIGKILL (what `Child::kill` sends on Unix), then waits for the process to be gone.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// What it wrote so far.
    pub fn logs(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for SuiteProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A free loopback address for a suite process, the same at each of its starts.
pub fn free_address() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free loopback port");
    listener.local_addr().expect("its address").to_string()
}
