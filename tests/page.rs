//! `labs trace --html`: the page in a real headless Chromium agrees with `labs trace`, step by step.
//!
//! The pages are made by the built binary, opened at several `#step=K`, and their `#state` read
//! after the script ran; it must say what `labs trace --max-steps K --summary` says (step, nodes,
//! probes, solutions) and where `labs trace --max-steps K` left the queens. The keyboard steps and
//! plays; the page sends no request but for itself, and its policy refuses one it is asked to
//! make; a screenshot is not blank (`LABS_SCREENSHOT=docs/trace-page.png` keeps it there).
//!
//! Without a browser the test says it skipped and how to install one; with `CI` set, it fails.

mod common;

use common::browser::{self, Browser, Tab};
use common::{labs, text};
use pretty_assertions::assert_eq;
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How long a page may take to be ready, or to answer a key.
const READY: Duration = Duration::from_secs(20);

/// A page to make and check: variant, `--vs` variant, n, and the steps to open it at (`None`
/// for `#step=end`).
type Case<'a> = (&'a str, Option<&'a str>, usize, &'a [Option<u64>]);

/// A folder for the test's files, removed when dropped.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs `labs` and returns its stdout, requiring success.
fn run(args: &[&str]) -> String {
    let out = labs(args, b"");
    assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), String::new()), "labs {args:?}");
    text(&out.stdout)
}

/// What the page's `#state` must say, from the text trace.
fn expected(algo: &str, n: usize, step: Option<u64>) -> BTreeMap<String, String> {
    let n_text = n.to_string();
    let mut args = vec!["trace", "--algo", algo];
    let k_text = step.map(|k| k.to_string());
    if let Some(k) = &k_text {
        args.extend(["--max-steps", k]);
    }
    args.push(&n_text);
    let full = run(&args);
    args.insert(1, "--summary");
    let summary = run(&args);
    // `row n=8: 0 solutions, 7 nodes, 70 probes`
    let line = summary.lines().find(|l| l.starts_with(&format!("{algo} n="))).expect("a tally line");
    let numbers: Vec<String> =
        line.split(": ").nth(1).unwrap().split(", ").map(|part| part.split(' ').next().unwrap().to_string()).collect();
    let mut queens = vec!["-".to_string(); n];
    for line in full.lines().map(str::trim_start) {
        let square = |rest: &str| -> (usize, String) {
            let inside = rest.trim_start_matches('(').split(')').next().unwrap();
            let (r, c) = inside.split_once(',').unwrap();
            (r.parse().unwrap(), c.to_string())
        };
        if let Some(rest) = line.strip_prefix("place ") {
            let (r, c) = square(rest);
            queens[r] = c;
        } else if let Some(rest) = line.strip_prefix("remove ") {
            queens[square(rest).0] = "-".into();
        }
    }
    let mut state = BTreeMap::new();
    state.insert("algo".into(), algo.to_string());
    state.insert("solutions".into(), numbers[0].clone());
    state.insert("nodes".into(), numbers[1].clone());
    state.insert("probes".into(), numbers[2].clone());
    state.insert("queens".into(), queens.join(","));
    if let Some(k) = step {
        state.insert("step".into(), k.to_string());
    }
    state
}

/// The data attributes of the element `id`, those named in `like` only.
fn state(browser: &mut Browser, tab: &Tab, id: &str, like: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    let all =
        browser.eval(tab, &format!("JSON.stringify(Object.assign({{}}, document.getElementById('{id}').dataset))"));
    let all: BTreeMap<String, String> = serde_json::from_str(all.as_str().unwrap()).unwrap();
    all.into_iter().filter(|(k, _)| like.contains_key(k)).collect()
}

