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

/// What `pretty` says around its boards, as data: a caller that speaks another language words it
/// ([`Pretty::with_words`]); [`english`] is the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Said {
    /// The line above board `index` (from 1).
    Heading { index: u64 },
    /// The last line: `count` solutions for `n` by `algo`, all of them or (not `complete`) the
    /// first ones, where the search stopped.
    Summary { count: u64, n: usize, algo: &'static str, complete: bool },
}

/// A line of words for each [`Said`], without its newline.
pub type Words = Box<dyn Fn(Said) -> String>;

/// `pretty`'s own English.
pub fn english(said: Said) -> String {
    match said {
        Said::Heading { index } => format!("Solution {index}"),
        Said::Summary { count, n, algo, complete } => {
            let plural = if count == 1 { "" } else { "s" };
            match (count, complete) {
                (0, _) => format!("No solutions for n = {n} ({algo})."),
                (_, true) => format!("{count} solution{plural} for n = {n} ({algo})."),
                (_, false) => format!("The first {count} solution{plural} for n = {n} ({algo}); search stopped there."),
            }
        }
    }
}

/// The readable default format.
pub struct Pretty {
    n: usize,
    algo: &'static str,
    grid: Grid,
    words: Words,
}

impl Pretty {
    /// The format for `n`×`n` boards searched by `algo`, which the summary line names.
    pub fn new(n: usize, algo: &'static str) -> Self {
        Pretty::with_words(n, algo, Box::new(english))
    }

    /// The same boards, with the lines around them in `words`.
    pub fn with_words(n: usize, algo: &'static str, words: Words) -> Self {
        Pretty { n, algo, grid: Grid::new(n, &SPACED_ROWS), words }
    }
}

impl Render for Pretty {
    fn solution(&mut self, index: u64, cols: &[usize], out: &mut dyn Write) -> io::Result<()> {
        writeln!(self.grid.pending(), "{}", (self.words)(Said::Heading { index }))?;
        self.grid.draw(cols.iter().copied());
        self.grid.pending().push(b'\n');
        self.grid.send(out)
    }

    fn footer(&mut self, count: u64, complete: bool, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{}", (self.words)(Said::Summary { count, n: self.n, algo: self.algo, complete }))
    }
}
