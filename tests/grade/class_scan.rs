//! The class scan of `labs grade` against a class folder nobody checked (issue 36, failures 1–4):
//! a hard link to a file outside the class, a symbolic link, a linked folder, a link inside a
//! student's folder, a sparse 2 GiB file, a source swapped for a link to a secret while the class
//! is graded, a file that grows while it is read, names that are not UTF-8 (GBK, as a Windows zip
//! names them) and names with invisible or look-alike characters. Each run is checked as root
//! with the sandbox off and on and as an ordinary user; the secret (`SECRET-LINE`, a file of the
//! test's own outside the class) never reaches the table, stderr, the journal, an export or a
//! feedback file, and afterwards nothing the test started is alive.

use crate::judging::{LABS, Watched, assert_nothing_survives, labs_as_a_user, queens_c};
use nqueens_labs::grade::class::sha256;
use nqueens_labs::judge::foreign::{self, Unread};
use pretty_assertions::assert_eq;
use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// The secret a hostile class tries to get shown: a file of the test's own, outside the class,
/// readable by everyone (as a reference solution on a shared machine would be).
const SECRET: &str = "SECRET-LINE\n";

const AC: &str = "AC Accepted: 2/2 tests passed";

/// Who runs labs, and with which sandbox.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Mode {
    RootSandboxOff,
    RootSandboxOn,
    UserSandboxOff,
}

const MODES: [Mode; 3] = [Mode::RootSandboxOff, Mode::RootSandboxOn, Mode::UserSandboxOff];

/// [`MODES`] this build can grade in: the portable backend has no sandbox.
fn modes() -> Vec<Mode> {
    let portable = cfg!(feature = "portable-backend");
    if portable {
        eprintln!("RootSandboxOn: SKIPPED, the portable backend has no sandbox");
    }
    MODES.into_iter().filter(|m| !(portable && *m == Mode::RootSandboxOn)).collect()
}

/// A folder with `class/`, `tmp/` (labs's TMPDIR) and `outside/secret.c`, open to the user that
/// [`Mode::UserSandboxOff`] runs labs as.
fn room() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    for (sub, mode) in [("", 0o777), ("class", 0o755), ("tmp", 0o777), ("outside", 0o755)] {
        std::fs::create_dir_all(root.join(sub)).unwrap();
        std::fs::set_permissions(root.join(sub), std::fs::Permissions::from_mode(mode)).unwrap();
    }
    std::fs::write(root.join("outside/secret.c"), SECRET).unwrap();
    std::fs::set_permissions(root.join("outside/secret.c"), std::fs::Permissions::from_mode(0o644)).unwrap();
    dir
}

