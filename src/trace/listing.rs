//! Each variant's program as short pseudocode, the line each step of its trace stands on, and the
//! data structures it keeps, with their values after a step.
//!
//! The pseudocode is ours, C-like, in the shape of the variant's document's program (the same
//! functions, loops and names, but for the two diagonals, which every listing calls [`DIAG`] and
//! [`ANTI`]: the documents disagree, and 002's two programs swap `dg` and `udg`). Each line has a
//! comment in English and in Chinese, and says which steps light it: `p` a queen placed, `x`
//! removed, `s` a solution, `c` `d` `a` `w` a square refused by its column, diagonal,
//! anti-diagonal or row.
//!
//! The values are what the variant's own structures hold with the queens of the board: flag
//! arrays (`row`, `cell`), the board of squares (`naive`, `kruse`), the framed board (`bordered`),
//! the three masks of the row being filled (`bits`). They follow from the queens alone, which is
//! what lets the page draw them from the steps it replays, and `labs trace --json` print them.

use crate::solvers::{Algo, Conflict, Probed};

/// The array of the `\` diagonals (row − column constant), in every listing.
pub const DIAG: &str = "diag";
/// The array of the `/` anti-diagonals (row + column constant), in every listing.
pub const ANTI: &str = "anti";

/// One line of a listing: the code, its comment in English and in Chinese, the steps it lights.
#[derive(Clone, Copy, Debug)]
pub struct CodeLine {
    /// The code, `{D}` and `{A}` standing for [`DIAG`] and [`ANTI`].
    pub code: &'static str,
    /// The comment, in English.
    pub en: &'static str,
    /// The comment, in Chinese.
    pub zh: &'static str,
    /// The step tags that stand on this line, and the checks' ([`checks`]) that are made on it
    /// and lit by no step: `v` a square `naive` visits on neither diagonal, `D` `C` `A` the frame
    /// square that ends one of `bordered`'s walks.
    pub lights: &'static str,
}

const fn line(code: &'static str, en: &'static str, zh: &'static str, lights: &'static str) -> CodeLine {
    CodeLine { code, en, zh, lights }
}

const NAIVE: &[CodeLine] = &[
    line("bool is_valid(int row, int col) {", "may a queen stand on (row, col)?", "(row, col) 能放皇后吗？", ""),
    line("  for (int i = 0; i < n; i++)", "its column, top to bottom", "它所在的列，自上而下", ""),
    line("    if (queen[i][col]) return false;", "column taken", "列已被占", "c"),
    line("  for (int i = 0; i < n; i++)", "then the whole board, row by row", "再逐行扫整个棋盘", ""),
    line("    for (int j = 0; j < n; j++) {", "", "", "v"),
    line("      if (i - j == row - col && queen[i][j]) return false;", "↘ diagonal taken", "↘ 斜线已被占", "d"),
    line("      if (i + j == row + col && queen[i][j]) return false;", "↙ anti-diagonal taken", "↙ 斜线已被占", "a"),
    line("    }", "", "", ""),
    line("  return true;", "", "", ""),
    line("}", "", "", ""),
    line("void tracing(int row) {", "fill row `row`", "填第 row 行", ""),
    line("  if (row == n) { print(); return; }", "every row has its queen: a solution", "每行都有皇后：一个解", "s"),
    line("  for (int col = 0; col < n; col++) {", "try each column", "逐列尝试", ""),
    line("    if (!is_valid(row, col)) continue;", "refused: the next column", "被拒绝：试下一列", ""),
    line("    queen[row][col] = 1;", "place the queen", "放下皇后", "p"),
    line("    tracing(row + 1);", "the next row", "下一行", ""),
    line("    queen[row][col] = 0;", "take it off: backtrack", "拿走它：回溯", "x"),
    line("  }", "", "", ""),
    line("}", "", "", ""),
];

