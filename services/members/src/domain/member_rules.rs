//! The fields of a member as written: required names, lengths, dates read and checked, the family link
//! in a consistent shape. What needs the database (does the main member exist, is it older) is checked
//! by the store with `family_rules` below.

use super::{dates, messages as msg};
use chrono::NaiveDate;
use common::error::ServiceError;
use common::validation::Faults;
use proto::members as pb;

/// The family link of a member.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Link {
    Main,
    Spouse(i64),
    Child(i64),
}

impl Link {
    pub fn main_member_id(self) -> Option<i64> {
        match self {
            Link::Main => None,
            Link::Spouse(id) | Link::Child(id) => Some(id),
        }
    }
}

/// A member's editable fields, checked. Server-set fields (uuid aside, when a synchronised record brings
/// its own) are not here.
#[derive(Debug, Clone)]
pub struct MemberDraft {
    pub id: i64,
    pub uuid: Option<uuid::Uuid>,
    pub id_number: Option<String>,
    pub firstname: String,
    pub lastname: String,
    pub gender: String,
    pub birth_date: Option<NaiveDate>,
    pub birth_location: String,
    pub city: String,
    pub address: String,
    pub district: String,
    pub contact: String,
    pub locality_id: Option<i64>,
    pub membership_start_date: Option<NaiveDate>,
    pub link: Link,
    pub cooperative_id: Option<i64>,
    pub photo_checked: bool,
    pub can_write: bool,
    pub contact_urgency: String,
    pub education_level: String,
    pub ethnicity: String,
    pub household_status: String,
    pub household_size: Option<i32>,
    pub identity_document_number: String,
    pub identity_document_type: String,
    pub marital_status: String,
    pub nationality: String,
    pub occupation: String,
    pub other_nationality: String,
    pub other_occupation: String,
}

/// A date as the REST contract reads it (`AAAA-MM-JJ`, `JJ/MM/AAAA` or a timestamp); empty is none.
fn date(f: &mut Faults, field: &str, value: Option<&str>) -> Option<NaiveDate> {
    dates::parse(value.unwrap_or("")).unwrap_or_else(|dates::NotADate| {
        f.add(field, msg::NOT_A_DATE);
        None
    })
}

