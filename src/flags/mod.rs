//! The command line, as clap derive types: one `Args` struct per subcommand, [`names`], the
//! value parser of every fixed set of names, and [`plan`], the one step that turns the parsed
//! flags into the libraries' checked configurations. The one folder that knows a flag, and with
//! `main.rs` the only code that names clap (STYLE.md, Layout; `tests/toolkit/layout.rs`).

pub mod names;
pub mod plan;

use crate::catalogue::{Key, say};
use crate::count::shard::Shard;
use crate::facts::{self, BOARD, COUNT, INTERACTIVE, JUDGE, VERIFY};
use crate::format::Format;
use crate::input::{self, Sizes};
use crate::lang::Lang;
use crate::solvers::Algo;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use names::Names;
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
    arg_required_else_help = true
)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
    // Chosen from the words before clap parses them (`parse`), so that clap's messages speak it.
    #[arg(long, value_enum, value_parser = Names::<Lang>::of(), value_name = "LANG", global = true)]
    pub lang: Option<Lang>,
    #[arg(long, value_name = "WHEN", value_parser = Names::<clap::ColorChoice>::of(), default_value = "auto", global = true)]
    pub color: clap::ColorChoice,
    #[arg(short = 'V', long, action = clap::ArgAction::Version, global = true)]
    pub version: Option<bool>,
}

impl Cli {
    /// What `--color` asked for, as the terminal layer takes it ([`crate::term::choose_color`]).
    pub fn color(&self) -> anstream::ColorChoice {
        match self.color {
            clap::ColorChoice::Auto => anstream::ColorChoice::Auto,
            clap::ColorChoice::Always => anstream::ColorChoice::Always,
            clap::ColorChoice::Never => anstream::ColorChoice::Never,
        }
    }
}

/// Parses the command line, after choosing the language from it (`--lang`, else the locale): the
/// value parsers' messages and clap's own errors come before clap has read `--lang`, and are
/// said in that language too.
pub fn parse() -> (Lang, Result<Cli, clap::Error>) {
    let lang = lang_asked(&arguments());
    let matches = grammar(lang).try_get_matches();
    (
        lang,
        matches.and_then(|m| {
            if let Some(("help", help)) = m.subcommand() { Err(help_of(help, lang)) } else { Cli::from_arg_matches(&m) }
        }),
    )
}

/// `labs help COMMAND…`, as `labs COMMAND… --help` says it: the help of those commands, or clap's
/// error for a command `labs` does not have.
fn help_of(help: &clap::ArgMatches, lang: Lang) -> clap::Error {
    let path = help.get_many::<String>("command").into_iter().flatten().cloned();
    let args = std::iter::once("labs".to_string()).chain(path).chain(std::iter::once("--help".to_string()));
    match grammar(lang).try_get_matches_from(args) {
        Err(e) => e,
        Ok(_) => unreachable!("--help always ends the parse"),
    }
}

/// `labs help [COMMAND]…`, the catalogue's in place of clap's own (whose words are English only).
fn help_command() -> clap::Command {
    clap::Command::new("help")
        .arg(clap::Arg::new("command").value_name("COMMAND").num_args(0..).action(clap::ArgAction::Append))
}

/// The command line's grammar in `lang`: the derived one, with every about and help from the
/// catalogue ([`localized`]), and a negative number read as the value of any option that takes
/// a value, so that `--jobs -1` gets its parser's message ("not a whole number"), not
/// "unexpected argument '-1'".
pub fn grammar(lang: Lang) -> clap::Command {
    let negatives = |arg: clap::Arg| {
        let takes = arg.get_action().takes_values();
        if takes { arg.allow_negative_numbers(true) } else { arg }
    };
    let root = Cli::command().mut_args(negatives).mut_subcommands(move |sub| sub.mut_args(negatives));
    localized(root.disable_help_subcommand(true).subcommand(help_command()), lang)
}

/// `root` with every word of its help in `lang`: each command's about and the lines below its
/// help, each flag's help and its values' (`about`, `help`, `values` below), and under Chinese
/// also clap's own words (the headings, `[default: …]`, the help flag: `chinese_frame`).
pub fn localized(root: clap::Command, lang: Lang) -> clap::Command {
    let words = move |cmd: clap::Command| {
        let sub = if cmd.get_name() == "labs" { String::new() } else { cmd.get_name().to_string() };
        let (key, after) = about(&sub);
        let long = key.text(lang);
        let short = long.split("\n\n").next().unwrap_or(long).trim_end_matches(['.', '。']).to_string();
        let cmd = cmd.about(short).long_about(long.to_string());
        let cmd = match after {
            Some(after) => cmd.after_help(after.text(lang)),
            None => cmd,
        };
        let cmd = cmd.mut_args(|arg| {
            let arg = match help(&sub, arg.get_id().as_str(), lang) {
                Some(text) => arg.help(text),
                None => arg,
            };
            values(&sub, arg, lang)
        });
        // In English clap's own help flag says the catalogue's words already, and keeps its place
        // after the global flags (in completions too).
        if lang == Lang::Zh { chinese_frame(help_flag(cmd, lang), lang) } else { cmd }
    };
    words(root.mut_subcommands(words))
}

