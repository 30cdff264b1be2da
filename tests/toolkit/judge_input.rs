//! `labs run` as a judge runs a student's program: N on stdin, exact bytes out in every format,
//! `--first` and `--count` beside the formats, and bad input that never breaks it.

use crate::common::{self, assert_usage_error, labs, text};
use nqueens_labs::format::{Format, render_to_string};
use pretty_assertions::assert_eq;
use std::io::{BufRead, BufReader};

/// The golden output of `format` at `n` (see tests/toolkit/golden.rs).
fn golden(format: Format, n: usize) -> String {
    let path = format!("{}/tests/golden/format/{}/n{n}.txt", env!("CARGO_MANIFEST_DIR"), format.name());
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn n_from_stdin_gives_the_documents_bytes_in_every_format() {
    for format in Format::ALL {
        for stdin in [&b"6\n"[..], b"6", b" \t6 \r\n\n"] {
            let out = labs(&["run", "--format", format.name()], stdin);
            assert_eq!(text(&out.stdout), golden(format, 6), "{} < {stdin:?}", format.name());
            assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), String::new()), "{}", format.name());
        }
    }
}

#[test]
fn the_judges_names_are_aliases() {
    for (alias, format) in [("pta", Format::Spaced), ("acwing", Format::Compact), ("bailian", Format::Numbered)] {
        assert_eq!(text(&labs(&["run", "--format", alias, "5"], b"").stdout), golden(format, 5), "{alias}");
    }
}

#[test]
fn first_k_prints_the_first_k_in_every_format() {
    let all = [vec![1, 3, 5, 0, 2, 4], vec![2, 5, 1, 4, 0, 3], vec![3, 0, 4, 1, 5, 2], vec![4, 2, 0, 5, 3, 1]];
    // `pretty` says in its summary that the search stopped; tests/toolkit/cli.rs checks that line.
    for format in Format::ALL.into_iter().filter(|&f| f != Format::Pretty) {
        let out = labs(&["run", "--format", format.name(), "--first", "3", "6"], b"");
        let expected = render_to_string(format, 6, "row", &all[..3]);
        assert_eq!(text(&out.stdout), expected, "{} --first 3", format.name());
    }
}

#[test]
fn bad_sizes_on_stdin_are_usage_errors() {
    let range = "(allowed: a whole number from 1 to 64)";
    let above =
        "(allowed: a whole number from 1 to 64: the board limit all six variants share, so that any two compare)";
    for (stdin, message) in [
        (&b"0\n"[..], format!("board size 0 is out of range {range}")),
        (b"-3\n", format!("board size -3 is out of range {range}")),
        (b"65\n", format!("board size 65 is out of range {above}")),
        (
            b"1000000000000000000000000000000\n",
            format!("board size 1000000000000000000000000000000 is out of range {above}"),
        ),
        (b"abc\n", format!("board size 'abc' is not a whole number {range}")),
        (b"3.5\n", format!("board size '3.5' is not a whole number {range}")),
        (b"1e3\n", format!("board size '1e3' is not a whole number {range}")),
        (b"", format!("no board size given {range}")),
        (b" \n\n", format!("no board size given {range}")),
        (b"\xff6\n", "stdin is not text (expected one whole number)".to_string()),
    ] {
        assert_usage_error(&["run", "--format", "spaced"], stdin, "", &message);
    }
}

#[test]
fn unknown_names_list_what_is_allowed() {
    let formats = "pretty, spaced (pta), framed, compact (acwing), numbered (bailian), kruse, luogu, leetcode, svg";
    let algos = "naive, bordered, cell, row, kruse, bits";
    assert_usage_error(
        &["run", "--format", "fancy", "6"],
        b"",
        "",
        &format!("invalid value 'fancy' for '--format <FORMAT>' (allowed: {formats})"),
    );
    assert_usage_error(
        &["run", "--algo", "fast", "6"],
        b"",
        "",
        &format!("invalid value 'fast' for '--algo <ALGO>' (allowed: {algos})"),
    );
}

#[test]
fn count_and_format_conflict() {
    let message = "the argument '--count' cannot be used with '--format <FORMAT>'";
    assert_usage_error(&["run", "--count", "--format", "spaced", "6"], b"", "", message);
}

/// Runs `labs args…` with `stdin`, reads one line of its output, closes the pipe, and asserts a
/// quiet success.
fn assert_quiet_when_closed_early(args: &[&str], stdin: &'static [u8]) {
    let mut child = common::spawn(args);
    let mut input = child.stdin.take().unwrap();
    let feeder = std::thread::spawn(move || std::io::Write::write_all(&mut input, stdin));
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    assert!(!line.is_empty(), "labs {args:?} printed nothing");
    let out = child.wait_with_output().unwrap();
    let _ = feeder.join();
    assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), String::new()), "labs {args:?}");
}

#[test]
fn a_closed_stdout_ends_quietly_in_every_format() {
    for format in Format::ALL {
        assert_quiet_when_closed_early(&["run", "--format", format.name(), "12"], b"");
    }
    assert_quiet_when_closed_early(&["interactive"], b"12\ny\n12\ny\n12\n");
}
