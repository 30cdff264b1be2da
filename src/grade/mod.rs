//! `labs grade`: a whole class judged as `labs judge` judges one program, and timed beside the
//! variants.
//!
//! Built on the judge, not beside it: each student's source is compiled once and judged by
//! [`judge::judge`] in one [`judge::Session`] by the same [`judge::Rules`] (one rule set,
//! [`JudgeRules`](crate::flags::JudgeRules), checked once for the class by [`crate::judging`]),
//! so every limit, verdict and rule is the judge's, and every program runs under its own guard
//! ([`judge::process::run`]): a student who crashes, hangs, floods or forks costs at most
//! their limits, and the class goes on. In order: [`class`] finds the submissions, [`journal`]
//! keeps each student's result the moment it is known (and `--resume` goes on from it),
//! [`rerun`] times each program accepted at n ≥ 8 again (the median of `--runs` runs less its
//! language's start-up), [`baseline`] times the variants in-process once the class is judged, [`book`] puts it all side
//! by side as data, and [`table`], [`export`] and [`plot`] render it.
//!
//! Submissions run one at a time, so that their times compare; `--jobs K` runs K at once, each
//! on its own thread with its own guard (which keeps its processes apart from the others', see
//! [`judge::process`]), and the report says the times are then not comparable. Ctrl-C (or
//! SIGTERM, SIGHUP) ends the programs running, prints the report of the students graded so far,
//! and exits 128 + the signal; the students in flight are judged again by `--resume`. While the
//! variants are timed, at the end, it stops that too, and the report has no ratios.

pub mod baseline;
pub mod book;
pub mod class;
pub mod copies;
pub mod export;
pub mod feedback;
pub mod journal;
pub mod plot;
pub mod rerun;
pub mod roster;
pub mod summary;
pub mod table;

pub use labs_grade::{ids, mark};

use crate::catalogue::{Key, say};
use crate::error::Error;
use crate::export::{Export, Output, Outputs, Target};
use crate::judge::slot::{Slot, Unclaimed};
use crate::judge::{self, Submission, process};
use crate::lang::Lang;
use class::{Class, Student};
use indicatif::ProgressBar;
use journal::{Graded, Header, Keeping, Logged, Measured, Started};
use labs_grade::event::{Reporter, Step};
use labs_grade::landing::{Landed, Landing, Mishap};
use labs_grade::{jobs, resume};
use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

/// Everything `labs grade` needs, checked before anything runs.
#[derive(Debug)]
pub struct Grading {
    /// What every judgement of the class runs with: the machine, the sandbox, the stop and the
    /// references, shared; each worker adds its own slot.
    pub session: judge::Session,
    /// The judge's rules for every student, checked once for the class.
    pub rules: judge::Rules,
    /// The other formats allowed (`--format acwing,pta`), in order, each with its judge's own
    /// limits: a student the first does not accept is judged by each of them too, and keeps the
    /// best. Empty for one format.
    pub others: Vec<judge::Rules>,
    /// The language of the gradebook, its feedback and its messages.
    pub lang: Lang,
    /// The class.
    pub class: Class,
    /// Submissions judged at once.
    pub jobs: usize,
    /// The journal's path.
    pub journal: PathBuf,
    /// Go on from the journal.
    pub resume: bool,
    /// Students judged again whatever the journal holds (`--rejudge`).
    pub rejudge: Vec<String>,
    /// Where the exports and the plot go.
    pub outputs: Outputs,
    /// How test points become a score out of 100.
    pub scoring: book::Scoring,
    /// Whether the CSV export begins with a byte-order mark when written to a file.
    pub bom: bool,
    /// Where each student's feedback file goes.
    pub feedback: Option<PathBuf>,
    /// The course's list of students (`--roster`), if given.
    pub roster: roster::Roster,
    /// The lab's skeleton (`--base`), taken away before sources are compared.
    pub base: Option<copies::Base>,
    /// The size cap of a source, which bounds reading it again to compare it.
    pub max_source: u64,
    /// The start-up of each language, measured once; it also holds `--runs`.
    pub startups: rerun::Startups,
}

