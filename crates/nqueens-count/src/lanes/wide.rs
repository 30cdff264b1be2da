//! The lanes sixteen positions at a time, with AVX-512, where the processor has it.
//!
//! The same turns as [`super::Lanes`]' own loops, position for position: the lowest open square
//! of each position is taken, the child kept if the next row (and, looking ahead, the last) has
//! an open square, the parent if it has squares left. Here each turn does that for sixteen
//! positions in one register each of columns, diagonals and open squares, and two compressions
//! (`vpcompressd`) write the children that stay and the parents that go on, packed, where the
//! scalar loop advances a counter by 0 or 1 for each. The positions are kept as five arrays, one
//! per field (structure of arrays), because a register loads sixteen of one field; a turn
//! rewrites the parents it keeps whole, since moving sixteen is as cheap as moving one.
//!
//! Row n − 4 has no `pext` across lanes: the last three rows' count is taken from its definition
//! instead of the table, which is cheap sixteen at a time. Three columns are free; each of the
//! six ways to give them to the three rows is a solution if each row may take its column and no
//! two of them attack each other along a diagonal (columns one apart in adjacent rows, two apart
//! in rows n − 3 and n − 1), and each test is one mask of sixteen bits.
//!
//! A position carries its path instead of its parent's index, since compressing moves it: the
//! batch index of the position it grew from (seven bits, so a batch holds 128), then five bits
//! for the column of each queen it gained in the lanes. That is all a tied position needs to be
//! walked with its whole board. Nodes count as in [`super::Lanes`]. Read next:
//! [`crate::last_rows`].

use super::{Lanes, LanesGather, ROOM, ROWS, TIED};
use crate::board::{Allowance, Masks, STACK, full, tie_in, ties_below};
use crate::last_rows::{Bottom, Gather, Pext, Portable};
use crate::leaf::{Leaf, walk};
use std::arch::x86_64::{
    __m512i, _mm_cvtsi32_si128, _mm512_and_si512, _mm512_andnot_si512, _mm512_cmpeq_epi32_mask,
    _mm512_cmpneq_epi32_mask, _mm512_loadu_epi32, _mm512_lzcnt_epi32, _mm512_maskz_compress_epi32, _mm512_or_si512,
    _mm512_set1_epi32, _mm512_setzero_si512, _mm512_sll_epi32, _mm512_slli_epi32, _mm512_srl_epi32, _mm512_srli_epi32,
    _mm512_storeu_epi32, _mm512_sub_epi32, _mm512_ternarylogic_epi32, _mm512_test_epi32_mask, _mm512_testn_epi32_mask,
    _mm512_xor_si512,
};

/// Positions a register holds.
const WIDTH: usize = 16;

/// Positions gathered before a batch runs: as many as [`ROOT_BITS`] can tell apart.
pub(super) const BATCH: usize = 1 << ROOT_BITS;

/// Bits of a path that hold the batch index of the position it grew from.
const ROOT_BITS: u32 = 7;

/// A row's arrays: [`ROOM`] positions, and room for the rest of a register stored whole.
const SLACK: usize = ROOM + WIDTH;

const _: () = assert!(ROOT_BITS + 5 * (ROWS as u32 - 1) <= 32 && BATCH <= ROOM);

/// x86-64 with AVX-512 (F and CD) and a fast `pext`: the lanes sixteen at a time, `pext` for
/// the rest as [`Pext`]. Only [`Wide::detect`] makes one.
#[derive(Clone, Copy, Debug)]
pub struct Wide(Pext);

impl Wide {
    /// A `Wide` if this processor has AVX-512 F and CD, POPCNT and a fast `pext`
    /// ([`Pext::detect`]).
    pub fn detect() -> Option<Wide> {
        let pext = Pext::detect()?;
        let wide = std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512cd")
            && std::is_x86_feature_detected!("popcnt");
        wide.then_some(Wide(pext))
    }
}

impl Gather for Wide {
    #[inline(always)]
    fn gather(self, mask: u32, free: u32) -> u32 {
        self.0.gather(mask, free)
    }

    #[inline(always)]
    fn gather2<const BITS: u32>(self, mask: u64, free: u32) -> u32 {
        self.0.gather2::<BITS>(mask, free)
    }
}

impl LanesGather for Wide {
    const WIDE: bool = true;

    #[inline(always)]
    fn lanes<L: Leaf, const AHEAD: bool>(lanes: &mut Lanes, rules: &Allowance, leaf: &mut L, gather: Self) {
        // SAFETY: a `Wide` exists only where its features do (`Wide::detect`).
        unsafe { wide_lanes::<L, AHEAD>(lanes, rules, leaf, gather) }
    }
}

