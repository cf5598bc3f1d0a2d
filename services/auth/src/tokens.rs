//! Session tokens: HS256-signed JWTs with a short life. A token names its login and the login's
//! `token_version`; changing the password bumps the version, so every older token stops working.

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode, encode};
use serde::{Deserialize, Serialize};
use std::time::Duration;

#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The login id.
    pub sub: String,
    pub name: String,
    pub role: String,
    /// The login's token version when the token was issued.
    pub ver: i32,
    pub iat: i64,
    pub exp: i64,
}

#[derive(Clone)]
pub struct TokenIssuer {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    pub ttl: Duration,
}

impl TokenIssuer {
    pub fn new(secret: &[u8], ttl: Duration) -> Self {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        TokenIssuer {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            ttl,
        }
    }

    pub fn issue(
        &self,
        login_id: i64,
        name: &str,
        role: &str,
        version: i32,
    ) -> anyhow::Result<String> {
        let now = chrono::Utc::now().timestamp();
        let claims = Claims {
            sub: login_id.to_string(),
            name: name.to_string(),
            role: role.to_string(),
            ver: version,
            iat: now,
            exp: now + self.ttl.as_secs() as i64,
        };
        Ok(encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)?)
    }

    /// The claims of a well-signed, unexpired token; `None` otherwise (the reason is logged at debug).
    pub fn check(&self, token: &str) -> Option<Claims> {
        match decode::<Claims>(token, &self.decoding, &self.validation) {
            Ok(data) => Some(data.claims),
            Err(e) => {
                tracing::debug!(error = %e, "token refused");
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_checks_only_with_its_key() {
        let issuer = TokenIssuer::new(b"0123456789abcdef0123456789abcdef", Duration::from_secs(60));
        let token = issuer.issue(7, "awa", "admin", 2).unwrap();
        let claims = issuer.check(&token).unwrap();
        assert_eq!((claims.sub.as_str(), claims.ver), ("7", 2));
        let other = TokenIssuer::new(b"another-key-another-key-another!!", Duration::from_secs(60));
        assert!(other.check(&token).is_none());
        assert!(issuer.check("not.a.token").is_none());
    }

    #[test]
    fn an_expired_token_is_refused() {
        let issuer = TokenIssuer::new(b"0123456789abcdef0123456789abcdef", Duration::from_secs(0));
        let token = issuer.issue(7, "awa", "admin", 0).unwrap();
        std::thread::sleep(Duration::from_millis(1100));
        assert!(issuer.check(&token).is_none());
    }
}
