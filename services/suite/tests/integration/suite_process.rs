//! `suite::process::SuiteProcess` on the database, port and folder of a `TestSuite::for_process`
//! harness, which drops them: a failure to start fails the test with the process's logs, which are
//! printed too when a test fails while it runs.

use crate::support::{ADMIN, ADMIN_PASSWORD, POOLS_FOR_TESTS, TestSuite};
use suite::process::{Place, Readiness};

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

    /// A second replica of `suite`'s members service alone: the `members` binary (a pod of the members
    /// Deployment) on its database, NATS prefix and photo folder, calling its auth and geography
    /// services, with `env` besides, answering gRPC at `address` once built.
    pub(crate) fn members_replica_of(
        suite: &TestSuite,
        address: &str,
        env: &[(&str, &str)],
    ) -> SuiteProcess {
        let binary = std::path::Path::new(env!("CARGO_BIN_EXE_suite")).with_file_name("members");
        assert!(
            binary.exists(),
            "{} is missing: `cargo build -p members --bin members` (scripts/test.sh does) before this test",
            binary.display()
        );
        let photos = format!("file://{}", suite.photo_store().display());
        let (auth, geography) = (suite.grpc_url("auth"), suite.grpc_url("geography"));
        let members_env = [
            ("DATABASE_URL", suite.database_url()),
            ("NATS_PREFIX", suite.naming.prefix()),
            ("GRPC_ADDR", address),
            ("METRICS_ADDR", "127.0.0.1:0"),
            ("PHOTO_STORE_URL", &photos),
            ("AUTH_GRPC_URL", &auth),
            ("GEOGRAPHY_GRPC_URL", &geography),
            ("RUST_LOG", "warn"),
        ];
        let env: Vec<_> = members_env.into_iter().chain(env.iter().copied()).collect();
        let log = suite.photo_store().with_file_name("members-replica.log");
        SuiteProcess(suite::process::SuiteProcess::binary(
            &binary,
            address,
            Readiness::Listening,
            log,
            &env,
        ))
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
        // The tests' pools first: a test's own variables may set them otherwise.
        let env: Vec<(&str, &str)> = POOLS_FOR_TESTS.iter().chain(env).copied().collect();
        SuiteProcess(suite::process::SuiteProcess::new(
            binary,
            &place,
            (ADMIN, ADMIN_PASSWORD),
            &env,
        ))
    }

    /// Where it answers.
    pub(crate) fn base(&self) -> &str {
        self.0.base()
    }

    /// Starts the process and waits until it is ready (at most a minute, failing with its logs).
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
            eprintln!("The {} process's logs:\n{}", self.0.name(), self.0.logs());
        }
    }
}
