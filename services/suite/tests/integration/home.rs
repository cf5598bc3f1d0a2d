//! The home page's figures: what the day's work counts in each owning service, as a user would find it by
//! counting the lists, and only the figures of the areas the role reads.

use crate::cards::pay;
use crate::support::{TestSuite, save};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn figures(suite: &TestSuite, token: &str) -> Value {
    let (status, answer) = suite.get("/api/home/get.day_figures", token).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["data"].clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_day_figures_follow_the_days_work() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let empty = figures(&suite, &admin).await;
    assert_eq!(empty["members"], json!({"today": 0, "thisMonth": 0}));
    assert_eq!(
        empty["cards"],
        json!({"cardsToPrint": 0, "deliveriesUnderWay": 0, "paymentsWithoutCard": 0})
    );
    assert!(empty.get("lastSynchronization").is_none(), "no run on the central server: {empty}");

    // Three members registered, two payments, a card made, another made, printed and put in a delivery.
    let mut members = Vec::new();
    for first in ["Awa", "Ali", "Aya"] {
        let body = json!({"member_firstname": first, "member_lastname": "Koné"});
        members.push(save(&suite, &admin, "/api/member/post_member", body).await);
    }
    pay(&suite, &admin, members[0], "W-HOME-1", 5000).await;
    pay(&suite, &admin, members[1], "W-HOME-2", 5000).await;
    pay(&suite, &admin, members[2], "W-HOME-3", 5000).await;
    let (status, made) = suite
        .post(
            "/api/card/get.card_creation.create",
            &admin,
            json!({"member_ids": [members[0], members[1]]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let delivered = made["data"]["card_ids"][1].as_i64().unwrap();
    let (status, _) = suite
        .post("/api/card/post.mark_as_printed", &admin, json!({"card_ids": [delivered]}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, answer) = suite
        .post("/api/delivery/post_delivery", &admin, json!({"cards": [{"card_id": delivered}]}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    let day = figures(&suite, &admin).await;
    assert_eq!(day["members"], json!({"today": 3, "thisMonth": 3}));
    assert_eq!(
        day["cards"],
        json!({"cardsToPrint": 1, "deliveriesUnderWay": 1, "paymentsWithoutCard": 1})
    );

    // Each figure leads to its list, filtered: the list counts the same.
    let today = chrono::Utc::now().date_naive().to_string();
    for (path, figure) in [
        (format!("/api/member/get.member_list?createdFrom={today}"), &day["members"]["today"]),
        ("/api/card/get.card_list?card_status=pending".to_string(), &day["cards"]["cardsToPrint"]),
        (
            "/api/delivery/get.delivery_list?sent=false".to_string(),
            &day["cards"]["deliveriesUnderWay"],
        ),
        (
            "/api/transaction/get.transaction_list?spendable=true".to_string(),
            &day["cards"]["paymentsWithoutCard"],
        ),
    ] {
        let (status, list) = suite.get(&path, &admin).await;
        assert_eq!(status, StatusCode::OK, "{path}: {list}");
        assert_eq!(&list["total"], figure, "{path}: {list}");
    }
    let (status, refused) = suite.get("/api/member/get.member_list?createdFrom=hier", &admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(refused["message"].as_str().unwrap().starts_with("La date d'inscription"), "{refused}");

    // A viewer reads members and cards, not the synchronisation.
    let (_, viewer) = suite.login_with_role("lecteur.accueil", "viewer").await;
    let seen = figures(&suite, &viewer).await;
    assert_eq!(seen["members"]["today"], 3);
    assert_eq!(seen["cards"]["cardsToPrint"], 1);
    assert!(seen.get("lastSynchronization").is_none());
    let (status, _) = suite.get("/api/home/get.day_figures", "").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
