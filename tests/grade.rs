//! `labs grade` on a class of its own: a correct C and a correct Python program, boards in the
//! wrong order, trailing spaces, an endless loop, a crash, a compile error, a memory hog and a
//! program that leaves a child running. Each hostile one is bounded itself (`sleep 600`, a hog
//! that stops at 2 GiB), so that a broken guard cannot take CI down. Every row and every export
//! is checked, an interrupted run is resumed to the same report, and afterwards nothing the test
//! started is alive and nothing was written outside its temporary directory. The renderings are
//! also pinned byte for byte from fixed records (golden files), never from live timings.

mod common;
mod judging;

use judging::{LABS, Watched, assert_nothing_survives, queens_c};
use nqueens_labs::export::Export;
use nqueens_labs::grade::baseline::{Baseline, Timing};
use nqueens_labs::grade::book::{Gradebook, Session, gradebook};
use nqueens_labs::grade::journal::{Graded, Point};
use nqueens_labs::grade::{plot, table};
use pretty_assertions::assert_eq;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The rest of the class (alice and ivan are [`queens_c`], ivan with a child left running; dave
/// is carol in the right order with a space at every line end):
/// (path, source), one per kind of student.
const OTHERS: [(&str, &str); 6] = [
    (
        "bob.py",
        r#"import sys
n = int(sys.stdin.read())
out = []
def go(r, cols):
    if r == n:
        out.extend('.' * c + 'Q' + '.' * (n - c - 1) for c in cols)
        out.append('')
        return
    for c in range(n):
        if all(c != d and abs(c - d) != r - i for i, d in enumerate(cols)):
            go(r + 1, cols + [c])
go(0, [])
print('\n'.join(out))
"#,
    ),
    (
        "carol.py",
        r#"import sys
n = int(sys.stdin.read())
boards = []
def go(r, cols):
    if r == n:
        boards.append(''.join('.' * c + 'Q' + '.' * (n - c - 1) + '\n' for c in cols))
        return
    for c in range(n):
        if all(c != d and abs(c - d) != r - i for i, d in enumerate(cols)):
            go(r + 1, cols + [c])
go(0, [])
sys.stdout.write(''.join(b + '\n' for b in reversed(boards)))
"#,
    ),
    (
        "erin.py",
        r#"while True:
    pass
"#,
    ),
    (
        "frank.c",
        r#"#include <stdio.h>
int main(void) { volatile int *p = 0; *p = 1; return 0; }
"#,
    ),
    (
        "grace.c",
        r#"#include <stdio.h>
int main(void) { printf("hi\n") return 0; }
"#,
    ),
    (
        "heidi.py",
        r#"b = []
while len(b) < 2048: b.append(bytearray(1 << 20))
"#,
    ),
];

/// What each student gets: name, verdicts at n = 4, 6, 8, score.
const ROWS: [(&str, &str, &str); 9] = [
    ("alice", "AC AC AC", "AC Accepted: 3/3 tests passed"),
    ("bob", "AC AC AC", "AC Accepted: 3/3 tests passed"),
    ("carol", "WA WA WA", "WA Wrong Answer: 0/3 tests passed"),
    ("dave", "PE PE PE", "PE Presentation Error: 0/3 tests passed"),
    ("erin", "TLE TLE TLE", "TLE Time Limit Exceeded: 0/3 tests passed"),
    ("frank", "RE RE RE", "RE Runtime Error: 0/3 tests passed"),
    ("grace", "CE CE CE", "CE Compile Error"),
    ("heidi", "MLE MLE MLE", "MLE Memory Limit Exceeded: 0/3 tests passed"),
    ("ivan", "AC AC AC", "AC Accepted: 3/3 tests passed"),
];

/// The rules the class is graded by: small n, a tight time limit for the endless loop.
const RULES: [&str; 8] = ["-f", "acwing", "--n", "4,6,8", "--time-limit", "0.5", "--memory-limit", "64"];

/// The whole class: (path, source).
fn class() -> Vec<(String, String)> {
    let ivan = queens_c().replace(
        "int main() {",
        "#include <unistd.h>\nint main() {\n    if (fork() == 0) { execlp(\"sleep\", \"sleep\", \"600\", (char *)0); _exit(1); }",
    );
    let carol = OTHERS.iter().find(|(p, _)| *p == "carol.py").unwrap().1;
    let dave = carol.replace(r"+ '\n' for c", r"+ ' \n' for c").replace("reversed(boards)", "boards");
    let mut class =
        vec![("alice.c".to_string(), queens_c()), ("dave.py".to_string(), dave), ("ivan/queens.c".to_string(), ivan)];
    class.extend(OTHERS.iter().map(|(p, s)| (p.to_string(), s.to_string())));
    class
}

/// Writes the whole class into `dir/class`, one file per submission.
fn write_class(dir: &Path) {
    for (path, source) in class() {
        let path = dir.join("class").join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, source).unwrap();
    }
}

