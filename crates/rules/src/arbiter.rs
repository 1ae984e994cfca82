//! The `Arbiter`: feeds a game through an edition and returns a `Ruling`.

use xiangqi_adjudication::{Cycle, GameRecord, Replay, budget, natural_limit};
use xiangqi_board::{ByColor, Color};

use crate::class::{ClassKind, PlyClass, Verdict};
use crate::edition::{CycleContext, RuleEdition};
use crate::ruleset::{Ruleset, RulesetError, StalemateRule};
use crate::ruling::{
    DeadPositionReport, LineRuling, LowerRuling, NaturalLimitReport, Outcome, PlyRuling,
    RepetitionRuling, Ruling, SideCount,
};

/// Which plies get a class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct JudgeOptions {
    /// Classify every ply of the game (for a single game shown to a person). When `false`, only
    /// the plies of repetition cycles are classified (the fast path for databases).
    pub classify_all: bool,
}

/// Applies one ruleset to games.
pub struct Arbiter {
    ruleset: Ruleset,
    edition: Box<dyn RuleEdition>,
    game_budget: u64,
}

/// The reason word of a game whose cycle could not be ruled within the work budget.
pub const UNDECIDED_BUDGET: &str = "undecided-search-budget";

impl std::fmt::Debug for Arbiter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Arbiter")
            .field("ruleset", &self.ruleset.id)
            .finish()
    }
}

impl Arbiter {
    /// An arbiter for `ruleset` (builds its edition).
    pub fn new(ruleset: Ruleset) -> Result<Arbiter, RulesetError> {
        let edition = ruleset.build()?;
        Ok(Arbiter {
            ruleset,
            edition,
            game_budget: budget::GAME_NODE_BUDGET,
        })
    }

    /// The same arbiter with a work budget of `nodes` search nodes for judging one game (default
    /// [`budget::GAME_NODE_BUDGET`]); each ply keeps its own budget too.
    pub fn with_game_budget(mut self, nodes: u64) -> Arbiter {
        self.game_budget = nodes;
        self
    }

    /// Fills in, for every chase (捉) of `ruling` (this arbiter's ruling on `record`), and every
    /// check (将) that also chases (whose class keeps targets), the capture line behind each
    /// chased piece ([`RuleEdition::capture_lines`]), and for every mate threat
    /// (杀) the mate line behind it ([`RuleEdition::mate_line`]): what an arbiter reads to check
    /// the class, with the search bounds it needed. Searched anew, outside the work budget.
    pub fn explain(&self, record: &GameRecord, ruling: &mut Ruling) {
        if record.is_empty() {
            return;
        }
        let replay = Replay::new(record, 0, record.len());
        for p in &mut ruling.plies {
            if p.ply == 0 || p.ply > record.len() {
                continue;
            }
            match p.class {
                // A check that also chases (an edition that keeps the check's targets, as AXF
                // does toward a perpetual chase of the same piece) shows its capture lines too.
                Some(ClassKind::Chase) | Some(ClassKind::Check) if !p.targets.is_empty() => {
                    let targets: Vec<xiangqi_board::Square> = p
                        .targets
                        .iter()
                        .filter_map(|t| xiangqi_board::Square::from_name(t))
                        .collect();
                    p.lines = self
                        .edition
                        .capture_lines(&replay.ply(p.ply), &targets)
                        .iter()
                        .map(LineRuling::new)
                        .collect();
                }
                Some(ClassKind::MateThreat) => {
                    p.lines = self
                        .edition
                        .mate_line(&replay.ply(p.ply))
                        .iter()
                        .map(LineRuling::new)
                        .collect();
                }
                _ => {}
            }
        }
        self.judge_lower_bounds(record, ruling);
    }

