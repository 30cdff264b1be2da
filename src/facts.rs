//! What is known and what is allowed: the known counts, and every command's board-size limit with
//! its reason.
//!
//! One table, so that a limit is changed in one place: the help texts, the argument parsers and
//! the error messages all read it ([`Limit::help`], [`Limit::allowed`]), and none types a number
//! again. The counts are OEIS A000170 (all solutions) and A002562 (solutions distinct up to
//! rotation and reflection), known up to n = 27; the tests and `labs verify` check the variants
//! against them, and `labs bench` refuses to time a variant that disagrees.
//!
//! This module imports nothing of the commands.

pub use nqueens::known::{A000170, A002562};

/// A range of board sizes a command accepts, and why it ends where it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limit {
    /// The smallest size.
    pub min: usize,
    /// The largest size.
    pub max: usize,
    /// Why the largest is the largest, as a clause that follows the range in a message: a
    /// catalogue key, so a Chinese message says it in Chinese ([`Limit::why`]).
    pub reason: crate::catalogue::Key,
}

impl Limit {
    /// Whether `n` is in range.
    pub fn contains(&self, n: usize) -> bool {
        (self.min..=self.max).contains(&n)
    }

    /// What a message says is allowed, in `lang`: `a whole number from 1 to 64`.
    pub fn allowed(&self, lang: crate::lang::Lang) -> String {
        crate::catalogue::say!(lang, SizesAllowed, min = self.min, max = self.max)
    }

    /// Why the largest is the largest, in `lang`.
    pub fn why(&self, lang: crate::lang::Lang) -> &'static str {
        self.reason.text(lang)
    }

    /// The help text of a board-size argument in `lang`: `Board size, from 1 to 64 (why)`, then
    /// `after`.
    pub fn help(&self, lang: crate::lang::Lang, after: &str) -> String {
        crate::catalogue::say!(lang, HelpBoardSize, min = self.min, max = self.max, why = self.why(lang), after)
    }
}

/// `labs run`, `labs trace` and `labs bench`: every variant takes the same boards, so that any
/// two can be compared. 64 because `bits` keeps a row in one 64-bit word; the message names the
/// shared limit, since `--algo naive 65` is refused for the sake of comparison, not for naive.
pub const BOARD: Limit = Limit { min: 1, max: nqueens::solvers::MAX_N, reason: crate::catalogue::Key::LimitBoard };

/// `labs count`: the count must fit in 64 bits (`nqueens_count::MAX_N` says why 28).
pub const COUNT: Limit = Limit { min: 1, max: crate::count::MAX_N, reason: crate::catalogue::Key::LimitCount };

/// `labs solve --method construct`: written a row at a time, nothing stored; 10⁸ rows are about
/// 900 MB of columns, as far as `labs check` reads back.
pub const SOLVE_BUILT: Limit = Limit { min: 1, max: 100_000_000, reason: crate::catalogue::Key::LimitSolveBuilt };

/// `labs solve --method min-conflicts`: its board takes 24 bytes a queen, 240 MB at 10⁷, and 10⁷
/// queens take seconds.
pub const SOLVE_REPAIRED: Limit = Limit { min: 1, max: 10_000_000, reason: crate::catalogue::Key::LimitSolveRepaired };

/// `labs verify`: a check needs a known count.
pub const VERIFY: Limit = Limit { min: 1, max: A000170.len() - 1, reason: crate::catalogue::Key::LimitVerify };

/// `labs verify`: the least growth per n its estimate assumes. Checking all six variants grows
/// faster than the solutions once the sizes take seconds, and a ratio measured between two short
/// sizes swings with the load, so the estimate assumes this rather than measures it; a check of
/// the fast variants alone is overestimated. The measurements: docs/internals.md, Performance.
pub const VERIFY_GROWTH: f64 = 9.0;

/// `labs judge`: the expected output is held in memory (77 MB at n = 14 in `compact`), and no
/// judge asks for more.
pub const JUDGE: Limit = Limit { min: 1, max: 14, reason: crate::catalogue::Key::LimitJudge };

