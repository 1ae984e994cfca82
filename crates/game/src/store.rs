//! A game log on disk, as `xq game` and the desk's live console keep it: starting a log (for a
//! board of an event: names and ruleset from the event, the time control from the ruleset),
//! applying entries under the event store's lock (a refused entry leaves the file as it was),
//! and entering a finished game's result and 违例 counts on its event board.
//!
//! The messages are the command line's: `xq game` prints them, the desk shows them.
//!
//! ```
//! use xiangqi_game::store::{self, NewGame};
//! use xiangqi_game::Entry;
//! use xiangqi_board::Color;
//! # use xiangqi_rules_cn1987 as _;
//! # let dir = tempfile::tempdir()?;
//! let file = dir.path().join("g.pgn");
//! let (header, tc) = store::new_header(&NewGame::default())?; // cn-1987, classical
//! assert_eq!(tc.spec(), "40/90,20/30*");
//! store::create(&file, header.clone(), false)?;
//! // a second creation is refused: the file exists
//! assert!(store::create(&file, header, false).is_err());
//! store::update(&file, |g| g.apply(Entry::Move { mv: "炮二平五".into(), clock: Some(5390) }))?;
//! let before = std::fs::read(&file)?;
//! let refused = store::update(&file, |g| g.apply(Entry::Offer { side: Color::Black }));
//! assert!(refused.unwrap_err().to_string().ends_with(
//!     "g.pgn: Black may offer a draw only after its own move, before pressing the clock (ch.1 §4 二(二))"));
//! assert_eq!(std::fs::read(&file)?, before);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::path::{Path, PathBuf};

use xiangqi_event::Event;
use xiangqi_event::{Store, StoreError, UpdateError, Writer};
use xiangqi_rules::Ruleset;

use crate::{EventBoard, Game, GameError, Header, LogFormat, State, TimeControl};

/// The board of an event a new game is played on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardOf {
    /// Where the event file is read.
    pub event: PathBuf,
    /// How the log records the event file (`xq game new --event E` records `E` as given).
    pub recorded: String,
    /// Round number, 1-based.
    pub round: u32,
    /// Board number (台次), 1-based.
    pub board: u32,
}

/// What a new game log is made from (`xq game new`'s options).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NewGame {
    /// Ruleset id or path; default: the event's ruleset, else `cn-1987`.
    pub ruleset: Option<String>,
    /// The start position; default: the standard start.
    pub fen: Option<String>,
    /// A preset name or `SPEC`; default: the ruleset's `[time_control]` table, else
    /// `classical`.
    pub time_control: Option<String>,
    /// The event board, if any.
    pub board: Option<BoardOf>,
    /// Red's name; default: from the event board.
    pub red: Option<String>,
    /// Black's name; default: from the event board.
    pub black: Option<String>,
}

/// Why a new game log cannot be made. The text is `xq game new`'s message.
#[derive(Debug, thiserror::Error)]
pub enum NewGameError {
    /// The event file cannot be read.
    #[error("{0}")]
    Event(StoreError),
    /// The round and board are not paired in the event.
    #[error("{event}: round {round} board {board} is not paired")]
    NotPaired {
        /// The event file as given.
        event: String,
        /// Round.
        round: u32,
        /// Board.
        board: u32,
    },
    /// The ruleset cannot be loaded.
    #[error("--ruleset {ruleset}: {message}")]
    Ruleset {
        /// The ruleset asked for.
        ruleset: String,
        /// Why.
        message: String,
    },
    /// The time control given is not valid.
    #[error("--time-control: {0}")]
    TimeControl(crate::TimeControlError),
    /// The ruleset's `[time_control]` table is not valid.
    #[error("{0}")]
    RulesetTimeControl(crate::TimeControlError),
    /// The header is refused by the rules (a bad FEN …).
    #[error("{file}: {source}")]
    Game {
        /// The game file.
        file: String,
        /// Why.
        source: GameError,
    },
    /// The file cannot be created (it exists, or cannot be written).
    #[error("{0}")]
    Store(StoreError),
    /// An existing file could not be replaced (`--force`).
    #[error("{0}")]
    Replace(String),
}

