//! The journal: one JSON line per student, appended as each is judged, so that nothing judged
//! is lost to Ctrl-C or a crash, and `--resume` goes on where a run stopped.
//!
//! The first line is a [`Header`]: the judge's rules the run used. `--resume` goes on only with
//! a journal written under the same rules (another format or limit would mix verdicts that mean
//! different things), skips the students it holds, and drops a last line cut short by a crash,
//! whose student is judged again. Without `--resume`, an existing journal is never overwritten:
//! it may hold a morning's work. Each later line is a [`Graded`]: everything the report needs,
//! so that a resumed run's report is the one an uninterrupted run would print (the timings
//! aside, which are measured afresh).
//!
//! Before a student is judged, a [`Started`] line says so; a student the machine could not judge,
//! or who was running when the user stopped the grader (Ctrl-C), gets an [`Unjudged`] line. A
//! start that no later line of the student's ends is a stop of the grader while their program ran
//! ([`stops`]): a program that killed or signalled the grader, which out of the sandbox it may (or
//! a `kill` from a process the grader does not run under). `--resume` judges such a student first and alone,
//! and one the grader stopped for again, alone, is not run a third time (see [`super::run`]).
//!
//! One run at a time writes a journal: [`open`] takes it, and the engine's [`file::Journal::open`] locks the file for the whole run (the
//! system's own lock, which ends with the process however it ends), and a second run refuses at
//! once, naming the holder by the [`Taken`] line each run writes first. Each line ends in a
//! `"hash"` chained to the line before it ([`chain`]), so that `--resume` refuses a journal changed
//! since labs wrote it (a line edited, added or taken away in the middle) by the first line whose
//! hash does not follow, rather than believe it. The chain is a checksum anyone can recompute, not a
//! signature: it shows a journal unchanged by hand or by a program that does not know it, and
//! what keeps a program from rewriting it whole is that no run can reach it (docs/judge.md). Every
//! text read back is made visible ([`crate::escape::visible`]) before any report shows it.

use super::class::{Student, sha256};
use crate::catalogue::say;
use crate::error::{Error, io_words};
use crate::escape::visible;
use crate::facts::GRADE_JOURNAL_BYTES;
use crate::judge::facts::STDERR_LINES;
use crate::judge::{Judged, verdict::Verdict};
use crate::judging::words;
use crate::lang::Lang;
use labs_grade::journal as file;
use std::fs::OpenOptions;
use std::path::{Path, PathBuf};

pub use labs_grade::journal::{
    Allowed, Graded, Header, Logged, Measured, Point, Started, Startup, Stops, Taken, Tried, Unjudged, VERSION, chain,
    latest, stops, unchain,
};

/// What the journal keeps of `student`'s judgement, worded in `lang`.
pub fn graded(student: &Student, judged: &Judged, lang: Lang) -> Graded {
    let pta = judged.site == crate::judge::site::Site::Pta;
    let points = judged
        .cases
        .iter()
        .map(|case| Point {
            n: case.n,
            code: case.verdict.code().to_string(),
            verdict: words::label(&case.verdict, pta, lang),
            detail: if case.verdict.accepted() { String::new() } else { words::detail(&case.verdict, lang) },
            seconds: case.run.elapsed.as_secs_f64(),
            cpu_seconds: case.run.usage.cpu.as_secs_f64(),
            peak_bytes: case.run.usage.peak_memory,
            left_behind: case.run.left_behind,
            notes: case.notes.iter().map(|note| words::note(note, lang)).collect(),
            stderr: match case.verdict.shows_stderr() {
                true => crate::escape::last_lines(&case.run.stderr, STDERR_LINES, lang).0,
                false => Vec::new(),
            },
            output: match case.verdict.accepted() || case.run.stdout.is_empty() {
                true => String::new(),
                false => sha256(&case.run.stdout),
            },
            diff: match case.diff && matches!(case.verdict, Verdict::WrongAnswer(_) | Verdict::PresentationError(_)) {
                true => crate::judging::report::diff(case.n, &case.expected, &case.run.stdout, false, lang),
                false => String::new(),
            },
        })
        .collect();
    Graded {
        student: student.name.clone(),
        source: crate::escape::visible(&student.source.display().to_string()),
        sha256: student.sha256.clone(),
        built_with: judged.built_with.as_deref().map(words::built_with),
        compile_error: judged.compile_error.as_ref().map(|failure| words::build_failure(failure, lang)),
        score: words::score(judged, lang),
        sandboxed: judged.sandboxed,
        points,
        notes: judged.notes.iter().map(|note| words::note(note, lang)).collect(),
        timed: None,
        format: None,
        tried: Vec::new(),
    }
}

