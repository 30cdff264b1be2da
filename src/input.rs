//! Input from the user, read within limits: board sizes, stdin, answers at a prompt, files of
//! lines.
//!
//! Every read of stdin or of a file in the toolkit goes through here, and every one is bounded:
//! a board size is at most [`SIZE_BYTES`] of input, an answer at a prompt at most [`WORD_BYTES`],
//! a line of a file at most what its caller allows. So `labs run < /dev/zero` ends at once with a
//! one-line error in a few kilobytes of memory, as does every other command fed an endless
//! stream. A board size is one whole number, written as the documents' programs read it with
//! `scanf("%d")`: surrounding whitespace is fine, anything else is a usage error that names the
//! value and what is allowed (from [`crate::facts`]).
//!
//! This module imports nothing of the commands.

use crate::catalogue::{Key, say};
use crate::count::shard::{MAX_SHARDS, Shard};
use crate::error::{Error, io_words};
use crate::facts::{BOARD, JUDGE, Limit};
use crate::lang::Lang;
use std::io::{self, BufRead, IsTerminal, Read, Write};

/// Most bytes of stdin read for one board size: a number and any whitespace around it.
pub const SIZE_BYTES: usize = 4096;

/// Most bytes read for one answer at a prompt, the whitespace before it included.
pub const WORD_BYTES: usize = 4096;

/// The board size from an argument, or else from stdin as the documents' programs read it; what
/// is wrong with it, in `lang`.
pub fn board_size(arg: Option<&str>, limit: &Limit, lang: Lang) -> Result<usize, Error> {
    match arg {
        Some(text) => parse_size(text, limit, lang),
        None => parse_size(&stdin_size_text(lang)?, limit, lang),
    }
}

/// Parses a board size given as `text` (an argument or stdin), allowed within `limit`.
///
/// Surrounding whitespace is fine; anything but one whole number in range is a usage error whose
/// message names the value and the allowed range.
pub fn parse_size(text: &str, limit: &Limit, lang: Lang) -> Result<usize, Error> {
    let t = text.trim();
    let (allowed, size) = (limit.allowed(lang), shorten(t));
    if t.is_empty() {
        return Err(Error::Usage(say!(lang, NoBoardSize, allowed)));
    }
    if !is_whole_number(t) {
        return Err(Error::Usage(say!(lang, SizeNotWhole, size, allowed)));
    }
    match t.parse::<i128>() {
        Ok(v) if v >= 0 && limit.contains(v as usize) => Ok(v as usize),
        Ok(v) if v < limit.min as i128 => Err(Error::Usage(say!(lang, SizeOutOfRange, size, allowed))),
        // Too large, or too many digits for an i128 (a sign and digits only, checked above).
        Err(_) if t.starts_with('-') => Err(Error::Usage(say!(lang, SizeOutOfRange, size, allowed))),
        _ => Err(Error::Usage(say!(lang, SizeTooLarge, size, allowed, why = limit.why(lang)))),
    }
}

