//! Who makes a change, from where and why (`Origin`), as a service records it in its history. The
//! gateway says from where a call comes (`screen` when the application's own screens make it, `api`
//! otherwise): it reads the call's `X-Sesame-Source` header and forwards it to the services as the
//! gRPC metadata `x-sesame-source` (`with_source`, `grpc::channel`), beside the caller's token.

use super::changes::Change;
use super::store::{Author, Entry, Source};
use crate::identity::Identity;

/// The metadata that carries the source of a call, from the gateway to a service.
pub const SOURCE_METADATA: &str = "x-sesame-source";

tokio::task_local! {
    static FORWARDED_SOURCE: &'static str;
}

/// Runs `work` with `source` (`screen` or `api`) as the source its gRPC calls carry.
pub async fn with_source<F: Future>(source: &'static str, work: F) -> F::Output {
    FORWARDED_SOURCE.scope(source, work).await
}

/// The source to forward on an outgoing call, if the current work has one.
pub fn forwarded_source() -> Option<&'static str> {
    FORWARDED_SOURCE.try_with(|source| *source).ok()
}

/// The source a caller's header names: `screen` for the application's screens, `api` for anything else.
pub fn source_of_header(value: Option<&str>) -> &'static str {
    match value {
        Some(value) if value.eq_ignore_ascii_case("screen") => "screen",
        _ => "api",
    }
}

/// Who, from where and why: what every entry of one change says beside the change itself.
#[derive(Clone, Debug, PartialEq)]
pub struct Origin {
    pub author: Author,
    pub source: Source,
    pub reason: Option<String>,
}

impl Origin {
    /// The caller of a gRPC call, from the screen or the API as the gateway said (the API when unsaid).
    pub fn of<T>(request: &tonic::Request<T>) -> Result<Origin, tonic::Status> {
        let caller = Identity::of(request)?;
        let source = request.metadata().get(SOURCE_METADATA).and_then(|v| v.to_str().ok());
        let source = match source_of_header(source) {
            "screen" => Source::Screen,
            _ => Source::Api,
        };
        Ok(Origin {
            author: Author::login(caller.login_id, &caller.login_name),
            source,
            reason: None,
        })
    }

    /// The same caller, for another source and with a reason (a restore, a merge).
    pub fn because(&self, source: Source, reason: &str) -> Origin {
        Origin { author: self.author.clone(), source, reason: Some(reason.to_string()) }
    }

    /// The entry of `changes` to the record `entity` `entity_id`, made by this origin.
    pub fn entry<'a>(&'a self, entity: &'a str, entity_id: i64, changes: Vec<Change>) -> Entry<'a> {
        Entry {
            entity,
            entity_id,
            author: &self.author,
            source: &self.source,
            reason: self.reason.as_deref(),
            changes,
        }
    }
}
