//! The inner loop: a bitboard search on an explicit stack, the bottom rows done apart.
//!
//! The usual bitboard search — a row's attacked squares are the columns taken plus the `\` and `/`
//! diagonals, shifted one square per row, all in `u32`s — with two additions for the symmetry
//! cases of [`super::symmetry`]: each row has its own mask of squares a queen may take at all
//! ([`Rules::allowed`]), and where a case allows the last row only a few squares, the search
//! looks ahead ([`Rules::ahead`]): a queen that closes every one of them is a dead end at once,
//! not a dozen rows later.
//!
//! The loop ([`search`]) visits the rows down to n − 3 on a stack of frames, one per row, worked
//! on in place; a queen with no open square below is not stacked at all. Rows n − 5 to n − 3 are
//! never stacked either: `nested` and `last_level` run through them in loops of their own.
//! The last two rows are the [`Leaf`]'s: the plain search walks them ([`walk`]), so that it
//! visits the very tree of [`crate::solvers::bits`]; the fast count does not visit them at all
//! but counts their solutions from the masks ([`last_two_rows`]). Backing up to a row with eight
//! or more rows below it, the loop reads the stop flag, so Ctrl-C is obeyed within moments even
//! when one subproblem would run for hours (at n = 28 they do).
//!
//! Nodes count the positions visited (queens placed here; the caller adds the empty board): in
//! the plain search every position of `bits`' tree, in the fast count all but the last two rows.
//! Read next: [`super::symmetry`], whose cases set the rules and choose the leaves.

use std::sync::atomic::{AtomicBool, Ordering};

/// More rows than any supported board has: the size of the search's stack.
pub const STACK: usize = 32;

/// Indices are masked to the stack's size, which they never reach, so that no bounds check is
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
fn full(n: usize) -> u32 {
    u32::MAX >> (32 - n)
}

/// A solution found by [`walk`]: the queens of the rows above it, read back from the columns
/// taken on entering each row, and those of the rows it walked.
pub struct Solution<'a> {
    /// The frames of rows 0 to the first walked row ([`frame`]: the columns taken come second).
    frames: &'a [[u32; 4]],
    /// The queens of the walked rows, as bits.
    walked: &'a [u32],
}

impl Solution<'_> {
    /// The whole board into `out`, one bit per row.
    pub fn board<'b>(&self, out: &'b mut [u32; STACK]) -> &'b [u32] {
        let above = self.frames.len() - 1;
        for (r, pair) in self.frames.windows(2).enumerate() {
            out[r] = pair[0][1] ^ pair[1][1];
        }
        out[above..above + self.walked.len()].copy_from_slice(self.walked);
        &out[..above + self.walked.len()]
    }
}

/// What the solutions are worth to the caller, and how the last two rows are completed.
pub trait Leaf {
    /// One more solution, found by walking the last rows.
    fn found(&mut self, solution: &Solution<'_>);

    /// Completes rows n − 2 and n − 1, entered with `m`; `frames` are those of the rows up to
    /// n − 2 (see `frame`). Returns the positions visited. By default it walks them, visiting every
    /// position, as `bits` does.
    #[inline(always)]
    fn tail(&mut self, rules: &Rules, frames: &[[u32; 4]], m: Masks) -> u64 {
        walk(rules, frames, m, self)
    }
}

/// Counts every solution, visiting every position: the plain search, `bits`' tree exactly.
#[derive(Clone, Copy, Debug, Default)]
pub struct WalkCount(pub u64);

impl Leaf for WalkCount {
    #[inline(always)]
    fn found(&mut self, _: &Solution<'_>) {
        self.0 += 1;
    }
}

/// Counts solutions and visits nothing of the last two rows: the hot path.
#[derive(Clone, Copy, Debug, Default)]
pub struct MaskCount(pub u64);

impl Leaf for MaskCount {
    /// Called only where a prefix leaves fewer than two rows, which no symmetry case does.
    fn found(&mut self, _: &Solution<'_>) {
        self.0 += 1;
    }

