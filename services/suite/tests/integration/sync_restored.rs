//! A laptop's database restored from a backup, or copied onto a second laptop: the copy has the laptop's
//! instance id and an older position than the central server has received from it, so the central
//! server refuses the copy's run, in French, telling the agent what to do, and nothing of the copy is
//! sent; the laptop it was copied from goes on as before. A copy that worked more than the original
//! and sent first is not told apart by its position, but by its lineage: the copy that sent last goes
//! on, the other is refused.

use crate::support::{TestSuite, save};
use crate::sync_runs::{ended, field, field_config, start};
use reqwest::StatusCode;
use serde_json::json;

async fn register(suite: &TestSuite, token: &str, firstname: &str) -> i64 {
    let member = json!({"member_firstname": firstname, "member_lastname": "Ouattara"});
    save(suite, token, "/api/member/post_member", member).await
}

/// Runs one direction on `laptop` to its end; answers its journal entry.
async fn run_on(laptop: &TestSuite, token: &str, direction: &str) -> serde_json::Value {
    let (status, started) = start(laptop, token, direction).await;
    assert_eq!(status, StatusCode::OK, "{started}");
    let uuid = started["data"]["synchronizationJournal_uuid"].as_str().unwrap().to_string();
    ended(laptop, token, &uuid).await
}

async fn members_on(suite: &TestSuite, token: &str) -> i64 {
    let (status, list) = suite.get("/api/member/get.member_list", token).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    list["total"].as_i64().unwrap()
}

/// Sends what `laptop` has to the central server, to the run's successful end.
async fn send(laptop: &TestSuite, token: &str) {
    let sent = run_on(laptop, token, "to_server").await;
    assert_eq!(sent["synchronizationJournal_state"], "done", "{sent}");
}

/// `laptop`'s sending run is refused by the central server as a copy, saying `why` and what to do in
/// French, and nothing of it is sent.
async fn refused_as_a_copy(laptop: &TestSuite, token: &str, why: &str) {
    let refused = run_on(laptop, token, "to_server").await;
    assert_eq!(refused["synchronizationJournal_state"], "failed", "{refused}");
    let message = refused["synchronizationJournal_message"].as_str().unwrap();
    assert!(message.contains(why) && message.contains("N'utilisez pas cette copie"), "{message}");
    assert_eq!(refused["synchronizationJournal_sent"], 0, "{refused}");
}

#[tokio::test(flavor = "multi_thread")]
async fn a_laptop_database_restored_or_copied_is_refused_by_the_central_server() {
    let central = TestSuite::start().await;
    let central_admin = central.admin_token().await;
    let (_, sync_token) = central.new_sync_login(&central_admin, "poste-bouake-1").await;
    let paired = Some((central.base.clone(), sync_token));
    let mut laptop = field(paired.clone()).await;
    let admin = laptop.admin_token().await;
    register(&laptop, &admin, "Adama").await;
    register(&laptop, &admin, "Bintou").await;
    send(&laptop, &admin).await;

    // The laptop's database as a backup would keep it, then the laptop goes on working and sending.
    laptop.stop_services().await;
    let backup = laptop.copy_database().await;
    laptop.restart_with(field_config(paired.clone())).await;
    let admin = laptop.admin_token().await;
    register(&laptop, &admin, "Chata").await;
    register(&laptop, &admin, "Drissa").await;
    send(&laptop, &admin).await;
    assert_eq!(members_on(&central, &central_admin).await, 4);

    // The backup restored (or the disk copied onto another laptop), an agent registers on it and sends.
    let restored = TestSuite::start_on(backup, field_config(paired)).await;
    let restored_admin = restored.admin_token().await;
    register(&restored, &restored_admin, "Ernestine").await;
    let why = "Cette base de données du poste a été restaurée ou copiée";
    refused_as_a_copy(&restored, &restored_admin, why).await;
    assert_eq!(members_on(&central, &central_admin).await, 4, "nothing of the copy arrived");

    // The laptop it was copied from is still welcome.
    register(&laptop, &admin, "Fanta").await;
    send(&laptop, &admin).await;
    assert_eq!(members_on(&central, &central_admin).await, 5);
}

#[tokio::test(flavor = "multi_thread")]
async fn of_two_copies_of_a_laptop_only_the_one_that_sent_last_goes_on_even_when_the_other_is_ahead()
 {
    let central = TestSuite::start().await;
    let central_admin = central.admin_token().await;
    let (_, sync_token) = central.new_sync_login(&central_admin, "poste-man-1").await;
    let paired = Some((central.base.clone(), sync_token));
    let mut laptop = field(paired.clone()).await;
    let admin = laptop.admin_token().await;
    register(&laptop, &admin, "Adama").await;
    send(&laptop, &admin).await;

    // The disk copied onto a second laptop, which registers a member and sends.
    laptop.stop_services().await;
    let copied = laptop.copy_database().await;
    laptop.restart_with(field_config(paired.clone())).await;
    let admin = laptop.admin_token().await;
    let copy = TestSuite::start_on(copied, field_config(paired)).await;
    let copy_admin = copy.admin_token().await;
    register(&copy, &copy_admin, "Bakary").await;
    send(&copy, &copy_admin).await;
    assert_eq!(members_on(&central, &central_admin).await, 2);

    // The first laptop registers more than the copy did (further ahead by its position) and sends:
    // refused, in French, and nothing of it is sent.
    for firstname in ["Chata", "Drissa", "Ernestine"] {
        register(&laptop, &admin, firstname).await;
    }
    refused_as_a_copy(&laptop, &admin, "une autre copie de ce poste s'est synchronisée").await;
    assert_eq!(members_on(&central, &central_admin).await, 2, "nothing of the other copy arrived");

    // The copy that sent last goes on.
    register(&copy, &copy_admin, "Fanta").await;
    send(&copy, &copy_admin).await;
    assert_eq!(members_on(&central, &central_admin).await, 3);
}
