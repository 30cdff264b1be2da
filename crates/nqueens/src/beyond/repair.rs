//! `min_conflicts` — local search: start from a full board with few conflicts, then repair it.
//!
//! Min-conflicts (Minton et al., 1992) in the form Sosic & Gu (1994) used to place three million
//! queens in under a minute: the board is a *permutation* (row r's queen at `cols[r]`, every
//! column used once), so columns never clash and only diagonals can. Two counters per diagonal
//! direction say how many queens stand on each diagonal, so the conflicts a queen has, and the
//! change a move makes to the number of attacking pairs, cost O(1).
//!
//! 1. **Greedy start.** Rows top down: a few random tries among the columns not yet used, keeping
//!    the first whose two diagonals are still empty (else the last one tried). Most queens land
//!    safely; only near the end, when few columns are left, do conflicts appear.
//! 2. **Repair.** Each queen still attacked swaps columns with a random other row when the swap
//!    lowers the number of attacking pairs (a *move*), and keeps its column otherwise. A swap is
//!    tried in O(1): both queens taken off their diagonals, put on the new ones, and taken back if
//!    the count did not fall.
//!
//! It is fast — n = 10⁶ in well under a second — but not complete: it can stall in a board where no
//! single swap helps, and it can never prove that a board has no solution (n = 2, 3 have none:
//! it is not even started). So it has a [`Budget`] of swaps tried per start, and restarts; what it
//! did is reported to a [`Moves`] visitor, as the variants report nodes. Reproducible: the same
//! seed gives the same moves. Memory: `cols` (8 bytes a queen) and two counters per diagonal
//! (2 × 2 × 4 bytes a queen), 24 bytes a queen.

/// How long to search: swaps tried before a restart, and restarts before giving up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Swaps tried (made or not) from one start before the board is started again.
    pub tries: u64,
    /// Starts after the first before the search gives up.
    pub restarts: u32,
}

impl Budget {
    /// Enough for every board tested: from a thousand tries for a small board to 20 per queen.
    pub fn for_board(n: usize) -> Budget {
        Budget { tries: 20 * n as u64 + 1000, restarts: 100 }
    }
}

/// The budget ran out: this many swaps were tried over this many starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stalled {
    /// Swaps tried in all.
    pub tries: u64,
    /// Starts made.
    pub starts: u32,
}

/// Receives what the local search does, as it does it. Every hook defaults to nothing.
pub trait Moves {
    /// A start: every queen placed (`cols`), with `conflicts` attacking pairs.
    fn start(&mut self, _cols: &[usize], _conflicts: u64) {}
    /// Rows `a` and `b` exchanged their columns: attacking pairs `before` and `after` the move.
    fn swap(&mut self, _a: usize, _b: usize, _before: u64, _after: u64) {}
}

impl Moves for () {}

/// One solution of the `n`×`n` board by min-conflicts from `seed`, within `budget`; `None` for
/// n = 2 and 3 (and 0), which have none.
pub fn min_conflicts<M: Moves + ?Sized>(
    n: usize,
    seed: u64,
    budget: Budget,
    moves: &mut M,
) -> Option<Result<Vec<usize>, Stalled>> {
    if !super::construct::exists(n) {
        return None;
    }
    let mut board = Board::new(n, seed);
    let mut tried = 0;
    for start in 1..=budget.restarts + 1 {
        board.greedy();
        moves.start(&board.cols, board.conflicts);
        let (solved, spent) = board.repair(budget.tries, moves);
        tried += spent;
        if solved {
            return Some(Ok(board.cols));
        }
        if start == budget.restarts + 1 {
            return Some(Err(Stalled { tries: tried, starts: start }));
        }
    }
    unreachable!("the last start returns")
}

/// A permutation board with its diagonal counters and its random source.
struct Board {
    n: usize,
    cols: Vec<usize>,
    /// Queens on each `\` diagonal, `row - col + n - 1`.
    down: Vec<u32>,
    /// Queens on each `/` diagonal, `row + col`.
    up: Vec<u32>,
    /// Attacking pairs: the sum over diagonals of k(k − 1)/2.
    conflicts: u64,
    random: SplitMix,
}

/// Random columns tried for a row of the greedy start before it takes the last one.
const GREEDY_TRIES: usize = 20;

impl Board {
    fn new(n: usize, seed: u64) -> Board {
        let lines = 2 * n - 1;
        Board {
            n,
            cols: (0..n).collect(),
            down: vec![0; lines],
            up: vec![0; lines],
            conflicts: 0,
            random: SplitMix(seed),
        }
    }

    fn lines(&self, row: usize, col: usize) -> (usize, usize) {
        (row + self.n - 1 - col, row + col)
    }

    fn put(&mut self, row: usize, col: usize) {
        let (d, u) = self.lines(row, col);
        self.conflicts += u64::from(self.down[d] + self.up[u]);
        self.down[d] += 1;
        self.up[u] += 1;
    }

    fn take(&mut self, row: usize, col: usize) {
        let (d, u) = self.lines(row, col);
        self.down[d] -= 1;
        self.up[u] -= 1;
        self.conflicts -= u64::from(self.down[d] + self.up[u]);
    }

