//! `demo geography`: loads a realistic geography into a running Sésame (the 31 regions of Côte d'Ivoire,
//! their departments, sub-prefectures and about 3,000 localities), through the REST API.
//! `SESAME_URL` (default `http://127.0.0.1:8080`), `SESAME_LOGIN` (default `admin`) and `SESAME_PASSWORD`
//! (default: the one `make up` keeps in `.data/admin_password`) say where and as whom.

use anyhow::{Context, Result, bail};
use suite::api_client::ApiClient;

#[tokio::main]
async fn main() -> Result<()> {
    let what = std::env::args().nth(1).unwrap_or_default();
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
                answer["regionAdded"], answer["departmentAdded"], answer["subprefectureAdded"], answer["localityAdded"]
            );
        }
        _ => bail!("usage : demo geography"),
    }
    Ok(())
}
