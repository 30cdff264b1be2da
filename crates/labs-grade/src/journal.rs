//! The journal's records: one JSON line per student, appended as each is judged, so that
//! nothing judged is lost to Ctrl-C or a crash, and `--resume` goes on where a run stopped.
//!
//! The first line is a [`Header`]: the judge's rules the run used. `--resume` goes on only with
//! a journal written under the same rules (another format or limit would mix verdicts that mean
//! different things), skips the students it holds, and drops a last line cut short by a crash,
//! whose student is judged again. Each later line is a [`Graded`]: everything the report needs,
//! so that a resumed run's report is the one an uninterrupted run would print (the timings
//! aside, which are measured afresh).
//!
//! Before a student is judged, a [`Started`] line says so; a student the machine could not judge,
//! or who was running when the user stopped the grader (Ctrl-C), gets an [`Unjudged`] line. A
//! start that no later line of the student's ends is a stop of the grader while their program ran
//! ([`stops`]): a program that killed or signalled the grader, which out of the sandbox it may (or
//! a `kill` from a process the grader does not run under). `--resume` judges such a student first and alone,
//! and one the grader stopped for again, alone, is not run a third time.
//!
//! One run at a time writes a journal: [`Journal::open`] locks the file for the whole run (the
//! system's own lock, which ends with the process however it ends), and a second run refuses at
//! once, naming the holder by the [`Taken`] line each run writes first. Each line ends in a
//! `"hash"` chained to the line before it ([`chain`]), so that `--resume` refuses a journal
//! changed since labs wrote it (a line edited, added or taken away in the middle) by the first
//! line whose hash does not follow, rather than believe it. The chain is a checksum anyone can
//! recompute, not a signature. Every text read back is made visible ([`visible`]) before any
//! report shows it. Opening the file without following a link, and the words of a refusal
//! ([`Unkept`]), are the caller's. The texts a [`Graded`] holds (verdict
//! names, notes, a diff) are worded by the caller, in the report's language, before they are
//! written: a resumed run shows them as they were.

use crate::baseline::Baseline;
use crate::class::sha256;
use crate::timed::Timed;
use labs_judge::foreign::visible;
use labs_judge::{Rules, Session};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fs::{File, TryLockError};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

/// The rules a journal was written under.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The format (and so the judge); with several allowed, their list: `compact,spaced`.
    pub format: String,
    /// The board sizes judged.
    pub sizes: Vec<usize>,
    /// Time limit per run, in seconds (CPU time where the backend measures it).
    pub time_limit: f64,
    /// Memory limit per process, in bytes (`None`: none).
    pub memory_limit: Option<u64>,
    /// Output cap per run, in bytes (`None`: the judge's default).
    pub output_limit: Option<usize>,
    /// Boards compared as a set.
    pub any_order: bool,
    /// Byte-for-byte comparison.
    pub strict: bool,
    /// The language of the verdict names.
    pub lang: String,
    /// Whether builds and runs were in the sandbox.
    #[serde(default)]
    pub sandbox: bool,
    /// The process cap per run (`None`: none).
    #[serde(default)]
    pub max_processes: Option<u32>,
    /// A build's memory limit, in bytes (`None`: none).
    #[serde(default)]
    pub build_memory_limit: Option<u64>,
    /// The largest file a build may write, in bytes (`None`: no cap).
    #[serde(default)]
    pub build_file_limit: Option<u64>,
    /// With several formats allowed (`--format acwing,pta`), each in order with its judge's own
    /// limits (the fields above are the first's); empty for one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allowed: Vec<Allowed>,
    /// The journal's own format, [`VERSION`]; journals from before it say nothing, which reads
    /// as 0.
    #[serde(default)]
    pub version: u32,
}

