//! The cells every form shares: how a rank, a tie-break value, a result, a forfeit and an
//! absence are printed, the event's caption line and the names of the score and its chain.

use xiangqi_event::{Event, Pairing, chain_names};
use xiangqi_scheduling::tiebreak::Standing;
use xiangqi_scheduling::{GameResult, MatchResult, PointSystem, Side};

/// The event's first caption line: its name and 组别.
pub(crate) fn event_line(ev: &Event) -> String {
    if ev.division.is_empty() {
        ev.name.clone()
    } else {
        format!("{}  组别：{}", ev.name, ev.division)
    }
}

/// A rank as the forms show it: `3`, or `3=` when shared.
pub fn shown_rank(s: &Standing) -> String {
    format!("{}{}", s.rank, if s.shared { "=" } else { "" })
}

/// A standing's tie-break values as cells: a list (倒数轮积分 `7.5/6.5/6/…`) may wrap after each
/// `/` (a zero-width space after it), never inside a number.
pub fn tie_break_cells(s: &Standing) -> Vec<String> {
    s.tie_breaks
        .iter()
        .map(|v| fmt_value(v).replace('/', "/\u{200B}"))
        .collect()
}

/// How a pairing went for one of its players, as the forms mark it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// No result yet.
    Pending,
    /// Played over the board.
    Played,
    /// Won by forfeit (printed `+`).
    ForfeitWin,
    /// Lost by forfeit (printed `-`).
    ForfeitLoss,
    /// Both forfeited (printed `-`).
    DoubleForfeit,
}

impl Outcome {
    /// The mark printed after the cell: `+`, `-` or nothing.
    pub fn mark(self) -> &'static str {
        match self {
            Outcome::ForfeitWin => "+",
            Outcome::ForfeitLoss | Outcome::DoubleForfeit => "-",
            Outcome::Pending | Outcome::Played => "",
        }
    }
}

/// The outcome of `b` for player `no`: a single-game forfeit is `+`/`-`; a match counts as a
/// forfeit when every game of it was.
pub fn outcome(b: &Pairing, no: u32) -> Outcome {
    let Some(m) = b.result.as_deref().and_then(|r| MatchResult::parse(r).ok()) else {
        return Outcome::Pending;
    };
    let side = if b.red == no {
        Side::First
    } else {
        Side::Second
    };
    if m.games.iter().any(|g| g.played()) {
        return Outcome::Played;
    }
    let first_won = m.games.iter().all(|g| *g == GameResult::FirstWinsByForfeit);
    let second_won = m
        .games
        .iter()
        .all(|g| *g == GameResult::SecondWinsByForfeit);
    match (side, first_won, second_won) {
        (Side::First, true, _) | (Side::Second, _, true) => Outcome::ForfeitWin,
        (Side::First, _, true) | (Side::Second, true, _) => Outcome::ForfeitLoss,
        _ => Outcome::DoubleForfeit,
    }
}

/// A player's state beside their standing (备注): `第 3 轮后退出` (退出比赛, withdrew after round
/// 3), `第 2 轮起参赛` (a late entry, first paired in round 2), both when both; empty otherwise.
pub fn player_note(ev: &Event, no: u32) -> String {
    let Some(p) = ev.player(no) else {
        return String::new();
    };
    let mut note = Vec::new();
    if let Some(l) = p.late {
        note.push(format!("第 {l} 轮起参赛"));
    }
    if let Some(w) = p.withdrawn {
        note.push(format!("第 {w} 轮后退出"));
    }
    note.join("，")
}

/// What a player did in a round where they have no board: 轮空 (the bye), 退出 (withdrawn before
/// it), 未到 (entered later), 请假 (a requested bye), or nothing.
pub fn absence(ev: &Event, round: u32, no: u32) -> &'static str {
    let Some(r) = round.checked_sub(1).and_then(|i| ev.paired.get(i as usize)) else {
        return "";
    };
    let p = ev.player(no);
    if r.bye == Some(no) || r.byes.contains(&no) {
        "轮空"
    } else if p.and_then(|p| p.withdrawn).is_some_and(|w| round > w) {
        "退出"
    } else if p.and_then(|p| p.late).is_some_and(|l| round < l) {
        "未到"
    } else if p.is_some_and(|p| p.bye_requests.contains(&round)) {
        "请假"
    } else {
        ""
    }
}

/// A tie-break value as the forms print it: whole numbers without decimals, others with at most
/// two; several values joined by `/`.
pub(crate) fn fmt_value(v: &[f64]) -> String {
    v.iter()
        // A criterion computed as a negation (fewer is better) gives -0 for nothing: print 0.
        .map(|&x| if x == 0.0 { 0.0 } else { x })
        .map(|x| {
            if x.fract() == 0.0 {
                format!("{x:.0}")
            } else {
                let s = format!("{x:.2}");
                s.trim_end_matches('0').to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The score column's name: 场分 for matches of several games, else 积分.
pub(crate) fn score_name(ev: &Event) -> &'static str {
    if ev.config.games_in_match() > 1 {
        "场分"
    } else {
        "积分"
    }
}

/// The division (组别) after the event name in a form's header line: `  男子组`, or nothing.
pub(crate) fn division_suffix(ev: &Event) -> String {
    if ev.division.is_empty() {
        String::new()
    } else {
        format!("  {}", ev.division)
    }
}

/// A stored result as the 编排记录表 prints it: points `2:0` for single games, game points
/// `1.5:0.5` for matches; an unreadable result as it is.
pub(crate) fn result_colon(s: &str, sys: PointSystem, games: usize) -> String {
    match MatchResult::parse(s) {
        Ok(m) if games == 1 => {
            let a = m.match_points(Side::First, sys, sys);
            let b = m.match_points(Side::Second, sys, sys);
            format!("{a}:{b}")
        }
        Ok(m) => format!(
            "{}:{}",
            m.game_points(Side::First),
            m.game_points(Side::Second)
        ),
        Err(_) => s.to_string(),
    }
}

/// A board's result as the 编排记录表 prints it: points `2:0` for single games (`games` 1), game
/// points `1.5:0.5` for matches of `games` games, a forfeit as the forms mark it (`+:-`, never
/// a played `2:0`); `None` without a result.
pub fn record_result(ev: &Event, b: &Pairing, games: usize) -> Option<String> {
    let s = b.result.as_deref()?;
    Some(
        match (outcome(b, b.red).mark(), outcome(b, b.black).mark()) {
            ("", "") => result_colon(s, ev.config.points, games),
            (red, black) => format!("{red}:{black}"),
        },
    )
}

/// The ranking's column names as the forms head them: the score (积分, 场分 for matches of
/// several games), then the tie-break chain's Chinese names.
pub fn ranking_names(ev: &Event) -> Vec<String> {
    std::iter::once(score_name(ev).to_string())
        .chain(chain_names(ev))
        .collect()
}
