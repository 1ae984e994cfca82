//! # xiangqi-game — the arbiter's game log and its rulings
//!
//! A live game as the arbiter keeps it: the moves with the clock reading after each, and the
//! events between them — draw offers (提和) accepted or declined, claims (a repetition ruled by
//! the edition; the 60-move rule, 六十回合规则), 违例 and 犯规 (seed 002 四, kinds 1–8), time
//! penalties, resignation (认输), flag fall (超时), the sealed move (封棋) and resumption
//! (续赛), late arrival (迟到), disciplinary loss and the arbiter's decisions.
//!
//! - [`GameLog`]: the header and the [`Entry`] list, stored as PGN (moves in ICCS, the mover's
//!   clock as `{[%clk 1:23:45]}` as chess tools write it, every other event as a
//!   `[%xq …]` token in the comment after the move it follows; any PGN reader still reads the
//!   moves) or as JSON.
//! - [`Game`]: a log replayed under its ruleset (any edition: CN-1987, AXF …) and
//!   [`TimeControl`]; [`Game::apply`] rules on each entry and [`State`] says where the game
//!   stands. Replaying a stored log gives the state built entry by entry.
//! - [`entry`]: one file per kind of entry — its words (the PGN token, what an arbiter types,
//!   what it says in Chinese and English), its check and its application; [`entry::KINDS`]
//!   lists them for the front ends, which derive their entries from it.
//! - [`TimeControl`]: stages of moves in a time (seed 003: 90 minutes for 40 moves, then 30
//!   minutes for every 20), increment (加秒), sudden death; presets `classical`, `rapid`,
//!   `blitz`; a ruleset's `[time_control]` table ([`TimeControl::from_ruleset`]).
//! - [`declared`]: the result a game file records (its `Result` tag, a resignation in the
//!   log) beside the board ruling, and their conflicts (`xq judge` reports them).
//! - [`Game`] is a [`Document`](xiangqi_event::Document): the `xiangqi-event` store writes game
//!   files under a lock, atomically. [`store`] keeps a log on disk as `xq game` and the desk's
//!   live console do: a new log for an event board, entries under the lock, the result entered
//!   on the event board — the log first, the board second, and [`store::land`] on every later
//!   read or write of the log, so that a crash between the two loses no result. The board
//!   receives each side's 违例 count (every 犯规 and every other 违例), which the event's
//!   犯规/违例 tie-break reads.
//! - [`envelope`]: the sealed move (封棋) is stored in its envelope, so that no output — the
//!   log's text, its JSON, [`State`], the desk, the viewer, the paper — shows it before
//!   [`Game::resume`] opens it and plays it.
//! - [`paper`]: the game's paper from the log, as form models of `xiangqi-forms`: the 封棋
//!   record ([`paper::seal_record`]), the signed move record ([`paper::move_record`]) and the
//!   用时 of a round's 计分单 ([`paper::fill_times`]).
//!
//! ## The rules, and the choices the text leaves open
//!
//! Loss (1987 rules ch.1 §4 一): 将死/困毙 after a move, ruled at once; (四) a flag fall
//! ([`Entry::Flag`], or a penalty that empties the clock); (五) lateness beyond the limit
//! (default 15 minutes; a shorter lateness is taken from the late side's clock); (六) a wrong
//! sealed move — one that does not name exactly one legal move at resumption; (七) a side told
//! to vary by the edition's repetition ruling that repeats again ([`State::must_vary`]; each
//! move completing a repetition is ruled at once, so an earlier unclaimed drawn repetition does
//! not hide a later forbidden one); (八)
//! the third 违例 — every 犯规 is also a 违例, and [`Entry::Violation`] records one not in the
//! 犯规 list; (九) resignation; (十) disciplinary loss.
//!
//! Draw offers (二(二)): a side may offer only after its own move and while the opponent is to
//! move (xq cannot see the clock press: "before pressing the clock" is read as "before the
//! opponent's move"); an offer cannot be withdrawn or repeated while pending; it is declined by
//! word or by the opponent's move; a side that has offered more often than the opponent may not
//! offer (equal counts let either offer) — such an offer is logged and ruled 犯规 3. An offer at
//! the wrong moment (own turn, before one's first move, while an offer is pending) is refused
//! and not logged. Claims are exempt from the protocol (二(三)(四)).
//!
//! The 60-move claim (二(四), details 1–5): counted from the last capture (pawn moves do not
//! reset it; a FEN's half-move clock is not used); the claim holds when the claimant's counted
//! moves and the opponent's moves both reach the edition's limit (60 under CN-1987), which
//! covers "59 full moves plus a half move at each end" (detail 1). The claimant's **无效着数**
//! are his checks beyond the tenth in that stretch (details 2 and 3: the only deduction the text
//! quantifies); the opponent's moves all count. A false claim: one 违例 (recorded as 犯规 4)
//! and 5 minutes off the claimant's clock — a loss on time if that empties it, else a loss if
//! it is the third 违例. A claimant whose flag has fallen loses; mate and stalemate end the game
//! at the move, so a later claim is refused; a claimant merely in check is heard (detail 4).
//! No claim, no ruling (detail 5): the claims that would hold are only shown in
//! [`State::claims`].
//!
//! A repetition claim is heard when the last move completed a repetition: the edition rules the
//! cycle (draw: the game is drawn; must vary: play goes on); a claim with no repetition is
//! dismissed without penalty (the text sets none). The arbiter's own ruling without a claim
//! (二(三)) is an [`Entry::Decision`].
//!
//! Clocks: a reading (`--clock H:MM:SS`) is the time left on the mover's clock right after he
//! pressed it, as a digital clock shows it (increment and the next stage's time included);
//! fractions of a second are dropped (as displays drop them). Without a reading the clock keeps
//! its last value plus the increment and, on completing a stage, the next stage's time. Unused
//! time carries over to the next stage. A reading can only fall: one above the time the side
//! had plus what the move adds is refused with that rule (a typo such as `9:29:30`); the
//! arbiter's [`Entry::Correct`] (logged with its reason) is the only way up. A reading of
//! 0:00:00 does not end the game: the arbiter declares the flag ([`Entry::Flag`]), which is
//! accepted only against the side whose clock is running (the side to move) when it shows no
//! time — the flag's own reading 0:00:00, or a last logged reading of 0 — or with the arbiter's
//! override and its reason, logged with the entry.
//!
//! Moves: ICCS, WXF or Chinese; a Chinese move must be written in the mover's own numerals
//! (Red 一…九, Black 1…9 / １…９): the other side's form is refused naming the move it would be
//! for the other side, so that one skipped move does not shift the whole log.
//!
//! Files: a log of format version 2 ([`LOG_VERSION`]) carries its end — the PGN's
//! `[XqLog "2"]` tag first, `[XqEntries "N"]` and the termination line; the JSON object's
//! closing line — so a cut file is refused, and its entries are checked on reading as when they
//! were entered (a hand-edited rising reading is refused naming its line). Version 1 logs,
//! written before, are read as before.
//!
//! ```
//! use xiangqi_game::{Entry, Game, Header, LogFormat, TimeControl};
//! use xiangqi_board::Color;
//! # use xiangqi_rules_cn1987 as _;
//! let header = Header::new("cn-1987", &TimeControl::classical());
//! let mut game = Game::new(header, LogFormat::Pgn)?;
//! game.apply(Entry::Move { mv: "炮二平五".into(), clock: Some(5390) })?;
//! game.apply(Entry::Offer { side: Color::Red })?;
//! game.apply(Entry::Decline { side: Color::Black })?;
//! game.apply(Entry::Move { mv: "h9g7".into(), clock: None })?;
//! // a second offer before Black has offered once: 犯规 3
//! game.apply(Entry::Move { mv: "h0g2".into(), clock: None })?;
//! game.apply(Entry::Offer { side: Color::Red })?;
//! assert_eq!(game.state().fouls.red, 1);
//! // the stored log replays to the same state
//! let text = game.render();
//! assert!(text.contains("[%clk 1:29:50]"));
//! let again = Game::replay(xiangqi_game::GameLog::parse(&text)?)?;
//! assert_eq!(again.state(), game.state());
//! # Ok::<(), xiangqi_game::GameError>(())
//! ```

