//! The types every kind of entry shares: [`Entry`] (the fields of every kind, as the log
//! stores them), [`Kind`] (a kind as the front ends see it: its words, its typed arguments),
//! [`Asked`] (what the typed words ask for).

use serde::{Deserialize, Serialize};
use xiangqi_board::Color;
use xiangqi_movegen::Position;

use super::book::Word;
use super::token::Token;
use crate::fields::{Fields, WordError};
use crate::verdicts::{ClaimKind, Decision, Ruled};

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

/// A kind of log entry, as every front end sees it.
#[derive(Debug)]
pub struct Kind {
    /// The word the log writes: the JSON `"type"`, the PGN token's first word.
    pub word: &'static str,
    /// What it is called, in both languages (the console's words).
    pub name: Word,
    /// How the arbiter types it (`None`: never typed, the rules write it).
    pub typed: Option<Typed>,
    /// The log version since which it exists (3: the arbiter's answers to proposals).
    pub(crate) since: u32,
    /// It needs the board in play: refused while the game is adjourned.
    pub(crate) needs_board: bool,
    /// It is a move (the only entry allowed while a sealed move must be played).
    pub(crate) plays: bool,
    /// It takes back an entry: it makes its own checks of a finished game.
    pub(crate) rewinds: bool,
    /// Reads its `[%xq …]` token.
    pub(crate) parse: fn(&Token) -> Result<Entry, String>,
}

/// How an arbiter types a kind: its entry word and arguments (`xq game WORD FILE ARGS…`, the
/// console's form `entry=WORD`).
#[derive(Debug)]
pub struct Typed {
    /// The entry word (the `xq game` subcommand).
    pub word: &'static str,
    /// Other words the console's forms use for it (`claim-repetition` …).
    pub aliases: &'static [&'static str],
    /// What it does, as `xq game --help` says it.
    pub about: &'static str,
    /// Its arguments after the game file, in order.
    pub args: &'static [Arg],
    /// Reads the typed fields.
    pub(crate) read: fn(&str, &Fields) -> Result<Asked, WordError>,
}

/// One typed argument of an entry.
#[derive(Debug)]
pub struct Arg {
    /// Its name (`side`, `clock` …).
    pub id: &'static str,
    /// `--LONG` for an option; `None` for a positional argument.
    pub long: Option<&'static str>,
    /// The name of its value in the help (`H:MM:SS`).
    pub value_name: &'static str,
    /// What it is, as the help says it.
    pub help: &'static str,
    /// What its value is.
    pub value: Value,
    /// It must be given.
    pub required: bool,
    /// Its value when not given.
    pub default: Option<&'static str>,
    /// A value may start with `-` (a move).
    pub hyphen_values: bool,
    /// Puts its value into the entry's fields.
    pub fill: fn(&mut Fields, String),
}

/// What an argument's value is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// Text.
    Text,
    /// A whole number 0–255.
    Byte,
    /// A whole number (32 bits).
    Number,
    /// A place in the log.
    Index,
}

impl Arg {
    /// A required positional argument of text.
    pub(crate) const fn text(
        id: &'static str,
        value_name: &'static str,
        help: &'static str,
        fill: fn(&mut Fields, String),
    ) -> Arg {
        Arg {
            id,
            long: None,
            value_name,
            help,
            value: Value::Text,
            required: true,
            default: None,
            hyphen_values: false,
            fill,
        }
    }

    /// The side argument: `red or black.` unless `help` says more.
    pub(crate) const fn side(help: &'static str) -> Arg {
        Arg::text("side", "SIDE", help, |f, v| f.side = v)
    }

    /// A `--clock H:MM:SS` option.
    pub(crate) const fn clock(help: &'static str) -> Arg {
        Arg {
            id: "clock",
            long: Some("clock"),
            value_name: "H:MM:SS",
            required: false,
            ..Arg::text("clock", "CLOCK", help, |f, v| f.clock = v)
        }
    }

    /// A `--by NAME` option: who (the arbiter's name).
    pub(crate) const BY: Arg = Arg {
        long: Some("by"),
        value_name: "NAME",
        required: false,
        default: Some(""),
        ..Arg::text(
            "by",
            "BY",
            "Who (the arbiter's name), logged with the entry and the time",
            |f, v| f.by = v,
        )
    };
}

/// What an entry word asks for: an entry to apply, the seal (by the side to move, as `xq game
/// seal` takes it), or the resumption (续赛, which also plays a right sealed move).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Asked {
    /// Apply this entry.
    Apply(Entry),
    /// The side to move seals `text`.
    Seal {
        /// The move as written.
        text: String,
        /// The sealer's clock.
        clock: Option<u32>,
    },
    /// Open the envelope.
    Resume,
}

/// Where the walk through a log stands when an entry says what it is ([`said`]).
#[derive(Debug)]
pub(crate) struct Saying {
    /// The position before the entry (`None`: the start did not read).
    pub(crate) pos: Option<Position>,
    /// Plies in force so far.
    pub(crate) ply: usize,
    /// The entry was undone.
    pub(crate) undone: bool,
    /// The entry ended the game.
    pub(crate) ended: bool,
}

/// An entry whose fields are a side only, read from the typed fields.
pub(crate) fn by_side(f: &Fields, make: fn(Color) -> Entry) -> Result<Asked, WordError> {
    Ok(Asked::Apply(make(f.side()?)))
}

/// The `xq game` arguments of an entry by a side only.
pub(crate) const SIDE_ONLY: &[Arg] = &[Arg::side("red or black")];
