//! `labs trace --html`: the page in a real headless Chromium agrees with `labs trace`, step by step.
//!
//! The pages are made by the built binary, opened at several `#step=K`, and their `#state` read
//! after the script ran; it must say what `labs trace --max-steps K --summary` says (step, nodes,
//! probes, solutions) and where `labs trace --max-steps K` left the queens, and its panes (the lit
//! line of the program, the tree's node, the data structures, what the check read) what the last
//! line of `labs trace --json --max-steps K` says. The keyboard steps and
//! plays; the page sends no request but for itself, and its policy refuses one it is asked to
//! make; a screenshot is not blank (`LABS_SCREENSHOT=docs/trace-page.png` keeps it there, and
//! `LABS_SCREENSHOT_ZH=docs/trace-page-zh.png` the Chinese page's, which README.zh-CN.md shows).
//!
//! Without a browser the test says it skipped and how to install one; with `CI` set, it fails.

use crate::common;

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
pub(crate) struct Scratch(PathBuf);

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

/// Makes the page of `algo` (beside `vs`) at `n` in `folder`, in English, and returns its path.
fn make(folder: &Path, algo: &str, vs: Option<&str>, n: usize) -> PathBuf {
    let name = format!("{algo}{}-{n}.html", vs.map_or(String::new(), |b| format!("-vs-{b}")));
    let file = folder.join(&name);
    let (file_text, n_text) = (file.to_str().unwrap(), n.to_string());
    let mut args = vec!["trace", "--lang", "en", "--html", file_text, "--algo", algo];
    if let Some(b) = vs {
        args.extend(["--vs", b]);
    }
    args.push(&n_text);
    assert!(run(&args).starts_with(&format!("wrote {file_text}: ")), "labs {args:?}");
    file
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

/// What the page's panes must say at step `k` (from 1): the code line, the tree node, the values
/// and the reads that `labs trace --json --max-steps K` gives for its last step.
fn panes(algo: &str, n: usize, k: u64) -> BTreeMap<String, Value> {
    let (n_text, k_text) = (n.to_string(), k.to_string());
    let lines = run(&["trace", "--json", "--max-steps", &k_text, "--algo", algo, &n_text]);
    let last: Value = serde_json::from_str(lines.lines().last().expect("a step")).unwrap();
    assert_eq!(last["step"], Value::from(k), "labs trace --json --max-steps {k} --algo {algo} {n}");
    let reads: Vec<&str> = last["reads"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
    BTreeMap::from([
        ("line".to_string(), Value::from(last["line"].to_string())),
        ("node".to_string(), last["node"].clone()),
        ("values".to_string(), last["values"].clone()),
        ("reads".to_string(), Value::from(reads.join(" "))),
    ])
}

/// The page's panes as `#id`'s data attributes say them, in the shape of [`panes`].
fn panes_shown(browser: &mut Browser, tab: &Tab, id: &str) -> BTreeMap<String, Value> {
    let all = browser
        .eval(tab, &format!("(s => [s.line, s.node, s.values, s.reads])(document.getElementById('{id}').dataset)"));
    BTreeMap::from([
        ("line".to_string(), all[0].clone()),
        ("node".to_string(), all[1].clone()),
        ("values".to_string(), serde_json::from_str(all[2].as_str().unwrap()).unwrap()),
        ("reads".to_string(), all[3].clone()),
    ])
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

/// A browser in a scratch folder of its own (`label` names it), or `None` (and a line on stderr)
/// where no Chromium is installed and `CI` is not set.
pub(crate) fn start(label: &str) -> Option<(Scratch, Browser)> {
    let Some(binary) = browser::find() else {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must run the browser tests of the page, and no Chromium was found: {}",
            browser::INSTALL
        );
        // Straight to stderr, past the test harness's capture, so that it is seen.
        let _ = writeln!(
            std::io::stderr(),
            "tests/toolkit/page.rs: SKIPPED the browser tests of `labs trace --html`: no Chromium found; {}",
            browser::INSTALL
        );
        return None;
    };
    let scratch = Scratch(std::env::temp_dir().join(format!("labs-page-{label}-{}", std::process::id())));
    std::fs::create_dir_all(&scratch.0).unwrap();
    let browser = Browser::launch(&binary, &scratch.0);
    Some((scratch, browser))
}

/// Closes the browser and requires that nothing it started outlives it.
pub(crate) fn close(browser: Browser) {
    let group = browser.group();
    drop(browser);
    let deadline = Instant::now() + Duration::from_secs(10);
    while alive(group) {
        assert!(Instant::now() < deadline, "the browser's processes outlived it");
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn the_page_shows_what_the_trace_says_in_a_real_browser() {
    let Some((scratch, mut browser)) = start("state") else { return };
    let tab = browser.tab(1400, 900);
    let mut files = Vec::new();

    // Every variant, several n, several moments; `None` is `#step=end`.
    let cases: [Case; 7] = [
        ("row", None, 8, &[Some(1), Some(40), Some(2000), None, Some(0)]),
        ("naive", None, 6, &[Some(17), None]),
        ("bordered", None, 5, &[Some(3), Some(60)]),
        ("cell", None, 4, &[Some(9), Some(25), None]),
        ("kruse", None, 7, &[Some(12), Some(333)]),
        ("bits", None, 9, &[Some(1234), None]),
        ("naive", Some("row"), 8, &[Some(40), Some(777)]),
    ];
    for (algo, vs, n, steps) in cases {
        let file = make(&scratch.0, algo, vs, n);
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        files.push(format!("file://{}", file.display()));
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
                if k > 0 {
                    assert_eq!(
                        panes_shown(&mut browser, &tab, id),
                        panes(shown, n, k),
                        "{name}#step={k}, #{id}'s panes"
                    );
                }
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
    assert_eq!(browser.eval(&tab, STILL_AFTER_TEN_TICKS), Value::from(true), "space paused");
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
    // On a projector's screen, as docs/students.md shows it.
    let projector = browser.tab(1366, 768);
    open_at(&mut browser, &projector, &scratch.0.join("naive-vs-row-8.html"), Some(40));
    let png = browser.screenshot(&projector);
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
    assert_eq!((width, height), (1366, 768), "screenshot of {data} bytes: {seen}");
    assert!(colours >= 16 && other >= 20, "the screenshot looks blank: {colours} colours, {other}% not background");

    let titles = "[document.title, document.querySelector('h1').textContent]";
    assert_eq!(
        browser.eval(&projector, titles),
        serde_json::json!(["labs trace: naive vs row n=8", "labs trace: naive vs row n=8"])
    );

    // The same page in Chinese, for README.zh-CN.md.
    let zh = scratch.0.join("naive-vs-row-8-zh.html");
    let zh_text = zh.to_str().unwrap();
    run(&["trace", "--lang", "zh", "--html", zh_text, "--algo", "naive", "--vs", "row", "8"]);
    open_at(&mut browser, &projector, &zh, Some(40));
    assert_eq!(
        browser.eval(&projector, titles),
        serde_json::json!(["labs trace：naive 对比 row，n=8", "labs trace：naive 对比 row，n=8"])
    );
    let png = browser.screenshot(&projector);
    let keep = std::env::var_os("LABS_SCREENSHOT_ZH").map_or(scratch.0.join("trace-page-zh.png"), PathBuf::from);
    std::fs::write(&keep, browser::base64(&png)).unwrap();

    close(browser);
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
    // --summary conflicts with --html, which once let clap forget that --vs requires it.
    common::assert_usage_error(
        &["trace", "--summary", "--vs", "row", "6"],
        b"",
        "",
        "--vs is for the page or for --own: add --html FILE or --own FILE, or leave --vs out",
    );
    let out = labs(&["trace", "--vs", "naive", "6"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--html"), "{}", text(&out.stderr));
}

/// The colour `rgb(r, g, b)` (as getComputedStyle writes it), in 0..=1 per channel.
fn colour(css: &Value) -> [f64; 3] {
    let text = css.as_str().unwrap_or_else(|| panic!("not a colour: {css}"));
    let inside = text.trim_start_matches("rgba(").trim_start_matches("rgb(").trim_end_matches(')');
    let parts: Vec<f64> = inside.split(',').map(|p| p.trim().parse::<f64>().unwrap() / 255.0).collect();
    [parts[0], parts[1], parts[2]]
}

/// sRGB to linear light, one channel.
fn linear(c: f64) -> f64 {
    if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
}

/// Linear light to sRGB, one channel, clamped.
fn gamma(c: f64) -> f64 {
    let c = c.clamp(0.0, 1.0);
    if c <= 0.0031308 { 12.92 * c } else { 1.055 * c.powf(1.0 / 2.4) - 0.055 }
}

/// WCAG's contrast ratio of two colours.
fn contrast(a: [f64; 3], b: [f64; 3]) -> f64 {
    let luminance = |c: [f64; 3]| 0.2126 * linear(c[0]) + 0.7152 * linear(c[1]) + 0.0722 * linear(c[2]);
    let (x, y) = (luminance(a), luminance(b));
    (x.max(y) + 0.05) / (x.min(y) + 0.05)
}

/// The colour as a deuteranope sees it (Machado, Oliveira and Fernandes 2009, severity 1).
fn deuteranopia(c: [f64; 3]) -> [f64; 3] {
    const M: [[f64; 3]; 3] =
        [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]];
    let l = c.map(linear);
    M.map(|row| gamma(row[0] * l[0] + row[1] * l[1] + row[2] * l[2]))
}

/// Evaluates `expression` in `tab` until it is true (20 s at most).
/// Whether the step stays where it is for ten ticks of the page's own play clock (30 a second):
/// timers of one period fire in the order they were set, so a player still running would have
/// stepped nine times by the tenth tick. The page's clock, not a sleep of the test's.
const STILL_AFTER_TEN_TICKS: &str = "new Promise(done => { const s = document.getElementById('state'); \
     const at = s.dataset.step; let ticks = 0; const id = setInterval(() => { if (++ticks === 10) \
     { clearInterval(id); done(s.dataset.step === at); } }, 1000 / 30); })";

fn until(browser: &mut Browser, tab: &Tab, expression: &str) {
    browser.wait_for(tab, expression, READY, "JSON.stringify(document.getElementById('state')?.dataset)");
}

#[test]
fn the_page_is_ready_for_a_lecture() {
    let Some((scratch, mut browser)) = start("lecture") else { return };
    let folder = &scratch.0;
    let tab = browser.tab(1280, 720);

    // The banner stays inside the board's picture and clear of every queen of its solution.
    for n in [1, 4, 8] {
        let file = make(folder, "row", None, n);
        open_at(&mut browser, &tab, &file, Some(0));
        browser.eval(&tab, "document.getElementById('next-solution').click()");
        let clear = "(() => { const svg = document.querySelector('.board svg'), banner = svg.querySelector('.banner'); \
                     const b = banner.getBoundingClientRect(), s = svg.getBoundingClientRect(); \
                     const inside = b.width > 0 && b.left >= s.left && b.right <= s.right && b.top >= s.top && b.bottom <= s.bottom; \
                     const queens = [...svg.querySelectorAll('.queen[display=inline]')].map(q => q.getBoundingClientRect()); \
                     const hit = queens.filter(q => q.left < b.right && b.left < q.right && q.top < b.bottom && b.top < q.bottom); \
                     return [banner.textContent, inside, hit.length, queens.length]; })()";
        assert_eq!(browser.eval(&tab, clear), serde_json::json!(["solution 1", true, 0, n]), "the banner at n = {n}");
    }
    // n = 2 has no solution, and says so at the end.
    let two = make(folder, "row", None, 2);
    open_at(&mut browser, &tab, &two, None);
    let said = browser
        .eval(&tab, "[document.querySelector('.banner').textContent, document.getElementById('now').textContent]");
    assert_eq!(said, serde_json::json!(["no solution", "The end of the search: no solution for n = 2."]));

    // A projector's window: the controls, the counters and both boards in the first screen.
    let vs = make(folder, "naive", Some("row"), 8);
    let fits = "(() => { const inside = r => r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth; \
                const at = id => inside(document.getElementById(id).getBoundingClientRect()); \
                const boards = [...document.querySelectorAll('.board svg')].every(s => inside(s.getBoundingClientRect())); \
                return [at('controls'), at('counters'), boards, document.documentElement.scrollWidth <= innerWidth]; })()";
    for (width, height) in [(1024, 768), (1280, 720), (1366, 768)] {
        let window = browser.tab(width, height);
        open_at(&mut browser, &window, &vs, Some(40));
        assert_eq!(
            browser.eval(&window, fits),
            serde_json::json!([true, true, true, true]),
            "--vs at {width}×{height}"
        );
    }
    let wide = browser.tab(1920, 1080);
    open_at(&mut browser, &wide, &vs, Some(40));
    let side = browser.eval(&wide, "document.querySelector('.board svg').getBoundingClientRect().width");
    assert!(side.as_f64().unwrap() >= 560.0, "a board at 1920×1080 is only {side} px wide");
    let phone = browser.tab(390, 844);
    open_at(&mut browser, &phone, &vs, Some(40));
    let first = "(r => [r.bottom <= innerHeight, document.documentElement.scrollWidth <= innerWidth])\
                 (document.getElementById('counters').getBoundingClientRect())";
    assert_eq!(browser.eval(&phone, first), serde_json::json!([true, true]), "--vs on a phone");

    // Colours, from the page itself: every mark 3:1 on every square it can lie on, and the
    // refusing line apart from the flags' lines for a deuteranope too, and in its shape.
    open_at(&mut browser, &tab, &vs, Some(40));
    let styles = "(() => { const c = (s, p) => getComputedStyle(document.querySelector(s))[p]; \
                  return [c('.attack', 'stroke'), c('.flag-line', 'stroke'), c('.mark', 'fill'), c('.attacker', 'stroke'), \
                  c('.tried', 'stroke'), c('.board .light', 'fill'), c('.board .dark', 'fill'), c('.board .probe', 'fill'), \
                  c('.attack', 'strokeDasharray'), c('.flag-line', 'strokeDasharray')]; })()";
    let seen = browser.eval(&tab, styles);
    let [attack, flag, mark, attacker, tried, light, dark, probe] = std::array::from_fn(|i| colour(&seen[i]));
    for (name, fg) in
        [("refusing line", attack), ("flag line", flag), ("✗", mark), ("circle", attacker), ("outline", tried)]
    {
        for (under, bg) in [("light", light), ("dark", dark), ("read", probe)] {
            let ratio = contrast(fg, bg);
            assert!(ratio >= 3.0, "the {name} on a {under} square: contrast {ratio:.2}, {seen}");
        }
    }
    let [a, f] = [attack, flag].map(deuteranopia);
    let apart = (0..3).map(|i| (a[i] - f[i]).powi(2)).sum::<f64>().sqrt() * 255.0;
    assert!(apart >= 80.0, "for a deuteranope the two lines are {apart:.0} apart in RGB: {a:?} {f:?}");
    for bg in [light, dark].map(deuteranopia) {
        assert!(contrast(a, bg) >= 3.0 && contrast(f, bg) >= 3.0, "a line fades for a deuteranope");
    }
    assert_ne!(seen[8], seen[9], "the refusing line and the flags' lines are drawn alike");

    // The tree: a node clicked is a jump to its step; the step's node is marked as the current one.
    let node = browser
        .eval(&tab, "(g => [+g.dataset.step + 1, g.dataset.node])(document.querySelector('#tree .tnode.refused'))");
    browser.click(&tab, "#tree .tnode.refused");
    let now = browser.eval(
        &tab,
        "[+document.getElementById('state').dataset.step, document.querySelector('#tree .current').dataset.node]",
    );
    assert_eq!(now, node, "a click on the tree's first refused node");
    open_at(&mut browser, &tab, &vs, Some(40));

    // Coordinates around the board, from 0, as every caption counts.
    let coords =
        "[...document.querySelector('.board svg').querySelectorAll('.coord')].map(t => t.textContent).join(' ')";
    assert_eq!(browser.eval(&tab, coords), Value::from("0 0 1 1 2 2 3 3 4 4 5 5 6 6 7 7"));

    // The keyboard steps whatever control was used last: the speed slider, the step box, a button.
    let row8 = make(folder, "row", None, 8);
    open_at(&mut browser, &tab, &row8, Some(10));
    let step = "+document.getElementById('state').dataset.step";
    browser.click(&tab, "#speed");
    let speed = browser.eval(&tab, "document.getElementById('speed').value");
    browser.key(&tab, "ArrowRight");
    browser.key(&tab, "ArrowRight");
    assert_eq!(browser.eval(&tab, step), Value::from(12), "→ → on the speed slider");
    assert_eq!(browser.eval(&tab, "document.getElementById('speed').value"), speed, "→ moved the speed");
    browser.click(&tab, "#goto");
    browser.eval(&tab, "document.getElementById('goto').select()");
    browser.type_text(&tab, "30");
    browser.key(&tab, "Enter");
    assert_eq!(browser.eval(&tab, step), Value::from(30), "30 Enter in the step box");
    browser.key(&tab, "ArrowRight");
    browser.key(&tab, "ArrowLeft");
    browser.key(&tab, "ArrowRight");
    assert_eq!(browser.eval(&tab, step), Value::from(31), "→ ← → after the step box");
    browser.click(&tab, "#forward");
    assert_eq!(browser.eval(&tab, step), Value::from(32), "a click on ▶");
    browser.key(&tab, " ");
    until(&mut browser, &tab, "document.getElementById('state').dataset.playing === 'true'");
    // An address typed during play is obeyed, and stays in the address.
    browser.open(&tab, &format!("file://{}#step=100", row8.display()));
    until(
        &mut browser,
        &tab,
        "(s => s.dataset.step === '100' && s.dataset.playing === 'false')(document.getElementById('state'))",
    );
    assert_eq!(browser.eval(&tab, STILL_AFTER_TEN_TICKS), Value::from(true), "play stopped at the address");
    assert_eq!(browser.eval(&tab, format!("[{step}, location.hash]").as_str()), serde_json::json!([100, "#step=100"]));

    // For a screen reader: named glyph buttons, a live region that says the step, a board that
    // describes itself; buttons big enough to hit.
    let named = "['back', 'forward'].map(id => document.getElementById(id).getAttribute('aria-label'))";
    assert_eq!(browser.eval(&tab, named), serde_json::json!(["one step back (←)", "one step forward (→)"]));
    let spoken =
        browser.eval(&tab, "(s => [s.getAttribute('aria-live'), s.textContent])(document.getElementById('spoken'))");
    assert_eq!(spoken[0], Value::from("polite"));
    assert!(spoken[1].as_str().unwrap().starts_with("row, step 100: queens at "), "{spoken}");
    let height = browser.eval(&tab, "document.getElementById('back').getBoundingClientRect().height");
    assert!(height.as_f64().unwrap() >= 36.0, "a button {height} px high");
    // No glow for those who asked for less motion; a dark page for those who asked for one.
    let glow = "(s => { s.classList.add('flash'); const a = getComputedStyle(s).animationName; s.classList.remove('flash'); return a; })\
                (document.querySelector('.board svg'))";
    assert_eq!(browser.eval(&tab, glow), Value::from("flash"));
    browser.media(&tab, &[("prefers-reduced-motion", "reduce"), ("prefers-color-scheme", "dark")]);
    assert_eq!(browser.eval(&tab, glow), Value::from("none"), "the glow under prefers-reduced-motion");
    let page = browser.eval(&tab, "(s => [s.backgroundColor, s.color])(getComputedStyle(document.body))");
    let (background, text) = (colour(&page[0]), colour(&page[1]));
    assert!(contrast(background, [0.0; 3]) < 1.5 && contrast(background, text) >= 7.0, "the dark theme: {page}");
    browser.media(&tab, &[]);

    // Small things: the speed's words, an empty step box.
    browser
        .eval(&tab, "(s => { s.value = 0; s.dispatchEvent(new Event('input')); })(document.getElementById('speed'))");
    assert_eq!(browser.eval(&tab, "document.getElementById('speed-shown').textContent"), Value::from("1 step/s"));
    browser.eval(&tab, "document.getElementById('goto').value = ''");
    browser.click(&tab, "#go");
    assert_eq!(browser.eval(&tab, step), Value::from(100), "an empty step box went somewhere");

    // In Chinese: --lang zh (else the locale) chooses the catalogue's column, and the lang attribute.
    let zh = folder.join("row-zh.html");
    let zh_text = zh.to_str().unwrap();
    assert!(
        run(&["trace", "--lang", "zh", "--html", zh_text, "5"]).starts_with(&format!("已写入 {zh_text}：row，n=5，"))
    );
    open_at(&mut browser, &tab, &zh, Some(2));
    let said = "[document.documentElement.lang, document.getElementById('play').textContent, \
                document.querySelector('.board .caption').textContent, document.title, \
                document.querySelector('.board h2').textContent]";
    assert_eq!(
        browser.eval(&tab, said),
        serde_json::json!([
            "zh-CN",
            "▶ 播放",
            "拒绝 (1,0)：列上有圈出的皇后 — 读了 1 个标记",
            "labs trace：row，n=5",
            "实现 row"
        ])
    );

    // Without scripts (a course site's preview), the page says what to do, and shows no dead controls.
    let bare = browser.tab(1024, 768);
    browser.without_scripts(&bare);
    browser.open(&bare, &format!("file://{}", row8.display()));
    until(&mut browser, &bare, "document.readyState === 'complete' && !!document.getElementById('no-script')");
    let shown = "[document.getElementById('no-script').getBoundingClientRect().height > 0, \
                 getComputedStyle(document.getElementById('bar')).display, getComputedStyle(document.querySelector('main')).display]";
    assert_eq!(browser.eval(&bare, shown), serde_json::json!([true, "none", "none"]));
    close(browser);
}

/// What must be in the first screen of a projector, each a box none other may overlap: the bar's
/// parts, and each lane's board, caption, probes, program and data. Returns what is wrong (a box
/// empty, out of the window, over another; a lit line out of its pane; the page scrolled) and
/// the boxes, rounded, as `name left top right bottom`.
const LAYOUT: &str = "(() => {
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const named = ['controls', 'view', 'timeline', 'counters'].map(id => [id, document.getElementById(id)]);
  document.querySelectorAll('.board').forEach((lane, i) => {
    for (const [name, part] of [['board', 'svg'], ['caption', '.caption'], ['probes', '.probes'], ['code', '.code'], ['data', '.data']]) {
      named.push([name + i, lane.querySelector(part)]);
    }
  });
  const boxes = named.map(([name, e]) => [name, box(e)]);
  const wrong = [];
  if (scrollX !== 0 || scrollY !== 0) wrong.push('the page scrolled');
  for (const [name, [l, t, r, b]] of boxes) {
    if (r - l < 1 || b - t < 1) wrong.push(name + ' is empty');
    if (l < -0.5 || t < -0.5 || r > innerWidth + 0.5 || b > innerHeight + 0.5) wrong.push(name + ' leaves the window');
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const [p, a] = boxes[i], [q, b] = boxes[j];
      if (a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5) wrong.push(p + ' overlaps ' + q);
    }
  }
  document.querySelectorAll('.board').forEach((lane, i) => {
    const lit = lane.querySelector('.code .lit');
    if (!lit) { wrong.push('no lit line in lane ' + i); return; }
    const [, ct, , cb] = box(lane.querySelector('.code')), [, lt, , lb] = box(lit);
    if (Math.min(cb, lb) - Math.max(ct, lt) < Math.min(lb - lt, cb - ct) - 1) wrong.push('the lit line of lane ' + i + ' is out of its pane');
  });
  return [wrong, boxes.map(([name, b]) => name + ' ' + b.map(Math.round).join(' ')).join(', ')];
})()";

/// The smallest text of each kind a lecture needs, in CSS pixels as drawn (an SVG's text scaled
/// by its picture): captions, probes, code, data, counters, the tree's labels, the board's
/// coordinates.
const FONTS: &str = "(() => {
  const px = e => parseFloat(getComputedStyle(e).fontSize) * (e instanceof SVGElement ? e.getScreenCTM().a : 1);
  const least = parts => {
    const all = [...document.querySelectorAll(parts)].filter(e => e.textContent.trim() !== '');
    return all.length ? Math.round(10 * Math.min(...all.map(px))) / 10 : 0;
  };
  return [['caption', '.board .caption'], ['probes', '.board .probes'], ['code', '.code li, .code .comment'],
    ['data', '.data .cell, .data .name'], ['counters', '#counters dt, #counters dd'], ['tree', '#tree text'],
    ['coordinates', '.board .coord']].map(([name, parts]) => [name, least(parts)]);
})()";

#[test]
fn the_page_fits_a_projector_and_reads_from_the_back_row() {
    let Some((scratch, mut browser)) = start("projector") else { return };
    let folder = &scratch.0;
    // Every variant alone, and each (but cell, which walks another tree) beside another.
    let pages: Vec<(String, PathBuf)> = [
        ("row", None, 8),
        ("kruse", None, 6),
        ("cell", None, 4),
        ("naive", None, 5),
        ("bits", None, 8),
        ("row", Some("naive"), 8),
        ("kruse", Some("bits"), 6),
        ("naive", Some("row"), 5),
        ("bits", Some("kruse"), 8),
    ]
    .into_iter()
    .map(|(algo, vs, n)| {
        let file = make(folder, algo, vs, n);
        (file.file_name().unwrap().to_string_lossy().into_owned(), file)
    })
    .collect();
    // The four projectors, two of them at 150 % zoom, and a big screen: (CSS width, height, zoom).
    let screens = [
        (1024, 768, 1.0),
        (1280, 720, 1.0),
        (1280, 800, 1.0),
        (1366, 768, 1.0),
        (683, 512, 1.5),
        (911, 512, 1.5),
        (1920, 1080, 1.0),
    ];
    let mut smallest: BTreeMap<String, f64> = BTreeMap::new();
    for (width, height, zoom) in screens {
        let tab = browser.zoomed_tab(width, height, zoom);
        for (name, file) in &pages {
            let total = open_at(&mut browser, &tab, file, None);
            for k in [1, total / 2, total] {
                open_at(&mut browser, &tab, file, Some(k));
                let seen = browser.eval(&tab, LAYOUT);
                let at = format!("{name}#step={k} at {width}×{height} zoomed {zoom}");
                assert_eq!(seen[0], serde_json::json!([]), "{at}: {}", seen[1]);
                if (width, height) == (1024, 768) || zoom > 1.0 {
                    for pair in browser.eval(&tab, FONTS).as_array().unwrap() {
                        let (kind, px) = (pair[0].as_str().unwrap(), pair[1].as_f64().unwrap());
                        // Zoomed, two lanes share 512 px and a board is 160 px: its coordinates
                        // shrink with it, as the board does (the issue's list is the rest).
                        if kind == "coordinates" && zoom > 1.0 {
                            continue;
                        }
                        assert!(px >= 16.0, "{at}: the {kind} are {px} px, under 16");
                        let least = smallest.entry(kind.to_string()).or_insert(px);
                        *least = least.min(px);
                    }
                }
            }
        }
    }
    // The figures, for whoever tunes the page: `cargo test --test toolkit page -- --nocapture`.
    println!("the smallest text at 1024×768 and at 150 %, in CSS px: {smallest:?}");

    // A big screen is used: the board and the text grow.
    let wide = browser.tab(1920, 1080);
    open_at(&mut browser, &wide, &pages[0].1, Some(40));
    let grown = browser.eval(
        &wide,
        "[document.querySelector('.board svg').getBoundingClientRect().height, parseFloat(getComputedStyle(document.querySelector('.code li')).fontSize)]",
    );
    assert!(grown[0].as_f64().unwrap() >= 800.0 && grown[1].as_f64().unwrap() >= 19.0, "at 1920×1080: {grown}");

    // The keys of a lecture, each checked against the text trace: B and S go back to the
    // previous backtrack and solution, b and s on to the next; ] and [ set the speed; + and −
    // the text's size, which the link keeps; ? lists the keys and Esc closes the list.
    let tab = browser.tab(1024, 768);
    let row8 = &pages[0].1;
    let at = "[+document.getElementById('state').dataset.step, document.querySelector('.board .caption').textContent]";
    open_at(&mut browser, &tab, row8, Some(3000));
    for (key, word, forward) in
        [("B", "remove ", false), ("S", "solution ", false), ("b", "remove ", true), ("s", "solution ", true)]
    {
        let before = browser.eval(&tab, at)[0].as_u64().unwrap();
        browser.key(&tab, key);
        let now = browser.eval(&tab, at);
        let k = now[0].as_u64().unwrap();
        assert!(if forward { k > before } else { k < before }, "{key} from step {before} went to {now}");
        // The step gone to is the kind asked for, and no step of that kind lies between.
        let trace = run(&["trace", "--algo", "row", "--max-steps", &k.max(before).to_string(), "8"]);
        let steps: Vec<&str> = trace.lines().skip(1).take(k.max(before) as usize).map(str::trim_start).collect();
        let (low, high) = (k.min(before) as usize, k.max(before) as usize);
        assert!(steps[k as usize - 1].starts_with(word), "{key}: step {k} is {:?}", steps[k as usize - 1]);
        // The steps strictly between the two, from 0: low..high - 1.
        assert!(
            !steps[low..high - 1].iter().any(|s| s.starts_with(word)),
            "{key} from {before} to {k} passed a {word}"
        );
    }
    let speed = "document.getElementById('speed-shown').textContent";
    browser.key(&tab, "]");
    assert_eq!(browser.eval(&tab, speed), Value::from("20 steps/s"), "] from 10 steps/s");
    browser.key(&tab, "[");
    browser.key(&tab, "[");
    assert_eq!(browser.eval(&tab, speed), Value::from("5 steps/s"), "[ [ from 20 steps/s");
    let size = "[parseFloat(getComputedStyle(document.querySelector('.board .caption')).fontSize), location.hash, \
                document.getElementById('link').getAttribute('href')]";
    let k = browser.eval(&tab, at)[0].as_u64().unwrap();
    browser.key(&tab, "+");
    browser.key(&tab, "+");
    let larger = browser.eval(&tab, size);
    assert!((larger[0].as_f64().unwrap() - 16.0 * 1.3).abs() < 0.05, "+ + from 16 px: {larger}");
    let kept = format!("#step={k}&text=130");
    assert_eq!(
        [&larger[1], &larger[2]],
        [&Value::from(kept.as_str()), &Value::from(kept.as_str())],
        "the address and the link"
    );
    assert_eq!(browser.eval(&tab, LAYOUT)[0], serde_json::json!([]), "the first screen at 130 %");
    browser.key(&tab, "-");
    assert_eq!(browser.eval(&tab, size)[1], Value::from(format!("#step={k}&text=115")), "− after + +");
    // The link opens at that size.
    browser.open(&tab, &format!("file://{}#step=7&text=150", row8.display()));
    until(&mut browser, &tab, "document.getElementById('state').dataset.step === '7'");
    let opened = browser.eval(&tab, size);
    assert!((opened[0].as_f64().unwrap() - 24.0).abs() < 0.05, "#step=7&text=150: {opened}");
    let list = "(l => [!l.hidden, l.getBoundingClientRect().bottom <= innerHeight, l.textContent.includes('to the previous solution (S)')])\
                (document.getElementById('key-list'))";
    browser.key(&tab, "?");
    assert_eq!(browser.eval(&tab, list), serde_json::json!([true, true, true]), "? shows the keys");
    browser.key(&tab, "Escape");
    assert_eq!(browser.eval(&tab, list)[0], Value::from(false), "Esc closes the list of keys");
    close(browser);
}

/// Each mark the page draws and what it lies on, as `[name, mark's colour, background's]` from
/// the computed styles: the tree's nodes and edges, the timeline's marks, the data's cells, the
/// lit line, the board's marks and the banner. Marks the step does not show are made for the
/// measure (in the element that would hold them) and removed.
const MARKS: &str = "(() => {
  const style = e => getComputedStyle(e);
  const paper = style(document.body).backgroundColor;
  const made = [];
  const make = (parent, html) => { parent.insertAdjacentHTML('beforeend', html); made.push(parent.lastElementChild); return parent.lastElementChild; };
  const tree = document.getElementById('tree'), data = document.querySelector('.data'), board = document.querySelector('.board svg');
  const node = cls => make(tree, '<g class=\"tnode ' + cls + '\"><circle r=\"5\"></circle><rect width=\"5\" height=\"5\"></rect><text>1</text><path class=\"fold\" d=\"M0 0h4v4z\"></path></g>');
  const cell = cls => make(data, '<span class=\"cell ' + cls + '\">1</span>');
  const pairs = [];
  const add = (name, fg, bg) => pairs.push([name, fg, bg]);
  const refused = node('refused'), path = node('path'), solution = node('solution'), found = node('done found'), current = node('current'), plain = node('done');
  add('tree: a refused node', style(refused.querySelector('rect')).stroke, paper);
  add('tree: a refused node\\'s ✗', style(refused.querySelector('text')).fill, style(refused.querySelector('rect')).fill);
  add('tree: a node on the path', style(path.querySelector('circle')).fill, paper);
  add('tree: its column', style(path.querySelector('text')).fill, style(path.querySelector('circle')).fill);
  add('tree: a solution', style(solution.querySelector('circle')).fill, paper);
  add('tree: its ★', style(solution.querySelector('text')).fill, style(solution.querySelector('circle')).fill);
  add('tree: a folded subtree with solutions', style(found.querySelector('.fold')).fill, paper);
  add('tree: a folded subtree', style(plain.querySelector('.fold')).stroke, paper);
  add('tree: a node\\'s ring', style(plain.querySelector('circle')).stroke, paper);
  add('tree: the current node', style(current.querySelector('circle')).stroke, paper);
  add('tree: an edge', style(make(tree, '<line class=\"edge\"></line>')).stroke, paper);
  const marks = document.getElementById('marks');
  add('timeline: a solution', style(marks.querySelector('.found')).fill, paper);
  add('timeline: backtracks', style(marks.querySelector('.backtracks')).stroke, paper);
  add('timeline: the cursor', style(marks.querySelector('.cursor')).stroke, paper);
  const on = cell('on'), read = cell('read'), onRead = cell('on read'), no = cell('refused'), edge = cell('edge');
  add('data: a set cell', style(on).backgroundColor, paper);
  add('data: its digit', style(on).color, style(on).backgroundColor);
  add('data: a read cell\\'s ring', style(read).outlineColor, paper);
  add('data: a read set cell\\'s ring', style(onRead).outlineColor, style(onRead).boxShadow.split(')')[0] + ')');
  add('data: a refusing cell', style(no).backgroundColor, paper);
  add('data: its digit', style(no).color, style(no).backgroundColor);
  add('data: a frame cell\\'s #', style(edge).color, style(edge).backgroundColor);
  const lit = document.querySelector('.code li.lit');
  add('the lit line\\'s edge', style(lit).outlineColor, paper);
  add('the lit line\\'s text', style(lit).color, style(lit).backgroundColor);
  const light = style(board.querySelector('.light')).fill, dark = style(board.querySelector('.dark')).fill;
  const probe = make(board, '<rect class=\"probe\"></rect>');
  for (const [under, bg] of [['light', light], ['dark', dark]]) {
    add('board: a read square\\'s edge on a ' + under + ' square', style(probe).stroke, bg);
  }
  const again = make(board, '<rect class=\"probe-again\"></rect>'), times = make(board, '<text class=\"again\">×2</text>');
  add('board: a twice-read square\\'s inner ring', style(again).stroke, style(probe).fill);
  add('board: its ×2 on its halo', style(times).fill, style(times).stroke);
  add('board: its ×2 on a read square', style(times).fill, style(probe).fill);
  add('board: the banner', style(board.querySelector('.banner')).fill, paper);
  add('board: a coordinate', style(board.querySelector('.coord')).fill, paper);
  for (const e of made) e.remove();
  return pairs;
})()";

#[test]
fn every_mark_holds_three_to_one_in_both_themes() {
    let Some((scratch, mut browser)) = start("contrast") else { return };
    let tab = browser.tab(1280, 800);
    let file = make(&scratch.0, "row", None, 8);
    let mut figures = Vec::new();
    for theme in ["light", "dark"] {
        browser.media(&tab, &[("prefers-color-scheme", theme)]);
        open_at(&mut browser, &tab, &file, Some(40));
        for pair in browser.eval(&tab, MARKS).as_array().unwrap() {
            let name = pair[0].as_str().unwrap();
            let ratio = contrast(colour(&pair[1]), colour(&pair[2]));
            assert!(ratio >= 3.0, "{theme}: {name}: {} on {}, {ratio:.2}:1", pair[1], pair[2]);
            figures.push(format!("{theme} {name} {ratio:.2}"));
        }
    }
    // The figures: `cargo test --test toolkit every_mark -- --nocapture`.
    println!("{}", figures.join("\n"));
    // The timeline's two marks differ in shape, not only in colour: triangles and bars.
    let shapes = "[...new Set([...document.querySelectorAll('#marks .found, #marks .backtracks')].map(e => e.classList[0] + ' ' + e.tagName))].sort()";
    assert_eq!(browser.eval(&tab, shapes), serde_json::json!(["backtracks line", "found polygon"]));
    // Above the slider, not under it.
    let apart = "(m => [...m.querySelectorAll('.found, .backtracks')].every(e => e.getBoundingClientRect().bottom <= \
                 document.getElementById('scrub').getBoundingClientRect().top + 0.5))(document.getElementById('marks'))";
    assert_eq!(browser.eval(&tab, apart), Value::from(true), "a timeline mark under the slider");
    close(browser);
}

/// The squares `#state`'s board marks as read more than once, as `row,col`, and their badges.
const TWICE: &str = "(svg => [[...svg.querySelectorAll('.probe-again')].map(e => Math.floor(+e.getAttribute('y') / 40) + ',' + \
                     Math.floor(+e.getAttribute('x') / 40)).sort().join(' '), [...svg.querySelectorAll('.again')].map(e => e.textContent), \
                     document.querySelector('.board .caption').textContent])(document.querySelector('.board svg'))";

#[test]
fn a_square_read_twice_is_counted_and_marked_as_such() {
    let Some((scratch, mut browser)) = start("twice") else { return };
    let tab = browser.tab(1280, 800);
    // (variant, language, n, step, the step's words). naive scans a square's column, then the
    // whole board for both diagonals: the column's squares are read twice, and counted twice, as
    // document 000 counts them. Where no square is read twice the words are what they always were.
    let cases = [
        ("naive", "en", 5, 1, "place (0,0) — read 30 squares (25 different, 5 of them twice)"),
        ("naive", "zh", 5, 1, "放下 (0,0) — 读了 30 个格子（其中 25 个不同，5 个读了两次）"),
        (
            "naive",
            "en",
            4,
            8,
            "refuse (2,3): diagonal ↘ taken by the circled queen — read 11 squares (10 different, 1 of them twice)",
        ),
        ("naive", "zh", 4, 6, "拒绝 (2,1)：↙ 斜线上有圈出的皇后 — 读了 11 个格子（其中 9 个不同，2 个读了两次）"),
        ("naive", "en", 4, 3, "refuse (1,1): diagonal ↘ taken by the circled queen — read 5 squares"),
        ("naive", "en", 4, 2, "refuse (1,0): column taken by the circled queen — read 1 square"),
        ("naive", "zh", 4, 3, "拒绝 (1,1)：↘ 斜线上有圈出的皇后 — 读了 5 个格子"),
        ("bordered", "en", 5, 6, "refuse (2,1): anti-diagonal ↙ taken by the circled queen — read 6 squares"),
        ("kruse", "en", 5, 6, "refuse (2,1): anti-diagonal ↙ taken by the circled queen — read 4 squares"),
    ];
    for (algo, lang, n, k, words) in cases {
        let file = scratch.0.join(format!("{algo}-{n}-{lang}.html"));
        let n_text = n.to_string();
        run(&["trace", "--lang", lang, "--html", file.to_str().unwrap(), "--algo", algo, &n_text]);
        open_at(&mut browser, &tab, &file, Some(k));
        // What the check read, from `labs trace --json`: each place and how often.
        let reads = panes(algo, n, k)["reads"].as_str().unwrap().to_string();
        let mut times: BTreeMap<&str, usize> = BTreeMap::new();
        for place in reads.split(' ') {
            *times.entry(place).or_default() += 1;
        }
        let count = reads.split(' ').count();
        let again: Vec<String> = times
            .iter()
            .filter(|&(_, &t)| t > 1)
            .map(|(place, _)| {
                // `queen[r][c]`: only naive reads twice, on its board of n×n.
                let inside: Vec<&str> = place.split(['[', ']']).filter(|s| !s.is_empty()).skip(1).collect();
                inside.join(",")
            })
            .collect();
        assert!(times.values().all(|&t| t <= 2), "{algo} n={n} step {k} read a place thrice");
        let mut sorted = again.clone();
        sorted.sort();
        let seen = browser.eval(&tab, TWICE);
        let at = format!("{algo} n={n} #step={k} in {lang}");
        assert_eq!(seen[2], Value::from(words), "{at}: the step's words");
        assert_eq!(again.len(), count - times.len(), "{at}: read {count}, {} different", times.len());
        assert_eq!(seen[0], Value::from(sorted.join(" ")), "{at}: the squares marked as read twice");
        assert_eq!(seen[1], serde_json::json!(vec!["×2"; again.len()]), "{at}: their badges");
        // The legend shows the mark where the page draws it, and only there.
        let legend = browser.eval(&tab, "document.getElementById('legend').textContent");
        let twice = if lang == "en" { "(×2: twice)" } else { "（×2：读了两次）" };
        assert_eq!(legend.as_str().unwrap().contains(twice), algo == "naive", "{at}: the legend {legend}");
    }
    // No variant reads a place three times in one step; a page made to say one did (step 2 of
    // naive n=4 reading (0,0) thrice) says "more than once", and ×3.
    let made = scratch.0.join("naive-4-en.html");
    let html = std::fs::read_to_string(&made).unwrap();
    assert_eq!(html.matches(";c1.0 s0;").count(), 1, "naive n=4's step 2 is not `c1.0 s0`");
    let thrice = scratch.0.join("naive-4-thrice.html");
    std::fs::write(&thrice, html.replace(";c1.0 s0;", ";c1.0 s0:0:3;")).unwrap();
    open_at(&mut browser, &tab, &thrice, Some(2));
    assert_eq!(
        browser.eval(&tab, TWICE),
        serde_json::json!([
            "0,0",
            ["×3"],
            "refuse (1,0): column taken by the circled queen — read 3 squares (1 different, 1 of them more than once)"
        ])
    );
    close(browser);
}

/// Issue 35's fine mode: `f`, then → lights each check line in turn, those that pass and then the
/// one that refuses, before each step, and shows the call stack. Every sub-step of the whole search
/// of row n = 4 and naive n = 4 (and kruse's, bordered's, cell's and bits's at n = 4, which keep
/// the same rules) is held against `labs trace --json`'s trace of the checks (`checks`) and its
/// `stack`, never against what the page draws; ← goes back through them, and the coarse steps
/// keep their meaning.
#[test]
fn the_fine_mode_lights_every_check_in_the_documents_order_and_shows_the_stack() {
    let Some((scratch, mut browser)) = start("fine") else { return };
    let tab = browser.tab(1366, 768);
    for algo in ["row", "naive", "kruse", "bordered", "cell", "bits"] {
        let file = make(&scratch.0, algo, None, 4);
        let json = run(&["trace", "--json", "--algo", algo, "4"]);
        // (step, sub-step, lit line, stack) after each press of →, from the trace.
        let mut wanted = Vec::new();
        for line in json.lines() {
            let step: Value = serde_json::from_str(line).unwrap();
            let k = step["step"].as_u64().unwrap();
            let stack: Vec<&str> = step["stack"].as_array().unwrap().iter().map(|f| f.as_str().unwrap()).collect();
            let stack = stack.join(" | ");
            for (j, check) in step["checks"].as_array().unwrap().iter().enumerate() {
                wanted.push(format!("{} {} {} {stack}", k - 1, j + 1, check));
            }
            wanted.push(format!("{k} 0 {} {stack}", step["line"]));
        }
        assert!(wanted.len() > json.lines().count(), "{algo}: no check to step through");
        open_at(&mut browser, &tab, &file, Some(0));
        browser.key(&tab, "f");
        until(&mut browser, &tab, "document.getElementById('state').dataset.fine === 'true'");
        // The presses a few dozen at a time (one call each, answered well within its time on a
        // loaded machine), each read back as it lands (keydown is handled synchronously).
        let mut seen: Vec<String> = Vec::new();
        while seen.len() < wanted.len() {
            let script = format!(
                "(() => {{ const s = document.getElementById('state').dataset, seen = []; for (let k = 0; k < {}; k++) {{ \
                 document.dispatchEvent(new KeyboardEvent('keydown', {{ key: 'ArrowRight', bubbles: true }})); \
                 seen.push(s.step + ' ' + s.sub + ' ' + s.line + ' ' + s.stack); }} return seen; }})()",
                (wanted.len() - seen.len()).min(40)
            );
            seen.extend(serde_json::from_value::<Vec<String>>(browser.eval(&tab, &script)).unwrap());
        }
        assert_eq!(seen, wanted, "{algo}");
        // Back through the last step's checks, then a whole step back.
        let back = "(() => { const s = document.getElementById('state').dataset; \
                    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true })); \
                    return s.step + ' ' + s.sub; })()";
        let total = seen.last().unwrap().split(' ').next().unwrap().parse::<u64>().unwrap();
        assert_eq!(browser.eval(&tab, back), format!("{} 0", total - 1), "{algo}");
    }
    // The stack is shown, each frame a line, the innermost marked.
    let shown = browser.eval(&tab, "[...document.querySelectorAll('.stack li')].map(l => l.textContent).join(' | ')");
    assert!(shown.as_str().unwrap().starts_with("place("), "{shown}");
    close(browser);
}

/// What the tree shows, read in the page: its edges, the boxes of its labels (nodes and the
/// levels' names), the nodes drawn unfolded with children (by their `row.col` path) and the stubs
/// of refused squares (by theirs), and whether an edge crosses another or a label meets another.
const TREE: &str = "(() => {
  const tree = document.getElementById('tree');
  const edges = [...tree.querySelectorAll('.edge')].map(e => ['x1', 'y1', 'x2', 'y2'].map(a => +e.getAttribute(a)));
  const boxes = [...tree.querySelectorAll('.tnode rect, text.level')].map(e => { const b = e.getBBox(); return [b.x, b.y, b.x + b.width, b.y + b.height]; });
  const side = (a, b, c) => Math.sign((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
  let crossing = 0, meeting = 0;
  for (let i = 0; i < edges.length; i++) for (let j = i + 1; j < edges.length; j++) {
    const [p, q] = [edges[i], edges[j]];
    if (p[1] !== q[1]) continue;
    const a = [p[0], p[1]], b = [p[2], p[3]], c = [q[0], q[1]], d = [q[2], q[3]];
    if (side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0) crossing++;
  }
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [p, q] = [boxes[i], boxes[j]];
    if (p[0] < q[2] && q[0] < p[2] && p[1] < q[3] && q[1] < p[3]) meeting++;
  }
  const nodes = sel => [...tree.querySelectorAll(sel)].map(g => g.dataset.node).sort();
  return { crossing, meeting, open: nodes('.tnode:not(.refused):not(.solution):not(.folded)'), stubs: nodes('.tnode.refused'),
    folded: nodes('.tnode.folded').length, edges: edges.length };
})()";

/// The nodes `labs trace --json` refused by step `k`, each `(parent, node)` by its `row.col` path.
fn refused_by(algo: &str, n: usize, k: u64) -> Vec<(String, String)> {
    let json = run(&["trace", "--json", "--algo", algo, "--max-steps", &k.to_string(), &n.to_string()]);
    let steps = json.lines().map(|l| serde_json::from_str::<Value>(l).unwrap());
    let refused = steps.filter(|s| s["event"] == "reject").map(|s| s["node"].as_str().unwrap().to_string());
    refused.map(|node| (node.rsplit_once(' ').map_or(String::new(), |(parent, _)| parent.to_string()), node)).collect()
}

/// Issue 35, item 3: the whole search tree so far. At n = 8, at the first, a middle and the last
/// step, no two edges cross and no two labels meet, and every square refused under a node drawn
/// unfolded is there as a stub; at n = 6 the whole search is drawn unfolded, every refusal a
/// stub. A click on a fold's triangle unfolds its subtree, on a node goes to its step.
#[test]
fn the_whole_search_tree_is_drawn_tidily_and_every_refusal_is_a_stub() {
    let Some((scratch, mut browser)) = start("tree") else { return };
    let tab = browser.tab(1366, 768);
    let row8 = make(&scratch.0, "row", None, 8);
    let row6 = make(&scratch.0, "row", None, 6);
    for (file, n, step) in [(&row8, 8, Some(1)), (&row8, 8, Some(700)), (&row8, 8, None), (&row6, 6, None)] {
        let k = open_at(&mut browser, &tab, file, step);
        // The whole search at n = 6 is larger than a box: zoomed (`z`), a search this short is
        // drawn whole.
        if n == 6 {
            browser.key(&tab, "z");
        }
        let tree = browser.eval(&tab, TREE);
        let at = format!("n = {n}, step {k}");
        assert_eq!((&tree["crossing"], &tree["meeting"]), (&Value::from(0), &Value::from(0)), "{at}: {tree}");
        let open: Vec<String> = serde_json::from_value(tree["open"].clone()).unwrap();
        let mut stubs: Vec<String> = refused_by("row", n, k)
            .into_iter()
            .filter(|(parent, _)| open.binary_search(parent).is_ok())
            .map(|(_, node)| node)
            .collect();
        stubs.sort();
        assert_eq!(serde_json::from_value::<Vec<String>>(tree["stubs"].clone()).unwrap(), stubs, "{at}");
        if n == 6 {
            assert_eq!(tree["folded"], 0, "{at}: the whole search at n = 6 is drawn unfolded");
            assert_eq!(stubs.len(), refused_by("row", n, k).len(), "{at}");
        }
    }
    // At n = 8's end every subtree is folded; a click on one's triangle unfolds it.
    open_at(&mut browser, &tab, &row8, None);
    let at_end = browser.eval(&tab, TREE);
    let folded = at_end["folded"].as_u64().unwrap();
    assert!(folded > 0 && folded <= 8, "{folded} folded at the end of n = 8");
    let into_view = |selector: &str| {
        format!("document.querySelector('{selector}').scrollIntoView({{ block: 'center', inline: 'center' }})")
    };
    browser.eval(&tab, &into_view("#tree .tnode.folded .fold"));
    browser.click(&tab, "#tree .tnode.folded .fold");
    let unfolded = browser.eval(&tab, TREE);
    assert!(unfolded["edges"].as_u64() > at_end["edges"].as_u64(), "the click unfolded nothing: {unfolded}");
    assert_eq!((&unfolded["crossing"], &unfolded["meeting"]), (&Value::from(0), &Value::from(0)), "{unfolded}");
    // A click on a node goes to its step.
    let wanted = browser.eval(&tab, "+document.querySelector('#tree .tnode.refused').dataset.step + 1");
    browser.eval(&tab, &into_view("#tree .tnode.refused"));
    browser.click(&tab, "#tree .tnode.refused text");
    let now = browser.eval(&tab, "+document.getElementById('state').dataset.step");
    assert_eq!(now, wanted, "a click on a stub");
    close(browser);
}

/// The page's model, as its own file: the tests run it with no DOM in reach.
const MODEL: &str = include_str!("../../src/trace/model.js");

/// Runs [`MODEL`] in `blank`, a tab on about:blank, on `trace` (the JSON a page carries), in a
/// function whose `document`, `window` and every other way to a page are `undefined`, so that the
/// model can lean on no DOM; returns what it says of every step, replayed forward, per board, then
/// what it says after seeking (back and forth) to each of `seeks`.
fn model_records(
    browser: &mut Browser,
    blank: &Tab,
    trace: &Value,
    seeks: &[u64],
) -> (Vec<Vec<Value>>, Vec<Vec<Value>>) {
    let script = format!(
        "(function (document, window, self, globalThis, location, navigator, getComputedStyle, frames, parent, top) {{\n\
         {MODEL}\n\
         const m = LabsModel.decode(JSON.parse({trace})), replay = new LabsModel.Replay(m);\n\
         const say = () => m.boards.map(b => LabsModel.record(m, b, replay));\n\
         const forward = [];\n\
         while (replay.current < m.total) {{ replay.forward(); forward.push(say()); }}\n\
         const sought = {seeks:?}.map(k => {{ replay.seek(k); return say(); }});\n\
         return [forward, sought];\n\
         }})()"
    );
    serde_json::from_value(browser.eval(blank, &script)).unwrap()
}

/// Issue 35, item 7: a DOM-free model. src/trace/model.js, run alone in a blank tab with no DOM
/// in reach, says of every step of several searches (every variant, a board of one square, a
/// trace cut short, and a `--vs` page's both boards) what `labs trace --json` says of it: event,
/// square, why, probes, reads, checks, stack, line, node and values; and says the same after
/// seeking back and forth, as the page's keys and links do.
#[test]
fn the_pages_model_says_every_step_as_labs_trace_json_does_with_no_dom_in_reach() {
    let Some((scratch, mut browser)) = start("model") else { return };
    let (tab, blank) = (browser.tab(800, 600), browser.tab(100, 100));
    // (variant, --vs, n, --max-steps)
    let cases = [
        ("row", None, 6, None),
        ("naive", None, 5, None),
        ("cell", None, 4, None),
        ("kruse", None, 5, None),
        ("bits", None, 6, None),
        ("bordered", None, 5, None),
        ("row", None, 1, None),
        ("kruse", None, 6, Some(57)),
        ("naive", Some("row"), 5, None),
    ];
    for (algo, vs, n, max_steps) in cases {
        let n_text = n.to_string();
        let cut: Vec<String> = max_steps.iter().flat_map(|k| ["--max-steps".to_string(), k.to_string()]).collect();
        let cut: Vec<&str> = cut.iter().map(String::as_str).collect();
        let file = match max_steps {
            None => make(&scratch.0, algo, vs, n),
            Some(k) => {
                let file = scratch.0.join(format!("{algo}-{n}-cut-{k}.html"));
                run(&[
                    &["trace", "--lang", "en", "--html", file.to_str().unwrap(), "--algo", algo][..],
                    &cut,
                    &[&n_text],
                ]
                .concat());
                file
            }
        };
        let total = open_at(&mut browser, &tab, &file, None);
        let trace = browser.eval(&tab, "document.getElementById('trace').textContent");
        let seeks = [total / 2, 1, total, total / 3, total.saturating_sub(1).max(1), 2 * total / 3];
        let seeks: Vec<u64> = seeks.into_iter().filter(|&k| k > 0).collect();
        let (forward, sought) = model_records(&mut browser, &blank, &trace, &seeks);
        let this = format!("{algo} {vs:?} n={n} {max_steps:?}");
        assert_eq!(forward.len() as u64, total, "{this}");
        for (board, name) in std::iter::once(algo).chain(vs).enumerate() {
            let json = run(&[&["trace", "--json", "--algo", name][..], &cut, &[&n_text]].concat());
            let wanted: Vec<Value> = json.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
            let said: Vec<Value> = forward.iter().map(|step| step[board].clone()).collect();
            assert_eq!(said, wanted, "{name}, on the page of {this}");
            for (k, step) in seeks.iter().zip(&sought) {
                assert_eq!(step[board], wanted[*k as usize - 1], "{name}, on the page of {this}, sought to step {k}");
            }
        }
    }
    close(browser);
}

/// Issue 49, item 3: the page of a student's own run beside a variant. A row search in C that
/// checks the column and the ↘ diagonal but not the ↙ one is built and traced by `labs trace --own
/// --vs row`; its page, stepped with → from the empty board to the first difference that `--json`
/// names, marks that step on both trees (the program's node and row's, each at its own square)
/// and on the timeline, and shows both boards there; the page's `d` button goes to the same step.
/// A program given as `-- CMD` has no source, and its page says so.
#[test]
fn the_own_page_steps_both_trees_to_the_first_difference_that_json_names() {
    let Some((scratch, mut browser)) = start("own") else { return };
    let compiler = std::process::Command::new("gcc").arg("--version").output().is_ok_and(|o| o.status.success());
    if !compiler {
        assert!(std::env::var_os("CI").is_none(), "CI must run the test of the --own page, and no gcc was found");
        let _ = writeln!(std::io::stderr(), "tests/toolkit/page.rs: SKIPPED the --own page's test: no gcc found");
        return;
    }
    // Out of /tmp, which the judge's sandbox replaces; readable by whoever the program runs as.
    let programs =
        Scratch(PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("labs-own-page-{}", std::process::id())));
    std::fs::create_dir_all(&programs.0).unwrap();
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&programs.0, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let source = programs.0.join("anti.c");
    std::fs::write(
        &source,
        r#"#include <stdio.h>
int n, col[20], dg[40];
void dfs(int r) {
    if (r == n) return;
    for (int c = 0; c < n; c++) {
        if (col[c] || dg[c - r + n]) { fprintf(stderr, "reject %d %d @%d\n", r, c, __LINE__); continue; }
        fprintf(stderr, "place %d %d @%d\n", r, c, __LINE__);
        col[c] = dg[c - r + n] = 1;
        dfs(r + 1);
        col[c] = dg[c - r + n] = 0;
        fprintf(stderr, "remove %d %d @%d\n", r, c, __LINE__);
    }
}
int main(void) { scanf("%d", &n); dfs(0); return 0; }
"#,
    )
    .unwrap();
    let source_text = source.to_str().unwrap();
    let traced = |extra: &[&str]| {
        let mut args = vec!["trace", "--lang", "en", "--own", source_text, "--vs", "row"];
        args.extend(extra);
        args.push("5");
        let out = labs(&args, b"");
        assert_eq!(out.status.code(), Some(0), "labs {args:?}: {}", text(&out.stderr));
        text(&out.stdout)
    };
    // What --json says: the first difference, and the step of each side's K-th place or remove.
    let json = traced(&["--json"]);
    let lines: Vec<Value> = json.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let (summary, events) = lines.split_last().unwrap();
    let first = &summary["first_difference"];
    let k = first["index"].as_u64().expect("a first difference") as usize;
    let kth = |events: &[Value]| -> Value {
        events.iter().filter(|e| e["event"] == "place" || e["event"] == "remove").nth(k - 1).unwrap()["step"].clone()
    };
    let own_step = kth(events).as_u64().unwrap();
    let row_json = run(&["trace", "--json", "--algo", "row", "5"]);
    let row_events: Vec<Value> = row_json.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let row_step = kth(&row_events).as_u64().unwrap();
    let square = |side: &Value| format!("{}.{}", side["row"], side["col"]);
    let (own_square, row_square) = (square(&first["own"]), square(&first["reference"]));
    assert_eq!((k, own_square.as_str(), row_square.as_str()), (3, "2.1", "2.4"), "{summary}");

    let page = scratch.0.join("own.html");
    let wrote = traced(&["--html", page.to_str().unwrap()]);
    assert!(wrote.starts_with(&format!("wrote {}: your program vs row n=5, ", page.display())), "{wrote}");
    let tab = browser.tab(1400, 900);
    open_at(&mut browser, &tab, &page, Some(0));
    for _ in 0..own_step {
        browser.key(&tab, "ArrowRight");
    }
    until(&mut browser, &tab, &format!("document.getElementById('state').dataset.step === '{own_step}'"));
    let marked = |browser: &mut Browser, tree: &str| {
        let node = browser.eval(
            &tab,
            &format!("JSON.stringify([...document.querySelectorAll('#{tree} .tnode.differs')].map(g => [+g.dataset.step, g.dataset.node]))"),
        );
        serde_json::from_str::<Vec<(u64, String)>>(node.as_str().unwrap()).unwrap()
    };
    let ends_at = |nodes: &[(u64, String)], step: u64, square: &str| {
        nodes.len() == 1 && nodes[0].0 + 1 == step && nodes[0].1.split(' ').next_back() == Some(square)
    };
    let (own_marked, row_marked) = (marked(&mut browser, "tree"), marked(&mut browser, "tree-vs"));
    assert!(ends_at(&own_marked, own_step, &own_square), "the program's tree marks {own_marked:?}");
    assert!(ends_at(&row_marked, row_step, &row_square), "row's tree marks {row_marked:?}");
    let timeline = browser.eval(&tab, "document.getElementById('timeline-differs').dataset.step");
    assert_eq!(timeline, Value::from(own_step.to_string()), "the timeline's mark");
    // Both boards there: each side's queen on its own square, each lane at its own K-th step.
    let queen_at = |queens: &Value, square: &str| {
        let (r, c) = square.split_once('.').unwrap();
        queens.as_str().unwrap().split(',').nth(r.parse().unwrap()) == Some(c)
    };
    let own_state = browser.eval(&tab, "JSON.stringify(document.getElementById('state').dataset)");
    let own_state: Value = serde_json::from_str(own_state.as_str().unwrap()).unwrap();
    let row_state = browser.eval(&tab, "JSON.stringify(document.getElementById('state-vs').dataset)");
    let row_state: Value = serde_json::from_str(row_state.as_str().unwrap()).unwrap();
    assert!(queen_at(&own_state["queens"], &own_square), "{own_state}");
    assert!(queen_at(&row_state["queens"], &row_square), "{row_state}");
    assert_eq!((&own_state["algo"], &row_state["algo"]), (&Value::from("own"), &Value::from("row")));
    assert_eq!(row_state["step"], Value::from(row_step.to_string()), "row's lane at its own K-th step");
    // The program's lit line is the place's own @LINE, in its own source.
    assert_eq!(own_state["line"], Value::from(events[own_step as usize - 1]["line"].to_string()));
    let lit = browser.eval(&tab, "document.querySelector('.board[data-algo=own] .code li.lit code').textContent");
    assert!(lit.as_str().unwrap().contains("\"place %d %d @%d\\n\""), "{lit}");
    // The button goes to the same step from the end.
    open_at(&mut browser, &tab, &page, None);
    browser.click(&tab, "#difference");
    until(&mut browser, &tab, &format!("document.getElementById('state').dataset.step === '{own_step}'"));
    assert!(browser.requests().iter().all(|r| r.starts_with("file://")), "{:?}", browser.requests());
    // A program given as a command has no source: the page says so, and still names the line.
    let bare = scratch.0.join("command.html");
    let script = "read n; echo 'place 0 1 @7' >&2; echo 'remove 0 1' >&2";
    let out =
        labs(&["trace", "--lang", "en", "--own", "--html", bare.to_str().unwrap(), "4", "--", "sh", "-c", script], b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    open_at(&mut browser, &tab, &bare, Some(1));
    let said = browser.eval(
        &tab,
        "[document.getElementById('source-none').textContent, document.getElementById('state').dataset.line]",
    );
    assert!(said[0].as_str().unwrap().starts_with("No source to show: the program was given as a command"), "{said}");
    assert_eq!(said[1], "7");
    close(browser);
}

/// Steps `count` times with → in the page, each press timed there (`performance.now()` around the
/// key's handler, which draws the step whole before it returns), and returns the times in ms.
fn timed_steps(browser: &mut Browser, tab: &Tab, count: u64) -> Vec<f64> {
    // Each step is taken three times (→, then ← back), and its quickest kept: a step that waited
    // for the processor while other tests ran is the machine's time, not the page's work, and
    // the quickest of three filters it out where a median of one sample each does not.
    let script = format!(
        "(() => {{ const key = k => document.dispatchEvent(new KeyboardEvent('keydown', {{ key: k, bubbles: true }})); \
         const times = []; for (let k = 0; k < {count}; k++) {{ let best = Infinity; \
         for (let r = 0; r < 3; r++) {{ const t0 = performance.now(); key('ArrowRight'); \
         best = Math.min(best, performance.now() - t0); key('ArrowLeft'); }} \
         key('ArrowRight'); times.push(best); }} return times; }})()"
    );
    serde_json::from_value(browser.eval(tab, &script)).unwrap()
}

/// How the tree sits in its box: whether it fits (no scrolling either way), its smallest label in
/// CSS px as drawn, its folded nodes' summaries, and whether it is zoomed and its map shown.
const TREE_FIT: &str = "(() => {
  const box = document.getElementById('tree-box'), tree = document.getElementById('tree');
  const px = e => parseFloat(getComputedStyle(e).fontSize) * e.getScreenCTM().a;
  const labels = [...tree.querySelectorAll('text')].filter(e => e.textContent.trim() !== '' && getComputedStyle(e).display !== 'none');
  const map = document.getElementById('tree-map');
  return { fits: box.scrollWidth <= box.clientWidth + 1 && box.scrollHeight <= box.clientHeight + 1,
    size: [Math.round(tree.getBoundingClientRect().width), Math.round(tree.getBoundingClientRect().height), box.clientWidth, box.clientHeight],
    least: Math.round(10 * Math.min(...labels.map(px))) / 10,
    summaries: [...tree.querySelectorAll('.tnode.folded text.summary')].map(t => t.textContent),
    folded: [...tree.querySelectorAll('.tnode.folded')].map(g => +g.dataset.step),
    zoomed: tree.dataset.zoomed === 'true', map: !!map && map.style.display !== 'none' };
})()";

/// The median of some times.
fn median(times: &[f64]) -> f64 {
    let mut sorted = times.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted[sorted.len() / 2]
}

/// Issue 51, item 1: the tree seen whole and drawn within a frame. At 1024×768, 1366×768 and
/// 1920×1080, at steps 40, 1400 and the end of row n = 8, the whole tree so far fits its box with
/// labels of 12 px at least, its folded subtrees say what they held on the tree, and a step
/// (the → key's handler, timed in the page) costs under 16 ms, the median of 50 steps there.
/// Folding is gradual: over 600 steps across the old all-at-once threshold no step folds more
/// than one subtree drawn whole the step before. `z` zooms into a region (with a map of the whole
/// where the drawing is wider than its box) and back.
#[test]
fn the_tree_is_seen_whole_and_a_step_is_drawn_within_a_frame() {
    let Some((scratch, mut browser)) = start("fit") else { return };
    let row8 = make(&scratch.0, "row", None, 8);
    let mut timings = Vec::new();
    for (width, height) in [(1024, 768), (1366, 768), (1920, 1080)] {
        let tab = browser.tab(width, height);
        let total = open_at(&mut browser, &tab, &row8, None);
        for k in [40, 1400, total] {
            open_at(&mut browser, &tab, &row8, Some(k));
            let fit = browser.eval(&tab, TREE_FIT);
            let at = format!("row n = 8, step {k} at {width}×{height}");
            assert_eq!(fit["fits"], Value::from(true), "{at}: the tree does not fit its box: {fit}");
            assert!(fit["least"].as_f64().unwrap() >= 12.0, "{at}: a label under 12 px: {fit}");
            if k == total {
                let summaries = fit["summaries"].as_array().unwrap();
                assert!(!summaries.is_empty(), "{at}: nothing folded: {fit}");
                for s in summaries {
                    let (nodes, found) = s.as_str().unwrap().split_once(" · ").expect("`37 · 0★`");
                    assert!(
                        nodes.parse::<u64>().is_ok() && found.trim_end_matches('★').parse::<u64>().is_ok(),
                        "{at}: {s}"
                    );
                }
            }
            // 50 steps around k (the last 50 at the end), each timed in the page. On a machine
            // shared with other builds a step can wait for the processor, which is not the
            // page's work: the 50 are stepped up to three times and the quietest median kept
            // (the bound itself is the issue's, 16 ms).
            let mut times = Vec::new();
            let mut took = f64::INFINITY;
            let from = if k == total { total - 50 } else { k - 25 };
            for _ in 0..3 {
                // Through the step box: the address may lag behind (see below), so a link to
                // `from` may be no change to it.
                let went = format!(
                    "(() => {{ document.getElementById('goto').value = {from}; document.getElementById('go').click(); \
                     return +document.getElementById('state').dataset.step; }})()"
                );
                assert_eq!(browser.eval(&tab, &went), Value::from(from), "{at}: the step box");
                let round = timed_steps(&mut browser, &tab, 50);
                if median(&round) < took {
                    took = median(&round);
                    times = round;
                }
                if took < 16.0 {
                    break;
                }
            }
            timings.push(format!(
                "{width}×{height} step {k}: median {took:.2} ms, most {:.2} ms",
                times.iter().cloned().fold(0.0, f64::max)
            ));
            assert!(took < 16.0, "{at}: a step takes {took:.2} ms (median of 50): {times:?}");
        }
    }
    println!("the tree's step, timed in the page: {timings:#?}");

    // Gradual: no step folds more than one subtree that was drawn whole the step before.
    let tab = browser.tab(1366, 768);
    open_at(&mut browser, &tab, &row8, Some(1200));
    let script = "(() => { const tree = document.getElementById('tree'), worst = [0, 0];
      const whole = () => new Set([...tree.querySelectorAll('.tnode.path, .tnode.done:not(.folded)')].map(g => g.dataset.step));
      for (let k = 0; k < 600; k++) { const before = whole();
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
        const now = [...tree.querySelectorAll('.tnode.folded')].filter(g => before.has(g.dataset.step)).length;
        if (now > worst[0]) { worst[0] = now; worst[1] = +document.getElementById('state').dataset.step; } }
      return worst; })()";
    let worst = browser.eval(&tab, script);
    assert!(worst[0].as_u64().unwrap() <= 1, "a step folded several subtrees at once: {worst}");

    // z zooms into the region around the current node, larger, with a map; z again comes back.
    // (Not at a step the address may still name: Chromium stops taking a page's address changes
    // after some hundreds in a few seconds, so 600 steps may leave the address behind.)
    open_at(&mut browser, &tab, &row8, Some(1450));
    let fit = browser.eval(&tab, TREE_FIT);
    browser.key(&tab, "z");
    let zoomed = browser.eval(&tab, TREE_FIT);
    assert_eq!((&zoomed["zoomed"], &zoomed["map"]), (&Value::from(true), &Value::from(true)), "{zoomed}");
    assert!(zoomed["least"].as_f64() > fit["least"].as_f64(), "zoomed, the labels did not grow: {fit} {zoomed}");
    let current = "(() => { const box = document.getElementById('tree-box').getBoundingClientRect(), \
                   at = document.querySelector('#tree .current').getBoundingClientRect(); \
                   return at.left >= box.left && at.right <= box.right; })()";
    assert_eq!(browser.eval(&tab, current), Value::from(true), "zoomed, the current node is out of sight");
    browser.key(&tab, "z");
    assert_eq!(browser.eval(&tab, TREE_FIT), fit, "z twice is not the tree seen whole again");
    close(browser);
}

/// The presenter's screen as drawn: each of its five parts of the first lane (board, caption,
/// code, call stack, the tree's path) with its box and its text's size in CSS px, what is wrong
/// (a part missing, out of the window, over another; the page scrolled; the lit line out of its
/// box; a line of code wrapped inside the code).
const PRESENTER: &str = "(() => {
  const lane = document.querySelector('.board');
  const parts = [['board', lane.querySelector('svg')], ['caption', lane.querySelector('.caption')], ['code', lane.querySelector('.code')],
    ['stack', lane.querySelector('.stack')], ['path', lane.querySelector('.path')]];
  const wrong = [];
  const boxes = parts.map(([name, e]) => {
    if (!e) { wrong.push(name + ' is missing'); return [name, [0, 0, 0, 0]]; }
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) wrong.push(name + ' is empty');
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) wrong.push(name + ' leaves the window');
    return [name, [r.left, r.top, r.right, r.bottom]];
  });
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [p, a] = boxes[i], [q, b] = boxes[j];
    if (a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5) wrong.push(p + ' overlaps ' + q);
  }
  if (scrollX !== 0 || scrollY !== 0) wrong.push('the page scrolled');
  const code = lane.querySelector('.code').getBoundingClientRect(), lit = lane.querySelector('.code .lit');
  if (!lit) wrong.push('no lit line');
  else { const l = lit.getBoundingClientRect(); if (l.top < code.top - 0.5 || l.bottom > code.bottom + 0.5) wrong.push('the lit line is out of its box'); }
  for (const c of document.querySelectorAll('.code li code')) if (c.getClientRects().length > 1) wrong.push('wrapped: ' + c.textContent);
  const px = e => parseFloat(getComputedStyle(e).fontSize);
  const sizes = [['caption', '.caption'], ['code', '.code li'], ['stack', '.stack li'], ['path', '.path']].map(([name, sel]) =>
    [name, Math.min(...[...lane.querySelectorAll(sel)].map(px))]);
  return { wrong, sizes, boxes: boxes.map(([name, b]) => name + ' ' + b.map(Math.round).join(' ')).join(', ') };
})()";

