//! Session tokens: JWTs signed with the auth service's Ed25519 key (EdDSA), with a short life. Only this
//! service holds the private key; the gateway and every service verify with the public key
//! (`common::identity::Verifier`) and cannot mint a token. A token names its key (`kid`), its login and
//! the login's `token_version`; changing the password bumps the version, so every older token stops
//! working.

use common::identity::{Claims, Verifier, key_id};
use ed25519_dalek::SigningKey;
use ed25519_dalek::pkcs8::{DecodePrivateKey, EncodePrivateKey};
use jsonwebtoken::{Algorithm, EncodingKey, Header, encode};
use std::time::Duration;

#[derive(Clone)]
pub struct TokenIssuer {
    encoding: EncodingKey,
    kid: String,
    public_key: [u8; 32],
    verifier: Verifier,
    pub ttl: Duration,
}

impl TokenIssuer {
    /// An issuer of the Ed25519 key whose 32-byte seed is `seed`.
    pub fn from_seed(seed: &[u8; 32], ttl: Duration) -> anyhow::Result<Self> {
        Self::of(SigningKey::from_bytes(seed), ttl)
    }

    /// An issuer of an Ed25519 private key in PKCS #8 PEM (`openssl genpkey -algorithm ed25519`).
    pub fn from_pem(pem: &str, ttl: Duration) -> anyhow::Result<Self> {
        let key = SigningKey::from_pkcs8_pem(pem)
            .map_err(|e| anyhow::anyhow!("not an Ed25519 private key in PKCS #8 PEM: {e}"))?;
        Self::of(key, ttl)
    }

    fn of(key: SigningKey, ttl: Duration) -> anyhow::Result<Self> {
        let der = key.to_pkcs8_der().map_err(|e| anyhow::anyhow!("key encoding failed: {e}"))?;
        let public_key = key.verifying_key().to_bytes();
        Ok(TokenIssuer {
            encoding: EncodingKey::from_ed_der(der.as_bytes()),
            kid: key_id(&public_key),
            public_key,
            verifier: Verifier::of_keys([public_key.as_slice()]),
            ttl,
        })
    }

    /// The public key, as other services fetch it, with its id.
    pub fn public_key(&self) -> (String, Vec<u8>) {
        (self.kid.clone(), self.public_key.to_vec())
    }

    /// A verifier of this issuer's tokens (the service's own guard, and the suite's services).
    pub fn verifier(&self) -> Verifier {
        self.verifier.clone()
    }

    pub fn issue(
        &self,
        login_id: i64,
        name: &str,
        role: &str,
        version: i32,
        session: uuid::Uuid,
    ) -> anyhow::Result<String> {
        let now = chrono::Utc::now().timestamp();
        let claims = Claims {
            sub: login_id.to_string(),
            name: name.to_string(),
            role: role.to_string(),
            ver: version,
            sid: session.to_string(),
            iat: now,
            exp: now + self.ttl.as_secs() as i64,
        };
        let mut header = Header::new(Algorithm::EdDSA);
        header.kid = Some(self.kid.clone());
        Ok(encode(&header, &claims, &self.encoding)?)
    }

    /// The claims of a well-signed, unexpired token; `None` otherwise.
    pub fn check(&self, token: &str) -> Option<Claims> {
        self.verifier.verify(token)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn issuer(seed: u8, ttl: u64) -> TokenIssuer {
        TokenIssuer::from_seed(&[seed; 32], Duration::from_secs(ttl)).unwrap()
    }

    #[test]
    fn a_token_checks_only_with_its_key() {
        let issuer_a = issuer(1, 60);
        let token = issuer_a.issue(7, "awa", "admin", 2, uuid::Uuid::nil()).unwrap();
        let claims = issuer_a.check(&token).unwrap();
        assert_eq!((claims.sub.as_str(), claims.ver), ("7", 2));
        assert!(issuer(2, 60).check(&token).is_none());
        assert!(issuer_a.check("not.a.token").is_none());
    }

    #[test]
    fn a_public_key_verifies_but_an_hs256_token_made_with_it_is_refused() {
        let issuer_a = issuer(1, 60);
        let (_, public) = issuer_a.public_key();
        let verifier = Verifier::of_keys([public.as_slice()]);
        let token = issuer_a.issue(7, "awa", "admin", 2, uuid::Uuid::nil()).unwrap();
        assert_eq!(verifier.identity(&token).unwrap().login_id, 7);
        // Whoever knows the public key cannot use it as an HMAC secret to mint a token.
        let mut header = Header::new(Algorithm::HS256);
        header.kid = Some(issuer_a.public_key().0);
        let claims = verifier.verify(&token).unwrap();
        let forged = encode(&header, &claims, &EncodingKey::from_secret(&public)).unwrap();
        assert!(verifier.verify(&forged).is_none());
    }

    #[test]
    fn an_expired_token_is_refused() {
        let issuer_a = issuer(1, 0);
        let token = issuer_a.issue(7, "awa", "admin", 0, uuid::Uuid::nil()).unwrap();
        std::thread::sleep(Duration::from_millis(1100));
        assert!(issuer_a.check(&token).is_none());
    }

    #[test]
    fn a_token_checked_once_is_refused_when_it_expires_though_its_check_is_kept() {
        // Two seconds: a token's times are whole seconds, so one made late in a second lives at least one.
        let issuer_a = issuer(1, 2);
        let (_, public) = issuer_a.public_key();
        let verifier = Verifier::of_keys([public.as_slice()]);
        let token = issuer_a.issue(7, "awa", "admin", 0, uuid::Uuid::nil()).unwrap();
        assert!(verifier.verify(&token).is_some());
        assert!(verifier.verify(&token).is_some(), "checked again from the kept check");
        std::thread::sleep(Duration::from_millis(3100));
        assert!(verifier.verify(&token).is_none());
        // Another token of other bytes is not taken for the kept one.
        let mut other = token.clone();
        other.push('x');
        assert!(verifier.verify(&other).is_none());
    }

    #[test]
    fn a_pem_key_signs() {
        let pem =
            SigningKey::from_bytes(&[3; 32]).to_pkcs8_pem(Default::default()).unwrap().to_string();
        let from_pem = TokenIssuer::from_pem(&pem, Duration::from_secs(60)).unwrap();
        assert_eq!(from_pem.public_key(), issuer(3, 60).public_key());
    }
}
