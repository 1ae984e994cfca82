//! `xq event pair`: pair the next round — by the event's system, or by hand (every rule it
//! breaks a warning) — with its date and explanation.

use super::*;

#[derive(clap::Args, Debug)]
pub(super) struct PairArgs {
    /// The event file.
    pub(super) file: PathBuf,
    /// Pair by hand (the arbiter): a board `RED-BLACK` by pairing numbers (repeatable);
    /// recorded as a manual pairing.
    #[arg(long = "board")]
    pub(super) boards: Vec<String>,
    /// With --board: the player with the bye.
    #[arg(long)]
    pub(super) bye: Option<u32>,
    /// Print JSON.
    #[arg(long)]
    pub(super) json: bool,
    /// Also print why the system paired the round so (编排说明: score groups, floaters, the
    /// bye's rule, the table or bracket round); with --json, as `explanation`. The round is
    /// stored as without it (add --dry-run to only look).
    #[arg(long, conflicts_with = "boards")]
    pub(super) explain: bool,
    /// Pair on a copy and print the round (and its warnings) without storing anything: the
    /// event file and its history are unchanged.
    #[arg(long)]
    pub(super) dry_run: bool,
    /// The day the round is played (`YYYY-MM-DD`): printed in the caption of its forms
    /// instead of the date of printing. Default: none.
    #[arg(long)]
    pub(super) date: Option<String>,
}

/// Parses `RED-BLACK`.
pub(super) fn parse_board(s: &str) -> Result<(u32, u32), CliError> {
    s.split_once('-')
        .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)))
        .ok_or_else(|| {
            CliError::input(format!("--board {s:?}: expected RED-BLACK pairing numbers"))
        })
}

pub(super) fn pair(a: PairArgs, who: &Writer) -> Result<(), CliError> {
    if a.bye.is_some() && a.boards.is_empty() {
        return Err(CliError::input(
            "--bye: only with --board (a manual pairing)",
        ));
    }
    let manual = a
        .boards
        .iter()
        .map(|b| parse_board(b))
        .collect::<Result<Vec<_>, _>>()?;
    let date = a
        .date
        .as_deref()
        .map(str::parse::<xiangqi::event::RoundDate>)
        .transpose()
        .map_err(|e| CliError::input(format!("--date {e}")))?;
    // a manual pairing is allowed, but never silently: every rule it breaks is a warning
    // (`xq event check` reports them too)
    let pair = |ev: &mut Edit<'_>| {
        let mut explanation = Vec::new();
        let round = if manual.is_empty() {
            let proposal = ev.propose_next()?;
            explanation.clone_from(&proposal.explanation);
            ev.pair_proposed(proposal)?
        } else {
            ev.pair_by_hand(&manual, a.bye)?
        };
        if let Some(d) = &date {
            let what = format!("{} (date {d})", ev.what());
            ev.set_round_date(round, Some(d.clone()))?;
            ev.describe(what);
        }
        Ok((round, ev.event().clone(), explanation))
    };
    let (round, ev, explanation) = if a.dry_run {
        // on a copy: the same operation, its warnings said, nothing written
        let mut copy = load(&a.file)?;
        let mut e = Edit::new(&mut copy);
        let done = pair(&mut e)
            .map_err(|e: EventError| CliError::input(format!("{}: {e}", a.file.display())))?;
        for w in e.warnings() {
            eprintln!("xq: warning: {}: {w}", a.file.display());
        }
        eprintln!(
            "xq: {}: dry run: round {} not stored",
            a.file.display(),
            done.0
        );
        done
    } else {
        update(&a.file, who, pair)?
    };
    if a.json {
        let r = &ev.paired[round as usize - 1];
        let mut v = serde_json::json!({
            "stage": r.stage.unwrap_or(1),
            "round": round,
            "boards": r.boards.iter().map(|b| {
                let mut o = serde_json::json!({"board": b.board, "red": b.red, "black": b.black});
                if let Some(br) = &b.bracket {
                    o["bracket"] = serde_json::json!(br);
                }
                o
            }).collect::<Vec<_>>(),
            "bye": r.bye.or(r.byes.first().copied()),
            "byes": r.bye.iter().chain(&r.byes).collect::<Vec<_>>(),
            "playoff": r.playoff,
            "notes": r.notes,
        });
        if let Some(d) = &r.date {
            v["date"] = serde_json::json!(d.as_str());
        }
        if a.explain {
            v["explanation"] = serde_json::json!(explanation);
        }
        outln!("{v}")?;
        return Ok(());
    } else {
        out!("{}", forms::round_text(&ev, round))?;
    }
    if a.explain {
        outln!("编排说明 (why):")?;
        for line in &explanation {
            outln!("  {line}")?;
        }
    }
    Ok(())
}
