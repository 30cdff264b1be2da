//! What a terminal gets that a pipe does not: colour and progress.
//!
//! Colour follows `--color auto|always|never` ([`choose_color`]); with `auto`, the default, it
//! follows the ecosystem's variables as `anstream` reads them (the same rules as cargo and
//! ripgrep): `NO_COLOR` set and not empty means none (<https://no-color.org>);
//! `CLICOLOR_FORCE` set and not empty means colour even in a pipe; `CLICOLOR=0` means none;
//! otherwise colour goes to a terminal whose `TERM` is not `dumb`, or to any terminal when `CI` is
//! set (a CI log shows colour whatever `TERM` says).
//!
//! Progress has one rule and one API ([`bar`]). It goes to stderr, only when stderr is a
//! terminal (not `TERM=dumb`, which cannot erase a line: indicatif sees to that) *and stdout is
//! a terminal or a file* ([`progress`]): with stdout a pipe, the program reading it (`less`, `head`) may own the screen, and a spinner on stderr would draw over its
//! prompt. The cost: `labs run 14 | wc -l` shows no sign of life, where `> out.txt` still does
//! (and `> /dev/null`, a device rather than a file, does not). Most progress appears only once
//! the work has run for a second ([`QUIET`]), so quick runs never flash.
//!
//! Long text for a terminal goes through a pager as git does it ([`page`]): only when stdout is
//! a terminal and the text is taller than it; `$PAGER` if set (empty or `cat`: none), else
//! `less -R` where it exists, else no pager. This module imports nothing of the commands.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{self, IsTerminal, Write};
use std::process::{Command, Stdio};
use std::thread;
use std::time::Duration;

/// How long work runs before its progress appears.
pub const QUIET: Duration = Duration::from_secs(1);

/// Sets what `--color` asked for, once, before any output.
pub fn choose_color(when: anstream::ColorChoice) {
    anstream::ColorChoice::write_global(when);
}

/// Whether stdout is a terminal that can redraw a screen in place (`trace --animate`): it reads
/// escape codes ([`escapes`]) and its `TERM` is not `dumb`.
pub fn redraws() -> bool {
    io::stdout().is_terminal() && escapes() && std::env::var_os("TERM").is_none_or(|term| term != "dumb")
}

/// Whether stdout may be coloured, as `--color` and the variables say, and a terminal there
/// reads the codes ([`escapes`]).
pub fn color() -> bool {
    anstream::AutoStream::choice(&io::stdout()) != anstream::ColorChoice::Never
        && (!io::stdout().is_terminal() || escapes())
}

/// Whether the terminal reads escape codes (colour, `trace --animate`'s clear screen). Unix
/// terminals do. A Windows console does once asked to (virtual terminal processing, Windows 10
/// and later): the first call asks, for stdout and stderr, and a console too old to be asked
/// gets plain text.
pub fn escapes() -> bool {
    static READ: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *READ.get_or_init(|| anstyle_query::windows::enable_ansi_colors().unwrap_or(true))
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
            // Where the system refuses a thread (no processes left), the bar is never shown.
            let _ = thread::Builder::new().spawn(move || {
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

/// Writes `text` to `out`, or, when `pager` is allowed, stdout is a terminal and `text` is taller
/// than it, through the pager (`pager`). A pager that cannot start leaves the text to `out`;
/// one the user quits early is no error.
pub fn page(text: &str, pager: bool, out: &mut dyn Write) -> io::Result<()> {
    let taller = || height().is_some_and(|h| text.lines().count() > h);
    let command = pager.then(self::pager).flatten().filter(|_| io::stdout().is_terminal() && taller());
    let started = command.and_then(|mut command| command.stdin(Stdio::piped()).spawn().ok());
    let Some(mut child) = started else { return out.write_all(text.as_bytes()) };
    out.flush()?;
    let written = child.stdin.take().map_or(Ok(()), |mut stdin| stdin.write_all(text.as_bytes()));
    child.wait()?;
    match written {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}

/// The terminal's height in lines: `LINES` when set to a number, else the terminal's own.
fn height() -> Option<usize> {
    let set = std::env::var("LINES").ok().and_then(|l| l.trim().parse::<usize>().ok()).filter(|&l| l > 0);
    set.or_else(|| terminal_size::terminal_size().map(|(_, h)| usize::from(h.0)).filter(|&h| h > 0))
}

/// The pager: `$PAGER` split at spaces (none when it is empty or `cat`), else `less -R` where
/// `less` is on the PATH.
fn pager() -> Option<Command> {
    let words: Vec<String> = match std::env::var("PAGER") {
        Ok(pager) => pager.split_whitespace().map(String::from).collect(),
        Err(_) => which::which("less").ok().map(|_| vec!["less".into(), "-R".into()])?,
    };
    let (program, args) = words.split_first()?;
    (program != "cat").then(|| {
        let mut command = Command::new(program);
        command.args(args);
        command
    })
}
