//! Ctrl-C, and the signals that mean "stop" (SIGTERM, SIGHUP), heard in one place for the whole
//! process: `judge`, `grade` and `count` alike.
//!
//! [`watch`] takes them over once; from then on [`received`] says which came (its number, for the
//! exit code 128 + k) and [`heard`] is a flag that workers read between steps. A command that
//! starts no processes may also ask that a second one end the process at once
//! ([`exit_on_second`]); the judge does not, since what its programs started must be killed first.
//!
//! This is the one place that holds signal state, and it must be process-wide: a signal handler
//! can reach nothing but statics. Everything else is handed [`Signals`], the judge's
//! [`StopHandle`]: the judge library keeps no signal state of its own.
//!
//! The mechanism is the system's. On Unix `signal-hook` (`unix.rs`): its safe registrations set
//! the atomics and write to a self-pipe that the Linux backend's `poll` watches, and it tells the
//! signals apart, which `ctrlc` (one handler for all of them) would not. On Windows `ctrlc`
//! (`windows.rs`), which hears the console's Ctrl-C, Ctrl-Break and close, told as SIGINT.

#[cfg(unix)]
#[path = "unix.rs"]
pub(crate) mod os;
#[cfg(windows)]
#[path = "windows.rs"]
pub(crate) mod os;

use crate::judge::process::{StopHandle, Wake};
use std::io;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// Set by the first signal.
static HEARD: AtomicBool = AtomicBool::new(false);
/// The number of the signal received (the last, if several; 0: none yet).
static RECEIVED: AtomicUsize = AtomicUsize::new(0);

/// Takes over SIGINT, SIGTERM and SIGHUP (Windows: the console's Ctrl-C), once per process.
pub fn watch() -> io::Result<()> {
    os::watch(&HEARD, &RECEIVED)
}

/// From now on a second signal ends the process at once, with 128 + its number, before anything
/// else runs: for a command that has nothing of its own to stop.
pub fn exit_on_second() -> io::Result<()> {
    os::exit_on_second()
}

/// For a command whose work shows on stdout as it is done (`labs run`, `labs trace`), with nothing
/// of its own to stop: from now on the first signal runs `last` (which says that the run was
/// interrupted) on a thread of its own and ends the process with 128 + its number, whatever the
/// search is doing; a second one ends it at once.
pub fn end_on_first(last: impl FnOnce(i32) + Send + 'static) -> io::Result<()> {
    watch()?;
    exit_on_second()?;
    std::thread::Builder::new().spawn(move || {
        let signal = loop {
            match received() {
                Some(signal) => break signal,
                None => std::thread::sleep(std::time::Duration::from_millis(20)),
            }
        };
        last(signal);
        std::process::exit(128 + signal);
    })?;
    Ok(())
}

/// The signal received, if any (after [`watch`]).
pub fn received() -> Option<i32> {
    Some(RECEIVED.load(Ordering::SeqCst) as i32).filter(|&s| s != 0)
}

/// The process that sent the first signal, if one did (`kill`); `None` for the terminal's Ctrl-C
/// or hangup, or before any signal.
pub fn sender() -> Option<u32> {
    os::sender()
}

/// The flag the first signal sets.
pub fn heard() -> &'static AtomicBool {
    &HEARD
}

/// The signals [`watch`] hears, as the judge's stop handle: a run ends at the first, and the
/// Linux backend's `poll` wakes on the self-pipe.
#[derive(Clone, Copy, Debug, Default)]
pub struct Signals;

impl StopHandle for Signals {
    fn signal(&self) -> Option<i32> {
        received()
    }

    fn wake(&self) -> Option<Wake<'_>> {
        os::wake()
    }
}
