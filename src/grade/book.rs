//! The class side by side, as a pure function: from what the journal holds and the variants'
//! times to a [`Gradebook`], one [`Mark`] per student and a [`Summary`], every number of which a
//! test can pin from fixed records.
//!
//! A student's mark is taken at the largest n they were accepted on: the run's CPU time (the
//! limit's measure) and peak memory there, and that time over each variant's time for one search at the same n
//! ([`ratio`]: 3.1 means three times the variant's time, below 1 faster). The summary counts the
//! students accepted on every test point and names the commonest failure (by each student's first
//! test point not accepted), with where it first shows: the first differing line of a Wrong
//! Answer. [`notes`] are the lines under the table and in the Markdown export.
//!
//! Read next: `table.rs`, `export.rs` and `plot.rs`, which only format a gradebook.

use super::baseline::{Baseline, VARIANTS};
use super::class::{Identity, NotGraded};
use super::copies::Copies;
use super::journal::{Graded, Header, Point};
use super::mark::{Against, Mark};
use super::rerun::{Repeated, Timed};
use super::roster::{Listed, Roster};
use super::summary::Census;
use crate::catalogue::say;
use crate::facts::{GRADE_BASELINE_BUDGET, GRADE_BORDERLINE, GRADE_RATIO_MIN_N};
use crate::lang::Lang;
use crate::units::duration;
use serde::Serialize;
use std::time::Duration;

/// The whole class graded, or as much of it as was graded before an interruption.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Gradebook {
    /// How the class was graded.
    #[serde(flatten)]
    pub session: Sitting,
    /// One per student graded, in name order (in the roster's with `--roster`).
    pub marks: Vec<Mark>,
    /// Students not graded yet (the run was interrupted), in name order.
    pub pending: Vec<String>,
    /// What could not be graded, each with the reason: a row each.
    pub not_graded: Vec<NotGraded>,
    /// Students of the roster (`--roster`) with no submission: a row each, scoring 0.
    pub missing: Vec<Identity>,
    /// The variants' times.
    pub baseline: Baseline,
    /// The class in a few numbers.
    pub summary: Summary,
    /// The pairs of students whose sources or wrong outputs are alike ([`super::copies`]).
    pub copies: Copies,
    /// The roster the rows were matched to (`--roster`); empty without one.
    #[serde(skip)]
    pub roster: Roster,
    /// With a roster, every row in the roster's order, each with its roster student, then the
    /// entries of no roster student by name ([`super::roster::apply`]); empty without one, and
    /// the rows are then in the order of their names.
    #[serde(skip)]
    pub order: Vec<(RowAt, Option<usize>)>,
    /// The entries that match no student of the roster, by name: listed apart, after its rows.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unlisted: Vec<String>,
    /// The earlier submissions a resubmission replaced ([`super::ids`]): out of the marks.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub replaced: Vec<super::ids::Replaced>,
    /// The ids (or names) different submissions claim ([`super::ids`]): each listed apart.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub conflicts: Vec<super::ids::SharedId>,
    /// The rows exported without their id and matched to no roster student by it, by name (a
    /// mark's student, an entry's stem).
    #[serde(skip)]
    pub apart: Vec<String>,
    /// The students whose feedback file could not be written (`--feedback`), a line each, said
    /// under the table ([`super::feedback::write`]).
    #[serde(skip)]
    pub unwritten: Vec<String>,
    /// The students whose names hold characters shown escaped ([`super::class::Class::disguised`]):
    /// a note each, not an export's field.
    #[serde(skip)]
    pub disguised: Vec<String>,
}

/// Where a row is in the gradebook's lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowAt {
    /// The mark at this index of [`Gradebook::marks`].
    Mark(usize),
    /// The entry at this index of [`Gradebook::not_graded`].
    NotGraded(usize),
    /// The roster student at this index of [`Gradebook::missing`].
    Missing(usize),
}

