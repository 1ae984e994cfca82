//! [`Game`]: a log replayed under the rules, and [`State`], where it stands.

use xiangqi_adjudication::{GameRecord, natural_limit};
use xiangqi_board::{ByColor, Color};
use xiangqi_movegen::{GameStatus, Move, Position};
use xiangqi_rules::{Arbiter, Outcome, Ruleset, StalemateRule, Verdict};

use crate::entry::{self, Entry};
use crate::error::GameError;
use crate::log::{GameLog, Header, LogFormat};
use crate::refusal::{Refusal, side_name};
use crate::ruling::{Turn, refused};
use crate::state::{ClaimsNow, State};
use crate::time::TimeControl;
use crate::verdicts::Ruled;

/// A game: its log replayed under the rules of its ruleset and time control.
pub struct Game {
    log: GameLog,
    arbiter: Arbiter,
    tc: TimeControl,
    start: Position,
    position: Position,
    moves: Vec<Move>,
    state: State,
    /// Replaying a version 1 log (written before the entries' checks): its flags and clock
    /// readings are taken as written, as they were then.
    lenient: bool,
    /// A version 1 or 2 log (written before proposals): the rules' rulings take effect at once,
    /// as they did then, and the arbiter's answers (told, declare, undo) are refused.
    legacy: bool,
    /// The entries in force that an undo can take back, last on top.
    steps: Vec<Step>,
    /// The entries (0-based, in the log) undone by a later [`Entry::Undo`].
    undone: Vec<usize>,
}

/// An entry in force and the game as it was before it: what an undo restores.
#[derive(Debug, Clone)]
struct Step {
    /// The entry's place in the log (0-based).
    index: usize,
    state: State,
    position: Position,
    moves: usize,
}

impl std::fmt::Debug for Game {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Game")
            .field("log", &self.log)
            .field("state", &self.state)
            .finish()
    }
}

impl Game {
    /// A new game. The ruleset is loaded by id or path (its edition must be linked: depend on
    /// the `xiangqi` facade); the time control is checked.
    pub fn new(header: Header, storage: LogFormat) -> Result<Game, GameError> {
        let ruleset = Ruleset::load(&header.ruleset)
            .map_err(|e| GameError::Ruleset(format!("ruleset {}: {e}", header.ruleset)))?;
        let arbiter = Arbiter::new(ruleset)
            .map_err(|e| GameError::Ruleset(format!("ruleset {}: {e}", header.ruleset)))?;
        let tc = TimeControl::parse(&header.time_control)
            .map_err(|e| GameError::Ruleset(e.to_string()))?;
        let start = Position::from_fen(&header.fen)
            .map_err(|e| GameError::File(format!("FEN {}: {e}", header.fen)))?;
        let t = tc.start_seconds();
        let state = State {
            side_to_move: start.turn(),
            ply: 0,
            fen: start.fen(),
            clocks: ByColor { red: t, black: t },
            moves_made: ByColor::default(),
            period: ByColor { red: 1, black: 1 },
            violations: ByColor::default(),
            fouls: ByColor::default(),
            offer: None,
            offers_made: ByColor::default(),
            sealed_by: None,
            must_vary: None,
            claims: ClaimsNow::default(),
            result: None,
            proposal: None,
            proposals: 0,
            sealed: None,
            must_play: None,
            told: None,
        };
        let mut g = Game {
            log: GameLog::new(header, storage),
            arbiter,
            tc,
            position: start.clone(),
            start,
            moves: Vec::new(),
            state,
            lenient: false,
            legacy: false,
            steps: Vec::new(),
            undone: Vec::new(),
        };
        g.refresh_claims();
        Ok(g)
    }

    /// Replays a log entry by entry; the first entry the rules refuse is an error naming it.
    /// A version 2 log's entries are checked as when they were entered (a hand-edited clock
    /// reading that rises is refused); a version 1 log's flags and readings are taken as
    /// written.
    pub fn replay(log: GameLog) -> Result<Game, GameError> {
        Game::replay_with_rulings(log).map(|(g, _)| g)
    }

