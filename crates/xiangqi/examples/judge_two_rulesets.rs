//! Judge every game of a PGN file under two rulesets, from Rust: the facade's way in.
//!
//! ```console
//! $ cargo run -p xiangqi --example judge_two_rulesets -- examples/mate-threat-and-chase.pgn
//! game 1: cn-1987 red-must-vary (Red 一杀一捉, Black 长跟) | axf repetition (Red 一杀一捉, Black 闲)
//! ```
//!
//! With no argument it judges a game written here (the book's 图20, 一杀一捉).

use xiangqi::adjudication::GameRecord;
use xiangqi::notation::{Mode, read_games};
use xiangqi::rules::{Arbiter, JudgeOptions, Ruleset};

/// The rule book's 图20 (one mate threat, one chase) when no file is given.
const SAMPLE: &str = r#"[FEN "C3kab2/4a4/4b4/RNr3p1p/9/3pp1P2/P7P/4B4/3cA4/3AK1B2 w - - 0 1"]

1. b6a8 c6c8 2. a8b6 c8c6 3. b6a8 c6c8 4. a8b6 c8c6 *
"#;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let (bytes, name) = match std::env::args().nth(1) {
        Some(path) => (std::fs::read(&path)?, path),
        None => (SAMPLE.as_bytes().to_vec(), "sample.pgn".to_string()),
    };
    // A built-in ruleset by id, or a TOML file by path: `Ruleset::load` takes either.
    let arbiters = ["cn-1987", "axf"]
        .into_iter()
        .map(|id| Ok(Arbiter::new(Ruleset::load(id)?)?))
        .collect::<Result<Vec<_>, Box<dyn std::error::Error>>>()?;
    for (i, game) in read_games(&bytes, &name, Mode::Tolerant)?
        .into_iter()
        .enumerate()
    {
        let record = GameRecord::new(game.start.clone(), game.moves.clone())?;
        let mut line = format!("game {}:", i + 1);
        for a in &arbiters {
            let ruling = a.judge(&record, JudgeOptions::default());
            let why = ruling
                .repetition
                .as_ref()
                .map(|r| format!(" (Red {}, Black {})", r.red, r.black))
                .unwrap_or_default();
            line += &format!(" {} {}{why} |", a.ruleset().id, ruling.reason);
        }
        println!("{}", line.trim_end_matches(" |"));
    }
    Ok(())
}
