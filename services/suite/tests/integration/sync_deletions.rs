//! Deletions travel between a field laptop and the central server, two real suites on one machine: a
//! member deleted on either side is deleted on the other, an older version sent again does not bring
//! it back, and a deletion that would break a family made offline on the other side keeps the main
//! member on both sides, journaled.

use crate::support::{TestSuite, save};
use crate::sync_exchange::{all_members, first_conflict, id_of, member, pair, run};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn register(suite: &TestSuite, token: &str, firstname: &str, main: Option<i64>) -> i64 {
    let mut body = json!({"member_firstname": firstname, "member_lastname": "Bamba"});
    if let Some(main) = main {
        body["member_mainMemberId"] = json!(main);
        body["member_isChild"] = json!(true);
        body["member_birthDate"] = json!("2015-03-02");
    }
    save(suite, token, "/api/member/post_member", body).await
}

async fn delete(suite: &TestSuite, token: &str, id: i64) {
    let (status, body) = suite.delete(&format!("/api/member/delete_member/{id}"), token).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

fn number(member: &Value) -> String {
    member["member_idNumber"].as_str().unwrap().to_string()
}

/// The identity numbers of the members held on `suite`, in order.
async fn numbers(suite: &TestSuite, token: &str) -> Vec<String> {
    all_members(suite, token).await.into_keys().collect()
}

#[tokio::test(flavor = "multi_thread")]
async fn deletions_travel_both_ways_and_never_break_a_family_made_offline() {
    let pair = pair().await;
    let (laptop, admin) = (&pair.laptop, &pair.laptop_admin);
    let (central, central_admin) = (&pair.central, &pair.central_admin);
    // Registered on the laptop and sent: Awa, Binta, Chaka and Chaka's child Dramane.
    let awa = register(laptop, admin, "Awa", None).await;
    let binta = register(laptop, admin, "Binta", None).await;
    let chaka = register(laptop, admin, "Chaka", None).await;
    let dramane = register(laptop, admin, "Dramane", Some(chaka)).await;
    run(&pair, "to_server").await;
    let mut at = std::collections::HashMap::new();
    for (name, id) in [("awa", awa), ("binta", binta), ("chaka", chaka), ("dramane", dramane)] {
        let n = number(&member(laptop, admin, id).await);
        at.insert(name, (n.clone(), id_of(central, central_admin, &n).await));
    }
    let awa_sent: Value = member(laptop, admin, awa).await;

    // Awa deleted on the laptop; Binta, and Chaka's family, on the central server, where nobody knows
    // that the laptop meanwhile registered a second child of Chaka, Esther.
    delete(laptop, admin, awa).await;
    delete(central, central_admin, at["binta"].1).await;
    delete(central, central_admin, at["dramane"].1).await;
    delete(central, central_admin, at["chaka"].1).await;
    let esther = register(laptop, admin, "Esther", Some(chaka)).await;
    let esther_number = number(&member(laptop, admin, esther).await);

    // Sent: Awa goes on the central server; Chaka comes back there for Esther, who arrives, and the
    // run journals the deletion it did not follow.
    let sent = run(&pair, "to_server").await;
    let message = sent["synchronizationJournal_message"].as_str().unwrap();
    assert!(message.contains("1 supprimé(s)"), "{message}");
    assert_eq!(sent["synchronizationJournal_conflicts"], 1, "{sent}");
    let (kept, lost) = first_conflict(&pair, &sent).await;
    assert_eq!(kept["record"]["member_firstname"], "Chaka", "{kept}");
    assert_eq!(kept["deleted"], false, "{kept}");
    assert_eq!(lost["deleted"], true, "{lost}");
    assert_eq!(lost["record"]["member_idNumber"], at["chaka"].0, "{lost}");
    let (status, gone) =
        central.get(&format!("/api/member/get_member/{}", at["awa"].1), central_admin).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "Awa is still on the central server: {gone}");
    let chaka_there = id_of(central, central_admin, &at["chaka"].0).await;
    let esther_there = id_of(central, central_admin, &esther_number).await;
    assert_eq!(
        member(central, central_admin, esther_there).await["member_mainMemberId"],
        chaka_there
    );

    // Received: Binta and Dramane go on the laptop; Chaka and Esther stay.
    let received = run(&pair, "from_server").await;
    let message = received["synchronizationJournal_message"].as_str().unwrap();
    assert!(message.contains("2 supprimé(s)"), "{message}");
    let (status, _) = laptop.get(&format!("/api/member/get_member/{binta}"), admin).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "Binta is still on the laptop");
    let (status, _) = laptop.get(&format!("/api/member/get_member/{dramane}"), admin).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "Dramane is still on the laptop");
    assert_eq!(member(laptop, admin, esther).await["member_mainMemberId"], chaka);

    // Both sides hold the same members, and neither has anything left for the other.
    let expected = {
        let mut both = vec![at["chaka"].0.clone(), esther_number.clone()];
        both.sort();
        both
    };
    assert_eq!(numbers(laptop, admin).await, expected);
    assert_eq!(numbers(central, central_admin).await, expected);
    assert_eq!(run(&pair, "to_server").await["synchronizationJournal_sent"], 0);
    assert_eq!(run(&pair, "from_server").await["synchronizationJournal_received"], 0);

    // Awa's version from before her deletion, sent again in a batch of its own (a laptop restored
    // and accepted again sends everything it made), does not bring her back.
    let laptop_id: uuid::Uuid = {
        let db = sqlx::PgPool::connect(laptop.database_url()).await.unwrap();
        sqlx::query_scalar("SELECT id FROM sync.instance").fetch_one(&db).await.unwrap()
    };
    let old = json!({"instanceId": laptop_id.to_string(),
        "batchId": "0199a1b2-0000-7000-8000-0000000000d1",
        "records": [{
            "record": {"member_firstname": "Awa", "member_lastname": "Bamba",
                       "member_idNumber": at["awa"].0, "member_uuid": awa_sent["member_uuid"],
                       "member_isMainAccount": true},
            "updatedAt": awa_sent["updatedAt"], "updatedByUser": "admin",
            "originInstance": laptop_id.to_string(), "position": 1}]});
    let (status, answer) =
        central.post("/api/synchronization/post_synchronization", &pair.sync_session, old).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["data"]["unchanged"], 1, "{answer}");
    assert_eq!(numbers(central, central_admin).await, expected, "Awa came back");
}
