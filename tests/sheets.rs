//! The lab sheets: every command a sheet shows is run, and its output compared with the sheet's.
//!
//! A sheet shows commands in ```` ```console ```` blocks: a line `$ command` (run by bash, with the
//! built `labs` first on PATH, stderr merged into stdout, exit status 0 required), then the output
//! it prints. In the expected output, `[..]` stands for any text within a line (an elapsed time)
//! and a line `...` for any number of lines. `LABS_BLESS=1 cargo test` rewrites the output of the
//! commands that differ, as for the golden files.

use nqueens_labs::sheets::SHEETS;
use pretty_assertions::assert_eq;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// One command of a sheet and the output the sheet shows for it.
struct Example {
    /// 0-based line of the `$ ` line in the sheet.
    line: usize,
    /// The block's indentation (a block inside a list item is indented), stripped from its lines.
    indent: String,
    command: String,
    /// The output lines: from `line + 1` up to, not including, the next command or the fence.
    expected: Vec<String>,
}

/// Every example in a sheet's ```console blocks.
fn examples(text: &str) -> Vec<Example> {
    let mut found: Vec<Example> = Vec::new();
    let mut console: Option<String> = None;
    for (k, line) in text.lines().enumerate() {
        let body = line.trim_start();
        if body.starts_with("```") {
            console = (body.trim_end() == "```console").then(|| line[..line.len() - body.len()].to_string());
            continue;
        }
        let Some(indent) = &console else { continue };
        let line = line.strip_prefix(indent.as_str()).unwrap_or(line.trim_start());
        if let Some(command) = line.strip_prefix("$ ") {
            found.push(Example { line: k, indent: indent.clone(), command: command.to_string(), expected: Vec::new() });
        } else {
            found.last_mut().expect("a console block starts with a `$ ` line").expected.push(line.to_string());
        }
    }
    found
}

/// Whether `line` matches `pattern`, where each `[..]` in the pattern matches any text.
fn line_matches(pattern: &str, line: &str) -> bool {
    let parts: Vec<&str> = pattern.split("[..]").collect();
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if parts.len() == 1 {
        return pattern == line;
    }
    if !line.starts_with(first) || !line[first.len()..].ends_with(last) {
        return false;
    }
    let mut rest = &line[first.len()..line.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Whether `actual` matches `expected`, where a line `...` matches any number of lines.
fn matches(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((dots, rest)) if dots == "..." => (0..=actual.len()).any(|k| matches(rest, &actual[k..])),
        Some((pattern, rest)) => !actual.is_empty() && line_matches(pattern, actual[0]) && matches(rest, &actual[1..]),
    }
}

/// Runs a sheet's command as a student would type it; its stdout and stderr, merged.
fn run(command: &str) -> String {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_labs"));
    let path = format!("{}:{}", bin.parent().unwrap().display(), std::env::var("PATH").unwrap_or_default());
    let out = Command::new("bash")
        .arg("-c")
        .arg(format!("{{ {command}\n}} 2>&1"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("PATH", path)
        .stdin(Stdio::null())
        .output()
        .expect("bash runs");
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    if !out.status.success() {
        text += &format!("[exit status {:?}]\n", out.status.code());
    }
    text
}

/// Runs every example of the Markdown file `path` (named `name` in messages), adding the expected
/// and actual text of each one that differs to `want` and `got`; with `bless`, rewrites the file
/// with what the commands print. Returns how many examples the file shows.
fn check(path: &Path, name: &str, bless: bool, want: &mut String, got: &mut String) -> usize {
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let found = examples(&text);
    // From the last example up, so that rewriting one keeps the line numbers of those above.
    for example in found.iter().rev() {
        let actual = run(&example.command);
        let actual: Vec<&str> = actual.lines().collect();
        if matches(&example.expected, &actual) {
            continue;
        }
        let at = example.line + 1;
        let indented =
            actual.iter().map(|l| if l.is_empty() { String::new() } else { format!("{}{l}", example.indent) });
        lines.splice(at..at + example.expected.len(), indented);
        let place = format!("{name}:{}: $ {}\n", example.line + 1, example.command);
        *want += &format!("{place}{}\n", example.expected.join("\n"));
        *got += &format!("{place}{}\n", actual.join("\n"));
    }
    if bless {
        std::fs::write(path, lines.join("\n") + "\n").unwrap();
    }
    found.len()
}

#[test]
fn every_command_in_every_sheet_prints_what_the_sheet_shows() {
    let bless = std::env::var_os("LABS_BLESS").is_some();
    let (mut want, mut got) = (String::new(), String::new());
    for sheet in SHEETS {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("labs").join(sheet.file);
        let shown = check(&path, &format!("labs/{}", sheet.file), bless, &mut want, &mut got);
        assert!(shown > 0 || sheet.name == "intro", "{} shows no command", sheet.file);
    }
    if !bless {
        assert_eq!(want, got, "lab sheets differ from what their commands print (LABS_BLESS=1 rewrites them)");
    }
}

/// The README's ```console examples are checked the same way; examples that need what a test
/// cannot count on (a student's compiled program, a cluster, GNU parallel) or whose numbers are
/// timings throughout (`labs bench`) are shown in ```text blocks instead.
#[test]
fn every_command_in_the_readme_prints_what_it_shows() {
    let bless = std::env::var_os("LABS_BLESS").is_some();
    let (mut want, mut got) = (String::new(), String::new());
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    assert!(check(&path, "README.md", bless, &mut want, &mut got) > 10, "README.md shows too few commands");
    if !bless {
        assert_eq!(want, got, "README.md differs from what its commands print (LABS_BLESS=1 rewrites it)");
    }
}

#[test]
fn every_sheet_in_labs_is_built_in_and_printed_as_is() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("labs");
    let mut files: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    files.sort();
    assert_eq!(files, SHEETS.map(|s| s.file.to_string()), "labs/ and sheets::SHEETS list different files");
    for sheet in SHEETS {
        let out = Command::new(env!("CARGO_BIN_EXE_labs")).args(["lab", sheet.name]).output().unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout), sheet.text, "labs lab {}", sheet.name);
        assert!(sheet.text.starts_with("# "), "{} opens with its title", sheet.file);
    }
}

#[test]
fn the_checker_understands_its_wildcards() {
    let lines = |s: &str| s.lines().map(String::from).collect::<Vec<_>>();
    assert!(matches(&lines("a\n...\nz"), &["a", "b", "c", "z"]));
    assert!(matches(&lines("a\n...\nz"), &["a", "z"]));
    assert!(!matches(&lines("a\n...\nz"), &["a", "b"]));
    assert!(matches(&lines("naive n=8: [..] probes, [..]"), &["naive n=8: 1 solution, 15665 probes, 25.1 µs"]));
    assert!(!matches(&lines("naive n=8: [..] probes"), &["naive n=8: 1 solution, 15665 probes, 25.1 µs"]));
    assert!(!matches(&lines("92"), &["92", "extra"]));
}
