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
//!
//! On a Chinese page every table speaks the books' words: the rulesets by their books' names,
//! rulings as 和棋（循环）/ 红方须变着（长捉）/ 红胜（长捉）/ 未终局, chased pieces by name (捉车),
//! search bounds in words ([`words`]). `--pair A,B` narrows the page to one pair of rulesets and
//! `--cause` to one cause group.

use std::collections::BTreeMap;
use std::path::PathBuf;

use xiangqi::adjudication::GameRecord;
use xiangqi::rules::{Arbiter, JudgeOptions, Ruling};

use crate::CliError;
use crate::batch::{BatchGame, BatchOptions, Summary};
use crate::io::write_output;

mod html;
mod markdown;
mod words;

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
    /// Only one pair of the rulesets, `A,B` (two of the `--ruleset` ids): the games those two
    /// rule differently.
    #[arg(long, value_name = "A,B")]
    pair: Option<String>,
    /// Only one cause group: its number on the full page (`3`) or words its cause contains
    /// (`一将一捉`, in the page's language).
    #[arg(long, value_name = "N|TEXT")]
    cause: Option<String>,
    /// No progress on standard error (the closing `report: …` line is still printed).
    #[arg(long, short = 'q')]
    quiet: bool,
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

/// The compared rulesets: each ruleset's book (its name on the page) and how many occurrences
/// of a position its edition rules at, in `--ruleset` order.
pub(crate) struct Books {
    /// The rulesets' ids.
    ids: Vec<String>,
    /// Each ruleset's book in the page's language.
    books: Vec<words::Book>,
    /// Each ruleset's edition's occurrences (3; 4 for the computer league).
    occurrences: Vec<u32>,
}

impl Books {
    fn new(arbiters: &[Arbiter], lang: Lang) -> Books {
        Books {
            ids: arbiters.iter().map(|a| a.ruleset().id.clone()).collect(),
            books: arbiters
                .iter()
                .map(|a| words::book(&a.ruleset().id, &a.ruleset().edition, lang))
                .collect(),
            occurrences: arbiters.iter().map(|a| a.edition().repetitions()).collect(),
        }
    }

    /// The verdict counts of `summary` in the order of `--ruleset` (the summary keeps them by
    /// id): each ruleset's short name and its counts.
    pub(crate) fn verdicts<'s>(
        &self,
        summary: &'s Summary,
    ) -> Vec<(String, &'s BTreeMap<String, usize>)> {
        self.ids
            .iter()
            .zip(&self.books)
            .filter_map(|(id, b)| Some((b.short.clone(), summary.verdicts.get(id)?)))
            .collect()
    }
}

