//! What a grading does, as it does it: the engine reports each step to a [`Reporter`] the caller
//! hands in, as cargo-nextest's runner reports to its reporter, and never prints. The binary's
//! reporter turns each event into its words, in the user's language, on stderr; a test records
//! them ([`Vec<Step>`] is a reporter) and compares the sequence. A student's result is handed to
//! the caller's `land` ([`crate::jobs::each`]), which keeps it with [`crate::landing`]: that
//! reports it as it lands.

/// One step of a grading.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Step {
    /// The journal was read back (`--resume`): `kept` students keep their result, `todo` are to
    /// be judged now.
    Resumed {
        /// Students whose result in the journal stands.
        kept: usize,
        /// Students judged by this run.
        todo: usize,
    },
    /// A student the journal holds is judged again because the caller named them (`--rejudge`).
    Rejudged {
        /// The student.
        name: String,
    },
    /// A student the journal holds is judged again because their source changed since.
    SourceChanged {
        /// The student.
        name: String,
    },
    /// The grader stopped once while this student's program ran: they are judged first, alone.
    StoppedOnce {
        /// The student.
        name: String,
    },
    /// The grader stopped again while this student's program ran alone: not run a third time,
    /// and not graded (the caller may name them to judge them once more).
    StoppedTwice {
        /// The student.
        name: String,
    },
    /// A student's judging begins, on one of the workers.
    Started {
        /// The student.
        name: String,
    },
    /// A student's result landed, and is kept ([`crate::landing`]).
    Judged {
        /// The student.
        name: String,
        /// Their score, as the table shows it.
        score: String,
        /// The students graded so far, this one and the journal's included.
        graded: usize,
    },
    /// A student's judging gave no result, for a reason that is no verdict of theirs (the
    /// machine's failure, say): not graded now, and judged again by `--resume`.
    NotGraded {
        /// The student.
        name: String,
        /// Why, in the caller's words.
        reason: String,
    },
    /// Students flagged as copies of each other once the class is judged ([`crate::copies`]):
    /// a pair, or a group in place of its pairs.
    CopyFound {
        /// The students, in name order.
        students: Vec<String>,
        /// Their sources' similarity, from 0 to 1 (a group's highest between two of them).
        score: f64,
        /// The sizes at which two of them printed the same wrong output.
        same_output: Vec<usize>,
    },
    /// No more students are started: the stop handle says `signal` came.
    Stopped {
        /// The signal's number.
        signal: i32,
    },
}

/// Takes a grading's events as they happen.
pub trait Reporter {
    /// One event; the grading goes on when this returns.
    fn report(&mut self, event: Step);
}

/// A recording: every event, in order.
impl Reporter for Vec<Step> {
    fn report(&mut self, event: Step) {
        self.push(event);
    }
}

impl<R: Reporter + ?Sized> Reporter for &mut R {
    fn report(&mut self, event: Step) {
        (**self).report(event);
    }
}

/// A reporter that drops every event.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl Reporter for Quiet {
    fn report(&mut self, _: Step) {}
}