    /// [`Game::replay`], with the ruling of every entry in order (as [`Game::apply`] gave them).
    pub fn replay_with_rulings(log: GameLog) -> Result<(Game, Vec<String>), GameError> {
        let mut g = Game::new(log.header.clone(), log.storage)?;
        g.log.version = log.version;
        g.lenient = log.version < 2;
        g.legacy = log.version < 3;
        let mut rulings = Vec::with_capacity(log.entries.len());
        // the proposals the rules made after the last entry, which the file must show next
        let mut expected = 0usize;
        for (i, e) in log.entries.into_iter().enumerate() {
            let at = |m: String| GameError::File(format!("entry {}: {m}", i + 1));
            if let Entry::Propose { detail, .. } = &e {
                // the rules' own proposal is in the log already: the file's must be it (its
                // words may be an older xq's)
                let ours = g.log.entries.get(i);
                if expected == 0 || !ours.is_some_and(|o| entry::propose::same(o, &e)) {
                    return Err(at(format!(
                        "a proposal the rules do not make here (they propose: {})",
                        match ours {
                            Some(Entry::Propose { ruling, rule, .. }) if expected > 0 =>
                                format!("{} ({rule})", ruling.as_str()),
                            _ => "nothing".to_string(),
                        }
                    )));
                }
                g.log.entries[i] = e.clone();
                expected -= 1;
                rulings.push(detail.clone());
                continue;
            }
            if expected > 0 {
                return Err(at("the rules' proposal before it is missing".into()));
            }
            let before = g.log.entries.len();
            let r = g.apply(e).map_err(|err| at(err.to_string()))?;
            expected = g.log.entries.len() - before - 1;
            rulings.push(r);
        }
        if expected > 0 {
            return Err(GameError::File(
                "the rules' proposal after the last entry is missing".into(),
            ));
        }
        g.lenient = false;
        Ok((g, rulings))
    }

    /// Reads a log's text and replays it ([`GameLog::parse`], [`Game::replay_with_rulings`]);
    /// an entry the rules refuse is named with its line: `line 12: entry 7: …`.
    pub fn from_text(text: &str) -> Result<(Game, Vec<String>), GameError> {
        let log = GameLog::parse(text)?;
        let lines: Vec<Option<usize>> = (0..log.entries.len())
            .map(|i| log.entry_line(text, i))
            .collect();
        Game::replay_with_rulings(log).map_err(|e| match e {
            GameError::File(m) => {
                let line = m
                    .strip_prefix("entry ")
                    .and_then(|r| r.split(':').next())
                    .and_then(|n| n.parse::<usize>().ok())
                    .and_then(|n| lines.get(n.wrapping_sub(1)).copied().flatten());
                GameError::File(match line {
                    Some(l) => format!("line {l}: {m}"),
                    None => m,
                })
            }
            other => other,
        })
    }

    /// The log.
    pub fn log(&self) -> &GameLog {
        &self.log
    }

