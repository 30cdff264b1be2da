//! Finding the class: which entries are submissions, and whose; and why each other one is not.
//!
//! One argument that is a folder is the class: each entry in it is one student's submission,
//! either a source file (`alice.c`: the student is `alice`) or a folder holding one
//! (`bob/Main.java`: the student is `bob`), or holding a Java program in several files, one of
//! them `Main.java` (compiled together, class `Main` run). Several arguments are submissions themselves, each a
//! source file or a folder holding one. A source is a file whose extension the judge builds
//! ([`Language::of`], in any case: `LIU.C`, `qin.CPP`). Hidden entries (`.DS_Store`, `.git`) are not
//! looked at.
//!
//! Every other entry gets a row of its own, "not graded" with the reason ([`NotGraded`]), and the
//! class goes on: a file of another kind, an archive, a folder with no source or with several,
//! two submissions for one student (`a.c` beside `a.py`: both rows), a source over the size cap,
//! a symbolic link, a special file (a FIFO, a device), an entry that cannot be read. The class
//! folder is someone else's: its entries are looked at without following links
//! ([`std::fs::symlink_metadata`]), so a link to the instructor's solution or to `/etc/shadow`
//! is refused, never read, and a sparse 1 GiB file is refused by its size, never copied.
//! Archives are refused, not unpacked: a course platform's zip is the instructor's to unpack once,
//! with their own tool, and unpacking it here would add links, `..` paths, bombs and name
//! encodings to what a hostile class can throw at the grader. Names are made visible
//! ([`crate::escape::visible`]) as they are found, so no control or bidi character of a file
//! name reaches a table, a journal or an export. Students are graded in the order of their
//! names, so that a journal and a report read the same on every run.

use crate::catalogue::say;
use crate::error::Error;
use crate::escape::visible;
use crate::judge::compile::{Language, java_folder};
use crate::lang::Lang;
use crate::units::bytes;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fs::Metadata;
use std::io::Read;
use std::path::{Path, PathBuf};

/// Extensions of archives, which are refused by name.
const ARCHIVES: [&str; 9] = ["zip", "rar", "7z", "tar", "gz", "tgz", "bz2", "xz", "zst"];

/// One student's submission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Student {
    /// The name: the source file's stem, or the folder's name, made visible.
    pub name: String,
    /// The source file.
    pub source: PathBuf,
    /// Its language, by its extension.
    pub language: Language,
    /// The source's SHA-256, in hex, as it was found.
    pub sha256: String,
}

/// Who a submission is: the student id and name its file or folder is called by, `学号_姓名` or
/// `id_name` (`2023011007_吴九.py`: id `2023011007`, name `吴九`); a name with no id before an
/// underscore is all name.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Identity {
    /// The student id: the digits (and letters) before the first `_`, if they hold a digit.
    pub id: String,
    /// The name: what follows the id, or the whole name.
    pub name: String,
}

impl Identity {
    /// The identity a submission's name (a file's stem or a folder's name) gives.
    pub fn of(name: &str) -> Identity {
        match name.split_once('_') {
            Some((id, rest))
                if !rest.is_empty()
                    && id.chars().any(|c| c.is_ascii_digit())
                    && id.chars().all(|c| c.is_ascii_alphanumeric()) =>
            {
                Identity { id: id.to_string(), name: rest.to_string() }
            }
            _ => Identity { id: String::new(), name: name.to_string() },
        }
    }
}

/// An entry of the class that is not graded, and why: one row of the report.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotGraded {
    /// The entry as the class folder holds it, made visible: `wei.zip`, `carol/`.
    pub entry: String,
    /// What its row says in the score column, in the report's language: `not graded: an
    /// archive: …`.
    pub score: String,
}

impl NotGraded {
    /// `entry`, not graded for `reason` (one of the catalogue's reasons, in `lang`).
    pub fn new(entry: String, reason: &str, lang: Lang) -> NotGraded {
        NotGraded { entry, score: say!(lang, NotGradedRow, reason) }
    }
}

/// The class as found: the students in name order, and what could not be graded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Class {
    /// The submissions to grade, by name.
    pub students: Vec<Student>,
    /// Entries that are no submission, each with the reason, by entry.
    pub not_graded: Vec<NotGraded>,
}

