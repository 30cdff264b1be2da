//! One small function per subcommand: checked arguments in, bytes out.

use crate::cli::{BenchArgs, Command, CountArgs, JudgeArgs, RunArgs, TraceArgs, VerifyArgs};
use crate::count::{self, Counts, Job, Mode, shard, watch::Watch};
use crate::error::{Error, parse_size};
use crate::format::Emit;
use crate::interactive;
use crate::solvers::{Algo, Count, Take, Tally, Visitor, Work};
use crate::verify::Candidate;
use comfy_table::{Cell, CellAlignment, ContentArrangement, Table, presets};
use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

/// Runs one parsed command, writing its normal output to `out`.
pub fn dispatch(command: Command, out: &mut dyn Write) -> Result<(), Error> {
    match command {
        Command::Run(args) => run(&args, out),
        Command::List => list(out),
        Command::Interactive(args) => interactive::session(args.algo, args.max_size, &mut io::stdin().lock(), out),
        Command::Judge(args) => judge(&args, out),
        Command::Trace(args) => trace(&args, out),
        Command::Verify(args) => verify(&args, out),
        Command::Lab(args) => lab(args.name.as_deref(), args.lang, out),
        Command::Bench(args) => bench(&args, out),
        Command::Count(args) => count(&args, out),
    }
}

/// The board size from an argument, or else from stdin as the documents' programs read it.
pub fn board_size(arg: Option<&str>, max: usize) -> Result<usize, Error> {
    match arg {
        Some(text) => parse_size(text, 1, max),
        None => parse_size(&read_stdin()?, 1, max),
    }
}

/// All of stdin as text (one line if it is a terminal, so the user need not type Ctrl-D).
fn read_stdin() -> Result<String, Error> {
    let stdin = io::stdin();
    let mut bytes = Vec::new();
    if stdin.is_terminal() {
        stdin.lock().read_until(b'\n', &mut bytes)?;
    } else {
        stdin.lock().read_to_end(&mut bytes)?;
    }
    String::from_utf8(bytes).map_err(|_| Error::Usage("stdin is not text (expected one whole number)".into()))
}

/// `labs run`: stream the solutions of one variant through the chosen format.
pub fn run(args: &RunArgs, out: &mut dyn Write) -> Result<(), Error> {
    let n = board_size(args.n.as_deref(), args.algo.max_n())?;
    let name = args.algo.name();
    let started = Instant::now();
    let (solutions, work, complete) = if args.count {
        let mut count = Count::default();
        let (flow, work) = search(args.algo, n, args.first, args.stats, &mut count);
        writeln!(out, "{}", count.0)?;
        (count.0, work, flow.is_continue())
    } else {
        let mut render = args.format.renderer(n, name);
        let mut emit = Emit::start(&mut *out, render.as_mut())?;
        let (flow, work) = search(args.algo, n, args.first, args.stats, &mut emit);
        (emit.finish(flow.is_continue())?, work, flow.is_continue())
    };
    out.flush()?;
    if let Some(work) = work {
        let plural = if solutions == 1 { "" } else { "s" };
        let stopped = if complete { "" } else { " (stopped early)" };
        let _ = writeln!(
            io::stderr(),
            "{name} n={n}: {solutions} solution{plural}{stopped}, {} nodes, {} probes, {}",
            work.nodes(),
            work.probes,
            duration_text(started.elapsed())
        );
    }
    Ok(())
}

/// Runs `algo` on `n` with `v`, stopping after `first` solutions if given; tallies the work only
/// when `stats` asks for it, so a plain run pays nothing for the counters.
fn search<V: Visitor>(
    algo: Algo,
    n: usize,
    first: Option<u64>,
    stats: bool,
    v: &mut V,
) -> (ControlFlow<()>, Option<Work>) {
    fn go<V: Visitor>(algo: Algo, n: usize, first: Option<u64>, v: &mut V) -> ControlFlow<()> {
        match first {
            Some(k) => algo.solve(n, &mut Take { inner: v, left: k }),
            None => algo.solve(n, v),
        }
    }
    if stats {
        let mut tally = Tally::new(v);
        let flow = go(algo, n, first, &mut tally);
        (flow, Some(tally.work))
    } else {
        (go(algo, n, first, v), None)
    }
}

