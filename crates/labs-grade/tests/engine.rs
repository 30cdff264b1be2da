//! The engine driven as a library, with no command line and no terminal: a class folder scanned
//! or a class made by hand, a journal's lines, a stop handle and a recording reporter, and the
//! events and results compared.

use labs_grade::class::{Student, sha256};
use labs_grade::copies::{self, Copies, Group, Pair, Source};
use labs_grade::event::{Quiet, Reporter, Step};
use labs_grade::jobs::{self, Halted};
use labs_grade::journal::{Graded, Header, Journal, Logged, Started, Unjudged};
use labs_grade::landing::{Landed, Landing, Mishap};
use labs_grade::resume;
use labs_grade::scan::{self, Caps};
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
    Logged::Graded(Box::new(result(name, sha256)))
}

fn result(name: &str, sha256: &str) -> Graded {
    Graded {
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
    }
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

#[test]
fn a_class_folder_is_scanned_judged_and_reported_with_no_cli() {
    let dir = tempfile::tempdir().unwrap();
    let write = |path: &str, text: &str| {
        let path = dir.path().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("alice.c", "int main(void) { return 0; }\n");
    write("bob/Main.java", "class Main { public static void main(String[] a) {} }\n");
    write("a.c", "");
    write("a.py", "");
    write("wei.zip", "");
    write("README", "");
    write("big.py", &"#".repeat(101));
    let found = scan::find(&[dir.path().to_path_buf()], Caps::new(100, (50, 10, 8))).unwrap();
    let students: Vec<(&str, Language)> = found.students.iter().map(|s| (s.name.as_str(), s.language)).collect();
    assert_eq!(students, [("alice", Language::C), ("bob", Language::Java)]);
    // What is judged is the copy of the bytes the scan read, hashed as read.
    let alice = &found.students[0];
    assert_ne!(alice.judged, dir.path().join("alice.c"));
    assert_eq!(std::fs::read(&alice.judged).unwrap(), b"int main(void) { return 0; }\n");
    assert_eq!(alice.sha256, sha256(b"int main(void) { return 0; }\n"));
    let rows: Vec<String> = found.not_graded.iter().map(|(entry, why)| format!("{entry}: {why:?}")).collect();
    assert_eq!(
        rows,
        [
            "README: NotASource",
            "a.c: TwoSubmissions { name: \"a\", entries: \"a.c, a.py\" }",
            "a.py: TwoSubmissions { name: \"a\", entries: \"a.c, a.py\" }",
            "big.py: Refused { file: None, why: TooLarge(101), cap: 100 }",
            "wei.zip: Archive",
        ]
    );
    // Then judged, two at a time, by a judge of the caller's that passes every Java program.
    let mut events = Vec::new();
    let plan = resume::plan(&found.students, &[], &[], &mut events);
    let work = |s: &Student, _: Option<_>| s.language == Language::Java;
    let mut passed = Vec::new();
    let mut land = |s: &Student, java: bool| -> Result<(), ()> {
        passed.push((s.name.clone(), java));
        Ok(())
    };
    jobs::each(&plan.rest, (2, &[]), &NoStop, &work, &mut land, &mut events).unwrap();
    passed.sort();
    assert_eq!(passed, [("alice".to_string(), false), ("bob".to_string(), true)]);
    assert_eq!(events[0], Step::Resumed { kept: 0, todo: 2 });
    let mut started: Vec<&Step> = events[1..].iter().collect();
    started.sort_by_key(|e| format!("{e:?}"));
    assert_eq!(started, [&Step::Started { name: "alice".into() }, &Step::Started { name: "bob".into() }]);
}

#[test]
fn a_class_with_nothing_to_grade_is_an_error_that_holds_every_reason() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("notes.txt"), "").unwrap();
    std::fs::create_dir(dir.path().join("carol")).unwrap();
    match scan::find(&[dir.path().to_path_buf()], Caps::new(100, (50, 10, 8))) {
        Err(scan::Unscanned::Empty { not_graded, .. }) => {
            let rows: Vec<String> = not_graded.iter().map(|(entry, why)| format!("{entry}: {why:?}")).collect();
            assert_eq!(rows, ["carol/: NoSourceInside", "notes.txt: NotASource"]);
        }
        other => panic!("{other:?}"),
    }
}

fn unjudged(name: &str) -> Logged {
    Logged::Unjudged(Unjudged { unjudged: name.into() })
}

/// One student for each way a result lands: graded, stopped by the user, stopped by someone
/// else, failed by the machine, unjudgeable for another reason (the caller's words).
fn every_landing() -> Vec<(Student, Landed)> {
    let failed = |mishap| Landed::Failed(mishap);
    vec![
        (student("amy", "amy"), Landed::Graded(Box::new(result("amy", "amy")))),
        (student("bob", "bob"), failed(Mishap::SignalByUser)),
        (student("cy", "cy"), failed(Mishap::Signal)),
        (student("dee", "dee"), failed(Mishap::Machine { why: "the sandbox failed twice".into() })),
        (student("eve", "eve"), failed(Mishap::Other { reason: "no javac".into() })),
    ]
}

