//! The built `labs` binary: exit codes, messages on stderr, quiet broken pipes.

use crate::common;

use common::{labs, text};
use pretty_assertions::assert_eq;
use std::process::Command;

#[test]
fn count_prints_one_number() {
    let out = labs(&["run", "--count", "8"], b"");
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(0), "92\n".to_string()));
}

#[test]
fn the_size_can_come_from_stdin() {
    let out = labs(&["run", "--count", "--algo", "kruse"], b"  6 \n");
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(0), "4\n".to_string()));
}

#[test]
fn first_stops_after_k_solutions() {
    let out = labs(&["run", "--first", "1", "6"], b"");
    assert_eq!(
        text(&out.stdout),
        "Solution 1\n. Q . . . .\n. . . Q . .\n. . . . . Q\nQ . . . . .\n. . Q . . .\n. . . . Q .\n\n\
         The first 1 solution for n = 6 (row); search stopped there.\n"
    );
}

#[test]
fn no_solution_is_said_plainly() {
    let out = labs(&["run", "3"], b"");
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(0), "No solutions for n = 3 (row).\n".to_string()));
}

#[test]
fn an_svg_sheet_is_sized_for_the_boards_it_draws() {
    let out = labs(&["run", "--format", "svg", "--first", "3", "8"], b"");
    let svg = text(&out.stdout);
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"560\" height=\"220\""), "{svg}");
    assert_eq!((svg.matches("<g ").count(), svg.matches('♛').count()), (3, 3 * 8));
    assert!(svg.ends_with("</svg>\n"));
    common::assert_usage_error(
        &["run", "--format", "svg", "30"],
        b"",
        "",
        "--format svg sizes its picture before the first board, and the count at n = 30 is not known \
         (it is up to n = 27): add --first K",
    );
}

#[test]
fn stats_go_to_stderr() {
    let out = labs(&["run", "--count", "--stats", "--algo", "naive", "8"], b"");
    assert_eq!(text(&out.stdout), "92\n");
    let err = text(&out.stderr);
    assert!(err.starts_with("naive n=8: 92 solutions, 2057 nodes, 280594 probes, "), "{err}");
}

#[test]
fn bad_sizes_are_usage_errors() {
    let range = "(allowed: a whole number from 1 to 64)";
    let above =
        "(allowed: a whole number from 1 to 64: the board limit all six variants share, so that any two compare)";
    for (arg, message) in [
        ("0", format!("board size 0 is out of range {range}")),
        ("-3", format!("board size -3 is out of range {range}")),
        ("65", format!("board size 65 is out of range {above}")),
        ("abc", format!("board size 'abc' is not a whole number {range}")),
        ("3.5", format!("board size '3.5' is not a whole number {range}")),
        ("1e3", format!("board size '1e3' is not a whole number {range}")),
        (
            "1000000000000000000000000000000",
            format!("board size 1000000000000000000000000000000 is out of range {above}"),
        ),
    ] {
        common::assert_usage_error(&["run", arg], b"", "", &message);
    }
}

#[test]
fn a_negative_number_for_an_option_is_its_value_and_refused_by_its_parser() {
    for (args, message) in [
        (
            &["judge", "-f", "compact", "--time-limit", "-1", "--", "true"][..],
            "invalid value '-1' for '--time-limit <SECONDS>': not a time (allowed: seconds above 0, up to 3600, like 3 or 0.5)",
        ),
        (
            &["judge", "-f", "compact", "--build-memory-limit", "-1", "--", "true"],
            "invalid value '-1' for '--build-memory-limit <MIB>': not a whole number from 0 to 65536",
        ),
        (
            &["grade", "-f", "compact", "--jobs", "-2", "class"],
            "invalid value '-2' for '--jobs <K>': not a whole number from 1 to 64",
        ),
        (&["bench", "--runs", "-1"], "invalid value '-1' for '--runs <R>': not a whole number from 1 to 1000"),
    ] {
        common::assert_usage_error(args, b"", "", message);
    }
}

#[test]
fn bad_stdin_is_a_usage_error() {
    let range = "(allowed: a whole number from 1 to 64)";
    common::assert_usage_error(&["run"], b"", "", &format!("no board size given {range}"));
    common::assert_usage_error(&["run"], b"6 7\n", "", &format!("board size '6 7' is not a whole number {range}"));
    common::assert_usage_error(&["run"], b"\xff\xfe\n", "", "stdin is not text (expected one whole number)");
}

