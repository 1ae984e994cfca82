//! `xq game new`: a game log, alone or for a board of an event.

use std::path::PathBuf;

use xiangqi::game::store::{self, BoardOf, NewGame};
use xiangqi::game::time::format_clock;

use super::file::side_name;
use crate::CliError;
use crate::io::outln;

#[derive(clap::Args, Debug)]
pub(super) struct NewArgs {
    /// The game file to create (`.json`: JSON; anything else: PGN).
    pub(super) file: PathBuf,
    /// Ruleset id or path (default: the event's ruleset, else cn-1987).
    #[arg(long)]
    pub(super) ruleset: Option<String>,
    /// Start position (default: the standard start).
    #[arg(long)]
    pub(super) fen: Option<String>,
    /// `classical`, `rapid`, `blitz`, or a SPEC such as `40/90,20/30*` (see rulesets/README.md);
    /// default: the ruleset's `[time_control]` table, else classical.
    #[arg(long, value_name = "NAME|SPEC")]
    pub(super) time_control: Option<String>,
    /// The event file the game belongs to (with --round and --board).
    #[arg(long, value_name = "E", requires_all = ["round", "board"])]
    pub(super) event: Option<PathBuf>,
    /// Round number in the event.
    #[arg(long, value_name = "N", requires = "event")]
    pub(super) round: Option<u32>,
    /// Board number in the event.
    #[arg(long, value_name = "B", requires = "event")]
    pub(super) board: Option<u32>,
    /// Red's name (default: from the event board).
    #[arg(long)]
    pub(super) red: Option<String>,
    /// Black's name (default: from the event board).
    #[arg(long)]
    pub(super) black: Option<String>,
    /// Replace an existing game file (start over).
    #[arg(long)]
    pub(super) force: bool,
}

/// Runs `xq game new`.
pub(super) fn run(a: NewArgs) -> Result<(), CliError> {
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
