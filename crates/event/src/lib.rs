//! # xiangqi-event — the event document and its file, safe for several writers
//!
//! The event (比赛) as a document and the one place that touches an event file (`xq event …`
//! and the web desk both go through it):
//!
//! - [`Event`] (in [`document`]): players, rounds, pairings (台次, [`Pairing`]), results, fouls,
//!   stages ([`stages`]) and team line-ups ([`lineups`]); it pairs
//!   its rounds by calling the pairing systems of `xiangqi-scheduling`, which are pure functions.
//! - [`Edit`]: every change of the event, each saying what it did — results, pairing,
//!   players, line-ups, dates, the name. The event's own methods only read.
//! - [`Store`]: a document file read and changed by several processes at once without losing a
//!   change — every change holds an exclusive lock (`.NAME.lock` beside the file) across read,
//!   change and atomic replace; [`Store::create`] is race-free (exactly one of several creators
//!   wins). An event file changes only through [`Store::edit`], the one door: it records the
//!   change in the event's history and raises its version. [`Document`] is implemented for
//!   [`Event`]; [`Store::update`] is for documents that carry no history ([`Unrecorded`]: a
//!   game log).
//! - [`create`]: a new event file from the choices of `xq event new` (and the desk's 新建
//!   form), with the same checks and messages, and [`system_line`], the system and its
//!   tie-break chain as `new` prints them.
//! - [`history`]: every change made through [`Store::edit`] recorded in the file (who, when,
//!   what, the lines that undo it), the version counter that refuses a stale write
//!   ([`EditError::Stale`]: what changed since and by whom), [`Store::undo`] and
//!   [`Store::trash`] (delete to `.trash/`, never unlink).
//! - [`players`]: the players reader of `--players-file` and the desk's 新建 (columns in any
//!   order, any separator, a heading in zh or en, typed per-line errors).
//! - [`check`]: the pairing checker — each round re-derived and its deviations listed.
//! - [`trf`]: FIDE TRF out and in (an exchange format, read back in).
//! - [`chain_names`]: the Chinese names of the tie-break chain, as the system line and the forms
//!   head their columns. The printed forms and the exports (CSV, JSON, the text 编排记录表 and
//!   成绩表) are the crate `xiangqi-forms`, over this document.
//! - [`simulate`]: random events for benchmarks and property tests.
//! - [`file`](mod@file): writing any output file whole or not at all, through symbolic links, keeping mode
//!   and owner, refusing read-only files and anything that is not a regular file (FIFOs and
//!   character devices such as `/dev/stdout` are written directly), with recognisable temporary
//!   files (`.NAME.xq-tmp-XXXXXX`) that the next write sweeps up after a crash.
//!
//! ```
//! use xiangqi_event::{NewEvent, Store, Writer};
//!
//! # let dir = tempfile::tempdir()?;
//! let path = dir.path().join("club.toml");
//! let new = NewEvent {
//!     rounds: Some(3),
//!     players: ["甲", "乙", "丙", "丁"].map(String::from).to_vec(),
//!     ..NewEvent::default()
//! };
//! new.create(&path, || Ok(Vec::new()))?;
//! let store = Store::new(&path);
//! let arbiter = Writer::new("王裁判");
//! let round = store.edit(&arbiter, |e| e.pair())?.value;
//! store.edit(&arbiter, |e| e.enter_result(round, 1, "1-0", (None, None), false))?;
//! let event = store.read()?;
//! assert_eq!(event.paired[0].boards[0].result.as_deref(), Some("1-0"));
//! assert_eq!(event.version(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod admin;
mod change;
pub mod check;
pub mod create;
pub mod document;
mod edit;
pub mod file;
pub mod history;
pub mod lineups;
pub mod players;
pub mod result_words;
pub mod round_date;
mod round_dates;
pub mod simulate;
mod stage;
pub mod stages;
mod store;
pub mod trf;
mod writer;
mod zh;

pub use create::{Created, NewEvent, NewEventError, system_line};
pub use document::{Event, EventError, Pairing, Player, ProposedRound, Round};
pub use edit::{Edit, PlayerEdit, Warning};
pub use file::WriteError;
pub use history::{Change, EditError, Edited, Writer};
pub use round_date::{BadDate, RoundDate};
pub use stages::{Entrant, EventStage, StagePlan, StageSource, StageSystem};
pub use store::{Document, Snapshot, Store, StoreError, Unrecorded, UpdateError};
pub use zh::{chain_names, system_line_zh};

/// The README's examples, compiled and run as doctests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
