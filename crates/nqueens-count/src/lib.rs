//! `labs count`: the number of solutions as fast as this machine allows — bitboards, one board in
//! eight, every core.
//!
//! Four ideas stack up. **Bitboards**: [`search`] keeps a row's attacked squares in one machine
//! word and finds every open square in one expression, like the `bits` variant of `nqueens` but with
//! nothing else in its loop. **No branch at the bottom**: [`lanes`] places the queens of rows
//! n − 9 to n − 4 for hundreds of positions at once in straight loops (sixteen a turn with
//! AVX-512, eight with AVX2), and [`last_rows`] counts the last three rows from a table, so the rows where the tree
//! is widest cost no missed branch. **Symmetry**: [`symmetry`] splits the count into cases by
//! where the queens on the four edges stand, so that the search meets one board of each class of
//! rotated and reflected solutions (rarely two, told apart at the end) and weighs it by the class
//! size, 2, 4 or 8; the classes themselves (OEIS A002562) come out on the way. **Every core**: each case is
//! cut into subproblems, the placements of its first four rows (about 12,000 at n = 17), which
//! rayon hands to all threads; their counts are added, so the result is the same for any number
//! of threads and any order in which they finish.
//!
//! The same cut spreads one count over many machines: [`shard`] takes every M-th subproblem and
//! adds the shards' lines up again. `--no-symmetry` searches every board row by row, the very tree
//! of `bits`, as a cross-check of the symmetry argument; with `--unique` it tests each solution
//! against its seven images. Boards below 4 are always searched that way. The caller hands in a
//! stop flag and hears the progress ([`Progress`]): `labs` draws its bar and sets the flag on
//! Ctrl-C.
//!
//! Nodes are the positions visited, the empty board included, as everywhere in `labs`: the plain
//! search visits exactly those of `bits`; the symmetry cases count their last three rows from a
//! table without visiting them, so the queens there are not nodes (the lanes visit every node the
//! search would have, and count it).
//!
//! Read [`search`] (the inner loop), [`lanes`] and [`last_rows`], then [`symmetry`], then
//! [`shard`].
//!
//! The modules import only downward, each from those below it, never in a circle:
//! [`board`] (masks, rules, queens) ← [`last_rows`] (the table and the gathers) ← [`leaf`]
//! (what a search reports to, the walk) ← [`lanes`] ← [`search`] ← [`symmetry`]; [`shard`]
//! stands apart. The hot loops are compiled per gather by a trait at each level:
//! [`last_rows::Gather`] reads squares, [`lanes::LanesGather`] runs the lanes,
//! [`search::SearchGather`] runs the recursion. The crate root holds the count's own types
//! ([`Counts`], [`Job`], [`Error`], [`MAX_N`]) that `symmetry`, `lanes` and `shard` name.

pub mod board;
pub mod lanes;
pub mod last_rows;
pub mod leaf;
pub mod search;
pub mod shard;
pub mod symmetry;

use board::{Allowance, Masks};
use lanes::Lanes;
use rayon::prelude::*;
use search::SearchGather;
use shard::Shard;
use std::fmt;
use std::ops::Add;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use symmetry::Case;

/// The largest board counted: the count must fit in 64 bits. Q(28), not yet known, should be about
/// ten times Q(27) ≈ 2.3·10¹⁷, well below `u64::MAX` ≈ 1.8·10¹⁹; Q(29) most likely is not.
pub const MAX_N: usize = 28;

