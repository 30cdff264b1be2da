//! `labs judge`: an online judge on the student's own machine.
//!
//! A library of its own, below the `labs` binary: it takes its configuration in three parts, the
//! [`Rules`] (plain data), a [`Session`] (a [`Host`], the sandbox, a [`process::StopHandle`], the
//! references) and a [`Submission`], and returns data and typed errors ([`error::Error`]). It
//! holds no words, no language and no command-line type, and no process-wide state but the one the kernel
//! makes so (the Linux backend's children; see [`process::take_charge`]). It depends on the
//! textbook (`nqueens`) for the reference outputs, and on nothing of the binary.
//!
//! A submission is a command, or a source file that is first built as a judge builds it
//! ([`compile`]). For each board size it is run with n on stdin — or with no input at all for a
//! fixed-n judge such as Bailian's — by [`process::run`], which owns it and all it starts,
//! under a time limit, a memory limit, an output cap and a cap on processes, in a
//! [`sandbox`] where one works. A run that ended badly gets its verdict
//! from its ending ([`verdict`]); a clean one has its output compared with the toolkit's
//! reference bytes by the rules of the judge its format stands for ([`site`]), and [`explain`]
//! adds why a wrong output is wrong ([`note`]) — or, where any one solution is right
//! ([`Answer::One`]), checked by [`one`]. The binary's `judging` words and renders it all.
//! The reference is rendered from the `bits` solver, which every variant agrees with (tests/toolkit/agree.rs).
//!
//! For a grader or a sandbox: [`Rules`] are plain data (the binary builds them from its flags;
//! or start from [`Rules::of`]), one [`Session`] serves every judgement of a process or of a
//! grading, [`judge`] returns a [`Judged`] of verdicts as data, and [`process::run`] runs any [`process::Program`] (a sandbox wraps its `argv`).
//!
//! [`process`] and [`sandbox`] are the seam to the operating system: everything else here is
//! plain std, and the backend below them is chosen at its `mod` line here, one per family of
//! systems (cargo-nextest's `test_command/{unix,windows}.rs` is the model).

// The backend: the only code that calls the operating system directly.
#[cfg(all(target_os = "linux", not(feature = "portable-backend")))]
#[path = "linux/mod.rs"]
mod backend;
#[cfg(any(not(target_os = "linux"), feature = "portable-backend"))]
#[path = "portable/mod.rs"]
mod backend;

pub mod compile;
pub mod diff;
pub mod error;
pub mod explain;
pub mod facts;
pub mod foreign;
pub mod host;
pub mod note;
pub mod one;
pub mod process;
pub mod project;
pub mod sandbox;
pub mod scratch;
pub mod site;
pub mod slot;
pub mod system;
pub mod verdict;

/// The README's example runs as a doctest, so it cannot drift from the code.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

use compile::Language;
use error::Error;
use host::Host;
use note::Note;
use nqueens::format::{self, Format, render_to_string};
use nqueens::solvers::Algo;
use process::{Limits, Program, Run, Stop};
use project::Project;
use sandbox::{Place, ProcessCap, Sandbox};
use site::Site;
use std::collections::HashMap;
use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use system::System;
use verdict::{BuildFailure, Mismatch, Verdict};

/// What is judged: a command to run, or a source file or a folder of them to build first. It
/// will grow (an archive, a notebook): a caller builds one and never needs to match on it, so a
/// new kind breaks no caller. The enums a renderer words (verdicts, notes, errors) stay
/// exhaustive on purpose: a new one must fail to build until it has its words.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Submission {
    /// A program and its arguments, run directly.
    Command(Vec<OsString>),
    /// A source file in a language the judge builds, and arguments for the built program.
    Source(PathBuf, Language, Vec<OsString>),
    /// A folder holding a program in several files, as [`Project`] decided it (once, by whoever
    /// read the folder), and arguments for the built program.
    Project(PathBuf, Project, Vec<OsString>),
}

/// What a program is asked to print: every solution in one of the documents' formats, compared
/// with the reference by its judge's rules, or any one solution, checked ([`one`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Answer {
    /// Every solution, in this format.
    Every(Format),
    /// Any one solution (or `None` where there is none), as columns or one board.
    One,
}

impl Answer {
    /// The name `--format` takes: the format's, or `one`.
    pub fn name(self) -> &'static str {
        match self {
            Answer::Every(format) => format.name(),
            Answer::One => "one",
        }
    }

    /// The format of every solution, if that is what is asked.
    pub fn format(self) -> Option<Format> {
        match self {
            Answer::Every(format) => Some(format),
            Answer::One => None,
        }
    }
}

impl From<Format> for Answer {
    fn from(format: Format) -> Answer {
        Answer::Every(format)
    }
}

