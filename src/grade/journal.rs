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
//! One run at a time writes a journal: [`Journal::open`] locks the file for the whole run (the
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
use serde_json::Value;
use std::fs::{File, OpenOptions, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
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

/// The names in a journal line: shown on one line.
const NAMES: [&str; 4] = ["student", "started", "unjudged", "source"];

/// `value` with every text in it made visible, so that no byte of a hand-edited journal reaches a
/// terminal, an export or a feedback file as it is: a name on one line ([`visible`]), other text
/// line by line, its newlines kept (a diff, the compiler's lines, a board a note draws). What labs
/// wrote itself was made visible when it was judged, and stays as it was.
fn made_visible(value: &mut Value, name: bool) {
    match value {
        Value::String(text) if name => *text = visible(text),
        Value::String(text) => *text = text.split('\n').map(visible).collect::<Vec<_>>().join("\n"),
        Value::Array(items) => items.iter_mut().for_each(|item| made_visible(item, name)),
        Value::Object(fields) => fields.iter_mut().for_each(|(key, item)| made_visible(item, NAMES.contains(&&**key))),
        Value::Null | Value::Bool(_) | Value::Number(_) => {}
    }
}

/// The journal file, open for appending, and locked against other runs while it is.
#[derive(Debug)]
pub struct Journal {
    file: File,
    path: PathBuf,
    /// The last line's hash, which the next line's follows.
    last: String,
    /// The language of a failure to write it.
    lang: Lang,
}

impl Journal {
    /// Opens the journal at `path` for a run under `header`: a new one, or with `resume` the
    /// one there, with the lines it holds after the header, each text in them made visible.
    /// Locked first, so that a second run refuses at once; a line that is not one labs wrote, or
    /// whose hash does not follow from the lines before it, is refused with its number. A last
    /// line cut short (a crash while writing it) is dropped, and its student judged again.
    pub fn open(path: &Path, header: &Header, resume: bool, lang: Lang) -> Result<(Journal, Vec<Logged>), Error> {
        let shown = path.display();
        let cannot =
            |e: std::io::Error| Error::Failed(say!(lang, JournalCannotWrite, path = shown, error = io_words(&e, lang)));
        let usage = |why: String| Error::Usage(say!(lang, JournalRefused, path = shown, why));
        check(path, lang)?;
        let mut options = OpenOptions::new();
        options.read(true).write(true).create(true).truncate(false);
        let mut file = crate::outfile::open(path, &options).map_err(|e| refused(path, e, lang, cannot))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                return Err(Error::Usage(match holder(path) {
                    Some(pid) => say!(lang, JournalInUse, path = shown, pid),
                    None => say!(lang, JournalInUseBySomeone, path = shown),
                }));
            }
            Err(TryLockError::Error(e)) => return Err(cannot(e)),
        }
        // Read through the locked file itself: on Windows the lock keeps out every other handle.
        let mut bytes = Vec::new();
        (&file).take(GRADE_JOURNAL_BYTES + 1).read_to_end(&mut bytes).map_err(|e| usage(io_words(&e, lang)))?;
        if bytes.len() as u64 > GRADE_JOURNAL_BYTES {
            let limit = crate::units::bytes(GRADE_JOURNAL_BYTES);
            return Err(usage(say!(lang, JournalTooLarge, limit)));
        }
        if !resume && !bytes.is_empty() {
            return Err(Error::Usage(say!(lang, JournalEarlier, path = shown)));
        }
        let (mut held, mut kept, mut last) = (Vec::new(), 0, String::new());
        let (mut theirs, mut first) = (None, String::new());
        // Only a line ended by its newline was written whole.
        let whole = bytes.split_inclusive(|&b| b == b'\n').filter_map(|piece| piece.strip_suffix(b"\n"));
        for (number, line) in (1..).zip(whole) {
            let refuse = |why: String| Error::Usage(say!(lang, JournalLineRefused, path = shown, line = number, why));
            let line = std::str::from_utf8(line).map_err(|_| refuse(say!(lang, JournalNotUtf8)))?;
            let Some((body, hash)) = unchain(line) else {
                return Err(match serde_json::from_str::<Header>(line) {
                    Ok(old) if number == 1 => {
                        Error::Usage(say!(lang, JournalUnchained, path = shown, version = old.version))
                    }
                    _ => refuse(say!(lang, JournalNoHash)),
                });
            };
            if chain(&last, &body).1 != hash {
                return Err(refuse(say!(lang, JournalHashBroken)));
            }
            last = hash.to_string();
            kept += line.len() + 1;
            if number == 1 {
                theirs = Some(serde_json::from_str::<Header>(&body).map_err(|e| {
                    Error::Usage(say!(lang, JournalNotAJournal, path = shown, why = visible(&e.to_string())))
                })?);
                first = body;
                continue;
            }
            let mut value: Value = serde_json::from_str(&body)
                .map_err(|e| refuse(say!(lang, JournalNotALine, e = visible(&e.to_string()))))?;
            made_visible(&mut value, false);
            held.push(
                serde_json::from_value(value)
                    .map_err(|e| refuse(say!(lang, JournalNotALine, e = visible(&e.to_string()))))?,
            );
        }
        // Compared once the whole chain holds: a changed journal is refused as changed.
        // The language words the report, not the verdicts: no rule to compare.
        if theirs.is_some_and(|theirs| (Header { lang: header.lang.clone(), ..theirs }) != *header) {
            let ours = serde_json::to_string(header).expect("a header serializes");
            return Err(Error::Usage(say!(lang, JournalOtherRules, path = shown, theirs = visible(&first), ours)));
        }
        file.set_len(kept as u64).map_err(cannot)?;
        file.seek(SeekFrom::End(0)).map_err(cannot)?;
        let mut journal = Journal { file, path: path.to_path_buf(), last, lang };
        if kept == 0 {
            journal.line(&serde_json::to_string(header).expect("a header serializes"))?;
        }
        journal.append(&Logged::Taken(Taken { opened_by: std::process::id() }))?;
        Ok((journal, held))
    }

    /// Appends one line, at once and whole.
    pub fn append(&mut self, line: &Logged) -> Result<(), Error> {
        self.line(&serde_json::to_string(line).expect("a record serializes"))
    }

    fn line(&mut self, body: &str) -> Result<(), Error> {
        let (line, hash) = chain(&self.last, body);
        // One write per line, so that a crash leaves at most one line cut short.
        self.file.write_all(format!("{line}\n").as_bytes()).and_then(|()| self.file.flush()).map_err(|e| {
            let (path, error) = (self.path.display(), io_words(&e, self.lang));
            Error::Failed(say!(self.lang, JournalCannotWrite, path, error))
        })?;
        self.last = hash;
        Ok(())
    }
}

/// The process id of the run holding the journal at `path`, by the last [`Taken`] line written
/// whole; `None` where the lock keeps the file from being read too (Windows).
fn holder(path: &Path) -> Option<u32> {
    let mut text = String::new();
    File::open(path).ok()?.take(GRADE_JOURNAL_BYTES).read_to_string(&mut text).ok()?;
    text.split_inclusive('\n').filter_map(|line| line.strip_suffix('\n')).rev().find_map(|line| {
        match serde_json::from_str(&unchain(line)?.0) {
            Ok(Logged::Taken(opened)) => Some(opened.opened_by),
            _ => None,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn every_text_read_back_is_made_visible_and_a_name_on_one_line() {
        let mut value = serde_json::json!({"student": "a\nb\u{1b}", "diff": "- x\u{1b}[2J\n+ y", "n": 4});
        made_visible(&mut value, false);
        assert_eq!(value, serde_json::json!({"student": "a\\nb\\e", "diff": "- x\\e[2J\n+ y", "n": 4}));
    }
}
