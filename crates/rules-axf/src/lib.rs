//! # xiangqi-rules-axf — the Asian Xiangqi Federation (AXF) rule edition
//!
//! Registered as edition `axf`, shipping the ruleset `axf` (`rulesets/axf.toml` in this crate). What it implements (`docs/decisions.md`,
//! Rulings 1–4, 7, 8; the rule numbers are those of the AXF rules, Eric Wu's translation):
//!
//! - **Plies.** A ply that gives check is 将. Otherwise it is 捉 (chase) of every enemy piece
//!   that it *newly* leaves under a qualifying attack — one that did not exist, for that piece,
//!   before the ply (pieces followed by identity): the attacker is not a king or pawn (将帅 and
//!   兵卒 may chase perpetually, AXF rule 28); the target is not the king (that is check) and not
//!   a pawn still on its own side of the river; the capture would be legal (a pinned piece does
//!   not chase); and either the target has no real protector (no piece that could *legally*
//!   recapture: 假根 fake protection, a pinned protector, does not count — AXF D83–85; a king
//!   protects only if recapturing is safe), or a horse/cannon attacks a rook (AXF rule 15, even
//!   when protected), or an advisor/elephant attacks a rook, horse or cannon. Same-type attacks
//!   (车对车, 炮对炮, 马对马) are offers, not chases, when the target could legally capture back
//!   (AXF rule 24); a chase that is also an offer is still a chase (rule 36). Otherwise a ply that
//!   threatens mate by consecutive checks is 杀 (allowed under AXF, rule 9), one that offers the
//!   moved piece in exchange is 兑, one that leaves it en prise is 献, the rest 闲.
//! - **Cycles.** A side checks perpetually (长将) when every ply of its side of the cycle is a
//!   check; it chases perpetually (长捉) when every ply chases and one and the same enemy piece is
//!   chased by all of them (decisions.md 3; chasing different pieces in turn is allowed, rule 32).
//!   Perpetual check loses (rule 6); both checking perpetually draw (rule 7); check beats chase:
//!   the perpetual checker must vary; perpetual chase loses, both chasing draw; everything else
//!   (一将一捉, 长杀, king or pawn chases, idle moves) is allowed, and the repetition is a draw.
//! - **Game end.** Checkmate and stalemate (困毙) lose for the side to move (rules 1–2). The
//!   natural limit is claim-based with `natural_limit_moves` (50) and the claimant's checks
//!   counted up to `natural_limit_max_counted_checks` (10).

use std::collections::BTreeSet;

use xiangqi_adjudication::{
    AttackFact, MateSearch, NaturalLimitPolicy, PieceId, PieceValues, PlyContext,
};
use xiangqi_board::{Color, Piece, PieceKind, Square};
use xiangqi_movegen::{Move, Position};
use xiangqi_rules::{
    CaptureLine, ClassKind, CycleContext, CycleRuling, EditionParams, IdleKind, PlyClass,
    PlyRuling, Reading, RepetitionRuling, RuleEdition, RulesetError, Target, Verdict,
};

xiangqi_rules::register_edition! {
    id: "axf",
    title: "Asian Xiangqi Federation rules (AXF)",
    rulesets: [("axf", include_str!("../rulesets/axf.toml"))],
    build: build,
}

/// The AXF edition with its parameters.
#[derive(Debug, Clone)]
pub struct Axf {
    values: PieceValues,
    repetitions: u32,
    mate_threat_plies: u32,
    natural_limit: NaturalLimitPolicy,
}

fn build(params: &EditionParams<'_>) -> Result<Box<dyn RuleEdition>, RulesetError> {
    if params.ruleset.options.is_some() {
        return Err(params.error("the axf edition takes no [options]"));
    }
    let adj = params.adjudication();
    Ok(Box::new(Axf {
        values: params.values(),
        repetitions: adj.repetitions.0 as u32,
        mate_threat_plies: adj.mate_threat_plies.0 as u32,
        natural_limit: adj.natural_limit(),
    }))
}

/// Whether an attack is a chase-qualifying threat under AXF (see the crate docs).
pub fn qualifies(a: &AttackFact) -> bool {
    use PieceKind::*;
    let ak = a.attacker_piece.kind;
    let tk = a.target_piece.kind;
    if matches!(ak, King | Pawn) || tk == King || a.target_is_uncrossed_pawn() || !a.capture_legal {
        return false;
    }
    if matches!(ak, Horse | Cannon) && tk == Rook {
        return true;
    }
    if matches!(ak, Advisor | Elephant) && matches!(tk, Rook | Horse | Cannon) {
        return true;
    }
    if ak == tk && a.target_can_capture_back {
        return false;
    }
    !a.is_protected()
}

