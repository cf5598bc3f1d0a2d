//! Identity numbers: a readable prefix, a sequence of seven digits and two check digits (ISO 7064
//! MOD 97-10, as in an IBAN), e.g. `C001234597`. A mistyped digit or two swapped digits change the
//! check, so the reader and the search can tell a wrong number from an unknown one. Each instance has
//! its own prefix (`MEMBER_ID_PREFIX`), so numbers made offline on field laptops never collide. Members
//! and cards number themselves this way.

/// The check digits of `body` (letters count as 10..35, as in an IBAN).
pub fn check_digits(body: &str) -> u32 {
    let mut remainder: u32 = 0;
    for c in body.chars().chain("00".chars()) {
        let value = match c.to_digit(36) {
            Some(v) => v,
            None => continue,
        };
        // Letters stand for two digits, digits for one.
        remainder = if value >= 10 {
            (remainder * 100 + value) % 97
        } else {
            (remainder * 10 + value) % 97
        };
    }
    98 - remainder
}

/// The identity number of sequence value `seq` under `prefix`.
pub fn make(prefix: &str, seq: i64) -> String {
    let body = format!("{prefix}{seq:07}");
    format!("{body}{:02}", check_digits(&body))
}

/// Whether `number` ends with the right check digits for what precedes them.
pub fn is_valid(number: &str) -> bool {
    let number = number.trim().to_uppercase();
    if number.len() < 3 || !number.is_ascii() || !number.chars().all(|c| c.is_ascii_alphanumeric())
    {
        return false;
    }
    let (body, check) = number.split_at(number.len() - 2);
    check.parse::<u32>().is_ok_and(|c| c == check_digits(body))
}

/// A prefix as configured: one to four letters.
pub fn valid_prefix(prefix: &str) -> bool {
    (1..=4).contains(&prefix.len()) && prefix.chars().all(|c| c.is_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_digits_follow_iso_7064_mod_97_10() {
        // The IBAN rule: the number with its check digits is 1 modulo 97.
        let n = make("C", 12345);
        assert!(n.starts_with("C0012345"));
        assert!(is_valid(&n), "{n}");
        // The IBAN example GB82 WEST 1234 5698 7654 32: check digits of the rearranged body are 82.
        assert_eq!(check_digits("WEST12345698765432GB"), 82);
    }

    #[test]
    fn a_mistyped_or_swapped_digit_is_caught() {
        let n = make("SF", 4_031_207);
        assert!(is_valid(&n));
        let mut typo: Vec<char> = n.chars().collect();
        typo[4] = if typo[4] == '9' { '8' } else { '9' };
        assert!(!is_valid(&typo.iter().collect::<String>()));
        let mut swapped: Vec<char> = n.chars().collect();
        swapped.swap(5, 6);
        if swapped != n.chars().collect::<Vec<_>>() {
            assert!(!is_valid(&swapped.iter().collect::<String>()));
        }
        assert!(!is_valid("X"));
        assert!(!is_valid("C00-12345"));
    }

    #[test]
    fn prefixes_are_one_to_four_capital_letters() {
        assert!(valid_prefix("C"));
        assert!(valid_prefix("TERR"));
        assert!(!valid_prefix(""));
        assert!(!valid_prefix("c1"));
    }
}
