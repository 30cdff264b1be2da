//! The student's steps beside the variants', as they stream, and the first where they part.
//!
//! A [`Comparison`] is fed the program's events one at a time ([`Comparison::feed`]); for each
//! place or remove it pulls the next step of every variant it compares with that still agrees
//! ([`Reference`]) and keeps the first difference of each, explained from the board both shared
//! up to it ([`Why`]). [`Comparison::finish`] names the variant that agreed longest. Nothing is
//! stored but the boards: memory is flat in n and in the length of the streams.

use super::event::{OwnEvent, Sourced, Square};
use super::reference::Reference;
use super::replay::{Misstep, Replay, Wrong};
use crate::solvers::{Algo, Conflict, Count, MAX_N, Tally};

/// The variants `naive`, `bordered`, `row`, `kruse` and `bits` walk one tree: the same place and
/// remove steps in the same order (the tests prove it up to n = 8). Only their checks differ.
pub const SHARED: [Algo; 5] = [Algo::Naive, Algo::Bordered, Algo::Row, Algo::Kruse, Algo::Bits];

/// One variant of each tree, each named for it: `row` for the shared tree, `cell` for its own
/// (every square in turn: place or skip). Comparing with these is comparing with all six.
pub const TREES: [Algo; 2] = [Algo::Row, Algo::Cell];

/// The variants that walk the same tree as `algo`, itself included, in reading order.
pub fn tree_of(algo: Algo) -> &'static [Algo] {
    if algo == Algo::Cell { &[Algo::Cell] } else { &SHARED }
}

/// Why the student's step differs from the variant's, read off the board both had.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Why {
    /// The student placed `square`, which the variant refuses: `queen` attacks it along `line`
    /// (a check that let it through).
    Attacked {
        /// The square placed.
        square: Square,
        /// A queen that attacks it.
        queen: Square,
        /// Along which line.
        line: Conflict,
    },
    /// The student's step is wrong by itself (a queen not taken back is [`Misstep::RowTaken`]).
    Wrong(Misstep),
    /// The variant places `square`, safe on the board, which the student refused while
    /// `removed`, taken off earlier (the latest such queen), attacked it along `line`: something
    /// of it was not undone. `said`: the program wrote a reject of `square` (else it writes no
    /// rejects, and this is the likely reading of a square skipped). A reading, not a proof: a
    /// check that refuses too much looks the same when a removed queen happens to lie on the
    /// square's line.
    NotRestored {
        /// The safe square refused.
        square: Square,
        /// The queen whose removal was not undone.
        removed: Square,
        /// The line it still holds.
        line: Conflict,
        /// Whether a reject of `square` says the check refused it.
        said: bool,
    },
    /// The variant places `square`, safe on the board, which the student's check rejected
    /// though no queen, on the board or taken off, is on its lines: a check that refuses too
    /// much.
    RefusedSafe {
        /// The safe square refused.
        square: Square,
    },
    /// The variant places `square`, safe on the board, which the student went past: without a
    /// reject of it though the program writes rejects (`rejects`: its loop never tried it), or
    /// with no reject at all in its stream and no removed queen on its lines.
    SkippedSafe {
        /// The safe square skipped.
        square: Square,
        /// Whether the program writes reject events.
        rejects: bool,
    },
    /// Both steps are sound on the board, in another order than the variant's: another tree.
    OtherOrder,
    /// The student's stream ended while the variant's goes on.
    EndedEarly,
    /// The variant's stream ended while the student's goes on.
    EndedLate,
}

/// The first step where the student's stream and a variant's part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    /// Its index among the place and remove events, from 1.
    pub index: u64,
    /// The student's step there (`None`: their stream had ended).
    pub own: Option<Sourced>,
    /// The variant's step there (`None`: its stream had ended).
    pub reference: Option<OwnEvent>,
    /// The board both had just before it: each row's queen column.
    pub board: Vec<Option<usize>>,
    /// Why they differ.
    pub why: Why,
}

