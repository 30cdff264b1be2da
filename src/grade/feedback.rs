//! `--feedback DIR`: one Markdown file per student graded, in the report's language, holding
//! what `labs judge` would have told them: their score (with several formats allowed, by which
//! format, and each format's score where more than one was tried), the verdict at each n, and at
//! the first test point not accepted the judge's detail (the first differing line, expected
//! against got) and the diff around it, its notes and the last lines of stderr; or the compiler's
//! first lines.
//!
//! Everything quoted from the student's program was made visible when it was judged
//! ([`crate::escape`]); here Markdown text is escaped ([`markdown_text`]) and their lines go in
//! fences longer than any run of backticks in them, so no file shows live HTML or breaks out of
//! its block. A file is named after the student, with the characters Windows forbids in a name
//! replaced by `_`; names that then meet (`a_b`, `a|b`, `a:b`, or `Amy` and `amy` on a system
//! that reads names without case) get `-2`, `-3`, … in the order of the class ([`file_names`]), a
//! name already fit for a file keeping its own, and stderr says whose each such file is.
//!
//! A folder shared with others (a 1777 share) may hold a link planted where a student's file goes
//! (`alice.md -> /root/secret`). So nothing is written through a name that is there: each file is
//! written into a new temporary file of its own in the folder (created exclusively, so never
//! through a link), then renamed over the student's name, which replaces whatever was there (the
//! earlier run's file, or the link itself, never its target). A folder that is itself a link is
//! refused: it could lead anywhere. And the folder is opened once, before the first file
//! ([`Folder`]): on Linux every file is made and renamed relative to that descriptor, so a folder
//! swapped for a link after it was looked at is never written through.

use super::book::Gradebook;
use super::class::sha256;
use super::journal::Tried;
use super::mark::Mark;
use super::table::score_100;
use crate::catalogue::{Key, say};
use crate::error::{Error, io_words};
use crate::export::markdown_text;
use crate::facts::GRADE_FILE_NAME_BYTES;
use crate::judge::foreign::{Folder, Unopened};
use crate::lang::Lang;
use crate::units::duration;
use std::path::Path;
use std::time::Duration;

/// The folder `dir` (made if missing) opened for the feedback files, or why not, in `lang`:
/// opened before anything is judged, so that a folder that cannot be written (`/proc/x`) or is
/// a link stops the run before the class is judged, not after.
pub fn open(dir: &Path, lang: Lang) -> Result<Folder, Error> {
    let shown = || crate::escape::visible(&dir.display().to_string());
    match Folder::open(dir) {
        Ok(folder) => Ok(folder),
        Err(Unopened::Link) => Err(Error::Usage(say!(lang, FeedbackDirLink, dir = shown()))),
        Err(Unopened::Io(e)) => {
            Err(Error::Failed(say!(lang, FeedbackDirUnwritable, dir = shown(), e = io_words(&e, lang))))
        }
    }
}

/// Writes one file per student of `book` into `folder` (`dir`, opened by [`open`]), in `lang`,
/// each through a temporary file renamed over its name, replacing an earlier run's file; says on
/// stderr whose each file with a suffix is. A file the system refuses is that student's alone:
/// said on stderr and returned, one line each, for the report's notes; the others are written.
pub fn write(book: &Gradebook, (folder, dir): (&Folder, &Path), lang: Lang) -> Vec<String> {
    let dir = crate::escape::visible(&dir.display().to_string());
    let mut unwritten = Vec::new();
    let names: Vec<&str> = book.marks.iter().map(|mark| mark.graded.student.as_str()).collect();
    for (mark, file) in book.marks.iter().zip(file_names(&names)) {
        let file = format!("{file}.md");
        let student = &mark.graded.student;
        if file != format!("{}.md", file_name(student)) {
            eprintln!("labs grade: {}", say!(lang, FeedbackRenamed, student, file));
        }
        if let Err(e) = folder.replace(&file, render(book, mark, lang).as_bytes()) {
            let note = say!(lang, FeedbackUnwritten, student, dir, file, e = io_words(&e, lang));
            eprintln!("labs grade: {note}");
            unwritten.push(note);
        }
    }
    unwritten
}

