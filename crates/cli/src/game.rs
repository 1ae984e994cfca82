//! `xq game …` — the arbiter's live game log (crate `xiangqi-game`): start a game alone or for a
//! board of an event, append moves with clock readings, record offers, claims, 违例/犯规,
//! resignation, flag fall, the sealed move and resumption, ask where the game stands.
//!
//! Every command goes through the store of `xiangqi-event` (exclusive lock, atomic replace): a
//! refused entry (exit 2) leaves the file as it was. When an entry finishes a game that belongs
//! to an event board, its result and 违例 counts are entered on that board of the event file,
//! through the event store — after the log is written; a result a crash kept off the board is
//! landed by the next command on the log (`state`, any entry, even a refused one).
//!
//! The rules propose, the arbiter decides (issue 22): a ruling of the edition (must vary, a loss,
//! a draw) is printed and logged as a proposal; `told` confirms a must-vary proposal, `declare`
//! declares the result (only a declared or typed result reaches the event), `undo` takes back
//! the last entry with its reason. The words of every entry are read by
//! [`xiangqi::game::words::entry`], as the desk's console reads its form.

use std::path::{Path, PathBuf};

use xiangqi::board::Color;
use xiangqi::event::Store;
use xiangqi::game::store::{self, BoardOf, NewGame};
use xiangqi::game::time::format_clock;
use xiangqi::game::words::{self, Asked, Fields};
use xiangqi::game::{Entry, EventBoard, Game, GameError};

use crate::CliError;
use crate::io::{out, outln, write_output};

/// Arguments of `xq game`.
#[derive(clap::Args, Debug)]
pub struct GameArgs {
    #[command(subcommand)]
    cmd: GameCommand,
}

#[derive(clap::Subcommand, Debug)]
enum GameCommand {
    /// Start a game log (PGN, or JSON for a `.json` file), alone or for a board of an event.
    New(NewArgs),
    /// Append a move (ICCS, WXF or Chinese) and the mover's clock after it.
    Move(MoveArgs),
    /// A draw offer (提和) by SIDE, after its own move.
    Offer(SideArgs),
    /// SIDE accepts the opponent's pending draw offer.
    Accept(SideArgs),
    /// SIDE declines the opponent's pending draw offer.
    Decline(SideArgs),
    /// A claim: `repetition` (不变作和) or `natural-limit` (六十回合); the ruling is printed and logged.
    Claim(ClaimArgs),
    /// A 犯规 of seed 002 四, KIND 1–8 (each is also a 违例; the third 违例 loses).
    Foul(FoulArgs),
    /// A 违例 outside the 犯规 list, with its reason.
    Violation(ReasonArgs),
    /// A time penalty: SECONDS taken off SIDE's clock.
    Penalty(PenaltyArgs),
    /// SIDE resigns (认输).
    Resign(SideArgs),
    /// SIDE's flag fell (超时): only the running clock's, showing no time (`--clock 0:00:00`, or a
    /// last reading of 0), unless the arbiter overrides with a reason.
    Flag(FlagArgs),
    /// The arbiter corrects SIDE's clock to H:MM:SS (the only way a reading may rise), with the
    /// reason.
    Correct(CorrectArgs),
    /// The side to move seals its move (封棋); it is checked at `resume`.
    Seal(SealArgs),
    /// Resume an adjourned game (续赛): the sealed move is played, or loses if it is wrong.
    Resume(FileArgs),
    /// SIDE arrived MINUTES late (迟到): beyond the limit it loses, else the time is on its clock.
    Late(LateArgs),
    /// SIDE loses for a breach of discipline (纪律处分).
    Discipline(ReasonArgs),
    /// An arbiter's decision: red-wins, black-wins, draw, or none (a ruling without a result).
    Decide(DecideArgs),
    /// The arbiter has told SIDE to vary (已告知变着): confirms the rules' must-vary proposal.
    Told(ToldArgs),
    /// The arbiter declares the result (宣布结果): the proposed one (no OUTCOME), or OUTCOME with
    /// its rule. Only a declared (or typed) result reaches the event.
    Declare(DeclareArgs),
    /// Undo the last entry in force (撤销), with the reason; it stays in the log, marked undone.
    Undo(UndoArgs),
    /// Where the game stands.
    State(StateArgs),
    /// Print the game's paper: the 封棋 record (`--form seal`, an adjourned game) or the signed
    /// move record (`--form record`), as A4 HTML or text. Neither shows a sealed move.
    Export(ExportArgs),
}

