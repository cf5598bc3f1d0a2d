//! The web client's API types are generated from `web/openapi.json`; this keeps that file equal to what
//! the code describes. After changing a call, run `make openapi`.

#[test]
fn web_openapi_json_matches_the_code() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../web/openapi.json");
    let committed =
        std::fs::read_to_string(&path).expect("web/openapi.json exists (run `make openapi`)");
    let generated = gateway::openapi_document().to_pretty_json().unwrap();
    assert!(
        committed.trim() == generated.trim(),
        "web/openapi.json is out of date with the gateway's calls: run `make openapi`"
    );
}
