//! Checks an import before it touches the database: every row complete, codes and names within bounds,
//! and the file consistent with itself (a department code under one region only, a sub-prefecture code
//! under one department only). The rows come out as columns, ready to be sent as arrays: each region,
//! department and sub-prefecture once (as its first row has it), every locality row.

use super::messages as msg;
use common::text;
use proto::geography::ImportRow;
use std::collections::hash_map::Entry;
use std::collections::{HashMap, HashSet};

/// How many localities one `geography.locality.imported` event carries: about 100 KB, far below NATS's
/// 1 MB message limit.
pub const LOCALITIES_PER_EVENT: i64 = 1_000;

/// At most this many row errors are reported (the rest would only repeat the lesson).
pub const MAX_REPORTED: usize = 100;

/// A row's problem; `row` counts from 1 in the order the rows were sent.
#[derive(Debug, Clone, PartialEq)]
pub struct RowError {
    pub row: usize,
    pub message: String,
}

/// The distinct regions, departments or sub-prefectures of a file, in the order they first appear,
/// column by column.
#[derive(Default, Debug)]
pub struct LevelColumns {
    /// The row that brought the code first: clashes with the database are reported there.
    pub row_no: Vec<i32>,
    pub code: Vec<String>,
    pub name: Vec<String>,
    pub search: Vec<String>,
    /// The parent's code (empty for a region).
    pub parent_code: Vec<String>,
}

impl LevelColumns {
    fn push(&mut self, row: usize, code: &str, name: &str, parent_code: &str) {
        self.row_no.push(row as i32);
        self.code.push(code.to_string());
        self.name.push(name.trim().to_string());
        self.search.push(text::search_of(code, name));
        self.parent_code.push(parent_code.to_string());
    }
}

/// Every locality row of a file, column by column.
#[derive(Default, Debug)]
pub struct LocalityColumns {
    pub subprefecture_code: Vec<String>,
    pub name: Vec<String>,
    /// The name as compared and searched: lower-cased, without accents.
    pub key: Vec<String>,
}

/// A checked file.
#[derive(Default, Debug)]
pub struct Columns {
    pub regions: LevelColumns,
    pub departments: LevelColumns,
    pub subprefectures: LevelColumns,
    pub localities: LocalityColumns,
}

pub fn check(rows: &[ImportRow]) -> Result<Columns, Vec<RowError>> {
    let mut errors = Vec::new();
    let mut columns = Columns::default();
    // Code -> (parent code, row that bound it).
    let mut department_region: HashMap<String, (String, usize)> = HashMap::new();
    let mut subprefecture_department: HashMap<String, (String, usize)> = HashMap::new();
    let mut regions: HashSet<String> = HashSet::new();

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
                columns.departments.push(row, &department_code, &raw.department_name, &region_code);
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
                columns.subprefectures.push(
                    row,
                    &subprefecture_code,
                    &raw.subprefecture_name,
                    &department_code,
                );
            }
        }
        if regions.insert(region_code.clone()) {
            columns.regions.push(row, &region_code, &raw.region_name, "");
        }
        let localities = &mut columns.localities;
        localities.subprefecture_code.push(subprefecture_code);
        localities.name.push(raw.locality_name.trim().to_string());
        localities.key.push(text::fold(&raw.locality_name));
    }
    if errors.is_empty() { Ok(columns) } else { Err(errors) }
}

pub fn capitalised(s: &str) -> String {
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
        let columns =
            check(&[row("hss", "dal", "dal1", "Gboguhé"), row("HSS", "DAL", "DAL1", "Zaïbo")])
                .unwrap();
        assert_eq!(columns.regions.code, ["HSS"]);
        assert_eq!(columns.departments.parent_code, ["HSS"]);
        assert_eq!(columns.subprefectures.code, ["DAL1"]);
        assert_eq!(columns.subprefectures.parent_code, ["DAL"]);
        assert_eq!(columns.localities.subprefecture_code, ["DAL1", "DAL1"]);
        assert_eq!(columns.localities.key, ["gboguhe", "zaibo"]);
    }

    #[test]
    fn each_level_comes_once_as_its_first_row_names_it() {
        let mut renamed = row("HSS", "DAL", "DAL2", "B");
        renamed.region_name = "Haut-Sassandra".into();
        let columns =
            check(&[row("HSS", "DAL", "DAL1", "A"), renamed, row("GBK", "BKE", "BKE1", "C")])
                .unwrap();
        assert_eq!(columns.regions.code, ["HSS", "GBK"]);
        assert_eq!(columns.regions.name, ["Région HSS", "Région GBK"]);
        assert_eq!(columns.regions.row_no, [1, 3]);
        assert_eq!(columns.subprefectures.code, ["DAL1", "DAL2", "BKE1"]);
        assert_eq!(columns.subprefectures.row_no, [1, 2, 3]);
        assert_eq!(columns.subprefectures.search, ["dal1 sp dal1", "dal2 sp dal2", "bke1 sp bke1"]);
    }

    #[test]
    fn a_missing_field_names_its_row() {
        let errors =
            check(&[row("HSS", "DAL", "DAL1", "A"), row("HSS", "", "DAL1", "B")]).unwrap_err();
        assert_eq!(
            errors,
            [RowError { row: 2, message: "Le code du département est manquant.".into() }]
        );
    }

    #[test]
    fn a_department_under_two_regions_is_refused_where_it_changes() {
        let errors =
            check(&[row("HSS", "DAL", "DAL1", "A"), row("GBK", "DAL", "DAL1", "B")]).unwrap_err();
        assert_eq!(errors[0].row, 2);
        assert!(errors[0].message.contains("« HSS » ligne 1"), "{}", errors[0].message);
    }
}
