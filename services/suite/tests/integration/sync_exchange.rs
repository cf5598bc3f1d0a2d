//! The exchange of members between a field laptop and the central server, two real suites on one
//! machine: a family registered on the laptop arrives whole on the central server (every field of the
//! member, the family links, the identity numbers), the marks are cleared, edits on both sides meet,
//! the same member edited on both sides resolves the same way on both and is journaled (two edits of
//! the same instant: to the greater instance id), a batch sent
//! again changes nothing, and a restored laptop database is refused.

use crate::support::{TestSuite, chain, save};
use crate::sync_runs::{ended, field, start};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

/// A central server with a sync login, and a laptop paired with it; with an administrator's token on
/// each and the sync login's session on the central server.
pub(crate) struct Pair {
    pub central: TestSuite,
    pub central_admin: String,
    pub laptop: TestSuite,
    pub laptop_admin: String,
    pub sync_session: String,
}

pub(crate) async fn pair() -> Pair {
    let central = TestSuite::start().await;
    let central_admin = central.admin_token().await;
    let (_, sync_token) = central.new_sync_login(&central_admin, "poste-daloa-1").await;
    let sync_session = central.sync_token(&sync_token).await;
    let laptop = field(Some((central.base.clone(), sync_token))).await;
    let laptop_admin = laptop.admin_token().await;
    Pair { central, central_admin, laptop, laptop_admin, sync_session }
}

/// Runs one direction to its end; answers its journal entry, which must say `done`.
pub(crate) async fn run(pair: &Pair, direction: &str) -> Value {
    let (status, started) = start(&pair.laptop, &pair.laptop_admin, direction).await;
    assert_eq!(status, StatusCode::OK, "{started}");
    let uuid = started["data"]["synchronizationJournal_uuid"].as_str().unwrap().to_string();
    let entry = ended(&pair.laptop, &pair.laptop_admin, &uuid).await;
    assert_eq!(entry["synchronizationJournal_state"], "done", "{entry}");
    entry
}

/// The first conflict the laptop's run `entry` journaled: its kept and its lost versions.
pub(crate) async fn first_conflict(pair: &Pair, entry: &Value) -> (Value, Value) {
    let uuid = entry["synchronizationJournal_uuid"].as_str().unwrap();
    let path = format!("/api/synchronization/get.synchronization_conflicts/{uuid}");
    let (status, conflicts) = pair.laptop.get(&path, &pair.laptop_admin).await;
    assert_eq!(status, StatusCode::OK, "{conflicts}");
    let version = |side: &str| -> Value {
        serde_json::from_str(conflicts["data"][0][side].as_str().expect("a journaled conflict"))
            .unwrap()
    };
    (version("kept"), version("lost"))
}

pub(crate) async fn member(suite: &TestSuite, token: &str, id: i64) -> Value {
    let (status, body) = suite.get(&format!("/api/member/get_member/{id}"), token).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].clone()
}

/// The id of the member with this identity number on `suite`.
pub(crate) async fn id_of(suite: &TestSuite, token: &str, id_number: &str) -> i64 {
    let (status, list) =
        suite.get(&format!("/api/member/get.member_list?filter_idNumber={id_number}"), token).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list["total"], 1, "{id_number} on this side: {list}");
    list["data"][0]["member_id"].as_i64().unwrap()
}

pub(crate) async fn edit(suite: &TestSuite, token: &str, id: i64, change: Value) {
    let mut record = member(suite, token, id).await;
    record.as_object_mut().unwrap().extend(change.as_object().unwrap().clone());
    save(suite, token, "/api/member/post_member", record).await;
}

/// A main member with every field of `MemberInput` given a value that is not its default: the field's
/// description is walked, so a field added to the member is covered with no edit here (a plain text,
/// flag or number; a field with a rule of its own gets its value below).
fn every_field(locality: i64, cooperative: i64) -> Value {
    let Value::Object(defaults) =
        serde_json::to_value(proto::members::MemberInput::default()).unwrap()
    else {
        panic!("a member is an object")
    };
    let mut body = serde_json::Map::new();
    for (name, default) in defaults {
        let value = match default {
            Value::String(_) => json!(format!("Valeur {name}")),
            Value::Bool(_) => json!(true),
            Value::Number(_) => json!(3),
            _ => continue,
        };
        body.insert(name, value);
    }
    let ruled = json!({
        "member_firstname": "Aya", "member_lastname": "Traoré", "member_gender": "F",
        "member_birthDate": "1984-02-29", "member_membershipStartDate": "2020-01-15",
        "member_contact": "+225 07 08 09 10", "member_localityId": locality,
        "member_cooperativeId": cooperative, "householdSize": 6,
        "member_isSpouse": false, "member_isChild": false, "member_isMainAccount": true,
    });
    body.extend(ruled.as_object().unwrap().clone());
    // Made by the server.
    body.remove("member_idNumber");
    body.remove("member_uuid");
    Value::Object(body)
}

