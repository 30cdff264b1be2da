//! The workspace's layout keeps its promises: the command layer sits on top and nothing below
//! imports it, no circle among the binary's top-level modules, clap named only by `main.rs` and
//! `src/flags/`, no library crate that knows the command line or the binary's words, the textbook
//! core depends on nothing, and every type name means one thing.
//!
//! The binary's module graph, as the circle test reads it, is printed by
//! `LABS_GRAPH=1 cargo test --test toolkit layout::no_circle -- --nocapture`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`, with its text.
fn sources(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            found.push((path, text));
        }
    }
    found
}

/// The library crates' folders, `crates/*`.
fn crates() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
    found.sort();
    found
}

/// Every source file of the workspace: the binary's `src/` and each library crate's.
fn src() -> Vec<(PathBuf, String)> {
    let mut all = sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    for krate in crates() {
        all.extend(sources(&krate.join("src")));
    }
    all
}

/// The names a manifest depends on in its `[dependencies]` and `[target.….dependencies]` tables
/// (not its dev- or build-dependencies): `clap = "4"` and `[dependencies.clap]` alike.
fn dependencies(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut inside = false;
    for line in manifest.lines().map(str::trim) {
        if let Some(header) = line.strip_prefix('[') {
            let header = header.trim_end_matches(']');
            let table = header.rsplit('.').find(|part| part.ends_with("dependencies"));
            inside = table == Some("dependencies");
            if let Some((_, name)) = header.split_once("dependencies.") {
                names.push(name.to_string());
                inside = false;
            }
        } else if inside && let Some((name, _)) = line.split_once('=') {
            names.push(name.trim().to_string());
        }
    }
    names
}

#[test]
fn no_library_crate_knows_the_command_line_or_the_binary() {
    let mut wrong = Vec::new();
    for krate in crates() {
        let manifest = std::fs::read_to_string(krate.join("Cargo.toml")).unwrap();
        for name in dependencies(&manifest) {
            if name.starts_with("clap") || name == "nqueens-labs" {
                wrong.push(format!("{}: {name}", krate.display()));
            }
        }
    }
    assert_eq!(wrong, Vec::<String>::new(), "library crates that depend on the command line or the binary");
}

#[test]
fn the_textbook_core_depends_on_nothing() {
    let manifest = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/nqueens/Cargo.toml"));
    assert_eq!(dependencies(&manifest.unwrap()), Vec::<String>::new());
}

#[test]
fn the_manifest_reader_sees_every_kind_of_dependency_line() {
    let manifest = "[package]\nname = \"x\"\n[dependencies]\na = \"1\"\n[dev-dependencies]\nb = \"1\"\n\
                    [target.'cfg(unix)'.dependencies]\nc = \"1\"\n[dependencies.d]\nversion = \"1\"\n";
    assert_eq!(dependencies(manifest), ["a", "c", "d"]);
}

#[test]
fn no_module_but_main_imports_the_command_layer() {
    let importers: Vec<String> = src()
        .into_iter()
        .filter(|(path, _)| !path.ends_with("main.rs") && !path.ends_with("app.rs"))
        .filter(|(_, text)| text.contains("crate::app") || text.contains("use super::app"))
        .map(|(path, _)| path.display().to_string())
        .collect();
    assert_eq!(importers, Vec::<String>::new(), "modules that import `app`");
}

/// Every type name means one thing across the workspace, but for `Error`: each crate has one, the
/// one kind of failure it returns, and the binary names the libraries' by their crate
/// (`count::Error`), as Rust crates do; and a name each of the judge's backends gives its side of
/// the seam is one name.
#[test]
fn every_type_name_appears_once_in_the_workspace() {
    let mut places: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (path, text) in src() {
        for line in text.lines() {
            let words: Vec<&str> = line.split_whitespace().collect();
            let kinds = ["struct", "enum", "trait", "type"];
            if let [first, kind, name, ..] = words[..]
                && first.starts_with("pub")
                && kinds.contains(&kind)
            {
                let name: String = name.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                places.entry(name).or_default().push(path.display().to_string());
            }
        }
    }
    let crate_of =
        |path: &String| path.split("/crates/").nth(1).map(|rest| rest.split('/').next().unwrap().to_string());
    // A backend's files are alternatives, one compiled per system, that name the same seam.
    let place =
        |path: String| match path.find("/labs-judge/src/linux/").or_else(|| path.find("/labs-judge/src/portable/")) {
            Some(at) => format!("{}/labs-judge/src/<backend>", &path[..at]),
            None => path,
        };
    let places = places.into_iter().map(|(name, at)| {
        let mut at: Vec<String> = at.into_iter().map(place).collect();
        at.sort();
        at.dedup();
        (name, at)
    });
    let twice: Vec<(String, Vec<String>)> = places
        .filter(|(name, at)| match name.as_str() {
            "Error" => at.iter().map(crate_of).collect::<std::collections::BTreeSet<_>>().len() < at.len(),
            _ => at.len() > 1,
        })
        .collect();
    assert_eq!(twice, Vec::new(), "type names that name two things");
}

