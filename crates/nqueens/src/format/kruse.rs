//! `kruse` — document 004 (a course lab after Kruse & Ryba), the output of one search.
//!
//! Each board, then a line of 16 `=`; after the last board the line
//! `there is total K configurations.` (sic, for every K). The document does not show how its
//! `Queens::print` draws a board, so the look is ours: one line per row, `Q` for a queen and `.`
//! for an empty square joined by single spaces, as in `spaced`. An empty board (size 0, which only
//! `labs interactive` asks for) draws no line at all. For n = 4:
//!
//! ```
//! use nqueens::format::{render_to_string, Format};
//! let text = render_to_string(Format::Kruse, 4, "kruse", &[vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
//! assert_eq!(text, "\
//! . Q . .
//! . . . Q
//! Q . . .
//! . . Q .
//! ================
//! . . Q .
//! Q . . .
//! . . . Q
//! . Q . .
//! ================
//! there is total 2 configurations.
//! ");
//! ```
//!
//! Read `labs interactive` next (the `interactive` module of the `labs` binary): the document's
//! question-and-answer loop around this format.

use super::{Grid, Render, SPACED_ROWS};
use std::io::{self, Write};

/// Document 004's format.
pub struct Kruse {
    grid: Grid,
}

impl Kruse {
    /// The format for `n`×`n` boards.
    pub fn new(n: usize) -> Self {
        Kruse { grid: Grid::new(n, &SPACED_ROWS) }
    }
}

impl Render for Kruse {
    fn solution(&mut self, _index: u64, cols: &[usize], out: &mut dyn Write) -> io::Result<()> {
        self.grid.draw(cols.iter().copied());
        self.grid.pending().extend_from_slice(b"================\n");
        self.grid.send(out)
    }

    fn footer(&mut self, count: u64, _complete: bool, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "there is total {count} configurations.")
    }
}
