//! Events in stages (阶段): a stage is a system over some entrants — round robin, Swiss,
//! knockout (淘汰制), double knockout (双淘汰制) or groups (分组循环制); the entrants of a later
//! stage come from the places of an earlier one (e.g. the top 2 of each group to the final).
//!
//! An event file without `[[stage]]` records is a one-stage event of its `config.pairing`
//! system, as before stages existed.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use xiangqi_scheduling::knockout::{Bracket, Decided, KnockoutMatch, Next};
use xiangqi_scheduling::round_robin_round;
use xiangqi_scheduling::swiss::{SwissOptions, pair_swiss};
use xiangqi_scheduling::tiebreak::{Standing, TieBreakContext, standings};
use xiangqi_scheduling::{EventConfig, Round1Colours};
use xiangqi_scheduling::{GameResult, MatchResult};
use xiangqi_scheduling::{round_robin_rounds, snake_groups, swiss_rounds};

use crate::document::{Event, EventError, Pairing, Player, ProposedRound, Round, invalid};
pub use crate::stage::{Entrant, EventStage, StagePlan, StageSource, StageSystem};

/// A knockout stage's rounds grouped into bracket rounds: `(regular round, its play-off rounds)`
/// as indices into `paired`.
fn bracket_rounds(ev: &Event, stage: u32) -> Vec<(usize, Vec<usize>)> {
    let mut out: Vec<(usize, Vec<usize>)> = Vec::new();
    for (i, r) in ev.paired.iter().enumerate() {
        if r.stage.unwrap_or(1) != stage {
            continue;
        }
        match (r.playoff, out.last_mut()) {
            (Some(_), Some(last)) => last.1.push(i),
            _ => out.push((i, Vec::new())),
        }
    }
    out
}

/// Points of the first-listed side and of the second in a result, Black winning a drawn game
/// of an armageddon decider (`draw_black_wins`).
fn match_score(m: &MatchResult, draw_black_wins: bool) -> (u32, u32) {
    let (mut a, mut b) = (0, 0);
    for (g, o) in m.games.iter().enumerate() {
        let first_red = g % 2 == 0;
        match o {
            GameResult::FirstWins | GameResult::FirstWinsByForfeit => a += 2,
            GameResult::SecondWins | GameResult::SecondWinsByForfeit => b += 2,
            GameResult::Draw if draw_black_wins => {
                if first_red {
                    b += 2
                } else {
                    a += 2
                }
            }
            GameResult::Draw => {
                a += 1;
                b += 1
            }
            _ => {}
        }
    }
    (a, b)
}

impl Event {
    /// The stage being played (1-based): that of the last paired round, or 1.
    pub(crate) fn current_stage(&self) -> u32 {
        self.paired.last().and_then(|r| r.stage).unwrap_or(1)
    }

    /// `true` if the event is played in stages (`[[stage]]` records).
    pub fn staged(&self) -> bool {
        !self.stages.is_empty()
    }

    /// The winner of a knockout match (board `k` of regular round `reg`) once decided, through
    /// its play-off rounds; `None` while drawn or unplayed.
    fn ko_winner(&self, reg: usize, k: usize, playoffs: &[usize]) -> Option<u32> {
        let b = &self.paired[reg].boards[k];
        let (a_no, b_no) = (b.red, b.black);
        let m = MatchResult::parse(b.result.as_deref()?).ok()?;
        let (x, y) = match_score(&m, false);
        if x != y {
            return Some(if x > y { a_no } else { b_no });
        }
        for &pi in playoffs {
            let r = &self.paired[pi];
            let level = r.playoff.unwrap_or(1) as usize;
            let dbw = self
                .config
                .playoffs
                .get(level - 1)
                .is_some_and(|p| p.draw_black_wins);
            if let Some(pb) = r.boards.iter().find(|pb| {
                (pb.red == a_no && pb.black == b_no) || (pb.red == b_no && pb.black == a_no)
            }) {
                let m = MatchResult::parse(pb.result.as_deref()?).ok()?;
                let (x, y) = match_score(&m, dbw);
                if x != y {
                    return Some(if x > y { pb.red } else { pb.black });
                }
            }
        }
        None
    }