/// Whether `text` is written as one whole number: an optional sign, then decimal digits only.
pub fn is_whole_number(text: &str) -> bool {
    let digits = text.strip_prefix(['+', '-']).unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// `text` cut to 40 characters with `…`, so that a message quoting it stays one short line.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// stdin as text for one board size: one line if it is a terminal (so the user need not type
/// Ctrl-D), asked for on stderr so that a waiting `labs run` does not look hung; else all of
/// it, at most [`SIZE_BYTES`].
fn stdin_size_text(lang: Lang) -> Result<String, Error> {
    let stdin = io::stdin();
    let mut bytes = Vec::new();
    let mut bounded = stdin.lock().take(SIZE_BYTES as u64 + 1);
    if io::stdin().is_terminal() {
        let mut stderr = io::stderr();
        let _ = write!(stderr, "{}", crate::catalogue::say!(lang, SizePrompt));
        let _ = stderr.flush();
        bounded.read_until(b'\n', &mut bytes)?;
        if !bytes.ends_with(b"\n") {
            // Ctrl-D ends the line unechoed: what follows (an error) starts a line of its own.
            let _ = writeln!(stderr);
        }
    } else {
        bounded.read_to_end(&mut bytes)?;
    }
    if bytes.len() > SIZE_BYTES {
        return Err(Error::Usage(say!(lang, StdinTooLong, max = SIZE_BYTES)));
    }
    String::from_utf8(bytes).map_err(|_| Error::Usage(say!(lang, StdinNotText)))
}

/// The next word of `input`: bytes up to whitespace, leading whitespace skipped; `None` at the
/// end. Words are read as `cin >>` reads them, so answers may share a line or not. More than
/// [`WORD_BYTES`] without a whole word is a usage error that names `what` was expected (a
/// [`Key::WordBoardSize`] or the like), in `lang`.
pub fn next_word(input: &mut dyn BufRead, what: Key, lang: Lang) -> Result<Option<Vec<u8>>, Error> {
    let mut word = Vec::new();
    let mut read = 0;
    for byte in input.bytes() {
        read += 1;
        if read > WORD_BYTES {
            return Err(Error::Usage(say!(lang, NoWordInInput, what = what.text(lang), max = WORD_BYTES)));
        }
        match byte? {
            b if b.is_ascii_whitespace() && word.is_empty() => {}
            b if b.is_ascii_whitespace() => break,
            b => word.push(b),
        }
    }
    Ok((!word.is_empty()).then_some(word))
}

/// The lines of `reader`, each with its number from 1, each at most `max_line` bytes; `name`
/// names the source in messages, said in `lang`. A longer line, or one that is not UTF-8, ends the
/// lines with a usage error, so an endless stream without newlines costs `max_line` bytes, not all
/// memory.
pub fn lines<R: BufRead>(
    mut reader: R,
    name: String,
    max_line: usize,
    lang: Lang,
) -> impl Iterator<Item = Result<(usize, String), Error>> {
    let mut number = 0;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        number += 1;
        let mut bytes = Vec::new();
        let result = match reader.by_ref().take(max_line as u64 + 1).read_until(b'\n', &mut bytes) {
            Err(e) => Err(Error::Failed(say!(lang, CannotRead, name, error = io_words(&e, lang)))),
            Ok(0) => return None,
            Ok(_) if bytes.len() > max_line && !bytes.ends_with(b"\n") => {
                Err(Error::Usage(say!(lang, LineTooLong, place = say!(lang, LineOf, name, k = number), max = max_line)))
            }
            Ok(_) => String::from_utf8(bytes)
                .map(|text| (number, text.trim_end_matches(['\n', '\r']).to_string()))
                .map_err(|_| Error::Usage(say!(lang, LineNotText, place = say!(lang, LineOf, name, k = number)))),
        };
        done = result.is_err();
        Some(result)
    })
}

/// The board sizes to measure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sizes {
    /// These sizes, ascending, without repeats.
    List(Vec<usize>),
    /// Every size from this one up, as far as the budget allows.
    From(usize),
}

impl Sizes {
    /// Whether `n` is one of the sizes.
    pub fn contains(&self, n: usize) -> bool {
        match self {
            Sizes::List(sizes) => sizes.binary_search(&n).is_ok(),
            Sizes::From(first) => n >= *first,
        }
    }

    /// The smallest size.
    pub fn first(&self) -> usize {
        match self {
            Sizes::List(sizes) => sizes[0],
            Sizes::From(first) => *first,
        }
    }

    /// The largest size (the largest board any variant takes, for an open range).
    pub fn last(&self) -> usize {
        match self {
            Sizes::List(sizes) => sizes[sizes.len() - 1],
            Sizes::From(_) => BOARD.max,
        }
    }
}

/// Why clap refused a flag's value, worded only once the report's language is known: a value
/// parser runs inside clap, which cannot hand it one, so it keeps how to say it
/// ([`Refused::words`], called by [`crate::flags::report`] in the language chosen). Its `Display`
/// is the English.
pub struct Refused(Box<dyn Fn(Lang) -> String + Send + Sync>);

