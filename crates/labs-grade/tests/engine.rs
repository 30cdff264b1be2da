//! The engine driven as a library, with no command line and no terminal: a class made by hand, a
//! journal's lines, a stop handle and a recording reporter, and the events and results compared.

use labs_grade::class::Student;
use labs_grade::event::{Reporter, Step};
use labs_grade::jobs::{self, Halted};
use labs_grade::journal::{Graded, Logged, Started, Unjudged};
use labs_grade::resume;
use labs_judge::compile::Language;
use labs_judge::process::{NoStop, StopHandle};
use pretty_assertions::assert_eq;
use std::cell::RefCell;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

fn student(name: &str, sha256: &str) -> Student {
    Student {
        name: name.into(),
        source: PathBuf::from(format!("class/{name}.c")),
        judged: PathBuf::from(format!("copy/{name}.c")),
        language: Language::C,
        project: None,
        sha256: sha256.into(),
    }
}

fn graded(name: &str, sha256: &str) -> Logged {
    let graded = Graded {
        student: name.into(),
        source: format!("class/{name}.c"),
        sha256: sha256.into(),
        built_with: None,
        compile_error: None,
        score: "4/4".into(),
        points: Vec::new(),
        notes: Vec::new(),
        sandboxed: false,
        timed: None,
        format: None,
        tried: Vec::new(),
    };
    Logged::Graded(Box::new(graded))
}

fn started(name: &str, sha256: &str, alone: bool) -> Logged {
    Logged::Started(Started { started: name.into(), sha256: sha256.into(), alone })
}

fn names(students: &[&Student]) -> Vec<String> {
    students.iter().map(|s| s.name.clone()).collect()
}

#[test]
fn a_resumed_run_keeps_what_stands_and_says_why_it_judges_each_other_student() {
    let class: Vec<Student> = ["amy", "bob", "cy", "dee", "eve", "fay", "gus"].iter().map(|n| student(n, n)).collect();
    let lines = [
        graded("amy", "amy"),
        graded("bob", "bob, before"),
        graded("cy", "cy"),
        started("dee", "dee", false),
        started("eve", "eve", true),
        started("eve", "eve", true),
        // gus was graded, then the machine could not judge him: judged again.
        graded("gus", "gus"),
        Logged::Unjudged(Unjudged { unjudged: "gus".into() }),
    ];
    let mut events = Vec::new();
    let plan = resume::plan(&class, &lines, &["cy".to_string()], &mut events);
    let name = |n: &str| n.to_string();
    assert_eq!(
        events,
        [
            Step::SourceChanged { name: name("bob") },
            Step::Rejudged { name: name("cy") },
            Step::StoppedOnce { name: name("dee") },
            Step::StoppedTwice { name: name("eve") },
            Step::Resumed { kept: 1, todo: 5 },
        ]
    );
    assert_eq!(plan.graded.iter().map(|g| g.student.as_str()).collect::<Vec<_>>(), ["amy"]);
    assert_eq!(names(&plan.first), ["dee"]);
    assert_eq!(names(&plan.rest), ["bob", "cy", "fay", "gus"]);
    assert_eq!(names(&plan.stopped_twice), ["eve"]);
}

#[test]
fn a_student_named_again_is_run_a_third_time_and_a_new_source_starts_its_count_over() {
    let class = [student("eve", "eve"), student("fay", "fay, new")];
    let lines = [
        started("eve", "eve", true),
        started("eve", "eve", true),
        started("fay", "fay", true),
        started("fay", "fay", true),
    ];
    let mut events = Vec::new();
    let plan = resume::plan(&class, &lines, &["eve".to_string()], &mut events);
    assert_eq!(events, [Step::StoppedOnce { name: "eve".into() }, Step::Resumed { kept: 0, todo: 2 }]);
    assert_eq!((names(&plan.first), names(&plan.rest)), (vec!["eve".to_string()], vec!["fay".to_string()]));
}

/// Events and results in one log, in the order they reach the caller.
struct Log<'a>(&'a RefCell<Vec<String>>);

impl Reporter for Log<'_> {
    fn report(&mut self, event: Step) {
        let line = match event {
            Step::Started { name } => format!("start {name}"),
            Step::Stopped { signal } => format!("stopped {signal}"),
            other => format!("{other:?}"),
        };
        self.0.borrow_mut().push(line);
    }
}

