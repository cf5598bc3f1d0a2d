//! Prints the OpenAPI document of the `/api` calls (used by `make openapi` for `web/openapi.json`).

fn main() -> anyhow::Result<()> {
    println!("{}", gateway::openapi_document().to_pretty_json()?);
    Ok(())
}
