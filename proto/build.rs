//! Compiles every `.proto` file under this crate with protox (pure Rust, so no protoc binary is needed),
//! and writes the module tree that `src/lib.rs` includes: one module per package (`sesame.<name>.v1`) and
//! its short name (`proto::<name>`). A new service's contract is found here without any edit.
//!
//! The messages are also the REST contract: every generated type derives serde and utoipa's `ToSchema`,
//! each field is named in JSON by its `json_name` (written out in the `.proto` files, e.g.
//! `member_birthLocation`) and also read under its proto name (the database column's name, so that a row
//! read as JSON fills the message), and every message gets `proto::Fields`: its (proto, JSON) names.
//!
//! Every message is also a row: it derives `sqlx::FromRow`, its columns named by the fields' proto names
//! (the tables' columns), a column the query does not select left at the field's default
//! (`#[sqlx(default)]`). The fields no column can hold (messages, repeated fields, maps, oneofs, enums,
//! unsigned numbers) are skipped: they stay at their default.
//!
//! The identity block: what a card copies of its member is one message, `sesame.common.v1.Identity`
//! (common/v1/common.proto). A field of that type (`sesame.common.v1.Identity member = 100;`) is not a
//! nested message: before compiling, this script writes the block's fields in its place, each named with
//! the field's name as prefix (`member_birth_location`, JSON `member_birthLocation`; `card_...` for a
//! field named `card`) and numbered from the field's number (the block's field 1 takes it, field k takes
//! it + k - 1: leave those numbers free). So the generated structs, their JSON, their columns and their
//! OpenAPI schema are flat, as the specification names them, and a field the card shows is one line of
//! `Identity`. A comment line of a block field that starts with `<prefix>: ` is written only on that
//! side (`// member: Dates are ...`); the others on every side. (No comment above such a field: it
//! would become the first block field's.) `Identity` itself is generated as well:
//! `proto::Fields` of it lists the block (`proto::Identity::columns()`), for the SQL that copies it.
use prost_types::FileDescriptorSet;
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
    let block = identity_block(&std::fs::read_to_string(root.join(IDENTITY_FILE))?);
    let descriptors = protox::Compiler::with_file_resolver(Expanding { root: root.clone(), block })
        .include_source_info(true)
        .include_imports(true)
        .open_files(&files)?
        .file_descriptor_set();
    let packages: BTreeSet<String> =
        descriptors.file.iter().filter_map(|f| f.package.clone()).collect();
    // The packages that define a gRPC service: the services the gateway calls. The kit's contracts
    // (`sesame.common.v1`) are served by every service, so they name none.
    let services: BTreeSet<String> = descriptors
        .file
        .iter()
        .filter(|f| !f.service.is_empty())
        .filter_map(|f| f.package.as_deref()?.split('.').nth(1).map(str::to_string))
        .filter(|name| name != KIT_PACKAGE)
        .collect();
    let contracts = contracts(&descriptors)?;
    let mut builder = tonic_prost_build::configure()
        .build_server(true)
        .build_client(true)
        .type_attribute(".", "#[derive(serde::Serialize, serde::Deserialize, utoipa::ToSchema)]")
        .type_attribute(".", "#[serde(default)]")
        .message_attribute(".", "#[derive(sqlx::FromRow)]")
        .message_attribute(".", "#[sqlx(default)]");
    for path in not_columns(&descriptors) {
        builder = builder.field_attribute(path, "#[sqlx(skip)]");
    }
    for (path, proto_name, json_name, flatten, lenient_number) in fields(&descriptors) {
        // Numbers also arrive as texts ("5000"): read both (specification point 5).
        let number = if lenient_number {
            ", deserialize_with = \"crate::lenient::optional_number\""
        } else {
            ""
        };
        let attribute = if flatten {
            "#[serde(flatten)]".to_string()
        } else if proto_name == json_name {
            format!("#[serde(rename = {json_name:?}{number})]")
        } else {
            format!("#[serde(rename = {json_name:?}, alias = {proto_name:?}{number})]")
        };
        builder = builder.field_attribute(path, attribute);
    }
    let field_tables = field_tables(&descriptors)?;
    builder.compile_fds(descriptors)?;
    let out = PathBuf::from(std::env::var("OUT_DIR")?).join("packages.rs");
    let list: Vec<String> = services.iter().map(|s| format!("{s:?}")).collect();
    let services = format!(
        "/// The services of the product, one per proto package that defines a gRPC service.\n\
         pub const SERVICES: &[&str] = &[{}];\n",
        list.join(", ")
    );
    std::fs::write(out, module_tree(&packages)? + &services + &field_tables + &contracts)?;
    Ok(())
}

/// The package of the service kit's contracts (`sesame.common.v1`): messages every contract uses, and
/// gRPC services every service serves (the history).
const KIT_PACKAGE: &str = "common";

/// The file that holds `message Identity`, the block a card copies of its member.
const IDENTITY_FILE: &str = "common/v1/common.proto";
/// A field of this type is written as the block's fields (see the header).
const IDENTITY_TYPE: &str = "sesame.common.v1.Identity";

