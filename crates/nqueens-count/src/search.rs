//! The inner loop: a bitboard search by plain recursion, the bottom rows done apart.
//!
//! The usual bitboard search — a row's attacked squares are the columns taken plus the `\` and `/`
//! diagonals, shifted one square per row, all in `u32`s — with two additions for the symmetry
//! cases of [`super::symmetry`]: each row has its own mask of squares a queen may take at all
//! ([`Rules::allowed`]), and where a case allows the last row only a few squares, the search
//! looks ahead ([`Rules::ahead`]): a queen that closes every one of them is a dead end at once,
//! not a dozen rows later.
//!
//! [`search`] recurses one call per row (`Recursion::rows`), its masks and open squares passed in
//! registers; a queen with no open square below is not entered at all. The last three rows are
//! the [`Leaf`]'s: the plain search walks them ([`walk`]), so that it visits the very tree of
//! `nqueens::solvers::bits`; the fast count does not visit them at all but looks their solutions
//! up ([`super::last_rows`]). Its leaves also take rows n − 9 to n − 4 off the recursion: each
//! position entering row n − 9 goes to the [`Lanes`], which place those rows for a batch of
//! positions at once without a branch that goes either way. Above them, and where the lanes
//! are not used (boards below 10, the plain search, positions whose solutions may tie), rows
//! n − 5 and n − 4 run in loops nested inside the call for row n − 5. Back from a row with eight
//! or more rows below it, the loop reads the stop flag, so Ctrl-C is obeyed within moments even
//! when one subproblem would run for hours (at n = 28 they do).
//!
//! Nodes count the positions visited (queens placed here or in the lanes; the caller adds the
//! empty board): in the plain search every position of `bits`' tree, in the fast count all but
//! the last three rows. Read next: [`super::lanes`], then [`super::symmetry`], whose cases set
//! the rules and choose the leaves.

use super::lanes::Lanes;
use super::last_rows::{Bottom, Gather};
use std::sync::atomic::{AtomicBool, Ordering};

/// More rows than any supported board has: the size of a board's arrays.
pub const STACK: usize = 32;

/// Indices are masked to the arrays' size, which they never reach, so that no bounds check is
/// compiled into the loops.
const M: usize = STACK - 1;

/// The attack masks on entering a row.
#[derive(Clone, Copy, Debug, Default)]
pub struct Masks {
    /// Columns taken.
    pub col: u32,
    /// `\` diagonals reaching this row (they move one column right per row).
    pub diag: u32,
    /// `/` diagonals reaching this row (they move one column left per row).
    pub anti: u32,
}

impl Masks {
    /// The masks of the next row, after a queen on `bit`.
    #[inline(always)]
    pub fn after(self, bit: u32) -> Masks {
        Masks { col: self.col | bit, diag: (self.diag | bit) << 1, anti: (self.anti | bit) >> 1 }
    }
}

/// What a search may place beyond the queens' own attacks.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The board size.
    pub n: usize,
    /// The squares of each row a queen may take at all.
    pub allowed: [u32; STACK],
}

impl Rules {
    /// Every square of every row of an `n`×`n` board: the plain search.
    pub fn plain(n: usize) -> Rules {
        Rules { n, allowed: [full(n); STACK] }
    }

    /// The squares of the last row still open, seen from `row` entered with `m`: where the last
    /// row allows few squares, a placement that closes them all is a dead end found early.
    #[inline(always)]
    pub fn ahead(&self, row: usize, m: Masks) -> u32 {
        let rows = self.n - 1 - row;
        self.allowed[(self.n - 1) & M] & !(m.col | m.diag << rows | m.anti >> rows)
    }

    /// The open squares of `row`, entered with `m`.
    #[inline(always)]
    pub fn open(&self, row: usize, m: Masks) -> u32 {
        self.allowed[row & M] & !(m.col | m.diag | m.anti)
    }
}

/// Every column of an `n`-wide row.
pub fn full(n: usize) -> u32 {
    u32::MAX >> (32 - n)
}

/// What the solutions are worth to the caller, and how the last three rows are completed.
pub trait Leaf {
    /// Whether [`Leaf::tail`] reads the queens of the rows above.
    const BOARD: bool = true;

    /// Whether the search hands its bottom rows to [`Lanes`] (from n = 11 on).
    const LANES: bool = false;

