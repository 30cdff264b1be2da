//! `labs judge --format one`: any one solution is right, checked rather than compared (issue 52,
//! item 4). Real C programs, built here: a construction and a min-conflicts search that are right
//! (the construction at n = 10⁶ too), and one that prints a wrong board, too few or too many
//! rows, or bytes that are no answer; judged as root and as a user (`setpriv` nobody), in the
//! sandbox where there is one and out of it, with nothing left running after.

use crate::judging::{
    LABS, Watched, assert_nothing_survives, cc, labs_as_a_user, outside_tmp, sandbox_works, skip, stderr, stdout,
    verdicts,
};
use pretty_assertions::assert_eq;
use std::path::Path;
use std::process::{Command, Output};

/// One solution for n by the explicit construction (Hoffman, Loessi & Moore): the even columns,
/// then the odd ones, with two repairs for n % 6 = 2 or 3; `None` for 2 and 3. Columns from 0.
const CONSTRUCT: &str = r#"#include <stdio.h>
static void put(long c) { printf("%ld\n", c - 1); }
int main(void) {
    long n;
    if (scanf("%ld", &n) != 1) return 1;
    if (n == 2 || n == 3) { puts("None"); return 0; }
    long r = n % 6;
    if (r != 2 && r != 3) {
        for (long c = 2; c <= n; c += 2) put(c);
        for (long c = 1; c <= n; c += 2) put(c);
    } else if (r == 2) {
        for (long c = 2; c <= n; c += 2) put(c);
        put(3); put(1);
        for (long c = 7; c <= n; c += 2) put(c);
        put(5);
    } else {
        for (long c = 4; c <= n; c += 2) put(c);
        put(2);
        for (long c = 5; c <= n; c += 2) put(c);
        put(1); put(3);
    }
    return 0;
}
"#;

/// Min-conflicts (Minton et al., 1992): a greedy start, then a random attacked queen moved to a
/// column of fewest conflicts in its row, ties broken at random, a restart after 50n moves.
/// Printed as boards (`Q` and `.`) when asked (`argv[1]` = `boards`), else as columns.
const MIN_CONFLICTS: &str = r#"#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int n, *col, *cc, *d1, *d2;
static int hits(int r, int c) { return cc[c] + d1[r - c + n - 1] + d2[r + c] - (col[r] == c ? 3 : 0); }
static void put(int r, int c, int k) { cc[c] += k; d1[r - c + n - 1] += k; d2[r + c] += k; }
static int best(int r) {
    int b = -1, low = 1 << 30, ties = 0;
    for (int c = 0; c < n; c++) {
        int h = hits(r, c);
        if (h < low) { low = h; b = c; ties = 1; }
        else if (h == low && rand() % ++ties == 0) b = c;
    }
    return b;
}
int main(int argc, char **argv) {
    if (scanf("%d", &n) != 1) return 1;
    if (n == 2 || n == 3) { puts("None"); return 0; }
    col = malloc(n * sizeof *col); cc = calloc(n, sizeof *cc);
    d1 = calloc(2 * n, sizeof *d1); d2 = calloc(2 * n, sizeof *d2);
    int *bad = malloc(n * sizeof *bad);
    srand(52);
    for (;;) {
        memset(cc, 0, n * sizeof *cc); memset(d1, 0, 2 * n * sizeof *d1); memset(d2, 0, 2 * n * sizeof *d2);
        for (int r = 0; r < n; r++) { col[r] = -1; col[r] = best(r); put(r, col[r], 1); }
        for (long step = 0; step < 50L * n + 100; step++) {
            int k = 0;
            for (int r = 0; r < n; r++) if (hits(r, col[r]) > 0) bad[k++] = r;
            if (k == 0) {
                for (int r = 0; r < n; r++) {
                    if (argc > 1 && strcmp(argv[1], "boards") == 0) {
                        for (int c = 0; c < n; c++) putchar(c == col[r] ? 'Q' : '.');
                        putchar('\n');
                    } else printf("%d\n", col[r]);
                }
                return 0;
            }
            int r = bad[rand() % k];
            put(r, col[r], -1);
            col[r] = -1;
            col[r] = best(r);
            put(r, col[r], 1);
        }
    }
}
"#;

/// Wrong in the way `argv[1]` says: `diagonal` (the queens down the main diagonal), `short`
/// (one row fewer), `long` (one row more), `garbage` (bytes that are
/// no answer), `none` (`None`, whatever n), `flood` (zeros without end).
const WRONG: &str = r#"#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
    long n;
    if (scanf("%ld", &n) != 1 || argc < 2) return 1;
    if (strcmp(argv[1], "garbage") == 0) { fwrite("\0\377 queens\n", 1, 10, stdout); return 0; }
    if (strcmp(argv[1], "none") == 0) { puts("None"); return 0; }
    if (strcmp(argv[1], "flood") == 0) for (;;) puts("0");
    long rows = strcmp(argv[1], "short") == 0 ? n - 1 : strcmp(argv[1], "long") == 0 ? n + 1 : n;
    for (long r = 0; r < rows; r++) printf("%ld\n", r);
    return 0;
}
"#;

/// `labs judge --format one --n <sizes> --sandbox <mode> -- <program…>` in `dir`, as `labs` runs
/// it (root's, in this test), or as a user.
fn judge_one(as_user: bool, mode: &str, dir: &Path, sizes: &str, program: &[&str]) -> Output {
    let mut command = if as_user { labs_as_a_user() } else { Command::new(LABS) };
    command.args(["judge", "--format", "one", "--n", sizes, "--sandbox", mode, "--"]).args(program);
    command.current_dir(dir).env("NO_COLOR", "1").env("LC_ALL", "C").watched_output()
}

