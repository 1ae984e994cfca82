//! The desk's memory of its event files: each file's last text and the event parsed from it, so
//! that a request reads the file (always: another process may have written it) but parses it
//! only when its text changed, and a write starts from the event in memory.
//!
//! The key is the file's whole text, not its time stamp or length: a file another process
//! rewrote within the same clock tick, to the same length, is still read again. Reading and
//! comparing a 2,000-player file costs a fraction of a millisecond; parsing it costs tens.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use xiangqi::event::{
    Edit, EditError, Edited, Event, EventError, Snapshot, Store, StoreError, UpdateError, Writer,
};
use xiangqi::game::landing::{Conflict, LogScan};

/// How many event files the desk keeps in memory (a folder may hold many; a desk works on few).
const KEPT: usize = 16;

/// A result a read landed: round, board and `xq game`'s line.
type Landed = (u32, u32, String);

/// The events last read or written, by path; and the game logs beside them, whose finished
/// results are landed on their boards before an event is served ([`LogScan`]).
#[derive(Debug, Default)]
pub(crate) struct EventCache {
    files: Mutex<HashMap<PathBuf, Arc<Snapshot<Event>>>>,
    logs: LogScan,
    /// The finished logs whose board holds another result, per event file, as last read.
    conflicts: Mutex<HashMap<PathBuf, Vec<Conflict>>>,
    /// The results landed by reads and not yet told, per event file.
    landed: Mutex<HashMap<PathBuf, Vec<Landed>>>,
}

impl EventCache {
    fn known(&self, path: &Path) -> Option<Arc<Snapshot<Event>>> {
        self.files
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(path)
            .cloned()
    }

    fn keep(&self, path: &Path, snap: Arc<Snapshot<Event>>) {
        let mut files = self.files.lock().unwrap_or_else(PoisonError::into_inner);
        if files.len() >= KEPT && !files.contains_key(path) {
            files.clear();
        }
        files.insert(path.to_path_buf(), snap);
    }

    /// A cache whose landing replays only the logs whose ruleset the desk may open: an
    /// embedded one, or a ruleset file inside the served folder `root`
    /// ([`crate::security::ruleset_in_folder`]).
    pub(crate) fn new(root: PathBuf) -> EventCache {
        EventCache {
            logs: LogScan::guarded(Box::new(move |log: &Path, named: &str| {
                let dir = log.parent().unwrap_or(&root);
                crate::security::ruleset_in_folder(named, dir, &root).is_ok()
            })),
            ..EventCache::default()
        }
    }

    /// Takes the line of a result that a read landed on round `round` board `board` of event
    /// file `path` (the live console tells it once).
    pub(crate) fn take_landed(&self, path: &Path, round: u32, board: u32) -> Option<String> {
        let mut landed = self.landed.lock().unwrap_or_else(PoisonError::into_inner);
        let lines = landed.get_mut(path)?;
        let at = lines
            .iter()
            .position(|(r, b, _)| *r == round && *b == board)?;
        Some(lines.remove(at).2)
    }

    /// The event in file `path`, parsed only if its text is not the one last seen, after the
    /// finished game logs of its boards were landed (a finished game never shows as an open
    /// board; one whose board holds another result is kept for [`EventCache::conflicts`]).
    pub(crate) fn read(&self, path: &Path) -> Result<Arc<Snapshot<Event>>, StoreError> {
        let snap = self.read_file(path)?;
        let landing = self.logs.land_on(path, &snap.doc);
        self.conflicts
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(path.to_path_buf(), landing.conflicts);
        if landing.landed.is_empty() {
            Ok(snap)
        } else {
            let mut told = self.landed.lock().unwrap_or_else(PoisonError::into_inner);
            let lines = told.entry(path.to_path_buf()).or_default();
            for (log, line) in landing.landed {
                lines.push((log.round, log.board, line));
            }
            // a bounded memory of what was not yet told
            let extra = lines.len().saturating_sub(64);
            lines.drain(..extra);
            drop(told);
            self.read_file(path)
        }
    }

    /// The finished game logs of event file `path` whose board holds another result, as the
    /// last [`EventCache::read`] found them.
    pub(crate) fn conflicts(&self, path: &Path) -> Vec<Conflict> {
        self.conflicts
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(path)
            .cloned()
            .unwrap_or_default()
    }

