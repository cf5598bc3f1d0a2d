//! Password hashing with argon2id (the crate's defaults follow OWASP: 19 MiB, 2 passes). Hashing is slow
//! on purpose, so it runs on the blocking pool and never stalls the async workers.

use anyhow::{Context, Result, anyhow};
use argon2::{Argon2, PasswordHasher, PasswordVerifier};

pub async fn hash(password: String) -> Result<String> {
    tokio::task::spawn_blocking(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|h| h.to_string())
            .map_err(|e| anyhow!("argon2 hashing failed: {e}"))
    })
    .await
    .context("hashing task failed")?
}

/// Whether `password` matches `hash`. A malformed stored hash counts as a mismatch (and is logged).
pub async fn verify(password: String, hash: String) -> Result<bool> {
    tokio::task::spawn_blocking(move || {
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
    .context("verification task failed")
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
