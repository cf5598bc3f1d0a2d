//! Statistics: the built-in members' dashboard (`GET /api/metabase/membres`), counted from the read
//! models the reports service keeps from the members', the cards' and the geography's events, equals the
//! members and cards services' own counts after a burst of registrations, changes, cards and deletions,
//! and still does after every event is delivered again (with its id: the inbox; without it, in reverse
//! order: the positions).

use crate::support::{TestSuite, save};
use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::time::Duration;

type Counts = BTreeMap<String, i64>;

/// A member as the members service keeps it: locality, gender, age, month of registration, photo file,
/// photo checked.
type MemberRow = (Option<i64>, String, Option<i32>, String, String, bool);

/// The dashboard's tables as counts by key (rows counting nothing left out), and its total.
fn tables_of(dashboard: &Value) -> (i64, BTreeMap<String, Counts>) {
    let tables = dashboard["tables"].as_array().expect("tables");
    let tables = tables
        .iter()
        .map(|table| {
            let rows = table["rows"].as_array().unwrap();
            let counts = rows
                .iter()
                .filter(|row| row["value"].as_i64().unwrap() > 0)
                .map(|row| {
                    (row["key"].as_str().unwrap().to_string(), row["value"].as_i64().unwrap())
                })
                .collect();
            (table["name"].as_str().unwrap().to_string(), counts)
        })
        .filter(|(_, counts): &(String, Counts)| !counts.is_empty())
        .collect();
    (dashboard["total"].as_i64().unwrap(), tables)
}

async fn dashboard(suite: &TestSuite, token: &str, query: &str) -> Value {
    let (status, answer) = suite.get(&format!("/api/metabase/membres{query}"), token).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    answer["data"].clone()
}

fn band(age: Option<i32>) -> &'static str {
    match age {
        None => "unknown",
        Some(a) if a < 18 => "under_18",
        Some(a) if a <= 25 => "18_25",
        Some(a) if a <= 35 => "26_35",
        Some(a) if a <= 50 => "36_50",
        Some(a) if a <= 65 => "51_65",
        Some(_) => "over_65",
    }
}

