//! # xiangqi-rules-computer2007 — the computer-league rules (电脑象棋联赛规则, 2005, revised 2007)
//!
//! The rules the UCCI engine leagues of 象棋百科全书网 (xqbase) were played under, from
//! `LEAGUE/RULE.TXT` of xqbase/eleeye, registered as `computer-2007` and built on the `axf`
//! edition (5.1: "采用亚洲象棋竞赛的棋例规则"): [`Computer2007`] is an
//! [`EditionVariant`] whose base is the AXF edition; the end of the game on the board (4.4(1):
//! checkmate and stalemate lose) and the caches answer from it. What it changes:
//!
//! - **捉, simplified (5.4–5.7).** Only the moved piece chases (5.5: no discovered attacks), and
//!   only: a horse or a cannon attacking a rook; a horse attacking an unprotected cannon or
//!   crossed pawn; a cannon attacking an unprotected horse or crossed pawn; a rook attacking an
//!   unprotected horse, cannon or crossed pawn (5.4; the text says 受保护, the simulator's code
//!   `ChasedBy` tests `!Protected`: the code is followed). Attacks between pieces of one kind
//!   are offers, not chases (5.6); a pawn before the river is never chased (5.4(5)). A rook or
//!   cannon that moved along a file chases only along the rank it stands on, and one that moved
//!   along a rank only along its file (the simulator's code). The attacker need not be free to
//!   leave, and a protector counts even when pinned (5.7).
//! - **Cycles (5.1, 5.2).** Ruled at the **fourth** occurrence of a position (the ruleset's
//!   `repetitions = 4`), over every ply since the first: one side checking every move and the
//!   other not loses; else one side chasing one and the same piece every move while the other
//!   neither checks nor so chases loses; everything else (长捉多子, 将捉交替, both perpetual) is a
//!   draw. The side ruled against loses at once (4.4(2)): no warning to vary.
//! - **Draws by themselves (4.5).** 50 moves (100 plies) without a capture, a check and the
//!   reply to a check not counted (the simulator's `CptDrw` count), end the game drawn; so does a
//!   position where neither side has an attacking piece (rook, horse, cannon or pawn).
//!
//! ```
//! use xiangqi_rules::{Arbiter, JudgeOptions, Ruleset};
//! use xiangqi_adjudication::GameRecord;
//! use xiangqi_movegen::{Move, Position};
//! # use xiangqi_rules_computer2007 as _;
//! // Red checks back and forth; at the third occurrence nothing happens yet.
//! let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1")?;
//! let line = "a0a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9";
//! let moves: Vec<Move> = line.split(' ').map(|m| Move::from_iccs(m).unwrap()).collect();
//! let arbiter = Arbiter::new(Ruleset::load("computer-2007")?)?;
//! let third = GameRecord::new(pos.clone(), moves[..9].to_vec())?;
//! assert!(arbiter.judge(&third, JudgeOptions::default()).repetitions.is_empty());
//! // At the fourth, Red's perpetual check loses at once.
//! let fourth = GameRecord::new(pos, moves)?;
//! let ruling = arbiter.judge(&fourth, JudgeOptions::default());
//! assert_eq!(ruling.outcome.as_str(), "black-wins");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use xiangqi_adjudication::{GameRecord, NaturalLimitPolicy, PlyContext};
use xiangqi_board::{Bitboard, Color, Piece, PieceKind, Square};
use xiangqi_movegen::{Position, piece_attacks};
use xiangqi_rules::{
    ClassKind, CycleContext, CycleRuling, EditionParams, EditionVariant, GameEnd, IdleKind,
    PlyClass, PlyRuling, Reading, RepetitionRuling, RuleEdition, RulesetError, Target, Verdict,
    find_edition,
};

// The base edition's registration must be linked wherever this one is.
use xiangqi_rules_axf as _;

xiangqi_rules::register_edition! {
    id: "computer-2007",
    title: "Computer-league rules 2007 (电脑象棋联赛规则, xqbase)",
    base: "axf",
    rulesets: [("computer-2007", include_str!("../rulesets/computer-2007.toml"))],
    build: build,
}

/// The computer-league rules, on the AXF edition.
pub struct Computer2007 {
    axf: Box<dyn RuleEdition>,
    /// Plies without a capture (checks and replies not counted) that end the game drawn: 100.
    draw_plies: u32,
}

fn build(params: &EditionParams<'_>) -> Result<Box<dyn RuleEdition>, RulesetError> {
    let axf = find_edition("axf")
        .map_err(|e| params.error(e.to_string()))?
        .ok_or_else(|| params.error("computer-2007 is built on the axf edition: link it"))?;
    Ok(Box::new(Computer2007 {
        axf: (axf.build)(params)?,
        draw_plies: 2 * params.adjudication().natural_limit_moves.0 as u32,
    }))
}

