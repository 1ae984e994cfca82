//! The event file's writer: the text `toml::to_string` gives for an [`Event`], byte for byte,
//! written straight into one string instead of through a TOML document tree (issue 22: the
//! serialiser was most of a result entry's time at 2,000 players).
//!
//! The head of the file (the event's own keys and its `[config]`) and the `[[stage]]` tables
//! are few and varied: they still go through `toml`. The bulk — `[[players]]`, `[[round]]` with
//! their `[[round.boards]]`, and `[[history]]` — is written here, with the same rules `toml`
//! (0.8, through `toml_edit`) follows:
//!
//! - a table's keys in the order of its fields, `key = value`, one per line; then its
//!   sub-tables; every table header after the first key of the file is preceded by an empty
//!   line;
//! - a field skipped when serde skips it (`skip_serializing_if`); an empty list of tables that
//!   is not skipped is written as the value `[]` among the keys;
//! - strings quoted as `toml_write`'s default (the encoder `toml_edit` itself calls);
//!   inline lists as `[1, 2, 3]`;
//! - an integer beyond `i64` cannot be written: `toml` refuses the whole document, and
//!   [`Event::to_toml`] then gives the empty text — so does this writer.
//!
//! Each record is taken apart field by field (`let Player { no, name, … } = p`): a field added to
//! a record does not compile here until it is written too. The unit tests compare this writer
//! with `toml` on every kind of record and on random events (proptest); the event crate's
//! `tests/files.rs` reads and writes back every stored event file byte for byte.

use std::fmt::Write as _;

use serde::Serialize;
use toml_write::{TomlStringBuilder, WriteTomlValue as _};
use xiangqi_scheduling::EventConfig;
use xiangqi_scheduling::team::Member;

use crate::change::Change;
use crate::document::{Event, Pairing, Player, Round};
use crate::stage::EventStage;

/// The event's keys and `[config]`, as the event serialises them (with the same serde rules),
/// and the empty lists written as `[]` among them.
#[derive(Serialize)]
struct Head<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    format: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    version: Option<u64>,
    name: &'a str,
    #[serde(skip_serializing_if = "str::is_empty")]
    division: &'a str,
    ruleset: &'a str,
    seed: u64,
    rounds: u32,
    config: &'a EventConfig,
    /// Only when there is no player (then `players = []`).
    #[serde(skip_serializing_if = "Option::is_none")]
    players: Option<&'a [Player]>,
    /// Only when no round is paired (then `round = []`).
    #[serde(skip_serializing_if = "Option::is_none", rename = "round")]
    paired: Option<&'a [Round]>,
}

/// The `[[stage]]` tables alone.
#[derive(Serialize)]
struct Stages<'a> {
    stage: &'a [EventStage],
}

/// The text of `ev` with `version` and `history` in place of its own (the history's body is the
/// event without either), exactly as `toml::to_string` writes it; empty where `toml` refuses.
pub(crate) fn event_text(ev: &Event, version: Option<u64>, history: &[Change]) -> String {
    let Event {
        format,
        version: _,
        name,
        division,
        ruleset,
        seed,
        rounds,
        config,
        players,
        stages,
        paired,
        history: _,
        end: _,
    } = ev;
    let head = Head {
        format: *format,
        version,
        name,
        division,
        ruleset,
        seed: *seed,
        rounds: *rounds,
        config,
        players: players.is_empty().then_some(&players[..]),
        paired: paired.is_empty().then_some(&paired[..]),
    };
    let Ok(mut out) = toml::to_string(&head) else {
        return String::new();
    };
    if history.iter().any(|c| !fits(c)) {
        return String::new();
    }
    out.reserve(players.len() * 64 + paired.iter().map(|r| r.boards.len() * 48).sum::<usize>());
    for p in players {
        player(&mut out, p);
    }
    if !stages.is_empty() {
        let Ok(text) = toml::to_string(&Stages { stage: stages }) else {
            return String::new();
        };
        out.push('\n');
        out.push_str(&text);
    }
    for r in paired {
        round(&mut out, r);
    }
    for c in history {
        change(&mut out, c);
    }
    out
}

/// `true` if every integer of the change is one TOML can hold (`i64`).
fn fits(c: &Change) -> bool {
    let big = |v: u64| i64::try_from(v).is_err();
    !(big(c.version) || c.undoes.is_some_and(big) || c.undone_by.is_some_and(big))
}

/// `key = "text"`, quoted as `toml` quotes it.
fn string(out: &mut String, key: &str, text: &str) {
    out.push_str(key);
    out.push_str(" = ");
    // writing into a String cannot fail
    let _ = TomlStringBuilder::new(text)
        .as_default()
        .write_toml_value(out);
    out.push('\n');
}

