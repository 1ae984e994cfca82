//! The console's entries: the form, what it asks for, and running it on the game log.

use super::*;
use xiangqi::game::{GameError, Refusal};

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
    /// Who answers a proposal or undoes (the arbiter's name).
    #[serde(default)]
    pub(super) by: String,
    /// How many entries the log had on the page the form was on: an entry made on an older
    /// page is refused (409), as a stale 覆盖 is. Empty: not checked.
    #[serde(default)]
    pub(super) version: String,
}

impl EntryForm {
    /// The entries the form's page showed, if it says.
    pub(super) fn seen(&self) -> Option<usize> {
        self.version.trim().parse().ok()
    }
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

/// The form read as `xq game` reads its arguments: one table, [`words::entry`], for both.
/// An arbiter's answer (told, declare, undo) is stamped with the time it is entered.
/// A refusal of the words is said in the page's language ([`words::WordError::zh`]).
pub(super) fn step(f: &EntryForm, lang: Lang) -> Result<Step, String> {
    if f.entry == "start" {
        return Ok(Step::Start);
    }
    let fields = words::Fields {
        side: f.side.clone(),
        mv: f.mv.clone(),
        clock: f.clock.clone(),
        kind: f.kind.clone(),
        note: f.note.clone(),
        reason: f.reason.clone(),
        seconds: f.seconds.clone(),
        minutes: f.minutes.clone(),
        outcome: f.outcome.clone(),
        entry: String::new(),
        by: f.by.clone(),
        at: words::now(),
    };
    Ok(Step::Change(
        match words::entry(&f.entry, &fields).map_err(|e| lang.pick(e.zh(), e.to_string()))? {
            words::Asked::Apply(e) => Change::Apply(e),
            words::Asked::Seal { text, clock } => Change::Seal { text, clock },
            words::Asked::Resume => Change::Resume,
        },
    ))
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

/// What a POST did: saved (`Ok`), refused (`Err`), or saved but its result not entered on the
/// event board (`Ok(Some(message))`).
pub(super) type Done = Result<Option<String>, Refused>;

/// A refused entry: the message, and whether the form was stale (409) rather than wrong (400).
pub(super) struct Refused {
    pub(super) message: String,
    pub(super) stale: bool,
}

impl From<String> for Refused {
    fn from(message: String) -> Refused {
        Refused {
            message,
            stale: false,
        }
    }
}

/// Runs `step` on the board's log; a refusal of the rules is said in the page's language
/// ([`store::EntryError::zh`]).
pub(super) fn run_step(
    event_path: &Path,
    id: &str,
    (round, board): (u32, u32),
    (step, seen): (Step, Option<usize>),
    lang: Lang,
) -> Done {
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
                // checked under the log's lock: the page's count against the log's
                let now = g.log().entries.len();
                if let Some(seen) = seen.filter(|&s| s != now) {
                    return Err(GameError::Refused(Refusal::Stale { seen, now }));
                }
                match change {
                    Change::Apply(e) => {
                        g.apply(e)?;
                    }
                    Change::Seal { text, clock } => {
                        let side = g.state().side_to_move;
                        g.apply(Entry::Seal {
                            side,
                            text: text.into(),
                            clock,
                        })?;
                    }
                    Change::Resume => {
                        g.resume()?;
                    }
                }
                Ok(())
            })
            .map_err(|e| Refused {
                stale: matches!(
                    &e,
                    store::EntryError::Refused {
                        source: GameError::Refused(Refusal::Stale { .. }),
                        ..
                    }
                ),
                message: lang.pick(e.zh(), e.to_string()),
            });
            // the log is written first; a finished game's result then lands on the game's own
            // event board (this event file, the round and board the log records) — also after
            // a refusal, so that a result a crash kept off the board lands now
            let landed = store::land(&log, |_| event_path.to_path_buf());
            written?;
            Ok(landed.err().map(|e| e.to_string()))
        }
    }
}
