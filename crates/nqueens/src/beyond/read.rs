//! `read` — a solution as someone wrote it: one column a line, or boards as the documents draw them.
//!
//! What [`check()`](super::check()) checks is a slice of columns; what a student hands in is text.
//! Two shapes of text are read, told apart by the first line that is not blank ([`Written::of`]):
//!
//! - **Columns**, as `labs solve` writes them: one whole number a line, row r's queen's column
//!   from 0 ([`columns`]). They are parsed in place a chunk at a time and never kept: a second
//!   pass over the same rows ([`Passes`]) finds the queen off the board, once the board's size is
//!   known at the end, and the upper queen of an attacking pair ([`check_columns`]). So a board of
//!   10⁸ rows costs the [`Checker`]'s bits, under a byte a queen, and three reads.
//! - **Boards**, as the documents print them: rows of `Q`/`K`/`1` for a queen and `.`/`0`/a space
//!   for an empty square, with or without spaces between squares, `#` frames (document 001) and
//!   LeetCode's JSON list of row strings ([`rows_of`]). Lines that are no row (`No. 1`,
//!   `total: 2`, a line of `=`) are passed over; n rows of n squares make one board ([`boards`]).
//!
//! Nothing here is worded: a flaw is a [`Flaw`], bad text a [`Bad`] or a [`BadRow`] with its line
//! number, and `labs check` and the judge's `one` format each say them in their own words. Read
//! [`check`](mod@super::check) first; the judge's checker (`labs_judge::one`) reads next.

use super::check::{Attack, Checker, Clash, Flaw, check};
use std::io::{self, Read};
use std::ops::ControlFlow;

/// Bytes read at a time: the columns are parsed in place, a chunk at a time.
const CHUNK: usize = 1 << 20;

/// Which shape a text is in, by its first line that is not blank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// Nothing but blank lines.
    Empty,
    /// Digits: one column a line.
    Columns,
    /// Anything else: boards (or text that is none, which [`boards`] names).
    Boards,
}

impl Written {
    /// The shape of a text whose first line that is not blank is `head` (`None`: there is none).
    pub fn of(head: Option<&[u8]>) -> Written {
        match head.map(<[u8]>::trim_ascii) {
            None | Some([]) => Written::Empty,
            Some(line) if line.iter().all(u8::is_ascii_digit) => Written::Columns,
            Some(_) => Written::Boards,
        }
    }

    /// The shape of the whole text `bytes`.
    pub fn of_text(bytes: &[u8]) -> Written {
        Written::of(bytes.split(|&b| b == b'\n').find(|l| !l.trim_ascii().is_empty()))
    }
}

/// Why a line of columns is no column.
#[derive(Debug)]
pub enum Bad {
    /// Line `.0` (from 1) holds something that is no whole number below 2³².
    NotANumber(usize),
    /// Line `.0` (from 1) is blank, with columns after it.
    Blank(usize),
    /// Reading failed.
    Io(io::Error),
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

/// Rows of columns that can be read more than once, each pass from the top: a file opened again,
/// columns kept, bytes in memory.
pub trait Passes {
    /// Calls `each` with every row's column, top down, until it breaks.
    fn pass(&mut self, each: &mut dyn FnMut(u32) -> ControlFlow<()>) -> Result<(), Bad>;
}

/// Bytes in memory, read again for each pass.
impl Passes for &[u8] {
    fn pass(&mut self, each: &mut dyn FnMut(u32) -> ControlFlow<()>) -> Result<(), Bad> {
        columns(&mut &**self, each)
    }
}

/// Columns kept, as standard input's must be.
impl Passes for Vec<u32> {
    fn pass(&mut self, each: &mut dyn FnMut(u32) -> ControlFlow<()>) -> Result<(), Bad> {
        let _ = self.iter().try_for_each(|&col| each(col));
        Ok(())
    }
}

/// What [`check_columns`] found: how many rows (the board's size), and the first flaw, top down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Columns {
    /// Rows read: n. More than the `max` asked for when there were more; then no flaw is sought.
    pub n: usize,
    /// The first queen off the n×n board or attacked from above, if any.
    pub flaw: Option<Flaw>,
}

/// Checks the columns `rows` holds as one n×n board, n its number of rows, reading no more than
/// `max` + 1 of them. One pass marks lines and finds the first attack; a second, only if some
/// column is n or more, finds the first queen off the board; a third, only for an attack, finds
/// its upper queen. Nothing is kept but the [`Checker`]'s bits.
pub fn check_columns(rows: &mut dyn Passes, max: usize) -> Result<Columns, Bad> {
    let (mut checker, mut held, mut widest) = (Checker::default(), None::<Clash>, 0usize);
    rows.pass(&mut |col| {
        let col = col as usize;
        widest = widest.max(col);
        if let Err(clash) = checker.push(col) {
            held = held.or(Some(clash));
        }
        if checker.rows() > max { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    })?;
    let n = checker.rows();
    if n > max {
        return Ok(Columns { n, flaw: None });
    }
    // The first queen off the board, once the board's size is known: a pass again, only if one is.
    let first = |rows: &mut dyn Passes, found: &mut dyn FnMut(usize, usize) -> bool| {
        let (mut row, mut at) = (0, None);
        rows.pass(&mut |col| {
            row += 1;
            match found(row - 1, col as usize) {
                true => {
                    at = Some((row - 1, col as usize));
                    ControlFlow::Break(())
                }
                false => ControlFlow::Continue(()),
            }
        })
        .map(|()| at)
    };
    let off = match widest >= n {
        true => first(rows, &mut |_, col| col >= n)?,
        false => None,
    };
    let flaw = match (held, off) {
        (Some(held), Some((row, col))) if row <= held.row => Some(Flaw::OffBoard { row, col }),
        (Some(held), _) => {
            let upper = first(rows, &mut |row, col| held.is_held_by(row, col))?;
            let upper = upper.expect("a queen above holds the line");
            Some(Flaw::Attack(Attack { upper, lower: (held.row, held.col), line: held.line }))
        }
        (None, Some((row, col))) => Some(Flaw::OffBoard { row, col }),
        (None, None) => None,
    };
    Ok(Columns { n, flaw })
}

/// Why a text of boards is no board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadRow {
    /// Line `line` (from 1) is a row of another length than the board's first.
    Length {
        /// The line, from 1.
        line: usize,
    },
    /// Line `line` is a row with no queen.
    Empty {
        /// The line, from 1.
        line: usize,
    },
    /// Line `line` is a row with two queens or more.
    Two {
        /// The line, from 1.
        line: usize,
    },
    /// The text ends inside a board: `rows` of its `n` rows were read.
    Short {
        /// The rows read.
        rows: usize,
        /// The board's size.
        n: usize,
    },
    /// The text holds no board at all.
    Nothing,
}

