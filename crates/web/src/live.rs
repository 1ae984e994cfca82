//! The live console of a board (对局记录台): the arbiter's `xq game` in a browser, for one board
//! of an event round, at `/e/{id}/round/{round}/board/{board}/live`.
//!
//! The board's game log lives at a fixed place beside the event file (see [`board_log`]):
//! `{event dir}/{event file stem}-games/r{round}b{board}.pgn`. While there is none, the page
//! offers to start the game, which creates it as `xq game new LOG --event ../EVENT --round N
//! --board B` does (names and ruleset from the event, time control from the ruleset). Then it
//! shows the position (the project's SVG board), both clocks as the log records them, the moves,
//! the game's state (pending 提和 offer, 封棋 adjournment, result and reason), every ruling of
//! the log, and a form for every `xq game` entry: move, offer/accept/decline, claim, 犯规 (kinds
//! 1–8), 违例, time penalty, resignation, flag fall (超时), seal and resume, lateness,
//! discipline and the arbiter's decision.
//!
//! Every POST passes the desk's checks ([`crate::pages::writable`]: origin, token, form secret)
//! and goes through [`xiangqi::game::store`] — the very calls `xq game` makes, under the event
//! store's lock with an atomic replace; a refused entry shows the command line's message and
//! leaves the file as it was. When an entry ends the game, its result and 犯规 counts are
//! entered on the board of the event file, as `xq game` enters them.

use std::path::{Path, PathBuf};