/// The catalogue's key for a command's about (its long about; the first paragraph is the short),
/// and for the lines below its help. `sub` is the subcommand's name, empty for `labs` itself.
fn about(sub: &str) -> (Key, Option<Key>) {
    match sub {
        "run" => (Key::HelpRun, Some(Key::HelpRunAfter)),
        "list" => (Key::HelpList, None),
        "trace" => (Key::HelpTrace, Some(Key::HelpTraceAfter)),
        "lab" => (Key::HelpLab, Some(Key::HelpLabAfter)),
        "verify" => (Key::HelpVerify, Some(Key::HelpVerifyAfter)),
        "count" => (Key::HelpCount, Some(Key::HelpCountAfter)),
        "solve" => (Key::HelpSolve, Some(Key::HelpSolveAfter)),
        "check" => (Key::HelpCheck, Some(Key::HelpCheckAfter)),
        "bench" => (Key::HelpBench, Some(Key::HelpBenchAfter)),
        "interactive" => (Key::HelpInteractive, Some(Key::HelpInteractiveAfter)),
        "judge" => (Key::HelpJudge, Some(Key::HelpJudgeAfter)),
        "grade" => (Key::HelpGrade, Some(Key::HelpGradeAfter)),
        "completions" => (Key::HelpCompletions, Some(Key::HelpCompletionsAfter)),
        "doctor" => (Key::HelpDoctor, None),
        "man" => (Key::HelpMan, None),
        "help" => (Key::HelpHelpCommand, None),
        _ => (Key::HelpLabs, Some(Key::HelpLabsAfter)),
    }
}

