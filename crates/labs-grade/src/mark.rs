//! One student's row of the gradebook, as the binary's gradebook makes it and the table, the exports,
//! the plot, the feedback files and the copy check read it: its own module, so that those that
//! read a row need not import the whole gradebook (nor it them).

use crate::class::Identity;
use crate::journal::Graded;
use serde::Serialize;

/// One student's row.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Mark {
    /// Who: the id and name the submission is called by.
    #[serde(flatten)]
    pub identity: Identity,
    /// The score out of 100 (the binary's `Scoring`).
    pub score_100: f64,
    /// Everything judged, as the journal holds it.
    #[serde(flatten)]
    pub graded: Graded,
    /// The largest n accepted.
    pub largest: Option<usize>,
    /// The time at that n, in seconds: from `GRADE_RATIO_MIN_N` (the binary's facts) the median of repeated runs
    /// less the start-up ([`Repeated::search`](crate::timed::Repeated::search)), below it one run's
    /// CPU time, the time limit's measure (its wall time where the backend measures none).
    pub seconds: Option<f64>,
    /// Half the spread of the repeated runs (the slowest less the fastest), in seconds, shown
    /// beside the time as `±`: how far one more timing may move it. `None` below
    /// `GRADE_RATIO_MIN_N` (the binary's facts), where it is one run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spread: Option<f64>,
    /// Peak memory at that n, in bytes.
    pub peak_bytes: Option<u64>,
    /// That time over each variant's at the same n, in the order of the binary's `VARIANTS`.
    pub against: Vec<Against>,
    /// The sizes accepted in a time of at least `GRADE_BORDERLINE`
    /// of the time limit, by the CPU time the limit holds (the wall time where the backend
    /// measures none), which another run may not accept.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub borderline: Vec<usize>,
    /// The earlier submissions of the same student this one replaced ([`crate::ids`]), by name.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub replaces: Vec<String>,
    /// Whether another submission claims this one's id ([`crate::ids`]): listed apart, exported
    /// with no id.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub id_claimed_twice: bool,
}

/// A student's time over one variant's.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Against {
    /// The variant.
    pub algo: String,
    /// The ratio; `None` if the student has no accepted n or the variant was not timed there.
    pub ratio: Option<f64>,
}