    /// The event in file `path`, parsed only if its text is not the one last seen.
    fn read_file(&self, path: &Path) -> Result<Arc<Snapshot<Event>>, StoreError> {
        let store = Store::<Event>::new(path);
        let snap = match self.known(path) {
            Some(known) => match store.read_unless(Some(&known))? {
                None => return Ok(known),
                Some(snap) => snap,
            },
            None => store.read_snapshot()?,
        };
        let snap = Arc::new(snap);
        self.keep(path, Arc::clone(&snap));
        Ok(snap)
    }

    /// Changes the event in file `path` under the store's lock as `who`, recorded in its
    /// history ([`Store::edit_from`]), starting from the event in memory when the file still
    /// holds its text; the event written is kept for the next request.
    pub(crate) fn edit<T>(
        &self,
        path: &Path,
        who: &Writer,
        change: impl FnOnce(&mut Edit<'_>) -> Result<T, EventError>,
    ) -> Result<Edited<T>, UpdateError<EditError>> {
        let known = self.known(path);
        let (out, snap) = Store::<Event>::new(path).edit_from(known.as_deref(), who, change)?;
        self.keep(path, Arc::new(snap));
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::event::simulate::{SimSystem, simulate};

    fn event_file() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().expect("a folder");
        let (mut ev, _) = simulate(8, 1, 7, SimSystem::Swiss).expect("simulated");
        ev.rounds = 2;
        Edit::new(&mut ev).pair().expect("round 2");
        let path = dir.path().join("e.toml");
        Store::new(&path).create(&ev).expect("created");
        (dir, path)
    }

    #[test]
    fn an_unchanged_file_is_not_parsed_again() {
        let (_dir, path) = event_file();
        let cache = EventCache::default();
        let a = cache.read(&path).expect("read");
        let b = cache.read(&path).expect("read again");
        assert!(Arc::ptr_eq(&a, &b), "the same parsed event is served");
    }

    #[test]
    fn another_process_writing_the_file_is_never_hidden() {
        let (_dir, path) = event_file();
        let cache = EventCache::default();
        let before = cache.read(&path).expect("read");
        assert_eq!(before.doc.paired[1].boards[0].result, None);
        // another process (the CLI) writes the file: same length, possibly the same mtime tick
        Store::<Event>::new(&path)
            .edit(&Writer::new("cli"), |e| {
                e.enter_result(2, 1, "1-0", (None, None), false)
            })
            .expect("written");
        let after = cache.read(&path).expect("read");
        assert_eq!(after.doc.paired[1].boards[0].result.as_deref(), Some("1-0"));
        // and a write through the cache starts from the file, not from the stale memory
        cache
            .edit(&path, &Writer::new("desk"), |e| {
                e.enter_result(2, 2, "0-1", (None, None), false)
            })
            .expect("written");
        let file = Store::<Event>::new(&path).read().expect("the file");
        assert_eq!(file.paired[1].boards[0].result.as_deref(), Some("1-0"));
        assert_eq!(file.paired[1].boards[1].result.as_deref(), Some("0-1"));
        assert_eq!(cache.read(&path).expect("read").doc, file);
    }

    #[test]
    fn a_write_through_the_desk_is_served_at_once() {
        let (_dir, path) = event_file();
        let cache = EventCache::default();
        cache.read(&path).expect("read");
        cache
            .edit(&path, &Writer::new("desk"), |e| {
                e.enter_result(2, 3, "=", (None, None), false)
            })
            .expect("written");
        let a = cache.read(&path).expect("read");
        assert_eq!(a.doc.paired[1].boards[2].result.as_deref(), Some("="));
        assert_eq!(a.doc, Store::<Event>::new(&path).read().expect("the file"));
    }

    #[test]
    fn a_refused_change_leaves_memory_and_file_alike() {
        let (_dir, path) = event_file();
        let cache = EventCache::default();
        let before = cache.read(&path).expect("read");
        let refused = cache.edit(&path, &Writer::new("desk"), |e| {
            e.enter_result(2, 99, "1-0", (None, None), false)
        });
        assert!(refused.is_err());
        let after = cache.read(&path).expect("read");
        assert!(Arc::ptr_eq(&before, &after));
        assert_eq!(
            after.doc,
            Store::<Event>::new(&path).read().expect("the file")
        );
    }
}