#[derive(clap::Args, Debug)]
struct NewArgs {
    /// The game file to create (`.json`: JSON; anything else: PGN).
    file: PathBuf,
    /// Ruleset id or path (default: the event's ruleset, else cn-1987).
    #[arg(long)]
    ruleset: Option<String>,
    /// Start position (default: the standard start).
    #[arg(long)]
    fen: Option<String>,
    /// `classical`, `rapid`, `blitz`, or a SPEC such as `40/90,20/30*` (see rulesets/README.md);
    /// default: the ruleset's `[time_control]` table, else classical.
    #[arg(long, value_name = "NAME|SPEC")]
    time_control: Option<String>,
    /// The event file the game belongs to (with --round and --board).
    #[arg(long, value_name = "E", requires_all = ["round", "board"])]
    event: Option<PathBuf>,
    /// Round number in the event.
    #[arg(long, value_name = "N", requires = "event")]
    round: Option<u32>,
    /// Board number in the event.
    #[arg(long, value_name = "B", requires = "event")]
    board: Option<u32>,
    /// Red's name (default: from the event board).
    #[arg(long)]
    red: Option<String>,
    /// Black's name (default: from the event board).
    #[arg(long)]
    black: Option<String>,
    /// Replace an existing game file (start over).
    #[arg(long)]
    force: bool,
}

#[derive(clap::Args, Debug)]
struct FileArgs {
    /// The game file.
    file: PathBuf,
}

#[derive(clap::Args, Debug)]
struct MoveArgs {
    /// The game file.
    file: PathBuf,
    /// The move, in ICCS (h2e2), WXF (C2.5) or Chinese (炮二平五).
    #[arg(value_name = "MOVE", allow_hyphen_values = true)]
    mv: String,
    /// The mover's clock right after pressing it (time left), H:MM:SS.
    #[arg(long, value_name = "H:MM:SS")]
    clock: Option<String>,
}

#[derive(clap::Args, Debug)]
struct SideArgs {
    /// The game file.
    file: PathBuf,
    /// red or black.
    side: String,
}

#[derive(clap::Args, Debug)]
struct FlagArgs {
    /// The game file.
    file: PathBuf,
    /// red or black: the side whose flag fell.
    side: String,
    /// The running clock's reading when the flag fell: 0:00:00.
    #[arg(long, value_name = "H:MM:SS")]
    clock: Option<String>,
    /// Rule the flag although the clock does not show it (stopped, or showing time), for this
    /// reason; logged with the entry.
    #[arg(long = "override", value_name = "REASON")]
    override_reason: Option<String>,
}

#[derive(clap::Args, Debug)]
struct CorrectArgs {
    /// The game file.
    file: PathBuf,
    /// red or black: whose clock.
    side: String,
    /// The time the clock should show, H:MM:SS.
    #[arg(value_name = "H:MM:SS")]
    clock: String,
    /// Why, in the arbiter's words.
    reason: String,
}

#[derive(clap::Args, Debug)]
struct ClaimArgs {
    /// The game file.
    file: PathBuf,
    /// The claimant: red or black.
    side: String,
    /// repetition or natural-limit.
    kind: String,
}

#[derive(clap::Args, Debug)]
struct FoulArgs {
    /// The game file.
    file: PathBuf,
    /// red or black.
    side: String,
    /// 1–8, as seed 002 四 lists them.
    kind: u8,
    /// What happened.
    #[arg(long, default_value = "")]
    note: String,
}

