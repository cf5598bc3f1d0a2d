//! Keyset paging on the long lists beyond members and the geography: cards, payments, deliveries,
//! cooperatives, parcels and users each walk from the last row received (`after`) in every order they
//! sort on, ties and empty values included; a sort on a computed or joined column pages by `_offset` and
//! says so in French.

use crate::cards::{card, pay};
use crate::support::{TestSuite, assert_pages_follow_the_last_row, save};
use reqwest::StatusCode;
use serde_json::json;

/// Five members, two of them sharing a last name (ties sort by id).
async fn members(suite: &TestSuite, admin: &str) -> Vec<i64> {
    let mut ids = Vec::new();
    for (first, last) in [
        ("Awa", "Koné"),
        ("Yao", "Bamba"),
        ("Aya", "Koné"),
        ("Drissa", "Ouattara"),
        ("Mariam", "Diallo"),
    ] {
        let body = json!({"member_firstname": first, "member_lastname": last, "member_birthDate": "1980-05-12"});
        ids.push(save(suite, admin, "/api/member/post_member", body).await);
    }
    ids
}

#[tokio::test(flavor = "multi_thread")]
async fn cards_payments_and_deliveries_page_by_the_last_row_received() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let members = members(&suite, &admin).await;
    // Amounts and dates with ties; every payment buys a card.
    for (n, member) in members.iter().enumerate() {
        pay(&suite, &admin, *member, &format!("W-{}", 5 - n), 5000 + 1000 * (n as i64 % 2)).await;
    }
    let (status, made) = suite
        .post("/api/card/get.card_creation.create", &admin, json!({"member_ids": members}))
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let cards: Vec<i64> =
        made["data"]["card_ids"].as_array().unwrap().iter().map(|c| c.as_i64().unwrap()).collect();
    assert_eq!(cards.len(), 5, "{made}");
    // Four printed, three of them in deliveries: one sent, two not (no sent time: last either way).
    let (status, body) =
        suite.post("/api/card/post.mark_as_printed", &admin, json!({"card_ids": cards[..4]})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for (card, sent) in [(cards[0], true), (cards[1], false), (cards[2], false)] {
        let body = json!({"cards": [{"card_id": card}], "delivery_sent": sent});
        save(&suite, &admin, "/api/delivery/post_delivery", body).await;
    }

    let card_orders =
        ["card_id", "card_idNumber", "card_lastname", "card_status", "card_expirationDate"];
    assert_pages_follow_the_last_row(
        &suite,
        &admin,
        "/api/card/get.card_list",
        "card_id",
        &card_orders,
    )
    .await;
    let payment_orders = [
        "transaction_id",
        "transaction_date",
        "transaction_amount",
        "transaction_number",
        "transaction_mobileOperator",
    ];
    let payments = "/api/transaction/get.transaction_list";
    assert_pages_follow_the_last_row(&suite, &admin, payments, "transaction_id", &payment_orders)
        .await;
    let delivery_orders =
        ["delivery_id", "delivery_code", "delivery_creationDateTime", "delivery_sentDateTime"];
    let deliveries = "/api/delivery/get.delivery_list";
    assert_pages_follow_the_last_row(&suite, &admin, deliveries, "delivery_id", &delivery_orders)
        .await;

    // A small list's total is counted: exact.
    let (_, list) = suite.get("/api/card/get.card_list?_limit=2", &admin).await;
    assert_eq!((&list["total"], &list["totalExact"]), (&json!(5), &json!(true)));
    // A list row says what the whole card says of the fields it carries, and no more (no QR code).
    let row = list["data"][0].as_object().unwrap().clone();
    let whole = card(&suite, &admin, row["card_id"].as_i64().unwrap()).await;
    assert!(whole["card_qrcode"].as_str().is_some_and(|qr| !qr.is_empty()));
    assert!(!row.contains_key("card_qrcode"), "{row:?}");
    for (field, value) in &row {
        assert_eq!(&whole[field], value, "{field}");
    }
    assert!(row.contains_key("card_printedAt") && row.contains_key("card_expirationDate"));
    // The unmatched payments still page by `_offset` only.
    let (status, body) = suite.get("/api/transaction/get.unmatched_list?after=3", &admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["fields"]["after"], "Cette liste se pagine par _offset, pas par « after ».");
}

#[tokio::test(flavor = "multi_thread")]
async fn cooperatives_parcels_and_users_page_by_the_last_row_received() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let members = members(&suite, &admin).await;
    for (code, name) in [("C-3", "Coop Yamoussoukro"), ("C-1", "Coop Daloa"), ("C-2", "Coop Daloa")]
    {
        let body = json!({"cooperative_code": code, "cooperative_name": name});
        save(&suite, &admin, "/api/cooperative/post_cooperative", body).await;
    }
    for (n, (area, crop)) in
        [(1.5, "Cacao"), (2.0, "Café"), (1.5, "Cacao"), (3.25, "Hévéa")].iter().enumerate()
    {
        let body = json!({"parcel_code": format!("P-{}", 4 - n), "parcel_memberId": members[n],
                          "parcel_area": area, "parcel_crop": crop});
        save(&suite, &admin, "/api/parcel/post_parcel", body).await;
    }
    // Two users who signed in (a last connection) and two who never did (none: last either way).
    suite.login_with_role("zoe.agent", "agent").await;
    suite.login_with_role("bob.viewer", "viewer").await;
    for (name, role) in [("carine.agent", "agent"), ("alain.manager", "manager")] {
        let body = json!({"login_name": name, "login_password": crate::support::USER_PASSWORD, "login_role": role});
        save(&suite, &admin, "/api/user/post_user", body).await;
    }

    let cooperatives = "/api/cooperative/get.cooperative_list";
    let orders = ["cooperative_name", "cooperative_code", "cooperative_id"];
    assert_pages_follow_the_last_row(&suite, &admin, cooperatives, "cooperative_id", &orders).await;
    let parcels = "/api/parcel/get.parcel_list";
    let orders = ["parcel_code", "parcel_id", "parcel_area", "parcel_crop"];
    assert_pages_follow_the_last_row(&suite, &admin, parcels, "parcel_id", &orders).await;
    let orders = ["login_name", "login_id", "login_role", "login_lastConnection"];
    assert_pages_follow_the_last_row(&suite, &admin, "/api/user/user_list", "login_id", &orders)
        .await;

    // A sort on a computed or joined column pages by `_offset`; `after` is refused, in French.
    for (list, order) in [(cooperatives, "cooperative_memberCount"), (parcels, "member_name")] {
        let (status, body) = suite.get(&format!("{list}?_orderBy={order}&after=1"), &admin).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(
            body["fields"]["after"],
            format!("Triée sur « {order} », cette liste se pagine par _offset, pas par « after »."),
        );
        let (status, body) = suite.get(&format!("{list}?_orderBy={order}&_offset=1"), &admin).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
}
