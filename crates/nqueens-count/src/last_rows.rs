//! The last three rows from a table: no square of them visited, no branch taken.
//!
//! Entering row n − 3, three columns are left and three rows to fill. Whether a filling is a
//! solution depends only on which of the three rows may take which of the three columns (nine
//! bits: what the queens above attack there, or the rules close) and on how far apart the columns
//! are (two gaps, each 1, 2 or farther). A table holds the answer for every one of them, and the
//! squares its solutions use, so [`Floor::bottom`] reads the nine bits and the gaps and looks
//! them up; whether a solution stands on a given square is then one test ([`Bottom::uses`]).
//!
//! Reading the bits of three scattered columns is what x86's `pext` does in one instruction, two
//! rows at once in the halves of a 64-bit word: [`Pext`], where the processor has it (BMI2) and
//! runs it in hardware; [`Portable`] picks the columns off one at a time anywhere else.
//! The hot loops above are compiled for the instructions their gather needs (with BMI1 as well
//! for `Pext`: `blsi`, `blsr`, `andn`) by [`super::lanes::LanesGather`] and
//! [`super::search::SearchGather`]; which one a count uses is chosen once, in
//! [`super::Job::run`] (the lanes' `Wide` and `Avx2` count their own last rows a register at a time).
//!
//! It imports only [`super::board`].

use super::board::{Allowance, M, Masks, full};

/// What the last three rows' count needs of the rules: the squares they close in rows n − 3,
/// n − 2 and n − 1, read once for a loop rather than once a position.
#[derive(Clone, Copy, Debug)]
pub struct Floor {
    /// Every column of the board.
    full: u32,
    /// The squares of rows n − 3 and n − 2 the rules close, the second in the upper half.
    closed01: u64,
    /// Those of row n − 1.
    closed2: u32,
}

impl Floor {
    /// The last three rows of `rules`' board.
    #[inline(always)]
    pub fn new(rules: &Allowance) -> Floor {
        let n = rules.n;
        let closed = |k: usize| !rules.allowed[(n - 3 + k) & M];
        Floor { full: full(n), closed01: u64::from(closed(0)) | u64::from(closed(1)) << 32, closed2: closed(2) }
    }

    /// The last three rows entered with `m`, read with `gather`.
    #[inline(always)]
    pub fn bottom<G: Gather>(self, m: Masks, gather: G) -> Bottom {
        let free = !m.col & self.full;
        let (diag, anti) = (u64::from(m.diag), u64::from(m.anti));
        // Rows n − 3 and n − 2 side by side: the second's diagonals one row further on. Bits that
        // `anti << 31` moves into bit 31 lie past every board's edge, where no free column is.
        let rows01 = diag | anti | diag << 33 | anti << 31 | self.closed01;
        let row2 = m.diag << 2 | m.anti >> 2 | self.closed2;
        // Whether the columns one and two to the right of the middle and the left free column
        // are free: how far apart the three are, as far as three rows can see.
        let gaps = u64::from(free << 1) | u64::from(free << 2) << 32;
        let upper = free & (free - 1);
        let index = gather.gather2::<3>(rows01, free) as usize
            | (gather.gather(row2, free) as usize) << 6
            | (gather.gather2::<2>(gaps, upper) as usize) << 9;
        Bottom { free, entry: THREE[index & (THREE.len() - 1)] }
    }
}

/// The last three rows, seen from row n − 3: their entry of the table `THREE`.
#[derive(Clone, Copy, Debug)]
pub struct Bottom {
    /// The three columns no queen above takes.
    free: u32,
    /// The entry of `THREE` for them: the count, and the squares the solutions use.
    entry: u16,
}

impl Bottom {
    /// The last three rows of `rules`' board, entered with `m`, read with `gather`.
    #[inline(always)]
    pub fn new<G: Gather>(rules: &Allowance, m: Masks, gather: G) -> Bottom {
        Floor::new(rules).bottom(m, gather)
    }

    /// Their solutions.
    #[inline(always)]
    pub fn count(self) -> u64 {
        u64::from(self.entry & COUNT_MASK)
    }

    /// The squares of `ties` (one mask a row) among the free columns, one bit each where
    /// [`Bottom::used`] has them.
    #[inline(always)]
    pub fn squares<G: Gather>(self, gather: G, ties: [u32; 3]) -> u32 {
        let ties01 = u64::from(ties[0]) | u64::from(ties[1]) << 32;
        gather.gather2::<3>(ties01, self.free) | gather.gather(ties[2], self.free) << 6
    }

