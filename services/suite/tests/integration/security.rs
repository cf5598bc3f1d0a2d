//! The ways in that must stay shut, each tried as an intruder would: a service's port called without
//! the gateway, guesses of a password, a flood of sign-ins, a session that should have ended, fields
//! only the server sets, a photo that would decode into gigabytes, an import of millions of rows, bytes
//! the database cannot hold, and the headers a browser needs.

use crate::support::{ADMIN, ADMIN_PASSWORD, TestSuite};
use proto::auth::auth_client::AuthClient;
use proto::members::members_client::MembersClient;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use tonic::Code;

pub(crate) fn with_token<T>(message: T, token: &str) -> tonic::Request<T> {
    let mut request = tonic::Request::new(message);
    request.metadata_mut().insert("authorization", format!("Bearer {token}").parse().unwrap());
    request
}

#[tokio::test(flavor = "multi_thread")]
async fn a_service_port_refuses_calls_without_a_verified_identity_or_the_role() {
    let suite = TestSuite::start().await;
    let mut auth = AuthClient::connect(suite.grpc_url("auth")).await.unwrap();
    let intruder = proto::auth::CreateLoginRequest {
        login_name: "intrus".into(),
        password: "intrus-1234".into(),
        role: "admin".into(),
        provider: None,
    };
    let refused = auth.create_login(intruder.clone()).await.unwrap_err();
    assert_eq!(refused.code(), Code::Unauthenticated);
    let (_, viewer) = suite.login_with_role("lecteur", "viewer").await;
    let refused = auth.create_login(with_token(intruder.clone(), &viewer)).await.unwrap_err();
    assert_eq!(refused.code(), Code::PermissionDenied, "a viewer's token is not an admin's");
    assert_eq!(suite.sign_in("intrus", "intrus-1234").await.0, StatusCode::UNAUTHORIZED);

    // A token minted with the public key as an HMAC secret is not a token.
    let keys = auth.public_keys(proto::common::Empty {}).await.unwrap().into_inner().keys;
    let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::HS256);
    header.kid = Some(keys[0].kid.clone());
    let claims = json!({"sub": "1", "name": ADMIN, "role": "admin", "ver": 0, "sid": "", "iat": 0,
                        "exp": 4_000_000_000i64});
    let forged = jsonwebtoken::encode(
        &header,
        &claims,
        &jsonwebtoken::EncodingKey::from_secret(&keys[0].key),
    )
    .unwrap();
    let mut members = MembersClient::connect(suite.grpc_url("members")).await.unwrap();
    let list = || proto::members::MemberListRequest::default();
    assert_eq!(members.list_members(list()).await.unwrap_err().code(), Code::Unauthenticated);
    let refused = members.list_members(with_token(list(), &forged)).await.unwrap_err();
    assert_eq!(refused.code(), Code::Unauthenticated);
    // The real administrator's token goes through, and the gateway's answers still flow.
    let admin = suite.admin_token().await;
    assert!(members.list_members(with_token(list(), &admin)).await.is_ok());
    assert_eq!(suite.get("/api/member/get.member_list", &admin).await.0, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread")]
async fn parallel_guesses_are_counted_one_by_one_and_held_per_address() {
    let suite = TestSuite::start_with(|config| {
        config.gateway.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
        config.gateway.signins_per_minute = 1000;
    })
    .await;
    let guess = |address: &'static str, login: &'static str, password: &'static str| {
        let suite = &suite;
        async move { suite.sign_in_from(address, login, password).await.0 }
    };
    let statuses =
        futures::future::join_all((0..60).map(|_| guess("10.0.0.1", ADMIN, "wrong"))).await;
    let checked = statuses.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count();
    let held = statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count();
    assert_eq!((checked, held), (5, 55), "only 5 of 60 parallel guesses are checked");
    // The same name folded the same way for the lookup and the hold-off.
    assert_eq!(guess("10.0.0.1", "ADMIN", ADMIN_PASSWORD).await, StatusCode::TOO_MANY_REQUESTS);
    // The real administrator, elsewhere, signs in.
    assert_eq!(guess("10.0.0.2", ADMIN, ADMIN_PASSWORD).await, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread")]
async fn one_address_cannot_flood_the_sign_in_and_a_spoofed_address_is_not_believed() {
    let suite = TestSuite::start_with(|config| config.gateway.signins_per_minute = 10).await;
    let attempt = |spoofed: String| {
        let suite = &suite;
        async move {
            suite
                .http
                .post(suite.url("/api/auth/login"))
                .header("x-forwarded-for", spoofed)
                .json(&json!({"login": "personne1", "password": "x"}))
                .send()
                .await
                .unwrap()
                .status()
        }
    };
    let statuses = futures::future::join_all((0..30).map(|i| attempt(format!("10.1.0.{i}")))).await;
    let limited = statuses.iter().filter(|s| **s == StatusCode::TOO_MANY_REQUESTS).count();
    assert!(limited >= 20, "{limited} of 30 held back: the written address was not believed");
    let (status, body) = suite.sign_in(ADMIN, ADMIN_PASSWORD).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        body["message"].as_str().unwrap().starts_with("Trop de tentatives depuis cette adresse")
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_signed_out_or_demoted_session_ends_at_once() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let token = suite.token(ADMIN, ADMIN_PASSWORD).await;
    let (status, _) = suite.post("/api/auth/logout", &token, json!({})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(suite.get("/api/auth/me", &token).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(
        suite.post("/api/auth/refresh", &token, json!({})).await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(suite.get("/api/auth/me", &admin).await.0, StatusCode::OK, "other sessions go on");

    let (id, manager) = suite.login_with_role("gestionnaire", "manager").await;
    let (status, body) = suite
        .patch("/api/user/patch_user", &admin, json!({"login_id": id, "login_role": "viewer"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(suite.get("/api/auth/me", &manager).await.0, StatusCode::UNAUTHORIZED);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_session_ended_or_a_login_changed_elsewhere_is_refused_at_once_through_auth_events() {
    // A cache far longer than the test: only the auth service's events can end these sessions here.
    let cache = std::time::Duration::from_secs(600);
    let suite = TestSuite::start_with(|config| config.gateway.session_cache = cache).await;
    let token = suite.token(ADMIN, ADMIN_PASSWORD).await;
    let (agent_id, agent) = suite.login_with_role("agent-nord", "agent").await;
    for session in [&token, &agent] {
        assert_eq!(suite.get("/api/auth/me", session).await.0, StatusCode::OK);
    }
    let refused_soon = |session: String| {
        let suite = &suite;
        async move {
            for _ in 0..50 {
                if suite.get("/api/auth/me", &session).await.0 == StatusCode::UNAUTHORIZED {
                    return true;
                }
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            false
        }
    };
    // Signed out at the auth service itself, as through another replica of the gateway.
    let mut auth = AuthClient::connect(suite.grpc_url("auth")).await.unwrap();
    auth.logout(proto::auth::TokenRequest { token: token.clone() }).await.unwrap();
    assert!(refused_soon(token).await, "the sign-out's event ends the cached session");
    // The agent's login deleted at the auth service: its session goes too.
    let admin = suite.admin_token().await;
    let request =
        with_token(proto::auth::DeleteLoginRequest { login_id: agent_id, requested_by: 0 }, &admin);
    auth.delete_login(request).await.unwrap();
    assert!(refused_soon(agent).await, "the deletion's event ends the login's cached sessions");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_session_cannot_be_refreshed_past_its_lifetime() {
    let suite = TestSuite::start_with(|config| {
        config.auth.session_max_age = std::time::Duration::from_secs(2);
    })
    .await;
    let token = suite.admin_token().await;
    assert_eq!(suite.post("/api/auth/refresh", &token, json!({})).await.0, StatusCode::OK);
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    assert_eq!(
        suite.post("/api/auth/refresh", &token, json!({})).await.0,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn only_an_administrator_or_a_manager_checks_a_photo() {
    let suite = TestSuite::start().await;
    let (_, agent) = suite.login_with_role("agent-terrain", "agent").await;
    let body =
        json!({"member_firstname": "Awa", "member_lastname": "Koné", "member_photoChecked": true});
    let (status, answer) = suite.post("/api/member/post_member", &agent, body.clone()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(answer["fields"]["member_photoChecked"].as_str().unwrap().contains("gestionnaire"));
    let (_, manager) = suite.login_with_role("gestionnaire", "manager").await;
    assert_eq!(suite.post("/api/member/post_member", &manager, body).await.0, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_photo_that_would_decode_into_gigabytes_is_refused_from_its_header() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (_, created) = suite
        .post(
            "/api/member/post_member",
            &admin,
            json!({"member_firstname": "A", "member_lastname": "B"}),
        )
        .await;
    let id = created["id"].as_i64().unwrap();
    // 8,000 x 7,000 grey pixels: a small file, 56 megapixels once decoded.
    let mut png = std::io::Cursor::new(Vec::new());
    image::GrayImage::new(8000, 7000).write_to(&mut png, image::ImageFormat::Png).unwrap();
    let png = png.into_inner();
    assert!(png.len() < 1024 * 1024, "{} bytes", png.len());
    let form = reqwest::multipart::Form::new().text("member_id", id.to_string()).part(
        "member_photo",
        reqwest::multipart::Part::bytes(png).file_name("bombe.png").mime_str("image/png").unwrap(),
    );
    let response = suite
        .http
        .post(suite.url("/api/member/post_member-photo"))
        .bearer_auth(&admin)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(
        answer["fields"]["member_photo"],
        "L'image a trop de pixels : 48 mégapixels au plus."
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_import_is_bounded_and_counts_its_invalid_rows() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let max = common::config::import_max_rows();
    let rows = Value::Array(vec![json!({}); max + 1]);
    let (status, answer) = suite.post("/api/locality/post_locality-import", &admin, rows).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        answer["message"].as_str().unwrap().contains(&format!("au plus {max} lignes")),
        "{answer}"
    );

    // Two rows, one breaking several rules: one invalid row, and the rows sent.
    let good = json!({"region_code": "R1", "region_name": "Région", "department_code": "D1",
        "department_name": "Département", "subprefecture_code": "S1", "subprefecture_name": "SP",
        "locality_name": "Localité"});
    let rows = json!([good, {"locality_name": "Sans parents"}]);
    let (status, answer) = suite.post("/api/locality/post_locality-import", &admin, rows).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer["message"],
        "L'import contient 1 ligne invalide sur 2 lignes reçues : rien n'a été importé. Corrigez le fichier puis recommencez."
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn bytes_the_database_cannot_hold_are_a_400_in_french() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (status, answer) = suite.sign_in("ad\u{0}min", "x").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(answer["message"], "Un texte contient un caractère interdit (caractère nul).");
    let body = json!({"member_firstname": "A\u{0}wa", "member_lastname": "Koné"});
    assert_eq!(
        suite.post("/api/member/post_member", &admin, body).await.0,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn answers_carry_the_browser_protections_and_api_answers_are_not_stored() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    for path in ["/members", "/api/auth/me"] {
        let response = suite
            .http
            .request(Method::GET, suite.url(path))
            .bearer_auth(&admin)
            .send()
            .await
            .unwrap();
        let headers = response.headers();
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(
            csp.contains("script-src 'self';") && csp.contains("frame-ancestors 'none'"),
            "{csp}"
        );
        assert!(!csp.contains("script-src 'self' 'unsafe-inline'"));
        assert_eq!(headers["x-content-type-options"], "nosniff");
        assert_eq!(headers["referrer-policy"], "no-referrer");
        if path.starts_with("/api") {
            assert_eq!(headers["cache-control"], "no-store");
        }
    }
    let (status, _) = suite.call(Method::GET, "/api/openapi.json", None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "the document is for signed-in callers");
}
