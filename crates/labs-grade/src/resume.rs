//! Going on from a journal: which students keep the result it holds, and in what order the others
//! are judged.
//!
//! A student keeps their latest result ([`journal::latest`]) unless the caller names them to be
//! judged again (`--rejudge`) or their source changed since (another SHA-256). A student the
//! grader stopped while their program ran ([`journal::stops`]), other than by the user's own stop,
//! is judged first and alone, so that a stop then is that program's doing; one the grader stopped
//! for again while alone is not run a third time (unless named), and is not graded. Each of these
//! decisions is an [`Step`], in the order it is made.

use crate::class::Student;
use crate::event::{Reporter, Step};
use crate::journal::{self, Graded, Logged};

/// What a run does with a class, after its journal's `lines`.
#[derive(Debug, Default, PartialEq)]
pub struct Agenda<'c> {
    /// The results that stand, in the journal's order.
    pub graded: Vec<Graded>,
    /// Students judged first, one at a time: the grader stopped once while they ran.
    pub first: Vec<&'c Student>,
    /// The other students to judge, in the class's order.
    pub rest: Vec<&'c Student>,
    /// Students the grader stopped for twice while they ran alone: not judged, not graded.
    pub stopped_twice: Vec<&'c Student>,
}

/// The plan for `students` after the journal's `lines`, judging again whoever `rejudge` names;
/// each decision reported to `reporter` as it is made.
pub fn plan<'c>(
    students: &'c [Student],
    lines: &[Logged],
    rejudge: &[String],
    reporter: &mut dyn Reporter,
) -> Agenda<'c> {
    let mut graded = journal::latest(lines);
    graded.retain(|g| match students.iter().find(|s| s.name == g.student) {
        None => false,
        Some(s) if rejudge.contains(&s.name) => {
            reporter.report(Step::Rejudged { name: s.name.clone() });
            false
        }
        Some(s) if s.sha256 != g.sha256 => {
            reporter.report(Step::SourceChanged { name: s.name.clone() });
            false
        }
        Some(_) => true,
    });
    let stops = journal::stops(lines);
    let mut plan = Agenda { graded, ..Agenda::default() };
    for student in students.iter().filter(|s| !plan.graded.iter().any(|g| g.student == s.name)) {
        let stops =
            stops.get(&student.name).filter(|stops| stops.sha256 == student.sha256).cloned().unwrap_or_default();
        if stops.count >= 2 && stops.alone && !rejudge.contains(&student.name) {
            reporter.report(Step::StoppedTwice { name: student.name.clone() });
            plan.stopped_twice.push(student);
        } else if stops.count >= 1 {
            reporter.report(Step::StoppedOnce { name: student.name.clone() });
            plan.first.push(student);
        } else {
            plan.rest.push(student);
        }
    }
    reporter.report(Step::Resumed { kept: plan.graded.len(), todo: plan.first.len() + plan.rest.len() });
    plan
}
