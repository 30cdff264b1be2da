//! Folders built as programs in several files (issue 47, item 1 and the build parts of item 9),
//! by `labs grade` and `labs judge DIR`, as root with the sandbox off and on and as an ordinary
//! user:
//!
//! - a Java `package` line is a name, never a path: students whose `package` line is `../../x`,
//!   the absolute path of another student's folder, `a..b` or `1a` are "not graded" (refused by
//!   `labs judge`) with the reason, and nothing is written outside labs's build folder: a
//!   root-owned file where `../../x` leads from the build folder, and the other student's
//!   submission, stay as they were, and a `--resume` leaves that student's verdict;
//! - `labs grade` and `labs judge DIR` decide a folder by one code path, and give the same
//!   verdicts: one `NQueens.java` in a package, Java classes in their package's folders
//!   (`lab/queens/Main.java`, which javac builds as root only if root's runs own every folder of
//!   the build's), a C project with a header, a Python folder.
//!
//! Afterwards nothing the tests started is alive.

use crate::judging::{self, LABS, Watched, assert_nothing_survives, labs_as_a_user, stderr, stdout};
use pretty_assertions::assert_eq;
use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Who runs labs, and with which sandbox.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    RootSandboxOff,
    RootSandboxOn,
    UserSandboxOff,
}

/// The modes this build runs: the portable backend has no sandbox; a test not run as root has
/// only its own user.
fn modes() -> Vec<Mode> {
    let root = rustix::process::geteuid().is_root();
    let portable = cfg!(feature = "portable-backend");
    [Mode::RootSandboxOff, Mode::RootSandboxOn, Mode::UserSandboxOff]
        .into_iter()
        .filter(|&mode| {
            let run = match mode {
                Mode::RootSandboxOn => root && !portable,
                Mode::RootSandboxOff => root,
                Mode::UserSandboxOff => true,
            };
            if !run {
                eprintln!("{mode:?}: SKIPPED, not root or no sandbox in this build");
            }
            run
        })
        .collect()
}

/// A room out of `/tmp` and with no dot in its path (so that a `package` line can name it):
/// `class/`, `tmp/` (labs's TMPDIR) and `x/`, where `../../x` from a build folder in `tmp/`
/// leads; open to the user labs runs as in [`Mode::UserSandboxOff`].
fn room() -> tempfile::TempDir {
    let dir = tempfile::Builder::new().prefix("folders-").tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    for (sub, mode) in [("", 0o777), ("class", 0o755), ("tmp", 0o777), ("x", 0o755)] {
        std::fs::create_dir_all(dir.path().join(sub)).unwrap();
        std::fs::set_permissions(dir.path().join(sub), std::fs::Permissions::from_mode(mode)).unwrap();
    }
    assert!(!dir.path().to_string_lossy().contains('.'), "{}", dir.path().display());
    dir
}

/// Writes each of `files` (a path below `root/class`, and its text), readable by everyone.
fn write(root: &Path, files: &[(String, String)]) {
    for (file, text) in files {
        let path = root.join("class").join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        for folder in path.ancestors().skip(1).take_while(|f| *f != root) {
            std::fs::set_permissions(folder, std::fs::Permissions::from_mode(0o755)).unwrap();
        }
        std::fs::write(&path, text).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    }
}

/// `labs <args>` in `root` in `mode` (its sandbox flag added after the subcommand), TMPDIR `tmp/`,
/// with the system's tools only on PATH: root's runs out of the sandbox, and a user's labs, are
/// users who cannot reach a toolchain in root's home (a pyenv's `python3`).
fn labs(root: &Path, mode: Mode, args: &[&str]) -> Output {
    let mut command = match mode {
        Mode::UserSandboxOff => labs_as_a_user(),
        _ => Command::new(LABS),
    };
    let sandbox = if mode == Mode::RootSandboxOn { "on" } else { "off" };
    command
        .arg(args[0])
        .args(["--sandbox", sandbox])
        .args(&args[1..])
        .current_dir(root)
        .env("TMPDIR", root.join("tmp"))
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .env("NO_COLOR", "1")
        .env("LC_ALL", "C");
    let out = command.watched_output();
    assert_nothing_survives(&format!("{mode:?} {args:?}"));
    out
}

