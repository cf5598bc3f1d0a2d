//! The four levels described once: their tables, list queries, sort fields, children and wording. The
//! store runs the same code for every level from these descriptions.

use super::messages as msg;
use common::validation::Faults;

pub struct Children {
    pub table: &'static str,
    pub parent_column: &'static str,
    pub singular: &'static str,
    pub plural: &'static str,
}

/// A level's parent: which level, the column that holds its id, and the field that names it in a save.
pub struct Parent {
    pub level: &'static Level,
    /// `department_region_id`
    pub column: &'static str,
    /// `department_regionId`
    pub field: &'static str,
}

pub struct Level {
    /// Name in events and field names (`region`).
    pub entity: &'static str,
    /// "Région" in "Région n° 4 introuvable."
    pub label: &'static str,
    /// "de région" in "Le code de région « X » est déjà utilisé."
    pub code_label: &'static str,
    /// "Cette région" in "Cette région contient 3 départements".
    pub phrase: &'static str,
    pub table: &'static str,
    /// The table's alias in every query (`r`).
    pub alias: &'static str,
    /// The id column, unqualified (`region_id`).
    pub id: &'static str,
    /// The code column, when the level has a code (a locality has none: its name is unique within its
    /// sub-prefecture, compared by `name_key`).
    pub code_column: Option<&'static str>,
    pub name_column: &'static str,
    pub parent: Option<Parent>,
    /// The level's own columns in an answer, qualified by the alias, in the order of its row type.
    pub columns: &'static str,
    /// The parents' columns in an answer (each preceded by a comma), and the joins that bring them.
    pub parent_columns: &'static str,
    pub parent_joins: &'static str,
    pub search_column: &'static str,
    /// Public sort fields and their columns (all NOT NULL); the first is the default order.
    pub sort: &'static [(&'static str, &'static str)],
    pub children: Option<Children>,
}

impl Level {
    /// `r.region_id`
    pub fn id_column(&self) -> String {
        format!("{}.{}", self.alias, self.id)
    }

    /// The rows of a get or a list, with the names of the parent levels.
    pub fn select(&self) -> String {
        format!(
            "SELECT {}{} FROM {} {} {}",
            self.columns, self.parent_columns, self.table, self.alias, self.parent_joins
        )
    }

    /// The column compared to a list's `parent_id` (a constant 0 when the level has no parent).
    pub fn parent_filter_column(&self) -> String {
        self.parent
            .as_ref()
            .map_or_else(|| "0".to_string(), |p| format!("{}.{}", self.alias, p.column))
    }

    /// Whether `column` is one of the level's own columns (so a page can be found on its table alone).
    pub fn owns(&self, column: &str) -> bool {
        column.strip_prefix(self.alias).is_some_and(|rest| rest.starts_with('.'))
    }
}

pub const REGION: Level = Level {
    entity: "region",
    label: "Région",
    code_label: "de région",
    phrase: "Cette région",
    table: "geography.region",
    alias: "r",
    id: "region_id",
    code_column: Some("region_code"),
    name_column: "region_name",
    parent: None,
    columns: "r.region_id, r.region_code, r.region_name",
    parent_columns: "",
    parent_joins: "",
    search_column: "r.search",
    sort: &[
        ("region_name", "r.region_name"),
        ("region_code", "r.region_code"),
        ("region_id", "r.region_id"),
    ],
    children: Some(Children {
        table: "geography.department",
        parent_column: "department_region_id",
        singular: "département",
        plural: "départements",
    }),
};

pub const DEPARTMENT: Level = Level {
    entity: "department",
    label: "Département",
    code_label: "de département",
    phrase: "Ce département",
    table: "geography.department",
    alias: "d",
    id: "department_id",
    code_column: Some("department_code"),
    name_column: "department_name",
    parent: Some(Parent {
        level: &REGION,
        column: "department_region_id",
        field: "department_regionId",
    }),
    columns: "d.department_id, d.department_code, d.department_name, d.department_region_id",
    parent_columns: ", r.region_name",
    parent_joins: "JOIN geography.region r ON r.region_id = d.department_region_id",
    search_column: "d.search",
    sort: &[
        ("department_name", "d.department_name"),
        ("department_code", "d.department_code"),
        ("department_id", "d.department_id"),
        ("region_name", "r.region_name"),
    ],
    children: Some(Children {
        table: "geography.subprefecture",
        parent_column: "subprefecture_department_id",
        singular: "sous-préfecture",
        plural: "sous-préfectures",
    }),
};

pub const SUBPREFECTURE: Level = Level {
    entity: "subprefecture",
    label: "Sous-préfecture",
    code_label: "de sous-préfecture",
    phrase: "Cette sous-préfecture",
    table: "geography.subprefecture",
    alias: "s",
    id: "subprefecture_id",
    code_column: Some("subprefecture_code"),
    name_column: "subprefecture_name",
    parent: Some(Parent {
        level: &DEPARTMENT,
        column: "subprefecture_department_id",
        field: "subprefecture_departmentId",
    }),
    columns: "s.subprefecture_id, s.subprefecture_code, s.subprefecture_name, s.subprefecture_department_id",
    parent_columns: ", d.department_name, r.region_id, r.region_name",
    parent_joins: "JOIN geography.department d ON d.department_id = s.subprefecture_department_id
                   JOIN geography.region r ON r.region_id = d.department_region_id",
    search_column: "s.search",
    sort: &[
        ("subprefecture_name", "s.subprefecture_name"),
        ("subprefecture_code", "s.subprefecture_code"),
        ("subprefecture_id", "s.subprefecture_id"),
        ("department_name", "d.department_name"),
        ("region_name", "r.region_name"),
    ],
    children: Some(Children {
        table: "geography.locality",
        parent_column: "locality_subprefecture_id",
        singular: "localité",
        plural: "localités",
    }),
};

pub const LOCALITY: Level = Level {
    entity: "locality",
    label: "Localité",
    code_label: "de localité",
    phrase: "Cette localité",
    table: "geography.locality",
    alias: "l",
    id: "locality_id",
    code_column: None,
    name_column: "locality_name",
    parent: Some(Parent {
        level: &SUBPREFECTURE,
        column: "locality_subprefecture_id",
        field: "locality_subprefectureId",
    }),
    // The name index covers these three, so a page sorted by name is read from the index alone.
    columns: "l.locality_id, l.locality_name, l.locality_subprefecture_id",
    parent_columns: ", s.subprefecture_name, d.department_id, d.department_name, r.region_id AS locality_region_id, r.region_name",
    parent_joins:
        "JOIN geography.subprefecture s ON s.subprefecture_id = l.locality_subprefecture_id
                   JOIN geography.department d ON d.department_id = s.subprefecture_department_id
                   JOIN geography.region r ON r.region_id = d.department_region_id",
    search_column: "l.search",
    sort: &[
        ("locality_name", "l.locality_name"),
        ("locality_id", "l.locality_id"),
        ("subprefecture_name", "s.subprefecture_name"),
        ("department_name", "d.department_name"),
        ("region_name", "r.region_name"),
    ],
    children: None,
};

/// A level's required text: present, and not longer than `max` characters (a code's limit is 50, and
/// its message says so). Answers it trimmed.
pub fn required_text(
    faults: &mut Faults,
    field: &str,
    value: &str,
    missing: &str,
    max: usize,
) -> String {
    if value.trim().is_empty() {
        faults.add(field, missing);
        return String::new();
    }
    faults.text_or(field, value, max, if max <= 50 { msg::CODE_TOO_LONG } else { msg::TOO_LONG })
}