impl Refused {
    /// The reason, in `lang`.
    pub fn words(&self, lang: Lang) -> String {
        (self.0)(lang)
    }
}

impl std::fmt::Debug for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Refused({:?})", self.words(Lang::En))
    }
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.words(Lang::En))
    }
}

impl std::error::Error for Refused {}

/// `parse`'s value; if it refuses, a [`Refused`] that words the refusal in any language by
/// parsing again in it (parsing does not depend on the language, only its words do).
fn deferred<T>(parse: impl Fn(Lang) -> Result<T, String> + Send + Sync + 'static) -> Result<T, Refused> {
    match parse(Lang::En) {
        Ok(value) => Ok(value),
        Err(_) => Err(Refused(Box::new(move |lang| parse(lang).err().unwrap_or_default()))),
    }
}

/// Parses a list of board sizes within `limit`: `8`, `4..12` (12 excluded, as in Rust),
/// `4..=12`, `4..` (from 4 up, if `open` allows it) or `4,6,8`; sorted, without repeats. The
/// refusal says why and what is allowed, for clap to show after the flag and the value.
pub fn parse_sizes(text: &str, limit: &'static Limit, open: bool) -> Result<Sizes, Refused> {
    let text = text.to_owned();
    deferred(move |lang| sizes_in(&text, limit, open, lang))
}

/// [`parse_sizes`], its refusal in `lang`.
fn sizes_in(text: &str, limit: &Limit, open: bool, lang: Lang) -> Result<Sizes, String> {
    let forms = if open { say!(lang, SizeFormsOpen) } else { say!(lang, SizeForms) };
    let allowed = say!(lang, SizeListAllowed, forms, min = limit.min, max = limit.max);
    let bad = |why: String| say!(lang, SizeListRefused, why, allowed);
    let size = |s: &str| match s.trim().parse::<usize>() {
        Ok(v) if limit.contains(v) => Ok(v),
        Ok(v) if v < limit.min => Err(bad(say!(lang, SizeListOutOfRange))),
        Ok(_) => Err(say!(
            lang,
            SizeListRefusedBecause,
            why = say!(lang, SizeListOutOfRange),
            allowed,
            reason = limit.why(lang)
        )),
        Err(_) => Err(bad(say!(lang, SizeListNotASize))),
    };
    let t = text.trim();
    let mut sizes = if let Some((a, b)) = t.split_once("..") {
        let first = size(a)?;
        if b.trim().is_empty() {
            return match open {
                true => Ok(Sizes::From(first)),
                false => Err(bad(say!(lang, SizeListNoEnd, example = format!("{first}..={}", limit.max.min(9))))),
            };
        }
        let last = match b.strip_prefix('=') {
            Some(b) => size(b)?,
            None => size(b)?.checked_sub(1).ok_or_else(|| bad(say!(lang, SizeListEmpty)))?,
        };
        (first..=last).collect::<Vec<_>>()
    } else {
        t.split(',').map(size).collect::<Result<Vec<_>, _>>()?
    };
    if sizes.is_empty() {
        return Err(bad(say!(lang, SizeListEmpty)));
    }
    sizes.sort_unstable();
    sizes.dedup();
    Ok(Sizes::List(sizes))
}

/// `labs bench --n`: sizes every variant takes, open ranges allowed.
pub fn bench_sizes(text: &str) -> Result<Sizes, Refused> {
    parse_sizes(text, &BOARD, true)
}

/// `labs judge --n`: sizes the judge takes, a closed list (always [`Sizes::List`]).
pub fn judge_sizes(text: &str) -> Result<JudgeSizes, Refused> {
    judge_sizes_within(&JUDGE)(text)
}

/// `labs judge --n` within `limit`: [`JUDGE`], or [`JUDGE_ONE`](crate::facts::JUDGE_ONE) when
/// `--format one` is asked for, the text kept so that a format that draws boards checks it again
/// ([`JudgeSizes::for_boards`]).
pub fn judge_sizes_within(limit: &'static Limit) -> impl Fn(&str) -> Result<JudgeSizes, Refused> + Clone {
    move |text| Ok(JudgeSizes { sizes: parse_sizes(text, limit, false)?, text: text.to_string() })
}

