//! One board in eight: the symmetry cases, after Takahashi's classic counter.
//!
//! Rotations and reflections group solutions into classes of 8, 4 or 2 boards. The count searches
//! one board per class, chosen by its four edge queens (each edge holds one; its distance is how
//! far it stands from the nearer corner) so that the choice holds *during* the search, and weighs
//! it by its class size:
//!
//! - **Corner** (a case per column of row 1's queen): a corner queen, turned to the top-left; of
//!   the board and its transpose, the one whose row-1 queen is nearer the corner. Classes of 8.
//! - **Edge** (a case per `b`): the edge queen *farthest* from its corner is turned to the top,
//!   at column `b` in the left half. The others are within `b` of a corner, so the side columns
//!   are closed to rows b + 1 to n − 2 − b and the last row is open on 2b squares (watched ahead).
//!   A mirror image meeting these rules would attack our top queen, so only the three turns can
//!   tie: a solution is dropped if one is smaller; equal to its quarter-turn means a class of 2,
//!   to its half-turn a class of 4, else 8.
//! - **Middle** (odd n): the top queen in the middle column; only its mirror ties, and row 1's
//!   queen tells the two apart. Classes of 8.
//!
//! Takahashi turns the *nearest* edge to the top; the farthest closes the sides in the middle
//! rows, where the search spends its time: a tenth fewer nodes, and with the look ahead a tree
//! 6.5 times smaller than the plain one (8 is the limit).
//!
//! Fixing the edge queens in advance ("constellations", as NQueensFAF and Q27 do) was measured and
//! lost here: each fixed queen repeats the tree above it once per square it may take, and its
//! pruning lands only in the last rows, which [`super::last_rows`] counts from its table anyway
//! (issue 53: 2.3 times the nodes with the side columns and the bottom row fixed, 1.2 times with
//! the side columns alone, flat in n; a case's own edges are already placed as the search reaches
//! them). Read next: [`super::shard`].

use super::Counts;
use super::board::{Allowance, Masks, Placed, STACK, tied, ties_below};
use super::lanes::Lanes;
use super::last_rows::{Bottom, Gather};
use super::leaf::{Leaf, MaskCount, WalkCount, walk};
use super::search::{SearchGather, search};
use std::cmp::Ordering;
use std::sync::atomic::AtomicBool;

/// A symmetry of the board as three moves applied in turn: transpose, then mirror the rows
/// (top ↔ bottom), then mirror the columns (left ↔ right). The eight combinations are the group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry(u8);

impl Symmetry {
    /// Swap rows and columns.
    const TRANSPOSE: u8 = 4;
    /// Mirror top and bottom.
    const FLIP_ROWS: u8 = 2;
    /// Mirror left and right.
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

/// The columns of a whole solution given as one bit per row.
fn columns<'a>(board: &[u32], out: &'a mut [u8; STACK]) -> &'a [u8] {
    for (c, bit) in out.iter_mut().zip(board) {
        *c = bit.trailing_zeros() as u8;
    }
    &out[..board.len()]
}

/// Which representatives a case searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Every board (the plain search).
    Plain,
    /// Every class it meets has 8 boards and exactly one is searched (corner and middle cases).
    Eight,
    /// The top queen, at column `b`, is the edge queen farthest from its corner.
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
    pub rules: Allowance,
}

impl Case {
    /// The whole board, every solution once.
    pub fn plain(n: usize) -> Case {
        Case { n, kind: Kind::Plain, rules: Allowance::plain(n) }
    }