const BORDERED: &[CodeLine] = &[
    line("bool check(int i, int j) {", "walk three ways up, to the frame", "向上三个方向走，走到边框为止", ""),
    line(
        "  for (int k = i - 1, l = j - 1; a[k][l] != FRAME; k--, l--)",
        "up-left: the ↘ diagonal",
        "左上：↘ 斜线",
        "D",
    ),
    line("    if (a[k][l] == QUEEN) return false;", "↘ diagonal taken", "↘ 斜线已被占", "d"),
    line("  for (int k = i - 1; a[k][j] != FRAME; k--)", "straight up: the column", "正上：列", "C"),
    line("    if (a[k][j] == QUEEN) return false;", "column taken", "列已被占", "c"),
    line(
        "  for (int k = i - 1, l = j + 1; a[k][l] != FRAME; k--, l++)",
        "up-right: the ↙ anti-diagonal",
        "右上：↙ 斜线",
        "A",
    ),
    line("    if (a[k][l] == QUEEN) return false;", "↙ anti-diagonal taken", "↙ 斜线已被占", "a"),
    line("  return true;", "", "", ""),
    line("}", "", "", ""),
    line("void find(int i) {", "rows 1..n, inside the frame", "第 1..n 行，在边框以内", ""),
    line("  if (i > n) { print(); return; }", "every row has its queen: a solution", "每行都有皇后：一个解", "s"),
    line("  for (int j = 1; j <= n; j++) {", "try each column", "逐列尝试", ""),
    line("    if (!check(i, j)) continue;", "refused: the next column", "被拒绝：试下一列", ""),
    line("    a[i][j] = QUEEN;", "place the queen", "放下皇后", "p"),
    line("    find(i + 1);", "the next row", "下一行", ""),
    line("    a[i][j] = EMPTY;", "take it off: backtrack", "拿走它：回溯", "x"),
    line("  }", "", "", ""),
    line("}", "", "", ""),
];

const CELL: &[CodeLine] = &[
    line("void dfs(int x, int y, int s) {", "square (x, y), s queens placed", "格子 (x, y)，已放 s 个皇后", ""),
    line("  if (y == n) { y = 0; x++; }", "past the row's end: the next row", "过了行尾：下一行", ""),
    line("  if (x == n) { if (s == n) print(); return; }", "every square visited", "每个格子都走过了", "s"),
    line("  bool ok = !row[x]", "row taken?", "行被占？", "w"),
    line("         && !col[y]", "column taken?", "列被占？", "c"),
    line("         && !{A}[x + y]", "↙ anti-diagonal taken?", "↙ 斜线被占？", "a"),
    line("         && !{D}[x - y + n];", "↘ diagonal taken?", "↘ 斜线被占？", "d"),
    line("  if (ok) {", "", "", ""),
    line("    row[x] = col[y] = {A}[x + y] = {D}[x - y + n] = true;", "place a queen here", "在这里放皇后", "p"),
    line("    dfs(x, y + 1, s + 1);", "the next square, with it", "带着它去下一格", ""),
    line("    row[x] = col[y] = {A}[x + y] = {D}[x - y + n] = false;", "take it off: backtrack", "拿走它：回溯", "x"),
    line("  }", "", "", ""),
    line("  dfs(x, y + 1, s);", "the next square, without a queen here", "这里不放，去下一格", ""),
    line("}", "", "", ""),
];

const ROW: &[CodeLine] = &[
    line("void dfs(int r) {", "fill row r", "填第 r 行", ""),
    line("  if (r == n) { print(); return; }", "every row has its queen: a solution", "每行都有皇后：一个解", "s"),
    line("  for (int c = 0; c < n; c++) {", "try each column", "逐列尝试", ""),
    line("    if (col[c]) continue;", "column taken", "列已被占", "c"),
    line("    if ({A}[r + c]) continue;", "↙ anti-diagonal taken", "↙ 斜线已被占", "a"),
    line("    if ({D}[c - r + n]) continue;", "↘ diagonal taken", "↘ 斜线已被占", "d"),
    line("    col[c] = {A}[r + c] = {D}[c - r + n] = true;", "place the queen", "放下皇后", "p"),
    line("    dfs(r + 1);", "the next row", "下一行", ""),
    line("    col[c] = {A}[r + c] = {D}[c - r + n] = false;", "take it off: backtrack", "拿走它：回溯", "x"),
    line("  }", "", "", ""),
    line("}", "", "", ""),
];

