//! What an operator's Prometheus scrapes from `/metrics`: a user's calls counted by the gateway's route
//! and by the gRPC method of each service they reached, with their status; each service's database pool,
//! its outbox and its consumers' lag; the cards printed, the exports and the sync runs. The tests of one process share one recorder (several suites run at
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

/// Waits until `series` has grown by at least `by` from `before` (a figure counted once the work's end is
/// journaled may come a moment after it is seen); at most 10 s.
async fn grows(suite: &TestSuite, before: &str, series: &str, by: f64) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let text = scrape(suite).await;
        if value(&text, series) >= value(before, series) + by {
            return;
        }
        assert!(tokio::time::Instant::now() < deadline, "{series} did not count it:\n{text}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn card_prints_exports_and_sync_runs_are_counted() {
    let suite = TestSuite::start().await;
    let laptop = crate::sync_runs::field(None).await;
    let printed = r#"sesame_cards_printed_total{document="card"}"#;
    let exported = r#"sesame_exports_total{service="members",outcome="done"}"#;
    let failed_run = r#"sesame_sync_runs_total{direction="to_server",outcome="failed"}"#;
    let before = scrape(&suite).await;

    // Two cards made and printed into one PDF.
    let admin = suite.admin_token().await;
    let mut members = Vec::new();
    for (first, number) in [("Awa", "M-1"), ("Ali", "M-2")] {
        let body = json!({"member_firstname": first, "member_lastname": "Koné"});
        let id = save(&suite, &admin, "/api/member/post_member", body).await;
        crate::cards::pay(&suite, &admin, id, number, 5000).await;
        members.push(id);
    }
    let (status, made) = suite
        .post("/api/card/get.card_creation.create", &admin, json!({"member_ids": members}))
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let pdf = suite
        .http
        .post(suite.url("/api/card/post.printing_card_list_by_id"))
        .bearer_auth(&admin)
        .json(&json!({"card_ids": null}))
        .send()
        .await
        .unwrap();
    assert_eq!(pdf.status(), StatusCode::OK);
    pdf.bytes().await.unwrap();
    grows(&suite, &before, printed, 2.0).await;

    // The members exported.
    let job = crate::exports::start(&suite, &admin, "member/post.member_export").await;
    let id = job["export_id"].as_str().unwrap();
    crate::exports::finished(&suite, &admin, "member/get.member_export", id).await;
    grows(&suite, &before, exported, 1.0).await;

    // A laptop not paired yet: its sending run fails, and is counted so.
    let laptop_admin = laptop.admin_token().await;
    let (status, started) = crate::sync_runs::start(&laptop, &laptop_admin, "to_server").await;
    assert_eq!(status, StatusCode::OK, "{started}");
    let uuid = started["data"]["synchronizationJournal_uuid"].as_str().unwrap();
    let ended = crate::sync_runs::ended(&laptop, &laptop_admin, uuid).await;
    assert_eq!(ended["synchronizationJournal_state"], "failed", "{ended}");
    grows(&suite, &before, failed_run, 1.0).await;
}
