//! [`Game`]: a log replayed under the rules, and [`State`], where it stands.

use serde::Serialize;
use xiangqi_adjudication::{GameRecord, natural_limit};
use xiangqi_board::{ByColor, Color};
use xiangqi_movegen::{GameStatus, Move, Position};
use xiangqi_notation::{Mode, Notation, chinese, parse_move};
use xiangqi_rules::{Arbiter, Outcome, Ruleset, StalemateRule, Verdict};

use crate::GameError;
use crate::log::{ClaimKind, Decision, Entry, GameLog, Header, LogFormat, Ruled};
use crate::refusal::Refusal;
use crate::time::{TimeControl, format_clock};

/// Seconds a false natural-limit claim adds to the claimant's clock (ch.1 §4 二(四): "在该方棋钟上
/// 增加五分").
pub const FALSE_CLAIM_PENALTY_SECONDS: u32 = 300;

/// The 违例 count that loses the game (ch.1 §4 一(八): the third in one game).
pub const VIOLATIONS_TO_LOSE: u32 = 3;

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct GameResult {
    /// `red-wins`, `black-wins` or `draw`.
    pub outcome: Outcome,
    /// The machine word: `checkmate`, `stalemate`, `must-vary` (the edition's reason, e.g.
    /// `perpetual-check`), `flag`, `late`, `sealed-move`, `third-violation`, `resignation`,
    /// `disciplinary`, `agreed`, `repetition`, `natural-limit`, `arbiter`.
    pub reason: String,
    /// The ruling in words, with the clause of the rules.
    pub detail: String,
}

impl GameResult {
    /// The PGN result: `1-0`, `0-1`, `1/2-1/2`.
    pub fn pgn(&self) -> &'static str {
        match self.outcome {
            Outcome::Win(Color::Red) => "1-0",
            Outcome::Win(Color::Black) => "0-1",
            _ => "1/2-1/2",
        }
    }

    /// The result as an event file records it: `1-0`, `0-1`, `=`; a forfeit for lateness is
    /// `+-` / `-+` (the game was not played).
    pub fn event_result(&self) -> &'static str {
        let forfeit = self.reason == "late";
        match self.outcome {
            Outcome::Win(Color::Red) if forfeit => "+-",
            Outcome::Win(Color::Black) if forfeit => "-+",
            Outcome::Win(Color::Red) => "1-0",
            Outcome::Win(Color::Black) => "0-1",
            _ => "=",
        }
    }
}

/// What the rules propose and the arbiter has not yet answered (version 3 logs; the log's
/// [`Entry::Propose`]): the edition judging the game found a side must vary, or a loss or a
/// draw. The software proposes, the arbiter decides: [`Entry::Told`] confirms a must-vary
/// proposal, [`Entry::Declare`] a result (or declares another); the next move lets it lapse.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Proposal {
    /// What is proposed.
    pub ruling: Ruled,
    /// The rule, as a machine word (`perpetual-chase`, `checkmate`, `third-violation` …).
    pub rule: String,
    /// The edition that rules (`cn-1987` …).
    pub edition: String,
    /// The first ply of the repetition cycle (the line), for a repetition's ruling.
    pub first_ply: Option<usize>,
    /// The last ply of the cycle.
    pub last_ply: Option<usize>,
    /// The ply after which it was proposed.
    pub ply: usize,
    /// The ruling in words, with the clause of the rules.
    pub detail: String,
}

impl Proposal {
    /// The log entry that records it.
    pub fn entry(&self) -> Entry {
        Entry::Propose {
            ruling: self.ruling,
            rule: self.rule.clone(),
            edition: self.edition.clone(),
            first_ply: self.first_ply,
            last_ply: self.last_ply,
            detail: self.detail.clone(),
        }
    }
}

/// The claims that would be upheld now.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Default)]
pub struct ClaimsNow {
    /// The last move completed a repetition (a claim is ruled by the edition).
    pub repetition: bool,
    /// Each side's 60-move claim would be upheld now.
    pub natural_limit: ByColor<bool>,
}

