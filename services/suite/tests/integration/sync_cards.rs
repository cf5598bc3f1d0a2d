//! The payments and cards a field laptop receives from the central server: under the central server's
//! ids, each with the laptop's own member (found by id number), a reprinted card with the card it
//! replaces, the member's flags following them on the laptop, the central server's card key for the
//! laptop's reader, later changes in later runs, and a laptop where only the central server makes
//! payments and cards.

use crate::cards::{card, member_when, pay};
use crate::support::{TestSuite, save};
use crate::sync_exchange::{id_of, pair, run};
use reqwest::StatusCode;
use serde_json::{Value, json};

fn message(entry: &Value) -> &str {
    entry["synchronizationJournal_message"].as_str().unwrap()
}

async fn payment(suite: &TestSuite, token: &str, id: i64) -> Value {
    let (status, body) = suite.get(&format!("/api/transaction/get_transaction/{id}"), token).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].clone()
}

/// `record` without its member's id (each instance has its own), which must be `member_id`.
fn without_member(mut record: Value, field: &str, member_id: i64) -> Value {
    assert_eq!(record[field], member_id, "{field}: the member of this instance");
    record.as_object_mut().unwrap().remove(field);
    record
}

/// A member named `first` Bamba on `suite`; answers its id.
async fn bamba(suite: &TestSuite, token: &str, first: &str) -> i64 {
    let body = json!({"member_firstname": first, "member_lastname": "Bamba"});
    save(suite, token, "/api/member/post_member", body).await
}

/// Makes the card of `member` (who has paid) on `suite`; answers its id.
async fn make_card(suite: &TestSuite, token: &str, member: i64) -> i64 {
    let path = "/api/card/get.card_creation.create";
    let made = post_ok(suite, token, path, json!({"member_ids": [member]})).await;
    made["data"]["card_ids"][0].as_i64().unwrap()
}

async fn post_ok(suite: &TestSuite, token: &str, path: &str, body: Value) -> Value {
    let (status, answer) = suite.post(path, token, body).await;
    assert_eq!(status, StatusCode::OK, "{path}: {answer}");
    answer
}

