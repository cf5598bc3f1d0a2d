//! The geography through the gateway: the four levels, their rules, search, the import, and the events.

use crate::support::{TestSuite, chain, save};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

#[tokio::test(flavor = "multi_thread")]
async fn each_level_is_created_read_listed_updated_and_deleted() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (region, department, subprefecture, locality) = chain(&suite, &admin).await;

    let (_, got) = suite.get(&format!("/api/locality/get_locality/{locality}"), &admin).await;
    assert_eq!(got["data"]["locality_name"], "Dàloa");
    assert_eq!(got["data"]["subprefecture_name"], "Gboguhé");
    assert_eq!(got["data"]["department_name"], "Daloa");
    assert_eq!(got["data"]["region_name"], "Haut-Sassandra");
    let (_, list) = suite
        .get(
            &format!("/api/subprefecture/get.subprefecture_list?departmentId={department}"),
            &admin,
        )
        .await;
    assert_eq!(list["total"], 1);
    assert_eq!(list["data"][0]["department_name"], "Daloa");
    assert_eq!(list["data"][0]["region_name"], "Haut-Sassandra");
    let (_, list) = suite.get("/api/department/get.department_list", &admin).await;
    assert_eq!(list["data"][0]["region_name"], "Haut-Sassandra");

    // Updates: the id in the body makes the save an update.
    save(
        &suite,
        &admin,
        "/api/region/post_region",
        json!({"region_id": region, "region_code": "hss", "region_name": "Haut Sassandra"}),
    )
    .await;
    let (_, got) = suite.get(&format!("/api/region/get_region/{region}"), &admin).await;
    assert_eq!(got["data"]["region_code"], "HSS", "codes are stored upper-case");
    assert_eq!(got["data"]["region_name"], "Haut Sassandra");
    save(&suite, &admin, "/api/locality/post_locality", json!({"locality_id": locality, "locality_name": "Zaïbo", "locality_subprefectureId": subprefecture})).await;
    let (_, got) = suite.get(&format!("/api/locality/get_locality/{locality}"), &admin).await;
    assert_eq!(got["data"]["locality_name"], "Zaïbo");

    // Deletes, from the bottom up.
    for (path, message) in [
        (format!("/api/locality/delete_locality/{locality}"), "Localité supprimée"),
        (
            format!("/api/subprefecture/delete_subprefecture/{subprefecture}"),
            "Sous-préfecture supprimée",
        ),
        (format!("/api/department/delete_department/{department}"), "Département supprimé"),
        (format!("/api/region/delete_region/{region}"), "Région supprimée"),
    ] {
        let (status, body) = suite.delete(&path, &admin).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
        assert_eq!(body["message"], message);
    }
    let (status, body) = suite.get(&format!("/api/region/get_region/{region}"), &admin).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["message"], format!("Région n° {region} introuvable."));
}