/// Finds the class `paths` name, refusing sources over `max_source` bytes; an error only if none
/// of it can be graded.
pub fn find(paths: &[PathBuf], max_source: u64, lang: Lang) -> Result<Class, Error> {
    let mut class = Class::default();
    let (entries, listed) = match paths {
        [dir] if dir.is_dir() => (listing(dir)?, true),
        _ => (paths.to_vec(), false),
    };
    let mut found: Vec<(Student, String)> = Vec::new();
    for path in &entries {
        let meta = match std::fs::symlink_metadata(path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !listed => {
                return Err(Error::Usage(format!("{}: no such file or folder", path.display())));
            }
            Err(e) => {
                class.not_graded.push(NotGraded::new(shown(path, false), &say!(lang, NotReadable, e), lang));
                continue;
            }
        };
        match submission(path, &meta, max_source, lang) {
            Ok(student) => found.push((student, shown(path, meta.is_dir()))),
            Err(reason) => class.not_graded.push(NotGraded::new(shown(path, meta.is_dir()), &reason, lang)),
        }
    }
    found.sort_by(|a, b| a.0.name.cmp(&b.0.name));
    // Two submissions for one student: neither is theirs until they say which.
    for group in found.chunk_by(|a, b| a.0.name == b.0.name) {
        match group {
            [(student, _)] => class.students.push(student.clone()),
            twins => {
                let entries = twins.iter().map(|(_, e)| e.as_str()).collect::<Vec<_>>().join(", ");
                for (student, entry) in twins {
                    let reason = say!(lang, TwoSubmissions, name = student.name, entries);
                    class.not_graded.push(NotGraded::new(entry.clone(), &reason, lang));
                }
            }
        }
    }
    class.not_graded.sort_by(|a, b| a.entry.cmp(&b.entry));
    if class.students.is_empty() {
        let which = paths.iter().map(|p| visible(&p.display().to_string())).collect::<Vec<_>>().join(" ");
        let mut why =
            format!("no submission to grade in {which} (a source file {}, or a folder holding one)", extensions());
        for skipped in &class.not_graded {
            why += &format!("\n  {}: {}", skipped.entry, skipped.score);
        }
        return Err(Error::Usage(why));
    }
    Ok(class)
}

/// The visible entries of `dir`, by name.
fn listing(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| Error::Usage(format!("{}: {e}", visible(&dir.display().to_string()))))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| !hidden(p))
        .collect();
    entries.sort();
    Ok(entries)
}

/// The submission at `path` (whose own metadata, links not followed, is `meta`), or why it is
/// none.
fn submission(path: &Path, meta: &Metadata, max_source: u64, lang: Lang) -> Result<Student, String> {
    let name = |p: &Path| visible(&p.file_stem().unwrap_or_default().to_string_lossy());
    let kind = meta.file_type();
    if kind.is_symlink() {
        return Err(say!(lang, SymbolicLink));
    }
    if kind.is_file() {
        let language = source_language(path, lang)?;
        fits(meta, max_source, lang)?;
        let sha256 = digest(path, max_source, lang)?;
        return Ok(Student { name: name(path), source: path.to_path_buf(), language, sha256 });
    }
    if !kind.is_dir() {
        return Err(say!(lang, SpecialFile));
    }
    let mut sources = Vec::new();
    let entries = std::fs::read_dir(path).map_err(|e| say!(lang, NotReadable, e))?;
    for entry in entries {
        let entry = entry.map_err(|e| say!(lang, NotReadable, e))?;
        let inner = entry.path();
        if hidden(&inner) || Language::of(&inner).is_none() {
            continue;
        }
        let meta = std::fs::symlink_metadata(&inner).map_err(|e| say!(lang, NotReadable, e))?;
        let file = shown(&inner, false);
        if meta.file_type().is_symlink() {
            return Err(say!(lang, LinkInside, file));
        }
        if !meta.is_file() {
            continue;
        }
        fits(&meta, max_source, lang).map_err(|why| format!("{file}: {why}"))?;
        sources.push(inner);
    }
    sources.sort();
    let folder = visible(&path.file_name().unwrap_or_default().to_string_lossy());
    match sources.as_slice() {
        [source] => {
            let language = Language::of(source).expect("chosen by its language");
            let sha256 = digest(source, max_source, lang)?;
            Ok(Student { name: folder, source: source.clone(), language, sha256 })
        }
        [] => Err(say!(lang, NoSourceInside, extensions = extensions())),
        // A Java program in several files, one of them Main.java: compiled together.
        many if many.iter().all(|p| Language::of(p) == Some(Language::Java)) && !java_folder(path).is_empty() => {
            let mut hasher = Sha256::new();
            for source in many {
                hasher.update(source.file_name().unwrap_or_default().as_encoded_bytes());
                hasher.update([0]);
                hasher.update(read(source, max_source, lang)?);
            }
            let sha256 = hasher.finalize().iter().map(|b| format!("{b:02x}")).collect();
            Ok(Student { name: folder, source: path.to_path_buf(), language: Language::Java, sha256 })
        }
        many => {
            let files = many.iter().map(|p| shown(p, false)).collect::<Vec<_>>().join(", ");
            Err(say!(lang, SeveralSources, k = many.len(), files))
        }
    }
}

/// The language of the file at `path`, or why it is no source.
fn source_language(path: &Path, lang: Lang) -> Result<Language, String> {
    if let Some(language) = Language::of(path) {
        return Ok(language);
    }
    let extension = path.extension().map(|e| e.to_string_lossy().to_lowercase()).unwrap_or_default();
    if ARCHIVES.contains(&extension.as_str()) {
        return Err(say!(lang, Archive));
    }
    Err(say!(lang, NotASource, extensions = extensions()))
}