/// Why a count, or the sum of a count's shards, did not give a number. It carries what happened,
/// not a sentence: the caller says it in its user's words.
#[derive(Debug)]
pub enum Error {
    /// The stop flag was set: the count ended early, and what it counted is not the whole.
    Stopped,
    /// The worker threads could not be started.
    Threads(rayon::ThreadPoolBuildError),
    /// Not `I/M` with 1 ≤ I ≤ M ≤ [`shard::MAX_SHARDS`].
    NotAShard,
    /// `text`, at `place`, is no line that `labs count --shard` prints.
    NotAShardLine {
        /// Where it was read (`stdin line 2`).
        place: String,
        /// The line, trimmed.
        text: String,
    },
    /// The line at `place` is a shard of another count than the first line, at `first_place`.
    Foreign {
        /// Where the line was read.
        place: String,
        /// The line (boxed, as the first, to keep every `Result` of this crate small).
        line: Box<shard::Line>,
        /// Where the first line was read.
        first_place: String,
        /// The first line, whose count the others must share.
        first: Box<shard::Line>,
    },
    /// One shard twice: at `earlier` and at `place`.
    Twice {
        /// The shard.
        shard: Shard,
        /// Where it was first read.
        earlier: String,
        /// Where it was read again.
        place: String,
    },
    /// Adding the line at `place` overflows 64 bits.
    Overflow {
        /// Where the line was read.
        place: String,
    },
    /// Nothing to add up.
    NoShardLines,
    /// These shards of the count were not among the lines.
    Missing {
        /// The shards, in order.
        missing: Vec<Shard>,
    },
}

impl fmt::Display for Error {
    /// The variant and what it carries, for a log or a test; `labs` says it in words.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl std::error::Error for Error {}

/// Smallest board the symmetry cases are made for; smaller ones are searched row by row.
const SYMMETRY_MIN: usize = 4;

/// Rows placed in advance to cut a case into subproblems (12,320 of them at n = 17).
const PREFIX_ROWS: usize = 4;

/// How the boards are searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One frame per symmetry class, weighted by the class size.
    Symmetry,
    /// Every board, row by row.
    Plain,
}

impl Mode {
    /// The word a shard line uses for it.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Symmetry => "symmetry",
            Mode::Plain => "plain",
        }
    }
}

/// What one subproblem, a shard or a whole count found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Solutions (OEIS A000170 for a whole count).
    pub total: u64,
    /// Classes of solutions up to rotation and reflection (A002562), when the job asks for them.
    pub unique: u64,
    /// Positions of the search tree visited, the empty board included (the plain search visits
    /// exactly those of `bits`; the symmetry cases count their last three rows from a table, and
    /// the queens there are not nodes).
    pub nodes: u64,
}

impl Add for Counts {
    type Output = Counts;
    fn add(self, o: Counts) -> Counts {
        Counts { total: self.total + o.total, unique: self.unique + o.unique, nodes: self.nodes + o.nodes }
    }
}

/// Hears how a count advances (the progress bar); `()` hears nothing.
pub trait Progress: Sync {
    /// The count will solve this many subproblems.
    fn planned(&self, _subproblems: u64) {}
    /// One more is solved.
    fn done(&self) {}
}

impl Progress for () {}

/// How [`Job::run`] counts on this processor, the fastest it has: what `labs --version` and
/// `labs doctor` report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FastPath {
    /// The lanes sixteen positions at a time with AVX-512, the last rows elsewhere with `pext`
    /// (`lanes::Wide`).
    Avx512,
    /// The lanes eight positions at a time with AVX2, the last rows elsewhere with `pext`
    /// (`lanes::Avx2`): where AVX-512 is missing.
    Avx2,
    /// `pext` (BMI2) for the last rows (`last_rows::Pext`).
    Pext,
    /// Shifts, anywhere ([`last_rows::Portable`]).
    Shifts,
}

impl FastPath {
    /// The one [`Job::run`] takes here: each is detected as it detects them.
    pub fn here() -> FastPath {
        #[cfg(target_arch = "x86_64")]
        if lanes::Wide::detect().is_some() {
            return FastPath::Avx512;
        }
        #[cfg(target_arch = "x86_64")]
        if lanes::Avx2::detect().is_some() {
            return FastPath::Avx2;
        }
        #[cfg(target_arch = "x86_64")]
        if last_rows::Pext::detect().is_some() {
            return FastPath::Pext;
        }
        FastPath::Shifts
    }
}

