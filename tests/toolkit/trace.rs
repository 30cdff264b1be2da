//! `labs trace`: every variant's trace pinned at n = 4, the same tree where the trees are the same,
//! a trace that agrees with the search it follows, and a command that stops cleanly.

use crate::common;

use common::labs;

use nqueens_labs::solvers::{Algo, Profile, Visitor};
use nqueens_labs::trace::{Options, trace};
use pretty_assertions::assert_eq;
use std::io::Read;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

fn traced(algo: Algo, n: usize, options: &Options) -> String {
    let mut bytes = Vec::new();
    trace(algo, n, options, &mut bytes).unwrap();
    String::from_utf8(bytes).unwrap()
}

#[test]
fn every_variants_trace_at_4_is_pinned() {
    for algo in Algo::ALL {
        common::assert_golden(&format!("trace-{}-4.txt", algo.name()), &traced(algo, 4, &Options::default()));
    }
}

#[test]
fn variants_on_the_same_tree_print_the_same_tree() {
    let tree = Options { tree: true, ..Options::default() };
    for n in 1..=7 {
        let reference = traced(Algo::Row, n, &tree);
        for algo in [Algo::Naive, Algo::Bordered, Algo::Kruse, Algo::Bits] {
            assert_eq!(reference, traced(algo, n, &tree), "{} at n = {n}: another tree than row's", algo.name());
        }
        if n >= 4 {
            assert_ne!(reference, traced(Algo::Cell, n, &tree), "cell at n = {n} should walk a larger tree");
        }
    }
}

/// Counts what a trace must show: places per level, and places, removes and rejects.
#[derive(Default)]
struct Events {
    places: u64,
    removes: u64,
    rejects: u64,
    solutions: u64,
}

impl Visitor for Events {
    fn solution(&mut self, _cols: &[usize]) -> ControlFlow<()> {
        self.solutions += 1;
        ControlFlow::Continue(())
    }
    fn node(&mut self, _row: usize, _col: usize) {
        self.places += 1;
    }
    fn backtrack(&mut self, _row: usize, _col: usize) {
        self.removes += 1;
    }
    fn reject(&mut self, _row: usize, _col: usize, _why: nqueens_labs::solvers::Conflict) {
        self.rejects += 1;
    }
}

#[test]
fn a_trace_shows_every_event_of_the_search_it_follows() {
    for algo in Algo::ALL {
        let n = 6;
        let text = traced(algo, n, &Options::default());
        let lines = |word: &str| text.lines().filter(|l| l.trim_start().starts_with(word)).count() as u64;
        let mut events = Events::default();
        let _ = algo.solve(n, &mut events);
        let name = algo.name();
        assert_eq!(lines("place "), events.places, "{name}: place lines");
        assert_eq!(lines("remove "), events.removes, "{name}: remove lines");
        assert_eq!(lines("reject "), events.rejects, "{name}: reject lines");
        assert_eq!(lines("solution "), events.solutions, "{name}: solution lines");
        let mut profile = Profile::new(n);
        let _ = algo.solve(n, &mut profile);
        let levels: Vec<String> = profile.levels.iter().map(u64::to_string).collect();
        assert!(text.ends_with(&format!("nodes per level: {}\n", levels.join(" "))), "{name}: {text}");
    }
}

#[test]
fn max_steps_counts_the_lines_it_prints() {
    for (tree, k) in [(false, 2), (false, 17), (true, 9)] {
        let options = Options { max_steps: Some(k), tree, ..Options::default() };
        let text = traced(Algo::Naive, 8, &options);
        let steps = text.lines().take_while(|l| !l.starts_with("stopped")).filter(|l| !l.starts_with("naive")).count();
        assert_eq!(steps, k as usize, "tree {tree}, --max-steps {k}:\n{text}");
        assert!(text.contains(&format!("stopped after {k} steps (--max-steps {k}); so far:\n")), "{text}");
    }
}

#[test]
fn boards_follow_every_place_and_remove() {
    let options = Options { boards: true, max_steps: Some(2), ..Options::default() };
    assert_eq!(
        traced(Algo::Row, 4, &options),
        "row n=4: (row,col) from 0; indent = queens on the board; [k flags] = what the check examined\n\
         place (0,0) [3 flags]\nQ . . .\n. . . .\n. . . .\n. . . .\n  reject (1,0) column [1 flag]\n\
         stopped after 2 steps (--max-steps 2); so far:\nrow n=4: 0 solutions, 2 nodes, 4 probes\n\
         nodes per level: 1 1 0 0 0\n"
    );
}

