//! The game log: a header and the entries (moves and events) in the order they happened, stored
//! as PGN (moves, `{[%clk H:MM:SS]}` and `{[%xq …]}` comments, tags) or as JSON.

use serde::{Deserialize, Serialize};
use xiangqi_board::{Color, START_FEN};
use xiangqi_movegen::{Move, Position};
use xiangqi_notation::{Mode, pgn};

use crate::GameError;
use crate::time::{TimeControl, format_clock, parse_clock};

/// The board of an event a game is played on.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventBoard {
    /// The event file (as given when the game was created).
    pub file: String,
    /// Round number, 1-based.
    pub round: u32,
    /// Board number (台次), 1-based.
    pub board: u32,
}

/// What a game log starts with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The ruleset (embedded id or path) whose edition rules the game.
    pub ruleset: String,
    /// The start position (FEN).
    pub fen: String,
    /// The time control, written as its `SPEC` (see [`TimeControl::parse`]).
    pub time_control: String,
    /// Red's name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub red: String,
    /// Black's name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub black: String,
    /// The event board, if the game belongs to one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<EventBoard>,
}

impl Header {
    /// A header for a game from the standard start under `ruleset` with `time_control`.
    pub fn new(ruleset: &str, time_control: &TimeControl) -> Header {
        Header {
            ruleset: ruleset.to_string(),
            fen: START_FEN.to_string(),
            time_control: time_control.spec(),
            red: String::new(),
            black: String::new(),
            event: None,
        }
    }
}

/// A claim (提和 under ch.1 §4 二(三) or (四)): exempt from the offer protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimKind {
    /// A draw by repetition (不变作和, (三)).
    Repetition,
    /// The 60-move rule (六十回合规则 / 自然限着, (四)).
    NaturalLimit,
}

impl ClaimKind {
    /// The command-line word.
    pub fn as_str(self) -> &'static str {
        match self {
            ClaimKind::Repetition => "repetition",
            ClaimKind::NaturalLimit => "natural-limit",
        }
    }

    /// From the command-line word.
    pub fn from_word(w: &str) -> Option<ClaimKind> {
        match w {
            "repetition" => Some(ClaimKind::Repetition),
            "natural-limit" => Some(ClaimKind::NaturalLimit),
            _ => None,
        }
    }
}

/// The outcome an arbiter's decision imposes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Decision {
    /// Red wins.
    RedWins,
    /// Black wins.
    BlackWins,
    /// Drawn (e.g. a repetition ruled a draw without a claim, ch.1 §4 二(三)).
    Draw,
    /// No result: the decision is recorded, the game goes on.
    None,
}

impl Decision {
    /// The command-line word (`red-wins`, `black-wins`, `draw`, `none`).
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::RedWins => "red-wins",
            Decision::BlackWins => "black-wins",
            Decision::Draw => "draw",
            Decision::None => "none",
        }
    }

    /// From the command-line word.
    pub fn from_word(w: &str) -> Option<Decision> {
        match w {
            "red-wins" => Some(Decision::RedWins),
            "black-wins" => Some(Decision::BlackWins),
            "draw" => Some(Decision::Draw),
            "none" => Some(Decision::None),
            _ => None,
        }
    }
}