    /// For every bound a line's proof rests on, what the ruleset rules with that bound one lower:
    /// the ply's label and the game's verdict (each lowered ruleset judged once).
    fn judge_lower_bounds(&self, record: &GameRecord, ruling: &mut Ruling) {
        let mut lowered: std::collections::BTreeMap<(&'static str, u32), Option<Ruling>> =
            std::collections::BTreeMap::new();
        for p in &mut ruling.plies {
            for line in &mut p.lines {
                let Some(proof) = line.proof.as_mut() else {
                    continue;
                };
                for b in &mut proof.bounds {
                    let Some(value) = b.value.checked_sub(1) else {
                        continue;
                    };
                    let lower = lowered.entry((b.key, value)).or_insert_with(|| {
                        let rs = self.ruleset.with_bound(b.key, value).ok()?;
                        let arbiter = Arbiter::new(rs).ok()?.with_game_budget(self.game_budget);
                        Some(arbiter.judge(record, JudgeOptions { classify_all: true }))
                    });
                    b.lower = lower.as_ref().map(|r| LowerRuling {
                        value,
                        label: r
                            .plies
                            .iter()
                            .find(|q| q.ply == p.ply)
                            .and_then(|q| q.label.clone()),
                        verdict: r.last_ruling().map(|rep| rep.verdict.as_str()),
                        outcome: r.outcome.as_str(),
                        reason: r.reason.clone(),
                    });
                }
            }
        }
    }

    /// The ruleset.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The edition.
    pub fn edition(&self) -> &dyn RuleEdition {
        &*self.edition
    }

    /// Classifies the plies of a replayed stretch, each within the work budget of one ply
    /// ([`budget::PLY_NODE_BUDGET`] search nodes). A ply whose searches the budget cut short says
    /// so in its note: what they did not finish counts as not found.
    pub fn classify(&self, replay: &Replay<'_>) -> Vec<PlyClass> {
        (replay.first_ply()..=replay.last_ply())
            .map(|p| {
                let _scope = budget::Scope::new(budget::PLY_NODE_BUDGET);
                let mut class = self.edition.classify(&replay.ply(p));
                if budget::exhausted() {
                    let cut = format!(
                        "search budget of {} nodes for this ply (or of {} for the game) reached: lines not searched to the end count as not winning",
                        budget::PLY_NODE_BUDGET,
                        self.game_budget
                    );
                    class.note = Some(match class.note.take() {
                        Some(n) => format!("{n}; {cut}"),
                        None => cut,
                    });
                }
                class
            })
            .collect()
    }

    /// Rules on one cycle; returns the ruling and the classes of its plies.
    pub fn rule_cycle(
        &self,
        record: &GameRecord,
        cycle: Cycle,
    ) -> (RepetitionRuling, Vec<PlyClass>) {
        let replay = Replay::of_cycle(record, cycle);
        let classes = self.classify(&replay);
        let ctx = CycleContext {
            cycle,
            replay: &replay,
            classes: &classes,
        };
        // An edition may search again while ruling: the budget of one ply per ply of the cycle.
        let r = {
            let plies = (cycle.last_ply() + 1 - cycle.first_ply()) as u64;
            let _scope = budget::Scope::new(budget::PLY_NODE_BUDGET.saturating_mul(plies));
            self.edition.rule_cycle(&ctx)
        };
        (
            RepetitionRuling {
                verdict: r.verdict,
                red: r.red,
                black: r.black,
                first_ply: cycle.first_ply(),
                last_ply: cycle.last_ply(),
                reason: r.reason,
                explanation: r.explanation,
            },
            classes,
        )
    }

    /// The ruling due at the last ply of the record, if that ply completes a repetition.
    pub fn rule_last_ply(&self, record: &GameRecord) -> Option<(RepetitionRuling, Vec<PlyClass>)> {
        let cycle = record
            .repetitions(self.edition.repetitions())
            .into_iter()
            .find(|c| c.end == record.len())?;
        Some(self.rule_cycle(record, cycle))
    }

    /// Judges a whole game.
    ///
    /// Repetitions are ruled in order. A `draw` ruling ends the game drawn. After a
    /// `must-vary` ruling against a side, a later ruling against the same side, after that side
    /// has moved again, means it did not vary: it loses. Otherwise the game ends on the board
    /// (checkmate, stalemate: loss for the side to move) or stays `ongoing`; the natural limit
    /// is reported (claim-based: it never ends the game by itself).
    ///
    /// The whole judging draws on a work budget ([`Arbiter::with_game_budget`]); when the
    /// searches of a cycle's plies were cut by it (or by a ply's own budget), the cycle cannot
    /// be ruled: the game is left undecided (`ongoing`, reason [`UNDECIDED_BUDGET`]), and the
    /// explanation says where.
    pub fn judge(&self, record: &GameRecord, options: JudgeOptions) -> Ruling {
        let _game = budget::Scope::new(self.game_budget);
        let mut explanation = Vec::new();
        let mut outcome = Outcome::Ongoing;
        let mut reason = "none".to_string();
        let mut decided_at = None;
        let mut repetitions: Vec<RepetitionRuling> = Vec::new();
        let mut cycle_classes: Option<(usize, Vec<PlyClass>)> = None;
        // The latest side told to vary (and at which ply), and each side's first warning.
        let mut pending: Option<(Color, usize)> = None;
        let mut told: ByColor<Option<usize>> = ByColor {
            red: None,
            black: None,
        };
        // A result the rules impose by themselves (a move limit that ends the game, a position
        // neither side can win), and a ruling on a run that is not a repetition: each applies at
        // its ply unless a repetition was ruled on before.
        let automatic = self.edition.automatic_end(record);
        let mut run = self.rule_run(record);
        let mut applied_run: Option<RepetitionRuling> = None;
        let mut cut_at = automatic.as_ref().map_or(usize::MAX, |(p, _)| *p);

        let mut undecided = false;
        // The repetition whose ruling stands: a later window of it (a cycle that overlaps its
        // plies) that tells the other side to vary keeps that ruling (the arbiter rules a
        // repetition once, at the occurrence that calls for it); a window that rules the same
        // again is recorded, and after the side told to vary has moved again it loses.
        let mut standing: Option<Standing> = None;
        for cycle in record.repetitions(self.edition.repetitions()) {
            let at = cycle.last_ply();
            if let Some(r) = run.take_if(|r| r.last_ply < at && r.last_ply < cut_at)
                && let Some(done) = {
                    applied_run = Some(run_ruling(&r));
                    self.apply_run(&r, &mut explanation, &mut pending, &mut told)
                }
            {
                (outcome, reason, decided_at) = (done.0, done.1, Some(r.last_ply));
                break;
            }
            if at >= cut_at {
                break;
            }
            let (r, classes, cut) = {
                let _cycle = budget::Scope::new(u64::MAX);
                let (r, classes) = self.rule_cycle(record, cycle);
                (r, classes, budget::exhausted())
            };
            if cut {
                cycle_classes = Some((cycle.first_ply(), classes));
                undecided = true;
                reason = UNDECIDED_BUDGET.into();
                explanation.push(format!(
                    "ply {at}: the position after ply {} occurs for the {} time, but the searches of the cycle's plies reached the work budget ({} nodes per ply, {} per game): undecided — the arbiter must rule this cycle",
                    cycle.start,
                    ordinal(self.edition.repetitions() as usize),
                    budget::PLY_NODE_BUDGET,
                    self.game_budget
                ));
                break;
            }
            let verdict = r.verdict;
            if let Some(s) = standing
                .as_mut()
                .filter(|s| cycle.first_ply() <= s.last_ply)
            {
                s.last_ply = at;
                // A window that names the other side does not replace the ruling; a drawn
                // window (the side told to vary has varied: no side is forbidden now) ends the
                // game drawn, as any drawn repetition does.
                if verdict != s.verdict && verdict != Verdict::Draw {
                    explanation.push(format!(
                        "ply {at}: the same repetition goes on (plies {}–{at}); this window alone reads Red {}, Black {}: {}, but the ruling of ply {} stands: {} (a repetition is ruled once, when it calls for a ruling)",
                        s.first_ply,
                        r.red,
                        r.black,
                        verdict.as_str(),
                        s.ruled_at,
                        s.verdict.as_str()
                    ));
                    continue;
                }
            } else {
                standing = Some(Standing {
                    first_ply: cycle.first_ply(),
                    last_ply: at,
                    ruled_at: at,
                    verdict,
                });
            }
            cycle_classes = Some((cycle.first_ply(), classes));
            explanation.push(format!(
                "ply {at}: the position after ply {} occurs for the {} time; Red {}, Black {}: {} ({})",
                cycle.start,
                ordinal(self.edition.repetitions() as usize),
                r.red,
                r.black,
                verdict.as_str(),
                r.explanation
            ));
            let rule_reason = r.reason.clone();
            repetitions.push(r);
            match verdict {
                Verdict::Draw => {
                    outcome = Outcome::Draw;
                    reason = "repetition".into();
                    decided_at = Some(at);
                    break;
                }
                Verdict::MustVary(side) if !self.edition.warns_before_loss() => {
                    outcome = Outcome::Win(!side);
                    reason = rule_reason;
                    decided_at = Some(at);
                    explanation.push(format!(
                        "{} loses at once: this edition does not first tell a side to vary",
                        side_name(side)
                    ));
                    break;
                }
                Verdict::MustVary(side) => match told[side] {
                    Some(since) if (since + 1..=at).any(|p| record.mover(p) == side) => {
                        outcome = Outcome::Win(!side);
                        reason = rule_reason;
                        decided_at = Some(at);
                        explanation.push(format!(
                            "{} was told to vary at ply {since} and attacked again with forbidden moves: {} loses (走棋违犯禁例，应当变着而不变)",
                            side_name(side),
                            side_name(side)
                        ));
                        break;
                    }
                    Some(_) => pending = Some((side, at)),
                    None => {
                        told[side] = Some(at);
                        pending = Some((side, at));
                    }
                },
            }
        }

        if decided_at.is_none()
            && !undecided
            && let Some(r) = run.take_if(|r| r.last_ply < cut_at)
            && let Some(done) = {
                applied_run = Some(run_ruling(&r));
                self.apply_run(&r, &mut explanation, &mut pending, &mut told)
            }
        {
            (outcome, reason, decided_at) = (done.0, done.1, Some(r.last_ply));
            cut_at = r.last_ply;
        }
        if decided_at.is_none()
            && !undecided
            && let Some((at, end)) = automatic.filter(|(p, _)| *p <= cut_at)
        {
            outcome = match end.loser {
                Some(l) => Outcome::Win(!l),
                None => Outcome::Draw,
            };
            explanation.push(format!("after ply {at}: {}", end.reason));
            reason = end.reason;
            decided_at = Some(at);
        }

        if decided_at.is_none() && !undecided {
            let status = record.final_position().status();
            if let Some(end) = self.edition.game_end(status) {
                let stalemate_draw = end.reason == "stalemate"
                    && self.ruleset.adjudication.stalemate == StalemateRule::Draw;
                outcome = match end.loser {
                    Some(l) if !stalemate_draw => Outcome::Win(!l),
                    _ => Outcome::Draw,
                };
                reason = end.reason;
                decided_at = Some(record.len());
                explanation.push(format!("after ply {}: {}", record.len(), reason));
            } else if let Some((side, at)) = pending {
                reason = format!("{}-must-vary", side.name());
                explanation.push(format!(
                    "the record ends with {} told to vary (ply {at})",
                    side_name(side)
                ));
            }
        }

        let natural = self.edition.natural_limit().map(|policy| {
            let st = natural_limit(record, policy);
            let first = st.first_claim();
            let side = |c: Color| SideCount {
                counted_moves: st.sides[c].counted_moves,
                moves: st.sides[c].moves,
                checks: st.sides[c].checks,
                claimable_from_ply: st.sides[c].claimable_from_ply,
            };
            NaturalLimitReport {
                moves: policy.moves,
                max_counted_checks: policy.max_counted_checks,
                last_capture_ply: st.last_capture_ply,
                claimable_from_ply: first.map(|(p, _)| p),
                claimant: first.map(|(_, c)| c.name()),
                red: side(Color::Red),
                black: side(Color::Black),
            }
        });
        if let Some(n) = &natural
            && let (Some(p), Some(c)) = (n.claimable_from_ply, n.claimant)
        {
            explanation.push(format!(
                "natural limit: {} may claim a draw from ply {p} ({} moves without capture, at most {} checks counted)",
                c, n.moves, n.max_counted_checks
            ));
            if outcome == Outcome::Ongoing && reason == "none" {
                reason = "natural-limit-claimable".into();
            }
        }
        // A dead position: the rules propose a draw; the arbiter confirms (the outcome stays).
        let dead_position = self.edition.dead_position_rule().and_then(|rule| {
            let from_ply = xiangqi_adjudication::dead_from(record)?;
            explanation.push(format!(
                "dead position from ply {from_ply}: neither side has a rook, horse, cannon or pawn, so neither can give check — a draw is proposed ({rule}); the arbiter decides"
            ));
            if outcome == Outcome::Ongoing && reason == "none" {
                reason = "dead-position".into();
            }
            Some(DeadPositionReport {
                from_ply,
                proposed: "draw",
                rule,
            })
        });

        let plies = if options.classify_all && !record.is_empty() {
            let replay = Replay::new(record, 0, record.len());
            let classes = self.classify(&replay);
            (1..=record.len())
                .map(|p| ply_entry(record, p, classes.get(p - 1)))
                .collect()
        } else {
            (1..=record.len())
                .map(|p| {
                    let class = cycle_classes
                        .as_ref()
                        .and_then(|(first, cl)| p.checked_sub(*first).and_then(|i| cl.get(i)));
                    ply_entry(record, p, class)
                })
                .collect()
        };

        Ruling {
            ruleset: self.ruleset.id.clone(),
            edition: self.ruleset.edition.clone(),
            outcome,
            reason,
            decided_at_ply: decided_at,
            repetition: repetitions.last().cloned(),
            repetitions,
            run: applied_run,
            plies,
            natural_limit: natural,
            dead_position,
            explanation,
        }
    }
}

impl Arbiter {
    /// The edition's ruling on a run that is not a repetition, classifying plies on demand
    /// (each within the budget of one ply).
    fn rule_run(&self, record: &GameRecord) -> Option<crate::edition::RunRuling> {
        let mut memo: std::collections::HashMap<usize, PlyClass> = Default::default();
        let mut replay: Option<Replay<'_>> = None;
        let mut classify = |p: usize| {
            memo.entry(p)
                .or_insert_with(|| {
                    let replay = replay.get_or_insert_with(|| Replay::new(record, 0, record.len()));
                    let _scope = budget::Scope::new(budget::PLY_NODE_BUDGET);
                    self.edition.classify(&replay.ply(p))
                })
                .clone()
        };
        self.edition.rule_run(record, &mut classify)
    }

