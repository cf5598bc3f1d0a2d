//! Password hashing with argon2id (the crate's defaults follow OWASP: 19 MiB, 2 passes). Hashing is slow
//! on purpose, so it runs on the blocking pool and never stalls the async workers, and at most one hash
//! a core runs at a time: a flood of sign-ins waits its turn (or gets a French 503) instead of taking
//! 19 MiB each at once. Only the sign-ins of logins that exist come here: an unknown one is answered
//! after `CheckTime::pretend`, which spends no core.

use anyhow::{Context, Result, anyhow};
use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use common::error::ServiceError;
use std::collections::VecDeque;
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};
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

/// How many of the last checks the estimate of `CheckTime` follows.
const RECENT_CHECKS: usize = 15;

/// How long a real password check takes here, as the last ones took: an unknown login (or sync key) is
/// answered after as long, asleep, without hashing.
///
/// Why no timing oracle opens: a caller can time only the whole answer. A wrong password for a login
/// that exists is answered after the throttle, the lookup and `verify` (its wait for a core, then the
/// hash); an unknown login after the same throttle and lookup, then `pretend`: a sleep as long as the
/// median of the last real checks (their waits included, so it follows the load), give or take 10 %
/// drawn at random. Both come after the same time, give or take the checks' own spread, which the
/// jitter covers; averaging many tries to find what is left is what the throttle stops (5 failures a
/// name and address, then hold-offs that double). Only where the time goes differs: a sleep holds no
/// core and no memory, so unknown names, however many, never queue ahead of real users. What a caller
/// could still tell is a 503 after 5 s, which only a flood of guesses at names that exist can cause (an
/// unknown name never gets one) and which costs the guesser 5 failures an address.
pub struct CheckTime {
    recent: Mutex<VecDeque<Duration>>,
}

impl CheckTime {
    /// Starting from one measured check: the verification of a random text against the hash of another
    /// (made here, once, as the service builds).
    pub async fn measured() -> Result<CheckTime, ServiceError> {
        let hash = hash(format!("{:x}", rand::random::<u128>())).await?;
        let began = Instant::now();
        verify(format!("{:x}", rand::random::<u128>()), hash).await?;
        Ok(CheckTime::starting_at(began.elapsed()))
    }

    pub fn starting_at(check: Duration) -> CheckTime {
        CheckTime { recent: Mutex::new(VecDeque::from([check])) }
    }

    /// Counts a real check that took `took` (from asking for a core to the answer).
    pub fn record(&self, took: Duration) {
        let mut recent = self.recent.lock().unwrap_or_else(|e| e.into_inner());
        if recent.len() == RECENT_CHECKS {
            recent.pop_front();
        }
        recent.push_back(took);
    }

    /// The median of the last checks: one slow check (a pause of the machine) does not move it.
    pub fn estimate(&self) -> Duration {
        let mut recent: Vec<Duration> =
            self.recent.lock().unwrap_or_else(|e| e.into_inner()).iter().copied().collect();
        recent.sort_unstable();
        recent[recent.len() / 2]
    }

    /// How long to pretend: the estimate, give or take 10 %.
    pub fn delay(&self) -> Duration {
        self.estimate().mul_f64(0.9 + 0.2 * rand::random::<f64>())
    }

    /// Takes as long as a check, without a core (see the type).
    pub async fn pretend(&self) {
        tokio::time::sleep(self.delay()).await;
    }
}

/// Every core's turn to hash, held: while it is, no hash starts.
#[cfg(test)]
pub(crate) async fn hold_every_core() -> SemaphorePermit<'static> {
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get()) as u32;
    HASHING.acquire_many(cores).await.expect("the semaphore is never closed")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_is_argon2id_and_verifies_only_its_password() {
        let hash = super::hash("secret-1".into()).await.unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(super::verify("secret-1".into(), hash.clone()).await.unwrap());
        assert!(!super::verify("secret-2".into(), hash).await.unwrap());
    }

    #[tokio::test]
    async fn the_time_of_a_check_is_measured_at_start() {
        let time = CheckTime::measured().await.unwrap();
        assert!(time.estimate() > Duration::ZERO);
    }

    #[test]
    fn the_estimate_follows_the_last_checks_not_one_slow_one() {
        let ms = Duration::from_millis;
        let time = CheckTime::starting_at(ms(40));
        assert_eq!(time.estimate(), ms(40));
        for _ in 0..RECENT_CHECKS {
            time.record(ms(100));
        }
        time.record(ms(5_000));
        assert_eq!(time.estimate(), ms(100), "the start and one slow check are outweighed");
        for _ in 0..1000 {
            let delay = time.delay();
            assert!(ms(90) <= delay && delay <= ms(110), "{delay:?}");
        }
    }

    #[tokio::test]
    async fn pretending_needs_no_core() {
        let time = CheckTime::starting_at(Duration::from_millis(20));
        let _every_core = hold_every_core().await;
        let began = Instant::now();
        tokio::time::timeout(Duration::from_secs(2), time.pretend())
            .await
            .expect("no wait for a core");
        assert!(began.elapsed() >= Duration::from_millis(18));
    }
}
