//! The bottom rows in lanes: rows n − 9 to n − 4 (fewer on boards below 13) of many positions at
//! once, without a branch that goes either way.
//!
//! Low in the tree a search spends most of its time, and there each node is a handful of
//! instructions and one unpredictable branch: does this queen leave the next row a square, has
//! this row another queen. A missed branch costs as much as the rest of the node. So the search
//! does not go down to these rows itself: it hands each position entering the first of them to a
//! [`Lanes`], which gathers a batch of them and then places the queens of one row for all of them
//! in one straight loop. Each turn takes one queen off each position (the lowest of its open
//! squares), writes the position it leads to at the end of the next row and keeps the position
//! itself in the row's list of those with squares left; counters advanced by 0 or 1, not
//! branches, decide what stays. Row n − 4's queens lead to the table of [`super::last_rows`],
//! which counts the last three rows.
//!
//! Only what changes is written: a position's masks once, when the queen leading to it is placed,
//! and then, for each turn that keeps it, its index and its open squares. Each row holds at most
//! `ROOM` positions; a row is placed until the next is full, then the next, so the work goes
//! depth first through arrays of a fixed size, whose indices are masked to it rather than
//! checked (one write, whose index no mask can bound without a register, says why it is in
//! bounds instead).
//!
//! The tree is the one the search would have walked, position for position: the same queens are
//! placed (the counts of nodes agree), the same positions are dropped (no open square below, or
//! none in the last row when the case looks ahead). The edge cases' few solutions that may tie
//! with a turn of themselves are not counted here but walked one by one with their whole board,
//! as the search would have.
//!
//! It imports [`super::board`], [`super::last_rows`] and [`super::leaf`]; [`super::search`]
//! hands it positions. Read next: [`super::last_rows`].

#[cfg(target_arch = "x86_64")]
mod wide;

#[cfg(target_arch = "x86_64")]
pub use wide::{Avx2, Wide};

use super::board::{Allowance, Masks, Placed, STACK, tie_in, ties_below};
#[cfg(target_arch = "x86_64")]
use super::last_rows::Pext;
use super::last_rows::{Floor, Gather, Portable};
use super::leaf::{Leaf, walk};
use std::cell::Cell;

/// Most rows placed in lanes above the last three (six measured fastest at n = 16, against five
/// and seven).
const ROWS: usize = 6;

/// Positions gathered before a batch runs.
const BATCH: usize = 256;

/// Positions a row of the lanes holds at once: a power of two, so that an index masked to it
/// is in bounds by its shape, with no check compiled into the loops.
const ROOM: usize = 1024;

/// Masks an index to [`ROOM`].
const AT: usize = ROOM - 1;

/// The bit of a position's open squares (past any board's edge) that says a queen of the lanes'
/// rows stands where a solution may tie.
const TIED: u32 = 1 << 31;

/// Where [`Walk::at`] keeps the count that the walk replaces.
const COUNT_AT: u32 = ROOM.trailing_zeros();

const _: () = assert!(BATCH <= ROOM && ROOM.is_power_of_two() && super::MAX_N < 31);

/// A [`Gather`] the lanes run with: [`Lanes::run`] compiled for the instructions it needs.
pub trait LanesGather: Gather {
    /// Whether [`LanesGather::lanes`] runs the lanes a register at a time (`Wide`, `Avx2`), which
    /// [`Lanes::push`] must know to gather them where those read them.
    const WIDE: bool = false;

    /// [`Lanes::run`], compiled for the instructions `gather` needs.
    fn lanes<L: Leaf, const AHEAD: bool>(lanes: &mut Lanes, rules: &Allowance, leaf: &mut L, gather: Self);
}

impl LanesGather for Portable {
    #[inline(never)]
    fn lanes<L: Leaf, const AHEAD: bool>(lanes: &mut Lanes, rules: &Allowance, leaf: &mut L, gather: Self) {
        lanes.run::<L, Self, AHEAD>(rules, leaf, gather);
    }
}