/// What [`boards`] found: the boards' size, how many were read, and the first that is no
/// solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Boards {
    /// The size of every board (the first's width).
    pub n: usize,
    /// Boards read: all of them, or up to the flawed one.
    pub count: usize,
    /// The first board that is no solution, and its flaw: the reading stops there.
    pub flaw: Option<Flaw>,
}

/// The boards in `text`, in the documents' formats, each checked as it is read, until the first
/// that is no solution. A board of document 003 is printed column by column: it is checked as
/// printed (a board and its mirror image in the diagonal are solutions together).
pub fn boards(text: &str) -> Result<Boards, BadRow> {
    let mut board: Vec<usize> = Vec::new();
    let (mut width, mut count) = (0, 0);
    for (k, written) in text.lines().enumerate() {
        let line = k + 1;
        for row in rows_of(written) {
            if board.is_empty() {
                width = row.len();
            } else if row.len() != width {
                return Err(BadRow::Length { line });
            }
            let mut queens = row.iter().enumerate().filter(|(_, q)| **q).map(|(c, _)| c);
            match (queens.next(), queens.next()) {
                (Some(col), None) => board.push(col),
                (None, _) => return Err(BadRow::Empty { line }),
                (Some(_), Some(_)) => return Err(BadRow::Two { line }),
            }
            if board.len() == width {
                count += 1;
                if let Err(flaw) = check(&board) {
                    return Ok(Boards { n: width, count, flaw: Some(flaw) });
                }
                board.clear();
            }
        }
    }
    if !board.is_empty() {
        return Err(BadRow::Short { rows: board.len(), n: width });
    }
    match count {
        0 => Err(BadRow::Nothing),
        _ => Ok(Boards { n: width, count, flaw: None }),
    }
}

/// The board rows a line holds, each square a queen or not: none for a line that is no row
/// (`No. 1`, a frame of `#`), several for LeetCode's one line of JSON.
pub fn rows_of(line: &str) -> Vec<Vec<bool>> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solvers::Conflict;

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

    #[test]
    fn columns_read_twice_agree_with_the_check_of_a_slice() {
        let checked = |text: &str| check_columns(&mut text.as_bytes(), 100).unwrap();
        assert_eq!(checked("1\n3\n0\n2\n"), Columns { n: 4, flaw: None });
        let attack = |upper, lower, line| Some(Flaw::Attack(Attack { upper, lower, line }));
        assert_eq!(checked("0\n3\n1\n2\n").flaw, attack((2, 1), (3, 2), Conflict::Diagonal));
        assert_eq!(checked("1\n3\n0\n2\n9\n").flaw, Some(Flaw::OffBoard { row: 4, col: 9 }));
        // An attack above the queen off the board is named first, as `check` names it.
        assert_eq!(checked("0\n0\n7\n").flaw, check(&[0, 0, 7]).err());
        assert_eq!(check_columns(&mut vec![1, 3, 0, 2], 3).unwrap().n, 4);
        for cols in [[2usize, 0, 3, 1, 4], [0, 2, 4, 1, 3], [4, 4, 0, 1, 2], [1, 2, 0, 4, 3]] {
            let text: String = cols.iter().map(|c| format!("{c}\n")).collect();
            assert_eq!(checked(&text).flaw, check(&cols).err(), "{cols:?}");
        }
    }

    #[test]
    fn boards_are_counted_and_the_first_flawed_one_named() {
        assert_eq!(boards(".Q..\n...Q\nQ...\n..Q.\n\n"), Ok(Boards { n: 4, count: 1, flaw: None }));
        let two = ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n";
        assert_eq!(boards(two), Ok(Boards { n: 4, count: 2, flaw: None }));
        assert_eq!(boards("Q.\n.Q\n").unwrap().flaw, check(&[0, 1]).err());
        assert_eq!(boards(".Q..\n...Q\n"), Err(BadRow::Short { rows: 2, n: 4 }));
        assert_eq!(boards(".Q..\n...Q.\n"), Err(BadRow::Length { line: 2 }));
        assert_eq!(boards("....\n"), Err(BadRow::Empty { line: 1 }));
        assert_eq!(boards("QQ\n"), Err(BadRow::Two { line: 1 }));
        assert_eq!(boards("hello\n"), Err(BadRow::Nothing));
    }
}