/// The journal's format: 2 since the header holds the sandbox and the process cap and each
/// student the source's SHA-256; 3 since it holds the build's limits too; 4 since it has
/// [`Started`] and [`Unjudged`] lines; 5 since each line ends in its hash ([`chain`]) and each run
/// opens with a [`Taken`] line; 6 since a run may allow several formats ([`Header::allowed`]), and
/// each student then names the one they were judged by ([`Graded::format`]): a labs of version 5
/// would read such a journal as one of the first format alone.
pub const VERSION: u32 = 6;

/// One of several formats a run allows, with the limits its judge sets (or a flag gave).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Allowed {
    /// The format.
    pub format: String,
    /// Time limit per run, in seconds.
    pub time_limit: f64,
    /// Memory limit per process, in bytes (`None`: none).
    pub memory_limit: Option<u64>,
    /// Boards compared as a set.
    pub any_order: bool,
}

impl Header {
    /// The header of a run in `session` that allows the formats of `configs`, in order (the
    /// first's limits at the top, the list in [`Header::allowed`] when there are several), its
    /// words in the language `lang` names (`en`, `zh`).
    pub fn of_each(session: &Session, configs: &[Rules], lang: &str) -> Header {
        let config = &configs[0];
        let allowed: Vec<Allowed> = match configs.len() {
            1 => Vec::new(),
            _ => configs
                .iter()
                .map(|c| Allowed {
                    format: c.format.name().to_string(),
                    time_limit: c.time_limit.as_secs_f64(),
                    memory_limit: c.memory_limit,
                    any_order: c.any_order,
                })
                .collect(),
        };
        let names: Vec<&str> = configs.iter().map(|c| c.format.name()).collect();
        Header {
            format: names.join(","),
            sizes: config.sizes.clone(),
            time_limit: config.time_limit.as_secs_f64(),
            memory_limit: config.memory_limit,
            output_limit: config.output_limit,
            any_order: config.any_order,
            strict: config.strict,
            lang: lang.to_string(),
            sandbox: session.sandbox.is_some(),
            max_processes: config.max_processes,
            build_memory_limit: config.build_memory_limit,
            build_file_limit: config.build_file_limit,
            allowed,
            version: VERSION,
        }
    }

    /// The time limit per run of `format` (`None`, or a format not listed: the first's).
    pub fn time_limit_of(&self, format: Option<&str>) -> f64 {
        let listed = self.allowed.iter().find(|a| Some(a.format.as_str()) == format);
        listed.map_or(self.time_limit, |a| a.time_limit)
    }
}

/// One student judged: what the report shows of them, and every test point's numbers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Graded {
    /// The student's name.
    pub student: String,
    /// The source file judged.
    pub source: String,
    /// The source's SHA-256, in hex: `--resume` judges again a student whose source changed.
    #[serde(default)]
    pub sha256: String,
    /// How it was built (`None` for Python or a Compile Error).
    pub built_with: Option<String>,
    /// The compiler's first error lines, for a Compile Error (then `points` is empty).
    pub compile_error: Option<String>,
    /// The score as the judge shows it.
    pub score: String,
    /// One per board size, in order.
    pub points: Vec<Point>,
    /// Notes on the whole submission (the same output for every n, say).
    pub notes: Vec<String>,
    /// Whether its build and runs were in the sandbox (`--sandbox`); journals from before the
    /// sandbox say nothing, which reads as not.
    #[serde(default)]
    pub sandboxed: bool,
    /// The program timed again at the largest n accepted ([`crate::timed`]), if it was
    /// accepted at a size where the time says something.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timed: Option<Timed>,
    /// With several formats allowed, the one this judgement is by: the first that accepted the
    /// output, else the one that scored best; `None` for one format.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// With several formats allowed and the first not accepting, each format judged, in order,
    /// with its score; empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tried: Vec<Tried>,
}

/// One format a student was judged by, of several allowed, and the score it gave.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tried {
    /// The format.
    pub format: String,
    /// The score as the judge shows it.
    pub score: String,
}

