//! The variants' times, for a student's time to stand beside: `naive`, `row` and `bits`, timed
//! in-process once per grading run with the very workload `labs bench` and `cargo bench` time.
//!
//! Each is timed at every test size of the run ([`crate::timing`]: the count checked
//! against OEIS first, a warm-up, then `--runs` timed runs, their median), under a
//! budget per cell ([`GRADE_BASELINE_BUDGET`]), so that `naive` stops before sizes where it
//! would take seconds. This is the time of one search, without a process to start: a student's
//! time is a whole run, start-up included, so at small n every student is many times slower than
//! any variant, and the comparison only says something where the search dominates.

use crate::error::Error;
use crate::facts::GRADE_BASELINE_BUDGET;
use crate::input::Sizes;
use crate::lang::Lang;
use crate::solvers::Algo;
use crate::timing::stats::Stats;
use crate::timing::workload::Workload;
use crate::timing::{self, Schedule};
use indicatif::ProgressBar;

pub use labs_grade::baseline::{Baseline, Timing};

/// The variants a student is compared with: the textbook's slowest, its usual one, the fastest.
pub const VARIANTS: [Algo; 3] = [Algo::Naive, Algo::Row, Algo::Bits];

/// Times [`VARIANTS`] at `sizes` (ascending), `runs` timed runs a cell, showing what it does on
/// `progress`, in `lang`.
pub fn measure(sizes: &[usize], runs: u32, progress: &ProgressBar, lang: Lang) -> Result<Baseline, Error> {
    let mut baseline = Baseline { runs, timings: Vec::new() };
    if sizes.is_empty() {
        return Ok(baseline);
    }
    let workloads: Vec<&dyn Workload> = VARIANTS.iter().map(|a| a as &dyn Workload).collect();
    let budget = GRADE_BASELINE_BUDGET;
    let plan = Schedule { sizes: Sizes::List(sizes.to_vec()), runs, warmup: 1, budget, lang, stop: None };
    let samples = timing::measure(&workloads, &plan, progress)?;
    baseline.timings = samples
        .measured
        .iter()
        .map(|m| Timing { algo: m.algo.clone(), n: m.n, seconds: Stats::of(&m.times).median })
        .collect();
    Ok(baseline)
}
