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
//! Every other entry gets a row of its own, "not graded" with the reason ([`Unfit`]), and the
//! class goes on: a file of another kind, an archive, a folder with no source or two `main`s,
//! two submissions for one student (`a.c` beside `a.py`: both rows), a source over the size cap,
//! a symbolic link, a hard link, a special file (a FIFO, a device), an entry that cannot be read,
//! a folder over its caps (entries looked at, sources and headers, their bytes: [`Caps`]),
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
//! ([`Scanned::disguised`]), so no name reaches a table, a journal or an export raw. Students are
//! graded in the order of their names, so that a journal and a report read the same on every run.

//!
//! What the scan finds is data: each reason an entry is not graded is an [`Unfit`], each
//! failure an [`Unscanned`], which the binary words in the user's language.

use crate::class::{Student, sha256};
use labs_judge::compile::Language;
use labs_judge::foreign::{self, Unread, visible};
use labs_judge::project::{self, Project, Undecided};
use labs_judge::scratch::Scratch;
use sha2::{Digest, Sha256};
use std::cell::Cell;
use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

/// What a scan holds a class to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Caps {
    /// The most bytes of one source (`--max-source`).
    pub max_source: u64,
    /// The most entries (files and folders of any kind, hidden ones too) looked at in one
    /// student's folder, down to [`project::MAX_DEPTH`]: the walk stops there.
    pub entries: usize,
    /// The most sources and headers in one student's folder.
    pub files: usize,
    /// A student's folder's sources and headers may hold this many times `max_source` bytes, by
    /// their sizes before any is read.
    pub sources: u64,
}

impl Caps {
    /// Sources of at most `max_source` bytes, and folders of at most `entries` entries, `files`
    /// sources and headers and `sources` × `max_source` bytes of them (the caller's limits, each
    /// with its reason).
    pub fn new(max_source: u64, (entries, files, sources): (usize, usize, u64)) -> Caps {
        Caps { max_source, entries, files, sources }
    }
}

/// Why an entry of the class is not graded: one row of the report, which the caller words. Not
/// `#[non_exhaustive]`: a reason added here is a reason the binary must word, in both languages,
/// and its `match` then says so.
#[derive(Debug)]
pub enum Unfit {
    /// A symbolic link, never followed.
    SymbolicLink,
    /// A special file (a FIFO, a device, a socket).
    SpecialFile,
    /// An archive, refused by its name: the instructor unpacks it.
    Archive,
    /// A file of no language the judge builds.
    NotASource,
    /// The system's error reading it.
    NotReadable(std::io::Error),
    /// A link inside a student's folder where a source or a folder would be.
    LinkInside {
        /// The file, as shown.
        file: String,
    },
    /// A folder of more entries than [`Caps::entries`].
    FolderTooManyEntries {
        /// The cap.
        max: usize,
    },
    /// A folder of more sources and headers than [`Caps::files`].
    FolderTooManyFiles {
        /// The cap.
        max: usize,
    },
    /// A folder whose sources and headers are larger, by their sizes, than the cap.
    FolderTooLarge {
        /// The cap, in bytes.
        cap: u64,
        /// The cap as a multiple of [`Caps::max_source`].
        times: u64,
    },
    /// A folder with no source inside.
    NoSourceInside,
    /// A file in a folder whose name is not shown as itself (not UTF-8, or escaped).
    NameNotPlain {
        /// The file, as shown.
        file: String,
    },
    /// A folder whose program the judge cannot decide ([`Project::from_files`]).
    Undecided(Undecided),
    /// A source the scan would not read: a hard link, over the cap, grown while read, or the
    /// system's error.
    Refused {
        /// The file inside the entry's folder, as shown; `None` for the entry itself.
        file: Option<String>,
        /// Why.
        why: Unread,
        /// [`Caps::max_source`].
        cap: u64,
    },
    /// One of two or more submissions for one student: none is theirs until they say which.
    TwoSubmissions {
        /// The student.
        name: String,
        /// Every entry of theirs, as shown, joined by `, `.
        entries: String,
    },
}

/// Why a class could not be found (exhaustive, as [`Unfit`] is: each is worded by the caller).
#[derive(Debug)]
pub enum Unscanned {
    /// A path given, or the class folder, could not be read.
    Unreadable {
        /// The path, made visible.
        path: String,
        /// The system's error.
        error: std::io::Error,
    },
    /// Nothing in it can be graded.
    Empty {
        /// The paths given, made visible, joined by spaces.
        which: String,
        /// Every entry, with why it is not graded, by entry.
        not_graded: Vec<(String, Unfit)>,
    },
    /// labs could not make or write its own copy of a source.
    Copy(std::io::Error),
}

