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
use crate::export::{Export, Target};
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
    /// Each requested export with its destination.
    pub exports: Vec<(Export, Target)>,
    /// Where the SVG plot goes, if anywhere.
    pub plot: Option<Target>,
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
        let exports: Vec<(Export, Target)> = [
            (Export::Markdown, &args.export_markdown),
            (Export::Csv, &args.export_csv),
            (Export::Json, &args.export_json),
        ]
        .into_iter()
        .filter_map(|(export, path)| path.as_deref().map(|p| (export, Target::new(p))))
        .collect();
        let plot = args.plot.as_deref().map(Target::new);
        let to_stdout = exports.iter().map(|(_, t)| t).chain(&plot).filter(|t| **t == Target::Stdout).count();
        if to_stdout > 1 {
            return Err(Error::Usage(
                "only one of --export-markdown, --export-csv, --export-json and --plot can be '-' (stdout)".into(),
            ));
        }
        Ok(Setup {
            algos,
            sizes: args.n.clone(),
            settings: Settings { runs: args.runs, warmup: args.warmup, budget_seconds: args.budget, reference },
            exports,
            plot,
        })
    }

    /// Whether some export or the plot takes standard output, in place of the table.
    pub fn stdout_taken(&self) -> bool {
        self.exports.iter().map(|(_, t)| t).chain(&self.plot).any(|t| *t == Target::Stdout)
    }
}