impl Grading {
    /// Every allowed format's rules, in order. They do not depend on the submission, so they are
    /// checked once in [`GradeArgs::grading`](crate::flags::GradeArgs::grading), not again by
    /// every student's thread.
    pub fn allowed(&self) -> Vec<judge::Rules> {
        std::iter::once(&self.rules).chain(&self.others).cloned().collect()
    }
}

impl Grading {
    /// Judges `student` by the first allowed format; if it does not accept every test point, by
    /// each other format too, in order, until one does: the student keeps the best, by the score
    /// out of 100 ([`book::Scoring`]), of equal scores the earlier format's. With several formats
    /// allowed, the result names its format, and each tried with its score when more than one was.
    /// Its builds and runs execute as `slot`'s user (as root; see [`claim_slots`]).
    fn judge(&self, student: &Student, slot: Option<Arc<Slot>>) -> Result<Graded, Error> {
        let several = !self.others.is_empty();
        let mut best: Option<(f64, Graded)> = None;
        let mut tried = Vec::new();
        // The build of the format before, kept for the next format that builds the same.
        let mut built = None;
        let session = self.session.with_slot(slot);
        let submission = source(student);
        for rules in std::iter::once(&self.rules).chain(&self.others) {
            let format = rules.format.name().to_string();
            let judged = self.judge_by((&session, rules, &submission), student, &mut built)?;
            let graded = Graded { format: several.then(|| format.clone()), ..judged };
            let accepted = graded.compile_error.is_none() && graded.points.iter().all(|p| p.code == "AC");
            let score = self.scoring.score(&rules.sizes, &graded);
            tried.push(journal::Tried { format, score: graded.score.clone() });
            if best.as_ref().is_none_or(|(high, _)| score > *high) {
                best = Some((score, graded));
            }
            if accepted {
                break;
            }
        }
        let (_, best) = best.expect("a grading allows at least one format");
        Ok(Graded { tried: if tried.len() > 1 { tried } else { Vec::new() }, ..best })
    }

    /// Judges `student` (whose `submission` it is) in `session` under `rules`, then times their program again at the largest n accepted
    /// ([`rerun::time`]). A failure of the machine's ([`Error::Machine`]: a compiler or a run
    /// killed by a signal labs did not send, a fork refused for want of processes, a sandbox that
    /// did not start) is tried once more at once; a repeat is still the machine's, never a
    /// verdict: an [`Error::Machine`] that says so, and the student is not graded.
    ///
    /// `built` is a build made for an earlier format: used if it builds as `rules` do
    /// ([`judge::Rules::builds_as`]), else replaced by this format's; a machine's failure builds
    /// again.
    fn judge_by(&self, trial: Trial, student: &Student, built: &mut Option<Built>) -> Result<Graded, Error> {
        let mut why = String::new();
        for _ in 0..2 {
            match self.judge_once(trial, student, built) {
                Err(Error::Machine(failure)) => {
                    why = failure;
                    *built = None;
                }
                judged => return judged,
            }
        }
        Err(Error::Machine(say!(self.lang, MachineFailedTwice, why)))
    }

    /// One try of [`Grading::judge_by`].
    fn judge_once(&self, trial: Trial, student: &Student, built: &mut Option<Built>) -> Result<Graded, Error> {
        let (session, rules, submission) = trial;
        let worded = |e| crate::judging::error(about_the_source(e, student), self.lang);
        if !built.as_ref().is_some_and(|(made_for, _)| made_for.builds_as(rules)) {
            *built = None;
        }
        let prepared = match built {
            Some((_, prepared)) => &*prepared,
            None => {
                let prepared = judge::ready(session, rules, submission).map_err(|e| machine_or(e, worded))?;
                &built.insert((rules.clone(), prepared)).1
            }
        };
        let ready = match prepared {
            judge::Prepared::CompileError(message) => {
                let nothing = judge::Judged::nothing_yet(session, rules);
                let judged = judge::Judged { compile_error: Some(message.clone()), ..nothing };
                return Ok(journal::graded(student, &judged, self.lang));
            }
            judge::Prepared::Ready(ready) => ready,
        };
        let judged = judge::judge_ready(session, rules, ready, |_| {}).map_err(|e| machine_or(e, worded))?;
        // An interrupted student is judged again by --resume, never half-graded.
        if let Some(signal) = judged.interrupted {
            return Err(Error::Signal(signal));
        }
        if let Some((n, signal)) = judged.killed_from_outside() {
            return Err(Error::Machine(say!(self.lang, KilledFromOutside, n, signal)));
        }
        let timed = rerun::time((session, rules), student.language, ready, &judged, &self.startups, self.lang)?;
        Ok(Graded { timed, ..journal::graded(student, &judged, self.lang) })
    }
}