/// What a comparison found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Compared {
    /// The variant compared with: the one that agreed longest (the first of them on a tie).
    pub reference: Algo,
    /// The student's place events, up to the first wrong one included: their nodes, the root
    /// not counted.
    pub own_nodes: u64,
    /// The variant's placements in its whole search, counted the same way.
    pub reference_nodes: u64,
    /// Steps the two streams agreed on before they parted (all of them when they did not).
    pub agreed: u64,
    /// Where they parted; `None` when the place and remove streams are identical.
    pub difference: Option<Difference>,
    /// The student's first wrong event, if the stream is wrong by itself.
    pub wrong: Option<Wrong>,
}

/// A comparison of the student's events with one or more variants, fed as they stream.
#[derive(Debug)]
pub struct Comparison {
    replay: Replay,
    locks: Vec<Lockstep>,
}

/// One variant followed step by step while it agrees.
#[derive(Debug)]
struct Lockstep {
    algo: Algo,
    /// Dropped (its search stopped) once it differs.
    reference: Option<Reference>,
    agreed: u64,
    difference: Option<Difference>,
}

impl Comparison {
    /// A comparison on the `n`×`n` board (1 to [`MAX_N`]) with each variant of `against` (none
    /// twice), whose searches start at once, each on a thread of its own: the error is the
    /// system's refusal of one. Give [`TREES`] to compare with all six.
    pub fn new(n: usize, against: &[Algo]) -> std::io::Result<Comparison> {
        assert!((1..=MAX_N).contains(&n) && !against.is_empty(), "board size {n} or no variant to compare with");
        let lock = |algo| Ok(Lockstep { algo, reference: Some(Reference::new(algo, n)?), agreed: 0, difference: None });
        let locks = against.iter().map(|&algo| lock(algo)).collect::<std::io::Result<_>>()?;
        Ok(Comparison { replay: Replay::new(n), locks })
    }

    /// The student's board as the events so far built it.
    pub fn replay(&self) -> &Replay {
        &self.replay
    }

    /// Takes the program's next event. A place or a remove is compared with the next step of
    /// every variant that agreed so far. The first wrong event is returned (and every event after
    /// it is refused, untaken): the student's own bug, which every variant parts from.
    pub fn feed(&mut self, sourced: Sourced) -> Result<(), Wrong> {
        if let Some(wrong) = self.replay.wrong() {
            return Err(wrong);
        }
        let event = sourced.event;
        if event.is_step() {
            let index = self.replay.steps() + 1;
            for lock in self.locks.iter_mut().filter(|l| l.difference.is_none()) {
                let next = lock.reference.as_mut().and_then(Iterator::next);
                if next == Some(event) {
                    lock.agreed += 1;
                } else {
                    let why = why(&self.replay, Some(event), next);
                    lock.differs(Difference {
                        index,
                        own: Some(sourced),
                        reference: next,
                        board: self.replay.board().to_vec(),
                        why,
                    });
                }
            }
        }
        self.replay.apply(sourced)
    }

    /// The student's stream has ended: each variant that still agrees and goes on parts here;
    /// then the one that agreed longest is named, with its whole search's placements.
    pub fn finish(mut self) -> Compared {
        let best = self.settle();
        let wrong = self.replay.wrong();
        let own_nodes =
            self.replay.placed() + u64::from(wrong.is_some_and(|w| matches!(w.event.event, OwnEvent::Place(..))));
        let reference_nodes = match best.difference {
            None => own_nodes,
            Some(_) => placements(best.algo, self.replay.n()),
        };
        Compared {
            reference: best.algo,
            own_nodes,
            reference_nodes,
            agreed: best.agreed,
            difference: best.difference,
            wrong,
        }
    }

    /// The student's stream has ended: the variant that agreed longest, and where the stream left
    /// it (`None`: nowhere, the same search), without [`Comparison::finish`]'s count of that
    /// variant's whole search (`cell`'s takes seconds from n = 12): what a judge says in one line.
    pub fn nearest(mut self) -> (Algo, Option<Difference>) {
        let best = self.settle();
        (best.algo, best.difference)
    }