/// A flag's help in `lang`, by the subcommand it belongs to (`sub`, empty for `labs`'s own) and
/// its id; `None` for an id this does not know (a test checks that every flag has one).
fn help(sub: &str, id: &str, lang: Lang) -> Option<String> {
    let nodes = Key::NodeIs.text(lang);
    let from_stdin = Key::HelpFromStdin.text(lang);
    Some(match (sub, id) {
        (_, "lang") => say!(lang, HelpLang),
        (_, "color") => say!(lang, HelpColor),
        (_, "version") => say!(lang, HelpVersion),
        ("run" | "interactive", "algo") => say!(lang, HelpAlgoSearches),
        ("run", "format") => say!(lang, HelpRunFormat),
        ("run", "count") => say!(lang, HelpRunCount),
        ("run", "first") => say!(lang, HelpRunFirst),
        ("run", "stats") => say!(lang, HelpRunStats, nodes),
        ("run" | "trace", "n") => BOARD.help(lang, from_stdin),
        ("trace", "algo") => say!(lang, HelpTraceAlgo),
        ("trace", "seed") => say!(lang, HelpTraceSeed),
        ("trace", "max_steps") => say!(lang, HelpTraceMaxSteps),
        ("trace", "tree") => say!(lang, HelpTraceTree),
        ("trace", "summary") => say!(lang, HelpTraceSummary, nodes),
        ("trace", "boards") => say!(lang, HelpTraceBoards),
        ("trace", "animate") => say!(lang, HelpTraceAnimate),
        ("trace", "delay") => say!(lang, HelpTraceDelay),
        ("trace", "json") => say!(lang, HelpTraceJson),
        ("trace", "html") => say!(lang, HelpTraceHtml),
        ("trace", "vs") => say!(lang, HelpTraceVs),
        ("trace", "own") => say!(lang, HelpTraceOwn),
        ("trace", "from") => say!(lang, HelpTraceFrom),
        ("trace", "command") => say!(lang, HelpTraceCommand),
        ("lab", "name") => say!(lang, HelpLabName),
        ("lab", "no_pager") => say!(lang, HelpLabNoPager),
        ("verify", "max") => say!(lang, HelpVerifyMax, min = VERIFY.min, max = VERIFY.max, why = VERIFY.why(lang)),
        ("verify", "budget") => say!(lang, HelpVerifyBudget),
        ("verify", "algo") => say!(lang, HelpAlgoList),
        ("count", "n") => COUNT.help(lang, Key::HelpCountFromStdin.text(lang)),
        ("count", "threads") => say!(lang, HelpCountThreads),
        ("count", "unique") => say!(lang, HelpCountUnique),
        ("count", "no_symmetry") => say!(lang, HelpCountNoSymmetry),
        ("count", "stats") => say!(lang, HelpCountStats),
        ("count", "shard") => say!(lang, HelpCountShard),
        ("count", "sum") => say!(lang, HelpCountSum),
        ("solve", "method") => say!(lang, HelpSolveMethod),
        ("solve", "given") => say!(lang, HelpSolveGiven),
        ("solve", "seed") => say!(lang, HelpSolveSeed),
        ("solve", "format") => say!(lang, HelpSolveFormat, max = crate::facts::BOARD.max),
        ("solve", "stats") => say!(lang, HelpSolveStats),
        ("solve", "n") => say!(
            lang,
            HelpSolveN,
            built = crate::facts::SOLVE_BUILT.max,
            repaired = crate::facts::SOLVE_REPAIRED.max,
            board = crate::facts::BOARD.max
        ),
        ("check", "file") => say!(lang, HelpCheckFile, max = crate::checker::MAX_COLUMNS),
        ("bench", "algo") => say!(lang, HelpBenchAlgo),
        ("bench", "n") => say!(lang, HelpBenchN),
        ("bench", "runs") => say!(lang, HelpBenchRuns),
        ("bench", "warmup") => say!(lang, HelpBenchWarmup),
        ("bench", "budget") => say!(lang, HelpBenchBudget),
        ("bench", "reference") => say!(lang, HelpBenchReference),
        ("bench" | "grade", "export_markdown") => say!(lang, HelpExportMarkdown),
        ("bench" | "grade", "export_csv") => say!(lang, HelpExportCsv),
        ("bench" | "grade", "export_json") => say!(lang, HelpExportJson),
        ("bench" | "grade", "plot") => say!(lang, HelpPlot),
        ("interactive", "max_size") => say!(
            lang,
            HelpInteractiveMaxSize,
            min = INTERACTIVE.min,
            max = INTERACTIVE.max,
            why = INTERACTIVE.why(lang),
            document = facts::INTERACTIVE_DEFAULT
        ),
        ("judge", "format") => say!(lang, HelpJudgeFormat),
        ("grade", "format") => say!(lang, HelpGradeFormats),
        ("judge" | "grade", "n") => {
            say!(lang, HelpJudgeN, min = JUDGE.min, max = JUDGE.max, one = facts::JUDGE_ONE.max)
        }
        ("judge" | "grade", "time_limit") => {
            say!(lang, HelpJudgeTimeLimit, presets = crate::judging::words::presets_help())
        }
        ("judge" | "grade", "memory_limit") => say!(lang, HelpJudgeMemoryLimit, max = facts::JUDGE_MEMORY_MAX_MIB),
        ("judge" | "grade", "output_limit") => say!(lang, HelpJudgeOutputLimit),
        ("judge" | "grade", "any_order") => say!(lang, HelpJudgeAnyOrder),
        ("judge" | "grade", "in_order") => say!(lang, HelpJudgeInOrder),
        ("judge" | "grade", "strict") => say!(lang, HelpJudgeStrict),
        ("judge" | "grade", "sandbox") => say!(lang, HelpJudgeSandbox),
        ("judge" | "grade", "max_processes") => say!(lang, HelpJudgeMaxProcesses),
        ("judge" | "grade", "build_memory_limit") => say!(lang, HelpJudgeBuildMemoryLimit),
        ("judge" | "grade", "build_file_limit") => say!(lang, HelpJudgeBuildFileLimit),
        ("judge", "run_all") => say!(lang, HelpJudgeRunAll),
        ("judge", "program") => say!(lang, HelpJudgeProgram),
        ("grade", "jobs") => say!(lang, HelpGradeJobs, max = facts::GRADE_JOBS_MAX),
        ("grade", "runs") => say!(lang, HelpGradeRuns, n = facts::GRADE_RATIO_MIN_N),
        ("grade", "journal") => say!(lang, HelpGradeJournal),
        ("grade", "resume") => say!(lang, HelpGradeResume),
        ("grade", "rejudge") => say!(lang, HelpGradeRejudge),
        ("grade", "max_source") => say!(lang, HelpGradeMaxSource),
        ("grade", "weights") => say!(lang, HelpGradeWeights),
        ("grade", "pe_score") => say!(lang, HelpGradePeScore),
        ("grade", "excel") => say!(lang, HelpGradeExcel),
        ("grade", "roster") => say!(lang, HelpGradeRoster),
        ("grade", "feedback") => say!(lang, HelpGradeFeedback),
        ("grade", "base") => say!(lang, HelpGradeBase),
        ("grade", "class") => say!(lang, HelpGradeClass),
        ("completions", "shell") => say!(lang, HelpCompletionsShell),
        ("help", "command") => say!(lang, HelpHelpCommandArg),
        _ => return None,
    })
}

