//! The signals on Unix, through `signal-hook`'s safe registrations: atomics, and a self-pipe.

use signal_hook::consts::signal::{SIGHUP, SIGINT, SIGTERM};
use std::io;
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::net::UnixStream;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicUsize};

const SIGNALS: [i32; 3] = [SIGINT, SIGTERM, SIGHUP];

/// The read end of the self-pipe every signal writes a byte to, once installed.
static WAKE: OnceLock<UnixStream> = OnceLock::new();

pub(crate) fn watch(heard: &'static AtomicBool, received: &'static AtomicUsize) -> io::Result<()> {
    static INSTALLED: OnceLock<Result<(), io::ErrorKind>> = OnceLock::new();
    let installed = INSTALLED.get_or_init(|| {
        let install = || -> io::Result<UnixStream> {
            // A socket pair rather than a pipe: signal-hook writes to a socket without blocking.
            let (read, write) = UnixStream::pair()?;
            read.set_nonblocking(true)?;
            for signal in SIGNALS {
                signal_hook::flag::register_usize(signal, received, signal as usize)?;
                signal_hook::flag::register(signal, heard)?;
                signal_hook::low_level::pipe::register(signal, write.try_clone()?)?;
            }
            Ok(read)
        };
        install().map(|read| drop(WAKE.set(read))).map_err(|e| e.kind())
    });
    (*installed).map_err(io::Error::from)
}

pub(crate) fn exit_on_second() -> io::Result<()> {
    // Set by the first signal once these are registered; the shutdown, registered first, runs
    // before it is set, so only a second signal finds it set.
    static ARMED: AtomicBool = AtomicBool::new(false);
    for signal in SIGNALS {
        signal_hook::flag::register_conditional_shutdown(signal, 128 + signal, &ARMED)?;
        signal_hook::flag::register(signal, &ARMED)?;
    }
    Ok(())
}

/// The self-pipe's read end: readable once a signal came (after [`watch`]).
#[cfg_attr(
    any(not(target_os = "linux"), feature = "portable-backend"),
    expect(dead_code, reason = "only the Linux backend polls; the portable one looks every tick")
)]
pub(crate) fn wake() -> Option<BorrowedFd<'static>> {
    WAKE.get().map(AsFd::as_fd)
}
