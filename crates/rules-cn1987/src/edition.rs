//! The `cn-1987` edition plugin: [`Cn1987`] implements [`RuleEdition`] and registers itself.

use crate::material::GainConfig;
use serde::Deserialize;
use xiangqi_adjudication::{NaturalLimitPolicy, PlyContext};
use xiangqi_board::{Bitboard, Color, PieceKind, Square};
use xiangqi_rules::{
    Bounded, CaptureLine, ClassKind, CycleContext, CycleRuling, EditionParams, IdleKind, PlyClass,
    PlyRuling, Reading, RepetitionRuling, RuleEdition, RulesetError, Target, Verdict,
};

use crate::classify::{Class, Params, classify_in_game};
use crate::cycle::{Judged, PlyJudgment, rule_judged};

/// The CN-specific `[options]` of a `cn-1987` ruleset (all optional; see rulesets/README.md).
///
/// Every value is range-checked while reading: a value out of its documented range is an error
/// located at the value, never silently clamped.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cn1987Options {
    /// 长捉 needs the same piece chased by every chasing ply (default false, see [`Params`]).
    pub perpetual_chase_same_piece: Option<bool>,
    /// A joint chase (联合捉 / 捉少根子) answers a perpetual chase (default true).
    pub joint_chase_is_counter: Option<bool>,
    /// Longest capture/check line of the material-gain search, plies (default 10).
    pub gain_max_plies: Option<Bounded<1, 16>>,
    /// Checks allowed along a winning line (抽将), default 3.
    pub gain_max_checks: Option<Bounded<0, 8>>,
    /// A defender mate within this many plies refutes a capture (失去离线自由), default 3.
    pub refutation_mate_plies: Option<Bounded<0, 9>>,
    /// 要抽吃子 (winning material by checks) named apart from 捉 (default true, the 1987 reading:
    /// its perpetual is 长要抽吃子); `false` folds it into 捉 (the 2020 rules, 24.3).
    pub check_win_apart: Option<bool>,
    /// A king's or a pawn's own attack (将帅捉子, 兵卒捉子) is 闲, so that 兵卒长捉 and 将帅长捉 are
    /// allowed (default true, both 1987 and 2020 26.1); `false` counts it as 捉.
    pub king_pawn_chase_idle: Option<bool>,
    /// A 捉 made by a reply to check (not a king move) is 闲 when it existed before the reply
    /// (`true`, the 2020 rules 26.1.4) rather than when the check brought it about (default
    /// `false`, the 1987 reading R22, 自毙); see [`Params::chase_existed_before_reply`].
    pub chase_existed_before_reply: Option<bool>,
    /// An even complete exchange (完整互吃后价值相当) in the structures 做根子捉子, 被牵子捉子,
    /// 各吃各子 is 捉 (`true`, the 2020 rules 26.5) rather than 闲 (default `false`, the 1987
    /// net-gain test); see [`Params::even_exchange_chase`].
    pub even_exchange_chase: Option<bool>,
    /// A 杀 made by a reply to check (not a king move) is 闲 when the mover threatened that mate
    /// before the check (`true`, the 2020 rules 26.1.4) rather than 杀 (default `false`, 1987);
    /// see [`Params::mate_existed_before_reply`].
    pub mate_existed_before_reply: Option<bool>,
}

/// The readings of the 1987 rules that a successor edition changes, as switches (the ruleset's
/// `[options]` set them; [`Cn1987Options`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Readings {
    /// 要抽吃子 apart from 捉 (`true`, 1987) or folded into it (`false`, 2020 24.3).
    pub check_win_apart: bool,
    /// 将帅捉子 / 兵卒捉子 idle (`true`, 1987; 2020 26.1) or counted as 捉 (`false`).
    pub king_pawn_chase_idle: bool,
}

impl Default for Readings {
    fn default() -> Readings {
        Readings {
            check_win_apart: true,
            king_pawn_chase_idle: true,
        }
    }
}

/// The 1987 Chinese rules as an edition.
#[derive(Debug, Clone)]
pub struct Cn1987 {
    /// The classification parameters.
    pub params: Params,
    /// The natural-limit policy (60 moves, claimant's checks ≤ 10 by default).
    pub limit: NaturalLimitPolicy,
    /// Occurrences of a position that call for a ruling.
    pub repetitions: u32,
    /// The readings a successor may change.
    pub readings: Readings,
}

