//! `user/*`: the administrators' management of logins, with the rules of specification point 5.

use crate::support::TestSuite;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

async fn create(suite: &TestSuite, token: &str, body: Value) -> (StatusCode, Value) {
    suite.post("/api/user/post_user", token, body).await
}

#[tokio::test(flavor = "multi_thread")]
async fn an_admin_creates_reads_lists_edits_and_deletes_a_user() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (status, body) = create(
        &suite,
        &admin,
        json!({"login_name": "mariam.coulibaly", "login_password": "Secret-Bouake-1", "login_role": "agent", "login_provider": "local"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Utilisateur créé");
    let id = body["id"].as_i64().unwrap();

    let (_, user) = suite.get(&format!("/api/user/get_user/{id}"), &admin).await;
    assert_eq!(user["data"]["login_name"], "mariam.coulibaly");
    assert_eq!(user["data"]["login_role"], "agent");
    assert_eq!(user["data"]["login_provider"], "local");
    assert!(user["data"].get("login_password").is_none());

    let (_, list) = suite.get("/api/user/user_list?filter=mariam", &admin).await;
    assert_eq!(list["total"], 1);
    assert_eq!(list["data"][0]["login_id"], id);

    let (status, body) = suite
        .patch(
            "/api/user/patch_user",
            &admin,
            json!({"login_id": id, "login_role": "manager", "login_provider": ""}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["message"], "Utilisateur modifié");
    let (_, user) = suite.get(&format!("/api/user/get_user/{id}"), &admin).await;
    assert_eq!(user["data"]["login_role"], "manager");
    assert_eq!(user["data"]["login_provider"], Value::Null);
    // The password was left out of the update: the old one still works.
    assert_eq!(suite.sign_in("mariam.coulibaly", "Secret-Bouake-1").await.0, StatusCode::OK);

    let (status, body) = suite.delete(&format!("/api/user/delete_user/{id}"), &admin).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["message"], "Utilisateur supprimé");
    let (status, body) = suite.get(&format!("/api/user/get_user/{id}"), &admin).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], format!("Utilisateur n° {id} introuvable."));
}

#[tokio::test(flavor = "multi_thread")]
async fn post_user_with_an_id_updates_that_user() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (id, _) = suite.login_with_role("seydou.keita", "viewer").await;
    let (status, body) = create(
        &suite,
        &admin,
        json!({"login_id": id, "login_name": "seydou.keita2", "login_role": "agent"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, user) = suite.get(&format!("/api/user/get_user/{id}"), &admin).await;
    assert_eq!(user["data"]["login_name"], "seydou.keita2");
    assert_eq!(user["data"]["login_role"], "agent");
}

/// Asserts a 400 whose `fields` names `field` with `message`.
fn assert_invalid(status: StatusCode, body: &Value, field: &str, message: &str) {
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["status"], "error");
    assert_eq!(body["fields"][field], message, "{body}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_login_name_shorter_than_4_characters_is_refused() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (status, body) = create(
        &suite,
        &admin,
        json!({"login_name": "abc", "login_password": "Secret-Bouake-1", "login_role": "agent"}),
    )
    .await;
    assert_invalid(
        status,
        &body,
        "login_name",
        "L'identifiant doit contenir au moins 4 caractères.",
    );
    assert_eq!(body["message"], "L'identifiant doit contenir au moins 4 caractères.");
}

const TOO_SHORT: &str = "Le mot de passe doit contenir au moins 12 caractères.";
const TOO_COMMON: &str = "Ce mot de passe fait partie des plus courants, que l'on devine en premier : choisissez-en un autre.";