impl std::fmt::Display for Answer {
    /// The name `--format` takes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How a submission is judged: the format, the sizes, the limits and the order rule, plain data
/// that depends on neither the submission nor the machine. [`Rules::of`] gives a format's judge's
/// own; the `with_*` methods change one rule each, as a flag would. A grader checks one set (or
/// one per format it allows) for the whole class and judges every student by it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Rules {
    /// What the output must be: every solution in a format, or any one.
    pub format: Answer,
    /// The board sizes to judge, in order.
    pub sizes: Vec<usize>,
    /// Time limit per run: CPU time where the backend measures it ([`process::Limits::time`]).
    pub time_limit: Duration,
    /// Memory limit, in bytes (`None`: none): per process, and for the run together where a
    /// memory cgroup can be had ([`process::Limits::memory`]).
    pub memory_limit: Option<u64>,
    /// Output cap per run; `None`: 16 MiB or four times the reference, whichever is larger.
    pub output_limit: Option<usize>,
    /// Compare the boards as a set.
    pub any_order: bool,
    /// Which of the time limit, the memory limit and the order rule a flag gave; the others are
    /// the judge's own ([`Site::preset`]).
    pub given: Given,
    /// Compare byte for byte, whatever the judge's own rules.
    pub strict: bool,
    /// Processes a run may have at once (`None`: no cap).
    pub max_processes: Option<u32>,
    /// A build's memory limit, in bytes (`None`: none).
    pub build_memory_limit: Option<u64>,
    /// The largest file a build may write, in bytes (`None`: no limit).
    pub build_file_limit: Option<u64>,
    /// Leave the larger sizes unjudged once one ran out of time (`labs judge` without
    /// `--run-all`): an endless loop would cost every one of them a time limit. A grader judges
    /// every point.
    pub stop_after_timeout: bool,
}

impl Rules {
    /// The rules of `format`'s judge: its sizes ([`default_sizes`]), its time and memory limits
    /// and its order rule ([`Site::preset`]), none of them given by a flag; no output cap but the
    /// judge's own, no process cap, no build limits, every size judged.
    pub fn of(format: impl Into<Answer>) -> Rules {
        let format = format.into();
        let preset = Site::of_answer(format).preset();
        Rules {
            format,
            sizes: default_sizes(format),
            time_limit: preset.time,
            memory_limit: Some(preset.memory_mib).filter(|&mib| mib > 0).map(|mib| mib << 20),
            output_limit: None,
            any_order: preset.any_order,
            given: Given::default(),
            strict: false,
            max_processes: None,
            build_memory_limit: None,
            build_file_limit: None,
            stop_after_timeout: false,
        }
    }

    /// These rules on `sizes`.
    pub fn with_sizes(self, sizes: Vec<usize>) -> Rules {
        Rules { sizes, ..self }
    }

    /// These rules with the time limit `time`.
    pub fn with_time_limit(self, time: Duration) -> Rules {
        Rules { time_limit: time, ..self }
    }

    /// These rules with the memory limit `bytes` (`None`: none).
    pub fn with_memory_limit(self, bytes: Option<u64>) -> Rules {
        Rules { memory_limit: bytes, ..self }
    }

    /// These rules with the output cap `bytes` (`None`: the judge's own).
    pub fn with_output_limit(self, bytes: Option<usize>) -> Rules {
        Rules { output_limit: bytes, ..self }
    }

    /// These rules comparing the boards as a set, or not.
    pub fn with_any_order(self, any_order: bool) -> Rules {
        Rules { any_order, ..self }
    }

    /// These rules saying which of them a flag gave.
    pub fn with_given(self, given: Given) -> Rules {
        Rules { given, ..self }
    }

    /// These rules comparing byte for byte, or by the judge's own rule.
    pub fn with_strict(self, strict: bool) -> Rules {
        Rules { strict, ..self }
    }

    /// These rules with the process cap `k` (`None`: no cap).
    pub fn with_max_processes(self, k: Option<u32>) -> Rules {
        Rules { max_processes: k, ..self }
    }

    /// These rules with a build's memory limit and largest file, in bytes (`None`: no limit).
    pub fn with_build_limits(self, memory: Option<u64>, file: Option<u64>) -> Rules {
        Rules { build_memory_limit: memory, build_file_limit: file, ..self }
    }

    /// These rules leaving the larger sizes unjudged once one ran out of time, or not.
    pub fn with_stop_after_timeout(self, stop: bool) -> Rules {
        Rules { stop_after_timeout: stop, ..self }
    }

    /// The judge whose rules apply.
    pub fn site(&self) -> Site {
        Site::of_answer(self.format)
    }

    /// Whether [`ready`] makes the same of a submission under these rules as under `other`, in one
    /// [`Session`]: built under the same limits, run under the same memory limit (a JVM's heap
    /// flag) and process cap, named as the same class. A grader that judges a student by several
    /// formats builds once for formats that agree on all of these.
    pub fn builds_as(&self, other: &Rules) -> bool {
        self.memory_limit == other.memory_limit
            && self.build_memory_limit == other.build_memory_limit
            && self.build_file_limit == other.build_file_limit
            && self.max_processes == other.max_processes
            && self.site().java_class() == other.site().java_class()
    }
}

/// What a judgement runs with, beyond its rules: the machine as probed, the sandbox, whether to
/// stop, the reference outputs rendered so far and the job slot whose user runs. One per process,
/// or per grading: every judgement that shares one shares its references; a grader's worker
/// holds a copy with its own slot ([`Session::with_slot`]).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Session {
    /// What this machine offers, probed once by the caller.
    pub host: Arc<Host>,
    /// The sandbox every build and run goes into (`None`: none), one of `host`'s.
    pub sandbox: Option<Arc<dyn Sandbox>>,
    /// Whether to stop: asked before and during every build and run.
    pub stop: Arc<dyn process::StopHandle>,
    /// The reference outputs, rendered once for every judgement that shares this.
    pub references: Arc<References>,
    /// The job slot whose user the builds and runs execute as when this process is root (`None`:
    /// `nobody`): a grader's worker thread holds one of its own ([`slot::Slot`]).
    pub slot: Option<Arc<slot::Slot>>,
}

