//! The docs describe what exists: this test fails when a service or a REST call is in the code and not in
//! the docs, or the reverse. It reads no database and starts nothing.
//!
//! What it relies on:
//! - the calls are those of `web/openapi.json` (the document the gateway generates, which
//!   `scripts/check-api-types.sh` keeps equal to the code), written `METHOD /path` relative to `/api`;
//! - `docs/api.md`, section `## Calls`: one table row per call, its first cell the call in backticks
//!   (`` `GET /member/get_member/{member_id}` ``, parameters named as in openapi.json), its third cell
//!   `yes` when point 7 of the specification names the call and `added` when it does not; any call
//!   written in backticks elsewhere in that file (`` `POST auth/login` ``, the leading `/` optional) must
//!   exist;
//! - `docs/specification.md`, section `## 7.`: every call in backticks, one a line, and on that line its
//!   status, `[built]` or `[not built]` (the specification's parameter names may differ from the code's:
//!   `{department_id}` is `{id}`, so parameters are compared without their names);
//! - the services are `proto::SERVICES` (the proto packages that define a gRPC service) and the folders
//!   of `services/` but `common` and `suite`: each is a row of the table of `## Data ownership` in
//!   `docs/architecture.md` (its first cell the service's name) and a row `` `services/<name>/` `` of the
//!   table of `## Repository layout` in `README.md`, and neither table names a service that does not exist
//!   (the layout table also names the crates of `services/` that are not services, `common` and `suite`:
//!   every folder of `services/` has its row, and no row names a folder that is not there);
//! - a repository path cited in `README.md` or `docs/*.md` (in backticks, or as a link: a link in `docs/`
//!   is relative to `docs/`) or in a comment of a `.rs` file under `services/`, `gateway/` or `proto/` (in
//!   backticks, or as a link) exists. A path is cited when it starts with a top folder of the repository
//!   (`PATH_STARTS`) or is a file at its root (`TOP_FILES`); its `:line`, `#anchor` or `::item` is dropped;
//!   a path with a placeholder (`<name>`, `*`, `{a,b}`, `000N_`, `...`) is not checked, nor one a build or
//!   an operator makes (`MADE`);
//! - no file of `README.md`, `docs/`, `services/`, `gateway/`, `proto/` or `web/src` names a design
//!   document at the root (`DESIGN_DOCUMENT`) that the repository does not have.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const METHODS: &[&str] = &["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"];

/// A REST call: its method in capitals and its path relative to `/api`, with a leading `/`.
type Call = (String, String);

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(relative: &str) -> String {
    let path = root().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn show(call: &Call) -> String {
    format!("{} {}", call.0, call.1)
}

/// Every call of `web/openapi.json`.
fn openapi_calls() -> BTreeSet<Call> {
    let document: serde_json::Value =
        serde_json::from_str(&read("web/openapi.json")).expect("web/openapi.json is JSON");
    let paths = document["paths"].as_object().expect("web/openapi.json has `paths`");
    let mut calls = BTreeSet::new();
    for (path, operations) in paths {
        let operations = operations.as_object().expect("a path of openapi.json is an object");
        for method in operations.keys() {
            let method = method.to_uppercase();
            if METHODS.contains(&method.as_str()) {
                calls.insert((method, path.clone()));
            }
        }
    }
    assert!(!calls.is_empty(), "web/openapi.json lists no call");
    calls
}

/// The lines of a markdown section, from its heading (a line starting with `heading`) to the next heading
/// of the same or a higher level, each with its 1-based line number in the file.
fn section<'a>(text: &'a str, file: &str, heading: &str) -> Vec<(usize, &'a str)> {
    let level = heading.chars().take_while(|c| *c == '#').count();
    let mut lines = text.lines().enumerate().map(|(i, line)| (i + 1, line));
    let Some(_) = lines.by_ref().find(|(_, line)| line.starts_with(heading)) else {
        panic!("{file} has no section starting with {heading:?}");
    };
    lines
        .take_while(|(_, line)| {
            let hashes = line.chars().take_while(|c| *c == '#').count();
            !(hashes > 0 && hashes <= level && line[hashes..].starts_with(' '))
        })
        .collect()
}

