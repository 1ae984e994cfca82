//! The line that makes a ply 捉 or 杀: for each chased piece, the capture line the material
//! search finds after the ply (the opponent passing), and for a mate threat the mate by
//! consecutive checks, with the least search bounds each needs, so that an arbiter can read it and
//! a federation dispute it.

use super::*;

/// The line by which the mover wins one chased piece after the ply, with the least bounds of the
/// material search that find a winning line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ChaseLine {
    /// The chased piece (its square after the ply).
    pub(crate) target: Square,
    /// The moves from the position after the ply with the opponent passing: the mover's moves and
    /// the opponent's best replies (the line may end with the opponent letting the piece go).
    pub(crate) moves: Vec<Move>,
    /// The fewest quiet checks (`gain_max_checks`) with which a winning line is found.
    pub(crate) max_checks: u8,
    /// The line's length in plies: the search horizon (`gain_max_plies`) it needs at least (a
    /// shorter horizon cuts the opponent's answers off, so no shorter one is searched for).
    pub(crate) plies: u8,
    /// Found only with the opponent barred from taking our pieces he could take before and after
    /// the ply anyway (each side's chase judged apart, R08).
    pub(crate) apart: bool,
    /// Found only as one of several pieces a check forks (联合捉子 by a forking check).
    pub(crate) fork: bool,
    /// The pieces searched for (the target, or every piece of a fork) and the attacker's pieces
    /// the defender may not take: what the proof's search is asked.
    pub(crate) victims: Bitboard,
    /// See [`ChaseLine::victims`].
    pub(crate) exempt: Bitboard,
}

/// The lines of the chase of `targets` made by the legal move `m` played in `before` (see
/// [`ChaseLine`]). A target for which the plain searches find no line within the parameters'
/// bounds (a chase that rests on another reading: 从捉到捉 of a threat the opponent renewed, a
/// joint chase with the king or a pawn) has none.
pub(crate) fn chase_lines(
    before: &Position,
    m: Move,
    targets: Bitboard,
    params: &Params,
) -> Vec<ChaseLine> {
    let Ok(after) = before.played(m) else {
        return Vec::new();
    };
    let Some(passed) = after.pass() else {
        return Vec::new();
    };
    let apart = standing_prey(before, &after, m) | standing_pawn_or_king_prey(before, &after, m);
    let mut out = Vec::new();
    for t in targets {
        let one = Bitboard::from_square(t);
        let found = least_line(&passed, &params.gain, one, Bitboard::EMPTY)
            .map(|l| (l, false, false, Bitboard::EMPTY))
            .or_else(|| {
                least_line(&passed, &params.gain, one, apart).map(|l| (l, true, false, apart))
            })
            .or_else(|| {
                (targets.count() >= 2)
                    .then(|| least_line(&passed, &params.gain, targets, apart))
                    .flatten()
                    .map(|l| (l, apart.any(), true, apart))
            });
        if let Some(((moves, max_checks, plies), apart, fork, exempt)) = found {
            out.push(ChaseLine {
                target: t,
                moves,
                max_checks,
                plies,
                apart,
                fork,
                victims: if fork { targets } else { one },
                exempt,
            });
        }
    }
    out
}

/// The winning line on `victims` with the fewest checks within `gain`'s bounds (the fewer checks
/// the attacker may give, the fewer lines win, so the least number that wins is the bound the
/// chase needs): the line, that number and the line's length.
fn least_line(
    passed: &Position,
    gain: &GainConfig,
    victims: Bitboard,
    exempt: Bitboard,
) -> Option<(Vec<Move>, u8, u8)> {
    let checks = (0..=gain.max_checks).find(|&c| {
        let cfg = GainConfig {
            max_checks: c,
            ..gain.clone()
        };
        material::winning_line(passed, &cfg, victims, exempt).is_some()
    })?;
    let cfg = GainConfig {
        max_checks: checks,
        ..gain.clone()
    };
    let line = material::winning_line(passed, &cfg, victims, exempt)?;
    let plies = u8::try_from(line.len()).unwrap_or(u8::MAX);
    Some((line, checks, plies))
}

