//! The event's history (修改记录) and its version: every change made through
//! [`Store::edit`](crate::Store::edit) is recorded in the event file itself — who made it, when,
//! what it was, and the lines that undo it — and raises the document's version by one.
//!
//! # Why a counter, not a content hash
//! The version is a counter kept in the file (`version = N`, absent = 0). A hash would say only
//! *that* the file changed; the counter also says *which* recorded changes a caller has not
//! seen (those numbered above the version it read), so a stale write is refused with what
//! changed since and by whom. A hand edit that does not touch `version` is not detected by the
//! counter; an undo across it is refused ([`EditError::UndoMismatch`]) because the undo checks
//! the lines it replaces.
//!
//! # How a change is undone
//! A change is stored as one hunk of the event's *body* (the file without `version` and
//! `[[history]]`): the line where it starts, the lines there before and the lines there after.
//! [`Store::undo`](crate::Store::undo) undoes the last change that is neither an undo nor
//! already undone (so repeated undos walk back), checks that the body still holds the `after`
//! lines there, puts the `before` lines back and records the undo itself as a change.
//!
//! A file with no recorded change has neither `version` nor `[[history]]`: files written before
//! both existed load and write back byte for byte.

use std::path::{Path, PathBuf};

use crate::document::{Event, EventError};
use crate::edit::{Edit, Warning};
use crate::store::{Snapshot, Store, UpdateError};

pub use crate::change::Change;

/// Who writes, and the version of the event they saw (optimistic concurrency).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Writer {
    /// Name recorded in the history.
    pub by: String,
    /// The version the writer saw; `None`: write whatever the version (the CLI without
    /// `--expect-version`, which reads and writes under one lock).
    pub seen: Option<u64>,
}

impl Writer {
    /// `by`, writing whatever the version.
    pub fn new(by: impl Into<String>) -> Writer {
        Writer {
            by: by.into(),
            seen: None,
        }
    }

    /// `by`, who saw version `seen`: the write is refused if the event has changed since.
    pub fn saw(by: impl Into<String>, seen: u64) -> Writer {
        Writer {
            by: by.into(),
            seen: Some(seen),
        }
    }
}

/// A change written (or found to change nothing).
#[derive(Clone, Debug)]
pub struct Edited<T> {
    /// The operation's value.
    pub value: T,
    /// The event's version now.
    pub version: u64,
    /// `false` if the change left the event as it was (nothing written, nothing recorded).
    pub changed: bool,
    /// What the arbiter should know.
    pub warnings: Vec<Warning>,
}

/// Why a recorded change was refused; the file is as it was.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EditError {
    /// The event changed since the writer read it (optimistic concurrency).
    #[error(
        "the event changed since version {seen} (now version {now}): {}; read it again and redo the change",
        changes_line(since)
    )]
    Stale {
        /// The version the writer saw.
        seen: u64,
        /// The version now.
        now: u64,
        /// The changes recorded since, oldest first.
        since: Vec<Change>,
    },
    /// The change itself was refused.
    #[error(transparent)]
    Rejected(#[from] EventError),
    /// There is no recorded change left to undo.
    #[error("nothing to undo: no recorded change that is not undone")]
    NothingToUndo,
    /// The lines a change wrote are no longer where it wrote them (the file was edited by
    /// hand since): it cannot be undone.
    #[error(
        "cannot undo version {version}: the file no longer holds the lines it wrote at body line {line} (edited by hand since?)"
    )]
    UndoMismatch {
        /// The change.
        version: u64,
        /// Its body line.
        line: u32,
    },
}

/// The changes as one line: the last five, after a count of the others.
fn changes_line(since: &[Change]) -> String {
    const SHOWN: usize = 5;
    let skip = since.len().saturating_sub(SHOWN);
    let mut parts: Vec<String> = since[skip..].iter().map(Change::to_string).collect();
    if skip > 0 {
        parts.insert(0, format!("{skip} earlier changes"));
    }
    parts.join("; ")
}

/// The current time, UTC, RFC 3339 to the second.
pub fn now() -> String {
    humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string()
}

impl Event {
    /// The document's version (0 before the first recorded change).
    pub fn version(&self) -> u64 {
        self.version.unwrap_or(0)
    }