impl Session {
    /// A session on `host`, in `sandbox` (one of `host`'s, or `None`), stopped when `stop` says
    /// so, with no references rendered yet and no slot.
    pub fn new(host: Arc<Host>, sandbox: Option<Arc<dyn Sandbox>>, stop: Arc<dyn process::StopHandle>) -> Session {
        Session { host, sandbox, stop, references: Arc::default(), slot: None }
    }

    /// This session, its references shared, with its builds and runs as `slot`'s user.
    pub fn with_slot(&self, slot: Option<Arc<slot::Slot>>) -> Session {
        Session { slot, ..self.clone() }
    }

    /// The user of [`Session::slot`], if there is one.
    pub fn user(&self) -> Option<slot::User> {
        self.slot.as_ref().map(|slot| slot.user())
    }
}

/// Which of a judgement's limits a flag gave, rather than the judge's preset.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Given {
    /// `--time-limit`.
    pub time: bool,
    /// `--memory-limit`.
    pub memory: bool,
    /// `--any-order` or `--in-order`.
    pub order: bool,
}

/// The terms a submission is judged under, as a report states them: the limits, the order rule
/// and the comparison, and which a flag gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    /// Time limit per run.
    pub time_limit: Duration,
    /// Memory limit per process, in bytes (`None`: none).
    pub memory_limit: Option<u64>,
    /// Boards compared as a set.
    pub any_order: bool,
    /// Any one solution is right, checked: no order to speak of.
    pub one: bool,
    /// Which of them a flag gave.
    pub given: Given,
}

impl Terms {
    /// The terms of `rules`.
    pub fn of(rules: &Rules) -> Terms {
        Terms {
            time_limit: rules.time_limit,
            memory_limit: rules.memory_limit,
            any_order: rules.any_order,
            one: rules.format == Answer::One,
            given: rules.given,
        }
    }
}

/// The judgement for one n.
#[derive(Debug)]
pub struct Judgement {
    /// Board size.
    pub n: usize,
    /// The outcome.
    pub verdict: Verdict,
    /// The run itself: time, memory, output and stderr.
    pub run: Run,
    /// The reference bytes (for the diff of a Wrong Answer or Presentation Error), shared with
    /// every other judgement of the same format and n ([`References`]).
    pub expected: Arc<[u8]>,
    /// Whether a diff against `expected` explains the verdict (not when boards did not match as
    /// a set: the detail lists them instead).
    pub diff: bool,
    /// Why it is wrong, beyond the verdict's detail.
    pub notes: Vec<Note>,
    /// Its output's CRLF line ends were read as LF before it was compared (on Windows).
    pub crlf: bool,
}

/// A whole submission judged.
#[derive(Debug)]
pub struct Judged {
    /// The judge whose rules applied.
    pub site: Site,
    /// How the source was built, if it was (unescaped, see [`compile::Build::command`]).
    pub built_with: Option<String>,
    /// Why it is a Compile Error, if it is one (then `cases` is empty).
    pub compile_error: Option<BuildFailure>,
    /// One judgement per board size, in order.
    pub cases: Vec<Judgement>,
    /// Notes on the submission as a whole (the same output for every n, say).
    pub notes: Vec<Note>,
    /// Whether the build and the runs were in the sandbox.
    pub sandboxed: bool,
    /// The limits and the order rule it was judged under.
    pub terms: Terms,
    /// The process cap and what held it (`None`: no cap was asked for).
    pub process_cap: Option<(u32, ProcessCap)>,
    /// What the backend held, and what not.
    pub guarantees: process::Guarantees,
    /// The signal that cut the judging short, if one did: the sizes after the last case were
    /// not judged (a note says which).
    pub interrupted: Option<i32>,
}

impl Judged {
    /// A judgement in `session` under `rules` before anything was built or run.
    pub fn nothing_yet(session: &Session, rules: &Rules) -> Judged {
        Judged {
            site: rules.site(),
            built_with: None,
            compile_error: None,
            cases: Vec::new(),
            notes: Vec::new(),
            sandboxed: session.sandbox.is_some(),
            terms: Terms::of(rules),
            process_cap: rules.max_processes.map(|k| (k, session.host.process_cap(session.sandbox.as_deref()))),
            guarantees: session.host.guarantees(),
            interrupted: None,
        }
    }

    /// Whether every test point was accepted.
    pub fn accepted(&self) -> bool {
        self.compile_error.is_none() && self.cases.iter().all(|c| c.verdict.accepted())
    }