#[test]
fn one_job_judges_each_student_in_order_and_reports_each_start_before_its_result() {
    let class: Vec<Student> = ["amy", "bob", "cy"].iter().map(|n| student(n, n)).collect();
    let todo: Vec<&Student> = class.iter().collect();
    let log = RefCell::new(Vec::new());
    let work = |s: &Student, slot: Option<_>| {
        assert!(slot.is_none(), "no slot was claimed");
        s.name.len()
    };
    let mut land = |s: &Student, len: usize| -> Result<(), ()> {
        log.borrow_mut().push(format!("land {} {len}", s.name));
        Ok(())
    };
    let ended = jobs::each(&todo, (1, &[]), &NoStop, &work, &mut land, &mut Log(&log));
    assert!(ended.is_ok());
    assert_eq!(log.into_inner(), ["start amy", "land amy 3", "start bob", "land bob 3", "start cy", "land cy 2"]);
}

#[test]
fn several_jobs_judge_every_student_once_each_start_before_its_result() {
    let class: Vec<Student> = (0..24).map(|k| student(&format!("s{k:02}"), "x")).collect();
    let todo: Vec<&Student> = class.iter().collect();
    let log = RefCell::new(Vec::new());
    let work = |s: &Student, _: Option<_>| s.name.clone();
    let mut land = |s: &Student, name: String| -> Result<(), ()> {
        assert_eq!(s.name, name, "a result lands with its own student");
        log.borrow_mut().push(format!("land {name}"));
        Ok(())
    };
    jobs::each(&todo, (4, &[]), &NoStop, &work, &mut land, &mut Log(&log)).unwrap();
    let log = log.into_inner();
    for s in &class {
        let at = |what: &str| {
            let found: Vec<usize> = (0..log.len()).filter(|&i| log[i] == format!("{what} {}", s.name)).collect();
            assert_eq!(found.len(), 1, "{what} {} once in {log:?}", s.name);
            found[0]
        };
        assert!(at("start") < at("land"), "{}: {log:?}", s.name);
    }
    assert_eq!(log.len(), 2 * class.len());
}

/// A stop that comes as the first student's program runs, as Ctrl-C would.
#[derive(Debug, Default)]
struct StopAtFirst(AtomicBool);

impl StopHandle for StopAtFirst {
    fn signal(&self) -> Option<i32> {
        self.0.load(Ordering::SeqCst).then_some(2)
    }
}

#[test]
fn a_stop_through_the_handle_starts_no_other_student_and_is_reported_once() {
    let class: Vec<Student> = ["amy", "bob", "cy"].iter().map(|n| student(n, n)).collect();
    let todo: Vec<&Student> = class.iter().collect();
    let stop = StopAtFirst::default();
    let log = RefCell::new(Vec::new());
    let work = |s: &Student, _: Option<_>| {
        stop.0.store(true, Ordering::SeqCst);
        s.name.clone()
    };
    let mut land = |_: &Student, name: String| -> Result<(), ()> {
        log.borrow_mut().push(format!("land {name}"));
        Ok(())
    };
    jobs::each(&todo, (1, &[]), &stop, &work, &mut land, &mut Log(&log)).unwrap();
    // The student in flight lands: the caller decides what a stopped result is.
    assert_eq!(log.into_inner(), ["start amy", "land amy", "stopped 2"]);
}

#[test]
fn a_result_the_caller_refuses_stops_the_judging_with_its_error() {
    let class: Vec<Student> = ["amy", "bob", "cy"].iter().map(|n| student(n, n)).collect();
    let todo: Vec<&Student> = class.iter().collect();
    let mut landed = Vec::new();
    let work = |s: &Student, _: Option<_>| s.name.clone();
    let mut land = |_: &Student, name: String| {
        if name == "bob" {
            return Err("the journal is full");
        }
        landed.push(name);
        Ok(())
    };
    let mut events = Vec::new();
    match jobs::each(&todo, (1, &[]), &NoStop, &work, &mut land, &mut events) {
        Err(Halted::Land(why)) => assert_eq!(why, "the journal is full"),
        other => panic!("{other:?}"),
    }
    assert_eq!(landed, ["amy"]);
    assert!(!events.contains(&Step::Started { name: "cy".into() }), "{events:?}");
}
