//! The exit codes of pdnkit and how a run arrives at one.

use std::io;

/// Exit code: every game valid / the command did its job.
pub const EXIT_OK: u8 = 0;
/// Exit code: at least one game is invalid.
pub const EXIT_INVALID: u8 = 1;
/// Exit code: usage error, unreadable input or internal failure.
pub const EXIT_FAILURE: u8 = 2;

/// The exit code of a run that saw `invalid` invalid games and `unreadable` inputs it could
/// not read.
pub fn verdict(invalid: usize, unreadable: usize) -> u8 {
    if unreadable > 0 {
        EXIT_FAILURE
    } else if invalid > 0 {
        EXIT_INVALID
    } else {
        EXIT_OK
    }
}

/// Ends a run whose output failed with `e`: a closed standard output pipe (the reader of the
/// output has all it wants) ends quietly with the `verdict` of what was read; anything else is
/// the run's error.
pub fn closed_pipe(e: io::Error, verdict: u8) -> io::Result<u8> {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Ok(verdict)
    } else {
        Err(e)
    }
}