use askama::Template;
use axum::Router;
use axum::extract::{Form, Path as UrlPath, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use serde::Deserialize;
use xiangqi::board::Color;
use xiangqi::diagram::Diagram;
use xiangqi::event::Event;
use xiangqi::game::store::{self, BoardOf, NewGame};
use xiangqi::game::time::format_clock;
use xiangqi::game::words;
use xiangqi::game::{Entry, Game, foul_name};
use xiangqi::movegen::Position;

use crate::i18n::Lang;
use crate::pages::{self, Page, Shared, whole_number};

/// The console's routes: the page (GET) and its entries (POST).
pub(crate) fn routes() -> Router<Shared> {
    Router::new().route(
        "/e/{id}/round/{round}/board/{board}/live",
        get(console).post(enter),
    )
}

/// Where the game log of a board lives: `{event dir}/{event file stem}-games/r{round}b{board}.pgn`
/// (for `events/open.toml`, round 2 board 5: `events/open-games/r2b5.pgn`). The log records the
/// event file as `../{event file name}` (relative to the log's folder), as `xq game new` run in
/// that folder with `--event ../{event file name}` records it.
pub(crate) fn board_log(event_file: &Path, round: u32, board: u32) -> PathBuf {
    let stem = event_file
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    event_file
        .parent()
        .unwrap_or(Path::new(""))
        .join(format!("{stem}-games"))
        .join(format!("r{round}b{board}.pgn"))
}

/// The log's path relative to the served folder (the event file's folder), `/`-separated.
fn log_name(event_file: &Path, round: u32, board: u32) -> String {
    let stem = event_file
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    format!("{stem}-games/r{round}b{board}.pgn")
}

/// The console's own words, Chinese and English.
struct Words {
    title: &'static str,
    board_pre: &'static str,
    board_post: &'static str,
    no_log: &'static str,
    start: &'static str,
    red: &'static str,
    black: &'static str,
    to_move: &'static str,
    period: &'static str,
    sudden_death: &'static str,
    moves: &'static str,
    state: &'static str,
    offer_pending: &'static str,
    adjourned: &'static str,
    must_vary: &'static str,
    claims_now: &'static str,
    none: &'static str,
    result: &'static str,
    in_event: &'static str,
    ongoing: &'static str,
    mv: &'static str,
    mv_help: &'static str,
    clock_after: &'static str,
    play: &'static str,
    offer: &'static str,
    accept: &'static str,
    decline: &'static str,
    resign: &'static str,
    flag: &'static str,
    claim: &'static str,
    repetition: &'static str,
    natural_limit: &'static str,
    claim_repetition: &'static str,
    claim_natural_limit: &'static str,
    side: &'static str,
    foul: &'static str,
    note: &'static str,
    violation: &'static str,
    reason: &'static str,
    penalty: &'static str,
    seconds: &'static str,
    seal: &'static str,
    resume: &'static str,
    late: &'static str,
    minutes: &'static str,
    discipline: &'static str,
    decide: &'static str,
    red_wins: &'static str,
    black_wins: &'static str,
    draw: &'static str,
    no_result: &'static str,
    record: &'static str,
    just_now: &'static str,
    viewer: &'static str,
    back: &'static str,
    more: &'static str,
    refused: &'static str,
    clock_note: &'static str,
    ruleset: &'static str,
    time_control: &'static str,
    record_entry: &'static str,
    flag_override: &'static str,
    flag_shows_zero: &'static str,
    correct: &'static str,
    clock_now: &'static str,
    landed: &'static str,
    foul_names: [&'static str; 8],
}

static ZH: Words = Words {
    title: "对局记录台",
    board_pre: "第",
    board_post: "台",
    no_log: "本台尚无对局记录。开始对局即按赛事文件建立记录（双方姓名、规则、时限）：",
    start: "开始对局",
    red: "红方",
    black: "黑方",
    to_move: "走棋",
    period: "时段",
    sudden_death: "包干",
    moves: "着法",
    state: "对局状态",
    offer_pending: "提和待答复",
    adjourned: "封棋暂停",
    must_vary: "须变着",
    claims_now: "此刻可成立的要求",
    none: "无",
    result: "结果",
    in_event: "赛事文件中的结果",
    ongoing: "对局进行中",
    mv: "着法",
    mv_help: "ICCS (h2e2)、WXF (C2.5) 或中文 (炮二平五)",
    clock_after: "走后棋钟",
    play: "记录着法",
    offer: "提和",
    accept: "同意和棋",
    decline: "拒绝提和",
    resign: "认输",
    flag: "超时",
    claim: "要求判和",
    repetition: "不变作和（重复局面）",
    natural_limit: "六十回合（自然限着）",
    claim_repetition: "要求不变作和",
    claim_natural_limit: "要求六十回合判和",
    side: "哪一方",
    foul: "犯规",
    note: "说明",
    violation: "违例",
    reason: "理由",
    penalty: "罚时",
    seconds: "秒",
    seal: "封棋",
    resume: "续赛（开封）",
    late: "迟到",
    minutes: "分钟",
    discipline: "纪律处分（判负）",
    decide: "裁判裁决",
    red_wins: "红胜",
    black_wins: "黑胜",
    draw: "和棋",
    no_result: "不判结果（如警告）",
    record: "记录与裁定",
    just_now: "刚记录",
    viewer: "在查看器中打开",
    back: "返回编排记录表",
    more: "其他记录：犯规、违例、罚时、封棋、迟到、纪律、裁决",
    refused: "未记录",
    clock_note: "棋钟以记录为准；走棋方的钟在本页每秒倒数，仅供参考。",
    ruleset: "规则",
    time_control: "时限",
    record_entry: "记录",
    flag_override: "裁判裁定超时（钟未显示）",
    flag_shows_zero: "走棋方的钟已显示 0:00:00",
    correct: "校正棋钟",
    clock_now: "校正后棋钟",
    landed: "已补记到赛事文件",
    // seed 002 四 1–8, shortened in its own words
    foul_names: [
        "对方走棋时无故提问或干扰",
        "擅停、擅开棋钟",
        "提和被拒后连续提和",
        "提出自然限着和棋经审核不属实",
        "摸触己方不可能走动的棋子",
        "摸触己方无子可吃的对方棋子",
        "连续漏记着数超过规定",
        "违反棋手须知，情节尚不严重",
    ],
};

static EN: Words = Words {
    title: "Live console",
    board_pre: "Board",
    board_post: "",
    no_log: "No game log for this board yet. Starting the game creates it from the event file (names, ruleset, time control):",
    start: "Start the game",
    red: "Red",
    black: "Black",
    to_move: "to move",
    period: "period",
    sudden_death: "sudden death",
    moves: "Moves",
    state: "State of the game",
    offer_pending: "Draw offer pending",
    adjourned: "Adjourned (封棋)",
    must_vary: "Must vary",
    claims_now: "Claims that would hold now",
    none: "none",
    result: "Result",
    in_event: "Result in the event file",
    ongoing: "in progress",
    mv: "Move",
    mv_help: "ICCS (h2e2), WXF (C2.5) or Chinese (炮二平五)",
    clock_after: "Clock after the move",
    play: "Record the move",
    offer: "Offer a draw",
    accept: "Accept the draw",
    decline: "Decline",
    resign: "Resign",
    flag: "Flag fell",
    claim: "Claim a draw",
    repetition: "repetition (不变作和)",
    natural_limit: "60-move rule (自然限着)",
    claim_repetition: "Claim: repetition",
    claim_natural_limit: "Claim: 60 moves",
    side: "Side",
    foul: "Foul (犯规)",
    note: "Note",
    violation: "Violation (违例)",
    reason: "Reason",
    penalty: "Time penalty",
    seconds: "seconds",
    seal: "Seal a move (封棋)",
    resume: "Resume (续赛)",
    late: "Late arrival (迟到)",
    minutes: "minutes",
    discipline: "Disciplinary loss",
    decide: "Arbiter's decision",
    red_wins: "Red wins",
    black_wins: "Black wins",
    draw: "Draw",
    no_result: "no result (e.g. a warning)",
    record: "Entries and rulings",
    just_now: "Just recorded",
    viewer: "Open in the viewer",
    back: "Back to the round",
    more: "More entries: foul, violation, penalty, seal, lateness, discipline, decision",
    refused: "Refused",
    clock_note: "The log's clock readings are the authority; the clock of the side to move counts down on this page as a guide only.",
    ruleset: "Ruleset",
    time_control: "Time control",
    record_entry: "Record",
    flag_override: "Flag ruled by the arbiter (the clock does not show it)",
    flag_shows_zero: "the running clock shows 0:00:00",
    correct: "Correct a clock",
    clock_now: "Clock after the correction",
    landed: "Entered on the event board now",
    foul_names: [
        "disturbing the opponent",
        "stopping or starting the clock without cause",
        "offering a draw again after a refusal",
        "a false natural-limit claim",
        "touching an own piece that cannot move",
        "touching an opponent's piece that cannot be captured",
        "missing score-sheet entries beyond the limit",
        "a minor breach of the players' rules",
    ],
};

fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::Zh => &ZH,
        Lang::En => &EN,
    }
}