#[cfg(target_arch = "x86_64")]
impl LanesGather for Pext {
    #[inline(always)]
    fn lanes<L: Leaf, const AHEAD: bool>(lanes: &mut Lanes, rules: &Allowance, leaf: &mut L, gather: Self) {
        // SAFETY: a `Pext` exists only where BMI1 and BMI2 do (`Pext::detect`).
        unsafe { pext_lanes::<L, AHEAD>(lanes, rules, leaf, gather) }
    }
}

/// [`Lanes::run`] compiled with BMI1 and BMI2.
///
/// # Safety
///
/// The processor must have BMI1 and BMI2: a [`Pext`] is the proof, made only by `Pext::detect`
/// where they are.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi1,bmi2")]
#[inline(never)]
unsafe fn pext_lanes<L: Leaf, const AHEAD: bool>(lanes: &mut Lanes, rules: &Allowance, leaf: &mut L, gather: Pext) {
    lanes.run::<L, Pext, AHEAD>(rules, leaf, gather);
}

/// A position entering one of the lanes' rows: written once, when the queen that leads to it is
/// placed, and only read after that.
#[derive(Clone, Copy, Debug)]
struct Node {
    /// Columns taken.
    col: u32,
    /// `\` diagonals.
    diag: u32,
    /// `/` diagonals.
    anti: u32,
    /// Open squares (and [`TIED`]).
    open: u32,
}

/// The positions entering one of the lanes' rows.
#[derive(Clone, Debug)]
struct Row {
    /// The positions, in the order the row above made them.
    nodes: [Node; ROOM],
    /// With ties to watch: the index of each position's parent in the row above (in the batch,
    /// for the first row); written only then.
    up: [u32; ROOM],
    /// After the row's first turn, the indices of those with squares not yet tried, in order;
    /// the first turn reads the positions themselves.
    live: [Cell<u32>; ROOM],
    /// The squares not yet tried (and [`TIED`]) of each of [`Row::live`]: what a turn rewrites.
    open: [Cell<u32>; ROOM],
    /// How many positions are in use.
    len: usize,
    /// How many of [`Row::live`] are in use.
    alive: usize,
    /// Whether the first turn is done.
    turned: bool,
}

impl Row {
    /// No positions.
    fn empty() -> Row {
        Row {
            nodes: [Node { col: 0, diag: 0, anti: 0, open: 0 }; ROOM],
            up: [0; ROOM],
            live: [const { Cell::new(0) }; ROOM],
            open: [const { Cell::new(0) }; ROOM],
            len: 0,
            alive: 0,
            turned: false,
        }
    }

    /// How many positions the next turn takes a queen off.
    fn pending(&self) -> usize {
        if self.turned { self.alive } else { self.len }
    }

    /// Forgets every position, once all that grew from them is counted.
    fn clear(&mut self) {
        (self.len, self.alive, self.turned) = (0, 0, false);
    }
}

/// A position of row n − 4 to walk, and its queen there.
#[derive(Clone, Copy, Debug)]
struct Walk {
    /// Its index in the row, and from bit [`COUNT_AT`] the solutions the table gave it.
    at: u32,
    /// The queen.
    bit: u32,
}

/// Batches of positions entering [`Lanes::first_row`], their rows placed in lanes; what they
/// found so far.
#[derive(Clone, Debug)]
pub struct Lanes {
    /// The board size.
    n: usize,
    /// How many rows the lanes place: [`Lanes::depth`].
    depth: usize,
    /// The positions entering each of the lanes' rows, in one block: a row and the next are a
    /// fixed distance apart, so that the loops address both from one register.
    rows: Box<[Row; ROWS]>,
    /// With ties to watch: the rows above the lanes of each position of the batch.
    boards: Vec<u32>,
    /// With ties to watch: the positions of row n − 4 to walk, the first [`Lanes::walks`] of them.
    walk: Box<[Walk; ROOM]>,
    /// How many of [`Lanes::walk`] are in use.
    walks: usize,
    /// The rows of [`Wide`] or [`Avx2`], once either has run.
    #[cfg(target_arch = "x86_64")]
    wide: Option<Box<wide::Rows>>,
    /// Solutions counted without a board (each stands for its class).
    pub found: u64,
    /// Positions visited.
    pub nodes: u64,
}

