//! What a terminal gets that a pipe does not: colour and progress.
//!
//! Colour goes to stdout only when it is a terminal and `NO_COLOR` is not set to a non-empty
//! value, as <https://no-color.org> asks, in every command. Progress goes to stderr, only when it
//! is a terminal, and only once the work has run for a second ([`delayed`]), so quick runs and
//! scripts never see it. This module imports nothing of the commands.

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

/// Whether progress may be drawn on stderr.
pub fn progress() -> bool {
    io::stderr().is_terminal()
}

/// `bar`, hidden for now, and drawn on stderr after [`QUIET`] if stderr is a terminal and the bar
/// is not finished by then. Finish it (`finish_and_clear`) to take it off the screen.
pub fn delayed(bar: ProgressBar) -> ProgressBar {
    bar.set_draw_target(ProgressDrawTarget::hidden());
    if progress() {
        let later = bar.downgrade();
        thread::spawn(move || {
            thread::sleep(QUIET);
            if let Some(bar) = later.upgrade().filter(|b| !b.is_finished()) {
                bar.set_draw_target(ProgressDrawTarget::stderr());
                bar.enable_steady_tick(Duration::from_millis(200));
            }
        });
    }
    bar
}

/// A spinner with the elapsed time for work whose length is unknown: `labs run`, `labs trace`.
pub fn spinner(what: String) -> ProgressBar {
    let style = ProgressStyle::with_template("{spinner} {msg}, {elapsed}").expect("the template is valid");
    delayed(ProgressBar::new_spinner().with_style(style).with_message(what))
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
