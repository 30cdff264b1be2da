//! Where `labs grade` writes (issue 47, items 5 and 6): no output path follows a symbolic link,
//! every output is checked before the first student is judged, and a student's name never makes
//! a file name the system refuses.
//!
//! The links are real ones the test plants (dangling, to a root-owned file, as the default
//! `grade.jsonl`), and labs is run as root (sandbox off and on) and as an ordinary user
//! (`setpriv`); after each run
//! the link's target is as it was (or still missing), nothing was judged (no journal, no table),
//! and nothing the test started is alive.

use crate::judging::{Watched, assert_nothing_survives, queens_c};
use pretty_assertions::assert_eq;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Output;

/// Who runs labs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Who {
    Root,
    /// Root, the runs in the sandbox.
    RootSandboxOn,
    User,
}

/// Every [`Who`] this build grades as: the portable backend has no sandbox.
fn everyone() -> Vec<Who> {
    let portable = cfg!(feature = "portable-backend");
    if portable {
        eprintln!("RootSandboxOn: SKIPPED, the portable backend has no sandbox");
    }
    [Who::Root, Who::RootSandboxOn, Who::User].into_iter().filter(|w| !(portable && *w == Who::RootSandboxOn)).collect()
}

/// A room open to the user (`class/` with one honest student, `alice.c`; `tmp/`, labs's TMPDIR),
/// and a root-owned file outside it (`roots`).
pub(crate) fn room() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    for (sub, mode) in [("", 0o777), ("class", 0o755), ("tmp", 0o777)] {
        std::fs::create_dir_all(root.join(sub)).unwrap();
        std::fs::set_permissions(root.join(sub), std::fs::Permissions::from_mode(mode)).unwrap();
    }
    std::fs::write(root.join("class/alice.c"), queens_c()).unwrap();
    std::fs::set_permissions(root.join("class/alice.c"), std::fs::Permissions::from_mode(0o644)).unwrap();
    std::fs::write(root.join("roots"), "ROOT'S OWN\n").unwrap();
    std::fs::set_permissions(root.join("roots"), std::fs::Permissions::from_mode(0o644)).unwrap();
    dir
}

/// `labs grade class` in `root` as `who`, with `args` after the usual ones.
pub(crate) fn grade(root: &Path, who: Who, args: &[&str]) -> Output {
    let rules = [&["-f", "acwing", "--n", "4", "--lang", "en"], args].concat();
    let mut command = crate::grade_in_mode(root, &rules, who == Who::User, who == Who::RootSandboxOn);
    let out = command.watched_output();
    assert_nothing_survives(&format!("{who:?} {args:?}"));
    out
}

/// Asserts `out` is a refusal before anything was judged: a non-zero exit, one line on stderr
/// holding each of `says`, no table, no journal.
fn assert_refused_before_judging(root: &Path, out: &Output, says: &[&str], what: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{what}: {stderr}");
    assert_eq!(stderr.lines().count(), 1, "{what}: one line:\n{stderr}");
    for said in says {
        assert!(stderr.contains(said), "{what}: says {said:?}:\n{stderr}");
    }
    assert_eq!(String::from_utf8_lossy(&out.stdout), "", "{what}: no table");
    for journal in ["grade.jsonl", "j.jsonl"].map(|j| root.join(j)) {
        assert!(!journal.exists() || journal.is_symlink(), "{what}: no journal");
    }
}

