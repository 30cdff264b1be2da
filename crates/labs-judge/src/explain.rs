//! Saying why an output is wrong, in the student's terms: which two queens attack each other,
//! whether the program reads n at all, whether only the order of the boards is off.
//!
//! These are notes beside a verdict, never a verdict of their own: the judge's rules
//! ([`super::site`]) decide, and this module reads the boards back to explain.

use super::note::Note;
use nqueens::format::Format;
use nqueens::solvers::Conflict;
use std::borrow::Cow;

/// One board read back from an output: its rows of `Q` and `.`, joined by `\n` (no final
/// newline). Borrowed from the output where its lines are already that (a `compact` board), else
/// owned. One string a board, borrowed, is what lets the order note read the 365 596 boards of
/// n = 14 twice (the reference's and the program's) and match them in under a second: no
/// allocation a row, one hash a board.
pub type Board<'a> = Cow<'a, str>;

/// Why a board is not a solution. Rows and columns count from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WhyNot {
    /// Row `row` holds something other than `Q` and `.`.
    NotARow {
        /// The row.
        row: usize,
    },
    /// Row `row` has no queen.
    NoQueen {
        /// The row.
        row: usize,
    },
    /// Row `row` has `k` queens.
    Queens {
        /// The row.
        row: usize,
        /// How many queens.
        k: usize,
    },
    /// The queens of rows `a` and `b` share `column`.
    Column {
        /// The upper row.
        a: usize,
        /// The lower row.
        b: usize,
        /// Their column.
        column: usize,
    },
    /// The queens of rows `a` and `b`, in columns `ca` and `cb`, are on one diagonal (`\`, down
    /// to the right) or anti-diagonal (`/`, down to the left), as the textbook names them.
    Diagonal {
        /// The upper row.
        a: usize,
        /// The lower row.
        b: usize,
        /// The upper queen's column.
        ca: usize,
        /// The lower queen's column.
        cb: usize,
        /// Which of the two: [`Conflict::Diagonal`] or [`Conflict::AntiDiagonal`].
        on: Conflict,
    },
}

/// Why `board` is not a solution: a row without exactly one queen, or two queens that attack
/// each other and how; `None` if nothing is found (a board of the wrong size, say).
pub fn why_not(board: &str) -> Option<WhyNot> {
    let mut cols = Vec::new();
    for (row, text) in board.split('\n').enumerate() {
        let queens: Vec<usize> = text.char_indices().filter(|&(_, c)| c == 'Q').map(|(i, _)| i).collect();
        if text.chars().any(|c| c != 'Q' && c != '.') {
            return Some(WhyNot::NotARow { row });
        }
        match queens.as_slice() {
            [c] => cols.push(*c),
            [] => return Some(WhyNot::NoQueen { row }),
            more => return Some(WhyNot::Queens { row, k: more.len() }),
        }
    }
    for (a, &ca) in cols.iter().enumerate() {
        for (b, &cb) in cols.iter().enumerate().skip(a + 1) {
            if ca == cb {
                return Some(WhyNot::Column { a, b, column: ca });
            }
            if ca.abs_diff(cb) == b - a {
                let on = if cb > ca { Conflict::Diagonal } else { Conflict::AntiDiagonal };
                return Some(WhyNot::Diagonal { a, b, ca, cb, on });
            }
        }
    }
    None
}

/// The boards in a program's output, in its order; formats whose boards are not drawn with `Q`
/// and `.` (or JSON) give `None`.
pub fn boards(format: Format, bytes: &[u8]) -> Option<Vec<Board<'_>>> {
    let text = std::str::from_utf8(bytes).ok()?;
    if format == Format::Leetcode {
        return serde_json::from_str(text).ok().map(owned);
    }
    if !matches!(format, Format::Compact | Format::Spaced) {
        return None;
    }
    // Boards are blocks of lines separated by blank lines; `spaced` puts spaces between squares
    // (and prints `None` when there is no solution). A block is borrowed as it stands when none
    // of its lines needs changing.
    let skipped = |line: &str| line == "None" && format == Format::Spaced;
    let block = |(start, end, clean): (usize, usize, bool)| -> Board<'_> {
        let rows = &text[start..end];
        if clean {
            return Cow::Borrowed(rows);
        }
        let kept = rows.lines().map(str::trim_end).filter(|l| !l.is_empty() && !skipped(l));
        Cow::Owned(kept.map(|l| l.replace(' ', "")).collect::<Vec<_>>().join("\n"))
    };
    let (mut boards, mut open, mut at) = (Vec::new(), None, 0);
    for raw in text.split_inclusive('\n') {
        let start = at;
        at += raw.len();
        let line = raw.trim_end();
        if line.is_empty() {
            boards.extend(open.take().map(block));
            continue;
        }
        let clean = raw.strip_suffix('\n').unwrap_or(raw) == line && !line.contains(' ') && !skipped(line);
        let (first, _, so_far) = open.unwrap_or((start, start, true));
        open = Some((first, start + line.len(), so_far && clean));
    }
    boards.extend(open.map(block));
    boards.retain(|b| !b.is_empty());
    Some(boards)
}