#[tokio::test(flavor = "multi_thread")]
async fn a_new_password_has_12_characters_and_is_not_a_common_one() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    for (password, message) in [("secret-1234", TOO_SHORT), ("1q2w3e4r5t6y", TOO_COMMON)] {
        let (status, body) = create(
            &suite,
            &admin,
            json!({"login_name": "abcd", "login_password": password, "login_role": "agent"}),
        )
        .await;
        assert_invalid(status, &body, "login_password", message);
    }
    let (status, body) =
        create(&suite, &admin, json!({"login_name": "abcd", "login_role": "agent"})).await;
    assert_invalid(status, &body, "login_password", TOO_SHORT);
    let (id, _) = suite.login_with_role("abcde", "agent").await;
    for (password, message) in [("12", TOO_SHORT), ("QWERTY123456", TOO_COMMON)] {
        let (status, body) = suite
            .patch(
                "/api/user/patch_user",
                &admin,
                json!({"login_id": id, "login_password": password}),
            )
            .await;
        assert_invalid(status, &body, "login_password", message);
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_login_made_under_the_old_rule_still_signs_in() {
    let suite = TestSuite::start().await;
    let (id, _) = suite.login_with_role("ancien.agent", "agent").await;
    // A password of 4 characters, as the rule allowed before, stored as its hash.
    let hash = auth::password::hash("1234".to_string()).await.unwrap();
    let pool = sqlx::PgPool::connect(suite.database_url()).await.unwrap();
    sqlx::query("UPDATE auth.login SET password_hash = $1 WHERE login_id = $2")
        .bind(hash)
        .bind(id)
        .execute(&pool)
        .await
        .unwrap();
    assert_eq!(suite.sign_in("ancien.agent", "1234").await.0, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_password_is_optional_and_nullable_on_update() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (id, _) = suite.login_with_role("optional.pw", "agent").await;
    for body in [
        json!({"login_id": id, "login_password": null}),
        json!({"login_id": id, "login_password": ""}),
        json!({"login_id": id}),
    ] {
        let (status, answer) = suite.patch("/api/user/patch_user", &admin, body).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
    assert_eq!(suite.sign_in("optional.pw", crate::support::USER_PASSWORD).await.0, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_provider_shorter_than_4_characters_is_refused_when_given() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (status, body) = create(
        &suite,
        &admin,
        json!({"login_name": "abcd", "login_password": "Secret-Bouake-1", "login_role": "agent", "login_provider": "ldp"}),
    )
    .await;
    assert_invalid(
        status,
        &body,
        "login_provider",
        "Le fournisseur doit contenir au moins 4 caractères.",
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unknown_role_is_refused() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (status, body) = create(
        &suite,
        &admin,
        json!({"login_name": "abcd", "login_password": "Secret-Bouake-1", "login_role": "chef"}),
    )
    .await;
    assert_invalid(
        status,
        &body,
        "login_role",
        "Rôle inconnu : « chef ». Rôles permis : admin, manager, agent, viewer, sync.",
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_malformed_body_gets_a_french_400() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let response = suite
        .http
        .post(suite.url("/api/user/post_user"))
        .bearer_auth(&admin)
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["message"], "Le corps de la requête n'est pas un JSON valide.");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_login_name_is_unique_whatever_its_case() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    suite.login_with_role("aminata.sow", "agent").await;
    for name in ["aminata.sow", "Aminata.Sow"] {
        let (status, body) = create(
            &suite,
            &admin,
            json!({"login_name": name, "login_password": "Secret-Bouake-1", "login_role": "agent"}),
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["message"], "Cet identifiant est déjà utilisé.");
        assert_eq!(body["fields"]["login_name"], "Cet identifiant est déjà utilisé.");
    }
    let (other, _) = suite.login_with_role("other.user", "agent").await;
    let (status, body) = suite
        .patch(
            "/api/user/patch_user",
            &admin,
            json!({"login_id": other, "login_name": "AMINATA.SOW"}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_last_admin_can_be_neither_deleted_nor_demoted() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (_, list) = suite.get("/api/user/user_list", &admin).await;
    let admin_id = list["data"][0]["login_id"].as_i64().unwrap();
    let (status, body) = suite
        .patch(
            "/api/user/patch_user",
            &admin,
            json!({"login_id": admin_id, "login_role": "manager"}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body["message"].as_str().unwrap().contains("dernier administrateur"), "{body}");

    // A second administrator deletes the first; then the second is the last one.
    let (second_id, second) = suite.login_with_role("second.admin", "admin").await;
    assert_eq!(
        suite.delete(&format!("/api/user/delete_user/{admin_id}"), &second).await.0,
        StatusCode::OK
    );
    let (status, body) = suite
        .patch(
            "/api/user/patch_user",
            &second,
            json!({"login_id": second_id, "login_role": "viewer"}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, body) = suite.delete(&format!("/api/user/delete_user/{second_id}"), &second).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["message"], "Vous ne pouvez pas supprimer votre propre compte.");
    let (_, list) = suite.get("/api/user/user_list?filter=admin", &second).await;
    assert_eq!(list["data"][0]["login_name"], "second.admin");
    assert_eq!(list["data"][0]["login_role"], "admin");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_non_admin_gets_403_on_every_user_call() {
    let suite = TestSuite::start().await;
    for role in ["manager", "agent", "viewer", "sync"] {
        let (id, token) = suite.login_with_role(&format!("{role}.user"), role).await;
        let calls = [
            (Method::GET, "/api/user/user_list".to_string(), None),
            (Method::GET, format!("/api/user/get_user/{id}"), None),
            (
                Method::POST,
                "/api/user/post_user".to_string(),
                Some(
                    json!({"login_name": "newbie", "login_password": "Secret-Bouake-1", "login_role": "admin"}),
                ),
            ),
            (
                Method::PATCH,
                "/api/user/patch_user".to_string(),
                Some(json!({"login_id": id, "login_role": "admin"})),
            ),
            (Method::DELETE, format!("/api/user/delete_user/{id}"), None),
        ];
        for (method, path, body) in calls {
            let (status, answer) = suite.call(method.clone(), &path, Some(&token), body).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{role} {method} {path}");
            assert_eq!(answer["message"], "Votre rôle ne permet pas cette action.");
            assert!(answer.get("data").is_none());
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_list_sorts_on_allowed_fields_only_and_pages() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    for name in ["zeta.user", "beta.user", "gamma.user"] {
        suite.login_with_role(name, "viewer").await;
    }
    let (_, page) = suite
        .get("/api/user/user_list?_orderBy=login_name&_descending=true&_limit=2&_offset=0", &admin)
        .await;
    assert_eq!(page["total"], 4);
    let names: Vec<&str> = page["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["login_name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["zeta.user", "gamma.user"]);
    let (_, next) = suite
        .get("/api/user/user_list?_orderBy=login_name&_descending=true&_limit=2&_offset=2", &admin)
        .await;
    let names: Vec<&str> = next["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["login_name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["beta.user", "admin"]);

    let (status, body) = suite.get("/api/user/user_list?_orderBy=password_hash", &admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["fields"]["_orderBy"].as_str().map(|m| m.starts_with("Tri impossible")),
        Some(true),
        "{body}"
    );
    let (status, _) = suite.get("/api/user/user_list?_limit=abc", &admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}
