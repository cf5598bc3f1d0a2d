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

/// A free-text filter as one `LIKE` pattern per word, for a search whose words may come in any order
/// ("serge kouame" and "KOUAMÉ Serge" both give `%serge%` and `%kouame%`); empty when there is no filter.
pub fn word_patterns(filter: &str) -> Vec<String> {
    filter.split_whitespace().map(filter_pattern).filter(|p| !p.is_empty()).collect()
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

    #[test]
    fn words_match_in_any_order() {
        assert_eq!(word_patterns("KOUAMÉ  Serge"), ["%kouame%", "%serge%"]);
        assert_eq!(word_patterns(" serge kouame "), ["%serge%", "%kouame%"]);
        assert!(word_patterns("   ").is_empty());
    }
}
