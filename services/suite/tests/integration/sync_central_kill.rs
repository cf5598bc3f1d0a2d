//! Sync runs whose central server is killed with SIGKILL at random points (a central server restarted,
//! or the network cut: the laptop's requests are cut mid-way, a batch may be applied there and its answer
//! lost) converge once it is back, with no member lost and none twice. The central server is the real
//! `suite` binary, a process of its own on its own database, port and folder, started again after each
//! kill; the field laptop is a suite in this process. `SYNC_CENTRAL_KILL_SEED` replays a failed run.

use crate::suite_process::{SuiteProcess, free_address};
use crate::support::{TestSuite, save};
use crate::sync_exchange::{Pair, run};
use crate::sync_kill::{Random, assert_converged, edit_some, family, length_ms};
use crate::sync_runs::{ended, field, start};
use futures::{StreamExt, stream};
use reqwest::StatusCode;
use serde_json::json;
use std::collections::BTreeMap;
use std::time::{Duration, Instant};

/// Families registered on the laptop before each run that sends (a batch and more to send).
const FAMILIES: usize = 100;
/// Members registered on the central server before each run that receives (more than a page).
const CENTRAL_MEMBERS: usize = 300;
const KILLS: u64 = 8;
/// The longest wait between a run's start and the central server's kill.
const MAX_DELAY_MS: u64 = 800;
const AT_ONCE: usize = 8;

#[tokio::test(flavor = "multi_thread")]
async fn runs_whose_central_server_is_killed_and_started_again_converge() {
    let seed = std::env::var("SYNC_CENTRAL_KILL_SEED").ok().and_then(|s| s.parse().ok());
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::UNIX_EPOCH.elapsed().unwrap().as_nanos() as u64 | 1
    });
    println!("sync_central_kill: seed {seed} (SYNC_CENTRAL_KILL_SEED={seed} replays it)");
    let mut random = Random(seed);

    let central = TestSuite::for_process(format!("http://{}", free_address())).await;
    let mut process = SuiteProcess::new(&central, &[("RUNNING_ENV", "central")]);
    process.start(&central).await;
    let central_admin = central.admin_token().await;
    let (_, sync_token) = central.new_sync_login(&central_admin, "poste-coupe-1").await;
    let sync_session = central.sync_token(&sync_token).await;
    let laptop = field(Some((central.base.clone(), sync_token))).await;
    let laptop_admin = laptop.admin_token().await;
    let mut pair = Pair { central, central_admin, laptop, laptop_admin, sync_session };
    // Killed first, on a panic too: declared after the pair, so dropped before it.
    let mut process = process;

    let (mut laptop_ids, mut central_ids) = (Vec::new(), Vec::new());
    // The kills: each during a run of one direction or the other, edits on both sides in between.
    // Each run has new members to move, registered just before it; a run that ended before its kill
    // bounds the next delays of its direction, so that most kills land in a run.
    let mut latest = BTreeMap::new();
    let mut cut = 0;
    let mut spans = BTreeMap::from([("to_server", MAX_DELAY_MS), ("from_server", MAX_DELAY_MS)]);
    for round in 0..KILLS {
        let direction = if round % 2 == 0 { "to_server" } else { "from_server" };
        let (laptop, laptop_admin) = (&pair.laptop, &pair.laptop_admin);
        let (central, admin) = (&pair.central, &pair.central_admin);
        if direction == "to_server" {
            let first = round as usize * FAMILIES;
            let families: Vec<[i64; 3]> = stream::iter(first..first + FAMILIES)
                .map(|n| family(laptop, laptop_admin, n))
                .buffer_unordered(AT_ONCE)
                .collect()
                .await;
            laptop_ids.extend(families.concat());
        } else {
            let first = round as usize * CENTRAL_MEMBERS;
            let added: Vec<i64> = stream::iter(first..first + CENTRAL_MEMBERS)
                .map(|n| {
                    let body = json!({"member_firstname": format!("Central{n}"), "member_lastname": "Diallo"});
                    save(central, admin, "/api/member/post_member", body)
                })
                .buffer_unordered(AT_ONCE)
                .collect()
                .await;
            central_ids.extend(added);
        }
        edit_some(laptop, laptop_admin, &laptop_ids, 2, round, &mut random, &mut latest).await;
        if !central_ids.is_empty() {
            edit_some(central, admin, &central_ids, 2, round, &mut random, &mut latest).await;
        }

        let (status, started) = start(laptop, laptop_admin, direction).await;
        assert_eq!(status, StatusCode::OK, "round {round}: {started}");
        let uuid = started["data"]["synchronizationJournal_uuid"].as_str().unwrap().to_string();
        let delay = random.below(spans[direction] * 3 / 2 + 1).min(MAX_DELAY_MS);
        tokio::time::sleep(Duration::from_millis(delay)).await;
        process.kill();

        // The run ends by itself, in French: the central server cannot be reached.
        let entry = ended(laptop, laptop_admin, &uuid).await;
        let state = entry["synchronizationJournal_state"].as_str().unwrap();
        let message = entry["synchronizationJournal_message"].as_str().unwrap();
        if state == "failed" {
            assert!(message.starts_with("Serveur central injoignable"), "round {round}: {entry}");
            cut += 1;
        } else {
            assert_eq!(state, "done", "round {round}: {entry}");
            spans.insert(direction, length_ms(&entry).clamp(50, MAX_DELAY_MS));
        }
        println!(
            "sync_central_kill: round {round}: {direction:11} central killed after {delay:3} ms: {state}"
        );

        let began = Instant::now();
        process.start(&pair.central).await;
        println!("sync_central_kill: central server ready again in {:?}", began.elapsed());
        pair.central_admin = pair.central.admin_token().await;
    }
    assert!(cut >= KILLS / 4, "only {cut} of {KILLS} runs were cut by the kill");

    // Once it is back, both directions end, and nothing is lost or doubled.
    let total = (laptop_ids.len() + central_ids.len()) as i64;
    run(&pair, "to_server").await;
    run(&pair, "from_server").await;
    assert_converged(&pair, total, &latest).await;
    println!("sync_central_kill: {KILLS} kills ({cut} runs cut), {total} members on each side");
}
