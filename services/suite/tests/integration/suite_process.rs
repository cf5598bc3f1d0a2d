//! A suite run as a process of its own (the real `suite` binary), for the tests that kill it with
//! SIGKILL and start it again: on the database, port and folder of a `TestSuite::for_process` harness,
//! which drops them.

use crate::support::{ADMIN, ADMIN_PASSWORD, TestSuite};
use reqwest::StatusCode;
use std::fs::OpenOptions;
use std::path::PathBuf;
use std::process::{Child, Command};
use std::time::{Duration, Instant};

const READY_WITHIN: Duration = Duration::from_secs(60);

/// The `suite` binary on the database, port and folder of `suite`, with `env` besides (a field laptop's
/// `RUNNING_ENV`, `SYNC_CENTRAL_URL`, `SYNC_TOKEN`). Started again on them after each kill; killed when
/// dropped, before the harness drops its database.
pub(crate) struct SuiteProcess {
    command: Command,
    /// Where it answers (`http://127.0.0.1:port`).
    base: String,
    child: Option<Child>,
    log: PathBuf,
}

impl SuiteProcess {
    pub(crate) fn new(suite: &TestSuite, env: &[(&str, &str)]) -> SuiteProcess {
        let folder = suite.photo_store().parent().expect("the suite's folder").to_path_buf();
        let mut command = Command::new(env!("CARGO_BIN_EXE_suite"));
        command
            .env("HTTP_ADDR", suite.base.trim_start_matches("http://"))
            .env("DATABASE_URL", suite.database_url())
            .env("NATS_PREFIX", suite.naming.prefix())
            .env("PHOTO_STORE_URL", format!("file://{}", suite.photo_store().display()))
            .env("WEB_DIR", folder.join("web"))
            .env("BOOTSTRAP_ADMIN_LOGIN", ADMIN)
            .env("BOOTSTRAP_ADMIN_PASSWORD", ADMIN_PASSWORD)
            .env("RUST_LOG", "warn");
        command.envs(env.iter().copied());
        SuiteProcess {
            command,
            base: suite.base.clone(),
            child: None,
            log: folder.join("suite.log"),
        }
    }

    /// A second replica of every service of `suite` (which runs in this process) on its database, NATS
    /// prefix and folder, answering at `address`: a second pod of each Deployment, to kill alone.
    pub(crate) fn replica_of(
        suite: &TestSuite,
        address: &str,
        env: &[(&str, &str)],
    ) -> SuiteProcess {
        let mut process = SuiteProcess::new(suite, env);
        process.command.env("HTTP_ADDR", address);
        process.base = format!("http://{address}");
        let folder = suite.photo_store().parent().expect("the suite's folder").to_path_buf();
        process.log = folder.join("replica.log");
        process
    }

    /// Where it answers.
    pub(crate) fn base(&self) -> &str {
        &self.base
    }

    /// Starts the process and waits for its `/readyz` (at most `READY_WITHIN`, failing with its logs).
    pub(crate) async fn start(&mut self, suite: &TestSuite) {
        let log = OpenOptions::new().create(true).append(true).open(&self.log).unwrap();
        self.command.stdout(log.try_clone().unwrap()).stderr(log);
        self.child = Some(self.command.spawn().expect("the suite binary starts"));
        let deadline = Instant::now() + READY_WITHIN;
        loop {
            if let Some(status) = self.child.as_mut().unwrap().try_wait().unwrap() {
                panic!("the suite stopped while starting ({status}):\n{}", self.logs());
            }
            let ready = suite.http.get(format!("{}/readyz", self.base)).send().await;
            if ready.is_ok_and(|answer| answer.status() == StatusCode::OK) {
                return;
            }
            assert!(Instant::now() < deadline, "the suite is not ready:\n{}", self.logs());
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// SIGKILL (what `Child::kill` sends on Unix), then waits for the process to be gone.
    pub(crate) fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    fn logs(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for SuiteProcess {
    fn drop(&mut self) {
        self.kill();
        if std::thread::panicking() {
            eprintln!("The suite process's logs:\n{}", self.logs());
        }
    }
}

/// A free loopback address for a suite process, the same at each of its starts.
pub(crate) fn free_address() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().to_string()
}
