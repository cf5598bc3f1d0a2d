//! Configuration comes only from environment variables. A missing required value names the variable
//! to set, so that an operator does not have to read the code.

use anyhow::{Context, Result, bail};
use std::str::FromStr;

/// The value of `name`, or `default` when it is unset or empty.
pub fn env_or(name: &str, default: &str) -> String {
    match std::env::var(name) {
        Ok(v) if !v.trim().is_empty() => v,
        _ => default.to_string(),
    }
}

/// The value of `name` when set and not empty.
pub fn env_opt(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

/// The value of `name`; an error saying which variable to set otherwise.
pub fn env_required(name: &str) -> Result<String> {
    env_opt(name).with_context(|| format!("the environment variable {name} must be set"))
}

/// The value of `name` parsed, or `default` when unset.
pub fn env_parse<T: FromStr>(name: &str, default: T) -> Result<T>
where
    T::Err: std::fmt::Display,
{
    match env_opt(name) {
        None => Ok(default),
        Some(v) => match v.parse() {
            Ok(parsed) => Ok(parsed),
            Err(e) => bail!("the environment variable {name} has an invalid value {v:?}: {e}"),
        },
    }
}

/// Whether the instance is the central server or a field laptop that synchronises with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunningEnv {
    Central,
    Field,
}

impl RunningEnv {
    /// What only the central server does (a write of the data it owns, the calls laptops make to it):
    /// `Ok` there, a 409 saying `on_field` on a field laptop.
    pub fn central_only(self, on_field: &str) -> Result<(), crate::error::ServiceError> {
        match self {
            RunningEnv::Central => Ok(()),
            RunningEnv::Field => Err(crate::error::ServiceError::Conflict(on_field.into())),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            RunningEnv::Central => "central",
            RunningEnv::Field => "field",
        }
    }

    pub fn from_env() -> Result<Self> {
        match env_or("RUNNING_ENV", "central").as_str() {
            "central" => Ok(RunningEnv::Central),
            "field" => Ok(RunningEnv::Field),
            other => bail!("RUNNING_ENV must be `central` or `field`, not {other:?}"),
        }
    }
}

pub const DEFAULT_DATABASE_URL: &str = "postgres://postgres@127.0.0.1:5432/sesame";
pub const DEFAULT_NATS_URL: &str = "nats://127.0.0.1:4222";

/// Most rows one locality import may carry: `IMPORT_MAX_ROWS`, by default 200,000 (a country's
/// localities, a few times over). The gateway stops reading a request past it, the geography refuses it.
pub fn import_max_rows() -> usize {
    static MAX: std::sync::LazyLock<usize> = std::sync::LazyLock::new(|| {
        env_parse("IMPORT_MAX_ROWS", 200_000usize).unwrap_or_else(|e| {
            tracing::error!(error = %e, "IMPORT_MAX_ROWS ignored");
            200_000
        })
    });
    *MAX
}