    /// Whether some solutions may tie with a turn of themselves, and [`Lanes`] must leave them
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
    fn tail<G: Gather>(&mut self, rules: &Rules, queens: &mut Placed, m: Masks, _gather: G) -> u64 {
        walk(rules, queens, rules.n - 3, m, self)
    }
}

/// Whether a queen of the rows above `row` in `queens` stands on one of the squares `ties`.
#[inline(always)]
pub fn tied(queens: &Placed, ties: &[(usize, u32); 3], row: usize) -> bool {
    ties.iter().any(|&(r, square)| r < row && queens[r & M] == square)
}

/// The square of `row` among `ties` (0, never a queen, if none is in that row).
#[inline(always)]
pub fn tie_in(ties: &[(usize, u32); 3], row: usize) -> u32 {
    ties.iter().find(|t| t.0 == row).map_or(0, |t| t.1)
}

/// The squares among `ties` in the last three rows of an `n`×`n` board, row by row: what
/// [`Bottom::stands_on`] closes.
pub fn ties_below(ties: &[(usize, u32); 3], n: usize) -> [u32; 3] {
    std::array::from_fn(|k| tie_in(ties, n - 3 + k))
}

/// The queens of a search, one bit per row.
pub type Placed = [u32; STACK];

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
    fn tail<G: Gather>(&mut self, rules: &Rules, _: &mut Placed, m: Masks, gather: G) -> u64 {
        self.0 += Bottom::new(rules, m, gather).count();
        0
    }
}

/// Visits every position of rows `row` to the bottom, entering the first with `m` (`queens` holds
/// those of the rows above), and tells `leaf` of each solution. Returns the positions visited.
/// Recursive: it walks three rows, or the whole of a tiny board.
pub fn walk<L: Leaf + ?Sized>(rules: &Rules, queens: &mut Placed, row: usize, m: Masks, leaf: &mut L) -> u64 {
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

/// Completes the board under `rules` below the queens `prefix` (one bit per row, from row 0),
/// the last three rows by `leaf`; with `AHEAD`, it checks [`Rules::ahead`] before entering a row.
/// `gather` is how [`Bottom::count`] reads squares; `lanes` is the calling thread's, kept from one
/// subproblem to the next (made here if `None` or for another size). Returns the positions
/// visited; stops early, with a partial result the caller must discard, once `stop` is set.
pub fn search<L: Leaf, G: Gather, const AHEAD: bool>(
    rules: &Rules,
    prefix: &[u32],
    leaf: &mut L,
    gather: G,
    stop: &AtomicBool,
    lanes: &mut Option<Lanes>,
) -> u64 {
    let top = prefix.len();
    let mut queens = [0u32; STACK];
    queens[..top].copy_from_slice(prefix);
    let m = prefix.iter().fold(Masks::default(), |m, &bit| m.after(bit));
    // Tiny boards: fewer rows than the loop and the leaf take.
    if top + 4 > rules.n {
        return walk(rules, &mut queens, top, m, leaf);
    }
    let (open, last) = (rules.open(top, m), rules.ahead(top, m));
    // A prefix may close the next row: nothing below it (and nothing for the lanes to place).
    if open == 0 {
        return 0;
    }
    let lanes_row = Lanes::first_row(rules.n).filter(|&first| L::LANES && top <= first);
    let Some(lanes_row) = lanes_row else {
        let mut s = Recursion { rules: rules.clone(), leaf, gather, stop, queens, lanes: None, lanes_row: STACK };
        return match rules.n - top {
            4 => s.last_level(m, open),
            _ => G::rows::<L, AHEAD>(&mut s, top, m, open, last),
        };
    };
    {
        let lanes = match lanes {
            Some(lanes) if lanes.fits(rules.n) => lanes,
            slot => slot.insert(Lanes::new(rules.n)),
        };
        let mut s = Recursion {
            rules: rules.clone(),
            leaf: &mut *leaf,
            gather,
            stop,
            queens,
            lanes: Some(&mut *lanes),
            lanes_row,
        };
        let mut nodes = G::rows::<L, AHEAD>(&mut s, top, m, open, last);
        // The batch not yet full.
        G::lanes::<L, AHEAD>(lanes, rules, leaf, gather);
        nodes += std::mem::take(&mut lanes.nodes);
        leaf.counted(std::mem::take(&mut lanes.found));
        nodes
    }
}

/// The last row's open squares `last` after a queen on `bit` `far` rows above it: what
/// [`Rules::ahead`] gives for the next row, updated rather than recomputed. Why it pays: the edge
/// cases look ahead at every node, and this takes a third of the instructions.
#[inline(always)]
fn closing(last: u32, bit: u32, far: usize) -> u32 {
    last & !(bit | bit << far | bit >> far)
}

/// The rows a subproblem's prefix leaves at least (so that the split is the same for every
/// board from 9 up).
pub const BELOW_PREFIX: usize = 5;

/// One search's fixed parts and its board so far, passed to every row as one pointer.
pub struct Recursion<'a, L, G> {
    /// What may be placed: a copy in the search's own frame, so that the compiler sees no store
    /// of the loop reach it and keeps what the loop reads of it in registers.
    rules: Rules,
    /// Completes the last three rows.
    leaf: &'a mut L,
    /// How the last three rows' squares are read.
    gather: G,
    /// Set to stop early.
    stop: &'a AtomicBool,
    /// The queen of each row so far, for leaves that read the board.
    queens: Placed,
    /// Where the positions entering row `lanes_row` go, if the leaf counts in lanes.
    lanes: Option<&'a mut Lanes>,
    /// [`Lanes::first_row`], or past the board without lanes.
    lanes_row: usize,
}