    /// [`Bottom::squares`] of a tie square `last` in row n − 1 only.
    #[inline(always)]
    pub fn squares_last<G: Gather>(self, gather: G, last: u32) -> u32 {
        gather.gather(last, self.free) << 6
    }

    /// The squares some solution uses: three bits a row, one per free column from the right.
    #[inline(always)]
    pub fn used(self) -> u32 {
        u32::from(self.entry) >> USED_AT
    }

    /// Whether some solution uses one of `squares` ([`Bottom::squares`]), or, with `any`, whether
    /// there is a solution at all: one test either way.
    #[inline(always)]
    pub fn uses(self, squares: u32, any: bool) -> bool {
        u32::from(self.entry) & (squares << USED_AT | if any { !0 } else { 0 }) != 0
    }

    /// Whether some of their solutions stand on one of the squares `ties` (row by row).
    #[inline(always)]
    pub fn stands_on<G: Gather>(self, gather: G, ties: [u32; 3]) -> bool {
        self.uses(self.squares(gather, ties), false)
    }
}

/// How the squares of the three free columns are read out of a row's mask: three bits, one per
/// free column from the right, as x86's `pext` does in one instruction.
pub trait Gather: Copy {
    /// The bits of `mask` at the set bits of `free` (three of them), packed from bit 0.
    fn gather(self, mask: u32, free: u32) -> u32;

    /// [`Gather::gather`] of both halves of `mask`, where `free` has `BITS` bits (two or
    /// three): the lower's bits, then the upper's.
    #[inline(always)]
    fn gather2<const BITS: u32>(self, mask: u64, free: u32) -> u32 {
        self.gather(mask as u32, free) | self.gather((mask >> 32) as u32, free) << BITS
    }
}

/// Any machine: the three free columns picked off one at a time.
#[derive(Clone, Copy, Debug, Default)]
pub struct Portable;

impl Gather for Portable {
    #[inline(always)]
    fn gather(self, mask: u32, free: u32) -> u32 {
        let low = free & free.wrapping_neg();
        let rest = free ^ low;
        let mid = rest & rest.wrapping_neg();
        let high = rest ^ mid;
        u32::from(mask & low != 0) | u32::from(mask & mid != 0) << 1 | u32::from(mask & high != 0) << 2
    }
}

/// x86-64 with BMI1 and BMI2: `pext` gathers the three bits in one instruction. Only
/// [`Pext::detect`] makes one, on a processor that has them and runs `pext` in hardware.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub struct Pext(());

#[cfg(target_arch = "x86_64")]
impl Pext {
    /// A `Pext` if this processor runs `pext` fast: it has BMI1 and BMI2, and is not an AMD Zen 1
    /// or 2 (family 17h), which runs it in microcode, up to hundreds of cycles.
    pub fn detect() -> Option<Pext> {
        use std::arch::x86_64::__cpuid;
        if !(std::is_x86_feature_detected!("bmi1") && std::is_x86_feature_detected!("bmi2")) {
            return None;
        }
        let (vendor, version) = (__cpuid(0), __cpuid(1));
        let amd = (vendor.ebx, vendor.edx, vendor.ecx) == (0x6874_7541, 0x6974_6e65, 0x444d_4163);
        let family = (version.eax >> 8 & 0xf) + (version.eax >> 20 & 0xff);
        (!(amd && family == 0x17)).then_some(Pext(()))
    }
}

#[cfg(target_arch = "x86_64")]
impl Gather for Pext {
    #[inline(always)]
    fn gather(self, mask: u32, free: u32) -> u32 {
        // SAFETY: a `Pext` exists only where BMI1 and BMI2 do (`Pext::detect`).
        unsafe { std::arch::x86_64::_pext_u32(mask, free) }
    }

    #[inline(always)]
    fn gather2<const BITS: u32>(self, mask: u64, free: u32) -> u32 {
        let both = u64::from(free) * (1 << 32 | 1);
        // SAFETY: a `Pext` exists only where BMI1 and BMI2 do (`Pext::detect`).
        unsafe { std::arch::x86_64::_pext_u64(mask, both) as u32 }
    }
}

/// Where an entry of [`THREE`] has the squares its solutions use, above its count.
const USED_AT: u32 = 3;

/// The count's bits of an entry of [`THREE`] (at most 6 solutions).
const COUNT_MASK: u16 = (1 << USED_AT) - 1;

/// Solutions of three rows on three free columns, by what attacks those squares and how far
/// apart the columns are, and the squares they use: [`Floor::bottom`] reads it.
static THREE: [u16; 16 << 9] = three_table();

