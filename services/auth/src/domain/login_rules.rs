//! Checks on login inputs (specification point 5). Every violated rule is reported with its field.

use super::messages as msg;
use common::error::ServiceError;
use common::roles::Role;
use common::validation::Faults;
use std::collections::HashSet;
use std::sync::LazyLock;

const MIN_LEN: usize = 4;
/// A new or changed password's least length (existing logins keep theirs).
pub const MIN_PASSWORD_LEN: usize = 12;
const MAX_NAME_LEN: usize = 100;
const MAX_PASSWORD_LEN: usize = 256;

/// A login's fields as given; `None` means "not given" (allowed only on update).
#[derive(Debug, Default)]
pub struct LoginInput<'a> {
    pub login_name: Option<&'a str>,
    pub password: Option<&'a str>,
    pub role: Option<&'a str>,
    pub provider: Option<&'a str>,
}

/// Checks a login to create: name, password and role are required, but for a `sync` login, whose
/// credential is the token the server makes (a password given for it is not used).
pub fn check_new(input: &LoginInput) -> Result<Role, ServiceError> {
    let mut fields = Faults::new();
    check_name(input.login_name.unwrap_or(""), &mut fields);
    let role = check_role(input.role.unwrap_or(""), &mut fields);
    if role != Some(Role::Sync) {
        check_password(input.password.unwrap_or(""), &mut fields);
    }
    check_provider(input.provider, &mut fields);
    fields.finish()?;
    Ok(role.expect("checked above"))
}

/// Checks the given fields of a login to update; absent ones stay as they are.
pub fn check_update(input: &LoginInput) -> Result<Option<Role>, ServiceError> {
    let mut fields = Faults::new();
    if let Some(name) = input.login_name {
        check_name(name, &mut fields);
    }
    if let Some(password) = input.password.filter(|p| !p.is_empty()) {
        check_password(password, &mut fields);
    }
    let role = input.role.and_then(|r| check_role(r, &mut fields));
    check_provider(input.provider, &mut fields);
    fields.finish()?;
    Ok(role)
}

fn check_name(name: &str, fields: &mut Faults) {
    let len = name.trim().chars().count();
    if len < MIN_LEN {
        fields.add("login_name", msg::LOGIN_NAME_TOO_SHORT);
    } else if len > MAX_NAME_LEN {
        fields.add("login_name", msg::LOGIN_NAME_TOO_LONG);
    }
}

/// The passwords people choose most (assets/README.md), in lower case.
static COMMON_PASSWORDS: LazyLock<HashSet<&'static str>> =
    LazyLock::new(|| include_str!("../../assets/common-passwords.txt").lines().collect());

fn check_password(password: &str, fields: &mut Faults) {
    let len = password.chars().count();
    if len < MIN_PASSWORD_LEN {
        fields.add("login_password", msg::PASSWORD_TOO_SHORT);
    } else if len > MAX_PASSWORD_LEN {
        fields.add("login_password", msg::PASSWORD_TOO_LONG);
    } else if COMMON_PASSWORDS.contains(password.to_lowercase().as_str()) {
        fields.add("login_password", msg::PASSWORD_COMMON);
    }
}

fn check_role(role: &str, fields: &mut Faults) -> Option<Role> {
    // `service` is no login's: it names a service's background work.
    let parsed = role.parse::<Role>().ok().filter(|role| Role::LOGINS.contains(role));
    if parsed.is_none() {
        fields.add("login_role", msg::unknown_role(role));
    }
    parsed
}

/// An empty provider means "none"; a given one needs 4 characters.
fn check_provider(provider: Option<&str>, fields: &mut Faults) {
    if let Some(p) = provider.map(str::trim).filter(|p| !p.is_empty())
        && p.chars().count() < MIN_LEN
    {
        fields.add("login_provider", msg::PROVIDER_TOO_SHORT);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input<'a>(name: &'a str, password: &'a str, role: &'a str) -> LoginInput<'a> {
        LoginInput {
            login_name: Some(name),
            password: Some(password),
            role: Some(role),
            provider: None,
        }
    }

    #[test]
    fn a_complete_login_passes() {
        assert_eq!(check_new(&input("awa.kone", "s3cret-Korhogo", "agent")).unwrap(), Role::Agent);
    }

    fn password_fault(password: &str) -> Option<String> {
        let err = check_new(&input("awa.kone", password, "agent")).err()?;
        let ServiceError::Invalid { fields, .. } = err else { panic!("not a validation error") };
        fields.get("login_password").cloned()
    }

    #[test]
    fn a_password_is_long_and_not_common() {
        assert!(COMMON_PASSWORDS.len() >= 10_000, "{} common passwords", COMMON_PASSWORDS.len());
        assert_eq!(password_fault("s3cret-1").as_deref(), Some(msg::PASSWORD_TOO_SHORT));
        assert_eq!(password_fault("Qwertyuiop123").as_deref(), Some(msg::PASSWORD_COMMON));
        assert_eq!(password_fault("QWERTY123456").as_deref(), Some(msg::PASSWORD_COMMON));
        assert_eq!(password_fault("manioc-Bouaké-24"), None);
    }

    #[test]
    fn every_broken_rule_names_its_field() {
        let err = check_new(&LoginInput { provider: Some("ab"), ..input("abc", "123", "chef") })
            .unwrap_err();
        let ServiceError::Invalid { fields, .. } = err else { panic!("not a validation error") };
        let names: Vec<&str> = fields.keys().map(String::as_str).collect();
        assert_eq!(names, ["login_name", "login_password", "login_provider", "login_role"]);
    }

    #[test]
    fn an_update_may_leave_the_password_out() {
        let update = LoginInput { login_name: Some("awa.kone"), ..Default::default() };
        assert_eq!(check_update(&update).unwrap(), None);
        let empty_password = LoginInput { password: Some(""), ..Default::default() };
        assert!(check_update(&empty_password).is_ok());
    }
}
