//! The lanes a register of positions at a time: sixteen with AVX-512 ([`Wide`]), eight with
//! AVX2 ([`Avx2`]), one engine written once over the [`Vector`] each of them is.
//!
//! The same turns as [`super::Lanes`]' own loops, position for position: the lowest open square
//! of each position is taken, the child kept if the next row (and, looking ahead, the last) has
//! an open square, the parent if it has squares left. Here each turn does that for a register of
//! positions in one register each of columns, diagonals and open squares, and two compressions
//! write the children that stay and the parents that go on, packed, where the scalar loop
//! advances a counter by 0 or 1 for each. AVX-512 compresses in one instruction (`vpcompressd`);
//! AVX2 has none, and permutes the eight lanes by a table of the 256 ways to keep some of them
//! (`vpermd`), which costs a load more. The positions are kept as five arrays, one per field
//! (structure of arrays), because a register loads one field of many; a turn rewrites the
//! parents it keeps whole, since moving a register of them is as cheap as moving one.
//!
//! Row n − 4 has no `pext` across lanes: the last three rows' count is taken from its definition
//! instead of the table, which is cheap a register at a time. Three columns are free; each of the
//! six ways to give them to the three rows is a solution if each row may take its column and no
//! two of them attack each other along a diagonal (columns one apart in adjacent rows, two apart
//! in rows n − 3 and n − 1), and each test is one mask of a bit a lane.
//!
//! A position carries its path instead of its parent's index, since compressing moves it: the
//! batch index of the position it grew from (seven bits, so a batch holds 128), then five bits
//! for the column of each queen it gained in the lanes. That is all a tied position needs to be
//! walked with its whole board. Nodes count as in [`super::Lanes`]. Read next: the two
//! instruction sets, [`avx512`] and [`avx2`], then [`crate::last_rows`].

/// An instruction set's proof `$set` (a [`Pext`](crate::last_rows::Pext) inside, since each has BMI2): the last rows
/// read with `pext`, and the lanes run by one function compiled with `$features`, into which
/// the engine and every operation of the set's [`Vector`] are inlined.
macro_rules! lanes_gather {
    ($set:ident, $features:literal) => {
        impl crate::last_rows::Gather for $set {
            #[inline(always)]
            fn gather(self, mask: u32, free: u32) -> u32 {
                self.0.gather(mask, free)
            }

            #[inline(always)]
            fn gather2<const BITS: u32>(self, mask: u64, free: u32) -> u32 {
                self.0.gather2::<BITS>(mask, free)
            }
        }

        impl crate::lanes::LanesGather for $set {
            const WIDE: bool = true;

            #[inline(always)]
            fn lanes<L: Leaf, const AHEAD: bool>(lanes: &mut Lanes, rules: &Allowance, leaf: &mut L, set: Self) {
                // SAFETY: a `$set` exists only where its features do (its `detect`).
                unsafe { run::<L, AHEAD>(lanes, rules, leaf, set) }
            }
        }

        /// `Lanes::run_wide` compiled with the features of its proof.
        ///
        /// # Safety
        ///
        /// The processor must have every one of the features: the proof is made only by its
        /// `detect`, where they are.
        #[target_feature(enable = $features)]
        #[inline(never)]
        unsafe fn run<L: Leaf, const AHEAD: bool>(lanes: &mut Lanes, rules: &Allowance, leaf: &mut L, set: $set) {
            lanes.run_wide::<$set, L, AHEAD>(set, rules, leaf);
        }
    };
}

mod avx2;
mod avx512;

pub use avx2::Avx2;
pub use avx512::Wide;

use super::{Lanes, ROOM, ROWS, TIED};
use crate::board::{Allowance, Masks, STACK, full, tie_in, ties_below};
use crate::last_rows::{Bottom, Portable};
use crate::leaf::{Leaf, walk};

/// The most positions a register holds (AVX-512's sixteen).
const MOST: usize = 16;

/// Positions gathered before a batch runs: as many as [`ROOT_BITS`] can tell apart.
pub(super) const BATCH: usize = 1 << ROOT_BITS;

/// Bits of a path that hold the batch index of the position it grew from.
const ROOT_BITS: u32 = 7;

