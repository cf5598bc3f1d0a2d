//! The fields of a member as written: required names, lengths, dates read and checked, the family link
//! in a consistent shape. What needs the database (does the main member exist, is it older) is checked
//! by the store with `family_rules` below.

use super::messages as msg;
use chrono::NaiveDate;
use common::dates;
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

/// A member as sent, checked: `input` is normalised (texts trimmed, dates in ISO 8601, the family link in
/// one shape, ids of 0 read as none) and is what the store writes; the rest is what the rules read from it.
#[derive(Debug, Clone)]
pub struct MemberDraft {
    pub input: pb::MemberInput,
    /// 0 to create.
    pub id: i64,
    pub link: Link,
    pub birth_date: Option<NaiveDate>,
    /// A synchronised record's own uuid.
    pub uuid: Option<uuid::Uuid>,
    /// An identity number sent with the record (a synchronised one); made by the store otherwise.
    pub id_number: Option<String>,
}

/// The longest text a field without a rule of its own takes.
const TEXT_MAX: usize = 200;

/// A date as the REST contract reads it (`AAAA-MM-JJ`, `JJ/MM/AAAA` or a timestamp); empty is none.
fn date(f: &mut Faults, field: &str, value: Option<&str>) -> Option<NaiveDate> {
    dates::parse(value.unwrap_or("")).unwrap_or_else(|dates::NotADate| {
        f.add(field, msg::NOT_A_DATE);
        None
    })
}

fn iso(date: Option<NaiveDate>) -> Option<String> {
    date.map(|d| d.format("%Y-%m-%d").to_string())
}

/// Every text field of the input, trimmed and at most `TEXT_MAX` characters: the rule of a plain text
/// field, so that a new one needs none of its own. The fields with their own rule are checked after.
fn plain_texts(f: &mut Faults, m: &pb::MemberInput) -> pb::MemberInput {
    let serde_json::Value::Object(mut fields) = serde_json::to_value(m).unwrap_or_default() else {
        return m.clone();
    };
    for (name, value) in fields.iter_mut() {
        if let serde_json::Value::String(text) = value {
            *text = f.text(name, text, TEXT_MAX);
        }
    }
    serde_json::from_value(serde_json::Value::Object(fields)).unwrap_or_else(|_| m.clone())
}

/// Checks the fields of `m` as sent; `today` is the caller's date (for "not in the future").
pub fn check(m: &pb::MemberInput, today: NaiveDate) -> Result<MemberDraft, ServiceError> {
    let mut f = Faults::new();
    let mut input = plain_texts(&mut f, m);
    let id = m.member_id.filter(|id| *id > 0).unwrap_or(0);
    input.member_id = (id > 0).then_some(id);
    input.member_firstname =
        f.required("member_firstname", &m.member_firstname, 100, msg::FIRSTNAME_REQUIRED);
    input.member_lastname =
        f.required("member_lastname", &m.member_lastname, 100, msg::LASTNAME_REQUIRED);
    input.member_gender = m.member_gender.trim().to_uppercase();
    if !matches!(input.member_gender.as_str(), "" | "M" | "F") {
        f.add("member_gender", msg::GENDER);
    }
    input.member_address = f.text("member_address", &m.member_address, 500);
    input.member_contact = f.text("member_contact", &m.member_contact, 100);

    let birth_date = date(&mut f, "member_birthDate", m.member_birth_date.as_deref());
    if let Some(birth) = birth_date {
        if birth > today {
            f.add("member_birthDate", msg::BIRTH_IN_FUTURE);
        } else if birth < NaiveDate::from_ymd_opt(1900, 1, 1).expect("a date") {
            f.add("member_birthDate", msg::BIRTH_TOO_OLD);
        }
    }
    input.member_birth_date = iso(birth_date);
    let membership_start_date =
        date(&mut f, "member_membershipStartDate", m.member_membership_start_date.as_deref());
    if let Some(start) = membership_start_date {
        if start > today {
            f.add("member_membershipStartDate", msg::MEMBERSHIP_IN_FUTURE);
        } else if birth_date.is_some_and(|birth| start < birth) {
            f.add("member_membershipStartDate", msg::MEMBERSHIP_BEFORE_BIRTH);
        }
    }
    input.member_membership_start_date = iso(membership_start_date);

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
        && main == id
    {
        f.add("member_mainMemberId", msg::OWN_DEPENDANT);
    }
    let link = link.unwrap_or(Link::Main);
    input.member_is_main_account = link == Link::Main;
    input.member_is_spouse = matches!(link, Link::Spouse(_));
    input.member_is_child = matches!(link, Link::Child(_));
    input.member_main_member_id = link.main_member_id();

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
    if let Some(n) = m.household_size
        && !(0..=1000).contains(&n)
    {
        f.add("householdSize", msg::HOUSEHOLD_SIZE);
    }
    input.member_locality_id = m.member_locality_id.filter(|id| *id > 0);
    input.member_cooperative_id = m.member_cooperative_id.filter(|id| *id > 0);

    f.finish_with(MemberDraft { input, id, link, birth_date, uuid, id_number })
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

    fn member() -> pb::MemberInput {
        pb::MemberInput {
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
        let e = check(&pb::MemberInput::default(), today()).unwrap_err();
        assert_eq!(field_of(e), vec!["member_firstname", "member_lastname"]);
    }

    #[test]
    fn dates_are_read_and_checked() {
        let m = pb::MemberInput { member_birth_date: Some("12/05/1980".into()), ..member() };
        assert_eq!(check(&m, today()).unwrap().birth_date, NaiveDate::from_ymd_opt(1980, 5, 12));
        let future = pb::MemberInput { member_birth_date: Some("2030-01-01".into()), ..member() };
        assert_eq!(field_of(check(&future, today()).unwrap_err()), vec!["member_birthDate"]);
        let bad =
            pb::MemberInput { member_membership_start_date: Some("31/02/2020".into()), ..member() };
        assert_eq!(field_of(check(&bad, today()).unwrap_err()), vec!["member_membershipStartDate"]);
    }

    #[test]
    fn family_links_have_one_shape() {
        let spouse =
            pb::MemberInput { member_is_spouse: true, member_main_member_id: Some(4), ..member() };
        assert_eq!(check(&spouse, today()).unwrap().link, Link::Spouse(4));
        let orphan = pb::MemberInput { member_is_child: true, ..member() };
        assert_eq!(field_of(check(&orphan, today()).unwrap_err()), vec!["member_mainMemberId"]);
        let main_with_main = pb::MemberInput {
            member_is_main_account: true,
            member_main_member_id: Some(4),
            ..member()
        };
        assert_eq!(
            field_of(check(&main_with_main, today()).unwrap_err()),
            vec!["member_mainMemberId"]
        );
        let both = pb::MemberInput {
            member_is_spouse: true,
            member_is_child: true,
            member_main_member_id: Some(4),
            ..member()
        };
        assert!(check(&both, today()).is_err());
        let own = pb::MemberInput {
            member_id: Some(4),
            member_is_child: true,
            member_main_member_id: Some(4),
            ..member()
        };
        assert_eq!(field_of(check(&own, today()).unwrap_err()), vec!["member_mainMemberId"]);
    }

    #[test]
    fn a_child_is_younger_than_its_main_member() {
        let child = pb::MemberInput {
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