/// One side's clock and counts.
struct SideView {
    code: &'static str,
    side: &'static str,
    name: String,
    clock: String,
    seconds: i64,
    running: bool,
    period: String,
    violations: u32,
    fouls: u32,
}

/// One row of the moves: a move number, Red's and Black's move with the clock after it.
struct MoveRow {
    no: usize,
    red: String,
    red_clock: String,
    black: String,
    black_clock: String,
}

/// The game as the console shows it.
struct GameView {
    svg: String,
    to_move: &'static str,
    ruleset: String,
    time_control: String,
    sides: Vec<SideView>,
    moves: Vec<MoveRow>,
    offer: Option<String>,
    adjourned: Option<String>,
    must_vary: Option<String>,
    claims: String,
    result: Option<String>,
    over: bool,
    rulings: Vec<(String, String)>,
}

/// What a new game would start with (the page before the start).
struct Preview {
    red: String,
    black: String,
    ruleset: String,
    time_control: String,
}

#[derive(Template)]
#[template(path = "live.html")]
struct ConsolePage {
    page: Page,
    w: &'static Words,
    id: String,
    round: u32,
    board: u32,
    action: String,
    log_name: String,
    viewer: String,
    game: Option<GameView>,
    preview: Option<Preview>,
    event_result: String,
    flash: Option<String>,
    error: Option<String>,
    /// A finished game's result entered on the event board by this read (the repair after a
    /// crash), or why it could not be.
    landed: Option<String>,
    typed_move: String,
    fouls: Vec<(u8, String)>,
}

fn side_word(w: &Words, c: Color) -> &'static str {
    match c {
        Color::Red => w.red,
        Color::Black => w.black,
    }
}