#[test]
fn no_output_follows_a_link_and_every_output_is_checked_before_anyone_is_judged() {
    let dir = room();
    let root = dir.path();
    let link = |at: &str, to: &str| {
        let _ = std::fs::remove_file(root.join(at));
        std::os::unix::fs::symlink(root.join(to), root.join(at)).unwrap();
    };
    for who in everyone() {
        // The default journal, a dangling link: its target is never made.
        link("grade.jsonl", "made-by-labs");
        let out = grade(root, who, &[]);
        assert_refused_before_judging(root, &out, &["grade.jsonl", "symbolic link"], &format!("{who:?} dangling"));
        assert!(!root.join("made-by-labs").exists(), "{who:?}: a dangling link's target was made");
        // The default journal, a link to root's file: never appended to.
        link("grade.jsonl", "roots");
        let out = grade(root, who, &[]);
        assert_refused_before_judging(root, &out, &["grade.jsonl", "symbolic link"], &format!("{who:?} to root's"));
        std::fs::remove_file(root.join("grade.jsonl")).unwrap();
        // --journal, and each export and the plot, a link to root's file.
        for (flag, file) in [
            ("--journal", "j.jsonl"),
            ("--export-csv", "g.csv"),
            ("--export-markdown", "g.md"),
            ("--export-json", "g.json"),
            ("--plot", "p.svg"),
        ] {
            link(file, "roots");
            let out = grade(root, who, &[flag, file]);
            assert_refused_before_judging(root, &out, &[flag, file, "symbolic link"], &format!("{who:?} {flag}"));
            std::fs::remove_file(root.join(file)).unwrap();
        }
        // A feedback folder that is a link, one that cannot be made, an export into a missing folder.
        std::fs::create_dir_all(root.join("elsewhere")).unwrap();
        link("feedback", "elsewhere");
        let out = grade(root, who, &["--feedback", "feedback"]);
        assert_refused_before_judging(root, &out, &["--feedback", "symbolic link"], &format!("{who:?} feedback link"));
        std::fs::remove_file(root.join("feedback")).unwrap();
        let out = grade(root, who, &["--feedback", "/proc/x"]);
        assert_refused_before_judging(root, &out, &["--feedback", "/proc/x"], &format!("{who:?} /proc/x"));
        let out = grade(root, who, &["--export-csv", "missing/g.csv"]);
        assert_refused_before_judging(root, &out, &["--export-csv", "missing/g.csv"], &format!("{who:?} missing"));
        assert_eq!(std::fs::read_to_string(root.join("roots")).unwrap(), "ROOT'S OWN\n", "{who:?}");
        assert_eq!(std::fs::read_dir(root.join("elsewhere")).unwrap().count(), 0, "{who:?}: wrote through the link");
    }
    // With no link in the way, the same class is graded.
    let out = grade(root, Who::Root, &["--journal", "j.jsonl", "--export-csv", "g.csv", "--feedback", "feedback"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(root.join("feedback/alice.md").is_file());
}

#[test]
fn a_name_too_long_for_a_file_and_one_unwritable_file_stop_no_one_s_feedback() {
    use std::os::unix::ffi::OsStrExt;
    let dir = room();
    let root = dir.path();
    // 60 BEL bytes, shown as `\x07` each (240 bytes); and 84 Chinese characters (252 bytes, the
    // most a name of ext4 holds with `.c`: 200 of them are the unit test's, no file system's).
    let bel = std::ffi::OsStr::from_bytes(&[7; 60]).to_os_string();
    let chinese = "李".repeat(84);
    for name in [bel.clone(), chinese.clone().into(), "carol".into()] {
        let mut file = name.clone();
        file.push(".c");
        std::fs::write(root.join("class").join(&file), queens_c()).unwrap();
        std::fs::set_permissions(root.join("class").join(file), std::fs::Permissions::from_mode(0o644)).unwrap();
    }
    for who in everyone() {
        let _ = std::fs::remove_file(root.join("grade.jsonl"));
        let _ = std::fs::remove_dir_all(root.join("feedback"));
        // Carol's file cannot be written: a folder stands at its name.
        std::fs::create_dir_all(root.join("feedback/carol.md")).unwrap();
        std::fs::set_permissions(root.join("feedback"), std::fs::Permissions::from_mode(0o777)).unwrap();
        let out = grade(root, who, &["--feedback", "feedback"]);
        let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert_eq!(out.status.code(), Some(0), "{who:?}: {stderr}");
        let said = "--feedback: carol's file carol.md could not be written in 'feedback'";
        assert!(stderr.contains(said), "{who:?}: stderr says whose file failed:\n{stderr}");
        assert!(stdout.contains(said), "{who:?}: the report says whose file failed:\n{stdout}");
        let mut written: Vec<String> = std::fs::read_dir(root.join("feedback"))
            .unwrap()
            .flatten()
            .filter(|e| e.path().is_file())
            .map(|e| e.file_name().into_string().unwrap())
            .collect();
        written.sort();
        assert_eq!(written.len(), 3, "{who:?}: alice and both long names: {written:?}");
        assert!(written.contains(&"alice.md".to_string()), "{who:?}: {written:?}");
        assert!(written.iter().all(|f| f.len() <= 123), "{who:?}: names within the budget: {written:?}");
        assert!(written.iter().any(|f| f.starts_with("_x07_x07") && f.contains('~')), "{who:?}: {written:?}");
        assert!(written.iter().any(|f| f.starts_with("李李") && f.contains('~')), "{who:?}: {written:?}");
        for file in &written {
            let text = std::fs::read_to_string(root.join("feedback").join(file)).unwrap();
            assert!(text.contains("AC"), "{who:?}: {file}:\n{text}");
        }
        assert!(root.join("feedback/carol.md").is_dir());
    }
}
