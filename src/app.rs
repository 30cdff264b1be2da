//! One small function per subcommand: checked arguments in, bytes out.
//!
//! [`dispatch`] matches on the plan the flags became (`crate::flags::plan`): the judge's rules,
//! session and submission, a grading, a bench setup, checked; or a command's own arguments, which
//! its function here turns into the library's types (a board size within its limit, a
//! [`format::Request`]). Each calls the library and writes what comes back. Nothing here is a second home for anything:
//! sizes and input are [`crate::input`]'s, limits [`crate::facts`]', units [`crate::units`]',
//! colour and progress [`crate::term`]'s.

use crate::catalogue::{Key, say};
use crate::count::{self, Counts, Job, Mode, shard};
use crate::error::Error;
use crate::estimate;
use crate::facts::{BOARD, COUNT};
use crate::flags::plan::{Judging, Plan, Streaming};
use crate::flags::{CheckArgs, CountArgs, LabArgs, SolveArgs, TraceArgs, Traced, VerifyArgs};
use crate::format::{self, CountOnly, Format};
use crate::input::{self, board_size};
use crate::lang::Lang;
use crate::solvers::{Algo, Count, Tally};
use crate::units::{counted_in, duration, roughly_in};
use crate::watch::Watch;
use crate::{bench, grade, interactive, judge, judging, sheets, term, trace, verify};
use comfy_table::{Cell, CellAlignment, Table, presets};
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Runs one planned command, writing its normal output to `out`.
pub fn dispatch(plan: Plan, lang: Lang, out: &mut dyn Write) -> Result<(), Error> {
    match plan {
        Plan::Run(streaming) => run(&streaming, lang, out),
        Plan::List => list(lang, out),
        Plan::Interactive(args) => interactive::session(args.algo, args.max_size, lang, &mut io::stdin().lock(), out),
        Plan::Judge(judging) => judge(&judging, lang, out),
        Plan::Grade(grading) => grade(&grading, out),
        Plan::Trace(args) => trace(&args, lang, out),
        Plan::Verify(args) => verify(&args, lang, out),
        Plan::Lab(args) => lab(&args, lang, out),
        Plan::Bench(setup) => bench::run(&setup, lang, out),
        Plan::Count(args) => count(&args, lang, out),
        Plan::Solve(args) => solve(&args, lang, out),
        Plan::Check(args) => check(&args, lang, out),
        Plan::Completions(completions) => {
            completions.write(out);
            Ok(())
        }
        Plan::Doctor => Ok(write!(out, "{}", crate::doctor::Checkup::here(lang).doctor(lang))?),
        Plan::Man(manual) => Ok(manual.write(out)?),
    }
}

/// `labs run`: stream the solutions of one variant through the chosen format, in `lang`'s words
/// where the format is ours (`pretty`, `--stats`).
pub fn run(streaming: &Streaming, lang: Lang, out: &mut dyn Write) -> Result<(), Error> {
    let Streaming { request, format: drawn_in, count } = *streaming;
    let (algo, n) = (request.algo, request.n);
    let name = algo.name();
    // A whole search of a large board can take days: say so first, and what to use instead.
    if request.first.is_none() && n >= RUN_ESTIMATED_FROM {
        let search = |m| {
            let _ = algo.solve(m, &mut Count::default());
            Ok::<(), std::convert::Infallible>(())
        };
        let Ok(guess) = estimate::sampled(n, 4, 1, search);
        if guess.total > estimate::WORTH_SAYING {
            let mut line = say!(
                lang,
                RunEstimate,
                name,
                n,
                time = roughly_in(guess.total, lang),
                m = guess.sample_n,
                took = duration(guess.sample),
                growth = format!("{:.1}", estimate::growth(n))
            );
            if COUNT.contains(n) {
                let space = if lang == Lang::Zh { "" } else { " " };
                line = format!("{line}{space}{}", say!(lang, RunUseCount, n));
            }
            let _ = write!(io::stderr(), "{}", crate::width::wrap(&line, crate::width::stderr(), "  "));
        }
    }
    let mut render: Box<dyn format::Render> = match (count, drawn_in) {
        (true, _) => Box::new(CountOnly),
        (false, Format::Pretty) => Box::new(format::pretty::Pretty::with_words(n, name, pretty_words(lang))),
        (false, format) => format.renderer(n, name),
    };
    let started = Instant::now();
    // A count prints one line at its end; boards show the run moving.
    let what = match request.first {
        Some(k) if !count => say!(lang, RunSpinnerFirst, name, n, k),
        _ => say!(lang, RunSpinner, name, n),
    };
    let streamed = with_progress(what, count, lang, out, |w| format::stream(&request, render.as_mut(), w))?;
    out.flush()?;
    if let Some(work) = streamed.work {
        let stopped = if streamed.complete { "" } else { Key::RunStoppedEarly.text(lang) };
        let line = say!(
            lang,
            RunStats,
            name,
            n,
            solutions = counted_in(lang, streamed.solutions, Key::CountSolutionOne, Key::CountSolutionOther),
            stopped,
            nodes = counted_in(lang, work.nodes(), Key::CountNodeOne, Key::CountNodeOther),
            probes = counted_in(lang, work.probes, Key::CountProbeOne, Key::CountProbeOther),
            time = duration(started.elapsed())
        );
        let _ = writeln!(io::stderr(), "{line}");
    }
    Ok(())
}

