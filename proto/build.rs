//! Compiles every `.proto` file under this crate with protox (pure Rust, so no protoc binary is needed),
//! and writes the module tree that `src/lib.rs` includes: one module per package (`sesame.<name>.v1`) and
//! its short name (`proto::<name>`). A new service's contract is found here without any edit.
use std::collections::BTreeSet;
use std::fmt::Write;
use std::path::{Path, PathBuf};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR")?);
    let mut files = Vec::new();
    find_protos(&root, &root, &mut files)?;
    files.sort();
    println!("cargo:rerun-if-changed={}", root.display());
    for f in &files {
        println!("cargo:rerun-if-changed={}", root.join(f).display());
    }
    let descriptors = protox::compile(&files, [&root])?;
    let packages: BTreeSet<String> =
        descriptors.file.iter().filter_map(|f| f.package.clone()).collect();
    // The packages that define a gRPC service: the services the gateway calls.
    let services: BTreeSet<String> = descriptors
        .file
        .iter()
        .filter(|f| !f.service.is_empty())
        .filter_map(|f| f.package.as_deref()?.split('.').nth(1).map(str::to_string))
        .collect();
    tonic_prost_build::configure()
        .build_server(true)
        .build_client(true)
        .compile_fds(descriptors)?;
    let out = PathBuf::from(std::env::var("OUT_DIR")?).join("packages.rs");
    let list: Vec<String> = services.iter().map(|s| format!("{s:?}")).collect();
    let services = format!(
        "/// The services of the product, one per proto package that defines a gRPC service.\n\
         pub const SERVICES: &[&str] = &[{}];\n",
        list.join(", ")
    );
    std::fs::write(out, module_tree(&packages)? + &services)?;
    Ok(())
}

/// The `.proto` files under `dir`, as paths relative to `root` (the include path).
fn find_protos(root: &Path, dir: &Path, found: &mut Vec<String>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() && !path.ends_with("src") && !path.ends_with("target") {
            find_protos(root, &path, found)?;
        } else if path.extension().is_some_and(|e| e == "proto") {
            let relative = path.strip_prefix(root).expect("under the root");
            found.push(relative.to_string_lossy().into_owned());
        }
    }
    Ok(())
}

/// `pub mod sesame { pub mod auth { pub mod v1 { include_proto!("sesame.auth.v1"); } } ... }` and
/// `pub use sesame::auth::v1 as auth;` for every package `sesame.<name>.v1`.
fn module_tree(packages: &BTreeSet<String>) -> Result<String, std::fmt::Error> {
    let mut tree = String::from("pub mod sesame {\n");
    let mut aliases = String::new();
    for package in packages {
        let parts: Vec<&str> = package.split('.').collect();
        let ["sesame", name, version] = parts[..] else {
            panic!("proto package {package:?} is not named sesame.<name>.<version>");
        };
        writeln!(
            tree,
            "    pub mod {name} {{ pub mod {version} {{ tonic::include_proto!(\"{package}\"); }} }}"
        )?;
        writeln!(aliases, "pub use sesame::{name}::{version} as {name};")?;
    }
    tree.push_str("}\n");
    Ok(tree + &aliases)
}
