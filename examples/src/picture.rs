//! Pictures written by the example programs (`--svg FILE`) and the demo (`--svg DIR`).
//!
//! Files are written to a temporary file beside the target and renamed over it, so a reader
//! (a browser, a test) never sees half a picture and a failed run leaves the old one intact.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Writes `text` to `path` through a temporary file in the same folder and a rename
/// ([`puzzle_search::write_atomically`]), the error naming the path.
pub fn write_atomically(path: &Path, text: &str) -> Result<(), String> {
    puzzle_search::write_atomically(path, text.as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Writes the `--svg FILE` picture of a program, if one was asked for; `svg` is only called
/// then.
pub fn write_svg(path: Option<&Path>, svg: impl FnOnce() -> String) -> Result<(), String> {
    match path {
        Some(path) => write_atomically(path, &svg()),
        None => Ok(()),
    }
}

/// The demo's pictures: one SVG per solver in a folder, and an `index.html` that shows them.
#[derive(Debug, Default)]
pub struct Pictures {
    dir: Option<PathBuf>,
    written: Vec<(String, String)>,
}

impl Pictures {
    /// Pictures written into `dir`, which is created if missing; `None` writes nothing.
    pub fn new(dir: Option<PathBuf>) -> Result<Pictures, String> {
        if let Some(dir) = &dir {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        Ok(Pictures {
            dir,
            written: Vec::new(),
        })
    }

    /// Adds the picture `file` (e.g. `eternity.svg`) with a caption; `svg` is only called
    /// when pictures are written.
    pub fn add(
        &mut self,
        file: &str,
        caption: &str,
        svg: impl FnOnce() -> String,
    ) -> Result<(), String> {
        if let Some(dir) = &self.dir {
            write_atomically(&dir.join(file), &svg())?;
            self.written.push((file.to_string(), caption.to_string()));
        }
        Ok(())
    }

    /// The pictures written so far, as (file, caption).
    pub fn written(&self) -> &[(String, String)] {
        &self.written
    }

    /// Writes `index.html`, a page showing every picture with its caption; nothing without a
    /// folder.
    pub fn write_index(&self) -> Result<(), String> {
        let Some(dir) = &self.dir else {
            return Ok(());
        };
        let mut html = String::from(
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>puzzle-solvers demo</title>\n<style>\nbody { font-family: 'DejaVu Sans', Verdana, sans-serif; background: #f4f1ea; color: #222; margin: 2em; }\nfigure { background: #fff; display: inline-block; margin: 0 1.5em 1.5em 0; padding: 1em; border-radius: 8px; box-shadow: 0 1px 4px #0002; vertical-align: top; }\nfigure img { max-width: 92vw; }\n</style>\n</head>\n<body>\n<h1>puzzle-solvers: one picture per solver</h1>\n",
        );
        for (file, caption) in &self.written {
            let _ = writeln!(
                html,
                "<figure><img src=\"{}\" alt=\"{}\"><figcaption>{}</figcaption></figure>",
                escape(file),
                escape(caption),
                escape(caption)
            );
        }
        html.push_str("</body>\n</html>\n");
        write_atomically(&dir.join("index.html"), &html)
    }
}

/// Text made safe for HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