/// The table's rows of a grading: (student or entry, score).
fn rows(out: &Output) -> BTreeMap<String, String> {
    let cells = |line: &str| line.trim_matches('│').split('┆').map(|c| c.trim().to_string()).collect::<Vec<_>>();
    let table = stdout(out);
    table.lines().filter(|l| l.starts_with('│')).skip(1).map(cells).map(|c| (c[0].clone(), c[2].clone())).collect()
}

/// Every file below `root` but in labs's TMPDIR and the journal, with its bytes and owner.
fn tree(root: &Path) -> BTreeMap<PathBuf, (Vec<u8>, u32)> {
    use std::os::unix::fs::MetadataExt;
    let mut files = BTreeMap::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let (path, meta) = (entry.path(), entry.metadata().unwrap());
            if path == root.join("tmp") || path == root.join("grade.jsonl") {
                continue;
            }
            if meta.is_dir() {
                folders.push(path.clone());
            }
            let bytes = if meta.is_file() { std::fs::read(&path).unwrap() } else { Vec::new() };
            files.insert(path, (bytes, meta.uid()));
        }
    }
    files
}

/// A Java class `Main` in `package` that prints LeetCode's one board at n = 1.
fn leetcode_main(package: &str) -> String {
    format!(
        "package {package};\npublic class Main {{\n    public static void main(String[] a) {{ System.out.println(\"[[\\\"Q\\\"]]\"); }}\n}}\n"
    )
}

#[test]
fn a_java_package_line_is_a_name_and_writes_nowhere_outside_the_build_folder() {
    let tag = "hostile-package";
    if !judging::have_java(tag) {
        return;
    }
    let dir = room();
    let root = dir.path();
    // Where `../../x` leads from a build folder in tmp/: a file of root's.
    std::fs::write(root.join("x/Main.java"), "ROOT'S OWN\n").unwrap();
    let bob = root.join("class/bob");
    let hostile = [
        ("eve_up", "../../x".to_string()),
        ("eve_abs", bob.display().to_string()),
        ("eve_dots", "a..b".to_string()),
        ("eve_digit", "1a".to_string()),
    ];
    let mut files = vec![("bob/Main.java".to_string(), leetcode_main("queens").replace("package queens;\n", ""))];
    files.extend(hostile.iter().map(|(eve, package)| (format!("{eve}/Main.java"), leetcode_main(package))));
    write(root, &files);
    let before = tree(root);
    let refused = |package: &str| {
        format!(
            "Main.java: package {package} is no package name (each part between dots a Java identifier: letters, digits, _ or $, not starting with a digit); a package is a name, never a folder's path"
        )
    };
    for mode in modes() {
        let _ = std::fs::remove_file(root.join("grade.jsonl"));
        let grade = ["grade", "-f", "leetcode", "--n", "1", "--journal", "grade.jsonl", "class"];
        for resume in [false, true] {
            let args = [&grade[..], if resume { &["--resume"][..] } else { &[] }].concat();
            let out = labs(root, mode, &args);
            let this = format!("{mode:?}, resume {resume}");
            assert_eq!(out.status.code(), Some(0), "{this}: {}", stderr(&out));
            let mut expected = BTreeMap::from([("bob".to_string(), "AC Accepted: 1 / 1 testcases passed".to_string())]);
            for (eve, package) in &hostile {
                expected.insert(format!("{eve}/"), format!("not graded: {}", refused(package)));
            }
            assert_eq!(rows(&out), expected, "{this}: {}", stdout(&out));
            assert_eq!(tree(root), before, "{this}: something outside the build folder changed");
        }
        for (eve, package) in &hostile {
            let out = labs(root, mode, &["judge", "-f", "leetcode", "--n", "1", &format!("class/{eve}")]);
            let said = format!("labs: class/{eve}: cannot tell how to build it: {}\n", refused(package));
            assert_eq!((out.status.code(), stderr(&out)), (Some(2), said), "{mode:?}");
            assert_eq!(tree(root), before, "{mode:?}: judging {eve} changed something outside the build folder");
        }
        let left: Vec<_> = std::fs::read_dir(root.join("tmp")).unwrap().flatten().map(|e| e.path()).collect();
        assert_eq!(left, Vec::<PathBuf>::new(), "{mode:?}: left in TMPDIR");
    }
}