/// The words of the `pretty` format in `lang`: the line above each board and the last line.
fn pretty_words(lang: Lang) -> format::pretty::Words {
    Box::new(move |said| match said {
        format::pretty::Said::Heading { index } => say!(lang, RunSolution, index),
        format::pretty::Said::Summary { count, n, algo, complete } => {
            let key = match (count, complete) {
                (0, _) => Key::RunNoSolutions,
                (1, true) => Key::RunSolutionsOne,
                (_, true) => Key::RunSolutions,
                (1, false) => Key::RunFirstOne,
                (_, false) => Key::RunFirst,
            };
            key.fill(lang, &[("count", &count), ("n", &n), ("algo", &algo)])
        }
    })
}

/// The smallest board `labs run` estimates before a whole search: below it, even `cell`, the
/// slowest variant, takes seconds (13.7 s at n = 11 in a release build, load 10).
const RUN_ESTIMATED_FROM: usize = 11;

/// `labs list`: the variants side by side, with their work at n = 8 measured now, in `lang`.
pub fn list(lang: Lang, out: &mut dyn Write) -> Result<(), Error> {
    let heads = [Key::ListAlgo, Key::ListDocument, Key::ListStructure, Key::ListCheck, Key::ListNodes, Key::ListProbes];
    let headers = heads.map(|k| k.text(lang));
    let rows: Vec<_> = Algo::ALL
        .into_iter()
        .map(|algo| {
            let mut tally = Tally::new(Count::default());
            let _ = algo.solve(8, &mut tally);
            let (structure, check) = listed(algo).text(lang).split_once('|').unwrap_or_default();
            let document = if algo == Algo::Bits { Key::ListOurs.text(lang) } else { algo.document() };
            (algo.name(), document, structure, check, tally.work)
        })
        .collect();
    // Text columns wrap first; then the document, the probes and the nodes go, in that order.
    let width = crate::width::stdout();
    let (table, hidden) = crate::width::fit(width, &[1, 5, 4], |breaks| {
        let mut table = Table::new();
        table
            .load_style(presets::UTF8_FULL_CONDENSED)
            .set_header(headers.iter().enumerate().map(|(i, h)| breaks.cell(i, h)));
        for (name, document, structure, check, work) in &rows {
            table.add_row([
                breaks.cell(0, name),
                breaks.cell(1, document),
                breaks.cell(2, structure),
                breaks.cell(3, check),
                Cell::new(work.nodes()).set_alignment(CellAlignment::Right),
                Cell::new(work.probes).set_alignment(CellAlignment::Right),
            ]);
        }
        table
    });
    let hidden: Vec<String> = hidden.into_iter().map(|i| headers[i].to_string()).collect();
    writeln!(out, "{table}")?;
    let notes = [Key::ListSame.text(lang), Key::ListSheets.text(lang)];
    for line in crate::width::hidden_note_in(width, &hidden, lang).iter().map(String::as_str).chain(notes) {
        write!(out, "{}", crate::width::wrap(line, width, "  "))?;
    }
    Ok(())
}

