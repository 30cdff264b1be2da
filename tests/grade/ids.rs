//! One id, one row (issue 47, item 8): a class where two names claim one id (`2023011012_bob.c`,
//! a crash, beside `2023011012_bobby.c`, accepted), and students who handed in again
//! (`李明.c` then `李明_补交.c`, `2023011013_wang.c` then `2023011013_wang-2.c`), graded for real
//! as root and as an ordinary user: the resubmission is the student's one row and says so, the
//! conflict is listed apart with no id in the CSV and named under the table, and a roster names
//! the one it lists by name. And a roster of 200,000 rows is matched in linear time.

use crate::judging::queens_c;
use crate::outputs::Who;
use nqueens_labs::grade::class::Identity;
use nqueens_labs::grade::roster::{self, Listed, Roster};
use pretty_assertions::assert_eq;
use std::path::Path;
use std::process::Output;
use std::time::Instant;

/// A program that crashes (RE), and one that prints nothing (WA).
const CRASH: &str = "int main(void) { volatile int *p = 0; *p = 1; return 0; }\n";
const NOTHING: &str = "int main(void) { return 0; }\n";

/// `labs grade` of `root/class` as root or a user, afresh, with the CSV export and `args`.
fn grade(root: &Path, user: bool, args: &[&str]) -> Output {
    let _ = std::fs::remove_file(root.join("grade.jsonl"));
    let who = if user { Who::User } else { Who::Root };
    crate::outputs::grade(root, who, &[&["--export-csv", "g.csv"], args].concat())
}

/// The CSV's rows as (id, entry, verdict).
fn csv(root: &Path) -> Vec<(String, String, String)> {
    let text = std::fs::read_to_string(root.join("g.csv")).unwrap();
    let text = text.trim_start_matches('\u{feff}');
    let header: Vec<&str> = text.lines().next().unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (id, entry, verdict) = (at("id"), at("student"), at("verdict"));
    let rows = text.lines().skip(1).map(|l| l.split(',').map(str::to_string).collect::<Vec<_>>());
    rows.map(|f| (f[id].clone(), f[entry].clone(), f[verdict].chars().take(2).collect())).collect()
}

#[test]
fn a_resubmission_replaces_the_earlier_and_two_names_for_one_id_are_listed_apart() {
    let dir = crate::outputs::room();
    let root = dir.path();
    for (file, source) in [
        ("alice.c", queens_c()),
        ("2023011012_bob.c", CRASH.to_string()),
        ("2023011012_bobby.c", queens_c()),
        ("李明.c", NOTHING.to_string()),
        ("李明_补交.c", queens_c()),
        ("2023011013_wang.c", NOTHING.to_string()),
        ("2023011013_wang-2.c", queens_c()),
    ] {
        std::fs::write(root.join("class").join(file), source).unwrap();
    }
    let row = |id: &str, entry: &str, verdict: &str| (id.to_string(), entry.to_string(), verdict.to_string());
    for user in [false, true] {
        let out = grade(root, user, &[]);
        let (table, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert_eq!(out.status.code(), Some(0), "user {user}: {stderr}");
        // The conflict with no id; each resubmission the student's one row.
        assert_eq!(
            csv(root),
            [
                row("", "2023011012_bob", "RE"),
                row("", "2023011012_bobby", "AC"),
                row("2023011013", "2023011013_wang-2", "AC"),
                row("", "alice", "AC"),
                row("", "李明_补交", "AC"),
            ],
            "user {user}:\n{table}"
        );
        for said in [
            "李明_补交 (replaces 李明)",
            "2023011013_wang-2 (replaces 2023011013_wang)",
            "2023011012_bob (id claimed twice)",
            "2023011012_bobby (id claimed twice)",
            "李明_补交 replaces 李明: a later submission of the same student",
            "2023011012 is claimed by 2023011012_bob, 2023011012_bobby: each is listed apart and none is exported under it",
        ] {
            assert!(table.contains(said), "user {user}: {said:?} in\n{table}");
        }
    }
    // A roster that names bob by his name gives him the id; bobby stays apart, with none.
    std::fs::write(root.join("roster.csv"), "学号,姓名\n2023011012,bob\n2023011013,王\n").unwrap();
    let out = grade(root, false, &["--roster", "roster.csv"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let rows = csv(root);
    let claimed: Vec<_> = rows.iter().filter(|(id, _, _)| id == "2023011012").collect();
    assert_eq!(claimed, [&row("2023011012", "2023011012_bob", "RE")], "{rows:?}");
    assert!(rows.contains(&row("", "2023011012_bobby", "AC")), "{rows:?}");
    assert!(rows.contains(&row("2023011013", "2023011013_wang-2", "AC")), "{rows:?}");
}

#[test]
fn a_roster_of_200000_rows_is_matched_in_linear_time() {
    // A roster of `rows` students, and a class of a tenth as many graded, each by id and name.
    let matched = |rows: usize| {
        let listed = (0..rows).map(|k| Listed {
            identity: Identity { id: format!("{}", 2_000_000_000 + k), name: format!("student{k}") },
            submission: String::new(),
            extra: vec![],
        });
        let roster = Roster { columns: vec![], listed: listed.collect() };
        let mut book = crate::fixed_book();
        book.not_graded.clear();
        let template = book.marks[0].clone();
        book.marks = (0..rows / 10)
            .map(|k| {
                let mut mark = template.clone();
                mark.graded.student = format!("{}_student{}", 2_000_000_000 + k * 10, k * 10);
                mark
            })
            .collect();
        let started = Instant::now();
        roster::apply(&mut book, &roster);
        let took = started.elapsed().as_secs_f64();
        assert_eq!(book.order.len(), rows, "one row per roster student");
        assert!(book.unlisted.is_empty(), "every entry is a roster student's");
        took
    };
    let (small, large) = (matched(20_000), matched(200_000));
    eprintln!("20,000 rows: {small:.3} s; 200,000 rows: {large:.3} s");
    // Quadratic matching takes 100 times as long for 10 times the rows (15 s at 20,000 before);
    // measured here 0.21 s and 1.6 s (a debug build);
    // linear, about 10 times. Both bounds are loose: a loaded machine slows both alike.
    assert!(large < 20.0, "200,000 rows took {large:.1} s");
    assert!(large < 40.0 * small.max(0.005), "200,000 rows took {large:.3} s, 20,000 {small:.3} s: not linear");
}