/// How a class was graded: by which judge's rules, on which sizes, how many at once, when and by
/// which `labs`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Sitting {
    /// The judge whose rules applied.
    pub judge: String,
    /// The format.
    pub format: String,
    /// The board sizes judged.
    pub sizes: Vec<usize>,
    /// Submissions run at once.
    pub jobs: usize,
    /// Every rule the class was judged by, as the journal's header records them: the limits,
    /// the order rule, `--strict`, the sandbox, the process cap.
    pub rules: Header,
    /// The limits and the order rule in a sentence, in the report's language (with several
    /// formats allowed, each format's, one after another).
    pub limits: String,
    /// With several formats allowed (`--format acwing,pta`), each in order with its judge and
    /// limits; empty for one.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub allowed: Vec<AllowedFormat>,
    /// When the class was graded: UTC, RFC 3339.
    pub date: String,
    /// The version of `labs` that graded it.
    pub labs_version: String,
    /// Whose user submissions out of the sandbox ran as: for the report's sandbox line, not an
    /// export's field.
    #[serde(skip)]
    pub runs_as: RunsAs,
    /// The language of the report and its exports' words (not an export's field: the
    /// exports keep the verdicts' own codes).
    #[serde(skip)]
    pub lang: Lang,
    /// How test points become a score out of 100.
    pub scoring: Scoring,
}

/// One of several formats a class is allowed, as the reports name it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AllowedFormat {
    /// The format.
    pub format: String,
    /// The judge whose rules apply to it.
    pub judge: String,
    /// Its limits and order rule in a sentence, in the report's language.
    pub limits: String,
}

impl Sitting {
    /// Whether more than one format is allowed, so that each student's is shown.
    pub fn several_formats(&self) -> bool {
        !self.allowed.is_empty()
    }

    /// The judge and the limits sentence of a student judged by `format` (`None`: the run's one
    /// format).
    pub fn terms_of(&self, format: Option<&str>) -> (&str, &str) {
        match self.allowed.iter().find(|a| Some(a.format.as_str()) == format) {
            Some(a) => (&a.judge, &a.limits),
            None => (&self.judge, &self.limits),
        }
    }
}

/// How a student's test points become a score out of 100: each point's weight (equal unless
/// `--weights`) earned whole by AC, in part by PE (`--pe-score`, 0 by default), not at all by
/// any other verdict; a Compile Error scores 0, as does a roster student with no submission; an
/// entry not graded has no score (the instructor decides).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scoring {
    /// Each test point's weight, in the order of the sizes.
    pub weights: Vec<f64>,
    /// What a Presentation Error earns of its weight, from 0 to 1.
    pub pe: f64,
}

impl Scoring {
    /// Equal weights for `sizes` points, PE a fail.
    pub fn equal(sizes: usize) -> Scoring {
        Scoring { weights: vec![1.0; sizes], pe: 0.0 }
    }

    /// `graded`'s score out of 100 on `sizes`, to one decimal.
    pub fn score(&self, sizes: &[usize], graded: &Graded) -> f64 {
        let total: f64 = self.weights.iter().sum();
        if graded.compile_error.is_some() || total <= 0.0 {
            return 0.0;
        }
        let earned: f64 = sizes
            .iter()
            .zip(&self.weights)
            .map(|(n, weight)| match graded.points.iter().find(|p| p.n == *n).map(|p| p.code.as_str()) {
                Some("AC") => *weight,
                Some("PE") => weight * self.pe,
                _ => 0.0,
            })
            .sum();
        (1000.0 * earned / total).round() / 10.0
    }
}

/// The class in a few numbers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    /// Students accepted on every test point.
    pub accepted: usize,
    /// Students graded.
    pub graded: usize,
    /// The commonest failure, if any student failed.
    pub failure: Option<Failure>,
    /// The verdicts at each n and the histogram ([`super::summary`]).
    pub counts: Census,
}

/// The verdict most students first failed with.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Failure {
    /// The verdict as the judge names it.
    pub verdict: String,
    /// The students whose first failure it is, in name order.
    pub students: Vec<String>,
    /// Where the first of them first failed with it.
    pub n: Option<usize>,
    /// What the judge said there: the first differing line of a Wrong Answer; empty unless
    /// every one of them was told the same.
    pub detail: String,
}