/// Opens `file` at `#step=K` (or `end`) and waits until the page shows that step.
fn open_at(browser: &mut Browser, tab: &Tab, file: &Path, step: Option<u64>) -> u64 {
    let at = step.map_or("end".to_string(), |k| k.to_string());
    browser.open(tab, &format!("file://{}#step={at}", file.display()));
    let shown = "(s => s && s.dataset.ready === 'true' && (location.hash === '#step=end' \
                 ? s.dataset.step === s.dataset.total : s.dataset.step === location.hash.slice(6)))";
    let check = format!("{shown}(document.getElementById('state'))");
    browser.wait_for(tab, &check, READY, "JSON.stringify(document.getElementById('state')?.dataset)");
    let total = browser.eval(tab, "document.getElementById('state').dataset.total");
    step.unwrap_or_else(|| total.as_str().unwrap().parse().unwrap())
}

/// Whether the process group `group` still has a member (zombies left to init do not count).
fn alive(group: i32) -> bool {
    let Ok(entries) = std::fs::read_dir("/proc") else { return false };
    entries.flatten().any(|entry| {
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        // pid (comm) state ppid pgrp …: the fields after the last ')'.
        let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
        fields.len() > 3 && fields[2] == group.to_string() && fields[0] != "Z"
    })
}