    /// The recorded changes after version `seen`, oldest first.
    pub fn changes_since(&self, seen: u64) -> Vec<Change> {
        self.history
            .iter()
            .filter(|c| c.version > seen)
            .cloned()
            .collect()
    }

    /// The body: the file's text without `version` and `[[history]]`.
    fn body(&self) -> String {
        let mut text = crate::writer::event_text(self, None, &[]);
        self.close(&mut text);
        text
    }

    /// Refuses a writer who saw another version.
    fn check_seen(&self, seen: Option<u64>) -> Result<(), EditError> {
        match seen {
            Some(seen) if seen != self.version() => Err(EditError::Stale {
                seen,
                now: self.version(),
                since: self.changes_since(seen),
            }),
            _ => Ok(()),
        }
    }

    /// Records a change from body `before` to body `after`; returns the new version.
    fn record(&mut self, by: &str, at: &str, what: &str, before: &str, after: &str) -> u64 {
        let (line, old, new) = hunk(before, after);
        let version = self.version() + 1;
        self.version = Some(version);
        self.history.push(Change {
            version,
            by: by.to_string(),
            at: at.to_string(),
            what: what.to_string(),
            undoes: None,
            undone_by: None,
            line,
            before: old,
            after: new,
        });
        version
    }

    /// Applies `change` through an [`Edit`] and records it as `who` (refused if `who` saw
    /// another version).
    pub(crate) fn edit<T>(
        &mut self,
        who: &Writer,
        change: impl FnOnce(&mut Edit<'_>) -> Result<T, EventError>,
    ) -> Result<Edited<T>, EditError> {
        self.check_seen(who.seen)?;
        let before = self.body();
        let mut edit = Edit::new(self);
        let value = change(&mut edit)?;
        let what = edit.what();
        let warnings = edit.into_warnings();
        let after = self.body();
        let changed = before != after;
        if changed {
            self.record(&who.by, &now(), &what, &before, &after);
        }
        Ok(Edited {
            value,
            version: self.version(),
            changed,
            warnings,
        })
    }

    /// Undoes the last recorded change that is neither an undo nor undone, as `who`; the undo
    /// is recorded too. Returns the change undone.
    pub(crate) fn undo(&mut self, who: &Writer) -> Result<Edited<Change>, EditError> {
        self.check_seen(who.seen)?;
        let i = self
            .history
            .iter()
            .rposition(|c| c.undoes.is_none() && c.undone_by.is_none())
            .ok_or(EditError::NothingToUndo)?;
        let target = self.history[i].clone();
        let mismatch = EditError::UndoMismatch {
            version: target.version,
            line: target.line,
        };
        let body = self.body();
        let lines: Vec<&str> = body.split_inclusive('\n').collect();
        let start = target.line as usize - 1;
        let after: Vec<&str> = target.after.split_inclusive('\n').collect();
        if start > lines.len()
            || start + after.len() > lines.len()
            || lines[start..start + after.len()] != after[..]
        {
            return Err(mismatch);
        }
        let restored = [
            lines[..start].concat(),
            target.before.clone(),
            lines[start + after.len()..].concat(),
        ]
        .concat();
        let mut ev = Event::from_toml(&restored).map_err(|_| mismatch)?;
        ev.history = std::mem::take(&mut self.history);
        ev.version = self.version;
        let version = ev.record(
            &who.by,
            &now(),
            &format!("undo version {}: {}", target.version, target.what),
            &body,
            &restored,
        );
        if let Some(c) = ev.history.last_mut() {
            c.undoes = Some(target.version);
        }
        ev.history[i].undone_by = Some(version);
        *self = ev;
        Ok(Edited {
            value: target,
            version,
            changed: true,
            warnings: Vec::new(),
        })
    }
}

/// The one hunk between two texts: the 1-based line where they start to differ, the lines of
/// `a` and of `b` from there up to their common end.
fn hunk(a: &str, b: &str) -> (u32, String, String) {
    let x: Vec<&str> = a.split_inclusive('\n').collect();
    let y: Vec<&str> = b.split_inclusive('\n').collect();
    let head = x.iter().zip(&y).take_while(|(p, q)| p == q).count();
    let tail = x[head..]
        .iter()
        .rev()
        .zip(y[head..].iter().rev())
        .take_while(|(p, q)| p == q)
        .count();
    (
        head as u32 + 1,
        x[head..x.len() - tail].concat(),
        y[head..y.len() - tail].concat(),
    )
}

impl Store<Event> {
    /// The one door through which an event file changes: opens an [`Edit`] of the event under
    /// the store's lock, applies `change`, records it in the event's history as `who` (who,
    /// when, what, the lines that undo it) and raises the version. Refused
    /// ([`EditError::Stale`]) if `who` saw another version than the file's. A refused change
    /// leaves the file as it was; a change that changes nothing is neither written nor
    /// recorded.
    ///
    /// ```
    /// use xiangqi_event::{NewEvent, Store, Writer};
    ///
    /// # let dir = tempfile::tempdir()?;
    /// let path = dir.path().join("club.toml");
    /// let new = NewEvent {
    ///     rounds: Some(3),
    ///     players: ["甲", "乙", "丙", "丁"].map(String::from).to_vec(),
    ///     ..NewEvent::default()
    /// };
    /// new.create(&path, || Ok(Vec::new()))?;
    /// let store: Store<xiangqi_event::Event> = Store::new(&path);
    /// let round = store.edit(&Writer::new("王裁判"), |e| e.pair())?.value;
    /// let done = store.edit(&Writer::new("王裁判"), |e| {
    ///     e.enter_result(round, 1, "1-0", (None, None), false)
    /// })?;
    /// assert_eq!(done.version, 2);
    /// let event = store.read()?;
    /// assert_eq!(event.history[1].what, "result round 1 board 1: none → 1-0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn edit<T>(
        &self,
        who: &Writer,
        change: impl FnOnce(&mut Edit<'_>) -> Result<T, EventError>,
    ) -> Result<Edited<T>, UpdateError<EditError>> {
        self.transact(|ev| ev.edit(who, change))
    }