/// One row of the report: a student graded, or an entry not graded.
#[derive(Clone, Copy, Debug)]
pub enum Outcome<'a> {
    /// A student graded.
    Graded(&'a Mark),
    /// An entry not graded, with why.
    NotGraded(&'a NotGraded),
    /// A roster student with no submission.
    Missing(&'a Identity),
}

/// Every row of `book`, graded or not: in the roster's order with a roster ([`Gradebook::order`]),
/// else in the order of their names.
pub fn rows(book: &Gradebook) -> Vec<Outcome<'_>> {
    listed_rows(book).into_iter().map(|(row, _)| row).collect()
}

/// [`rows`], each with its student of the roster, if any.
pub fn listed_rows(book: &Gradebook) -> Vec<(Outcome<'_>, Option<&Listed>)> {
    if !book.order.is_empty() {
        let outcome = |place: RowAt| match place {
            RowAt::Mark(i) => Outcome::Graded(&book.marks[i]),
            RowAt::NotGraded(i) => Outcome::NotGraded(&book.not_graded[i]),
            RowAt::Missing(i) => Outcome::Missing(&book.missing[i]),
        };
        return book.order.iter().map(|&(place, l)| (outcome(place), l.map(|l| &book.roster.listed[l]))).collect();
    }
    let mut rows: Vec<(&str, Outcome)> =
        book.marks.iter().map(|m| (m.graded.student.as_str(), Outcome::Graded(m))).collect();
    rows.extend(book.not_graded.iter().map(|n| (n.entry.as_str(), Outcome::NotGraded(n))));
    rows.extend(book.missing.iter().map(|who| (who.name.as_str(), Outcome::Missing(who))));
    rows.sort_by_key(|(name, _)| *name);
    rows.into_iter().map(|(_, row)| (row, None)).collect()
}

/// Whose user the submissions ran as out of the sandbox.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RunsAs {
    /// The grader's own (an ordinary user's grader).
    #[default]
    Grader,
    /// `nobody`, every one of them (a grader run as root that had no job slots).
    Nobody,
    /// Each job slot's own user (a grader run as root; [`crate::judge::slot`]).
    Slots,
}

impl RunsAs {
    /// Whose user the runs on `host` execute as, with job slots of their own (`slots`) or not.
    pub fn of(host: &crate::judge::host::Host, slots: bool) -> RunsAs {
        match (host.runs_as_nobody(), slots) {
            (false, _) => RunsAs::Grader,
            (true, false) => RunsAs::Nobody,
            (true, true) => RunsAs::Slots,
        }
    }
}

/// What `jobs` submissions at once out of the sandbox may do to each other: run as one user
/// (the grader's, or nobody), a great deal; each as its slot's user, nothing but share the machine.
pub fn side_by_side(jobs: usize, runs_as: RunsAs, lang: Lang) -> String {
    match runs_as {
        RunsAs::Slots => say!(lang, JobsWithoutSandboxApart, jobs),
        RunsAs::Nobody => say!(lang, JobsWithoutSandbox, jobs, user = "nobody"),
        RunsAs::Grader => say!(lang, JobsWithoutSandbox, jobs, user = say!(lang, RunsAsYourUser)),
    }
}

/// A student's time over a variant's.
pub fn ratio(student: f64, variant: f64) -> Option<f64> {
    (variant > 0.0).then(|| student / variant)
}

/// The gradebook of `graded` (in name order), with `baseline` to compare with.
pub fn gradebook(
    session: Sitting,
    graded: Vec<Graded>,
    pending: Vec<String>,
    not_graded: Vec<NotGraded>,
    baseline: Baseline,
) -> Gradebook {
    let mut marks: Vec<Mark> = graded.into_iter().map(|g| mark(g, &session, &baseline)).collect();
    let ids = super::ids::one_row_each(&mut marks, &not_graded);
    let summary = Summary { counts: super::summary::counts(&marks, &session.sizes), ..summary(&marks) };
    Gradebook {
        session,
        marks,
        pending,
        not_graded,
        missing: Vec::new(),
        baseline,
        summary,
        copies: Copies::default(),
        roster: Roster::default(),
        order: Vec::new(),
        unlisted: Vec::new(),
        replaced: ids.replaced,
        conflicts: ids.conflicts,
        apart: ids.apart,
        unwritten: Vec::new(),
        disguised: Vec::new(),
    }
}

