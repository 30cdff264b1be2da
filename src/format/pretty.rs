//! `pretty` — the readable default: numbered boards, then one summary line.
//!
//! Each board is introduced by `Solution k` and drawn with `Q` for a queen and `.` for an empty
//! square, separated by single spaces; a blank line follows every board. The last line says how
//! many solutions there were, for which n and by which variant. For n = 4:
//!
//! ```
//! use nqueens_labs::format::{render_to_string, Format};
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

use super::Render;
use std::io::{self, Write};

/// The readable default format.
pub struct Pretty {
    /// Board size.
    pub n: usize,
    /// The variant named in the summary line.
    pub algo: &'static str,
}

impl Render for Pretty {
    fn solution(&mut self, index: u64, cols: &[usize], out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "Solution {index}")?;
        let mut line = vec![b' '; 2 * self.n];
        line[2 * self.n - 1] = b'\n';
        for &c in cols {
            line.iter_mut().step_by(2).for_each(|b| *b = b'.');
            line[2 * c] = b'Q';
            out.write_all(&line)?;
        }
        out.write_all(b"\n")
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
