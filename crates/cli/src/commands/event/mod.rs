//! `xq event …` — run an event from a TOML event file, one file per subcommand (the one-line
//! changes together in `changes`).
//!
//! Every command goes through the event store (`xiangqi-event`): a change holds an exclusive
//! lock across read, change and atomic replace, so parallel commands lose nothing; `new` is
//! race-free; a refused command (exit 2) leaves the file unchanged.

use std::path::{Path, PathBuf};

use xiangqi::event::create::{self, group_name};
use xiangqi::event::{
    Created, Edit, EditError, NewEvent, NewEventError, PlayerEdit, Store, StoreError, UpdateError,
    Writer, system_line,
};
use xiangqi::event::{Entrant, Event, EventError, StageSystem, players, trf};
use xiangqi::forms::{self, Form};
use xiangqi::rules::{Ruleset, RulesetError};
use xiangqi::scheduling::EventConfig;

use crate::CliError;
use crate::io::{out, outln};
use crate::io::{read_input, write_output};

mod changes;
mod check;
mod export;
mod history;
mod import;
mod new;
mod pair;
mod result;
mod simulate;
mod standings;
mod units;

use self::changes::*;
use self::check::*;
use self::export::*;
use self::history::*;
use self::import::*;
use self::new::*;
use self::pair::*;
use self::result::*;
use self::simulate::*;
use self::standings::*;
use self::units::*;

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
    /// Export the event: text forms, CSV, JSON, TRF, the printed A4 forms (`--format`, `--form`).
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
pub(super) struct FileArgs {
    /// The event file.
    pub(super) file: PathBuf,
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
        EventCommand::Results(a) => results(a, who),
        EventCommand::Withdraw(a) => withdraw(a, who),
        EventCommand::Bye(a) => bye(a, who),
        EventCommand::Add(a) => add(a, who),
        EventCommand::Units(a) => units(a),
        EventCommand::Check(a) => check(a),
        EventCommand::Import(a) => import(a),
        EventCommand::Lineup(a) => lineup(a, who),
        EventCommand::Undo(a) => undo(a, who),
        EventCommand::History(a) => history(a),
        EventCommand::Unpair(a) => unpair(a, who),
        EventCommand::Swap(a) => swap(a, who),
        EventCommand::EditPlayer(a) => edit_player(a, who),
        EventCommand::Reinstate(a) => reinstate(a, who),
        EventCommand::Rename(a) => rename(a, who),
        EventCommand::Delete(a) => delete(a, who),
    }
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
    change: impl FnOnce(&mut Edit<'_>) -> Result<T, EventError>,
) -> Result<T, CliError> {
    land_logs(path);
    update_landed(path, who, change)
}

/// [`update`] of an event whose finished game logs were landed already.
fn update_landed<T>(
    path: &Path,
    who: &Writer,
    change: impl FnOnce(&mut Edit<'_>) -> Result<T, EventError>,
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

#[cfg(test)]
mod tests;

#[cfg(test)]
mod two_games;