/// Boards parsed as rows (LeetCode's JSON) as [`Board`]s. A "row" holding a line break is no
/// row: it is shown escaped, so it matches no board.
pub fn owned(boards: Vec<Vec<String>>) -> Vec<Board<'static>> {
    boards
        .into_iter()
        .map(|rows| Cow::Owned(rows.iter().map(|r| r.replace('\n', "\\n")).collect::<Vec<_>>().join("\n")))
        .collect()
}

/// The note naming the first line of `got` that is no row of a board (a debug line `n = 4`, a
/// heading), for the formats whose rows are `Q` and `.` (spaced: with spaces between).
pub fn stray_line(format: Format, got: &[u8]) -> Option<Note> {
    let spaced = match format {
        Format::Compact => false,
        Format::Spaced => true,
        _ => return None,
    };
    let row = |l: &[u8]| l.iter().all(|&b| b == b'Q' || b == b'.' || (spaced && b == b' '));
    let (line, stray) = got
        .split(|&b| b == b'\n')
        .map(<[u8]>::trim_ascii_end)
        .enumerate()
        .find(|&(_, l)| !(l.is_empty() || row(l) || (spaced && l == b"None")))?;
    let text = stray.to_vec();
    // A row of the spaced format where compact rows are wanted is no debug line: say what it is.
    let squares = stray.iter().step_by(2).all(|&b| b == b'Q' || b == b'.');
    if !spaced && stray.len() > 1 && squares && stray.iter().skip(1).step_by(2).all(|&b| b == b' ') {
        let want: String = stray.iter().step_by(2).map(|&b| char::from(b)).collect();
        return Some(Note::SpacedRow { line, text, want });
    }
    Some(Note::NotABoardRow { line, text })
}

/// The note for boards that are all of one size, the wrong one (a program written for 8).
pub fn wrong_size(boards: &[Board], n: usize) -> Option<Note> {
    let m = boards.first()?.split('\n').count();
    let square = |b: &Board| b.split('\n').count() == m && b.split('\n').all(|r| r.chars().count() == m);
    (m != n && boards.iter().all(square)).then_some(Note::WrongSize { m, n })
}

/// The note for a Luogu answer that is the reference's with every column one less (its last line,
/// the count, one less or the same): columns counted from 0 where the format counts from 1.
pub fn counted_from_zero(format: Format, expected: &[u8], got: &[u8]) -> Option<Note> {
    let numbers = |text: &[u8]| -> Option<Vec<Vec<u64>>> {
        let text = std::str::from_utf8(text).ok()?;
        text.lines().map(|l| l.split_ascii_whitespace().map(|w| w.parse().ok()).collect()).collect()
    };
    let (want, got) = (numbers(expected)?, numbers(got)?);
    let (count, boards) = want.split_last()?;
    let shifted = |want: &[u64], got: &[u64]| {
        want.len() == got.len() && want.iter().zip(got).all(|(w, g)| w.checked_sub(1) == Some(*g))
    };
    let lower = boards.iter().zip(&got).all(|(w, g)| shifted(w, g));
    let count_kept = got.last().is_some_and(|last| last == count || shifted(count, last));
    (format == Format::Luogu && !boards.is_empty() && want.len() == got.len() && lower && count_kept)
        .then_some(Note::CountedFromZero)
}

/// The note drawing the first of the `reference` boards that the program did not print, on the
/// lines after its first (when it printed any board at all).
pub fn first_missing(reference: &[Board], got: &[Board]) -> Option<Note> {
    if got.is_empty() {
        return None;
    }
    let printed: std::collections::HashSet<&str> = got.iter().map(AsRef::as_ref).collect();
    let (k, board) = reference.iter().enumerate().find(|(_, b)| !printed.contains(b.as_ref()))?;
    Some(Note::FirstMissing { k, board: board.to_string() })
}

