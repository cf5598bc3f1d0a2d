//! Throwaway databases for tests. A template database is migrated once per set of migrations (named by
//! their checksums), then every test copies it with `CREATE DATABASE ... TEMPLATE`, which is far faster
//! than migrating. The copy is dropped when the guard goes out of scope; copies left by a killed test
//! process are dropped by the next run.

use anyhow::{Context, Result};
use sqlx::postgres::PgConnectOptions;
use sqlx::{AssertSqlSafe, ConnectOptions, Connection, PgConnection};
use std::future::Future;
use std::str::FromStr;

use crate::db::ident;

const PREFIX: &str = "sesame_test_";

/// The server tests use: `TEST_DATABASE_URL`, by default the local PostgreSQL.
pub fn server_url() -> String {
    crate::config::env_or("TEST_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
}

pub struct TestDatabase {
    pub name: String,
    pub url: String,
}

impl TestDatabase {
    /// A fresh copy of the template identified by `fingerprint`, built by `prepare(url)` when missing.
    pub async fn create<F, Fut>(fingerprint: &str, prepare: F) -> Result<TestDatabase>
    where
        F: FnOnce(String) -> Fut,
        Fut: Future<Output = Result<()>>,
    {
        let server = PgConnectOptions::from_str(&server_url())?;
        let mut admin =
            server.clone().database("postgres").connect().await.context("tests need PostgreSQL")?;
        // One process at a time builds the template or copies it (a copy refuses a template in use).
        sqlx::query("SELECT pg_advisory_lock(7301955)").execute(&mut admin).await?;
        let result = Self::create_locked(&mut admin, &server, fingerprint, prepare).await;
        sqlx::query("SELECT pg_advisory_unlock(7301955)").execute(&mut admin).await?;
        admin.close().await.ok();
        result
    }

    async fn create_locked<F, Fut>(
        admin: &mut PgConnection,
        server: &PgConnectOptions,
        fingerprint: &str,
        prepare: F,
    ) -> Result<TestDatabase>
    where
        F: FnOnce(String) -> Fut,
        Fut: Future<Output = Result<()>>,
    {
        drop_orphans(admin).await?;
        let template = format!("sesame_template_{fingerprint}");
        let exists: bool =
            sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
                .bind(&template)
                .fetch_one(&mut *admin)
                .await?;
        if !exists {
            // Built under another name and renamed, so a half-built template is never copied.
            let building = format!("{template}_building");
            sqlx::query(AssertSqlSafe(format!(
                "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                ident(&building)
            )))
            .execute(&mut *admin)
            .await?;
            sqlx::query(AssertSqlSafe(format!("CREATE DATABASE {}", ident(&building))))
                .execute(&mut *admin)
                .await?;
            prepare(url_of(server, &building))
                .await
                .context("building the test template failed")?;
            sqlx::query(AssertSqlSafe(format!(
                "ALTER DATABASE {} RENAME TO {}",
                ident(&building),
                ident(&template)
            )))
            .execute(&mut *admin)
            .await?;
        }
        let name = format!("{PREFIX}{}_{:08x}", std::process::id(), rand::random::<u32>());
        sqlx::query(AssertSqlSafe(format!(
            "CREATE DATABASE {} TEMPLATE {}",
            ident(&name),
            ident(&template)
        )))
        .execute(&mut *admin)
        .await?;
        Ok(TestDatabase { url: url_of(server, &name), name })
    }
}

impl TestDatabase {
    /// A copy of this database as it is now, dropped like any (PostgreSQL copies a database only while
    /// nobody is connected to it).
    pub async fn copy(&self) -> Result<TestDatabase> {
        let server = PgConnectOptions::from_str(&server_url())?;
        let mut admin = server.clone().database("postgres").connect().await?;
        let name = format!("{PREFIX}{}_{:08x}", std::process::id(), rand::random::<u32>());
        sqlx::query(AssertSqlSafe(format!(
            "CREATE DATABASE {} TEMPLATE {}",
            ident(&name),
            ident(&self.name)
        )))
        .execute(&mut admin)
        .await
        .with_context(|| format!("copying the database {}", self.name))?;
        Ok(TestDatabase { url: url_of(&server, &name), name })
    }
}

fn url_of(server: &PgConnectOptions, database: &str) -> String {
    let host = server.get_host();
    let port = server.get_port();
    let user = server.get_username();
    format!("postgres://{user}@{host}:{port}/{database}")
}

/// Drops the copies whose test process is gone.
async fn drop_orphans(admin: &mut PgConnection) -> Result<()> {
    let names: Vec<String> =
        sqlx::query_scalar("SELECT datname FROM pg_database WHERE datname LIKE $1")
            .bind(format!("{PREFIX}%"))
            .fetch_all(&mut *admin)
            .await?;
    for name in names {
        let pid = name.trim_start_matches(PREFIX).split('_').next().unwrap_or("");
        if !pid.is_empty() && !std::path::Path::new(&format!("/proc/{pid}")).exists() {
            sqlx::query(AssertSqlSafe(format!(
                "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                ident(&name)
            )))
            .execute(&mut *admin)
            .await?;
        }
    }
    Ok(())
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let name = self.name.clone();
        // Drop runs outside async code; a small runtime on its own thread does the work.
        let done = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().ok()?;
            rt.block_on(async {
                let server = PgConnectOptions::from_str(&server_url()).ok()?;
                let mut admin = server.database("postgres").connect().await.ok()?;
                sqlx::query(AssertSqlSafe(format!(
                    "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                    ident(&name)
                )))
                .execute(&mut admin)
                .await
                .ok()
            })
        });
        let _ = done.join();
    }
}
