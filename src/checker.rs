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
use nqueens::beyond::check::{Met, upper};
use nqueens::beyond::{Attack, Checker, Flaw, check};
use nqueens::solvers::Conflict;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::Path;

/// The largest board `labs check` reads as columns: 10⁸ queens, a file of about 900 MB.
pub const MAX_COLUMNS: usize = 100_000_000;

/// Checks the solution in `path` (`None` or `-`: stdin), writing the verdict to `out`.
pub fn run(path: Option<&Path>, lang: Lang, out: &mut dyn Write) -> Result<(), Error> {
    let file = path.filter(|p| *p != Path::new("-"));
    let open = || -> Result<Box<dyn BufRead>, Error> {
        match file {
            Some(p) => File::open(p)
                .map(|f| Box::new(BufReader::with_capacity(1 << 16, f)) as Box<dyn BufRead>)
                .map_err(|e| Error::Usage(say!(lang, CheckCannotRead, file = visible(&p.display().to_string()), e))),
            None => Ok(Box::new(io::stdin().lock())),
        }
    };
    let mut input = open()?;
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
    let (n, fault) = match file {
        // Standard input is read once: its columns are kept.
        None => {
            let cols: Vec<u32> =
                Columns::new(head.as_slice().chain(input)).collect::<Result<_, _>>().map_err(|b| b.said(lang))?;
            let fault = fault_of(cols.len(), || Ok(cols.iter().map(|&c| c as usize)))?;
            (cols.len(), fault)
        }
        Some(_) => {
            drop(input);
            let mut n = 0;
            for col in Columns::new(open()?) {
                col.map_err(|b| b.said(lang))?;
                n += 1;
                if n > MAX_COLUMNS {
                    return Err(Error::Usage(say!(lang, CheckTooLarge, max = MAX_COLUMNS)));
                }
            }
            let fault = fault_of(n, || Ok(Columns::new(open()?).map(|c| c.map_or(0, |c| c as usize))))?;
            (n, fault)
        }
    };
    if n > MAX_COLUMNS {
        return Err(Error::Usage(say!(lang, CheckTooLarge, max = MAX_COLUMNS)));
    }
    verdict(n, 1, fault, None, lang, out)
}

/// The first fault of the `n` columns that `pass` streams (called once to check them, and once
/// more to name the upper queen of an attack), or none.
fn fault_of<I: Iterator<Item = usize>>(n: usize, pass: impl Fn() -> Result<I, Error>) -> Result<Option<Flaw>, Error> {
    let mut checker = Checker::new(n);
    let Some(met) = pass()?.find_map(|col| checker.push(col).err()) else { return Ok(None) };
    Ok(Some(match met {
        Met::OffBoard { row, col } => Flaw::OffBoard { row, col },
        Met::Held { row, col, line } => {
            let upper = upper(pass()?, (row, col), line).expect("the line is held by a queen above");
            Flaw::Attack(Attack { upper, lower: (row, col), line })
        }
    }))
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
                    return verdict(width, count, Some(fault), Some(count), lang, out);
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
    verdict(width, count, None, None, lang, out)
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

/// Writes what the check found: a solution (`boards` of `n` queens), or the fault of board
/// `which` (named when there were several).
fn verdict(
    n: usize,
    boards: usize,
    fault: Option<Flaw>,
    which: Option<usize>,
    lang: Lang,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let Some(fault) = fault else {
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
    let why = match fault {
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
    Err(Error::Failed(match which {
        Some(k) if boards > 1 || k > 1 => say!(lang, CheckBoardFault, k, why),
        _ => say!(lang, CheckFault, why),
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

/// The columns of a reader, one whole number a line (spaces around it and `\r` allowed, blank
/// lines only at the end), parsed from its buffer without a copy: a file of 10⁸ lines is read at
/// the speed of the disk.
pub struct Columns<R> {
    reader: R,
    /// The line being read, from 1.
    line: usize,
    /// Blank lines met since the last column.
    blanks: usize,
    failed: bool,
}

impl<R: BufRead> Columns<R> {
    /// The columns `reader` holds.
    pub fn new(reader: R) -> Columns<R> {
        Columns { reader, line: 0, blanks: 0, failed: false }
    }

    /// The next line's number, `None` for a blank one; `Err` past the end.
    fn next_line(&mut self) -> Result<Option<u64>, Option<Bad>> {
        let mut value: Option<u64> = None;
        let mut after = false;
        let mut any = false;
        loop {
            let buf = self.reader.fill_buf().map_err(|e| Some(Bad::Io(e)))?;
            if buf.is_empty() {
                return if any { Ok(value) } else { Err(None) };
            }
            any = true;
            let mut used = 0;
            for &b in buf {
                used += 1;
                match b {
                    b'0'..=b'9' if !after => {
                        let v = value.unwrap_or(0).checked_mul(10).and_then(|v| v.checked_add(u64::from(b - b'0')));
                        match v.filter(|&v| v < u64::from(u32::MAX)) {
                            Some(v) => value = Some(v),
                            None => return Err(Some(Bad::NotANumber(self.line + 1))),
                        }
                    }
                    b'\n' => {
                        self.reader.consume(used);
                        return Ok(value);
                    }
                    b' ' | b'\t' | b'\r' => after = value.is_some(),
                    _ => return Err(Some(Bad::NotANumber(self.line + 1))),
                }
            }
            self.reader.consume(used);
        }
    }
}

impl<R: BufRead> Iterator for Columns<R> {
    type Item = Result<u32, Bad>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        loop {
            let read = self.next_line();
            self.line += 1;
            match read {
                Ok(Some(col)) if self.blanks == 0 => return Some(Ok(col as u32)),
                Ok(Some(_)) => {
                    self.failed = true;
                    return Some(Err(Bad::Blank(self.line - self.blanks)));
                }
                Ok(None) => self.blanks += 1,
                Err(None) => return None,
                Err(Some(bad)) => {
                    self.failed = true;
                    return Some(Err(bad));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn columns(text: &str) -> Result<Vec<u32>, String> {
        Columns::new(text.as_bytes()).collect::<Result<Vec<_>, _>>().map_err(|b| format!("{b:?}"))
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
