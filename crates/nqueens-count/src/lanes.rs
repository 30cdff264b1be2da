//! The bottom rows in lanes: rows n − 9 to n − 4 (fewer on boards below 13) of many positions at
//! once, without a branch that goes either way.
//!
//! Low in the tree a search spends most of its time, and there each node is a handful of
//! instructions and one unpredictable branch: does this queen leave the next row a square, has
//! this row another queen. A missed branch costs as much as the rest of the node. So the search
//! does not go down to these rows itself: it hands each position entering the first of them to a
//! [`Lanes`], which gathers a batch of them and then places the queens of one row for the whole
//! batch in one straight loop. Each turn takes one queen off a position (the lowest of its open
//! squares), writes the position it leads to at the end of the next row's list and the position
//! itself back if it has queens left; a counter advanced by 0 or 1, not a branch, decides what
//! stays. Row n − 4's queens lead to the table of [`super::last_rows`], which counts the
//! last three rows.
//!
//! The tree is the one the search would have walked, position for position: the same queens are
//! placed (the counts of nodes agree), the same positions are dropped (no open square below, or
//! none in the last row when the case looks ahead). The edge cases' few solutions that may tie
//! with a turn of themselves are not counted here but walked one by one with their whole board,
//! as the search would have.

use super::last_rows::{Bottom, Gather};
use super::search::{Leaf, Masks, Placed, Rules, STACK, tie_in, ties_below, walk};

/// Most rows placed in lanes above the last three (six measured fastest at n = 16: 645 ms on
/// one thread, against 676 ms with seven and 690 ms with five).
const ROWS: usize = 6;

/// Positions gathered before a batch runs.
const BATCH: usize = 256;

/// Bits of a tag that hold the position's index in its batch.
const ROOT_BITS: u32 = 10;

/// The bit of a tag that says a queen of the lanes' rows stands where a solution may tie.
const TIES: u64 = 1 << 63;

const _: () = assert!(BATCH <= 1 << ROOT_BITS && ROOT_BITS as usize + 5 * ROWS < 63);

/// A position entering one of the lanes' rows.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    /// Columns taken.
    col: u32,
    /// `\` diagonals.
    diag: u32,
    /// `/` diagonals.
    anti: u32,
    /// Open squares not yet tried.
    open: u32,
    /// With ties to watch: the batch index of the position it grew from, the columns of its
    /// queens in the lanes' rows (five bits each, from bit [`ROOT_BITS`]), and [`TIES`].
    tag: u64,
}

/// Batches of positions entering [`Lanes::first_row`], their rows placed in lanes; what they
/// found so far.
#[derive(Clone, Debug)]
pub struct Lanes {
    /// The board size.
    n: usize,
    /// How many rows the lanes place: [`Lanes::depth`].
    depth: usize,
    /// The positions entering each of the lanes' rows; the vectors only grow, `len` tells how
    /// many are in use.
    rows: [Vec<Node>; ROWS],
    /// How many positions of each row are in use.
    len: [usize; ROWS],
    /// With ties to watch: the rows above the lanes of each position of the batch.
    boards: Vec<u32>,
    /// With ties to watch: the tags of the positions of row n − 3 to walk.
    walk: Vec<u64>,
    /// Solutions counted without a board (each stands for its class).
    pub found: u64,
    /// Positions visited.
    pub nodes: u64,
}

