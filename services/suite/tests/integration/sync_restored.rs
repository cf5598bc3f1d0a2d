//! A laptop's database restored from a backup, or copied onto a second laptop: the copy has the laptop's
//! instance id and an older position than the central server has received from it, so the central
//! server refuses the copy's run, in French, telling the agent what to do, and nothing of the copy is
//! sent; the laptop it was copied from goes on as before. A copy that worked more than the original
//! and sent first is not told apart by its position, but by its lineage: the copy that sent last goes
//! on, the other is refused. A central server restored from a backup refuses the laptops that sent after
//! the backup the same way, until its administrator accepts each again: the laptop then sends everything
//! made on it, photos included, and nothing is lost; and a laptop whose checkpoints are past what the
//! restored server served it receives again from there, so that nothing made there since is skipped,
//! and sends back all it holds, so that what the lost server made after the backup comes back.

use crate::members::{photo, png, upload};
use crate::support::{TestSuite, save};
use crate::sync_exchange::id_of;
use crate::sync_runs::{ended, field, field_config, start};
use reqwest::StatusCode;
use serde_json::{Value, json};

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

/// The first names of the members `suite` holds, sorted.
async fn names_on(suite: &TestSuite, token: &str) -> Vec<String> {
    let (status, list) = suite.get("/api/member/get.member_list", token).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let mut names: Vec<String> = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["member_firstname"].as_str().unwrap().to_string())
        .collect();
    names.sort();
    names
}

