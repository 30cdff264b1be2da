//! `labs trace --html` — the trace as one self-contained web page that replays it.
//!
//! A [`Recorder`] is a visitor, like the text trace's `Tracer`: it keeps the steps the solver
//! reports (a square refused and why, a queen placed or removed, a solution), each with the probes
//! the check made to reach it ([`Visitor::probe_at`]), so the page replays the variant's own search
//! and never a second one. A step counts exactly as a line of `labs trace` does, so the page at
//! step K shows what `labs trace --max-steps K --summary` reports.
//!
//! The page is `page.html` with `page.css`, `model.js` (the replay, with no DOM), `page.js` (the
//! drawing) and the recorded trace pasted in: no file beside it, no network (its
//! Content-Security-Policy forbids every fetch). The trace travels as
//! one JSON object, `{"n", "complete", "boards": [{"algo", "unit", "steps"}]}`, whose `steps`
//! string is the steps separated by `;`. A step is a kind and a square, `p3.5` (place at row 3,
//! column 5), `x3.5` (remove), `c`, `d`, `a` or `w` before the square for a refusal by column,
//! diagonal, anti-diagonal or row, or `s` alone (a solution); then its probes, separated by
//! spaces, each a tag and an index: `s` a square (row·n + column), `f` a square of `bordered`'s
//! framed board (row·(n+2) + column), `R`, `C`, `D`, `A` the flag of the row, column, diagonal or
//! anti-diagonal through a square, `m` the mask of a row. Three or more probes of one tag whose
//! indexes step evenly are written `tag start:stride:count`, so a scan costs a few bytes.
//!
//! With `--vs`, a second variant is recorded over the same tree, and the two boards move together;
//! the recorder checks that the trees are the same, step by step.

use super::{listing, words};
use crate::catalogue::{Key, say};
use crate::error::Error;
use crate::facts::{TRACE_PAGE_BYTES, TRACE_PAGE_WHY};
use crate::lang::Lang;
use crate::solvers::{Algo, Conflict, Probed, Visitor};
use crate::units::{bytes_in, counted_in};
use std::fmt::Write as _;
use std::ops::ControlFlow;

/// The page's HTML, with the placeholders `/*CSS*/`, `/*MODEL*/`, `/*JS*/`, `/*TRACE*/`, `TITLE`, `LANG` and
/// `NOSCRIPT`.
const HTML: &str = include_str!("page.html");
/// Its style sheet.
const CSS: &str = include_str!("page.css");
/// Its model, with no DOM: decodes the trace and replays it, and says each step as `labs trace
/// --json` does.
const MODEL: &str = include_str!("model.js");
/// Its script: draws the boards, the panes, the tree and the timeline of what the model says.
const JS: &str = include_str!("page.js");

/// What a page shows.
#[derive(Clone, Copy, Debug)]
pub struct Scope {
    /// The variant traced.
    pub algo: Algo,
    /// A second variant, shown beside it over the same tree.
    pub vs: Option<Algo>,
    /// Board size.
    pub n: usize,
    /// Stop after this many steps.
    pub max_steps: Option<u64>,
    /// The language of the page's words.
    pub lang: Lang,
}

impl Scope {
    /// The variants shown, in the page's language: `naive`, or `naive vs row`.
    pub fn names(&self) -> String {
        match self.vs {
            Some(b) => say!(self.lang, HtmlVs, a = self.algo.name(), b = b.name()),
            None => self.algo.name().to_string(),
        }
    }
}

/// A page that was made, and what it holds.
#[derive(Clone, Debug)]
pub struct Page {
    /// The whole HTML file.
    pub html: String,
    /// Steps recorded.
    pub steps: u64,
}

