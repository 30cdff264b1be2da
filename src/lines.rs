//! Where a line of text may break, and text broken into lines: the one set of rules for every
//! paragraph `labs` wraps — the lab sheets ([`crate::markdown`]), the judge's and the grader's
//! notes, help, and Chinese table cells ([`crate::width`]).
//!
//! The usual rules for Chinese beside English: a line breaks at a space, or between two Chinese
//! characters (Chinese puts no spaces between words); never before closing punctuation
//! (`，。）」`), after opening punctuation (`（“`), or inside `——` or `……`. In a sheet's prose
//! ([`Tag::NUMBERS`]) a number also stays with what it counts or names (`实验 0`, `92 种`,
//! `n = 8`, `Lab 1`, `190 µs`; in Chinese the two characters before a number stay with it, the
//! usual length of a word), and a value with its flag in code (`--algo row 4`); a report's line or
//! a table cell, short and full of numbers, breaks at any space. A piece wider than the line keeps
//! a line of its own: nothing is cut or clipped. Widths are display columns (`unicode-width`), and
//! a character is wide, for breaking as for measuring, when it takes two of them.
//!
//! It imports nothing of the commands.

use unicode_width::UnicodeWidthChar;

/// What a character of running text carries besides itself: its style in a sheet, nothing in
/// plain text.
pub trait Tag: Copy {
    /// Whether the character is code, where a number stays with the word before it.
    fn code(self) -> bool {
        false
    }

    /// Whether a number stays with what it counts or names: in a sheet's prose, yes; in a line of a
    /// report or a table cell, which are short and often all numbers and names, a line breaks at
    /// any space.
    const NUMBERS: bool;
}

impl Tag for () {
    const NUMBERS: bool = false;
}

/// Chinese punctuation a line may not start with.
pub const CLOSING: [char; 17] =
    ['，', '。', '、', '；', '：', '）', '！', '？', '”', '’', '」', '』', '》', '】', '〉', '］', '｝'];

/// Chinese punctuation a line may not end with.
pub const OPENING: [char; 10] = ['（', '“', '‘', '「', '『', '《', '【', '〈', '［', '｛'];

/// Whether `c` takes two columns: Chinese characters and full-width punctuation, where a line may
/// break with no space.
pub fn wide(c: char) -> bool {
    c.width() == Some(2)
}

/// Whether `c` is a Chinese character, not punctuation.
pub fn ideograph(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4dbf}' | '\u{4e00}'..='\u{9fff}' | '\u{f900}'..='\u{faff}')
}

/// A run of text no line breaks inside.
struct Piece<M> {
    text: Vec<(char, M)>,
    /// The space before it (and its mark), drawn unless a line breaks there.
    space: Option<M>,
}

/// `text` cut where a line may break.
fn pieces<M: Tag>(text: &[(char, M)]) -> Vec<Piece<M>> {
    let mut pieces = Vec::new();
    let mut current = Piece { text: Vec::new(), space: None };
    let word_before = |at: usize| {
        let end = at;
        let start = text[..end].iter().rposition(|&(c, _)| c == ' ').map_or(0, |s| s + 1);
        text[start..end].iter().map(|&(c, _)| c).collect::<String>()
    };
    let word_after = |at: usize| text[at..].iter().map(|&(c, _)| c).take_while(|&c| c != ' ').collect::<String>();
    let numbered = |at: usize| {
        let mut rest = text[at..].iter().map(|&(c, _)| c);
        let next = rest.next();
        next.is_some_and(|c| c.is_ascii_digit())
            || (next == Some(' ') && rest.next().is_some_and(|c| c.is_ascii_digit()))
    };
    for (at, &(c, mark)) in text.iter().enumerate() {
        let last = current.text.last().map(|&(c, _)| c);
        if c == ' ' {
            let (before, after) = (word_before(at), word_after(at + 1));
            // In code a value stays with its flag or command (`--algo row 4`).
            let value = mark.code() && after.starts_with(|c: char| c.is_ascii_digit());
            if last.is_some() && !after.is_empty() && !value && breaks_at_space(&before, &after, M::NUMBERS) {
                pieces.push(std::mem::replace(&mut current, Piece { text: Vec::new(), space: Some(mark) }));
                continue;
            }
        } else if let Some(last) = last.filter(|&l| l != ' ') {
            // A number keeps the word before it, which in Chinese is most often two characters:
            // `实验 0`, `文档 002`, `到达 2057`.
            let named = M::NUMBERS && ideograph(last) && ideograph(c) && numbered(at + 1);
            if breaks_between(last, c, M::NUMBERS) && !named {
                pieces.push(std::mem::replace(&mut current, Piece { text: Vec::new(), space: None }));
            }
        }
        current.text.push((c, mark));
    }
    if !current.text.is_empty() {
        pieces.push(current);
    }
    pieces
}