/// A student whose judging begins, written before anything of theirs runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Started {
    /// The student's name.
    pub started: String,
    /// The source's SHA-256, in hex: stops count for this source only.
    pub sha256: String,
    /// Whether no other student was judged at the same time, so that a stop of the grader now
    /// is this student's doing or the instructor's.
    pub alone: bool,
}

/// A student whose judging ended with no result for a reason not their program's: the machine
/// could not judge them (no compiler, say), or the user stopped the grader. Judged again by
/// `--resume`, and no stop of the grader's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unjudged {
    /// The student's name.
    pub unjudged: String,
}

/// A run of `labs grade` that took the journal, written first: a second run that finds the
/// journal locked names the holder by its last such line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Taken {
    /// The process id of the run.
    pub opened_by: u32,
}

/// A language's start-up as a run measured it (the binary's `rerun::Startups`): kept, so that a
/// class graded over several runs has every student's time net of the same start-up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Startup {
    /// The language, by its name ([`labs_judge::compile::Language::facts`]).
    pub startup: String,
    /// Median seconds of its empty program; `None` if that could not be built or run.
    pub seconds: Option<f64>,
    /// Timed runs the median is of.
    pub runs: u32,
}

/// The variants' times a run measured ([`crate::baseline`]): kept, so that a `--resume` compares
/// its students with the very times the students before it were compared with.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Measured {
    /// The times.
    pub baseline: Baseline,
}

/// A line of the journal after the header.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Logged {
    /// A student judged.
    Graded(Box<Graded>),
    /// A student's judging begins.
    Started(Started),
    /// A student the machine could not judge.
    Unjudged(Unjudged),
    /// A run took the journal.
    Taken(Taken),
    /// A language's start-up measured.
    Startup(Startup),
    /// The variants timed.
    Measured(Measured),
}

/// How often the grader stopped while one student's program ran: starts of the same source
/// that no later line of the student's ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stops {
    /// The source's SHA-256: the stops count for it only.
    pub sha256: String,
    /// The stops since the student's last line that ended a judging.
    pub count: usize,
    /// Whether the student was judged alone at the last of them.
    pub alone: bool,
}

/// The stops of the grader each student was running at, by name, from the journal's `lines` in
/// order. A student graded or left unjudged since has none.
pub fn stops(lines: &[Logged]) -> std::collections::HashMap<String, Stops> {
    let mut open: std::collections::HashMap<String, Stops> = std::collections::HashMap::new();
    for line in lines {
        match line {
            Logged::Started(s) => {
                let stops = open.entry(s.started.clone()).or_default();
                let count = if stops.sha256 == s.sha256 { stops.count } else { 0 };
                // Counted as it starts: a later line of the student's takes it back.
                *stops = Stops { sha256: s.sha256.clone(), count: count + 1, alone: s.alone };
            }
            Logged::Graded(g) => drop(open.remove(&g.student)),
            Logged::Unjudged(u) => drop(open.remove(&u.unjudged)),
            Logged::Taken(_) | Logged::Startup(_) | Logged::Measured(_) => {}
        }
    }
    open
}

/// One test point of one student.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Point {
    /// Board size.
    pub n: usize,
    /// The verdict's short code: AC, WA, …
    pub code: String,
    /// The verdict as the judge names it: `WA Wrong Answer`, `RE 段错误`.
    pub verdict: String,
    /// What is wrong, for a verdict other than AC: the first differing line of a Wrong Answer.
    pub detail: String,
    /// Wall time of the run, in seconds.
    pub seconds: f64,
    /// CPU time of the run and all it started, in seconds.
    pub cpu_seconds: f64,
    /// Peak resident memory of any one process of the run, in bytes.
    pub peak_bytes: u64,
    /// Processes it left running, which the judge killed.
    pub left_behind: usize,
    /// Why it is wrong, beyond the detail.
    pub notes: Vec<String>,
    /// The last lines of its stderr, made visible, where they explain the verdict (RE, TLE,
    /// MLE: a RecursionError, "Main method not found"), as `labs judge` shows them.
    #[serde(default)]
    pub stderr: Vec<String>,
    /// The SHA-256 of its output, for a verdict other than AC with some output: two students
    /// with the same wrong output are flagged ([`crate::copies`]).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub output: String,
    /// The diff around the first difference, as `labs judge` shows it under its table, for a
    /// Wrong Answer or Presentation Error whose output can be compared line by line: the
    /// feedback file shows it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub diff: String,
}

