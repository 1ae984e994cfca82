//! # xiangqi-rules-cn2020 — the 2020 Chinese competition rules (中国象棋竞赛规则 2020, 棋例)
//!
//! The edition plugin for the Chinese rules of 2020, registered as `cn-2020` and built on the
//! `cn-1987` edition ([`xiangqi_rules_cn1987::Cn1987`]): [`Cn2020`] is an
//! [`EditionVariant`] whose base is the 1987 edition with the readings the 2020 text changes
//! switched, and which adds what the 2020 text adds. Every method it does not override answers
//! from the base (the classes of plies, the cycle ruling, the 60-move limit, the end of the
//! game).
//!
//! What differs from cn-1987, as far as the public texts show (each clause with its source and
//! how certain it is in `READINGS.md` beside this crate):
//!
//! - **24.3** 要抽吃子 is folded into 捉: a chase made only by 抽将 is a 捉, and its perpetual is
//!   长捉 (the base's option `check_win_apart = false`);
//! - **the nine-move rule** (quoted, unnumbered, by cppxq): a side that attacks with forbidden
//!   moves (将, 杀, 捉 in any mix) for nine moves in a row, on three or more points, without a
//!   capture, must vary, even though no position repeats ([`nine_move_rule`]);
//! - **24.9** the first check, when it captures, does not count toward 长将: a run of checks
//!   counts from the move after a capture (in a repetition cycle there is no capture, so the rule
//!   reads only on the nine-move run);
//! - **26.1.4** a 捉 or 杀 made by a reply to check with a piece other than the king is 闲 when
//!   it existed before the reply (the base's options `chase_existed_before_reply` and
//!   `mate_existed_before_reply`);
//! - **26.5** an even complete exchange (完整互吃后价值相当) is 捉 in the structures 做根子捉子,
//!   被牵子捉子, 各吃各子 (the base's option `even_exchange_chase`, on the mechanism's
//!   [`ExchangeOutcome`](xiangqi_adjudication::ExchangeOutcome));
//! - **26.9.2 / 26.9.3** when both sides are forbidden, a single side's 长捉 of a rook, or of an
//!   unprotected piece, against the other's joint chase of the same kind: the single chaser
//!   must vary — the base's reading R05 (a joint chase answers a perpetual chase), which the
//!   rule book's diagrams (图25–28) apply as widely.
//!
//! ```
//! use xiangqi_rules::{Arbiter, JudgeOptions, Ruleset};
//! use xiangqi_adjudication::GameRecord;
//! use xiangqi_movegen::{Move, Position};
//! # use xiangqi_rules_cn2020 as _;
//! let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1")?;
//! let moves: Vec<Move> = "a0a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9"
//!     .split(' ').map(|m| Move::from_iccs(m).unwrap()).collect();
//! let record = GameRecord::new(pos, moves)?;
//! let arbiter = Arbiter::new(Ruleset::load("cn-2020")?)?;
//! let ruling = arbiter.judge(&record, JudgeOptions::default());
//! assert_eq!(ruling.repetitions[0].red, "长将");
//! assert_eq!(ruling.repetitions[0].verdict.as_str(), "red-must-vary");
//! // The natural limit is the base's: nothing in this crate names it.
//! assert_eq!(ruling.natural_limit.map(|n| n.moves), Some(60));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod nine;

use xiangqi_adjudication::GameRecord;
use xiangqi_rules::{
    ClassKind, EditionParams, EditionVariant, PlyClass, PlyRuling, Reading, RepetitionRuling,
    RuleEdition, RulesetError, RunRuling,
};
use xiangqi_rules_cn1987::{Cn1987, Cn1987Options};

pub use nine::{NineMoveRule, NineMoveRun, nine_move_rule};

xiangqi_rules::register_edition! {
    id: "cn-2020",
    title: "Chinese competition rules 2020 (中国象棋竞赛规则 2020, 棋例)",
    base: "cn-1987",
    rulesets: [("cn-2020", include_str!("../rulesets/cn-2020.toml"))],
    build: build,
}

