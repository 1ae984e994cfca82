//! The text and JSON of an event in stages as `xq event pair` and `xq event standings` print
//! them: a round with its stage, brackets and byes; the overall order and each stage's (each
//! group's) standings.

use xiangqi_event::Event;
use xiangqi_event::create::group_name;
use xiangqi_scheduling::Standing;

/// A round of a staged event as text: stage, round, play-off, boards with brackets, byes.
pub(crate) fn staged_pairing_text(ev: &Event, round: u32) -> String {
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
pub(crate) fn stages_json(ev: &Event) -> serde_json::Value {
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
pub(crate) fn staged_standings_text(ev: &Event, st: &[Standing]) -> String {
    let row = |s: &Standing| {
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
