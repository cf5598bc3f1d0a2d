//! Report templates: each save of the designer's JSON a new version (listed with its notes, read back as
//! it was written, restored by saving it again), copies, the checks in French, and exactly one default
//! per type, also when saves of defaults and first templates arrive at once.

use crate::support::TestSuite;
use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};

/// A designer template: a CR80 page and one text bound to a field.
fn designed(text: &str) -> String {
    format!(
        r#"{{"basePdf": {{"width": 85.6, "height": 53.98, "padding": [0, 0, 0, 0]}}, "schemas": [[{{"name": "card_lastname", "type": "text", "content": "{text}", "position": {{"x": 5, "y": 8}}, "width": 40, "height": 6}}]]}}"#
    )
}

async fn create(suite: &TestSuite, token: &str, body: Value) -> i64 {
    let (status, answer) = suite.post("/api/report/post.report", token, body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["id"].as_i64().unwrap()
}

async fn report(suite: &TestSuite, token: &str, path: &str) -> Value {
    let (status, answer) = suite.get(path, token).await;
    assert_eq!(status, StatusCode::OK, "{path}: {answer}");
    answer["data"].clone()
}

async fn save_json(suite: &TestSuite, token: &str, id: i64, json: &str, notes: &str) -> i64 {
    let body = json!({"report_id": id, "report_json": json, "report_versionNotes": notes});
    let (status, answer) = suite.post("/api/report/post.report_json", token, body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["report_id"], id);
    answer["data"]["report_version"].as_i64().unwrap()
}

/// The ids of the defaults of `report_type`.
async fn defaults(suite: &TestSuite, token: &str, report_type: &str) -> Vec<i64> {
    let list =
        report(suite, token, &format!("/api/report/get.report_list?type={report_type}")).await;
    list.as_array()
        .unwrap()
        .iter()
        .filter(|r| r["report_isDefault"] == true)
        .map(|r| r["report_id"].as_i64().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn each_save_is_a_version_that_can_be_read_back_restored_and_copied() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let id =
        create(&suite, &admin, json!({"report_name": "Carte standard", "report_type": "card"}))
            .await;

    // A new template: version 1, a blank card page; the shipped card template stays the default.
    let first = report(&suite, &admin, &format!("/api/report/get.report/{id}")).await;
    assert_eq!(
        (first["report_version"].as_i64(), first["report_currentVersion"].as_i64()),
        (Some(1), Some(1))
    );
    assert_eq!(first["report_isDefault"], false);
    assert_eq!(first["report_versionNotes"], "Création du modèle.");
    let blank: Value = serde_json::from_str(first["report_json"].as_str().unwrap()).unwrap();
    assert_eq!(blank["basePdf"]["width"], 85.6, "a CR80 card");
    let preview: Value =
        serde_json::from_str(first["report_previewData"].as_str().unwrap()).unwrap();
    assert_eq!(preview["card_lastname"], "Koné", "a sample card to preview with");

    // Each save is the next version, kept to the character.
    let (two, three) = (designed("Nom"), designed("NOM"));
    assert_eq!(save_json(&suite, &admin, id, &two, "Le nom à gauche").await, 2);
    assert_eq!(save_json(&suite, &admin, id, &three, "En capitales").await, 3);
    let current = report(&suite, &admin, &format!("/api/report/get.report_json/{id}")).await;
    assert_eq!(current["report_json"], three.as_str());
    assert_eq!(current["report_version"], 3);
    let old = report(&suite, &admin, &format!("/api/report/get.report_json/{id}?version=2")).await;
    assert_eq!(old["report_json"], two.as_str());
    assert_eq!(
        (old["report_version"].as_i64(), old["report_currentVersion"].as_i64()),
        (Some(2), Some(3))
    );
    assert_eq!(old["report_versionNotes"], "Le nom à gauche");
    let (status, missing) =
        suite.get(&format!("/api/report/get.report_json/{id}?version=9"), &admin).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(missing["message"], format!("Le modèle {id} n'a pas de version 9."));

    // Version 2 restored as version 4.
    assert_eq!(save_json(&suite, &admin, id, &two, "Retour à la version 2").await, 4);
    let versions = report(&suite, &admin, &format!("/api/report/get.report_versions/{id}")).await;
    let listed: Vec<(i64, &str, bool)> = versions
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["report_version"].as_i64().unwrap(),
                v["report_versionNotes"].as_str().unwrap(),
                v["report_isCurrent"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        listed,
        [
            (4, "Retour à la version 2", true),
            (3, "En capitales", false),
            (2, "Le nom à gauche", false),
            (1, "Création du modèle.", false)
        ]
    );
    assert_eq!(
        report(&suite, &admin, &format!("/api/report/get.report/{id}")).await["report_json"],
        two.as_str()
    );

    // A copy starts from the current version, under its own name, not the default.
    let (status, copied) = suite
        .post(
            "/api/report/post.report_copy",
            &admin,
            json!({"report_id": id, "report_name": "Carte 2027"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{copied}");
    let copy = copied["id"].as_i64().unwrap();
    let copy = report(&suite, &admin, &format!("/api/report/get.report/{copy}")).await;
    assert_eq!(copy["report_json"], two.as_str());
    assert_eq!(copy["report_version"], 1);
    assert_eq!(copy["report_versionNotes"], "Copie de « Carte standard » (version 4).");
    assert_eq!(
        (copy["report_type"].as_str(), copy["report_isDefault"].as_bool()),
        (Some("card"), Some(false))
    );
    let (status, taken) = suite
        .post(
            "/api/report/post.report_copy",
            &admin,
            json!({"report_id": id, "report_name": "carte 2027"}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{taken}");
    assert_eq!(
        taken["fields"]["report_name"],
        "Un modèle s'appelle déjà « carte 2027 » : choisissez un autre nom."
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn a_template_is_checked_in_french_and_roles_are_kept() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (status, refused) = suite
        .post(
            "/api/report/post.report",
            &admin,
            json!({"report_name": " ", "report_type": "affiche", "report_json": "[1]"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(refused["fields"]["report_name"], "Le nom du modèle est obligatoire.");
    assert!(
        refused["fields"]["report_type"].as_str().unwrap().starts_with("Type de modèle inconnu")
    );
    assert!(refused["fields"]["report_json"].as_str().unwrap().contains("basePdf"));
    let slip =
        create(&suite, &admin, json!({"report_name": "Bordereau", "report_type": "delivery_slip"}))
            .await;
    let (status, refused) = suite
        .post(
            "/api/report/post.report",
            &admin,
            json!({"report_id": slip, "report_name": "Bordereau", "report_type": "card"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        refused["fields"]["report_type"]
            .as_str()
            .unwrap()
            .starts_with("Le type d'un modèle ne change pas")
    );
    // A template that cannot print is refused when saved, naming its element.
    let card = create(&suite, &admin, json!({"report_name": "Carte", "report_type": "card"})).await;
    for (element, said) in [
        (
            r#"{"name": "field1", "type": "text", "position": {"x": 5, "y": 5}, "width": 30, "height": 6}"#,
            "L'élément « field1 » n'est lié à aucun champ d'une carte",
        ),
        (
            r#"{"name": "card_city", "type": "text", "position": {"x": 70, "y": 5}, "width": 30, "height": 6}"#,
            "L'élément « card_city » sort de la page 1 (85,6 × 53,98 mm)",
        ),
        (
            r#"{"name": "card_qrcode", "type": "qrcode", "position": {"x": 60, "y": 20}, "width": 10, "height": 10}"#,
            "Le code QR « card_qrcode » mesure 10 mm",
        ),
    ] {
        let json = format!(
            r#"{{"basePdf": {{"width": 85.6, "height": 53.98, "padding": [0, 0, 0, 0]}}, "schemas": [[{element}]]}}"#
        );
        let body = json!({"report_id": card, "report_json": json, "report_versionNotes": "essai"});
        let (status, refused) = suite.post("/api/report/post.report_json", &admin, body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
        let message = refused["fields"]["report_json"].as_str().unwrap();
        assert!(message.starts_with(said), "{message}");
    }
    let versions = report(&suite, &admin, &format!("/api/report/get.report_versions/{card}")).await;
    assert_eq!(versions.as_array().unwrap().len(), 1, "nothing refused was kept");

    let (status, _) = suite.get("/api/report/get.report_list?type=affiche", &admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = suite.get("/api/report/get.report/424242", &admin).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // A viewer and an agent read the templates; neither changes them.
    for role in ["viewer", "agent"] {
        let (_, token) = suite.login_with_role(&format!("{role}.modeles"), role).await;
        report(&suite, &token, &format!("/api/report/get.report/{slip}")).await;
        let (status, _) = suite
            .post(
                "/api/report/post.report_json",
                &token,
                json!({"report_id": slip, "report_json": designed("x")}),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{role}");
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_fresh_install_prints_cards_and_slips_with_the_shipped_templates_and_keeps_one_of_each() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let list = report(&suite, &admin, "/api/report/get.report_list?type=card").await;
    let rows = list.as_array().unwrap();
    assert_eq!(rows.len(), 1, "{list}");
    assert_eq!(
        (rows[0]["report_name"].as_str(), rows[0]["report_isDefault"].as_bool()),
        (Some("Carte de membre"), Some(true))
    );
    let shipped = rows[0]["report_id"].as_i64().unwrap();
    let template = report(&suite, &admin, &format!("/api/report/get.report/{shipped}")).await;
    assert_eq!(template["report_version"], 1);
    assert_eq!(template["report_versionNotes"], "Modèle livré avec Sésame.");
    let json: Value = serde_json::from_str(template["report_json"].as_str().unwrap()).unwrap();
    let names: Vec<&str> =
        json["schemas"][0].as_array().unwrap().iter().filter_map(|e| e["name"].as_str()).collect();
    for field in ["card_photo", "card_qrcode", "card_lastname", "card_idNumber"] {
        assert!(names.contains(&field), "the shipped card prints {field}: {names:?}");
    }

    // The slip template Sésame ships too, its cards in a table; the last of its type stays as well.
    let slips = report(&suite, &admin, "/api/report/get.report_list?type=delivery_slip").await;
    let slip = &slips.as_array().unwrap()[0];
    assert_eq!(
        (slip["report_name"].as_str(), slip["report_isDefault"].as_bool()),
        (Some("Bordereau de livraison"), Some(true))
    );
    let slip_path = format!("/api/report/delete.report/{}", slip["report_id"]);
    let (status, refused) = suite.delete(&slip_path, &admin).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert!(
        refused["message"].as_str().unwrap().starts_with("C'est le dernier modèle de bordereau"),
        "{refused}"
    );

    // The last card template stays: cards print with nothing else.
    let path = format!("/api/report/delete.report/{shipped}");
    let (status, refused) = suite.delete(&path, &admin).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert!(
        refused["message"].as_str().unwrap().starts_with("C'est le dernier modèle de carte"),
        "{refused}"
    );
    // With another one, it goes, and the other becomes the default.
    let other =
        create(&suite, &admin, json!({"report_name": "Carte 2027", "report_type": "card"})).await;
    let (status, _) = suite.delete(&path, &admin).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(defaults(&suite, &admin, "card").await, [other]);
    // Not shipped again behind the administrator's back when the service starts again.
    let reports =
        reports::store::Store::new(common::db::connect(suite.database_url(), 1).await.unwrap());
    reports.ship_templates().await.unwrap();
    let list = report(&suite, &admin, "/api/report/get.report_list?type=card").await;
    assert_eq!(list.as_array().unwrap().len(), 1, "{list}");
}

#[tokio::test(flavor = "multi_thread")]
async fn exactly_one_default_per_type_whatever_saves_arrive_at_once() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;

    // First templates of a type made at once: one of them is the default.
    let made = join_all((0..8).map(|n| {
        create(
            &suite,
            &admin,
            json!({"report_name": format!("Fiche {n}"), "report_type": "member_sheet"}),
        )
    }))
    .await;
    assert_eq!(defaults(&suite, &admin, "member_sheet").await.len(), 1);

    // Saves that each make another one the default, at once: one default at the end.
    join_all(made.iter().map(|id| {
        let body = json!({"report_id": id, "report_name": format!("Fiche n° {id}"), "report_type": "member_sheet", "report_isDefault": true});
        suite.post("/api/report/post.report", &admin, body)
    }))
    .await
    .into_iter()
    .for_each(|(status, answer)| assert_eq!(status, StatusCode::OK, "{answer}"));
    let chosen = defaults(&suite, &admin, "member_sheet").await;
    assert_eq!(chosen.len(), 1, "{chosen:?}");

    // The default is replaced, never unset; deleted, the latest changed of its type takes its place.
    let default = chosen[0];
    let (status, refused) = suite
        .post("/api/report/post.report", &admin, json!({"report_id": default, "report_name": "Fiche seule", "report_type": "member_sheet", "report_isDefault": false}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert!(
        refused["fields"]["report_isDefault"]
            .as_str()
            .unwrap()
            .starts_with("Ce modèle est le modèle par défaut")
    );
    let other = *made.iter().find(|id| **id != default).unwrap();
    let (status, _) = suite
        .post("/api/report/post.report", &admin, json!({"report_id": other, "report_name": "Fiche choisie", "report_type": "member_sheet", "report_isDefault": true}))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(defaults(&suite, &admin, "member_sheet").await, [other]);
    let (status, _) = suite.delete(&format!("/api/report/delete.report/{other}"), &admin).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(defaults(&suite, &admin, "member_sheet").await.len(), 1, "another took its place");
    // Other types keep their own default.
    create(&suite, &admin, json!({"report_name": "Carte", "report_type": "card"})).await;
    assert_eq!(defaults(&suite, &admin, "card").await.len(), 1);
    assert_eq!(defaults(&suite, &admin, "member_sheet").await.len(), 1);
}

const METABASE_SECRET: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

/// A suite whose statistics open Metabase's dashboards, through addresses that live `lifetime`.
async fn with_metabase(lifetime: std::time::Duration) -> TestSuite {
    TestSuite::start_with(move |c| {
        c.reports.metabase = Some(reports::domain::metabase::Metabase {
            site_url: "https://stats.sesame.example/".into(),
            secret_key: METABASE_SECRET.into(),
            dashboards: reports::domain::metabase::parse_dashboards("membres=2,cartes=7").unwrap(),
            lifetime,
        })
    })
    .await
}

/// The signed token of a dashboard's embed address.
fn embed_token(embed: &Value) -> String {
    let url = embed["url"].as_str().unwrap();
    url.strip_prefix("https://stats.sesame.example/embed/dashboard/")
        .and_then(|rest| rest.strip_suffix("#bordered=true&titled=true"))
        .unwrap_or_else(|| panic!("an embed address: {url}"))
        .to_string()
}

/// Checks a token as Metabase does: its signature with the site's key, and its expiry to the second.
fn metabase_checks(token: &str, key: &[u8]) -> jsonwebtoken::errors::Result<Value> {
    let mut validation = jsonwebtoken::Validation::new(jsonwebtoken::Algorithm::HS256);
    validation.required_spec_claims = ["exp".to_string()].into();
    validation.leeway = 0;
    let key = jsonwebtoken::DecodingKey::from_secret(key);
    jsonwebtoken::decode::<Value>(token, &key, &validation).map(|data| data.claims)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_report_name_opens_its_metabase_dashboard_through_a_short_lived_signed_address() {
    let suite = with_metabase(std::time::Duration::from_secs(600)).await;
    let (_, viewer) = suite.login_with_role("lecteur.stats", "viewer").await;
    let asked_at = chrono::Utc::now().timestamp();
    let embed = report(&suite, &viewer, "/api/metabase/cartes").await;
    let token = &embed_token(&embed);

    // Signed with the site's key, naming the dashboard, expiring in ten minutes.
    let claims =
        metabase_checks(token, METABASE_SECRET.as_bytes()).expect("signed with the embedding key");
    assert_eq!(claims["resource"], json!({"dashboard": 7}));
    let exp = claims["exp"].as_i64().unwrap();
    assert!((asked_at + 595..=asked_at + 605).contains(&exp), "{exp} vs {asked_at}");
    let expires =
        chrono::DateTime::parse_from_rfc3339(embed["expiresAt"].as_str().unwrap()).unwrap();
    assert_eq!(expires.timestamp(), exp);
    assert!(metabase_checks(token, b"another key").is_err(), "another key does not check it");

    let (status, unknown) = suite.get("/api/metabase/parcelles", &viewer).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        unknown["message"],
        "Tableau de bord inconnu : « parcelles ». Tableaux de bord : cartes, membres."
    );

    // A name Metabase has is its dashboard, also when a built-in one has it (without Metabase, the
    // statistics test asks the built-in one).
    let members = report(&suite, &viewer, "/api/metabase/membres").await;
    assert!(members["url"].as_str().unwrap().starts_with("https://stats.sesame.example/embed/"));
    assert_eq!(members["tables"], json!([]), "{members}");
}

#[tokio::test(flavor = "multi_thread")]
async fn an_embed_address_no_longer_opens_its_dashboard_once_expired() {
    let suite = with_metabase(std::time::Duration::from_secs(2)).await;
    let (_, viewer) = suite.login_with_role("lecteur.stats", "viewer").await;
    let token = embed_token(&report(&suite, &viewer, "/api/metabase/membres").await);
    assert!(metabase_checks(&token, METABASE_SECRET.as_bytes()).is_ok(), "welcome at first");
    // The whole second after the expiry (a token's times are whole seconds).
    tokio::time::sleep(std::time::Duration::from_secs(4)).await;
    let expired = metabase_checks(&token, METABASE_SECRET.as_bytes()).unwrap_err();
    assert_eq!(*expired.kind(), jsonwebtoken::errors::ErrorKind::ExpiredSignature);
    // Asked again, the dashboard gets a new address that opens it.
    let fresh = embed_token(&report(&suite, &viewer, "/api/metabase/membres").await);
    assert!(metabase_checks(&fresh, METABASE_SECRET.as_bytes()).is_ok());
}
