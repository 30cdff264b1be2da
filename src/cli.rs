//! The command line, as clap derive types: one `Args` struct per subcommand.

use crate::format::Format;
use crate::solvers::Algo;
use clap::{Args, Parser, Subcommand};

/// The N-Queens backtracking lab: five textbook variants and a bitboard one, side by side.
///
/// Every variant finds the same solutions in the same order; they differ in the data structure
/// they keep and in what one safety check costs. Start with `labs list`.
#[derive(Debug, Parser)]
#[command(name = "labs", version, propagate_version = true, max_term_width = 100)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Find all solutions of one board size with one variant, and print them.
    #[command(
        after_help = "Examples:\n  labs run 6\n  labs run --algo cell --first 1 --stats 8\n  echo 8 | labs run --count\n  echo 6 | labs run --format pta"
    )]
    Run(RunArgs),
    /// Show the variants side by side: document, data structure, check cost, work at n = 8.
    List,
}

/// Arguments of `labs run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The variant that searches.
    #[arg(short, long, value_enum, default_value_t = Algo::Row)]
    pub algo: Algo,
    /// How to print the solutions.
    #[arg(short, long, value_enum, default_value_t = Format::Pretty)]
    pub format: Format,
    /// Print only the number of solutions.
    #[arg(short, long, conflicts_with = "format")]
    pub count: bool,
    /// Stop the search itself after K solutions.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u64).range(1..))]
    pub first: Option<u64>,
    /// Also print nodes, probes, solutions and elapsed time, on stderr.
    #[arg(short, long)]
    pub stats: bool,
    /// Board size, from 1 to 64. Without it, one whole number is read from stdin.
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub n: Option<String>,
}
