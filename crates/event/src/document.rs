//! The event document (比赛): ruleset configuration, players with pairing numbers, rounds,
//! pairings (台次), results, fouls and the lot seed, as one TOML document validated on load.

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use xiangqi_scheduling::Color;
use xiangqi_scheduling::swiss::{PairingError, SwissPlayer};
use xiangqi_scheduling::team::{LineupError, Member};
use xiangqi_scheduling::tiebreak::{
    Crosstable, CrosstableEntry, GameEntry, Standing, TieBreakContext, standings,
};
use xiangqi_scheduling::{ConfigError, EventConfig, PairingRequest, WithdrawalResults};
use xiangqi_scheduling::{GameResult, MatchResult, Points, Side};

use crate::stage::EventStage;

/// A player (or team) of the event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    /// Pairing number (序号/代号), from the lot.
    pub no: u32,
    /// Name (运动员 / team name).
    pub name: String,
    /// Club or province (单位).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub club: String,
    /// Rating (等级分), when known: seeds by rating.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u32>,
    /// 退出比赛: withdrew after this round; never paired again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawn: Option<u32>,
    /// Rounds for which the player asked not to be paired (a requested bye scores nothing).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bye_requests: Vec<u32>,
    /// A late entry: first paired in this round (the rounds before score nothing).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub late: Option<u32>,
    /// A team's roster (队员) in board order, reserves last; empty for a player.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<Member>,
}

impl Player {
    /// `true` if the player is not to be paired in `round`: withdrawn before it, or a bye was
    /// requested for it.
    pub fn absent(&self, round: u32) -> bool {
        self.withdrawn.is_some_and(|w| round > w) || self.bye_requests.contains(&round)
    }
}

/// One pairing (台次) of a round: who plays whom at which table, and the result. Not to be
/// confused with the board of pieces (`xiangqi_board::Board`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pairing {
    /// Board number, 1-based.
    pub board: u32,
    /// Pairing number of the first-listed player (red in a single game).
    pub red: u32,
    /// Pairing number of the second-listed player.
    pub black: u32,
    /// Result from the first-listed side: `1-0`, `0-1`, `=`, `+-`, `-+`, `--`; several games
    /// (两局制, team boards) separated by spaces. Absent until entered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// Fouls (犯规/违例) of the first-listed side.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub red_fouls: u32,
    /// Fouls of the second-listed side.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub black_fouls: u32,
    /// Knockout: the bracket of the match (`W`, `L`, `GF`, `GF2`, `3rd`); absent = the
    /// (winners') bracket.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bracket: Option<String>,
    /// Team match: the first-listed team's line-up (1-based roster positions, board order);
    /// empty = the default line-up.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub red_lineup: Vec<u32>,
    /// Team match: the second-listed team's line-up.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub black_lineup: Vec<u32>,
}

impl Pairing {
    /// Table `board` of a new round: `red` (first-listed) against `black`, no result yet.
    pub fn new(board: u32, red: u32, black: u32) -> Pairing {
        Pairing {
            board,
            red,
            black,
            result: None,
            red_fouls: 0,
            black_fouls: 0,
            bracket: None,
            red_lineup: Vec::new(),
            black_lineup: Vec::new(),
        }
    }
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}

/// One round: its boards and the bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Round {
    /// Round number, 1-based.
    pub round: u32,
    /// The player with the bye (轮空).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bye: Option<u32>,
    /// Further players who wait this round (a knockout's first-round byes to the top seeds,
    /// a bye in each group); they score nothing for it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub byes: Vec<u32>,
    /// The stage the round belongs to (1-based; absent = 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stage: Option<u32>,
    /// Knockout: a play-off round (附加赛) of the drawn matches of the bracket round before,
    /// at this level of the ruleset's `playoffs` (1-based).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub playoff: Option<u32>,
    /// Paired by hand by the arbiter (recorded as such).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub manual: bool,
    /// The day the round is played (`YYYY-MM-DD`, set by `xq event pair --date` or the desk's
    /// round page): the date in the caption of the round's forms. Absent: none recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<crate::round_date::RoundDate>,
    /// Remarks of the pairing program.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
    /// The pairings (台次), stored as `[[round.boards]]`.
    #[serde(default)]
    pub boards: Vec<Pairing>,
}