/// The `cfg` gates on every `mod` line of `src/`, by the file the line brings in: a `#[path]`
/// beside it, else `NAME.rs` or `NAME/mod.rs` in the declaring module's directory.
fn mod_gates(all: &[(PathBuf, String)]) -> BTreeMap<PathBuf, String> {
    let mut gates = BTreeMap::new();
    for (file, text) in all {
        let dir = file.parent().unwrap();
        let stem = file.file_stem().unwrap().to_string_lossy();
        let base = if ["mod", "lib", "main"].contains(&stem.as_ref()) { dir.to_path_buf() } else { dir.join(&*stem) };
        let lines: Vec<&str> = text.lines().map(str::trim).collect();
        for (i, line) in lines.iter().enumerate() {
            let declared = line.trim_start_matches("pub(crate) ").trim_start_matches("pub ");
            let Some(name) = declared.strip_prefix("mod ").and_then(|n| n.strip_suffix(';')) else { continue };
            let attributes: Vec<&str> = lines[..i].iter().rev().take_while(|l| l.starts_with("#[")).copied().collect();
            let child = match attributes.iter().find_map(|a| a.strip_prefix("#[path = \"")?.strip_suffix("\"]")) {
                Some(at) => dir.join(at),
                None if base.join(format!("{name}.rs")).exists() => base.join(format!("{name}.rs")),
                None => base.join(name).join("mod.rs"),
            };
            let cfg: Vec<&str> = attributes.into_iter().filter(|a| a.contains("cfg(")).collect();
            gates.insert(child, cfg.join(" "));
        }
    }
    gates
}

/// How `path` is gated: its own `#![cfg(…)]`, its `mod` line's, and its parent modules'.
fn gate(path: &Path, all: &[(PathBuf, String)], gates: &BTreeMap<PathBuf, String>) -> String {
    let own = all.iter().find(|(p, _)| p == path).and_then(|(_, t)| t.lines().find(|l| l.starts_with("#![cfg(")));
    let mut gate = own.unwrap_or_default().to_string() + " " + gates.get(path).map_or("", String::as_str);
    // The module that declared it: the file whose mod line names it.
    let parent = all.iter().map(|(p, _)| p).find(|p| {
        let text = &all.iter().find(|(q, _)| q == *p).unwrap().1;
        let name = path.file_stem().unwrap().to_string_lossy();
        let name = if name == "mod" { path.parent().unwrap().file_name().unwrap().to_string_lossy() } else { name };
        *p != path
            && gates.contains_key(path)
            && text.lines().any(|l| l.trim().ends_with(&format!("mod {name};")))
            && (p.parent() == path.parent() || p.parent() == path.parent().and_then(Path::parent))
    });
    if let Some(parent) = parent {
        gate += " ";
        gate += &self::gate(parent, all, gates);
    }
    gate.trim().to_string()
}

#[test]
fn the_system_is_called_only_from_files_gated_to_its_family() {
    let all = src();
    let gates = mod_gates(&all);
    let mut wrong = Vec::new();
    for (path, text) in &all {
        let code: String = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
        let unix = ["libc::", "std::os::unix", "std::os::fd"].iter().any(|w| code.contains(w));
        let proc = code.contains("/proc/");
        if !unix && !proc {
            continue;
        }
        let gate = gate(path, &all, &gates);
        let linux = gate.contains("all(target_os = \"linux\"") || gate.contains("cfg(target_os = \"linux\")");
        if (proc && !linux) || (unix && !(linux || gate.contains("cfg(unix)"))) {
            wrong.push(format!("{}: gated {gate:?}", path.display()));
        }
    }
    assert_eq!(wrong, Vec::<String>::new(), "files that call the system without a gate to its family");
}

