//! `labs trace --algo min-conflicts` — local search as it repairs a board, one line per move.
//!
//! The backtracking variants build a board a queen at a time and take queens back; min-conflicts
//! ([`nqueens::beyond::repair`]) starts from a full board and repairs it. So its trace has other
//! steps: a *start* (the greedy board, its attacking pairs), and a *swap* (two rows exchange
//! their queens' columns because that lowers the attacking pairs), then the solution. A
//! [`Repairs`] is the search's [`Moves`] visitor: it prints what the search reports, and keeps a
//! copy of the board with its diagonal counters only to say how many queens attack each queen,
//! before and after a move (the search itself counts pairs, not queens).
//!
//! The lines are in trace's shape: a header, the steps (a swap indented under its start), a tally;
//! `--boards` draws the board after each step, each row followed by the number of queens that
//! attack its queen; `--json` writes one object per step (`step`, `event`, `start`, `rows`,
//! `from`, `to`, `before`, `after`, `queen`, `attacked`, `cols`, `conflicts`, `pairs`), which the page
//! ([`super::local_page`]) replays and the tests hold it to. `--max-steps` stops the lines, not the
//! search, which has no early stop and takes microseconds at the sizes a trace shows.

use crate::catalogue::{Key, say};
use crate::format::{Grid, SPACED_ROWS};
use crate::lang::Lang;
use crate::units::counted_in;
use nqueens::beyond::{Budget, Moves, min_conflicts};
use std::io::{self, Write};

/// What a repair trace shows.
#[derive(Clone, Copy, Debug)]
pub struct Showing {
    /// The seed of the search.
    pub seed: u64,
    /// Stop the lines after this many steps.
    pub max_steps: Option<u64>,
    /// Only the tally.
    pub summary: bool,
    /// The board after each step.
    pub boards: bool,
    /// One JSON object per step, and nothing else.
    pub json: bool,
    /// The language of the lines.
    pub lang: Lang,
}

/// One step of the search: a start, a swap, or the solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repair {
    /// A greedy start (the `k`-th, from 1) with this many attacking pairs.
    Start {
        /// Which start, from 1.
        k: u32,
        /// Attacking pairs on the board.
        pairs: u64,
    },
    /// Rows `a` and `b` exchanged their columns: `a`'s queen, the attacked one, moved from `from`
    /// to `to`, and the attacking pairs went from `before` to `after`.
    Swap {
        /// The attacked row whose queen moved.
        a: usize,
        /// The row it exchanged with.
        b: usize,
        /// Row `a`'s column before (row `b`'s after).
        from: usize,
        /// Row `a`'s column after (row `b`'s before).
        to: usize,
        /// Queens attacking row `a`'s and row `b`'s queens before the move.
        attacked_before: (u32, u32),
        /// The same after it.
        attacked_after: (u32, u32),
        /// Attacking pairs before.
        before: u64,
        /// Attacking pairs after.
        after: u64,
    },
    /// The board has no attacking pair.
    Solution,
}

/// The visitor that turns the search's moves into trace lines, keeping the board to count the
/// queens that attack each queen.
pub struct Repairs<'a> {
    out: &'a mut dyn Write,
    shown: Showing,
    cols: Vec<usize>,
    /// Queens on each `\` diagonal (`row + n - 1 - col`) and each `/` diagonal (`row + col`).
    down: Vec<u32>,
    up: Vec<u32>,
    pairs: u64,
    starts: u32,
    swaps: u64,
    steps: u64,
    grid: Grid,
    error: Option<io::Error>,
    /// The page's steps ([`steps`]): each `--json` object with its caption, kept instead of written.
    kept: Option<Vec<serde_json::Value>>,
}