/// A row's arrays: [`ROOM`] positions, and room for the rest of a register stored whole.
const SLACK: usize = ROOM + MOST;

const _: () = assert!(ROOT_BITS + 5 * (ROWS as u32 - 1) <= 32 && BATCH <= ROOM);

// A register stored from an index masked to ROOM stays within SLACK: what `Vector::load` and
// `Vector::store` rely on.
const _: () = assert!(<Wide as Vector>::WIDTH <= MOST && <Avx2 as Vector>::WIDTH <= MOST);

/// One field of a row's positions.
type Field = [u32; SLACK];

/// Registers of 32-bit lanes: the few operations a turn needs, each a proof of its instruction
/// set (only detection makes one). The engine's functions are `#[inline(always)]` and generic over
/// it, and each instruction set instantiates them inside one function compiled with its features,
/// so that every operation here is inlined as one or two instructions. Masks hold a bit a lane.
trait Vector: Copy {
    /// Lanes a register holds, at most [`MOST`].
    const WIDTH: usize;
    /// A register.
    type V: Copy;
    /// `x` in every lane.
    fn splat(self, x: u32) -> Self::V;
    /// The lanes of `field` from `at` masked to [`ROOM`] on (those past the row's end are garbage
    /// the masks leave out).
    fn load(self, field: &Field, at: usize) -> Self::V;
    /// Writes the lanes of `keep` packed into `field` from `at` masked to [`ROOM`] on, and
    /// anything after them up to a register's width.
    fn store(self, keep: u32, v: Self::V, field: &mut Field, at: usize);
    /// `a & b`.
    fn and(self, a: Self::V, b: Self::V) -> Self::V;
    /// `!a & b`.
    fn andnot(self, a: Self::V, b: Self::V) -> Self::V;
    /// `a | b`.
    fn or(self, a: Self::V, b: Self::V) -> Self::V;
    /// `a ^ b`.
    fn xor(self, a: Self::V, b: Self::V) -> Self::V;
    /// `a − b`, wrapping.
    fn sub(self, a: Self::V, b: Self::V) -> Self::V;
    /// Every lane shifted left by `by` (a constant one compiles to the immediate form).
    fn shl(self, v: Self::V, by: u32) -> Self::V;
    /// Every lane shifted right by `by`.
    fn shr(self, v: Self::V, by: u32) -> Self::V;
    /// The lanes where `a & b` is not 0.
    fn any(self, a: Self::V, b: Self::V) -> u32;
    /// The lanes where `a & b` is 0.
    fn none(self, a: Self::V, b: Self::V) -> u32;
    /// The lanes where `a == b`.
    fn eq(self, a: Self::V, b: Self::V) -> u32;
    /// Each lane's bit's index, for a lane with one bit set below bit 31.
    fn index(self, bit: Self::V) -> Self::V;

    /// `a | b | c`.
    #[inline(always)]
    fn or3(self, a: Self::V, b: Self::V, c: Self::V) -> Self::V {
        self.or(self.or(a, b), c)
    }

    /// The lanes where `a != b`.
    #[inline(always)]
    fn ne(self, a: Self::V, b: Self::V) -> u32 {
        !self.eq(a, b) & every::<Self>()
    }

    /// Each lane's lowest set bit.
    #[inline(always)]
    fn lowest(self, v: Self::V) -> Self::V {
        self.and(v, self.sub(self.splat(0), v))
    }
}

/// The mask of every lane of `V`.
#[inline(always)]
fn every<V: Vector>() -> u32 {
    u32::MAX >> (32 - V::WIDTH)
}

/// The first `left` lanes of `V`.
#[inline(always)]
fn first<V: Vector>(left: usize) -> u32 {
    if left >= V::WIDTH { every::<V>() } else { (1 << left) - 1 }
}

/// The positions entering one of the lanes' rows, a field an array.
#[derive(Clone, Debug)]
struct Row {
    /// Columns taken.
    col: Field,
    /// `\` diagonals.
    diag: Field,
    /// `/` diagonals.
    anti: Field,
    /// Open squares not yet tried (and [`TIED`]).
    open: Field,
    /// With ties to watch: the batch index and the lanes' queens so far.
    path: Field,
    /// How many are in use.
    len: usize,
}

