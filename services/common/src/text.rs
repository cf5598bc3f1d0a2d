//! Text as compared and searched: trimmed, lower-cased, accents removed ("Dàloa" and "DALOA" are both
//! "daloa"). Every service searches names this way.

/// The searchable form of a text.
pub fn fold(text: &str) -> String {
    deunicode::deunicode(text.trim()).to_lowercase()
}

/// The searchable form of a code and a name together.
pub fn search_of(code: &str, name: &str) -> String {
    format!("{} {}", fold(code), fold(name))
}

/// A free-text filter as a `LIKE` pattern over the searchable form; empty when there is no filter.
pub fn filter_pattern(filter: &str) -> String {
    let folded = fold(filter);
    if folded.is_empty() {
        return String::new();
    }
    let escaped = folded.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
}

/// A code as stored: trimmed and upper-cased ("hss " is "HSS").
pub fn code(text: &str) -> String {
    text.trim().to_uppercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accents_and_case_do_not_matter() {
        assert_eq!(fold(" Dàloa "), "daloa");
        assert_eq!(fold("DALOA"), "daloa");
        assert_eq!(fold("Gbêkê"), "gbeke");
        assert_eq!(filter_pattern("Dalo"), "%dalo%");
        assert_eq!(filter_pattern("  "), "");
        assert_eq!(filter_pattern("50%"), "%50\\%%");
    }
}