    /// The first test point whose run was killed by a signal that no program brings on itself by
    /// crashing, and that the guard did not send: `SIGKILL`, which only `kill(2)` (another run of
    /// the same user, an administrator) or the system's out-of-memory killer sends, and the guard's
    /// own kills are read as the limit they enforce ([`process::Ended::TimedOut`] and the rest),
    /// never as this. Its n and the signal's number. A grader takes it for the machine's failure,
    /// not the student's verdict; a run near its memory limit stays MLE.
    pub fn killed_from_outside(&self) -> Option<(usize, i32)> {
        let kill = process::Signal::Kill.number();
        self.cases
            .iter()
            .find(|c| c.run.ended == process::Ended::Signalled(kill) && matches!(c.verdict, Verdict::RuntimeError(_)))
            .map(|c| (c.n, kill))
    }

    /// Every test point's verdict (a Compile Error counts as one).
    pub fn verdicts(&self) -> Vec<Verdict> {
        match &self.compile_error {
            Some(failure) => vec![Verdict::CompileError(failure.clone())],
            None => self.cases.iter().map(|c| c.verdict.clone()).collect(),
        }
    }
}

/// The board size a judge fixes by default, whose programs read no input: Bailian's and
/// document 001's 8 (`--n K` names another, the one a program was built for).
pub fn fixed_n(format: impl Into<Answer>) -> Option<usize> {
    match format.into() {
        Answer::Every(Format::Numbered | Format::Framed) => Some(8),
        _ => None,
    }
}

/// The sizes a judge tests by default.
pub fn default_sizes(format: impl Into<Answer>) -> Vec<usize> {
    let format = format.into();
    match (fixed_n(format), format) {
        (Some(n), _) => vec![n],
        // Luogu P1219 promises 6 ≤ n ≤ 13.
        (None, Answer::Every(Format::Luogu)) => (6..=13).collect(),
        (None, Answer::One) => facts::JUDGE_ONE_SIZES.to_vec(),
        // PTA, AcWing 843 (1 ≤ n ≤ 9), LeetCode 51 (1 ≤ n ≤ 9), and the toolkit's own formats.
        (None, _) => (1..=9).collect(),
    }
}

/// A submission ready to run: built, if it is a source, and in the sandbox, if there is one. The
/// build's directory lives as long as this, so a grader can run the program again after it was
/// judged ([`run_at`]).
#[derive(Debug)]
pub struct Ready {
    /// What to run.
    pub program: Program,
    /// How the source was built, if it was.
    pub built_with: Option<String>,
    /// The files its command line names (its build, the program itself), as they were when it
    /// was made ready: one gone when it is to run is [`Error::ProgramLost`], never a verdict.
    pub needs: Vec<PathBuf>,
    /// What was built, kept so that the build's directory outlives every run (and for the
    /// files it transcoded, which the judgement notes).
    build: Option<compile::Build>,
    /// The language of the source it was built from, if it was.
    language: Option<Language>,
}

/// A submission as [`ready`] leaves it: ready to run, or a Compile Error.
#[derive(Debug)]
pub enum Prepared {
    /// Ready to run.
    Ready(Box<Ready>),
    /// A Compile Error, and why (see [`compile::compile`]).
    CompileError(BuildFailure),
}

/// Builds `submission` under `rules` in `session` and wraps it in the sandbox.
pub fn ready(session: &Session, rules: &Rules, submission: &Submission) -> Result<Prepared, Error> {
    let (compiled, language, args) = match submission {
        Submission::Command(argv) => {
            let ready = wrapped(session, rules, Program::new(argv.clone()), None);
            return Ok(Prepared::Ready(Box::new(ready)));
        }
        Submission::Source(source, language, args) => {
            (compile::compile(source, *language, session, rules)?, *language, args)
        }
        Submission::Project(dir, project, args) => {
            (compile::compile_project(dir, project, session, rules)?, project.language, args)
        }
    };
    let build = match compiled {
        compile::Compiled::Failed(failure) => return Ok(Prepared::CompileError(failure)),
        compile::Compiled::Built(build) => build,
    };
    let mut program = build.program.clone();
    program.argv.extend(args.iter().cloned());
    let ready = wrapped(session, rules, program, Some(build));
    Ok(Prepared::Ready(Box::new(Ready { language: Some(language), ..ready })))
}

/// `program` (what `build` built, if anything) ready to run: untrusted, in the sandbox if there is one.
fn wrapped(session: &Session, rules: &Rules, program: Program, build: Option<compile::Build>) -> Ready {
    let image_kib = process::image_kib(&program);
    let program = Program { untrusted: true, user: session.user(), image_kib, ..program };
    let needs = program.paths().into_iter().map(|(_, path)| path).collect();
    let program = match session.sandbox.as_deref() {
        Some(sandbox) => sandbox.wrap(&program, Place::Run, rules.max_processes),
        None => program,
    };
    let built_with = build.as_ref().and_then(|b| b.command.clone());
    Ready { program, built_with, needs, build, language: None }
}

/// Judges `submission` on every size of `rules` in `session`, calling `each` as each size is
/// decided. A signal while a size runs ends the judging with the sizes decided so far
/// ([`Judged::interrupted`]); one during the build is an [`Error::Signal`].
pub fn judge(
    session: &Session,
    rules: &Rules,
    submission: &Submission,
    each: impl FnMut(&Judgement),
) -> Result<Judged, Error> {
    match ready(session, rules, submission)? {
        Prepared::CompileError(failure) => {
            Ok(Judged { compile_error: Some(failure), ..Judged::nothing_yet(session, rules) })
        }
        Prepared::Ready(ready) => judge_ready(session, rules, &ready, each),
    }
}

