//! The harness of the integration tests: the whole suite started in this process on free ports, against
//! its own database copied from a migrated template, with its own NATS prefix, talked to over HTTP as
//! the browser would. Set `TEST_LOG=1` to see the suite's logs.

use common::test_db::TestDatabase;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::sync::Once;

pub const ADMIN: &str = "admin";
pub const ADMIN_PASSWORD: &str = "Admin-pass-1";
/// The password of the logins `login_with_role` makes.
pub const USER_PASSWORD: &str = "Pass-Korhogo-1234";

pub struct TestSuite {
    pub base: String,
    pub http: reqwest::Client,
    /// This suite's NATS names, and a JetStream context to read its events.
    pub naming: common::nats::Naming,
    pub jetstream: async_nats::jetstream::Context,
    running: Option<suite::RunningSuite>,
    // Dropped last: the suite must stop before its database goes.
    _db: TestDatabase,
    _web: tempfile::TempDir,
}

static LOGS: Once = Once::new();

impl TestSuite {
    pub async fn start() -> TestSuite {
        Self::start_with(|_| {}).await
    }

    /// Starts a suite after `adjust` changed its configuration.
    pub async fn start_with(adjust: impl FnOnce(&mut suite::SuiteConfig)) -> TestSuite {
        Self::start_on(test_database().await, adjust).await
    }

    /// Starts a suite on `db` (a copy of another suite's database, say), with a NATS prefix and a
    /// folder of its own.
    pub async fn start_on(
        db: TestDatabase,
        adjust: impl FnOnce(&mut suite::SuiteConfig),
    ) -> TestSuite {
        if std::env::var_os("TEST_LOG").is_some() {
            LOGS.call_once(|| {
                let _ = common::telemetry::init("suite-test").map(std::mem::forget);
            });
        }
        let web = fake_web_dir();
        let mut config = suite::SuiteConfig::local(
            &db.url,
            &db.name,
            (ADMIN, ADMIN_PASSWORD),
            web.path().join("web"),
            web.path(),
        );
        for_tests(&mut config);
        adjust(&mut config);
        let running = suite::start(config).await.expect("the suite starts");
        let base = format!("http://{}", running.http_addr);
        Self::around(base, Some(running), db, web).await
    }

    /// The harness around a suite that another process runs (a test's child process, killed and
    /// started again): its database and its folder (`web/`, `photos/`) are made as `start` makes them,
    /// nothing is started; `base` is where the process is to answer, with `naming` as its NATS prefix.
    /// Dropped, it drops the database, the folder and the process's streams.
    pub(crate) async fn for_process(base: String) -> TestSuite {
        Self::around(base, None, test_database().await, fake_web_dir()).await
    }

    async fn around(
        base: String,
        running: Option<suite::RunningSuite>,
        db: TestDatabase,
        web: tempfile::TempDir,
    ) -> TestSuite {
        let nats = common::nats::connect(&common::config::env_or(
            "NATS_URL",
            common::config::DEFAULT_NATS_URL,
        ))
        .await
        .expect("tests need NATS");
        TestSuite {
            naming: running
                .as_ref()
                .map_or_else(|| common::nats::Naming::new(&db.name), |r| r.naming.clone()),
            jetstream: async_nats::jetstream::new(nats),
            base,
            http: reqwest::Client::new(),
            running,
            _db: db,
            _web: web,
        }
    }

    /// A second replica of every service and of the gateway on this suite's database, NATS prefix and
    /// photo store, as a second pod of each Deployment would be (`adjust` as for `start_with`; give both
    /// the same `auth.service_secret`). Stop it (`RunningSuite::stop`) before this suite goes.
    pub async fn start_replica(
        &self,
        adjust: impl FnOnce(&mut suite::SuiteConfig),
    ) -> suite::RunningSuite {
        self.try_start_replica(adjust).await.expect("the replica starts")
    }

    /// `start_replica`, answering why it did not start.
    pub async fn try_start_replica(
        &self,
        adjust: impl FnOnce(&mut suite::SuiteConfig),
    ) -> anyhow::Result<suite::RunningSuite> {
        let mut config = suite::SuiteConfig::local(
            self.database_url(),
            self.naming.prefix(),
            (ADMIN, ADMIN_PASSWORD),
            self._web.path().join("web"),
            self._web.path(),
        );
        for_tests(&mut config);
        adjust(&mut config);
        suite::start(config).await
    }

