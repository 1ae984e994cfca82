//! Runs every scenario of `tests/scenarios/*.scn`: a game log built entry by entry, with the
//! expected state or ruling after each entry; then the log, stored as PGN and as JSON, is read
//! back and replayed to the same state.
//!
//! Format (one item a line; `#` starts a comment line):
//! - header: `ruleset ID|PATH`, `time-control NAME|SPEC`, `fen FEN`;
//! - `> COMMAND …` an entry, as the `xq game` subcommands write it: `move MOVE [H:MM:SS]`,
//!   `moves M1 M2 …` (moves without clock readings), `offer|accept|decline|resign|flag SIDE`,
//!   `claim SIDE repetition|natural-limit`, `foul SIDE KIND [NOTE]`, `violation SIDE REASON`,
//!   `penalty SIDE SECONDS REASON`, `seal SIDE MOVE [H:MM:SS]`, `resume`, `late SIDE MINUTES`,
//!   `discipline SIDE REASON`, `decide OUTCOME REASON`, `flag SIDE [H:MM:SS|-] [override
//!   REASON]`, `correct SIDE H:MM:SS REASON`;
//! - `= KEY VALUE` the state's JSON at the dotted KEY equals VALUE (JSON, or a bare word);
//! - `~ TEXT` the entry's ruling contains TEXT;
//! - `! TEXT` the entry is refused with a message containing TEXT (and nothing changes);
//! - the arbiter's answers to the rules' proposals (version 3 logs): `> told SIDE [BY]` (已告知变着),
//!   `> declare [OUTCOME [RULE]]` (宣布结果: no outcome confirms the proposed result),
//!   `> undo REASON` (the last entry in force);
//! - `- N …` the entries undone so far are N … (1-based places in the log; `-` alone: none);
//! - `@ N TYPE` the log's entry N (1-based) is of TYPE (`propose`, `told`, `undo` …).

use std::path::Path;

use serde_json::Value;
use xiangqi_board::Color;
use xiangqi_game::{
    ClaimKind, Decision, Entry, Game, GameLog, Header, LogFormat, TimeControl, time::parse_clock,
};
use xiangqi_rules_axf as _;
use xiangqi_rules_cn1987 as _;

fn side(w: &str) -> Color {
    match w {
        "red" => Color::Red,
        "black" => Color::Black,
        o => panic!("side {o}"),
    }
}

/// The entries of one `>` line.
fn entries(line: &str) -> Vec<Entry> {
    let w: Vec<&str> = line.split_whitespace().collect();
    let rest = |i: usize| w.get(i..).map(|r| r.join(" ")).unwrap_or_default();
    let clock = |i: usize| w.get(i).map(|c| parse_clock(c).expect("a clock reading"));
    vec![match w[0] {
        "move" => Entry::Move {
            mv: w[1].into(),
            clock: clock(2),
        },
        "moves" => {
            return w[1..]
                .iter()
                .map(|m| Entry::Move {
                    mv: m.to_string(),
                    clock: None,
                })
                .collect();
        }
        "offer" => Entry::Offer { side: side(w[1]) },
        "accept" => Entry::Accept { side: side(w[1]) },
        "decline" => Entry::Decline { side: side(w[1]) },
        "resign" => Entry::Resign { side: side(w[1]) },
        "flag" => Entry::Flag {
            side: side(w[1]),
            clock: w.get(2).filter(|c| **c != "-").map(|_| clock(2).unwrap()),
            override_reason: match w.get(3) {
                Some(&"override") => rest(4),
                Some(o) => panic!("flag: expected `override REASON`, found {o}"),
                None => String::new(),
            },
        },
        "correct" => Entry::Correct {
            side: side(w[1]),
            clock: clock(2).expect("a clock reading"),
            reason: rest(3),
        },
        "claim" => Entry::Claim {
            side: side(w[1]),
            kind: ClaimKind::from_word(w[2]).expect("claim kind"),
            ruling: String::new(),
        },
        "foul" => Entry::Foul {
            side: side(w[1]),
            kind: w[2].parse().unwrap(),
            note: rest(3),
        },
        "violation" => Entry::Violation {
            side: side(w[1]),
            reason: rest(2),
        },
        "penalty" => Entry::Penalty {
            side: side(w[1]),
            seconds: w[2].parse().unwrap(),
            reason: rest(3),
        },
        "seal" => Entry::Seal {
            side: side(w[1]),
            text: w[2].into(),
            clock: clock(3),
        },
        "resume" => Entry::Resume,
        "late" => Entry::Late {
            side: side(w[1]),
            minutes: w[2].parse().unwrap(),
        },
        "discipline" => Entry::Disciplinary {
            side: side(w[1]),
            reason: rest(2),
        },
        "decide" => Entry::Decision {
            outcome: Decision::from_word(w[1]).expect("decision"),
            reason: rest(2),
        },
        "told" => Entry::Told {
            side: side(w[1]),
            by: rest(2),
            at: "2026-11-27T10:00:00Z".into(),
        },
        "declare" => Entry::Declare {
            outcome: w.get(1).map_or(Decision::None, |o| {
                Decision::from_word(o).expect("declared outcome")
            }),
            rule: rest(2),
            by: "裁判长".into(),
            at: "2026-11-27T10:05:00Z".into(),
        },
        "undo" => Entry::Undo {
            entry: 0,
            reason: rest(1),
            by: "裁判员".into(),
            at: "2026-11-27T10:06:00Z".into(),
        },
        o => panic!("unknown command {o}"),
    }]
}

fn at<'a>(v: &'a Value, key: &str) -> &'a Value {
    key.split('.').fold(v, |v, k| &v[k])
}