/// A temporary directory holding `class/` (the submissions) and `tmp/` (the TMPDIR of labs, so
/// that its build directories are seen to go away).
fn classroom() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write_class(dir.path());
    std::fs::create_dir(dir.path().join("tmp")).unwrap();
    dir
}

/// Writes the test class into `$LABS_CLASS_DIR/class`, for the README's and the sheet's real
/// session: `LABS_CLASS_DIR=/tmp/x cargo test --test grade -- --ignored`.
#[test]
#[ignore = "writes the class for the docs, where LABS_CLASS_DIR says"]
fn write_the_class_for_the_docs() {
    write_class(Path::new(&std::env::var_os("LABS_CLASS_DIR").expect("LABS_CLASS_DIR names a directory")));
}

/// `labs grade <RULES> <args> class` in `dir`.
fn grade(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(LABS);
    command
        .arg("grade")
        .args(RULES)
        .args(args)
        .arg("class")
        .current_dir(dir)
        .env("TMPDIR", dir.join("tmp"))
        .env("NO_COLOR", "1")
        .env("LC_ALL", "C");
    command
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Every file below `dir`, as paths from it, sorted.
fn files(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                todo.push(path);
            } else {
                found.push(path.strip_prefix(dir).unwrap().display().to_string());
            }
        }
    }
    found.sort();
    found
}

/// The table and notes with the timing columns (time, memory and the ratios) masked and the
/// borders dropped, so that two runs of one class compare.
fn masked(report: &str) -> String {
    report
        .lines()
        .filter(|l| !l.starts_with(['┌', '╞', '└']))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('│').split('┆').map(str::trim).collect();
            if cells.len() < 9 {
                return l.to_string();
            }
            let kept: Vec<&str> =
                cells.iter().enumerate().map(|(i, c)| if i >= 4 && i != 3 { "*" } else { c }).collect();
            kept.join(" | ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The CSV export's rows as (student, verdicts, score, largest n).
fn csv_rows(csv: &str) -> Vec<(String, String, String, String)> {
    csv.lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            (f[0].into(), f[1..4].join(" "), f[4].into(), f[5].into())
        })
        .collect()
}

fn expected_rows() -> Vec<(String, String, String, String)> {
    ROWS.iter()
        .map(|(name, verdicts, score)| {
            let largest = if verdicts.starts_with("AC") { "8" } else { "" };
            (name.to_string(), verdicts.to_string(), score.to_string(), largest.to_string())
        })
        .collect()
}