/// The lines of a report that say why a point is wrong: `n = 8: WA Wrong Answer: …`.
fn why(out: &Output) -> Vec<String> {
    stdout(out).lines().filter(|l| l.starts_with("n = ")).map(str::to_string).collect()
}

#[test]
fn any_one_solution_is_accepted_and_a_wrong_one_is_named() {
    let tag = "one solution";
    let dir = outside_tmp(0o755);
    cc(dir.path(), "construct", CONSTRUCT);
    cc(dir.path(), "repair", MIN_CONFLICTS);
    cc(dir.path(), "wrong", WRONG);
    let mut modes = vec!["off"];
    match sandbox_works() {
        Ok(()) => modes.push("on"),
        Err(why) => skip(&format!("{tag}: SKIPPED in the sandbox, which does not work here: {why}")),
    }
    for as_user in [false, true] {
        for &mode in &modes {
            let who = format!("{tag}, {}, sandbox {mode}", if as_user { "a user" } else { "root" });
            let judge = |sizes: &str, program: &[&str]| judge_one(as_user, mode, dir.path(), sizes, program);
            // Right: the construction up to a million queens, min-conflicts as columns and as boards.
            let out = judge("1,2,3,4,5,6,7,8,1000000", &["./construct"]);
            assert_eq!((out.status.code(), verdicts(&out).len()), (Some(0), 9), "{who}: {}", stdout(&out));
            assert!(verdicts(&out).iter().all(|v| v == "AC Accepted"), "{who}: {}", stdout(&out));
            assert!(stdout(&out).contains("any one solution, checked"), "{who}: {}", stdout(&out));
            for args in [&["./repair"][..], &["./repair", "boards"]] {
                let out = judge("1,2,3,4,5,6,7,8,60", args);
                assert_eq!(out.status.code(), Some(0), "{who} {args:?}: {}{}", stdout(&out), stderr(&out));
            }
            // Wrong: each named as the checker found it.
            for (program, sizes, said) in [
                (
                    "diagonal",
                    "8",
                    "n = 8: WA Wrong Answer: not a solution: the queens at (0,0) and (1,1) are on one diagonal",
                ),
                ("diagonal", "3", "n = 3: WA Wrong Answer: n = 3 has no solution: the answer is the line None"),
                ("short", "8", "n = 8: WA Wrong Answer: 7 lines of columns, where n = 8 wants 8"),
                ("long", "8", "n = 8: WA Wrong Answer: 9 lines of columns, where n = 8 wants 8"),
                (
                    "garbage",
                    "8",
                    "n = 8: WA Wrong Answer: no board to check: give one 0-based column a line, or a board in a document's format",
                ),
                ("none", "8", "n = 8: WA Wrong Answer: None, but n = 8 has solutions (every n but 2 and 3 has)"),
            ] {
                let out = judge(sizes, &["./wrong", program]);
                assert_eq!((out.status.code(), why(&out)), (Some(1), vec![said.to_string()]), "{who} {program}");
            }
            let out = judge("1000000", &["./wrong", "diagonal"]);
            assert_eq!(verdicts(&out), ["WA Wrong Answer"], "{who}: {}", stdout(&out));
            // A flood meets the cap (16 MiB here: four times a board of 8 is far less).
            let out = judge("8", &["./wrong", "flood"]);
            assert_eq!(verdicts(&out), ["OLE Output Limit Exceeded"], "{who}: {}", stdout(&out));
            assert_nothing_survives(&who);
        }
    }
}

#[test]
fn one_solution_goes_past_the_boards_limit_and_the_boards_keep_theirs() {
    let dir = tempfile::tempdir().unwrap();
    let labs = |args: &[&str]| {
        Command::new(LABS).args(args).current_dir(dir.path()).env("NO_COLOR", "1").env("LC_ALL", "C").watched_output()
    };
    let out = labs(&["judge", "-f", "compact", "--n", "12..=15", "--", "true"]);
    assert_eq!(
        (out.status.code(), stderr(&out)),
        (
            Some(2),
            "labs: invalid value '12..=15' for '--n <LIST>': has a size out of range (allowed: N, A..B, A..=B or N,N,… with sizes from 1 to 14: the expected output is held in memory)\n".into()
        )
    );
    let out = labs(&["judge", "-f", "one", "--n", "20000000", "--", "true"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("from 1 to 10000000: the program's output is held in memory"), "{}", stderr(&out));
    // Within one's limit, a format that draws boards still refuses what it cannot hold.
    std::fs::create_dir(dir.path().join("class")).unwrap();
    std::fs::write(dir.path().join("class/alice.c"), "int main(void) { return 0; }\n").unwrap();
    let out = labs(&["grade", "-f", "one,compact", "--n", "8,20", "class"]);
    assert_eq!(
        (out.status.code(), stderr(&out)),
        (
            Some(2),
            "labs: invalid value '8,20' for '--n <LIST>': has a size out of range (allowed: N, A..B, A..=B or N,N,… with sizes from 1 to 14: the expected output is held in memory)\n".into()
        )
    );
    let out = labs(&["judge", "-f", "one", "--any-order", "--", "true"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_nothing_survives("one's sizes");
}
