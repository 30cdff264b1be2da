//! One id, one row: what the gradebook does when two entries of the class claim one student id
//! (`2023011012_bob.c` beside `2023011012_bobby.c`), or one student handed in twice (`李明.c` and
//! a late `李明_补交.c`), so that an import keyed on the id never takes either at random.
//!
//! The rule, decided once for the class ([`one_row_each`]), among the entries that share an id
//! (the digits before the first `_`, [`Identity`]), or, without an id, a name:
//!
//! - **A resubmission replaces the earlier.** Entries whose names differ only by a resubmission
//!   mark at the end ([`attempt`]: `_补交`, `_重交`, `-2`…`-99`, `_v2`, ` (2)` as a browser
//!   saves a second download, a course platform's `_attempt_<date>`, later dates later) are one
//!   student's attempts: the latest graded one is their row, which says whom it replaces (the
//!   table's and the Markdown's name cell, the JSON's `replaces`, a note under the table), and
//!   the earlier graded ones leave the gradebook. An attempt that could not be graded replaces
//!   nothing: it is listed, without the id.
//! - **Two names claiming one id are a conflict**: different names (`bob`, `bobby`), or two
//!   attempts of the same rank (`bob_v2` beside `bob-2`). Every such row is listed apart, none is
//!   exported under the id (the CSV's id cell is left blank; `id_claimed_twice` in the JSON),
//!   none is matched to a roster by it
//!   (a roster may still name one by its name), and a note under the table names the conflict.
//!
//! Grouping is one pass with a hash map: linear in the class.

use crate::class::{Identity, NotGraded, entry_stem};
use crate::mark::Mark;
use serde::Serialize;
use std::collections::{HashMap, HashSet};

/// The resubmission marks [`attempt`] reads, as the note under the table lists them.
pub const MARKS: &str = "_补交 _重交 -2 _v2 (1) _attempt_…";

/// A graded submission that a later attempt of the same student replaced.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Replaced {
    /// The earlier entry, as its row named it.
    pub earlier: String,
    /// The later entry, whose row the student's is.
    pub by: String,
}

/// An id that two different names (or two attempts of one rank) claim: listed apart, never
/// exported under it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SharedId {
    /// The id; for entries with none, the name they share.
    pub claimed: String,
    /// The rows that claim it, by name, in name order.
    pub claimants: Vec<String>,
}

/// What [`one_row_each`] decided.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decided {
    /// The earlier attempts replaced, each by its later one.
    pub replaced: Vec<Replaced>,
    /// The ids in conflict.
    pub conflicts: Vec<SharedId>,
    /// The rows (a mark's student, an entry's stem) exported without their id, and matched to no
    /// roster student by it.
    pub apart: Vec<String>,
}

/// Which attempt a name is: its number (a name with no mark is 1, `_补交` 2, `-3` 3), then a
/// course platform's date, compared as text (ISO dates compare as dates).
pub type Attempt = (u32, String);

/// `name` without its resubmission mark at the end, and which attempt it says; a name with no
/// mark is itself, attempt 1.
pub fn attempt(name: &str) -> (&str, Attempt) {
    let first = (name, (1, String::new()));
    // A course platform's attempt (Blackboard: `lab1_bob_attempt_2024-03-01-10-22-05`).
    if let Some((base, rest)) = name.split_once("_attempt_").filter(|(base, rest)| !base.is_empty() && !rest.is_empty())
    {
        return match rest.parse::<u32>() {
            Ok(k) => (base, (k, String::new())),
            Err(_) => (base, (1, rest.to_string())),
        };
    }
    for late in ["补交", "重交"] {
        if let Some(base) = name.strip_suffix(late) {
            return match separated(base).or(Some(base).filter(|b| !b.is_empty())) {
                Some(base) => (base, (2, String::new())),
                None => first,
            };
        }
    }
    // A browser's second download: `bob (1)` is the second copy.
    if let Some(inner) = name.strip_suffix(')')
        && let Some((base, k)) = inner.rsplit_once(" (")
        && let Ok(k) = k.parse::<u32>()
        && !base.is_empty()
    {
        return (base, (k.saturating_add(1), String::new()));
    }
    let digits = name.len() - name.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return first;
    }
    let (head, k) = name.split_at(name.len() - digits);
    let Ok(k) = k.parse::<u32>() else { return first };
    // `_v2`, `-v3`; and `-2`…`-99` (more digits are an id or a year, not an attempt).
    if let Some(base) = head.strip_suffix(['v', 'V']).and_then(separated) {
        return (base, (k, String::new()));
    }
    match head.strip_suffix(['_', '-']).filter(|b| !b.is_empty()) {
        Some(base) if digits <= 2 && k >= 2 => (base, (k, String::new())),
        _ => first,
    }
}

/// `base` without the separator it ends in (`_`, `-`, a space), if it has one and more.
fn separated(base: &str) -> Option<&str> {
    base.strip_suffix(['_', '-', ' ']).filter(|b| !b.is_empty())
}

