//! `make bench-members`: loads `BENCH_MEMBERS` members (default 1,000,000) with the demo generator into a
//! suite started in this process on a throwaway database, then prints p50, p99 and throughput of the
//! member calls through the gateway (timed until the whole answer is received), each beside the time of
//! the same work done by the members store straight on PostgreSQL (queries and row decoding, no gRPC, no
//! HTTP), so the gateway and gRPC overhead shows as a ratio.

use anyhow::{Context, Result};
use common::paging::Page;
use members::store::members::MEMBER_SORT;
use members::store::{MemberSearch, Store};
use std::future::Future;
use std::time::{Duration, Instant};
use suite::api_client::ApiClient;
use suite::bench::{ADMIN, BenchSuite, ms, percentiles};

const SAMPLES: usize = 40;

/// Runs `call` `SAMPLES` times (after two warm-up runs); answers p50, p99 and calls per second.
async fn measure<F, Fut>(mut call: F) -> Result<(Duration, Duration, f64)>
where
    F: FnMut(usize) -> Fut,
    Fut: Future<Output = Result<()>>,
{
    for i in 0..2 {
        call(i).await?;
    }
    let mut samples = Vec::with_capacity(SAMPLES);
    let started = Instant::now();
    for i in 0..SAMPLES {
        let t = Instant::now();
        call(i).await?;
        samples.push(t.elapsed());
    }
    let rate = SAMPLES as f64 / started.elapsed().as_secs_f64();
    let (p50, p99) = percentiles(&mut samples);
    Ok((p50, p99, rate))
}

fn page(limit: i64, offset: i64) -> Page {
    Page::checked(limit, offset, "", false, MEMBER_SORT).expect("a valid page")
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

    let store = Store::new(pool.clone());
    let any_id: i64 = sqlx::query_scalar(
        "SELECT member_id FROM members.member ORDER BY member_id OFFSET $1 LIMIT 1",
    )
    .bind(made / 2)
    .fetch_one(&pool)
    .await
    .context("a member to read")?;
    let partial =
        MemberSearch { pattern: common::text::filter_pattern("kouam"), ..Default::default() };
    let deep = made / 2;

    println!(
        "\n{:<58} {:>9} {:>9} {:>8} | {:>9} {:>9} | {:>7}",
        "call (through the gateway)", "p50", "p99", "calls/s", "store p50", "store p99", "ratio"
    );
    let report = |name: &str, gateway: (Duration, Duration, f64), db: (Duration, Duration, f64)| {
        println!(
            "{:<58} {:>9} {:>9} {:>8.1} | {:>9} {:>9} | {:>6.2}x",
            name,
            ms(gateway.0),
            ms(gateway.1),
            gateway.2,
            ms(db.0),
            ms(db.1),
            gateway.0.as_secs_f64() / db.0.as_secs_f64()
        );
    };

    let offsets = |i: usize| (i as i64 * 7919 % (made - 2000).max(1)) / 2000 * 2000;
    let g = measure(|i| {
        let api = &api;
        async move {
            api.get_bytes(&format!("/member/get.member_list?_limit=2000&_offset={}", offsets(i)))
                .await
                .map(drop)
        }
    })
    .await?;
    let d = measure(|i| {
        let store = &store;
        async move {
            store
                .list_members(&MemberSearch::default(), &page(2000, offsets(i)))
                .await
                .map(drop)
                .map_err(Into::into)
        }
    })
    .await?;
    report("get.member_list?_limit=2000 (unfiltered, spread offsets)", g, d);

    let g =
        measure(|_| {
            let api = &api;
            async move {
                api.get_bytes("/member/get.member_list?_limit=2000&filter=kouam").await.map(drop)
            }
        })
        .await?;
    let d =
        measure(|_| {
            let (store, partial) = (&store, &partial);
            async move {
                store.list_members(partial, &page(2000, 0)).await.map(drop).map_err(Into::into)
            }
        })
        .await?;
    report("get.member_list?_limit=2000&filter=kouam (partial name)", g, d);

    for offset in [10_000, deep] {
        let g = measure(|_| {
            let api = &api;
            async move {
                api.get_bytes(&format!("/member/get.member_list?_limit=50&_offset={offset}"))
                    .await
                    .map(drop)
            }
        })
        .await?;
        let d = measure(|_| {
            let store = &store;
            async move {
                store
                    .list_members(&MemberSearch::default(), &page(50, offset))
                    .await
                    .map(drop)
                    .map_err(Into::into)
            }
        })
        .await?;
        report(&format!("get.member_list?_limit=50&_offset={offset} (50-row page)"), g, d);
    }

    let g = measure(|_| {
        let api = &api;
        async move { api.get_bytes("/member/get.member_count").await.map(drop) }
    })
    .await?;
    let d =
        measure(|_| {
            let store = &store;
            async move {
                store.count_members(&MemberSearch::default()).await.map(drop).map_err(Into::into)
            }
        })
        .await?;
    report("get.member_count", g, d);

    let g = measure(|_| {
        let api = &api;
        async move { api.get_bytes(&format!("/member/get_member/{any_id}")).await.map(drop) }
    })
    .await?;
    let d = measure(|_| {
        let store = &store;
        async move { store.get_member(any_id).await.map(drop).map_err(Into::into) }
    })
    .await?;
    report("get_member/{id}", g, d);

    pool.close().await;
    suite.stop().await
}