    /// Decided knockout rounds of stage `stage` (seeds as pairing numbers), and the matches of
    /// the last bracket round still drawn after its play-offs `(regular round, board index)`.
    #[allow(clippy::type_complexity)]
    fn ko_history(&self, stage: u32) -> (Vec<Vec<Decided>>, Vec<(usize, usize)>, Vec<usize>) {
        let mut history = Vec::new();
        let mut open = Vec::new();
        let mut last_playoffs = Vec::new();
        for (reg, playoffs) in bracket_rounds(self, stage) {
            let mut decided = Vec::new();
            for (k, b) in self.paired[reg].boards.iter().enumerate() {
                let bracket = b
                    .bracket
                    .as_deref()
                    .and_then(Bracket::from_label)
                    .unwrap_or(Bracket::Winners);
                let game = KnockoutMatch {
                    a: b.red,
                    b: b.black,
                    bracket,
                };
                match self.ko_winner(reg, k, &playoffs) {
                    Some(winner) => decided.push(Decided { game, winner }),
                    None => open.push((reg, k)),
                }
            }
            history.push(decided);
            last_playoffs = playoffs;
        }
        (history, open, last_playoffs)
    }

    /// The seeds of knockout stage `si` (0-based) as pairing numbers (`seed 1` = `order[0]`)
    /// and its decided rounds in seeds, as the bracket functions take them.
    fn ko_seeded_history(&self, si: usize) -> (Vec<u32>, Vec<Vec<Decided>>) {
        let order = self.stages[si].entrants();
        let seed_of = |no: u32| {
            order
                .iter()
                .position(|&p| p == no)
                .map_or(0, |i| i as u32 + 1)
        };
        let (history, _, _) = self.ko_history(si as u32 + 1);
        let hist: Vec<Vec<Decided>> = history
            .iter()
            .map(|r| {
                r.iter()
                    .map(|d| Decided {
                        game: KnockoutMatch {
                            a: seed_of(d.game.a),
                            b: seed_of(d.game.b),
                            bracket: d.game.bracket,
                        },
                        winner: seed_of(d.winner),
                    })
                    .collect()
            })
            .collect();
        (order, hist)
    }

    /// Next state of knockout stage `si` (0-based): the next round's matches (as pairing
    /// numbers), or its final places.
    fn ko_next(&self, si: usize) -> Next {
        let st = &self.stages[si];
        let (order, hist) = self.ko_seeded_history(si);
        let no = |s: u32| order[s as usize - 1];
        match st.spec().next_round(order.len() as u32, &hist) {
            Next::Round { matches, byes } => Next::Round {
                matches: matches
                    .into_iter()
                    .map(|m| KnockoutMatch {
                        a: no(m.a),
                        b: no(m.b),
                        bracket: m.bracket,
                    })
                    .collect(),
                byes: byes.into_iter().map(no).collect(),
            },
            Next::Finished(p) => {
                Next::Finished(p.into_iter().map(|(pl, s, sh)| (pl, no(s), sh)).collect())
            }
        }
    }

    /// `true` if stage `si` (0-based) is over.
    pub fn stage_finished(&self, si: usize) -> bool {
        let st = &self.stages[si];
        if st.groups.is_empty() {
            return false;
        }
        let stage = si as u32 + 1;
        let incomplete = self
            .paired
            .iter()
            .any(|r| r.stage.unwrap_or(1) == stage && r.boards.iter().any(|b| b.result.is_none()));
        if incomplete {
            return false;
        }
        if st.system.is_knockout() {
            let (_, open, _) = self.ko_history(stage);
            return open.is_empty() && matches!(self.ko_next(si), Next::Finished(_));
        }
        let played = self
            .paired
            .iter()
            .filter(|r| r.stage.unwrap_or(1) == stage)
            .count() as u32;
        played >= st.rounds
    }

    /// Colours of a knockout match by lot (猜先): `(red, black)`.
    fn guess_colours(&self, round: u32, board: u32, a: u32, b: u32) -> (u32, u32) {
        let mut rng =
            ChaCha8Rng::seed_from_u64(self.seed ^ (u64::from(round) << 32) ^ u64::from(board));
        if rng.gen_bool(0.5) { (a, b) } else { (b, a) }
    }

