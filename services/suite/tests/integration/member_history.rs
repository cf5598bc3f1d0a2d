//! The members service's history (members, cooperatives, parcels) through the REST API, as an inspector and a manager use it: every change one
//! entry with who, from where and old → new (and nothing else), read by every role that reads members,
//! the whole list an administrator's; a past version restored with its reason, refused in French when
//! it would break a rule; the chain's check finding an entry changed behind the application's back.

use crate::support::{TestSuite, save};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn member(suite: &TestSuite, token: &str, id: i64) -> Value {
    let (status, body) = suite.get(&format!("/api/member/get_member/{id}"), token).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].clone()
}

/// The member as it is, with `changes` made to it, saved as the screen saves it (the whole record).
async fn edit(suite: &TestSuite, token: &str, id: i64, changes: Value) {
    let mut body = member(suite, token, id).await;
    body.as_object_mut().unwrap().extend(changes.as_object().unwrap().clone());
    save(suite, token, "/api/member/post_member", body).await;
}

async fn history(suite: &TestSuite, token: &str, id: i64) -> (StatusCode, Value) {
    suite.get(&format!("/api/history/get.history/member/{id}"), token).await
}

/// The changes of an entry as `field: old → new`, sorted.
fn changes(entry: &Value) -> Vec<String> {
    let text = |v: &Value| v.as_str().map_or("∅".to_string(), str::to_string);
    let mut lines: Vec<String> = entry["history_changes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            format!("{}: {} → {}", c["field"].as_str().unwrap(), text(&c["old"]), text(&c["new"]))
        })
        .collect();
    lines.sort();
    lines
}

async fn restore(suite: &TestSuite, token: &str, body: Value) -> (StatusCode, Value) {
    suite.post("/api/history/post.history_restore", token, body).await
}