/// A variant's data structure and what one check reads, as `labs list` shows them: the
/// catalogue's text holds both, split at `|`.
fn listed(algo: Algo) -> Key {
    match algo {
        Algo::Naive => Key::ListNaive,
        Algo::Bordered => Key::ListBordered,
        Algo::Cell => Key::ListCell,
        Algo::Row => Key::ListRow,
        Algo::Kruse => Key::ListKruse,
        Algo::Bits => Key::ListBits,
    }
}

/// `labs judge`: build the student's program if need be, run it for each n, report the verdicts.
pub fn judge(plan: &Judging, lang: Lang, out: &mut dyn Write) -> Result<(), Error> {
    let Judging { session, rules, submission } = plan;
    judging::sandbox_note(session, lang);
    crate::interrupt::watch()?;
    let bar = term::bar("{spinner} {msg}, {elapsed}", Some(rules.sizes.len() as u64), term::Show::Later)
        .with_message("labs judge");
    let judged = judge::judge(session, rules, submission, |j| {
        bar.set_message(say!(lang, JudgeProgress, n = j.n));
        bar.inc(1);
    });
    bar.finish_and_clear();
    let judged = judged.map_err(|e| judging::error(e, lang))?;
    out.write_all(judging::report::render(&judged, lang, term::color(), crate::width::stdout()).as_bytes())?;
    // A signal that came after the last run still ends `labs` as that signal says.
    if let Some(signal) = crate::interrupt::received() {
        return Err(Error::Signal(signal));
    }
    let (k, m) = (judged.cases.iter().filter(|c| !c.verdict.accepted()).count(), judged.cases.len());
    match (&judged.compile_error, k) {
        (Some(_), _) => Err(Error::Failed(say!(lang, DidNotCompile))),
        (None, 0) => Ok(()),
        (None, _) => Err(Error::Failed(say!(lang, PointsNotAccepted, k, m))),
    }
}

/// `labs grade`: judge each student of the class found, report them beside the variants. The
/// plan listened for Ctrl-C before it copied the class ([`crate::flags::plan::plan`]).
pub fn grade(grading: &grade::Grading, out: &mut dyn Write) -> Result<(), Error> {
    judging::sandbox_note(&grading.session, grading.lang);
    grade::run(grading, out)
}

/// `labs trace`: one variant's search, step by step; `--animate` only on a terminal that can
/// redraw in place (elsewhere it draws the boards one after another, as `--boards`).
pub fn trace(args: &TraceArgs, lang: Lang, out: &mut dyn Write) -> Result<(), Error> {
    if args.delay.is_some() && !args.animate {
        return Err(Error::Usage(say!(lang, TraceDelayAlone)));
    }
    if args.html.is_none() && args.own.is_none() && args.vs.is_some() {
        return Err(Error::Usage(say!(lang, TraceVsAlone)));
    }
    let options = |animate: Option<Duration>| trace::Options {
        max_steps: args.max_steps,
        tree: args.tree,
        summary: args.summary,
        boards: args.boards || args.animate,
        animate,
        json: args.json,
        lang,
    };
    if args.own.is_some() || !args.command.is_empty() {
        return trace_own(args, options(None), out);
    }
    let algo = match args.algo {
        Traced::Search(_) if args.seed.is_some() => return Err(Error::Usage(say!(lang, TraceSeedAlone))),
        Traced::Search(algo) => algo,
        Traced::MinConflicts => return trace_local(args, lang, out),
    };
    let n = board_size(args.n.as_deref(), &BOARD, lang)?;
    if let Some(file) = &args.html {
        let scope = trace::page::Scope { algo, vs: args.vs, n, max_steps: args.max_steps, lang };
        let page = trace::page::page(&scope)?;
        std::fs::write(file, &page.html)
            .map_err(|e| Error::Failed(say!(lang, TraceCannotWrite, file, error = crate::error::io_words(&e, lang))))?;
        writeln!(out, "{}", trace::page::wrote(file, &scope, &page))?;
        return Ok(());
    }
    let animate = args.animate && term::redraws();
    let options = options(animate.then(|| Duration::from_millis(args.delay.unwrap_or(300))));
    // A summary prints only at its end; every other trace shows the search moving.
    with_progress(say!(lang, TraceSpinner, name = algo.name(), n), args.summary, lang, out, |w| {
        trace::trace(algo, n, &options, w)
    })
}

