//! Copies flagged: which students' sources are too alike to be written apart, and which wrote
//! the same wrong output.
//!
//! The technique is MOSS's (Schleimer, Wilkerson and Aiken, "Winnowing: local algorithms for
//! document fingerprinting", SIGMOD 2003). A source becomes tokens ([`tokens`]): comments,
//! preprocessor lines and layout dropped, every identifier one token `I`, every number `N`,
//! every string or character literal `S`, keywords and operators kept; so renaming variables
//! or reformatting changes nothing. Every [`K`] consecutive tokens are hashed, and of every
//! window of [`W`] hashes the smallest is kept ([`fingerprints`]): two sources that share a run
//! of `K + W - 1` tokens are sure to share a fingerprint, and a source of t tokens keeps about
//! 2t/(W+1) of them. Then what is not the student's is taken away: the instructor's skeleton
//! (`--base FILE`), the shapes every N-Queens solution shares ([`shapes`]: reading n, the
//! diagonal test, printing a board), and, as MOSS's `-m` does, any fingerprint more than a third
//! of the class holds (so that a pair whose program is token for token the same scores 1 on its
//! own: forty copies of one program would otherwise hide each other). A pair's score is the share of each one's fingerprints found in the
//! other, the two shares averaged; pairs at or over [`THRESHOLD`] are flagged, and so is a pair
//! that printed the same wrong output at some n, judged by the same format (right outputs are
//! all alike, and are not kept; with several formats allowed, bytes wrong in one may be right in
//! the other). A flag asks the
//! instructor to read two sources side by side; it never changes a score.
//!
//! The cost: linear in the class's source text to fingerprint, then one pass over an index from
//! fingerprint to students; only pairs that share something are scored.
//!
//! How a flag is worded under the table and in a spreadsheet's cell is the binary's.
//!
//! Read next: `summary.rs`, the class in a few numbers.

use crate::class::Student;
use crate::event::{Reporter, Step};
use crate::mark::Mark;
use labs_judge::compile::{Comments, Language};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::hash::{DefaultHasher, Hash, Hasher};
use std::io::Read;
use std::path::Path;

/// Tokens per hashed k-gram. Smaller catches shorter shared passages and more coincidences:
/// 12 normalised tokens are about one line of C (`for (int c = 0; c < n; c++)` is 13).
pub const K: usize = 12;

/// Hashes per winnowing window: a shared run of `K + W - 1` = 19 tokens is always seen.
pub const W: usize = 8;

/// The score at which a pair is flagged, calibrated on tests/class: every pair of honest
/// solutions well under it, every copy (renamed, reordered and padded, `for` turned `while`)
/// over it; `cargo test --test grade the_copies_score -- --nocapture` prints each pair's score.
pub const THRESHOLD: f64 = 0.5;

/// A fingerprint held by more than this share of the class is the class's, not a pair's.
pub const COMMON: f64 = 1.0 / 3.0;

/// Fewer fingerprints than this of its own, and a source is too small to call a copy.
pub const MIN_FINGERPRINTS: usize = 5;

/// The shapes every N-Queens solution in `language` shares (files under `shapes/` beside this one):
/// taken away from every source before pairs are scored.
pub fn shapes(language: Language) -> &'static str {
    match language {
        Language::C => include_str!("shapes/queens.c"),
        Language::Cpp => include_str!("shapes/queens.cpp"),
        Language::Java => include_str!("shapes/Queens.java"),
        Language::Python => include_str!("shapes/queens.py"),
        Language::Rust => include_str!("shapes/queens.rs"),
    }
}

/// One student's source, to be compared.
#[derive(Clone, Debug)]
pub struct Source {
    /// The student.
    pub name: String,
    /// Its language.
    pub language: Language,
    /// Its text.
    pub text: String,
    /// A fingerprint of its output at each n it was not accepted on (`(n, hash)`), empty
    /// outputs left out.
    pub wrong_outputs: Vec<(usize, String)>,
    /// The format it was judged by, with several allowed: wrong outputs compare only within one
    /// format (the same bytes are wrong in one and right in another). `None` for one format.
    pub format: Option<String>,
}

/// The lab's skeleton (`--base FILE`): code every student was given.
#[derive(Clone, Debug)]
pub struct Base {
    /// The file as given, made visible.
    pub name: String,
    /// Its text.
    pub text: String,
    /// Its language, by its extension.
    pub language: Language,
}