impl<'a> Repairs<'a> {
    /// A tracer of min-conflicts on an `n`×`n` board, writing to `out`.
    pub fn new(n: usize, shown: Showing, out: &'a mut dyn Write) -> Repairs<'a> {
        let lines = (2 * n).saturating_sub(1);
        Repairs {
            out,
            shown,
            cols: Vec::new(),
            down: vec![0; lines],
            up: vec![0; lines],
            pairs: 0,
            starts: 0,
            swaps: 0,
            steps: 0,
            grid: Grid::new(n, &SPACED_ROWS),
            error: None,
            kept: None,
        }
    }

    fn n(&self) -> usize {
        self.down.len().div_ceil(2)
    }

    /// Queens on `row`'s queen's two diagonals besides it: the queens that attack it (the board
    /// is a permutation, so no two share a column).
    fn attacked(&self, row: usize) -> u32 {
        let col = self.cols[row];
        self.down[row + self.n() - 1 - col] + self.up[row + col] - 2
    }

    fn mark(&mut self, row: usize, col: usize, add: bool) {
        let (d, u) = (row + self.n() - 1 - col, row + col);
        match add {
            true => (self.down[d], self.up[u]) = (self.down[d] + 1, self.up[u] + 1),
            false => (self.down[d], self.up[u]) = (self.down[d] - 1, self.up[u] - 1),
        }
    }

    /// Every row's count of queens attacking its queen.
    pub fn conflicts(&self) -> Vec<u32> {
        (0..self.cols.len()).map(|r| self.attacked(r)).collect()
    }

    fn write(&mut self, text: &str) {
        if self.error.is_none()
            && let Err(e) = self.out.write_all(text.as_bytes())
        {
            self.error = Some(e);
        }
    }

    /// Records one step: prints it as the options say, until `max_steps`.
    fn step(&mut self, step: Repair) {
        self.steps += 1;
        if self.shown.max_steps.is_some_and(|k| self.steps > k) || self.shown.summary {
            return;
        }
        if self.kept.is_some() {
            let mut object = self.json(step);
            object["caption"] = self.line(step).trim_start().into();
            self.kept.get_or_insert_default().push(object);
            return;
        }
        if self.shown.json {
            let line = self.json(step);
            self.write(&format!("{line}\n"));
            return;
        }
        let line = self.line(step);
        self.write(&(line + "\n"));
        if self.shown.boards && step != Repair::Solution {
            let conflicts = self.conflicts();
            let mut text = String::new();
            for (row, &col) in self.cols.iter().enumerate() {
                self.grid.pending().extend_from_slice(b"    ");
                self.grid.row(Some(col));
                let drawn = self.grid.take_text();
                text += &format!("{}  {}\n", drawn.trim_end_matches('\n'), conflicts[row]);
            }
            self.write(&text);
        }
    }

    /// The line the trace prints for one step, the board already changed by it.
    fn line(&self, step: Repair) -> String {
        let lang = self.shown.lang;
        match step {
            Repair::Start { k, pairs } => say!(lang, TraceLocalStart, k, pairs, cols = columns(&self.cols)),
            Repair::Swap { a, b, from, to, attacked_before: (qa, qb), attacked_after: (qa2, qb2), before, after } => {
                say!(lang, TraceLocalSwap, a, b, from, to, qa, qb, qa2, qb2, before, after)
            }
            Repair::Solution => say!(lang, TraceLocalSolution, k = self.swaps, cols = columns(&self.cols)),
        }
    }

    /// The JSON object of one step, the board already changed by it.
    pub fn json(&self, step: Repair) -> serde_json::Value {
        let mut line = serde_json::json!({
            "step": self.steps,
            "start": self.starts,
            "cols": self.cols,
            "conflicts": self.conflicts(),
            "pairs": self.pairs,
        });
        let more = match step {
            Repair::Start { .. } => serde_json::json!({ "event": "start" }),
            Repair::Swap { a, b, from, to, attacked_before, attacked_after, before, after } => serde_json::json!({
                "event": "swap",
                "rows": [a, b],
                "from": [from, to],
                "to": [to, from],
                "queen": { "row": a, "from": from, "to": to, "before": attacked_before.0, "after": attacked_after.0 },
                "attacked": { "before": [attacked_before.0, attacked_before.1], "after": [attacked_after.0, attacked_after.1] },
                "before": before,
                "after": after,
            }),
            Repair::Solution => serde_json::json!({ "event": "solution" }),
        };
        if let (Some(line), serde_json::Value::Object(more)) = (line.as_object_mut(), more) {
            line.extend(more);
        }
        line
    }

    /// The tally (saying so if `max_steps` stopped the lines), and any write error.
    fn finish(mut self, stalled: Option<nqueens::beyond::Stalled>) -> io::Result<()> {
        let lang = self.shown.lang;
        if !self.shown.json {
            let mut text = String::new();
            if let Some(k) = self.shown.max_steps.filter(|&k| k < self.steps) {
                let steps = counted_in(lang, k, Key::PageStepsOne, Key::PageStepsOther);
                text += &(say!(lang, TraceStopped, steps, k) + "\n");
            }
            if let Some(stalled) = stalled {
                text += &(say!(lang, TraceLocalStalled, tries = stalled.tries, starts = stalled.starts) + "\n");
            }
            let n = self.n();
            text +=
                &(say!(lang, TraceLocalTally, n, starts = self.starts, swaps = self.swaps, pairs = self.pairs) + "\n");
            self.write(&text);
        }
        match self.error.take() {
            Some(e) => Err(e),
            None => self.out.flush(),
        }
    }
}

/// Columns as the trace writes a board: `0 4 7 5 2 6 1 3`.
fn columns(cols: &[usize]) -> String {
    cols.iter().map(usize::to_string).collect::<Vec<_>>().join(" ")
}

impl Moves for Repairs<'_> {
    fn start(&mut self, cols: &[usize], conflicts: u64) {
        self.cols = cols.to_vec();
        self.down.fill(0);
        self.up.fill(0);
        for (row, &col) in cols.iter().enumerate() {
            self.mark(row, col, true);
        }
        self.pairs = conflicts;
        self.starts += 1;
        self.step(Repair::Start { k: self.starts, pairs: conflicts });
    }

