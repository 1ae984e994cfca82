//! The report's HTML page: the chart of verdicts per ruleset, the pair table, the cause groups
//! and every disagreeing game's section.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use xiangqi::diagram::{Arrow, ArrowKind, Diagram, Style};
use xiangqi::movegen::Position;
use xiangqi::notation::render_chinese;

use super::{Books, Lang, Page, Shown, esc, groups, pairs, words};
use crate::batch::Summary;

const VERDICTS: [(&str, &str, &str, &str); 3] = [
    ("draw", "和棋", "draw", "#7f8c8d"),
    ("red-must-vary", "红方须变着", "Red must vary", "#c0392b"),
    (
        "black-must-vary",
        "黑方须变着",
        "Black must vary",
        "#2c3e50",
    ),
];

/// A horizontal stacked bar per ruleset: the repetition verdicts.
fn chart(summary: &Summary, books: &Books, lang: Lang) -> String {
    let rows: Vec<(String, &BTreeMap<String, usize>)> = books.verdicts(summary);
    let total = rows
        .iter()
        .map(|(_, v)| v.values().sum::<usize>())
        .max()
        .unwrap_or(1)
        .max(1);
    let (label_w, bar_w, row_h) = (140.0, 520.0, 34.0);
    let h = rows.len() as f64 * row_h + 40.0;
    let mut s = format!(
        r#"<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="{}" height="{h}" viewBox="0 0 {} {h}" role="img" aria-label="{}">"#,
        label_w + bar_w + 20.0,
        label_w + bar_w + 20.0,
        lang.pick("各规则集的循环判决", "Repetition verdicts per ruleset")
    );
    for (i, (rs, v)) in rows.iter().enumerate() {
        let y = i as f64 * row_h + 4.0;
        let _ = write!(
            s,
            r#"<text x="{}" y="{}" text-anchor="end" font-size="14" dominant-baseline="central">{}</text>"#,
            label_w - 8.0,
            y + 12.0,
            esc(rs)
        );
        let mut x = label_w;
        for (key, zh, en, colour) in VERDICTS {
            let n = v.get(key).copied().unwrap_or(0);
            let w = bar_w * n as f64 / total as f64;
            if n > 0 {
                let _ = write!(
                    s,
                    r#"<rect x="{x}" y="{y}" width="{w}" height="24" fill="{colour}"><title>{}: {n}</title></rect>"#,
                    lang.pick(zh, en)
                );
                if w > 28.0 {
                    let _ = write!(
                        s,
                        r##"<text x="{}" y="{}" fill="#fff" font-size="12" text-anchor="middle" dominant-baseline="central">{n}</text>"##,
                        x + w / 2.0,
                        y + 12.0
                    );
                }
            }
            x += w;
        }
    }
    let mut x = label_w;
    let ly = rows.len() as f64 * row_h + 18.0;
    for (_, zh, en, colour) in VERDICTS {
        let _ = write!(
            s,
            r#"<rect x="{x}" y="{}" width="12" height="12" fill="{colour}"/><text x="{}" y="{ly}" font-size="12" dominant-baseline="central">{}</text>"#,
            ly - 6.0,
            x + 16.0,
            lang.pick(zh, en)
        );
        x += 130.0;
    }
    s.push_str("</svg>");
    s
}

