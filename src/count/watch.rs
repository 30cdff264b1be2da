//! Watching a long count: a progress bar with an ETA, and a prompt stop on Ctrl-C.
//!
//! The bar counts subproblems done, on stderr, and appears only when stderr is a terminal and the
//! count has run for a second ([`term::bar`]), so quick counts and scripts see nothing. Ctrl-C sets a flag that
//! the workers read between subproblems and, inside one, whenever they back up high enough; the
//! count then ends with [`crate::error::Error::Interrupted`] (exit 130). A second Ctrl-C ends the
//! process at once.
//!
//! It hears the count through [`super::Progress`]; `app::count` is where it is used.

use super::Progress;
use crate::term;
use indicatif::ProgressBar;
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set by Ctrl-C.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The progress bar and stop flag of one count.
pub struct Watch {
    bar: ProgressBar,
}

impl Watch {
    /// Starts watching a count, taking over Ctrl-C.
    pub fn start() -> Watch {
        static HANDLER: Once = Once::new();
        HANDLER.call_once(|| {
            // If a handler cannot be installed, Ctrl-C keeps its default: the process ends.
            let _ = ctrlc::set_handler(|| {
                if INTERRUPTED.swap(true, Ordering::Relaxed) {
                    std::process::exit(130);
                }
            });
        });
        Watch { bar: term::bar("{wide_bar} {pos}/{len} subproblems, ETA {eta}", None, term::Show::Later) }
    }

    /// The flag Ctrl-C sets.
    pub fn stop(&self) -> &'static AtomicBool {
        &INTERRUPTED
    }
}

impl Progress for Watch {
    fn planned(&self, subproblems: u64) {
        self.bar.set_length(subproblems);
    }

    fn done(&self) {
        self.bar.inc(1);
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}