#[test]
fn unknown_names_and_flags_are_one_line_usage_errors() {
    for args in
        [&["run", "--algo", "fast", "8"][..], &["run", "--first", "0", "8"], &["frobnicate"], &["run", "--bogus"]]
    {
        let out = labs(args, b"");
        assert_eq!(out.status.code(), Some(2), "labs {args:?}");
        let err = text(&out.stderr);
        assert_eq!(err.lines().count(), 1, "labs {args:?}: {err}");
        assert!(err.starts_with("labs: "), "labs {args:?}: {err}");
    }
}

#[test]
fn a_missing_value_or_argument_is_named() {
    for (args, message) in [
        (&["run", "--first"][..], "labs: a value is required for '--first <K>' but none was supplied\n"),
        (&["judge", "--", "true"], "labs: missing --format <FORMAT> (see --help)\n"),
    ] {
        let out = labs(args, b"");
        assert_eq!((out.status.code(), text(&out.stderr)), (Some(2), message.to_string()), "labs {args:?}");
    }
}

#[test]
fn a_closed_pipe_ends_quietly_with_success() {
    let mut child = common::spawn(&["run", "12"]);
    let mut first = [0u8; 11];
    std::io::Read::read_exact(child.stdout.as_mut().unwrap(), &mut first).unwrap();
    assert_eq!(&first, b"Solution 1\n");
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), String::new()));
}

#[test]
fn list_shows_every_variant() {
    let out = labs(&["list"], b"");
    assert_eq!(out.status.code(), Some(0));
    let table = text(&out.stdout);
    for name in ["naive", "bordered", "cell", "row", "kruse", "bits", "280594", "1847049", "`labs lab naive`"] {
        assert!(table.contains(name), "{name} missing from\n{table}");
    }
}

/// Runs `labs args` with stdin read from /dev/zero, an endless stream with no newline and no
/// whitespace; its exit code, stderr, wall time and peak memory in KiB. GNU time measures the
/// peak: a child forked from this (large, many-threaded) test process would count the parent's
/// pages too.
fn fed_zeros(args: &[&str]) -> (Option<i32>, String, std::time::Duration, u64) {
    let started = std::time::Instant::now();
    let out = std::process::Command::new("/usr/bin/time")
        .args(["-f", "peak %M"])
        .arg(env!("CARGO_BIN_EXE_labs"))
        .args(args)
        .stdin(std::fs::File::open("/dev/zero").unwrap())
        .output()
        .expect("GNU time (Debian's `time` package) runs");
    let err = text(&out.stderr);
    let (message, peak) = err.trim_end().rsplit_once('\n').unwrap_or(("", err.trim_end()));
    let peak = peak.strip_prefix("peak ").and_then(|k| k.parse().ok()).unwrap_or(u64::MAX);
    let message = message.lines().filter(|l| !l.starts_with("Command exited")).collect::<Vec<_>>().join("\n");
    (out.status.code(), message + "\n", started.elapsed(), peak)
}

#[test]
fn an_endless_stdin_ends_at_once_with_one_line_in_small_memory() {
    let cases: [(&[&str], &str); 3] = [
        (&["run"], "labs: stdin holds more than 4096 bytes where one board size was expected (a whole number)\n"),
        (&["interactive"], "labs: no board size in the first 4096 bytes of input\n"),
        (&["count", "--sum"], "labs: stdin line 1 is longer than 256 bytes\n"),
    ];
    for (args, message) in cases {
        let (code, err, took, peak_kib) = fed_zeros(args);
        assert_eq!((code, err.as_str()), (Some(2), message), "labs {args:?} < /dev/zero");
        assert!(took < std::time::Duration::from_secs(5), "labs {args:?} < /dev/zero took {took:?}");
        assert!(peak_kib < 32 * 1024, "labs {args:?} < /dev/zero peaked at {peak_kib} KiB");
    }
}

#[test]
fn labs_alone_prints_its_commands() {
    let out = labs(&[], b"");
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    for command in ["run", "list", "trace", "lab", "verify", "count", "bench", "interactive", "judge"] {
        assert!(err.contains(&format!("\n  {command} ")), "`{command}` missing from\n{err}");
    }
}