    /// The cases that together stand for every class once (n ≥ 4).
    pub fn symmetric(n: usize) -> Vec<Case> {
        let full = (1u32 << n) - 1;
        let corners = (2..n - 1).map(|second| {
            let mut rules = Allowance::plain(n);
            rules.allowed[0] = 1;
            rules.allowed[1] = 1 << second;
            // Column 1's queen lies below row 1's column: the transpose is the other board.
            rules.allowed[2..second].fill(full & !0b10);
            Case { n, kind: Kind::Eight, rules }
        });
        let sides = 1 | 1 << (n - 1);
        let edges = (1..n).take_while(|&b| b < n - 1 - b).map(|b| {
            let mut rules = Allowance::plain(n);
            rules.allowed[0] = 1 << b;
            // The side queens lie within `b` rows of a corner, so not in the rows between.
            rules.allowed[b + 1..n - 1 - b].fill(full & !sides);
            let near = |d: usize| (1u32 << d) | (1 << (n - 1 - d));
            rules.allowed[n - 1] = (1..=b).fold(0, |m, d| m | near(d));
            Case { n, kind: Kind::Edge(b), rules }
        });
        // On an odd board a top queen in the middle column is as far from a corner as an edge
        // queen can be; only its mirror image ties, and row 1's queen tells the two apart.
        let middle = (n % 2 == 1).then(|| {
            let mut rules = Allowance::plain(n);
            rules.allowed[0] = 1 << (n / 2);
            rules.allowed[1] = (1 << (n / 2)) - 1;
            rules.allowed[n - 1] = full & !sides;
            Case { n, kind: Kind::Eight, rules }
        });
        corners.chain(edges).chain(middle).collect()
    }

    /// Counts this case's solutions below the queens `prefix` of its first rows; with `unique`,
    /// the plain case tests each solution for being its class's representative (the symmetric
    /// cases always count classes); `gather` reads the last rows' squares.
    pub fn solve<G: SearchGather>(
        &self,
        prefix: &[u32],
        unique: bool,
        gather: G,
        stop: &AtomicBool,
        lanes: &mut Option<Lanes>,
    ) -> Counts {
        match self.kind {
            Kind::Plain if unique => {
                let mut leaf = Smallest::default();
                let nodes = search::<_, _, false>(&self.rules, prefix, &mut leaf, gather, stop, lanes);
                Counts { nodes, ..leaf.0 }
            }
            Kind::Plain => {
                let mut leaf = WalkCount::default();
                let nodes = search::<_, _, false>(&self.rules, prefix, &mut leaf, gather, stop, lanes);
                Counts { total: leaf.0, unique: 0, nodes }
            }
            Kind::Eight => {
                let mut leaf = MaskCount::default();
                let nodes = search::<_, _, false>(&self.rules, prefix, &mut leaf, gather, stop, lanes);
                Counts { total: 8 * leaf.0, unique: leaf.0, nodes }
            }
            Kind::Edge(b) => {
                let mut leaf = Edge { n: self.n, b, counts: Counts::default() };
                // The last row allows 2b squares: looking ahead at them pays, except where they
                // are all but three or fewer (the largest b), and the check would cost more than
                // the few dead ends it finds (n = 16: 1 % less time, for 4.5 % more nodes).
                let nodes = if self.n - 2 * b > 3 {
                    search::<_, _, true>(&self.rules, prefix, &mut leaf, gather, stop, lanes)
                } else {
                    search::<_, _, false>(&self.rules, prefix, &mut leaf, gather, stop, lanes)
                };
                Counts { nodes, ..leaf.counts }
            }
        }
    }
}

/// Counts every solution, and the classes by their smallest image (the plain search's classes).
#[derive(Clone, Copy, Debug, Default)]
struct Smallest(Counts);

impl Leaf for Smallest {
    fn found(&mut self, board: &[u32]) {
        let mut cols = [0u8; STACK];
        self.0.total += 1;
        self.0.unique += u64::from(is_smallest_image(columns(board, &mut cols)));
    }
}

/// Weighs each solution of the edge case with its top queen at `b` by its class size, and skips
/// it if a turn of it meets the rules and is smaller.
#[derive(Clone, Copy, Debug)]
struct Edge {
    /// The board size.
    n: usize,
    /// The top queen's column.
    b: usize,
    /// Solutions (weighted) and classes so far.
    counts: Counts,
}

/// The class size of the edge-case solution `cols`, or `None` if one of the turns that `ties`
/// marks as meeting the rules too is smaller.
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

impl Leaf for Edge {
    const LANES: bool = true;
    const TIES: bool = true;

    fn counted(&mut self, found: u64) {
        self.counts.total += 8 * found;
        self.counts.unique += found;
    }

    /// Row b's queen on the right edge, row n − 1 − b's on the left one, the bottom one at column
    /// n − 1 − b: where a turn's top queen stands at column b too.
    fn ties(&self) -> [(usize, u32); 3] {
        let (n, b) = (self.n, self.b);
        [(b, 1 << (n - 1)), (n - 1 - b, 1), (n - 1, 1 << (n - 1 - b))]
    }

