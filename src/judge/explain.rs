//! Saying why an output is wrong, in the student's terms: which two queens attack each other,
//! whether the program reads n at all, whether only the order of the boards is off.
//!
//! These are notes beside a verdict, never a verdict of their own: the judge's rules
//! ([`super::site`]) decide, and this module reads the boards back to explain.

use crate::catalogue::say;
use crate::format::Format;
use crate::lang::Lang;

/// Why `board` (rows of `Q` and `.`) is not a solution, as a clause that follows "your board k is
/// not a solution": a row without exactly one queen, or two queens that attack each other and
/// how. Empty if nothing is found (a board of the wrong size, say).
pub fn why_not(board: &[String], lang: Lang) -> String {
    let mut cols = Vec::with_capacity(board.len());
    for (r, row) in board.iter().enumerate() {
        let queens: Vec<usize> = row.char_indices().filter(|&(_, c)| c == 'Q').map(|(i, _)| i).collect();
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

/// The boards in a program's output, as rows of `Q` and `.`, in its order; formats whose boards
/// are not drawn with `Q` and `.` (or JSON) give `None`.
pub fn boards(format: Format, bytes: &[u8]) -> Option<Vec<Vec<String>>> {
    let text = std::str::from_utf8(bytes).ok()?;
    if format == Format::Leetcode {
        return serde_json::from_str(text).ok();
    }
    if !matches!(format, Format::Compact | Format::Spaced) {
        return None;
    }
    // Boards are blocks of lines separated by blank lines; `spaced` puts spaces between squares.
    let mut boards = vec![Vec::new()];
    for line in text.lines().map(str::trim_end) {
        match line {
            "" => boards.push(Vec::new()),
            "None" if format == Format::Spaced => {}
            _ => boards.last_mut().expect("never empty").push(line.replace(' ', "")),
        }
    }
    boards.retain(|b| !b.is_empty());
    Some(boards)
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

    fn board(rows: &str) -> Vec<String> {
        rows.split(' ').map(String::from).collect()
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
    }

    #[test]
    fn boards_are_read_back_from_the_output() {
        assert_eq!(boards(Format::Spaced, b". Q\nQ .\n\n. Q\n"), Some(vec![board(".Q Q."), board(".Q")]));
        assert_eq!(boards(Format::Numbered, b"No. 1\n"), None);
    }

    #[test]
    fn the_same_output_for_every_n_is_noticed() {
        assert!(same_for_every_n(&[b"Q\n", b"Q\n"], Lang::En).unwrap().contains("does it read n from stdin?"));
        assert_eq!(same_for_every_n(&[b"Q\n", b""], Lang::En), None);
        assert_eq!(same_for_every_n(&[b"Q\n"], Lang::En), None);
    }
}
