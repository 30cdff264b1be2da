//! `labs verify`: the real variants pass, and deliberately broken ones fail loudly, each check
//! catching what the others cannot.

use crate::common;

use nqueens_labs::lang::Lang;
use nqueens_labs::solvers::{Algo, Visitor};
use nqueens_labs::verify::check;
use nqueens_labs::verify::{Candidate, Fault, Finding, verify};
use pretty_assertions::assert_eq;
use std::io::BufRead;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A budget no test reaches.
const BUDGET: Duration = Duration::from_secs(3600);

/// A stop flag nothing sets.
static NEVER: AtomicBool = AtomicBool::new(false);

/// Passes every solution on, each through `change`; drops those for which it returns `None`.
struct Tamper<'a, F> {
    inner: &'a mut dyn Visitor,
    change: F,
}

impl<F: FnMut(&[usize]) -> Option<Vec<usize>>> Visitor for Tamper<'_, F> {
    fn solution(&mut self, cols: &[usize]) -> ControlFlow<()> {
        match (self.change)(cols) {
            Some(cols) => self.inner.solution(&cols),
            None => ControlFlow::Continue(()),
        }
    }
}

/// `row`, with each solution it finds passed through `change` first.
fn tampered(
    name: &str,
    change: impl Fn(usize) -> Box<dyn FnMut(&[usize]) -> Option<Vec<usize>>> + 'static,
) -> Candidate<'static> {
    Candidate::new(name, move |n, v| Algo::Row.solve(n, &mut Tamper { inner: v, change: change(n) }))
}

/// A search that forgets the diagonals: every permutation is a "solution".
fn rooks(n: usize, v: &mut dyn Visitor) -> ControlFlow<()> {
    fn place(cols: &mut Vec<usize>, n: usize, v: &mut dyn Visitor) -> ControlFlow<()> {
        if cols.len() == n {
            return v.solution(cols);
        }
        for c in 0..n {
            if !cols.contains(&c) {
                cols.push(c);
                let flow = place(cols, n, v);
                cols.pop();
                flow?;
            }
        }
        ControlFlow::Continue(())
    }
    place(&mut Vec::new(), n, v)
}

fn faults_at(candidate: Candidate, max: usize) -> Vec<Vec<Fault>> {
    let report = verify(&[candidate], max, BUDGET, &NEVER, &mut |_| {});
    report.rows.iter().enumerate().map(|(k, row)| row[0].faults(k + 1)).collect()
}

#[test]
fn the_six_variants_pass_up_to_10() {
    let candidates: Vec<_> = Algo::ALL.into_iter().map(Candidate::of).collect();
    let report = verify(&candidates, 10, BUDGET, &NEVER, &mut |_| {});
    assert_eq!(report.mismatches(Lang::En), Vec::<String>::new());
    assert_eq!(report.rows[7][3], Finding { count: 92, invalid: 0, same_stream: true }, "row at n = 8");
}

#[test]
fn a_variant_that_loses_a_solution_fails_count_and_order() {
    let lossy = tampered("lossy", |_| {
        let mut seen = 0;
        Box::new(move |cols| {
            seen += 1;
            (seen != 2).then(|| cols.to_vec())
        })
    });
    let faults = faults_at(lossy, 6);
    assert_eq!(faults[3], [Fault::Count { got: 1, known: 2 }, Fault::Order], "n = 4");
    assert_eq!(faults[0], [], "n = 1 has one solution, nothing lost");
}

#[test]
fn a_variant_in_another_order_fails_only_order() {
    // The mirror image of every solution: the same set of boards, listed in another order.
    let mirrored = tampered("mirrored", |n| Box::new(move |cols| Some(cols.iter().map(|c| n - 1 - c).collect())));
    let faults = faults_at(mirrored, 6);
    assert_eq!(faults[3], [Fault::Order], "n = 4");
    assert_eq!(faults[5], [Fault::Order], "n = 6");
}

#[test]
fn a_variant_that_forgets_the_diagonals_fails_all_three() {
    let faults = faults_at(Candidate::new("rooks", rooks), 4);
    assert_eq!(faults[0], [], "n = 1");
    assert_eq!(faults[1], [Fault::Count { got: 2, known: 0 }, Fault::Order, Fault::Invalid(2)], "n = 2");
    assert_eq!(faults[3], [Fault::Count { got: 24, known: 2 }, Fault::Order, Fault::Invalid(22)], "n = 4");
}

#[test]
fn a_broken_variant_fails_loudly_with_exit_1_naming_it_and_n() {
    let candidates = [Candidate::of(Algo::Row), Candidate::new("rooks", rooks)];
    let mut out = Vec::new();
    let err = check(&candidates, 4, BUDGET, &NEVER, Lang::En, &mut out).unwrap_err();
    assert_eq!(err.exit_code(), 1);
    assert_eq!(
        err.to_string(),
        "verify failed: rooks at n=2: count 2, OEIS says 0; stream differs from row's; \
         2 reported boards are not solutions (and 2 more, listed above)"
    );
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "\
┌───┬──────┬─────┬───────────────────────────────┐
│ n ┆ OEIS ┆ row ┆ rooks                         │
╞═══╪══════╪═════╪═══════════════════════════════╡
│ 1 ┆    1 ┆ ✓   ┆ ✓                             │
│ 2 ┆    0 ┆ ✓   ┆ ✗ count 2, order, 2 invalid   │
│ 3 ┆    0 ┆ ✓   ┆ ✗ count 6, order, 6 invalid   │
│ 4 ┆    2 ┆ ✓   ┆ ✗ count 24, order, 22 invalid │
└───┴──────┴─────┴───────────────────────────────┘
✗ 3 mismatches:
  rooks at n=2: count 2, OEIS says 0; stream differs from row's; 2 reported boards are not solutions
  rooks at n=3: count 6, OEIS says 0; stream differs from row's; 6 reported boards are not solutions
  rooks at n=4: count 24, OEIS says 2; stream differs from row's; 22 reported boards are not solutions
"
    );
}

