//! `luogu` — the judge of Luogu P1219 (not one of the documents).
//!
//! The first three solutions in row-major order, one line each: the 1-based column of the queen
//! in rows 1 to n, joined by single spaces. Then the number of solutions on its own line — all of
//! them, so the search still runs to the end; with `--first K` it is K. For n = 6:
//!
//! ```
//! use nqueens::format::{render_to_string, Format};
//! let solutions = [vec![1, 3, 5, 0, 2, 4], vec![2, 5, 1, 4, 0, 3], vec![3, 0, 4, 1, 5, 2], vec![4, 2, 0, 5, 3, 1]];
//! let text = render_to_string(Format::Luogu, 6, "row", &solutions);
//! assert_eq!(text, "2 4 6 1 3 5\n3 6 2 5 1 4\n4 1 5 2 6 3\n4\n");
//! ```
//!
//! For n = 4 the whole output is `2 4 1 3`, `3 1 4 2` and `2`, one per line.

use super::Render;
use std::io::{self, Write};

/// How many solutions the judge wants to see.
const SHOWN: u64 = 3;

/// The Luogu P1219 format.
pub struct Luogu;

impl Render for Luogu {
    fn solution(&mut self, index: u64, cols: &[usize], out: &mut dyn Write) -> io::Result<()> {
        if index > SHOWN {
            return Ok(());
        }
        for (r, c) in cols.iter().enumerate() {
            let sep = if r == 0 { "" } else { " " };
            write!(out, "{sep}{}", c + 1)?;
        }
        writeln!(out)
    }

    fn footer(&mut self, count: u64, _complete: bool, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{count}")
    }
}
