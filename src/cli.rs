//! The command line, as clap derive types: one `Args` struct per subcommand.

use crate::catalogue::{Key, say};
use crate::count::shard::Shard;
use crate::facts::{self, BOARD, COUNT, INTERACTIVE, JUDGE, VERIFY};
use crate::format::Format;
use crate::input::{self, Sizes};
use crate::lang::Lang;
use crate::names::Names;
use crate::solvers::{Algo, NODES};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use std::io::Write;

/// The N-Queens backtracking lab: five textbook variants and a bitboard one, side by side.
///
/// Every variant finds the same solutions in the same order; they differ in the data structure
/// they keep and in what one safety check costs. Start with `labs list`.
#[derive(Debug, Parser)]
#[command(
    name = "labs",
    version,
    propagate_version = true,
    disable_version_flag = true,
    max_term_width = 100,
    arg_required_else_help = true,
    after_help = "中文讲义：labs lab --lang zh 列出全部讲义，labs lab --lang zh intro 从导论读起。"
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    /// The language of the sheets, the reports and the messages [default: from LC_ALL,
    /// LC_MESSAGES or LANG; zh… is Chinese].
    // Chosen from the words before clap parses them (`parse`), so that clap's messages speak it.
    #[arg(long, value_enum, value_parser = Names::<Lang>::of(), value_name = "LANG", global = true)]
    pub lang: Option<Lang>,
    /// When to colour the output: auto (a terminal, unless NO_COLOR, CLICOLOR=0 or TERM=dumb
    /// say otherwise; CLICOLOR_FORCE colours a pipe too), always or never.
    #[arg(long, value_name = "WHEN", value_parser = Names::<clap::ColorChoice>::of(), default_value = "auto", global = true)]
    pub color: clap::ColorChoice,
    /// Print version (`--version`: also the commit, the target and what was found here).
    #[arg(short = 'V', long, action = clap::ArgAction::Version, global = true)]
    pub version: Option<bool>,
}

/// Parses the command line, after choosing the language from it (`--lang`, else the locale): the
/// value parsers' messages and clap's own errors come before clap has read `--lang`, and are
/// said in that language too.
pub fn parse() -> Result<Cli, clap::Error> {
    Lang::choose(Some(lang_asked(&arguments())));
    Cli::from_arg_matches(&grammar().try_get_matches()?)
}

/// The command line's grammar: the derived one, with a negative number read as the value of any
/// option that takes a value, so that `--jobs -1` gets its parser's message ("not a whole
/// number"), not "unexpected argument '-1'".
fn grammar() -> clap::Command {
    let negatives = |arg: clap::Arg| {
        let takes = arg.get_action().takes_values();
        if takes { arg.allow_negative_numbers(true) } else { arg }
    };
    Cli::command().mut_args(negatives).mut_subcommands(move |sub| sub.mut_args(negatives))
}

/// The command line's words after the program's name, as text.
fn arguments() -> Vec<String> {
    std::env::args_os().skip(1).map(|a| a.to_string_lossy().into_owned()).collect()
}

/// Tells the user what clap found wrong, and returns the exit code: `--help` and `-V` on stdout
/// with 0, and `--version` in its long form ([`crate::doctor`]); `labs` alone prints the whole
/// help on stderr with 2; any other problem is one line on stderr with 2, in the language chosen,
/// keeping what clap would add below it: the allowed values, a suggestion ("did you mean
/// `--summary`?"), the missing arguments.
pub fn report(e: &clap::Error) -> u8 {
    let (args, lang) = (arguments(), Lang::current());
    if e.kind() == ErrorKind::DisplayVersion && args.iter().take_while(|a| *a != "--").any(|a| a == "--version") {
        let _ = write!(std::io::stdout(), "{}", crate::doctor::Checkup::here(lang).version(lang));
        return 0;
    }
    if !e.use_stderr() {
        let _ = e.print();
        return 0;
    }
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        let _ = e.print();
        return 2;
    }
    let line = match one_dash(&Cli::command(), &args) {
        Some((arg, meant)) => {
            say!(lang, UnexpectedArgument, arg) + &say!(lang, DidYouMean, names = format!("`{meant}`"))
        }
        None => one_line(e, lang),
    };
    let _ = writeln!(std::io::stderr(), "labs: {line}");
    2
}

