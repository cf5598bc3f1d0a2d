//! Statistics: the built-in dashboards (`GET /api/metabase/membres`, `/api/metabase/cartes`), counted
//! from the read models the reports service keeps from the members', the cards' and the geography's
//! events, equal the members and cards services' own counts after a burst of registrations, changes,
//! cards, payments, deliveries, cancellations and deletions, and still do after every event is delivered
//! again (with its id: the inbox; without it, in reverse order: the positions). Unfiltered, the counts
//! come from the totals kept as events arrive; a filter that keeps everything counts the rows themselves:
//! both say the same.

use crate::support::{TestSuite, save};
use futures::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::time::Duration;

type Counts = BTreeMap<String, i64>;

/// A member as the members service keeps it: locality, gender, age, month of registration, photo
/// (`none`, `checked`, `unchecked`).
type MemberRow = (Option<i64>, String, Option<i32>, String, String);

/// A member as the members' dashboard counts it: region, department (empty when not known), gender,
/// age, month of registration (empty when not known), photo.
type CountedMember = (String, String, String, Option<i32>, String, String);

/// The members' dashboard's tables (but the cards'), counted from `members` one by one.
fn member_tables(members: &[CountedMember]) -> BTreeMap<String, Counts> {
    let mut tables: BTreeMap<String, Counts> = BTreeMap::new();
    let mut add = |table: &str, key: &str| {
        *tables.entry(table.to_string()).or_default().entry(key.to_string()).or_default() += 1;
    };
    for (region, department, gender, age, month, photo) in members {
        add("members_by_region", region);
        add("members_by_department", department);
        add("members_by_gender", gender);
        add("members_by_age", band(*age));
        if !month.is_empty() {
            add("enrolments_by_month", month);
        }
        add("members_by_photo", photo);
    }
    tables
}

/// The payments' tables of the `cartes` dashboard, counted from `payments` (operator, amount) one by one.
fn payment_tables(payments: &[(String, i64)]) -> BTreeMap<String, Counts> {
    let mut tables: BTreeMap<String, Counts> = BTreeMap::new();
    let mut add = |table: &str, key: &str, value: i64| {
        *tables.entry(table.to_string()).or_default().entry(key.to_string()).or_default() += value;
    };
    for (operator, amount) in payments {
        add("payments_by_operator", operator, 1);
        add("amounts_by_operator", operator, *amount);
        add("payments_by_amount", amount_band(*amount), 1);
    }
    tables
}

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
    named(suite, token, "membres", query).await
}

async fn named(suite: &TestSuite, token: &str, name: &str, query: &str) -> Value {
    let (status, answer) = suite.get(&format!("/api/metabase/{name}{query}"), token).await;
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
                CASE WHEN member_photo_file_name = '' THEN 'none' WHEN member_photo_checked
                     THEN 'checked' ELSE 'unchecked' END
         FROM members.member",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    let members: Vec<CountedMember> = rows
        .into_iter()
        .map(|(locality, gender, age, month, photo)| {
            let place = locality.and_then(|l| places.get(&l));
            let region = place.map(|p| p.0.to_string()).unwrap_or_default();
            let department = place.map(|p| p.1.to_string()).unwrap_or_default();
            (region, department, gender, age, month, photo)
        })
        .collect();
    let mut tables = member_tables(&members);
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
    (members.len() as i64, tables)
}

/// The band of a payment's amount, as the `cartes` dashboard draws them.
fn amount_band(amount: i64) -> &'static str {
    match amount {
        ..1000 => "under_1000",
        1000..5000 => "1000_4999",
        5000..10000 => "5000_9999",
        10000..25000 => "10000_24999",
        _ => "over_25000",
    }
}

