//! The six variants of one backtracking search, and the one interface they all stream through.
//!
//! Every variant is a function `solve(n, visitor)` that walks the search its document describes and
//! reports to a [`Visitor`] as it goes: each solution the moment it is complete, and — only if the
//! visitor cares — each queen placed ([`Visitor::node`]), removed ([`Visitor::backtrack`]), each
//! square or flag its safety check examines ([`Visitor::probe_at`], with where: [`Probed`]) and
//! each square the check refuses ([`Visitor::reject`]). Nothing is stored: a visitor that wants solutions keeps them itself, and
//! one that returns [`ControlFlow::Break`] — from a solution, or from [`Visitor::proceed`] at any
//! step, as a trace does — stops the search where it stands.
//!
//! All variants yield the same solutions in the same order, row-major lexicographic (the queen of
//! the top row first, columns tried left to right), so a test can compare whole streams and any
//! other order a format wants is derived from this one.
//!
//! Read the variants in the order of [`Algo::ALL`]: from the full-board scan of `naive` to the
//! bitmasks of `bits`, the search tree stays the same and only the cost of a check shrinks.

pub mod bits;
pub mod bordered;
pub mod cell;
pub mod kruse;
pub mod naive;
pub mod row;

use std::ops::ControlFlow;

/// Why a safety check refused a square: the first line of attack it found occupied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Conflict {
    /// Another queen in the same row (only `cell` can meet this: it visits every square).
    Row,
    /// Another queen in the same column.
    Column,
    /// Another queen on the same `\` diagonal (row − column constant).
    Diagonal,
    /// Another queen on the same `/` anti-diagonal (row + column constant).
    AntiDiagonal,
}

impl Conflict {
    /// The word a trace prints for it.
    pub fn name(self) -> &'static str {
        match self {
            Conflict::Row => "row",
            Conflict::Column => "column",
            Conflict::Diagonal => "diagonal",
            Conflict::AntiDiagonal => "anti-diagonal",
        }
    }
}

/// What one probe of a safety check read, for a visitor that shows where the check looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Probed {
    /// The square (`row`, `col`) of the board.
    Square(usize, usize),
    /// A square of `bordered`'s framed board, in the document's coordinates: row and column 0 and
    /// n + 1 are the frame, (1, 1) is the board's top-left square.
    Framed(usize, usize),
    /// The flag of the line of that kind through (`row`, `col`): a row, a column or a diagonal.
    Flag(Conflict, usize, usize),
    /// The mask of row `row`'s free squares, read in one operation.
    Mask(usize),
}

/// Receives what a solver finds, as it finds it.
///
/// Only [`Visitor::solution`] is required; the other hooks default to nothing and vanish from the
/// compiled search when a visitor does not override them.
pub trait Visitor {
    /// `cols[row]` is that row's queen column. Return `Break(())` to stop the search.
    fn solution(&mut self, cols: &[usize]) -> ControlFlow<()>;

    /// A queen was placed at (`row`, `col`): one node of the search tree.
    #[inline(always)]
    fn node(&mut self, _row: usize, _col: usize) {}

    /// The queen at (`row`, `col`) was taken off again: the search backtracks.
    #[inline(always)]
    fn backtrack(&mut self, _row: usize, _col: usize) {}

    /// The safety check examined one square (or flag, or mask).
    #[inline(always)]
    fn probe(&mut self) {}

    /// The safety check examined `what`: the variants report every probe here, and by default it
    /// is one [`Visitor::probe`], so a visitor that only counts overrides `probe` alone.
    #[inline(always)]
    fn probe_at(&mut self, _what: Probed) {
        self.probe()
    }

    /// The safety check refused (`row`, `col`) because of `why`.
    #[inline(always)]
    fn reject(&mut self, _row: usize, _col: usize, _why: Conflict) {}

