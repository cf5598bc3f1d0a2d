//! A consumer that missed events rebuilds its projection from the owning service (`common::consumer`,
//! `common::replay`). The whole suite is stopped; meanwhile the owners' records change and the events
//! that told of it are dropped from their streams, as a stream's age or size limit drops them while its
//! consumers are down. Started again, each of the six consumers finds that its stream no longer holds
//! the events after its last one, asks the owning service for every record it holds, and its projection
//! ends equal to the owner's: a change kept, a record it never received added, a record deleted
//! forgotten, a cancelled payment no longer counted. Events flow again afterwards.

use crate::cards::pay;
use crate::support::{TestSuite, chain, save};
use serde_json::json;
use sqlx::PgPool;
use std::time::Duration;

/// Waits until `sql` (one text) answers `expected`, for 30 s at most; answers what it last read.
async fn settles(pool: &PgPool, sql: &str, expected: &str) -> String {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let found: String =
            sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string())).fetch_one(pool).await.unwrap();
        if found == expected || tokio::time::Instant::now() > deadline {
            return found;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The member copies of the cards service and of the statistics, and the members' payments, as one
/// line: `cards: <id> <last name>, ... | statistics: <id> <gender> [deleted], ... | payments: <ids>`.
const COPIES: &str = "SELECT concat_ws(' | ',
    'cards: ' || coalesce((SELECT string_agg(member_id || ' ' || member_lastname, ', ' ORDER BY member_id)
                           FROM cards.member), ''),
    'statistics: ' || coalesce((SELECT string_agg(member_id || ' ' || gender
                                || CASE WHEN deleted THEN ' supprimé' ELSE '' END, ', ' ORDER BY member_id)
                                FROM reports.stat_member), ''),
    'payments: ' || coalesce((SELECT string_agg(transaction_id::text, ', ' ORDER BY transaction_id)
                              FROM members.payment), ''),
    'counted: ' || (SELECT count(*) FROM reports.stat_payment WHERE NOT deleted))";

/// The geography the members and the statistics keep: `<region ids> | <region ids> | <locality names>`.
const PLACES: &str = "SELECT concat_ws(' | ',
    (SELECT string_agg(region_id::text, ', ' ORDER BY region_id) FROM members.geo_region),
    (SELECT string_agg(region_id::text, ', ' ORDER BY region_id) FROM reports.geo_region),
    (SELECT string_agg(locality_name, ', ' ORDER BY locality_id) FROM members.geo_locality))";