/// One entry of the log: a move, or an event between moves.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Entry {
    /// A move (ICCS) and the mover's clock after it (seconds left), if read.
    Move {
        /// The move in ICCS (`h2e2`).
        #[serde(rename = "move")]
        mv: String,
        /// The mover's clock after pressing it, in whole seconds left.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<u32>,
    },
    /// A draw offer (提和) by `side`.
    Offer {
        /// Who offers.
        side: Color,
    },
    /// `side` accepts the opponent's pending offer.
    Accept {
        /// Who accepts.
        side: Color,
    },
    /// `side` declines the opponent's pending offer by word.
    Decline {
        /// Who declines.
        side: Color,
    },
    /// A claim; `ruling` is the arbiter's answer as logged (recomputed on replay).
    Claim {
        /// The claimant.
        side: Color,
        /// What is claimed.
        kind: ClaimKind,
        /// The ruling, in words.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        ruling: String,
    },
    /// A 犯规 of seed 002 四, `kind` 1–8 (each is also one 违例).
    Foul {
        /// Who.
        side: Color,
        /// 1–8.
        kind: u8,
        /// What happened.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        note: String,
    },
    /// A 违例 not in the 犯规 list (1987 rules ch.3 §6), with its reason.
    Violation {
        /// Who.
        side: Color,
        /// What happened.
        reason: String,
    },
    /// A time penalty: `seconds` taken off `side`'s clock (the clock "gains five minutes").
    Penalty {
        /// Who.
        side: Color,
        /// Seconds.
        seconds: u32,
        /// Why.
        reason: String,
    },
    /// `side` resigns (认输).
    Resign {
        /// Who.
        side: Color,
    },
    /// `side`'s flag fell (超时): accepted against the side whose clock is running when that
    /// clock shows no time left — `clock` is its reading (`0`), or the log's last reading for
    /// it is already 0 — or with an arbiter's explicit override and its reason.
    Flag {
        /// Who.
        side: Color,
        /// The reading of the running clock when the flag was seen to fall (seconds left: 0).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<u32>,
        /// The arbiter's reason for ruling the flag without the clock showing it (an
        /// override); empty when the clock shows it.
        #[serde(default, rename = "override", skip_serializing_if = "String::is_empty")]
        override_reason: String,
    },
    /// An arbiter's correction of a clock (校正棋钟): `side`'s clock is set to `clock`, up or
    /// down, with the reason — the only way a reading may rise other than by the increment or a
    /// new stage's time.
    Correct {
        /// Whose clock.
        side: Color,
        /// Seconds left after the correction.
        clock: u32,
        /// Why, in the arbiter's words.
        reason: String,
    },
    /// The side to move seals its move (封棋); `text` as written, checked at resumption.
    Seal {
        /// The sealer (the side to move).
        side: Color,
        /// The move as written on the score sheet, any notation. Stored in its envelope
        /// ([`crate::envelope`]): no output shows it before the game resumes.
        #[serde(with = "crate::envelope")]
        text: crate::envelope::Sealed,
        /// The sealer's clock at sealing.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<u32>,
    },
    /// The arbiter opens the envelope (续赛); a right sealed move follows as the next entry.
    Resume,
    /// `side` arrived `minutes` late (迟到).
    Late {
        /// Who.
        side: Color,
        /// Minutes late.
        minutes: u32,
    },
    /// `side` loses for a breach of discipline (纪律处分).
    Disciplinary {
        /// Who.
        side: Color,
        /// Why.
        reason: String,
    },
    /// An arbiter's decision (裁判员裁决) with its reason.
    Decision {
        /// The result it imposes, or `none`.
        outcome: Decision,
        /// Why, in the arbiter's words.
        reason: String,
    },
    /// What the rules propose after the entry before it (version 3): the edition judging the
    /// game found a side must vary (变着), or a loss or a draw. Not a result: the arbiter
    /// confirms ([`Entry::Told`], [`Entry::Declare`]) or lets play go on. Written by
    /// [`crate::Game::apply`] itself, never entered; replaying a log checks each one is the
    /// rules' own.
    Propose {
        /// What is proposed.
        ruling: Ruled,
        /// The rule, as a machine word: the edition's reason (`perpetual-check`,
        /// `perpetual-chase` …), `checkmate`, `stalemate`, `repetition`, `natural-limit`,
        /// `third-violation`, `flag`, `late`, `sealed-move`.
        rule: String,
        /// The edition that rules (`cn-1987`, `axf` …).
        edition: String,
        /// The first ply of the repetition cycle (the line), if the ruling is a repetition's.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        first_ply: Option<usize>,
        /// The last ply of the cycle (the move that completed it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        last_ply: Option<usize>,
        /// The ruling in words, with the clause of the rules.
        detail: String,
    },
    /// The arbiter has told `side` to vary (已告知变着), confirming the rules' must-vary
    /// proposal: from now on repeating the forbidden cycle is proposed as a loss (ch.1 §4
    /// 一(七)).
    Told {
        /// The side told to vary.
        side: Color,
        /// Who (the arbiter), as given.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        by: String,
        /// When (RFC 3339, UTC), as the front end stamped it.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        at: String,
    },
    /// The arbiter declares the result (宣布结果): the proposed one, or any other, with its rule.
    /// Only a declared (or typed) result is the game's result and reaches the event.
    Declare {
        /// The result (`red-wins`, `black-wins`, `draw`); entered as `none`, the proposed
        /// result, which is what the log then records.
        outcome: Decision,
        /// The rule the result stands on: the proposal's rule when it confirms one, else the
        /// arbiter's words.
        rule: String,
        /// Who (the arbiter), as given.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        by: String,
        /// When (RFC 3339, UTC), as the front end stamped it.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        at: String,
    },
    /// The arbiter undoes the last entry still in force (撤销), with the reason. The undone
    /// entry stays in the log, marked by this one ([`crate::Game::undone`]), so that the record
    /// is complete; a move undone takes the rules' proposal after it along.
    Undo {
        /// The number (1-based, in the log) of the entry undone.
        entry: usize,
        /// Why, in the arbiter's words.
        reason: String,
        /// Who (the arbiter), as given.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        by: String,
        /// When (RFC 3339, UTC), as the front end stamped it.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        at: String,
    },
}

