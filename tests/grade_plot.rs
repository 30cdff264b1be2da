//! `labs grade --plot`: the picture in the gradebook's language, every word of it inside the
//! picture, and the students' times net of start-up, from gradebooks of fixed records built
//! through the public API as `tests/grade.rs` builds them.

use nqueens_labs::grade::baseline::{Baseline, Timing};
use nqueens_labs::grade::book::{Gradebook, Scoring, Sitting, gradebook};
use nqueens_labs::grade::journal::{Graded, Header, Point};
use nqueens_labs::grade::plot;
use nqueens_labs::grade::rerun::{Repeated, Timed};
use nqueens_labs::lang::Lang;
use pretty_assertions::assert_eq;

/// An accepted (or, for another code, failed) test point whose run took `seconds`, on both clocks.
fn point(n: usize, code: &str, seconds: f64) -> Point {
    Point {
        n,
        code: code.into(),
        verdict: format!("{code} verdict"),
        detail: String::new(),
        seconds,
        cpu_seconds: seconds,
        peak_bytes: 1_500_000,
        left_behind: 0,
        notes: Vec::new(),
        stderr: Vec::new(),
        output: String::new(),
        diff: String::new(),
    }
}

/// A student of `source` (its extension gives the language) with these points.
fn student(name: &str, source: &str, points: Vec<Point>) -> Graded {
    Graded {
        student: name.into(),
        source: source.into(),
        sha256: String::new(),
        built_with: None,
        compile_error: None,
        score: String::new(),
        points,
        notes: Vec::new(),
        sandboxed: true,
        timed: None,
        format: None,
        tried: Vec::new(),
    }
}

/// A program timed again at n = 8 in `language`, whose empty program started in `startup`.
fn timed(startup: Option<f64>, language: &str) -> Option<Timed> {
    let repeated =
        Repeated { n: 8, runs: 5, median: 0.0024, min: 0.0022, max: 0.0041, startup, language: language.into() };
    Some(Timed::Repeated(repeated))
}

/// The gradebook of `graded`, judged at n = 4, 6, 8 beside fixed variants' times, in `lang`.
fn book(graded: Vec<Graded>, lang: Lang) -> Gradebook {
    // Each variant's time per search at n = 4, 6, 8.
    let variants =
        [("naive", [2.1e-6, 24e-6, 470e-6]), ("row", [0.4e-6, 2.4e-6, 18.7e-6]), ("bits", [0.2e-6, 0.9e-6, 6.6e-6])];
    let timings = variants
        .iter()
        .flat_map(|(algo, times)| {
            [4, 6, 8].into_iter().zip(times).map(|(n, &seconds)| Timing { algo: algo.to_string(), n, seconds })
        })
        .collect();
    let baseline = Baseline { runs: 5, timings };
    // The journal's header, as a journal of this version holds it.
    let rules: Header = serde_json::from_value(serde_json::json!({
        "format": "compact", "sizes": [4, 6, 8], "time_limit": 1.0, "memory_limit": 64 << 20,
        "output_limit": null, "any_order": true, "strict": false,
        "lang": if lang == Lang::Zh { "zh" } else { "en" }, "sandbox": true, "max_processes": 128,
        "build_memory_limit": 1024 << 20, "build_file_limit": 64 << 20, "version": 3,
    }))
    .unwrap();
    let (judge, format, sizes, date) = ("Luogu".into(), rules.format.clone(), rules.sizes.clone(), String::new());
    let (limits, labs_version, scoring) = (String::new(), env!("CARGO_PKG_VERSION").into(), Scoring::equal(3));
    let session = Sitting {
        judge,
        format,
        sizes,
        jobs: 1,
        rules,
        limits,
        allowed: Vec::new(),
        date,
        labs_version,
        runs_as: Default::default(),
        lang,
        scoring,
    };
    gradebook(session, graded, Vec::new(), Vec::new(), baseline)
}

/// alice (C, start-up 1.9 ms measured with her program), bob (C too, not timed again), carol
/// (Python, whose start-up nobody measured) and dave, accepted nowhere.
fn class(lang: Lang) -> Gradebook {
    let alice = Graded {
        timed: timed(Some(0.0019), "C"),
        ..student(
            "alice",
            "class/alice.c",
            vec![point(4, "AC", 0.0012), point(6, "AC", 0.0013), point(8, "AC", 0.0031)],
        )
    };
    let bob = student("bob", "class/bob.c", vec![point(4, "AC", 0.021), point(6, "AC", 0.024), point(8, "TLE", 1.0)]);
    let carol = student("carol", "class/carol.py", vec![point(4, "AC", 0.030), point(6, "WA", 0.031)]);
    let dave = student("dave", "class/dave.c", vec![point(4, "WA", 0.02)]);
    book(vec![alice, bob, carol, dave], lang)
}

