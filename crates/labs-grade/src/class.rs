//! A class as data: one [`Student`] per submission found, who they are by name ([`Identity`]),
//! and each entry that is not graded ([`NotGraded`]).
//!
//! The scan that finds them (reading someone else's folder, no link followed, each source copied
//! once into a private folder) is the caller's; what it finds is plain data here, so that the
//! grading engine can be driven with a class made by hand. A name is always
//! shown as the scan made it visible: nothing here reads a file or a name's bytes.

use labs_judge::compile::Language;
use labs_judge::project::Project;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::PathBuf;

/// One student's submission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Student {
    /// The name: the source file's stem, or the folder's name, made visible (bytes read as UTF-8, else GBK, else escaped; see the module).
    pub name: String,
    /// The source file (or Java folder) in the class as the report names it: its folder, and its
    /// own name made visible (never the raw bytes of a name that is not shown as itself).
    pub source: PathBuf,
    /// The copy of the bytes read at the scan, in labs's private folder: what is judged and
    /// compared, never the student's path again.
    pub judged: PathBuf,
    /// Its language, by its extension (a project's: [`Project::language`](labs_judge::project::Project::language)).
    pub language: Language,
    /// The program in several files that [`Student::judged`] (then a folder) holds, as the scan
    /// decided it; `None` for a single source file.
    pub project: Option<Project>,
    /// The SHA-256 of the bytes judged, in hex.
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

/// The SHA-256 of `bytes`, in hex: how the journal keeps a source or an output.
pub fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// An entry's name without the `/` of a folder or a file's extension: `wei.zip` is `wei`.
pub fn entry_stem(entry: &str) -> String {
    match entry.strip_suffix('/') {
        Some(folder) => folder.to_string(),
        None => std::path::Path::new(entry).file_stem().map_or(entry.into(), |s| s.to_string_lossy().into_owned()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

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
}