/// The students graded in the journal's `lines` whose grading stands, each by their last line,
/// in the order of those lines: what `--resume` keeps. A student whose last line is not a result
/// is judged again: one the machine could not judge, or the user stopped ([`Unjudged`]), even
/// after an earlier result; so is one whose result met a failure of the machine's (their program
/// could not be timed again for the load, [`Timed::NotTimed`]), which is no result of theirs.
pub fn latest(lines: &[Logged]) -> Vec<Graded> {
    let mut last: Vec<Option<&Graded>> = Vec::new();
    let mut at = std::collections::HashMap::new();
    for line in lines {
        let (student, graded) = match line {
            Logged::Graded(g) => (&g.student, Some(&**g)),
            Logged::Unjudged(u) => (&u.unjudged, None),
            _ => continue,
        };
        // Each student's place is their last line's.
        if let Some(i) = at.insert(student.clone(), last.len()) {
            last[i] = None;
        }
        last.push(graded);
    }
    let stands = |g: &&Graded| !matches!(g.timed, Some(Timed::NotTimed(_)));
    last.into_iter().flatten().filter(stands).cloned().collect()
}

/// The hash of a journal line whose JSON without its hash is `body`, after a line whose hash is
/// `previous` (the first line's is `""`): the SHA-256, in hex, of `previous` followed by `body`.
/// Returns the line as the journal holds it (`body` with a last field `"hash"`, no newline) and
/// its hash, the next line's `previous`.
pub fn chain(previous: &str, body: &str) -> (String, String) {
    let hash = sha256(format!("{previous}{body}").as_bytes());
    let open = body.strip_suffix('}').expect("a journal line is a JSON object");
    (format!("{open},\"hash\":\"{hash}\"}}"), hash)
}

/// A journal `line` (no newline) split into its JSON without the hash and the hash, if it ends
/// in one as [`chain`] writes it.
pub fn unchain(line: &str) -> Option<(String, &str)> {
    let (open, hash) = line.strip_suffix("\"}")?.rsplit_once(",\"hash\":\"")?;
    let hex = hash.len() == 64 && hash.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    hex.then(|| (format!("{open}}}"), hash))
}

/// Why a journal could not be taken, read back or written: each the binary words.
#[derive(Debug)]
pub enum Unkept {
    /// Another run holds its lock: the process id of the last run that took it, where the lock
    /// lets the file be read (not on Windows).
    InUse(Option<u32>),
    /// It holds more than the cap the caller gave, in bytes.
    TooLarge(u64),
    /// It holds an earlier grading, and the run was not told to go on from it.
    Earlier,
    /// Line `line` (counted from 1) is not one labs wrote, or its hash does not follow.
    Line {
        /// The line's number.
        line: usize,
        /// What is wrong with it.
        fault: LineFault,
    },
    /// Its first line is a header of a journal from before the hash chain, of this version.
    Unchained(u32),
    /// Its first line is no header: serde's words, made visible.
    NotAJournal(String),
    /// It was written under other rules: its header's JSON (made visible) and this run's.
    OtherRules {
        /// The journal's header.
        theirs: String,
        /// This run's.
        ours: String,
    },
    /// The system's error reading it.
    Read(std::io::Error),
    /// The system's error locking, cutting or writing it.
    Write(std::io::Error),
}

