//! Finding the class: which entries are submissions, and whose; and why each other one is not.
//!
//! One argument that is a folder is the class: each entry in it is one student's submission,
//! either a source file (`alice.c`: the student is `alice`) or a folder holding one
//! (`bob/Main.java`: the student is `bob`), or holding a program in several files (a C header and
//! its units, Java classes in their packages, a Rust crate with its modules: built together as
//! [`Project`] decides, up to [`project::MAX_DEPTH`] folders deep; one whose build cannot be
//! decided is not graded, with the reason). Every folder, one holding a single source too, is
//! decided by [`Project::from_files`], the function `labs judge DIR` decides by, so the two never
//! build one folder two ways (a Java file in its package's folder). Several arguments are submissions themselves, each a
//! source file or a folder holding one. A source is a file whose extension the judge builds
//! ([`Language::of`], in any case: `LIU.C`, `qin.CPP`). Hidden entries (`.DS_Store`, `.git`) are not
//! looked at.
//!
//! Every other entry gets a row of its own, "not graded" with the reason ([`NotGraded`]), and the
//! class goes on: a file of another kind, an archive, a folder with no source or two `main`s,
//! two submissions for one student (`a.c` beside `a.py`: both rows), a source over the size cap,
//! a symbolic link, a hard link, a special file (a FIFO, a device), an entry that cannot be read,
//! a folder over its caps (entries looked at, sources and headers, their bytes: [`crate::facts`]),
//! which is decided by the walk, from names and sizes, before any of its files is read.
//!
//! The class folder is someone else's, and may change while it is graded. So each source is
//! opened once, here, by [`foreign::read`]: no link followed in its name or in its folder's, the
//! opened file itself checked to be a regular file with one name and within `--max-source`, its
//! bytes read from that descriptor (a sparse gigabyte is refused by its size, never read; a file
//! that grows past the cap while it is read is refused too). Those bytes are hashed (the
//! journal's `sha256` is of the bytes judged) and written into a private folder of labs's own
//! ([`foreign::snapshot`], mode 0700): the judge builds that copy ([`Student::judged`]), never
//! the student's path, so a file swapped for a link to `/etc/shadow` after the scan is never read.
//! Archives are refused, not unpacked: a course platform's zip is the instructor's to unpack once,
//! with their own tool, and unpacking it here would add links, `..` paths, bombs and name
//! encodings to what a hostile class can throw at the grader.
//!
//! Names are bytes: UTF-8 as it is, else GBK where the bytes are GBK (a Windows zip's
//! `张三.c`), else each byte that is no UTF-8 written `\xNN`; a GBK name that reads like another
//! entry's is shown by its bytes, so two names never look alike. Control, bidi, invisible
//! (U+200B, U+FEFF, …) and look-alike characters (a Cyrillic or Greek letter among Latin ones)
//! are shown escaped (`alice\u{200b}`) and the student named under the table
//! ([`Class::disguised`]), so no name reaches a table, a journal or an export raw. Students are
//! graded in the order of their names, so that a journal and a report read the same on every run.

use crate::catalogue::say;
use crate::error::{Error, io_words};
use crate::escape::visible;
use crate::facts::{GRADE_FOLDER_ENTRIES, GRADE_FOLDER_FILES, GRADE_FOLDER_SOURCES};
use crate::judge::compile::Language;
use crate::judge::foreign::{self, Unread};
use crate::judge::project::{self, Project};
use crate::judging::words::extensions;
use crate::lang::Lang;
use crate::units::bytes;
use sha2::{Digest, Sha256};
use std::cell::Cell;
use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

pub use labs_grade::class::{Identity, NotGraded, Student, entry_stem, sha256};

/// Extensions of archives, which are refused by name.
const ARCHIVES: [&str; 9] = ["zip", "rar", "7z", "tar", "gz", "tgz", "bz2", "xz", "zst"];

/// `entry`, not graded for `reason` (one of the catalogue's reasons, in `lang`).
pub fn not_graded(entry: String, reason: &str, lang: Lang) -> NotGraded {
    NotGraded { entry, score: say!(lang, NotGradedRow, reason) }
}