impl Entry {
    /// The entry's type word, as the JSON `"type"` and the PGN token write it (`move`,
    /// `offer`, `propose`, `told`, `declare`, `undo` …).
    pub fn kind(&self) -> &'static str {
        match self {
            Entry::Move { .. } => "move",
            Entry::Offer { .. } => "offer",
            Entry::Accept { .. } => "accept",
            Entry::Decline { .. } => "decline",
            Entry::Claim { .. } => "claim",
            Entry::Foul { .. } => "foul",
            Entry::Violation { .. } => "violation",
            Entry::Penalty { .. } => "penalty",
            Entry::Resign { .. } => "resign",
            Entry::Flag { .. } => "flag",
            Entry::Correct { .. } => "correct",
            Entry::Seal { .. } => "seal",
            Entry::Resume => "resume",
            Entry::Late { .. } => "late",
            Entry::Disciplinary { .. } => "disciplinary",
            Entry::Decision { .. } => "decision",
            Entry::Propose { .. } => "propose",
            Entry::Told { .. } => "told",
            Entry::Declare { .. } => "declare",
            Entry::Undo { .. } => "undo",
        }
    }
}

/// What the rules propose ([`Entry::Propose`]): a side must vary, a win, or a draw. The words
/// are the judge's (`red-must-vary` as `xq judge` writes a repetition's verdict).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ruled {
    /// Red must vary (红方变着).
    RedMustVary,
    /// Black must vary (黑方变着).
    BlackMustVary,
    /// Red wins.
    RedWins,
    /// Black wins.
    BlackWins,
    /// Drawn.
    Draw,
}

impl Ruled {
    /// The word (`red-must-vary`, `black-must-vary`, `red-wins`, `black-wins`, `draw`).
    pub fn as_str(self) -> &'static str {
        match self {
            Ruled::RedMustVary => "red-must-vary",
            Ruled::BlackMustVary => "black-must-vary",
            Ruled::RedWins => "red-wins",
            Ruled::BlackWins => "black-wins",
            Ruled::Draw => "draw",
        }
    }

    /// From the word.
    pub fn from_word(w: &str) -> Option<Ruled> {
        [
            Ruled::RedMustVary,
            Ruled::BlackMustVary,
            Ruled::RedWins,
            Ruled::BlackWins,
            Ruled::Draw,
        ]
        .into_iter()
        .find(|r| r.as_str() == w)
    }

    /// The side that must vary, for a must-vary ruling.
    pub fn must_vary(self) -> Option<Color> {
        match self {
            Ruled::RedMustVary => Some(Color::Red),
            Ruled::BlackMustVary => Some(Color::Black),
            _ => None,
        }
    }

    /// The result a declaration of this ruling gives (`None` for a must-vary ruling).
    pub fn decision(self) -> Option<Decision> {
        match self {
            Ruled::RedWins => Some(Decision::RedWins),
            Ruled::BlackWins => Some(Decision::BlackWins),
            Ruled::Draw => Some(Decision::Draw),
            _ => None,
        }
    }
}

/// How a log is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum LogFormat {
    /// PGN with `[%clk]` and `[%xq]` comments.
    #[default]
    Pgn,
    /// JSON.
    Json,
}

impl LogFormat {
    /// The format for a file name: `.json` → JSON, anything else PGN.
    pub fn for_path(path: &std::path::Path) -> LogFormat {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("json") => LogFormat::Json,
            _ => LogFormat::Pgn,
        }
    }
}

