//! One board in eight: the symmetry cases, after Takahashi's classic counter.
//!
//! A rotation or reflection of a solution is a solution, so solutions come in classes of 8, 4 or
//! 2 boards. The count searches one representative per class, chosen by its queens on the four
//! edges, so that the choice can be enforced *during* the search, and weighs it by its class size:
//!
//! - **Corner**: a queen in a corner (at most one corner can hold one). Rotate it to the top-left
//!   and, of the board and its transpose, keep the one whose row-1 queen is nearer the corner than
//!   its column-1 queen. Such a class always has 8 boards. One [`Case`] per column of row 1's queen.
//! - **Edge**: no corner queen. Rotate or reflect so that the top queen is the edge queen nearest
//!   a corner, in the left half, at column `b`; the queens on column 0, column n − 1 and the last
//!   row are then no nearer their corners (rows 1 to b − 1 keep off the side columns, both side
//!   columns are taken by row n − 1 − b, the last row keeps between `b` and n − 1 − b). Only a
//!   rotation can give another board meeting these rules (a reflection's top queen would attack
//!   ours), so a solution is compared with the turns that do and kept only if none is smaller;
//!   equal to its quarter-turn means a class of 2, to its half-turn a class of 4. One case per `b`.
//!
//! Each case is a set of [`Rules`] for [`super::search`]; about one board in eight is searched, and
//! the classes (OEIS A002562) are counted on the way. Read next: [`super::shard`].

use super::Counts;
use super::search::{Leaf, Rules, STACK};
use std::cmp::Ordering;

/// A symmetry of the board as three moves applied in turn: transpose, then mirror the rows
/// (top ↔ bottom), then mirror the columns (left ↔ right). The eight combinations are the group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry(u8);

impl Symmetry {
    const TRANSPOSE: u8 = 4;
    const FLIP_ROWS: u8 = 2;
    const FLIP_COLS: u8 = 1;

    /// All eight, the identity first.
    pub const ALL: [Symmetry; 8] =
        [Symmetry(0), Symmetry(1), Symmetry(2), Symmetry(3), Symmetry(4), Symmetry(5), Symmetry(6), Symmetry(7)];
    /// The quarter-turn clockwise, (r, c) → (c, n − 1 − r).
    pub const QUARTER_TURN: Symmetry = Symmetry(Self::TRANSPOSE | Self::FLIP_COLS);
    /// The half-turn, (r, c) → (n − 1 − r, n − 1 − c).
    pub const HALF_TURN: Symmetry = Symmetry(Self::FLIP_ROWS | Self::FLIP_COLS);
    /// The quarter-turn anticlockwise, (r, c) → (n − 1 − c, r).
    pub const THREE_QUARTER_TURN: Symmetry = Symmetry(Self::TRANSPOSE | Self::FLIP_ROWS);

    /// Where the square (`row`, `col`) of an `n`×`n` board goes.
    pub fn apply(self, n: usize, row: u8, col: u8) -> (u8, u8) {
        let last = n as u8 - 1;
        let (mut r, mut c) = if self.0 & Self::TRANSPOSE != 0 { (col, row) } else { (row, col) };
        if self.0 & Self::FLIP_ROWS != 0 {
            r = last - r;
        }
        if self.0 & Self::FLIP_COLS != 0 {
            c = last - c;
        }
        (r, c)
    }

    /// How the image of the solution `cols` (`cols[row]` is that row's queen) compares with it,
    /// row by row.
    pub fn compare(self, cols: &[u8]) -> Ordering {
        let n = cols.len();
        let mut image = [0u8; STACK];
        for (r, &c) in cols.iter().enumerate() {
            let (r2, c2) = self.apply(n, r as u8, c);
            image[r2 as usize] = c2;
        }
        image[..n].cmp(cols)
    }
}

/// Whether the solution `cols` is the smallest of its images: exactly one board per class is,
/// so counting these counts the classes (how the plain search gets OEIS A002562).
pub fn is_smallest_image(cols: &[u8]) -> bool {
    Symmetry::ALL[1..].iter().all(|g| g.compare(cols) != Ordering::Less)
}

/// The columns of a whole solution from the search's rows and the last row's square.
fn columns<'a>(board: &[u32], last: u32, out: &'a mut [u8; STACK]) -> &'a [u8] {
    for (c, bit) in out.iter_mut().zip(board.iter().chain([&last])) {
        *c = bit.trailing_zeros() as u8;
    }
    &out[..=board.len()]
}

/// Which representatives a case searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Every board (the plain search).
    Plain,
    /// A queen in the top-left corner: every class has 8 boards.
    Corner,
    /// The top queen nearest a corner, at column `b`.
    Edge(usize),
}