/// Whether a piece of `side` could take back on `sq` once the capture is made (pins ignored,
/// 5.7(2)); `occ` is the occupancy after the capture.
fn protected(board: &xiangqi_board::Board, sq: Square, side: Color, occ: Bitboard) -> bool {
    board
        .by_color(side)
        .into_iter()
        .filter(|&from| from != sq)
        .any(|from| {
            board
                .piece_at(from)
                .is_some_and(|p| piece_attacks(p, from, occ).contains(sq))
        })
}

/// The enemy pieces the moved piece chases under 5.4–5.7 (see the crate docs).
pub fn chased(after: &Position, from: Square, to: Square) -> Vec<(Square, Piece)> {
    use PieceKind::*;
    let Some(mover) = after.piece_at(to) else {
        return Vec::new();
    };
    let mut reach = after.attacks_from(to) & after.board().by_color(!mover.color);
    if matches!(mover.kind, Rook | Cannon) {
        // Along the other line than the one it moved on.
        let along_file = from.file() == to.file();
        reach = reach
            .into_iter()
            .filter(|sq| {
                if along_file {
                    sq.rank() == to.rank()
                } else {
                    sq.file() == to.file()
                }
            })
            .collect();
    }
    let mut out = Vec::new();
    for sq in reach {
        let Some(target) = after.piece_at(sq) else {
            continue;
        };
        let crossed_pawn = target.kind == Pawn && !sq.is_own_half(target.color);
        let always = matches!(mover.kind, Horse | Cannon) && target.kind == Rook;
        let if_unprotected = match mover.kind {
            Horse => target.kind == Cannon || crossed_pawn,
            Cannon => target.kind == Horse || crossed_pawn,
            Rook => matches!(target.kind, Horse | Cannon) || crossed_pawn,
            _ => false,
        };
        let counts = always
            || (if_unprotected && {
                let mut board = after.board().clone();
                board.remove(sq);
                board.move_piece(to, sq);
                let occ = board.occupied();
                !protected(&board, sq, target.color, occ)
            });
        if counts {
            out.push((sq, target));
        }
    }
    out
}

impl Computer2007 {
    /// The ply at which the 50-move count (checks and replies not counted) reaches its limit.
    fn move_limit(&self, record: &GameRecord) -> Option<usize> {
        let mut count = 0u32;
        for p in 1..=record.len() {
            if record.captured(p).is_some() {
                count = 0;
            } else if !(record.gives_check(p) || (p > 1 && record.gives_check(p - 1))) {
                count += 1;
            }
            if count >= self.draw_plies {
                return Some(p);
            }
        }
        None
    }

    /// The first position (ply index, 0 = the start) where neither side has a rook, horse,
    /// cannon or pawn.
    fn bare(record: &GameRecord) -> Option<usize> {
        let attackers = |pos: &Position| {
            [
                PieceKind::Rook,
                PieceKind::Horse,
                PieceKind::Cannon,
                PieceKind::Pawn,
            ]
            .iter()
            .any(|&k| pos.board().by_kind(k).any())
        };
        if !attackers(record.start()) {
            return Some(0);
        }
        // Material changes only by captures.
        (1..=record.len())
            .filter(|&p| record.captured(p).is_some())
            .find(|&p| !attackers(&record.position_at(p)))
    }
}

/// One side's plies over the cycle: every one a check; or every one a chase of one common piece.
fn side_of(cycle: &CycleContext<'_>, side: Color) -> (bool, bool, String) {
    let plies: Vec<&PlyClass> = cycle.side(side).map(|(_, c)| c).collect();
    let all = |k: ClassKind| !plies.is_empty() && plies.iter().all(|c| c.kind == k);
    let checks = all(ClassKind::Check);
    let same_piece = all(ClassKind::Chase) && {
        let mut common: Vec<_> = plies[0].targets.iter().map(|t| t.id).collect();
        for c in &plies[1..] {
            common.retain(|id| c.targets.iter().any(|t| t.id == *id));
        }
        !common.is_empty()
    };
    let words = if checks {
        "长将"
    } else if same_piece {
        "长捉"
    } else if all(ClassKind::Chase) {
        "长捉多子"
    } else if plies.iter().any(|c| c.kind == ClassKind::Check)
        && plies.iter().any(|c| c.kind == ClassKind::Chase)
    {
        "将捉交替"
    } else {
        "闲"
    };
    (checks, same_piece, words.to_string())
}

