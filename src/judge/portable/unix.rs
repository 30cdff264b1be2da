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

/// Whether a process numbered `pid` exists (a zombie included): `kill(pid, 0)` succeeds, or is
/// refused for want of permission.
pub(crate) fn alive(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else { return false };
    // SAFETY: kill with signal 0 sends nothing; it only checks that the process exists.
    let sent = unsafe { libc::kill(pid, 0) };
    sent == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
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
