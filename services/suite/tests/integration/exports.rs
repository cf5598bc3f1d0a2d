//! Exports of the long lists as background jobs (docs/api.md, "Exports"): started through the REST API,
//! followed until done, downloaded, read back and compared row by row with the list's own answer (100,000
//! members to CSV; a filtered, sorted list to .xlsx read back with calamine; the cards and payments
//! lists), a job seen only by its own login, a French 400 for a format that is none, a French 409 while
//! a job runs, and a job whose runner stopped beating taken over and finished.

use crate::cards::pay;
use crate::support::{TestSuite, save};
use reqwest::StatusCode;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

const MEMBERS: i64 = 100_000;
const LOCALITIES: usize = 40;

/// Starts an export (`post` is the path with its query, under `/api`); answers the job.
pub(crate) async fn start(suite: &TestSuite, token: &str, post: &str) -> Value {
    let (status, answer) =
        suite.call(reqwest::Method::POST, &format!("/api/{post}"), Some(token), None).await;
    assert_eq!(status, StatusCode::OK, "{post}: {answer}");
    assert_eq!(answer["status"], "ok");
    let job = answer["data"].clone();
    assert!(matches!(job["export_status"].as_str(), Some("waiting" | "running" | "done")), "{job}");
    job
}

/// Follows a job (`get` is its progress call, `<area>/get.<entity>_export`) until it is done; the
/// progress never goes back.
pub(crate) async fn finished(suite: &TestSuite, token: &str, get: &str, id: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(180);
    let mut seen = 0;
    loop {
        let (status, answer) = suite.get(&format!("/api/{get}/{id}"), token).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        let job = answer["data"].clone();
        let done = job["export_rowsDone"].as_i64().unwrap_or(0);
        assert!(done >= seen, "the progress went back: {job}");
        seen = done;
        match job["export_status"].as_str() {
            Some("done") => return job,
            Some("failed") => panic!("the export failed: {job}"),
            _ => {}
        }
        assert!(Instant::now() < deadline, "the export did not end in 180 s: {job}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Downloads a file; answers its status, content type, disposition and bytes.
async fn download(
    suite: &TestSuite,
    token: &str,
    path: &str,
) -> (StatusCode, String, String, Vec<u8>) {
    let response =
        suite.http.get(suite.url(&format!("/api/{path}"))).bearer_auth(token).send().await.unwrap();
    let status = response.status();
    let header = |name: &str| {
        response.headers().get(name).map_or(String::new(), |v| v.to_str().unwrap().to_string())
    };
    let (content_type, disposition) = (header("content-type"), header("content-disposition"));
    (status, content_type, disposition, response.bytes().await.unwrap().to_vec())
}

/// A CSV export's rows (the header first), checked for the byte-order mark and the `;` separator.
fn csv_rows(bytes: &[u8]) -> Vec<Vec<String>> {
    assert!(bytes.starts_with("\u{feff}".as_bytes()), "a CSV file starts with a BOM");
    let mut reader =
        csv::ReaderBuilder::new().delimiter(b';').has_headers(false).from_reader(&bytes[3..]);
    reader.records().map(|r| r.unwrap().iter().map(str::to_string).collect()).collect()
}

/// An .xlsx export's rows as texts (numbers written as the CSV writes them).
fn xlsx_rows(bytes: Vec<u8>) -> Vec<Vec<String>> {
    use calamine::{Data, Reader};
    let mut workbook: calamine::Xlsx<_> =
        calamine::open_workbook_from_rs(std::io::Cursor::new(bytes)).expect("an .xlsx file");
    let range = workbook.worksheet_range("Export").expect("the sheet « Export »");
    range
        .rows()
        .map(|row| {
            row.iter()
                .map(|cell| match cell {
                    Data::Empty => String::new(),
                    Data::String(s) => s.clone(),
                    Data::Float(x) => common::export::number_text(*x),
                    Data::Int(n) => n.to_string(),
                    Data::Bool(b) => if *b { "Oui" } else { "Non" }.to_string(),
                    // A date cell, read back as `as_day_or_second` writes the date the service sent.
                    Data::DateTime(date) => {
                        let seconds = (date.as_f64() * 86_400.0).round() as i64;
                        let epoch = chrono::NaiveDate::from_ymd_opt(1899, 12, 30).unwrap();
                        let at = epoch.and_hms_opt(0, 0, 0).unwrap()
                            + chrono::TimeDelta::seconds(seconds);
                        if seconds % 86_400 == 0 {
                            at.format("%Y-%m-%d").to_string()
                        } else {
                            at.format("%Y-%m-%d %H:%M:%S").to_string()
                        }
                    }
                    other => panic!("an unexpected cell: {other:?}"),
                })
                .collect()
        })
        .collect()
}

/// A moment the API answers (RFC 3339) as a worksheet keeps it: to the second, at the time of day it was
/// written with (a day alone at midnight); any other value as `text` writes it.
fn as_day_or_second(v: &Value) -> String {
    match v.as_str().map(chrono::DateTime::parse_from_rfc3339) {
        Some(Ok(at)) if at.naive_local().time() == chrono::NaiveTime::MIN => {
            at.format("%Y-%m-%d").to_string()
        }
        Some(Ok(at)) => at.format("%Y-%m-%d %H:%M:%S").to_string(),
        _ => text(v),
    }
}

fn text(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        Value::Bool(b) => if *b { "Oui" } else { "Non" }.to_string(),
        Value::Number(n) => match n.as_i64() {
            Some(i) => i.to_string(),
            None => common::export::number_text(n.as_f64().unwrap()),
        },
        other => panic!("{other}"),
    }
}

/// A member list row as its export writes it.
fn member_row(m: &Value) -> Vec<String> {
    let link = if m["member_isSpouse"] == true {
        "Conjoint"
    } else if m["member_isChild"] == true {
        "Enfant"
    } else {
        "Principal"
    };
    vec![
        text(&m["member_id"]),
        text(&m["member_idNumber"]),
        text(&m["member_lastname"]),
        text(&m["member_firstname"]),
        text(&m["member_gender"]),
        text(&m["member_birthDate"]),
        link.to_string(),
        text(&m["member_mainMemberName"]),
        text(&m["locality_name"]),
        text(&m["region_name"]),
        text(&Value::Bool(m["member_hasValidCard"] == true)),
        text(&Value::Bool(m["member_hasUnusedTransaction"] == true)),
    ]
}

/// Every row of a list (`list` with its filters and sort), walked by `after` 10,000 rows at a time.
async fn whole_list(suite: &TestSuite, token: &str, list: &str, id: &str) -> Vec<Value> {
    let joint = if list.contains('?') { '&' } else { '?' };
    let mut rows: Vec<Value> = Vec::new();
    loop {
        let after = rows.last().map_or(String::new(), |row| format!("&after={}", row[id]));
        let (status, page) =
            suite.get(&format!("/api/{list}{joint}_limit=10000{after}"), token).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        let page = page["data"].as_array().unwrap().clone();
        let count = page.len();
        rows.extend(page);
        if count < 10_000 {
            return rows;
        }
    }
}

/// A geography of `LOCALITIES` localities, learnt by the members service, and `n` demo members.
async fn load_members(suite: &TestSuite, admin: &str, n: i64) {
    let pool = common::db::connect(suite.database_url(), 2).await.unwrap();
    let rows = suite::demo::geography(2, 2, 2, LOCALITIES);
    let (status, answer) =
        suite.post("/api/locality/post_locality-import", admin, json!(rows)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let known: i64 = sqlx::query_scalar("SELECT count(*) FROM members.geo_locality")
            .fetch_one(&pool)
            .await
            .unwrap();
        if known >= LOCALITIES as i64 {
            break;
        }
        assert!(Instant::now() < deadline, "the members never learnt the localities");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let made = members::load::generate(&pool, n, "C", |_| {}).await.expect("demo members");
    assert_eq!(made, n);
}

#[tokio::test(flavor = "multi_thread")]
async fn an_export_of_100000_members_read_back_equals_the_list_row_by_row() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    load_members(&suite, &admin, MEMBERS).await;

    // CSV, the list's default order.
    let started = Instant::now();
    let job = start(&suite, &admin, "member/post.member_export?format=csv").await;
    let id = job["export_id"].as_str().unwrap().to_string();
    let done = finished(&suite, &admin, "member/get.member_export", &id).await;
    let took = started.elapsed();
    println!(
        "export: {MEMBERS} members to CSV in {:.2} s ({} bytes)",
        took.as_secs_f64(),
        done["export_size"]
    );
    assert_eq!(done["export_rowsDone"], MEMBERS);
    assert_eq!(done["export_rowsTotal"], MEMBERS);
    let today = chrono::Utc::now().format("%Y-%m-%d").to_string();
    assert_eq!(done["export_fileName"], format!("adherents-{today}.csv"));

    let (status, content_type, disposition, bytes) =
        download(&suite, &admin, &format!("member/get.member_export_file/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "text/csv; charset=utf-8");
    assert_eq!(disposition, format!("attachment; filename=\"adherents-{today}.csv\""));
    assert_eq!(bytes.len() as i64, done["export_size"].as_i64().unwrap());
    let rows = csv_rows(&bytes);
    assert_eq!(rows[0], members::export::HEADERS);
    let list = whole_list(&suite, &admin, "member/get.member_list", "member_id").await;
    assert_eq!(list.len() as i64, MEMBERS);
    assert_eq!(rows.len() - 1, list.len());
    for (n, (row, member)) in rows[1..].iter().zip(&list).enumerate() {
        assert_eq!(row, &member_row(member), "row {}", n + 1);
    }

    // .xlsx of a search, sorted on the last name backwards: the list's own filters and order.
    let query = "filter=kon&_orderBy=member_lastname&_descending=true";
    let job =
        start(&suite, &admin, &format!("member/post.member_export?format=xlsx&{query}")).await;
    let id = job["export_id"].as_str().unwrap().to_string();
    let done = finished(&suite, &admin, "member/get.member_export", &id).await;
    let (status, content_type, disposition, bytes) =
        download(&suite, &admin, &format!("member/get.member_export_file/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    assert!(disposition.contains(&format!("adherents-{today}.xlsx")), "{disposition}");
    let rows = xlsx_rows(bytes);
    assert_eq!(rows[0], members::export::HEADERS);
    let list =
        whole_list(&suite, &admin, &format!("member/get.member_list?{query}"), "member_id").await;
    assert!(list.len() > 100 && (list.len() as i64) < MEMBERS, "{} members match", list.len());
    assert_eq!(done["export_rowsDone"], list.len());
    assert_eq!(rows.len() - 1, list.len());
    for (n, (row, member)) in rows[1..].iter().zip(&list).enumerate() {
        assert_eq!(row, &member_row(member), "row {}", n + 1);
    }

    // A job whose runner stopped beating a minute ago is taken over and written again from its start.
    let pool = common::db::connect(suite.database_url(), 1).await.unwrap();
    sqlx::query(
        "UPDATE members.export_job SET status = 'running', rows_done = 0, finished_at = NULL,
             heartbeat_at = now() - interval '61 seconds' WHERE id = $1::uuid",
    )
    .bind(&id)
    .execute(&pool)
    .await
    .unwrap();
    let again = finished(&suite, &admin, "member/get.member_export", &id).await;
    assert_eq!(again["export_rowsDone"], list.len());
    let (status, _, _, bytes) =
        download(&suite, &admin, &format!("member/get.member_export_file/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(xlsx_rows(bytes).len() - 1, list.len());
}

#[tokio::test(flavor = "multi_thread")]
async fn a_job_is_its_logins_own_a_bad_format_is_refused_and_a_running_one_has_no_file_yet() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    save(
        &suite,
        &admin,
        "/api/member/post_member",
        json!({"member_firstname": "Awa", "member_lastname": "Koné"}),
    )
    .await;
    let job = start(&suite, &admin, "member/post.member_export").await;
    assert_eq!(job["export_format"], "csv", "CSV by default");
    let id = job["export_id"].as_str().unwrap().to_string();
    finished(&suite, &admin, "member/get.member_export", &id).await;

    // Another login, even an administrator, does not see it.
    let (_, other) = suite.login_with_role("autre_admin", "admin").await;
    for path in [
        format!("/api/member/get.member_export/{id}"),
        format!("/api/member/get.member_export_file/{id}"),
        "/api/member/get.member_export/not-a-job".to_string(),
    ] {
        let (status, answer) = suite.get(&path, &other).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {answer}");
        assert_eq!(answer["message"], "Cet export n'existe pas ou n'est plus disponible.");
    }
    // A job of the members' service is no job of the cards'.
    let (status, _) = suite.get(&format!("/api/card/get.card_export/{id}"), &admin).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    for post in [
        "member/post.member_export?format=pdf",
        "card/post.card_export?format=xls",
        "transaction/post.transaction_export?format=",
    ] {
        let (status, answer) =
            suite.call(reqwest::Method::POST, &format!("/api/{post}"), Some(&admin), None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{post}: {answer}");
        let message = answer["message"].as_str().unwrap();
        assert!(message.starts_with("Format d'export inconnu"), "{message}");
        assert_eq!(answer["fields"]["format"], message);
    }
    // A list's own checks apply: a sort the list does not have.
    let (status, answer) = suite
        .call(
            reqwest::Method::POST,
            "/api/member/post.member_export?_orderBy=member_password",
            Some(&admin),
            None,
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer["message"].as_str().unwrap().starts_with("Tri impossible"), "{answer}");

    // A job still running (its runner alive) has no file yet.
    let pool = common::db::connect(suite.database_url(), 1).await.unwrap();
    sqlx::query(
        "UPDATE members.export_job SET status = 'running', heartbeat_at = now() + interval '1 hour'
         WHERE id = $1::uuid",
    )
    .bind(&id)
    .execute(&pool)
    .await
    .unwrap();
    let (status, answer) =
        suite.get(&format!("/api/member/get.member_export_file/{id}"), &admin).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert!(answer["message"].as_str().unwrap().starts_with("L'export n'est pas encore terminé"));

    // A viewer reads, so exports; no token, no export.
    let (_, viewer) = suite.login_with_role("lecteur", "viewer").await;
    start(&suite, &viewer, "member/post.member_export").await;
    let (status, _) =
        suite.call(reqwest::Method::POST, "/api/member/post.member_export", None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test(flavor = "multi_thread")]
async fn the_cards_deliveries_and_payments_lists_export_as_they_list() {
    let suite = TestSuite::start().await;
    let admin = suite.admin_token().await;
    let mut cards = Vec::new();
    for n in 0..6 {
        let member = save(
            &suite,
            &admin,
            "/api/member/post_member",
            json!({"member_firstname": format!("Awa {n}"), "member_lastname": if n % 2 == 0 { "Koné" } else { "Traoré" }}),
        )
        .await;
        pay(&suite, &admin, member, &format!("W-{n}"), 5000 + n).await;
        cards.push(
            save(&suite, &admin, "/api/card/post_card", json!({"card_memberId": member})).await,
        );
    }
    let (status, answer) = suite
        .post("/api/card/post.mark_as_printed", &admin, json!({"card_ids": &cards[..4]}))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    save(
        &suite,
        &admin,
        "/api/delivery/post_delivery",
        json!({"delivery_isErrorType": false, "cards": [{"card_id": cards[0]}, {"card_id": cards[1]}]}),
    )
    .await;

    // The cards list, sorted by last name: CSV.
    let query = "_orderBy=card_lastname&_descending=false";
    let job = start(&suite, &admin, &format!("card/post.card_export?format=csv&{query}")).await;
    let id = job["export_id"].as_str().unwrap().to_string();
    let done = finished(&suite, &admin, "card/get.card_export", &id).await;
    assert!(done["export_fileName"].as_str().unwrap().starts_with("cartes-"));
    let (status, _, _, bytes) =
        download(&suite, &admin, &format!("card/get.card_export_file/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    let rows = csv_rows(&bytes);
    let list = whole_list(&suite, &admin, &format!("card/get.card_list?{query}"), "card_id").await;
    assert_eq!(rows.len() - 1, 6);
    assert_eq!(rows[0][..2], ["N°", "N° de carte"]);
    let label = |status: &str| match status {
        "pending" => "En attente d'impression",
        "printed" => "Imprimée",
        "in_delivery" => "En livraison",
        other => panic!("{other}"),
    };
    for (row, card) in rows[1..].iter().zip(&list) {
        let expected: Vec<String> = vec![
            text(&card["card_id"]),
            text(&card["card_idNumber"]),
            text(&card["card_memberIdNumber"]),
            text(&card["card_lastname"]),
            text(&card["card_firstname"]),
            label(card["card_status"].as_str().unwrap()).to_string(),
            text(&card["card_expirationDate"]),
            text(&card["card_printedAt"]),
            text(&card["card_deliveredAt"]),
            text(&card["card_createdAt"]),
        ];
        assert_eq!(row, &expected);
    }

    // The cards of one status: the filter applies.
    let job =
        start(&suite, &admin, "card/post.card_export?format=csv&card_status=in_delivery").await;
    let id = job["export_id"].as_str().unwrap().to_string();
    finished(&suite, &admin, "card/get.card_export", &id).await;
    let (_, _, _, bytes) =
        download(&suite, &admin, &format!("card/get.card_export_file/{id}")).await;
    let rows = csv_rows(&bytes);
    assert_eq!(rows.len() - 1, 2);
    assert!(rows[1..].iter().all(|row| row[5] == "En livraison"));

    // The payments, newest first: .xlsx, amounts as numbers.
    let query = "_orderBy=transaction_id&_descending=true";
    let job =
        start(&suite, &admin, &format!("transaction/post.transaction_export?format=xlsx&{query}"))
            .await;
    let id = job["export_id"].as_str().unwrap().to_string();
    let done = finished(&suite, &admin, "transaction/get.transaction_export", &id).await;
    assert!(done["export_fileName"].as_str().unwrap().starts_with("paiements-"));
    let (status, _, _, bytes) =
        download(&suite, &admin, &format!("transaction/get.transaction_export_file/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    let rows = xlsx_rows(bytes);
    let list = whole_list(
        &suite,
        &admin,
        &format!("transaction/get.transaction_list?{query}"),
        "transaction_id",
    )
    .await;
    assert_eq!(rows.len() - 1, 6);
    for (row, payment) in rows[1..].iter().zip(&list) {
        let expected: Vec<String> = vec![
            text(&payment["transaction_id"]),
            text(&payment["transaction_date"]),
            text(&payment["transaction_amount"]),
            text(&payment["transaction_type"]),
            text(&payment["transaction_memberId"]),
            text(&payment["transaction_mobileOperator"]),
            text(&payment["transaction_number"]),
            text(&Value::Bool(payment["transaction_isUsedForCard"] == true)),
            as_day_or_second(&payment["transaction_createdAt"]),
            text(&payment["transaction_createdByUser"]),
            as_day_or_second(&payment["transaction_cancelledAt"]),
            text(&payment["transaction_cancelReason"]),
        ];
        assert_eq!(row, &expected);
    }

    // The deliveries: one, under way.
    let job = start(&suite, &admin, "delivery/post.delivery_export?sent=false").await;
    let id = job["export_id"].as_str().unwrap().to_string();
    finished(&suite, &admin, "delivery/get.delivery_export", &id).await;
    let (status, _, disposition, bytes) =
        download(&suite, &admin, &format!("delivery/get.delivery_export_file/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(disposition.contains("livraisons-"), "{disposition}");
    let rows = csv_rows(&bytes);
    assert_eq!(rows.len(), 2);
    assert!(rows[1][1].starts_with("LIV-"), "{:?}", rows[1]);
    assert_eq!(rows[1][3..5], ["2", "Non"]);
}

/// The claim of jobs, on a database no suite runs on: ten runners (two replicas' worth and more) claiming
/// at once take each waiting job exactly once; a running job is not taken while its runner beats, and is
/// taken over once it has been silent for a minute, after which the first runner's writes are refused.
#[tokio::test(flavor = "multi_thread")]
async fn each_job_is_claimed_once_and_a_silent_one_is_taken_over() {
    use common::export::{Format, Jobs, NewJob};
    let db = crate::support::test_database().await;
    let pool = common::db::connect(&db.url, 12).await.unwrap();
    let jobs = Jobs::new(pool.clone(), "members");
    let mut made = Vec::new();
    for n in 0..30 {
        let new = NewJob {
            login_id: 1,
            login_name: "admin".into(),
            list: "members".into(),
            filters: vec![],
            format: Format::Csv,
            file_stem: "adherents",
        };
        let job = jobs.create(new).await.unwrap();
        assert_eq!((job.status.as_str(), n), ("waiting", n));
        made.push(job.id);
    }
    let claimers = (0..10).map(|_| {
        let jobs = jobs.clone();
        tokio::spawn(async move {
            let mut mine = Vec::new();
            while let Some(claimed) = jobs.claim().await.unwrap() {
                mine.push(claimed);
            }
            mine
        })
    });
    let claimed: Vec<_> =
        futures::future::join_all(claimers).await.into_iter().flat_map(Result::unwrap).collect();
    let mut ids: Vec<_> = claimed.iter().map(|c| c.job.id).collect();
    ids.sort();
    made.sort();
    assert_eq!(ids, made, "every job claimed, each once");
    assert!(jobs.claim().await.unwrap().is_none(), "running jobs that beat are not taken");

    // One runner falls silent: its job is taken over, and its own writes are refused from then on.
    let first = &claimed[0];
    jobs.progress(first, 5, 10).await.unwrap();
    sqlx::query(
        "UPDATE members.export_job SET heartbeat_at = now() - interval '61 seconds' WHERE id = $1",
    )
    .bind(first.job.id)
    .execute(&pool)
    .await
    .unwrap();
    let taken = jobs.claim().await.unwrap().expect("the silent job is taken over");
    assert_eq!(taken.job.id, first.job.id);
    assert_eq!(taken.job.rows_done, 0, "taken over from its first row");
    assert!(jobs.progress(first, 6, 10).await.is_err(), "the first runner's claim is void");
    assert!(!jobs.heartbeat(first).await.unwrap());
    jobs.progress(&taken, 1, 10).await.unwrap();

    // Jobs started more than a day ago go, with their files.
    sqlx::query(
        "UPDATE members.export_job SET created_at = now() - interval '25 hours' WHERE id = $1",
    )
    .bind(made[1])
    .execute(&pool)
    .await
    .unwrap();
    assert_eq!(jobs.purge().await.unwrap(), 1);
    pool.close().await;
}