/// Records the trace `scope` asks for and makes its page, or says why it cannot.
pub fn page(scope: &Scope) -> Result<Page, Error> {
    let Scope { algo, vs, n, max_steps, lang } = *scope;
    if let Some(b) = vs {
        pairable(algo, b, lang)?;
    }
    let algos: Vec<Algo> = std::iter::once(algo).chain(vs).collect();
    let budget = TRACE_PAGE_BYTES / algos.len();
    let mut recorded = Vec::new();
    for &a in &algos {
        let mut recorder = Recorder::new(n, max_steps, budget);
        let flow = a.solve(n, &mut recorder);
        recorded.push((a, recorder, flow.is_continue()));
    }
    // What fits is what fits for both: the fewer steps of those that ran out of room.
    if let Some(fitting) = recorded.iter().filter(|(_, r, _)| r.full).map(|(_, r, _)| r.steps).min() {
        return Err(too_long(scope, &algos, fitting, budget));
    }
    if let [(a, first, _), (b, second, _)] = &recorded[..]
        && first.tree != second.tree
    {
        return Err(Error::Failed(say!(lang, HtmlTreesDiffer, a = a.name(), b = b.name(), n)));
    }
    let complete = recorded[0].2;
    let steps = recorded[0].1.steps;
    let boards: Vec<serde_json::Value> = recorded.iter().map(|(a, r, _)| board(*a, &r.text, lang)).collect();
    let trace = serde_json::json!({ "n": n, "names": scope.names(), "complete": complete, "boards": boards });
    Ok(Page { html: html(trace, lang), steps })
}

/// The page around `trace` (`n`, `names`, `complete`, `boards`, and what else the script reads),
/// with the page's words in `lang` added to it.
pub fn html(mut trace: serde_json::Value, lang: Lang) -> String {
    let words = words::words(lang);
    let no_script = words["no-script"].as_str().unwrap_or_default().to_string();
    let title = say!(lang, HtmlTitle, names = trace["names"].as_str().unwrap_or_default(), n = trace["n"]);
    trace["words"] = words;
    // A `<` can stand only inside a JSON string, where `\u003c` says the same and cannot end the script.
    let trace = trace.to_string().replace('<', "\\u003c");
    let lang_tag = match lang {
        Lang::En => "en",
        Lang::Zh => "zh-CN",
    };
    HTML.replace("TITLE", &title)
        .replace("LANG", lang_tag)
        .replace("NOSCRIPT", &no_script)
        .replace("/*CSS*/", CSS)
        .replace("/*MODEL*/", MODEL)
        .replace("/*JS*/", JS)
        .replace("/*TRACE*/", &trace)
}

/// What the page needs of one variant: its steps, its probes' unit, its listing (the comments in
/// `lang`) and the structures it keeps, for the page to draw.
pub fn board(algo: Algo, steps: &str, lang: Lang) -> serde_json::Value {
    let code: Vec<[String; 3]> = listing::listing(algo)
        .iter()
        .map(|l| [l.text(), (if lang == Lang::Zh { l.zh } else { l.en }).to_string(), l.lights.to_string()])
        .collect();
    let flags: Vec<serde_json::Value> = listing::flags(algo)
        .iter()
        .map(|f| {
            let tag = line_tag(f.line) as char;
            serde_json::json!({ "name": f.name, "tag": tag.to_string(), "len": [f.len.0, f.len.1], "at": [f.at.0, f.at.1, f.at.2] })
        })
        .collect();
    serde_json::json!({
        "algo": algo.name(),
        "caption": say!(lang, HtmlCaption, algo = algo.name()),
        "unit": algo.probe_unit(),
        "steps": steps,
        "code": code,
        "flags": flags,
        "board": listing::board_name(algo),
        "shape": listing::shown(algo).kept.shape(),
        "masks": listing::MASKS,
        "frame": listing::shown(algo).frame,
    })
}

/// Whether `a` and `b` can share a page: both must walk the same tree; why not in `lang`.
pub fn pairable(a: Algo, b: Algo, lang: Lang) -> Result<(), Error> {
    if a == Algo::Cell || b == Algo::Cell {
        return Err(Error::Usage(say!(lang, HtmlVsCell)));
    }
    if a == b {
        return Err(Error::Usage(say!(lang, HtmlVsItself, a = a.name(), b = b.name())));
    }
    Ok(())
}

