//! `labs interactive` — document 004's question-and-answer session around one search.
//!
//! Document 004 (a course lab after Kruse & Ryba) wraps its search in a loop: it asks for the size
//! of the board, prints every configuration followed by a line of `=`, then the total, and asks
//! whether to go on. The session keeps its strings, typos included: the prompt with no newline
//! after it, `The number must between 0 and 15` for sizes outside the range (`--max-size` moves
//! the upper bound), `there is total K configurations.` and the continue question. The boards are
//! drawn by the [`kruse`](crate::format::kruse) format, and they come *before* the total
//! line: the document's one `cout` statement would print `there is total ` first on a C++17
//! compiler, a bug this session does not copy.
//!
//! Answers are read as words separated by whitespace, as `cin >>` reads them, so a piped session
//! may put them on one line or many. The answer `y` goes round again; any other word, or the end
//! of input, ends the session with success. Size 0 is in range and does what the document's
//! search does with it: the empty board is already solved, so one empty configuration is printed
//! (no rows, then the `=` line) and the total is 1. A word that is not a whole number, or the end
//! of input, at the size prompt ends the session with a usage error, as there is nothing to
//! search: the document's program would loop on a failed `cin` instead.

use crate::catalogue::Key;
use crate::error::Error;
use crate::facts::{INTERACTIVE, Limit};
use crate::format::{Format, Request, stream};
use crate::input::{is_whole_number, next_word, parse_size};
use crate::lang::Lang;
use crate::solvers::Algo;
use std::io::{self, BufRead, IsTerminal, Write};

/// Runs the session: questions and boards to `out`, answers from `input`, sizes from 0 to `max`,
/// searched by `algo`.
/// The session's own questions are the document's, in every language; what `labs` adds (the
/// message at the end of input) is in `lang`.
pub fn session(algo: Algo, max: usize, lang: Lang, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), Error> {
    let limit = Limit { max, ..INTERACTIVE };
    loop {
        out.write_all(b"What is the size of the board?")?;
        out.flush()?;
        let Some(word) = next_word(input, Key::WordBoardSize, lang)? else {
            if io::stdout().is_terminal() {
                // Ctrl-D ends the prompt's line unechoed: the error starts a line of its own.
                writeln!(out)?;
            }
            return Err(Error::Usage(crate::catalogue::say!(lang, InteractiveEnd, max)));
        };
        let word = String::from_utf8_lossy(&word);
        match parse_size(&word, &limit, lang) {
            Ok(n) => configurations(algo, n, out)?,
            Err(_) if is_whole_number(&word) => writeln!(out, "The number must between 0 and {max}")?,
            Err(e) => return Err(e),
        }
        out.write_all(b"\nWould you like to continue? [y/n]\n")?;
        out.flush()?;
        if next_word(input, Key::WordContinue, lang)?.as_deref() != Some(b"y") {
            return Ok(());
        }
    }
}

/// Prints every configuration of the `n`×`n` board in the `kruse` format, then the total line.
fn configurations(algo: Algo, n: usize, out: &mut dyn Write) -> io::Result<()> {
    let mut render = Format::Kruse.renderer(n, algo.name());
    stream(&Request::all(algo, n), render.as_mut(), out).map(drop)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_zero_prints_one_empty_configuration() {
        let mut out = Vec::new();
        configurations(Algo::Kruse, 0, &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "================\nthere is total 1 configurations.\n");
    }
}
