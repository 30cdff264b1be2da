//! The portable backend's Unix glue (macOS, and Linux with `--features portable-backend`).

use crate::judge::process::{Ended, Signal};
use process_wrap::std::{CommandWrap, ProcessSession};
use signal_hook::consts::signal::{SIGABRT, SIGBUS, SIGFPE, SIGKILL, SIGSEGV};
use std::os::unix::process::ExitStatusExt;
use std::process::ExitStatus;

/// A session of its own: a process group one `killpg` reaches, and no controlling terminal.
pub(super) fn detach(command: &mut CommandWrap) {
    command.wrap(ProcessSession);
}

/// How an exit status reads.
pub(super) fn ending(status: ExitStatus) -> Ended {
    match (status.code(), status.signal()) {
        (Some(code), _) => Ended::Exited(code),
        (None, Some(signal)) => Ended::Signalled(signal),
        (None, None) => Ended::Exited(-1),
    }
}

/// `signal`'s number here.
pub(crate) fn signal_number(signal: Signal) -> i32 {
    match signal {
        Signal::Segv => SIGSEGV,
        Signal::Bus => SIGBUS,
        Signal::Abrt => SIGABRT,
        Signal::Fpe => SIGFPE,
        Signal::Kill => SIGKILL,
    }
}
