//! Sessions this gateway checked a moment ago. A token's signature and expiry are checked here, with the
//! auth service's public keys (no call); whether its session is still open (not signed out, its login
//! neither deleted nor changed) is asked of the auth service once, then kept for `ttl`. A session ended
//! through this gateway (sign-out, a login changed or deleted) is forgotten at once; one ended elsewhere
//! (another replica, the auth service directly) is forgotten when the auth service's event arrives
//! (`session_events`), and refused here at most `ttl` later if that event was missed.

use common::identity::{Claims, Verifier};
use proto::auth::Session;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Sessions kept at most; beyond, the stale ones are dropped first, then all (they are asked again).
const MOST_KEPT: usize = 100_000;

pub struct SessionCache {
    verifier: Verifier,
    ttl: Duration,
    kept: Mutex<HashMap<String, Kept>>,
}

struct Kept {
    session: Session,
    checked: Instant,
}

impl SessionCache {
    pub fn new(verifier: Verifier, ttl: Duration) -> Self {
        SessionCache { verifier, ttl, kept: Mutex::new(HashMap::new()) }
    }

    /// The claims of a token signed by a known key and not expired; `None` when the keys are not known
    /// yet (at start-up: the auth service then checks the token) or the token does not check.
    pub fn verify(&self, token: &str) -> Option<Claims> {
        self.verifier.verify(token)
    }

    /// Whether the public keys are known (tokens can be checked here).
    pub fn ready(&self) -> bool {
        self.verifier.has_keys()
    }

    /// The session of `sid` as checked less than `ttl` ago.
    pub fn get(&self, sid: &str) -> Option<Session> {
        let kept = self.kept.lock().expect("sessions lock");
        kept.get(sid).filter(|k| k.checked.elapsed() < self.ttl).map(|k| k.session.clone())
    }

    pub fn keep(&self, sid: &str, session: Session) {
        if self.ttl.is_zero() {
            return;
        }
        let mut kept = self.kept.lock().expect("sessions lock");
        if kept.len() >= MOST_KEPT {
            kept.retain(|_, k| k.checked.elapsed() < self.ttl);
            if kept.len() >= MOST_KEPT {
                kept.clear();
            }
        }
        kept.insert(sid.to_string(), Kept { session, checked: Instant::now() });
    }

    /// Forgets a session that ended (sign-out).
    pub fn forget_session(&self, sid: &str) {
        self.kept.lock().expect("sessions lock").remove(sid);
    }

    /// Forgets every session of a login that changed or was deleted.
    pub fn forget_login(&self, login_id: i64) {
        self.kept.lock().expect("sessions lock").retain(|_, k| k.session.login_id != login_id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(login_id: i64) -> Session {
        Session { login_id, login_name: "awa".into(), role: "agent".into() }
    }

    #[test]
    fn a_session_is_kept_for_its_time_and_forgotten_when_it_ends() {
        let cache = SessionCache::new(Verifier::default(), Duration::from_secs(60));
        cache.keep("s1", session(1));
        cache.keep("s2", session(1));
        cache.keep("s3", session(2));
        assert_eq!(cache.get("s1").map(|s| s.login_id), Some(1));
        cache.forget_session("s1");
        assert!(cache.get("s1").is_none());
        cache.forget_login(1);
        assert!(cache.get("s2").is_none());
        assert!(cache.get("s3").is_some());
        let stale = SessionCache::new(Verifier::default(), Duration::ZERO);
        stale.keep("s1", session(1));
        assert!(stale.get("s1").is_none(), "no time, no keeping");
    }
}