/// [`judge`] for a submission already [`ready`].
pub fn judge_ready(
    session: &Session,
    rules: &Rules,
    ready: &Ready,
    mut each: impl FnMut(&Judgement),
) -> Result<Judged, Error> {
    let mut judged = Judged { built_with: ready.built_with.clone(), ..Judged::nothing_yet(session, rules) };
    if let Some(build) = ready.build.as_ref().filter(|b| !b.transcoded.is_empty()) {
        judged.notes.push(Note::Transcoded { files: build.transcoded.to_vec() });
    }
    for (i, &n) in rules.sizes.iter().enumerate() {
        // A signal ends the judging, not the report: the points judged so far are kept.
        let judgement = match judge_one(session, rules, ready, n) {
            Err(Error::Signal(signal)) => {
                judged.interrupted = Some(signal);
                judged.notes.push(Note::Interrupted { n, sizes: rules.sizes[i..].to_vec() });
                break;
            }
            judgement => judgement?,
        };
        // A source the interpreter cannot parse never ran: one Compile Error, not an RE a size.
        if let Some(lines) = syntax_error(ready, &judgement) {
            return Ok(Judged { compile_error: Some(BuildFailure::Syntax { lines }), ..judged });
        }
        each(&judgement);
        let timed_out = matches!(judgement.verdict, Verdict::TimeLimitExceeded(_));
        judged.cases.push(judgement);
        let rest = &rules.sizes[i + 1..];
        if timed_out && rules.stop_after_timeout && !rest.is_empty() {
            judged.notes.push(Note::NotRunAfterTimeout { n, sizes: rest.to_vec() });
            break;
        }
    }
    if judged.cases.iter().any(|c| c.crlf) {
        judged.notes.push(Note::CrlfReadAsLf);
    }
    // Outputs cut at the cap are alike because the cap is: a flood says nothing of n.
    let flooded = |c: &&Judgement| c.verdict == Verdict::OutputLimitExceeded;
    let outputs: Vec<&[u8]> = judged.cases.iter().filter(|c| !flooded(c)).map(|c| c.run.stdout.as_slice()).collect();
    if judged.cases.len() > 1 && judged.cases.iter().all(|c| flooded(&c)) {
        judged.notes.push(Note::EveryRunFlooded);
    } else if !judged.accepted() {
        judged.notes.extend(explain::same_for_every_n(&outputs));
    }
    Ok(judged)
}

/// The interpreter's last lines, if `judgement` is of a Python source (`ready`) that did not parse: it
/// exited with 1, printed nothing, and its stderr ends in Python's `SyntaxError`,
/// `IndentationError` or `TabError` line (a program that prints one itself only makes its own
/// verdict a Compile Error).
fn syntax_error(ready: &Ready, judgement: &Judgement) -> Option<Vec<Vec<u8>>> {
    const ERRORS: [&[u8]; 3] = [b"SyntaxError", b"IndentationError", b"TabError"];
    if ready.language != Some(Language::Python) {
        return None;
    }
    let run = &judgement.run;
    if run.ended != process::Ended::Exited(1) || !run.stdout.is_empty() {
        return None;
    }
    let lines: Vec<&[u8]> = run.stderr.split(|&b| b == b'\n').filter(|l| !l.trim_ascii().is_empty()).collect();
    let last = lines.last()?;
    ERRORS
        .iter()
        .any(|e| last.starts_with(e))
        .then(|| lines[lines.len().saturating_sub(facts::SYNTAX_LINES)..].iter().map(|l| l.to_vec()).collect())
}

/// Runs `ready`'s program (already in the sandbox, if `session` has one) once for `n` under
/// `rules` and judges what it did.
pub fn judge_one(session: &Session, rules: &Rules, ready: &Ready, n: usize) -> Result<Judgement, Error> {
    let program = &ready.program;
    let expected = expected(session, rules, n);
    // Its stderr's first bytes in a folder of the judge's own, for its search's steps, if it
    // writes them: read only when the verdict is one they can explain.
    let events = scratch::Scratch::new("events")?;
    let spool = process::Spool::keeping(&events.path().join("stderr"), facts::JUDGE_EVENTS_BYTES)?;
    let (run, crlf) = run_spooled_at(session, rules, ready, n, Some(spool.clone()))?;
    let site = rules.site();
    let compare = |expected: &[u8], got: &[u8]| {
        if rules.strict { site::strict(expected, got) } else { site.compare(expected, got) }
    };
    let mut notes = Vec::new();
    // A memory limit nothing held decides nothing; a JVM may hold more than its heap.
    let memory = rules.memory_limit.filter(|_| session.host.guarantees().memory_limit);
    let memory = memory.map(|bytes| program.memory_together(bytes));
    // RLIMIT_AS holds the program's own address space, its image included, JVMs' not.
    let address_space = memory.filter(|_| program.limit_address_space);
    let image = program.image_kib.map(|kib| u64::from(kib.get()) << 10);
    let ending = match (verdict::too_large_to_start(&run, address_space, image), image) {
        (true, Some(bytes)) => {
            notes.push(Note::TooLargeToStart { bytes });
            Some(Verdict::MemoryLimitExceeded)
        }
        _ => verdict::from_ending(&run, memory, rules.max_processes),
    };
    let (verdict, diff) = match (ending, rules.format) {
        (Some(v), _) => (v, false),
        (None, Answer::One) => match one::check(n, &run.stdout) {
            Ok(()) => (Verdict::Accepted, false),
            Err(why) => (Verdict::WrongAnswer(Mismatch::NotOne { n, why }), false),
        },
        (None, Answer::Every(format)) if rules.any_order => any_order((format, n), &expected, &run.stdout, compare),
        (None, Answer::Every(_)) => (compare(&expected, &run.stdout), !site.any_order() || rules.strict),
    };
    if matches!(verdict, Verdict::WrongAnswer(_)) {
        notes.extend(wrong_answer_notes(rules, n, &expected, &run));
    }
    if run.outran > 0 {
        notes.push(Note::Outran { k: run.outran });
    }
    let explains =
        matches!(verdict, Verdict::WrongAnswer(_) | Verdict::PresentationError(_) | Verdict::TimeLimitExceeded(_));
    if explains {
        spool.finish()?;
        notes.extend(own_search(&events.path().join("stderr"), n)?);
    }
    Ok(Judgement { n, verdict, run, expected, diff, notes, crlf })
}

