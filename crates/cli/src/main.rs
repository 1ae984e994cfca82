//! `xq` — the xiangqi competition-rules toolkit on the command line.
//!
//! The command contract (flags, JSON keys, exit codes) is documented in `docs/cli.md`: exit 0 on
//! success, 2 on bad input or usage (one line on stderr naming what and where), 3 when a batch
//! finished with some bad records, 1 on an internal error.

mod batch;
mod commands;
mod error;
mod io;

use clap::{Parser, Subcommand};

pub use error::CliError;

/// The xiangqi competition-rules toolkit.
#[derive(Parser, Debug)]
#[command(name = "xq", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count leaf nodes of the legal move tree (perft).
    Perft(commands::perft::PerftArgs),
    /// Show a board diagram after a move list (text, JSON or SVG).
    Show(commands::show::ShowArgs),
    /// Convert game files or move lists between notations (ICCS, WXF, Chinese).
    Convert(commands::convert::ConvertArgs),
    /// Rule a game (or a database with --batch) under one or more rulesets.
    Judge(commands::judge::JudgeArgs),
    /// The rules catalogue: list, show, check.
    Rulesets(commands::rulesets::RulesetsArgs),
    /// Run an event: new, pair, result, standings, export, simulate.
    Event(commands::event::EventArgs),
    /// Compare rulesets over a game database: a static HTML report (and a Markdown summary).
    Report(commands::report::ReportArgs),
    /// Keep a live game: moves with clocks, offers, claims, 违例/犯规, sealed moves, the state.
    Game(commands::game::GameArgs),
    /// The arbiter's desk: serve an event file or folder in the browser (loopback by default).
    Serve(commands::serve::ServeArgs),
}

fn main() {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints help/version to stdout (exit 0) and usage errors to stderr (exit 2).
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            std::process::exit(code);
        }
    };
    let result = match cli.command {
        Command::Perft(args) => commands::perft::run(args),
        Command::Show(args) => commands::show::run(args),
        Command::Convert(args) => commands::convert::run(args),
        Command::Judge(args) => commands::judge::run(args),
        Command::Rulesets(args) => commands::rulesets::run(args),
        Command::Event(args) => commands::event::run(args),
        Command::Report(args) => commands::report::run(args),
        Command::Game(args) => commands::game::run(args),
        Command::Serve(args) => commands::serve::run(args),
    };
    match result {
        Ok(()) | Err(CliError::ClosedOutput) => {}
        Err(e) => {
            eprintln!("xq: {}", error::one_line(&e.to_string()));
            std::process::exit(e.exit_code());
        }
    }
}
