//! `labs solve` and `labs check`: one solution past backtracking, and the checker that reads it
//! back; every method's board checked, every document's board read, every fault named.

use crate::common;

use common::{assert_usage_error, labs, text};
use pretty_assertions::assert_eq;

/// Runs `labs` and gives (exit code, stdout, stderr).
fn run(args: &[&str], stdin: &[u8]) -> (Option<i32>, String, String) {
    let out = labs(args, stdin);
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

/// The columns `labs solve` printed.
fn columns(stdout: &str) -> Vec<usize> {
    stdout.lines().map(|l| l.parse().unwrap()).collect()
}

#[test]
fn every_method_gives_a_solution_that_labs_check_accepts() {
    for (args, n) in [
        (&["solve", "8"][..], 8),
        (&["solve", "--method", "min-conflicts", "--seed", "3", "200"], 200),
        (&["solve", "--method", "backtrack", "12"], 12),
        (&["solve", "--given", "0,5", "--given", "10,10", "20"], 20),
        (&["solve", "100000"], 100_000),
    ] {
        let (code, out, err) = run(args, b"");
        assert_eq!((code, err.as_str()), (Some(0), ""), "labs {args:?}");
        let cols = columns(&out);
        assert_eq!(cols.len(), n);
        assert!(nqueens::beyond::check(&cols).is_ok(), "labs {args:?}");
        let checked = run(&["check"], out.as_bytes());
        assert_eq!(checked, (Some(0), format!("a solution: {n} queens, no two attack each other\n"), String::new()));
    }
    let (_, given, _) = run(&["solve", "--given", "0,5", "--given", "10,10", "20"], b"");
    assert_eq!((columns(&given)[0], columns(&given)[10]), (5, 10));
    // The same seed, the same board.
    let seeded = || run(&["solve", "--method", "min-conflicts", "--seed", "9", "500"], b"").1;
    assert_eq!(seeded(), seeded());
}

#[test]
fn no_solution_is_one_line_and_exit_1() {
    for (args, message) in [
        (&["solve", "3"][..], "no solution for n = 3: the board has none at all (only n = 2 and 3 have none)"),
        (
            &["solve", "--method", "min-conflicts", "2"],
            "no solution for n = 2: the board has none at all (only n = 2 and 3 have none)",
        ),
        (
            &["solve", "--given", "0,0", "--given", "1,2", "4"],
            "no solution for n = 4: no solution keeps the given queens (the whole search space was searched)",
        ),
        (
            &["solve", "--given", "0,0", "--given", "5,5", "8"],
            "no solution for n = 8: no solution keeps the given queens (the whole search space was searched)",
        ),
    ] {
        assert_eq!(run(args, b""), (Some(1), String::new(), format!("labs: {message}\n")), "labs {args:?}");
    }
}

#[test]
fn a_board_in_a_documents_format_is_drawn_and_read_back() {
    let (code, out, _) = run(&["solve", "--format", "spaced", "8"], b"");
    assert_eq!(code, Some(0));
    assert_eq!(
        out,
        ". Q . . . . . .\n. . . Q . . . .\n. . . . . Q . .\n. . . . . . . Q\n. . Q . . . . .\nQ . . . . . . .\n. . . . . . Q .\n. . . . Q . . .\n"
    );
    // Every document's format, as labs run prints it, is read as boards and every board checked.
    for format in ["pretty", "spaced", "framed", "compact", "numbered", "kruse", "leetcode"] {
        let (_, boards, _) = run(&["run", "--format", format, "6"], b"");
        assert_eq!(
            run(&["check"], boards.as_bytes()),
            (Some(0), "4 boards of 6 queens, each a solution\n".to_string(), String::new()),
            "{format}"
        );
    }
}

#[test]
fn the_first_attacking_pair_is_named_as_the_trace_counts() {
    for (input, message) in [
        ("0\n2\n0\n3\n", "not a solution: the queens at (0,0) and (2,0) are on one column"),
        ("0\n3\n1\n2\n", "not a solution: the queens at (2,1) and (3,2) are on one diagonal"),
        ("1\n3\n2\n0\n", "not a solution: the queens at (1,3) and (2,2) are on one anti-diagonal"),
        ("0\n4\n", "not a solution: row 1's queen is at column 4, off a board of 2 columns"),
        (". Q . .\n. . . Q\nQ . . .\n. Q . .\n", "not a solution: the queens at (0,1) and (3,1) are on one column"),
        (
            ". Q . .\n. . . Q\nQ . . .\n. . Q .\n\n. Q . .\nQ . . .\n. . . Q\n. . Q .\n",
            "board 2 is not a solution: the queens at (0,1) and (1,0) are on one anti-diagonal",
        ),
    ] {
        assert_eq!(
            run(&["check"], input.as_bytes()),
            (Some(1), String::new(), format!("labs: {message}\n")),
            "{input:?}"
        );
    }
    // From a file as from stdin: the first flaw top down, off the board or attacked.
    let dir = tempfile::tempdir().unwrap();
    for (input, message) in [
        ("0\n0\n9\n", "not a solution: the queens at (0,0) and (1,0) are on one column"),
        ("9\n0\n0\n", "not a solution: row 0's queen is at column 9, off a board of 3 columns"),
        ("1\n3\n0\n2\n5\n", "not a solution: row 4's queen is at column 5, off a board of 5 columns"),
    ] {
        let file = dir.path().join("cols.txt");
        std::fs::write(&file, input).unwrap();
        let expected = (Some(1), String::new(), format!("labs: {message}\n"));
        assert_eq!(run(&["check"], input.as_bytes()), expected, "{input:?} on stdin");
        assert_eq!(run(&["check", file.to_str().unwrap()], b""), expected, "{input:?} in a file");
    }
    let zh = run(&["--lang", "zh", "check"], b"0\n2\n0\n3\n");
    assert_eq!(zh.2, "labs: 不是解：(0,0) 和 (2,0) 两个皇后在同一列上\n");
}

#[test]
fn input_that_is_no_board_is_a_usage_error_naming_its_line() {
    assert_usage_error(&["check"], b"1\n3\nx\n", "", "line 3 is no column: one whole number from 0 a line");
    assert_usage_error(&["check"], b"1\n-3\n", "", "line 2 is no column: one whole number from 0 a line");
    assert_usage_error(&["check"], b"1\n\n3\n", "", "line 2 is blank, with columns after it");
    assert_usage_error(
        &["check"],
        b"",
        "",
        "no board to check: give one 0-based column a line, or a board in a document's format",
    );
    assert_usage_error(
        &["check"],
        b"hello\n",
        "",
        "no board to check: give one 0-based column a line, or a board in a document's format",
    );
    assert_usage_error(&["check"], b". Q\n. . .\n", "", "line 2: a row of another length than the board's first");
    assert_usage_error(&["check"], b". .\n. Q\n", "", "line 1: a row without a queen");
    assert_usage_error(&["check"], b"Q Q\n. Q\n", "", "line 1: a row with two queens");
    assert_usage_error(&["check"], b". Q . .\n. . . Q\n", "", "the last board has 2 rows of 4");
    assert_usage_error(&["solve", "--given", "0,9", "4"], b"", "", "the given queen (0,9) is off the 4×4 board");
    assert_usage_error(
        &["solve", "--given", "1,0", "--given", "1,3", "4"],
        b"",
        "",
        "two queens are given in row 1: one a row",
    );
    assert_usage_error(
        &["solve", "--method", "min-conflicts", "--given", "1,1", "8"],
        b"",
        "",
        "--given is completed by backtracking: --method min-conflicts cannot keep given queens",
    );
    assert_usage_error(
        &["solve", "--format", "spaced", "65"],
        b"",
        "",
        "n = 65 is too large to draw as a board (at most 64): use --format cols",
    );
    let missing = run(&["check", "/nonexistent/solution.txt"], b"");
    assert_eq!((missing.0, missing.1.as_str()), (Some(2), ""));
    assert!(missing.2.starts_with("labs: cannot read /nonexistent/solution.txt: "), "{}", missing.2);
}

#[test]
fn a_huge_file_of_columns_is_checked_without_keeping_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("million.txt");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_labs"))
        .args(["solve", "1000000"])
        .stdout(std::fs::File::create(&file).unwrap())
        .status()
        .unwrap();
    assert!(out.success());
    assert_eq!(
        run(&["check", file.to_str().unwrap()], b""),
        (Some(0), "a solution: 1000000 queens, no two attack each other\n".to_string(), String::new())
    );
    // The last row moved onto the first one's column: named with both queens, found by a pass
    // over the file again.
    let mut text = std::fs::read_to_string(&file).unwrap();
    let first: usize = text.lines().next().unwrap().parse().unwrap();
    let cut = text.trim_end().rfind('\n').unwrap();
    text.truncate(cut + 1);
    text.push_str(&format!("{first}\n"));
    std::fs::write(&file, text).unwrap();
    let (code, _, err) = run(&["check", file.to_str().unwrap()], b"");
    assert_eq!(code, Some(1));
    assert_eq!(
        err,
        format!("labs: not a solution: the queens at (0,{first}) and (999999,{first}) are on one column\n")
    );
}

#[test]
fn a_long_search_shows_a_spinner_on_a_terminal_and_nothing_when_piped() {
    // `script` gives labs a terminal, stdout goes to a file; `timeout` ends the search with
    // Ctrl-C's signal after three times as long as the spinner waits (a second). Min-conflicts at
    // 10⁷ takes seconds even in a release build (issue 52: up to 15 s).
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("cols");
    let command = format!("timeout -s INT 3 labs solve --method min-conflicts 10000000 > '{}'", file.display());
    let shown = crate::cli::on_a_terminal(&command, &[], b"");
    assert!(shown.contains("labs solve: min-conflicts n=10000000, "), "{shown:?}");
    // Piped, nothing but the solution.
    let (code, cols, said) = run(&["solve", "--method", "min-conflicts", "20000"], b"");
    assert_eq!((code, said), (Some(0), String::new()));
    assert_eq!(columns(&cols).len(), 20000);
}
