//! The report's short Markdown summary.

use std::fmt::Write as _;

use super::{Page, groups, pairs};

pub(super) fn markdown(page: &Page<'_>) -> String {
    let (summary, shown, args) = (page.summary, page.shown, page.args);
    let lang = args.lang;
    let mut o = String::new();
    let _ = writeln!(o, "# {} — {}\n", page.title(), lang.pick("摘要", "summary"));
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
    if let Some(cause) = page.only_cause {
        let _ = writeln!(
            o,
            "{}{cause}\n",
            lang.pick("只列出一类分歧：", "One cause only: ")
        );
    }
    let _ = writeln!(
        o,
        "| {} | {} | {} | {} |\n|---|---|---|---|",
        lang.pick("规则", "ruleset"),
        lang.pick("和棋", "draw"),
        lang.pick("红方须变着", "red-must-vary"),
        lang.pick("黑方须变着", "black-must-vary")
    );
    for (rs, v) in page.books.verdicts(summary) {
        let g = |k: &str| v.get(k).copied().unwrap_or(0);
        let _ = writeln!(
            o,
            "| {} | {} | {} | {} |",
            rs,
            g("draw"),
            g("red-must-vary"),
            g("black-must-vary")
        );
    }
    if page.rulesets.len() > 2 {
        let _ = writeln!(
            o,
            "\n{}:\n\n| {} | {} | {} | {} |\n|---|---|---|---|",
            lang.pick("两两对比", "Pair by pair"),
            lang.pick("规则", "rulesets"),
            lang.pick("左", "left"),
            lang.pick("右", "right"),
            lang.pick("局数", "games")
        );
        for p in pairs(shown, page.books, lang) {
            let _ = writeln!(o, "| **{} – {}** | | | **{}** |", p.a, p.b, p.games);
            for ((x, y), g) in &p.by_rule {
                let _ = writeln!(o, "| | {x} | {y} | {} |", g.len());
            }
        }
    }
    let _ = writeln!(
        o,
        "\n{}:\n",
        lang.pick("分歧原因", "Disagreements by cause")
    );
    for (n, (cause, games)) in groups(shown).into_iter().enumerate() {
        let links: Vec<String> = games
            .iter()
            .map(|g| format!("[#{0}]({1}.html#game-{0})", g.game.index, args.name))
            .collect();
        let _ = writeln!(
            o,
            "{}. **{}** — {}: {}",
            n + 1,
            cause,
            games.len(),
            links.join(" ")
        );
    }
    let _ = writeln!(
        o,
        "\n{} [{}.html]({}.html).\n\n```sh\n{}\n```",
        lang.pick(
            "每一局的棋图、循环着法与逐着判定见",
            "Every game with its diagram, the cycle's moves and each ply's class:"
        ),
        args.name,
        args.name,
        page.command
    );
    o
}