/// The lanes' rows, and the tied positions of row n − 4 to walk.
#[derive(Clone, Debug)]
pub(super) struct Rows {
    /// Each row's positions.
    rows: [Row; ROWS],
    /// The paths of the positions to walk.
    walk_path: Field,
    /// Their queens in row n − 4.
    walk_bit: Field,
    /// How many are in use.
    walks: usize,
}

impl Rows {
    /// No positions.
    pub(super) fn new() -> Box<Rows> {
        let row =
            Row { col: [0; SLACK], diag: [0; SLACK], anti: [0; SLACK], open: [0; SLACK], path: [0; SLACK], len: 0 };
        Box::new(Rows {
            rows: std::array::from_fn(|_| row.clone()),
            walk_path: [0; SLACK],
            walk_bit: [0; SLACK],
            walks: 0,
        })
    }

    /// Adds a position to the first row; returns how many it holds.
    pub(super) fn push(&mut self, m: Masks, open: u32) -> usize {
        let first = &mut self.rows[0];
        let k = first.len;
        (first.col[k], first.diag[k], first.anti[k], first.open[k], first.path[k]) =
            (m.col, m.diag, m.anti, open, k as u32);
        first.len += 1;
        first.len
    }
}

/// A register of positions of a row, loaded.
#[derive(Clone, Copy)]
struct Block<V> {
    col: V,
    diag: V,
    anti: V,
    open: V,
    path: V,
}

impl<R: Copy> Block<R> {
    /// The positions of `row` from `at` on.
    #[inline(always)]
    fn load<V: Vector<V = R>>(v: V, row: &Row, at: usize) -> Block<R> {
        Block {
            col: v.load(&row.col, at),
            diag: v.load(&row.diag, at),
            anti: v.load(&row.anti, at),
            open: v.load(&row.open, at),
            path: v.load(&row.path, at),
        }
    }

    /// Writes those of `keep` packed into `row` from `at` on, the path only if `path`; returns how
    /// many.
    #[inline(always)]
    fn store<V: Vector<V = R>>(self, v: V, keep: u32, row: &mut Row, at: usize, path: bool) -> usize {
        v.store(keep, self.col, &mut row.col, at);
        v.store(keep, self.diag, &mut row.diag, at);
        v.store(keep, self.anti, &mut row.anti, at);
        v.store(keep, self.open, &mut row.open, at);
        if path {
            v.store(keep, self.path, &mut row.path, at);
        }
        keep.count_ones() as usize
    }
}

impl Lanes {
    /// [`Lanes::run`] a register of positions at a time: what each instruction set's one
    /// function compiled with its features runs.
    #[inline(always)]
    fn run_wide<V: Vector, L: Leaf, const AHEAD: bool>(&mut self, v: V, rules: &Allowance, leaf: &mut L) {
        let mut rows = self.wide.take().unwrap_or_else(Rows::new);
        let ties = leaf.ties();
        let last = self.depth - 1;
        let mut k = 0;
        loop {
            if k == last {
                self.leaves_wide(v, &mut rows, rules, ties, leaf);
                self.walk_wide(&mut rows, rules, leaf);
                k -= 1;
                continue;
            }
            let (pending, children) = (rows.rows[k].len, rows.rows[k + 1].len);
            if pending > 0 && children + pending <= ROOM {
                self.place_wide::<V, L, AHEAD>(v, &mut rows, rules, k, ties);
            } else if children > 0 {
                k += 1;
            } else if k > 0 {
                k -= 1;
            } else {
                break;
            }
        }
        self.boards.clear();
        self.wide = Some(rows);
    }

    /// Walks the positions of `rows` whose solutions may tie, taking the count the loop gave
    /// them off again.
    #[inline(never)]
    fn walk_wide<L: Leaf>(&mut self, rows: &mut Rows, rules: &Allowance, leaf: &mut L) {
        let (n, top, last) = (self.n, self.top(), self.depth - 1);
        for (&path, &bit) in rows.walk_path[..rows.walks].iter().zip(&rows.walk_bit[..rows.walks]) {
            let mut queens = [0u32; STACK];
            let root = (path % BATCH as u32) as usize;
            queens[..top].copy_from_slice(&self.boards[root * top..(root + 1) * top]);
            for k in 0..last {
                queens[top + k] = 1 << (path >> (ROOT_BITS as usize + 5 * k) & 31);
            }
            queens[top + last] = bit;
            let m = queens[..n - 3].iter().fold(Masks::default(), |m, &bit| m.after(bit));
            self.found -= Bottom::new(rules, m, Portable).count();
            self.nodes += walk(rules, &mut queens, n - 3, m, leaf);
        }
        rows.walks = 0;
    }