/// The fields of `MemberInput` that must travel as they are (ids are each side's own).
fn travelling_fields() -> Vec<&'static str> {
    use proto::Fields;
    proto::members::MemberInput::FIELDS
        .iter()
        .map(|(_, json_name)| *json_name)
        .filter(|name| !matches!(*name, "member_id" | "member_mainMemberId"))
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_family_registered_on_a_laptop_arrives_whole_and_edits_on_both_sides_meet() {
    let pair = pair().await;
    let (laptop, admin) = (&pair.laptop, &pair.laptop_admin);
    let (central, central_admin) = (&pair.central, &pair.central_admin);
    // The geography is the central server's: the laptop receives it before its agents register.
    let (_, _, _, locality) = chain(central, central_admin).await;
    run(&pair, "from_server").await;
    let cooperative = json!({"cooperative_code": "SCOOP-DAL", "cooperative_name": "Coop de Daloa"});
    let coop_here =
        save(laptop, admin, "/api/cooperative/post_cooperative", cooperative.clone()).await;
    let coop_there =
        save(central, central_admin, "/api/cooperative/post_cooperative", cooperative).await;
    assert_eq!(coop_here, coop_there, "both sides number their first cooperative alike");
    // The locality reaches the laptop's members through the geography's events.
    let main_body = every_field(locality, coop_here);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    let main_id = loop {
        let (status, body) = laptop.post("/api/member/post_member", admin, main_body.clone()).await;
        if status == StatusCode::OK {
            break body["id"].as_i64().unwrap();
        }
        assert!(tokio::time::Instant::now() < deadline, "{body}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let spouse_id = save(
        laptop,
        admin,
        "/api/member/post_member",
        json!({
        "member_firstname": "Moussa", "member_lastname": "Traoré", "member_isSpouse": true,
        "member_mainMemberId": main_id}),
    )
    .await;
    let child_id = save(
        laptop,
        admin,
        "/api/member/post_member",
        json!({
        "member_firstname": "Awa", "member_lastname": "Traoré", "member_isChild": true,
        "member_birthDate": "2012-06-01", "member_mainMemberId": main_id}),
    )
    .await;
    let sent_main = member(laptop, admin, main_id).await;
    assert_eq!(sent_main["member_synchronizationNeeded"], true);
    // The family flags are proved by the spouse and the child.
    for name in travelling_fields().into_iter().filter(|n| !n.starts_with("member_is")) {
        let sample = &sent_main[name];
        assert!(
            !(sample.is_null()
                || *sample == json!("")
                || *sample == json!(false)
                || *sample == json!(0)),
            "the sample member leaves {name} at its default: {sent_main}"
        );
    }

    // Sent: the three arrive on the central server, every field as it was, the family linked there.
    let sent = run(&pair, "to_server").await;
    assert_eq!(sent["synchronizationJournal_sent"], 3, "{sent}");
    let message = sent["synchronizationJournal_message"].as_str().unwrap();
    assert!(message.starts_with("Envoi terminé : 3 adhérent(s) envoyé(s) (3 créé(s)"), "{message}");
    let id_number = sent_main["member_idNumber"].as_str().unwrap();
    assert!(id_number.starts_with('F'), "{id_number}");
    let central_main = id_of(central, central_admin, id_number).await;
    let arrived = member(central, central_admin, central_main).await;
    for name in travelling_fields() {
        assert_eq!(arrived[name], sent_main[name], "{name} did not survive the journey");
    }
    assert_eq!(arrived["member_synchronizationNeeded"], false);
    assert_eq!(arrived["updatedAt"], sent_main["updatedAt"]);
    let (_, family) =
        central.get(&format!("/api/member/get_member-family/{central_main}"), central_admin).await;
    assert_eq!(family["data"]["spouses"][0]["member_firstname"], "Moussa", "{family}");
    assert_eq!(family["data"]["children"][0]["member_firstname"], "Awa", "{family}");
    assert_eq!(family["data"]["main"]["dependentCount"], 2, "{family}");
    for id in [main_id, spouse_id, child_id] {
        assert_eq!(member(laptop, admin, id).await["member_synchronizationNeeded"], false);
    }

    // Nothing marked any more: a second run sends nothing.
    let again = run(&pair, "to_server").await;
    assert_eq!(again["synchronizationJournal_sent"], 0, "{again}");

    // A member registered on the central server, every field given, and an edit there reach the laptop.
    let mut ibrahim = every_field(locality, coop_there);
    ibrahim.as_object_mut().unwrap().extend(
        json!({"member_firstname": "Ibrahim", "member_lastname": "Koné",
               "member_contact": "+225 05 06 07 08", "identityDocumentNumber": "CI-0099"})
        .as_object()
        .unwrap()
        .clone(),
    );
    let central_only = save(central, central_admin, "/api/member/post_member", ibrahim).await;
    let central_number =
        member(central, central_admin, central_only).await["member_idNumber"].clone();
    let central_spouse = id_of(
        central,
        central_admin,
        member(laptop, admin, spouse_id).await["member_idNumber"].as_str().unwrap(),
    )
    .await;
    edit(central, central_admin, central_spouse, json!({"occupation": "Planteur"})).await;
    let received = run(&pair, "from_server").await;
    // Ibrahim, the spouse, and the spouse's main member sent again in front of her.
    assert_eq!(received["synchronizationJournal_received"], 3, "{received}");
    let here = id_of(laptop, admin, central_number.as_str().unwrap()).await;
    let (made_there, received_here) =
        (member(central, central_admin, central_only).await, member(laptop, admin, here).await);
    for name in travelling_fields() {
        assert_eq!(received_here[name], made_there[name], "{name} did not survive the way back");
    }
    assert_eq!(member(laptop, admin, here).await["member_lastname"], "Koné");
    assert_eq!(member(laptop, admin, here).await["member_synchronizationNeeded"], false);
    assert_eq!(member(laptop, admin, spouse_id).await["occupation"], "Planteur");
    // Received again: nothing new.
    let nothing = run(&pair, "from_server").await;
    assert_eq!(nothing["synchronizationJournal_received"], 0, "{nothing}");

    // The same member edited on both sides: the later edit (the central server's) wins on both sides,
    // and the laptop's run journals the two versions.
    edit(laptop, admin, child_id, json!({"member_address": "Quartier Lobia"})).await;
    tokio::time::sleep(Duration::from_millis(20)).await;
    let central_child = id_of(
        central,
        central_admin,
        member(laptop, admin, child_id).await["member_idNumber"].as_str().unwrap(),
    )
    .await;
    edit(central, central_admin, central_child, json!({"member_address": "Quartier Tazibouo"}))
        .await;
    let sent = run(&pair, "to_server").await;
    assert_eq!(sent["synchronizationJournal_conflicts"], 1, "{sent}");
    let uuid = sent["synchronizationJournal_uuid"].as_str().unwrap();
    let (status, conflicts) = pair
        .laptop
        .get(&format!("/api/synchronization/get.synchronization_conflicts/{uuid}"), admin)
        .await;
    assert_eq!(status, StatusCode::OK, "{conflicts}");
    let conflict = &conflicts["data"][0];
    let kept: Value = serde_json::from_str(conflict["kept"].as_str().unwrap()).unwrap();
    let lost: Value = serde_json::from_str(conflict["lost"].as_str().unwrap()).unwrap();
    assert_eq!(kept["record"]["member_address"], "Quartier Tazibouo", "{conflict}");
    assert_eq!(lost["record"]["member_address"], "Quartier Lobia", "{conflict}");
    run(&pair, "from_server").await;
    assert_eq!(member(laptop, admin, child_id).await["member_address"], "Quartier Tazibouo");
    assert_eq!(
        member(central, central_admin, central_child).await["member_address"],
        "Quartier Tazibouo"
    );
    assert_eq!(member(laptop, admin, child_id).await["member_synchronizationNeeded"], false);
}

#[tokio::test(flavor = "multi_thread")]
async fn two_edits_of_the_same_instant_resolve_to_the_greater_instance_id_on_both_sides() {
    let pair = pair().await;
    let (laptop, admin) = (&pair.laptop, &pair.laptop_admin);
    let (central, central_admin) = (&pair.central, &pair.central_admin);
    let here = save(
        laptop,
        admin,
        "/api/member/post_member",
        json!({"member_firstname": "Koffi", "member_lastname": "Yao"}),
    )
    .await;
    run(&pair, "to_server").await;
    let number = member(laptop, admin, here).await["member_idNumber"].as_str().unwrap().to_string();
    let there = id_of(central, central_admin, &number).await;

    // Edited on both sides, then both edits put at the same instant.
    edit(laptop, admin, here, json!({"member_address": "Quartier Lobia"})).await;
    edit(central, central_admin, there, json!({"member_address": "Quartier Tazibouo"})).await;
    let laptop_db = sqlx::PgPool::connect(laptop.database_url()).await.unwrap();
    let central_db = sqlx::PgPool::connect(central.database_url()).await.unwrap();
    for (db, id) in [(&laptop_db, here), (&central_db, there)] {
        sqlx::query(
            "UPDATE members.member SET updated_at = '2026-06-15T10:00:00.123456Z' WHERE member_id = $1",
        )
        .bind(id)
        .execute(db)
        .await
        .unwrap();
    }
    let instance = |db: &sqlx::PgPool| {
        let db = db.clone();
        async move {
            sqlx::query_scalar::<_, uuid::Uuid>("SELECT id FROM sync.instance")
                .fetch_one(&db)
                .await
                .unwrap()
        }
    };
    let (laptop_instance, central_instance) =
        (instance(&laptop_db).await, instance(&central_db).await);
    let (kept, lost) = if laptop_instance > central_instance {
        ("Quartier Lobia", "Quartier Tazibouo")
    } else {
        ("Quartier Tazibouo", "Quartier Lobia")
    };

    // The greater instance id wins on both sides, and the run journals the other version.
    let sent = run(&pair, "to_server").await;
    assert_eq!(sent["synchronizationJournal_conflicts"], 1, "{sent}");
    let (kept_version, lost_version) = first_conflict(&pair, &sent).await;
    assert_eq!(kept_version["record"]["member_address"], kept, "{kept_version}");
    assert_eq!(lost_version["record"]["member_address"], lost, "{lost_version}");
    run(&pair, "from_server").await;
    assert_eq!(member(laptop, admin, here).await["member_address"], kept);
    assert_eq!(member(central, central_admin, there).await["member_address"], kept);
    assert_eq!(member(laptop, admin, here).await["member_synchronizationNeeded"], false);
    // Settled: neither side has anything left to give the other.
    assert_eq!(run(&pair, "to_server").await["synchronizationJournal_sent"], 0);
    assert_eq!(run(&pair, "from_server").await["synchronizationJournal_received"], 0);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_batch_sent_again_changes_nothing_and_a_restored_laptop_is_refused() {
    let pair = pair().await;
    let (central, session) = (&pair.central, &pair.sync_session);
    let laptop_id = "0199a1b2-0000-7000-8000-00000000f001";
    let hello = |position: i64, lineage: &str, proposed: &str| {
        format!(
            "/api/synchronization/get_synchronization_to_server?instanceId={laptop_id}\
             &position={position}&lineage={lineage}&proposedLineage={proposed}"
        )
    };
    const L1: &str = "0199a1b2-0000-7000-8000-0000000000c1";
    const L2: &str = "0199a1b2-0000-7000-8000-0000000000c2";
    let (status, answer) = central.get(&hello(40, "", L1), session).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["knownPosition"], 0);
    // The lineage confirmed (L1) is presented with the next proposal; a proposal heard by the central
    // server but not by the laptop (its run cut) is proposed again and welcome.
    let (status, answer) = central.get(&hello(40, L1, L2), session).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["knownPosition"], 40);
    let (status, answer) = central.get(&hello(40, L1, L2), session).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // A copy of the laptop made when its lineage was L1, further ahead: another copy sent since.
    let copy = central.get(&hello(90, L1, "0199a1b2-0000-7000-8000-0000000000c3"), session).await;
    assert_eq!(copy.0, StatusCode::CONFLICT, "{}", copy.1);
    assert!(
        copy.1["message"]
            .as_str()
            .unwrap()
            .contains("une autre copie de ce poste s'est synchronisée"),
        "{}",
        copy.1
    );
    // The proposal is required, and a lineage is a uuid.
    let (status, answer) = central.get(&hello(40, L2, "demain"), session).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(answer["message"], "La lignée (lineage, proposedLineage) doit être un uuid.");

    let record = json!({
        "record": {"member_firstname": "Kouadio", "member_lastname": "Yao",
                   "member_idNumber": "FZ000017", "member_uuid": "0199a1b2-0000-7000-8000-0000000000a1",
                   "member_isMainAccount": true},
        "updatedAt": "2026-11-20T08:30:00.000001Z", "updatedByUser": "agent.daloa",
        "member_createdAt": "2026-11-20T08:30:00.000001Z", "member_createdByUser": "agent.daloa",
        "originInstance": laptop_id, "position": 12,
    });
    let batch = json!({"instanceId": laptop_id, "batchId": "0199a1b2-0000-7000-8000-0000000000b1",
                       "records": [record]});
    let (status, first) =
        central.post("/api/synchronization/post_synchronization", session, batch.clone()).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(first["data"]["created"], 1, "{first}");
    assert_eq!(first["data"]["acks"][0]["position"], 12);
    let (_, count) = central.get("/api/member/get.member_count", &pair.central_admin).await;
    let (status, again) =
        central.post("/api/synchronization/post_synchronization", session, batch).await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(again["data"]["replayed"], true, "{again}");
    assert_eq!(again["data"]["acks"], first["data"]["acks"]);
    let (_, count_again) = central.get("/api/member/get.member_count", &pair.central_admin).await;
    assert_eq!(count_again, count);
    let id = id_of(central, &pair.central_admin, "FZ000017").await;
    let kept = member(central, &pair.central_admin, id).await["updatedAt"].clone();
    let kept = chrono::DateTime::parse_from_rfc3339(kept.as_str().unwrap()).unwrap();
    assert_eq!(
        kept.to_rfc3339(),
        "2026-11-20T08:30:00.000001+00:00",
        "the version's time, to the microsecond"
    );

    // An older version of the same member, in another batch, is kept out (and journaled as a conflict).
    let mut older = record_with(&first, laptop_id);
    older["records"][0]["updatedAt"] = json!("2026-11-19T08:30:00Z");
    older["records"][0]["originInstance"] = json!("0199a1b2-0000-7000-8000-00000000f002");
    older["records"][0]["record"]["member_lastname"] = json!("Ancien");
    let (status, kept_out) =
        central.post("/api/synchronization/post_synchronization", session, older).await;
    assert_eq!(status, StatusCode::OK, "{kept_out}");
    assert_eq!(kept_out["data"]["unchanged"], 1, "{kept_out}");
    assert_eq!(kept_out["data"]["conflicts"][0]["lost"]["record"]["member_lastname"], "Ancien");
    assert_eq!(member(central, &pair.central_admin, id).await["member_lastname"], "Yao");

    // The same laptop id at an earlier position: its database was restored or copied.
    let (status, refused) = central.get(&hello(39, L2, L1), session).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert!(
        refused["message"]
            .as_str()
            .unwrap()
            .starts_with("Cette base de données du poste a été restaurée ou copiée"),
        "{refused}"
    );
    // A batch from a laptop that never said who it is, and bad words, are refused in French.
    let stranger = json!({"instanceId": "0199a1b2-0000-7000-8000-00000000f0ff", "batchId": "0199a1b2-0000-7000-8000-0000000000b9", "records": []});
    let (status, refused) =
        central.post("/api/synchronization/post_synchronization", session, stranger).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    let (status, refused) = central
        .get(
            "/api/synchronization/get_synchronization_from_server?instanceId=poste&after=0",
            session,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("uuid"), "{refused}");
    // A page of the central server's changes leaves out what the laptop made itself.
    let page = format!(
        "/api/synchronization/get_synchronization_from_server?instanceId={laptop_id}&after=0"
    );
    let (status, changes) = central.get(&page, session).await;
    assert_eq!(status, StatusCode::OK, "{changes}");
    let names: Vec<&str> = changes["data"]["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["record"]["member_lastname"].as_str().unwrap())
        .collect();
    assert!(!names.contains(&"Yao"), "{changes}");
    // An administrator of the laptop's screens is no sync login: an agent may not call these.
    let (_, agent) = central.login_with_role("awa.agent", "agent").await;
    assert_eq!(central.get(&hello(41, L2, L1), &agent).await.0, StatusCode::FORBIDDEN);
}

/// The first batch's record again, under a new batch id.
fn record_with(first: &Value, laptop_id: &str) -> Value {
    let uuid = first["data"]["acks"][0]["member_uuid"].clone();
    json!({"instanceId": laptop_id, "batchId": "0199a1b2-0000-7000-8000-0000000000b2", "records": [{
        "record": {"member_firstname": "Kouadio", "member_lastname": "Yao", "member_idNumber": "FZ000017",
                   "member_uuid": uuid, "member_isMainAccount": true},
        "updatedAt": "2026-11-20T08:30:00Z", "updatedByUser": "agent.daloa",
        "member_createdAt": "2026-11-20T08:30:00Z", "member_createdByUser": "agent.daloa",
        "originInstance": laptop_id, "position": 13}]})
}

/// A run started, then stopped by its uuid after `delay`: answers whether it was stopped (it may have
/// ended first).
async fn interrupted(pair: &Pair, direction: &str, delay: Duration) -> bool {
    let (status, started) = start(&pair.laptop, &pair.laptop_admin, direction).await;
    assert_eq!(status, StatusCode::OK, "{started}");
    let uuid = started["data"]["synchronizationJournal_uuid"].as_str().unwrap().to_string();
    tokio::time::sleep(delay).await;
    pair.laptop
        .post(
            "/api/synchronization/get_synchronization_stop",
            &pair.laptop_admin,
            json!({"uuid": uuid}),
        )
        .await;
    let entry = ended(&pair.laptop, &pair.laptop_admin, &uuid).await;
    let state = entry["synchronizationJournal_state"].as_str().unwrap();
    assert!(state == "stopped" || state == "done", "{entry}");
    state == "stopped"
}

/// Every member of `suite` by identity number: (last name, address, marked for sending).
pub(crate) async fn all_members(
    suite: &TestSuite,
    token: &str,
) -> std::collections::BTreeMap<String, (String, String, bool)> {
    let mut found = std::collections::BTreeMap::new();
    let mut offset = 0;
    loop {
        let (status, page) = suite
            .get(
                &format!(
                    "/api/member/get.member_list?_limit=500&_offset={offset}&_orderBy=member_id"
                ),
                token,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{page}");
        let rows = page["data"].as_array().unwrap().clone();
        for row in &rows {
            let whole = member(suite, token, row["member_id"].as_i64().unwrap()).await;
            let entry = (
                whole["member_lastname"].as_str().unwrap().to_string(),
                whole["member_address"].as_str().unwrap().to_string(),
                whole["member_synchronizationNeeded"].as_bool().unwrap(),
            );
            assert!(
                found
                    .insert(whole["member_idNumber"].as_str().unwrap().to_string(), entry)
                    .is_none()
            );
        }
        if rows.len() < 500 {
            return found;
        }
        offset += 500;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn runs_stopped_at_random_points_and_started_again_converge_with_no_loss_and_no_double() {
    let pair = pair().await;
    let (laptop, admin) = (&pair.laptop, &pair.laptop_admin);
    let (central, central_admin) = (&pair.central, &pair.central_admin);
    // 600 members on the laptop (three batches), 50 on the central server.
    let mut laptop_ids = Vec::new();
    for n in 0..600 {
        let body = json!({"member_firstname": format!("Terrain{n}"), "member_lastname": "Bamba"});
        laptop_ids.push(save(laptop, admin, "/api/member/post_member", body).await);
    }
    for n in 0..50 {
        let body = json!({"member_firstname": format!("Central{n}"), "member_lastname": "Diallo"});
        save(central, central_admin, "/api/member/post_member", body).await;
    }
    // A fixed sequence of pseudo-random delays (a linear congruential generator), so a failure replays.
    let mut seed: u64 = 0x5eed;
    let mut next = move |bound: u64| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) % bound
    };
    let mut stopped = 0;
    // Stopped within 60 ms of its start: a run that sends a few edits ends in about a tenth of a second.
    for round in 0..24 {
        let direction = if round % 3 == 2 { "from_server" } else { "to_server" };
        stopped += interrupted(&pair, direction, Duration::from_millis(next(60))).await as usize;
        // Edits go on between runs.
        let id = laptop_ids[next(600) as usize];
        edit(laptop, admin, id, json!({"member_address": format!("Rue {round}")})).await;
    }
    eprintln!("{stopped} of 24 runs stopped before their end");
    assert!(stopped >= 6, "only {stopped} of 24 runs were stopped before their end");
    run(&pair, "to_server").await;
    run(&pair, "from_server").await;
    let here = all_members(laptop, admin).await;
    let there = all_members(central, central_admin).await;
    assert_eq!(here.len(), 650, "every member once on the laptop");
    assert_eq!(there.len(), 650, "every member once on the central server");
    for (number, (lastname, address, marked)) in &here {
        assert!(!marked, "{number} still marked for sending");
        let (their_lastname, their_address, _) = &there[number];
        assert_eq!((lastname, address), (their_lastname, their_address), "{number} differs");
    }
}
