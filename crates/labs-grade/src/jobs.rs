//! Judging a list of students `jobs` at a time: a worker thread each, pulling the next student
//! from one shared counter, with a job slot of its own where the caller claimed them (a grader run
//! as root drops each worker's builds and runs to a user of its own, [`labs_judge::slot`]).
//!
//! The stop is read through the [`StopHandle`] the caller hands in (the session's), never a
//! signal's state of the process: a worker starts no student once it says stop, and the students
//! in flight finish (their runs end at once, since the judge reads the same handle). Results land
//! on the calling thread in the order they come, so that whatever takes them (the journal, the
//! progress) needs no lock of its own.

use crate::class::Student;
use crate::event::{Reporter, Step};
use labs_judge::process::StopHandle;
use labs_judge::slot::Slot;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, mpsc};

/// Why judging a list ended before every student landed.
#[derive(Debug)]
pub enum Halted<E> {
    /// What took a result refused it (the journal could not be written, say).
    Land(E),
    /// The system refused to start the first worker thread.
    NoThreads(std::io::Error),
}

/// Judges `todo`, `jobs` at a time, the k-th worker with the k-th of `slots` (if there are any):
/// `work` runs on the workers, and `land` takes each student's result on this thread in the order
/// they land; an error of `land`'s stops the judging. A stop of `stop`'s stops it too, after the
/// students in flight, and is reported once ([`Step::Stopped`]); each student's start is
/// reported as it lands ([`Step::Started`] comes before its result).
pub fn each<R: Send, E>(
    todo: &[&Student],
    (jobs, slots): (usize, &[Arc<Slot>]),
    stop: &dyn StopHandle,
    work: &(dyn Fn(&Student, Option<Arc<Slot>>) -> R + Sync),
    land: &mut dyn FnMut(&Student, R) -> Result<(), E>,
    reporter: &mut dyn Reporter,
) -> Result<(), Halted<E>> {
    let jobs = jobs.min(todo.len());
    let next = AtomicUsize::new(0);
    let (send, landed) = mpsc::channel();
    let result = std::thread::scope(|scope| -> Result<(), Halted<E>> {
        for k in 0..jobs {
            let send = send.clone();
            let next = &next;
            let slot = slots.get(k).cloned();
            // A worker the system refuses (no processes left): the others do its share, and
            // with none started the caller says why.
            let worker = std::thread::Builder::new().spawn_scoped(scope, move || {
                while stop.signal().is_none() {
                    let Some(&student) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else { break };
                    let started = send.send((student, None));
                    if started.and_then(|()| send.send((student, Some(work(student, slot.clone()))))).is_err() {
                        break;
                    }
                }
            });
            match worker {
                Ok(_) => {}
                Err(e) if k == 0 => return Err(Halted::NoThreads(e)),
                Err(_) => break,
            }
        }
        drop(send);
        for (student, landed) in landed {
            match landed {
                None => reporter.report(Step::Started { name: student.name.clone() }),
                Some(landed) => land(student, landed).map_err(Halted::Land)?,
            }
        }
        Ok(())
    });
    if let Some(signal) = stop.signal() {
        reporter.report(Step::Stopped { signal });
    }
    result
}
