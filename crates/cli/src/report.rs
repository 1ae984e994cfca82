//! `xq report FILE --ruleset A --ruleset B … [--lang zh|en] [-o DIR]`: the federation's
//! comparison of rule editions over a game database, as one static HTML page to open in any
//! browser and to print, plus a short Markdown summary.
//!
//! The page holds the headline numbers and a chart of the repetition verdicts per ruleset; the
//! games on which the rulesets disagree, grouped by the difference in the rulings that causes
//! them (with counts and share); and every disagreeing game with the diagram at its cycle's first
//! position, the cycle's moves in Chinese notation, each ply's class under every ruleset side by
//! side, and the reason in one language. Every game has an anchor (`#game-147`). Any set of
//! rulesets can be compared, TOML variants of an edition included.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::PathBuf;

use xiangqi::adjudication::GameRecord;
use xiangqi::diagram::{Arrow, ArrowKind, Diagram, Style};
use xiangqi::movegen::Position;
use xiangqi::notation::render_chinese;
use xiangqi::rules::{Arbiter, ClassKind, JudgeOptions, PlyRuling, Ruling, Verdict};

use crate::CliError;
use crate::batch::{BatchGame, BatchOptions, Summary};
use crate::io::write_output;

/// Games shown in full at most (the others are counted in their group).
const MAX_GAMES: usize = 2_000;

/// Arguments of `xq report`.
#[derive(clap::Args, Debug)]
pub struct ReportArgs {
    /// The game database (PGN, `.tsv` with an `iccs_moves` column, or any format `convert`
    /// reads).
    file: String,
    /// A ruleset id or TOML file; repeat it (two or more).
    #[arg(long = "ruleset", value_name = "R", required = true)]
    rulesets: Vec<String>,
    /// The language of the page: zh (Chinese) or en (English).
    #[arg(long, value_enum, default_value_t = Lang::Zh)]
    lang: Lang,
    /// The folder to write `NAME.html` and `NAME.md` into.
    #[arg(short, long, default_value = ".")]
    out: PathBuf,
    /// The file name (without extension) of the page and the summary.
    #[arg(long, default_value = "report")]
    name: String,
    /// Worker threads (0 = all cores).
    #[arg(long, default_value_t = 0)]
    jobs: usize,
    /// Accept only standard move forms.
    #[arg(long)]
    strict: bool,
}

/// The language of a report.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    /// 中文.
    Zh,
    /// English.
    En,
}

impl Lang {
    fn pick<'a>(self, zh: &'a str, en: &'a str) -> &'a str {
        match self {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }
}

fn esc(t: &str) -> String {
    xiangqi::diagram::escape_html(t)
}

fn verdict_word(v: Verdict, lang: Lang) -> &'static str {
    match (v, lang) {
        (Verdict::Draw, Lang::Zh) => "和棋",
        (Verdict::Draw, Lang::En) => "draw",
        (Verdict::MustVary(xiangqi::board::Color::Red), Lang::Zh) => "红方变着",
        (Verdict::MustVary(xiangqi::board::Color::Red), Lang::En) => "Red must vary",
        (Verdict::MustVary(_), Lang::Zh) => "黑方变着",
        (Verdict::MustVary(_), Lang::En) => "Black must vary",
    }
}

/// The difference between the rulings of a cycle that makes their verdicts differ: each
/// edition's reading of the cycle in the report's language
/// ([`RuleEdition::cycle_reading`](xiangqi::rules::RuleEdition::cycle_reading)), or, where an
/// edition has none, its labels and verdict.
fn cause(arbiters: &[Arbiter], rulings: &[Ruling], lang: Lang) -> String {
    let readings: Vec<Option<String>> = arbiters
        .iter()
        .zip(rulings)
        .map(|(a, r)| {
            let w = a.edition().cycle_reading(r.repetition.as_ref()?)?;
            Some(lang.pick(&w.zh, &w.en).to_string())
        })
        .collect();
    // Readings tell editions apart; two rulesets that read the cycle alike (an edition and a
    // variant of its parameters) differ in their labels.
    let alike = readings.windows(2).all(|w| w[0] == w[1]);
    let per: Vec<String> = rulings
        .iter()
        .zip(readings)
        .map(|(r, reading)| match (&r.repetition, reading) {
            (Some(_), Some(w)) if !alike => format!("{}: {w}", r.ruleset),
            (Some(rep), _) => format!(
                "{}: {} {} / {} {} → {}",
                r.ruleset,
                lang.pick("红", "Red"),
                rep.red,
                lang.pick("黑", "Black"),
                rep.black,
                verdict_word(rep.verdict, lang)
            ),
            (None, _) => format!("{}: {}", r.ruleset, r.outcome.as_str()),
        })
        .collect();
    per.join(lang.pick("；", "; "))
}