/// [`Lanes::run_wide`] compiled with AVX-512.
///
/// # Safety
///
/// The processor must have AVX-512F and CD, BMI1, BMI2 and POPCNT: a [`Wide`] is the proof, made
/// only by `Wide::detect` where they are.
#[target_feature(enable = "avx512f,avx512cd,bmi1,bmi2,popcnt")]
#[inline(never)]
unsafe fn wide_lanes<L: Leaf, const AHEAD: bool>(lanes: &mut Lanes, rules: &Allowance, leaf: &mut L, _: Wide) {
    lanes.run_wide::<L, AHEAD>(rules, leaf);
}

/// The positions entering one of the lanes' rows, a field an array.
#[derive(Clone, Debug)]
struct Row {
    /// Columns taken.
    col: [u32; SLACK],
    /// `\` diagonals.
    diag: [u32; SLACK],
    /// `/` diagonals.
    anti: [u32; SLACK],
    /// Open squares not yet tried (and [`TIED`]).
    open: [u32; SLACK],
    /// With ties to watch: the batch index and the lanes' queens so far.
    path: [u32; SLACK],
    /// How many are in use.
    len: usize,
}

/// The lanes' rows, and the tied positions of row n − 4 to walk.
#[derive(Clone, Debug)]
pub(super) struct Rows {
    /// Each row's positions.
    rows: [Row; ROWS],
    /// The paths of the positions to walk.
    walk_path: [u32; SLACK],
    /// Their queens in row n − 4.
    walk_bit: [u32; SLACK],
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

/// Sixteen positions of a row, loaded.
#[derive(Clone, Copy)]
struct Sixteen {
    col: __m512i,
    diag: __m512i,
    anti: __m512i,
    open: __m512i,
    path: __m512i,
}

impl Sixteen {
    /// The positions of `row` from `at` on (those past its end are garbage the masks leave out).
    #[target_feature(enable = "avx512f,avx512cd,bmi1,bmi2,popcnt")]
    fn load(row: &Row, at: usize) -> Sixteen {
        debug_assert!(at < ROOM);
        // SAFETY: `at` < ROOM, so the sixteen words from `at` lie within the SLACK of each
        // array.
        unsafe {
            Sixteen {
                col: _mm512_loadu_epi32(row.col.as_ptr().add(at).cast()),
                diag: _mm512_loadu_epi32(row.diag.as_ptr().add(at).cast()),
                anti: _mm512_loadu_epi32(row.anti.as_ptr().add(at).cast()),
                open: _mm512_loadu_epi32(row.open.as_ptr().add(at).cast()),
                path: _mm512_loadu_epi32(row.path.as_ptr().add(at).cast()),
            }
        }
    }