/// The class as found: the students in name order, and what could not be graded.
#[derive(Debug, Default)]
pub struct Class {
    /// The submissions to grade, by name.
    pub students: Vec<Student>,
    /// Entries that are no submission, each with the reason, by entry.
    pub not_graded: Vec<NotGraded>,
    /// The students whose names hold a character shown escaped (a control, bidi, invisible or
    /// look-alike one), by name: the gradebook names them under the table.
    pub disguised: Vec<String>,
    /// The private folder the sources judged were copied into; removed with the class.
    pub snapshot: Option<crate::judge::scratch::Scratch>,
}

/// Finds the class `paths` name, refusing sources over `max_source` bytes, and copies each
/// source's bytes into a private folder; an error only if none of it can be graded, or if labs
/// cannot write its own copy.
pub fn find(paths: &[PathBuf], max_source: u64, lang: Lang) -> Result<Class, Error> {
    let snapshot = foreign::snapshot()?;
    let mut class = Class::default();
    let (entries, listed) = match paths {
        [dir] if dir.is_dir() => (listing(dir, lang)?, true),
        _ => (paths.to_vec(), false),
    };
    let names = Names::of(&entries);
    let mut found: Vec<(Student, String)> = Vec::new();
    for (k, path) in entries.iter().enumerate() {
        let meta = match std::fs::symlink_metadata(path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !listed => {
                let (path, error) = (visible(&path.display().to_string()), io_words(&e, lang));
                return Err(Error::Usage(say!(lang, ClassPathUnread, path, error)));
            }
            Err(e) => {
                class.not_graded.push(not_graded(
                    names.entry(path, false),
                    &say!(lang, NotReadable, e = io_words(&e, lang)),
                    lang,
                ));
                continue;
            }
        };
        let copy = snapshot.path().join(k.to_string());
        let scan = Scan { path, copy: &copy, max_source, lang, walked: Walked::default() };
        let entry = names.entry(path, meta.is_dir());
        match scan.submission(&meta, &names)? {
            Ok(student) => found.push((student, entry)),
            Err(reason) => class.not_graded.push(not_graded(entry, &reason, lang)),
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
                    class.not_graded.push(not_graded(entry.clone(), &reason, lang));
                }
            }
        }
    }
    class.not_graded.sort_by(|a, b| a.entry.cmp(&b.entry));
    class.disguised = class.students.iter().filter(|s| names.disguised(&s.name)).map(|s| s.name.clone()).collect();
    if class.students.is_empty() {
        let which = paths.iter().map(|p| visible(&p.display().to_string())).collect::<Vec<_>>().join(" ");
        let mut why = say!(lang, ClassEmpty, which, extensions = extensions());
        for skipped in &class.not_graded {
            why += &format!("\n  {}: {}", skipped.entry, skipped.score);
        }
        return Err(Error::Usage(why));
    }
    class.snapshot = Some(snapshot);
    Ok(class)
}

/// The visible entries of `dir`, by name.
fn listing(dir: &Path, lang: Lang) -> Result<Vec<PathBuf>, Error> {
    let path = visible(&dir.display().to_string());
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| Error::Usage(say!(lang, ClassPathUnread, path, error = io_words(&e, lang))))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| !hidden(p))
        .collect();
    entries.sort();
    Ok(entries)
}

/// One entry of the class being looked at: where it is, and where its copy goes.
struct Scan<'a> {
    /// The entry.
    path: &'a Path,
    /// The folder its source's copy is written into (made here).
    copy: &'a Path,
    /// `--max-source`.
    max_source: u64,
    /// The report's language.
    lang: Lang,
    /// What the walk of a folder and the reads have counted so far.
    walked: Walked,
}