/// The refusal of a trace too long for a page: which `--max-steps`, and which n, fits.
fn too_long(scope: &Scope, algos: &[Algo], fitting: u64, budget: usize) -> Error {
    let (names, n) = (scope.names(), scope.n);
    // The largest board whose whole trace fits, counting up: traces grow with n (but for 2 and 3).
    let fits = |m: usize| {
        algos.iter().all(|a| {
            let mut recorder = Recorder::new(m, None, budget);
            let _ = a.solve(m, &mut recorder);
            !recorder.full
        })
    };
    let whole = (1..n).take_while(|&m| fits(m)).last();
    let lang = scope.lang;
    let smaller = match whole {
        Some(m) => say!(lang, HtmlTooLongSmaller, m),
        None => String::new(),
    };
    let holds = bytes_in(TRACE_PAGE_BYTES as u64, lang);
    Error::Usage(say!(lang, HtmlTooLong, names, n, holds, why = TRACE_PAGE_WHY.text(lang), fitting, smaller))
}

/// The visitor that writes a variant's steps, with their probes, in the page's encoding.
pub struct Recorder {
    n: usize,
    /// The encoded steps, separated by `;`.
    text: String,
    /// Steps recorded.
    steps: u64,
    /// Each step's kind (refusals as one), row and column: the tree two variants must share.
    tree: Vec<(u8, u16, u16)>,
    /// Probes since the previous step, as (tag, index).
    pending: Vec<(u8, i64)>,
    max_steps: Option<u64>,
    /// Bytes `text` may take.
    budget: usize,
    /// Set when the budget ran out; the steps before still fit.
    full: bool,
    stopped: bool,
}

impl Recorder {
    /// A recorder for the `n`×`n` board, stopping after `max_steps` or at `budget` bytes.
    pub fn new(n: usize, max_steps: Option<u64>, budget: usize) -> Self {
        Recorder {
            n,
            text: String::new(),
            steps: 0,
            tree: Vec::new(),
            pending: Vec::new(),
            max_steps,
            budget,
            full: false,
            stopped: false,
        }
    }

    /// Steps recorded so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The encoded steps.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Whether the budget ran out before the search ended.
    pub fn full(&self) -> bool {
        self.full
    }

    fn step(&mut self, kind: u8, at: Option<(usize, usize)>) {
        if self.stopped {
            return;
        }
        let mut piece = String::new();
        if !self.text.is_empty() {
            piece.push(';');
        }
        piece.push(kind as char);
        if let Some((row, col)) = at {
            let _ = write!(piece, "{row}.{col}");
        }
        encode_probes(&std::mem::take(&mut self.pending), &mut piece);
        if self.text.len() + piece.len() > self.budget {
            self.full = true;
            self.stopped = true;
            return;
        }
        self.text += &piece;
        self.steps += 1;
        let (row, col) = at.unwrap_or((0, 0));
        let shape = if matches!(kind, b'c' | b'd' | b'a' | b'w') { b'r' } else { kind };
        self.tree.push((shape, row as u16, col as u16));
        if self.max_steps == Some(self.steps) {
            self.stopped = true;
        }
    }
}

/// Appends ` tag index` for each probe, runs of three or more evenly spaced ones as
/// ` tag start:stride:count`.
fn encode_probes(probes: &[(u8, i64)], out: &mut String) {
    let mut i = 0;
    while i < probes.len() {
        let (tag, start) = probes[i];
        let mut end = i + 1;
        if let Some(&(next_tag, next)) = probes.get(i + 1)
            && next_tag == tag
            && next != start
        {
            let stride = next - start;
            while probes.get(end).is_some_and(|&(t, k)| t == tag && k - probes[end - 1].1 == stride) {
                end += 1;
            }
            if end - i >= 3 {
                let _ = write!(out, " {}{start}:{stride}:{}", tag as char, end - i);
                i = end;
                continue;
            }
        }
        let _ = write!(out, " {}{start}", tag as char);
        i += 1;
    }
}

