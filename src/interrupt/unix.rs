//! The signals on Unix, through `signal-hook`'s safe registrations: atomics, and a self-pipe.

use signal_hook::consts::signal::{SIGHUP, SIGINT, SIGTERM};
use std::io;
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::net::UnixStream;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};

const SIGNALS: [i32; 3] = [SIGINT, SIGTERM, SIGHUP];

/// The read end of the self-pipe every signal writes a byte to, once installed.
static WAKE: OnceLock<UnixStream> = OnceLock::new();
/// Set by the first signal, before [`SENDER`].
static FIRST: AtomicBool = AtomicBool::new(false);
/// The process that sent the first signal; 0 when none did (the terminal's Ctrl-C or hangup).
static SENDER: AtomicU32 = AtomicU32::new(0);

pub(crate) fn watch(heard: &'static AtomicBool, received: &'static AtomicUsize) -> io::Result<()> {
    static INSTALLED: OnceLock<Result<(), io::ErrorKind>> = OnceLock::new();
    let installed = INSTALLED.get_or_init(|| {
        let install = || -> io::Result<UnixStream> {
            // A socket pair rather than a pipe: signal-hook writes to a socket without blocking.
            let (read, write) = UnixStream::pair()?;
            read.set_nonblocking(true)?;
            for signal in SIGNALS {
                // SAFETY: the action only reads the sender from the siginfo the kernel filled in
                // for this signal and stores to atomics, which is async-signal-safe.
                unsafe { signal_hook_registry::register_sigaction(signal, note_the_sender) }?;
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

/// Keeps the sender of the first signal (in a signal handler: atomics only).
fn note_the_sender(info: &libc::siginfo_t) {
    if !FIRST.swap(true, Ordering::SeqCst) {
        // SAFETY: SIGINT, SIGTERM and SIGHUP are sent by a process (kill, with its pid) or by the
        // kernel (a terminal, with 0), and for either the union holds the sender's fields.
        let pid = unsafe { info.si_pid() };
        SENDER.store(u32::try_from(pid).unwrap_or(0), Ordering::SeqCst);
    }
}

pub(crate) fn sender() -> Option<u32> {
    Some(SENDER.load(Ordering::SeqCst)).filter(|&pid| pid != 0)
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
pub(crate) fn wake() -> Option<BorrowedFd<'static>> {
    WAKE.get().map(AsFd::as_fd)
}