fn mark(graded: Graded, session: &Sitting, baseline: &Baseline) -> Mark {
    let best: Option<&Point> = graded.points.iter().filter(|p| p.code == "AC").max_by_key(|p| p.n);
    let repeated = repeated(&graded);
    let against = VARIANTS
        .iter()
        .map(|algo| Against {
            algo: algo.name().to_string(),
            ratio: repeated
                .filter(|r| r.measurable())
                .and_then(|r| ratio(r.search(), baseline.seconds(algo.name(), r.n)?)),
        })
        .collect();
    Mark {
        identity: Identity::of(&graded.student),
        score_100: session.scoring.score(&session.sizes, &graded),
        largest: best.map(|p| p.n),
        seconds: repeated.map(Repeated::search).or(best.map(taken)),
        spread: repeated.map(|r| (r.max - r.min) / 2.0),
        peak_bytes: best.map(|p| p.peak_bytes),
        against,
        borderline: borderline(&graded, time_limit(session, &graded)).map(|p| p.n).collect(),
        replaces: Vec::new(),
        id_claimed_twice: false,
        graded,
    }
}

/// The time limit `graded` was judged under: its format's.
fn time_limit(session: &Sitting, graded: &Graded) -> f64 {
    session.rules.time_limit_of(graded.format.as_deref())
}

/// `graded`'s test points accepted in [`GRADE_BORDERLINE`] of `limit` seconds or more, by the
/// time the limit holds ([`taken`]).
fn borderline(graded: &Graded, limit: f64) -> impl Iterator<Item = &Point> {
    graded.points.iter().filter(move |p| p.code == "AC" && limit > 0.0 && taken(p) >= GRADE_BORDERLINE * limit)
}

/// The time a test point took by the measure the limit holds: its CPU time, where the backend
/// measures one (the wall time of a loaded machine is the load's, and a run is never cut for
/// it below [`Limits::wall`](crate::judge::process::Limits::wall)); its wall time where the
/// backend measures none, whose limit is on wall time.
pub(super) fn taken(point: &Point) -> f64 {
    match point.cpu_seconds > 0.0 {
        true => point.cpu_seconds,
        false => point.seconds,
    }
}

/// `graded`'s program timed again, if it was ([`super::rerun`]).
fn repeated(graded: &Graded) -> Option<&Repeated> {
    match &graded.timed {
        Some(Timed::Repeated(r)) => Some(r),
        _ => None,
    }
}

/// A student's first failure: the verdict, where, and what the judge said.
fn first_failure(graded: &Graded) -> Option<(String, Option<usize>, String)> {
    if let Some(message) = &graded.compile_error {
        let first = message.lines().next().unwrap_or_default().to_string();
        return Some((graded.score.clone(), None, first));
    }
    let point = graded.points.iter().find(|p| p.code != "AC")?;
    Some((point.verdict.clone(), Some(point.n), point.detail.clone()))
}

fn summary(marks: &[Mark]) -> Summary {
    let mut failures: Vec<Failure> = Vec::new();
    for m in marks {
        let Some((verdict, n, detail)) = first_failure(&m.graded) else { continue };
        match failures.iter_mut().find(|f| f.verdict == verdict) {
            // A detail is said of all of them or of none: one student's reason (a Java class
            // misnamed) is not another's (a Python syntax error) under the same verdict.
            Some(f) => {
                f.students.push(m.graded.student.clone());
                if f.detail != detail {
                    f.detail.clear();
                }
            }
            None => failures.push(Failure { verdict, students: vec![m.graded.student.clone()], n, detail }),
        }
    }
    // Every student who failed is under exactly one failure; the rest were accepted.
    let accepted = marks.len() - failures.iter().map(|f| f.students.len()).sum::<usize>();
    // The commonest; of equally common ones, the one met first in name order.
    let failure = failures.into_iter().rev().max_by_key(|f| f.students.len());
    Summary { accepted, graded: marks.len(), failure, counts: Census::default() }
}

/// What `labs judge` would show of a student who failed, in a line or two: the compiler's first
/// error line, or at the first test point not accepted its verdict, detail, notes and the last
/// line of its stderr.
fn what_the_judge_said(graded: &Graded, lang: Lang) -> Vec<String> {
    let who = &graded.student;
    let says = |text: String| say!(lang, WhoSays, who, text);
    if let Some(message) = &graded.compile_error {
        let first = message.lines().next().unwrap_or_default();
        return vec![says(say!(lang, VerdictDetail, verdict = graded.score, detail = first))];
    }
    let Some(point) = graded.points.iter().find(|p| p.code != "AC") else { return Vec::new() };
    let verdict = match point.detail.is_empty() {
        true => point.verdict.clone(),
        false => say!(lang, VerdictDetail, verdict = point.verdict, detail = point.detail),
    };
    let mut lines = vec![says(say!(lang, AtSizeSays, n = point.n, verdict))];
    lines.extend(point.notes.iter().chain(&graded.notes).map(|note| says(say!(lang, Note, note))));
    if let Some(last) = point.stderr.last() {
        lines.push(says(say!(lang, StderrEnds, last)));
    }
    lines
}