#[tokio::test(flavor = "multi_thread")]
async fn every_required_field_is_named_in_french() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let cases = [
        (
            "/api/region/post_region",
            json!({"region_name": "Gbêkê"}),
            "region_code",
            "Le code de la région est obligatoire.",
        ),
        (
            "/api/region/post_region",
            json!({"region_code": "GBK"}),
            "region_name",
            "Le nom de la région est obligatoire.",
        ),
        (
            "/api/department/post_department",
            json!({"department_name": "Bouaké", "department_regionId": 1}),
            "department_code",
            "Le code du département est obligatoire.",
        ),
        (
            "/api/department/post_department",
            json!({"department_code": "BKE", "department_regionId": 1}),
            "department_name",
            "Le nom du département est obligatoire.",
        ),
        (
            "/api/department/post_department",
            json!({"department_code": "BKE", "department_name": "Bouaké"}),
            "department_regionId",
            "La région du département est obligatoire.",
        ),
        (
            "/api/subprefecture/post_subprefecture",
            json!({"subprefecture_name": "Brobo", "subprefecture_departmentId": 1}),
            "subprefecture_code",
            "Le code de la sous-préfecture est obligatoire.",
        ),
        (
            "/api/subprefecture/post_subprefecture",
            json!({"subprefecture_code": "BRB", "subprefecture_departmentId": 1}),
            "subprefecture_name",
            "Le nom de la sous-préfecture est obligatoire.",
        ),
        (
            "/api/subprefecture/post_subprefecture",
            json!({"subprefecture_code": "BRB", "subprefecture_name": "Brobo"}),
            "subprefecture_departmentId",
            "Le département de la sous-préfecture est obligatoire.",
        ),
        (
            "/api/locality/post_locality",
            json!({"locality_name": "  ", "locality_subprefectureId": 1}),
            "locality_name",
            "Le nom de la localité est obligatoire.",
        ),
        (
            "/api/locality/post_locality",
            json!({"locality_name": "Brobo"}),
            "locality_subprefectureId",
            "La sous-préfecture de la localité est obligatoire.",
        ),
    ];
    for (path, body, field, message) in cases {
        let (status, answer) = suite.post(path, &admin, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path} {field}: {answer}");
        assert_eq!(answer["fields"][field], message, "{path}: {answer}");
    }
    // A parent that does not exist is named too.
    let (status, answer) =
        suite.post("/api/department/post_department", &admin, json!({"department_code": "BKE", "department_name": "Bouaké", "department_regionId": 999})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["fields"]["department_regionId"], "Région n° 999 introuvable.");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_duplicate_code_or_locality_name_is_a_409() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (region, department, subprefecture, _) = chain(&suite, &admin).await;
    let cases = [
        (
            "/api/region/post_region",
            json!({"region_code": "hss", "region_name": "Autre"}),
            "region_code",
            "Le code de région « HSS » est déjà utilisé.",
        ),
        (
            "/api/department/post_department",
            json!({"department_code": "DAL", "department_name": "Autre", "department_regionId": region}),
            "department_code",
            "Le code de département « DAL » est déjà utilisé.",
        ),
        (
            "/api/subprefecture/post_subprefecture",
            json!({"subprefecture_code": "DAL-1", "subprefecture_name": "Autre", "subprefecture_departmentId": department}),
            "subprefecture_code",
            "Le code de sous-préfecture « DAL-1 » est déjà utilisé.",
        ),
        (
            "/api/locality/post_locality",
            json!({"locality_name": "DALOA", "locality_subprefectureId": subprefecture}),
            "locality_name",
            "La localité « DALOA » existe déjà dans cette sous-préfecture.",
        ),
    ];
    for (path, body, field, message) in cases {
        let (status, answer) = suite.post(path, &admin, body).await;
        assert_eq!(status, StatusCode::CONFLICT, "{path}: {answer}");
        assert_eq!(answer["message"], message);
        // Named on its field, so that the form shows it there.
        assert_eq!(answer["fields"][field], message, "{path}: {answer}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_level_holding_children_cannot_be_deleted() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (region, department, subprefecture, _) = chain(&suite, &admin).await;
    save(&suite, &admin, "/api/department/post_department", json!({"department_code": "ISS", "department_name": "Issia", "department_regionId": region})).await;
    let cases = [
        (
            format!("/api/region/delete_region/{region}"),
            "Cette région contient 2 départements : supprimez-les d'abord.",
        ),
        (
            format!("/api/department/delete_department/{department}"),
            "Ce département contient 1 sous-préfecture : supprimez-les d'abord.",
        ),
        (
            format!("/api/subprefecture/delete_subprefecture/{subprefecture}"),
            "Cette sous-préfecture contient 1 localité : supprimez-les d'abord.",
        ),
    ];
    for (path, message) in cases {
        let (status, answer) = suite.delete(&path, &admin).await;
        assert_eq!(status, StatusCode::CONFLICT, "{path}");
        assert_eq!(answer["message"], message);
    }
    let (_, got) = suite.get(&format!("/api/region/get_region/{region}"), &admin).await;
    assert_eq!(got["data"]["region_code"], "HSS");
}

#[tokio::test(flavor = "multi_thread")]
async fn the_filter_ignores_accents_and_case_and_finds_partial_words() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (_, _, subprefecture, _) = chain(&suite, &admin).await;
    save(
        &suite,
        &admin,
        "/api/locality/post_locality",
        json!({"locality_name": "Zaïbo", "locality_subprefectureId": subprefecture}),
    )
    .await;
    for filter in ["Daloa", "daloa", "DÀLOA", "alo"] {
        let (_, list) =
            suite.get(&format!("/api/locality/get.locality_list?filter={filter}"), &admin).await;
        let names: Vec<&str> = list["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["locality_name"].as_str().unwrap())
            .collect();
        assert_eq!(names, ["Dàloa"], "filter {filter}");
        assert_eq!(list["total"], 1);
    }
    let (_, list) = suite.get("/api/locality/get.locality_list?filter=zaibo", &admin).await;
    assert_eq!(list["data"][0]["locality_name"], "Zaïbo");
    let (_, list) = suite.get("/api/region/get.region_list?filter=sassan", &admin).await;
    assert_eq!(list["total"], 1);
}

#[tokio::test(flavor = "multi_thread")]
async fn sorting_outside_the_allow_list_is_a_400() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    chain(&suite, &admin).await;
    for path in [
        "/api/region/get.region_list?_orderBy=search",
        "/api/locality/get.locality_list?_orderBy=name_key",
        "/api/department/get.department_list?_orderBy=1;drop",
    ] {
        let (status, body) = suite.get(path, &admin).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}");
        assert!(body["message"].as_str().unwrap().starts_with("Tri impossible"), "{body}");
    }
    let (status, body) = suite
        .get("/api/locality/get.locality_list?_orderBy=region_name&_descending=true", &admin)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