/// `labs trace --algo min-conflicts`: the repairs of local search ([`trace::local`]), as lines or
/// as a page.
fn trace_local(args: &TraceArgs, lang: Lang, out: &mut dyn Write) -> Result<(), Error> {
    let tree = [(args.tree, "--tree"), (args.animate, "--animate"), (args.vs.is_some(), "--vs")];
    if let Some((_, flag)) = tree.iter().find(|(given, _)| *given) {
        return Err(Error::Usage(say!(lang, TraceLocalNot, flag)));
    }
    let n = board_size(args.n.as_deref(), &BOARD, lang)?;
    let shown = trace::local::Showing {
        seed: args.seed.unwrap_or(1),
        max_steps: args.max_steps,
        summary: args.summary,
        boards: args.boards,
        json: args.json,
        lang,
    };
    let none = || Error::Failed(say!(lang, SolveNone, n, why = Key::SolveNoneAtAll.text(lang)));
    if let Some(file) = &args.html {
        let page = trace::local_page::page(n, shown).map_err(|_| none())?;
        std::fs::write(file, &page.html)
            .map_err(|e| Error::Failed(say!(lang, TraceCannotWrite, file, error = crate::error::io_words(&e, lang))))?;
        let steps = crate::units::counted_in(lang, page.steps, Key::PageStepsOne, Key::PageStepsOther);
        let size = crate::units::bytes_in(page.html.len() as u64, lang);
        writeln!(out, "{}", say!(lang, HtmlWrote, file, names = "min-conflicts", n, steps, size))?;
        return Ok(());
    }
    trace::local::trace(n, shown, out)?.map_err(|_| none())
}

/// `labs trace --own`: the student's program (`--own FILE`, or `--own` and the program after
/// `--`, where `--own N -- CMD` gives the board size too), traced and compared.
fn trace_own(args: &TraceArgs, options: trace::Options, out: &mut dyn Write) -> Result<(), Error> {
    let lang = options.lang;
    let (program, n) = match (&args.own, args.command.is_empty()) {
        (Some(Some(file)), true) => (vec![file.clone()], args.n.clone()),
        (Some(None), false) => (args.command.clone(), args.n.clone()),
        (Some(Some(n)), false) if args.n.is_none() => (args.command.clone(), Some(n.to_string_lossy().into_owned())),
        (Some(Some(_)), false) => return Err(Error::Usage(say!(lang, TraceOwnBoth))),
        (_, _) => return Err(Error::Usage(say!(lang, TraceOwnWhat))),
    };
    let n = board_size(n.as_deref(), &crate::facts::TRACE_OWN, lang)?;
    let origin = if args.from == Some(1) { nqueens::own::Origin::One } else { nqueens::own::Origin::Zero };
    let judging = crate::flags::plan::own_program(&program, lang)?;
    let ask = trace::own::Theirs { program, judging, n, origin, vs: args.vs, options, html: args.html.clone() };
    trace::own::trace(&ask, out)
}

/// Runs `work` on `out` with a spinner on stderr (shown after a second, on a terminal) while it
/// runs, until its output on a terminal shows it moving: a search that finds its first solution
/// late (`run --first 1 30`) is seen working until then. Output that comes only at the end
/// (`at_end`) is held until the spinner has left the screen, so the two never share a line.
/// Ctrl-C ends the work with [`Key::Interrupted`] on stderr, the spinner cleared first.
fn with_progress<T>(
    what: String,
    at_end: bool,
    lang: Lang,
    out: &mut dyn Write,
    work: impl FnOnce(&mut dyn Write) -> io::Result<T>,
) -> Result<T, Error> {
    let spinner = term::spinner(what);
    let shown = spinner.clone();
    // Without it (no signal handlers here), Ctrl-C still ends the work, unsaid.
    let _ = crate::interrupt::end_on_first(move |signal| {
        shown.finish_and_clear();
        let error = if signal == 2 { Error::Interrupted } else { Error::Signal(signal) };
        let _ = writeln!(io::stderr(), "labs: {}", error.message(lang));
    });
    let mut held = Vec::new();
    let done = if at_end {
        work(&mut held)
    } else if io::stdout().is_terminal() {
        work(&mut Until { out, bar: Some(&spinner) })
    } else {
        work(out)
    };
    spinner.finish_and_clear();
    let done = done?;
    out.write_all(&held)?;
    Ok(done)
}

