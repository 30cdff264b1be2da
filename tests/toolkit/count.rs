//! `labs count`: the fast counter against OEIS, against the plain search, across threads and
//! shards; and the built binary's output, shard lines, sums and errors.

use crate::common;

use common::labs;
use nqueens_labs::count::shard::Shard;
use nqueens_labs::count::{Counts, Job, Mode};
use nqueens_labs::facts::{A000170, A002562};
use nqueens_labs::solvers::{Algo, Count, Tally};
use pretty_assertions::assert_eq;
use std::process::Command;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Counts `n` in `mode` (with the classes) on `threads` threads, one shard or all.
fn count(n: usize, mode: Mode, threads: usize, shard: Shard) -> Counts {
    let job = Job { n, mode, unique: true };
    job.run(shard, Some(threads), &AtomicBool::new(false), &()).unwrap()
}

#[test]
fn totals_match_oeis_a000170_up_to_15() {
    for (n, &known) in A000170.iter().enumerate().take(16).skip(1) {
        assert_eq!(count(n, Mode::Symmetry, 2, Shard::WHOLE).total, known, "symmetry at n = {n}");
        if n <= 12 {
            assert_eq!(count(n, Mode::Plain, 2, Shard::WHOLE).total, known, "plain at n = {n}");
        }
    }
}

#[test]
fn classes_match_oeis_a002562_up_to_13_both_ways() {
    for (n, &known) in A002562.iter().enumerate().take(14).skip(1) {
        for mode in [Mode::Symmetry, Mode::Plain] {
            assert_eq!(count(n, mode, 2, Shard::WHOLE).unique, known, "{} at n = {n}", mode.name());
        }
    }
}

#[test]
fn the_plain_mode_walks_the_same_tree_as_bits() {
    for n in 1..=11 {
        let mut tally = Tally::new(Count::default());
        let _ = Algo::Bits.solve(n, &mut tally);
        for unique in [false, true] {
            let plain = Job { n, mode: Mode::Plain, unique };
            let counts = plain.run(Shard::WHOLE, Some(1), &AtomicBool::new(false), &()).unwrap();
            assert_eq!(counts.nodes, tally.work.nodes(), "nodes at n = {n}, unique: {unique}");
        }
    }
}

#[test]
fn any_thread_count_gives_the_same_counts() {
    for mode in [Mode::Symmetry, Mode::Plain] {
        let one = count(13, mode, 1, Shard::WHOLE);
        for threads in [2, 3] {
            assert_eq!(count(13, mode, threads, Shard::WHOLE), one, "{} on {threads} threads", mode.name());
        }
    }
}

#[test]
fn shards_add_up_to_the_whole_count() {
    // Every shard lists all subproblems, so only the counts add up, not the nodes.
    let counted = |c: Counts| (c.total, c.unique);
    for mode in [Mode::Symmetry, Mode::Plain] {
        let whole = count(12, mode, 1, Shard::WHOLE);
        // More shards than n = 12 has subproblems: some of them are empty.
        for of in [1, 2, 3, 7, 64, 5000] {
            let sum =
                (1..=of).map(|index| count(12, mode, 1, Shard { index, of })).fold(Counts::default(), |a, b| a + b);
            assert_eq!(counted(sum), counted(whole), "{} in {of} shards", mode.name());
        }
    }
}