impl Axf {
    /// The enemy pieces a ply newly chases.
    pub fn chased(&self, ply: &PlyContext<'_>) -> Vec<Target> {
        let before = ply.attacks_before(&self.values);
        let after = ply.attacks_after(&self.values);
        let pair_before = |a: &AttackFact| {
            before
                .iter()
                .find(|b| b.attacker_id == a.attacker_id && b.target_id == a.target_id)
        };
        let mut out: Vec<Target> = Vec::new();
        let push = |out: &mut Vec<Target>, a: &AttackFact| {
            if !out.iter().any(|t| t.id == a.target_id) {
                out.push(Target {
                    square: a.target,
                    piece: a.target_piece,
                    id: a.target_id,
                });
            }
        };
        // 1. New attacks: the attacker did not attack the target before the ply (it moved, or
        //    a line or a horse leg opened), or it did but the ply turned the target's real
        //    protection into fake protection (假根: a protector newly pinned, or a discovered
        //    check that the capture would give). An attack that merely became legal (the
        //    attacker unpinned) is not new.
        for a in after.iter().filter(|a| qualifies(a)) {
            let new = match pair_before(a) {
                None => true,
                Some(b) => {
                    !qualifies(b)
                        && !a.is_protected()
                        && b.capture_legal
                        && (b.protectors & a.fake_protectors).any()
                }
            };
            if new {
                push(&mut out, a);
            }
        }
        // 2. Cutting the root (断根): a ply that attacks nothing anew but takes away the only
        //    protection of a piece already attacked (moving a cannon's screen away, or adding a
        //    second one) chases that piece (AXF manual, additional illustrations: perpetual
        //    chase). When the ply also attacks anew, it is judged by those attacks alone.
        if out.is_empty() {
            for a in after.iter().filter(|a| qualifies(a)) {
                if let Some(b) = pair_before(a)
                    && !qualifies(b)
                    && b.capture_legal
                    && b.is_protected()
                    && !a.is_protected()
                {
                    push(&mut out, a);
                }
            }
        }
        out.sort_by_key(|t| t.square);
        out
    }

    fn idle_kind(&self, ply: &PlyContext<'_>) -> IdleKind {
        let to = ply.mv().to;
        let against: Vec<AttackFact> = ply
            .attacks_against_mover(&self.values)
            .into_iter()
            .filter(|a| a.target == to && a.capture_legal)
            .collect();
        if against
            .iter()
            .any(|a| a.attacker_piece.kind == a.target_piece.kind && a.target_can_capture_back)
        {
            IdleKind::Exchange
        } else if against.iter().any(|a| !a.is_protected()) {
            IdleKind::Offer
        } else {
            IdleKind::None
        }
    }
}

impl RuleEdition for Axf {
    fn repetitions(&self) -> u32 {
        self.repetitions
    }

    fn classify(&self, ply: &PlyContext<'_>) -> PlyClass {
        let targets = self.chased(ply);
        if ply.gives_check() {
            // A check that also chases keeps its targets: it counts toward a perpetual chase of
            // the same piece (Fairy-Stockfish test "discovered + anti-discovered chase").
            let mut c = PlyClass::check("将");
            c.targets = targets;
            return c;
        }
        if !targets.is_empty() {
            return PlyClass::chase("捉", targets);
        }
        if ply.mate_threat(self.mate_threat_plies) == MateSearch::Mate {
            return PlyClass::mate_threat("杀").with_note(format!(
                "mate by consecutive checks within {} plies if the opponent passed (allowed under AXF rule 9)",
                self.mate_threat_plies
            ));
        }
        match self.idle_kind(ply) {
            IdleKind::Exchange => PlyClass::idle(IdleKind::Exchange, "兑"),
            IdleKind::Offer => PlyClass::idle(IdleKind::Offer, "献"),
            k => PlyClass::idle(k, "闲"),
        }
    }

