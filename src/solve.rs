//! `labs solve` — one solution, by a construction, by local search, or by completing given
//! queens: what a course teaches after backtracking ([`nqueens::beyond`]).
//!
//! The construction is written as it is computed, a row at a time, so 10⁸ rows need no memory;
//! min-conflicts keeps its board (24 bytes a queen, [`nqueens::beyond::repair`]); the completion
//! search is `bits`' and takes the variants' boards. The columns format, one 0-based column a
//! line, is what `labs check` reads back; the documents' formats draw the board.

use crate::catalogue::{Key, say};
use crate::error::Error;
use crate::facts::{Limit, SOLVE_BUILT, SOLVE_REPAIRED};
use crate::format::{Format, Render};
use crate::input::board_size;
use crate::lang::Lang;
use nqueens::beyond::{self, Budget, Misplaced};
use nqueens::solvers::{MAX_N, Take, Tally};
use std::io::Write;

/// How `labs solve` finds its solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The explicit construction: O(n), every n ≥ 4.
    Construct,
    /// Min-conflicts local search from a seed.
    MinConflicts,
    /// `bits`' search from the given queens: a completion, or the proof that none exists.
    Backtrack,
}

impl Method {
    /// Every method, the default first.
    pub const ALL: [Method; 3] = [Method::Construct, Method::MinConflicts, Method::Backtrack];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Method::Construct => "construct",
            Method::MinConflicts => "min-conflicts",
            Method::Backtrack => "backtrack",
        }
    }

    /// The boards it takes.
    fn limit(self) -> &'static Limit {
        match self {
            Method::Construct => &SOLVE_BUILT,
            Method::MinConflicts => &SOLVE_REPAIRED,
            Method::Backtrack => &crate::facts::BOARD,
        }
    }
}

/// How `labs solve` writes its solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// One 0-based column a line, row 0 first: what `labs check` reads.
    Columns,
    /// A document's board (n up to 64).
    Board(Format),
}

/// What `labs solve` was asked.
pub struct Ask<'a> {
    /// The method, `None` for the default: the construction, or the completion when queens are given.
    pub method: Option<Method>,
    /// Queens given, `(row, col)` from 0.
    pub given: &'a [(usize, usize)],
    /// Min-conflicts' seed.
    pub seed: u64,
    /// The columns, or a document's board.
    pub shape: Shape,
    /// The words of the `pretty` format, in the language chosen.
    pub pretty: nqueens::format::pretty::Words,
    /// Also say the work done, on stderr.
    pub stats: bool,
    /// The board size as typed.
    pub n: Option<&'a str>,
}

/// A method that cannot keep the given queens was asked for with some.
pub struct GivenNeedsBacktrack(Method);

impl GivenNeedsBacktrack {
    /// In words.
    pub fn said(self, lang: Lang) -> Error {
        Error::Usage(say!(lang, SolveGivenNeedsBacktrack, method = self.0.name()))
    }
}

impl Ask<'_> {
    /// The method that will search: the one asked, else the construction, or the completion
    /// when queens are given.
    pub fn method(&self) -> Result<Method, GivenNeedsBacktrack> {
        match (self.method, self.given.is_empty()) {
            (Some(method), true) => Ok(method),
            (None | Some(Method::Backtrack), false) => Ok(Method::Backtrack),
            (None, true) => Ok(Method::Construct),
            (Some(method), false) => Err(GivenNeedsBacktrack(method)),
        }
    }
}