/// Writes `text` at `path` below `root/class`, readable by everyone.
fn write(root: &Path, path: impl AsRef<Path>, text: &str) {
    let path = root.join("class").join(path);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::set_permissions(path.parent().unwrap(), std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
}

/// `labs grade` of `root/class` in `mode`, with feedback and every export, in `lang`; each run
/// in a fresh journal and feedback folder.
fn grade(root: &Path, mode: Mode, lang: &str) -> Output {
    for old in ["grade.jsonl", "g.csv", "g.md", "g.json"] {
        let _ = std::fs::remove_file(root.join(old));
    }
    let _ = std::fs::remove_dir_all(root.join("feedback"));
    let mut command = match mode {
        Mode::UserSandboxOff => labs_as_a_user(),
        _ => Command::new(LABS),
    };
    let sandbox = match mode {
        Mode::RootSandboxOn => "on",
        _ => "off",
    };
    command
        .args(["grade", "-f", "acwing", "--n", "4,6", "--time-limit", "3", "--memory-limit", "256", "--jobs", "2"])
        .args(["--sandbox", sandbox, "--lang", lang, "--feedback", "feedback"])
        .args(["--export-csv", "g.csv", "--export-markdown", "g.md", "--export-json", "g.json", "class"])
        .current_dir(root)
        .env("TMPDIR", root.join("tmp"))
        .env("NO_COLOR", "1")
        .env("LC_ALL", "C");
    let out = command.watched_output();
    assert_nothing_survives(&format!("{mode:?}"));
    out
}

/// The table's rows: (student or entry, score).
fn rows(out: &Output) -> Vec<(String, String)> {
    let table = String::from_utf8_lossy(&out.stdout);
    let cells = |line: &str| line.trim_matches('│').split('┆').map(|c| c.trim().to_string()).collect::<Vec<_>>();
    // The first row is the header.
    table.lines().filter(|l| l.starts_with('│')).skip(1).map(cells).map(|c| (c[0].clone(), c[2].clone())).collect()
}

/// Every text the run left: stdout, stderr, the journal, the exports, each feedback file.
fn everything(root: &Path, out: &Output) -> Vec<(String, String)> {
    let mut all = vec![
        ("stdout".to_string(), String::from_utf8_lossy(&out.stdout).into_owned()),
        ("stderr".to_string(), String::from_utf8_lossy(&out.stderr).into_owned()),
    ];
    let mut files: Vec<PathBuf> = ["grade.jsonl", "g.csv", "g.md", "g.json"].iter().map(|f| root.join(f)).collect();
    files.extend(std::fs::read_dir(root.join("feedback")).into_iter().flatten().flatten().map(|e| e.path()));
    for file in files {
        all.push((file.display().to_string(), String::from_utf8_lossy(&std::fs::read(&file).unwrap()).into_owned()));
    }
    all
}

/// Asserts the run of `mode` left the secret nowhere and nothing in labs's TMPDIR (no copy kept).
fn assert_kept_secret(root: &Path, out: &Output, mode: Mode) {
    for (what, text) in everything(root, out) {
        assert!(!text.contains("SECRET"), "{mode:?}: {what} holds the secret:\n{text}");
    }
    let left: Vec<_> = std::fs::read_dir(root.join("tmp")).unwrap().flatten().map(|e| e.path()).collect();
    assert_eq!(left, Vec::<PathBuf>::new(), "{mode:?}: left in TMPDIR");
}

/// Sets its flag when dropped, so that a background thread stops even when an assertion fails
/// (else the scope it runs in would wait for it forever).
struct Stop<'a>(&'a AtomicBool);

impl Drop for Stop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The journal's `sha256` of `student`'s result, if graded.
fn journal_sha256(root: &Path, student: &str) -> Option<String> {
    let journal = std::fs::read_to_string(root.join("grade.jsonl")).unwrap();
    journal
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find_map(|line| (line["student"] == student).then(|| line["sha256"].as_str().unwrap().to_string()))
}