/// The spans of a line written in backticks.
fn code_spans(line: &str) -> Vec<&str> {
    line.split('`').skip(1).step_by(2).collect()
}

/// A span that is a call, `GET /member/get_member/{member_id}` or `POST auth/login`, as a `Call` (query
/// string dropped, leading `/` added).
fn as_call(span: &str) -> Option<Call> {
    let (method, path) = span.trim().split_once(' ')?;
    if !METHODS.contains(&method) || path.is_empty() || path.contains(char::is_whitespace) {
        return None;
    }
    let path = path.split('?').next().unwrap_or(path);
    let path = if path.starts_with('/') { path.to_string() } else { format!("/{path}") };
    Some((method.to_string(), path))
}

/// The cells of a table row, trimmed; `None` for a line that is not a row, the header's separator
/// included.
fn table_cells(line: &str) -> Option<Vec<&str>> {
    let line = line.trim();
    let inner = line.strip_prefix('|')?;
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let cells: Vec<&str> = inner.split('|').map(str::trim).collect();
    if cells.iter().all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':' | ' '))) {
        return None;
    }
    Some(cells)
}

/// A path with its parameters unnamed (`/department/get_department/{}`), to compare the specification's
/// paths with the code's.
fn unnamed(path: &str) -> String {
    let mut out = String::new();
    let mut in_parameter = false;
    for c in path.chars() {
        match c {
            '{' => {
                in_parameter = true;
                out.push_str("{}");
            }
            '}' => in_parameter = false,
            _ if in_parameter => {}
            _ => out.push(c),
        }
    }
    out
}

/// Whether a line names a call outside backticks: a method followed by a path.
fn names_a_call(line: &str) -> bool {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.windows(2).any(|pair| {
        let method = pair[0].trim_matches(|c: char| !c.is_ascii_alphabetic());
        let path = pair[1].trim_start_matches('`');
        METHODS.contains(&method)
            && path.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '/' || c == '{')
    })
}

fn fail_with(problems: Vec<String>, what: &str) {
    assert!(problems.is_empty(), "{what}:\n- {}\n", problems.join("\n- "));
}

/// The calls of point 7 of `docs/specification.md`, their parameters unnamed, each with its line and
/// whether it is marked `[built]`; what is not written by the convention goes to `problems`.
fn specification_calls(problems: &mut Vec<String>) -> BTreeMap<Call, (usize, bool)> {
    const FILE: &str = "docs/specification.md";
    let text = read(FILE);
    let mut found = BTreeMap::new();
    for (number, line) in section(&text, FILE, "## 7.") {
        let calls: Vec<Call> = code_spans(line).into_iter().filter_map(as_call).collect();
        if calls.is_empty() && names_a_call(line) {
            problems.push(format!(
                "{FILE}:{number}: a call outside backticks; write it `METHOD path` after its status \
                 ([built] or [not built]): {line:?}"
            ));
            continue;
        }
        let [call] = calls.as_slice() else {
            if calls.len() > 1 {
                problems.push(format!("{FILE}:{number}: one call a line, so each has its status"));
            }
            continue;
        };
        let built = match (line.contains("[built]"), line.contains("[not built]")) {
            (true, false) => true,
            (false, true) => false,
            _ => {
                problems.push(format!(
                    "{FILE}:{number}: `{}` needs exactly one status, [built] or [not built]",
                    show(call)
                ));
                continue;
            }
        };
        let key = (call.0.clone(), unnamed(&call.1));
        if let Some((first, _)) = found.insert(key, (number, built)) {
            problems.push(format!("{FILE}:{number}: `{}` is already on line {first}", show(call)));
        }
    }
    if found.is_empty() {
        problems.push(format!("{FILE}: the section `## 7.` names no call in backticks"));
    }
    found
}