#[tokio::test(flavor = "multi_thread")]
async fn a_consumer_behind_its_stream_rebuilds_its_projection_from_the_owner() {
    let mut suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let (region, _, _, locality) = chain(&suite, &admin).await;
    let member = |name: &str, gender: &str| {
        json!({"member_firstname": "Awa", "member_lastname": name, "member_gender": gender,
               "member_localityId": locality})
    };
    let changed = save(&suite, &admin, "/api/member/post_member", member("Koné", "F")).await;
    let missing = save(&suite, &admin, "/api/member/post_member", member("Yao", "F")).await;
    let deleted = save(&suite, &admin, "/api/member/post_member", member("Traoré", "M")).await;
    let cancelled = pay(&suite, &admin, changed, "RB-1", 5000).await;
    let kept = pay(&suite, &admin, missing, "RB-2", 5000).await;

    let pool = common::db::connect(suite.database_url(), 2).await.unwrap();
    let first = rebuilds(&suite).await;
    let before = format!(
        "cards: {changed} Koné, {missing} Yao, {deleted} Traoré | statistics: {changed} F, {missing} F, \
         {deleted} M | payments: {cancelled}, {kept} | counted: 2"
    );
    assert_eq!(settles(&pool, COPIES, &before).await, before, "every copy follows the events");

    // The suite stops; meanwhile the owners change without their events reaching anyone.
    suite.stop_services().await;
    let owners = [
        format!("UPDATE members.member SET member_lastname = 'Koné-Bamba', member_gender = 'M' WHERE member_id = {changed}"),
        format!("DELETE FROM members.member WHERE member_id = {deleted}"),
        format!("UPDATE cards.transaction SET transaction_cancelled_at = now(), transaction_cancel_reason = 'Paiement en double'
                 WHERE transaction_id = {cancelled}"),
        format!("UPDATE geography.locality SET locality_name = 'Zaïbo', name_key = 'zaibo' WHERE locality_id = {locality}"),
        // A member the consumers never received, a region the geography no longer holds.
        format!("DELETE FROM cards.member WHERE member_id = {missing}"),
        format!("DELETE FROM reports.stat_member WHERE member_id = {missing}"),
        "INSERT INTO members.geo_region (region_id, region_name) VALUES (999999, 'Ancienne région')".into(),
        "INSERT INTO reports.geo_region (region_id, region_name) VALUES (999999, 'Ancienne région')".into(),
    ];
    for sql in owners {
        sqlx::query(sqlx::AssertSqlSafe(sql)).execute(&pool).await.unwrap();
    }
    // Their streams drop the events that told of it, as an age limit would: one more event each, then
    // everything up to it.
    for service in ["geography", "members", "cards"] {
        let subject = format!("{}.{service}.record.updated", suite.naming.prefix());
        let ack = suite.jetstream.publish(subject, "{}".into()).await.unwrap();
        ack.await.unwrap();
        let mut stream = suite.jetstream.get_stream(suite.naming.stream(service)).await.unwrap();
        stream.purge().await.unwrap();
        let state = stream.info().await.unwrap().state.clone();
        assert_eq!((state.messages, state.first_sequence), (0, state.last_sequence + 1));
    }

    // Started again, each consumer rebuilds its projection from the owner.
    suite.restart().await;
    let after = format!(
        "cards: {changed} Koné-Bamba, {missing} Yao | statistics: {changed} M, {missing} F, \
         {deleted} M supprimé | payments: {kept} | counted: 1"
    );
    assert_eq!(settles(&pool, COPIES, &after).await, after, "the copies equal the owners");
    let places = format!("{region} | {region} | Zaïbo");
    assert_eq!(settles(&pool, PLACES, &places).await, places, "the geography equals the owner's");

    // Each consumer rebuilt once; events flow again, and a restart with nothing missed rebuilds nothing.
    assert_eq!(rebuilds(&suite).await, first.iter().map(|n| n + 1.0).collect::<Vec<_>>());
    let admin = suite.admin_token().await;
    let newcomer = save(&suite, &admin, "/api/member/post_member", member("Ouattara", "F")).await;
    let seen = format!("SELECT count(*)::text FROM cards.member WHERE member_id = {newcomer}");
    assert_eq!(settles(&pool, &seen, "1").await, "1", "a new member reaches the cards' copy");
    suite.stop_services().await;
    suite.restart().await;
    let admin = suite.admin_token().await;
    let again = save(&suite, &admin, "/api/member/post_member", member("Diallo", "M")).await;
    let seen = format!("SELECT count(*)::text FROM reports.stat_member WHERE member_id = {again}");
    assert_eq!(settles(&pool, &seen, "1").await, "1", "a new member reaches the statistics");
    assert_eq!(rebuilds(&suite).await, first.iter().map(|n| n + 1.0).collect::<Vec<_>>());
}

/// Each consumer's count of rebuilds (`sesame_consumer_rebuilds_total`; the tests of one process share
/// one recorder, and no other test drops events from a stream).
async fn rebuilds(suite: &TestSuite) -> Vec<f64> {
    let text = suite.http.get(suite.metrics_url()).send().await.unwrap().text().await.unwrap();
    CONSUMERS
        .iter()
        .map(|consumer| {
            let series = format!("sesame_consumer_rebuilds_total{{consumer=\"{consumer}\"}} ");
            text.lines()
                .find_map(|line| line.strip_prefix(&series)?.trim().parse().ok())
                .unwrap_or(0.0)
        })
        .collect()
}

/// The six consumers of the product.
const CONSUMERS: [&str; 6] = [
    "members-geography",
    "members-cards",
    "cards-members",
    "reports-members",
    "reports-cards",
    "reports-geography",
];
