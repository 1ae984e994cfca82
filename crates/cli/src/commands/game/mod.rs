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
//! the last entry with its reason. The entry subcommands are the game crate's kinds
//! ([`xiangqi::game::entry::KINDS`]): their words, arguments and help come from there, and
//! their fields are read by [`xiangqi::game::words::entry`], as the desk's console reads its
//! form.

mod entry;
mod export;
mod file;
mod new;
mod state;

use clap::{ArgMatches, Args, Command, FromArgMatches, Subcommand};

use crate::CliError;

/// Arguments of `xq game`.
#[derive(clap::Args, Debug)]
pub struct GameArgs {
    #[command(subcommand)]
    cmd: GameCommand,
}

/// `xq game`'s subcommands: `new`, one per kind of entry, `state` and `export`.
#[derive(Debug)]
enum GameCommand {
    New(new::NewArgs),
    Entry(entry::EntryArgs),
    State(state::StateArgs),
    Export(export::ExportArgs),
}

impl FromArgMatches for GameCommand {
    fn from_arg_matches(m: &ArgMatches) -> Result<Self, clap::Error> {
        Self::from_arg_matches_mut(&mut m.clone())
    }

    fn from_arg_matches_mut(m: &mut ArgMatches) -> Result<Self, clap::Error> {
        let Some((name, mut sub)) = m.remove_subcommand() else {
            return Err(clap::Error::new(clap::error::ErrorKind::MissingSubcommand));
        };
        let sub = &mut sub;
        Ok(match name.as_str() {
            "new" => GameCommand::New(new::NewArgs::from_arg_matches_mut(sub)?),
            "state" => GameCommand::State(state::StateArgs::from_arg_matches_mut(sub)?),
            "export" => GameCommand::Export(export::ExportArgs::from_arg_matches_mut(sub)?),
            word => GameCommand::Entry(entry::EntryArgs::from_matches(word, sub)?),
        })
    }

    fn update_from_arg_matches(&mut self, m: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(m)?;
        Ok(())
    }
}

impl Subcommand for GameCommand {
    fn augment_subcommands(cmd: Command) -> Command {
        let cmd = cmd.subcommand(
            new::NewArgs::augment_args(Command::new("new"))
                .about("Start a game log (PGN, or JSON for a `.json` file), alone or for a board of an event")
                .long_about(None),
        );
        entry::commands()
            .fold(cmd, Command::subcommand)
            .subcommand(
                state::StateArgs::augment_args(Command::new("state"))
                    .about("Where the game stands")
                    .long_about(None),
            )
            .subcommand(
                export::ExportArgs::augment_args(Command::new("export"))
                    .about("Print the game's paper: the 封棋 record (`--form seal`, an adjourned game) or the signed move record (`--form record`), as A4 HTML or text. Neither shows a sealed move")
                    .long_about(None),
            )
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        matches!(name, "new" | "state" | "export") || entry::is_entry(name)
    }
}

/// Runs `xq game`.
pub fn run(args: GameArgs) -> Result<(), CliError> {
    match args.cmd {
        GameCommand::New(a) => new::run(a),
        GameCommand::Entry(a) => entry::run(a),
        GameCommand::State(a) => state::run(a),
        GameCommand::Export(a) => export::run(a),
    }
}
