//! What happens to cards after their making: the printed identity corrected before printing, cancelling
//! (admins and managers only), reprinting (the old card cancelled, the new one linked), every other move
//! refused; the delivery slip read back as text, and the proof of a delivery.

use crate::cards::{card, pay};
use crate::support::{TestSuite, save};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn member(suite: &TestSuite, token: &str, first: &str, last: &str) -> i64 {
    save(
        suite,
        token,
        "/api/member/post_member",
        json!({"member_firstname": first, "member_lastname": last, "member_birthDate": "1980-05-12",
               "member_contact": "0505050505"}),
    )
    .await
}

/// A pending card of a new member who paid; answers (card id, member id).
async fn pending_card(suite: &TestSuite, token: &str, first: &str, number: &str) -> (i64, i64) {
    let member_id = member(suite, token, first, "Koné").await;
    pay(suite, token, member_id, number, 5000).await;
    let card = save(suite, token, "/api/card/post_card", json!({"card_memberId": member_id})).await;
    (card, member_id)
}

async fn status_of(suite: &TestSuite, token: &str, id: i64) -> String {
    card(suite, token, id).await["card_status"].as_str().unwrap().to_string()
}

async fn mark_printed(suite: &TestSuite, token: &str, id: i64) -> StatusCode {
    suite.post("/api/card/post.mark_as_printed", token, json!({"card_ids": [id]})).await.0
}

