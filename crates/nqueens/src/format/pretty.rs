//! `pretty` — the readable default: numbered boards, then one summary line.
//!
//! Each board is introduced by `Solution k` and drawn with `Q` for a queen and `.` for an empty
//! square, separated by single spaces; a blank line follows every board. The last line says how
//! many solutions there were, for which n and by which variant. For n = 4:
//!
//! ```
//! use nqueens::format::{render_to_string, Format};
//! let text = render_to_string(Format::Pretty, 4, "row", &[vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
//! assert_eq!(text, "\
//! Solution 1
//! . Q . .
//! . . . Q
//! Q . . .
//! . . Q .
//!
//! Solution 2
//! . . Q .
//! Q . . .
//! . . . Q
//! . Q . .
//!
//! 2 solutions for n = 4 (row).
//! ");
//! ```

use super::{Grid, Render, SPACED_ROWS};
use std::io::{self, Write};

/// The readable default format.
pub struct Pretty {
    n: usize,
    algo: &'static str,
    grid: Grid,
}

impl Pretty {
    /// The format for `n`×`n` boards searched by `algo`, which the summary line names.
    pub fn new(n: usize, algo: &'static str) -> Self {
        Pretty { n, algo, grid: Grid::new(n, &SPACED_ROWS) }
    }
}

impl Render for Pretty {
    fn solution(&mut self, index: u64, cols: &[usize], out: &mut dyn Write) -> io::Result<()> {
        writeln!(self.grid.pending(), "Solution {index}")?;
        self.grid.draw(cols.iter().copied());
        self.grid.pending().push(b'\n');
        self.grid.send(out)
    }

    fn footer(&mut self, count: u64, complete: bool, out: &mut dyn Write) -> io::Result<()> {
        let (n, algo) = (self.n, self.algo);
        let plural = if count == 1 { "" } else { "s" };
        match (count, complete) {
            (0, _) => writeln!(out, "No solutions for n = {n} ({algo})."),
            (_, true) => writeln!(out, "{count} solution{plural} for n = {n} ({algo})."),
            (_, false) => {
                writeln!(out, "The first {count} solution{plural} for n = {n} ({algo}); search stopped there.")
            }
        }
    }
}