/// The judge's `e` from building or running a student's program, worded by `worded`; a compiler
/// or a program labs could not start (its cgroup gone, the system out of something, its file
/// refused) is the machine's failure, tried again: labs made the program and chose the compiler,
/// so nothing the student wrote decides whether they start.
fn machine_or(e: judge::error::Error, worded: impl Fn(judge::error::Error) -> Error) -> Error {
    match (matches!(e, judge::error::Error::CannotRun { .. }), worded(e)) {
        (true, Error::Usage(why)) => Error::Machine(why),
        (_, e) => e,
    }
}

/// The judge's `e` about `student`'s copy in labs's private folder, naming the source as the
/// class holds it instead: the copy's path is nothing the instructor could look for. (A copy gone
/// missing keeps its own path: that is the file missing.)
fn about_the_source(e: judge::error::Error, student: &Student) -> judge::error::Error {
    use judge::error::Error as E;
    let source = student.source.clone();
    match e {
        E::Undecided { why, .. } => E::Undecided { source, why },
        E::NoCompiler { tool, .. } => E::NoCompiler { source, tool },
        e => e,
    }
}

/// A student's submission as [`judge::ready`] left it, and the rules it was made under.
type Built = (judge::Rules, judge::Prepared);
/// What one student is judged with under one format: the worker's session, the format's rules
/// and the student's submission.
type Trial<'a> = (&'a judge::Session, &'a judge::Rules, &'a Submission);
/// A job slot of its own for each of the `--jobs` workers, where runs drop to another user
/// (root's): each slot's builds and runs are then a user no other slot's, and no other grader's,
/// are ([`judge::slot`]), so that none can signal, trace or write to another. Empty where runs
/// keep the grader's user, or if a slot could not be claimed: the runs are then all `nobody`'s,
/// as the report says, and stderr says why.
fn claim_slots(grading: &Grading) -> Vec<Arc<Slot>> {
    let mut slots = Vec::new();
    for _ in 0..grading.jobs {
        match Slot::claim(&grading.session.host) {
            Ok(Some(slot)) => slots.push(Arc::new(slot)),
            Ok(None) => return Vec::new(),
            Err(why) => {
                let why = unclaimed(&why, grading.lang);
                eprintln!("labs grade: {}", say!(grading.lang, SlotsUnclaimed, why));
                return Vec::new();
            }
        }
    }
    slots
}

/// Why no slot could be claimed, in `lang`.
fn unclaimed(why: &Unclaimed, lang: Lang) -> String {
    match why {
        Unclaimed::Locks { path, error } => say!(lang, SlotsLocks, path = path.display(), error),
        Unclaimed::NotRootsAlone(path) => say!(lang, SlotsNotRootsAlone, path = path.display()),
        Unclaimed::NoneFree { first, last } => say!(lang, SlotsNoneFree, first, last),
    }
}

/// Whether the signal that stopped the grader is the user's: the terminal's (Ctrl-C, a hangup), or
/// sent by a process `labs` runs under (a script, `timeout`). One sent by any other process may be
/// a run's, and counts as a stop of the program running ([`journal::stops`]).
fn stopped_by_the_user() -> bool {
    crate::interrupt::sender().is_none_or(process::is_ancestor)
}

/// `student`'s source as the judge builds it: the copy of the bytes the scan read, never the
/// student's path again ([`class`]).
pub fn source(student: &Student) -> Submission {
    match &student.project {
        Some(project) => Submission::Project(student.judged.clone(), project.clone(), Vec::new()),
        None => Submission::Source(student.judged.clone(), student.language, Vec::new()),
    }
}

/// Appends `line` to the journal that the judging threads share.
fn append(journal: &Mutex<Keeping>, line: &Logged) -> Result<(), Error> {
    journal.lock().unwrap_or_else(PoisonError::into_inner).append(line)
}