/// Grades the class once, checking every row, every export and what is left behind; its report.
fn grade_and_check(jobs: &str, tag: &str) -> String {
    let dir = classroom();
    let exports = [
        "--jobs",
        jobs,
        "--export-markdown",
        "g.md",
        "--export-csv",
        "g.csv",
        "--export-json",
        "g.json",
        "--plot",
        "g.svg",
    ];
    let out: Output = grade(dir.path(), &exports).watched_output();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_nothing_survives(tag);
    let report = text(&out.stdout);
    let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap();
    assert_eq!(csv_rows(&read("g.csv")), expected_rows(), "{report}");
    for (name, _, score) in ROWS {
        let row = report.lines().find(|l| l.starts_with(&format!("│ {name} "))).unwrap_or_else(|| panic!("{report}"));
        assert!(row.contains(score), "{row}");
        assert!(read("g.md").contains(&format!("| {name} | `")), "{}", read("g.md"));
    }
    assert!(report.contains("3 of 9 accepted on every test point (n = 4, 6, 8, AcWing's rules, --format compact)."));
    assert!(
        report.contains(r#"Commonest failure: WA Wrong Answer, 1 student (carol); first at n = 4: line 1: expected ".Q..", got "..Q.""#),
        "{report}"
    );
    // Outside the sandbox the judge counts what ivan left running; inside, the PID namespace
    // ends it with the program, before anything can count it.
    let note = "ivan: left processes running after it ended (3 in all); the judge killed them.";
    assert_eq!(report.contains(note), !report.contains("Sandbox: every submission"), "{report}");
    let json: serde_json::Value = serde_json::from_str(&read("g.json")).unwrap();
    assert_eq!(json["marks"].as_array().unwrap().len(), 9);
    assert_eq!(json["marks"][1]["points"][2]["code"], "AC");
    assert!(json["baseline"]["timings"].as_array().unwrap().len() >= 6, "{}", json["baseline"]);
    let svg = read("g.svg");
    assert!(svg.starts_with("<svg") && svg.contains("alice") && svg.contains("row (variant"), "{svg:.200}");
    // The journal: the rules, then one line per student.
    assert_eq!(read("grade.jsonl").lines().count(), 1 + ROWS.len());
    // Nothing but the class, the journal and the exports; every build directory is gone.
    let mut wanted: Vec<String> = class().iter().map(|(p, _)| format!("class/{p}")).collect();
    wanted.extend(["g.csv", "g.json", "g.md", "g.svg", "grade.jsonl"].map(String::from));
    wanted.sort();
    assert_eq!(files(dir.path()), wanted);
    report
}

#[test]
fn a_class_is_graded_one_at_a_time_and_every_row_and_export_is_right() {
    let report = grade_and_check("1", "grade-class");
    assert!(!report.contains("not comparable"), "{report}");
    // Where bubblewrap runs (here and in CI), every submission says so; elsewhere none does.
    let sandbox = std::process::Command::new("bwrap").args(["--ro-bind", "/", "/", "--unshare-all", "true"]).status();
    let line = match sandbox.is_ok_and(|s| s.success()) {
        true => "Sandbox: every submission was built and run in bubblewrap",
        false => "Sandbox: none; the submissions ran with your rights",
    };
    assert!(report.contains(line), "{report}");
}

#[test]
fn with_two_jobs_each_guard_kills_only_its_own_and_the_times_are_called_not_comparable() {
    let report = grade_and_check("2", "grade-class-jobs");
    assert!(report.contains("Graded with --jobs 2: submissions ran side by side, so their times are not comparable."));
}

#[test]
fn an_interrupted_grading_resumes_to_the_report_of_an_uninterrupted_one() {
    let tag = "grade-resume";
    let dir = classroom();
    let whole = grade(dir.path(), &["--journal", "whole.jsonl"]).watched_output();
    assert_eq!(whole.status.code(), Some(0), "{}", text(&whole.stderr));
    // The endless loop (erin, fifth) takes three time limits: stop the run while it is judged.
    let mut first = grade(dir.path(), &[]).stdout(Stdio::piped()).stderr(Stdio::piped()).watched_spawn();
    let started = Instant::now();
    let journal = dir.path().join("grade.jsonl");
    while std::fs::read_to_string(&journal).map_or(0, |j| j.lines().count()) < 5 {
        if started.elapsed() > Duration::from_secs(30) {
            let _ = first.kill();
            let out = first.wait_with_output().unwrap();
            panic!("the journal never reached 4 students: {}{}", text(&out.stdout), text(&out.stderr));
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    judging::send(first.id(), rustix::process::Signal::INT);
    let out = first.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("stopped by signal 2 (SIGINT)"), "{}", text(&out.stderr));
    let partial = text(&out.stdout);
    assert!(partial.contains("Interrupted: 4 of 9 graded"), "{partial}");
    assert!(partial.contains("│ dave ") && !partial.contains("│ erin "), "{partial}");
    assert_nothing_survives(tag);
    let resumed = grade(dir.path(), &["--resume"]).watched_output();
    assert_eq!(resumed.status.code(), Some(0), "{}", text(&resumed.stderr));
    assert_eq!(masked(&text(&resumed.stdout)), masked(&text(&whole.stdout)));
    assert_eq!(std::fs::read_to_string(&journal).unwrap().lines().count(), 1 + ROWS.len());
    // Without --resume an earlier journal is never overwritten.
    let again = grade(dir.path(), &[]).watched_output();
    assert_eq!(again.status.code(), Some(2));
    assert!(text(&again.stderr).contains("holds an earlier grading: add --resume"), "{}", text(&again.stderr));
    assert_nothing_survives(tag);
}

#[test]
fn ctrl_c_while_the_variants_are_timed_stops_the_grader_with_130() {
    let tag = "grade-timing-interrupted";
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("class")).unwrap();
    std::fs::write(dir.path().join("class/alice.c"), queens_c()).unwrap();
    // At n = 12 the variants take seconds to time, the one student's program milliseconds.
    let args = ["grade", "-f", "acwing", "--n", "12", "--time-limit", "10", "class"];
    let mut command = Command::new(LABS);
    command.args(args).current_dir(dir.path()).env("NO_COLOR", "1").env("LC_ALL", "C");
    let labs = command.stdout(Stdio::piped()).stderr(Stdio::piped()).watched_spawn();
    let journal = dir.path().join("grade.jsonl");
    let started = Instant::now();
    while std::fs::read_to_string(&journal).map_or(0, |j| j.lines().count()) < 2 {
        assert!(started.elapsed() < Duration::from_secs(30), "alice was never graded");
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(200));
    let sent = Instant::now();
    judging::send(labs.id(), rustix::process::Signal::INT);
    let out = labs.wait_with_output().unwrap();
    assert!(sent.elapsed() < Duration::from_secs(1), "took {:?} to stop", sent.elapsed());
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("stopped by signal 2 (SIGINT)"), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("│ alice "), "{}", text(&out.stdout));
    assert_nothing_survives(tag);
}