/// One disagreeing game, judged in full.
struct Shown {
    game: BatchGame,
    rulings: Vec<Ruling>,
    cause: String,
}

fn judge_full(game: BatchGame, arbiters: &[Arbiter], lang: Lang) -> Option<Shown> {
    let record = GameRecord::new(game.start.clone(), game.moves.clone()).ok()?;
    // Each ruling with the line behind each 捉 and 杀 (in Chinese notation), shown where the
    // rulesets' classes differ.
    let rulings: Vec<Ruling> = arbiters
        .iter()
        .map(|a| {
            let mut r = a.judge(&record, JudgeOptions::default());
            a.explain(&record, &mut r);
            xiangqi::judgement::render_lines(&record, &mut r);
            r
        })
        .collect();
    let cause = cause(arbiters, &rulings, lang);
    Some(Shown {
        game,
        rulings,
        cause,
    })
}

/// Runs `xq report`.
pub fn run(args: ReportArgs) -> Result<(), CliError> {
    if args.rulesets.len() < 2 {
        return Err(CliError::input(
            "a report compares rulesets: give --ruleset at least twice",
        ));
    }
    let arbiters: std::sync::Arc<[Arbiter]> = crate::judge::arbiters(&args.rulesets)?.into();
    let opts = BatchOptions {
        jobs: args.jobs,
        summary: true,
        progress: true,
        mode: if args.strict {
            xiangqi::notation::Mode::Strict
        } else {
            xiangqi::notation::Mode::Tolerant
        },
        quiet: true,
    };
    let mut kept: Vec<BatchGame> = Vec::new();
    let mut more = 0usize;
    let summary = crate::batch::run_with(&args.file, arbiters.clone(), opts, |g| {
        if kept.len() < MAX_GAMES {
            kept.push(g);
        } else {
            more += 1;
        }
    })?;
    // A database with some unreadable records still makes a report (which counts them).
    let verdict = crate::batch::records_verdict(&args.file, &summary);
    if summary.unreadable == summary.games {
        return verdict;
    }
    let shown: Vec<Shown> = kept
        .into_iter()
        .filter_map(|g| judge_full(g, &arbiters, args.lang))
        .collect();
    let command = format!(
        "xq report {} {} --lang {} -o {} --name {}",
        args.file,
        args.rulesets
            .iter()
            .map(|r| format!("--ruleset {r}"))
            .collect::<Vec<_>>()
            .join(" "),
        match args.lang {
            Lang::Zh => "zh",
            Lang::En => "en",
        },
        args.out.display(),
        args.name
    );
    let html = html(&summary, &shown, more, &args, &command);
    let md = markdown(&summary, &shown, &args, &command);
    std::fs::create_dir_all(&args.out)
        .map_err(|e| CliError::input(format!("{}: {e}", args.out.display())))?;
    write_output(
        &args.out.join(format!("{}.html", args.name)),
        html.as_bytes(),
    )?;
    write_output(&args.out.join(format!("{}.md", args.name)), md.as_bytes())?;
    eprintln!(
        "report: {} games, {} disagreements; wrote {}/{}.html and .md",
        summary.games,
        summary.disagreements,
        args.out.display(),
        args.name
    );
    verdict
}

/// Disagreeing games grouped by their cause, largest group first.
fn groups(shown: &[Shown]) -> Vec<(&str, Vec<&Shown>)> {
    let mut by: BTreeMap<&str, Vec<&Shown>> = BTreeMap::new();
    for s in shown {
        by.entry(s.cause.as_str()).or_default().push(s);
    }
    let mut v: Vec<(&str, Vec<&Shown>)> = by.into_iter().collect();
    v.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then(a.0.cmp(b.0)));
    v
}

/// What a ruling rests on, for telling two rulings apart: the repetition's verdict and rule word
/// (e.g. `perpetual-chase`, `no-violation`) and the game's outcome with its reason (a loss after
/// a second ruling, a limit, the end on the board, `none`).
fn rule_word(r: &Ruling) -> String {
    let game = format!("{} ({})", r.outcome.as_str(), r.reason);
    match &r.repetition {
        Some(rep) => format!("{} ({}) → {game}", rep.verdict.as_str(), rep.reason),
        None => game,
    }
}

