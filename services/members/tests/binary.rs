//! The `members` binary, as a Deployment runs it. (Building this test also builds the binary, which
//! the suite's `service_kill` test runs as a second replica of the members service.)

use std::process::Command;

#[test]
fn a_wrong_member_id_prefix_stops_the_service_at_once_naming_the_variable() {
    let output = Command::new(env!("CARGO_BIN_EXE_members"))
        .env("MEMBER_ID_PREFIX", "12")
        .env("RUST_LOG", "off")
        .output()
        .expect("the members binary runs");
    assert!(!output.status.success(), "it started with a wrong prefix");
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.contains("MEMBER_ID_PREFIX must be one to four capital letters"),
        "it said: {said}"
    );
}
