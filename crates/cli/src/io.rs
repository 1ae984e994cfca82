//! Reading inputs (files or `-` for stdin) and writing outputs atomically.

use std::io::{Read, Write};
use std::path::Path;

use crate::CliError;

#[allow(dead_code)] // used by the commands that read files
/// Reads a whole file, or standard input for `-`, as bytes.
pub fn read_input(path: &str) -> Result<Vec<u8>, CliError> {
    let mut buf = Vec::new();
    if path == "-" {
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| CliError::input(format!("standard input: {e}")))?;
    } else {
        buf = std::fs::read(path).map_err(|e| CliError::input(format!("{path}: {e}")))?;
    }
    Ok(buf)
}

/// Writes `contents` to `path` atomically: a temporary file beside it, then a rename, so an
/// existing file is replaced only when the whole write succeeded.
#[allow(dead_code)]
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), CliError> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .ok_or_else(|| CliError::input(format!("{}: not a file name", path.display())))?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(contents)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(CliError::input(format!("{}: {e}", path.display())));
    }
    Ok(())
}
