//! The pairing checker (`xq event check`): every round re-derived under the event's system from
//! the state before it, and every deviation of the recorded round listed with the rule's words —
//! a rematch, a colour rule ⑴–⑺ broken, a score-group jump (同分者编对 first), a bye given
//! against the rules, a manual pairing (recorded as such), a round that is not its table's or
//! bracket's, and — where the event has 同单位回避 — a pair of one unit that could have been
//! avoided.
//!
//! The Swiss rules are checked only where the recorded round differs from the round xq derives
//! (xq's pairing is optimal under them, so a round equal to it breaks none); a manual round is
//! always reported as such, and its rematches always.

use std::collections::HashSet;
use std::fmt;

use xiangqi_scheduling::swiss::SwissPlayer;

use crate::document::{Event, EventError, Round};
use crate::stage::StageSystem;

/// What kind of deviation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DeviationKind {
    /// Two players who met before are paired again (相遇过的对手不再编对).
    Rematch,
    /// The colours of a pair break a rule ⑴–⑺ of seed 002 一(三)5 (or round 1's 单数序号先手).
    Colour,
    /// Players paired outside their score group where fewer floaters suffice (同分者编对).
    ScoreGroup,
    /// The bye (轮空) went to a player the rules do not give it to.
    Bye,
    /// The round was paired by hand by the arbiter (recorded as such).
    Manual,
    /// The round is not the one its system fixes (the 对局秩序表 of a round robin, the
    /// bracket of a knockout, 第一轮编排办法 of a Swiss).
    System,
    /// Players of one unit paired with each other in a round of 同单位回避 where fewer such
    /// pairs suffice (the event's `avoid_same_unit_rounds`).
    SameUnit,
}

impl DeviationKind {
    /// The kebab-case name used in JSON (`rematch`, `colour`, …).
    pub fn name(self) -> &'static str {
        match self {
            DeviationKind::Rematch => "rematch",
            DeviationKind::Colour => "colour",
            DeviationKind::ScoreGroup => "score-group",
            DeviationKind::Bye => "bye",
            DeviationKind::Manual => "manual",
            DeviationKind::System => "system",
            DeviationKind::SameUnit => "same-unit",
        }
    }
}

/// One deviation of a recorded round from its system's rules.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Deviation {
    /// Round (1-based).
    pub round: u32,
    /// Board (台次), when the deviation is one pairing's.
    pub board: Option<u32>,
    /// What kind.
    pub kind: DeviationKind,
    /// What happened, in numbers.
    pub message: String,
    /// The rule, in its own words.
    pub rule: &'static str,
}

impl fmt::Display for Deviation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "round {}", self.round)?;
        if let Some(b) = self.board {
            write!(f, " board {b}")?;
        }
        write!(
            f,
            ": {}: {} — {}",
            self.kind.name(),
            self.message,
            self.rule
        )
    }
}

const REMATCH: &str =
    "相遇过的对手不再编对 (seed 002 一(一)2: opponents who have met are not paired again)";
const COLOUR: &str = "先后手 ⑴–⑺ (seed 002 一(三)5)";
const ROUND1: &str = "第一轮: 临近编排 1---2、3---4, 单数序号先手 (seed 002 一(二)2–3)";
const SCORE: &str = "同分者编对；同分者已相遇过或无同分者，则以近分者编对 (seed 002 一(三)1)";
const BYE_TWICE: &str = "a player has at most one bye (轮空) while another can have it (D3)";
const BYE_LOWEST: &str = "the bye goes to the lowest-scored player without a bye (D5)";
const SAME_UNIT: &str = "同单位回避：规程规定的前若干轮同单位棋手不相遇，无法回避时除外 (the event's regulations: players of one unit are not paired with each other in the first rounds wherever the field allows it)";
const MANUAL: &str = "paired by hand by the arbiter (recorded as such); the system did not pair it";
const TABLE: &str = "每轮按对局秩序表 (the round robin's Berger table)";
const BRACKET: &str = "the bracket's pairing (淘汰制: seeds, byes to the top seeds, winners on)";

