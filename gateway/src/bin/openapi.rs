//! Prints the OpenAPI document of the `/api` calls (used by `make openapi` for `web/openapi.json`), or with
//! `role-matrix` the role matrix of `common::roles` as data (for `web/src/app/roleMatrix.json`, which
//! `make openapi` then formats with Prettier).

fn main() -> anyhow::Result<()> {
    match std::env::args().nth(1).as_deref() {
        None => println!("{}", gateway::openapi_document().to_pretty_json()?),
        Some("role-matrix") => {
            println!("{}", serde_json::to_string_pretty(&common::roles::matrix())?)
        }
        Some(other) => {
            anyhow::bail!("unknown argument {other:?} (expected nothing or `role-matrix`)")
        }
    }
    Ok(())
}
