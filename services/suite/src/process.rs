//! A binary of the product run as a process of its own (the `suite`, or one service's such as
//! `members`), for the tests and benchmarks that kill it with SIGKILL and start it again on the same
//! database, NATS prefix, address and folder.

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

/// How a process says it is ready.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Readiness {
    /// Its `/readyz` answers 200: the suite (its gateway).
    Readyz,
    /// It accepts a connection at its address: a service alone, which listens once built.
    Listening,
}

/// A binary on an address, with its environment. Started again on it after each kill; killed when
/// dropped.
pub struct SuiteProcess {
    command: Command,
    /// The binary's file name, for the errors.
    name: String,
    /// Its address (`127.0.0.1:port`).
    address: String,
    /// Where it answers (`http://127.0.0.1:port`).
    base: String,
    readiness: Readiness,
    child: Option<Child>,
    log: PathBuf,
}

impl SuiteProcess {
    /// The `suite` binary at `binary`, on `place`, with `env` besides (a field laptop's `RUNNING_ENV`,
    /// `SYNC_CENTRAL_URL`, `SYNC_TOKEN`). `admin` is the first administrator, made if the database has
    /// none.
    pub fn new(
        binary: &Path,
        place: &Place,
        admin: (&str, &str),
        env: &[(&str, &str)],
    ) -> SuiteProcess {
        let log = place.folder.join(place.log_name);
        let mut process = SuiteProcess::binary(binary, place.address, Readiness::Readyz, log, &[]);
        process
            .command
            .env("HTTP_ADDR", place.address)
            .env("DATABASE_URL", place.database_url)
            .env("NATS_PREFIX", place.nats_prefix)
            .env("PHOTO_STORE_URL", format!("file://{}", place.folder.join("photos").display()))
            .env("WEB_DIR", place.folder.join("web"))
            .env("BOOTSTRAP_ADMIN_LOGIN", admin.0)
            .env("BOOTSTRAP_ADMIN_PASSWORD", admin.1)
            .env("RUST_LOG", "warn")
            .envs(env.iter().copied());
        process
    }

    /// Any binary at `binary` with `env`, answering at `address` (`127.0.0.1:port`, which `env` gives
    /// it), ready as `readiness` says, writing to `log`.
    pub fn binary(
        binary: &Path,
        address: &str,
        readiness: Readiness,
        log: PathBuf,
        env: &[(&str, &str)],
    ) -> SuiteProcess {
        let mut command = Command::new(binary);
        command.envs(env.iter().copied());
        let name = binary.file_name().unwrap_or_default().to_string_lossy().into_owned();
        SuiteProcess {
            command,
            name,
            address: address.to_string(),
            base: format!("http://{address}"),
            readiness,
            child: None,
            log,
        }
    }

    /// The binary's file name (`suite`, `members`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Where it answers.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// Its process id while it runs.
    pub fn pid(&self) -> Option<u32> {
        self.child.as_ref().map(Child::id)
    }

    /// Starts the process and waits until it is ready (at most a minute, failing with its logs).
    pub async fn start(&mut self, http: &reqwest::Client) -> Result<()> {
        let log = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .with_context(|| format!("the log {}", self.log.display()))?;
        self.command.stdout(log.try_clone()?).stderr(log);
        let name = &self.name;
        self.child =
            Some(self.command.spawn().with_context(|| format!("the {name} binary starts"))?);
        let deadline = Instant::now() + READY_WITHIN;
        loop {
            if let Some(status) = self.child.as_mut().and_then(|c| c.try_wait().ok().flatten()) {
                bail!(
                    "the {} process stopped while starting ({status}):\n{}",
                    self.name,
                    self.logs()
                );
            }
            if self.ready(http).await {
                return Ok(());
            }
            if Instant::now() >= deadline {
                bail!("the {} process is not ready:\n{}", self.name, self.logs());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    async fn ready(&self, http: &reqwest::Client) -> bool {
        match self.readiness {
            Readiness::Readyz => {
                let answer = http.get(format!("{}/readyz", self.base)).send().await;
                answer.is_ok_and(|answer| answer.status() == reqwest::StatusCode::OK)
            }
            Readiness::Listening => tokio::net::TcpStream::connect(&self.address).await.is_ok(),
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