/// Each language's start-up as the marks measured it, in a few words: `C 1.1 ms, Python 14 ms`.
fn startups(book: &Gradebook, lang: Lang) -> String {
    let mut seen: Vec<(&str, f64)> = Vec::new();
    for r in book.marks.iter().filter_map(|m| repeated(&m.graded)) {
        if let Some(startup) = r.startup.filter(|_| !seen.iter().any(|(l, _)| *l == r.language)) {
            seen.push((&r.language, startup));
        }
    }
    match seen.is_empty() {
        true => say!(lang, StartupsNone),
        false => {
            let each: Vec<String> =
                seen.iter().map(|(l, s)| format!("{l} {}", duration(Duration::from_secs_f64(*s)))).collect();
            each.join(say!(lang, ListSeparator).as_str())
        }
    }
}

/// The lines that say how the class was graded, above the Markdown export's table: when, by
/// which `labs`, the judge and format, the limits and order rule, the comparison, the sandbox
/// and the process cap.
pub fn how_graded(book: &Gradebook) -> Vec<String> {
    let lang = book.session.lang;
    let session = &book.session;
    let rules = &session.rules;
    let sizes = session.sizes.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ");
    let comparison = match rules.strict {
        true => say!(lang, ComparedStrict),
        false => say!(lang, ComparedByJudge),
    };
    let sandbox = if rules.sandbox { "bubblewrap".to_string() } else { say!(lang, GradedNoSandbox) };
    let processes = match rules.max_processes {
        Some(k) => say!(lang, ProcessCapPerRun, k),
        None => say!(lang, NoProcessCap),
    };
    let (date, version, format, judge) = (&session.date, &session.labs_version, &session.format, &session.judge);
    vec![
        say!(lang, GradedBy, date, version, format, judge, sizes),
        say!(lang, Sentence, text = session.limits),
        say!(lang, GradedCompared, comparison, sandbox, processes),
    ]
}