/// The `[options]` of a `cn-2020` ruleset: the base's ([`Cn1987Options`]) and the 2020 edition's
/// own.
#[derive(Debug, Clone, Copy, Default, serde::Deserialize)]
pub struct Cn2020Options {
    /// The base edition's options.
    #[serde(flatten)]
    pub base: Cn1987Options,
    /// Which runs the nine-move rule counts: `"recurring"` (default: the forbidden moves recur,
    /// 循环重复, 24.13) or `"any"` (any nine attacking moves in a row).
    pub nine_move_run: Option<NineMoveRun>,
}

/// The 2020 Chinese rules: the 1987 edition with the 2020 readings, and the nine-move rule.
#[derive(Debug, Clone)]
pub struct Cn2020 {
    /// The base: the 1987 edition with the readings the 2020 text changes switched.
    pub base: Cn1987,
    /// The nine-move rule's bounds.
    pub nine: NineMoveRule,
}

impl Cn2020 {
    /// Builds the edition from a ruleset's parameters: the `[options]` are the base's
    /// ([`Cn1987Options`]); the 2020 readings apply where the file does not set them.
    pub fn from_params(p: &EditionParams<'_>) -> Result<Cn2020, RulesetError> {
        let all: Cn2020Options = p.options()?.unwrap_or_default();
        let opts = all.base;
        let mut base = Cn1987::from_options(p, opts)?;
        if opts.check_win_apart.is_none() {
            // 24.3: 要抽吃子 is 捉.
            base.readings.check_win_apart = false;
        }
        if opts.chase_existed_before_reply.is_none() {
            // 26.1.4: a chase made by a reply to check is 闲 when it existed before the reply.
            base.params.chase_existed_before_reply = true;
        }
        if opts.even_exchange_chase.is_none() {
            // 26.5: an even complete exchange in 做根子捉子, 被牵子捉子, 各吃各子 is 捉.
            base.params.even_exchange_chase = true;
        }
        if opts.mate_existed_before_reply.is_none() {
            // 26.1.4 for 杀: a mate threat made by a reply to check is 闲 when it existed before.
            base.params.mate_existed_before_reply = true;
        }
        Ok(Cn2020 {
            base,
            nine: NineMoveRule {
                run: all.nine_move_run.unwrap_or_default(),
                ..NineMoveRule::default()
            },
        })
    }
}

fn build(p: &EditionParams<'_>) -> Result<Box<dyn RuleEdition>, RulesetError> {
    Ok(Box::new(Cn2020::from_params(p)?))
}

impl EditionVariant for Cn2020 {
    fn base(&self) -> &dyn RuleEdition {
        &self.base
    }

    fn rule_run(
        &self,
        record: &GameRecord,
        classify: &mut dyn FnMut(usize) -> PlyClass,
    ) -> Option<RunRuling> {
        nine_move_rule(record, classify, self.nine)
    }

    fn class_reading(&self, ply: &PlyRuling) -> Option<Reading> {
        if ply.class == Some(ClassKind::Chase) && ply.note.as_deref() == Some("抽将得子（按捉）")
        {
            return Some(Reading::new(
                "2020年规则24.3：抽将得子属于捉",
                "2020 rules 24.3: winning material by checks (抽将) is a chase (捉)",
            ));
        }
        if ply.class == Some(ClassKind::Chase) && ply.note.as_deref() == Some("等值交换（按捉）")
        {
            return Some(Reading::new(
                "2020年规则26.5：完整互吃后价值相当或得子者，按捉（做根子捉子、被牵子捉子、各吃各子）",
                "2020 rules 26.5: an even complete exchange is a chase (捉) in the structures 做根子捉子, \
                 被牵子捉子, 各吃各子",
            ));
        }
        self.base.class_reading(ply)
    }

    fn cycle_reading(&self, ruling: &RepetitionRuling) -> Option<Reading> {
        let has = |w: &str| ruling.red.contains(w) || ruling.black.contains(w);
        if has("联合捉反击") {
            return Some(Reading::new(
                "2020年规则26.9.2、26.9.3：单方长捉车（无根子），对方联合捉车（无根子），前者变着",
                "2020 rules 26.9.2/26.9.3: a single side's 长捉 of a rook (an unprotected piece) \
                 against the other's joint chase: the single chaser must vary",
            ));
        }
        self.base.cycle_reading(ruling)
    }
}

/// The README's examples, compiled and run as doctests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