/// The language `args` ask for with `--lang` (the last one before `--`), else the locale's: clap's
/// errors come before `--lang` is read.
pub fn lang_asked(args: &[String]) -> Lang {
    let mut words = args.iter().take_while(|a| *a != "--");
    let mut asked = None;
    while let Some(word) = words.next() {
        let value = if word == "--lang" { words.next().map(String::as_str) } else { word.strip_prefix("--lang=") };
        asked = value.and_then(|v| <Lang as clap::ValueEnum>::from_str(v, true).ok()).or(asked);
    }
    Lang::or_locale(asked)
}

/// A long flag typed with one dash, as `-algo` for `--algo` (which clap reads as `-a lgo`, and
/// then blames `lgo`): the first such word of `args` before `--`, and the flag it means, if the
/// command it is given to has that flag.
pub fn one_dash(cli: &clap::Command, args: &[String]) -> Option<(String, String)> {
    let mut command = cli;
    for arg in args.iter().take_while(|a| *a != "--") {
        if let Some(sub) = command.find_subcommand(arg) {
            command = sub;
            continue;
        }
        let Some(word) = arg.strip_prefix('-').filter(|w| w.len() > 1 && !w.starts_with('-')) else { continue };
        let name = word.split_once('=').map_or(word, |(name, _)| name);
        if command.get_arguments().any(|a| a.get_long() == Some(name)) {
            return Some((arg.clone(), format!("--{word}")));
        }
    }
    None
}

/// clap's message in one line, in `lang`: what clap's first line says, then what its later lines
/// would (the allowed values, the missing arguments, a suggestion). A kind of error this does not
/// know keeps clap's English.
pub fn one_line(e: &clap::Error, lang: Lang) -> String {
    let strings = |kind| match e.get(kind) {
        Some(ContextValue::Strings(values)) if !values.is_empty() => Some(values.clone()),
        Some(ContextValue::String(value)) => Some(vec![value.clone()]),
        _ => None,
    };
    let separator = Key::ListSeparator.text(lang);
    let first = |kind| strings(kind).map(|v| v[0].clone());
    let (arg, value) = (first(ContextKind::InvalidArg), first(ContextKind::InvalidValue));
    let values = strings(ContextKind::ValidValue);
    // `(allowed: a, b)` after a message in `lang`, when the flag has a list of values.
    let allowed_in = |lang: Lang| {
        let list = |v: &Vec<String>| v.join(Key::ListSeparator.text(lang));
        values.as_ref().map(|v| say!(lang, AllowedValues, allowed = list(v))).unwrap_or_default()
    };
    // The language the line is in: `lang`, or English where it is clap's.
    let (mut line, spoken) = match (e.kind(), arg, value) {
        (ErrorKind::MissingRequiredArgument, ..) => {
            let missing = strings(ContextKind::InvalidArg).unwrap_or_default().join(separator);
            (say!(lang, MissingArgument, missing), lang)
        }
        (ErrorKind::InvalidValue, Some(arg), Some(value)) if value.is_empty() => {
            (say!(lang, ValueRequired, arg) + &allowed_in(lang), lang)
        }
        (ErrorKind::InvalidValue, Some(arg), Some(value)) => {
            let allowed = values.clone().unwrap_or_default().join(separator);
            (say!(lang, NotAChoice, value, arg, allowed), lang)
        }
        (ErrorKind::ValueValidation, Some(arg), Some(value)) => {
            let why = std::error::Error::source(e).map(ToString::to_string).unwrap_or_default();
            (say!(lang, InvalidValue, value, arg, why), lang)
        }
        (ErrorKind::UnknownArgument, Some(arg), _) => (say!(lang, UnexpectedArgument, arg), lang),
        (ErrorKind::InvalidSubcommand, ..) => {
            (say!(lang, NoSuchSubcommand, name = first(ContextKind::InvalidSubcommand).unwrap_or_default()), lang)
        }
        (ErrorKind::ArgumentConflict, Some(arg), _) => match strings(ContextKind::PriorArg) {
            Some(others) if others != [arg.clone()] => {
                (say!(lang, CannotBeUsedWith, arg, other = others.join(separator)), lang)
            }
            _ => (say!(lang, UsedTwice, arg), lang),
        },
        (ErrorKind::TooManyValues, Some(arg), Some(value)) => (say!(lang, ValueTooMany, value, arg), lang),
        _ => {
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("").trim_start_matches("error: ").to_string();
            (first + &allowed_in(Lang::En), Lang::En)
        }
    };
    for kind in [ContextKind::SuggestedArg, ContextKind::SuggestedValue, ContextKind::SuggestedSubcommand] {
        if let Some(similar) = strings(kind) {
            let quoted: Vec<String> = similar.iter().map(|s| format!("`{s}`")).collect();
            let names = quoted.join(Key::Or.text(spoken));
            line += &say!(spoken, DidYouMean, names);
        }
    }
    line
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print every solution for one board size, in any document's format.
    ///
    /// Find all solutions of one board size with one variant, and print them.
    #[command(
        after_help = "Examples:\n  labs run 6\n  labs run --algo cell --first 1 --stats 8\n  echo 8 | labs run --count\n  echo 6 | labs run --format pta"
    )]
    Run(RunArgs),
    /// Show the six variants side by side, with their work at n = 8.
    ///
    /// Show the variants side by side: document, data structure, check cost, work at n = 8.
    List,
    /// Follow one variant's search step by step.
    ///
    /// Follow one variant's search step by step: squares refused and why, queens placed and removed.
    #[command(after_help = "Examples:\n  labs trace 4\n  labs trace --algo naive --max-steps 20 8\n  \
