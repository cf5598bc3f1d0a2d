//! Members through the gateway: families, validation, identity numbers, search, photos, the geography
//! projection, cooperatives and parcels.

use crate::support::{TestSuite, assert_pages_follow_the_last_row, chain, save};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

/// A locality known to the members service: made through the geography, then waited for until the
/// projection (fed by the geography's events) has it.
async fn projected_locality(suite: &TestSuite, token: &str) -> (i64, i64) {
    let (region, _, _, locality) = chain(suite, token).await;
    wait_until_projected(suite, token, locality).await;
    (region, locality)
}

/// Waits until a member can be given this locality, that is until the members' projection has it.
async fn wait_until_projected(suite: &TestSuite, token: &str, locality: i64) {
    wait_for(|| async {
        let (status, body) = suite
            .post(
                "/api/member/post_member",
                token,
                member("Probe", "Locality", json!({"member_localityId": locality})),
            )
            .await;
        if status == StatusCode::OK {
            suite.delete(&format!("/api/member/delete_member/{}", body["id"]), token).await;
        }
        status == StatusCode::OK
    })
    .await;
}

async fn wait_for<F, Fut>(mut check: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    while !check().await {
        assert!(tokio::time::Instant::now() < deadline, "the condition never came true");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A member body: names, plus the given fields.
fn member(first: &str, last: &str, extra: Value) -> Value {
    let mut body = json!({"member_firstname": first, "member_lastname": last});
    body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
    body
}

async fn create(suite: &TestSuite, token: &str, body: Value) -> i64 {
    save(suite, token, "/api/member/post_member", body).await
}

async fn get(suite: &TestSuite, token: &str, id: i64) -> Value {
    let (status, body) = suite.get(&format!("/api/member/get_member/{id}"), token).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["data"].clone()
}

/// Posts and answers the status and the field messages.
async fn refused(suite: &TestSuite, token: &str, body: Value) -> (StatusCode, Value) {
    let (status, answer) = suite.post("/api/member/post_member", token, body).await;
    assert_eq!(answer["status"], "error", "{answer}");
    (status, answer)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_member_is_created_read_updated_and_deleted_with_server_set_fields() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let id = create(
        &suite,
        &admin,
        member("Awa", "Koné", json!({"member_birthDate": "12/05/1980", "member_gender": "f"})),
    )
    .await;
    let m = get(&suite, &admin, id).await;
    assert_eq!(m["member_firstname"], "Awa");
    assert_eq!(m["member_birthDate"], "1980-05-12", "French dates are read");
    assert_eq!(m["member_gender"], "F");
    assert_eq!(m["member_isMainAccount"], true);
    assert_eq!(m["member_createdByUser"], "admin");
    assert_eq!(m["updatedByUser"], "admin");
    assert_eq!(m["member_orderNumber"], 0);
    assert_eq!(
        m["member_synchronizationNeeded"], false,
        "a central instance marks nothing for synchronisation"
    );
    assert_eq!(m["member_hasValidCard"], false);
    assert_eq!(m["member_uuid"].as_str().unwrap().len(), 36);
    let number = m["member_idNumber"].as_str().unwrap().to_string();
    assert!(number.starts_with('C') && number.len() == 10, "{number}");

    // The whole record comes back with a change; the server-set fields stay.
    let mut edited = m.clone();
    edited["member_city"] = json!("Daloa");
    edited["member_createdByUser"] = json!("someone else");
    save(&suite, &admin, "/api/member/post_member", edited).await;
    let m = get(&suite, &admin, id).await;
    assert_eq!(m["member_city"], "Daloa");
    assert_eq!(m["member_idNumber"], number.as_str(), "the number stays");
    assert_eq!(m["member_createdByUser"], "admin");

    assert_eq!(
        suite.delete(&format!("/api/member/delete_member/{id}"), &admin).await.0,
        StatusCode::OK
    );
    assert_eq!(
        suite.get(&format!("/api/member/get_member/{id}"), &admin).await.0,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_field_instance_marks_every_change_for_synchronisation() {
    let suite = TestSuite::start_with(|c| {
        c.members.running_env = common::config::RunningEnv::Field;
        c.members.id_prefix = "FA".into();
    })
    .await;
    let admin = suite.admin_token().await;
    let id = create(&suite, &admin, member("Yao", "Kouadio", json!({}))).await;
    let m = get(&suite, &admin, id).await;
    assert_eq!(m["member_synchronizationNeeded"], true);
    assert!(
        m["member_idNumber"].as_str().unwrap().starts_with("FA"),
        "field numbers carry the instance's prefix"
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn every_validation_rule_answers_in_french_on_its_field() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let cases = [
        (json!({"member_lastname": "Koné"}), "member_firstname", "Le prénom est obligatoire."),
        (
            json!({"member_firstname": "Awa", "member_lastname": "  "}),
            "member_lastname",
            "Le nom est obligatoire.",
        ),
        (
            member("Awa", "Koné", json!({"member_gender": "X"})),
            "member_gender",
            "Le sexe doit être « M » ou « F ».",
        ),
        (
            member("Awa", "Koné", json!({"member_birthDate": "31/02/1980"})),
            "member_birthDate",
            "Date invalide : utilisez AAAA-MM-JJ ou JJ/MM/AAAA.",
        ),
        (
            member("Awa", "Koné", json!({"member_birthDate": "2999-01-01"})),
            "member_birthDate",
            "La date de naissance ne peut pas être dans le futur.",
        ),
        (
            member(
                "Awa",
                "Koné",
                json!({"member_birthDate": "1990-01-01", "member_membershipStartDate": "1985-01-01"}),
            ),
            "member_membershipStartDate",
            "La date d'adhésion ne peut pas précéder la date de naissance.",
        ),
        (
            member("Awa", "Koné", json!({"householdSize": -1})),
            "householdSize",
            "La taille du ménage doit être comprise entre 0 et 1000.",
        ),
        (
            member("Awa", "Koné", json!({"member_idNumber": "C-12"})),
            "member_idNumber",
            "Le numéro d'adhérent ne peut contenir que des lettres et des chiffres.",
        ),
        (
            member("Awa", "Koné", json!({"member_localityId": 999999})),
            "member_localityId",
            "Localité n° 999999 introuvable.",
        ),
        (
            member("Awa", "Koné", json!({"member_cooperativeId": 999999})),
            "member_cooperativeId",
            "Coopérative n° 999999 introuvable.",
        ),
        (
            member(&"A".repeat(101), "Koné", json!({})),
            "member_firstname",
            "Ce texte est trop long.",
        ),
    ];
    for (body, field, message) in cases {
        let (status, answer) = refused(&suite, &admin, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert_eq!(answer["fields"][field], message, "{body}: {answer}");
    }
    let (_, list) = suite.get("/api/member/get.member_list", &admin).await;
    assert_eq!(list["total"], 0, "nothing was written");
}

#[tokio::test(flavor = "multi_thread")]
async fn every_family_rule_holds() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let main =
        create(&suite, &admin, member("Kouamé", "Yao", json!({"member_birthDate": "1970-01-01"})))
            .await;

    // A spouse and a child point to the main member.
    let spouse = create(
        &suite,
        &admin,
        member("Adjoua", "Yao", json!({"member_isSpouse": true, "member_mainMemberId": main})),
    )
    .await;
    let child = create(
        &suite,
        &admin,
        member("Affoué", "Yao", json!({"member_isChild": true, "member_mainMemberId": main, "member_birthDate": "2001-03-04"})),
    )
    .await;
    let s = get(&suite, &admin, spouse).await;
    assert_eq!(s["member_mainMemberName"], "Kouamé Yao");
    assert_eq!(s["member_isMainAccount"], false);
    assert_eq!(s["member_orderNumber"], 1);
    assert_eq!(get(&suite, &admin, child).await["member_orderNumber"], 2);
    assert_eq!(get(&suite, &admin, main).await["dependentCount"], 2);

    // The family, asked from the main member or from a dependant.
    for asked in [main, child] {
        let (_, family) =
            suite.get(&format!("/api/member/get_member-family/{asked}"), &admin).await;
        assert_eq!(family["data"]["main"]["member_id"], main);
        assert_eq!(family["data"]["spouses"].as_array().unwrap().len(), 1);
        assert_eq!(family["data"]["spouses"][0]["member_firstname"], "Adjoua");
        assert_eq!(family["data"]["children"][0]["member_firstname"], "Affoué");
    }

    let rules = [
        (
            member("X", "Y", json!({"member_isChild": true})),
            "member_mainMemberId",
            "Un conjoint ou un enfant doit être rattaché à un adhérent principal.",
        ),
        (
            member("X", "Y", json!({"member_isMainAccount": true, "member_mainMemberId": main})),
            "member_mainMemberId",
            "Un adhérent principal ne peut pas être rattaché à un autre adhérent.",
        ),
        (
            member(
                "X",
                "Y",
                json!({"member_isSpouse": true, "member_isChild": true, "member_mainMemberId": main}),
            ),
            "member_isMainAccount",
            "Choisissez un seul lien familial : adhérent principal, conjoint ou enfant.",
        ),
        (
            member("X", "Y", json!({"member_isSpouse": true, "member_mainMemberId": spouse})),
            "member_mainMemberId",
            &format!(
                "L'adhérent n° {spouse} n'est pas un adhérent principal : rattachez la personne à son adhérent principal."
            ),
        ),
        (
            member("X", "Y", json!({"member_isChild": true, "member_mainMemberId": 999999})),
            "member_mainMemberId",
            "L'adhérent principal n° 999999 est introuvable.",
        ),
        (
            member(
                "X",
                "Y",
                json!({"member_isChild": true, "member_mainMemberId": main, "member_birthDate": "1965-01-01"}),
            ),
            "member_birthDate",
            "Un enfant doit être plus jeune que son adhérent principal.",
        ),
        (
            member(
                "X",
                "Y",
                json!({"member_id": child, "member_isChild": true, "member_mainMemberId": child}),
            ),
            "member_mainMemberId",
            "Un adhérent ne peut pas être sa propre personne à charge.",
        ),
    ];
    for (body, field, message) in rules {
        let (status, answer) = refused(&suite, &admin, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert_eq!(answer["fields"][field], *message, "{body}: {answer}");
    }

    // A main member with dependants can neither become a dependant nor be deleted.
    let other = create(&suite, &admin, member("Seydou", "Koné", json!({}))).await;
    let mut demoted = get(&suite, &admin, main).await;
    demoted["member_isMainAccount"] = json!(false);
    demoted["member_isSpouse"] = json!(true);
    demoted["member_mainMemberId"] = json!(other);
    let (status, answer) = refused(&suite, &admin, demoted).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        answer["message"],
        "Cet adhérent a 2 personnes à charge : il ne peut pas devenir conjoint ou enfant."
    );
    let (status, answer) = suite.delete(&format!("/api/member/delete_member/{main}"), &admin).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        answer["message"],
        "Cet adhérent principal a 2 personnes à charge : supprimez-les ou rattachez-les d'abord à un autre adhérent."
    );

    // Once the dependants are gone, it can.
    for id in [spouse, child] {
        assert_eq!(
            suite.delete(&format!("/api/member/delete_member/{id}"), &admin).await.0,
            StatusCode::OK
        );
    }
    assert_eq!(get(&suite, &admin, main).await["dependentCount"], 0);
    assert_eq!(
        suite.delete(&format!("/api/member/delete_member/{main}"), &admin).await.0,
        StatusCode::OK
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn generated_id_numbers_are_unique_under_concurrent_creates_and_the_server_owns_them() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let creates = (0..40).map(|i| {
        let (suite, admin) = (&suite, &admin);
        async move { create(suite, admin, member(&format!("Awa{i}"), "Traoré", json!({}))).await }
    });
    let ids = futures::future::join_all(creates).await;
    let mut numbers = std::collections::HashSet::new();
    for id in &ids {
        let number =
            get(&suite, &admin, *id).await["member_idNumber"].as_str().unwrap().to_string();
        assert!(
            members::domain::id_number::is_valid(&number),
            "{number} carries valid check digits"
        );
        assert!(numbers.insert(number), "numbers are unique");
    }
    // A number (or a uuid) chosen by the client is refused on creation, and cannot be changed later.
    let taken = get(&suite, &admin, ids[1]).await["member_idNumber"].clone();
    let (status, answer) =
        refused(&suite, &admin, member("Bis", "Traoré", json!({"member_idNumber": taken}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer["fields"]["member_idNumber"],
        "Le numéro d'adhérent est attribué par le serveur : laissez-le vide pour un nouvel adhérent."
    );
    let uuid = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";
    let (status, answer) =
        refused(&suite, &admin, member("Bis", "Traoré", json!({"member_uuid": uuid}))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(answer["fields"]["member_uuid"].as_str().unwrap().contains("attribué par le serveur"));
    let mut record = get(&suite, &admin, ids[0]).await;
    record["member_idNumber"] = taken;
    let (status, answer) = refused(&suite, &admin, record).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "another member's number: {answer}");
    assert_eq!(
        answer["fields"]["member_idNumber"],
        "Le numéro d'adhérent ne peut pas être modifié."
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_search_finds_partial_words_without_accents_or_case() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let kouame = create(
        &suite,
        &admin,
        member("Kouamé", "N'Guessan", json!({"member_contact": "0707123456"})),
    )
    .await;
    create(&suite, &admin, member("Aya", "Bamba", json!({}))).await;
    let agent = suite.login_with_role("agent.man", "agent").await.1;
    create(&suite, &agent, member("Drissa", "Ouattara", json!({}))).await;
    let number =
        get(&suite, &admin, kouame).await["member_idNumber"].as_str().unwrap().to_lowercase();

    let found = |query: String| {
        let (suite, admin) = (&suite, &admin);
        async move {
            let (status, body) =
                suite.get(&format!("/api/member/get.member_list?{query}"), admin).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            body["data"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["member_firstname"].as_str().unwrap().to_string())
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(found("filter=KOUAME".into()).await, ["Kouamé"]);
    assert_eq!(found("filter=guess".into()).await, ["Kouamé"], "a partial last name");
    assert_eq!(found("filter=0707123".into()).await, ["Kouamé"], "the contact");
    assert_eq!(
        found(format!("filter={}", &number[4..])).await,
        ["Kouamé"],
        "part of the id number"
    );
    assert_eq!(found("filter_firstname=ouam".into()).await, ["Kouamé"]);
    assert!(
        found("filter_firstname=bamba".into()).await.is_empty(),
        "a last name is not a first name"
    );
    assert_eq!(found(format!("filter_idNumber={number}")).await, ["Kouamé"]);
    assert_eq!(found("createdBy=agent.man".into()).await, ["Drissa"]);
    assert_eq!(found("_orderBy=member_firstname".into()).await, ["Aya", "Drissa", "Kouamé"]);
    assert_eq!(
        found("_orderBy=member_firstname&_descending=true&_limit=1&_offset=1".into()).await,
        ["Drissa"]
    );
    let (status, body) =
        suite.get("/api/member/get.member_list?_orderBy=member_password", &admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    let (_, list) = suite.get("/api/member/get.member_list?_limit=1", &admin).await;
    assert_eq!(list["total"], 3);
    assert_eq!(list["totalExact"], true);
    let (_, count) = suite.get("/api/member/get.member_count", &admin).await;
    assert_eq!(count["data"], 3);
    assert_eq!(count["totalExact"], true);
    let (_, count) = suite.get("/api/member/get.member_count?filter=kouame", &admin).await;
    assert_eq!(count["data"], 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn keyset_pages_follow_the_last_row_in_every_order() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    // Two members share a last name, and one has no birth date: ties and NULLs sort by id.
    let people = [
        ("Awa", "Koné", Some("1990-05-01")),
        ("Yao", "Bamba", Some("1985-02-11")),
        ("Aya", "Koné", None),
        ("Drissa", "Ouattara", Some("1979-12-30")),
        ("Mariam", "Diallo", None),
    ];
    for (first, last, birth) in people {
        let extra = birth.map_or(json!({}), |date| json!({"member_birthDate": date}));
        create(&suite, &admin, member(first, last, extra)).await;
    }
    let orders = ["member_id", "member_lastname", "member_birthDate", "member_firstname"];
    let list = "/api/member/get.member_list";
    assert_pages_follow_the_last_row(&suite, &admin, list, "member_id", &orders).await;
    let (status, body) = suite.get("/api/member/get.member_list?after=-4", &admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["fields"]["after"],
        "L'identifiant de la dernière ligne reçue ne peut pas être négatif."
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn the_list_names_the_locality_levels_and_follows_geography_events() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (region, locality) = projected_locality(&suite, &admin).await;
    let id =
        create(&suite, &admin, member("Awa", "Koné", json!({"member_localityId": locality}))).await;
    let (_, list) = suite.get("/api/member/get.member_list", &admin).await;
    let row = &list["data"][0];
    assert_eq!(row["member_id"], id);
    assert_eq!(row["locality_name"], "Dàloa");
    assert_eq!(row["region_name"], "Haut-Sassandra");
    // The list carries what its screen shows; the whole record names every level.
    assert!(row.get("subprefecture_name").is_none(), "{row}");
    let record = get(&suite, &admin, id).await;
    assert_eq!(record["subprefecture_name"], "Gboguhé");
    assert_eq!(record["department_name"], "Daloa");

    // A region renamed in the geography: the members' list follows, through the event.
    save(
        &suite,
        &admin,
        "/api/region/post_region",
        json!({"region_id": region, "region_code": "HSS", "region_name": "Haut-Sassandra Nord"}),
    )
    .await;
    wait_for(|| async { get(&suite, &admin, id).await["region_name"] == "Haut-Sassandra Nord" })
        .await;
}

#[tokio::test(flavor = "multi_thread")]
async fn localities_added_by_an_import_reach_the_members_list() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let row = |locality: &str| {
        json!({"region_code": "GBK", "region_name": "Gbêkê", "department_code": "BKE", "department_name": "Bouaké",
               "subprefecture_code": "BKE-1", "subprefecture_name": "Brobo", "locality_name": locality})
    };
    let (status, body) = suite
        .post(
            "/api/locality/post_locality-import",
            &admin,
            json!([row("Ahougnansou"), row("Kongodékro")]),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, list) = suite.get("/api/locality/get.locality_list?filter=Kongod", &admin).await;
    let locality = list["data"][0]["locality_id"].as_i64().expect("the imported locality");

    // The members service learns the locality (and its parents) from the import's batched event.
    wait_until_projected(&suite, &admin, locality).await;
    let member_id =
        create(&suite, &admin, member("Yao", "Kouadio", json!({"member_localityId": locality})))
            .await;
    let saved = get(&suite, &admin, member_id).await;
    assert_eq!(saved["locality_name"], "Kongodékro");
    assert_eq!(saved["subprefecture_name"], "Brobo");
    assert_eq!(saved["region_name"], "Gbêkê");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_member_is_registered_at_once_on_a_locality_imported_a_moment_before() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    // Each round imports a new locality (under a new sub-prefecture, so that its parents are new to the
    // members too), then registers a member there at once, without waiting for the import's events.
    for round in 0..20 {
        let name = format!("Gbessekro{round:02}");
        let row = json!({"region_code": "GBK", "region_name": "Gbêkê", "department_code": "BKE",
                         "department_name": "Bouaké", "subprefecture_code": format!("BKE-{round}"),
                         "subprefecture_name": format!("Brobo {round}"), "locality_name": name});
        let (status, body) =
            suite.post("/api/locality/post_locality-import", &admin, json!([row])).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let (_, list) =
            suite.get(&format!("/api/locality/get.locality_list?filter={name}"), &admin).await;
        let locality = list["data"][0]["locality_id"].as_i64().expect("the imported locality");
        let (status, body) = suite
            .post(
                "/api/member/post_member",
                &admin,
                member("Awa", "Koné", json!({"member_localityId": locality})),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "round {round}: {body}");
        let saved = get(&suite, &admin, body["id"].as_i64().unwrap()).await;
        assert_eq!(saved["locality_name"], name.as_str());
        assert_eq!(saved["subprefecture_name"], format!("Brobo {round}").as_str());
        assert_eq!(saved["region_name"], "Gbêkê");
    }
    // A locality that does not exist anywhere is still refused, on its field.
    let (status, body) = suite
        .post(
            "/api/member/post_member",
            &admin,
            member("Awa", "Koné", json!({"member_localityId": 987654})),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["fields"]["member_localityId"], "Localité n° 987654 introuvable.");
}

#[tokio::test(flavor = "multi_thread")]
async fn members_cooperatives_and_parcels_tell_their_changes_with_what_a_card_needs() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (_, locality) = projected_locality(&suite, &admin).await;
    let coop = save(
        &suite,
        &admin,
        "/api/cooperative/post_cooperative",
        json!({"cooperative_code": "scoop-gag", "cooperative_name": "Coop de Gagnoa", "cooperative_localityId": locality}),
    )
    .await;
    let id = create(
        &suite,
        &admin,
        member(
            "Adjoua",
            "N'Guessan",
            json!({"member_gender": "F", "member_birthDate": "14/02/1985", "member_birthLocation": "Gagnoa",
                   "member_city": "Gagnoa", "member_contact": "0707070707", "member_localityId": locality,
                   "member_membershipStartDate": "2020-01-01", "member_cooperativeId": coop}),
        ),
    )
    .await;
    let parcel = save(
        &suite,
        &admin,
        "/api/parcel/post_parcel",
        json!({"parcel_code": "p-9", "parcel_memberId": id, "parcel_area": 1.5, "parcel_crop": "Cacao"}),
    )
    .await;
    suite.delete(&format!("/api/parcel/delete_parcel/{parcel}"), &admin).await;

    let events = suite.events("members", 6).await;
    let of = |subject: &str| {
        events.iter().rev().find(|(s, _)| s == subject).map(|(_, p)| p.clone()).unwrap_or_else(
            || {
                panic!(
                    "no {subject} event in {:?}",
                    events.iter().map(|e| &e.0).collect::<Vec<_>>()
                )
            },
        )
    };
    let cooperative = of("members.cooperative.created");
    assert_eq!(cooperative["cooperative_id"], coop);
    assert_eq!(cooperative["cooperative_code"], "SCOOP-GAG");
    assert_eq!(cooperative["cooperative_localityId"], locality);
    let created = of("members.member.created");
    assert_eq!(created["member_id"], id);
    assert_eq!(created["member_lastname"], "N'Guessan");
    assert_eq!(created["member_gender"], "F");
    assert_eq!(created["member_birthDate"], "1985-02-14");
    assert_eq!(created["member_birthLocation"], "Gagnoa");
    assert_eq!(created["member_city"], "Gagnoa");
    assert_eq!(created["member_contact"], "0707070707");
    assert_eq!(created["member_membershipStartDate"], "2020-01-01");
    assert_eq!(created["member_cooperativeId"], coop);
    assert!(created["member_idNumber"].as_str().is_some_and(|n| n.starts_with('C')));
    // Every event is versioned and names its id (the JetStream message id, once per change).
    assert_eq!(created["meta"]["schemaVersion"], 1);
    assert!(created["meta"]["eventId"].as_str().is_some_and(|id| id.len() == 36));
    assert!(created["meta"]["occurredAt"].as_str().is_some_and(|t| t.starts_with("20")));
    let saved = of("members.parcel.created");
    assert_eq!((&saved["parcel_id"], &saved["parcel_code"]), (&json!(parcel), &json!("P-9")));
    assert_eq!(saved["parcel_memberId"], id);
    assert_eq!(saved["parcel_area"], 1.5);
    assert_eq!(of("members.parcel.deleted")["parcel_id"], parcel);
}

pub(crate) fn png(width: u32, height: u32) -> Vec<u8> {
    let img = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 255) as u8, (y % 255) as u8, 120])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

pub(crate) async fn upload(
    suite: &TestSuite,
    token: &str,
    member_id: i64,
    file_name: &str,
    bytes: Vec<u8>,
) -> (StatusCode, Value) {
    let form = reqwest::multipart::Form::new().text("member_id", member_id.to_string()).part(
        "member_photo",
        reqwest::multipart::Part::bytes(bytes).file_name(file_name.to_string()),
    );
    let response = suite
        .http
        .post(suite.url("/api/member/post_member-photo"))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

pub(crate) async fn photo(
    suite: &TestSuite,
    token: &str,
    member_id: i64,
    thumbnail: bool,
) -> (StatusCode, Vec<u8>) {
    let url = suite.url(&format!("/api/member/get_member-photo/{member_id}?thumbnail={thumbnail}"));
    let response = suite.http.get(url).bearer_auth(token).send().await.unwrap();
    (response.status(), response.bytes().await.unwrap().to_vec())
}

#[tokio::test(flavor = "multi_thread")]
async fn photos_are_checked_normalised_and_a_refused_upload_keeps_the_previous_one() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let id =
        create(&suite, &admin, member("Awa", "Koné", json!({"member_photoChecked": true}))).await;
    assert_eq!(photo(&suite, &admin, id, false).await.0, StatusCode::NOT_FOUND);

    let (status, answer) = upload(&suite, &admin, id, "awa.png", png(2400, 1200)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["member_photo"], format!("{id}.jpg"));
    assert_eq!(
        answer["photo_path"],
        format!("/api/member/get_member-photo/{id}?v=1"),
        "the address names the photo's version"
    );
    let (status, kept) = photo(&suite, &admin, id, false).await;
    assert_eq!(status, StatusCode::OK);
    let picture = image::load_from_memory(&kept).unwrap();
    assert_eq!(image::guess_format(&kept).unwrap(), image::ImageFormat::Jpeg, "kept as JPEG");
    assert_eq!((picture.width(), picture.height()), (1024, 512), "bounded to 1024 pixels");
    let thumbnail = image::load_from_memory(&photo(&suite, &admin, id, true).await.1).unwrap();
    assert_eq!(thumbnail.width(), 160);
    let m = get(&suite, &admin, id).await;
    assert_eq!(m["member_photoFileName"], format!("{id}.jpg"));
    assert_eq!(m["member_photoChecked"], false, "a new photo is not verified yet");
    assert_eq!(m["photoFilePath"], answer["photo_path"]);

    // A text file named .jpg, an oversized file, a broken image: refused, and the photo stays.
    let (status, answer) =
        upload(&suite, &admin, id, "photo.jpg", b"not an image, only text".to_vec()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["message"], "Ce fichier n'est pas une image JPEG, PNG ou WebP.");
    let mut huge = png(64, 64);
    huge.resize(9 * 1024 * 1024, 0);
    let (status, answer) = upload(&suite, &admin, id, "huge.png", huge).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["message"], "La photo dépasse la taille permise (8 Mo au plus).");
    let broken = png(300, 300)[..200].to_vec();
    let (status, answer) = upload(&suite, &admin, id, "broken.png", broken).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["message"], "Cette image est illisible ou abîmée.");
    assert_eq!(photo(&suite, &admin, id, false).await.1, kept, "the previous photo is untouched");

    let (status, answer) = upload(&suite, &admin, 999999, "awa.png", png(10, 10)).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{answer}");
    let viewer = suite.login_with_role("lecteur", "viewer").await.1;
    assert_eq!(upload(&suite, &viewer, id, "awa.png", png(10, 10)).await.0, StatusCode::FORBIDDEN);
    assert_eq!(photo(&suite, &viewer, id, false).await.0, StatusCode::OK, "a viewer sees photos");
}

#[tokio::test(flavor = "multi_thread")]
async fn cooperatives_are_created_listed_updated_and_deleted_once_empty() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (_, locality) = projected_locality(&suite, &admin).await;
    let coop = save(
        &suite,
        &admin,
        "/api/cooperative/post_cooperative",
        json!({"cooperative_code": "scoop-dal", "cooperative_name": "Coopérative des planteurs de Daloa", "cooperative_localityId": locality}),
    )
    .await;
    let (status, answer) = suite
        .post(
            "/api/cooperative/post_cooperative",
            &admin,
            json!({"cooperative_code": "SCOOP-DAL", "cooperative_name": "Bis"}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(answer["message"], "Le code de coopérative « SCOOP-DAL » est déjà utilisé.");
    assert_eq!(answer["fields"]["cooperative_code"], answer["message"], "named on its field");
    let (status, answer) = suite
        .post("/api/cooperative/post_cooperative", &admin, json!({"cooperative_name": "Sans code"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["fields"]["cooperative_code"], "Le code de la coopérative est obligatoire.");

    let id =
        create(&suite, &admin, member("Awa", "Koné", json!({"member_cooperativeId": coop}))).await;
    assert_eq!(
        get(&suite, &admin, id).await["cooperative_name"],
        "Coopérative des planteurs de Daloa"
    );
    let (_, list) =
        suite.get("/api/cooperative/get.cooperative_list?filter=planteurs", &admin).await;
    assert_eq!(list["total"], 1);
    assert_eq!(list["data"][0]["cooperative_code"], "SCOOP-DAL");
    assert_eq!(list["data"][0]["cooperative_memberCount"], 1);
    assert_eq!(list["data"][0]["locality_name"], "Dàloa");
    let (_, members_of) =
        suite.get(&format!("/api/member/get.member_list?cooperativeId={coop}"), &admin).await;
    assert_eq!(members_of["total"], 1);

    save(&suite, &admin, "/api/cooperative/post_cooperative", json!({"cooperative_id": coop, "cooperative_code": "SCOOP-DAL", "cooperative_name": "Scoop Daloa"})).await;
    let (_, got) = suite.get(&format!("/api/cooperative/get_cooperative/{coop}"), &admin).await;
    assert_eq!(got["data"]["cooperative_name"], "Scoop Daloa");

    let (status, answer) =
        suite.delete(&format!("/api/cooperative/delete_cooperative/{coop}"), &admin).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(answer["message"], "Cette coopérative regroupe 1 adhérent : retirez-les d'abord.");
    suite.delete(&format!("/api/member/delete_member/{id}"), &admin).await;
    assert_eq!(
        suite.delete(&format!("/api/cooperative/delete_cooperative/{coop}"), &admin).await.0,
        StatusCode::OK
    );
    assert_eq!(
        suite.get(&format!("/api/cooperative/get_cooperative/{coop}"), &admin).await.0,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn parcels_are_created_listed_updated_and_deleted() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let owner = create(&suite, &admin, member("Yao", "Kouassi", json!({}))).await;
    let parcel = save(
        &suite,
        &admin,
        "/api/parcel/post_parcel",
        json!({"parcel_code": "p-001", "parcel_memberId": owner, "parcel_area": 2.75, "parcel_crop": "Cacao",
               "parcel_latitude": 6.877, "parcel_longitude": -6.45}),
    )
    .await;
    let (_, list) =
        suite.get(&format!("/api/parcel/get.parcel_list?memberId={owner}"), &admin).await;
    assert_eq!(list["total"], 1);
    let row = &list["data"][0];
    assert_eq!(row["parcel_code"], "P-001");
    assert_eq!(row["parcel_area"], 2.75);
    assert_eq!(row["member_name"], "Yao Kouassi");
    let (_, list) = suite.get("/api/parcel/get.parcel_list?filter=kouassi", &admin).await;
    assert_eq!(list["total"], 1, "found by its farmer's name");

    let rules = [
        (json!({"parcel_code": "P-2", "parcel_memberId": owner, "parcel_area": 0}), "parcel_area"),
        (
            json!({"parcel_code": "P-2", "parcel_memberId": owner, "parcel_area": 1, "parcel_latitude": 6.8}),
            "parcel_longitude",
        ),
        (
            json!({"parcel_code": "P-2", "parcel_memberId": owner, "parcel_area": 1, "parcel_latitude": 91, "parcel_longitude": 1}),
            "parcel_latitude",
        ),
        (
            json!({"parcel_code": "P-2", "parcel_memberId": 999999, "parcel_area": 1}),
            "parcel_memberId",
        ),
        (json!({"parcel_memberId": owner, "parcel_area": 1}), "parcel_code"),
    ];
    for (body, field) in rules {
        let (status, answer) = suite.post("/api/parcel/post_parcel", &admin, body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert!(answer["fields"][field].is_string(), "{body}: {answer}");
    }
    let (status, answer) = suite
        .post(
            "/api/parcel/post_parcel",
            &admin,
            json!({"parcel_code": "P-001", "parcel_memberId": owner, "parcel_area": 1}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(answer["fields"]["parcel_code"], "Le code de parcelle « P-001 » est déjà utilisé.");
    assert_eq!(answer["fields"]["parcel_code"], "Le code de parcelle « P-001 » est déjà utilisé.");
    // A member who farms a parcel is not deleted with it.
    let (status, answer) =
        suite.delete(&format!("/api/member/delete_member/{owner}"), &admin).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(answer["message"], "Cet adhérent exploite 1 parcelle : supprimez-les d'abord.");

    save(&suite, &admin, "/api/parcel/post_parcel", json!({"parcel_id": parcel, "parcel_code": "P-001", "parcel_memberId": owner, "parcel_area": 3, "parcel_crop": "Café"})).await;
    let (_, got) = suite.get(&format!("/api/parcel/get_parcel/{parcel}"), &admin).await;
    assert_eq!(got["data"]["parcel_crop"], "Café");
    assert_eq!(got["data"]["parcel_latitude"], Value::Null);
    assert_eq!(
        suite.delete(&format!("/api/parcel/delete_parcel/{parcel}"), &admin).await.0,
        StatusCode::OK
    );
    assert_eq!(
        suite.delete(&format!("/api/member/delete_member/{owner}"), &admin).await.0,
        StatusCode::OK
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn viewers_read_members_and_agents_write_them() {
    let suite = TestSuite::start().await;
    let (_, viewer) = suite.login_with_role("lecteur", "viewer").await;
    let (_, agent) = suite.login_with_role("agent1", "agent").await;
    let id = create(&suite, &agent, member("Awa", "Koné", json!({}))).await;
    assert_eq!(suite.get(&format!("/api/member/get_member/{id}"), &viewer).await.0, StatusCode::OK);
    assert_eq!(
        suite.post("/api/member/post_member", &viewer, member("A", "B", json!({}))).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        suite.delete(&format!("/api/member/delete_member/{id}"), &viewer).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        suite.delete(&format!("/api/member/delete_member/{id}"), &agent).await.0,
        StatusCode::OK
    );
}