/// What the dashboard should say, counted from the members service's own rows; `places` maps a
/// locality to its region and department.
async fn expected(
    pool: &sqlx::PgPool,
    places: &BTreeMap<i64, (i64, i64)>,
) -> (i64, BTreeMap<String, Counts>) {
    let rows: Vec<MemberRow> = sqlx::query_as(
        "SELECT member_locality_id, member_gender,
                date_part('year', age(current_date, member_birth_date))::int,
                to_char(date_trunc('month', member_created_at), 'YYYY-MM'),
                member_photo_file_name, member_photo_checked
         FROM members.member",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    let mut tables: BTreeMap<String, Counts> = BTreeMap::new();
    let mut add = |table: &str, key: String| {
        *tables.entry(table.to_string()).or_default().entry(key).or_default() += 1;
    };
    for (locality, gender, age, month, photo, checked) in &rows {
        let place = locality.and_then(|l| places.get(&l));
        add("members_by_region", place.map(|p| p.0.to_string()).unwrap_or_default());
        add("members_by_department", place.map(|p| p.1.to_string()).unwrap_or_default());
        add("members_by_gender", gender.clone());
        add("members_by_age", band(*age).to_string());
        add("enrolments_by_month", month.clone());
        let photo = match (photo.is_empty(), checked) {
            (true, _) => "none",
            (false, true) => "checked",
            (false, false) => "unchecked",
        };
        add("members_by_photo", photo.to_string());
    }
    // The cards of the members there are, by status (the cards service's own rows).
    let cards: Vec<(String, i64)> = sqlx::query_as(
        "SELECT card_status, count(*) FROM cards.card
         WHERE card_member_id IN (SELECT member_id FROM members.member) GROUP BY card_status",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    if !cards.is_empty() {
        tables.insert("cards_by_status".into(), cards.into_iter().collect());
    }
    (rows.len() as i64, tables)
}

/// Waits until the dashboard says what the members' rows say (30 s at most); answers it.
async fn caught_up(
    suite: &TestSuite,
    token: &str,
    pool: &sqlx::PgPool,
    places: &BTreeMap<i64, (i64, i64)>,
) -> (i64, BTreeMap<String, Counts>) {
    let want = expected(pool, places).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let got = tables_of(&dashboard(suite, token, "").await);
        if got == want {
            return got;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the dashboard never caught up:\n got {got:?}\nwant {want:?}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Every event on `service`'s stream: (id, stream position, subject without the prefix, payload).
async fn stream_events(
    suite: &TestSuite,
    service: &str,
) -> Vec<(uuid::Uuid, u64, String, Vec<u8>)> {
    let mut stream = suite.jetstream.get_stream(suite.naming.stream(service)).await.unwrap();
    let state = &stream.info().await.unwrap().state;
    let (first, last) = (state.first_sequence, state.last_sequence);
    let mut events = Vec::new();
    for seq in first..=last {
        let Ok(message) = stream.get_raw_message(seq).await else { continue };
        let id = message.headers.get("Nats-Msg-Id").map(|v| v.to_string()).expect("an event id");
        let subject = message
            .subject
            .as_str()
            .trim_start_matches(&format!("{}.", suite.naming.prefix()))
            .to_string();
        events.push((uuid::Uuid::parse_str(&id).unwrap(), seq, subject, message.payload.to_vec()));
    }
    events
}

/// The reports' consumer `name` of `source`'s events, as the reports service runs it.
fn reports_consumer<H: common::consumer::Handler>(
    suite: &TestSuite,
    pool: &sqlx::PgPool,
    name: &'static str,
    source: &'static str,
    handler: H,
) -> common::consumer::Consumer<H> {
    common::consumer::Consumer {
        name,
        source,
        schema: reports::SCHEMA,
        pool: pool.clone(),
        naming: suite.naming.clone(),
        jetstream: suite.jetstream.clone(),
        handler,
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_members_dashboard_equals_the_members_own_counts_after_a_burst_and_redeliveries() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let pool = common::db::connect(suite.database_url(), 2).await.unwrap();

    // Two regions, three departments, one sub-prefecture each with two localities.
    let mut places: BTreeMap<i64, (i64, i64)> = BTreeMap::new();
    let mut regions = Vec::new();
    for (code, name) in [("HSS", "Haut-Sassandra"), ("GBK", "Gbêkê")] {
        let body = json!({"region_code": code, "region_name": name});
        regions.push(save(&suite, &admin, "/api/region/post_region", body).await);
    }
    for (n, (code, name, region)) in
        [("DAL", "Daloa", regions[0]), ("VAV", "Vavoua", regions[0]), ("BKE", "Bouaké", regions[1])]
            .into_iter()
            .enumerate()
    {
        let body = json!({"department_code": code, "department_name": name, "department_regionId": region});
        let department = save(&suite, &admin, "/api/department/post_department", body).await;
        let body = json!({"subprefecture_code": format!("{code}-1"), "subprefecture_name": format!("{name} centre"),
            "subprefecture_departmentId": department});
        let subprefecture =
            save(&suite, &admin, "/api/subprefecture/post_subprefecture", body).await;
        for k in 0..2 {
            let body = json!({"locality_name": format!("Localité {n}-{k}"), "locality_subprefectureId": subprefecture});
            let locality = save(&suite, &admin, "/api/locality/post_locality", body).await;
            places.insert(locality, (region, department));
        }
    }
    let localities: Vec<i64> = places.keys().copied().collect();

    // A burst of 200 members, twenty at a time: genders, ages and places varied, some unknown.
    let member = |i: usize| {
        let gender = ["M", "F", ""][i % 3];
        let birth = (!i.is_multiple_of(11))
            .then(|| format!("{}-{:02}-15", 1940 + (i * 7) % 84, 1 + i % 12));
        let locality = (!i.is_multiple_of(13)).then(|| localities[i % localities.len()]);
        json!({"member_firstname": format!("Membre {i}"), "member_lastname": "Koné", "member_gender": gender,
            "member_birthDate": birth, "member_localityId": locality})
    };
    let mut ids = Vec::new();
    for chunk in (0..200).collect::<Vec<_>>().chunks(20) {
        let saved = join_all(chunk.iter().map(|&i| {
            let (suite, admin, body) = (&suite, &admin, member(i));
            async move { save(suite, admin, "/api/member/post_member", body).await }
        }))
        .await;
        ids.extend(saved);
    }
    // Thirty changed (gender, birth date, place), as the members screen sends a whole record back.
    join_all(ids.iter().take(30).enumerate().map(|(n, &id)| {
        let (suite, admin) = (&suite, &admin);
        let localities = &localities;
        async move {
            let (status, read) = suite.get(&format!("/api/member/get_member/{id}"), admin).await;
            assert_eq!(status, StatusCode::OK, "{read}");
            let mut record = read["data"].clone();
            record["member_gender"] = json!(if n % 2 == 0 { "F" } else { "M" });
            record["member_birthDate"] = json!(format!("{}-06-01", 1950 + n));
            record["member_localityId"] = json!(localities[(n + 1) % localities.len()]);
            save(suite, admin, "/api/member/post_member", record).await;
        }
    }))
    .await;
    // Ten of the others paid and got their cards, four of them printed.
    let paid: Vec<i64> = ids[30..40].to_vec();
    for (n, &member) in paid.iter().enumerate() {
        crate::cards::pay(&suite, &admin, member, &format!("W-STAT-{n}"), 5000).await;
    }
    let (status, made) =
        suite.post("/api/card/get.card_creation.create", &admin, json!({"member_ids": paid})).await;
    assert_eq!(status, StatusCode::OK, "{made}");
    let card_ids: Vec<i64> = made["data"]["card_ids"]
        .as_array()
        .unwrap()
        .iter()
        .map(|id| id.as_i64().unwrap())
        .collect();
    assert_eq!(card_ids.len(), 10, "{made}");
    let (status, answer) = suite
        .post("/api/card/post.mark_as_printed", &admin, json!({"card_ids": card_ids[..4]}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // Twenty deleted.
    for id in ids.iter().skip(180) {
        let (status, answer) =
            suite.delete(&format!("/api/member/delete_member/{id}"), &admin).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }

    let (total, counted) = caught_up(&suite, &admin, &pool, &places).await;
    assert_eq!(total, 180);
    assert_eq!(counted["members_by_region"].values().sum::<i64>(), 180);
    assert_eq!(
        counted["cards_by_status"],
        Counts::from([("pending".into(), 6), ("printed".into(), 4)])
    );

    // Every event delivered again with its id: the inbox knows them. Then the members' events again
    // without their ids, latest first: each member's position keeps its latest state.
    let reports_pool = common::db::connect(suite.database_url(), 2).await.unwrap();
    let members = reports_consumer(
        &suite,
        &reports_pool,
        reports::consumers::members::CONSUMER,
        "members",
        reports::consumers::members::MemberEvents,
    );
    let cards = reports_consumer(
        &suite,
        &reports_pool,
        reports::consumers::cards::CONSUMER,
        "cards",
        reports::consumers::cards::CardEvents,
    );
    let geography = reports_consumer(
        &suite,
        &reports_pool,
        reports::consumers::geography::CONSUMER,
        "geography",
        reports::consumers::geography::GeographyEvents,
    );
    let member_events = stream_events(&suite, "members").await;
    assert!(member_events.len() >= 250, "{} member events", member_events.len());
    for (id, position, subject, payload) in &member_events {
        members.apply_once_at(Some(*id), Some(*position), subject, payload).await.unwrap();
    }
    for (id, position, subject, payload) in &stream_events(&suite, "geography").await {
        geography.apply_once_at(Some(*id), Some(*position), subject, payload).await.unwrap();
    }
    let card_events = stream_events(&suite, "cards").await;
    for (id, position, subject, payload) in &card_events {
        cards.apply_once_at(Some(*id), Some(*position), subject, payload).await.unwrap();
    }
    for (_, position, subject, payload) in member_events.iter().rev() {
        members.apply_once_at(None, Some(*position), subject, payload).await.unwrap();
    }
    for (_, position, subject, payload) in card_events.iter().rev() {
        cards.apply_once_at(None, Some(*position), subject, payload).await.unwrap();
    }
    let again = tables_of(&dashboard(&suite, &admin, "").await);
    assert_eq!(again, (total, counted.clone()), "redelivered events changed the counts");

    // Filters: a region, and a period of registration.
    let (in_region, by_region) =
        tables_of(&dashboard(&suite, &admin, &format!("?regionId={}", regions[1])).await);
    assert_eq!(in_region, counted["members_by_region"][&regions[1].to_string()]);
    assert_eq!(
        by_region["members_by_region"].keys().collect::<Vec<_>>(),
        [&regions[1].to_string()]
    );
    let today: chrono::NaiveDate =
        sqlx::query_scalar("SELECT current_date").fetch_one(&pool).await.unwrap();
    let (this_period, _) =
        tables_of(&dashboard(&suite, &admin, &format!("?from={today}&to={today}")).await);
    let (tomorrow_on, _) = tables_of(
        &dashboard(&suite, &admin, &format!("?from={}", today.succ_opt().unwrap())).await,
    );
    let (until_yesterday, _) =
        tables_of(&dashboard(&suite, &admin, &format!("?to={}", today.pred_opt().unwrap())).await);
    // Registered today (unless the test ran across midnight, when the two days share them).
    assert_eq!(this_period + tomorrow_on + until_yesterday, 180);
    assert_eq!(tomorrow_on, 0);

    pool.close().await;
    reports_pool.close().await;
}

#[tokio::test(flavor = "multi_thread")]
async fn a_dashboard_is_asked_with_filters_checked_in_french_and_a_known_name() {
    let suite = TestSuite::start().await;
    let (_, viewer) = suite.login_with_role("lecteur.stats", "viewer").await;
    let empty = dashboard(&suite, &viewer, "").await;
    assert_eq!(empty["title"], "Membres");
    assert_eq!(empty["url"], "", "no Metabase: the built-in dashboard");
    let names: Vec<&str> =
        empty["tables"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "members_by_region",
            "members_by_department",
            "members_by_gender",
            "members_by_age",
            "enrolments_by_month",
            "members_by_photo",
            "cards_by_status"
        ]
    );
    assert_eq!(empty["tables"][3]["rows"][1]["label"], "18 à 25 ans");

    for (query, field) in [
        ("?from=hier", "from"),
        ("?to=2026-02-30", "to"),
        ("?regionId=-2", "regionId"),
        ("?regionId=deux", "regionId"),
        ("?from=2026-05-01&to=2026-04-01", "to"),
    ] {
        let (status, answer) = suite.get(&format!("/api/metabase/membres{query}"), &viewer).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {answer}");
        assert!(answer["fields"][field].is_string(), "{query}: {answer}");
    }
    let (status, answer) =
        suite.get("/api/metabase/membres?from=01/04/2026&to=2026-04-30", &viewer).await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    let (status, unknown) = suite.get("/api/metabase/parcelles", &viewer).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        unknown["message"],
        "Tableau de bord inconnu : « parcelles ». Tableaux de bord : membres."
    );
}
