//! The checker of `--format one`: any one solution for n is right, not only the reference's.
//!
//! Exercises that ask "print one solution for n" (a construction, min-conflicts, a completion)
//! have many right answers, so no reference can be compared byte for byte: a judge runs a
//! *checker* instead (a special judge, as testlib's). This one reads the program's output as
//! `labs check` reads a file, by [`nqueens::beyond::read`]: one 0-based column a line (n lines),
//! or one board in any of the documents' drawings, of size n. The columns are read in place from
//! the output the guard captured (capped, as every run's is), in two or three passes and never
//! kept, so the check costs the textbook's bit sets, under a byte a queen, and O(n) time.
//!
//! **No solution.** For n = 2 and 3 there is none. The answer is then the documents' own word for
//! that: `None` on a line of its own, as document 000 prints it (white space around it is
//! forgiven). A program that prints a board where there is none is wrong, and so is one that
//! prints `None` where there is one.
//!
//! The result is data ([`NotOne`]): the binary words it, naming the first attacking pair as
//! `(row,col)` from 0, as the trace counts them.

use nqueens::beyond::Flaw;
use nqueens::beyond::read::{self, Bad, BadRow, Written};

/// The answer for a board with no solution, as document 000 prints it.
pub const NONE: &str = "None";

/// Why an output is not one solution for n.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotOne {
    /// Nothing but white space was printed.
    Nothing,
    /// n has no solution, and the output is not [`NONE`].
    NoneExpected,
    /// The output is [`NONE`], but n has a solution.
    NoneButSolvable,
    /// Line `line` (from 1) of the columns is no whole number.
    NotAColumn {
        /// The line, from 1.
        line: usize,
    },
    /// Line `line` (from 1) is blank, with columns after it.
    BlankLine {
        /// The line, from 1.
        line: usize,
    },
    /// `rows` lines of columns, where n were wanted (short or long).
    Rows {
        /// The lines of columns printed.
        rows: usize,
    },
    /// The boards drawn cannot be read: a row of another length, one with no queen or two, a
    /// board cut short, or no board at all.
    NotABoard(BadRow),
    /// `count` boards were drawn (the output goes on past the first), where one was wanted.
    Boards {
        /// How many were read (at least 2).
        count: usize,
    },
    /// The board drawn is `m`×`m`.
    Size {
        /// Its size.
        m: usize,
    },
    /// The board is no solution: the first queen off it, or the first attacking pair.
    Flaw(Flaw),
}

/// The longest a right answer for `n` is, in bytes, for the output cap (four times this, or
/// 16 MiB): a board drawn with spaces between its squares where the documents draw boards
/// (n ≤ 64), else a column a line; a board of a million queens is no answer anyone can hold.
pub fn longest(n: usize) -> usize {
    match n {
        0 => NONE.len() + 1,
        n if n <= nqueens::solvers::MAX_N => (n * (2 * n + 1)).max(NONE.len() + 1),
        n => n.saturating_mul(n.ilog10() as usize + 2),
    }
}