/// Whether a line may break at the space between the words `before` and `after` (keeping
/// `numbers` with what they count or name).
fn breaks_at_space(before: &str, after: &str, numbers: bool) -> bool {
    const SIGNS: [&str; 10] = ["=", "≠", "<", ">", "≤", "≥", "+", "−", "×", "/"];
    let (Some(last), Some(first)) = (before.chars().last(), after.chars().next()) else {
        return true;
    };
    if !numbers {
        return !(CLOSING.contains(&first) || OPENING.contains(&last));
    }
    // A number, or in Chinese a letter that stands for one (`n 个皇后`).
    let digits = |word: &str| word.starts_with(|c: char| c.is_ascii_digit());
    let letter = |word: &str| word.len() == 1 && word.starts_with(|c: char| c.is_ascii_alphabetic());
    let number = digits(before) && last.is_ascii_digit();
    !(CLOSING.contains(&first)
        || OPENING.contains(&last)
        || first == '—'
        || SIGNS.contains(&before)
        || SIGNS.contains(&after)
        || (ideograph(last) && (digits(after) || letter(after)))
        || ((number || letter(before)) && ideograph(first))
        || (before.starts_with(|c: char| c.is_uppercase()) && last.is_alphabetic() && digits(after))
        || (number && first.is_alphabetic()))
}

/// Whether a line may break between `a` and `b`, written with no space between them: only
/// beside a Chinese character, and never before what closes, after what opens, inside `——` or
/// `……`; in prose (`prose`: a sheet's), nor before English punctuation that closes, after what
/// opens, or between a digit and a Chinese character. A report's `（.c、.cpp、.py）` breaks before
/// `.py`.
fn breaks_between(a: char, b: char, prose: bool) -> bool {
    (wide(a) || wide(b))
        && !CLOSING.contains(&b)
        && !OPENING.contains(&a)
        && !(a == b && matches!(a, '—' | '…'))
        && !(prose
            && (",.;:!?)]}".contains(b)
                || "([{".contains(a)
                || a.is_ascii_digit() && ideograph(b)
                || ideograph(a) && b.is_ascii_digit()))
}

/// `text` broken into lines of at most `width` columns: the first line indented by `first`
/// spaces, the others by `rest` (spaces marked `blank`). A piece wider than its line keeps a
/// line of its own.
pub fn fill<M: Tag>(text: &[(char, M)], width: usize, first: usize, rest: usize, blank: M) -> Vec<Vec<(char, M)>> {
    let mut lines = Vec::new();
    let indent = |n: usize| vec![(' ', blank); n];
    let mut line = indent(first);
    let (mut used, mut fresh) = (first, true);
    for piece in pieces(text) {
        let len = width_of(&piece.text);
        let gap = usize::from(piece.space.is_some() && !fresh);
        if !fresh && used + gap + len > width {
            lines.push(std::mem::replace(&mut line, indent(rest)));
            used = rest;
        } else if let Some(mark) = piece.space.filter(|_| !fresh) {
            line.push((' ', mark));
            used += 1;
        }
        used += len;
        line.extend(piece.text);
        fresh = false;
    }
    lines.push(line);
    lines
}

/// The widest piece of `text` (a line may be no narrower without cutting one), in columns.
pub fn longest<M: Tag>(text: &[(char, M)]) -> usize {
    pieces(text).iter().map(|p| width_of(&p.text)).max().unwrap_or(0)
}

/// `text`'s width in display columns.
pub fn width_of<M>(text: &[(char, M)]) -> usize {
    text.iter().map(|&(c, _)| c.width().unwrap_or(0)).sum()
}