#[test]
fn api_md_documents_every_call_and_no_other() {
    const FILE: &str = "docs/api.md";
    let calls = openapi_calls();
    let mut unreadable = Vec::new();
    let specified = specification_calls(&mut unreadable);
    let text = read(FILE);
    let mut problems = Vec::new();
    if !unreadable.is_empty() {
        problems.push(
            "docs/specification.md breaks its convention (see the test specification_marks_what_is_built): \
             the `yes`/`added` column is checked against the calls it could read"
                .to_string(),
        );
    }

    let mut documented: BTreeMap<Call, usize> = BTreeMap::new();
    for (number, line) in section(&text, FILE, "## Calls") {
        let Some(cells) = table_cells(line) else { continue };
        let first = cells[0];
        if first == "Call" {
            continue; // the header
        }
        let span = first.strip_prefix('`').and_then(|rest| rest.strip_suffix('`'));
        let Some((span, call)) = span.and_then(|span| Some((span, as_call(span)?))) else {
            problems.push(format!(
                "{FILE}:{number}: a row of `## Calls` must start with a call in backticks \
                 (`GET /member/get_member/{{member_id}}`), found {first:?}"
            ));
            continue;
        };
        if span.split_once(' ').is_some_and(|(_, path)| path != call.1) {
            problems.push(format!(
                "{FILE}:{number}: write `{}` as its path reads in web/openapi.json: from the root of \
                 /api, with its leading `/` and no query",
                show(&call)
            ));
        }
        let in_specification = specified.contains_key(&(call.0.clone(), unnamed(&call.1)));
        match cells.get(2).copied() {
            Some("yes") if !in_specification => problems.push(format!(
                "{FILE}:{number}: `{}` says `yes` (in the specification) but point 7 of \
                 docs/specification.md does not name it: `added`",
                show(&call)
            )),
            Some("added") if in_specification => problems.push(format!(
                "{FILE}:{number}: `{}` says `added` but point 7 of docs/specification.md names it: `yes`",
                show(&call)
            )),
            Some("yes" | "added") => {}
            other => problems.push(format!(
                "{FILE}:{number}: the third cell of `{}` says whether the specification names it, \
                 `yes` or `added`; found {other:?}",
                show(&call)
            )),
        }
        if let Some(first_row) = documented.insert(call.clone(), number) {
            problems.push(format!(
                "{FILE}:{number}: `{}` is already documented on line {first_row}",
                show(&call)
            ));
        }
    }
    if documented.is_empty() {
        problems.push(format!("{FILE}: the section `## Calls` has no table of calls"));
    }
    for call in calls.iter().filter(|c| !documented.contains_key(*c)) {
        problems.push(format!(
            "`{}` is in web/openapi.json but has no row in the table of `## Calls` of {FILE}",
            show(call)
        ));
    }
    for (call, number) in documented.iter().filter(|(c, _)| !calls.contains(*c)) {
        problems.push(format!(
            "{FILE}:{number}: `{}` is documented but web/openapi.json has no such call",
            show(call)
        ));
    }

    // Any call written elsewhere in the file names a call that exists.
    for (index, line) in text.lines().enumerate() {
        for call in code_spans(line).into_iter().filter_map(as_call) {
            if !calls.contains(&call) && !documented.contains_key(&call) {
                problems.push(format!(
                    "{FILE}:{}: `{}` is named but web/openapi.json has no such call",
                    index + 1,
                    show(&call)
                ));
            }
        }
    }
    fail_with(problems, "docs/api.md and web/openapi.json disagree");
}

#[test]
fn specification_marks_what_is_built() {
    const FILE: &str = "docs/specification.md";
    let built: BTreeSet<Call> =
        openapi_calls().into_iter().map(|(method, path)| (method, unnamed(&path))).collect();
    let mut problems = Vec::new();
    for (call, (number, marked_built)) in specification_calls(&mut problems) {
        let exists = built.contains(&call);
        if marked_built && !exists {
            problems.push(format!(
                "{FILE}:{number}: `{}` is marked [built] but web/openapi.json has no such call",
                show(&call)
            ));
        } else if !marked_built && exists {
            problems.push(format!(
                "{FILE}:{number}: `{}` is marked [not built] but web/openapi.json has it: mark it [built]",
                show(&call)
            ));
        }
    }
    fail_with(problems, "docs/specification.md and web/openapi.json disagree");
}