#[tokio::test(flavor = "multi_thread")]
async fn the_central_payments_and_cards_reach_the_laptop_read_only_with_its_own_members() {
    let pair = pair().await;
    let (laptop, admin) = (&pair.laptop, &pair.laptop_admin);
    let (central, central_admin) = (&pair.central, &pair.central_admin);

    // On the central server: Awa pays, her card is made, printed, reprinted (the old one cancelled, the
    // new one naming it) and printed; Ali has paid and has no card yet.
    let awa = save(
        central,
        central_admin,
        "/api/member/post_member",
        json!({"member_firstname": "Awa", "member_lastname": "Bamba", "member_birthDate": "1980-05-12",
               "member_city": "Daloa", "member_contact": "0707070707"}),
    )
    .await;
    let ali = bamba(central, central_admin, "Ali").await;
    let awa_paid = pay(central, central_admin, awa, "W-SYNC-1", 5000).await;
    let ali_paid = pay(central, central_admin, ali, "W-SYNC-2", 5000).await;
    let first = make_card(central, central_admin, awa).await;
    post_ok(central, central_admin, "/api/card/post.mark_as_printed", json!({"card_ids": [first]}))
        .await;
    let reprint = post_ok(
        central,
        central_admin,
        "/api/card/post.card_reprint",
        json!({"card_id": first, "reason": "carte abîmée"}),
    )
    .await;
    let second = reprint["id"].as_i64().unwrap();
    post_ok(
        central,
        central_admin,
        "/api/card/post.mark_as_printed",
        json!({"card_ids": [second]}),
    )
    .await;

    let key_path = "/api/card/get.card_key";
    let laptop_key = laptop.get(key_path, admin).await.1["data"].clone();
    let central_key = central.get(key_path, central_admin).await.1["data"].clone();
    assert_ne!(laptop_key, central_key, "each instance has its own key");

    let entry = run(&pair, "from_server").await;
    assert!(message(&entry).ends_with("Paiements et cartes : 4 reçu(s)."), "{entry}");
    // The laptop's reader checks the central server's cards with the central server's key.
    assert_eq!(laptop.get(key_path, admin).await.1["data"], central_key);

    // On the laptop: the same payments and cards, under the same ids, with the laptop's own members.
    let awa_number = card(central, central_admin, second).await["card_memberIdNumber"].clone();
    let awa_here = id_of(laptop, admin, awa_number.as_str().unwrap()).await;
    for id in [first, second] {
        let here = without_member(card(laptop, admin, id).await, "card_memberId", awa_here);
        let there = without_member(card(central, central_admin, id).await, "card_memberId", awa);
        assert_eq!(here, there, "card {id}: as on the central server, its QR code included");
    }
    assert_eq!(card(laptop, admin, second).await["card_replacesCardId"], first);
    assert_eq!(card(laptop, admin, first).await["card_status"], "cancelled");
    let ali_number = central.get(&format!("/api/member/get_member/{ali}"), central_admin).await.1
        ["data"]["member_idNumber"]
        .clone();
    let ali_here = id_of(laptop, admin, ali_number.as_str().unwrap()).await;
    for (id, there_member, here_member) in [(awa_paid, awa, awa_here), (ali_paid, ali, ali_here)] {
        let here =
            without_member(payment(laptop, admin, id).await, "transaction_memberId", here_member);
        let there = without_member(
            payment(central, central_admin, id).await,
            "transaction_memberId",
            there_member,
        );
        assert_eq!(here, there, "payment {id}");
    }
    // The laptop's members follow them, as on the central server.
    let m = member_when(laptop, admin, awa_here, |m| m["member_hasValidCard"] == true).await;
    assert_eq!(m["member_hasValidCard"], true, "Awa's printed card: {m}");
    let m =
        member_when(laptop, admin, ali_here, |m| m["member_hasUnusedTransaction"] == true).await;
    assert_eq!(m["member_hasUnusedTransaction"], true, "Ali's payment: {m}");

    // Made on the central server only, said in French.
    let (status, refused) = laptop
        .post(
            "/api/transaction/post_transaction",
            admin,
            json!({"transaction_date": "2026-11-20", "transaction_amount": 5000, "transaction_memberId": ali_here,
                   "transaction_mobileOperator": "Wave", "transaction_number": "W-LAPTOP-1"}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert!(
        refused["message"].as_str().unwrap().starts_with("Sur un poste de terrain"),
        "{refused}"
    );
    let (status, refused) = laptop
        .post("/api/card/get.card_creation.create", admin, json!({"member_ids": [ali_here]}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    let (status, _) =
        laptop.post("/api/card/post.mark_as_printed", admin, json!({"card_ids": [second]})).await;
    assert_eq!(status, StatusCode::CONFLICT);

    // Nothing changed: a run brings none again; Ali's card, made since, comes with its payment's change.
    let entry = run(&pair, "from_server").await;
    assert!(!message(&entry).contains("Paiements et cartes"), "{entry}");
    let ali_card = make_card(central, central_admin, ali).await;
    let entry = run(&pair, "from_server").await;
    assert!(message(&entry).ends_with("Paiements et cartes : 2 reçu(s)."), "{entry}");
    assert_eq!(card(laptop, admin, ali_card).await["card_status"], "pending");
    assert_eq!(payment(laptop, admin, ali_paid).await["transaction_isUsedForCard"], true);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_page_of_cards_brings_what_its_cards_name_in_front_of_them() {
    let pair = pair().await;
    let (central, central_admin) = (&pair.central, &pair.central_admin);
    let awa = bamba(central, central_admin, "Awa").await;
    let paid = pay(central, central_admin, awa, "W-SYNC-3", 5000).await;
    let made = make_card(central, central_admin, awa).await;
    // Changes: the payment (1), the card (2), the payment spent (3). A page of one after 1 holds the
    // card, its payment sent again in front of it.
    let laptop_id = "0199a1b2-0000-7000-8000-00000000cafe";
    let (status, page) = central
        .get(
            &format!("/api/synchronization/get_synchronization_cards?instanceId={laptop_id}&after=1&limit=1"),
            &pair.sync_session,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let records = page["data"]["records"].as_array().unwrap();
    assert_eq!(records.len(), 2, "{page}");
    assert_eq!(records[0]["transaction"]["transaction_id"], paid);
    assert_eq!(records[0]["position"], 0, "sent again in front: {page}");
    assert_eq!(records[1]["card"]["card_id"], made);
    assert_eq!(records[1]["position"], 2);
    assert_eq!(records[1]["memberIdNumber"], records[1]["card"]["card_memberIdNumber"]);
    assert_eq!(page["data"]["lastPosition"], 2);

    // Only the laptops' sync logins (and administrators) read it.
    let (_, agent) = central.login_with_role("awa.agent", "agent").await;
    let (status, _) = central
        .get(
            &format!(
                "/api/synchronization/get_synchronization_cards?instanceId={laptop_id}&after=0"
            ),
            &agent,
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
