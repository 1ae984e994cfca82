//! Where the desk's files are: the event files it serves, the folder they are in, and whether a
//! path (an event file, a game log) is inside it once links are followed.

use std::path::PathBuf;

use axum::http::StatusCode;
use axum::response::Response;

use super::{Desk, Root, one_line, refuse};
use crate::words::Lang;

/// The event files served: `(id, path)`, sorted by id.
pub(crate) fn event_files(desk: &Desk) -> Vec<(String, PathBuf)> {
    match &desk.root {
        Root::File(p) => vec![(file_id(p), p.clone())],
        Root::Folder(dir) => {
            let mut out: Vec<(String, PathBuf)> = std::fs::read_dir(dir)
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "toml") && inside(dir, p))
                .map(|p| (file_id(&p), p))
                .filter(|(id, _)| !id.starts_with('.'))
                .collect();
            out.sort();
            out
        }
    }
}

pub(crate) fn file_id(p: &std::path::Path) -> String {
    p.file_name()
        .map_or(String::new(), |n| n.to_string_lossy().into_owned())
}

/// The path of event `id`, if it is one of the files served.
pub(crate) fn event_path(desk: &Desk, id: &str) -> Option<PathBuf> {
    match &desk.root {
        Root::File(p) => (file_id(p) == id).then(|| p.clone()),
        Root::Folder(dir) => {
            if id.is_empty()
                || id.starts_with('.')
                || id.contains(['/', '\\'])
                || !id.ends_with(".toml")
            {
                return None;
            }
            let p = dir.join(id);
            inside(dir, &p).then_some(p)
        }
    }
}

/// Whether `path` is a file inside folder `dir` once every symbolic link is followed: an event
/// file that is a link to a file elsewhere is not served.
pub(crate) fn inside(dir: &std::path::Path, path: &std::path::Path) -> bool {
    let (Ok(dir), Ok(real)) = (dir.canonicalize(), path.canonicalize()) else {
        return false;
    };
    real.starts_with(&dir) && real.is_file()
}

/// The folder the desk serves: the folder given, or the event file's folder.
pub(crate) fn folder(desk: &Desk) -> PathBuf {
    match &desk.root {
        Root::Folder(d) => d.clone(),
        Root::File(f) => match f.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        },
    }
}

/// Refuses (404) a game log that is, or would be, outside the served folder (its folder a
/// symbolic link to elsewhere): the desk opens nothing there.
pub(crate) fn log_inside(
    desk: &Desk,
    lang: Lang,
    log: &std::path::Path,
    name: &str,
) -> Result<(), Box<Response>> {
    if would_be_inside(&folder(desk), log) {
        return Ok(());
    }
    Err(Box::new(refuse(
        lang,
        StatusCode::NOT_FOUND,
        format!("{}: outside the served folder", one_line(name, 80)),
    )))
}

/// Whether a path that may not exist yet (a game log, its folder) would be inside folder `dir`:
/// if it exists (a link: wherever it leads, which must exist), it is there once links are
/// followed; if not, its parent would be.
pub(crate) fn would_be_inside(dir: &std::path::Path, path: &std::path::Path) -> bool {
    if path.symlink_metadata().is_ok() {
        return match (dir.canonicalize(), path.canonicalize()) {
            (Ok(dir), Ok(real)) => real.starts_with(&dir),
            _ => false,
        };
    }
    match path.parent() {
        Some(parent) if parent.as_os_str().is_empty() => {
            would_be_inside(dir, std::path::Path::new("."))
        }
        Some(parent) => would_be_inside(dir, parent),
        None => false,
    }
}
