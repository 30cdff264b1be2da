//! Output formats: how a stream of solutions becomes bytes.
//!
//! A format is a small type implementing [`Render`]: bytes before the first board, bytes for each
//! board as it arrives, bytes after the last. It writes to whatever [`Write`] it is handed and
//! never knows whether that is a terminal, a pipe or a buffer in a test. [`Emit`] is the one
//! visitor that connects a solver to a format: it numbers the solutions, hands each to the format
//! and stops the search on the first write error (a closed pipe, say), keeping that error to
//! report.

mod pretty;

pub use pretty::Pretty;

use crate::solvers::Visitor;
use std::io::{self, Write};
use std::ops::ControlFlow;

/// Turns solutions into bytes, one board at a time.
pub trait Render {
    /// Bytes before the first solution.
    fn header(&mut self, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }

    /// Bytes for the `index`-th solution (from 1); `cols[row]` is that row's queen column.
    fn solution(&mut self, index: u64, cols: &[usize], out: &mut dyn Write) -> io::Result<()>;

    /// Bytes after the last solution: `count` were shown, and `complete` is false when the search
    /// was stopped early on purpose (`--first`).
    fn footer(&mut self, _count: u64, _complete: bool, _out: &mut dyn Write) -> io::Result<()> {
        Ok(())
    }
}

/// The formats `labs run --format` offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// Numbered boards of `Q` and `.`, then a summary line (the default).
    Pretty,
}

impl Format {
    /// A fresh renderer of this format for `n`×`n` boards, searched by `algo` (named in summaries).
    pub fn renderer(self, n: usize, algo: &'static str) -> Box<dyn Render> {
        match self {
            Format::Pretty => Box::new(Pretty { n, algo }),
        }
    }
}

/// The visitor that writes each solution through a format as the solver finds it.
pub struct Emit<'a, W: Write> {
    out: W,
    render: &'a mut dyn Render,
    count: u64,
    error: Option<io::Error>,
}

impl<'a, W: Write> Emit<'a, W> {
    /// Writes the format's header and gets ready for solutions.
    pub fn start(mut out: W, render: &'a mut dyn Render) -> io::Result<Self> {
        render.header(&mut out)?;
        Ok(Emit { out, render, count: 0, error: None })
    }

    /// Writes the footer (if no write failed) and flushes; the first write error, if any.
    pub fn finish(mut self, complete: bool) -> io::Result<u64> {
        if let Some(e) = self.error.take() {
            return Err(e);
        }
        self.render.footer(self.count, complete, &mut self.out)?;
        self.out.flush()?;
        Ok(self.count)
    }
}

impl<W: Write> Visitor for Emit<'_, W> {
    fn solution(&mut self, cols: &[usize]) -> ControlFlow<()> {
        self.count += 1;
        match self.render.solution(self.count, cols, &mut self.out) {
            Ok(()) => ControlFlow::Continue(()),
            Err(e) => {
                self.error = Some(e);
                ControlFlow::Break(())
            }
        }
    }
}

/// Renders `solutions` of an `n`×`n` board completely into a string: for tests and doc examples.
pub fn render_to_string(format: Format, n: usize, algo: &'static str, solutions: &[Vec<usize>]) -> String {
    let mut render = format.renderer(n, algo);
    let mut bytes = Vec::new();
    let mut emit = Emit::start(&mut bytes, render.as_mut()).expect("writing to a Vec cannot fail");
    for cols in solutions {
        let _ = emit.solution(cols);
    }
    emit.finish(true).expect("writing to a Vec cannot fail");
    String::from_utf8(bytes).expect("formats write UTF-8")
}
