//! What a report says beside a verdict, as data: why an output is wrong beyond the verdict's own
//! detail ([`super::explain`] finds most of them), and what happened to the judging as a whole.
//!
//! A note never decides anything: the verdict stands as the judge's rules gave it. Indices here
//! count from 0 (lines, boards, rows); the caller words each note in the user's language and
//! chooses how to number them.

use super::site::Site;

/// One note on a judgement or on a whole submission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// A stop cut the judging short while size `n` ran: `sizes` (from `n` on) were not judged.
    Interrupted {
        /// The size that was running.
        n: usize,
        /// The sizes left unjudged.
        sizes: Vec<usize>,
    },
    /// Size `n` ran out of time, so the larger `sizes` were not run.
    NotRunAfterTimeout {
        /// The size that timed out.
        n: usize,
        /// The sizes left unjudged.
        sizes: Vec<usize>,
    },
    /// The outputs' CRLF line ends were read as LF before comparing (on Windows).
    CrlfReadAsLf,
    /// These sources (as saved for the build) were not UTF-8 but GBK, and were built transcoded
    /// to UTF-8.
    Transcoded {
        /// The files.
        files: Vec<std::path::PathBuf>,
    },
    /// Every run wrote past the output cap.
    EveryRunFlooded,
    /// Every run printed the same `bytes` bytes, whatever n was.
    SameForEveryN {
        /// The output's length.
        bytes: usize,
    },
    /// This many processes of the run outran its end and were killed.
    Outran {
        /// How many.
        k: usize,
    },
    /// The program's executable alone takes `bytes` of address space (its static arrays), past
    /// the memory limit: it could not start ([`super::verdict::too_large_to_start`]).
    TooLargeToStart {
        /// The address space its executable takes.
        bytes: u64,
    },
    /// Nothing on stdout; this many bytes on stderr.
    OnlyStderr {
        /// Bytes written to stderr.
        bytes: u64,
    },
    /// Line `line` of the output is no row of a board (a debug line, a heading): `text` as
    /// printed, without its newline.
    NotABoardRow {
        /// Which line, from 0.
        line: usize,
        /// The line, raw.
        text: Vec<u8>,
    },
    /// Line `line` is a board row with spaces between its squares where the judge wants none:
    /// `text` as printed, `want` as the judge wants it.
    SpacedRow {
        /// Which line, from 0.
        line: usize,
        /// The line, raw.
        text: Vec<u8>,
        /// The row without its spaces.
        want: String,
    },
    /// Every board is `m`×`m` where `n`×`n` was asked for.
    WrongSize {
        /// The size printed.
        m: usize,
        /// The size asked for.
        n: usize,
    },
    /// The columns of a Luogu answer all one less than the reference's: counted from 0 where the
    /// format counts from 1.
    CountedFromZero,
    /// The right boards, in another order, which this judge accepts with `--any-order`.
    OrderAnyAccepted(Site),
    /// The right boards, in another order than the search's, which this judge wants.
    OrderOfSearch,
    /// What matching the boards as a set found, when some board is none of the reference's.
    Unmatched(super::verdict::Unmatched),
    /// The program wrote its search's steps on stderr ([`nqueens::own`]), and they first left
    /// those of `reference` (the nearest variant: the one that agreed longest) at `difference`.
    Departed {
        /// The variant.
        reference: nqueens::solvers::Algo,
        /// Where and why.
        difference: nqueens::own::Difference,
    },
    /// The program wrote its search's steps on stderr, `steps` place and remove lines, and they
    /// are `reference`'s search exactly: what is wrong is elsewhere (the printing, the time).
    SameSearch {
        /// The variant.
        reference: nqueens::solvers::Algo,
        /// Its place and remove steps.
        steps: u64,
    },
    /// The first of the reference's boards that the program did not print: its index from 0,
    /// and its rows joined by `\n`.
    FirstMissing {
        /// The board's index in the reference.
        k: usize,
        /// Its rows.
        board: String,
    },
}