/// The sources of the students graded in `marks`, read again (up to `max_source` bytes a file;
/// a Java folder's files one after another), with their wrong outputs; a source that can no
/// longer be read is left out.
pub fn sources(students: &[Student], marks: &[Mark], max_source: u64) -> Vec<Source> {
    let mut sources = Vec::new();
    for mark in marks {
        let graded = &mark.graded;
        let Some(student) = students.iter().find(|s| s.name == graded.student) else { continue };
        // A program in several files is compared as its files one after another.
        let text = match &student.project {
            Some(project) => {
                project.parts.iter().map(|part| read(&student.judged.join(&part.from), max_source)).collect()
            }
            None => read(&student.judged, max_source),
        };
        let Ok(text) = text else { continue };
        sources.push(Source {
            name: graded.student.clone(),
            language: student.language,
            text,
            wrong_outputs: graded
                .points
                .iter()
                .filter(|p| !p.output.is_empty())
                .map(|p| (p.n, p.output.clone()))
                .collect(),
            format: graded.format.clone(),
        });
    }
    sources
}

/// The text of the source at `path`, its first `max` bytes, any bytes that are no UTF-8 replaced.
pub fn read(path: &Path, max: u64) -> std::io::Result<String> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)?.take(max).read_to_end(&mut bytes)?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Two students flagged, and why.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pair {
    /// One student, the first in name order.
    pub a: String,
    /// The other.
    pub b: String,
    /// The similarity of their sources, from 0 to 1.
    pub score: f64,
    /// The sizes at which both printed the same wrong output.
    pub same_output: Vec<usize>,
}

/// At least [`GROUP`] students linked by pairs flagged: listed once, as a group, instead of pair
/// by pair (forty copies of one program are one group, not 780 pairs).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Group {
    /// The students, in name order.
    pub students: Vec<String>,
    /// The lowest score of a pair flagged between two of them.
    pub low: f64,
    /// The highest.
    pub high: f64,
    /// The pairs flagged between two of them (at most k(k − 1)/2), the most similar first; none
    /// of them is listed again among [`Copies::pairs`].
    pub pairs: Vec<Pair>,
    /// Whether every two of them are the same program token for token (names, literals and
    /// layout aside).
    pub identical: bool,
    /// The sizes at which two of them printed the same wrong output.
    pub same_output: Vec<usize>,
}

/// Students linked by pairs flagged from this many on are a [`Group`].
pub const GROUP: usize = 3;

/// The similarity check of a class: how it was made and what it flagged.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Copies {
    /// The score at which a pair is flagged.
    pub threshold: f64,
    /// The base file taken away, as given.
    pub base: Option<String>,
    /// The groups, the largest first: each in place of the pairs between its students.
    pub groups: Vec<Group>,
    /// The pairs flagged outside any group, the most similar first.
    pub pairs: Vec<Pair>,
}

impl Copies {
    /// Reports each group flagged, then each pair flagged outside a group, as a
    /// [`Step::CopyFound`], in the order the report lists them.
    pub fn report(&self, reporter: &mut dyn Reporter) {
        for group in &self.groups {
            let (students, same_output) = (group.students.clone(), group.same_output.clone());
            reporter.report(Step::CopyFound { students, score: group.high, same_output });
        }
        for pair in &self.pairs {
            let (students, same_output) = (vec![pair.a.clone(), pair.b.clone()], pair.same_output.clone());
            reporter.report(Step::CopyFound { students, score: pair.score, same_output });
        }
    }
}

/// A token kind, as [`tokens`] normalises it: what two copies that differ only in names,
/// literals and layout have the same of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Token<'a> {
    /// An identifier that is no keyword.
    Name,
    /// A number.
    Number,
    /// A string or character literal.
    Text,
    /// A keyword or an operator, as written.
    Word(&'a str),
}

/// The keywords of C, C++, Java and Python, kept as themselves (a name that is a keyword in one
/// language and a name in another is kept in both: harmless).
const KEYWORDS: &[&str] = &[
    "and", "auto", "bool", "boolean", "break", "case", "catch", "char", "class", "const", "continue", "def", "default",
    "del", "do", "double", "elif", "else", "enum", "except", "extends", "false", "False", "final", "finally", "float",
    "for", "from", "global", "if", "import", "in", "int", "is", "lambda", "long", "new", "None", "nonlocal", "not",
    "or", "pass", "private", "public", "return", "short", "signed", "static", "struct", "switch", "this", "throw",
    "true", "True", "try", "unsigned", "using", "void", "while", "with", "yield",
];