labs trace --algo cell --boards 4\n  labs trace --animate --delay 100 6\n  labs trace --summary --algo kruse 8\n  \
diff <(labs trace --tree --algo naive 6) <(labs trace --tree --algo row 6) && echo same tree\n  \
labs trace --html row6.html 6\n  labs trace --html naive-vs-row.html --algo naive --vs row 6")]
    Trace(TraceArgs),
    /// Print a lab sheet: one per variant, an introduction, a comparison.
    ///
    /// Print a lab sheet: what a variant teaches, how to run it, questions, its document's pitfalls.
    #[command(
        after_help = "Examples:\n  labs lab\n  labs lab intro\n  labs lab naive | less\n  labs lab --lang zh row"
    )]
    Lab(LabArgs),
    /// Check every variant against OEIS, against row's order, and one by one.
    ///
    /// Check every variant: counts against OEIS, streams against row's, each solution on its own.
    #[command(after_help = "Examples:\n  labs verify\n  labs verify --max 12 --algo naive,row,bits\n\n\
Exit status 1 if any check fails; the first mismatch is named on stderr.")]
    Verify(VerifyArgs),
    /// Count the solutions fast: bitboards, symmetry, every core.
    ///
    /// Count the solutions fast: bitboards, one board per symmetry class, every core.
    #[command(
        after_help = "Examples:\n  labs count 16\n  labs count --unique --stats 17\n  labs count --shard 3/8 20 > shard-3.txt\n  labs count --sum shard-*.txt"
    )]
    Count(CountArgs),
    /// Time the variants side by side, with their work: table, exports, plot.
    ///
    /// Time the variants side by side, with the work they do: table, exports, plot.
    #[command(
        after_help = "Examples:\n  labs bench\n  labs bench --algo row,bits --n 8..=14 --runs 20\n  labs bench --n 6..9 --runs 3 --export-markdown bench.md --plot bench.svg\n  labs bench --n 8 --export-json - > bench.json"
    )]
    Bench(BenchArgs),
    /// Run document 004's question-and-answer session.
    ///
    /// Document 004's session: ask for a size, print its boards and their number, ask to go on.
    #[command(
        after_help = "Answer `y` to go on; any other answer, or the end of input, ends the session.\n\nExamples:\n  labs interactive\n  printf '4\\ny\\n6\\nn\\n' | labs interactive --algo bits"
    )]
    Interactive(InteractiveArgs),
    /// Judge your own program like an online judge, on your machine.
    ///
    /// Judge your own program like an online judge: run it for each n and compare its output.
    #[command(after_help = JUDGE_EXAMPLES)]
    Judge(JudgeArgs),
    /// Grade a whole class: judge every submission, and time it beside the variants.
    ///
    /// Grade a whole class: judge every submission as `labs judge` does, one at a time, and put
    /// each student's time beside the variants' at the same n.
    #[command(after_help = GRADE_EXAMPLES)]
    Grade(Box<GradeArgs>),
    /// Print a shell's completion script for `labs`.
    ///
    /// Print a shell's completion script for `labs`: subcommands, flags, and the names each flag
    /// takes (variants, formats, lab sheets).
    #[command(after_help = "Install (docs/command-line.md, `Completions and the manual page`):\n  \
