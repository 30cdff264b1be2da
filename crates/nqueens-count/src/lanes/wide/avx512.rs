//! The lanes sixteen positions at a time with AVX-512 ([`Wide`]): masks are the instruction
//! set's own mask registers, a compression is one `vpcompressd`, a bit's index one `vplzcnt`
//! (AVX-512 CD). Read next: [`super::avx2`], the same eight at a time.

use super::{Field, Vector};
use crate::board::Allowance;
use crate::lanes::{AT, Lanes};
use crate::last_rows::Pext;
use crate::leaf::Leaf;
use std::arch::x86_64::{
    __m512i, _mm_cvtsi32_si128, _mm512_and_si512, _mm512_andnot_si512, _mm512_cmpeq_epi32_mask, _mm512_loadu_epi32,
    _mm512_lzcnt_epi32, _mm512_maskz_compress_epi32, _mm512_or_si512, _mm512_set1_epi32, _mm512_sll_epi32,
    _mm512_srl_epi32, _mm512_storeu_epi32, _mm512_sub_epi32, _mm512_ternarylogic_epi32, _mm512_test_epi32_mask,
    _mm512_testn_epi32_mask, _mm512_xor_si512,
};

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

lanes_gather!(Wide, "avx512f,avx512cd,bmi1,bmi2,popcnt");

// SAFETY (every `unsafe` block below): a `Wide` exists only where AVX-512 F and CD do
// (`Wide::detect`), and each is inlined into the one function `lanes_gather!` compiles with them.
impl Vector for Wide {
    const WIDTH: usize = 16;
    type V = __m512i;

    #[inline(always)]
    fn splat(self, x: u32) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_set1_epi32(x as i32) }
    }

    #[inline(always)]
    fn load(self, field: &Field, at: usize) -> __m512i {
        // SAFETY: the features, see the impl; `at & AT` < ROOM, so the sixteen words from it lie
        // within the field's SLACK.
        unsafe { _mm512_loadu_epi32(field.as_ptr().add(at & AT).cast()) }
    }

    #[inline(always)]
    fn store(self, keep: u32, v: __m512i, field: &mut Field, at: usize) {
        // SAFETY: as in `load`.
        unsafe {
            _mm512_storeu_epi32(field.as_mut_ptr().add(at & AT).cast(), _mm512_maskz_compress_epi32(keep as u16, v))
        }
    }

    #[inline(always)]
    fn and(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_and_si512(a, b) }
    }

    #[inline(always)]
    fn andnot(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_andnot_si512(a, b) }
    }

    #[inline(always)]
    fn or(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_or_si512(a, b) }
    }

    #[inline(always)]
    fn xor(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_xor_si512(a, b) }
    }

    #[inline(always)]
    fn sub(self, a: __m512i, b: __m512i) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_sub_epi32(a, b) }
    }

    #[inline(always)]
    fn shl(self, v: __m512i, by: u32) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_sll_epi32(v, _mm_cvtsi32_si128(by as i32)) }
    }

    #[inline(always)]
    fn shr(self, v: __m512i, by: u32) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_srl_epi32(v, _mm_cvtsi32_si128(by as i32)) }
    }

    #[inline(always)]
    fn any(self, a: __m512i, b: __m512i) -> u32 {
        // SAFETY: see the impl.
        u32::from(unsafe { _mm512_test_epi32_mask(a, b) })
    }

    #[inline(always)]
    fn none(self, a: __m512i, b: __m512i) -> u32 {
        // SAFETY: see the impl.
        u32::from(unsafe { _mm512_testn_epi32_mask(a, b) })
    }

    #[inline(always)]
    fn eq(self, a: __m512i, b: __m512i) -> u32 {
        // SAFETY: see the impl.
        u32::from(unsafe { _mm512_cmpeq_epi32_mask(a, b) })
    }

    #[inline(always)]
    fn index(self, bit: __m512i) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_sub_epi32(_mm512_set1_epi32(31), _mm512_lzcnt_epi32(bit)) }
    }

    #[inline(always)]
    fn or3(self, a: __m512i, b: __m512i, c: __m512i) -> __m512i {
        // SAFETY: see the impl.
        unsafe { _mm512_ternarylogic_epi32::<0xfe>(a, b, c) }
    }
}