/// Builds [`THREE`]. An index is `gaps << 9 | r2 << 6 | r1 << 3 | r0`: `rk` has a bit for each
/// free column (from the right) that row n − 3 + k may not take; `gaps` has four bits, whether
/// the column 1 and 2 to the right of the middle and of the left free column are free (the
/// columns' gaps of 1 and 2, the only ones three rows can see). The entry counts the orders in
/// which the rows can take the columns, no two on a diagonal (below bit [`USED_AT`]), and has a
/// bit, laid out as the index's `rk`, for each square one of them uses.
const fn three_table() -> [u16; 16 << 9] {
    let mut table = [0u16; 16 << 9];
    let mut index = 0;
    while index < table.len() {
        let gaps = index >> 9;
        // Column distances from the right free column; 3 stands for "too far to see".
        let near: u32 = if gaps & 1 != 0 {
            1
        } else if gaps & 4 != 0 {
            2
        } else {
            3
        };
        let far: u32 = if gaps & 2 != 0 {
            1
        } else if gaps & 8 != 0 {
            2
        } else {
            3
        };
        let col = [0, near, near + far];
        const ORDERS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        let (mut count, mut used) = (0, 0);
        let mut k = 0;
        while k < 6 {
            let o = ORDERS[k];
            let open = (index >> o[0]) & 1 == 0 && (index >> (3 + o[1])) & 1 == 0 && (index >> (6 + o[2])) & 1 == 0;
            let apart = col[o[0]].abs_diff(col[o[1]]) != 1
                && col[o[1]].abs_diff(col[o[2]]) != 1
                && col[o[0]].abs_diff(col[o[2]]) != 2;
            if open && apart {
                count += 1;
                used |= 1 << o[0] | 1 << (3 + o[1]) | 1 << (6 + o[2]);
            }
            k += 1;
        }
        table[index] = count | used << USED_AT;
        index += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The solutions of the last three rows on the columns `free` (three of them), where
    /// `attacked` closes squares of each row, read with `gather`.
    fn three_rows<G: Gather>(gather: G, free: u32, attacked: [u32; 3]) -> u64 {
        // Masks whose rows n − 3 to n − 1 are closed exactly as `attacked` says: no diagonal,
        // and the rules close the rest.
        let mut rules = Allowance::plain(9);
        rules.allowed[6..9].copy_from_slice(&attacked.map(|a| !a));
        Bottom::new(&rules, Masks { col: !free & full(9), diag: 0, anti: 0 }, gather).count()
    }

    /// Runs `check` with every gather this machine has.
    fn each_gather(check: impl Fn(&dyn Fn(u32, u32) -> u32, &str)) {
        check(&|mask, free| Portable.gather(mask, free), "portable");
        #[cfg(target_arch = "x86_64")]
        if let Some(pext) = Pext::detect() {
            check(&|mask, free| pext.gather(mask, free), "pext");
        }
    }

    #[test]
    fn both_gathers_pack_the_free_columns_bits_from_the_right() {
        each_gather(|gather, name| {
            assert_eq!(gather(0b1000_0101, 0b1000_0110), 0b110, "{name}");
            assert_eq!(gather(0b0010_0000, 0b0011_0001), 0b100, "{name}");
            assert_eq!(gather(u32::MAX, 1 << 31 | 1 << 30 | 1), 0b111, "{name}");
        });
    }

    #[test]
    fn the_table_counts_three_rows_as_a_search_of_them_does() {
        // Every three columns of a 9-wide board, under every pattern of attacks a pseudo-random
        // walk gives: the table against trying the six orders square by square.
        let mut seed = 0x2545_f491_u32;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed
        };
        for free in (0u32..1 << 9).filter(|f| f.count_ones() == 3) {
            for _ in 0..64 {
                let attacked = [next(), next(), next()].map(|a| a & next());
                let cols: Vec<u32> = (0..9).filter(|c| free >> c & 1 == 1).collect();
                let mut expected = 0;
                for order in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
                    let c = order.map(|k| cols[k]);
                    let open = (0..3).all(|r| attacked[r] >> c[r] & 1 == 0);
                    let apart = c[0].abs_diff(c[1]) != 1 && c[1].abs_diff(c[2]) != 1 && c[0].abs_diff(c[2]) != 2;
                    expected += u64::from(open && apart);
                }
                assert_eq!(three_rows(Portable, free, attacked), expected, "{free:b} {attacked:?}");
                #[cfg(target_arch = "x86_64")]
                if let Some(pext) = Pext::detect() {
                    assert_eq!(three_rows(pext, free, attacked), expected, "{free:b} {attacked:?}");
                }
            }
        }
    }
}
