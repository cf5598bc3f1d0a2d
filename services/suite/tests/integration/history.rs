//! The history kit (`common::history`) against a real PostgreSQL, in a schema the kit gave its table to
//! when the services migrated: versions that follow each other whatever writes arrive at once, entries
//! read newest first with who, where from, why and old → new, an entry changed by SQL behind the
//! trigger found by the chain's check, the table refusing UPDATE and DELETE, and this month's entries in
//! this month's partition.

use crate::support::test_database;
use common::history::store::{self, Verified};
use common::history::{Author, Change, Entry, Source, changes};
use proto::geography::Region;
use serde_json::json;

const SCHEMA: &str = "geography";

/// Writes `entry` in a transaction of its own, as a service writes it with its change.
async fn write(pool: &sqlx::PgPool, entry: Entry<'_>) -> Option<i32> {
    let mut tx = pool.begin().await.unwrap();
    let version = store::record(&mut tx, SCHEMA, entry).await.unwrap();
    tx.commit().await.unwrap();
    version
}

fn region(name: &str) -> Region {
    Region { region_id: Some(1), region_code: "PO".into(), region_name: name.into() }
}

#[tokio::test(flavor = "multi_thread")]
async fn every_change_is_one_version_read_back_checked_and_kept() {
    let db = test_database().await;
    let pool = common::db::connect(&db.url, 12).await.unwrap();
    // As every service does at start: the table, and this month's and next month's partitions (the
    // template database may be older than this month).
    common::history::table::create(&pool, SCHEMA).await.unwrap();
    let agent = Author::login(3, "agent.koffi");

    // The creation, then ten renamings at once: versions 1 to 11, none lost, none twice.
    let created = Entry {
        entity: "region",
        entity_id: 1,
        author: &agent,
        source: &Source::Screen,
        reason: None,
        changes: changes(None, Some(&region("Poro"))),
    };
    assert_eq!(write(&pool, created).await, Some(1));
    let writers = (0..10).map(|n| {
        let (pool, agent) = (pool.clone(), agent.clone());
        tokio::spawn(async move {
            let laptop = Source::Sync { laptop: format!("portable-{n}") };
            let entry = Entry {
                entity: "region",
                entity_id: 1,
                author: &agent,
                source: &laptop,
                reason: Some("nom corrigé"),
                changes: changes(Some(&region("Poro")), Some(&region(&format!("Poro {n}")))),
            };
            write(&pool, entry).await.unwrap()
        })
    });
    let mut versions: Vec<i32> = futures::future::join_all(writers)
        .await
        .into_iter()
        .map(|joined| joined.unwrap())
        .collect();
    versions.sort();
    assert_eq!(versions, (2..=11).collect::<Vec<_>>());

    // A change that changes nothing writes nothing.
    let same = Entry {
        entity: "region",
        entity_id: 1,
        author: &agent,
        source: &Source::Api,
        reason: None,
        changes: changes(Some(&region("Poro")), Some(&region("Poro"))),
    };
    assert_eq!(write(&pool, same).await, None);

    // Read back newest first, by pages, with who, from where, why and old → new.
    let (page, total) = store::read(&pool, SCHEMA, "region", 1, 3, 0).await.unwrap();
    assert_eq!(total, 11);
    assert_eq!(page.iter().map(|e| e.version).collect::<Vec<_>>(), [11, 10, 9]);
    let newest = &page[0];
    assert_eq!((newest.login_id, newest.login_name.as_str()), (Some(3), "agent.koffi"));
    assert_eq!(newest.source, "sync");
    assert!(newest.device.as_deref().is_some_and(|d| d.starts_with("portable-")));
    assert_eq!(newest.reason.as_deref(), Some("nom corrigé"));
    assert_eq!(newest.changes.len(), 1);
    assert_eq!(newest.changes[0].field, "region_name");
    assert_eq!(newest.changes[0].old, json!("Poro"));
    let (first, _) = store::read(&pool, SCHEMA, "region", 1, 3, 10).await.unwrap();
    assert_eq!(first.len(), 1);
    assert!(first[0].changes.contains(&Change {
        field: "region_name".into(),
        old: json!(null),
        new: json!("Poro")
    }));
    assert!(first[0].at <= newest.at, "the moments follow the versions");

    // The chain holds; the table refuses to change or remove an entry.
    assert_eq!(
        store::verify(&pool, SCHEMA, "region", 1).await.unwrap(),
        Verified::Ok { entries: 11 }
    );
    for refused in [
        "UPDATE geography.history SET history_reason = 'autre' WHERE history_version = 5",
        "DELETE FROM geography.history WHERE history_version = 5",
    ] {
        let error = sqlx::query(refused).execute(&pool).await.unwrap_err().to_string();
        assert!(error.contains("append-only"), "{refused}: {error}");
    }

    // This month's entries sit in this month's partition, not in the default one.
    let in_default: i64 = sqlx::query_scalar("SELECT count(*) FROM geography.history_default")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(in_default, 0);

    // The auditor's list: every change, newest first, by pages that follow the last row, and filtered.
    let department = Entry {
        entity: "department",
        entity_id: 9,
        author: &Author::login(1, "admin"),
        source: &Source::Api,
        reason: None,
        changes: vec![Change {
            field: "department_name".into(),
            old: json!(null),
            new: json!("Korhogo"),
        }],
    };
    write(&pool, department).await;
    let all = store::Filter::default();
    let first_page = store::list(&pool, SCHEMA, &all, None, 5).await.unwrap();
    assert_eq!((first_page[0].entity.as_str(), first_page[0].entity_id), ("department", 9));
    let last = first_page.last().unwrap();
    let next = store::list(&pool, SCHEMA, &all, Some((last.entry.at, last.id)), 50).await.unwrap();
    assert_eq!(first_page.len() + next.len(), 12, "every entry once");
    let versions: Vec<i32> =
        first_page.iter().chain(&next).skip(1).map(|l| l.entry.version).collect();
    assert_eq!(versions, (1..=11).rev().collect::<Vec<_>>(), "newest first");
    let by_admin = store::Filter { login_id: Some(1), ..Default::default() };
    assert_eq!(store::list(&pool, SCHEMA, &by_admin, None, 50).await.unwrap().len(), 1);
    let from_laptops = store::Filter {
        entity: Some("region".into()),
        source: Some("sync".into()),
        ..Default::default()
    };
    assert_eq!(store::list(&pool, SCHEMA, &from_laptops, None, 50).await.unwrap().len(), 10);
    let tomorrow = chrono::Utc::now() + chrono::Duration::days(1);
    let later = store::Filter { from: Some(tomorrow), ..Default::default() };
    assert!(store::list(&pool, SCHEMA, &later, None, 50).await.unwrap().is_empty());

    // An entry changed by SQL, the trigger turned off as someone with the database's keys would: found.
    sqlx::raw_sql(
        "ALTER TABLE geography.history DISABLE TRIGGER history_append_only;
         UPDATE geography.history SET history_changes =
             jsonb_set(history_changes, '{0,new}', '\"Bagoué\"') WHERE history_version = 6;
         ALTER TABLE geography.history ENABLE TRIGGER history_append_only;",
    )
    .execute(&pool)
    .await
    .unwrap();
    assert_eq!(
        store::verify(&pool, SCHEMA, "region", 1).await.unwrap(),
        Verified::Broken { version: 6 }
    );
    pool.close().await;
}
