//! A flood of sign-ins with unknown login names, each from its own address (as many machines would
//! send them): the real administrator signs in all the same, and every unknown name is refused in
//! French, never with « Le service de connexion est très sollicité » (503).

use crate::support::{ADMIN, ADMIN_PASSWORD, TestSuite};
use reqwest::StatusCode;
use serde_json::Value;
use sqlx::PgPool;
use std::collections::BTreeMap;
use std::time::Duration;

const FLOOD: usize = 300;

fn address(i: usize) -> String {
    format!("10.2.{}.{}", i / 200, i % 200 + 1)
}

#[tokio::test(flavor = "multi_thread")]
async fn the_administrator_signs_in_during_a_flood_of_unknown_logins() {
    let suite = TestSuite::start_with(|config| {
        config.gateway.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    })
    .await;
    let db = PgPool::connect(suite.database_url()).await.unwrap();
    let unknown = |i: usize| {
        let suite = &suite;
        async move { suite.sign_in_from(&address(i), &format!("inconnu{i}"), "Devine-1234").await }
    };
    let flood = futures::future::join_all((0..FLOOD).map(unknown));
    let administrator = async {
        // Once a third of the flood has reached the auth service (its attempts counted), the rest is
        // still in flight: the administrator signs in then, from the office's address.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
        loop {
            let counted: i64 = sqlx::query_scalar("SELECT count(*) FROM auth.signin_attempt")
                .fetch_one(&db)
                .await
                .unwrap();
            if counted as usize >= FLOOD / 3 {
                break;
            }
            assert!(tokio::time::Instant::now() < deadline, "{counted} attempts reached auth");
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        suite.sign_in_from("10.9.0.1", ADMIN, ADMIN_PASSWORD).await
    };
    let (flood, (status, body)) = tokio::join!(flood, administrator);

    assert_eq!(status, StatusCode::OK, "the administrator during the flood: {body}");
    assert!(body["token"].as_str().is_some_and(|t| t.split('.').count() == 3), "a JWT: {body}");
    assert_eq!(body["user"]["login_name"], ADMIN);

    let mut answers: BTreeMap<u16, usize> = BTreeMap::new();
    for (status, body) in &flood {
        *answers.entry(status.as_u16()).or_default() += 1;
        let message = body["message"].as_str().unwrap_or_default();
        match *status {
            StatusCode::UNAUTHORIZED => {
                assert_eq!(message, "Identifiant ou mot de passe incorrect", "{body}")
            }
            StatusCode::TOO_MANY_REQUESTS => {
                assert!(message.starts_with("Trop de tentatives"), "{body}")
            }
            other => panic!("an unknown login answered {other}: {body}"),
        }
        assert!(body.get("token").is_none(), "{body}");
    }
    assert!(!answers.contains_key(&503), "{answers:?}");

    // An unknown name still counts in the hold-off of its address: the 5 failures allowed, then a
    // French 429, as for a name that exists.
    let mut statuses = vec![flood[0].0];
    let mut last = Value::Null;
    for _ in 0..5 {
        let (status, body) = suite.sign_in_from(&address(0), "inconnu0", "Devine-1234").await;
        statuses.push(status);
        last = body;
    }
    let (refused, held) = (StatusCode::UNAUTHORIZED, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(statuses, [refused, refused, refused, refused, refused, held], "{last}");
    let message = last["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("Trop de tentatives de connexion échouées"), "{last}");
}
