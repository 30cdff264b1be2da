//! Output formats: how a stream of solutions becomes bytes.
//!
//! A format is a small type implementing [`Render`]: bytes before the first board, bytes for each
//! board as it arrives, bytes after the last. It writes to whatever [`Write`] it is handed and
//! never knows whether that is a terminal, a pipe or a buffer in a test. [`Emit`] is the one
//! visitor that connects a solver to a format: it numbers the solutions, hands each to the format
//! and stops the search on the first write error (a closed pipe, say), keeping that error to
//! report.
//!
//! Every format but `luogu` draws boards, and [`Grid`] draws them all: each format only names its
//! two cell bytes and what separates cells and rows ([`Cells`]). A board is built in a buffer the
//! grid reuses and written in one call, so printing costs one copy of an empty row per row.
//!
//! Read [`pretty`] first, then one file per document: [`spaced`] (000), [`framed`] (001),
//! [`compact`] (002), [`numbered`] (003), [`kruse`] (004), two judges, [`luogu`] and
//! [`leetcode`], and a picture for slides, [`svg`].

pub mod compact;
pub mod framed;
pub mod kruse;
pub mod leetcode;
pub mod luogu;
pub mod numbered;
pub mod pretty;
pub mod spaced;
pub mod svg;

use crate::known::A000170;
use crate::solvers::{Algo, Take, Tally, Visitor, Work};
use std::io::{self, Write};
use std::ops::ControlFlow;

/// Turns solutions into bytes, one board at a time.
pub trait Render {
    /// Told, before the header, how many solutions will follow, when that is known (the board
    /// size's count, or `--first`): for a format that lays its boards out ahead, as `svg` does.
    fn boards(&mut self, _count: u64) {}

    /// Bytes before the first solution.
    fn header(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    /// Bytes for the `index`-th solution (from 1); `cols[row]` is that row's queen column.
    fn solution(&mut self, index: u64, cols: &[usize], out: &mut dyn Write) -> io::Result<()>;

    /// Bytes after the last solution: `count` were shown, and `complete` is false when the search
    /// was stopped early on purpose (`--first`).
    fn footer(&mut self, _count: u64, _complete: bool, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}

/// The formats `labs run --format` offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Numbered boards of `Q` and `.`, then a summary line (the default).
    Pretty,
    /// Document 000 (PTA, alias `pta`): `Q`/`.` joined by spaces, a blank line between boards.
    Spaced,
    /// Document 001: `total: k`, then the board in a `#` frame with `K` for a queen.
    Framed,
    /// Document 002 (AcWing 843, alias `acwing`): `Q`/`.` rows, a blank line after every board.
    Compact,
    /// Document 003 (Bailian 2698, alias `bailian`): `No. k` and 0/1 rows, column-major order.
    Numbered,
    /// Document 004: each board and a line of 16 `=`, then `there is total K configurations.`.
    Kruse,
    /// Luogu P1219: the first three solutions as 1-based columns, then the count.
    Luogu,
    /// LeetCode 51: one JSON list of boards, each a list of row strings.
    Leetcode,
    /// A picture: the boards numbered on one SVG contact sheet, for handouts and slides.
    Svg,
}

impl Format {
    /// Every format, the default first.
    pub const ALL: [Format; 9] = [
        Format::Pretty,
        Format::Spaced,
        Format::Framed,
        Format::Compact,
        Format::Numbered,
        Format::Kruse,
        Format::Luogu,
        Format::Leetcode,
        Format::Svg,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Format::Pretty => "pretty",
            Format::Spaced => "spaced",
            Format::Framed => "framed",
            Format::Compact => "compact",
            Format::Numbered => "numbered",
            Format::Kruse => "kruse",
            Format::Luogu => "luogu",
            Format::Leetcode => "leetcode",
            Format::Svg => "svg",
        }
    }

    /// A fresh renderer of this format for `n`×`n` boards, searched by `algo` (named in summaries).
    pub fn renderer(self, n: usize, algo: &'static str) -> Box<dyn Render> {
        match self {
            Format::Pretty => Box::new(pretty::Pretty::new(n, algo)),
            Format::Spaced => Box::new(spaced::Spaced::new(n)),
            Format::Framed => Box::new(framed::Framed::new(n)),
            Format::Compact => Box::new(compact::Compact::new(n)),
            Format::Numbered => Box::new(numbered::Numbered::new(n)),
            Format::Kruse => Box::new(kruse::Kruse::new(n)),
            Format::Luogu => Box::new(luogu::Luogu),
            Format::Leetcode => Box::new(leetcode::Leetcode::new(n)),
            Format::Svg => Box::new(svg::Svg::new(n)),
        }
    }
}