/// What a row's turns need beyond the rows themselves.
#[derive(Clone, Copy, Debug)]
struct Turn {
    /// The squares a queen may take in the next row.
    next_allowed: u32,
    /// Those of the last row.
    last_allowed: u32,
    /// How far the last row is from the next one.
    far: usize,
    /// This row's square of a tie, or 0.
    tie: u32,
}

impl Turn {
    /// Takes one queen off each position of `parents` left with squares a turn, while
    /// `children` has room for a turn's children; with `TIE`, one on [`Turn::tie`] marks its
    /// child [`TIED`]. Returns the positions visited.
    #[inline(always)]
    fn place<L: Leaf, const AHEAD: bool, const TIE: bool>(self, parents: &mut Row, children: &mut Row) -> u64 {
        let mut out = children.len;
        let mut visited = 0;
        if !parents.turned {
            let len = parents.len;
            if out + len > ROOM {
                return 0;
            }
            let mut keep = 0;
            for (at, node) in parents.nodes[..len].iter().enumerate() {
                // SAFETY: `out` + `len` ≤ ROOM on entering, and each position adds at most one
                // child: `out` < ROOM before each.
                let rest = unsafe { self.child::<L, AHEAD, TIE>(*node, node.open, at, children, &mut out) };
                parents.live[keep & AT].set(at as u32);
                parents.open[keep & AT].set(rest);
                keep += usize::from(rest & !TIED != 0);
            }
            (parents.alive, parents.turned) = (keep, true);
            visited += len;
        }
        let mut len = parents.alive;
        while len > 0 && out + len <= ROOM {
            let mut keep = 0;
            // Read ahead of where they are rewritten, through cells: a turn keeps a position
            // at the place of the first it has read and not kept.
            let (live, open) = (&parents.live, &parents.open);
            for (at, open_at) in live[..len].iter().zip(&open[..len]) {
                let at = at.get() as usize & AT;
                // SAFETY: as in the first turn, `out` + `len` ≤ ROOM on entering the turn.
                let rest =
                    unsafe { self.child::<L, AHEAD, TIE>(parents.nodes[at], open_at.get(), at, children, &mut out) };
                live[keep & AT].set(at as u32);
                open[keep & AT].set(rest);
                keep += usize::from(rest & !TIED != 0);
            }
            visited += len;
            len = keep;
        }
        parents.alive = len;
        children.len = out;
        visited as u64
    }

    /// Places the lowest of the squares `open` of the position at index `at` (`node`, but for
    /// its open squares), writing the child it leads to at index `out` of `children` and
    /// keeping it if it leaves the next row (and, looking ahead, the last) an open square.
    /// Returns the squares left.
    ///
    /// The one write in the lanes whose index the compiler cannot see in bounds: masking it
    /// cost a tenth of the instructions per node at n = 14, the register it holds included.
    ///
    /// # Safety
    ///
    /// `*out` < [`ROOM`].
    #[inline(always)]
    unsafe fn child<L: Leaf, const AHEAD: bool, const TIE: bool>(
        self,
        node: Node,
        open: u32,
        at: usize,
        children: &mut Row,
        out: &mut usize,
    ) -> u32 {
        let Turn { next_allowed, last_allowed, far, tie } = self;
        let bit = open & open.wrapping_neg();
        let col = node.col | bit;
        let diag = (node.diag | bit) << 1;
        let anti = (node.anti | bit) >> 1;
        let under = next_allowed & !(col | diag | anti);
        let tied = match (L::TIES, TIE) {
            (false, _) => 0,
            (true, false) => open & TIED,
            // A queen on the tie square, moved up to `TIED`.
            (true, true) => (open | (bit & tie) << (tie.leading_zeros() & 31)) & TIED,
        };
        // SAFETY: `*out` < ROOM, as the caller promises.
        unsafe {
            *children.nodes.get_unchecked_mut(*out) = Node { col, diag, anti, open: under | tied };
            if L::TIES {
                *children.up.get_unchecked_mut(*out) = at as u32;
            }
        }
        // The smaller of the two is 0 if either is.
        let stays = if AHEAD { under.min(last_allowed & !(col | diag << far | anti >> far)) } else { under };
        *out += usize::from(stays != 0);
        open ^ bit
    }
}