/// One pair of rulesets: the games their rulings differ on (outcome or repetition verdict, as
/// the batch compares them), grouped by the rule each side's ruling rests on.
struct Pair {
    a: String,
    b: String,
    games: usize,
    by_rule: Vec<((String, String), Vec<usize>)>,
}

/// Every pair of the compared rulesets, in the order given, over the games shown.
fn pairs(shown: &[Shown], rulesets: &[String]) -> Vec<Pair> {
    let key = |r: &Ruling| (r.outcome, r.repetition.as_ref().map(|x| x.verdict.as_str()));
    let mut out = Vec::new();
    for i in 0..rulesets.len() {
        for j in i + 1..rulesets.len() {
            let mut by: BTreeMap<(String, String), Vec<usize>> = BTreeMap::new();
            let mut games = 0;
            for s in shown {
                let (Some(ra), Some(rb)) = (s.rulings.get(i), s.rulings.get(j)) else {
                    continue;
                };
                if key(ra) != key(rb) {
                    games += 1;
                    by.entry((rule_word(ra), rule_word(rb)))
                        .or_default()
                        .push(s.game.index);
                }
            }
            let mut by_rule: Vec<_> = by.into_iter().collect();
            by_rule.sort_by(|x, y| y.1.len().cmp(&x.1.len()).then(x.0.cmp(&y.0)));
            out.push(Pair {
                a: rulesets[i].clone(),
                b: rulesets[j].clone(),
                games,
                by_rule,
            });
        }
    }
    out
}

const VERDICTS: [(&str, &str, &str, &str); 3] = [
    ("draw", "和棋", "draw", "#7f8c8d"),
    ("red-must-vary", "红方变着", "Red must vary", "#c0392b"),
    ("black-must-vary", "黑方变着", "Black must vary", "#2c3e50"),
];

