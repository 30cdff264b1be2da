//! `labs judge`: an online judge on the student's own machine.
//!
//! For each board size, the student's program is run directly (no shell) with n on stdin — or
//! with no input at all for a fixed-n judge such as Bailian's — under a time limit and an output
//! cap ([`process`]); its output is compared with the toolkit's reference bytes for the chosen
//! format ([`verdict`]), and the outcome named as judges name it: Accepted, Wrong Answer,
//! Presentation Error, Time Limit Exceeded, Runtime Error, Output Limit Exceeded. The reference is
//! rendered from the `bits` solver, which every variant agrees with (tests/agree.rs).
//!
//! With `--any-order` (AcWing 843 and LeetCode 51 accept solutions in any order), the program's
//! boards are parsed, matched to the reference solutions as a set, and the reference is laid out
//! again in the program's order before the byte comparison.

pub mod process;
pub mod report;
pub mod verdict;

use crate::cli::JudgeArgs;
use crate::error::Error;
use crate::format::{self, Format, Grid, render_to_string};
use crate::input::Sizes;
use crate::solvers::Algo;
use process::Run;
use std::ffi::OsString;
use std::time::Duration;
use verdict::Verdict;

/// What to run, on which sizes, and how strictly: the judge's arguments, checked.
#[derive(Clone, Debug)]
pub struct Config {
    /// The program and its arguments.
    pub argv: Vec<OsString>,
    /// The format its output must have.
    pub format: Format,
    /// The board sizes to judge, in order.
    pub sizes: Vec<usize>,
    /// Wall-time limit per run.
    pub time_limit: Duration,
    /// Output cap per run; `None`: 16 MiB or four times the reference, whichever is larger.
    pub output_limit: Option<usize>,
    /// Compare the boards as a set.
    pub any_order: bool,
}

impl Config {
    /// Checks `args`: the sizes the format allows, `--any-order` where its judge accepts it.
    pub fn new(args: &JudgeArgs) -> Result<Config, Error> {
        let format = args.format;
        let name = format.name();
        if format == Format::Svg {
            return Err(Error::Usage(
                "--format svg draws pictures for people, and no judge reads them: choose one of the text formats"
                    .into(),
            ));
        }
        let sizes = match (&args.n, fixed_n(format)) {
            (None, _) => default_sizes(format),
            (Some(Sizes::List(sizes)), None) => sizes.clone(),
            (Some(Sizes::From(_)), None) => unreachable!("the judge's size parser takes closed lists only"),
            (Some(_), Some(n)) => {
                return Err(Error::Usage(format!("--format {name} judges n = {n} only: its programs read no input")));
            }
        };
        if args.any_order && !orderless(format) {
            return Err(Error::Usage(format!(
                "--any-order does not apply to --format {name} (it does to compact, spaced and leetcode)"
            )));
        }
        Ok(Config {
            argv: args.program.clone(),
            format,
            sizes,
            time_limit: Duration::from_secs_f64(args.time_limit),
            output_limit: args.output_limit,
            any_order: args.any_order,
        })
    }
}

/// The judgement for one n.
#[derive(Debug)]
pub struct Judgement {
    /// Board size.
    pub n: usize,
    /// The outcome.
    pub verdict: Verdict,
    /// The run itself: time, and the output for a diff.
    pub run: Run,
    /// The reference bytes (for the diff of a Wrong Answer or Presentation Error).
    pub expected: Vec<u8>,
    /// Whether a diff against `expected` explains the verdict (not when boards did not match as
    /// a set: the detail lists them instead).
    pub diff: bool,
}

/// The board size a judge fixes, whose programs read no input: Bailian's and document 001's 8.
pub fn fixed_n(format: Format) -> Option<usize> {
    match format {
        Format::Numbered | Format::Framed => Some(8),
        _ => None,
    }
}

/// The sizes a judge tests by default.
pub fn default_sizes(format: Format) -> Vec<usize> {
    match (fixed_n(format), format) {
        (Some(n), _) => vec![n],
        // Luogu P1219 promises 6 ≤ n ≤ 13.
        (None, Format::Luogu) => (6..=13).collect(),
        // PTA, AcWing 843 (1 ≤ n ≤ 9), LeetCode 51 (1 ≤ n ≤ 9), and the toolkit's own formats.
        (None, _) => (1..=9).collect(),
    }
}