#[test]
fn a_misspelt_flag_or_name_gets_clap_s_suggestion_on_its_one_line() {
    for (args, message) in [
        (&["trace", "--sumary", "4"][..], "labs: unexpected argument '--sumary' found (did you mean `--summary`?)\n"),
        (&["benhc"], "labs: unrecognized subcommand 'benhc' (did you mean `bench`?)\n"),
        (
            &["run", "--format", "pt", "4"],
            "labs: invalid value 'pt' for '--format <FORMAT>' (allowed: pretty, spaced (pta), framed, compact (acwing), \
             numbered (bailian), kruse, luogu, leetcode, svg) (did you mean `pta` or `pretty`?)\n",
        ),
        (&["run", "--first", "0", "4"], "labs: invalid value '0' for '--first <K>': must be at least 1\n"),
        (
            &["run", "--format", "acwig", "4"],
            "labs: invalid value 'acwig' for '--format <FORMAT>' (allowed: pretty, \
          spaced (pta), framed, compact (acwing), numbered (bailian), kruse, luogu, leetcode, svg) (did you mean `acwing`?)\n",
        ),
        (&["run", "-algo", "cell", "4"], "labs: unexpected argument '-algo' found (did you mean `--algo`?)\n"),
        (&["bench", "--n", "4", "-runs=2"], "labs: unexpected argument '-runs=2' found (did you mean `--runs=2`?)\n"),
        (
            &["lab", "Naiv"],
            "labs: invalid value 'Naiv' for '[NAME]' (allowed: intro (0), naive (1), bordered (2), cell (3), row (4), \
             kruse (5), bits (6), compare (7), grading (8), own (9), beyond (10)) (did you mean `naive`?)\n",
        ),
    ] {
        let out = labs(args, b"");
        assert_eq!((out.status.code(), text(&out.stderr)), (Some(2), message.to_string()), "labs {args:?}");
    }
}

/// A Chinese student's first mistakes, `--lang zh` anywhere before `--` (clap's errors come
/// before it is read): a sheet that does not exist, a missing argument, a board too large with
/// its reason, an unknown flag or subcommand, a value out of range, each wholly in Chinese.
#[test]
fn a_chinese_student_s_first_errors_are_wholly_chinese() {
    for (args, message) in [
        (
            &["--lang", "zh", "lab", "nosuch"][..],
            "labs: “nosuch”不是 [NAME] 的可选值（可选：intro (0)、naive (1)、bordered (2)、cell (3)、row (4)、\
             kruse (5)、bits (6)、compare (7)、grading (8)、own (9)、beyond (10)）\n",
        ),
        (
            &["lab", "Naiv", "--lang=zh"],
            "labs: “Naiv”不是 [NAME] 的可选值（可选：intro (0)、naive (1)、bordered (2)、cell (3)、row (4)、\
             kruse (5)、bits (6)、compare (7)、grading (8)、own (9)、beyond (10)）（你是不是想输入 `naive`？）\n",
        ),
        (&["judge", "--lang", "zh", "--", "true"], "labs: 缺少 --format <FORMAT>（见 --help）\n"),
        (
            &["count", "--lang", "zh", "30"],
            "labs: 棋盘大小 30 超出范围（可选：1 到 28 之间的整数；原因：Q(29) 会超出 64 位整数的范围）\n",
        ),
        // clap's other errors, and the values its parsers refuse.
        (&["--lang", "zh", "run", "--nosuch", "4"], "labs: 无法识别的参数“--nosuch”\n"),
        (&["--lang", "zh", "run", "4", "5"], "labs: 无法识别的参数“5”\n"),
        (&["--lang", "zh", "run", "-algo", "row", "4"], "labs: 无法识别的参数“-algo”（你是不是想输入 `--algo`？）\n"),
        (&["benhc", "--lang", "zh"], "labs: 没有“benhc”这个子命令（你是不是想输入 `bench`？）\n"),
        (&["--lang", "zh", "run", "--first"], "labs: --first <K> 需要一个值，但没有给出\n"),
        (&["--lang", "zh", "run", "--algo", "row", "--algo", "cell", "4"], "labs: 参数 --algo <ALGO> 只能给出一次\n"),
        (
            &["--lang", "zh", "judge", "-f", "acwing", "--in-order", "--any-order", "--", "true"],
            "labs: 参数 --in-order 不能与 --any-order 同时使用\n",
        ),
        (
            &["--lang", "zh", "judge", "--n", "12..=15", "--", "true"],
            "labs: “12..=15”不是 --n <LIST> 的有效值：含有超出范围的大小（可选：N、A..B、A..=B 或 N,N,…，\
             大小在 1 到 14 之间；原因：标准答案的输出要整个放在内存里）\n",
        ),
        (
            &["--lang", "zh", "judge", "--n", "5..", "--", "true"],
            "labs: “5..”不是 --n <LIST> 的有效值：没有终点：请写出最后一个大小，如 5..=9\
             （可选：N、A..B、A..=B 或 N,N,…，大小在 1 到 14 之间）\n",
        ),
        (
            &["--lang", "zh", "verify", "--max", "28"],
            "labs: “28”不是 --max <N> 的有效值：棋盘大小 28 超出范围（可选：1 到 27 之间的整数；原因：解的个数已知的最大 n）\n",
        ),
        (&["--lang", "zh", "bench", "--runs", "0"], "labs: “0”不是 --runs <R> 的有效值：不是 1 到 1000 之间的整数\n"),
        (&["--lang", "zh", "run", "--first", "0", "4"], "labs: “0”不是 --first <K> 的有效值：至少为 1\n"),
        (
            &["--lang", "zh", "judge", "--time-limit", "abc", "--", "true"],
            "labs: “abc”不是 --time-limit <SECONDS> 的有效值：不是时间（可选：大于 0、至多 3600 的秒数，如 3 或 0.5）\n",
        ),
    ] {
        let out = labs(args, b"");
        assert_eq!((out.status.code(), text(&out.stderr)), (Some(2), message.to_string()), "labs {args:?}");
    }
}