#[test]
fn linux_only_test_files_say_so() {
    let tests = sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests"));
    let mut wrong = Vec::new();
    let this = Path::new(file!()).file_name().unwrap();
    for (path, text) in tests.iter().filter(|(p, _)| p.parent().is_some_and(|d| d.ends_with("tests"))) {
        if path.file_name() == Some(this) {
            continue;
        }
        let linux_only = ["libc::", "rustix::", "std::os::unix", "/proc/", "bwrap"].iter().any(|w| text.contains(w))
            || text.contains("mod judging;");
        if linux_only && !text.contains("#![cfg(target_os = \"linux\")]") {
            wrong.push(path.display().to_string());
        }
    }
    assert_eq!(wrong, Vec::<String>::new(), "test files that need Linux without #![cfg(target_os = \"linux\")]");
}

/// A file's code without its comments: `//` to the end of a line (doc comments too), so that a
/// sentence about a module is not an edge to it.
fn code(text: &str) -> String {
    text.lines().map(|line| line.split("//").next().unwrap()).collect::<Vec<_>>().join("\n")
}

/// The names a path written after `at` begins with: `crate::grade::class` gives `grade`,
/// `crate::{grade, judging::words}` gives `grade` and `judging`.
fn first_segments(at: &str) -> Vec<String> {
    let word = |s: &str| s.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>();
    let Some(group) = at.strip_prefix('{') else { return vec![word(at)] };
    let (mut depth, mut names, mut item) = (0, Vec::new(), String::new());
    for c in group.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => break,
            '}' => depth -= 1,
            ',' if depth == 0 => names.push(std::mem::take(&mut item)),
            _ if depth == 0 => item.push(c),
            _ => {}
        }
    }
    names.push(item);
    names.iter().map(|n| word(n.trim())).filter(|n| !n.is_empty()).collect()
}

/// The binary's module graph: each top-level module of `src/` (a file `src/X.rs` or a folder
/// `src/X/`) and the other top-level modules its files name by `crate::X` (or by `super::X` from
/// the module's own root file). `lib.rs`, which only declares them, is left out; `main.rs`, which
/// reaches them through the library's name, is read for `nqueens_labs::X`.
fn module_graph() -> BTreeMap<String, std::collections::BTreeSet<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let top = |path: &Path| {
        let rest = path.strip_prefix(&root).unwrap();
        let first = rest.components().next().unwrap().as_os_str().to_string_lossy().to_string();
        first.trim_end_matches(".rs").to_string()
    };
    let all = sources(&root);
    let modules: std::collections::BTreeSet<String> =
        all.iter().map(|(p, _)| top(p)).filter(|m| m != "lib" && m != "main").collect();
    let mut graph: BTreeMap<String, std::collections::BTreeSet<String>> = BTreeMap::new();
    for (path, text) in &all {
        let from = top(path);
        if from == "lib" {
            continue;
        }
        let code = code(text);
        let root_file = path.parent() == Some(root.as_path()) || path.ends_with(format!("{from}/mod.rs"));
        let mut prefixes = vec!["crate::", "nqueens_labs::"];
        if root_file {
            prefixes.push("super::");
        }
        let edges = graph.entry(from.clone()).or_default();
        for prefix in prefixes {
            for (at, _) in code.match_indices(prefix) {
                let before = code[..at].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$') {
                    continue;
                }
                for name in first_segments(&code[at + prefix.len()..]) {
                    if name != from && modules.contains(&name) {
                        edges.insert(name);
                    }
                }
            }
        }
    }
    graph
}

/// The graph, one module a line: `grade -> catalogue, judging`.
fn render(graph: &BTreeMap<String, std::collections::BTreeSet<String>>) -> String {
    let line = |(from, to): (&String, &std::collections::BTreeSet<String>)| {
        format!("{from} -> {}\n", to.iter().map(String::as_str).collect::<Vec<_>>().join(", "))
    };
    graph.iter().map(line).collect()
}

