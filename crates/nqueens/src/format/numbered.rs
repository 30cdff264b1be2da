//! `numbered` — document 003 (OpenJudge Bailian 2698), in column-major order; `--format bailian`.
//!
//! Each board is a line `No. k` (k from 1), then n lines of `1` (queen) and `0` (empty) joined by
//! single spaces, with no trailing space (the judge's sample shows one; its accepted program
//! prints none). No empty lines; without a solution, no output at all.
//!
//! Boards come sorted by the row of the queen in column 0, then column 1, and so on. No second
//! search is needed: transposing a solution swaps that order with the row-major order every solver
//! streams in, so the k-th board here is the k-th streamed solution transposed — row r of it has
//! its queen in the column c where the solution has `cols[c] == r`. For n = 4:
//!
//! ```
//! use nqueens::format::{render_to_string, Format};
//! let text = render_to_string(Format::Numbered, 4, "row", &[vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
//! assert_eq!(text, "\
//! No. 1
//! 0 0 1 0
//! 1 0 0 0
//! 0 0 0 1
//! 0 1 0 0
//! No. 2
//! 0 1 0 0
//! 0 0 0 1
//! 1 0 0 0
//! 0 0 1 0
//! ");
//! ```

use super::{Cells, Grid, Render};
use std::io::{self, Write};

/// Rows of `0` and `1` joined by single spaces.
const NUMBERED_ROWS: Cells = Cells { empty: b'0', queen: b'1', between: b" ", open: b"", close: b"\n", join: b"" };

/// Document 003's format.
pub struct Numbered {
    grid: Grid,
    /// The transposed solution: `transposed[r]` is the column of row r's queen.
    transposed: Vec<usize>,
}

impl Numbered {
    /// The format for `n`×`n` boards.
    pub fn new(n: usize) -> Self {
        Numbered { grid: Grid::new(n, &NUMBERED_ROWS), transposed: vec![0; n] }
    }
}

impl Render for Numbered {
    fn solution(&mut self, index: u64, cols: &[usize], out: &mut dyn Write) -> io::Result<()> {
        for (c, &r) in cols.iter().enumerate() {
            self.transposed[r] = c;
        }
        writeln!(self.grid.pending(), "No. {index}")?;
        self.grid.draw(self.transposed.iter().copied());
        self.grid.send(out)
    }
}