/// Where a text is drawn: left, top, right, bottom, in pixels.
type Bounds = (f64, f64, f64, f64);

/// One `<text>` element of the SVG: where it is, its size and anchor, and what it says.
#[derive(Debug)]
struct Text {
    x: f64,
    y: f64,
    size: f64,
    anchor: String,
    dy: String,
    font: String,
    text: String,
}

/// A filled marker: a measured time, or its line in a legend.
fn measured(tag: &str) -> bool {
    tag.starts_with("<polygon") && !floor(tag)
}

/// A hollow dot: a time within the start-up, on the floor.
fn floor(tag: &str) -> bool {
    tag.contains("fill=\"none\"")
}

/// The attribute `name` of the tag `tag`, as written.
fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    tag[start..].split('"').next()
}

/// Every `<text>` of `svg` (plotters writes each as a tag, its text, `</text>`, a line each).
fn texts(svg: &str) -> Vec<Text> {
    let lines: Vec<&str> = svg.lines().collect();
    let mut out = Vec::new();
    for (i, tag) in lines.iter().enumerate().filter(|(_, l)| l.starts_with("<text ")) {
        let number = |name| attribute(tag, name).unwrap().parse::<f64>().unwrap();
        out.push(Text {
            x: number("x"),
            y: number("y"),
            size: number("font-size"),
            anchor: attribute(tag, "text-anchor").unwrap_or("start").into(),
            dy: attribute(tag, "dy").unwrap_or("").into(),
            font: attribute(tag, "font-family").unwrap().replace("&apos;", "'"),
            text: lines[i + 1].replace("&apos;", "'").replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">"),
        });
    }
    out
}

/// The picture's width and height, from its `<svg>` tag.
fn size(svg: &str) -> (f64, f64) {
    let tag = svg.lines().find(|l| l.starts_with("<svg ")).unwrap();
    let number = |name| attribute(tag, name).unwrap().parse::<f64>().unwrap();
    let view: Vec<f64> = attribute(tag, "viewBox").unwrap().split(' ').map(|v| v.parse().unwrap()).collect();
    assert_eq!(view, [0.0, 0.0, number("width"), number("height")]);
    (number("width"), number("height"))
}

/// The texts that are words, not numbers on an axis (`10 ms`, `4`, `0–9`).
fn words(svg: &str) -> Vec<String> {
    let tick = |t: &str| t.chars().next().is_some_and(|c| c.is_ascii_digit());
    texts(svg).into_iter().map(|t| t.text).filter(|t| !t.is_empty() && !tick(t)).collect()
}

#[test]
fn every_word_is_in_the_gradebooks_language() {
    let english = plot::render(&class(Lang::En)).unwrap();
    assert_eq!(
        words(&english),
        [
            "labs grade: the class, and its times beside the variants'",
            "Students by score",
            "score out of 100",
            "Students 1–4: time per run, net of start-up (log)",
            "time (log scale)",
            "n (board size)",
            "naive (variant, one search)",
            "row (variant, one search)",
            "bits (variant, one search)",
            "alice",
            "bob",
            "carol (start-up included)",
            "dave: no n accepted",
            "on the floor: ≤ start-up",
        ]
    );
    let chinese = plot::render(&class(Lang::Zh)).unwrap();
    assert_eq!(
        words(&chinese),
        [
            "labs grade：全班成绩，及其用时与各实现的对比",
            "按得分统计的学生人数",
            "得分（满分 100）",
            "学生 1–4：每次运行用时，已减去启动开销（对数）",
            "用时（对数刻度）",
            "n（棋盘大小）",
            "naive（实现，一次搜索）",
            "row（实现，一次搜索）",
            "bits（实现，一次搜索）",
            "alice",
            "bob",
            "carol（含启动开销）",
            "dave：没有通过的 n",
            "落在底边：≤ 启动开销",
        ]
    );
    // Every text asks for fonts that hold Chinese first, in the SVG of either language.
    let fonts = "'Noto Sans CJK SC', 'Microsoft YaHei', 'PingFang SC', sans-serif";
    for svg in [&english, &chinese] {
        let other: Vec<Text> = texts(svg).into_iter().filter(|t| t.font != fonts).collect();
        assert!(other.is_empty(), "{other:#?}");
    }
}

