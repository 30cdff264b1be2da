//! The console's Ctrl-C, Ctrl-Break and close on Windows, through `ctrlc`, told as SIGINT.

use std::io;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// SIGINT's number, as the C runtime numbers it on Windows too.
const SIGINT: usize = 2;

/// Whether a second Ctrl-C ends the process at once.
static SECOND_EXITS: AtomicBool = AtomicBool::new(false);

pub(crate) fn watch(heard: &'static AtomicBool, received: &'static AtomicUsize) -> io::Result<()> {
    static INSTALLED: OnceLock<Result<(), String>> = OnceLock::new();
    let installed = INSTALLED.get_or_init(|| {
        ctrlc::set_handler(move || {
            if heard.swap(true, Ordering::SeqCst) && SECOND_EXITS.load(Ordering::SeqCst) {
                std::process::exit(128 + SIGINT as i32);
            }
            received.store(SIGINT, Ordering::SeqCst);
        })
        .map_err(|e| e.to_string())
    });
    installed.clone().map_err(io::Error::other)
}

/// The console's Ctrl-C is no process's.
pub(crate) fn sender() -> Option<u32> {
    None
}

pub(crate) fn exit_on_second() -> io::Result<()> {
    SECOND_EXITS.store(true, Ordering::SeqCst);
    Ok(())
}

/// Nothing to wait on: the portable backend looks at [`super::received`] every tick.
pub(crate) fn wake() -> Option<crate::judge::process::Wake<'static>> {
    None
}