impl Lanes {
    /// Lanes for an `n`×`n` board.
    pub fn new(n: usize) -> Lanes {
        Lanes {
            n,
            depth: Lanes::depth(n),
            rows: std::array::from_fn(|_| vec![Node::default(); BATCH + 1]),
            len: [0; ROWS],
            boards: Vec::with_capacity(BATCH * n),
            walk: Vec::new(),
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
    pub fn push<L: Leaf, G: Gather, const AHEAD: bool>(
        &mut self,
        m: Masks,
        open: u32,
        queens: &Placed,
        rules: &Rules,
        leaf: &mut L,
        gather: G,
    ) {
        let k = self.len[0];
        self.rows[0][k] = Node { col: m.col, diag: m.diag, anti: m.anti, open, tag: k as u64 };
        if L::TIES {
            self.boards.extend_from_slice(&queens[..self.top()]);
        }
        self.len[0] += 1;
        if self.len[0] == BATCH {
            G::lanes::<L, AHEAD>(self, rules, leaf, gather);
        }
    }

    /// Places every queen of the batch's rows, counts the last three rows below each, and walks
    /// the positions whose solutions may tie. [`Gather::lanes`] calls it, compiled for the
    /// gather's instructions.
    #[inline(always)]
    pub fn run<L: Leaf, G: Gather, const AHEAD: bool>(&mut self, rules: &Rules, leaf: &mut L, gather: G) {
        let ties = leaf.ties();
        for k in 0..self.depth - 1 {
            self.place::<L, AHEAD>(rules, k, ties);
        }
        self.leaves::<L, G>(rules, ties, gather);
        let (n, top) = (self.n, self.top());
        for &tag in &self.walk {
            let root = (tag & ((1 << ROOT_BITS) - 1)) as usize;
            let mut queens = [0u32; STACK];
            queens[..top].copy_from_slice(&self.boards[root * top..(root + 1) * top]);
            for k in 0..self.depth {
                queens[top + k] = 1 << (tag >> (ROOT_BITS as usize + 5 * k) & 31);
            }
            let m = queens[..n - 3].iter().fold(Masks::default(), |m, &bit| m.after(bit));
            self.nodes += walk(rules, &mut queens, n - 3, m, leaf);
        }
        self.walk.clear();
        self.boards.clear();
    }

    /// Places the queens of the `k`-th row of the lanes (not the last) of every position entering
    /// it, and lists the positions they lead to that leave the next row (and, looking ahead, the
    /// last row) an open square; `ties` are the squares whose queens let a solution tie.
    #[inline(always)]
    fn place<L: Leaf, const AHEAD: bool>(&mut self, rules: &Rules, k: usize, ties: [(usize, u32); 3]) {
        let n = self.n;
        let row = self.top() + k;
        let next_allowed = rules.allowed[row + 1];
        let last_allowed = rules.allowed[n - 1];
        let far = n - 2 - row;
        let shift = ROOT_BITS as usize + 5 * k;
        let tie = tie_in(&ties, row);
        let (upper, lower) = self.rows.split_at_mut(k + 1);
        let (parents, children) = (&mut upper[k], &mut lower[0]);
        let (mut len, mut out) = (self.len[k], self.len[k + 1]);
        while len > 0 {
            // Each parent leads to one child a turn: room for all of them, and one more written.
            if children.len() <= out + len {
                children.resize(2 * (out + len) + 1, Node::default());
            }
            let mut keep = 0;
            for i in 0..len {
                let node = parents[i];
                let bit = node.open & node.open.wrapping_neg();
                let rest = node.open ^ bit;
                let col = node.col | bit;
                let diag = (node.diag | bit) << 1;
                let anti = (node.anti | bit) >> 1;
                let under = next_allowed & !(col | diag | anti);
                let ahead = !AHEAD || last_allowed & !(col | diag << far | anti >> far) != 0;
                let tag = if L::TIES {
                    let flag = if bit == tie { TIES } else { 0 };
                    node.tag | u64::from(bit.trailing_zeros()) << shift | flag
                } else {
                    0
                };
                children[out] = Node { col, diag, anti, open: under, tag };
                out += usize::from((under != 0) & ahead);
                parents[keep] = Node { open: rest, ..node };
                keep += usize::from(rest != 0);
            }
            self.nodes += len as u64;
            len = keep;
        }
        self.len[k] = 0;
        self.len[k + 1] = out;
    }

    /// Places the queens of row n − 4 of every position entering it and counts the last three
    /// rows below each from the table, leaving in [`Lanes::walk`] those that may tie.
    #[inline(always)]
    fn leaves<L: Leaf, G: Gather>(&mut self, rules: &Rules, ties: [(usize, u32); 3], gather: G) {
        let n = self.n;
        let last = self.depth - 1;
        let shift = ROOT_BITS as usize + 5 * last;
        let tie = tie_in(&ties, n - 4);
        let below = ties_below(&ties, n);
        let parents = &mut self.rows[last];
        let mut len = self.len[last];
        let mut found = 0;
        while len > 0 {
            let mut keep = 0;
            for i in 0..len {
                let node = parents[i];
                let bit = node.open & node.open.wrapping_neg();
                let rest = node.open ^ bit;
                let m = Masks { col: node.col, diag: node.diag, anti: node.anti }.after(bit);
                let bottom = Bottom::new(rules, m);
                let count = bottom.count(gather);
                if L::TIES {
                    let flagged = (node.tag & TIES != 0) | (bit == tie);
                    let walked = (count != 0) & (flagged | bottom.stands_on(gather, count, below));
                    if walked {
                        self.walk.push(node.tag | u64::from(bit.trailing_zeros()) << shift);
                    }
                    found += if walked { 0 } else { count };
                } else {
                    found += count;
                }
                parents[keep] = Node { open: rest, ..node };
                keep += usize::from(rest != 0);
            }
            self.nodes += len as u64;
            len = keep;
        }
        self.len[last] = 0;
        self.found += found;
    }
}