async fn transaction_used(suite: &TestSuite, token: &str, member_id: i64) -> bool {
    let (_, list) = suite
        .get(&format!("/api/transaction/get.transaction_list?member_id={member_id}"), token)
        .await;
    list["data"][0]["transaction_isUsedForCard"].as_bool().unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_pending_card_is_corrected_and_signed_again_but_not_once_printed() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (id, _) = pending_card(&suite, &admin, "Awa", "W-1").await;
    let before = card(&suite, &admin, id).await;
    let correction = json!({"card_id": id, "card_firstname": "Awa Élodie", "card_lastname": "Koné-N'Guessan",
                            "card_birthDate": "12/05/1981", "card_city": "Bouaké"});
    let (status, answer) = suite.post("/api/card/post_card", &admin, correction.clone()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["message"], "Carte corrigée");
    let after = card(&suite, &admin, id).await;
    assert_eq!(
        (after["card_firstname"].as_str(), after["card_lastname"].as_str()),
        (Some("Awa Élodie"), Some("Koné-N'Guessan"))
    );
    assert_eq!(
        (after["card_birthDate"].as_str(), after["card_city"].as_str()),
        (Some("1981-05-12"), Some("Bouaké"))
    );
    assert_ne!(after["card_qrcode"], before["card_qrcode"], "the QR code carries the new names");
    let (_, found) = suite.get("/api/card/get.card_list?filter=elodie", &admin).await;
    assert_eq!(found["total"], 1, "the search follows the correction");

    let (status, refusal) = suite
        .post("/api/card/post_card", &admin, json!({"card_id": id, "card_firstname": " "}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refusal["fields"]["card_firstname"],
        "Le prénom imprimé sur la carte est obligatoire."
    );

    assert_eq!(mark_printed(&suite, &admin, id).await, StatusCode::OK);
    let (status, refusal) = suite.post("/api/card/post_card", &admin, correction).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(refusal["message"].as_str().unwrap().contains("faites une réimpression"), "{refusal}");
}

#[tokio::test(flavor = "multi_thread")]
async fn only_admins_and_managers_cancel_and_a_pending_card_gives_its_payment_back() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (_, agent) = suite.login_with_role("agent.koffi", "agent").await;
    let (_, manager) = suite.login_with_role("gestion.aya", "manager").await;
    let (pending, member_id) = pending_card(&suite, &admin, "Awa", "W-1").await;
    assert!(transaction_used(&suite, &admin, member_id).await);

    let (status, _) = suite.delete(&format!("/api/card/delete_card/{pending}"), &agent).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "agents do not cancel cards");
    let (status, answer) =
        suite.delete(&format!("/api/card/delete_card/{pending}"), &manager).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let cancelled = card(&suite, &admin, pending).await;
    assert_eq!(cancelled["card_status"], "cancelled");
    assert!(cancelled["card_cancelledAt"].as_str().is_some());
    assert!(!transaction_used(&suite, &admin, member_id).await, "the payment is free again");
    // The member may have a card again, paid by the same payment.
    let again =
        save(&suite, &admin, "/api/card/post_card", json!({"card_memberId": member_id})).await;
    assert_eq!(status_of(&suite, &admin, again).await, "pending");

    // A printed card cancelled keeps its payment spent; a cancelled card moves no more.
    assert_eq!(mark_printed(&suite, &admin, again).await, StatusCode::OK);
    let (status, _) = suite.delete(&format!("/api/card/delete_card/{again}"), &admin).await;
    assert_eq!(status, StatusCode::OK);
    assert!(transaction_used(&suite, &admin, member_id).await, "a made card was paid for");
    let (status, refusal) = suite.delete(&format!("/api/card/delete_card/{again}"), &admin).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refusal}");
    assert_eq!(mark_printed(&suite, &admin, again).await, StatusCode::CONFLICT);
    let (status, _) = suite
        .post("/api/card/post.card_reprint", &admin, json!({"card_id": again, "reason": "abîmée"}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "a cancelled card is not reprinted");
    let (status, _) = suite.delete("/api/card/delete_card/999999", &admin).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_reprint_cancels_the_old_card_and_links_the_new_one_on_the_same_payment() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (_, agent) = suite.login_with_role("agent.koffi", "agent").await;
    let (old, member_id) = pending_card(&suite, &admin, "Awa", "W-1").await;
    let (status, refusal) = suite
        .post("/api/card/post.card_reprint", &agent, json!({"card_id": old, "reason": "abîmée"}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "a pending card is printed, not reprinted: {refusal}");
    assert_eq!(mark_printed(&suite, &admin, old).await, StatusCode::OK);
    let (status, refusal) = suite
        .post("/api/card/post.card_reprint", &agent, json!({"card_id": old, "reason": ""}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(refusal["fields"]["reason"].as_str().unwrap().contains("motif"));

    // The member's name changed since: the new card carries it.
    let (_, m) = suite.get(&format!("/api/member/get_member/{member_id}"), &admin).await;
    let mut changed = m["data"].clone();
    changed["member_firstname"] = json!("Awa Bénédicte");
    for server_owned in ["member_idNumber", "member_uuid"] {
        changed.as_object_mut().unwrap().remove(server_owned);
    }
    let (status, answer) = suite.post("/api/member/post_member", &admin, changed).await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    let (status, answer) = suite
        .post(
            "/api/card/post.card_reprint",
            &agent,
            json!({"card_id": old, "reason": "carte abîmée"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let new = answer["id"].as_i64().unwrap();
    let (old_card, new_card) = (card(&suite, &admin, old).await, card(&suite, &admin, new).await);
    assert_eq!(
        (old_card["card_status"].as_str(), old_card["card_cancelledReason"].as_str()),
        (Some("cancelled"), Some("carte abîmée"))
    );
    assert_eq!(new_card["card_status"], "pending");
    assert_eq!(new_card["card_replacesCardId"], old);
    assert_eq!(new_card["card_transactionId"], old_card["card_transactionId"], "no new payment");
    assert_eq!(
        new_card["card_expirationDate"], old_card["card_expirationDate"],
        "no longer validity"
    );
    assert_ne!(new_card["card_idNumber"], old_card["card_idNumber"], "a number of its own");
    assert_eq!(new_card["card_firstname"], "Awa Bénédicte");

    // Delivered cards are reprinted too; an illegal move is a 409 with the status in French.
    let (status, refusal) = suite
        .post("/api/delivery/post_delivery", &admin, json!({"cards": [{"card_id": new}]}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "a pending card is not delivered");
    assert!(refusal["message"].as_str().unwrap().contains("en attente d'impression"), "{refusal}");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_delivery_slip_lists_its_cards_in_text_and_a_proof_is_kept() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (a, _) = pending_card(&suite, &admin, "Adjoua Élodie", "W-1").await;
    let (b, _) = pending_card(&suite, &admin, "Ékra", "W-2").await;
    for id in [a, b] {
        assert_eq!(mark_printed(&suite, &admin, id).await, StatusCode::OK);
    }
    let delivery = save(
        &suite,
        &admin,
        "/api/delivery/post_delivery",
        json!({"cards": [{"card_id": a}, {"card_id": b}]}),
    )
    .await;
    let response = suite
        .http
        .post(suite.url("/api/delivery/post.printing_delivery_list_by_id"))
        .bearer_auth(&admin)
        .json(&json!({"delivery_ids": [delivery]}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    let pdf = response.bytes().await.unwrap();
    let text = pdf_extract::extract_text_from_mem(&pdf).unwrap();
    let (_, detail) = suite.get(&format!("/api/delivery/get.delivery/{delivery}"), &admin).await;
    let code = detail["data"]["delivery"]["delivery_code"].as_str().unwrap();
    assert!(text.contains("Bordereau de livraison") && text.contains(code), "{text}");
    assert!(text.contains("Adjoua Élodie") && text.contains("Ékra"), "accents: {text}");
    for c in detail["data"]["cards"].as_array().unwrap() {
        assert!(text.contains(c["card_idNumber"].as_str().unwrap()), "card numbers: {text}");
    }
    assert!(text.contains("Reçu par") && text.contains("Total : 2 carte(s)"), "{text}");
    let (status, refusal) = suite
        .post(
            "/api/delivery/post.printing_delivery_list_by_id",
            &admin,
            json!({"delivery_ids": []}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refusal}");

    // The proof: a PDF is kept and read back; a text file is refused in French.
    let proof = |content: Vec<u8>, name: &str| {
        reqwest::multipart::Form::new().part(
            "delivery_proof",
            reqwest::multipart::Part::bytes(content).file_name(name.to_string()),
        )
    };
    let upload = |form| {
        suite
            .http
            .post(suite.url(&format!("/api/delivery/post.delivery_proof/{delivery}")))
            .bearer_auth(&admin)
            .multipart(form)
            .send()
    };
    let refused = upload(proof(b"bonjour".to_vec(), "bordereau.txt")).await.unwrap();
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let body: Value = refused.json().await.unwrap();
    assert!(body["message"].as_str().unwrap().contains("JPEG ou PNG"), "{body}");
    let back = proof_round_trip(&suite, &admin, delivery, pdf.to_vec()).await;
    assert_eq!(back, pdf.to_vec(), "the proof as sent");
    let (_, detail) = suite.get(&format!("/api/delivery/get.delivery/{delivery}"), &admin).await;
    assert_eq!(detail["data"]["delivery"]["delivery_hasProof"], true);
}

/// Keeps `proof` (a PDF) as the proof of `delivery` and reads it back.
async fn proof_round_trip(
    suite: &TestSuite,
    token: &str,
    delivery: i64,
    proof: Vec<u8>,
) -> Vec<u8> {
    let form = reqwest::multipart::Form::new().part(
        "delivery_proof",
        reqwest::multipart::Part::bytes(proof).file_name("bordereau signé.pdf"),
    );
    let kept = suite
        .http
        .post(suite.url(&format!("/api/delivery/post.delivery_proof/{delivery}")))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(kept.status(), StatusCode::OK, "{:?}", kept.text().await);
    let back = suite
        .http
        .get(suite.url(&format!("/api/delivery/get.delivery_proof/{delivery}")))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(back.status(), StatusCode::OK);
    assert_eq!(back.headers()["content-type"], "application/pdf");
    back.bytes().await.unwrap().to_vec()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_delivery_without_a_card_is_refused_in_french_and_has_no_slip() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let without_cards = "Une livraison doit contenir au moins une carte.";
    let refused_on_cards = |status: StatusCode, refusal: &Value| {
        assert_eq!(status, StatusCode::BAD_REQUEST, "{refusal}");
        assert_eq!(refusal["status"], "error", "{refusal}");
        assert_eq!(refusal["message"], without_cards, "{refusal}");
        assert_eq!(refusal["fields"]["cards"], without_cards, "{refusal}");
    };
    // Made with no card, with cards named by nothing, or sent at once: refused, nothing written.
    for body in [
        json!({}),
        json!({"cards": []}),
        json!({"cards": [{"card_id": 0}, {"card_idNumber": "  "}], "delivery_sent": true}),
    ] {
        let (status, refusal) = suite.post("/api/delivery/post_delivery", &admin, body).await;
        refused_on_cards(status, &refusal);
    }
    let (_, list) = suite.get("/api/delivery/get.delivery_list", &admin).await;
    assert_eq!(list["total"], 0, "no delivery was made: {list}");

    // Changed so that it would hold no card: refused, its cards stay in it.
    let (a, _) = pending_card(&suite, &admin, "Awa", "W-1").await;
    assert_eq!(mark_printed(&suite, &admin, a).await, StatusCode::OK);
    let delivery =
        save(&suite, &admin, "/api/delivery/post_delivery", json!({"cards": [{"card_id": a}]}))
            .await;
    for sent in [false, true] {
        let (status, refusal) = suite
            .post(
                "/api/delivery/post_delivery",
                &admin,
                json!({"delivery_id": delivery, "cards": [], "delivery_sent": sent}),
            )
            .await;
        refused_on_cards(status, &refusal);
    }
    let (_, detail) = suite.get(&format!("/api/delivery/get.delivery/{delivery}"), &admin).await;
    assert_eq!(detail["data"]["delivery"]["delivery_quantity"], 1, "{detail}");
    assert_eq!(detail["data"]["delivery"]["delivery_sent"], false);
    assert_eq!(status_of(&suite, &admin, a).await, "in_delivery");

    // A delivery emptied another way (its last card revoked, lost on the way) prints no blank slip.
    let (status, answer) = suite
        .post("/api/card/post.card_revoke", &admin, json!({"card_id": a, "reason": "perdue"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (_, detail) = suite.get(&format!("/api/delivery/get.delivery/{delivery}"), &admin).await;
    assert_eq!(detail["data"]["delivery"]["delivery_quantity"], 0, "{detail}");
    let code = detail["data"]["delivery"]["delivery_code"].as_str().unwrap().to_string();
    let (status, refusal) = suite
        .post(
            "/api/delivery/post.printing_delivery_list_by_id",
            &admin,
            json!({"delivery_ids": [delivery]}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refusal}");
    let expected = format!(
        "La livraison {code} ne contient aucune carte : il n'y a pas de bordereau à imprimer."
    );
    assert_eq!(refusal["message"], expected.as_str(), "{refusal}");
    assert_eq!(refusal["fields"]["delivery_ids"], expected.as_str(), "{refusal}");
    // It cannot be sent empty either; it is deleted.
    let (status, refusal) = suite
        .post(
            "/api/delivery/post_delivery",
            &admin,
            json!({"delivery_id": delivery, "delivery_sent": true}),
        )
        .await;
    refused_on_cards(status, &refusal);
    let (status, _) =
        suite.delete(&format!("/api/delivery/delete.delivery/{delivery}"), &admin).await;
    assert_eq!(status, StatusCode::OK);
}

/// The card key's public key, as a reader gets it.
async fn card_key(suite: &TestSuite, token: &str) -> Vec<u8> {
    let (_, key) = suite.get("/api/card/get.card_key", token).await;
    let hex = key["data"]["publicKeyHex"].as_str().unwrap();
    (0..hex.len()).step_by(2).map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap()).collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_card_qr_code_carries_what_the_card_prints_and_not_the_phone() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let public = card_key(&suite, &admin).await;
    // Made, then corrected (signed again) with another phone: neither code carries a phone.
    let (id, _) = pending_card(&suite, &admin, "Awa", "W-1").await;
    let made = card(&suite, &admin, id).await;
    let correction = json!({"card_id": id, "card_firstname": "Awa", "card_lastname": "Koné",
                            "card_birthDate": "1980-05-12", "card_phoneNumber": "0101010101"});
    let (status, answer) = suite.post("/api/card/post_card", &admin, correction).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let corrected = card(&suite, &admin, id).await;
    for (c, phone) in [(&made, "0505050505"), (&corrected, "0101010101")] {
        assert_eq!(c["card_phoneNumber"], phone, "the card keeps the phone in its record");
        let qr = c["card_qrcode"].as_str().unwrap();
        let (claim, meta) = cards::domain::card_qr::read(qr, &public).unwrap();
        assert_eq!(claim.phone, None, "the card does not print the phone: {claim:?}");
        // The whole claim: what the card prints, nothing more.
        assert_eq!(
            serde_json::to_value(&claim).unwrap(),
            json!({"id": c["card_memberIdNumber"], "fullName": "Awa Koné", "firstName": "Awa",
                   "lastName": "Koné", "dateOfBirth": "19800512"})
        );
        assert_eq!(meta.subject.as_deref(), c["card_idNumber"].as_str());
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_refreshed_candidates_carry_the_members_as_they_are_now() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let member_id = member(&suite, &admin, "Awa", "Koné").await;
    pay(&suite, &admin, member_id, "W-1", 5000).await;
    let (status, list) =
        suite.post("/api/card/post.card_creation.refresh", &admin, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list["total"], 1);
    assert_eq!(list["data"][0]["member_firstname"], "Awa");
    assert_eq!(list["data"][0]["member_id"], member_id);
}

fn solid_png(rgb: [u8; 3]) -> Vec<u8> {
    let img = image::RgbImage::from_pixel(64, 80, image::Rgb(rgb));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// The mean red and blue of a picture at `address` (a card's photo address), as its thumbnail.
async fn red_and_blue(suite: &TestSuite, token: &str, address: &str) -> (u8, u8) {
    let url = suite.url(&format!("{address}&thumbnail=true"));
    let response = suite.http.get(url).bearer_auth(token).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let picture = image::load_from_memory(&response.bytes().await.unwrap()).unwrap().to_rgb8();
    let center = picture.get_pixel(picture.width() / 2, picture.height() / 2);
    (center[0], center[2])
}

#[tokio::test(flavor = "multi_thread")]
async fn a_card_keeps_the_photo_it_was_made_with() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let member_id = member(&suite, &admin, "Awa", "Koné").await;
    let (status, _) =
        crate::members::upload(&suite, &admin, member_id, "rouge.png", solid_png([220, 20, 20]))
            .await;
    assert_eq!(status, StatusCode::OK);
    pay(&suite, &admin, member_id, "W-1", 5000).await;
    // The copy of members learns of the photo from an event; the refresh reads it now.
    suite.post("/api/card/post.card_creation.refresh", &admin, json!({})).await;
    let id = save(&suite, &admin, "/api/card/post_card", json!({"card_memberId": member_id})).await;
    let (status, _) =
        crate::members::upload(&suite, &admin, member_id, "bleu.png", solid_png([20, 20, 220]))
            .await;
    assert_eq!(status, StatusCode::OK);

    let address =
        card(&suite, &admin, id).await["card_photoFilePath"].as_str().unwrap().to_string();
    let (red, blue) = red_and_blue(&suite, &admin, &address).await;
    assert!(
        red > 150 && blue < 100,
        "the card shows the red photo it was made with: {red}, {blue}"
    );
    let (_, m) = suite.get(&format!("/api/member/get_member/{member_id}"), &admin).await;
    let current = m["data"]["photoFilePath"].as_str().unwrap().to_string();
    let (red, blue) = red_and_blue(&suite, &admin, &current).await;
    assert!(blue > 150 && red < 100, "the member shows the new blue one: {red}, {blue}");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_8_mb_proof_goes_through_and_comes_back_byte_for_byte() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (card, _) = pending_card(&suite, &admin, "Koffi", "P-8").await;
    assert_eq!(mark_printed(&suite, &admin, card).await, StatusCode::OK);
    let delivery =
        save(&suite, &admin, "/api/delivery/post_delivery", json!({"cards": [{"card_id": card}]}))
            .await;
    // Twice tonic's default message limit (4 MiB), well under the 10 MB the API accepts.
    let mut proof = b"%PDF-1.7\n".to_vec();
    proof.extend((0..8 * 1024 * 1024).map(|i: u32| (i.wrapping_mul(2_654_435_761) >> 24) as u8));
    let back = proof_round_trip(&suite, &admin, delivery, proof.clone()).await;
    assert_eq!(back.len(), proof.len());
    assert!(back == proof, "the proof comes back as it was sent");
}
