//! `xq event result`: one board's result.

use super::*;

#[derive(clap::Args, Debug)]
pub(super) struct ResultArgs {
    /// The event file.
    pub(super) file: PathBuf,
    /// Round number.
    pub(super) round: u32,
    /// Board number.
    pub(super) board: u32,
    /// Result from the first-listed (red) side.
    pub(super) result: String,
    /// Fouls (犯规) of the red side.
    #[arg(long)]
    pub(super) red_fouls: Option<u32>,
    /// Fouls of the black side.
    #[arg(long)]
    pub(super) black_fouls: Option<u32>,
    /// Replace a different result already recorded.
    #[arg(long)]
    pub(super) force: bool,
}

pub(super) fn result(a: ResultArgs, who: &Writer) -> Result<(), CliError> {
    // a board whose game log ended with another result: only with --force, and said
    let landing = land_logs(&a.file);
    if let Some(log) = landing.log_of(a.round, a.board)
        && !xiangqi::game::landing::same_result(&log.result, &a.result)
    {
        let what = format!(
            "round {} board {}: the game log {} ended {}",
            a.round,
            a.board,
            log.log.display(),
            log.result
        );
        if !a.force {
            return Err(CliError::input(format!(
                "{}: {what}; entering {} against it needs --force",
                a.file.display(),
                a.result
            )));
        }
        eprintln!(
            "xq: warning: {}: {what}; {} entered against it (--force)",
            a.file.display(),
            a.result
        );
    }
    update_landed(&a.file, who, |ev| {
        ev.enter_result(
            a.round,
            a.board,
            &a.result,
            (a.red_fouls, a.black_fouls),
            a.force,
        )
    })?;
    Ok(())
}