/// `labs judge --format one`: no reference is held, and the checker reads the output in place,
/// under a byte a queen; the output itself (8 bytes a queen at 10⁷) is held under the cap.
pub const JUDGE_ONE: Limit = Limit { min: 1, max: 10_000_000, reason: crate::catalogue::Key::LimitJudgeOne };

/// The largest `--memory-limit`, in MiB: the machine's memory is the real limit beyond it.
pub const JUDGE_MEMORY_MAX_MIB: u64 = 64 << 10;

/// `--build-memory-limit`'s default, in MiB: g++ builds a lab's program in about 100 MiB, javac
/// and rustc in some 300; a heavy use of templates takes more.
pub const JUDGE_BUILD_MEMORY_MIB: u64 = 1024;

/// `--build-file-limit`'s default, in MiB: a lab's program builds to well under 1 MiB (rustc
/// `-O`: about 4 MiB).
pub const JUDGE_BUILD_FILE_MIB: u64 = 64;

/// `labs judge --max-processes`'s default: threads count as processes for the kernel, and a JVM
/// starts some 20 threads on two cores and about 80 on 64; a lab's program needs one.
pub const JUDGE_MAX_PROCESSES: u32 = 128;

/// `labs grade --jobs`: at most this many submissions at once; more than the cores only makes
/// every time worse, and each run's process tree is walked by its own guard.
pub const GRADE_JOBS_MAX: u64 = 64;

/// `labs grade --max-source`'s default: a source larger than this (1 MiB) is not graded and never
/// copied. A lab's solution is a few KiB; a megabyte is generated code or an attack (a sparse
/// file that reads as 1 GiB of zeros and would be copied into the build directory).
pub const GRADE_MAX_SOURCE: u64 = 1 << 20;

/// Bytes at most of a file name `labs grade` makes from a student's name (a feedback file's,
/// before its `.md`): a name made visible grows (a BEL byte is `\x07`, four), and most file
/// systems take 255 bytes, of which the file's temporary name needs some 20 more. A longer name is
/// cut on a character boundary and ends in a short hash of the whole name, so that two long names
/// that begin alike never meet.
pub const GRADE_FILE_NAME_BYTES: usize = 120;

/// `labs grade`: the most source and header files a student's folder may hold. A lab's program
/// is a few files, a course project some dozens; 20,000 empty headers took 33 s to read and
/// compare, and each is a file the compilers open.
pub const GRADE_FOLDER_FILES: usize = 200;

/// `labs grade`: the most entries (files and folders of any kind, hidden ones too) looked at in a
/// student's folder, down to [`crate::judge::project::MAX_DEPTH`]: the walk stops at the cap, so
/// a folder of a million files costs what this many do.
pub const GRADE_FOLDER_ENTRIES: usize = 5_000;

/// `labs grade`: a student's folder may hold this many times `--max-source` of sources and
/// headers, by their sizes before any is read: one 298 MB folder of files each under the cap was
/// read whole into memory (314 MB at its peak).
pub const GRADE_FOLDER_SOURCES: u64 = 8;

/// Bytes of a `labs grade` journal read at most: a class's journal is some KiB a student, so
/// 64 MiB is thousands of students; anything larger is not a journal (`/dev/zero`).
pub const GRADE_JOURNAL_BYTES: u64 = 64 << 20;

/// `labs grade --runs`' default: each variant it compares students with is timed at every test
/// size, and each student's program (and an empty program of its language) at its largest
/// accepted n, this many timed runs after one warm-up; their median is compared. Five steady a
/// median against one slow run while a class of 40 costs about 40 × 7 runs more (7 to 40 s of C
/// at n = 8, sandbox on).
pub const GRADE_RUNS: u32 = 5;

/// `labs grade --runs` at most: a hundred runs of a program that takes the 1 s AcWing allows
/// is already an instructor's afternoon per student.
pub const GRADE_RUNS_MAX: u32 = 100;

/// The smallest n at which `labs grade` puts a student's time over a variant's: below it one
/// search by any variant takes microseconds (`naive` 24 µs at n = 6) and starting a process
/// milliseconds, so the ratio would measure the start, not the search (a student accepted only at
/// n = 1 was 1,055,424 × `bits`).
pub const GRADE_RATIO_MIN_N: usize = 8;