/// The note for a program that printed the same bytes for every n (more than one).
pub fn same_for_every_n(outputs: &[&[u8]]) -> Option<Note> {
    let first = outputs.first()?;
    (outputs.len() > 1 && !first.is_empty() && outputs.iter().all(|o| o == first))
        .then_some(Note::SameForEveryN { bytes: first.len() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &str) -> String {
        rows.replace(' ', "\n")
    }

    #[test]
    fn two_attacking_queens_are_named_with_how() {
        let why = |rows| why_not(&board(rows));
        assert_eq!(
            why("Q... ..Q. .Q.. ...Q"),
            Some(WhyNot::Diagonal { a: 0, b: 3, ca: 0, cb: 3, on: Conflict::Diagonal })
        );
        assert_eq!(
            why(".Q.. Q... ...Q ..Q."),
            Some(WhyNot::Diagonal { a: 0, b: 1, ca: 1, cb: 0, on: Conflict::AntiDiagonal })
        );
        assert_eq!(why(".Q.. .Q.. Q... ..Q."), Some(WhyNot::Column { a: 0, b: 1, column: 1 }));
        assert_eq!(why(".... .Q"), Some(WhyNot::NoQueen { row: 0 }));
        assert_eq!(why("QQ .."), Some(WhyNot::Queens { row: 0, k: 2 }));
        assert_eq!(why(".Q.. ...Q Q... ..Q."), None);
        assert_eq!(why("n=1 Q"), Some(WhyNot::NotARow { row: 0 }));
    }

    #[test]
    fn boards_are_read_back_from_the_output() {
        assert_eq!(boards(Format::Spaced, b". Q\nQ .\n\n. Q\n"), Some(vec![board(".Q Q.").into(), board(".Q").into()]));
        let compact = b"Q.\n.Q\n\n\n.Q \r\nQ.";
        let read = boards(Format::Compact, compact).unwrap();
        assert_eq!(read, [board("Q. .Q"), board(".Q Q.")]);
        assert!(matches!(read[0], Cow::Borrowed(_)) && matches!(read[1], Cow::Owned(_)));
        assert_eq!(boards(Format::Spaced, b"None\n"), Some(vec![]));
        assert_eq!(boards(Format::Numbered, b"No. 1\n"), None);
    }

    #[test]
    fn a_debug_line_is_named_as_no_row() {
        let note = stray_line(Format::Compact, b"n = 1\nQ\n");
        assert_eq!(note, Some(Note::NotABoardRow { line: 0, text: b"n = 1".to_vec() }));
        assert_eq!(stray_line(Format::Spaced, b". Q\nQ .\n\nNone\n"), None);
        let note = stray_line(Format::Spaced, b". Q\nQ .\n\nNo. 2\n");
        assert_eq!(note, Some(Note::NotABoardRow { line: 3, text: b"No. 2".to_vec() }));
    }

    #[test]
    fn a_spaced_row_where_compact_rows_are_wanted_is_named_as_one() {
        let got = b". Q . .\n. . . Q\n";
        let spaced = Note::SpacedRow { line: 0, text: b". Q . .".to_vec(), want: ".Q..".into() };
        assert_eq!(stray_line(Format::Compact, got), Some(spaced));
        // Spaces that are not between squares are no such row.
        assert!(matches!(stray_line(Format::Compact, b"Q  .\n"), Some(Note::NotABoardRow { line: 0, .. })));
    }

    #[test]
    fn boards_of_another_size_are_named_with_both_sizes() {
        let eights = boards(
            Format::Compact,
            b"Q.......\n....Q...\n.......Q\n.....Q..\n..Q.....\n......Q.\n.Q......\n...Q....\n",
        );
        assert_eq!(wrong_size(&eights.unwrap(), 1), Some(Note::WrongSize { m: 8, n: 1 }));
        assert_eq!(wrong_size(&[board(".Q.. ...Q Q... ..Q.").into()], 4), None);
    }

    #[test]
    fn the_first_missing_board_is_drawn() {
        let reference = [Board::from(board(".Q.. ...Q Q... ..Q.")), board("..Q. Q... ...Q .Q..").into()];
        let second = Note::FirstMissing { k: 1, board: "..Q.\nQ...\n...Q\n.Q..".into() };
        assert_eq!(first_missing(&reference, &reference[..1]), Some(second));
        assert_eq!(first_missing(&reference, &[]), None);
        assert_eq!(first_missing(&reference, &reference), None);
    }

    #[test]
    fn the_same_output_for_every_n_is_noticed() {
        assert_eq!(same_for_every_n(&[b"Q\n", b"Q\n"]), Some(Note::SameForEveryN { bytes: 2 }));
        assert_eq!(same_for_every_n(&[b"Q\n", b""]), None);
        assert_eq!(same_for_every_n(&[b"Q\n"]), None);
    }
}
