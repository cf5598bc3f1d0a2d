//! A print of cards streamed through a replica killed with SIGKILL in the middle: what reached the agent
//! is visibly cut (the stream fails, or the bytes received are not a whole PDF, which the screen checks
//! before offering the file), the other replica prints every card at once, and the print changed
//! nothing: every card still waits to be printed, each on its own payment, until the agent marks them.

use crate::replica_kill::SECRET;
use crate::suite_process::{SuiteProcess, free_address};
use crate::support::TestSuite;
use futures::StreamExt;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::PgPool;
use std::collections::HashSet;
use std::time::{Duration, Instant};

/// Three parts of the print (drawn 200 cards at a time), so that the replica dies between two;
/// `PRINT_KILL_CARDS` asks for more (10,000 in docs/reliability.md).
fn cards_printed() -> usize {
    std::env::var("PRINT_KILL_CARDS").ok().and_then(|n| n.parse().ok()).unwrap_or(450)
}
/// How soon after the kill the other replica must answer a print.
const RECOVERY: Duration = Duration::from_secs(10);

/// Polls `sql` (one count) until it reaches `expected`, for at most 60 s.
async fn until_counted(pool: &PgPool, sql: &str, expected: i64) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let count: i64 =
            sqlx::query_scalar(sqlx::AssertSqlSafe(sql)).fetch_one(pool).await.unwrap();
        if count >= expected {
            return;
        }
        assert!(Instant::now() < deadline, "{sql}: {count} of {expected}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// A print as the agent's browser received it.
struct Printed {
    bytes: Vec<u8>,
    /// Whether the stream ended without an error.
    ended: bool,
    /// When the answer (its status) came.
    answered: Instant,
}

/// Asks `base` to print every card waiting, calling `on_first_bytes` once the first bytes are in.
async fn print(
    suite: &TestSuite,
    base: &str,
    token: &str,
    on_first_bytes: impl FnOnce(),
) -> Printed {
    let mut response = suite
        .http
        .post(format!("{base}/api/card/post.printing_card_list_by_id"))
        .bearer_auth(token)
        .json(&json!({"card_ids": null}))
        .timeout(Duration::from_secs(600))
        .send()
        .await
        .expect("the print starts");
    let answered = Instant::now();
    assert_eq!(response.status(), StatusCode::OK);
    let mut bytes = Vec::new();
    let mut on_first_bytes = Some(on_first_bytes);
    loop {
        match response.chunk().await {
            Ok(Some(chunk)) => {
                bytes.extend_from_slice(&chunk);
                if let Some(first) = on_first_bytes.take() {
                    first();
                }
            }
            Ok(None) => return Printed { bytes, ended: true, answered },
            Err(_) => return Printed { bytes, ended: false, answered },
        }
    }
}

/// What the screen checks before it offers the file: a PDF from its header to its end marker.
fn whole_pdf(bytes: &[u8]) -> bool {
    let end = bytes.trim_ascii_end();
    bytes.starts_with(b"%PDF-") && end.ends_with(b"%%EOF")
}

#[tokio::test(flavor = "multi_thread")]
async fn a_print_cut_by_a_killed_replica_shows_cut_and_the_other_prints_it_whole() {
    let suite = TestSuite::start_with(|c| c.auth.service_secret = Some(SECRET.into())).await;
    let mut replica =
        SuiteProcess::replica_of(&suite, &free_address(), &[("SERVICE_SECRET", SECRET)]);
    replica.start(&suite).await;
    let admin = suite.admin_token().await;
    let pool = PgPool::connect(suite.database_url()).await.unwrap();
    let cards = cards_printed();

    // Members with a phone each, one operator's statement paying for all of them, a card each.
    let registered: Vec<i64> = futures::stream::iter(0..cards)
        .map(|n| {
            let (suite, admin) = (&suite, &admin);
            async move {
                let body = json!({"member_firstname": format!("Imprimé {n}"), "member_lastname": "Kouassi",
                                  "member_birthDate": "1985-03-02", "member_contact": format!("07{n:08}")});
                let (status, answer) = suite.post("/api/member/post_member", admin, body).await;
                assert_eq!(status, StatusCode::OK, "{answer}");
                answer["id"].as_i64().expect("the new member's id")
            }
        })
        .buffer_unordered(8)
        .collect()
        .await;
    until_counted(&pool, "SELECT count(*) FROM cards.member", cards as i64).await;
    let yesterday = (chrono::Local::now().date_naive() - chrono::Days::new(1)).to_string();
    let rows: Vec<Value> = (0..cards)
        .map(|n| {
            json!({"transaction_number": format!("OM-P-{n}"), "transaction_date": yesterday,
                        "transaction_amount": 5000, "phone_number": format!("07{n:08}")})
        })
        .collect();
    let (status, imported) = suite
        .post(
            "/api/transaction/post.statement_import",
            &admin,
            json!({"transaction_mobileOperator": "Orange Money", "rows": rows}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{imported}");
    // A thousand cards a call, as the screen asks them.
    let mut card_ids: Vec<i64> = Vec::new();
    for batch in registered.chunks(1000) {
        let (status, made) = suite
            .post("/api/card/get.card_creation.create", &admin, json!({"member_ids": batch}))
            .await;
        assert_eq!(status, StatusCode::OK, "{made}");
        card_ids.extend(
            made["data"]["card_ids"]
                .as_array()
                .expect("the cards made")
                .iter()
                .filter_map(Value::as_i64),
        );
    }
    assert_eq!(card_ids.len(), cards, "a card a member");

    // The print through the replica, killed as soon as the first part has reached the agent.
    let replica_base = replica.base().to_string();
    let mut killed_at = None;
    let cut = print(&suite, &replica_base, &admin, || {
        replica.kill();
        killed_at = Some(Instant::now());
    })
    .await;
    let killed_at = killed_at.expect("the replica sent the start of the print");
    assert!(
        !cut.ended || !whole_pdf(&cut.bytes),
        "a print cut by the kill reads as whole ({} bytes)",
        cut.bytes.len()
    );

    // The other replica prints every card, at once.
    let mut first_bytes = None;
    let whole = print(&suite, &suite.base, &admin, || first_bytes = Some(Instant::now())).await;
    let answered_after = whole.answered - killed_at;
    let first_bytes_after = first_bytes.expect("the other replica prints") - killed_at;
    assert!(whole.ended && whole_pdf(&whole.bytes), "the other replica's print is whole");
    assert!(answered_after < RECOVERY, "printing again {answered_after:?} after the kill");
    let pages = lopdf::Document::load_mem(&whole.bytes).expect("a valid PDF").get_pages().len();
    assert_eq!(pages, cards, "a page a card");

    // Printing changed nothing: every card waits, each on a payment of its own, until it is marked.
    let pending: i64 =
        sqlx::query_scalar("SELECT count(*) FROM cards.card WHERE card_status = 'pending'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(pending, cards as i64, "the cards still waiting to be printed");
    let payments: HashSet<i64> = sqlx::query_scalar("SELECT card_transaction_id FROM cards.card")
        .fetch_all(&pool)
        .await
        .unwrap()
        .into_iter()
        .collect();
    assert_eq!(payments.len(), cards, "a payment backs two cards");
    for batch in card_ids.chunks(1000) {
        let (status, marked) =
            suite.post("/api/card/post.mark_as_printed", &admin, json!({"card_ids": batch})).await;
        assert_eq!(status, StatusCode::OK, "{marked}");
    }
    let printed: i64 =
        sqlx::query_scalar("SELECT count(*) FROM cards.card WHERE card_status = 'printed'")
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(printed, cards as i64, "every card marked printed");
    pool.close().await;
    println!(
        "print through a killed replica: {} bytes received before the cut ({}); the other replica \
         answered {:.2} s after the kill and printed {cards} cards ({} bytes), its first bytes {:.1} s \
         after the kill",
        cut.bytes.len(),
        if cut.ended { "stream ended, PDF not whole" } else { "stream failed" },
        answered_after.as_secs_f64(),
        whole.bytes.len(),
        first_bytes_after.as_secs_f64()
    );
}