bash:       labs completions bash > ~/.local/share/bash-completion/completions/labs\n  \
zsh:        labs completions zsh > ~/.zfunc/_labs   (with fpath+=(~/.zfunc) before compinit)\n  \
fish:       labs completions fish > ~/.config/fish/completions/labs.fish\n  \
PowerShell: labs completions powershell >> $PROFILE")]
    Completions(CompletionsArgs),
    /// Check what labs can use here, with a fix for each missing part.
    ///
    /// Check what labs can use here (the sandbox, cgroups, pidfds, the compilers the judge
    /// builds with, count's BMI2 path), with a one-line fix for each missing part. `labs
    /// --version` lists the same without the fixes: paste either into a bug report. Exits 0: a
    /// missing part narrows what the judge can promise, and its report says so.
    Doctor,
    /// Print the manual page of `labs`, as roff.
    ///
    /// Print the manual page of `labs`, as roff: `labs man | man -l -` reads it, and
    /// `labs man > ~/.local/share/man/man1/labs.1` installs it.
    Man,
}

/// Arguments of `labs completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish.
    #[arg(value_name = "SHELL", value_parser = Names::<clap_complete::Shell>::of())]
    pub shell: clap_complete::Shell,
}

/// Arguments of `labs run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The variant that searches.
    #[arg(short, long, value_parser = Names::algos(), default_value_t = Algo::Row)]
    pub algo: Algo,
    /// How to print the solutions (a format, or the judge whose format it is: pta, acwing, bailian).
    #[arg(short, long, value_parser = Names::formats(), default_value_t = Format::Pretty)]
    pub format: Format,
    /// Print only the number of solutions.
    #[arg(short, long, conflicts_with = "format")]
    pub count: bool,
    /// Stop the search itself after K solutions.
    #[arg(long, value_name = "K", value_parser = input::at_least_one)]
    pub first: Option<u64>,
    #[arg(short, long, help = format!("Also print nodes, probes, solutions and elapsed time, on stderr ({NODES})."))]
    pub stats: bool,
    #[arg(value_name = "N", allow_negative_numbers = true, help = BOARD.help(FROM_STDIN))]
    pub n: Option<String>,
}

/// What a board-size argument's help says when the size may come from stdin.
const FROM_STDIN: &str = "Without it, one whole number is read from stdin.";

/// Arguments of `labs interactive`.
#[derive(Debug, Args)]
pub struct InteractiveArgs {
    /// The variant that searches.
    #[arg(short, long, value_parser = Names::algos(), default_value_t = Algo::Kruse)]
    pub algo: Algo,
    #[arg(
        long,
        value_name = "M",
        default_value_t = facts::INTERACTIVE_DEFAULT,
        value_parser = input::size_within(&INTERACTIVE),
        help = format!("Largest board size accepted, from {} to {} ({}); the document's is {}.", INTERACTIVE.min, INTERACTIVE.max, INTERACTIVE.why(Lang::En), facts::INTERACTIVE_DEFAULT)
    )]
    pub max_size: usize,
}

/// Examples shown under `labs judge --help`.
const JUDGE_EXAMPLES: &str = "\
Verdicts: AC Accepted, PE Presentation Error, WA Wrong Answer, TLE Time Limit Exceeded,
MLE Memory Limit Exceeded, OLE Output Limit Exceeded, RE Runtime Error, CE Compile Error;
with --lang zh (or a Chinese locale) PTA's names: 答案正确, 格式错误, 答案错误, 运行超时,
内存超限, 输出超限, 段错误, 浮点错误, 非零返回, 编译错误, and 部分正确 for a partial score.
Each format is judged by its judge's own rules (docs/judge.md); --strict compares bytes.
A source file (.c, .cpp, .py, .java, .rs) is built first, as judges build it.
Exit status 0 only when every n is accepted.

Examples:
  labs judge --format acwing queens.cpp
  labs judge --format acwing -- ./a.out
  labs judge --format pta --n 1..=12 --time-limit 1 -- python3 queens.py
  labs judge --format leetcode --lang zh Solution.java
  labs judge --format bailian --n 6 -- ./bailian2698";

