//! The diff a report shows: a window around the first difference, found in linear time.
//!
//! A line diff of two whole outputs is quadratic in the worst case, and a wrong output is often
//! the worst case: right boards in another order at n = 12 are 184 600 lines that match nowhere
//! near where they are expected, and `similar`'s Myers diff of them took 153 s. A report shows
//! only [`SHOWN`] diff lines, so the whole diff is never needed. Here the common head and tail
//! are skipped byte by byte, only the [`WINDOW`] lines after the first difference are diffed,
//! and that diff has a [`DEADLINE`] past which it settles for a longer edit script. So the
//! report is ready in milliseconds whatever the outputs, and never keeps a signal waiting.

use similar::{Algorithm, ChangeTag, capture_diff_slices_deadline, group_diff_ops};
use std::time::{Duration, Instant};

/// Diff lines a report shows at most.
pub const SHOWN: usize = 16;

/// Lines of each output diffed, from the line before the first difference.
pub const WINDOW: usize = 400;

/// How long the window's diff may search for the shortest edit script.
pub const DEADLINE: Duration = Duration::from_millis(100);

/// What follows the lines shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum More {
    /// Nothing: the lines shown are the whole diff.
    Nothing,
    /// This many more diff lines.
    Lines(usize),
    /// More differences, past the window: how many was not worked out.
    Further,
}

/// The part of a diff a report shows.
#[derive(Debug, PartialEq, Eq)]
pub struct Window<'a> {
    /// The number (from 1) of the first line shown, in the expected output.
    pub line: usize,
    /// The diff lines, each with its newline if it has one.
    pub lines: Vec<(ChangeTag, &'a [u8])>,
    /// What follows them.
    pub more: More,
}

/// The diff of `expected` against `got` around their first difference, hunks with one line of
/// context; `None` if they are equal.
pub fn window<'a>(expected: &'a [u8], got: &'a [u8]) -> Option<Window<'a>> {
    let same = common(expected.chunks(64), got.chunks(64), expected.iter().zip(got));
    if same == expected.len() && same == got.len() {
        return None;
    }
    // From the start of the line before the one that differs (the same bytes in both).
    let differs = line_start(expected, same);
    let start = if differs == 0 { 0 } else { line_start(expected, differs - 1) };
    let line = 1 + expected[..start].iter().filter(|&&b| b == b'\n').count();
    // The common tail, in whole lines, never reaching back into the head.
    let room = expected.len().min(got.len()) - differs;
    let (e, g) = (&expected[expected.len() - room..], &got[got.len() - room..]);
    let tail = common(e.rchunks(64), g.rchunks(64), e.iter().rev().zip(g.iter().rev()));
    let tail = whole_lines(expected, got, tail);
    // The differing middle, and one line of the tail as context.
    // One line past the window is read to know whether it was cut, never the whole middle.
    let context = |bytes: &'a [u8]| {
        let middle = &bytes[start..bytes.len() - tail];
        let after = bytes[bytes.len() - tail..].split_inclusive(|&b| b == b'\n').next();
        middle.split_inclusive(|&b| b == b'\n').chain(after).take(WINDOW + 1).collect::<Vec<&[u8]>>()
    };
    let (old, new) = (context(expected), context(got));
    let cut = old.len() > WINDOW || new.len() > WINDOW;
    let (old, new) = (&old[..old.len().min(WINDOW)], &new[..new.len().min(WINDOW)]);
    let ops = capture_diff_slices_deadline(Algorithm::Myers, old, new, Some(Instant::now() + DEADLINE));
    let mut lines = Vec::new();
    for group in group_diff_ops(ops, 1) {
        for op in group {
            lines.extend(op.iter_changes(old, new).map(|c| (c.tag(), c.value())));
        }
    }
    let more = match lines.len().saturating_sub(SHOWN) {
        _ if cut => More::Further,
        0 => More::Nothing,
        k => More::Lines(k),
    };
    lines.truncate(SHOWN);
    Some(Window { line, lines, more })
}

