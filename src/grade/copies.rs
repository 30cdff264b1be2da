//! Copies flagged, in words: the lines under the table and a spreadsheet's cell, from what
//! [`labs_grade::copies`] found (the technique, its constants and its tests are there), and the
//! lab's skeleton (`--base FILE`) read with the flag's words.

use crate::catalogue::say;
use crate::error::Error;
use crate::judge::compile::Language;
use crate::lang::Lang;
use std::path::Path;

pub use labs_grade::copies::*;

/// The skeleton at `path` (`--base FILE`), read up to `max_source` bytes; an error names the flag
/// and why, in `lang`.
pub fn read_base(path: &Path, max_source: u64, lang: Lang) -> Result<Base, Error> {
    let name = crate::escape::visible(&path.display().to_string());
    let usage = |why: String| Error::Usage(say!(lang, BaseRefused, path = name, why));
    let not_a_source = || usage(say!(lang, NotASource, extensions = crate::judging::words::extensions()));
    let language = Language::of(path).ok_or_else(not_a_source)?;
    let text = read(path, max_source).map_err(|e| usage(crate::error::io_words(&e, lang)))?;
    Ok(Base { name, text, language })
}

/// The lines under the table: how the check was made, then each group and each pair flagged.
pub fn notes(copies: &Copies, lang: Lang) -> Vec<String> {
    let threshold = format!("{:.2}", copies.threshold);
    let base = match &copies.base {
        Some(base) => say!(lang, CopiesBase, base),
        None => String::new(),
    };
    if copies.pairs.is_empty() && copies.groups.is_empty() {
        return vec![say!(lang, CopiesNone, threshold, base)];
    }
    let mut lines = vec![say!(lang, CopiesFlagged, threshold, base)];
    let separator = say!(lang, ListSeparator);
    for (number, group) in copies.groups.iter().enumerate() {
        let (number, k, names) = (number + 1, group.students.len(), group.students.join(&separator));
        let mut line = match group.identical {
            true => say!(lang, CopiesGroupSame, number, k, names),
            false => {
                let range = score_range(group);
                say!(lang, CopiesGroup, number, k, names, range, pairs = group.pairs.len())
            }
        };
        if !group.same_output.is_empty() {
            line += &say!(lang, CopiesGroupOutput, sizes = sizes(&group.same_output));
        }
        lines.push(line);
        // Which two to read side by side: every pair of a group not all one program, indented
        // under it.
        if !group.identical {
            lines.extend(group.pairs.iter().map(|pair| format!("  {}", pair_line(pair, lang))));
        }
    }
    lines.extend(copies.pairs.iter().map(|pair| pair_line(pair, lang)));
    lines
}

/// The line of one pair flagged: who, the score, and where they printed the same wrong output.
fn pair_line(pair: &Pair, lang: Lang) -> String {
    let score = format!("{:.2}", pair.score);
    match pair.same_output.as_slice() {
        [] => say!(lang, CopiesPair, a = pair.a, b = pair.b, score),
        same => say!(lang, CopiesPairOutput, a = pair.a, b = pair.b, score, sizes = sizes(same)),
    }
}

/// Board sizes as a list: `4, 6`.
fn sizes(sizes: &[usize]) -> String {
    sizes.iter().map(usize::to_string).collect::<Vec<_>>().join(", ")
}

/// A group's scores: `0.93` or `0.62–1.00`.
fn score_range(group: &Group) -> String {
    match format!("{:.2}", group.low) == format!("{:.2}", group.high) {
        true => format!("{:.2}", group.high),
        false => format!("{:.2}–{:.2}", group.low, group.high),
    }
}

/// The groups and pairs `student` is in, for a spreadsheet's cell: `group 1 (40 students, 1.00)`,
/// `bob 1.00; carol 0.72`.
pub fn partners(copies: &Copies, student: &str, lang: Lang) -> String {
    let groups =
        copies.groups.iter().enumerate().filter(|(_, g)| g.students.iter().any(|s| s == student)).map(|(number, g)| {
            say!(lang, CopiesGroupCell, number = number + 1, k = g.students.len(), range = score_range(g))
        });
    let partner = |p: &Pair| match (p.a == student, p.b == student) {
        (true, _) => Some(format!("{} {:.2}", p.b, p.score)),
        (_, true) => Some(format!("{} {:.2}", p.a, p.score)),
        _ => None,
    };
    groups.chain(copies.pairs.iter().filter_map(partner)).collect::<Vec<_>>().join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn forty_copies_are_one_group_and_a_pair_beside_them_stays_a_pair() {
        let program = shapes(Language::C).replace("search", "walk");
        let mut class: Vec<Source> = (1..=40)
            .map(|k| Source {
                name: format!("s{k:02}"),
                language: Language::C,
                text: program.clone(),
                wrong_outputs: Vec::new(),
                format: None,
            })
            .collect();
        let honest = |name: &str, output: &str| Source {
            name: name.into(),
            language: Language::Python,
            text: "print(1)\n".into(),
            wrong_outputs: vec![(4, output.into())],
            format: None,
        };
        class.extend([honest("x1", "5e1d"), honest("x2", "5e1d")]);
        let copies = check(&class, None, THRESHOLD);
        let names = (1..=40).map(|k| format!("s{k:02}")).collect::<Vec<_>>();
        assert_eq!(copies.groups.len(), 1);
        assert_eq!((&copies.groups[0].students, copies.groups[0].pairs.len()), (&names, 780));
        let pairs = copies.pairs.iter().map(|p| format!("{} {} {:?}", p.a, p.b, p.same_output)).collect::<Vec<_>>();
        assert_eq!(pairs, ["x1 x2 [4]"]);
        let notes = notes(&copies, Lang::En);
        assert_eq!(notes.len(), 3, "{notes:#?}");
        assert_eq!(
            notes[1],
            format!("  group 1, 40 identical but for names, literals and layout: {}", names.join(", "))
        );
        assert_eq!(notes[2], "  x1 and x2: 0.00, the same wrong output at n = 4");
        assert_eq!(partners(&copies, "s07", Lang::En), "group 1 (40 students, 1.00)");
        assert_eq!(partners(&copies, "x1", Lang::En), "x2 0.00");
        assert_eq!(partners(&copies, "s07", Lang::Zh), "第 1 组（40 人，1.00）");
    }

    #[test]
    fn a_chain_of_alike_pairs_is_a_group_with_its_range() {
        let pair = |a: &str, b: &str, score| Pair { a: a.into(), b: b.into(), score, same_output: Vec::new() };
        let (groups, pairs) =
            grouped(vec![pair("a", "b", 0.9), pair("c", "d", 0.8), pair("b", "c", 0.6), pair("e", "f", 0.7)]);
        let copies = Copies { threshold: THRESHOLD, base: None, groups, pairs };
        assert_eq!(
            notes(&copies, Lang::En)[1..],
            [
                "  group 1, 4 alike: a, b, c, d (similarity 0.60–0.90 in the 3 pairs flagged among them)",
                "    a and b: 0.90",
                "    c and d: 0.80",
                "    b and c: 0.60",
                "  e and f: 0.70"
            ]
        );
    }
}
