//! Every change of an event, in one place: an [`Edit`] is an open change (a transaction) of an
//! [`Event`], and every mutation of the document is a method of it, grouped by what it changes
//! — [`results`](Edit::enter_result), [`pairing`](Edit::pair), [`players`](Edit::withdraw),
//! [`line-ups`](Edit::set_lineup), [`dates`](Edit::set_round_date) and the event's
//! [`name`](Edit::rename). Each operation is all or nothing (a refusal is a typed
//! [`EventError`] naming the record and leaves the event as it was), says what it did in one
//! line for the history, and warns ([`Warning`]) where the arbiter should know something.
//!
//! An event *file* changes only through [`Store::edit`](crate::Store::edit), which opens the
//! edit under the file's lock, records it in the event's history (修改记录: who, when, what, the
//! lines that undo it) and raises the version. [`Edit::new`] edits an event held in memory (a
//! simulation, a test, an event being built before it is first written): nothing is recorded
//! there, because nothing is written.
//!
//! ```
//! use xiangqi_event::{Edit, Event, NewEvent};
//!
//! let mut event = NewEvent {
//!     rounds: Some(3),
//!     players: ["甲", "乙", "丙", "丁"].map(String::from).to_vec(),
//!     ..NewEvent::default()
//! }
//! .build("club.toml", || Ok(Vec::new()))?
//! .event;
//! let mut edit = Edit::new(&mut event);
//! let round = edit.pair()?;
//! edit.enter_result(round, 1, "1-0", (None, None), false)?;
//! assert_eq!(edit.what(), "paired round 1; result round 1 board 1: none → 1-0");
//! assert_eq!(event.paired[0].boards[0].result.as_deref(), Some("1-0"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod dates;
mod lineups;
mod pairing;
mod players;
mod results;

pub use players::PlayerEdit;

use crate::check::Deviation;
use crate::document::{Event, EventError, invalid};

/// Something the arbiter should know about a change that was made (the CLI prints it on
/// standard error, the desk asks).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Warning {
    /// A result of round `round` changed after round `next` had been paired on the old score.
    #[error(
        "round {round} board {board}: round {next} was paired on the old result; its pairing stays as it was (xq event check --round {next} lists what it breaks; xq event unpair re-pairs the last round)"
    )]
    PairedOnOldScore {
        /// Round of the result.
        round: u32,
        /// Board of the result.
        board: u32,
        /// The round paired since (the first of them).
        next: u32,
    },
    /// A manual pairing breaks a pairing rule (rematch, colour rule, score group, bye); it is
    /// recorded as manual.
    #[error("{0}")]
    Pairing(Deviation),
}

/// An open change of an [`Event`]: every mutation of the document is a method here (the
/// event's own methods only read). Reads go through [`Edit::event`] (or `*edit`, by
/// [`Deref`](std::ops::Deref)).
#[derive(Debug)]
pub struct Edit<'a> {
    event: &'a mut Event,
    said: Vec<String>,
    described: Option<String>,
    warnings: Vec<Warning>,
}

impl<'a> Edit<'a> {
    /// An edit of `event` held in memory. Nothing is recorded: an event file changes only
    /// through [`Store::edit`](crate::Store::edit), which records every change.
    pub fn new(event: &'a mut Event) -> Edit<'a> {
        Edit {
            event,
            said: Vec::new(),
            described: None,
            warnings: Vec::new(),
        }
    }

    /// The event as the edit has left it so far.
    pub fn event(&self) -> &Event {
        self.event
    }

    /// What the edit did, one line for the history: the operations' own lines joined by `; `,
    /// or the line given to [`Edit::describe`].
    pub fn what(&self) -> String {
        self.described
            .clone()
            .unwrap_or_else(|| self.said.join("; "))
    }

    /// Describes the whole edit in one line for the history, in place of the lines of its
    /// operations (a paste of 40 results is one change: `results round 3: 40 boards pasted`).
    pub fn describe(&mut self, what: impl Into<String>) {
        self.described = Some(what.into());
    }

    /// What the arbiter should know about the edit so far.
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// The warnings, taken out of the edit.
    pub(crate) fn into_warnings(self) -> Vec<Warning> {
        self.warnings
    }

    /// Notes an operation's line and warnings; returns its value.
    fn note<T>(&mut self, value: T, what: String, warnings: Vec<Warning>) -> T {
        self.said.push(what);
        self.warnings.extend(warnings);
        value
    }

    /// Renames the event (比赛名称).
    pub fn rename(&mut self, name: &str) -> Result<(), EventError> {
        let ev = &mut *self.event;
        let name = name.trim();
        if name.is_empty() {
            return Err(invalid("event", "empty name"));
        }
        let old = std::mem::replace(&mut ev.name, name.to_string());
        if let Err(e) = ev.validate() {
            ev.name = old;
            return Err(e);
        }
        let what = format!("renamed {old:?} → {name:?}");
        {
            self.note((), what, Vec::new());
            Ok(())
        }
    }
}

impl std::ops::Deref for Edit<'_> {
    type Target = Event;

    fn deref(&self) -> &Event {
        self.event
    }
}

#[cfg(test)]
mod tests;
