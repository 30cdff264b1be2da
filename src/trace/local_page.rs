//! `labs trace --algo min-conflicts --html`: the page that replays local search's repairs.
//!
//! The steps are [`super::local`]'s `--json` objects, each with its caption (the trace's own line,
//! in the page's language: [`super::local::steps`]); `local.js` replays them on one board with each row's count of the
//! queens that attack its queen, in `local.html`'s body under the backtracking page's own head
//! (`page.html` up to `<body>`, with `page.css`: included, not copied) and a few rules of its own
//! for the board. One file, no
//! network, its state in `#state` for a test in a real browser (tests/toolkit/page.rs).

use super::local::{NoSolution, Showing, steps};
use crate::catalogue::{Key, say};
use crate::lang::Lang;
use serde_json::json;

/// The backtracking page, whose head (up to `<body>`) this page shares: one file, no network
/// (its policy), the viewport, the title, and `page.css`'s bar, buttons, counters and themes.
const PAGE: &str = include_str!("page.html");
/// This page's body, with `/*…*/` and upper-case places for what is filled in.
const BODY: &str = include_str!("local.html");
/// The backtracking page's style.
const CSS: &str = include_str!("page.css");
/// The replay.
const JS: &str = include_str!("local.js");

/// A page written: its bytes and its steps.
pub struct LocalPage {
    /// The HTML.
    pub html: String,
    /// The steps it replays.
    pub steps: u64,
}

/// The page of min-conflicts on the `n`×`n` board as `shown` asks (its seed, its `max_steps`).
pub fn page(n: usize, shown: Showing) -> Result<LocalPage, NoSolution> {
    let lang = shown.lang;
    let steps = steps(n, shown)?;
    let word = |key: Key| key.text(lang);
    let title = say!(lang, LocalPageTitle, n, seed = shown.seed);
    let data = json!({
        "n": n,
        "words": {
            "start": word(Key::PageStart), "back": word(Key::PageBack), "play": word(Key::PagePlay),
            "pause": word(Key::PagePause), "forward": word(Key::PageForward), "end": word(Key::PageEnd),
            "step": word(Key::PageStep), "pairs": word(Key::LocalPagePairs), "about": word(Key::LocalPageAbout),
        },
        "steps": steps,
    });
    let head = PAGE.split("<body>").next().unwrap_or_default();
    let body = BODY.split_once("-->\n").map_or(BODY, |(_, body)| body);
    let html = [head, body]
        .concat()
        .replace("TITLE", &title)
        .replace("LANG", if lang == Lang::Zh { "zh-CN" } else { "en" })
        .replace("NOSCRIPT", word(Key::PageNoScript))
        .replace("/*CSS*/", CSS)
        .replace("/*JS*/", JS)
        .replace("/*TRACE*/", &data.to_string().replace('<', "\\u003c"));
    Ok(LocalPage { html, steps: steps.len() as u64 })
}