/// Replays the log text: the game and the ruling of every entry, as `xq game` printed them.
/// The ruleset the log names is opened only if the desk may open it ([`ruleset_allowed`]).
fn replay(text: &str, root: &Path) -> Result<(Game, Vec<String>), String> {
    log_ruleset_allowed(text, root)?;
    Game::from_text(text).map_err(|e| e.to_string())
}

/// Whether the desk may open the ruleset an event or a game log names: an embedded id, or a
/// ruleset file (`.toml`) inside `root` once links are followed. Anything else is refused
/// without being opened, so that a hostile log in the served folder cannot make the desk read
/// `/dev/zero` or show the first word of a file outside it.
fn ruleset_allowed(named: &str, root: &Path) -> Result<(), String> {
    // relative to the working folder, as `Ruleset::load` reads it
    crate::security::ruleset_in_folder(named, Path::new(""), root).map(|_| ())
}

/// [`ruleset_allowed`] for the ruleset a log's text names (a text that does not parse is left
/// to the replay, which says why).
fn log_ruleset_allowed(text: &str, root: &Path) -> Result<(), String> {
    match xiangqi::game::GameLog::parse(text) {
        Ok(log) => ruleset_allowed(&log.header.ruleset, root),
        Err(_) => Ok(()),
    }
}

/// The folder whose ruleset files an event's games may name: the event file's own folder.
fn ruleset_root(event_path: &Path) -> &Path {
    event_path.parent().unwrap_or(Path::new("."))
}

fn game_view(g: &Game, rulings: Vec<String>, w: &Words) -> GameView {
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
        for e in &log.entries {
            let Entry::Move { mv, clock } = e else {
                continue;
            };
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
    let entry_words: Vec<String> = log.entries.iter().map(|e| entry_word(e, w)).collect();
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
            format!("{outcome} ({}): {}", r.reason, r.detail)
        }),
        over: st.result.is_some(),
        rulings: entry_words.into_iter().zip(rulings).rev().collect(),
    }
}

