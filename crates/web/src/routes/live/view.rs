//! What the console shows: the board, clocks, moves and rulings of a game log.

use super::*;

/// One side's clock and counts.
pub(super) struct SideView {
    pub(super) code: &'static str,
    pub(super) side: &'static str,
    pub(super) name: String,
    pub(super) clock: String,
    pub(super) seconds: i64,
    pub(super) running: bool,
    pub(super) period: String,
    pub(super) violations: u32,
    pub(super) fouls: u32,
}

/// One row of the moves: a move number, Red's and Black's move with the clock after it.
pub(super) struct MoveRow {
    pub(super) no: usize,
    pub(super) red: String,
    pub(super) red_clock: String,
    pub(super) black: String,
    pub(super) black_clock: String,
}

/// The game as the console shows it.
pub(super) struct GameView {
    pub(super) svg: String,
    pub(super) to_move: &'static str,
    pub(super) ruleset: String,
    pub(super) time_control: String,
    pub(super) sides: Vec<SideView>,
    pub(super) moves: Vec<MoveRow>,
    pub(super) offer: Option<String>,
    pub(super) adjourned: Option<String>,
    pub(super) must_vary: Option<String>,
    /// What the rules propose, awaiting the arbiter.
    pub(super) proposal: Option<ProposalView>,
    /// A last entry in force can be undone.
    pub(super) can_undo: bool,
    pub(super) claims: String,
    pub(super) result: Option<String>,
    pub(super) over: bool,
    pub(super) rulings: Vec<(String, String)>,
}

/// A proposal of the rules as the console shows it: the ruling, the rule and the line in
/// Chinese notation, and the side a must-vary ruling names (for 已告知变着).
pub(super) struct ProposalView {
    pub(super) what: String,
    pub(super) rule: String,
    pub(super) edition: String,
    pub(super) line: String,
    pub(super) must_vary: Option<&'static str>,
}

/// What a new game would start with (the page before the start).
pub(super) struct Preview {
    pub(super) red: String,
    pub(super) black: String,
    pub(super) ruleset: String,
    pub(super) time_control: String,
}

#[derive(Template)]
#[template(path = "live.html")]
pub(super) struct ConsolePage {
    pub(super) page: Page,
    pub(super) w: &'static Words,
    pub(super) id: String,
    pub(super) round: u32,
    pub(super) board: u32,
    pub(super) action: String,
    pub(super) log_name: String,
    pub(super) viewer: String,
    pub(super) game: Option<GameView>,
    pub(super) preview: Option<Preview>,
    pub(super) event_result: String,
    pub(super) flash: Option<String>,
    pub(super) error: Option<String>,
    /// A finished game's result entered on the event board by this read (the repair after a
    /// crash), or why it could not be.
    pub(super) landed: Option<String>,
    pub(super) typed_move: String,
    pub(super) fouls: Vec<(u8, String)>,
    /// How many entries the log has: every form carries it (`version`), and an entry made
    /// on a page showing fewer is refused.
    pub(super) seen: usize,
}

pub(super) fn side_word(w: &Words, c: Color) -> &'static str {
    match c {
        Color::Red => w.red,
        Color::Black => w.black,
    }
}

/// Replays the log text: the game and the ruling of every entry, as `xq game` printed them.
/// The ruleset the log names is opened only if the desk may open it ([`ruleset_allowed`]).
pub(super) fn replay(text: &str, root: &Path) -> Result<(Game, Vec<String>), String> {
    log_ruleset_allowed(text, root)?;
    Game::from_text(text).map_err(|e| e.to_string())
}

/// Whether the desk may open the ruleset an event or a game log names: an embedded id, or a
/// ruleset file (`.toml`) inside `root` once links are followed. Anything else is refused
/// without being opened, so that a hostile log in the served folder cannot make the desk read
/// `/dev/zero` or show the first word of a file outside it.
pub(super) fn ruleset_allowed(named: &str, root: &Path) -> Result<(), String> {
    // relative to the working folder, as `Ruleset::load` reads it
    crate::security::ruleset_in_folder(named, Path::new(""), root).map(|_| ())
}

/// [`ruleset_allowed`] for the ruleset a log's text names (a text that does not parse is left
/// to the replay, which says why).
pub(super) fn log_ruleset_allowed(text: &str, root: &Path) -> Result<(), String> {
    match xiangqi::game::GameLog::parse(text) {
        Ok(log) => ruleset_allowed(&log.header.ruleset, root),
        Err(_) => Ok(()),
    }
}

/// The folder whose ruleset files an event's games may name: the event file's own folder.
pub(super) fn ruleset_root(event_path: &Path) -> &Path {
    event_path.parent().unwrap_or(Path::new("."))
}

