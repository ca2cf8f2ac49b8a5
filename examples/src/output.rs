//! Output faults, handled once for every program: a closed pipe (`| head -1`) or a full disk
//! (`> /dev/full`) ends the program with one line on stderr and a non-zero exit status, never
//! a panic trace; a closed pipe ends quietly, as `head`'s peers do.
//!
//! The standard `println!` panics when stdout fails. [`guard`] installs a panic hook that
//! turns exactly that panic into the one-line error and exit, whichever thread printed, and
//! leaves every other panic to the default hook; the returned guard flushes stdout when
//! `main` ends, so an error in the last buffered bytes is reported too.

use std::io::Write;
use std::process;

/// The exit status after a closed pipe: what a shell reports for a program that SIGPIPE
/// ended (128 + 13), the usual end of a writer whose reader went away.
pub const BROKEN_PIPE_STATUS: i32 = 141;

/// Installs the output-fault handling for the program `name` (its errors start with
/// `name: `). Keep the guard alive for the whole of `main` (`let _out = guard("...");`).
pub fn guard(name: &'static str) -> Guard {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        // The standard library's message for a failed `print!`/`eprint!`.
        if let Some(fault) = info
            .payload_as_str()
            .and_then(|m| m.strip_prefix("failed printing to "))
        {
            fail(name, fault);
        }
        default(info);
    }));
    Guard { name }
}

/// Flushes stdout when dropped at the end of `main`, and fails as a print would.
#[must_use = "the guard flushes stdout when main ends: keep it in a variable"]
#[derive(Debug)]
pub struct Guard {
    name: &'static str,
}

impl Drop for Guard {
    fn drop(&mut self) {
        if let Err(e) = std::io::stdout().flush() {
            fail(self.name, &format!("stdout: {e}"));
        }
    }
}

/// Ends the process quietly after its reader went away, with [`BROKEN_PIPE_STATUS`]: for a
/// program that writes with `write_all` and sees `ErrorKind::BrokenPipe` itself.
pub fn closed_pipe() -> ! {
    process::exit(BROKEN_PIPE_STATUS)
}

/// Ends the process after an output fault `fault` (`stdout: <error>` or `stderr: <error>`).
fn fail(name: &str, fault: &str) -> ! {
    // EPIPE's number, which the message carries in every locale.
    if fault.ends_with("(os error 32)") {
        closed_pipe();
    }
    if !fault.starts_with("stderr") {
        let _ = writeln!(std::io::stderr(), "{name}: error writing to {fault}");
    }
    process::exit(1);
}
