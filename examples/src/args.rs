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