/// A round as the event's system pairs it next ([`Event::propose_next`]), not yet appended.
#[derive(Clone, Debug, PartialEq)]
pub struct ProposedRound {
    /// The round, as [`Edit::pair`](crate::Edit::pair) appends it.
    pub round: Round,
    /// Why it is paired so (编排说明): one line per decision of the system, in the rule's words;
    /// not kept in the event file.
    pub explanation: Vec<String>,
    /// A stage that begins with this round and the entrants it is filled with (index, stage).
    pub(crate) filled: Option<(usize, crate::stage::EventStage)>,
}

impl Round {
    /// Every board without a result, in board order; `None` when every board has one.
    pub fn open_boards(&self) -> Option<Vec<u32>> {
        let open: Vec<u32> = self
            .boards
            .iter()
            .filter(|b| b.result.is_none())
            .map(|b| b.board)
            .collect();
        (!open.is_empty()).then_some(open)
    }
}

/// The event file format this crate writes: a file of this format ends with an `[end]` table
/// ([`EndMarker`]), so that a file cut short at a table boundary is refused instead of being
/// read as a shorter event.
pub const FORMAT: u32 = 2;

/// The `[end]` table closing an event file of format [`FORMAT`]: the counts of what comes
/// before it. Written by [`Event::to_toml`], checked and consumed by [`Event::from_toml`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndMarker {
    /// Players (`[[players]]`).
    pub players: u32,
    /// Rounds paired (`[[round]]`).
    pub rounds: u32,
    /// Pairings (`[[round.boards]]`) of all rounds together.
    pub pairings: u32,
}

/// Largest number of rounds an event may plan (a double round robin of 500 players).
pub const MAX_ROUNDS: u32 = 998;

/// A whole event.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Event {
    /// The file format ([`FORMAT`]); absent in files written before the `[end]` table existed,
    /// which are read (without the truncation check) and written back as they were.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<u32>,
    /// The document's version: how many recorded changes it has had ([`crate::history`]);
    /// absent until the first one (a file written before versions reads as version 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<u64>,
    /// Event name.
    pub name: String,
    /// Division (组别), e.g. `男子组`; empty for none (every file written before divisions).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub division: String,
    /// The ruleset the configuration came from (id or path), for the record.
    #[serde(default)]
    pub ruleset: String,
    /// Lot seed: pairing numbers and equal-key colour lots are drawn from it (D2).
    pub seed: u64,
    /// Rounds planned.
    pub rounds: u32,
    /// The ruleset's `[event]` table, copied so the file is self-contained.
    pub config: EventConfig,
    /// Players, by pairing number.
    #[serde(default)]
    pub players: Vec<Player>,
    /// The stages (`[[stage]]`); none for a one-stage event of `config.pairing` (every file
    /// written before stages existed).
    #[serde(default, rename = "stage", skip_serializing_if = "Vec::is_empty")]
    pub stages: Vec<EventStage>,
    /// Rounds paired so far (`[[round]]`).
    #[serde(default, rename = "round")]
    pub paired: Vec<Round>,
    /// Every recorded change (`[[history]]`), oldest first: who, when, what, and the lines
    /// that undo it ([`crate::history`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<crate::change::Change>,
    /// The `[end]` table as read; checked and dropped by [`Event::from_toml`] (always `None`
    /// after it), written by [`Event::to_toml`] for a file of a known [`format`](Event::format).
    #[serde(default, rename = "end", skip_serializing)]
    pub end: Option<EndMarker>,
}