#[test]
fn a_run_that_found_every_solution_does_not_say_it_stopped_early() {
    // n = 4 has two solutions: asking for two finds them all, asking for one does not.
    let all = labs(&["run", "--first", "2", "--stats", "4"], b"");
    assert!(text(&all.stdout).ends_with("\n2 solutions for n = 4 (row).\n"), "{}", text(&all.stdout));
    assert!(text(&all.stderr).starts_with("row n=4: 2 solutions, 13 nodes, "), "{}", text(&all.stderr));
    let one = labs(&["run", "--first", "1", "--stats", "4"], b"");
    assert!(text(&one.stderr).starts_with("row n=4: 1 solution (stopped early), 9 nodes, "), "{}", text(&one.stderr));
}

#[test]
fn one_of_anything_is_singular() {
    let out = labs(&["verify", "--max", "1", "--algo", "row"], b"");
    let summary =
        "✓ The 1 check passes: counts match OEIS A000170, streams match row's, 1 solution checked one by one.\n";
    assert!(text(&out.stdout).ends_with(summary), "{}", text(&out.stdout));
    let out = labs(&["trace", "--summary", "--algo", "bits", "1"], b"");
    assert_eq!(text(&out.stdout), "bits n=1: 1 solution, 2 nodes, 1 probe\nnodes per level: 1 1\n");
}

/// Runs `command` under `script`, so that stdin, stdout and stderr are a terminal (an xterm),
/// with `env` set (and no other variable that sets colour or width) and `stdin` typed in; what
/// the terminal showed.
/// Whether `shown` holds a colour (an SGR escape, `ESC [ digits m`): a spinner's line erase
/// (`ESC [ 2K`), which any terminal may get once a judgement outlasts a second, is no colour.
fn coloured(shown: &str) -> bool {
    shown.split("\x1b[").skip(1).any(|rest| {
        let digits = rest.trim_start_matches(|c: char| c.is_ascii_digit() || c == ';');
        digits.starts_with('m')
    })
}

pub(crate) fn on_a_terminal(command: &str, env: &[(&str, &str)], stdin: &[u8]) -> String {
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_labs")).parent().unwrap().display().to_string();
    let mut script = std::process::Command::new("script");
    script.args(["-qec", command, "/dev/null"]).env("PATH", format!("{bin}:{}", std::env::var("PATH").unwrap()));
    for name in ["NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "COLUMNS", "CI"] {
        script.env_remove(name);
    }
    // A terminal that takes colour, whatever the tests' own environment is.
    script.env("TERM", "xterm");
    script.envs(env.iter().copied()).stdin(std::process::Stdio::piped()).stdout(std::process::Stdio::piped());
    let mut child = script.spawn().expect("script (util-linux) runs");
    let _ = std::io::Write::write_all(&mut child.stdin.take().unwrap(), stdin);
    text(&child.wait_with_output().unwrap().stdout)
}