    fn rule_cycle(&self, cycle: &CycleContext<'_>) -> CycleRuling {
        let red = SideSummary::of(cycle, Color::Red);
        let black = SideSummary::of(cycle, Color::Black);
        let (verdict, reason, explanation) = match (red.perpetual_check, black.perpetual_check) {
            (true, true) => (
                Verdict::Draw,
                "mutual-perpetual-check",
                "both sides check perpetually: draw (AXF rule 7)".to_string(),
            ),
            (true, false) => (
                Verdict::MustVary(Color::Red),
                "perpetual-check",
                "Red checks perpetually: forbidden whatever the other side does (AXF rule 6); Red must vary".to_string(),
            ),
            (false, true) => (
                Verdict::MustVary(Color::Black),
                "perpetual-check",
                "Black checks perpetually: forbidden whatever the other side does (AXF rule 6); Black must vary".to_string(),
            ),
            (false, false) => match (red.perpetual_chase, black.perpetual_chase) {
                (true, true) if red.pinned_rook && !black.pinned_rook => (
                    Verdict::MustVary(Color::Red),
                    "perpetual-chase",
                    "both sides chase perpetually, but Red chases a rook held by a horse pin (it blocks the leg of a horse that would check): forbidden (AXF rule 19, D39-41); Red must vary".to_string(),
                ),
                (true, true) if black.pinned_rook && !red.pinned_rook => (
                    Verdict::MustVary(Color::Black),
                    "perpetual-chase",
                    "both sides chase perpetually, but Black chases a rook held by a horse pin (it blocks the leg of a horse that would check): forbidden (AXF rule 19, D39-41); Black must vary".to_string(),
                ),
                (true, true) => (
                    Verdict::Draw,
                    "mutual-perpetual-chase",
                    "both sides chase perpetually: draw".to_string(),
                ),
                (true, false) => (
                    Verdict::MustVary(Color::Red),
                    "perpetual-chase",
                    format!("Red chases the same piece ({}) on every move: perpetual chase is forbidden; Red must vary", red.chased_names(cycle)),
                ),
                (false, true) => (
                    Verdict::MustVary(Color::Black),
                    "perpetual-chase",
                    format!("Black chases the same piece ({}) on every move: perpetual chase is forbidden; Black must vary", black.chased_names(cycle)),
                ),
                (false, false) => (
                    Verdict::Draw,
                    "no-violation",
                    "neither side checks or chases the same piece perpetually: the repetition is allowed, draw (AXF rule 5)".to_string(),
                ),
            },
        };
        CycleRuling {
            verdict,
            red: red.label,
            black: black.label,
            reason: reason.to_string(),
            explanation,
        }
    }

    fn class_reading(&self, ply: &PlyRuling) -> Option<Reading> {
        Some(match ply.class? {
            ClassKind::Check => return None,
            ClassKind::MateThreat => Reading::new(
                format!(
                    "{}步内连将杀为杀，但长杀允许（第9条）",
                    self.mate_threat_plies
                ),
                format!(
                    "a mate by consecutive checks within {} plies; a perpetual mate threat is allowed (AXF rule 9)",
                    self.mate_threat_plies
                ),
            ),
            ClassKind::Chase => Reading::new(
                "捉是新的一步攻击：攻击无根子，或马炮（士象）攻车（第15、24、32条）",
                "a chase is a new one-move attack on an unprotected piece, or a horse/cannon \
                 (advisor/elephant) on a rook (AXF rules 15, 24, 32)",
            ),
            ClassKind::Idle => Reading::new(
                "没有新的一步攻击无根子，也没有杀（第15、24、32条）",
                "no new one-move attack on an unprotected piece and no mate threat (AXF rules 15, \
                 24, 32)",
            ),
        })
    }

    fn cycle_reading(&self, ruling: &RepetitionRuling) -> Option<Reading> {
        let has = |w: &str| ruling.red.contains(w) || ruling.black.contains(w);
        Some(if has("杀") {
            Reading::new(
                "第9条允许长杀（判和）",
                "AXF rule 9: a perpetual mate threat is allowed, draw",
            )
        } else if has("将") && has("捉") {
            Reading::new(
                "第12条：一将一捉不算长打，判和",
                "AXF rule 12: one check and one chase is not perpetual, draw",
            )
        } else if has("捉") || has("闲") {
            Reading::new(
                "按一步攻击判捉（第15、24、28、32条）",
                "捉 by a new one-move attack (AXF rules 15, 24, 28, 32)",
            )
        } else {
            return None;
        })
    }

    fn natural_limit(&self) -> Option<NaturalLimitPolicy> {
        Some(self.natural_limit)
    }