/// What is wrong with a line of a journal read back.
#[derive(Debug, PartialEq, Eq)]
pub enum LineFault {
    /// It is no UTF-8.
    NotUtf8,
    /// It ends in no hash.
    NoHash,
    /// Its hash does not follow from the lines before it.
    HashBroken,
    /// It is no line labs writes: serde's words, made visible.
    NotALine(String),
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
    /// The last line's hash, which the next line's follows.
    last: String,
}

impl Journal {
    /// Takes the journal `file` (opened by the caller for reading and writing, at `path`) for a
    /// run under `header`: a new one, or with `resume` the one there, with the lines it holds
    /// after the header, each text in them made visible. Locked first, so that a second run
    /// refuses at once; a journal of more than `cap` bytes is refused unread; a line that is not
    /// one labs wrote, or whose hash does not follow from the lines before it, is refused with its
    /// number. A last line cut short (a crash while writing it) is dropped, and its student judged
    /// again. The first line this run writes after the header is a [`Taken`] of `pid`'s.
    pub fn open(
        mut file: File,
        path: &Path,
        (header, resume): (&Header, bool),
        cap: u64,
        pid: u32,
    ) -> Result<(Journal, Vec<Logged>), Unkept> {
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => return Err(Unkept::InUse(holder(path, cap))),
            Err(TryLockError::Error(e)) => return Err(Unkept::Write(e)),
        }
        // Read through the locked file itself: on Windows the lock keeps out every other handle.
        let mut bytes = Vec::new();
        (&file).take(cap + 1).read_to_end(&mut bytes).map_err(Unkept::Read)?;
        if bytes.len() as u64 > cap {
            return Err(Unkept::TooLarge(cap));
        }
        if !resume && !bytes.is_empty() {
            return Err(Unkept::Earlier);
        }
        let (mut held, mut kept, mut last) = (Vec::new(), 0, String::new());
        let (mut theirs, mut first) = (None, String::new());
        // Only a line ended by its newline was written whole.
        let whole = bytes.split_inclusive(|&b| b == b'\n').filter_map(|piece| piece.strip_suffix(b"\n"));
        for (number, line) in (1..).zip(whole) {
            let refuse = |fault: LineFault| Unkept::Line { line: number, fault };
            let line = std::str::from_utf8(line).map_err(|_| refuse(LineFault::NotUtf8))?;
            let Some((body, hash)) = unchain(line) else {
                return Err(match serde_json::from_str::<Header>(line) {
                    Ok(old) if number == 1 => Unkept::Unchained(old.version),
                    _ => refuse(LineFault::NoHash),
                });
            };
            if chain(&last, &body).1 != hash {
                return Err(refuse(LineFault::HashBroken));
            }
            last = hash.to_string();
            kept += line.len() + 1;
            if number == 1 {
                theirs = Some(
                    serde_json::from_str::<Header>(&body).map_err(|e| Unkept::NotAJournal(visible(&e.to_string())))?,
                );
                first = body;
                continue;
            }
            let not_a_line = |e: serde_json::Error| refuse(LineFault::NotALine(visible(&e.to_string())));
            let mut value: Value = serde_json::from_str(&body).map_err(not_a_line)?;
            made_visible(&mut value, false);
            held.push(serde_json::from_value(value).map_err(not_a_line)?);
        }
        // Compared once the whole chain holds: a changed journal is refused as changed.
        // The language words the report, not the verdicts: no rule to compare.
        if theirs.is_some_and(|theirs| (Header { lang: header.lang.clone(), ..theirs }) != *header) {
            let ours = serde_json::to_string(header).expect("a header serializes");
            return Err(Unkept::OtherRules { theirs: visible(&first), ours });
        }
        file.set_len(kept as u64).map_err(Unkept::Write)?;
        file.seek(SeekFrom::End(0)).map_err(Unkept::Write)?;
        let mut journal = Journal { file, last };
        if kept == 0 {
            journal.line(&serde_json::to_string(header).expect("a header serializes"))?;
        }
        journal.append(&Logged::Taken(Taken { opened_by: pid }))?;
        Ok((journal, held))
    }

    /// Appends one line, at once and whole.
    pub fn append(&mut self, line: &Logged) -> Result<(), Unkept> {
        self.line(&serde_json::to_string(line).expect("a record serializes"))
    }

    fn line(&mut self, body: &str) -> Result<(), Unkept> {
        let (line, hash) = chain(&self.last, body);
        // One write per line, so that a crash leaves at most one line cut short.
        self.file.write_all(format!("{line}\n").as_bytes()).and_then(|()| self.file.flush()).map_err(Unkept::Write)?;
        self.last = hash;
        Ok(())
    }
}