impl Cn1987 {
    /// Builds the edition from a ruleset's parameters.
    pub fn from_params(p: &EditionParams<'_>) -> Result<Cn1987, RulesetError> {
        let opts: Cn1987Options = p.options()?.unwrap_or_default();
        Cn1987::from_options(p, opts)
    }

    /// Builds the edition from a ruleset's parameters and its `[options]` already read (a
    /// successor edition reads the table into its own type, which holds these and its own).
    pub fn from_options(
        p: &EditionParams<'_>,
        opts: Cn1987Options,
    ) -> Result<Cn1987, RulesetError> {
        let adj = p.adjudication();
        let v = p.values();
        let mut params = Params {
            mate_threat_plies: adj.mate_threat_plies.0 as u32,
            ..Params::default()
        };
        params.gain = GainConfig {
            values: v,
            // The ranges are checked by `Bounded` while reading: the values fit.
            max_plies: opts
                .gain_max_plies
                .map_or(params.gain.max_plies, |b| b.0 as u8),
            max_checks: opts
                .gain_max_checks
                .map_or(params.gain.max_checks, |b| b.0 as u8),
            refutation_mate_plies: opts
                .refutation_mate_plies
                .map_or(params.gain.refutation_mate_plies, |b| b.0 as u8),
            ..params.gain
        };
        if let Some(b) = opts.perpetual_chase_same_piece {
            params.perpetual_chase_same_piece = b;
        }
        if let Some(b) = opts.joint_chase_is_counter {
            params.joint_chase_is_counter = b;
        }
        if let Some(b) = opts.chase_existed_before_reply {
            params.chase_existed_before_reply = b;
        }
        if let Some(b) = opts.even_exchange_chase {
            params.even_exchange_chase = b;
        }
        if let Some(b) = opts.mate_existed_before_reply {
            params.mate_existed_before_reply = b;
        }
        let mut readings = Readings::default();
        if let Some(b) = opts.check_win_apart {
            readings.check_win_apart = b;
        }
        if let Some(b) = opts.king_pawn_chase_idle {
            readings.king_pawn_chase_idle = b;
        }
        Ok(Cn1987 {
            params,
            limit: adj.natural_limit(),
            repetitions: adj.repetitions.0 as u32,
            readings,
        })
    }

    /// The edition with default parameters (the embedded `cn-1987` ruleset's values).
    pub fn new() -> Cn1987 {
        Cn1987 {
            params: Params::default(),
            limit: NaturalLimitPolicy {
                moves: 60,
                max_counted_checks: 10,
            },
            repetitions: 3,
            readings: Readings::default(),
        }
    }
}

impl Default for Cn1987 {
    fn default() -> Cn1987 {
        Cn1987::new()
    }
}

fn build(p: &EditionParams<'_>) -> Result<Box<dyn RuleEdition>, RulesetError> {
    Ok(Box::new(Cn1987::from_params(p)?))
}

xiangqi_rules::register_edition! {
    id: "cn-1987",
    title: "Chinese competition rules 1987 (中国象棋竞赛规则 1987, 棋例)",
    rulesets: [("cn-1987", include_str!("../rulesets/cn-1987.toml"))],
    build: build,
}