/// [`chase_lines`] in the catalogue's words: each line with the ruleset keys of the bounds it
/// needs (`gain_max_checks`, `gain_max_plies`) and how it was found when not by the plain search.
pub(crate) fn capture_lines(
    before: &Position,
    m: Move,
    targets: Bitboard,
    params: &Params,
) -> Vec<xiangqi_rules::CaptureLine> {
    let lines = chase_lines(before, m, targets, params);
    let passed = before.played(m).ok().and_then(|a| a.pass());
    let mut out: Vec<xiangqi_rules::CaptureLine> = lines
        .into_iter()
        .filter_map(|l| {
            let (moves, proof) = match &passed {
                Some(p) => chase_proof(p, &l, params)?,
                None => (l.moves.clone(), None),
            };
            Some((l, moves, proof))
        })
        .map(|(l, moves, proof)| xiangqi_rules::CaptureLine {
            target: l.target,
            moves,
            proof,
            bounds: vec![
                ("gain_max_checks", u32::from(l.max_checks)),
                ("gain_max_plies", u32::from(l.plies)),
            ],
            note: match (l.fork, l.apart) {
                (true, _) => Some("联合捉子: one of the pieces a check forks".into()),
                (false, true) => Some(
                    "each side's chase judged apart (R08): the opponent may not answer by taking a piece of ours he could take before and after the ply"
                        .into(),
                ),
                (false, false) => None,
            },
        })
        .collect();
    // 2020 26.5: a target chased by an even complete exchange shows that exchange.
    if params.even_exchange_chase
        && let Ok(after) = before.played(m)
        && let Some(passed) = after.pass()
    {
        for t in targets {
            if out.iter().any(|l| l.target == t) {
                continue;
            }
            let (outcome, line) =
                material::exchange_outcome(&passed, &params.gain, t, Bitboard::EMPTY);
            if outcome != xiangqi_adjudication::ExchangeOutcome::Even {
                continue;
            }
            let Some(structure) = even_structure(&passed, &after, &line, m.to) else {
                continue;
            };
            let plies = u32::try_from(line.len()).unwrap_or(u32::MAX);
            let material = material_of(&passed, &line, &params.gain.values);
            out.push(xiangqi_rules::CaptureLine {
                target: t,
                proof: Some(xiangqi_rules::Proof {
                    defences: Vec::new(),
                    material,
                    binding: Vec::new(),
                }),
                moves: line,
                bounds: vec![
                    ("gain_max_checks", u32::from(params.gain.max_checks)),
                    ("gain_max_plies", plies),
                ],
                note: Some(format!(
                    "26.5 完整互吃后价值相当（{}），按捉",
                    structure.zh()
                )),
            });
        }
    }
    out
}

/// The mate line behind a mate threat (杀) made by the legal move `m` played in `before`: the mate
/// by consecutive checks the mover would give if the opponent passed (the shortest, the defender
/// holding out longest), with the least horizon it needs (`mate_threat_plies`, counted as the
/// 杀 test counts it: a check answered by the only legal reply costs one ply). `None` when the
/// search finds no mate within the parameters' bounds (see reading R01 in READINGS.md).
pub(crate) fn mate_line(
    before: &Position,
    m: Move,
    params: &Params,
) -> Option<xiangqi_rules::CaptureLine> {
    let after = before.played(m).ok()?;
    let passed = after.pass()?;
    let (moves, plies) = xiangqi_adjudication::mate_line(
        &passed,
        params.mate_threat_plies,
        true,
        u64::from(params.mate_threat_budget),
    )?;
    let proof = mate_proof(&passed, &moves, plies, params);
    Some(xiangqi_rules::CaptureLine {
        target: passed.king(!passed.turn()),
        moves,
        bounds: vec![("mate_threat_plies", plies)],
        note: None,
        proof: Some(proof),
    })
}