impl EditionVariant for Computer2007 {
    fn base(&self) -> &dyn RuleEdition {
        &*self.axf
    }

    fn classify(&self, ply: &PlyContext<'_>) -> PlyClass {
        if ply.gives_check() {
            return PlyClass::check("将");
        }
        let m = ply.mv();
        if ply.record().captured(ply.ply()).is_some() {
            return PlyClass::idle(IdleKind::None, "闲");
        }
        let ids = ply.ids_after();
        let targets: Vec<Target> = chased(ply.after(), m.from, m.to)
            .into_iter()
            .filter_map(|(square, piece)| {
                Some(Target {
                    square,
                    piece,
                    id: ids.get(square)?,
                })
            })
            .collect();
        if targets.is_empty() {
            PlyClass::idle(IdleKind::None, "闲")
        } else {
            PlyClass::chase("捉", targets)
        }
    }

    fn rule_cycle(&self, cycle: &CycleContext<'_>) -> CycleRuling {
        let (red_check, red_chase, red) = side_of(cycle, Color::Red);
        let (black_check, black_chase, black) = side_of(cycle, Color::Black);
        let (verdict, reason, why) = match (red_check, black_check) {
            (true, false) => (
                Verdict::MustVary(Color::Red),
                "perpetual-check",
                "5.2(1): Red checks perpetually and Black does not",
            ),
            (false, true) => (
                Verdict::MustVary(Color::Black),
                "perpetual-check",
                "5.2(1): Black checks perpetually and Red does not",
            ),
            (true, true) => (
                Verdict::Draw,
                "no-violation",
                "5.2(3): both check perpetually",
            ),
            (false, false) => match (red_chase, black_chase) {
                (true, false) => (
                    Verdict::MustVary(Color::Red),
                    "perpetual-chase",
                    "5.2(2): Red chases one and the same piece perpetually, Black neither checks nor so chases",
                ),
                (false, true) => (
                    Verdict::MustVary(Color::Black),
                    "perpetual-chase",
                    "5.2(2): Black chases one and the same piece perpetually, Red neither checks nor so chases",
                ),
                _ => (
                    Verdict::Draw,
                    "no-violation",
                    "5.2(3): no one-sided perpetual check or chase of one piece",
                ),
            },
        };
        CycleRuling {
            verdict,
            red,
            black,
            reason: reason.into(),
            explanation: format!("computer-league rules {why} (at the fourth occurrence)"),
        }
    }

    /// The 50-move rule ends the game by itself ([`EditionVariant::automatic_end`]): nothing to
    /// claim.
    fn natural_limit(&self) -> Option<NaturalLimitPolicy> {
        None
    }

    /// None: the league rules end a game with no attacking pieces by themselves (see
    /// [`RuleEdition::automatic_end`]), so there is no draw to propose.
    fn dead_position_rule(&self) -> Option<String> {
        None
    }

    fn automatic_end(&self, record: &GameRecord) -> Option<(usize, GameEnd)> {
        let limit = self.move_limit(record).map(|p| {
            (
                p,
                GameEnd {
                    loser: None,
                    reason: "natural-limit".into(),
                },
            )
        });
        let bare = Self::bare(record).map(|p| {
            (
                p,
                GameEnd {
                    loser: None,
                    reason: "no-attacking-pieces".into(),
                },
            )
        });
        match (limit, bare) {
            (Some(a), Some(b)) => Some(if b.0 <= a.0 { b } else { a }),
            (a, b) => a.or(b),
        }
    }

    fn warns_before_loss(&self) -> bool {
        false
    }

    fn class_reading(&self, ply: &PlyRuling) -> Option<Reading> {
        match ply.class? {
            ClassKind::Chase | ClassKind::Idle => Some(Reading::new(
                "联赛规则5.4–5.7：只看所动之子；马炮捉车，马捉无根炮、过河兵，炮捉无根马、过河兵，车捉无根马炮、过河兵；同兵种不算捉",
                "league rules 5.4–5.7: only the moved piece chases — horse/cannon on a rook; \
                 horse on an unprotected cannon or crossed pawn; cannon on an unprotected horse or \
                 crossed pawn; rook on an unprotected horse, cannon or crossed pawn; never one kind on itself",
            )),
            _ => None,
        }
    }

