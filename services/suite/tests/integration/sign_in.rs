//! Sign-in, sessions and tokens, through the gateway as the browser uses them.

use crate::support::{ADMIN, ADMIN_PASSWORD, TestSuite, USER_PASSWORD};
use reqwest::{Method, StatusCode};
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread")]
async fn the_right_password_signs_in_and_names_the_user() {
    let suite = TestSuite::start().await;
    let (status, body) = suite.sign_in(ADMIN, ADMIN_PASSWORD).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["status"], "ok");
    assert!(body["token"].as_str().is_some_and(|t| t.split('.').count() == 3), "a JWT: {body}");
    assert_eq!(body["user"]["login_name"], ADMIN);
    assert_eq!(body["user"]["login_role"], "admin");
    assert!(body["user"]["login_id"].as_i64().is_some());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_wrong_password_or_unknown_login_is_refused_with_the_same_message() {
    let suite = TestSuite::start().await;
    for (login, password) in [(ADMIN, "wrong-password"), ("nobody-here", ADMIN_PASSWORD)] {
        let (status, body) = suite.sign_in(login, password).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(body["status"], "error");
        assert_eq!(body["message"], "Identifiant ou mot de passe incorrect");
        assert!(body.get("token").is_none());
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn sign_in_records_the_last_connection() {
    let suite = TestSuite::start().await;
    let token = suite.admin_token().await;
    let (_, me) = suite.get("/api/auth/me", &token).await;
    let last = me["user"]["login_lastConnection"].as_str().expect("a last connection");
    let when = chrono::DateTime::parse_from_rfc3339(last).unwrap();
    assert!((chrono::Utc::now() - when.to_utc()).num_seconds().abs() < 60);
}

#[tokio::test(flavor = "multi_thread")]
async fn refresh_gives_a_new_token_that_works() {
    let suite = TestSuite::start().await;
    let token = suite.admin_token().await;
    // Tokens carry their issue time in seconds: wait so the new one differs.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let (status, body) = suite.call(Method::POST, "/api/auth/refresh", Some(&token), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let fresh = body["token"].as_str().unwrap();
    assert_ne!(fresh, token);
    let (status, me) = suite.get("/api/auth/me", fresh).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["user"]["login_name"], ADMIN);
}

#[tokio::test(flavor = "multi_thread")]
async fn me_answers_the_signed_in_login_without_its_password() {
    let suite = TestSuite::start().await;
    let (_, token) = suite.login_with_role("awa.kone", "agent").await;
    let (status, body) = suite.get("/api/auth/me", &token).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["user"]["login_name"], "awa.kone");
    assert_eq!(body["user"]["login_role"], "agent");
    assert!(!body.to_string().contains("argon2"), "no password hash in {body}");
}