/// The process id of the run holding the journal at `path`, by the last [`Taken`] line written
/// whole within its first `cap` bytes; `None` where the lock keeps the file from being read too
/// (Windows).
fn holder(path: &Path, cap: u64) -> Option<u32> {
    let mut text = String::new();
    File::open(path).ok()?.take(cap).read_to_string(&mut text).ok()?;
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

    fn started(name: &str, sha256: &str, alone: bool) -> Logged {
        Logged::Started(Started { started: name.into(), sha256: sha256.into(), alone })
    }

    #[test]
    fn a_stop_is_a_start_that_no_later_line_of_the_students_ends() {
        let graded: Graded = serde_json::from_str(
            r#"{"student":"amy","source":"class/amy.c","built_with":null,"compile_error":null,"score":"","points":[],"notes":[]}"#,
        )
        .unwrap();
        let lines = [
            started("amy", "a1", false),
            started("bob", "b1", false),
            Logged::Graded(Box::new(graded)),
            started("bob", "b1", true),
            started("cy", "c1", true),
            Logged::Unjudged(Unjudged { unjudged: "cy".into() }),
            started("dee", "d1", true),
            started("dee", "d2", true),
        ];
        let mut found: Vec<(String, Stops)> = stops(&lines).into_iter().collect();
        found.sort_by(|a, b| a.0.cmp(&b.0));
        let stops = |sha256: &str, count, alone| Stops { sha256: sha256.into(), count, alone };
        // amy was graded, cy could not be judged; dee's source changed between her two starts.
        assert_eq!(found, [("bob".to_string(), stops("b1", 2, true)), ("dee".to_string(), stops("d2", 1, true))]);
    }

    #[test]
    fn a_chained_line_splits_back_into_its_body_and_hash() {
        let (line, hash) = chain("", r#"{"unjudged":"amy"}"#);
        assert_eq!(line, format!(r#"{{"unjudged":"amy","hash":"{hash}"}}"#));
        assert_eq!(unchain(&line), Some((r#"{"unjudged":"amy"}"#.to_string(), hash.as_str())));
        assert_ne!(chain(&hash, r#"{"unjudged":"amy"}"#).1, hash, "the same line after another hashes apart");
        assert_eq!(unchain(r#"{"unjudged":"amy","hash":"00"}"#), None);
        assert_eq!(unchain(r#"{"unjudged":"amy"}"#), None);
    }

    #[test]
    fn every_text_read_back_is_made_visible_and_a_name_on_one_line() {
        let mut value = serde_json::json!({"student": "a\nb\u{1b}", "diff": "- x\u{1b}[2J\n+ y", "n": 4});
        made_visible(&mut value, false);
        assert_eq!(value, serde_json::json!({"student": "a\\nb\\e", "diff": "- x\\e[2J\n+ y", "n": 4}));
    }

    #[test]
    fn each_kind_of_line_reads_back_as_itself() {
        for line in [started("amy", "a1", true), Logged::Unjudged(Unjudged { unjudged: "amy".into() })] {
            let text = serde_json::to_string(&line).unwrap();
            assert_eq!(serde_json::from_str::<Logged>(&text).unwrap(), line, "{text}");
        }
    }
}