/// Seconds one variant at one size may take in `labs grade`: `naive` stops where it would keep the
/// instructor waiting (about n = 11), and its ratio there is left blank.
pub const GRADE_BASELINE_BUDGET: f64 = 1.0;

/// The share of the time limit from which `labs grade` marks an accepted test point as
/// borderline: a run that took 0.8 s of a 1 s limit may exceed it on another run or machine
/// (the load, the CPU's clock), so the instructor is told to look again.
pub const GRADE_BORDERLINE: f64 = 0.8;

/// `labs interactive --max-size`: document 004 takes 0 to 15; the session can be widened to
/// every board the variants take.
pub const INTERACTIVE: Limit = Limit { min: 0, max: BOARD.max, reason: crate::catalogue::Key::LimitInteractive };

/// Document 004's own largest board, the session's default `--max-size`.
pub const INTERACTIVE_DEFAULT: usize = 15;

/// `labs trace --html`: the most bytes of recorded steps one page holds (half each with `--vs`):
/// a page this size opens in about a second on this project's machine and a few on an old
/// laptop, and still travels as an e-mail attachment. It holds the whole search of every variant
/// up to n = 10 (`cell` to 8), two side by side with `--vs`, and `bits` at n = 11. The
/// measurements: docs/internals.md, Performance.
pub const TRACE_PAGE_BYTES: usize = 16 << 20;

/// Why a page holds no more, as a clause for the refusal.
pub const TRACE_PAGE_WHY: crate::catalogue::Key = crate::catalogue::Key::LimitTracePage;

/// `labs trace --own`: the board sizes a student's own search is traced at. Past 12 a search
/// writes more events than a trace reads ([`TRACE_OWN_EVENTS`]: row's alone writes 1.7 million
/// place and remove lines at 12, 9 million at 13), and `cell`'s whole search, counted for the
/// comparison, takes seconds.
pub const TRACE_OWN: Limit = Limit { min: 1, max: 12, reason: crate::catalogue::Key::LimitTraceOwn };

/// `labs trace --own`: the most events (place, remove and reject lines) a trace reads. A program
/// that writes more is cut there with one line: an endless search, or a board too large to read
/// step by step.
pub const TRACE_OWN_EVENTS: u64 = 4_000_000;

/// `labs trace --own`: the most bytes of standard error kept of a run, in a file of the trace's
/// own (some 15 bytes an event). A flood past it ends the run there, as the judge's output cap does.
pub const TRACE_OWN_BYTES: u64 = 64 << 20;

/// `labs trace --own`: the run's time limit, in seconds (CPU time where the judge measures it):
/// writing an event a step makes a search several times slower than the judge's limits assume.
pub const TRACE_OWN_SECONDS: u64 = 10;

/// `labs trace --own`: the most bytes of standard output a run may write (the judge's output cap,
/// a flood past it ends the run): the trace reads its stderr, and its boards are not compared.
pub const TRACE_OWN_STDOUT: u64 = 16 << 20;

/// `labs trace --own`: the program's other lines of standard error shown at most, beside its
/// search; the rest are counted.
pub const TRACE_OWN_OTHER_LINES: usize = 20;

/// `labs trace --own`: the bytes of an other line shown at most.
pub const TRACE_OWN_LINE_BYTES: usize = 200;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_agree_with_what_is_known() {
        assert_eq!(VERIFY.max, 27);
        const { assert!(JUDGE.max <= BOARD.max && COUNT.max <= BOARD.max) };
        assert!(INTERACTIVE.contains(INTERACTIVE_DEFAULT));
        // Q(27) fits in 64 bits with room for Q(28) at the growth the table shows (≈ ×10.5).
        assert!(A000170[27].checked_mul(11).is_some());
    }

    #[test]
    fn help_and_messages_read_the_numbers() {
        assert_eq!(JUDGE.allowed(crate::lang::Lang::En), "a whole number from 1 to 14");
        assert!(
            BOARD
                .help(crate::lang::Lang::En, "Read from stdin without it.")
                .starts_with("Board size, from 1 to 64 (the board limit all six")
        );
    }
}
