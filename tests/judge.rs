//! `labs judge` against small fake student programs, written here as `sh -c` scripts around the
//! `labs` binary itself: every verdict is reached, and nothing is left running afterwards.

use pretty_assertions::assert_eq;
use std::process::{Command, Output};

const LABS: &str = env!("CARGO_BIN_EXE_labs");

/// Runs `labs judge <args> -- sh -c <script> <tag>`; `$L` in the script is the labs binary, and
/// `tag` becomes the script's `$0`, so its processes can be found afterwards.
fn judge(args: &[&str], script: &str, tag: &str) -> Output {
    Command::new(LABS)
        .arg("judge")
        .args(args)
        .args(["--", "sh", "-c", &format!("L={LABS}; {script}"), tag])
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The verdict column of each table row, in order.
fn verdicts(out: &Output) -> Vec<String> {
    stdout(out)
        .lines()
        .filter_map(|l| l.strip_prefix('│'))
        .filter_map(|l| l.split('┆').nth(1))
        .map(|v| v.trim().to_string())
        .filter(|v| v != "verdict")
        .collect()
}

/// Processes still alive whose command line contains `tag`.
fn survivors(tag: &str) -> Vec<String> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| std::fs::read(e.ok()?.path().join("cmdline")).ok())
        .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
        .filter(|c| c.contains(tag) && !c.contains("judge"))
        .collect()
}

#[test]
fn the_toolkit_itself_is_accepted_in_every_format() {
    for format in ["spaced", "framed", "compact", "numbered", "kruse", "luogu", "leetcode"] {
        let out = judge(&["--format", format, "--n", "1..=7"], &format!("$L run --format {format}"), "ok");
        let out = if format == "framed" || format == "numbered" {
            judge(&["--format", format], &format!("$L run --format {format} 8"), "ok")
        } else {
            out
        };
        assert_eq!(out.status.code(), Some(0), "{format}: {}", stdout(&out));
        assert!(verdicts(&out).iter().all(|v| v == "AC Accepted"), "{format}: {}", stdout(&out));
    }
}