/// Where the search a program wrote on stderr (in the file `stderr`) first left the nearest
/// variant's, or that it is that variant's search: `None` if it wrote no steps, or `n` is past
/// what the variants search. Read as it streams, as `labs trace --own` reads it.
fn own_search(stderr: &std::path::Path, n: usize) -> std::io::Result<Option<Note>> {
    use nqueens::own::{Comparison, Origin, Parsed, TREES, event::each_line, parse};
    use std::ops::ControlFlow;
    if !(1..=nqueens::solvers::MAX_N).contains(&n) {
        return Ok(None);
    }
    // Made at the first event: a program that writes none starts no variant's search.
    let mut comparison: Option<Comparison> = None;
    let mut failed = None;
    let reader = std::io::BufReader::new(std::fs::File::open(stderr)?);
    each_line(reader, 0, |line| {
        let Parsed::Event(event) = parse(line, Origin::Zero) else { return ControlFlow::Continue(()) };
        let comparing = match &mut comparison {
            Some(comparing) => comparing,
            None => match Comparison::new(n, &TREES) {
                Ok(made) => comparison.insert(made),
                Err(e) => {
                    failed = Some(e);
                    return ControlFlow::Break(());
                }
            },
        };
        // The student's own bug ends the stream: the comparison has named it.
        match comparing.feed(event) {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        }
    })?;
    if let Some(e) = failed {
        return Err(e);
    }
    Ok(comparison.map(|c| {
        let steps = c.replay().steps();
        match c.nearest() {
            (reference, Some(difference)) => Note::Departed { reference, difference },
            (reference, None) => Note::SameSearch { reference, steps },
        }
    }))
}

/// Runs `ready`'s program (already in the sandbox, if `session` has one) once for `n` under
/// `rules`' limits, in a fresh working directory: the run, its output's CRLF line ends read as LF
/// where the system writes them, and whether it had any. [`judge_one`] judges what it did; a
/// grader runs an accepted program again with it to time it.
///
/// A run that labs could not start or keep is never the program's: a file it needs
/// ([`Ready::needs`]) gone before it starts, when it cannot be started, or, in the sandbox, once
/// it ran, is [`Error::ProgramLost`]. Out of the sandbox a program may remove its own files (its
/// build is its user's): its next run then reads as the machine's failure too, which gives it no
/// verdict at all, never a better one, and never gives another student's run a verdict of the
/// machine's making. Out of the sandbox the program is `exec`ed by the guard's own child,
/// which reports a failed `exec` through std's close-on-exec pipe (no program runs to forge it):
/// its exit code, 127 included, is always its own. In the sandbox a helper `exec`s it (a shell,
/// `setpriv`), whose failure is an exit code of 127 the program could exit with too; but there
/// the program's files are bound read-only where it cannot remove them, so a file gone after the
/// run was removed by another process than the program: the machine's failure, whatever the run
/// ended with.
pub fn run_at(session: &Session, rules: &Rules, ready: &Ready, n: usize) -> Result<(Run, bool), Error> {
    run_spooled_at(session, rules, ready, n, None)
}

