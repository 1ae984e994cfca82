//! `xq event new|pair|result|standings|export|simulate` — run an event from a TOML event file.
//!
//! Every command goes through the event store (`xiangqi-event`): a change holds an exclusive
//! lock across read, change and atomic replace, so parallel commands lose nothing; `new` is
//! race-free; a refused command (exit 2) leaves the file unchanged.

use std::path::{Path, PathBuf};

use xiangqi::event::{Store, StoreError, UpdateError};
use xiangqi::rules::{Ruleset, RulesetError};
use xiangqi::scheduling::{Event, EventConfig, EventError, export, simulate};

use crate::CliError;
use crate::io::{out, outln};
use crate::io::{read_input, write_output};

/// Arguments of `xq event`.
#[derive(clap::Args, Debug)]
pub struct EventArgs {
    #[command(subcommand)]
    cmd: EventCommand,
}

#[derive(clap::Subcommand, Debug)]
enum EventCommand {
    /// Create an event file; pairing numbers are drawn by lot from the seed.
    New(NewArgs),
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
}

#[derive(clap::Args, Debug)]
struct NewArgs {
    /// The event file to create (refused if it exists).
    file: PathBuf,
    /// Event name.
    #[arg(long, default_value = "event")]
    name: String,
    /// Ruleset id (`cn-1987`, `axf`) or path to a ruleset TOML with an `[event]` table.
    #[arg(long, default_value = "axf")]
    ruleset: String,
    /// Pairing system override: `swiss` (积分编排制) or `round-robin` (Berger).
    #[arg(long)]
    system: Option<String>,
    /// Rounds (required for a Swiss event; a round robin defaults to the full table).
    #[arg(long)]
    rounds: Option<u32>,
    /// A player, as `NAME` or `NAME,CLUB` (repeatable).
    #[arg(long = "player")]
    players: Vec<String>,
    /// A file with one player per line (`NAME` or `NAME,CLUB`).
    #[arg(long)]
    players_file: Option<String>,
    /// Lot seed (stored in the file).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Keep the given order as pairing numbers instead of drawing lots.
    #[arg(long)]
    no_lot: bool,
}

#[derive(clap::Args, Debug)]
struct PairArgs {
    /// The event file.
    file: PathBuf,
    /// Print JSON.
    #[arg(long)]
    json: bool,
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
    match args.cmd {
        EventCommand::New(a) => new(a),
        EventCommand::Pair(a) => pair(a),
        EventCommand::Result(a) => result(a),
        EventCommand::Standings(a) => standings(a),
        EventCommand::Export(a) => export_cmd(a),
        EventCommand::Simulate(a) => simulate_cmd(a),
    }
}

fn store(path: &Path) -> Store<Event> {
    Store::new(path)
}

fn store_error(e: StoreError) -> CliError {
    CliError::input(e)
}

fn load(path: &Path) -> Result<Event, CliError> {
    store(path).read().map_err(store_error)
}

/// Applies `change` to the event file under the store's lock; a refusal names the file.
fn update<T>(
    path: &Path,
    change: impl FnOnce(&mut Event) -> Result<T, EventError>,
) -> Result<T, CliError> {
    store(path).update(change).map_err(|e| match e {
        UpdateError::Store(e) => store_error(e),
        UpdateError::Rejected(e) => CliError::input(format!("{}: {e}", path.display())),
    })
}

/// Checks the ruleset an event is created under as `xq rulesets check` does: it loads, names a
/// linked edition, and every parameter is valid for it.
fn validate_ruleset(spec: &str) -> Result<(), CliError> {
    xiangqi::rules::Ruleset::load(spec)
        .and_then(|rs| rs.build().map(|_| ()))
        .map_err(|e| CliError::input(format!("--ruleset {spec}: {e}")))
}

/// The `[event]` table of a ruleset, read by its owner (`scheduling`) with every problem located
/// by file, line and column: an unknown key, a wrong type or id, a value out of range. A ruleset
/// without one gets the documented defaults.
pub(crate) fn event_config_of(rs: &Ruleset) -> Result<EventConfig, RulesetError> {
    let cfg = rs.section::<EventConfig>("event")?.unwrap_or_default();
    cfg.validate()
        .map_err(|e| rs.error_in_section("event", e.key(), e.message()))?;
    Ok(cfg)
}

/// The `[event]` table of a ruleset given by embedded id or path.
fn ruleset_config(spec: &str) -> Result<EventConfig, CliError> {
    Ruleset::load(spec)
        .and_then(|rs| event_config_of(&rs))
        .map_err(|e| CliError::input(format!("--ruleset {spec}: {e}")))
}

