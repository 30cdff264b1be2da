//! The one step from parsed flags to a plan: each command's arguments become the libraries'
//! own checked configurations (the judge's [`Rules`], [`Session`] and [`Submission`], a
//! [`grade::Grading`], a bench [`Setup`]) before any work starts, and `app` matches on
//! the [`Plan`]. ripgrep's `hiargs` is the model: after this step nothing reads a flag again, and
//! the libraries never see one. The first problem found is the command's error, in the order the
//! checks are written here (each command's tests pin which one wins).
//!
//! Commands whose arguments are their own configuration already (`run`, `trace`, `count`…) are
//! handed over as they are.

use super::{
    BenchArgs, CheckArgs, Cli, Command, CountArgs, GradeArgs, InteractiveArgs, JudgeArgs, JudgeRules, LabArgs,
    OutputArgs, RunArgs, SandboxPolicy, SolveArgs, TraceArgs, VerifyArgs,
};
use crate::bench::config::Setup;
use crate::catalogue::{Key, say};
use crate::error::Error;
use crate::escape::visible;
use crate::facts::{A000170, BOARD};
use crate::format::{Format, Request};
use crate::grade;
use crate::input::{Sizes, board_size};
use crate::judge::compile::{self, Language};
use crate::judge::error::Error as JudgeError;
use crate::judge::project::{Project, Undecided};
use crate::judge::sandbox::NoSandbox;
use crate::judge::{Answer, Given, Rules, Session, Submission, default_sizes, fixed_n, orderless};
use crate::judging;
use crate::lang::Lang;
use crate::solvers::Algo;
use std::ffi::OsString;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// What `labs` is to do, checked: one variant per command.
#[derive(Debug)]
pub enum Plan {
    /// `labs run`: the search asked for and how to show it.
    Run(Streaming),
    /// `labs list`.
    List,
    /// `labs trace`.
    Trace(TraceArgs),
    /// `labs lab`.
    Lab(LabArgs),
    /// `labs verify`.
    Verify(VerifyArgs),
    /// `labs count`.
    Count(CountArgs),
    /// `labs bench`: what to measure, checked.
    Bench(Setup),
    /// `labs interactive`.
    Interactive(InteractiveArgs),
    /// `labs judge`: the judge's three parts, checked.
    Judge(Box<Judging>),
    /// `labs grade`: the class found and the rules checked.
    Grade(Box<grade::Grading>),
    /// `labs solve`.
    Solve(SolveArgs),
    /// `labs check`.
    Check(CheckArgs),
    /// `labs completions`: the script for one shell, written by [`Completions::write`].
    Completions(Completions),
    /// `labs doctor`.
    Doctor,
    /// `labs man`: the manual page, written by [`Manual::write`].
    Man(Manual),
}

/// `labs judge`'s configuration: what [`crate::judge::judge`] takes.
#[derive(Debug)]
pub struct Judging {
    /// The machine, the sandbox, the stop: one for this process.
    pub session: Session,
    /// The format, the sizes, the limits.
    pub rules: Rules,
    /// The program, or the source to build.
    pub submission: Submission,
}

/// `labs run`'s configuration: the textbook's [`Request`] and how its solutions are shown.
#[derive(Debug)]
pub struct Streaming {
    /// The variant, the board size (within its limit), the first K, the tally.
    pub request: Request,
    /// The format the solutions are drawn in.
    pub format: Format,
    /// Only the count, in place of the solutions.
    pub count: bool,
}

impl RunArgs {
    /// What `labs run` is to do, checked: a board size within its limit, and an SVG only where
    /// its boards are known.
    fn streaming(&self, lang: Lang) -> Result<Streaming, Error> {
        let n = board_size(self.n.as_deref(), &BOARD, lang)?;
        let request = Request { algo: self.algo, n, first: self.first, tally: self.stats };
        if self.format == Format::Svg && !self.count && request.boards().is_none() {
            return Err(Error::Usage(say!(lang, RunSvgUnknown, n, known = A000170.len() - 1)));
        }
        Ok(Streaming { request, format: self.format, count: self.count })
    }
}