/// The format version xq writes. Version 2 logs carry their own end (a PGN's entry count and
/// its termination line, a JSON object's closing line), so a cut file is refused; and their
/// entries are checked on reading as when they were entered (clocks that only fall, flags
/// against the running clock). Version 3 (issue 22) adds the rules' proposals and the arbiter's
/// answers ([`Entry::Propose`], [`Entry::Told`], [`Entry::Declare`], [`Entry::Undo`]): the
/// rules no longer end a game by themselves. Version 1 and 2 logs (written before) are read and
/// continued as before — their rulings take effect at once, and the new entries are refused.
pub const LOG_VERSION: u32 = 3;

/// A game log: header and entries. Parsing checks only the file's form (and, for a version 2
/// log, that it is whole); [`crate::Game::replay`] checks every entry against the rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameLog {
    /// `"xq-game"`.
    pub format: String,
    /// `3` ([`LOG_VERSION`]) for a log xq writes now; `1` or `2` for one written before.
    pub version: u32,
    /// The header.
    pub header: Header,
    /// The entries in order.
    pub entries: Vec<Entry>,
    /// How the file is stored (not part of the JSON).
    #[serde(skip)]
    pub storage: LogFormat,
}

impl GameLog {
    /// An empty log ([`LOG_VERSION`]).
    pub fn new(header: Header, storage: LogFormat) -> GameLog {
        GameLog {
            format: "xq-game".into(),
            version: LOG_VERSION,
            header,
            entries: Vec::new(),
            storage,
        }
    }

    /// Reads a log from text: JSON when it starts with `{`, else PGN. A version 2 log must be
    /// whole: a file cut short (a lost entry, a lost last line) is refused with what is missing.
    /// Its final newline is not required (a file that lost only that has lost nothing; an
    /// editor may have dropped it).
    pub fn parse(text: &str) -> Result<GameLog, GameError> {
        if text.trim_start().starts_with('{') {
            let mut log: GameLog =
                serde_json::from_str(text).map_err(|e| GameError::File(format!("JSON: {e}")))?;
            if log.format != "xq-game" || !(1..=LOG_VERSION).contains(&log.version) {
                return Err(GameError::File(format!(
                    "not an xq game log (format \"xq-game\", version 1 to {LOG_VERSION})"
                )));
            }
            if log.version >= 2 && !text.trim_end_matches(['\n', '\r']).ends_with('}') {
                return Err(GameError::File(
                    "the log is cut short: it does not end with its closing `}` line".into(),
                ));
            }
            log.storage = LogFormat::Json;
            Ok(log)
        } else {
            read_pgn(text)
        }
    }

    /// The line of the file `text` (this log's text) that holds entry `index` (0-based): the
    /// line of its `[%clk …]` or `[%xq …]` comment in PGN, of its `"type"` in JSON; `None` for a
    /// PGN move without a clock reading.
    pub fn entry_line(&self, text: &str, index: usize) -> Option<usize> {
        let entry = self.entries.get(index)?;
        let off = self.off_line();
        let on_line = |i: usize| matches!(self.entries[i], Entry::Move { .. }) && !off[i];
        let (needle, nth) = match (self.storage, entry) {
            (LogFormat::Json, _) => ("\"type\": ", index),
            (LogFormat::Pgn, Entry::Move { clock: None, .. }) if on_line(index) => return None,
            (LogFormat::Pgn, Entry::Move { .. }) if on_line(index) => (
                "[%clk ",
                (0..index)
                    .filter(|&i| {
                        on_line(i) && matches!(self.entries[i], Entry::Move { clock: Some(_), .. })
                    })
                    .count(),
            ),
            (LogFormat::Pgn, _) => ("[%xq ", (0..index).filter(|&i| !on_line(i)).count()),
        };
        // strings in tokens and JSON are quoted with `[`, `"` escaped: the needle is only ever
        // an entry's own
        let (at, _) = text.match_indices(needle).nth(nth)?;
        Some(text[..at].matches('\n').count() + 1)
    }

    /// For each entry, whether it is a move an [`Entry::Undo`] took back: in PGN such a move is
    /// kept off the game's line (a `[%xq move …]` token), so that any PGN reader reads the moves
    /// in force.
    pub fn off_line(&self) -> Vec<bool> {
        let mut off = vec![false; self.entries.len()];
        for e in &self.entries {
            if let Entry::Undo { entry, .. } = e
                && let Some(i) = entry.checked_sub(1)
                && matches!(self.entries.get(i), Some(Entry::Move { .. }))
            {
                off[i] = true;
            }
        }
        off
    }