/// Where `text` is drawn, estimated: (left, top, right, bottom) in pixels, at 0.6 of the font
/// size per display column (Chinese characters are two columns, one em wide: 1.2 em is over;
/// Latin letters average about half an em), from the baseline up 0.8 of the size and down 0.25.
fn bounds(text: &Text) -> Bounds {
    let wide = nqueens_labs::width::of(&text.text) as f64 * 0.6 * text.size;
    let left = match text.anchor.as_str() {
        "middle" => text.x - wide / 2.0,
        "end" => text.x - wide,
        _ => text.x,
    };
    let baseline = match text.dy.as_str() {
        "" => text.y,
        "0.5ex" => text.y + 0.25 * text.size,
        "-0.5ex" => text.y - 0.25 * text.size,
        "0.76em" => text.y + 0.76 * text.size,
        other => panic!("a text with dy {other}: {text:?}"),
    };
    (left, baseline - 0.8 * text.size, left + wide, baseline + 0.25 * text.size)
}

/// 45 students (five panels), a third with long Chinese names, a third with long English ones.
fn large_class(lang: Lang) -> Gradebook {
    let graded = (1..=45)
        .map(|k| {
            let name = match k % 3 {
                0 => format!("{k:02}_欧阳娜娜慕容复上官婉儿司马相如诸葛孔明东方不败"),
                1 => format!("{k:02}_Alexandria Wolfeschlegelsteinhausenbergerdorff-Montgomery"),
                _ => format!("{k:02}_s"),
            };
            let points = match k % 4 {
                0 => vec![point(4, "WA", 0.02)],
                _ => vec![point(4, "AC", 0.0012), point(6, "AC", 0.0031), point(8, "AC", 0.0301)],
            };
            Graded { timed: timed(Some(0.0019), "C"), ..student(&name, &format!("class/{k}.c"), points) }
        })
        .collect();
    book(graded, lang)
}

#[test]
fn every_label_legend_entry_and_title_is_inside_the_picture_at_45_students_with_long_names() {
    for lang in [Lang::En, Lang::Zh] {
        let svg = plot::render(&large_class(lang)).unwrap();
        let (width, height) = size(&svg);
        let all = texts(&svg);
        let outside: Vec<(&Text, Bounds)> = all
            .iter()
            .map(|t| (t, bounds(t)))
            .filter(|(_, (l, t, r, b))| *l < 0.0 || *t < 0.0 || *r > width || *b > height)
            .collect();
        assert!(outside.is_empty(), "{lang:?}, {width}×{height}: {outside:#?}");
        // Each legend entry stays in its own column: left of the next panel (or of the edge).
        for text in all.iter().filter(|t| t.anchor == "start" && t.x > 0.0) {
            // A panel is 720 px wide, two to a row.
            let column_end = ((text.x / 720.0).floor() + 1.0) * 720.0;
            assert!(bounds(text).2 <= column_end, "{lang:?}: {text:?} runs into the next panel");
        }
        // Every student is in a legend, the long names cut with "…" to the legend's width.
        let legend: Vec<&str> =
            all.iter().map(|t| t.text.as_str()).filter(|t| t.starts_with(char::is_numeric)).collect();
        let names: Vec<&str> = legend.iter().copied().filter(|t| t.contains('_')).collect();
        assert_eq!(names.len(), 45, "{legend:#?}");
        let cut = names.iter().filter(|n| n.contains('…')).count();
        assert_eq!(cut, 30, "{names:#?}");
    }
}

#[test]
fn a_students_times_are_net_of_the_start_up_of_their_language_and_within_it_on_the_floor() {
    let svg = plot::render(&class(Lang::En)).unwrap();
    // alice's colour is the panel's first (#1F77B4), bob's its second, carol's its third. alice
    // at n = 4 and 6 (1.2 and 1.3 ms, under C's 1.9 ms) sits on the floor as hollow dots; at
    // n = 8 her 3.1 ms is 1.2 ms of search, a dot. bob (C as well, not timed again) has C's
    // start-up taken from his 21 and 24 ms; carol's Python start-up was not measured.
    // A measured time is the line's marker, a filled shape; one more of it stands in the legend.
    let dots = |colour: &str, filled: bool| match filled {
        true => svg.lines().filter(|l| measured(l) && l.contains(&format!("fill=\"{colour}\""))).count() - 1,
        false => svg.lines().filter(|l| l.starts_with("<circle") && l.contains(colour) && floor(l)).count(),
    };
    assert_eq!([dots("#1F77B4", true), dots("#1F77B4", false)], [1, 2]);
    assert_eq!([dots("#FF7F0E", true), dots("#FF7F0E", false)], [2, 0]);
    assert_eq!([dots("#2CA02C", true), dots("#2CA02C", false)], [1, 0]);
    // The same class with the start-up already taken off by hand, and none measured, draws
    // every dot at the same place.
    let by_hand = |startup| {
        let mut book = class(Lang::En);
        book.marks.truncate(2);
        for mark in &mut book.marks {
            mark.graded.timed = timed(startup, "C");
            for p in &mut mark.graded.points {
                if startup.is_none() {
                    p.cpu_seconds -= 0.0019;
                    p.seconds -= 0.0019;
                }
            }
            mark.graded.points.retain(|p| p.seconds > 0.0);
        }
        let svg = plot::render(&book).unwrap();
        svg.lines().filter(|l| measured(l)).map(String::from).collect::<Vec<_>>()
    };
    let netted = by_hand(Some(0.0019));
    // The variants' 3 × 3 points, alice's 1, bob's 2, and a marker in the legend for each of the 5.
    assert_eq!(netted.len(), 3 * 3 + 1 + 2 + 5, "{netted:#?}");
    assert_eq!(netted, by_hand(None));
}