/// Checks the fields of `m` as sent; `today` is the caller's date (for "not in the future").
pub fn check(m: &pb::Member, today: NaiveDate) -> Result<MemberDraft, ServiceError> {
    let mut f = Faults::new();
    let firstname =
        f.required("member_firstname", &m.member_firstname, 100, msg::FIRSTNAME_REQUIRED);
    let lastname = f.required("member_lastname", &m.member_lastname, 100, msg::LASTNAME_REQUIRED);
    let gender = m.member_gender.trim().to_uppercase();
    if !matches!(gender.as_str(), "" | "M" | "F") {
        f.add("member_gender", msg::GENDER);
    }

    let birth_date = date(&mut f, "member_birthDate", m.member_birth_date.as_deref());
    if let Some(birth) = birth_date {
        if birth > today {
            f.add("member_birthDate", msg::BIRTH_IN_FUTURE);
        } else if birth < NaiveDate::from_ymd_opt(1900, 1, 1).expect("a date") {
            f.add("member_birthDate", msg::BIRTH_TOO_OLD);
        }
    }
    let membership_start_date =
        date(&mut f, "member_membershipStartDate", m.member_membership_start_date.as_deref());
    if let Some(start) = membership_start_date {
        if start > today {
            f.add("member_membershipStartDate", msg::MEMBERSHIP_IN_FUTURE);
        } else if birth_date.is_some_and(|birth| start < birth) {
            f.add("member_membershipStartDate", msg::MEMBERSHIP_BEFORE_BIRTH);
        }
    }

    let link = match (
        m.member_is_main_account,
        m.member_is_spouse,
        m.member_is_child,
        m.member_main_member_id.filter(|id| *id > 0),
    ) {
        // Nothing said: a main member.
        (_, false, false, None) => Some(Link::Main),
        (true, false, false, Some(_)) => {
            f.add("member_mainMemberId", msg::MAIN_HAS_NO_MAIN);
            None
        }
        (false, false, false, Some(_)) => {
            f.add("member_isSpouse", msg::ONE_LINK);
            None
        }
        (false, true, false, Some(main)) => Some(Link::Spouse(main)),
        (false, false, true, Some(main)) => Some(Link::Child(main)),
        (false, true, false, None) | (false, false, true, None) => {
            f.add("member_mainMemberId", msg::DEPENDANT_NEEDS_MAIN);
            None
        }
        _ => {
            f.add("member_isMainAccount", msg::ONE_LINK);
            None
        }
    };
    if let Some(main) = link.and_then(Link::main_member_id)
        && main == m.member_id
    {
        f.add("member_mainMemberId", msg::OWN_DEPENDANT);
    }

    let id_number = Some(m.member_id_number.trim().to_uppercase()).filter(|n| !n.is_empty());
    if let Some(n) = &id_number
        && (n.len() > 50 || !n.chars().all(|c| c.is_ascii_alphanumeric()))
    {
        f.add("member_idNumber", msg::ID_NUMBER_FORMAT);
    }
    let uuid = match m.member_uuid.trim() {
        "" => None,
        text => uuid::Uuid::parse_str(text).map(Some).unwrap_or_else(|_| {
            f.add("member_uuid", msg::UUID_FORMAT);
            None
        }),
    };
    let household_size = m.household_size.and_then(|n| {
        if (0..=1000).contains(&n) {
            Some(n as i32)
        } else {
            f.add("householdSize", msg::HOUSEHOLD_SIZE);
            None
        }
    });

    let draft = MemberDraft {
        id: m.member_id,
        uuid,
        id_number,
        firstname,
        lastname,
        gender,
        birth_date,
        birth_location: f.text("member_birthLocation", &m.member_birth_location, 200),
        city: f.text("member_city", &m.member_city, 200),
        address: f.text("member_address", &m.member_address, 500),
        district: f.text("member_district", &m.member_district, 200),
        contact: f.text("member_contact", &m.member_contact, 100),
        locality_id: m.member_locality_id.filter(|id| *id > 0),
        membership_start_date,
        link: link.unwrap_or(Link::Main),
        cooperative_id: m.member_cooperative_id.filter(|id| *id > 0),
        photo_checked: m.member_photo_checked,
        can_write: m.can_write,
        contact_urgency: f.text("contactUrgency", &m.contact_urgency, 100),
        education_level: f.text("educationLevel", &m.education_level, 100),
        ethnicity: f.text("ethnicity", &m.ethnicity, 100),
        household_status: f.text("householdStatus", &m.household_status, 100),
        household_size,
        identity_document_number: f.text(
            "identityDocumentNumber",
            &m.identity_document_number,
            100,
        ),
        identity_document_type: f.text("identityDocumentType", &m.identity_document_type, 100),
        marital_status: f.text("maritalStatus", &m.marital_status, 100),
        nationality: f.text("nationality", &m.nationality, 100),
        occupation: f.text("occupation", &m.occupation, 100),
        other_nationality: f.text("otherNationality", &m.other_nationality, 100),
        other_occupation: f.text("otherOccupation", &m.other_occupation, 100),
    };
    f.finish_with(draft)
}

/// What the store knows of the main member named by a dependant.
pub struct MainMember {
    pub is_main: bool,
    pub birth_date: Option<NaiveDate>,
}

