//! `xq event units`: 队员总分制 — team standings by unit (单位) from the individual standings.

use super::*;

#[derive(clap::Args, Debug)]
pub(super) struct UnitsArgs {
    /// The event file.
    pub(super) file: PathBuf,
    /// Count each unit's best N members (default: all).
    #[arg(long)]
    pub(super) best: Option<usize>,
    /// Print JSON: {"units":[{"rank","unit","points","counted"}]}.
    #[arg(long)]
    pub(super) json: bool,
}

/// 队员总分制: units ranked by their members' points.
pub(super) fn units(a: UnitsArgs) -> Result<(), CliError> {
    let ev = load(&a.file)?;
    let st = ev.standings(None);
    let members: Vec<(String, f64)> = st
        .iter()
        .filter_map(|s| ev.player(s.no).map(|p| (p.club.clone(), s.points)))
        .collect();
    let totals = xiangqi::scheduling::team::member_totals(&members, a.best);
    if a.json {
        let v: Vec<serde_json::Value> = totals
            .iter()
            .enumerate()
            .map(|(i, (u, pts, k))| serde_json::json!({"rank": i + 1, "unit": u, "points": pts, "counted": k}))
            .collect();
        outln!("{}", serde_json::json!({ "units": v }))?;
    } else {
        for (i, (u, pts, k)) in totals.iter().enumerate() {
            outln!("{:>4}  {u}  {pts}  ({k} counted)", i + 1)?;
        }
    }
    Ok(())
}