/// A writer that takes `bar` off the screen before its first bytes: output on a terminal shows the
/// work moving, and must not share a line with a spinner.
struct Until<'a> {
    out: &'a mut dyn Write,
    bar: Option<&'a indicatif::ProgressBar>,
}

impl Write for Until<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
        self.out.write(bytes)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// `labs solve`: one solution, by the method asked ([`crate::solve`]).
pub fn solve(args: &SolveArgs, lang: Lang, out: &mut dyn Write) -> Result<(), Error> {
    let ask = crate::solve::Ask {
        method: args.method,
        given: &args.given,
        seed: args.seed,
        shape: args.format,
        pretty: pretty_words(lang),
        stats: args.stats,
        n: args.n.as_deref(),
    };
    // A long run (min-conflicts at 10⁷, a completion that must search the whole space) shows a
    // spinner on a terminal until the solution is written; an error that is no write's is kept
    // for after the spinner has gone.
    let method = ask.method().map_err(|e| e.said(lang))?;
    let what = say!(lang, SolveSpinner, method = method.name(), n = args.n.as_deref().unwrap_or_default());
    let mut failed = None;
    with_progress(what, false, lang, out, |w| match crate::solve::run(ask, lang, w) {
        Err(Error::Io(e)) => Err(e),
        Err(other) => {
            failed = Some(other);
            Ok(())
        }
        Ok(()) => Ok(()),
    })?;
    failed.map_or(Ok(()), Err)
}

/// `labs check`: a solution read from a file or stdin, checked ([`crate::checker`]).
pub fn check(args: &CheckArgs, lang: Lang, out: &mut dyn Write) -> Result<(), Error> {
    crate::checker::run(args.file.as_deref(), lang, out)
}

/// `labs verify`: the toolkit's own variants, checked by [`verify::check`].
pub fn verify(args: &VerifyArgs, lang: Lang, out: &mut dyn Write) -> Result<(), Error> {
    let mut algos = if args.algo.is_empty() { Algo::ALL.to_vec() } else { args.algo.clone() };
    algos.sort();
    algos.dedup();
    let candidates: Vec<_> = algos.into_iter().map(verify::Candidate::of).collect();
    // Nothing to stop but the search itself: a second Ctrl-C ends the process at once.
    let _ = crate::interrupt::watch().and_then(|()| crate::interrupt::exit_on_second());
    let budget = Duration::from_secs_f64(args.budget);
    verify::check(&candidates, args.max, budget, crate::interrupt::heard(), lang, out)
}

/// `labs lab`: one sheet, or the list of sheets when no name is given, in the language chosen:
/// the Markdown into a pipe or a file, rendered (and paged when long) on a terminal.
pub fn lab(args: &LabArgs, lang: Lang, out: &mut dyn Write) -> Result<(), Error> {
    match args.name {
        None => {
            writeln!(out, "{}", say!(lang, SheetList))?;
            for sheet in sheets::SHEETS {
                writeln!(out, "  {:<9} {}", sheet.name, sheet.title_in(lang))?;
            }
        }
        Some(sheet) if !io::stdout().is_terminal() => out.write_all(sheet.text_in(lang).as_bytes())?,
        Some(sheet) => {
            let width = crate::width::stdout().unwrap_or(sheets::READABLE);
            let text = sheets::rendered(sheet.text_in(lang), width, term::color());
            term::page(&text, !args.no_pager, out)?;
        }
    }
    Ok(())
}

