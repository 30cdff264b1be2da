//! `labs grade` on a class of its own: a correct C and a correct Python program, a correct one
//! with its boards in another order (which AcWing accepts), trailing spaces, an endless loop, a crash, a compile error, a memory hog and a
//! program that leaves a child running. Each hostile one is bounded itself (`sleep 600`, a hog
//! that stops at 2 GiB), so that a broken guard cannot take CI down. Every row and every export
//! is checked, an interrupted run is resumed to the same report, and afterwards nothing the test
//! started is alive and nothing was written outside its temporary directory. The renderings are
//! also pinned byte for byte from fixed records (golden files), never from live timings.

#![cfg(target_os = "linux")]

mod common;
mod judging;

#[path = "grade/class_scan.rs"]
mod class_scan;
#[path = "grade/course.rs"]
mod course;
#[path = "grade/folder_caps.rs"]
mod folder_caps;
#[path = "grade/folders.rs"]
mod folders;
#[path = "grade/formats.rs"]
mod formats;
#[path = "grade/ids.rs"]
mod ids;
#[path = "grade/leftovers.rs"]
mod leftovers;
#[path = "grade/load.rs"]
mod load;
#[path = "grade/outputs.rs"]
mod outputs;

use judging::{LABS, QUEENS_CPP, Watched, assert_nothing_survives, queens_c};
use nqueens_labs::export::Export;
use nqueens_labs::grade::baseline::{Baseline, Timing};
use nqueens_labs::grade::book::{Gradebook, Scoring, Sitting, gradebook};
use nqueens_labs::grade::class::NotGraded;
use nqueens_labs::grade::journal::{Graded, Header, Point};
use nqueens_labs::grade::rerun::{Repeated, Timed};
use nqueens_labs::grade::{copies, plot, roster, table};
use nqueens_labs::judge::compile::Language;
use nqueens_labs::judge::foreign::{Folder, Unopened};
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
    // Her boards in another order: AcWing 843 takes any order, so its preset does.
    ("carol", "AC AC AC", "AC Accepted: 3/3 tests passed"),
    ("dave", "PE PE PE", "PE Presentation Error: 0/3 tests passed"),
    ("erin", "TLE TLE TLE", "TLE Time Limit Exceeded: 0/3 tests passed"),
    ("frank", "RE RE RE", "RE Runtime Error: 0/3 tests passed"),
    ("grace", "CE CE CE", "CE Compile Error"),
    ("heidi", "MLE MLE MLE", "MLE Memory Limit Exceeded: 0/3 tests passed"),
    ("ivan", "AC AC AC", "AC Accepted: 3/3 tests passed"),
];

/// Why the class's tests need the Linux backend.
const HEIDI: &str = "heidi's MLE needs the memory limit, which the portable backend does not hold";

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
    grade_by(dir, &RULES, args)
}

/// `labs grade <rules> <args> class` in `dir`.
fn grade_by(dir: &Path, rules: &[&str], args: &[&str]) -> Command {
    let mut command = Command::new(LABS);
    command
        .arg("grade")
        .args(rules)
        .args(args)
        .arg("class")
        .current_dir(dir)
        .env("TMPDIR", dir.join("tmp"))
        .env("NO_COLOR", "1")
        .env("LC_ALL", "C");
    command
}

/// A folder with `class/` and `tmp/` in it that labs run as a user ([`judging::labs_as_a_user`])
/// can grade from: the folder and `tmp/` open to everyone, `class/` readable.
fn open_to_a_user() -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    for sub in ["class", "tmp"] {
        std::fs::create_dir(root.join(sub)).unwrap();
    }
    for (path, mode) in [(root.to_path_buf(), 0o777), (root.join("tmp"), 0o777), (root.join("class"), 0o755)] {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    }
    dir
}