/// Why an event operation was refused. Every message names the record concerned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EventError {
    /// The file is not valid TOML for an event.
    #[error("event file: {0}")]
    Toml(String),
    /// A record violates a rule.
    #[error("{record}: {reason}")]
    Invalid {
        /// Which record (`player 3`, `round 2 board 4`).
        record: String,
        /// What is wrong.
        reason: String,
    },
    /// The configuration is inconsistent.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// Results are missing before the next round can be paired.
    #[error(
        "round {round}: {} without a result ({}): enter {} before pairing round {next}",
        plural(boards.len(), "board"),
        list(boards),
        if boards.len() == 1 { "it" } else { "them" }
    )]
    RoundIncomplete {
        /// Round.
        round: u32,
        /// Every board still without a result.
        boards: Vec<u32>,
        /// The round that was to be paired.
        next: u32,
    },
    /// The last round cannot be unpaired while it has results (unless forced).
    #[error(
        "round {round} has results on {} ({}): unpairing it drops them; force it to unpair anyway",
        plural(boards.len(), "board"),
        list(boards)
    )]
    RoundHasResults {
        /// Round.
        round: u32,
        /// The boards with a result.
        boards: Vec<u32>,
    },
    /// Every planned round is paired.
    #[error("all {0} rounds are paired")]
    AllRoundsPaired(u32),
    /// A result for a board that does not exist.
    #[error("round {round} board {board} does not exist")]
    NoSuchBoard {
        /// Round.
        round: u32,
        /// Board.
        board: u32,
    },
    /// A different result is already recorded.
    #[error(
        "round {round} board {board} already has the result {old}; use --force to replace it with {new}"
    )]
    ResultConflict {
        /// Round.
        round: u32,
        /// Board.
        board: u32,
        /// Recorded result.
        old: String,
        /// Rejected result.
        new: String,
    },
    /// The pairing program failed.
    #[error("pairing: {0}")]
    Pairing(#[from] PairingError),
    /// A line-up (排阵) the event's line-up system refuses: `RECORD: why`.
    #[error("{record}: {error}")]
    Lineup {
        /// The match and team (`round 2 board 1 team 3`).
        record: String,
        /// Why.
        error: LineupError,
    },
}