#[tokio::test(flavor = "multi_thread")]
async fn every_edit_is_an_entry_read_by_who_reads_members_and_a_version_restored_with_its_reason() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let id = save(
        &suite,
        &admin,
        "/api/member/post_member",
        json!({"member_firstname": "Yao", "member_lastname": "Kouadio", "member_birthDate": "12/05/1980",
               "member_gender": "m"}),
    )
    .await;
    edit(&suite, &admin, id, json!({"member_firstname": "Serge"})).await;
    edit(
        &suite,
        &admin,
        id,
        json!({"member_firstname": "Kouamé", "member_birthDate": "1980-04-12"}),
    )
    .await;

    let (status, page) = history(&suite, &admin, id).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["total"], 3, "{page}");
    let entries = page["data"].as_array().unwrap();
    let versions: Vec<i64> =
        entries.iter().map(|e| e["history_version"].as_i64().unwrap()).collect();
    assert_eq!(versions, [3, 2, 1], "newest first");
    // Only what the person changed: no moment of writing, no search key, no server field.
    assert_eq!(
        changes(&entries[0]),
        ["member_birthDate: 1980-05-12 → 1980-04-12", "member_firstname: Serge → Kouamé"]
    );
    assert_eq!(changes(&entries[1]), ["member_firstname: Yao → Serge"]);
    let created = changes(&entries[2]);
    assert!(created.contains(&"member_firstname: ∅ → Yao".to_string()), "{created:?}");
    assert!(created.iter().any(|c| c.starts_with("member_idNumber: ∅ → ")), "{created:?}");
    for entry in entries {
        assert_eq!(entry["history_loginName"], "admin");
        assert_eq!(entry["history_source"], "api", "a call without the screens' header");
        assert!(entry["history_at"].as_str().unwrap().ends_with('Z'), "{entry}");
    }

    // Who reads members reads their history; only a manager or an administrator restores; the whole
    // list is an administrator's.
    let (_, viewer) = suite.login_with_role("lecteur.histoire", "viewer").await;
    let (_, agent) = suite.login_with_role("agent.histoire", "agent").await;
    let (_, manager) = suite.login_with_role("gestion.histoire", "manager").await;
    for token in [&viewer, &agent, &manager] {
        assert_eq!(history(&suite, token, id).await.0, StatusCode::OK);
    }
    let asked = json!({"entity": "member", "id": id, "version": 1, "reason": "erreur de saisie"});
    for token in [&viewer, &agent] {
        assert_eq!(restore(&suite, token, asked.clone()).await.0, StatusCode::FORBIDDEN);
    }
    assert_eq!(suite.get("/api/history/get.history_list", &manager).await.0, StatusCode::FORBIDDEN);
    let (status, listed) = suite.get("/api/history/get.history_list?entity=member", &admin).await;
    assert_eq!(status, StatusCode::OK, "{listed}");
    let listed = listed["data"].as_array().unwrap();
    assert_eq!(listed.len(), 3, "{listed:?}");
    assert!(listed.iter().all(|e| e["history_entityId"] == id && e["history_entity"] == "member"));

    // Refused in French: no reason, the current version, a version that does not exist, an unknown entity.
    for (body, field, message) in [
        (
            json!({"entity": "member", "id": id, "version": 1, "reason": " "}),
            "reason",
            "Indiquez le motif de la restauration.",
        ),
        (
            json!({"entity": "member", "id": id, "version": 3, "reason": "x"}),
            "version",
            "La version 3 est déjà la version actuelle.",
        ),
        (
            json!({"entity": "member", "id": id, "version": 9, "reason": "x"}),
            "version",
            "La version 9 n'existe pas : la dernière est la 3.",
        ),
    ] {
        let (status, answer) = restore(&suite, &manager, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(answer["fields"][field], message, "{answer}");
    }
    let (status, answer) = history(&suite, &admin, 0).await;
    assert_eq!(status, StatusCode::OK, "a record without history has an empty one: {answer}");
    let (status, answer) = suite.get("/api/history/get.history/adherent/1", &admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        answer["fields"]["entity"].as_str().unwrap().starts_with("Entité inconnue : « adherent »")
    );

    // The creation's version put back by a manager from the screens: the record as it was, one more
    // entry saying who, why, from where and what changed.
    let response = reqwest::Client::new()
        .post(suite.url("/api/history/post.history_restore"))
        .bearer_auth(&manager)
        .header("X-Sesame-Source", "screen")
        .json(&asked)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["data"]["history_version"], 4, "{answer}");
    let restored = member(&suite, &admin, id).await;
    assert_eq!(restored["member_firstname"], "Yao");
    assert_eq!(restored["member_birthDate"], "1980-05-12");
    let (_, page) = history(&suite, &admin, id).await;
    let newest = &page["data"][0];
    assert_eq!(newest["history_source"], "restore", "a restore is one, whichever screen asks");
    assert_eq!(newest["history_reason"], "erreur de saisie");
    assert_eq!(newest["history_loginName"], "gestion.histoire");
    assert_eq!(
        changes(newest),
        ["member_birthDate: 1980-04-12 → 1980-05-12", "member_firstname: Kouamé → Yao"]
    );

    // An edit made from the screens (their header) is recorded as such.
    let mut body = member(&suite, &admin, id).await;
    body["member_contact"] = json!("0707070707");
    let response = reqwest::Client::new()
        .post(suite.url("/api/member/post_member"))
        .bearer_auth(&admin)
        .header("X-Sesame-Source", "screen")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let (_, page) = history(&suite, &admin, id).await;
    assert_eq!(page["data"][0]["history_source"], "screen");
    assert_eq!(
        changes(&page["data"][0]),
        ["member_contact:  → 0707070707"],
        "an empty text before"
    );

    // The chain holds, until an entry is changed behind the application's back.
    let (_, verified) =
        suite.get(&format!("/api/history/get.history_verify/member/{id}"), &viewer).await;
    assert_eq!(verified["data"]["history_intact"], true, "{verified}");
    assert_eq!(verified["data"]["history_entries"], 5);
    let pool = common::db::connect(suite.database_url(), 1).await.unwrap();
    sqlx::raw_sql(sqlx::AssertSqlSafe(format!(
        "SET session_replication_role = replica;
         UPDATE members.history SET history_changes = '[]'
         WHERE history_entity = 'member' AND history_entity_id = {id} AND history_version = 2;
         SET session_replication_role = DEFAULT;"
    )))
    .execute(&pool)
    .await
    .unwrap();
    let (_, verified) =
        suite.get(&format!("/api/history/get.history_verify/member/{id}"), &admin).await;
    assert_eq!(verified["data"]["history_intact"], false, "{verified}");
    assert_eq!(verified["data"]["history_brokenVersion"], 2);
    pool.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_restore_that_would_break_a_family_rule_is_refused_and_a_deletion_is_kept() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let body = |first: &str, extra: Value| {
        let mut body = json!({"member_firstname": first, "member_lastname": "Koné"});
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        body
    };
    let main = save(
        &suite,
        &admin,
        "/api/member/post_member",
        body("Awa", json!({"member_birthDate": "1970-01-01"})),
    )
    .await;
    let child = save(
        &suite,
        &admin,
        "/api/member/post_member",
        body("Affoué", json!({"member_isChild": true, "member_mainMemberId": main, "member_birthDate": "2001-03-04"})),
    )
    .await;
    // The child becomes a main member of its own, then its former main member is deleted.
    edit(
        &suite,
        &admin,
        child,
        json!({"member_isChild": false, "member_isMainAccount": true, "member_mainMemberId": null}),
    )
    .await;
    let (status, answer) = suite.delete(&format!("/api/member/delete_member/{main}"), &admin).await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    // Its first version names a main member that no longer exists: refused, nothing written.
    let asked = json!({"entity": "member", "id": child, "version": 1, "reason": "lien perdu"});
    let (status, answer) = restore(&suite, &admin, asked).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(answer["status"], "error");
    assert!(answer["fields"]["member_mainMemberId"].is_string(), "{answer}");
    assert_eq!(history(&suite, &admin, child).await.1["total"], 2);

    // The deleted member's history stays readable, its deletion an entry of every field it had.
    let (_, page) = history(&suite, &admin, main).await;
    assert_eq!(page["total"], 2, "{page}");
    let deletion = &page["data"][0];
    assert!(changes(deletion).contains(&"member_firstname: Awa → ∅".to_string()), "{deletion}");
    assert!(deletion["history_changes"].as_array().unwrap().iter().all(|c| c["new"].is_null()));
    let asked =
        json!({"entity": "member", "id": main, "version": 1, "reason": "supprimé par erreur"});
    let (status, answer) = restore(&suite, &admin, asked).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(
        answer["message"],
        format!(
            "L'adhérent n° {main} a été supprimé : la restauration d'un enregistrement supprimé n'est pas encore possible."
        )
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_cooperative_and_a_parcel_have_their_history_and_their_past_versions_back() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let record = |entity: &str, id: i64| format!("/api/history/get.history/{entity}/{id}");
    let coop = save(
        &suite,
        &admin,
        "/api/cooperative/post_cooperative",
        json!({"cooperative_code": "C-1", "cooperative_name": "Coop Daloa"}),
    )
    .await;
    let renamed = json!({"cooperative_id": coop, "cooperative_code": "C-1", "cooperative_name": "Coop de Daloa",
                         "cooperative_contact": "0102030405"});
    save(&suite, &admin, "/api/cooperative/post_cooperative", renamed).await;
    let (_, page) = suite.get(&record("cooperative", coop), &admin).await;
    assert_eq!(page["total"], 2, "{page}");
    assert_eq!(
        changes(&page["data"][0]),
        ["cooperative_contact:  → 0102030405", "cooperative_name: Coop Daloa → Coop de Daloa"]
    );
    let asked =
        json!({"entity": "cooperative", "id": coop, "version": 1, "reason": "nom officiel"});
    let (status, answer) = restore(&suite, &admin, asked).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (_, back) = suite.get(&format!("/api/cooperative/get_cooperative/{coop}"), &admin).await;
    assert_eq!(back["data"]["cooperative_name"], "Coop Daloa");
    assert_eq!(back["data"]["cooperative_contact"], "");

    let owner = save(
        &suite,
        &admin,
        "/api/member/post_member",
        json!({"member_firstname": "Yao", "member_lastname": "Kouadio"}),
    )
    .await;
    let parcel = save(
        &suite,
        &admin,
        "/api/parcel/post_parcel",
        json!({"parcel_code": "P-1", "parcel_memberId": owner, "parcel_area": 1.5, "parcel_crop": "Cacao"}),
    )
    .await;
    let changed = json!({"parcel_id": parcel, "parcel_code": "P-1", "parcel_memberId": owner,
                         "parcel_area": 2.25, "parcel_crop": "Café"});
    save(&suite, &admin, "/api/parcel/post_parcel", changed).await;
    let (status, answer) =
        suite.delete(&format!("/api/parcel/delete_parcel/{parcel}"), &admin).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (_, page) = suite.get(&record("parcel", parcel), &admin).await;
    assert_eq!(page["total"], 3, "{page}");
    assert_eq!(changes(&page["data"][1]), ["parcel_area: 1.5 → 2.25", "parcel_crop: Cacao → Café"]);
    assert!(changes(&page["data"][0]).contains(&"parcel_crop: Café → ∅".to_string()));
    let asked =
        json!({"entity": "parcel", "id": parcel, "version": 3, "reason": "supprimée par erreur"});
    let (status, answer) = restore(&suite, &admin, asked).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "the deletion is the current version: {answer}");
    let asked =
        json!({"entity": "parcel", "id": parcel, "version": 2, "reason": "supprimée par erreur"});
    let (status, answer) = restore(&suite, &admin, asked).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(
        answer["message"],
        format!(
            "La parcelle n° {parcel} a été supprimée : la restauration d'un enregistrement supprimé n'est pas encore possible."
        )
    );
}