    /// The one-move attack behind each chased piece: the capture (the moved piece's when it can
    /// take, else the least valuable attacker's) and, when the target has a real protector, the
    /// least valuable recapture — the whole of what an AXF chase rests on (no search, so no
    /// bounds); the note names the rule that makes the attack a chase. A check that also chases
    /// (将兼捉, its class keeping the targets) gets the same lines.
    fn capture_lines(&self, ply: &PlyContext<'_>, targets: &[Square]) -> Vec<CaptureLine> {
        let facts = ply.attacks_after(&self.values);
        targets
            .iter()
            .filter_map(|&sq| {
                let fact = facts.iter().filter(|a| a.target == sq).min_by_key(|a| {
                    (
                        a.attacker != ply.mv().to,
                        !a.capture_legal,
                        self.values.material(a.attacker_piece, a.attacker),
                    )
                })?;
                // A check that also chases (将兼捉) gets the same line: the capture follows once
                // the check is answered.
                Some(capture_line(ply.after(), fact, &self.values))
            })
            .collect()
    }

    /// The mate by consecutive checks behind a mate threat (杀, allowed under AXF rule 9), with
    /// the plies it needs (`mate_threat_plies`).
    fn mate_line(&self, ply: &PlyContext<'_>) -> Option<CaptureLine> {
        if ply.gives_check() {
            return None;
        }
        let passed = ply.after().pass()?;
        let (moves, plies) = xiangqi_adjudication::mate_line(
            &passed,
            self.mate_threat_plies,
            false,
            xiangqi_adjudication::DEFAULT_NODE_LIMIT,
        )?;
        Some(CaptureLine {
            target: passed.king(!passed.turn()),
            moves,
            bounds: vec![("mate_threat_plies", plies)],
            note: None,
            proof: None,
        })
    }
}

/// The line of one AXF chase: the capture of `fact`'s target by its attacker in the position
/// after the ply (the opponent passing) and, if the target has a real protector, its least
/// valuable recapture. The note says why the attack is a chase.
fn capture_line(after: &Position, fact: &AttackFact, values: &PieceValues) -> CaptureLine {
    use PieceKind::*;
    let capture = Move::new(fact.attacker, fact.target);
    let mut moves = vec![capture];
    if fact.is_protected()
        && let Some(mut pos) = after.pass()
        && pos.is_legal(capture)
    {
        pos.play_unchecked(capture);
        let recapture = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|r| r.to == fact.target)
            .min_by_key(|r| {
                pos.piece_at(r.from)
                    .map_or(0, |p| values.material(p, r.from))
            });
        moves.extend(recapture);
    }
    let (ak, tk) = (fact.attacker_piece.kind, fact.target_piece.kind);
    let note = if !fact.is_protected() {
        "no real protector: 捉无根子 (AXF rules 15, 24)"
    } else if matches!(ak, Horse | Cannon) && tk == Rook {
        "a horse or cannon attacks a rook, protected or not (AXF rule 15)"
    } else if matches!(ak, Advisor | Elephant) {
        "an advisor or elephant attacks a rook, horse or cannon (AXF rule 15)"
    } else {
        "protected: the exchange after the capture"
    };
    CaptureLine {
        target: fact.target,
        moves,
        bounds: Vec::new(),
        note: Some(note.to_string()),
        proof: None,
    }
}

struct SideSummary {
    perpetual_check: bool,
    perpetual_chase: bool,
    /// The perpetually chased piece is a rook held by a horse pin (AXF rule 19).
    pinned_rook: bool,
    common: BTreeSet<PieceId>,
    label: String,
}

impl SideSummary {
    fn of(cycle: &CycleContext<'_>, side: Color) -> SideSummary {
        let plies: Vec<&PlyClass> = cycle.side(side).map(|(_, c)| c).collect();
        let all = |k: ClassKind| !plies.is_empty() && plies.iter().all(|c| c.kind == k);
        let perpetual_check = all(ClassKind::Check);
        let mut common: BTreeSet<PieceId> = BTreeSet::new();
        let mut perpetual_chase = false;
        let chasing = |c: &PlyClass| !c.targets.is_empty();
        if !perpetual_check && !plies.is_empty() && plies.iter().all(|c| chasing(c)) {
            common = plies[0].targets.iter().map(|t| t.id).collect();
            for c in &plies[1..] {
                let ids: BTreeSet<PieceId> = c.targets.iter().map(|t| t.id).collect();
                common = common.intersection(&ids).copied().collect();
            }
            perpetual_chase = !common.is_empty();
        }
        let label = if perpetual_check {
            "长将".to_string()
        } else if perpetual_chase && all(ClassKind::Chase) {
            "长捉".to_string()
        } else if perpetual_chase {
            format!(
                "长捉（{}）",
                compose(plies.iter().map(|c| c.label.as_str()))
            )
        } else if all(ClassKind::Chase) {
            "捉不同子".to_string()
        } else {
            compose(plies.iter().map(|c| c.label.as_str()))
        };
        let pinned_rook = perpetual_chase
            && cycle.side(side).any(|(ply, _)| {
                let ctx = cycle.ply(ply);
                common.iter().any(|id| {
                    ctx.ids_after()
                        .square_of(*id)
                        .is_some_and(|sq| horse_pinned_rook(ctx.after(), sq))
                })
            });
        SideSummary {
            perpetual_check,
            perpetual_chase,
            pinned_rook,
            common,
            label,
        }
    }

