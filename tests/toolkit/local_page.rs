//! `labs trace --algo min-conflicts` (issue 52, item 5): its lines agree with its `--json`, and
//! its page replays the repairs in a real headless Chromium with the conflict counts `--json`
//! gives, step by step. Opened at `#step=K`, then stepped with the keyboard; each row's count of
//! the queens attacking its queen is read off the board itself, and `#state` too. The page sends
//! no request but for itself. Without a browser the test says it skipped; with `CI` set, it fails
//! (`crate::page::start`).

use crate::common::{labs, text};
use crate::page::{close, start};
use pretty_assertions::assert_eq;
use serde_json::Value;
use std::time::Duration;

/// How long a page may take to show a step.
const READY: Duration = Duration::from_secs(20);

/// Runs `labs` and returns its stdout, requiring success.
fn run(args: &[&str]) -> String {
    let out = labs(args, b"");
    assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), String::new()), "labs {args:?}");
    text(&out.stdout)
}

/// What the page shows at its current step: the counts beside the rows, `#state`'s, the pairs.
const SHOWN: &str = "JSON.stringify({ step: document.getElementById('state').dataset.step, \
    board: [...document.querySelectorAll('#local-board td.count')].map(td => Number(td.textContent)), \
    state: document.getElementById('state').dataset.conflicts.split(' ').map(Number), \
    queens: [...document.querySelectorAll('#local-board tr')].map(tr => [...tr.cells].findIndex(td => td.textContent === '\u{265b}')), \
    pairs: Number(document.getElementById('pairs').textContent) })";

#[test]
fn the_min_conflicts_page_shows_the_conflicts_the_json_trace_counts() {
    let Some((_scratch, mut browser)) = start("local") else { return };
    let tab = browser.tab(1200, 900);
    let folder = tempfile::tempdir().unwrap();
    // n = 6 from seed 1 restarts 29 times; the others repair in a few swaps.
    for (n, seed) in [(8usize, 1u64), (6, 1), (10, 4), (12, 7)] {
        let (n_text, seed_text) = (n.to_string(), seed.to_string());
        let file = folder.path().join(format!("mc-{n}-{seed}.html"));
        let file_text = file.to_str().unwrap();
        let args =
            ["trace", "--lang", "en", "--algo", "min-conflicts", "--seed", &seed_text, "--html", file_text, &n_text];
        assert!(run(&args).starts_with(&format!("wrote {file_text}: min-conflicts n={n}, ")), "{args:?}");
        let json = run(&["trace", "--algo", "min-conflicts", "--seed", &seed_text, "--json", &n_text]);
        let steps: Vec<Value> = json.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let expected = |k: usize| {
            let step = &steps[k - 1];
            serde_json::json!({
                "step": k.to_string(),
                "board": step["conflicts"],
                "state": step["conflicts"],
                "queens": step["cols"],
                "pairs": step["pairs"],
            })
        };
        let shown = |browser: &mut crate::common::browser::Browser| -> Value {
            serde_json::from_str(browser.eval(&tab, SHOWN).as_str().unwrap()).unwrap()
        };
        // Opened at a step, and at the last.
        let wait = |browser: &mut crate::common::browser::Browser, k: usize| {
            let ready = format!("document.getElementById('state')?.dataset.step === '{k}'");
            browser.wait_for(&tab, &ready, READY, "document.getElementById('state')?.dataset.step");
        };
        for k in [1, steps.len().div_ceil(2), steps.len()] {
            browser.open(&tab, &format!("file://{}#step={k}", file.display()));
            wait(&mut browser, k);
            assert_eq!(shown(&mut browser), expected(k), "n={n} seed={seed} at step {k}");
        }
        // Stepped from the first with the keyboard, every step.
        browser.open(&tab, &format!("file://{}#step=1", file.display()));
        wait(&mut browser, 1);
        for k in 2..=steps.len() {
            browser.key(&tab, "ArrowRight");
            wait(&mut browser, k);
            assert_eq!(shown(&mut browser), expected(k), "n={n} seed={seed} stepped to {k}");
        }
        assert_eq!(steps.last().unwrap()["event"], "solution", "n={n} seed={seed}");
    }
    let pages: Vec<String> = browser.requests().into_iter().filter(|url| !url.starts_with("file://")).collect();
    assert_eq!(pages, Vec::<String>::new(), "the page asked for something besides itself");
    close(browser);
}

/// The lines of `labs trace --algo min-conflicts` against its `--json`, and its refusals: one
/// line each, exit 2 for a flag it has no use for, exit 1 where there is no solution.
#[test]
fn the_min_conflicts_trace_says_each_swap_and_refuses_what_it_has_no_use_for() {
    let lines = run(&["trace", "--algo", "min-conflicts", "--seed", "4", "10"]);
    let json = run(&["trace", "--algo", "min-conflicts", "--seed", "4", "--json", "10"]);
    let steps: Vec<Value> = json.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let swaps: Vec<&str> = lines.lines().filter(|l| l.starts_with("  swap: ")).collect();
    let moved: Vec<String> = steps
        .iter()
        .filter(|s| s["event"] == "swap")
        .map(|s| {
            let q = &s["queen"];
            format!(
                "  swap: row {}'s queen {} → {}, attacked {} → {};",
                q["row"], q["from"], q["to"], q["before"], q["after"]
            )
        })
        .collect();
    assert_eq!(swaps.len(), moved.len(), "{lines}");
    for (line, said) in swaps.iter().zip(&moved) {
        assert!(line.starts_with(said.as_str()), "{line} / {said}");
    }
    assert!(lines.ends_with("min-conflicts n=10: starts 1, swaps 2, attacking pairs left 0\n"), "{lines}");
    for (args, code, said) in [
        (
            &["trace", "--algo", "min-conflicts", "--tree", "8"][..],
            2,
            "labs: --tree traces a search tree: local search has none, so it does not apply to --algo min-conflicts\n",
        ),
        (
            &["trace", "--seed", "2", "8"],
            2,
            "labs: --seed is for --algo min-conflicts: the backtracking variants draw nothing at random\n",
        ),
        (
            &["trace", "--algo", "min-conflicts", "3"],
            1,
            "labs: no solution for n = 3: the board has none at all (only n = 2 and 3 have none)\n",
        ),
    ] {
        let out = labs(args, b"");
        assert_eq!(
            (out.status.code(), text(&out.stdout), text(&out.stderr)),
            (Some(code), String::new(), said.to_string()),
            "{args:?}"
        );
    }
}