    /// The state.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The time control.
    pub fn time_control(&self) -> &TimeControl {
        &self.tc
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The arbiter (ruleset and edition).
    pub fn arbiter(&self) -> &Arbiter {
        &self.arbiter
    }

    /// The entries (0-based places in the log) undone by a later [`Entry::Undo`], in the order
    /// they were undone; a move's proposal is undone with it.
    pub fn undone(&self) -> &[usize] {
        &self.undone
    }

    /// Whether the log is written before proposals (version 1 or 2): the rules' rulings took
    /// effect at once, and told/declare/undo are refused.
    pub fn is_legacy(&self) -> bool {
        self.legacy
    }

    /// The log's text in its storage format, with the result tags.
    pub fn render(&self) -> String {
        let r = self.state.result.as_ref();
        self.log.render(r.map(|r| (r.pgn(), r.reason.as_str())))
    }

    fn record(&self) -> GameRecord {
        GameRecord::new(self.start.clone(), self.moves.clone()).expect("moves were checked")
    }

    /// Opens the envelope (续赛) and, when the sealed move is right, plays it with the clock
    /// reading taken at sealing: [`Entry::Resume`] then [`Entry::Move`]. Returns the rulings.
    pub fn resume(&mut self) -> Result<Vec<String>, GameError> {
        let mut out = vec![self.apply(Entry::Resume)?];
        if let Some((mv, clock)) = self.state.must_play.clone() {
            out.push(self.apply(Entry::Move { mv, clock })?);
        }
        Ok(out)
    }

    /// Applies one entry under the rules and appends it to the log; returns the ruling in
    /// words. A refused entry ([`GameError::Refused`]) changes nothing. Some entries are
    /// accepted but ruled against their author: an offer against the protocol is logged as
    /// made and counted as 犯规 3; a false 60-move claim costs a 违例 (犯规 4) and 5 minutes.
    ///
    /// In a version 3 log the rules propose and the arbiter decides: a finding of the edition
    /// (must vary, a loss or a draw: 将死, 困毙, 长打, a third 违例, an upheld claim …) is
    /// logged as an [`Entry::Propose`] after the entry and shown in [`State::proposal`]; the
    /// game goes on until the arbiter declares a result ([`Entry::Declare`]) or types one
    /// (resignation, flag, agreed draw, decision, discipline). [`Entry::Undo`] takes back the
    /// last entry in force.
    ///
    /// Each kind checks the entry (before anything changes) and applies it to a draft of the
    /// state in its own file under `entry/`; the draft is kept only when the entry is accepted.
    pub fn apply(&mut self, mut entry: Entry) -> Result<String, GameError> {
        entry.admit(&self.state, self.log.version)?;
        if matches!(entry, Entry::Undo { .. }) {
            return self.undo(entry);
        }
        let mut t = self.turn();
        let ruling = match &mut entry {
            Entry::Move { mv, clock } => entry::r#move::apply(&mut t, mv, *clock),
            Entry::Offer { side } => entry::offer::apply(&mut t, *side),
            Entry::Accept { side } => entry::accept::apply(&mut t, *side),
            Entry::Decline { side } => entry::decline::apply(&mut t, *side),
            Entry::Claim { side, kind, ruling } => {
                entry::claim::apply(&mut t, *side, *kind, ruling)
            }
            Entry::Foul { side, kind, note } => entry::foul::apply(&mut t, *side, *kind, note),
            Entry::Violation { side, reason } => entry::violation::apply(&mut t, *side, reason),
            Entry::Penalty {
                side,
                seconds,
                reason,
            } => entry::penalty::apply(&mut t, *side, *seconds, reason),
            Entry::Resign { side } => entry::resign::apply(&mut t, *side),
            Entry::Flag {
                side,
                clock,
                override_reason,
            } => entry::flag::apply(&mut t, *side, *clock, override_reason),
            Entry::Correct {
                side,
                clock,
                reason,
            } => entry::correct::apply(&mut t, *side, *clock, reason),
            Entry::Seal { side, text, clock } => entry::seal::apply(&mut t, *side, text, *clock),
            Entry::Resume => entry::resume::apply(&mut t),
            Entry::Late { side, minutes } => entry::late::apply(&mut t, *side, *minutes),
            Entry::Disciplinary { side, reason } => {
                entry::disciplinary::apply(&mut t, *side, reason)
            }
            Entry::Decision { outcome, reason } => entry::decision::apply(&mut t, *outcome, reason),
            Entry::Told { side, by, .. } => entry::told::apply(&mut t, *side, by),
            Entry::Declare {
                outcome, rule, by, ..
            } => entry::declare::apply(&mut t, outcome, rule, by),
            // refused by `admit`, and taken back above
            Entry::Propose { .. } | Entry::Undo { .. } => Err(refused(Refusal::ProposalEntered)),
        }?;
        let (st, played) = (t.st, t.played);
        Ok(self.keep(entry, st, played, ruling))
    }

    /// The game as the next entry sees it: its draft state starts as the state now.
    fn turn(&self) -> Turn<'_> {
        Turn {
            arbiter: &self.arbiter,
            tc: &self.tc,
            start: &self.start,
            position: &self.position,
            moves: &self.moves,
            lenient: self.lenient,
            legacy: self.legacy,
            st: self.state.clone(),
            played: None,
        }
    }

    /// Keeps an accepted entry: its state, the move it plays and the rulings that follow the
    /// move, the step an undo restores, the entry and the rules' proposal after it in the log.
    fn keep(&mut self, entry: Entry, st: State, played: Option<Move>, mut msg: String) -> String {
        let step = Step {
            index: self.log.entries.len(),
            state: std::mem::replace(&mut self.state, st),
            position: self.position.clone(),
            moves: self.moves.len(),
        };
        if let Some(m) = played {
            self.position.play_unchecked(m);
            self.moves.push(m);
            self.state.ply += 1;
            self.state.side_to_move = self.position.turn();
            self.state.fen = self.position.fen();
            if let Some(extra) = self.after_move() {
                msg.push_str("; ");
                msg.push_str(&extra);
            }
        }
        let made = self.state.proposals > step.state.proposals;
        self.steps.push(step);
        self.log.entries.push(entry);
        if made && let Some(p) = &self.state.proposal {
            self.log.entries.push(p.entry());
        }
        self.refresh_claims();
        msg
    }

    /// [`Entry::Undo`]: the last entry in force is taken back (a move with the proposal after
    /// it), the game restored to what it was before it; both stay in the log, marked undone.
    fn undo(&mut self, mut entry: Entry) -> Result<String, GameError> {
        let Entry::Undo {
            entry: n,
            reason,
            by,
            ..
        } = &mut entry
        else {
            return Err(refused(Refusal::NothingToUndo));
        };
        let last = self.steps.last().map(|s| s.index);
        let want = entry::undo::check(&self.state, *n, reason, last)?;
        *n = want;
        let Some(step) = self.steps.pop() else {
            return Err(refused(Refusal::NothingToUndo));
        };
        let what = self.log.entries[step.index].describe();
        self.undone.push(step.index);
        for (i, e) in self.log.entries.iter().enumerate().skip(step.index + 1) {
            if matches!(e, Entry::Propose { .. }) {
                self.undone.push(i);
            }
        }
        self.state = step.state;
        self.position = step.position;
        self.moves.truncate(step.moves);
        let msg = format!(
            "entry {want} ({what}) undone{}: {}",
            crate::ruling::by_whom(by),
            reason.trim()
        );
        self.log.entries.push(entry);
        self.refresh_claims();
        Ok(msg)
    }

