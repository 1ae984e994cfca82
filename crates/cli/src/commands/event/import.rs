//! `xq event import`: a FIDE TRF file into a new event file.

use super::*;

#[derive(clap::Args, Debug)]
pub(super) struct ImportArgs {
    /// The TRF file.
    pub(super) trf: PathBuf,
    /// The event file to create (default: the TRF file's name with `.toml`).
    pub(super) event: Option<PathBuf>,
    /// The ruleset whose `[event]` table (scoring, tie-breaks) the event takes; default: the
    /// 积分编排制 preset of seed 002. The pairing system is the 积分编排制 either way.
    #[arg(long)]
    pub(super) ruleset: Option<String>,
    /// Print JSON: {"file","name","players","rounds","paired"}.
    #[arg(long)]
    pub(super) json: bool,
}

pub(super) fn import(a: ImportArgs) -> Result<(), CliError> {
    let bytes = read_input(&a.trf.to_string_lossy())?;
    // UTF-8, GBK/GB18030 or Big5, as the game readers take them
    let (text, _) = xiangqi::notation::encoding::decode(&bytes)
        .map_err(|e| CliError::input(format!("{}: {e}", a.trf.display())))?;
    let (ruleset, config) = match &a.ruleset {
        Some(r) => {
            let refused =
                |e: &dyn std::fmt::Display| CliError::input(format!("--ruleset {r}: {e}"));
            let rs = Ruleset::load(r).map_err(|e| refused(&e))?;
            (r.as_str(), event_config_of(&rs).map_err(|e| refused(&e))?)
        }
        None => ("", EventConfig::default()),
    };
    let ev = trf::import(&text, ruleset, config)
        .map_err(|e| CliError::input(format!("{}: {e}", a.trf.display())))?;
    let file = a.event.unwrap_or_else(|| a.trf.with_extension("toml"));
    store(&file).create(&ev).map_err(store_error)?;
    if a.json {
        let v = serde_json::json!({
            "file": file.display().to_string(),
            "name": ev.name,
            "players": ev.players.len(),
            "rounds": ev.rounds,
            "paired": ev.paired.len(),
        });
        outln!("{v}")?;
    } else {
        outln!(
            "{}: {} players, {} of {} rounds imported from {}",
            file.display(),
            ev.players.len(),
            ev.paired.len(),
            ev.rounds,
            a.trf.display()
        )?;
    }
    Ok(())
}
