//! `svg` — a contact sheet of the solutions, for handouts and slides (not one of the documents).
//!
//! One SVG picture: the boards in rows of up to eight, each numbered above its top-left corner
//! and drawn as a light-and-dark board of 20-unit squares with `♛` for a queen. The picture's size
//! comes first in the file, so the format is told the number of boards before the header
//! ([`Render::boards`]): the known count of the board size, or `--first`. A board size without a
//! solution gets a sheet that says so in words. For n = 4:
//!
//! ```
//! use nqueens::format::{render_to_string, Format};
//! let text = render_to_string(Format::Svg, 4, "row", &[vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
//! assert_eq!(text, r##"<svg xmlns="http://www.w3.org/2000/svg" width="220" height="140" viewBox="0 0 220 140">
//! <style>text{font-family:'DejaVu Sans',sans-serif;fill:#222}.q{font-size:16px;text-anchor:middle;dominant-baseline:central}</style>
//! <defs><pattern id="sq" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="#f0d9b5"/><rect x="20" width="20" height="20" fill="#b58863"/><rect y="20" width="20" height="20" fill="#b58863"/></pattern></defs>
//! <g transform="translate(20,40)"><text y="-6" font-size="14">1</text><rect width="80" height="80" fill="url(#sq)" stroke="#444"/><text class="q" x="30" y="10">♛</text><text class="q" x="70" y="30">♛</text><text class="q" x="10" y="50">♛</text><text class="q" x="50" y="70">♛</text></g>
//! <g transform="translate(120,40)"><text y="-6" font-size="14">2</text><rect width="80" height="80" fill="url(#sq)" stroke="#444"/><text class="q" x="50" y="10">♛</text><text class="q" x="10" y="30">♛</text><text class="q" x="70" y="50">♛</text><text class="q" x="30" y="70">♛</text></g>
//! </svg>
//! "##);
//! ```

use super::Render;
use std::io::{self, Write};

/// The side of one square, in SVG units; margins and gaps are one square too.
const SQUARE: usize = 20;

/// Boards per row of the sheet, at most.
const COLUMNS: u64 = 8;

/// The contact-sheet format.
pub struct Svg {
    n: usize,
    /// How many boards the sheet lays out, once told.
    boards: Option<u64>,
    /// Columns of the sheet, fixed by the header.
    columns: u64,
}

impl Svg {
    /// The format for `n`×`n` boards.
    pub fn new(n: usize) -> Self {
        Svg { n, boards: None, columns: 1 }
    }

    /// Where the board with this 0-based place on the sheet has its top-left corner.
    fn corner(&self, place: u64) -> (u64, u64) {
        let side = (self.n * SQUARE) as u64;
        let (col, row) = (place % self.columns, place / self.columns);
        let s = SQUARE as u64;
        (s + col * (side + s), 2 * s + row * (side + 2 * s))
    }
}

impl Render for Svg {
    fn boards(&mut self, count: u64) {
        self.boards = Some(count);
    }

    fn header(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let Some(count) = self.boards else {
            return Err(io::Error::other("the svg format must be told how many boards it lays out"));
        };
        let namespace = "xmlns=\"http://www.w3.org/2000/svg\"";
        if count == 0 {
            let n = self.n;
            return write!(
                out,
                "<svg {namespace} width=\"320\" height=\"60\" viewBox=\"0 0 320 60\">\n\
                 <text x=\"20\" y=\"35\" font-size=\"16\" font-family=\"sans-serif\">No solutions for n = {n}.</text>\n"
            );
        }
        self.columns = count.min(COLUMNS);
        let rows = count.div_ceil(self.columns);
        let (s, side) = (SQUARE as u64, (self.n * SQUARE) as u64);
        let (width, height) = (s + self.columns * (side + s), rows * (side + 2 * s) + s);
        let (s2, dark) = (2 * s, "#b58863");
        write!(
            out,
            "<svg {namespace} width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n\
             <style>text{{font-family:'DejaVu Sans',sans-serif;fill:#222}}.q{{font-size:16px;text-anchor:middle;dominant-baseline:central}}</style>\n\
             <defs><pattern id=\"sq\" width=\"{s2}\" height=\"{s2}\" patternUnits=\"userSpaceOnUse\">\
             <rect width=\"{s2}\" height=\"{s2}\" fill=\"#f0d9b5\"/><rect x=\"{s}\" width=\"{s}\" height=\"{s}\" fill=\"{dark}\"/>\
             <rect y=\"{s}\" width=\"{s}\" height=\"{s}\" fill=\"{dark}\"/></pattern></defs>\n"
        )
    }

    fn solution(&mut self, index: u64, cols: &[usize], out: &mut dyn Write) -> io::Result<()> {
        let (x, y) = self.corner(index - 1);
        let side = self.n * SQUARE;
        let mut board = format!(
            "<g transform=\"translate({x},{y})\"><text y=\"-6\" font-size=\"14\">{index}</text>\
             <rect width=\"{side}\" height=\"{side}\" fill=\"url(#sq)\" stroke=\"#444\"/>"
        );
        for (row, &col) in cols.iter().enumerate() {
            let (cx, cy) = (col * SQUARE + SQUARE / 2, row * SQUARE + SQUARE / 2);
            board += &format!("<text class=\"q\" x=\"{cx}\" y=\"{cy}\">♛</text>");
        }
        board += "</g>\n";
        out.write_all(board.as_bytes())
    }

    fn footer(&mut self, _count: u64, _complete: bool, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(b"</svg>\n")
    }
}