impl<L: Leaf, G: Gather> Recursion<'_, L, G> {
    /// Notes the queen of `row`, for a leaf that reads the board; the others do not pay for it.
    #[inline(always)]
    fn place(&mut self, row: usize, bit: u32) {
        if L::BOARD {
            self.queens[row & M] = bit;
        }
    }

    /// Row `row` (at most n − 5), entered with `m` (its open squares `open`, and the last row's
    /// `last`, read with `AHEAD` only), and every row below each of its queens that leaves the
    /// next row (and, looking ahead, the last) an open square. Returns the positions visited.
    /// Why it pays: a call per row keeps the masks in registers, where an explicit stack stores
    /// and reloads a frame per row entered and left. [`Gather::rows`] calls it, compiled for the
    /// gather's instructions, and it calls that for the next row.
    #[inline(always)]
    pub(super) fn rows<const AHEAD: bool>(&mut self, row: usize, m: Masks, open: u32, last: u32) -> u64 {
        let n = self.rules.n;
        // The lanes place the rows from here down, unless a queen above may let a solution tie.
        if L::LANES
            && row == self.lanes_row
            && let Some(lanes) = self.lanes.as_mut()
            && !(L::TIES && tied(&self.queens, &self.leaf.ties(), row))
        {
            lanes.push::<L, G, AHEAD>(m, open, &self.queens, &self.rules, &mut *self.leaf, self.gather);
            return 0;
        }
        if row + BELOW_PREFIX == n {
            return self.level::<AHEAD>(row, m, open, last, |s, m, open, _| s.last_level(m, open));
        }
        // Read on entering any row with eight or more below it: rare enough to cost nothing, and
        // what runs between two reads is never more than eight rows deep, so even a subproblem
        // that would run for hours stops within moments.
        if row + 9 <= n && self.stop.load(Ordering::Relaxed) {
            return 0;
        }
        self.level::<AHEAD>(row, m, open, last, |s, m, open, last| G::rows::<L, AHEAD>(s, row + 1, m, open, last))
    }

    /// Row `row`, entered with `m` (its open squares `open`; with `AHEAD`, `last` those of the
    /// last row, [`Rules::ahead`]), and `below` the row under each of its queens that leaves it
    /// (and, looking ahead, the last) an open square. Returns the positions visited.
    #[inline(always)]
    fn level<const AHEAD: bool>(
        &mut self,
        row: usize,
        m: Masks,
        mut open: u32,
        last: u32,
        below: impl Fn(&mut Self, Masks, u32, u32) -> u64,
    ) -> u64 {
        // How far the last row is: a queen here attacks it that far to either side.
        let far = self.rules.n - 1 - row;
        let mut nodes = 0;
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            nodes += 1;
            self.place(row, bit);
            let next = m.after(bit);
            let under = self.rules.open(row + 1, next);
            let last = if AHEAD { closing(last, bit, far) } else { last };
            if (under == 0) | (AHEAD && last == 0) {
                continue;
            }
            nodes += below(self, next, under, last);
        }
        nodes
    }

    /// Row n − 4, entered with `m` (its open squares `open`), and the leaf's three rows below
    /// each of its queens. Returns the positions visited. Why it pays: the loop tests nothing but
    /// `open`: a queen that leaves row n − 3 no open square costs a table read, not a branch that
    /// goes either way.
    #[inline(always)]
    fn last_level(&mut self, m: Masks, mut open: u32) -> u64 {
        let row = self.rules.n - 4;
        let mut nodes = 0;
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            self.place(row, bit);
            nodes += 1 + self.leaf.tail(&self.rules, &mut self.queens, m.after(bit), self.gather);
        }
        nodes
    }
}