    fn found(&mut self, board: &[u32]) {
        let (n, b) = (self.n, self.b);
        // A turn has its top queen at `b` too only if the matching edge queen is there.
        let ties = [board[n - 1 - b] == 1, board[n - 1] == 1 << (n - 1 - b), board[b] == 1 << (n - 1)];
        let size = if ties.contains(&true) {
            let mut cols = [0u8; STACK];
            class_size(columns(board, &mut cols), ties)
        } else {
            Some(8)
        };
        if let Some(size) = size {
            self.counts.total += size;
            self.counts.unique += 1;
        }
    }

    /// Counts the last three rows from the masks, and walks them only where a solution might tie
    /// with a turn of it ([`Leaf::ties`]): where a queen above stands on a square of a tie, or
    /// where the count changes once those squares of the last rows are closed. Why it pays: most
    /// solutions tie with nothing, and these are counted without a board written down.
    #[inline(always)]
    fn tail<G: Gather>(&mut self, rules: &Allowance, queens: &mut Placed, m: Masks, gather: G) -> u64 {
        let n = self.n;
        let bottom = Bottom::new(rules, m, gather);
        let found = bottom.count();
        let ties = self.ties();
        if found == 0 || !(tied(queens, &ties, n - 3) || bottom.stands_on(gather, ties_below(&ties, n))) {
            self.counted(found);
            return 0;
        }
        walk(rules, queens, n - 3, m, self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::last_rows::Portable;
    use crate::leaf::Scalar;

    /// Counts and nodes of one case's whole search under `leaf`, looking ahead or not, reading
    /// the last rows with `gather`.
    fn whole<L: Leaf, G: SearchGather>(case: &Case, leaf: &mut L, ahead: bool, gather: G) -> u64 {
        let stop = AtomicBool::new(false);
        if ahead {
            search::<_, _, true>(&case.rules, &[], leaf, gather, &stop, &mut None)
        } else {
            search::<_, _, false>(&case.rules, &[], leaf, gather, &stop, &mut None)
        }
    }

    /// Every case's counts and nodes with the lanes of `gather`, against the search alone.
    fn lanes_match_the_search<G: SearchGather>(gather: G, name: &str) {
        // Boards with three to six rows in lanes, and every edge case's turns that may tie: row
        // b's queen, row n − 1 − b's and the bottom one, above the lanes, in them or below.
        for n in 10..=14 {
            for case in Case::symmetric(n) {
                for ahead in [false, true] {
                    let (lanes, alone) = match case.kind {
                        Kind::Edge(b) => {
                            let edge = Edge { n, b, counts: Counts::default() };
                            let (mut lanes, mut alone) = (edge, Scalar(edge));
                            let nodes =
                                (whole(&case, &mut lanes, ahead, gather), whole(&case, &mut alone, ahead, Portable));
                            ((lanes.counts, nodes.0), (alone.0.counts, nodes.1))
                        }
                        _ => {
                            let (mut lanes, mut alone) = (MaskCount::default(), Scalar(MaskCount::default()));
                            let nodes =
                                (whole(&case, &mut lanes, ahead, gather), whole(&case, &mut alone, ahead, Portable));
                            let found = |total| Counts { total, ..Counts::default() };
                            ((found(lanes.0), nodes.0), (found(alone.0.0), nodes.1))
                        }
                    };
                    assert_eq!(lanes, alone, "{name}: n = {n}, {:?}, looking ahead: {ahead}", case.kind);
                }
            }
        }
    }

    #[test]
    fn every_case_finds_and_visits_the_same_with_the_lanes_as_without() {
        lanes_match_the_search(Portable, "portable");
        #[cfg(target_arch = "x86_64")]
        if let Some(pext) = crate::last_rows::Pext::detect() {
            lanes_match_the_search(pext, "pext");
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(avx2) = crate::lanes::Avx2::detect() {
            lanes_match_the_search(avx2, "avx2");
        }
        #[cfg(target_arch = "x86_64")]
        if let Some(wide) = crate::lanes::Wide::detect() {
            lanes_match_the_search(wide, "wide");
        }
    }

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
        assert_eq!(class_size(&[1, 3, 0, 2], [true; 3]), Some(2));
    }
}