const KRUSE: &[CodeLine] = &[
    line(
        "bool Queens::unguarded(int col) const {",
        "may the next queen stand in col?",
        "下一个皇后能放在 col 列吗？",
        "",
    ),
    line("  for (int i = 0; i < count; i++)", "the column, above", "上方的列", ""),
    line("    if (queen_square[i][col]) return false;", "column taken", "列已被占", "c"),
    line("  for (int i = 1; i <= count && i <= col; i++)", "up-left: the ↘ diagonal", "左上：↘ 斜线", ""),
    line("    if (queen_square[count - i][col - i]) return false;", "↘ diagonal taken", "↘ 斜线已被占", "d"),
    line(
        "  for (int i = 1; i <= count && col + i < board_size; i++)",
        "up-right: the ↙ anti-diagonal",
        "右上：↙ 斜线",
        "",
    ),
    line("    if (queen_square[count - i][col + i]) return false;", "↙ anti-diagonal taken", "↙ 斜线已被占", "a"),
    line("  return true;", "", "", ""),
    line("}", "", "", ""),
    line("void solve_from(Queens &q) {", "", "", ""),
    line(
        "  if (q.is_solved()) { q.print(); return; }",
        "count == board_size: a solution",
        "count == board_size：一个解",
        "s",
    ),
    line("  for (int col = 0; col < q.board_size; col++)", "try each column of row count", "在第 count 行逐列尝试", ""),
    line("    if (q.unguarded(col)) {", "", "", ""),
    line("      q.insert(col);", "queen_square[count++][col] = true", "queen_square[count++][col] = true", "p"),
    line("      solve_from(q);", "the next row", "下一行", ""),
    line(
        "      q.remove(col);",
        "queen_square[--count][col] = false: backtrack",
        "queen_square[--count][col] = false：回溯",
        "x",
    ),
    line("    }", "", "", ""),
    line("}", "", "", ""),
];

const BITS: &[CodeLine] = &[
    line(
        "void place(int row, u64 col, u64 {D}, u64 {A}) {",
        "bit c set: column c of this row is attacked",
        "第 c 位为 1：本行第 c 列受攻击",
        "",
    ),
    line("  if (row == n) { count++; return; }", "every row has its queen: a solution", "每行都有皇后：一个解", "s"),
    line(
        "  u64 free = full & ~(col | {D} | {A});",
        "one read: every free square of the row",
        "一次读取：本行所有空位",
        "cda",
    ),
    line("  while (free) {", "", "", ""),
    line("    u64 bit = free & -free;", "the lowest free column", "最低位的空列", ""),
    line("    free ^= bit;", "", "", ""),
    line(
        "    place(row + 1, col | bit, ({D} | bit) << 1, ({A} | bit) >> 1);",
        "place it: the next row's masks",
        "放下：算出下一行的掩码",
        "p",
    ),
    line("  }", "back here: this row's masks never changed", "回到这里：本行的掩码从未改变", "x"),
    line("}", "", "", ""),
];

/// What the trace shows of a variant: its program's listing and the structure it keeps. One
/// exhaustive match, so that a new variant gives both at once, and the listing, the flags, the
/// board's name, the values and the page's shape all read them here.
pub struct Shown {
    /// The variant's program, line by line.
    pub listing: &'static [CodeLine],
    /// What it keeps: the values the page draws.
    pub kept: Kept,
    /// How one of its recursive calls is written on the call stack: the call (`{r}` its row from
    /// 0, `{r1}` from 1; for `cell`, `{r}`, `{c}` its square and `{s}` the queens before it) and
    /// its loop variable (`{c}` the column from 0, `{c1}` from 1), empty for `cell`, whose calls
    /// are one per square.
    pub frame: (&'static str, &'static str),
}

