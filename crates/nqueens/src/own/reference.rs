//! A variant's place/remove stream, pulled one step at a time.
//!
//! The variants push: `solve` calls its visitor at every queen placed and removed. A comparison
//! pulls: it wants the variant's next step when the student's next one arrives. So the variant
//! runs on a thread of its own and hands its steps over a bounded channel in chunks of
//! [`CHUNK`], at most [`AHEAD`] chunks ahead of the reader: memory is flat in n, and the search
//! is the variant's own code, not a second copy of it that could drift. Dropping the stream
//! stops the search at its next step ([`Visitor::proceed`], which reads a flag the drop sets)
//! and waits for the thread.

use super::event::OwnEvent;
use crate::solvers::{Algo, MAX_N, Visitor};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};
use std::thread::JoinHandle;

/// Steps handed over at once: a channel's cost is paid once a chunk, and a variant that is
/// dropped early (one tree of two, left at the first difference) has run this far ahead, times
/// [`AHEAD`] and one.
pub const CHUNK: usize = 512;

/// Chunks the variant may run ahead of the reader.
pub const AHEAD: usize = 1;

/// The place and remove steps of one variant's search on one board, in order.
#[derive(Debug)]
pub struct Reference {
    algo: Algo,
    chunks: Option<Receiver<Vec<OwnEvent>>>,
    chunk: std::vec::IntoIter<OwnEvent>,
    thread: Option<JoinHandle<()>>,
    /// Set when the stream is dropped: the search stops at its next step.
    stop: Arc<AtomicBool>,
}

impl Reference {
    /// The stream of `algo` on the `n`×`n` board (`n` from 1 to [`MAX_N`]); the search starts at
    /// once, on its own thread, unless the system refuses one (no processes left).
    pub fn new(algo: Algo, n: usize) -> std::io::Result<Reference> {
        assert!((1..=MAX_N).contains(&n), "board size {n} outside 1..={MAX_N}");
        let (send, chunks) = sync_channel(AHEAD);
        let stop = Arc::new(AtomicBool::new(false));
        let stopped = Arc::clone(&stop);
        let thread = std::thread::Builder::new().name(format!("{algo} n={n}")).spawn(move || {
            let mut feed = Feed { send, chunk: Vec::with_capacity(CHUNK), closed: false, stop: stopped };
            let _ = algo.solve(n, &mut feed);
            feed.flush();
        })?;
        Ok(Reference { algo, chunks: Some(chunks), chunk: Vec::new().into_iter(), thread: Some(thread), stop })
    }

    /// The variant it streams.
    pub fn algo(&self) -> Algo {
        self.algo
    }
}

impl Iterator for Reference {
    type Item = OwnEvent;

    fn next(&mut self) -> Option<OwnEvent> {
        loop {
            if let Some(step) = self.chunk.next() {
                return Some(step);
            }
            // The sender goes when the search ends: then the stream does.
            self.chunk = self.chunks.as_ref()?.recv().ok()?.into_iter();
        }
    }
}

impl Drop for Reference {
    fn drop(&mut self) {
        // The search stops at its next step, and a send it is blocked in fails.
        self.stop.store(true, Ordering::Relaxed);
        drop(self.chunks.take());
        if let Some(thread) = self.thread.take() {
            // A panic in the search is the solver's bug, which its own tests report.
            let _ = thread.join();
        }
    }
}

/// The visitor on the variant's thread: its steps, in chunks, into the channel.
struct Feed {
    send: SyncSender<Vec<OwnEvent>>,
    chunk: Vec<OwnEvent>,
    closed: bool,
    stop: Arc<AtomicBool>,
}

impl Feed {
    fn push(&mut self, step: OwnEvent) {
        self.chunk.push(step);
        if self.chunk.len() == CHUNK {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if self.chunk.is_empty() || self.closed {
            return;
        }
        let chunk = std::mem::replace(&mut self.chunk, Vec::with_capacity(CHUNK));
        self.closed = self.send.send(chunk).is_err();
    }
}

impl Visitor for Feed {
    fn solution(&mut self, _cols: &[usize]) -> ControlFlow<()> {
        self.proceed()
    }

    fn node(&mut self, row: usize, col: usize) {
        self.push(OwnEvent::Place(row, col));
    }

    fn backtrack(&mut self, row: usize, col: usize) {
        self.push(OwnEvent::Remove(row, col));
    }

    fn proceed(&mut self) -> ControlFlow<()> {
        if self.closed || self.stop.load(Ordering::Relaxed) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }
}
