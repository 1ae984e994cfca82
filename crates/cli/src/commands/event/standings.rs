//! `xq event standings`: the standings, of one stage or of the whole event.

use super::*;

#[derive(clap::Args, Debug)]
pub(super) struct StandingsArgs {
    /// The event file.
    pub(super) file: PathBuf,
    /// Standings after this round (default: the last complete round).
    #[arg(long)]
    pub(super) after: Option<u32>,
    /// Print JSON.
    #[arg(long)]
    pub(super) json: bool,
}

pub(super) fn standings(a: StandingsArgs) -> Result<(), CliError> {
    let ev = load(&a.file)?;
    if let Some(r) = a.after
        && r > ev.complete_rounds()
    {
        return Err(CliError::input(format!(
            "{}: --after {r}: only {} rounds are complete",
            a.file.display(),
            ev.complete_rounds()
        )));
    }
    if a.after.is_some() && ev.staged() {
        return Err(CliError::input(format!(
            "{}: --after: an event in stages gives its standings per stage, not after a round",
            a.file.display()
        )));
    }
    let st = ev.standings(a.after);
    if a.json {
        outln!("{}", forms::standings_json(&ev, &st))?;
    } else {
        out!("{}", forms::standings_text(&ev, &st))?;
    }
    Ok(())
}
