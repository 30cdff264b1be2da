//! The variants' times a student's time stands beside, as data: the binary times the textbook's
//! variants in-process (`labs bench`'s workload) and hands the grader the result; the journal
//! keeps it, so that a `--resume` compares its students with the very times the students before
//! it were compared with.

use serde::{Deserialize, Serialize};

/// One variant's time for one search at one size.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Timing {
    /// The variant.
    pub algo: String,
    /// Board size.
    pub n: usize,
    /// Median seconds per search.
    pub seconds: f64,
}

/// The variants' times at the run's sizes; a size a variant was not timed at (over the budget)
/// has no entry.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Baseline {
    /// Timed runs per cell.
    pub runs: u32,
    /// Every cell timed.
    pub timings: Vec<Timing>,
}

impl Baseline {
    /// `algo`'s time per search at `n`, if it was timed there.
    pub fn seconds(&self, algo: &str, n: usize) -> Option<f64> {
        self.timings.iter().find(|t| t.algo == algo && t.n == n).map(|t| t.seconds)
    }
}