/// The class as the scan found it: the students in name order, and why each other entry is not
/// graded.
#[derive(Debug)]
pub struct Scanned {
    /// The submissions to grade, by name.
    pub students: Vec<Student>,
    /// Entries that are no submission, each with the reason, by entry.
    pub not_graded: Vec<(String, Unfit)>,
    /// The students whose names hold a character shown escaped (a control, bidi, invisible or
    /// look-alike one), by name: the gradebook names them under the table.
    pub disguised: Vec<String>,
    /// The private folder the sources judged were copied into; removed with it.
    pub snapshot: Option<Scratch>,
}

/// Extensions of archives, which are refused by name.
const ARCHIVES: [&str; 9] = ["zip", "rar", "7z", "tar", "gz", "tgz", "bz2", "xz", "zst"];

/// Finds the class `paths` name, holding it to `caps`, and copies each source's bytes into a
/// private folder; an error only if none of it can be graded, or if labs cannot write its own
/// copy.
pub fn find(paths: &[PathBuf], caps: Caps) -> Result<Scanned, Unscanned> {
    let snapshot = foreign::snapshot().map_err(Unscanned::Copy)?;
    let mut class = Scanned { students: Vec::new(), not_graded: Vec::new(), disguised: Vec::new(), snapshot: None };
    let (entries, listed) = match paths {
        [dir] if dir.is_dir() => (listing(dir)?, true),
        _ => (paths.to_vec(), false),
    };
    let names = Names::of(&entries);
    let mut found: Vec<(Student, String)> = Vec::new();
    for (k, path) in entries.iter().enumerate() {
        let meta = match std::fs::symlink_metadata(path) {
            Ok(meta) => meta,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !listed => {
                return Err(Unscanned::Unreadable { path: visible(&path.display().to_string()), error: e });
            }
            Err(e) => {
                class.not_graded.push((names.entry(path, false), Unfit::NotReadable(e)));
                continue;
            }
        };
        let copy = snapshot.path().join(k.to_string());
        let scan = Scan { path, copy: &copy, caps, walked: Walked::default() };
        let entry = names.entry(path, meta.is_dir());
        match scan.submission(&meta, &names).map_err(Unscanned::Copy)? {
            Ok(student) => found.push((student, entry)),
            Err(reason) => class.not_graded.push((entry, reason)),
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
                    let reason = Unfit::TwoSubmissions { name: student.name.clone(), entries: entries.clone() };
                    class.not_graded.push((entry.clone(), reason));
                }
            }
        }
    }
    class.not_graded.sort_by(|a, b| a.0.cmp(&b.0));
    class.disguised = class.students.iter().filter(|s| names.disguised(&s.name)).map(|s| s.name.clone()).collect();
    if class.students.is_empty() {
        let which = paths.iter().map(|p| visible(&p.display().to_string())).collect::<Vec<_>>().join(" ");
        return Err(Unscanned::Empty { which, not_graded: class.not_graded });
    }
    class.snapshot = Some(snapshot);
    Ok(class)
}

/// The visible entries of `dir`, by name.
fn listing(dir: &Path) -> Result<Vec<PathBuf>, Unscanned> {
    let path = visible(&dir.display().to_string());
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|error| Unscanned::Unreadable { path, error })?
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
    /// The caps it is held to.
    caps: Caps,
    /// What the walk of a folder and the reads have counted so far.
    walked: Walked,
}

