//! `xq event new`: create an event file (pairing numbers by lot from the seed).

use super::*;

#[derive(clap::Args, Debug)]
pub(super) struct NewArgs {
    /// The event file to create (refused if it exists).
    pub(super) file: PathBuf,
    /// Event name.
    #[arg(long, default_value = "event")]
    pub(super) name: String,
    /// Division (组别), e.g. `男子组`: shown after the event name on every form.
    #[arg(long)]
    pub(super) division: Option<String>,
    /// Ruleset id (`cn-1987`, `axf`) or path to a ruleset TOML with an `[event]` table.
    #[arg(long, default_value = "axf")]
    pub(super) ruleset: String,
    /// The system: `swiss` (积分编排制), `round-robin` (大循环, Berger), `knockout` (单淘汰制),
    /// `double-knockout` (双淘汰制) or `groups` (分组循环制 then a final); default: the
    /// ruleset's `[event]` pairing.
    #[arg(long)]
    pub(super) system: Option<String>,
    /// Rounds: a Swiss defaults to the field size (seed 002: ≤ 20 players 5, about 30 players 7);
    /// a round robin to the full table (fewer only with --allow-partial); 0 is refused.
    #[arg(long)]
    pub(super) rounds: Option<u32>,
    /// Allow a round robin cut short of its full table.
    #[arg(long)]
    pub(super) allow_partial: bool,
    /// Groups: how many groups (分组); players are snake-seeded into them.
    #[arg(long)]
    pub(super) groups: Option<usize>,
    /// Groups: places of each group that go to the final (default 2).
    #[arg(long, default_value_t = 2)]
    pub(super) advance: u32,
    /// Groups: the final's system, `round-robin` (default) or `knockout`.
    #[arg(long = "final", default_value = "round-robin")]
    pub(super) final_system: String,
    /// Groups: keep players of the same unit in different groups when possible (同单位回避).
    #[arg(long)]
    pub(super) separate_units: bool,
    /// Swiss: 同单位回避 in rounds 1..=N — players of the same unit (单位) are not paired with
    /// each other where the field allows it (before score groups and colours, never at the
    /// cost of a rematch). Off by default.
    #[arg(long = "avoid-same-unit", value_name = "N")]
    pub(super) avoid_same_unit: Option<u32>,
    /// Groups: after the final, the others play placement round robins by group place
    /// (名次赛: the thirds together, the fourths together, …).
    #[arg(long)]
    pub(super) placement: bool,
    /// Games per pairing: 1 (一局制) or 2 (两局制, 分先: colours swap); overrides the ruleset.
    #[arg(long)]
    pub(super) games: Option<u8>,
    /// Knockout: play a third-place match beside the final.
    #[arg(long)]
    pub(super) third_place: bool,
    /// Double knockout: no second grand final (the grand final decides).
    #[arg(long)]
    pub(super) no_reset: bool,
    /// A player, as `NAME`, `NAME,UNIT` or `NAME,UNIT,RATING` (repeatable).
    #[arg(long = "player")]
    pub(super) players: Vec<String>,
    /// A file with one player per line: columns 序号/姓名/单位/等级分 in any order, separated by
    /// tabs, commas or spaces, with an optional heading line (zh or en); without one the
    /// columns are read from their contents. Every bad line is named (line, column).
    #[arg(long)]
    pub(super) players_file: Option<String>,
    /// A team, as `NAME[,UNIT]:MEMBER[=RATING],MEMBER…` — its roster in board order, reserves
    /// last (repeatable; with --team-boards).
    #[arg(long = "team")]
    pub(super) teams: Vec<String>,
    /// Team events: boards per match (overrides the ruleset's `team_boards`).
    #[arg(long)]
    pub(super) team_boards: Option<u8>,
    /// Team events: `fixed-boards` (分台定人制), `fixed-order` (分台换人制) or `free` (临时定台制).
    #[arg(long)]
    pub(super) lineup_system: Option<String>,
    /// Team events: 全队轮赛制 — every member of one line-up plays every member of the other
    /// (boards² games a match, in sub-rounds).
    #[arg(long)]
    pub(super) all_play_all: bool,
    /// Lot seed (stored in the file).
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// Keep the given order as pairing numbers (and seeds: seed 1 first) instead of drawing
    /// lots or ordering by rating.
    #[arg(long)]
    pub(super) no_lot: bool,
}

