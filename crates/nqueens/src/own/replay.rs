//! The student's events replayed on a board, which checks the stream itself.
//!
//! A stream can be wrong before it is compared with anything: a square off the board, a
//! `remove` of a queen that is not there, a second queen put in a row that still holds one (a
//! queen not taken back). The first such event is the student's own bug ([`Wrong`]); the replay
//! takes nothing after it. Beside the board it keeps what the comparison asks to explain a
//! difference, in memory that depends on n alone: the squares the program rejected since its
//! last step, whether it writes rejects at all, and on each line of the board the queen last
//! taken off it.

use super::event::{OwnEvent, Sourced, Square};
use crate::solvers::Conflict;

/// Why a stream is wrong by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Misstep {
    /// The square is off the board (a row or a column of n or more, or a 0 under `--from 1`).
    OffBoard,
    /// A `remove` of a square that holds no queen.
    RemoveAbsent,
    /// A `place` in a row that still holds this queen: it was not taken back.
    RowTaken {
        /// The queen still in the row.
        queen: Square,
    },
}

/// The first event that makes a stream wrong by itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wrong {
    /// Its index among the place and remove events, from 1 (a reject is never wrong).
    pub index: u64,
    /// The event, as the program wrote it.
    pub event: Sourced,
    /// What is wrong with it.
    pub fault: Misstep,
}

/// The board a stream of events builds, and what the comparison asks of it.
#[derive(Clone, Debug)]
pub struct Replay {
    n: usize,
    board: Vec<Option<usize>>,
    queens: usize,
    steps: u64,
    placed: u64,
    /// `rejected[r·n + c]`: the program rejected (r, c) since its last step; `since` lists them.
    rejected: Vec<bool>,
    since: Vec<usize>,
    rejects: bool,
    /// The queen last taken off each line, and at which step: rows, columns, `\` diagonals by
    /// r − c + n − 1, `/` anti-diagonals by r + c.
    removed: [Vec<Option<(Square, u64)>>; 4],
    wrong: Option<Wrong>,
}

/// The lines of attack in the order a queen's attack on a square is named: a row first (only a
/// queen not taken back shares one), then the column and the two diagonals.
const LINES: [Conflict; 4] = [Conflict::Row, Conflict::Column, Conflict::Diagonal, Conflict::AntiDiagonal];

impl Replay {
    /// An empty `n`×`n` board.
    pub fn new(n: usize) -> Replay {
        let line = |k: usize| vec![None; k];
        Replay {
            n,
            board: vec![None; n],
            queens: 0,
            steps: 0,
            placed: 0,
            rejected: vec![false; n * n],
            since: Vec::new(),
            rejects: false,
            removed: [line(n), line(n), line(2 * n), line(2 * n)],
            wrong: None,
        }
    }

    /// The board size.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Each row's queen column, if it has one.
    pub fn board(&self) -> &[Option<usize>] {
        &self.board
    }

    /// Queens on the board.
    pub fn queens(&self) -> usize {
        self.queens
    }

    /// Place and remove events taken so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Place events taken so far: the program's nodes, its root not counted.
    pub fn placed(&self) -> u64 {
        self.placed
    }

    /// Whether the board is full: the last place completed a board.
    pub fn complete(&self) -> bool {
        self.queens == self.n
    }

    /// Whether the program has written any reject event.
    pub fn writes_rejects(&self) -> bool {
        self.rejects
    }

    /// The stream's first wrong event, once there is one.
    pub fn wrong(&self) -> Option<Wrong> {
        self.wrong
    }

    /// What is wrong with `event` on the board as it is, if anything.
    pub fn fault(&self, event: OwnEvent) -> Option<Misstep> {
        let (r, c) = event.square();
        if r >= self.n || c >= self.n {
            return match event {
                OwnEvent::Reject(..) => None,
                _ => Some(Misstep::OffBoard),
            };
        }
        match (event, self.board[r]) {
            (OwnEvent::Remove(..), queen) if queen != Some(c) => Some(Misstep::RemoveAbsent),
            (OwnEvent::Place(..), Some(col)) => Some(Misstep::RowTaken { queen: (r, col) }),
            _ => None,
        }
    }

    /// Takes one event: the board changes with a place or a remove. The first wrong one is
    /// kept and returned, and every event after it is refused with it, untaken.
    pub fn apply(&mut self, sourced: Sourced) -> Result<(), Wrong> {
        if let Some(wrong) = self.wrong {
            return Err(wrong);
        }
        let event = sourced.event;
        if let Some(fault) = self.fault(event) {
            let wrong = Wrong { index: self.steps + 1, event: sourced, fault };
            self.wrong = Some(wrong);
            return Err(wrong);
        }
        let (r, c) = event.square();
        match event {
            OwnEvent::Reject(..) if r < self.n && c < self.n => {
                self.rejects = true;
                if !std::mem::replace(&mut self.rejected[r * self.n + c], true) {
                    self.since.push(r * self.n + c);
                }
                return Ok(());
            }
            OwnEvent::Reject(..) => {
                self.rejects = true;
                return Ok(());
            }
            OwnEvent::Place(..) => {
                self.board[r] = Some(c);
                self.queens += 1;
                self.placed += 1;
            }
            OwnEvent::Remove(..) => {
                self.board[r] = None;
                self.queens -= 1;
            }
        }
        self.steps += 1;
        if let OwnEvent::Remove(..) = event {
            for line in LINES {
                let at = self.line_index(line, (r, c));
                self.removed[line as usize][at] = Some(((r, c), self.steps));
            }
        }
        for k in self.since.drain(..) {
            self.rejected[k] = false;
        }
        Ok(())
    }

    /// The index of `square`'s line of kind `line` in [`Replay::removed`]'s table.
    fn line_index(&self, line: Conflict, (r, c): Square) -> usize {
        match line {
            Conflict::Row => r,
            Conflict::Column => c,
            Conflict::Diagonal => r + self.n - 1 - c,
            Conflict::AntiDiagonal => r + c,
        }
    }

    /// A queen on the board that attacks `square`, and along which line: the first by
    /// row, column, diagonal, anti-diagonal, and the topmost on that line.
    pub fn attacker(&self, square: Square) -> Option<(Square, Conflict)> {
        LINES.into_iter().find_map(|line| {
            let on = |(r, c): Square| self.line_index(line, (r, c)) == self.line_index(line, square);
            let queens = self.board.iter().enumerate().filter_map(|(r, c)| c.map(|c| (r, c)));
            queens.filter(|&q| q != square).find(|&q| on(q)).map(|q| (q, line))
        })
    }

    /// Whether the program rejected `square` since its last place or remove.
    pub fn rejected(&self, (r, c): Square) -> bool {
        r < self.n && c < self.n && self.rejected[r * self.n + c]
    }

    /// The queen taken off most recently from one of `square`'s column and diagonals (its row
    /// only when none: a row search keeps no row flags), and that line.
    pub fn removed_on(&self, square: Square) -> Option<(Square, Conflict)> {
        let last = |lines: &[Conflict]| {
            lines
                .iter()
                .filter_map(|&line| {
                    self.removed[line as usize][self.line_index(line, square)].map(|(q, at)| (at, q, line))
                })
                .max_by_key(|&(at, _, _)| at)
                .map(|(_, q, line)| (q, line))
        };
        last(&LINES[1..]).or_else(|| last(&LINES[..1]))
    }
}
