//! `labs bench` arguments, checked: which algorithms, which board sizes, how long, where to write.
//!
//! The command line arrives as text; `flags/` (`BenchArgs::setup`) turns it into a [`Setup`] the
//! measuring code can trust, or into one usage error that names the flag, the value and what is
//! allowed. Nothing is measured before every argument has passed, and nothing here knows a flag.
//!
//! Read next: `timing/mod.rs`, which the checked configuration drives.

use super::compare::Settings;
use crate::export::Outputs;
use crate::input::Sizes;
use crate::solvers::Algo;

/// Everything `labs bench` needs, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    /// The algorithms, in the order given, without repeats.
    pub algos: Vec<Algo>,
    /// The board sizes.
    pub sizes: Sizes,
    /// Runs, warm-up, budget and reference, as reports state them.
    pub settings: Settings,
    /// Where the exports and the plot go.
    pub outputs: Outputs,
}
