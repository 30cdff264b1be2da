//! What `labs run`, `list` and `trace` print in Chinese, byte for byte: their own words are the
//! catalogue's Chinese, the documents' formats keep their bytes, and the tables fit in display
//! columns.

use crate::common;
use crate::help::SUBCOMMANDS;

use common::text;
use pretty_assertions::assert_eq;
use std::process::Command;

/// `labs --lang zh ARGS` at `COLUMNS=columns` (none if 0): exit code, stdout, stderr.
fn zh(args: &[&str], columns: usize) -> (Option<i32>, String, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_labs"));
    command.arg("--lang").arg("zh").args(args).env_remove("COLUMNS");
    if columns > 0 {
        command.env("COLUMNS", columns.to_string());
    }
    let out = command.output().expect("labs starts");
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn run_speaks_chinese_around_the_boards() {
    let (code, out, err) = zh(&["run", "4"], 0);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    assert_eq!(
        out,
        "第 1 个解\n. Q . .\n. . . Q\nQ . . .\n. . Q .\n\n第 2 个解\n. . Q .\nQ . . .\n. . . Q\n. Q . .\n\n\
         n = 4 时共有 2 个解（row）。\n"
    );
    assert_eq!(zh(&["run", "--algo", "cell", "2"], 0).1, "n = 2 时没有解（cell）。\n");
    assert!(zh(&["run", "--first", "2", "6"], 0).1.ends_with("\nn = 6 时的前 2 个解（row）；搜索到此停止。\n"));
    let (_, _, stats) = zh(&["run", "--stats", "--count", "8"], 0);
    assert!(stats.starts_with("row n=8：92 个解，2057 个结点，24648 次读取，"), "{stats}");
}

#[test]
fn the_documents_formats_keep_their_bytes_in_chinese() {
    for format in ["spaced", "framed", "compact", "numbered", "kruse", "luogu", "leetcode"] {
        let english =
            Command::new(env!("CARGO_BIN_EXE_labs")).args(["--lang", "en", "run", "-f", format, "6"]).output();
        assert_eq!(zh(&["run", "-f", format, "6"], 0).1, text(&english.unwrap().stdout), "--format {format}");
    }
}

#[test]
fn list_fits_in_chinese_at_60_80_and_200_columns() {
    for width in [60, 80, 200] {
        let (code, table, _) = zh(&["list"], width);
        assert_eq!(code, Some(0));
        let widest = table.lines().map(nqueens_labs::width::of).max().unwrap();
        assert!(widest <= width, "labs list is {widest} columns wide at COLUMNS={width}:\n{table}");
        common::assert_golden(&format!("cli/list-zh-{width}.txt"), &table);
    }
}

#[test]
fn trace_speaks_chinese_line_by_line() {
    let (code, out, _) = zh(&["trace", "--algo", "naive", "--max-steps", "8", "4"], 0);
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        "naive n=4：(row,col) 即（行，列），从 0 数起；缩进 = 棋盘上的皇后数；[k 个格子] = 检查读过的东西\n\
         放下 (0,0) [20 个格子]\n  拒绝 (1,0) 列 [1 个格子]\n  拒绝 (1,1) ↘ 斜线 [5 个格子]\n  放下 (1,2) [20 个格子]\n\
         \x20   拒绝 (2,0) 列 [1 个格子]\n    拒绝 (2,1) ↙ 斜线 [11 个格子]\n    拒绝 (2,2) 列 [2 个格子]\n\
         \x20   拒绝 (2,3) ↘ 斜线 [11 个格子]\n走完 8 步后停止（--max-steps 8）；到此为止：\n\
         naive n=4：0 个解，3 个结点，71 次读取\n每层结点数：1 1 1 0 0\n"
    );
    let (_, tree, _) = zh(&["trace", "--tree", "4"], 0);
    assert!(tree.ends_with("拿走 (0,3)\nn=4：2 个解，17 个结点\n每层结点数：1 4 6 4 2\n"), "{tree}");
    let (_, summary, _) = zh(&["trace", "--summary", "--algo", "bits", "6"], 0);
    assert_eq!(summary, "bits n=6：4 个解，153 个结点，149 次读取\n每层结点数：1 6 20 36 46 40 4\n");
}

/// Words that may stand in Chinese output: commands, variants, formats, judges, proper names,
/// units and the like (flags, file names, `quoted` code and CAPITALS are left out before).
const NAMES: &str = "labs help naive bordered cell row kruse bits pretty spaced framed compact numbered luogu \
    leetcode svg pta acwing bailian intro compare grading own auto always never on off en zh bash zsh fish powershell \
    elvish Kruse Ryba Queens insert remove unguarded Python Java Excel Markdown LeetCode AcWing Luogu PowerShell \
    bubblewrap bwrap cgroup cgroups pidfd pidfds javac roff stdin stdout stderr shell symmetry plain others ms s µs \
    ns node step min n k x y less diff echo printf pext gcc rustc python true false UTF max";