/// One unit of work: a case, and the queens of its first rows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Subproblem {
    /// Index into the job's cases.
    case: usize,
    /// The queens of rows 0 to [`PREFIX_ROWS`] − 1 (or fewer on small boards), as bits.
    board: [u32; PREFIX_ROWS],
}

/// One count to do: the board, the mode and whether the classes are wanted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    /// Board size, from 1 to [`MAX_N`].
    pub n: usize,
    /// How the boards are searched.
    pub mode: Mode,
    /// Whether to count the classes too (free with symmetry; a test per solution without).
    pub unique: bool,
}

impl Job {
    /// The cases whose searches make up the count.
    fn cases(&self) -> Vec<Case> {
        if self.mode == Mode::Symmetry && self.n >= SYMMETRY_MIN {
            Case::symmetric(self.n)
        } else {
            vec![Case::plain(self.n)]
        }
    }

    /// The rows every subproblem fixes in advance, leaving at least
    /// [`search::BELOW_PREFIX`] below.
    fn prefix(&self) -> usize {
        PREFIX_ROWS.min(self.n.saturating_sub(search::BELOW_PREFIX))
    }

    /// Every subproblem in its fixed order (what shards and the progress bar count), and the
    /// queens placed to list them.
    fn subproblems(&self, cases: &[Case]) -> (Vec<Subproblem>, u64) {
        let k = self.prefix();
        let mut all = Vec::new();
        let mut nodes = 0;
        for (case, c) in cases.iter().enumerate() {
            let mut sub = Subproblem { case, board: [0; PREFIX_ROWS] };
            list(&c.rules, 0, k, Masks::default(), &mut sub, &mut all, &mut nodes);
        }
        (all, nodes)
    }

    /// Counts the solutions of one subproblem, reading the last rows with `gather`, in `lanes`.
    fn solve<G: SearchGather>(
        &self,
        cases: &[Case],
        sub: &Subproblem,
        gather: G,
        stop: &AtomicBool,
        lanes: &mut Option<Lanes>,
    ) -> Counts {
        cases[sub.case].solve(&sub.board[..self.prefix()], self.unique, gather, stop, lanes)
    }