/// Checks round `round` (every paired round when `None`) and returns its deviations, in round
/// and board order.
pub fn check(ev: &Event, round: Option<u32>) -> Result<Vec<Deviation>, EventError> {
    let paired = ev.paired.len() as u32;
    let rounds: Vec<u32> = match round {
        Some(r) if r == 0 || r > paired => {
            return Err(crate::document::invalid(
                format!("round {r}"),
                format!("not paired (the event has {paired} paired rounds)"),
            ));
        }
        Some(r) => vec![r],
        None => (1..=paired).collect(),
    };
    let mut out = Vec::new();
    for r in rounds {
        out.extend(check_round(ev, r)?);
    }
    Ok(out)
}

/// The rematches of round `round`: pairs who met in an earlier round of the same stage (a
/// double round robin's second cycle and a knockout's play-offs are no rematches).
pub fn rematches(ev: &Event, round: u32) -> Vec<Deviation> {
    let Some(rec) = ev.paired.get(round.wrapping_sub(1) as usize) else {
        return Vec::new();
    };
    if !is_swiss(ev, rec) {
        return Vec::new();
    }
    let stage = rec.stage.unwrap_or(1);
    let mut out = Vec::new();
    for b in &rec.boards {
        let met = ev.paired[..round as usize - 1].iter().find(|r| {
            r.stage.unwrap_or(1) == stage
                && r.boards.iter().any(|o| {
                    (o.red == b.red && o.black == b.black) || (o.red == b.black && o.black == b.red)
                })
        });
        if let Some(m) = met {
            out.push(Deviation {
                round,
                board: Some(b.board),
                kind: DeviationKind::Rematch,
                message: format!("{} and {} met in round {}", b.red, b.black, m.round),
                rule: REMATCH,
            });
        }
    }
    out
}

/// `true` if round `r` was paired by the Swiss system (a one-stage Swiss or a Swiss stage).
fn is_swiss(ev: &Event, r: &Round) -> bool {
    if ev.staged() {
        ev.stages
            .get(r.stage.unwrap_or(1) as usize - 1)
            .is_some_and(|s| s.system == StageSystem::Swiss)
    } else {
        ev.config
            .pairing_system()
            .is_ok_and(|system| !system.predetermined)
    }
}

/// The round `r` as the event's system pairs it from the state before it.
fn rederive(ev: &Event, r: u32) -> Result<Round, EventError> {
    let mut e = ev.clone();
    e.paired.truncate(r as usize - 1);
    e.players.retain(|p| p.late.is_none_or(|l| l <= r));
    e.rounds = e.rounds.max(r);
    Ok(e.propose_next()?.round)
}