/// Issue 51, item 2: the presenter's screen (`p`, or its button in the toolbar) holds the board,
/// the caption, the code with its lit line, the call stack and the tree's path on one screen at
/// 1024×768 and 1920×1080, in text of 18 to 20 px, no line of code wrapped inside the code; `p`
/// again is the page as it was. A window resized keeps the lit line in its box without a step,
/// and `--vs` at 1920×1080 gives each lane's code a box of seven lines at least (it had five).
#[test]
fn the_presenters_screen_holds_board_caption_code_stack_and_path() {
    let Some((scratch, mut browser)) = start("presenter") else { return };
    let row8 = make(&scratch.0, "row", None, 8);
    for (width, height) in [(1024, 768), (1920, 1080)] {
        let tab = browser.tab(width, height);
        for k in [40, 1400] {
            open_at(&mut browser, &tab, &row8, Some(k));
            let before = browser.eval(&tab, "document.querySelector('.board svg').getBoundingClientRect().width");
            browser.click(&tab, "#presenter");
            until(&mut browser, &tab, "document.documentElement.classList.contains('presenter')");
            let seen = browser.eval(&tab, PRESENTER);
            let at = format!("the presenter's screen at step {k}, {width}×{height}");
            assert_eq!(seen["wrong"], serde_json::json!([]), "{at}: {}", seen["boxes"]);
            for pair in seen["sizes"].as_array().unwrap() {
                let px = pair[1].as_f64().unwrap();
                assert!((18.0..=20.5).contains(&px), "{at}: the {} is {px} px", pair[0]);
            }
            let path = browser.eval(&tab, "document.querySelector('.board .path').textContent");
            let node = browser.eval(&tab, "document.getElementById('state').dataset.node");
            let squares: Vec<String> =
                node.as_str().unwrap().split(' ').map(|s| format!("({})", s.replace('.', ","))).collect();
            assert_eq!(path, Value::from(format!("path: ∅ → {}", squares.join(" → "))), "{at}");
            browser.key(&tab, "p");
            let after = browser.eval(&tab, "document.querySelector('.board svg').getBoundingClientRect().width");
            assert_eq!(
                (after, browser.eval(&tab, LAYOUT)[0].clone()),
                (before, serde_json::json!([])),
                "{at}: p again"
            );
        }
    }
    // A resize moves no step, and the lit line stays in its box.
    let vs = make(&scratch.0, "naive", Some("row"), 8);
    let tab = browser.tab(1366, 768);
    open_at(&mut browser, &tab, &vs, Some(1400));
    let metrics = serde_json::json!({ "width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": false });
    browser.call(Some(&tab), "Emulation.setDeviceMetricsOverride", metrics);
    until(&mut browser, &tab, "innerWidth === 1920");
    let in_box = "[...document.querySelectorAll('.board')].every(lane => { const c = lane.querySelector('.code').getBoundingClientRect(), \
                  l = lane.querySelector('.code .lit').getBoundingClientRect(); return l.top >= c.top - 0.5 && l.bottom <= c.bottom + 0.5; })";
    until(&mut browser, &tab, in_box);
    assert_eq!(
        browser.eval(&tab, "document.getElementById('state').dataset.step"),
        Value::from("1400"),
        "the resize moved"
    );
    assert_eq!(browser.eval(&tab, LAYOUT)[0], serde_json::json!([]), "--vs at 1920×1080");
    let lines = browser.eval(
        &tab,
        "Math.min(...[...document.querySelectorAll('.board .code')].map(c => c.clientHeight / parseFloat(getComputedStyle(c).lineHeight)))",
    );
    assert!(lines.as_f64().unwrap() >= 7.0, "--vs at 1920×1080: a code box of {lines} lines");
    close(browser);
}