#[test]
fn each_result_lands_in_the_journal_sorted_and_reported_as_it_lands() {
    let mut landing = Landing { graded: vec![result("zed", "zed")], ..Landing::default() };
    let (mut lines, mut events) = (Vec::new(), Vec::new());
    for (student, landed) in every_landing() {
        let mut append = |line: &Logged| -> Result<(), ()> {
            lines.push(line.clone());
            Ok(())
        };
        landing.land(&student, landed, &mut append, &mut events).unwrap();
    }
    // A stop by the user leaves the student to judge again; one by someone else leaves the
    // started line alone, as a stop of the program's; a failure is judged again by --resume.
    assert_eq!(lines, [graded("amy", "amy"), unjudged("bob"), unjudged("dee"), unjudged("eve")]);
    let name = |n: &str| n.to_string();
    assert_eq!(
        events,
        [
            Step::Judged { name: name("amy"), score: name("4/4"), graded: 2 },
            Step::NotGraded { name: name("dee"), reason: name("the sandbox failed twice") },
            Step::NotGraded { name: name("eve"), reason: name("no javac") },
        ]
    );
    assert_eq!(landing.graded.iter().map(|g| g.student.as_str()).collect::<Vec<_>>(), ["zed", "amy"]);
    assert_eq!(landing.settled, ["dee", "eve"]);
    assert_eq!(landing.failed, [(name("dee"), name("the sandbox failed twice")), (name("eve"), name("no javac"))]);
}

#[test]
fn a_result_the_journal_refuses_lands_nowhere() {
    let mut landing = Landing::default();
    let mut events = Vec::new();
    for (student, landed) in every_landing() {
        let mut full = |_: &Logged| Err("the journal is full");
        let kept = landing.land(&student, landed.clone(), &mut full, &mut events);
        // A stop by someone else writes nothing, so nothing can refuse it.
        match landed {
            Landed::Failed(Mishap::Signal) => assert_eq!(kept, Ok(())),
            _ => assert_eq!(kept, Err("the journal is full"), "{}", student.name),
        }
    }
    assert_eq!((landing, events), (Landing::default(), Vec::new()));
}

#[test]
fn a_run_that_goes_on_from_the_journal_keeps_the_graded_and_judges_the_stopped_program_first() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("journal");
    let header = Header {
        format: "compact".into(),
        sizes: vec![4, 5],
        time_limit: 1.0,
        memory_limit: None,
        output_limit: None,
        any_order: false,
        strict: false,
        lang: "en".into(),
        sandbox: false,
        max_processes: None,
        build_memory_limit: None,
        build_file_limit: None,
        allowed: Vec::new(),
        version: labs_grade::journal::VERSION,
    };
    let open = |resume| {
        let file = std::fs::OpenOptions::new().read(true).write(true).create(true).truncate(false).open(&path);
        Journal::open(file.unwrap(), &path, (&header, resume), 1 << 20, 1).unwrap()
    };
    let landings = every_landing();
    {
        let (mut journal, _) = open(false);
        let mut landing = Landing::default();
        for (student, landed) in &landings {
            journal.append(&started(&student.name, &student.sha256, false)).unwrap();
            landing.land(student, landed.clone(), &mut |line| journal.append(line), &mut Quiet).unwrap();
        }
    }
    let (_journal, lines) = open(true);
    let class: Vec<Student> = landings.into_iter().map(|(student, _)| student).collect();
    let mut events = Vec::new();
    let plan = resume::plan(&class, &lines, &[], &mut events);
    assert_eq!(plan.graded, [result("amy", "amy")]);
    assert_eq!(names(&plan.first), ["cy"]);
    assert_eq!(names(&plan.rest), ["bob", "dee", "eve"]);
    assert_eq!(events, [Step::StoppedOnce { name: "cy".into() }, Step::Resumed { kept: 1, todo: 4 }]);
}

#[test]
fn each_copy_flagged_is_reported_groups_first_as_the_report_lists_them() {
    let pair = |a: &str, b: &str, score| Pair { a: a.into(), b: b.into(), score, same_output: Vec::new() };
    let group = Group {
        students: vec!["amy".into(), "bob".into(), "cy".into()],
        low: 0.7,
        high: 0.9,
        pairs: vec![pair("amy", "bob", 0.9), pair("amy", "cy", 0.8), pair("bob", "cy", 0.7)],
        identical: false,
        same_output: vec![6],
    };
    let flagged = Copies { threshold: 0.5, base: None, groups: vec![group], pairs: vec![pair("dee", "eve", 0.6)] };
    let mut events = Vec::new();
    flagged.report(&mut events);
    let students = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    assert_eq!(
        events,
        [
            Step::CopyFound { students: students(&["amy", "bob", "cy"]), score: 0.9, same_output: vec![6] },
            Step::CopyFound { students: students(&["dee", "eve"]), score: 0.6, same_output: Vec::new() },
        ]
    );
}

#[test]
fn two_students_who_print_the_same_wrong_board_are_a_copy_found() {
    let source = |name: &str, text: &str, wrong: &str| Source {
        name: name.into(),
        language: Language::C,
        text: text.into(),
        wrong_outputs: vec![(5, sha256(wrong.as_bytes()))],
        format: None,
    };
    let class = [
        source("amy", "int main(void) { return 0; }\n", "Q....\n"),
        source("bob", "int main(void) { for (;;) {} }\n", "Q....\n"),
        source("cy", "int main(void) { return 1; }\n", ".Q...\n"),
    ];
    let mut events = Vec::new();
    copies::check(&class, None, copies::THRESHOLD).report(&mut events);
    match &events[..] {
        [Step::CopyFound { students, same_output, .. }] => {
            assert_eq!(
                (students.as_slice(), same_output.as_slice()),
                (&["amy".to_string(), "bob".to_string()][..], &[5][..])
            )
        }
        other => panic!("{other:?}"),
    }
}
