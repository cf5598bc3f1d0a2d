//! Photos travel from a field laptop to the central server after their records, in their own retry
//! queue: a photo that cannot go is listed with why and when it is tried again, is left alone by the
//! runs until then, and a retry sends it; a photo sent is never sent twice, one whose member is deleted
//! leaves the list. The central server's photos reach a laptop after their records, and are not sent
//! back; a photo taken on the laptop after its record asked for the central server's is newer, kept
//! and sent.

use crate::members::{photo, png, upload};
use crate::support::{TestSuite, save};
use crate::sync_exchange::{Pair, id_of, pair, run};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// A member registered on the laptop with a photo of `width` x `height`: its id and identity number.
async fn member_with_photo(pair: &Pair, first: &str, width: u32, height: u32) -> (i64, String) {
    let (laptop, admin) = (&pair.laptop, &pair.laptop_admin);
    let body = json!({"member_firstname": first, "member_lastname": "Photosync"});
    let id = save(laptop, admin, "/api/member/post_member", body).await;
    let (status, answer) = upload(laptop, admin, id, "photo.png", png(width, height)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, member) = laptop.get(&format!("/api/member/get_member/{id}"), admin).await;
    assert_eq!(status, StatusCode::OK, "{member}");
    (id, member["data"]["member_idNumber"].as_str().unwrap().to_string())
}

/// The failed photos, as the tools screen lists them.
async fn failed_photos(suite: &TestSuite, token: &str) -> Value {
    let (status, list) = suite.get("/api/tools/get.missing-photo_list", token).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    list
}

/// The photo of the member of `id_number` on the central server: its status and its picture's size.
async fn central_photo(pair: &Pair, id_number: &str) -> (StatusCode, Option<(u32, u32)>) {
    let (central, admin) = (&pair.central, &pair.central_admin);
    let id = id_of(central, admin, id_number).await;
    let (status, bytes) = photo(central, admin, id, false).await;
    let size = (status == StatusCode::OK).then(|| {
        let picture = image::load_from_memory(&bytes).expect("the central server keeps an image");
        (picture.width(), picture.height())
    });
    (status, size)
}

/// The members service's answer to a file that is no picture.
const PHOTO_NOT_IMAGE: &str = members::domain::messages::PHOTO_NOT_IMAGE;

