//! A student's time that compares, as data: their program run again at its largest accepted n,
//! several times, less what starting any program of its language costs (the binary's `rerun`
//! measures it with `labs bench`'s code), or why it was not.

use serde::{Deserialize, Serialize};

/// A student's program timed again at one n.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Repeated {
    /// The board size: the largest accepted.
    pub n: usize,
    /// Timed runs.
    pub runs: u32,
    /// Their median CPU time (wall time where the backend measures none), in seconds, start-up
    /// included.
    pub median: f64,
    /// The fastest run.
    pub min: f64,
    /// The slowest run.
    pub max: f64,
    /// The start-up taken away: the median of as many runs of an empty program in the same
    /// language, built and run the same way; `None` if it could not be measured.
    pub startup: Option<f64>,
    /// The language, as [`Language::facts`](labs_judge::compile::Language::facts) names it.
    pub language: String,
}

impl Repeated {
    /// The time compared with the variants: the median less the start-up, never below 0.
    pub fn search(&self) -> f64 {
        (self.median - self.startup.unwrap_or(0.0)).max(0.0)
    }

    /// Whether the search stands out of the runs' own spread (the slowest less the fastest): a
    /// search shorter than that is no more than the noise of starting a process, and a ratio of
    /// it to the variants would be noise too (forty copies of one C program at n = 10 ranged
    /// from 0.02 to 1.6 × `bits` so).
    pub fn measurable(&self) -> bool {
        self.search() > self.max - self.min
    }
}

/// What timing a student's program again gave.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Timed {
    /// It was timed.
    Repeated(Repeated),
    /// It was not, and why, in the report's language: a run again that printed another output
    /// than the one accepted, or ended otherwise (a crash), which is the program's doing.
    Untimed(String),
    /// It was not, for a reason not its own, in the report's language: a run again ran out of
    /// time or was killed (a loaded machine stretches even CPU time), or could not be started.
    /// The machine's failure, never a change of answer: `--resume` times it again.
    NotTimed(String),
}