/// A shell's completion script, in a language.
#[derive(Debug)]
pub struct Completions(clap_complete::Shell, Lang);

impl Completions {
    /// Writes the script to `out`.
    pub fn write(&self, out: &mut dyn Write) {
        clap_complete::generate(self.0, &mut super::grammar(self.1), "labs", out);
    }
}

/// The manual page, in a language.
#[derive(Debug)]
pub struct Manual(Lang);

impl Manual {
    /// Writes the page to `out`.
    pub fn write(&self, out: &mut dyn Write) -> std::io::Result<()> {
        clap_mangen::Man::new(super::grammar(self.0)).render(out)
    }
}

/// The plan of `cli`'s command, its words in `lang`: checked now, before any work starts. `labs
/// grade` listens for Ctrl-C before its class is copied, so that a stop while it is copied ends
/// by the grader's way out, which removes the copy.
pub fn plan(cli: Cli, lang: Lang) -> Result<Plan, Error> {
    Ok(match cli.command {
        Command::Run(args) => Plan::Run(args.streaming(lang)?),
        Command::List => Plan::List,
        Command::Trace(args) => Plan::Trace(args),
        Command::Lab(args) => Plan::Lab(args),
        Command::Verify(args) => Plan::Verify(args),
        Command::Count(args) => Plan::Count(args),
        Command::Bench(args) => Plan::Bench(args.setup(lang)?),
        Command::Interactive(args) => Plan::Interactive(args),
        Command::Judge(args) => Plan::Judge(Box::new(args.judging(lang)?)),
        Command::Grade(args) => {
            crate::interrupt::watch()?;
            Plan::Grade(Box::new(args.grading(lang)?))
        }
        Command::Solve(args) => Plan::Solve(args),
        Command::Check(args) => Plan::Check(args),
        Command::Completions(args) => Plan::Completions(Completions(args.shell, lang)),
        Command::Doctor => Plan::Doctor,
        Command::Man => Plan::Man(Manual(lang)),
    })
}

impl JudgeArgs {
    /// What `labs judge` is to do, checked: a program that can be run or a source that can be
    /// built, the sizes the format allows, `--any-order` where its judge accepts it.
    fn judging(&self, lang: Lang) -> Result<Judging, Error> {
        let first = PathBuf::from(&self.program[0]);
        let rest = self.program[1..].to_vec();
        let submission = match Language::of(&first) {
            Some(language) if !first.is_dir() => Submission::Source(first, language, rest),
            // A folder holding a program in several files is built as one.
            _ if first.is_dir() => match Project::of(&first)? {
                Ok(project) => Submission::Project(first, project, rest),
                Err(Undecided::NoSource) => {
                    return Err(judging::error(compile::check_program(&first).unwrap_err(), lang));
                }
                Err(why) => return Err(judging::error(JudgeError::Undecided { source: first, why }, lang)),
            },
            _ => {
                compile::check_program(&first).map_err(|e| judging::error(e, lang))?;
                Submission::Command(self.program.clone())
            }
        };
        let (session, rules) = with_rules(&self.rules, lang)?;
        Ok(Judging { session, rules: rules.with_stop_after_timeout(!self.run_all), submission })
    }
}

/// How `labs trace --own` builds and runs `program`: as `labs judge` would, by its own path with
/// its rules at their defaults (AcWing's format, which reads n on stdin), under the trace's time
/// limit and its cap on stdout (which spares rendering a reference nobody compares with): the
/// same build, sandbox and limits a judgement has, whatever flags the judge grows.
pub fn own_program(program: &[OsString], lang: Lang) -> Result<Judging, Error> {
    use clap::{Args, FromArgMatches};
    let seconds = crate::facts::TRACE_OWN_SECONDS.to_string();
    let stdout = crate::facts::TRACE_OWN_STDOUT.to_string();
    let words = ["trace", "--format", "compact", "--time-limit", &seconds, "--output-limit", &stdout, "--"];
    let argv = words.map(OsString::from).into_iter().chain(program.iter().cloned());
    let parsed = JudgeArgs::augment_args(clap::Command::new("trace"))
        .try_get_matches_from(argv)
        .and_then(|matches| JudgeArgs::from_arg_matches(&matches));
    let judging = parsed.map_err(|e| Error::Usage(e.to_string()))?.judging(lang)?;
    judging::sandbox_note(&judging.session, lang);
    Ok(judging)
}

