//! `xq game state`: where the game stands, in words or JSON.

use std::path::PathBuf;

use xiangqi::board::Color;
use xiangqi::game::store;
use xiangqi::game::time::format_clock;

use super::file::{load, side_name};
use crate::CliError;
use crate::io::outln;

#[derive(clap::Args, Debug)]
pub(super) struct StateArgs {
    /// The game file.
    pub(super) file: PathBuf,
    /// Print JSON.
    #[arg(long)]
    pub(super) json: bool,
}

/// Runs `xq game state`.
pub(super) fn run(a: StateArgs) -> Result<(), CliError> {
    let g = load(&a.file)?;
    // a read repairs: a finished game's result missing from its board is landed (reported on
    // standard error, so that standard output stays the state)
    match store::land(&a.file, |b| store::event_file(&a.file, &b.file)) {
        Ok(Some(line)) => eprintln!("xq: landed on the event board: {line}"),
        Ok(None) => {}
        Err(e) => eprintln!("xq: warning: {e}"),
    }
    let st = g.state();
    if a.json {
        let v = serde_json::to_value(st).map_err(CliError::internal)?;
        outln!("{v}")?;
        return Ok(());
    }
    let tc = g.time_control();
    outln!(
        "ply {}, {} to move; ruleset {}, time control {}",
        st.ply,
        side_name(st.side_to_move),
        g.log().header.ruleset,
        tc.spec()
    )?;
    for c in Color::ALL {
        let made = st.moves_made[c];
        let due = match tc.stage_at(made).1 {
            Some(d) => format!("period {}, {made} of {d} moves", tc.period_at(made)),
            None => format!("sudden death, {made} moves"),
        };
        outln!(
            "{:<5}  clock {}  ({due})  违例 {}  犯规 {}",
            side_name(c),
            format_clock(st.clocks[c]),
            st.violations[c],
            st.fouls[c]
        )?;
    }
    outln!(
        "offer: {}",
        st.offer.map_or("none".to_string(), |c| format!(
            "{} (awaiting {})",
            side_name(c),
            side_name(!c)
        ))
    )?;
    if let Some(p) = &st.proposal {
        let line = match (p.first_ply, p.last_ply) {
            (Some(a), Some(b)) => format!(", plies {a}–{b}"),
            _ => String::new(),
        };
        let answer = match p.ruling.must_vary() {
            Some(_) => "xq game told",
            None => "xq game declare",
        };
        outln!(
            "proposal ({}): {} ({}{line}): {} — the arbiter decides ({answer})",
            p.edition,
            p.ruling.as_str(),
            p.rule,
            p.detail
        )?;
    }
    if let Some(s) = st.must_vary {
        outln!(
            "{} has been told to vary (repeating the forbidden cycle is proposed as a loss)",
            side_name(s)
        )?;
    }
    if let Some(s) = st.sealed_by {
        outln!("adjourned: {} has sealed a move", side_name(s))?;
    }
    let mut claims = Vec::new();
    if st.claims.repetition {
        claims.push("repetition".to_string());
    }
    for c in Color::ALL {
        if st.claims.natural_limit[c] {
            claims.push(format!("natural-limit by {}", side_name(c)));
        }
    }
    outln!(
        "claims that would hold now: {}",
        if claims.is_empty() {
            "none".to_string()
        } else {
            claims.join(", ")
        }
    )?;
    match &st.result {
        None => outln!("result: none")?,
        Some(r) => outln!(
            "result: {} ({}): {}",
            r.outcome.as_str(),
            r.reason,
            r.detail
        )?,
    }
    Ok(())
}