/// `labs judge --n`'s sizes, and its text, to be checked again for a format that draws boards
/// when they were parsed within `--format one`'s limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JudgeSizes {
    /// The sizes.
    pub sizes: Sizes,
    /// As typed.
    pub text: String,
}

impl JudgeSizes {
    /// The sizes, if a format that draws boards takes them ([`JUDGE`]); else the refusal
    /// `--n <LIST>`'s parser would have said, in `lang`.
    pub fn for_boards(&self, lang: Lang) -> Result<&Sizes, String> {
        match sizes_in(&self.text, &JUDGE, false, lang) {
            Ok(_) => Ok(&self.sizes),
            Err(why) => Err(say!(lang, InvalidValue, value = self.text, arg = "--n <LIST>", why)),
        }
    }
}

/// A count of at least 1, for clap: `--first K`, `--max-steps K`.
pub fn at_least_one(text: &str) -> Result<u64, Refused> {
    let text = text.to_owned();
    deferred(move |lang| match text.trim().parse::<u64>() {
        Ok(k) if k >= 1 => Ok(k),
        Ok(_) => Err(say!(lang, ValueAtLeastOne)),
        Err(_) => Err(say!(lang, ValueNotCount)),
    })
}

/// A whole number from `min` to `max` (`None`: no most), for clap: `--jobs 2`, `--runs 20`. Its
/// message is in the language chosen, where clap's own ranged parsers speak English only.
pub fn whole<T: TryFrom<u64>>(min: u64, max: Option<u64>) -> impl Fn(&str) -> Result<T, Refused> + Clone {
    move |text| {
        let within = |v: &u64| *v >= min && max.is_none_or(|m| *v <= m);
        match text.trim().parse::<u64>().ok().filter(within).map(T::try_from) {
            Some(Ok(v)) => Ok(v),
            _ => deferred(move |lang| {
                Err(match max {
                    Some(max) => say!(lang, ValueNotWhole, min, max),
                    None => say!(lang, ValueNotWholeFrom, min),
                })
            }),
        }
    }
}

/// A board size within `limit` given to a flag, for clap: `verify --max`, `interactive
/// --max-size`; the message is [`parse_size`]'s, which names the limit's reason.
pub fn size_within(limit: &'static Limit) -> impl Fn(&str) -> Result<usize, Refused> + Clone {
    move |text| {
        let text = text.to_owned();
        deferred(move |lang| parse_size(&text, limit, lang).map_err(|e| e.message(lang)))
    }
}

/// A square `R,C` (row and column from 0), for clap: `labs solve --given 0,5`.
pub fn square(text: &str) -> Result<(usize, usize), Refused> {
    let parsed = text.split_once(',').and_then(|(r, c)| Some((r.trim().parse().ok()?, c.trim().parse().ok()?)));
    match parsed {
        Some(square) => Ok(square),
        None => {
            let text = text.to_owned();
            deferred(move |lang| Err(say!(lang, ValueNotSquare, text = crate::escape::visible(&text))))
        }
    }
}

/// Sizes as a report names them: `7..9` when they follow one another, else `4, 6, 8`.
pub fn sizes_named(sizes: &[usize]) -> String {
    match sizes {
        [one] => one.to_string(),
        [first, .., last] if last - first + 1 == sizes.len() => format!("{first}..{last}"),
        _ => sizes.iter().map(usize::to_string).collect::<Vec<_>>().join(", "),
    }
}

/// A positive number of seconds, at most `max`, for clap: `--budget 0.5`, `--time-limit 2`.
pub fn seconds(text: &str, max: f64) -> Result<f64, Refused> {
    match text.trim().parse::<f64>() {
        Ok(s) if s.is_finite() && s > 0.0 && s <= max => Ok(s),
        _ => deferred(move |lang| Err(say!(lang, ValueNotTime, max))),
    }
}

