//! `--roster FILE.csv`: the course's list of students, which names who each submission is, who
//! handed in nothing, and the order of the gradebook's rows.
//!
//! A CSV file with a row per student: the student id, the name, optionally the name of their
//! submission in the class folder, and any other columns the course keeps (班级, a group). It is
//! read as Excel writes it: UTF-8 (a byte-order mark allowed), UTF-16 with its mark (Excel's
//! "Unicode text", separated by tabs), or GBK (Excel's CSV on Chinese Windows) when it is not
//! valid UTF-8; a file that is none of them is refused in one line that says how to save it. A
//! first row naming its columns (`id`/`学号`, `name`/`姓名`, `submission`/`提交`) says which is
//! which, and its other columns are kept, by their names, for the exports; without one the
//! columns are id, name, submission, in that order, and nothing else is kept.
//!
//! A class entry (a file's stem, a folder's name) is the roster student it names most surely
//! ([`apply`]): first by the `submission` the roster gives, then by the id wherever it stands
//! in the name (`2023011012/`, `2023011012_张三.c`, `lab1-2023011012.py`), then by the name
//! (`张三.c`, Moodle's `张三_123456_assignsubmission_file_/`), where no other roster student has
//! that name. A roster student is one row: were two entries theirs, the surer (else the first by
//! name) is, and the other is listed apart with the entries of no roster student. A roster
//! student matched by no entry gets a row "no submission", which scores 0. The rows follow the
//! roster's order; the entries of no roster student come after, by name. An entry whose id
//! another entry claims too ([`super::ids`]) is matched by its name alone. Each entry's words are
//! looked up in the roster (`Index`), never compared with each roster student: linear time.

use super::book::{Gradebook, RowAt};
use super::class::NotGraded;
use super::class::entry_stem;
use super::class::{Identity, utf8_or_gbk};
use super::mark::Mark;
use crate::catalogue::say;
use crate::error::{Error, io_words};
use crate::escape::visible;
use crate::lang::Lang;
use std::collections::HashMap;
use std::path::Path;

/// One student of the roster.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Listed {
    /// Who they are.
    pub identity: Identity,
    /// The name of their submission, where the roster gives it.
    pub submission: String,
    /// Their cells of the roster's other columns ([`Roster::columns`]), in its order.
    pub extra: Vec<String>,
}

/// The roster: its students in its order, and the names of the columns it has beyond the id,
/// the name and the submission.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Roster {
    /// The other columns' names, as its first row gives them: `班级`.
    pub columns: Vec<String>,
    /// The students, in the roster's order.
    pub listed: Vec<Listed>,
}

/// How surely an entry's name names a roster student, the surest last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Claim {
    /// The name, which no other roster student has.
    Name,
    /// The id, as a word of the name.
    Id,
    /// The submission the roster gives for them.
    Submission,
}

impl Listed {
    /// How surely the class entry named `name` is theirs, if it is; `shared_name` says that
    /// another roster student has their name, which then names neither. The rule as one student
    /// reads it: [`Index`] finds the same for every roster student at once, and is tested
    /// against it.
    #[cfg(test)]
    fn claim(&self, name: &str, shared_name: bool) -> Option<Claim> {
        let id = &self.identity.id;
        // An id is letters and digits: any other character of a name ends a word.
        let mut words = name.split(|c: char| !c.is_ascii_alphanumeric());
        let own = self.identity.name.to_lowercase();
        let named = |part: &str| part.trim().to_lowercase() == own;
        if !self.submission.is_empty() && self.submission == name {
            Some(Claim::Submission)
        } else if !id.is_empty() && words.any(|word| word == id) {
            Some(Claim::Id)
        } else if !shared_name && !self.identity.name.is_empty() && (named(name) || name.split('_').any(named)) {
            Some(Claim::Name)
        } else {
            None
        }
    }
}

