//! Issue 37's course, graded in one run as an instructor would: a class folder as a course
//! platform hands it out (ids, Chinese names, folders) and a roster saved by Excel on Chinese
//! Windows (GBK), where the course allowed AcWing's format or PTA's. Its students: a C program
//! split into a header and two units, C++ in two units with its header in `include/`, Java in
//! `package lab` handed in flat, a folder named by the id alone, a student in PTA's format, an
//! honest C++ student and a copy of them with the functions reordered and every `for` turned into
//! a `while`, a student who left out the blank lines, and a roster student with no submission.
//!
//! One run gives one row per roster student in the roster's order, the right verdict for each,
//! the copy flagged with its pair and no "same wrong output" (the two formats are never compared),
//! feedback with the diff in a code block, no time of `0 ns`; `--resume --lang en` renders the
//! gradebook again in English and judges no one (the journal gains only the line naming the run).

use super::{a_class_of, grade_by, graded_in, text};
use crate::judging::{self, Watched, assert_nothing_survives};
use pretty_assertions::assert_eq;
use std::path::Path;

/// A correct PTA 八皇后 program ("spaced"): cells joined by spaces, a blank line between boards,
/// `None` when there is none.
const PTA_PY: &str = r#"import sys
n = int(sys.stdin.read())
boards = []
cols = []
def go(r):
    if r == n:
        boards.append('\n'.join(' '.join('Q' if c == q else '.' for c in range(n)) for q in cols))
        return
    for c in range(n):
        if all(c != q and abs(c - q) != r - i for i, q in enumerate(cols)):
            cols.append(c)
            go(r + 1)
            cols.pop()
go(0)
print('\n\n'.join(boards) if boards else 'None')
"#;

/// AcWing's boards with the blank line after each left out: a Presentation Error there.
const NO_BLANK_PY: &str = r#"import sys
n = int(sys.stdin.read())
def go(r, cols):
    if r == n:
        for c in cols:
            print('.' * c + 'Q' + '.' * (n - c - 1))
        return
    for c in range(n):
        if all(c != d and abs(c - d) != r - i for i, d in enumerate(cols)):
            go(r + 1, cols + [c])
go(0, [])
"#;

/// The roster, in its own order (not the class's), as UTF-8 text: written as GBK.
const ROSTER: &str = "学号,姓名,班级\n\
    2023011007,周九,计科2班\n\
    2023011001,张三,计科1班\n\
    2023011002,李四,计科1班\n\
    2023011003,王五,计科1班\n\
    2023011004,赵六,计科2班\n\
    2023011005,钱七,计科2班\n\
    2023011006,孙八,计科1班\n\
    2023011008,吴十,计科2班\n\
    2023011009,郑十一,计科1班\n";

/// Writes the course's class into `root/class` and its roster, GBK, into `root/roster.csv`.
fn write_course(root: &Path) {
    let class = root.join("class");
    let projects = judging::projects();
    let project = |name: &str| projects.iter().find(|(n, _)| *n == name).unwrap().1.clone();
    for (folder, files) in [
        ("2023011001_张三", project("c")),
        ("2023011002_李四", project("cpp")),
        ("2023011003_王五_assignsubmission_file_", project("java")),
        ("2023011004", vec![("queens.c", include_str!("../class/rows.c").to_string())]),
    ] {
        judging::write_all(&class.join(folder), &files);
    }
    for (file, source) in [
        ("2023011005_钱七.py", PTA_PY),
        ("2023011006_孙八.cpp", include_str!("../class/zhangsan.cpp")),
        ("2023011007_周九.cpp", include_str!("../class/zhaoliu.cpp")),
        ("2023011008_吴十.py", NO_BLANK_PY),
    ] {
        std::fs::write(class.join(file), source).unwrap();
    }
    let (gbk, _, unmappable) = encoding_rs::GBK.encode(ROSTER);
    assert!(!unmappable);
    std::fs::write(root.join("roster.csv"), gbk).unwrap();
}