    /// Parts every variant that still agrees and goes on here, where the student's stream ended,
    /// and takes out the one that agreed longest.
    fn settle(&mut self) -> Lockstep {
        let index = self.replay.steps() + 1;
        let board = self.replay.board().to_vec();
        for lock in self.locks.iter_mut().filter(|l| l.difference.is_none()) {
            if let Some(next) = lock.reference.as_mut().and_then(Iterator::next) {
                let why = why(&self.replay, None, Some(next));
                lock.differs(Difference { index, own: None, reference: Some(next), board: board.clone(), why });
            }
        }
        let same = self.locks.iter().position(|l| l.difference.is_none());
        let longest = (0..self.locks.len()).rev().max_by_key(|&i| self.locks[i].agreed).unwrap_or(0);
        self.locks.swap_remove(same.unwrap_or(longest))
    }
}

impl Lockstep {
    fn differs(&mut self, difference: Difference) {
        self.difference = Some(difference);
        self.reference = None;
    }
}

/// The queens `algo` places in its whole search of the `n`×`n` board: its nodes, the root not
/// counted (a whole search: `cell`'s takes seconds from n = 12).
pub fn placements(algo: Algo, n: usize) -> u64 {
    let mut tally = Tally::new(Count::default());
    let _ = algo.solve(n, &mut tally);
    tally.work.placed
}

/// Why the student's step `own` is not the variant's `reference`, on the board both had.
fn why(replay: &Replay, own: Option<OwnEvent>, reference: Option<OwnEvent>) -> Why {
    if let Some(fault) = own.and_then(|e| replay.fault(e)) {
        return Why::Wrong(fault);
    }
    match (own, reference) {
        (None, _) => Why::EndedEarly,
        (Some(_), None) => Why::EndedLate,
        (Some(OwnEvent::Place(r, c)), Some(step)) => match (replay.attacker((r, c)), step) {
            (Some((queen, line)), _) => Why::Attacked { square: (r, c), queen, line },
            // The variant places a square before this one in row-major order: the student went past it.
            (None, OwnEvent::Place(tr, tc)) if (tr, tc) < (r, c) => skipped(replay, (tr, tc)),
            (None, _) => Why::OtherOrder,
        },
        (Some(OwnEvent::Remove(..)), Some(OwnEvent::Place(tr, tc))) => skipped(replay, (tr, tc)),
        (Some(_), Some(_)) => Why::OtherOrder,
    }
}