#[derive(clap::Args, Debug)]
struct ReasonArgs {
    /// The game file.
    file: PathBuf,
    /// red or black.
    side: String,
    /// Why, in words.
    reason: String,
}

#[derive(clap::Args, Debug)]
struct PenaltyArgs {
    /// The game file.
    file: PathBuf,
    /// red or black.
    side: String,
    /// Seconds taken off the clock.
    seconds: u32,
    /// Why, in words.
    reason: String,
}

#[derive(clap::Args, Debug)]
struct SealArgs {
    /// The game file.
    file: PathBuf,
    /// The sealed move as written (any notation; checked at resumption).
    #[arg(value_name = "MOVE", allow_hyphen_values = true)]
    mv: String,
    /// The sealer's clock at sealing, H:MM:SS.
    #[arg(long, value_name = "H:MM:SS")]
    clock: Option<String>,
}

#[derive(clap::Args, Debug)]
struct LateArgs {
    /// The game file.
    file: PathBuf,
    /// red or black.
    side: String,
    /// Minutes late.
    minutes: u32,
}

#[derive(clap::Args, Debug)]
struct DecideArgs {
    /// The game file.
    file: PathBuf,
    /// red-wins, black-wins, draw or none.
    outcome: String,
    /// Why, in the arbiter's words.
    reason: String,
}

#[derive(clap::Args, Debug)]
struct ToldArgs {
    /// The game file.
    file: PathBuf,
    /// red or black: the side told to vary.
    side: String,
    /// Who (the arbiter's name), logged with the entry and the time.
    #[arg(long, value_name = "NAME", default_value = "")]
    by: String,
}

#[derive(clap::Args, Debug)]
struct DeclareArgs {
    /// The game file.
    file: PathBuf,
    /// red-wins, black-wins or draw; none given: the result the rules propose.
    outcome: Option<String>,
    /// The rule the result stands on (needed unless it is the proposed result).
    #[arg(long, value_name = "TEXT", default_value = "")]
    rule: String,
    /// Who (the arbiter's name), logged with the entry and the time.
    #[arg(long, value_name = "NAME", default_value = "")]
    by: String,
}

#[derive(clap::Args, Debug)]
struct UndoArgs {
    /// The game file.
    file: PathBuf,
    /// Why, in the arbiter's words (logged).
    reason: String,
    /// The entry to undo (its number in the log): refused unless it is the last in force.
    #[arg(long, value_name = "N")]
    entry: Option<usize>,
    /// Who (the arbiter's name), logged with the entry and the time.
    #[arg(long, value_name = "NAME", default_value = "")]
    by: String,
}

#[derive(clap::Args, Debug)]
struct StateArgs {
    /// The game file.
    file: PathBuf,
    /// Print JSON.
    #[arg(long)]
    json: bool,
}

#[derive(clap::Args, Debug)]
struct ExportArgs {
    /// The game file.
    file: PathBuf,
    /// `seal` (封棋记录: names, sealer, 用时, moves made, 封棋图, signatures) or `record`
    /// (对局记录: the moves in Chinese notation in two columns, result, 用时, signatures).
    #[arg(long, value_name = "seal|record")]
    form: String,
    /// `html` (print-ready A4) or `text`.
    #[arg(long, default_value = "html", value_name = "html|text")]
    format: String,
    /// Write to this file (atomically) instead of standard output.
    #[arg(short, long)]
    output: Option<PathBuf>,
}