/// The students graded in `journal`: its lines that are a student's result (not the header, nor
/// a line saying that a student's judging began).
fn graded_in(journal: &str) -> usize {
    journal.lines().filter(|l| l.starts_with("{\"student\":")).count()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `stderr` without the line the portable backend adds to every run that judges (it has no
/// sandbox), so that its tests make the Linux backend's exact assertions.
fn said(stderr: &[u8]) -> String {
    let note = |l: &&str| l.contains("portable backend has none") || l.contains("可移植后端没有沙箱");
    text(stderr).lines().filter(|l| !note(l)).map(|l| format!("{l}\n")).collect()
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
        // Whether a variant was timed at every n depends on the load, as its times do.
        .filter(|l| !l.starts_with("A blank ×"))
        // Whether a run took longer than an empty program's, at n = 8, depends on the load too.
        .filter(|l| !l.contains("took no longer than an empty program's"))
        // And whether a run came within 80 % of the time limit.
        .filter(|l| !l.contains("close to the time limit"))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('│').split('┆').map(str::trim).collect();
            if cells.len() < 10 {
                return l.to_string();
            }
            let kept: Vec<&str> = cells.iter().enumerate().map(|(i, c)| if i >= 5 { "*" } else { c }).collect();
            kept.join(" | ")
        })
        // Each language's start-up, measured afresh.
        .map(|l| match l.split_once("the same way: ").and_then(|(head, rest)| Some((head, rest.split_once(')')?.1))) {
            Some((head, tail)) => format!("{head}the same way: *){tail}"),
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The CSV export's rows as (student, verdicts, the judge's score, largest n).
fn csv_rows(csv: &str) -> Vec<(String, String, String, String)> {
    csv.lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            (f[2].into(), f[3..6].join(" "), f[7].into(), f[8].into())
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
fn grade_and_check(jobs: &str, tag: &str) -> Option<String> {
    if judging::skip_without_linux_backend(tag, HEIDI) {
        return None;
    }
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
    assert!(
        report.contains("4 of 9 accepted on every test point (n = 4, 6, 8, by the rules of AcWing, --format compact)."),
        "{report}"
    );
    let limits = "limits: 500 ms per run (--time-limit), 64 MiB per process (--memory-limit), the stack within it, boards in any order; \
                  the others as AcWing sets them\n";
    assert!(report.contains(limits), "{report}");
    // Each of the five others fails in a way of its own: the first in name order is named.
    assert!(
        report.contains(
            "Commonest failure: PE Presentation Error, 1 student (dave); first at n = 4: only white space differs: line 1 ends in 1 space(s) too many."
        ),
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
    // The journal: the rules, then one line per student graded (each after one as it started).
    assert_eq!(graded_in(&read("grade.jsonl")), ROWS.len());
    // Nothing but the class, the journal and the exports; every build directory is gone.
    let mut wanted: Vec<String> = class().iter().map(|(p, _)| format!("class/{p}")).collect();
    wanted.extend(["g.csv", "g.json", "g.md", "g.svg", "grade.jsonl"].map(String::from));
    wanted.sort();
    assert_eq!(files(dir.path()), wanted);
    Some(report)
}

#[test]
fn a_class_is_graded_one_at_a_time_and_every_row_and_export_is_right() {
    let Some(report) = grade_and_check("1", "grade-class") else { return };
    assert!(!report.contains("not comparable"), "{report}");
    // Where bubblewrap runs (here and in CI), every submission says so; elsewhere none does.
    let sandbox = std::process::Command::new("bwrap").args(["--ro-bind", "/", "/", "--unshare-all", "true"]).status();
    let line = match sandbox.is_ok_and(|s| s.success()) {
        true => "Sandbox: every submission was built and run in bubblewrap",
        false if nqueens_labs::judging::host(false).runs_as_nobody() => {
            "Sandbox: none; each job's submissions ran as a user of its own"
        }
        false => "Sandbox: none; the submissions ran with your rights",
    };
    assert!(report.contains(line), "{report}");
}

#[test]
fn with_two_jobs_each_guard_kills_only_its_own_and_the_times_are_called_not_comparable() {
    let Some(report) = grade_and_check("2", "grade-class-jobs") else { return };
    assert!(report.contains("Graded with --jobs 2: submissions ran side by side, so their times are not comparable."));
}

#[test]
fn with_two_jobs_no_run_is_killed_by_the_other_guard_as_it_starts() {
    // Runs of a millisecond, each ending while the other job starts its program: a guard that
    // took the other job's child, between its fork and its exec (labs's environment, no tag),
    // for an orphan of its own killed it (RE, SIGKILL) in 3 of 5 gradings of 30 such students.
    let tag = "grade-jobs-starting";
    let dir = tempfile::tempdir().unwrap();
    for sub in ["class", "tmp"] {
        std::fs::create_dir(dir.path().join(sub)).unwrap();
    }
    for k in 0..20 {
        std::fs::write(dir.path().join(format!("class/s{k:02}.c")), queens_c()).unwrap();
    }
    let rules = ["-f", "acwing", "--n", "1..=6", "--runs", "1", "--jobs", "2", "--sandbox", "off"];
    let out = grade_by(dir.path(), &rules, &[]).watched_output();
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(report.contains("20 of 20 accepted on every test point"), "{report}");
    assert_nothing_survives(tag);
}

#[test]
fn an_interrupted_grading_resumes_to_the_report_of_an_uninterrupted_one() {
    let tag = "grade-resume";
    if judging::skip_without_linux_backend(tag, HEIDI) {
        return;
    }
    let dir = classroom();
    let whole = grade(dir.path(), &["--journal", "whole.jsonl"]).watched_output();
    assert_eq!(whole.status.code(), Some(0), "{}", text(&whole.stderr));
    // The endless loop (erin, fifth) takes three time limits: stop the run while it is judged.
    let mut first = grade(dir.path(), &[]).stdout(Stdio::piped()).stderr(Stdio::piped()).watched_spawn();
    let started = Instant::now();
    let journal = dir.path().join("grade.jsonl");
    while std::fs::read_to_string(&journal).map_or(0, |j| graded_in(&j)) < 4 {
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
    // erin was running when the grader stopped, but the stop came from its parent, as a user's
    // Ctrl-C or `timeout` would: no stop of her program's, so she is not judged first, alone.
    assert!(!text(&resumed.stderr).contains("judged first"), "{}", text(&resumed.stderr));
    assert!(
        std::fs::read_to_string(&journal).unwrap().lines().any(|l| l.starts_with("{\"unjudged\":\"erin\",\"hash\":"))
    );
    assert_eq!(graded_in(&std::fs::read_to_string(&journal).unwrap()), ROWS.len());
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
    // At n = 13 the variants take seconds to time, the one student's program milliseconds.
    let args = ["grade", "-f", "acwing", "--n", "13", "--time-limit", "10", "class"];
    let mut command = Command::new(LABS);
    command.args(args).current_dir(dir.path()).env("NO_COLOR", "1").env("LC_ALL", "C");
    let labs = command.stdout(Stdio::piped()).stderr(Stdio::piped()).watched_spawn();
    let journal = dir.path().join("grade.jsonl");
    let started = Instant::now();
    while std::fs::read_to_string(&journal).map_or(0, |j| graded_in(&j)) < 1 {
        assert!(started.elapsed() < Duration::from_secs(30), "alice was never graded");
        std::thread::sleep(Duration::from_millis(10));
    }
    std::thread::sleep(Duration::from_millis(200));
    let sent = Instant::now();
    judging::send(labs.id(), rustix::process::Signal::INT);
    let out = labs.wait_with_output().unwrap();
    // Measured: 25 ms from the signal to the exit on two loaded cores; the timing it cuts short
    // takes seconds.
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
        // As the journal keeps it: made visible, so the report quotes a student's <b> as text.
        stderr: match code {
            "TLE" => vec!["  File \"bob.py\", line 9, in go".into(), "\\e[2J<b>still searching</b>".into()],
            _ => Vec::new(),
        },
        output: if code == "WA" { "5e1d".into() } else { String::new() },
        diff: String::new(),
    }
}

fn student(name: &str, points: Vec<Point>, score: &str) -> Graded {
    Graded {
        student: name.into(),
        source: format!("class/{name}.c"),
        sha256: String::new(),
        built_with: None,
        compile_error: None,
        score: score.into(),
        points,
        notes: Vec::new(),
        // One student of the fixed class ran before bubblewrap was installed.
        sandboxed: name != "dave",
        timed: None,
        format: None,
        tried: Vec::new(),
    }
}

/// Four students and the variants, every number fixed.
fn fixed_book() -> Gradebook {
    fixed_book_with(0.0024, 0.0025)
}

/// [`fixed_book`], with alice's program taking a median of `median` seconds a run at n = 8, the
/// slowest of them `max` (the fastest 2.2 ms).
fn fixed_book_with(median: f64, max: f64) -> Gradebook {
    // alice's program run again at n = 8: 5 runs, their median less C's start-up of 1.9 ms.
    let repeated = Repeated { n: 8, runs: 5, median, min: 0.0022, max, startup: Some(0.0019), language: "C".into() };
    let graded = vec![
        Graded {
            timed: Some(Timed::Repeated(repeated)),
            ..student(
                "alice",
                vec![point(4, "AC", 0.0012), point(6, "AC", 0.0013), point(8, "AC", 0.0031)],
                "AC Accepted: 3/3 tests passed",
            )
        },
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
    let rules = Header {
        format: "compact".into(),
        sizes: vec![4, 6, 8],
        time_limit: 1.0,
        memory_limit: Some(64 << 20),
        output_limit: None,
        any_order: true,
        strict: false,
        lang: "en".into(),
        sandbox: true,
        max_processes: Some(128),
        build_memory_limit: Some(1024 << 20),
        build_file_limit: Some(64 << 20),
        allowed: Vec::new(),
        version: 3,
    };
    let session = Sitting {
        judge: "AcWing".into(),
        format: "compact".into(),
        sizes: vec![4, 6, 8],
        jobs: 1,
        rules,
        limits: "limits: 1 s per run, 64 MiB per process, boards in any order, as AcWing sets them".into(),
        allowed: Vec::new(),
        date: "2026-12-01T18:00:00Z".into(),
        labs_version: "0.1.0".into(),
        runs_as: Default::default(),
        lang: nqueens_labs::lang::Lang::En,
        scoring: Scoring::equal(3),
    };
    let skipped = |entry: &str, reason: &str| NotGraded { entry: entry.into(), score: format!("not graded: {reason}") };
    let not_graded = vec![
        skipped("<img src=x onerror=alert(1)>.zip", "an archive: unpack it first, labs does not open archives"),
        skipped("=1+2.txt", "not a source file (.c, .cpp, .cc, .cxx, .py, .java, .rs)"),
    ];
    let mut book = gradebook(session, graded, Vec::new(), not_graded, baseline);
    let pair = |a: &str, b: &str, score, same_output| copies::Pair { a: a.into(), b: b.into(), score, same_output };
    book.copies = copies::Copies {
        threshold: copies::THRESHOLD,
        base: Some("skeleton.c".into()),
        groups: Vec::new(),
        pairs: vec![pair("alice", "bob", 0.93, Vec::new()), pair("bob", "carol", 0.07, vec![4, 6])],
    };
    book
}

#[test]
fn a_search_lost_in_the_start_up_gets_no_ratio_and_says_why() {
    // 1.8 ms a run, under C's start-up of 1.9 ms, and 3.0 ms, 1.1 ms over it but the runs
    // themselves 1.9 ms apart: either way the search cannot be told from the start.
    for (median, spread) in [(0.0018, "300 µs"), (0.0030, "1.90 ms")] {
        let max = if median < 0.002 { 0.0025 } else { 0.0041 };
        let book = fixed_book_with(median, max);
        assert!(book.marks[0].against.iter().all(|a| a.ratio.is_none()), "{:?}", book.marks[0].against);
        let report = table::render(&book, None);
        let why = format!(
            "alice: at n = 8 the runs took no longer than an empty program's by more than their own spread ({spread}), so no ratio to the variants: the search is lost in the start-up's noise."
        );
        assert!(report.lines().any(|l| l == why), "{report}");
    }
    // 0.5 ms over the start-up, the runs 0.3 ms apart: compared.
    assert!(fixed_book().marks[0].against.iter().all(|a| a.ratio.is_some()));
}

#[test]
fn a_class_where_nothing_ran_says_nothing_of_a_sandbox() {
    let sandbox_line = |report: String| report.lines().any(|l| l.starts_with("Sandbox:"));
    assert!(sandbox_line(table::render(&fixed_book(), None)), "the fixed class has one");
    let mut book = fixed_book();
    book.marks.clear();
    assert!(!sandbox_line(table::render(&book, None)), "{}", table::render(&book, None));
}

#[test]
fn the_table_and_every_export_from_fixed_records() {
    let book = fixed_book();
    common::assert_golden("grade/table.txt", &table::render(&book, None));
    common::assert_golden("grade/table-60.txt", &table::render(&book, Some(60)));
    common::assert_golden("grade/table-80.txt", &table::render(&book, Some(80)));
    common::assert_golden("grade/table-200.txt", &table::render(&book, Some(200)));
    // The widest line, in display columns, at 60, 80 and 200. At 60 the table cannot fit: after
    // every column the width helper may hide, the least widths left are the student's name
    // (`onerror=alert(1)>.zip`, 21), the verdicts under their n (15, never wrapped), the score's
    // longest word (`Exceeded:`, 9), /100 and n, plus the borders: 66.
    let widest = |w| table::render(&book, Some(w)).lines().map(nqueens_labs::width::of).max().unwrap();
    assert_eq!([60, 80, 200].map(widest), [66, 80, 200]);
    common::assert_golden("grade/class.md", &Export::Markdown.to_string(&book));
    common::assert_golden("grade/class.csv", &Export::Csv.to_string(&book));
    common::assert_golden("grade/class.json", &Export::Json.to_string(&book));
    let svg = plot::render(&book).unwrap();
    for shown in ["alice", "bob", "carol: no n accepted", "dave: no n accepted", "Students 1–4", "row (variant"] {
        assert!(svg.lines().any(|l| l.starts_with(shown)), "{shown} missing from the plot");
    }
}

#[test]
fn forty_five_students_are_drawn_in_panels_of_nine_each_shown_with_a_colour_of_its_own() {
    let mut book = fixed_book();
    let alice = book.marks[0].clone();
    book.marks = (1..=45)
        .map(|k| {
            let mut mark = alice.clone();
            mark.graded.student = format!("s{k:02}");
            mark
        })
        .collect();
    let svg = plot::render(&book).unwrap();
    for first in [1, 10, 19, 28, 37] {
        let title = format!("Students {first}–{}: time per run, net of start-up (log)", first + 8);
        assert!(svg.lines().any(|l| l == title), "{title}");
    }
    for k in 1..=45 {
        assert_eq!(svg.lines().filter(|l| *l == format!("s{k:02}")).count(), 1, "s{k:02} is in one legend");
    }
    // Nine students and the three variants' greys in a panel's legend: twelve colours, none twice.
    let legend_lines: Vec<&str> =
        svg.lines().filter(|l| l.starts_with("<polyline") && l.contains("stroke-width=\"3\"")).collect();
    let colours: std::collections::BTreeSet<&str> =
        legend_lines.iter().take(9).map(|l| l.split("stroke=\"").nth(1).unwrap().split('"').next().unwrap()).collect();
    assert_eq!(colours.len(), 9, "{legend_lines:#?}");
}

#[test]
fn the_summary_counts_each_verdict_at_each_n_and_the_scores_in_bins_of_ten() {
    let book = fixed_book();
    let counts = &book.summary.counts;
    let per_n: Vec<(usize, Vec<(String, usize)>)> = counts.verdicts.iter().map(|t| (t.n, t.counts.clone())).collect();
    let c = |code: &str, k: usize| (code.to_string(), k);
    assert_eq!(
        per_n,
        [
            (4, vec![c("AC", 2), c("WA", 1), c("CE", 1)]),
            (6, vec![c("AC", 2), c("WA", 1), c("CE", 1)]),
            (8, vec![c("AC", 1), c("WA", 1), c("TLE", 1), c("CE", 1)]),
        ]
    );
    // alice 100, bob 66.7, carol and dave 0.
    let bins: Vec<(&str, usize)> = counts.scores.iter().map(|b| (b.label.as_str(), b.students)).collect();
    let empty = |label| (label, 0);
    assert_eq!(
        bins,
        [
            ("0–9", 2),
            empty("10–19"),
            empty("20–29"),
            empty("30–39"),
            empty("40–49"),
            empty("50–59"),
            ("60–69", 1),
            empty("70–79"),
            empty("80–89"),
            empty("90–99"),
            ("100", 1)
        ]
    );
}

#[test]
fn ratios_and_the_summary_are_computed_from_the_records() {
    let book = fixed_book();
    let alice = &book.marks[0];
    // The time compared is the median of the repeated runs less the start-up, not the judged
    // run's 3.1 ms.
    let search = 0.0024 - 0.0019;
    assert_eq!((alice.largest, alice.seconds), (Some(8), Some(search)));
    let ratios: Vec<Option<f64>> = alice.against.iter().map(|a| a.ratio).collect();
    assert_eq!(ratios, [Some(search / 470e-6), Some(search / 18.7e-6), Some(search / 6.6e-6)]);
    assert_eq!(book.marks[1].largest, Some(6));
    // bob was accepted up to n = 6 only, where a run is its start-up: no ratio.
    assert!(book.marks[1].against.iter().all(|a| a.ratio.is_none()));
    assert_eq!(book.marks[3].largest, None);
    assert_eq!((book.summary.accepted, book.summary.graded), (1, 4));
    let failure = book.summary.failure.as_ref().unwrap();
    assert_eq!((failure.verdict.as_str(), failure.n), ("TLE Time Limit Exceeded", Some(8)));
}

/// A correct AcWing 843 submission in Java, its class `Main` as the judges name it.
const MAIN_JAVA: &str = r#"import java.util.*;
public class Main {
    static int n; static int[] c; static StringBuilder out = new StringBuilder();
    static void go(int r) {
        if (r == n) {
            for (int i = 0; i < n; i++) { for (int j = 0; j < n; j++) out.append(c[i] == j ? 'Q' : '.'); out.append('\n'); }
            out.append('\n');
            return;
        }
        for (int j = 0; j < n; j++) {
            boolean ok = true;
            for (int i = 0; i < r; i++) if (c[i] == j || Math.abs(c[i] - j) == r - i) ok = false;
            if (ok) { c[r] = j; go(r + 1); }
        }
    }
    public static void main(String[] a) { n = new Scanner(System.in).nextInt(); c = new int[n]; go(0); System.out.print(out); }
}
"#;

/// The main class of a Java program in two files: the search is `Board`'s, in Board.java.
const MULTI_MAIN: &str = "import java.util.*;
public class Main {
    public static void main(String[] a) { System.out.print(Board.solve(new Scanner(System.in).nextInt())); }
}
";

/// The name of a file that writes the clipboard (OSC 52), clears the screen and turns the text
/// around (U+202E), and what the report shows of it.
const ESCAPES: (&str, &str) = ("\x1b]52;c;aGk=\x07\x1b[2J\u{202e}x", "\\e]52;c;aGk=\\x07\\e[2J\\u{202e}x");

/// Whether `text` holds a byte a terminal or a page would act on: a control character other
/// than a newline, or a bidi control.
fn raw_controls(text: &str) -> Vec<char> {
    text.chars()
        .filter(|&c| (c.is_control() && c != '\n') || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'))
        .collect()
}

#[test]
fn every_entry_of_a_hostile_class_gets_a_row_and_nothing_reaches_the_screen_raw() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let class = root.join("class");
    let outside = root.join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::create_dir(root.join("tmp")).unwrap();
    let python = OTHERS[0].1;
    let write = |path: &str, text: &str| {
        let path = class.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("2023011070_zhao.java", MAIN_JAVA);
    write("Queens.java", &MAIN_JAVA.replace("class Main", "class Queens"));
    write("LIU.C", &queens_c());
    // A Java program in two files, Main.java and Board.java: compiled together.
    write("multi/Main.java", MULTI_MAIN);
    write("multi/Board.java", &MAIN_JAVA.replace("public class Main", "class Board").replace("public static void main(String[] a) { n = new Scanner(System.in).nextInt(); c = new int[n]; go(0); System.out.print(out); }", "static String solve(int size) { n = size; c = new int[n]; go(0); return out.toString(); }"));
    write("qin.CPP", QUEENS_CPP);
    write("two/a.py", python);
    write("two/b.py", python);
    write("wei.zip", "PK\x03\x04");
    write("a.c", &queens_c());
    write("a.py", python);
    write("-v.c", &queens_c());
    write(&format!("{}.py", ESCAPES.0), python);
    write("=cmd.py", python);
    write("<img src=x onerror=alert(1)>.py", python);
    // The instructor's reference solution and a private file, outside the class.
    std::fs::write(outside.join("reference.c"), queens_c()).unwrap();
    std::fs::write(outside.join("secret.py"), "SECRET-LINE\n").unwrap();
    std::os::unix::fs::symlink(&outside, class.join("link_dir")).unwrap();
    std::os::unix::fs::symlink(outside.join("secret.py"), class.join("shadow.py")).unwrap();
    // 1 GiB that takes no room on disk.
    std::fs::File::create(class.join("huge.c")).unwrap().set_len(1 << 30).unwrap();
    assert!(Command::new("mkfifo").arg(class.join("pipe.c")).status().unwrap().success());

    let rules = ["-f", "acwing", "--n", "4,6", "--time-limit", "3", "--memory-limit", "256"];
    let exports = ["--export-markdown", "g.md", "--export-csv", "g.csv", "--export-json", "g.json"];
    let out = grade_by(root, &rules, &exports).watched_output();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_nothing_survives("hostile class");
    let report = text(&out.stdout);
    let ac = "AC Accepted: 2/2 tests passed";
    let expected: Vec<(&str, String)> = vec![
        ("-v", ac.into()),
        ("2023011070_zhao", ac.into()),
        ("<img src=x onerror=alert(1)>", ac.into()),
        ("=cmd", ac.into()),
        ("LIU", ac.into()),
        ("Queens", "CE Compile Error".into()),
        ("a.c", "not graded: two submissions for a (a.c, a.py)".into()),
        ("a.py", "not graded: two submissions for a (a.c, a.py)".into()),
        ("huge.c", "not graded: too large (1.00 GiB, over the cap of 1.00 MiB: --max-source)".into()),
        ("link_dir", "not graded: a symbolic link, not followed".into()),
        ("multi", ac.into()),
        ("pipe.c", "not graded: a special file (neither a file nor a folder)".into()),
        ("qin", ac.into()),
        ("shadow.py", "not graded: a symbolic link, not followed".into()),
        ("two/", "not graded: several Python files, none of them main.py or with an if __name__ guard: keep one, or name the one to run main.py".into()),
        ("wei.zip", "not graded: an archive: unpack it first, labs does not open archives".into()),
        (ESCAPES.1, ac.into()),
    ];
    let rows: Vec<(String, String)> = report
        .lines()
        .filter(|l| l.starts_with('│') && !l.starts_with("│ student"))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('│').split('┆').map(str::trim).collect();
            (cells[0].to_string(), cells[2].to_string())
        })
        .collect();
    let mut wanted: Vec<(String, String)> = expected.iter().map(|(n, s)| (n.to_string(), s.clone())).collect();
    wanted.sort();
    assert_eq!(rows, wanted, "{report}");
    // The Java folder is compared as its files: its Board.java is zhao's program.
    // (Queens is zhao's program with its class renamed, which no judge compiles.)
    assert!(report.contains("\n  group 2, 3 alike: 2023011070_zhao, Queens, multi (similarity "), "{report}");
    let read = |name: &str| std::fs::read_to_string(root.join(name)).unwrap();
    let csv = read("g.csv");
    assert_eq!(csv.lines().count(), 1 + expected.len(), "{csv}");
    assert!(csv.lines().any(|l| l.starts_with(",'=cmd,'=cmd,AC,AC,100,")), "{csv}");
    assert!(csv.lines().any(|l| l.starts_with(",'-v,'-v,AC,AC,100,")), "{csv}");
    assert!(csv.lines().any(|l| l.starts_with("2023011070,zhao,2023011070_zhao,AC,AC,100,")), "{csv}");
    assert!(csv.lines().any(|l| l.starts_with(",wei,wei.zip,,,,\"not graded: an archive")), "{csv}");
    let markdown = read("g.md");
    assert!(markdown.contains("| &lt;img src=x onerror=alert(1)&gt; | `"), "{markdown}");
    assert!(!markdown.contains("<img"), "{markdown}");
    let journal = read("grade.jsonl");
    // The rules, then the nine students graded.
    assert_eq!(graded_in(&journal), 9, "{journal}");
    let json = read("g.json");
    for (what, text) in [
        ("stdout", &report),
        ("stderr", &text(&out.stderr)),
        ("csv", &csv),
        ("md", &markdown),
        ("journal", &journal),
        ("json", &json),
    ] {
        assert_eq!(raw_controls(text), Vec::<char>::new(), "{what}: {text}");
        assert!(!text.contains("SECRET"), "{what} holds the secret: {text}");
    }
    // Nothing was copied or left in labs' temporary directory (the sparse gigabyte above all).
    assert_eq!(files(&root.join("tmp")), Vec::<String>::new());
}

#[test]
fn a_compiler_killed_by_a_signal_is_the_machines_failure_tried_again_and_a_repeat_is_not_graded() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    for name in ["flaky", "doomed", "fine"] {
        std::fs::create_dir_all(root.join("class")).unwrap();
        std::fs::write(root.join(format!("class/{name}.c")), queens_c()).unwrap();
    }
    std::fs::create_dir_all(root.join("bin")).unwrap();
    std::fs::create_dir(root.join("tmp")).unwrap();
    // A gcc that the machine kills: once for flaky, every time for doomed. It prints what a
    // student could write (#error "vfork: …"), which must not decide anything. It runs as the
    // builds do, as nobody when the test is root: its directory and its mark's are open to it.
    use std::os::unix::fs::PermissionsExt;
    let mode = |path: &Path, mode: u32| std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    mode(root, 0o755);
    std::fs::create_dir(root.join("marks")).unwrap();
    mode(&root.join("marks"), 0o777);
    let mark = root.join("marks/flaky-killed-once");
    // It cannot SIGKILL itself (the seccomp filter refuses a build that): it leaves its pid for
    // this test, which kills it from outside, as the machine would.
    let pids = root.join("marks/kill");
    let gcc = format!(
        "#!/bin/sh\necho 'vfork: Resource temporarily unavailable' >&2\nfor a in \"$@\"; do case \"$a\" in\n  *flaky*) [ -e '{m}' ] || {{ : > '{m}'; echo $$ > '{k}'.$$; sleep 30; }} ;;\n  *doomed*) echo $$ > '{k}'.$$; sleep 30 ;;\nesac; done\nexec /usr/bin/gcc \"$@\"\n",
        m = mark.display(),
        k = pids.display()
    );
    let fake = root.join("bin/gcc");
    std::fs::write(&fake, gcc).unwrap();
    mode(&fake, 0o755);
    let path = format!("{}:{}", root.join("bin").display(), std::env::var("PATH").unwrap());
    let rules = ["-f", "acwing", "--n", "4", "--sandbox", "off"];
    let done = std::sync::atomic::AtomicBool::new(false);
    let out = std::thread::scope(|scope| {
        scope.spawn(|| {
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                for entry in std::fs::read_dir(root.join("marks")).unwrap().flatten() {
                    let name = entry.file_name().to_string_lossy().into_owned();
                    let Some(pid) = name.strip_prefix("kill.").and_then(|p| p.parse::<i32>().ok()) else { continue };
                    if std::fs::remove_file(entry.path()).is_ok() {
                        let pid = rustix::process::Pid::from_raw(pid).unwrap();
                        let _ = rustix::process::kill_process(pid, rustix::process::Signal::KILL);
                    }
                }
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        });
        let out = grade_by(root, &rules, &[]).env("PATH", path).watched_output();
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        out
    });
    // A machine's failure is never a student's verdict: the run says so, and fails.
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let last = text(&out.stderr).lines().last().unwrap_or_default().to_string();
    assert_eq!(
        last,
        "labs: 1 of 3 students not graded for a failure of the machine's (first, doomed: gcc was killed by signal 9, \
         twice: the machine's failure, not the student's); their rows say why, and --resume judges them again"
    );
    assert_nothing_survives("machine failure");
    let report = text(&out.stdout);
    let score = |name: &str| {
        let row = report.lines().find(|l| l.starts_with(&format!("│ {name} "))).unwrap_or_else(|| panic!("{report}"));
        row.split('┆').nth(2).unwrap().trim().to_string()
    };
    assert_eq!(score("fine"), "AC Accepted: 1/1 tests passed", "{report}");
    assert_eq!(score("flaky"), "AC Accepted: 1/1 tests passed", "{report}");
    assert!(score("doomed").starts_with("not graded: gcc was killed by signal 9, twice"), "{report}");
    // Not in the journal as graded, so --resume judges it again.
    let journal = std::fs::read_to_string(root.join("grade.jsonl")).unwrap();
    assert!(!journal.lines().any(|l| l.starts_with("{\"student\":\"doomed\"")), "{journal}");
    assert!(journal.lines().any(|l| l.starts_with("{\"unjudged\":\"doomed\",\"hash\":")), "{journal}");
    assert!(mark.exists());
}

/// A student the machine cannot judge at all (its language's compiler is not installed) is the
/// machine's failure too: not graded, the rest graded, and the run exits 1 with the summary line.
#[test]
fn a_student_whose_compiler_is_missing_is_not_graded_and_the_run_says_so_and_fails() {
    let dir = a_class_of(&[("alice.c", queens_c()), ("ferris.rs", "fn main() {}\n".to_string())]);
    let path = "/usr/bin:/bin";
    let here = |tool: &str| std::env::split_paths(path).any(|d| d.join(tool).exists());
    if here("rustc") || !here("gcc") {
        eprintln!("missing compiler: SKIPPED, {path} must hold gcc and no rustc, and does not here");
        return;
    }
    let rules = ["-f", "acwing", "--n", "4", "--sandbox", "off"];
    let out = grade_by(dir.path(), &rules, &[]).env("PATH", path).watched_output();
    assert_nothing_survives("missing compiler");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let last = text(&out.stderr).lines().last().unwrap_or_default().to_string();
    let said = "labs: 1 of 2 students not graded for a failure of the machine's (first, ferris: the grader could not \
                judge it (judging class/ferris.rs needs rustc, which is not installed here";
    assert!(last.starts_with(said), "{last}");
    assert!(last.ends_with("; their rows say why, and --resume judges them again"), "{last}");
    let report = text(&out.stdout);
    assert!(report.lines().any(|l| l.starts_with("│ alice ") && l.contains("AC Accepted")), "{report}");
    assert!(
        report.lines().any(|l| l.starts_with("│ ferris ") && l.contains("not graded: the grader could not")),
        "{report}"
    );
}

/// A machine out of processes: the grader as a user whose process limit (`RLIMIT_NPROC`, which
/// counts threads too) leaves it no worker thread says so in one line, and one that leaves it no
/// compiler is the machine's failure, tried twice: never a panic, never a student's verdict. The
/// user is one no other test runs as, so that the count is the grader's alone.
#[test]
fn a_grader_out_of_processes_says_so_in_one_line_and_never_blames_a_student() {
    let tag = "out of processes";
    if !rustix::process::geteuid().is_root() {
        eprintln!("{tag}: SKIPPED, the test does not run as root (it runs labs as a user of its own)");
        return;
    }
    let dir = a_class_of(&[("alice.c", queens_c())]);
    use std::os::unix::fs::PermissionsExt;
    for sub in ["", "class", "tmp"] {
        std::fs::set_permissions(dir.path().join(sub), std::fs::Permissions::from_mode(0o777)).unwrap();
    }
    std::fs::set_permissions(dir.path().join("class/alice.c"), std::fs::Permissions::from_mode(0o644)).unwrap();
    let grade_within = |processes: u32| {
        let out = judging::labs_within_processes(60990, processes)
            .args(["grade", "-f", "acwing", "--n", "4", "--sandbox", "off", "--journal"])
            .arg(format!("grade-{processes}.jsonl"))
            .arg("class")
            .current_dir(dir.path())
            .env("HOME", dir.path())
            .env("TMPDIR", dir.path().join("tmp"))
            .env("NO_COLOR", "1")
            .env("LC_ALL", "C")
            .watched_output();
        assert_nothing_survives(tag);
        (out.status.code(), text(&out.stderr).lines().last().unwrap_or_default().to_string())
    };
    // Room for labs alone: no worker thread.
    let refused = "resource temporarily unavailable";
    assert_eq!(grade_within(1), (Some(1), format!("labs: cannot start the worker threads: {refused}")));
    // Room for its worker, not for gcc.
    let (code, last) = grade_within(2);
    assert_eq!(code, Some(1), "{last}");
    assert_eq!(
        last,
        format!(
            "labs: 1 of 1 students not graded for a failure of the machine's (first, alice: cannot run gcc: {refused}, \
             twice: the machine's failure, not the student's); their rows say why, and --resume judges them again"
        )
    );
}

#[test]
fn resume_judges_again_a_changed_source_and_a_named_student_and_refuses_other_rules() {
    let bob = queens_c().replace("int main() {", "int main() { return 0;");
    let dir = a_class_of(&[("alice.c", queens_c()), ("bob.c", bob)]);
    let root = dir.path();
    let rules = ["-f", "acwing", "--n", "4", "--time-limit", "3"];
    let run = |args: &[&str]| {
        let out = grade_by(root, &rules, args).watched_output();
        assert_nothing_survives("rejudge");
        out
    };
    let score = |out: &Output, name: &str| {
        let report = text(&out.stdout);
        let row = report.lines().find(|l| l.starts_with(&format!("│ {name} "))).unwrap_or_else(|| panic!("{report}"));
        row.split('┆').nth(2).unwrap().trim().to_string()
    };
    let first = run(&[]);
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    assert_eq!(score(&first, "bob"), "WA Wrong Answer: 0/1 tests passed");
    let journal = std::fs::read_to_string(root.join("grade.jsonl")).unwrap();
    let header: serde_json::Value = serde_json::from_str(journal.lines().next().unwrap()).unwrap();
    assert_eq!((header["version"].as_u64(), header["max_processes"].as_u64()), (Some(6), Some(128)), "{header}");
    let build = (header["build_memory_limit"].as_u64(), header["build_file_limit"].as_u64());
    assert_eq!(build, (Some(1024 << 20), Some(64 << 20)), "{header}");
    assert!(header["sandbox"].is_boolean(), "{header}");
    let alice = journal.lines().find(|l| l.starts_with("{\"student\":\"alice\"")).unwrap();
    let alice: serde_json::Value = serde_json::from_str(alice).unwrap();
    assert_eq!(alice["sha256"].as_str().unwrap().len(), 64, "{alice}");

    // bob fixes his program: --resume judges him again, and says why.
    std::fs::write(root.join("class/bob.c"), queens_c()).unwrap();
    let resumed = run(&["--resume"]);
    assert_eq!(resumed.status.code(), Some(0), "{}", text(&resumed.stderr));
    assert!(text(&resumed.stderr).contains("labs grade: bob: the source changed since it was graded; judged again\n"));
    assert!(!text(&resumed.stderr).contains("alice"), "{}", text(&resumed.stderr));
    assert_eq!(score(&resumed, "bob"), "AC Accepted: 1/1 tests passed");

    // --rejudge names a student; an unknown name is refused.
    let again = run(&["--rejudge", "alice"]);
    assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
    assert_eq!(
        text(&again.stderr).lines().filter(|l| l.starts_with("labs grade:")).collect::<Vec<_>>(),
        ["labs grade: alice: judged again (--rejudge)"]
    );
    assert_eq!((score(&again, "alice"), score(&again, "bob")), (score(&resumed, "alice"), score(&resumed, "bob")));
    let unknown = run(&["--rejudge", "carol"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert_eq!(text(&unknown.stderr), "labs: --rejudge carol: no such student in the class (alice, bob)\n");

    // Other rules, the sandbox among them, are refused.
    let others =
        [["--time-limit", "2"], ["--sandbox", "off"], ["--build-memory-limit", "512"], ["--build-file-limit", "32"]];
    for other in others {
        let out = grade_by(root, &["-f", "acwing", "--n", "4"], &[&["--resume"][..], &other].concat()).watched_output();
        if other[1] == "off" && header["sandbox"] == false {
            continue;
        }
        assert_eq!(out.status.code(), Some(2), "{other:?}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains("was written under other rules"), "{}", text(&out.stderr));
    }
}

#[test]
fn a_journal_that_is_no_regular_file_is_refused_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("class")).unwrap();
    std::fs::write(dir.path().join("class/alice.c"), queens_c()).unwrap();
    for journal in ["/dev/zero", "/dev/full"] {
        let out = grade(dir.path(), &["--journal", journal, "--resume"]).watched_output();
        assert_eq!(out.status.code(), Some(2));
        assert_eq!(
            text(&out.stderr),
            format!("labs: --journal '{journal}': not a regular file; name a file for the journal\n")
        );
    }
}

#[test]
fn a_full_disk_under_the_journal_stops_the_grader_in_one_line_and_loses_nothing_recorded() {
    // A file system of two pages, one of them taken: the journal has 4 KiB, which a dozen
    // students' lines overflow. A mount namespace of its own makes it without privileges and
    // takes it away with the grader.
    if !Command::new("unshare").args(["-rm", "true"]).status().is_ok_and(|s| s.success()) {
        eprintln!("a full disk: SKIPPED, no unshare -rm here (user and mount namespaces) to make a small file system");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir_all(root.join("class")).unwrap();
    std::fs::create_dir_all(root.join("full")).unwrap();
    std::fs::create_dir(root.join("tmp")).unwrap();
    // Python, which needs no build: each student is judged in a moment, and prints nothing.
    for k in 0..12 {
        std::fs::write(root.join(format!("class/s{k:02}.py")), "pass\n").unwrap();
    }
    let script = format!(
        "mount -t tmpfs -o size=8k tmpfs full && head -c 4096 /dev/zero > full/filler || exit 99\n\
         {LABS} grade -f acwing --n 4 --sandbox off --journal full/grade.jsonl class; code=$?\n\
         cp full/grade.jsonl kept.jsonl; exit $code\n"
    );
    let out = Command::new("unshare")
        .args(["-rm", "sh", "-c", &script])
        .current_dir(root)
        .env("TMPDIR", root.join("tmp"))
        .env("NO_COLOR", "1")
        .env("LC_ALL", "C")
        .watched_output();
    assert_nothing_survives("full disk");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(text(&out.stderr), "labs: --journal: cannot write 'full/grade.jsonl': no space left on the disk\n");
    let kept = std::fs::read_to_string(root.join("kept.jsonl")).unwrap();
    let whole: Vec<&str> = kept.split_inclusive('\n').filter(|l| l.ends_with('\n')).collect();
    assert!((2..12).contains(&graded_in(&whole.concat())), "{kept}");
    // What was recorded is kept: --resume, given room, goes on from it and grades the rest. As
    // the same user as the first part (root in a user namespace, whose runs keep its user, so
    // that a Python in the grader's home stays reachable without the sandbox).
    let resume =
        grade_by(root, &["-f", "acwing", "--n", "4", "--sandbox", "off"], &["--journal", "kept.jsonl", "--resume"]);
    let out = Command::new("unshare")
        .arg("-r")
        .arg(resume.get_program())
        .args(resume.get_args())
        .current_dir(root)
        .envs(resume.get_envs().filter_map(|(k, v)| Some((k, v?))))
        .watched_output();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let journal = std::fs::read_to_string(root.join("kept.jsonl")).unwrap();
    assert!(journal.starts_with(&whole.concat()), "{journal}");
    assert_eq!(graded_in(&journal), 12, "{journal}");
    assert_nothing_survives("full disk");
}

/// The gradebook of a small class, graded in Chinese: ids and names from the file names, scores
/// out of 100 under `--weights` and `--pe-score`, a student accepted only at n = 1, the CSV with
/// its BOM (a file under `--lang zh` or `--excel`, never stdout), a feedback file per student,
/// and the rules recorded in the exports.
#[test]
fn the_gradebook_has_ids_scores_a_bom_feedback_and_the_rules() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    std::fs::create_dir(root.join("tmp")).unwrap();
    let dave = class().into_iter().find(|(p, _)| p == "dave.py").unwrap().1;
    let students = [
        ("2023011001_张三.c", queens_c()),
        // Q for every n: right at n = 1 only.
        ("2023011002_lisi.py", "print('Q')\nprint()\n".to_string()),
        // The right boards with a space at every line end: PE everywhere.
        ("2023011003_wangwu.py", dave),
        ("2023011004_赵六.c", OTHERS.iter().find(|(p, _)| *p == "grace.c").unwrap().1.to_string()),
    ];
    for (file, source) in &students {
        std::fs::create_dir_all(root.join("class")).unwrap();
        std::fs::write(root.join("class").join(file), source).unwrap();
    }
    // The course's list: 李四 is lisi in the class; 钱七 handed in nothing.
    let roster = "\u{feff}学号,姓名,提交\n2023011001,张三,\n2023011002,李四,2023011002_lisi\n\
                  2023011003,王五,\n2023011004,赵六,\n2023011005,钱七,\n";
    std::fs::write(root.join("roster.csv"), roster).unwrap();
    let rules = ["-f", "acwing", "--n", "1,4,5,6", "--time-limit", "3", "--lang", "zh"];
    let outputs = ["--weights", "1,1,1,2", "--pe-score", "0.5", "--feedback", "fb", "--roster", "roster.csv"];
    let exports = ["--export-csv", "g.csv", "--export-json", "g.json", "--export-markdown", "g.md"];
    let out = grade_by(root, &rules, &[&outputs[..], &exports].concat()).watched_output();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_nothing_survives("gradebook");
    let read = |name: &str| std::fs::read_to_string(root.join(name)).unwrap();
    let csv = read("g.csv");
    // Headers in the gradebook's language (the JSON's keys stay English).
    assert!(csv.starts_with("\u{feff}学号,姓名,提交,n1,n4,n5,n6,得分,评测结果,通过的最大 n,用时（秒）,"), "{csv}");
    let rows: Vec<Vec<&str>> = csv.lines().skip(1).map(|l| l.split(',').take(8).collect()).collect();
    let expected = [
        ["2023011001", "张三", "2023011001_张三", "AC", "AC", "AC", "AC", "100"],
        ["2023011002", "李四", "2023011002_lisi", "AC", "WA", "WA", "WA", "20"],
        ["2023011003", "王五", "2023011003_wangwu", "PE", "PE", "PE", "PE", "50"],
        ["2023011004", "赵六", "2023011004_赵六", "CE", "CE", "CE", "CE", "0"],
        ["2023011005", "钱七", "", "", "", "", "", "0"],
    ];
    assert_eq!(rows, expected, "{csv}");
    assert!(csv.lines().last().unwrap().starts_with("2023011005,钱七,,,,,,0,未提交,"), "{csv}");
    assert!(text(&out.stdout).contains("│ 2023011005_钱七 "), "{}", text(&out.stdout));
    // Each student's feedback, in Chinese: what labs judge would have said.
    let lisi = read("fb/2023011002_lisi.md");
    assert!(lisi.starts_with("# 2023011002_lisi\n\n学号：2023011002；姓名：李四\n\n得分：20 / 100（AcWing：WA 答案错误：通过了 1/4 个数据）"), "{lisi}");
    assert!(lisi.contains("| 1 | AC 答案正确 |") && lisi.contains("| 4 | WA 答案错误 |"), "{lisi}");
    // Its boards are 1×1 whatever n is: the size note stands alone, with no list of wrong boards.
    let first = "## 第一个未通过的测试点：n = 4，WA 答案错误\n\n- 注意：你的棋盘是 1×1 的，应当是 4×4：它从标准输入读入 n 了吗？\n";
    assert!(lisi.contains(first), "{lisi}");
    // A Presentation Error's feedback shows where, with the diff labs judge prints, in a block.
    let wangwu = read("fb/2023011003_wangwu.md");
    assert!(wangwu.contains("```text\nn = 1，从第 1 行起，标准答案（-）与你的输出（+）对比：\n-Q\n+Q·\n"), "{wangwu}");
    assert!(wangwu.contains("（· 表示行末的一个空格）\n```\n"), "{wangwu}");
    let zhaoliu = read("fb/2023011004_赵六.md");
    assert!(zhaoliu.contains("## 编译器最先报告的内容\n\n```text\n./2023011004_赵六.c:2:"), "{zhaoliu}");
    assert!(read("fb/2023011001_张三.md").ends_with("全部测试点通过。\n"));
    assert_eq!(files(&root.join("fb")).len(), 4);
    // The rules the class was graded by, in the JSON and atop the Markdown.
    let json: serde_json::Value = serde_json::from_str(&read("g.json")).unwrap();
    assert_eq!(json["rules"]["time_limit"], 3.0, "{json}");
    assert_eq!(json["rules"]["memory_limit"], 64 << 20, "{json}");
    assert_eq!(json["rules"]["any_order"], true, "{json}");
    assert_eq!(json["scoring"]["weights"], serde_json::json!([1.0, 1.0, 1.0, 2.0]), "{json}");
    assert_eq!(json["labs_version"], env!("CARGO_PKG_VERSION"), "{json}");
    assert_eq!(json["marks"][1]["id"], "2023011002");
    assert_eq!(json["marks"][1]["score_100"], 20.0);
    assert!(json["date"].as_str().unwrap().ends_with('Z'), "{json}");
    let markdown = read("g.md");
    // The header and the table's headers in the report's language.
    assert!(markdown.starts_with("评测于 20"), "{markdown}");
    assert!(markdown.contains("\n输出比较方式：按评测网站自己的规则；沙箱："), "{markdown}");
    assert!(
        markdown.contains("\n| 学生 | `n = 1   4   5   6` | 评测结果 | /100 | n | 用时 | 内存 | ×naive |"),
        "{markdown}"
    );
    assert!(
        markdown.contains(
            "限制：每次运行 3 s（由 --time-limit 指定），每个进程 64 MiB，栈也计入其中，棋盘顺序任意；其余按 AcWing 的设定"
        ),
        "{markdown}"
    );
    // On stdout, no BOM: it would be the first bytes of a pipe.
    let out = grade_by(root, &rules, &["--resume", "--export-csv", "-"]).watched_output();
    assert!(text(&out.stdout).starts_with("学号,姓名,提交,"), "{}", text(&out.stdout));
    // In English, a BOM only with --excel.
    for (excel, bom) in [(false, ""), (true, "\u{feff}")] {
        let mut command = grade_by(root, &["-f", "acwing", "--n", "1", "--journal", &format!("{excel}.jsonl")], &[]);
        command.args(["--export-csv", "e.csv"]).args(excel.then_some("--excel"));
        let out = command.watched_output();
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(read("e.csv").starts_with(&format!("{bom}id,name,")), "{excel}: {}", read("e.csv"));
    }
    assert_nothing_survives("gradebook");
}

/// The test class of tests/class/ (README there): (student, language, source).
const CLASS: [(&str, Language, &str); 14] = [
    ("Iter", Language::Java, include_str!("class/Iter.java")),
    ("Main", Language::Java, include_str!("class/Main.java")),
    ("bits", Language::C, include_str!("class/bits.c")),
    ("cells", Language::C, include_str!("class/cells.c")),
    ("luoshiwu", Language::Cpp, include_str!("class/luoshiwu.cpp")),
    ("perms", Language::Python, include_str!("class/perms.py")),
    ("recurse", Language::Python, include_str!("class/recurse.py")),
    ("rows", Language::C, include_str!("class/rows.c")),
    ("stack", Language::Cpp, include_str!("class/stack.cpp")),
    ("textbook", Language::C, include_str!("class/textbook.c")),
    ("walk", Language::Python, include_str!("class/walk.py")),
    ("wangwu", Language::Cpp, include_str!("class/wangwu.cpp")),
    ("zhangsan", Language::Cpp, include_str!("class/zhangsan.cpp")),
    ("zhaoliu", Language::Cpp, include_str!("class/zhaoliu.cpp")),
];

/// The copies among [`CLASS`]: luoshiwu renamed zhangsan's names and redid its layout, wangwu
/// reordered its functions and added some of its own, zhaoliu reordered them and turned every
/// `for` into a `while`.
const COPIED: [(&str, &str); 6] = [
    ("luoshiwu", "zhangsan"),
    ("luoshiwu", "wangwu"),
    ("wangwu", "zhangsan"),
    ("luoshiwu", "zhaoliu"),
    ("wangwu", "zhaoliu"),
    ("zhangsan", "zhaoliu"),
];

fn sources() -> Vec<copies::Source> {
    CLASS
        .iter()
        .map(|(name, language, text)| copies::Source {
            name: name.to_string(),
            language: *language,
            text: text.to_string(),
            wrong_outputs: Vec::new(),
            format: None,
        })
        .collect()
}

#[test]
fn a_for_loop_and_the_while_loop_it_is_are_the_same_tokens() {
    let tokens = |text| copies::tokens(text, Language::C);
    let for_loop = "for (int c = 0; c < n; c++) { if (ok(c)) put(c); }";
    let while_loop = "int c = 0; while (c < n) { if (ok(c)) put(c); c++; }";
    assert_eq!(tokens(for_loop), tokens(while_loop));
    assert_eq!(tokens("for (;;) x++;"), tokens("while (true) { x++; }"));
    assert_eq!(
        tokens("for (i = 0; i < n; i++) for (j = 0; j < n; j++) s += a[i][j];"),
        tokens("i = 0; while (i < n) { j = 0; while (j < n) { s += a[i][j]; j++; } i++; }")
    );
    // A loop over a range is left as it is.
    assert_eq!(tokens("for (int x : v) s += x;").len(), 11);
}

#[test]
fn the_copies_score_over_the_threshold_and_every_honest_pair_under_it() {
    let every = copies::pairs(&sources(), None, 0.0);
    let score = |a: &str, b: &str| every.iter().find(|p| p.a == a && p.b == b).map_or(0.0, |p| p.score);
    let scores: Vec<String> = every.iter().map(|p| format!("{} {} {:.2}", p.a, p.b, p.score)).collect();
    for (a, b) in COPIED {
        assert!(score(a, b) >= copies::THRESHOLD, "{a} and {b}: {scores:#?}");
    }
    let honest = every.iter().filter(|p| !COPIED.contains(&(p.a.as_str(), p.b.as_str())));
    for p in honest {
        assert!(p.score < copies::THRESHOLD, "{} and {} are honest: {scores:#?}", p.a, p.b);
    }
    // The six copied pairs link four students: one group, listed in place of its pairs.
    let flagged = copies::check(&sources(), None, copies::THRESHOLD);
    let groups: Vec<(String, usize)> = flagged.groups.iter().map(|g| (g.students.join(" "), g.pairs.len())).collect();
    assert_eq!(groups, [("luoshiwu wangwu zhangsan zhaoliu".to_string(), 6)]);
    assert!(flagged.pairs.is_empty(), "{:?}", flagged.pairs);
    // The group lists its pairs, each with its score, the most similar first.
    let lines = copies::notes(&flagged, nqueens_labs::lang::Lang::En);
    let expected = [
        "  group 1, 4 alike: luoshiwu, wangwu, zhangsan, zhaoliu (similarity 0.65–1.00 in the 6 pairs flagged among them)",
        "    luoshiwu and zhangsan: 1.00",
        "    luoshiwu and zhaoliu: 0.81",
        "    zhangsan and zhaoliu: 0.81",
        "    luoshiwu and wangwu: 0.72",
        "    wangwu and zhangsan: 0.72",
        "    wangwu and zhaoliu: 0.65",
    ];
    assert_eq!(lines[1..], expected);
    let json = serde_json::to_value(&flagged).unwrap();
    assert_eq!(
        json["groups"][0]["pairs"][1],
        serde_json::json!({"a": "luoshiwu", "b": "zhaoliu", "score": flagged.groups[0].pairs[1].score, "same_output": []})
    );
    eprintln!("{scores:#?}");
}

/// A skeleton an instructor hands out: the part of [`CLASS`]'s copies it holds is no one's.
const SKELETON: &str = "#include <cstdio>\nint main()\n{\n    scanf(\"%d\", &n);\n    solve(0);\n    return 0;\n}\n";

#[test]
fn a_renamed_copy_and_the_same_wrong_output_are_flagged_in_the_report_and_every_export() {
    let dir = tempfile::tempdir().unwrap();
    let class = dir.path().join("class");
    std::fs::create_dir_all(&class).unwrap();
    for (name, file) in
        [("zhangsan", "zhangsan.cpp"), ("luoshiwu", "luoshiwu.cpp"), ("rows", "rows.c"), ("bits", "bits.c")]
    {
        let text = CLASS.iter().find(|c| c.0 == name).unwrap().2;
        std::fs::write(class.join(file), text).unwrap();
    }
    // Two students who print the same wrong words, in programs too small to compare.
    std::fs::write(class.join("wu.py"), "print('no idea')\n").unwrap();
    std::fs::write(class.join("zheng.c"), "#include <stdio.h>\nint main(void) { puts(\"no idea\"); }\n").unwrap();
    std::fs::write(dir.path().join("skeleton.cpp"), SKELETON).unwrap();
    std::fs::create_dir(dir.path().join("tmp")).unwrap();
    let rules = ["-f", "acwing", "--n", "4,6"];
    let exports =
        ["--base", "skeleton.cpp", "--export-csv", "g.csv", "--export-json", "g.json", "--export-markdown", "g.md"];
    let out = grade_by(dir.path(), &rules, &exports).watched_output();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    let read = |name: &str| std::fs::read_to_string(dir.path().join(name)).unwrap();
    let flagged = "Copies? Read these pairs side by side (similarity of the sources from 0 to 1, flagged from 0.50: \
                   winnowed token fingerprints, the shapes every N-Queens solution shares taken away, and the code of \
                   skeleton.cpp); no score is changed:";
    let pairs = ["  luoshiwu and zhangsan: 1.00", "  wu and zheng: 0.00, the same wrong output at n = 4, 6"];
    let lines: Vec<&str> = report.lines().collect();
    let at = lines.iter().position(|l| *l == flagged).unwrap_or_else(|| panic!("{report}"));
    assert_eq!(lines[at + 1..at + 3], pairs, "{report}");
    assert!(!report.contains("bits and") && !report.contains("and rows"), "{report}");
    let csv = read("g.csv");
    assert!(csv.lines().next().unwrap().ends_with(",sandboxed,similar_to"), "{csv}");
    let similar: Vec<(&str, &str)> =
        csv.lines().skip(1).map(|l| (l.split(',').nth(2).unwrap(), l.rsplit(',').next().unwrap())).collect();
    assert_eq!(
        similar,
        [
            ("bits", ""),
            ("luoshiwu", "zhangsan 1.00"),
            ("rows", ""),
            ("wu", "zheng 0.00"),
            ("zhangsan", "luoshiwu 1.00"),
            ("zheng", "wu 0.00")
        ]
    );
    let json: serde_json::Value = serde_json::from_str(&read("g.json")).unwrap();
    assert_eq!(json["copies"]["threshold"], copies::THRESHOLD);
    assert_eq!(json["copies"]["base"], "skeleton.cpp");
    assert_eq!(json["copies"]["pairs"][0]["a"], "luoshiwu");
    assert_eq!(json["copies"]["pairs"][1]["same_output"], serde_json::json!([4, 6]));
    assert!(read("g.md").contains("luoshiwu and zhangsan: 1.00"), "{}", read("g.md"));
}

/// A student whose program stops the grader (SIGTERM, SIGHUP), which out of the sandbox it may
/// when both are the same user: the grader stops, `--resume` judges that student first and alone,
/// and after a second stop it is not run a third time: its row says why, and the class goes on.
/// SIGKILL no run may send (the seccomp filter): the grader goes on, and the student's program
/// waits out its time limit. The grader runs as nobody when the test is root (as root, runs are
/// nobody's and cannot signal it).
#[test]
fn a_student_who_stops_the_grader_twice_is_recorded_and_the_class_goes_on() {
    if judging::skip_without_linux_backend("grade-killer", "the portable backend gives runs no guard of their own") {
        return;
    }
    for signal in ["SIGKILL", "SIGTERM", "SIGHUP"] {
        let tag = format!("grade-killer-{signal}");
        let dir = open_to_a_user();
        let root = dir.path();
        for name in ["alice", "carol", "dave"] {
            std::fs::write(root.join(format!("class/{name}.c")), queens_c()).unwrap();
        }
        let killer = format!(
            "#include <signal.h>\n#include <unistd.h>\nint main(void) {{ kill(getppid(), {signal}); pause(); return 0; }}\n"
        );
        std::fs::write(root.join("class/bob.c"), killer).unwrap();
        let as_user = |args: &[&str]| {
            let graded = grade_by(root, &["-f", "acwing", "--n", "4,6", "--sandbox", "off", "--jobs", "2"], args);
            let mut command = judging::labs_as_a_user();
            command.args(graded.get_args()).current_dir(root);
            command.envs(graded.get_envs().filter_map(|(k, v)| Some((k, v?))));
            let out = command.watched_output();
            assert_nothing_survives(&tag);
            out
        };
        let stopped = |out: &Output| match signal {
            "SIGHUP" => out.status.code() == Some(129),
            _ => out.status.code() == Some(143),
        };
        let first = as_user(&[]);
        if signal == "SIGKILL" {
            // Refused: the grader goes on, and bob's program waits until its time limit ends it.
            let report = text(&first.stdout);
            assert_eq!(first.status.code(), Some(0), "{signal}: {}", text(&first.stderr));
            let bob = report.lines().find(|l| l.starts_with("│ bob ")).unwrap_or_else(|| panic!("{report}"));
            assert!(bob.contains("TLE Time Limit Exceeded"), "{signal}: {report}");
            continue;
        }
        assert!(stopped(&first), "{signal}: {:?} {}", first.status, text(&first.stderr));
        let second = as_user(&["--resume"]);
        assert!(stopped(&second), "{signal}: {:?} {}", second.status, text(&second.stderr));
        let why = "labs grade: bob: the grader stopped while its program ran; judged first, alone\n";
        assert!(text(&second.stderr).contains(why), "{signal}: {}", text(&second.stderr));
        let third = as_user(&["--resume"]);
        assert_eq!(third.status.code(), Some(0), "{signal}: {}", text(&third.stderr));
        let report = text(&third.stdout);
        let row = |name: &str| {
            let row =
                report.lines().find(|l| l.starts_with(&format!("│ {name} "))).unwrap_or_else(|| panic!("{report}"));
            row.split('┆').nth(2).unwrap().trim().to_string()
        };
        for name in ["alice", "carol", "dave"] {
            assert_eq!(row(name), "AC Accepted: 2/2 tests passed", "{signal}: {report}");
        }
        assert!(row("bob").starts_with("not graded: it stopped the grader twice"), "{signal}: {report}");
        assert!(text(&third.stderr).contains("labs grade: bob: the grader stopped twice"), "{}", text(&third.stderr));
        // --rejudge runs it once more, first and alone, and it stops the grader again.
        let again = as_user(&["--rejudge", "bob"]);
        assert!(stopped(&again), "{signal}: {:?} {}", again.status, text(&again.stderr));
        assert!(text(&again.stderr).contains(why), "{signal}: {}", text(&again.stderr));
    }
}

/// Whether `mode` (labs run as a user or as root, the sandbox on or off) cannot be tried here,
/// said on stderr.
fn skipped(mode: &str, as_user: bool, sandbox: bool) -> bool {
    if sandbox && let Err(why) = judging::sandbox_works() {
        crate::judging::skip(&format!("SKIPPED ({mode}): no sandbox here: {why}"));
        return true;
    }
    if !as_user && !rustix::process::geteuid().is_root() {
        eprintln!("SKIPPED ({mode}): the test does not run as root");
        return true;
    }
    false
}

/// `labs grade <rules> --sandbox on|off class` in `root`, run as a user ([`judging::labs_as_a_user`])
/// or as the test is.
pub(crate) fn grade_in_mode(root: &Path, rules: &[&str], as_user: bool, sandbox: bool) -> Command {
    let graded = grade_by(root, rules, &["--sandbox", if sandbox { "on" } else { "off" }]);
    let mut command = if as_user { judging::labs_as_a_user() } else { Command::new(LABS) };
    command.args(graded.get_args()).current_dir(root);
    command.envs(graded.get_envs().filter_map(|(k, v)| Some((k, v?))));
    command
}

/// A run that tries to SIGKILL every process under the grader's temporary directory but its own
/// (the other students' compilers and runs, as `kill(-1, SIGKILL)` would, but kept to this test's
/// processes) for 2.5 s, beside four honest students and one whose program tries to kill itself
/// with SIGKILL, then tries `RLIMIT_CPU`'s hard limit, and prints its answer when both fail. A
/// SIGKILL that labs did not send is the machine's failure to the grader, so no run may send one:
/// the seccomp filter refuses it in every mode, so the honest students and the one who tried to
/// pass for the machine are AC. A SIGKILL from outside the runs (here this test's, as root) is
/// still the machine's failure: not graded, the run fails, with a line that counts them.
#[test]
fn a_run_can_send_no_sigkill_and_one_from_outside_is_the_machines_failure_never_a_verdict() {
    if judging::skip_without_linux_backend("grade-kill-all", "the portable backend tells no signal's sender") {
        return;
    }
    let killer = r#"#define _GNU_SOURCE
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
int main(void) {
    char here[4096], top[4096], link[64], there[4096];
    if (!getcwd(here, sizeof here)) return 1;
    strcpy(top, here);
    *strrchr(top, '/') = 0;
    size_t len = strlen(top);
    struct timespec now, end;
    clock_gettime(CLOCK_MONOTONIC, &end);
    end.tv_sec += 2; end.tv_nsec += 500000000;
    for (;;) {
        clock_gettime(CLOCK_MONOTONIC, &now);
        if (now.tv_sec * 1000000000L + now.tv_nsec > end.tv_sec * 1000000000L + end.tv_nsec) return 0;
        DIR *proc = opendir("/proc");
        struct dirent *e;
        while (proc && (e = readdir(proc))) {
            int pid = atoi(e->d_name);
            if (pid <= 0 || pid == getpid()) continue;
            snprintf(link, sizeof link, "/proc/%d/cwd", pid);
            ssize_t k = readlink(link, there, sizeof there - 1);
            if (k <= 0) continue;
            there[k] = 0;
            if (strncmp(there, top, len) == 0 && there[len] == '/' && strcmp(there, here) != 0) kill(pid, SIGKILL);
        }
        if (proc) closedir(proc);
        usleep(2000);
    }
}
"#;
    // Tries raise(SIGKILL), kill(getpid(), SIGKILL) and a CPU limit of 0 s, whose hard limit the
    // kernel enforces with SIGKILL; answers only once all three failed.
    let suicide = queens_c().replace(
        "int main() {",
        "#include <signal.h>\n#include <sys/resource.h>\n#include <unistd.h>\nint main() {\n    raise(SIGKILL);\n    \
         kill(getpid(), SIGKILL);\n    struct rlimit none = {0, 0};\n    if (setrlimit(RLIMIT_CPU, &none) == 0) for (;;);",
    );
    let rules = ["-f", "acwing", "--n", "4", "--runs", "1", "--time-limit", "3", "--jobs", "2"];
    let root_off = ("root, sandbox off", false, false);
    let user_off = ("user, sandbox off", true, false);
    let root_on = ("root, sandbox on", false, true);
    for (mode, as_user, sandbox) in [root_off, user_off, root_on] {
        if skipped(mode, as_user, sandbox) {
            continue;
        }
        let dir = open_to_a_user();
        let root = dir.path();
        std::fs::write(root.join("class/a_killer.c"), killer).unwrap();
        let honest = ["b1", "b2", "b3", "b4"];
        for name in honest {
            std::fs::write(root.join(format!("class/{name}.c")), queens_c()).unwrap();
        }
        std::fs::write(root.join("class/c_self.c"), &suicide).unwrap();
        // One the machine kills: this test, root, from outside the runs.
        let sleeper = queens_c().replace("int main() {", "#include <unistd.h>\nint main() {\n    sleep(1);");
        std::fs::write(root.join("class/d_killed.c"), sleeper).unwrap();
        let mut command = grade_in_mode(root, &rules, as_user, sandbox);
        let done = std::sync::atomic::AtomicBool::new(false);
        // Each run counted once, however often the watcher sees it before it dies.
        let seen = std::sync::Mutex::new(std::collections::HashSet::new());
        let kill = |pid: i32, build: &str| {
            // d_killed's alone (its build holds its source): the killer's own runs last 2.5 s too.
            if !Path::new(build).join("d_killed.c").exists() {
                return false;
            }
            let first = seen.lock().unwrap().insert(pid);
            let pid = rustix::process::Pid::from_raw(pid).unwrap();
            rustix::process::kill_process(pid, rustix::process::Signal::KILL).is_ok() && first
        };
        let (out, killed) = std::thread::scope(|scope| {
            let killer = scope.spawn(|| on_long_runs(&root.join("tmp"), &done, kill));
            let out = command.watched_output();
            done.store(true, std::sync::atomic::Ordering::Relaxed);
            (out, killer.join().unwrap())
        });
        assert_nothing_survives(mode);
        let (report, stderr) = (text(&out.stdout), text(&out.stderr));
        let row = |name: &str| {
            let row =
                report.lines().find(|l| l.starts_with(&format!("│ {name} "))).unwrap_or_else(|| panic!("{report}"));
            row.split('┆').nth(2).unwrap().trim().to_string()
        };
        for name in honest.into_iter().chain(["c_self"]) {
            assert_eq!(row(name), "AC Accepted: 1/1 tests passed", "{mode}: {name}: {report}\n{stderr}");
        }
        let machine = "the machine's failure, not the student's";
        let outside =
            format!("not graded: its run at n = 4 was killed by signal 9, which labs did not send, twice: {machine}");
        assert_eq!(row("d_killed"), outside, "{mode}: {report}\n{stderr}");
        assert_eq!(killed, 2, "{mode}: once a try");
        let last = stderr.lines().last().unwrap_or_default();
        assert!(
            last.starts_with("labs: 1 of 7 students not graded for a failure of the machine's (first, "),
            "{stderr}"
        );
        assert_eq!(out.status.code(), Some(1), "{mode}: {stderr}");
        eprintln!("{mode}: no run's SIGKILL reached anyone, the one from outside not graded");
    }
}

/// A run that attacks everything it can reach for 1.5 s, graded as root with the sandbox off
/// by two `labs grade --jobs 2` at once, each beside three honest students: it sends SIGKILL to
/// every process (`kill(-1)` and each pid of `/proc`), attaches `ptrace` to each, and walks the
/// graders' temporary directory and `/tmp` for `labs-judge-*` folders of other users to empty
/// their `main`, plant a file or rename them away. Each job slot is a user of its own, so
/// nothing reaches anyone: every honest student is AC, the two attackers are two users of labs's
/// range, so is every folder they saw, and nothing is left running. The temporary directory is
/// sticky, as `/tmp` is: in one anyone may write without the sticky bit, a run could rename
/// another's folder away (docs/judge.md).
#[test]
fn as_root_without_the_sandbox_each_job_is_a_user_of_its_own_that_no_other_run_reaches() {
    use std::os::unix::fs::PermissionsExt;
    if judging::skip_without_linux_backend("grade-slots", "the portable backend gives runs no user of their own") {
        return;
    }
    if !rustix::process::geteuid().is_root() {
        eprintln!("grade-slots: SKIPPED, the test does not run as root (only root's runs have users of their own)");
        return;
    }
    let attacker = r#"#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <unistd.h>
static FILE *out;
static char seen[64][4096];
static int k;
static void note(const char *what, const char *where, long n) { fprintf(out, "%s %s %ld\n", what, where, n); fflush(out); }
static void walk(const char *top, const char *tag) {
    DIR *d = opendir(top);
    struct dirent *e;
    char path[4096], file[4200];
    while (d && (e = readdir(d))) {
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", top, e->d_name);
        if (strncmp(e->d_name, "labs-judge-", 11) || lstat(path, &st) || !S_ISDIR(st.st_mode) || st.st_uid == getuid()) continue;
        int known = 0;
        for (int i = 0; i < k; i++) known |= !strcmp(seen[i], path);
        if (!known && k < 64) { strcpy(seen[k++], path); note(tag, path, st.st_uid); }
        snprintf(file, sizeof file, "%s/main", path);
        int fd = open(file, O_WRONLY | O_TRUNC);
        if (fd >= 0) { note("wrote", file, 0); close(fd); }
        snprintf(file, sizeof file, "%s/planted", path);
        fd = open(file, O_WRONLY | O_CREAT | O_EXCL, 0755);
        if (fd >= 0) { note("planted", file, 0); close(fd); }
        snprintf(file, sizeof file, "%s/moved-%d", top, getpid());
        if (rename(path, file) == 0) { note("renamed", path, 0); rename(file, path); }
    }
    if (d) closedir(d);
}
int main(void) {
    char here[4096];
    out = fopen("LOG", "a");
    if (!out || !getcwd(here, sizeof here)) return 1;
    note("uid", here, getuid());
    *strrchr(here, '/') = 0;
    // Some 1.5 s: 300 rounds, 5 ms apart.
    for (int round = 0; round < 300; round++) {
        // Its return says nothing: 0 unless there is no process but it, whether any was reached.
        kill(-1, SIGKILL);
        DIR *proc = opendir("/proc");
        struct dirent *e;
        while (proc && (e = readdir(proc))) {
            int pid = atoi(e->d_name);
            if (pid <= 1 || pid == getpid()) continue;
            if (kill(pid, SIGKILL) == 0) note("killed", e->d_name, pid);
            if (ptrace(PTRACE_ATTACH, pid, 0, 0) == 0) { note("traced", e->d_name, pid); ptrace(PTRACE_DETACH, pid, 0, 0); }
        }
        if (proc) closedir(proc);
        walk(here, "saw");
        walk("/tmp", "saw-elsewhere");
        usleep(5000);
    }
    return 0;
}
"#;
    let dir = open_to_a_user();
    let root = dir.path();
    std::fs::set_permissions(root.join("tmp"), std::fs::Permissions::from_mode(0o1777)).unwrap();
    let honest = ["b1", "b2", "b3"];
    let graders = ["one", "two"].map(|class| {
        let (folder, log) = (root.join(class), root.join(format!("{class}.log")));
        std::fs::create_dir(&folder).unwrap();
        std::fs::write(&log, "").unwrap();
        std::fs::set_permissions(&log, std::fs::Permissions::from_mode(0o666)).unwrap();
        let source = attacker.replace("LOG", &log.display().to_string());
        std::fs::write(folder.join("a_attacker.c"), source).unwrap();
        for name in honest {
            std::fs::write(folder.join(format!("{name}.c")), queens_c()).unwrap();
        }
        let mut command = Command::new(LABS);
        command.args(["grade", "-f", "acwing", "--n", "4", "--runs", "1", "--time-limit", "3", "--jobs", "2"]);
        command.args(["--sandbox", "off", "--journal", &format!("{class}.jsonl"), class]).current_dir(root);
        command.env("TMPDIR", root.join("tmp")).env("NO_COLOR", "1").env("LC_ALL", "C");
        (class, log, command.stdout(Stdio::piped()).stderr(Stdio::piped()).watched_spawn())
    });
    let started = Instant::now();
    let mut users = Vec::new();
    for (class, log, child) in graders {
        let out = child.wait_with_output().unwrap();
        let (report, stderr) = (text(&out.stdout), text(&out.stderr));
        assert_eq!(out.status.code(), Some(0), "{class}: {report}\n{stderr}");
        let apart = "labs grade: --jobs 2 without the sandbox: each job runs its submissions as a user of its own";
        assert!(stderr.contains(apart), "{class}: {stderr}");
        for name in honest {
            let row =
                report.lines().find(|l| l.starts_with(&format!("│ {name} "))).unwrap_or_else(|| panic!("{report}"));
            assert_eq!(row.split('┆').nth(2).unwrap().trim(), "AC Accepted: 1/1 tests passed", "{class}: {report}");
        }
        assert!(report.contains("Sandbox: none; each job's submissions ran as a user of its own"), "{report}");
        let log = std::fs::read_to_string(log).unwrap();
        let looked = ["uid ", "saw ", "saw-elsewhere "];
        let reached: Vec<&str> = log.lines().filter(|l| !looked.iter().any(|w| l.starts_with(w))).collect();
        assert_eq!(reached, Vec::<&str>::new(), "{class}: the attacker reached another run");
        let id = |line: &str| line.rsplit(' ').next().unwrap().parse::<u32>().unwrap();
        let own: Vec<u32> = log.lines().filter(|l| l.starts_with("uid ")).map(id).collect();
        let others: Vec<u32> = log.lines().filter(|l| l.starts_with("saw ")).map(id).collect();
        // It ran as one user, and saw the folders of others: its neighbour's and the other grader's.
        assert!(!others.is_empty(), "{class}: the attacker saw no other run's folder: {log}");
        // The copies of the class the scan made are root's; every build and run folder is a slot's.
        let slot = |u: &u32| (61000..61184).contains(u);
        assert!(own.iter().all(slot) && others.iter().all(|u| *u == 0 || slot(u)), "{class}: {log}");
        assert!(others.iter().all(|u| !own.contains(u)) && others.iter().any(slot), "{class}: {log}");
        users.push(own[0]);
    }
    assert_ne!(users[0], users[1], "two graders at once shared a slot's user");
    assert_nothing_survives("grade-slots");
    eprintln!("grade-slots: two graders, 8 students, {:.1} s", started.elapsed().as_secs_f64());
}

/// A sandbox that does not start (bwrap out of namespaces, say; here a bwrap on PATH that says
/// so for one student's build and exits 1): the student is not graded, tried twice, and the
/// run fails; the other students are graded as ever.
#[test]
fn a_sandbox_that_does_not_start_is_the_machines_failure_never_a_verdict() {
    use std::os::unix::fs::PermissionsExt;
    if let Err(why) = judging::sandbox_works() {
        crate::judging::skip(&format!("SKIPPED: no sandbox here: {why}"));
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    for sub in ["class", "tmp", "bin"] {
        std::fs::create_dir(root.join(sub)).unwrap();
    }
    for name in ["doomed", "fine"] {
        std::fs::write(root.join(format!("class/{name}.c")), queens_c()).unwrap();
    }
    let bwrap = "#!/bin/sh\nfor a in \"$@\"; do case \"$a\" in *doomed*)\n  \
                 echo 'bwrap: Creating new namespace failed: No space left on device' >&2; exit 1 ;;\nesac; done\n\
                 exec /usr/bin/bwrap \"$@\"\n";
    let fake = root.join("bin/bwrap");
    std::fs::write(&fake, bwrap).unwrap();
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    let path = format!("{}:{}", root.join("bin").display(), std::env::var("PATH").unwrap());
    let rules = ["-f", "acwing", "--n", "4", "--runs", "1", "--sandbox", "on"];
    let out = grade_by(root, &rules, &[]).env("PATH", path).watched_output();
    assert_nothing_survives("sandbox fails");
    let (report, stderr) = (text(&out.stdout), text(&out.stderr));
    let row = |name: &str| {
        let row = report.lines().find(|l| l.starts_with(&format!("│ {name} "))).unwrap_or_else(|| panic!("{report}"));
        row.split('┆').nth(2).unwrap().trim().to_string()
    };
    assert_eq!(row("fine"), "AC Accepted: 1/1 tests passed", "{report}\n{stderr}");
    let why = "not graded: the sandbox did not start gcc (bwrap: Creating new namespace failed: No space left on device), \
               twice: the machine's failure, not the student's";
    assert_eq!(row("doomed"), why, "{report}\n{stderr}");
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("labs: 1 of 2 students not graded for a failure of the machine's"), "{stderr}");
}

/// Until `done`, calls `act` with the pid and the build folder (`labs-judge-*-build-*` in `tmp`)
/// of every run of a built `main` that has been running for half a second, and counts the calls
/// that did something: another process acting on labs's runs from outside, as another labs's
/// cleanup did (issue 47). A run younger than that is left alone, so only a program that sleeps (a
/// second) is acted on.
fn on_long_runs(tmp: &Path, done: &std::sync::atomic::AtomicBool, act: impl Fn(i32, &str) -> bool) -> usize {
    let ticks = 100.0; // USER_HZ, the unit of /proc/<pid>/stat's start time, on every Linux port here
    let mut acted = 0;
    while !done.load(std::sync::atomic::Ordering::Relaxed) {
        let uptime: f64 = std::fs::read_to_string("/proc/uptime")
            .ok()
            .and_then(|t| t.split_whitespace().next()?.parse().ok())
            .unwrap_or(0.0);
        for entry in std::fs::read_dir("/proc").unwrap().flatten() {
            let Some(pid) = entry.file_name().to_str().and_then(|p| p.parse::<i32>().ok()) else { continue };
            let Ok(exe) = std::fs::read_link(entry.path().join("exe")) else { continue };
            let exe = exe.to_string_lossy().into_owned();
            let Some(build) = exe.strip_suffix("/main").filter(|b| b.starts_with(&*tmp.to_string_lossy())) else {
                continue;
            };
            let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
            let fields: Vec<&str> = stat.rsplit_once(") ").map(|(_, f)| f.split(' ').collect()).unwrap_or_default();
            let started = fields.get(19).and_then(|f| f.parse::<f64>().ok()).unwrap_or(f64::MAX) / ticks;
            if build.contains("-build-") && uptime - started > 0.5 && act(pid, build) {
                acted += 1;
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    acted
}

/// [`on_long_runs`] removing their build folders.
fn remove_builds_of_long_runs(tmp: &Path, done: &std::sync::atomic::AtomicBool) -> usize {
    on_long_runs(tmp, done, |_, build| std::fs::remove_dir_all(build).is_ok())
}

/// Item 10 of issue 47: a machine failure is never a verdict. A program that exits 127 by itself
/// keeps its verdict (RE), in every mode; a program whose build folder another process removes
/// while it runs is the machine's failure, tried again, then not graded with the reason, never RE
/// (out of the sandbox its next run cannot start; in it, the helper that execs it would exit 127 as
/// the program may, and the folder gone after the run says whose failure that was).
#[test]
fn a_build_folder_removed_under_labs_is_the_machines_failure_and_a_programs_own_127_its_verdict() {
    if judging::skip_without_linux_backend("build-removed", "a removed folder is watched through /proc") {
        return;
    }
    let own = "#include <stdio.h>\nint main(void) { int n; if (scanf(\"%d\", &n) != 1) return 1; return 127; }\n";
    let gone = queens_c().replace("int main() {", "#include <unistd.h>\nint main() {\n    sleep(1);");
    let modes = [
        ("root, sandbox off", false, false),
        ("user, sandbox off", true, false),
        ("root, sandbox on", false, true),
        ("user, sandbox on", true, true),
    ];
    for (mode, as_user, sandbox) in modes {
        if skipped(mode, as_user, sandbox) {
            continue;
        }
        let dir = open_to_a_user();
        let root = dir.path();
        std::fs::write(root.join("class/fine.c"), queens_c()).unwrap();
        std::fs::write(root.join("class/own.c"), own).unwrap();
        std::fs::write(root.join("class/gone.c"), &gone).unwrap();
        // A program that removes its own build, to pass for the machine's failure at the next n.
        let unlinker = queens_c()
            .replace("int main() {", "#include <unistd.h>\nint main(int argc, char **argv) {\n    unlink(argv[0]);");
        std::fs::write(root.join("class/self_removed.c"), unlinker).unwrap();
        let rules = ["-f", "acwing", "--n", "4,5", "--runs", "1", "--time-limit", "5"];
        let mut command = grade_in_mode(root, &rules, as_user, sandbox);
        let done = std::sync::atomic::AtomicBool::new(false);
        let (out, removed) = std::thread::scope(|scope| {
            let remover = scope.spawn(|| remove_builds_of_long_runs(&root.join("tmp"), &done));
            let out = command.watched_output();
            done.store(true, std::sync::atomic::Ordering::Relaxed);
            (out, remover.join().unwrap())
        });
        assert_nothing_survives(mode);
        let (report, stderr) = (text(&out.stdout), text(&out.stderr));
        if as_user && sandbox && out.status.code() == Some(2) {
            crate::judging::skip(&format!("SKIPPED ({mode}): no sandbox for a user here: {stderr}"));
            continue;
        }
        let row = |name: &str| {
            let row =
                report.lines().find(|l| l.starts_with(&format!("│ {name} "))).unwrap_or_else(|| panic!("{report}"));
            row.split('┆').nth(2).unwrap().trim().to_string()
        };
        assert_eq!(row("fine"), "AC Accepted: 2/2 tests passed", "{mode}: {report}\n{stderr}");
        assert_eq!(row("own"), "RE Runtime Error: 0/2 tests passed", "{mode}: {report}\n{stderr}");
        // Its build is root's once built, the runs' group's to read and execute only: it stays. Out
        // of the sandbox as a user, the runs are labs's own user, which nothing keeps from it
        // (docs/judge.md): not graded, never a better verdict.
        let kept = row("self_removed");
        match as_user && !sandbox {
            false => assert_eq!(kept, "AC Accepted: 2/2 tests passed", "{mode}: {report}\n{stderr}"),
            true => assert!(kept.starts_with("not graded: "), "{mode}: {report}\n{stderr}"),
        }
        let score = row("gone");
        let machine = ", which its run needs, was gone: another process removed labs's own files, twice: \
                       the machine's failure, not the student's";
        assert!(score.starts_with("not graded: ") && score.ends_with(machine), "{mode}: {report}\n{stderr}");
        assert_eq!(removed, 2, "{mode}: once a try");
        assert_eq!(out.status.code(), Some(1), "{mode}: {stderr}");
        let lost = if as_user && !sandbox { 2 } else { 1 };
        let counted = format!("labs: {lost} of 4 students not graded for a failure of the machine's");
        assert!(stderr.contains(&counted), "{mode}: {stderr}");
        let journal = std::fs::read_to_string(root.join("grade.jsonl")).unwrap();
        assert!(journal.lines().any(|l| l.starts_with("{\"unjudged\":\"gone\",")), "{mode}: {journal}");
        eprintln!("{mode}: own 127 is RE, the removed build not graded");
    }
}

// ── The journal: one writer, a hash chain, every text read back made visible; feedback files
// never written through a link and never two for one name (issue 36, failures 11 to 15) ──────

/// A correct Python program (the class's bob), accepted in a moment with no build.
fn queens_py() -> &'static str {
    OTHERS.iter().find(|(p, _)| *p == "bob.py").unwrap().1
}

/// A folder with `class/` (each of `students` as `(file, source)`) and `tmp/`, open to the
/// user the runs are out of the sandbox when the test is root ([`open_to_a_user`]).
fn python_class(students: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = open_to_a_user();
    for (file, source) in students {
        std::fs::write(dir.path().join("class").join(file), source).unwrap();
    }
    dir
}

/// Issue 49, item 4: a student whose program writes its search on stderr is told in the feedback,
/// as the judge's report tells it, where the search first left the nearest variant's.
#[test]
fn the_feedback_says_where_a_students_own_search_went_wrong() {
    let dir = python_class(&[("dana.py", &judging::searching_py(judging::NO_ANTI_DIAGONAL, ""))]);
    let out = grade_by(dir.path(), &QUICK, &["--feedback", "fb"]).watched_output();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let feedback = std::fs::read_to_string(dir.path().join("fb/dana.md")).unwrap();
    let said = "your search (the place/remove lines on stderr) first left row's at step 3: you did place (2,1)";
    assert!(feedback.replace('\n', " ").contains(said), "{feedback}");
}

/// Issue 50, item 7: two students failing to build for two reasons, a Java class misnamed and a
/// Python syntax error, share the summary's verdict but not its reason: the commonest failure says
/// no one's reason of both, and each student's own line says theirs; a correct one is accepted.
#[test]
fn the_summary_gives_no_java_class_name_reason_to_a_python_syntax_error() {
    let misnamed = MAIN_JAVA.replace("class Main", "class Queens");
    for (lang, commonest, syntax, reason) in [
        (
            "en",
            "Commonest failure: CE Compile Error, 2 students (Queens, bad).",
            "bad: CE Compile Error: syntax error: the program did not run",
            "the public class is Queens",
        ),
        (
            "zh",
            "最常见的失败：CE 编译错误，2 人（Queens、bad）。",
            "bad：CE 编译错误：语法错误：程序没有运行",
            "公共类名是 Queens",
        ),
    ] {
        let dir =
            python_class(&[("Queens.java", &misnamed), ("bad.py", "def go(:\n    pass\n"), ("bob.py", queens_py())]);
        let out = grade_by(dir.path(), &QUICK, &["--lang", lang]).watched_output();
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let report = text(&out.stdout);
        for said in [commonest, syntax] {
            assert!(report.lines().any(|l| l.starts_with(said)), "{lang}: no line {said:?} in\n{report}");
        }
        // Said once, on Queens' own line.
        let lines: Vec<&str> = report.lines().filter(|l| l.contains(reason)).collect();
        assert!(
            lines.len() == 1 && lines[0].starts_with("Queens"),
            "{lang}: {reason:?} said of more than Queens:\n{report}"
        );
    }
    assert_nothing_survives("two reasons for one verdict");
}

/// The rules of the journal and feedback tests: one small n.
const QUICK: [&str; 4] = ["-f", "acwing", "--n", "4"];

/// A journal's lines after its header, each without its hash, and the header line as it is.
fn unchained_lines(journal: &str) -> (String, Vec<serde_json::Value>) {
    let mut lines = journal.lines();
    let header = lines.next().unwrap().to_string();
    let bodies = lines
        .map(|l| {
            let mut value: serde_json::Value = serde_json::from_str(l).unwrap();
            value.as_object_mut().unwrap().remove("hash").unwrap();
            value
        })
        .collect();
    (header, bodies)
}

/// A journal of `header` (a line labs wrote, with its hash) and `bodies`, each chained to the
/// line before it as labs chains them.
fn chained(header: &str, bodies: &[serde_json::Value]) -> String {
    let first: serde_json::Value = serde_json::from_str(header).unwrap();
    let mut last = first["hash"].as_str().unwrap().to_string();
    let mut journal = format!("{header}\n");
    for body in bodies {
        let (line, hash) = nqueens_labs::grade::journal::chain(&last, &serde_json::to_string(body).unwrap());
        journal += &format!("{line}\n");
        last = hash;
    }
    journal
}

/// Failure 15: a second run on a journal another run holds refuses at once, naming the holder,
/// in both languages, and writes nothing; the first goes on alone, and its journal resumes.
#[test]
fn a_second_grade_on_a_journal_in_use_refuses_at_once_naming_the_holder() {
    // Slow by the clock, not the CPU: it holds the first run (and its lock) until the wall-clock
    // bound of a 3 s limit, some seconds.
    let slow = "import time\ntime.sleep(30)\n";
    let dir = python_class(&[("amy.py", queens_py()), ("slow.py", slow)]);
    let root = dir.path();
    let rules = ["-f", "acwing", "--n", "4", "--time-limit", "3"];
    let first = grade_by(root, &rules, &[]).stdout(Stdio::piped()).stderr(Stdio::piped()).watched_spawn();
    let journal = root.join("grade.jsonl");
    let started = Instant::now();
    while !std::fs::read_to_string(&journal).unwrap_or_default().contains("{\"started\":\"slow\"") {
        assert!(started.elapsed() < Duration::from_secs(30), "slow never started");
        std::thread::sleep(Duration::from_millis(10));
    }
    let pid = first.id();
    for (lang, words) in [
        ("en", format!("in use by another labs grade (pid {pid}); wait for it to end, or name another --journal")),
        ("zh", format!("另一个 labs grade（进程号 {pid}）正在使用它；请等它结束，或用 --journal 另指定一个")),
    ] {
        let asked = Instant::now();
        let second = grade_by(root, &rules, &["--resume", "--lang", lang]).watched_output();
        assert!(asked.elapsed() < Duration::from_secs(2), "took {:?} to refuse", asked.elapsed());
        assert_eq!(second.status.code(), Some(2), "{}", text(&second.stderr));
        let colon = if lang == "en" { ": " } else { "：" };
        assert_eq!(said(&second.stderr), format!("labs: --journal 'grade.jsonl'{colon}{words}\n"));
        assert_eq!(second.stdout, b"");
        // A fresh run is refused the same way, before it can say the journal holds a grading.
        let fresh = grade_by(root, &rules, &["--lang", lang]).watched_output();
        assert_eq!(said(&fresh.stderr), format!("labs: --journal 'grade.jsonl'{colon}{words}\n"));
    }
    let out = first.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_nothing_survives("journal in use");
    // The refused runs wrote nothing: one run, which judged each student once; and --resume
    // believes the whole journal.
    let written = std::fs::read_to_string(&journal).unwrap();
    let opened: Vec<&str> = written.lines().filter(|l| l.starts_with("{\"opened_by\":")).collect();
    assert_eq!(opened.len(), 1, "{written}");
    assert!(opened[0].starts_with(&format!("{{\"opened_by\":{pid},")), "{written}");
    assert_eq!(written.lines().filter(|l| l.starts_with("{\"started\":")).count(), 2, "{written}");
    let resumed = grade_by(root, &rules, &["--resume"]).watched_output();
    assert_eq!(resumed.status.code(), Some(0), "{}", text(&resumed.stderr));
    assert!(!text(&resumed.stderr).contains("judged"), "{}", text(&resumed.stderr));
    let after = std::fs::read_to_string(&journal).unwrap();
    assert_eq!(after.lines().filter(|l| l.starts_with("{\"opened_by\":")).count(), 2, "{after}");
}

/// Failures 11 and 12: `--resume` refuses, by the first line that does not follow, a journal
/// changed since labs wrote it (a verdict edited in the middle, a forged line appended, a line
/// taken away, raw escape bytes in a name or a detail, a line without its hash, a journal of an
/// older labs), and changes nothing in it; no byte of it reaches the terminal.
#[test]
fn a_journal_changed_since_labs_wrote_it_is_refused_by_its_first_line_that_does_not_follow() {
    let dir = python_class(&[("amy.py", queens_py()), ("bob.py", "pass\n"), ("cy.py", queens_py())]);
    let root = dir.path();
    let out = grade_by(root, &QUICK, &[]).watched_output();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let honest = std::fs::read_to_string(root.join("grade.jsonl")).unwrap();
    let lines: Vec<&str> = honest.lines().collect();
    // The rules, this run, then each student's start and result (a start may come before the
    // result of the student before), then the variants' times.
    assert_eq!(lines.len(), 9, "{honest}");
    assert!(lines[8].starts_with("{\"baseline\":"), "{honest}");
    assert!(lines[0].starts_with("{\"format\":") && lines[1].starts_with("{\"opened_by\":"), "{honest}");
    let at = |prefix: &str| lines.iter().position(|l| l.starts_with(prefix)).unwrap_or_else(|| panic!("{honest}"));
    let (amy, bob) = (at("{\"student\":\"amy\""), at("{\"student\":\"bob\""));
    let join = |lines: &[String]| lines.iter().map(|l| format!("{l}\n")).collect::<String>();
    let owned: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    let with = |k: usize, line: String| {
        let mut changed = owned.clone();
        changed[k] = line;
        join(&changed)
    };
    assert!(lines[amy].contains("\"code\":\"AC\"") && lines[bob].contains("\"code\":\"WA\""), "{honest}");
    // bob's result forged as an AC, and appended with the last line's hash.
    let last = lines[7];
    let last_hash = &last[last.len() - 66..last.len() - 2];
    let forged = lines[bob].replace("\"code\":\"WA\"", "\"code\":\"AC\"");
    let forged = format!("{}\"hash\":\"{last_hash}\"}}", &forged[..forged.len() - 74]);
    let mut deleted = owned.clone();
    deleted.remove(3);
    let old_header = {
        let mut header: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
        header.as_object_mut().unwrap().remove("hash");
        header["version"] = 4.into();
        header.to_string()
    };
    let broken = "its hash does not follow from the lines before it: a line was edited, added or taken away since labs wrote them";
    let no_hash = "no hash at its end, so not a line labs wrote";
    let edited = lines[amy].replacen("\"code\":\"AC\"", "\"code\":\"WA\"", 1);
    let named = lines[amy].replace("\"amy\"", "\"\x1b]0;title\x07amy\"");
    let detailed = lines[bob].replace("\"detail\":\"", "\"detail\":\"\x1b[2J");
    let after = lines.len() + 1;
    let cases: Vec<(&str, String, String)> = vec![
        ("an edited verdict", with(amy, edited), format!("line {}: {broken}", amy + 1)),
        ("a forged line appended", format!("{honest}{forged}\n"), format!("line {after}: {broken}")),
        ("a line taken away", join(&deleted), format!("line 4: {broken}")),
        ("raw ESC bytes in a name", with(amy, named), format!("line {}: {broken}", amy + 1)),
        ("raw ESC bytes in a detail", with(bob, detailed), format!("line {}: {broken}", bob + 1)),
        ("a line without its hash", format!("{honest}{{\"unjudged\":\"amy\"}}\n"), format!("line {after}: {no_hash}")),
    ];
    let tail = "; nothing in it is believed (name another --journal, or remove it to grade afresh)";
    for (what, journal, why) in cases {
        std::fs::write(root.join("changed.jsonl"), &journal).unwrap();
        let out = grade_by(root, &QUICK, &["--journal", "changed.jsonl", "--resume"]).watched_output();
        assert_eq!(out.status.code(), Some(2), "{what}: {}", text(&out.stderr));
        assert_eq!(said(&out.stderr), format!("labs: journal 'changed.jsonl', {why}{tail}\n"), "{what}");
        assert_eq!(out.stdout, b"", "{what}");
        assert_eq!(std::fs::read_to_string(root.join("changed.jsonl")).unwrap(), journal, "{what}: changed");
    }
    // Bytes that are not UTF-8 at all, and the refusal in Chinese.
    let mut bytes = honest.clone().into_bytes();
    bytes.extend(b"\xff\xfe\x1b[2J\n");
    std::fs::write(root.join("changed.jsonl"), &bytes).unwrap();
    let out = grade_by(root, &QUICK, &["--journal", "changed.jsonl", "--resume", "--lang", "zh"]).watched_output();
    assert_eq!(
        said(&out.stderr),
        format!(
            "labs: 日志 'changed.jsonl' 第 {after} 行：不是 UTF-8 文本，因此不是 labs 写的行；其中的内容一概不予采信（请用 --journal 另指定一个，或删除它后重新评测）\n"
        )
    );
    // A journal of an older labs, whose lines have no hash.
    std::fs::write(root.join("changed.jsonl"), format!("{old_header}\n")).unwrap();
    let out = grade_by(root, &QUICK, &["--journal", "changed.jsonl", "--resume"]).watched_output();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        said(&out.stderr),
        "labs: journal 'changed.jsonl' was written by an older labs (journal format 4) without the hashes that show \
         it unchanged; name another --journal, or remove it to grade afresh\n"
    );
    // The honest journal resumes, and a last line cut short by a crash is dropped, not refused.
    std::fs::write(root.join("changed.jsonl"), format!("{honest}{}", &lines[amy][..40])).unwrap();
    let out = grade_by(root, &QUICK, &["--journal", "changed.jsonl", "--resume"]).watched_output();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let resumed = std::fs::read_to_string(root.join("changed.jsonl")).unwrap();
    assert_eq!(resumed.lines().count(), lines.len() + 1, "{resumed}");
    assert!(resumed.starts_with(&honest) && resumed.lines().last().unwrap().starts_with("{\"opened_by\":"));
    assert_nothing_survives("journal chain");
}

/// Failure 12: a journal holding escape and control characters in every text (a name, a
/// verdict, a detail, a diff, notes, stderr, the score), its hashes right: every output shows
/// them escaped, and no ESC byte reaches the table, the exports or the feedback files. A verdict
/// code like a formula stays text in the CSV.
/// Item 11 of issue 47: a correct program whose timing run again runs out of time (here: it
/// spins once it finds the mark its judged run left, as a loaded machine would stretch it) keeps
/// its AC, is said to be "not timed", the machine's, never to have changed its answer, and
/// `--resume` judges it again. Out of the sandbox, where a run can leave a mark for the next.
#[test]
fn a_timing_run_that_runs_out_of_time_is_not_timed_never_a_changed_answer_and_resume_judges_it_again() {
    use std::os::unix::fs::PermissionsExt;
    let dir = open_to_a_user();
    let root = dir.path();
    let marks = root.join("marks");
    std::fs::create_dir(&marks).unwrap();
    std::fs::set_permissions(&marks, std::fs::Permissions::from_mode(0o777)).unwrap();
    let mark = marks.join("judged");
    let slowed = queens_c().replace(
        "int main() {",
        &format!(
            "#include <fcntl.h>\n#include <unistd.h>\nint main() {{\n    \
             if (access(\"{m}\", F_OK) == 0) for (volatile long i = 0;; i++) {{}}\n    \
             close(open(\"{m}\", O_CREAT | O_WRONLY, 0666));",
            m = mark.display()
        ),
    );
    std::fs::write(root.join("class/slowed.c"), slowed).unwrap();
    let rules = ["-f", "acwing", "--n", "8", "--runs", "1", "--time-limit", "0.5", "--sandbox", "off"];
    let out = grade_by(root, &rules, &[]).watched_output();
    assert_nothing_survives("timing out of time");
    let (report, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(report.lines().any(|l| l.starts_with("│ slowed ") && l.contains("AC Accepted: 1/1")), "{report}");
    let said = "slowed: not timed: run again at n = 8, it ran out of time or was killed (a loaded machine stretches a \
                run), which says nothing of its answer; --resume times it again";
    assert!(report.lines().any(|l| l == said), "{report}");
    assert!(!report.contains("did not print its accepted output again"), "{report}");
    let journal = std::fs::read_to_string(root.join("grade.jsonl")).unwrap();
    assert!(journal.contains("\"timed\":{\"not_timed\":"), "{journal}");
    std::fs::remove_file(&mark).unwrap();
    let resumed = grade_by(root, &rules, &["--resume"]).watched_output();
    assert_nothing_survives("timing out of time, resumed");
    assert_eq!(resumed.status.code(), Some(0), "{}", text(&resumed.stderr));
    let journal = std::fs::read_to_string(root.join("grade.jsonl")).unwrap();
    assert_eq!(journal.lines().filter(|l| l.starts_with("{\"started\":\"slowed\",")).count(), 2, "{journal}");
}

/// Item 10 of issue 47: `--resume` judges again every row that was not graded (its last line
/// says the machine could not judge it, even after an earlier result) and every row whose run met
/// a failure of the machine's (not timed for the load); a row that stands is kept as it is.
#[test]
fn resume_judges_again_a_row_not_graded_and_one_the_machine_failed_and_keeps_the_rest() {
    let dir = python_class(&[("amy.py", queens_py()), ("ben.py", queens_py()), ("cy.py", queens_py())]);
    let root = dir.path();
    let out = grade_by(root, &QUICK, &[]).watched_output();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let (header, bodies) = unchained_lines(&std::fs::read_to_string(root.join("grade.jsonl")).unwrap());
    let mut lines: Vec<serde_json::Value> = bodies.into_iter().filter(|b| b.get("student").is_some()).collect();
    // Each result forged to a score no judging gives, to tell a row kept from one judged again.
    for line in &mut lines {
        line["score"] = "WA kept from the journal".into();
    }
    let cy = lines.iter_mut().find(|l| l["student"] == "cy").unwrap();
    cy["timed"] = serde_json::json!({ "not_timed": "not timed: run again at n = 4, it ran out of time" });
    lines.push(serde_json::json!({ "started": "ben", "sha256": lines[1]["sha256"], "alone": true }));
    lines.push(serde_json::json!({ "unjudged": "ben" }));
    std::fs::write(root.join("grade.jsonl"), chained(&header, &lines)).unwrap();
    let out = grade_by(root, &QUICK, &["--resume"]).watched_output();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    let score = |name: &str| {
        let row = report.lines().find(|l| l.starts_with(&format!("│ {name} "))).unwrap_or_else(|| panic!("{report}"));
        row.split('┆').nth(2).unwrap().trim().to_string()
    };
    assert_eq!(score("amy"), "WA kept from the journal", "{report}");
    assert_eq!(score("ben"), "AC Accepted: 1/1 tests passed", "{report}");
    assert_eq!(score("cy"), "AC Accepted: 1/1 tests passed", "{report}");
    assert_nothing_survives("resume");
}

#[test]
fn every_text_of_a_journal_is_shown_escaped_in_the_table_every_export_and_the_feedback() {
    let dir = python_class(&[("amy.py", queens_py()), ("e\x1b[2J\x07.py", "pass\n")]);
    let root = dir.path();
    let out = grade_by(root, &QUICK, &[]).watched_output();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let (header, bodies) = unchained_lines(&std::fs::read_to_string(root.join("grade.jsonl")).unwrap());
    let mut graded: Vec<serde_json::Value> = bodies.into_iter().filter(|b| b.get("student").is_some()).collect();
    assert_eq!(graded.len(), 2);
    let esc = "\x1b]0;title\x07\x1b[2J";
    let amy = &mut graded[0];
    assert_eq!(amy["student"], "amy");
    amy["score"] = format!("WA forged{esc}").into();
    amy["notes"] = serde_json::json!([format!("a note{esc}"), format!("a board\n{esc}Q...")]);
    amy["timed"] = serde_json::json!({ "untimed": format!("not timed{esc}") });
    let point = &mut amy["points"][0];
    point["code"] = "@SUM(1)".into();
    point["verdict"] = format!("WA Wrong{esc}").into();
    point["detail"] = format!("line 1: expected{esc}").into();
    point["diff"] = format!("- .Q..{esc}\n+ ..Q.{esc}\n").into();
    point["notes"] = serde_json::json!([format!("why{esc}")]);
    point["stderr"] = serde_json::json!([format!("Traceback{esc}")]);
    // The other student's name is the class's own name with its ESC as a raw character, which
    // the journal's reader makes visible as the class scan does.
    let other = &mut graded[1];
    let name = other["student"].as_str().unwrap().replace("\\e", "\x1b").replace("\\x07", "\x07");
    other["student"] = name.into();
    other["points"][0]["detail"] = format!("nothing{esc}").into();
    std::fs::write(root.join("grade.jsonl"), chained(&header, &graded)).unwrap();
    let exports = [
        "--resume",
        "--export-csv",
        "g.csv",
        "--export-json",
        "g.json",
        "--export-markdown",
        "g.md",
        "--feedback",
        "fb",
    ];
    let table = grade_by(root, &QUICK, &exports).watched_output();
    assert_eq!(table.status.code(), Some(0), "{}", text(&table.stderr));
    let markdown = grade_by(root, &QUICK, &["--resume", "--export-markdown", "-"]).watched_output();
    assert_eq!(markdown.status.code(), Some(0), "{}", text(&markdown.stderr));
    assert!(!text(&table.stderr).contains("judged again"), "{}", text(&table.stderr));
    let report = text(&table.stdout);
    assert!(report.contains("WA forged\\e]0;title\\x07\\e[2J"), "{report}");
    assert!(report.contains("not timed\\e]0;title\\x07\\e[2J"), "{report}");
    let mut shown: Vec<(String, Vec<u8>)> = vec![
        ("the table".into(), table.stdout.clone()),
        ("stderr".into(), table.stderr.clone()),
        ("--export-markdown -".into(), markdown.stdout.clone()),
    ];
    for file in ["g.csv", "g.json", "g.md"] {
        shown.push((file.into(), std::fs::read(root.join(file)).unwrap()));
    }
    let feedback = files(&root.join("fb"));
    assert_eq!(feedback, ["amy.md", "e_e[2J_x07.md"]);
    for file in &feedback {
        shown.push((file.clone(), std::fs::read(root.join("fb").join(file)).unwrap()));
    }
    for (what, bytes) in &shown {
        assert!(!bytes.contains(&0x1b) && !bytes.contains(&0x07), "{what}: {}", text(bytes));
    }
    let amy = std::fs::read_to_string(root.join("fb/amy.md")).unwrap();
    for quoted in ["line 1: expected\\e]0;title\\x07\\e[2J", "+ ..Q.\\e]0;title\\x07\\e[2J\n", "Traceback\\e]0;title"] {
        assert!(amy.contains(quoted), "{quoted}: {amy}");
    }
    // The board a note draws keeps its lines.
    assert!(amy.contains("```text\n\\e]0;title\\x07\\e[2JQ...\n```"), "{amy}");
    let csv = std::fs::read_to_string(root.join("g.csv")).unwrap();
    assert!(csv.contains(",'@SUM(1),") && !csv.contains(",@"), "{csv}");
    assert_nothing_survives("journal escaped");
}

/// Failures 13 and 14: the feedback folder holding a link where a student's file goes, planted
/// by us or by another user in a shared (1777) folder, or being a link itself, never makes labs
/// write through it: a 0600 file it points to is unchanged; names that meet as file names get a
/// suffix, said on stderr; a second run replaces the first's files, leaving nothing else.
#[test]
fn feedback_is_never_written_through_a_link_and_names_that_meet_get_a_suffix() {
    use std::os::unix::fs::{PermissionsExt, symlink};
    let dir = open_to_a_user();
    let root = dir.path();
    for name in ["a_b", "a|b", "a:b", "alice"] {
        std::fs::write(root.join(format!("class/{name}.py")), "pass\n").unwrap();
    }
    let secret = root.join("secret");
    std::fs::write(&secret, "the answers\n").unwrap();
    std::fs::set_permissions(&secret, std::fs::Permissions::from_mode(0o600)).unwrap();
    std::fs::create_dir(root.join("fb")).unwrap();
    symlink(&secret, root.join("fb/alice.md")).unwrap();
    let renamed = |student: &str, file: &str| {
        format!(
            "labs grade: --feedback: {student}'s file is {file}, since another student's name makes the same file name\n"
        )
    };
    for run in ["first", "again"] {
        let args = ["--journal", &format!("{run}.jsonl"), "--feedback", "fb"];
        let out = grade_by(root, &QUICK, &args).watched_output();
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert_eq!(said(&out.stderr), [renamed("a:b", "a_b-2.md"), renamed("a|b", "a_b-3.md")].concat(), "{run}");
        assert_eq!(std::fs::read_to_string(&secret).unwrap(), "the answers\n", "{run}");
        assert_eq!(files(&root.join("fb")), ["a_b-2.md", "a_b-3.md", "a_b.md", "alice.md"], "{run}");
        let heading = |file: &str| {
            std::fs::read_to_string(root.join("fb").join(file)).unwrap().lines().next().unwrap().to_string()
        };
        let headings = ["a_b-2.md", "a_b-3.md", "a_b.md", "alice.md"].map(heading);
        assert_eq!(headings, ["# a:b", "# a\\|b", "# a_b", "# alice"], "{run}");
        assert!(!std::fs::symlink_metadata(root.join("fb/alice.md")).unwrap().file_type().is_symlink());
    }
    // The folder itself a link: refused, in one line, before anything is written.
    symlink(root.join("fb"), root.join("link")).unwrap();
    let out = grade_by(root, &QUICK, &["--journal", "link.jsonl", "--feedback", "link"]).watched_output();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(
        said(&out.stderr),
        "labs: --feedback 'link': a symbolic link; name the folder it leads to, if that is where the feedback goes\n"
    );
    // A shared folder (1777): another user makes the feedback folder before labs does, and plants
    // links in it and beside it to a file of root's.
    if !rustix::process::geteuid().is_root() {
        eprintln!("SKIPPED: the shared folder's attacker is another user, which needs root here");
        return;
    }
    let share = root.join("share");
    std::fs::create_dir(&share).unwrap();
    std::fs::set_permissions(&share, std::fs::Permissions::from_mode(0o1777)).unwrap();
    let plant = format!(
        "mkdir {s}/fb && ln -s {secret} {s}/fb/alice.md && ln -s {secret} {s}/alice.md && ln -s {secret} {s}/a_b.md",
        s = share.display(),
        secret = secret.display()
    );
    let planted = Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "sh", "-c", &plant])
        .status()
        .unwrap();
    assert!(planted.success());
    for (k, folder) in ["share/fb", "share"].iter().enumerate() {
        let out =
            grade_by(root, &QUICK, &["--journal", &format!("share{k}.jsonl"), "--feedback", folder]).watched_output();
        assert_eq!(out.status.code(), Some(0), "{folder}: {}", text(&out.stderr));
        assert_eq!(std::fs::read_to_string(&secret).unwrap(), "the answers\n", "{folder}");
        let alice = std::fs::read_to_string(root.join(folder).join("alice.md")).unwrap();
        assert!(alice.starts_with("# alice\n"), "{alice}");
    }
    assert_nothing_survives("feedback links");
}

/// The race a shared folder allows: the feedback folder, once opened, is renamed away by its
/// owner and a link to a folder of root's put in its place, at the worst moment (between the
/// opening and the first file). Nothing is written through the link: on Linux the file lands
/// in the folder opened; the portable backend refuses to write.
#[test]
fn a_feedback_folder_swapped_for_a_link_after_it_was_opened_is_never_written_through() {
    let dir = tempfile::tempdir().unwrap();
    let (shared, moved, victim) = (dir.path().join("fb"), dir.path().join("fb.old"), dir.path().join("root"));
    std::fs::create_dir(&victim).unwrap();
    std::fs::write(victim.join("alice.md"), "root's\n").unwrap();
    let folder = Folder::open(&shared).unwrap();
    std::fs::rename(&shared, &moved).unwrap();
    std::os::unix::fs::symlink(&victim, &shared).unwrap();
    let wrote = folder.replace("alice.md", b"# alice\n");
    assert_eq!(std::fs::read_to_string(victim.join("alice.md")).unwrap(), "root's\n");
    let names = |at: &Path| std::fs::read_dir(at).unwrap().map(|e| e.unwrap().file_name()).collect::<Vec<_>>();
    assert_eq!(names(&victim), ["alice.md"]);
    match !cfg!(feature = "portable-backend") {
        true => {
            wrote.unwrap();
            assert_eq!(std::fs::read_to_string(moved.join("alice.md")).unwrap(), "# alice\n");
            assert_eq!(names(&moved), ["alice.md"]);
        }
        false => assert_eq!(wrote.unwrap_err().kind(), std::io::ErrorKind::NotADirectory),
    }
    // The folder's own name a link: refused before anything is made.
    assert!(matches!(Folder::open(&shared), Err(Unopened::Link)));
    // Only a plain name is written.
    assert_eq!(folder.replace("../x.md", b"").unwrap_err().kind(), std::io::ErrorKind::InvalidInput);
}

/// [`fixed_book`] with its students called as a course platform calls them, matched to a roster
/// saved as GBK with a 班级 column: alice's folder is her id alone, bob's Moodle's
/// `name_participant_assignsubmission_file_`, carol's `id_name`; dave is on no row of it.
fn rostered_book() -> Gradebook {
    let mut book = fixed_book();
    for (mark, name) in book.marks.iter_mut().zip(["2023011012", "张三_88_assignsubmission_file_", "2023011014_wangwu"])
    {
        mark.graded.student = name.into();
        mark.identity = nqueens_labs::grade::class::Identity::of(name);
    }
    let dir = tempfile::tempdir().unwrap();
    let text = "学号,姓名,班级\n2023011013,张三,计科2班\n2023011012,李四,计科1班\n2023011015,赵六,计科1班\n2023011014,王五,计科2班\n";
    let path = dir.path().join("roster.csv");
    std::fs::write(&path, encoding_rs::GBK.encode(text).0).unwrap();
    let roster = roster::read(&path, 1 << 20, nqueens_labs::lang::Lang::En).unwrap();
    roster::apply(&mut book, &roster);
    book
}

#[test]
fn with_a_roster_the_rows_follow_it_one_row_a_student_with_its_other_columns() {
    let book = rostered_book();
    // The roster's order, each student once (李四 by the id alone, 张三 by name past Moodle's
    // participant number), 赵六 with nothing; then what is on no row, by name.
    let expected = "id,name,班级,student,n4,n6,n8,score,verdict,largest_n,seconds,peak_bytes,x_naive,x_row,x_bits,sandboxed,similar_to
2023011013,张三,计科2班,张三_88_assignsubmission_file_,AC,AC,TLE,66.7,TLE Time Limit Exceeded: 2/3 tests passed,6,0.024,1500000,,,,true,
2023011012,李四,计科1班,2023011012,AC,AC,AC,100,AC Accepted: 3/3 tests passed,8,0.0004999999999999998,1500000,1.063829787234042,26.737967914438492,75.75757575757572,true,
2023011015,赵六,计科1班,,,,,0,no submission,,,,,,,,
2023011014,王五,计科2班,2023011014_wangwu,WA,WA,WA,0,WA Wrong Answer: 0/3 tests passed,,,,,,,true,
,<img src=x onerror=alert(1)>,,<img src=x onerror=alert(1)>.zip,,,,,\"not graded: an archive: unpack it first, labs does not open archives\",,,,,,,,
,'=1+2,,'=1+2.txt,,,,,\"not graded: not a source file (.c, .cpp, .cc, .cxx, .py, .java, .rs)\",,,,,,,,
,dave,,dave,CE,CE,CE,0,CE Compile Error,,,,,,,false,
";
    assert_eq!(Export::Csv.to_string(&book), expected);
    let markdown = Export::Markdown.to_string(&book);
    let first_two = |l: &str| l.split(" | ").take(2).collect::<Vec<_>>().join(" | ");
    let table: Vec<String> = markdown.lines().filter(|l| l.starts_with('|')).map(first_two).collect();
    assert_eq!(
        table,
        [
            "| student | 班级",
            "|:--|:--|:--|:--|--:|--:|--:|--:|--:|--:|--:|",
            "| 张三_88_assignsubmission_file_ | 计科2班",
            "| 2023011012 | 计科1班",
            "| 2023011015_赵六 | 计科1班",
            "| 2023011014_wangwu | 计科2班",
            "| &lt;img src=x onerror=alert(1)&gt;.zip | ",
            "| =1+2.txt | ",
            "| dave | ",
        ]
    );
    let unlisted =
        "On no row of the roster (3), listed after its students: <img src=x onerror=alert(1)>.zip, =1+2.txt, dave.";
    let report = table::render(&book, None);
    assert!(report.lines().any(|l| l == unlisted), "{report}");
    let json: serde_json::Value = serde_json::from_str(&Export::Json.to_string(&book)).unwrap();
    let marks: Vec<&str> = json["marks"].as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap()).collect();
    assert_eq!(marks, ["张三", "李四", "王五", "dave"]);
    assert_eq!(json["unlisted"], serde_json::json!(["<img src=x onerror=alert(1)>.zip", "=1+2.txt", "dave"]));
    assert_eq!(json["missing"], serde_json::json!([{"id": "2023011015", "name": "赵六"}]));
}

#[test]
fn a_resume_in_another_language_renders_the_gradebook_again_and_judges_no_one() {
    let dir = a_class_of(&[("alice.c", queens_c()), ("bob.py", "print('Q')\n".into())]);
    let root = dir.path();
    let rules = ["-f", "acwing", "--n", "1,4", "--time-limit", "3"];
    let first = grade_by(root, &[&rules[..], &["--lang", "zh"]].concat(), &["--export-csv", "zh.csv"]).watched_output();
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    let journal = std::fs::read_to_string(root.join("grade.jsonl")).unwrap();
    assert_eq!(graded_in(&journal), 2, "{journal}");
    let mut english =
        grade_by(root, &[&rules[..], &["--lang", "en"]].concat(), &["--resume", "--export-csv", "en.csv"]);
    let out = english.watched_output();
    assert_nothing_survives("relang");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // No one judged again: the journal is as the first run left it, and the one line more only
    // names the run that held it.
    let after = std::fs::read_to_string(root.join("grade.jsonl")).unwrap();
    let added = after.strip_prefix(journal.as_str()).unwrap_or_else(|| panic!("{after}"));
    assert_eq!((added.lines().count(), added.starts_with("{\"opened_by\":")), (1, true), "{added}");
    assert!(text(&out.stdout).contains("│ student "), "{}", text(&out.stdout));
    let read = |name: &str| std::fs::read_to_string(root.join(name)).unwrap();
    assert!(read("zh.csv").starts_with("\u{feff}学号,姓名,提交,n1,n4,得分,"), "{}", read("zh.csv"));
    assert!(read("en.csv").starts_with("id,name,student,n1,n4,score,"), "{}", read("en.csv"));
}

/// A folder with `tmp/` and a `class/` of `files` (name, source).
fn a_class_of(files: &[(&str, String)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("class")).unwrap();
    std::fs::create_dir(dir.path().join("tmp")).unwrap();
    for (name, source) in files {
        std::fs::write(dir.path().join("class").join(name), source).unwrap();
    }
    dir
}

#[test]
fn a_roster_in_no_encoding_excel_writes_is_refused_in_one_line_in_the_users_language() {
    let dir = a_class_of(&[("alice.c", queens_c())]);
    let root = dir.path();
    std::fs::write(root.join("bad.csv"), b"id,name\n1,\xff\xfe\xfd\n").unwrap();
    for (lang, why) in [
        ("en", ": neither UTF-8 nor GBK text; save it from Excel as CSV UTF-8 (Comma delimited)"),
        ("zh", "：既不是 UTF-8 也不是 GBK 编码的文本；请在 Excel 中另存为 CSV UTF-8（逗号分隔）"),
    ] {
        let out =
            grade_by(root, &["-f", "acwing", "--n", "4", "--lang", lang], &["--roster", "bad.csv"]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
        assert_eq!(text(&out.stderr), format!("labs: --roster 'bad.csv'{why}\n"));
    }
    assert!(!root.join("grade.jsonl").exists(), "refused before anything is judged");
}

#[test]
fn an_accept_close_to_the_time_limit_is_marked_in_both_languages() {
    let mut book = fixed_book();
    // bob's n = 6 took 0.85 s of CPU against the fixed class's limit of 1 s; alice's 3.1 ms is far.
    let mut graded: Vec<Graded> = book.marks.iter().map(|m| m.graded.clone()).collect();
    graded[1].points[1].cpu_seconds = 0.85;
    // alice's n = 4 waited 1.12 s on a loaded machine for 1.2 ms of CPU: the limit is on CPU time,
    // so that is nowhere near it (issue 47: "1.12 s of 1.00 s" stood on an AC, for n = 1).
    graded[0].points[0].seconds = 1.12;
    // carol's points were judged where no CPU time is measured: her wall time is what the
    // limit held, and 0.9 s of it is close (though not accepted, so not marked).
    graded[2].points[0].cpu_seconds = 0.0;
    graded[2].points[0].seconds = 0.9;
    for lang in [nqueens_labs::lang::Lang::En, nqueens_labs::lang::Lang::Zh] {
        let session = Sitting { lang, ..book.session.clone() };
        book = gradebook(session, graded.clone(), Vec::new(), Vec::new(), book.baseline.clone());
        assert_eq!(
            book.marks.iter().map(|m| m.borderline.clone()).collect::<Vec<_>>(),
            [vec![], vec![6], vec![], vec![]]
        );
        let notes = nqueens_labs::grade::book::notes(&book);
        let marked: Vec<&String> = notes.iter().filter(|l| l.starts_with("bob") && l.contains("80 %")).collect();
        let expected = match lang {
            nqueens_labs::lang::Lang::En => {
                "bob: accepted at n = 6, but close to the time limit (850 ms of 1.00 s, 80 % or more): another run may not be accepted; look again before grading."
            }
            _ => {
                "bob：在 n = 6 通过，但用时接近时限（850 ms，时限 1.00 s，达到 80 % 或以上）：再运行一次未必仍能通过，定分前请复查。"
            }
        };
        assert_eq!(marked, [expected]);
    }
    let json: serde_json::Value = serde_json::from_str(&Export::Json.to_string(&book)).unwrap();
    assert_eq!(
        (json["marks"][1]["borderline"].clone(), json["marks"][0].get("borderline")),
        (serde_json::json!([6]), None)
    );
}

/// The lines of a journal whose key is `key` (`"startup"`, `"baseline"`), each without its hash.
fn logged_with(journal: &str, key: &str) -> Vec<serde_json::Value> {
    let (_, bodies) = unchained_lines(journal);
    bodies.into_iter().filter(|line| line.get(key).is_some()).collect()
}

#[test]
fn a_resume_compares_every_student_with_the_start_up_and_variant_times_the_first_run_measured() {
    let dir = a_class_of(&[("alice.c", queens_c())]);
    let root = dir.path();
    let rules = ["-f", "acwing", "--n", "4,8", "--runs", "3"];
    let first = grade_by(root, &rules, &["--export-json", "first.json"]).watched_output();
    assert_eq!(first.status.code(), Some(0), "{}", text(&first.stderr));
    let journal = std::fs::read_to_string(root.join("grade.jsonl")).unwrap();
    let (startups, baselines) = (logged_with(&journal, "startup"), logged_with(&journal, "baseline"));
    assert_eq!(startups.len(), 1, "{journal}");
    assert_eq!((&startups[0]["startup"], &startups[0]["runs"]), (&serde_json::json!("C"), &serde_json::json!(3)));
    assert_eq!(baselines.len(), 1, "{journal}");
    // A second student handed in late, graded by --resume: alice is not judged again.
    let bob = queens_c().replace("int main() {", "int main() {\n    int unused = 0; (void)unused;");
    std::fs::write(root.join("class/bob.c"), bob).unwrap();
    let second = grade_by(root, &rules, &["--resume", "--export-json", "second.json"]).watched_output();
    assert_nothing_survives("kept timings");
    assert_eq!(second.status.code(), Some(0), "{}", text(&second.stderr));
    let after = std::fs::read_to_string(root.join("grade.jsonl")).unwrap();
    assert_eq!(graded_in(&after), 2, "{after}");
    // Nothing measured again: the start-up and the variants' times are the first run's.
    assert_eq!((logged_with(&after, "startup"), logged_with(&after, "baseline")), (startups, baselines.clone()));
    let json = |name: &str| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(root.join(name)).unwrap()).unwrap()
    };
    let (before, now) = (json("first.json"), json("second.json"));
    assert_eq!(now["baseline"], before["baseline"]);
    assert_eq!(now["baseline"], baselines[0]["baseline"]);
    // alice's row, her ratios to the variants included, is the one the first run gave her.
    let alice = |book: &serde_json::Value| book["marks"].as_array().unwrap()[0].clone();
    assert_eq!(alice(&now), alice(&before));
    // bob is net of the very start-up alice is.
    let startup = |mark: &serde_json::Value| mark["timed"]["repeated"]["startup"].clone();
    let marks = now["marks"].as_array().unwrap();
    assert_eq!((marks.len(), startup(&marks[1])), (2, startup(&marks[0])), "{now}");
    assert!(startup(&marks[0]).is_number(), "{now}");
}

/// Issue 36, item 4: submissions graded side by side out of the sandbox as one user (an ordinary
/// user's grader) can reach each other, and the grader is told so before any of them runs and
/// under the table; as root each job is a user of its own, and the grader is told what they still
/// share instead; with `--jobs 1`, or in the sandbox, nothing is said. As root, the ordinary
/// user's grader is `labs` run as nobody.
#[test]
fn jobs_above_one_out_of_the_sandbox_say_what_a_submission_can_do_to_the_one_beside_it() {
    let bob = queens_c().replace("int main() {", "int main() {\n    int unused = 0; (void)unused;");
    let dir = python_class(&[("amy.c", &queens_c()), ("bob.c", &bob)]);
    let root = dir.path();
    let one_user = "--jobs 2 without the sandbox: the submissions run side by side as one user (your user), so one \
                    can signal, trace or read the files of another running beside it and change its verdict; grade \
                    in the sandbox (docs/judge.md), or with --jobs 1, where none runs beside another.";
    let apart = "--jobs 2 without the sandbox: each job runs its submissions as a user of its own, so none can \
                 signal, trace or write to another running beside it; they still share the machine's processors, \
                 memory, /tmp and network, and each reads what any user may (docs/judge.md).";
    let zh_one_user = "labs grade: 没有沙箱时使用 --jobs 2：各提交以同一个用户（你的用户）同时运行";
    let zh_apart = "labs grade: 没有沙箱时使用 --jobs 2：每个并行任务以各自独立的用户运行提交";
    // Root's runs are each job's own user under the Linux backend; anyone else's are his own.
    let is_root = rustix::process::geteuid().is_root();
    let slots = is_root && judging::linux_backend();
    let mut modes = vec![(if slots { (apart, zh_apart) } else { (one_user, zh_one_user) }, false)];
    if is_root {
        modes.push(((one_user, zh_one_user), true));
    }
    for ((warning, zh), as_user) in modes {
        let grade = |args: &[&str]| {
            let graded = grade_by(root, &QUICK, args);
            let mut command = if as_user { judging::labs_as_a_user() } else { Command::new(LABS) };
            command.args(graded.get_args()).current_dir(root);
            command.envs(graded.get_envs().filter_map(|(k, v)| Some((k, v?))));
            command.watched_output()
        };
        let who = if as_user { "a user" } else { "labs" };
        for (jobs, sandbox, warned) in [("2", "off", true), ("1", "off", false), ("2", "on", false)] {
            let this = format!("{who}, --jobs {jobs} --sandbox {sandbox}");
            let journal = format!("{who}-{jobs}-{sandbox}.jsonl");
            let out = grade(&["--jobs", jobs, "--sandbox", sandbox, "--journal", &journal]);
            let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
            if sandbox == "on" && out.status.code() == Some(2) && stderr.contains("there is no sandbox here") {
                crate::judging::skip(&format!("{this}: SKIPPED, no sandbox here: {}", stderr.trim()));
                continue;
            }
            assert_eq!(out.status.code(), Some(0), "{this}: {stderr}");
            let said = stderr.lines().filter(|l| *l == format!("labs grade: {warning}")).count();
            let under = stdout.lines().any(|l| l == warning);
            assert_eq!((said, under), (usize::from(warned), warned), "{this}: {stdout}{stderr}");
        }
        // In Chinese.
        let out = grade(&["--jobs", "2", "--sandbox", "off", "--journal", &format!("{who}-zh.jsonl"), "--lang", "zh"]);
        assert!(text(&out.stderr).contains(zh), "{who}: {}", text(&out.stderr));
    }
    assert_nothing_survives("jobs side by side");
}