/// Every circle of the graph, each once, as the modules along it: `flags -> grade -> flags`.
fn circles(graph: &BTreeMap<String, std::collections::BTreeSet<String>>) -> Vec<String> {
    let mut found = std::collections::BTreeSet::new();
    for start in graph.keys() {
        // Depth-first from `start`, through modules that sort after it, so each circle is found
        // from its least module only.
        let mut stack = vec![(start.clone(), vec![start.clone()])];
        while let Some((at, path)) = stack.pop() {
            for next in graph.get(&at).into_iter().flatten() {
                if next == start {
                    found.insert(format!("{} -> {start}", path.join(" -> ")));
                } else if next > start && !path.contains(next) && path.len() < 12 {
                    let mut longer = path.clone();
                    longer.push(next.clone());
                    stack.push((next.clone(), longer));
                }
            }
        }
    }
    found.into_iter().collect()
}

/// `LABS_GRAPH=1 cargo test --test toolkit layout::no_circle -- --nocapture` prints the graph it
/// checks.
#[test]
fn no_circle_among_the_binarys_top_level_modules() {
    let graph = module_graph();
    if std::env::var_os("LABS_GRAPH").is_some() {
        println!("{}", render(&graph));
    }
    // The reader reads: `main` reaches `app`, and `app` the flags' plan.
    assert!(graph["main"].contains("app") && graph["app"].contains("flags"), "{}", render(&graph));
    // docs/internals.md and its twin show this graph; `LABS_BLESS=1` writes it there again.
    for doc in ["docs/internals.md", "docs/zh/internals.md"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(doc);
        let text = std::fs::read_to_string(&path).unwrap();
        let mark = "<!-- module graph -->\n```text\n";
        let start = text.find(mark).unwrap_or_else(|| panic!("{doc} has no {mark:?}")) + mark.len();
        let end = start + text[start..].find("```").unwrap();
        if std::env::var_os("LABS_BLESS").is_some() {
            std::fs::write(&path, format!("{}{}{}", &text[..start], render(&graph), &text[end..])).unwrap();
        } else {
            assert_eq!(text[start..end], render(&graph), "{doc}'s module graph is not the code's (LABS_BLESS=1)");
        }
    }
    assert_eq!(circles(&graph), Vec::<String>::new(), "circles among src's top-level modules:\n{}", render(&graph));
}

#[test]
fn the_graph_reader_sees_groups_and_circles() {
    assert_eq!(first_segments("{a, b::{c, d}, e::f}; x"), ["a", "b", "e"]);
    assert_eq!(first_segments("grade::class::find(x)"), ["grade"]);
    let graph: BTreeMap<String, std::collections::BTreeSet<String>> = [("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")]
        .into_iter()
        .map(|(from, to)| (from.to_string(), [to.to_string()].into()))
        .collect();
    assert_eq!(circles(&graph), ["a -> b -> c -> a"]);
}

/// Whether code (comments left out) names clap: `clap::`, `use clap`, `clap_complete`….
fn names_clap(text: &str) -> bool {
    let code = code(text);
    code.match_indices("clap").any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + 4..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '_') && matches!(after, Some(':' | '_' | ';' | ' ' | ','))
    })
}

#[test]
fn clap_is_named_only_by_main_and_the_flags_folder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let wrong: Vec<String> = sources(&root)
        .into_iter()
        .filter(|(path, _)| *path != root.join("main.rs") && !path.starts_with(root.join("flags")))
        .filter(|(_, text)| names_clap(text))
        .map(|(path, _)| path.display().to_string())
        .collect();
    assert_eq!(wrong, Vec::<String>::new(), "files outside src/main.rs and src/flags/ that name clap");
}

#[test]
fn no_library_crate_names_clap_or_the_catalogue() {
    let mut wrong = Vec::new();
    for krate in crates() {
        for (path, text) in sources(&krate.join("src")) {
            let code = code(&text);
            if names_clap(&text) || code.contains("catalogue::") || code.contains("nqueens_labs") {
                wrong.push(path.display().to_string());
            }
        }
    }
    assert_eq!(wrong, Vec::<String>::new(), "library crate files that name clap or the binary's catalogue");
}