/// The one field laptop the central server knows, as its synchronisation screen lists it.
async fn the_laptop(central: &TestSuite, token: &str) -> Value {
    let (status, list) =
        central.get("/api/synchronization/get.synchronization_peer_list", token).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list["total"], 1, "{list}");
    list["data"][0].clone()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_central_server_restored_from_a_backup_accepts_a_laptop_again_which_sends_it_everything()
{
    let mut central = TestSuite::start().await;
    let central_admin = central.admin_token().await;
    let (_, sync_token) = central.new_sync_login(&central_admin, "poste-korhogo-1").await;
    let mut laptop = field(Some((central.base.clone(), sync_token.clone()))).await;
    let admin = laptop.admin_token().await;
    register(&laptop, &admin, "Adama").await;
    send(&laptop, &admin).await;
    register(&central, &central_admin, "Kouadio").await;
    receive(&laptop, &admin).await;

    // The central server's backup; then the laptop registers a member with a photo and another, and
    // sends them.
    central.stop_services().await;
    let backup = central.copy_database().await;
    central.restart_with(|_| {}).await;
    laptop.stop_services().await;
    laptop.restart_with(field_config(Some((central.base.clone(), sync_token.clone())))).await;
    let admin = laptop.admin_token().await;
    let bintou = register(&laptop, &admin, "Bintou").await;
    let (status, answer) = upload(&laptop, &admin, bintou, "photo.png", png(320, 400)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    register(&laptop, &admin, "Chata").await;
    send(&laptop, &admin).await;
    // Receiving moves the laptop's checkpoint past the positions Bintou and Chata took there.
    receive(&laptop, &admin).await;
    let central_admin = central.admin_token().await;
    assert_eq!(members_on(&central, &central_admin).await, 4);

    // The central server is lost and restored from the backup (without deploy/after-restore.sql, see
    // the test below): it has Adama and Kouadio only, gives out again the positions it gave since (to
    // Mariam, registered there at once), and refuses the laptop as a copy, telling the agent not to
    // reinstall it but to have it accepted again.
    central.stop_services().await;
    drop(central);
    let restored = TestSuite::start_on(backup, |_| {}).await;
    let restored_admin = restored.admin_token().await;
    register(&restored, &restored_admin, "Mariam").await;
    laptop.stop_services().await;
    laptop.restart_with(field_config(Some((restored.base.clone(), sync_token)))).await;
    let admin = laptop.admin_token().await;
    register(&laptop, &admin, "Drissa").await;
    let why = "ne réinstallez pas ce poste : demandez à l'administrateur du serveur central de l'accepter de nouveau";
    refused_as_a_copy(&laptop, &admin, why).await;
    assert_eq!(names_on(&restored, &restored_admin).await, ["Adama", "Kouadio", "Mariam"]);

    // Its administrator finds the laptop on the synchronisation screen and accepts it again.
    let known = the_laptop(&restored, &restored_admin).await;
    assert_eq!(known["login_name"], "poste-korhogo-1", "{known}");
    assert_eq!(known["readmitted"], false, "{known}");
    let instance = known["instanceId"].as_str().unwrap();
    let path = format!("/api/synchronization/delete_synchronization_peer_lineage/{instance}");
    let (status, readmitted) = restored.delete(&path, &restored_admin).await;
    assert_eq!(status, StatusCode::OK, "{readmitted}");
    assert_eq!(readmitted["data"]["readmitted"], true, "{readmitted}");
    let (status, unknown) = restored
        .delete(
            "/api/synchronization/delete_synchronization_peer_lineage/0190a5f4-0000-7000-8000-000000000000",
            &restored_admin,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{unknown}");
    assert_eq!(
        unknown["message"],
        "Ce poste de terrain ne s'est jamais présenté à ce serveur central."
    );

    // The laptop's next run sends everything made on it: what the restored server lost comes back,
    // photo included, each member once, and the journal says why.
    let sent = run_on(&laptop, &admin, "to_server").await;
    assert_eq!(sent["synchronizationJournal_state"], "done", "{sent}");
    let message = sent["synchronizationJournal_message"].as_str().unwrap();
    assert!(
        message.starts_with("Le serveur central avait été restauré d'une sauvegarde"),
        "{message}"
    );
    let everyone = ["Adama", "Bintou", "Chata", "Drissa", "Kouadio", "Mariam"];
    assert_eq!(names_on(&restored, &restored_admin).await, everyone);
    let (status, member) = laptop.get(&format!("/api/member/get_member/{bintou}"), &admin).await;
    assert_eq!(status, StatusCode::OK, "{member}");
    let id_number = member["data"]["member_idNumber"].as_str().unwrap();
    let on_restored = id_of(&restored, &restored_admin, id_number).await;
    let (status, _) = photo(&restored, &restored_admin, on_restored, false).await;
    assert_eq!(status, StatusCode::OK, "Bintou's photo came back");
    assert_eq!(the_laptop(&restored, &restored_admin).await["sendingEverything"], true);

    // The run after it is an ordinary one: nothing more to send, and the laptop is known again.
    let again = run_on(&laptop, &admin, "to_server").await;
    assert_eq!(again["synchronizationJournal_state"], "done", "{again}");
    assert_eq!(again["synchronizationJournal_sent"], 0, "{again}");
    let known = the_laptop(&restored, &restored_admin).await;
    assert_eq!((&known["readmitted"], &known["sendingEverything"]), (&json!(false), &json!(false)));
    assert_eq!(members_on(&restored, &restored_admin).await, 6);

    // Receiving: the laptop's checkpoint was past the positions the restored server gave out since,
    // Mariam's included; the server served it only as far as the backup knows, so the sending run that
    // sent everything took it back, and Mariam arrives. Nothing is marked for sending a second time.
    let received = receive(&laptop, &admin).await;
    let message = received["synchronizationJournal_message"].as_str().unwrap();
    assert!(message.starts_with("Réception terminée"), "{message}");
    let names = names_on(&laptop, &admin).await;
    assert!(names.contains(&"Mariam".to_string()), "{names:?}");
    assert_eq!(names, everyone, "each member once on the laptop");
    let after = run_on(&laptop, &admin, "to_server").await;
    assert_eq!(after["synchronizationJournal_sent"], 0, "{after}");

    // The next receiving run is an ordinary one.
    let again = receive(&laptop, &admin).await;
    let message = again["synchronizationJournal_message"].as_str().unwrap();
    assert!(message.starts_with("Réception terminée : 0 adhérent(s) reçu(s)"), "{message}");
}

/// Receives what the central server changed, to the run's successful end; answers its journal entry.
async fn receive(laptop: &TestSuite, token: &str) -> Value {
    let received = run_on(laptop, token, "from_server").await;
    assert_eq!(received["synchronizationJournal_state"], "done", "{received}");
    received
}

/// The identity number of member `id` on `suite`, as its digits.
async fn number_of(suite: &TestSuite, token: &str, id: i64) -> u64 {
    let (status, member) = suite.get(&format!("/api/member/get_member/{id}"), token).await;
    assert_eq!(status, StatusCode::OK, "{member}");
    let number = member["data"]["member_idNumber"].as_str().unwrap();
    number
        .trim_start_matches(|c: char| !c.is_ascii_digit())
        .parse()
        .expect("digits after the prefix")
}

#[tokio::test(flavor = "multi_thread")]
async fn after_restore_sql_keeps_the_lost_servers_numbers_and_a_laptop_gives_back_what_it_made() {
    let mut central = TestSuite::start().await;
    let admin = central.admin_token().await;
    let (_, sync_token) = central.new_sync_login(&admin, "poste-man-1").await;
    let mut laptop = field(Some((central.base.clone(), sync_token.clone()))).await;
    let laptop_admin = laptop.admin_token().await;
    register(&central, &admin, "Yao").await;
    receive(&laptop, &laptop_admin).await;
    central.stop_services().await;
    let backup = central.copy_database().await;
    central.restart_with(|_| {}).await;
    let admin = central.admin_token().await;
    // Registered after the backup: her number may be printed on her card already when the server is
    // lost, and a laptop received her.
    let zie = register(&central, &admin, "Zié").await;
    let lost = number_of(&central, &admin, zie).await;
    let (_, zie_member) = central.get(&format!("/api/member/get_member/{zie}"), &admin).await;
    let zie_number = zie_member["data"]["member_idNumber"].as_str().unwrap().to_string();
    laptop.stop_services().await;
    laptop.restart_with(field_config(Some((central.base.clone(), sync_token.clone())))).await;
    let laptop_admin = laptop.admin_token().await;
    receive(&laptop, &laptop_admin).await;
    central.stop_services().await;
    drop(central);

    // The backup restored, and the script run on it before the services start (docs/reliability.md).
    let pool = sqlx::PgPool::connect(&backup.url).await.expect("the restored database opens");
    let counters = |pool| async move {
        let reached: Vec<(String, Option<i64>)> = sqlx::query_as(
            "SELECT schemaname || '.' || sequencename, last_value FROM pg_sequences
             WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1",
        )
        .fetch_all(pool)
        .await
        .expect("the counters are read");
        reached
    };
    let before = counters(&pool).await;
    sqlx::raw_sql(include_str!("../../../../deploy/after-restore.sql"))
        .execute(&pool)
        .await
        .expect("deploy/after-restore.sql runs");
    let after = counters(&pool).await;
    pool.close().await;
    assert!(before.len() >= 6, "every service's counters: {before:?}");
    for ((name, was), (_, now)) in before.iter().zip(&after) {
        let (was, now) = (was.unwrap_or(0), now.expect("every counter set"));
        assert!(now >= was + 1_000_000, "{name}: {was} -> {now}");
    }

    // A member registered on the restored server takes a number the lost server never gave.
    let restored = TestSuite::start_on(backup, |_| {}).await;
    let admin = restored.admin_token().await;
    let awa = register(&restored, &admin, "Awa").await;
    let given = number_of(&restored, &admin, awa).await;
    assert!(given > lost, "Awa's number {given} after Zié's {lost}, never the same");
    assert_eq!(members_on(&restored, &admin).await, 2);

    // The laptop receives from the restored server, which served it less than it had received: it
    // receives again from there (Awa), and marks all it holds for sending. Its next send gives Zié back
    // to the restored server, under her number.
    laptop.stop_services().await;
    laptop.restart_with(field_config(Some((restored.base.clone(), sync_token)))).await;
    let laptop_admin = laptop.admin_token().await;
    let received = receive(&laptop, &laptop_admin).await;
    let message = received["synchronizationJournal_message"].as_str().unwrap();
    assert!(message.contains("lui renverra au prochain envoi tout ce qu'il détient"), "{message}");
    send(&laptop, &laptop_admin).await;
    let everyone = ["Awa", "Yao", "Zié"];
    assert_eq!(names_on(&restored, &admin).await, everyone);
    assert_eq!(names_on(&laptop, &laptop_admin).await, everyone);
    let back = id_of(&restored, &admin, &zie_number).await;
    assert_eq!(number_of(&restored, &admin, back).await, lost);
    assert_eq!(run_on(&laptop, &laptop_admin, "to_server").await["synchronizationJournal_sent"], 0);
}
