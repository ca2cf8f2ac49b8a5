//! Reading a whole text input without letting its size decide the process's fate: the
//! family's programs and bindings read puzzle files, word lists and boards whole, and a
//! careless or hostile input (a multi-gigabyte file, `/dev/zero`, a pipe that never ends) must
//! end in an error that names the limit, never in an allocation abort.

use std::io::{self, Read};

use crate::Cancel;

/// The default most bytes [`read_text_within`] reads: 1 GiB, far more than any puzzle file
/// of the family needs (a million sudoku puzzles take 82 MB).
pub const MAX_TEXT_BYTES: u64 = 1 << 30;

/// How much is read at a time, and so how often the cancel flag is looked at.
const CHUNK: usize = 1 << 20;

/// The whole of `reader` as UTF-8 text, read in chunks of a megabyte with memory reserved
/// fallibly.
///
/// # Errors
/// Each an [`io::Error`] whose message says what was wrong:
/// - [`io::ErrorKind::FileTooLarge`] past `max_bytes` bytes (it says the limit);
/// - [`io::ErrorKind::OutOfMemory`] when the memory for the text cannot be had;
/// - [`io::ErrorKind::Interrupted`] once `cancel` is set (looked at between chunks);
/// - [`io::ErrorKind::InvalidData`] for text that is not UTF-8 (it says the byte offset);
/// - the reader's own errors.
///
/// ```
/// use puzzle_search::read_text_within;
/// let text = read_text_within(&b"x x\nXxx\n"[..], 100, None).unwrap();
/// assert_eq!(text, "x x\nXxx\n");
/// let e = read_text_within(std::io::repeat(b'x'), 1_000, None).unwrap_err();
/// assert_eq!(e.kind(), std::io::ErrorKind::FileTooLarge);
/// assert!(e.to_string().contains("1000 bytes"), "{e}");
/// ```
pub fn read_text_within(
    mut reader: impl Read,
    max_bytes: u64,
    cancel: Option<&Cancel>,
) -> io::Result<String> {
    let max = usize::try_from(max_bytes).unwrap_or(usize::MAX);
    let mut bytes: Vec<u8> = Vec::new();
    let mut chunk = vec![0u8; CHUNK];
    loop {
        if cancel.is_some_and(Cancel::is_cancelled) {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "reading was cancelled",
            ));
        }
        // One byte more than the limit allows shows that the input goes past it.
        let want = CHUNK.min(max.saturating_sub(bytes.len()).saturating_add(1));
        let n = match reader.read(&mut chunk[..want]) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if bytes.len() + n > max {
            return Err(io::Error::new(
                io::ErrorKind::FileTooLarge,
                format!("the input is longer than {max_bytes} bytes, the most that is read"),
            ));
        }
        if bytes.try_reserve(n).is_err() {
            return Err(io::Error::new(
                io::ErrorKind::OutOfMemory,
                format!("no memory to read past {} bytes of the input", bytes.len()),
            ));
        }
        bytes.extend_from_slice(&chunk[..n]);
    }
    String::from_utf8(bytes).map_err(|e| {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "the input is not UTF-8 text (byte {})",
                e.utf8_error().valid_up_to() + 1
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_up_to_the_limit_is_read_whole() {
        let text = "ab".repeat(CHUNK);
        let read = read_text_within(text.as_bytes(), text.len() as u64, None).unwrap();
        assert_eq!(read, text);
    }

    #[test]
    fn one_byte_past_the_limit_is_refused() {
        let text = "a".repeat(CHUNK + 5);
        let e = read_text_within(text.as_bytes(), (CHUNK + 4) as u64, None).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::FileTooLarge);
    }

    #[test]
    fn a_cancelled_read_stops() {
        let c = Cancel::new();
        c.cancel();
        let e = read_text_within(io::repeat(b'a'), u64::MAX, Some(&c)).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::Interrupted);
    }

    #[test]
    fn bytes_that_are_not_utf8_are_named() {
        let e = read_text_within(&b"ok\xff"[..], 100, None).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
        assert!(e.to_string().contains("byte 3"), "{e}");
    }
}
