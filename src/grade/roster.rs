//! `--roster FILE.csv`: the course's list of students, which names who each submission is and
//! who handed in nothing.
//!
//! A CSV file (UTF-8, a byte-order mark allowed, as Excel writes it) with a row per student: the
//! student id, the name, and optionally the name of their submission in the class folder where it
//! is neither `学号_姓名` nor the name alone. A first row naming its columns (`id`/`学号`,
//! `name`/`姓名`, `submission`/`提交`) says which is which; without one they are in that order. A
//! submission is the roster student whose `submission` is its name, or whose id its name starts
//! with, or whose name is its name; that student's id and name go in its row. A roster student
//! matched by no entry of the class gets a row "no submission", which scores 0.

use super::book::Gradebook;
use super::class::Identity;
use crate::error::Error;
use crate::escape::visible;
use std::path::Path;

/// One student of the roster.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Listed {
    /// Who they are.
    pub identity: Identity,
    /// The name of their submission, where the roster gives it.
    pub submission: String,
}

impl Listed {
    /// Whether the class entry named `name` (a file's stem, a folder's name) is theirs.
    fn owns(&self, name: &str) -> bool {
        let parsed = Identity::of(name);
        (!self.submission.is_empty() && self.submission == name)
            || (!self.identity.id.is_empty() && parsed.id == self.identity.id)
            || self.identity.name == name
    }
}

/// Reads the roster at `path` (at most `max` bytes); an error names the flag, the line and why.
pub fn read(path: &Path, max: u64) -> Result<Vec<Listed>, Error> {
    let usage = |why: String| Error::Usage(format!("--roster '{}': {why}", path.display()));
    let meta = std::fs::metadata(path).map_err(|e| usage(e.to_string()))?;
    if !meta.is_file() || meta.len() > max {
        return Err(usage(format!("not a regular file of at most {}", crate::units::bytes(max))));
    }
    let text = std::fs::read_to_string(path).map_err(|e| usage(e.to_string()))?;
    let mut lines = text.trim_start_matches('\u{feff}').lines().filter(|l| !l.trim().is_empty()).peekable();
    let mut columns = [0, 1, 2];
    if let Some(first) = lines.peek() {
        let names: Vec<String> = fields(first).iter().map(|f| f.trim().to_lowercase()).collect();
        let find = |wanted: &[&str]| names.iter().position(|n| wanted.contains(&n.as_str()));
        if let (Some(id), Some(name)) = (find(&["id", "学号", "student_id"]), find(&["name", "姓名"])) {
            columns = [id, name, find(&["submission", "提交", "file"]).unwrap_or(usize::MAX)];
            lines.next();
        }
    }
    let mut roster = Vec::new();
    for (k, line) in lines.enumerate() {
        let f = fields(line);
        let get = |i: usize| f.get(i).map(|s| visible(s.trim())).unwrap_or_default();
        let listed =
            Listed { identity: Identity { id: get(columns[0]), name: get(columns[1]) }, submission: get(columns[2]) };
        if listed.identity.id.is_empty() && listed.identity.name.is_empty() {
            return Err(usage(format!("row {}: neither an id nor a name", k + 1)));
        }
        roster.push(listed);
    }
    Ok(roster)
}

/// The fields of one CSV line: separated by commas, a field in double quotes may hold commas and
/// `""` for a quote.
fn fields(line: &str) -> Vec<String> {
    let (mut fields, mut field, mut quoted) = (Vec::new(), String::new(), false);
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(std::mem::take(&mut field)),
            (c, _) => field.push(c),
        }
    }
    fields.push(field);
    fields
}

/// Gives each row of `book` its roster student's id and name, and a row "no submission" to each
/// roster student matched by no entry of the class.
pub fn apply(book: &mut Gradebook, roster: &[Listed]) {
    for mark in &mut book.marks {
        if let Some(listed) = roster.iter().find(|l| l.owns(&mark.graded.student)) {
            mark.identity = listed.identity.clone();
        }
    }
    let entries: Vec<String> = book
        .marks
        .iter()
        .map(|m| m.graded.student.clone())
        .chain(book.not_graded.iter().map(|n| super::export::entry_stem(&n.entry)))
        .collect();
    book.missing = roster.iter().filter(|l| !entries.iter().any(|e| l.owns(e))).map(|l| l.identity.clone()).collect();
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn fields_keep_quoted_commas() {
        assert_eq!(fields(r#"1,"Li, Lei","say ""hi""""#), ["1", "Li, Lei", "say \"hi\""]);
    }

    #[test]
    fn a_submission_is_found_by_its_id_its_given_name_or_the_name() {
        let zhang =
            Listed { identity: Identity { id: "2023011001".into(), name: "张三".into() }, submission: String::new() };
        assert!(zhang.owns("2023011001_zhangsan") && zhang.owns("张三") && !zhang.owns("2023011002_li"));
        let alice =
            Listed { identity: Identity { id: "7".into(), name: "Alice Wang".into() }, submission: "alice".into() };
        assert!(alice.owns("alice") && !alice.owns("bob"));
    }
}