/// Where a game stands: every count the rules need. `--json` prints it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct State {
    /// The side to move.
    pub side_to_move: Color,
    /// Plies played.
    pub ply: usize,
    /// The position (FEN).
    pub fen: String,
    /// Seconds left on each clock (never below 0).
    pub clocks: ByColor<i64>,
    /// Moves each side has made.
    pub moves_made: ByColor<u32>,
    /// The control period each side is in (1: the first 40 moves of the classical control).
    pub period: ByColor<u32>,
    /// 违例 per side (every 犯规 is also a 违例).
    pub violations: ByColor<u32>,
    /// 犯规 (seed 002 四 1–8) per side.
    pub fouls: ByColor<u32>,
    /// The side whose draw offer awaits an answer.
    pub offer: Option<Color>,
    /// Draw offers made per side (the protocol compares them).
    pub offers_made: ByColor<u32>,
    /// The side that sealed its move (封棋) while the game is adjourned.
    pub sealed_by: Option<Color>,
    /// The side the edition's repetition ruling has told to vary (ch.1 §4 一(七)): repeating
    /// the forbidden cycle again loses.
    pub must_vary: Option<Color>,
    /// The claims that would be upheld now.
    pub claims: ClaimsNow,
    /// The result, once the game is over: in a version 3 log only a result the arbiter
    /// typed or declared ([`Entry::Declare`]); the rules' findings are [`State::proposal`]s.
    pub result: Option<GameResult>,
    /// What the rules propose, awaiting the arbiter (version 3 logs).
    pub proposal: Option<Proposal>,
    #[serde(skip)]
    proposals: usize,
    #[serde(skip)]
    sealed: Option<(Unopened, Option<u32>)>,
    #[serde(skip)]
    must_play: Option<(String, Option<u32>)>,
    #[serde(skip)]
    told: Option<(Color, usize)>,
}

/// The sealed move while the game is adjourned: its `Debug` does not show it (the envelope,
/// [`crate::envelope`]).
#[derive(Clone, PartialEq, Eq, Hash)]
struct Unopened(String);

impl std::fmt::Debug for Unopened {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Unopened(..)")
    }
}

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

use crate::refusal::side_name;

