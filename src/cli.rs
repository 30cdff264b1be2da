//! The command line, as clap derive types: one `Args` struct per subcommand.

use crate::format::Format;
use crate::solvers::{Algo, MAX_N};
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
    /// Document 004's session: ask for a size, print its boards and their number, ask to go on.
    #[command(
        after_help = "Answer `y` to go on; any other answer, or the end of input, ends the session.\n\nExamples:\n  labs interactive\n  printf '4\\ny\\n6\\nn\\n' | labs interactive --algo bits"
    )]
    Interactive(InteractiveArgs),
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

/// Arguments of `labs interactive`.
#[derive(Debug, Args)]
pub struct InteractiveArgs {
    /// The variant that searches.
    #[arg(short, long, value_enum, default_value_t = Algo::Kruse)]
    pub algo: Algo,
    /// Largest board size accepted, from 0 to 64; the document's is 15.
    #[arg(
        long,
        value_name = "M",
        default_value_t = 15,
        value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..=MAX_N as u64)
    )]
    pub max_size: usize,
}