/// One part of the count: the rules its search follows and what its solutions are worth.
#[derive(Clone, Debug)]
pub struct Case {
    /// The board size.
    pub n: usize,
    /// Which representatives it searches.
    pub kind: Kind,
    /// What the search may place.
    pub rules: Rules,
}

impl Case {
    /// The whole board, every solution once.
    pub fn plain(n: usize) -> Case {
        Case { n, kind: Kind::Plain, rules: Rules::plain(n) }
    }

    /// The cases that together stand for every class once (n ≥ 4).
    pub fn symmetric(n: usize) -> Vec<Case> {
        let full = (1u32 << n) - 1;
        let corners = (2..n - 1).map(|second| {
            let mut rules = Rules::plain(n);
            rules.allowed[0] = 1;
            rules.allowed[1] = 1 << second;
            // Column 1's queen lies below row 1's column: the transpose is the other board.
            rules.allowed[2..second].fill(full & !0b10);
            Case { n, kind: Kind::Corner, rules }
        });
        let edges = (1..n).take_while(|&b| b < n - 1 - b).map(|b| {
            let sides = 1 | 1 << (n - 1);
            let mut rules = Rules { sides_row: n - 1 - b, sides, ..Rules::plain(n) };
            rules.allowed[0] = 1 << b;
            rules.allowed[1..b].fill(full & !sides);
            rules.allowed[n - 1] = full & !((1 << b) - 1) & ((1 << (n - b)) - 1);
            Case { n, kind: Kind::Edge(b), rules }
        });
        corners.chain(edges).collect()
    }

    /// The leaf that values this case's solutions.
    pub fn leaf(&self, unique: bool) -> Value {
        Value { n: self.n, kind: self.kind, unique, counts: Counts::default() }
    }
}

/// Adds up what the solutions of one case are worth.
#[derive(Clone, Copy, Debug)]
pub struct Value {
    n: usize,
    kind: Kind,
    /// Whether the plain search should find the classes too (the symmetric cases always do).
    unique: bool,
    /// Solutions and classes so far (`nodes` unused).
    pub counts: Counts,
}

impl Value {
    /// The class size of the edge-case solution `cols` whose top queen is at `b`, or `None` if a
    /// turn of it meets the rules and is smaller. `ties` says which turns could meet them.
    fn class_size(cols: &[u8], ties: [bool; 3]) -> Option<u64> {
        let turns = [Symmetry::QUARTER_TURN, Symmetry::HALF_TURN, Symmetry::THREE_QUARTER_TURN];
        let mut fixed = 0;
        for (g, _) in turns.iter().zip(ties).filter(|(_, tie)| *tie) {
            match g.compare(cols) {
                Ordering::Less => return None,
                Ordering::Equal => fixed += 1,
                Ordering::Greater => {}
            }
        }
        // The turns fixing a solution form a group: none, the half-turn, or all three.
        Some(8 / (1 + fixed))
    }
}

impl Leaf for Value {
    #[inline(always)]
    fn reached(&mut self, board: &[u32], last: u32) {
        if last == 0 {
            return;
        }
        let n = self.n;
        let mut cols = [0u8; STACK];
        let (total, unique) = match self.kind {
            Kind::Plain if !self.unique => (1, 0),
            Kind::Plain => (1, u64::from(is_smallest_image(columns(board, last, &mut cols)))),
            Kind::Corner => (8, 1),
            Kind::Edge(b) => {
                // A turn has its top queen at `b` too only if the matching edge queen is there.
                let ties = [board[n - 1 - b] == 1, last == 1 << (n - 1 - b), board[b] == 1 << (n - 1)];
                let size = if ties.contains(&true) {
                    match Self::class_size(columns(board, last, &mut cols), ties) {
                        Some(size) => size,
                        None => return,
                    }
                } else {
                    8
                };
                (size, 1)
            }
        };
        self.counts.total += total;
        self.counts.unique += unique;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_eight_symmetries_are_distinct_and_the_turns_are_turns() {
        let images: Vec<_> = Symmetry::ALL.iter().map(|g| g.apply(5, 0, 1)).collect();
        let mut distinct = images.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 8, "{images:?}");
        assert_eq!(Symmetry::QUARTER_TURN.apply(5, 0, 1), (1, 4));
        assert_eq!(Symmetry::HALF_TURN.apply(5, 0, 1), (4, 3));
        assert_eq!(Symmetry::THREE_QUARTER_TURN.apply(5, 0, 1), (3, 0));
    }

    #[test]
    fn the_n4_solutions_are_one_class_of_two() {
        assert_eq!(Symmetry::QUARTER_TURN.compare(&[1, 3, 0, 2]), Ordering::Equal);
        assert!(is_smallest_image(&[1, 3, 0, 2]) && !is_smallest_image(&[2, 0, 3, 1]));
        assert_eq!(Value::class_size(&[1, 3, 0, 2], [true; 3]), Some(2));
    }
}
