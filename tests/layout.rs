//! The crate's layout keeps its promises: the command layer sits on top and nothing below imports
//! it, and every type name means one thing.

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

fn src() -> Vec<(PathBuf, String)> {
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
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

#[test]
fn every_type_name_appears_once_in_the_crate() {
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
    let twice: Vec<(String, Vec<String>)> = places.into_iter().filter(|(_, at)| at.len() > 1).collect();
    assert_eq!(twice, Vec::new(), "type names that name two things");
}