/// What takes each student's result as it lands.
type Land<'a> = dyn FnMut(&Student, Result<Graded, Error>) -> Result<(), Error> + 'a;

/// Judges `todo`, `jobs` at a time, each on its own thread (the k-th with the k-th of `slots`,
/// if there are any), each after a [`Started`] line in the journal ([`jobs::each`]); `land` takes
/// each student's result in the order they land, and an error of its stops the judging. A stop
/// of the session's stops it too, after the students in flight.
fn judge_each(
    grading: &Grading,
    todo: &[&Student],
    jobs: (usize, &[Arc<Slot>]),
    journal: &Mutex<Keeping>,
    land: &mut Land,
    said: &mut Said,
) -> Result<(), Error> {
    let alone = jobs.0.min(todo.len()) == 1;
    let work = |student: &Student, slot: Option<Arc<Slot>>| {
        let started = Started { started: student.name.clone(), sha256: student.sha256.clone(), alone };
        append(journal, &Logged::Started(started)).map(|()| grading.judge(student, slot))
    };
    // The journal's failure to say a student started stops the grader, as a failure to record a
    // result does.
    let mut landing = |student: &Student, landed: Result<Result<Graded, Error>, Error>| land(student, landed?);
    jobs::each(todo, jobs, &*grading.session.stop, &work, &mut landing, said).map_err(|halted| match halted {
        jobs::Halted::Land(e) => e,
        jobs::Halted::NoThreads(e) => {
            let error = crate::error::io_words(&e, grading.lang);
            Error::Failed(say!(grading.lang, NoThreads, error))
        }
    })
}

/// The engine's events in words, on stderr: why a student the journal holds is judged again,
/// or first, or not at all. The others (each start, each result, a copy found, a stop) are said by
/// the progress bar and the report.
struct Said {
    /// The language of the words.
    lang: Lang,
}

impl Reporter for Said {
    fn report(&mut self, event: Step) {
        let lang = self.lang;
        let line = match event {
            Step::Rejudged { name } => say!(lang, Rejudged, name),
            Step::SourceChanged { name } => say!(lang, SourceChanged, name),
            Step::StoppedTwice { name } => say!(lang, StoppedTheGraderAgain, name),
            Step::StoppedOnce { name } => say!(lang, StoppedTheGraderOnce, name),
            _ => return,
        };
        eprintln!("labs grade: {line}");
    }
}

/// The progress bar's side of the engine's events: each student's score as it lands, above the
/// bar, which moves on.
struct Progress<'a> {
    /// The bar.
    bar: &'a ProgressBar,
    /// The class's students.
    total: usize,
}

impl Reporter for Progress<'_> {
    fn report(&mut self, event: Step) {
        if let Step::Judged { name, score, graded } = event {
            self.bar.println(format!("[{graded}/{}] {name}: {score}", self.total));
            self.bar.inc(1);
        }
    }
}