/// A student's name as a file name on every system: `\ / : * ? " < >`, `|` and control characters
/// as `_`; one longer than [`GRADE_FILE_NAME_BYTES`] cut on a character boundary and ended by `~`
/// and the first 8 hex digits of the whole name's SHA-256, so that it fits every file system and
/// two long names that begin alike still make two names.
pub fn file_name(student: &str) -> String {
    let name: String =
        student.chars().map(|c| if "\\/:*?\"<>|".contains(c) || c.is_control() { '_' } else { c }).collect();
    if name.len() <= GRADE_FILE_NAME_BYTES {
        return name;
    }
    let hash = &sha256(student.as_bytes())[..8];
    let mut end = GRADE_FILE_NAME_BYTES - hash.len() - 1;
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}~{hash}", &name[..end])
}

/// The file name (without `.md`) of each of `students`, in order, no two the same even where a
/// system reads names without case: [`file_name`], and where that meets another's, `-2`, `-3`, …
/// A name already fit for a file keeps its own; the others take what is left, in order.
pub fn file_names(students: &[&str]) -> Vec<String> {
    let mut taken = std::collections::HashSet::new();
    let mut names: Vec<Option<String>> = students
        .iter()
        .map(|student| {
            (file_name(student) == *student && taken.insert(student.to_lowercase())).then(|| student.to_string())
        })
        .collect();
    for (name, student) in names.iter_mut().zip(students) {
        if name.is_none() {
            let base = file_name(student);
            let mut free = (1..).map(|k| if k == 1 { base.clone() } else { format!("{base}-{k}") });
            *name = free.find(|candidate| taken.insert(candidate.to_lowercase()));
        }
    }
    names.into_iter().flatten().collect()
}

/// The feedback of `mark`, as Markdown in `lang`.
pub fn render(book: &Gradebook, mark: &Mark, lang: Lang) -> String {
    let g = &mark.graded;
    let mut text = format!("# {}\n\n", markdown_text(&g.student));
    let who = &mark.identity;
    if !who.id.is_empty() {
        text += &format!("{}\n\n", markdown_text(&say!(lang, FeedbackWho, id = who.id, name = who.name)));
    }
    let (site, limits) = book.session.terms_of(g.format.as_deref());
    let score = say!(lang, FeedbackScore, score = score_100(mark.score_100), site, verdict = g.score);
    text += &format!("{}  \n{}\n\n", markdown_text(&score), markdown_text(limits));
    if let Some(format) = g.format.as_deref().filter(|_| book.session.several_formats()) {
        text += &format!("{}\n\n", markdown_text(&judged_as(book, format, &g.tried, lang)));
    }
    // How it was built: which of a folder's files, with which flags (already made visible).
    if let Some(command) = &g.built_with {
        text += &format!("{}\n\n", markdown_text(&say!(lang, BuiltWith, command)));
    }
    if let Some(message) = &g.compile_error {
        text += &format!("## {}\n\n{}", Key::FeedbackCompiler.text(lang), fenced(message));
        return text;
    }
    text += &format!("## {}\n\n", Key::FeedbackPoints.text(lang));
    text += &format!("| n | {} | {} |\n|--:|:--|--:|\n", Key::ColumnVerdict.text(lang), Key::ColumnTime.text(lang));
    for p in &g.points {
        let time = duration(Duration::from_secs_f64(p.seconds));
        text += &format!("| {} | {} | {time} |\n", p.n, markdown_text(&p.verdict));
    }
    text += "\n";
    let Some(first) = g.points.iter().find(|p| p.code != "AC") else {
        return text + Key::FeedbackAllAccepted.text(lang) + "\n";
    };
    text += &format!("## {}\n\n", markdown_text(&say!(lang, FeedbackFirst, n = first.n, verdict = first.verdict)));
    if !first.detail.is_empty() {
        text += &fenced(&first.detail);
    }
    if !first.diff.is_empty() {
        text += &fenced(first.diff.trim_end_matches('\n'));
    }
    text += &notes(first.notes.iter().chain(&g.notes), lang);
    if !first.stderr.is_empty() {
        text += &format!("\n{}:\n\n{}", Key::FeedbackStderr.text(lang), fenced(&first.stderr.join("\n")));
    }
    text
}