pub(super) fn game_view(g: &Game, rulings: Vec<String>, w: &Words, lang: Lang) -> GameView {
    let st = g.state();
    let log = g.log();
    let h = &log.header;
    let tc = g.time_control();
    let mut svg = Diagram::new(g.position()).fen(false);
    if let Some(&m) = g.moves().last() {
        svg = svg.last_move(m);
    }
    let svg = svg.svg();
    let running = st.result.is_none() && st.sealed_by.is_none();
    let sides = Color::ALL
        .into_iter()
        .map(|c| {
            let made = st.moves_made[c];
            let period = match tc.stage_at(made).1 {
                Some(due) => format!("{} {} · {made}/{due}", w.period, tc.period_at(made)),
                None => format!("{} · {made}", w.sudden_death),
            };
            SideView {
                code: c.name(),
                side: side_word(w, c),
                name: match c {
                    Color::Red => h.red.clone(),
                    Color::Black => h.black.clone(),
                },
                clock: format_clock(st.clocks[c]),
                seconds: st.clocks[c].max(0),
                running: running && st.side_to_move == c,
                period,
                violations: st.violations[c],
                fouls: st.fouls[c],
            }
        })
        .collect();
    // the moves in Chinese notation, with the clock after each
    let mut moves: Vec<MoveRow> = Vec::new();
    if let Ok(mut pos) = Position::from_fen(&h.fen) {
        let mut no = 1usize;
        for (i, e) in log.entries.iter().enumerate() {
            let Entry::Move { mv, clock } = e else {
                continue;
            };
            if g.undone().contains(&i) {
                continue; // taken back: not a move of the game
            }
            let Some(m) = xiangqi::movegen::Move::from_iccs(mv) else {
                break;
            };
            let text = xiangqi::notation::render_chinese(&pos, m);
            let clock = clock.map_or(String::new(), |c| format_clock(i64::from(c)));
            match pos.turn() {
                Color::Red => moves.push(MoveRow {
                    no,
                    red: text,
                    red_clock: clock,
                    black: String::new(),
                    black_clock: String::new(),
                }),
                Color::Black => {
                    if moves.last().is_none_or(|r| !r.black.is_empty()) {
                        moves.push(MoveRow {
                            no,
                            red: "…".into(),
                            red_clock: String::new(),
                            black: String::new(),
                            black_clock: String::new(),
                        });
                    }
                    if let Some(r) = moves.last_mut() {
                        r.black = text;
                        r.black_clock = clock;
                    }
                    no += 1;
                }
            }
            pos.play_unchecked(m);
        }
    }
    let mut claims = Vec::new();
    if st.claims.repetition {
        claims.push(w.repetition.to_string());
    }
    for c in Color::ALL {
        if st.claims.natural_limit[c] {
            claims.push(format!("{} {}", side_word(w, c), w.natural_limit));
        }
    }
    let entry_words: Vec<String> = log
        .entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let word = e.title(lang.game());
            if g.undone().contains(&i) {
                format!("{word}（{}）", w.undone)
            } else {
                word
            }
        })
        .collect();
    let proposal = st.proposal.as_ref().map(|p| {
        let what = match p.ruling.must_vary() {
            Some(c) => format!("{}{}", side_word(w, c), w.must_vary_ruling),
            None => match p.ruling.as_str() {
                "red-wins" => w.red_wins.to_string(),
                "black-wins" => w.black_wins.to_string(),
                _ => w.draw.to_string(),
            },
        };
        // the line: the plies of the cycle in Chinese notation
        let mut line = Vec::new();
        if let (Some(a), Some(b), Ok(mut pos)) =
            (p.first_ply, p.last_ply, Position::from_fen(&h.fen))
        {
            for (i, &m) in g.moves().iter().enumerate() {
                let ply = i + 1;
                if (a..=b).contains(&ply) {
                    line.push(xiangqi::notation::render_chinese(&pos, m));
                }
                pos.play_unchecked(m);
            }
        }
        ProposalView {
            what,
            rule: rule_word(lang, &p.rule),
            edition: p.edition.clone(),
            line: line.join(" "),
            must_vary: p.ruling.must_vary().map(|c| c.name()),
        }
    });
    GameView {
        svg,
        to_move: side_word(w, st.side_to_move),
        ruleset: h.ruleset.clone(),
        time_control: h.time_control.clone(),
        sides,
        moves,
        offer: st.offer.map(|c| side_word(w, c).to_string()),
        adjourned: st.sealed_by.map(|c| side_word(w, c).to_string()),
        must_vary: st.must_vary.map(|c| side_word(w, c).to_string()),
        proposal,
        can_undo: st.result.is_none()
            && log.entries.iter().enumerate().any(|(i, e)| {
                !g.undone().contains(&i) && !matches!(e, Entry::Undo { .. } | Entry::Propose { .. })
            }),
        claims: if claims.is_empty() {
            w.none.to_string()
        } else {
            claims.join("，")
        },
        result: st.result.as_ref().map(|r| {
            let outcome = match r.outcome.as_str() {
                "red-wins" => w.red_wins,
                "black-wins" => w.black_wins,
                "draw" => w.draw,
                other => other,
            };
            match lang {
                // the reason in the page's words; the engine's detail is English prose
                Lang::Zh => format!("{outcome}（{}）", rule_word(lang, &r.reason)),
                Lang::En => format!("{outcome} ({}): {}", r.reason, r.detail),
            }
        }),
        over: st.result.is_some(),
        rulings: entry_words.into_iter().zip(rulings).rev().collect(),
    }
}

/// What `xq game new` prints for a new log.
pub(super) fn new_line(name: &str, g: &Game) -> String {
    let st = g.state();
    let side = |c: Color| match c {
        Color::Red => "Red",
        Color::Black => "Black",
    };
    format!(
        "{name}: new game under {} ({}), time control {}; {} to move, clocks {} / {}",
        g.log().header.ruleset,
        g.arbiter().ruleset().edition,
        g.time_control().spec(),
        side(st.side_to_move),
        format_clock(st.clocks.red),
        format_clock(st.clocks.black)
    )
}

/// A rule's machine word (`perpetual-chase`) in the page's words (长捉).
pub(super) fn rule_word(lang: Lang, rule: &str) -> String {
    xiangqi::game::entry::book::rule(rule, lang.game())
}
