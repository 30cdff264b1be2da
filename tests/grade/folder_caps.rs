//! A student's folder is capped (issue 47, item 7): entries looked at, sources and headers, and
//! their bytes (a multiple of `--max-source`), decided by the walk from names and sizes before
//! any file is read. A folder of 20,000 empty headers is refused, unread (as a user, the headers
//! are mode 000: a read would say "unreadable"), and one of 300 MB of sources within
//! `--max-source` each is refused with the grader's peak memory small (GNU time's `%M`). Each run
//! as root and as an ordinary user; afterwards nothing the test started is alive.

use crate::judging::{LABS, Watched, assert_nothing_survives, queens_c};
use pretty_assertions::assert_eq;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::{Command, Output};

/// `labs grade` of `root/class` (`--max-source 2097152`) under GNU time, as root or (`user`) nobody:
/// its output, and its peak resident memory in KiB.
fn grade(root: &Path, user: bool) -> (Output, u64) {
    let time = "/usr/bin/time";
    assert!(Path::new(time).exists(), "GNU time is needed: apt-get install time");
    let mut command = Command::new(time);
    command.args(["-f", "peak %M"]);
    if user {
        command.args(["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]);
    }
    command
        .arg(LABS)
        .args(["grade", "-f", "acwing", "--n", "4", "--sandbox", "off", "--lang", "en", "--max-source", "2097152"])
        .arg("class")
        .current_dir(root)
        .env("TMPDIR", root.join("tmp"))
        .env("NO_COLOR", "1")
        .env("LC_ALL", "C");
    let _ = std::fs::remove_file(root.join("grade.jsonl"));
    let out = command.watched_output();
    assert_nothing_survives(&format!("user {user}"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    let peak = stderr.lines().rev().find_map(|l| l.strip_prefix("peak ")).expect("GNU time's line");
    (out.clone(), peak.trim().parse().unwrap())
}

/// The table's score of `entry`.
fn row<'a>(table: &'a str, entry: &str) -> &'a str {
    let line = table.lines().find(|l| l.trim_start_matches('│').trim().starts_with(entry));
    line.unwrap_or_else(|| panic!("no row of {entry}:\n{table}"))
}

#[test]
fn a_folder_over_its_caps_is_refused_before_anything_is_read() {
    // alice.c, an honest student, beside the folders.
    let dir = crate::outputs::room();
    let root = dir.path();
    let class = root.join("class");
    let folder = |name: &str| {
        std::fs::create_dir(class.join(name)).unwrap();
        std::fs::write(class.join(name).join("main.c"), queens_c()).unwrap();
        class.join(name)
    };
    // 20,000 empty headers, unreadable but by root.
    let many = folder("many");
    for k in 0..20_000 {
        std::fs::File::create(many.join(format!("h{k}.h"))).unwrap();
        std::fs::set_permissions(many.join(format!("h{k}.h")), std::fs::Permissions::from_mode(0o000)).unwrap();
    }
    // 300 headers: within the entries looked at, over the files.
    let some = folder("some");
    for k in 0..300 {
        std::fs::write(some.join(format!("h{k}.h")), "").unwrap();
    }
    // 150 sources of 2,000,000 bytes each (sparse): each within --max-source (2 MiB), 300 MB in all.
    let big = folder("big");
    for k in 0..150 {
        let file = std::fs::File::create(big.join(format!("part{k}.c"))).unwrap();
        file.set_len(2_000_000).unwrap();
    }
    for dir in [&class, &many, &some, &big] {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            if entry.path().is_dir() {
                std::fs::set_permissions(entry.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
            }
        }
    }
    for user in [false, true] {
        let started = std::time::Instant::now();
        let (out, peak) = grade(root, user);
        let (table, stderr) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert_eq!(out.status.code(), Some(0), "user {user}: {stderr}");
        eprintln!("user {user}: {:.1} s, peak {peak} KiB", started.elapsed().as_secs_f64());
        assert!(row(&table, "alice").contains("AC"), "user {user}:\n{table}");
        assert!(row(&table, "many/").contains("more than 5000 files and folders in it"), "user {user}:\n{table}");
        assert!(row(&table, "some/").contains("more than 200 source and header files"), "user {user}:\n{table}");
        assert!(row(&table, "big/").contains("take more than 16.0 MiB (8 × --max-source)"), "user {user}:\n{table}");
        assert!(!table.contains("unreadable"), "user {user}: nothing was read:\n{table}");
        assert!(peak < 100 * 1024, "user {user}: peak {peak} KiB");
    }
}