/// The folders both commands judge, as (folder, files): one `NQueens.java` in `package queens`;
/// Java classes in `package lab.queens` in `src/lab/queens/` (saved in `lab/queens/`, two folders
/// below the build's, where javac writes their classes); [`judging::projects`]'s C project with its
/// header and its Python folder. Every one a correct AcWing 843 program.
fn folders() -> Vec<(&'static str, Vec<(String, String)>)> {
    let projects = judging::projects();
    let project = |name: &str| projects.iter().find(|(n, _)| *n == name).unwrap().1.clone();
    let java = project("java");
    let text = |file: &str| java.iter().find(|(f, _)| *f == file).unwrap().1.clone();
    let one = text("Main.java").replace("package lab;", "package queens;").replace("class Main", "class NQueens")
        + &text("Board.java").replace("package lab;\n", "");
    let owned = |files: Vec<(&str, String)>| files.into_iter().map(|(f, t)| (f.to_string(), t)).collect();
    vec![
        ("one", vec![("NQueens.java".to_string(), one)]),
        (
            "packaged",
            java.iter()
                .map(|(f, t)| (format!("src/lab/queens/{f}"), t.replace("package lab;", "package lab.queens;")))
                .collect(),
        ),
        ("c", owned(project("c"))),
        ("python", owned(project("python"))),
    ]
}

#[test]
fn grade_and_judge_decide_a_folder_alike_and_java_packages_build_in_every_mode() {
    let tag = "one-path";
    if !judging::have_java(tag) {
        return;
    }
    let dir = room();
    let root = dir.path();
    let folders = folders();
    for (folder, files) in &folders {
        let files: Vec<(String, String)> = files.iter().map(|(f, t)| (format!("{folder}/{f}"), t.clone())).collect();
        write(root, &files);
    }
    let ac = "AC Accepted: 2/2 tests passed";
    for mode in modes() {
        let out = labs(root, mode, &["grade", "-f", "acwing", "--n", "4,6", "--journal", "grade.jsonl", "class"]);
        assert_eq!(out.status.code(), Some(0), "{mode:?}: {}", stderr(&out));
        let (graded, table) = (rows(&out), stdout(&out));
        for (folder, _) in &folders {
            let out = labs(root, mode, &["judge", "-f", "acwing", "--n", "4,6", &format!("class/{folder}")]);
            let judged = stdout(&out).lines().find(|l| l.starts_with("AcWing: ")).map(|l| l[8..].to_string());
            assert_eq!(judged.as_deref(), Some(ac), "{mode:?} judge {folder}: {}{}", stdout(&out), stderr(&out));
            assert_eq!(graded.get(*folder).map(String::as_str), Some(ac), "{mode:?} grade {folder}: {table}");
        }
        std::fs::remove_file(root.join("grade.jsonl")).unwrap();
    }
}