#[test]
fn a_run_longer_than_a_second_shows_progress_on_a_terminal_only() {
    // bordered at n = 13 searches for three seconds or so (cell at n = 11 took twice as long in
    // this build, for the same proof); stdout goes to a file, stderr is the terminal.
    let dir = tempfile::tempdir().unwrap();
    let search = "labs run --algo bordered --count 13";
    let shown = on_a_terminal(&format!("{search} > '{}'", dir.path().join("c").display()), &[], b"");
    assert!(shown.contains("labs run: bordered n=13, "), "{shown:?}");
    // A count prints one line at its end: on a terminal the spinner shows until then, then
    // leaves the screen before the line comes.
    let counted = on_a_terminal(search, &[], b"");
    assert!(counted.contains("labs run: bordered n=13, ") && counted.ends_with("73712\r\n"), "{counted:?}");
    let piped = labs(&["run", "--algo", "bordered", "--count", "13"], b"");
    assert_eq!((text(&piped.stdout), text(&piped.stderr)), ("73712\n".into(), String::new()));
}

#[test]
fn colour_goes_to_a_terminal_unless_no_color_is_set() {
    // A wrong answer: the judge's diff is coloured on a terminal.
    let judged = "labs judge -f compact --n 4 -- sh -c 'echo wrong'";
    assert!(on_a_terminal(judged, &[], b"").contains("\x1b[31m"), "no colour on a terminal");
    assert!(!coloured(&on_a_terminal(judged, &[("NO_COLOR", "1")], b"")), "colour despite NO_COLOR");
}

#[test]
fn names_are_read_in_any_case_and_sheets_by_number() {
    let run = |args: &[&str]| text(&labs(args, b"").stdout);
    assert_eq!(run(&["run", "--algo", "Cell", "--count", "8"]), "92\n");
    assert_eq!(run(&["run", "--format", "PTA", "--algo", "BITS", "4"]), run(&["run", "--format", "spaced", "4"]));
    assert_eq!(run(&["lab", "1"]), run(&["lab", "naive"]));
    assert_eq!(run(&["lab", "Naive"]), run(&["lab", "naive"]));
    assert_eq!(run(&["lab", "--lang", "ZH", "0"]), run(&["lab", "--lang", "zh", "intro"]));
    assert!(run(&["lab", "8"]).starts_with("# "), "labs lab 8 prints the last sheet");
}

#[test]
fn the_board_limit_is_the_one_every_variant_shares() {
    common::assert_usage_error(
        &["run", "--algo", "naive", "65"],
        b"",
        "",
        "board size 65 is out of range (allowed: a whole number from 1 to 64: the board limit all six variants \
         share, so that any two compare)",
    );
}

#[test]
fn tables_fit_60_80_and_200_columns() {
    for width in [60, 80, 200] {
        for args in [&["list"][..], &["verify", "--max", "6"]] {
            let out =
                Command::new(env!("CARGO_BIN_EXE_labs")).args(args).env("COLUMNS", width.to_string()).output().unwrap();
            let table = text(&out.stdout);
            let widest = table.lines().map(nqueens_labs::width::of).max().unwrap();
            assert!(widest <= width, "labs {args:?} is {widest} columns wide at COLUMNS={width}:\n{table}");
            common::assert_golden(&format!("cli/{}-{width}.txt", args[0]), &table);
        }
    }
}

#[test]
fn completions_are_generated_for_every_shell() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish", "Bash"] {
        let out = labs(&["completions", shell], b"");
        let script = text(&out.stdout);
        assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), String::new()), "{shell}");
        assert!(script.contains("labs") && script.contains("bench"), "{shell}: {script}");
        // PowerShell's and Elvish's scripts complete flags and subcommands only.
        if !["powershell", "elvish"].contains(&shell) {
            assert!(script.contains("bordered") && script.contains("grading"), "{shell}: {script}");
        }
    }
}