    /// Applies a run's ruling as a cycle's is applied: a draw ends the game, a side told to
    /// vary a second time loses. Returns the outcome and reason when the game is decided.
    fn apply_run(
        &self,
        r: &crate::edition::RunRuling,
        explanation: &mut Vec<String>,
        pending: &mut Option<(Color, usize)>,
        told: &mut ByColor<Option<usize>>,
    ) -> Option<(Outcome, String)> {
        explanation.push(format!(
            "ply {}: plies {}–{}, Red {}, Black {}: {} ({})",
            r.last_ply,
            r.first_ply,
            r.last_ply,
            r.ruling.red,
            r.ruling.black,
            r.ruling.verdict.as_str(),
            r.ruling.explanation
        ));
        match r.ruling.verdict {
            Verdict::Draw => None,
            Verdict::MustVary(side) if !self.edition.warns_before_loss() => {
                Some((Outcome::Win(!side), r.ruling.reason.clone()))
            }
            Verdict::MustVary(side) => {
                *pending = Some((side, r.last_ply));
                told[side].get_or_insert(r.last_ply);
                None
            }
        }
    }
}

/// A run's ruling in the shape of a repetition's.
fn run_ruling(r: &crate::edition::RunRuling) -> RepetitionRuling {
    RepetitionRuling {
        verdict: r.ruling.verdict,
        red: r.ruling.red.clone(),
        black: r.ruling.black.clone(),
        first_ply: r.first_ply,
        last_ply: r.last_ply,
        reason: r.ruling.reason.clone(),
        explanation: r.ruling.explanation.clone(),
    }
}

/// The repetition whose ruling stands while its windows go on.
#[derive(Debug, Clone, Copy)]
struct Standing {
    /// The first ply of the repetition's first ruled window.
    first_ply: usize,
    /// The last ply of its latest window.
    last_ply: usize,
    /// The ply of the ruling.
    ruled_at: usize,
    /// The ruling.
    verdict: Verdict,
}

fn ply_entry(record: &GameRecord, p: usize, class: Option<&PlyClass>) -> PlyRuling {
    PlyRuling::new(p, record.mv(p).iccs(), record.mover(p), class)
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

fn ordinal(n: usize) -> String {
    match n {
        1 => "1st".into(),
        2 => "2nd".into(),
        3 => "3rd".into(),
        n => format!("{n}th"),
    }
}