/// Exit code, stdout and stderr as text.
fn run(args: &[&str], stdin: &[u8]) -> (Option<i32>, String, String) {
    let out = labs(args, stdin);
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn the_count_is_one_number_and_the_classes_a_labelled_line() {
    assert_eq!(run(&["count", "8"], b""), (Some(0), "92\n".into(), String::new()));
    assert_eq!(run(&["count", "--unique", "8"], b""), (Some(0), "92\nunique 12\n".into(), String::new()));
    assert_eq!(
        run(&["count", "--no-symmetry", "-u", "-t", "3", "10"], b""),
        (Some(0), "724\nunique 92\n".into(), String::new())
    );
}

#[test]
fn stats_go_to_stderr() {
    let (code, out, err) = run(&["count", "--stats", "--no-symmetry", "8"], b"");
    assert_eq!((code, out.as_str()), (Some(0), "92\n"));
    assert!(err.starts_with("count n=8 (plain): 92 solutions, 2057 nodes, "), "{err}");
    assert!(err.ends_with(" nodes/s\n"), "{err}");
}

/// The number before ` nodes` in a `--stats` line.
fn nodes_in(stats: &str) -> &str {
    let words: Vec<&str> = stats.split_whitespace().collect();
    let at = words.iter().position(|w| w.starts_with("nodes")).unwrap_or_else(|| panic!("no nodes in {stats:?}"));
    words[at - 1].trim_end_matches(',')
}

#[test]
fn no_symmetry_reports_the_nodes_of_bits() {
    // Both count the empty board as the root: one meaning of "nodes" in the whole toolkit.
    for n in ["1", "4", "8", "11"] {
        let (_, _, bits) = run(&["run", "--algo", "bits", "--count", "--stats", n], b"");
        let (_, _, plain) = run(&["count", "--no-symmetry", "--stats", n], b"");
        assert_eq!(nodes_in(&plain), nodes_in(&bits), "n = {n}: {plain} against {bits}");
    }
}

#[test]
fn shard_lines_sum_from_files_and_from_stdin() {
    let dir = std::env::temp_dir().join(format!("labs-count-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    let mut all = String::new();
    for i in 1..=3 {
        let (code, line, err) = run(&["count", "--unique", "--shard", &format!("{i}/3"), "11"], b"");
        assert_eq!((code, err.as_str()), (Some(0), ""), "shard {i}/3");
        assert!(line.starts_with(&format!("shard {i}/3 n=11 symmetry total=")), "{line}");
        let path = dir.join(format!("shard-{i}.txt"));
        std::fs::write(&path, &line).unwrap();
        files.push(path.display().to_string());
        all.push_str(&line);
    }
    let mut args = vec!["count", "--sum"];
    args.extend(files.iter().map(String::as_str));
    assert_eq!(run(&args, b""), (Some(0), "2680\nunique 341\n".into(), String::new()));
    assert_eq!(run(&["count", "--sum"], all.as_bytes()), (Some(0), "2680\nunique 341\n".into(), String::new()));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_shard_sets_are_errors_that_name_the_shard() {
    let a = "shard 1/3 n=11 plain total=5\n";
    let b = "shard 2/3 n=11 plain total=6\n";
    let c = "shard 3/3 n=11 plain total=7\n";
    assert_eq!(run(&["count", "--sum"], format!("{a}\n{b}{c}").as_bytes()), (Some(0), "18\n".into(), String::new()));
    let cases: [(String, i32, &str); 6] = [
        (format!("{a}{c}"), 1, "missing shard 2/3"),
        (format!("{a}{b}{a}{c}"), 1, "shard 1/3 appears twice: stdin line 1 and stdin line 3"),
        (
            format!("{a}shard 2/3 n=12 plain total=6\n"),
            1,
            "stdin line 2 belongs to another count (n=12, plain, of 3) than stdin line 1 (n=11, plain, of 3)",
        ),
        (
            format!("{a}shard 2/4 n=11 plain total=6\n"),
            1,
            "stdin line 2 belongs to another count (n=11, plain, of 4) than stdin line 1 (n=11, plain, of 3)",
        ),
        (format!("{a}92\n"), 2, "stdin line 2 is not a line of `labs count --shard`: '92'"),
        (String::new(), 2, "no shard lines to add up (expected lines printed by `labs count --shard I/M`)"),
    ];
    for (input, code, message) in cases {
        assert_eq!(
            run(&["count", "--sum"], input.as_bytes()),
            (Some(code), String::new(), format!("labs: {message}\n")),
            "{input:?}"
        );
    }
    let (code, _, err) = run(&["count", "--sum", "/nonexistent/shard.txt"], b"");
    assert_eq!(code, Some(1));
    assert!(err.starts_with("labs: cannot read /nonexistent/shard.txt: "), "{err}");
}

#[test]
fn bad_arguments_are_one_line_usage_errors() {
    let range = "(allowed: a whole number from 1 to 28)";
    for (args, message) in [
        (&["count", "0"][..], format!("board size 0 is out of range {range}")),
        (
            &["count", "29"],
            "board size 29 is out of range (allowed: a whole number from 1 to 28: Q(29) would overflow a 64-bit count)"
                .into(),
        ),
        (&["count", "x"], format!("board size 'x' is not a whole number {range}")),
    ] {
        assert_eq!(run(args, b""), (Some(2), String::new(), format!("labs: {message}\n")), "{args:?}");
    }
    assert_eq!(run(&["count"], b""), (Some(2), String::new(), format!("labs: no board size given {range}\n")));
    assert_eq!(run(&["count", "--unique"], b" 9\n"), (Some(0), "352\nunique 46\n".into(), String::new()));
    for args in [
        &["count", "--shard", "0/3", "8"][..],
        &["count", "--shard", "4/3", "8"],
        &["count", "--threads", "0", "8"],
        &["count", "--sum", "--unique"],
        &["count", "--sum", "x", "8", "--stats"],
    ] {
        let (code, out, err) = run(args, b"");
        assert_eq!((code, out.as_str(), err.lines().count()), (Some(2), "", 1), "{args:?}: {err}");
        assert!(err.starts_with("labs: "), "{args:?}: {err}");
    }
}

/// SIGINT's number, 2 on every Linux.
fn libc_sigint() -> u32 {
    2
}

#[test]
fn ctrl_c_stops_a_long_count_promptly() {
    // At n = 28 one subproblem alone runs for hours: the flag must be read inside it.
    let child = common::spawn(&["count", "--threads", "2", "28"]);
    common::wait_until_it_catches(child.id(), libc_sigint());
    let sent = Instant::now();
    let kill = Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    assert!(sent.elapsed() < Duration::from_secs(3), "took {:?}", sent.elapsed());
    // The estimate comes first (n = 28 takes far longer than a minute), then the interruption.
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let (estimate, rest) = err.split_once('\n').unwrap_or(("", &err));
    assert!(estimate.starts_with("labs count: n = 28 should take about "), "{err}");
    assert_eq!(
        (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned(), rest.to_string()),
        (Some(130), String::new(), "labs: interrupted\n".into())
    );
}

#[test]
fn a_count_of_days_says_so_before_it_starts() {
    let mut child = common::spawn(&["count", "24"]);
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut line = String::new();
    std::io::BufRead::read_line(&mut stderr, &mut line).unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(line.starts_with("labs count: n = 24 should take about "), "{line}");
    // Days on a quiet machine; years under a heavy load.
    let long = line.contains(" d here (n = ") || line.contains(" years here (n = ");
    assert!(long && line.contains("labs count --shard 1/64 24 > shard-1.txt"), "{line}");
}

#[test]
fn a_short_count_says_nothing_first() {
    let out = common::labs(&["count", "10"], b"");
    assert_eq!((common::text(&out.stdout), common::text(&out.stderr)), ("724\n".into(), String::new()));
}

#[test]
fn a_whole_search_of_years_says_so_before_it_starts_and_names_the_fast_counter() {
    for (args, says) in [
        (&["run", "--count", "30"][..], "labs run: row n = 30 should take at least "),
        (&["run", "--algo", "bits", "20"], "labs run: bits n = 20 should take at least "),
    ] {
        let mut child = common::spawn(args);
        let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        std::io::BufRead::read_line(&mut stderr, &mut line).unwrap();
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(line.starts_with(says), "{args:?}: {line}");
        assert!(line.contains("--first K stops after K solutions; Ctrl-C stops it."), "{args:?}: {line}");
        // Up to n = 28, the fast counter can do it instead.
        let counter = "`labs count 20` is the fast counter";
        assert_eq!(line.contains(counter), args.contains(&"20"), "{args:?}: {line}");
    }
    assert!(common::labs(&["run", "--count", "10"], b"").stderr.is_empty());
}

#[test]
fn a_long_search_for_the_first_solutions_shows_it_is_working_on_a_terminal() {
    // `script` gives labs a terminal; `timeout` ends the search with Ctrl-C's signal, four times
    // as long as the spinner waits (a second) and long before row finds n = 40's first solution.
    let labs = env!("CARGO_BIN_EXE_labs");
    let command = format!("timeout -s INT 4 {labs} --lang zh run --first 1 40");
    let out = Command::new("script").args(["-qfec", &command, "/dev/null"]).env_remove("COLUMNS").output();
    let screen = String::from_utf8_lossy(&out.expect("script runs").stdout).into_owned();
    assert!(screen.contains("labs run：row n=40，正在找前 1 个解"), "{screen}");
    assert!(screen.trim_end().ends_with("labs: 已中断"), "{screen}");
    // Piped, the same run says nothing on stderr until it ends, past the spinner's second.
    let quiet = Command::new("timeout").args(["-s", "INT", "2", labs, "run", "--first", "1", "40"]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&quiet.stderr), "labs: interrupted\n");
}
