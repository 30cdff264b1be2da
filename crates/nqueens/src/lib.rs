//! # nqueens: the N-Queens backtracking lab's textbook core
//!
//! Five classic write-ups of the N-Queens lab each solve it their own way; this crate puts their
//! searches next to one another, faithfully, behind one interface, and adds a bitboard search as
//! the yardstick. Read the modules in this order:
//!
//! 1. [`solvers`] — the [`solvers::Visitor`] every variant streams through, then the variants:
//!    - [`solvers::naive`] (document 000): a board of squares; the check scans the whole board.
//!    - [`solvers::bordered`] (document 001): a framed board; the check walks to the frame.
//!    - [`solvers::cell`] (document 002, first program): place or skip every square; flags.
//!    - [`solvers::row`] (documents 002 and 003): one queen per row; three flag arrays.
//!    - [`solvers::kruse`] (document 004): a `Queens` board type, after Kruse & Ryba.
//!    - [`solvers::bits`] (ours): bitmasks, a whole row in one operation.
//! 2. [`format`](mod@format) — how a stream of solutions becomes the exact bytes a document printed.
//! 3. [`known`] — the counts every variant is checked against (OEIS A000170 and A002562).
//! 4. [`beyond`] — past backtracking: one solution by formula or by local search, a partial board
//!    completed or proved impossible, and an O(n) check.
//! 5. [`own`] — a student's own search, read from the events their program writes, replayed
//!    and compared step for step with the variants'.

pub mod beyond;
pub mod format;
pub mod known;
pub mod own;
pub mod solvers;

/// The README's example runs as a doctest, so it cannot drift from the code.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
