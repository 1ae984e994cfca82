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
use std::path::PathBuf;

use xiangqi::adjudication::GameRecord;
use xiangqi::rules::{Arbiter, JudgeOptions, Ruling, Verdict};

use crate::CliError;
use crate::batch::{BatchGame, BatchOptions};
use crate::io::write_output;

mod html;
mod markdown;

use html::html;
use markdown::markdown;

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

pub(crate) fn esc(t: &str) -> String {
    xiangqi::diagram::escape_html(t)
}

pub(crate) fn verdict_word(v: Verdict, lang: Lang) -> &'static str {
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
pub(crate) struct Shown {
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
    let arbiters: std::sync::Arc<[Arbiter]> =
        crate::commands::judge::arbiters(&args.rulesets)?.into();
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
pub(crate) fn groups(shown: &[Shown]) -> Vec<(&str, Vec<&Shown>)> {
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
pub(crate) fn rule_word(r: &Ruling) -> String {
    let game = format!("{} ({})", r.outcome.as_str(), r.reason);
    match &r.repetition {
        Some(rep) => format!("{} ({}) → {game}", rep.verdict.as_str(), rep.reason),
        None => game,
    }
}

/// One pair of rulesets: the games their rulings differ on (outcome or repetition verdict, as
/// the batch compares them), grouped by the rule each side's ruling rests on.
pub(crate) struct Pair {
    a: String,
    b: String,
    games: usize,
    by_rule: Vec<((String, String), Vec<usize>)>,
}

/// Every pair of the compared rulesets, in the order given, over the games shown.
pub(crate) fn pairs(shown: &[Shown], rulesets: &[String]) -> Vec<Pair> {
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