    fn cycle_reading(&self, ruling: &RepetitionRuling) -> Option<Reading> {
        let _ = ruling;
        Some(Reading::new(
            "联赛规则5.2：第四次重复时，单方长将或单方长捉同一子判负，其他均判和",
            "league rules 5.2: at the fourth occurrence, one-sided perpetual check or one-sided \
             perpetual chase of one piece loses; everything else is a draw",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn the_simplified_chase() {
        // A horse attacks a rook: always a chase, even protected.
        let pos = Position::from_fen("3k5/9/9/9/9/2r6/9/1N7/9/4K4 b - - 0 1").unwrap();
        let got = chased(&pos, sq("a0"), sq("b2"));
        assert_eq!(got.iter().map(|(s, _)| *s).collect::<Vec<_>>(), [sq("c4")]);
        // A rook on an unprotected horse along the rank after moving along the file: chase;
        // protected by a pawn behind it: none.
        let pos = Position::from_fen("3k5/9/9/9/R3n4/9/9/9/9/4K4 b - - 0 1").unwrap();
        assert_eq!(chased(&pos, sq("a0"), sq("a5")).len(), 1);
        let pos = Position::from_fen("3k5/9/9/4p4/R3n4/9/9/9/9/4K4 b - - 0 1").unwrap();
        assert!(chased(&pos, sq("a0"), sq("a5")).is_empty());
        // The same rook having moved along the rank looks along its file only.
        let pos = Position::from_fen("3k5/9/9/9/R3n4/9/9/9/9/4K4 b - - 0 1").unwrap();
        assert!(chased(&pos, sq("c5"), sq("a5")).is_empty());
        // Rook on rook: an offer, not a chase.
        let pos = Position::from_fen("5k3/9/9/9/R3r4/9/9/9/9/3K5 b - - 0 1").unwrap();
        assert!(chased(&pos, sq("a0"), sq("a5")).is_empty());
    }

    fn record(fen: &str, moves: &str) -> GameRecord {
        let moves = moves
            .split_whitespace()
            .map(|m| xiangqi_movegen::Move::from_iccs(m).unwrap())
            .collect();
        GameRecord::new(Position::from_fen(fen).unwrap(), moves).unwrap()
    }

    fn edition() -> Computer2007 {
        Computer2007 {
            axf: Box::new(Unreachable),
            draw_plies: 100,
        }
    }

    /// A base that must not be asked (the tests call this crate's own methods).
    struct Unreachable;
    impl RuleEdition for Unreachable {
        fn classify(&self, _: &PlyContext<'_>) -> PlyClass {
            unreachable!("not asked")
        }
        fn rule_cycle(&self, _: &CycleContext<'_>) -> CycleRuling {
            unreachable!("not asked")
        }
    }

    /// 4.5(1): 100 plies without a capture draw; a check and the reply to it are not counted;
    /// a capture starts the count again.
    #[test]
    fn fifty_moves_without_a_capture() {
        let fen = "3k4r/9/9/9/9/9/9/9/9/R3K4 w - - 0 1";
        let cycle = ["a0a1", "i9i8", "a1a0", "i8i9"];
        let shuffle = |n: usize, from: usize| {
            (0..n)
                .map(|i| cycle[(i + from) % 4])
                .collect::<Vec<_>>()
                .join(" ")
        };
        let e = edition();
        assert_eq!(e.move_limit(&record(fen, &shuffle(99, 0))), None);
        assert_eq!(e.move_limit(&record(fen, &shuffle(100, 0))), Some(100));
        // A check (the rook to a9, along the rank to the king d9) and the reply to it are not
        // counted: the limit comes two plies later.
        let with_check = format!("a0a9 d9d8 a9a0 d8d9 {}", shuffle(100, 0));
        assert_eq!(e.move_limit(&record(fen, &with_check)), Some(102));
        // A capture starts the count again.
        let fen2 = "3k4r/9/9/9/9/9/9/9/p8/R3K4 w - - 0 1";
        let rec = record(fen2, &format!("a0a1 {}", shuffle(100, 1)));
        assert!(rec.captured(1).is_some());
        assert_eq!(e.move_limit(&rec), Some(101));
    }

    /// 4.5(3): a draw when neither side has a rook, horse, cannon or pawn.
    #[test]
    fn no_attacking_pieces() {
        assert_eq!(
            Computer2007::bare(&record("3ak4/4a4/9/9/9/9/9/9/4A4/3AK4 w - - 0 1", "")),
            Some(0)
        );
        // Red's rook takes the last black pawn: still an attacker on the board.
        let rec = record("3ak4/4a4/9/9/9/9/9/9/p3A4/R2AK4 w - - 0 1", "a0a1");
        assert_eq!(Computer2007::bare(&rec), None);
        // Black's advisor takes the last red pawn: nothing attacks any more.
        let rec = record("3ak4/4a4/3P5/9/9/9/9/9/4A4/3AK4 b - - 0 1", "e8d7");
        assert_eq!(Computer2007::bare(&rec), Some(1));
    }
}

/// The README's examples, compiled and run as doctests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
