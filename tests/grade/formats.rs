//! `labs grade --format acwing,pta` (issue 37, item 3): a course that allows either judge's
//! format. Each student is judged by the first format, and if not accepted by the other too,
//! and keeps the best; the format is recorded in the journal, the table, the CSV, the JSON and
//! the feedback; `--resume` re-renders from the journal without judging; outputs are compared
//! for "the same wrong output" only within one format.

use super::{a_class_of, grade_by, graded_in, text};
use crate::judging::{Watched, assert_nothing_survives};
use pretty_assertions::assert_eq;

/// Correct in AcWing's format (document 002): each board's rows, a blank line after every board.
const ACWING: &str = r#"import sys
n = int(sys.stdin.read())
def go(r, cols):
    if r == n:
        sys.stdout.write(''.join('.' * c + 'Q' + '.' * (n - c - 1) + '\n' for c in cols) + '\n')
        return
    for c in range(n):
        if all(c != d and abs(c - d) != r - i for i, d in enumerate(cols)):
            go(r + 1, cols + [c])
go(0, [])
"#;

/// Correct in PTA's format (document 000): cells joined by spaces, a blank line between boards,
/// `None` when there is no solution.
const PTA: &str = r#"import sys
size = int(input())
found = []
def place(row, queens):
    if row == size:
        found.append("\n".join(" ".join("Q" if k == q else "." for k in range(size)) for q in queens))
        return
    for q in range(size):
        if all(q != p and abs(q - p) != row - j for j, p in enumerate(queens)):
            place(row + 1, queens + [q])
place(0, [])
print("\n\n".join(found) if found else "None")
"#;

/// Wrong in both: right only where PTA's answer is `None` (n = 3), which AcWing wants empty.
const NONE: &str = "print('None')\n";

/// The rules: both formats, a size without solutions and one with, a time limit generous to a
/// loaded machine (both formats then have it; each keeps its own judge's order rule).
const BOTH: [&str; 6] = ["-f", "acwing,pta", "--n", "3,4", "--time-limit", "5"];

/// The first eight fields of each CSV line: the id, the name, the entry, the verdicts, the scores
/// and the format.
fn csv_head(csv: &str) -> Vec<String> {
    csv.trim_start_matches('\u{feff}').lines().map(|l| l.split(',').take(8).collect::<Vec<_>>().join(",")).collect()
}