/// `labs list`: the variants side by side, with their work at n = 8 measured now.
pub fn list(out: &mut dyn Write) -> Result<(), Error> {
    let mut table = Table::new();
    table
        .load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(100)
        .set_header(["algo", "document", "data structure", "one check examines", "nodes n=8", "probes n=8"]);
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
    writeln!(out, "{table}")?;
    writeln!(out, "Every variant finds the same 92 solutions at n = 8, in the same order.")?;
    writeln!(out, "Each has a lab sheet: `labs lab <algo>` (as `labs lab naive`); start with `labs lab intro`.")?;
    Ok(())
}

/// `labs bench`: check the arguments, then measure, compare and render.
pub fn bench(args: &BenchArgs, out: &mut dyn Write) -> Result<(), Error> {
    crate::bench::run(&crate::bench::config::Config::new(args)?, out)
}

/// A duration with three significant digits and a unit that suits it.
pub fn duration_text(d: Duration) -> String {
    let ns = d.as_nanos() as f64;
    let (value, unit) = match ns {
        x if x < 1e3 => (x, "ns"),
        x if x < 1e6 => (x / 1e3, "µs"),
        x if x < 1e9 => (x / 1e6, "ms"),
        x => (x / 1e9, "s"),
    };
    let decimals = if value < 10.0 {
        2
    } else if value < 100.0 {
        1
    } else {
        0
    };
    format!("{value:.decimals$} {unit}")
}

/// `labs judge`: run the student's program for each n and report the verdicts.
pub fn judge(args: &JudgeArgs, out: &mut dyn Write) -> Result<(), Error> {
    use crate::bench::config::Sizes;
    use crate::judge::{self, Job, verdict::Verdict};
    let format = args.format;
    let name = format.name();
    let sizes = match (&args.n, judge::fixed_n(format)) {
        (None, _) => judge::default_sizes(format),
        (Some(list), None) => match crate::bench::config::parse_sizes(list)? {
            Sizes::List(sizes) if sizes.iter().all(|&n| n <= judge::MAX_N) => sizes,
            Sizes::List(_) => {
                let most = judge::MAX_N;
                return Err(Error::Usage(format!(
                    "--n '{list}' goes past {most}: the judge keeps the expected output in memory (allowed: 1 to {most})"
                )));
            }
            Sizes::From(first) => {
                return Err(Error::Usage(format!("--n '{list}' has no end: name the last size, as in {first}..=9")));
            }
        },
        (Some(_), Some(n)) => {
            return Err(Error::Usage(format!("--format {name} judges n = {n} only: its programs read no input")));
        }
    };
    if args.any_order && !judge::orderless(format) {
        return Err(Error::Usage(format!(
            "--any-order does not apply to --format {name} (it does to compact, spaced and leetcode)"
        )));
    }
    if !(args.time_limit.is_finite() && args.time_limit > 0.0 && args.time_limit <= 3600.0) {
        let limit = args.time_limit;
        return Err(Error::Usage(format!(
            "--time-limit {limit} is out of range (allowed: seconds above 0, up to 3600)"
        )));
    }
    let job = Job {
        argv: args.program.clone(),
        format,
        time_limit: Duration::from_secs_f64(args.time_limit),
        output_limit: args.output_limit,
        any_order: args.any_order,
    };
    let progress = io::stderr().is_terminal();
    let cases = judge::judge(&job, &sizes, |case| {
        if progress {
            let _ = writeln!(io::stderr(), "n = {}: {}", case.n, case.verdict.name());
        }
    })?;
    let color = io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none();
    out.write_all(judge::report::render(&cases, color).as_bytes())?;
    let failed = cases.iter().filter(|c| c.verdict != Verdict::Accepted).count();
    match failed {
        0 => Ok(()),
        k => Err(Error::Failed(format!("{k} of {} board sizes not accepted", cases.len()))),
    }
}

/// `labs trace`: one variant's search, step by step; `--animate` only when stdout is a terminal.
pub fn trace(args: &TraceArgs, out: &mut dyn Write) -> Result<(), Error> {
    if args.delay.is_some() && !args.animate {
        return Err(Error::Usage("--delay sets the pace of --animate: add --animate, or leave --delay out".into()));
    }
    let n = board_size(args.n.as_deref(), args.algo.max_n())?;
    let animate = args.animate && io::stdout().is_terminal();
    let options = crate::trace::Options {
        max_steps: args.max_steps,
        tree: args.tree,
        summary: args.summary,
        boards: args.boards || args.animate,
        animate: animate.then(|| Duration::from_millis(args.delay.unwrap_or(300))),
    };
    Ok(crate::trace::trace(args.algo, n, &options, out)?)
}

