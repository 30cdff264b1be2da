//! `labs trace` — the search as a variant performs it, one line per step.
//!
//! A [`Tracer`] is a visitor: it prints what the solver itself reports, so there is no second
//! implementation of any variant to drift from the first. A step is a square refused (with the line
//! of attack the check found: row, column, diagonal or anti-diagonal), a queen placed, a queen
//! removed (the search backtracks), or a solution. The probes the solver reports between two steps
//! are what the check examined to reach that verdict, printed as `[k squares]` (`[k flags]`,
//! `[1 mask]`, after [`Algo::probe_unit`]). Each line is indented once per queen on the board.
//!
//! `--tree` keeps only place, remove and solution lines and drops everything that depends on the
//! check, so two variants that walk the same tree print the same bytes and `diff` proves it.
//! `--summary` keeps only the closing tally, with the tree's nodes per level. `--boards` draws the
//! board after every place and remove; `--animate` redraws one frame in place instead (the caller
//! decides whether stdout is a terminal). A trace stops after `--max-steps` steps, or at the first
//! failed write, through [`Visitor::proceed`].
//!
//! `--json` writes one JSON object per step instead, for programs: the step (`step`, `event`,
//! `square`, `why`, `probes`), what its check read in the variant's own names (`reads`) and the
//! line each read was examined on (`checks`: the trace of the checks, [`listing::checks`]), the
//! call stack (`stack`: one frame per recursive call, [`listing::stack`]), the line
//! of the variant's pseudocode it stands on (`line`, from 1, in [`listing`]), the search-tree node
//! it is at (`node`: the squares from the root, `"0.1 1.3"`), and the values of the variant's
//! structures after it (`values`). The page's panes are checked against it.
//!
//! `--html` writes the same steps as a web page that replays them ([`page`]).
//!
//! Read `verify` next: the same visitor idea, used to check the variants instead of showing them.

pub mod listing;
pub mod local;
pub mod local_page;
pub mod own;
mod own_page;
pub mod page;
mod words;

use crate::catalogue::{Key, say};
use crate::format::{Grid, SPACED_ROWS};
use crate::judging::words::line_key;
use crate::lang::Lang;
use crate::solvers::{Algo, Conflict, Probed, Profile, Visitor};
use crate::units::counted_in;
use std::io::{self, Write};
use std::ops::ControlFlow;
use std::time::Duration;

/// What a trace shows, and how.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// Stop after this many steps (lines of the trace that are not boards, header or summary).
    pub max_steps: Option<u64>,
    /// Only place, remove and solution lines, without a header or the checks' cost.
    pub tree: bool,
    /// Only the closing summary.
    pub summary: bool,
    /// Draw the board after each place and remove.
    pub boards: bool,
    /// Redraw one frame in place at each place, remove and solution, then wait this long.
    pub animate: Option<Duration>,
    /// One JSON object per step, and nothing else.
    pub json: bool,
    /// The language of the lines (not of `--json`, which is for programs).
    pub lang: Lang,
}

/// Clears a terminal and moves the cursor home: the start of every animation frame.
const CLEAR_HOME: &str = "\x1b[H\x1b[2J";

/// Traces `algo` on the `n`×`n` board to `out`; the first write error, if any, ends it.
pub fn trace(algo: Algo, n: usize, options: &Options, out: &mut dyn Write) -> io::Result<()> {
    let mut tracer = Tracer::new(algo, n, options, out);
    if !options.tree && !options.summary && !options.json {
        let lang = options.lang;
        let (_, units) = unit_keys(algo);
        let line = say!(lang, TraceHeader, name = algo.name(), n, units = units.fill(lang, &[("k", &"k")]));
        tracer.emit(line + "\n");
    }
    let _ = algo.solve(n, &mut tracer);
    tracer.finish()
}

/// One thing the search did that a trace prints.
#[derive(Clone, Copy, Debug)]
enum Step {
    Reject(usize, usize, Conflict),
    Place(usize, usize),
    Remove(usize, usize),
    Solution,
}

