//! One service killed alone while its other replica serves: the members service run twice, the suite's
//! own and a second replica (the real `members` binary, a pod of the members Deployment), behind a
//! Service (`cluster_service`) that a second gateway calls; the second replica is killed with SIGKILL
//! under writes. The gateway answers the calls it loses 503 in French, reaches the surviving replica
//! on its next connection, and nothing acknowledged is lost or applied twice.

use crate::cluster_service::ClusterService;
use crate::replica_kill::{
    Registered, SECRET, nothing_lost_nor_applied_twice, until_stored, writing_while,
};
use crate::suite_process::{SuiteProcess, free_address};
use crate::support::TestSuite;
use reqwest::StatusCode;
use sqlx::PgPool;
use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A second gateway (a second pod of the gateway Deployment) that reaches the members service at
/// `members_url` and every other service of `suite` directly. Answers where it listens.
async fn second_gateway(suite: &TestSuite, members_url: &str) -> String {
    let url = |name: &str| {
        Ok(if name == "members" { members_url.to_string() } else { suite.grpc_url(name) })
    };
    let web = tempfile::tempdir().unwrap();
    let config = suite::SuiteConfig::local(
        suite.database_url(),
        suite.naming.prefix(),
        ("admin", "unused"),
        web.path().to_path_buf(),
        web.path(),
    )
    .gateway;
    let state = suite::gateway_over(url, &config, None).unwrap();
    let (listener, address) = common::grpc::bind("127.0.0.1:0").await.unwrap();
    tokio::spawn(gateway::serve(gateway::app(state, &config), listener, std::future::pending()));
    format!("http://{address}")
}

#[tokio::test(flavor = "multi_thread")]
async fn the_members_service_killed_alone_while_its_other_replica_serves_loses_nothing() {
    let suite = TestSuite::start_with(|c| c.auth.service_secret = Some(SECRET.into())).await;
    let address = free_address();
    let mut replica =
        SuiteProcess::members_replica_of(&suite, &address, &[("SERVICE_SECRET", SECRET)]);
    replica.start(&suite).await;
    // The Service sends the second gateway's connection to the replica first.
    let members = suite.grpc_url("members");
    let own: SocketAddr = members.trim_start_matches("http://").parse().unwrap();
    let service = ClusterService::over(vec![address.parse().unwrap(), own]).await;
    let second = second_gateway(&suite, &service.url).await;
    let admin = suite.admin_token().await;
    let bases = [suite.base.clone(), second];

    // Writers on both gateways, five each, until told to stop. What the second gateway could not do:
    // when (after the kill), its status and message.
    let killed_at: Mutex<Option<Instant>> = Mutex::new(None);
    let failures: Mutex<Vec<(Duration, StatusCode, String)>> = Mutex::new(Vec::new());
    let served_again: Mutex<Option<Duration>> = Mutex::new(None);
    let answered = |w: usize, answer: &Registered| {
        let since_kill = killed_at.lock().unwrap().map(|at| at.elapsed());
        match answer {
            Registered::Stored(_) => {
                if let (1, Some(after)) = (w % 2, since_kill) {
                    let mut first = served_again.lock().unwrap();
                    first.get_or_insert(after);
                }
            }
            Registered::Refused(status, message) if w % 2 == 1 => {
                let after = since_kill.unwrap_or_default();
                failures.lock().unwrap().push((after, *status, message.clone()));
            }
            Registered::Refused(status, message) => {
                panic!("a write through the suite's own gateway failed: {status} {message}")
            }
            Registered::Unanswered => panic!("a gateway left a write unanswered"),
        }
    };
    let killing = async {
        let pool = PgPool::connect(suite.database_url()).await.unwrap();
        until_stored(&pool, 80).await;
        assert!(service.sent_to(0) > 0, "the replica served the second gateway before the kill");
        let before = service.sent_to(1);
        replica.kill();
        *killed_at.lock().unwrap() = Some(Instant::now());
        // The writers go on 3 s: the second gateway's calls reach the surviving replica meanwhile.
        tokio::time::sleep(Duration::from_secs(3)).await;
        assert!(service.sent_to(1) > before, "the surviving replica served the second gateway");
        pool
    };
    let (acknowledged, pool) = writing_while(&suite, &bases, &admin, 3000, answered, killing).await;
    let killed = killed_at.lock().unwrap().expect("killed");

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