    /// The text of the log in its storage format; `result` is written as the PGN `Result`
    /// tag (derived, ignored when reading back).
    pub fn render(&self, result: Option<(&str, &str)>) -> String {
        match self.storage {
            LogFormat::Json => {
                let mut s = serde_json::to_string_pretty(self).expect("a log serializes");
                s.push('\n');
                s
            }
            LogFormat::Pgn => write_pgn(self, result),
        }
    }
}

/// A string for a `[%xq …]` token: JSON, with `}` and `]` escaped so the comment and the
/// token stay closed.
fn quote(s: &str) -> String {
    serde_json::to_string(s)
        .expect("a string serializes")
        .replace('}', "\\u007d")
        .replace(']', "\\u005d")
        .replace('{', "\\u007b")
        .replace('[', "\\u005b")
}

fn entry_token(e: &Entry) -> Option<String> {
    let s = |c: &Color| c.name();
    Some(match e {
        Entry::Move { .. } => return None,
        Entry::Offer { side } => format!("offer {}", s(side)),
        Entry::Accept { side } => format!("accept {}", s(side)),
        Entry::Decline { side } => format!("decline {}", s(side)),
        Entry::Claim { side, kind, ruling } => {
            format!("claim {} {} {}", s(side), kind.as_str(), quote(ruling))
        }
        Entry::Foul { side, kind, note } => format!("foul {} {kind} {}", s(side), quote(note)),
        Entry::Violation { side, reason } => format!("violation {} {}", s(side), quote(reason)),
        Entry::Penalty {
            side,
            seconds,
            reason,
        } => format!("penalty {} {seconds} {}", s(side), quote(reason)),
        Entry::Resign { side } => format!("resign {}", s(side)),
        Entry::Flag {
            side,
            clock,
            override_reason,
        } => {
            let mut t = format!("flag {}", s(side));
            if clock.is_some() || !override_reason.is_empty() {
                t.push(' ');
                t.push_str(&clock.map_or("-".to_string(), |c| format_clock(i64::from(c))));
            }
            if !override_reason.is_empty() {
                t.push(' ');
                t.push_str(&quote(override_reason));
            }
            t
        }
        Entry::Correct {
            side,
            clock,
            reason,
        } => format!(
            "correct {} {} {}",
            s(side),
            format_clock(i64::from(*clock)),
            quote(reason)
        ),
        Entry::Seal { side, text, clock } => format!(
            "seal {} {} {}",
            s(side),
            quote(&crate::envelope::seal(text)),
            clock.map_or("-".to_string(), |c| format_clock(i64::from(c)))
        ),
        Entry::Resume => "resume".into(),
        Entry::Late { side, minutes } => format!("late {} {minutes}", s(side)),
        Entry::Disciplinary { side, reason } => {
            format!("disciplinary {} {}", s(side), quote(reason))
        }
        Entry::Decision { outcome, reason } => {
            format!("decision {} {}", outcome.as_str(), quote(reason))
        }
        Entry::Propose {
            ruling,
            rule,
            edition,
            first_ply,
            last_ply,
            detail,
        } => {
            let line = match (first_ply, last_ply) {
                (Some(a), Some(b)) => format!("{a}-{b}"),
                _ => "-".into(),
            };
            format!(
                "propose {} {} {} {line} {}",
                ruling.as_str(),
                quote(rule),
                quote(edition),
                quote(detail)
            )
        }
        Entry::Told { side, by, at } => format!("told {} {} {}", s(side), quote(by), quote(at)),
        Entry::Declare {
            outcome,
            rule,
            by,
            at,
        } => format!(
            "declare {} {} {} {}",
            outcome.as_str(),
            quote(rule),
            quote(by),
            quote(at)
        ),
        Entry::Undo {
            entry,
            reason,
            by,
            at,
        } => format!("undo {entry} {} {} {}", quote(reason), quote(by), quote(at)),
    })
}