/// `labs verify`: the toolkit's own variants, checked by [`check_variants`].
pub fn verify(args: &VerifyArgs, out: &mut dyn Write) -> Result<(), Error> {
    let mut algos = if args.algo.is_empty() { Algo::ALL.to_vec() } else { args.algo.clone() };
    algos.sort();
    algos.dedup();
    let candidates: Vec<_> = algos.into_iter().map(Candidate::of).collect();
    check_variants(&candidates, args.max as usize, out)
}

/// Checks `candidates` for n = 1..=`max`: the ✓/✗ table on `out`, then the summary or every
/// mismatch; any mismatch is an [`Error::Failed`] that names the first. Progress goes to stderr
/// when it is a terminal.
pub fn check_variants(candidates: &[Candidate], max: usize, out: &mut dyn Write) -> Result<(), Error> {
    let show = io::stderr().is_terminal();
    let report = crate::verify::verify(candidates, max, &mut |name, n| {
        if show {
            eprint!("\r\x1b[Kverify: {name} at n = {n}…");
        }
    });
    if show {
        eprint!("\r\x1b[K");
    }
    writeln!(out, "{}", report.table())?;
    let mismatches = report.mismatches();
    if mismatches.is_empty() {
        writeln!(out, "{}", report.summary())?;
        return Ok(());
    }
    writeln!(out, "✗ {} mismatches:", mismatches.len())?;
    for line in &mismatches {
        writeln!(out, "  {line}")?;
    }
    let others = match mismatches.len() {
        1 => String::new(),
        k => format!(" (and {} more, listed above)", k - 1),
    };
    Err(Error::Failed(format!("verify failed: {}{others}", mismatches[0])))
}

/// `labs lab`: one sheet's Markdown, or the list of sheets when no name is given, in `lang` or
/// else the locale's language.
pub fn lab(name: Option<&str>, lang: Option<crate::lang::Lang>, out: &mut dyn Write) -> Result<(), Error> {
    use crate::sheets::{SHEETS, find, list_heading, names};
    let lang = crate::lang::Lang::or_locale(lang);
    match name {
        None => {
            writeln!(out, "{}", list_heading(lang))?;
            for sheet in SHEETS {
                writeln!(out, "  {:<9} {}", sheet.name, sheet.title_in(lang))?;
            }
        }
        Some(name) => match find(name) {
            Some(sheet) => out.write_all(sheet.text_in(lang).as_bytes())?,
            None => return Err(Error::Usage(format!("unknown lab sheet '{name}' (allowed: {})", names()))),
        },
    }
    Ok(())
}

/// `labs count`: Q(n) by the fast counter, one shard of it, or the sum of shards.
pub fn count(args: &CountArgs, out: &mut dyn Write) -> Result<(), Error> {
    if let Some(files) = &args.sum {
        let (job, counts) = shard::sum(&shard::read_sources(files)?)?;
        return print_counts(job, counts, out);
    }
    let n = board_size(args.n.as_deref(), count::MAX_N)?;
    let mode = if args.no_symmetry { Mode::Plain } else { Mode::Symmetry };
    let job = Job { n, mode, unique: args.unique };
    let started = Instant::now();
    let watch = Watch::start();
    let counts =
        job.run(args.shard.unwrap_or(shard::Shard::WHOLE), args.threads.map(usize::from), watch.stop(), &watch)?;
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
            "count n={n} ({}): {} solutions, {} nodes, {}, {rate:.3e} nodes/s",
            mode.name(),
            counts.total,
            counts.nodes,
            duration_text(elapsed)
        );
    }
    Ok(())
}

/// The whole count as `labs count` prints it: the total, then `unique K` if asked for.
fn print_counts(job: Job, counts: Counts, out: &mut dyn Write) -> Result<(), Error> {
    writeln!(out, "{}", counts.total)?;
    if job.unique {
        writeln!(out, "unique {}", counts.unique)?;
    }
    Ok(())
}
