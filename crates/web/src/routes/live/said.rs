//! The log's entries said in the console's words: on a Chinese page each entry's line is made
//! here from the entry itself (the move in Chinese notation, the side, the clock, the rule of a
//! proposal, who told or declared), not from the ruling the game engine writes in English
//! (`xq game`'s words, which the English page shows as they are).

use super::*;

/// One line per entry of the log, in the page's words (Chinese), in the log's order: each
/// entry says itself ([`xiangqi::game::entry::said`]).
pub(super) fn entry_lines(g: &Game) -> Vec<String> {
    let log = g.log();
    let over = g.state().result.is_some();
    xiangqi::game::entry::said(&log.header.fen, &log.entries, g.undone(), over)
}

/// What `xq game new` prints for a new log, in the console's words.
pub(super) fn new_line_zh(name: &str, g: &Game, w: &Words) -> String {
    let st = g.state();
    format!(
        "{name}：{}，{} {}，{} {}；{}{}，{} {} / {}",
        w.new_game,
        w.ruleset,
        g.log().header.ruleset,
        w.time_control,
        g.time_control().spec(),
        side_word(w, st.side_to_move),
        w.to_move,
        w.clocks,
        format_clock(st.clocks.red),
        format_clock(st.clocks.black)
    )
}
