//! The command line, as clap derive types: one `Args` struct per subcommand.

use crate::count::shard::Shard;
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
        after_help = "Examples:\n  labs run 6\n  labs run --algo cell --first 1 --stats 8\n  echo 8 | labs run --count"
    )]
    Run(RunArgs),
    /// Show the variants side by side: document, data structure, check cost, work at n = 8.
    List,
    /// Count the solutions fast: bitboards, one board per symmetry class, every core.
    #[command(
        after_help = "Examples:\n  labs count 16\n  labs count --unique --stats 17\n  labs count --shard 3/8 20 > shard-3.txt\n  labs count --sum shard-*.txt"
    )]
    Count(CountArgs),
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

/// Arguments of `labs count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    /// Board size, from 1 to 28. Without it (and without `--sum`), one whole number is read from stdin.
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub n: Option<String>,
    /// Worker threads (default: one per core); the count is the same for any number.
    #[arg(short, long, value_name = "T", value_parser = clap::value_parser!(u16).range(1..=1024))]
    pub threads: Option<u16>,
    /// Also print the number of solutions distinct up to rotation and reflection (OEIS A002562).
    #[arg(short, long)]
    pub unique: bool,
    /// Search every board instead of one per symmetry class: several times slower, a cross-check.
    #[arg(long)]
    pub no_symmetry: bool,
    /// Also print nodes, time and nodes per second, on stderr.
    #[arg(short, long)]
    pub stats: bool,
    /// Count only slice I of M of the work and print it as one line for `--sum`.
    #[arg(long, value_name = "I/M")]
    pub shard: Option<Shard>,
    /// Add up the shard lines in FILES (or on stdin) and print the whole count.
    #[arg(
        long,
        value_name = "FILES",
        num_args = 0..,
        conflicts_with_all = ["n", "threads", "unique", "no_symmetry", "stats", "shard"]
    )]
    pub sum: Option<Vec<std::path::PathBuf>>,
}