fn message(entry: &Value) -> &str {
    entry["synchronizationJournal_message"].as_str().unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn photos_follow_their_records_and_a_photo_that_fails_is_listed_then_retried() {
    let pair = pair().await;
    let (laptop, admin) = (&pair.laptop, &pair.laptop_admin);
    let (_, awa) = member_with_photo(&pair, "Awa", 800, 600).await;
    let (yao_id, yao) = member_with_photo(&pair, "Yao", 640, 480).await;
    // Yao's photo is lost from the laptop's disk before the run.
    let file = laptop.photo_store().join("photos").join(format!("{yao_id}.jpg"));
    let kept = std::fs::read(&file).expect("the laptop keeps the photo on disk");
    std::fs::remove_file(&file).unwrap();

    let entry = run(&pair, "to_server").await;
    assert!(message(&entry).contains("1 photo(s) envoyée(s), 1 en échec"), "{entry}");
    assert_eq!(
        central_photo(&pair, &awa).await,
        (StatusCode::OK, Some((800, 600))),
        "Awa's photo arrives, the same picture"
    );
    assert_eq!(central_photo(&pair, &yao).await.0, StatusCode::NOT_FOUND, "Yao's record only");

    let list = failed_photos(laptop, admin).await;
    assert_eq!(list["total"], 1, "{list}");
    let failure = &list["data"][0];
    assert_eq!(failure["member_idNumber"], yao.as_str());
    assert_eq!(failure["memberName"], "Yao Photosync");
    assert_eq!(failure["attempts"], 1);
    assert!(
        failure["lastError"] == sync::domain::messages::PHOTO_FILE_MISSING,
        "the agent is told why, in French: {failure}"
    );
    assert!(failure["nextAttemptAt"].as_str().unwrap() > failure["lastFailedAt"].as_str().unwrap());

    // The next run leaves Yao's photo to its wait, and does not send Awa's again.
    let entry = run(&pair, "to_server").await;
    assert!(
        message(&entry).contains("0 photo(s) envoyée(s), 1 en attente d'un nouvel essai"),
        "{entry}"
    );
    let awa_central = id_of(&pair.central, &pair.central_admin, &awa).await;
    let (_, member) = pair
        .central
        .get(&format!("/api/member/get_member/{awa_central}"), &pair.central_admin)
        .await;
    assert!(
        member["data"]["photoFilePath"].as_str().unwrap_or_default().ends_with("?v=1"),
        "one photo version on the central server: {member}"
    );

    // A retry while the file is still missing fails again and waits longer.
    let uuid = failure["member_uuid"].as_str().unwrap();
    let retry = json!({ "member_uuid": uuid });
    let (status, answer) =
        laptop.post("/api/tools/post.missing-photo_retry", admin, retry.clone()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["sent"], false, "{answer}");
    assert_eq!(answer["data"]["failure"]["attempts"], 2, "{answer}");

    // The file back, a retry sends it at once and takes it off the list.
    std::fs::write(&file, kept).unwrap();
    let (status, answer) =
        laptop.post("/api/tools/post.missing-photo_retry", admin, retry.clone()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["sent"], true, "{answer}");
    assert_eq!(answer["data"]["message"], "Photo envoyée au serveur central.");
    assert_eq!(failed_photos(laptop, admin).await["total"], 0);
    assert_eq!(central_photo(&pair, &yao).await, (StatusCode::OK, Some((640, 480))));
    let (status, answer) = laptop.post("/api/tools/post.missing-photo_retry", admin, retry).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");

    // Every mark is cleared: the next run has no photo to send.
    let entry = run(&pair, "to_server").await;
    assert!(!message(&entry).contains("photo"), "{entry}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_failed_photo_whose_member_is_deleted_leaves_the_list() {
    let pair = pair().await;
    let (laptop, admin) = (&pair.laptop, &pair.laptop_admin);
    let (awa_id, _) = member_with_photo(&pair, "Awa", 320, 240).await;
    let (yao_id, yao) = member_with_photo(&pair, "Yao", 320, 240).await;
    for id in [awa_id, yao_id] {
        std::fs::remove_file(laptop.photo_store().join("photos").join(format!("{id}.jpg")))
            .unwrap();
    }
    let entry = run(&pair, "to_server").await;
    assert!(message(&entry).contains("0 photo(s) envoyée(s), 2 en échec"), "{entry}");
    let list = failed_photos(laptop, admin).await;
    assert_eq!(list["total"], 2, "{list}");
    let awa_uuid = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["member_idNumber"] != yao.as_str())
        .map(|f| f["member_uuid"].as_str().unwrap().to_string())
        .unwrap();

    // Awa deleted: a retry of her photo says it no longer waits, and takes it off the list.
    let (status, _) = laptop.delete(&format!("/api/member/delete_member/{awa_id}"), admin).await;
    assert_eq!(status, StatusCode::OK);
    let retry = json!({ "member_uuid": awa_uuid });
    let (status, answer) = laptop.post("/api/tools/post.missing-photo_retry", admin, retry).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["sent"], false, "{answer}");
    assert_eq!(answer["data"]["message"], sync::domain::messages::PHOTO_NO_LONGER_WAITING);
    assert!(answer["data"]["failure"].is_null(), "{answer}");
    let list = failed_photos(laptop, admin).await;
    assert_eq!(list["total"], 1, "{list}");
    assert_eq!(list["data"][0]["member_idNumber"], yao.as_str(), "{list}");

    // Yao deleted: the next sending run takes his photo off the list by itself.
    let (status, _) = laptop.delete(&format!("/api/member/delete_member/{yao_id}"), admin).await;
    assert_eq!(status, StatusCode::OK);
    run(&pair, "to_server").await;
    assert_eq!(failed_photos(laptop, admin).await["total"], 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn photos_sent_by_a_laptop_are_checked_again_on_the_central_server_each_on_its_own() {
    let pair = pair().await;
    let (central, sync_session) = (&pair.central, &pair.sync_session);
    // The photos of one call: each member's uuid followed by its photo.
    let form = |instance: &str, photos: &[(&str, Vec<u8>)]| {
        let mut form = reqwest::multipart::Form::new().text("instanceId", instance.to_string());
        for (member, bytes) in photos {
            form = form.text("member_uuid", member.to_string()).part(
                "member_photo",
                reqwest::multipart::Part::bytes(bytes.clone()).file_name("x.jpg"),
            );
        }
        form
    };
    let send = |form| async {
        let response = central
            .http
            .post(central.url("/api/synchronization/post_synchronization_photos"))
            .bearer_auth(sync_session)
            .multipart(form)
            .send()
            .await
            .unwrap();
        (response.status(), response.json::<Value>().await.unwrap())
    };
    let not_an_image = || b"not an image".to_vec();
    let laptop = uuid::Uuid::new_v4().to_string();
    let member = uuid::Uuid::new_v4().to_string();
    let (status, answer) = send(form("pas-un-uuid", &[(&member, not_an_image())])).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(answer["message"], "L'identifiant d'instance (instanceId) doit être un uuid.");
    let (status, answer) = send(form(&laptop, &[("pas-un-uuid", not_an_image())])).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["message"].as_str().unwrap().contains("member_uuid"), "{answer}");
    // A photo with no member's uuid in front of it.
    let orphan = reqwest::multipart::Form::new()
        .text("instanceId", laptop.clone())
        .part("member_photo", reqwest::multipart::Part::bytes(not_an_image()).file_name("x.jpg"));
    let (status, answer) = send(orphan).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["message"].as_str().unwrap().contains("doit suivre"), "{answer}");
    // More photos than a call may carry.
    let many: Vec<(&str, Vec<u8>)> = (0..=common::photos::SYNC_PHOTOS_A_CALL)
        .map(|_| (member.as_str(), not_an_image()))
        .collect();
    let (status, answer) = send(form(&laptop, &many)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["message"].as_str().unwrap().starts_with("Trop de photos"), "{answer}");
    // A laptop that never said who it is may not send photos.
    let (status, answer) = send(form(&laptop, &[(&member, not_an_image())])).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert!(answer["message"].as_str().unwrap().starts_with("Ce poste ne s'est pas présenté"));
    let hello = format!(
        "/api/synchronization/get_synchronization_to_server?instanceId={laptop}&position=0&proposedLineage=0199a1b2-0000-7000-8000-0000000000c1"
    );
    let (status, answer) = central.get(&hello, sync_session).await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    // One call: a member the central server does not know, bytes that are no picture, and a good
    // photo; each is answered on its own, and the good one is kept.
    let admin = &pair.central_admin;
    let mut known = Vec::new();
    for first in ["Ama", "Kofi"] {
        let body = json!({"member_firstname": first, "member_lastname": "Sync"});
        let id = save(central, admin, "/api/member/post_member", body).await;
        let (_, record) = central.get(&format!("/api/member/get_member/{id}"), admin).await;
        known.push((id, record["data"]["member_uuid"].as_str().unwrap().to_string()));
    }
    let photos = [
        (member.as_str(), png(40, 30)),
        (known[0].1.as_str(), not_an_image()),
        (known[1].1.as_str(), png(64, 48)),
    ];
    let (status, answer) = send(form(&laptop, &photos)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let items = answer["data"]["items"].as_array().unwrap();
    assert_eq!(items.len(), 3, "{answer}");
    assert_eq!(items[0]["member_uuid"], member.as_str());
    assert!(items[0]["refused"].as_str().unwrap().contains("inconnu ici"), "{answer}");
    assert_eq!(items[1]["refused"], PHOTO_NOT_IMAGE, "{answer}");
    assert!(items[1]["saved"].is_null(), "{answer}");
    assert_eq!(items[2]["refused"].as_str().unwrap_or_default(), "", "{answer}");
    assert!(items[2]["saved"].is_object(), "{answer}");
    let (status, bytes) = photo(central, admin, known[1].0, false).await;
    assert_eq!(status, StatusCode::OK);
    let kept = image::load_from_memory(&bytes).unwrap();
    assert_eq!((kept.width(), kept.height()), (64, 48));
    let (status, _) = photo(central, admin, known[0].0, false).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "the refused photo is not kept");
}