/// Issue 51, item 4: one index convention per page. bordered's page says once that its document
/// counts the framed board from 1, and shows each framed read and each call with its square from
/// 0 beside it, as `labs trace --json` names them; bits's masks are drawn as the board is, column
/// 0 on the left under the columns' numbers (their values stay the binary `--json` gives); cell's
/// tree names its levels for the queen they hold, not a row.
#[test]
fn each_page_keeps_one_index_convention() {
    let Some((scratch, mut browser)) = start("index") else { return };
    let tab = browser.tab(1366, 768);
    let k = 12;
    let bordered = make(&scratch.0, "bordered", None, 5);
    let json = run(&["trace", "--json", "--algo", "bordered", "--max-steps", "12", "5"]);
    let last: Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
    let square = |read: &str| {
        let at: Vec<i64> = read.trim_end_matches(']').split(['[', ']']).filter_map(|p| p.parse().ok()).collect();
        if at.iter().all(|&v| (1..=5).contains(&v)) {
            format!("{read} ({},{})", at[0] - 1, at[1] - 1)
        } else {
            format!("{read} #")
        }
    };
    let reads: Vec<String> = last["reads"].as_array().unwrap().iter().map(|r| square(r.as_str().unwrap())).collect();
    let node: Vec<&str> = last["node"].as_str().unwrap().split(' ').collect();
    let frames: Vec<String> = last["stack"]
        .as_array()
        .unwrap()
        .iter()
        .zip(&node)
        .map(|(frame, at)| format!("{} ({})", frame.as_str().unwrap(), at.replace('.', ",")))
        .collect();
    open_at(&mut browser, &tab, &bordered, Some(k));
    browser.key(&tab, "f");
    until(&mut browser, &tab, "document.getElementById('state').dataset.fine === 'true'");
    let shown = browser.eval(
        &tab,
        "[document.querySelector('.data .reads').textContent, [...document.querySelectorAll('.stack li .call')].map(l => l.textContent), \
         document.getElementById('about').textContent]",
    );
    assert_eq!(shown[0], Value::from(format!("this step read: {}", reads.join(" "))), "bordered's reads");
    assert_eq!(shown[1], serde_json::json!(frames), "bordered's calls");
    assert_eq!(shown[2].as_str().unwrap().matches("counts its framed board from 1").count(), 1, "{}", shown[2]);

    let bits = make(&scratch.0, "bits", None, 5);
    let json = run(&["trace", "--json", "--algo", "bits", "--max-steps", "12", "5"]);
    let last: Value = serde_json::from_str(json.lines().last().unwrap()).unwrap();
    open_at(&mut browser, &tab, &bits, Some(k));
    let masks = browser.eval(
        &tab,
        "Object.fromEntries([...document.querySelectorAll('.data .struct')].map(s => [s.querySelector('.name').textContent, \
         [...s.querySelectorAll('.cell-row')].map(r => r.textContent)]))",
    );
    for name in ["col", "diag", "anti"] {
        let binary: String = last["values"][name].as_str().unwrap().chars().rev().collect();
        let want = if name == "col" { serde_json::json!(["01234", binary]) } else { serde_json::json!([binary]) };
        assert_eq!(masks[name], want, "bits's {name}, column 0 first: {masks}");
    }
    let about = browser.eval(&tab, "document.getElementById('about').textContent");
    assert!(!about.as_str().unwrap().contains("from 1"), "{about}");

    let cell = make(&scratch.0, "cell", None, 4);
    open_at(&mut browser, &tab, &cell, None);
    let levels = browser
        .eval(&tab, "[...document.querySelectorAll('#tree text.level')].map(t => t.textContent.split(' · ')[0])");
    let named: Vec<String> = (1..=levels.as_array().unwrap().len()).map(|d| format!("queen {d}")).collect();
    assert!(!named.is_empty() && levels == serde_json::json!(named), "cell's levels: {levels}");
    close(browser);
}

