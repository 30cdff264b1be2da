//! `labs bench`: the table and every export rendered from fixed samples (never live timings) and
//! compared with golden files; the refusal to time disagreeing solvers; argument errors.

use crate::common;

use common::{labs, text};

use indicatif::ProgressBar;
use nqueens_labs::bench::compare::{Report, Settings, report};
use nqueens_labs::bench::{plot, table};
use nqueens_labs::error::Error;
use nqueens_labs::export::Export;
use nqueens_labs::input::Sizes;
use nqueens_labs::lang::Lang;
use nqueens_labs::solvers::{Algo, Work};
use nqueens_labs::timing::workload::{Workload, count, tally};
use nqueens_labs::timing::{Measurement, Over, Samples, Schedule, Skip, measure};
use pretty_assertions::assert_eq;

/// A cell with `algo`'s real work at `n`, its first search and the given times (seconds per
/// search).
fn cell(algo: Algo, n: usize, first: f64, times: &[f64]) -> Measurement {
    Measurement { n, algo: algo.name().into(), work: tally(algo, n), first, times: times.to_vec() }
}

/// Three algorithms at n = 7 and 8, `naive` stopped before 9, `row` timed only once at 8 and
/// `bits` learned at 8 (its first search 1.6× its median).
fn fixed_report(reference: Option<&str>) -> Report {
    let samples = Samples {
        algos: vec!["naive".into(), "row".into(), "bits".into()],
        measured: vec![
            cell(Algo::Naive, 7, 46.2e-6, &[43.1e-6, 44.0e-6, 45.2e-6, 43.9e-6]),
            cell(Algo::Row, 7, 5.31e-6, &[4.80e-6, 4.91e-6, 4.85e-6, 5.02e-6]),
            cell(Algo::Bits, 7, 1.92e-6, &[1.76e-6, 1.77e-6, 1.79e-6, 1.76e-6]),
            cell(Algo::Naive, 8, 297e-6, &[281e-6, 290e-6, 285e-6, 301e-6]),
            cell(Algo::Row, 8, 23.0e-6, &[21.6e-6]),
            cell(Algo::Bits, 8, 10.4e-6, &[6.51e-6, 6.55e-6, 6.60e-6, 6.49e-6]),
        ],
        skipped: vec![Skip {
            n: 9,
            algo: "naive".into(),
            reason: "at n = 8 one search took 285 µs, 6.5× its time at n = 7; n = 9 would take about 4.2 s, \
                     over the 3.00 s budget"
                .into(),
            over: Some(Over { n: 9, last: 285e-6, growth: Some(6.5), cost: 4.2, budget: 3.0 }),
        }],
        clock: "CPU time".into(),
        stopped: false,
    };
    let settings = Settings { runs: 4, warmup: 1, budget_seconds: 3.0, reference: reference.map(String::from) };
    report(settings, &samples)
}

#[test]
fn the_table_from_fixed_samples() {
    let text = table::render(&fixed_report(None), false, None, Lang::En);
    common::assert_golden("bench/table.txt", &text);
    let widest = text.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(widest <= 100, "the table is {widest} columns wide");
}

#[test]
fn the_table_fits_60_80_and_200_columns() {
    for width in [60, 80, 200] {
        let text = table::render(&fixed_report(None), false, Some(width), Lang::En);
        common::assert_golden(&format!("bench/table-{width}.txt"), &text);
        let widest = text.lines().map(nqueens_labs::width::of).max().unwrap();
        assert!(widest <= width, "{widest} columns at {width}:\n{text}");
    }
}

#[test]
fn the_table_against_a_named_reference() {
    common::assert_golden("bench/table-ref-row.txt", &table::render(&fixed_report(Some("row")), false, None, Lang::En));
}

#[test]
fn the_table_in_chinese_fits_60_and_100_columns() {
    for width in [60, 100] {
        let text = table::render(&fixed_report(None), false, Some(width), Lang::Zh);
        common::assert_golden(&format!("bench/table-zh-{width}.txt"), &text);
        let widest = text.lines().map(nqueens_labs::width::of).max().unwrap();
        assert!(widest <= width, "{widest} columns at {width}:\n{text}");
    }
}

