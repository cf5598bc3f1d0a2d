//! `make bench-cards`: the card chain at scale, through the gateway of a suite started in this process on
//! a throwaway database. `BENCH_CARDS` members (default 10,000) get a photo each (uploaded as an agent
//! would) and pay by one operator's statement of `BENCH_STATEMENT_ROWS` rows imported as a job (matched
//! by phone, the others unmatched; its time and the process's peak memory); then their cards are made, printed to
//! one PDF with the default template Sésame ships (the designer's JSON, rendered by the cards service;
//! timed to the last byte, with the process's peak memory while printing), marked printed, put in
//! deliveries of 1,000 cards, and the delivery slips printed. Last, 2,000-row pages of the cards',
//! payments' and deliveries' lists are timed as their screens ask for them; then again after
//! `BENCH_LIST_CARDS` more cards (default 1,000,000, 0 to skip) are written by `suite::card_load`.

use anyhow::{Context, Result, ensure};
use futures::{StreamExt, TryStreamExt};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use suite::api_client::ApiClient;
use suite::bench::{ADMIN, BenchSuite, ms, peak_memory_mb, percentiles, reset_peak_memory};

const DELIVERY_SIZE: usize = 1_000;
const CREATION_BATCH: usize = 1_000;
/// Rows of a statement sent at a time.
const STATEMENT_PART: usize = 10_000;
/// Pages timed for each list.
const LIST_PAGES: usize = 20;

/// The path of a list's `i`-th page.
type PagePath<'a> = Box<dyn Fn(usize) -> String + 'a>;