/// The proof of a mate threat: every answer to the first check, each with the mate that follows
/// (the shortest the search finds within `mate_threat_plies`).
fn mate_proof(
    passed: &Position,
    line: &[Move],
    plies: u32,
    params: &Params,
) -> xiangqi_rules::Proof {
    let mut defences = Vec::new();
    if let Some(&first) = line.first()
        && let Ok(after) = passed.played(first)
        && after.is_check()
    {
        for reply in after.legal_moves().iter().copied() {
            let Ok(next) = after.played(reply) else {
                continue;
            };
            let refutation = xiangqi_adjudication::mate_line(
                &next,
                params.mate_threat_plies,
                true,
                u64::from(params.mate_threat_budget),
            )
            .map(|(l, _)| l)
            .unwrap_or_default();
            let mut whole = vec![first, reply];
            whole.extend_from_slice(&refutation);
            defences.push(xiangqi_rules::Defence {
                reply: Some(reply),
                material: material_of(passed, &whole, &params.gain.values),
                refutation,
            });
        }
    }
    xiangqi_rules::Proof {
        defences,
        material: material_of(passed, line, &params.gain.values),
        binding: if plies >= params.mate_threat_plies {
            vec![("mate_threat_plies", params.mate_threat_plies)]
        } else {
            Vec::new()
        },
    }
}

/// The line shown for a chased piece and its proof: the search's answers to the line's first move
/// with their refutations. For a piece of a fork, the line is the branch that wins that piece
/// (`None` when no branch wins it: the fork is won by the defender's choice of another piece).
fn chase_proof(
    passed: &Position,
    l: &ChaseLine,
    params: &Params,
) -> Option<(Vec<Move>, Option<xiangqi_rules::Proof>)> {
    let cfg = GainConfig {
        max_checks: l.max_checks,
        ..params.gain.clone()
    };
    let values = &params.gain.values;
    let Some((main, answers)) = material::winning_tree(passed, &cfg, l.victims, l.exempt) else {
        return Some((l.moves.clone(), None));
    };
    let first = *main.first()?;
    let after = passed.played(first).ok()?;
    let mut defences: Vec<xiangqi_rules::Defence> = answers
        .into_iter()
        .map(|(reply, refutation)| {
            let mut whole = vec![first, reply];
            whole.extend_from_slice(&refutation);
            xiangqi_rules::Defence {
                reply: Some(reply),
                material: material_of(passed, &whole, values),
                refutation,
            }
        })
        .collect();
    // Out of check the search lets the chased side only capture: any other answer leaves what
    // the first move took.
    if !after.is_check() {
        defences.push(xiangqi_rules::Defence {
            reply: None,
            refutation: Vec::new(),
            material: material_of(passed, &[first], values),
        });
    }
    let moves = if l.fork {
        defences.iter().find_map(|d| {
            let mut whole = vec![first];
            whole.extend(d.reply);
            whole.extend_from_slice(&d.refutation);
            wins(passed, &whole, l.target).then_some(whole)
        })?
    } else {
        main
    };
    let mut binding = Vec::new();
    if l.max_checks > 0 && l.max_checks >= params.gain.max_checks {
        binding.push(("gain_max_checks", u32::from(params.gain.max_checks)));
    }
    if l.plies >= params.gain.max_plies {
        binding.push(("gain_max_plies", u32::from(params.gain.max_plies)));
    }
    Some((
        moves.clone(),
        Some(xiangqi_rules::Proof {
            defences,
            material: material_of(passed, &moves, values),
            binding,
        }),
    ))
}

/// Whether the mover of `line` (played from `start`) takes the piece that stands on `target` at
/// the start, following it when its side moves it.
fn wins(start: &Position, line: &[Move], target: Square) -> bool {
    let mover = start.turn();
    let mut pos = start.clone();
    let mut at = target;
    for &m in line {
        if !pos.is_legal(m) {
            return false;
        }
        if pos.turn() == mover && m.to == at {
            return true;
        }
        if pos.turn() != mover && m.from == at {
            at = m.to;
        }
        pos.play_unchecked(m);
    }
    false
}

/// The material of `line` played from `start`: what the side to move takes and gives, valued by
/// `values` where each piece stood.
pub(crate) fn material_of(
    start: &Position,
    line: &[Move],
    values: &xiangqi_adjudication::PieceValues,
) -> xiangqi_rules::Material {
    let mover = start.turn();
    let mut pos = start.clone();
    let mut out = xiangqi_rules::Material::default();
    for &m in line {
        if !pos.is_legal(m) {
            break;
        }
        if let Some(p) = pos.piece_at(m.to) {
            let v = values.material(p, m.to);
            if pos.turn() == mover {
                out.taken.push(p);
                out.net += v;
            } else {
                out.given.push(p);
                out.net -= v;
            }
        }
        pos.play_unchecked(m);
    }
    out.mate = pos.turn() != mover && !pos.has_legal_move();
    out
}