/// Reads the roster at `path` (at most `max` bytes); an error names the flag, the row and why,
/// in `lang`.
pub fn read(path: &Path, max: u64, lang: Lang) -> Result<Roster, Error> {
    let shown = visible(&path.display().to_string());
    let usage = |why: String| Error::Usage(say!(lang, RosterRefused, path = shown, why));
    let meta = std::fs::metadata(path).map_err(|e| usage(io_words(&e, lang)))?;
    if !meta.is_file() || meta.len() > max {
        return Err(usage(say!(lang, RosterNotAFile, max = crate::units::bytes(max))));
    }
    let bytes = std::fs::read(path).map_err(|e| usage(io_words(&e, lang)))?;
    let text = decode(&bytes).ok_or_else(|| usage(say!(lang, RosterNotText)))?;
    // Excel's "Unicode text" separates its cells by tabs; its CSV, by commas.
    let separator = match text.lines().next() {
        Some(first) if first.contains('\t') && !first.contains(',') => '\t',
        _ => ',',
    };
    let mut lines = text.lines().filter(|l| !l.trim().is_empty()).peekable();
    let mut columns = vec![0, 1, 2];
    let mut roster = Roster::default();
    if let Some(first) = lines.peek() {
        let heads = fields(first, separator);
        let names: Vec<String> = heads.iter().map(|f| f.trim().to_lowercase()).collect();
        let find = |wanted: &[&str]| names.iter().position(|n| wanted.contains(&n.as_str()));
        if let (Some(id), Some(name)) = (find(&["id", "学号", "student_id"]), find(&["name", "姓名"])) {
            columns = vec![id, name, find(&["submission", "提交", "file"]).unwrap_or(usize::MAX)];
            let others: Vec<usize> =
                (0..names.len()).filter(|i| !columns.contains(i) && !names[*i].is_empty()).collect();
            roster.columns = others.iter().map(|&i| visible(heads[i].trim())).collect();
            columns.extend(others);
            lines.next();
        }
    }
    for (k, line) in lines.enumerate() {
        let f = fields(line, separator);
        let get = |i: usize| f.get(i).map(|s| visible(s.trim())).unwrap_or_default();
        let listed = Listed {
            identity: Identity { id: get(columns[0]), name: get(columns[1]) },
            submission: get(columns[2]),
            extra: columns[3..].iter().map(|&i| get(i)).collect(),
        };
        if listed.identity.id.is_empty() && listed.identity.name.is_empty() {
            return Err(usage(say!(lang, RosterRowEmpty, row = k + 1)));
        }
        roster.listed.push(listed);
    }
    Ok(roster)
}

/// The text of a roster file's `bytes`: UTF-8 (after its byte-order mark, if any), UTF-16 after
/// its mark, or else GBK; `None` if it is none of them.
fn decode(bytes: &[u8]) -> Option<String> {
    if let Some((encoding, mark)) = encoding_rs::Encoding::for_bom(bytes) {
        let text = encoding.decode_without_bom_handling_and_without_replacement(&bytes[mark..])?;
        return Some(text.into_owned());
    }
    utf8_or_gbk(bytes).map(|(text, _)| text.into_owned())
}

/// The fields of one CSV line: separated by `separator`, a field in double quotes may hold it
/// and `""` for a quote.
fn fields(line: &str, separator: char) -> Vec<String> {
    let (mut fields, mut field, mut quoted) = (Vec::new(), String::new(), false);
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (c, false) if c == separator => fields.push(std::mem::take(&mut field)),
            (c, _) => field.push(c),
        }
    }
    fields.push(field);
    fields
}

/// The roster's students by what may name them (the submission it gives, the id, the name in
/// lower case), so that an entry is matched by looking up its own words, never by walking the
/// roster: matching is linear in the roster and the class (a roster of 20,000 took 15 s, one of
/// 1,000,000 never ended, when each entry asked each student).
struct Index<'a> {
    by_submission: HashMap<&'a str, Vec<usize>>,
    by_id: HashMap<&'a str, Vec<usize>>,
    by_name: HashMap<String, Vec<usize>>,
}