/// What the `cartes` dashboard should say, counted from the cards service's own rows: the payments not
/// cancelled (of the members of `region`'s localities only, when given), the deliveries there are.
async fn expected_cards(
    pool: &sqlx::PgPool,
    region: Option<&[i64]>,
) -> (i64, BTreeMap<String, Counts>) {
    let payments: Vec<(String, i64, i64)> = sqlx::query_as(
        "SELECT t.transaction_mobile_operator, t.transaction_amount, t.transaction_member_id
         FROM cards.transaction t WHERE t.transaction_cancelled_at IS NULL",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    let localities: BTreeMap<i64, Option<i64>> =
        sqlx::query_as("SELECT member_id, member_locality_id FROM members.member")
            .fetch_all(pool)
            .await
            .unwrap()
            .into_iter()
            .collect();
    let counted: Vec<(String, i64)> = payments
        .into_iter()
        .filter(|(_, _, member)| {
            let locality = localities.get(member).copied().flatten();
            region.is_none_or(|r| locality.is_some_and(|l| r.contains(&l)))
        })
        .map(|(operator, amount, _)| (operator, amount))
        .collect();
    let mut tables = payment_tables(&counted);
    let deliveries: Vec<(String, i64)> = sqlx::query_as(
        "SELECT to_char(date_trunc('month', delivery_creation_date_time), 'YYYY-MM'), count(*)
         FROM cards.delivery GROUP BY 1",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    if !deliveries.is_empty() {
        tables.insert("deliveries_by_month".into(), deliveries.into_iter().collect());
    }
    (counted.len() as i64, tables)
}

/// Waits until the dashboard `name` says `want` (30 s at most); answers it.
async fn caught_up(
    suite: &TestSuite,
    token: &str,
    name: &str,
    want: (i64, BTreeMap<String, Counts>),
) -> (i64, BTreeMap<String, Counts>) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let got = tables_of(&named(suite, token, name, "").await);
        if got == want {
            return got;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the dashboard {name} never caught up:\n got {got:?}\nwant {want:?}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// A payment of `member_id` through `operator`, on `day`; answers its id.
async fn pay_with(
    suite: &TestSuite,
    token: &str,
    member_id: i64,
    operator: &str,
    amount: i64,
    day: &str,
) -> i64 {
    let body = json!({"transaction_date": day, "transaction_amount": amount,
        "transaction_memberId": member_id, "transaction_mobileOperator": operator,
        "transaction_number": format!("{operator}-{member_id}-{amount}")});
    save(suite, token, "/api/transaction/post_transaction", body).await
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
async fn both_dashboards_equal_the_members_and_cards_own_counts_after_a_burst_and_redeliveries() {
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
    // Deliveries: two printed cards delivered, one delivery made then deleted, one left unsent.
    let delivery = |cards: &[i64]| json!({"cards": cards.iter().map(|c| json!({"card_id": c})).collect::<Vec<_>>()});
    let sent = save(&suite, &admin, "/api/delivery/post_delivery", delivery(&card_ids[..2])).await;
    let mut send = delivery(&card_ids[..2]);
    send["delivery_id"] = json!(sent);
    send["delivery_sent"] = json!(true);
    save(&suite, &admin, "/api/delivery/post_delivery", send).await;
    let dropped =
        save(&suite, &admin, "/api/delivery/post_delivery", delivery(&card_ids[2..3])).await;
    let (status, answer) =
        suite.delete(&format!("/api/delivery/delete.delivery/{dropped}"), &admin).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    save(&suite, &admin, "/api/delivery/post_delivery", delivery(&card_ids[3..4])).await;
    // Payments through other operators, in October, of every band; one cancelled.
    for (n, (operator, amount)) in
        [("Orange Money", 500), ("MTN MoMo", 30000), ("Orange Money", 12000), ("Moov Money", 7000)]
            .into_iter()
            .enumerate()
    {
        pay_with(&suite, &admin, ids[40 + n], operator, amount, "2026-10-05").await;
    }
    let cancelled = pay_with(&suite, &admin, ids[44], "MTN MoMo", 2500, "2026-10-06").await;
    let (status, answer) = suite
        .delete(
            &format!("/api/transaction/delete_transaction/{cancelled}?reason=Erreur%20de%20saisie"),
            &admin,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // Two members who paid move to the other region: their payments follow them (a region's filter).
    let (&elsewhere, _) = places.iter().find(|(_, (r, _))| *r == regions[1]).unwrap();
    for &id in &paid[..2] {
        let (status, read) = suite.get(&format!("/api/member/get_member/{id}"), &admin).await;
        assert_eq!(status, StatusCode::OK, "{read}");
        let mut record = read["data"].clone();
        assert_ne!(record["member_localityId"], json!(elsewhere), "a move");
        record["member_localityId"] = json!(elsewhere);
        save(&suite, &admin, "/api/member/post_member", record).await;
    }
    // Twenty deleted.
    for id in ids.iter().skip(180) {
        let (status, answer) =
            suite.delete(&format!("/api/member/delete_member/{id}"), &admin).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }

    let (total, counted) =
        caught_up(&suite, &admin, "membres", expected(&pool, &places).await).await;
    assert_eq!(total, 180);
    assert_eq!(counted["members_by_region"].values().sum::<i64>(), 180);
    assert_eq!(
        counted["cards_by_status"],
        Counts::from([
            ("pending".into(), 6),
            ("printed".into(), 1),
            ("in_delivery".into(), 1),
            ("delivered".into(), 2)
        ])
    );
    let cards_counted =
        caught_up(&suite, &admin, "cartes", expected_cards(&pool, None).await).await;
    assert_eq!(cards_counted.0, 14, "10 Wave payments and 4 others, one cancelled not counted");
    assert_eq!(
        cards_counted.1["amounts_by_operator"],
        Counts::from([
            ("MTN MoMo".into(), 30000),
            ("Moov Money".into(), 7000),
            ("Orange Money".into(), 12500),
            ("Wave".into(), 50000)
        ])
    );
    assert_eq!(cards_counted.1["deliveries_by_month"].values().sum::<i64>(), 2);
    // A filter that keeps everything counts the rows themselves: the same as the totals kept.
    for name in ["membres", "cartes"] {
        let all = tables_of(&named(&suite, &admin, name, "").await);
        let everything = tables_of(&named(&suite, &admin, name, "?from=1900-01-01").await);
        assert_eq!(everything, all, "{name}: kept totals and counted rows differ");
    }

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
    let again = tables_of(&named(&suite, &admin, "cartes", "").await);
    assert_eq!(again, cards_counted, "redelivered events changed the payments or deliveries");
    let everything = tables_of(&named(&suite, &admin, "cartes", "?from=1900-01-01").await);
    assert_eq!(everything, cards_counted, "redelivered events changed the payments' rows");

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

    // The payments of a region's members, and of a period (the day paid); the deliveries have no region.
    let in_region: Vec<i64> =
        places.iter().filter(|(_, (r, _))| *r == regions[1]).map(|(l, _)| *l).collect();
    let cards_in_region =
        tables_of(&named(&suite, &admin, "cartes", &format!("?regionId={}", regions[1])).await);
    let mut want = expected_cards(&pool, Some(&in_region)).await;
    want.1.insert("deliveries_by_month".into(), cards_counted.1["deliveries_by_month"].clone());
    assert_eq!(cards_in_region, want);
    let october =
        tables_of(&named(&suite, &admin, "cartes", "?from=2026-10-01&to=2026-10-31").await);
    assert_eq!(october.0, 4);
    assert_eq!(october.1["payments_by_operator"].values().sum::<i64>(), 4);
    let (_, later) = tables_of(
        &named(&suite, &admin, "cartes", &format!("?from={}", today.succ_opt().unwrap())).await,
    );
    assert!(!later.contains_key("deliveries_by_month"), "no delivery made after today: {later:?}");

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
        "Tableau de bord inconnu : « parcelles ». Tableaux de bord : cartes, membres."
    );
}

/// What the members' dashboard should say under `filter` (`regionId`, `from`, `to`), counted here from
/// the statistics' own rows member by member, the geography joined as it is now.
async fn counted_one_by_one(
    pool: &sqlx::PgPool,
    region: i64,
    from: Option<chrono::NaiveDate>,
    to: Option<chrono::NaiveDate>,
) -> (i64, BTreeMap<String, Counts>) {
    const WITHIN: &str = "NOT m.deleted AND ($1 = 0 OR g.region_id = $1)
         AND ($2::date IS NULL OR m.registered_at >= $2::date)
         AND ($3::date IS NULL OR m.registered_at < $3::date + 1)";
    const PLACED: &str = "reports.stat_member m LEFT JOIN (
             SELECT l.locality_id, d.department_id, d.region_id FROM reports.geo_locality l
             JOIN reports.geo_subprefecture s ON s.subprefecture_id = l.subprefecture_id
             JOIN reports.geo_department d ON d.department_id = s.department_id) g
         ON g.locality_id = m.locality_id";
    let rows: Vec<CountedMember> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT coalesce(g.region_id::text, ''), coalesce(g.department_id::text, ''), m.gender,
                date_part('year', age(current_date, m.birth_date))::int,
                coalesce(to_char(date_trunc('month', m.registered_at), 'YYYY-MM'), ''),
                CASE WHEN NOT m.has_photo THEN 'none' WHEN m.photo_checked THEN 'checked'
                     ELSE 'unchecked' END
         FROM {PLACED} WHERE {WITHIN}"
    )))
    .bind(region)
    .bind(from)
    .bind(to)
    .fetch_all(pool)
    .await
    .unwrap();
    let mut tables = member_tables(&rows);
    let cards: Vec<(String, i64)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
        "SELECT c.status, count(*) FROM reports.stat_card c JOIN {PLACED} ON m.member_id = c.member_id
         WHERE {WITHIN} GROUP BY c.status"
    )))
    .bind(region)
    .bind(from)
    .bind(to)
    .fetch_all(pool)
    .await
    .unwrap();
    if !cards.is_empty() {
        tables.insert("cards_by_status".into(), cards.into_iter().collect());
    }
    (rows.len() as i64, tables)
}

