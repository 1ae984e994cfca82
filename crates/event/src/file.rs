//! Writing a file so that nothing is lost: whole or not at all, through symbolic links, keeping
//! the file's mode and owner, never replacing what is not a regular file, never overwriting a
//! read-only file.
//!
//! A regular file is replaced by writing a temporary file beside its target and renaming it over
//! the target, so a reader sees the old or the new contents, never a mix, and a crash leaves the
//! old file. The temporary files are named `.NAME.xq-tmp-XXXXXX`; one left behind by a killed
//! process is removed by the next write of the same file once it is [`STALE_AFTER`] old (at once
//! under the event store's lock, where no other writer can own it).

use std::fs::{self, File, Metadata, OpenOptions, Permissions};
use std::io::{self, Read};
use std::os::unix::fs::{FileTypeExt as _, MetadataExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

/// Age after which a temporary file of ours with no lock to protect it is taken as left behind by
/// a killed process and removed.
pub const STALE_AFTER: Duration = Duration::from_secs(10 * 60);

/// The marker in the names of our temporary files: `.NAME.xq-tmp-XXXXXX`.
pub const TEMP_MARKER: &str = ".xq-tmp-";

/// Symbolic links followed at most (as the kernel's `ELOOP` limit).
const MAX_LINKS: usize = 40;

/// Why a file was not written. Each message is one line naming the file.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// An operating-system error on the named path.
    #[error("{}: {source}", path.display())]
    Io {
        /// The path the operation was on.
        path: PathBuf,
        /// The error.
        source: io::Error,
    },
    /// The target has no write permission for anyone (e.g. mode 444): it is left as it is.
    #[error("{}: is read-only (mode {mode:o}); not overwritten", path.display())]
    ReadOnly {
        /// The target file.
        path: PathBuf,
        /// Its permission bits.
        mode: u32,
    },
    /// The target is a directory, a socket or a block device: it is never replaced.
    #[error("{}: is a {kind}, not a regular file; not replaced", path.display())]
    NotRegular {
        /// The target.
        path: PathBuf,
        /// What it is.
        kind: &'static str,
    },
    /// The path names a chain of more than 40 symbolic links (or a loop).
    #[error("{}: too many levels of symbolic links", path.display())]
    SymlinkLoop {
        /// The path given.
        path: PathBuf,
    },
    /// The new file could not be given the old file's owner (the writer may not change owners):
    /// the old file is left as it is.
    #[error("{}: cannot keep its owner {uid}:{gid} ({source}); not replaced", path.display())]
    Owner {
        /// The target file.
        path: PathBuf,
        /// Its user id.
        uid: u32,
        /// Its group id.
        gid: u32,
        /// The error of `fchown`.
        source: io::Error,
    },
    /// [`create_new`] found the target already there.
    #[error("{}: already exists", path.display())]
    Exists {
        /// The target.
        path: PathBuf,
    },
}

fn io_err(path: &Path) -> impl FnOnce(io::Error) -> WriteError + '_ {
    move |source| WriteError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The file a path finally names: symbolic links followed (relative ones from their own
/// folder) until a path that is not a link, which need not exist.
///
/// # Examples
/// ```
/// # let dir = tempfile::tempdir()?;
/// let target = dir.path().join("event.toml");
/// let link = dir.path().join("current.toml");
/// std::os::unix::fs::symlink("event.toml", &link)?;
/// assert_eq!(xiangqi_event::file::resolve(&link)?, target);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn resolve(path: &Path) -> Result<PathBuf, WriteError> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = fs::read_link(&p).map_err(io_err(&p))?;
                p = if to.is_absolute() {
                    to
                } else {
                    folder_of(&p).join(to)
                };
            }
            _ => return Ok(p),
        }
    }
    Err(WriteError::SymlinkLoop {
        path: path.to_path_buf(),
    })
}

/// The folder a file is in (`.` for a bare name).
pub(crate) fn folder_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn file_name(path: &Path) -> Result<String, WriteError> {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .ok_or_else(|| WriteError::NotRegular {
            path: path.to_path_buf(),
            kind: "folder",
        })
}

fn kind_of(m: &Metadata) -> &'static str {
    let t = m.file_type();
    if t.is_dir() {
        "directory"
    } else if t.is_socket() {
        "socket"
    } else if t.is_block_device() {
        "block device"
    } else if t.is_fifo() {
        "FIFO"
    } else if t.is_char_device() {
        "character device"
    } else {
        "regular file"
    }
}

/// Writes `contents` to the file `path` names, whole or not at all.
///
/// - A symbolic link is followed: its target is written and the link stays.
/// - A regular target is replaced atomically (temporary file beside it, then a rename) with its
///   permission bits and owner kept; a read-only one (no write bit at all, e.g. mode 444) is
///   refused and left as it is.
/// - A FIFO or character device (`/dev/stdout`, a named pipe) is written directly, never
///   replaced; a directory, socket or block device is refused.
/// - A new file gets mode 666 less the process umask, as `>` in a shell would.
///
/// # Examples
/// ```
/// use std::os::unix::fs::PermissionsExt as _;
/// # let dir = tempfile::tempdir()?;
/// let path = dir.path().join("standings.csv");
/// std::fs::write(&path, "old")?;
/// std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))?;
/// xiangqi_event::file::write(&path, b"new")?;
/// assert_eq!(std::fs::read_to_string(&path)?, "new");
/// assert_eq!(std::fs::metadata(&path)?.permissions().mode() & 0o777, 0o600);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(path: &Path, contents: &[u8]) -> Result<(), WriteError> {
    write_swept(path, &mut &contents[..], STALE_AFTER)
}

