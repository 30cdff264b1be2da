//! `labs check` — is this a solution? Read from a file or stdin, in O(n), for n up to 10⁸.
//!
//! Two shapes of input are read, told apart by the first line that is not blank:
//!
//! - **Columns**, as `labs solve` writes them: one whole number a line, row r's queen's column
//!   from 0. The rows are streamed through [`nqueens::beyond::Checker`]'s bit sets (under a byte
//!   a queen) and never kept when they come from a file: a file is read once to count its rows
//!   (the board's size), once to check them, and a third time only to find the upper queen of an
//!   attacking pair. Standard input cannot be read twice, so its columns are kept, 4 bytes a queen.
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
use nqueens::beyond::{Attack, Checker, Clash, Flaw, check};
use nqueens::solvers::Conflict;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::ops::ControlFlow;
use std::path::Path;

/// The largest board `labs check` reads as columns: 10⁸ queens, a file of about 900 MB.
pub const MAX_COLUMNS: usize = 100_000_000;

/// Bytes read at a time: the columns are parsed in place, a chunk at a time.
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
    if head.trim_ascii().is_empty() {
        return Err(Error::Usage(say!(lang, CheckNothing)));
    }
    if !head.trim_ascii().iter().all(u8::is_ascii_digit) {
        input.read_to_end(&mut head)?;
        return boards(&String::from_utf8_lossy(&head), lang, out);
    }
    let mut rest = head.as_slice().chain(input);
    let mut scan = Scan::default();
    let rows = match file {
        Some(path) => {
            columns(&mut rest, |col| scan.push(col)).map_err(|bad| bad.said(lang))?;
            Rows::File(path)
        }
        // Standard input is read once: its columns are kept, for the passes a flaw needs.
        None => {
            let mut kept = Vec::new();
            columns(&mut rest, |col| {
                kept.push(col);
                if kept.len() > MAX_COLUMNS { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
            })
            .map_err(|bad| bad.said(lang))?;
            let _ = kept.iter().try_for_each(|&col| scan.push(col));
            Rows::Kept(kept)
        }
    };
    let n = scan.checker.rows();
    if n > MAX_COLUMNS {
        return Err(Error::Usage(say!(lang, CheckTooLarge, max = MAX_COLUMNS)));
    }
    // The first queen off the board, once the board's size is known: a pass again, only if one is.
    let mut off = None;
    if scan.widest >= n {
        rows.each(lang, |row, col| match col >= n {
            true => {
                off = Some((row, col));
                ControlFlow::Break(())
            }
            false => ControlFlow::Continue(()),
        })?;
    }
    let flaw = match (scan.held, off) {
        (Some(held), Some((row, col))) if row <= held.row => Some(Flaw::OffBoard { row, col }),
        (Some(held), _) => {
            let mut upper = None;
            rows.each(lang, |row, col| match held.is_held_by(row, col) {
                true => {
                    upper = Some((row, col));
                    ControlFlow::Break(())
                }
                false => ControlFlow::Continue(()),
            })?;
            let upper = upper.expect("a queen above holds the line");
            Some(Flaw::Attack(Attack { upper, lower: (held.row, held.col), line: held.line }))
        }
        (None, Some((row, col))) => Some(Flaw::OffBoard { row, col }),
        (None, None) => None,
    };
    verdict(n, 1, flaw, lang, out)
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

/// The check of a stream of columns as it goes: the lines held, the first attack, the widest
/// column (which is off the board only once the board's size is known, at the end).
#[derive(Default)]
struct Scan {
    checker: Checker,
    held: Option<Clash>,
    widest: usize,
}

impl Scan {
    fn push(&mut self, col: u32) -> ControlFlow<()> {
        let col = col as usize;
        self.widest = self.widest.max(col);
        if let Err(held) = self.checker.push(col) {
            self.held = self.held.or(Some(held));
        }
        if self.checker.rows() > MAX_COLUMNS { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    }
}

/// The columns again, for the passes a flaw needs: read from the file once more, or kept.
enum Rows<'a> {
    File(&'a Path),
    Kept(Vec<u32>),
}

impl Rows<'_> {
    /// Calls `each` with every row and its column, top down, until it breaks.
    fn each(&self, lang: Lang, mut each: impl FnMut(usize, usize) -> ControlFlow<()>) -> Result<(), Error> {
        let mut row = 0;
        let mut next = |col: u32| {
            row += 1;
            each(row - 1, col as usize)
        };
        match self {
            Rows::Kept(cols) => {
                let _ = cols.iter().try_for_each(|&col| next(col));
            }
            Rows::File(path) => {
                columns(&mut open(path, lang)?, next).map_err(|bad| bad.said(lang))?;
            }
        }
        Ok(())
    }
}

/// The boards in `text`, in the documents' formats, each checked.
fn boards(text: &str, lang: Lang, out: &mut dyn Write) -> Result<(), Error> {
    let mut board: Vec<usize> = Vec::new();
    let mut width = 0;
    let mut count = 0;
    for (k, line) in text.lines().enumerate() {
        for row in rows_of(line) {
            let bad = |key: Key| Error::Usage(say!(lang, CheckBadRow, line = k + 1, why = key.text(lang)));
            if board.is_empty() {
                width = row.len();
            } else if row.len() != width {
                return Err(bad(Key::CheckRowLength));
            }
            let mut queens = row.iter().enumerate().filter(|(_, q)| **q).map(|(c, _)| c);
            match (queens.next(), queens.next()) {
                (Some(col), None) => board.push(col),
                (None, _) => return Err(bad(Key::CheckRowEmpty)),
                (Some(_), Some(_)) => return Err(bad(Key::CheckRowTwo)),
            }
            if board.len() == width {
                count += 1;
                if let Err(fault) = check(&board) {
                    return verdict(width, count, Some(fault), lang, out);
                }
                board.clear();
            }
        }
    }
    if !board.is_empty() {
        return Err(Error::Usage(say!(lang, CheckShortBoard, rows = board.len(), n = width)));
    }
    if count == 0 {
        return Err(Error::Usage(say!(lang, CheckNothing)));
    }
    verdict(width, count, None, lang, out)
}

/// The board rows a line holds, each square a queen or not: none for a line that is no row
/// (`No. 1`, a frame of `#`), several for LeetCode's one line of JSON.
fn rows_of(line: &str) -> Vec<Vec<bool>> {
    let line = line.trim_end();
    if line.trim_start().starts_with('[') {
        return line.split('"').skip(1).step_by(2).filter_map(squares).collect();
    }
    // Document 001: `#` at both ends, a square a character, a space an empty one.
    if let Some(inner) = line.strip_prefix('#').and_then(|l| l.strip_suffix('#')) {
        if inner.is_empty() || inner.chars().all(|c| c == '#') {
            return Vec::new();
        }
        return match inner.chars().all(|c| matches!(c, ' ' | 'K')) {
            true => vec![inner.chars().map(|c| c == 'K').collect()],
            false => Vec::new(),
        };
    }
    squares(&line.replace(' ', "")).into_iter().collect()
}

/// A row written one character a square (`Q`, `K`, `1` a queen; `.`, `0` none), or `None`.
fn squares(row: &str) -> Option<Vec<bool>> {
    (!row.is_empty() && row.chars().all(|c| matches!(c, 'Q' | 'K' | '1' | '.' | '0')))
        .then(|| row.chars().map(|c| matches!(c, 'Q' | 'K' | '1')).collect())
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
    let why = match flaw {
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
    };
    Err(Error::Failed(match boards {
        1 => say!(lang, CheckFault, why),
        k => say!(lang, CheckBoardFault, k, why),
    }))
}

/// Why a line of columns is no column.
#[derive(Debug)]
pub enum Bad {
    /// Line `.0` holds something that is no whole number.
    NotANumber(usize),
    /// Line `.0` is blank, with columns after it.
    Blank(usize),
    /// Reading failed.
    Io(io::Error),
}

impl Bad {
    fn said(self, lang: Lang) -> Error {
        match self {
            Bad::NotANumber(line) => Error::Usage(say!(lang, CheckNotAColumn, line)),
            Bad::Blank(line) => Error::Usage(say!(lang, CheckBlankLine, line)),
            Bad::Io(e) => Error::Io(e),
        }
    }
}

/// Calls `each` with the columns `reader` holds, one whole number a line (spaces around it and a
/// `\r` allowed, blank lines only at the end), until it breaks. Parsed in place a chunk at a time,
/// with no call per line: 10⁸ lines are read about as fast as the disk gives them.
pub fn columns(reader: &mut dyn Read, mut each: impl FnMut(u32) -> ControlFlow<()>) -> Result<(), Bad> {
    let mut buf = vec![0u8; CHUNK];
    // The line being read (from 1), its number so far and its digits, whether a space ended it,
    // and the blank lines since the last column.
    let (mut line, mut value, mut digits, mut ended, mut blanks) = (1usize, 0u64, 0u32, false, 0usize);
    loop {
        let read = match reader.read(&mut buf) {
            Ok(0) => break,
            Ok(read) => read,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(Bad::Io(e)),
        };
        for &b in &buf[..read] {
            match b {
                b'0'..=b'9' if !ended && digits < 10 => {
                    value = value * 10 + u64::from(b - b'0');
                    digits += 1;
                }
                b'\n' => {
                    if digits == 0 {
                        blanks += 1;
                    } else {
                        if blanks > 0 {
                            return Err(Bad::Blank(line - blanks));
                        }
                        let col = u32::try_from(value).map_err(|_| Bad::NotANumber(line))?;
                        if each(col).is_break() {
                            return Ok(());
                        }
                    }
                    (line, value, digits, ended) = (line + 1, 0, 0, false);
                }
                b' ' | b'\t' | b'\r' => ended = digits > 0,
                _ => return Err(Bad::NotANumber(line)),
            }
        }
    }
    if digits > 0 {
        if blanks > 0 {
            return Err(Bad::Blank(line - blanks));
        }
        let col = u32::try_from(value).map_err(|_| Bad::NotANumber(line))?;
        let _ = each(col);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn columns(text: &str) -> Result<Vec<u32>, String> {
        let mut cols = Vec::new();
        super::columns(&mut text.as_bytes(), |c| {
            cols.push(c);
            ControlFlow::Continue(())
        })
        .map_err(|b| format!("{b:?}"))?;
        Ok(cols)
    }

    #[test]
    fn columns_are_whole_numbers_one_a_line() {
        assert_eq!(columns("1\n3\n0\n2\n"), Ok(vec![1, 3, 0, 2]));
        assert_eq!(columns(" 1 \r\n3\n0\n2"), Ok(vec![1, 3, 0, 2]));
        assert_eq!(columns("1\n3\n\n\n"), Ok(vec![1, 3]));
        assert_eq!(columns("1\n\n3\n"), Err("Blank(2)".into()));
        assert_eq!(columns("1\nx\n"), Err("NotANumber(2)".into()));
        assert_eq!(columns("1\n-3\n"), Err("NotANumber(2)".into()));
        assert_eq!(columns("1 2\n"), Err("NotANumber(1)".into()));
        assert_eq!(columns("99999999999\n"), Err("NotANumber(1)".into()));
    }

    #[test]
    fn every_documents_rows_are_read() {
        assert_eq!(rows_of(". Q . ."), vec![vec![false, true, false, false]]);
        assert_eq!(rows_of(".Q.."), vec![vec![false, true, false, false]]);
        assert_eq!(rows_of("0 1 0 0"), vec![vec![false, true, false, false]]);
        assert_eq!(rows_of("# K  #"), vec![vec![false, true, false, false]]);
        assert_eq!(rows_of("######"), Vec::<Vec<bool>>::new());
        assert_eq!(rows_of("No. 1"), Vec::<Vec<bool>>::new());
        assert_eq!(rows_of("total: 2"), Vec::<Vec<bool>>::new());
        assert_eq!(rows_of("================"), Vec::<Vec<bool>>::new());
        assert_eq!(rows_of(r#"[[".Q","Q."],["Q.",".Q"]]"#).len(), 4);
    }
}
