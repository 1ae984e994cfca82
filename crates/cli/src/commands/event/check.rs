//! `xq event check`: re-derive every round under the event's system and list each deviation.

use super::*;

#[derive(clap::Args, Debug)]
pub(super) struct CheckArgs {
    /// The event file.
    pub(super) file: PathBuf,
    /// Check this round only.
    #[arg(long)]
    pub(super) round: Option<u32>,
    /// Print JSON: {"rounds","deviations":[{"round","board","kind","message","rule"}]}.
    #[arg(long)]
    pub(super) json: bool,
}

pub(super) fn check(a: CheckArgs) -> Result<(), CliError> {
    let ev = load(&a.file)?;
    let found = xiangqi::event::check::check(&ev, a.round)
        .map_err(|e| CliError::input(format!("{}: {e}", a.file.display())))?;
    let rounds: Vec<u32> = match a.round {
        Some(r) => vec![r],
        None => (1..=ev.paired.len() as u32).collect(),
    };
    if a.json {
        let v = serde_json::json!({"rounds": rounds, "deviations": found});
        outln!("{v}")?;
    } else {
        for d in &found {
            outln!("{d}")?;
        }
        outln!(
            "{} round{} checked, {} deviation{}",
            rounds.len(),
            if rounds.len() == 1 { "" } else { "s" },
            found.len(),
            if found.len() == 1 { "" } else { "s" }
        )?;
    }
    if found.is_empty() {
        Ok(())
    } else {
        Err(CliError::BadRecords(format!(
            "{}: {} deviation{} from the pairing rules",
            a.file.display(),
            found.len(),
            if found.len() == 1 { "" } else { "s" }
        )))
    }
}
