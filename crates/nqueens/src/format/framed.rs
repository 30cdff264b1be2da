//! `framed` — document 001: the board inside its `#` sentinel frame.
//!
//! Before each board a line `total: k`, where k is the running number of that board (not a
//! total). Then n + 2 lines of n + 2 bytes: `#` for the frame, `K` for a queen and a space for an
//! empty square, so inner lines keep their spaces up to the closing `#`. No empty lines; without a
//! solution, no output at all. For n = 4:
//!
//! ```
//! use nqueens::format::{render_to_string, Format};
//! let text = render_to_string(Format::Framed, 4, "bordered", &[vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
//! // (Written as one string per line: a doc line starting with `# ` would be hidden.)
//! assert_eq!(text, concat!(
//!     "total: 1\n",
//!     "######\n",
//!     "# K  #\n",
//!     "#   K#\n",
//!     "#K   #\n",
//!     "#  K #\n",
//!     "######\n",
//!     "total: 2\n",
//!     "######\n",
//!     "#  K #\n",
//!     "#K   #\n",
//!     "#   K#\n",
//!     "# K  #\n",
//!     "######\n",
//! ));
//! ```

use super::{Cells, Grid, Render};
use std::io::{self, Write};

/// Inner rows: `#`, the squares without separators, `#`.
const FRAMED_ROWS: Cells = Cells { empty: b' ', queen: b'K', between: b"", open: b"#", close: b"#\n", join: b"" };

/// Document 001's format.
pub struct Framed {
    grid: Grid,
    /// The top and bottom frame line: n + 2 `#` and a newline.
    edge: Vec<u8>,
}

impl Framed {
    /// The format for `n`×`n` boards.
    pub fn new(n: usize) -> Self {
        let mut edge = vec![b'#'; n + 2];
        edge.push(b'\n');
        Framed { grid: Grid::new(n, &FRAMED_ROWS), edge }
    }
}

impl Render for Framed {
    fn solution(&mut self, index: u64, cols: &[usize], out: &mut dyn Write) -> io::Result<()> {
        writeln!(self.grid.pending(), "total: {index}")?;
        self.grid.pending().extend_from_slice(&self.edge);
        self.grid.draw(cols.iter().copied());
        self.grid.pending().extend_from_slice(&self.edge);
        self.grid.send(out)
    }
}
