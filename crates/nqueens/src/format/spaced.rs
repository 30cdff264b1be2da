//! `spaced` — document 000 (PTA "八皇后问题(*)"); `--format pta` names it too.
//!
//! Each board is n lines of `Q` (queen) and `.` (empty) joined by single spaces, with no trailing
//! space. An empty line stands *between* two boards, none after the last. Without a solution the
//! whole output is `None` and a newline. For n = 4:
//!
//! ```
//! use nqueens::format::{render_to_string, Format};
//! let text = render_to_string(Format::Spaced, 4, "row", &[vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
//! assert_eq!(text, "\
//! . Q . .
//! . . . Q
//! Q . . .
//! . . Q .
//!
//! . . Q .
//! Q . . .
//! . . . Q
//! . Q . .
//! ");
//! assert_eq!(render_to_string(Format::Spaced, 3, "row", &[]), "None\n");
//! ```

use super::{Grid, Render, SPACED_ROWS};
use std::io::{self, Write};

/// Document 000's format.
pub struct Spaced {
    grid: Grid,
}

impl Spaced {
    /// The format for `n`×`n` boards.
    pub fn new(n: usize) -> Self {
        Spaced { grid: Grid::new(n, &SPACED_ROWS) }
    }
}

impl Render for Spaced {
    fn solution(&mut self, index: u64, cols: &[usize], out: &mut dyn Write) -> io::Result<()> {
        if index > 1 {
            self.grid.pending().push(b'\n');
        }
        self.grid.draw(cols.iter().copied());
        self.grid.send(out)
    }

    fn footer(&mut self, count: u64, _complete: bool, out: &mut dyn Write) -> io::Result<()> {
        if count == 0 { out.write_all(b"None\n") } else { Ok(()) }
    }
}