/// Runs `xq game`.
pub fn run(args: GameArgs) -> Result<(), CliError> {
    let side = |file: PathBuf, word: &'static str, side: String| {
        (
            file,
            word,
            Fields {
                side,
                ..Fields::default()
            },
        )
    };
    let clock_text = |c: Option<String>| c.unwrap_or_default();
    let (file, word, fields) = match args.cmd {
        GameCommand::New(a) => return new(a),
        GameCommand::State(a) => return state(a),
        GameCommand::Export(a) => return export(a),
        GameCommand::Resume(a) => (a.file, "resume", Fields::default()),
        GameCommand::Move(a) => (
            a.file,
            "move",
            Fields {
                mv: a.mv,
                clock: clock_text(a.clock),
                ..Fields::default()
            },
        ),
        GameCommand::Offer(a) => side(a.file, "offer", a.side),
        GameCommand::Accept(a) => side(a.file, "accept", a.side),
        GameCommand::Decline(a) => side(a.file, "decline", a.side),
        GameCommand::Resign(a) => side(a.file, "resign", a.side),
        GameCommand::Flag(a) => (
            a.file,
            "flag",
            Fields {
                side: a.side,
                clock: clock_text(a.clock),
                reason: a.override_reason.unwrap_or_default(),
                ..Fields::default()
            },
        ),
        GameCommand::Correct(a) => (
            a.file,
            "correct",
            Fields {
                side: a.side,
                clock: a.clock,
                reason: a.reason,
                ..Fields::default()
            },
        ),
        GameCommand::Claim(a) => (
            a.file,
            "claim",
            Fields {
                side: a.side,
                kind: a.kind,
                ..Fields::default()
            },
        ),
        GameCommand::Foul(a) => (
            a.file,
            "foul",
            Fields {
                side: a.side,
                kind: a.kind.to_string(),
                note: a.note,
                ..Fields::default()
            },
        ),
        GameCommand::Violation(a) => (
            a.file,
            "violation",
            Fields {
                side: a.side,
                reason: a.reason,
                ..Fields::default()
            },
        ),
        GameCommand::Penalty(a) => (
            a.file,
            "penalty",
            Fields {
                side: a.side,
                seconds: a.seconds.to_string(),
                reason: a.reason,
                ..Fields::default()
            },
        ),
        GameCommand::Seal(a) => (
            a.file,
            "seal",
            Fields {
                mv: a.mv,
                clock: clock_text(a.clock),
                ..Fields::default()
            },
        ),
        GameCommand::Late(a) => (
            a.file,
            "late",
            Fields {
                side: a.side,
                minutes: a.minutes.to_string(),
                ..Fields::default()
            },
        ),
        GameCommand::Discipline(a) => (
            a.file,
            "discipline",
            Fields {
                side: a.side,
                reason: a.reason,
                ..Fields::default()
            },
        ),
        GameCommand::Decide(a) => (
            a.file,
            "decide",
            Fields {
                outcome: a.outcome,
                reason: a.reason,
                ..Fields::default()
            },
        ),
        GameCommand::Told(a) => (
            a.file,
            "told",
            Fields {
                side: a.side,
                by: a.by,
                at: words::now(),
                ..Fields::default()
            },
        ),
        GameCommand::Declare(a) => (
            a.file,
            "declare",
            Fields {
                outcome: a.outcome.unwrap_or_default(),
                reason: a.rule,
                by: a.by,
                at: words::now(),
                ..Fields::default()
            },
        ),
        GameCommand::Undo(a) => (
            a.file,
            "undo",
            Fields {
                reason: a.reason,
                entry: a.entry.map(|n| n.to_string()).unwrap_or_default(),
                by: a.by,
                at: words::now(),
                ..Fields::default()
            },
        ),
    };
    let asked = words::entry(word, &fields).map_err(CliError::input)?;
    let (rulings, game) = update(&file, |g| {
        let r = match asked {
            Asked::Apply(e) => vec![g.apply(e)?],
            Asked::Seal { text, clock } => {
                let side = g.state().side_to_move;
                vec![g.apply(Entry::Seal {
                    side,
                    text: text.into(),
                    clock,
                })?]
            }
            Asked::Resume => g.resume()?,
        };
        Ok((r, g.state().clone(), g.log().header.event.clone()))
    })
    .map(|(r, st, ev)| (r, (st, ev)))
    .inspect_err(|_| land_after_refusal(&file))?;
    finish(&file, rulings, game)
}