impl std::fmt::Display for Format {
    /// The name used on the command line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How a format draws the cells of one board: a row is `open`, the cells separated by `between`,
/// then `close`; rows are separated by `join`.
pub struct Cells {
    /// The byte of an empty square.
    pub empty: u8,
    /// The byte of a queen.
    pub queen: u8,
    /// Bytes between two cells of a row.
    pub between: &'static [u8],
    /// Bytes before the first cell of a row.
    pub open: &'static [u8],
    /// Bytes after the last cell of a row.
    pub close: &'static [u8],
    /// Bytes between two rows.
    pub join: &'static [u8],
}

/// `Q` and `.` joined by single spaces, one line per row: the readable look of 000 and ours.
pub const SPACED_ROWS: Cells = Cells { empty: b'.', queen: b'Q', between: b" ", open: b"", close: b"\n", join: b"" };

/// One row as bare `Q` and `.`, nothing around it: a board's rows as text, to compare.
pub const BARE_ROW: Cells = Cells { empty: b'.', queen: b'Q', between: b"", open: b"", close: b"", join: b"" };

/// Builds boards in one [`Cells`] look, by copying a prepared empty row and setting one byte, and
/// keeps the bytes of the board being built until [`Grid::send`] writes them in one call.
pub struct Grid {
    /// One empty row, `open` and `close` included.
    empty_row: Vec<u8>,
    /// Where cell 0 sits in a row.
    first: usize,
    /// Distance from one cell to the next.
    stride: usize,
    queen: u8,
    join: &'static [u8],
    /// The bytes not yet written, reused from board to board.
    pending: Vec<u8>,
}

impl Grid {
    /// A grid for `n`×`n` boards drawn in the `cells` look.
    pub fn new(n: usize, cells: &Cells) -> Self {
        let mut empty_row = cells.open.to_vec();
        for c in 0..n {
            if c > 0 {
                empty_row.extend_from_slice(cells.between);
            }
            empty_row.push(cells.empty);
        }
        empty_row.extend_from_slice(cells.close);
        let (first, stride) = (cells.open.len(), 1 + cells.between.len());
        Grid { empty_row, first, stride, queen: cells.queen, join: cells.join, pending: Vec::new() }
    }

    /// The bytes built so far, for a format to add its own around the board.
    pub fn pending(&mut self) -> &mut Vec<u8> {
        &mut self.pending
    }

    /// Adds the board whose row `r` has its queen in the `r`-th column of `cols`.
    pub fn draw(&mut self, cols: impl IntoIterator<Item = usize>) {
        for (r, c) in cols.into_iter().enumerate() {
            if r > 0 {
                self.pending.extend_from_slice(self.join);
            }
            self.row(Some(c));
        }
    }

    /// Adds one row, with its queen in column `queen` or with none (a row the search left empty,
    /// as `cell` and a trace can); the caller joins rows.
    pub fn row(&mut self, queen: Option<usize>) {
        let start = self.pending.len();
        self.pending.extend_from_slice(&self.empty_row);
        if let Some(c) = queen {
            self.pending[start + self.first + c * self.stride] = self.queen;
        }
    }

    /// Takes the bytes built so far as text, and starts afresh.
    pub fn take_text(&mut self) -> String {
        String::from_utf8(std::mem::take(&mut self.pending)).expect("cells are drawn in UTF-8")
    }

    /// Writes everything built so far to `out` in one call, and starts afresh.
    pub fn send(&mut self, out: &mut dyn Write) -> io::Result<()> {
        let result = out.write_all(&self.pending);
        self.pending.clear();
        result
    }
}

/// The visitor that writes each solution through a format as the solver finds it.
pub struct Emit<'a, W: Write> {
    out: W,
    render: &'a mut dyn Render,
    count: u64,
    error: Option<io::Error>,
}

