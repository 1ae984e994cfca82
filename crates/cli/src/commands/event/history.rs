//! `xq event history`: every recorded change with its version, who and when.

use super::*;

#[derive(clap::Args, Debug)]
pub(super) struct HistoryArgs {
    /// The event file.
    pub(super) file: PathBuf,
    /// Print JSON: {"version","changes":[{"version","by","at","what","undoes","undone_by"}]}.
    #[arg(long)]
    pub(super) json: bool,
}

pub(super) fn history(a: HistoryArgs) -> Result<(), CliError> {
    let ev = load(&a.file)?;
    if a.json {
        let v = serde_json::json!({
            "version": ev.version(),
            "changes": ev.history.iter().map(|c| serde_json::json!({
                "version": c.version,
                "by": c.by,
                "at": c.at,
                "what": c.what,
                "undoes": c.undoes,
                "undone_by": c.undone_by,
            })).collect::<Vec<_>>(),
        });
        outln!("{v}")?;
    } else {
        for c in &ev.history {
            outln!("{c}")?;
        }
        outln!("{}: version {}", a.file.display(), ev.version())?;
    }
    Ok(())
}