/// Whether the journal at `path` exists; an error if it does and is no regular file (a FIFO or
/// `/dev/zero` would be read forever, `/dev/full` never written) or a symbolic link (its target,
/// perhaps root's, would be made or appended to). Checked with the arguments, before any work or
/// note, and again when the journal is opened, then without following a link ([`crate::outfile`]).
pub fn check(path: &Path, lang: Lang) -> Result<bool, Error> {
    let usage = |why: String| Error::Usage(say!(lang, JournalRefused, path = path.display(), why));
    match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(usage(io_words(&e, lang))),
        Ok(meta) if meta.file_type().is_symlink() => Err(link(path, lang)),
        Ok(meta) if !meta.is_file() => Err(usage(say!(lang, JournalNotAFile))),
        Ok(_) => Ok(true),
    }
}

/// The journal at `path` refused for being a symbolic link: its target is never made nor written.
fn link(path: &Path, lang: Lang) -> Error {
    Error::Usage(say!(lang, OutputLink, flag = "--journal", path = visible(&path.display().to_string())))
}

/// Why the journal at `path` did not open: a link, or the system's error (`cannot`'s words).
fn refused(path: &Path, e: crate::outfile::Unopened, lang: Lang, cannot: impl Fn(std::io::Error) -> Error) -> Error {
    match e {
        crate::outfile::Unopened::Link => link(path, lang),
        crate::outfile::Unopened::Io(e) => cannot(e),
    }
}

/// The journal as this run writes it: the engine's file ([`file::Journal`]), and the path and
/// language a failure to write it is said in.
#[derive(Debug)]
pub struct Keeping {
    file: file::Journal,
    path: PathBuf,
    lang: Lang,
}

/// Opens the journal at `path` for a run under `header` ([`file::Journal::open`]): checked, then
/// opened without following a link, then taken; every refusal in `lang`.
pub fn open(path: &Path, header: &Header, resume: bool, lang: Lang) -> Result<(Keeping, Vec<Logged>), Error> {
    check(path, lang)?;
    let mut options = OpenOptions::new();
    options.read(true).write(true).create(true).truncate(false);
    let cannot = |e| worded(path, file::Unkept::Write(e), lang);
    let opened = crate::outfile::open(path, &options).map_err(|e| refused(path, e, lang, cannot))?;
    let taken = file::Journal::open(opened, path, (header, resume), GRADE_JOURNAL_BYTES, std::process::id());
    let (file, held) = taken.map_err(|e| worded(path, e, lang))?;
    Ok((Keeping { file, path: path.to_path_buf(), lang }, held))
}

impl Keeping {
    /// Appends one line, at once and whole.
    pub fn append(&mut self, line: &Logged) -> Result<(), Error> {
        self.file.append(line).map_err(|e| worded(&self.path, e, self.lang))
    }
}

/// Why the journal at `path` was refused or could not be written, in `lang`.
fn worded(path: &Path, e: file::Unkept, lang: Lang) -> Error {
    let shown = path.display();
    let usage = |why: String| Error::Usage(say!(lang, JournalRefused, path = shown, why));
    match e {
        file::Unkept::InUse(Some(pid)) => Error::Usage(say!(lang, JournalInUse, path = shown, pid)),
        file::Unkept::InUse(None) => Error::Usage(say!(lang, JournalInUseBySomeone, path = shown)),
        file::Unkept::TooLarge(limit) => usage(say!(lang, JournalTooLarge, limit = crate::units::bytes(limit))),
        file::Unkept::Earlier => Error::Usage(say!(lang, JournalEarlier, path = shown)),
        file::Unkept::Line { line, fault } => {
            let why = match fault {
                file::LineFault::NotUtf8 => say!(lang, JournalNotUtf8),
                file::LineFault::NoHash => say!(lang, JournalNoHash),
                file::LineFault::HashBroken => say!(lang, JournalHashBroken),
                file::LineFault::NotALine(e) => say!(lang, JournalNotALine, e),
            };
            Error::Usage(say!(lang, JournalLineRefused, path = shown, line, why))
        }
        file::Unkept::Unchained(version) => Error::Usage(say!(lang, JournalUnchained, path = shown, version)),
        file::Unkept::NotAJournal(why) => Error::Usage(say!(lang, JournalNotAJournal, path = shown, why)),
        file::Unkept::OtherRules { theirs, ours } => {
            Error::Usage(say!(lang, JournalOtherRules, path = shown, theirs, ours))
        }
        file::Unkept::Read(e) => usage(io_words(&e, lang)),
        file::Unkept::Write(e) => {
            Error::Failed(say!(lang, JournalCannotWrite, path = shown, error = io_words(&e, lang)))
        }
    }
}