/// What the `cartes` dashboard's payments should say under `filter`, counted here from the statistics'
/// own rows payment by payment (its member's place as the geography has it now).
async fn payments_one_by_one(
    pool: &sqlx::PgPool,
    region: i64,
    from: Option<chrono::NaiveDate>,
    to: Option<chrono::NaiveDate>,
) -> (i64, BTreeMap<String, Counts>) {
    let payments: Vec<(String, i64)> = sqlx::query_as(
        "SELECT p.operator, p.amount FROM reports.stat_payment p
         LEFT JOIN reports.stat_member m ON m.member_id = p.member_id AND NOT m.deleted
         LEFT JOIN reports.geo_locality l ON l.locality_id = m.locality_id
         LEFT JOIN reports.geo_subprefecture s ON s.subprefecture_id = l.subprefecture_id
         LEFT JOIN reports.geo_department d ON d.department_id = s.department_id
         WHERE NOT p.deleted AND ($1 = 0 OR d.region_id = $1)
           AND ($2::date IS NULL OR p.paid_on >= $2) AND ($3::date IS NULL OR p.paid_on <= $3)",
    )
    .bind(region)
    .bind(from)
    .bind(to)
    .fetch_all(pool)
    .await
    .unwrap();
    let tables = payment_tables(&payments);
    (payments.len() as i64, tables)
}

