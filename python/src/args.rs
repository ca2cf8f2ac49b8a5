//! Integer arguments checked at the Python boundary, so that a wrong one raises an exception
//! that names the argument: `TypeError` for a value that is not an `int`, `ValueError` for a
//! negative or too large one (pyo3's own conversion raises `OverflowError: can't convert
//! negative int to unsigned`, without the name).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;

/// The longest excerpt of a value shown in a message: a huge int's digits are cut.
const SHOWN: usize = 40;

/// `value` as text for a message, cut to [`SHOWN`] characters.
fn shown(value: &Bound<'_, PyAny>) -> String {
    let text = value
        .str()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    if text.chars().count() <= SHOWN {
        text
    } else {
        let head: String = text.chars().take(SHOWN).collect();
        format!("{head}… ({} digits)", text.len())
    }
}

/// The argument `name` as an unsigned integer of type `T`.
pub fn unsigned<T>(value: &Bound<'_, PyAny>, name: &str) -> PyResult<T>
where
    T: TryFrom<u64> + Copy + std::fmt::Display + num_max::Max,
{
    if !value.is_instance_of::<PyInt>() {
        let kind = value.get_type().name()?;
        return Err(PyTypeError::new_err(format!(
            "{name} must be an int, not {kind}"
        )));
    }
    if value.lt(0)? {
        return Err(PyValueError::new_err(format!(
            "{name} must be a non-negative integer, got {}",
            shown(value)
        )));
    }
    let too_large = || {
        PyValueError::new_err(format!(
            "{name} must be at most {}, got {}",
            T::MAX,
            shown(value)
        ))
    };
    let n: u64 = value.extract().map_err(|_| too_large())?;
    T::try_from(n).map_err(|_| too_large())
}

/// [`unsigned`] for an optional argument (`None` stays `None`).
pub fn unsigned_opt<T>(value: Option<&Bound<'_, PyAny>>, name: &str) -> PyResult<Option<T>>
where
    T: TryFrom<u64> + Copy + std::fmt::Display + num_max::Max,
{
    match value {
        Some(v) if !v.is_none() => unsigned(v, name).map(Some),
        _ => Ok(None),
    }
}

/// The largest value of an unsigned type, for the message.
pub mod num_max {
    /// A type's largest value.
    pub trait Max {
        /// The largest value.
        const MAX: Self;
    }
    macro_rules! max {
        ($($t:ty),*) => {$(impl Max for $t { const MAX: $t = <$t>::MAX; })*};
    }
    max!(u8, u16, u32, u64, usize);
}

/// The longest time budget accepted, in seconds: a year, far past any call, well inside what
/// a `Duration` and the clock arithmetic of a search hold.
pub const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// A step's budget, `nodes` and `seconds`, checked: nodes a non-negative int, seconds a
/// finite number from 0 to [`MAX_SECONDS`] (an infinite, huge, NaN or negative one raises
/// `ValueError` naming `seconds`, where it used to panic or be taken silently).
pub fn budget(
    nodes: Option<&Bound<'_, PyAny>>,
    seconds: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Option<u64>, Option<f64>)> {
    let nodes = unsigned_opt(nodes, "nodes")?;
    let seconds = match seconds {
        Some(v) if !v.is_none() => {
            let s: f64 = v.extract().map_err(|_| {
                let kind = v
                    .get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default();
                PyTypeError::new_err(format!("seconds must be a number, not {kind}"))
            })?;
            if !s.is_finite() || !(0.0..=MAX_SECONDS).contains(&s) {
                return Err(PyValueError::new_err(format!(
                    "seconds must be a finite number from 0 to {MAX_SECONDS}, got {}",
                    shown(v)
                )));
            }
            Some(s)
        }
        _ => None,
    };
    Ok((nodes, seconds))
}
