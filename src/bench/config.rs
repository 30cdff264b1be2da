//! `labs bench` arguments, checked: which algorithms, which board sizes, how long, where to write.
//!
//! The command line arrives as text; [`Config::new`] turns it into values the measuring code can
//! trust, or into one usage error that names the flag, the value and what is allowed. Nothing is
//! measured before every argument has passed.
//!
//! Read next: `measure.rs`, which the checked configuration drives.

use super::compare::Settings;
use super::export::Export;
use crate::cli::BenchArgs;
use crate::error::Error;
use crate::solvers::{Algo, MAX_N};
use clap::ValueEnum;
use std::path::PathBuf;

/// The board sizes to measure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sizes {
    /// These sizes, ascending, without repeats.
    List(Vec<usize>),
    /// Every size from this one up, as far as the budget allows.
    From(usize),
}

impl Sizes {
    /// Whether `n` is one of the sizes.
    pub fn contains(&self, n: usize) -> bool {
        match self {
            Sizes::List(sizes) => sizes.binary_search(&n).is_ok(),
            Sizes::From(first) => n >= *first,
        }
    }

    /// The smallest size.
    pub fn first(&self) -> usize {
        match self {
            Sizes::List(sizes) => sizes[0],
            Sizes::From(first) => *first,
        }
    }

    /// The largest size (the largest board any variant takes, for an open range).
    pub fn last(&self) -> usize {
        match self {
            Sizes::List(sizes) => sizes[sizes.len() - 1],
            Sizes::From(_) => MAX_N,
        }
    }
}

/// Where a file-like output goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Standard output (`-` on the command line).
    Stdout,
    /// A file, created or truncated.
    File(PathBuf),
}

impl Target {
    fn new(text: &str) -> Target {
        if text == "-" { Target::Stdout } else { Target::File(PathBuf::from(text)) }
    }
}

/// Everything `labs bench` needs, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
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

impl Config {
    /// Checks `args`; the first problem found is a usage error.
    pub fn new(args: &BenchArgs) -> Result<Config, Error> {
        let algos = parse_algos(&args.algo)?;
        let reference = match args.reference {
            Some(r) if !algos.contains(&r) => {
                return Err(Error::Usage(format!(
                    "--reference {} is not among the algorithms measured ({})",
                    r.name(),
                    names(&algos)
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
        Ok(Config {
            algos,
            sizes: parse_sizes(&args.n)?,
            settings: Settings {
                runs: args.runs,
                warmup: args.warmup,
                budget_seconds: parse_budget(&args.budget)?,
                reference,
            },
            exports,
            plot,
        })
    }

    /// Whether some export or the plot takes standard output, in place of the table.
    pub fn stdout_taken(&self) -> bool {
        self.exports.iter().map(|(_, t)| t).chain(&self.plot).any(|t| *t == Target::Stdout)
    }
}

/// Names joined by commas.
fn names(algos: &[Algo]) -> String {
    algos.iter().map(|a| a.name()).collect::<Vec<_>>().join(", ")
}

/// Parses `--algo`: `all`, or names separated by commas.
pub fn parse_algos(text: &str) -> Result<Vec<Algo>, Error> {
    if text.trim() == "all" {
        return Ok(Algo::ALL.to_vec());
    }
    let mut algos = Vec::new();
    for name in text.split(',').map(str::trim) {
        let algo = Algo::from_str(name, false).map_err(|_| {
            Error::Usage(format!("--algo: unknown algorithm '{name}' (allowed: {}, or all)", names(&Algo::ALL)))
        })?;
        if !algos.contains(&algo) {
            algos.push(algo);
        }
    }
    Ok(algos)
}

/// Parses `--n`: `8`, `4..12` (12 excluded), `4..=12`, `4..` (as far as the budget allows) or
/// `4,6,8`; every size from 1 to [`MAX_N`].
pub fn parse_sizes(text: &str) -> Result<Sizes, Error> {
    let t = text.trim();
    let bad = |why: &str| {
        Error::Usage(format!("--n '{t}' {why} (allowed: N, A..B, A..=B, A.. or N,N,… with sizes from 1 to {MAX_N})"))
    };
    let size = |s: &str| match s.trim().parse::<usize>() {
        Ok(v) if (1..=MAX_N).contains(&v) => Ok(v),
        Ok(_) => Err(bad("has a size out of range")),
        Err(_) => Err(bad("is not a size or a range of sizes")),
    };
    let mut sizes = if let Some((a, b)) = t.split_once("..") {
        let first = size(a)?;
        if b.trim().is_empty() {
            return Ok(Sizes::From(first));
        }
        let last = match b.strip_prefix('=') {
            Some(b) => size(b)?,
            None => size(b)?.checked_sub(1).ok_or_else(|| bad("is an empty range"))?,
        };
        (first..=last).collect::<Vec<_>>()
    } else {
        t.split(',').map(size).collect::<Result<Vec<_>, _>>()?
    };
    if sizes.is_empty() {
        return Err(bad("is an empty range"));
    }
    sizes.sort_unstable();
    sizes.dedup();
    Ok(Sizes::List(sizes))
}

/// Parses `--budget`: a positive number of seconds.
pub fn parse_budget(text: &str) -> Result<f64, Error> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= 86_400.0 => Ok(s),
        _ => Err(Error::Usage(format!(
            "--budget '{text}' is not a time (allowed: seconds above 0, up to 86400, like 3 or 0.5)"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_read_like_rust() {
        assert_eq!(parse_sizes("4..8").unwrap(), Sizes::List(vec![4, 5, 6, 7]));
        assert_eq!(parse_sizes("4..=8").unwrap(), Sizes::List(vec![4, 5, 6, 7, 8]));
        assert_eq!(parse_sizes("8").unwrap(), Sizes::List(vec![8]));
        assert_eq!(parse_sizes("8,4,6,4").unwrap(), Sizes::List(vec![4, 6, 8]));
        assert_eq!(parse_sizes("4..").unwrap(), Sizes::From(4));
        assert!(Sizes::From(4).contains(30) && !Sizes::From(4).contains(3));
    }

    #[test]
    fn bad_ranges_say_what_is_allowed() {
        let allowed = "(allowed: N, A..B, A..=B, A.. or N,N,… with sizes from 1 to 64)";
        for (text, why) in [
            ("8..4", "is an empty range"),
            ("4..4", "is an empty range"),
            ("0..4", "has a size out of range"),
            ("4..=65", "has a size out of range"),
            ("x", "is not a size or a range of sizes"),
            ("4,,6", "is not a size or a range of sizes"),
            ("", "is not a size or a range of sizes"),
        ] {
            assert_eq!(parse_sizes(text).unwrap_err().to_string(), format!("--n '{text}' {why} {allowed}"));
        }
    }

    #[test]
    fn algorithms_keep_their_order_once() {
        assert_eq!(parse_algos("bits, row,bits").unwrap(), [Algo::Bits, Algo::Row]);
        assert_eq!(parse_algos("all").unwrap(), Algo::ALL);
        assert_eq!(
            parse_algos("row,fast").unwrap_err().to_string(),
            "--algo: unknown algorithm 'fast' (allowed: naive, bordered, cell, row, kruse, bits, or all)"
        );
    }

    #[test]
    fn budgets_are_positive_seconds() {
        assert_eq!(parse_budget("0.5").unwrap(), 0.5);
        for bad in ["0", "-1", "abc", "inf", "NaN"] {
            assert!(parse_budget(bad).is_err(), "{bad}");
        }
    }
}