#[test]
fn every_export_from_fixed_samples() {
    let report = fixed_report(None);
    for (export, file) in [(Export::Markdown, "report.md"), (Export::Csv, "report.csv"), (Export::Json, "report.json")]
    {
        common::assert_golden(&format!("bench/{file}"), &export.to_string(&report));
    }
}

#[test]
fn the_json_export_keeps_every_run() {
    let json: serde_json::Value = serde_json::from_str(&Export::Json.to_string(&fixed_report(None))).unwrap();
    assert_eq!(json["results"][0]["times"].as_array().unwrap().len(), 4);
    assert_eq!(json["skipped"][0]["algo"], "naive");
}

/// Every `<text>` of an SVG: its font size in px, its font family, and what it says.
fn svg_texts(svg: &str) -> Vec<(f64, String, String)> {
    let lines: Vec<&str> = svg.lines().collect();
    let attribute = |tag: &str, name: &str| {
        let start = tag.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        tag[start..].split('"').next().unwrap().to_string()
    };
    let tags = lines.iter().enumerate().filter(|(_, l)| l.starts_with("<text "));
    tags.map(|(i, tag)| {
        (attribute(tag, "font-size").parse().unwrap(), attribute(tag, "font-family"), lines[i + 1].into())
    })
    .collect()
}

#[test]
fn the_plot_has_both_panels_and_a_legend_in_the_chosen_language() {
    let english = plot::render(&fixed_report(None), Lang::En).unwrap();
    let words = ["Time per search", "Work: nodes", "time (log scale)", "nodes (log scale)", "n (board size)"];
    for text in words.iter().chain(&["\nnaive\n", "\nnaive, row, bits\n"]) {
        assert!(english.contains(text), "{text} missing from the plot");
    }
    let chinese = plot::render(&fixed_report(None), Lang::Zh).unwrap();
    let words = ["一次搜索的用时", "工作量：搜索树的结点数", "用时（对数刻度）", "结点数（对数刻度）", "n（棋盘大小）"];
    for text in words.iter().chain(&["\nnaive\n", "\nnaive, row, bits\n"]) {
        assert!(chinese.contains(text), "{text} missing from the Chinese plot");
    }
    assert!(!chinese.contains("Time per search"), "English left in the Chinese plot");
    // Read from the back of a room: no text under 14 px; in the Chinese plot every text asks for
    // a font with Chinese in it first.
    for (svg, family) in [(&english, "sans-serif"), (&chinese, "'Noto Sans CJK SC'")] {
        let texts = svg_texts(svg);
        assert!(texts.len() > 20, "{texts:?}");
        for (size, font, text) in texts {
            assert!(size >= 14.0, "{text:?} is {size} px");
            assert!(font.replace("&apos;", "'").starts_with(family), "{text:?} in {font}");
        }
    }
    // A shape per variant: the three variants' markers differ, in the legend and on the lines.
    let shapes: Vec<usize> = ["#D62728", "#1F77B4", "#3C3C3C"]
        .iter()
        .map(|colour| {
            let marker = english.lines().find(|l| l.starts_with("<polygon") && l.contains(colour)).unwrap();
            marker.matches(',').count()
        })
        .collect();
    assert_eq!(shapes, [16, 4, 12], "corners of naive's circle, row's diamond, bits's plus");
}

/// `row`'s search, except that it finds one solution too many at n = 6, and must never be timed
/// there.
struct OneTooMany;

impl Workload for OneTooMany {
    fn name(&self) -> &str {
        "bogus"
    }
    fn count(&self, n: usize) -> u64 {
        assert_ne!(n, 6, "bogus was timed at n = 6 before the counts were compared");
        count(Algo::Row, n)
    }
    fn tally(&self, n: usize) -> Work {
        let work = tally(Algo::Row, n);
        Work { solutions: work.solutions + u64::from(n == 6), ..work }
    }
}