/// What a folder's walk ([`Scan::inside`]) and its reads ([`Scan::read`]) counted, against the
/// folder's caps ([`Caps`]).
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
    fn submission(&self, meta: &std::fs::Metadata, names: &Names) -> std::io::Result<Result<Student, Unfit>> {
        let path = self.path;
        let kind = meta.file_type();
        if kind.is_symlink() {
            return Ok(Err(Unfit::SymbolicLink));
        }
        if kind.is_file() {
            let name = names.shown(path.file_stem().unwrap_or_default());
            let language = match source_language(path) {
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
            return Ok(Err(Unfit::SpecialFile));
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
            return Ok(Err(Unfit::NameNotPlain { file: name(file.as_os_str()) }));
        }
        let project = match Project::from_files(&read) {
            Ok(project) => project,
            Err(why) => return Ok(Err(Unfit::Undecided(why))),
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
    /// a cap: more than [`Caps::entries`] entries (the walk stops there), more than
    /// [`Caps::files`] sources and headers, or more bytes of them, by their sizes, than
    /// [`Caps::sources`] × [`Caps::max_source`]. All decided before any file is read.
    fn inside(&self, rel: &Path, files: &mut Vec<PathBuf>) -> Result<(), Unfit> {
        let caps = self.caps;
        let mut entries = Vec::new();
        for entry in std::fs::read_dir(self.path.join(rel)).map_err(Unfit::NotReadable)? {
            // Counted as they are read, so that a folder of a million stops costing at the cap.
            self.walked.entries.set(self.walked.entries.get() + 1);
            if self.walked.entries.get() > caps.entries {
                return Err(Unfit::FolderTooManyEntries { max: caps.entries });
            }
            entries.push(entry.map_err(Unfit::NotReadable)?);
        }
        entries.sort_by_key(|e| e.file_name());
        for entry in entries {
            let inner = rel.join(entry.file_name());
            // A macOS zip's resource forks are no sources.
            if hidden(&inner) || entry.file_name() == "__MACOSX" {
                continue;
            }
            let meta = std::fs::symlink_metadata(entry.path()).map_err(Unfit::NotReadable)?;
            let depth = inner.components().count();
            // A link is never followed, to a source or to a folder that may hold one.
            let to_folder = || std::fs::metadata(entry.path()).is_ok_and(|m| m.is_dir());
            if meta.file_type().is_symlink() && (project::is_part(&inner) || to_folder()) {
                return Err(Unfit::LinkInside { file: name(inner.as_os_str()) });
            }
            if meta.is_dir() && depth < project::MAX_DEPTH {
                self.inside(&inner, files)?;
            } else if meta.is_file() && project::is_part(&inner) {
                files.push(inner);
                if files.len() > caps.files {
                    return Err(Unfit::FolderTooManyFiles { max: caps.files });
                }
                self.walked.sizes.set(self.walked.sizes.get().saturating_add(meta.len()));
                if self.walked.sizes.get() > self.folder_cap() {
                    return Err(Unfit::FolderTooLarge { cap: self.folder_cap(), times: caps.sources });
                }
            }
        }
        if rel.as_os_str().is_empty() && !files.iter().any(|f| Language::of(f).is_some()) {
            return Err(Unfit::NoSourceInside);
        }
        Ok(())
    }

    /// The bytes of `file`, a path below the entry's folder (the class, or the folder given): at
    /// most `--max-source`, and at most what is left of the folder's cap, so that files that grow
    /// after the walk weighed them still cannot take more than the cap.
    fn read(&self, file: &Path) -> Result<Vec<u8>, Unread> {
        let dir = self.path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let left = self.folder_cap().saturating_sub(self.walked.read.get());
        match foreign::read(dir, file, self.caps.max_source.min(left)) {
            Ok(bytes) => {
                self.walked.read.set(self.walked.read.get() + bytes.len() as u64);
                Ok(bytes)
            }
            // Within --max-source, over what the folder has left: its files grew since the walk.
            Err(Unread::TooLarge(len)) if len <= self.caps.max_source => Err(Unread::Grew),
            refused => refused,
        }
    }

    /// The most bytes of sources and headers a folder may hold: [`Caps::sources`] ×
    /// [`Caps::max_source`].
    fn folder_cap(&self) -> u64 {
        self.caps.max_source.saturating_mul(self.caps.sources)
    }

    /// Writes `bytes` as `file`'s last name into the entry's copy folder: the path judged. A name
    /// that is not shown as itself (not UTF-8, or holding a character shown escaped) is saved as
    /// `source.EXT`, so that its bytes reach no compiler's message; a Java file keeps its name,
    /// which is its class's.
    fn keep(&self, file: &Path, bytes: &[u8]) -> std::io::Result<PathBuf> {
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
    fn why(&self, refused: Unread, inner: Option<&OsStr>) -> Unfit {
        match (refused, inner.map(name)) {
            (Unread::Link, Some(file)) => Unfit::LinkInside { file },
            (Unread::Link, None) => Unfit::SymbolicLink,
            (why, file) => Unfit::Refused { file, why, cap: self.caps.max_source },
        }
    }
}

/// The language of the file at `path`, or why it is no source.
fn source_language(path: &Path) -> Result<Language, Unfit> {
    if let Some(language) = Language::of(path) {
        return Ok(language);
    }
    let extension = path.extension().map(|e| e.to_string_lossy().to_lowercase()).unwrap_or_default();
    if ARCHIVES.contains(&extension.as_str()) {
        return Err(Unfit::Archive);
    }
    Err(Unfit::NotASource)
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
}
