//! The lab sheets, the READMEs and the guides under `docs/`: every command they show is run, and
//! its output compared with theirs.
//!
//! A file shows commands in ```` ```console ```` blocks (see `common/console.rs`). Each block runs
//! top-down, as a reader types it, in a fresh temporary directory of its own: a command may use
//! what an earlier one in its block wrote, and nothing a command writes lands in the repository.
//! Each line is run by bash with the built `labs` first on PATH, stderr merged into stdout, in the
//! file's language: the C locale for an English file, `zh_CN.UTF-8` for a Chinese one (under
//! `labs/zh/` or `docs/zh/`, or `README.zh-CN.md`), so that a Chinese file shows what a Chinese
//! student's `labs` prints; an exit status other than 0
//! is shown as a last line in the file's language, `[exit status 2]` or `[退出码 2]`. In the expected output, `[..]` stands for any text
//! within a line (an elapsed time) and a line `...` for any number of lines. Blocks marked
//! `slow` run only with `LABS_SLOW=1`. `LABS_BLESS=1 cargo test` rewrites the output of the
//! commands that differ, as for the golden files.

use crate::common;

use common::console::{self, Block};
use nqueens_labs::lang::Lang;
use nqueens_labs::sheets::SHEETS;
use pretty_assertions::assert_eq;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

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

/// The directory of the built `labs`, to put first on PATH.
fn bin_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_labs")).parent().unwrap().to_path_buf()
}

/// The language a file's commands run in: Chinese for the Chinese twins, else English.
fn language_of(path: &str) -> Lang {
    let chinese = path.starts_with("labs/zh/") || path.starts_with("docs/zh/") || path == "README.zh-CN.md";
    if chinese { Lang::Zh } else { Lang::En }
}

/// Runs one command as a reader would type it, in `dir`, in `lang`'s locale; its stdout and
/// stderr, merged.
fn run(command: &str, dir: &Path, lang: Lang) -> String {
    let path = format!("{}:{}", bin_dir().display(), std::env::var("PATH").unwrap_or_default());
    let out = Command::new("bash")
        .arg("-c")
        .arg(format!("{{ {command}\n}} 2>&1"))
        .current_dir(dir)
        .env("PATH", path)
        .env("HOME", dir)
        .env("LANG", if lang == Lang::Zh { "zh_CN.UTF-8" } else { "C" })
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("NO_COLOR")
        .env_remove("COLUMNS")
        .stdin(Stdio::null())
        .output()
        .expect("bash runs");
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    if !out.status.success() {
        text += &match (out.status.code(), lang) {
            (Some(code), Lang::En) => format!("[exit status {code}]\n"),
            (Some(code), Lang::Zh) => format!("[退出码 {code}]\n"),
            (None, Lang::En) => "[ended by a signal]\n".to_string(),
            (None, Lang::Zh) => "[被信号结束]\n".to_string(),
        };
    }
    text
}

/// What running a file's blocks found: its examples' actual output, for those that differ.
struct Checked {
    /// How many examples the file shows.
    shown: usize,
    /// `(line of the $ line, actual output lines)` for each example that differs.
    differs: Vec<(usize, Vec<String>)>,
    /// The expected and actual text of the examples that differ, for one diff of the whole file.
    want: String,
    got: String,
}

/// Runs every block of `text` (named `name` in messages), each top-down in a fresh directory, in
/// `lang`.
fn check(text: &str, name: &str, lang: Lang) -> Checked {
    let slow = std::env::var_os("LABS_SLOW").is_some();
    let mut checked = Checked { shown: 0, differs: Vec::new(), want: String::new(), got: String::new() };
    for Block { examples, slow: is_slow, .. } in console::blocks(text) {
        checked.shown += examples.len();
        if is_slow && !slow {
            continue;
        }
        let dir = tempfile::tempdir().expect("a temporary directory");
        for example in examples {
            let actual = run(&example.command, dir.path(), lang);
            let actual: Vec<&str> = actual.lines().collect();
            if matches(&example.expected, &actual) {
                continue;
            }
            let place = format!("{name}:{}: $ {}\n", example.line + 1, example.command);
            checked.want += &format!("{place}{}\n", example.expected.join("\n"));
            checked.got += &format!("{place}{}\n", actual.join("\n"));
            checked.differs.push((example.line, actual.iter().map(|l| l.to_string()).collect()));
        }
    }
    checked
}

/// `text` with the output of each differing example replaced by what its command printed.
fn blessed(text: &str, differs: &[(usize, Vec<String>)]) -> String {
    let blocks = console::blocks(text);
    let mut lines: Vec<String> = Vec::new();
    let source: Vec<&str> = text.lines().collect();
    let mut k = 0;
    while k < source.len() {
        lines.push(source[k].to_string());
        let found = blocks.iter().find_map(|b| b.examples.iter().find(|e| e.line == k).map(|e| (b, e)));
        if let Some((block, example)) = found
            && let Some((_, actual)) = differs.iter().find(|(line, _)| *line == k)
        {
            lines.extend(
                actual.iter().map(|l| if l.is_empty() { String::new() } else { format!("{}{l}", block.indent) }),
            );
            k += example.expected.len();
        }
        k += 1;
    }
    lines.join("\n") + "\n"
}