impl<'a, W: Write> Emit<'a, W> {
    /// Writes the format's header and gets ready for solutions.
    pub fn start(mut out: W, render: &'a mut dyn Render) -> io::Result<Self> {
        render.header(&mut out)?;
        Ok(Emit { out, render, count: 0, error: None })
    }

    /// Writes the footer (if no write failed) and flushes; the first write error, if any.
    pub fn finish(mut self, complete: bool) -> io::Result<u64> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        self.render.footer(self.count, complete, &mut self.out)?;
        self.out.flush()?;
        Ok(self.count)
    }
}

impl<W: Write> Visitor for Emit<'_, W> {
    fn solution(&mut self, cols: &[usize]) -> ControlFlow<()> {
        self.count += 1;
        match self.render.solution(self.count, cols, &mut self.out) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                self.error = Some(e);
                ControlFlow::Break(())
            }
        }
    }
}

/// Prints nothing but the number of solutions: `labs run --count`.
pub struct CountOnly;

impl Render for CountOnly {
    fn solution(&mut self, _index: u64, _cols: &[usize], _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    fn footer(&mut self, count: u64, _complete: bool, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "{count}")
    }
}

/// One search to stream: which variant, which board, and what the caller wants besides bytes.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    /// The variant that searches.
    pub algo: Algo,
    /// Board size. 0 is the empty board, which is already solved: one solution with no rows, as
    /// document 004's search finds (no variant is run).
    pub n: usize,
    /// Stop the search itself once `first` solutions are out.
    pub first: Option<u64>,
    /// Tally the [`Work`] on the way; off, the counting hooks compile away.
    pub tally: bool,
}

impl Request {
    /// Every solution of `algo` on the `n`×`n` board, nothing tallied.
    pub fn all(algo: Algo, n: usize) -> Request {
        Request { algo, n, first: None, tally: false }
    }

    /// How many solutions the search will stream, when that is known before it starts: the known
    /// count of the board size, or `first` where that is smaller (or the count unknown).
    pub fn boards(&self) -> Option<u64> {
        match (A000170.get(self.n).copied(), self.first) {
            (Some(all), Some(k)) => Some(all.min(k)),
            (all, k) => all.or(k),
        }
    }
}

/// What came of a [`stream`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Streamed {
    /// Solutions written.
    pub solutions: u64,
    /// False when `first` stopped the search before it had every solution (the known count
    /// tells, when the search stopped at the last one).
    pub complete: bool,
    /// The work, when the request asked for a tally.
    pub work: Option<Work>,
}

/// The one path from a solver to bytes: streams the solutions of `request` through `render` into
/// `out`, header and footer included, as the solver finds them.
pub fn stream(request: &Request, render: &mut dyn Render, out: impl Write) -> io::Result<Streamed> {
    if let Some(count) = request.boards() {
        render.boards(count);
    }
    let mut emit = Emit::start(out, render)?;
    let (flow, work) = if request.tally {
        let mut tally = Tally::new(&mut emit);
        let flow = search(request, &mut tally);
        (flow, Some(tally.work))
    } else {
        (search(request, &mut emit), None)
    };
    // A write error stops the search too; `finish` reports it before anything else.
    let complete = flow.is_continue() || A000170.get(request.n) == Some(&emit.count);
    Ok(Streamed { solutions: emit.finish(complete)?, complete, work })
}

/// Runs the request's search into `v`, `first` applied.
fn search<V: Visitor>(request: &Request, v: &mut V) -> ControlFlow<()> {
    match (request.n, request.first) {
        (0, _) => v.solution(&[]),
        (n, Some(k)) => request.algo.solve(n, &mut Take { inner: v, left: k }),
        (n, None) => request.algo.solve(n, v),
    }
}

/// Renders `solutions` of an `n`×`n` board completely into a string: for tests and doc examples.
pub fn render_to_string(format: Format, n: usize, algo: &'static str, solutions: &[Vec<usize>]) -> String {
    let mut render = format.renderer(n, algo);
    render.boards(solutions.len() as u64);
    let mut bytes = Vec::new();
    let mut emit = Emit::start(&mut bytes, render.as_mut()).expect("writing to a Vec cannot fail");
    for cols in solutions {
        let _ = emit.solution(cols);
    }
    emit.finish(true).expect("writing to a Vec cannot fail");
    String::from_utf8(bytes).expect("formats write UTF-8")
}