/// The difference between the rulings of a cycle that makes their verdicts differ: each
/// edition's reading of the cycle in the report's language
/// ([`RuleEdition::cycle_reading`](xiangqi::rules::RuleEdition::cycle_reading)), or, where an
/// edition has none, its labels and verdict; a ruleset that reached no repetition says so with
/// the number of occurrences its edition rules at.
fn cause(arbiters: &[Arbiter], rulings: &[Ruling], books: &Books, lang: Lang) -> String {
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
    let colon = lang.pick("：", ": ");
    let per: Vec<String> = rulings
        .iter()
        .zip(readings)
        .enumerate()
        .map(|(i, (r, reading))| {
            let name = &books.books[i].short;
            match (&r.repetition, reading) {
                (Some(_), Some(w)) if !alike => format!("{name}{colon}{w}"),
                (Some(rep), _) => format!(
                    "{name}{colon}{} {} / {} {} → {}",
                    lang.pick("红", "Red"),
                    rep.red,
                    lang.pick("黑", "Black"),
                    rep.black,
                    words::verdict(rep.verdict, lang)
                ),
                (None, _) => format!(
                    "{name}{colon}{}",
                    words::no_repetition(r, books.occurrences[i], lang)
                ),
            }
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

fn judge_full(game: BatchGame, arbiters: &[Arbiter], books: &Books, lang: Lang) -> Option<Shown> {
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
    let cause = cause(arbiters, &rulings, books, lang);
    Some(Shown {
        game,
        rulings,
        cause,
    })
}

/// The rulesets a report compares: all of `--ruleset`, or the two of `--pair A,B`.
fn compared(args: &ReportArgs) -> Result<Vec<String>, CliError> {
    let Some(pair) = &args.pair else {
        return Ok(args.rulesets.clone());
    };
    let two: Vec<String> = pair.split(',').map(|s| s.trim().to_string()).collect();
    if two.len() != 2 || two[0].is_empty() || two[1].is_empty() || two[0] == two[1] {
        return Err(CliError::input(format!(
            "--pair {pair}: give two different rulesets, as A,B"
        )));
    }
    for id in &two {
        if !args.rulesets.contains(id) {
            return Err(CliError::input(format!(
                "--pair {pair}: {id} is not one of the --ruleset given ({})",
                args.rulesets.join(", ")
            )));
        }
    }
    Ok(two)
}

/// The games of the one cause group `--cause` names: by its number in [`groups`] (1 = the
/// largest) or by words its cause contains (the first such group).
fn one_cause(shown: Vec<Shown>, which: &str) -> Result<(Vec<Shown>, String), CliError> {
    let chosen: Option<String> = {
        let gs = groups(&shown);
        match which.trim().parse::<usize>() {
            Ok(n) => gs.get(n.wrapping_sub(1)).map(|(c, _)| c.to_string()),
            Err(_) => gs
                .iter()
                .find(|(c, _)| c.to_lowercase().contains(&which.to_lowercase()))
                .map(|(c, _)| c.to_string()),
        }
    };
    let Some(cause) = chosen else {
        return Err(CliError::input(format!(
            "--cause {which}: no cause group {}; the report has {} (numbered from 1, largest first)",
            if which.trim().parse::<usize>().is_ok() {
                "with that number".to_string()
            } else {
                "contains these words".to_string()
            },
            groups(&shown).len()
        )));
    };
    let kept = shown.into_iter().filter(|s| s.cause == cause).collect();
    Ok((kept, cause))
}

/// Runs `xq report`.
pub fn run(args: ReportArgs) -> Result<(), CliError> {
    if args.rulesets.len() < 2 {
        return Err(CliError::input(
            "a report compares rulesets: give --ruleset at least twice",
        ));
    }
    let rulesets = compared(&args)?;
    let arbiters: std::sync::Arc<[Arbiter]> = crate::commands::judge::arbiters(&rulesets)?.into();
    let books = Books::new(&arbiters, args.lang);
    let opts = BatchOptions {
        jobs: args.jobs,
        summary: true,
        progress: !args.quiet,
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
    // every ply of each disagreeing game classified and explained: the slow part after the
    // batch, shown as its own progress
    let bar = if args.quiet {
        indicatif::ProgressBar::hidden()
    } else {
        let b = indicatif::ProgressBar::new(kept.len() as u64);
        b.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{spinner} explaining the games that disagree: {pos}/{len}, about {eta} left",
        ) {
            b.set_style(style);
        }
        b
    };
    let shown: Vec<Shown> = kept
        .into_iter()
        .filter_map(|g| {
            let s = judge_full(g, &arbiters, &books, args.lang);
            bar.inc(1);
            s
        })
        .collect();
    bar.finish_and_clear();
    let (shown, only_cause) = match &args.cause {
        Some(which) => {
            let (s, c) = one_cause(shown, which)?;
            (s, Some(c))
        }
        None => (shown, None),
    };
    let mut command = format!(
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
    if let Some(p) = &args.pair {
        command.push_str(&format!(" --pair {p}"));
    }
    if let Some(c) = &args.cause {
        command.push_str(&format!(" --cause '{}'", c.replace('\'', "'\\''")));
    }
    let page = Page {
        summary: &summary,
        shown: &shown,
        more,
        args: &args,
        rulesets: &rulesets,
        books: &books,
        only_cause: only_cause.as_deref(),
        command: &command,
    };
    if !args.quiet {
        eprintln!("report: writing the page ({} games shown)…", shown.len());
    }
    let html = html(&page);
    let md = markdown(&page);
    std::fs::create_dir_all(&args.out)
        .map_err(|e| CliError::input(format!("{}: {e}", args.out.display())))?;
    write_output(
        &args.out.join(format!("{}.html", args.name)),
        html.as_bytes(),
    )?;
    write_output(&args.out.join(format!("{}.md", args.name)), md.as_bytes())?;
    eprintln!(
        "report: {} games, {} disagreements{}; wrote {}/{}.html and .md",
        summary.games,
        summary.disagreements,
        if only_cause.is_some() {
            format!(", {} of one cause shown", shown.len())
        } else {
            String::new()
        },
        args.out.display(),
        args.name
    );
    verdict
}

/// What the page and the summary are made of.
pub(crate) struct Page<'a> {
    summary: &'a Summary,
    shown: &'a [Shown],
    more: usize,
    args: &'a ReportArgs,
    /// The rulesets compared (`--ruleset`, or the two of `--pair`).
    rulesets: &'a [String],
    books: &'a Books,
    /// The one cause shown (`--cause`).
    only_cause: Option<&'a str>,
    command: &'a str,
}

impl Page<'_> {
    /// The page's title: the books' names.
    fn title(&self) -> String {
        let lang = self.args.lang;
        let names: Vec<&str> = self.books.books.iter().map(|b| b.title.as_str()).collect();
        match lang {
            Lang::Zh => format!("规则对比：{}", names.join("、")),
            Lang::En => format!("{} — comparison of rulings", self.rulesets.join(" / ")),
        }
    }
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

/// One pair of rulesets: the games their rulings differ on (outcome or repetition verdict, as
/// the batch compares them), grouped by the ruling of each side in the page's language
/// ([`words::ruling`]: `红方须变着（长捉）→ 未终局`; English: `red-must-vary (perpetual-chase) →
/// ongoing (none)`).
pub(crate) struct Pair {
    a: String,
    b: String,
    games: usize,
    by_rule: Vec<((String, String), Vec<usize>)>,
}

/// Every pair of the compared rulesets, in the order given, over the games shown.
pub(crate) fn pairs(shown: &[Shown], books: &Books, lang: Lang) -> Vec<Pair> {
    let key = |r: &Ruling| (r.outcome, r.repetition.as_ref().map(|x| x.verdict.as_str()));
    let n = books.ids.len();
    let mut out = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let mut by: BTreeMap<(String, String), Vec<usize>> = BTreeMap::new();
            let mut games = 0;
            for s in shown {
                let (Some(ra), Some(rb)) = (s.rulings.get(i), s.rulings.get(j)) else {
                    continue;
                };
                if key(ra) != key(rb) {
                    games += 1;
                    by.entry((
                        words::ruling(ra, books.occurrences[i], lang),
                        words::ruling(rb, books.occurrences[j], lang),
                    ))
                    .or_default()
                    .push(s.game.index);
                }
            }
            let mut by_rule: Vec<_> = by.into_iter().collect();
            by_rule.sort_by(|x, y| y.1.len().cmp(&x.1.len()).then(x.0.cmp(&y.0)));
            out.push(Pair {
                a: books.books[i].short.clone(),
                b: books.books[j].short.clone(),
                games,
                by_rule,
            });
        }
    }
    out
}
