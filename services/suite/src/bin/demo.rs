//! `demo geography`: loads a realistic geography into a running Sésame (the 31 regions of Côte d'Ivoire,
//! their departments, sub-prefectures and about 3,000 localities), through the REST API.
//! `demo members N`: adds N members in families over that geography, straight into the database named by
//! `DATABASE_URL` (default: the one `make up` uses), with identity numbers of prefix `MEMBER_ID_PREFIX`,
//! and each member's `members.member.created` event in the members' outbox, as `post_member` writes it:
//! the running Sésame publishes them, and the other services' copies of the members follow.
//! `SESAME_URL` (default `http://127.0.0.1:8080`), `SESAME_LOGIN` (default `admin`) and `SESAME_PASSWORD`
//! (default: the one `make up` keeps in `.data/admin_password`) say where and as whom.

use anyhow::{Context, Result, bail};
use suite::api_client::ApiClient;

#[tokio::main]
async fn main() -> Result<()> {
    let what = std::env::args().nth(1).unwrap_or_default();
    if what == "members" {
        return members(std::env::args().nth(2)).await;
    }
    let base = common::config::env_or("SESAME_URL", "http://127.0.0.1:8080");
    let login = common::config::env_or("SESAME_LOGIN", "admin");
    let password = match common::config::env_opt("SESAME_PASSWORD") {
        Some(p) => p,
        None => std::fs::read_to_string(".data/admin_password")
            .context("set SESAME_PASSWORD (or run from the repository after `make up`)")?
            .trim()
            .to_string(),
    };
    let api = ApiClient::sign_in(&base, &login, &password).await?;
    match what.as_str() {
        "geography" => {
            let rows = suite::demo::geography(31, 3, 3, 3_000);
            let answer = api.post("/locality/post_locality-import", &rows).await?;
            println!(
                "Géographie chargée : {} régions, {} départements, {} sous-préfectures, {} localités ajoutées.",
                answer["regionAdded"],
                answer["departmentAdded"],
                answer["subprefectureAdded"],
                answer["localityAdded"]
            );
        }
        _ => bail!("usage : demo geography | demo members N"),
    }
    Ok(())
}

async fn members(count: Option<String>) -> Result<()> {
    let n: i64 = count
        .as_deref()
        .unwrap_or("10000")
        .parse()
        .context("usage : demo members N (un nombre d'adhérents)")?;
    let url = common::config::env_or("DATABASE_URL", common::config::DEFAULT_DATABASE_URL);
    let prefix = common::config::env_or("MEMBER_ID_PREFIX", "C");
    let pool = common::db::connect(&url, 2).await?;
    // The members service learns the localities from the geography's events: wait until it has them all.
    let mut known = -1;
    for _ in 0..60 {
        let now: i64 = sqlx::query_scalar("SELECT count(*) FROM members.geo_locality")
            .fetch_one(&pool)
            .await?;
        if now > 0 && now == known {
            break;
        }
        known = now;
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    }
    let started = std::time::Instant::now();
    let made =
        members::load::generate(&pool, n, &prefix, |done| eprint!("\r{done} adhérents ajoutés..."))
            .await?;
    eprintln!();
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{made} adhérents ajoutés en {seconds:.1} s ({:.0} par seconde) ; leurs événements suivent \
         (le relais de Sésame les publie, les autres services les appliquent).",
        made as f64 / seconds
    );
    Ok(())
}