/// Arguments of `labs judge`.
#[derive(Debug, Args)]
pub struct JudgeArgs {
    /// The judge's rules: format, sizes, limits, comparison.
    #[command(flatten)]
    pub rules: JudgeRules,
    /// Judge every size even after one ran out of time (by default the larger ones are skipped).
    #[arg(long)]
    pub run_all: bool,
    /// The program to judge and its arguments, after `--`, run directly (not by a shell); or a
    /// source file to build first. The judge's own flags may come after a source file too: only
    /// what follows `--` goes to the program.
    #[arg(value_name = "PROGRAM", required = true, num_args = 1..)]
    pub program: Vec<std::ffi::OsString>,
}

/// How a judge judges, for `labs judge` and `labs grade` alike: the format, the sizes, the
/// limits and the comparison.
#[derive(Clone, Debug, Args)]
pub struct JudgeRules {
    /// The format (and so the judge) the program's output must match: a format, or a judge's name
    /// (pta, acwing, bailian), in any case.
    #[arg(short, long, value_parser = Names::formats())]
    pub format: Format,
    #[arg(long, value_name = "LIST", value_parser = input::judge_sizes,
          help = format!("Board sizes to test, like `1..=9`, `4..8` or `4,6,8`, from {} to {} [default: the judge's own range; for framed and bailian, whose programs read no input, the one size K the program was built for, 8 by default]", JUDGE.min, JUDGE.max))]
    pub n: Option<Sizes>,
    #[arg(long, value_name = "SECONDS", value_parser = |t: &str| input::seconds(t, 3600.0),
          help = format!("Time limit per run, in seconds (at most an hour): CPU time of all its processes, with a wall-clock bound of twice it and 1 s; wall time on the portable backend [default: the judge's own: {}]", crate::judging::words::presets_help()))]
    pub time_limit: Option<f64>,
    #[arg(long, value_name = "MIB",
          value_parser = input::whole::<u64>(0, Some(facts::JUDGE_MEMORY_MAX_MIB)),
          help = format!("Memory limit, in MiB: per process as address space (RLIMIT_AS; Java: -Xmx), and for the run's processes together where a memory cgroup can be had; 0 for none, at most {} [default: the judge's own, as for --time-limit]", facts::JUDGE_MEMORY_MAX_MIB))]
    pub memory_limit: Option<u64>,
    /// Output cap per run, in bytes (stderr has its own) [default: 16 MiB or 4× the expected output]
    #[arg(long, value_name = "BYTES", value_parser = input::whole::<u64>(1, Some(1 << 32)))]
    pub output_limit: Option<u64>,
    /// Accept the solutions in any order (the default for acwing and leetcode, whose problems
    /// say so).
    #[arg(long)]
    pub any_order: bool,
    /// Want the solutions in the search's order even where the judge accepts any (acwing).
    #[arg(long, conflicts_with = "any_order")]
    pub in_order: bool,
    /// Compare byte for byte (only trailing spaces or blank lines differing is PE), whatever the judge's own rules.
    #[arg(long)]
    pub strict: bool,
    /// Run the program and its build in a bubblewrap sandbox: read-only files, no network, no home
    /// directory (docs/judge.md, `The sandbox`).
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = SandboxPolicy::Auto)]
    pub sandbox: SandboxPolicy,
    #[arg(long, value_name = "K", default_value_t = facts::JUDGE_MAX_PROCESSES,
          value_parser = input::whole::<u32>(0, Some(65_536)),
          help = "Processes (threads included) a run may have at once, past which it is RE: too many processes; 0 for no cap")]
    pub max_processes: u32,
    #[arg(long, value_name = "MIB", default_value_t = facts::JUDGE_BUILD_MEMORY_MIB,
          value_parser = input::whole::<u64>(0, Some(facts::JUDGE_MEMORY_MAX_MIB)),
          help = "Memory limit of a build, in MiB: for the compiler's processes together where a memory cgroup can be had, else per process as address space (javac: none); past it is CE; 0 for none")]
    pub build_memory_limit: u64,
    #[arg(long, value_name = "MIB", default_value_t = facts::JUDGE_BUILD_FILE_MIB,
          value_parser = input::whole::<u64>(0, Some(facts::JUDGE_MEMORY_MAX_MIB)),
          help = "Largest file a build may write, in MiB (RLIMIT_FSIZE; not on the portable backend): an object file or program past it is CE; 0 for none")]
    pub build_file_limit: u64,
}