/// How many bytes two outputs have in common, from one end: whole equal chunks first (a memcmp
/// each), then byte by byte from where they first differ.
fn common<'a, 'b>(
    a: impl Iterator<Item = &'a [u8]>,
    b: impl Iterator<Item = &'a [u8]>,
    bytes: impl Iterator<Item = (&'b u8, &'b u8)>,
) -> usize {
    let chunks = a.zip(b).take_while(|(x, y)| x.len() == 64 && x == y).count();
    chunks * 64 + bytes.skip(chunks * 64).take_while(|(x, y)| x == y).count()
}

/// The start of the line that holds byte `at` of `bytes`.
fn line_start(bytes: &[u8], at: usize) -> usize {
    bytes[..at].iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1)
}

/// The longest part of a common tail `tail` bytes long that is whole lines in both outputs.
fn whole_lines(expected: &[u8], got: &[u8], tail: usize) -> usize {
    let starts_line = |bytes: &[u8], t: usize| t == bytes.len() || bytes[bytes.len() - t - 1] == b'\n';
    let mut t = tail;
    while t > 0 && !(starts_line(expected, t) && starts_line(got, t)) {
        t -= 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;
    use ChangeTag::{Delete, Equal, Insert};
    use pretty_assertions::assert_eq;

    fn shown(expected: &str, got: &str) -> (usize, Vec<(ChangeTag, String)>, More) {
        let w = window(expected.as_bytes(), got.as_bytes()).expect("they differ");
        (w.line, w.lines.iter().map(|&(t, l)| (t, String::from_utf8_lossy(l).into_owned())).collect(), w.more)
    }

    #[test]
    fn the_window_starts_a_line_before_the_first_difference() {
        let (line, lines, more) = shown("a\nb\nc\nd\ne\n", "a\nb\nx\nd\ne\n");
        assert_eq!(line, 2);
        let s = |t, l: &str| (t, l.to_string());
        assert_eq!(lines, [s(Equal, "b\n"), s(Delete, "c\n"), s(Insert, "x\n"), s(Equal, "d\n")]);
        assert_eq!(more, More::Nothing);
        assert_eq!(window(b"a\n", b"a\n"), None);
    }

    #[test]
    fn a_missing_last_line_or_newline_is_a_difference() {
        let s = |t, l: &str| (t, l.to_string());
        assert_eq!(shown("a\nb\n", "a\n").1, [s(Equal, "a\n"), s(Delete, "b\n")]);
        assert_eq!(shown("a\nb\n", "a\nb").1, [s(Equal, "a\n"), s(Delete, "b\n"), s(Insert, "b")]);
        assert_eq!(shown("ab\n", "a\n").1, [s(Delete, "ab\n"), s(Insert, "a\n")]);
    }

    #[test]
    fn a_long_diff_says_how_much_more_or_that_it_goes_on() {
        let lines = |k: usize, tag: &str| (0..k).map(|i| format!("{tag}{i}\n")).collect::<String>();
        assert_eq!(shown(&lines(20, "a"), &lines(20, "b")).2, More::Lines(40 - SHOWN));
        assert_eq!(shown(&lines(WINDOW + 1, "a"), &lines(WINDOW + 1, "b")).2, More::Further);
    }

    /// Right boards in the mirrored order at n = 12: 184 600 lines, different from the first.
    /// A whole-output diff took 153 s on them; the window takes milliseconds (measured once by
    /// hand, not timed here), so a return to the quadratic diff shows as a hung test.
    #[test]
    fn the_mirrored_order_at_12_is_diffed_in_a_window() {
        let expected = crate::References::default().get(nqueens::format::Format::Compact, 12);
        let mirrored: Vec<u8> = expected
            .split_inclusive(|&b| b == b'\n')
            .flat_map(|l| {
                let body = l.strip_suffix(b"\n").unwrap_or(l);
                body.iter().rev().copied().chain(l.ends_with(b"\n").then_some(b'\n'))
            })
            .collect();
        let w = window(&expected, &mirrored).expect("they differ");
        assert_eq!((w.line, w.lines.len(), w.more), (1, SHOWN, More::Further));
    }
}