/// The header of a new game: with an event board, the names (unless given) and the ruleset
/// (unless given) come from the event; the time control from the ruleset's `[time_control]`
/// table unless given, else `classical`. Returns the time control too.
pub fn new_header(opts: &NewGame) -> Result<(Header, TimeControl), NewGameError> {
    let mut red = opts.red.clone().unwrap_or_default();
    let mut black = opts.black.clone().unwrap_or_default();
    let mut ruleset = opts.ruleset.clone();
    let event = match &opts.board {
        Some(on) => {
            let ev = Store::<Event>::new(&on.event)
                .read()
                .map_err(NewGameError::Event)?;
            let (round, board) = (on.round, on.board);
            let b = ev
                .paired
                .get(round.wrapping_sub(1) as usize)
                .and_then(|r| r.boards.iter().find(|b| b.board == board))
                .ok_or_else(|| NewGameError::NotPaired {
                    event: on.event.display().to_string(),
                    round,
                    board,
                })?;
            let name = |no: u32| {
                ev.players
                    .iter()
                    .find(|p| p.no == no)
                    .map(|p| p.name.clone())
                    .unwrap_or_default()
            };
            if opts.red.is_none() {
                red = name(b.red);
            }
            if opts.black.is_none() {
                black = name(b.black);
            }
            if ruleset.is_none() && !ev.ruleset.is_empty() {
                ruleset = Some(ev.ruleset.clone());
            }
            Some(EventBoard {
                file: on.recorded.clone(),
                round,
                board,
            })
        }
        None => None,
    };
    let ruleset = ruleset.unwrap_or_else(|| "cn-1987".to_string());
    let rs = Ruleset::load(&ruleset).map_err(|e| NewGameError::Ruleset {
        ruleset: ruleset.clone(),
        message: e.to_string(),
    })?;
    let tc = match &opts.time_control {
        Some(spec) => TimeControl::parse(spec).map_err(NewGameError::TimeControl)?,
        None => TimeControl::from_ruleset(&rs)
            .map_err(NewGameError::RulesetTimeControl)?
            .unwrap_or_else(TimeControl::classical),
    };
    let mut header = Header::new(&ruleset, &tc);
    if let Some(f) = &opts.fen {
        header.fen = f.clone();
    }
    header.red = red;
    header.black = black;
    header.event = event;
    Ok((header, tc))
}

/// Creates the log `file` (PGN, or JSON for a `.json` name) with `header`, race-free: of
/// several creating the same file exactly one succeeds. With `force` an existing file is
/// replaced under the lock (an unreadable one as well).
pub fn create(file: &Path, header: Header, force: bool) -> Result<Game, NewGameError> {
    let game = Game::new(header, LogFormat::for_path(file)).map_err(|e| NewGameError::Game {
        file: file.display().to_string(),
        source: e,
    })?;
    let store = Store::<Game>::new(file);
    if force && file.exists() {
        store
            .update(|g| -> Result<(), GameError> {
                *g = Game::new(game.log().header.clone(), game.log().storage)?;
                Ok(())
            })
            .or_else(|e| match e {
                // an unreadable old file is replaced as well
                UpdateError::Store(StoreError::Invalid { .. }) => {
                    xiangqi_event::file::write(file, game.render().as_bytes())
                        .map_err(|e| NewGameError::Replace(e.to_string()))
                }
                UpdateError::Store(e) => Err(NewGameError::Store(e)),
                UpdateError::Rejected(e) => Err(NewGameError::Replace(e.to_string())),
            })?;
    } else {
        store.create(&game).map_err(NewGameError::Store)?;
    }
    Ok(game)
}

/// Why an entry was not written. The text is `xq game`'s message.
#[derive(Debug, thiserror::Error)]
pub enum EntryError {
    /// The file cannot be read, locked or written.
    #[error("{0}")]
    Store(StoreError),
    /// The rules refuse the entry: `FILE: why`. The file is as it was.
    #[error("{file}: {source}")]
    Refused {
        /// The game file, as named.
        file: String,
        /// Why.
        source: GameError,
    },
}

/// Applies `change` to the log `file` under the event store's lock (read, change, atomic
/// replace): a refused change writes nothing. `xq game move|offer|…` are this with
/// [`Game::apply`] (and [`Game::resume`]).
pub fn update<T>(
    file: &Path,
    change: impl FnOnce(&mut Game) -> Result<T, GameError>,
) -> Result<T, EntryError> {
    Store::<Game>::new(file)
        .update(change)
        .map_err(|e| match e {
            UpdateError::Store(e) => EntryError::Store(e),
            UpdateError::Rejected(e) => EntryError::Refused {
                file: file.display().to_string(),
                source: e,
            },
        })
}

/// The event file of a game as `xq game` finds it: as recorded, from the current directory; a
/// relative path that is not found there is looked up beside the game file.
pub fn event_file(game_file: &Path, recorded: &str) -> PathBuf {
    let p = PathBuf::from(recorded);
    if p.is_relative()
        && !p.exists()
        && let Some(dir) = game_file.parent()
    {
        let beside = dir.join(&p);
        if beside.exists() {
            return beside;
        }
    }
    p
}

