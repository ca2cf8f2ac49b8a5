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

/// Parses the command line into `A` after `check` has seen the raw matches, for rules clap's
/// derive does not state (options that apply to one mode or engine only); a refusal ends the
/// program as clap's own usage errors do, with status 2.
pub fn parse_checked<A: clap::Parser>(
    check: impl FnOnce(&clap::ArgMatches) -> Result<(), clap::Error>,
) -> A {
    let mut cmd = A::command();
    let matches = cmd.clone().get_matches();
    if let Err(e) = check(&matches) {
        e.with_cmd(&cmd).exit();
    }
    A::from_arg_matches(&matches).unwrap_or_else(|e| e.format(&mut cmd).exit())
}

#[cfg(test)]
mod tests {
    use super::*;

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