/// Checks `rules`: the sizes the format allows, `--any-order` where its judge accepts it; one
/// format only, as `labs judge` judges by one.
fn with_rules(rules: &JudgeRules, lang: Lang) -> Result<(Session, Rules), Error> {
    if allowed(rules).len() > 1 {
        return Err(Error::Usage(say!(lang, JudgeOneFormat)));
    }
    let (session, mut each) = with_each_format(rules, lang)?;
    Ok((session, each.remove(0)))
}

/// Checks `rules` as [`with_rules`] does, for each allowed format: one [`Rules`] per format, in
/// the order given, a format named twice kept once, each with its own judge's limits
/// ([`Site::preset`](crate::judge::site::Site::preset)) unless a flag gives them; and the one
/// [`Session`] they all judge in, the machine probed once for all. A grader judges every student
/// by the same rules.
fn with_each_format(rules: &JudgeRules, lang: Lang) -> Result<(Session, Vec<Rules>), Error> {
    let sized = allowed(rules).into_iter().map(|format| sizes(rules, format, lang).map(|sizes| (format, sizes)));
    let sized = sized.collect::<Result<Vec<_>, Error>>()?;
    // Probed once for every judgement of this command; off does not even try the sandbox. What
    // killed judges left behind goes now, where runs start: never in a command that only reports.
    let host = Arc::new(judging::host(rules.sandbox != SandboxPolicy::Off));
    host.sweep();
    let sandbox = match (rules.sandbox, host.sandbox()) {
        (SandboxPolicy::Off, _) => None,
        (_, Ok(sandbox)) => Some(Arc::clone(sandbox)),
        // A sandbox refused a process tells nothing of the sandbox: no run goes out of it for that.
        (_, Err(why @ NoSandbox::Refused)) => {
            return Err(Error::Machine(say!(lang, SandboxRefused, why = judging::words::no_sandbox(why, lang))));
        }
        (SandboxPolicy::On, Err(why)) => {
            return Err(Error::Usage(say!(lang, SandboxOnButNone, why = judging::words::no_sandbox(why, lang))));
        }
        (SandboxPolicy::Auto, Err(_)) => None,
    };
    let given = Given {
        time: rules.time_limit.is_some(),
        memory: rules.memory_limit.is_some(),
        order: rules.any_order || rules.in_order,
    };
    let each = sized.into_iter().map(|(format, sizes)| {
        let preset = Rules::of(format);
        let time = rules.time_limit.map_or(preset.time_limit, Duration::from_secs_f64);
        let memory = match rules.memory_limit {
            Some(mib) => Some(mib).filter(|&mib| mib > 0).map(|mib| mib << 20),
            None => preset.memory_limit,
        };
        let any_order = rules.any_order || (preset.any_order && !rules.in_order);
        let mib = |limit: u64| (limit > 0).then_some(limit << 20);
        preset
            .with_sizes(sizes)
            .with_time_limit(time)
            .with_memory_limit(memory)
            .with_output_limit(rules.output_limit.map(|b| b as usize))
            .with_any_order(any_order)
            .with_given(given)
            .with_strict(rules.strict)
            .with_max_processes((rules.max_processes > 0).then_some(rules.max_processes))
            .with_build_limits(mib(rules.build_memory_limit), mib(rules.build_file_limit))
    });
    // `labs judge` runs one program at a time: root's runs are nobody's. A grader gives each of
    // its workers a slot of its own ([`Session::with_slot`]).
    let session = Session::new(host, sandbox, Arc::new(crate::interrupt::Signals));
    Ok((session, each.collect()))
}