/// One row of the class, as [`one_row_each`] groups it.
struct Claim {
    /// Its name: a mark's student, an entry's stem.
    name: String,
    /// The mark's index, for a row graded.
    mark: Option<usize>,
    /// Its name without the resubmission mark (the part after the id, with one), and its attempt.
    base: String,
    attempt: Attempt,
}

/// Applies the rule (see the module) to `marks` and the entries `not_graded`: takes the replaced
/// marks away, blanks the id of the rows listed apart, and says what it decided.
pub fn one_row_each(marks: &mut Vec<Mark>, not_graded: &[NotGraded]) -> Decided {
    let mut groups: HashMap<(bool, String), Vec<Claim>> = HashMap::new();
    let mut add = |name: String, mark: Option<usize>| {
        let who = Identity::of(&name);
        let key = match who.id.is_empty() {
            true => (false, attempt(&name).0.to_string()),
            false => (true, who.id.clone()),
        };
        // Without an id an entry that is no graded student's has nothing to claim.
        if !key.0 && mark.is_none() {
            return;
        }
        let (base, attempt) = attempt(if key.0 { &who.name } else { &name });
        groups.entry(key).or_default().push(Claim { base: base.to_string(), attempt, name, mark });
    };
    for (i, mark) in marks.iter().enumerate() {
        add(mark.graded.student.clone(), Some(i));
    }
    for entry in not_graded {
        add(entry_stem(&entry.entry), None);
    }
    let mut decided = Decided::default();
    let mut gone = vec![false; marks.len()];
    let mut groups: Vec<((bool, String), Vec<Claim>)> = groups.into_iter().filter(|(_, c)| c.len() > 1).collect();
    groups.sort_by(|a, b| a.0.cmp(&b.0));
    for ((_, key), mut claims) in groups {
        claims.sort_by(|a, b| a.name.cmp(&b.name));
        let graded: Vec<&Claim> = claims.iter().filter(|c| c.mark.is_some()).collect();
        let latest = graded.iter().map(|c| &c.attempt).max();
        let at_latest = graded.iter().filter(|c| Some(&c.attempt) == latest).count();
        let one_student = claims.iter().all(|c| c.base == claims[0].base);
        match graded.iter().find(|c| Some(&c.attempt) == latest) {
            Some(kept) if one_student && at_latest == 1 => {
                for c in &claims {
                    match c.mark {
                        Some(i) if c.name != kept.name => {
                            gone[i] = true;
                            decided.replaced.push(Replaced { earlier: c.name.clone(), by: kept.name.clone() });
                        }
                        Some(_) => {}
                        None => decided.apart.push(c.name.clone()),
                    }
                }
            }
            // Nothing graded shares an entry's id: its own row is the id's.
            None => {}
            _ => {
                decided.apart.extend(claims.iter().map(|c| c.name.clone()));
                let claimants = claims.iter().map(|c| c.name.clone()).collect();
                decided.conflicts.push(SharedId { claimed: key, claimants });
            }
        }
    }
    let apart: HashSet<&str> = decided.apart.iter().map(String::as_str).collect();
    for mark in marks.iter_mut().filter(|m| apart.contains(m.graded.student.as_str())) {
        mark.identity.id.clear();
        mark.id_claimed_twice = true;
    }
    let mut replaced: HashMap<&str, Vec<String>> = HashMap::new();
    for r in &decided.replaced {
        replaced.entry(r.by.as_str()).or_default().push(r.earlier.clone());
    }
    for mark in marks.iter_mut() {
        if let Some(earlier) = replaced.remove(mark.graded.student.as_str()) {
            mark.replaces = earlier;
        }
    }
    let mut k = 0;
    marks.retain(|_| {
        k += 1;
        !gone[k - 1]
    });
    decided
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn the_common_resubmission_marks_are_read_and_nothing_else() {
        let of = |name: &str| {
            let (base, (k, date)) = attempt(name);
            (base.to_string(), k, date)
        };
        let plain = |name: &str| (name.to_string(), 1, String::new());
        assert_eq!(of("李明_补交"), ("李明".into(), 2, String::new()));
        assert_eq!(of("李明补交"), ("李明".into(), 2, String::new()));
        assert_eq!(of("bob-2"), ("bob".into(), 2, String::new()));
        assert_eq!(of("bob_v3"), ("bob".into(), 3, String::new()));
        assert_eq!(of("bob (1)"), ("bob".into(), 2, String::new()));
        assert_eq!(of("lab1_bob_attempt_2024-03-01-10-22-05"), ("lab1_bob".into(), 1, "2024-03-01-10-22-05".into()));
        assert_eq!(of("bob_attempt_2"), ("bob".into(), 2, String::new()));
        // An id, a year or a first copy is no attempt.
        for name in ["lab1-2023011012", "bob-1", "bob_2024", "2023011012", "补交", "v2", "-2", "bobby"] {
            assert_eq!(of(name), plain(name), "{name}");
        }
    }
}
