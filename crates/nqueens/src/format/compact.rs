//! `compact` — document 002 (AcWing 843), both of its programs; `--format acwing` names it too.
//!
//! Each board is n lines of n bytes, `Q` for a queen and `.` for an empty square, no spaces. An
//! empty line follows *every* board, the last one included. Without a solution, no output at
//! all. For n = 4:
//!
//! ```
//! use nqueens::format::{render_to_string, Format};
//! let text = render_to_string(Format::Compact, 4, "row", &[vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
//! assert_eq!(text, "\
//! .Q..
//! ...Q
//! Q...
//! ..Q.
//!
//! ..Q.
//! Q...
//! ...Q
//! .Q..
//!
//! ");
//! ```

use super::{Cells, Grid, Render};
use std::io::{self, Write};

/// Rows of `.` and `Q` with nothing between the squares.
const COMPACT_ROWS: Cells = Cells { empty: b'.', queen: b'Q', between: b"", open: b"", close: b"\n", join: b"" };

/// Document 002's format.
pub struct Compact {
    grid: Grid,
}

impl Compact {
    /// The format for `n`×`n` boards.
    pub fn new(n: usize) -> Self {
        Compact { grid: Grid::new(n, &COMPACT_ROWS) }
    }
}

impl Render for Compact {
    fn solution(&mut self, _index: u64, cols: &[usize], out: &mut dyn Write) -> io::Result<()> {
        self.grid.draw(cols.iter().copied());
        self.grid.pending().push(b'\n');
        self.grid.send(out)
    }
}