/// The formats `rules` allow, in order, each once.
fn allowed(rules: &JudgeRules) -> Vec<Answer> {
    let mut formats: Vec<Answer> = Vec::new();
    for &format in &rules.format {
        if !formats.contains(&format) {
            formats.push(format);
        }
    }
    formats
}

/// The sizes `rules` judge `format` at, checked with the order flags: the sizes the format allows,
/// `--any-order` where its judge accepts it, `--in-order` where it means something.
fn sizes(rules: &JudgeRules, format: Answer, lang: Lang) -> Result<Vec<usize>, Error> {
    let name = format.name();
    if format == Answer::Every(Format::Svg) {
        return Err(Error::Usage(say!(lang, JudgeNoSvg)));
    }
    // A format that draws boards holds its reference: its sizes end sooner than one solution's.
    let n = match (&rules.n, format) {
        (None, _) => None,
        (Some(n), Answer::One) => Some(&n.sizes),
        (Some(n), Answer::Every(_)) => Some(n.for_boards(lang).map_err(Error::Usage)?),
    };
    let sizes = match (n, fixed_n(format)) {
        (None, _) => default_sizes(format),
        (Some(Sizes::List(sizes)), Some(_)) if sizes.len() != 1 => {
            return Err(Error::Usage(say!(lang, JudgeOneSize, name)));
        }
        (Some(Sizes::List(sizes)), _) => sizes.clone(),
        (Some(Sizes::From(_)), _) => unreachable!("the judge's size parser takes closed lists only"),
    };
    if rules.any_order && !format.format().is_some_and(orderless) {
        return Err(Error::Usage(say!(lang, AnyOrderNotHere, name)));
    }
    if rules.in_order && format != Answer::Every(Format::Compact) {
        return Err(Error::Usage(say!(lang, InOrderNotHere, name)));
    }
    Ok(sizes)
}

impl GradeArgs {
    /// What `labs grade` is to do, checked: the rules (as the judge checks them), the class, the outputs.
    pub fn grading(&self, lang: Lang) -> Result<grade::Grading, Error> {
        grade::journal::check(&self.journal, lang)?;
        let class = grade::class::find(&self.class, self.max_source, lang)?;
        let (session, mut allowed) = with_each_format(&self.rules, lang)?;
        // One gradebook has one column per size: the formats must judge the same ones.
        if allowed.iter().any(|c| c.sizes != allowed[0].sizes) {
            let formats = allowed.iter().map(|c| c.format.name()).collect::<Vec<_>>().join(",");
            let each = allowed.iter().map(|c| format!("{} {}", c.format.name(), shown_sizes(&c.sizes)));
            let sizes = each.collect::<Vec<_>>().join(Key::LimitsSeparator.text(lang));
            return Err(Error::Usage(say!(lang, FormatsSizesDiffer, formats, sizes)));
        }
        let rules = allowed.remove(0);
        let outputs = self.outputs.outputs(lang)?;
        if let Some(unknown) = self.rejudge.iter().find(|name| !class.students.iter().any(|s| &s.name == *name)) {
            let names = class.students.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", ");
            return Err(Error::Usage(say!(lang, RejudgeUnknown, name = visible(unknown), names)));
        }
        let sizes = rules.sizes.len();
        let scoring = match self.weights.len() {
            0 => grade::book::Scoring { pe: self.pe_score, ..grade::book::Scoring::equal(sizes) },
            k if k == sizes && self.weights.iter().sum::<f64>() > 0.0 => {
                grade::book::Scoring { weights: self.weights.clone(), pe: self.pe_score }
            }
            k if k == sizes => return Err(Error::Usage(say!(lang, WeightsAllZero))),
            k => {
                let n = rules.sizes.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ");
                return Err(Error::Usage(say!(lang, WeightsCount, k, sizes, n)));
            }
        };
        Ok(grade::Grading {
            scoring,
            bom: self.excel || lang == Lang::Zh,
            lang,
            feedback: self.feedback.clone(),
            roster: match &self.roster {
                Some(path) => grade::roster::read(path, crate::facts::GRADE_JOURNAL_BYTES, lang)?,
                None => grade::roster::Roster::default(),
            },
            session,
            rules,
            others: allowed,
            class,
            jobs: self.jobs as usize,
            journal: self.journal.clone(),
            resume: self.resume || !self.rejudge.is_empty(),
            rejudge: self.rejudge.clone(),
            outputs,
            base: self.base.as_deref().map(|path| grade::copies::read_base(path, self.max_source, lang)).transpose()?,
            max_source: self.max_source,
            startups: grade::rerun::Startups::new(self.runs),
        })
    }
}