#[test]
fn bash_completes_the_sheets_and_the_variants() {
    let complete = |words: &str, cword: usize| {
        let previous = words.rsplit(' ').next().unwrap();
        let script = format!(
            "source <('{}' completions bash); COMP_WORDS=({words} ''); COMP_CWORD={cword}; _labs labs '' {previous}; \
             echo \"${{COMPREPLY[@]}}\"",
            env!("CARGO_BIN_EXE_labs")
        );
        text(&Command::new("bash").args(["-c", &script]).output().unwrap().stdout)
    };
    assert!(complete("labs lab", 2).contains("intro naive bordered cell row kruse bits compare grading"));
    assert_eq!(complete("labs run --algo", 3), "naive bordered cell row kruse bits\n");
}

#[test]
fn the_manual_page_is_roff_naming_every_subcommand() {
    let out = labs(&["man"], b"");
    let page = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    assert!(page.contains(".TH labs 1"), "{page}");
    for command in
        ["run", "list", "trace", "lab", "verify", "count", "bench", "judge", "grade", "completions", "doctor"]
    {
        assert!(page.contains(&format!("labs\\-{command}(1)")), "{command} missing from\n{page}");
    }
}

/// The labels of `labs --version`'s lines after the first, in `lang`'s colon.
fn labels(text: &str, colon: &str) -> Vec<String> {
    text.lines().skip(1).map(|l| l.split_once(colon).map_or(l, |(label, _)| label).to_string()).collect()
}

#[test]
fn the_long_version_names_the_commit_the_target_and_each_part() {
    let short = labs(&["-V"], b"");
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!((short.status.code(), text(&short.stdout)), (Some(0), format!("labs {version}\n")));
    let long = labs(&["--version"], b"");
    let long = (long.status.code(), text(&long.stdout));
    assert_eq!(long.0, Some(0));
    assert!(long.1.starts_with(&format!("labs {version}\n")), "{}", long.1);
    let parts = [
        "judge backend",
        "count's fast path",
        "sandbox",
        "cgroups",
        "pidfd",
        "gcc",
        "g++",
        "python3",
        "javac",
        "rustc",
    ];
    assert_eq!(labels(&long.1, ": "), [&["commit", "target"][..], &parts].concat());
    // Built from this clone: the commit is the one checked out (git log's, with its date).
    let git = Command::new("git").args(["log", "-1", "--format=%h (%cs)", "--abbrev=12"]).output().unwrap();
    let commit = text(&git.stdout);
    assert_eq!(long.1.lines().nth(1), Some(format!("commit: {}", commit.trim())).as_deref());
    let target = long.1.lines().nth(2).unwrap();
    assert!(target.starts_with("target: ") && target.matches('-').count() >= 2, "{target}");
    let zh = text(&labs(&["--version", "--lang", "zh"], b"").stdout);
    assert_eq!(
        labels(&zh, "："),
        [
            "提交",
            "目标平台",
            "评测后端",
            "count 的快速路径",
            "沙箱",
            "cgroups",
            "pidfd",
            "gcc",
            "g++",
            "python3",
            "javac",
            "rustc"
        ]
    );
}

#[test]
fn the_doctor_gives_a_fix_for_each_missing_part() {
    // Without PATH, no compiler and no bubblewrap is found: each gets its fix on the next line.
    let out = Command::new(env!("CARGO_BIN_EXE_labs"))
        .args(["doctor", "--lang", "en"])
        .env("PATH", "/nonexistent")
        .output()
        .unwrap();
    let report = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0));
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines[0], format!("labs {}", env!("CARGO_PKG_VERSION")));
    for tool in ["gcc", "g++", "python3", "javac", "rustc"] {
        let at = lines
            .iter()
            .position(|l| *l == format!("✗ {tool}: not found on PATH"))
            .unwrap_or_else(|| panic!("{tool}: {report}"));
        assert!(lines[at + 1].starts_with("  fix: install it ("), "{report}");
    }
    let marked: Vec<&&str> = lines.iter().filter(|l| l.starts_with(['✓', '✗', '-'])).collect();
    let missing = lines.iter().filter(|l| l.starts_with('✗')).count();
    assert_eq!(lines.iter().filter(|l| l.starts_with("  fix: ")).count(), missing, "{report}");
    assert_eq!(
        lines.last().copied(),
        Some(format!("{missing} of {} parts missing: labs runs without them, and the judge's report says what it cannot promise", marked.len()).as_str())
    );
}

