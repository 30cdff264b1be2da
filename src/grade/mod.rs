//! `labs grade`: a whole class judged as `labs judge` judges one program, and timed beside the
//! variants.
//!
//! Built on the judge, not beside it: each student's source is compiled once and judged by
//! [`judge::judge`] on the same [`judge::Config`] (one rule set, [`JudgeRules`], for the class),
//! so every limit, verdict and rule is the judge's, and every program runs under its own
//! [`Guard`](judge::process::Guard): a student who crashes, hangs, floods or forks costs at most
//! their limits, and the class goes on. In order: [`class`] finds the submissions, [`journal`]
//! keeps each student's result the moment it is known (and `--resume` goes on from it),
//! [`baseline`] times the variants in-process once the class is judged, [`book`] puts it all side
//! by side as data, and [`table`], [`export`] and [`plot`] render it.
//!
//! Submissions run one at a time, so that their times compare; `--jobs K` runs K at once, each
//! on its own thread with its own guard (guards tell their processes apart by a tag, see
//! [`judge::process`]), and the report says the times are then not comparable. Ctrl-C (or
//! SIGTERM, SIGHUP) ends the programs running, prints the report of the students graded so far,
//! and exits 128 + the signal; the students in flight are judged again by `--resume`.

pub mod baseline;
pub mod book;
pub mod class;
pub mod export;
pub mod journal;
pub mod plot;
pub mod table;

use crate::cli::{GradeArgs, JudgeRules};
use crate::error::Error;
use crate::export::{Output, Outputs};
use crate::judge::{self, Submission, process};
use class::{Class, Student};
use indicatif::{ProgressBar, ProgressStyle};
use journal::{Graded, Header, Journal};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// Everything `labs grade` needs, checked before anything runs.
#[derive(Debug)]
pub struct Grading {
    /// The judge's rules for every student.
    pub rules: JudgeRules,
    /// The class.
    pub class: Class,
    /// Submissions judged at once.
    pub jobs: usize,
    /// The journal's path.
    pub journal: PathBuf,
    /// Go on from the journal.
    pub resume: bool,
    /// Where the exports and the plot go.
    pub outputs: Outputs,
    /// The journal's header: the rules, as a run states them.
    pub header: Header,
}

impl Grading {
    /// Checks `args`: the rules (as the judge checks them), the class, the outputs.
    pub fn new(args: &GradeArgs) -> Result<Grading, Error> {
        let class = class::find(&args.class)?;
        let header = Header::of(&config(&args.rules, &class.students[0])?);
        let outputs = args.outputs.outputs()?;
        Ok(Grading {
            rules: args.rules.clone(),
            class,
            jobs: args.jobs as usize,
            journal: args.journal.clone(),
            resume: args.resume,
            outputs,
            header,
        })
    }
}

/// The judge's configuration for `student`.
fn config(rules: &JudgeRules, student: &Student) -> Result<judge::Config, Error> {
    judge::Config::with_rules(rules, Submission::Source(student.source.clone(), student.language, Vec::new()))
}

/// Grades the class: judges each student not yet in the journal, then writes the table to `out`
/// and each export and the plot where asked. A signal ends the programs running and returns
/// [`Error::Signal`] after the partial report.
pub fn run(grading: &Grading, out: &mut dyn Write) -> Result<(), Error> {
    let files = grading.outputs.open()?;
    let (mut journal, mut graded) = Journal::open(&grading.journal, &grading.header, grading.resume)?;
    let students = &grading.class.students;
    graded.retain(|g| students.iter().any(|s| s.name == g.student));
    let todo: Vec<&Student> = students.iter().filter(|s| !graded.iter().any(|g| g.student == s.name)).collect();
    process::watch_signals()?;
    let progress = progress_bar(students.len(), graded.len());
    let mut not_graded = grading.class.not_graded.clone();
    let next = AtomicUsize::new(0);
    let (send, landed) = mpsc::channel();
    std::thread::scope(|scope| -> Result<(), Error> {
        for _ in 0..grading.jobs.min(todo.len()) {
            let send = send.clone();
            let (next, todo) = (&next, &todo);
            scope.spawn(move || {
                while process::signalled().is_none() {
                    let Some(student) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else { break };
                    let judged = config(&grading.rules, student).and_then(|c| judge::judge(&c, |_| {}));
                    if send.send((*student, judged.map(|j| Graded::of(student, &j)))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        for (student, result) in landed {
            match result {
                Ok(g) => {
                    journal.append(&g)?;
                    let done = graded.len() + 1;
                    progress.println(format!("[{done}/{}] {}: {}", students.len(), g.student, g.score));
                    progress.inc(1);
                    graded.push(g);
                }
                // Judged again by --resume.
                Err(Error::Signal(_)) => {}
                // A student the machine cannot judge (no javac, say) does not stop the class.
                Err(e) => not_graded.push(format!("{}: {e}", student.source.display())),
            }
        }
        Ok(())
    })?;
    progress.finish_and_clear();
    let signal = process::signalled();
    graded.sort_by_key(|g| students.iter().position(|s| s.name == g.student));
    // Interrupted: the students neither graded nor found ungradable are still to do.
    let pending: Vec<String> = match signal {
        None => Vec::new(),
        Some(_) => students
            .iter()
            .filter(|s| !graded.iter().any(|g| g.student == s.name))
            .filter(|s| !not_graded.iter().any(|n| n.starts_with(&*s.source.to_string_lossy())))
            .map(|s| s.name.clone())
            .collect(),
    };
    // Interrupted: no one wants to wait for the variants now.
    let baseline = match signal {
        Some(_) => baseline::Baseline::default(),
        None => {
            let bar = crate::term::spinner("labs grade: timing the variants".into());
            let baseline = baseline::measure(&grading.header.sizes, &bar);
            bar.finish_and_clear();
            baseline?
        }
    };
    let site = judge::site::Site::of(grading.rules.format);
    let session = book::Session {
        judge: site.name().to_string(),
        format: grading.header.format.clone(),
        sizes: grading.header.sizes.clone(),
        jobs: grading.jobs,
    };
    let book = book::gradebook(session, graded, pending, not_graded, baseline);
    if !grading.outputs.stdout_taken() {
        out.write_all(table::render(&book).as_bytes())?;
    }
    files.write(out, |output| match output {
        Output::Export(export) => Ok(export.to_string(&book)),
        Output::Plot => plot::render(&book),
    })?;
    match signal {
        Some(signal) => Err(Error::Signal(signal)),
        None => Ok(()),
    }
}

/// Submission k of m on stderr, each student's score as it lands; nothing when stderr is not a
/// terminal.
fn progress_bar(total: usize, done: usize) -> ProgressBar {
    if !crate::term::progress() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total as u64).with_position(done as u64);
    bar.set_style(ProgressStyle::with_template("labs grade: {pos}/{len} judged, {elapsed}").expect("a valid template"));
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}