    #[inline(always)]
    fn tail(&mut self, rules: &Rules, _: &[[u32; 4]], m: Masks) -> u64 {
        self.0 += last_two_rows(rules, m);
        0
    }
}

/// The solutions on the last two rows, entered with `m`, counted from the masks without visiting
/// a square. Two columns are left, so there are two ways to fill the rows; each is a solution if
/// both its squares are open and the two are not diagonal neighbours. Why it pays: these rows hold
/// about half the nodes of the tree and most of its unpredictable branches; here they cost a
/// couple of dozen instructions and no branch at all.
#[inline(always)]
pub fn last_two_rows(rules: &Rules, m: Masks) -> u64 {
    let n = rules.n;
    let left = !m.col & full(n);
    let p = left & left.wrapping_neg();
    let q = left ^ p;
    let upper = rules.allowed[(n - 2) & M] & !(m.diag | m.anti);
    let lower = rules.allowed[(n - 1) & M] & !(m.diag << 1 | m.anti >> 1);
    let apart = q != p << 1;
    let pq = (upper & p != 0) & (lower & q != 0);
    let qp = (upper & q != 0) & (lower & p != 0);
    u64::from(apart & pq) + u64::from(apart & qp)
}

/// Visits every position of the rows from that of the last of `frames` (those of the rows so
/// far) to the bottom, entering the first with `m`, and tells `leaf` of each solution. Returns
/// the positions visited. Recursive: it walks two rows, or the whole of a tiny board.
pub fn walk<L: Leaf + ?Sized>(rules: &Rules, frames: &[[u32; 4]], m: Masks, leaf: &mut L) -> u64 {
    let mut walked = [0u32; STACK];
    walk_rows(rules, frames, frames.len() - 1, m, &mut walked, leaf)
}

/// [`walk`] from `row` down, `walked` holding the queens of the walked rows above it.
fn walk_rows<L: Leaf + ?Sized>(
    rules: &Rules,
    frames: &[[u32; 4]],
    row: usize,
    m: Masks,
    walked: &mut [u32; STACK],
    leaf: &mut L,
) -> u64 {
    let first = frames.len() - 1;
    if row == rules.n {
        leaf.found(&Solution { frames, walked: &walked[first..rules.n] });
        return 0;
    }
    let mut open = rules.open(row, m);
    let mut nodes = 0;
    while open != 0 {
        let bit = open & open.wrapping_neg();
        open ^= bit;
        walked[row & M] = bit;
        nodes += 1 + walk_rows(rules, frames, row + 1, m.after(bit), walked, leaf);
    }
    nodes
}

/// Completes the board under `rules` below the queens `prefix` (one bit per row, from row 0),
/// the last two rows by `leaf`; with `AHEAD`, it checks [`Rules::ahead`] before entering a row.
/// Returns the positions visited; stops early, with a partial result the caller must discard,
/// once `stop` is set. Kept out of line: one compact loop per leaf type, with the registers to
/// itself and easy to find in a profile.
#[inline(never)]
pub fn search<L: Leaf, const AHEAD: bool>(rules: &Rules, prefix: &[u32], leaf: &mut L, stop: &AtomicBool) -> u64 {
    let n = rules.n;
    let top = prefix.len();
    // Each row's frame: its open squares not yet tried, then the masks on entering it. The loop
    // works on the frames in place, so that backing up is only `row -= 1`.
    let mut frames = [[0u32; 4]; STACK];
    let mut start = Masks::default();
    for (r, &bit) in prefix.iter().enumerate() {
        frames[r] = frame(0, start);
        start = start.after(bit);
    }
    frames[top] = frame(rules.open(top, start), start);
    // Tiny boards: fewer rows than the loops below the stack take.
    if top + UNSTACKED > n {
        return walk(rules, &frames[..=top], start, leaf);
    }
    if top + UNSTACKED == n {
        return nested::<L, AHEAD>(rules, &mut frames, start, rules.open(top, start), leaf);
    }
    let mut row = top;
    let mut nodes = 0u64;
    loop {
        let [free, col, diag, anti] = frames[row & M];
        if free == 0 {
            if row == top {
                break;
            }
            row -= 1;
            // Checked on backing up to any row with eight or more below it: rare enough to cost
            // nothing, and what runs between two checks is never more than eight rows deep, so
            // even a subproblem that would run for hours stops within moments.
            if row + 9 <= n && stop.load(Ordering::Relaxed) {
                break;
            }
            continue;
        }
        let bit = free & free.wrapping_neg();
        frames[row & M][0] = free ^ bit;
        nodes += 1;
        let next = Masks { col: col | bit, diag: (diag | bit) << 1, anti: (anti | bit) >> 1 };
        let open = rules.open(row + 1, next);
        // A queen that leaves the next row (or, looking ahead, the last) no open square is a
        // dead end: it is not even stacked.
        if (open == 0) | (AHEAD && rules.ahead(row + 1, next) == 0) {
            continue;
        }
        row += 1;
        if row + UNSTACKED == n {
            nodes += nested::<L, AHEAD>(rules, &mut frames, next, open, leaf);
            row -= 1;
            continue;
        }
        frames[row & M] = frame(open, next);
    }
    nodes
}

/// A row's frame: the open squares `free` not yet tried and the masks `m` on entering it.
#[inline(always)]
fn frame(free: u32, m: Masks) -> [u32; 4] {
    [free, m.col, m.diag, m.anti]
}

/// The frames of a search, one per row ([`frame`]).
type Frames = [[u32; 4]; STACK];

/// Rows n − 5 and n − 4, entered with `m` (its open squares `open`; `frames` holds the rows
/// above), each in a loop of its own nested in the one above, and [`last_level`] below. Why it
/// pays: these are among the widest rows of the tree, and their queens go on no stack.
#[inline(always)]
fn nested<L: Leaf, const AHEAD: bool>(rules: &Rules, frames: &mut Frames, m: Masks, open: u32, leaf: &mut L) -> u64 {
    let row = rules.n - UNSTACKED;
    level::<AHEAD>(rules, frames, row, m, open, &mut |frames, m, open| {
        level::<AHEAD>(rules, frames, row + 1, m, open, &mut |frames, m, open| last_level(rules, frames, m, open, leaf))
    })
}

/// The rows at the bottom that never go on the stack: those of `nested`, of `last_level` and
/// the leaf's two. A subproblem's prefix leaves at least as many.
pub const UNSTACKED: usize = 5;

/// Row `row`, entered with `m` (its open squares `open`; `frames` holds the rows above it), and
/// `below` the row under each of its queens that leaves it (and, looking ahead, the last) an open
/// square. Returns the positions visited.
#[inline(always)]
fn level<const AHEAD: bool>(
    rules: &Rules,
    frames: &mut Frames,
    row: usize,
    m: Masks,
    mut open: u32,
    below: &mut impl FnMut(&mut Frames, Masks, u32) -> u64,
) -> u64 {
    frames[row & M] = frame(0, m);
    let mut nodes = 0;
    while open != 0 {
        let bit = open & open.wrapping_neg();
        open ^= bit;
        nodes += 1;
        let next = m.after(bit);
        let under = rules.open(row + 1, next);
        if (under == 0) | (AHEAD && rules.ahead(row + 1, next) == 0) {
            continue;
        }
        nodes += below(frames, next, under);
    }
    nodes
}

/// Row n − 3, entered with `m` (its open squares `open`; `frames` holds the rows above it), and
/// the leaf's two rows below each of its queens. Returns the positions visited. Why it pays: its
/// queens go on no stack, and the loop tests nothing but `open`.
#[inline(always)]
fn last_level<L: Leaf>(rules: &Rules, frames: &mut Frames, m: Masks, mut open: u32, leaf: &mut L) -> u64 {
    let row = rules.n - 3;
    frames[row & M] = frame(0, m);
    let mut nodes = 0;
    while open != 0 {
        let bit = open & open.wrapping_neg();
        open ^= bit;
        let next = m.after(bit);
        frames[(row + 1) & M] = frame(0, next);
        nodes += 1 + leaf.tail(rules, &frames[..=(row + 1) & M], next);
    }
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Solutions and positions of a whole board, visited by `L`.
    fn whole<L: Leaf + Default + Into<u64>>(n: usize) -> (u64, u64) {
        let mut leaf = L::default();
        let nodes = search::<_, false>(&Rules::plain(n), &[], &mut leaf, &AtomicBool::new(false));
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
        assert_eq!(whole::<WalkCount>(8), (92, 2056));
        for n in 1..=10 {
            assert_eq!(whole::<WalkCount>(n).0, crate::facts::A000170[n], "n = {n}");
            assert_eq!(whole::<MaskCount>(n).0, crate::facts::A000170[n], "n = {n}");
        }
    }

    #[test]
    fn counting_the_last_two_rows_visits_all_but_them() {
        // Of `bits`' 2,056 queens at n = 8, 92 stand on the last row and 312 on the one above.
        assert_eq!(whole::<MaskCount>(8), (92, 2056 - 92 - 312));
    }

    #[test]
    fn a_set_stop_flag_ends_the_search_early() {
        let mut leaf = WalkCount::default();
        search::<_, false>(&Rules::plain(12), &[], &mut leaf, &AtomicBool::new(true));
        assert!(leaf.0 < crate::facts::A000170[12], "{}", leaf.0);
    }

    #[test]
    fn the_last_two_rows_count_both_ways_to_fill_them() {
        let rules = Rules::plain(4);
        // Queens at (0, 1) and (1, 3) leave columns 0 and 2: (2, 0) and (3, 2) is a solution.
        let m = Masks::default().after(0b0010).after(0b1000);
        assert_eq!(last_two_rows(&rules, m), 1);
        // Queens at (0, 0) and (1, 2) leave columns 1 and 3, but (2, 1) is attacked.
        let m = Masks::default().after(0b0001).after(0b0100);
        assert_eq!(last_two_rows(&rules, m), 0);
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