#[test]
fn links_hard_and_symbolic_and_a_sparse_2_gib_file_are_refused_unread_in_every_mode() {
    let dir = room();
    let root = dir.path();
    let (class, secret) = (root.join("class"), root.join("outside/secret.c"));
    write(root, "alice.c", &queens_c());
    // A second name of the secret, inside the class: nothing in the class says it is a link.
    std::fs::hard_link(&secret, class.join("mallory.c")).unwrap();
    std::os::unix::fs::symlink(&secret, class.join("shadow.c")).unwrap();
    std::os::unix::fs::symlink(root.join("outside"), class.join("linkdir")).unwrap();
    std::fs::create_dir(class.join("bob")).unwrap();
    std::os::unix::fs::symlink(&secret, class.join("bob/main.c")).unwrap();
    // 2 GiB that take no room on disk.
    assert!(Command::new("truncate").args(["-s", "2G"]).arg(class.join("huge.c")).status().unwrap().success());
    let expected = |lang: &str| -> Vec<(String, String)> {
        let rows: [(&str, &str, &str); 6] = [
            ("alice", AC, AC),
            (
                "bob/",
                "not graded: main.c in it is a symbolic link, not followed",
                "未评测：其中的 main.c 是符号链接，不跟随",
            ),
            (
                "huge.c",
                "not graded: too large (2.00 GiB, over the cap of 1.00 MiB: --max-source)",
                "未评测：文件太大（2.00 GiB，超过上限 1.00 MiB，见 --max-source）",
            ),
            ("linkdir", "not graded: a symbolic link, not followed", "未评测：符号链接，不跟随"),
            (
                "mallory.c",
                "not graded: a hard link (2 names for one file), not read",
                "未评测：硬链接（一个文件有 2 个名字），不读取",
            ),
            ("shadow.c", "not graded: a symbolic link, not followed", "未评测：符号链接，不跟随"),
        ];
        // Alice's verdict is the judge's words, pinned in tests/grade.rs; here only the refusals.
        let rows = rows.iter().filter(|(who, _, _)| lang == "en" || *who != "alice");
        rows.map(|(who, en, zh)| (who.to_string(), if lang == "zh" { zh } else { en }.to_string())).collect()
    };
    for mode in modes() {
        let started = Instant::now();
        let out = grade(root, mode, "en");
        assert_eq!(out.status.code(), Some(0), "{mode:?}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(rows(&out), expected("en"), "{mode:?}");
        assert_kept_secret(root, &out, mode);
        eprintln!("{mode:?}: graded in {:.1} s", started.elapsed().as_secs_f64());
    }
    let out = grade(root, Mode::RootSandboxOff, "zh");
    let refused: Vec<(String, String)> = rows(&out).into_iter().filter(|(who, _)| who != "alice").collect();
    assert_eq!(refused, expected("zh"));
    assert_kept_secret(root, &out, Mode::RootSandboxOff);
}

#[test]
fn a_sparse_2_gib_file_is_refused_by_its_size_without_being_read() {
    let dir = tempfile::tempdir().unwrap();
    assert!(Command::new("truncate").args(["-s", "2G"]).arg(dir.path().join("huge.c")).status().unwrap().success());
    let started = Instant::now();
    let read = foreign::read(dir.path(), Path::new("huge.c"), 1 << 20);
    let took = started.elapsed();
    assert!(matches!(read, Err(Unread::TooLarge(len)) if len == 2 << 30), "{read:?}");
    assert!(took < Duration::from_millis(100), "took {took:?}");
}

#[test]
fn a_file_that_grows_while_it_is_read_is_refused() {
    // A file whose size says 0 and that yields more: /proc's, the plainest growing file.
    let read = foreign::read(Path::new("/proc/self"), Path::new("status"), 16);
    assert!(matches!(read, Err(Unread::Grew)), "{read:?}");
    // A real one, grown by a thread while it is read: never more than the cap comes back.
    let dir = tempfile::tempdir().unwrap();
    let (path, cap) = (dir.path().join("grow.c"), 256 << 10);
    std::fs::write(&path, vec![b'x'; cap]).unwrap();
    let stop = AtomicBool::new(false);
    let (mut grew, mut read_whole) = (0, 0);
    std::thread::scope(|scope| {
        scope.spawn(|| {
            let mut file = std::fs::OpenOptions::new().append(true).open(&path).unwrap();
            while !stop.load(Ordering::Relaxed) {
                std::io::Write::write_all(&mut file, &[b'y'; 4096]).unwrap();
                file.set_len(cap as u64).unwrap();
            }
        });
        let _stop = Stop(&stop);
        for _ in 0..2000 {
            match foreign::read(dir.path(), Path::new("grow.c"), cap as u64) {
                Ok(bytes) => {
                    assert!(bytes.len() <= cap);
                    read_whole += 1;
                }
                Err(Unread::Grew) => grew += 1,
                Err(Unread::TooLarge(len)) => assert!(len > cap as u64),
                Err(other) => panic!("{other:?}"),
            }
        }
    });
    eprintln!("growing file: {grew} reads refused as grown, {read_whole} read within the cap");
}

#[test]
fn a_source_swapped_for_a_link_to_a_secret_while_the_class_is_graded_is_never_read() {
    let dir = room();
    let root = dir.path();
    let (honest, wrong) = (queens_c(), "int main(void) { return 0; }\n".to_string());
    write(root, "alice.c", &queens_c());
    write(root, "eve/main.c", &honest);
    // Eve's folder is hers: the whole time, main.c turns into a link to the secret, back into
    // the honest file, and into a wrong one.
    let eve = root.join("class/eve");
    std::fs::set_permissions(&eve, std::fs::Permissions::from_mode(0o777)).unwrap();
    let (stop, swaps) = (AtomicBool::new(false), AtomicUsize::new(0));
    let (link, file, main) = (eve.join(".link"), eve.join(".file"), eve.join("main.c"));
    std::thread::scope(|scope| {
        scope.spawn(|| {
            while !stop.load(Ordering::Relaxed) {
                let _ = std::fs::remove_file(&link);
                std::os::unix::fs::symlink(root.join("outside/secret.c"), &link).unwrap();
                std::fs::rename(&link, &main).unwrap();
                for source in [&honest, &wrong] {
                    std::fs::write(&file, source).unwrap();
                    std::fs::rename(&file, &main).unwrap();
                }
                swaps.fetch_add(1, Ordering::Relaxed);
            }
        });
        let _stop = Stop(&stop);
        for mode in modes() {
            let out = grade(root, mode, "en");
            assert_eq!(out.status.code(), Some(0), "{mode:?}: {}", String::from_utf8_lossy(&out.stderr));
            assert_kept_secret(root, &out, mode);
            let rows = rows(&out);
            assert_eq!(rows[0], ("alice".to_string(), AC.to_string()), "{mode:?}");
            // The scan saw one of the files, or the link: the bytes it judged are the bytes the
            // journal's sha256 is of (the honest ones accepted, the wrong ones not), or nothing.
            let judged = |source: &str| journal_sha256(root, "eve") == Some(sha256(source.as_bytes()));
            match rows[1].1.as_str() {
                AC => assert!(judged(&honest), "{mode:?}: accepted, and not the honest bytes' sha256"),
                wa if wa.starts_with("WA ") => {
                    assert!(judged(&wrong), "{mode:?}: {wa}, and not the wrong bytes' sha256")
                }
                refused => assert_eq!(refused, "not graded: main.c in it is a symbolic link, not followed", "{mode:?}"),
            }
            eprintln!("{mode:?}: eve {}", rows[1].1);
        }
    });
    assert!(swaps.load(Ordering::Relaxed) > 100, "the swaps ran: {swaps:?}");
}

#[test]
fn names_that_are_not_utf8_or_look_alike_are_shown_apart_escaped_and_flagged() {
    let dir = room();
    let root = dir.path();
    let gbk = |name: &[u8], ext: &str| PathBuf::from(OsStr::from_bytes(&[name, ext.as_bytes()].concat()));
    // 张三, 李四, 王五 in GBK, as a Windows zip names them; a UTF-8 张三 beside them.
    write(root, gbk(b"\xd5\xc5\xc8\xfd", ".c"), &queens_c());
    write(root, gbk(b"\xc0\xee\xcb\xc4", ".c"), &queens_c());
    write(root, gbk(b"\xcd\xf5\xce\xe5", ".c"), &queens_c());
    write(root, "张三.C", &queens_c());
    // Bytes that are neither UTF-8 nor GBK.
    write(root, gbk(b"li\xff\xfe", ".c"), &queens_c());
    write(root, "alice.c", &queens_c());
    write(root, "alice\u{200b}.c", &queens_c());
    write(root, "\u{430}lice.c", &queens_c());
    // The scan is labs's own, the same in every mode: every mode in English, one in Chinese.
    let en = ("en", ": the file's name holds characters that show as nothing or look like others");
    let zh = ("zh", "：文件名里有看不见或与别的字符相像的字符");
    let runs = modes().into_iter().map(|mode| (mode, en)).chain([(Mode::RootSandboxOff, zh)]);
    for (mode, (lang, note)) in runs {
        let out = grade(root, mode, lang);
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let mut names: Vec<String> = rows(&out).into_iter().map(|(name, score)| format!("{name}: {score}")).collect();
        names.sort();
        let verdict = if lang == "zh" { "AC 答案正确：通过了 2/2 个数据" } else { AC };
        let ac = |name: &str| format!("{name}: {verdict}");
        let mut expected = [
            ac("\\u{0430}lice"),
            ac("\\xd5\\xc5\\xc8\\xfd"),
            ac("alice"),
            ac("alice\\u{200b}"),
            ac("li\\xff\\xfe"),
            ac("张三"),
            ac("李四"),
            ac("王五"),
        ];
        expected.sort();
        assert_eq!(names, expected, "{lang}");
        let table = String::from_utf8_lossy(&out.stdout);
        let flagged: Vec<&str> =
            table.lines().filter(|l| l.contains(note)).map(|l| l.split(note).next().unwrap()).collect();
        assert_eq!(flagged, ["\\u{0430}lice", "alice\\u{200b}"], "{lang}: {table}");
        for (what, text) in everything(root, &out) {
            let raw: Vec<char> = text.chars().filter(|c| matches!(c, '\u{200b}' | '\u{430}' | '\u{fffd}')).collect();
            assert_eq!(raw, Vec::<char>::new(), "{lang}: {what}: {text}");
        }
    }
}
