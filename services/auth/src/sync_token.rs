//! A field instance's credential: the sync token of a login of role `sync` (docs/api.md, "Pairing a
//! field instance"). `sst_<key>_<secret>`: the key (64 random bits, kept in clear in
//! `login_sync_token`) finds the login, so a laptop needs only the token; the secret (256 random bits)
//! is kept only inside the argon2id hash of the whole token, in the login's password hash, so one check
//! serves passwords and tokens alike.

const PREFIX: &str = "sst_";
/// A password hash no text matches: a revoked token's place.
pub const REVOKED_HASH: &str = "!revoked";

/// A fresh token.
pub fn make() -> String {
    format!(
        "{PREFIX}{:016x}_{:032x}{:032x}",
        rand::random::<u64>(),
        rand::random::<u128>(),
        rand::random::<u128>()
    )
}

/// The token's key (`sst_<key>`), which finds its login and which lists show; `None` when the text
/// does not have the shape of a sync token.
pub fn key_of(token: &str) -> Option<&str> {
    let token = token.trim();
    let (key, secret) = token.rsplit_once('_')?;
    let hex = |s: &str, len: usize| s.len() == len && s.bytes().all(|b| b.is_ascii_hexdigit());
    let well_formed = key.strip_prefix(PREFIX).is_some_and(|k| hex(k, 16)) && hex(secret, 64);
    well_formed.then_some(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_carries_the_key_that_finds_its_login() {
        let token = make();
        let key = key_of(&token).expect("a token has a key");
        assert!(key.starts_with("sst_") && key.len() == 20, "{key}");
        assert!(token.starts_with(key) && token.len() == 20 + 1 + 64);
        assert_ne!(key_of(&make()), Some(key), "each token is new");
    }

    #[test]
    fn anything_else_is_not_a_sync_token() {
        for text in ["", "sst_", "sst_42", "sst_x_00", "password-1234", "sst_0123456789abcdef_abc"]
        {
            assert_eq!(key_of(text), None, "{text}");
        }
        assert_eq!(key_of(&format!("sst_0123456789abcdef_{}", "g".repeat(64))), None);
        assert!(key_of(&format!("sst_0123456789abcdef_{}", "0".repeat(64))).is_some());
    }
}
