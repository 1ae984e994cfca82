//! The store: a document file that several processes (the `xq` command, the web desk, a second
//! arbiter's laptop on a shared folder) read and change at once without losing a change.
//!
//! Every change is a transaction: [`Store::update`] takes an exclusive lock on a lock file beside
//! the document (`.NAME.lock`, kept between runs), reads the document, applies the change and
//! replaces the file atomically ([`crate::file::write`]) before the lock is released. Two
//! writers therefore never both read the same old version. [`Store::create`] is race-free too:
//! of several creators exactly one succeeds. Readers need no lock: a file is only ever replaced
//! whole.

use std::fs::{self, OpenOptions};
use std::io;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::file::{self, WriteError};

/// A document kept in a text file: parsed on every read, rendered on every write.
pub trait Document: Sized {
    /// Why a text is not a valid document, or a document cannot be written.
    type Error: std::fmt::Display;

    /// Reads a document from its text.
    fn parse(text: &str) -> Result<Self, Self::Error>;

    /// The document's text, after checking it is valid: an invalid document is never written.
    fn render(&self) -> Result<String, Self::Error>;
}

impl Document for crate::Event {
    type Error = crate::EventError;

    fn parse(text: &str) -> Result<Self, Self::Error> {
        crate::Event::from_toml(text)
    }

    fn render(&self) -> Result<String, Self::Error> {
        self.validate()?;
        Ok(self.to_toml())
    }
}

/// Why the store could not read or write its file. One line, naming the file.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// Writing failed or was refused (read-only, not a regular file, already exists …).
    #[error(transparent)]
    Write(#[from] WriteError),
    /// Reading failed (no such file, permission …).
    #[error("{}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The error.
        source: io::Error,
    },
    /// The file is not UTF-8 text.
    #[error("{}: not UTF-8 text (byte {at})", path.display())]
    NotUtf8 {
        /// The file.
        path: PathBuf,
        /// Offset of the first bad byte.
        at: usize,
    },
    /// The file's text is not a valid document (the message says where and what).
    #[error("{}: {message}", path.display())]
    Invalid {
        /// The file.
        path: PathBuf,
        /// The document's own error.
        message: String,
    },
    /// The changed document is not valid, so it was not written.
    #[error("{}: refusing to write an invalid document: {message}", path.display())]
    InvalidChange {
        /// The file.
        path: PathBuf,
        /// The document's own error.
        message: String,
    },
    /// The lock file beside the document could not be created or locked.
    #[error("{}: cannot lock: {source}", path.display())]
    Lock {
        /// The lock file.
        path: PathBuf,
        /// The error.
        source: io::Error,
    },
}

/// The outcome of a refused [`Store::update`]: the store's own failure, or the change's.
#[derive(Debug, thiserror::Error)]
pub enum UpdateError<E> {
    /// Reading, locking or writing failed; the file is as it was.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The change itself refused (e.g. a result for a board that does not exist); the file is
    /// as it was.
    #[error("{0}")]
    Rejected(E),
}

/// A document file shared by several writers. Cheap to make; holds no file open.
///
/// # Examples
/// ```
/// use xiangqi_event::{Document, Store, Unrecorded};
///
/// /// A counter kept as text.
/// struct Counter(u32);
/// impl Document for Counter {
///     type Error = std::num::ParseIntError;
///     fn parse(text: &str) -> Result<Self, Self::Error> { Ok(Counter(text.trim().parse()?)) }
///     fn render(&self) -> Result<String, Self::Error> { Ok(format!("{}\n", self.0)) }
/// }
/// impl Unrecorded for Counter {}
///
/// # let dir = tempfile::tempdir()?;
/// let store: Store<Counter> = Store::new(dir.path().join("n.txt"));
/// store.create(&Counter(0))?;
/// let threads: Vec<_> = (0..8)
///     .map(|_| {
///         let store: Store<Counter> = Store::new(store.path());
///         std::thread::spawn(move || store.update(|c| -> Result<(), String> { c.0 += 1; Ok(()) }))
///     })
///     .collect();
/// for t in threads { t.join().unwrap()?; }
/// assert_eq!(store.read()?.0, 8);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Store<D> {
    path: PathBuf,
    doc: PhantomData<fn() -> D>,
}

impl<D> Clone for Store<D> {
    fn clone(&self) -> Self {
        Store {
            path: self.path.clone(),
            doc: PhantomData,
        }
    }
}

impl<D: Document> Store<D> {
    /// The store of the file at `path` (which may be a symbolic link: its target is the file).
    pub fn new(path: impl Into<PathBuf>) -> Store<D> {
        Store {
            path: path.into(),
            doc: PhantomData,
        }
    }

    /// The path given to [`Store::new`].
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Reads and parses the document.
    pub fn read(&self) -> Result<D, StoreError> {
        self.read_text().map(|(d, _)| d)
    }