/// Whether `got` is one solution for `n`, in any of the shapes [`read`] reads.
pub fn check(n: usize, got: &[u8]) -> Result<(), NotOne> {
    let solvable = !matches!(n, 2 | 3);
    if got.trim_ascii() == NONE.as_bytes() {
        return if solvable { Err(NotOne::NoneButSolvable) } else { Ok(()) };
    }
    match Written::of_text(got) {
        Written::Empty => Err(NotOne::Nothing),
        _ if !solvable => Err(NotOne::NoneExpected),
        Written::Columns => {
            // One row past n is enough to know it is too long.
            let checked = read::check_columns(&mut &*got, n).map_err(|bad| match bad {
                Bad::NotANumber(line) => NotOne::NotAColumn { line },
                Bad::Blank(line) => NotOne::BlankLine { line },
                Bad::Io(_) => unreachable!("bytes in memory are read without error"),
            })?;
            match (checked.n, checked.flaw) {
                (rows, _) if rows != n => Err(NotOne::Rows { rows }),
                (_, Some(flaw)) => Err(NotOne::Flaw(flaw)),
                (_, None) => Ok(()),
            }
        }
        Written::Boards => {
            let text = String::from_utf8_lossy(got);
            let found = read::boards(&text).map_err(NotOne::NotABoard)?;
            match found {
                read::Boards { n: m, .. } if m != n => Err(NotOne::Size { m }),
                read::Boards { flaw: Some(flaw), count: 1, .. } => Err(NotOne::Flaw(flaw)),
                read::Boards { count: 1, .. } => Ok(()),
                read::Boards { count, .. } => Err(NotOne::Boards { count }),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nqueens::beyond::{Attack, construct};
    use nqueens::solvers::Conflict;

    fn cols(cols: &[usize]) -> Vec<u8> {
        cols.iter().map(|c| format!("{c}\n")).collect::<String>().into_bytes()
    }

    #[test]
    fn any_solution_in_any_shape_is_one() {
        assert_eq!(check(4, b"1\n3\n0\n2\n"), Ok(()));
        assert_eq!(check(4, b"2\n0\n3\n1"), Ok(()));
        assert_eq!(check(4, b". Q . .\n. . . Q\nQ . . .\n. . Q .\n\n"), Ok(()));
        assert_eq!(check(4, b"..Q.\nQ...\n...Q\n.Q..\n"), Ok(()));
        assert_eq!(check(4, br#"[".Q..","...Q","Q...","..Q."]"#), Ok(()));
        assert_eq!(check(1, b"0\n"), Ok(()));
        assert_eq!(check(1, b"Q\n"), Ok(()));
        let big = construct(100_000).expect("a solution");
        assert_eq!(check(100_000, &cols(&big)), Ok(()));
    }

    #[test]
    fn the_longest_answer_is_a_spaced_board_while_boards_are_drawn_then_a_column_a_line() {
        assert_eq!((longest(1), longest(2), longest(8)), (5, 10, 136));
        assert_eq!(longest(65), 65 * 3);
        assert_eq!(longest(1_000_000), 8_000_000);
        assert_eq!(longest(10_000_000), 90_000_000);
    }

    #[test]
    fn none_is_the_answer_exactly_when_there_is_no_solution() {
        assert_eq!(check(2, b"None\n"), Ok(()));
        assert_eq!(check(3, b"  None \r\n\n"), Ok(()));
        assert_eq!(check(3, b"0\n2\n1\n"), Err(NotOne::NoneExpected));
        assert_eq!(check(3, b"none\n"), Err(NotOne::NoneExpected));
        assert_eq!(check(2, b""), Err(NotOne::Nothing));
        assert_eq!(check(8, b"None\n"), Err(NotOne::NoneButSolvable));
    }

    #[test]
    fn a_wrong_output_is_named_by_what_is_wrong() {
        let attack = |upper, lower, line| Err(NotOne::Flaw(Flaw::Attack(Attack { upper, lower, line })));
        assert_eq!(check(4, b"0\n3\n1\n2\n"), attack((2, 1), (3, 2), Conflict::Diagonal));
        assert_eq!(check(4, b"1\n3\n0\n"), Err(NotOne::Rows { rows: 3 }));
        assert_eq!(check(4, b"1\n3\n0\n2\n1\n3\n"), Err(NotOne::Rows { rows: 5 }));
        assert_eq!(check(4, b"1\n3\n0\n4\n"), Err(NotOne::Flaw(Flaw::OffBoard { row: 3, col: 4 })));
        assert_eq!(check(4, b"1\nthree\n"), Err(NotOne::NotAColumn { line: 2 }));
        assert_eq!(check(4, b"1\n\n3\n"), Err(NotOne::BlankLine { line: 2 }));
        assert_eq!(check(4, b"\x00\xff garbage"), Err(NotOne::NotABoard(BadRow::Nothing)));
        assert_eq!(check(8, b"   \n\n"), Err(NotOne::Nothing));
        assert_eq!(check(5, b".Q..\n...Q\nQ...\n..Q.\n"), Err(NotOne::Size { m: 4 }));
        let two = b".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n";
        assert_eq!(check(4, two), Err(NotOne::Boards { count: 2 }));
        assert_eq!(check(4, b".Q..\n...Q\n"), Err(NotOne::NotABoard(BadRow::Short { rows: 2, n: 4 })));
    }
}