/// The photo of member `id` on `suite`, as its bytes (`None`: it has none).
async fn photo_bytes(suite: &TestSuite, token: &str, id: i64) -> Option<Vec<u8>> {
    let (status, bytes) = photo(suite, token, id, false).await;
    match status {
        StatusCode::OK => Some(bytes),
        StatusCode::NOT_FOUND => None,
        other => panic!("the photo of {id} answered {other}"),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_central_servers_photos_reach_the_laptop_after_their_records() {
    let pair = pair().await;
    let (laptop, admin) = (&pair.laptop, &pair.laptop_admin);
    let (central, central_admin) = (&pair.central, &pair.central_admin);
    // Registered on the central server: Nadia with a photo, Omar without.
    let nadia = save(
        central,
        central_admin,
        "/api/member/post_member",
        json!({"member_firstname": "Nadia", "member_lastname": "Centrale"}),
    )
    .await;
    let (status, answer) = upload(central, central_admin, nadia, "photo.png", png(320, 400)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let omar = save(
        central,
        central_admin,
        "/api/member/post_member",
        json!({"member_firstname": "Omar", "member_lastname": "Centrale"}),
    )
    .await;
    let number = |id| async move {
        let (_, member) = central.get(&format!("/api/member/get_member/{id}"), central_admin).await;
        member["data"]["member_idNumber"].as_str().unwrap().to_string()
    };
    let (nadia_number, omar_number) = (number(nadia).await, number(omar).await);

    // Received: the records, then Nadia's photo, as the central server keeps it.
    let received = run(&pair, "from_server").await;
    let message = received["synchronizationJournal_message"].as_str().unwrap();
    assert!(message.ends_with(" 1 photo(s) reçue(s)."), "{message}");
    let nadia_here = id_of(laptop, admin, &nadia_number).await;
    let omar_here = id_of(laptop, admin, &omar_number).await;
    let central_photo = photo_bytes(central, central_admin, nadia).await.expect("Nadia's photo");
    assert_eq!(photo_bytes(laptop, admin, nadia_here).await, Some(central_photo));
    assert_eq!(photo_bytes(laptop, admin, omar_here).await, None);

    // Nothing new: no photo asked again; the photo received is not sent back.
    let again = run(&pair, "from_server").await;
    let message = again["synchronizationJournal_message"].as_str().unwrap();
    assert!(!message.contains("photo"), "{message}");
    let sent = run(&pair, "to_server").await;
    let message = sent["synchronizationJournal_message"].as_str().unwrap();
    assert!(!message.contains("photo"), "{message}");

    // A new photo taken on the central server replaces the laptop's at the next run.
    let (status, answer) = upload(central, central_admin, nadia, "photo.png", png(200, 300)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let received = run(&pair, "from_server").await;
    let message = received["synchronizationJournal_message"].as_str().unwrap();
    assert!(message.ends_with(" 1 photo(s) reçue(s)."), "{message}");
    let central_photo = photo_bytes(central, central_admin, nadia).await.expect("the new photo");
    assert_eq!(photo_bytes(laptop, admin, nadia_here).await, Some(central_photo));

    // The call refuses what is not a list of uuids, in French.
    let (status, refused) = central
        .get(
            "/api/synchronization/get_synchronization_from_server_photos?instanceId=0199a1b2-0000-7000-8000-0000000000aa&memberUuids=nadia",
            &pair.sync_session,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(
        refused["message"],
        "Chaque adhérent (memberUuids) est désigné par son uuid, séparés par des virgules."
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_central_photo_that_cannot_be_read_holds_back_none_of_the_others() {
    let pair = pair().await;
    let (laptop, admin) = (&pair.laptop, &pair.laptop_admin);
    let (central, central_admin) = (&pair.central, &pair.central_admin);
    let mut members = Vec::new();
    for first in ["Nadia", "Omar"] {
        let body = json!({"member_firstname": first, "member_lastname": "Illisible"});
        let id = save(central, central_admin, "/api/member/post_member", body).await;
        let (status, answer) = upload(central, central_admin, id, "photo.png", png(320, 400)).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let (_, member) = central.get(&format!("/api/member/get_member/{id}"), central_admin).await;
        members.push((id, member["data"]["member_idNumber"].as_str().unwrap().to_string()));
    }
    // Omar's photo file on the central server cannot be opened (a link to itself: the system refuses to
    // follow it), as a disk error would make it.
    let file = central.photo_store().join("photos").join(format!("{}.jpg", members[1].0));
    let kept = std::fs::read(&file).unwrap();
    std::fs::remove_file(&file).unwrap();
    std::os::unix::fs::symlink(&file, &file).unwrap();

    let received = run(&pair, "from_server").await;
    let message = received["synchronizationJournal_message"].as_str().unwrap();
    // Nadia's photo still comes, and the agent is told Omar's did not.
    assert!(
        message.ends_with(
            " 1 photo(s) reçue(s), 1 non reçue(s) (fichier introuvable ou illisible sur le \
             serveur central, ou photo refusée sur ce poste) : redemandée(s) à la prochaine \
             réception."
        ),
        "{message}"
    );
    let nadia_here = id_of(laptop, admin, &members[0].1).await;
    let omar_here = id_of(laptop, admin, &members[1].1).await;
    assert!(photo_bytes(laptop, admin, nadia_here).await.is_some());
    assert_eq!(photo_bytes(laptop, admin, omar_here).await, None);

    // The file readable again, the next run brings Omar's photo.
    std::fs::remove_file(&file).unwrap();
    std::fs::write(&file, &kept).unwrap();
    let received = run(&pair, "from_server").await;
    let message = received["synchronizationJournal_message"].as_str().unwrap();
    assert!(message.ends_with(" 1 photo(s) reçue(s)."), "{message}");
    assert_eq!(photo_bytes(laptop, admin, omar_here).await, Some(kept));
}

#[tokio::test(flavor = "multi_thread")]
async fn a_photo_taken_on_the_laptop_before_the_central_servers_arrives_is_kept_and_sent() {
    let pair = pair().await;
    let (laptop, admin) = (&pair.laptop, &pair.laptop_admin);
    let (central, central_admin) = (&pair.central, &pair.central_admin);
    let body = json!({"member_firstname": "Fatou", "member_lastname": "Doublephoto"});
    let fatou = save(central, central_admin, "/api/member/post_member", body).await;
    let (status, answer) = upload(central, central_admin, fatou, "photo.png", png(320, 400)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (_, member) = central.get(&format!("/api/member/get_member/{fatou}"), central_admin).await;
    let number = member["data"]["member_idNumber"].as_str().unwrap().to_string();
    // The central server's photo cannot be read during the first run: the record arrives, the photo
    // stays wanted.
    let file = central.photo_store().join("photos").join(format!("{fatou}.jpg"));
    let central_kept = std::fs::read(&file).unwrap();
    std::fs::remove_file(&file).unwrap();
    std::os::unix::fs::symlink(&file, &file).unwrap();
    let received = run(&pair, "from_server").await;
    assert!(message(&received).contains("1 non reçue(s)"), "{}", message(&received));
    let fatou_here = id_of(laptop, admin, &number).await;
    assert_eq!(photo_bytes(laptop, admin, fatou_here).await, None);

    // The agent takes Fatou's photo on the laptop; the central server's is readable again.
    let (status, answer) = upload(laptop, admin, fatou_here, "photo.png", png(200, 300)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let taken = photo_bytes(laptop, admin, fatou_here).await.expect("the photo taken here");
    std::fs::remove_file(&file).unwrap();
    std::fs::write(&file, &central_kept).unwrap();

    // The next reception leaves the older photo of the central server: the laptop keeps its own, and
    // the agent is told of no photo received or missed.
    let received = run(&pair, "from_server").await;
    assert!(!message(&received).contains("photo"), "{}", message(&received));
    assert_eq!(photo_bytes(laptop, admin, fatou_here).await, Some(taken.clone()));

    // The laptop's photo reaches the central server.
    let sent = run(&pair, "to_server").await;
    assert!(message(&sent).contains("1 photo(s) envoyée(s)"), "{}", message(&sent));
    let on_central = photo_bytes(central, central_admin, fatou).await.expect("the laptop's photo");
    let size = |bytes: &[u8]| {
        let picture = image::load_from_memory(bytes).expect("an image");
        (picture.width(), picture.height())
    };
    assert_eq!(size(&on_central), size(&taken));
    assert_ne!(size(&on_central), size(&central_kept));
}
