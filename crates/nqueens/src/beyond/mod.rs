//! Beyond backtracking: one solution for boards no enumeration reaches, a partial board completed
//! or proved impossible, and a check that knows nothing of any search.
//!
//! Every variant in [`solvers`](crate::solvers) enumerates all solutions, and stops being useful
//! near n = 20. A course meets the puzzle again later, asking for one solution only:
//!
//! 1. [`construct`](mod@construct) — an explicit formula: a queen per row in O(n) for every n ≥ 4 (Hoffman,
//!    Loessi & Moore, 1969). No search at all.
//! 2. [`repair`] — min-conflicts local search (Sosic & Gu, 1994): a greedy start, then moves that
//!    lower the number of attacking pairs, counted in O(1) per move. Fast, not exhaustive: it may
//!    stall, so it restarts, and it can never prove that a board has no solution.
//! 3. [`completion`] — the n-Queens Completion problem (Gent, Jefferson & Nightingale, 2017:
//!    NP-complete): some queens are given, the others are searched for by bitboards; the search
//!    either finds a completion or, having searched the whole space, proves that none exists.
//! 4. [`check`](mod@check) — whether a board is a solution, in O(n), naming the first attacking pair;
//!    [`read`] — a solution as text (columns, or the documents' boards), checked as it is read.
//!
//! Each is checked against the others and, for small n, against the backtracking variants.

pub mod check;
pub mod completion;
pub mod construct;
pub mod read;
pub mod repair;

pub use check::{Attack, Checker, Clash, Flaw, check};
pub use completion::{Misplaced, complete};
pub use construct::construct;
pub use repair::{Budget, Moves, Stalled, min_conflicts};