/// A leaf as it is, but searched without [`Lanes`]: what the tests hold the lanes to.
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

    fn tail<G: Gather>(&mut self, rules: &Rules, queens: &mut Placed, m: Masks, gather: G) -> u64 {
        // The inner leaf's walk would tell the inner leaf of solutions: the same thing.
        self.0.tail(rules, queens, m, gather)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(target_arch = "x86_64")]
    use crate::last_rows::Pext;
    use crate::last_rows::Portable;

    /// Solutions and positions of a whole board, visited by `L`, reading squares with `gather`.
    fn whole<L: Leaf + Default + Into<u64>, G: Gather>(n: usize, gather: G) -> (u64, u64) {
        let mut leaf = L::default();
        let nodes = search::<_, _, false>(&Rules::plain(n), &[], &mut leaf, gather, &AtomicBool::new(false), &mut None);
        (leaf.into(), nodes)
    }

    impl From<WalkCount> for u64 {
        fn from(c: WalkCount) -> u64 {
            c.0
        }
    }

    impl From<MaskCount> for u64 {
        fn from(c: MaskCount) -> u64 {
            c.0
        }
    }

    #[test]
    fn a_whole_board_gives_the_known_counts_and_the_bits_tree() {
        // `bits` at n = 8 places 2,056 queens (2,057 nodes with the root): the same tree.
        assert_eq!(whole::<WalkCount, _>(8, Portable), (92, 2056));
        for n in 1..=10 {
            assert_eq!(whole::<WalkCount, _>(n, Portable).0, nqueens::known::A000170[n], "n = {n}");
            assert_eq!(whole::<MaskCount, _>(n, Portable).0, nqueens::known::A000170[n], "n = {n}");
            #[cfg(target_arch = "x86_64")]
            if let Some(pext) = Pext::detect() {
                assert_eq!(whole::<MaskCount, _>(n, pext).0, nqueens::known::A000170[n], "n = {n}");
            }
            #[cfg(target_arch = "x86_64")]
            if let Some(wide) = crate::lanes::Wide::detect() {
                assert_eq!(whole::<MaskCount, _>(n, wide).0, nqueens::known::A000170[n], "n = {n}");
            }
        }
    }

    #[test]
    fn counting_the_last_three_rows_visits_all_but_them() {
        // Of `bits`' 2,056 queens at n = 8, 92 stand on the last row, 312 on the one above and
        // 550 on row 5.
        assert_eq!(whole::<MaskCount, _>(8, Portable), (92, 2056 - 92 - 312 - 550));
    }

    #[test]
    fn the_lanes_visit_the_very_tree_of_the_search() {
        // From n = 10 the rows above the last three go to the lanes, three of them at n = 10 and
        // six from n = 13; without them the search walks those rows itself.
        for n in 10..=14 {
            let lanes = whole::<MaskCount, _>(n, Portable);
            let mut leaf = Scalar(MaskCount::default());
            let nodes =
                search::<_, _, false>(&Rules::plain(n), &[], &mut leaf, Portable, &AtomicBool::new(false), &mut None);
            assert_eq!(lanes, (leaf.0.0, nodes), "n = {n}");
        }
    }

    #[test]
    fn a_set_stop_flag_ends_the_search_early() {
        let mut leaf = WalkCount::default();
        search::<_, _, false>(&Rules::plain(12), &[], &mut leaf, Portable, &AtomicBool::new(true), &mut None);
        assert!(leaf.0 < nqueens::known::A000170[12], "{}", leaf.0);
    }

    #[test]
    fn looking_ahead_sees_the_last_row_through_the_diagonals() {
        let mut rules = Rules::plain(5);
        rules.allowed[4] = 0b00110;
        // A queen at (0, 0) leaves diagonal masks that reach (4, 4) four rows down: still open.
        let m = Masks::default().after(0b00001);
        assert_eq!(rules.ahead(1, m), 0b00110);
        // One at (1, 2) attacks (4, 5) off the board and (4, −1): both allowed squares stay open,
        // but the column of (1, 2) closes (4, 2).
        assert_eq!(rules.ahead(2, Masks::default().after(0b00100)), 0b00010);
    }
}