/// Whether a source of `meta` is within the cap; it is never read if not.
fn fits(meta: &Metadata, max_source: u64, lang: Lang) -> Result<(), String> {
    match meta.len() {
        len if len > max_source => Err(say!(lang, SourceTooLarge, size = bytes(len), cap = bytes(max_source))),
        _ => Ok(()),
    }
}

/// The SHA-256 of the source at `path`, read up to `max_source` bytes.
fn digest(path: &Path, max_source: u64, lang: Lang) -> Result<String, String> {
    Ok(sha256(&read(path, max_source, lang)?))
}

/// The file at `path`, read up to `max_source` bytes.
fn read(path: &Path, max_source: u64, lang: Lang) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|file| file.take(max_source + 1).read_to_end(&mut bytes))
        .map_err(|e| say!(lang, NotReadable, e))?;
    Ok(bytes)
}

/// The SHA-256 of `bytes`, in hex: how the journal keeps a source or an output.
pub fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// `path` as the report names it, made visible: its last component, with a `/` for a folder.
fn shown(path: &Path, dir: bool) -> String {
    let name = visible(&path.file_name().unwrap_or(path.as_os_str()).to_string_lossy());
    if dir { format!("{name}/") } else { name }
}

fn hidden(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'))
}

/// The extensions of the languages the judge builds: `.c, .cpp, .py, .java, .rs`.
pub fn extensions() -> String {
    [".c", ".cpp", ".cc", ".cxx", ".py", ".java", ".rs"].join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn rows(class: &Class) -> Vec<(String, String)> {
        class.not_graded.iter().map(|n| (n.entry.clone(), n.score.replace("not graded: ", ""))).collect()
    }

    #[test]
    fn every_entry_is_a_student_or_a_row_with_its_reason() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let write = |p: &str, text: &str| {
            std::fs::create_dir_all(root.join(p).parent().unwrap()).unwrap();
            std::fs::write(root.join(p), text).unwrap();
        };
        write("alice.c", "");
        write("bob/Main.java", "");
        write("bob/notes.txt", "");
        write("carol/a.py", "");
        write("carol/b.py", "");
        write("LIU.C", "");
        write("a.c", "");
        write("a.py", "");
        write("wei.zip", "");
        write("README", "");
        write("big.rs", &"x".repeat(11));
        write("dan/Main.java", "");
        write("dan/Board.java", "");
        write("eve/Queens.java", "");
        write("eve/Board.java", "");
        write(".hidden.c", "");
        let class = find(&[root.to_path_buf()], 10, Lang::En).unwrap();
        let names: Vec<(&str, Language)> = class.students.iter().map(|s| (s.name.as_str(), s.language)).collect();
        assert_eq!(
            names,
            [("LIU", Language::C), ("alice", Language::C), ("bob", Language::Java), ("dan", Language::Java)]
        );
        assert_eq!(class.students[3].source, root.join("dan"));
        // Links, which only Unix makes without privileges, are tests/grade.rs's hostile class.
        let expected = [
            ("README", "not a source file (.c, .cpp, .cc, .cxx, .py, .java, .rs)"),
            ("a.c", "two submissions for a (a.c, a.py)"),
            ("a.py", "two submissions for a (a.c, a.py)"),
            ("big.rs", "too large (11 bytes, over the cap of 10 bytes: --max-source)"),
            ("carol/", "2 source files in it (a.py, b.py): keep one"),
            ("eve/", "2 source files in it (Board.java, Queens.java): keep one"),
            ("wei.zip", "an archive: unpack it first, labs does not open archives"),
        ];
        let expected: Vec<(String, String)> = expected.iter().map(|(a, b)| (a.to_string(), b.to_string())).collect();
        assert_eq!(rows(&class), expected);
    }

    #[test]
    fn ids_and_names_come_from_the_usual_file_names() {
        let who = |name: &str| {
            let i = Identity::of(name);
            (i.id, i.name)
        };
        assert_eq!(who("2023011007_吴九"), ("2023011007".into(), "吴九".into()));
        assert_eq!(who("2023011070_zhao_qian"), ("2023011070".into(), "zhao_qian".into()));
        assert_eq!(who("S2023_li"), ("S2023".into(), "li".into()));
        assert_eq!(who("alice"), (String::new(), "alice".into()));
        assert_eq!(who("big_bang"), (String::new(), "big_bang".into()));
        assert_eq!(who("2023_"), (String::new(), "2023_".into()));
    }

    #[test]
    fn names_are_made_visible() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("x\x1b]52;c;aGk=\x07\u{202e}.c"), "").unwrap();
        let class = find(&[dir.path().to_path_buf()], 10, Lang::En).unwrap();
        assert_eq!(class.students[0].name, "x\\e]52;c;aGk=\\x07\\u{202e}");
    }
}
