//! What a search reports to: the [`Leaf`] that completes the last three rows and is told of the
//! solutions, the walk that visits those rows one position at a time, and the two counting leaves.
//!
//! It imports only [`super::board`] and [`super::last_rows`] (whose table [`MaskCount`] reads);
//! [`super::lanes`], [`super::search`] and [`super::symmetry`] build on it. Read next:
//! [`super::search`].

use super::board::{Allowance, M, Masks, Placed};
use super::last_rows::{Bottom, Gather};

/// What the solutions are worth to the caller, and how the last three rows are completed.
pub trait Leaf {
    /// Whether [`Leaf::tail`] reads the queens of the rows above.
    const BOARD: bool = true;

    /// Whether the search hands its bottom rows to [`Lanes`](super::lanes::Lanes) (from n = 11 on).
    const LANES: bool = false;

    /// Whether some solutions may tie with a turn of themselves, and [`Lanes`](super::lanes::Lanes) must leave them
    /// to be walked: [`Leaf::ties`] tells which.
    const TIES: bool = false;

    /// One more solution, found by walking the last rows: `board` holds its queens, one bit per
    /// row.
    fn found(&mut self, board: &[u32]);

    /// `found` more solutions, counted without a board.
    fn counted(&mut self, _found: u64) {}

    /// With [`Leaf::TIES`]: the squares (row, bit) whose queen lets a solution tie; a square of
    /// bit 0 is none.
    fn ties(&self) -> [(usize, u32); 3] {
        [(0, 0); 3]
    }

    /// Completes rows n − 3 to n − 1, entered with `m`; `queens` holds those of the rows above,
    /// and `gather` reads squares for [`Bottom::count`]. Returns the positions visited. By
    /// default it walks them, visiting every position, as `bits` does.
    #[inline(always)]
    fn tail<G: Gather>(&mut self, rules: &Allowance, queens: &mut Placed, m: Masks, _gather: G) -> u64 {
        walk(rules, queens, rules.n - 3, m, self)
    }
}

/// Counts every solution, visiting every position: the plain search, `bits`' tree exactly.
#[derive(Clone, Copy, Debug, Default)]
pub struct WalkCount(pub u64);

impl Leaf for WalkCount {
    #[inline(always)]
    fn found(&mut self, _: &[u32]) {
        self.0 += 1;
    }
}

/// Counts solutions and visits nothing of the last three rows: the hot path.
#[derive(Clone, Copy, Debug, Default)]
pub struct MaskCount(pub u64);

impl Leaf for MaskCount {
    const BOARD: bool = false;
    const LANES: bool = true;

    fn counted(&mut self, found: u64) {
        self.0 += found;
    }

    /// Called only where a prefix leaves fewer than three rows, which no symmetry case does.
    fn found(&mut self, _: &[u32]) {
        self.0 += 1;
    }

    #[inline(always)]
    fn tail<G: Gather>(&mut self, rules: &Allowance, _: &mut Placed, m: Masks, gather: G) -> u64 {
        self.0 += Bottom::new(rules, m, gather).count();
        0
    }
}

/// Visits every position of rows `row` to the bottom, entering the first with `m` (`queens` holds
/// those of the rows above), and tells `leaf` of each solution. Returns the positions visited.
/// Recursive: it walks three rows, or the whole of a tiny board.
pub fn walk<L: Leaf + ?Sized>(rules: &Allowance, queens: &mut Placed, row: usize, m: Masks, leaf: &mut L) -> u64 {
    if row == rules.n {
        leaf.found(&queens[..row]);
        return 0;
    }
    let mut open = rules.open(row, m);
    let mut nodes = 0;
    while open != 0 {
        let bit = open & open.wrapping_neg();
        open ^= bit;
        queens[row & M] = bit;
        nodes += 1 + walk(rules, queens, row + 1, m.after(bit), leaf);
    }
    nodes
}

/// A leaf as it is, but searched without [`Lanes`](super::lanes::Lanes): what the tests hold the lanes to.
#[cfg(test)]
pub struct Scalar<L>(pub L);

#[cfg(test)]
impl<L: Leaf> Leaf for Scalar<L> {
    const BOARD: bool = L::BOARD;
    const TIES: bool = L::TIES;

    fn found(&mut self, board: &[u32]) {
        self.0.found(board);
    }

    fn counted(&mut self, found: u64) {
        self.0.counted(found);
    }

    fn ties(&self) -> [(usize, u32); 3] {
        self.0.ties()
    }

    fn tail<G: Gather>(&mut self, rules: &Allowance, queens: &mut Placed, m: Masks, gather: G) -> u64 {
        // The inner leaf's walk would tell the inner leaf of solutions: the same thing.
        self.0.tail(rules, queens, m, gather)
    }
}