#[test]
fn disagreeing_solvers_are_refused_before_timing() {
    let plan =
        Schedule { sizes: Sizes::List(vec![4, 5, 6]), runs: 1, warmup: 0, budget: 10.0, lang: Lang::En, stop: None };
    let workloads: [&dyn Workload; 3] = [&Algo::Row, &OneTooMany, &Algo::Bits];
    match measure(&workloads, &plan, &ProgressBar::hidden()) {
        Err(e @ Error::Failed(_)) => assert_eq!(
            e.to_string(),
            "refusing to time wrong answers: at n = 6, row, bits found 4; bogus found 5; OEIS A000170 says 4"
        ),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[test]
fn agreeing_solvers_are_measured_within_the_budget() {
    let plan =
        Schedule { sizes: Sizes::List(vec![4, 6]), runs: 2, warmup: 0, budget: 10.0, lang: Lang::En, stop: None };
    let workloads: [&dyn Workload; 2] = [&Algo::Row, &Algo::Bits];
    let samples = measure(&workloads, &plan, &ProgressBar::hidden()).unwrap();
    let cells: Vec<_> = samples.measured.iter().map(|m| (m.n, m.algo.as_str(), m.times.len())).collect();
    assert_eq!(cells, [(4, "row", 2), (4, "bits", 2), (6, "row", 2), (6, "bits", 2)]);
    assert!(samples.skipped.is_empty());
}

/// `row`'s search, logging the size of every plain search it is asked for.
struct Logged<'a>(&'static str, &'a std::cell::RefCell<Vec<String>>);

impl Workload for Logged<'_> {
    fn name(&self) -> &str {
        self.0
    }
    fn count(&self, n: usize) -> u64 {
        self.1.borrow_mut().push(format!("{}{n}", self.0));
        count(Algo::Row, n)
    }
    fn tally(&self, n: usize) -> Work {
        tally(Algo::Row, n)
    }
}

#[test]
fn each_size_has_a_first_search_then_the_rounds_visit_every_cell_in_turn() {
    let log = std::cell::RefCell::new(Vec::new());
    let plan =
        Schedule { sizes: Sizes::List(vec![4, 6]), runs: 2, warmup: 1, budget: 10.0, lang: Lang::En, stop: None };
    let samples = measure(&[&Logged("a", &log), &Logged("b", &log)], &plan, &ProgressBar::hidden()).unwrap();
    let firsts = ["a4", "b4", "a5", "b5", "a6", "b6"];
    let round = ["a4", "b4", "a6", "b6"];
    assert_eq!(log.into_inner(), [&firsts[..], &round, &round, &round].concat());
    assert!(samples.measured.iter().all(|m| m.times.len() == 2 && m.first >= 0.0));
    assert!(["CPU time", "wall time"].contains(&samples.clock.as_str()), "{}", samples.clock);
}

/// `row`'s search, except that its first search at n = 6 is cold: it spins a fifth of a second
/// first, as a search whose pages are not yet mapped or whose machine is busy can take a thousand
/// times the next one. Every plain search's size is logged.
struct ColdOnce(std::cell::Cell<bool>, std::cell::RefCell<Vec<usize>>);

impl Workload for ColdOnce {
    fn name(&self) -> &str {
        "cold"
    }
    fn count(&self, n: usize) -> u64 {
        if n == 6 && !self.0.replace(true) {
            let started = std::time::Instant::now();
            while started.elapsed() < std::time::Duration::from_millis(200) {
                std::hint::black_box(count(Algo::Row, 4));
            }
        }
        self.1.borrow_mut().push(n);
        count(Algo::Row, n)
    }
    fn tally(&self, n: usize) -> Work {
        tally(Algo::Row, n)
    }
}

/// Issue 50, item 7: one cold search does not stop a variant (bordered once stopped at n = 9,
/// "would take about 59.4 s", on a first search that took 2 ms the next time): the size is
/// searched again before a skip, and the faster search predicts.
#[test]
fn one_cold_search_does_not_skip_the_sizes_above() {
    let cold = ColdOnce(std::cell::Cell::new(false), std::cell::RefCell::new(Vec::new()));
    let plan = Schedule {
        sizes: Sizes::List(vec![4, 5, 6, 7, 8]),
        runs: 1,
        warmup: 0,
        budget: 1.0,
        lang: Lang::En,
        stop: None,
    };
    let samples = measure(&[&cold], &plan, &ProgressBar::hidden()).unwrap();
    assert!(samples.skipped.is_empty(), "{:?}", samples.skipped);
    let sizes: Vec<usize> = samples.measured.iter().map(|m| m.n).collect();
    assert_eq!(sizes, [4, 5, 6, 7, 8]);
    // The first searches: 4, 5, the cold 6, 6 again before deciding, then 7 and 8.
    assert_eq!(cold.1.borrow()[..6], [4, 5, 6, 6, 7, 8]);
}

#[test]
fn a_tiny_budget_skips_with_the_reason() {
    let plan = Schedule { sizes: Sizes::From(4), runs: 1, warmup: 0, budget: 1e-9, lang: Lang::En, stop: None };
    let samples = measure(&[&Algo::Row], &plan, &ProgressBar::hidden()).unwrap();
    assert_eq!(samples.measured.len(), 1, "the first cell has nothing to predict from");
    let skip = &samples.skipped[0];
    assert_eq!((skip.n, skip.algo.as_str()), (5, "row"));
    assert!(skip.reason.starts_with("at n = 4 one search took "), "{}", skip.reason);
}

#[test]
fn bad_arguments_are_one_line_usage_errors() {
    let sizes = "(allowed: N, A..B, A..=B, A.. or N,N,… with sizes from 1 to 64)";
    for (args, message) in [
        (&["--n", "8..4"][..], format!("invalid value '8..4' for '--n <RANGE>': is an empty range {sizes}")),
        (&["--n", "-3"], format!("invalid value '-3' for '--n <RANGE>': is not a size or a range of sizes {sizes}")),
        (
            &["--n", "4..=99"],
            format!(
                "invalid value '4..=99' for '--n <RANGE>': has a size out of range {}: the board limit all six variants share, so that any two compare)",
                &sizes[..sizes.len() - 1]
            ),
        ),
        (
            &["--algo", "row,fast"],
            "invalid value 'fast' for '--algo <LIST>' (allowed: naive, bordered, cell, row, kruse, bits)".into(),
        ),
        (
            &["--budget", "0"],
            "invalid value '0' for '--budget <SECONDS>': not a time (allowed: seconds above 0, up to 86400, like 3 or 0.5)"
                .into(),
        ),
        (
            &["--algo", "row,bits", "--reference", "kruse"],
            "--reference kruse is not among the algorithms measured (row, bits)".into(),
        ),
        (
            &["--export-csv", "-", "--export-json", "-"],
            "only one of --export-markdown, --export-csv, --export-json and --plot can be '-' (stdout)".into(),
        ),
    ] {
        let out = labs(&[&["bench"], args].concat(), b"");
        assert_eq!((out.status.code(), text(&out.stdout)), (Some(2), String::new()), "labs bench {args:?}");
        assert_eq!(text(&out.stderr), format!("labs: {message}\n"), "labs bench {args:?}");
    }
    for args in [&["--runs", "0"][..], &["--warmup", "x"], &["--reference", "fast"]] {
        let out = labs(&[&["bench"], args].concat(), b"");
        assert_eq!(out.status.code(), Some(2), "labs bench {args:?}");
        assert_eq!(text(&out.stderr).lines().count(), 1, "labs bench {args:?}");
    }
}

/// A build without the `png` feature refuses a PNG plot before it measures anything, and says how
/// to get one (tests/toolkit/plot.rs draws it in a build with the feature).
#[cfg(not(feature = "png"))]
#[test]
fn a_png_plot_without_the_png_feature_is_refused_before_the_work() {
    let out = labs(&["bench", "--algo", "naive", "--n", "14", "--plot", "times.png"], b"");
    assert_eq!((out.status.code(), text(&out.stdout)), (Some(2), String::new()));
    assert_eq!(
        text(&out.stderr),
        "labs: --plot times.png: this labs was built without PNG plots; write the plot to an .svg file, or build \
         labs with `--features png`\n"
    );
}

#[test]
fn an_export_to_stdout_replaces_the_table() {
    let out = labs(
        &["bench", "--algo", "row,bits", "--n", "4..=5", "--runs", "2", "--warmup", "0", "--export-csv", "-"],
        b"",
    );
    assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), String::new()));
    let csv = text(&out.stdout);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 5, "{csv}");
    assert!(lines[0].starts_with("n,algo,solutions,nodes,probes,"));
    assert!(lines[1].starts_with("4,row,2,17,115,") && lines[4].starts_with("5,bits,10,54,44,"), "{csv}");
}

