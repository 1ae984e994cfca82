//! What the viewer shows: the page's rows and boxes, and a game's view at a ply.

use super::*;
use crate::words::viewer::{bound_name, cycle_explanation, ruleset_title};

/// One move of the move list.
pub(super) struct MoveCell {
    pub(super) ply: usize,
    pub(super) text: String,
    pub(super) href: String,
    pub(super) current: bool,
}

/// A numbered row of the move list: move number, Red's move, Black's move.
pub(super) struct MoveRow {
    pub(super) no: usize,
    pub(super) red: Option<MoveCell>,
    pub(super) black: Option<MoveCell>,
}

/// A row of the classes table.
pub(super) struct ClassRow {
    pub(super) ply: usize,
    pub(super) href: String,
    pub(super) mv: String,
    pub(super) side: &'static str,
    pub(super) cells: Vec<String>,
    pub(super) differs: bool,
    pub(super) reason: String,
    pub(super) current: bool,
}

/// One repetition ruling of one ruleset.
pub(super) struct CycleRow {
    pub(super) plies: String,
    pub(super) red: String,
    pub(super) black: String,
    pub(super) verdict: String,
    pub(super) explanation: String,
}

/// The rulings of one ruleset.
pub(super) struct RulingBlock {
    pub(super) ruleset: String,
    pub(super) title: String,
    pub(super) outcome: String,
    pub(super) cycles: Vec<CycleRow>,
    /// The capture lines (捉) or mate line (杀) behind the current ply's class under this
    /// ruleset, in Chinese notation with the search bounds they needed.
    pub(super) lines: Vec<String>,
}

/// A check box of the rulesets form.
pub(super) struct RulesetBox {
    pub(super) id: String,
    pub(super) checked: bool,
}

/// A link to the same ply in another notation (or the notation shown).
pub(super) struct NotationLink {
    /// `zh`, `wxf` or `iccs`.
    pub(super) code: &'static str,
    /// Its name on the page.
    pub(super) label: &'static str,
    pub(super) href: String,
    /// The notation shown.
    pub(super) on: bool,
}

/// The navigation links (`None`: there is nowhere to go).
pub(super) struct Nav {
    pub(super) first: Option<String>,
    pub(super) prev: Option<String>,
    pub(super) next: Option<String>,
    pub(super) last: Option<String>,
}

/// The page of one game at one ply.
#[derive(Template)]
#[template(path = "game.html")]
pub(super) struct GamePage {
    pub(super) page: Page,
    pub(super) w: &'static Words,
    pub(super) file: String,
    pub(super) list_href: Option<String>,
    pub(super) game_no: usize,
    pub(super) game_count: usize,
    pub(super) heading: String,
    pub(super) meta: Vec<(String, String)>,
    pub(super) board: String,
    pub(super) ply: usize,
    pub(super) plies: usize,
    pub(super) position_text: String,
    pub(super) nav: Nav,
    pub(super) moves: Vec<MoveRow>,
    pub(super) notations: Vec<NotationLink>,
    pub(super) lang_code: &'static str,
    pub(super) game_param: Option<usize>,
    pub(super) notation_code: &'static str,
    pub(super) rulesets: Vec<RulesetBox>,
    pub(super) ruleset_ids: Vec<String>,
    pub(super) classes: Vec<ClassRow>,
    pub(super) rulings: Vec<RulingBlock>,
    pub(super) verdicts: Option<String>,
    pub(super) several: bool,
}

/// A game of a file of several.
pub(super) struct ListRow {
    pub(super) no: usize,
    pub(super) href: String,
    pub(super) red: String,
    pub(super) black: String,
    pub(super) event: String,
    pub(super) date: String,
    pub(super) result: String,
    pub(super) plies: usize,
}

/// The games of a file of several.
#[derive(Template)]
#[template(path = "game_list.html")]
pub(super) struct GameListPage {
    pub(super) page: Page,
    pub(super) w: &'static Words,
    pub(super) file: String,
    pub(super) games: Vec<ListRow>,
    pub(super) pages: ListPages,
}

/// Where a page of a file's list stands: games `first..=last` of `total`, links to the pages
/// before and after.
pub(super) struct ListPages {
    pub(super) first: usize,
    pub(super) last: usize,
    pub(super) total: usize,
    pub(super) prev: Option<String>,
    pub(super) next: Option<String>,
}

