//! `make bench-members`: loads `BENCH_MEMBERS` members (default 1,000,000) with the demo generator into a
//! suite started in this process on a throwaway database, then prints, for each member call through the
//! gateway (timed until the whole answer is received), its p50, p99 and calls per second beside
//! PostgreSQL's own time for the call's statement (planning and execution, from `EXPLAIN ANALYZE`: the
//! part no code of ours can remove), the p50 of a plain Express + node-postgres server answering the same
//! call on the same rows (`ExpressPeer`, when Node and its packages are there), and the aim of the call.
//! Writes are timed at 1 and at 16 clients.

use anyhow::{Context, Result};
use common::paging::Page;
use futures::future::try_join_all;
use members::store::members::MEMBER_SORT;
use members::store::{MemberSearch, Store};
use serde_json::json;
use std::future::Future;
use std::time::{Duration, Instant};
use suite::api_client::ApiClient;
use suite::bench::{ADMIN, BenchSuite, ExpressPeer, ms, percentiles};

const SAMPLES: usize = 40;
/// PostgreSQL's time is the p50 of fewer runs: each one runs the statement again.
const SERVER_SAMPLES: usize = 10;
/// Members created one after the other (each waits for its commit's flush: more samples than reads).
const WRITE_SAMPLES: usize = 400;
/// Members created by the 16 concurrent clients, together.
const CONCURRENT_WRITES: usize = 3_200;

/// Runs `call` `runs` times (after two warm-up runs); answers every duration and the calls per second.
async fn timed<F, Fut>(runs: usize, mut call: F) -> Result<(Vec<Duration>, f64)>
where
    F: FnMut(usize) -> Fut,
    Fut: Future<Output = Result<()>>,
{
    for i in 0..2 {
        call(i).await?;
    }
    let mut samples = Vec::with_capacity(runs);
    let started = Instant::now();
    for i in 0..runs {
        let t = Instant::now();
        call(i).await?;
        samples.push(t.elapsed());
    }
    Ok((samples, runs as f64 / started.elapsed().as_secs_f64()))
}

/// p50, p99 and calls per second of `SAMPLES` calls.
async fn measure<F, Fut>(call: F) -> Result<(Duration, Duration, f64)>
where
    F: FnMut(usize) -> Fut,
    Fut: Future<Output = Result<()>>,
{
    let (mut samples, rate) = timed(SAMPLES, call).await?;
    let (p50, p99) = percentiles(&mut samples);
    Ok((p50, p99, rate))
}

/// The p50 of PostgreSQL's own time, each run answering it.
async fn server_p50<F, Fut>(mut run: F) -> Result<Duration>
where
    F: FnMut(usize) -> Fut,
    Fut: Future<Output = Result<Duration, sqlx::Error>>,
{
    let mut samples = Vec::with_capacity(SERVER_SAMPLES);
    for i in 0..SERVER_SAMPLES + 1 {
        let time = run(i).await?;
        if i > 0 {
            samples.push(time);
        }
    }
    Ok(percentiles(&mut samples).0)
}

fn page(limit: i64, offset: i64, after: i64, descending: bool) -> Page {
    let paging =
        proto::common::Paging { limit, offset, after, descending, order_by: "member_id".into() };
    Page::of(&paging, MEMBER_SORT).expect("a valid page")
}

/// PostgreSQL's own time of one page's statement.
async fn list_time(
    store: &Store,
    search: &MemberSearch,
    page: Page,
) -> Result<Duration, sqlx::Error> {
    store.list_server_time(search, &page).await
}

fn print_row(
    name: &str,
    call: (Duration, Duration, f64),
    server: Option<Duration>,
    peer: Option<Duration>,
    aim: &str,
) {
    println!(
        "{:<62} {:>9} {:>9} {:>8.1} | {:>10} | {:>10} | {}",
        name,
        ms(call.0),
        ms(call.1),
        call.2,
        server.map_or("-".into(), ms),
        peer.map_or("-".into(), ms),
        aim
    );
}

/// The Express peer's p50 for `path` (`None` when the peer is not running).
async fn peer_p50(peer: &Option<ExpressPeer>, path: &str) -> Result<Option<Duration>> {
    let Some(peer) = peer else { return Ok(None) };
    let client = &peer.client;
    let (p50, _, _) = measure(|_| async move { client.get_bytes(path).await.map(drop) }).await?;
    Ok(Some(p50))
}

