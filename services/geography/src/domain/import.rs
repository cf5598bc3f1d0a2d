//! Checks an import before it touches the database: every row complete, codes and names within bounds,
//! and the file consistent with itself (a department code under one region only, a sub-prefecture code
//! under one department only). The rows come out as columns, ready to be sent in one query.

use super::messages as msg;
use common::text;
use proto::geography::ImportRow;
use std::collections::HashMap;
use std::collections::hash_map::Entry;

/// At most this many row errors are reported (the rest would only repeat the lesson).
pub const MAX_REPORTED: usize = 100;

/// A row's problem; `row` counts from 1 in the order the rows were sent.
#[derive(Debug, Clone, PartialEq)]
pub struct RowError {
    pub row: usize,
    pub message: String,
}

/// The checked rows, column by column.
#[derive(Default, Debug)]
pub struct Columns {
    pub row_no: Vec<i32>,
    pub region_code: Vec<String>,
    pub region_name: Vec<String>,
    pub region_search: Vec<String>,
    pub department_code: Vec<String>,
    pub department_name: Vec<String>,
    pub department_search: Vec<String>,
    pub subprefecture_code: Vec<String>,
    pub subprefecture_name: Vec<String>,
    pub subprefecture_search: Vec<String>,
    pub locality_name: Vec<String>,
    pub locality_key: Vec<String>,
    pub locality_search: Vec<String>,
}

pub fn check(rows: &[ImportRow]) -> Result<Columns, Vec<RowError>> {
    let mut errors = Vec::new();
    let mut columns = Columns::default();
    // Code -> (parent code, row that bound it).
    let mut department_region: HashMap<String, (String, usize)> = HashMap::new();
    let mut subprefecture_department: HashMap<String, (String, usize)> = HashMap::new();

    for (index, raw) in rows.iter().enumerate() {
        let row = index + 1;
        let mut fail = |message: String| errors.push(RowError { row, message });
        let fields = [
            (&raw.region_code, "le code de la région", 50),
            (&raw.region_name, "le nom de la région", 200),
            (&raw.department_code, "le code du département", 50),
            (&raw.department_name, "le nom du département", 200),
            (&raw.subprefecture_code, "le code de la sous-préfecture", 50),
            (&raw.subprefecture_name, "le nom de la sous-préfecture", 200),
            (&raw.locality_name, "le nom de la localité", 200),
        ];
        let mut complete = true;
        for (value, what, max) in fields {
            let value = value.trim();
            if value.is_empty() {
                fail(capitalised(&msg::row_missing(what)));
                complete = false;
            } else if value.chars().count() > max {
                fail(format!("{} : {}", capitalised(what), lowercase_first(msg::TOO_LONG)));
                complete = false;
            }
        }
        if !complete {
            continue;
        }
        let region_code = text::code(&raw.region_code);
        let department_code = text::code(&raw.department_code);
        let subprefecture_code = text::code(&raw.subprefecture_code);
        match department_region.entry(department_code.clone()) {
            Entry::Occupied(e) if e.get().0 != region_code => {
                fail(format!(
                    "Le département « {department_code} » est rattaché à la région « {region_code} », mais à « {} » ligne {}.",
                    e.get().0,
                    e.get().1
                ));
                continue;
            }
            Entry::Occupied(_) => {}
            Entry::Vacant(e) => {
                e.insert((region_code.clone(), row));
            }
        }
        match subprefecture_department.entry(subprefecture_code.clone()) {
            Entry::Occupied(e) if e.get().0 != department_code => {
                fail(format!(
                    "La sous-préfecture « {subprefecture_code} » est rattachée au département « {department_code} », mais à « {} » ligne {}.",
                    e.get().0,
                    e.get().1
                ));
                continue;
            }
            Entry::Occupied(_) => {}
            Entry::Vacant(e) => {
                e.insert((department_code.clone(), row));
            }
        }
        let c = &mut columns;
        c.row_no.push(row as i32);
        c.region_search.push(text::search_of(&region_code, &raw.region_name));
        c.region_code.push(region_code);
        c.region_name.push(raw.region_name.trim().to_string());
        c.department_search.push(text::search_of(&department_code, &raw.department_name));
        c.department_code.push(department_code);
        c.department_name.push(raw.department_name.trim().to_string());
        c.subprefecture_search.push(text::search_of(&subprefecture_code, &raw.subprefecture_name));
        c.subprefecture_code.push(subprefecture_code);
        c.subprefecture_name.push(raw.subprefecture_name.trim().to_string());
        c.locality_key.push(text::fold(&raw.locality_name));
        c.locality_search.push(text::fold(&raw.locality_name));
        c.locality_name.push(raw.locality_name.trim().to_string());
    }
    if errors.is_empty() { Ok(columns) } else { Err(errors) }
}

fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map(|f| f.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

fn lowercase_first(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map(|f| f.to_lowercase().chain(chars).collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(region: &str, department: &str, subprefecture: &str, locality: &str) -> ImportRow {
        ImportRow {
            region_code: region.into(),
            region_name: format!("Région {region}"),
            department_code: department.into(),
            department_name: format!("Département {department}"),
            subprefecture_code: subprefecture.into(),
            subprefecture_name: format!("SP {subprefecture}"),
            locality_name: locality.into(),
        }
    }

    #[test]
    fn complete_consistent_rows_pass_as_columns() {
        let columns = check(&[row("hss", "dal", "dal1", "Gboguhé"), row("HSS", "DAL", "DAL1", "Zaïbo")]).unwrap();
        assert_eq!(columns.region_code, ["HSS", "HSS"]);
        assert_eq!(columns.locality_key, ["gboguhe", "zaibo"]);
    }

    #[test]
    fn a_missing_field_names_its_row() {
        let errors = check(&[row("HSS", "DAL", "DAL1", "A"), row("HSS", "", "DAL1", "B")]).unwrap_err();
        assert_eq!(errors, [RowError { row: 2, message: "Le code du département est manquant.".into() }]);
    }

    #[test]
    fn a_department_under_two_regions_is_refused_where_it_changes() {
        let errors = check(&[row("HSS", "DAL", "DAL1", "A"), row("GBK", "DAL", "DAL1", "B")]).unwrap_err();
        assert_eq!(errors[0].row, 2);
        assert!(errors[0].message.contains("« HSS » ligne 1"), "{}", errors[0].message);
    }
}
