//! The words of the page `labs trace --html` writes, from the catalogue.
//!
//! The page looks its words up by the short ids below (`start`, `line.d`, `unit.flag.other`);
//! their texts, in both languages, are the catalogue's `Page…` keys. An id ending in `.one` or
//! `.other` is the singular or plural of a count. `{name}` in a text is filled in by the page.

use crate::catalogue::Key;
use crate::lang::Lang;

/// The page's id of each of its words, and the catalogue's key.
const WORDS: &[(&str, Key)] = &[
    ("toolbar", Key::PageToolbar),
    ("start", Key::PageStart),
    ("start.title", Key::PageStartTitle),
    ("back", Key::PageBack),
    ("play", Key::PagePlay),
    ("pause", Key::PagePause),
    ("play.title", Key::PagePlayTitle),
    ("forward", Key::PageForward),
    ("end", Key::PageEnd),
    ("end.title", Key::PageEndTitle),
    ("next-backtrack", Key::PageNextBacktrack),
    ("next-backtrack.title", Key::PageNextBacktrackTitle),
    ("next-solution", Key::PageNextSolution),
    ("next-solution.title", Key::PageNextSolutionTitle),
    ("speed", Key::PageSpeed),
    ("per-second.one", Key::PagePerSecondOne),
    ("per-second.other", Key::PagePerSecondOther),
    ("goto", Key::PageGoto),
    ("go", Key::PageGo),
    ("goto.empty", Key::PageGotoEmpty),
    ("link", Key::PageLink),
    ("link.title", Key::PageLinkTitle),
    ("step", Key::PageStep),
    ("nodes", Key::PageNodes),
    ("solutions", Key::PageSolutions),
    ("depth", Key::PageDepth),
    ("profile", Key::PageProfile),
    ("words", Key::PageWords),
    ("about", Key::PageAbout),
    ("about.whole", Key::PageAboutWhole),
    ("about.stopped", Key::PageAboutStopped),
    ("steps.one", Key::PageStepsOne),
    ("steps.other", Key::PageStepsOther),
    ("unit.square.one", Key::PageUnitSquareOne),
    ("unit.square.other", Key::PageUnitSquareOther),
    ("unit.flag.one", Key::PageUnitFlagOne),
    ("unit.flag.other", Key::PageUnitFlagOther),
    ("unit.mask.one", Key::PageUnitMaskOne),
    ("unit.mask.other", Key::PageUnitMaskOther),
    ("probes", Key::PageProbes),
    ("refused", Key::PageRefused),
    ("line.w", Key::PageLineW),
    ("line.c", Key::PageLineC),
    ("line.d", Key::PageLineD),
    ("line.a", Key::PageLineA),
    ("place", Key::PagePlace),
    ("reject", Key::PageReject),
    ("remove", Key::PageRemove),
    ("solution", Key::PageSolution),
    ("no-solution", Key::PageNoSolution),
    ("read", Key::PageRead),
    ("read.mask", Key::PageReadMask),
    ("read.twice", Key::PageReadTwice),
    ("read.again", Key::PageReadAgain),
    ("now.empty", Key::PageNowEmpty),
    ("now.end", Key::PageNowEnd),
    ("now.none", Key::PageNowNone),
    ("now.last", Key::PageNowLast),
    ("board", Key::PageBoard),
    ("board.none", Key::PageBoardNone),
    ("board.queens", Key::PageBoardQueens),
    ("pane", Key::PagePane),
    ("masks.note", Key::PageMasksNote),
    ("reads", Key::PageReads),
    ("tree", Key::PageTree),
    ("tree.root", Key::PageTreeRoot),
    ("tree.row", Key::PageTreeRow),
    ("tree-smaller.title", Key::PageTreeSmallerTitle),
    ("tree-larger.title", Key::PageTreeLargerTitle),
    ("tree-region.title", Key::PageTreeRegionTitle),
    ("tree.map", Key::PageTreeMap),
    ("tree.depth", Key::PageTreeDepth),
    ("tree.refused", Key::PageTreeRefused),
    ("timeline.label", Key::PageTimelineLabel),
    ("legend.queen", Key::PageLegendQueen),
    ("legend.read", Key::PageLegendRead),
    ("legend.flag", Key::PageLegendFlag),
    ("legend.attack", Key::PageLegendAttack),
    ("legend.tried", Key::PageLegendTried),
    ("legend.left", Key::PageLegendLeft),
    ("no-script", Key::PageNoScript),
    ("word.step", Key::PageWordStep),
    ("word.nodes", Key::PageWordNodes),
    ("word.depth", Key::PageWordDepth),
    ("word.probes", Key::PageWordProbes),
    ("word.refuse", Key::PageWordRefuse),
    ("word.square", Key::PageWordSquare),
    ("word.profile", Key::PageWordProfile),
    ("keys", Key::PageKeys),
    ("about.vs", Key::PageAboutVs),
    ("about.framed", Key::PageAboutFramed),
    ("tree.about", Key::PageTreeAbout),
    ("tree.done", Key::PageTreeDone),
    ("tree.summary", Key::PageTreeSummary),
    ("tree.group", Key::PageTreeGroup),
    ("timeline", Key::PageTimeline),
    ("timeline.vs", Key::PageTimelineVs),
    ("legend.frame", Key::PageLegendFrame),
    ("legend.twice", Key::PageLegendTwice),
    ("smaller.title", Key::PageSmallerTitle),
    ("larger.title", Key::PageLargerTitle),
    ("help.title", Key::PageHelpTitle),
    ("prev-backtrack.title", Key::PagePrevBacktrackTitle),
    ("prev-solution.title", Key::PagePrevSolutionTitle),
    ("faster.title", Key::PageFasterTitle),
    ("slower.title", Key::PageSlowerTitle),
    ("key-list", Key::PageKeyList),
    ("key-list.close", Key::PageKeyListClose),
    ("fine", Key::PageFine),
    ("fine.title", Key::PageFineTitle),
    ("presenter.title", Key::PagePresenterTitle),
    ("tree.path", Key::PageTreePath),
    ("check", Key::PageCheck),
    ("stack", Key::PageStack),
    ("stack.more", Key::PageStackMore),
    ("stack.read", Key::PageStackRead),
    ("reject.own", Key::PageRejectOwn),
    ("line.r", Key::PageLineR),
    ("source.none", Key::PageSourceNone),
    ("about.own", Key::PageAboutOwn),
    ("about.own.vs", Key::PageAboutOwnVs),
    ("tree.vs", Key::PageTreeVs),
    ("differs", Key::PageDiffers),
    ("difference", Key::PageDifference),
    ("difference.title", Key::PageDifferenceTitle),
    ("timeline.own", Key::PageTimelineOwn),
    ("legend.differs", Key::PageLegendDiffers),
];

/// The page's words in `lang`, as one JSON object: id → text.
pub fn words(lang: Lang) -> serde_json::Value {
    serde_json::Value::Object(WORDS.iter().map(|&(id, key)| (id.to_string(), key.text(lang).into())).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_key_has_one_id() {
        let page: Vec<Key> = Key::ALL.iter().copied().filter(|k| k.name().starts_with("Page")).collect();
        assert_eq!(page.len(), WORDS.len(), "a Page… key without an id, or an id twice");
        for key in page {
            assert_eq!(WORDS.iter().filter(|w| w.1 == key).count(), 1, "{key:?}");
        }
    }
}