/// One field of the identity block: its comment lines, `optional ` or nothing, type, proto name, number
/// and JSON name.
struct BlockField {
    comments: Vec<String>,
    label: String,
    kind: String,
    name: String,
    number: u32,
    json_name: String,
}

/// The fields of `message Identity { ... }` as written in its file (one field a line, each with its
/// `json_name`).
fn identity_block(source: &str) -> Vec<BlockField> {
    let mut fields = Vec::new();
    let mut comments = Vec::new();
    let mut inside = false;
    for line in source.lines().map(str::trim) {
        if line.starts_with("message Identity ") {
            inside = true;
        } else if !inside {
            continue;
        } else if line == "}" {
            break;
        } else if let Some(comment) = line.strip_prefix("//") {
            comments.push(comment.trim().to_string());
        } else if !line.is_empty() {
            let (declaration, options) = line.split_once('[').expect("a json_name on each field");
            let json_name = options.split('"').nth(1).expect("json_name = \"...\"").to_string();
            let words: Vec<&str> = declaration.split_whitespace().collect();
            let (label, rest) = match words.as_slice() {
                ["optional", rest @ ..] => ("optional ", rest),
                rest => ("", rest),
            };
            let [kind, name, "=", number] = rest else { panic!("unread Identity field: {line}") };
            fields.push(BlockField {
                comments: std::mem::take(&mut comments),
                label: label.to_string(),
                kind: kind.to_string(),
                name: name.to_string(),
                number: number.parse().expect("a field number"),
                json_name,
            });
        }
    }
    assert!(!fields.is_empty(), "no message Identity in {IDENTITY_FILE}");
    fields
}

/// `source` with each `sesame.common.v1.Identity <prefix> = <n>;` field written as the block's fields.
fn expand_identity(source: &str, block: &[BlockField]) -> String {
    let mut out = String::new();
    for line in source.lines() {
        let indent = &line[..line.len() - line.trim_start().len()];
        let words: Vec<&str> = line.trim().trim_end_matches(';').split_whitespace().collect();
        let [IDENTITY_TYPE, prefix, "=", first] = words.as_slice() else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        let first: u32 = first.parse().expect("a field number");
        for f in block {
            for comment in &f.comments {
                let side = comment
                    .split_once(": ")
                    .filter(|(p, _)| p.chars().all(|c| c.is_ascii_lowercase() || c == '_'));
                match side {
                    Some((p, text)) if p == *prefix => {
                        out.push_str(&format!("{indent}// {text}\n"))
                    }
                    Some(_) => {}
                    None => out.push_str(&format!("{indent}// {comment}\n")),
                }
            }
            out.push_str(&format!(
                "{indent}{}{} {prefix}_{} = {} [json_name = \"{prefix}_{}\"];\n",
                f.label,
                f.kind,
                f.name,
                first + f.number - 1,
                f.json_name
            ));
        }
    }
    out
}

/// Reads the `.proto` files under `root` with the identity block expanded.
struct Expanding {
    root: PathBuf,
    block: Vec<BlockField>,
}

impl protox::file::FileResolver for Expanding {
    fn open_file(&self, name: &str) -> Result<protox::file::File, protox::Error> {
        match std::fs::read_to_string(self.root.join(name)) {
            Ok(source) => {
                protox::file::File::from_source(name, &expand_identity(&source, &self.block))
            }
            Err(_) => Err(protox::Error::file_not_found(name)),
        }
    }
}

/// Every field of every top-level message: its path for prost-build, its proto name, its JSON name,
/// whether its own fields sit in the parent's JSON (the record an event carries, `MemberSaved.member`, so
/// that an event reads as the record with its `meta`), and whether it is an optional number (read from a
/// number or a text).
fn fields(descriptors: &FileDescriptorSet) -> Vec<(String, String, String, bool, bool)> {
    let mut found = Vec::new();
    for file in &descriptors.file {
        let package = file.package();
        for message in &file.message_type {
            let event = is_event(message);
            for field in &message.field {
                let path = format!(".{package}.{}.{}", message.name(), field.name());
                let record = field.r#type() == prost_types::field_descriptor_proto::Type::Message
                    && field.label() != prost_types::field_descriptor_proto::Label::Repeated
                    && field.name() != "meta";
                let optional_number = field.proto3_optional()
                    && field.r#type() == prost_types::field_descriptor_proto::Type::Double;
                found.push((
                    path,
                    field.name().to_string(),
                    field.json_name().to_string(),
                    event && record,
                    optional_number,
                ));
            }
        }
    }
    found
}