#[test]
fn on_a_terminal_the_size_is_asked_for_and_from_a_pipe_it_is_not() {
    let shown = on_a_terminal("labs run --algo cell --count", &[], b"6\n");
    assert!(shown.contains("board size n: ") && shown.ends_with("4\r\n"), "{shown:?}");
    // Ctrl-D at a prompt: the error starts a line of its own, after the prompt's.
    let ended = on_a_terminal("labs run --count", &[], b"");
    assert!(ended.starts_with("board size n: \r\nlabs: no board size given"), "{ended:?}");
    let ended = on_a_terminal("labs interactive", &[], b"");
    assert!(ended.starts_with("What is the size of the board?\r\nlabs: end of input"), "{ended:?}");
    let piped = labs(&["run", "--algo", "cell", "--count"], b"6\n");
    assert_eq!((text(&piped.stdout), text(&piped.stderr)), ("4\n".to_string(), String::new()));
}

#[test]
fn progress_stays_off_the_screen_when_stdout_is_a_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let bench = "labs bench --algo row --n 4..=8 --runs 2 --warmup 0";
    let piped = on_a_terminal(&format!("{bench} | cat > /dev/null"), &[], b"");
    assert_eq!(piped, "", "progress bytes with stdout a pipe");
    // The control: the same run with stdout a file shows its progress on the terminal.
    let to_file = on_a_terminal(&format!("{bench} > '{}'", dir.path().join("t.txt").display()), &[], b"");
    assert!(to_file.contains("n = "), "{to_file:?}");
}

#[test]
fn the_colour_flag_and_the_variables_are_honoured() {
    let bench = ["bench", "--algo", "row", "--n", "4", "--runs", "1", "--warmup", "0"];
    let in_colour = |extra: &[&str], env: &[(&str, &str)]| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_labs"));
        command.args(bench).args(extra);
        for name in ["NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "CI"] {
            command.env_remove(name);
        }
        text(&command.envs(env.iter().copied()).output().unwrap().stdout).contains('\x1b')
    };
    // Into a pipe: no colour unless asked for.
    assert!(!in_colour(&[], &[]));
    assert!(in_colour(&["--color", "always"], &[]));
    assert!(in_colour(&["--color=Always"], &[("NO_COLOR", "1")]), "the flag wins over NO_COLOR");
    assert!(in_colour(&[], &[("CLICOLOR_FORCE", "1")]));
    assert!(!in_colour(&["--color", "never"], &[("CLICOLOR_FORCE", "1")]));
    // On a terminal: colour unless a variable or the flag says no.
    let judged = "labs judge -f compact --n 4 -- sh -c 'echo wrong'";
    assert!(on_a_terminal(judged, &[("TERM", "xterm")], b"").contains("\x1b[31m"));
    for env in [("CLICOLOR", "0"), ("NO_COLOR", "1")] {
        assert!(!coloured(&on_a_terminal(judged, &[("TERM", "xterm"), env], b"")), "{env:?}");
    }
    assert!(!coloured(&on_a_terminal(&judged.replace("labs", "labs --color never"), &[("TERM", "xterm")], b"")));
    // A dumb terminal gets no escape at all: no colour, and no progress line to erase.
    assert!(!on_a_terminal(judged, &[("TERM", "dumb")], b"").contains('\x1b'));
    // Unless `CI` is set: a CI log shows colour whatever `TERM` says (anstream's rule, cargo's too).
    assert!(on_a_terminal(judged, &[("TERM", "dumb"), ("CI", "true")], b"").contains("\x1b[31m"));
    let slow = "labs run --algo cell --count 11";
    assert!(!on_a_terminal(slow, &[("TERM", "dumb")], b"").contains('\x1b'), "progress on a dumb terminal");
}

#[test]
fn animate_redraws_on_a_terminal_and_draws_boards_on_a_dumb_one() {
    let animate = "labs trace --animate --delay 0 --algo row 4";
    let redrawn = on_a_terminal(animate, &[], b"");
    assert_eq!(redrawn.matches("\x1b[H\x1b[2J").count(), 16 * 2 + 2, "{redrawn:?}");
    // TERM=dumb cannot clear a screen: the frames come one after another, as --boards draws them.
    let dumb = on_a_terminal(animate, &[("TERM", "dumb")], b"");
    let boards = on_a_terminal("labs trace --boards --algo row 4", &[("TERM", "dumb")], b"");
    assert_eq!(dumb, boards);
    assert!(!dumb.contains('\x1b'), "{dumb:?}");
}