/// One shard of a count, `I/M`, for clap: `labs count --shard 3/8`.
pub fn shard(text: &str) -> Result<Shard, Refused> {
    match text.trim().parse() {
        Ok(shard) => Ok(shard),
        Err(_) => deferred(|lang| Err(say!(lang, ValueNotShard, max = MAX_SHARDS))),
    }
}

/// A number from 0 to `max`, for `--weights` and `--pe-score`.
pub fn fraction(text: &str, max: f64) -> Result<f64, Refused> {
    match text.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && (0.0..=max).contains(&x) => Ok(x),
        _ => deferred(move |lang| Err(say!(lang, ValueNotFraction, max))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::COUNT;

    #[test]
    fn ranges_read_like_rust() {
        assert_eq!(bench_sizes("4..8").unwrap(), Sizes::List(vec![4, 5, 6, 7]));
        assert_eq!(bench_sizes("4..=8").unwrap(), Sizes::List(vec![4, 5, 6, 7, 8]));
        assert_eq!(bench_sizes("8").unwrap(), Sizes::List(vec![8]));
        assert_eq!(bench_sizes("8,4,6,4").unwrap(), Sizes::List(vec![4, 6, 8]));
        assert_eq!(bench_sizes("4..").unwrap(), Sizes::From(4));
        assert!(Sizes::From(4).contains(30) && !Sizes::From(4).contains(3));
        assert_eq!(judge_sizes("1..=3").unwrap().sizes, Sizes::List(vec![1, 2, 3]));
    }

    #[test]
    fn bad_ranges_say_what_is_allowed() {
        let allowed = "(allowed: N, A..B, A..=B, A.. or N,N,… with sizes from 1 to 64)";
        for (text, why) in [
            ("8..4", "is an empty range".to_string()),
            ("4..4", "is an empty range".into()),
            ("0..4", "has a size out of range".into()),
            ("4..=65", format!("has a size out of range {}: {})", &allowed[..allowed.len() - 1], BOARD.why(Lang::En))),
            ("x", "is not a size or a range of sizes".into()),
            ("4,,6", "is not a size or a range of sizes".into()),
            ("", "is not a size or a range of sizes".into()),
        ] {
            let want = if why.contains("(allowed") { why } else { format!("{why} {allowed}") };
            assert_eq!(bench_sizes(text).unwrap_err().to_string(), want, "{text}");
        }
        let closed = "(allowed: N, A..B, A..=B or N,N,… with sizes from 1 to 14)";
        assert_eq!(
            judge_sizes("4..").unwrap_err().to_string(),
            format!("has no end: name the last size, as in 4..=9 {closed}")
        );
        let open_paren = &closed[..closed.len() - 1];
        assert_eq!(
            judge_sizes("4..=15").unwrap_err().to_string(),
            format!("has a size out of range {open_paren}: {})", JUDGE.why(Lang::En))
        );
    }

    #[test]
    fn counts_start_at_one() {
        let said = |r: Result<u64, Refused>| r.map_err(|e| e.to_string());
        assert_eq!(said(at_least_one("3")), Ok(3));
        assert_eq!(said(at_least_one("0")), Err("must be at least 1".into()));
        assert_eq!(said(at_least_one("-1")), Err("not a whole number (allowed: 1 or more)".into()));
    }

    #[test]
    fn whole_numbers_keep_to_their_range_and_type() {
        let jobs = |text| whole::<u16>(1, Some(64))(text).map_err(|e| e.to_string());
        assert_eq!((jobs("1"), jobs(" 64 ")), (Ok(1), Ok(64)));
        for bad in ["0", "65", "-1", "2.5", "x", ""] {
            assert_eq!(jobs(bad), Err("not a whole number from 1 to 64".into()), "{bad}");
        }
        assert_eq!(whole::<u8>(1, None)("300").unwrap_err().to_string(), "not a whole number from 1 up");
        assert_eq!(whole::<u64>(1, None)("300").unwrap(), 300);
    }

    #[test]
    fn a_refusal_is_worded_in_the_language_asked_later() {
        let refused = judge_sizes("4..").unwrap_err();
        assert!(refused.words(Lang::Zh).starts_with("没有终点"), "{}", refused.words(Lang::Zh));
        assert_eq!(refused.words(Lang::En), refused.to_string());
        assert_eq!(shard("9/x").unwrap_err().words(Lang::Zh), say!(Lang::Zh, ValueNotShard, max = MAX_SHARDS));
    }

    #[test]
    fn times_are_positive_seconds() {
        assert_eq!(seconds("0.5", 10.0).unwrap(), 0.5);
        for bad in ["0", "-1", "abc", "inf", "NaN", "11"] {
            assert!(seconds(bad, 10.0).is_err(), "{bad}");
        }
    }

    #[test]
    fn sizes_in_range_parse_with_whitespace() {
        assert_eq!(parse_size(" 8\n", &BOARD, Lang::En).unwrap(), 8);
        assert_eq!(parse_size("+3", &BOARD, Lang::En).unwrap(), 3);
    }

    #[test]
    fn bad_sizes_name_the_value_and_the_range() {
        let range = "allowed: a whole number from 1 to 64";
        let cases = [
            ("0", format!("board size 0 is out of range ({range})")),
            ("-3", format!("board size -3 is out of range ({range})")),
            ("abc", format!("board size 'abc' is not a whole number ({range})")),
            ("3.5", format!("board size '3.5' is not a whole number ({range})")),
            ("", format!("no board size given ({range})")),
            ("65", format!("board size 65 is out of range ({range}: {})", BOARD.why(Lang::En))),
            (
                "1000000000000000000000000000000000000000000",
                format!(
                    "board size 1000000000000000000000000000000000000000… is out of range ({range}: {})",
                    BOARD.why(Lang::En)
                ),
            ),
            (
                "-1000000000000000000000000000000000000000000",
                format!("board size -100000000000000000000000000000000000000… is out of range ({range})"),
            ),
        ];
        for (text, message) in cases {
            assert_eq!(parse_size(text, &BOARD, Lang::En).unwrap_err().to_string(), message, "for {text:?}");
        }
        let long = "x".repeat(50);
        let message = format!("board size '{}…' is not a whole number ({range})", "x".repeat(40));
        assert_eq!(parse_size(&long, &BOARD, Lang::En).unwrap_err().to_string(), message);
        assert_eq!(
            parse_size("29", &COUNT, Lang::En).unwrap_err().to_string(),
            format!("board size 29 is out of range (allowed: a whole number from 1 to 28: {})", COUNT.why(Lang::En))
        );
    }

    fn words(text: &[u8]) -> Vec<Vec<u8>> {
        let mut input = text;
        std::iter::from_fn(|| next_word(&mut input, Key::WordContinue, Lang::En).unwrap()).collect()
    }

    #[test]
    fn words_are_split_on_any_whitespace() {
        assert_eq!(words(b"  4\ny\r\n\t6 n"), [&b"4"[..], b"y", b"6", b"n"]);
        assert_eq!(words(b" \n "), Vec::<Vec<u8>>::new());
    }

    #[test]
    fn an_endless_word_is_refused_within_the_bound() {
        let mut zeros = io::repeat(0).take(1 << 30);
        let mut reader = io::BufReader::new(&mut zeros);
        let e = next_word(&mut reader, Key::WordBoardSize, Lang::En).unwrap_err();
        assert_eq!(e.to_string(), format!("no board size in the first {WORD_BYTES} bytes of input"));
    }

    #[test]
    fn lines_are_numbered_and_bounded() {
        let text = &b"a\r\nbb\n\nccc"[..];
        let got: Vec<_> = lines(text, "f".into(), 8, Lang::En).map(Result::unwrap).collect();
        assert_eq!(got, [(1, "a".into()), (2, "bb".into()), (3, String::new()), (4, "ccc".into())]);
        let zeros = io::BufReader::new(io::repeat(0).take(1 << 30));
        let errors: Vec<String> =
            lines(zeros, "stdin".into(), 256, Lang::En).map(|r| r.unwrap_err().to_string()).collect();
        assert_eq!(errors, ["stdin line 1 is longer than 256 bytes"]);
    }
}
