//! A service's background work (a sync run) calls other services with a token of role `service` that
//! auth signs for the service, asked with the deployment's service secret: a wrong secret gets none,
//! the token opens what the `service` row of the matrix allows and nothing else, and the gateway never
//! takes it for a user's.

use crate::security::with_token;
use crate::support::TestSuite;
use proto::auth::ServiceTokenRequest;
use proto::auth::auth_client::AuthClient;
use proto::members::members_client::MembersClient;
use reqwest::StatusCode;
use tonic::Code;

const SECRET: &str = "secret-de-service-des-tests-0123456789";

#[tokio::test(flavor = "multi_thread")]
async fn a_service_token_is_given_for_the_secret_only_and_opens_the_service_row_only() {
    let suite =
        TestSuite::start_with(|config| config.auth.service_secret = Some(SECRET.into())).await;
    let mut auth = AuthClient::connect(suite.grpc_url("auth")).await.unwrap();
    let ask = |secret: &str, service: &str| ServiceTokenRequest {
        service: service.into(),
        secret: secret.into(),
    };

    let refused = auth.service_token(ask("pas-le-secret", "sync")).await.unwrap_err();
    assert_eq!(refused.code(), Code::Unauthenticated);
    assert!(refused.message().starts_with("Secret de service invalide"), "{}", refused.message());
    let refused = auth.service_token(ask(SECRET, "Sync; drop")).await.unwrap_err();
    assert_eq!(refused.code(), Code::Unauthenticated, "a service is named in lower-case letters");

    let answer = auth.service_token(ask(SECRET, "sync")).await.unwrap().into_inner();
    let now = chrono::Utc::now().timestamp();
    assert!(answer.expires_at > now && answer.expires_at <= now + 900, "a short life");
    let token = answer.token;

    // At the members service: what a sync run does, and nothing more.
    let mut members = MembersClient::connect(suite.grpc_url("members")).await.unwrap();
    let changes = proto::members::ChangesRequest {
        limit: 10,
        instance_id: uuid::Uuid::new_v4().to_string(),
        ..Default::default()
    };
    assert!(members.changed_members(with_token(changes, &token)).await.is_ok());
    let one = proto::members::MemberListRequest::default();
    assert!(members.list_members(with_token(one, &token)).await.is_ok(), "it reads members");
    let delete = proto::members::Id { id: 1 };
    let refused = members.delete_member(with_token(delete, &token)).await.unwrap_err();
    assert_eq!(refused.code(), Code::PermissionDenied, "it deletes nothing");

    // The gateway takes only users' sessions.
    let (status, _) = suite.get("/api/member/get.member_list", &token).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = suite.get("/api/synchronization/get.synchronization_list", &token).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test(flavor = "multi_thread")]
async fn no_login_takes_the_service_role() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let body = serde_json::json!({
        "login_name": "un-service", "login_password": "Korhogo-service-2026", "login_role": "service"
    });
    let (status, answer) = suite.post("/api/user/post_user", &admin, body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["message"].as_str().unwrap().starts_with("Rôle inconnu"), "{answer}");
}

#[tokio::test(flavor = "multi_thread")]
async fn background_work_outlives_its_tokens() {
    let suite = TestSuite::start_with(|config| {
        config.auth.service_secret = Some(SECRET.into());
        config.auth.token_ttl = std::time::Duration::from_secs(3);
    })
    .await;
    let auth = proto::Contract::over(common::grpc::channel(&suite.grpc_url("auth")).unwrap());
    let identity = common::service_identity::ServiceIdentity::new("sync", SECRET.into(), auth);
    let members: MembersClient<_> =
        proto::Contract::over(common::grpc::channel(&suite.grpc_url("members")).unwrap());
    // Eight seconds of calls, more than two lives of a token: each call carries a token still valid.
    let work = async {
        let mut failures = Vec::new();
        for _ in 0..32 {
            let changes = proto::members::ChangesRequest {
                limit: 1,
                instance_id: uuid::Uuid::new_v4().to_string(),
                ..Default::default()
            };
            if let Err(status) = members.clone().changed_members(changes).await {
                failures.push(status.message().to_string());
            }
            tokio::time::sleep(std::time::Duration::from_millis(250)).await;
        }
        failures
    };
    let failures = identity.run(work).await.expect("auth gives the service a token");
    assert!(failures.is_empty(), "calls refused: {failures:?}");

    let wrong = common::service_identity::ServiceIdentity::new(
        "sync",
        "pas-le-secret".into(),
        proto::Contract::over(common::grpc::channel(&suite.grpc_url("auth")).unwrap()),
    );
    let refused = wrong.run(async {}).await.unwrap_err();
    assert_eq!(refused.code(), Code::Unauthenticated);
}