    fn read_text(&self) -> Result<(D, String), StoreError> {
        let bytes = self.read_bytes()?;
        self.parse_bytes(bytes)
    }

    fn read_bytes(&self) -> Result<Vec<u8>, StoreError> {
        fs::read(&self.path).map_err(|source| StoreError::Read {
            path: self.path.clone(),
            source,
        })
    }

    fn parse_bytes(&self, bytes: Vec<u8>) -> Result<(D, String), StoreError> {
        let text = String::from_utf8(bytes).map_err(|e| StoreError::NotUtf8 {
            path: self.path.clone(),
            at: e.utf8_error().valid_up_to(),
        })?;
        let doc = D::parse(&text).map_err(|e| StoreError::Invalid {
            path: self.path.clone(),
            message: e.to_string(),
        })?;
        Ok((doc, text))
    }

    /// Creates the file with `doc`; refused ([`WriteError::Exists`]) if it exists. Of several
    /// processes creating the same file at once, exactly one succeeds.
    pub fn create(&self, doc: &D) -> Result<(), StoreError> {
        let text = doc.render().map_err(|e| StoreError::InvalidChange {
            path: self.path.clone(),
            message: e.to_string(),
        })?;
        file::create_new(&self.path, text.as_bytes())?;
        Ok(())
    }

    /// The change under the lock ([`Store::update`]), for every document: the event's
    /// [`Store::edit`] records it.
    pub(crate) fn transact<T, E>(
        &self,
        change: impl FnOnce(&mut D) -> Result<T, E>,
    ) -> Result<T, UpdateError<E>> {
        self.update_inner(|_| None, change).map(|(out, _)| out)
    }

    /// [`Store::update_from`] for every document.
    pub(crate) fn transact_from<T, E>(
        &self,
        known: Option<&Snapshot<D>>,
        change: impl FnOnce(&mut D) -> Result<T, E>,
    ) -> Result<(T, Snapshot<D>), UpdateError<E>>
    where
        D: Clone,
    {
        self.update_inner(
            |bytes| {
                known
                    .filter(|k| k.text.as_bytes() == bytes)
                    .map(|k| (k.doc.clone(), k.text.clone()))
            },
            change,
        )
    }

    /// Reads the document with the text it was read from.
    pub fn read_snapshot(&self) -> Result<Snapshot<D>, StoreError> {
        self.read_text().map(|(doc, text)| Snapshot { text, doc })
    }

    /// Reads the document, unless the file still holds `known`'s text: `None` then (nothing
    /// parsed; `known` is the document). The whole text is compared, so a file another process
    /// rewrote — whatever its time stamp or length — is always read again.
    pub fn read_unless(
        &self,
        known: Option<&Snapshot<D>>,
    ) -> Result<Option<Snapshot<D>>, StoreError> {
        let bytes = self.read_bytes()?;
        if known.is_some_and(|k| k.text.as_bytes() == bytes) {
            return Ok(None);
        }
        let (doc, text) = self.parse_bytes(bytes)?;
        Ok(Some(Snapshot { text, doc }))
    }

    /// The update under the lock; `reuse` gives the document for the file's bytes when it
    /// already has it (the bytes are then not parsed).
    fn update_inner<T, E>(
        &self,
        reuse: impl FnOnce(&[u8]) -> Option<(D, String)>,
        change: impl FnOnce(&mut D) -> Result<T, E>,
    ) -> Result<(T, Snapshot<D>), UpdateError<E>> {
        let target = file::resolve(&self.path).map_err(StoreError::from)?;
        let lock_path = lock_path(&target);
        let lock_file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&lock_path)
            .map_err(|source| StoreError::Lock {
                path: lock_path.clone(),
                source,
            })?;
        let mut lock = fd_lock::RwLock::new(lock_file);
        let _guard = lock.write().map_err(|source| StoreError::Lock {
            path: lock_path.clone(),
            source,
        })?;
        let bytes = self.read_bytes()?;
        let (mut doc, old_text) = match reuse(&bytes) {
            Some(known) => known,
            None => self.parse_bytes(bytes)?,
        };
        let out = change(&mut doc).map_err(UpdateError::Rejected)?;
        let new_text = doc.render().map_err(|e| StoreError::InvalidChange {
            path: self.path.clone(),
            message: e.to_string(),
        })?;
        if new_text != old_text {
            // Under the lock no other writer can own a temporary file of this target: sweep all.
            file::write_swept(&target, &mut new_text.as_bytes(), Duration::ZERO)
                .map_err(StoreError::from)?;
        }
        Ok((
            out,
            Snapshot {
                text: new_text,
                doc,
            },
        ))
    }
}