pub(super) fn new(a: NewArgs) -> Result<(), CliError> {
    let choices = NewEvent {
        name: a.name.clone(),
        division: a.division.clone().unwrap_or_default(),
        ruleset: a.ruleset.clone(),
        system: a.system.clone(),
        rounds: a.rounds,
        allow_partial: a.allow_partial,
        groups: a.groups,
        advance: a.advance,
        final_system: a.final_system.clone(),
        separate_units: a.separate_units,
        avoid_same_unit_rounds: a.avoid_same_unit.unwrap_or(0),
        placement: a.placement,
        games: a.games,
        third_place: a.third_place,
        no_reset: a.no_reset,
        players: a.players.clone(),
        teams: a.teams.clone(),
        team_boards: a.team_boards,
        lineup_system: a.lineup_system.clone(),
        all_play_all: a.all_play_all,
        seed: a.seed,
        no_lot: a.no_lot,
    };
    let players_file = a.players_file.clone();
    let Created {
        event: ev,
        system,
        teams,
    } = choices
        .create(&a.file, || {
            let Some(f) = &players_file else {
                return Ok(Vec::new());
            };
            let bytes = read_input(f).map_err(|e| e.to_string())?;
            let text = String::from_utf8(bytes).map_err(|_| format!("{f}: not UTF-8"))?;
            // the desk's reader: 序号/姓名/单位/等级分 in any order, tab, comma or spaces, an
            // optional heading; every bad line is named, one line each
            let reading = players::read(&text);
            for e in &reading.errors {
                eprintln!("xq: {f}: {e}");
            }
            match reading.errors.len() {
                0 => Ok(reading.player_lines()),
                n => Err(format!(
                    "{f}: {n} bad line{} (listed above); nothing written",
                    if n == 1 { "" } else { "s" }
                )),
            }
        })
        .map_err(|e| match e {
            NewEventError::Store(e) => store_error(e),
            e => CliError::input(e),
        })?;
    let how = if a.no_lot {
        "pairing numbers in the given order".to_string()
    } else if ev.players.iter().any(|p| p.rating.is_some()) && ev.staged() {
        format!("seeds by rating, equal ratings by lot (seed {})", ev.seed)
    } else {
        format!("pairing numbers by lot (seed {})", ev.seed)
    };
    let what = if teams { "teams" } else { "players" };
    if ev.staged() {
        outln!("{}: {} {what}; {how}", a.file.display(), ev.players.len())?;
    } else {
        outln!(
            "{}: {} {what}, {} rounds; {how}",
            a.file.display(),
            ev.players.len(),
            ev.rounds,
        )?;
    }
    outln!("system: {}", system_line(&ev, system))?;
    for p in &ev.players {
        outln!(
            "{:>4}  {}{}{}",
            p.no,
            p.name,
            if p.club.is_empty() {
                String::new()
            } else {
                format!(" ({})", p.club)
            },
            p.rating.map_or(String::new(), |r| format!(" {r}"))
        )?;
        if !p.members.is_empty() {
            let roster: Vec<String> = p
                .members
                .iter()
                .enumerate()
                .map(|(i, m)| format!("{}.{}", i + 1, m.name))
                .collect();
            outln!("        {}", roster.join(" "))?;
        }
    }
    for (i, st) in ev.stages.iter().enumerate() {
        if st.system == StageSystem::Groups {
            for (g, members) in st.groups.iter().enumerate() {
                let list: Vec<String> = members.iter().map(u32::to_string).collect();
                outln!(
                    "stage {} group {}: {}",
                    i + 1,
                    group_name(g),
                    list.join(" ")
                )?;
            }
        }
    }
    Ok(())
}
