//! `labs check` — is this a solution? Read from a file or stdin, in O(n), for n up to 10⁸.
//!
//! Two shapes of input are read, told apart by the first line that is not blank:
//!
//! - **Columns**, as `labs solve` writes them: one whole number a line, row r's queen's column
//!   from 0. The rows are streamed through [`nqueens::beyond::Checker`]'s bit sets (under a byte
//!   a queen) and never kept when they come from a file: a file is read once to count and check
//!   its rows (the board's size is known only at the end), again only if some column is off the
//!   board, and again only to find the upper queen of an attacking pair. Standard input cannot be
//!   read twice, so its columns are kept, 4 bytes a queen. [`nqueens::beyond::read`] reads and
//!   checks; this module words what it found.
//! - **Boards**, as the documents print them: rows of `Q`/`K`/`1` for a queen and `.`/`0`/a space
//!   for an empty square, with or without spaces between squares, `#` frames (document 001) and
//!   LeetCode's JSON list of row strings. Lines that are no row (`No. 1`, `total: 2`, a line of
//!   `=`) are passed over; n rows of n squares make one board, and every board is checked. A
//!   board of document 003 is printed column by column: it is checked as printed (a board and
//!   its mirror image in the diagonal are solutions together), so its pair is named as printed.
//!
//! A board that is no solution is a failure (exit 1), named by its first attacking pair, top down;
//! input that is no board (a word, an empty row, a row of another length) is bad input (exit 2),
//! named by its line.

use crate::catalogue::{Key, say};
use crate::error::Error;
use crate::escape::visible;
use crate::lang::Lang;
use nqueens::beyond::read::{self, Bad, BadRow, Passes, Written};
use nqueens::beyond::{Attack, Flaw};
use nqueens::solvers::Conflict;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::ops::ControlFlow;
use std::path::Path;

/// The largest board `labs check` reads as columns: 10⁸ queens, a file of about 900 MB.
pub const MAX_COLUMNS: usize = 100_000_000;

/// Bytes read at a time from a file.
const CHUNK: usize = 1 << 20;

/// Checks the solution in `path` (`None` or `-`: stdin), writing the verdict to `out`.
pub fn run(path: Option<&Path>, lang: Lang, out: &mut dyn Write) -> Result<(), Error> {
    let file = path.filter(|p| *p != Path::new("-"));
    let mut input: Box<dyn BufRead> = match file {
        Some(p) => Box::new(BufReader::with_capacity(CHUNK, open(p, lang)?)),
        None => Box::new(io::stdin().lock()),
    };
    let mut head = Vec::new();
    // The blank lines before the first that is not, and that line.
    while input.read_until(b'\n', &mut head)? > 0 && head.trim_ascii().is_empty() {}
    match Written::of(Some(&head)) {
        Written::Empty => return Err(Error::Usage(say!(lang, CheckNothing))),
        Written::Boards => {
            input.read_to_end(&mut head)?;
            return boards(&String::from_utf8_lossy(&head), lang, out);
        }
        Written::Columns => {}
    }
    let checked = match file {
        Some(path) => read::check_columns(&mut Reopened { path, head: Some((head, input)), lang }, MAX_COLUMNS),
        // Standard input is read once: its columns are kept, for the passes a flaw needs.
        None => {
            let mut kept = Vec::new();
            read::columns(&mut head.as_slice().chain(input), |col| {
                kept.push(col);
                if kept.len() > MAX_COLUMNS { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            })
            .map_err(|bad| said(bad, lang))?;
            read::check_columns(&mut kept, MAX_COLUMNS)
        }
    }
    .map_err(|bad| said(bad, lang))?;
    if checked.n > MAX_COLUMNS {
        return Err(Error::Usage(say!(lang, CheckTooLarge, max = MAX_COLUMNS)));
    }
    verdict(checked.n, 1, checked.flaw, lang, out)
}

/// `path`, opened, or why not in one line.
fn open(path: &Path, lang: Lang) -> Result<File, Error> {
    File::open(path).map_err(|e| {
        Error::Usage(say!(
            lang,
            CheckCannotRead,
            file = visible(&path.display().to_string()),
            e = crate::error::io_words(&e, lang)
        ))
    })
}

/// A file's columns, each pass read from the file again: the first from what was read already
/// (its first line, `head`) and the rest of that reading, the others from the file reopened.
struct Reopened<'a> {
    path: &'a Path,
    head: Option<(Vec<u8>, Box<dyn BufRead + 'a>)>,
    lang: Lang,
}

impl Passes for Reopened<'_> {
    fn pass(&mut self, each: &mut dyn FnMut(u32) -> ControlFlow<()>) -> Result<(), Bad> {
        match self.head.take() {
            Some((head, rest)) => read::columns(&mut head.as_slice().chain(rest), each),
            None => {
                let file = open(self.path, self.lang).map_err(|e| Bad::Io(io::Error::other(e.message(self.lang))))?;
                read::columns(&mut BufReader::with_capacity(CHUNK, file), each)
            }
        }
    }
}

