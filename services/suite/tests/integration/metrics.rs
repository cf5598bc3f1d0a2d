//! What an operator's Prometheus scrapes from `/metrics`: a user's calls counted by the gateway's route
//! and by the gRPC method of each service they reached, with their status; each service's database pool,
//! its outbox and its consumers' lag. The tests of one process share one recorder (several suites run at
//! once), so a figure is compared before and after this test's own calls: it grows by at least as much.

use crate::support::{TestSuite, save};
use reqwest::StatusCode;
use serde_json::json;
use std::time::Duration;

async fn scrape(suite: &TestSuite) -> String {
    let answer = suite.http.get(suite.metrics_url()).send().await.expect("/metrics answers");
    assert_eq!(answer.status(), StatusCode::OK);
    let kind = answer.headers()[reqwest::header::CONTENT_TYPE].to_str().unwrap().to_string();
    assert!(kind.starts_with("text/plain; version=0.0.4"), "Prometheus' text format: {kind}");
    answer.text().await.unwrap()
}

/// The value of the series written exactly `series` (name and labels in the exporter's order), 0 when
/// it is not there yet.
fn value(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' ')?.trim().parse().ok())
        .unwrap_or(0.0)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_users_calls_are_counted_by_route_and_by_the_services_they_reached() {
    let suite = TestSuite::start().await;
    let login = r#"sesame_http_requests_total{method="POST",route="/api/auth/login",status="200"}"#;
    let sign_in_grpc = r#"sesame_grpc_requests_total{service="auth",method="/sesame.auth.v1.Auth/Login",code="0"}"#;
    let not_found = r#"sesame_http_requests_total{method="GET",route="/api/member/get_member/{member_id}",status="404"}"#;
    let member_grpc_not_found = r#"sesame_grpc_requests_total{service="members",method="/sesame.members.v1.Members/GetMember",code="5"}"#;
    let before = scrape(&suite).await;

    let admin = suite.admin_token().await;
    let body = json!({"member_firstname": "Awa", "member_lastname": "Koné"});
    save(&suite, &admin, "/api/member/post_member", body).await;
    let (status, answer) = suite.get("/api/member/get_member/987654321", &admin).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");

    let after = scrape(&suite).await;
    for series in [login, sign_in_grpc, not_found, member_grpc_not_found] {
        assert!(
            value(&after, series) >= value(&before, series) + 1.0,
            "{series} did not count this test's call:\n{after}"
        );
    }
    let timed =
        r#"sesame_http_request_duration_seconds_count{method="POST",route="/api/auth/login"}"#;
    assert!(value(&after, timed) >= 1.0, "the sign-in is timed:\n{after}");
    // A path with an id is counted under its route's pattern, never under itself.
    assert!(!after.contains("987654321"), "an id in a label:\n{after}");
}

#[tokio::test(flavor = "multi_thread")]
async fn pools_outboxes_and_consumers_are_watched() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let body = json!({"member_firstname": "Ali", "member_lastname": "Traoré"});
    save(&suite, &admin, "/api/member/post_member", body).await;
    // The gauges are read every few seconds (`common::metrics::SAMPLE_EVERY`).
    let wanted = [
        r#"sesame_db_pool_max{service="members"}"#,
        r#"sesame_db_pool_connections{service="members",state="idle"}"#,
        r#"sesame_outbox_pending{service="members"}"#,
        r#"sesame_consumer_pending{consumer="reports-members"}"#,
    ];
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    let text = loop {
        let text = scrape(&suite).await;
        if wanted.iter().all(|series| text.lines().any(|line| line.starts_with(series))) {
            break text;
        }
        assert!(tokio::time::Instant::now() < deadline, "a gauge is missing:\n{text}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    assert!(value(&text, wanted[0]) >= 1.0, "the pool's size:\n{text}");
    let applied = r#"sesame_consumer_events_total{consumer="reports-members",outcome="applied"}"#;
    let published = r#"sesame_outbox_published_total{service="members"}"#;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    loop {
        let text = scrape(&suite).await;
        if value(&text, applied) >= 1.0 && value(&text, published) >= 1.0 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the member's event is not counted:\n{text}"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}
