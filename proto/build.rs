//! Compiles every `.proto` file under this crate with protox (pure Rust), so no protoc binary is needed.
use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let files = [
        "common/v1/common.proto",
        "auth/v1/auth.proto",
        "geography/v1/geography.proto",
        "members/v1/members.proto",
    ];
    for f in &files {
        println!("cargo:rerun-if-changed={}", root.join(f).display());
    }
    let descriptors = protox::compile(files, [&root])?;
    tonic_prost_build::configure()
        .build_server(true)
        .build_client(true)
        .compile_fds(descriptors)?;
    Ok(())
}
