//! `labs interactive` with piped answers: document 004's session, byte for byte, and every way
//! the answers can go wrong.

use crate::common;

use common::{assert_usage_error, labs, text};
use pretty_assertions::assert_eq;

const PROMPT: &str = "What is the size of the board?";
const GO_ON: &str = "\nWould you like to continue? [y/n]\n";

/// Asserts that the session given `answers` ends with success, printing exactly `expected`.
fn assert_session(args: &[&str], answers: &str, expected: &str) {
    let out = labs(&[&["interactive"], args].concat(), answers.as_bytes());
    assert_eq!(text(&out.stdout), expected, "labs interactive {args:?} < {answers:?}");
    assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), String::new()), "labs interactive {args:?}");
}

#[test]
fn a_session_reads_like_document_004() {
    // Checked against document 004's program, completed with this print and run with these answers.
    let expected = "\
What is the size of the board?. Q . .
. . . Q
Q . . .
. . Q .
================
. . Q .
Q . . .
. . . Q
. Q . .
================
there is total 2 configurations.

Would you like to continue? [y/n]
What is the size of the board?================
there is total 1 configurations.

Would you like to continue? [y/n]
What is the size of the board?The number must between 0 and 15

Would you like to continue? [y/n]
What is the size of the board?The number must between 0 and 15

Would you like to continue? [y/n]
What is the size of the board?there is total 0 configurations.

Would you like to continue? [y/n]
";
    assert_session(&[], "4\ny\n0\ny\n16\ny\n-3\ny\n3\nn\n", expected);
    assert_session(&[], "4 y 0 y 16 y -3 y 3 n", expected);
}

#[test]
fn every_variant_gives_the_same_session() {
    let reference = text(&labs(&["interactive"], b"6\ny\n8\n").stdout);
    assert!(reference.ends_with("there is total 92 configurations.\n\nWould you like to continue? [y/n]\n"));
    for algo in ["naive", "bordered", "cell", "row", "kruse", "bits"] {
        assert_session(&["--algo", algo], "6\ny\n8\n", &reference);
    }
}

#[test]
fn anything_but_y_or_the_end_of_input_ends_the_session() {
    let one_round = format!("{PROMPT}Q\n================\nthere is total 1 configurations.\n{GO_ON}");
    for answers in ["1\n", "1\nn\n", "1\nyes\n", "1\nY\n", "1\n\n\n"] {
        assert_session(&[], answers, &one_round);
    }
}

#[test]
fn max_size_moves_the_range() {
    let expected =
        format!("{PROMPT}The number must between 0 and 20\n{GO_ON}{PROMPT}The number must between 0 and 3\n{GO_ON}");
    let first = text(&labs(&["interactive", "--max-size", "20"], b"21\n").stdout);
    let second = text(&labs(&["interactive", "--max-size", "3"], b"4\n").stdout);
    assert_eq!(first + &second, expected);
}

#[test]
fn huge_sizes_get_the_range_message() {
    let expected = format!("{PROMPT}The number must between 0 and 15\n{GO_ON}");
    assert_session(&[], "1000000000000000000000000000000\n", &expected);
}

#[test]
fn a_size_that_is_no_number_or_missing_is_a_usage_error() {
    let range = "(allowed: a whole number from 0 to 15)";
    for (answers, message) in [
        (&b"abc\n"[..], format!("board size 'abc' is not a whole number {range}")),
        (b"3.5\n", format!("board size '3.5' is not a whole number {range}")),
        (b"1e3\n", format!("board size '1e3' is not a whole number {range}")),
        (b"\xff\xfe\n", format!("board size '\u{fffd}\u{fffd}' is not a whole number {range}")),
        (b"", "end of input at the size prompt (expected a whole number from 0 to 15)".to_string()),
        (b"  \n\n", "end of input at the size prompt (expected a whole number from 0 to 15)".to_string()),
    ] {
        assert_usage_error(&["interactive"], answers, PROMPT, &message);
    }
    let after_a_round = format!("{PROMPT}The number must between 0 and 15\n{GO_ON}{PROMPT}");
    assert_usage_error(
        &["interactive"],
        b"99 y",
        &after_a_round,
        "end of input at the size prompt (expected a whole number from 0 to 15)",
    );
}

#[test]
fn bad_flags_are_usage_errors() {
    for (args, message) in [
        (
            &["interactive", "--max-size", "65"][..],
            "invalid value '65' for '--max-size <M>': board size 65 is out of range (allowed: a whole number from 0 to \
             64: the largest board every variant takes)",
        ),
        (
            &["interactive", "--algo", "fast"],
            "invalid value 'fast' for '--algo <ALGO>' (allowed: naive, bordered, cell, row, kruse, bits)",
        ),
    ] {
        assert_usage_error(args, b"4\n", "", message);
    }
}