fn check_round(ev: &Event, r: u32) -> Result<Vec<Deviation>, EventError> {
    let rec = &ev.paired[r as usize - 1];
    let mut out = Vec::new();
    if rec.manual {
        out.push(Deviation {
            round: r,
            board: None,
            kind: DeviationKind::Manual,
            message: "manual pairing".into(),
            rule: MANUAL,
        });
    }
    let derived = match rederive(ev, r) {
        Ok(d) => Some(d),
        // a state the system cannot pair (a manual round before it made it impossible): the
        // rules are still checked one by one
        Err(EventError::Pairing(_)) => None,
        Err(e) => return Err(e),
    };
    let same = derived.as_ref().is_some_and(|d| same_round(d, rec));
    if same {
        return Ok(out);
    }
    if !is_swiss(ev, rec) {
        let rule = if ev.staged()
            && ev
                .stages
                .get(rec.stage.unwrap_or(1) as usize - 1)
                .is_some_and(|s| s.system.is_knockout())
        {
            BRACKET
        } else {
            TABLE
        };
        let expected = derived.as_ref().map_or("no round".to_string(), pairs_text);
        out.push(Deviation {
            round: r,
            board: None,
            kind: DeviationKind::System,
            message: format!("{} instead of {expected}", pairs_text(rec)),
            rule,
        });
        return Ok(out);
    }
    out.extend(rematches(ev, r));
    let state: Vec<SwissPlayer> = ev.pairing_state(r);
    out.extend(same_unit_pairs(ev, rec, &state, derived.as_ref()));
    let of = |no: u32| state.iter().find(|p| p.no == no);
    let first_swiss_round = ev
        .paired
        .iter()
        .position(|x| x.stage == rec.stage)
        .is_some_and(|i| i as u32 + 1 == r);
    if first_swiss_round {
        out.push(Deviation {
            round: r,
            board: None,
            kind: DeviationKind::System,
            message: format!(
                "{} instead of {}",
                pairs_text(rec),
                derived.as_ref().map_or("no round".into(), pairs_text)
            ),
            rule: ROUND1,
        });
        return Ok(out);
    }
    // colours ⑴–⑺
    for b in &rec.boards {
        let (Some(red), Some(black)) = (of(b.red), of(b.black)) else {
            continue;
        };
        if let Some(rule) = colour_rule_broken(red, black) {
            out.push(Deviation {
                round: r,
                board: Some(b.board),
                kind: DeviationKind::Colour,
                message: format!(
                    "{} has red, {} black: by {rule} {} should have red",
                    b.red, b.black, b.black
                ),
                rule: COLOUR,
            });
        }
    }
    // 同分 first: players outside their score group, level by level from the top
    if let Some(d) = &derived {
        let mine = floaters(&state, rec);
        let xq = floaters(&state, d);
        if mine > xq {
            let boards: Vec<String> = rec
                .boards
                .iter()
                .filter(|b| of(b.red).map(|p| p.score) != of(b.black).map(|p| p.score))
                .map(|b| b.board.to_string())
                .collect();
            out.push(Deviation {
                round: r,
                board: None,
                kind: DeviationKind::ScoreGroup,
                message: format!(
                    "{} players paired outside their score group (boards {}) where {} suffice",
                    mine.iter().sum::<u32>(),
                    boards.join(", "),
                    xq.iter().sum::<u32>()
                ),
                rule: SCORE,
            });
        }
    }
    // the bye
    if let Some(bye) = rec.bye
        && let Some(p) = of(bye)
    {
        let present: Vec<&SwissPlayer> = state
            .iter()
            .filter(|q| {
                ev.player(q.no).is_some_and(|x| !x.absent(r))
                    && (rec.boards.iter().any(|b| b.red == q.no || b.black == q.no) || q.no == bye)
            })
            .collect();
        let others_without = present.iter().any(|q| q.no != bye && q.byes == 0);
        if p.byes > 0 && others_without && derived.as_ref().is_none_or(|d| d.bye != Some(bye)) {
            out.push(Deviation {
                round: r,
                board: None,
                kind: DeviationKind::Bye,
                message: format!("{bye} has the bye a second time"),
                rule: BYE_TWICE,
            });
        } else if let Some(low) = present
            .iter()
            .filter(|q| q.byes == 0)
            .map(|q| q.score)
            .min()
            && p.score > low
            && derived.as_ref().is_none_or(|d| d.bye != Some(bye))
        {
            out.push(Deviation {
                round: r,
                board: None,
                kind: DeviationKind::Bye,
                message: format!(
                    "{bye} has the bye with {} points; a player without a bye has {}",
                    p.score, low
                ),
                rule: BYE_LOWEST,
            });
        }
    }
    Ok(out)
}

