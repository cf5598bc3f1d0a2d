//! One service killed alone while its other replica serves: the members service run twice, the suite's
//! own and a second replica (the real `members` binary, a pod of the members Deployment), behind a
//! Service (`cluster_service`) that a second gateway calls; the second replica is killed with SIGKILL
//! under writes. The gateway answers the calls it loses 503 in French, reaches the surviving replica
//! on its next connection, and nothing acknowledged is lost or applied twice.

use crate::cluster_service::ClusterService;
use crate::replica_kill::{
    Registered, SECRET, nothing_lost_nor_applied_twice, register, until_stored,
};
use crate::suite_process::free_address;
use crate::support::TestSuite;
use futures::future::join_all;
use reqwest::StatusCode;
use sqlx::PgPool;
use std::collections::HashSet;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A second replica of the suite's members service: the `members` binary on its database, NATS prefix,
/// photo folder and service secret, calling the suite's auth and geography services.
struct MembersReplica {
    child: Child,
    address: SocketAddr,
    log: PathBuf,
}

impl MembersReplica {
    async fn start(suite: &TestSuite) -> MembersReplica {
        let binary = std::path::Path::new(env!("CARGO_BIN_EXE_suite")).with_file_name("members");
        assert!(
            binary.exists(),
            "{} is missing: `cargo build -p members --bin members` (scripts/test.sh does) before this test",
            binary.display()
        );
        let address: SocketAddr = free_address().parse().unwrap();
        let log = suite.photo_store().with_file_name("members-replica.log");
        let output = std::fs::File::create(&log).unwrap();
        let child = Command::new(binary)
            .env("DATABASE_URL", suite.database_url())
            .env("NATS_PREFIX", suite.naming.prefix())
            .env("GRPC_ADDR", address.to_string())
            .env("METRICS_ADDR", "127.0.0.1:0")
            .env("PHOTO_STORE_URL", format!("file://{}", suite.photo_store().display()))
            .env("SERVICE_SECRET", SECRET)
            .env("AUTH_GRPC_URL", suite.grpc_url("auth"))
            .env("GEOGRAPHY_GRPC_URL", suite.grpc_url("geography"))
            .env("RUST_LOG", "warn")
            .stdout(output.try_clone().unwrap())
            .stderr(output)
            .spawn()
            .expect("the members binary starts");
        let mut replica = MembersReplica { child, address, log };
        // It listens once it is built (migrations checked, NATS and its consumers ready).
        let deadline = Instant::now() + Duration::from_secs(60);
        while tokio::net::TcpStream::connect(address).await.is_err() {
            if let Ok(Some(status)) = replica.child.try_wait() {
                panic!("the members replica stopped ({status}):\n{}", replica.logs());
            }
            assert!(
                Instant::now() < deadline,
                "the members replica does not listen:\n{}",
                replica.logs()
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        replica
    }

    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    fn logs(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }
}

impl Drop for MembersReplica {
    fn drop(&mut self) {
        self.kill();
        if std::thread::panicking() {
            eprintln!("The members replica's logs:\n{}", self.logs());
        }
    }
}

/// A second gateway (a second pod of the gateway Deployment) that reaches the members service at
/// `members_url` and every other service of `suite` directly. Answers where it listens.
async fn second_gateway(suite: &TestSuite, members_url: &str) -> String {
    let channels = proto::SERVICES
        .iter()
        .map(|name| {
            let url =
                if *name == "members" { members_url.to_string() } else { suite.grpc_url(name) };
            (name.to_string(), common::grpc::channel(&url).unwrap())
        })
        .collect();
    let web = tempfile::tempdir().unwrap();
    let config = suite::SuiteConfig::local(
        suite.database_url(),
        suite.naming.prefix(),
        ("admin", "unused"),
        web.path().to_path_buf(),
        web.path(),
    )
    .gateway;
    let state =
        gateway::AppState::new(channels, config.running_env, None, config.session_cache).unwrap();
    let (listener, address) = common::grpc::bind("127.0.0.1:0").await.unwrap();
    tokio::spawn(gateway::serve(gateway::app(state, &config), listener, std::future::pending()));
    format!("http://{address}")
}

#[tokio::test(flavor = "multi_thread")]
async fn the_members_service_killed_alone_while_its_other_replica_serves_loses_nothing() {
    let suite = TestSuite::start_with(|c| c.auth.service_secret = Some(SECRET.into())).await;
    let mut replica = MembersReplica::start(&suite).await;
    // The Service sends the second gateway's connection to the replica first.
    let members = suite.grpc_url("members");
    let own: SocketAddr = members.trim_start_matches("http://").parse().unwrap();
    let service = ClusterService::over(vec![replica.address, own]).await;
    let second = second_gateway(&suite, &service.url).await;
    let admin = suite.admin_token().await;
    let bases = [suite.base.clone(), second];

    // Writers on both gateways, five each, until told to stop. What the second gateway could not do:
    // when (after the kill), its status and message.
    let stop = AtomicBool::new(false);
    let killed_at: Mutex<Option<Instant>> = Mutex::new(None);
    let failures: Mutex<Vec<(Duration, StatusCode, String)>> = Mutex::new(Vec::new());
    let served_again: Mutex<Option<Duration>> = Mutex::new(None);
    let writer = |w: usize| {
        let (suite, admin, bases, stop) = (&suite, &admin, &bases, &stop);
        let (killed_at, failures, served_again) = (&killed_at, &failures, &served_again);
        async move {
            let mut acknowledged = Vec::new();
            let mut n = w;
            while !stop.load(Ordering::Relaxed) && n < 3000 {
                let answer = register(suite, &bases[w % 2], admin, n).await;
                let since_kill = killed_at.lock().unwrap().map(|at| at.elapsed());
                match answer {
                    Registered::Stored(id) => {
                        acknowledged.push(id);
                        if let (1, Some(after)) = (w % 2, since_kill) {
                            let mut first = served_again.lock().unwrap();
                            first.get_or_insert(after);
                        }
                    }
                    Registered::Refused(status, message) if w % 2 == 1 => {
                        let after = since_kill.unwrap_or_default();
                        failures.lock().unwrap().push((after, status, message));
                    }
                    Registered::Refused(status, message) => {
                        panic!("a write through the suite's own gateway failed: {status} {message}")
                    }
                    Registered::Unanswered => panic!("a gateway left a write unanswered"),
                }
                n += 10;
            }
            acknowledged
        }
    };
    let writing = join_all((0..10).map(writer));
    let killing = async {
        let pool = PgPool::connect(suite.database_url()).await.unwrap();
        until_stored(&pool, 80).await;
        assert!(service.sent_to(0) > 0, "the replica served the second gateway before the kill");
        let before = service.sent_to(1);
        replica.kill();
        *killed_at.lock().unwrap() = Some(Instant::now());
        // The writers go on 3 s: the second gateway's calls reach the surviving replica meanwhile.
        tokio::time::sleep(Duration::from_secs(3)).await;
        stop.store(true, Ordering::Relaxed);
        assert!(service.sent_to(1) > before, "the surviving replica served the second gateway");
        pool
    };
    let (written, pool) = tokio::join!(writing, killing);
    let killed = killed_at.lock().unwrap().expect("killed");
    let acknowledged: HashSet<i64> = written.into_iter().flatten().collect();

    // Meanwhile: only the calls the killed replica held, answered 503 in French, never another error.
    let failures = failures.into_inner().unwrap();
    for (after, status, message) in &failures {
        assert_eq!(
            (*status, message.as_str()),
            (StatusCode::SERVICE_UNAVAILABLE, gateway::error::UNAVAILABLE),
            "answered {after:?} after the kill"
        );
    }
    let recovered = served_again.into_inner().unwrap().expect("the second gateway serves again");
    assert!(recovered < Duration::from_secs(10), "served again after {recovered:?}");

    let total = nothing_lost_nor_applied_twice(&suite, &pool, &acknowledged).await;
    // The figures docs/reliability.md keeps.
    println!(
        "members service killed alone: {} writes acknowledged, {total} stored, 0 lost; the second \
         gateway answered {} call(s) 503 « {} » and served again {:.2} s after the kill; every event \
         applied once {:.1} s after the kill",
        acknowledged.len(),
        failures.len(),
        gateway::error::UNAVAILABLE,
        recovered.as_secs_f64(),
        killed.elapsed().as_secs_f64()
    );
    pool.close().await;
}