/// [`run_at`], with the whole of the run's stderr also written to `spool`, if there is one
/// ([`process::Spool`]: a file of the caller's, up to a cap that ends the run when passed): for a
/// reader of everything the program wrote there, such as its own search's events.
pub fn run_spooled_at(
    session: &Session,
    rules: &Rules,
    ready: &Ready,
    n: usize,
    spool: Option<process::Spool>,
) -> Result<(Run, bool), Error> {
    let program = &ready.program;
    let limits = Limits {
        time: rules.time_limit,
        grace: facts::JUDGE_GRACE,
        memory: rules.memory_limit,
        file_size: None,
        // Rendered only when asked: a caller that sets its own cap holds no reference.
        stdout: rules.output_limit.unwrap_or_else(|| (16 << 20).max(4 * answer_bytes(session, rules, n))),
        stderr: facts::JUDGE_STDERR_BYTES,
        processes: guarded_processes(session, rules.max_processes),
    };
    let input = fixed_n(rules.format).is_none().then(|| format!("{n}\n").into_bytes());
    // Without the sandbox (which gives it one), a fresh empty working directory of its own: not
    // the grader's, where the journal is.
    let scratch = match &session.sandbox {
        None => Some(scratch::Scratch::new("run")?),
        Some(_) => None,
    };
    if let Some(dir) = &scratch {
        session.host.give_to_runs(dir.path(), session.user());
    }
    let program = match &scratch {
        Some(dir) => &program.run_in(dir.path()),
        None => program,
    };
    let what = || format!("'{}'", program.argv[0].to_string_lossy());
    let lost = |asked: bool| match ready.needs.iter().find(|path| asked && !path.exists()) {
        Some(path) => Err(Error::ProgramLost { what: what(), path: path.clone() }),
        None => Ok(()),
    };
    // Gone before it starts: an interpreter would say "no such file" and exit as a crash would.
    lost(true)?;
    let ran = process::run_spooled(program, input, &limits, &session.host, session.stop.as_ref(), spool);
    lost(match &ran {
        Ok(_) => session.sandbox.is_some(),
        Err(stop) => matches!(stop, Stop::Io(_)),
    })?;
    let mut run = ran.map_err(|stop| stopped(stop, &what(), session))?;
    let crlf = System::HERE.reads_crlf_as_lf() && system::lf_endings(&run.stdout).1;
    if crlf {
        run.stdout = system::lf_endings(&run.stdout).0.into_owned();
    }
    Ok((run, crlf))
}

/// The reference output for `n` under `rules`, shared; none where any one solution is right.
fn expected(session: &Session, rules: &Rules, n: usize) -> Arc<[u8]> {
    match rules.format {
        Answer::Every(format) => session.references.get(format, n),
        Answer::One => Arc::from(&[][..]),
    }
}

/// How long the right answer for `n` is, in bytes: the reference's, or one solution's longest
/// ([`one::longest`]).
fn answer_bytes(session: &Session, rules: &Rules, n: usize) -> usize {
    match rules.format {
        Answer::Every(format) => session.references.get(format, n).len(),
        Answer::One => one::longest(n),
    }
}

/// The error for a run that did not finish: the signal `labs` received, or `what` (a program, a
/// compiler) could not be run.
fn stopped(stop: Stop, what: &str, session: &Session) -> Error {
    match stop {
        Stop::Signal(signal) => Error::Signal(signal),
        Stop::SandboxFailed(said) => Error::SandboxFailed { what: what.to_string(), said },
        Stop::Io(error) => {
            let as_nobody = error.kind() == std::io::ErrorKind::PermissionDenied && session.host.runs_as_nobody();
            Error::CannotRun { what: what.to_string(), error, as_nobody }
        }
    }
}

/// The cap the guard sets for `processes` of a program's own: with the sandbox's own processes.
fn guarded_processes(session: &Session, processes: Option<u32>) -> Option<u32> {
    let sandbox = if session.sandbox.is_some() { facts::SANDBOX_PROCESSES } else { 0 };
    processes.map(|k| k + sandbox)
}

/// For a Wrong Answer, what the output shows beyond the verdict: a line that is no board row, boards
/// of another size, whether the boards are right but in another order (when the order decided),
/// which is no solution, the first board missing; or that only stderr was written to. The
/// reference's boards are read back from its bytes, `expected`, not searched and drawn again.
fn wrong_answer_notes(rules: &Rules, n: usize, expected: &[u8], run: &Run) -> Vec<Note> {
    let got = run.stdout.as_slice();
    if got.is_empty() && !run.stderr.is_empty() {
        return vec![Note::OnlyStderr { bytes: run.stderr_written }];
    }
    // One solution's checker has said why already.
    let Answer::Every(format) = rules.format else { return Vec::new() };
    if let Some(zero) = explain::counted_from_zero(format, expected, got) {
        return vec![zero];
    }
    if let Some(stray) = explain::stray_line(format, got) {
        return vec![stray];
    }
    let (Some(boards), Some(reference)) = (explain::boards(format, got), explain::boards(format, expected)) else {
        return Vec::new();
    };
    if let Some(size) = explain::wrong_size(&boards, n) {
        return vec![size];
    }
    let mut notes = Vec::new();
    // Under --any-order the verdict's detail already lists what matching found.
    match site::match_boards(&reference, &boards) {
        _ if rules.any_order => {}
        Ok(order) if order.iter().copied().eq(0..reference.len()) => {}
        Ok(_) if orderless(format) => notes.push(Note::OrderAnyAccepted(rules.site())),
        Ok(_) => notes.push(Note::OrderOfSearch),
        Err(unmatched) => {
            let known: std::collections::HashSet<&str> = reference.iter().map(AsRef::as_ref).collect();
            if boards.iter().any(|b| !known.contains(b.as_ref())) {
                notes.push(Note::Unmatched(unmatched));
            }
        }
    }
    notes.extend(explain::first_missing(&reference, &boards));
    notes
}

