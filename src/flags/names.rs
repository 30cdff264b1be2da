//! Names as users type them: any case, other spellings, numbers, and a did-you-mean.
//!
//! Every fixed set of names on the command line — `--algo`, `--format` (and the judges' names for
//! its formats), `--lang`, the lab sheets — is read by one clap value parser, [`Names`]. It
//! ignores case (`Cell`, `PTA`), takes the aliases each name has (the judges' names `pta`,
//! `acwing`, `bailian`; a sheet's number, `labs lab 1`), and gives clap the names as possible
//! values, so they appear in `--help` and in shell completions. A name it does not know is a clap
//! error that lists what is allowed, names and aliases both (`spaced (pta)`), and suggests the
//! closest of either kind, as clap suggests a misspelt flag.
//!
//! This module imports nothing of the commands.

use crate::catalogue::Key;
use crate::lang::Lang;
use crate::sheets::{SHEETS, Sheet};
use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, Command, ValueEnum};
use nqueens::format::Format;
use nqueens::solvers::Algo;
use std::ffi::OsStr;

/// A name that is none of the choices: what was typed, what is allowed, what is closest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unknown {
    /// The text as typed.
    pub typed: String,
    /// Each name, with its aliases in parentheses: `spaced (pta)`.
    pub allowed: Vec<String>,
    /// The closest names or aliases, best first, at most two.
    pub closest: Vec<String>,
}

/// A clap value parser over a fixed set of names, each a value and its [`PossibleValue`]: the
/// name, its aliases (other spellings: a judge's name, a number; accepted, listed after the name,
/// not completed), its help.
#[derive(Clone, Debug)]
pub struct Names<T> {
    choices: Vec<(T, PossibleValue)>,
}

/// How alike two names must be (Jaro similarity) to be suggested: clap's own threshold for flags.
const ALIKE: f64 = 0.7;

impl<T: Clone> Names<T> {
    /// The parser for these choices, in the order help lists them.
    pub fn new(choices: Vec<(T, PossibleValue)>) -> Names<T> {
        Names { choices }
    }

    /// The value `text` names, case ignored, by name or alias.
    pub fn find(&self, text: &str) -> Result<T, Unknown> {
        if let Some((value, _)) = self.choices.iter().find(|(_, p)| p.matches(text, true)) {
            return Ok(value.clone());
        }
        let spellings = |p: &PossibleValue| p.get_name_and_aliases().map(String::from).collect::<Vec<_>>();
        let allowed = self
            .choices
            .iter()
            .map(|(_, p)| match spellings(p).split_first() {
                Some((name, [])) => name.clone(),
                Some((name, aliases)) => format!("{name} ({})", aliases.join(", ")),
                None => String::new(),
            })
            .collect();
        let typed = text.to_ascii_lowercase();
        let mut alike: Vec<(f64, String)> = self
            .choices
            .iter()
            .flat_map(|(_, p)| spellings(p))
            .filter(|s| !s.bytes().all(|b| b.is_ascii_digit()))
            .map(|s| (strsim::jaro(&typed, &s), s))
            .filter(|(score, _)| *score > ALIKE)
            .collect();
        alike.sort_by(|a, b| b.0.total_cmp(&a.0));
        Err(Unknown { typed: text.to_string(), allowed, closest: alike.into_iter().take(2).map(|(_, s)| s).collect() })
    }
}

impl<T: ValueEnum + Clone> Names<T> {
    /// The parser for a clap `ValueEnum`: its names, aliases and doc comments.
    pub fn of() -> Names<T> {
        Names::new(T::value_variants().iter().filter_map(|v| Some((v.clone(), v.to_possible_value()?))).collect())
    }
}

impl Names<Algo> {
    /// `--algo`: the six variants, in reading order, each with what it is in a line, in English.
    pub fn algos() -> Names<Algo> {
        Names::algos_in(Lang::En)
    }

    /// `--algo`, each variant's line in `lang`.
    pub fn algos_in(lang: Lang) -> Names<Algo> {
        Names::new(
            Algo::ALL.map(|algo| (algo, PossibleValue::new(algo.name()).help(algo_help(algo).text(lang)))).into(),
        )
    }
}

