//! The built `labs` binary: exit codes, messages on stderr, quiet broken pipes.

mod common;

use common::{labs, text};
use pretty_assertions::assert_eq;

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
    let above = "(allowed: a whole number from 1 to 64: bits keeps a row in one 64-bit word)";
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