impl Lanes {
    /// Lanes for an `n`×`n` board.
    pub fn new(n: usize) -> Lanes {
        Lanes {
            n,
            depth: Lanes::depth(n),
            rows: std::iter::repeat_with(Row::empty).take(ROWS).collect::<Box<[Row]>>().try_into().expect("ROWS rows"),
            boards: Vec::with_capacity(BATCH * n),
            walk: Box::new([Walk { at: 0, bit: 0 }; ROOM]),
            walks: 0,
            #[cfg(target_arch = "x86_64")]
            wide: None,
            found: 0,
            nodes: 0,
        }
    }

    /// Whether these lanes are for an `n`×`n` board.
    pub fn fits(&self, n: usize) -> bool {
        self.n == n
    }

    /// How many rows the lanes place on an `n`×`n` board: six, or fewer on a board too small
    /// to leave four rows above them (those of a subproblem's prefix).
    pub fn depth(n: usize) -> usize {
        ROWS.min(n.saturating_sub(7))
    }

    /// The first row placed in lanes, on a board where they place at least three (n ≥ 10).
    pub fn first_row(n: usize) -> Option<usize> {
        let depth = Lanes::depth(n);
        (depth >= 3).then(|| n - 3 - depth)
    }

    /// [`Lanes::first_row`] of this board.
    fn top(&self) -> usize {
        self.n - 3 - self.depth
    }

    /// Adds the position entering [`Lanes::first_row`] with `m` (its open squares `open`, the
    /// queens above it `queens`); runs the batch once it is full.
    #[inline(always)]
    pub fn push<L: Leaf, G: LanesGather, const AHEAD: bool>(
        &mut self,
        m: Masks,
        open: u32,
        queens: &Placed,
        rules: &Allowance,
        leaf: &mut L,
        gather: G,
    ) {
        let top = self.top();
        #[cfg(target_arch = "x86_64")]
        if G::WIDE {
            if L::TIES {
                self.boards.extend_from_slice(&queens[..top]);
            }
            if self.wide.get_or_insert_with(wide::Rows::new).push(m, open) == wide::BATCH {
                G::lanes::<L, AHEAD>(self, rules, leaf, gather);
            }
            return;
        }
        let first = &mut self.rows[0];
        first.nodes[first.len & AT] = Node { col: m.col, diag: m.diag, anti: m.anti, open };
        first.len += 1;
        if L::TIES {
            self.boards.extend_from_slice(&queens[..top]);
        }
        if first.len == BATCH {
            G::lanes::<L, AHEAD>(self, rules, leaf, gather);
        }
    }

    /// Places every queen of the batch's rows, counts the last three rows below each, and walks
    /// the positions whose solutions may tie. [`LanesGather::lanes`] calls it, compiled for the
    /// gather's instructions.
    ///
    /// A row is placed until its positions are done or the next row has no room for another
    /// turn; then the next row is placed, down to the last, whose positions are counted (and
    /// walked) at once. So when row `k` is placed, the rows below `k + 1` are empty, and every
    /// position's masks stay in place until all that grew from it is counted.
    #[inline(always)]
    pub fn run<L: Leaf, G: Gather, const AHEAD: bool>(&mut self, rules: &Allowance, leaf: &mut L, gather: G) {
        let ties = leaf.ties();
        let last = self.depth - 1;
        let mut k = 0;
        loop {
            if k == last {
                self.leaves::<L, G>(rules, ties, gather, leaf);
                self.walk_ties(rules, leaf);
                self.rows[last].clear();
                k -= 1;
                continue;
            }
            let (pending, children) = (self.rows[k].pending(), self.rows[k + 1].len);
            if pending > 0 && children + pending <= ROOM {
                self.place::<L, AHEAD>(rules, k, ties);
            } else if children > 0 {
                k += 1;
            } else {
                self.rows[k].clear();
                if k == 0 {
                    break;
                }
                k -= 1;
            }
        }
        self.boards.clear();
    }