fn run(path: &Path) -> usize {
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let text = std::fs::read_to_string(path).unwrap();
    let mut ruleset = "cn-1987".to_string();
    let mut tc: Option<String> = None;
    let mut fen: Option<String> = None;
    let mut game: Option<Game> = None;
    let mut last: Result<String, String> = Ok(String::new());
    let mut checks = 0;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let here = format!("{name}:{}", i + 1);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (head, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        if game.is_none() && matches!(head, ">" | "=" | "~" | "!" | "-" | "@") {
            game = Some(start(&ruleset, tc.as_deref(), fen.as_deref(), &here));
        }
        match head {
            "ruleset" => ruleset = rest.to_string(),
            "time-control" => tc = Some(rest.to_string()),
            "fen" => fen = Some(rest.to_string()),
            ">" => {
                let g = game.as_mut().expect("a game");
                if rest == "resume" {
                    // as `xq game resume`: the envelope is opened and a right move played
                    let before = g.state().clone();
                    last = g.resume().map(|r| r.join("; ")).map_err(|e| e.to_string());
                    if last.is_err() {
                        assert_eq!(g.state(), &before, "{here}: a refusal changed the state");
                    }
                    continue;
                }
                for e in entries(rest) {
                    let before = g.state().clone();
                    last = g.apply(e).map_err(|e| e.to_string());
                    if last.is_err() {
                        assert_eq!(g.state(), &before, "{here}: a refusal changed the state");
                        break;
                    }
                }
            }
            "=" => {
                let g = game.as_ref().unwrap_or_else(|| panic!("{here}: no game"));
                let (key, want) = rest.split_once(' ').unwrap_or((rest, ""));
                let want: Value =
                    serde_json::from_str(want).unwrap_or_else(|_| Value::String(want.into()));
                let state = serde_json::to_value(g.state()).unwrap();
                assert_eq!(
                    at(&state, key),
                    &want,
                    "{here}: {key}; last ruling {last:?}; state {state}"
                );
                checks += 1;
            }
            "~" => {
                let got = last
                    .as_ref()
                    .unwrap_or_else(|e| panic!("{here}: refused: {e}"));
                assert!(got.contains(rest), "{here}: ruling {got:?} lacks {rest:?}");
                checks += 1;
            }
            "!" => {
                let e = last
                    .as_ref()
                    .expect_err(&format!("{here}: not refused: {last:?}"));
                assert!(e.contains(rest), "{here}: refusal {e:?} lacks {rest:?}");
                checks += 1;
            }
            "-" => {
                let g = game.as_ref().unwrap_or_else(|| panic!("{here}: no game"));
                undone_are(g, rest, &here);
                checks += 1;
            }
            "@" => {
                let g = game.as_ref().unwrap_or_else(|| panic!("{here}: no game"));
                let (n, kind) = rest.split_once(' ').expect("`@ N TYPE`");
                let n: usize = n.parse().expect("an entry number");
                let e = g.log().entries.get(n - 1);
                assert_eq!(
                    e.map(Entry::kind),
                    Some(kind.trim()),
                    "{here}: entry {n} is {e:?}"
                );
                checks += 1;
            }
            o => panic!("{here}: unknown line kind {o}"),
        }
    }
    let g = game.unwrap_or_else(|| panic!("{name}: no entries"));
    round_trips(&name, &g);
    checks
}

/// `- N …`: the entries undone, by their numbers in the log.
fn undone_are(g: &Game, rest: &str, here: &str) {
    let want: Vec<usize> = rest
        .split_whitespace()
        .map(|n| n.parse().expect("an entry number"))
        .collect();
    let got: Vec<usize> = g.undone().iter().map(|i| i + 1).collect();
    assert_eq!(got, want, "{here}: entries undone");
}

/// The game a scenario plays: its ruleset, time control (else the ruleset's) and start.
fn start(ruleset: &str, tc: Option<&str>, fen: Option<&str>, here: &str) -> Game {
    let rs = xiangqi_rules::Ruleset::load(ruleset).unwrap();
    let control = match tc {
        Some(s) => TimeControl::parse(s).unwrap(),
        None => TimeControl::from_ruleset(&rs)
            .unwrap()
            .unwrap_or_else(TimeControl::classical),
    };
    let mut h = Header::new(ruleset, &control);
    if let Some(f) = fen {
        h.fen = f.to_string();
    }
    Game::new(h, LogFormat::Pgn).unwrap_or_else(|e| panic!("{here}: {e}"))
}

/// Stored and read back, as PGN and as JSON, the log replays to the same state.
fn round_trips(name: &str, g: &Game) {
    for storage in [LogFormat::Pgn, LogFormat::Json] {
        let mut log = g.log().clone();
        log.storage = storage;
        let text = Game::replay(log).unwrap().render();
        let again = Game::replay(GameLog::parse(&text).unwrap())
            .unwrap_or_else(|e| panic!("{name}: {storage:?} replay: {e}\n{text}"));
        assert_eq!(again.state(), g.state(), "{name}: {storage:?}\n{text}");
        assert_eq!(again.log().entries, g.log().entries, "{name}: {storage:?}");
        assert_eq!(again.undone(), g.undone(), "{name}: {storage:?}");
        if storage == LogFormat::Pgn {
            // any PGN reader still reads the moves
            let games =
                xiangqi_notation::read_games(text.as_bytes(), name, Default::default()).unwrap();
            assert_eq!(games[0].moves, g.moves(), "{name}");
            if let Some(r) = &g.state().result {
                assert_eq!(games[0].result.as_deref(), Some(r.pgn()), "{name}");
            }
        }
    }
}

#[test]
fn scenarios() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "scn"))
        .collect();
    files.sort();
    assert!(files.len() >= 25, "{} scenarios", files.len());
    for f in &files {
        let n = run(f);
        assert!(n > 0, "{}: no expectation", f.display());
    }
}
