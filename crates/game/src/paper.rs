//! The game's paper (issue 21): the forms that come from a game log — the 封棋 record
//! ([`seal_record`]), the signed move record ([`move_record`]) and the 用时 of a round's 计分单
//! ([`fill_times`]). The forms are models of `xiangqi-forms` ([`SealRecord`], [`MoveRecord`],
//! [`Scoresheets`]), rendered by its [`Sheet`](xiangqi_forms::Sheet) → A4 HTML like
//! every other form; this module only reads the log into them. None of them shows the sealed
//! move: an adjourned game's record has the position and the moves before the seal, and the
//! sealed move enters the log (and the move record) only at resumption ([`crate::envelope`]).

use std::path::{Path, PathBuf};

use xiangqi_board::{ByColor, Color};
use xiangqi_event::Event;
use xiangqi_forms::{MoveRecord, Scoresheets, SealRecord, event_caption};
use xiangqi_movegen::Position;
use xiangqi_notation::chinese;
use xiangqi_rules::Outcome;

use crate::time::format_clock;
use crate::{Game, GameResult};

/// Time used by each side (用时), in seconds: the time its clock was given — the start, each
/// stage's time and the increments its moves earned — less the time left. A time penalty
/// counts as used; an arbiter's correction upwards gives time back. Never below 0.
pub fn used(game: &Game) -> ByColor<i64> {
    let tc = game.time_control();
    let st = game.state();
    ByColor::new_with(|c| {
        let given = tc.start_seconds()
            + (1..=st.moves_made[c])
                .map(|k| tc.added_after(k))
                .sum::<i64>();
        (given - st.clocks[c]).max(0)
    })
}

/// A result in the words of the paper: 红胜 / 黑胜 / 和棋 and the reason (将死, 认输 …).
pub fn result_words(r: &GameResult) -> String {
    let outcome = match r.outcome {
        Outcome::Win(Color::Red) => "红胜",
        Outcome::Win(Color::Black) => "黑胜",
        _ => "和棋",
    };
    format!("{outcome}（{}）", reason_words(&r.reason))
}

/// A result's machine word in Chinese (`checkmate` → 将死); an arbiter's own words as given.
pub fn reason_words(reason: &str) -> &str {
    match reason {
        "checkmate" => "将死",
        "stalemate" => "困毙",
        "resignation" => "认输",
        "flag" => "超时",
        "late" => "迟到超过时限",
        "sealed-move" => "封棋着法有误",
        "third-violation" => "第三次违例",
        "disciplinary" => "纪律处分",
        "agreed" => "议和",
        "repetition" => "不变作和",
        "natural-limit" => "自然限着",
        "arbiter" => "裁判员裁决",
        "perpetual-check" => "长将",
        "perpetual-chase" => "长捉",
        "perpetual-attack" => "长杀",
        "must-vary" => "应变而不变",
        other => other,
    }
}

fn names(game: &Game) -> ByColor<String> {
    let h = &game.log().header;
    ByColor {
        red: h.red.clone(),
        black: h.black.clone(),
    }
}

fn place(game: &Game, event: Option<&Event>) -> (String, Option<(u32, u32)>) {
    (
        event.map(event_caption).unwrap_or_default(),
        game.log().header.event.as_ref().map(|b| (b.round, b.board)),
    )
}

/// The 封棋 record of an adjourned game (seed 003 五④), or `None` when no move is sealed. `event`
/// is the game's event, for the caption.
pub fn seal_record(game: &Game, event: Option<&Event>) -> Option<SealRecord> {
    let st = game.state();
    let sealer = st.sealed_by?;
    let (event, board) = place(game, event);
    let used = used(game);
    Some(SealRecord {
        event,
        board,
        names: names(game),
        sealer,
        moves_made: st.moves_made,
        used: ByColor::new_with(|c| format_clock(used[c])),
        clocks: ByColor::new_with(|c| format_clock(st.clocks[c])),
        fen: game.position().fen(),
    })
}

/// The signed move record (对局记录) of the moves in force, in Chinese notation, with the result
/// (once declared) and each side's 用时. `event` is the game's event, for the caption.
pub fn move_record(game: &Game, event: Option<&Event>) -> MoveRecord {
    let header = &game.log().header;
    let mut pos = Position::from_fen(&header.fen).expect("the log's start position was checked");
    let first = pos.turn();
    let moves = game
        .moves()
        .iter()
        .map(|&m| {
            let text = chinese::render(&pos, m);
            pos.play_unchecked(m);
            text
        })
        .collect();
    let (event, board) = place(game, event);
    let used = used(game);
    let standard = Position::start().fen();
    MoveRecord {
        event,
        board,
        names: names(game),
        first,
        moves,
        start_fen: (Position::from_fen(&header.fen).map(|p| p.fen()).ok() != Some(standard))
            .then(|| header.fen.clone()),
        result: game
            .state()
            .result
            .as_ref()
            .map(result_words)
            .unwrap_or_default(),
        used: ByColor::new_with(|c| format_clock(used[c])),
    }
}

/// Where the game log of an event board lives, as the desk's live console keeps it:
/// `{event dir}/{event file stem}-games/r{round}b{board}.pgn`.
pub fn board_log(event_file: &Path, round: u32, board: u32) -> PathBuf {
    let stem = event_file
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    event_file
        .parent()
        .unwrap_or(Path::new(""))
        .join(format!("{stem}-games"))
        .join(format!("r{round}b{board}.pgn"))
}

/// Fills the 用时 of a round's 计分单 from the game logs of its boards: `log_of(board)` gives a
/// board's log, if it has one (see [`board_log`]). A log of another board, or one in which no
/// move was made, leaves the sheet's 用时 blank (to fill by hand).
pub fn fill_times(sheets: &mut Scoresheets, log_of: impl Fn(u32) -> Option<Game>) {
    for s in &mut sheets.sheets {
        let Some(game) = log_of(s.board) else {
            continue;
        };
        let on_board = game
            .log()
            .header
            .event
            .as_ref()
            .is_some_and(|b| b.round == sheets.round && b.board == s.board);
        if !on_board || game.moves().is_empty() {
            continue;
        }
        let used = used(&game);
        s.red.time = format_clock(used.red);
        s.black.time = format_clock(used.black);
    }
}

/// [`fill_times`] from the logs the desk's live console keeps beside `event_file`
/// ([`board_log`]); a log that cannot be read leaves its sheet blank.
pub fn fill_times_from_folder(sheets: &mut Scoresheets, event_file: &Path) {
    let round = sheets.round;
    fill_times(sheets, |board| {
        let path = board_log(event_file, round, board);
        path.exists()
            .then(|| xiangqi_event::Store::<Game>::new(&path).read().ok())
            .flatten()
    });
}