/// What `xq game new` prints for a new log.
fn new_line(name: &str, g: &Game) -> String {
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

/// The kind of an entry in the console's words (the log list's first column).
fn entry_word(e: &Entry, w: &Words) -> String {
    let s = |c: &Color| side_word(w, *c);
    match e {
        Entry::Move { .. } => w.mv.to_string(),
        Entry::Offer { side } => format!("{} {}", s(side), w.offer),
        Entry::Accept { side } => format!("{} {}", s(side), w.accept),
        Entry::Decline { side } => format!("{} {}", s(side), w.decline),
        Entry::Claim { side, .. } => format!("{} {}", s(side), w.claim),
        Entry::Foul { side, kind, .. } => format!("{} {} {kind}", s(side), w.foul),
        Entry::Violation { side, .. } => format!("{} {}", s(side), w.violation),
        Entry::Penalty { side, .. } => format!("{} {}", s(side), w.penalty),
        Entry::Resign { side } => format!("{} {}", s(side), w.resign),
        Entry::Flag {
            side,
            override_reason,
            ..
        } if !override_reason.is_empty() => {
            format!("{} {} ({})", s(side), w.flag, w.flag_override)
        }
        Entry::Flag { side, .. } => format!("{} {}", s(side), w.flag),
        Entry::Correct { side, .. } => format!("{} {}", s(side), w.correct),
        Entry::Seal { side, .. } => format!("{} {}", s(side), w.seal),
        Entry::Resume => w.resume.to_string(),
        Entry::Late { side, .. } => format!("{} {}", s(side), w.late),
        Entry::Disciplinary { side, .. } => format!("{} {}", s(side), w.discipline),
        Entry::Decision { .. } => w.decide.to_string(),
    }
}

/// The query of the console page.
#[derive(Deserialize, Default)]
struct LiveQuery {
    lang: Option<String>,
    ok: Option<String>,
}

/// What the page says above the board.
enum Said {
    Nothing,
    /// An entry was recorded: show its ruling.
    Recorded,
    /// Refused (or saved with a complaint), with the message and the move typed.
    Refused(String, String),
}

/// The names of the board's players (red, black), or why the board is not paired (the 404
/// page's message, as `xq game new` words it).
fn paired(ev: &Event, id: &str, round: u32, board: u32) -> Result<(String, String), String> {
    let b = ev
        .paired
        .get(round.wrapping_sub(1) as usize)
        .and_then(|r| r.boards.iter().find(|b| b.board == board))
        .ok_or_else(|| format!("{id}: round {round} board {board} is not paired"))?;
    let name = |no: u32| ev.player(no).map_or(String::new(), |p| p.name.clone());
    Ok((name(b.red), name(b.black)))
}

#[allow(clippy::too_many_arguments)]
async fn show(
    desk: &Shared,
    headers: &HeaderMap,
    lang: Lang,
    id: &str,
    round: u32,
    board: u32,
    said: Said,
    status: StatusCode,
) -> Response {
    let (event_path, ev) = match pages::load(desk, headers, lang, id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let (red, black) = match paired(&ev, id, round, board) {
        Ok(x) => x,
        Err(m) => return pages::error_page(desk, headers, lang, StatusCode::NOT_FOUND, m),
    };
    let w = words(lang);
    let log = board_log(&event_path, round, board);
    let name = log_name(&event_path, round, board);
    if let Err(r) = pages::log_inside(desk, headers, lang, &log, &name) {
        return *r;
    }
    // the ruleset a log names is opened only if the desk may open it (before the repair below
    // replays the log)
    let root = ruleset_root(&event_path).to_path_buf();
    let (lp, rp) = (log.clone(), root.clone());
    let allowed = pages::blocking(move || match std::fs::read_to_string(&lp) {
        Ok(text) => log_ruleset_allowed(&text, &rp),
        Err(_) => Ok(()),
    })
    .await
    .unwrap_or(Ok(()));
    if let Err(m) = allowed {
        let msg = format!("{name}: {m}");
        return pages::error_page(desk, headers, lang, StatusCode::UNPROCESSABLE_ENTITY, msg);
    }
    let (lp, nm, ep) = (log.clone(), name.clone(), event_path.clone());
    // a read repairs: a finished game whose result a crash kept off the board lands now
    let landed = pages::blocking(move || store::land(&lp, |_| ep).map_err(|e| e.to_string()))
        .await
        .unwrap_or(Ok(None));
    let mut ev = ev;
    if let Ok(Some(_)) = &landed {
        match pages::load(desk, headers, lang, id).await {
            Ok((_, again)) => ev = again,
            Err(r) => return r,
        }
    }
    let landed = match landed {
        Ok(Some(line)) => Some(format!("{}: {line}", w.landed)),
        Ok(None) => None,
        Err(m) => Some(m),
    }
    .map(|m| pages::scrub(&pages::scrub(&m, &log, &name), &event_path, id));
    let lp = log.clone();
    let loaded = pages::blocking(move || -> Result<Option<(GameView, String)>, String> {
        match std::fs::read_to_string(&lp) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("{nm}: {e}")),
            Ok(text) => {
                let (g, rulings) = replay(&text, &root).map_err(|e| format!("{nm}: {e}"))?;
                // the last ruling; for a new log, the line `xq game new` prints
                let last = rulings.last().cloned().unwrap_or_else(|| new_line(&nm, &g));
                Ok(Some((game_view(&g, rulings, w), last)))
            }
        }
    })
    .await
    .unwrap_or_else(|| Err("internal error".into()));
    let (game, last) = match loaded {
        Ok(Some((g, last))) => (Some(g), Some(last)),
        Ok(None) => (None, None),
        Err(m) => {
            return pages::error_page(
                desk,
                headers,
                lang,
                StatusCode::UNPROCESSABLE_ENTITY,
                pages::scrub(&m, &log, &name),
            );
        }
    };
    let preview = if game.is_none() {
        let opts = new_game(&event_path, id, round, board);
        let p = pages::blocking(move || store::new_header(&opts))
            .await
            .and_then(Result::ok);
        Some(match p {
            Some((h, tc)) => Preview {
                red: h.red,
                black: h.black,
                ruleset: h.ruleset,
                time_control: tc.spec(),
            },
            None => Preview {
                red,
                black,
                ruleset: ev.ruleset.clone(),
                time_control: String::new(),
            },
        })
    } else {
        None
    };
    let event_result = ev
        .paired
        .get(round.wrapping_sub(1) as usize)
        .and_then(|r| r.boards.iter().find(|b| b.board == board))
        .and_then(|b| b.result.clone())
        .unwrap_or_default();
    let action = format!("/e/{}/round/{round}/board/{board}/live", pages::url(id));
    let title = format!(
        "{} · {}{board}{} · {}",
        w.title, w.board_pre, w.board_post, ev.name
    );
    let page = Page::new(desk, headers, lang, &action, title).for_event(id, &ev);
    let (flash, error, typed_move) = match said {
        Said::Nothing => (None, None, String::new()),
        Said::Recorded => (last, None, String::new()),
        Said::Refused(m, typed) => (None, Some(m), typed),
    };
    let viewer = format!(
        "/g/{}",
        name.split('/')
            .map(pages::url)
            .collect::<Vec<_>>()
            .join("/")
    );
    let fouls = (1..=8u8)
        .map(|k| {
            let zh = w.foul_names[usize::from(k - 1)];
            let text = match lang {
                Lang::Zh => format!("{k}. {zh}（{}）", foul_name(k)),
                Lang::En => format!("{k}. {}", foul_name(k)),
            };
            (k, text)
        })
        .collect();
    pages::render(
        status,
        &ConsolePage {
            page,
            w,
            id: id.to_string(),
            round,
            board,
            action,
            log_name: name,
            viewer,
            game,
            preview,
            event_result,
            flash,
            error,
            landed,
            typed_move,
            fouls,
        },
    )
}