/// `arg` with its values' help in `lang`, for the flags whose values each have a line.
fn values(sub: &str, arg: clap::Arg, lang: Lang) -> clap::Arg {
    match arg.get_id().as_str() {
        "algo" if sub == "trace" => arg.value_parser(Names::traced_in(lang)),
        "algo" | "vs" | "reference" => arg.value_parser(Names::algos_in(lang)),
        "format" if sub == "solve" => arg.value_parser(Names::shapes_in(lang)),
        "format" if matches!(sub, "judge" | "grade") => arg.value_parser(Names::answers_in(lang)),
        // Sizes past the boards' limit only where one solution is asked for (`one_asked`).
        "n" if matches!(sub, "judge" | "grade") && one_asked(&arguments()) => {
            arg.value_parser(input::judge_sizes_within(&facts::JUDGE_ONE))
        }
        "format" => arg.value_parser(Names::formats_in(lang)),
        "method" => arg.value_parser(Names::methods_in(lang)),
        "name" => arg.value_parser(Names::sheets_in(lang)),
        "lang" => arg.value_parser(Names::new(vec![
            (Lang::En, clap::builder::PossibleValue::new("en").help(Key::HelpLangEn.text(lang))),
            (Lang::Zh, clap::builder::PossibleValue::new("zh").help(Key::HelpLangZh.text(lang))),
        ])),
        "sandbox" => arg.value_parser(Names::new(
            [
                (SandboxPolicy::Auto, "auto", Key::HelpSandboxAuto),
                (SandboxPolicy::On, "on", Key::HelpSandboxOn),
                (SandboxPolicy::Off, "off", Key::HelpSandboxOff),
            ]
            .map(|(value, name, key)| (value, clap::builder::PossibleValue::new(name).help(key.text(lang))))
            .into(),
        )),
        _ => arg,
    }
}

/// `cmd` with its own `-h`, `--help` in place of clap's, whose help is the catalogue's.
fn help_flag(cmd: clap::Command, lang: Lang) -> clap::Command {
    cmd.disable_help_flag(true).arg(
        clap::Arg::new("help")
            .short('h')
            .long("help")
            .action(clap::ArgAction::Help)
            .help(Key::HelpHelpShort.text(lang))
            .long_help(Key::HelpHelpLong.text(lang))
            .display_order(usize::MAX),
    )
}

/// `cmd` with clap's own words said in Chinese: the usage line and the headings, by a help
/// template, and each flag's default and values after its help, as clap would add them in
/// English.
fn chinese_frame(cmd: clap::Command, lang: Lang) -> clap::Command {
    let mut template = format!("{{about-with-newline}}\n{}{{usage}}", Key::HelpUsage.text(lang));
    if cmd.has_subcommands() {
        template += &format!("\n\n{}\n{}", Key::HelpCommands.text(lang), commands_in(&cmd));
    }
    if cmd.get_positionals().next().is_some() {
        template += &format!("\n\n{}\n{{positionals}}", Key::HelpArguments.text(lang));
    }
    template += &format!("\n\n{}\n{{options}}{{after-help}}", Key::HelpOptions.text(lang));
    cmd.help_template(template).term_width(0).mut_args(|arg| {
        if !arg.get_action().takes_values() {
            return arg;
        }
        let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
        let mut short = help.clone();
        let mut long = help;
        let values: Vec<clap::builder::PossibleValue> =
            if arg.is_hide_possible_values_set() { Vec::new() } else { arg.get_possible_values() };
        let names: Vec<&str> = values.iter().map(|v| v.get_name()).collect();
        if !names.is_empty() {
            let inline = say!(lang, HelpPossibleValuesInline, values = names.join("、"));
            short += &inline;
            if values.iter().any(|v| v.get_help().is_some()) {
                let wide = names.iter().map(|n| crate::width::of(n)).max().unwrap_or(0);
                long += &format!("\n\n{}", Key::HelpPossibleValues.text(lang));
                for value in &values {
                    let help = value.get_help().map(ToString::to_string).unwrap_or_default();
                    let pad = " ".repeat(wide - crate::width::of(value.get_name()));
                    long += &format!("\n- {}：{pad}{help}", value.get_name());
                }
            } else {
                long += &format!("\n\n{inline}");
            }
        }
        let defaults: Vec<String> = arg.get_default_values().iter().map(|v| v.to_string_lossy().into_owned()).collect();
        if !defaults.is_empty() && !arg.is_hide_default_value_set() {
            let default = say!(lang, HelpDefault, value = defaults.join(","));
            short += &default;
            long += &format!("\n\n{default}");
        }
        arg.help(short).long_help(long).hide_possible_values(true).hide_default_value(true)
    })
}