#[test]
fn a_time_within_the_start_up_is_never_drawn_below_the_floor() {
    let svg = plot::render(&class(Lang::En)).unwrap();
    // The hollow dots sit on the panel's bottom edge: the lowest y of any dot.
    let y = |l: &str| attribute(l, "cy").unwrap().parse::<f64>().unwrap();
    // A marker's middle: the mean of its corners' y.
    let middle = |l: &str| {
        let ys: Vec<f64> = attribute(l, "points")
            .unwrap()
            .split_whitespace()
            .map(|p| p.split(',').nth(1).unwrap().parse().unwrap())
            .collect();
        ys.iter().sum::<f64>() / ys.len() as f64
    };
    let on_floor = svg.lines().filter(|l| l.starts_with("<circle") && floor(l) && l.contains("#1F77B4")).map(y);
    let lowest = svg.lines().filter(|l| measured(l)).map(middle).fold(0.0, f64::max);
    for at in on_floor {
        assert!(at >= lowest, "a dot on the floor at y = {at}, a measured one lower at {lowest}");
    }
}

#[cfg(feature = "png")]
#[test]
fn chinese_text_is_drawn_in_the_png_with_a_font_that_has_it() {
    let svg = plot::render(&class(Lang::Zh)).unwrap();
    let title = texts(&svg).into_iter().next().unwrap();
    // The family the plot's stack resolves to for Chinese here: the first it names that fontconfig
    // has with Chinese in it (`Noto Sans CJK SC` where fonts-noto-cjk is, not the first CJK family
    // fc-list happens to list), else the one fontconfig picks for a generic family with Chinese.
    let fc = |args: &[&str]| {
        let out = std::process::Command::new(args[0]).args(&args[1..]).output();
        out.map(|o| String::from_utf8_lossy(&o.stdout).into_owned()).unwrap_or_default()
    };
    let named = title.font.split(',').map(|f| f.trim().trim_matches(['\'', '"']).to_string());
    let family = named
        .filter(|f| !["serif", "sans-serif", "monospace"].contains(&f.as_str()))
        .find(|f| !fc(&["fc-list", &format!("{f}:lang=zh"), "family"]).trim().is_empty())
        .or_else(|| {
            let have = !fc(&["fc-list", ":lang=zh", "family"]).trim().is_empty();
            have.then(|| fc(&["fc-match", "-f", "%{family[0]}", "sans-serif:lang=zh"]))
        });
    let Some(family) = family else {
        let ci = std::env::var_os("CI").is_some_and(|ci| ci == "true");
        assert!(!ci, "no font here holds Chinese (fc-list :lang=zh lists none): .ci/run installs one");
        println!("SKIPPED: no font here holds Chinese (fc-list :lang=zh lists none); the SVG's text is tested");
        return;
    };
    // The Chinese of the title alone, in the fonts the plot asks for, and in the font this
    // system has for it: drawn alike, so drawn in that font, not as empty boxes.
    let picture = |font: &str, words: &str| {
        let text = format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1280\" height=\"60\" viewBox=\"0 0 1280 60\">\
             <rect width=\"1280\" height=\"60\" fill=\"#FFFFFF\"/><text x=\"640\" y=\"{}\" text-anchor=\"middle\" \
             font-family=\"{font}\" font-size=\"{}\" fill=\"#000000\">{}</text></svg>",
            title.y, title.size, words
        );
        nqueens_labs::export::png::from_svg(&text).unwrap()
    };
    let chinese: String = title.text.chars().filter(|c| nqueens_labs::width::of(&c.to_string()) == 2).collect();
    assert_eq!(chinese, "：全班成绩，及其用时与各实现的对比");
    let asked = picture(&title.font.replace('\'', "&apos;"), &chinese);
    assert_eq!(asked, picture(&family, &chinese), "the title is not drawn in {family}");
    assert_ne!(asked, picture(&family, ""), "the title drew nothing");
}
