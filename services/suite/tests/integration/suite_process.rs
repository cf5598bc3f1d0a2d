//! `suite::process::SuiteProcess` on the database, port and folder of a `TestSuite::for_process`
//! harness, which drops them: a failure to start fails the test with the process's logs, which are
//! printed too when a test fails while it runs.

use crate::support::{ADMIN, ADMIN_PASSWORD, TestSuite};
use suite::process::Place;

pub(crate) use suite::process::free_address;

pub(crate) struct SuiteProcess(suite::process::SuiteProcess);

impl SuiteProcess {
    /// The `suite` binary on the database, port and folder of `suite`, with `env` besides (a field
    /// laptop's `RUNNING_ENV`, `SYNC_CENTRAL_URL`, `SYNC_TOKEN`).
    pub(crate) fn new(suite: &TestSuite, env: &[(&str, &str)]) -> SuiteProcess {
        Self::at(suite, suite.base.trim_start_matches("http://"), "suite.log", env)
    }

    /// A second replica of every service of `suite` (which runs in this process) on its database, NATS
    /// prefix and folder, answering at `address`: a second pod of each Deployment, to kill alone.
    pub(crate) fn replica_of(
        suite: &TestSuite,
        address: &str,
        env: &[(&str, &str)],
    ) -> SuiteProcess {
        Self::at(suite, address, "replica.log", env)
    }

    fn at(suite: &TestSuite, address: &str, log_name: &str, env: &[(&str, &str)]) -> SuiteProcess {
        let photos = suite.photo_store();
        let place = Place {
            address,
            database_url: suite.database_url(),
            nats_prefix: suite.naming.prefix(),
            folder: photos.parent().expect("the suite's folder"),
            log_name,
        };
        let binary = std::path::Path::new(env!("CARGO_BIN_EXE_suite"));
        SuiteProcess(suite::process::SuiteProcess::new(
            binary,
            &place,
            (ADMIN, ADMIN_PASSWORD),
            env,
        ))
    }

    /// Where it answers.
    pub(crate) fn base(&self) -> &str {
        self.0.base()
    }

    /// Starts the process and waits for its `/readyz` (at most a minute, failing with its logs).
    pub(crate) async fn start(&mut self, suite: &TestSuite) {
        self.0.start(&suite.http).await.unwrap_or_else(|e| panic!("{e:#}"));
    }

    /// SIGKILL, then waits for the process to be gone.
    pub(crate) fn kill(&mut self) {
        self.0.kill();
    }
}

impl Drop for SuiteProcess {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!("The suite process's logs:\n{}", self.0.logs());
        }
    }
}