/// Whether to run in the sandbox: a choice of the command line's, which [`crate::judging`] turns
/// into a sandbox or none for the judge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum SandboxPolicy {
    /// In the sandbox when bwrap works here; without it (and a note on stderr) when not.
    #[default]
    Auto,
    /// Only in the sandbox: refuse to judge without one.
    On,
    /// Never in the sandbox.
    Off,
}

/// Examples shown under `labs grade --help`.
const GRADE_EXAMPLES: &str = "\
The class is a folder: each source file in it (alice.c) or folder holding one (bob/Main.java)
is one student's submission, named after the file or the folder. Results go to the journal one
line per student as each is judged; Ctrl-C stops the current program and prints what was
graded (exit 130), and --resume goes on from the journal. A student whose program was running
when a signal not yours stopped the grader is judged first and alone; one that stops it again is
not run a third time (--rejudge runs it). Exit status 0 once the class is graded, whatever the
verdicts.

Examples:
  labs grade --format acwing class/
  labs grade --format pta --lang zh --time-limit 1 class/ --export-csv grades.csv
  labs grade --format luogu --resume class/
  labs grade --format acwing --jobs 2 alice.c bob.py --plot class.svg";

/// Arguments of `labs grade`.
#[derive(Debug, Args)]
pub struct GradeArgs {
    /// The judge's rules, the same for every student.
    #[command(flatten)]
    pub rules: JudgeRules,
    #[arg(short, long, value_name = "K", default_value_t = 1,
          value_parser = input::whole::<u64>(1, Some(facts::GRADE_JOBS_MAX)),
          help = format!("Submissions judged at once, at most {}; above 1 their times are not comparable", facts::GRADE_JOBS_MAX))]
    pub jobs: u64,
    #[arg(long, value_name = "K", default_value_t = facts::GRADE_RUNS,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(facts::GRADE_RUNS_MAX)),
          help = format!("Timed runs of each program accepted at n ≥ {}, at its largest accepted n, of an empty program \
                          in its language (the start-up, taken away) and of each variant; their medians are compared",
                          facts::GRADE_RATIO_MIN_N))]
    pub runs: u32,
    /// The results file: one JSON line per student, written as each is judged.
    #[arg(long, value_name = "PATH", default_value = "grade.jsonl")]
    pub journal: std::path::PathBuf,
    /// Go on with the journal's grading: the students it holds are not judged again, one that was
    /// running when a signal not yours stopped the grader is judged first and alone, and one that
    /// stopped it twice so is not run again
    #[arg(long)]
    pub resume: bool,
    /// Judge this student again, whatever the journal holds (repeatable; implies --resume)
    #[arg(long, value_name = "NAME")]
    pub rejudge: Vec<String>,
    /// Sources larger than this many bytes are not graded (and never copied) [default: 1 MiB]
    #[arg(long, value_name = "BYTES", default_value_t = facts::GRADE_MAX_SOURCE, hide_default_value = true,
          value_parser = input::whole::<u64>(1, None))]
    pub max_source: u64,
    /// Each test point's weight in the score out of 100, one per size, separated by commas
    /// (`1,1,2`) [default: equal weights]
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = |t: &str| input::fraction(t, 1e6))]
    pub weights: Vec<f64>,
    /// What a Presentation Error earns of its test point's weight, from 0 to 1 [default: 0, a fail]
    #[arg(long, value_name = "FRACTION", default_value_t = 0.0, hide_default_value = true,
          value_parser = |t: &str| input::fraction(t, 1.0))]
    pub pe_score: f64,
    /// Begin the CSV export with a byte-order mark, so that Excel reads it as UTF-8 (always with
    /// --lang zh; never on stdout)
    #[arg(long)]
    pub excel: bool,
    /// The course's list of students, as CSV (id, name, and the submission's name where it is
    /// neither): it names who each submission is, and a student with none gets a row
    #[arg(long, value_name = "FILE.csv")]
    pub roster: Option<std::path::PathBuf>,
    /// Write one Markdown file per student into DIR, in the report's language: what `labs judge`
    /// would have told them
    #[arg(long, value_name = "DIR")]
    pub feedback: Option<std::path::PathBuf>,
    /// The lab's skeleton, handed to every student: code it holds makes no two students alike
    #[arg(long, value_name = "FILE")]
    pub base: Option<std::path::PathBuf>,
    /// The exports and the plot.
    #[command(flatten)]
    pub outputs: OutputArgs,
    /// The class: one folder of submissions, or the submissions themselves (source files, or
    /// folders holding one).
    #[arg(value_name = "CLASS", required = true, num_args = 1..)]
    pub class: Vec<std::path::PathBuf>,
}