/// The runs of two or more English words in `text` that are none of [`NAMES`], after leaving out
/// what is not prose: `code`, flags, file names and paths, CAPITALS, numbers.
fn english_runs(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in text.lines() {
        let mut plain = String::new();
        for (k, part) in line.split('`').enumerate() {
            if k % 2 == 0 {
                plain += part;
            }
            plain.push(' ');
        }
        let mut run: Vec<&str> = Vec::new();
        for token in plain.split(' ').filter(|t| !t.is_empty()) {
            let word = token.trim_matches(|c: char| "[](),.;:!?\"'".contains(c));
            // A file's extension (`.cpp,`) is a name.
            let prose = !word.is_empty()
                && !token.starts_with('.')
                && word.chars().all(|c| c.is_ascii_alphabetic())
                && !NAMES.split_whitespace().chain(SUBCOMMANDS).any(|name| name == word)
                && !word.chars().all(|c| c.is_ascii_uppercase());
            if prose {
                run.push(word);
                continue;
            }
            if run.len() >= 2 {
                found.push(format!("{} ⟵ {line}", run.join(" ")));
            }
            run.clear();
        }
        if run.len() >= 2 {
            found.push(format!("{} ⟵ {line}", run.join(" ")));
        }
    }
    found
}

/// The commands a student meets, each with its arguments after `labs --lang L`.
fn commands() -> Vec<Vec<&'static str>> {
    let mut commands: Vec<Vec<&str>> = vec![vec!["--help"], vec!["-h"]];
    for sub in SUBCOMMANDS {
        commands.push(vec![sub, "--help"]);
        commands.push(vec![sub, "-h"]);
    }
    commands.extend([
        vec!["run", "4"],
        vec!["run", "--stats", "--first", "1", "6"],
        vec!["run", "--algo", "cell", "2"],
        vec!["run", "--format", "svg", "30"],
        vec!["run", "70"],
        vec!["list"],
        vec!["trace", "--max-steps", "40", "--algo", "naive", "4"],
        vec!["trace", "--tree", "5"],
        vec!["trace", "--summary", "6"],
        vec!["trace", "--delay", "3", "4"],
        vec!["trace", "--vs", "row", "4"],
        vec!["verify", "--max", "6"],
        vec!["count", "--stats", "--unique", "10"],
        vec!["count", "29"],
        vec!["lab"],
        vec!["rnu"],
        vec!["run", "--nosuch"],
        vec!["run", "--first"],
        vec!["run", "--format", "acwig", "8"],
        vec!["judge", "--", "true"],
        vec!["solve", "--help"],
        vec!["solve", "-h"],
        vec!["solve", "12"],
        vec!["check", "--help"],
        vec!["check", "-h"],
        vec!["bench", "-n", "4..6", "--runs", "2", "--warmup", "1"],
        vec!["--color", "never"],
    ]);
    commands
}

#[test]
fn no_english_phrase_in_what_a_chinese_student_reads() {
    let mut found = Vec::new();
    for args in &commands() {
        let (_, out, err) = zh(args, 0);
        for run in english_runs(&out).into_iter().chain(english_runs(&err)) {
            found.push(format!("labs --lang zh {}: {run}", args.join(" ")));
        }
    }
    assert!(found.is_empty(), "English under --lang zh:\n{}", found.join("\n"));
}

