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
        let mut v = serde_json::json!({"standings": xiangqi::event::export::event_json(&ev, &st)["standings"]});
        if ev.staged() {
            v["stages"] = stages_json(&ev);
        }
        outln!("{v}")?;
    } else if ev.staged() {
        out!("{}", staged_standings_text(&ev, &st))?;
    } else {
        out!("{}", xiangqi::event::export::standings_text(&ev, &st))?;
    }
    Ok(())
}

/// A round of a staged event as text: stage, round, play-off, boards with brackets, byes.
pub(super) fn staged_pairing_text(ev: &Event, round: u32) -> String {
    let Some(r) = ev.paired.get(round as usize - 1) else {
        return String::new();
    };
    let stage = r.stage.unwrap_or(1);
    let name = ev
        .stages
        .get(stage as usize - 1)
        .map_or(String::new(), |s| s.name.clone());
    let mut out = format!("{} — stage {stage} ({name}), round {round}\n", ev.name);
    for n in &r.notes {
        out.push_str(&format!("  {n}\n"));
    }
    let who = |no: u32| {
        ev.player(no)
            .map_or(no.to_string(), |p| format!("{no} {}", p.name))
    };
    for b in &r.boards {
        out.push_str(&format!(
            "  board {:>2}{}  {} (red) – {} (black)\n",
            b.board,
            b.bracket
                .as_deref()
                .map_or(String::new(), |br| format!(" [{br}]")),
            who(b.red),
            who(b.black)
        ));
    }
    for b in r.bye.iter().chain(&r.byes) {
        out.push_str(&format!("  bye: {}\n", who(*b)));
    }
    out
}

/// Per-stage standings as JSON: `[{"stage","name","system","groups":[[{"rank","no","name","points"}]]}]`.
pub(super) fn stages_json(ev: &Event) -> serde_json::Value {
    let stages: Vec<serde_json::Value> = ev
        .stages
        .iter()
        .enumerate()
        .map(|(i, st)| {
            let groups: Vec<Vec<serde_json::Value>> = if st.groups.is_empty() {
                Vec::new()
            } else {
                ev.stage_standings(i)
                    .iter()
                    .map(|g| {
                        g.iter()
                            .map(|s| serde_json::json!({"rank": s.rank, "shared": s.shared, "no": s.no,
                                "name": ev.player(s.no).map(|p| p.name.clone()), "points": s.points}))
                            .collect()
                    })
                    .collect()
            };
            serde_json::json!({"stage": i + 1, "name": st.name, "system": st.system.name(),
                "finished": ev.stage_finished(i), "groups": groups})
        })
        .collect();
    serde_json::json!(stages)
}

/// The standings of a staged event as text: overall (when there are several stages), then
/// each stage (each group); a knockout's points are its matches won (胜场).
pub(super) fn staged_standings_text(ev: &Event, st: &[xiangqi::scheduling::Standing]) -> String {
    let row = |s: &xiangqi::scheduling::Standing| {
        let p = ev.player(s.no);
        format!(
            "{:>4}{} {:>4}  {}{}  {}\n",
            s.rank,
            if s.shared { "=" } else { " " },
            s.no,
            p.map_or(String::new(), |p| p.name.clone()),
            p.filter(|p| !p.club.is_empty())
                .map_or(String::new(), |p| format!(" ({})", p.club)),
            s.points
        )
    };
    let mut out = String::new();
    if ev.stages.len() > 1 {
        out.push_str("overall (名次  代号  姓名  points of the last stage played)\n");
        for s in st {
            out.push_str(&row(s));
        }
    }
    for (i, stage) in ev.stages.iter().enumerate() {
        if stage.groups.is_empty() {
            continue;
        }
        let what = if stage.system.is_knockout() {
            "名次  代号  姓名  胜场"
        } else {
            "名次  代号  姓名  积分"
        };
        for (g, rows) in ev.stage_standings(i).iter().enumerate() {
            if stage.groups.len() > 1 {
                out.push_str(&format!(
                    "stage {} ({}) group {} ({what})\n",
                    i + 1,
                    stage.name,
                    group_name(g)
                ));
            } else {
                out.push_str(&format!("stage {} ({}) ({what})\n", i + 1, stage.name));
            }
            for s in rows {
                out.push_str(&row(s));
            }
        }
    }
    out
}