/// Sizes as a user would type them: `1..=9` for a run of them, else `4,6,8`.
fn shown_sizes(sizes: &[usize]) -> String {
    match (sizes.first(), sizes.last()) {
        (Some(a), Some(b)) if sizes.len() > 2 && b - a + 1 == sizes.len() => format!("{a}..={b}"),
        _ => sizes.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(","),
    }
}

impl BenchArgs {
    /// What `labs bench` is to measure, checked; the first problem found is a usage error.
    pub fn setup(&self, lang: Lang) -> Result<crate::bench::config::Setup, Error> {
        let mut algos: Vec<Algo> = Vec::new();
        for &algo in &self.algo {
            if !algos.contains(&algo) {
                algos.push(algo);
            }
        }
        let reference = match self.reference {
            Some(r) if !algos.contains(&r) => {
                let measured = algos.iter().map(|a| a.name()).collect::<Vec<_>>().join(Key::ListSeparator.text(lang));
                return Err(Error::Usage(say!(lang, BenchReferenceAbsent, name = r.name(), measured)));
            }
            r => r.map(|r| r.name().to_string()),
        };
        let settings = crate::bench::compare::Settings {
            runs: self.runs,
            warmup: self.warmup,
            budget_seconds: self.budget,
            reference,
        };
        Ok(crate::bench::config::Setup { algos, sizes: self.n.clone(), settings, outputs: self.outputs.outputs(lang)? })
    }
}

impl OutputArgs {
    /// The outputs asked for, checked.
    pub fn outputs(&self, lang: Lang) -> Result<crate::export::Outputs, Error> {
        crate::export::Outputs::new(
            self.export_markdown.as_deref(),
            self.export_csv.as_deref(),
            self.export_json.as_deref(),
            self.plot.as_deref(),
            lang,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `labs grade`'s rules from its flags `flags`.
    fn grade_rules(flags: &[&str]) -> JudgeRules {
        use clap::Parser;
        let args = [&["labs", "grade", "--sandbox", "off"][..], flags, &["class"]].concat();
        match super::super::Cli::try_parse_from(args).unwrap().command {
            super::super::Command::Grade(grade) => grade.rules,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn each_allowed_format_keeps_its_judges_limits_unless_a_flag_gives_them_and_judge_takes_one() {
        let terms = |flags: &[&str]| -> Vec<(Format, u128, Option<u64>, bool)> {
            let (_, each) = with_each_format(&grade_rules(flags), Lang::En).unwrap();
            each.iter()
                .map(|c| (c.format.format().unwrap(), c.time_limit.as_millis(), c.memory_limit, c.any_order))
                .collect()
        };
        let mib = Some(64 << 20);
        assert_eq!(
            terms(&["-f", "acwing,pta,compact"]),
            [(Format::Compact, 1000, mib, true), (Format::Spaced, 400, mib, false)]
        );
        assert_eq!(
            terms(&["-f", "pta,acwing", "--time-limit", "2"]),
            [(Format::Spaced, 2000, mib, false), (Format::Compact, 2000, mib, true)]
        );
        let refused = with_rules(&grade_rules(&["-f", "acwing,pta"]), Lang::En).unwrap_err();
        assert!(
            matches!(&refused, Error::Usage(why) if why.starts_with("labs judge judges by one format")),
            "{refused:?}"
        );
        assert_eq!(
            with_rules(&grade_rules(&["-f", "acwing,acwing"]), Lang::En).unwrap().1.format,
            Answer::Every(Format::Compact)
        );
    }
}