/// A variant in one line for `--help`: the document it mirrors and the check it teaches (no final
/// period, as clap's help lists values).
fn algo_help(algo: Algo) -> Key {
    match algo {
        Algo::Naive => Key::ValueNaive,
        Algo::Bordered => Key::ValueBordered,
        Algo::Cell => Key::ValueCell,
        Algo::Row => Key::ValueRow,
        Algo::Kruse => Key::ValueKruse,
        Algo::Bits => Key::ValueBits,
    }
}

impl Names<Format> {
    /// `--format`: every format, the default first; a document's format also answers to the name
    /// of the judge that uses it. In English.
    pub fn formats() -> Names<Format> {
        Names::formats_in(Lang::En)
    }

    /// `--format`, each format's line in `lang`.
    pub fn formats_in(lang: Lang) -> Names<Format> {
        Names::new(
            Format::ALL
                .map(|format| {
                    let (help, judge) = format_help(format);
                    let value = PossibleValue::new(format.name()).help(help.text(lang));
                    (format, judge.map_or(value.clone(), |judge| value.alias(judge)))
                })
                .into(),
        )
    }
}

impl Names<&'static Sheet> {
    /// The sheets as `labs lab` takes them: by name in any case, or by number in reading order
    /// (`labs lab 1` is `naive`), the names offered to completions with their titles.
    pub fn sheets() -> Names<&'static Sheet> {
        Names::sheets_in(Lang::En)
    }

    /// The sheets' names, each with its title in `lang`.
    pub fn sheets_in(lang: Lang) -> Names<&'static Sheet> {
        let named = |(i, sheet): (usize, &'static Sheet)| {
            (sheet, PossibleValue::new(sheet.name).alias(i.to_string()).help(sheet.title_in(lang)))
        };
        Names::new(SHEETS.iter().enumerate().map(named).collect())
    }
}

/// `--lang`'s two values, for clap. Here and not on [`Lang`], so that only this folder knows
/// clap; `--help` words them from the catalogue ([`super::localized`]).
impl ValueEnum for Lang {
    fn value_variants<'a>() -> &'a [Self] {
        &[Lang::En, Lang::Zh]
    }

    fn to_possible_value(&self) -> Option<PossibleValue> {
        Some(match self {
            Lang::En => PossibleValue::new("en").help("English"),
            Lang::Zh => PossibleValue::new("zh").help("中文 (Chinese)"),
        })
    }
}

impl Names<crate::solve::Shape> {
    /// `labs solve --format`: the columns, or any format that draws a board, each in a line in
    /// `lang`.
    pub fn shapes_in(lang: Lang) -> Names<crate::solve::Shape> {
        let columns = (crate::solve::Shape::Columns, PossibleValue::new("cols").help(Key::ValueCols.text(lang)));
        let boards = Names::formats_in(lang).choices.into_iter().map(|(f, p)| (crate::solve::Shape::Board(f), p));
        Names::new(std::iter::once(columns).chain(boards).collect())
    }
}

impl Names<crate::solve::Method> {
    /// `labs solve --method`, each in a line in `lang`.
    pub fn methods_in(lang: Lang) -> Names<crate::solve::Method> {
        use crate::solve::Method;
        let key = |m| match m {
            Method::Construct => Key::ValueConstruct,
            Method::MinConflicts => Key::ValueMinConflicts,
            Method::Backtrack => Key::ValueBacktrack,
        };
        Names::new(Method::ALL.map(|m| (m, PossibleValue::new(m.name()).help(key(m).text(lang)))).into())
    }
}

impl Names<super::Traced> {
    /// `labs trace --algo`: the six variants, then min-conflicts, each in a line in `lang`.
    pub fn traced_in(lang: Lang) -> Names<super::Traced> {
        use super::Traced;
        let searches = Names::algos_in(lang).choices.into_iter().map(|(a, p)| (Traced::Search(a), p));
        let local = PossibleValue::new(Traced::MinConflicts.name()).help(Key::ValueMinConflicts.text(lang));
        Names::new(searches.chain(std::iter::once((Traced::MinConflicts, local))).collect())
    }
}