fn write_pgn(log: &GameLog, result: Option<(&str, &str)>) -> String {
    let h = &log.header;
    let start = Position::from_fen(&h.fen).expect("a checked header");
    let mut game =
        xiangqi_notation::NotatedGame::new(start.clone(), xiangqi_notation::GameFormat::Pgn);
    if log.version >= 2 {
        // first, so that any cut of the file that keeps a tag keeps this one
        game.set_tag(VERSION_TAG, log.version.to_string());
    }
    game.set_tag("Game", "Chinese Chess");
    if !h.red.is_empty() {
        game.set_tag("Red", h.red.clone());
    }
    if !h.black.is_empty() {
        game.set_tag("Black", h.black.clone());
    }
    if let Some(ev) = &h.event {
        game.set_tag("XqEventFile", ev.file.clone());
        game.set_tag("Round", ev.round.to_string());
        game.set_tag("Board", ev.board.to_string());
    }
    game.set_tag("Ruleset", h.ruleset.clone());
    game.set_tag("XqTimeControl", h.time_control.clone());
    if log.version >= 2 {
        game.set_tag(COUNT_TAG, log.entries.len().to_string());
    }
    if let Some((res, reason)) = result {
        game.set_tag("Result", res);
        game.set_tag("XqResultReason", reason);
        game.result = Some(res.to_string());
    }
    let mut ply = 0usize;
    let mut pending: Vec<String> = Vec::new();
    let flush =
        |ply: usize, pending: &mut Vec<String>, game: &mut xiangqi_notation::NotatedGame| {
            if !pending.is_empty() {
                game.comments.push((ply, pending.join(" ")));
                pending.clear();
            }
        };
    let off = log.off_line();
    for (i, e) in log.entries.iter().enumerate() {
        match e {
            // a move taken back stays in the log, off the game's line
            Entry::Move { mv, clock } if off[i] => pending.push(format!(
                "[%xq move {mv} {}]",
                clock.map_or("-".to_string(), |c| format_clock(i64::from(c)))
            )),
            Entry::Move { mv, clock } => {
                flush(ply, &mut pending, &mut game);
                let m = Move::from_iccs(mv).expect("a checked move");
                game.moves.push(m);
                ply += 1;
                if let Some(c) = clock {
                    pending.push(format!("[%clk {}]", format_clock(i64::from(*c))));
                }
            }
            other => pending.push(format!("[%xq {}]", entry_token(other).expect("not a move"))),
        }
    }
    flush(ply, &mut pending, &mut game);
    pgn::write_game(
        &game,
        pgn::WriteOptions::new(xiangqi_notation::Notation::Iccs),
    )
}