#[test]
fn a_sheet_is_rendered_and_paged_on_a_terminal_and_markdown_into_a_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let paged = dir.path().join("paged");
    let pager = dir.path().join("pager");
    std::fs::write(&pager, format!("cat > '{}'\n", paged.display())).unwrap();
    // $PAGER is split at spaces, as a command and its arguments.
    let pager = format!("sh {}", pager.display());
    let env = [("PAGER", pager.as_str()), ("LINES", "24"), ("COLUMNS", "80")];
    // Longer than the screen: through the pager, rendered (no `#`, no backticks) and wrapped.
    let shown = on_a_terminal("labs lab naive", &env, b"");
    let page = std::fs::read_to_string(&paged).expect("the pager ran");
    assert!(!shown.contains("Lab 1"), "{shown:?}");
    assert!(page.contains("Lab 1 — ") && !page.contains("# Lab 1") && !page.contains("`naive`"), "{page}");
    assert!(coloured(&page), "headings and emphasis are coloured on a colour terminal");
    assert!(page.lines().all(|l| nqueens_labs::width::of(l) <= 80), "{page}");
    std::fs::remove_file(&paged).unwrap();
    // --no-pager, or a screen taller than the sheet: on the terminal itself.
    for (command, lines) in [("labs lab naive --no-pager", "24"), ("labs lab naive", "10000")] {
        let shown = on_a_terminal(command, &[env[0], ("LINES", lines), env[2]], b"");
        assert!(shown.contains("Lab 1 — ") && !shown.contains("# Lab 1"), "{command}: {shown:?}");
        assert!(!paged.exists(), "{command}: paged");
    }
    // Into a pipe: the Markdown source, never paged.
    let piped = on_a_terminal("labs lab naive | cat", &env, b"");
    assert!(piped.starts_with("# Lab 1 — `naive`"), "{piped:?}");
    assert!(!paged.exists(), "paged into a pipe");
}

#[test]
fn a_chinese_sheet_on_a_narrow_terminal_breaks_its_lines_as_chinese_does() {
    let env = [("COLUMNS", "40"), ("LINES", "10000")];
    let shown = on_a_terminal("labs --lang zh lab intro --color never", &env, b"");
    let lines: Vec<&str> = shown.split("\r\n").collect();
    // Between two characters, and never before closing punctuation or inside 实验 0.
    assert_eq!(lines[..2], ["实验 0 — N 皇后问题与回溯法：怎样使用这", "套实验讲义"], "{shown}");
    for line in &lines {
        let line = line.trim_start_matches(['│', ' ']);
        assert!(!line.starts_with(nqueens_labs::lines::CLOSING), "a line starts with closing punctuation:\n{shown}");
        assert!(!line.ends_with("实验"), "实验 split from its number:\n{shown}");
    }
}

#[test]
fn clap_s_rarer_errors_are_worded_in_both_languages() {
    use std::os::unix::ffi::OsStrExt;
    let commands = "run, list, trace, lab, verify, count, bench, interactive, judge, grade, solve, check, completions, doctor, man, help";
    for (lang, message) in [
        ("en", format!("labs: 'labs' needs a subcommand (allowed: {commands})\n")),
        ("zh", format!("labs: labs 需要一个子命令（可选：{}）\n", commands.replace(", ", "、"))),
    ] {
        let out = labs(&["--lang", lang, "--color", "never"], b"");
        assert_eq!((out.status.code(), text(&out.stderr)), (Some(2), message), "--lang {lang}");
    }
    for (lang, message) in
        [("en", "labs: an argument is not valid UTF-8 text\n"), ("zh", "labs: 有一个参数不是有效的 UTF-8 文本\n")]
    {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_labs"))
            .args(["--lang", lang, "run"])
            .arg(std::ffi::OsStr::from_bytes(b"\xff"))
            .output()
            .expect("labs starts");
        assert_eq!((out.status.code(), text(&out.stderr).as_str()), (Some(2), message), "--lang {lang}");
    }
}