/// A finished game's result that could not be entered on its event board: `FILE: the game is
/// saved, but its result was not entered: why`.
#[derive(Debug, thiserror::Error)]
#[error("{file}: the game is saved, but its result was not entered: {why}")]
pub struct NotEntered {
    /// The game file, as named.
    pub file: String,
    /// Why (the event store's message, or `EVENT: the event's refusal`).
    pub why: String,
}

/// Lands a finished game's result on its event board if it is not there yet: the repair after
/// a crash (or a failed event write) between writing the log and writing the board. The log
/// is written first, so a finished log whose board holds no result is exactly the state such a
/// crash leaves; every read or write of the log (`xq game …`, the desk's console) calls this,
/// so the next one lands the result. Idempotent: a board that already holds the result is left
/// as it is (`Ok(None)`); a board holding a different result is not overwritten (an error, as
/// [`enter_result`]). Returns `xq game`'s line when the board was changed. `event` finds the
/// event file from the board the log records. A log that cannot be read, that is on no board
/// or whose game is on, lands nothing.
pub fn land(
    game_file: &Path,
    event: impl FnOnce(&EventBoard) -> PathBuf,
) -> Result<Option<String>, NotEntered> {
    let Ok(game) = Store::<Game>::new(game_file).read() else {
        return Ok(None);
    };
    let (Some(board), Some(_)) = (&game.log().header.event, &game.state().result) else {
        return Ok(None);
    };
    let at = event(board);
    enter(game_file, &at, game.state(), board, true)
}

/// Enters a finished game's result (`1-0`, `0-1`, `=`; `+-`/`-+` for a loss by lateness) and
/// both sides' 违例 counts on its board of the event file `event` (through the event store),
/// and returns the line `xq game` prints:
/// `EVENT: round N board B: RESULT (违例 R–B)`.
///
/// The board keeps one count per side, the one its tie-break (`fouls`: 犯规 in the Swiss chain
/// of seed 002, 违例 in the team chains and the 积分编排表's 违例次数) reads: the log's 违例
/// ([`State::violations`]), which holds every 犯规 (each is also a 违例) and every 违例 outside
/// the 犯规 list ([`crate::Entry::Violation`], a false 60-move claim). Nothing is done (`None`) while the game is
/// on. A board that holds a different result is not overwritten.
pub fn enter_result(
    game_file: &Path,
    event: &Path,
    state: &State,
    board: &EventBoard,
) -> Result<Option<String>, NotEntered> {
    enter(game_file, event, state, board, false)
}

/// Enters the result; with `only_changed`, returns the line only when the board changed.
fn enter(
    game_file: &Path,
    event: &Path,
    state: &State,
    board: &EventBoard,
    only_changed: bool,
) -> Result<Option<String>, NotEntered> {
    let Some(result) = &state.result else {
        return Ok(None);
    };
    let res = result.event_result();
    let fouls = (Some(state.violations.red), Some(state.violations.black));
    // recorded in the event's history as the arbiter who declared the result (the board when
    // the log names nobody), so that the desk's versions and the audit trail see it
    let by = declared_by(game_file).unwrap_or_else(|| format!("live board {}", board.board));
    let changed = Store::<Event>::new(event)
        .edit(&Writer::new(by), |e| {
            let changed = e.enter_result(board.round, board.board, res, fouls, false)?;
            let what = format!("live board {}: {}", board.board, e.what());
            e.describe(what);
            Ok(changed)
        })
        .map_err(|e| NotEntered {
            file: game_file.display().to_string(),
            why: match e {
                UpdateError::Store(e) => e.to_string(),
                UpdateError::Rejected(e) => format!("{}: {e}", board.file),
            },
        })?
        .value;
    if only_changed && !changed {
        return Ok(None);
    }
    Ok(Some(format!(
        "{}: round {} board {}: {res} (违例 {}–{})",
        board.file, board.round, board.board, state.violations.red, state.violations.black
    )))
}

/// The arbiter who declared the result of the log `game_file` (宣布结果 with a name), if the
/// log names one.
fn declared_by(game_file: &Path) -> Option<String> {
    let game = Store::<Game>::new(game_file).read().ok()?;
    game.log().entries.iter().rev().find_map(|e| match e {
        crate::Entry::Declare { by, .. } if !by.is_empty() => Some(by.clone()),
        _ => None,
    })
}