#[tokio::test(flavor = "multi_thread")]
async fn calls_without_a_token_or_with_a_forged_one_get_401_and_no_data() {
    let suite = TestSuite::start().await;
    let token = suite.admin_token().await;
    // Same header and claims, other signature; then a token signed with another key.
    let mut parts: Vec<&str> = token.split('.').collect();
    parts[2] = "c2lnbmF0dXJlLWZhdXNzZQ";
    let forged = parts.join(".");
    let other_key = jsonwebtoken::encode(
        &jsonwebtoken::Header::default(),
        &json!({"sub": "1", "name": "admin", "role": "admin", "ver": 0, "iat": 0, "exp": 4_000_000_000i64}),
        &jsonwebtoken::EncodingKey::from_secret(b"a-key-that-the-server-does-not-know"),
    )
    .unwrap();
    for bad in [None, Some("not-a-token"), Some(forged.as_str()), Some(other_key.as_str())] {
        for path in ["/api/auth/me", "/api/user/user_list", "/api/env/get_env"] {
            let (status, body) = suite.call(Method::GET, path, bad, None).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{path} with {bad:?}");
            assert_eq!(body["status"], "error");
            assert!(body.get("data").is_none() && body.get("user").is_none(), "{body}");
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn an_expired_token_gets_401_and_cannot_be_refreshed() {
    let suite = TestSuite::start_with(|c| c.auth.token_ttl = Duration::from_secs(1)).await;
    let token = suite.admin_token().await;
    tokio::time::sleep(Duration::from_millis(2100)).await;
    let (status, body) = suite.get("/api/auth/me", &token).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(body.get("user").is_none());
    let (status, _) = suite.call(Method::POST, "/api/auth/refresh", Some(&token), None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_token_of_a_deleted_login_stops_working() {
    let suite = TestSuite::start().await;
    let (id, token) = suite.login_with_role("ibrahim.traore", "manager").await;
    assert_eq!(suite.get("/api/auth/me", &token).await.0, StatusCode::OK);
    let admin = suite.admin_token().await;
    assert_eq!(
        suite.delete(&format!("/api/user/delete_user/{id}"), &admin).await.0,
        StatusCode::OK
    );
    let (status, body) = suite.get("/api/auth/me", &token).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(body.get("user").is_none());
    let (status, _) = suite.call(Method::POST, "/api/auth/refresh", Some(&token), None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test(flavor = "multi_thread")]
async fn changing_a_password_ends_the_sessions_of_that_login() {
    let suite = TestSuite::start().await;
    let (id, token) = suite.login_with_role("fatou.diallo", "viewer").await;
    let admin = suite.admin_token().await;
    let (status, body) = suite
        .patch(
            "/api/user/patch_user",
            &admin,
            json!({"login_id": id, "login_password": "New-pass-Man-99"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        suite.call(Method::POST, "/api/auth/refresh", Some(&token), None).await.0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(suite.sign_in("fatou.diallo", USER_PASSWORD).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(suite.sign_in("fatou.diallo", "New-pass-Man-99").await.0, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread")]
async fn repeated_failures_hold_off_that_login_name_only() {
    let suite = TestSuite::start().await;
    suite.login_with_role("kouame.yao", "agent").await;
    for _ in 0..5 {
        assert_eq!(suite.sign_in(ADMIN, "guess-guess").await.0, StatusCode::UNAUTHORIZED);
    }
    // Even the right password is held off for a while, with a French message saying how long.
    let (status, body) = suite.sign_in(ADMIN, ADMIN_PASSWORD).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    let message = body["message"].as_str().unwrap();
    assert!(message.starts_with("Trop de tentatives"), "{message}");
    assert!(message.contains("secondes"), "{message}");
    // Another login is not affected.
    assert_eq!(suite.sign_in("kouame.yao", USER_PASSWORD).await.0, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_hold_off_ends_and_a_success_clears_the_count() {
    let suite = TestSuite::start_with(|c| {
        c.auth.throttle.max_failures = 2;
        c.auth.throttle.block = Duration::from_secs(1);
    })
    .await;
    for _ in 0..2 {
        suite.sign_in(ADMIN, "guess-guess").await;
    }
    assert_eq!(suite.sign_in(ADMIN, ADMIN_PASSWORD).await.0, StatusCode::TOO_MANY_REQUESTS);
    tokio::time::sleep(Duration::from_millis(1600)).await;
    assert_eq!(suite.sign_in(ADMIN, ADMIN_PASSWORD).await.0, StatusCode::OK);
    // The success cleared the count: one new failure does not hold the login off.
    suite.sign_in(ADMIN, "guess-guess").await;
    assert_eq!(suite.sign_in(ADMIN, ADMIN_PASSWORD).await.0, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread")]
async fn generate_answers_an_argon2id_hash_for_admins_only() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (status, body) = suite.get("/api/auth/generate/Korhogo-manguier-1987", &admin).await;
    assert_eq!(status, StatusCode::OK);
    assert!(body["data"].as_str().unwrap().starts_with("$argon2id$"));
    let (_, agent) = suite.login_with_role("agent.one", "agent").await;
    assert_eq!(
        suite.get("/api/auth/generate/Korhogo-manguier-1987", &agent).await.0,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_sign_in_cut_off_halfway_is_not_held_against_the_login() {
    let suite = TestSuite::start_with(|c| {
        c.auth.throttle.max_failures = 2;
        c.auth.throttle.block = Duration::from_secs(60);
    })
    .await;
    // How long a sign-in takes here, most of it checking the password: the quickest of three, as the
    // first one also opens the connections and warms what a later one finds ready.
    let mut quickest = Duration::MAX;
    for _ in 0..3 {
        let began = std::time::Instant::now();
        assert_eq!(suite.sign_in(ADMIN, ADMIN_PASSWORD).await.0, StatusCode::OK);
        quickest = quickest.min(began.elapsed());
    }
    let half = quickest / 2;
    // The right password, each request given up by its caller halfway, while the password is being
    // checked (a sync run stopped as it signs in, a browser closed): more than the failures allowed.
    // One after the other, as such a caller tries again: each sign-in is let run to its end, which
    // forgets the attempts (an attempt is counted before its password is checked; attempts sent faster
    // than they are checked would be held off as guesses are).
    let pool = common::db::connect(suite.database_url(), 1).await.unwrap();
    let mut cut_off = 0;
    for _ in 0..6 {
        let sent = suite
            .http
            .post(suite.url("/api/auth/login"))
            .json(&json!({"login": ADMIN, "password": ADMIN_PASSWORD}))
            .timeout(half)
            .send()
            .await;
        cut_off += usize::from(sent.is_err_and(|e| e.is_timeout()));
        let ended = tokio::time::timeout(Duration::from_secs(10), async {
            while sqlx::query_scalar::<_, i64>("SELECT count(*) FROM auth.signin_attempt")
                .fetch_one(&pool)
                .await
                .unwrap()
                > 0
            {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        })
        .await;
        assert!(
            ended.is_ok(),
            "a sign-in given up by its caller ran to its end and forgot its attempt"
        );
    }
    pool.close().await;
    assert!(cut_off >= 3, "{cut_off} of 6 sign-ins cut off after {half:?}");
    // The sign-ins went to their end all the same: none is counted as a failure.
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert_eq!(suite.sign_in(ADMIN, ADMIN_PASSWORD).await.0, StatusCode::OK);
}