/// `key = n`.
fn int(out: &mut String, key: &str, n: impl std::fmt::Display) {
    let _ = writeln!(out, "{key} = {n}");
}

/// `key = [a, b, c]`.
fn ints(out: &mut String, key: &str, list: &[u32]) {
    out.push_str(key);
    out.push_str(" = [");
    for (i, n) in list.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{n}");
    }
    out.push_str("]\n");
}

fn player(out: &mut String, p: &Player) {
    let Player {
        no,
        name,
        club,
        rating,
        withdrawn,
        bye_requests,
        late,
        members,
    } = p;
    out.push_str("\n[[players]]\n");
    int(out, "no", no);
    string(out, "name", name);
    if !club.is_empty() {
        string(out, "club", club);
    }
    if let Some(r) = rating {
        int(out, "rating", r);
    }
    if let Some(w) = withdrawn {
        int(out, "withdrawn", w);
    }
    if !bye_requests.is_empty() {
        ints(out, "bye_requests", bye_requests);
    }
    if let Some(l) = late {
        int(out, "late", l);
    }
    for m in members {
        member(out, m);
    }
}

fn member(out: &mut String, m: &Member) {
    let Member { name, rating } = m;
    out.push_str("\n[[players.members]]\n");
    string(out, "name", name);
    if let Some(r) = rating {
        int(out, "rating", r);
    }
}

fn round(out: &mut String, r: &Round) {
    let Round {
        round,
        bye,
        byes,
        stage,
        playoff,
        manual,
        date,
        notes,
        boards,
    } = r;
    out.push_str("\n[[round]]\n");
    int(out, "round", round);
    if let Some(b) = bye {
        int(out, "bye", b);
    }
    if !byes.is_empty() {
        ints(out, "byes", byes);
    }
    if let Some(s) = stage {
        int(out, "stage", s);
    }
    if let Some(p) = playoff {
        int(out, "playoff", p);
    }
    if *manual {
        out.push_str("manual = true\n");
    }
    if let Some(d) = date {
        string(out, "date", d.as_str());
    }
    if !notes.is_empty() {
        out.push_str("notes = [");
        for (i, n) in notes.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            let _ = TomlStringBuilder::new(n).as_default().write_toml_value(out);
        }
        out.push_str("]\n");
    }
    if boards.is_empty() {
        out.push_str("boards = []\n");
    }
    for b in boards {
        pairing(out, b);
    }
}

fn pairing(out: &mut String, b: &Pairing) {
    let Pairing {
        board,
        red,
        black,
        result,
        red_fouls,
        black_fouls,
        bracket,
        red_lineup,
        black_lineup,
    } = b;
    out.push_str("\n[[round.boards]]\n");
    int(out, "board", board);
    int(out, "red", red);
    int(out, "black", black);
    if let Some(r) = result {
        string(out, "result", r);
    }
    if *red_fouls != 0 {
        int(out, "red_fouls", red_fouls);
    }
    if *black_fouls != 0 {
        int(out, "black_fouls", black_fouls);
    }
    if let Some(k) = bracket {
        string(out, "bracket", k);
    }
    if !red_lineup.is_empty() {
        ints(out, "red_lineup", red_lineup);
    }
    if !black_lineup.is_empty() {
        ints(out, "black_lineup", black_lineup);
    }
}

fn change(out: &mut String, c: &Change) {
    let Change {
        version,
        by,
        at,
        what,
        undoes,
        undone_by,
        line,
        before,
        after,
    } = c;
    out.push_str("\n[[history]]\n");
    int(out, "version", version);
    string(out, "by", by);
    string(out, "at", at);
    string(out, "what", what);
    if let Some(v) = undoes {
        int(out, "undoes", v);
    }
    if let Some(v) = undone_by {
        int(out, "undone_by", v);
    }
    int(out, "line", line);
    if !before.is_empty() {
        string(out, "before", before);
    }
    if !after.is_empty() {
        string(out, "after", after);
    }
}

impl Event {
    /// Renders the event file; with a [`format`](Event::format), closed by its `[end]` table.
    pub fn to_toml(&self) -> String {
        // exactly what `toml::to_string(self)` gives, written directly (crate::writer)
        let mut text = crate::writer::event_text(self, self.version, &self.history);
        self.close(&mut text);
        text
    }

    /// Closes a file's text with its `[end]` table, for a file of a known format.
    pub(crate) fn close(&self, text: &mut String) {
        if self.format.is_some() {
            let end = self.end_marker();
            if !text.is_empty() && !text.ends_with("\n\n") {
                text.push('\n');
            }
            text.push_str(&format!(
                "[end]\nplayers = {}\nrounds = {}\npairings = {}\n",
                end.players, end.rounds, end.pairings
            ));
        }
    }
}

#[cfg(test)]
mod tests;