/// The table, the mismatches and the summary in Chinese, as `--lang zh` shows them.
#[test]
fn the_table_and_its_lines_speak_chinese() {
    let candidates = [Candidate::of(Algo::Row), Candidate::new("rooks", rooks)];
    let findings = verify(&candidates, 2, BUDGET, &NEVER, &mut |_| {});
    assert_eq!(
        findings.table(Lang::Zh, None).to_string(),
        "\
┌───┬──────┬─────┬────────────────────────────┐
│ n ┆ OEIS ┆ row ┆ rooks                      │
╞═══╪══════╪═════╪════════════════════════════╡
│ 1 ┆    1 ┆ ✓   ┆ ✓                          │
│ 2 ┆    0 ┆ ✓   ┆ ✗ 个数 2、顺序、2 个不是解 │
└───┴──────┴─────┴────────────────────────────┘"
    );
    assert_eq!(
        findings.mismatches(Lang::Zh),
        ["rooks 在 n=2 时：解的个数为 2，OEIS 为 0；解的顺序与 row 的不同；报告的棋盘中有 2 个不是解"]
    );
    let out = common::labs(&["verify", "--max", "4", "--algo", "row,bits", "--lang", "zh"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&out.stdout).ends_with(
            "✓ 全部 8 项检查通过：解的个数与 OEIS A000170 一致，解的顺序与 row 的一致，逐个检查了 6 个解。\n"
        ),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let out = common::labs(&["verify", "--max", "1", "--algo", "row", "--lang", "zh"], b"");
    assert!(
        String::from_utf8_lossy(&out.stdout)
            .ends_with("✓ 1 项检查通过：解的个数与 OEIS A000170 一致，解的顺序与 row 的一致，逐个检查了 1 个解。\n")
    );
}

#[test]
fn the_command_passes_and_refuses_bad_limits() {
    let labs = |args: &[&str]| common::labs(args, b"");
    let out = labs(&["verify", "--max", "6", "--algo", "bits,naive,bits"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("┌───┬──────┬───────┬──────┐\n│ n ┆ OEIS ┆ naive ┆ bits │\n"), "{text}");
    assert!(text.ends_with(
        "✓ All 12 pass: counts match OEIS A000170, streams match row's, 34 solutions checked one by one.\n"
    ));
    for (args, message) in [
        (
            &["verify", "--max", "0"][..],
            "invalid value '0' for '--max <N>': board size 0 is out of range (allowed: a whole number from 1 to 27)",
        ),
        (
            &["verify", "--max", "28"],
            "invalid value '28' for '--max <N>': board size 28 is out of range (allowed: a whole number from 1 to 27: \
             the largest n whose count is known)",
        ),
        (
            &["verify", "--algo", "row,fast"],
            "invalid value 'fast' for '--algo <LIST>' (allowed: naive, bordered, cell, row, kruse, bits)",
        ),
    ] {
        let out = labs(args);
        assert_eq!(out.status.code(), Some(2), "labs {args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), format!("labs: {message}\n"), "labs {args:?}");
    }
}

#[test]
fn a_check_past_its_budget_stops_before_those_sizes_and_says_how_long_they_would_take() {
    let started = std::time::Instant::now();
    let out = common::labs(&["verify", "--max", "14", "--algo", "cell"], b"");
    // cell needs hours for n = 13 and 14; the check learns it within seconds.
    assert!(started.elapsed() < Duration::from_secs(60), "took {:?}", started.elapsed());
    assert_eq!(out.status.code(), Some(1));
    let err = common::text(&out.stderr);
    let (line, rest) = err.split_once('\n').unwrap();
    assert_eq!(rest, "");
    assert!(line.starts_with("labs: n = ") && line.contains("..14 not checked: they should take about "), "{err}");
    assert!(line.ends_with(", past the budget of 10 min: raise --budget (in seconds) or lower --max"), "{err}");
    // The sizes checked before are reported, and passed.
    let table = common::text(&out.stdout);
    assert!(table.contains("│ 1 ┆    1 ┆ ✓    │") && !table.contains('✗'), "{table}");
    assert!(table.lines().last().unwrap().starts_with("✓ All "), "{table}");
}

#[test]
fn ctrl_c_shows_the_sizes_checked_so_far_and_exits_130() {
    let mut child = common::spawn(&["verify", "--max", "13", "--budget", "100000"]);
    common::wait_until_it_catches(child.id(), 2);
    let mut stderr = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut estimate = String::new();
    stderr.read_line(&mut estimate).unwrap();
    // The estimate comes before the sizes that take minutes; one of those is running now.
    assert!(estimate.starts_with("labs verify: n = ") && estimate.contains("..13 should take about "), "{estimate}");
    let kill = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut stderr, &mut rest).unwrap();
    assert_eq!((out.status.code(), rest.as_str()), (Some(130), "labs: interrupted\n"));
    let report = common::text(&out.stdout);
    let last = report.lines().last().unwrap();
    let n: usize = last
        .strip_prefix("Interrupted while n = ")
        .and_then(|l| l.split_once(' '))
        .and_then(|(n, _)| n.parse().ok())
        .unwrap_or_else(|| panic!("{report}"));
    assert_eq!(
        last,
        format!(
            "Interrupted while n = {n} was checked: n = {n}..13 not checked; the rows above are the sizes checked before."
        )
    );
    // One row per size checked, under the header.
    assert_eq!(report.lines().filter(|l| l.starts_with('│')).count(), n, "{report}");
}