#[test]
fn a_course_in_two_formats_with_programs_in_several_files_is_one_gradebook_in_roster_order() {
    let dir = a_class_of(&[]);
    let root = dir.path();
    write_course(root);
    let rules = ["--format", "acwing,pta", "--n", "2,4,6", "--time-limit", "3"];
    let outputs = ["--roster", "roster.csv", "--feedback", "fb", "--export-csv", "zh.csv", "--export-json", "g.json"];
    let out = grade_by(root, &[&rules[..], &["--lang", "zh"]].concat(), &outputs).watched_output();
    assert_nothing_survives("course");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report = text(&out.stdout);
    let read = |name: &str| std::fs::read_to_string(root.join(name)).unwrap();
    let csv = read("zh.csv");
    // One row per roster student, in the roster's order, with its 班级; the right verdict each.
    let rows: Vec<Vec<&str>> = csv.lines().skip(1).map(|l| l.split(',').take(10).collect()).collect();
    let ac = "AC 答案正确：通过了 3/3 个数据";
    // Each judged by the allowed format it prints, and the format recorded.
    let row = |id, name, class, entry: &'static str, verdicts: [&'static str; 3], score, said: &'static str| {
        let format = match (entry, said) {
            ("", _) => "",
            (_, said) if said.contains("测试点") => "spaced",
            _ => "compact",
        };
        [&[id, name, class, entry][..], &verdicts, &[score, said, format]].concat()
    };
    let expected = [
        row("2023011007", "周九", "计科2班", "2023011007_周九", ["AC"; 3], "100", ac),
        row("2023011001", "张三", "计科1班", "2023011001_张三", ["AC"; 3], "100", ac),
        row("2023011002", "李四", "计科1班", "2023011002_李四", ["AC"; 3], "100", ac),
        row("2023011003", "王五", "计科1班", "2023011003_王五_assignsubmission_file_", ["AC"; 3], "100", ac),
        row("2023011004", "赵六", "计科2班", "2023011004", ["AC"; 3], "100", ac),
        row("2023011005", "钱七", "计科2班", "2023011005_钱七", ["AC"; 3], "100", "AC 答案正确：3 个测试点通过 3 个"),
        row("2023011006", "孙八", "计科1班", "2023011006_孙八", ["AC"; 3], "100", ac),
        row(
            "2023011008",
            "吴十",
            "计科2班",
            "2023011008_吴十",
            ["AC", "PE", "PE"],
            "33.3",
            "PE 格式错误：通过了 1/3 个数据",
        ),
        row("2023011009", "郑十一", "计科1班", "", ["", "", ""], "0", "未提交"),
    ];
    assert_eq!(rows, expected, "{csv}\n{report}");
    assert!(csv.starts_with("\u{feff}学号,姓名,班级,提交,n2,n4,n6,得分,评测结果,格式,"), "{csv}");
    // No time reads 0: every graded student's seconds are above zero, and the table says no `0 ns`.
    let seconds: Vec<f64> =
        csv.lines().skip(1).take(8).map(|l| l.split(',').nth(11).unwrap().parse().unwrap()).collect();
    assert!(seconds.iter().all(|&s| s > 0.0), "{csv}");
    assert!(!report.contains(" 0 ns"), "{report}");
    // The copy through a rewrite is flagged with its pair; no pair printed the same wrong output.
    let json: serde_json::Value = serde_json::from_str(&read("g.json")).unwrap();
    let pairs: Vec<(String, String)> = json["copies"]["pairs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["a"].as_str().unwrap().to_string(), p["b"].as_str().unwrap().to_string()))
        .collect();
    assert_eq!(pairs, [("2023011006_孙八".to_string(), "2023011007_周九".to_string())], "{}", json["copies"]);
    assert!(json["copies"]["pairs"].as_array().unwrap().iter().all(|p| p["same_output"] == serde_json::json!([])));
    // The feedback shows the difference in a code block, in the student's language.
    let wu = read("fb/2023011008_吴十.md");
    let diff = "```text\nn = 4，从第 4 行起，标准答案（-）与你的输出（+）对比：\n ..Q.\n-\n ..Q.\n .Q..\n-\n```\n";
    assert!(wu.contains(diff), "{wu}");
    assert!(wu.contains("成绩册取得分最高的 --format compact（AcWing）"), "{wu}");
    // A program in several files: its feedback says which files were built, and how.
    let zhang = read("fb/2023011001_张三.md");
    let built = "\n\n编译命令：gcc -DONLINE_JUDGE -O2 -std=c11 -pipe ./main.c ./queens.c -lm -o ";
    assert!(zhang.contains(built), "{zhang}");
    // The journal's run count: a resume in English judges no one again.
    let journal = read("grade.jsonl");
    assert_eq!(graded_in(&journal), 8, "{journal}");
    let again = [&rules[..], &["--lang", "en"]].concat();
    let out =
        grade_by(root, &again, &["--resume", "--roster", "roster.csv", "--export-csv", "en.csv"]).watched_output();
    assert_nothing_survives("course again");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let after = read("grade.jsonl");
    let added = after.strip_prefix(journal.as_str()).unwrap_or_else(|| panic!("{after}"));
    assert_eq!((added.lines().count(), added.starts_with("{\"opened_by\":")), (1, true), "{added}");
    assert!(read("en.csv").starts_with("id,name,"), "{}", read("en.csv"));
}
