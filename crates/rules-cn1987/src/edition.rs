//! The `cn-1987` edition plugin: [`Cn1987`] implements [`RuleEdition`] and registers itself.

use crate::material::GainConfig;
use serde::Deserialize;
use xiangqi_adjudication::{NaturalLimitPolicy, PlyContext};
use xiangqi_board::{Bitboard, Color, Square};
use xiangqi_rules::{
    Bounded, CaptureLine, ClassKind, CycleContext, CycleRuling, IdleKind, Params as EditionParams,
    PlyClass, PlyRuling, Reading, RepetitionRuling, RuleEdition, RulesetError, Target, Verdict,
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
}

impl Cn1987 {
    /// Builds the edition from a ruleset's parameters.
    pub fn from_params(p: &EditionParams<'_>) -> Result<Cn1987, RulesetError> {
        let adj = p.adjudication();
        let v = p.values();
        let opts: Cn1987Options = p.options()?.unwrap_or_default();
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
        Ok(Cn1987 {
            params,
            limit: adj.natural_limit(),
            repetitions: adj.repetitions.0 as u32,
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
    build: build,
}

/// The catalogue's [`PlyClass`] of a CN-1987 class: the chased pieces with their identities
/// through the cycle, 要抽吃子 and 联合捉 as typed fields (and named in the note), the idle attacks
/// (兵卒捉子, 将帅捉子, 自毙) as idle kinds (and named in the note).
fn to_ply_class(class: Class, ply: &PlyContext<'_>) -> PlyClass {
    match class {
        Class::Check => PlyClass::check("将"),
        Class::MateThreat => PlyClass::mate_threat("杀"),
        Class::Chase {
            targets,
            via_check,
            joint,
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
            if via_check {
                let c = c.by_checks().with_note("要抽吃子");
                if joint { c.jointly() } else { c }
            } else if joint {
                c.jointly().with_note("联合捉")
            } else {
                c
            }
        }
        Class::Idle(k) => {
            let c = PlyClass::idle(k, class.label());
            match k {
                IdleKind::PawnChase | IdleKind::KingChase | IdleKind::SelfInflicted => {
                    c.with_note(k.word())
                }
                _ => c,
            }
        }
    }
}

impl RuleEdition for Cn1987 {
    fn repetitions(&self) -> u32 {
        self.repetitions
    }

    fn classify(&self, ply: &PlyContext<'_>) -> PlyClass {
        let class = classify_ply(ply, &self.params);
        to_ply_class(class, ply)
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

    fn cost_warnings(&self) -> Vec<String> {
        self.params.cost_warnings()
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