    /// As [`Store::edit`], starting from `known`'s event when the file (read under the lock)
    /// still holds its text, so that an unchanged file is not parsed again; returns the edit
    /// and the event as the file now holds it.
    pub fn edit_from<T>(
        &self,
        known: Option<&Snapshot<Event>>,
        who: &Writer,
        change: impl FnOnce(&mut Edit<'_>) -> Result<T, EventError>,
    ) -> Result<(Edited<T>, Snapshot<Event>), UpdateError<EditError>> {
        self.transact_from(known, |ev| ev.edit(who, change))
    }

    /// Undoes the last change that is neither an undo nor undone, under the store's lock; the
    /// undo is recorded too.
    pub fn undo(&self, who: &Writer) -> Result<Edited<Change>, UpdateError<EditError>> {
        self.transact(|ev| ev.undo(who))
    }

    /// Deletes the event to the trash: records the deletion as `who`, then moves the file (as
    /// named: a symbolic link moves, its target stays) into the folder `.trash/` beside it, as
    /// `NAME.DATE` (`e.toml.20261127T164102Z`). Nothing is ever unlinked. Returns the new path.
    pub fn trash(&self, who: &Writer) -> Result<PathBuf, UpdateError<EditError>> {
        let at = now();
        let name = self
            .path()
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let folder = crate::file::folder_of(self.path()).join(".trash");
        let stamp: String = at.chars().filter(|c| c.is_ascii_alphanumeric()).collect();
        let dest = folder.join(format!("{name}.{stamp}"));
        self.transact(|ev| -> Result<(), EditError> {
            ev.check_seen(who.seen)?;
            ev.record(
                &who.by,
                &at,
                &format!("deleted to {}", dest.display()),
                "",
                "",
            );
            Ok(())
        })?;
        // under the lock, so that no writer is between its read and its replace
        self.transact(|_| {
            move_to(self.path(), &folder, &dest).map_err(|source| {
                EditError::Rejected(crate::document::invalid(
                    self.path().display().to_string(),
                    format!("cannot move to {}: {source}", dest.display()),
                ))
            })
        })?;
        Ok(dest)
    }
}

fn move_to(from: &Path, folder: &Path, dest: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(folder)?;
    if dest.exists() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::AlreadyExists,
            "already in the trash",
        ));
    }
    std::fs::rename(from, dest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PlayerEdit;
    use xiangqi_scheduling::EventConfig;

    fn swiss(n: u32, rounds: u32) -> Event {
        let entrants = (1..=n)
            .map(|i| (format!("P{i}"), format!("U{i}")))
            .collect();
        Event::new(
            "t",
            "",
            EventConfig::default(),
            entrants,
            1,
            Some(rounds),
            false,
        )
        .unwrap()
    }

    fn finish(ev: &mut Event, who: &Writer) {
        let r = ev.paired.len() as u32;
        for b in 1..=ev.paired[r as usize - 1].boards.len() as u32 {
            ev.edit(who, |e| e.enter_result(r, b, "1-0", (None, None), false))
                .unwrap();
        }
    }

    /// Every kind of change is recorded with who, and undoing it gives back the event as it
    /// was before, byte for byte (apart from the history and the version).
    #[test]
    fn every_change_is_recorded_and_undone() {
        let a = Writer::new("甲");
        let mut ev = swiss(6, 4);
        ev.edit(&a, |e| e.pair()).unwrap();
        finish(&mut ev, &a);
        ev.edit(&a, |e| e.pair()).unwrap();
        ev.edit(&a, |e| e.withdraw(2)).unwrap();
        type Op = Box<dyn Fn(&mut Edit<'_>) -> Result<(), EventError>>;
        let ops: Vec<(&str, Op)> = vec![
            (
                "result",
                Box::new(|e| {
                    e.enter_result(2, 1, "=", (Some(1), None), false)
                        .map(|_| ())
                }),
            ),
            ("swap", Box::new(|e| e.swap_colours(1, 2))),
            (
                "edit player",
                Box::new(|e| {
                    e.edit_player(
                        3,
                        &PlayerEdit {
                            name: Some("丙".into()),
                            club: Some("北京".into()),
                            rating: Some(Some(2100)),
                        },
                    )
                }),
            ),
            ("reinstate", Box::new(|e| e.reinstate(2))),
            ("rename", Box::new(|e| e.rename("新名"))),
            ("unpair", Box::new(|e| e.unpair_last(true).map(|_| ()))),
            ("bye", Box::new(|e| e.request_bye(4, 4))),
            (
                "late",
                Box::new(|e| e.add_late("迟到", "", None).map(|_| ())),
            ),
        ];
        for (name, op) in ops {
            let before = ev.clone();
            let v = ev.version();
            let done = ev.edit(&Writer::new("乙"), |e| op(e)).unwrap();
            assert!(done.changed, "{name}");
            assert_eq!(done.version, v + 1, "{name}");
            assert_ne!(ev.body(), before.clone().body(), "{name}");
            let last = ev.history.last().unwrap();
            assert_eq!((last.by.as_str(), last.version), ("乙", v + 1), "{name}");
            // the file round-trips with its history
            assert_eq!(Event::from_toml(&ev.to_toml()).unwrap(), ev, "{name}");
            let undone = ev.undo(&Writer::new("丙")).unwrap();
            assert_eq!(undone.value.version, v + 1, "{name}");
            assert_eq!(ev.version(), v + 2, "{name}");
            assert_eq!(ev.clone().body(), before.clone().body(), "{name}");
            assert_eq!(ev.history[ev.history.len() - 2].undone_by, Some(v + 2));
            assert_eq!(ev.history.last().unwrap().undoes, Some(v + 1));
        }
        // undos walk back: the withdrawal, then round 2's pairing
        let w = ev.undo(&a).unwrap();
        assert!(w.value.what.contains("withdrew"), "{}", w.value.what);
        assert_eq!(ev.player(2).unwrap().withdrawn, None);
        let p = ev.undo(&a).unwrap();
        assert_eq!(p.value.what, "paired round 2");
        assert_eq!(ev.paired.len(), 1);
    }

    #[test]
    fn a_stale_writer_is_told_what_changed_and_by_whom() {
        let mut ev = swiss(4, 3);
        ev.edit(&Writer::new("甲"), |e| e.pair()).unwrap();
        let seen = ev.version();
        ev.edit(&Writer::saw("甲", seen), |e| {
            e.enter_result(1, 1, "1-0", (None, None), false)
        })
        .unwrap();
        let before = ev.clone();
        let e = ev
            .edit(&Writer::saw("乙", seen), |e| {
                e.enter_result(1, 1, "0-1", (None, None), true)
            })
            .unwrap_err();
        let EditError::Stale {
            seen: s,
            now,
            since,
        } = &e
        else {
            panic!("{e}")
        };
        assert_eq!((*s, *now), (1, 2));
        assert_eq!(since.len(), 1);
        assert_eq!(since[0].by, "甲");
        let msg = e.to_string();
        assert!(
            msg.contains("version 2 by 甲") && msg.contains("result round 1 board 1: none → 1-0"),
            "{msg}"
        );
        assert_eq!(ev, before);
        // the current version is accepted
        ev.edit(&Writer::saw("乙", 2), |e| {
            e.enter_result(1, 1, "0-1", (None, None), true)
        })
        .unwrap();
        assert!(matches!(
            ev.undo(&Writer::saw("乙", 2)),
            Err(EditError::Stale { .. })
        ));
    }

    #[test]
    fn a_change_that_changes_nothing_is_not_recorded_and_nothing_left_is_refused() {
        let mut ev = swiss(4, 3);
        let text = ev.to_toml();
        assert!(
            !text.contains("version") && !text.contains("history"),
            "{text}"
        );
        assert_eq!(
            ev.undo(&Writer::new("x")).unwrap_err(),
            EditError::NothingToUndo
        );
        ev.edit(&Writer::new("x"), |e| e.pair()).unwrap();
        let d = ev
            .edit(&Writer::new("x"), |e| {
                e.enter_result(1, 1, "1-0", (None, None), false)
            })
            .unwrap();
        assert!(d.changed);
        let d = ev
            .edit(&Writer::new("x"), |e| {
                e.enter_result(1, 1, "1-0", (None, None), false)
            })
            .unwrap();
        assert!(!d.changed);
        assert_eq!(ev.version(), 2);
        ev.undo(&Writer::new("x")).unwrap();
        ev.undo(&Writer::new("x")).unwrap();
        assert_eq!(
            ev.undo(&Writer::new("x")).unwrap_err(),
            EditError::NothingToUndo
        );
        assert!(ev.paired.is_empty());
    }

    #[test]
    fn an_undo_over_a_hand_edit_is_refused() {
        let mut ev = swiss(4, 3);
        ev.edit(&Writer::new("x"), |e| e.pair()).unwrap();
        ev.edit(&Writer::new("x"), |e| e.rename("A")).unwrap();
        let text = ev.to_toml().replacen("name = \"A\"", "name = \"B\"", 1);
        let mut ev = Event::from_toml(&text).unwrap();
        let e = ev.undo(&Writer::new("x")).unwrap_err();
        assert!(
            matches!(e, EditError::UndoMismatch { version: 2, .. }),
            "{e}"
        );
    }

    #[test]
    fn trash_moves_the_file_beside_it_and_records_who() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.toml");
        let store: Store<Event> = Store::new(&path);
        store.create(&swiss(4, 3)).unwrap();
        let e = store.trash(&Writer::saw("甲", 5)).unwrap_err();
        assert!(e.to_string().contains("changed since version 5"), "{e}");
        assert!(path.exists());
        let dest = store.trash(&Writer::new("甲")).unwrap();
        assert!(!path.exists());
        assert_eq!(dest.parent().unwrap(), dir.path().join(".trash"));
        let ev = Store::<Event>::new(&dest).read().unwrap();
        assert_eq!(ev.history.last().unwrap().by, "甲");
        assert!(ev.history.last().unwrap().what.starts_with("deleted to "));
    }

    #[test]
    fn hunks_are_the_changed_lines_only() {
        assert_eq!(
            hunk("a\nb\nc\n", "a\nx\nc\n"),
            (2, "b\n".into(), "x\n".into())
        );
        assert_eq!(
            hunk("a\nb\n", "a\nb\nc\n"),
            (3, String::new(), "c\n".into())
        );
        assert_eq!(hunk("a\na\n", "a\n"), (2, "a\n".into(), String::new()));
        assert_eq!(hunk("", ""), (1, String::new(), String::new()));
    }
}
