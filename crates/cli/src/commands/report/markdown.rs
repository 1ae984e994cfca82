//! The report's short Markdown summary.

use std::fmt::Write as _;

use super::{ReportArgs, Shown, groups, pairs};
use crate::batch::Summary;

pub(super) fn markdown(
    summary: &Summary,
    shown: &[Shown],
    args: &ReportArgs,
    command: &str,
) -> String {
    let lang = args.lang;
    let mut o = String::new();
    let _ = writeln!(
        o,
        "# {} — {}\n",
        args.rulesets.join(" / "),
        lang.pick("规则对比摘要", "summary of the comparison")
    );
    let _ = writeln!(
        o,
        "{} `{}`: {} {}, {} {}, {} {}.\n",
        lang.pick("棋谱", "Games"),
        args.file,
        summary.games,
        lang.pick("局", "games"),
        summary.with_repetition,
        lang.pick("局出现三次重复", "reach a threefold repetition"),
        summary.disagreements,
        lang.pick("局判决不同", "are ruled differently")
    );
    let _ = writeln!(
        o,
        "| {} | {} | {} | {} |\n|---|---|---|---|",
        lang.pick("规则集", "ruleset"),
        lang.pick("和棋", "draw"),
        lang.pick("红方变着", "red-must-vary"),
        lang.pick("黑方变着", "black-must-vary")
    );
    for (rs, v) in &summary.verdicts {
        let g = |k: &str| v.get(k).copied().unwrap_or(0);
        let _ = writeln!(
            o,
            "| {rs} | {} | {} | {} |",
            g("draw"),
            g("red-must-vary"),
            g("black-must-vary")
        );
    }
    if args.rulesets.len() > 2 {
        let _ = writeln!(
            o,
            "\n{}:\n\n| {} | {} | {} |\n|---|---|---|",
            lang.pick("两两对比", "Pair by pair"),
            lang.pick("规则集", "rulesets"),
            lang.pick("判决不同的对局", "games ruled differently"),
            lang.pick("按规则（左 / 右）", "by rule (left / right)")
        );
        for p in pairs(shown, &args.rulesets) {
            let rules: Vec<String> = p
                .by_rule
                .iter()
                .map(|((x, y), g)| format!("{x} / {y}: {}", g.len()))
                .collect();
            let _ = writeln!(
                o,
                "| {} – {} | {} | {} |",
                p.a,
                p.b,
                p.games,
                rules.join("; ")
            );
        }
    }
    let _ = writeln!(
        o,
        "\n{}:\n",
        lang.pick("分歧原因", "Disagreements by cause")
    );
    for (cause, games) in groups(shown) {
        let links: Vec<String> = games
            .iter()
            .map(|g| format!("[#{0}]({1}.html#game-{0})", g.game.index, args.name))
            .collect();
        let _ = writeln!(o, "- **{}** — {}: {}", cause, games.len(), links.join(" "));
    }
    let _ = writeln!(
        o,
        "\n{} [{}.html]({}.html).\n\n```sh\n{command}\n```",
        lang.pick(
            "每一局的棋图、循环着法与逐着判定见",
            "Every game with its diagram, the cycle's moves and each ply's class:"
        ),
        args.name,
        args.name
    );
    o
}