/// The visitor that turns a solver's events into trace lines.
pub struct Tracer<'a> {
    out: &'a mut dyn Write,
    algo: Algo,
    options: &'a Options,
    /// The queen column of each row, if it has one (for `cell`, rows can stay empty).
    board: Vec<Option<usize>>,
    /// Probes since the previous step: what the check examined for the next verdict.
    since: u64,
    /// Those probes (kept for `--json` only).
    reads: Vec<Probed>,
    steps: u64,
    probes: u64,
    solutions: u64,
    /// Nodes per level, and the queens on the board now (the indentation).
    profile: Profile,
    /// Draws the board, in the spaced look of the formats.
    grid: Grid,
    /// Lines waiting for the next animation frame.
    pending: String,
    /// Set once `max_steps` is reached or a write failed: from then on every event is ignored.
    stopped: bool,
    error: Option<io::Error>,
}

impl<'a> Tracer<'a> {
    /// A tracer of `algo` on an `n`×`n` board, writing to `out`.
    pub fn new(algo: Algo, n: usize, options: &'a Options, out: &'a mut dyn Write) -> Self {
        Tracer {
            out,
            algo,
            options,
            board: vec![None; n],
            since: 0,
            reads: Vec::new(),
            steps: 0,
            probes: 0,
            solutions: 0,
            profile: Profile::new(n),
            grid: Grid::new(n, &SPACED_ROWS),
            pending: String::new(),
            stopped: false,
            error: None,
        }
    }

    /// Writes `text` now, or keeps it for the next frame when animating.
    fn emit(&mut self, text: String) {
        if self.options.animate.is_some() {
            self.pending += &text;
        } else {
            self.write(text.as_bytes());
        }
    }

    fn write(&mut self, bytes: &[u8]) {
        if self.error.is_some() {
            return;
        }
        if let Err(e) = self.out.write_all(bytes) {
            self.error = Some(e);
            self.stopped = true;
        }
    }

    /// The board as lines of `Q` and `.`, each indented by `indent`.
    fn board_text(&mut self, indent: &str) -> String {
        for &queen in &self.board {
            self.grid.pending().extend_from_slice(indent.as_bytes());
            self.grid.row(queen);
        }
        self.grid.take_text()
    }

    /// Records one step: tallies it, prints it as the options say, and stops after `max_steps`.
    fn step(&mut self, step: Step) {
        let cost = std::mem::take(&mut self.since);
        let reads = std::mem::take(&mut self.reads);
        if self.stopped || (self.options.tree && matches!(step, Step::Reject(..))) {
            return;
        }
        // The node a step is at: the queens from the root, and the square it tried or left.
        let node = match self.options.json {
            true => Some(self.path(step)),
            false => None,
        };
        match step {
            Step::Place(row, col) => self.board[row] = Some(col),
            Step::Remove(row, col) => {
                self.profile.backtrack(row, col);
                self.board[row] = None;
            }
            Step::Solution => self.solutions += 1,
            Step::Reject(..) => {}
        }
        self.steps += 1;
        if let Some(node) = node {
            self.json(step, cost, reads, node);
        } else if !self.options.summary {
            self.print(step, cost);
        }
        // A queen placed indents the steps after it, not its own line.
        if let Step::Place(row, col) = step {
            self.profile.node(row, col);
        }
        if self.options.max_steps == Some(self.steps) {
            self.stopped = true;
        }
    }

    /// The squares from the root to the node of `step`, as `row.col` separated by spaces.
    fn path(&self, step: Step) -> String {
        let mut squares: Vec<String> =
            self.board.iter().enumerate().filter_map(|(r, c)| c.map(|c| format!("{r}.{c}"))).collect();
        if let Step::Reject(r, c, _) | Step::Place(r, c) = step {
            squares.push(format!("{r}.{c}"));
        }
        squares.join(" ")
    }

