//! # An example rule edition: the AXF rules with perpetual mate threats forbidden
//!
//! The AXF rules allow a side to threaten mate perpetually (rule 9: 长杀 is drawn); the 1987
//! Chinese rules forbid it (禁止长杀, 一将一杀). This edition is the AXF edition with that one
//! change, built *on* the registered `axf` edition rather than copied from it:
//!
//! - **plies** are classified by the AXF edition, unchanged;
//! - **cycles**: a side whose every ply of the cycle is a check or a mate threat, at least one a
//!   mate threat (长杀, 一将一杀), is forbidden as well as whatever AXF forbids; exactly one side
//!   forbidden must vary, both forbidden (长打对长打) or neither is a draw.
//!
//! It is an [`EditionVariant`]: it names its base and overrides only what differs (the cycle
//! ruling and its reading); everything else — the classes of plies, the natural limit, the end
//! of the game, the caches — answers from the base by default.
//!
//! It registers itself as `axf-strict-mate` and ships the ruleset `axf-strict-mate.toml` beside
//! this crate. Linking this crate is all it takes (the facade `xiangqi` links the shipped
//! editions the same way). The walk-through is `docs/writing-an-edition.md`.

use xiangqi_rules::adjudication::board::Color;
use xiangqi_rules::{
    ClassKind, CycleContext, CycleRuling, EditionParams, EditionVariant, Reading, RepetitionRuling,
    RuleEdition, RulesetError, Verdict, find_edition,
};

xiangqi_rules::register_edition! {
    id: "axf-strict-mate",
    title: "AXF rules, perpetual mate threats forbidden (example edition)",
    base: "axf",
    rulesets: [("axf-strict-mate", include_str!("../axf-strict-mate.toml"))],
    build: build,
}

/// The AXF edition with 长杀 and 一将一杀 forbidden.
pub struct AxfStrictMate {
    axf: Box<dyn RuleEdition>,
}

/// Builds the AXF edition from the same ruleset parameters, then wraps it.
fn build(params: &EditionParams<'_>) -> Result<Box<dyn RuleEdition>, RulesetError> {
    let axf = find_edition("axf")
        .map_err(|e| params.error(e.to_string()))?
        .ok_or_else(|| params.error("axf-strict-mate is built on the axf edition: link it"))?;
    Ok(Box::new(AxfStrictMate {
        axf: (axf.build)(params)?,
    }))
}

/// Whether `side` threatens mate perpetually in the cycle: every ply of its side a check or a
/// mate threat, at least one a mate threat (长杀, 一将一杀).
fn perpetual_mate_threat(cycle: &CycleContext<'_>, side: Color) -> bool {
    let kinds: Vec<ClassKind> = cycle.side(side).map(|(_, c)| c.kind).collect();
    !kinds.is_empty()
        && kinds
            .iter()
            .all(|k| matches!(k, ClassKind::Check | ClassKind::MateThreat))
        && kinds.contains(&ClassKind::MateThreat)
}

impl EditionVariant for AxfStrictMate {
    fn base(&self) -> &dyn RuleEdition {
        &*self.axf
    }

    fn rule_cycle(&self, cycle: &CycleContext<'_>) -> CycleRuling {
        let axf = self.axf.rule_cycle(cycle);
        let forbidden = |side: Color| {
            axf.verdict == Verdict::MustVary(side) || perpetual_mate_threat(cycle, side)
        };
        let (red, black) = (forbidden(Color::Red), forbidden(Color::Black));
        let verdict = match (red, black) {
            (true, false) => Verdict::MustVary(Color::Red),
            (false, true) => Verdict::MustVary(Color::Black),
            _ => Verdict::Draw,
        };
        if verdict == axf.verdict {
            return axf;
        }
        let mates = |side| perpetual_mate_threat(cycle, side);
        CycleRuling {
            reason: match verdict {
                Verdict::MustVary(side) if mates(side) => "perpetual-mate-threat".into(),
                Verdict::MustVary(_) => axf.reason.clone(),
                Verdict::Draw => "no-violation".into(),
            },
            explanation: format!(
                "{} — with perpetual mate threats forbidden (禁止长杀, 一将一杀): {}",
                axf.explanation,
                match verdict {
                    Verdict::MustVary(Color::Red) => "Red must vary",
                    Verdict::MustVary(Color::Black) => "Black must vary",
                    Verdict::Draw => "both sides forbidden, draw",
                }
            ),
            verdict,
            ..axf
        }
    }

    fn cycle_reading(&self, ruling: &RepetitionRuling) -> Option<Reading> {
        if ruling.red.contains('杀') || ruling.black.contains('杀') {
            return Some(Reading::new(
                "禁止长杀、一将一杀（本例对亚洲规则的修改）",
                "长杀 and 一将一杀 are forbidden (this example's change to the AXF rules)",
            ));
        }
        self.axf.cycle_reading(ruling)
    }
}