    /// Stops every service of the suite, as a shutdown of the whole deployment would; its database, its
    /// folder and its streams stay, for `restart`.
    pub async fn stop_services(&mut self) {
        if let Some(running) = self.running.take() {
            running.stop().await.expect("the suite stops");
        }
    }

    /// A copy of this suite's database as it is now, as a backup restored or a disk copied would be:
    /// stop the services first (`stop_services`).
    pub async fn copy_database(&self) -> TestDatabase {
        self._db.copy().await.expect("the database is copied")
    }

    /// Starts the suite again on its database, folder and NATS prefix (after `stop_services`), on new
    /// ports: `base` follows.
    pub async fn restart(&mut self) {
        self.restart_with(|_| {}).await
    }

    /// `restart`, with the configuration `adjust` makes (as given to `start_with`).
    pub async fn restart_with(&mut self, adjust: impl FnOnce(&mut suite::SuiteConfig)) {
        let running = self.start_replica(adjust).await;
        self.base = format!("http://{}", running.http_addr);
        self.running = Some(running);
    }

    /// Where this suite's `/metrics` answers.
    pub fn metrics_url(&self) -> String {
        let running = self.running.as_ref().expect("a suite started in this process");
        let addr = running.metrics_addr.expect("a test's suite serves its metrics");
        format!("http://{addr}/metrics")
    }

    /// The folder of this suite's photo store (`photos/<member_id>.jpg` inside).
    pub fn photo_store(&self) -> PathBuf {
        self._web.path().join("photos")
    }

    /// A service's gRPC address (`http://127.0.0.1:port`), to call it directly as an intruder would.
    pub fn grpc_url(&self, service: &str) -> String {
        let running = self.running.as_ref().expect("running");
        format!("http://{}", running.services[service])
    }