    fn chased_names(&self, cycle: &CycleContext<'_>) -> String {
        let ids = cycle.replay.ids(cycle.cycle.start);
        let pos = cycle.replay.position(cycle.cycle.start);
        self.common
            .iter()
            .filter_map(|id| {
                let sq = ids.square_of(*id)?;
                let p = pos.piece_at(sq)?;
                Some(format!("{} on {}", p.kind.name(), sq))
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Whether a rook stands on `sq` blocking the leg of an enemy horse that would otherwise check
/// its king (a rook "immobilised by a knight", AXF rule 19).
pub fn horse_pinned_rook(pos: &Position, sq: Square) -> bool {
    let Some(rook) = pos.piece_at(sq) else {
        return false;
    };
    if rook.kind != PieceKind::Rook {
        return false;
    }
    let king = pos.king(rook.color);
    let horses = pos
        .board()
        .by_piece(Piece::new(!rook.color, PieceKind::Horse));
    horses.into_iter().any(|h| {
        let df = king.file().index() as i32 - h.file().index() as i32;
        let dr = king.rank().index() as i32 - h.rank().index() as i32;
        let leg = match (df.abs(), dr.abs()) {
            (1, 2) => h.offset(0, dr / 2),
            (2, 1) => h.offset(df / 2, 0),
            _ => None,
        };
        leg == Some(sq)
    })
}

/// The label of one side of a cycle from its ply labels: `长X` when all are `X` (`闲` for all
/// idle), else the counts reduced by their common divisor, heaviest first as the rulebook
/// writes them (将 > 杀 > 捉 > 闲: 一将一闲, 一将一捉, 二将一捉 …), whatever ply the cycle
/// happens to start with.
pub fn compose<'a>(labels: impl Iterator<Item = &'a str>) -> String {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for l in labels {
        match counts.iter_mut().find(|(k, _)| *k == l) {
            Some((_, n)) => *n += 1,
            None => counts.push((l, 1)),
        }
    }
    match counts.as_slice() {
        [] => "闲".to_string(),
        [("闲", _)] => "闲".to_string(),
        [(l, _)] => format!("长{l}"),
        _ => {
            counts.sort_by_key(|(l, _)| weight(l));
            let g = counts.iter().fold(0, |g, (_, n)| gcd(g, *n));
            counts
                .iter()
                .map(|(l, n)| format!("{}{l}", numeral(n / g)))
                .collect()
        }
    }
}

/// Rank of a ply label in the rulebook's order of weight (将 > 杀 > 捉 > other > 闲).
fn weight(label: &str) -> u8 {
    match label {
        "将" => 0,
        "杀" => 1,
        "捉" => 2,
        "闲" => 4,
        _ => 3,
    }
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn numeral(n: usize) -> String {
    const D: [&str; 11] = [
        "零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十",
    ];
    if n <= 10 {
        D[n].to_string()
    } else {
        n.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::compose;

    #[test]
    fn labels_compose_in_the_rulebook_words() {
        assert_eq!(compose(["将", "将"].into_iter()), "长将");
        assert_eq!(compose(["将", "闲", "将", "闲"].into_iter()), "一将一闲");
        assert_eq!(compose(["将", "将", "捉"].into_iter()), "二将一捉");
        assert_eq!(compose(["闲", "闲"].into_iter()), "闲");
        assert_eq!(compose(["杀", "杀"].into_iter()), "长杀");
        // A cycle that starts with the chase is still 一将一捉.
        assert_eq!(compose(["捉", "将"].into_iter()), "一将一捉");
        assert_eq!(compose(["闲", "捉", "闲", "捉"].into_iter()), "一捉一闲");
    }
}

/// The README's examples, compiled and run as doctests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
