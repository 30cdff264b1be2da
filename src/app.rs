//! One small function per subcommand: checked arguments in, bytes out.
//!
//! Each function turns its parsed arguments into the library's own types (a board size within
//! its limit, a [`format::Request`], a `judge::Config`, a `bench::config::Setup` from `cli.rs`),
//! calls the library, and writes what comes back. Nothing here is a second home for anything:
//! sizes and input are [`crate::input`]'s, limits [`crate::facts`]', units [`crate::units`]',
//! colour and progress [`crate::term`]'s.

use crate::catalogue::say;
use crate::cli::{BenchArgs, Command, CountArgs, GradeArgs, JudgeArgs, LabArgs, RunArgs, TraceArgs, VerifyArgs};
use crate::count::{Counts, Job, Mode, shard};
use crate::error::Error;
use crate::estimate;
use crate::facts::{A000170, BOARD, COUNT};
use crate::format::{self, CountOnly, Format, Request};
use crate::input::{self, board_size};
use crate::lang::Lang;
use crate::solvers::{Algo, Count, Tally};
use crate::units::{counted, duration, roughly};
use crate::watch::Watch;
use crate::{bench, grade, interactive, judge, judging, sheets, term, trace, verify};
use comfy_table::{Cell, CellAlignment, Table, presets};
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Runs one parsed command, writing its normal output to `out`.
pub fn dispatch(command: Command, lang: Lang, out: &mut dyn Write) -> Result<(), Error> {
    match command {
        Command::Run(args) => run(&args, out),
        Command::List => list(out),
        Command::Interactive(args) => interactive::session(args.algo, args.max_size, &mut io::stdin().lock(), out),
        Command::Judge(args) => judge(&args, out),
        Command::Grade(args) => grade(&args, out),
        Command::Trace(args) => trace(&args, out),
        Command::Verify(args) => verify(&args, out),
        Command::Lab(args) => lab(&args, out),
        Command::Bench(args) => bench(&args, out),
        Command::Count(args) => count(&args, out),
        Command::Completions(args) => {
            clap_complete::generate(args.shell, &mut crate::cli::grammar(lang), "labs", out);
            Ok(())
        }
        Command::Doctor => Ok(write!(out, "{}", crate::doctor::Checkup::here(lang).doctor(lang))?),
        Command::Man => Ok(clap_mangen::Man::new(crate::cli::grammar(lang)).render(out)?),
    }
}

