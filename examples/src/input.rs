//! Inputs and outputs named on a command line, where `-` stands for standard input or
//! standard output, as it does for `cat`, `jq` and `rg`: every program reads a puzzle piped
//! to it (`cat board.txt | block_fill -`).

use std::path::Path;

/// True when `path` is `-`: standard input (or standard output, for an output).
pub fn is_std(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// How `path` is named in a message: `<stdin>` for `-`, else the path itself.
pub fn name(path: &Path) -> String {
    if is_std(path) {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// How the output `path` is named in a message: `<stdout>` for `-`, else the path itself.
pub fn output_name(path: &Path) -> String {
    if is_std(path) {
        "<stdout>".to_string()
    } else {
        path.display().to_string()
    }
}

/// The whole text of `path`, or of standard input for `-`, up to
/// [`MAX_TEXT_BYTES`](puzzle_search::MAX_TEXT_BYTES) with its memory reserved fallibly; the
/// error names the path (or `<stdin>`).
pub fn read_text(path: &Path) -> Result<String, String> {
    let limit = puzzle_search::MAX_TEXT_BYTES;
    let read = if is_std(path) {
        puzzle_search::read_text_within(std::io::stdin().lock(), limit, None)
    } else {
        std::fs::File::open(path)
            .and_then(|file| puzzle_search::read_text_within(file, limit, None))
    };
    read.map_err(|e| format!("{}: {e}", name(path)))
}

/// `n` and the noun, in the singular for one: `plural(1, "puzzle", "puzzles")` is
/// `1 puzzle`, `plural(3, ...)` is `3 puzzles`.
pub fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dash_is_standard_input_and_named_so() {
        assert!(is_std(Path::new("-")));
        assert!(!is_std(Path::new("./-")));
        assert_eq!(name(Path::new("-")), "<stdin>");
        assert_eq!(name(Path::new("a/b.txt")), "a/b.txt");
        assert_eq!(output_name(Path::new("-")), "<stdout>");
    }

    #[test]
    fn a_missing_file_is_named_in_its_error() {
        let e = read_text(Path::new("no/such/file.txt")).unwrap_err();
        assert!(e.starts_with("no/such/file.txt: "), "{e}");
    }

    #[test]
    fn plurals() {
        assert_eq!(plural(1, "puzzle", "puzzles"), "1 puzzle");
        assert_eq!(plural(0, "puzzle", "puzzles"), "0 puzzles");
        assert_eq!(plural(2, "node", "nodes"), "2 nodes");
    }
}