/// Arguments of `labs trace`.
#[derive(Debug, Args)]
pub struct TraceArgs {
    /// The variant whose search is traced.
    #[arg(short, long, value_parser = Names::algos(), default_value_t = Algo::Row)]
    pub algo: Algo,
    /// Stop after K steps (squares refused, queens placed or removed, solutions), and say so.
    #[arg(long, value_name = "K", value_parser = input::at_least_one)]
    pub max_steps: Option<u64>,
    /// Print only the search tree (place, remove, solution): variants that walk the same tree print
    /// the same bytes, so `diff` can compare them.
    #[arg(long, conflicts_with = "summary")]
    pub tree: bool,
    #[arg(long, conflicts_with_all = ["boards", "animate"],
          help = format!("Print only the closing tally: solutions, nodes, probes and nodes per level ({NODES})."))]
    pub summary: bool,
    /// Draw the board after each queen placed or removed.
    #[arg(short, long)]
    pub boards: bool,
    /// Redraw the board in place at each step on a terminal (elsewhere, and with TERM=dumb, the same as --boards).
    #[arg(long)]
    pub animate: bool,
    /// Milliseconds to wait after each frame of --animate, from 0 to 10000 [default: 300].
    #[arg(long, value_name = "MS", value_parser = input::whole::<u64>(0, Some(10_000)))]
    pub delay: Option<u64>,
    /// Print one JSON object per step: the step, what its check read, the line of the variant's
    /// pseudocode, the search-tree node, and the values of the variant's structures after it.
    #[arg(long, conflicts_with_all = ["tree", "summary", "boards", "animate", "html"])]
    pub json: bool,
    /// Write the trace to FILE as one web page that replays it, offline; `FILE#step=K` opens it
    /// at step K.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["tree", "summary", "boards", "animate"])]
    pub html: Option<String>,
    /// On the page, show this variant beside --algo, both moving over the same tree (not cell).
    #[arg(long, value_parser = Names::algos(), value_name = "ALGO", requires = "html")]
    pub vs: Option<Algo>,
    #[arg(value_name = "N", allow_negative_numbers = true, help = BOARD.help(FROM_STDIN))]
    pub n: Option<String>,
}

/// Arguments of `labs verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    #[arg(long, value_name = "N", default_value_t = 10,
          value_parser = input::size_within(&VERIFY),
          help = format!("Check every board size from {} to N, at most {} ({}).", VERIFY.min, VERIFY.max, VERIFY.why(Lang::En)))]
    pub max: usize,
    /// Seconds the whole check may take: it stops before the sizes predicted to take longer,
    /// and says how long they would need.
    #[arg(long, value_name = "SECONDS", default_value = "600", value_parser = |t: &str| input::seconds(t, 7.0 * 86_400.0))]
    pub budget: f64,
    /// The variants to check, separated by commas [default: all six].
    #[arg(short, long, value_parser = Names::algos(), value_name = "LIST", value_delimiter = ',')]
    pub algo: Vec<Algo>,
}

/// Arguments of `labs lab`.
#[derive(Debug, Args)]
pub struct LabArgs {
    /// The sheet, by name or by number in reading order (`labs lab 1` is naive). Without it, the list.
    #[arg(value_name = "NAME", value_parser = crate::sheets::names())]
    pub name: Option<&'static crate::sheets::Sheet>,
    /// On a terminal, print the rendered sheet whole rather than through a pager ($PAGER, else
    /// `less -R`) when it is longer than the screen.
    #[arg(long)]
    pub no_pager: bool,
}

