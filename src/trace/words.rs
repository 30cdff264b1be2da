//! The words of the page `labs trace --html` writes, English and Chinese side by side.
//!
//! The page receives the column of its language as one JSON object (key → text); `{name}` in a
//! text is filled in by the page. A key ending in `.one` or `.other` is the singular or plural of
//! a count (Chinese uses the same text for both). The two diagonal directions are named here
//! once, `line.d` and `line.a`, so the sheets and the page can change them together.

use crate::lang::Lang;

/// Key, English, Chinese.
const WORDS: &[(&str, &str, &str)] = &[
    (
        "no-script",
        "This page replays the search with JavaScript, which is off here (a course site's preview often blocks it): download the file and open it in a browser.",
        "本页用 JavaScript 回放搜索过程，而这里的 JavaScript 被关掉了（课程网站的预览常常如此）：请下载这个文件，用浏览器打开。",
    ),
    ("toolbar", "replay", "回放"),
    ("start", "start", "开头"),
    ("start.title", "to the start (Home)", "回到开头（Home）"),
    ("back", "one step back (←)", "后退一步（←）"),
    ("play", "▶ play", "▶ 播放"),
    ("pause", "⏸ pause", "⏸ 暂停"),
    ("play.title", "play or pause (space)", "播放或暂停（空格）"),
    ("forward", "one step forward (→)", "前进一步（→）"),
    ("end", "end", "结尾"),
    ("end.title", "to the end (End)", "到结尾（End）"),
    ("next-backtrack", "next backtrack", "下一次回溯"),
    ("next-backtrack.title", "to the next backtrack (b)", "到下一次回溯（b）"),
    ("next-solution", "next solution", "下一个解"),
    ("next-solution.title", "to the next solution (s)", "到下一个解（s）"),
    ("speed", "speed", "速度"),
    ("per-second.one", "{k} step/s", "每秒 {k} 步"),
    ("per-second.other", "{k} steps/s", "每秒 {k} 步"),
    ("goto", "step", "第几步"),
    ("go", "go", "跳转"),
    ("goto.empty", "type a step from 0 to {total}, then go", "请输入 0 到 {total} 之间的步数，再点跳转"),
    ("link", "link", "链接"),
    ("link.title", "a link to this moment", "指向此刻的链接"),
    ("step", "step", "步"),
    ("nodes", "nodes", "结点"),
    ("solutions", "solutions", "解"),
    ("depth", "depth", "深度"),
    ("profile", "nodes per level", "每层结点数"),
    ("words", "What the words mean", "这些词的意思"),
    (
        "word.step",
        "one line of `labs trace`: a square refused, a queen placed or removed, or a solution.",
        "`labs trace` 的一行：拒绝一个格子、放下或拿走一个皇后，或者找到一个解。",
    ),
    (
        "word.nodes",
        "positions of the search tree reached so far: the empty board counts as one, and each queen placed adds one (so one queen makes 2).",
        "到目前为止走到的搜索树结点：空棋盘算一个，每放下一个皇后再加一个（所以放下一个皇后时是 2）。",
    ),
    (
        "word.depth",
        "queens on the board now: how deep in the search tree the search stands.",
        "棋盘上现有的皇后数，即搜索此刻在搜索树的第几层。",
    ),
    (
        "word.probes",
        "what the safety checks read, in each variant's own unit: a square, a flag or a mask. Compare counts within a variant; one probe costs different time in different variants.",
        "安全检查读过的东西，按各个实现自己的单位计：一个格子、一个标志或一个掩码。同一个实现内可以比次数；不同实现的一次读取花的时间不同。",
    ),
    (
        "word.refuse",
        "a square the check turned down, with the first line it found holding a queen: the check reads the lines in its own order, so two variants can name different lines for one square.",
        "检查拒绝的格子，并说出它最先发现有皇后的那条线：各个检查读线的顺序不同，所以两个实现对同一个格子可能说出不同的线。",
    ),
    (
        "word.square",
        "(row, col), both counted from 0 like the trace: (0,0) is the top-left square. The numbers around the board say which.",
        "（行，列），与 trace 一样都从 0 开始数：(0,0) 是左上角的格子。棋盘边上的数字标出行号和列号。",
    ),
    (
        "word.profile",
        "how many queens were placed in each row so far: level 0 is the empty board.",
        "到目前为止每一行放下过多少次皇后：第 0 层是空棋盘。",
    ),
    (
        "keys",
        "Keys: → forward, ← back, space play/pause, b next backtrack, s next solution, Home, End.",
        "按键：→ 前进，← 后退，空格 播放/暂停，b 下一次回溯，s 下一个解，Home 开头，End 结尾。",
    ),
    ("about", "{names} on the {n}×{n} board: {steps}, {extent}.", "{names}，{n}×{n} 棋盘：{steps}，{extent}。"),
    ("about.whole", "the whole search", "完整的搜索"),
    ("about.stopped", "where the trace was stopped", "到 trace 停下的地方为止"),
    (
        "about.vs",
        "Probes are counted in each variant's own unit: compare how many, not how long. Where the two checks name different lines for one square, each names the first line it found taken.",
        "读取次数按各个实现自己的单位计：比的是次数，不是时间。同一个格子，两个检查说出的攻击线可能不同：各自说的是自己最先发现被占的那条线。",
    ),
    ("steps.one", "{k} step", "{k} 步"),
    ("steps.other", "{k} steps", "{k} 步"),
    ("unit.square.one", "{k} square", "{k} 个格子"),
    ("unit.square.other", "{k} squares", "{k} 个格子"),
    ("unit.flag.one", "{k} flag", "{k} 个标志"),
    ("unit.flag.other", "{k} flags", "{k} 个标志"),
    ("unit.mask.one", "{k} mask", "{k} 个掩码"),
    ("unit.mask.other", "{k} masks", "{k} 个掩码"),
    ("probes", "probes", "读取"),
    ("refused", "refuse", "拒绝"),
    ("line.w", "row", "行"),
    ("line.c", "column", "列"),
    ("line.d", "diagonal ↘", "主对角线 ↘"),
    ("line.a", "anti-diagonal ↙", "副对角线 ↙"),
    ("place", "place ({r},{c})", "放下 ({r},{c})"),
    ("reject", "refuse ({r},{c}): {line} taken by the circled queen", "拒绝 ({r},{c})：{line}上有圈出的皇后"),
    ("remove", "remove ({r},{c}): backtrack", "拿走 ({r},{c})：回溯"),
    ("solution", "solution {k}", "第 {k} 个解"),
    ("no-solution", "no solution", "无解"),
    ("read", "read {count}", "读了 {count}"),
    ("read.mask", "the row's one mask was read at its first step", "这一行唯一的掩码在它的第一步就已读过"),
    ("now.empty", "The empty board: press → or space.", "空棋盘：按 → 或空格开始。"),
    ("now.end", "The end of the search.", "搜索结束。"),
    ("now.none", "The end of the search: no solution for n = {n}.", "搜索结束：n = {n} 无解。"),
    ("now.last", "The last step recorded.", "记录下来的最后一步。"),
    ("board", "{algo}, step {k}: {queens}. {what}", "{algo}，第 {k} 步：{queens}。{what}"),
    ("board.none", "no queen on the board", "棋盘上没有皇后"),
    ("board.queens", "queens at {list}", "皇后在 {list}"),
    ("pane", "{algo}: its program and its data", "{algo}：程序与数据"),
    ("masks.note", "bit c is column c: column 0 is the last digit", "第 c 位对应第 c 列：第 0 列是最后一位"),
    ("reads", "this step read: {list}", "这一步读了：{list}"),
    ("tree", "the search tree, around the current path", "搜索树（当前路径附近）"),
    (
        "tree.about",
        "From the root (the empty board) down the current path; each level shows what was tried under the path's node: ✗ refused, a number a queen's column (a triangle: its finished subtree, folded), ★ a solution. Click a node to go to its step.",
        "从根（空棋盘）沿当前路径往下；每层列出路径上那个结点下面试过的格子：✗ 被拒绝，数字是皇后所在的列（带三角的：已走完的子树，已折叠），★ 是解。点一个结点就跳到它那一步。",
    ),
    ("tree.root", "the root: the empty board", "根：空棋盘"),
    ("tree.more", "{k} earlier children, folded", "前面还有 {k} 个子结点，已折叠"),
    ("tree.refused", "refused ({r},{c}): {line}", "拒绝 ({r},{c})：{line}"),
    (
        "tree.done",
        "({r},{c}): {k} nodes and {s} solutions below, searched",
        "({r},{c})：下面 {k} 个结点、{s} 个解，已搜完",
    ),
    (
        "timeline",
        "The whole search: green, solutions; grey, backtracks; drag to move.",
        "整个搜索：绿色是解，灰色是回溯；拖动可跳转。",
    ),
    (
        "timeline.vs",
        "The whole search: green, solutions; grey, backtracks; lines, each variant's probes so far (solid the first, dashed the second); drag to move.",
        "整个搜索：绿色是解，灰色是回溯；两条线是各实现累计的读取次数（实线是第一个，虚线是第二个）；拖动可跳转。",
    ),
    ("timeline.label", "step, along the whole search", "步数（整个搜索）"),
    ("legend.queen", "a queen", "皇后"),
    ("legend.read", "a square or row the check read", "检查读过的格子或行"),
    (
        "legend.frame",
        "the frame around bordered's board (read as the end of a walk)",
        "bordered 棋盘外的边框（走到它就停）",
    ),
    ("legend.flag", "the line of a flag the check read", "检查读过的标志所代表的线"),
    ("legend.attack", "the line that refused the square, and the queen on it", "拒绝这个格子的线，以及线上的皇后"),
    ("legend.tried", "the square of this step", "这一步的格子"),
    ("legend.left", "the square a queen just left (backtrack)", "皇后刚离开的格子（回溯）"),
];

/// The page's words in `lang`, as one JSON object.
pub fn words(lang: Lang) -> serde_json::Value {
    let pick = |&(key, en, zh): &(&str, &'static str, &'static str)| {
        (key.to_string(), serde_json::Value::from(if lang == Lang::Zh { zh } else { en }))
    };
    serde_json::Value::Object(WORDS.iter().map(pick).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_is_named_once_and_has_both_languages() {
        let mut keys: Vec<&str> = WORDS.iter().map(|w| w.0).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), WORDS.len(), "a key is named twice");
        for (key, en, zh) in WORDS {
            assert!(!en.is_empty() && !zh.is_empty(), "{key} lacks a language");
        }
    }
}