/// [`write()`] with the contents read from `contents` to its end, so that a large output (a
/// converted database spooled to a temporary file) reaches its file without being held in
/// memory: the same atomic replacement, links, mode and owner rules.
///
/// # Examples
/// ```
/// # let dir = tempfile::tempdir()?;
/// let path = dir.path().join("games.wxf");
/// let mut spool = std::io::Cursor::new(b"C2.5 h8+7".to_vec());
/// xiangqi_event::file::write_from(&path, &mut spool)?;
/// assert_eq!(std::fs::read_to_string(&path)?, "C2.5 h8+7");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_from(path: &Path, contents: &mut dyn Read) -> Result<(), WriteError> {
    write_swept(path, contents, STALE_AFTER)
}

/// [`write_from`], removing our temporary files for the same target that are older than
/// `stale`.
pub(crate) fn write_swept(
    path: &Path,
    contents: &mut dyn Read,
    stale: Duration,
) -> Result<(), WriteError> {
    // The kernel follows the links for `metadata` and `open`: a FIFO or device is written
    // through the path as given (`/dev/stdout` → `/proc/self/fd/1` → `pipe:[…]` names no file).
    if let Ok(m) = fs::metadata(path) {
        let t = m.file_type();
        if t.is_fifo() || t.is_char_device() {
            let mut f = OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(io_err(path))?;
            return io::copy(contents, &mut f).map(|_| ()).map_err(io_err(path));
        }
    }
    let target = resolve(path)?;
    match fs::metadata(&target) {
        Ok(m) => {
            let t = m.file_type();
            if !t.is_file() {
                return Err(WriteError::NotRegular {
                    path: target,
                    kind: kind_of(&m),
                });
            }
            if m.permissions().mode() & 0o222 == 0 {
                return Err(WriteError::ReadOnly {
                    mode: m.permissions().mode() & 0o7777,
                    path: target,
                });
            }
            replace(&target, contents, Some(&m), stale)
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => replace(&target, contents, None, stale),
        Err(e) => Err(io_err(&target)(e)),
    }
}

/// Creates the file `path` names with `contents`, failing with [`WriteError::Exists`] if it is
/// there already — race-free: of several processes creating the same file at once exactly one
/// succeeds (the temporary file is linked to the target name, which the kernel refuses if taken).
pub fn create_new(path: &Path, contents: &[u8]) -> Result<(), WriteError> {
    let target = resolve(path)?;
    if fs::symlink_metadata(&target).is_ok() {
        return Err(WriteError::Exists { path: target });
    }
    let tmp = temp_beside(&target, &mut &contents[..], None, STALE_AFTER)?;
    match tmp.persist_noclobber(&target) {
        Ok(_) => {
            sync_folder(&target);
            Ok(())
        }
        Err(e) if e.error.kind() == io::ErrorKind::AlreadyExists => {
            Err(WriteError::Exists { path: target })
        }
        Err(e) => Err(io_err(&target)(e.error)),
    }
}

fn replace(
    target: &Path,
    contents: &mut dyn Read,
    old: Option<&Metadata>,
    stale: Duration,
) -> Result<(), WriteError> {
    let tmp = temp_beside(target, contents, old, stale)?;
    tmp.persist(target).map_err(|e| io_err(target)(e.error))?;
    sync_folder(target);
    Ok(())
}

/// A temporary file beside `target` holding `contents`, synced to disk, with `old`'s mode and
/// owner when given.
fn temp_beside(
    target: &Path,
    contents: &mut dyn Read,
    old: Option<&Metadata>,
    stale: Duration,
) -> Result<tempfile::NamedTempFile, WriteError> {
    let folder = folder_of(target);
    let name = file_name(target)?;
    let prefix = format!(".{name}{TEMP_MARKER}");
    sweep(&folder, &prefix, stale);
    let mode = old.map_or(0o666, |m| m.permissions().mode() & 0o7777);
    let mut tmp = tempfile::Builder::new()
        .prefix(&prefix)
        .permissions(Permissions::from_mode(mode))
        .tempfile_in(&folder)
        .map_err(io_err(&folder))?;
    io::copy(contents, &mut tmp).map_err(io_err(tmp.path()))?;
    if let Some(m) = old {
        let f = tmp.as_file();
        // The umask applied at creation: set the old bits exactly.
        f.set_permissions(Permissions::from_mode(mode))
            .map_err(io_err(target))?;
        let mine = f.metadata().map_err(io_err(target))?;
        if (mine.uid(), mine.gid()) != (m.uid(), m.gid()) {
            std::os::unix::fs::fchown(f, Some(m.uid()), Some(m.gid())).map_err(|source| {
                WriteError::Owner {
                    path: target.to_path_buf(),
                    uid: m.uid(),
                    gid: m.gid(),
                    source,
                }
            })?;
        }
    }
    tmp.as_file().sync_all().map_err(io_err(target))?;
    Ok(tmp)
}

/// Removes our temporary files `PREFIX*` in `folder` older than `stale` (best effort).
fn sweep(folder: &Path, prefix: &str, stale: Duration) {
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    let now = SystemTime::now();
    for e in entries.flatten() {
        if !e.file_name().to_string_lossy().starts_with(prefix) {
            continue;
        }
        let old_enough = e
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|t| now.duration_since(t).unwrap_or_default() >= stale);
        if old_enough {
            let _ = fs::remove_file(e.path());
        }
    }
}