/// The lines under the table: the class in a sentence, the commonest failure, what the columns
/// mean, and what was not graded.
pub fn notes(book: &Gradebook) -> Vec<String> {
    let s = &book.summary;
    let session = &book.session;
    let sizes = session.sizes.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ");
    let lang = book.session.lang;
    let (accepted, graded, judge, format) = (s.accepted, s.graded, &session.judge, &session.format);
    let mut lines =
        vec![say!(lang, AcceptedEverywhere, accepted, graded, sizes, judge, format), session.limits.clone()];
    if let Some(f) = &s.failure {
        let who = match f.students.len() {
            1 => say!(lang, OneStudent, name = f.students[0]),
            k => say!(lang, Students, k, names = f.students.join(&say!(lang, ListSeparator))),
        };
        let place = match f.n {
            Some(n) => say!(lang, FirstAt, n),
            None => String::new(),
        };
        let detail = if f.detail.is_empty() { String::new() } else { say!(lang, Detail, detail = f.detail) };
        lines.push(say!(lang, CommonestFailure, verdict = f.verdict, who, place, detail));
    }
    lines.extend(super::summary::render(&s.counts, lang));
    for m in &book.marks {
        let left: usize = m.graded.points.iter().map(|p| p.left_behind).sum();
        if left > 0 {
            lines.push(say!(lang, LeftRunning, who = m.graded.student, left));
        }
    }
    for m in &book.marks {
        lines.extend(what_the_judge_said(&m.graded, lang));
    }
    for m in book.marks.iter().filter(|m| m.largest.is_some_and(|n| n < GRADE_RATIO_MIN_N)) {
        let (who, n, min) = (&m.graded.student, m.largest.unwrap_or_default(), GRADE_RATIO_MIN_N);
        lines.push(say!(lang, NoRatioBelow, who, n, min));
    }
    for (m, r) in book.marks.iter().filter_map(|m| repeated(&m.graded).map(|r| (m, r))) {
        if !r.measurable() {
            let spread = duration(Duration::from_secs_f64(r.max - r.min));
            lines.push(say!(lang, NoRatioWithinStartup, who = m.graded.student, n = r.n, spread));
        }
    }
    let share = format!("{:.0} %", GRADE_BORDERLINE * 100.0);
    for m in book.marks.iter().filter(|m| !m.borderline.is_empty()) {
        let sizes = m.borderline.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(", ");
        let limit = duration(Duration::from_secs_f64(time_limit(session, &m.graded)));
        let slowest = borderline(&m.graded, time_limit(session, &m.graded)).map(taken);
        let time = duration(Duration::from_secs_f64(slowest.fold(0.0, f64::max)));
        lines.push(say!(lang, BorderlineAccept, who = m.graded.student, sizes, time, limit, share));
    }
    lines.extend(super::copies::notes(&book.copies, lang));
    lines.extend(book.disguised.iter().map(|name| say!(lang, NameDisguised, name)));
    for m in &book.marks {
        if let Some(Timed::Untimed(why) | Timed::NotTimed(why)) = &m.graded.timed {
            lines.push(say!(lang, WhoSays, who = m.graded.student, text = why));
        }
    }
    if session.several_formats() {
        let formats = session.allowed.iter().map(|a| format!("{} ({})", a.format, a.judge));
        lines.push(say!(
            lang,
            GradeFormatColumn,
            formats = formats.collect::<Vec<_>>().join(&say!(lang, ListSeparator))
        ));
    }
    let runs = book.marks.iter().find_map(|m| repeated(&m.graded)).map_or(book.baseline.runs, |r| r.runs);
    lines.push(say!(lang, GradeTimeColumn, min = GRADE_RATIO_MIN_N, runs, startups = startups(book, lang)));
    let names = VARIANTS.map(|a| format!("×{}", a.name())).join(", ");
    lines.push(match book.baseline.runs {
        // Interrupted before the variants were timed.
        0 => say!(lang, GradeRatiosUntimed, names),
        runs => say!(lang, GradeRatioColumns, names, runs),
    });
    let compared = |m: &&Mark| m.largest.is_some_and(|n| n >= GRADE_RATIO_MIN_N);
    let untimed = book.marks.iter().filter(compared).any(|m| m.against.iter().any(|a| a.ratio.is_none()));
    if untimed && !book.baseline.timings.is_empty() {
        let budget = duration(Duration::from_secs_f64(GRADE_BASELINE_BUDGET));
        lines.push(say!(lang, BlankRatio, budget));
    }
    let (sandboxed, bare): (Vec<&Mark>, Vec<&Mark>) = book.marks.iter().partition(|m| m.graded.sandboxed);
    let separator = say!(lang, ListSeparator);
    let listed = |marks: &[&Mark]| marks.iter().map(|m| m.graded.student.as_str()).collect::<Vec<_>>().join(&separator);
    // A class where no submission ran (all not graded) has no sandbox to speak of.
    lines.extend(match (sandboxed.len(), bare.len()) {
        (0, 0) => None,
        (_, 0) => Some(say!(lang, SandboxEvery)),
        (0, _) if book.session.runs_as == RunsAs::Nobody => Some(say!(lang, SandboxNoneAsNobody)),
        (0, _) if book.session.runs_as == RunsAs::Slots => Some(say!(lang, SandboxNoneApart)),
        (0, _) => Some(say!(lang, SandboxNone)),
        (_, _) => Some(say!(lang, SandboxSome, with = listed(&sandboxed), without = listed(&bare))),
    });
    if book.session.jobs > 1 {
        lines.push(say!(lang, JobsNotComparable, jobs = book.session.jobs));
        if !bare.is_empty() {
            lines.push(side_by_side(book.session.jobs, book.session.runs_as, lang));
        }
    }
    if !book.unlisted.is_empty() {
        let (k, names) = (book.unlisted.len(), book.unlisted.join(&separator));
        lines.push(say!(lang, Unlisted, k, names));
    }
    for r in &book.replaced {
        lines.push(say!(lang, Resubmitted, by = r.by, earlier = r.earlier, marks = super::ids::MARKS));
    }
    for c in &book.conflicts {
        lines.push(say!(lang, IdConflict, claimed = c.claimed, claimants = c.claimants.join(&separator)));
    }
    lines.extend(book.unwritten.iter().cloned());
    if !book.pending.is_empty() {
        let done = book.marks.len();
        let (total, rest) = (done + book.pending.len(), book.pending.join(&separator));
        lines.push(say!(lang, GradingInterrupted, done, total, rest));
    }
    lines
}