/// `GET /e/{id}/round/{round}/board/{board}/live`.
async fn console(
    State(desk): State<Shared>,
    headers: HeaderMap,
    UrlPath((id, round, board)): UrlPath<(String, u32, u32)>,
    Query(q): Query<LiveQuery>,
) -> Response {
    let lang = Lang::from_param(q.lang.as_deref());
    let said = if q.ok.is_some() {
        Said::Recorded
    } else {
        Said::Nothing
    };
    show(
        &desk,
        &headers,
        lang,
        &id,
        round,
        board,
        said,
        StatusCode::OK,
    )
    .await
}

/// The fields of the console's forms; `entry` names the `xq game` subcommand (`start` for
/// `new`).
#[derive(Deserialize, Default)]
struct EntryForm {
    #[serde(default)]
    csrf: String,
    lang: Option<String>,
    token: Option<String>,
    #[serde(default)]
    entry: String,
    #[serde(default)]
    side: String,
    #[serde(default)]
    mv: String,
    #[serde(default)]
    clock: String,
    #[serde(default)]
    kind: String,
    #[serde(default)]
    note: String,
    #[serde(default)]
    reason: String,
    #[serde(default)]
    seconds: String,
    #[serde(default)]
    minutes: String,
    #[serde(default)]
    outcome: String,
}

/// One console entry: `xq game new`, or a change of the log.
enum Step {
    Start,
    Change(Change),
}

/// A change of the log: an entry to apply, the seal (its side is the side to move, as
/// `xq game seal` takes it), or `resume`.
enum Change {
    Apply(Entry),
    Seal { text: String, clock: Option<u32> },
    Resume,
}

/// A side as `xq game` reads it.
fn side(w: &str) -> Result<Color, String> {
    words::side(w.trim()).map_err(|e| e.to_string())
}

/// A clock reading as `xq game --clock` reads it; empty is none.
fn clock(text: &str) -> Result<Option<u32>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    words::clock(t).map(Some).map_err(|e| e.to_string())
}

