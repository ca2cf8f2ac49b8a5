//! Input echoed in an error message, cut short: an error names what was wrong and where, and a
//! 50 MB token must not come back as a 50 MB line.

/// The most characters of echoed input an error shows.
pub const EXCERPT_CHARS: usize = 40;

/// `text` as an error shows it: whole when it has at most [`EXCERPT_CHARS`] characters, else
/// its first ones followed by `…` and its length.
///
/// ```
/// use puzzle_search::excerpt;
/// assert_eq!(excerpt("d0g"), "d0g");
/// let long = "x".repeat(1_000);
/// assert_eq!(excerpt(&long), format!("{}… (1000 characters)", "x".repeat(40)));
/// ```
pub fn excerpt(text: &str) -> String {
    let mut chars = text.char_indices();
    match chars.nth(EXCERPT_CHARS) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}… ({} characters)", &text[..cut], text.chars().count()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_text_is_whole_and_long_text_is_cut_at_a_character() {
        assert_eq!(excerpt(""), "");
        let exact = "é".repeat(EXCERPT_CHARS);
        assert_eq!(excerpt(&exact), exact);
        let long = "é".repeat(EXCERPT_CHARS + 1);
        assert!(excerpt(&long).starts_with(&"é".repeat(EXCERPT_CHARS)));
        assert!(excerpt(&long).ends_with(&format!("({} characters)", EXCERPT_CHARS + 1)));
    }
}
