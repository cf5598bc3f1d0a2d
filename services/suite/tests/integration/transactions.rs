//! Members' mobile-money payments through the gateway and the cards service: the specification's calls,
//! dates and amounts read as such, an operator's number recorded once (also under concurrent posts), the
//! search, the roles, the events.

use crate::support::{TestSuite, save};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn member(suite: &TestSuite, token: &str) -> i64 {
    save(
        suite,
        token,
        "/api/member/post_member",
        json!({"member_firstname": "Awa", "member_lastname": "Koné"}),
    )
    .await
}

fn payment(member_id: i64, number: &str) -> Value {
    json!({"transaction_date": "20/11/2026", "transaction_amount": "5000", "transaction_memberId": member_id,
           "transaction_mobileOperator": "orange money", "transaction_number": number})
}

#[tokio::test(flavor = "multi_thread")]
async fn a_payment_is_recorded_read_listed_changed_and_deleted() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let member_id = member(&suite, &admin).await;
    let id =
        save(&suite, &admin, "/api/transaction/post_transaction", payment(member_id, "OM 2611 01"))
            .await;
    let (status, got) = suite.get(&format!("/api/transaction/get_transaction/{id}"), &admin).await;
    assert_eq!(status, StatusCode::OK);
    let t = &got["data"];
    assert_eq!(t["transaction_date"], "2026-11-20", "the date is read as a date");
    assert_eq!(t["transaction_amount"], 5000.0, "the amount as a number");
    assert_eq!(t["transaction_mobileOperator"], "Orange Money", "as the settings spell it");
    assert_eq!(t["transaction_type"], "carte");
    assert_eq!(t["transaction_isUsedForCard"], false);
    assert_eq!(t["transaction_memberId"], member_id);
    assert_eq!(t["transaction_createdByUser"], "admin");

    let other = member(&suite, &admin).await;
    save(&suite, &admin, "/api/transaction/post_transaction", payment(other, "W-1")).await;
    let (_, list) = suite
        .get(&format!("/api/transaction/get.transaction_list?member_id={member_id}"), &admin)
        .await;
    assert_eq!(list["total"], 1);
    assert_eq!(list["data"][0], *t, "a listed payment reads as the payment itself");

    let mut changed = payment(member_id, "OM 2611 01");
    changed["transaction_id"] = json!(id);
    changed["transaction_amount"] = json!(7500);
    let (status, answer) = suite.post("/api/transaction/post_transaction", &admin, changed).await;
    assert_eq!(
        (status, answer["message"].as_str()),
        (StatusCode::OK, Some("Transaction modifiée"))
    );
    let (_, got) = suite.get(&format!("/api/transaction/get_transaction/{id}"), &admin).await;
    assert_eq!(got["data"]["transaction_amount"], 7500.0);

    // A deletion says why: without a reason of 5 characters, a 400 in French on `reason`.
    let reason_asked = "Indiquez le motif de la suppression (au moins 5 caractères) : il est gardé avec la transaction annulée.";
    for query in ["", "?reason=", "?reason=%20err%20"] {
        let path = format!("/api/transaction/delete_transaction/{id}{query}");
        let (status, answer) = suite.delete(&path, &admin).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {answer}");
        assert_eq!(answer["fields"]["reason"], reason_asked, "{query}");
    }
    let (status, _) = suite
        .delete(
            &format!("/api/transaction/delete_transaction/{id}?reason=Saisie%20en%20double"),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    // The payment stays, cancelled: who, when, why.
    let (_, got) = suite.get(&format!("/api/transaction/get_transaction/{id}"), &admin).await;
    assert_eq!(got["data"]["transaction_cancelReason"], "Saisie en double");
    assert_eq!(got["data"]["transaction_cancelledByUser"], "admin");
    assert!(!got["data"]["transaction_cancelledAt"].as_str().unwrap().is_empty());
    let (status, again) = suite
        .delete(
            &format!("/api/transaction/delete_transaction/{id}?reason=Encore%20une%20fois"),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    // Its operator's number may be entered again.
    let (status, answer) = suite
        .post("/api/transaction/post_transaction", &admin, payment(member_id, "OM 2611 01"))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    // Both payments of the number told, the cancelled one and the one entered again.
    let events = suite.events("cards", 5).await;
    let subjects: Vec<&str> = events.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(
        subjects,
        [
            "cards.transaction.created",
            "cards.transaction.created",
            "cards.transaction.updated",
            "cards.transaction.deleted",
            "cards.transaction.created"
        ]
    );
    assert_eq!(events[0].1["transaction_number"], "OM 2611 01");
    assert_eq!(events[0].1["meta"]["schemaVersion"], 1);
    assert_eq!(events[3].1["transaction_memberId"], member_id);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_operators_number_is_recorded_once_even_under_concurrent_posts() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let member_id = member(&suite, &admin).await;
    let posts = (0..8).map(|i| {
        let (suite, admin) = (&suite, &admin);
        // The same number, spaced and cased differently.
        let number = if i % 2 == 0 { "mp 99 01" } else { "MP9901" };
        let mut body = payment(member_id, number);
        body["transaction_mobileOperator"] = json!("MTN MoMo");
        async move { suite.post("/api/transaction/post_transaction", admin, body).await }
    });
    let answers = futures::future::join_all(posts).await;
    let recorded = answers.iter().filter(|(s, _)| *s == StatusCode::OK).count();
    assert_eq!(recorded, 1, "{answers:?}");
    let (status, refusal) = answers.iter().find(|(s, _)| *s != StatusCode::OK).unwrap();
    assert_eq!(*status, StatusCode::CONFLICT);
    assert!(refusal["fields"]["transaction_number"].as_str().unwrap().contains("déjà enregistrée"));
    // Another operator may use the same number.
    let mut wave = payment(member_id, "MP9901");
    wave["transaction_mobileOperator"] = json!("Wave");
    assert_eq!(
        suite.post("/api/transaction/post_transaction", &admin, wave).await.0,
        StatusCode::OK
    );

    let (status, found) =
        suite.get("/api/get.transaction_search?transaction_number=mp%209901", &admin).await;
    assert_eq!((status, found["total"].as_i64()), (StatusCode::OK, Some(2)));
    let (_, found) = suite
        .get(
            "/api/get.transaction_search?transaction_number=MP9901&transaction_mobileOperator=wave",
            &admin,
        )
        .await;
    assert_eq!(found["total"], 1);
    assert_eq!(found["data"][0]["transaction_mobileOperator"], "Wave");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_wrong_payment_is_refused_field_by_field_in_french() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (status, answer) = suite
        .post("/api/transaction/post_transaction", &admin, json!({"transaction_amount": "douze"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    let (status, answer) = suite
        .post(
            "/api/transaction/post_transaction",
            &admin,
            json!({"transaction_date": "2099-01-01", "transaction_amount": 12.5, "transaction_memberId": 999999,
                   "transaction_mobileOperator": "Banque", "transaction_number": "X"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let fields = &answer["fields"];
    assert_eq!(
        fields["transaction_date"],
        "La date de la transaction ne peut pas être dans le futur."
    );
    assert!(fields["transaction_amount"].as_str().unwrap().starts_with("Le montant doit être"));
    assert!(
        fields["transaction_mobileOperator"].as_str().unwrap().contains("Orange Money, MTN MoMo")
    );
    // The member is checked at the members service once the fields are right.
    let body = json!({"transaction_date": "2026-11-01", "transaction_amount": 5000, "transaction_memberId": 999999,
                      "transaction_mobileOperator": "Wave", "transaction_number": "X"});
    let (status, answer) = suite.post("/api/transaction/post_transaction", &admin, body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["fields"]["transaction_memberId"], "Adhérent n° 999999 introuvable.");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_operators_are_a_setting_and_a_viewer_only_reads() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (status, body) = suite
        .post(
            "/api/loginparam/post_loginParam",
            &admin,
            json!({"loginParam_name": cards::OPERATORS_PARAM, "loginParam_stringValue": "Wave, Djamo"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let member_id = member(&suite, &admin).await;
    let mut djamo = payment(member_id, "DJ-1");
    djamo["transaction_mobileOperator"] = json!("djamo");
    save(&suite, &admin, "/api/transaction/post_transaction", djamo).await;
    let (status, answer) =
        suite.post("/api/transaction/post_transaction", &admin, payment(member_id, "OM-1")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "Orange Money is no longer listed: {answer}");

    let (_, viewer) = suite.login_with_role("lecteur", "viewer").await;
    assert_eq!(suite.get("/api/transaction/get.transaction_list", &viewer).await.0, StatusCode::OK);
    let mut wave = payment(member_id, "W-2");
    wave["transaction_mobileOperator"] = json!("Wave");
    let (status, _) = suite.post("/api/transaction/post_transaction", &viewer, wave).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