    fn attacked(&self, row: usize) -> bool {
        let (d, u) = self.lines(row, self.cols[row]);
        self.down[d] > 1 || self.up[u] > 1
    }

    /// A fresh start: the permutation shuffled row by row, each row keeping the first of a few
    /// random unused columns whose diagonals are empty.
    fn greedy(&mut self) {
        self.down.fill(0);
        self.up.fill(0);
        self.conflicts = 0;
        for row in 0..self.n {
            for _ in 0..GREEDY_TRIES {
                let other = row + self.random.below(self.n - row);
                self.cols.swap(row, other);
                let (d, u) = self.lines(row, self.cols[row]);
                if self.down[d] == 0 && self.up[u] == 0 {
                    break;
                }
            }
            self.put(row, self.cols[row]);
        }
    }

    /// Swaps attacked queens with random rows while that lowers the conflicts, `tries` swaps at
    /// most: whether the board was solved, and the swaps tried.
    fn repair<M: Moves + ?Sized>(&mut self, tries: u64, moves: &mut M) -> (bool, u64) {
        let mut tried = 0;
        let mut attacked: Vec<usize> = (0..self.n).filter(|&r| self.attacked(r)).collect();
        let mut next = Vec::new();
        while self.conflicts > 0 {
            if attacked.is_empty() {
                attacked = (0..self.n).filter(|&r| self.attacked(r)).collect();
            }
            for &a in &attacked {
                if !self.attacked(a) {
                    continue;
                }
                if tried == tries {
                    return (false, tried);
                }
                tried += 1;
                let b = self.random.below(self.n);
                if b == a {
                    continue;
                }
                let before = self.conflicts;
                self.exchange(a, b);
                if self.conflicts < before {
                    moves.swap(a, b, before, self.conflicts);
                    next.extend([a, b]);
                } else {
                    self.exchange(a, b);
                    next.push(a);
                }
                if self.conflicts == 0 {
                    return (true, tried);
                }
            }
            std::mem::swap(&mut attacked, &mut next);
            next.clear();
            attacked.retain(|&r| self.attacked(r));
        }
        (true, tried)
    }

    /// Rows `a` and `b` exchange their columns, the counters kept.
    fn exchange(&mut self, a: usize, b: usize) {
        let (ca, cb) = (self.cols[a], self.cols[b]);
        self.take(a, ca);
        self.take(b, cb);
        self.cols.swap(a, b);
        self.put(a, cb);
        self.put(b, ca);
    }
}

/// SplitMix64 (Steele, Lea & Flood, 2014): a small, fast, seedable generator; the textbook crate
/// takes no dependency.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `bound` (> 0), by multiplying (Lemire's method, its tiny bias kept).
    fn below(&mut self, bound: usize) -> usize {
        ((u128::from(self.next()) * bound as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::beyond::check;

    /// Counts the moves, and checks that each one lowers the conflicts from where the last left
    /// them.
    #[derive(Default)]
    struct Log {
        starts: u32,
        swaps: u64,
        now: u64,
    }

    impl Moves for Log {
        fn start(&mut self, cols: &[usize], conflicts: u64) {
            let pairs = (0..cols.len())
                .flat_map(|a| (a + 1..cols.len()).map(move |b| (a, b)))
                .filter(|&(a, b)| cols[a].abs_diff(cols[b]) == b - a)
                .count();
            assert_eq!(pairs as u64, conflicts, "the conflicts counted are the attacking pairs");
            self.starts += 1;
            self.now = conflicts;
        }
        fn swap(&mut self, _a: usize, _b: usize, before: u64, after: u64) {
            assert_eq!(before, self.now);
            assert!(after < before);
            self.swaps += 1;
            self.now = after;
        }
    }

    #[test]
    fn two_hundred_seeds_on_every_board_up_to_a_hundred_give_solutions() {
        for n in [1, 4, 5, 6, 7, 8, 9, 10, 12, 16, 25, 50, 64, 99, 100] {
            for seed in 0..200 {
                let mut log = Log::default();
                let cols = min_conflicts(n, seed, Budget::for_board(n), &mut log).unwrap().unwrap();
                assert_eq!(check(&cols), Ok(()), "n = {n}, seed {seed}");
                assert_eq!(log.now, 0);
            }
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_board_and_two_and_three_are_never_started() {
        let run = |seed| min_conflicts(30, seed, Budget::for_board(30), &mut ()).unwrap().unwrap();
        assert_eq!(run(7), run(7));
        assert_ne!(run(7), run(8));
        assert_eq!(min_conflicts(2, 0, Budget::for_board(2), &mut ()), None);
        assert_eq!(min_conflicts(3, 0, Budget::for_board(3), &mut ()), None);
    }

    #[test]
    fn a_budget_too_small_stalls_and_says_what_it_spent() {
        let stalled = min_conflicts(50, 1, Budget { tries: 0, restarts: 2 }, &mut ()).unwrap();
        assert_eq!(stalled, Err(Stalled { tries: 0, starts: 3 }));
    }

    #[test]
    fn a_hundred_thousand_queens() {
        let n = 100_000;
        let cols = min_conflicts(n, 42, Budget::for_board(n), &mut ()).unwrap().unwrap();
        assert_eq!(check(&cols), Ok(()));
    }
}