#[test]
fn files_are_written_and_the_table_has_no_colour_in_a_pipe() {
    let dir = std::env::temp_dir().join(format!("labs-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (json, svg) = (dir.join("b.json"), dir.join("b.svg"));
    let args = ["bench", "--algo", "row", "--n", "4,6", "--runs", "1", "--warmup", "0", "--export-json"];
    let out = labs(&[&args[..], &[json.to_str().unwrap(), "--plot", svg.to_str().unwrap()]].concat(), b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    assert!(table.contains(" row ") && !table.contains('\x1b'), "{table}");
    assert!(std::fs::read_to_string(&json).unwrap().contains("\"times\""));
    assert!(std::fs::read_to_string(&svg).unwrap().starts_with("<svg"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unwritable_file_fails_before_measuring() {
    let out = labs(&["bench", "--export-csv", "/nonexistent/dir/x.csv"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "labs: --export-csv: cannot create '/nonexistent/dir/x.csv': no such file or folder\n"
    );
}

#[test]
fn an_interrupted_export_leaves_the_old_file_intact() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("bench.csv");
    std::fs::write(&csv, "the older export\n").unwrap();
    let args = ["bench", "--algo", "naive", "--n", "4..", "--budget", "60", "--export-csv", csv.to_str().unwrap()];
    let mut child = common::spawn(&args);
    // Measuring has begun once the temporary file beside the export exists.
    let started = std::time::Instant::now();
    while std::fs::read_dir(dir.path()).unwrap().count() < 2 {
        assert!(started.elapsed() < std::time::Duration::from_secs(10), "no temporary file appeared");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    std::thread::sleep(std::time::Duration::from_millis(200));
    let kill = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(kill.success());
    let status = child.wait().unwrap();
    assert!(!status.success());
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), "the older export\n");
}

#[test]
fn a_finished_export_replaces_the_old_file_and_leaves_nothing_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("bench.csv");
    std::fs::write(&csv, "the older export\n").unwrap();
    let args = ["bench", "--algo", "row", "--n", "4", "--runs", "1", "--warmup", "0", "--export-csv"];
    let out = labs(&[&args[..], &[csv.to_str().unwrap()]].concat(), b"");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(std::fs::read_to_string(&csv).unwrap().starts_with("n,algo,"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

/// The CPU time process `pid` has used, in clock ticks (utime + stime of /proc/PID/stat).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after_name = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    after_name.split_whitespace().skip(11).take(2).filter_map(|t| t.parse::<u64>().ok()).sum()
}

#[test]
fn ctrl_c_prints_the_rows_measured_so_far_and_exits_130() {
    let child = common::spawn(&["--lang", "zh", "bench", "-n", "4..14"]);
    common::wait_until_it_catches(child.id(), 2);
    // Half a second of CPU time: n = 4 to 8 are measured by then, n = 14 is minutes away.
    let started = std::time::Instant::now();
    while cpu_ticks(child.id()) < 50 {
        assert!(started.elapsed() < std::time::Duration::from_secs(60), "labs bench never ran");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let kill = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    assert!(kill.success());
    let out = child.wait_with_output().unwrap();
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stdout.contains("\n  4  naive ") && stdout.contains("\n     bits "), "{stdout}");
    assert!(
        stderr.ends_with("labs bench: 上面各行是中断前测得的格子，其中有的计时运行少于 10 次\nlabs: 已中断\n"),
        "{stderr}"
    );
}
