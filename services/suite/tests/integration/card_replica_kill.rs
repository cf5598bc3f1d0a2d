//! Cards made through two replicas at once, one of them killed with SIGKILL in the middle: no payment is
//! spent twice or spent without its card, every card acknowledged is stored, and a member whose card
//! the killed replica did not answer gets it, once, by asking the survivor again.

use crate::cards::pay;
use crate::replica_kill::SECRET;
use crate::suite_process::{SuiteProcess, free_address};
use crate::support::{TestSuite, save};
use futures::StreamExt;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use std::collections::{BTreeMap, HashSet};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

const MEMBERS: usize = 60;
/// Creations asked for each member, through both gateways in turn.
const ASKS: usize = 3;

/// Asks `base` for `member`'s card; the card's id when acknowledged.
async fn create(suite: &TestSuite, base: &str, token: &str, member: i64) -> Option<i64> {
    let answer = suite
        .http
        .post(format!("{base}/api/card/create_member_card"))
        .bearer_auth(token)
        .json(&json!({"member_id": member}))
        .timeout(Duration::from_secs(15))
        .send()
        .await
        .ok()?;
    if answer.status() != StatusCode::OK {
        return None;
    }
    answer.json::<Value>().await.ok()?["id"].as_i64()
}

#[tokio::test(flavor = "multi_thread")]
async fn cards_made_through_a_killed_replica_spend_each_payment_once() {
    let suite = TestSuite::start_with(|c| c.auth.service_secret = Some(SECRET.into())).await;
    let mut replica =
        SuiteProcess::replica_of(&suite, &free_address(), &[("SERVICE_SECRET", SECRET)]);
    replica.start(&suite).await;
    let admin = suite.admin_token().await;

    // Members with two payments each: enough for two cards, of which a member may have only one.
    let mut members = Vec::new();
    for n in 0..MEMBERS {
        let body = json!({"member_firstname": format!("Payeur {n}"), "member_lastname": "Yao",
                          "member_birthDate": "1980-05-12", "member_contact": "0707070707"});
        let member = save(&suite, &admin, "/api/member/post_member", body).await;
        pay(&suite, &admin, member, &format!("W-{n}-a"), 5000).await;
        pay(&suite, &admin, member, &format!("W-{n}-b"), 5000).await;
        members.push(member);
    }

    // The cards service knows them (from the members' events) before cards are asked.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let (_, candidates) =
            suite.post("/api/card/get.card_creation.member_list", &admin, json!({})).await;
        if candidates["total"].as_u64() == Some(MEMBERS as u64) {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "candidates: {candidates}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // Every creation at once, ten at a time, alternating gateways; the replica is killed once a third
    // of the members have been answered.
    let bases = [suite.base.clone(), replica.base().to_string()];
    let asks: Vec<(usize, i64)> = (0..ASKS)
        .flat_map(|round| members.iter().enumerate().map(move |(i, m)| (i + round, *m)))
        .collect();
    let answered = AtomicUsize::new(0);
    let creating = futures::stream::iter(asks)
        .map(|(turn, member)| {
            let (suite, admin, bases, answered) = (&suite, &admin, &bases, &answered);
            async move {
                let card = create(suite, &bases[turn % 2], admin, member).await;
                answered.fetch_add(1, Ordering::Relaxed);
                (member, card)
            }
        })
        .buffer_unordered(10)
        .collect::<Vec<_>>();
    let killing = async {
        while answered.load(Ordering::Relaxed) < MEMBERS / 3 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        replica.kill();
    };
    let (made, ()) = tokio::join!(creating, killing);
    let acknowledged: BTreeMap<i64, Vec<i64>> =
        made.iter().fold(BTreeMap::new(), |mut by_member, (member, card)| {
            by_member.entry(*member).or_default().extend(*card);
            by_member
        });

    // A member whose card no creation acknowledged asks the survivor again.
    let mut retried = 0;
    for member in &members {
        if acknowledged.get(member).is_none_or(Vec::is_empty) {
            let (status, _) = suite
                .post("/api/card/create_member_card", &admin, json!({"member_id": member}))
                .await;
            // 409: the killed replica made it and died before answering.
            assert!(matches!(status.as_u16(), 200 | 409), "{status}");
            retried += 1;
        }
    }

    let pool = PgPool::connect(suite.database_url()).await.unwrap();
    // Every member has exactly one live card, every card acknowledged among them.
    let cards: Vec<(i64, i64, i64)> = sqlx::query_as(
        "SELECT card_id, card_member_id, card_transaction_id FROM cards.card
          WHERE card_status <> 'cancelled' ORDER BY card_id",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let mut per_member: BTreeMap<i64, usize> = BTreeMap::new();
    for (_, member, _) in &cards {
        *per_member.entry(*member).or_default() += 1;
    }
    assert_eq!(per_member.len(), MEMBERS, "every member has a card");
    assert!(per_member.values().all(|n| *n == 1), "a member has two cards: {per_member:?}");
    let stored: HashSet<i64> = cards.iter().map(|(card, _, _)| *card).collect();
    for (member, ids) in &acknowledged {
        for id in ids {
            assert!(stored.contains(id), "card {id} of member {member} acknowledged and lost");
        }
    }
    // Each card spends its own payment, and only the payments of cards are spent.
    let backing: HashSet<i64> = cards.iter().map(|(_, _, payment)| *payment).collect();
    assert_eq!(backing.len(), cards.len(), "a payment backs two cards");
    let spent: HashSet<i64> = sqlx::query_scalar(
        "SELECT transaction_id FROM cards.transaction WHERE transaction_is_used_for_card",
    )
    .fetch_all(&pool)
    .await
    .unwrap()
    .into_iter()
    .collect();
    assert_eq!(spent, backing, "the payments spent are exactly those of the cards");
    pool.close().await;
    println!(
        "card replica killed: {} creations asked, {} acknowledged, {retried} asked again of the \
         survivor; {MEMBERS} members with one card each, {} payments spent, none twice",
        MEMBERS * ASKS,
        acknowledged.values().map(Vec::len).sum::<usize>(),
        spent.len()
    );
}