    /// The JSON line of one step (the board already changed by it).
    fn json(&mut self, step: Step, cost: u64, probes: Vec<Probed>, node: String) {
        let (event, square, why) = match step {
            Step::Reject(r, c, why) => ("reject", Some((r, c)), Some(why)),
            Step::Place(r, c) => ("place", Some((r, c)), None),
            Step::Remove(r, c) => ("remove", Some((r, c)), None),
            Step::Solution => ("solution", None, None),
        };
        let tag = match step {
            Step::Reject(_, _, why) => listing::refusal(why),
            Step::Place(..) => b'p',
            Step::Remove(..) => b'x',
            Step::Solution => b's',
        };
        let n = self.board.len();
        let values: serde_json::Map<String, serde_json::Value> = listing::values(self.algo, n, &self.board)
            .into_iter()
            .map(|(k, v)| (k, serde_json::Value::from(v)))
            .collect();
        let line = serde_json::json!({
            "step": self.steps,
            "event": event,
            "square": square.map(|(r, c)| [r, c]),
            "why": why.map(Conflict::name),
            "probes": cost,
            "reads": probes.iter().map(|&p| listing::read(self.algo, n, p)).collect::<Vec<_>>(),
            "checks": listing::checks(self.algo, n, square, &probes),
            "stack": listing::stack(self.algo, n, &self.board, square),
            "line": listing::line_of(self.algo, tag),
            "node": node,
            "values": values,
        });
        self.write(format!("{line}\n").as_bytes());
    }

    /// The line of one step, then the board or the frame it calls for.
    fn print(&mut self, step: Step, cost: u64) {
        let indent = "  ".repeat(self.profile.depth());
        let lang = self.options.lang;
        let cost = match self.options.tree {
            true => String::new(),
            false => {
                let (one, other) = unit_keys(self.algo);
                format!(" [{}]", counted_in(lang, cost, one, other))
            }
        };
        let line = match step {
            Step::Reject(row, col, why) => {
                say!(lang, TraceReject, indent, row, col, line = line_key(why).text(lang), cost)
            }
            Step::Place(row, col) => say!(lang, TracePlace, indent, row, col, cost),
            Step::Remove(row, col) => say!(lang, TraceRemove, indent, row, col),
            Step::Solution => {
                let cols: Vec<String> = self.board.iter().map(|c| c.map_or("-".into(), |c| c.to_string())).collect();
                say!(lang, TraceSolution, indent, k = self.solutions, cols = cols.join(" "))
            }
        };
        self.emit(line + "\n");
        if matches!(step, Step::Reject(..)) {
            return;
        }
        match self.options.animate {
            Some(delay) => self.frame(delay),
            None if self.options.boards && !matches!(step, Step::Solution) => {
                let board = self.board_text(&indent);
                self.write(board.as_bytes());
            }
            None => {}
        }
    }

    /// One animation frame: the board, then the lines since the previous frame; then a pause.
    fn frame(&mut self, delay: Duration) {
        let lang = self.options.lang;
        let solutions = counted_in(lang, self.solutions, Key::CountSolutionOne, Key::CountSolutionOther);
        let top = say!(lang, TraceFrame, name = self.algo.name(), n = self.board.len(), k = self.steps, solutions);
        let mut frame = format!("{CLEAR_HOME}{top}\n\n");
        frame += &self.board_text("");
        frame.push('\n');
        frame += &std::mem::take(&mut self.pending);
        self.write(frame.as_bytes());
        if let Err(e) = self.out.flush() {
            self.error.get_or_insert(e);
            self.stopped = true;
        }
        std::thread::sleep(delay);
    }