#[tokio::test(flavor = "multi_thread")]
async fn a_period_counted_by_its_whole_months_and_its_edges_equals_its_members_and_payments_counted_one_by_one()
 {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let pool = common::db::connect(suite.database_url(), 2).await.unwrap();
    let run = |sql: &'static str| {
        let pool = pool.clone();
        async move { sqlx::query(sql).execute(&pool).await.unwrap() }
    };
    // The statistics' rows written as their consumers write them: two regions, three departments; some
    // cards before their members; 3,000 members over 27 months, born around each band's edge as well,
    // some with no place, no registration day, no birth date; a locality known only after its members.
    run("INSERT INTO reports.geo_region VALUES (1, 'Haut-Sassandra'), (2, 'Gbêkê')").await;
    run("INSERT INTO reports.geo_department VALUES (10, 'Daloa', 1), (11, 'Vavoua', 1), (20, 'Bouaké', 2)")
        .await;
    run("INSERT INTO reports.geo_subprefecture VALUES (100, 10), (110, 11), (200, 20)").await;
    run("INSERT INTO reports.geo_locality SELECT l, (ARRAY[100, 110, 200])[1 + l % 3] FROM generate_series(1, 12) l")
        .await;
    run("INSERT INTO reports.stat_card (card_id, position, member_id, status)
         SELECT g, g, 2900 + g, 'pending' FROM generate_series(1, 50) g")
    .await;
    run("INSERT INTO reports.stat_member
             (member_id, position, locality_id, gender, birth_date, registered_at, has_photo, photo_checked)
         SELECT g, g, CASE WHEN g % 17 = 0 THEN NULL WHEN g % 41 = 0 THEN 13 ELSE 1 + g % 12 END,
                (ARRAY['M', 'F', ''])[1 + g % 3],
                CASE WHEN g % 19 = 0 THEN NULL
                     WHEN g % 5 = 0 THEN (current_date - make_interval(
                         years => (ARRAY[18, 26, 36, 51, 66])[1 + g / 5 % 5]))::date + (g / 25 % 3 - 1)
                     ELSE date '1940-01-01' + (g * 37 % 30000) END,
                CASE WHEN g % 23 = 0 THEN NULL
                     ELSE now() - make_interval(days => g * 7 % 820, secs => g % 86400) END,
                g % 4 <> 0, g % 3 = 0
         FROM generate_series(1, 3000) g")
    .await;
    run("INSERT INTO reports.stat_card (card_id, position, member_id, status)
         SELECT 100 + g, g, 1 + g * 3 % 2900, (ARRAY['pending', 'printed', 'delivered'])[1 + g % 3]
         FROM generate_series(1, 1200) g")
    .await;
    // Then changes: members moved, re-registered a month earlier, their photo checked; some deleted;
    // a sub-prefecture moved to the other region; the unknown locality arrives; a card's status changes.
    run("UPDATE reports.stat_member SET locality_id = 1 + (locality_id + 1) % 12, photo_checked = true,
                registered_at = registered_at - interval '1 month'
         WHERE member_id % 11 = 0")
    .await;
    run("UPDATE reports.stat_member SET deleted = true WHERE member_id % 29 = 0").await;
    run("UPDATE reports.geo_subprefecture SET department_id = 20 WHERE subprefecture_id = 110")
        .await;
    run("INSERT INTO reports.geo_locality VALUES (13, 100)").await;
    run("UPDATE reports.stat_card SET status = 'delivered' WHERE card_id % 7 = 0").await;
    // Payments over 27 months, some before their member, some without a day; some cancelled, changed,
    // or of a member deleted since.
    run("INSERT INTO reports.stat_payment (transaction_id, position, member_id, operator, amount, paid_on)
         SELECT g, g, 1 + g * 7 % 3100, (ARRAY['Orange Money', 'MTN MoMo', 'Wave'])[1 + g % 3],
                (ARRAY[500, 2000, 5000, 12000, 30000])[1 + g % 5],
                CASE WHEN g % 31 = 0 THEN NULL ELSE current_date - (g * 13 % 820) END
         FROM generate_series(1, 2500) g")
    .await;
    run("INSERT INTO reports.stat_member (member_id, position, locality_id, gender, registered_at)
         SELECT g, g, 1 + g % 12, 'F', now() - interval '3 days' FROM generate_series(3001, 3100) g")
    .await;
    run("UPDATE reports.stat_payment SET deleted = true WHERE transaction_id % 37 = 0").await;
    run("UPDATE reports.stat_payment SET amount = amount + 100, paid_on = paid_on - 20
         WHERE transaction_id % 43 = 0")
    .await;
    run("UPDATE reports.stat_member SET deleted = true WHERE member_id % 53 = 0").await;

    let today: chrono::NaiveDate =
        sqlx::query_scalar("SELECT current_date").fetch_one(&pool).await.unwrap();
    let days_ago = |n: i64| today - chrono::Duration::days(n);
    let first_of = |day: chrono::NaiveDate| day.with_day(1).unwrap();
    use chrono::Datelike;
    let month_ago = first_of(days_ago(200));
    let last_of_month = first_of(days_ago(140)).pred_opt().unwrap();
    let mid = first_of(days_ago(300)) + chrono::Duration::days(9);
    let filters = [
        (0, None, None),
        (2, None, None),
        (0, Some(month_ago), None),
        (0, Some(days_ago(365)), None),
        (0, None, Some(days_ago(100))),
        (0, Some(days_ago(500)), Some(days_ago(40))),
        (0, Some(month_ago), Some(last_of_month)),
        (0, Some(mid), Some(mid + chrono::Duration::days(10))),
        (0, Some(mid + chrono::Duration::days(10)), Some(mid + chrono::Duration::days(30))),
        (1, Some(days_ago(300)), Some(days_ago(3))),
        (2, Some(days_ago(700)), Some(today)),
    ];
    let ask = |region: i64, from: Option<chrono::NaiveDate>, to: Option<chrono::NaiveDate>| {
        let mut query = vec![];
        if region != 0 {
            query.push(format!("regionId={region}"));
        }
        query.extend(from.map(|d| format!("from={d}")));
        query.extend(to.map(|d| format!("to={d}")));
        format!("?{}", query.join("&"))
    };
    for &(region, from, to) in &filters {
        let answer = tables_of(&dashboard(&suite, &admin, &ask(region, from, to)).await);
        assert_eq!(
            answer,
            counted_one_by_one(&pool, region, from, to).await,
            "{region} {from:?} {to:?}"
        );
        let payments = tables_of(&named(&suite, &admin, "cartes", &ask(region, from, to)).await);
        assert_eq!(
            payments,
            payments_one_by_one(&pool, region, from, to).await,
            "payments: {region} {from:?} {to:?}"
        );
    }
    let (paid, _) = payments_one_by_one(&pool, 0, None, None).await;
    assert!(paid > 2300, "{paid} payments counted");
    let (total, all) = counted_one_by_one(&pool, 0, None, None).await;
    assert!(total > 2500 && all["members_by_age"].len() == 7, "every band counted: {all:?}");

    // The bands kept as of 400 days ago: the next dashboard moves them to today first.
    run("SELECT reports.reband(current_date - 400)").await;
    for &(region, from, to) in &filters[..4] {
        let answer = tables_of(&dashboard(&suite, &admin, &ask(region, from, to)).await);
        assert_eq!(
            answer,
            counted_one_by_one(&pool, region, from, to).await,
            "{region} {from:?} {to:?}"
        );
    }
    let day: chrono::NaiveDate =
        sqlx::query_scalar("SELECT day FROM reports.stat_age_day").fetch_one(&pool).await.unwrap();
    assert_eq!(day, today);
    pool.close().await;
}

/// A member and its locality applied at the same moment by the reports' two consumers (two transactions,
/// each committed while the other is in flight), in either order: the member is placed in its department
/// whichever commits second. Before, each missed the other and the member stayed unplaced for good.
#[tokio::test(flavor = "multi_thread")]
async fn a_member_and_its_locality_applied_at_once_place_the_member() {
    let suite = TestSuite::start().await;
    let pool = common::db::connect(suite.database_url(), 4).await.unwrap();
    for sql in [
        "INSERT INTO reports.geo_region VALUES (90001, 'Région du test')",
        "INSERT INTO reports.geo_department VALUES (90002, 'Département du test', 90001)",
        "INSERT INTO reports.geo_subprefecture VALUES (90003, 90002)",
    ] {
        sqlx::query(sql).execute(&pool).await.unwrap();
    }
    for (member_first, locality) in [(true, 90004i64), (false, 90005)] {
        let member = locality + 1_000;
        let (mut first, mut second) = (pool.begin().await.unwrap(), pool.begin().await.unwrap());
        let member_sql = "INSERT INTO reports.stat_member (member_id, locality_id) VALUES ($1, $2)";
        let locality_sql = "INSERT INTO reports.geo_locality VALUES ($1, 90003)";
        let (first_sql, second_sql) =
            if member_first { (member_sql, locality_sql) } else { (locality_sql, member_sql) };
        let bind = move |sql: &'static str| {
            let query = sqlx::query(sql);
            if sql == member_sql { query.bind(member).bind(locality) } else { query.bind(locality) }
        };
        bind(first_sql).execute(&mut *first).await.unwrap();
        // The second one runs while the first is in flight: it waits for it, or it would miss it.
        let later = tokio::spawn(async move {
            bind(second_sql).execute(&mut *second).await.unwrap();
            second.commit().await.unwrap();
        });
        tokio::time::sleep(Duration::from_millis(300)).await;
        first.commit().await.unwrap();
        later.await.unwrap();
        let department: Option<i64> = sqlx::query_scalar(
            "SELECT department_id FROM reports.stat_member WHERE member_id = $1",
        )
        .bind(member)
        .fetch_one(&pool)
        .await
        .unwrap();
        let order = if member_first { "member first" } else { "locality first" };
        assert_eq!(department, Some(90002), "{order}: the member placed in its department");
    }
}

/// A payment and its member applied at the same moment by the reports' two consumers, in either order:
/// the payment is counted in its member's department whichever commits second.
#[tokio::test(flavor = "multi_thread")]
async fn a_payment_and_its_member_applied_at_once_place_the_payment() {
    let suite = TestSuite::start().await;
    let pool = common::db::connect(suite.database_url(), 4).await.unwrap();
    for sql in [
        "INSERT INTO reports.geo_region VALUES (90001, 'Région du test')",
        "INSERT INTO reports.geo_department VALUES (90002, 'Département du test', 90001)",
        "INSERT INTO reports.geo_subprefecture VALUES (90003, 90002)",
        "INSERT INTO reports.geo_locality VALUES (90004, 90003)",
    ] {
        sqlx::query(sql).execute(&pool).await.unwrap();
    }
    for (member_first, member) in [(true, 91001i64), (false, 91002)] {
        let payment = member + 1_000;
        let (mut first, mut second) = (pool.begin().await.unwrap(), pool.begin().await.unwrap());
        let member_sql =
            "INSERT INTO reports.stat_member (member_id, locality_id) VALUES ($1, 90004)";
        let payment_sql = "INSERT INTO reports.stat_payment (transaction_id, member_id, amount) VALUES ($1, $2, 100)";
        let (first_sql, second_sql) =
            if member_first { (member_sql, payment_sql) } else { (payment_sql, member_sql) };
        let bind = move |sql: &'static str| {
            let query = sqlx::query(sql);
            if sql == member_sql { query.bind(member) } else { query.bind(payment).bind(member) }
        };
        bind(first_sql).execute(&mut *first).await.unwrap();
        let later = tokio::spawn(async move {
            bind(second_sql).execute(&mut *second).await.unwrap();
            second.commit().await.unwrap();
        });
        tokio::time::sleep(Duration::from_millis(300)).await;
        first.commit().await.unwrap();
        later.await.unwrap();
        let department: Option<i64> = sqlx::query_scalar(
            "SELECT department_id FROM reports.stat_payment WHERE transaction_id = $1",
        )
        .bind(payment)
        .fetch_one(&pool)
        .await
        .unwrap();
        let order = if member_first { "member first" } else { "payment first" };
        assert_eq!(
            department,
            Some(90002),
            "{order}: the payment counted in its member's department"
        );
    }
}