/// The structure a variant keeps, as the trace names and draws it.
#[derive(Clone, Copy, Debug)]
pub enum Kept {
    /// Flag arrays (`row`, `cell`).
    Flags(&'static [Flags]),
    /// A board of squares by this name (`naive`), framed by sentinels (`bordered`).
    Board {
        /// Its name in the listing.
        name: &'static str,
        /// Whether a frame of `#` surrounds it.
        framed: bool,
    },
    /// A board of squares by this name and a count of queens (`kruse`).
    Counted(&'static str),
    /// Three bit masks, [`MASKS`] (`bits`).
    Masks,
}

impl Kept {
    /// How the page draws it: `flags`, `board`, `framed`, `counted` or `masks` (model.js, page.js).
    pub fn shape(self) -> &'static str {
        match self {
            Kept::Flags(_) => "flags",
            Kept::Board { framed: false, .. } => "board",
            Kept::Board { framed: true, .. } => "framed",
            Kept::Counted(_) => "counted",
            Kept::Masks => "masks",
        }
    }
}

/// What the trace shows of `algo`.
pub fn shown(algo: Algo) -> Shown {
    let (listing, kept, frame) = match algo {
        Algo::Naive => (NAIVE, Kept::Board { name: "queen", framed: false }, ("tracing({r})", "col={c}")),
        Algo::Bordered => (BORDERED, Kept::Board { name: "a", framed: true }, ("find({r1})", "j={c1}")),
        Algo::Cell => (CELL, Kept::Flags(CELL_FLAGS), ("dfs({r}, {c}, {s})", "")),
        Algo::Row => (ROW, Kept::Flags(ROW_FLAGS), ("dfs({r})", "c={c}")),
        Algo::Kruse => (KRUSE, Kept::Counted("queen_square"), ("solve_from(q), count={r}", "col={c}")),
        Algo::Bits => (BITS, Kept::Masks, ("place({r}, …)", "bit=1<<{c}")),
    };
    Shown { listing, kept, frame }
}

/// The listing of `algo`.
pub fn listing(algo: Algo) -> &'static [CodeLine] {
    shown(algo).listing
}

impl CodeLine {
    /// The code with the diagonals' names filled in.
    pub fn text(&self) -> String {
        self.code.replace("{D}", DIAG).replace("{A}", ANTI)
    }
}

/// The letter of a refusal by `why`, in listings' `lights` and in the page's steps.
pub fn refusal(why: Conflict) -> u8 {
    match why {
        Conflict::Row => b'w',
        Conflict::Column => b'c',
        Conflict::Diagonal => b'd',
        Conflict::AntiDiagonal => b'a',
    }
}

/// The line (from 1) of `algo`'s listing that a step tagged `tag` stands on.
pub fn line_of(algo: Algo, tag: u8) -> usize {
    listing(algo).iter().position(|l| l.lights.contains(tag as char)).map_or(0, |i| i + 1)
}

/// The trace of the checks: the line (from 1) of `algo`'s listing on which each of a step's
/// `probes` is examined, in order, for the square `tried` (the step's; `None` for a solution).
/// Those that pass come first, then the one that refuses, if one does: a flag on the line that
/// tests it; `naive`'s column, then each square of the board on the line of the diagonal it lies
/// on (`↘` first, as the document tests it), or on its inner loop's when on neither; `kruse`'s
/// three loops by the side the square lies on; `bordered`'s walks on their `QUEEN` test, and the
/// frame square that ends a walk on its loop's condition; `bits`'s one read of the free mask.
pub fn checks(algo: Algo, n: usize, tried: Option<(usize, usize)>, probes: &[Probed]) -> Vec<usize> {
    let (row, col) = tried.unwrap_or_default();
    let tag = |k: usize, probe: Probed| -> u8 {
        match probe {
            Probed::Flag(line, ..) => refusal(line),
            Probed::Mask(_) => b'c',
            // The column, top to bottom, comes first: n squares, or fewer when one holds a queen.
            Probed::Square(..) if algo == Algo::Naive && k < n => b'c',
            Probed::Square(i, j) if algo == Algo::Naive => match (j + row == i + col, i + j == row + col) {
                (true, _) => b'd',
                (false, true) => b'a',
                (false, false) => b'v',
            },
            Probed::Square(_, j) | Probed::Framed(_, j) => {
                // bordered's squares are in the framed board's columns, one more than the board's.
                let framed = matches!(probe, Probed::Framed(..));
                let centre = col + usize::from(framed);
                let frame = framed && (j == 0 || j == n + 1 || matches!(probe, Probed::Framed(0, _)));
                let side = match j.cmp(&centre) {
                    std::cmp::Ordering::Less => b'd',
                    std::cmp::Ordering::Equal => b'c',
                    std::cmp::Ordering::Greater => b'a',
                };
                if frame { side.to_ascii_uppercase() } else { side }
            }
        }
    };
    probes.iter().enumerate().map(|(k, &probe)| line_of(algo, tag(k, probe))).collect()
}

