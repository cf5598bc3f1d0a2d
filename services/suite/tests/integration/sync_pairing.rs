//! Pairing a field instance (docs/api.md): an administrator creates a login of role `sync`, whose token
//! the server makes and shows once; the field instance signs in with it; renewing or revoking it stops
//! the old token and its sessions at once; the token is never shown again nor stored in clear.

use crate::support::{TestSuite, USER_PASSWORD};
use reqwest::{Method, StatusCode};
use serde_json::json;

#[tokio::test(flavor = "multi_thread")]
async fn a_sync_login_gets_a_token_once_signs_in_with_it_and_loses_it_at_once() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;

    // Created without a password: the server makes the token and answers it this once.
    let (status, created) = suite
        .post(
            "/api/user/post_user",
            &admin,
            json!({"login_name": "poste-korhogo-1", "login_role": "sync"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{created}");
    let id = created["id"].as_i64().unwrap();
    let token = created["login_syncToken"].as_str().expect("the token, once").to_string();
    assert!(token.starts_with("sst_") && token.len() > 60, "{token}");

    // Lists and the login show only its start; the database keeps no clear copy of the secret.
    let (_, user) = suite.get(&format!("/api/user/get_user/{id}"), &admin).await;
    let shown = user["data"]["login_syncToken"].as_str().unwrap();
    assert!(shown.ends_with('…') && token.starts_with(shown.trim_end_matches('…')), "{shown}");
    assert!(shown.chars().count() < 30);
    let pool = sqlx::PgPool::connect(suite.database_url()).await.unwrap();
    let (kept, hash): (Option<String>, String) = sqlx::query_as(
        "SELECT login_sync_token, password_hash FROM auth.login WHERE login_id = $1",
    )
    .bind(id)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(!kept.unwrap().contains(&token[21..]) && !hash.contains(&token[21..]));
    assert!(hash.starts_with("$argon2id$"), "{hash}");

    // The field instance signs in with the token and gets a session of role sync.
    let (status, session) = suite.sync_sign_in(&token).await;
    assert_eq!(status, StatusCode::OK, "{session}");
    assert_eq!(session["user"]["login_role"], "sync");
    let field_session = session["token"].as_str().unwrap().to_string();
    assert_eq!(suite.get("/api/auth/me", &field_session).await.0, StatusCode::OK);
    // A user's password does not open it, and a wrong or mangled token is refused in French.
    assert_eq!(suite.sign_in("poste-korhogo-1", USER_PASSWORD).await.0, StatusCode::UNAUTHORIZED);
    let mut wrong = token.clone();
    wrong.replace_range(token.len() - 4.., "0000");
    for attempt in [wrong.as_str(), "sst_", "n'importe quoi"] {
        let (status, body) = suite.sync_sign_in(attempt).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{attempt}: {body}");
        assert!(body["message"].as_str().unwrap().starts_with("Jeton de synchronisation invalide"));
    }

    // A sync login has no password to set, and the role is neither given nor taken away later.
    let (status, body) = suite
        .patch(
            "/api/user/patch_user",
            &admin,
            json!({"login_id": id, "login_password": "Un-mot-de-passe-2026"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["fields"]["login_password"].as_str().unwrap().contains("renouvelez son jeton"));
    let (status, body) = suite
        .patch("/api/user/patch_user", &admin, json!({"login_id": id, "login_role": "agent"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (agent_id, _) = suite.login_with_role("awa.agent", "agent").await;
    let (status, _) = suite
        .patch("/api/user/patch_user", &admin, json!({"login_id": agent_id, "login_role": "sync"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, body) = suite
        .call(
            Method::POST,
            &format!("/api/user/post_user-sync_token/{agent_id}"),
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");

    // Renewed: the new token works, the old one and its session stop at once.
    let (status, renewed) = suite
        .call(Method::POST, &format!("/api/user/post_user-sync_token/{id}"), Some(&admin), None)
        .await;
    assert_eq!(status, StatusCode::OK, "{renewed}");
    let new_token = renewed["login_syncToken"].as_str().unwrap().to_string();
    assert_ne!(new_token, token);
    assert_eq!(suite.sync_sign_in(&token).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(suite.get("/api/auth/me", &field_session).await.0, StatusCode::UNAUTHORIZED);
    let field_session = suite.sync_token(&new_token).await;

    // Revoked: refused at once, the session too, and the list shows no token any more.
    let (status, body) =
        suite.delete(&format!("/api/user/delete_user-sync_token/{id}"), &admin).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(suite.sync_sign_in(&new_token).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(suite.get("/api/auth/me", &field_session).await.0, StatusCode::UNAUTHORIZED);
    let (_, user) = suite.get(&format!("/api/user/get_user/{id}"), &admin).await;
    assert!(user["data"].get("login_syncToken").is_none_or(|t| t.is_null()), "{user}");

    // Only administrators pair laptops.
    let (_, agent) = suite.login_with_role("yao.agent", "agent").await;
    let (status, _) = suite
        .call(Method::POST, &format!("/api/user/post_user-sync_token/{id}"), Some(&agent), None)
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
