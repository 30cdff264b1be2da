//! Finding the class: which files are submissions, and whose.
//!
//! One argument that is a folder is the class: each entry in it is one student's submission,
//! either a source file (`alice.c`: the student is `alice`) or a folder holding one
//! (`bob/Main.java`: the student is `bob`). Several arguments are submissions themselves, each a
//! source file or a folder holding one. A source is a file whose extension the judge builds
//! ([`Language::of`]); hidden files are not looked at. What cannot be graded (a folder with no
//! source or with several, a stray file) is not an error: it is listed, with the reason, under
//! the report, and the rest of the class is graded. Students are graded in the order of their
//! names, so that a journal and a report read the same on every run.

use crate::error::Error;
use crate::judge::compile::Language;
use std::path::{Path, PathBuf};

/// One student's submission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Student {
    /// The name: the source file's stem, or the folder's name.
    pub name: String,
    /// The source file.
    pub source: PathBuf,
    /// Its language, by its extension.
    pub language: Language,
}

/// The class as found: the students in name order, and what could not be graded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Class {
    /// The submissions to grade, by name.
    pub students: Vec<Student>,
    /// Entries that are no submission, each with the reason (`notes.txt: not a source file`).
    pub not_graded: Vec<String>,
}

/// Finds the class `paths` name; an error if none of it can be graded or two submissions share
/// a name (the journal knows students by name).
pub fn find(paths: &[PathBuf]) -> Result<Class, Error> {
    let mut class = Class::default();
    let entries = match paths {
        [dir] if dir.is_dir() => listing(dir)?,
        _ => paths.to_vec(),
    };
    for path in &entries {
        if !path.exists() {
            return Err(Error::Usage(format!("{}: no such file or folder", path.display())));
        }
        match submission(path)? {
            Ok(student) => class.students.push(student),
            Err(reason) => class.not_graded.push(format!("{}: {reason}", shown(path))),
        }
    }
    class.students.sort_by(|a, b| a.name.cmp(&b.name));
    if let Some(twins) = class.students.windows(2).find(|w| w[0].name == w[1].name) {
        return Err(Error::Usage(format!(
            "two submissions are both {}'s: {} and {} (rename one)",
            twins[0].name,
            twins[0].source.display(),
            twins[1].source.display()
        )));
    }
    if class.students.is_empty() {
        let which = paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(" ");
        return Err(Error::Usage(format!(
            "no submission to grade in {which} (a source file {}, or a folder holding one)",
            extensions()
        )));
    }
    Ok(class)
}

/// The visible entries of `dir`, by name.
fn listing(dir: &Path) -> Result<Vec<PathBuf>, Error> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| Error::Usage(format!("{}: {e}", dir.display())))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| !hidden(p))
        .collect();
    entries.sort();
    Ok(entries)
}

/// The submission at `path`, or why it is none.
fn submission(path: &Path) -> Result<Result<Student, String>, Error> {
    let name = |p: &Path, stem: bool| {
        let part = if stem { p.file_stem() } else { p.file_name() };
        part.unwrap_or_default().to_string_lossy().into_owned()
    };
    if !path.is_dir() {
        return Ok(match Language::of(path) {
            Some(language) => Ok(Student { name: name(path, true), source: path.to_path_buf(), language }),
            None => Err(format!("not a source file ({})", extensions())),
        });
    }
    let sources: Vec<PathBuf> =
        listing(path)?.into_iter().filter(|p| p.is_file() && Language::of(p).is_some()).collect();
    Ok(match sources.as_slice() {
        [source] => {
            let language = Language::of(source).expect("filtered on its language");
            Ok(Student { name: name(path, false), source: source.clone(), language })
        }
        [] => Err(format!("no source file in it ({})", extensions())),
        many => Err(format!(
            "{} source files in it ({}): keep one",
            many.len(),
            many.iter().map(|p| name(p, false)).collect::<Vec<_>>().join(", ")
        )),
    })
}

/// `path` as the report names it: its last component, with a `/` for a folder.
fn shown(path: &Path) -> String {
    let name = path.file_name().unwrap_or(path.as_os_str()).to_string_lossy();
    if path.is_dir() { format!("{name}/") } else { name.into_owned() }
}

fn hidden(path: &Path) -> bool {
    path.file_name().is_some_and(|n| n.to_string_lossy().starts_with('.'))
}

/// The extensions of the languages the judge builds: `.c, .cpp, .py, .java, .rs`.
fn extensions() -> String {
    [".c", ".cpp", ".cc", ".cxx", ".py", ".java", ".rs"].join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_and_folders_name_their_students() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(root.join("alice.c"), "").unwrap();
        std::fs::create_dir(root.join("bob")).unwrap();
        std::fs::write(root.join("bob/Main.java"), "").unwrap();
        std::fs::write(root.join("bob/notes.txt"), "").unwrap();
        std::fs::create_dir(root.join("carol")).unwrap();
        std::fs::write(root.join("carol/a.py"), "").unwrap();
        std::fs::write(root.join("carol/b.py"), "").unwrap();
        std::fs::write(root.join("README"), "").unwrap();
        std::fs::write(root.join(".hidden.c"), "").unwrap();
        let class = find(&[root.to_path_buf()]).unwrap();
        let names: Vec<(&str, Language)> = class.students.iter().map(|s| (s.name.as_str(), s.language)).collect();
        assert_eq!(names, [("alice", Language::C), ("bob", Language::Java)]);
        assert_eq!(
            class.not_graded,
            [
                "README: not a source file (.c, .cpp, .cc, .cxx, .py, .java, .rs)",
                "carol/: 2 source files in it (a.py, b.py): keep one"
            ]
        );
    }
}