/// The call stack at a step, outermost first, one frame per recursive call of `algo`'s program
/// with its loop variable ([`Shown::frame`]): the calls of the rows above (each at its queen's
/// column) and of the row of the square `tried` (at that column); after a solution (`tried` is
/// `None`) the call past the last row. `cell`'s calls are one per square, up to `tried`.
pub fn stack(algo: Algo, n: usize, queens: &[Option<usize>], tried: Option<(usize, usize)>) -> Vec<String> {
    let (call, var) = shown(algo).frame;
    let fill = |text: &str, r: usize, c: usize, s: usize| {
        let words = [("{r1}", r + 1), ("{c1}", c + 1), ("{r}", r), ("{c}", c), ("{s}", s)];
        words.iter().fold(text.to_string(), |t, (k, v)| t.replace(k, &v.to_string()))
    };
    if algo == Algo::Cell {
        let last = tried.map_or(n * n, |(r, c)| r * n + c);
        let before = |k: usize| (0..k).filter(|&q| queens[q / n] == Some(q % n)).count();
        return (0..=last).map(|k| fill(call, k / n, k % n, before(k))).collect();
    }
    let top = tried.map_or(n, |(r, _)| r);
    (0..=top)
        .map(|r| {
            let col = if r == top { tried.map(|(_, c)| c) } else { queens[r] };
            match col {
                Some(c) => format!("{} {}", fill(call, r, c, 0), fill(var, r, c, 0)),
                None => fill(call, r, 0, 0),
            }
        })
        .collect()
}

/// A flag array: its name, its length `a·n + b`, and the index of the flag of (r, c), `r·i + c·j + n·k`.
#[derive(Clone, Copy, Debug)]
pub struct Flags {
    /// Its name in the listing.
    pub name: &'static str,
    /// Which line of attack it records.
    pub line: Conflict,
    /// Length: `len.0 · n + len.1`.
    pub len: (usize, usize),
    /// Index of (r, c): `at.0 · r + at.1 · c + at.2 · n`.
    pub at: (i64, i64, i64),
}

impl Flags {
    /// The index of the flag of (r, c) on the n×n board.
    pub fn index(&self, n: usize, r: usize, c: usize) -> usize {
        (self.at.0 * r as i64 + self.at.1 * c as i64 + self.at.2 * n as i64) as usize
    }
}

const ROW_FLAGS: &[Flags] = &[
    Flags { name: "col", line: Conflict::Column, len: (1, 0), at: (0, 1, 0) },
    Flags { name: ANTI, line: Conflict::AntiDiagonal, len: (2, 0), at: (1, 1, 0) },
    Flags { name: DIAG, line: Conflict::Diagonal, len: (2, 0), at: (-1, 1, 1) },
];

const CELL_FLAGS: &[Flags] = &[
    Flags { name: "row", line: Conflict::Row, len: (1, 0), at: (1, 0, 0) },
    Flags { name: "col", line: Conflict::Column, len: (1, 0), at: (0, 1, 0) },
    Flags { name: ANTI, line: Conflict::AntiDiagonal, len: (2, 0), at: (1, 1, 0) },
    Flags { name: DIAG, line: Conflict::Diagonal, len: (2, 1), at: (1, -1, 1) },
];

/// The flag arrays of `algo`, if it keeps flags.
pub fn flags(algo: Algo) -> &'static [Flags] {
    match shown(algo).kept {
        Kept::Flags(flags) => flags,
        _ => &[],
    }
}

/// The three masks of `bits`, in the order `place` takes them.
pub const MASKS: [&str; 3] = ["col", DIAG, ANTI];

/// The name of the board of squares `algo` keeps (`naive`, `kruse`, `bordered`), if it keeps one.
pub fn board_name(algo: Algo) -> Option<&'static str> {
    match shown(algo).kept {
        Kept::Board { name, .. } | Kept::Counted(name) => Some(name),
        Kept::Flags(_) | Kept::Masks => None,
    }
}

