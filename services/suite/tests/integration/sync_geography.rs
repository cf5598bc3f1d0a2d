//! The geography a field laptop receives from the central server: the four levels under the central
//! server's ids (so the members that travel name the same localities on both sides), changes and
//! deletions that follow, a page that brings a row's parents in front of it, and a laptop whose geography
//! only the central server writes.

use crate::support::{chain, save};
use crate::sync_exchange::{pair, run};
use reqwest::StatusCode;
use serde_json::{Value, json};

fn message(entry: &Value) -> &str {
    entry["synchronizationJournal_message"].as_str().unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn the_central_geography_reaches_the_laptop_under_its_ids_with_its_changes_and_deletions() {
    let pair = pair().await;
    let (laptop, admin) = (&pair.laptop, &pair.laptop_admin);
    let (central, central_admin) = (&pair.central, &pair.central_admin);
    let (region, department, subprefecture, locality) = chain(central, central_admin).await;
    let other = save(
        central,
        central_admin,
        "/api/locality/post_locality",
        json!({"locality_name": "Zaïbo", "locality_subprefectureId": subprefecture}),
    )
    .await;

    let entry = run(&pair, "from_server").await;
    assert!(message(&entry).ends_with("Géographie : 5 élément(s) reçu(s)."), "{entry}");
    for path in [
        format!("/api/region/get_region/{region}"),
        format!("/api/department/get_department/{department}"),
        format!("/api/subprefecture/get_subprefecture/{subprefecture}"),
        format!("/api/locality/get_locality/{locality}"),
        format!("/api/locality/get_locality/{other}"),
    ] {
        let (status, here) = laptop.get(&path, admin).await;
        assert_eq!(status, StatusCode::OK, "{path}: {here}");
        let (_, there) = central.get(&path, central_admin).await;
        assert_eq!(here["data"], there["data"], "{path}: the same row, under the same id");
    }

    // The laptop's geography is the central server's: written there only, said in French.
    let (status, refused) = laptop
        .post(
            "/api/locality/post_locality",
            admin,
            json!({"locality_name": "Gonaté", "locality_subprefectureId": subprefecture}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert!(refused["message"].as_str().unwrap().starts_with("Sur un poste de terrain"));
    let (status, _) =
        laptop.delete(&format!("/api/locality/delete_locality/{locality}"), admin).await;
    assert_eq!(status, StatusCode::CONFLICT);

    // Nothing changed: a run brings no geography again.
    let entry = run(&pair, "from_server").await;
    assert!(!message(&entry).contains("Géographie"), "{entry}");

    // A renaming, a deletion and a new department on the central server follow.
    save(
        central,
        central_admin,
        "/api/locality/post_locality",
        json!({"locality_id": locality, "locality_name": "Dàloa-Centre", "locality_subprefectureId": subprefecture}),
    )
    .await;
    let (status, answer) =
        central.delete(&format!("/api/locality/delete_locality/{other}"), central_admin).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let added = save(
        central,
        central_admin,
        "/api/department/post_department",
        json!({"department_code": "ISS", "department_name": "Issia", "department_regionId": region}),
    )
    .await;
    let entry = run(&pair, "from_server").await;
    assert!(message(&entry).ends_with("Géographie : 3 élément(s) reçu(s)."), "{entry}");
    let (_, renamed) = laptop.get(&format!("/api/locality/get_locality/{locality}"), admin).await;
    assert_eq!(renamed["data"]["locality_name"], "Dàloa-Centre");
    let (status, _) = laptop.get(&format!("/api/locality/get_locality/{other}"), admin).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "deleted on the laptop too");
    let (_, issia) = laptop.get(&format!("/api/department/get_department/{added}"), admin).await;
    assert_eq!(issia["data"]["department_name"], "Issia");

    // The laptop's agents register members in the localities received.
    let (_, agent) = laptop.login_with_role("awa.agent", "agent").await;
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(15);
    let member = json!({"member_firstname": "Awa", "member_lastname": "Koné", "member_localityId": locality});
    loop {
        let (status, body) = laptop.post("/api/member/post_member", &agent, member.clone()).await;
        if status == StatusCode::OK {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "{body}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_page_of_geography_brings_the_parents_of_its_rows_in_front_of_them() {
    let pair = pair().await;
    let (central, central_admin) = (&pair.central, &pair.central_admin);
    let (_, department, subprefecture, locality) = chain(central, central_admin).await;
    // The locality (position 4) comes before its sub-prefecture's renaming (5) among the changes.
    save(
        central,
        central_admin,
        "/api/subprefecture/post_subprefecture",
        json!({"subprefecture_id": subprefecture, "subprefecture_code": "DAL-1", "subprefecture_name": "Gboguhé-Centre", "subprefecture_departmentId": department}),
    )
    .await;
    let laptop_id = "0199a1b2-0000-7000-8000-00000000f00d";
    let (status, page) = central
        .get(
            &format!("/api/synchronization/get_synchronization_geography?instanceId={laptop_id}&after=3&limit=1"),
            &pair.sync_session,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let records = page["data"]["records"].as_array().unwrap();
    let levels: Vec<&str> = records
        .iter()
        .map(|r| {
            ["region", "department", "subprefecture", "locality", "deleted"]
                .into_iter()
                .find(|level| !r[*level].is_null())
                .unwrap()
        })
        .collect();
    assert_eq!(levels, ["region", "department", "subprefecture", "locality"], "{page}");
    assert_eq!(records[3]["locality"]["locality_id"], locality);
    assert_eq!(records[3]["position"], 4, "{page}");
    assert_eq!(records[0]["position"], 0, "a parent sent in front has no position: {page}");
    assert_eq!(records[2]["subprefecture"]["subprefecture_name"], "Gboguhé-Centre", "as it is now");
    assert_eq!(page["data"]["lastPosition"], 4);

    // Only the laptops' sync logins (and administrators) read it.
    let (_, agent) = central.login_with_role("awa.agent", "agent").await;
    let (status, _) = central
        .get(
            &format!(
                "/api/synchronization/get_synchronization_geography?instanceId={laptop_id}&after=0"
            ),
            &agent,
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