    fn swap(&mut self, a: usize, b: usize, before: u64, after: u64) {
        let (from, to) = (self.cols[a], self.cols[b]);
        let attacked_before = (self.attacked(a), self.attacked(b));
        self.mark(a, from, false);
        self.mark(b, to, false);
        self.cols.swap(a, b);
        self.mark(a, to, true);
        self.mark(b, from, true);
        self.pairs = after;
        self.swaps += 1;
        let attacked_after = (self.attacked(a), self.attacked(b));
        self.step(Repair::Swap { a, b, from, to, attacked_before, attacked_after, before, after });
    }
}

/// Why min-conflicts cannot be traced on this board: n = 2 and 3 have no solution, and local search
/// cannot even start on them.
#[derive(Debug)]
pub struct NoSolution;

/// Traces min-conflicts on the `n`×`n` board to `out`, with the header first.
pub fn trace(n: usize, shown: Showing, out: &mut dyn Write) -> io::Result<Result<(), NoSolution>> {
    if !nqueens::beyond::construct::exists(n) {
        return Ok(Err(NoSolution));
    }
    let mut repairs = Repairs::new(n, shown, out);
    if !shown.json && !shown.summary {
        let line = say!(shown.lang, TraceLocalHeader, n, seed = shown.seed);
        repairs.write(&(line + "\n"));
    }
    match search(n, shown.seed, &mut repairs) {
        Ok(stalled) => repairs.finish(stalled).map(Ok),
        Err(none) => Ok(Err(none)),
    }
}

/// The steps of min-conflicts on the `n`×`n` board as `shown` asks (its seed, its `max_steps`):
/// each its `--json` object with its `caption`, the line the trace prints for it. The page's.
pub fn steps(n: usize, shown: Showing) -> Result<Vec<serde_json::Value>, NoSolution> {
    if !nqueens::beyond::construct::exists(n) {
        return Err(NoSolution);
    }
    let mut nowhere = io::sink();
    let mut repairs = Repairs::new(n, Showing { summary: false, ..shown }, &mut nowhere);
    repairs.kept = Some(Vec::new());
    search(n, shown.seed, &mut repairs)?;
    Ok(repairs.kept.take().unwrap_or_default())
}

/// Runs the search with `repairs` as its visitor, then the solution's step; a budget spent is
/// the search's `Stalled`.
fn search(n: usize, seed: u64, repairs: &mut Repairs) -> Result<Option<nqueens::beyond::Stalled>, NoSolution> {
    match min_conflicts(n, seed, Budget::for_board(n), repairs) {
        None => Err(NoSolution),
        Some(Ok(_)) => {
            repairs.step(Repair::Solution);
            Ok(None)
        }
        Some(Err(stalled)) => Ok(Some(stalled)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn traced(n: usize, shown: Showing) -> String {
        let mut out = Vec::new();
        trace(n, shown, &mut out).unwrap().unwrap();
        String::from_utf8(out).unwrap()
    }

    fn shown() -> Showing {
        Showing { seed: 1, max_steps: None, summary: false, boards: false, json: false, lang: Lang::En }
    }

    #[test]
    fn every_json_step_counts_what_a_recount_of_its_board_finds() {
        for seed in 0..20 {
            let text = traced(12, Showing { seed, json: true, ..shown() });
            for line in text.lines() {
                let step: serde_json::Value = serde_json::from_str(line).unwrap();
                let cols: Vec<usize> = serde_json::from_value(step["cols"].clone()).unwrap();
                let attacks = |r: usize| {
                    (0..cols.len()).filter(|&s| s != r && cols[r].abs_diff(cols[s]) == r.abs_diff(s)).count()
                };
                let counted: Vec<usize> = (0..cols.len()).map(attacks).collect();
                let said: Vec<usize> = serde_json::from_value(step["conflicts"].clone()).unwrap();
                assert_eq!(said, counted, "seed {seed}: {line}");
                assert_eq!(step["pairs"], counted.iter().sum::<usize>() / 2, "seed {seed}: {line}");
            }
            assert!(text.lines().last().unwrap().contains("\"solution\""), "seed {seed}");
        }
    }

    #[test]
    fn the_lines_have_a_header_steps_and_a_tally() {
        let text = traced(8, shown());
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].starts_with("min-conflicts n=8, seed 1: "), "{text}");
        assert!(lines[1].starts_with("start 1: "), "{text}");
        assert!(lines[lines.len() - 2].starts_with("solution (swaps made: "), "{text}");
        assert!(lines[lines.len() - 1].starts_with("min-conflicts n=8: "), "{text}");
        let stopped = traced(8, Showing { max_steps: Some(1), ..shown() });
        assert_eq!(stopped.lines().count(), 4, "{stopped}");
    }
}
