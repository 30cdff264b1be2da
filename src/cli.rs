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
        after_help = "Examples:\n  labs run 6\n  labs run --algo cell --first 1 --stats 8\n  echo 8 | labs run --count"
    )]
    Run(RunArgs),
    /// Show the variants side by side: document, data structure, check cost, work at n = 8.
    List,
    /// Time the variants side by side, with the work they do: table, exports, plot.
    #[command(
        after_help = "Examples:\n  labs bench\n  labs bench --algo row,bits --n 8..=14 --runs 20\n  labs bench --n 6..9 --runs 3 --export-markdown bench.md --plot bench.svg\n  labs bench --n 8 --export-json - > bench.json"
    )]
    Bench(BenchArgs),
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

/// Arguments of `labs bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The variants to compare: names separated by commas, or `all`.
    #[arg(short, long, value_name = "LIST", default_value = "all")]
    pub algo: String,
    /// Board sizes: `8`, `4..12` (12 excluded), `4..=12`, `4,6,8`, or `4..` (as far as the budget allows).
    #[arg(short, long, value_name = "RANGE", default_value = "4..", allow_hyphen_values = true)]
    pub n: String,
    /// Timed runs per cell (one variant at one n); the table shows their median.
    #[arg(short, long, value_name = "R", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub runs: u32,
    /// Untimed runs per cell before the timed ones.
    #[arg(short, long, value_name = "W", default_value_t = 1, value_parser = clap::value_parser!(u32).range(0..=100))]
    pub warmup: u32,
    /// Seconds one cell may take: a variant whose next cell is predicted to take longer stops.
    #[arg(short, long, value_name = "SECONDS", default_value = "5", allow_hyphen_values = true)]
    pub budget: String,
    /// Compare every cell with this variant at the same n (default: the fastest there).
    #[arg(long, value_enum, value_name = "ALGO")]
    pub reference: Option<Algo>,
    /// Also write the table as Markdown to F (`-` for stdout, in place of the table).
    #[arg(long, value_name = "F")]
    pub export_markdown: Option<String>,
    /// Also write every cell as CSV to F (`-` for stdout, in place of the table).
    #[arg(long, value_name = "F")]
    pub export_csv: Option<String>,
    /// Also write everything, every run's time included, as JSON to F (`-` for stdout).
    #[arg(long, value_name = "F")]
    pub export_json: Option<String>,
    /// Draw time and nodes against n, on log scales, as an SVG picture in F.svg.
    #[arg(long, value_name = "F.svg")]
    pub plot: Option<String>,
}
