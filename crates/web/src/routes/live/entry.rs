//! The console's entries: the form, what it asks for, and running it on the game log.

use super::*;

/// The fields of the console's forms; `entry` names the `xq game` subcommand (`start` for
/// `new`).
#[derive(Deserialize, Default)]
pub(super) struct EntryForm {
    #[serde(default)]
    pub(super) csrf: String,
    pub(super) lang: Option<String>,
    pub(super) token: Option<String>,
    #[serde(default)]
    pub(super) entry: String,
    #[serde(default)]
    pub(super) side: String,
    #[serde(default)]
    pub(super) mv: String,
    #[serde(default)]
    pub(super) clock: String,
    #[serde(default)]
    pub(super) kind: String,
    #[serde(default)]
    pub(super) note: String,
    #[serde(default)]
    pub(super) reason: String,
    #[serde(default)]
    pub(super) seconds: String,
    #[serde(default)]
    pub(super) minutes: String,
    #[serde(default)]
    pub(super) outcome: String,
}

/// One console entry: `xq game new`, or a change of the log.
pub(super) enum Step {
    Start,
    Change(Change),
}

/// A change of the log: an entry to apply, the seal (its side is the side to move, as
/// `xq game seal` takes it), or `resume`.
pub(super) enum Change {
    Apply(Entry),
    Seal { text: String, clock: Option<u32> },
    Resume,
}

/// A side as `xq game` reads it.
pub(super) fn side(w: &str) -> Result<Color, String> {
    words::side(w.trim()).map_err(|e| e.to_string())
}

/// A clock reading as `xq game --clock` reads it; empty is none.
pub(super) fn clock(text: &str) -> Result<Option<u32>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    words::clock(t).map(Some).map_err(|e| e.to_string())
}

pub(super) fn step(f: &EntryForm) -> Result<Step, String> {
    let e = match f.entry.as_str() {
        "start" => return Ok(Step::Start),
        "resume" => return Ok(Step::Change(Change::Resume)),
        "seal" => {
            return Ok(Step::Change(Change::Seal {
                text: f.mv.clone(),
                clock: clock(&f.clock)?,
            }));
        }
        "move" => Entry::Move {
            mv: f.mv.trim().to_string(),
            clock: clock(&f.clock)?,
        },
        "offer" => Entry::Offer {
            side: side(&f.side)?,
        },
        "accept" => Entry::Accept {
            side: side(&f.side)?,
        },
        "decline" => Entry::Decline {
            side: side(&f.side)?,
        },
        "resign" => Entry::Resign {
            side: side(&f.side)?,
        },
        "flag" => Entry::Flag {
            side: side(&f.side)?,
            clock: clock(&f.clock)?,
            override_reason: f.reason.trim().to_string(),
        },
        "correct" => Entry::Correct {
            side: side(&f.side)?,
            clock: clock(&f.clock)?
                .ok_or("clock: expected H:MM:SS, the time the clock should show")?,
            reason: f.reason.clone(),
        },
        claim @ ("claim" | "claim-repetition" | "claim-natural-limit") => {
            // the claim buttons carry the kind in their value
            let kind = claim.strip_prefix("claim-").unwrap_or(&f.kind);
            Entry::Claim {
                side: side(&f.side)?,
                kind: words::claim(kind).map_err(|e| e.to_string())?,
                ruling: String::new(),
            }
        }
        "foul" => Entry::Foul {
            side: side(&f.side)?,
            kind: whole_number("foul kind", &f.kind)?,
            note: f.note.clone(),
        },
        "violation" => Entry::Violation {
            side: side(&f.side)?,
            reason: f.reason.clone(),
        },
        "penalty" => Entry::Penalty {
            side: side(&f.side)?,
            seconds: whole_number("seconds", &f.seconds)?,
            reason: f.reason.clone(),
        },
        "late" => Entry::Late {
            side: side(&f.side)?,
            minutes: whole_number("minutes", &f.minutes)?,
        },
        "discipline" => Entry::Disciplinary {
            side: side(&f.side)?,
            reason: f.reason.clone(),
        },
        "decide" => Entry::Decision {
            outcome: words::decision(&f.outcome).map_err(|e| e.to_string())?,
            reason: f.reason.clone(),
        },
        o => return Err(format!("no such entry: {o:?}")),
    };
    Ok(Step::Change(Change::Apply(e)))
}

/// `xq game new LOG --event ../EVENT --round N --board B`, as seen from the log's folder.
pub(super) fn new_game(event_path: &Path, id: &str, round: u32, board: u32) -> NewGame {
    NewGame {
        board: Some(BoardOf {
            event: event_path.to_path_buf(),
            recorded: format!("../{id}"),
            round,
            board,
        }),
        ..NewGame::default()
    }
}

/// What a POST did: saved (`Ok`), refused (`Err(message)`), or saved but its result not
/// entered on the event board (`Ok(Some(message))`).
pub(super) type Done = Result<Option<String>, String>;

pub(super) fn run_step(event_path: &Path, id: &str, round: u32, board: u32, step: Step) -> Done {
    let log = board_log(event_path, round, board);
    let root = ruleset_root(event_path);
    match &step {
        Step::Start => {
            let ev = xiangqi::event::Store::<Event>::new(event_path)
                .read()
                .map_err(|e| e.to_string())?;
            ruleset_allowed(&ev.ruleset, root)?;
        }
        Step::Change(_) => {
            if let Ok(text) = std::fs::read_to_string(&log) {
                log_ruleset_allowed(&text, root)?;
            }
        }
    }
    match step {
        Step::Start => {
            if let Some(dir) = log.parent() {
                // named as the served folder names it, not by the server's full path
                let name = log_name(event_path, round, board);
                let folder = name.rsplit_once('/').map_or(name.as_str(), |(d, _)| d);
                std::fs::create_dir_all(dir).map_err(|e| format!("{folder}: {e}"))?;
            }
            let (header, _) = store::new_header(&new_game(event_path, id, round, board))
                .map_err(|e| e.to_string())?;
            store::create(&log, header, false).map_err(|e| e.to_string())?;
            Ok(None)
        }
        Step::Change(change) => {
            let written = store::update(&log, |g| {
                match change {
                    Change::Apply(e) => {
                        g.apply(e)?;
                    }
                    Change::Seal { text, clock } => {
                        let side = g.state().side_to_move;
                        g.apply(Entry::Seal { side, text, clock })?;
                    }
                    Change::Resume => {
                        g.resume()?;
                    }
                }
                Ok(())
            })
            .map_err(|e| e.to_string());
            // the log is written first; a finished game's result then lands on the game's own
            // event board (this event file, the round and board the log records) — also after
            // a refusal, so that a result a crash kept off the board lands now
            let landed = store::land(&log, |_| event_path.to_path_buf());
            written?;
            Ok(landed.err().map(|e| e.to_string()))
        }
    }
}