/// `labs count`: Q(n) by the fast counter, one shard of it, or the sum of shards.
pub fn count(args: &CountArgs, lang: Lang, out: &mut dyn Write) -> Result<(), Error> {
    if let Some(files) = &args.sum {
        let lines = shard_lines(files, lang).map(|line| line.map_err(Summed::Read));
        let (job, counts) = shard::sum(lines).map_err(|e| match e {
            Summed::Read(e) => e,
            Summed::Count(e) => Error::of_count(e, lang),
        })?;
        return print_counts(job, counts, lang, out);
    }
    let n = board_size(args.n.as_deref(), &COUNT, lang)?;
    let mode = if args.no_symmetry { Mode::Plain } else { Mode::Symmetry };
    let job = Job { n, mode, unique: args.unique };
    let part = args.shard.unwrap_or(shard::Shard::WHOLE);
    let guess = estimate::count(job, part, args.threads.map(usize::from)).map_err(|e| Error::of_count(e, lang))?;
    if let Some(guess) = guess.filter(|g| g.total > estimate::WORTH_SAYING) {
        // Shards of about ten minutes each, at most 64 (a class's lab machines, a cluster job).
        let shards = (guess.total.as_secs_f64() / 600.0).ceil().clamp(2.0, 64.0) as u64;
        let line = say!(
            lang,
            CountEstimate,
            n,
            time = roughly_in(guess.total, lang),
            m = guess.sample_n,
            took = duration(guess.sample),
            growth = format!("{:.1}", estimate::growth(n)),
            k = shards
        );
        let _ = write!(io::stderr(), "{}", crate::width::wrap(&line, crate::width::stderr(), "  "));
    }
    let started = Instant::now();
    let watch = Watch::start(guess.map(|g| g.total), lang);
    let counts =
        job.run(part, args.threads.map(usize::from), watch.stop(), &watch).map_err(|e| Error::of_count(e, lang))?;
    drop(watch);
    let elapsed = started.elapsed();
    match args.shard {
        Some(part) => writeln!(out, "{}", shard::Line { job, shard: part, counts })?,
        None => print_counts(job, counts, lang, out)?,
    }
    out.flush()?;
    if args.stats {
        let rate = counts.nodes as f64 / elapsed.as_secs_f64();
        let line = say!(
            lang,
            CountStats,
            n,
            mode = mode.name(),
            solutions = counted_in(lang, counts.total, Key::CountSolutionOne, Key::CountSolutionOther),
            nodes = counted_in(lang, counts.nodes, Key::CountNodeOne, Key::CountNodeOther),
            time = duration(elapsed),
            rate = format!("{rate:.3e}")
        );
        let _ = writeln!(io::stderr(), "{line}");
    }
    Ok(())
}

/// The lines of `files` in turn, or of stdin if there are none, each with its place (`stdin line
/// 3`), each at most 256 bytes (a shard line is about 70): what `--sum` adds up.
/// Why a sum of shards stopped: reading a line, or the counter refusing one, which is worded in
/// the language at hand ([`Error::of_count`]).
enum Summed {
    Read(Error),
    Count(count::Error),
}

impl From<count::Error> for Summed {
    fn from(e: count::Error) -> Self {
        Summed::Count(e)
    }
}

fn shard_lines(files: &[PathBuf], lang: Lang) -> Box<dyn Iterator<Item = Result<(String, String), Error>> + '_> {
    const MAX_LINE: usize = 256;
    let placed = move |name: String| {
        move |line: Result<(usize, String), Error>| line.map(|(k, t)| (say!(lang, LineOf, name, k), t))
    };
    if files.is_empty() {
        return Box::new(input::lines(io::stdin().lock(), "stdin".into(), MAX_LINE, lang).map(placed("stdin".into())));
    }
    Box::new(files.iter().flat_map(move |path| {
        let name = path.display().to_string();
        let lines: Box<dyn Iterator<Item = _>> = match std::fs::File::open(path) {
            Ok(file) => {
                Box::new(input::lines(io::BufReader::new(file), name.clone(), MAX_LINE, lang).map(placed(name)))
            }
            Err(e) => {
                let error = crate::error::io_words(&e, lang);
                Box::new(std::iter::once(Err(Error::Failed(say!(lang, CannotRead, name, error)))))
            }
        };
        lines
    }))
}

/// The whole count as `labs count` prints it: the total, then `unique K` if asked for.
fn print_counts(job: Job, counts: Counts, lang: Lang, out: &mut dyn Write) -> Result<(), Error> {
    writeln!(out, "{}", counts.total)?;
    if job.unique {
        writeln!(out, "{}", say!(lang, CountUnique, k = counts.unique))?;
    }
    Ok(())
}
