//! Operators' statements: all rows or none, each payment recorded once (importing twice changes nothing),
//! matched to the one member whose phone number paid, the others waiting until an agent names the member.

use crate::support::{TestSuite, save};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn member(suite: &TestSuite, token: &str, first: &str, contact: &str) -> i64 {
    save(
        suite,
        token,
        "/api/member/post_member",
        json!({"member_firstname": first, "member_lastname": "Koné", "member_contact": contact}),
    )
    .await
}

fn statement(rows: Value) -> Value {
    json!({"transaction_mobileOperator": "Orange Money", "rows": rows})
}

async fn payments_of(suite: &TestSuite, token: &str, member_id: i64) -> Vec<String> {
    let (_, list) = suite
        .get(&format!("/api/transaction/get.transaction_list?member_id={member_id}"), token)
        .await;
    list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["transaction_number"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_statement_is_matched_by_phone_recorded_once_and_the_rest_waits() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (_, agent) = suite.login_with_role("agent.koffi", "agent").await;
    let awa = member(&suite, &admin, "Awa", "07 07 07 07 07").await;
    // Two members share a phone: a payment from it cannot be told apart.
    member(&suite, &admin, "Ali", "0101010101").await;
    member(&suite, &admin, "Fanta", "+225 0101010101").await;
    // A payment already recorded by hand.
    save(
        &suite,
        &admin,
        "/api/transaction/post_transaction",
        json!({"transaction_date": "2026-11-02", "transaction_amount": 5000, "transaction_memberId": awa,
               "transaction_mobileOperator": "Orange Money", "transaction_number": "OM-1"}),
    )
    .await;
    let rows = json!([
        {"transaction_number": " om-1 ", "transaction_date": "02/11/2026", "transaction_amount": 5000, "phone_number": "0707070707"},
        {"transaction_number": "OM-2", "transaction_date": "2026-11-03", "transaction_amount": "5000", "phone_number": "+225 07 07 07 07 07"},
        {"transaction_number": "OM-3", "transaction_date": "2026-11-04", "transaction_amount": 5000, "phone_number": "0101010101"},
        {"transaction_number": "OM-4", "transaction_date": "2026-11-05", "transaction_amount": 7000, "phone_number": "0909090909"}
    ]);
    let (status, answer) =
        suite.post("/api/transaction/post.statement_import", &agent, statement(rows.clone())).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"], json!({"matched": 1, "known": 1, "unmatched": 2}), "{answer}");
    assert_eq!(answer["message"], "1 paiement(s) rapproché(s), 1 déjà connu(s), 2 à attribuer");
    let mut awas = payments_of(&suite, &admin, awa).await;
    awas.sort();
    assert_eq!(awas, ["OM-1", "OM-2"]);

    // The same statement again changes nothing.
    let (_, again) =
        suite.post("/api/transaction/post.statement_import", &agent, statement(rows)).await;
    assert_eq!(again["data"], json!({"matched": 0, "known": 4, "unmatched": 0}), "{again}");
    let (_, unmatched) = suite.get("/api/transaction/get.unmatched_list", &agent).await;
    assert_eq!(unmatched["total"], 2);
    let first = &unmatched["data"][0];
    assert_eq!(
        (
            first["transaction_number"].as_str(),
            first["transaction_date"].as_str(),
            first["transaction_amount"].as_f64()
        ),
        (Some("OM-3"), Some("2026-11-04"), Some(5000.0))
    );
    assert_eq!(first["imported_by_user"], "agent.koffi");

    // An agent names the member: the payment becomes hers and leaves the inbox.
    let id = first["unmatched_id"].as_i64().unwrap();
    let (status, refusal) = suite
        .post(
            "/api/transaction/post.unmatched_assign",
            &agent,
            json!({"unmatched_id": id, "member_id": 999999}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refusal}");
    let (status, answer) = suite
        .post(
            "/api/transaction/post.unmatched_assign",
            &agent,
            json!({"unmatched_id": id, "member_id": awa}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(payments_of(&suite, &admin, awa).await.len(), 3);
    let (status, _) = suite
        .post(
            "/api/transaction/post.unmatched_assign",
            &agent,
            json!({"unmatched_id": id, "member_id": awa}),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "assigned once");
    let (_, unmatched) = suite.get("/api/transaction/get.unmatched_list", &agent).await;
    assert_eq!(unmatched["total"], 1);
    let (status, _) = suite
        .post(
            "/api/transaction/post.statement_import",
            &{
                let (_, viewer) = suite.login_with_role("lecteur", "viewer").await;
                viewer
            },
            statement(json!([])),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_statement_with_one_bad_row_records_nothing_and_names_the_row() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let awa = member(&suite, &admin, "Awa", "0707070707").await;
    let rows = json!([
        {"transaction_number": "OM-1", "transaction_date": "2026-11-02", "transaction_amount": 5000, "phone_number": "0707070707"},
        {"transaction_number": "OM-2", "transaction_date": "31/02/2026", "transaction_amount": 5000, "phone_number": "0707070707"},
        {"transaction_number": "OM-3", "transaction_date": "2026-11-02", "transaction_amount": 0, "phone_number": "0707070707"},
        {"transaction_number": "om-1", "transaction_date": "2026-11-02", "transaction_amount": 5000, "phone_number": ""}
    ]);
    let (status, refusal) =
        suite.post("/api/transaction/post.statement_import", &admin, statement(rows)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let message = refusal["message"].as_str().unwrap();
    assert!(message.starts_with("Ligne 3 : Date invalide"), "{message}");
    assert!(message.contains("Ligne 4 : Le montant"), "{message}");
    assert!(
        message.contains("Ligne 5 : le numéro de transaction « om-1 » figure deux fois"),
        "{message}"
    );
    assert!(payments_of(&suite, &admin, awa).await.is_empty(), "nothing recorded");
    let (_, unmatched) = suite.get("/api/transaction/get.unmatched_list", &admin).await;
    assert_eq!(unmatched["total"], 0);

    let unknown = json!({"transaction_mobileOperator": "Banque", "rows": [
        {"transaction_number": "B-1", "transaction_date": "2026-11-02", "transaction_amount": 5000, "phone_number": ""}]});
    let (status, refusal) =
        suite.post("/api/transaction/post.statement_import", &admin, unknown).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(refusal["message"].as_str().unwrap().contains("Opérateur inconnu"), "{refusal}");
}