/// Arguments of `labs bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The variants to compare, separated by commas [default: all six].
    #[arg(short, long, value_parser = Names::algos(), value_name = "LIST", value_delimiter = ',', default_values_t = Algo::ALL, hide_default_value = true)]
    pub algo: Vec<Algo>,
    /// Board sizes: `8`, `4..12` (12 excluded), `4..=12`, `4,6,8`, or `4..` (as far as the budget allows).
    #[arg(short, long, value_name = "RANGE", default_value = "4..", allow_hyphen_values = true, value_parser = input::bench_sizes)]
    pub n: Sizes,
    /// Timed runs per cell (one variant at one n); the table shows their median.
    #[arg(short, long, value_name = "R", default_value_t = 10, value_parser = input::whole::<u32>(1, Some(1000)))]
    pub runs: u32,
    /// Untimed runs per cell before the timed ones.
    #[arg(short, long, value_name = "W", default_value_t = 1, value_parser = input::whole::<u32>(0, Some(100)))]
    pub warmup: u32,
    /// Seconds one cell may take: a variant whose next cell is predicted to take longer stops.
    #[arg(short, long, value_name = "SECONDS", default_value = "5", allow_hyphen_values = true,
          value_parser = |t: &str| input::seconds(t, 86_400.0))]
    pub budget: f64,
    /// Compare every cell with this variant at the same n (default: the fastest there).
    #[arg(long, value_parser = Names::algos(), value_name = "ALGO")]
    pub reference: Option<Algo>,
    /// The exports and the plot.
    #[command(flatten)]
    pub outputs: OutputArgs,
}

/// Where `labs bench` and `labs grade` write their report besides the table.
#[derive(Debug, Args)]
pub struct OutputArgs {
    /// Also write the table as Markdown to F (`-` for stdout, in place of the table).
    #[arg(long, value_name = "F")]
    pub export_markdown: Option<String>,
    /// Also write every row as CSV to F (`-` for stdout, in place of the table).
    #[arg(long, value_name = "F")]
    pub export_csv: Option<String>,
    /// Also write everything, every run's time included, as JSON to F (`-` for stdout).
    #[arg(long, value_name = "F")]
    pub export_json: Option<String>,
    /// Draw the times against n, on a log scale, as a picture in F: SVG, or PNG when F ends in
    /// `.png` (`-` for stdout, as SVG).
    #[arg(long, value_name = "F")]
    pub plot: Option<String>,
}

impl BenchArgs {
    /// What `labs bench` is to measure, checked; the first problem found is a usage error.
    pub fn setup(&self) -> Result<crate::bench::config::Setup, crate::error::Error> {
        let mut algos: Vec<Algo> = Vec::new();
        for &algo in &self.algo {
            if !algos.contains(&algo) {
                algos.push(algo);
            }
        }
        let reference = match self.reference {
            Some(r) if !algos.contains(&r) => {
                return Err(crate::error::Error::Usage(format!(
                    "--reference {} is not among the algorithms measured ({})",
                    r.name(),
                    algos.iter().map(|a| a.name()).collect::<Vec<_>>().join(", ")
                )));
            }
            r => r.map(|r| r.name().to_string()),
        };
        let settings = crate::bench::compare::Settings {
            runs: self.runs,
            warmup: self.warmup,
            budget_seconds: self.budget,
            reference,
        };
        Ok(crate::bench::config::Setup { algos, sizes: self.n.clone(), settings, outputs: self.outputs.outputs()? })
    }
}

impl OutputArgs {
    /// The outputs asked for, checked.
    pub fn outputs(&self) -> Result<crate::export::Outputs, crate::error::Error> {
        crate::export::Outputs::new(
            self.export_markdown.as_deref(),
            self.export_csv.as_deref(),
            self.export_json.as_deref(),
            self.plot.as_deref(),
        )
    }
}

/// Arguments of `labs count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    #[arg(value_name = "N", allow_negative_numbers = true, help = COUNT.help("Without it (and without `--sum`), one whole number is read from stdin."))]
    pub n: Option<String>,
    /// Worker threads (default: one per core); the count is the same for any number.
    #[arg(short, long, value_name = "T", value_parser = input::whole::<u16>(1, Some(1024)))]
    pub threads: Option<u16>,
    /// Also print the number of solutions distinct up to rotation and reflection (OEIS A002562).
    #[arg(short, long)]
    pub unique: bool,
    /// Search every board instead of one per symmetry class: several times slower, a cross-check.
    #[arg(long)]
    pub no_symmetry: bool,
    /// Also print nodes, time and nodes per second, on stderr. A node is a position of the search
    /// visited, the empty board included, as in `labs run --stats`: with `--no-symmetry` exactly
    /// those of `bits`; with symmetry the last three rows are counted from a table without being
    /// visited, and their queens are not nodes.
    #[arg(short, long)]
    pub stats: bool,
    /// Count only slice I of M of the work and print it as one line for `--sum`.
    #[arg(long, value_name = "I/M", value_parser = input::shard)]
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