/// The fields of every message (nested ones too) that no column can be read into: messages, repeated
/// fields and maps, oneofs, enums, and the unsigned numbers PostgreSQL has no type for. Paths as
/// prost-build takes them (`.sesame.common.v1.EventMeta.schema_version`).
fn not_columns(descriptors: &FileDescriptorSet) -> Vec<String> {
    fn walk(prefix: &str, message: &prost_types::DescriptorProto, found: &mut Vec<String>) {
        use prost_types::field_descriptor_proto::{Label, Type};
        let path = format!("{prefix}.{}", message.name());
        for field in &message.field {
            let skipped = field.label() == Label::Repeated
                || matches!(
                    field.r#type(),
                    Type::Message
                        | Type::Group
                        | Type::Enum
                        | Type::Uint32
                        | Type::Uint64
                        | Type::Fixed32
                        | Type::Fixed64
                );
            if skipped {
                found.push(format!("{path}.{}", field.name()));
            }
        }
        // A oneof is one field of the struct, named by the oneof (a proto3 `optional` is not one).
        for (index, oneof) in message.oneof_decl.iter().enumerate() {
            let synthetic = message
                .field
                .iter()
                .any(|f| f.oneof_index == Some(index as i32) && f.proto3_optional());
            if !synthetic {
                found.push(format!("{path}.{}", oneof.name()));
            }
        }
        for nested in &message.nested_type {
            walk(&path, nested, found);
        }
    }
    let mut found = Vec::new();
    for file in &descriptors.file {
        for message in &file.message_type {
            walk(&format!(".{}", file.package()), message, &mut found);
        }
    }
    found
}

/// An event: a message with `meta` of the common `EventMeta`.
fn is_event(message: &prost_types::DescriptorProto) -> bool {
    message
        .field
        .iter()
        .any(|f| f.name() == "meta" && f.type_name() == ".sesame.common.v1.EventMeta")
}

/// `impl Fields for sesame::members::v1::Member { const FIELDS = &[("member_birth_location",
/// "member_birthLocation"), ...] }` for every top-level message, and `impl Event` for every event.
fn field_tables(descriptors: &FileDescriptorSet) -> Result<String, std::fmt::Error> {
    let mut tables = String::new();
    for file in &descriptors.file {
        let module = file.package().replace('.', "::");
        for message in &file.message_type {
            let pairs: Vec<String> = message
                .field
                .iter()
                .map(|f| format!("({:?}, {:?})", f.name(), f.json_name()))
                .collect();
            writeln!(
                tables,
                "impl Fields for {module}::{} {{ const FIELDS: &'static [(&'static str, &'static str)] = &[{}]; }}",
                message.name(),
                pairs.join(", ")
            )?;
            // An event's schema version is its package's (`v1` is 1).
            if is_event(message) {
                let version = file.package().rsplit('.').next().unwrap_or("v1");
                let version: u32 = version.trim_start_matches('v').parse().unwrap_or(1);
                writeln!(
                    tables,
                    "impl Event for {module}::{} {{ const SCHEMA_VERSION: u32 = {version}; }}",
                    message.name()
                )?;
            }
        }
    }
    Ok(tables)
}

/// `impl Contract` (and `impl Client`, for a service's own contract) for every gRPC client, and `impl
/// Server` for every server: the one way a client or a server of a contract is made, with the same message
/// limits everywhere. A kit contract is served by every service, so its client names no service.
fn contracts(descriptors: &FileDescriptorSet) -> Result<String, std::fmt::Error> {
    let mut out = String::new();
    for file in &descriptors.file {
        let package = file.package();
        let Some(name) = package.split('.').nth(1) else { continue };
        let module = package.replace('.', "::");
        for service in &file.service {
            let rust = service.name();
            let snake = snake_case(rust);
            let client = format!("{module}::{snake}_client::{rust}Client<T>");
            let bounds = "T: tonic::client::GrpcService<tonic::body::Body>, T::Error: Into<tonic::codegen::StdError>, \
                 T::ResponseBody: tonic::codegen::Body<Data = tonic::codegen::Bytes> + Send + 'static, \
                 <T::ResponseBody as tonic::codegen::Body>::Error: Into<tonic::codegen::StdError> + Send";
            writeln!(
                out,
                "impl<T> Contract<T> for {client} where {bounds} {{ \
                 fn over(channel: T) -> Self {{ Self::new(channel)\
                 .max_decoding_message_size(MAX_MESSAGE_BYTES).max_encoding_message_size(MAX_MESSAGE_BYTES) }} }}"
            )?;
            if name != KIT_PACKAGE {
                writeln!(
                    out,
                    "impl<T> Client<T> for {client} where {bounds} {{ const SERVICE: &'static str = {name:?}; }}"
                )?;
            }
            writeln!(
                out,
                "impl<T: {module}::{snake}_server::{rust}> Server for {module}::{snake}_server::{rust}Server<T> {{ \
                 fn limited(self) -> Self {{ \
                 self.max_decoding_message_size(MAX_MESSAGE_BYTES).max_encoding_message_size(MAX_MESSAGE_BYTES) }} }}"
            )?;
        }
    }
    Ok(out)
}

/// `GeographyAdmin` -> `geography_admin`, as tonic names a service's modules.
fn snake_case(name: &str) -> String {
    let mut snake = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            snake.push('_');
        }
        snake.push(c.to_ascii_lowercase());
    }
    snake
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