/// The list of `root`'s subcommands, each with its about (already in the language), as clap lists them under
/// `Commands:`.
fn commands_in(root: &clap::Command) -> String {
    let rows: Vec<(String, String)> = root
        .get_subcommands()
        .filter(|c| !c.is_hide_set())
        .map(|c| (c.get_name().to_string(), c.get_about().map(ToString::to_string).unwrap_or_default()))
        .collect();
    let wide = rows.iter().map(|(name, _)| name.len()).max().unwrap_or(0);
    let lines: Vec<String> = rows.iter().map(|(name, about)| format!("  {name:<wide$}  {about}")).collect();
    lines.join("\n")
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
pub fn report(e: &clap::Error, lang: Lang) -> u8 {
    let args = arguments();
    if e.kind() == ErrorKind::DisplayVersion && args.iter().take_while(|a| *a != "--").any(|a| a == "--version") {
        let _ = write!(std::io::stdout(), "{}", crate::doctor::Checkup::here(lang).version(lang));
        return 0;
    }
    if !e.use_stderr() {
        print_help(e, lang, &mut std::io::stdout());
        return 0;
    }
    if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
        print_help(e, lang, &mut std::io::stderr());
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

/// Prints the help `e` holds: clap's own printing in English; in Chinese, which clap would wrap
/// only at spaces, unwrapped by clap and broken here where Chinese text may break, each line's
/// continuation under its own start ([`fitted`]).
fn print_help(e: &clap::Error, lang: Lang, out: &mut dyn Write) {
    if lang == Lang::En {
        let _ = e.print();
        return;
    }
    let width = crate::width::stdout().map_or(HELP_WIDTH, |w| w.min(HELP_WIDTH));
    let _ = write!(out, "{}", fitted(&e.render().to_string(), width));
}

/// The widest help, in columns, as `max_term_width` says for English.
const HELP_WIDTH: usize = 100;

/// `help` with each line longer than `width` columns broken ([`crate::width::wrap`]), its
/// continuation lines starting under the line's text: past the indentation, past a flag and the
/// spaces after it (`  -a, --algo <ALGO>  text`), past a value's name (`- naive：text`).
pub fn fitted(help: &str, width: usize) -> String {
    let mut out = String::with_capacity(help.len() + 64);
    for line in help.split_inclusive('\n') {
        let (line, end) = line.strip_suffix('\n').map_or((line, ""), |l| (l, "\n"));
        if crate::width::of(line) <= width {
            out += line;
            out += end;
            continue;
        }
        let body = line.trim_start();
        let lead = line.len() - body.len();
        let hang = match body.split_once("  ") {
            Some((flag, rest)) if body.starts_with(['-', '[', '<']) && !flag.contains('：') => {
                lead + flag.len() + (rest.len() - rest.trim_start().len()) + 2
            }
            _ => match body.strip_prefix("- ").and_then(|v| v.split_once('：')) {
                Some((name, rest)) => lead + 2 + crate::width::of(name) + 2 + (rest.len() - rest.trim_start().len()),
                None => lead,
            },
        };
        let wrapped = crate::width::wrap(line, Some(width), &" ".repeat(hang));
        out += wrapped.strip_suffix('\n').unwrap_or(&wrapped);
        out += end;
    }
    out
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

/// Whether `args` ask `labs judge` or `labs grade` for one solution (`--format one`, `-f one`,
/// `--format=one`, `-fone`, or `one` in a list), before `--`: read before clap parses them, as
/// `--lang` is ([`lang_asked`]), so that `--n` takes sizes up to `--format one`'s limit only
/// then, and says the boards' limit in its message otherwise.
pub fn one_asked(args: &[String]) -> bool {
    let mut words = args.iter().take_while(|a| *a != "--");
    let mut asked = false;
    while let Some(word) = words.next() {
        let value = match word.as_str() {
            "-f" | "--format" => words.next().map(String::as_str),
            _ => word.strip_prefix("--format=").or_else(|| word.strip_prefix("-f")),
        };
        asked |= value.is_some_and(|v| v.split(',').any(|name| name.trim().eq_ignore_ascii_case("one")));
    }
    asked
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
    let number = |kind| match e.get(kind) {
        Some(ContextValue::Number(k)) => k.to_string(),
        _ => "?".into(),
    };
    let (arg, value) = (first(ContextKind::InvalidArg), first(ContextKind::InvalidValue));
    let values = strings(ContextKind::ValidValue).or_else(|| strings(ContextKind::ValidSubcommand));
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
            let why = match std::error::Error::source(e) {
                Some(why) => why.downcast_ref::<input::Refused>().map_or_else(|| why.to_string(), |r| r.words(lang)),
                None => String::new(),
            };
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
        (ErrorKind::NoEquals, Some(arg), _) => (say!(lang, ValueNoEquals, arg), lang),
        (kind @ (ErrorKind::TooFewValues | ErrorKind::WrongNumberOfValues), Some(arg), _) => {
            let (expected, actual) = (number(ContextKind::ExpectedNumValues), number(ContextKind::ActualNumValues));
            let key = if kind == ErrorKind::TooFewValues { Key::ValuesTooFew } else { Key::ValuesWrongNumber };
            (key.fill(lang, &[("arg", &arg), ("expected", &expected), ("actual", &actual)]), lang)
        }
        (ErrorKind::InvalidUtf8, ..) => (say!(lang, ArgumentNotUtf8), lang),
        (ErrorKind::MissingSubcommand, ..) => {
            let name = first(ContextKind::InvalidSubcommand).unwrap_or_else(|| "labs".into());
            (say!(lang, SubcommandMissing, name) + &allowed_in(lang), lang)
        }
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
    Run(RunArgs),
    List,
    Trace(TraceArgs),
    Lab(LabArgs),
    Verify(VerifyArgs),
    Count(CountArgs),
    Bench(BenchArgs),
    Interactive(InteractiveArgs),
    Judge(JudgeArgs),
    Grade(Box<GradeArgs>),
    Solve(SolveArgs),
    Check(CheckArgs),
    Completions(CompletionsArgs),
    Doctor,
    Man,
}

/// Arguments of `labs completions`.
#[derive(Debug, Args)]
pub struct CompletionsArgs {
    #[arg(value_name = "SHELL", value_parser = Names::<clap_complete::Shell>::of())]
    pub shell: clap_complete::Shell,
}

/// Arguments of `labs run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    #[arg(short, long, value_parser = Names::algos(), default_value_t = Algo::Row)]
    pub algo: Algo,
    #[arg(short, long, value_parser = Names::formats(), default_value_t = Format::Pretty)]
    pub format: Format,
    #[arg(short, long, conflicts_with = "format")]
    pub count: bool,
    #[arg(long, value_name = "K", value_parser = input::at_least_one)]
    pub first: Option<u64>,
    #[arg(short, long)]
    pub stats: bool,
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub n: Option<String>,
}

/// Arguments of `labs interactive`.
#[derive(Debug, Args)]
pub struct InteractiveArgs {
    #[arg(short, long, value_parser = Names::algos(), default_value_t = Algo::Kruse)]
    pub algo: Algo,
    #[arg(
        long,
        value_name = "M",
        default_value_t = facts::INTERACTIVE_DEFAULT,
        value_parser = input::size_within(&INTERACTIVE))]
    pub max_size: usize,
}

