//! What a terminal gets that a pipe does not: colour and progress.
//!
//! Colour goes to stdout only when it is a terminal and `NO_COLOR` is not set to a non-empty
//! value, as <https://no-color.org> asks, in every command.
//!
//! Progress has one rule and one API ([`bar`]). It goes to stderr, only when stderr is a
//! terminal *and stdout is a terminal or a file* ([`progress`]): with stdout a pipe, the program
//! reading it (`less`, `head`) may own the screen, and a spinner on stderr would draw over its
//! prompt. The cost: `labs run 14 | wc -l` shows no sign of life, where `> out.txt` still does
//! (and `> /dev/null`, a device rather than a file, does not). Most progress appears only once
//! the work has run for a second ([`QUIET`]), so quick runs never flash. This module imports
//! nothing of the commands.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, IsTerminal};
use std::thread;
use std::time::Duration;

/// How long work runs before its progress appears.
pub const QUIET: Duration = Duration::from_secs(1);

/// Whether stdout may be coloured: it is a terminal, and `NO_COLOR` is unset or empty.
pub fn color() -> bool {
    io::stdout().is_terminal() && no_color_allows(std::env::var_os("NO_COLOR").as_deref())
}

/// What a `NO_COLOR` value allows: colour only if it is absent or empty.
fn no_color_allows(value: Option<&std::ffi::OsStr>) -> bool {
    value.is_none_or(|v| v.is_empty())
}

/// Whether progress may be drawn on stderr: it is a terminal, and stdout is a terminal or a file.
pub fn progress() -> bool {
    io::stderr().is_terminal() && (io::stdout().is_terminal() || stdout_is_a_file())
}

/// Whether stdout is a regular file. `/dev/stdout` names it on Linux and macOS; where it does
/// not exist (Windows), stdout counts as no file, and progress shows only on a terminal.
fn stdout_is_a_file() -> bool {
    std::fs::metadata("/dev/stdout").is_ok_and(|m| m.is_file())
}

/// When a [`bar`] appears.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Show {
    /// At once: what it says from the start matters (grading: each student's score).
    Now,
    /// After [`QUIET`], if the work is not done by then.
    Later,
}

/// The progress of some work on stderr, in indicatif's `template`; `len` is how many steps it
/// has, if known. Hidden unless [`progress`] allows it; finish it (`finish_and_clear`) to take
/// it off the screen. Every progress line of the toolkit is made here.
pub fn bar(template: &str, len: Option<u64>, show: Show) -> ProgressBar {
    let style = ProgressStyle::with_template(template).expect("the template is valid");
    let bar = match len {
        Some(len) => ProgressBar::new(len),
        None => ProgressBar::no_length(),
    }
    .with_style(style);
    bar.set_draw_target(ProgressDrawTarget::hidden());
    if !progress() {
        return bar;
    }
    let draw = |bar: &ProgressBar| {
        bar.set_draw_target(ProgressDrawTarget::stderr());
        bar.enable_steady_tick(Duration::from_millis(200));
    };
    match show {
        Show::Now => draw(&bar),
        Show::Later => {
            let later = bar.downgrade();
            thread::spawn(move || {
                thread::sleep(QUIET);
                if let Some(bar) = later.upgrade().filter(|b| !b.is_finished()) {
                    draw(&bar);
                }
            });
        }
    }
    bar
}

/// A spinner with the elapsed time for work whose length is unknown: `labs run`, `labs trace`.
pub fn spinner(what: String) -> ProgressBar {
    bar("{spinner} {msg}, {elapsed}", None, Show::Later).with_message(what)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;

    #[test]
    fn no_color_set_to_anything_but_empty_turns_colour_off() {
        assert!(no_color_allows(None));
        assert!(no_color_allows(Some(OsStr::new(""))));
        assert!(!no_color_allows(Some(OsStr::new("1"))));
        assert!(!no_color_allows(Some(OsStr::new("0"))));
    }
}