    /// Writes the summary (saying so if `max_steps` stopped the trace) and flushes.
    pub fn finish(mut self) -> io::Result<()> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        if self.options.json {
            return self.out.flush();
        }
        let lang = self.options.lang;
        let mut text = std::mem::take(&mut self.pending);
        if let Some(k) = self.options.max_steps.filter(|&k| k == self.steps) {
            let steps = counted_in(lang, k, Key::PageStepsOne, Key::PageStepsOther);
            text += &(say!(lang, TraceStopped, steps, k) + "\n");
        }
        let n = self.board.len();
        let nodes: u64 = self.profile.levels.iter().sum();
        let solutions = counted_in(lang, self.solutions, Key::CountSolutionOne, Key::CountSolutionOther);
        let nodes = counted_in(lang, nodes, Key::CountNodeOne, Key::CountNodeOther);
        text += &match self.options.tree {
            true => say!(lang, TraceTallyTree, n, solutions, nodes),
            false => {
                let probes = counted_in(lang, self.probes, Key::CountProbeOne, Key::CountProbeOther);
                say!(lang, TraceTally, name = self.algo.name(), n, solutions, nodes, probes)
            }
        };
        let levels: Vec<String> = self.profile.levels.iter().map(u64::to_string).collect();
        text += &format!("\n{}\n", say!(lang, TraceLevels, levels = levels.join(" ")));
        self.out.write_all(text.as_bytes())?;
        self.out.flush()
    }
}

/// The catalogue's words for one and for several of `algo`'s probe unit (square, flag, mask).
fn unit_keys(algo: Algo) -> (Key, Key) {
    match algo.probe_unit() {
        "flag" => (Key::PageUnitFlagOne, Key::PageUnitFlagOther),
        "mask" => (Key::PageUnitMaskOne, Key::PageUnitMaskOther),
        _ => (Key::PageUnitSquareOne, Key::PageUnitSquareOther),
    }
}

impl Visitor for Tracer<'_> {
    fn solution(&mut self, _cols: &[usize]) -> ControlFlow<()> {
        self.step(Step::Solution);
        self.proceed()
    }

    fn node(&mut self, row: usize, col: usize) {
        self.step(Step::Place(row, col));
    }

    fn backtrack(&mut self, row: usize, col: usize) {
        self.step(Step::Remove(row, col));
    }

    fn probe_at(&mut self, what: Probed) {
        if !self.stopped {
            self.since += 1;
            self.probes += 1;
            if self.options.json {
                self.reads.push(what);
            }
        }
    }

    fn reject(&mut self, row: usize, col: usize, why: Conflict) {
        self.step(Step::Reject(row, col, why));
    }

    fn proceed(&mut self) -> ControlFlow<()> {
        if self.stopped { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn traced(algo: Algo, n: usize, options: &Options) -> String {
        let mut bytes = Vec::new();
        trace(algo, n, options, &mut bytes).unwrap();
        String::from_utf8(bytes).unwrap()
    }

    #[test]
    fn the_summary_counts_the_known_tree_at_8() {
        let options = Options { summary: true, ..Options::default() };
        assert_eq!(
            traced(Algo::Row, 8, &options),
            "row n=8: 92 solutions, 2057 nodes, 24648 probes\nnodes per level: 1 8 42 140 344 568 550 312 92\n"
        );
    }

    #[test]
    fn a_stopped_trace_stops_the_search_and_says_so() {
        // Naive at n = 30 would search for a long while before its first solution.
        let options = Options { max_steps: Some(3), summary: true, ..Options::default() };
        let text = traced(Algo::Naive, 30, &options);
        assert_eq!(
            text.lines().take(2).collect::<Vec<_>>(),
            ["stopped after 3 steps (--max-steps 3); so far:", "naive n=30: 0 solutions, 2 nodes, 962 probes"]
        );
    }

    #[test]
    fn an_animation_draws_one_frame_per_place_remove_and_solution() {
        let options = Options { animate: Some(Duration::ZERO), ..Options::default() };
        let text = traced(Algo::Row, 4, &options);
        // 16 queens placed and removed, 2 solutions.
        assert_eq!(text.matches(CLEAR_HOME).count(), 16 * 2 + 2);
        assert!(text.starts_with(CLEAR_HOME), "the header waits for the first frame");
        assert!(text.contains("row n=4 · step 1 · 0 solutions\n\nQ . . .\n. . . .\n"), "{text}");
    }
}