    /// Counts the subproblems of `shard` on `threads` threads (all cores if `None`), telling
    /// `progress`; [`Error::Stopped`] once `stop` is set. The lanes run sixteen positions at a
    /// time where the processor has AVX-512, eight where it has AVX2, and the last rows' squares
    /// are read with `pext` where it runs it fast ([`FastPath::here`]).
    pub fn run(
        &self,
        shard: Shard,
        threads: Option<usize>,
        stop: &AtomicBool,
        progress: &dyn Progress,
    ) -> Result<Counts, Error> {
        #[cfg(target_arch = "x86_64")]
        if let Some(wide) = lanes::Wide::detect() {
            return self.run_with(wide, shard, threads, stop, progress);
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = lanes::Avx2::detect() {
            return self.run_with(avx2, shard, threads, stop, progress);
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(pext) = last_rows::Pext::detect() {
            return self.run_with(pext, shard, threads, stop, progress);
        }
        self.run_with(last_rows::Portable, shard, threads, stop, progress)
    }

    /// [`Job::run`], reading the last rows' squares with `gather` (and running the lanes with
    /// it): what benches and tests call to time or check one path where the processor has a
    /// faster one. Only detection makes a gather other than [`last_rows::Portable`].
    pub fn run_with<G: SearchGather + Send + Sync>(
        &self,
        gather: G,
        shard: Shard,
        threads: Option<usize>,
        stop: &AtomicBool,
        progress: &dyn Progress,
    ) -> Result<Counts, Error> {
        let cases = self.cases();
        let (all, listing) = self.subproblems(&cases);
        let mine: Vec<&Subproblem> = shard.select(&all).collect();
        progress.planned(mine.len() as u64);
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads.unwrap_or(0)).build().map_err(Error::Threads)?;
        // Each worker's lanes, kept from one subproblem to the next and dropped with the run: a
        // slot per thread of the pool, so a lock is never waited for.
        let lanes: Vec<Mutex<Option<Lanes>>> = (0..pool.current_num_threads()).map(|_| Mutex::new(None)).collect();
        let counts = pool.install(|| {
            mine.par_iter()
                .with_max_len(1)
                .map(|sub| {
                    if stop.load(Ordering::Relaxed) {
                        return Counts::default();
                    }
                    let worker = rayon::current_thread_index().expect("the run's tasks run in its pool");
                    let mut lanes = lanes[worker].lock().unwrap_or_else(PoisonError::into_inner);
                    let counts = self.solve(&cases, sub, gather, stop, &mut lanes);
                    progress.done();
                    counts
                })
                .reduce(Counts::default, Counts::add)
        });
        if stop.load(Ordering::Relaxed) {
            return Err(Error::Stopped);
        }
        // The empty board is the root of every case's tree: one node.
        Ok(Counts { nodes: 1 + listing + counts.nodes, ..counts })
    }
}

/// Adds to `all` every placement of rows `row` to `k` − 1 under `rules` that extends `sub` (its
/// rows above, entered with `m`), counting the positions visited.
fn list(
    rules: &Allowance,
    row: usize,
    k: usize,
    m: Masks,
    sub: &mut Subproblem,
    all: &mut Vec<Subproblem>,
    nodes: &mut u64,
) {
    if row == k {
        all.push(*sub);
        return;
    }
    let mut open = rules.open(row, m);
    while open != 0 {
        let bit = open & open.wrapping_neg();
        open ^= bit;
        *nodes += 1;
        sub.board[row] = bit;
        list(rules, row + 1, k, m.after(bit), sub, all, nodes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `job` finds on two threads, the last rows read (and the lanes run) with `gather`.
    fn on<G: SearchGather + Send + Sync>(job: Job, gather: G) -> Counts {
        job.run_with(gather, Shard::WHOLE, Some(2), &AtomicBool::new(false), &()).unwrap()
    }

    /// What `job` finds by every path this processor has, each named, the portable one first.
    fn by_every_path(job: Job) -> Vec<(&'static str, Counts)> {
        let mut found = vec![("portable", on(job, last_rows::Portable))];
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(pext) = last_rows::Pext::detect() {
                found.push(("pext", on(job, pext)));
            }
            if let Some(avx2) = lanes::Avx2::detect() {
                found.push(("avx2", on(job, avx2)));
            }
            if let Some(wide) = lanes::Wide::detect() {
                found.push(("avx512", on(job, wide)));
            }
        }
        found
    }

    /// Every path this processor has, against OEIS A000170 and A002562 for `sizes`.
    fn every_path_counts(sizes: std::ops::RangeInclusive<usize>) {
        for n in sizes {
            let known = (nqueens::known::A000170[n], nqueens::known::A002562[n]);
            for (path, counts) in by_every_path(Job { n, mode: Mode::Symmetry, unique: true }) {
                assert_eq!((counts.total, counts.unique), known, "{path} at n = {n}");
            }
        }
    }

    #[test]
    fn every_path_gives_the_known_counts_up_to_15() {
        every_path_counts(1..=15);
    }

    #[test]
    fn every_path_visits_the_portable_tree_node_for_node_up_to_14() {
        // Node for node: the lanes of every width place the queens the search would have.
        for n in 1..=14 {
            for mode in [Mode::Symmetry, Mode::Plain] {
                for unique in [false, true] {
                    let job = Job { n, mode, unique };
                    let found = by_every_path(job);
                    let (_, portable) = found[0];
                    for (path, counts) in &found[1..] {
                        assert_eq!(*counts, portable, "{path} against portable: {job:?}");
                    }
                }
            }
        }
    }

    /// Minutes on two cores: `cargo test -p nqueens-count --release -- --ignored`.
    #[test]
    #[ignore = "minutes: run with --ignored"]
    fn every_path_gives_the_known_counts_from_16_to_18() {
        every_path_counts(16..=18);
    }
}

/// The README's example runs as a doctest, so it cannot drift from the code.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
