//! Numeric command-line arguments checked by clap, so a value out of range (infinite, NaN,
//! negative, too large) is a usage error (exit status 2) rather than a panic deep inside.

use std::time::Duration;

/// The longest time budget accepted: a year, far past any run, well inside what a
/// [`Duration`] and the clock arithmetic of a search hold.
pub const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// Parses a time budget in seconds: a finite number from 0 to [`MAX_SECONDS`].
pub fn seconds(text: &str) -> Result<Duration, String> {
    let s: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !s.is_finite() || !(0.0..=MAX_SECONDS).contains(&s) {
        return Err(format!(
            "`{text}`: seconds must be a finite number from 0 to {MAX_SECONDS}"
        ));
    }
    Duration::try_from_secs_f64(s).map_err(|e| format!("`{text}`: {e}"))
}

/// Parses the command line into `A` as clap does, except that a usage error echoes a long
/// argument cut short (see [`exit`]).
pub fn parse<A: clap::Parser>() -> A {
    parse_checked(|_| Ok(()))
}

/// Parses the command line into `A` after `check` has seen the raw matches, for rules clap's
/// derive does not state (options that apply to one mode or engine only); a refusal ends the
/// program as clap's own usage errors do, with status 2 (see [`exit`]).
pub fn parse_checked<A: clap::Parser>(
    check: impl FnOnce(&clap::ArgMatches) -> Result<(), clap::Error>,
) -> A {
    let mut cmd = A::command();
    let matches = cmd.clone().try_get_matches().unwrap_or_else(|e| exit(e));
    if let Err(e) = check(&matches) {
        exit(e.with_cmd(&cmd));
    }
    A::from_arg_matches(&matches).unwrap_or_else(|e| exit(e.format(&mut cmd)))
}

/// Ends the program as `clap::Error::exit` does (help and version on stdout with status 0,
/// usage errors on stderr with status 2), but with every word of a usage error longer than
/// twice [`puzzle_search::EXCERPT_CHARS`] cut to an excerpt: clap echoes an invalid value
/// whole, and a 100 kB argument made a 100 kB error line.
pub fn exit(e: clap::Error) -> ! {
    if !e.use_stderr() {
        e.exit();
    }
    eprint!("{}", shorten(&e.render().to_string()));
    std::process::exit(e.exit_code());
}

/// `text` with each word longer than twice [`puzzle_search::EXCERPT_CHARS`] replaced by its
/// excerpt; spaces and line ends stay as they are.
fn shorten(text: &str) -> String {
    text.split_inclusive(char::is_whitespace)
        .map(|piece| {
            let word = piece.trim_end();
            if word.chars().count() <= 2 * puzzle_search::EXCERPT_CHARS {
                return piece.to_string();
            }
            // Quotes around the value stay around its excerpt.
            let quotes: &[char] = &['\'', '"'];
            let inner = word.trim_matches(quotes);
            let lead = &word[..word.len() - word.trim_start_matches(quotes).len()];
            let tail = &word[word.trim_end_matches(quotes).len()..];
            let space = &piece[word.len()..];
            format!("{lead}{}{tail}{space}", puzzle_search::excerpt(inner))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_words_of_an_error_are_cut_and_the_rest_kept() {
        let long = "y".repeat(10_000);
        let text =
            format!("error: invalid value '{long}' for '--engine'\n\nFor more, try '--help'.\n");
        let short = shorten(&text);
        assert!(short.len() < 200, "{short}");
        assert!(short.starts_with("error: invalid value 'yyyy"), "{short}");
        assert!(short.contains("(10000 characters)' for"), "{short}");
        assert!(
            short.ends_with("for '--engine'\n\nFor more, try '--help'.\n"),
            "{short}"
        );
        assert_eq!(shorten("a b\n"), "a b\n");
    }

    #[test]
    fn out_of_range_seconds_are_refused() {
        for bad in ["inf", "-inf", "NaN", "-1", "1e300", "31536001", "", "ten"] {
            assert!(seconds(bad).is_err(), "{bad}");
        }
        assert_eq!(seconds("0").unwrap(), Duration::ZERO);
        assert_eq!(seconds("1.5").unwrap(), Duration::from_millis(1500));
        assert!(seconds("31536000").is_ok());
    }
}