/// The error paths a student or a teacher meets, each as `labs --lang zh ARGS < STDIN`, run in a
/// folder that holds `class/` (one C submission), `bad.txt` (bytes that are not text) and
/// `journal.txt` (an earlier grading at n = 4). Grow it with each new error.
const ERRORS: &[(&[&str], &[u8])] = &[
    (&["run"], b"\xff\xfe\n"),
    (&["run"], b""),
    (&["count", "--sum"], b"\xff\xfe\n"),
    (&["count", "--sum"], b"no shard\n"),
    (&["check"], b"\xff\xfe\n"),
    (&["check", "missing.txt"], b""),
    (&["check"], b"0\n0\n"),
    (&["solve", "0"], b""),
    (&["verify", "--max", "40"], b""),
    (&["bench", "-n", "4", "--export-csv", "bad.txt/x.csv"], b""),
    (&["bench", "-n", "4", "--export-json", "bad.txt/x.json"], b""),
    (&["bench", "-n", "4", "--plot", "bad.txt/x.svg"], b""),
    (&["trace", "--html", "bad.txt/x.html", "4"], b""),
    (&["judge", "-f", "compact", "--n", "4", "missing.c"], b""),
    (&["judge", "-f", "compact", "--n", "4", "bad.txt"], b""),
    (&["grade", "-f", "compact", "--n", "4", "missing"], b""),
    (&["grade", "-f", "compact", "--n", "4", "--feedback", "bad.txt/x", "class"], b""),
    (&["grade", "-f", "compact", "--n", "4", "--feedback", "bad.txt", "class"], b""),
    (&["grade", "-f", "compact", "--n", "4", "--export-csv", "bad.txt/x.csv", "class"], b""),
    (&["grade", "-f", "compact", "--n", "4", "--export-json", "bad.txt/x.json", "class"], b""),
    (&["grade", "-f", "compact", "--n", "4", "--export-markdown", "bad.txt/x.md", "class"], b""),
    (&["grade", "-f", "compact", "--n", "4", "--plot", "bad.txt/x.svg", "class"], b""),
    (&["grade", "-f", "compact", "--n", "4", "--journal", "bad.txt/j.txt", "class"], b""),
    (&["grade", "-f", "compact", "--n", "5", "--journal", "journal.txt", "class"], b""),
    (&["grade", "-f", "compact", "--n", "4", "--journal", "bad.txt", "class"], b""),
    (&["grade", "-f", "compact", "--n", "4", "--base", "missing.c", "class"], b""),
    (&["grade", "-f", "compact", "--n", "4", "--roster", "missing.csv", "class"], b""),
    (&["grade", "-f", "compact", "--n", "4", "--roster", "bad.txt", "class"], b""),
    (&["grade", "-f", "compact", "--n", "4", "bad.txt"], b""),
    (&["help", "help"], b""),
    (&["help", "-h"], b""),
    (&["help", "run"], b""),
    (&["man"], b""),
];

/// A folder for [`ERRORS`]: `class/`, `bad.txt` and `journal.txt`, the journal of a grading.
fn error_room() -> tempfile::TempDir {
    let room = tempfile::tempdir().unwrap();
    std::fs::create_dir(room.path().join("class")).unwrap();
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/class/bits.c"), room.path().join("class/bits.c"))
        .unwrap();
    std::fs::write(room.path().join("bad.txt"), b"\xff\xfe\n").unwrap();
    let graded = Command::new(env!("CARGO_BIN_EXE_labs"))
        .args(["grade", "-f", "compact", "--n", "4", "--sandbox", "off", "--journal", "journal.txt", "class"])
        .current_dir(room.path())
        .output()
        .unwrap();
    assert_eq!(graded.status.code(), Some(0), "{}", text(&graded.stderr));
    room
}

/// The English phrases in what `labs --lang zh` prints on every path of [`ERRORS`], and in the
/// man page's text and the completion scripts' descriptions, one line each.
fn english_on_the_error_paths() -> Vec<String> {
    let room = error_room();
    let mut found = Vec::new();
    for (args, stdin) in ERRORS {
        // Each grading starts afresh: no earlier one's journal refuses it.
        let _ = std::fs::remove_file(room.path().join("grade.jsonl"));
        let mut child = Command::new(env!("CARGO_BIN_EXE_labs"))
            .args(["--lang", "zh"])
            .args(*args)
            .env_remove("COLUMNS")
            .current_dir(room.path())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let _ = std::io::Write::write_all(&mut child.stdin.take().unwrap(), stdin);
        let out = child.wait_with_output().unwrap();
        // An output path that cannot be made is refused before anyone is judged: no journal.
        if args[0] == "grade" && args.iter().any(|a| a.starts_with("bad.txt/")) {
            assert_ne!(out.status.code(), Some(0), "labs grade {args:?}");
            assert!(!room.path().join("grade.jsonl").exists(), "labs grade {args:?} judged before refusing");
        }
        let stdout = text(&out.stdout);
        // The man page's text: its lines that are not roff requests.
        let stdout = if args[0] == "man" {
            stdout.lines().filter(|l| !l.starts_with('.')).map(|l| l.replace("\\-", "-") + "\n").collect()
        } else {
            stdout
        };
        for run in english_runs(&stdout).into_iter().chain(english_runs(&text(&out.stderr))) {
            found.push(format!("labs --lang zh {} < {:?}: {run}", args.join(" "), text(stdin)));
        }
    }
    // The completions' descriptions: fish's `-d '…'`.
    let fish = zh(&["completions", "fish"], 0).1;
    for description in fish.split(" -d '").skip(1).filter_map(|d| d.split('\'').next()) {
        for run in english_runs(description) {
            found.push(format!("labs --lang zh completions fish: {run}"));
        }
    }
    found
}

#[test]
fn no_english_on_the_error_paths_the_man_page_or_the_completions() {
    let found = english_on_the_error_paths();
    assert!(found.is_empty(), "{} English lines under --lang zh:\n{}", found.len(), found.join("\n"));
}

