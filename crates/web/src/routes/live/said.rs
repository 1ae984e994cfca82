//! The log's entries said in the console's words: on a Chinese page each entry's line is made
//! here from the entry itself (the move in Chinese notation, the side, the clock, the rule of a
//! proposal, who told or declared), not from the ruling the game engine writes in English
//! (`xq game`'s words, which the English page shows as they are).

use super::*;
use xiangqi::game::ClaimKind;

/// One line per entry of the log, in the page's words (Chinese), in the log's order.
pub(super) fn entry_lines(g: &Game, w: &Words) -> Vec<String> {
    let log = g.log();
    let undone = g.undone();
    let mut pos = Position::from_fen(&log.header.fen).ok();
    let mut ply = 0usize;
    // the entry that ended the game, if any: the last one in force
    let ended_at = g.state().result.as_ref().and_then(|_| {
        (0..log.entries.len())
            .rev()
            .find(|i| !undone.contains(i) && !matches!(log.entries[*i], Entry::Propose { .. }))
    });
    let s = |c: &Color| side_word(w, *c);
    let outcome = |o: &str| -> &'static str {
        match o {
            "red-wins" => w.red_wins,
            "black-wins" => w.black_wins,
            "draw" => w.draw,
            _ => w.no_result,
        }
    };
    let by = |b: &str| {
        if b.trim().is_empty() {
            String::new()
        } else {
            format!("（{}：{}）", w.arbiter, b.trim())
        }
    };
    let why = |r: &str| {
        if r.trim().is_empty() {
            String::new()
        } else {
            format!("：{}", r.trim())
        }
    };
    log.entries
        .iter()
        .enumerate()
        .map(|(i, e)| match e {
            Entry::Move { mv, clock } => {
                let m = xiangqi::movegen::Move::from_iccs(mv);
                let (text, mover) = match (&mut pos, m) {
                    (Some(p), Some(m)) => {
                        let text = xiangqi::notation::render_chinese(p, m);
                        let mover = p.turn();
                        if !undone.contains(&i) {
                            p.play_unchecked(m);
                        }
                        (text, Some(mover))
                    }
                    _ => (mv.clone(), None),
                };
                let clock = match (clock, mover) {
                    (Some(c), Some(side)) => format!(
                        "，{}{} {}",
                        s(&side),
                        w.clock_left,
                        format_clock(i64::from(*c))
                    ),
                    _ => String::new(),
                };
                if undone.contains(&i) {
                    format!("{text}{clock}")
                } else {
                    ply += 1;
                    format!("{}{ply}{} {text}{clock}", w.ply_pre, w.ply_post)
                }
            }
            Entry::Offer { side } => format!("{}{}", s(side), w.offer),
            Entry::Accept { side } => format!("{}{}", s(side), w.accept),
            Entry::Decline { side } => format!("{}{}", s(side), w.decline),
            Entry::Claim { side, kind, .. } => {
                let kind = match kind {
                    ClaimKind::Repetition => w.repetition,
                    ClaimKind::NaturalLimit => w.natural_limit,
                };
                let held = if ended_at == Some(i) {
                    w.claim_held
                } else {
                    w.claim_not_held
                };
                format!("{}{}：{kind}，{held}", s(side), w.claim)
            }
            Entry::Foul { side, kind, note } => {
                let name = w
                    .foul_names
                    .get(usize::from(*kind).wrapping_sub(1))
                    .copied()
                    .unwrap_or_default();
                format!("{}{} {kind}. {name}{}", s(side), w.foul, why(note))
            }
            Entry::Violation { side, reason } => {
                format!("{}{}{}", s(side), w.violation, why(reason))
            }
            Entry::Penalty {
                side,
                seconds,
                reason,
            } => format!(
                "{}{} {seconds} {}{}",
                s(side),
                w.penalty,
                w.seconds,
                why(reason)
            ),
            Entry::Resign { side } => format!("{}{}", s(side), w.resign),
            Entry::Flag {
                side,
                override_reason,
                ..
            } if !override_reason.is_empty() => {
                format!(
                    "{}{}（{}）{}",
                    s(side),
                    w.flag,
                    w.flag_override,
                    why(override_reason)
                )
            }
            Entry::Flag { side, .. } => format!("{}{}", s(side), w.flag),
            Entry::Correct {
                side,
                clock,
                reason,
            } => format!(
                "{}{}：{} {}{}",
                s(side),
                w.correct,
                w.clock_now,
                format_clock(i64::from(*clock)),
                why(reason)
            ),
            Entry::Seal { side, clock, .. } => format!(
                "{}{}{}",
                s(side),
                w.seal,
                clock.map_or(String::new(), |c| format!(
                    "，{} {}",
                    w.clock_left,
                    format_clock(i64::from(c))
                ))
            ),
            Entry::Resume => w.resume.to_string(),
            Entry::Late { side, minutes } => {
                format!("{}{} {minutes} {}", s(side), w.late, w.minutes)
            }
            Entry::Disciplinary { side, reason } => {
                format!("{}{}{}", s(side), w.discipline, why(reason))
            }
            Entry::Decision { outcome: o, reason } => {
                format!("{}：{}{}", w.decide, outcome(o.as_str()), why(reason))
            }
            Entry::Propose {
                ruling,
                rule,
                edition,
                first_ply,
                last_ply,
                ..
            } => {
                let what = match ruling.must_vary() {
                    Some(c) => format!("{}{}", side_word(w, c), w.must_vary_ruling),
                    None => outcome(ruling.as_str()).to_string(),
                };
                let plies = match (first_ply, last_ply) {
                    (Some(a), Some(b)) => format!("，{}{a}–{b}{}", w.ply_pre, w.ply_post),
                    _ => String::new(),
                };
                format!(
                    "{}：{what}（{}，{}）{plies}；{}",
                    w.proposal,
                    rule_word(w, rule),
                    edition,
                    w.proposal_note
                )
            }
            Entry::Told { side, by: b, .. } => format!("{}{}{}", s(side), w.told, by(b)),
            Entry::Declare {
                outcome: o,
                rule,
                by: b,
                ..
            } => format!(
                "{}：{}（{}）{}",
                w.declare,
                outcome(o.as_str()),
                rule_word(w, rule),
                by(b)
            ),
            Entry::Undo {
                entry,
                reason,
                by: b,
                ..
            } => format!("{} {entry}{}{}", w.undo_entry, why(reason), by(b)),
        })
        .collect()
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
