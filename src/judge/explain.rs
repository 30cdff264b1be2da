//! Saying why an output is wrong, in the student's terms: which two queens attack each other,
//! whether the program reads n at all, whether only the order of the boards is off.
//!
//! These are notes beside a verdict, never a verdict of their own: the judge's rules
//! ([`super::site`]) decide, and this module reads the boards back to explain.

use crate::catalogue::say;
use crate::escape::{SCREEN, clip, line};
use crate::format::Format;
use crate::lang::Lang;
use std::borrow::Cow;

/// One board read back from an output: its rows of `Q` and `.`, joined by `\n` (no final
/// newline). Borrowed from the output where its lines are already that (a `compact` board), else
/// owned. One string a board, borrowed, is what lets the order note read the 365 596 boards of
/// n = 14 twice (the reference's and the program's) and match them in under a second: no
/// allocation a row, one hash a board.
pub type Board<'a> = Cow<'a, str>;

/// Why `board` is not a solution, as a clause that follows "your board k is
/// not a solution": a row without exactly one queen, or two queens that attack each other and
/// how. Empty if nothing is found (a board of the wrong size, say).
pub fn why_not(board: &str, lang: Lang) -> String {
    let mut cols = Vec::new();
    for (r, row) in board.split('\n').enumerate() {
        let queens: Vec<usize> = row.char_indices().filter(|&(_, c)| c == 'Q').map(|(i, _)| i).collect();
        if row.chars().any(|c| c != 'Q' && c != '.') {
            return say!(lang, WhyNotARow, row = r + 1);
        }
        match queens.as_slice() {
            [c] => cols.push(*c),
            [] => return say!(lang, WhyNoQueen, row = r + 1),
            more => return say!(lang, WhyQueens, row = r + 1, k = more.len()),
        }
    }
    for (a, &ca) in cols.iter().enumerate() {
        for (b, &cb) in cols.iter().enumerate().skip(a + 1) {
            if ca == cb {
                return say!(lang, WhyColumn, a = a + 1, b = b + 1, column = ca + 1);
            }
            if ca.abs_diff(cb) == b - a {
                return say!(lang, WhyDiagonal, a = a + 1, b = b + 1, ca = ca + 1, cb = cb + 1);
            }
        }
    }
    String::new()
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
pub fn stray_line(format: Format, got: &[u8], lang: Lang) -> Option<String> {
    let spaced = match format {
        Format::Compact => false,
        Format::Spaced => true,
        _ => return None,
    };
    let row = |l: &[u8]| l.iter().all(|&b| b == b'Q' || b == b'.' || (spaced && b == b' '));
    let (k, stray) = got
        .split(|&b| b == b'\n')
        .map(<[u8]>::trim_ascii_end)
        .enumerate()
        .find(|&(_, l)| !(l.is_empty() || row(l) || (spaced && l == b"None")))?;
    let text = format!("\"{}\"", clip(&line(stray), SCREEN / 2));
    // A row of the spaced format where compact rows are wanted is no debug line: say what it is.
    let squares = stray.iter().step_by(2).all(|&b| b == b'Q' || b == b'.');
    if !spaced && stray.len() > 1 && squares && stray.iter().skip(1).step_by(2).all(|&b| b == b' ') {
        let want: String = stray.iter().step_by(2).map(|&b| char::from(b)).collect();
        return Some(say!(lang, SpacedRow, line = k + 1, text, want = format!("\"{want}\"")));
    }
    Some(say!(lang, NotABoardRow, line = k + 1, text))
}

/// The note for boards that are all of one size, the wrong one (a program written for 8).
pub fn wrong_size(boards: &[Board], n: usize, lang: Lang) -> Option<String> {
    let m = boards.first()?.split('\n').count();
    let square = |b: &Board| b.split('\n').count() == m && b.split('\n').all(|r| r.chars().count() == m);
    (m != n && boards.iter().all(square)).then(|| say!(lang, WrongSize, m, n))
}

/// The note drawing the first of the `reference` boards that the program did not print, on the
/// lines after its first (when it printed any board at all).
pub fn first_missing(reference: &[Board], got: &[Board], lang: Lang) -> Option<String> {
    if got.is_empty() {
        return None;
    }
    let printed: std::collections::HashSet<&str> = got.iter().map(AsRef::as_ref).collect();
    let (k, board) = reference.iter().enumerate().find(|(_, b)| !printed.contains(b.as_ref()))?;
    Some(format!("{}\n{board}", say!(lang, FirstMissing, k = k + 1)))
}

/// The note for a program that printed the same bytes for every n (more than one).
pub fn same_for_every_n(outputs: &[&[u8]], lang: Lang) -> Option<String> {
    let first = outputs.first()?;
    (outputs.len() > 1 && !first.is_empty() && outputs.iter().all(|o| o == first))
        .then(|| say!(lang, SameForEveryN, k = first.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &str) -> String {
        rows.replace(' ', "\n")
    }

    #[test]
    fn two_attacking_queens_are_named_with_how() {
        assert_eq!(
            why_not(&board("Q... ..Q. .Q.. ...Q"), Lang::En),
            ": the queens of rows 1 and 4 (columns 1 and 4) are on one diagonal"
        );
        assert_eq!(why_not(&board(".Q.. .Q.. Q... ..Q."), Lang::En), ": the queens of rows 1 and 2 share column 2");
        assert_eq!(why_not(&board(".... .Q"), Lang::En), ": row 1 has no queen");
        assert_eq!(why_not(&board("QQ .."), Lang::En), ": row 1 has 2 queens");
        assert_eq!(why_not(&board(".Q.. ...Q Q... ..Q."), Lang::En), "");
        assert_eq!(why_not(&board("n=1 Q"), Lang::En), ": its row 1 is not a board row");
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
        let note = stray_line(Format::Compact, b"n = 1\nQ\n", Lang::En).unwrap();
        assert!(note.starts_with("line 1 is not a board row: \"n = 1\""), "{note}");
        assert_eq!(stray_line(Format::Spaced, b". Q\nQ .\n\nNone\n", Lang::En), None);
        assert!(
            stray_line(Format::Spaced, b". Q\nQ .\n\nNo. 2\n", Lang::Zh).unwrap().starts_with("第 4 行不是棋盘的一行")
        );
    }

    #[test]
    fn a_spaced_row_where_compact_rows_are_wanted_is_named_as_one() {
        let got = b". Q . .\n. . . Q\n";
        assert_eq!(
            stray_line(Format::Compact, got, Lang::En).unwrap(),
            "line 1 is a board row with spaces between its squares: \". Q . .\" (this judge wants rows without spaces, like \".Q..\")"
        );
        assert_eq!(
            stray_line(Format::Compact, got, Lang::Zh).unwrap(),
            "第 1 行是棋盘的一行，但格子之间有空格：\". Q . .\"（这个评测要的行不带空格，如 \".Q..\"）"
        );
        // Spaces that are not between squares are no such row.
        let note = stray_line(Format::Compact, b"Q  .\n", Lang::En).unwrap();
        assert!(note.starts_with("line 1 is not a board row"), "{note}");
    }

    #[test]
    fn boards_of_another_size_are_named_with_both_sizes() {
        let eights = boards(
            Format::Compact,
            b"Q.......\n....Q...\n.......Q\n.....Q..\n..Q.....\n......Q.\n.Q......\n...Q....\n",
        );
        assert_eq!(
            wrong_size(&eights.unwrap(), 1, Lang::En).unwrap(),
            "your boards are 8×8, expected 1×1: does it read n from stdin?"
        );
        assert_eq!(wrong_size(&[board(".Q.. ...Q Q... ..Q.").into()], 4, Lang::En), None);
    }

    #[test]
    fn the_first_missing_board_is_drawn() {
        let reference = [Board::from(board(".Q.. ...Q Q... ..Q.")), board("..Q. Q... ...Q .Q..").into()];
        assert_eq!(
            first_missing(&reference, &reference[..1], Lang::En).unwrap(),
            "the first board missing (reference number 2):\n..Q.\nQ...\n...Q\n.Q.."
        );
        assert_eq!(first_missing(&reference, &[], Lang::En), None);
        assert_eq!(first_missing(&reference, &reference, Lang::En), None);
    }

    #[test]
    fn the_same_output_for_every_n_is_noticed() {
        assert!(same_for_every_n(&[b"Q\n", b"Q\n"], Lang::En).unwrap().contains("does it read n from stdin?"));
        assert_eq!(same_for_every_n(&[b"Q\n", b""], Lang::En), None);
        assert_eq!(same_for_every_n(&[b"Q\n"], Lang::En), None);
    }
}