/// Operators of two or three characters, longest first.
const OPERATORS: &[&str] = &[
    "<<=", ">>=", "**=", "//=", "...", "==", "!=", "<=", ">=", "&&", "||", "++", "--", "<<", ">>", "+=", "-=", "*=",
    "/=", "%=", "&=", "|=", "^=", "->", "::", "**", "//",
];

/// `text` as normalised tokens, by the rules of `language`, its C-style `for` loops written as
/// the `while` loops they are.
pub fn tokens(text: &str, language: Language) -> Vec<Token<'_>> {
    let lexed = lexed(text, language);
    match language.facts().comments == Comments::Hash {
        true => lexed,
        false => loops(&lexed),
    }
}

/// `text` as normalised tokens, by the rules of `language`, as written.
fn lexed(text: &str, language: Language) -> Vec<Token<'_>> {
    let hash_comments = language.facts().comments == Comments::Hash;
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    // At a line's start (after blanks): where C's `#include` is a preprocessor line.
    let mut line_start = true;
    while i < bytes.len() {
        let c = bytes[i];
        let rest = &text[i..];
        if c == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let at_line_start = std::mem::replace(&mut line_start, false);
        if (c == b'#' && (hash_comments || at_line_start)) || (!hash_comments && rest.starts_with("//")) {
            i += rest.find('\n').unwrap_or(rest.len());
            continue;
        }
        if !hash_comments && rest.starts_with("/*") {
            i += rest[2..].find("*/").map_or(rest.len(), |end| end + 4);
            continue;
        }
        if c == b'"' || c == b'\'' {
            i += literal_len(rest, hash_comments);
            out.push(Token::Text);
            continue;
        }
        if c.is_ascii_digit() {
            i += rest.find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '.' || ch == '_')).unwrap_or(rest.len());
            out.push(Token::Number);
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' || !c.is_ascii() {
            let len = rest.find(|ch: char| !(ch.is_alphanumeric() || ch == '_')).unwrap_or(rest.len()).max(1);
            let len = (1..=len).rev().find(|&l| rest.is_char_boundary(l)).unwrap_or(rest.len());
            let word = &rest[..len];
            i += len;
            // A Python string prefix (f"…", r'…', b"…") is part of its literal.
            if hash_comments && len <= 2 && rest[len..].starts_with(['"', '\'']) {
                continue;
            }
            out.push(if KEYWORDS.contains(&word) { Token::Word(word) } else { Token::Name });
            continue;
        }
        let op = OPERATORS.iter().find(|op| rest.starts_with(**op)).copied();
        let len = op.map_or_else(|| rest.chars().next().map_or(1, char::len_utf8), str::len);
        out.push(Token::Word(&rest[..len]));
        i += len;
    }
    out
}

/// `tokens` with every `for (init; test; step) body` of C, C++ and Java written as the loop it
/// is, `init; while (test) { body step; }` (a missing test is `true`), so that turning one form
/// into the other changes nothing; a loop over a range (`for (x : v)`) stays as it is.
fn loops<'a>(tokens: &[Token<'a>]) -> Vec<Token<'a>> {
    let mut out = Vec::with_capacity(tokens.len() + tokens.len() / 8);
    let mut i = 0;
    while i < tokens.len() {
        // A `for (init; test; step)`: its header's end and its three parts.
        let header = match (tokens[i], tokens.get(i + 1)) {
            (Token::Word("for"), Some(Token::Word("("))) => closing(tokens, i + 1, "(", ")"),
            _ => None,
        };
        let parts = header.map(|end| (end, split_top(&tokens[i + 2..end])));
        let Some((end, [init, test, step])) = parts.as_ref().map(|(end, p)| (*end, &p[..])) else {
            out.push(tokens[i]);
            i += 1;
            continue;
        };
        // The body: a block, or one statement up to its `;` (itself perhaps a loop).
        let (body, next) = match tokens.get(end + 1) {
            Some(Token::Word("{")) => match closing(tokens, end + 1, "{", "}") {
                Some(close) => (&tokens[end + 2..close], close + 1),
                None => (&tokens[end + 1..], tokens.len()),
            },
            _ => {
                let stop = statement_end(tokens, end + 1);
                (&tokens[end + 1..stop], stop)
            }
        };
        out.extend(loops(init));
        if !init.is_empty() {
            out.push(Token::Word(";"));
        }
        out.extend([Token::Word("while"), Token::Word("(")]);
        match test.is_empty() {
            true => out.push(Token::Word("true")),
            false => out.extend(loops(test)),
        }
        out.extend([Token::Word(")"), Token::Word("{")]);
        out.extend(loops(body));
        if !step.is_empty() {
            out.extend(loops(step));
            out.push(Token::Word(";"));
        }
        out.push(Token::Word("}"));
        i = next;
    }
    out
}