/// `3 boards`, `1 board`.
fn plural(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

/// Ascending numbers as runs: `1–3, 5, 9–18` (a refusal that names 500 boards stays one short
/// line).
fn list(nos: &[u32]) -> String {
    let mut runs: Vec<(u32, u32)> = Vec::new();
    for &n in nos {
        match runs.last_mut() {
            Some((_, end)) if n == *end + 1 => *end = n,
            _ => runs.push((n, n)),
        }
    }
    runs.iter()
        .map(|&(a, b)| match b - a {
            0 => a.to_string(),
            1 => format!("{a}, {b}"),
            _ => format!("{a}–{b}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Boards of `round` without a result, in board order.
pub(crate) fn missing_results(round: &Round) -> Vec<u32> {
    round.open_boards().unwrap_or_default()
}

pub(crate) fn invalid(record: impl Into<String>, reason: impl Into<String>) -> EventError {
    EventError::Invalid {
        record: record.into(),
        reason: reason.into(),
    }
}

impl Event {
    /// A new event. Pairing numbers are drawn by lot from `seed` when `lot` is true, else they
    /// follow the given order.
    pub fn new(
        name: &str,
        ruleset: &str,
        config: EventConfig,
        entrants: Vec<(String, String)>,
        seed: u64,
        rounds: Option<u32>,
        lot: bool,
    ) -> Result<Event, EventError> {
        config.validate()?;
        let mut entrants = entrants;
        if lot {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            entrants.shuffle(&mut rng);
        }
        let players: Vec<Player> = entrants
            .into_iter()
            .enumerate()
            .map(|(i, (name, club))| Player {
                no: i as u32 + 1,
                name,
                club,
                rating: None,
                withdrawn: None,
                bye_requests: Vec::new(),
                late: None,
                members: Vec::new(),
            })
            .collect();
        let n = players.len() as u32;
        let system = config.pairing_system()?;
        let rounds = if system.predetermined {
            let single = n.saturating_sub(1) + n % 2;
            let full = if config.double_round_robin {
                2 * single
            } else {
                single
            };
            match rounds {
                Some(r) if r > full => {
                    return Err(invalid(
                        "event",
                        format!("a round robin of {n} players has {full} rounds, not {r}"),
                    ));
                }
                Some(r) => r,
                None => full,
            }
        } else {
            let r = rounds.ok_or_else(|| {
                invalid(
                    "event",
                    "a Swiss event needs the number of rounds (--rounds)",
                )
            })?;
            let (most, rule) = Event::max_rounds(n, false, false);
            if r > most {
                return Err(invalid(
                    "event",
                    format!("a Swiss of {n} players has at most {most} rounds, not {r}: {rule}"),
                ));
            }
            r
        };
        if rounds > MAX_ROUNDS {
            return Err(invalid(
                "event",
                format!("{rounds} rounds: an event plans at most {MAX_ROUNDS}"),
            ));
        }
        let ev = Event {
            format: Some(FORMAT),
            version: None,
            name: name.to_string(),
            division: String::new(),
            ruleset: ruleset.to_string(),
            seed,
            rounds,
            config,
            players,
            stages: Vec::new(),
            paired: Vec::new(),
            history: Vec::new(),
            end: None,
        };
        ev.validate()?;
        Ok(ev)
    }

    /// Parses and validates an event file. A file of format [`FORMAT`] must end with its
    /// `[end]` table and the counts in it must hold: a file cut short is refused.
    pub fn from_toml(text: &str) -> Result<Event, EventError> {
        let mut ev: Event =
            toml::from_str(text).map_err(|e| EventError::Toml(ConfigError::toml_line(text, &e)))?;
        match (ev.format, ev.end.take()) {
            (Some(f), _) if f > FORMAT => {
                return Err(invalid(
                    "event",
                    format!(
                        "file format {f}: written by a newer xq (this one reads up to {FORMAT})"
                    ),
                ));
            }
            (Some(_), None) => {
                return Err(invalid(
                    "event",
                    "the file ends before its [end] table: it was cut short; restore it from a copy",
                ));
            }
            (_, Some(end)) if end != ev.end_marker() => {
                let now = ev.end_marker();
                return Err(invalid(
                    "event",
                    format!(
                        "the [end] table counts {} players, {} rounds and {} pairings but the file holds {}, {} and {}: it was cut short or edited; restore it from a copy",
                        end.players,
                        end.rounds,
                        end.pairings,
                        now.players,
                        now.rounds,
                        now.pairings
                    ),
                ));
            }
            _ => {}
        }
        ev.validate()?;
        Ok(ev)
    }

    /// The counts of the `[end]` table.
    pub(crate) fn end_marker(&self) -> EndMarker {
        EndMarker {
            players: self.players.len() as u32,
            rounds: self.paired.len() as u32,
            pairings: self.paired.iter().map(|r| r.boards.len() as u32).sum(),
        }
    }

    /// The most rounds `system` allows for `n` players, and the rule that says so.
    pub(crate) fn max_rounds(n: u32, predetermined: bool, double: bool) -> (u32, &'static str) {
        let single = n.saturating_sub(1) + n % 2;
        if predetermined {
            (
                if double { 2 * single } else { single },
                "a round robin plays every pairing of its table once (每轮按对局秩序表)",
            )
        } else {
            (
                single,
                "相遇过的对手不再编对 (seed 002 一(一)2: opponents who have met are not paired again)",
            )
        }
    }

    /// The player with a pairing number.
    pub fn player(&self, no: u32) -> Option<&Player> {
        self.players.iter().find(|p| p.no == no)
    }

    /// Checks every record; the first problem is reported with the record's name.
    pub fn validate(&self) -> Result<(), EventError> {
        self.config.validate()?;
        if let Some(c) = self.name.chars().find(|c| c.is_control()) {
            return Err(invalid(
                "event",
                format!("the name holds the control character {c:?}: names are one line of text"),
            ));
        }
        if self.players.len() < 2 {
            return Err(invalid("players", "an event needs at least two players"));
        }
        let mut nos = std::collections::HashSet::new();
        let mut names = std::collections::HashSet::new();
        for p in &self.players {
            if p.no == 0 {
                return Err(invalid(
                    format!("player {:?}", p.name),
                    "pairing number 0 (numbers start at 1)",
                ));
            }
            if !nos.insert(p.no) {
                return Err(invalid(
                    format!("player {}", p.no),
                    "duplicate pairing number",
                ));
            }
            if p.name.trim().is_empty() {
                return Err(invalid(format!("player {}", p.no), "empty name"));
            }
            for (what, text) in [("name", &p.name), ("unit", &p.club)] {
                if let Some(c) = text.chars().find(|c| c.is_control()) {
                    return Err(invalid(
                        format!("player {}", p.no),
                        format!(
                            "the {what} holds the control character {:?}: names are one line of text",
                            c
                        ),
                    ));
                }
            }
            let boards = self.config.team_boards as usize;
            if !p.members.is_empty() && p.members.len() < boards {
                return Err(invalid(
                    format!("team {} ({})", p.no, p.name),
                    format!(
                        "a roster of {} members for {boards} boards",
                        p.members.len()
                    ),
                ));
            }
            if p.members
                .iter()
                .any(|m| m.name.trim().is_empty() || m.name.chars().any(char::is_control))
            {
                return Err(invalid(
                    format!("team {} ({})", p.no, p.name),
                    "a member's name is empty or holds a control character",
                ));
            }
            if !names.insert((p.name.trim(), p.club.trim())) {
                return Err(invalid(
                    format!("player {} ({})", p.no, p.name),
                    "duplicate player (same name and club)",
                ));
            }
        }
        if !self.staged() && self.paired.len() as u32 > self.rounds {
            return Err(invalid(
                format!("round {}", self.rounds + 1),
                format!("the event has only {} rounds", self.rounds),
            ));
        }
        for (si, st) in self.stages.iter().enumerate() {
            if let Some(f) = &st.from
                && (f.stage == 0 || f.stage as usize > si)
            {
                return Err(invalid(
                    format!("stage {}", si + 1),
                    format!(
                        "its entrants come from stage {}: an earlier stage is needed",
                        f.stage
                    ),
                ));
            }
            for no in st.entrants() {
                if !nos.contains(&no) {
                    return Err(invalid(
                        format!("stage {}", si + 1),
                        format!("unknown player {no}"),
                    ));
                }
            }
        }
        // every team's roster size by number, looked up once per board (not a search per board)
        let rosters: std::collections::HashMap<u32, usize> = self
            .players
            .iter()
            .map(|p| (p.no, p.members.len()))
            .collect();
        for (i, r) in self.paired.iter().enumerate() {
            let games = self.games_in_round(r);
            let rec = format!("round {}", r.round);
            if r.round != i as u32 + 1 {
                return Err(invalid(
                    rec,
                    format!("rounds must be numbered in order; expected round {}", i + 1),
                ));
            }
            let mut seen = std::collections::HashSet::new();
            if let Some(st) = r.stage
                && (st == 0 || st as usize > self.stages.len().max(1))
            {
                return Err(invalid(rec, format!("unknown stage {st}")));
            }
            if r.playoff == Some(0) {
                return Err(invalid(rec, "play-off levels start at 1"));
            }
            for b in r.bye.iter().chain(&r.byes) {
                if !nos.contains(b) {
                    return Err(invalid(format!("{rec} bye"), format!("unknown player {b}")));
                }
                seen.insert(*b);
            }
            for (k, b) in r.boards.iter().enumerate() {
                let brec = format!("round {} board {}", r.round, b.board);
                if b.board != k as u32 + 1 {
                    return Err(invalid(
                        brec,
                        format!("boards must be numbered in order; expected board {}", k + 1),
                    ));
                }
                for (team, lineup) in [(b.red, &b.red_lineup), (b.black, &b.black_lineup)] {
                    if lineup.is_empty() {
                        continue;
                    }
                    let roster = rosters.get(&team).copied().unwrap_or(0);
                    if let Some(m) = lineup.iter().find(|&&m| m == 0 || m as usize > roster) {
                        return Err(invalid(
                            &brec,
                            format!(
                                "line-up of team {team}: no member {m} on a roster of {roster}"
                            ),
                        ));
                    }
                }
                for no in [b.red, b.black] {
                    if !nos.contains(&no) {
                        return Err(invalid(brec, format!("unknown player {no}")));
                    }
                    if !seen.insert(no) {
                        return Err(invalid(
                            brec,
                            format!("player {no} appears twice in the round"),
                        ));
                    }
                }
                if let Some(res) = &b.result {
                    let m = MatchResult::parse(res).map_err(|e| invalid(&brec, e.to_string()))?;
                    if m.games.len() != games {
                        return Err(invalid(
                            brec,
                            format!(
                                "result {res:?} has {} games; this event plays {games} per pairing",
                                m.games.len()
                            ),
                        ));
                    }
                } else if (i + 1) < self.paired.len() {
                    return Err(invalid(
                        brec,
                        format!("no result, but round {} is already paired", r.round + 1),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Games of one pairing in round `r`: the play-off level's games in a play-off round, else
    /// the configured games per match (boards per team match).
    pub fn games_in_round(&self, r: &Round) -> usize {
        match r.playoff {
            Some(level) => self
                .config
                .playoffs
                .get(level.saturating_sub(1) as usize)
                .map_or(1, |p| p.games as usize),
            None => self.config.games_in_match(),
        }
    }

    /// The number of the next round to pair, after checking that it may be paired.
    pub fn next_round(&self) -> Result<u32, EventError> {
        let next = self.paired.len() as u32 + 1;
        if next > self.rounds {
            return Err(EventError::AllRoundsPaired(self.rounds));
        }
        if let Some(last) = self.paired.last() {
            let boards = missing_results(last);
            if !boards.is_empty() {
                return Err(EventError::RoundIncomplete {
                    round: last.round,
                    boards,
                    next,
                });
            }
        }
        Ok(next)
    }

    /// The pairing state of every player before round `round` (its history of rounds
    /// `1..round`); a player's unit (单位, for 同单位回避) is numbered by first appearance.
    pub fn pairing_state(&self, round: u32) -> Vec<SwissPlayer> {
        // 单位 as numbers, in order of first appearance (an empty unit is none)
        let mut units: std::collections::HashMap<&str, u32> = std::collections::HashMap::new();
        for p in &self.players {
            let club = p.club.trim();
            if !club.is_empty() {
                let next = units.len() as u32;
                units.entry(club).or_insert(next);
            }
        }
        let mut out: Vec<SwissPlayer> = self
            .players
            .iter()
            .map(|p| SwissPlayer {
                no: p.no,
                score: Points::ZERO,
                opponents: Vec::new(),
                colours: Vec::new(),
                byes: 0,
                unit: units.get(p.club.trim()).copied(),
            })
            .collect();
        let idx: std::collections::HashMap<u32, usize> = self
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| (p.no, i))
            .collect();
        for r in self.paired.iter().take(round.saturating_sub(1) as usize) {
            if let Some(b) = r.bye {
                let i = idx[&b];
                out[i].byes += 1;
                out[i].score += self.config.bye_value();
            }
            for b in &r.boards {
                let (i, j) = (idx[&b.red], idx[&b.black]);
                out[i].opponents.push(b.black);
                out[j].opponents.push(b.red);
                if let Some(m) = b.result.as_deref().and_then(|s| MatchResult::parse(s).ok()) {
                    out[i].score +=
                        m.match_points(Side::First, self.config.points, self.config.match_points);
                    out[j].score +=
                        m.match_points(Side::Second, self.config.points, self.config.match_points);
                    if m.games.iter().any(|g| g.played()) {
                        out[i].colours.push(Color::Red);
                        out[j].colours.push(Color::Black);
                    }
                }
            }
        }
        out
    }

    /// Pairs the next round with the configured system and appends it (the round of
    /// [`Event::propose_next`]).
    pub(crate) fn pair_next(&mut self) -> Result<&Round, EventError> {
        let proposal = self.propose_next()?;
        self.pair_proposed(proposal)
    }

    /// Appends a round of [`Event::propose_next`] (and the entrants of the stage it begins);
    /// refused when it is not the next round.
    pub(crate) fn pair_proposed(&mut self, proposal: ProposedRound) -> Result<&Round, EventError> {
        let next = self.paired.len() as u32 + 1;
        if proposal.round.round != next {
            return Err(invalid(
                format!("round {}", proposal.round.round),
                format!("proposed for another state of the event: the next round is {next}"),
            ));
        }
        if let Some((si, stage)) = proposal.filled {
            self.stages[si] = stage;
        }
        self.paired.push(proposal.round);
        Ok(self.paired.last().expect("just pushed"))
    }

    /// The next round as the event's system pairs it, with its explanation (编排说明): a pure
    /// function of the event as it stands, which it leaves unchanged ([`Edit::pair`](crate::Edit::pair)
    /// appends the round; `check` re-derives rounds with it).
    pub fn propose_next(&self) -> Result<ProposedRound, EventError> {
        if self.staged() {
            return self.propose_staged();
        }
        let round = self.next_round()?;
        let mut state = self.pairing_state(round);
        let system = self.config.pairing_system()?;
        let absent: Vec<u32> = self
            .players
            .iter()
            .filter(|p| p.absent(round))
            .map(|p| p.no)
            .collect();
        if !system.predetermined {
            // a Swiss pairs only those present
            state.retain(|p| !absent.contains(&p.no));
        }
        let req = PairingRequest {
            players: &state,
            round,
            total_rounds: self.rounds,
            config: &self.config,
            seed: self.seed,
        };
        let mut pairing = (system.pair)(&req)?;
        let mut explanation = std::mem::take(&mut pairing.explanation);
        if !absent.is_empty() {
            explanation.push(format!(
                "absent this round (never paired): {}",
                absent
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        // a fixed table (round robin) keeps its rows: an absent player's opponent waits
        let mut byes: Vec<u32> = Vec::new();
        pairing.boards.retain(|&(a, b)| {
            if absent.contains(&a) || absent.contains(&b) {
                byes.extend([a, b].into_iter().filter(|x| !absent.contains(x)));
                false
            } else {
                true
            }
        });
        if !byes.is_empty() {
            explanation.push(format!(
                "waiting (their table opponent is absent): {}",
                byes.iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        if pairing.bye.is_some_and(|b| absent.contains(&b)) {
            pairing.bye = None;
        }
        let boards = pairing
            .boards
            .iter()
            .enumerate()
            .map(|(k, &(red, black))| Pairing::new(k as u32 + 1, red, black))
            .collect();
        Ok(ProposedRound {
            round: Round {
                round,
                bye: pairing.bye,
                byes,
                stage: None,
                playoff: None,
                manual: false,
                date: None,
                notes: pairing.notes,
                boards,
            },
            explanation,
            filled: None,
        })
    }

    /// Records a result (and fouls). A different result already recorded is refused unless
    /// `force`. Returns `true` if anything changed.
    pub(crate) fn set_result(
        &mut self,
        round: u32,
        board: u32,
        result: &str,
        fouls: (Option<u32>, Option<u32>),
        force: bool,
    ) -> Result<bool, EventError> {
        let games = self
            .paired
            .get(round.wrapping_sub(1) as usize)
            .map_or(1, |r| self.games_in_round(r));
        let later_paired = (self.paired.len() as u32) > round;
        let b = self
            .paired
            .get_mut(round.wrapping_sub(1) as usize)
            .and_then(|r| r.boards.get_mut(board.wrapping_sub(1) as usize))
            .ok_or(EventError::NoSuchBoard { round, board })?;
        let rec = format!("round {round} board {board}");
        let m =
            crate::result_words::match_result(result).map_err(|e| invalid(&rec, e.to_string()))?;
        if m.games.len() != games {
            return Err(invalid(
                rec,
                format!(
                    "result {result:?} has {} games; this event plays {games} per pairing",
                    m.games.len()
                ),
            ));
        }
        let canonical = m.to_string();
        let mut changed = false;
        match &b.result {
            Some(old) if *old == canonical => {}
            Some(old) if !force => {
                return Err(EventError::ResultConflict {
                    round,
                    board,
                    old: old.clone(),
                    new: canonical,
                });
            }
            _ => {
                if b.result.is_some() && later_paired {
                    // allowed with --force; the later rounds keep their pairings
                }
                b.result = Some(canonical);
                changed = true;
            }
        }
        if let Some(f) = fouls.0 {
            changed |= b.red_fouls != f;
            b.red_fouls = f;
        }
        if let Some(f) = fouls.1 {
            changed |= b.black_fouls != f;
            b.black_fouls = f;
        }
        Ok(changed)
    }

    /// Rounds whose every board has a result.
    pub fn complete_rounds(&self) -> u32 {
        self.paired
            .iter()
            .take_while(|r| r.boards.iter().all(|b| b.result.is_some()))
            .count() as u32
    }

    /// The crosstable over rounds `1..=after` (rows in pairing-number order).
    pub fn crosstable(&self, after: u32) -> Crosstable {
        let players: Vec<u32> = self.players.iter().map(|p| p.no).collect();
        self.crosstable_of(after, None, &players)
    }

    /// The crosstable of `players` over rounds `1..=after` of stage `stage` (every stage when
    /// `None`); games against others are left out.
    pub fn crosstable_of(&self, after: u32, stage: Option<u32>, players: &[u32]) -> Crosstable {
        let mut players: Vec<u32> = players.to_vec();
        players.sort_unstable();
        let idx: std::collections::HashMap<u32, usize> =
            players.iter().enumerate().map(|(i, &n)| (n, i)).collect();
        let withdrawn: std::collections::HashSet<u32> = self
            .players
            .iter()
            .filter(|p| p.withdrawn.is_some())
            .map(|p| p.no)
            .collect();
        let rounds = after.min(self.paired.len() as u32) as usize;
        let mut entries = vec![vec![CrosstableEntry::None; rounds]; players.len()];
        for (ri, r) in self.paired.iter().take(rounds).enumerate() {
            if stage.is_some_and(|s| r.stage.unwrap_or(1) != s) {
                continue;
            }
            if let Some(b) = r.bye
                && let Some(&i) = idx.get(&b)
            {
                entries[i][ri] = CrosstableEntry::Bye(self.config.bye_value());
            }
            for b in &r.boards {
                if !(idx.contains_key(&b.red) && idx.contains_key(&b.black)) {
                    continue;
                }
                if self.config.withdrawal_results == WithdrawalResults::Annul
                    && [b.red, b.black].iter().any(|n| withdrawn.contains(n))
                {
                    continue;
                }
                let Some(m) = b.result.as_deref().and_then(|s| MatchResult::parse(s).ok()) else {
                    continue;
                };
                for (side, me, other, fouls) in [
                    (Side::First, b.red, b.black, b.red_fouls),
                    (Side::Second, b.black, b.red, b.black_fouls),
                ] {
                    let mut wins = 0;
                    let mut black_wins = 0;
                    let mut black_games = 0;
                    for (g, o) in m.games.iter().enumerate() {
                        let first_red = g % 2 == 0;
                        let my_red = (side == Side::First) == first_red;
                        let o = if side == Side::First {
                            *o
                        } else {
                            o.reversed()
                        };
                        if o.played() {
                            if !my_red {
                                black_games += 1;
                            }
                            if o == GameResult::FirstWins {
                                wins += 1;
                                if !my_red {
                                    black_wins += 1;
                                }
                            }
                        }
                    }
                    entries[idx[&me]][ri] = CrosstableEntry::Game(GameEntry {
                        opponent: idx[&other],
                        first: side == Side::First,
                        points: m.match_points(side, self.config.points, self.config.match_points),
                        game_points: m.game_points(side),
                        verdict: m.verdict(side),
                        wins,
                        black_wins,
                        black_games,
                        fouls,
                    });
                }
            }
        }
        Crosstable { players, entries }
    }

    /// Standings after round `after` (default: the last complete round).
    pub fn standings(&self, after: Option<u32>) -> Vec<Standing> {
        if self.staged() {
            return self.staged_standings();
        }
        let after = after.unwrap_or_else(|| self.complete_rounds());
        let ct = self.crosstable(after);
        let ctx = TieBreakContext {
            bye_opponent: self.config.bye_opponent_score,
        };
        // the chain's ids were checked when the configuration was read
        standings(&ct, &self.config.chain(), &ctx).unwrap_or_default()
    }
}

#[cfg(test)]
mod pairing_refusal_tests {
    use super::*;

    /// 22.8: a refused pairing names every board still without a result, not just the first.
    #[test]
    fn a_refused_pairing_names_every_board_without_a_result() {
        let entrants = (1..=8).map(|i| (format!("P{i}"), String::new())).collect();
        let mut ev =
            Event::new("t", "", EventConfig::default(), entrants, 1, Some(3), false).unwrap();
        ev.pair_next().unwrap();
        ev.set_result(1, 2, "1-0", (None, None), false).unwrap();
        let e = ev.pair_next().unwrap_err();
        assert_eq!(
            e.to_string(),
            "round 1: 3 boards without a result (1, 3, 4): enter them before pairing round 2"
        );
        for b in [1, 3] {
            ev.set_result(1, b, "=", (None, None), false).unwrap();
        }
        assert_eq!(
            ev.pair_next().unwrap_err().to_string(),
            "round 1: 1 board without a result (4): enter it before pairing round 2"
        );
    }
}
