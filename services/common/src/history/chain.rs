//! Each entry's hash: SHA-256 over the hash of its record's previous entry and everything the entry says,
//! each part length-prefixed so that no two entries read alike. Changing, removing or reordering an
//! entry breaks the chain from there on (`store::verify`).

use sha2::{Digest, Sha256};

/// What an entry's hash covers, as stored.
pub struct Hashed<'a> {
    pub entity: &'a str,
    pub entity_id: i64,
    pub version: i32,
    /// Microseconds since 1970 (UTC), as the table keeps the moment.
    pub at_micros: i64,
    pub login_id: Option<i64>,
    pub login_name: &'a str,
    pub source: &'a str,
    pub device: Option<&'a str>,
    pub reason: Option<&'a str>,
    /// The changes as stored (`jsonb`, read back as text by the verification).
    pub changes: &'a serde_json::Value,
}

/// The entry's hash, chained to `previous` (none for a record's first entry).
pub fn hash(previous: Option<&[u8]>, entry: &Hashed) -> Vec<u8> {
    let mut digest = Sha256::new();
    let mut part = |bytes: &[u8]| {
        digest.update((bytes.len() as u64).to_be_bytes());
        digest.update(bytes);
    };
    part(previous.unwrap_or_default());
    part(entry.entity.as_bytes());
    part(&entry.entity_id.to_be_bytes());
    part(&entry.version.to_be_bytes());
    part(&entry.at_micros.to_be_bytes());
    part(&entry.login_id.map(i64::to_be_bytes).unwrap_or_default());
    part(entry.login_name.as_bytes());
    part(entry.source.as_bytes());
    part(entry.device.unwrap_or_default().as_bytes());
    part(entry.reason.unwrap_or_default().as_bytes());
    part(canonical(entry.changes).as_bytes());
    digest.finalize().to_vec()
}

/// One text for one value, whatever order its objects' keys come back in from `jsonb`: keys sorted.
fn canonical(value: &serde_json::Value) -> String {
    use serde_json::Value;
    match value {
        Value::Object(fields) => {
            let mut keys: Vec<&String> = fields.keys().collect();
            keys.sort();
            let inner: Vec<String> = keys
                .into_iter()
                .map(|key| format!("{}:{}", Value::from(key.as_str()), canonical(&fields[key])))
                .collect();
            format!("{{{}}}", inner.join(","))
        }
        Value::Array(items) => {
            format!("[{}]", items.iter().map(canonical).collect::<Vec<_>>().join(","))
        }
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(changes: &serde_json::Value) -> Hashed<'_> {
        Hashed {
            entity: "member",
            entity_id: 7,
            version: 2,
            at_micros: 1_765_000_000_000_001,
            login_id: Some(1),
            login_name: "admin",
            source: "screen",
            device: None,
            reason: None,
            changes,
        }
    }

    #[test]
    fn any_part_changed_changes_the_hash() {
        let changes =
            serde_json::json!([{"field": "member_lastname", "old": "Kone", "new": "Koné"}]);
        let first = hash(None, &entry(&changes));
        assert_eq!(first, hash(None, &entry(&changes)), "the same entry, the same hash");
        assert_ne!(first, hash(Some(&[1]), &entry(&changes)), "chained to another entry");
        let other =
            serde_json::json!([{"field": "member_lastname", "old": "Kone", "new": "Kouamé"}]);
        assert_ne!(first, hash(None, &entry(&other)));
        assert_ne!(
            first,
            hash(None, &Hashed { reason: Some("erreur de saisie"), ..entry(&changes) })
        );
        assert_ne!(
            first,
            hash(None, &Hashed { at_micros: 1_765_000_000_000_002, ..entry(&changes) })
        );
    }

    #[test]
    fn the_order_of_an_objects_keys_does_not_count() {
        let a: serde_json::Value =
            serde_json::from_str(r#"{"field":"x","old":1,"new":[{"b":1,"a":2}]}"#).unwrap();
        let b: serde_json::Value =
            serde_json::from_str(r#"{"new":[{"a":2,"b":1}],"old":1,"field":"x"}"#).unwrap();
        assert_eq!(canonical(&a), canonical(&b));
        assert_eq!(canonical(&a), r#"{"field":"x","new":[{"a":2,"b":1}],"old":1}"#);
    }
}