    /// [`Lanes::place`] a register of positions at a time.
    #[inline(always)]
    fn place_wide<V: Vector, L: Leaf, const AHEAD: bool>(
        &mut self,
        v: V,
        rows: &mut Rows,
        rules: &Allowance,
        k: usize,
        ties: [(usize, u32); 3],
    ) {
        let n = self.n;
        let row = self.top() + k;
        let next_allowed = v.splat(rules.allowed[(row + 1) & (STACK - 1)]);
        let last_allowed = v.splat(rules.allowed[(n - 1) & (STACK - 1)]);
        let far = (n - 2 - row) as u32;
        let tie = tie_in(&ties, row);
        let (tie_v, to_tied) = (v.splat(tie), tie.leading_zeros() & 31);
        let (tied_v, untied) = (v.splat(TIED), v.splat(!TIED));
        let shift = ROOT_BITS + 5 * k as u32;
        let (upper, lower) = rows.rows.split_at_mut(k + 1);
        let (parents, children) = (&mut upper[k], &mut lower[0]);
        let (mut len, mut out) = (parents.len, children.len);
        let mut visited = 0;
        while len > 0 && out + len <= ROOM {
            let mut keep = 0;
            for at in (0..len).step_by(V::WIDTH) {
                let valid = first::<V>(len - at);
                let p = Block::load(v, parents, at);
                let bit = v.lowest(p.open);
                let col = v.or(p.col, bit);
                let diag = v.shl(v.or(p.diag, bit), 1);
                let anti = v.shr(v.or(p.anti, bit), 1);
                let under = v.andnot(v.or3(col, diag, anti), next_allowed);
                let mut stays = valid & v.any(under, under);
                if AHEAD {
                    let ahead = v.andnot(v.or3(col, v.shl(diag, far), v.shr(anti, far)), last_allowed);
                    stays &= v.any(ahead, ahead);
                }
                let (open, path) = if L::TIES {
                    let on_tie = v.shl(v.and(bit, tie_v), to_tied);
                    let tied = v.and(v.or(p.open, on_tie), tied_v);
                    (v.or(under, tied), v.or(p.path, v.shl(v.index(bit), shift)))
                } else {
                    (under, p.path)
                };
                let child = Block { col, diag, anti, open, path };
                out += child.store(v, stays, children, out, L::TIES);
                let rest = v.xor(p.open, bit);
                let kept = valid & v.any(rest, untied);
                // Packed at or before `at`: over positions already loaded.
                keep += Block { open: rest, ..p }.store(v, kept, parents, keep, L::TIES);
            }
            visited += len;
            len = keep;
        }
        parents.len = len;
        children.len = out;
        self.nodes += visited as u64;
    }