/// A document whose changes are not recorded in it — a game log, whose entries are its own
/// history — and which therefore may be changed by [`Store::update`]. An
/// [`Event`](crate::Event) is not one: it changes only through [`Store::edit`], which records
/// every change and raises its version.
pub trait Unrecorded: Document {}

impl<D: Unrecorded> Store<D> {
    /// Changes the document under an exclusive lock: reads it, applies `change`, and — if the
    /// change succeeded and altered the text — writes it back atomically, all before any other
    /// writer may read it. A refused change, an invalid result or a failed write leave the file
    /// as it was.
    pub fn update<T, E>(
        &self,
        change: impl FnOnce(&mut D) -> Result<T, E>,
    ) -> Result<T, UpdateError<E>> {
        self.transact(change)
    }

    /// As [`Store::update`], starting from `known`'s document when the file (read under the
    /// lock) still holds its text, so that an unchanged file is not parsed again; returns the
    /// change's value and the document as the file now holds it.
    pub fn update_from<T, E>(
        &self,
        known: Option<&Snapshot<D>>,
        change: impl FnOnce(&mut D) -> Result<T, E>,
    ) -> Result<(T, Snapshot<D>), UpdateError<E>>
    where
        D: Clone,
    {
        self.transact_from(known, change)
    }
}

/// A document with the text it was read from or written as: what a reader keeps to skip
/// parsing a file that has not changed ([`Store::read_unless`], [`Store::update_from`]).
#[derive(Clone, Debug)]
pub struct Snapshot<D> {
    /// The file's whole text.
    pub text: String,
    /// The document it holds.
    pub doc: D,
}

/// The lock file of a document: `.NAME.lock` beside it.
fn lock_path(target: &Path) -> PathBuf {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    file::folder_of(target).join(format!(".{name}.lock"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq)]
    struct Lines(Vec<String>);

    impl Document for Lines {
        type Error = String;
        fn parse(text: &str) -> Result<Self, String> {
            if text.contains("BAD") {
                return Err("line 1: BAD".into());
            }
            Ok(Lines(text.lines().map(String::from).collect()))
        }
        fn render(&self) -> Result<String, String> {
            if self.0.iter().any(|l| l.contains('\n')) {
                return Err("a line holds a newline".into());
            }
            Ok(self.0.iter().map(|l| format!("{l}\n")).collect())
        }
    }

    impl Unrecorded for Lines {}

    #[test]
    fn concurrent_updates_lose_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let store: Store<Lines> = Store::new(dir.path().join("e.txt"));
        store.create(&Lines(vec![])).unwrap();
        std::thread::scope(|s| {
            for i in 0..24 {
                let store = store.clone();
                s.spawn(move || {
                    store
                        .update(|d| -> Result<(), String> {
                            d.0.push(format!("result {i}"));
                            Ok(())
                        })
                        .unwrap()
                });
            }
        });
        let mut got = store.read().unwrap().0;
        got.sort();
        let mut want: Vec<String> = (0..24).map(|i| format!("result {i}")).collect();
        want.sort();
        assert_eq!(got, want);
    }

    #[test]
    fn a_rejected_or_invalid_change_leaves_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.txt");
        let store: Store<Lines> = Store::new(&path);
        store.create(&Lines(vec!["a".into()])).unwrap();
        let before = fs::read(&path).unwrap();
        let e = store
            .update(|d| {
                d.0.push("b".into());
                Err::<(), _>("no such board")
            })
            .unwrap_err();
        assert!(matches!(e, UpdateError::Rejected("no such board")));
        let e = store
            .update(|d| -> Result<(), String> {
                d.0.push("x\ny".into());
                Ok(())
            })
            .unwrap_err();
        assert!(e.to_string().contains("refusing to write"), "{e}");
        assert_eq!(fs::read(&path).unwrap(), before);
    }

    #[test]
    fn a_bad_file_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("e.txt");
        fs::write(&path, "BAD").unwrap();
        let store: Store<Lines> = Store::new(&path);
        let e = store.read().unwrap_err();
        assert_eq!(e.to_string(), format!("{}: line 1: BAD", path.display()));
        fs::write(&path, b"\xff").unwrap();
        assert!(matches!(
            store.read(),
            Err(StoreError::NotUtf8 { at: 0, .. })
        ));
    }

    #[test]
    fn an_update_through_a_symlink_changes_the_target() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.txt");
        let link = dir.path().join("link.txt");
        std::os::unix::fs::symlink("real.txt", &link).unwrap();
        let store: Store<Lines> = Store::new(&link);
        store.create(&Lines(vec!["a".into()])).unwrap();
        store
            .update(|d| -> Result<(), String> {
                d.0.push("b".into());
                Ok(())
            })
            .unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&real).unwrap(), "a\nb\n");
        // the lock file sits beside the target
        assert!(dir.path().join(".real.txt.lock").exists());
    }
}