fn refused(why: Refusal) -> GameError {
    GameError::Refused(why)
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
                if expected == 0 || !ours.is_some_and(|o| same_proposal(o, &e)) {
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

    /// A move in Chinese notation is written in the mover's own numerals (Red 一…九, Black
    /// 1…9 / １…９): the other side's form is refused, naming the move it would be for
    /// the other side, so that a skipped move does not shift the whole log.
    fn check_numerals(&self, mv: &str) -> Result<(), GameError> {
        let t = mv.trim();
        if Notation::detect(t) != Notation::Chinese {
            return Ok(());
        }
        let Ok(c) = chinese::parse(t) else {
            return Ok(()); // the move's own error says what is wrong
        };
        let mover = self.position.turn();
        let (own, theirs) = match mover {
            Color::Red => (chinese::Numerals::Chinese, chinese::Numerals::Arabic),
            Color::Black => (chinese::Numerals::Arabic, chinese::Numerals::Chinese),
        };
        match c.numerals {
            n if n == own || n == chinese::Numerals::None => Ok(()),
            chinese::Numerals::Mixed => Err(refused(Refusal::MixedNumerals {
                mv: t.to_string(),
                mover,
            })),
            n => {
                debug_assert_eq!(n, theirs);
                let other = self.position.swap_turn();
                let would = match c.resolve(&other, Mode::Tolerant) {
                    Ok(m) if other.is_legal(m) => Some((
                        xiangqi_notation::render_chinese(&other, m),
                        m.iccs().to_string(),
                    )),
                    _ => None,
                };
                Err(refused(Refusal::OtherNumerals {
                    mv: t.to_string(),
                    mover,
                    would,
                }))
            }
        }
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
    pub fn apply(&mut self, mut entry: Entry) -> Result<String, GameError> {
        if matches!(entry, Entry::Propose { .. }) {
            return Err(refused(Refusal::ProposalEntered));
        }
        if self.legacy
            && matches!(
                entry,
                Entry::Told { .. } | Entry::Declare { .. } | Entry::Undo { .. }
            )
        {
            return Err(refused(Refusal::OldLog {
                version: self.log.version,
            }));
        }
        if matches!(entry, Entry::Undo { .. }) {
            return self.undo(entry);
        }
        let step = Step {
            index: self.log.entries.len(),
            state: self.state.clone(),
            position: self.position.clone(),
            moves: self.moves.len(),
        };
        let mut st = self.state.clone();
        if let Some(r) = &st.result {
            return Err(refused(Refusal::GameOver {
                outcome: r.outcome,
                reason: r.reason.clone(),
            }));
        }
        let adjourned = st.sealed_by.is_some();
        let needs_board = matches!(
            entry,
            Entry::Move { .. }
                | Entry::Offer { .. }
                | Entry::Accept { .. }
                | Entry::Decline { .. }
                | Entry::Claim { .. }
                | Entry::Flag { .. }
                | Entry::Seal { .. }
        );
        if adjourned && needs_board {
            return Err(refused(Refusal::Adjourned {
                sealer: st.sealed_by.expect("adjourned"),
            }));
        }
        if let Some((m, _)) = &st.must_play
            && !matches!(entry, Entry::Move { .. })
        {
            return Err(refused(Refusal::SealedFirst { sealed: m.clone() }));
        }
        let mut new_move = None;
        let accept = matches!(entry, Entry::Accept { .. });
        let msg = match &mut entry {
            Entry::Move { mv, clock } => {
                if !self.lenient {
                    self.check_numerals(mv)?;
                }
                let m = parse_move(&self.position, mv, Mode::Tolerant).map_err(|error| {
                    refused(Refusal::Move {
                        mv: mv.clone(),
                        error,
                    })
                })?;
                if let Some((sealed, _)) = &st.must_play
                    && *sealed != m.iccs()
                {
                    return Err(refused(Refusal::NotTheSealed {
                        sealed: sealed.clone(),
                        mv: mv.clone(),
                    }));
                }
                *mv = m.iccs();
                let mover = self.position.turn();
                st.must_play = None;
                // a proposal not taken up before the next move lapses (the log keeps it)
                st.proposal = None;
                st.moves_made[mover] += 1;
                let n = st.moves_made[mover];
                let added = self.tc.added_after(n);
                match clock {
                    Some(c) => {
                        if !self.lenient {
                            check_reading(mover, i64::from(*c), st.clocks[mover], added)?;
                        }
                        st.clocks[mover] = i64::from(*c);
                    }
                    None => st.clocks[mover] += added,
                }
                st.period[mover] = self.tc.period_at(n);
                let mut msg = format!(
                    "ply {}: {} {} ({}'s move {n}), {} left",
                    st.ply + 1,
                    xiangqi_notation::render_chinese(&self.position, m),
                    m.iccs(),
                    side_name(mover),
                    format_clock(st.clocks[mover])
                );
                if st.offer == Some(!mover) {
                    st.offer = None;
                    msg.push_str(&format!(
                        "; {}'s draw offer is declined by the move",
                        side_name(!mover)
                    ));
                }
                new_move = Some(m);
                msg
            }
            Entry::Offer { side } => {
                let side = *side;
                if st.offer == Some(side) {
                    return Err(refused(Refusal::OwnOfferPending { side }));
                }
                if st.offer == Some(!side) {
                    return Err(refused(Refusal::AnswerFirst { offerer: !side }));
                }
                if st.moves_made[side] == 0 || st.side_to_move == side {
                    return Err(refused(Refusal::OfferOutOfTurn { side }));
                }
                if st.offers_made[side] > st.offers_made[!side] {
                    let m = format!(
                        "refused: {} offers again before {} has offered (ch.1 §4 二(二)); 犯规 3",
                        side_name(side),
                        side_name(!side)
                    );
                    self.foul(&mut st, side, m)
                } else {
                    st.offers_made[side] += 1;
                    st.offer = Some(side);
                    format!("{} offers a draw", side_name(side))
                }
            }
            Entry::Accept { side } | Entry::Decline { side } => {
                let side = *side;
                if st.offer != Some(!side) {
                    return Err(refused(Refusal::NoOffer { side }));
                }
                st.offer = None;
                if accept {
                    set_result(
                        &mut st,
                        Outcome::Draw,
                        "agreed",
                        format!(
                            "{} accepts {}'s draw offer (ch.1 §4 二(二))",
                            side_name(side),
                            side_name(!side)
                        ),
                    )
                } else {
                    format!("{} declines the draw offer", side_name(side))
                }
            }
            Entry::Claim { side, kind, ruling } => {
                let r = match kind {
                    ClaimKind::Repetition => self.claim_repetition(&mut st, *side),
                    ClaimKind::NaturalLimit => self.claim_natural_limit(&mut st, *side)?,
                };
                *ruling = r.clone();
                r
            }
            Entry::Foul { side, kind, note } => {
                if !(1..=8).contains(kind) {
                    return Err(refused(Refusal::FoulKind { kind: *kind }));
                }
                let m = format!(
                    "{}: 犯规 {kind} ({}){}",
                    side_name(*side),
                    foul_name(*kind),
                    if note.is_empty() {
                        String::new()
                    } else {
                        format!(": {note}")
                    }
                );
                self.foul(&mut st, *side, m)
            }
            Entry::Violation { side, reason } => {
                st.violations[*side] += 1;
                let m = format!("{}: 违例 ({reason})", side_name(*side));
                self.third_violation(&mut st, *side, m)
            }
            Entry::Penalty {
                side,
                seconds,
                reason,
            } => {
                let m = format!(
                    "{}: {} added to the clock ({reason})",
                    side_name(*side),
                    format_clock(i64::from(*seconds))
                );
                self.penalty(&mut st, *side, *seconds, m)
            }
            Entry::Resign { side } => set_result(
                &mut st,
                Outcome::Win(!*side),
                "resignation",
                format!("{} resigns (ch.1 §4 一(九))", side_name(*side)),
            ),
            Entry::Flag {
                side,
                clock,
                override_reason,
            } => {
                let side = *side;
                let overridden = !override_reason.trim().is_empty();
                if !self.lenient && !overridden {
                    check_flag(&st, side, *clock)?;
                }
                st.clocks[side] = 0;
                let mut d = self.flag_detail(&st, side);
                if overridden {
                    d.push_str(&format!(
                        " — ruled by the arbiter's override: {override_reason}"
                    ));
                }
                set_result(&mut st, Outcome::Win(!side), "flag", d)
            }
            Entry::Correct {
                side,
                clock,
                reason,
            } => {
                if reason.trim().is_empty() {
                    return Err(refused(Refusal::CorrectionReason));
                }
                let was = st.clocks[*side];
                st.clocks[*side] = i64::from(*clock);
                format!(
                    "{}'s clock corrected from {} to {} by the arbiter: {reason}",
                    side_name(*side),
                    format_clock(was),
                    format_clock(i64::from(*clock))
                )
            }
            Entry::Seal { side, text, clock } => {
                if *side != st.side_to_move {
                    return Err(refused(Refusal::SealOutOfTurn {
                        to_move: st.side_to_move,
                    }));
                }
                if text.trim().is_empty() {
                    return Err(refused(Refusal::SealEmpty));
                }
                if let Some(c) = clock {
                    if !self.lenient {
                        check_reading(*side, i64::from(*c), st.clocks[*side], 0)?;
                    }
                    st.clocks[*side] = i64::from(*c);
                }
                st.sealed_by = Some(*side);
                st.sealed = Some((Unopened(text.to_string()), *clock));
                format!(
                    "{} seals a move (封棋); it is checked when the game resumes",
                    side_name(*side)
                )
            }
            Entry::Resume => {
                let Some(sealer) = st.sealed_by else {
                    return Err(refused(Refusal::NotAdjourned));
                };
                let (Unopened(text), clock) = st.sealed.take().expect("a sealed move");
                st.sealed_by = None;
                match parse_move(&self.position, &text, Mode::Tolerant) {
                    Ok(m) => {
                        st.must_play = Some((m.iccs(), clock));
                        format!(
                            "续赛: {}'s sealed move {text} ({}) is right and is played",
                            side_name(sealer),
                            m.iccs()
                        )
                    }
                    Err(e) => self.propose(
                        &mut st,
                        Outcome::Win(!sealer),
                        "sealed-move",
                        format!(
                            "续赛: {}'s sealed move {text} is wrong ({e}): {} loses (ch.1 §4 一(六))",
                            side_name(sealer),
                            side_name(sealer)
                        ),
                    ),
                }
            }
            Entry::Late { side, minutes } => {
                let side = *side;
                if st.moves_made[side] > 0 {
                    return Err(refused(Refusal::NotLate { side }));
                }
                let limit = self.tc.late_forfeit_minutes;
                if *minutes > limit {
                    self.propose(
                        &mut st,
                        Outcome::Win(!side),
                        "late",
                        format!(
                            "{} arrived {minutes} minutes late, beyond the {limit} minutes allowed: {} loses (ch.1 §4 一(五))",
                            side_name(side),
                            side_name(side)
                        ),
                    )
                } else {
                    let m = format!(
                        "{} arrived {minutes} minutes late: the time is taken from its clock",
                        side_name(side)
                    );
                    self.penalty(&mut st, side, *minutes * 60, m)
                }
            }
            Entry::Disciplinary { side, reason } => set_result(
                &mut st,
                Outcome::Win(!*side),
                "disciplinary",
                format!(
                    "{} loses for a breach of discipline (ch.1 §4 一(十)): {reason}",
                    side_name(*side)
                ),
            ),
            Entry::Decision { outcome, reason } => {
                let o = match outcome {
                    Decision::RedWins => Some(Outcome::Win(Color::Red)),
                    Decision::BlackWins => Some(Outcome::Win(Color::Black)),
                    Decision::Draw => Some(Outcome::Draw),
                    Decision::None => None,
                };
                match o {
                    Some(o) => set_result(
                        &mut st,
                        o,
                        "arbiter",
                        format!("the arbiter decides {}: {reason}", o.as_str()),
                    ),
                    None => format!("the arbiter rules: {reason}"),
                }
            }
            Entry::Told { side, by, .. } => {
                let side = *side;
                let proposed = st.proposal.as_ref().and_then(|p| p.ruling.must_vary());
                if proposed != Some(side) {
                    return Err(refused(Refusal::NoMustVary { side, proposed }));
                }
                let p = st.proposal.take().expect("a must-vary proposal");
                st.told = Some((side, st.ply));
                st.must_vary = Some(side);
                format!(
                    "{} is told to vary{} ({}, {}): repeating the forbidden cycle again is proposed as a loss (ch.1 §4 一(七))",
                    side_name(side),
                    by_whom(by),
                    p.rule,
                    p.edition
                )
            }
            Entry::Declare {
                outcome, rule, by, ..
            } => {
                if *outcome == Decision::None {
                    // no result named: the proposed one, written into the log as declared
                    *outcome = st
                        .proposal
                        .as_ref()
                        .and_then(|p| p.ruling.decision())
                        .ok_or_else(|| refused(Refusal::DeclareUnnamed))?;
                }
                let o = match outcome {
                    Decision::RedWins => Outcome::Win(Color::Red),
                    Decision::BlackWins => Outcome::Win(Color::Black),
                    _ => Outcome::Draw,
                };
                let proposed = st
                    .proposal
                    .clone()
                    .filter(|p| p.ruling.decision() == Some(*outcome));
                match proposed {
                    Some(p) => {
                        if rule.trim().is_empty() {
                            *rule = p.rule.clone();
                        }
                        set_result(
                            &mut st,
                            o,
                            &p.rule,
                            format!("{}; declared{}", p.detail, by_whom(by)),
                        )
                    }
                    None => {
                        if rule.trim().is_empty() {
                            return Err(refused(Refusal::DeclareNoRule { outcome: *outcome }));
                        }
                        set_result(
                            &mut st,
                            o,
                            "arbiter",
                            format!("the arbiter declares {}{}: {rule}", o.as_str(), by_whom(by)),
                        )
                    }
                }
            }
            Entry::Propose { .. } | Entry::Undo { .. } => unreachable!("handled above"),
        };
        let mut msg = msg;
        if let Some(m) = new_move {
            self.position.play_unchecked(m);
            self.moves.push(m);
            st.ply += 1;
            st.side_to_move = self.position.turn();
            st.fen = self.position.fen();
            self.state = st;
            if let Some(extra) = self.after_move() {
                msg.push_str("; ");
                msg.push_str(&extra);
            }
        } else {
            self.state = st;
        }
        let made = self.state.proposals > step.state.proposals;
        self.steps.push(step);
        self.log.entries.push(entry);
        if made && let Some(p) = &self.state.proposal {
            self.log.entries.push(p.entry());
        }
        self.refresh_claims();
        Ok(msg)
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
            unreachable!("an undo");
        };
        if let Some(r) = &self.state.result {
            return Err(refused(Refusal::UndoOver {
                outcome: r.outcome,
                reason: r.reason.clone(),
            }));
        }
        if reason.trim().is_empty() {
            return Err(refused(Refusal::UndoReason));
        }
        let Some(last) = self.steps.last() else {
            return Err(refused(Refusal::NothingToUndo));
        };
        let want = last.index + 1;
        if *n == 0 {
            *n = want;
        } else if *n != want {
            return Err(refused(Refusal::UndoNotLast { n: *n, last: want }));
        }
        let step = self.steps.pop().expect("a step");
        let what = describe(&self.log.entries[step.index]);
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
            by_whom(by),
            reason.trim()
        );
        self.log.entries.push(entry);
        self.refresh_claims();
        Ok(msg)
    }

    /// The edition judging the game.
    fn edition(&self) -> String {
        self.arbiter.ruleset().edition.to_string()
    }

    /// A finding of the rules that would end the game: in a version 3 log a proposal, awaiting
    /// the arbiter's declaration; in an older log the result at once, as then.
    fn propose(&self, st: &mut State, outcome: Outcome, rule: &str, detail: String) -> String {
        self.propose_line(st, outcome, rule, detail, None)
    }

    /// [`Game::propose`] with the line (the plies of a repetition cycle).
    fn propose_line(
        &self,
        st: &mut State,
        outcome: Outcome,
        rule: &str,
        detail: String,
        line: Option<(usize, usize)>,
    ) -> String {
        if self.legacy {
            return set_result(st, outcome, rule, detail);
        }
        let ruling = match outcome {
            Outcome::Win(Color::Red) => Ruled::RedWins,
            Outcome::Win(Color::Black) => Ruled::BlackWins,
            _ => Ruled::Draw,
        };
        self.make_proposal(st, ruling, rule, detail, line)
    }

    fn make_proposal(
        &self,
        st: &mut State,
        ruling: Ruled,
        rule: &str,
        detail: String,
        line: Option<(usize, usize)>,
    ) -> String {
        let edition = self.edition();
        let msg = format!(
            "{detail} — proposed ({edition}): {}; the arbiter decides",
            ruling.as_str()
        );
        st.proposals += 1;
        st.proposal = Some(Proposal {
            ruling,
            rule: rule.to_string(),
            edition,
            first_ply: line.map(|l| l.0),
            last_ply: line.map(|l| l.1),
            ply: st.ply,
            detail,
        });
        msg
    }

    /// Rulings that follow a move by themselves: the end of the game on the board (将死,
    /// 困毙) and the loss of a side told to vary that repeats (ch.1 §4 一(七)).
    fn after_move(&mut self) -> Option<String> {
        let status = self.position.status();
        if let Some(end) = self.arbiter.edition().game_end(status) {
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
            let mut st = self.state.clone();
            let m = self.propose(&mut st, outcome, &end.reason, detail);
            self.state = st;
            return Some(m);
        }
        let record = self.record();
        let k = self.arbiter.edition().repetitions();
        if !record.repetitions(k).iter().any(|c| c.end == record.len()) {
            return None;
        }
        let (rep, _) = self.arbiter.rule_last_ply(&record)?;
        let at = record.len();
        match rep.verdict {
            Verdict::Draw => Some(format!(
                "repetition: Red {}, Black {}: a draw may be claimed (ch.1 §4 二(三))",
                rep.red, rep.black
            )),
            // as `Arbiter::judge` rules a record: the first must-vary ruling tells the side; a
            // later one against the same side, after it has moved again, means it did not vary
            Verdict::MustVary(side) => match self.state.told {
                Some((s, since))
                    if s == side && (since + 1..=at).any(|p| record.mover(p) == side) =>
                {
                    let mut st = self.state.clone();
                    let m = self.propose_line(
                        &mut st,
                        Outcome::Win(!side),
                        &rep.reason,
                        format!(
                            "Red {}, Black {}: {} was told to vary at ply {since} and repeated ({}): {} loses (ch.1 §4 一(七))",
                            rep.red,
                            rep.black,
                            side_name(side),
                            rep.reason,
                            side_name(side)
                        ),
                        Some((rep.first_ply, rep.last_ply)),
                    );
                    self.state = st;
                    Some(m)
                }
                told => {
                    if self.legacy {
                        if told.is_none() {
                            self.state.told = Some((side, at));
                            self.state.must_vary = Some(side);
                        }
                        return Some(format!(
                            "repetition: Red {}, Black {}: {} must vary ({})",
                            rep.red,
                            rep.black,
                            side_name(side),
                            rep.reason
                        ));
                    }
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
                    let mut st = self.state.clone();
                    let m = self.make_proposal(
                        &mut st,
                        ruling,
                        &rep.reason,
                        detail,
                        Some((rep.first_ply, rep.last_ply)),
                    );
                    self.state = st;
                    Some(m)
                }
            },
        }
    }

    fn claim_repetition(&self, st: &mut State, side: Color) -> String {
        let record = self.record();
        match self.arbiter.rule_last_ply(&record) {
            None => format!(
                "{}'s repetition claim is dismissed: the last move completes no repetition; play goes on",
                side_name(side)
            ),
            Some((r, _)) => match r.verdict {
                Verdict::Draw => self.propose_line(
                    st,
                    Outcome::Draw,
                    "repetition",
                    format!(
                        "{}'s claim upheld: Red {}, Black {}, plies {}–{}: 不变作和 (ch.1 §4 二(三))",
                        side_name(side),
                        r.red,
                        r.black,
                        r.first_ply,
                        r.last_ply
                    ),
                    Some((r.first_ply, r.last_ply)),
                ),
                Verdict::MustVary(x) => format!(
                    "{}'s repetition claim: no draw; Red {}, Black {}: {} must vary ({})",
                    side_name(side),
                    r.red,
                    r.black,
                    side_name(x),
                    r.reason
                ),
            },
        }
    }

    fn claim_natural_limit(&self, st: &mut State, side: Color) -> Result<String, GameError> {
        let Some(policy) = self.arbiter.edition().natural_limit() else {
            return Err(refused(Refusal::NoNaturalLimit {
                edition: self.arbiter.ruleset().edition.to_string(),
            }));
        };
        // detail 4: a claimant already mated, stalemated or flagged loses
        if st.clocks[side] <= 0 {
            return Ok(self.propose(
                st,
                Outcome::Win(!side),
                "flag",
                format!(
                    "{}'s flag had fallen when it claimed: it loses (ch.1 §4 二(四), detail 4)",
                    side_name(side)
                ),
            ));
        }
        let in_check = st.side_to_move == side && self.position.is_check();
        let record = self.record();
        let status = natural_limit(&record, policy);
        let (me, them) = (status.sides[side], status.sides[!side]);
        let n = policy.moves;
        let since = match status.last_capture_ply {
            0 => "without a capture since the start".to_string(),
            p => format!("since the capture at ply {p}"),
        };
        let counts = format!(
            "{since}: {} {} counted of {} moves ({} checks, at most {} count), {} {} moves; {n} needed",
            side_name(side),
            me.counted_moves,
            me.moves,
            me.checks,
            policy.max_counted_checks,
            side_name(!side),
            them.moves
        );
        let heard = if in_check {
            " (the claimant is in check: the claim is heard, detail 4)"
        } else {
            ""
        };
        if me.counted_moves >= n && them.moves >= n {
            return Ok(self.propose(
                st,
                Outcome::Draw,
                "natural-limit",
                format!(
                    "{}'s 60-move claim upheld{heard}: {counts} (ch.1 §4 二(四))",
                    side_name(side)
                ),
            ));
        }
        let m = format!(
            "{}'s 60-move claim is false{heard}: {counts}; one 违例 (犯规 4) and 5 minutes on its clock",
            side_name(side)
        );
        st.fouls[side] += 1;
        st.violations[side] += 1;
        let m = self.penalty(st, side, FALSE_CLAIM_PENALTY_SECONDS, m);
        if st.clocks[side] <= 0 {
            return Ok(m); // the penalty emptied the clock: a loss on time
        }
        Ok(self.third_violation(st, side, m))
    }

    fn foul(&self, st: &mut State, side: Color, msg: String) -> String {
        st.fouls[side] += 1;
        st.violations[side] += 1;
        self.third_violation(st, side, msg)
    }

    fn third_violation(&self, st: &mut State, side: Color, msg: String) -> String {
        let n = st.violations[side];
        if n >= VIOLATIONS_TO_LOSE && st.result.is_none() {
            return self.propose(
                st,
                Outcome::Win(!side),
                "third-violation",
                format!(
                    "{msg}; that is {}'s third 违例 in this game: it loses (ch.1 §4 一(八))",
                    side_name(side)
                ),
            );
        }
        format!("{msg} ({} 违例: {n})", side_name(side))
    }

    fn penalty(&self, st: &mut State, side: Color, seconds: u32, msg: String) -> String {
        st.clocks[side] -= i64::from(seconds);
        if st.clocks[side] <= 0 {
            st.clocks[side] = 0;
            let d = format!("{msg}; {}", self.flag_detail(st, side));
            return self.propose(st, Outcome::Win(!side), "flag", d);
        }
        format!("{msg}; {} left", format_clock(st.clocks[side]))
    }

    fn flag_detail(&self, st: &State, side: Color) -> String {
        let made = st.moves_made[side];
        let (_, due) = self.tc.stage_at(made);
        let period = self.tc.period_at(made);
        match due {
            Some(d) => format!(
                "{}'s flag fell in period {period} with {made} of the {d} moves made: it loses (ch.1 §4 一(四))",
                side_name(side)
            ),
            None => format!(
                "{}'s flag fell (sudden death, after {made} moves): it loses (ch.1 §4 一(四))",
                side_name(side)
            ),
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

/// A clock reading can only fall: at most the time the side had (`before`) plus what this
/// entry adds (`added`: the increment and a new stage's time). A correction is an
/// [`Entry::Correct`].
fn check_reading(side: Color, reading: i64, before: i64, added: i64) -> Result<(), GameError> {
    let most = before.max(0) + added;
    if reading <= most {
        return Ok(());
    }
    Err(refused(Refusal::ClockRises {
        side,
        reading,
        before,
        added,
    }))
}

/// A flag falls only on the running clock, when it shows no time left (ch.1 §4 一(四)).
fn check_flag(st: &State, side: Color, reading: Option<u32>) -> Result<(), GameError> {
    if st.side_to_move != side {
        return Err(refused(Refusal::ClockStopped {
            side,
            to_move: st.side_to_move,
        }));
    }
    match reading {
        Some(0) => Ok(()),
        Some(c) => Err(refused(Refusal::FlagUp { side, shows: c })),
        None if st.clocks[side] <= 0 => Ok(()),
        None => Err(refused(Refusal::FlagReadingNeeded {
            side,
            showed: st.clocks[side],
        })),
    }
}

fn set_result(st: &mut State, outcome: Outcome, reason: &str, detail: String) -> String {
    st.offer = None;
    st.proposal = None;
    st.result = Some(GameResult {
        outcome,
        reason: reason.to_string(),
        detail: detail.clone(),
    });
    format!("{detail} — {}", outcome.as_str())
}

/// `" by NAME"`, or nothing when no name was given.
fn by_whom(by: &str) -> String {
    match by.trim() {
        "" => String::new(),
        b => format!(" by {b}"),
    }
}

/// An entry in a few words, for an undo's message: `move h2e2`, `offer red` …
fn describe(e: &Entry) -> String {
    match e {
        Entry::Move { mv, .. } => format!("move {mv}"),
        Entry::Offer { side }
        | Entry::Accept { side }
        | Entry::Decline { side }
        | Entry::Claim { side, .. }
        | Entry::Foul { side, .. }
        | Entry::Violation { side, .. }
        | Entry::Penalty { side, .. }
        | Entry::Resign { side }
        | Entry::Flag { side, .. }
        | Entry::Correct { side, .. }
        | Entry::Seal { side, .. }
        | Entry::Late { side, .. }
        | Entry::Disciplinary { side, .. }
        | Entry::Told { side, .. } => format!("{} {}", e.kind(), side.name()),
        _ => e.kind().to_string(),
    }
}

/// Two proposals are the same ruling (their words may differ between versions of xq).
fn same_proposal(a: &Entry, b: &Entry) -> bool {
    match (a, b) {
        (
            Entry::Propose {
                ruling: r1,
                rule: u1,
                first_ply: f1,
                last_ply: l1,
                ..
            },
            Entry::Propose {
                ruling: r2,
                rule: u2,
                first_ply: f2,
                last_ply: l2,
                ..
            },
        ) => r1 == r2 && u1 == u2 && f1 == f2 && l1 == l2,
        _ => false,
    }
}

/// The short English name of a 犯规 kind of seed 002 四.
pub fn foul_name(kind: u8) -> &'static str {
    match kind {
        1 => "disturbing the opponent",
        2 => "stopping or starting the clock without cause",
        3 => "offering a draw again after a refusal",
        4 => "a false natural-limit claim",
        5 => "touching an own piece that cannot move",
        6 => "touching an opponent's piece that cannot be captured",
        7 => "missing score-sheet entries beyond the limit",
        8 => "a minor breach of the players' rules",
        _ => "unknown",
    }
}