#[test]
fn each_student_is_judged_by_the_allowed_format_they_print_and_it_is_recorded_everywhere() {
    let dir = a_class_of(&[("amy.py", ACWING.into()), ("bo.py", PTA.into()), ("cy.py", NONE.into())]);
    let root = dir.path();
    let exports = ["--feedback", "fb", "--export-csv", "g.csv", "--export-json", "g.json", "--export-markdown", "g.md"];
    let out = grade_by(root, &BOTH, &exports).watched_output();
    assert_nothing_survives("grade-formats");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    let read = |name: &str| std::fs::read_to_string(root.join(name)).unwrap();
    assert_eq!(
        csv_head(&read("g.csv")),
        [
            "id,name,student,n3,n4,score,verdict,format",
            ",amy,amy,AC,AC,100,AC Accepted: 2/2 tests passed,compact",
            ",bo,bo,AC,AC,100,AC Accepted: 2 of 2 test points,spaced",
            ",cy,cy,AC,WA,50,PA Partially Accepted: 1 of 2 test points,spaced",
        ],
        "{report}"
    );
    // The table: a format column, last, and the note that says what it is.
    let row = |name: &str| {
        report.lines().find(|l| l.starts_with(&format!("│ {name} "))).unwrap_or_else(|| panic!("{report}"))
    };
    let last = |name: &str| row(name).trim_end_matches('│').rsplit('┆').next().unwrap().trim().to_string();
    assert_eq!([last("student"), last("amy"), last("bo"), last("cy")], ["format", "compact", "spaced", "spaced"]);
    assert!(report.contains("by the rules of AcWing, PTA, --format compact,spaced)."), "{report}");
    assert!(
        report.contains(
            "format: the allowed format each student was judged by (compact (AcWing), spaced (PTA)): the first that accepts the output, else the one that scored best (of equal scores, the earlier)."
        ),
        "{report}"
    );
    assert!(read("g.md").contains("| format |\n|:--|:--|:--|--:|--:|--:|--:|--:|--:|--:|:--|\n"), "{}", read("g.md"));
    // No one printed the same wrong output as another in the same format: bo's boards are wrong
    // for AcWing, but he is judged by PTA, which accepts them.
    assert!(!report.contains("same wrong output"), "{report}");
    let json: serde_json::Value = serde_json::from_str(&read("g.json")).unwrap();
    assert!(json["copies"]["pairs"].as_array().unwrap().iter().all(|p| p["same_output"] == serde_json::json!([])));
    let formats: Vec<&str> = json["marks"].as_array().unwrap().iter().map(|m| m["format"].as_str().unwrap()).collect();
    assert_eq!(formats, ["compact", "spaced", "spaced"]);
    assert_eq!(json["allowed"][1]["judge"], "PTA", "{}", json["allowed"]);
    // The journal: the rules are the list, each format with its judge's own order rule, and each
    // student names their format; the two judged by both formats have both scores.
    let journal = read("grade.jsonl");
    let lines: Vec<serde_json::Value> = journal.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!((lines[0]["format"].as_str(), lines[0]["version"].as_u64()), (Some("compact,spaced"), Some(6)));
    let allowed: Vec<(&str, f64, bool)> = lines[0]["allowed"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["format"].as_str().unwrap(), a["time_limit"].as_f64().unwrap(), a["any_order"] == true))
        .collect();
    assert_eq!(allowed, [("compact", 5.0, true), ("spaced", 5.0, false)]);
    let graded: Vec<(String, String)> = lines
        .iter()
        .filter(|l| l["student"].is_string())
        .map(|l| (l["student"].as_str().unwrap().to_string(), format!("{} {}", l["format"], l["tried"])))
        .collect();
    let tried = |second: &str| {
        format!(
            r#""spaced" [{{"format":"compact","score":"WA Wrong Answer: 0/2 tests passed"}},{{"format":"spaced","score":"{second}"}}]"#
        )
    };
    assert_eq!(
        graded,
        [
            ("amy".to_string(), r#""compact" null"#.to_string()),
            ("bo".to_string(), tried("AC Accepted: 2 of 2 test points")),
            ("cy".to_string(), tried("PA Partially Accepted: 1 of 2 test points")),
        ]
    );
    // The feedback names the format, and for one judged by both, each one's score.
    let feedback = |name: &str| read(&format!("fb/{name}.md"));
    let head = |name: &str| feedback(name).lines().take(6).map(|l| format!("{l}\n")).collect::<String>();
    assert_eq!(
        head("amy"),
        "# amy\n\nScore: 100 / 100 (AcWing: AC Accepted: 2/2 tests passed)  \n\
         limits: 5 s per run (--time-limit), 64 MiB per process, the stack within it, boards in any order; the others as AcWing sets them\n\n\
         Judged as --format compact (AcWing), the first of the allowed formats (compact, spaced).\n"
    );
    assert_eq!(
        head("cy"),
        "# cy\n\nScore: 50 / 100 (PTA: PA Partially Accepted: 1 of 2 test points)  \n\
         limits: 5 s per run (--time-limit), 64 MiB per process, the stack within it, boards in the search's order; the others as PTA sets them\n\n\
         Judged by each allowed format: --format compact WA Wrong Answer: 0/2 tests passed; --format spaced PA Partially Accepted: 1 of 2 test points. The gradebook keeps --format spaced (PTA), which scored best.\n"
    );

    // --resume: the journal holds everyone, so no one is judged again, and the gradebook is the
    // same; in Chinese, the format column is headed in Chinese.
    let csv = read("g.csv");
    let again = grade_by(root, &BOTH, &["--resume", "--export-csv", "g.csv"]).watched_output();
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    let after = read("grade.jsonl");
    let added = after.strip_prefix(journal.as_str()).unwrap_or_else(|| panic!("{after}"));
    assert_eq!((added.lines().count(), added.starts_with("{\"opened_by\":")), (1, true), "{added}");
    assert_eq!((graded_in(&after), read("g.csv")), (3, csv));
    let zh_rules = [&BOTH[..], &["--lang", "zh"]].concat();
    let zh = grade_by(root, &zh_rules, &["--resume", "--export-csv", "zh.csv"]).watched_output();
    assert_eq!(zh.status.code(), Some(0), "{}", text(&zh.stderr));
    assert_eq!(csv_head(&read("zh.csv"))[0], "学号,姓名,提交,n3,n4,得分,评测结果,格式");
    assert_eq!(graded_in(&read("grade.jsonl")), 3);

    // A journal of both formats is no journal of one.
    let one = grade_by(root, &["-f", "acwing", "--n", "3,4", "--time-limit", "5"], &["--resume"]).watched_output();
    assert_eq!(one.status.code(), Some(2), "{}", text(&one.stderr));
    assert!(text(&one.stderr).contains("was written under other rules"), "{}", text(&one.stderr));
}