fn game_section(out: &mut String, s: &Shown, books: &Books, lang: Lang) {
    let g = &s.game;
    let tag = |k: &str| g.tags.get(k).cloned().unwrap_or_default();
    let _ = write!(
        out,
        r##"<section class="game" id="game-{}"><h3><a href="#game-{}">#{}</a> {} – {} <small>{} {}</small></h3>"##,
        g.index,
        g.index,
        g.index,
        esc(&tag("Red")),
        esc(&tag("Black")),
        esc(&tag("Event")),
        esc(&tag("Date"))
    );
    let _ = write!(out, r#"<p class="cause">{}</p>"#, esc(&s.cause));
    // The cycle shown: the first ruleset's decisive one (else any ruleset's).
    let Some(rep) = s.rulings.iter().find_map(|r| r.repetition.as_ref()) else {
        out.push_str("</section>");
        return;
    };
    let (first, last) = (rep.first_ply, rep.last_ply);
    let mut pos: Position = g.start.clone();
    for &m in &g.moves[..first - 1] {
        pos.play_unchecked(m);
    }
    let before = pos.clone();
    // Chinese moves of the cycle.
    let mut texts = Vec::new();
    let mut sides = Vec::new();
    // The position after each ply of the cycle: the chased pieces are named as they stand there.
    let mut afters = Vec::new();
    let mut p = pos.clone();
    for &m in &g.moves[first - 1..last] {
        texts.push(render_chinese(&p, m));
        sides.push(p.turn());
        p.play_unchecked(m);
        afters.push(p.clone());
    }
    // The cycle's first move, and what it chases from where it lands.
    let first_move = g.moves[first - 1];
    let mut arrows: Vec<Arrow> = vec![Arrow {
        from: first_move.from,
        to: first_move.to,
        kind: ArrowKind::Note,
    }];
    arrows.extend(
        s.rulings[0]
            .plies
            .iter()
            .filter(|pr| pr.ply == first)
            .flat_map(|pr| {
                let from = g.moves[first - 1].to;
                pr.targets
                    .iter()
                    .filter_map(move |t| t.parse().ok().map(|to| Arrow::chase(from, to)))
            }),
    );
    let mut d = Diagram::new(&before)
        .style(Style::Board)
        .cell(36.0)
        .caption(format!(
            "{} {first}",
            lang.pick("循环始于第", "cycle from ply")
        ));
    if first > 1 {
        d = d.last_move(g.moves[first - 2]);
    }
    let svg = d.arrows(arrows).svg();
    let _ = write!(
        out,
        r#"<div class="pair"><div class="board">{svg}</div><div class="plies">"#
    );
    let _ = write!(
        out,
        "<p class=\"moves\">{}</p>",
        texts
            .iter()
            .enumerate()
            .map(|(i, t)| format!("<span>{}. {}</span>", first + i, esc(t)))
            .collect::<Vec<_>>()
            .join(" ")
    );
    out.push_str("<table class=\"cycle\"><thead><tr>");
    let _ = write!(
        out,
        "<th>{}</th><th>{}</th><th>{}</th>",
        lang.pick("着", "ply"),
        lang.pick("着法", "move"),
        lang.pick("方", "side")
    );
    for b in &books.books {
        let _ = write!(out, "<th>{}</th>", esc(&b.short));
    }
    out.push_str("</tr></thead><tbody>");
    for (i, t) in texts.iter().enumerate() {
        let ply = first + i;
        let cells: Vec<String> = s
            .rulings
            .iter()
            .map(|r| words::class_cell(r.plies.iter().find(|p| p.ply == ply), &afters[i], lang))
            .collect();
        let differs = cells.windows(2).any(|w| w[0] != w[1]);
        let _ = write!(
            out,
            "<tr{}><td>{ply}</td><td>{}</td><td>{}</td>",
            if differs { " class=\"differs\"" } else { "" },
            esc(t),
            if sides[i] == xiangqi::board::Color::Red {
                lang.pick("红", "Red")
            } else {
                lang.pick("黑", "Black")
            }
        );
        for (c, r) in cells.iter().zip(&s.rulings) {
            let _ = write!(out, "<td>{}", esc(c));
            // Where the classes differ, the line behind each 捉 / 杀 with its search bounds.
            if differs && let Some(p) = r.plies.iter().find(|p| p.ply == ply) {
                for line in &p.lines {
                    let _ = write!(
                        out,
                        "<div class=\"line\">{}</div>",
                        esc(&words::line(p, line, &afters[i], lang))
                    );
                }
            }
            out.push_str("</td>");
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody><tfoot><tr><td colspan=\"3\">");
    out.push_str(lang.pick("判决", "ruling"));
    out.push_str("</td>");
    for (k, r) in s.rulings.iter().enumerate() {
        let cell = match &r.repetition {
            Some(rep) => format!(
                "{} {} / {} {} → {}",
                lang.pick("红", "Red"),
                rep.red,
                lang.pick("黑", "Black"),
                rep.black,
                words::repetition(rep, lang)
            ),
            None => words::no_repetition(r, books.occurrences[k], lang),
        };
        let _ = write!(out, "<td>{}</td>", esc(&cell));
    }
    out.push_str("</tr></tfoot></table></div></div></section>\n");
}

const CSS: &str = r#"
body{font-family:"Noto Sans CJK SC","Noto Serif CJK SC","PingFang SC","Microsoft YaHei",sans-serif;margin:2em auto;max-width:1100px;color:#222;line-height:1.5;padding:0 1em}
h1{font-size:1.6em;margin-bottom:.2em} h2{border-bottom:2px solid #c0392b;padding-bottom:.2em;margin-top:2em}
table{border-collapse:collapse;margin:.6em 0} th,td{border:1px solid #999;padding:.25em .6em;text-align:left;vertical-align:top}
thead th{background:#f3e6d0} tr.differs td{background:#fdebd0;font-weight:600}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.command{font-family:monospace;background:#f5f5f5;padding:.5em;border:1px solid #ddd;word-break:break-all}
.game{border-top:1px solid #ccc;margin-top:1.5em;padding-top:.5em;break-inside:avoid;page-break-inside:avoid}
.game h3{margin:.2em 0} .game small{color:#666;font-weight:normal}
.cause{color:#7b241c;margin:.2em 0 .6em}
.cycle .line{font-weight:normal;font-size:.85em;color:#444}
.pair{display:flex;gap:1.2em;align-items:flex-start;flex-wrap:wrap} .board svg{width:330px;height:auto}
.plies{flex:1 1 600px;min-width:360px} .moves span{white-space:nowrap;margin-right:.6em}
.cycle td:nth-child(-n+3),.cycle th{white-space:nowrap}
.groups td:first-child{max-width:560px} .rules td{border-color:#ccc;font-size:.92em} .rules{margin:0}
.legend{font-size:.92em;color:#333;background:#faf6ee;border-left:3px solid #c0392b;padding:.4em .8em}
nav a{margin-right:.8em}
@page{size:A4;margin:15mm} @media print{body{margin:0;max-width:none;font-size:10.5pt} .board svg{width:250px} .plies{min-width:0} a{color:inherit;text-decoration:none} .game{page-break-inside:avoid} h2{page-break-after:avoid} thead{display:table-header-group}}
"#;

/// Pairs of rulings shown in a pair's cell before the rest is folded.
const SHOWN_RULINGS: usize = 8;

/// The links to a few games (`#147 #2098 …`) and how many more there are.
fn game_links(games: &[usize], at_most: usize, lang: Lang) -> String {
    let mut s: Vec<String> = games
        .iter()
        .take(at_most)
        .map(|i| format!("<a href=\"#game-{i}\">#{i}</a>"))
        .collect();
    if games.len() > at_most {
        s.push(
            format!("{}{}", lang.pick("…另", "… and "), games.len() - at_most)
                + lang.pick("局", " more"),
        );
    }
    s.join(" ")
}

/// The legend of the books: each ruleset's short name, its book's title and id; and for an
/// edition that rules a repetition at another occurrence than the others (the computer league's
/// 4th), why its bar is shorter.
fn legend(page: &Page<'_>) -> String {
    let lang = page.args.lang;
    let books = page.books;
    let mut o = String::new();
    let _ = write!(
        o,
        "<table class=\"books\"><thead><tr><th>{}</th><th>{}</th><th>{}</th></tr></thead><tbody>",
        lang.pick("简称", "ruleset"),
        lang.pick("规则", "rules"),
        lang.pick("裁决于局面第几次出现", "rules a repetition at occurrence")
    );
    for (i, b) in books.books.iter().enumerate() {
        let _ = write!(
            o,
            "<tr><td>{}</td><td>{} <code>{}</code></td><td class=\"num\">{}</td></tr>",
            esc(&b.short),
            esc(&b.title),
            esc(&books.ids[i]),
            match lang {
                Lang::Zh => format!("第{}次", words::number_zh(books.occurrences[i])),
                Lang::En => books.occurrences[i].to_string(),
            }
        );
    }
    o.push_str("</tbody></table>");
    let usual = books.occurrences.iter().copied().min().unwrap_or(3);
    let total = |id: &str| {
        page.summary
            .verdicts
            .get(id)
            .map_or(0, |v| v.values().sum::<usize>())
    };
    let most = books.ids.iter().map(|id| total(id)).max().unwrap_or(0);
    for (i, id) in books.ids.iter().enumerate() {
        let n = books.occurrences[i];
        if n == usual {
            continue;
        }
        let _ = write!(
            o,
            "<p class=\"legend\">{}</p>",
            esc(&match lang {
                Lang::Zh => format!(
                    "{}只在同一局面第{}次出现时才裁决（其余规则在第{}次）。其余规则已裁决的循环，若没有再走一遍到第{}次，{}不作裁决，故其条形只含{}局循环判决（最多的规则为{}局）；这些对局在下表中记为“局面未重复{}次”。",
                    books.books[i].short,
                    words::number_zh(n),
                    words::number_zh(usual),
                    words::number_zh(n),
                    books.books[i].short,
                    total(id),
                    most,
                    words::number_zh(n)
                ),
                Lang::En => format!(
                    "{id} rules a repetition only at the {n}th occurrence of a position (the others at the {usual}th): a cycle the others rule is not ruled by it unless it is played once more, so its bar holds {} repetition verdicts (the most: {most}); those games read \"no position occurs {n} times\" below.",
                    total(id)
                ),
            })
        );
    }
    o
}

/// The pair table: for each pair, how many games they rule differently and, as a small table,
/// each pair of rulings (left / right) with its count and a few games.
fn pair_table(page: &Page<'_>) -> String {
    let lang = page.args.lang;
    let mut o = String::new();
    let _ = write!(
        o,
        "<h2 id=\"pairs\">{}</h2><table class=\"groups\"><thead><tr><th>{}</th><th class=\"num\">{}</th><th>{}</th></tr></thead><tbody>",
        lang.pick("两两对比", "Pair by pair"),
        lang.pick("规则", "rulesets"),
        lang.pick("判决不同的对局", "games ruled differently"),
        lang.pick("按判决（左 / 右）", "by ruling (left / right)")
    );
    for p in pairs(page.shown, page.books, lang) {
        let _ = write!(
            o,
            "<tr><td>{} – {}</td><td class=\"num\">{}</td><td>",
            esc(&p.a),
            esc(&p.b),
            p.games
        );
        if !p.by_rule.is_empty() {
            let _ = write!(
                o,
                "<table class=\"rules\"><thead><tr><th>{}</th><th>{}</th><th class=\"num\">{}</th><th>{}</th></tr></thead><tbody>",
                esc(&p.a),
                esc(&p.b),
                lang.pick("局数", "games"),
                lang.pick("对局", "games")
            );
            // The most frequent pairs of rulings in the cell; the rarer ones folded under it.
            let row = |o: &mut String, ((x, y), g): &((String, String), Vec<usize>)| {
                let _ = write!(
                    o,
                    "<tr><td>{}</td><td>{}</td><td class=\"num\">{}</td><td>{}</td></tr>",
                    esc(x),
                    esc(y),
                    g.len(),
                    game_links(g, 3, lang)
                );
            };
            for r in p.by_rule.iter().take(SHOWN_RULINGS) {
                row(&mut o, r);
            }
            o.push_str("</tbody></table>");
            if p.by_rule.len() > SHOWN_RULINGS {
                let rest = &p.by_rule[SHOWN_RULINGS..];
                let games: usize = rest.iter().map(|(_, g)| g.len()).sum();
                let _ = write!(
                    o,
                    "<details><summary>{}</summary><table class=\"rules\"><tbody>",
                    match lang {
                        Lang::Zh => format!("其余{}种判决组合（{games}局）", rest.len()),
                        Lang::En => format!("{} more pairs of rulings ({games} games)", rest.len()),
                    }
                );
                for r in rest {
                    row(&mut o, r);
                }
                o.push_str("</tbody></table></details>");
            }
        }
        o.push_str("</td></tr>");
    }
    o.push_str("</tbody></table>");
    o
}

pub(super) fn html(page: &Page<'_>) -> String {
    let (summary, shown, args) = (page.summary, page.shown, page.args);
    let lang = args.lang;
    let mut o = String::new();
    let title = page.title();
    let _ = write!(
        o,
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{}</title><style>{CSS}</style></head><body>",
        lang.pick("zh-CN", "en"),
        esc(&title)
    );
    let _ = write!(o, "<h1>{}</h1>", esc(&title));
    let _ = write!(
        o,
        "<p>{} <code>{}</code></p>",
        lang.pick("棋谱：", "Games:"),
        esc(&args.file)
    );
    if let Some(cause) = page.only_cause {
        let _ = write!(
            o,
            "<p class=\"legend\">{}{}</p>",
            lang.pick("只列出一类分歧：", "One cause only: "),
            esc(cause)
        );
    }
    let _ = write!(
        o,
        "<nav><a href=\"#summary\">{}</a><a href=\"#groups\">{}</a><a href=\"#games\">{}</a></nav>",
        lang.pick("概况", "Summary"),
        lang.pick("分歧分类", "Disagreements by cause"),
        lang.pick("对局", "Games")
    );
    let _ = write!(
        o,
        "<h2 id=\"summary\">{}</h2>",
        lang.pick("概况", "Summary")
    );
    o.push_str(&legend(page));
    o.push_str("<table><tbody>");
    for (k, v) in [
        (lang.pick("对局数", "games"), summary.games),
        (lang.pick("着数（半回合）", "plies"), summary.plies),
        (
            lang.pick(
                "出现三次重复局面的对局",
                "games reaching a threefold repetition",
            ),
            summary.with_repetition,
        ),
        (
            lang.pick(
                "各规则判决不同的对局",
                "games the rulesets rule differently",
            ),
            summary.disagreements,
        ),
        (
            lang.pick("无法读取的棋谱", "records that could not be read"),
            summary.unreadable,
        ),
    ] {
        let _ = write!(o, "<tr><th>{k}</th><td class=\"num\">{v}</td></tr>");
    }
    o.push_str("</tbody></table>");
    let _ = write!(
        o,
        "<table><thead><tr><th>{}</th>",
        lang.pick("规则", "ruleset")
    );
    for (_, zh, en, _) in VERDICTS {
        let _ = write!(o, "<th class=\"num\">{}</th>", lang.pick(zh, en));
    }
    o.push_str("</tr></thead><tbody>");
    for (rs, v) in page.books.verdicts(summary) {
        let _ = write!(o, "<tr><td>{}</td>", esc(&rs));
        for (key, ..) in VERDICTS {
            let _ = write!(
                o,
                "<td class=\"num\">{}</td>",
                v.get(key).copied().unwrap_or(0)
            );
        }
        o.push_str("</tr>");
    }
    o.push_str("</tbody></table>");
    o.push_str(&chart(summary, page.books, lang));
    if page.rulesets.len() > 2 {
        o.push_str(&pair_table(page));
    }
    let _ = write!(
        o,
        "<h2 id=\"groups\">{}</h2><table class=\"groups\"><thead><tr><th class=\"num\">{}</th><th>{}</th><th class=\"num\">{}</th><th class=\"num\">{}</th><th>{}</th></tr></thead><tbody>",
        lang.pick(
            "分歧分类（按规则差异）",
            "Disagreements by the rule difference that causes them"
        ),
        lang.pick("类", "no."),
        lang.pick("原因", "cause"),
        lang.pick("局数", "games"),
        lang.pick("占重复对局", "share of repetition games"),
        lang.pick("对局", "games")
    );
    for (n, (cause, games)) in groups(shown).into_iter().enumerate() {
        let share = 100.0 * games.len() as f64 / summary.with_repetition.max(1) as f64;
        let ids: Vec<usize> = games.iter().map(|s| s.game.index).collect();
        let _ = write!(
            o,
            "<tr id=\"cause-{0}\"><td class=\"num\">{0}</td><td>{1}</td><td class=\"num\">{2}</td><td class=\"num\">{share:.1}%</td><td>{3}</td></tr>",
            n + 1,
            esc(cause),
            games.len(),
            game_links(&ids, ids.len(), lang)
        );
    }
    o.push_str("</tbody></table>");
    if page.more > 0 {
        let _ = write!(
            o,
            "<p>{} {}</p>",
            lang.pick(
                "未逐局列出的分歧对局：",
                "Disagreeing games not shown in full:"
            ),
            page.more
        );
    }
    let _ = write!(
        o,
        "<h2 id=\"games\">{}</h2>",
        lang.pick("判决不同的对局", "Games ruled differently")
    );
    for s in shown {
        game_section(&mut o, s, page.books, lang);
    }
    let _ = writeln!(
        o,
        "<h2>{}</h2><p class=\"command\">{}</p></body></html>",
        lang.pick("重现本报告", "Reproduce this report"),
        esc(page.command)
    );
    o
}
