//! The lanes eight positions at a time with AVX2 ([`Avx2`]), where AVX-512 is missing: most
//! laptops of the last ten years. AVX2 has no mask registers and no compression: a mask is the
//! sign bits of a comparison gathered into a byte (`vmovmskps`), and the lanes a mask keeps are
//! packed by a permutation (`vpermd`) read from [`PACK`], the 256 ways to keep some of eight. A
//! bit's index is the exponent of the bit converted to a float, since AVX2 counts no zeros.
//! Read next: [`super::avx512`], the same sixteen at a time.

use super::{Field, Vector};
use crate::board::Allowance;
use crate::lanes::{AT, Lanes};
use crate::last_rows::Pext;
use crate::leaf::Leaf;
use std::arch::x86_64::{
    __m256i, _mm_cvtsi32_si128, _mm256_and_si256, _mm256_andnot_si256, _mm256_castps_si256, _mm256_castsi256_ps,
    _mm256_cmpeq_epi32, _mm256_cvtepi32_ps, _mm256_loadu_si256, _mm256_movemask_ps, _mm256_or_si256,
    _mm256_permutevar8x32_epi32, _mm256_set1_epi32, _mm256_setzero_si256, _mm256_sll_epi32, _mm256_srl_epi32,
    _mm256_srli_epi32, _mm256_storeu_si256, _mm256_sub_epi32, _mm256_xor_si256,
};

/// x86-64 with AVX2 and a fast `pext`: the lanes eight at a time, `pext` for the rest as
/// [`Pext`]. Only [`Avx2::detect`] makes one.
#[derive(Clone, Copy, Debug)]
pub struct Avx2(Pext);

impl Avx2 {
    /// An `Avx2` if this processor has AVX2, POPCNT and a fast `pext` ([`Pext::detect`]).
    pub fn detect() -> Option<Avx2> {
        let pext = Pext::detect()?;
        let avx2 = std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("popcnt");
        avx2.then_some(Avx2(pext))
    }
}

lanes_gather!(Avx2, "avx2,bmi1,bmi2,popcnt");

/// For each mask of eight lanes, the lanes it keeps, in order (then lane 0: what follows the
/// kept ones is garbage, which the next store overwrites or a row's length leaves out).
static PACK: [[u32; 8]; 256] = pack();

/// [`PACK`], built at compile time.
const fn pack() -> [[u32; 8]; 256] {
    let mut table = [[0; 8]; 256];
    let mut keep = 0;
    while keep < 256 {
        let (mut out, mut lane) = (0, 0);
        while lane < 8 {
            if keep & 1 << lane != 0 {
                table[keep][out] = lane as u32;
                out += 1;
            }
            lane += 1;
        }
        keep += 1;
    }
    table
}

// SAFETY (every `unsafe` block below): an `Avx2` exists only where AVX2 does (`Avx2::detect`),
// and each is inlined into the one function `lanes_gather!` compiles with it.
impl Vector for Avx2 {
    const WIDTH: usize = 8;
    type V = __m256i;

    #[inline(always)]
    fn splat(self, x: u32) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_set1_epi32(x as i32) }
    }

    #[inline(always)]
    fn load(self, field: &Field, at: usize) -> __m256i {
        // SAFETY: the feature, see the impl; `at & AT` < ROOM, so the eight words from it lie
        // within the field's SLACK.
        unsafe { _mm256_loadu_si256(field.as_ptr().add(at & AT).cast()) }
    }

    #[inline(always)]
    fn store(self, keep: u32, v: __m256i, field: &mut Field, at: usize) {
        let order = &PACK[keep as usize & 255];
        // SAFETY: as in `load`; `order` is eight words.
        unsafe {
            let packed = _mm256_permutevar8x32_epi32(v, _mm256_loadu_si256(order.as_ptr().cast()));
            _mm256_storeu_si256(field.as_mut_ptr().add(at & AT).cast(), packed);
        }
    }

    #[inline(always)]
    fn and(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_and_si256(a, b) }
    }

    #[inline(always)]
    fn andnot(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_andnot_si256(a, b) }
    }

    #[inline(always)]
    fn or(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_or_si256(a, b) }
    }

    #[inline(always)]
    fn xor(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_xor_si256(a, b) }
    }

    #[inline(always)]
    fn sub(self, a: __m256i, b: __m256i) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_sub_epi32(a, b) }
    }

    #[inline(always)]
    fn shl(self, v: __m256i, by: u32) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_sll_epi32(v, _mm_cvtsi32_si128(by as i32)) }
    }

    #[inline(always)]
    fn shr(self, v: __m256i, by: u32) -> __m256i {
        // SAFETY: see the impl.
        unsafe { _mm256_srl_epi32(v, _mm_cvtsi32_si128(by as i32)) }
    }

    #[inline(always)]
    fn any(self, a: __m256i, b: __m256i) -> u32 {
        !self.none(a, b) & 0xff
    }

    #[inline(always)]
    fn none(self, a: __m256i, b: __m256i) -> u32 {
        // SAFETY: see the impl.
        unsafe { self.eq(_mm256_and_si256(a, b), _mm256_setzero_si256()) }
    }

    #[inline(always)]
    fn eq(self, a: __m256i, b: __m256i) -> u32 {
        // SAFETY: see the impl.
        unsafe { _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(a, b))) as u32 }
    }

    #[inline(always)]
    fn index(self, bit: __m256i) -> __m256i {
        // A power of two below 2³¹ converts exactly: its exponent, less the bias, is its index.
        // SAFETY: see the impl.
        unsafe {
            let exponent = _mm256_srli_epi32::<23>(_mm256_castps_si256(_mm256_cvtepi32_ps(bit)));
            _mm256_sub_epi32(exponent, _mm256_set1_epi32(127))
        }
    }
}
