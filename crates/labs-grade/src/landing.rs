//! Where each student's result lands: kept in the journal the moment it is known, and sorted into
//! the graded, the not graded and the still to do.
//!
//! A result is a [`Graded`] row or a [`Mishap`]: a stop by the user (the student is to be judged
//! again by `--resume`), a stop by someone else (the journal's [`Started`](crate::journal::Started)
//! line stands, so a run that goes on from it judges the student first, alone: the stop may have
//! been their program's doing, [`crate::resume`]), or a failure of the machine's, or of anything
//! else, that is no verdict of the student's: not graded now, judged again by `--resume`, and
//! said at the end. The caller words each reason before it lands: the engine holds no sentences.
//! Each landing is reported ([`Step::Judged`], [`Step::NotGraded`]) after its line is kept.

use crate::class::Student;
use crate::event::{Reporter, Step};
use crate::journal::{Graded, Logged, Unjudged};

/// What came of judging one student.
#[derive(Clone, Debug, PartialEq)]
pub enum Landed {
    /// The judge's result: a row of the table.
    Graded(Box<Graded>),
    /// No result: why.
    Failed(Mishap),
}

/// Why a student's judging gave no result.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Mishap {
    /// The user's signal stopped the grader while the student's program ran.
    SignalByUser,
    /// A signal from elsewhere stopped the grader while the student's program ran: maybe that
    /// program's doing.
    Signal,
    /// The machine failed while judging the student, `why` in the caller's words.
    Machine {
        /// Why, worded.
        why: String,
    },
    /// The machine cannot judge the student (no compiler for their language, say), `reason` in
    /// the caller's words.
    Other {
        /// Why, worded.
        reason: String,
    },
}

/// The class's results as they land.
#[derive(Debug, Default, PartialEq)]
pub struct Landing {
    /// The students graded, in the order their results stand: the journal's, then as they land.
    pub graded: Vec<Graded>,
    /// The students neither graded nor to be judged again if the run was stopped, by name.
    pub settled: Vec<String>,
    /// The students the machine failed, with the caller's reason, in the order they land: not
    /// graded, and the run fails.
    pub failed: Vec<(String, String)>,
}

impl Landing {
    /// Lands `student`'s `landed` result: keeps its line with `append` (a result, or an
    /// [`Unjudged`] line for a student to judge again), then sorts it and reports it to
    /// `reporter`. An error of `append`'s lands nothing and is returned.
    pub fn land<E>(
        &mut self,
        student: &Student,
        landed: Landed,
        append: &mut dyn FnMut(&Logged) -> Result<(), E>,
        reporter: &mut dyn Reporter,
    ) -> Result<(), E> {
        let name = || student.name.clone();
        let unjudged = || Logged::Unjudged(Unjudged { unjudged: student.name.clone() });
        match landed {
            Landed::Graded(graded) => {
                append(&Logged::Graded(graded.clone()))?;
                let (name, score) = (graded.student.clone(), graded.score.clone());
                self.graded.push(*graded);
                reporter.report(Step::Judged { name, score, graded: self.graded.len() });
            }
            Landed::Failed(Mishap::SignalByUser) => append(&unjudged())?,
            Landed::Failed(Mishap::Signal) => {}
            Landed::Failed(Mishap::Machine { why: reason } | Mishap::Other { reason }) => {
                append(&unjudged())?;
                self.settled.push(name());
                self.failed.push((name(), reason.clone()));
                reporter.report(Step::NotGraded { name: name(), reason });
            }
        }
        Ok(())
    }
}