    /// Rulings that follow a move by themselves: the end of the game on the board (将死,
    /// 困毙) and the loss of a side told to vary that repeats (ch.1 §4 一(七)).
    fn after_move(&mut self) -> Option<String> {
        let status = self.position.status();
        let Some(end) = self.arbiter.edition().game_end(status) else {
            return self.after_repetition();
        };
        let stalemate_draw = matches!(status, GameStatus::Stalemate { .. })
            && self.arbiter.ruleset().adjudication.stalemate == StalemateRule::Draw;
        let outcome = match end.loser {
            Some(l) if !stalemate_draw => Outcome::Win(!l),
            _ => Outcome::Draw,
        };
        let detail = match end.loser {
            Some(l) => format!("{}: {} (ch.1 §4 一)", end.reason, side_name(l)),
            None => end.reason.clone(),
        };
        Some(self.ruled(|t| t.propose(outcome, &end.reason, detail)))
    }

    /// Runs a ruling on the game as it stands, keeping the state it leaves.
    fn ruled(&mut self, rule: impl FnOnce(&mut Turn<'_>) -> String) -> String {
        let (st, m) = {
            let mut t = self.turn();
            let m = rule(&mut t);
            (t.st, m)
        };
        self.state = st;
        m
    }

    /// The edition's ruling of a move that completes a repetition: a draw may be claimed, a
    /// side must vary, or a side told to vary repeated and loses.
    fn after_repetition(&mut self) -> Option<String> {
        let record = self.record();
        let k = self.arbiter.edition().repetitions();
        if !record.repetitions(k).iter().any(|c| c.end == record.len()) {
            return None;
        }
        let (rep, _) = self.arbiter.rule_last_ply(&record)?;
        let at = record.len();
        let line = Some((rep.first_ply, rep.last_ply));
        let side = match rep.verdict {
            Verdict::Draw => {
                return Some(format!(
                    "repetition: Red {}, Black {}: a draw may be claimed (ch.1 §4 二(三))",
                    rep.red, rep.black
                ));
            }
            Verdict::MustVary(side) => side,
        };
        // as `Arbiter::judge` rules a record: the first must-vary ruling tells the side; a
        // later one against the same side, after it has moved again, means it did not vary
        match self.state.told {
            Some((s, since)) if s == side && (since + 1..=at).any(|p| record.mover(p) == side) => {
                let detail = format!(
                    "Red {}, Black {}: {} was told to vary at ply {since} and repeated ({}): {} loses (ch.1 §4 一(七))",
                    rep.red,
                    rep.black,
                    side_name(side),
                    rep.reason,
                    side_name(side)
                );
                Some(self.ruled(|t| t.propose_line(Outcome::Win(!side), &rep.reason, detail, line)))
            }
            told if self.legacy => {
                if told.is_none() {
                    self.state.told = Some((side, at));
                    self.state.must_vary = Some(side);
                }
                Some(format!(
                    "repetition: Red {}, Black {}: {} must vary ({})",
                    rep.red,
                    rep.black,
                    side_name(side),
                    rep.reason
                ))
            }
            _ => {
                let ruling = match side {
                    Color::Red => Ruled::RedMustVary,
                    Color::Black => Ruled::BlackMustVary,
                };
                let detail = format!(
                    "repetition: Red {}, Black {}, plies {}–{}: {} must vary ({}; ch.1 §4 一(七))",
                    rep.red,
                    rep.black,
                    rep.first_ply,
                    rep.last_ply,
                    side_name(side),
                    rep.reason
                );
                Some(self.ruled(|t| t.make_proposal(ruling, &rep.reason, detail, line)))
            }
        }
    }

    fn refresh_claims(&mut self) {
        let record = self.record();
        let k = self.arbiter.edition().repetitions();
        let repetition =
            !record.is_empty() && record.repetitions(k).iter().any(|c| c.end == record.len());
        let natural = match self.arbiter.edition().natural_limit() {
            Some(policy) => {
                let s = natural_limit(&record, policy);
                let ok = |c: Color| {
                    s.sides[c].counted_moves >= policy.moves && s.sides[!c].moves >= policy.moves
                };
                ByColor {
                    red: ok(Color::Red),
                    black: ok(Color::Black),
                }
            }
            None => ByColor::default(),
        };
        self.state.claims = ClaimsNow {
            repetition,
            natural_limit: natural,
        };
    }
}