/// A test point with fixed numbers.
fn point(n: usize, code: &str, seconds: f64) -> Point {
    let name = match code {
        "AC" => "AC Accepted",
        "WA" => "WA Wrong Answer",
        _ => "TLE Time Limit Exceeded",
    };
    Point {
        n,
        code: code.into(),
        verdict: name.into(),
        detail: if code == "WA" { r#"line 1: expected ".Q..", got "..Q.""#.into() } else { String::new() },
        seconds,
        cpu_seconds: seconds,
        peak_bytes: 1_500_000,
        left_behind: 0,
        notes: Vec::new(),
    }
}

fn student(name: &str, points: Vec<Point>, score: &str) -> Graded {
    Graded {
        student: name.into(),
        source: format!("class/{name}.c"),
        built_with: None,
        compile_error: None,
        score: score.into(),
        points,
        notes: Vec::new(),
        // One student of the fixed class ran before bubblewrap was installed.
        sandboxed: name != "dave",
    }
}

/// Four students and the variants, every number fixed.
fn fixed_book() -> Gradebook {
    let graded = vec![
        student(
            "alice",
            vec![point(4, "AC", 0.0012), point(6, "AC", 0.0013), point(8, "AC", 0.0031)],
            "AC Accepted: 3/3 tests passed",
        ),
        student(
            "bob",
            vec![point(4, "AC", 0.021), point(6, "AC", 0.024), point(8, "TLE", 0.5)],
            "TLE Time Limit Exceeded: 2/3 tests passed",
        ),
        student(
            "carol",
            vec![point(4, "WA", 0.02), point(6, "WA", 0.02), point(8, "WA", 0.03)],
            "WA Wrong Answer: 0/3 tests passed",
        ),
        Graded {
            compile_error: Some("q.c:1:30: error: expected ';' before 'return'".into()),
            score: "CE Compile Error".into(),
            ..student("dave", Vec::new(), "")
        },
    ];
    let timings = [
        ("naive", 4, 2.1e-6),
        ("naive", 6, 24e-6),
        ("naive", 8, 470e-6),
        ("row", 4, 0.4e-6),
        ("row", 6, 2.4e-6),
        ("row", 8, 18.7e-6),
        ("bits", 4, 0.2e-6),
        ("bits", 6, 0.9e-6),
        ("bits", 8, 6.6e-6),
    ];
    let baseline = Baseline {
        runs: 5,
        timings: timings.iter().map(|&(algo, n, seconds)| Timing { algo: algo.into(), n, seconds }).collect(),
    };
    let session = Session { judge: "AcWing".into(), format: "compact".into(), sizes: vec![4, 6, 8], jobs: 1 };
    gradebook(session, graded, Vec::new(), vec!["notes.txt: not a source file".into()], baseline)
}

#[test]
fn the_table_and_every_export_from_fixed_records() {
    let book = fixed_book();
    common::assert_golden("grade/table.txt", &table::render(&book));
    common::assert_golden("grade/class.md", &Export::Markdown.to_string(&book));
    common::assert_golden("grade/class.csv", &Export::Csv.to_string(&book));
    common::assert_golden("grade/class.json", &Export::Json.to_string(&book));
    let svg = plot::render(&book).unwrap();
    assert!(svg.contains("alice") && svg.contains("bob") && !svg.contains(">carol<"), "carol has no accepted n");
}

#[test]
fn ratios_and_the_summary_are_computed_from_the_records() {
    let book = fixed_book();
    let alice = &book.marks[0];
    assert_eq!((alice.largest, alice.seconds), (Some(8), Some(0.0031)));
    let ratios: Vec<Option<f64>> = alice.against.iter().map(|a| a.ratio).collect();
    assert_eq!(ratios, [Some(0.0031 / 470e-6), Some(0.0031 / 18.7e-6), Some(0.0031 / 6.6e-6)]);
    assert_eq!(book.marks[1].largest, Some(6));
    assert_eq!(book.marks[3].largest, None);
    assert_eq!((book.summary.accepted, book.summary.graded), (1, 4));
    let failure = book.summary.failure.as_ref().unwrap();
    assert_eq!((failure.verdict.as_str(), failure.n), ("TLE Time Limit Exceeded", Some(8)));
}