    /// The next round of a staged event and its explanation (the event is left unchanged; a
    /// stage that begins is filled in the proposal).
    pub(crate) fn propose_staged(&self) -> Result<ProposedRound, EventError> {
        let round = self.paired.len() as u32 + 1;
        if let Some(last) = self.paired.last()
            && let boards = crate::document::missing_results(last)
            && !boards.is_empty()
        {
            return Err(EventError::RoundIncomplete {
                round: last.round,
                boards,
                next: round,
            });
        }
        let mut si = self.current_stage() as usize - 1;
        // a finished stage hands over to the next
        while si < self.stages.len() && self.stage_finished(si) {
            si += 1;
        }
        if si >= self.stages.len() {
            return Err(invalid(
                "event",
                "every stage is over: the event is finished",
            ));
        }
        let mut explanation = Vec::new();
        // a stage that begins is filled from the places of the one it comes from; the rest is
        // computed on a view of the event with that stage filled
        let filled_view;
        let mut filled = None;
        let ev: &Event = if self.stages[si].groups.is_empty() {
            let st = self.filled_stage(si)?;
            if let Some(src) = &st.from {
                explanation.push(format!(
                    "stage {} ({}) begins: places {}–{} of each group of stage {} (group winners first, in group order), {}",
                    si + 1,
                    st.name,
                    src.skip + 1,
                    src.skip + src.places,
                    src.stage,
                    st.groups
                        .iter()
                        .map(|g| g.iter().map(u32::to_string).collect::<Vec<_>>().join(" "))
                        .collect::<Vec<_>>()
                        .join(" | ")
                ));
            }
            let mut view = self.clone();
            view.stages[si] = st.clone();
            filled = Some((si, st));
            filled_view = view;
            &filled_view
        } else {
            self
        };
        let stage = si as u32 + 1;
        let st = ev.stages[si].clone();
        explanation.insert(
            0,
            format!(
                "round {round}: stage {stage} ({}, {})",
                st.name,
                st.system.name()
            ),
        );
        let mut new_round = Round {
            round,
            bye: None,
            byes: Vec::new(),
            notes: Vec::new(),
            boards: Vec::new(),
            stage: Some(stage),
            playoff: None,
            manual: false,
            date: None,
        };
        let push = |r: &mut Round, red: u32, black: u32, bracket: Option<String>| {
            let board = r.boards.len() as u32 + 1;
            r.boards.push(Pairing {
                bracket,
                ..Pairing::new(board, red, black)
            });
        };
        match st.system {
            StageSystem::Knockout | StageSystem::DoubleKnockout => {
                let (_, open, playoffs) = ev.ko_history(stage);
                if !open.is_empty() {
                    let level = playoffs
                        .last()
                        .and_then(|&p| ev.paired[p].playoff)
                        .unwrap_or(0)
                        + 1;
                    let Some(po) = ev.config.playoffs.get(level as usize - 1).cloned() else {
                        let (reg, k) = open[0];
                        return Err(invalid(
                            format!("round {} board {}", ev.paired[reg].round, k + 1),
                            "the match is drawn and the ruleset configures no further play-off (附加赛): enter a decisive result with --force",
                        ));
                    };
                    new_round.playoff = Some(level);
                    new_round.notes.push(format!(
                        "附加赛 {level}: {} ({}), {} game{}{}",
                        po.name,
                        po.time_control,
                        po.games,
                        if po.games == 1 { "" } else { "s" },
                        if po.draw_black_wins {
                            "; a draw counts as a win for Black"
                        } else {
                            ""
                        }
                    ));
                    explanation.push(format!(
                        "附加赛 {level}: the {} match(es) still drawn after the bracket round are played again ({}); colours by lot (猜先) from the event's seed",
                        open.len(),
                        po.name
                    ));
                    for (reg, k) in open {
                        let b = &ev.paired[reg].boards[k];
                        let (red, black) = ev.guess_colours(
                            round,
                            new_round.boards.len() as u32 + 1,
                            b.red,
                            b.black,
                        );
                        let bracket = b.bracket.clone();
                        push(&mut new_round, red, black, bracket);
                    }
                } else {
                    match ev.ko_next(si) {
                        Next::Round { matches, byes } => {
                            explanation.push(format!(
                                "淘汰制: the next round of the seeded bracket of {} ({}; seeds play by bracket position, 1 v 2 only in the final); colours by lot (猜先) from the event's seed",
                                st.entrants().len(),
                                if st.system == StageSystem::DoubleKnockout {
                                    "double elimination: a second loss eliminates"
                                } else {
                                    "single elimination"
                                }
                            ));
                            if !byes.is_empty() {
                                explanation.push(format!(
                                    "byes to the top seeds: {}",
                                    byes.iter()
                                        .map(u32::to_string)
                                        .collect::<Vec<_>>()
                                        .join(", ")
                                ));
                            }
                            for m in matches {
                                let (red, black) = ev.guess_colours(
                                    round,
                                    new_round.boards.len() as u32 + 1,
                                    m.a,
                                    m.b,
                                );
                                let label = (st.system == StageSystem::DoubleKnockout
                                    || m.bracket != Bracket::Winners)
                                    .then(|| m.bracket.label().to_string());
                                push(&mut new_round, red, black, label);
                            }
                            new_round.byes = byes;
                        }
                        Next::Finished(_) => {
                            return Err(invalid("event", "the knockout is over"));
                        }
                    }
                }
            }
            StageSystem::RoundRobin | StageSystem::Groups => {
                let r = self
                    .paired
                    .iter()
                    .filter(|r| r.stage.unwrap_or(1) == stage)
                    .count() as u32
                    + 1;
                for (gi, g) in st.groups.iter().enumerate() {
                    let n = g.len() as u32;
                    explanation.push(format!(
                        "{}round {r} of the 循环赛对局秩序表 of {n} (Berger table; seeds in group order, the first-listed has red{})",
                        if st.groups.len() > 1 {
                            format!("group {}: ", gi + 1)
                        } else {
                            String::new()
                        },
                        if ev.config.double_round_robin {
                            "; the second cycle swaps colours"
                        } else {
                            ""
                        }
                    ));
                    if let Some(rr) = round_robin_round(n, r, ev.config.double_round_robin) {
                        for &(a, b) in &rr.boards {
                            push(&mut new_round, g[a as usize - 1], g[b as usize - 1], None);
                        }
                        if let Some(b) = rr.bye {
                            new_round.byes.push(g[b as usize - 1]);
                        }
                    }
                }
            }
            StageSystem::Swiss => {
                let r = self
                    .paired
                    .iter()
                    .filter(|r| r.stage.unwrap_or(1) == stage)
                    .count() as u32
                    + 1;
                let entrants = st.entrants();
                let state: Vec<_> = self
                    .pairing_state(round)
                    .into_iter()
                    .filter(|p| {
                        entrants.contains(&p.no)
                            && !ev.player(p.no).is_some_and(|q| q.absent(round))
                    })
                    .collect();
                let opts = SwissOptions {
                    seed: ev.seed,
                    avoid_third_colour: ev.config.avoid_third_colour,
                    round1_odd_red: ev.config.round1_colours == Round1Colours::OddRed,
                    avoid_same_unit_rounds: ev.config.avoid_same_unit_rounds,
                };
                let p = pair_swiss(&state, r, &opts)?;
                for (a, b) in p.boards {
                    push(&mut new_round, a, b, None);
                }
                new_round.bye = p.bye;
                new_round.notes = p.notes;
                explanation.extend(p.explanation);
            }
        }
        if new_round.bye.is_none() && !st.system.is_knockout() && new_round.byes.len() == 1 {
            new_round.bye = new_round.byes.pop();
        }
        // absent players are never paired: in a knockout their opponent wins by forfeit (a
        // walkover); elsewhere the opponent waits
        let absent = |no: u32| ev.player(no).is_some_and(|p| p.absent(round));
        if st.system.is_knockout() {
            let games = ev.games_in_round(&new_round);
            for b in &mut new_round.boards {
                let res = match (absent(b.red), absent(b.black)) {
                    (false, true) => "+-",
                    (true, false) => "-+",
                    (true, true) => "--",
                    (false, false) => continue,
                };
                b.result = Some(vec![res; games].join(" "));
                explanation.push(format!(
                    "board {}: {} absent, decided by forfeit (walkover) {res}",
                    b.board,
                    match res {
                        "+-" => b.black.to_string(),
                        "-+" => b.red.to_string(),
                        _ => format!("{} and {}", b.red, b.black),
                    }
                ));
            }
        } else {
            let mut waiting = Vec::new();
            new_round.boards.retain(|b| {
                let (x, y) = (absent(b.red), absent(b.black));
                if !x && y {
                    waiting.push(b.red);
                } else if x && !y {
                    waiting.push(b.black);
                }
                !(x || y)
            });
            for (k, b) in new_round.boards.iter_mut().enumerate() {
                b.board = k as u32 + 1;
            }
            new_round.byes.retain(|&b| !absent(b));
            if !waiting.is_empty() {
                explanation.push(format!(
                    "waiting (their opponent is absent): {}",
                    waiting
                        .iter()
                        .map(u32::to_string)
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            new_round.byes.extend(waiting);
        }
        Ok(ProposedRound {
            round: new_round,
            explanation,
            filled,
        })
    }

    /// Stage `si` filled from the places of the stage it comes from.
    fn filled_stage(&self, si: usize) -> Result<EventStage, EventError> {
        let Some(src) = self.stages[si].from.clone() else {
            return Err(invalid(
                format!("stage {}", si + 1),
                "no entrants and no source stage",
            ));
        };
        let from = src.stage as usize - 1;
        if from >= si || !self.stage_finished(from) {
            return Err(invalid(
                format!("stage {}", si + 1),
                format!("stage {} is not over", src.stage),
            ));
        }
        let per_group = self.stage_standings(from);
        // seeds: the group winners in group order, then the runners-up, …; a placement stage
        // (groups) plays one group per place: all the thirds, all the fourths, …
        let mut by_place = Vec::new();
        for place in src.skip + 1..=src.skip + src.places {
            let level: Vec<u32> = per_group
                .iter()
                .filter_map(|g| g.get(place as usize - 1).map(|s| s.no))
                .collect();
            if !level.is_empty() {
                by_place.push(level);
            }
        }
        let double = self.config.double_round_robin;
        let mut st = self.stages[si].clone();
        if st.system == StageSystem::Groups {
            st.rounds = by_place
                .iter()
                .map(|g| round_robin_rounds(g.len() as u32, double))
                .max()
                .unwrap_or(0);
            st.groups = by_place;
            return Ok(st);
        }
        st.groups = vec![by_place.into_iter().flatten().collect()];
        if matches!(st.system, StageSystem::RoundRobin) {
            st.rounds =
                round_robin_rounds(st.groups[0].len() as u32, self.config.double_round_robin);
        }
        Ok(st)
    }

    /// Standings of stage `si` (0-based), one list per group, best first.
    pub fn stage_standings(&self, si: usize) -> Vec<Vec<Standing>> {
        let st = &self.stages[si];
        let stage = si as u32 + 1;
        if st.system.is_knockout() {
            let places = match self.ko_next(si) {
                Next::Finished(p) => p,
                Next::Round { .. } => {
                    // provisional: eliminated so far, the rest sharing first place
                    let (order, hist) = self.ko_seeded_history(si);
                    st.spec()
                        .places(order.len() as u32, &hist)
                        .into_iter()
                        .map(|(pl, s, sh)| (pl, order[s as usize - 1], sh))
                        .collect()
                }
            };
            let wins = |no: u32| {
                let (h, _, _) = self.ko_history(stage);
                h.iter().flatten().filter(|d| d.winner == no).count() as f64
            };
            return vec![
                places
                    .into_iter()
                    .map(|(rank, no, shared)| Standing {
                        rank,
                        shared,
                        no,
                        points: wins(no),
                        tie_breaks: Vec::new(),
                    })
                    .collect(),
            ];
        }
        let ctx = TieBreakContext {
            bye_opponent: self.config.bye_opponent_score,
        };
        st.groups
            .iter()
            .map(|g| {
                let ct = self.crosstable_of(u32::MAX, Some(stage), g);
                standings(&ct, &self.config.chain(), &ctx).unwrap_or_default()
            })
            .collect()
    }

    /// Overall standings of a staged event: the last stage played ranks its entrants first;
    /// the others follow by their place in the stage they left (equal places shared across
    /// groups, then by points).
    pub(crate) fn staged_standings(&self) -> Vec<Standing> {
        let mut out: Vec<Standing> = Vec::new();
        let mut placed = std::collections::HashSet::new();
        // the stages filled from places first (the final before a placement stage), then the
        // others from the last
        let mut order: Vec<usize> = (0..self.stages.len()).collect();
        order.sort_by_key(|&si| match &self.stages[si].from {
            Some(f) => (0, f.skip, 0),
            None => (1, 0, usize::MAX - si),
        });
        for si in order {
            if self.stages[si].groups.is_empty() {
                continue;
            }
            let groups = self.stage_standings(si);
            let base = out.len() as u32;
            if self.stages[si].from.as_ref().is_some_and(|f| f.skip > 0) {
                // a placement stage: its groups in order (the thirds, the fourths, …)
                for g in groups {
                    let rows: Vec<Standing> =
                        g.into_iter().filter(|s| !placed.contains(&s.no)).collect();
                    let base = out.len() as u32;
                    let first = rows.first().map_or(1, |r| r.rank);
                    for r in rows {
                        placed.insert(r.no);
                        out.push(Standing {
                            rank: base + r.rank + 1 - first,
                            ..r
                        });
                    }
                }
                continue;
            }
            if groups.len() == 1 {
                // one table: its places, after the later stages' entrants
                let rows: Vec<Standing> = groups[0]
                    .iter()
                    .filter(|s| !placed.contains(&s.no))
                    .cloned()
                    .collect();
                let first = rows.first().map_or(1, |r| r.rank);
                for r in rows {
                    placed.insert(r.no);
                    out.push(Standing {
                        rank: base + r.rank + 1 - first,
                        ..r
                    });
                }
                continue;
            }
            let mut rows: Vec<Standing> = groups
                .into_iter()
                .flatten()
                .filter(|s| !placed.contains(&s.no))
                .collect();
            // by place inside the group, then points
            rows.sort_by(|a, b| {
                a.rank
                    .cmp(&b.rank)
                    .then(b.points.total_cmp(&a.points))
                    .then(a.no.cmp(&b.no))
            });
            let mut i = 0;
            while i < rows.len() {
                let mut j = i + 1;
                while j < rows.len()
                    && rows[j].rank == rows[i].rank
                    && rows[j].points == rows[i].points
                {
                    j += 1;
                }
                let shared = j - i > 1 || rows[i].shared;
                for r in &rows[i..j] {
                    placed.insert(r.no);
                    out.push(Standing {
                        rank: base + i as u32 + 1,
                        shared,
                        ..r.clone()
                    });
                }
                i = j;
            }
        }
        out
    }

    /// Winner of every knockout match so far, for exports: `(round, board) → winner`.
    pub fn knockout_winner(&self, round: u32, board: u32) -> Option<u32> {
        let ri = round.checked_sub(1)? as usize;
        let r = self.paired.get(ri)?;
        let st = self.stages.get(r.stage.unwrap_or(1) as usize - 1)?;
        if !st.system.is_knockout() || r.playoff.is_some() {
            return None;
        }
        let br = bracket_rounds(self, r.stage.unwrap_or(1));
        let (_, playoffs) = br.iter().find(|(reg, _)| *reg == ri)?;
        self.ko_winner(ri, board.checked_sub(1)? as usize, playoffs)
    }
}

impl Event {
    /// A new event in stages. Seeds (= pairing numbers): the given order when `lot` is false;
    /// else drawn by lot from `seed` and, when any entrant has a rating, ordered by rating
    /// (unrated last; equal ratings in lot order).
    pub fn new_staged(
        name: &str,
        ruleset: &str,
        config: EventConfig,
        entrants: Vec<Entrant>,
        seed: u64,
        lot: bool,
        plan: &StagePlan,
    ) -> Result<Event, EventError> {
        use rand::seq::SliceRandom;
        config.validate()?;
        let mut entrants = entrants;
        if lot {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            entrants.shuffle(&mut rng);
            if entrants.iter().any(|e| e.rating.is_some()) {
                entrants.sort_by_key(|e| std::cmp::Reverse(e.rating.map_or(0, |r| r as i64 + 1)));
            }
        }
        let players: Vec<Player> = entrants
            .into_iter()
            .enumerate()
            .map(|(i, e)| Player {
                no: i as u32 + 1,
                name: e.name,
                club: e.club,
                rating: e.rating,
                withdrawn: None,
                bye_requests: Vec::new(),
                late: None,
                members: Vec::new(),
            })
            .collect();
        let n = players.len() as u32;
        let all: Vec<u32> = (1..=n).collect();
        let stages = match plan.system {
            StageSystem::Knockout | StageSystem::DoubleKnockout => vec![EventStage {
                name: plan.system.name().into(),
                system: plan.system,
                groups: vec![all],
                rounds: 0,
                third_place: config.third_place,
                reset: plan.system == StageSystem::DoubleKnockout && config.grand_final_reset,
                from: None,
            }],
            StageSystem::Groups => {
                let k = plan.groups;
                if k < 2 || n < 2 * k as u32 {
                    return Err(invalid(
                        "event",
                        format!("{k} groups of {n} players: need at least 2 groups of at least 2"),
                    ));
                }
                if plan.advance == 0 || plan.advance as usize * k < 2 {
                    return Err(invalid(
                        "event",
                        "the final needs at least 2 players (--advance)",
                    ));
                }
                let unit = |p: u32| players[p as usize - 1].club.trim().to_string();
                let groups = snake_groups(
                    &all,
                    k,
                    if plan.separate_units {
                        Some(&unit as &dyn Fn(u32) -> String)
                    } else {
                        None
                    },
                );
                if groups.iter().any(|g| (g.len() as u32) < plan.advance) {
                    return Err(invalid(
                        "event",
                        format!("--advance {}: a group has fewer players", plan.advance),
                    ));
                }
                let rounds = groups
                    .iter()
                    .map(|g| round_robin_rounds(g.len() as u32, config.double_round_robin))
                    .max()
                    .unwrap_or(0);
                let mut stages = vec![
                    EventStage {
                        name: "groups".into(),
                        system: StageSystem::Groups,
                        groups,
                        rounds,
                        third_place: false,
                        reset: false,
                        from: None,
                    },
                    EventStage {
                        name: "final".into(),
                        system: plan.final_system,
                        groups: Vec::new(),
                        rounds: 0,
                        third_place: config.third_place,
                        reset: config.grand_final_reset,
                        from: Some(StageSource {
                            stage: 1,
                            places: plan.advance,
                            skip: 0,
                        }),
                    },
                ];
                if plan.placement {
                    let largest = stages[0].groups.iter().map(Vec::len).max().unwrap_or(0) as u32;
                    if largest > plan.advance {
                        stages.push(EventStage {
                            name: "placement".into(),
                            system: StageSystem::Groups,
                            groups: Vec::new(),
                            rounds: 0,
                            third_place: false,
                            reset: false,
                            from: Some(StageSource {
                                stage: 1,
                                places: largest - plan.advance,
                                skip: plan.advance,
                            }),
                        });
                    }
                }
                stages
            }
            StageSystem::RoundRobin => vec![EventStage {
                name: "round-robin".into(),
                system: StageSystem::RoundRobin,
                rounds: round_robin_rounds(n, config.double_round_robin),
                groups: vec![all],
                third_place: false,
                reset: false,
                from: None,
            }],
            StageSystem::Swiss => vec![EventStage {
                name: "swiss".into(),
                system: StageSystem::Swiss,
                rounds: swiss_rounds(n),
                groups: vec![all],
                third_place: false,
                reset: false,
                from: None,
            }],
        };
        let ev = Event {
            format: Some(crate::document::FORMAT),
            version: None,
            name: name.to_string(),
            division: String::new(),
            ruleset: ruleset.to_string(),
            seed,
            rounds: 0,
            config,
            players,
            stages,
            paired: Vec::new(),
            history: Vec::new(),
            end: None,
        };
        ev.validate()?;
        Ok(ev)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entrants(n: u32) -> Vec<Entrant> {
        (1..=n)
            .map(|i| Entrant {
                name: format!("P{i}"),
                club: format!("U{}", i % 3),
                rating: None,
            })
            .collect()
    }

    /// Plays every board of the last round: the lower pairing number wins.
    fn play_last(ev: &mut Event) {
        let r = ev.paired.last().unwrap().clone();
        let games = ev.games_in_round(&r);
        for b in r.boards.iter().filter(|b| b.result.is_none()) {
            let res = if b.red < b.black { "1-0" } else { "0-1" };
            ev.set_result(
                r.round,
                b.board,
                &vec![res; games].join(" "),
                (None, None),
                false,
            )
            .unwrap();
        }
    }

    /// `propose_next` is pure: the event is unchanged, the proposal is what `pair_next`
    /// appends, and it says why — also for the round that begins a stage filled from places.
    #[test]
    fn a_proposed_round_leaves_the_event_unchanged_and_explains_itself() {
        let plan = StagePlan {
            system: StageSystem::Groups,
            groups: 2,
            advance: 2,
            final_system: StageSystem::Knockout,
            separate_units: false,
            placement: false,
        };
        let mut ev = Event::new_staged(
            "e",
            "axf",
            EventConfig::default(),
            entrants(8),
            3,
            true,
            &plan,
        )
        .unwrap();
        let mut saw_fill = false;
        let mut saw_bracket = false;
        while let Ok(p) = ev.propose_next() {
            let before = ev.clone();
            assert_eq!(ev, before);
            let again = ev.propose_next().unwrap();
            assert_eq!(p, again, "a proposal depends only on the event");
            assert!(!p.explanation.is_empty());
            assert!(p.explanation[0].starts_with(&format!("round {}: stage", p.round.round)));
            saw_fill |= p
                .explanation
                .iter()
                .any(|l| l.contains("begins: places 1–2"));
            saw_bracket |= p.explanation.iter().any(|l| l.contains("淘汰制"));
            if p.round.stage == Some(1) {
                assert!(p.explanation.iter().any(|l| l.contains("循环赛对局秩序表")));
            }
            let proposed = p.round.clone();
            assert_eq!(*ev.pair_next().unwrap(), proposed);
            play_last(&mut ev);
        }
        assert!(saw_fill && saw_bracket, "the final was proposed and filled");
        assert!(ev.stages[1].groups.iter().flatten().count() == 4);
    }

    /// A proposal made for another state of the event is refused.
    #[test]
    fn a_stale_proposal_is_refused() {
        let mut ev = Event::new(
            "e",
            "axf",
            EventConfig::default(),
            (1..=6).map(|i| (format!("P{i}"), String::new())).collect(),
            1,
            Some(3),
            false,
        )
        .unwrap();
        let p = ev.propose_next().unwrap();
        assert!(p.explanation[0].contains("第一轮"), "{:?}", p.explanation);
        ev.pair_next().unwrap();
        let e = ev.pair_proposed(p).unwrap_err();
        assert!(e.to_string().contains("the next round is 2"), "{e}");
        assert_eq!(ev.paired.len(), 1);
    }

    /// A file as written before stages, knockouts, teams and the administration existed
    /// (every new key is optional and left out at its default): it loads, writes back byte for
    /// byte, and pairs on.
    #[test]
    fn an_event_file_from_before_stages_loads_unchanged() {
        const OLD: &str = r#"name = "event"
ruleset = "axf"
seed = 7
rounds = 3

[config]
pairing = "swiss-cn"
points = "two-one-zero"
games_per_match = 1
team_boards = 0
match_points = "one-half-zero"
bye_points = "win"
bye_opponent_score = "zero"
tie_breaks = ["buchholz", "wins", "fouls", "black-wins", "black-games", "previous-rounds"]
double_round_robin = false
round1_colours = "odd-red"
avoid_third_colour = true

[[players]]
no = 1
name = "E"

[[players]]
no = 2
name = "D"

[[players]]
no = 3
name = "C"

[[players]]
no = 4
name = "A"

[[players]]
no = 5
name = "B"

[[round]]
round = 1
bye = 5

[[round.boards]]
board = 1
red = 1
black = 2
result = "1-0"

[[round.boards]]
board = 2
red = 3
black = 4
result = "="
black_fouls = 1
"#;
        let mut ev = Event::from_toml(OLD).unwrap();
        assert!(!ev.staged());
        assert_eq!(ev.to_toml(), OLD);
        let r = ev.pair_next().unwrap();
        assert_eq!(r.round, 2);
        assert_eq!(r.boards.len(), 2);
    }
}