/// The crates of `services/`: its folders that hold a `Cargo.toml`.
fn service_folders() -> BTreeSet<String> {
    std::fs::read_dir(root().join("services"))
        .expect("services/ is readable")
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.path().join("Cargo.toml").is_file())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .collect()
}

/// The crates of `services/` that are not services: the shared library and the suite.
const NOT_SERVICES: &[&str] = &["common", "suite"];

#[test]
fn architecture_names_every_service_and_no_other() {
    const FILE: &str = "docs/architecture.md";
    let services: BTreeSet<&str> = proto::SERVICES.iter().copied().collect();
    let folders: BTreeSet<String> = service_folders()
        .into_iter()
        .filter(|folder| !NOT_SERVICES.contains(&folder.as_str()))
        .collect();
    let text = read(FILE);
    let mut problems = Vec::new();
    let mut named = BTreeSet::new();
    for (number, line) in section(&text, FILE, "## Data ownership") {
        let Some(cells) = table_cells(line) else { continue };
        let name = cells[0].trim_matches('`');
        if name == "Service" {
            continue; // the header
        }
        if !services.contains(name) {
            problems.push(format!(
                "{FILE}:{number}: the data-ownership table names the service {name:?}, which \
                 proto::SERVICES does not have (services: {services:?})"
            ));
        }
        if !folders.contains(name) {
            problems.push(format!(
                "{FILE}:{number}: the data-ownership table names the service {name:?}, which has no \
                 folder services/{name}/ (folders: {folders:?})"
            ));
        }
        named.insert(name.to_string());
    }
    for service in services.iter().filter(|s| !named.contains(**s)) {
        problems.push(format!(
            "the service {service:?} (proto::SERVICES) has no row in the data-ownership table of {FILE}"
        ));
    }
    for folder in folders.iter().filter(|f| !named.contains(*f)) {
        problems.push(format!(
            "the folder services/{folder}/ has no row in the data-ownership table of {FILE} (every \
             folder of services/ but {NOT_SERVICES:?} is a service, whatever proto::SERVICES says)"
        ));
    }
    fail_with(problems, "docs/architecture.md and the services disagree");
}

#[test]
fn readme_names_every_service_and_no_other() {
    const FILE: &str = "README.md";
    let services: BTreeSet<&str> = proto::SERVICES.iter().copied().collect();
    let folders = service_folders();
    let text = read(FILE);
    let mut problems = Vec::new();
    let mut named = BTreeSet::new();
    for (number, line) in section(&text, FILE, "## Repository layout") {
        let Some(cells) = table_cells(line) else { continue };
        let Some(name) = cells[0]
            .strip_prefix("`services/")
            .and_then(|rest| rest.strip_suffix("/`"))
            .filter(|name| !name.contains('/'))
        else {
            continue;
        };
        if !folders.contains(name) {
            problems.push(format!(
                "{FILE}:{number}: the layout table names `services/{name}/`, which does not exist \
                 (no services/{name}/Cargo.toml)"
            ));
        }
        named.insert(name.to_string());
    }
    for service in services.iter().filter(|s| !named.contains(**s)) {
        problems.push(format!(
            "the service {service:?} (proto::SERVICES) has no row `services/{service}/` in the layout \
             table of {FILE}"
        ));
    }
    for folder in folders.iter().filter(|f| !named.contains(*f) && !services.contains(f.as_str())) {
        problems.push(format!(
            "the crate services/{folder}/ has no row `services/{folder}/` in the layout table of {FILE}"
        ));
    }
    fail_with(problems, "README.md and the services disagree");
}