    /// [`Lanes::leaves`] a register of positions at a time, the last three rows counted by their
    /// six orders.
    #[inline(always)]
    fn leaves_wide<V: Vector, L: Leaf>(
        &mut self,
        v: V,
        rows: &mut Rows,
        rules: &Allowance,
        ties: [(usize, u32); 3],
        leaf: &mut L,
    ) {
        let n = self.n;
        let last = self.depth - 1;
        let tie = tie_in(&ties, n - 4);
        let (tie_v, to_tied) = (v.splat(tie), tie.leading_zeros() & 31);
        let below = ties_below(&ties, n).map(|t| v.splat(t));
        let closed = [0, 1, 2].map(|k| v.splat(!rules.allowed[(n - 3 + k) & (STACK - 1)]));
        let full = v.splat(full(n));
        let (tied_v, untied) = (v.splat(TIED), v.splat(!TIED));
        loop {
            let len = rows.rows[last].len;
            if len == 0 {
                break;
            }
            if L::TIES && rows.walks + len > ROOM {
                self.walk_wide(rows, rules, leaf);
            }
            let (mut keep, mut found, mut walks) = (0, 0u64, rows.walks);
            for at in (0..len).step_by(V::WIDTH) {
                let valid = first::<V>(len - at);
                let p = Block::load(v, &rows.rows[last], at);
                let bit = v.lowest(p.open);
                let diag = v.shl(v.or(p.diag, bit), 1);
                let anti = v.shr(v.or(p.anti, bit), 1);
                let free = v.andnot(v.or(p.col, bit), full);
                // What attacks or the rules close in rows n − 3, n − 2 and n − 1.
                let c0 = v.or3(diag, anti, closed[0]);
                let c1 = v.or3(v.shl(diag, 1), v.shr(anti, 1), closed[1]);
                let c2 = v.or3(v.shl(diag, 2), v.shr(anti, 2), closed[2]);
                // The three free columns, right to left.
                let low = v.lowest(free);
                let rest = v.xor(free, low);
                let mid = v.lowest(rest);
                let high = v.xor(rest, mid);
                // Row k may take column x.
                let may = |c, x| v.none(x, c);
                let (l0, m0, h0) = (may(c0, low), may(c0, mid), may(c0, high));
                let (l1, m1, h1) = (may(c1, low), may(c1, mid), may(c1, high));
                let (l2, m2, h2) = (may(c2, low), may(c2, mid), may(c2, high));
                // Columns apart by more than one (the middle and its neighbours) or than two.
                let lm1 = v.ne(mid, v.shl(low, 1));
                let mh1 = v.ne(high, v.shl(mid, 1));
                let lm2 = v.ne(mid, v.shl(low, 2));
                let mh2 = v.ne(high, v.shl(mid, 2));
                let lh2 = v.ne(high, v.shl(low, 2));
                // The six orders (rows n − 3, n − 2, n − 1 take the columns named).
                let orders = [
                    valid & l0 & m1 & h2 & lm1 & mh1 & lh2,
                    valid & l0 & h1 & m2 & mh1 & lm2,
                    valid & m0 & l1 & h2 & lm1 & mh2,
                    valid & m0 & h1 & l2 & mh1 & lm2,
                    valid & h0 & l1 & m2 & lm1 & mh2,
                    valid & h0 & m1 & l2 & mh1 & lm1 & lh2,
                ];
                found += orders.iter().map(|o| u64::from(o.count_ones())).sum::<u64>();
                if L::TIES {
                    let on_tie = v.shl(v.and(bit, tie_v), to_tied);
                    let flagged = v.any(v.or(p.open, on_tie), tied_v);
                    let on = |x, k: usize| v.eq(x, below[k]);
                    let (lt, mt, ht) = (
                        [on(low, 0), on(low, 1), on(low, 2)],
                        [on(mid, 0), on(mid, 1), on(mid, 2)],
                        [on(high, 0), on(high, 1), on(high, 2)],
                    );
                    let uses = orders[0] & (lt[0] | mt[1] | ht[2])
                        | orders[1] & (lt[0] | ht[1] | mt[2])
                        | orders[2] & (mt[0] | lt[1] | ht[2])
                        | orders[3] & (mt[0] | ht[1] | lt[2])
                        | orders[4] & (ht[0] | lt[1] | mt[2])
                        | orders[5] & (ht[0] | mt[1] | lt[2]);
                    let any = orders.iter().fold(0, |a, o| a | o);
                    let walked = flagged & any | uses;
                    // `walks` + `len` ≤ ROOM on entering the turn, and `walks` grows by at most
                    // one a position: the register from it lies within SLACK.
                    v.store(walked, p.path, &mut rows.walk_path, walks);
                    v.store(walked, bit, &mut rows.walk_bit, walks);
                    walks += walked.count_ones() as usize;
                }
                let rest = v.xor(p.open, bit);
                let kept = valid & v.any(rest, untied);
                keep += Block { open: rest, ..p }.store(v, kept, &mut rows.rows[last], keep, L::TIES);
            }
            rows.rows[last].len = keep;
            rows.walks = walks;
            // Before any of them is walked, which takes its count off again.
            self.found += found;
            self.nodes += len as u64;
        }
    }
}