fn step(f: &EntryForm) -> Result<Step, String> {
    let e = match f.entry.as_str() {
        "start" => return Ok(Step::Start),
        "resume" => return Ok(Step::Change(Change::Resume)),
        "seal" => {
            return Ok(Step::Change(Change::Seal {
                text: f.mv.clone(),
                clock: clock(&f.clock)?,
            }));
        }
        "move" => Entry::Move {
            mv: f.mv.trim().to_string(),
            clock: clock(&f.clock)?,
        },
        "offer" => Entry::Offer {
            side: side(&f.side)?,
        },
        "accept" => Entry::Accept {
            side: side(&f.side)?,
        },
        "decline" => Entry::Decline {
            side: side(&f.side)?,
        },
        "resign" => Entry::Resign {
            side: side(&f.side)?,
        },
        "flag" => Entry::Flag {
            side: side(&f.side)?,
            clock: clock(&f.clock)?,
            override_reason: f.reason.trim().to_string(),
        },
        "correct" => Entry::Correct {
            side: side(&f.side)?,
            clock: clock(&f.clock)?
                .ok_or("clock: expected H:MM:SS, the time the clock should show")?,
            reason: f.reason.clone(),
        },
        claim @ ("claim" | "claim-repetition" | "claim-natural-limit") => {
            // the claim buttons carry the kind in their value
            let kind = claim.strip_prefix("claim-").unwrap_or(&f.kind);
            Entry::Claim {
                side: side(&f.side)?,
                kind: words::claim(kind).map_err(|e| e.to_string())?,
                ruling: String::new(),
            }
        }
        "foul" => Entry::Foul {
            side: side(&f.side)?,
            kind: whole_number("foul kind", &f.kind)?,
            note: f.note.clone(),
        },
        "violation" => Entry::Violation {
            side: side(&f.side)?,
            reason: f.reason.clone(),
        },
        "penalty" => Entry::Penalty {
            side: side(&f.side)?,
            seconds: whole_number("seconds", &f.seconds)?,
            reason: f.reason.clone(),
        },
        "late" => Entry::Late {
            side: side(&f.side)?,
            minutes: whole_number("minutes", &f.minutes)?,
        },
        "discipline" => Entry::Disciplinary {
            side: side(&f.side)?,
            reason: f.reason.clone(),
        },
        "decide" => Entry::Decision {
            outcome: words::decision(&f.outcome).map_err(|e| e.to_string())?,
            reason: f.reason.clone(),
        },
        o => return Err(format!("no such entry: {o:?}")),
    };
    Ok(Step::Change(Change::Apply(e)))
}

/// `xq game new LOG --event ../EVENT --round N --board B`, as seen from the log's folder.
fn new_game(event_path: &Path, id: &str, round: u32, board: u32) -> NewGame {
    NewGame {
        board: Some(BoardOf {
            event: event_path.to_path_buf(),
            recorded: format!("../{id}"),
            round,
            board,
        }),
        ..NewGame::default()
    }
}

/// What a POST did: saved (`Ok`), refused (`Err(message)`), or saved but its result not
/// entered on the event board (`Ok(Some(message))`).
type Done = Result<Option<String>, String>;

fn run_step(event_path: &Path, id: &str, round: u32, board: u32, step: Step) -> Done {
    let log = board_log(event_path, round, board);
    let root = ruleset_root(event_path);
    match &step {
        Step::Start => {
            let ev = xiangqi::event::Store::<Event>::new(event_path)
                .read()
                .map_err(|e| e.to_string())?;
            ruleset_allowed(&ev.ruleset, root)?;
        }
        Step::Change(_) => {
            if let Ok(text) = std::fs::read_to_string(&log) {
                log_ruleset_allowed(&text, root)?;
            }
        }
    }
    match step {
        Step::Start => {
            if let Some(dir) = log.parent() {
                // named as the served folder names it, not by the server's full path
                let name = log_name(event_path, round, board);
                let folder = name.rsplit_once('/').map_or(name.as_str(), |(d, _)| d);
                std::fs::create_dir_all(dir).map_err(|e| format!("{folder}: {e}"))?;
            }
            let (header, _) = store::new_header(&new_game(event_path, id, round, board))
                .map_err(|e| e.to_string())?;
            store::create(&log, header, false).map_err(|e| e.to_string())?;
            Ok(None)
        }
        Step::Change(change) => {
            let written = store::update(&log, |g| {
                match change {
                    Change::Apply(e) => {
                        g.apply(e)?;
                    }
                    Change::Seal { text, clock } => {
                        let side = g.state().side_to_move;
                        g.apply(Entry::Seal { side, text, clock })?;
                    }
                    Change::Resume => {
                        g.resume()?;
                    }
                }
                Ok(())
            })
            .map_err(|e| e.to_string());
            // the log is written first; a finished game's result then lands on the game's own
            // event board (this event file, the round and board the log records) — also after
            // a refusal, so that a result a crash kept off the board lands now
            let landed = store::land(&log, |_| event_path.to_path_buf());
            written?;
            Ok(landed.err().map(|e| e.to_string()))
        }
    }
}