    /// Asked at every step of the search (each call of its recursion): `Break(())` stops the search
    /// there, between two solutions. Default: always go on, compiled away.
    #[inline(always)]
    fn proceed(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

impl<V: Visitor + ?Sized> Visitor for &mut V {
    #[inline(always)]
    fn solution(&mut self, cols: &[usize]) -> ControlFlow<()> {
        (**self).solution(cols)
    }
    #[inline(always)]
    fn node(&mut self, row: usize, col: usize) {
        (**self).node(row, col)
    }
    #[inline(always)]
    fn backtrack(&mut self, row: usize, col: usize) {
        (**self).backtrack(row, col)
    }
    #[inline(always)]
    fn probe(&mut self) {
        (**self).probe()
    }
    #[inline(always)]
    fn probe_at(&mut self, what: Probed) {
        (**self).probe_at(what)
    }
    #[inline(always)]
    fn reject(&mut self, row: usize, col: usize, why: Conflict) {
        (**self).reject(row, col, why)
    }
    #[inline(always)]
    fn proceed(&mut self) -> ControlFlow<()> {
        (**self).proceed()
    }
}

/// Counts solutions and nothing else: the cheapest visitor there is.
#[derive(Clone, Copy, Debug, Default)]
pub struct Count(pub u64);

impl Visitor for Count {
    #[inline(always)]
    fn solution(&mut self, _cols: &[usize]) -> ControlFlow<()> {
        self.0 += 1;
        ControlFlow::Continue(())
    }
}

/// What "nodes" means wherever the toolkit reports them, for help texts to say.
pub const NODES: &str = "a node is a position of the search tree, the empty board included: queens placed + 1";

/// The work a search did: what [`Tally`] counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Work {
    /// Queens placed (search-tree nodes, the empty root not included).
    pub placed: u64,
    /// Squares or flags examined by safety checks.
    pub probes: u64,
    /// Solutions found.
    pub solutions: u64,
}

impl Work {
    /// Nodes of the search tree, counting its root (the empty board) as one: see [`NODES`].
    pub fn nodes(&self) -> u64 {
        self.placed + 1
    }
}

/// Wraps a visitor and tallies the [`Work`] the search does on the way to it.
#[derive(Clone, Debug, Default)]
pub struct Tally<V> {
    /// The wrapped visitor, which still sees every event.
    pub inner: V,
    /// What has been counted so far.
    pub work: Work,
}

impl<V> Tally<V> {
    /// A tally of zero around `inner`.
    pub fn new(inner: V) -> Self {
        Tally { inner, work: Work::default() }
    }
}

impl<V: Visitor> Visitor for Tally<V> {
    #[inline(always)]
    fn solution(&mut self, cols: &[usize]) -> ControlFlow<()> {
        self.work.solutions += 1;
        self.inner.solution(cols)
    }
    #[inline(always)]
    fn node(&mut self, row: usize, col: usize) {
        self.work.placed += 1;
        self.inner.node(row, col)
    }
    #[inline(always)]
    fn backtrack(&mut self, row: usize, col: usize) {
        self.inner.backtrack(row, col)
    }
    #[inline(always)]
    fn probe(&mut self) {
        self.work.probes += 1;
        self.inner.probe()
    }
    #[inline(always)]
    fn probe_at(&mut self, what: Probed) {
        self.work.probes += 1;
        self.inner.probe_at(what)
    }
    #[inline(always)]
    fn reject(&mut self, row: usize, col: usize, why: Conflict) {
        self.inner.reject(row, col, why)
    }
    #[inline(always)]
    fn proceed(&mut self) -> ControlFlow<()> {
        self.inner.proceed()
    }
}

/// Passes on at most `left` solutions, then stops the search itself.
#[derive(Clone, Debug)]
pub struct Take<V> {
    /// The wrapped visitor.
    pub inner: V,
    /// How many more solutions it will pass on.
    pub left: u64,
}

impl<V: Visitor> Visitor for Take<V> {
    #[inline(always)]
    fn solution(&mut self, cols: &[usize]) -> ControlFlow<()> {
        if self.left == 0 {
            return ControlFlow::Break(());
        }
        self.left -= 1;
        self.inner.solution(cols)?;
        if self.left == 0 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    }
    #[inline(always)]
    fn node(&mut self, row: usize, col: usize) {
        self.inner.node(row, col)
    }
    #[inline(always)]
    fn backtrack(&mut self, row: usize, col: usize) {
        self.inner.backtrack(row, col)
    }
    #[inline(always)]
    fn probe(&mut self) {
        self.inner.probe()
    }
    #[inline(always)]
    fn probe_at(&mut self, what: Probed) {
        self.inner.probe_at(what)
    }
    #[inline(always)]
    fn reject(&mut self, row: usize, col: usize, why: Conflict) {
        self.inner.reject(row, col, why)
    }
    #[inline(always)]
    fn proceed(&mut self) -> ControlFlow<()> {
        self.inner.proceed()
    }
}

/// Counts the nodes on each level of the search tree: its profile, by queens on the board.
#[derive(Clone, Debug)]
pub struct Profile {
    /// `levels[k]` is the number of nodes with `k` queens on the board; `levels[0]` is the root.
    pub levels: Vec<u64>,
    /// Queens on the board now.
    depth: usize,
}

impl Profile {
    /// An empty profile for an `n`×`n` board.
    pub fn new(n: usize) -> Self {
        let mut levels = vec![0; n + 1];
        levels[0] = 1;
        Profile { levels, depth: 0 }
    }

