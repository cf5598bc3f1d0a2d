//! A field laptop's synchronisation runs against a central server, two real suites on one machine: a run
//! answers its uuid at once and works in the background; with the laptop's sync token it signs in to
//! the central server and ends `done`; a revoked token, an unpaired laptop and the central server itself
//! end or refuse it in French; a run waiting on a silent central server stops at once when asked; the
//! journal lists and filters the runs.

use crate::support::TestSuite;
use common::config::RunningEnv;
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::Duration;

/// A field suite paired (or not) with the central server at `central_url`: its identity numbers start
/// with `F`, and every change it makes is marked for sending.
pub async fn field(central: Option<(String, String)>) -> TestSuite {
    TestSuite::start_with(field_config(central)).await
}

/// A field suite's settings (for `TestSuite::start_with` or `start_replica`).
pub fn field_config(central: Option<(String, String)>) -> impl FnOnce(&mut suite::SuiteConfig) {
    move |c| {
        c.gateway.running_env = RunningEnv::Field;
        c.geography.running_env = RunningEnv::Field;
        c.cards.running_env = RunningEnv::Field;
        c.members.running_env = RunningEnv::Field;
        c.members.id_prefix = "F".into();
        c.sync.running_env = RunningEnv::Field;
        c.sync.central = central.map(|(url, sync_token)| sync::CentralServer { url, sync_token });
    }
}

/// A central server that accepts connections and never answers: a run waits on it until stopped. Abort
/// the task to close it.
async fn silent_central() -> (String, tokio::task::JoinHandle<()>) {
    let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", silent.local_addr().unwrap());
    let held = tokio::spawn(async move {
        let mut open = Vec::new();
        while let Ok((socket, _)) = silent.accept().await {
            open.push(socket);
        }
    });
    (url, held)
}

/// A sync token of the right shape, which a silent central server never reads.
fn any_sync_token() -> String {
    "sst_0123456789abcdef_".to_string() + &"0".repeat(64)
}

async fn stop(suite: &TestSuite, base: &str, token: &str, uuid: &str) {
    let response = suite
        .http
        .post(format!("{base}/api/synchronization/get_synchronization_stop"))
        .bearer_auth(token)
        .json(&json!({ "uuid": uuid }))
        .send()
        .await
        .expect("the gateway answers");
    assert_eq!(response.status(), StatusCode::OK);
}

pub async fn start(suite: &TestSuite, token: &str, direction: &str) -> (StatusCode, Value) {
    suite.get(&format!("/api/synchronization/get_synchronization_start/{direction}"), token).await
}

/// Starts a run through the gateway at `base` (another replica of `suite`).
async fn start_at(
    suite: &TestSuite,
    base: &str,
    token: &str,
    direction: &str,
) -> (StatusCode, Value) {
    let response = suite
        .http
        .get(format!("{base}/api/synchronization/get_synchronization_start/{direction}"))
        .bearer_auth(token)
        .send()
        .await
        .expect("the gateway answers");
    let status = response.status();
    (status, response.json().await.expect("a JSON answer"))
}