/// With several formats allowed, the format a student was judged by: the first, or the one that
/// scored best of each `tried` with its score.
fn judged_as(book: &Gradebook, format: &str, tried: &[Tried], lang: Lang) -> String {
    let (site, _) = book.session.terms_of(Some(format));
    let separator = say!(lang, ListSeparator);
    if tried.is_empty() {
        let formats = book.session.allowed.iter().map(|a| a.format.as_str()).collect::<Vec<_>>().join(&separator);
        return say!(lang, FeedbackFormatFirst, format, site, formats);
    }
    let each = tried.iter().map(|t| say!(lang, FeedbackFormatTried, format = t.format, score = t.score));
    let tried = each.collect::<Vec<_>>().join(&say!(lang, LimitsSeparator));
    say!(lang, FeedbackFormatBest, tried, format, site)
}

/// The notes as a list; a note's later lines are the program's kind of text (a board it
/// draws), so they go in a block below it, never run together into its line.
fn notes<'a>(notes: impl Iterator<Item = &'a String>, lang: Lang) -> String {
    let mut text = String::new();
    for note in notes {
        let (head, rest) = note.split_once('\n').unwrap_or((note, ""));
        text += &format!("- {}\n", markdown_text(&say!(lang, Note, note = head)));
        if !rest.is_empty() {
            text += &format!("\n{}", fenced(rest));
        }
    }
    text
}

/// `body` in a fenced block whose fence is longer than any run of backticks in it.
fn fenced(body: &str) -> String {
    let longest = body.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{fence}text\n{body}\n{fence}\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn names_become_file_names_and_fences_outrun_backticks() {
        assert_eq!(file_name("a/b\\c:<d>"), "a_b_c__d_");
        assert_eq!(file_name("a\u{1b}b"), "a_b");
        assert_eq!(fenced("x ```` y"), "`````text\nx ```` y\n`````\n\n");
        assert_eq!(fenced("plain"), "```text\nplain\n```\n\n");
    }

    #[test]
    fn a_long_name_is_cut_on_a_character_and_keeps_a_hash_of_the_whole() {
        let bel = "\\x07".repeat(60);
        let (a, b) = (file_name(&bel), file_name(&format!("{bel}x")));
        assert!(a.len() <= GRADE_FILE_NAME_BYTES && b.len() <= GRADE_FILE_NAME_BYTES, "{a}");
        assert_ne!(a, b, "two long names that begin alike make two names");
        let chinese = "李".repeat(200);
        let cut = file_name(&chinese);
        assert!(cut.len() <= GRADE_FILE_NAME_BYTES && cut.starts_with("李李") && cut.contains('~'), "{cut}");
        assert_eq!(file_name("2023011007_吴九"), "2023011007_吴九");
    }

    #[test]
    fn names_that_meet_as_files_get_a_suffix_and_a_fit_name_keeps_its_own() {
        let names = file_names(&["a:b", "a_b", "a_b-2", "a|b", "Amy", "amy", "bob"]);
        assert_eq!(names, ["a_b-3", "a_b", "a_b-2", "a_b-4", "Amy", "amy-2", "bob"]);
    }

    #[test]
    fn a_board_a_note_draws_stays_in_a_block() {
        let missing = "the first board missing (reference number 2):\n..Q.\nQ...\n...Q\n.Q..".to_string();
        assert_eq!(
            notes([&missing].into_iter(), Lang::En),
            "- note: the first board missing (reference number 2):\n\n```text\n..Q.\nQ...\n...Q\n.Q..\n```\n\n"
        );
    }
}