#[test]
fn trailing_spaces_and_a_missing_blank_line_are_presentation_errors() {
    let out = judge(&["-f", "acwing", "--n", "4"], "$L run -f compact | sed 's/$/ /'", "pe");
    assert_eq!(verdicts(&out), ["PE Presentation Error"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "labs: 1 of 1 board sizes not accepted\n");
    let out = judge(&["-f", "acwing", "--n", "4"], "$L run -f compact | head -n -1", "pe");
    assert_eq!(verdicts(&out), ["PE Presentation Error"]);
}

#[test]
fn a_wrong_answer_names_the_first_differing_line_and_shows_a_diff() {
    let out = judge(&["-f", "compact", "--n", "4"], "$L run -f compact | sed 's/Q/q/'", "wa");
    let text = stdout(&out);
    assert!(text.contains(r#"line 1: expected ".Q..", got ".q..""#), "{text}");
    assert!(text.contains("n = 4, expected (-) against got (+):\n-.Q..\n-...Q\n-Q...\n-..Q.\n+.q..\n"), "{text}");
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn another_order_is_wrong_unless_any_order_is_allowed() {
    // Boards in reverse order: the reference's boards, blank-line separated, back to front.
    let reversed = "$L run -f leetcode | sed 's/\\],\\[/]\\n[/g; s/^\\[\\[/[/; s/\\]\\]$/]/' | tac \
                    | paste -sd, | sed 's/^/[/; s/$/]/'";
    let strict = judge(&["-f", "leetcode", "--n", "6"], reversed, "order");
    assert_eq!(verdicts(&strict), ["WA Wrong Answer"]);
    let loose = judge(&["-f", "leetcode", "--n", "6", "--any-order"], reversed, "order");
    assert_eq!(verdicts(&loose), ["AC Accepted"], "{}", stdout(&loose));
}

#[test]
fn any_order_reports_duplicates_and_missing_boards() {
    let twice = "$L run -f compact --first 1; $L run -f compact --first 1 6";
    let out = judge(&["-f", "compact", "--n", "6", "--any-order"], twice, "dup");
    let text = stdout(&out);
    assert!(text.contains("your board 2 repeats your board 1"), "{text}");
    assert!(text.contains("3 of 4 solutions missing (reference numbers 2, 3, 4)"), "{text}");
}

#[test]
fn a_crash_is_a_runtime_error() {
    let out = judge(&["-f", "compact", "--n", "4"], "kill -SEGV $$", "crash");
    assert_eq!(verdicts(&out), ["RE Runtime Error"]);
    assert!(stdout(&out).contains("killed by signal 11 (SIGSEGV"));
    let out = judge(&["-f", "compact", "--n", "4"], "$L run -f compact; exit 3", "crash");
    assert!(stdout(&out).contains("RE Runtime Error ┆ "), "{}", stdout(&out));
    assert!(stdout(&out).contains("exit code 3"));
}

#[test]
fn an_endless_loop_is_killed_with_everything_it_started() {
    let tag = "labs-judge-endless-loop";
    let out = judge(&["-f", "compact", "--n", "4", "--time-limit", "0.3"], "sleep 600 & while :; do :; done", tag);
    assert_eq!(verdicts(&out), ["TLE Time Limit Exceeded"]);
    assert_eq!(survivors(tag), Vec::<String>::new());
}

#[test]
fn a_flood_of_output_is_stopped() {
    let out = judge(&["-f", "compact", "--n", "4", "--output-limit", "100000"], "yes", "flood");
    assert_eq!(verdicts(&out), ["OLE Output Limit Exceeded"]);
}

#[test]
fn a_program_that_reads_nothing_is_judged_on_its_output() {
    let out = judge(&["-f", "compact", "--n", "4"], "exec 0<&-; $L run -f compact 4", "deaf");
    assert_eq!(verdicts(&out), ["AC Accepted"]);
}

#[test]
fn bad_judge_arguments_are_usage_errors() {
    let cases: [(&[&str], &str); 8] = [
        (
            &["-f", "svg"],
            "labs: --format svg draws pictures for people, and no judge reads them: choose one of the text formats\n",
        ),
        (&["-f", "bailian", "--n", "6"], "labs: --format numbered judges n = 8 only: its programs read no input\n"),
        (
            &["-f", "luogu", "--any-order"],
            "labs: --any-order does not apply to --format luogu (it does to compact, spaced and leetcode)\n",
        ),
        (
            &["-f", "compact", "--time-limit", "0"],
            "labs: invalid value '0' for '--time-limit <SECONDS>': not a time (allowed: seconds above 0, up to 3600, like 3 or 0.5)\n",
        ),
        (
            &["-f", "compact", "--n", "0..=3"],
            "labs: invalid value '0..=3' for '--n <LIST>': has a size out of range (allowed: N, A..B, A..=B or N,N,… with sizes from 1 to 14)\n",
        ),
        (
            &["-f", "compact", "--n", "5.."],
            "labs: invalid value '5..' for '--n <LIST>': has no end: name the last size, as in 5..=9 (allowed: N, A..B, A..=B or N,N,… with sizes from 1 to 14)\n",
        ),
        (
            &["-f", "compact", "--n", "12..=15"],
            "labs: invalid value '12..=15' for '--n <LIST>': has a size out of range (allowed: N, A..B, A..=B or N,N,… with sizes from 1 to 14: the expected output is held in memory)\n",
        ),
        (
            &["-f", "compact", "--time-limt", "1"],
            "labs: unexpected argument '--time-limt' found (did you mean `--time-limit`?)\n",
        ),
    ];
    for (args, message) in cases {
        let out = judge(args, "true", "args");
        assert_eq!((out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned()), (Some(2), message.into()));
    }
    let no_program = Command::new(LABS).args(["judge", "-f", "compact"]).output().unwrap();
    assert_eq!(
        (no_program.status.code(), String::from_utf8_lossy(&no_program.stderr).into_owned()),
        (Some(2), "labs: missing <PROGRAM>... (see --help)\n".to_string())
    );
    let missing = Command::new(LABS).args(["judge", "-f", "compact", "--", "/no/such/program"]).output().unwrap();
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).starts_with("labs: cannot run '/no/such/program': "));
}
