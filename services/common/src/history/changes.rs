//! What changed between two states of a record: the fields of its message whose values differ, each
//! with its old and new value as the API writes them (JSON names and values). The fields are the
//! message's own (`proto::Fields`, the generic mapping the stores use), so a field added to a message is
//! compared with no edit.

use proto::Fields;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One field's change: its JSON name, its value before and after (`null` where the record did not
/// exist, before a creation or after a deletion).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Change {
    pub field: String,
    pub old: Value,
    pub new: Value,
}

/// The fields of `M` that differ between `old` and `new`; `None` is the record's absence. A creation
/// lists the fields it sets (those not empty), a deletion the fields it had.
pub fn changes<M: Serialize + Fields>(old: Option<&M>, new: Option<&M>) -> Vec<Change> {
    let (old, new) = (json_of(old), json_of(new));
    M::FIELDS
        .iter()
        .filter_map(|(_, field)| {
            let before = old.get(*field).cloned().unwrap_or(Value::Null);
            let after = new.get(*field).cloned().unwrap_or(Value::Null);
            let same = before == after || (is_empty(&before) && is_empty(&after));
            (!same).then(|| Change { field: field.to_string(), old: before, new: after })
        })
        .collect()
}

fn json_of<M: Serialize>(message: Option<&M>) -> serde_json::Map<String, Value> {
    match message.map(serde_json::to_value) {
        Some(Ok(Value::Object(fields))) => fields,
        _ => serde_json::Map::new(),
    }
}

/// A value that says nothing: no value, an empty text, or a message's default (false, 0) where the
/// record did not exist. A creation does not list them, nor a deletion.
fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::String(text) => text.is_empty(),
        Value::Array(items) => items.is_empty(),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proto::geography::Region;

    fn region(name: &str, code: &str) -> Region {
        Region { region_id: Some(4), region_name: name.into(), region_code: code.into() }
    }

    #[test]
    fn only_the_fields_that_differ_with_their_old_and_new_values() {
        let changed = changes(Some(&region("Poro", "PO")), Some(&region("Poro", "PR")));
        assert_eq!(
            changed,
            vec![Change { field: "region_code".into(), old: "PO".into(), new: "PR".into() }]
        );
        assert!(changes(Some(&region("Poro", "PO")), Some(&region("Poro", "PO"))).is_empty());
    }

    #[test]
    fn a_creation_lists_what_it_sets_and_a_deletion_what_it_had() {
        let created = changes(None, Some(&region("Poro", "PO")));
        let fields: Vec<&str> = created.iter().map(|c| c.field.as_str()).collect();
        assert!(fields.contains(&"region_name") && fields.contains(&"region_id"), "{fields:?}");
        assert!(created.iter().all(|c| c.old.is_null()));
        let deleted = changes(Some(&region("Poro", "PO")), None);
        assert_eq!(deleted.len(), created.len());
        assert!(deleted.iter().all(|c| c.new.is_null()));
    }
}