/// Grades the class: judges each student not yet in the journal, then writes the table to `out`
/// and each export and the plot where asked. A signal ends the programs running and returns
/// [`Error::Signal`] after the partial report.
///
/// A student the grader stopped while judging, other than by the user's own stop (a program that
/// killed or signalled it, or a `kill` from elsewhere), is judged first, alone: a stop then is that
/// program's doing. One the grader stopped for again, alone, is not run a third time: its row
/// says so, and `--rejudge` runs it once more.
pub fn run(grading: &Grading, out: &mut dyn Write) -> Result<(), Error> {
    // Every output is checked before the first student is judged: the exports, the plot and the
    // feedback folder, then the journal (which, once opened, holds this run).
    let files = grading.outputs.open(grading.lang)?;
    let feedback =
        grading.feedback.as_ref().map(|dir| feedback::open(dir, grading.lang).map(|f| (f, dir))).transpose()?;
    let header = Header::of_each(&grading.session, &grading.allowed(), &format!("{:?}", grading.lang).to_lowercase());
    let (journal, lines) = journal::open(&grading.journal, &header, grading.resume, grading.lang)?;
    let journal = Mutex::new(journal);
    let slots = claim_slots(grading);
    let runs_as = book::RunsAs::of(&grading.session.host, !slots.is_empty());
    if grading.jobs > 1 && grading.session.host.sandbox().is_err() {
        eprintln!("labs grade: {}", book::side_by_side(grading.jobs, runs_as, grading.lang));
    }
    grading.startups.keep(lines.iter().filter_map(|line| match line {
        Logged::Startup(startup) => Some(startup),
        _ => None,
    }));
    let students = &grading.class.students;
    let lang = grading.lang;
    let mut said = Said { lang };
    let resume::Agenda { graded, first, rest, stopped_twice } =
        resume::plan(students, &lines, &grading.rejudge, &mut said);
    let mut not_graded = grading.class.not_graded.clone();
    let mut landing = Landing { graded, ..Landing::default() };
    for student in stopped_twice {
        let name = &student.name;
        not_graded.push(class::not_graded(name.clone(), &say!(lang, StoppedTheGrader, name), lang));
        landing.settled.push(name.clone());
    }
    crate::interrupt::watch()?;
    let bar = progress_bar(landing.graded.len() + first.len() + rest.len(), landing.graded.len(), lang);
    let mut progress = Progress { bar: &bar, total: students.len() };
    let mut land = |student: &Student, result: Result<Graded, Error>| -> Result<(), Error> {
        let landed = match result {
            Ok(g) => Landed::Graded(Box::new(g)),
            // Judged again by --resume; a stop of the user's is no stop of the program's.
            Err(Error::Signal(_)) if stopped_by_the_user() => Landed::Failed(Mishap::SignalByUser),
            Err(Error::Signal(_)) => Landed::Failed(Mishap::Signal),
            // The machine failed twice: not graded, said at the end, and judged by --resume.
            Err(Error::Machine(why)) => Landed::Failed(Mishap::Machine { why }),
            // A student the machine cannot judge (no javac, say) does not stop the class, and
            // is the machine's failure too: said at the end, and the run exits non-zero.
            Err(e) => Landed::Failed(Mishap::Other { reason: say!(grading.lang, GraderFailed, e) }),
        };
        landing.land(student, landed, &mut |line| append(&journal, line), &mut progress)
    };
    judge_each(grading, &first, (1, &slots), &journal, &mut land, &mut said)?;
    judge_each(grading, &rest, (grading.jobs, &slots), &journal, &mut land, &mut said)?;
    bar.finish_and_clear();
    let Landing { mut graded, settled, failed: machine } = landing;
    for (name, why) in &machine {
        not_graded.push(class::not_graded(name.clone(), why, lang));
    }
    let signal = grading.session.stop.signal();
    graded.sort_by_key(|g| students.iter().position(|s| s.name == g.student));
    // Interrupted: the students neither graded nor found ungradable are still to do.
    let pending: Vec<String> = match signal {
        None => Vec::new(),
        Some(_) => students
            .iter()
            .filter(|s| !graded.iter().any(|g| g.student == s.name) && !settled.contains(&s.name))
            .map(|s| s.name.clone())
            .collect(),
    };
    for startup in grading.startups.measured() {
        append(&journal, &Logged::Startup(startup))?;
    }
    // The variants' times an earlier run kept: the students graded then and now compare with the
    // same. Interrupted, before or while the variants are timed: no one wants to wait for them now.
    let runs = grading.startups.runs;
    let kept = lines.iter().rev().find_map(|line| match line {
        Logged::Measured(measured) if measured.baseline.runs == runs => Some(measured.baseline.clone()),
        _ => None,
    });
    let (baseline, signal) = match (kept, signal) {
        (Some(kept), signal) => (kept, signal),
        (None, Some(_)) => (baseline::Baseline::default(), signal),
        (None, None) => match time_the_variants(&grading.rules.sizes, runs, &*grading.session.stop, grading.lang)? {
            Ok(baseline) => {
                append(&journal, &Logged::Measured(Measured { baseline: baseline.clone() }))?;
                (baseline, None)
            }
            Err(signal) => (baseline::Baseline::default(), Some(signal)),
        },
    };
    let allowed = grading.allowed();
    let judge_of = |c: &judge::Rules| crate::judging::words::site(c.site(), lang).to_string();
    let limits_of = |c: &judge::Rules| crate::judging::terms_line(&judge::Terms::of(c), c.site(), lang);
    let separator = say!(lang, ListSeparator);
    let session = book::Sitting {
        judge: allowed.iter().map(judge_of).collect::<Vec<_>>().join(&separator),
        format: header.format.clone(),
        sizes: header.sizes.clone(),
        jobs: grading.jobs,
        limits: allowed.iter().map(limits_of).collect::<Vec<_>>().join(&say!(lang, LimitsSeparator)),
        allowed: match allowed.len() {
            1 => Vec::new(),
            _ => allowed
                .iter()
                .map(|c| book::AllowedFormat {
                    format: c.format.name().to_string(),
                    judge: judge_of(c),
                    limits: limits_of(c),
                })
                .collect(),
        },
        rules: header,
        date: crate::units::utc_timestamp(std::time::SystemTime::now()),
        labs_version: env!("CARGO_PKG_VERSION").to_string(),
        runs_as,
        lang: grading.lang,
        scoring: grading.scoring.clone(),
    };
    let mut book = book::gradebook(session, graded, pending, not_graded, baseline);
    let sources = copies::sources(students, &book.marks, grading.max_source);
    book.copies = copies::check(&sources, grading.base.as_ref(), copies::THRESHOLD);
    book.copies.report(&mut said);
    book.disguised = grading.class.disguised.clone();
    roster::apply(&mut book, &grading.roster);
    // Written before the table, so that a file the system refused is said under it.
    if let Some((folder, dir)) = &feedback {
        book.unwritten = feedback::write(&book, (folder, dir), lang);
    }
    if !grading.outputs.stdout_taken() {
        out.write_all(table::render(&book, crate::width::stdout()).as_bytes())?;
    }
    // A spreadsheet on Chinese Windows reads a CSV file as GBK unless it starts with a BOM.
    let csv_file = grading.outputs.exports.iter().any(|(e, t)| *e == Export::Csv && matches!(t, Target::File(_)));
    let bom = if grading.bom && csv_file { "\u{feff}" } else { "" };
    files.write(out, |output| match output {
        Output::Export(Export::Csv) => Ok(format!("{bom}{}", Export::Csv.to_string(&book))),
        Output::Export(export) => Ok(export.to_string(&book)),
        Output::Plot => plot::render(&book),
    })?;
    match (signal, machine.first()) {
        (Some(signal), _) => Err(Error::Signal(signal)),
        (None, Some((name, why))) => {
            let (k, m) = (machine.len(), students.len());
            Err(Error::Machine(say!(lang, NotGradedForTheMachine, k, m, name, why)))
        }
        (None, None) => Ok(()),
    }
}

