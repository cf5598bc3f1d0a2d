//! What a level's record must hold before it is written: its code (regions, departments and
//! sub-prefectures), its name and its parent, each named on its field in French when missing or too long.

use super::levels::required_text;
use super::messages as msg;
use common::error::ServiceError;
use common::text;
use common::validation::Faults;
use proto::geography as pb;

/// A level's record as checked, what the store writes: trimmed texts, the code in capitals (none for a
/// locality), the parent's id (0 for a region); `id` 0 creates.
#[derive(Debug, PartialEq)]
pub struct Checked {
    pub id: i64,
    pub code: String,
    pub name: String,
    pub parent_id: i64,
}

/// What one level asks of its record: its fields' names and the messages of those missing.
struct Asks<'a> {
    code: Option<(&'a str, &'a str, &'static str)>,
    name: (&'a str, &'a str, &'static str),
    parent: Option<(&'a str, i64, &'static str)>,
}

fn check(id: Option<i64>, asks: Asks) -> Result<Checked, ServiceError> {
    let mut faults = Faults::new();
    let code = asks
        .code
        .map(|(field, value, missing)| {
            text::code(&required_text(&mut faults, field, value, missing, 50))
        })
        .unwrap_or_default();
    let (field, value, missing) = asks.name;
    let name = required_text(&mut faults, field, value, missing, 200);
    let parent_id =
        asks.parent.map(|(field, id, missing)| faults.reference(field, id, missing)).unwrap_or(0);
    faults.finish()?;
    Ok(Checked { id: id.unwrap_or(0), code, name, parent_id })
}

pub fn region(r: &pb::Region) -> Result<Checked, ServiceError> {
    check(
        r.region_id,
        Asks {
            code: Some(("region_code", &r.region_code, msg::REGION_CODE_MISSING)),
            name: ("region_name", &r.region_name, msg::REGION_NAME_MISSING),
            parent: None,
        },
    )
}

pub fn department(d: &pb::DepartmentInput) -> Result<Checked, ServiceError> {
    check(
        d.department_id,
        Asks {
            code: Some(("department_code", &d.department_code, msg::DEPARTMENT_CODE_MISSING)),
            name: ("department_name", &d.department_name, msg::DEPARTMENT_NAME_MISSING),
            parent: Some((
                "department_regionId",
                d.department_region_id.unwrap_or(0),
                msg::DEPARTMENT_REGION_MISSING,
            )),
        },
    )
}

pub fn subprefecture(s: &pb::SubprefectureInput) -> Result<Checked, ServiceError> {
    check(
        s.subprefecture_id,
        Asks {
            code: Some((
                "subprefecture_code",
                &s.subprefecture_code,
                msg::SUBPREFECTURE_CODE_MISSING,
            )),
            name: ("subprefecture_name", &s.subprefecture_name, msg::SUBPREFECTURE_NAME_MISSING),
            parent: Some((
                "subprefecture_departmentId",
                s.subprefecture_department_id.unwrap_or(0),
                msg::SUBPREFECTURE_DEPARTMENT_MISSING,
            )),
        },
    )
}

pub fn locality(l: &pb::LocalityInput) -> Result<Checked, ServiceError> {
    check(
        l.locality_id,
        Asks {
            code: None,
            name: ("locality_name", &l.locality_name, msg::LOCALITY_NAME_MISSING),
            parent: Some((
                "locality_subprefectureId",
                l.locality_subprefecture_id.unwrap_or(0),
                msg::LOCALITY_SUBPREFECTURE_MISSING,
            )),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(e: ServiceError) -> Vec<(String, String)> {
        match e {
            ServiceError::Invalid { fields, .. } => fields.into_iter().collect(),
            other => panic!("not a refusal: {other:?}"),
        }
    }

    #[test]
    fn a_region_is_trimmed_and_its_code_in_capitals() {
        let r = pb::Region {
            region_id: Some(4),
            region_code: " ab-1 ".into(),
            region_name: "  Poro ".into(),
        };
        assert_eq!(
            region(&r).unwrap(),
            Checked { id: 4, code: "AB-1".into(), name: "Poro".into(), parent_id: 0 }
        );
    }

    #[test]
    fn every_missing_field_is_named_in_french() {
        let refused = fields(department(&pb::DepartmentInput::default()).unwrap_err());
        let names: Vec<&str> = refused.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(names, ["department_code", "department_name", "department_regionId"]);
        assert!(refused.iter().any(|(_, m)| m == msg::DEPARTMENT_REGION_MISSING));
        let refused = fields(locality(&pb::LocalityInput::default()).unwrap_err());
        assert_eq!(refused.len(), 2, "a locality has no code: {refused:?}");
    }
}
