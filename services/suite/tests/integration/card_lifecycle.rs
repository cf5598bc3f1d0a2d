//! Every move of a card from every status, legal and illegal, as docs/decisions.md lists them: a legal
//! move answers 200, any other 409 with a French message, and the card's status does not change.

use crate::cards::pay;
use crate::support::{TestSuite, save};
use reqwest::StatusCode;
use serde_json::{Value, json};

const STATUSES: [&str; 7] =
    ["pending", "printed", "in_delivery", "delivered", "error", "cancelled", "revoked"];
const MOVES: [&str; 6] = ["mark_printed", "deliver", "revoke", "cancel", "reprint", "correct"];

/// Whether `action` is allowed from `status`.
fn legal(status: &str, action: &str) -> bool {
    match action {
        "mark_printed" | "correct" => status == "pending",
        "deliver" => status == "printed",
        "revoke" => matches!(status, "pending" | "printed" | "in_delivery" | "delivered"),
        "cancel" => matches!(status, "pending" | "printed" | "error"),
        "reprint" => matches!(status, "printed" | "in_delivery" | "delivered" | "error"),
        other => panic!("{other}"),
    }
}

/// A card of a new paying member brought to `status`.
async fn card_in(suite: &TestSuite, admin: &str, status: &str, n: usize) -> i64 {
    let member = save(
        suite,
        admin,
        "/api/member/post_member",
        json!({"member_firstname": format!("Awa {n}"), "member_lastname": "Koné"}),
    )
    .await;
    pay(suite, admin, member, &format!("W-{n}"), 5000).await;
    let card = save(suite, admin, "/api/card/post_card", json!({"card_memberId": member})).await;
    let step = |path: &'static str, body: Value| async move {
        let (status, answer) = suite.post(path, admin, body).await;
        assert_eq!(status, StatusCode::OK, "{path}: {answer}");
    };
    if status == "pending" {
        return card;
    }
    if status == "cancelled" {
        let (code, _) = suite.delete(&format!("/api/card/delete_card/{card}"), admin).await;
        assert_eq!(code, StatusCode::OK);
        return card;
    }
    if status == "revoked" {
        step("/api/card/post.card_revoke", json!({"card_id": card, "reason": "vol"})).await;
        return card;
    }
    step("/api/card/post.mark_as_printed", json!({"card_ids": [card]})).await;
    match status {
        "in_delivery" => {
            step("/api/delivery/post_delivery", json!({"cards": [{"card_id": card}]})).await
        }
        "delivered" | "error" => {
            let body = json!({"cards": [{"card_id": card}], "delivery_sent": true,
                              "delivery_isErrorType": status == "error"});
            step("/api/delivery/post_delivery", body).await
        }
        _ => {}
    }
    card
}

async fn attempt(suite: &TestSuite, admin: &str, card: i64, action: &str) -> (StatusCode, Value) {
    match action {
        "mark_printed" => {
            suite.post("/api/card/post.mark_as_printed", admin, json!({"card_ids": [card]})).await
        }
        "deliver" => {
            suite
                .post("/api/delivery/post_delivery", admin, json!({"cards": [{"card_id": card}]}))
                .await
        }
        "revoke" => {
            suite
                .post(
                    "/api/card/post.card_revoke",
                    admin,
                    json!({"card_id": card, "reason": "perte"}),
                )
                .await
        }
        "cancel" => suite.delete(&format!("/api/card/delete_card/{card}"), admin).await,
        "reprint" => {
            suite
                .post(
                    "/api/card/post.card_reprint",
                    admin,
                    json!({"card_id": card, "reason": "abîmée"}),
                )
                .await
        }
        "correct" => {
            let body = json!({"card_id": card, "card_firstname": "Awa", "card_lastname": "Koné"});
            suite.post("/api/card/post_card", admin, body).await
        }
        other => panic!("{other}"),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_move_from_every_status_is_allowed_or_refused_as_the_lifecycle_says() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let mut n = 0;
    let mut checked = 0;
    for status in STATUSES {
        for action in MOVES {
            n += 1;
            let card = card_in(&suite, &admin, status, n).await;
            let (_, before) = suite.get(&format!("/api/card/get_card/{card}"), &admin).await;
            assert_eq!(before["data"]["card_status"], status, "set up");
            let (code, answer) = attempt(&suite, &admin, card, action).await;
            if legal(status, action) {
                assert_eq!(code, StatusCode::OK, "{action} from {status}: {answer}");
            } else {
                assert_eq!(code, StatusCode::CONFLICT, "{action} from {status}: {answer}");
                assert!(
                    answer["message"].as_str().is_some_and(|m| m.contains("carte")),
                    "{answer}"
                );
                let (_, after) = suite.get(&format!("/api/card/get_card/{card}"), &admin).await;
                assert_eq!(
                    after["data"]["card_status"], status,
                    "{action} refused changes nothing"
                );
            }
            checked += 1;
        }
    }
    assert_eq!(checked, STATUSES.len() * MOVES.len());
}
