//! `labs bench` arguments, checked: which algorithms, which board sizes, how long, where to write.
//!
//! The command line arrives as text; [`Setup::new`] turns it into values the measuring code can
//! trust, or into one usage error that names the flag, the value and what is allowed. Nothing is
//! measured before every argument has passed.
//!
//! Read next: `measure.rs`, which the checked configuration drives.

use super::compare::Settings;
use crate::cli::BenchArgs;
use crate::error::Error;
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

impl Setup {
    /// Checks `args`; the first problem found is a usage error.
    pub fn new(args: &BenchArgs) -> Result<Setup, Error> {
        let mut algos: Vec<Algo> = Vec::new();
        for &algo in &args.algo {
            if !algos.contains(&algo) {
                algos.push(algo);
            }
        }
        let reference = match args.reference {
            Some(r) if !algos.contains(&r) => {
                return Err(Error::Usage(format!(
                    "--reference {} is not among the algorithms measured ({})",
                    r.name(),
                    algos.iter().map(|a| a.name()).collect::<Vec<_>>().join(", ")
                )));
            }
            r => r.map(|r| r.name().to_string()),
        };
        let outputs = args.outputs.outputs()?;
        Ok(Setup {
            algos,
            sizes: args.n.clone(),
            settings: Settings { runs: args.runs, warmup: args.warmup, budget_seconds: args.budget, reference },
            outputs,
        })
    }
}
