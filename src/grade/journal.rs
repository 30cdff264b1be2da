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

use super::class::Student;
use super::rerun::Timed;
use crate::error::Error;
use crate::facts::GRADE_JOURNAL_BYTES;
use crate::judge::facts::STDERR_LINES;
use crate::judge::{Config, Judged, verdict::Verdict};
use crate::judging::words;
use crate::lang::Lang;
use serde::{Deserialize, Serialize};
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The rules a journal was written under.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// The format (and so the judge).
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
    /// The journal's own format, [`VERSION`]; journals from before it say nothing, which reads
    /// as 0.
    #[serde(default)]
    pub version: u32,
}

/// The journal's format: 2 since the header holds the sandbox and the process cap and each
/// student the source's SHA-256; 3 since it holds the build's limits too; 4 since it has
/// [`Started`] and [`Unjudged`] lines.
pub const VERSION: u32 = 4;

impl Header {
    /// The header of a run judged by `config` (whose submission does not matter), in `lang`.
    pub fn of(config: &Config, lang: Lang) -> Header {
        Header {
            format: config.format.name().to_string(),
            sizes: config.sizes.clone(),
            time_limit: config.time_limit.as_secs_f64(),
            memory_limit: config.memory_limit,
            output_limit: config.output_limit,
            any_order: config.any_order,
            strict: config.strict,
            lang: format!("{lang:?}").to_lowercase(),
            sandbox: config.sandbox.is_some(),
            max_processes: config.max_processes,
            build_memory_limit: config.build_memory_limit,
            build_file_limit: config.build_file_limit,
            version: VERSION,
        }
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
    /// The program timed again at the largest n accepted ([`super::rerun`]), if it was
    /// accepted at a size where the time says something.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timed: Option<Timed>,
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
    /// with the same wrong output are flagged ([`super::copies`]).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub output: String,
    /// The diff around the first difference, as `labs judge` shows it under its table, for a
    /// Wrong Answer or Presentation Error whose output can be compared line by line: the
    /// feedback file shows it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub diff: String,
}

impl Graded {
    /// What the journal keeps of `student`'s judgement, worded in `lang`.
    pub fn of(student: &Student, judged: &Judged, lang: Lang) -> Graded {
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
                    false => super::class::sha256(&case.run.stdout),
                },
                diff: match case.diff && matches!(case.verdict, Verdict::WrongAnswer(_) | Verdict::PresentationError(_))
                {
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
        }
    }
}

/// Whether the journal at `path` exists; an error if it does and is no regular file (a FIFO or
/// `/dev/zero` would be read forever, `/dev/full` never written). Checked with the arguments,
/// before any work or note, and again when the journal is read.
pub fn check(path: &Path) -> Result<bool, Error> {
    let usage = |why: String| Error::Usage(format!("--journal '{}': {why}", path.display()));
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => Err(usage(e.to_string())),
        Ok(meta) if !meta.is_file() => Err(usage("not a regular file; name a file for the journal".into())),
        Ok(_) => Ok(true),
    }
}

/// The journal at `path`, if there is one: a regular file (a FIFO or `/dev/zero` would be read
/// forever, `/dev/full` never written), read up to [`GRADE_JOURNAL_BYTES`].
fn read(path: &Path) -> Result<Option<String>, Error> {
    let usage = |why: String| Error::Usage(format!("--journal '{}': {why}", path.display()));
    if !check(path)? {
        return Ok(None);
    }
    let file = File::open(path).map_err(|e| usage(e.to_string()))?;
    let mut text = String::new();
    file.take(GRADE_JOURNAL_BYTES + 1).read_to_string(&mut text).map_err(|e| usage(e.to_string()))?;
    if text.len() as u64 > GRADE_JOURNAL_BYTES {
        return Err(usage(format!(
            "larger than {}, so no labs grade journal",
            crate::units::bytes(GRADE_JOURNAL_BYTES)
        )));
    }
    Ok(Some(text))
}