/// A frame of `labs trace --json`'s stack as the checks mode shows it: its call (the text before
/// its `name=value`s, a trailing comma dropped) and its locals (the parameters `params` names,
/// bound to the call's numbers, then the `name=value`s).
fn frame_of(frame: &str, params: &[&str]) -> (String, String) {
    let (mut call, mut locals) = (Vec::new(), Vec::new());
    for token in frame.split(' ') {
        match token.split_once('=') {
            Some(_) if !call.is_empty() => locals.push(token.to_string()),
            _ => call.push(token),
        }
    }
    let call = call.join(" ").trim_end_matches(',').to_string();
    let args: Vec<&str> = call.split_once('(').map_or("", |(_, a)| a.trim_end_matches(')')).split(", ").collect();
    let bound: Vec<String> = params.iter().zip(&args).map(|(p, a)| format!("{p}={a}")).collect();
    (call, bound.into_iter().chain(locals).collect::<Vec<_>>().join(" "))
}

/// Issue 51, item 3: the checks mode with Python Tutor's depth. Its control is in the toolbar,
/// on the first screen at 1024×768; at every check of a step of row n = 8 and naive n = 5 the
/// counter says `40.2`, the code's arrows the line that just ran and the next, and each frame its
/// call and locals, naive's is_valid a frame of its own with its loop variables, the checking
/// frame what it read so far with the values: all as `labs trace --json` gives them.
#[test]
fn the_checks_mode_shows_each_frame_with_its_locals_as_json_says() {
    let Some((scratch, mut browser)) = start("frames") else { return };
    let tab = browser.tab(1024, 768);
    let row8 = make(&scratch.0, "row", None, 8);
    open_at(&mut browser, &tab, &row8, Some(40));
    let control = "(r => [r.top >= 0, r.bottom <= innerHeight, r.height >= 30])(document.getElementById('fine').getBoundingClientRect())";
    assert_eq!(
        browser.eval(&tab, control),
        serde_json::json!([true, true, true]),
        "the checks mode's control at 1024×768"
    );
    let naive5 = make(&scratch.0, "naive", None, 5);
    for (file, algo, n, k0) in [(&row8, "row", 8, 40u64), (&row8, "row", 8, 1400), (&naive5, "naive", 5, 40)] {
        let json = run(&["trace", "--json", "--algo", algo, "--max-steps", &(k0 + 1).to_string(), &n.to_string()]);
        let lines: Vec<Value> = json.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let (before, step) = (&lines[lines.len() - 2], &lines[lines.len() - 1]);
        let checks: Vec<u64> = step["checks"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).collect();
        let reads: Vec<&str> = step["reads"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
        let value = |read: &str| {
            let at: Vec<usize> = read.split(['[', ']']).filter_map(|p| p.parse().ok()).collect();
            let name = read.split('[').next().unwrap();
            let text = before["values"][name].as_str().unwrap();
            let cell = if at.len() == 1 {
                text.chars().nth(at[0])
            } else {
                text.split('/').nth(at[0]).unwrap().chars().nth(at[1])
            };
            format!("{read}={}", cell.unwrap())
        };
        let (r, c) = (step["square"][0].as_u64().unwrap(), step["square"][1].as_u64().unwrap());
        open_at(&mut browser, &tab, file, Some(k0));
        // A page opened again at another step is the same page: its mode may be on already.
        if browser.eval(&tab, "document.getElementById('state').dataset.fine") != "true" {
            browser.key(&tab, "f");
        }
        until(&mut browser, &tab, "document.getElementById('state').dataset.fine === 'true'");
        for j in 1..=checks.len() {
            browser.key(&tab, "ArrowRight");
            let seen = browser.eval(
                &tab,
                "(s => [document.getElementById('step').textContent + document.getElementById('sub').textContent, s.line, s.next, \
                 [...document.querySelectorAll('.board .stack li:not(.note)')].map(l => [l.dataset.call, l.dataset.locals, l.dataset.read || ''])])\
                 (document.getElementById('state').dataset)",
            );
            let at = format!("{algo} n={n}, step {k0}.{j}");
            let next = checks.get(j).copied().unwrap_or(step["line"].as_u64().unwrap());
            let want = serde_json::json!([format!("{k0}.{j}"), checks[j - 1].to_string(), next.to_string()]);
            assert_eq!(&seen.as_array().unwrap()[..3], want.as_array().unwrap().as_slice(), "{at}");
            let params: &[&str] = if algo == "row" { &["r"] } else { &["row"] };
            let mut frames: Vec<[String; 3]> = step["stack"]
                .as_array()
                .unwrap()
                .iter()
                .map(|f| {
                    let (call, locals) = frame_of(f.as_str().unwrap(), params);
                    [call, locals, String::new()]
                })
                .collect();
            // naive checks in is_valid(row, col), lines 1 to 10 of its listing: a frame of its own,
            // whose loop variables are the indexes of its last read (queen[i][col], queen[i][j]).
            if algo == "naive" && checks[j - 1] <= 10 {
                let at: Vec<&str> = reads[j - 1].split(['[', ']']).filter(|p| !p.is_empty()).skip(1).collect();
                let loops =
                    if checks[j - 1] == 3 { format!(" i={}", at[0]) } else { format!(" i={} j={}", at[0], at[1]) };
                frames.push([format!("is_valid({r}, {c})"), format!("row={r} col={c}{loops}"), String::new()]);
            }
            let last = frames.len() - 1;
            frames[last][2] = reads[..j].iter().map(|r| value(r)).collect::<Vec<_>>().join(" ");
            assert_eq!(seen[3], serde_json::json!(frames), "{at}");
        }
    }
    close(browser);
}

/// Issue 51, item 5: teaching as VisuAlgo does. With the quiz on (`q`), → before a refusal asks
/// which line refuses the square and before a backtrack how many nodes were searched below the
/// queen, shows nothing until answered, and then shows the step and whether the answer was right,
/// as `labs trace --json` has it. The tree's refusals are shaded by how much each pruned: the
/// positions an unchecked search would visit below the square, darker the nearer the root.
#[test]
fn the_quiz_asks_before_it_shows_and_the_tree_is_shaded_by_what_each_check_pruned() {
    let Some((scratch, mut browser)) = start("quiz") else { return };
    let tab = browser.tab(1366, 768);
    let row8 = make(&scratch.0, "row", None, 8);
    let json = run(&["trace", "--json", "--algo", "row", "--max-steps", "200", "8"]);
    let steps: Vec<Value> = json.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let state = "(s => [+s.step, s.quiz, document.getElementById('quiz-question').textContent, \
                 [...document.querySelectorAll('#quiz-choices button')].map(b => b.dataset.answer), \
                 document.getElementById('quiz-said').textContent])(document.getElementById('state').dataset)";
    // The first refusal after step 40, then the first backtrack after it.
    let reject = steps.iter().skip(40).find(|s| s["event"] == "reject").unwrap();
    let k = reject["step"].as_u64().unwrap() - 1;
    open_at(&mut browser, &tab, &row8, Some(k));
    browser.key(&tab, "q");
    browser.key(&tab, "ArrowRight");
    let (r, c) = (&reject["square"][0], &reject["square"][1]);
    let asked = browser.eval(&tab, state);
    let want = serde_json::json!([k, "asking", format!("Which line refuses ({r},{c})?")]);
    assert_eq!(&asked.as_array().unwrap()[..3], want.as_array().unwrap().as_slice(), "{asked}");
    let line = match reject["why"].as_str().unwrap() {
        "column" => "c",
        "diagonal" => "d",
        "anti-diagonal" => "a",
        _ => "w",
    };
    assert!(asked[3].as_array().unwrap().contains(&Value::from(line)), "{asked}");
    browser.click(&tab, &format!("#quiz-choices button[data-answer=\"{line}\"]"));
    let shown = browser.eval(&tab, state);
    assert_eq!((&shown[0], &shown[1]), (&Value::from(k + 1), &Value::from("on")), "{shown}");
    assert!(shown[4].as_str().unwrap().starts_with("Right: "), "{shown}");

    let remove = steps.iter().skip(k as usize + 1).find(|s| s["event"] == "remove").unwrap();
    let at = remove["step"].as_u64().unwrap() - 1;
    // The nodes searched below the queen taken off: those placed since it was placed.
    let node = remove["node"].as_str().unwrap();
    let placed = steps.iter().position(|s| s["event"] == "place" && s["node"] == node).unwrap();
    let below = steps[placed + 1..at as usize].iter().filter(|s| s["event"] == "place").count();
    open_at(&mut browser, &tab, &row8, Some(at));
    browser.key(&tab, "ArrowRight");
    let asked = browser.eval(&tab, state);
    assert_eq!((&asked[0], &asked[1]), (&Value::from(at), &Value::from("asking")), "{asked}");
    assert!(asked[3].as_array().unwrap().contains(&Value::from(below.to_string())), "{below} not among {asked}");
    let right = below.to_string();
    let wrong = asked[3].as_array().unwrap().iter().find(|a| a.as_str() != Some(right.as_str())).unwrap().clone();
    browser.click(&tab, &format!("#quiz-choices button[data-answer=\"{}\"]", wrong.as_str().unwrap()));
    let shown = browser.eval(&tab, state);
    assert_eq!(shown[0], Value::from(at + 1), "{shown}");
    assert_eq!(shown[4], Value::from(format!("Not this time: it was {below}.")), "{shown}");

    // The shading: each stub's positions pruned, (8^(8-r) - 1) / 7, and its darkness growing with them.
    let stubs = browser.eval(
        &tab,
        "[...document.querySelectorAll('#tree .tnode.refused')].map(g => [g.dataset.node.split(' ').length - 1, +g.dataset.pruned, \
         +getComputedStyle(g.querySelector('rect')).fillOpacity])",
    );
    let stubs = stubs.as_array().unwrap();
    assert!(!stubs.is_empty(), "no stub to shade");
    for s in stubs {
        let r = s[0].as_u64().unwrap() as u32;
        assert_eq!(s[1].as_u64().unwrap(), (8u64.pow(8 - r) - 1) / 7, "row {r}: {s}");
    }
    for a in stubs {
        for b in stubs {
            if a[1].as_u64() > b[1].as_u64() {
                assert!(a[2].as_f64() > b[2].as_f64(), "a stub that pruned more is not darker: {a} {b}");
            }
        }
    }
    close(browser);
}