/// Judges the program on every size of `config`, calling `each` as each size is decided.
pub fn judge(config: &Config, mut each: impl FnMut(&Judgement)) -> Result<Vec<Judgement>, Error> {
    let mut judged = Vec::new();
    for &n in &config.sizes {
        let judgement = judge_one(config, n)?;
        each(&judgement);
        judged.push(judgement);
    }
    Ok(judged)
}

fn judge_one(job: &Config, n: usize) -> Result<Judgement, Error> {
    let expected = reference(job.format, n);
    let cap = job.output_limit.unwrap_or((16 << 20).max(4 * expected.len()));
    let input = fixed_n(job.format).is_none().then(|| format!("{n}\n").into_bytes());
    let run = process::run(&job.argv, input, job.time_limit, cap)
        .map_err(|e| Error::Usage(format!("cannot run '{}': {e}", job.argv[0].to_string_lossy())))?;
    let (verdict, diff) = match verdict::from_ending(&run.ended) {
        Some(v) => (v, false),
        None if job.any_order => any_order(job.format, n, &expected, &run.stdout),
        None => (verdict::compare(&expected, &run.stdout), true),
    };
    Ok(Judgement { n, verdict, run, expected, diff })
}

/// The reference output of `format` for `n`, streamed from the `bits` solver.
pub fn reference(format: Format, n: usize) -> Vec<u8> {
    format::to_bytes(format, Algo::Bits, n)
}

/// The formats whose judges accept any order, and so `--any-order` makes sense for.
pub fn orderless(format: Format) -> bool {
    matches!(format, Format::Compact | Format::Spaced | Format::Leetcode)
}

/// Any-order comparison: match the boards as sets, then compare bytes in the program's order;
/// also whether a diff with `expected` explains the verdict.
fn any_order(format: Format, n: usize, expected: &[u8], got: &[u8]) -> (Verdict, bool) {
    let solutions = Algo::Bits.solutions(n);
    let reference: Vec<Vec<String>> = solutions.iter().map(|cols| rows(cols)).collect();
    let boards = match parse_boards(format, got) {
        Ok(boards) => boards,
        Err(why) => return (Verdict::WrongAnswer(why), false),
    };
    match verdict::match_boards(&reference, &boards) {
        Err(wrong) => (wrong, false),
        Ok(order) if order.iter().copied().eq(0..solutions.len()) => (verdict::compare(expected, got), true),
        Ok(order) => {
            let reordered: Vec<Vec<usize>> = order.into_iter().map(|i| solutions[i].clone()).collect();
            (verdict::compare(render_to_string(format, n, Algo::Bits.name(), &reordered).as_bytes(), got), false)
        }
    }
}

/// A board as rows of `Q` and `.`.
fn rows(cols: &[usize]) -> Vec<String> {
    let mut grid = Grid::new(cols.len(), &format::BARE_ROW);
    cols.iter()
        .map(|&c| {
            grid.row(Some(c));
            grid.take_text()
        })
        .collect()
}

/// The boards in a program's output, as rows of `Q` and `.`, in its order.
fn parse_boards(format: Format, bytes: &[u8]) -> Result<Vec<Vec<String>>, String> {
    let text = std::str::from_utf8(bytes).map_err(|_| "the output is not UTF-8 text".to_string())?;
    if format == Format::Leetcode {
        return serde_json::from_str(text).map_err(|e| format!("the output is not a JSON list of boards: {e}"));
    }
    // Boards are blocks of lines separated by blank lines; `spaced` puts spaces between squares.
    let mut boards = vec![Vec::new()];
    for line in text.lines().map(str::trim_end) {
        match line {
            "" => boards.push(Vec::new()),
            "None" if format == Format::Spaced => {}
            _ => boards.last_mut().expect("never empty").push(line.replace(' ', "")),
        }
    }
    boards.retain(|b| !b.is_empty());
    Ok(boards)
}
