//! The inner loop: a bitboard search by plain recursion, the bottom rows done apart.
//!
//! The usual bitboard search — a row's attacked squares are the columns taken plus the `\` and `/`
//! diagonals, shifted one square per row, all in `u32`s — with two additions for the symmetry
//! cases of [`super::symmetry`]: each row has its own mask of squares a queen may take at all
//! ([`Allowance::allowed`]), and where a case allows the last row only a few squares, the search
//! looks ahead ([`Allowance::ahead`]): a queen that closes every one of them is a dead end at once,
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
//!
//! It imports [`super::board`], [`super::last_rows`], [`super::leaf`] and [`super::lanes`];
//! only [`super::symmetry`] and the crate root build on it.

use super::board::{Allowance, M, Masks, Placed, STACK, tied};
#[cfg(target_arch = "x86_64")]
use super::lanes::{Avx2, Wide};
use super::lanes::{Lanes, LanesGather};
#[cfg(target_arch = "x86_64")]
use super::last_rows::Pext;
use super::last_rows::Portable;
use super::leaf::{Leaf, walk};
use std::sync::atomic::{AtomicBool, Ordering};

/// A [`Gather`](super::last_rows::Gather) the search runs with: the recursion over rows
/// compiled for the instructions it needs, as [`LanesGather`] compiles the lanes.
pub trait SearchGather: LanesGather {
    /// The search's recursion over rows, compiled for the instructions `gather` needs.
    fn rows<L: Leaf, const AHEAD: bool>(
        s: &mut Recursion<'_, L, Self>,
        row: usize,
        m: Masks,
        open: u32,
        last: u32,
    ) -> u64;
}

impl SearchGather for Portable {
    #[inline(never)]
    fn rows<L: Leaf, const AHEAD: bool>(
        s: &mut Recursion<'_, L, Self>,
        row: usize,
        m: Masks,
        open: u32,
        last: u32,
    ) -> u64 {
        s.rows::<AHEAD>(row, m, open, last)
    }
}

/// `SearchGather` for the gathers that have BMI1 and BMI2: the recursion compiled with them
/// ([`bmi_rows`]).
macro_rules! bmi_search {
    ($($gather:ty),*) => {$(
        impl SearchGather for $gather {
            #[inline(always)]
            fn rows<L: Leaf, const AHEAD: bool>(
                s: &mut Recursion<'_, L, Self>,
                row: usize,
                m: Masks,
                open: u32,
                last: u32,
            ) -> u64 {
                // SAFETY: a `Pext`, an `Avx2` or a `Wide` exists only where BMI1 and BMI2 do
                // (`Pext::detect`, which `Avx2::detect` and `Wide::detect` call).
                unsafe { bmi_rows::<L, Self, AHEAD>(s, row, m, open, last) }
            }
        }
    )*};
}

#[cfg(target_arch = "x86_64")]
bmi_search!(Pext, Avx2, Wide);

/// The recursion over rows compiled with BMI1 and BMI2, for the gathers that have them (`Pext`
/// and the lanes' `Avx2` and `Wide`): `pext` in the rare tails it walks itself, and shifts by a row's
/// distance to the last row in one instruction each (`shlx`, `shrx`).
///
/// # Safety
///
/// The processor has BMI1 and BMI2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2")]
#[inline(never)]
unsafe fn bmi_rows<L: Leaf, G: SearchGather, const AHEAD: bool>(
    s: &mut Recursion<'_, L, G>,
    row: usize,
    m: Masks,
    open: u32,
    last: u32,
) -> u64 {
    s.rows::<AHEAD>(row, m, open, last)
}

/// Completes the board under `rules` below the queens `prefix` (one bit per row, from row 0),
/// the last three rows by `leaf`; with `AHEAD`, it checks [`Allowance::ahead`] before entering a row.
/// `gather` is how [`Bottom::count`](super::last_rows::Bottom::count) reads squares; `lanes` is the calling thread's, kept from one
/// subproblem to the next (made here if `None` or for another size). Returns the positions
/// visited; stops early, with a partial result the caller must discard, once `stop` is set.
pub fn search<L: Leaf, G: SearchGather, const AHEAD: bool>(
    rules: &Allowance,
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
/// [`Allowance::ahead`] gives for the next row, updated rather than recomputed. Why it pays: the edge
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
    rules: Allowance,
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

impl<L: Leaf, G: SearchGather> Recursion<'_, L, G> {
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
    /// and reloads a frame per row entered and left. [`SearchGather::rows`] calls it, compiled for the
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
    /// last row, [`Allowance::ahead`]), and `below` the row under each of its queens that leaves it
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::leaf::{MaskCount, Scalar, WalkCount};

    /// Solutions and positions of a whole board, visited by `L`, reading squares with `gather`.
    fn whole<L: Leaf + Default + Into<u64>, G: SearchGather>(n: usize, gather: G) -> (u64, u64) {
        let mut leaf = L::default();
        let nodes =
            search::<_, _, false>(&Allowance::plain(n), &[], &mut leaf, gather, &AtomicBool::new(false), &mut None);
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
            if let Some(avx2) = Avx2::detect() {
                assert_eq!(whole::<MaskCount, _>(n, avx2).0, nqueens::known::A000170[n], "n = {n}");
            }
            #[cfg(target_arch = "x86_64")]
            if let Some(wide) = Wide::detect() {
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
            let nodes = search::<_, _, false>(
                &Allowance::plain(n),
                &[],
                &mut leaf,
                Portable,
                &AtomicBool::new(false),
                &mut None,
            );
            assert_eq!(lanes, (leaf.0.0, nodes), "n = {n}");
        }
    }

    #[test]
    fn a_set_stop_flag_ends_the_search_early() {
        let mut leaf = WalkCount::default();
        search::<_, _, false>(&Allowance::plain(12), &[], &mut leaf, Portable, &AtomicBool::new(true), &mut None);
        assert!(leaf.0 < nqueens::known::A000170[12], "{}", leaf.0);
    }

    #[test]
    fn looking_ahead_sees_the_last_row_through_the_diagonals() {
        let mut rules = Allowance::plain(5);
        rules.allowed[4] = 0b00110;
        // A queen at (0, 0) leaves diagonal masks that reach (4, 4) four rows down: still open.
        let m = Masks::default().after(0b00001);
        assert_eq!(rules.ahead(1, m), 0b00110);
        // One at (1, 2) attacks (4, 5) off the board and (4, −1): both allowed squares stay open,
        // but the column of (1, 2) closes (4, 2).
        assert_eq!(rules.ahead(2, Masks::default().after(0b00100)), 0b00010);
    }
}
