//! Finding the class, in words: [`labs_grade::scan`] finds which entries are submissions, and
//! whose, and why each other one is not (its module says how, and what it refuses); here each
//! reason becomes the row's words in the report's language, and a class that cannot be found a
//! usage error that says why.

use crate::catalogue::say;
use crate::error::{Error, io_words};
use crate::facts::{GRADE_FOLDER_ENTRIES, GRADE_FOLDER_FILES, GRADE_FOLDER_SOURCES};
use crate::judge::foreign::Unread;
use crate::judging::words::extensions;
use crate::lang::Lang;
use crate::units::bytes;
use labs_grade::scan::{self, Caps, Unfit};

pub use labs_grade::class::{Identity, NotGraded, Student, entry_stem, sha256};
pub use labs_grade::scan::utf8_or_gbk;

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

/// Finds the class `paths` name ([`scan::find`]), refusing sources over `max_source` bytes and
/// folders over the caps of [`crate::facts`], and copies each source's bytes into a private
/// folder; an error only if none of it can be graded, or if labs cannot write its own copy.
pub fn find(paths: &[std::path::PathBuf], max_source: u64, lang: Lang) -> Result<Class, Error> {
    let caps = Caps::new(max_source, (GRADE_FOLDER_ENTRIES, GRADE_FOLDER_FILES, GRADE_FOLDER_SOURCES));
    let rows = |found: Vec<(String, Unfit)>| -> Vec<NotGraded> {
        found.into_iter().map(|(entry, unfit)| not_graded(entry, &reason(&unfit, lang), lang)).collect()
    };
    let found = scan::find(paths, caps).map_err(|e| match e {
        scan::Unscanned::Unreadable { path, error } => {
            Error::Usage(say!(lang, ClassPathUnread, path, error = io_words(&error, lang)))
        }
        scan::Unscanned::Empty { which, not_graded } => {
            let mut why = say!(lang, ClassEmpty, which, extensions = extensions());
            for skipped in rows(not_graded) {
                why += &format!("\n  {}: {}", skipped.entry, skipped.score);
            }
            Error::Usage(why)
        }
        scan::Unscanned::Copy(e) => Error::from(e),
    })?;
    Ok(Class {
        students: found.students,
        not_graded: rows(found.not_graded),
        disguised: found.disguised,
        snapshot: found.snapshot,
    })
}

/// Why an entry is not graded, in `lang`: what its row says after "not graded".
pub fn reason(unfit: &Unfit, lang: Lang) -> String {
    match unfit {
        Unfit::SymbolicLink => say!(lang, SymbolicLink),
        Unfit::SpecialFile => say!(lang, SpecialFile),
        Unfit::Archive => say!(lang, Archive),
        Unfit::NotASource => say!(lang, NotASource, extensions = extensions()),
        Unfit::NotReadable(e) => say!(lang, NotReadable, e = io_words(e, lang)),
        Unfit::LinkInside { file } => say!(lang, LinkInside, file),
        Unfit::FolderTooManyEntries { max } => say!(lang, FolderTooManyEntries, max),
        Unfit::FolderTooManyFiles { max } => say!(lang, FolderTooManyFiles, max),
        Unfit::FolderTooLarge { cap, times } => say!(lang, FolderTooLarge, cap = bytes(*cap), times),
        Unfit::NoSourceInside => say!(lang, NoSourceInside, extensions = extensions()),
        Unfit::NameNotPlain { file } => say!(lang, NameNotPlain, file),
        Unfit::Undecided(why) => crate::judging::words::undecided(why, lang),
        Unfit::Refused { file, why, cap } => {
            let cap = bytes(*cap);
            let why = match why {
                Unread::Link => say!(lang, SymbolicLink),
                Unread::NotAFile => say!(lang, SpecialFile),
                Unread::Linked(links) => say!(lang, HardLink, links),
                Unread::TooLarge(len) => say!(lang, SourceTooLarge, size = bytes(*len), cap),
                Unread::Grew => say!(lang, GrewWhileRead, cap),
                Unread::Io(e) => say!(lang, NotReadable, e = io_words(e, lang)),
            };
            match file {
                Some(file) => format!("{file}: {why}"),
                None => why,
            }
        }
        Unfit::TwoSubmissions { name, entries } => say!(lang, TwoSubmissions, name, entries),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::compile::Language;
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
    fn names_are_made_visible() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("x\x1b]52;c;aGk=\x07\u{202e}.c"), "").unwrap();
        let class = find(&[dir.path().to_path_buf()], 10, Lang::En).unwrap();
        assert_eq!(class.students[0].name, "x\\e]52;c;aGk=\\x07\\u{202e}");
    }
}
