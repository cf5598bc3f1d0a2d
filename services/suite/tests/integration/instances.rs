//! Two instances on one machine (a central server and a field laptop, as the synchronisation needs):
//! different HTTP addresses and databases, one NATS server, nothing shared.

use crate::support::{TestSuite, USER_PASSWORD};
use reqwest::StatusCode;
use serde_json::json;

#[tokio::test(flavor = "multi_thread")]
async fn two_suites_run_side_by_side_without_seeing_each_other() {
    let central = TestSuite::start().await;
    let field =
        TestSuite::start_with(|c| c.gateway.running_env = common::config::RunningEnv::Field).await;
    assert_ne!(central.base, field.base);

    let (_, central_token) = central.login_with_role("only.central", "agent").await;
    assert_eq!(field.sign_in("only.central", USER_PASSWORD).await.0, StatusCode::UNAUTHORIZED);

    let (_, field_token) = field.login_with_role("only.field", "agent").await;
    let (_, env) = field.get("/api/env/get_env", &field_token).await;
    assert_eq!(env["data"]["runningEnv"], "field");
    let (_, env) = central.get("/api/env/get_env", &central_token).await;
    assert_eq!(env["data"]["runningEnv"], "central");
    // A token of one instance means nothing to the other (each signs with its own key).
    assert_eq!(field.get("/api/auth/me", &central_token).await.0, StatusCode::UNAUTHORIZED);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_body_over_the_limit_is_refused_with_a_json_error() {
    let suite = TestSuite::start_with(|c| c.gateway.body_limit = 4096).await;
    let admin = suite.admin_token().await;
    let big = "x".repeat(8192);
    let (status, body) = suite
        .post(
            "/api/user/post_user",
            &admin,
            json!({"login_name": big, "login_password": "Secret-Bouake-1", "login_role": "agent"}),
        )
        .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert_eq!(body["status"], "error");
}
