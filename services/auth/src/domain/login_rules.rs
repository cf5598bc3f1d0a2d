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

/// The words French speakers build passwords on (french-passwords.txt), accents folded.
static FRENCH_WORDS: LazyLock<HashSet<String>> = LazyLock::new(|| {
    let words = include_str!("french-passwords.txt").lines().filter(|line| !line.starts_with('#'));
    words.flat_map(str::split_whitespace).map(fold_accents).collect()
});

/// The keyboards' rows, AZERTY's first (and the digits' row): four keys or more along one of them,
/// either way, is a walk.
const KEYBOARD_ROWS: [&str; 9] = [
    "azertyuiop",
    "qsdfghjklm",
    "wxcvbn",
    "azertyuiopqsdfghjklmwxcvbn",
    "qwertyuiop",
    "asdfghjkl",
    "zxcvbnm",
    "qwertyuiopasdfghjklzxcvbnm",
    "1234567890",
];

/// Lower case, accents folded (« Côte » and « cote » are one word to whoever guesses).
fn fold_accents(text: &str) -> String {
    let mut folded = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        match c {
            'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' => folded.push('a'),
            'ç' => folded.push('c'),
            'è' | 'é' | 'ê' | 'ë' => folded.push('e'),
            'ì' | 'í' | 'î' | 'ï' => folded.push('i'),
            'ñ' => folded.push('n'),
            'ò' | 'ó' | 'ô' | 'õ' | 'ö' => folded.push('o'),
            'ù' | 'ú' | 'û' | 'ü' => folded.push('u'),
            'ý' | 'ÿ' => folded.push('y'),
            'œ' => folded.push_str("oe"),
            'æ' => folded.push_str("ae"),
            c => folded.push(c),
        }
    }
    folded
}

/// Whether `password` is among the first a guesser tries: a common password (zxcvbn's list), or a
/// French keyboard walk, a French word of french-passwords.txt or a common password, followed by the
/// usual suffixes (0 to 4 digits, a year, a date, 12345…, `!`, `*`, `.` and the like). Case, accents,
/// spaces and apostrophes, and letters written as digits (« s0le1l ») do not count.
pub fn is_common_password(password: &str) -> bool {
    /// What people put after the word: symbols, then digits, then symbols again.
    const SYMBOLS: &[char] = &['!', '*', '.', '?', '#', '@', '$', '&', '+', '-', '_', ' '];
    fn usual_digits(digits: &str) -> bool {
        let date = |day: &str, month: &str| {
            day.parse::<u8>().is_ok_and(|d| (1..=31).contains(&d))
                && month.parse::<u8>().is_ok_and(|m| (1..=12).contains(&m))
        };
        digits.len() <= 4
            || "1234567890".starts_with(digits)
            || "0123456789".starts_with(digits)
            // A birth date: jjmmaa or jjmmaaaa (a year 1950-2039).
            || (digits.len() == 6 && date(&digits[..2], &digits[2..4]))
            || (digits.len() == 8
                && date(&digits[..2], &digits[2..4])
                && digits[4..].parse::<u16>().is_ok_and(|y| (1950..=2039).contains(&y)))
    }
    fn weak_word(word: &str) -> bool {
        let walk = word.len() >= 4 && {
            let backwards: String = word.chars().rev().collect();
            KEYBOARD_ROWS.iter().any(|row| row.contains(word) || row.contains(&backwards))
        };
        // The same word twice or more (« loulouloulou »).
        let repeated = (1..word.len()).filter(|n| word.len().is_multiple_of(*n)).any(|n| {
            word.is_char_boundary(n)
                && word[..n].repeat(word.len() / n) == word
                && weak_word(&word[..n])
        });
        walk || FRENCH_WORDS.contains(word) || COMMON_PASSWORDS.contains(word) || repeated
    }
    let folded = fold_accents(password);
    if COMMON_PASSWORDS.contains(password.to_lowercase().as_str())
        || COMMON_PASSWORDS.contains(folded.as_str())
    {
        return true;
    }
    let without_symbols = folded.trim_end_matches(SYMBOLS);
    let before_digits = without_symbols.trim_end_matches(|c: char| c.is_ascii_digit());
    let digits = &without_symbols[before_digits.len()..];
    let word = if usual_digits(digits) {
        before_digits.trim_end_matches(SYMBOLS)
    } else {
        without_symbols
    };
    if word.is_empty() {
        return false;
    }
    // « mot de passe », « jet'aime », « mot-de-passe »: the word without its spaces, apostrophes, dashes
    // and dots (a passphrase of several words stays: « Korhogo-manguier » is no word once joined); then
    // « p@ssw0rd », « s0le1l »: the digits and symbols people write for letters.
    let joined: String = word.chars().filter(|c| !" '’-_.".contains(*c)).collect();
    let letters: String = joined
        .chars()
        .map(|c| match c {
            '@' | '4' => 'a',
            '3' | '€' => 'e',
            '1' | '!' => 'i',
            '0' => 'o',
            '$' | '5' => 's',
            '7' => 't',
            c => c,
        })
        .collect();
    weak_word(word) || weak_word(&joined) || weak_word(&letters)
}

fn check_password(password: &str, fields: &mut Faults) {
    let len = password.chars().count();
    if len < MIN_PASSWORD_LEN {
        fields.add("login_password", msg::PASSWORD_TOO_SHORT);
    } else if len > MAX_PASSWORD_LEN {
        fields.add("login_password", msg::PASSWORD_TOO_LONG);
    } else if is_common_password(password) {
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
    fn french_walks_words_and_their_suffixes_are_common() {
        for weak in [
            "azertyuiop123",
            "Motdepasse2026!",
            "soleil1",
            "AZERTY",
            "qsdfghjklm",
            "wxcvbn",
            "ytreza",
            "Qwerty*",
            "Chouchou12345",
            "Côte d'Ivoire",
            "Mot de passe 2026",
            "COTEDIVOIRE1960",
            "Marseille13.",
            "jetaime**",
            "Jésus Christ",
            "S0le1l2024",
            "princesse14071987",
            "loulouloulou",
            "Sésame2025!",
            "abidjan225",
            "mot-de-passe-2026",
            "Mot_de_passe.2026",
            "azerty-123",
        ] {
            assert!(is_common_password(weak), "{weak} is not refused");
        }
        // The French message, for a password of the length asked.
        assert_eq!(password_fault("azertyuiop123").as_deref(), Some(msg::PASSWORD_COMMON));
        assert_eq!(password_fault("Motdepasse2026!").as_deref(), Some(msg::PASSWORD_COMMON));
    }

    #[test]
    fn a_passphrase_is_not_common() {
        // The passwords the integration and browser tests give to logins they make, among them.
        for strong in [
            "Korhogo-manguier-1987",
            "Pass-Korhogo-1234",
            "manioc-Bouaké-24",
            "s3cret-Korhogo",
            "Admin-pass-1",
            "New-pass-Man-99",
            "Secret-Bouake-1",
            "Un-mot-de-passe-2026",
            "Trace-pass-2026",
            "Fuzz-admin-1",
            "agent-pass-2026",
            "lecteur-pass-2026",
            "agent-export-2026",
            "agent-central-2026",
            "soleil-de-Daloa-1983",
            "Tr0p-de-mangues!",
        ] {
            assert!(!is_common_password(strong), "{strong} is refused");
            assert_eq!(password_fault(strong), None, "{strong}");
        }
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