    /// This suite's own database.
    pub fn database_url(&self) -> &str {
        &self._db.url
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Calls `path` (under the base, e.g. `/api/auth/me`) and answers the status and JSON body.
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut request = self.http.request(method, self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.expect("the gateway answers");
        let status = response.status();
        let text = response.text().await.unwrap_or_default();
        let json = serde_json::from_str(&text).unwrap_or_else(|_| json!({ "raw": text }));
        (status, json)
    }

    pub async fn get(&self, path: &str, token: &str) -> (StatusCode, Value) {
        self.call(Method::GET, path, Some(token), None).await
    }

    pub async fn post(&self, path: &str, token: &str, body: Value) -> (StatusCode, Value) {
        self.call(Method::POST, path, Some(token), Some(body)).await
    }

    pub async fn patch(&self, path: &str, token: &str, body: Value) -> (StatusCode, Value) {
        self.call(Method::PATCH, path, Some(token), Some(body)).await
    }

    pub async fn delete(&self, path: &str, token: &str) -> (StatusCode, Value) {
        self.call(Method::DELETE, path, Some(token), None).await
    }

    /// Signs in; answers the sign-in call's status and body.
    pub async fn sign_in(&self, login: &str, password: &str) -> (StatusCode, Value) {
        self.call(
            Method::POST,
            "/api/auth/login",
            None,
            Some(json!({"login": login, "password": password})),
        )
        .await
    }

    /// A sign-in from the client `address`, as an ingress in front of the gateway names it
    /// (`X-Forwarded-For`; the suite must trust loopback as its proxy, `gateway.trusted_proxies`).
    pub async fn sign_in_from(
        &self,
        address: &str,
        login: &str,
        password: &str,
    ) -> (StatusCode, Value) {
        let response = self
            .http
            .post(self.url("/api/auth/login"))
            .header("x-forwarded-for", address)
            .json(&json!({"login": login, "password": password}))
            .send()
            .await
            .expect("the gateway answers");
        let status = response.status();
        (status, response.json().await.unwrap_or(Value::Null))
    }

    /// The token of a successful sign-in.
    pub async fn token(&self, login: &str, password: &str) -> String {
        let (status, body) = self.sign_in(login, password).await;
        assert_eq!(status, StatusCode::OK, "sign-in of {login}: {body}");
        body["token"].as_str().expect("a token").to_string()
    }

    pub async fn admin_token(&self) -> String {
        self.token(ADMIN, ADMIN_PASSWORD).await
    }

    /// Creates a login with `role` (password `USER_PASSWORD`) and answers its id and a token.
    pub async fn login_with_role(&self, name: &str, role: &str) -> (i64, String) {
        let admin = self.admin_token().await;
        self.login_with_role_by(&admin, name, role).await
    }

    /// Same as `login_with_role`, created by the administrator whose token is `admin`.
    pub async fn login_with_role_by(&self, admin: &str, name: &str, role: &str) -> (i64, String) {
        let (status, body) = self
            .post(
                "/api/user/post_user",
                admin,
                json!({"login_name": name, "login_password": USER_PASSWORD, "login_role": role}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let id = body["id"].as_i64().unwrap();
        // A sync login signs in with the token its creation answered, never with a password.
        match body["login_syncToken"].as_str() {
            Some(sync_token) => (id, self.sync_token(sync_token).await),
            None => (id, self.token(name, USER_PASSWORD).await),
        }
    }

    /// A new sync login, made by the administrator whose token is `admin`: its id and the sync token its
    /// creation answered (the one a field laptop is given).
    pub async fn new_sync_login(&self, admin: &str, name: &str) -> (i64, String) {
        let (status, created) = self
            .post("/api/user/post_user", admin, json!({"login_name": name, "login_role": "sync"}))
            .await;
        assert_eq!(status, StatusCode::OK, "{created}");
        let token = created["login_syncToken"].as_str().expect("the sync token, once");
        (created["id"].as_i64().unwrap(), token.to_string())
    }

    /// A field instance's sign-in with its sync token.
    pub async fn sync_sign_in(&self, sync_token: &str) -> (StatusCode, Value) {
        self.call(
            Method::POST,
            "/api/auth/sync_login",
            None,
            Some(json!({"login_syncToken": sync_token})),
        )
        .await
    }

    /// A session token of the sync login whose sync token is `sync_token`.
    pub async fn sync_token(&self, sync_token: &str) -> String {
        let (status, body) = self.sync_sign_in(sync_token).await;
        assert_eq!(status, StatusCode::OK, "sync sign-in: {body}");
        body["token"].as_str().expect("a token").to_string()
    }
}

/// Saves a record with a `post_*` call and answers its id.
pub async fn save(suite: &TestSuite, token: &str, path: &str, body: Value) -> i64 {
    let (status, answer) = suite.post(path, token, body).await;
    assert_eq!(status, StatusCode::OK, "{path}: {answer}");
    answer["id"].as_i64().unwrap()
}

/// A region, a department, a sub-prefecture and a locality; answers their ids.
pub async fn chain(suite: &TestSuite, token: &str) -> (i64, i64, i64, i64) {
    let region = save(
        suite,
        token,
        "/api/region/post_region",
        json!({"region_code": "HSS", "region_name": "Haut-Sassandra"}),
    )
    .await;
    let department = save(
        suite,
        token,
        "/api/department/post_department",
        json!({"department_code": "DAL", "department_name": "Daloa", "department_regionId": region}),
    )
    .await;
    let subprefecture = save(
        suite,
        token,
        "/api/subprefecture/post_subprefecture",
        json!({"subprefecture_code": "DAL-1", "subprefecture_name": "Gboguhé", "subprefecture_departmentId": department}),
    )
    .await;
    let locality = save(
        suite,
        token,
        "/api/locality/post_locality",
        json!({"locality_name": "Dàloa", "locality_subprefectureId": subprefecture}),
    )
    .await;
    (region, department, subprefecture, locality)
}

impl Drop for TestSuite {
    fn drop(&mut self) {
        let running = self.running.take();
        // Stop the servers before the database is dropped; block_in_place needs the multi-thread runtime.
        tokio::task::block_in_place(|| {
            tokio::runtime::Handle::current().block_on(async {
                if let Some(running) = running {
                    let _ = running.stop().await;
                }
                // The streams of this suite go with it.
                for service in suite::stream_services() {
                    let _ = self.jetstream.delete_stream(self.naming.stream(service)).await;
                }
            })
        });
    }
}

/// A suite's settings in these tests: calls given 30 s, and database pools of 15 connections in all
/// (22 otherwise), so that three tests at once, each with up to two suites, stay under PostgreSQL's 100.
/// The same pools for a suite that runs in a process of its own (`suite_process.rs`), as its environment.
pub const POOLS_FOR_TESTS: &[(&str, &str)] = &[
    ("AUTH_DB_CONNECTIONS", "2"),
    ("GEOGRAPHY_DB_CONNECTIONS", "2"),
    ("MEMBERS_DB_CONNECTIONS", "4"),
    ("CARDS_DB_CONNECTIONS", "3"),
    ("SYNC_DB_CONNECTIONS", "2"),
    ("REPORTS_DB_CONNECTIONS", "2"),
];

fn for_tests(config: &mut suite::SuiteConfig) {
    config.gateway.request_timeout = std::time::Duration::from_secs(30);
    config.auth.max_connections = 2;
    config.geography.max_connections = 2;
    config.members.max_connections = 4;
    config.cards.max_connections = 3;
    config.sync.max_connections = 2;
    config.reports.max_connections = 2;
}

/// A fresh database copied from the migrated template.
pub(crate) async fn test_database() -> TestDatabase {
    TestDatabase::create(&suite::migrations_fingerprint(), |url| async move {
        suite::migrate_all(&url).await
    })
    .await
    .expect("a test database")
}

/// A folder for the suite's files: `web/`, a stand-in for the built web application (an index page and
/// one hashed asset), and the photos beside it.
fn fake_web_dir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let web = dir.path().join("web");
    std::fs::create_dir(&web).unwrap();
    std::fs::write(
        web.join("index.html"),
        "<!doctype html><title>Sésame</title><div id=\"app\"></div>",
    )
    .unwrap();
    let assets: PathBuf = web.join("assets");
    std::fs::create_dir(&assets).unwrap();
    std::fs::write(assets.join("index-3f2a1b.js"), "console.log('sesame')").unwrap();
    dir
}

impl TestSuite {
    /// The events published on `service`'s stream, as (subject without the prefix, payload), once there
    /// are at least `expected` of them (or after 10 s, with what there is).
    pub async fn events(&self, service: &str, expected: usize) -> Vec<(String, Value)> {
        let stream_name = self.naming.stream(service);
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            let mut stream = self.jetstream.get_stream(&stream_name).await.expect("the stream");
            let count = stream.info().await.unwrap().state.messages as usize;
            if count >= expected || tokio::time::Instant::now() > deadline {
                let mut found = Vec::new();
                for seq in 1..=count as u64 {
                    let message = stream.get_raw_message(seq).await.unwrap();
                    let subject = message
                        .subject
                        .as_str()
                        .trim_start_matches(&format!("{}.", self.naming.prefix()))
                        .to_string();
                    found.push((subject, serde_json::from_slice(&message.payload).unwrap()));
                }
                return found;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }
}

/// Checks that `list` (a list call, with its filters if any) pages by `after` in every order of
/// `orders`, both ways: walked two rows at a time, each page after the last row of the one before (named
/// by its `id` field), it gives the whole list in the order of one page, with the total of every match
/// on each page; and beside `after`, `_offset` is not applied again.
pub async fn assert_pages_follow_the_last_row(
    suite: &TestSuite,
    token: &str,
    list: &str,
    id: &str,
    orders: &[&str],
) {
    let ids = |body: &Value| -> Vec<i64> {
        let rows = body["data"].as_array().unwrap_or_else(|| panic!("{list}: {body}"));
        rows.iter().map(|row| row[id].as_i64().unwrap()).collect()
    };
    let joint = if list.contains('?') { '&' } else { '?' };
    for order in orders {
        for descending in [false, true] {
            let query = format!("{list}{joint}_orderBy={order}&_descending={descending}");
            let (status, whole) = suite.get(&query, token).await;
            assert_eq!(status, StatusCode::OK, "{query}: {whole}");
            let whole = ids(&whole);
            assert!(whole.len() > 2, "{query}: too few rows to page");
            let mut walked: Vec<i64> = Vec::new();
            loop {
                let after = walked.last().map_or(String::new(), |id| format!("&after={id}"));
                let (status, page) = suite.get(&format!("{query}&_limit=2{after}"), token).await;
                assert_eq!(status, StatusCode::OK, "{query}{after}: {page}");
                assert_eq!(page["total"], whole.len(), "{query}: the total counts every match");
                let rows = ids(&page);
                walked.extend(&rows);
                if rows.len() < 2 || walked.len() > whole.len() {
                    break;
                }
            }
            assert_eq!(walked, whole, "{query}");
            let (_, page) =
                suite.get(&format!("{query}&_offset=2&after={}", whole[0]), token).await;
            assert_eq!(ids(&page), whole[1..], "{query}: `_offset` beside `after`");
        }
    }
}