#[test]
fn animate_falls_back_to_boards_when_stdout_is_not_a_terminal() {
    let animated = labs(&["trace", "--animate", "--delay", "5000", "--algo", "cell", "4"], b"");
    let boards = labs(&["trace", "--boards", "--algo", "cell", "4"], b"");
    assert_eq!(animated.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&animated.stdout), String::from_utf8_lossy(&boards.stdout));
}

#[test]
fn a_closed_pipe_stops_a_long_trace_quietly() {
    // Naive at n = 30 finds no solution for a very long time: only `proceed` can stop it.
    let started = Instant::now();
    let mut child = common::spawn(&["trace", "--algo", "naive", "30"]);
    let mut first = [0u8; 9];
    child.stdout.as_mut().unwrap().read_exact(&mut first).unwrap();
    assert_eq!(&first, b"naive n=3");
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!((out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned()), (Some(0), String::new()));
    assert!(started.elapsed() < Duration::from_secs(20), "the search went on after the pipe closed");
}

#[test]
fn bad_trace_flags_are_one_line_usage_errors() {
    for (args, message) in [
        (
            &["trace", "--delay", "10", "4"][..],
            "--delay sets the pace of --animate: add --animate, or leave --delay out",
        ),
        (&["trace", "--max-steps", "0", "4"], "invalid value '0' for '--max-steps <K>': must be at least 1"),
        (&["trace", "--summary", "--boards", "4"], "the argument '--summary' cannot be used with '--boards'"),
        (
            &["trace", "65"],
            "board size 65 is out of range (allowed: a whole number from 1 to 64: the board limit all six variants share, so that any two compare)",
        ),
    ] {
        let out = labs(args, b"");
        assert_eq!(out.status.code(), Some(2), "labs {args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), format!("labs: {message}\n"), "labs {args:?}");
    }
}

/// The steps of `algo`'s `--json` trace at n = 4, parsed.
fn json_steps(algo: Algo) -> Vec<serde_json::Value> {
    let json = traced(algo, 4, &Options { json: true, ..Options::default() });
    json.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// The trace of the checks (`checks`: the line each probe is examined on), against each
/// document's order: `row` tests the column, then `↙`, then `↘`, one flag each, and a refusal
/// stops at the flag that refuses; `naive` scans the column top to bottom (all n squares unless a
/// queen stops it), then every square of the board row by row, each on the line of the diagonal
/// it lies on (`↘` first) or its inner loop's.
#[test]
fn the_checks_follow_each_documents_order() {
    let lines = |step: &serde_json::Value| -> Vec<u64> {
        step["checks"].as_array().unwrap().iter().map(|l| l.as_u64().unwrap()).collect()
    };
    let square = |step: &serde_json::Value| (step["square"][0].as_u64().unwrap(), step["square"][1].as_u64().unwrap());
    // row: col[c] on line 4, anti on 5, diag on 6; a place (line 7) passes all three.
    for step in json_steps(Algo::Row) {
        let expected: &[u64] = match (step["event"].as_str().unwrap(), step["why"].as_str()) {
            ("place", _) => &[4, 5, 6],
            ("reject", Some("column")) => &[4],
            ("reject", Some("anti-diagonal")) => &[4, 5],
            ("reject", Some("diagonal")) => &[4, 5, 6],
            _ => &[],
        };
        assert_eq!(lines(&step), expected, "{step}");
    }
    // naive: the column on line 3; the board's squares on 6 (↘), 7 (↙) or 5 (neither).
    for step in json_steps(Algo::Naive).iter().filter(|s| s["event"] != "remove" && s["event"] != "solution") {
        let (row, col) = square(step);
        // The column's squares: all four, or up to the queen that refuses.
        let column_ends = step["why"] == "column";
        let mut expected = vec![3; if column_ends { lines(step).len() } else { 4 }];
        if !column_ends {
            for (i, j) in (0..4u64).flat_map(|i| (0..4u64).map(move |j| (i, j))) {
                expected.push(match (j + row == i + col, i + j == row + col) {
                    (true, _) => 6,
                    (false, true) => 7,
                    (false, false) => 5,
                });
            }
            // A refusal stops at the first queen met on a diagonal: the line that refuses is last.
            expected.truncate(lines(step).len());
        }
        assert_eq!(lines(step), expected, "{step}");
        if step["event"] == "reject" {
            assert_eq!(lines(step).last().copied(), step["line"].as_u64(), "{step}");
        } else {
            assert_eq!(lines(step).len(), 4 + 16, "{step}");
        }
    }
}

/// The call stack (`stack`): one frame per call of the document's recursion, each at the column
/// its loop stands on. `row` calls `dfs(r)` once per row down to the square tried, and once past
/// the last row at a solution; `cell` calls `dfs(x, y, s)` once per square, `s` the queens before.
#[test]
fn the_stack_holds_one_frame_per_call() {
    let stack = |step: &serde_json::Value| -> Vec<String> {
        step["stack"].as_array().unwrap().iter().map(|f| f.as_str().unwrap().to_string()).collect()
    };
    let row = json_steps(Algo::Row);
    let first_solution = row.iter().find(|s| s["event"] == "solution").unwrap();
    assert_eq!(stack(first_solution), ["dfs(0) c=1", "dfs(1) c=3", "dfs(2) c=0", "dfs(3) c=2", "dfs(4)"]);
    for step in &row {
        let depth = step["square"][0].as_u64().map_or(4, |r| r as usize);
        assert_eq!(stack(step).len(), depth + 1, "{step}");
        if let Some(c) = step["square"][1].as_u64() {
            assert_eq!(stack(step).last().unwrap(), &format!("dfs({depth}) c={c}"), "{step}");
        }
    }
    // cell: a queen on (0,0), then row 0's other squares refused, each a call deeper.
    let cell = json_steps(Algo::Cell);
    assert_eq!(stack(&cell[0]), ["dfs(0, 0, 0)"]);
    assert_eq!(stack(&cell[2]), ["dfs(0, 0, 0)", "dfs(0, 1, 1)", "dfs(0, 2, 1)"]);
}

#[test]
fn json_gives_each_step_its_line_node_and_values() {
    let out = labs(&["trace", "--json", "--max-steps", "3", "4"], b"");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        r#"{"checks":[4,5,6],"event":"place","line":7,"node":"0.0","probes":3,"reads":["col[0]","anti[0]","diag[4]"],"square":[0,0],"stack":["dfs(0) c=0"],"step":1,"values":{"anti":"10000000","col":"1000","diag":"00001000"},"why":null}
{"checks":[4],"event":"reject","line":4,"node":"0.0 1.0","probes":1,"reads":["col[0]"],"square":[1,0],"stack":["dfs(0) c=0","dfs(1) c=0"],"step":2,"values":{"anti":"10000000","col":"1000","diag":"00001000"},"why":"column"}
{"checks":[4,5,6],"event":"reject","line":6,"node":"0.0 1.1","probes":3,"reads":["col[1]","anti[2]","diag[4]"],"square":[1,1],"stack":["dfs(0) c=0","dfs(1) c=1"],"step":3,"values":{"anti":"10000000","col":"1000","diag":"00001000"},"why":"diagonal"}
"#
    );
    // Every variant: one line per step of the text trace, each on a line of its listing, the
    // reads as many as the probes.
    for algo in Algo::ALL {
        let text = traced(algo, 5, &Options::default());
        let steps = text.lines().skip(1).take_while(|l| !l.starts_with(algo.name())).count();
        let json = traced(algo, 5, &Options { json: true, ..Options::default() });
        assert_eq!(json.lines().count(), steps, "{}", algo.name());
        for line in json.lines() {
            let step: serde_json::Value = serde_json::from_str(line).unwrap();
            assert!(step["line"].as_u64().unwrap() >= 1, "{}: {line}", algo.name());
            assert_eq!(step["reads"].as_array().unwrap().len() as u64, step["probes"].as_u64().unwrap(), "{line}");
            assert_eq!(step["checks"].as_array().unwrap().len() as u64, step["probes"].as_u64().unwrap(), "{line}");
        }
    }
    let out = labs(&["trace", "--json", "--summary", "4"], b"");
    assert_eq!(out.status.code(), Some(2));
}