impl<'a> Index<'a> {
    /// The index of `roster`. A name two roster students share (as written) names neither, so
    /// it is left out.
    fn of(roster: &'a Roster) -> Index<'a> {
        let mut index = Index { by_submission: HashMap::new(), by_id: HashMap::new(), by_name: HashMap::new() };
        let mut named: HashMap<&str, usize> = HashMap::new();
        for l in &roster.listed {
            *named.entry(l.identity.name.as_str()).or_default() += 1;
        }
        for (i, l) in roster.listed.iter().enumerate() {
            if !l.submission.is_empty() {
                index.by_submission.entry(l.submission.as_str()).or_default().push(i);
            }
            if !l.identity.id.is_empty() {
                index.by_id.entry(l.identity.id.as_str()).or_default().push(i);
            }
            if !l.identity.name.is_empty() && named[l.identity.name.as_str()] == 1 {
                index.by_name.entry(l.identity.name.to_lowercase()).or_default().push(i);
            }
        }
        index
    }

    /// Each roster student the class entry called `name` may be, with the surest claim of each:
    /// the roster gives `name` as their submission; their id is a word of `name` (an id is letters
    /// and digits, so any other character ends a word); or their name is `name`, or a part of it
    /// between `_`s, in any case. `by_id` false leaves the id out (an entry listed apart,
    /// [`super::ids`], whose id is another's too).
    fn claims(&self, name: &str, by_id: bool) -> HashMap<usize, Claim> {
        let mut claims: HashMap<usize, Claim> = HashMap::new();
        let mut claim = |found: Option<&Vec<usize>>, how: Claim| {
            for &i in found.into_iter().flatten() {
                let held = claims.entry(i).or_insert(how);
                *held = (*held).max(how);
            }
        };
        claim(self.by_submission.get(name), Claim::Submission);
        for word in name.split(|c: char| !c.is_ascii_alphanumeric()).filter(|_| by_id) {
            claim(self.by_id.get(word), Claim::Id);
        }
        for part in std::iter::once(name).chain(name.split('_')) {
            claim(self.by_name.get(&part.trim().to_lowercase()), Claim::Name);
        }
        claims
    }

    /// The roster student the entry called `name` is, and how surely: the surest claim, if only
    /// one roster student has it; `by_id` as [`Index::claims`] takes it.
    fn owner(&self, name: &str, by_id: bool) -> Option<(usize, Claim)> {
        let claims = self.claims(name, by_id);
        let surest = *claims.values().max()?;
        let mut surest = claims.into_iter().filter(|(_, how)| *how == surest);
        match (surest.next(), surest.next()) {
            (Some(only), None) => Some(only),
            _ => None,
        }
    }
}

/// One entry of the class, as [`apply`] matches it.
struct Entry {
    /// Where its row is before the rows are put in order.
    place: RowAt,
    /// Its name: the student's, or the stem of an entry not graded.
    name: String,
    /// Its roster student and how surely, if any.
    claim: Option<(usize, Claim)>,
}

/// Matches `book`'s rows to `roster`: each roster student's row gets their id and name, and one
/// with no entry a row "no submission"; the marks, the entries not graded and the rows follow
/// the roster's order, the entries of no roster student after them, by name ([`Gradebook::order`]).
/// Without a roster, nothing changes.
pub fn apply(book: &mut Gradebook, roster: &Roster) {
    if roster.listed.is_empty() {
        return;
    }
    let index = Index::of(roster);
    let apart: std::collections::HashSet<&str> = book.apart.iter().map(String::as_str).collect();
    let entry =
        |place: RowAt, name: String| Entry { place, claim: index.owner(&name, !apart.contains(name.as_str())), name };
    let mut entries: Vec<Entry> = (book.marks.iter().enumerate())
        .map(|(i, m)| entry(RowAt::Mark(i), m.graded.student.clone()))
        .chain(book.not_graded.iter().enumerate().map(|(i, n)| entry(RowAt::NotGraded(i), entry_stem(&n.entry))))
        .collect();
    entries.sort_by(|a, b| a.name.cmp(&b.name));
    // Each roster student is their surest claimant's, the first by name of equally sure ones;
    // the others are no roster student's.
    let mut owners: Vec<Option<usize>> = vec![None; roster.listed.len()];
    for (k, e) in entries.iter().enumerate() {
        let Some((i, how)) = e.claim else { continue };
        let surer = |held: usize| entries[held].claim.is_some_and(|(_, theirs)| theirs >= how);
        if !owners[i].is_some_and(surer) {
            owners[i] = Some(k);
        }
    }
    // Each entry owns at most one roster student.
    let mut listed: Vec<Option<usize>> = vec![None; entries.len()];
    for (i, owner) in owners.iter().enumerate() {
        if let Some(k) = *owner {
            listed[k] = Some(i);
        }
    }
    let mut ranked: Vec<usize> = (0..entries.len()).collect();
    ranked.sort_by_key(|&k| (listed[k].is_none(), listed[k]));
    // The marks and entries in that order too, so that the JSON and the notes follow it: each
    // moved, not copied.
    let mut old_marks: Vec<Option<Mark>> = std::mem::take(&mut book.marks).into_iter().map(Some).collect();
    let mut old_not_graded: Vec<Option<NotGraded>> =
        std::mem::take(&mut book.not_graded).into_iter().map(Some).collect();
    let mut placed = Vec::new();
    // The row of each roster student an entry claimed.
    let mut rows: Vec<Option<(RowAt, Option<usize>)>> = vec![None; roster.listed.len()];
    for k in ranked {
        let moved = match entries[k].place {
            RowAt::Mark(i) => {
                let mut mark = old_marks[i].take().expect("each entry is placed once");
                match listed[k] {
                    Some(l) => mark.identity = roster.listed[l].identity.clone(),
                    None => book.unlisted.push(mark.graded.student.clone()),
                }
                book.marks.push(mark);
                RowAt::Mark(book.marks.len() - 1)
            }
            // No row is missing yet: those are the roster students no entry claimed, added below.
            RowAt::NotGraded(i) | RowAt::Missing(i) => {
                let entry = old_not_graded[i].take().expect("each entry is placed once");
                if listed[k].is_none() {
                    book.unlisted.push(entry.entry.clone());
                }
                book.not_graded.push(entry);
                RowAt::NotGraded(book.not_graded.len() - 1)
            }
        };
        if let Some(l) = listed[k] {
            rows[l] = Some((moved, listed[k]));
        }
        placed.push((moved, listed[k]));
    }
    book.missing.clear();
    book.order.clear();
    for (i, listed) in roster.listed.iter().enumerate() {
        match rows[i] {
            Some(row) => book.order.push(row),
            None => {
                book.missing.push(listed.identity.clone());
                book.order.push((RowAt::Missing(book.missing.len() - 1), Some(i)));
            }
        }
    }
    book.order.extend(placed.iter().filter(|(_, l)| l.is_none()));
    book.roster = roster.clone();
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn fields_keep_quoted_commas() {
        assert_eq!(fields(r#"1,"Li, Lei","say ""hi""""#, ','), ["1", "Li, Lei", "say \"hi\""]);
        assert_eq!(fields("1\t\"a\tb\"\tc", '\t'), ["1", "a\tb", "c"]);
    }

    fn listed(id: &str, name: &str, submission: &str) -> Listed {
        Listed { identity: Identity { id: id.into(), name: name.into() }, submission: submission.into(), extra: vec![] }
    }

    #[test]
    fn a_submission_is_found_by_its_given_name_then_its_id_then_the_name() {
        let zhang = listed("2023011001", "张三", "");
        let owns = |l: &Listed, name: &str| l.claim(name, false);
        assert_eq!(owns(&zhang, "2023011001_zhangsan"), Some(Claim::Id));
        assert_eq!(owns(&zhang, "2023011001"), Some(Claim::Id));
        assert_eq!(owns(&zhang, "lab1-2023011001"), Some(Claim::Id));
        assert_eq!(owns(&zhang, "张三"), Some(Claim::Name));
        assert_eq!(owns(&zhang, "张三_123456_assignsubmission_file_"), Some(Claim::Name));
        assert_eq!(owns(&zhang, "2023011002_li"), None);
        // An id is a whole word of the name, never a part of a longer number.
        assert_eq!(owns(&zhang, "20230110011"), None);
        assert_eq!(zhang.claim("张三", true), None, "a name two students share names neither");
        let alice = listed("7", "Alice Wang", "alice");
        assert_eq!((owns(&alice, "alice"), owns(&alice, "bob")), (Some(Claim::Submission), None));
        assert_eq!(owns(&alice, "alice wang_88_assignsubmission_file_"), Some(Claim::Name));
    }

    #[test]
    fn the_index_finds_what_each_student_s_own_rule_finds() {
        let roster = Roster {
            columns: vec![],
            listed: vec![
                listed("2023011001", "张三", ""),
                listed("7", "Alice Wang", "alice"),
                listed("2023011003", "Li", ""),
                listed("2023011004", "Li", ""),
                listed("2023011005", "Amy", ""),
                listed("2023011006", "amy", ""),
                listed("", "bob", ""),
            ],
        };
        let index = Index::of(&roster);
        let names = [
            "2023011001_zhangsan",
            "lab1-2023011001",
            "张三",
            "张三_123456_assignsubmission_file_",
            "20230110011",
            "alice",
            "alice wang_88_assignsubmission_file_",
            "li",
            "2023011003_li",
            "amy",
            "BOB",
            "2023011001_alice",
            "2023011001_bob",
            "nobody",
        ];
        for name in names {
            let shared = |l: &Listed| roster.listed.iter().filter(|o| o.identity.name == l.identity.name).count() > 1;
            let each: HashMap<usize, Claim> =
                (roster.listed.iter().enumerate()).filter_map(|(i, l)| Some((i, l.claim(name, shared(l))?))).collect();
            assert_eq!(index.claims(name, true), each, "{name}");
        }
        assert_eq!(index.owner("2023011001_bob", true), Some((0, Claim::Id)), "the id is surer than a name");
        assert_eq!(index.owner("2023011001_bob", false), Some((6, Claim::Name)), "an id in conflict names no one");
        assert_eq!(index.owner("amy", true), None, "Amy and amy both have it");
    }

    #[test]
    fn a_roster_is_read_from_utf8_gbk_and_utf16_and_keeps_its_other_columns() {
        let dir = tempfile::tempdir().unwrap();
        let text = "学号,姓名,班级\n2023011001,张三,计科1班\n2023011002,李四,计科2班\n";
        let (gbk, _, _) = encoding_rs::GBK.encode(text);
        let utf16: Vec<u8> = [0xff, 0xfe]
            .into_iter()
            .chain(text.replace(',', "\t").encode_utf16().flat_map(|u| u.to_le_bytes()))
            .collect();
        let bom = [b"\xef\xbb\xbf".as_slice(), text.as_bytes()].concat();
        for (name, bytes) in
            [("utf8.csv", text.as_bytes()), ("bom.csv", &bom), ("gbk.csv", &gbk), ("utf16.txt", &utf16)]
        {
            let path = dir.path().join(name);
            std::fs::write(&path, bytes).unwrap();
            let roster = read(&path, 1 << 20, Lang::En).unwrap();
            assert_eq!(roster.columns, ["班级"], "{name}");
            let rows: Vec<(&str, &str, &str)> = roster
                .listed
                .iter()
                .map(|l| (l.identity.id.as_str(), l.identity.name.as_str(), l.extra[0].as_str()))
                .collect();
            assert_eq!(rows, [("2023011001", "张三", "计科1班"), ("2023011002", "李四", "计科2班")], "{name}");
        }
        // Neither UTF-8 nor GBK (nor marked UTF-16): one line, in the user's language.
        let path = dir.path().join("latin1.csv");
        std::fs::write(&path, b"id,name\n1,\xff\xfe\xfd\n").unwrap();
        let refused = |lang| read(&path, 1 << 20, lang).unwrap_err().message(lang);
        let shown = path.display();
        assert_eq!(
            [refused(Lang::En), refused(Lang::Zh)],
            [
                format!(
                    "--roster '{shown}': neither UTF-8 nor GBK text; save it from Excel as CSV UTF-8 (Comma delimited)"
                ),
                format!(
                    "--roster '{shown}'：既不是 UTF-8 也不是 GBK 编码的文本；请在 Excel 中另存为 CSV UTF-8（逗号分隔）"
                ),
            ]
        );
    }
}