#[test]
fn the_page_shows_what_the_trace_says_in_a_real_browser() {
    let Some(binary) = browser::find() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must run the browser tests of the page, and no Chromium was found: {}",
            browser::INSTALL
        );
        // Straight to stderr, past the test harness's capture, so that it is seen.
        let _ = writeln!(
            std::io::stderr(),
            "tests/page.rs: SKIPPED the browser tests of `labs trace --html`: no Chromium found; {}",
            browser::INSTALL
        );
        return;
    };
    let scratch = Scratch(std::env::temp_dir().join(format!("labs-page-test-{}", std::process::id())));
    std::fs::create_dir_all(&scratch.0).unwrap();
    let mut browser = Browser::launch(&binary, &scratch.0);
    let group = browser.group();
    let tab = browser.tab(1400, 900);
    let mut files = Vec::new();

    // Every variant, several n, several moments; `None` is `#step=end`.
    let cases: [Case; 7] = [
        ("row", None, 8, &[Some(1), Some(40), Some(2000), None, Some(0)]),
        ("naive", None, 6, &[Some(17), None]),
        ("bordered", None, 5, &[Some(3), Some(60)]),
        ("cell", None, 4, &[Some(25), None]),
        ("kruse", None, 7, &[Some(333)]),
        ("bits", None, 9, &[Some(1234), None]),
        ("naive", Some("row"), 8, &[Some(40), Some(777)]),
    ];
    for (algo, vs, n, steps) in cases {
        let name = format!("{algo}{}-{n}.html", vs.map_or(String::new(), |b| format!("-vs-{b}")));
        let file = scratch.0.join(&name);
        let (file_text, n_text) = (file.to_str().unwrap(), n.to_string());
        let mut args = vec!["trace", "--html", file_text, "--algo", algo];
        if let Some(b) = vs {
            args.extend(["--vs", b]);
        }
        args.push(&n_text);
        assert!(run(&args).starts_with(&format!("wrote {file_text}: ")), "labs {args:?}");
        files.push(format!("file://{file_text}"));
        for &step in steps {
            let k = open_at(&mut browser, &tab, &file, step);
            for (id, shown) in std::iter::once(("state", algo)).chain(vs.map(|b| ("state-vs", b))) {
                let mut want = expected(shown, n, step.filter(|&k| k > 0));
                want.insert("step".into(), k.to_string());
                if step == Some(0) {
                    // Before the first step: the empty board, the root counted as one node.
                    want.extend(
                        [("nodes", "1"), ("probes", "0"), ("solutions", "0")].map(|(a, b)| (a.into(), b.into())),
                    );
                    want.insert("queens".into(), vec!["-"; n].join(","));
                }
                assert_eq!(state(&mut browser, &tab, id, &want), want, "{name}#step={k}, #{id}");
            }
        }
    }

    // The keyboard: → and ← step, space plays and pauses.
    let row8 = scratch.0.join("row-8.html");
    open_at(&mut browser, &tab, &row8, Some(10));
    for key in ["ArrowRight", "ArrowRight", "ArrowRight", "ArrowLeft"] {
        browser.key(&tab, key);
    }
    let want = expected("row", 8, Some(12));
    assert_eq!(state(&mut browser, &tab, "state", &want), want, "after → → → ← from step 10");
    browser.key(&tab, " ");
    let playing = "(s => s.dataset.playing === 'true' && +s.dataset.step > 12)(document.getElementById('state'))";
    browser.wait_for(&tab, playing, READY, "JSON.stringify(document.getElementById('state').dataset)");
    browser.key(&tab, " ");
    let paused = "document.getElementById('state').dataset.playing === 'false'";
    browser.wait_for(&tab, paused, READY, "JSON.stringify(document.getElementById('state').dataset)");
    let stopped_at = browser.eval(&tab, "document.getElementById('state').dataset.step");
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(browser.eval(&tab, "document.getElementById('state').dataset.step"), stopped_at, "space paused");
    let k: u64 = stopped_at.as_str().unwrap().parse().unwrap();
    let want = expected("row", 8, Some(k));
    assert_eq!(state(&mut browser, &tab, "state", &want), want, "paused at step {k}");

    // No request but for the pages themselves, and the policy refuses one the page is asked for.
    let requests = browser.requests();
    assert!(!requests.is_empty(), "the network events were not seen");
    for url in &requests {
        assert!(files.iter().any(|f| url.starts_with(f.as_str())), "a page requested {url}");
    }
    let attempt = "new Promise(done => { let refused = false; \
                   document.addEventListener('securitypolicyviolation', () => refused = true); \
                   fetch('http://127.0.0.1:9/').then(() => done('fetched'), \
                   () => setTimeout(() => done(refused ? 'refused by the policy' : 'failed otherwise'), 100)); })";
    assert_eq!(browser.eval(&tab, attempt), Value::from("refused by the policy"));

    // A screenshot, and that it is not blank: its pixels, counted in a blank tab of the browser.
    open_at(&mut browser, &tab, &scratch.0.join("naive-vs-row-8.html"), Some(40));
    let png = browser.screenshot(&tab);
    let keep = std::env::var_os("LABS_SCREENSHOT").map_or(scratch.0.join("trace-page.png"), PathBuf::from);
    std::fs::write(&keep, browser::base64(&png)).unwrap();
    let blank = browser.tab(100, 100);
    let data = png.len();
    let count = format!(
        "new Promise(done => {{ const image = new Image(); image.onload = () => {{ \
         const canvas = document.createElement('canvas'); canvas.width = image.width; canvas.height = image.height; \
         const g = canvas.getContext('2d'); g.drawImage(image, 0, 0); \
         const d = g.getImageData(0, 0, image.width, image.height).data; const colours = new Set(); let other = 0; \
         for (let i = 0; i < d.length; i += 4) {{ colours.add(d[i] << 16 | d[i + 1] << 8 | d[i + 2]); \
         if (d[i] !== d[0] || d[i + 1] !== d[1] || d[i + 2] !== d[2]) other++; }} \
         done([image.width, image.height, colours.size, Math.round(100 * other / (d.length / 4))]); }}; \
         image.onerror = () => done('not a PNG'); \
         image.src = 'data:image/png;base64,{png}'; }})"
    );
    let seen = browser.eval(&blank, &count);
    let [width, height, colours, other] = [0, 1, 2, 3].map(|i| seen[i].as_u64().unwrap_or(0));
    assert_eq!((width, height), (1400, 900), "screenshot of {data} bytes: {seen}");
    assert!(colours >= 16 && other >= 20, "the screenshot looks blank: {colours} colours, {other}% not background");

    drop(browser);
    let deadline = Instant::now() + Duration::from_secs(10);
    while alive(group) {
        assert!(Instant::now() < deadline, "the browser's processes outlived it");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn cell_cannot_be_paired_and_vs_needs_a_page() {
    common::assert_usage_error(
        &["trace", "--html", "never-written.html", "--vs", "cell", "6"],
        b"",
        "",
        "--vs cannot pair cell with another variant: cell visits every square and decides to place a queen or \
         skip it, so its search tree is not the one-queen-per-row tree the others share",
    );
    assert!(!Path::new("never-written.html").exists());
    let out = labs(&["trace", "--vs", "naive", "6"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--html"), "{}", text(&out.stderr));
}