    /// Queens on the board at this point of the search.
    pub fn depth(&self) -> usize {
        self.depth
    }
}

impl Visitor for Profile {
    fn solution(&mut self, _cols: &[usize]) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
    // Depth is counted, not read off the row: `cell` can leave rows empty.
    fn node(&mut self, _row: usize, _col: usize) {
        self.depth += 1;
        self.levels[self.depth] += 1;
    }
    fn backtrack(&mut self, _row: usize, _col: usize) {
        self.depth -= 1;
    }
}

/// Keeps every solution, in order: for tests and small boards only, as it stores them all.
#[derive(Clone, Debug, Default)]
pub struct Collect(pub Vec<Vec<usize>>);

impl Visitor for Collect {
    fn solution(&mut self, cols: &[usize]) -> ControlFlow<()> {
        self.0.push(cols.to_vec());
        ControlFlow::Continue(())
    }
}

/// The largest board any variant takes: `bits` keeps a row in one 64-bit word, and every variant
/// takes the same boards, so that any two can be compared.
pub const MAX_N: usize = 64;

/// The six variants, in reading order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Algo {
    /// Document 000: a board of cells; the check scans the column and the whole board.
    Naive,
    /// Document 001: a board with a sentinel frame; the check walks three ways to the frame.
    Bordered,
    /// Document 002, first program: place or skip every square in turn; four flag arrays.
    Cell,
    /// Documents 002 (second program) and 003: one queen per row; three flag arrays.
    Row,
    /// Document 004: Kruse & Ryba's `Queens` board type with insert, remove and unguarded.
    Kruse,
    /// Ours: columns and both diagonals as bitmasks, one mask per row.
    Bits,
}

impl Algo {
    /// Every variant, in reading order.
    pub const ALL: [Algo; 6] = [Algo::Naive, Algo::Bordered, Algo::Cell, Algo::Row, Algo::Kruse, Algo::Bits];

    /// What a reader is told of this variant, in one place: a new variant is one more arm here,
    /// and the compiler asks for it.
    pub fn about(self) -> About {
        let about =
            |name, document, structure, check, probe_unit| About { name, document, structure, check, probe_unit };
        match self {
            Algo::Naive => about("naive", "000", "n×n board", "column + board, O(n²)", "square"),
            Algo::Bordered => about("bordered", "001", "(n+2)² board, # frame", "3 walks to frame, O(n)", "square"),
            Algo::Cell => about("cell", "002 #1", "4 flag arrays", "4 flags, O(1)", "flag"),
            Algo::Row => about("row", "002 #2, 003", "3 flag arrays", "3 flags, O(1)", "flag"),
            Algo::Kruse => about("kruse", "004", "Queens class", "squares above, O(n)", "square"),
            Algo::Bits => about("bits", "ours", "3 bitmasks", "1 mask per row, O(1)", "mask"),
        }
    }

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        self.about().name
    }

    /// The document it mirrors.
    pub fn document(self) -> &'static str {
        self.about().document
    }

    /// Runs this variant on an `n`×`n` board, streaming to `v`.
    ///
    /// `n` must be from 1 to [`MAX_N`]; returns `Break` if the visitor stopped the search.
    pub fn solve<V: Visitor + ?Sized>(self, n: usize, v: &mut V) -> ControlFlow<()> {
        assert!((1..=MAX_N).contains(&n), "board size {n} outside 1..={MAX_N}");
        match self {
            Algo::Naive => naive::solve(n, v),
            Algo::Bordered => bordered::solve(n, v),
            Algo::Cell => cell::solve(n, v),
            Algo::Row => row::solve(n, v),
            Algo::Kruse => kruse::solve(n, v),
            Algo::Bits => bits::solve(n, v),
        }
    }

    /// Every solution on the `n`×`n` board, in order, through [`Collect`] (small n only).
    pub fn solutions(self, n: usize) -> Vec<Vec<usize>> {
        let mut all = Collect::default();
        let _ = self.solve(n, &mut all);
        all.0
    }

    /// What one [`Visitor::probe`] stands for in this variant: a square, a flag or a mask.
    pub fn probe_unit(self) -> &'static str {
        self.about().probe_unit
    }
}

/// A variant as `labs list` and the help describe it ([`Algo::about`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct About {
    /// The name used on the command line.
    pub name: &'static str,
    /// The document it mirrors.
    pub document: &'static str,
    /// The data structure the search keeps.
    pub structure: &'static str,
    /// What one safety check examines, and its cost.
    pub check: &'static str,
    /// What one [`Visitor::probe`] stands for: a square, a flag or a mask.
    pub probe_unit: &'static str,
}

impl std::fmt::Display for Algo {
    /// The name used on the command line.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether `cols` is a solution: one queen per row, and no two queens share a column or diagonal.
///
/// Independent of every solver: it compares every pair of queens directly.
pub fn is_solution(cols: &[usize]) -> bool {
    let n = cols.len();
    cols.iter().all(|&c| c < n)
        && (0..n).all(|a| (a + 1..n).all(|b| cols[a] != cols[b] && cols[a].abs_diff(cols[b]) != b - a))
}