impl Visitor for Recorder {
    fn solution(&mut self, _cols: &[usize]) -> ControlFlow<()> {
        self.step(b's', None);
        self.proceed()
    }

    fn node(&mut self, row: usize, col: usize) {
        self.step(b'p', Some((row, col)));
    }

    fn backtrack(&mut self, row: usize, col: usize) {
        self.step(b'x', Some((row, col)));
    }

    fn probe_at(&mut self, what: Probed) {
        if self.stopped {
            return;
        }
        let n = self.n as i64;
        let square = |r: usize, c: usize| r as i64 * n + c as i64;
        self.pending.push(match what {
            Probed::Square(r, c) => (b's', square(r, c)),
            Probed::Framed(r, c) => (b'f', r as i64 * (n + 2) + c as i64),
            Probed::Flag(line, r, c) => (line_tag(line), square(r, c)),
            Probed::Mask(r) => (b'm', r as i64),
        });
    }

    fn reject(&mut self, row: usize, col: usize, why: Conflict) {
        self.step(listing::refusal(why), Some((row, col)));
    }

    fn proceed(&mut self) -> ControlFlow<()> {
        if self.stopped { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    }
}

/// The tag of a flag's line.
fn line_tag(line: Conflict) -> u8 {
    match line {
        Conflict::Row => b'R',
        Conflict::Column => b'C',
        Conflict::Diagonal => b'D',
        Conflict::AntiDiagonal => b'A',
    }
}

/// The one line `labs trace --html` prints: what was written where.
pub fn wrote(file: &str, scope: &Scope, page: &Page) -> String {
    let (names, n, lang) = (scope.names(), scope.n, scope.lang);
    let steps = counted_in(lang, page.steps, Key::PageStepsOne, Key::PageStepsOther);
    say!(lang, HtmlWrote, file, names, n, steps, size = bytes_in(page.html.len() as u64, lang))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(probes: &[(u8, i64)]) -> String {
        let mut text = String::new();
        encode_probes(probes, &mut text);
        text
    }

    #[test]
    fn evenly_spaced_probes_are_written_as_runs() {
        assert_eq!(encoded(&[(b's', 2), (b's', 10), (b's', 18), (b's', 0), (b's', 1)]), " s2:8:3 s0 s1");
        assert_eq!(encoded(&[(b'C', 9), (b'A', 9), (b'D', 9)]), " C9 A9 D9");
        assert_eq!(encoded(&[(b's', 20), (b's', 11), (b's', 2), (b'm', 3)]), " s20:-9:3 m3");
    }

    #[test]
    fn the_first_steps_of_row_at_4_read_as_the_trace_prints_them() {
        let mut recorder = Recorder::new(4, Some(3), usize::MAX);
        let _ = Algo::Row.solve(4, &mut recorder);
        assert_eq!(recorder.text(), "p0.0 C0 A0 D0;c1.0 C4;d1.1 C5 A5 D5");
    }

    #[test]
    fn cell_cannot_be_paired_and_a_long_trace_is_refused_with_what_fits() {
        let scope = Scope { algo: Algo::Row, vs: Some(Algo::Cell), n: 6, max_steps: None, lang: Lang::En };
        assert!(matches!(page(&scope), Err(Error::Usage(m)) if m.contains("cell visits every square")));
        let scope = Scope { algo: Algo::Naive, vs: None, n: 13, max_steps: None, lang: Lang::En };
        let Err(Error::Usage(message)) = page(&scope) else { panic!("naive at 13 fits a page") };
        assert!(message.starts_with("the trace of naive at n = 13 is too long for one page"), "{message}");
        let k: u64 = message.split("--max-steps ").nth(1).unwrap().split(',').next().unwrap().parse().unwrap();
        let fitting = Scope { max_steps: Some(k), ..scope };
        assert_eq!(page(&fitting).unwrap().steps, k);
    }
}