/// A refused entry (the game is over …) still lands a finished game's result that a crash
/// kept off its event board; the line goes to standard output, the refusal to standard error.
fn land_after_refusal(file: &Path) {
    if let Ok(Some(line)) = store::land(file, |b| store::event_file(file, &b.file)) {
        let _ = outln!("{line}");
    }
}

/// Prints the rulings; a game that has just ended on an event board goes to the event file.
fn finish(
    file: &Path,
    rulings: Vec<String>,
    (st, event): (xiangqi::game::State, Option<EventBoard>),
) -> Result<(), CliError> {
    for r in &rulings {
        outln!("{r}")?;
    }
    if let Some(ev) = event {
        let at = store::event_file(file, &ev.file);
        if let Some(line) = store::enter_result(file, &at, &st, &ev).map_err(CliError::input)? {
            outln!("{line}")?;
        }
    }
    Ok(())
}

fn load(path: &Path) -> Result<Game, CliError> {
    Store::<Game>::new(path).read().map_err(CliError::input)
}

/// Applies `change` to the game file under the store's lock; a refusal names the file.
fn update<T>(
    path: &Path,
    change: impl FnOnce(&mut Game) -> Result<T, GameError>,
) -> Result<T, CliError> {
    store::update(path, change).map_err(CliError::input)
}

fn new(a: NewArgs) -> Result<(), CliError> {
    let board = match (&a.event, a.round, a.board) {
        (Some(path), Some(round), Some(board)) => Some(BoardOf {
            event: path.clone(),
            recorded: path.to_string_lossy().into_owned(),
            round,
            board,
        }),
        _ => None,
    };
    let opts = NewGame {
        ruleset: a.ruleset,
        fen: a.fen,
        time_control: a.time_control,
        board,
        red: a.red,
        black: a.black,
    };
    let (header, tc) = store::new_header(&opts).map_err(CliError::input)?;
    let game = store::create(&a.file, header, a.force).map_err(CliError::input)?;
    let st = game.state();
    outln!(
        "{}: new game under {} ({}), time control {}; {} to move, clocks {} / {}",
        a.file.display(),
        game.log().header.ruleset,
        game.arbiter().ruleset().edition,
        tc.spec(),
        side_name(st.side_to_move),
        format_clock(st.clocks.red),
        format_clock(st.clocks.black)
    )?;
    if let Some(ev) = &game.log().header.event {
        outln!("event {}: round {} board {}", ev.file, ev.round, ev.board)?;
    }
    Ok(())
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

fn state(a: StateArgs) -> Result<(), CliError> {
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

/// `xq game export`: the 封棋 record or the move record of the log, through the form models of
/// `xiangqi-forms`; the event's name for the caption when the log is on an event board (an event
/// file that cannot be read leaves the caption without it).
fn export(a: ExportArgs) -> Result<(), CliError> {
    use xiangqi::game::paper;
    if !matches!(a.format.as_str(), "html" | "text") {
        return Err(CliError::input(format!(
            "--format {}: expected html or text",
            a.format
        )));
    }
    let g = load(&a.file)?;
    let event: Option<xiangqi::event::Event> = g
        .log()
        .header
        .event
        .as_ref()
        .and_then(|b| Store::new(store::event_file(&a.file, &b.file)).read().ok());
    let sheet = match a.form.as_str() {
        "seal" => paper::seal_record(&g, event.as_ref())
            .ok_or_else(|| {
                CliError::input(format!(
                    "{}: --form seal: no move is sealed (the game is not adjourned)",
                    a.file.display()
                ))
            })?
            .sheet(),
        "record" => paper::move_record(&g, event.as_ref()).sheet(),
        f => {
            return Err(CliError::input(format!(
                "--form {f}: expected seal or record"
            )));
        }
    };
    let text = if a.format == "html" {
        sheet.html()
    } else {
        sheet.text()
    };
    match a.output {
        Some(p) => write_output(&p, text.as_bytes()),
        None => out!("{text}"),
    }
}