/// The catalogue's [`PlyClass`] of a CN-1987 class: the chased pieces with their identities
/// through the cycle, 要抽吃子 and 联合捉 as typed fields (and named in the note), the idle attacks
/// (兵卒捉子, 将帅捉子, 自毙) as idle kinds (and named in the note), keeping the pieces a king or a
/// pawn attacks as the class's targets. `readings` folds 要抽吃子 into 捉, or counts a king's or a
/// pawn's own attack as 捉.
fn to_ply_class(class: Class, ply: &PlyContext<'_>, readings: Readings) -> PlyClass {
    match class {
        Class::Check => PlyClass::check("将"),
        Class::MateThreat => PlyClass::mate_threat("杀"),
        Class::Chase {
            targets,
            via_check,
            joint,
            even,
        } => {
            let ids = ply.ids_after();
            let list = targets
                .into_iter()
                .filter_map(|sq| {
                    Some(Target {
                        square: sq,
                        piece: ply.after().piece_at(sq)?,
                        id: ids.get(sq)?,
                    })
                })
                .collect();
            let c = PlyClass::chase("捉", list);
            if even {
                // 2020 26.5: an even complete exchange in one of the clause's structures.
                c.with_note("等值交换（按捉）")
            } else if via_check && !readings.check_win_apart {
                // 24.3 (2020): 要抽吃子 is 捉.
                let c = c.with_note("抽将得子（按捉）");
                if joint { c.jointly() } else { c }
            } else if via_check {
                let c = c.by_checks().with_note("要抽吃子");
                if joint { c.jointly() } else { c }
            } else if joint {
                c.jointly().with_note("联合捉")
            } else {
                c
            }
        }
        Class::Idle(k @ (IdleKind::PawnChase | IdleKind::KingChase)) => {
            let targets = own_attacks(ply);
            if readings.king_pawn_chase_idle || targets.is_empty() {
                PlyClass::idle(k, class.label())
                    .with_targets(targets)
                    .with_note(k.word())
            } else {
                let who = if k == IdleKind::KingChase {
                    "将帅捉子（按捉）"
                } else {
                    "兵卒捉子（按捉）"
                };
                PlyClass::chase("捉", targets).with_note(who)
            }
        }
        Class::Idle(k) => {
            let c = PlyClass::idle(k, class.label());
            match k {
                IdleKind::SelfInflicted => c.with_note(k.word()),
                _ => c,
            }
        }
    }
}

/// The enemy pieces (not the king, not a pawn on its own side of the river) the moved king or
/// pawn attacks after the ply and did not attack before it: the targets of 将帅捉子 / 兵卒捉子.
fn own_attacks(ply: &PlyContext<'_>) -> Vec<Target> {
    let (before, after, m) = (ply.before(), ply.after(), ply.mv());
    let Some(mover) = before.piece_at(m.from).map(|p| p.color) else {
        return Vec::new();
    };
    let enemy = after.board().by_color(!mover);
    let was = before.attacks_from(m.from) & before.board().by_color(!mover);
    let ids = ply.ids_after();
    (after.attacks_from(m.to) & enemy & !was)
        .into_iter()
        .filter_map(|sq| {
            let piece = after.piece_at(sq)?;
            let counts = piece.kind != PieceKind::King
                && (piece.kind != PieceKind::Pawn || !sq.is_own_half(piece.color));
            counts.then_some(Target {
                square: sq,
                piece,
                id: ids.get(sq)?,
            })
        })
        .collect()
}

impl RuleEdition for Cn1987 {
    fn repetitions(&self) -> u32 {
        self.repetitions
    }

    fn classify(&self, ply: &PlyContext<'_>) -> PlyClass {
        let class = classify_ply(ply, &self.params);
        to_ply_class(class, ply, self.readings)
    }

    /// Reads the classes the cycle's plies were given ([`CycleContext::classes`]): no ply is
    /// classified again.
    fn rule_cycle(&self, cycle: &CycleContext<'_>) -> CycleRuling {
        let record = cycle.record();
        let plies: Vec<PlyJudgment<'_>> = cycle
            .cycle
            .plies()
            .zip(cycle.classes)
            .map(|(ply, class)| PlyJudgment {
                mv: record.mv(ply),
                side: record.mover(ply),
                class,
            })
            .collect();
        let r = rule_judged(
            &plies,
            self.params.perpetual_chase_same_piece,
            self.params.joint_chase_is_counter,
        );
        CycleRuling {
            verdict: r.verdict,
            red: r.red.words.clone(),
            black: r.black.words.clone(),
            reason: reason_word(&r),
            explanation: r.reason.clone(),
        }
    }

    fn natural_limit(&self) -> Option<NaturalLimitPolicy> {
        Some(self.limit)
    }

    fn capture_lines(&self, ply: &PlyContext<'_>, targets: &[Square]) -> Vec<CaptureLine> {
        let set = targets
            .iter()
            .fold(Bitboard::EMPTY, |b, &sq| b | Bitboard::from_square(sq));
        crate::classify::capture_lines(ply.before(), ply.mv(), set, &self.params)
    }

