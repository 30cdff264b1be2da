//! A student's own search, read from the events it writes, and compared with the variants'.
//!
//! The contract ([`event`]): the program writes `place R C`, `remove R C` and, if it likes,
//! `reject R C` on standard error, one a line, as its search goes. [`replay`] puts those
//! events on a board and names the first that is wrong by itself (a queen removed that is not
//! there, two in one row). [`comparison`] walks the variants' own searches beside it, step for
//! step ([`reference`](mod@reference): each variant on a thread, pulled through a bounded channel), and keeps
//! the first place/remove step where they part, with why as data ([`Why`]): a square the
//! variant refuses that the student placed, a safe square skipped, a removal not undone, a
//! check that refuses too much, a stream that ends early or late. Five variants walk one tree
//! and `cell` its own ([`SHARED`], [`TREES`]), so two searches stand for all six.
//!
//! Nothing here stores a stream: each event is taken as it comes, and memory depends on n
//! alone. There are no words either: the binary says all this (`labs trace --own`), and the
//! judge may say the first difference in one line.
//!
//! A caller feeds the lines as they come and reads the outcome as data:
//!
//! ```
//! use nqueens::own::{Comparison, Origin, Parsed, TREES, Why, parse};
//! use nqueens::solvers::{Algo, Conflict};
//!
//! // A program that forgot the `\` diagonal: (1,1) is on (0,0)'s.
//! let stderr = "place 0 0 @7\nreject 1 0\nplace 1 1 @7\nsome debugging line\n";
//! let mut comparison = Comparison::new(4, &TREES).unwrap();
//! for line in stderr.lines() {
//!     if let Parsed::Event(event) = parse(line.as_bytes(), Origin::Zero) {
//!         let _ = comparison.feed(event);
//!     }
//! }
//! let compared = comparison.finish();
//! assert_eq!((compared.reference, compared.own_nodes, compared.reference_nodes), (Algo::Row, 2, 16));
//! let difference = compared.difference.unwrap();
//! assert_eq!((difference.index, difference.own.unwrap().line), (2, Some(7)));
//! assert_eq!(difference.why, Why::Attacked { square: (1, 1), queen: (0, 0), line: Conflict::Diagonal });
//! ```
//!
//! Read [`crate::solvers`] first: the [`Visitor`](crate::solvers::Visitor) whose `node` and
//! `backtrack` are the variants' place and remove.

pub mod comparison;
pub mod event;
pub mod reference;
pub mod replay;

pub use comparison::{Compared, Comparison, Difference, SHARED, TREES, Why, placements, tree_of};
pub use event::{Origin, OwnEvent, Parsed, Sourced, Square, parse};
pub use reference::Reference;
pub use replay::{Misstep, Replay, Wrong};