impl Names<crate::judge::Answer> {
    /// `labs judge --format` and `labs grade --format`: every format, then `one` (any one
    /// solution, checked), each in a line in `lang`.
    pub fn answers_in(lang: Lang) -> Names<crate::judge::Answer> {
        use crate::judge::Answer;
        let every = Names::formats_in(lang).choices.into_iter().map(|(f, p)| (Answer::Every(f), p));
        let one = (Answer::One, PossibleValue::new(Answer::One.name()).help(Key::ValueOne.text(lang)));
        Names::new(every.chain(std::iter::once(one)).collect())
    }
}

/// A format in one line for `--help`, and the judge's name it also answers to.
fn format_help(format: Format) -> (Key, Option<&'static str>) {
    match format {
        Format::Pretty => (Key::ValuePretty, None),
        Format::Spaced => (Key::ValueSpaced, Some("pta")),
        Format::Framed => (Key::ValueFramed, None),
        Format::Compact => (Key::ValueCompact, Some("acwing")),
        Format::Numbered => (Key::ValueNumbered, Some("bailian")),
        Format::Kruse => (Key::ValueKruseFormat, None),
        Format::Luogu => (Key::ValueLuogu, None),
        Format::Leetcode => (Key::ValueLeetcode, None),
        Format::Svg => (Key::ValueSvg, None),
    }
}

impl<T: Clone + Send + Sync + 'static> TypedValueParser for Names<T> {
    type Value = T;

    fn parse_ref(&self, cmd: &Command, arg: Option<&Arg>, value: &OsStr) -> Result<T, clap::Error> {
        let text = value.to_string_lossy();
        self.find(&text).map_err(|unknown| {
            let mut e = clap::Error::new(ErrorKind::InvalidValue).with_cmd(cmd);
            let flag = arg.map_or_else(|| "...".to_string(), |a| a.to_string());
            e.insert(ContextKind::InvalidArg, ContextValue::String(flag));
            e.insert(ContextKind::InvalidValue, ContextValue::String(unknown.typed));
            e.insert(ContextKind::ValidValue, ContextValue::Strings(unknown.allowed));
            if !unknown.closest.is_empty() {
                e.insert(ContextKind::SuggestedValue, ContextValue::Strings(unknown.closest));
            }
            e
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(self.choices.iter().map(|(_, p)| p.clone())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_is_ignored_for_names_and_aliases() {
        assert_eq!(Names::algos().find("Cell"), Ok(Algo::Cell));
        assert_eq!(Names::algos().find("BITS"), Ok(Algo::Bits));
        assert_eq!(Names::formats().find("PTA"), Ok(Format::Spaced));
        assert_eq!(Names::formats().find("AcWing"), Ok(Format::Compact));
    }

    #[test]
    fn an_unknown_name_lists_both_kinds_and_suggests_either() {
        let unknown = Names::formats().find("acwig").unwrap_err();
        assert_eq!(unknown.closest, ["acwing"]);
        assert_eq!(
            unknown.allowed.join(", "),
            "pretty, spaced (pta), framed, compact (acwing), numbered (bailian), kruse, luogu, leetcode, svg"
        );
        assert_eq!(Names::formats().find("Spaaced").unwrap_err().closest, ["spaced"]);
        assert_eq!(Names::algos().find("fast").unwrap_err().closest, Vec::<String>::new());
    }

    #[test]
    fn numbers_are_aliases_but_never_suggested() {
        let names =
            Names::new(vec![(0, PossibleValue::new("intro").alias("0")), (1, PossibleValue::new("naive").alias("1"))]);
        assert_eq!((names.find("1"), names.find("Intro")), (Ok(1), Ok(0)));
        assert_eq!(names.find("2").unwrap_err().closest, Vec::<String>::new());
        assert_eq!(names.find("2").unwrap_err().allowed, ["intro (0)", "naive (1)"]);
    }
}
