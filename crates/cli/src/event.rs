//! `xq event new|pair|result|standings|export|simulate` — run an event from a TOML event file.
//!
//! Every command goes through the event store (`xiangqi-event`): a change holds an exclusive
//! lock across read, change and atomic replace, so parallel commands lose nothing; `new` is
//! race-free; a refused command (exit 2) leaves the file unchanged.

use std::path::{Path, PathBuf};

use xiangqi::event::create::{self, group_name};
use xiangqi::event::{
    Created, Done, EditError, NewEvent, NewEventError, PlayerEdit, Store, StoreError, UpdateError,
    Writer, system_line,
};
use xiangqi::event::{Entrant, Event, EventError, StageSystem, check, players, simulate, trf};
use xiangqi::forms::{self, Form};
use xiangqi::rules::{Ruleset, RulesetError};
use xiangqi::scheduling::EventConfig;

use crate::CliError;
use crate::io::{out, outln};
use crate::io::{read_input, write_output};

/// Arguments of `xq event`.
#[derive(clap::Args, Debug)]
pub struct EventArgs {
    #[command(subcommand)]
    cmd: EventCommand,
    /// Who makes the change, for the event's history (default: $USER).
    #[arg(long, global = true, value_name = "NAME")]
    by: Option<String>,
    /// Refuse the change unless the event is still at this version (the version read before;
    /// `xq event history` shows it): a change made since is named, with who made it.
    #[arg(long, global = true, value_name = "N")]
    expect_version: Option<u64>,
}

#[derive(clap::Subcommand, Debug)]
enum EventCommand {
    /// Create an event file; pairing numbers are drawn by lot from the seed.
    New(Box<NewArgs>),
    /// Pair the next round (refused until the previous round's results are in).
    Pair(PairArgs),
    /// Enter a result: ROUND BOARD RESULT (1-0, 0-1, =, +-, -+, --; several games space-separated).
    Result(ResultArgs),
    /// Print the standings.
    Standings(StandingsArgs),
    /// Export: csv, json, html (crosstable), record (编排记录表), table (成绩表), trf.
    Export(ExportArgs),
    /// Simulate an event with random results, timing every round's pairing.
    Simulate(SimulateArgs),
    /// Enter many results at once: lines `ROUND BOARD RESULT` from a file or `-` (standard
    /// input), all or nothing.
    Results(ResultsArgs),
    /// A player withdraws (退出比赛) after the last paired round: never paired again.
    Withdraw(PlayerArgs),
    /// A player asks not to be paired in a round (the bye scores nothing).
    Bye(ByeArgs),
    /// A late entry into a Swiss event (next pairing number; first paired next round).
    Add(AddArgs),
    /// 队员总分制: team standings by unit (单位) from the individual standings.
    Units(UnitsArgs),
    /// A team's line-up for a match, checked against the line-up system.
    Lineup(LineupArgs),
    /// Check the pairings: re-derive every round (or --round N) under the event's system and
    /// list every deviation with the rule's words; exit 3 when there are any.
    Check(CheckArgs),
    /// Import a FIDE TRF file (TRF-2006 or TRF-16, as Swiss-Manager and Vega write it) into a
    /// new event file that `pair` continues and `check` checks.
    Import(ImportArgs),
    /// Undo the last recorded change that is not undone (repeat to walk back); recorded too.
    Undo(FileArgs),
    /// The event's history: every recorded change with its version, who and when.
    History(HistoryArgs),
    /// Take back the last paired round (refused while it has results, unless --force).
    Unpair(UnpairArgs),
    /// Swap the colours of a game played reversed: the players change sides, the result is
    /// turned round (each keeps the same score).
    Swap(BoardArgs),
    /// Change a player's name, unit (单位) or rating (等级分).
    EditPlayer(EditPlayerArgs),
    /// A withdrawn player plays again from the next round.
    Reinstate(PlayerArgs),
    /// Rename the event.
    Rename(RenameArgs),
    /// Delete the event to the trash: the file moves into `.trash/` beside it (never unlinked).
    Delete(FileArgs),
}

#[derive(clap::Args, Debug)]
struct FileArgs {
    /// The event file.
    file: PathBuf,
}