/// 同单位回避: the recorded round's pairs of one unit, when the rule applies to it (its round
/// of the Swiss counted from the stage's first) and the round xq derives has fewer.
fn same_unit_pairs(
    ev: &Event,
    rec: &Round,
    state: &[SwissPlayer],
    derived: Option<&Round>,
) -> Option<Deviation> {
    let rounds = ev.config.avoid_same_unit_rounds;
    let in_stage = ev.paired[..rec.round as usize]
        .iter()
        .filter(|x| x.stage == rec.stage)
        .count() as u32;
    if in_stage > rounds {
        return None;
    }
    let unit = |no: u32| state.iter().find(|p| p.no == no).and_then(|p| p.unit);
    let pairs_of_one_unit = |r: &Round| -> Vec<(u32, u32, u32)> {
        r.boards
            .iter()
            .filter(|b| unit(b.red).is_some() && unit(b.red) == unit(b.black))
            .map(|b| (b.board, b.red, b.black))
            .collect()
    };
    let mine = pairs_of_one_unit(rec);
    // a state the system cannot pair says nothing about what could have been avoided
    let xq = derived.map_or(mine.len(), |d| pairs_of_one_unit(d).len());
    if mine.len() <= xq {
        return None;
    }
    let club = |no: u32| ev.player(no).map_or("", |p| p.club.trim());
    let boards: Vec<String> = mine
        .iter()
        .map(|&(board, red, black)| format!("board {board}: {red}-{black} {}", club(red)))
        .collect();
    Some(Deviation {
        round: rec.round,
        board: (mine.len() == 1).then_some(mine[0].0),
        kind: DeviationKind::SameUnit,
        message: format!(
            "{} pairs of one unit ({}) where {xq} suffice (同单位回避 in rounds 1-{rounds})",
            mine.len(),
            boards.join("; ")
        ),
        rule: SAME_UNIT,
    })
}

/// The rule of ⑴–⑺ that gives red to `black`'s player rather than `red`'s, if any.
pub fn colour_rule_broken(red: &SwissPlayer, black: &SwissPlayer) -> Option<&'static str> {
    let (kr, kb) = (red.colour_key(), black.colour_key());
    if kr <= kb || red.colours.is_empty() && black.colours.is_empty() {
        return None;
    }
    // kb < kr: black's player is due red first
    let run = |s: i32| match s {
        s if s <= -2 => "连后",
        -1 => "上后",
        1 => "上先",
        s if s >= 2 => "连先",
        _ => "",
    };
    Some(if kb.0 != kr.0 {
        "⑴ 少先---多先，少先的先走"
    } else {
        match (run(kb.1), run(kr.1)) {
            ("连后", "连先") => "⑵ 平先连后---连先，连后的先走",
            ("连后", "连后") => "⑶ 平先连后---连后，连后多的先走",
            ("上先", "连先") if kr.1 >= 2 => "⑹ 平先上先---连先，上先的先走",
            ("连先", "连先") => "⑷ 平先连先---连先，连先少的先走",
            ("连后", "上后") => "⑸ 平先上后---连后，连后的先走",
            ("上后", "上先") => "⑺ 平先上后---上先，上后的先走",
            _ => "先后走平衡 (seed 002 一(三)3: 优先安排多先者与后者编对)",
        }
    })
}

/// Players paired outside their own score level, per level from the top.
fn floaters(state: &[SwissPlayer], r: &Round) -> Vec<u32> {
    let score = |no: u32| state.iter().find(|p| p.no == no).map(|p| p.score);
    let mut levels: Vec<_> = state.iter().map(|p| p.score).collect();
    levels.sort_unstable_by(|a, b| b.cmp(a));
    levels.dedup();
    let mut out = vec![0; levels.len()];
    for b in &r.boards {
        let (x, y) = (score(b.red), score(b.black));
        if x != y {
            for s in [x, y].into_iter().flatten() {
                if let Some(i) = levels.iter().position(|&l| l == s) {
                    out[i] += 1;
                }
            }
        }
    }
    out
}

fn same_round(a: &Round, b: &Round) -> bool {
    let tables = |r: &Round| {
        r.boards
            .iter()
            .map(|p| (p.red, p.black, p.bracket.clone()))
            .collect::<Vec<_>>()
    };
    let waiting = |r: &Round| r.byes.iter().copied().collect::<HashSet<u32>>();
    tables(a) == tables(b) && a.bye == b.bye && waiting(a) == waiting(b)
}

fn pairs_text(r: &Round) -> String {
    let mut s: Vec<String> = r
        .boards
        .iter()
        .map(|b| format!("{}-{}", b.red, b.black))
        .collect();
    if let Some(b) = r.bye {
        s.push(format!("bye {b}"));
    }
    if s.is_empty() {
        "no pairing".into()
    } else {
        s.join(" ")
    }
}