/// The variants timed at `sizes` ([`baseline::measure`]), or the signal `stop` heard first: the
/// timing runs on a thread of its own, so that a signal stops the grader at once, whatever search
/// is running (the process ends with it).
fn time_the_variants(
    sizes: &[usize],
    runs: u32,
    stop: &dyn process::StopHandle,
    lang: Lang,
) -> Result<Result<baseline::Baseline, i32>, Error> {
    let bar = crate::term::spinner(say!(lang, GradeTimingVariants));
    let (owned, shown) = (sizes.to_vec(), bar.clone());
    let timing = match std::thread::Builder::new().spawn(move || baseline::measure(&owned, runs, &shown, lang)) {
        Ok(timing) => timing,
        // Where the system refuses a thread (no processes left), the timing runs here, and a
        // signal waits for it.
        Err(_) => {
            let baseline = baseline::measure(sizes, runs, &bar, lang);
            bar.finish_and_clear();
            return Ok(Ok(baseline?));
        }
    };
    while !timing.is_finished() {
        if let Some(signal) = stop.signal() {
            bar.finish_and_clear();
            return Ok(Err(signal));
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    bar.finish_and_clear();
    let baseline = timing.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
    Ok(Ok(baseline))
}

/// Submission k of m on stderr, each student's score as it lands; nothing when stderr is not a
/// terminal; in `lang`.
fn progress_bar(total: usize, done: usize, lang: Lang) -> ProgressBar {
    let template = Key::GradeBar.text(lang);
    crate::term::bar(template, Some(total as u64), crate::term::Show::Now).with_position(done as u64)
}