    /// Writes those of `keep` packed into `row` from `at` on, the path only if `path`; returns how
    /// many.
    #[target_feature(enable = "avx512f,avx512cd,bmi1,bmi2,popcnt")]
    fn store(self, keep: u16, row: &mut Row, at: usize, path: bool) -> usize {
        debug_assert!(at < ROOM);
        // SAFETY: `at` < ROOM, so the sixteen words from `at` lie within the SLACK of each array.
        unsafe {
            _mm512_storeu_epi32(row.col.as_mut_ptr().add(at).cast(), _mm512_maskz_compress_epi32(keep, self.col));
            _mm512_storeu_epi32(row.diag.as_mut_ptr().add(at).cast(), _mm512_maskz_compress_epi32(keep, self.diag));
            _mm512_storeu_epi32(row.anti.as_mut_ptr().add(at).cast(), _mm512_maskz_compress_epi32(keep, self.anti));
            _mm512_storeu_epi32(row.open.as_mut_ptr().add(at).cast(), _mm512_maskz_compress_epi32(keep, self.open));
            if path {
                _mm512_storeu_epi32(row.path.as_mut_ptr().add(at).cast(), _mm512_maskz_compress_epi32(keep, self.path));
            }
        }
        keep.count_ones() as usize
    }
}

/// The first `left` of sixteen lanes.
#[inline(always)]
fn first(left: usize) -> u16 {
    if left >= WIDTH { u16::MAX } else { (1 << left) - 1 }
}

/// `v` with every lane shifted left by `by`.
#[target_feature(enable = "avx512f,avx512cd,bmi1,bmi2,popcnt")]
fn shl(v: __m512i, by: u32) -> __m512i {
    _mm512_sll_epi32(v, _mm_cvtsi32_si128(by as i32))
}

/// `v` with every lane shifted right by `by`.
#[target_feature(enable = "avx512f,avx512cd,bmi1,bmi2,popcnt")]
fn shr(v: __m512i, by: u32) -> __m512i {
    _mm512_srl_epi32(v, _mm_cvtsi32_si128(by as i32))
}

/// `a | b | c`.
#[target_feature(enable = "avx512f,avx512cd,bmi1,bmi2,popcnt")]
fn or3(a: __m512i, b: __m512i, c: __m512i) -> __m512i {
    _mm512_ternarylogic_epi32::<0xfe>(a, b, c)
}

/// Each lane's lowest set bit.
#[target_feature(enable = "avx512f,avx512cd,bmi1,bmi2,popcnt")]
fn lowest(v: __m512i) -> __m512i {
    _mm512_and_si512(v, _mm512_sub_epi32(_mm512_setzero_si512(), v))
}

impl Lanes {
    /// [`Lanes::run`] sixteen positions at a time.
    #[target_feature(enable = "avx512f,avx512cd,bmi1,bmi2,popcnt")]
    fn run_wide<L: Leaf, const AHEAD: bool>(&mut self, rules: &Allowance, leaf: &mut L) {
        let mut rows = self.wide.take().unwrap_or_else(Rows::new);
        let ties = leaf.ties();
        let last = self.depth - 1;
        let mut k = 0;
        loop {
            if k == last {
                self.leaves_wide::<L>(&mut rows, rules, ties, leaf);
                self.walk_wide(&mut rows, rules, leaf);
                k -= 1;
                continue;
            }
            let (pending, children) = (rows.rows[k].len, rows.rows[k + 1].len);
            if pending > 0 && children + pending <= ROOM {
                self.place_wide::<L, AHEAD>(&mut rows, rules, k, ties);
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
    #[target_feature(enable = "avx512f,avx512cd,bmi1,bmi2,popcnt")]
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

    /// [`Lanes::place`] sixteen positions at a time.
    #[target_feature(enable = "avx512f,avx512cd,bmi1,bmi2,popcnt")]
    fn place_wide<L: Leaf, const AHEAD: bool>(
        &mut self,
        rows: &mut Rows,
        rules: &Allowance,
        k: usize,
        ties: [(usize, u32); 3],
    ) {
        let n = self.n;
        let row = self.top() + k;
        let next_allowed = _mm512_set1_epi32(rules.allowed[(row + 1) & (STACK - 1)] as i32);
        let last_allowed = _mm512_set1_epi32(rules.allowed[(n - 1) & (STACK - 1)] as i32);
        let far = (n - 2 - row) as u32;
        let tie = tie_in(&ties, row);
        let (tie_v, to_tied) = (_mm512_set1_epi32(tie as i32), tie.leading_zeros() & 31);
        let tied_v = _mm512_set1_epi32(TIED as i32);
        let untied = _mm512_set1_epi32(!TIED as i32);
        let shift = ROOT_BITS + 5 * k as u32;
        let (upper, lower) = rows.rows.split_at_mut(k + 1);
        let (parents, children) = (&mut upper[k], &mut lower[0]);
        let (mut len, mut out) = (parents.len, children.len);
        let mut visited = 0;
        while len > 0 && out + len <= ROOM {
            let mut keep = 0;
            for at in (0..len).step_by(WIDTH) {
                let valid = first(len - at);
                let p = Sixteen::load(parents, at);
                let bit = lowest(p.open);
                let col = _mm512_or_si512(p.col, bit);
                let diag = _mm512_slli_epi32::<1>(_mm512_or_si512(p.diag, bit));
                let anti = _mm512_srli_epi32::<1>(_mm512_or_si512(p.anti, bit));
                let under = _mm512_andnot_si512(or3(col, diag, anti), next_allowed);
                let mut stays = valid & _mm512_test_epi32_mask(under, under);
                if AHEAD {
                    let ahead = _mm512_andnot_si512(or3(col, shl(diag, far), shr(anti, far)), last_allowed);
                    stays &= _mm512_test_epi32_mask(ahead, ahead);
                }
                let (open, path) = if L::TIES {
                    let on_tie = shl(_mm512_and_si512(bit, tie_v), to_tied);
                    let tied = _mm512_and_si512(_mm512_or_si512(p.open, on_tie), tied_v);
                    let column = _mm512_sub_epi32(_mm512_set1_epi32(31), _mm512_lzcnt_epi32(bit));
                    (_mm512_or_si512(under, tied), _mm512_or_si512(p.path, shl(column, shift)))
                } else {
                    (under, p.path)
                };
                let child = Sixteen { col, diag, anti, open, path };
                out += child.store(stays, children, out, L::TIES);
                let rest = _mm512_xor_si512(p.open, bit);
                let kept = valid & _mm512_test_epi32_mask(rest, untied);
                // Packed at or before `at`: over positions already loaded.
                keep += Sixteen { open: rest, ..p }.store(kept, parents, keep, L::TIES);
            }
            visited += len;
            len = keep;
        }
        parents.len = len;
        children.len = out;
        self.nodes += visited as u64;
    }

    /// [`Lanes::leaves`] sixteen positions at a time, the last three rows counted by their six
    /// orders.
    #[target_feature(enable = "avx512f,avx512cd,bmi1,bmi2,popcnt")]
    fn leaves_wide<L: Leaf>(&mut self, rows: &mut Rows, rules: &Allowance, ties: [(usize, u32); 3], leaf: &mut L) {
        let n = self.n;
        let last = self.depth - 1;
        let tie = tie_in(&ties, n - 4);
        let (tie_v, to_tied) = (_mm512_set1_epi32(tie as i32), tie.leading_zeros() & 31);
        let below = ties_below(&ties, n).map(|t| _mm512_set1_epi32(t as i32));
        let closed = [0, 1, 2].map(|k| _mm512_set1_epi32(!rules.allowed[(n - 3 + k) & (STACK - 1)] as i32));
        let full = _mm512_set1_epi32(full(n) as i32);
        let (tied_v, untied) = (_mm512_set1_epi32(TIED as i32), _mm512_set1_epi32(!TIED as i32));
        loop {
            let len = rows.rows[last].len;
            if len == 0 {
                break;
            }
            if L::TIES && rows.walks + len > ROOM {
                self.walk_wide(rows, rules, leaf);
            }
            let (mut keep, mut found, mut walks) = (0, 0u64, rows.walks);
            for at in (0..len).step_by(WIDTH) {
                let valid = first(len - at);
                let p = Sixteen::load(&rows.rows[last], at);
                let bit = lowest(p.open);
                let diag = _mm512_slli_epi32::<1>(_mm512_or_si512(p.diag, bit));
                let anti = _mm512_srli_epi32::<1>(_mm512_or_si512(p.anti, bit));
                let free = _mm512_andnot_si512(_mm512_or_si512(p.col, bit), full);
                // What attacks or the rules close in rows n − 3, n − 2 and n − 1.
                let c0 = or3(diag, anti, closed[0]);
                let c1 = or3(_mm512_slli_epi32::<1>(diag), _mm512_srli_epi32::<1>(anti), closed[1]);
                let c2 = or3(_mm512_slli_epi32::<2>(diag), _mm512_srli_epi32::<2>(anti), closed[2]);
                // The three free columns, right to left.
                let low = lowest(free);
                let rest = _mm512_xor_si512(free, low);
                let mid = lowest(rest);
                let high = _mm512_xor_si512(rest, mid);
                // Row k may take column x.
                let may = |c: __m512i, x: __m512i| _mm512_testn_epi32_mask(x, c);
                let (l0, m0, h0) = (may(c0, low), may(c0, mid), may(c0, high));
                let (l1, m1, h1) = (may(c1, low), may(c1, mid), may(c1, high));
                let (l2, m2, h2) = (may(c2, low), may(c2, mid), may(c2, high));
                // Columns apart by more than one (the middle and its neighbours) or than two.
                let lm1 = _mm512_cmpneq_epi32_mask(mid, _mm512_slli_epi32::<1>(low));
                let mh1 = _mm512_cmpneq_epi32_mask(high, _mm512_slli_epi32::<1>(mid));
                let lm2 = _mm512_cmpneq_epi32_mask(mid, _mm512_slli_epi32::<2>(low));
                let mh2 = _mm512_cmpneq_epi32_mask(high, _mm512_slli_epi32::<2>(mid));
                let lh2 = _mm512_cmpneq_epi32_mask(high, _mm512_slli_epi32::<2>(low));
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
                    let on_tie = shl(_mm512_and_si512(bit, tie_v), to_tied);
                    let flagged = _mm512_test_epi32_mask(_mm512_or_si512(p.open, on_tie), tied_v);
                    let on = |x: __m512i, k: usize| _mm512_cmpeq_epi32_mask(x, below[k]);
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
                    // SAFETY: `walks` + `len` ≤ ROOM on entering the turn, and `walks` grows by
                    // at most one a position: the sixteen words from it lie within SLACK.
                    unsafe {
                        let at = rows.walk_path.as_mut_ptr().add(walks).cast();
                        _mm512_storeu_epi32(at, _mm512_maskz_compress_epi32(walked, p.path));
                        let at = rows.walk_bit.as_mut_ptr().add(walks).cast();
                        _mm512_storeu_epi32(at, _mm512_maskz_compress_epi32(walked, bit));
                    }
                    walks += walked.count_ones() as usize;
                }
                let rest = _mm512_xor_si512(p.open, bit);
                let kept = valid & _mm512_test_epi32_mask(rest, untied);
                keep += Sixteen { open: rest, ..p }.store(kept, &mut rows.rows[last], keep, L::TIES);
            }
            rows.rows[last].len = keep;
            rows.walks = walks;
            // Before any of them is walked, which takes its count off again.
            self.found += found;
            self.nodes += len as u64;
        }
    }
}