/// The family rules that need the main member: it exists, it is a main member, and a child is younger.
pub fn check_family(draft: &MemberDraft, main: Option<&MainMember>) -> Result<(), ServiceError> {
    let Some(main_id) = draft.link.main_member_id() else { return Ok(()) };
    let Some(main) = main else {
        return Err(ServiceError::invalid_field(
            "member_mainMemberId",
            msg::main_member_not_found(main_id),
        ));
    };
    if !main.is_main {
        return Err(ServiceError::invalid_field(
            "member_mainMemberId",
            msg::not_a_main_member(main_id),
        ));
    }
    if let (Link::Child(_), Some(child), Some(parent)) =
        (draft.link, draft.birth_date, main.birth_date)
        && child <= parent
    {
        return Err(ServiceError::invalid_field("member_birthDate", msg::CHILD_OLDER_THAN_MAIN));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 23).unwrap()
    }

    fn member() -> pb::Member {
        pb::Member {
            member_firstname: "Awa".into(),
            member_lastname: "Koné".into(),
            ..Default::default()
        }
    }

    fn field_of(e: ServiceError) -> Vec<String> {
        match e {
            ServiceError::Invalid { fields, .. } => fields.into_keys().collect(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_member_without_link_is_a_main_member() {
        assert_eq!(check(&member(), today()).unwrap().link, Link::Main);
    }

    #[test]
    fn names_are_required() {
        let e = check(&pb::Member::default(), today()).unwrap_err();
        assert_eq!(field_of(e), vec!["member_firstname", "member_lastname"]);
    }

    #[test]
    fn dates_are_read_and_checked() {
        let m = pb::Member { member_birth_date: Some("12/05/1980".into()), ..member() };
        assert_eq!(check(&m, today()).unwrap().birth_date, NaiveDate::from_ymd_opt(1980, 5, 12));
        let future = pb::Member { member_birth_date: Some("2030-01-01".into()), ..member() };
        assert_eq!(field_of(check(&future, today()).unwrap_err()), vec!["member_birthDate"]);
        let bad =
            pb::Member { member_membership_start_date: Some("31/02/2020".into()), ..member() };
        assert_eq!(field_of(check(&bad, today()).unwrap_err()), vec!["member_membershipStartDate"]);
    }

    #[test]
    fn family_links_have_one_shape() {
        let spouse =
            pb::Member { member_is_spouse: true, member_main_member_id: Some(4), ..member() };
        assert_eq!(check(&spouse, today()).unwrap().link, Link::Spouse(4));
        let orphan = pb::Member { member_is_child: true, ..member() };
        assert_eq!(field_of(check(&orphan, today()).unwrap_err()), vec!["member_mainMemberId"]);
        let main_with_main =
            pb::Member { member_is_main_account: true, member_main_member_id: Some(4), ..member() };
        assert_eq!(
            field_of(check(&main_with_main, today()).unwrap_err()),
            vec!["member_mainMemberId"]
        );
        let both = pb::Member {
            member_is_spouse: true,
            member_is_child: true,
            member_main_member_id: Some(4),
            ..member()
        };
        assert!(check(&both, today()).is_err());
        let own = pb::Member {
            member_id: 4,
            member_is_child: true,
            member_main_member_id: Some(4),
            ..member()
        };
        assert_eq!(field_of(check(&own, today()).unwrap_err()), vec!["member_mainMemberId"]);
    }

    #[test]
    fn a_child_is_younger_than_its_main_member() {
        let child = pb::Member {
            member_is_child: true,
            member_main_member_id: Some(4),
            member_birth_date: Some("1970-01-01".into()),
            ..member()
        };
        let draft = check(&child, today()).unwrap();
        let parent = MainMember { is_main: true, birth_date: NaiveDate::from_ymd_opt(1980, 1, 1) };
        assert!(check_family(&draft, Some(&parent)).is_err());
        let parent = MainMember { is_main: true, birth_date: NaiveDate::from_ymd_opt(1960, 1, 1) };
        assert!(check_family(&draft, Some(&parent)).is_ok());
        assert!(check_family(&draft, None).is_err());
        assert!(
            check_family(&draft, Some(&MainMember { is_main: false, birth_date: None })).is_err()
        );
    }
}