    fn mate_line(&self, ply: &PlyContext<'_>) -> Option<CaptureLine> {
        crate::classify::mate_line(ply.before(), ply.mv(), &self.params)
    }

    fn cost_warnings(&self) -> Vec<String> {
        self.params.cost_warnings()
    }

    /// "属于理论上公认的双方均无取胜可能的局势" is a draw (1987 ch.1 §4 二(一), seed 000); the clear
    /// class of it, no piece on either side that can give check, is proposed.
    fn dead_position_rule(&self) -> Option<String> {
        Some(
            "属于理论上公认的双方均无取胜可能的局势，算和棋（第一章第四节二(一)）: neither side has a piece that can give check"
                .into(),
        )
    }

    fn clear_caches(&self) {
        self.params.clear_memo();
    }

    fn class_reading(&self, ply: &PlyRuling) -> Option<Reading> {
        Some(match ply.class? {
            ClassKind::Check => return None,
            ClassKind::MateThreat => Reading::new(
                "杀属于打：禁止长杀、一将一杀、一杀一捉",
                "杀 counts as 打 (禁止长杀, 禁止一将一杀, 禁止一杀一捉)",
            ),
            ClassKind::Chase if ply.note.as_deref() == Some("要抽吃子") => Reading::new(
                "抽将得子为要抽吃子，属于打",
                "a check that wins material (抽将) makes 要抽吃子, a forcing move of its own",
            ),
            ClassKind::Chase => Reading::new(
                "捉是下一着起按子力价值得子（含联合捉、捉少根子）",
                "捉 is a threat to win material from the next move on (得子 by the 子力价值 table, \
                 joint attackers and 少根子 included)",
            ),
            ClassKind::Idle => Reading::new(
                "捉有根子是闲、不符合得子规定是闲、从捉到捉、失去离线自由的棋子不会构成捉子；从杀到杀不是新杀",
                "no new material gain by the 子力价值 table (捉有根子是闲 / 不符合得子规定是闲 / 从捉到捉 / \
                 失去离线自由的棋子不会构成捉子) and no new mate threat (从杀到杀)",
            ),
        })
    }

    fn cycle_reading(&self, ruling: &RepetitionRuling) -> Option<Reading> {
        let has = |w: &str| ruling.red.contains(w) || ruling.black.contains(w);
        Some(if has("杀") {
            Reading::new(
                "“杀”属于“打”，禁止长杀、一将一杀、一杀一捉",
                "杀 counts as 打: 长杀, 一将一杀, 一杀一捉 are forbidden",
            )
        } else if has("要抽吃子") {
            Reading::new(
                "抽将得子（要抽吃子）视为捉，禁止长要抽吃子",
                "winning material by checks (要抽吃子) is a chase: 长要抽吃子 is forbidden",
            )
        } else if has("将") && has("捉") {
            Reading::new("禁止一将一捉", "一将一捉 is forbidden")
        } else if has("捉") || has("闲") {
            Reading::new(
                "按子力价值判得子：捉有根子是闲、联合捉、捉少根子",
                "捉 by material gain by the piece values (捉有根子是闲, joint chases, 少根子)",
            )
        } else {
            return None;
        })
    }
}

/// The class of a ply of a game: [`classify_in_game`] with the opponent's previous move (for
/// 自毙 after a check).
fn classify_ply(ply: &PlyContext<'_>, params: &Params) -> Class {
    let p = ply.ply();
    let prev = (p >= 2).then(|| ply.record().mv(p - 1));
    classify_in_game(ply.before(), ply.mv(), params, prev)
}

fn reason_word(r: &Judged) -> String {
    let offender = match r.verdict {
        Verdict::Draw => return "no-violation".into(),
        Verdict::MustVary(Color::Red) => &r.red,
        Verdict::MustVary(Color::Black) => &r.black,
    };
    let w = offender.words.as_str();
    let word = if w == "长将" {
        "perpetual-check"
    } else if w == "长杀" {
        "perpetual-mate-threat"
    } else if w == "长捉" || w == "长要抽吃子" {
        "perpetual-chase"
    } else {
        "perpetual-attack"
    };
    word.into()
}