/// A picture of its own for each member (a gradient in the member's colours), as a phone would send.
fn photo(member_id: i64) -> Vec<u8> {
    let (r, g) = ((member_id * 37 % 255) as u8, (member_id * 91 % 255) as u8);
    let img = image::RgbImage::from_fn(240, 300, |x, y| {
        image::Rgb([r.wrapping_add(x as u8), g.wrapping_add(y as u8), ((x * y) % 255) as u8])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Jpeg).expect("a JPEG");
    out.into_inner()
}

fn secs(d: Duration) -> String {
    format!("{:.1} s", d.as_secs_f64())
}

async fn wait_for(pool: &sqlx::PgPool, sql: &str, expected: i64, what: &str) -> Result<()> {
    let started = Instant::now();
    loop {
        let n: i64 =
            sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_string())).fetch_one(pool).await?;
        if n >= expected {
            return Ok(());
        }
        ensure!(
            started.elapsed() < Duration::from_secs(300),
            "{what}: {n} of {expected} after 5 minutes"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

#[tokio::main]
async fn main() -> Result<()> {
    let n: i64 = common::config::env_parse("BENCH_CARDS", 10_000i64)?;
    let suite = BenchSuite::start().await?;
    let api = ApiClient::sign_in(&suite.base, ADMIN.0, ADMIN.1).await?;
    let pool = common::db::connect(&suite.db.url, 4).await?;
    suite::bench::seed_geography(&api, &pool, 300).await?;
    members::load::generate(&pool, n, "C", |done| eprint!("\r  {done} adhérents...")).await?;
    eprintln!();
    // The generator writes each member's event with its row: the cards service's copy follows them.
    wait_for(&pool, "SELECT count(*) FROM cards.member", n, "members copied to cards").await?;
    // Each payer has a phone of their own (the generator often gives a family one number, whose payments
    // would wait for an agent to name the payer), in both copies.
    for table in ["members.member", "cards.member"] {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "UPDATE {table} SET member_contact = '07' || lpad(member_id::text, 8, '0')"
        )))
        .execute(&pool)
        .await?;
    }
    let ids: Vec<i64> =
        sqlx::query_scalar("SELECT member_id FROM members.member ORDER BY member_id")
            .fetch_all(&pool)
            .await?;

    let started = Instant::now();
    futures::stream::iter(ids.iter().copied())
        .map(|id| {
            let api = &api;
            async move {
                let fields = [("member_id", id.to_string())];
                api.upload(
                    "/member/post_member-photo",
                    &fields,
                    "member_photo",
                    "photo.jpg",
                    photo(id),
                )
                .await
            }
        })
        .buffer_unordered(4)
        .try_for_each(|_| async { Ok(()) })
        .await
        .context("photo upload")?;
    wait_for(
        &pool,
        "SELECT count(*) FROM cards.member WHERE photo_version > 0",
        n,
        "photos known to cards",
    )
    .await?;
    let photos = started.elapsed();
    println!("photos: {n} uploaded and known to the cards service in {}", secs(photos));

    // One operator's statement pays for every card, matched to its member by phone number, among
    // `BENCH_STATEMENT_ROWS` rows (default 200,000, a national operator's month): the others are paid
    // from phones no member has and wait unmatched. It is imported as a job, sent in parts.
    let total: usize =
        common::config::env_parse("BENCH_STATEMENT_ROWS", 200_000usize)?.max(n as usize);
    let yesterday = (chrono::Local::now().date_naive() - chrono::Days::new(1)).to_string();
    let members: Vec<(i64, String)> =
        sqlx::query_as("SELECT member_id, member_contact FROM members.member ORDER BY member_id")
            .fetch_all(&pool)
            .await?;
    let row = |i: usize| match members.get(i) {
        Some((id, phone)) => json!({"transaction_number": format!("OM-{id}"),
            "transaction_date": yesterday, "transaction_amount": 5000, "phone_number": phone}),
        None => json!({"transaction_number": format!("OM-X{i}"), "transaction_date": yesterday,
            "transaction_amount": 5000, "phone_number": format!("05{i:08}")}),
    };
    reset_peak_memory();
    let started = Instant::now();
    let start = json!({"transaction_mobileOperator": "Orange Money", "rows_total": total});
    let job = api.post("/transaction/post.statement_job", &start).await?;
    let job = job["data"]["job_id"].as_str().context("a statement job's id")?.to_string();
    for first in (0..total).step_by(STATEMENT_PART) {
        let rows: Vec<Value> = (first..(first + STATEMENT_PART).min(total)).map(row).collect();
        let part = json!({"job_id": job, "first_row": first, "rows": rows});
        api.post("/transaction/post.statement_job_rows", &part).await?;
    }
    let sent = started.elapsed();
    let ended = loop {
        let read = api.get(&format!("/transaction/get.statement_job/{job}")).await?;
        if matches!(read["data"]["status"].as_str(), Some("done" | "failed")) {
            break read["data"].clone();
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    ensure!(ended["status"] == "done", "the statement was refused: {}", ended["error"]);
    let import = started.elapsed();
    let statement_peak = peak_memory_mb().unwrap_or(0.0);
    println!(
        "statement: {total} rows ({n} of members) sent in {}, recorded after {} ({}); process peak \
         {statement_peak:.0} MB",
        secs(sent),
        secs(import),
        ended["result"]
    );

    let started = Instant::now();
    let candidates = api.post("/card/get.card_creation.member_list?_limit=50", &json!({})).await?;
    let listing = started.elapsed();
    let eligible = candidates["total"].as_i64().unwrap_or(0);
    println!(
        "candidates: {eligible} eligible members, first page in {:.0} ms",
        listing.as_secs_f64() * 1000.0
    );

    let payers: Vec<i64> = sqlx::query_scalar(
        "SELECT DISTINCT transaction_member_id FROM cards.transaction WHERE NOT transaction_is_used_for_card
         ORDER BY 1",
    )
    .fetch_all(&pool)
    .await?;
    let started = Instant::now();
    let mut made = 0;
    for batch in payers.chunks(CREATION_BATCH) {
        let answer =
            api.post("/card/get.card_creation.create", &json!({"member_ids": batch})).await?;
        made += answer["data"]["card_ids"].as_array().map_or(0, Vec::len);
    }
    let creation = started.elapsed();
    println!(
        "creation: {made} cards in {} = {:.0} cards/s (batches of {CREATION_BATCH})",
        secs(creation),
        made as f64 / creation.as_secs_f64()
    );

    reset_peak_memory();
    let before = peak_memory_mb().unwrap_or(0.0);
    let started = Instant::now();
    let pdf = api
        .post_download("/card/post.printing_card_list_by_id", &json!({"card_ids": null}))
        .await?;
    let printing = started.elapsed();
    let peak = peak_memory_mb().unwrap_or(0.0);
    ensure!(pdf.head.starts_with(b"%PDF-"), "the answer is not a PDF");
    println!(
        "print: {made} cards in one PDF of {:.1} MB in {} (first bytes after {:.1} s); process peak {peak:.0} MB \
         (resident {before:.0} MB when it started)",
        pdf.bytes as f64 / 1e6,
        secs(printing),
        pdf.first_byte.as_secs_f64()
    );

    let card_ids: Vec<i64> = sqlx::query_scalar("SELECT card_id FROM cards.card ORDER BY card_id")
        .fetch_all(&pool)
        .await?;
    let started = Instant::now();
    api.post("/card/post.mark_as_printed", &json!({"card_ids": card_ids})).await?;
    let marking = started.elapsed();
    println!("mark printed: {} cards in {}", card_ids.len(), secs(marking));

    let started = Instant::now();
    let mut deliveries = Vec::new();
    for part in card_ids.chunks(DELIVERY_SIZE) {
        let cards: Vec<Value> = part.iter().map(|id| json!({"card_id": id})).collect();
        let answer = api.post("/delivery/post_delivery", &json!({"cards": cards})).await?;
        deliveries.push(answer["id"].as_i64().context("a delivery id")?);
    }
    let delivering = started.elapsed();
    let started = Instant::now();
    let slips = api
        .post_download(
            "/delivery/post.printing_delivery_list_by_id",
            &json!({"delivery_ids": deliveries}),
        )
        .await?;
    let slipping = started.elapsed();
    println!(
        "deliveries: {} of {DELIVERY_SIZE} cards made in {}; their slips ({:.1} MB) in {}",
        deliveries.len(),
        secs(delivering),
        slips.bytes as f64 / 1e6,
        secs(slipping)
    );

    time_lists(&api, &card_ids, &format!("{made} cards")).await?;
    println!("\n| step | {n} members |\n|---|---|");
    println!(
        "| statement of {total} rows as a job ({n} matched by phone) | {}, peak {statement_peak:.0} MB |",
        secs(import)
    );
    println!("| cards made | {} |", secs(creation));
    println!(
        "| one PDF of every card | {} ({:.1} MB), peak {peak:.0} MB |",
        secs(printing),
        pdf.bytes as f64 / 1e6
    );
    println!("| marked printed | {} |", secs(marking));
    println!("| deliveries of {DELIVERY_SIZE} | {} |", secs(delivering));
    println!("| delivery slips | {} |", secs(slipping));

    // The same lists at the scale of a national network: cards written by the generator.
    let at_scale: i64 = common::config::env_parse("BENCH_LIST_CARDS", 1_000_000i64)?;
    if at_scale > 0 {
        let started = Instant::now();
        let added =
            suite::card_load::generate(&pool, at_scale, |done| eprint!("\r  {done} cartes..."))
                .await?;
        eprintln!();
        let cards: i64 =
            sqlx::query_scalar("SELECT count(*) FROM cards.card").fetch_one(&pool).await?;
        println!(
            "\ngenerated: {added} members with a payment and a card in {} ({cards} cards in all)",
            secs(started.elapsed())
        );
        let card_ids: Vec<i64> =
            sqlx::query_scalar("SELECT card_id FROM cards.card ORDER BY card_id")
                .fetch_all(&pool)
                .await?;
        time_lists(&api, &card_ids, &format!("{cards} cards")).await?;
    }
    suite.stop().await
}

/// Times 2,000-row pages of the lists of the cards' screens, as they scroll (each page until its last
/// byte), on `card_ids` (every card, in order).
async fn time_lists(api: &ApiClient, card_ids: &[i64], scale: &str) -> Result<()> {
    let spread = |i: usize| card_ids[(i * 7919) % card_ids.len()];
    let lists: [(&str, PagePath); 6] = [
        (
            "cards, newest first",
            Box::new(|_| "/card/get.card_list?_limit=2000&_descending=true".into()),
        ),
        (
            "cards by last name, scrolled on (after=)",
            Box::new(|i| {
                format!(
                    "/card/get.card_list?_limit=2000&_orderBy=card_lastname&after={}",
                    spread(i)
                )
            }),
        ),
        (
            "cards, filter \"koua\" (partial name)",
            Box::new(|_| "/card/get.card_list?_limit=2000&filter=koua".into()),
        ),
        (
            "cards in delivery, by status",
            Box::new(|_| "/card/get.card_list?_limit=2000&card_status=in_delivery".into()),
        ),
        (
            "payments, newest first",
            Box::new(|_| "/transaction/get.transaction_list?_limit=2000&_descending=true".into()),
        ),
        (
            "deliveries, newest first",
            Box::new(|_| "/delivery/get.delivery_list?_limit=2000&_descending=true".into()),
        ),
    ];
    println!("\nlist at {scale} (2,000-row pages, {LIST_PAGES} each)              p50       p99");
    for (what, path) in &lists {
        let mut samples = Vec::with_capacity(LIST_PAGES);
        for i in 0..LIST_PAGES {
            let started = Instant::now();
            api.get_bytes(&path(i)).await?;
            samples.push(started.elapsed());
        }
        let (p50, p99) = percentiles(&mut samples);
        println!("{what:<58} {:>9} {:>9}", ms(p50), ms(p99));
    }
    Ok(())
}