/// The index of the `close` that matches the `open` at `at`, if the tokens hold one.
fn closing(tokens: &[Token], at: usize, open: &str, close: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (k, token) in tokens.iter().enumerate().skip(at) {
        match token {
            Token::Word(w) if *w == open => depth += 1,
            Token::Word(w) if *w == close => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

/// `tokens` split at the `;` outside any brackets.
fn split_top<'t, 'a>(tokens: &'t [Token<'a>]) -> Vec<&'t [Token<'a>]> {
    let (mut parts, mut depth, mut start) = (Vec::new(), 0i32, 0);
    for (k, token) in tokens.iter().enumerate() {
        match token {
            Token::Word("(" | "[" | "{") => depth += 1,
            Token::Word(")" | "]" | "}") => depth -= 1,
            Token::Word(";") if depth == 0 => {
                parts.push(&tokens[start..k]);
                start = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&tokens[start..]);
    parts
}

/// Where the statement that starts at `at` ends: after its `;` outside brackets, or after the
/// block or loop it is.
fn statement_end(tokens: &[Token], at: usize) -> usize {
    let mut depth = 0i32;
    for (k, token) in tokens.iter().enumerate().skip(at) {
        match token {
            Token::Word("(" | "[" | "{") => depth += 1,
            Token::Word(")" | "]") => depth -= 1,
            Token::Word("}") => {
                depth -= 1;
                if depth == 0 {
                    return k + 1;
                }
            }
            Token::Word(";") if depth == 0 => return k + 1,
            _ => {}
        }
    }
    tokens.len()
}

/// The length in bytes of the string or character literal `rest` starts with (a Python
/// triple-quoted one too), escapes skipped; the rest of the text if it never ends.
fn literal_len(rest: &str, python: bool) -> usize {
    let quote = &rest[..1];
    let triple = quote.repeat(3);
    if python && rest.starts_with(&triple) {
        return rest[3..].find(&triple).map_or(rest.len(), |end| end + 6);
    }
    let mut escaped = false;
    for (i, ch) in rest.char_indices().skip(1) {
        match ch {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '\n' => return i,
            _ if rest[i..].starts_with(quote) => return i + 1,
            _ => {}
        }
    }
    rest.len()
}

/// The winnowed fingerprints of `tokens`: of every window of [`W`] consecutive k-gram hashes,
/// the smallest (the rightmost of equals), each kept once.
pub fn fingerprints(tokens: &[Token]) -> BTreeSet<u64> {
    let hashes: Vec<u64> = tokens
        .windows(K)
        .map(|gram| {
            let mut hasher = DefaultHasher::new();
            gram.hash(&mut hasher);
            hasher.finish()
        })
        .collect();
    if hashes.len() < W {
        return hashes.into_iter().collect();
    }
    hashes.windows(W).map(|window| *window.iter().rev().min().expect("a window is never empty")).collect()
}

/// Flags the pairs of `class` whose sources score at least `threshold`, or whose wrong outputs
/// are the same ([`pairs`]), and groups them ([`Group`]).
pub fn check(class: &[Source], base: Option<&Base>, threshold: f64) -> Copies {
    let (groups, pairs) = grouped(pairs(class, base, threshold));
    Copies { threshold, base: base.map(|b| b.name.clone()), groups, pairs }
}

/// The pairs of `class` whose sources score at least `threshold`, or whose wrong outputs are
/// the same, after taking away `base` (the skeleton, if any: its text and language) and the
/// shared shapes; the most similar first.
pub fn pairs(class: &[Source], base: Option<&Base>, threshold: f64) -> Vec<Pair> {
    let mut known: BTreeSet<u64> =
        Language::ALL.into_iter().flat_map(|language| fingerprints(&tokens(shapes(language), language))).collect();
    if let Some(base) = base {
        known.extend(fingerprints(&tokens(&base.text, base.language)));
    }
    let streams: Vec<Vec<Token>> = class.iter().map(|s| tokens(&s.text, s.language)).collect();
    let mut prints: Vec<BTreeSet<u64>> = streams.iter().map(|t| &fingerprints(t) - &known).collect();
    // MOSS's -m: what many hold is the class's.
    let mut holders: HashMap<u64, Vec<usize>> = HashMap::new();
    for (i, set) in prints.iter().enumerate() {
        for &print in set {
            holders.entry(print).or_default().push(i);
        }
    }
    let most = ((class.len() as f64 * COMMON).floor() as usize).max(2);
    holders.retain(|_, who| who.len() <= most);
    for set in &mut prints {
        set.retain(|print| holders.contains_key(print));
    }
    let mut shared: BTreeMap<(usize, usize), usize> = BTreeMap::new();
    for who in holders.values() {
        for (x, &i) in who.iter().enumerate() {
            for &j in &who[x + 1..] {
                *shared.entry((i, j)).or_default() += 1;
            }
        }
    }
    let mut pairs: Vec<Pair> = Vec::new();
    for i in 0..class.len() {
        for j in i + 1..class.len() {
            let common = shared.get(&(i, j)).copied().unwrap_or(0);
            // The same program token for token is a copy however many hold it, which the
            // class's own fingerprints, taken away above, would hide.
            let same = streams[i].len() >= K + W && streams[i] == streams[j];
            let score = if same { 1.0 } else { score(common, prints[i].len(), prints[j].len()) };
            // Within one format only; an accepted output is never among them (no fingerprint).
            let judged_alike = class[i].format == class[j].format;
            let same_output: Vec<usize> = class[i]
                .wrong_outputs
                .iter()
                .filter(|out| judged_alike && class[j].wrong_outputs.contains(out))
                .map(|(n, _)| *n)
                .collect();
            if score >= threshold || !same_output.is_empty() {
                let (a, b) = if class[i].name <= class[j].name { (i, j) } else { (j, i) };
                pairs.push(Pair { a: class[a].name.clone(), b: class[b].name.clone(), score, same_output });
            }
        }
    }
    pairs.sort_by(|p, q| q.score.total_cmp(&p.score).then_with(|| (&p.a, &p.b).cmp(&(&q.a, &q.b))));
    pairs
}

/// `pairs` linked into groups: students joined by pairs flagged (the linked parts of the graph
/// whose edges are the pairs) make a [`Group`] from [`GROUP`] on, and its pairs leave the list.
pub fn grouped(pairs: Vec<Pair>) -> (Vec<Group>, Vec<Pair>) {
    let mut parts: Vec<BTreeSet<&str>> = Vec::new();
    for pair in &pairs {
        let joined: Vec<usize> = (0..parts.len())
            .filter(|&k| parts[k].contains(pair.a.as_str()) || parts[k].contains(pair.b.as_str()))
            .collect();
        let mut part: BTreeSet<&str> = [pair.a.as_str(), pair.b.as_str()].into();
        for &k in joined.iter().rev() {
            part.extend(parts.swap_remove(k));
        }
        parts.push(part);
    }
    let mut groups: Vec<Group> = Vec::new();
    for part in parts.iter().filter(|part| part.len() >= GROUP) {
        let inside: Vec<&Pair> =
            pairs.iter().filter(|p| part.contains(p.a.as_str()) && part.contains(p.b.as_str())).collect();
        let k = part.len();
        let mut same_output: Vec<usize> = inside.iter().flat_map(|p| p.same_output.iter().copied()).collect();
        same_output.sort_unstable();
        same_output.dedup();
        groups.push(Group {
            students: part.iter().map(|s| s.to_string()).collect(),
            low: inside.iter().map(|p| p.score).fold(f64::INFINITY, f64::min),
            high: inside.iter().map(|p| p.score).fold(0.0, f64::max),
            identical: inside.len() == k * (k - 1) / 2 && inside.iter().all(|p| p.score == 1.0),
            pairs: inside.into_iter().cloned().collect(),
            same_output,
        });
    }
    groups.sort_by(|g, h| h.students.len().cmp(&g.students.len()).then_with(|| g.students.cmp(&h.students)));
    let grouped = |p: &Pair| groups.iter().any(|g| g.students.contains(&p.a));
    let pairs = pairs.iter().filter(|p| !grouped(p)).cloned().collect();
    (groups, pairs)
}

/// A pair's score from the fingerprints they share and each one's count: the two shares of
/// each found in the other, averaged; 0 when either has too few of its own to judge.
pub fn score(common: usize, a: usize, b: usize) -> f64 {
    if a.min(b) < MIN_FINGERPRINTS {
        return 0.0;
    }
    (common as f64 / a as f64 + common as f64 / b as f64) / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_shapes_to_take_away() {
        for language in Language::ALL {
            let found = fingerprints(&tokens(shapes(language), language)).len();
            assert!(found > MIN_FINGERPRINTS, "{language:?}: {found} fingerprints");
        }
    }

    #[test]
    fn names_literals_comments_and_layout_do_not_count() {
        let a = "int main() { int n = 8; /* size */ printf(\"%d\\n\", n); }\n";
        let b = "int  main(){\n  int size=10; // n\n  printf(\"%i\\n\",size);\n}";
        assert_eq!(tokens(a, Language::C), tokens(b, Language::C));
        let p = "n = int(input())  # size\nprint(f\"{n}\")\n";
        let q = "size = int(input())\nprint('''%d''' % size)\n";
        let (tp, tq) = (tokens(p, Language::Python), tokens(q, Language::Python));
        assert_eq!(tp[..7], tq[..7]);
        assert_eq!(tp.len(), 12);
    }

    #[test]
    fn a_preprocessor_line_is_dropped_and_an_operator_kept_whole() {
        let t = tokens("#include <stdio.h>\nx <<= 1; y->z;", Language::C);
        use Token::*;
        assert_eq!(t, [Name, Word("<<="), Number, Word(";"), Name, Word("->"), Name, Word(";")]);
    }

    #[test]
    fn winnowing_keeps_about_two_in_w_plus_one() {
        let text: String = (0..400).map(|i| format!("x{} = y + {i} * (z - w);\n", i % 7)).collect();
        let t = tokens(&text, Language::C);
        assert!(fingerprints(&t).len() <= 2 * t.len() / (W + 1) + 1);
        assert!(fingerprints(&t[..K - 1]).is_empty());
    }

    #[test]
    fn a_program_half_the_class_handed_in_is_still_flagged() {
        let program = include_str!("shapes/queens.c").replace("search", "walk");
        let class: Vec<Source> = (0..6)
            .map(|k| Source {
                name: format!("s{k}"),
                language: Language::C,
                text: program.replace("row", &format!("r{k}")),
                wrong_outputs: Vec::new(),
                format: None,
            })
            .collect();
        let copies = check(&class, None, THRESHOLD);
        // Its 15 pairs are one group of six.
        let group =
            copies.groups.iter().map(|g| (g.students.join(" "), g.pairs.len(), g.identical)).collect::<Vec<_>>();
        assert_eq!(group, [("s0 s1 s2 s3 s4 s5".to_string(), 15, true)]);
        assert!(copies.pairs.is_empty());
    }

    #[test]
    fn the_same_wrong_output_is_one_only_within_a_format() {
        let judged = |name: &str, text: &str, format: &str| Source {
            name: name.into(),
            language: Language::Python,
            text: text.into(),
            wrong_outputs: vec![(4, "5e1d".into())],
            format: Some(format.into()),
        };
        let class = [
            judged("a", "print(1)\n", "compact"),
            judged("b", "print(2)\n", "spaced"),
            judged("c", "import sys\nprint(3)\n", "spaced"),
        ];
        let pairs = check(&class, None, THRESHOLD).pairs;
        let pairs = pairs.iter().map(|p| format!("{} {} {:?}", p.a, p.b, p.same_output)).collect::<Vec<_>>();
        assert_eq!(pairs, ["b c [4]"]);
    }

    #[test]
    fn the_score_is_the_mean_of_both_shares() {
        assert_eq!(score(10, 10, 20), 0.75);
        assert_eq!(score(3, 4, 40), 0.0);
    }
}