#[tokio::main]
async fn main() -> Result<()> {
    let n: i64 = common::config::env_parse("BENCH_MEMBERS", 1_000_000i64)?;
    let suite = BenchSuite::start().await?;
    let api = ApiClient::sign_in(&suite.base, ADMIN.0, ADMIN.1).await?;
    let pool = common::db::connect(&suite.db.url, 4).await?;

    suite::bench::seed_geography(&api, &pool, 3_000).await?;

    let started = Instant::now();
    let made =
        members::load::generate(&pool, n, "C", |done| eprint!("\r  {done} adhérents...")).await?;
    let load = started.elapsed();
    eprintln!();
    println!(
        "load: {made} members in {:.1} s = {:.0} members/s (families, VACUUM ANALYZE included)",
        load.as_secs_f64(),
        made as f64 / load.as_secs_f64()
    );

    suite::bench::checkpoint(&pool).await;
    let store = Store::new(pool.clone());
    let id_at = |position: i64| {
        let pool = pool.clone();
        async move {
            sqlx::query_scalar::<_, i64>(
                "SELECT member_id FROM members.member ORDER BY member_id OFFSET $1 LIMIT 1",
            )
            .bind(position)
            .fetch_one(&pool)
            .await
            .context("a member at a position of the list")
        }
    };
    let deep = made / 2;
    let (any_id, deep_id) = (id_at(deep).await?, id_at(deep - 1).await?);
    let partial = MemberSearch { words: common::text::word_patterns("koua"), ..Default::default() };
    let two_words =
        MemberSearch { words: common::text::word_patterns("koné yao"), ..Default::default() };
    let everyone = MemberSearch::default();

    let peer = ExpressPeer::start(&suite.db.url).await;
    println!(
        "\n{:<62} {:>9} {:>9} {:>8} | {:>10} | {:>10} | aim",
        "call (through the gateway)", "p50", "p99", "calls/s", "PostgreSQL", "Express"
    );

    let call = measure(|_| {
        let api = &api;
        async move { api.get_bytes(&format!("/member/get_member/{any_id}")).await.map(drop) }
    })
    .await?;
    let server = server_p50(|_| store.get_server_time(any_id)).await?;
    let express = peer_p50(&peer, &format!("/member/get_member/{any_id}")).await?;
    print_row("get_member/{id}", call, Some(server), express, "p50 under 1 ms");
    // Where a read's time goes: the same read without the gateway (gRPC straight to the members
    // service, the token checked there only), then the members service's store alone (sqlx, prepared).
    let members = proto::members::members_client::MembersClient::new(common::grpc::channel(
        &format!("http://{}", suite.members_address()),
    )?);
    let call = measure(|_| {
        let members = members.clone();
        common::identity::with_token(api.token().to_string(), async move {
            members.clone().get_member(proto::members::Id { id: any_id }).await.map(drop)?;
            Ok(())
        })
    })
    .await?;
    print_row("  the same, gRPC to the members service (no gateway)", call, None, None, "");
    let call = measure(|_| {
        let store = &store;
        async move { store.get_member(any_id).await.map(drop).map_err(anyhow::Error::from) }
    })
    .await?;
    print_row("  the same, the members store alone (sqlx, prepared)", call, None, None, "");

    // The screen opens on the newest members, 2,000 rows, then scrolls on with `after`.
    let first_page = "/member/get.member_list?_limit=2000&_orderBy=member_id&_descending=true";
    let bytes = api.get_bytes(first_page).await?;
    let call = measure(|_| {
        let api = &api;
        async move { api.get_bytes(first_page).await.map(drop) }
    })
    .await?;
    let server = server_p50(|_| list_time(&store, &everyone, page(2000, 0, 0, true))).await?;
    let name = format!("2,000-row page, no filter ({} bytes a row)", bytes / 2000);
    let express = peer_p50(&peer, first_page).await?;
    print_row(&name, call, Some(server), express, "under 40 ms, under 400 bytes a row");

    // Scrolling on from rows spread over the whole list.
    let spread = |i: usize| 1 + (i as i64 * 7919 % (made - 2000).max(1));
    let mut anchors = Vec::new();
    for i in 0..SAMPLES + 2 {
        anchors.push(id_at(spread(i)).await?);
    }
    let call = measure(|i| {
        let (api, after) = (&api, anchors[i]);
        async move {
            api.get_bytes(&format!("/member/get.member_list?_limit=2000&after={after}"))
                .await
                .map(drop)
        }
    })
    .await?;
    let server =
        server_p50(|i| list_time(&store, &everyone, page(2000, 0, anchors[i], false))).await?;
    print_row(
        "2,000-row page scrolled on (after=, spread over the list)",
        call,
        Some(server),
        None,
        "under 40 ms",
    );

    let call =
        measure(|_| {
            let api = &api;
            async move {
                api.get_bytes("/member/get.member_list?_limit=2000&filter=koua").await.map(drop)
            }
        })
        .await?;
    let server = server_p50(|_| list_time(&store, &partial, page(2000, 0, 0, false))).await?;
    let express = peer_p50(&peer, "/member/get.member_list?_limit=2000&filter=koua").await?;
    print_row(
        "2,000-row page, filter \"koua\" (partial name)",
        call,
        Some(server),
        express,
        "under 60 ms",
    );

    // Two words in any order, as people name someone: "koné yao" finds Yao Koné.
    let call = measure(|_| {
        let api = &api;
        async move {
            api.get_bytes("/member/get.member_list?_limit=50&filter=kon%C3%A9%20yao")
                .await
                .map(drop)
        }
    })
    .await?;
    let server = server_p50(|_| list_time(&store, &two_words, page(50, 0, 0, false))).await?;
    print_row(
        "50-row page, filter \"koné yao\" (two words, any order)",
        call,
        Some(server),
        None,
        "under 50 ms",
    );

    let call = measure(|_| {
        let api = &api;
        async move {
            api.get_bytes(&format!("/member/get.member_list?_limit=50&_offset={deep}"))
                .await
                .map(drop)
        }
    })
    .await?;
    let server = server_p50(|_| list_time(&store, &everyone, page(50, deep, 0, false))).await?;
    let express =
        peer_p50(&peer, &format!("/member/get.member_list?_limit=50&_offset={deep}")).await?;
    print_row(
        &format!("50-row page at _offset={deep}"),
        call,
        Some(server),
        express,
        "under 10 ms",
    );

    let call = measure(|_| {
        let api = &api;
        async move {
            api.get_bytes(&format!("/member/get.member_list?_limit=50&after={deep_id}"))
                .await
                .map(drop)
        }
    })
    .await?;
    let server = server_p50(|_| list_time(&store, &everyone, page(50, 0, deep_id, false))).await?;
    print_row(
        &format!("50-row page at the same depth, after={deep_id}"),
        call,
        Some(server),
        None,
        "under 10 ms",
    );

    let call = measure(|_| {
        let api = &api;
        async move { api.get_bytes("/member/get.member_count").await.map(drop) }
    })
    .await?;
    print_row("get.member_count (estimate beyond 100,000)", call, None, None, "under 5 ms");

    // The home page: the day's figures of every service at once (members registered over three years).
    let call = measure(|_| {
        let api = &api;
        async move { api.get_bytes("/home/get.day_figures").await.map(drop) }
    })
    .await?;
    print_row("home/get.day_figures (the home page)", call, None, None, "under 50 ms");

    // Writes: new main members on a locality, as the form sends them.
    let locality: i64 = sqlx::query_scalar("SELECT min(locality_id) FROM members.geo_locality")
        .fetch_one(&pool)
        .await?;
    let new_member = move |i: usize| {
        json!({"member_firstname": format!("Banc {i}"), "member_lastname": "Adhérent",
               "member_gender": "F", "member_isMainAccount": true, "member_localityId": locality,
               "member_contact": "0707000000"})
    };
    let (mut samples, rate) = timed(WRITE_SAMPLES, |i| {
        let api = &api;
        async move { api.post("/member/post_member", &new_member(i)).await.map(drop) }
    })
    .await?;
    let (p50, p99) = percentiles(&mut samples);
    let call = (p50, p99, rate);
    print_row("post_member, one client", call, None, None, "p50 under 3 ms");

    let clients = 16;
    let started = Instant::now();
    let each = CONCURRENT_WRITES / clients;
    let runs = (0..clients).map(|client| {
        let api = &api;
        async move {
            let mut samples = Vec::with_capacity(each);
            for i in 0..each {
                let t = Instant::now();
                api.post("/member/post_member", &new_member(10_000 + client * each + i)).await?;
                samples.push(t.elapsed());
            }
            anyhow::Ok(samples)
        }
    });
    let mut samples: Vec<Duration> = try_join_all(runs).await?.into_iter().flatten().collect();
    let rate = samples.len() as f64 / started.elapsed().as_secs_f64();
    let (p50, p99) = percentiles(&mut samples);
    print_row(
        &format!("post_member, {clients} clients ({CONCURRENT_WRITES} members)"),
        (p50, p99, rate),
        None,
        None,
        "1,500 per second",
    );

    drop(peer);
    pool.close().await;
    suite.stop().await
}
