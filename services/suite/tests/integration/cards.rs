//! Making members' cards: the members a card can be made for, cards copying the member's identity and
//! spending one payment each (one card however many creations arrive at once), their numbers, the
//! printed mark, and the roles.

use crate::support::{TestSuite, save};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn member(suite: &TestSuite, token: &str, first: &str) -> i64 {
    save(
        suite,
        token,
        "/api/member/post_member",
        json!({"member_firstname": first, "member_lastname": "Koné", "member_birthDate": "1980-05-12",
               "member_birthLocation": "Daloa", "member_city": "Gagnoa", "member_contact": "0707070707"}),
    )
    .await
}

/// A Wave payment of `member_id`; answers its id.
pub(crate) async fn pay(
    suite: &TestSuite,
    token: &str,
    member_id: i64,
    number: &str,
    amount: i64,
) -> i64 {
    save(
        suite,
        token,
        "/api/transaction/post_transaction",
        json!({"transaction_date": "2026-11-20", "transaction_amount": amount, "transaction_memberId": member_id,
               "transaction_mobileOperator": "Wave", "transaction_number": number}),
    )
    .await
}

pub(crate) async fn card(suite: &TestSuite, token: &str, id: i64) -> Value {
    let (status, body) = suite.get(&format!("/api/card/get_card/{id}"), token).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_card_copies_the_member_and_spends_one_payment() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let awa = member(&suite, &admin, "Awa").await;
    let ali = member(&suite, &admin, "Ali").await;
    let poor = member(&suite, &admin, "Bintou").await;
    let payment = pay(&suite, &admin, awa, "W-1", 5000).await;
    pay(&suite, &admin, ali, "W-2", 6000).await;
    pay(&suite, &admin, poor, "W-3", 1000).await;

    let (status, candidates) =
        suite.post("/api/card/get.card_creation.member_list", &admin, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{candidates}");
    let names: Vec<&str> = candidates["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["member_firstname"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ali", "Awa"], "a payment under the price buys no card");

    let (status, made) = suite
        .post("/api/card/get.card_creation.create", &admin, json!({"member_ids": [awa, poor]}))
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    assert_eq!(made["data"]["card_ids"].as_array().unwrap().len(), 1);
    assert_eq!(made["data"]["refused"][0]["member_id"], poor);
    assert_eq!(
        made["data"]["refused"][0]["message"],
        "Bintou Koné n'a aucun paiement inutilisé d'au moins 5000 FCFA."
    );
    let id = made["data"]["card_ids"][0].as_i64().unwrap();
    let c = card(&suite, &admin, id).await;
    assert_eq!(
        (c["card_firstname"].as_str(), c["card_lastname"].as_str()),
        (Some("Awa"), Some("Koné"))
    );
    assert_eq!(c["card_birthDate"], "1980-05-12");
    assert_eq!(c["card_birthLocation"], "Daloa");
    assert_eq!(c["card_city"], "Gagnoa");
    assert_eq!(c["card_phoneNumber"], "0707070707");
    assert_eq!(c["card_status"], "pending");
    assert_eq!(c["card_memberId"], awa);
    assert_eq!(c["card_transactionId"], payment);
    let number = c["card_idNumber"].as_str().unwrap();
    assert!(number.starts_with('K') && members::domain::id_number::is_valid(number), "{number}");
    assert!(members::domain::id_number::is_valid(c["card_memberIdNumber"].as_str().unwrap()));
    // The QR code checks offline with the card key, and names the member and the card.
    let (_, key) = suite.get("/api/card/get.card_key", &admin).await;
    let hex = key["data"]["publicKeyHex"].as_str().unwrap();
    let public: Vec<u8> = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
        .collect();
    let (claim, meta) =
        cards::domain::card_qr::read(c["card_qrcode"].as_str().unwrap(), &public).unwrap();
    assert_eq!(claim.id.as_ref(), c["card_memberIdNumber"].as_str().map(str::to_string).as_ref());
    assert_eq!(claim.full_name.as_deref(), Some("Awa Koné"));
    assert_eq!(meta.subject.as_deref(), Some(number));
    assert_eq!(meta.issuer.as_deref(), Some("Sésame"));
    let expiry =
        chrono::NaiveDate::parse_from_str(c["card_expirationDate"].as_str().unwrap(), "%Y-%m-%d");
    let in_five_years = chrono::Local::now().date_naive() + chrono::Months::new(60);
    assert_eq!(expiry.unwrap(), in_five_years, "valid 60 months by default");

    // The payment is spent: it can be neither changed nor deleted, and Awa is no longer a candidate.
    let (_, t) = suite.get(&format!("/api/transaction/get_transaction/{payment}"), &admin).await;
    assert_eq!(t["data"]["transaction_isUsedForCard"], true);
    let (status, refusal) = suite
        .delete(
            &format!("/api/transaction/delete_transaction/{payment}?reason=Saisie%20en%20double"),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refusal}");
    let (_, candidates) =
        suite.post("/api/card/get.card_creation.member_list", &admin, json!({})).await;
    assert_eq!(candidates["total"], 1);
    let (status, again) =
        suite.post("/api/card/create_member_card", &admin, json!({"member_id": awa})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(again["message"].as_str().unwrap().contains("a déjà une carte valide ou en cours"));

    // Printed once; a second mark is refused and changes nothing.
    let (status, _) =
        suite.post("/api/card/post.mark_as_printed", &admin, json!({"card_ids": [id]})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(card(&suite, &admin, id).await["card_status"], "printed");
    let (status, refusal) =
        suite.post("/api/card/post.mark_as_printed", &admin, json!({"card_ids": [id]})).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(refusal["message"].as_str().unwrap().contains("elle est imprimée"), "{refusal}");

    let (_, list) = suite.get(&format!("/api/card/get.card_list?member_id={awa}"), &admin).await;
    assert_eq!(list["total"], 1);
    let (_, list) = suite.get("/api/card/get.card_list?card_status=pending", &admin).await;
    assert_eq!(list["total"], 0);
    let (_, list) = suite.get("/api/card/get.card_list?filter=awa", &admin).await;
    assert_eq!(list["data"][0]["card_id"], id);

    let events = suite.events("cards", 6).await;
    let card_events: Vec<&str> = events
        .iter()
        .filter(|(s, _)| s.starts_with("cards.card."))
        .map(|(s, _)| s.as_str())
        .collect();
    assert_eq!(card_events, ["cards.card.created", "cards.card.updated"]);
}

#[tokio::test(flavor = "multi_thread")]
async fn concurrent_creations_for_one_member_make_one_card_and_spend_one_payment() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let awa = member(&suite, &admin, "Awa").await;
    pay(&suite, &admin, awa, "W-1", 5000).await;
    pay(&suite, &admin, awa, "W-2", 5000).await;
    let creations =
        (0..6).map(|_| {
            let (suite, admin) = (&suite, &admin);
            async move {
                suite.post("/api/card/create_member_card", admin, json!({"member_id": awa})).await
            }
        });
    let answers = futures::future::join_all(creations).await;
    let made = answers.iter().filter(|(s, _)| *s == StatusCode::OK).count();
    assert_eq!(made, 1, "{answers:?}");
    let (_, payments) =
        suite.get(&format!("/api/transaction/get.transaction_list?member_id={awa}"), &admin).await;
    let spent = payments["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["transaction_isUsedForCard"] == true);
    assert_eq!(spent.count(), 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_price_is_a_setting_and_a_viewer_makes_no_card() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (status, _) = suite
        .post(
            "/api/loginparam/post_loginParam",
            &admin,
            json!({"loginParam_name": cards::PRICE_PARAM, "loginParam_intValue": 1000}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let bintou = member(&suite, &admin, "Bintou").await;
    pay(&suite, &admin, bintou, "W-3", 1000).await;
    let (_, viewer) = suite.login_with_role("lecteur", "viewer").await;
    let (status, _) =
        suite.post("/api/card/create_member_card", &viewer, json!({"member_id": bintou})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, made) =
        suite.post("/api/card/create_member_card", &admin, json!({"member_id": bintou})).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    assert_eq!(
        suite.get("/api/card/get.card_list", &viewer).await.0,
        StatusCode::OK,
        "a viewer reads"
    );
}

/// The member as `get_member` answers it, once `ready` holds (the flags follow the cards' events).
pub(crate) async fn member_when(
    suite: &TestSuite,
    token: &str,
    id: i64,
    ready: impl Fn(&Value) -> bool,
) -> Value {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let (_, body) = suite.get(&format!("/api/member/get_member/{id}"), token).await;
        if ready(&body["data"]) || tokio::time::Instant::now() > deadline {
            return body["data"].clone();
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_members_flags_follow_its_payments_and_cards() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let awa = member(&suite, &admin, "Awa").await;
    let m = member_when(&suite, &admin, awa, |_| true).await;
    assert_eq!(
        (m["member_hasUnusedTransaction"].as_bool(), m["member_hasValidCard"].as_bool()),
        (Some(false), Some(false))
    );

    pay(&suite, &admin, awa, "W-1", 5000).await;
    let m = member_when(&suite, &admin, awa, |m| m["member_hasUnusedTransaction"] == true).await;
    assert_eq!(m["member_hasUnusedTransaction"], true, "a payment not spent yet");

    let (status, made) =
        suite.post("/api/card/create_member_card", &admin, json!({"member_id": awa})).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let m = member_when(&suite, &admin, awa, |m| m["member_hasUnusedTransaction"] == false).await;
    assert_eq!(m["member_hasUnusedTransaction"], false, "the payment is spent");
    assert_eq!(m["member_hasValidCard"], false, "a card waiting to be printed is not valid yet");

    let id = made["id"].as_i64().unwrap();
    suite.post("/api/card/post.mark_as_printed", &admin, json!({"card_ids": [id]})).await;
    let m = member_when(&suite, &admin, awa, |m| m["member_hasValidCard"] == true).await;
    assert_eq!(m["member_hasValidCard"], true, "a printed card is valid");
}

/// A printed card of a new member; answers (card id, card number, member id).
pub(crate) async fn printed_card(
    suite: &TestSuite,
    token: &str,
    first: &str,
    number: &str,
) -> (i64, String, i64) {
    let member_id = member(suite, token, first).await;
    pay(suite, token, member_id, number, 5000).await;
    let (status, made) =
        suite.post("/api/card/create_member_card", token, json!({"member_id": member_id})).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let id = made["id"].as_i64().unwrap();
    suite.post("/api/card/post.mark_as_printed", token, json!({"card_ids": [id]})).await;
    let card_number = card(suite, token, id).await["card_idNumber"].as_str().unwrap().to_string();
    (id, card_number, member_id)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_delivery_takes_printed_cards_to_the_field_and_is_sent_once() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (awa, _, _) = printed_card(&suite, &admin, "Awa", "W-1").await;
    let (ali, ali_number, _) = printed_card(&suite, &admin, "Ali", "W-2").await;
    let (fanta, _, fanta_member) = printed_card(&suite, &admin, "Fanta", "W-3").await;
    let (_, to_deliver) = suite.get("/api/card/get.card_to_deliver", &admin).await;
    assert_eq!(to_deliver["total"], 3);

    // Cards named by id or by number.
    let (status, answer) = suite
        .post(
            "/api/delivery/post_delivery",
            &admin,
            json!({"delivery_isErrorType": false, "cards": [{"card_id": awa}, {"card_idNumber": ali_number.to_lowercase()}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let delivery = answer["id"].as_i64().unwrap();
    let (_, detail) = suite.get(&format!("/api/delivery/get.delivery/{delivery}"), &admin).await;
    let d = &detail["data"]["delivery"];
    assert!(d["delivery_code"].as_str().unwrap().starts_with("LIV-"));
    assert_eq!(
        (d["delivery_quantity"].as_i64(), d["delivery_sent"].as_bool()),
        (Some(2), Some(false))
    );
    assert_eq!(d["delivery_createdByLogin"], "admin");
    assert_eq!(detail["data"]["cards"].as_array().unwrap().len(), 2);
    assert_eq!(card(&suite, &admin, awa).await["card_status"], "in_delivery");
    let (_, to_deliver) = suite.get("/api/card/get.card_to_deliver", &admin).await;
    assert_eq!(to_deliver["total"], 1, "only Fanta's card is left");

    // A card already in a delivery, or not printed, cannot join another.
    let (status, refusal) = suite
        .post("/api/delivery/post_delivery", &admin, json!({"cards": [{"card_id": awa}]}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refusal}");

    // Taking Ali out sends his card back to printed; sending delivers Awa's.
    let (status, _) = suite
        .post(
            "/api/delivery/post_delivery",
            &admin,
            json!({"delivery_id": delivery, "cards": [{"card_id": awa}], "delivery_sent": true}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(card(&suite, &admin, ali).await["card_status"], "printed");
    let delivered = card(&suite, &admin, awa).await;
    assert_eq!(delivered["card_status"], "delivered");
    assert!(delivered["card_deliveredAt"].as_str().is_some());
    let (_, detail) = suite.get(&format!("/api/delivery/get.delivery/{delivery}"), &admin).await;
    assert_eq!(detail["data"]["delivery"]["delivery_sent"], true);
    assert_eq!(detail["data"]["delivery"]["delivery_deliveredByLoginId"], 1);
    let (status, _) =
        suite.delete(&format!("/api/delivery/delete.delivery/{delivery}"), &admin).await;
    assert_eq!(status, StatusCode::CONFLICT, "a sent delivery stays");

    // An error-type delivery sends its cards to error; the member may then get another card.
    let (_, answer) = suite
        .post("/api/delivery/post_delivery", &admin,
              json!({"delivery_isErrorType": true, "cards": [{"card_id": fanta}], "delivery_sent": true}))
        .await;
    assert!(answer["id"].as_i64().is_some(), "{answer}");
    assert_eq!(card(&suite, &admin, fanta).await["card_status"], "error");
    pay(&suite, &admin, fanta_member, "W-4", 5000).await;
    let (status, _) = suite
        .post("/api/card/create_member_card", &admin, json!({"member_id": fanta_member}))
        .await;
    assert_eq!(status, StatusCode::OK, "a replacement card");

    // An unsent delivery is deleted, its cards back to printed; the list finds deliveries by number.
    let (_, answer) = suite
        .post("/api/delivery/post_delivery", &admin, json!({"cards": [{"card_id": ali}]}))
        .await;
    let unsent = answer["id"].as_i64().unwrap();
    let (_, found) =
        suite.get(&format!("/api/delivery/get.delivery_list?id_number={ali_number}"), &admin).await;
    assert_eq!(found["data"][0]["delivery_id"], unsent);
    let (status, _) =
        suite.delete(&format!("/api/delivery/delete.delivery/{unsent}"), &admin).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(card(&suite, &admin, ali).await["card_status"], "printed");
    let (_, list) = suite.get("/api/delivery/get.delivery_list", &admin).await;
    assert_eq!(list["total"], 2);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_lost_card_is_revoked_and_its_member_may_get_another() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (id, _, member_id) = printed_card(&suite, &admin, "Awa", "W-1").await;
    let (status, refusal) = suite
        .post("/api/card/post.card_revoke", &admin, json!({"card_id": id, "reason": " "}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(refusal["fields"]["reason"], "Le motif est obligatoire (perte, vol...).");
    let (status, _) = suite
        .post("/api/card/post.card_revoke", &admin, json!({"card_id": id, "reason": "vol"}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let revoked = card(&suite, &admin, id).await;
    assert_eq!(
        (revoked["card_status"].as_str(), revoked["card_revokedReason"].as_str()),
        (Some("revoked"), Some("vol"))
    );
    assert!(revoked["card_revokedAt"].as_str().is_some());
    let (status, refusal) = suite
        .post("/api/card/post.card_revoke", &admin, json!({"card_id": id, "reason": "vol"}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refusal}");
    let (_, revoked_list) = suite.get("/api/card/get.card_list?card_status=revoked", &admin).await;
    assert_eq!(revoked_list["total"], 1, "the list readers keep");
    pay(&suite, &admin, member_id, "W-9", 5000).await;
    let (status, made) =
        suite.post("/api/card/create_member_card", &admin, json!({"member_id": member_id})).await;
    assert_eq!(status, StatusCode::OK, "another card: {made}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_cards_print_to_a_pdf_a_page_a_card() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let awa = member(&suite, &admin, "Awa").await;
    let ali = member(&suite, &admin, "Ali").await;
    for (member_id, number) in [(awa, "W-1"), (ali, "W-2")] {
        pay(&suite, &admin, member_id, number, 5000).await;
    }
    suite
        .post("/api/card/get.card_creation.create", &admin, json!({"member_ids": [awa, ali]}))
        .await;
    // Nothing given: every card waiting to be printed.
    let response = suite
        .http
        .post(suite.url("/api/card/post.printing_card_list_by_id"))
        .bearer_auth(&admin)
        .header("accept-encoding", "gzip, br")
        .json(&json!({"card_ids": null}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    assert!(response.headers().get("content-encoding").is_none(), "a PDF is not compressed again");
    let pdf = response.bytes().await.unwrap();
    let doc = lopdf::Document::load_mem(&pdf).expect("a valid PDF");
    let pages = doc.get_pages();
    assert_eq!(pages.len(), 2, "a page a card");
    for page in pages.values() {
        let media_box =
            doc.get_dictionary(*page).unwrap().get(b"MediaBox").unwrap().as_array().unwrap();
        let size: Vec<f32> = media_box.iter().map(|v| v.as_float().unwrap()).collect();
        assert!(
            (size[2] - 242.6457).abs() < 0.01 && (size[3] - 153.0142).abs() < 0.01,
            "CR80: {size:?}"
        );
    }
    let text = pdf_extract::extract_text_from_mem(&pdf).unwrap();
    let (_, list) = suite.get("/api/card/get.card_list", &admin).await;
    for c in list["data"].as_array().unwrap() {
        assert!(text.contains(c["card_idNumber"].as_str().unwrap()), "card numbers: {text}");
        assert!(text.contains(c["card_firstname"].as_str().unwrap()), "names: {text}");
    }
    assert!(text.contains("Koné"), "accents: {text}");
    let (status, refusal) = suite
        .post("/api/card/post.printing_card_list_by_id", &admin, json!({"card_ids": [999999]}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{refusal}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_qr_key_given_by_a_secret_signs_the_cards_and_another_key_is_refused() {
    use ed25519_dalek::pkcs8::EncodePrivateKey;
    use ed25519_dalek::pkcs8::spki::der::pem::LineEnding;
    let pem_of = |seed: u8| {
        let key = ed25519_dalek::SigningKey::from_bytes(&[seed; 32]);
        let hex: String =
            key.verifying_key().to_bytes().iter().map(|b| format!("{b:02x}")).collect();
        (key.to_pkcs8_pem(LineEnding::LF).unwrap().to_string(), hex)
    };
    let (pem, public_key) = pem_of(7);
    let mut suite = TestSuite::start_with(|c| c.cards.card_signing_key = Some(pem.clone())).await;
    let admin = suite.admin_token().await;
    let (_, key) = suite.get("/api/card/get.card_key", &admin).await;
    assert_eq!(key["data"]["publicKeyHex"], public_key.as_str(), "{key}");

    // Another key on the same database: refused, for the cards already printed would no longer verify.
    suite.stop_services().await;
    let (other, _) = pem_of(8);
    let refused = suite.try_start_replica(|c| c.cards.card_signing_key = Some(other)).await;
    let why = format!("{:#}", refused.err().expect("another key is refused"));
    assert!(why.contains("is not the key this database's cards were signed with"), "{why}");
    // The same key again, or none (the database's): the same public key.
    suite.restart_with(|c| c.cards.card_signing_key = Some(pem)).await;
    let (_, again) = suite.get("/api/card/get.card_key", &admin).await;
    assert_eq!(again["data"]["publicKeyHex"], public_key.as_str(), "{again}");
    suite.stop_services().await;
    suite.restart().await;
    let (_, kept) = suite.get("/api/card/get.card_key", &admin).await;
    assert_eq!(kept["data"]["publicKeyHex"], public_key.as_str(), "{kept}");
}