#[test]
fn a_compile_errors_first_line_is_whole_and_names_no_path_of_labss_in_every_output() {
    let dir = room();
    let root = dir.path();
    // gcc's reason comes after the name: `error: 'vvv…' undeclared (first use in this function)`.
    let name = "v".repeat(150);
    let long = ("long.c".to_string(), format!("int main(void) {{ return {name}; }}\n"));
    // Built, the command that built it is shown: its output file in labs's build folder too.
    write(root, &[long, ("alice.c".to_string(), judging::queens_c())]);
    let reason = format!("error: '{name}' undeclared (first use in this function)");
    for mode in modes() {
        let _ = std::fs::remove_dir_all(root.join("feedback"));
        let args = ["grade", "-f", "acwing", "--n", "4", "--feedback", "feedback", "--export-markdown", "g.md"];
        let out = labs(root, mode, &[&args[..], &["--journal", "grade.jsonl", "class"]].concat());
        assert_eq!(out.status.code(), Some(0), "{mode:?}: {}", stderr(&out));
        let read = |path: PathBuf| String::from_utf8_lossy(&std::fs::read(path).unwrap()).into_owned();
        let mut texts = vec![("stdout".to_string(), stdout(&out)), ("stderr".to_string(), stderr(&out))];
        for file in ["g.md", "grade.jsonl"] {
            texts.push((file.to_string(), read(root.join(file))));
        }
        for entry in std::fs::read_dir(root.join("feedback")).unwrap().flatten() {
            texts.push((entry.path().display().to_string(), read(entry.path())));
        }
        for (what, text) in &texts {
            assert!(!text.contains("labs-judge-"), "{mode:?}: {what} names labs's temporary folder:\n{text}");
        }
        // Alice's feedback is hers, with no compile error.
        for (what, text) in texts.iter().filter(|(what, _)| what != "stderr" && !what.ends_with("alice.md")) {
            assert!(text.contains(&reason), "{mode:?}: {what} cuts the first error line:\n{text}");
        }
        std::fs::remove_file(root.join("grade.jsonl")).unwrap();
    }
}

#[test]
fn a_gbk_source_is_built_transcoded_to_utf8_and_the_report_says_so() {
    let tag = "gbk";
    if !judging::have_java(tag) {
        return;
    }
    let dir = room();
    let root = dir.path();
    // A Chinese Windows editor's GBK: a comment and a string literal in Chinese, which javac
    // (-encoding UTF-8) and python3 refuse as they are. Each prints n = 1's board if the string
    // reached it as two characters.
    let java = "// 八皇后：n = 1\npublic class Main {\n    public static void main(String[] a) {\n        String q = \"皇后\";\n        System.out.println(q.length() == 2 ? \"[[\\\"Q\\\"]]\" : \"[]\");\n    }\n}\n";
    let python = "# 八皇后：n = 1\nq = \"皇后\"\nprint('[[\"Q\"]]' if len(q) == 2 else '[]')\n";
    for (file, text) in [("zhao/Main.java", java), ("qian.py", python)] {
        let (gbk, _, unmappable) = encoding_rs::GBK.encode(text);
        assert!(!unmappable && std::str::from_utf8(&gbk).is_err());
        let path = root.join("class").join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::set_permissions(path.parent().unwrap(), std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::write(&path, &gbk).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
    }
    let ac = "AC Accepted: 1 / 1 testcases passed";
    let note = |file: &str| format!("{file}: saved in GBK, not UTF-8; built transcoded to UTF-8");
    for mode in modes() {
        let grade = ["grade", "-f", "leetcode", "--n", "1", "--journal", "grade.jsonl"];
        let out = labs(root, mode, &[&grade[..], &["class"]].concat());
        assert_eq!(out.status.code(), Some(0), "{mode:?}: {}", stderr(&out));
        let graded = rows(&out);
        // The journal keeps each student's notes (the feedback shows them under a failed point).
        let journal = std::fs::read_to_string(root.join("grade.jsonl")).unwrap();
        for (student, file) in [("zhao", "Main.java"), ("qian", "qian.py")] {
            assert_eq!(graded.get(student).map(String::as_str), Some(ac), "{mode:?}: {}", stdout(&out));
            let line = journal.lines().find(|l| l.starts_with(&format!("{{\"student\":\"{student}\""))).unwrap();
            assert!(line.contains(&note(file)), "{mode:?}: {student}'s journal line: {line}");
        }
        for (path, file) in [("class/zhao", "Main.java"), ("class/qian.py", "qian.py")] {
            let out = labs(root, mode, &["judge", "-f", "leetcode", "--n", "1", path]);
            let report = stdout(&out);
            assert!(report.ends_with(&format!("LeetCode: {ac}\n")), "{mode:?} {path}: {report}{}", stderr(&out));
            assert!(report.contains(&format!("note: {}", note(file))), "{mode:?} {path}: {report}");
        }
        std::fs::remove_file(root.join("grade.jsonl")).unwrap();
    }
}
