//! What `labs bench` and `cargo bench` both time: one whole search, counted.
//!
//! A workload is the search of one variant on one board size, from the empty board to the last
//! solution, with the cheapest visitor there is ([`Count`]); its tallied twin runs the same search
//! through [`Tally`] to learn the [`Work`] it does. `labs bench` times [`count`] and checks and
//! reports [`tally`]; the criterion benches in `benches/solvers.rs` time the very same two
//! functions, so the two kinds of measurement never drift apart.
//!
//! The [`Workload`] trait is the seam the measuring code is written against: [`Algo`] implements
//! it, and a test can hand in a deliberately wrong solver to see `labs bench` refuse to time it.
//!
//! Read next: `measure.rs`, which runs workloads under a time budget.

use crate::solvers::{Algo, Count, Tally, Work};
use std::time::Duration;

/// Counts the solutions of the `n`×`n` board with `algo`, doing nothing else.
pub fn count(algo: Algo, n: usize) -> u64 {
    let mut count = Count::default();
    let _ = algo.solve(n, &mut count);
    count.0
}

/// Runs the same search as [`count`] with every node and probe tallied.
pub fn tally(algo: Algo, n: usize) -> Work {
    let mut tally = Tally::new(Count::default());
    let _ = algo.solve(n, &mut tally);
    tally.work
}

/// Something `labs bench` can time: a name, a plain search and a tallied one.
pub trait Workload {
    /// The name shown in tables and exports.
    fn name(&self) -> &str;
    /// The number of solutions of the `n`×`n` board, found as cheaply as this workload can.
    fn count(&self, n: usize) -> u64;
    /// The same search, with its work tallied; `Work::solutions` must equal [`Workload::count`].
    fn tally(&self, n: usize) -> Work;
    /// The time this workload's own clock has counted so far, if it keeps one: a program run in
    /// another process (`labs grade`) counts the CPU time it was given, which other programs'
    /// load does not stretch as it stretches the wall clock. `None`, as for every search run
    /// in-process: the measuring code's clock ([`super::clock::Stopwatch`]) times it.
    fn clock(&self) -> Option<Duration> {
        None
    }
}

impl Workload for Algo {
    fn name(&self) -> &str {
        Algo::name(*self)
    }
    fn count(&self, n: usize) -> u64 {
        count(*self, n)
    }
    fn tally(&self, n: usize) -> Work {
        tally(*self, n)
    }
}