fn import_row(region: &str, department: &str, subprefecture: &str, locality: &str) -> Value {
    json!({
        "region_code": region, "region_name": format!("Région {region}"),
        "department_code": department, "department_name": format!("Département {department}"),
        "subprefecture_code": subprefecture, "subprefecture_name": format!("Sous-préfecture {subprefecture}"),
        "locality_name": locality,
    })
}

#[tokio::test(flavor = "multi_thread")]
async fn importing_the_same_rows_twice_adds_nothing_the_second_time() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let rows = json!([
        import_row("HSS", "DAL", "DAL-1", "Gboguhé"),
        import_row("HSS", "DAL", "DAL-1", "Zaïbo"),
        import_row("HSS", "DAL", "DAL-2", "Bédiala"),
        import_row("GBK", "BKE", "BKE-1", "Brobo"),
        import_row("GBK", "BKE", "BKE-1", "BROBO"),
    ]);
    let (status, first) =
        suite.post("/api/locality/post_locality-import", &admin, rows.clone()).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(
        (
            &first["regionAdded"],
            &first["departmentAdded"],
            &first["subprefectureAdded"],
            &first["localityAdded"]
        ),
        (&json!(2), &json!(2), &json!(3), &json!(4))
    );
    let (_, second) = suite.post("/api/locality/post_locality-import", &admin, rows).await;
    assert_eq!(
        (
            &second["regionAdded"],
            &second["departmentAdded"],
            &second["subprefectureAdded"],
            &second["localityAdded"]
        ),
        (&json!(0), &json!(0), &json!(0), &json!(0))
    );
    let (_, list) =
        suite.get("/api/locality/get.locality_list?_orderBy=locality_name", &admin).await;
    assert_eq!(list["total"], 4);
    assert_eq!(list["data"][0]["locality_name"], "Bédiala");
    assert_eq!(list["data"][0]["region_name"], "Région HSS");
}