    /// Walks the positions of row n − 4 whose solutions may tie, each with its whole board: the
    /// rows above the lanes from the batch, and the lanes' queens from the masks they left.
    fn walk_ties<L: Leaf>(&mut self, rules: &Allowance, leaf: &mut L) {
        let (n, top, last) = (self.n, self.top(), self.depth - 1);
        for &Walk { at, bit } in &self.walk[..self.walks.min(ROOM)] {
            let mut queens = [0u32; STACK];
            queens[top + last] = bit;
            self.found -= u64::from(at >> COUNT_AT);
            let mut at = at as usize & AT;
            let node = self.rows[last].nodes[at];
            let m = Masks { col: node.col, diag: node.diag, anti: node.anti }.after(bit);
            for k in (0..last).rev() {
                let (child, up) = (&self.rows[k + 1], &self.rows[k]);
                let col = child.nodes[at & AT].col;
                at = child.up[at & AT] as usize;
                queens[top + k] = col ^ up.nodes[at & AT].col;
            }
            queens[..top].copy_from_slice(&self.boards[at * top..(at + 1) * top]);
            self.nodes += walk(rules, &mut queens, n - 3, m, leaf);
        }
        self.walks = 0;
    }

    /// Places the queens of the `k`-th row of the lanes (not the last), a turn at a time while
    /// the next row has room for every child of a turn, and lists the positions they lead to
    /// that leave the next row (and, looking ahead, the last row) an open square; `ties` are the
    /// squares whose queens let a solution tie.
    #[inline(always)]
    fn place<L: Leaf, const AHEAD: bool>(&mut self, rules: &Allowance, k: usize, ties: [(usize, u32); 3]) {
        let n = self.n;
        let row = self.top() + k;
        let turn = Turn {
            next_allowed: rules.allowed[(row + 1) & (STACK - 1)],
            last_allowed: rules.allowed[(n - 1) & (STACK - 1)],
            far: n - 2 - row,
            tie: tie_in(&ties, row),
        };
        let (upper, lower) = self.rows.split_at_mut(k + 1);
        let (parents, children) = (&mut upper[k], &mut lower[0]);
        // Most rows have no square of a tie: their loop only passes the flag on.
        self.nodes += if L::TIES && turn.tie != 0 {
            turn.place::<L, AHEAD, true>(parents, children)
        } else {
            turn.place::<L, AHEAD, false>(parents, children)
        };
    }

    /// Places the queens of row n − 4 of every position entering it and counts the last three
    /// rows below each from the table, leaving in [`Lanes::walk`] those that may tie (walked
    /// with `leaf` whenever a turn might not find room there).
    #[inline(always)]
    fn leaves<L: Leaf, G: Gather>(&mut self, rules: &Allowance, ties: [(usize, u32); 3], gather: G, leaf: &mut L) {
        let n = self.n;
        let tie = tie_in(&ties, n - 4);
        let leaves = Leaves { floor: Floor::new(rules), gather, tie, below: ties_below(&ties, n) };
        let last = self.depth - 1;
        loop {
            let pending = self.rows[last].pending();
            if pending == 0 {
                break;
            }
            if L::TIES && self.walks + pending > ROOM {
                self.walk_ties(rules, leaf);
            }
            let row = &mut self.rows[last];
            let (near, tie) = (leaves.below[0] | leaves.below[1] != 0, leaves.tie != 0);
            // What the loop reads and tests, chosen once a turn rather than once a position.
            let (found, walks) = if row.turned {
                leaves.turn::<L, true>(row, &mut self.walk, self.walks, L::TIES && near, L::TIES && tie)
            } else {
                leaves.turn::<L, false>(row, &mut self.walk, self.walks, L::TIES && near, L::TIES && tie)
            };
            // Before any of them is walked, which takes its count off again.
            self.found += found;
            self.walks = walks;
            self.nodes += pending as u64;
        }
    }
}

