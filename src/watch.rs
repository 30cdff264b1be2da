//! Watching a long count: a progress bar, and a prompt stop on Ctrl-C.
//!
//! The bar counts subproblems done, on stderr, with the time elapsed and, for a count long
//! enough to be estimated, the estimate. It shows no ETA: the subproblems differ in size by
//! orders of magnitude, so a rate taken from the first ones (indicatif's `{eta}`) said "ETA 0s"
//! to a count that needed days. The bar appears only when stderr is a terminal and the
//! count has run for a second ([`term::bar`]), so quick counts and scripts see nothing. Ctrl-C
//! sets a flag that the workers read between subproblems and, inside one, whenever they back up
//! high enough; the count then ends with `Stopped`, which `labs` reports as
//! [`crate::error::Error::Interrupted`] (exit 130). A second Ctrl-C ends the process at once. SIGTERM and SIGHUP do the same ([`crate::interrupt`]).
//!
//! It hears the count through [`crate::count::Progress`]; `app::count` is where it is used.

use crate::catalogue::{Key, say};
use crate::count::Progress;
use crate::lang::Lang;
use crate::units::roughly_in;
use crate::{interrupt, term};
use indicatif::ProgressBar;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The progress bar and stop flag of one count.
pub struct Watch {
    bar: ProgressBar,
}

impl Watch {
    /// Starts watching a count expected to take `estimate` (if known), taking over Ctrl-C
    /// ([`interrupt`]); the bar speaks `lang`.
    pub fn start(estimate: Option<Duration>, lang: Lang) -> Watch {
        // If the signals cannot be taken over, Ctrl-C keeps its default: the process ends.
        let _ = interrupt::watch().and_then(|()| interrupt::exit_on_second());
        let bar = term::bar(Key::CountBar.text(lang), None, term::Show::Later);
        if let Some(total) = estimate {
            bar.set_message(say!(lang, CountBarEstimate, time = roughly_in(total, lang)));
        }
        Watch { bar }
    }

    /// The flag Ctrl-C sets.
    pub fn stop(&self) -> &'static AtomicBool {
        interrupt::heard()
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
