//! `labs trace --algo min-conflicts --html`: the page replays local search's repairs in a real
//! headless Chromium, and the conflict counts it shows on the board are `--json`'s, step by step
//! (issue 52, item 5). Opened at `#step=K`, then stepped with the keyboard; each row's count of
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
