//! The inner loop: a bitboard search by plain recursion, the bottom rows done apart.
//!
//! The usual bitboard search — a row's attacked squares are the columns taken plus the `\` and `/`
//! diagonals, shifted one square per row, all in `u32`s — with two additions for the symmetry
//! cases of [`super::symmetry`]: each row has its own mask of squares a queen may take at all
//! ([`Rules::allowed`]), and where a case allows the last row only a few squares, the search
//! looks ahead ([`Rules::ahead`]): a queen that closes every one of them is a dead end at once,
//! not a dozen rows later.
//!
//! [`search`] recurses one call per row (`Search::rows`), its masks and open squares passed in
//! registers; a queen with no open square below is not entered at all. Rows n − 5 to n − 3 run
//! in loops nested in one another inside the call for row n − 5 (`Search::nested`), and the last
//! two rows are the [`Leaf`]'s: the plain search walks them ([`walk`]), so that it visits the
//! very tree of [`crate::solvers::bits`]; the fast count does not visit them at all but counts
//! their solutions from the masks ([`last_two_rows`]). Back from a row with eight or more rows
//! below it, the loop reads the stop flag, so Ctrl-C is obeyed within moments even when one
//! subproblem would run for hours (at n = 28 they do).
//!
//! Nodes count the positions visited (queens placed here; the caller adds the empty board): in
//! the plain search every position of `bits`' tree, in the fast count all but the last two rows.
//! Read next: [`super::symmetry`], whose cases set the rules and choose the leaves.

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
fn full(n: usize) -> u32 {
    u32::MAX >> (32 - n)
}

/// What the solutions are worth to the caller, and how the last two rows are completed.
pub trait Leaf {
    /// Whether [`Leaf::tail`] reads the queens of the rows above.
    const BOARD: bool = true;

    /// One more solution, found by walking the last rows: `board` holds its queens, one bit per
    /// row.
    fn found(&mut self, board: &[u32]);

    /// Completes rows n − 2 and n − 1, entered with `m`; `queens` holds those of the rows above.
    /// Returns the positions visited. By default it walks them, visiting every position, as
    /// `bits` does.
    #[inline(always)]
    fn tail(&mut self, rules: &Rules, queens: &mut Placed, m: Masks) -> u64 {
        walk(rules, queens, rules.n - 2, m, self)
    }
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

/// Counts solutions and visits nothing of the last two rows: the hot path.
#[derive(Clone, Copy, Debug, Default)]
pub struct MaskCount(pub u64);

impl Leaf for MaskCount {
    const BOARD: bool = false;

    /// Called only where a prefix leaves fewer than three rows, which no symmetry case does.
    fn found(&mut self, _: &[u32]) {
        self.0 += 1;
    }

    #[inline(always)]
    fn tail(&mut self, rules: &Rules, _: &mut Placed, m: Masks) -> u64 {
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

/// Visits every position of rows `row` to the bottom, entering the first with `m` (`queens` holds
/// those of the rows above), and tells `leaf` of each solution. Returns the positions visited.
/// Recursive: it walks two rows, or the whole of a tiny board.
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
/// the last two rows by `leaf`; with `AHEAD`, it checks [`Rules::ahead`] before entering a row.
/// Returns the positions visited; stops early, with a partial result the caller must discard,
/// once `stop` is set.
pub fn search<L: Leaf, const AHEAD: bool>(rules: &Rules, prefix: &[u32], leaf: &mut L, stop: &AtomicBool) -> u64 {
    let top = prefix.len();
    let mut queens = [0u32; STACK];
    queens[..top].copy_from_slice(prefix);
    let m = prefix.iter().fold(Masks::default(), |m, &bit| m.after(bit));
    // Tiny boards: fewer rows than the loop and the leaf take.
    if top + 3 > rules.n {
        return walk(rules, &mut queens, top, m, leaf);
    }
    let mut s = Search { rules: rules.clone(), leaf, stop, queens };
    let (open, last) = (rules.open(top, m), rules.ahead(top, m));
    match rules.n - top {
        3 => s.last_level(m, open),
        4 => s.level::<AHEAD>(top, m, open, last, |s, m, open, _| s.last_level(m, open)),
        _ => s.rows::<AHEAD>(top, m.col, m.diag, m.anti, open, last),
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
struct Search<'a, L> {
    /// What may be placed: a copy in the search's own frame, so that the compiler sees no store
    /// of the loop reach it and keeps what the loop reads of it in registers.
    rules: Rules,
    /// Completes the last two rows.
    leaf: &'a mut L,
    /// Set to stop early.
    stop: &'a AtomicBool,
    /// The queen of each row so far, for leaves that read the board.
    queens: Placed,
}

impl<L: Leaf> Search<'_, L> {
    /// Notes the queen of `row`, for a leaf that reads the board; the others do not pay for it.
    #[inline(always)]
    fn place(&mut self, row: usize, bit: u32) {
        if L::BOARD {
            self.queens[row & M] = bit;
        }
    }

    /// Row `row` (at most n − 5), entered with the masks `col`, `diag` and `anti` (its open
    /// squares `open`, and the last row's `last`, read with `AHEAD` only), and every row below
    /// each of its queens that leaves the next row (and, looking ahead, the last) an open square.
    /// Returns the positions visited. Why it pays: a call per row keeps the masks in registers,
    /// where an explicit stack stores and reloads a frame per row entered and left.
    #[inline(never)]
    fn rows<const AHEAD: bool>(&mut self, row: usize, col: u32, diag: u32, anti: u32, open: u32, last: u32) -> u64 {
        let n = self.rules.n;
        let m = Masks { col, diag, anti };
        if row + BELOW_PREFIX == n {
            return self.nested::<AHEAD>(row, m, open, last);
        }
        // Read on entering any row with eight or more below it: rare enough to cost nothing, and
        // what runs between two reads is never more than eight rows deep, so even a subproblem
        // that would run for hours stops within moments.
        if row + 9 <= n && self.stop.load(Ordering::Relaxed) {
            return 0;
        }
        self.level::<AHEAD>(row, m, open, last, |s, m, open, last| {
            s.rows::<AHEAD>(row + 1, m.col, m.diag, m.anti, open, last)
        })
    }

    /// Rows n − 5 and n − 4, entered with `m` (the open squares of n − 5 `open`, of the last row
    /// `last`), each in a loop
    /// of its own nested in the one above, and `Search::last_level` below. Why it pays: most
    /// calls of `Search::rows` this low would place one or two queens each, for the price of a
    /// call; nested loops place them at the price of a loop turn.
    #[inline(always)]
    fn nested<const AHEAD: bool>(&mut self, row: usize, m: Masks, open: u32, last: u32) -> u64 {
        self.level::<AHEAD>(row, m, open, last, |s, m, open, last| {
            s.level::<AHEAD>(row + 1, m, open, last, |s, m, open, _| s.last_level(m, open))
        })
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

    /// Row n − 3, entered with `m` (its open squares `open`), and the leaf's two rows below each
    /// of its queens. Returns the positions visited. Why it pays: the loop tests nothing but
    /// `open`, and calls nothing.
    #[inline(always)]
    fn last_level(&mut self, m: Masks, mut open: u32) -> u64 {
        let row = self.rules.n - 3;
        let mut nodes = 0;
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open ^= bit;
            self.place(row, bit);
            nodes += 1 + self.leaf.tail(&self.rules, &mut self.queens, m.after(bit));
        }
        nodes
    }
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
