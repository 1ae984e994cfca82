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
    /// Run an event: create it, pair rounds, enter and correct results, print and export.
    Event(commands::event::EventArgs),
    /// Compare rulesets over a game database: a static HTML report (and a Markdown summary).
    Report(commands::report::ReportArgs),
    /// Keep a live game: moves with clocks, offers, claims, 违例/犯规, sealed moves, the state.
    Game(commands::game::GameArgs),
    /// The arbiter's desk: serve an event file or folder in the browser (loopback by default).
    #[cfg(feature = "desk")]
    Serve(commands::serve::ServeArgs),
}

fn main() {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // help and version go to stdout (exit 0) as clap writes them; a usage error is one
            // line on stderr, as every other error (exit 2)
            if !e.use_stderr() {
                let _ = e.print();
                std::process::exit(0);
            }
            if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                // `xq` or `xq event` alone: the help, on stdout, and the usage error's exit code
                print!("{}", e.render());
                std::process::exit(2);
            }
            eprintln!("xq: {}", one_line(&e.render().to_string()));
            std::process::exit(2);
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
        #[cfg(feature = "desk")]
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

/// A clap usage error (`error: …`, a blank line, `tip: …`, `Usage: …`, `For more information…`)
/// as one line: `unexpected argument '--rulset' found; a similar argument exists: '--ruleset'
/// (usage: xq judge --ruleset <R> [FILE]; see --help)`.
fn one_line(rendered: &str) -> String {
    let lines = || rendered.lines().map(str::trim).filter(|l| !l.is_empty());
    let usage = lines()
        .find_map(|l| l.strip_prefix("Usage:"))
        .map(str::trim);
    let mut said: Vec<String> = Vec::new();
    for line in lines().filter(|l| !l.starts_with("Usage:") && !l.starts_with("For more")) {
        let line = line.strip_prefix("error:").unwrap_or(line);
        let line = line.strip_prefix("tip:").unwrap_or(line).trim();
        match said.last_mut() {
            // `…not provided:` is followed by the arguments, one a line
            Some(list) if list.ends_with(':') || list.ends_with('>') && line.starts_with('<') => {
                list.push_str(if list.ends_with(':') { " " } else { ", " });
                list.push_str(line);
            }
            _ => said.push(line.to_string()),
        }
    }
    match usage {
        Some(u) => format!("{} (usage: {u}; see --help)", said.join("; ")),
        None => format!("{} (see --help)", said.join("; ")),
    }
}

#[cfg(test)]
mod usage_errors {
    use super::*;

    #[test]
    fn a_usage_error_is_one_line() {
        for args in [
            &["xq", "event", "pair"][..],
            &["xq", "judge", "--rulset", "x"],
            &["xq", "evnt"],
            &["xq", "event", "result", "e.toml", "one", "1", "1-0"],
        ] {
            let e = Cli::try_parse_from(args).unwrap_err();
            let line = one_line(&e.render().to_string());
            assert!(!line.contains('\n'), "{line}");
            assert!(
                line.contains("usage: xq") || line.contains("see --help"),
                "{line}"
            );
            assert!(!line.starts_with("error"), "{line}");
        }
        let e = Cli::try_parse_from(["xq", "event", "pair"]).unwrap_err();
        assert_eq!(
            one_line(&e.render().to_string()),
            "the following required arguments were not provided: <FILE> \
             (usage: xq event pair <FILE>; see --help)"
        );
        let e = Cli::try_parse_from(["xq", "judge", "--rulset", "x"]).unwrap_err();
        assert_eq!(
            one_line(&e.render().to_string()),
            "unexpected argument '--rulset' found; a similar argument exists: '--ruleset' \
             (usage: xq judge --ruleset <R> [FILE]; see --help)"
        );
    }
}