/// What a turn of row n − 4 needs beyond the row itself.
#[derive(Clone, Copy, Debug)]
struct Leaves<G> {
    /// The last three rows' rules.
    floor: Floor,
    /// How their squares are read.
    gather: G,
    /// Row n − 4's square of a tie, or 0.
    tie: u32,
    /// The squares of a tie in the last three rows, row by row.
    below: [u32; 3],
}

impl<G: Gather> Leaves<G> {
    /// Takes one queen off each position of `row` left with squares (`TURNED`: a turn of it is
    /// done) and counts the last three rows below it; with ties to watch, adds those that may tie
    /// to `walk` after the first `walks` (`NEAR`: a tie square may lie in rows n − 3 or n − 2).
    /// Returns the solutions counted and how many of `walk` are in use.
    #[inline(always)]
    fn turn<L: Leaf, const TURNED: bool>(
        self,
        row: &mut Row,
        walk: &mut [Walk; ROOM],
        walks: usize,
        near: bool,
        tie: bool,
    ) -> (u64, usize) {
        match (near, tie) {
            (false, false) => self.turn_with::<L, TURNED, false, false>(row, walk, walks),
            (false, true) => self.turn_with::<L, TURNED, false, true>(row, walk, walks),
            (true, false) => self.turn_with::<L, TURNED, true, false>(row, walk, walks),
            (true, true) => self.turn_with::<L, TURNED, true, true>(row, walk, walks),
        }
    }

    /// [`Leaves::turn`], `TIE` if row n − 4 has a square of a tie.
    #[inline(always)]
    fn turn_with<L: Leaf, const TURNED: bool, const NEAR: bool, const TIE: bool>(
        self,
        row: &mut Row,
        walk: &mut [Walk; ROOM],
        mut walks: usize,
    ) -> (u64, usize) {
        let Leaves { floor, gather, tie, below } = self;
        let to_tied = tie.leading_zeros() & 31;
        let pending = row.pending();
        let (mut keep, mut found) = (0, 0);
        let mut leaf = |at: usize, open: u32| {
            let node = row.nodes[at & AT];
            let bit = open & open.wrapping_neg();
            let m = Masks { col: node.col, diag: node.diag, anti: node.anti }.after(bit);
            let bottom = floor.bottom(m, gather);
            let count = bottom.count();
            if L::TIES {
                // A queen of the lanes' rows on a tie square: every square the solutions use
                // makes them walked (so none, if there are none).
                let flagged = if TIE { open | (bit & tie) << to_tied } else { open } & TIED != 0;
                let squares = if NEAR { bottom.squares(gather, below) } else { bottom.squares_last(gather, below[2]) };
                let walked = bottom.uses(squares, flagged);
                // Written whether walked or not, so that no branch goes either way.
                walk[walks & AT] = Walk { at: at as u32 | (count as u32) << COUNT_AT, bit };
                walks += usize::from(walked);
            }
            // The walked ones are taken off again when they are walked.
            found += count;
            let rest = open ^ bit;
            row.live[keep & AT].set(at as u32);
            row.open[keep & AT].set(rest);
            keep += usize::from(if L::TIES { rest & !TIED } else { rest } != 0);
        };
        if TURNED {
            for (at, open) in row.live[..pending].iter().zip(&row.open[..pending]) {
                leaf(at.get() as usize, open.get());
            }
        } else {
            for (at, node) in row.nodes[..pending].iter().enumerate() {
                leaf(at, node.open);
            }
        }
        (row.alive, row.turned) = (keep, true);
        (found, walks)
    }
}