/// Arguments of `labs judge`.
#[derive(Debug, Args)]
pub struct JudgeArgs {
    /// The judge's rules: format, sizes, limits, comparison.
    #[command(flatten)]
    pub rules: JudgeRules,
    #[arg(long)]
    pub run_all: bool,
    #[arg(value_name = "PROGRAM", required = true, num_args = 1..)]
    pub program: Vec<std::ffi::OsString>,
}

/// How a judge judges, for `labs judge` and `labs grade` alike: the format, the sizes, the
/// limits and the comparison.
#[derive(Clone, Debug, Args)]
pub struct JudgeRules {
    // The allowed formats, in order: one for `labs judge`, one or more for `labs grade`
    // (`--format acwing,pta`), each student judged by the one their output is in.
    #[arg(short, long, required = true, value_parser = Names::answers_in(Lang::En), value_delimiter = ',')]
    pub format: Vec<crate::judge::Answer>,
    #[arg(long, value_name = "LIST", value_parser = input::judge_sizes)]
    pub n: Option<input::JudgeSizes>,
    #[arg(long, value_name = "SECONDS", value_parser = |t: &str| input::seconds(t, 3600.0))]
    pub time_limit: Option<f64>,
    #[arg(long, value_name = "MIB",
          value_parser = input::whole::<u64>(0, Some(facts::JUDGE_MEMORY_MAX_MIB)))]
    pub memory_limit: Option<u64>,
    #[arg(long, value_name = "BYTES", value_parser = input::whole::<u64>(1, Some(1 << 32)))]
    pub output_limit: Option<u64>,
    #[arg(long)]
    pub any_order: bool,
    #[arg(long, conflicts_with = "any_order")]
    pub in_order: bool,
    #[arg(long)]
    pub strict: bool,
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = SandboxPolicy::Auto)]
    pub sandbox: SandboxPolicy,
    #[arg(long, value_name = "K", default_value_t = facts::JUDGE_MAX_PROCESSES,
          value_parser = input::whole::<u32>(0, Some(65_536)))]
    pub max_processes: u32,
    #[arg(long, value_name = "MIB", default_value_t = facts::JUDGE_BUILD_MEMORY_MIB,
          value_parser = input::whole::<u64>(0, Some(facts::JUDGE_MEMORY_MAX_MIB)))]
    pub build_memory_limit: u64,
    #[arg(long, value_name = "MIB", default_value_t = facts::JUDGE_BUILD_FILE_MIB,
          value_parser = input::whole::<u64>(0, Some(facts::JUDGE_MEMORY_MAX_MIB)))]
    pub build_file_limit: u64,
}

/// Whether to run in the sandbox: a choice of the command line's, which [`crate::judging`] turns
/// into a sandbox or none for the judge.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum SandboxPolicy {
    #[default]
    Auto,
    On,
    Off,
}