/// The run's entry once it no longer runs (at most 15 s).
pub async fn ended(suite: &TestSuite, token: &str, uuid: &str) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        let (status, entry) =
            suite.get(&format!("/api/synchronization/get.synchronization/{uuid}"), token).await;
        assert_eq!(status, StatusCode::OK, "{entry}");
        if entry["data"]["synchronizationJournal_state"] != "running" {
            return entry["data"].clone();
        }
        assert!(tokio::time::Instant::now() < deadline, "still running: {entry}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_paired_laptop_signs_in_to_the_central_server_and_journals_each_run() {
    let central = TestSuite::start().await;
    let central_admin = central.admin_token().await;
    let (sync_login, sync_token) = central.new_sync_login(&central_admin, "poste-man-1").await;
    let laptop = field(Some((central.base.clone(), sync_token))).await;
    let admin = laptop.admin_token().await;

    // Answered at once, running; then done, signed in under the laptop's sync login.
    let (status, started) = start(&laptop, &admin, "to_server").await;
    assert_eq!(status, StatusCode::OK, "{started}");
    let entry = &started["data"];
    assert_eq!(entry["synchronizationJournal_type"], "to_server");
    assert_eq!(entry["synchronizationJournal_user"], "admin");
    assert!(entry["synchronizationJournal_stoppedAt"].is_null(), "{entry}");
    let uuid = entry["synchronizationJournal_uuid"].as_str().unwrap().to_string();
    let done = ended(&laptop, &admin, &uuid).await;
    assert_eq!(done["synchronizationJournal_state"], "done", "{done}");
    let message = done["synchronizationJournal_message"].as_str().unwrap();
    assert!(message.starts_with("Envoi terminé : 0 adhérent(s) envoyé(s)"), "{message}");
    assert!(message.contains("compte poste-man-1 du serveur central"), "{message}");
    assert!(done["synchronizationJournal_stoppedAt"].as_str().is_some());

    // Revoked on the central server: the next run fails, saying why.
    let (status, _) = central
        .delete(&format!("/api/user/delete_user-sync_token/{sync_login}"), &central_admin)
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, started) = start(&laptop, &admin, "from_server").await;
    let uuid = started["data"]["synchronizationJournal_uuid"].as_str().unwrap().to_string();
    let failed = ended(&laptop, &admin, &uuid).await;
    assert_eq!(failed["synchronizationJournal_state"], "failed");
    let message = failed["synchronizationJournal_message"].as_str().unwrap();
    assert!(
        message.starts_with(
            "Le serveur central refuse ce poste : Jeton de synchronisation invalide ou révoqué"
        ),
        "{message}"
    );

    // The journal, newest first, filtered by direction and state; a wrong filter is a French 400.
    let list = "/api/synchronization/get.synchronization_list?_orderBy=synchronizationJournal_startedAt&_descending=true";
    let (_, journal) = laptop.get(list, &admin).await;
    assert_eq!(journal["total"], 2);
    assert_eq!(journal["data"][0]["synchronizationJournal_type"], "from_server");
    let (_, done_only) = laptop.get(&format!("{list}&state=done"), &admin).await;
    assert_eq!(done_only["total"], 1);
    let (_, sent) = laptop.get(&format!("{list}&type=to_server"), &admin).await;
    assert_eq!(sent["data"][0]["synchronizationJournal_state"], "done");
    let (status, refused) = laptop.get(&format!("{list}&state=fini"), &admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(refused["fields"]["state"].as_str().unwrap().starts_with("État inconnu"));
    let (status, refused) = start(&laptop, &admin, "both").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");

    // The central server runs none itself; a viewer starts none anywhere.
    let (status, refused) = start(&central, &central_admin, "to_server").await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(refused["message"].as_str().unwrap().starts_with("Ce serveur est le serveur central"));
    let (_, viewer) = laptop.login_with_role("awa.lecteur", "viewer").await;
    assert_eq!(start(&laptop, &viewer, "to_server").await.0, StatusCode::FORBIDDEN);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_unpaired_laptop_is_told_how_to_pair_and_a_waiting_run_stops_when_asked() {
    let unpaired = field(None).await;
    let admin = unpaired.admin_token().await;
    let (_, started) = start(&unpaired, &admin, "to_server").await;
    let uuid = started["data"]["synchronizationJournal_uuid"].as_str().unwrap().to_string();
    let failed = ended(&unpaired, &admin, &uuid).await;
    assert_eq!(failed["synchronizationJournal_state"], "failed");
    assert!(failed["synchronizationJournal_message"].as_str().unwrap().contains("SYNC_TOKEN"));

    // A central server that accepts the connection and never answers: the run waits, then stops on demand.
    let (silent_url, held) = silent_central().await;
    let laptop = field(Some((silent_url, any_sync_token()))).await;
    let admin = laptop.admin_token().await;
    let (_, started) = start(&laptop, &admin, "to_server").await;
    let uuid = started["data"]["synchronizationJournal_uuid"].as_str().unwrap().to_string();
    tokio::time::sleep(Duration::from_millis(300)).await;
    // One run at a time.
    let (status, refused) = start(&laptop, &admin, "from_server").await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert!(
        refused["message"].as_str().unwrap().starts_with("Une synchronisation est déjà en cours")
    );
    stop(&laptop, &laptop.base, &admin, &uuid).await;
    let stopped = ended(&laptop, &admin, &uuid).await;
    assert_eq!(stopped["synchronizationJournal_state"], "stopped", "{stopped}");
    assert_eq!(stopped["synchronizationJournal_message"], "Arrêtée à la demande.");
    held.abort();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_run_is_claimed_once_across_the_replicas_of_a_laptop() {
    const SECRET: &str = "laptop-replicas-share-one-service-secret-0123";
    let (silent_url, held) = silent_central().await;
    let central = Some((silent_url, any_sync_token()));
    let first = TestSuite::start_with(|c| {
        field_config(central.clone())(c);
        c.auth.service_secret = Some(SECRET.into());
    })
    .await;
    let admin = first.admin_token().await;
    let (_, started) = start(&first, &admin, "to_server").await;
    let uuid = started["data"]["synchronizationJournal_uuid"].as_str().unwrap().to_string();

    // A second replica starting leaves the run of the first alone (it is alive: its claim is held)...
    let second = first
        .start_replica(|c| {
            field_config(central.clone())(c);
            c.auth.service_secret = Some(SECRET.into());
        })
        .await;
    let second_base = format!("http://{}", second.http_addr);
    let (_, entry) =
        first.get(&format!("/api/synchronization/get.synchronization/{uuid}"), &admin).await;
    assert_eq!(entry["data"]["synchronizationJournal_state"], "running", "{entry}");
    // ... refuses a second run while it lives, and stops it when asked.
    let (status, refused) = start_at(&first, &second_base, &admin, "from_server").await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert!(
        refused["message"].as_str().unwrap().starts_with("Une synchronisation est déjà en cours"),
        "{refused}"
    );
    stop(&first, &second_base, &admin, &uuid).await;
    let stopped = ended(&first, &admin, &uuid).await;
    assert_eq!(stopped["synchronizationJournal_state"], "stopped", "{stopped}");

    // Its end lets the claim go at once: the next run starts on the other replica.
    let (status, next) = start_at(&first, &second_base, &admin, "from_server").await;
    assert_eq!(status, StatusCode::OK, "{next}");
    let next_uuid = next["data"]["synchronizationJournal_uuid"].as_str().unwrap().to_string();
    stop(&first, &first.base, &admin, &next_uuid).await;
    assert_eq!(ended(&first, &admin, &next_uuid).await["synchronizationJournal_state"], "stopped");
    second.stop().await.expect("the replica stops");
    held.abort();
}