/// Makes a rename in `target`'s folder durable (best effort: not every file system allows it).
fn sync_folder(target: &Path) {
    if let Ok(d) = File::open(folder_of(target)) {
        let _ = d.sync_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_symlink_is_written_through_and_stays_a_link() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("real.csv");
        fs::write(&target, "old").unwrap();
        let link = dir.path().join("link.csv");
        symlink("real.csv", &link).unwrap();
        write(&link, b"new").unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&target).unwrap(), "new");
        assert_eq!(names(dir.path()), ["link.csv", "real.csv"]);
    }

    #[test]
    fn a_dangling_symlink_creates_its_target() {
        let dir = tempfile::tempdir().unwrap();
        let link = dir.path().join("link.csv");
        symlink("sub-target.csv", &link).unwrap();
        write(&link, b"x").unwrap();
        assert_eq!(
            fs::read_to_string(dir.path().join("sub-target.csv")).unwrap(),
            "x"
        );
    }

    #[test]
    fn mode_is_kept_and_read_only_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("e.toml");
        fs::write(&p, "a").unwrap();
        fs::set_permissions(&p, Permissions::from_mode(0o640)).unwrap();
        write(&p, b"b").unwrap();
        assert_eq!(
            fs::metadata(&p).unwrap().permissions().mode() & 0o7777,
            0o640
        );
        fs::set_permissions(&p, Permissions::from_mode(0o444)).unwrap();
        let e = write(&p, b"c").unwrap_err();
        assert!(matches!(e, WriteError::ReadOnly { mode: 0o444, .. }), "{e}");
        assert_eq!(fs::read_to_string(&p).unwrap(), "b");
        assert_eq!(names(dir.path()), ["e.toml"]);
    }

    #[test]
    fn a_directory_is_never_replaced() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("out");
        fs::create_dir(&sub).unwrap();
        let e = write(&sub, b"x").unwrap_err();
        assert!(
            matches!(
                e,
                WriteError::NotRegular {
                    kind: "directory",
                    ..
                }
            ),
            "{e}"
        );
        assert!(sub.is_dir());
    }

    #[test]
    fn a_character_device_is_written_directly() {
        write(Path::new("/dev/null"), b"discarded").unwrap();
        let m = fs::metadata("/dev/null").unwrap();
        assert!(m.file_type().is_char_device());
    }

    #[test]
    fn a_symlink_loop_is_an_error() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a");
        let b = dir.path().join("b");
        symlink(&b, &a).unwrap();
        symlink(&a, &b).unwrap();
        assert!(matches!(
            write(&a, b"x").unwrap_err(),
            WriteError::SymlinkLoop { .. }
        ));
    }

    #[test]
    fn stale_temporary_files_are_swept_fresh_ones_kept() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("e.toml");
        let stale = dir.path().join(".e.toml.xq-tmp-AAAAAA");
        let other = dir.path().join(".f.toml.xq-tmp-BBBBBB");
        fs::write(&stale, "left by kill -9").unwrap();
        fs::write(&other, "another file's").unwrap();
        write(&p, b"x").unwrap();
        // fresh: kept (another writer may own it)
        assert!(stale.exists());
        write_swept(&p, &mut &b"y"[..], Duration::ZERO).unwrap();
        assert!(!stale.exists());
        assert!(
            other.exists(),
            "only the same target's temporaries are swept"
        );
        assert_eq!(fs::read_to_string(&p).unwrap(), "y");
    }

    #[test]
    fn create_new_refuses_an_existing_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("e.toml");
        create_new(&p, b"first").unwrap();
        let e = create_new(&p, b"second").unwrap_err();
        assert!(matches!(e, WriteError::Exists { .. }), "{e}");
        assert_eq!(fs::read_to_string(&p).unwrap(), "first");
        assert_eq!(names(dir.path()), ["e.toml"]);
    }

    #[test]
    fn racing_creators_exactly_one_wins() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("e.toml");
        let wins: usize = std::thread::scope(|s| {
            let hs: Vec<_> = (0..16)
                .map(|i| {
                    let p = &p;
                    s.spawn(move || create_new(p, format!("{i}").as_bytes()).is_ok())
                })
                .collect();
            hs.into_iter().map(|h| usize::from(h.join().unwrap())).sum()
        });
        assert_eq!(wins, 1);
        assert_eq!(names(dir.path()), ["e.toml"]);
    }
}