/// The students graded in the journal's `lines`, each student's last line only, in the order of
/// those lines.
pub fn latest(lines: &[Logged]) -> Vec<Graded> {
    let mut graded: Vec<Graded> = lines
        .iter()
        .filter_map(|line| match line {
            Logged::Graded(g) => Some((**g).clone()),
            _ => None,
        })
        .collect();
    let mut seen = std::collections::HashSet::new();
    graded.reverse();
    graded.retain(|g| seen.insert(g.student.clone()));
    graded.reverse();
    graded
}

/// The journal file, open for appending.
#[derive(Debug)]
pub struct Journal {
    file: File,
    path: PathBuf,
}

impl Journal {
    /// Opens the journal at `path` for a run under `header`: a new one, or with `resume` the
    /// one there, with the lines it holds after the header.
    pub fn open(path: &Path, header: &Header, resume: bool) -> Result<(Journal, Vec<Logged>), Error> {
        let shown = path.display();
        let cannot = |e: std::io::Error| Error::Failed(format!("--journal: cannot write '{shown}': {e}"));
        let existing = read(path)?;
        let mut held = Vec::new();
        let mut kept = 0;
        match existing.as_deref() {
            Some(text) if resume && !text.is_empty() => {
                let mut lines = text.split_inclusive('\n');
                let first = lines.next().unwrap_or_default();
                let theirs: Header = serde_json::from_str(first)
                    .map_err(|e| Error::Usage(format!("--resume: '{shown}' is not a labs grade journal ({e})")))?;
                // The language words the report, not the verdicts: no rule to compare.
                if (Header { lang: header.lang.clone(), ..theirs }) != *header {
                    return Err(Error::Usage(format!(
                        "--resume: '{shown}' was written under other rules: {} (now: {}); grade with the same options, or name another --journal",
                        first.trim_end(),
                        serde_json::to_string(header).expect("a header serializes")
                    )));
                }
                kept = first.len();
                // A line cut short (a crash while writing it) ends what is kept.
                for line in lines {
                    match serde_json::from_str::<Logged>(line) {
                        Ok(read) if line.ends_with('\n') => {
                            kept += line.len();
                            held.push(read);
                        }
                        _ => break,
                    }
                }
            }
            Some(text) if !text.is_empty() => {
                return Err(Error::Usage(format!(
                    "'{shown}' holds an earlier grading: add --resume to go on with it, or remove it (or name another --journal)"
                )));
            }
            _ => {}
        }
        let mut file = OpenOptions::new().create(true).write(true).truncate(false).open(path).map_err(cannot)?;
        file.set_len(kept as u64).map_err(cannot)?;
        file.seek(SeekFrom::End(0)).map_err(cannot)?;
        let mut journal = Journal { file, path: path.to_path_buf() };
        if kept == 0 {
            journal.line(&serde_json::to_string(header).expect("a header serializes"))?;
        }
        Ok((journal, held))
    }

    /// Appends one line, at once and whole.
    pub fn append(&mut self, line: &Logged) -> Result<(), Error> {
        self.line(&serde_json::to_string(line).expect("a record serializes"))
    }

    fn line(&mut self, text: &str) -> Result<(), Error> {
        // One write per line, so that a crash leaves at most one line cut short.
        self.file
            .write_all(format!("{text}\n").as_bytes())
            .and_then(|()| self.file.flush())
            .map_err(|e| Error::Failed(format!("--journal: cannot write '{}': {e}", self.path.display())))
    }
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
    fn each_kind_of_line_reads_back_as_itself() {
        for line in [started("amy", "a1", true), Logged::Unjudged(Unjudged { unjudged: "amy".into() })] {
            let text = serde_json::to_string(&line).unwrap();
            assert_eq!(serde_json::from_str::<Logged>(&text).unwrap(), line, "{text}");
        }
    }
}