pub mod declared;
pub mod entry;
pub mod envelope;
mod error;
mod fields;
mod game;
pub mod landing;
mod log;
pub mod paper;
mod refusal;
mod ruling;
mod state;
pub mod store;
pub mod time;
mod verdicts;
pub mod words;
mod zh;

pub use entry::Entry;
pub use entry::foul::foul_name;
pub use error::GameError;
pub use game::Game;
pub use log::{EventBoard, GameLog, Header, LOG_VERSION, LogFormat};
pub use refusal::Refusal;
pub use state::{
    ClaimsNow, FALSE_CLAIM_PENALTY_SECONDS, GameResult, Proposal, State, VIOLATIONS_TO_LOSE,
};
pub use time::{TimeControl, TimeControlError};
pub use verdicts::{ClaimKind, Decision, Ruled};
/// The board crate (colours, squares, pieces), re-exported for the types a log entry names.
pub use xiangqi_board as board;

impl xiangqi_event::Document for Game {
    type Error = GameError;

    fn parse(text: &str) -> Result<Self, Self::Error> {
        Game::from_text(text).map(|(g, _)| g)
    }

    fn render(&self) -> Result<String, Self::Error> {
        Ok(Game::render(self))
    }
}

/// A game log carries its own history (its entries), so it changes by
/// [`Store::update`](xiangqi_event::Store::update).
impl xiangqi_event::Unrecorded for Game {}

/// The README's examples, compiled and run as doctests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