/// How a repository path cited in the docs or the comments starts: one of the repository's top folders.
const PATH_STARTS: &[&str] =
    &["services/", "gateway/", "proto/", "web/", "docs/", "scripts/", "deploy/", "helm/", ".ci/"];

/// The files at the root of the repository, cited by their bare name.
const TOP_FILES: &[&str] =
    &["Cargo.toml", "Cargo.lock", "Makefile", "README.md", "rustfmt.toml", ".gitignore"];

/// Paths a build or an operator makes, which a clean clone does not hold (and what is under them).
const MADE: &[&str] =
    &["web/dist", "web/node_modules", "web/test-results", "deploy/.env", "target", ".data"];

/// Folders no scan goes into: what builds and package managers write.
const SKIPPED_FOLDERS: &[&str] = &["target", "node_modules", "dist", "test-results"];

/// The name of a design document at the root, which the docs and comments cite only if it exists. Written
/// in two parts so that this file does not cite it.
const DESIGN_DOCUMENT: &str = concat!("DESIGN", ".md");

/// Every file under `folder` (relative to the root), its path relative to the root with `/` between
/// folders, in a stable order; the folders of `SKIPPED_FOLDERS` are left out.
fn files_under(folder: &str) -> Vec<String> {
    let mut files = Vec::new();
    let mut folders = vec![folder.to_string()];
    while let Some(current) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(root().join(&current)) else { continue };
        for entry in entries.filter_map(|entry| entry.ok()) {
            let name = entry.file_name().to_string_lossy().into_owned();
            let relative = format!("{current}/{name}");
            let Ok(kind) = entry.file_type() else { continue };
            if kind.is_dir() {
                if !SKIPPED_FOLDERS.contains(&name.as_str()) {
                    folders.push(relative);
                }
            } else if kind.is_file() {
                files.push(relative);
            }
        }
    }
    files.sort();
    files
}

/// The targets of the markdown links of a line: what follows `](` up to `)` or a space.
fn link_targets(line: &str) -> Vec<&str> {
    line.match_indices("](")
        .map(|(at, _)| {
            let rest = &line[at + 2..];
            let end = rest.find(|c: char| c == ')' || c.is_whitespace()).unwrap_or(rest.len());
            &rest[..end]
        })
        .filter(|target| !target.is_empty())
        .collect()
}

/// A cited path without what follows the file: `#anchor`, `?query`, `::item`, `:12` or `:12-20`.
fn without_suffix(path: &str) -> &str {
    let path = path.split(['#', '?']).next().unwrap_or(path);
    let path = path.split("::").next().unwrap_or(path);
    match path.rsplit_once(':') {
        Some((file, line))
            if !line.is_empty() && line.chars().all(|c| c.is_ascii_digit() || c == '-') =>
        {
            file
        }
        _ => path,
    }
}

/// Whether a cited path holds a placeholder rather than a name (`services/<name>/`, `proto/*/v1`,
/// `services/{auth,geography}`, `migrations/000N_x.sql`, `...`), or is no path at all (a command).
fn is_placeholder(path: &str) -> bool {
    ["<", "*", "{", "N_", "...", "…"].iter().any(|mark| path.contains(*mark))
        || path.contains(char::is_whitespace)
}

/// Whether a text names a path of the repository from its root.
fn is_repository_path(path: &str) -> bool {
    PATH_STARTS.iter().any(|start| path.starts_with(*start)) || TOP_FILES.contains(&path)
}

/// `link` read from the folder `base` (relative to the root, `""` for the root), as a path relative to the
/// root with its `.` and `..` resolved.
fn resolved(base: &str, link: &str) -> String {
    let mut parts: Vec<&str> = base.split('/').filter(|part| !part.is_empty()).collect();
    for part in link.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            _ => parts.push(part),
        }
    }
    parts.join("/")
}