/// The values of `algo`'s structures with `queens` (row → column) on the n×n board, as
/// (name, value) pairs: flags as `0`/`1` strings, boards as rows of `.`/`Q` (and `#` for the
/// frame) joined by `/`, masks in binary (column 0 the last digit), counts in decimal.
pub fn values(algo: Algo, n: usize, queens: &[Option<usize>]) -> Vec<(String, String)> {
    let placed: Vec<(usize, usize)> = queens.iter().enumerate().filter_map(|(r, c)| c.map(|c| (r, c))).collect();
    let grid = |frame: bool| -> String {
        let (side, off) = if frame { (n + 2, 1) } else { (n, 0) };
        let rows: Vec<String> = (0..side)
            .map(|i| {
                (0..side)
                    .map(|j| {
                        let inside = i >= off && j >= off && i < n + off && j < n + off;
                        match inside {
                            false => '#',
                            true if queens[i - off] == Some(j - off) => 'Q',
                            true => '.',
                        }
                    })
                    .collect()
            })
            .collect();
        rows.join("/")
    };
    match shown(algo).kept {
        Kept::Flags(flags) => flags
            .iter()
            .map(|f| {
                let mut bits = vec!['0'; f.len.0 * n + f.len.1];
                for &(r, c) in &placed {
                    bits[f.index(n, r, c)] = '1';
                }
                (f.name.to_string(), bits.into_iter().collect())
            })
            .collect(),
        Kept::Board { name, framed } => vec![(name.into(), grid(framed))],
        Kept::Counted(name) => vec![("count".into(), placed.len().to_string()), (name.into(), grid(false))],
        Kept::Masks => {
            // The masks `place` receives for the row being filled: each queen's bit, moved one
            // column per row for the diagonals (and gone once it leaves the board).
            let row = placed.len();
            let mut masks = [0u128; 3];
            for &(r, c) in &placed {
                let down = (row - r) as u32;
                masks[0] |= 1 << c;
                masks[1] |= (1u128 << c) << down;
                masks[2] |= (1u128 << c) >> down.min(127);
            }
            let binary =
                |m: u128| -> String { (0..n).rev().map(|c| if m >> c & 1 == 1 { '1' } else { '0' }).collect() };
            std::iter::once(("row".to_string(), row.to_string()))
                .chain(MASKS.iter().zip(masks).map(|(name, m)| (name.to_string(), binary(m))))
                .collect()
        }
    }
}

/// What one probe read, in the listing's names: `col[3]`, `queen[0][2]`, `a[0][3]`, `free`.
pub fn read(algo: Algo, n: usize, probe: Probed) -> String {
    match probe {
        Probed::Square(r, c) => format!("{}[{r}][{c}]", board_name(algo).unwrap_or("square")),
        Probed::Framed(r, c) => format!("{}[{r}][{c}]", board_name(algo).unwrap_or("a")),
        Probed::Flag(line, r, c) => match flags(algo).iter().find(|f| f.line == line) {
            Some(f) => format!("{}[{}]", f.name, f.index(n, r, c)),
            None => format!("{}({r},{c})", line.name()),
        },
        Probed::Mask(_) => "free".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_step_lights_one_line_of_every_listing() {
        for algo in Algo::ALL {
            let refusals: &[char] = if algo == Algo::Cell { &['w', 'c', 'd', 'a'] } else { &['c', 'd', 'a'] };
            for &tag in ['p', 'x', 's'].iter().chain(refusals) {
                let lit = listing(algo).iter().filter(|l| l.lights.contains(tag)).count();
                assert_eq!(lit, 1, "{} lights {lit} lines for {tag}", algo.name());
            }
        }
    }

    #[test]
    fn the_flags_are_where_the_solvers_keep_them() {
        // row: col[c], udg[c + r] (anti), dg[n + c - r] (diag); cell: dg[x + y] (anti), udg[x + n - y].
        let at = |algo, line: Conflict| flags(algo).iter().find(|f| f.line == line).unwrap().index(8, 3, 5);
        assert_eq!(
            [at(Algo::Row, Conflict::Column), at(Algo::Row, Conflict::AntiDiagonal), at(Algo::Row, Conflict::Diagonal)],
            [5, 8, 10]
        );
        assert_eq!(
            [at(Algo::Cell, Conflict::Row), at(Algo::Cell, Conflict::AntiDiagonal), at(Algo::Cell, Conflict::Diagonal)],
            [3, 8, 6]
        );
    }

    #[test]
    fn the_masks_are_those_place_receives() {
        // Queens at (0,1) and (1,3) on the 6×6 board; row 2's masks.
        let values = values(Algo::Bits, 6, &[Some(1), Some(3), None, None, None, None]);
        let shown: Vec<String> = values.iter().map(|(k, v)| format!("{k}={v}")).collect();
        assert_eq!(shown, ["row=2", "col=001010", "diag=011000", "anti=000100"]);
    }
}