/// The reference outputs rendered so far, each streamed from the `bits` solver once for as long
/// as this lives and shared after that: a [`Session`] holds it, and every session cloned from one
/// shares it. Why it pays: a grader judges every student on the same sizes, and each rendering
/// is a whole search (Luogu's 6..=13 take 40 ms in a release build, compact at n = 14 0.3 s and
/// 77 MB, which every student's judgement then shares instead of copying).
#[derive(Debug, Default)]
pub struct References {
    rendered: Mutex<Rendered>,
}

/// Each reference rendered so far, by format and n.
type Rendered = HashMap<(Format, usize), Arc<[u8]>>;

impl References {
    /// The reference output of `format` for `n`. The lock is held while rendering, so two
    /// threads that want the same bytes render them once. A thread that panicked holding it
    /// left only whole entries, so poison is ignored.
    pub fn get(&self, format: Format, n: usize) -> Arc<[u8]> {
        let mut rendered = self.rendered.lock().unwrap_or_else(|e| e.into_inner());
        let bytes = rendered.entry((format, n)).or_insert_with(|| {
            let mut bytes = Vec::new();
            let mut render = format.renderer(n, Algo::Bits.name());
            format::stream(&format::Request::all(Algo::Bits, n), render.as_mut(), &mut bytes)
                .expect("writing to a Vec cannot fail");
            bytes.into()
        });
        Arc::clone(bytes)
    }
}

/// The formats whose judges accept any order, and so `--any-order` makes sense for: AcWing 843
/// ("输出方案的顺序任意") and LeetCode 51. Not PTA's: document 000 asks for the search's order
/// ("试探的顺序按从上到下逐行进行，其中每一行按从左到右的逐格进行").
pub fn orderless(format: Format) -> bool {
    matches!(format, Format::Compact | Format::Leetcode)
}

/// Any-order comparison: match the boards as sets, then compare in the program's order by
/// `compare`; also whether a diff with `expected` explains the verdict.
fn any_order(
    (format, n): (Format, usize),
    expected: &[u8],
    got: &[u8],
    compare: impl Fn(&[u8], &[u8]) -> Verdict,
) -> (Verdict, bool) {
    let reference = explain::boards(format, expected).expect("the reference's boards read back");
    let Some(boards) = explain::boards(format, got) else {
        let why = if format == Format::Leetcode { Mismatch::NotJsonList } else { Mismatch::NotText };
        return (Verdict::WrongAnswer(why), false);
    };
    match site::match_boards(&reference, &boards) {
        // Boards run together (no empty line between them) cannot be read back one by one: in
        // the reference's order, that is white space, as the judge's own rule calls it.
        Err(wrong) => match compare(expected, got) {
            Verdict::PresentationError(at) => (Verdict::PresentationError(at), true),
            // A line that is no board row, or boards all of another size (a program written for
            // 8): listing each board as no solution would bury the one note that says why
            // (`wrong_answer_notes`), so the verdict stands bare above it.
            _ if explain::stray_line(format, got).is_some() || explain::wrong_size(&boards, n).is_some() => {
                (Verdict::WrongAnswer(Mismatch::Unexplained), false)
            }
            _ => (Verdict::WrongAnswer(Mismatch::Boards(wrong)), false),
        },
        Ok(order) if order.iter().copied().eq(0..reference.len()) => (compare(expected, got), true),
        Ok(order) => {
            let solutions = Algo::Bits.solutions(n);
            let reordered: Vec<Vec<usize>> = order.into_iter().map(|i| solutions[i].clone()).collect();
            (compare(render_to_string(format, n, Algo::Bits.name(), &reordered).as_bytes(), got), false)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_formats_rules_are_its_judges_until_a_with_changes_one() {
        let acwing = Rules::of(Format::Compact);
        assert_eq!(acwing.site(), Site::AcWing);
        assert_eq!((acwing.sizes.clone(), acwing.time_limit), (default_sizes(Format::Compact), Duration::from_secs(1)));
        assert_eq!((acwing.memory_limit, acwing.any_order, acwing.given), (Some(64 << 20), true, Given::default()));
        let given = Given { time: true, ..Given::default() };
        let changed = acwing.clone().with_sizes(vec![8]).with_time_limit(Duration::from_secs(2)).with_given(given);
        assert_eq!(
            (changed.sizes.clone(), changed.time_limit, changed.given),
            (vec![8], Duration::from_secs(2), given)
        );
        assert_eq!(changed.with_any_order(false).with_stop_after_timeout(true).memory_limit, acwing.memory_limit);
    }

    #[test]
    fn rules_build_alike_when_the_build_and_the_programs_limits_agree() {
        // PTA and AcWing both run class `Main` under 64 MiB: one build serves both.
        let (pta, acwing) = (Rules::of(Format::Spaced), Rules::of(Format::Compact));
        assert!(pta.builds_as(&acwing));
        assert!(pta.builds_as(&pta.clone().with_sizes(vec![4]).with_strict(true)));
        assert!(!pta.builds_as(&pta.clone().with_memory_limit(Some(128 << 20))));
        assert!(!pta.builds_as(&pta.clone().with_build_limits(Some(1 << 30), None)));
        assert!(!pta.builds_as(&pta.clone().with_max_processes(Some(4))));
        // LeetCode's class is the program's own.
        assert!(!pta.builds_as(&Rules::of(Format::Leetcode).with_memory_limit(pta.memory_limit)));
    }
}