#[test]
fn several_formats_must_judge_the_same_sizes_and_labs_judge_takes_one() {
    let dir = a_class_of(&[("bo.py", PTA.into())]);
    let out = grade_by(dir.path(), &["-f", "pta,luogu"], &[]).watched_output();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "labs: --format spaced,luogu: the formats judge different sizes (spaced 1..=9; luogu 6..=13); give the sizes for all of them with --n\n"
    );
    let judge = std::process::Command::new(crate::judging::LABS)
        .args(["judge", "-f", "acwing,pta", "class/bo.py"])
        .current_dir(dir.path())
        .env("LC_ALL", "C")
        .watched_output();
    assert_eq!((judge.status.code(), text(&judge.stdout)), (Some(2), String::new()));
    assert_eq!(
        text(&judge.stderr),
        "labs: labs judge judges by one format: name one with --format (labs grade takes several, as in --format acwing,pta)\n"
    );
}

/// A student judged by both formats is built once: AcWing and PTA build alike (the same memory
/// limit, the same class name, the same sandbox), so the build made for the first format serves
/// the second. Counted by a `gcc` on PATH that notes each call: as many with both formats as with
/// one, for a program the first format does not accept. Out of the sandbox, where that `gcc` is
/// the one found.
#[test]
fn a_student_judged_by_both_formats_is_built_once() {
    use std::os::unix::fs::PermissionsExt;
    let dir = super::open_to_a_user();
    let root = dir.path();
    std::fs::write(root.join("class/cy.c"), "#include <stdio.h>\nint main(void) { puts(\"None\"); }\n").unwrap();
    let bin = root.join("bin");
    std::fs::create_dir(&bin).unwrap();
    let count = root.join("tmp/gcc-calls");
    let gcc = format!("#!/bin/sh\necho call >> '{}'\nexec /usr/bin/gcc \"$@\"\n", count.display());
    std::fs::write(bin.join("gcc"), gcc).unwrap();
    std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(bin.join("gcc"), std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let calls = |format: &str, journal: &str| {
        let _ = std::fs::remove_file(&count);
        let rules = ["-f", format, "--n", "3,4", "--time-limit", "5", "--sandbox", "off", "--journal", journal];
        let out = grade_by(root, &rules, &[]).env("PATH", &path).watched_output();
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(text(&out.stdout).contains("│ cy "), "{}", text(&out.stdout));
        std::fs::read_to_string(&count).unwrap_or_default().lines().count()
    };
    let alone = calls("acwing", "one.jsonl");
    assert!(alone >= 1, "the gcc on PATH was not the one called");
    assert_eq!(calls("acwing,pta", "both.jsonl"), alone);
    let journal = std::fs::read_to_string(root.join("both.jsonl")).unwrap();
    assert!(journal.contains(r#""tried":[{"format":"compact""#), "{journal}");
    assert_nothing_survives("grade-formats-built-once");
}
