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

/// A long statement's rows, numbered `prefix-<rank>`, each paid from a phone no member has.
fn long_rows(prefix: &str, ranks: std::ops::Range<usize>) -> Vec<Value> {
    ranks
        .map(|i| {
            json!({"transaction_number": format!("{prefix}-{i}"), "transaction_date": "2026-11-02",
                   "transaction_amount": 5000, "phone_number": format!("05{i:08}")})
        })
        .collect()
}

async fn send_part(
    suite: &TestSuite,
    token: &str,
    job: &str,
    first: usize,
    rows: &[Value],
) -> Value {
    let part = json!({"job_id": job, "first_row": first, "rows": rows});
    let (status, answer) =
        suite.post("/api/transaction/post.statement_job_rows", token, part).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["data"].clone()
}

/// The job once it has ended (done or failed), read as its owner reads it.
async fn ended(suite: &TestSuite, token: &str, job: &str) -> Value {
    for _ in 0..600 {
        let (status, answer) =
            suite.get(&format!("/api/transaction/get.statement_job/{job}"), token).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        if matches!(answer["data"]["status"].as_str(), Some("done" | "failed")) {
            return answer["data"].clone();
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the statement job {job} did not end in 60 s");
}

async fn start_job(suite: &TestSuite, token: &str, rows_total: usize) -> String {
    let start = json!({"transaction_mobileOperator": "orange money", "rows_total": rows_total});
    let (status, answer) = suite.post("/api/transaction/post.statement_job", token, start).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["status"], "receiving", "{answer}");
    answer["data"]["job_id"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_long_statement_sent_in_parts_is_recorded_by_a_job_whose_progress_its_owner_reads() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (_, agent) = suite.login_with_role("agent.koffi", "agent").await;
    let awa = member(&suite, &admin, "Awa", "0707070707").await;
    save(
        &suite,
        &admin,
        "/api/transaction/post_transaction",
        json!({"transaction_date": "2026-11-02", "transaction_amount": 5000, "transaction_memberId": awa,
               "transaction_mobileOperator": "Orange Money", "transaction_number": "L-1"}),
    )
    .await;
    let mut rows = long_rows("L", 0..12_500);
    rows[0]["phone_number"] = json!("+225 07 07 07 07 07");

    let job = start_job(&suite, &agent, rows.len()).await;
    let first = send_part(&suite, &agent, &job, 0, &rows[..5_000]).await;
    assert_eq!(
        (first["status"].as_str(), first["rows_received"].as_i64()),
        (Some("receiving"), Some(5_000))
    );
    // A part sent again (its answer lost) is taken once; a gap is refused in French.
    let again = send_part(&suite, &agent, &job, 0, &rows[..5_000]).await;
    assert_eq!(again["rows_received"], 5_000);
    let gap = json!({"job_id": job, "first_row": 6_000, "rows": &rows[6_000..7_000]});
    let (status, refusal) =
        suite.post("/api/transaction/post.statement_job_rows", &agent, gap).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refusal}");
    assert!(refusal["message"].as_str().unwrap().contains("Partie hors du relevé"), "{refusal}");
    // Another login does not see it.
    let (status, _) = suite.get(&format!("/api/transaction/get.statement_job/{job}"), &admin).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    send_part(&suite, &agent, &job, 5_000, &rows[5_000..10_000]).await;
    let last = send_part(&suite, &agent, &job, 10_000, &rows[10_000..]).await;
    assert_ne!(last["status"], "receiving", "{last}");
    let done = ended(&suite, &agent, &job).await;
    assert_eq!(done["status"], "done", "{done}");
    assert_eq!(done["rows_done"], 12_500);
    assert_eq!(done["result"], json!({"matched": 1, "known": 1, "unmatched": 12_498}), "{done}");
    let mut awas = payments_of(&suite, &admin, awa).await;
    awas.sort();
    assert_eq!(awas, ["L-0", "L-1"]);
    let (_, unmatched) = suite.get("/api/transaction/get.unmatched_list", &agent).await;
    assert_eq!(unmatched["total"], 12_498);
    assert_eq!(unmatched["data"][0]["imported_by_user"], "agent.koffi");
    let late = json!({"job_id": job, "first_row": 0, "rows": &rows[..10]});
    let (status, refusal) =
        suite.post("/api/transaction/post.statement_job_rows", &agent, late).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refusal}");
    assert!(
        refusal["message"].as_str().unwrap().contains("déjà reçu toutes ses lignes"),
        "{refusal}"
    );

    // A viewer imports nothing; an unknown operator or an empty statement is refused at the start.
    let (_, viewer) = suite.login_with_role("lecteur", "viewer").await;
    let start = json!({"transaction_mobileOperator": "Orange Money", "rows_total": 10});
    let (status, _) = suite.post("/api/transaction/post.statement_job", &viewer, start).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    for (start, fault) in [
        (json!({"transaction_mobileOperator": "Banque", "rows_total": 10}), "Opérateur inconnu"),
        (json!({"transaction_mobileOperator": "Orange Money", "rows_total": 0}), "aucune ligne"),
    ] {
        let (status, refusal) =
            suite.post("/api/transaction/post.statement_job", &agent, start).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{refusal}");
        assert!(refusal["message"].as_str().unwrap().contains(fault), "{refusal}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_long_statement_with_faulty_rows_records_nothing_and_names_their_lines() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let mut rows = long_rows("F", 0..12_000);
    rows[10_001]["transaction_date"] = json!("31/02/2026");
    rows[11_999]["transaction_number"] = json!("f-5");
    let job = start_job(&suite, &admin, rows.len()).await;
    for first in (0..rows.len()).step_by(5_000) {
        send_part(&suite, &admin, &job, first, &rows[first..(first + 5_000).min(rows.len())]).await;
    }
    let failed = ended(&suite, &admin, &job).await;
    assert_eq!(failed["status"], "failed", "{failed}");
    let error = failed["error"].as_str().unwrap();
    assert!(error.starts_with("Ligne 10003 : Date invalide"), "{error}");
    assert!(
        error.contains("Ligne 12001 : le numéro de transaction « f-5 » figure deux fois"),
        "{error}"
    );
    assert_eq!(failed["result"], Value::Null);
    let (_, unmatched) = suite.get("/api/transaction/get.unmatched_list", &admin).await;
    assert_eq!(unmatched["total"], 0, "nothing recorded");
}