/// A horizontal stacked bar per ruleset: the repetition verdicts.
fn chart(summary: &Summary, lang: Lang) -> String {
    let rows: Vec<(&String, &BTreeMap<String, usize>)> = summary.verdicts.iter().collect();
    let total = rows
        .iter()
        .map(|(_, v)| v.values().sum::<usize>())
        .max()
        .unwrap_or(1)
        .max(1);
    let (label_w, bar_w, row_h) = (120.0, 520.0, 34.0);
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

fn class_cell(p: Option<&PlyRuling>) -> String {
    let Some(p) = p else {
        return "–".into();
    };
    let Some(kind) = p.class else {
        return "–".into();
    };
    let mut s = p.label.clone().unwrap_or_else(|| {
        match kind {
            ClassKind::Check => "将",
            ClassKind::MateThreat => "杀",
            ClassKind::Chase => "捉",
            ClassKind::Idle => "闲",
        }
        .to_string()
    });
    if !p.targets.is_empty() {
        s.push_str(&format!("（{}）", p.targets.join("、")));
    }
    s
}

fn game_section(out: &mut String, s: &Shown, lang: Lang) {
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
    let mut p = pos.clone();
    for &m in &g.moves[first - 1..last] {
        texts.push(render_chinese(&p, m));
        sides.push(p.turn());
        p.play_unchecked(m);
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
    for r in &s.rulings {
        let _ = write!(out, "<th>{}</th>", esc(&r.ruleset));
    }
    out.push_str("</tr></thead><tbody>");
    for (i, t) in texts.iter().enumerate() {
        let ply = first + i;
        let cells: Vec<String> = s
            .rulings
            .iter()
            .map(|r| class_cell(r.plies.iter().find(|p| p.ply == ply)))
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
                        esc(&xiangqi::judgement::line_text(p, line))
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
    for r in &s.rulings {
        let cell = match &r.repetition {
            Some(rep) => format!(
                "{} {} / {} {} → {}",
                lang.pick("红", "Red"),
                rep.red,
                lang.pick("黑", "Black"),
                rep.black,
                verdict_word(rep.verdict, lang)
            ),
            None => r.outcome.as_str().to_string(),
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
.plies{flex:1;min-width:360px} .moves span{white-space:nowrap;margin-right:.6em}
.cycle td:nth-child(-n+3),.cycle th{white-space:nowrap}
.groups td:first-child{max-width:560px}
nav a{margin-right:.8em}
@page{size:A4;margin:15mm} @media print{body{margin:0;max-width:none;font-size:10.5pt} .board svg{width:250px} .plies{min-width:0} a{color:inherit;text-decoration:none} .game{page-break-inside:avoid} h2{page-break-after:avoid} thead{display:table-header-group}}
"#;

fn html(
    summary: &Summary,
    shown: &[Shown],
    more: usize,
    args: &ReportArgs,
    command: &str,
) -> String {
    let lang = args.lang;
    let mut o = String::new();
    let title = format!(
        "{} {}",
        args.rulesets.join(" / "),
        lang.pick("规则对比", "— comparison of rulings")
    );
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
    let _ = write!(
        o,
        "<nav><a href=\"#summary\">{}</a><a href=\"#groups\">{}</a><a href=\"#games\">{}</a></nav>",
        lang.pick("概况", "Summary"),
        lang.pick("分歧分类", "Disagreements by cause"),
        lang.pick("对局", "Games")
    );
    let _ = write!(
        o,
        "<h2 id=\"summary\">{}</h2><table><tbody>",
        lang.pick("概况", "Summary")
    );
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
                "规则集判决不同的对局",
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
        lang.pick("规则集", "ruleset")
    );
    for (_, zh, en, _) in VERDICTS {
        let _ = write!(o, "<th class=\"num\">{}</th>", lang.pick(zh, en));
    }
    o.push_str("</tr></thead><tbody>");
    for (rs, v) in &summary.verdicts {
        let _ = write!(o, "<tr><td>{}</td>", esc(rs));
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
    o.push_str(&chart(summary, lang));
    if args.rulesets.len() > 2 {
        let _ = write!(
            o,
            "<h2 id=\"pairs\">{}</h2><table class=\"groups\"><thead><tr><th>{}</th><th class=\"num\">{}</th><th>{}</th></tr></thead><tbody>",
            lang.pick("两两对比", "Pair by pair"),
            lang.pick("规则集", "rulesets"),
            lang.pick("判决不同的对局", "games ruled differently"),
            lang.pick("按规则（左 / 右）", "by rule (left / right)")
        );
        for p in pairs(shown, &args.rulesets) {
            let rules: Vec<String> = p
                .by_rule
                .iter()
                .map(|((x, y), g)| format!("{} / {}: {}", esc(x), esc(y), g.len()))
                .collect();
            let _ = write!(
                o,
                "<tr><td>{} – {}</td><td class=\"num\">{}</td><td>{}</td></tr>",
                esc(&p.a),
                esc(&p.b),
                p.games,
                rules.join("<br>")
            );
        }
        o.push_str("</tbody></table>");
    }
    let _ = write!(
        o,
        "<h2 id=\"groups\">{}</h2><table class=\"groups\"><thead><tr><th>{}</th><th class=\"num\">{}</th><th class=\"num\">{}</th><th>{}</th></tr></thead><tbody>",
        lang.pick(
            "分歧分类（按规则差异）",
            "Disagreements by the rule difference that causes them"
        ),
        lang.pick("原因", "cause"),
        lang.pick("局数", "games"),
        lang.pick("占重复对局", "share of repetition games"),
        lang.pick("对局", "games")
    );
    for (cause, games) in groups(shown) {
        let share = 100.0 * games.len() as f64 / summary.with_repetition.max(1) as f64;
        let links: Vec<String> = games
            .iter()
            .map(|s| format!("<a href=\"#game-{0}\">#{0}</a>", s.game.index))
            .collect();
        let _ = write!(
            o,
            "<tr><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{share:.1}%</td><td>{}</td></tr>",
            esc(cause),
            games.len(),
            links.join(" ")
        );
    }
    o.push_str("</tbody></table>");
    if more > 0 {
        let _ = write!(
            o,
            "<p>{} {more}</p>",
            lang.pick(
                "未逐局列出的分歧对局：",
                "Disagreeing games not shown in full:"
            )
        );
    }
    let _ = write!(
        o,
        "<h2 id=\"games\">{}</h2>",
        lang.pick("判决不同的对局", "Games ruled differently")
    );
    for s in shown {
        game_section(&mut o, s, lang);
    }
    let _ = writeln!(
        o,
        "<h2>{}</h2><p class=\"command\">{}</p></body></html>",
        lang.pick("重现本报告", "Reproduce this report"),
        esc(command)
    );
    o
}

fn markdown(summary: &Summary, shown: &[Shown], args: &ReportArgs, command: &str) -> String {
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