/// Adds `path` (relative to the root) to `missing` when nothing is there and no build makes it.
fn check_exists(path: &str, cited_by: String, missing: &mut Vec<String>) {
    let path = path.trim_end_matches('/');
    if path.is_empty()
        || MADE.iter().any(|made| path == *made || path.starts_with(&format!("{made}/")))
    {
        return;
    }
    if !root().join(path).exists() {
        missing.push(format!("{cited_by}: {path}"));
    }
}

/// The paths a line of text cites in backticks, checked from the root.
fn check_spans(line: &str, cited_by: &str, missing: &mut Vec<String>) {
    for span in code_spans(line) {
        let span = span.trim();
        if is_placeholder(span) {
            continue;
        }
        let path = without_suffix(span);
        if is_repository_path(path) {
            check_exists(path, cited_by.to_string(), missing);
        }
    }
}

/// The comment of a line of Rust: the whole line when it is one (`//`, `///`, `//!`), or what follows
/// ` // ` after code.
fn rust_comment(line: &str) -> Option<&str> {
    let trimmed = line.trim_start();
    if trimmed.starts_with("//") {
        return Some(trimmed);
    }
    line.split_once(" // ").map(|(_, comment)| comment)
}

#[test]
fn every_cited_path_exists() {
    let mut missing = Vec::new();

    // README.md and docs/*.md: paths in backticks from the root, links from the file's folder.
    let mut markdown = vec!["README.md".to_string()];
    markdown.extend(
        files_under("docs")
            .into_iter()
            .filter(|f| f.ends_with(".md") && f.matches('/').count() == 1),
    );
    for file in &markdown {
        let base = file.rsplit_once('/').map(|(folder, _)| folder).unwrap_or("");
        let mut in_code_block = false;
        for (index, line) in read(file).lines().enumerate() {
            if line.trim_start().starts_with("```") {
                in_code_block = !in_code_block;
                continue;
            }
            if in_code_block {
                continue;
            }
            let cited_by = format!("{file}:{}", index + 1);
            check_spans(line, &cited_by, &mut missing);
            for target in link_targets(line) {
                if target.starts_with('#')
                    || target.contains("://")
                    || target.starts_with("mailto:")
                {
                    continue;
                }
                let path = without_suffix(target);
                if path.is_empty() || is_placeholder(path) {
                    continue;
                }
                check_exists(&resolved(base, path), cited_by.clone(), &mut missing);
            }
        }
    }

    // The comments of the Rust code: paths in backticks and links, from the root.
    for folder in ["services", "gateway", "proto"] {
        for file in files_under(folder).into_iter().filter(|f| f.ends_with(".rs")) {
            let text = read(&file);
            for (index, line) in text.lines().enumerate() {
                let Some(comment) = rust_comment(line) else { continue };
                let cited_by = format!("{file}:{}", index + 1);
                check_spans(comment, &cited_by, &mut missing);
                for target in link_targets(comment) {
                    let path = without_suffix(target);
                    if is_repository_path(path) && !is_placeholder(path) {
                        check_exists(path, cited_by.clone(), &mut missing);
                    }
                }
            }
        }
    }

    fail_with(
        missing,
        "these files are cited but not in the repository (fix the citation, or the path if the file moved)",
    );
}

#[test]
fn no_design_document_is_cited_unless_there_is_one() {
    if root().join(DESIGN_DOCUMENT).exists() {
        return;
    }
    let mut files = vec!["README.md".to_string()];
    for folder in ["docs", "services", "gateway", "proto", "web/src"] {
        files.extend(files_under(folder));
    }
    let mut problems = Vec::new();
    for file in files {
        // Pictures and other binary files cite nothing.
        let Ok(text) = std::fs::read_to_string(root().join(&file)) else { continue };
        for (index, line) in text.lines().enumerate() {
            if line.contains(DESIGN_DOCUMENT) {
                problems.push(format!("{file}:{}: {}", index + 1, line.trim()));
            }
        }
    }
    fail_with(
        problems,
        &format!(
            "{DESIGN_DOCUMENT} is cited but the repository has none: say the rule, or cite the file of \
             docs/ that says it (docs/decisions.md, docs/api.md)"
        ),
    );
}