/// Finds one solution as `ask` says and writes it to `out`.
pub fn run(ask: Ask, lang: Lang, out: &mut dyn Write) -> Result<(), Error> {
    let method = ask.method().map_err(|e| e.said(lang))?;
    let n = board_size(ask.n, method.limit(), lang)?;
    if ask.shape != Shape::Columns && n > MAX_N {
        return Err(Error::Usage(say!(lang, SolveBoardTooLarge, n, max = MAX_N)));
    }
    let none = |key: Key| Error::Failed(say!(lang, SolveNone, n, why = key.text(lang)));
    let cols = match method {
        Method::Construct if ask.shape == Shape::Columns => {
            if !beyond::construct::exists(n) {
                return Err(none(Key::SolveNoneAtAll));
            }
            return write_columns((0..n).map(|row| beyond::construct::column(n, row)), out);
        }
        Method::Construct => beyond::construct(n).ok_or_else(|| none(Key::SolveNoneAtAll))?,
        Method::MinConflicts => {
            let mut moves = Counted::default();
            let found = beyond::min_conflicts(n, ask.seed, Budget::for_board(n), &mut moves);
            let cols = match found {
                None => return Err(none(Key::SolveNoneAtAll)),
                Some(Err(stalled)) => {
                    return Err(Error::Failed(say!(
                        lang,
                        SolveStalled,
                        n,
                        tries = stalled.tries,
                        starts = stalled.starts,
                        seed = ask.seed
                    )));
                }
                Some(Ok(cols)) => cols,
            };
            if ask.stats {
                eprintln!("{}", say!(lang, SolveMoves, starts = moves.starts, swaps = moves.swaps));
            }
            cols
        }
        Method::Backtrack => {
            let mut first = Tally::new(Take { inner: nqueens::solvers::Collect::default(), left: 1 });
            let _ = beyond::complete(n, ask.given, &mut first).map_err(|m| Error::Usage(misplaced(m, n, lang)))?;
            if ask.stats {
                eprintln!("{}", say!(lang, SolveNodes, nodes = first.work.placed));
            }
            let key = if ask.given.is_empty() { Key::SolveNoneAtAll } else { Key::SolveNoCompletion };
            first.inner.inner.0.pop().ok_or_else(|| none(key))?
        }
    };
    match ask.shape {
        Shape::Columns => write_columns(cols.into_iter(), out),
        Shape::Board(format) => {
            let mut render: Box<dyn Render> = match format {
                Format::Pretty => Box::new(nqueens::format::pretty::Pretty::with_words(n, method.name(), ask.pretty)),
                _ => format.renderer(n, method.name()),
            };
            render.boards(1);
            render.header(out)?;
            render.solution(1, &cols, out)?;
            render.footer(1, false, out)?;
            Ok(())
        }
    }
}

/// Why the given queens are no partial board, in words.
fn misplaced(m: Misplaced, n: usize, lang: Lang) -> String {
    match m {
        Misplaced::Size(_) => say!(lang, SolveBoardTooLarge, n, max = MAX_N),
        Misplaced::OffBoard { row, col } => say!(lang, SolveGivenOffBoard, row, col, n),
        Misplaced::SameRow(row) => say!(lang, SolveGivenSameRow, row),
    }
}

/// Writes `cols`, one a line, in decimal. The construction's columns climb by 2 in long runs, so
/// the last one written is kept as digits and 2 added to them in place: a row costs a copy of a
/// few bytes, and the construction's 10⁸ rows are written about as fast as `cat` writes a file
/// of their size.
fn write_columns(cols: impl Iterator<Item = usize>, out: &mut dyn Write) -> Result<(), Error> {
    let mut buf = Vec::with_capacity(1 << 16);
    let mut digits = Digits::default();
    for col in cols {
        if digits.value.checked_add(2) == Some(col) {
            digits.add_two();
        } else {
            digits.set(col);
        }
        buf.extend_from_slice(digits.text());
        buf.push(b'\n');
        if buf.len() > (1 << 16) - 24 {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)?;
    Ok(())
}

/// A number and its decimal digits, right-aligned in a buffer.
struct Digits {
    value: usize,
    bytes: [u8; 20],
    start: usize,
}

impl Default for Digits {
    /// No number yet: the first is set, never reached by adding 2.
    fn default() -> Digits {
        Digits { value: usize::MAX, bytes: [b'0'; 20], start: 19 }
    }
}

impl Digits {
    fn set(&mut self, mut value: usize) {
        self.value = value;
        self.start = self.bytes.len();
        loop {
            self.start -= 1;
            self.bytes[self.start] = b'0' + (value % 10) as u8;
            value /= 10;
            if value == 0 {
                break;
            }
        }
    }

    /// Adds 2, carrying through the digits as a pupil does.
    fn add_two(&mut self) {
        self.value += 2;
        let mut at = self.bytes.len() - 1;
        let mut carry = 2;
        loop {
            let d = self.bytes[at] - b'0' + carry;
            self.bytes[at] = b'0' + d % 10;
            carry = d / 10;
            if carry == 0 {
                break;
            }
            if at == self.start {
                self.start -= 1;
                self.bytes[self.start] = b'0';
            }
            at -= 1;
        }
    }

    fn text(&self) -> &[u8] {
        &self.bytes[self.start..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_written_in_decimal_whatever_their_steps() {
        let cols = [0, 2, 4, 6, 8, 10, 12, 98, 100, 998, 1000, 7, 9, 3, 99_999_998, 100_000_000, 1];
        let mut out = Vec::new();
        write_columns(cols.iter().copied(), &mut out).unwrap();
        let expected: String = cols.iter().map(|c| format!("{c}\n")).collect();
        assert_eq!(String::from_utf8(out).unwrap(), expected);
    }
}

/// Counts what min-conflicts did, for `--stats`.
#[derive(Default)]
struct Counted {
    starts: u32,
    swaps: u64,
}

impl beyond::Moves for Counted {
    fn start(&mut self, _cols: &[usize], _conflicts: u64) {
        self.starts += 1;
    }
    fn swap(&mut self, _a: usize, _b: usize, _before: u64, _after: u64) {
        self.swaps += 1;
    }
}