/// Why the student went past `square`, which the variant places: safe on the board.
fn skipped(replay: &Replay, square: Square) -> Why {
    let removed = replay.removed_on(square);
    let said = replay.rejected(square);
    match (removed, said, replay.writes_rejects()) {
        (Some((removed, line)), true, _) | (Some((removed, line)), false, false) => {
            Why::NotRestored { square, removed, line, said }
        }
        (None, true, _) => Why::RefusedSafe { square },
        (_, false, rejects) => Why::SkippedSafe { square, rejects },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(algo: Algo, n: usize) -> Vec<OwnEvent> {
        Reference::new(algo, n).unwrap().collect()
    }

    fn fed(n: usize, against: &[Algo], events: &[OwnEvent]) -> Compared {
        let mut comparison = Comparison::new(n, against).unwrap();
        for &event in events {
            if comparison.feed(Sourced { event, line: None }).is_err() {
                break;
            }
        }
        comparison.finish()
    }

    #[test]
    fn five_variants_walk_one_tree_and_cell_its_own() {
        for n in 1..=8 {
            let row = steps(Algo::Row, n);
            for algo in SHARED {
                assert_eq!(steps(algo, n), row, "{algo} at n = {n}");
            }
            assert_eq!(steps(Algo::Cell, n) == row, n == 1, "cell at n = {n}");
            let placed = row.iter().filter(|e| matches!(e, OwnEvent::Place(..))).count() as u64;
            assert_eq!(placed, placements(Algo::Row, n));
        }
    }

    #[test]
    fn a_variant_s_own_stream_is_the_same_search() {
        for algo in TREES {
            let outcome = fed(6, &TREES, &steps(algo, 6));
            assert_eq!((outcome.reference, outcome.difference), (algo, None));
            assert_eq!(outcome.own_nodes, outcome.reference_nodes);
        }
        assert_eq!(fed(6, &TREES, &steps(Algo::Row, 6)).own_nodes, 152);
    }

    #[test]
    fn a_stream_cut_short_ends_early_and_one_too_long_late() {
        let mut row = steps(Algo::Row, 4);
        let last = row.pop().unwrap();
        let outcome = fed(4, &[Algo::Row], &row);
        let difference = outcome.difference.unwrap();
        assert_eq!(
            (difference.index, difference.reference, difference.why),
            (row.len() as u64 + 1, Some(last), Why::EndedEarly)
        );
        row.extend([last, OwnEvent::Place(0, 0)]);
        assert_eq!(fed(4, &[Algo::Row], &row).difference.unwrap().why, Why::EndedLate);
    }

    #[test]
    fn a_missing_diagonal_check_places_an_attacked_square() {
        // Row at n = 4 places (0,0) then (1,2); a program without the `\` check places (1,1).
        let outcome = fed(4, &[Algo::Row], &[OwnEvent::Place(0, 0), OwnEvent::Place(1, 1)]);
        let difference = outcome.difference.unwrap();
        assert_eq!(difference.index, 2);
        assert_eq!(difference.reference, Some(OwnEvent::Place(1, 2)));
        assert_eq!(difference.board, [Some(0), None, None, None]);
        assert_eq!(difference.why, Why::Attacked { square: (1, 1), queen: (0, 0), line: Conflict::Diagonal });
    }

    #[test]
    fn flags_not_restored_refuse_a_square_a_removed_queen_attacked() {
        use OwnEvent::*;
        // (1,2) removed but its anti-diagonal flag kept: (2,1) rejected under (0,0), (1,3).
        let events = [Place(0, 0), Place(1, 2), Remove(1, 2), Place(1, 3), Reject(2, 0), Reject(2, 1), Remove(1, 3)];
        let difference = fed(4, &[Algo::Row], &events).difference.unwrap();
        assert_eq!((difference.index, difference.reference), (5, Some(Place(2, 1))));
        let why = Why::NotRestored { square: (2, 1), removed: (1, 2), line: Conflict::AntiDiagonal, said: true };
        assert_eq!(difference.why, why);
    }

    #[test]
    fn a_wrong_stream_is_named_at_its_first_wrong_event() {
        use OwnEvent::*;
        let outcome = fed(4, &TREES, &[Place(0, 0), Remove(0, 1), Place(3, 3)]);
        let wrong = outcome.wrong.unwrap();
        assert_eq!((wrong.index, wrong.event.event, wrong.fault), (2, Remove(0, 1), Misstep::RemoveAbsent));
        assert_eq!(outcome.difference.unwrap().why, Why::Wrong(Misstep::RemoveAbsent));
        let outcome = fed(4, &[Algo::Row], &[Place(0, 0), Place(1, 2), Place(1, 3)]);
        assert_eq!(outcome.difference.unwrap().why, Why::Wrong(Misstep::RowTaken { queen: (1, 2) }));
        assert_eq!(outcome.own_nodes, 3);
    }

    #[test]
    fn the_tree_that_agrees_longest_is_named() {
        // Cell's stream, stopped early: it still agrees longest with cell.
        let cell = steps(Algo::Cell, 5);
        let outcome = fed(5, &TREES, &cell[..40]);
        assert_eq!((outcome.reference, outcome.agreed), (Algo::Cell, 40));
        assert_eq!(outcome.reference_nodes, placements(Algo::Cell, 5));
    }
}