/// Arguments of `labs grade`.
#[derive(Debug, Args)]
pub struct GradeArgs {
    /// The judge's rules, the same for every student.
    #[command(flatten)]
    pub rules: JudgeRules,
    #[arg(short, long, value_name = "K", default_value_t = 1,
          value_parser = input::whole::<u64>(1, Some(facts::GRADE_JOBS_MAX)))]
    pub jobs: u64,
    #[arg(long, value_name = "K", default_value_t = facts::GRADE_RUNS,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(facts::GRADE_RUNS_MAX)))]
    pub runs: u32,
    #[arg(long, value_name = "PATH", default_value = "grade.jsonl")]
    pub journal: std::path::PathBuf,
    #[arg(long)]
    pub resume: bool,
    #[arg(long, value_name = "NAME")]
    pub rejudge: Vec<String>,
    #[arg(long, value_name = "BYTES", default_value_t = facts::GRADE_MAX_SOURCE, hide_default_value = true,
          value_parser = input::whole::<u64>(1, None))]
    pub max_source: u64,
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = |t: &str| input::fraction(t, 1e6))]
    pub weights: Vec<f64>,
    #[arg(long, value_name = "FRACTION", default_value_t = 0.0, hide_default_value = true,
          value_parser = |t: &str| input::fraction(t, 1.0))]
    pub pe_score: f64,
    #[arg(long)]
    pub excel: bool,
    #[arg(long, value_name = "FILE.csv")]
    pub roster: Option<std::path::PathBuf>,
    #[arg(long, value_name = "DIR")]
    pub feedback: Option<std::path::PathBuf>,
    #[arg(long, value_name = "FILE")]
    pub base: Option<std::path::PathBuf>,
    /// The exports and the plot.
    #[command(flatten)]
    pub outputs: OutputArgs,
    #[arg(value_name = "CLASS", required = true, num_args = 1..)]
    pub class: Vec<std::path::PathBuf>,
}

/// What `labs trace --algo` traces: a backtracking variant's search, or min-conflicts' repairs
/// ([`crate::trace::local`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Traced {
    /// A variant's search tree.
    Search(Algo),
    /// Local search, `--algo min-conflicts`.
    MinConflicts,
}

impl Traced {
    /// The name `--algo` takes.
    pub fn name(self) -> &'static str {
        match self {
            Traced::Search(algo) => algo.name(),
            Traced::MinConflicts => "min-conflicts",
        }
    }
}

impl std::fmt::Display for Traced {
    /// The name `--algo` takes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Arguments of `labs trace`.
#[derive(Debug, Args)]
pub struct TraceArgs {
    #[arg(short, long, value_parser = Names::traced_in(Lang::En), default_value_t = Traced::Search(Algo::Row))]
    pub algo: Traced,
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    #[arg(long, value_name = "K", value_parser = input::at_least_one)]
    pub max_steps: Option<u64>,
    #[arg(long, conflicts_with = "summary")]
    pub tree: bool,
    #[arg(long, conflicts_with_all = ["boards", "animate"])]
    pub summary: bool,
    #[arg(short, long)]
    pub boards: bool,
    #[arg(long)]
    pub animate: bool,
    #[arg(long, value_name = "MS", value_parser = input::whole::<u64>(0, Some(10_000)))]
    pub delay: Option<u64>,
    #[arg(long, conflicts_with_all = ["tree", "summary", "boards", "animate", "html"])]
    pub json: bool,
    #[arg(long, value_name = "FILE", conflicts_with_all = ["tree", "summary", "boards", "animate"])]
    pub html: Option<String>,
    #[arg(long, value_parser = Names::algos(), value_name = "ALGO")]
    pub vs: Option<Algo>,
    // `--own FILE`, or `--own` and the program after `--` (`labs trace --own 6 -- ./queens`).
    #[arg(long, value_name = "FILE", num_args = 0..=1, conflicts_with_all = ["algo", "animate", "delay"])]
    pub own: Option<Option<std::ffi::OsString>>,
    #[arg(long, value_name = "K", value_parser = input::whole::<u8>(0, Some(1)), requires = "own")]
    pub from: Option<u8>,
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub n: Option<String>,
    #[arg(value_name = "CMD", last = true)]
    pub command: Vec<std::ffi::OsString>,
}

/// Arguments of `labs verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    #[arg(long, value_name = "N", default_value_t = 10,
          value_parser = input::size_within(&VERIFY))]
    pub max: usize,
    #[arg(long, value_name = "SECONDS", default_value = "600", value_parser = |t: &str| input::seconds(t, 7.0 * 86_400.0))]
    pub budget: f64,
    #[arg(short, long, value_parser = Names::algos(), value_name = "LIST", value_delimiter = ',')]
    pub algo: Vec<Algo>,
}