#[derive(clap::Args, Debug)]
struct HistoryArgs {
    /// The event file.
    file: PathBuf,
    /// Print JSON: {"version","changes":[{"version","by","at","what","undoes","undone_by"}]}.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
struct UnpairArgs {
    /// The event file.
    file: PathBuf,
    /// Unpair even though the round has results (they are dropped; undo brings them back).
    #[arg(long)]
    force: bool,
}

#[derive(clap::Args, Debug)]
struct BoardArgs {
    /// The event file.
    file: PathBuf,
    /// Round.
    round: u32,
    /// Board.
    board: u32,
}

#[derive(clap::Args, Debug)]
struct EditPlayerArgs {
    /// The event file.
    file: PathBuf,
    /// The player's pairing number.
    no: u32,
    /// New name.
    #[arg(long)]
    name: Option<String>,
    /// New unit (单位); empty for none.
    #[arg(long)]
    unit: Option<String>,
    /// New rating (等级分).
    #[arg(long, conflicts_with = "no_rating")]
    rating: Option<u32>,
    /// Remove the rating.
    #[arg(long)]
    no_rating: bool,
}

#[derive(clap::Args, Debug)]
struct RenameArgs {
    /// The event file.
    file: PathBuf,
    /// The new name.
    name: String,
}

#[derive(clap::Args, Debug)]
struct CheckArgs {
    /// The event file.
    file: PathBuf,
    /// Check this round only.
    #[arg(long)]
    round: Option<u32>,
    /// Print JSON: {"rounds","deviations":[{"round","board","kind","message","rule"}]}.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
struct ImportArgs {
    /// The TRF file.
    trf: PathBuf,
    /// The event file to create (default: the TRF file's name with `.toml`).
    event: Option<PathBuf>,
    /// The ruleset whose `[event]` table (scoring, tie-breaks) the event takes; default: the
    /// 积分编排制 preset of seed 002. The pairing system is the 积分编排制 either way.
    #[arg(long)]
    ruleset: Option<String>,
    /// Print JSON: {"file","name","players","rounds","paired"}.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
struct LineupArgs {
    /// The event file.
    file: PathBuf,
    /// Round.
    round: u32,
    /// Board (the match).
    board: u32,
    /// The team's pairing number.
    #[arg(long)]
    team: u32,
    /// Roster positions in board order, e.g. `1,2,3,5`.
    #[arg(long, value_delimiter = ',')]
    members: Vec<u32>,
}

#[derive(clap::Args, Debug)]
struct ResultsArgs {
    /// The event file.
    file: PathBuf,
    /// The lines: a file, or `-` for standard input.
    #[arg(default_value = "-")]
    input: String,
    /// Replace different results already recorded.
    #[arg(long)]
    force: bool,
}

#[derive(clap::Args, Debug)]
struct PlayerArgs {
    /// The event file.
    file: PathBuf,
    /// The player's pairing number.
    no: u32,
}

#[derive(clap::Args, Debug)]
struct ByeArgs {
    /// The event file.
    file: PathBuf,
    /// The player's pairing number.
    no: u32,
    /// The round (not yet paired).
    #[arg(long)]
    round: u32,
}

#[derive(clap::Args, Debug)]
struct AddArgs {
    /// The event file.
    file: PathBuf,
    /// The player, as `NAME`, `NAME,UNIT` or `NAME,UNIT,RATING`.
    #[arg(long)]
    player: String,
}

#[derive(clap::Args, Debug)]
struct UnitsArgs {
    /// The event file.
    file: PathBuf,
    /// Count each unit's best N members (default: all).
    #[arg(long)]
    best: Option<usize>,
    /// Print JSON: {"units":[{"rank","unit","points","counted"}]}.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
struct NewArgs {
    /// The event file to create (refused if it exists).
    file: PathBuf,
    /// Event name.
    #[arg(long, default_value = "event")]
    name: String,
    /// Division (组别), e.g. `男子组`: shown after the event name on every form.
    #[arg(long)]
    division: Option<String>,
    /// Ruleset id (`cn-1987`, `axf`) or path to a ruleset TOML with an `[event]` table.
    #[arg(long, default_value = "axf")]
    ruleset: String,
    /// The system: `swiss` (积分编排制), `round-robin` (大循环, Berger), `knockout` (单淘汰制),
    /// `double-knockout` (双淘汰制) or `groups` (分组循环制 then a final); default: the
    /// ruleset's `[event]` pairing.
    #[arg(long)]
    system: Option<String>,
    /// Rounds: a Swiss defaults to the field size (seed 002: ≤ 20 players 5, about 30 players 7);
    /// a round robin to the full table (fewer only with --allow-partial); 0 is refused.
    #[arg(long)]
    rounds: Option<u32>,
    /// Allow a round robin cut short of its full table.
    #[arg(long)]
    allow_partial: bool,
    /// Groups: how many groups (分组); players are snake-seeded into them.
    #[arg(long)]
    groups: Option<usize>,
    /// Groups: places of each group that go to the final (default 2).
    #[arg(long, default_value_t = 2)]
    advance: u32,
    /// Groups: the final's system, `round-robin` (default) or `knockout`.
    #[arg(long = "final", default_value = "round-robin")]
    final_system: String,
    /// Groups: keep players of the same unit in different groups when possible (同单位回避).
    #[arg(long)]
    separate_units: bool,
    /// Swiss: 同单位回避 in rounds 1..=N — players of the same unit (单位) are not paired with
    /// each other where the field allows it (before score groups and colours, never at the
    /// cost of a rematch). Off by default.
    #[arg(long = "avoid-same-unit", value_name = "N")]
    avoid_same_unit: Option<u32>,
    /// Groups: after the final, the others play placement round robins by group place
    /// (名次赛: the thirds together, the fourths together, …).
    #[arg(long)]
    placement: bool,
    /// Games per pairing: 1 (一局制) or 2 (两局制, 分先: colours swap); overrides the ruleset.
    #[arg(long)]
    games: Option<u8>,
    /// Knockout: play a third-place match beside the final.
    #[arg(long)]
    third_place: bool,
    /// Double knockout: no second grand final (the grand final decides).
    #[arg(long)]
    no_reset: bool,
    /// A player, as `NAME`, `NAME,UNIT` or `NAME,UNIT,RATING` (repeatable).
    #[arg(long = "player")]
    players: Vec<String>,
    /// A file with one player per line: columns 序号/姓名/单位/等级分 in any order, separated by
    /// tabs, commas or spaces, with an optional heading line (zh or en); without one the
    /// columns are read from their contents. Every bad line is named (line, column).
    #[arg(long)]
    players_file: Option<String>,
    /// A team, as `NAME[,UNIT]:MEMBER[=RATING],MEMBER…` — its roster in board order, reserves
    /// last (repeatable; with --team-boards).
    #[arg(long = "team")]
    teams: Vec<String>,
    /// Team events: boards per match (overrides the ruleset's `team_boards`).
    #[arg(long)]
    team_boards: Option<u8>,
    /// Team events: `fixed-boards` (分台定人制), `fixed-order` (分台换人制) or `free` (临时定台制).
    #[arg(long)]
    lineup_system: Option<String>,
    /// Team events: 全队轮赛制 — every member of one line-up plays every member of the other
    /// (boards² games a match, in sub-rounds).
    #[arg(long)]
    all_play_all: bool,
    /// Lot seed (stored in the file).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Keep the given order as pairing numbers (and seeds: seed 1 first) instead of drawing
    /// lots or ordering by rating.
    #[arg(long)]
    no_lot: bool,
}

#[derive(clap::Args, Debug)]
struct PairArgs {
    /// The event file.
    file: PathBuf,
    /// Pair by hand (the arbiter): a board `RED-BLACK` by pairing numbers (repeatable);
    /// recorded as a manual pairing.
    #[arg(long = "board")]
    boards: Vec<String>,
    /// With --board: the player with the bye.
    #[arg(long)]
    bye: Option<u32>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
    /// Also print why the system paired the round so (编排说明: score groups, floaters, the
    /// bye's rule, the table or bracket round); with --json, as `explanation`.
    #[arg(long, conflicts_with = "boards")]
    explain: bool,
    /// The day the round is played (`YYYY-MM-DD`): printed in the caption of its forms
    /// instead of the date of printing. Default: none.
    #[arg(long)]
    date: Option<String>,
}

#[derive(clap::Args, Debug)]
struct ResultArgs {
    /// The event file.
    file: PathBuf,
    /// Round number.
    round: u32,
    /// Board number.
    board: u32,
    /// Result from the first-listed (red) side.
    result: String,
    /// Fouls (犯规) of the red side.
    #[arg(long)]
    red_fouls: Option<u32>,
    /// Fouls of the black side.
    #[arg(long)]
    black_fouls: Option<u32>,
    /// Replace a different result already recorded.
    #[arg(long)]
    force: bool,
}

#[derive(clap::Args, Debug)]
struct StandingsArgs {
    /// The event file.
    file: PathBuf,
    /// Standings after this round (default: the last complete round).
    #[arg(long)]
    after: Option<u32>,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
struct ExportArgs {
    /// The event file.
    file: PathBuf,
    /// csv, json, html, record (编排记录表), table (成绩表), trf.
    #[arg(long, default_value = "table")]
    format: String,
    /// Round for `record` (default: the last paired round).
    #[arg(long)]
    round: Option<u32>,
    /// Write to this file (atomically) instead of standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// With `--format html`: the printed form, A4 and ready to print — table (成绩表; the
    /// 循环赛成绩表 for a round robin), cross (循环赛成绩表), record (编排记录表), standings (名次),
    /// cards (编排卡), scoresheets (计分单), points-table (象棋比赛积分编排表), groups (an event in
    /// stages: each group's 名次 with its tie-break columns), overall (总名次). Without it,
    /// `--format html` prints the table.
    #[arg(long)]
    form: Option<String>,
    /// With `--format csv`: the header language, en (default) or zh (中文表头).
    #[arg(long, default_value = "en")]
    lang: String,
}

#[derive(clap::Args, Debug)]
struct SimulateArgs {
    /// Number of players.
    #[arg(long)]
    players: u32,
    /// Number of rounds.
    #[arg(long)]
    rounds: u32,
    /// Seed for lots and results.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// swiss or round-robin.
    #[arg(long, default_value = "swiss")]
    system: String,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

/// Runs `xq event`.
pub fn run(args: EventArgs) -> Result<(), CliError> {
    let who = Writer {
        by: args
            .by
            .clone()
            .or_else(|| std::env::var("USER").ok())
            .filter(|b| !b.trim().is_empty())
            .unwrap_or_else(|| "xq".into()),
        seen: args.expect_version,
    };
    let who = &who;
    match args.cmd {
        EventCommand::New(a) => new(*a),
        EventCommand::Pair(a) => pair(a, who),
        EventCommand::Result(a) => result(a, who),
        EventCommand::Standings(a) => standings(a),
        EventCommand::Export(a) => export_cmd(a),
        EventCommand::Simulate(a) => simulate_cmd(a),
        EventCommand::Results(a) => {
            let bytes = read_input(&a.input)?;
            let text = String::from_utf8(bytes)
                .map_err(|_| CliError::input(format!("{}: not UTF-8", a.input)))?;
            let n = update(&a.file, who, |ev| ev.enter_results(&text, a.force))?;
            outln!("{}: {n} results entered", a.file.display())?;
            Ok(())
        }
        EventCommand::Withdraw(a) => {
            let after = update(&a.file, who, |ev| ev.withdraw_recorded(a.no))?;
            outln!(
                "{}: player {} withdraws after round {after}; never paired again",
                a.file.display(),
                a.no
            )?;
            Ok(())
        }
        EventCommand::Bye(a) => {
            update(&a.file, who, |ev| ev.bye_recorded(a.no, a.round))?;
            outln!(
                "{}: player {} is not paired in round {}",
                a.file.display(),
                a.no,
                a.round
            )?;
            Ok(())
        }
        EventCommand::Add(a) => {
            let e = parse_entrant(&a.player)?;
            let no = update(&a.file, who, |ev| {
                ev.add_recorded(&e.name, &e.club, e.rating)
            })?;
            outln!(
                "{}: {} enters late as number {no}",
                a.file.display(),
                e.name
            )?;
            Ok(())
        }
        EventCommand::Units(a) => units(a),
        EventCommand::Check(a) => check(a),
        EventCommand::Import(a) => import(a),
        EventCommand::Lineup(a) => {
            update(&a.file, who, |ev| {
                ev.lineup_recorded(a.round, a.board, a.team, &a.members)
            })?;
            Ok(())
        }
        EventCommand::Undo(a) => {
            let done = store(&a.file)
                .undo(who)
                .map_err(|e| edit_error(&a.file, e))?;
            outln!(
                "{}: undid version {} ({}); now version {}",
                a.file.display(),
                done.value.version,
                done.value.what,
                done.version
            )?;
            Ok(())
        }
        EventCommand::History(a) => history(a),
        EventCommand::Unpair(a) => {
            let round = update(&a.file, who, |ev| ev.unpair_last(a.force))?;
            outln!("{}: round {round} unpaired", a.file.display())?;
            Ok(())
        }
        EventCommand::Swap(a) => {
            update(&a.file, who, |ev| ev.swap_colours(a.round, a.board))?;
            let ev = load(&a.file)?;
            let b = &ev.paired[a.round as usize - 1].boards[a.board as usize - 1];
            outln!(
                "{}: round {} board {}: {} red, {} black{}",
                a.file.display(),
                a.round,
                a.board,
                b.red,
                b.black,
                b.result
                    .as_deref()
                    .map_or(String::new(), |r| format!(", result {r}"))
            )?;
            Ok(())
        }
        EventCommand::EditPlayer(a) => {
            let edit = PlayerEdit {
                name: a.name.clone(),
                club: a.unit.clone(),
                rating: if a.no_rating {
                    Some(None)
                } else {
                    a.rating.map(Some)
                },
            };
            update(&a.file, who, |ev| ev.edit_player(a.no, &edit))?;
            Ok(())
        }
        EventCommand::Reinstate(a) => {
            update(&a.file, who, |ev| ev.reinstate(a.no))?;
            outln!(
                "{}: player {} is paired again from the next round",
                a.file.display(),
                a.no
            )?;
            Ok(())
        }
        EventCommand::Rename(a) => {
            update(&a.file, who, |ev| ev.rename(&a.name))?;
            Ok(())
        }
        EventCommand::Delete(a) => {
            let dest = store(&a.file)
                .trash(who)
                .map_err(|e| edit_error(&a.file, e))?;
            outln!("{}: moved to {}", a.file.display(), dest.display())?;
            Ok(())
        }
    }
}

fn history(a: HistoryArgs) -> Result<(), CliError> {
    let ev = load(&a.file)?;
    if a.json {
        let v = serde_json::json!({
            "version": ev.version(),
            "changes": ev.history.iter().map(|c| serde_json::json!({
                "version": c.version,
                "by": c.by,
                "at": c.at,
                "what": c.what,
                "undoes": c.undoes,
                "undone_by": c.undone_by,
            })).collect::<Vec<_>>(),
        });
        outln!("{v}")?;
    } else {
        for c in &ev.history {
            outln!("{c}")?;
        }
        outln!("{}: version {}", a.file.display(), ev.version())?;
    }
    Ok(())
}

fn store(path: &Path) -> Store<Event> {
    Store::new(path)
}

fn store_error(e: StoreError) -> CliError {
    CliError::input(e)
}

fn load(path: &Path) -> Result<Event, CliError> {
    land_logs(path);
    store(path).read().map_err(store_error)
}

/// Lands the finished game logs of the event file `path` on their boards before it is read or
/// changed ([`xiangqi::game::landing`]): each result entered now, each log whose board holds
/// another result, and each result that could not be entered, one line on standard error.
fn land_logs(path: &Path) -> xiangqi::game::landing::Landing {
    static SCAN: std::sync::LazyLock<xiangqi::game::landing::LogScan> =
        std::sync::LazyLock::new(Default::default);
    let landing = SCAN.land(path);
    for (_, line) in &landing.landed {
        eprintln!("xq: landed on the event board: {line}");
    }
    for c in &landing.conflicts {
        eprintln!("xq: warning: {}: {c}", path.display());
    }
    for f in &landing.failed {
        eprintln!("xq: warning: {f}");
    }
    landing
}

/// Applies `change` to the event file under the store's lock and records it in the event's
/// history as `who`; its warnings go to standard error. A refusal names the file.
fn update<T>(
    path: &Path,
    who: &Writer,
    change: impl FnOnce(&mut Event) -> Result<Done<T>, EventError>,
) -> Result<T, CliError> {
    land_logs(path);
    update_landed(path, who, change)
}

/// [`update`] of an event whose finished game logs were landed already.
fn update_landed<T>(
    path: &Path,
    who: &Writer,
    change: impl FnOnce(&mut Event) -> Result<Done<T>, EventError>,
) -> Result<T, CliError> {
    let done = store(path)
        .edit(who, change)
        .map_err(|e| edit_error(path, e))?;
    for w in &done.warnings {
        eprintln!("xq: warning: {}: {w}", path.display());
    }
    Ok(done.value)
}

fn edit_error(path: &Path, e: UpdateError<EditError>) -> CliError {
    match e {
        UpdateError::Store(e) => store_error(e),
        UpdateError::Rejected(e) => CliError::input(format!("{}: {e}", path.display())),
    }
}

/// The `[event]` table of a ruleset, read by its owner (`scheduling`) with every problem located
/// by file, line and column: an unknown key, a wrong type or id, a value out of range. A ruleset
/// without one gets the documented defaults.
pub(crate) fn event_config_of(rs: &Ruleset) -> Result<EventConfig, RulesetError> {
    create::event_config_of(rs)
}

/// Parses `NAME`, `NAME,UNIT` or `NAME,UNIT,RATING`.
fn parse_entrant(line: &str) -> Result<Entrant, CliError> {
    create::parse_player(line).map_err(CliError::input)
}

fn new(a: NewArgs) -> Result<(), CliError> {
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

/// Parses `RED-BLACK`.
fn parse_board(s: &str) -> Result<(u32, u32), CliError> {
    s.split_once('-')
        .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)))
        .ok_or_else(|| {
            CliError::input(format!("--board {s:?}: expected RED-BLACK pairing numbers"))
        })
}

fn pair(a: PairArgs, who: &Writer) -> Result<(), CliError> {
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
    let (round, ev, explanation) = update(&a.file, who, |ev| {
        let mut explanation = Vec::new();
        let done = if manual.is_empty() {
            let proposal = ev.propose_next()?;
            explanation.clone_from(&proposal.explanation);
            let round = ev.pair_proposed(proposal)?.round;
            Done {
                value: round,
                what: format!("paired round {round}"),
                warnings: Vec::new(),
            }
        } else {
            ev.pair_by_hand(&manual, a.bye)?
        };
        let mut what = done.what;
        if let Some(d) = &date {
            ev.set_round_date(done.value, Some(d.clone()))?;
            what.push_str(&format!(" (date {d})"));
        }
        Ok(Done {
            value: (done.value, ev.clone(), explanation),
            what,
            warnings: done.warnings,
        })
    })?;
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

fn check(a: CheckArgs) -> Result<(), CliError> {
    let ev = load(&a.file)?;
    let found = check::check(&ev, a.round)
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

fn import(a: ImportArgs) -> Result<(), CliError> {
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

fn result(a: ResultArgs, who: &Writer) -> Result<(), CliError> {
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

fn standings(a: StandingsArgs) -> Result<(), CliError> {
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

/// 队员总分制: units ranked by their members' points.
fn units(a: UnitsArgs) -> Result<(), CliError> {
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

fn export_cmd(a: ExportArgs) -> Result<(), CliError> {
    let ev = load(&a.file)?;
    let st = ev.standings(None);
    if a.form.is_some() && a.format != "html" {
        return Err(CliError::input(format!(
            "--form: only with --format html (not {})",
            a.format
        )));
    }
    let text = match a.format.as_str() {
        "csv" => {
            let headers = match a.lang.as_str() {
                "en" => forms::CsvHeaders::English,
                "zh" => forms::CsvHeaders::Chinese,
                o => return Err(CliError::input(format!("--lang {o}: expected zh or en"))),
            };
            forms::standings_csv_file(&ev, &st, headers)
                .map_err(|e| CliError::input(format!("{}: --format csv: {e}", a.file.display())))?
        }
        "json" => format!(
            "{}\n",
            serde_json::to_string_pretty(&forms::event_json(&ev, &st))
                .map_err(CliError::internal)?
        ),
        "html" => form_html(&ev, &st, &a)?,
        "record" => Form::Record
            .text(&ev, &st, a.round)
            .map_err(|e| CliError::input(format!("{}: {e}", a.file.display())))?,
        "table" => Form::Table
            .text(&ev, &st, a.round)
            .map_err(|e| CliError::input(format!("{}: {e}", a.file.display())))?,
        "lineups" => {
            let r = a.round.unwrap_or(ev.paired.len() as u32);
            if ev.config.team_boards == 0 {
                return Err(CliError::input(format!(
                    "{}: --format lineups: not a team event",
                    a.file.display()
                )));
            }
            ev.lineup_form(r).ok_or_else(|| {
                CliError::input(format!("{}: round {r} is not paired", a.file.display()))
            })?
        }
        "trf" => trf::export(&ev, &st)
            .map_err(|e| CliError::input(format!("{}: --format trf: {e}", a.file.display())))?,
        o => {
            return Err(CliError::input(format!(
                "--format {o}: expected csv, json, html, record, table, trf or lineups"
            )));
        }
    };
    match a.output {
        Some(p) => write_output(&p, text.as_bytes()),
        None => {
            out!("{text}")?;
            Ok(())
        }
    }
}

/// `--format html [--form NAME]`: the printed form as an A4 HTML document, from the same
/// model the desk's print views use ([`Form::html`]).
fn form_html(
    ev: &Event,
    st: &[xiangqi::scheduling::tiebreak::Standing],
    a: &ExportArgs,
) -> Result<String, CliError> {
    use xiangqi::forms::FormError;
    let refused = |e: FormError| match e {
        FormError::Unknown(_) => CliError::input(e.to_string()),
        e => CliError::input(format!("{}: {e}", a.file.display())),
    };
    let form: Form = a
        .form
        .as_deref()
        .unwrap_or("table")
        .parse()
        .map_err(refused)?;
    // the 计分单 carry 用时 from the boards' game logs beside the event file, where there are any
    let sheet = match (form, a.round.or(Some(ev.paired.len() as u32))) {
        (Form::Scoresheets, Some(r)) if r >= 1 && ev.config.team_boards == 0 => {
            match forms::scoresheets(ev, r) {
                Some(mut sheets) => {
                    xiangqi::game::paper::fill_times_from_folder(&mut sheets, &a.file);
                    sheets.sheet().dated(ev, r)
                }
                None => return Err(refused(FormError::RoundNotPaired(r))),
            }
        }
        _ => return form.html(ev, st, a.round).map_err(refused),
    };
    Ok(sheet.html())
}

fn simulate_cmd(a: SimulateArgs) -> Result<(), CliError> {
    let system = match a.system.as_str() {
        "swiss" => simulate::SimSystem::Swiss,
        "round-robin" => simulate::SimSystem::RoundRobin,
        o => {
            return Err(CliError::input(format!(
                "--system {o}: expected swiss or round-robin"
            )));
        }
    };
    if a.players < 2 {
        return Err(CliError::input("--players: at least 2"));
    }
    let (_, rounds) =
        simulate::simulate(a.players, a.rounds, a.seed, system).map_err(CliError::input)?;
    if a.json {
        let v = serde_json::json!({"players": a.players, "rounds": rounds});
        outln!("{v}")?;
    } else {
        for r in &rounds {
            outln!(
                "round {:>3}: {} boards, bye {}, pairing {:.4} s",
                r.round,
                r.pairs.len(),
                r.bye.map_or("-".into(), |b| b.to_string()),
                r.pairing_seconds
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn who() -> Writer {
        Writer::new("test")
    }

    const RULESETS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../rulesets/");

    fn new_args(file: PathBuf, ruleset: &str) -> NewArgs {
        NewArgs {
            file,
            name: "t".into(),
            division: None,
            ruleset: ruleset.into(),
            system: None,
            rounds: Some(3),
            allow_partial: false,
            groups: None,
            advance: 2,
            final_system: "round-robin".into(),
            teams: Vec::new(),
            team_boards: None,
            lineup_system: None,
            all_play_all: false,
            separate_units: false,
            avoid_same_unit: None,
            placement: false,
            games: None,
            third_place: false,
            no_reset: false,
            players: ["A", "B", "C", "D"].iter().map(|s| s.to_string()).collect(),
            players_file: None,
            seed: 1,
            no_lot: false,
        }
    }

    /// `xq event new --ruleset axf` and `--ruleset rulesets/cn-1987.toml` take the `[event]`
    /// tables of the ruleset files (equal to the presets documented in rulesets/README.md).
    #[test]
    fn event_new_picks_up_the_ruleset_event_tables() {
        let dir = std::env::temp_dir().join(format!("xq-event-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let cn_path = format!("{RULESETS}cn-1987.toml");
        let axf_path = format!("{RULESETS}axf.toml");
        let axf = EventConfig {
            points: xiangqi::scheduling::PointSystem::TwoOneZero,
            ..EventConfig::default()
        };
        let cn = EventConfig {
            pairing: xiangqi::scheduling::PairingSystemId("berger".into()),
            bye_points: xiangqi::scheduling::ByePoints::Loss,
            tie_breaks: ["sonneborn-berger", "fouls"]
                .map(|t| xiangqi::scheduling::TieBreakId(t.into()))
                .to_vec(),
            ..EventConfig::default()
        };
        for (spec, want) in [
            ("axf", axf.clone()),
            (axf_path.as_str(), axf.clone()),
            ("cn-1987", cn.clone()),
            (cn_path.as_str(), cn.clone()),
        ] {
            // the file's own table, not a fallback
            let ruleset = Ruleset::load(spec).unwrap();
            assert!(ruleset.event.is_some(), "{spec}");
            assert_eq!(event_config_of(&ruleset).unwrap(), want, "{spec}");
            let file = dir.join(format!("{}.toml", spec.replace(['/', '.'], "_")));
            let _ = std::fs::remove_file(&file);
            new(new_args(file.clone(), spec)).unwrap();
            let ev = Event::from_toml(&std::fs::read_to_string(&file).unwrap()).unwrap();
            assert_eq!(ev.config, want, "{spec}");
            assert_eq!(ev.ruleset, spec);
            std::fs::remove_file(&file).unwrap();
        }
        let _ = std::fs::remove_dir(&dir);
    }

    /// `--division` is stored in the file and named on the header lines of the 编排记录表 and
    /// the 成绩表; without it the file has no `division` key (older files read and write
    /// unchanged).
    #[test]
    fn event_new_division_is_stored_and_named_on_the_headers() {
        let dir = std::env::temp_dir().join(format!("xq-event-division-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("men.toml");
        let plain = dir.join("plain.toml");
        let _ = std::fs::remove_file(&file);
        let _ = std::fs::remove_file(&plain);
        let mut a = new_args(file.clone(), "axf");
        a.division = Some("男子组".into());
        new(a).unwrap();
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("division = \"男子组\""), "{text}");
        pair(pair_args(&file), &who()).unwrap();
        let ev = load(&file).unwrap();
        assert_eq!(ev.division, "男子组");
        let record = Form::Record.text(&ev, &[], Some(1)).unwrap();
        assert!(record.starts_with("编排纪录公告  t  男子组\n"), "{record}");
        let table = Form::Table.text(&ev, &ev.standings(None), None).unwrap();
        assert!(table.starts_with("积分编排成绩表  t  男子组\n"), "{table}");
        new(new_args(plain.clone(), "axf")).unwrap();
        let text = std::fs::read_to_string(&plain).unwrap();
        assert!(!text.contains("division"), "{text}");
        let ev = Event::from_toml(&text).unwrap();
        assert!(
            Form::Table
                .text(&ev, &ev.standings(None), None)
                .unwrap()
                .starts_with("积分编排成绩表  t\n")
        );
        std::fs::remove_file(&file).unwrap();
        std::fs::remove_file(&plain).unwrap();
        let _ = std::fs::remove_dir(&dir);
    }

    /// `xq event pair FILE`: the system's next round, no flags.
    fn pair_args(file: &Path) -> PairArgs {
        PairArgs {
            file: file.to_path_buf(),
            boards: Vec::new(),
            bye: None,
            json: false,
            explain: false,
            date: None,
        }
    }

    /// `xq event pair --date`: the date is checked (exit 2, the file untouched), kept on the
    /// round and recorded in the history with the pairing.
    #[test]
    fn pair_date_is_checked_and_kept_on_the_round() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("e.toml");
        new(new_args(file.clone(), "axf")).unwrap();
        let before = std::fs::read(&file).unwrap();
        for bad in ["2026-02-30", "28/11/2026", "tomorrow"] {
            let e = pair(
                PairArgs {
                    date: Some(bad.into()),
                    ..pair_args(&file)
                },
                &who(),
            )
            .unwrap_err();
            assert_eq!(e.exit_code(), 2, "{e}");
            assert!(e.to_string().contains("--date"), "{e}");
            assert!(e.to_string().contains("YYYY-MM-DD"), "{e}");
            assert_eq!(std::fs::read(&file).unwrap(), before, "after {e}");
        }
        pair(
            PairArgs {
                date: Some("2026-11-28".into()),
                ..pair_args(&file)
            },
            &who(),
        )
        .unwrap();
        let ev = load(&file).unwrap();
        assert_eq!(ev.round_date(1).map(|d| d.as_str()), Some("2026-11-28"));
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(text.contains("paired round 1 (date 2026-11-28)"), "{text}");
        // without --date, no date
        for b in 1..=ev.paired[0].boards.len() as u32 {
            result(result_args(&file, 1, b, "1-0"), &who()).unwrap();
        }
        pair(pair_args(&file), &who()).unwrap();
        assert_eq!(load(&file).unwrap().round_date(2), None);
    }

    fn result_args(file: &Path, round: u32, board: u32, res: &str) -> ResultArgs {
        ResultArgs {
            file: file.to_path_buf(),
            round,
            board,
            result: res.into(),
            red_fouls: None,
            black_fouls: None,
            force: false,
        }
    }

    /// Every refused command is bad input (exit 2) and leaves the event file byte for byte as
    /// it was.
    #[test]
    fn refused_commands_exit_2_and_leave_the_file_unchanged() {
        let dir = std::env::temp_dir().join(format!("xq-event-refuse-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("e.toml");
        let _ = std::fs::remove_file(&file);
        new(new_args(file.clone(), "axf")).unwrap();
        // creating it again is refused
        assert_eq!(
            new(new_args(file.clone(), "axf")).unwrap_err().exit_code(),
            2
        );
        pair(pair_args(&file), &who()).unwrap();
        result(result_args(&file, 1, 1, "1-0"), &who()).unwrap();
        let before = std::fs::read(&file).unwrap();
        let refused: Vec<CliError> = vec![
            // a different result without --force
            result(result_args(&file, 1, 1, "0-1"), &who()).unwrap_err(),
            // no such board / round
            result(result_args(&file, 1, 9, "1-0"), &who()).unwrap_err(),
            result(result_args(&file, 4, 1, "1-0"), &who()).unwrap_err(),
            // not a result
            result(result_args(&file, 1, 2, "2-0"), &who()).unwrap_err(),
            // round 2 before round 1 is complete
            pair(pair_args(&file), &who()).unwrap_err(),
        ];
        for e in refused {
            assert_eq!(e.exit_code(), 2, "{e}");
            assert_eq!(std::fs::read(&file).unwrap(), before, "after {e}");
        }
        // a hand-broken file is named and refused
        std::fs::write(&file, b"name = 3").unwrap();
        let e = pair(pair_args(&file), &who()).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("e.toml"), "{e}");
        assert_eq!(std::fs::read(&file).unwrap(), b"name = 3");
        std::fs::remove_file(&file).unwrap();
        let _ = std::fs::remove_dir(&dir);
    }

    fn run_event(by: &str, seen: Option<u64>, cmd: EventCommand) -> Result<(), CliError> {
        run(EventArgs {
            cmd,
            by: Some(by.into()),
            expect_version: seen,
        })
    }

    /// The corrections: each refusal exits 2 and leaves the file byte for byte; each change is
    /// recorded with who made it and undone by `undo`; a stale `--expect-version` is refused.
    #[test]
    fn corrections_are_recorded_refusals_leave_the_file_and_undo_walks_back() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("e.toml");
        new(new_args(file.clone(), "axf")).unwrap();
        let f = || file.clone();
        let pair_cmd = |boards: &[&str]| {
            EventCommand::Pair(PairArgs {
                boards: boards.iter().map(|b| b.to_string()).collect(),
                ..pair_args(&file)
            })
        };
        run_event("甲", None, pair_cmd(&[])).unwrap();
        run_event(
            "甲",
            Some(1),
            EventCommand::Result(result_args(&file, 1, 1, "1-0")),
        )
        .unwrap();
        let before = std::fs::read(&file).unwrap();
        let refused = vec![
            // stale: the writer saw version 1, the file is at 2
            run_event(
                "乙",
                Some(1),
                EventCommand::Result(result_args(&file, 1, 2, "=")),
            ),
            // round 1 has a result
            run_event(
                "乙",
                None,
                EventCommand::Unpair(UnpairArgs {
                    file: f(),
                    force: false,
                }),
            ),
            // round 1 is not complete
            run_event("乙", None, pair_cmd(&[])),
            run_event(
                "乙",
                None,
                EventCommand::Swap(BoardArgs {
                    file: f(),
                    round: 1,
                    board: 7,
                }),
            ),
            run_event(
                "乙",
                None,
                EventCommand::EditPlayer(EditPlayerArgs {
                    file: f(),
                    no: 9,
                    name: Some("x".into()),
                    unit: None,
                    rating: None,
                    no_rating: false,
                }),
            ),
            run_event(
                "乙",
                None,
                EventCommand::Reinstate(PlayerArgs { file: f(), no: 1 }),
            ),
            run_event(
                "乙",
                None,
                EventCommand::Rename(RenameArgs {
                    file: f(),
                    name: " ".into(),
                }),
            ),
            run_event("乙", Some(0), EventCommand::Delete(FileArgs { file: f() })),
        ];
        for e in refused {
            let e = e.unwrap_err();
            assert_eq!(e.exit_code(), 2, "{e}");
            assert_eq!(std::fs::read(&file).unwrap(), before, "after {e}");
        }
        run_event(
            "乙",
            Some(2),
            EventCommand::Swap(BoardArgs {
                file: f(),
                round: 1,
                board: 1,
            }),
        )
        .unwrap();
        run_event(
            "乙",
            None,
            EventCommand::Unpair(UnpairArgs {
                file: f(),
                force: true,
            }),
        )
        .unwrap();
        let ev = load(&file).unwrap();
        assert!(ev.paired.is_empty());
        assert_eq!(ev.version(), 4);
        assert_eq!(ev.history[3].by, "乙");
        run_event("丙", None, EventCommand::Undo(FileArgs { file: f() })).unwrap();
        run_event("丙", None, EventCommand::Undo(FileArgs { file: f() })).unwrap();
        let ev = load(&file).unwrap();
        assert_eq!(ev.paired[0].boards[0].result.as_deref(), Some("1-0"));
        // a manual pairing of round 2 that repeats round 1 is made, recorded as manual
        let mut ev2 = ev.clone();
        for b in 2..=ev2.paired[0].boards.len() as u32 {
            ev2.set_result(1, b, "=", (None, None), false).unwrap();
        }
        Store::new(&file)
            .update(|e: &mut Event| -> Result<(), String> {
                *e = ev2.clone();
                Ok(())
            })
            .unwrap();
        let r1: Vec<String> = ev2.paired[0]
            .boards
            .iter()
            .map(|b| format!("{}-{}", b.red, b.black))
            .collect();
        let r1: Vec<&str> = r1.iter().map(String::as_str).collect();
        run_event("甲", None, pair_cmd(&r1)).unwrap();
        let ev = load(&file).unwrap();
        assert!(ev.paired[1].manual);
        assert!(
            ev.history
                .last()
                .unwrap()
                .what
                .starts_with("paired round 2 by hand")
        );
        run_event("甲", None, EventCommand::Delete(FileArgs { file: f() })).unwrap();
        assert!(!file.exists());
        let trash: Vec<_> = std::fs::read_dir(dir.path().join(".trash"))
            .unwrap()
            .collect();
        assert_eq!(trash.len(), 1);
    }

    /// `--players-file` reads what the desk reads: a heading, 单位 first, spaces; bad lines are
    /// refused with nothing written.
    #[test]
    fn players_file_takes_a_heading_and_any_column_order() {
        let dir = tempfile::tempdir().unwrap();
        let list = dir.path().join("p.txt");
        std::fs::write(
            &list,
            "序号 单位 姓名 等级分\n1 北京队 张三 2100\n2 上海队 李四\n3 北京队 王五 1900\n",
        )
        .unwrap();
        let file = dir.path().join("e.toml");
        let mut a = new_args(file.clone(), "axf");
        a.players = Vec::new();
        a.players_file = Some(list.display().to_string());
        a.no_lot = true;
        new(a).unwrap();
        let ev = load(&file).unwrap();
        let got: Vec<(&str, &str, Option<u32>)> = ev
            .players
            .iter()
            .map(|p| (p.name.as_str(), p.club.as_str(), p.rating))
            .collect();
        assert_eq!(
            got,
            vec![
                ("张三", "北京队", Some(2100)),
                ("李四", "上海队", None),
                ("王五", "北京队", Some(1900))
            ]
        );
        std::fs::write(&list, "姓名,单位,等级分\n张三,北京,x\n李四,上海\n").unwrap();
        let bad = dir.path().join("bad.toml");
        let mut a = new_args(bad.clone(), "axf");
        a.players = Vec::new();
        a.players_file = Some(list.display().to_string());
        let e = new(a).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("1 bad line"), "{e}");
        assert!(!bad.exists());
    }
}

#[cfg(test)]
mod two_game_tests {
    use xiangqi::event::NewEvent;

    fn choices(games: Option<u8>, team_boards: Option<u8>) -> NewEvent {
        let mut players = Vec::new();
        let mut teams = Vec::new();
        if team_boards.is_some() {
            teams = [
                "甲队:甲1,甲2",
                "乙队:乙1,乙2",
                "丙队:丙1,丙2",
                "丁队:丁1,丁2",
            ]
            .map(String::from)
            .to_vec();
        } else {
            players = ["甲", "乙", "丙", "丁"].map(String::from).to_vec();
        }
        NewEvent {
            ruleset: "cn-1987".into(),
            system: Some("round-robin".into()),
            games,
            team_boards,
            players,
            teams,
            ..NewEvent::default()
        }
    }

    #[test]
    fn a_two_game_round_robin_ranks_match_points_then_sonneborn_berger_then_game_points() {
        let ev = choices(Some(2), None)
            .build("t.toml", || Ok(Vec::new()))
            .unwrap()
            .event;
        assert_eq!(
            ev.config.chain(),
            ["sonneborn-berger", "game-points", "fouls"]
        );
        let one = choices(None, None)
            .build("t.toml", || Ok(Vec::new()))
            .unwrap()
            .event;
        assert_eq!(one.config.chain(), ["sonneborn-berger", "fouls"]);
    }

    #[test]
    fn two_games_per_board_are_refused_not_dropped() {
        let e = choices(Some(2), Some(2))
            .build("t.toml", || Ok(Vec::new()))
            .unwrap_err()
            .to_string();
        assert!(e.contains("--games 2 with --team-boards"), "{e}");
        assert!(!e.contains('\n'), "{e}");
        let e = choices(Some(3), None)
            .build("t.toml", || Ok(Vec::new()))
            .unwrap_err()
            .to_string();
        assert!(e.contains("--games 3: expected 1 or 2"), "{e}");
    }
}