/// What a folder's walk ([`Scan::inside`]) and its reads ([`Scan::read`]) counted, against the
/// folder's caps ([`GRADE_FOLDER_ENTRIES`], [`GRADE_FOLDER_FILES`], [`GRADE_FOLDER_SOURCES`]).
/// Cells, so that the walk and the reads keep their signatures; one per entry of the class.
#[derive(Debug, Default)]
struct Walked {
    /// Entries looked at, of any kind, in every folder walked.
    entries: Cell<usize>,
    /// Bytes of the sources and headers found, by their sizes before any is read.
    sizes: Cell<u64>,
    /// Bytes read.
    read: Cell<u64>,
}

impl Scan<'_> {
    /// The submission at the entry (whose own metadata, links not followed, is `meta`), or why it
    /// is none; `Err` only if labs cannot write its copy.
    fn submission(&self, meta: &std::fs::Metadata, names: &Names) -> Result<Result<Student, String>, Error> {
        let (path, lang) = (self.path, self.lang);
        let kind = meta.file_type();
        if kind.is_symlink() {
            return Ok(Err(say!(lang, SymbolicLink)));
        }
        if kind.is_file() {
            let name = names.shown(path.file_stem().unwrap_or_default());
            let language = match source_language(path, lang) {
                Ok(language) => language,
                Err(why) => return Ok(Err(why)),
            };
            let file = Path::new(path.file_name().unwrap_or_default());
            let source = match self.read(file) {
                Ok(bytes) => bytes,
                Err(refused) => return Ok(Err(self.why(refused, None))),
            };
            let judged = self.keep(file, &source)?;
            let source_path = self.shown(names, false);
            return Ok(Ok(Student {
                name,
                source: source_path,
                judged,
                language,
                project: None,
                sha256: sha256(&source),
            }));
        }
        if !kind.is_dir() {
            return Ok(Err(say!(lang, SpecialFile)));
        }
        let mut files = Vec::new();
        if let Err(why) = self.inside(Path::new(""), &mut files) {
            return Ok(Err(why));
        }
        let folder = names.shown(path.file_name().unwrap_or_default());
        let here = Path::new(path.file_name().unwrap_or_default());
        let mut hasher = Sha256::new();
        let mut read = Vec::new();
        for file in &files {
            let bytes = match self.read(&here.join(file)) {
                Ok(bytes) => bytes,
                Err(refused) => return Ok(Err(self.why(refused, Some(file.as_os_str())))),
            };
            hasher.update(file.as_os_str().as_encoded_bytes());
            hasher.update([0]);
            hasher.update(&bytes);
            read.push((file.clone(), bytes));
        }
        let shown = self.shown(names, true);
        // A folder is decided as `labs judge` decides it, one source alone too (by one function,
        // `Project::from_files`): a Java file's package is then its folder, as javac wants it.
        if let Some((file, _)) = read.iter().find(|(file, _)| file.to_str() != Some(&name(file.as_os_str()))) {
            return Ok(Err(say!(lang, NameNotPlain, file = name(file.as_os_str()))));
        }
        let project = match Project::from_files(&read) {
            Ok(project) => project,
            Err(why) => return Ok(Err(crate::judging::words::undecided(&why, lang))),
        };
        for (file, bytes) in &read {
            let at = self.copy.join(file);
            std::fs::create_dir_all(at.parent().unwrap_or(self.copy))?;
            std::fs::write(at, bytes)?;
        }
        // One source's is of its bytes alone, as a file's is: a journal kept before a folder of one
        // source was decided as a project still finds it unchanged.
        let sha256 = match read.as_slice() {
            [(_, bytes)] => sha256(bytes),
            _ => hasher.finalize().iter().map(|b| format!("{b:02x}")).collect(),
        };
        let judged = self.copy.to_path_buf();
        Ok(Ok(Student {
            name: folder,
            source: shown,
            judged,
            language: project.language,
            project: Some(project),
            sha256,
        }))
    }

    /// Adds to `files` the files below the entry's folder at `rel` that a program may be made of
    /// ([`project::is_part`]: sources and headers), [`project::MAX_DEPTH`] deep, by name; or says
    /// why the folder holds none that may be read (a link where one would be), or why it is over
    /// a cap: more than [`GRADE_FOLDER_ENTRIES`] entries (the walk stops there), more than
    /// [`GRADE_FOLDER_FILES`] sources and headers, or more bytes of them, by their sizes, than
    /// [`GRADE_FOLDER_SOURCES`] × `--max-source`. All decided before any file is read.
    fn inside(&self, rel: &Path, files: &mut Vec<PathBuf>) -> Result<(), String> {
        let lang = self.lang;
        let mut entries = Vec::new();
        for entry in
            std::fs::read_dir(self.path.join(rel)).map_err(|e| say!(lang, NotReadable, e = io_words(&e, lang)))?
        {
            // Counted as they are read, so that a folder of a million stops costing at the cap.
            self.walked.entries.set(self.walked.entries.get() + 1);
            if self.walked.entries.get() > GRADE_FOLDER_ENTRIES {
                return Err(say!(lang, FolderTooManyEntries, max = GRADE_FOLDER_ENTRIES));
            }
            entries.push(entry.map_err(|e| say!(lang, NotReadable, e = io_words(&e, lang)))?);
        }
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let inner = rel.join(entry.file_name());
            // A macOS zip's resource forks are no sources.
            if hidden(&inner) || entry.file_name() == "__MACOSX" {
                continue;
            }
            let meta =
                std::fs::symlink_metadata(entry.path()).map_err(|e| say!(lang, NotReadable, e = io_words(&e, lang)))?;
            let depth = inner.components().count();
            // A link is never followed, to a source or to a folder that may hold one.
            let to_folder = || std::fs::metadata(entry.path()).is_ok_and(|m| m.is_dir());
            if meta.file_type().is_symlink() && (project::is_part(&inner) || to_folder()) {
                return Err(say!(lang, LinkInside, file = name(inner.as_os_str())));
            }
            if meta.is_dir() && depth < project::MAX_DEPTH {
                self.inside(&inner, files)?;
            } else if meta.is_file() && project::is_part(&inner) {
                files.push(inner);
                if files.len() > GRADE_FOLDER_FILES {
                    return Err(say!(lang, FolderTooManyFiles, max = GRADE_FOLDER_FILES));
                }
                self.walked.sizes.set(self.walked.sizes.get().saturating_add(meta.len()));
                if self.walked.sizes.get() > self.folder_cap() {
                    let (cap, times) = (bytes(self.folder_cap()), GRADE_FOLDER_SOURCES);
                    return Err(say!(lang, FolderTooLarge, cap, times));
                }
            }
        }
        if rel.as_os_str().is_empty() && !files.iter().any(|f| Language::of(f).is_some()) {
            return Err(say!(lang, NoSourceInside, extensions = extensions()));
        }
        Ok(())
    }

    /// The bytes of `file`, a path below the entry's folder (the class, or the folder given): at
    /// most `--max-source`, and at most what is left of the folder's cap, so that files that grow
    /// after the walk weighed them still cannot take more than the cap.
    fn read(&self, file: &Path) -> Result<Vec<u8>, Unread> {
        let dir = self.path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let left = self.folder_cap().saturating_sub(self.walked.read.get());
        match foreign::read(dir, file, self.max_source.min(left)) {
            Ok(bytes) => {
                self.walked.read.set(self.walked.read.get() + bytes.len() as u64);
                Ok(bytes)
            }
            // Within --max-source, over what the folder has left: its files grew since the walk.
            Err(Unread::TooLarge(len)) if len <= self.max_source => Err(Unread::Grew),
            refused => refused,
        }
    }

    /// The most bytes of sources and headers a folder may hold: [`GRADE_FOLDER_SOURCES`] ×
    /// `--max-source`.
    fn folder_cap(&self) -> u64 {
        self.max_source.saturating_mul(GRADE_FOLDER_SOURCES)
    }

    /// Writes `bytes` as `file`'s last name into the entry's copy folder: the path judged. A name
    /// that is not shown as itself (not UTF-8, or holding a character shown escaped) is saved as
    /// `source.EXT`, so that its bytes reach no compiler's message; a Java file keeps its name,
    /// which is its class's.
    fn keep(&self, file: &Path, bytes: &[u8]) -> Result<PathBuf, Error> {
        std::fs::create_dir_all(self.copy)?;
        let raw = file.file_name().unwrap_or_default();
        let plain = raw.to_str() == Some(name(raw).as_str());
        let at = match plain || Language::of(file) == Some(Language::Java) {
            true => self.copy.join(raw),
            false => self.copy.join("source").with_extension(file.extension().unwrap_or_default()),
        };
        std::fs::write(&at, bytes)?;
        Ok(at)
    }

    /// The entry as the report names it: its folder (the one given), and its name as shown.
    fn shown(&self, names: &Names, dir: bool) -> PathBuf {
        let folder = self.path.parent().unwrap_or(Path::new(""));
        PathBuf::from(visible(&folder.display().to_string())).join(names.entry(self.path, dir).trim_end_matches('/'))
    }

    /// Why a source (`inner`, a file in the entry's folder, or the entry itself) was not read.
    fn why(&self, refused: Unread, inner: Option<&OsStr>) -> String {
        let lang = self.lang;
        let (cap, file) = (bytes(self.max_source), inner.map(name));
        let why = match refused {
            Unread::Link => match &file {
                Some(file) => return say!(lang, LinkInside, file),
                None => say!(lang, SymbolicLink),
            },
            Unread::NotAFile => say!(lang, SpecialFile),
            Unread::Linked(links) => say!(lang, HardLink, links),
            Unread::TooLarge(len) => say!(lang, SourceTooLarge, size = bytes(len), cap),
            Unread::Grew => say!(lang, GrewWhileRead, cap),
            Unread::Io(e) => say!(lang, NotReadable, e = io_words(&e, lang)),
        };
        match file {
            Some(file) => format!("{file}: {why}"),
            None => why,
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

/// How a name's bytes were read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Read {
    /// UTF-8.
    Utf8,
    /// GBK, which is not one-to-one: shown by its bytes if another name reads the same.
    Gbk,
    /// Neither: each byte that is no UTF-8 written `\xNN`.
    Bytes,
}

/// A name as shown: its text, how its bytes were read, and whether a character of it is shown
/// escaped (a control, bidi, invisible or look-alike one).
#[derive(Clone, Debug)]
struct Seen {
    text: String,
    read: Read,
    escaped: bool,
}

/// A file or folder name as a report shows it, from its bytes: UTF-8 as it is, else GBK where
/// the bytes are valid GBK, else with each byte that is no UTF-8 written `\xNN`. Characters are
/// shown as [`visible`] shows them, and besides: `\` doubled (so no name reads as another's
/// escape), C1 controls, invisible characters (zero-width, U+FEFF, …) and, in a name holding a
/// Latin letter, Cyrillic and Greek letters written `\u{XXXX}`. Two different byte names never
/// read alike in UTF-8 or as bytes; GBK's are seen to by [`Names`].
fn name(raw: &OsStr) -> String {
    seen(raw).text
}

/// [`name`], and how it was read.
fn seen(raw: &OsStr) -> Seen {
    decode(raw.as_encoded_bytes())
}

/// [`seen`] of a name's bytes.
fn decode(raw: &[u8]) -> Seen {
    let Some((text, gbk)) = utf8_or_gbk(raw) else { return by_bytes(raw) };
    let (text, escaped) = shown(&text);
    Seen { text, read: if gbk { Read::Gbk } else { Read::Utf8 }, escaped }
}

/// `raw` read as UTF-8, or else as GBK (what Windows in Chinese writes: a zip's names, Excel's
/// CSV), and whether it was GBK; `None` if it is neither.
pub fn utf8_or_gbk(raw: &[u8]) -> Option<(std::borrow::Cow<'_, str>, bool)> {
    match std::str::from_utf8(raw) {
        Ok(text) => Some((text.into(), false)),
        Err(_) => encoding_rs::GBK.decode_without_bom_handling_and_without_replacement(raw).map(|text| (text, true)),
    }
}

/// `raw` shown with its UTF-8 runs as [`name`] shows them and every other byte as `\xNN`.
fn by_bytes(raw: &[u8]) -> Seen {
    let (mut text, mut escaped) = (String::new(), false);
    for chunk in raw.utf8_chunks() {
        let (valid, hidden) = shown(chunk.valid());
        text += &valid;
        escaped |= hidden;
        text.extend(chunk.invalid().iter().map(|b| format!("\\x{b:02x}")));
    }
    Seen { text, read: Read::Bytes, escaped }
}

/// `text` as a name is shown ([`name`]), and whether a character of it is shown escaped (a
/// control, bidi, invisible or look-alike one).
fn shown(text: &str) -> (String, bool) {
    let latin = text.chars().any(|c| c.is_ascii_alphabetic());
    let mut out = String::with_capacity(text.len());
    let mut escaped = false;
    for c in text.chars() {
        let one = c.encode_utf8(&mut [0; 4]).to_string();
        let seen = match c {
            '\\' => "\\\\".to_string(),
            c if ('\u{80}'..='\u{9f}').contains(&c) || invisible(c) || (latin && lookalike(c)) => {
                format!("\\u{{{:04x}}}", c as u32)
            }
            _ => visible(&one),
        };
        escaped |= c != '\\' && seen != one;
        out += &seen;
    }
    (out, escaped)
}

/// Whether `c` shows as nothing, or as a space that is none: zero-width spaces and joiners,
/// the byte-order mark, the soft hyphen, fillers.
fn invisible(c: char) -> bool {
    matches!(
        c,
        '\u{00ad}'
            | '\u{034f}'
            | '\u{115f}'
            | '\u{1160}'
            | '\u{180e}'
            | '\u{200b}'..='\u{200d}'
            | '\u{2060}'..='\u{2064}'
            | '\u{3164}'
            | '\u{feff}'
            | '\u{ffa0}'
    )
}

/// Whether `c` is a Cyrillic or Greek letter, which may look like a Latin one (`а`, U+0430).
fn lookalike(c: char) -> bool {
    matches!(c, '\u{0370}'..='\u{03ff}' | '\u{0400}'..='\u{052f}')
}

/// The names of a class's entries and of their stems as shown, each different byte name shown
/// differently: a GBK name that reads like another is shown by its bytes.
struct Names {
    /// Each raw name and how it is shown.
    seen: BTreeMap<OsString, Seen>,
}

impl Names {
    /// The names of `entries`: their last names and their stems.
    fn of(entries: &[PathBuf]) -> Names {
        let raws = entries.iter().flat_map(|p| [p.file_name(), p.file_stem()]).flatten();
        let mut seen: BTreeMap<OsString, Seen> = raws.map(|raw| (raw.to_os_string(), self::seen(raw))).collect();
        let mut readers: BTreeMap<String, usize> = BTreeMap::new();
        for name in seen.values() {
            *readers.entry(name.text.clone()).or_default() += 1;
        }
        for (raw, name) in &mut seen {
            if name.read == Read::Gbk && readers[&name.text] > 1 {
                *name = by_bytes(raw.as_encoded_bytes());
            }
        }
        Names { seen }
    }

    /// `raw` (one of the entries' names or stems) as shown.
    fn shown(&self, raw: &OsStr) -> String {
        self.seen.get(raw).map_or_else(|| name(raw), |seen| seen.text.clone())
    }

    /// `path` as the report names it: its last name, with a `/` for a folder.
    fn entry(&self, path: &Path, dir: bool) -> String {
        let name = self.shown(path.file_name().unwrap_or(path.as_os_str()));
        if dir { format!("{name}/") } else { name }
    }

    /// Whether the name shown as `shown` holds a character shown escaped.
    fn disguised(&self, shown: &str) -> bool {
        self.seen.values().any(|seen| seen.text == shown && seen.escaped)
    }
}

fn hidden(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n.as_encoded_bytes().starts_with(b"."))
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
        let main = "class Main { public static void main(String[] a) {} }";
        write("bob/Main.java", main);
        write("bob/notes.txt", "");
        // A folder of one source is decided as `labs judge DIR` decides it: with no main, no program.
        write("hal/Main.java", "");
        write("carol/a.py", "");
        write("carol/b.py", "");
        write("LIU.C", "");
        write("a.c", "");
        write("a.py", "");
        write("wei.zip", "");
        write("README", "");
        write("big.rs", &"x".repeat(101));
        write("dan/Main.java", main);
        write("dan/Board.java", "");
        write("eve/Queens.java", &main.replace("Main", "Queens"));
        write("eve/Board.java", &main.replace("Main", "Board"));
        write("fay/queens.h", "");
        write("fay/main.c", "int main() {}");
        write("gus/q.c", "");
        write("gus/q.py", "");
        write(".hidden.c", "");
        let class = find(&[root.to_path_buf()], 100, Lang::En).unwrap();
        let names: Vec<(&str, Language)> = class.students.iter().map(|s| (s.name.as_str(), s.language)).collect();
        assert_eq!(
            names,
            [
                ("LIU", Language::C),
                ("alice", Language::C),
                ("bob", Language::Java),
                ("dan", Language::Java),
                ("fay", Language::C)
            ]
        );
        assert_eq!(class.students[3].source, root.join("dan"));
        // Links, which only Unix makes without privileges, are tests/grade.rs's hostile class.
        let expected = [
            ("README", "not a source file (.c, .cpp, .cc, .cxx, .py, .java, .rs)"),
            ("a.c", "two submissions for a (a.c, a.py)"),
            ("a.py", "two submissions for a (a.c, a.py)"),
            ("big.rs", "too large (101 bytes, over the cap of 100 bytes: --max-source)"),
            (
                "carol/",
                "several Python files, none of them main.py or with an if __name__ guard: keep one, or name the one to run main.py",
            ),
            ("eve/", "2 files define static void main (Board.java, Queens.java): keep one"),
            ("gus/", "sources in 2 languages (C, Python): keep one language"),
            ("hal/", "no file defines static void main: nothing to run"),
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
    fn names_are_read_as_utf8_then_gbk_then_bytes() {
        let of = |raw: &[u8]| decode(raw).text;
        // 张三 in GBK, as a Windows zip names it.
        assert_eq!(of(b"\xd5\xc5\xc8\xfd"), "张三");
        assert_eq!(decode(b"\xd5\xc5\xc8\xfd").read, Read::Gbk);
        assert_eq!(of("张三".as_bytes()), "张三");
        // No GBK either: each byte that is no UTF-8 written out; a backslash of the name's own doubled.
        assert_eq!(of(b"li\xff\xfe"), "li\\xff\\xfe");
        assert_eq!(of(b"li\\xff"), "li\\\\xff");
        assert_eq!(of("x\u{85}".as_bytes()), "x\\u{0085}");
    }

    #[test]
    fn invisible_and_look_alike_characters_are_shown_escaped_and_said() {
        let seen = |text: &str| {
            let seen = seen(OsStr::new(text));
            (seen.text, seen.escaped)
        };
        assert_eq!(seen("alice\u{200b}"), ("alice\\u{200b}".into(), true));
        assert_eq!(seen("\u{feff}bob"), ("\\u{feff}bob".into(), true));
        assert_eq!(seen("\u{430}lice"), ("\\u{0430}lice".into(), true));
        assert_eq!(seen("x\u{202e}c"), ("x\\u{202e}c".into(), true));
        // A Russian or Greek name alone is no look-alike.
        assert_eq!(seen("иван"), ("иван".into(), false));
        assert_eq!(seen("2023011007_吴九"), ("2023011007_吴九".into(), false));
        assert_eq!(seen("a\\b"), ("a\\\\b".into(), false));
    }

    #[test]
    fn names_are_made_visible() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("x\x1b]52;c;aGk=\x07\u{202e}.c"), "").unwrap();
        let class = find(&[dir.path().to_path_buf()], 10, Lang::En).unwrap();
        assert_eq!(class.students[0].name, "x\\e]52;c;aGk=\\x07\\u{202e}");
    }
}