/// `POST /e/{id}/round/{round}/board/{board}/live`: one entry.
async fn enter(
    State(desk): State<Shared>,
    headers: HeaderMap,
    UrlPath((id, round, board)): UrlPath<(String, u32, u32)>,
    Form(f): Form<EntryForm>,
) -> Response {
    let lang = Lang::from_param(f.lang.as_deref());
    let event_path = match pages::writable(&desk, &headers, lang, &id, &f.csrf, f.token.as_deref())
    {
        Ok(p) => p,
        Err(r) => return *r,
    };
    let log = board_log(&event_path, round, board);
    if let Err(r) = pages::log_inside(
        &desk,
        &headers,
        lang,
        &log,
        &log_name(&event_path, round, board),
    ) {
        return *r;
    }
    let typed = f.mv.clone();
    let done = match step(&f) {
        Err(m) => Err(m),
        Ok(s) => {
            let (ep, idc) = (event_path.clone(), id.clone());
            pages::blocking(move || run_step(&ep, &idc, round, board, s))
                .await
                .unwrap_or_else(|| Err("internal error".into()))
        }
    };
    // messages name the log and the event as the served folder names them
    let log = board_log(&event_path, round, board);
    let name = log_name(&event_path, round, board);
    let clean = |m: String| pages::scrub(&pages::scrub(&m, &log, &name), &event_path, &id);
    match done {
        Ok(None) => Redirect::to(&format!(
            "/e/{}/round/{round}/board/{board}/live?lang={}&ok=1#now",
            pages::url(&id),
            lang.code()
        ))
        .into_response(),
        Ok(Some(m)) => {
            show(
                &desk,
                &headers,
                lang,
                &id,
                round,
                board,
                Said::Refused(clean(m), String::new()),
                StatusCode::CONFLICT,
            )
            .await
        }
        Err(m) => {
            show(
                &desk,
                &headers,
                lang,
                &id,
                round,
                board,
                Said::Refused(clean(m), typed),
                StatusCode::BAD_REQUEST,
            )
            .await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_log_lives_beside_the_event_file() {
        assert_eq!(
            board_log(Path::new("/srv/events/open.toml"), 2, 5),
            PathBuf::from("/srv/events/open-games/r2b5.pgn")
        );
        assert_eq!(
            board_log(Path::new("城市赛.toml"), 1, 12),
            PathBuf::from("城市赛-games/r1b12.pgn")
        );
        assert_eq!(
            log_name(Path::new("/srv/events/open.toml"), 2, 5),
            "open-games/r2b5.pgn"
        );
    }

    #[test]
    fn form_fields_read_as_the_command_line_reads_them() {
        let f = |entry: &str, side: &str| EntryForm {
            entry: entry.into(),
            side: side.into(),
            ..EntryForm::default()
        };
        assert!(matches!(
            step(&f("offer", "红")),
            Ok(Step::Change(Change::Apply(Entry::Offer {
                side: Color::Red
            })))
        ));
        assert_eq!(
            step(&f("offer", "green")).err().unwrap(),
            "side green: expected red or black"
        );
        let mut m = f("move", "");
        m.mv = " 炮二平五 ".into();
        m.clock = "1:29:50".into();
        assert!(matches!(
            step(&m),
            Ok(Step::Change(Change::Apply(Entry::Move { mv, clock: Some(5390) }))) if mv == "炮二平五"
        ));
        m.clock = "90".into();
        assert_eq!(
            step(&m).err().unwrap(),
            "--clock 90: expected H:MM:SS (or M:SS), the time left"
        );
        let mut c = f("claim", "black");
        c.kind = "perpetual".into();
        assert_eq!(
            step(&c).err().unwrap(),
            "claim perpetual: expected repetition or natural-limit"
        );
        assert!(step(&f("dance", "red")).is_err());
    }
}