/// Arguments of `labs lab`.
#[derive(Debug, Args)]
pub struct LabArgs {
    #[arg(value_name = "NAME", value_parser = Names::sheets())]
    pub name: Option<&'static crate::sheets::Sheet>,
    #[arg(long)]
    pub no_pager: bool,
}

/// Arguments of `labs bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    #[arg(short, long, value_parser = Names::algos(), value_name = "LIST", value_delimiter = ',', default_values_t = Algo::ALL, hide_default_value = true)]
    pub algo: Vec<Algo>,
    #[arg(short, long, value_name = "RANGE", default_value = "4..", allow_hyphen_values = true, value_parser = input::bench_sizes)]
    pub n: Sizes,
    #[arg(short, long, value_name = "R", default_value_t = 10, value_parser = input::whole::<u32>(1, Some(1000)))]
    pub runs: u32,
    #[arg(short, long, value_name = "W", default_value_t = 1, value_parser = input::whole::<u32>(0, Some(100)))]
    pub warmup: u32,
    #[arg(short, long, value_name = "SECONDS", default_value = "5", allow_hyphen_values = true,
          value_parser = |t: &str| input::seconds(t, 86_400.0))]
    pub budget: f64,
    #[arg(long, value_parser = Names::algos(), value_name = "ALGO")]
    pub reference: Option<Algo>,
    /// The exports and the plot.
    #[command(flatten)]
    pub outputs: OutputArgs,
}

/// Where `labs bench` and `labs grade` write their report besides the table.
#[derive(Debug, Args)]
pub struct OutputArgs {
    #[arg(long, value_name = "F")]
    pub export_markdown: Option<String>,
    #[arg(long, value_name = "F")]
    pub export_csv: Option<String>,
    #[arg(long, value_name = "F")]
    pub export_json: Option<String>,
    #[arg(long, value_name = "F")]
    pub plot: Option<String>,
}

/// Arguments of `labs solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[arg(short, long, value_parser = Names::methods_in(Lang::En))]
    pub method: Option<crate::solve::Method>,
    #[arg(short, long, value_name = "R,C", value_parser = input::square)]
    pub given: Vec<(usize, usize)>,
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    #[arg(short, long, value_parser = Names::shapes_in(Lang::En), default_value = "cols")]
    pub format: crate::solve::Shape,
    #[arg(short, long)]
    pub stats: bool,
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub n: Option<String>,
}

/// Arguments of `labs check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    #[arg(value_name = "FILE")]
    pub file: Option<std::path::PathBuf>,
}

/// Arguments of `labs count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    #[arg(value_name = "N", allow_negative_numbers = true)]
    pub n: Option<String>,
    #[arg(short, long, value_name = "T", value_parser = input::whole::<u16>(1, Some(1024)))]
    pub threads: Option<u16>,
    #[arg(short, long)]
    pub unique: bool,
    #[arg(long)]
    pub no_symmetry: bool,
    #[arg(short, long)]
    pub stats: bool,
    #[arg(long, value_name = "I/M", value_parser = input::shard)]
    pub shard: Option<Shard>,
    #[arg(
        long,
        value_name = "FILES",
        num_args = 0..,
        conflicts_with_all = ["n", "threads", "unique", "no_symmetry", "stats", "shard"]
    )]
    pub sum: Option<Vec<std::path::PathBuf>>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_flag_of_every_command_has_its_help_in_the_catalogue() {
        let root = Cli::command();
        let commands = std::iter::once(("", &root)).chain(root.get_subcommands().map(|s| (s.get_name(), s)));
        for (sub, command) in commands {
            for arg in command.get_arguments() {
                let id = arg.get_id().as_str();
                for lang in [Lang::En, Lang::Zh] {
                    assert!(help(sub, id, lang).is_some(), "labs {sub} {id}: no help in {lang:?}");
                }
            }
        }
    }

    #[test]
    fn one_solution_is_asked_for_in_any_spelling_before_the_program() {
        let asked = |args: &[&str]| one_asked(&args.iter().map(|a| a.to_string()).collect::<Vec<_>>());
        assert!(asked(&["judge", "-f", "one", "./a"]));
        assert!(asked(&["judge", "--format=One", "./a"]));
        assert!(asked(&["grade", "-fone", "class"]));
        assert!(asked(&["grade", "--format", "acwing,one", "class"]));
        assert!(!asked(&["judge", "-f", "acwing", "--", "./a", "-f", "one"]));
        assert!(!asked(&["judge", "-f", "compact", "one"]));
    }

    #[test]
    fn a_long_chinese_line_breaks_under_its_text() {
        let help = "  -a, --algo <ALGO>  进行搜索的实现，进行搜索的实现\n- naive：文档 000：由格子组成的棋盘\n";
        assert_eq!(
            fitted(help, 30),
            "  -a, --algo <ALGO>  进行搜索\n                     的实现，\n                     进行搜索\n                     的实现\n- naive：文档 000：由格子组成\n         的棋盘\n"
        );
    }
}
