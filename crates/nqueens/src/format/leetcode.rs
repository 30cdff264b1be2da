//! `leetcode` — the answer of LeetCode 51 (not one of the documents), as JSON.
//!
//! One line: a JSON list of boards in row-major order, each board a list of n strings of `.` and
//! `Q`, with no spaces anywhere, then a newline. Without a solution: `[]`. For n = 4:
//!
//! ```
//! use nqueens::format::{render_to_string, Format};
//! let text = render_to_string(Format::Leetcode, 4, "row", &[vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
//! assert_eq!(text, "[[\".Q..\",\"...Q\",\"Q...\",\"..Q.\"],[\"..Q.\",\"Q...\",\"...Q\",\".Q..\"]]\n");
//! ```

use super::{Cells, Grid, Render};
use std::io::{self, Write};

/// Each row a JSON string of `.` and `Q`; rows separated by commas.
const JSON_ROWS: Cells = Cells { empty: b'.', queen: b'Q', between: b"", open: b"\"", close: b"\"", join: b"," };

/// The LeetCode 51 format.
pub struct Leetcode {
    grid: Grid,
}

impl Leetcode {
    /// The format for `n`×`n` boards.
    pub fn new(n: usize) -> Self {
        Leetcode { grid: Grid::new(n, &JSON_ROWS) }
    }
}

impl Render for Leetcode {
    fn header(&mut self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(b"[")
    }

    fn solution(&mut self, index: u64, cols: &[usize], out: &mut dyn Write) -> io::Result<()> {
        if index > 1 {
            self.grid.pending().push(b',');
        }
        self.grid.pending().push(b'[');
        self.grid.draw(cols.iter().copied());
        self.grid.pending().push(b']');
        self.grid.send(out)
    }

    fn footer(&mut self, _count: u64, _complete: bool, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(b"]\n")
    }
}