/// `labs run`: stream the solutions of one variant through the chosen format.
pub fn run(args: &RunArgs, out: &mut dyn Write) -> Result<(), Error> {
    let n = board_size(args.n.as_deref(), &BOARD)?;
    let name = args.algo.name();
    let request = Request { algo: args.algo, n, first: args.first, tally: args.stats };
    if args.format == Format::Svg && !args.count && request.boards().is_none() {
        return Err(Error::Usage(format!(
            "--format svg sizes its picture before the first board, and the count at n = {n} is not known \
             (it is up to n = {}): add --first K",
            A000170.len() - 1
        )));
    }
    // A whole search of a large board can take days: say so first, and what to use instead.
    if args.first.is_none() && n >= RUN_ESTIMATED_FROM {
        let search = |m| {
            let _ = args.algo.solve(m, &mut Count::default());
            Ok::<(), std::convert::Infallible>(())
        };
        let Ok(guess) = estimate::sampled(n, 4, 1, search);
        if guess.total > estimate::WORTH_SAYING {
            let lang = Lang::current();
            let mut line = say!(
                lang,
                RunEstimate,
                name,
                n,
                time = roughly(guess.total),
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
    let mut render = if args.count { Box::new(CountOnly) } else { args.format.renderer(n, name) };
    let started = Instant::now();
    // A count prints one line at its end; boards show the run moving.
    let streamed = with_progress(format!("labs run: {name} n={n}"), args.count, out, |w| {
        format::stream(&request, render.as_mut(), w)
    })?;
    out.flush()?;
    if let Some(work) = streamed.work {
        let stopped = if streamed.complete { "" } else { " (stopped early)" };
        let _ = writeln!(
            io::stderr(),
            "{name} n={n}: {}{stopped}, {}, {}, {}",
            counted(streamed.solutions, "solution"),
            counted(work.nodes(), "node"),
            counted(work.probes, "probe"),
            duration(started.elapsed())
        );
    }
    Ok(())
}

/// The smallest board `labs run` estimates before a whole search: below it, even `cell`, the
/// slowest variant, takes seconds (13.7 s at n = 11 in a release build, load 10).
const RUN_ESTIMATED_FROM: usize = 11;

/// `labs list`: the variants side by side, with their work at n = 8 measured now.
pub fn list(out: &mut dyn Write) -> Result<(), Error> {
    let headers = ["algo", "document", "data structure", "one check examines", "nodes n=8", "probes n=8"];
    let mut table = Table::new();
    table.load_style(presets::UTF8_FULL_CONDENSED).set_header(headers);
    for algo in Algo::ALL {
        let mut tally = Tally::new(Count::default());
        let _ = algo.solve(8, &mut tally);
        table.add_row([
            Cell::new(algo.name()),
            Cell::new(algo.document()),
            Cell::new(algo.structure()),
            Cell::new(algo.check()),
            Cell::new(tally.work.nodes()).set_alignment(CellAlignment::Right),
            Cell::new(tally.work.probes).set_alignment(CellAlignment::Right),
        ]);
    }
    // Text columns wrap first; then the document, the probes and the nodes go, in that order.
    let width = crate::width::stdout();
    let hidden: Vec<String> =
        crate::width::fit(&mut table, width, &[1, 5, 4]).into_iter().map(|i| headers[i].to_string()).collect();
    writeln!(out, "{table}")?;
    let notes = [
        "Every variant finds the same 92 solutions at n = 8, in the same order.",
        "Each has a lab sheet: `labs lab <algo>` (as `labs lab naive`); start with `labs lab intro`.",
    ];
    for line in crate::width::hidden_note(width, &hidden).iter().map(String::as_str).chain(notes) {
        write!(out, "{}", crate::width::wrap(line, width, "  "))?;
    }
    Ok(())
}

/// `labs bench`: check the arguments, then measure, compare and render.
pub fn bench(args: &BenchArgs, out: &mut dyn Write) -> Result<(), Error> {
    bench::run(&args.setup()?, out)
}

/// `labs judge`: build the student's program if need be, run it for each n, report the verdicts.
pub fn judge(args: &JudgeArgs, out: &mut dyn Write) -> Result<(), Error> {
    let config = judging::config(args, Lang::current())?;
    judging::sandbox_note(&args.rules, &config);
    crate::interrupt::watch()?;
    let bar = term::bar("{spinner} {msg}, {elapsed}", Some(config.sizes.len() as u64), term::Show::Later)
        .with_message("labs judge");
    let judged = judge::judge(&config, |j| {
        bar.set_message(format!("labs judge: n = {} judged", j.n));
        bar.inc(1);
    });
    bar.finish_and_clear();
    let judged = judged.map_err(|e| judging::error(e, config.lang))?;
    out.write_all(judging::report::render(&judged, term::color(), crate::width::stdout()).as_bytes())?;
    // A signal that came after the last run still ends `labs` as that signal says.
    if let Some(signal) = crate::interrupt::received() {
        return Err(Error::Signal(signal));
    }
    let (k, m) = (judged.cases.iter().filter(|c| !c.verdict.accepted()).count(), judged.cases.len());
    match (&judged.compile_error, k) {
        (Some(_), _) => Err(Error::Failed(say!(judged.lang, DidNotCompile))),
        (None, 0) => Ok(()),
        (None, _) => Err(Error::Failed(say!(judged.lang, PointsNotAccepted, k, m))),
    }
}

/// `labs grade`: find the class, judge each student, report them beside the variants.
pub fn grade(args: &GradeArgs, out: &mut dyn Write) -> Result<(), Error> {
    let grading = grade::Grading::new(args)?;
    judging::sandbox_note(&args.rules, &grading.rules);
    grade::run(&grading, out)
}

/// `labs trace`: one variant's search, step by step; `--animate` only on a terminal that can
/// redraw in place (elsewhere it draws the boards one after another, as `--boards`).
pub fn trace(args: &TraceArgs, out: &mut dyn Write) -> Result<(), Error> {
    if args.delay.is_some() && !args.animate {
        return Err(Error::Usage("--delay sets the pace of --animate: add --animate, or leave --delay out".into()));
    }
    // clap's `requires` is not checked when another flag (--summary) conflicts with --html.
    if args.html.is_none() && args.vs.is_some() {
        return Err(Error::Usage("--vs is for the page: add --html FILE, or leave --vs out".into()));
    }
    let n = board_size(args.n.as_deref(), &BOARD)?;
    if let Some(file) = &args.html {
        let scope =
            trace::page::Scope { algo: args.algo, vs: args.vs, n, max_steps: args.max_steps, lang: Lang::current() };
        let page = trace::page::page(&scope)?;
        std::fs::write(file, &page.html).map_err(|e| Error::Failed(format!("cannot write {file}: {e}")))?;
        writeln!(out, "{}", trace::page::wrote(file, &scope, &page))?;
        return Ok(());
    }
    let animate = args.animate && term::redraws();
    let options = trace::Options {
        max_steps: args.max_steps,
        tree: args.tree,
        summary: args.summary,
        boards: args.boards || args.animate,
        animate: animate.then(|| Duration::from_millis(args.delay.unwrap_or(300))),
        json: args.json,
    };
    // A summary prints only at its end; every other trace shows the search moving.
    with_progress(format!("labs trace: {} n={n}", args.algo.name()), args.summary, out, |w| {
        trace::trace(args.algo, n, &options, w)
    })
}

/// Runs `work` on `out` with a spinner on stderr (shown after a second, on a terminal) while it
/// runs, unless its output on a terminal shows it moving already. Output that comes only at the
/// end (`at_end`) gets the spinner on a terminal too, and is held until the spinner has left the
/// screen, so the two never share a line.
fn with_progress<T>(
    what: String,
    at_end: bool,
    out: &mut dyn Write,
    work: impl FnOnce(&mut dyn Write) -> io::Result<T>,
) -> Result<T, Error> {
    let spinner = (at_end || !io::stdout().is_terminal()).then(|| term::spinner(what));
    let mut held = Vec::new();
    let done = if at_end { work(&mut held) } else { work(out) };
    spinner.inspect(|s| s.finish_and_clear());
    let done = done?;
    out.write_all(&held)?;
    Ok(done)
}

/// `labs verify`: the toolkit's own variants, checked by [`verify::check`].
pub fn verify(args: &VerifyArgs, out: &mut dyn Write) -> Result<(), Error> {
    let mut algos = if args.algo.is_empty() { Algo::ALL.to_vec() } else { args.algo.clone() };
    algos.sort();
    algos.dedup();
    let candidates: Vec<_> = algos.into_iter().map(verify::Candidate::of).collect();
    // Nothing to stop but the search itself: a second Ctrl-C ends the process at once.
    let _ = crate::interrupt::watch().and_then(|()| crate::interrupt::exit_on_second());
    let budget = Duration::from_secs_f64(args.budget);
    verify::check(&candidates, args.max, budget, crate::interrupt::heard(), out)
}

/// `labs lab`: one sheet, or the list of sheets when no name is given, in the language chosen:
/// the Markdown into a pipe or a file, rendered (and paged when long) on a terminal.
pub fn lab(args: &LabArgs, out: &mut dyn Write) -> Result<(), Error> {
    let lang = Lang::current();
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
pub fn count(args: &CountArgs, out: &mut dyn Write) -> Result<(), Error> {
    if let Some(files) = &args.sum {
        let (job, counts) = shard::sum(shard_lines(files))?;
        return print_counts(job, counts, out);
    }
    let n = board_size(args.n.as_deref(), &COUNT)?;
    let mode = if args.no_symmetry { Mode::Plain } else { Mode::Symmetry };
    let job = Job { n, mode, unique: args.unique };
    let part = args.shard.unwrap_or(shard::Shard::WHOLE);
    let guess = estimate::count(job, part, args.threads.map(usize::from))?;
    if let Some(guess) = guess.filter(|g| g.total > estimate::WORTH_SAYING) {
        // Shards of about ten minutes each, at most 64 (a class's lab machines, a cluster job).
        let shards = (guess.total.as_secs_f64() / 600.0).ceil().clamp(2.0, 64.0) as u64;
        let line = say!(
            Lang::current(),
            CountEstimate,
            n,
            time = roughly(guess.total),
            m = guess.sample_n,
            took = duration(guess.sample),
            growth = format!("{:.1}", estimate::growth(n)),
            k = shards
        );
        let _ = write!(io::stderr(), "{}", crate::width::wrap(&line, crate::width::stderr(), "  "));
    }
    let started = Instant::now();
    let watch = Watch::start(guess.map(|g| g.total));
    let counts = job.run(part, args.threads.map(usize::from), watch.stop(), &watch)?;
    drop(watch);
    let elapsed = started.elapsed();
    match args.shard {
        Some(part) => writeln!(out, "{}", shard::Line { job, shard: part, counts })?,
        None => print_counts(job, counts, out)?,
    }
    out.flush()?;
    if args.stats {
        let rate = counts.nodes as f64 / elapsed.as_secs_f64();
        let _ = writeln!(
            io::stderr(),
            "count n={n} ({}): {}, {}, {}, {rate:.3e} nodes/s",
            mode.name(),
            counted(counts.total, "solution"),
            counted(counts.nodes, "node"),
            duration(elapsed)
        );
    }
    Ok(())
}

/// The lines of `files` in turn, or of stdin if there are none, each with its place (`stdin line
/// 3`), each at most 256 bytes (a shard line is about 70): what `--sum` adds up.
fn shard_lines(files: &[PathBuf]) -> Box<dyn Iterator<Item = Result<(String, String), Error>> + '_> {
    const MAX_LINE: usize = 256;
    let placed =
        |name: String| move |line: Result<(usize, String), Error>| line.map(|(k, t)| (format!("{name} line {k}"), t));
    if files.is_empty() {
        return Box::new(input::lines(io::stdin().lock(), "stdin".into(), MAX_LINE).map(placed("stdin".into())));
    }
    Box::new(files.iter().flat_map(move |path| {
        let name = path.display().to_string();
        let lines: Box<dyn Iterator<Item = _>> = match std::fs::File::open(path) {
            Ok(file) => Box::new(input::lines(io::BufReader::new(file), name.clone(), MAX_LINE).map(placed(name))),
            Err(e) => Box::new(std::iter::once(Err(Error::Failed(format!("cannot read {name}: {e}"))))),
        };
        lines
    }))
}

/// The whole count as `labs count` prints it: the total, then `unique K` if asked for.
fn print_counts(job: Job, counts: Counts, out: &mut dyn Write) -> Result<(), Error> {
    writeln!(out, "{}", counts.total)?;
    if job.unique {
        writeln!(out, "unique {}", counts.unique)?;
    }
    Ok(())
}