fn new(a: NewArgs) -> Result<(), CliError> {
    if a.file.exists() {
        return Err(CliError::input(format!(
            "{}: already exists",
            a.file.display()
        )));
    }
    validate_ruleset(&a.ruleset)?;
    let mut config = ruleset_config(&a.ruleset)?;
    match a.system.as_deref() {
        None => {}
        Some("swiss") => config.pairing = xiangqi::scheduling::PairingSystemId("swiss-cn".into()),
        Some("round-robin") => {
            config.pairing = xiangqi::scheduling::PairingSystemId("berger".into())
        }
        Some(o) => {
            return Err(CliError::input(format!(
                "--system {o}: expected swiss or round-robin"
            )));
        }
    }
    let mut lines: Vec<String> = a.players.clone();
    if let Some(f) = &a.players_file {
        let bytes = read_input(f)?;
        let text =
            String::from_utf8(bytes).map_err(|_| CliError::input(format!("{f}: not UTF-8")))?;
        lines.extend(
            text.lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
                .map(String::from),
        );
    }
    let entrants: Vec<(String, String)> = lines
        .iter()
        .map(|l| match l.split_once(',') {
            Some((n, c)) => (n.trim().to_string(), c.trim().to_string()),
            None => (l.trim().to_string(), String::new()),
        })
        .collect();
    let ev = Event::new(
        &a.name, &a.ruleset, config, entrants, a.seed, a.rounds, !a.no_lot,
    )
    .map_err(|e| CliError::input(format!("{}: {e}", a.file.display())))?;
    store(&a.file).create(&ev).map_err(store_error)?;
    outln!(
        "{}: {} players, {} rounds; pairing numbers by lot (seed {})",
        a.file.display(),
        ev.players.len(),
        ev.rounds,
        ev.seed
    )?;
    for p in &ev.players {
        outln!(
            "{:>4}  {}{}",
            p.no,
            p.name,
            if p.club.is_empty() {
                String::new()
            } else {
                format!(" ({})", p.club)
            }
        )?;
    }
    Ok(())
}

fn pair(a: PairArgs) -> Result<(), CliError> {
    let (round, ev) = update(&a.file, |ev| {
        let round = ev.pair_next()?.round;
        Ok((round, ev.clone()))
    })?;
    if a.json {
        let r = &ev.paired[round as usize - 1];
        let v = serde_json::json!({
            "round": round,
            "boards": r.boards.iter().map(|b| serde_json::json!({"board": b.board, "red": b.red, "black": b.black})).collect::<Vec<_>>(),
            "bye": r.bye,
            "notes": r.notes,
        });
        outln!("{v}")?;
    } else {
        out!("{}", export::pairing_record(&ev, round).unwrap_or_default())?;
    }
    Ok(())
}

fn result(a: ResultArgs) -> Result<(), CliError> {
    update(&a.file, |ev| {
        ev.set_result(
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
    let st = ev.standings(a.after);
    if a.json {
        outln!("{}", export::event_json(&ev, &st)["standings"])?;
    } else {
        out!("{}", export::standings_text(&ev, &st))?;
    }
    Ok(())
}

fn export_cmd(a: ExportArgs) -> Result<(), CliError> {
    let ev = load(&a.file)?;
    let st = ev.standings(None);
    let text = match a.format.as_str() {
        "csv" => export::standings_csv(&ev, &st),
        "json" => format!(
            "{}\n",
            serde_json::to_string_pretty(&export::event_json(&ev, &st))
                .map_err(CliError::internal)?
        ),
        "html" => export::crosstable_html(&ev, &st),
        "record" => {
            let r = a.round.unwrap_or(ev.paired.len() as u32);
            export::pairing_record(&ev, r).ok_or_else(|| {
                CliError::input(format!("{}: round {r} is not paired", a.file.display()))
            })?
        }
        "table" => export::results_table(&ev, &st),
        "trf" => export::trf(&ev, &st),
        o => {
            return Err(CliError::input(format!(
                "--format {o}: expected csv, json, html, record, table or trf"
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

    const RULESETS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../rulesets/");

    fn new_args(file: PathBuf, ruleset: &str) -> NewArgs {
        NewArgs {
            file,
            name: "t".into(),
            ruleset: ruleset.into(),
            system: None,
            rounds: Some(3),
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
        pair(PairArgs {
            file: file.clone(),
            json: false,
        })
        .unwrap();
        result(result_args(&file, 1, 1, "1-0")).unwrap();
        let before = std::fs::read(&file).unwrap();
        let refused: Vec<CliError> = vec![
            // a different result without --force
            result(result_args(&file, 1, 1, "0-1")).unwrap_err(),
            // no such board / round
            result(result_args(&file, 1, 9, "1-0")).unwrap_err(),
            result(result_args(&file, 4, 1, "1-0")).unwrap_err(),
            // not a result
            result(result_args(&file, 1, 2, "2-0")).unwrap_err(),
            // round 2 before round 1 is complete
            pair(PairArgs {
                file: file.clone(),
                json: false,
            })
            .unwrap_err(),
        ];
        for e in refused {
            assert_eq!(e.exit_code(), 2, "{e}");
            assert_eq!(std::fs::read(&file).unwrap(), before, "after {e}");
        }
        // a hand-broken file is named and refused
        std::fs::write(&file, b"name = 3").unwrap();
        let e = pair(PairArgs {
            file: file.clone(),
            json: false,
        })
        .unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("e.toml"), "{e}");
        assert_eq!(std::fs::read(&file).unwrap(), b"name = 3");
        std::fs::remove_file(&file).unwrap();
        let _ = std::fs::remove_dir(&dir);
    }
}