/// Every progress line on a terminal (bench's, judge's, grade's, count's, verify's…) is the
/// catalogue's: a line of `src/` that sets a bar's words sets no English of its own, and the
/// judge's and the grader's are said in Chinese under `--lang zh`.
#[test]
fn every_progress_line_comes_from_the_catalogue() {
    let mut found = Vec::new();
    let mut files = vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src"))];
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        let progress = ["set_message(", "spinner(", "with_message(", "bar(", "println("];
        for (k, line) in source.lines().enumerate().filter(|(_, l)| progress.iter().any(|p| l.contains(p))) {
            // The line's string literals, their `{…}` fields left out.
            for literal in line.split('"').skip(1).step_by(2) {
                let words: String = literal
                    .split('{')
                    .enumerate()
                    .map(|(i, p)| if i == 0 { p } else { p.split_once('}').map_or("", |(_, r)| r) })
                    .collect::<Vec<_>>()
                    .join(" ");
                for run in english_runs(&words) {
                    found.push(format!("{}:{}: {run}", path.display(), k + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "progress words not from the catalogue:\n{}", found.join("\n"));
    for (key, zh) in
        [("JudgeProgress", "labs judge：n = {n} 已评测"), ("GradeBar", "labs grade：已评测 {pos}/{len}，{elapsed}")]
    {
        let key = nqueens_labs::catalogue::Key::ALL.iter().find(|k| k.name() == key).unwrap();
        assert_eq!(key.text(nqueens_labs::lang::Lang::Zh), zh);
    }
}

#[test]
fn the_english_phrase_finder_finds_phrases_and_nothing_else() {
    assert_eq!(english_runs("n = 4 时没有解（cell）。 `there is total` --algo row"), Vec::<String>::new());
    assert_eq!(english_runs("放下 (0,0) [3 flags] here"), ["flags here ⟵ 放下 (0,0) [3 flags] here"]);
    assert_eq!(english_runs("源程序文件（.c, .cpp, .py）"), Vec::<String>::new());
}

#[test]
fn no_chinese_in_what_an_english_student_reads_but_the_pointers_to_it() {
    let is_cjk = |c: char| matches!(c, '\u{3000}'..='\u{303f}' | '\u{4e00}'..='\u{9fff}' | '\u{ff00}'..='\u{ffef}');
    for args in commands() {
        let out =
            Command::new(env!("CARGO_BIN_EXE_labs")).arg("--lang").arg("en").args(&args).env_remove("COLUMNS").output();
        let out = out.expect("labs starts");
        // `labs judge --help` lists the verdicts' Chinese names, for a teacher of Chinese students.
        let judge_help = args[0] == "judge" && args[1].starts_with('-');
        for line in text(&out.stdout).lines().chain(text(&out.stderr).lines()) {
            let pointer =
                line.contains("中文讲义") || line.contains("zh: 中文") || line.contains("- zh:") || judge_help;
            assert!(pointer || !line.chars().any(is_cjk), "labs --lang en {}: {line}", args.join(" "));
        }
    }
}

#[test]
fn ctrl_c_ends_run_and_trace_saying_so() {
    for args in [&["run", "--count", "16"][..], &["run", "14"], &["trace", "14"]] {
        let child = common::spawn(&[&["--lang", "zh"], args].concat());
        common::wait_until_it_catches(child.id(), 2);
        let kill = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
        assert!(kill.success());
        let out = child.wait_with_output().unwrap();
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{args:?}: {err}");
        assert!(err.ends_with("labs: 已中断\n"), "{args:?}: {err}");
    }
}

#[test]
fn one_term_per_idea_no_retired_synonym_anywhere_a_chinese_student_reads() {
    use nqueens_labs::catalogue::{GLOSSARY, Key};
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut texts: Vec<(String, String)> = Key::ALL
        .iter()
        .map(|k| (format!("catalogue {}", k.name()), k.text(nqueens_labs::lang::Lang::Zh).into()))
        .collect();
    let mut files =
        vec![root.join("README.zh-CN.md"), root.join("src/trace/page.html"), root.join("src/trace/page.js")];
    for dir in ["labs/zh", "docs/zh"] {
        files.extend(std::fs::read_dir(root.join(dir)).unwrap().map(|e| e.unwrap().path()));
    }
    for file in files.iter().filter(|f| f.extension().is_some_and(|e| e != "png")) {
        texts.push((file.display().to_string(), std::fs::read_to_string(file).unwrap()));
    }
    let mut found = Vec::new();
    for (place, text) in &texts {
        for term in GLOSSARY {
            let text = term.kept.iter().fold(text.clone(), |t, kept| t.replace(kept, ""));
            for retired in term.retired.iter().filter(|r| text.contains(*r)) {
                found.push(format!("{place}: {retired} (say {})", term.term));
            }
        }
    }
    assert!(found.is_empty(), "retired synonyms:\n{}", found.join("\n"));
}