/// The boards in `text`, in the documents' formats, each checked.
fn boards(text: &str, lang: Lang, out: &mut dyn Write) -> Result<(), Error> {
    let bad = |line: usize, key: Key| Error::Usage(say!(lang, CheckBadRow, line, why = key.text(lang)));
    match read::boards(text) {
        Ok(found) => verdict(found.n, found.count, found.flaw, lang, out),
        Err(BadRow::Length { line }) => Err(bad(line, Key::CheckRowLength)),
        Err(BadRow::Empty { line }) => Err(bad(line, Key::CheckRowEmpty)),
        Err(BadRow::Two { line }) => Err(bad(line, Key::CheckRowTwo)),
        Err(BadRow::Short { rows, n }) => Err(Error::Usage(say!(lang, CheckShortBoard, rows, n))),
        Err(BadRow::Nothing) => Err(Error::Usage(say!(lang, CheckNothing))),
    }
}

/// Writes what the check found: `boards` of `n` queens, each a solution, or the flaw of the last
/// of them (named by its number when it is not the first).
fn verdict(n: usize, boards: usize, flaw: Option<Flaw>, lang: Lang, out: &mut dyn Write) -> Result<(), Error> {
    let Some(flaw) = flaw else {
        writeln!(
            out,
            "{}",
            match boards {
                1 => say!(lang, CheckValid, n),
                _ => say!(lang, CheckValidBoards, boards, n),
            }
        )?;
        return Ok(());
    };
    let why = flaw_words(flaw, n, lang);
    Err(Error::Failed(match boards {
        1 => say!(lang, CheckFault, why),
        k => say!(lang, CheckBoardFault, k, why),
    }))
}

/// A flaw of an n×n board in words: the queen off the board, or the attacking pair as (row,col)
/// from 0, as the trace counts them, and their line.
pub fn flaw_words(flaw: Flaw, n: usize, lang: Lang) -> String {
    match flaw {
        Flaw::OffBoard { row, col } => say!(lang, CheckOffBoard, row, col, n),
        Flaw::Attack(Attack { upper, lower, line }) => {
            let line = match line {
                Conflict::Column | Conflict::Row => Key::TraceLineColumn,
                Conflict::Diagonal => Key::TraceLineDiagonal,
                Conflict::AntiDiagonal => Key::TraceLineAntiDiagonal,
            };
            say!(
                lang,
                CheckAttack,
                upper = format!("({},{})", upper.0, upper.1),
                lower = format!("({},{})", lower.0, lower.1),
                line = line.text(lang)
            )
        }
    }
}

/// A line of columns that is no column, in words.
fn said(bad: Bad, lang: Lang) -> Error {
    match bad {
        Bad::NotANumber(line) => Error::Usage(say!(lang, CheckNotAColumn, line)),
        Bad::Blank(line) => Error::Usage(say!(lang, CheckBlankLine, line)),
        Bad::Io(e) => Error::Io(e),
    }
}