#[tokio::test(flavor = "multi_thread")]
async fn locality_pages_follow_the_last_row_received() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let names = ["Zaïbo", "Bédiala", "Gboguhé", "Brobo", "Daloa", "Issia", "Vavoua"];
    let rows: Vec<Value> = names.iter().map(|n| import_row("HSS", "DAL", "DAL-1", n)).collect();
    let (status, body) =
        suite.post("/api/locality/post_locality-import", &admin, json!(rows)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let names_of = |body: &Value| -> Vec<String> {
        let rows = body["data"].as_array().unwrap();
        rows.iter().map(|r| r["locality_name"].as_str().unwrap().to_string()).collect()
    };
    let id_of_last =
        |body: &Value| body["data"].as_array().unwrap().last().unwrap()["locality_id"].clone();
    for descending in [false, true] {
        let query = format!("_orderBy=locality_name&_descending={descending}&_limit=3");
        let mut walked = Vec::new();
        let mut after = String::new();
        for _ in 0..3 {
            let (status, page) =
                suite.get(&format!("/api/locality/get.locality_list?{query}{after}"), &admin).await;
            assert_eq!(status, StatusCode::OK, "{page}");
            assert_eq!(page["total"], 7);
            walked.extend(names_of(&page));
            after = format!("&after={}", id_of_last(&page));
        }
        let mut sorted: Vec<String> = names.iter().map(|n| n.to_string()).collect();
        sorted.sort_by_key(|n| common::text::fold(n));
        if descending {
            sorted.reverse();
        }
        assert_eq!(walked, sorted, "descending: {descending}");
    }
    let (status, body) =
        suite.get("/api/locality/get.locality_list?_orderBy=region_name&after=1", &admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["fields"]["after"],
        "Triée sur le nom d'un niveau parent, cette liste se pagine par _offset, pas par « after »."
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn an_import_with_one_bad_row_changes_nothing_and_names_the_row() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let mut missing = import_row("HSS", "DAL", "DAL-1", "Zaïbo");
    missing["region_code"] = json!("");
    let rows = json!([
        import_row("HSS", "DAL", "DAL-1", "Gboguhé"),
        missing,
        import_row("GBK", "BKE", "BKE-1", "Brobo")
    ]);
    let (status, body) = suite.post("/api/locality/post_locality-import", &admin, rows).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["fields"]["ligne 2"], "Le code de la région est manquant.");
    assert!(body["message"].as_str().unwrap().contains("rien n'a été importé"));
    let (_, list) = suite.get("/api/region/get.region_list", &admin).await;
    assert_eq!(list["total"], 0, "nothing was written");

    // A department the database already binds to another region.
    chain(&suite, &admin).await;
    let rows = json!([
        import_row("GBK", "BKE", "BKE-1", "Brobo"),
        import_row("GBK", "DAL", "DAL-9", "Bouaflé")
    ]);
    let (status, body) = suite.post("/api/locality/post_locality-import", &admin, rows).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["fields"]["ligne 2"],
        "Le département « DAL » appartient déjà à la région « HSS »."
    );
    let (_, list) = suite.get("/api/region/get.region_list", &admin).await;
    assert_eq!(list["total"], 1, "only the region made by hand");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_change_is_published_and_a_rolled_back_one_is_not() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let region = save(
        &suite,
        &admin,
        "/api/region/post_region",
        json!({"region_code": "HSS", "region_name": "Haut-Sassandra"}),
    )
    .await;
    // Refused (duplicate code): its transaction rolls back, so no event.
    let (status, _) = suite
        .post(
            "/api/region/post_region",
            &admin,
            json!({"region_code": "HSS", "region_name": "Bis"}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    save(
        &suite,
        &admin,
        "/api/region/post_region",
        json!({"region_id": region, "region_code": "HSS", "region_name": "Haut Sassandra"}),
    )
    .await;
    assert_eq!(
        suite.delete(&format!("/api/region/delete_region/{region}"), &admin).await.0,
        StatusCode::OK
    );

    let published = suite.events("geography", 3).await;
    let subjects: Vec<&str> = published.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(
        subjects,
        ["geography.region.created", "geography.region.updated", "geography.region.deleted"]
    );
    assert_eq!(published[0].1["region_name"], "Haut-Sassandra");
    assert_eq!(published[1].1["region_name"], "Haut Sassandra");
    assert_eq!(published[2].1["id"], region);
    // Nothing more arrives later (the refused save left nothing in the outbox).
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(suite.events("geography", 3).await.len(), 3);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_import_publishes_each_added_level_and_its_localities_in_batches() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    // 1,001 localities: a full batch of 1,000 and one more.
    let rows: Vec<Value> =
        (0..1_001).map(|i| import_row("HSS", "DAL", "DAL-1", &format!("Gboguhé {i}"))).collect();
    let (status, body) =
        suite.post("/api/locality/post_locality-import", &admin, json!(rows)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let published = suite.events("geography", 5).await;
    let subjects: Vec<&str> = published.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(
        subjects,
        [
            "geography.region.created",
            "geography.department.created",
            "geography.subprefecture.created",
            "geography.locality.imported",
            "geography.locality.imported"
        ]
    );
    assert_eq!(published[0].1["region_code"], "HSS");
    let batches: Vec<&Vec<Value>> =
        published[3..].iter().map(|(_, p)| p["localities"].as_array().unwrap()).collect();
    assert_eq!((batches[0].len(), batches[1].len()), (1_000, 1));
    let subprefecture = published[2].1["subprefecture_id"].clone();
    assert!(
        batches
            .iter()
            .flat_map(|b| b.iter())
            .all(|l| l["locality_subprefectureId"] == subprefecture && l["locality_id"].is_i64())
    );
    let mut names: Vec<&str> = batches
        .iter()
        .flat_map(|b| b.iter())
        .map(|l| l["locality_name"].as_str().unwrap())
        .collect();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), 1_001, "every locality told once");
}

#[tokio::test(flavor = "multi_thread")]
async fn viewers_read_agents_write_and_only_managers_delete_geography() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (region, ..) = chain(&suite, &admin).await;
    let (_, viewer) = suite.login_with_role("viewer.geo", "viewer").await;
    let (_, agent) = suite.login_with_role("agent.geo", "agent").await;
    assert_eq!(suite.get("/api/region/get.region_list", &viewer).await.0, StatusCode::OK);
    assert_eq!(
        suite
            .post(
                "/api/region/post_region",
                &viewer,
                json!({"region_code": "X", "region_name": "X"})
            )
            .await
            .0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        suite
            .post(
                "/api/region/post_region",
                &agent,
                json!({"region_code": "X", "region_name": "X"})
            )
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(
        suite.delete(&format!("/api/region/delete_region/{region}"), &agent).await.0,
        StatusCode::FORBIDDEN
    );
}