/// Splits a `[%xq …]` body into words; JSON strings stay whole.
fn words(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_str = false;
    let mut esc = false;
    for ch in body.chars() {
        if in_str {
            cur.push(ch);
            if esc {
                esc = false;
            } else if ch == '\\' {
                esc = true;
            } else if ch == '"' {
                in_str = false;
            }
        } else if ch == '"' {
            in_str = true;
            cur.push(ch);
        } else if ch.is_whitespace() {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
        } else {
            cur.push(ch);
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn parse_token(body: &str) -> Result<Entry, String> {
    let w = words(body);
    let side = |i: usize| -> Result<Color, String> {
        match w.get(i).map(String::as_str) {
            Some("red") => Ok(Color::Red),
            Some("black") => Ok(Color::Black),
            o => Err(format!("expected red or black, found {o:?}")),
        }
    };
    let text = |i: usize| -> Result<String, String> {
        let t = w.get(i).ok_or("missing text")?;
        serde_json::from_str::<String>(t).map_err(|e| format!("bad text {t}: {e}"))
    };
    let num = |i: usize| -> Result<u32, String> {
        let t = w.get(i).ok_or("missing number")?;
        t.parse().map_err(|_| format!("bad number {t}"))
    };
    let e = match w.first().map(String::as_str) {
        // a move an undo took back, kept off the game's line
        Some("move") => {
            let mv = w.get(1).ok_or("missing move")?;
            Move::from_iccs(mv).ok_or(format!("bad move {mv}"))?;
            Entry::Move {
                mv: mv.clone(),
                clock: match w.get(2).map(String::as_str) {
                    None | Some("-") => None,
                    Some(c) => Some(parse_clock(c).ok_or(format!("bad clock {c}"))?),
                },
            }
        }
        Some("offer") => Entry::Offer { side: side(1)? },
        Some("accept") => Entry::Accept { side: side(1)? },
        Some("decline") => Entry::Decline { side: side(1)? },
        Some("claim") => Entry::Claim {
            side: side(1)?,
            kind: w
                .get(2)
                .and_then(|k| ClaimKind::from_word(k))
                .ok_or("bad claim kind")?,
            ruling: text(3)?,
        },
        Some("foul") => Entry::Foul {
            side: side(1)?,
            kind: u8::try_from(num(2)?).map_err(|e| e.to_string())?,
            note: text(3)?,
        },
        Some("violation") => Entry::Violation {
            side: side(1)?,
            reason: text(2)?,
        },
        Some("penalty") => Entry::Penalty {
            side: side(1)?,
            seconds: num(2)?,
            reason: text(3)?,
        },
        Some("resign") => Entry::Resign { side: side(1)? },
        Some("flag") => Entry::Flag {
            side: side(1)?,
            clock: match w.get(2).map(String::as_str) {
                None | Some("-") => None,
                Some(c) => Some(parse_clock(c).ok_or(format!("bad clock {c}"))?),
            },
            override_reason: if w.len() > 3 { text(3)? } else { String::new() },
        },
        Some("correct") => Entry::Correct {
            side: side(1)?,
            clock: {
                let c = w.get(2).ok_or("missing clock")?;
                parse_clock(c).ok_or(format!("bad clock {c}"))?
            },
            reason: text(3)?,
        },
        Some("seal") => Entry::Seal {
            side: side(1)?,
            text: crate::envelope::open(&text(2)?)?.into(),
            clock: match w.get(3).map(String::as_str) {
                None | Some("-") => None,
                Some(c) => Some(parse_clock(c).ok_or(format!("bad clock {c}"))?),
            },
        },
        Some("resume") => Entry::Resume,
        Some("late") => Entry::Late {
            side: side(1)?,
            minutes: num(2)?,
        },
        Some("disciplinary") => Entry::Disciplinary {
            side: side(1)?,
            reason: text(2)?,
        },
        Some("decision") => Entry::Decision {
            outcome: w
                .get(1)
                .and_then(|k| Decision::from_word(k))
                .ok_or("bad decision outcome")?,
            reason: text(2)?,
        },
        Some("propose") => {
            let (first_ply, last_ply) = match w.get(4).map(String::as_str) {
                None => return Err("missing line".into()),
                Some("-") => (None, None),
                Some(l) => {
                    let (a, b) = l.split_once('-').ok_or(format!("bad line {l}"))?;
                    let n = |t: &str| t.parse::<usize>().map_err(|_| format!("bad line {l}"));
                    (Some(n(a)?), Some(n(b)?))
                }
            };
            Entry::Propose {
                ruling: w
                    .get(1)
                    .and_then(|k| Ruled::from_word(k))
                    .ok_or("bad proposed ruling")?,
                rule: text(2)?,
                edition: text(3)?,
                first_ply,
                last_ply,
                detail: text(5)?,
            }
        }
        Some("told") => Entry::Told {
            side: side(1)?,
            by: text(2)?,
            at: text(3)?,
        },
        Some("declare") => Entry::Declare {
            outcome: w
                .get(1)
                .and_then(|k| Decision::from_word(k))
                .ok_or("bad declared outcome")?,
            rule: text(2)?,
            by: text(3)?,
            at: text(4)?,
        },
        Some("undo") => Entry::Undo {
            entry: usize::try_from(num(1)?).map_err(|e| e.to_string())?,
            reason: text(2)?,
            by: text(3)?,
            at: text(4)?,
        },
        o => return Err(format!("unknown event {o:?}")),
    };
    Ok(e)
}

/// The `[%clk …]` reading and the `[%xq …]` events of one comment, in order.
fn parse_comment(c: &str) -> Result<(Option<u32>, Vec<Entry>), String> {
    let mut clock = None;
    let mut events = Vec::new();
    let mut rest = c;
    while let Some(i) = rest.find("[%") {
        let after = &rest[i + 2..];
        let end = after.find(']').ok_or("unclosed [% …")?;
        let body = &after[..end];
        if let Some(t) = body.strip_prefix("clk ") {
            clock = Some(parse_clock(t).ok_or(format!("bad clock reading {t}"))?);
        } else if let Some(t) = body.strip_prefix("xq ") {
            events.push(parse_token(t)?);
        }
        rest = &after[end + 1..];
    }
    Ok((clock, events))
}

/// The PGN tag of a log's format version (absent: version 1).
const VERSION_TAG: &str = "XqLog";
/// The PGN tag of a version 2 (or later) log's entry count.
const COUNT_TAG: &str = "XqEntries";

fn read_pgn(text: &str) -> Result<GameLog, GameError> {
    let games = pgn::read_games(text, "game log", Mode::Tolerant)
        .map_err(|e| GameError::File(e.to_string()))?;
    let [game] = games.as_slice() else {
        return Err(GameError::File(format!(
            "a game log holds one game, found {}",
            games.len()
        )));
    };
    let tag = |t: &str| game.tag(t).map(str::to_string);
    let ruleset = tag("Ruleset").ok_or(GameError::File("no [Ruleset] tag".into()))?;
    let time_control =
        tag("XqTimeControl").ok_or(GameError::File("no [XqTimeControl] tag".into()))?;
    let event = match tag("XqEventFile") {
        Some(file) => {
            let n = |t: &str| -> Result<u32, GameError> {
                tag(t)
                    .and_then(|v| v.parse().ok())
                    .ok_or(GameError::File(format!(
                        "[{t}] tag missing or not a number"
                    )))
            };
            Some(EventBoard {
                file,
                round: n("Round")?,
                board: n("Board")?,
            })
        }
        None => None,
    };
    let header = Header {
        ruleset,
        fen: game.start.fen(),
        time_control,
        red: tag("Red").unwrap_or_default(),
        black: tag("Black").unwrap_or_default(),
        event,
    };
    let mut entries = Vec::new();
    let mut per_ply: Vec<Vec<&str>> = vec![Vec::new(); game.moves.len() + 1];
    for (p, c) in &game.comments {
        if let Some(v) = per_ply.get_mut(*p) {
            v.push(c);
        }
    }
    for (ply, comments) in per_ply.iter().enumerate() {
        let mut clock = None;
        let mut events = Vec::new();
        for c in comments {
            let (k, mut ev) = parse_comment(c)
                .map_err(|e| GameError::File(format!("comment after ply {ply}: {e}")))?;
            clock = clock.or(k);
            events.append(&mut ev);
        }
        if ply > 0 {
            entries.push(Entry::Move {
                mv: game.moves[ply - 1].iccs(),
                clock,
            });
        }
        entries.extend(events);
    }
    let version = match tag(VERSION_TAG) {
        None => 1,
        Some(v) => v
            .parse::<u32>()
            .ok()
            .filter(|v| (2..=LOG_VERSION).contains(v))
            .ok_or(GameError::File(format!(
                "[{VERSION_TAG} \"{v}\"]: this xq reads game log versions 1 to {LOG_VERSION}"
            )))?,
    };
    if version >= 2 {
        check_whole(text, game, entries.len())?;
    }
    Ok(GameLog {
        format: "xq-game".into(),
        version,
        header,
        entries,
        storage: LogFormat::Pgn,
    })
}

/// A version 2 PGN log is whole: its `[XqEntries]` count is the number of entries read, and
/// the file ends with the line that holds the game's termination marker (`*`, or the result
/// its `[Result]` tag records), with or without a final newline.
fn check_whole(
    text: &str,
    game: &xiangqi_notation::NotatedGame,
    entries: usize,
) -> Result<(), GameError> {
    let cut = |what: String| GameError::File(format!("the log is cut short: {what}"));
    let count = game
        .tag(COUNT_TAG)
        .ok_or_else(|| cut(format!("no [{COUNT_TAG}] tag")))?;
    if count.parse::<usize>().ok() != Some(entries) {
        return Err(cut(format!(
            "[{COUNT_TAG} \"{count}\"] but {entries} entries read"
        )));
    }
    let marker = game.tag("Result").unwrap_or("*");
    let last = text
        .trim_end_matches(['\n', '\r'])
        .rsplit('\n')
        .next()
        .and_then(|l| l.split_whitespace().last());
    if last != Some(marker) {
        return Err(cut(format!(
            "it does not end with the line `{marker}` (the end of the game's text)"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_round_trip_with_awkward_text() {
        let e = Entry::Decision {
            outcome: Decision::Draw,
            reason: "长将 } ] { [ \"quoted\" 不变作和".into(),
        };
        let t = entry_token(&e).unwrap();
        assert!(!t.contains('}') && !t.contains(']'), "{t}");
        assert_eq!(parse_token(&t).unwrap(), e);
    }
}
