//! Password hashing with argon2id (the crate's defaults follow OWASP: 19 MiB, 2 passes). Hashing is slow
//! on purpose, so it runs on the blocking pool and never stalls the async workers, and at most one hash
//! a core runs at a time: a flood of sign-ins waits its turn (or gets a French 503) instead of taking
//! 19 MiB each at once.

use anyhow::{Context, Result, anyhow};
use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use common::error::ServiceError;
use std::sync::LazyLock;
use std::time::Duration;
use tokio::sync::{Semaphore, SemaphorePermit};

/// How long a sign-in waits for a free core before it is told to come back.
const WAIT_FOR_A_CORE: Duration = Duration::from_secs(5);

pub const BUSY: &str = "Le service de connexion est très sollicité : réessayez dans un instant.";

/// One permit a core: the hashes that may run at once.
static HASHING: LazyLock<Semaphore> =
    LazyLock::new(|| Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get())));

/// A turn to hash, or `Unavailable` (503) when none came in time.
async fn turn() -> Result<SemaphorePermit<'static>, ServiceError> {
    match tokio::time::timeout(WAIT_FOR_A_CORE, HASHING.acquire()).await {
        Ok(Ok(permit)) => Ok(permit),
        _ => {
            tracing::warn!("password hashing saturated: a caller is asked to retry");
            Err(ServiceError::Unavailable(BUSY.into()))
        }
    }
}

pub async fn hash(password: String) -> Result<String, ServiceError> {
    let _turn = turn().await?;
    let hashed = tokio::task::spawn_blocking(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|h| h.to_string())
            .map_err(|e| anyhow!("argon2 hashing failed: {e}"))
    })
    .await
    .context("hashing task failed")?;
    Ok(hashed?)
}

/// Whether `password` matches `hash`. A malformed stored hash counts as a mismatch (and is logged).
pub async fn verify(password: String, hash: String) -> Result<bool, ServiceError> {
    let _turn = turn().await?;
    let matches = tokio::task::spawn_blocking(move || {
        match Argon2::default().verify_password(password.as_bytes(), hash.as_str()) {
            Ok(()) => true,
            Err(argon2::password_hash::Error::PasswordInvalid) => false,
            Err(e) => {
                tracing::error!(error = %e, "stored password hash cannot be read");
                false
            }
        }
    })
    .await
    .context("verification task failed")?;
    Ok(matches)
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn a_hash_is_argon2id_and_verifies_only_its_password() {
        let hash = super::hash("secret-1".into()).await.unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(super::verify("secret-1".into(), hash.clone()).await.unwrap());
        assert!(!super::verify("secret-2".into(), hash).await.unwrap());
    }
}