/// A ply's class as the page shows it: the edition's label, the idle kind's word, the chased
/// points, a short note.
pub(super) fn class_cell(p: Option<&PlyRuling>) -> String {
    let Some(p) = p else {
        return "–".into();
    };
    if p.class.is_none() {
        return "–".into();
    }
    let mut s = p
        .label
        .clone()
        .unwrap_or_else(|| compare::class_word(p.class).to_string());
    if let Some(k) = p.idle() {
        let word = k.word();
        if word != s {
            s.push_str(&format!("（{word}）"));
        }
    }
    if !p.targets.is_empty() {
        s.push_str(&format!(" {}", p.targets.join("、")));
    }
    if let Some(n) = p.note.as_deref().filter(|n| n.chars().count() <= 12) {
        s.push_str(&format!(" {n}"));
    }
    s
}

/// Builds the page of one game (everything but the frame, which needs the request).
pub(super) fn game_view(
    page: Page,
    heading: String,
    q: &ViewQuery,
    rel: &str,
    n: usize,
    count: usize,
    game: &xiangqi::notation::NotatedGame,
) -> Result<GamePage, String> {
    let lang = q.lang;
    let w = words(lang);
    let notation = q.notation();
    let plies = game.moves.len();
    let ply = q.ply.unwrap_or(plies).min(plies);
    let game_param = (count > 1).then_some(n);
    let file_href = format!("/g/{}", encode(rel, true));
    let href = |p: usize| format!("{file_href}{}", q.link(game_param, Some(p)));
    // the moves in the chosen notation, and the position at the ply shown
    let mut pos = game.start.clone();
    let mut texts = Vec::with_capacity(plies);
    let mut sides = Vec::with_capacity(plies);
    let mut shown = None;
    for (i, &m) in game.moves.iter().enumerate() {
        if i == ply {
            shown = Some(pos.clone());
        }
        texts.push(notation.render(&pos, m));
        sides.push(pos.turn());
        pos.play_unchecked(m);
    }
    let shown = shown.unwrap_or(pos);
    let mut diagram = Diagram::new(&shown).fen(false).cell(46.0);
    if ply > 0 {
        diagram = diagram.last_move(game.moves[ply - 1]);
    }
    let board = diagram.svg();
    let turn = match shown.turn() {
        Color::Red => w.red,
        Color::Black => w.black,
    };
    let position_text = if ply == 0 {
        format!("{} · {turn}{}", w.start, w.to_move)
    } else {
        format!(
            "{} {} · {turn}{}",
            w.after_ply.replace("{}", &ply.to_string()),
            texts[ply - 1],
            w.to_move
        )
    };
    // the numbered move list: a row per move number, Red then Black
    let mut moves: Vec<MoveRow> = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        let p = i + 1;
        let cell = MoveCell {
            ply: p,
            text: text.clone(),
            href: href(p),
            current: p == ply,
        };
        let black = sides[i] == Color::Black;
        match moves.last_mut() {
            Some(row) if black && row.black.is_none() => row.black = Some(cell),
            _ => {
                let no = moves.last().map_or(1, |r| r.no + 1);
                if black {
                    moves.push(MoveRow {
                        no,
                        red: None,
                        black: Some(cell),
                    });
                } else {
                    moves.push(MoveRow {
                        no,
                        red: Some(cell),
                        black: None,
                    });
                }
            }
        }
    }
    // the rulesets chosen (embedded ids only: the web never loads a path)
    let all = catalogue();
    let mut chosen: Vec<String> = q
        .rulesets
        .iter()
        .filter(|id| all.contains(id))
        .cloned()
        .collect();
    if chosen.is_empty() {
        // By default the editions built on no other (cn-1987, axf); the successors when ticked.
        chosen = Ruleset::linked_root_builtin_ids().unwrap_or_default();
    }
    let arbiters: Vec<Arbiter> = chosen
        .iter()
        .filter_map(|id| Ruleset::builtin(id)?.ok())
        .filter_map(|rs| Arbiter::new(rs).ok())
        .collect();
    let record = GameRecord::new(game.start.clone(), game.moves.clone())
        .map_err(|e| format!("{rel}: {e}"))?;
    let rulings: Vec<Ruling> = arbiters
        .iter()
        .map(|a| a.judge(&record, JudgeOptions { classify_all: true }))
        .collect();
    let cmp = compare::compare(&arbiters, &rulings);
    let classes = cmp
        .rows
        .iter()
        .map(|row| ClassRow {
            ply: row.ply,
            href: href(row.ply),
            mv: texts.get(row.ply - 1).cloned().unwrap_or_default(),
            side: if row.side == "red" { w.red } else { w.black },
            cells: rulings
                .iter()
                .map(|r| class_cell(r.plies.get(row.ply - 1)))
                .collect(),
            differs: row.differs,
            reason: row
                .reason
                .as_ref()
                .map(|r| pick(lang, r))
                .unwrap_or_default(),
            current: row.ply == ply,
        })
        .collect();
    let blocks = rulings
        .iter()
        .zip(&arbiters)
        .map(|(r, a)| RulingBlock {
            ruleset: r.ruleset.clone(),
            title: ruleset_title(lang, &r.ruleset, &a.ruleset().title),
            outcome: {
                let why = reason_words(lang, &r.reason);
                let mut s = pick(lang, &outcome_words(r.outcome));
                match (r.decided_at_ply, why.is_empty()) {
                    (Some(p), false) => s.push_str(&format!(" ({} {p}, {why})", w.ply)),
                    (Some(p), true) => s.push_str(&format!(" ({} {p})", w.ply)),
                    (None, false) => s.push_str(&format!(" ({why})")),
                    (None, true) => {}
                }
                s
            },
            lines: {
                // explain only the ply shown: the lines are searched anew
                let mut one = r.clone();
                one.plies.retain(|p| p.ply == ply);
                a.explain(&record, &mut one);
                xiangqi::judgement::render_lines(&record, &mut one);
                one.plies
                    .iter()
                    .flat_map(|p| {
                        p.lines.iter().flat_map(move |l| {
                            // the proof under each line: the answers and their refutations
                            std::iter::once(line_text(lang, p, l)).chain(
                                xiangqi::judgement::proof_text(p, l)
                                    .into_iter()
                                    .map(|t| format!("　{t}")),
                            )
                        })
                    })
                    .collect()
            },
            // The repetitions ruled, and the run (cn-2020's nine-move rule) in its place by ply.
            cycles: {
                let mut all: Vec<&xiangqi::rules::RepetitionRuling> =
                    r.repetitions.iter().chain(r.run.iter()).collect();
                all.sort_by_key(|rep| rep.last_ply);
                all
            }
            .into_iter()
            .map(|rep| CycleRow {
                plies: if r.run.as_ref() == Some(rep) {
                    format!(
                        "{}–{}{}",
                        rep.first_ply,
                        rep.last_ply,
                        lang.pick("（连续九着）", " (nine-move run)")
                    )
                } else {
                    format!("{}–{}", rep.first_ply, rep.last_ply)
                },
                red: rep.red.clone(),
                black: rep.black.clone(),
                verdict: lang.pick(
                    verdict_words(rep.verdict).zh,
                    match rep.verdict {
                        Verdict::Draw => "draw".into(),
                        Verdict::MustVary(Color::Red) => "Red must vary".into(),
                        Verdict::MustVary(Color::Black) => "Black must vary".into(),
                    },
                ),
                explanation: cycle_explanation(
                    lang,
                    &rep.reason,
                    match rep.verdict {
                        Verdict::MustVary(c) => Some(if c == Color::Red { w.red } else { w.black }),
                        Verdict::Draw => None,
                    },
                    &rep.explanation,
                ),
            })
            .collect(),
        })
        .collect();
    let verdicts = if rulings.len() > 1 {
        Some(match &cmp.verdict_reason {
            Some(r) => format!("{}: {}", w.verdicts_differ, pick(lang, r)),
            None => w.verdicts_agree.to_string(),
        })
    } else {
        None
    };
    let tag = |k: &str| game.tag(k).unwrap_or("").to_string();
    let mut meta = Vec::new();
    for (k, label) in [("Event", w.event), ("Date", w.date)] {
        if !tag(k).is_empty() {
            meta.push((label.to_string(), tag(k)));
        }
    }
    let result = game.tag("Result").or(game.result.as_deref()).unwrap_or("");
    if !result.is_empty() && result != "*" {
        let why = tag("XqResultReason");
        meta.push((
            w.result.to_string(),
            if why.is_empty() {
                result.to_string()
            } else {
                format!("{result} ({})", reason_words(lang, &why))
            },
        ));
    }
    meta.push((w.plies.to_string(), plies.to_string()));
    let notations = [
        (Notation::Chinese, w.chinese),
        (Notation::Wxf, "WXF"),
        (Notation::Iccs, "ICCS"),
    ]
    .into_iter()
    .map(|(nt, label)| {
        let nq = ViewQuery {
            notation: Some(nt),
            ..q.clone()
        };
        NotationLink {
            code: notation_code(nt),
            label,
            href: format!("{file_href}{}", nq.link(game_param, Some(ply))),
            on: nt == notation,
        }
    })
    .collect();
    let nav = Nav {
        first: (ply > 0).then(|| href(0)),
        prev: (ply > 0).then(|| href(ply - 1)),
        next: (ply < plies).then(|| href(ply + 1)),
        last: (ply < plies).then(|| href(plies)),
    };
    Ok(GamePage {
        page,
        w,
        file: rel.to_string(),
        list_href: (count > 1).then(|| format!("{file_href}{}", q.link(None, None))),
        game_no: n,
        game_count: count,
        heading,
        meta,
        board,
        ply,
        plies,
        position_text,
        nav,
        moves,
        notations,
        lang_code: lang.code(),
        game_param,
        notation_code: notation_code(notation),
        rulesets: all
            .iter()
            .map(|id| RulesetBox {
                id: id.clone(),
                checked: chosen.contains(id),
            })
            .collect(),
        ruleset_ids: rulings.iter().map(|r| r.ruleset.clone()).collect(),
        classes,
        rulings: blocks,
        verdicts,
        several: rulings.len() > 1,
    })
}