/// Checks the file at `path` (from the top of the repository); with `LABS_BLESS`, rewrites it.
/// Returns how many examples it shows.
fn check_file(path: &str) -> usize {
    let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{path}: {e}"));
    let checked = check(&text, path, language_of(path));
    if std::env::var_os("LABS_BLESS").is_some() {
        std::fs::write(&full, blessed(&text, &checked.differs)).unwrap();
    } else {
        assert_eq!(checked.want, checked.got, "{path} differs from what its commands print (LABS_BLESS=1 rewrites it)");
    }
    checked.shown
}

#[test]
fn every_command_in_every_english_sheet_prints_what_the_sheet_shows() {
    for sheet in SHEETS {
        let shown = check_file(&format!("labs/{}", sheet.file));
        assert!(shown > 0 || sheet.name == "intro", "{} shows no command", sheet.file);
    }
}

#[test]
fn every_command_in_every_chinese_sheet_prints_what_the_sheet_shows() {
    for sheet in SHEETS {
        check_file(&format!("labs/zh/{}", sheet.file));
    }
}

/// The READMEs and the guides under `docs/` (and their Chinese twins under `docs/zh/`), from
/// the top of the repository.
fn documents() -> Vec<String> {
    let mut files = vec!["README.md".to_string(), "README.zh-CN.md".to_string()];
    for dir in ["docs", "docs/zh"] {
        let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        let mut guides: Vec<String> = std::fs::read_dir(&full)
            .unwrap_or_else(|e| panic!("{dir}: {e}"))
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".md"))
            .map(|name| format!("{dir}/{name}"))
            .collect();
        guides.sort();
        files.extend(guides);
    }
    files
}

/// The READMEs' and the guides' console examples are checked the same way; examples that need
/// what a test cannot count on (a student's compiled program, a cluster, GNU parallel) or whose
/// numbers are timings throughout (`labs bench`) are shown in ```text blocks instead.
#[test]
fn every_command_in_the_readmes_and_the_guides_prints_what_it_shows() {
    let mut shown = 0;
    for file in documents() {
        shown += check_file(&file);
    }
    assert!(shown > 40, "the READMEs and guides show only {shown} commands");
}

#[test]
fn every_sheet_in_labs_is_built_in_and_printed_as_is() {
    for (dir, lang) in [("labs", Lang::En), ("labs/zh", Lang::Zh)] {
        let full = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        let mut files: Vec<String> = std::fs::read_dir(&full)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".md"))
            .collect();
        files.sort();
        assert_eq!(files, SHEETS.map(|s| s.file.to_string()), "{dir}/ and sheets::SHEETS list different files");
        for sheet in SHEETS {
            let lang_flag = format!("--lang={}", if lang == Lang::Zh { "zh" } else { "en" });
            let out = Command::new(env!("CARGO_BIN_EXE_labs")).args(["lab", &lang_flag, sheet.name]).output().unwrap();
            assert_eq!(
                String::from_utf8_lossy(&out.stdout),
                sheet.text_in(lang),
                "labs lab {lang_flag} {}",
                sheet.name
            );
            assert!(sheet.text_in(lang).starts_with("# "), "{dir}/{} opens with its title", sheet.file);
        }
    }
}

#[test]
fn blocks_run_top_down_in_a_directory_of_their_own() {
    let text = "```console\n$ echo made > f; echo ok\nok\n$ cat f\nmade\n```\n\n```console\n$ ls\n```\n";
    let checked = check(text, "t.md", Lang::En);
    assert_eq!((checked.shown, checked.want, checked.got), (3, String::new(), String::new()));
}

#[test]
fn slow_blocks_run_only_when_asked_for() {
    let text = "```console slow\n$ echo never checked\nwrong\n```\n";
    let checked = check(text, "t.md", Lang::En);
    let slow = std::env::var_os("LABS_SLOW").is_some();
    assert_eq!((checked.shown, checked.differs.len()), (1, usize::from(slow)));
}

#[test]
fn blessing_rewrites_only_the_outputs_that_differ() {
    let text = "a\n```console\n$ echo 1\nwrong\nlines\n$ echo 2\n2\n```\n  ```console\n  $ echo 3\n  x\n  ```\n";
    let checked = check(text, "t.md", Lang::En);
    assert_eq!(
        blessed(text, &checked.differs),
        "a\n```console\n$ echo 1\n1\n$ echo 2\n2\n```\n  ```console\n  $ echo 3\n  3\n  ```\n"
    );
}

#[test]
fn a_chinese_file_runs_in_chinese() {
    let text = "```console\n$ labs run --algo cell 2\nn = 2 时没有解（cell）。\n```\n";
    let checked = check(text, "t.md", language_of("labs/zh/t.md"));
    assert_eq!((checked.shown, checked.want, checked.got), (1, String::new(), String::new()));
    assert_eq!(language_of("README.md"), Lang::En);
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