/// A capture (捉) or mate (杀) line as [`xiangqi::judgement::line_text`] writes it, with the
/// search bounds named in the page's words (an edition's English note left off a Chinese page).
fn line_text(
    lang: Lang,
    p: &xiangqi::rules::PlyRuling,
    line: &xiangqi::rules::LineRuling,
) -> String {
    if lang == Lang::En {
        return xiangqi::judgement::line_text(p, line);
    }
    let moves = if line.chinese.is_empty() {
        line.moves.join(" ")
    } else {
        line.chinese.join(" ")
    };
    let bounds: Vec<String> = line
        .bounds
        .iter()
        .map(|(k, v)| format!("{} ≥ {v}", bound_name(lang, k)))
        .collect();
    let (word, when) = match p.class {
        Some(xiangqi::rules::ClassKind::MateThreat) => ("杀", "让一着"),
        // a check that also chases (将兼捉): the capture follows once the check is answered
        Some(xiangqi::rules::ClassKind::Check) => ("将兼捉", "应将后"),
        _ => ("捉", "让一着"),
    };
    let note = line
        .note
        .as_deref()
        .and_then(note_zh)
        .map(|n| format!("（{n}）"))
        .unwrap_or_default();
    // an edition whose line rests on no search (AXF's one-move attack) states no bounds
    let bounds = if bounds.is_empty() {
        String::new()
    } else {
        format!("  [{}]", bounds.join("，"))
    };
    format!("{word} {}（{when}）：{moves}{bounds}{note}", line.target)
}

/// An edition's note on a line in Chinese: AXF's notes (the rule that makes the attack a chase)
/// by their words; any other note only when it has no English word in it.
fn note_zh(note: &str) -> Option<String> {
    const AXF: &[(&str, &str)] = &[
        ("no real protector", "捉无根子（AXF 规则第 15、24 条）"),
        (
            "a horse or cannon attacks a rook",
            "马、炮捉车，不论有无保护（AXF 规则第 15 条）",
        ),
        (
            "an advisor or elephant attacks",
            "仕、相捉车、马、炮（AXF 规则第 15 条）",
        ),
        ("protected: the exchange", "有根子：按吃子后的兑换计算"),
    ];
    if let Some((_, zh)) = AXF.iter().find(|(en, _)| note.starts_with(en)) {
        return Some((*zh).to_string());
    }
    let english = note
        .split(|c: char| !c.is_ascii_alphabetic())
        .any(|w| w.len() >= 2 && w != "AXF");
    (!english).then(|| note.to_string())
}
