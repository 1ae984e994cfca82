//! The `[event]` table of a ruleset ([`EventConfig`]) and the catalogue of pairing systems.
//!
//! Pairing systems and tie-break criteria are named components registered with `inventory`
//! ([`PairingSystem`], [`crate::tiebreak::TieBreakCriterion`]); the ruleset refers to them by id, and the ids
//! are checked against the catalogue when the table is read. A federation adds, say, a FIDE
//! Dutch system in its own crate with `inventory::submit!` — nothing here changes.

use serde::{Deserialize, Serialize};

use crate::error::{ConfigError, toml_error_line};
use crate::roundrobin::round_robin_round;
use crate::score::PointSystem;
use crate::swiss::{PairingError, RoundPairing, SwissOptions, SwissPlayer, pair_swiss};
use crate::tiebreak::{ByeOpponentScore, criterion};

/// Everything a pairing system is given to pair one round.
pub struct PairingRequest<'a> {
    /// The players with their history (scores before the round).
    pub players: &'a [SwissPlayer],
    /// The round to pair (1-based).
    pub round: u32,
    /// Rounds planned for the event.
    pub total_rounds: u32,
    /// The event's configuration.
    pub config: &'a EventConfig,
    /// The lot seed stored in the event (D2).
    pub seed: u64,
}

/// A registered pairing system.
pub struct PairingSystem {
    /// Stable id used in ruleset files (`berger`, `swiss-cn`).
    pub id: &'static str,
    /// A title in the rulebook's words.
    pub title: &'static str,
    /// `true` if every round is fixed in advance (round robin); the number of rounds follows
    /// from the field.
    pub predetermined: bool,
    /// Pairs one round.
    pub pair: fn(&PairingRequest<'_>) -> Result<RoundPairing, PairingError>,
}

inventory::collect!(PairingSystem);

impl PairingSystem {
    /// Looks a registered pairing system up by id.
    pub fn by_id(id: &str) -> Option<&'static PairingSystem> {
        inventory::iter::<PairingSystem>().find(|p| p.id == id)
    }
}

/// All registered pairing systems, sorted by id.
pub(crate) fn pairing_systems() -> Vec<&'static PairingSystem> {
    let mut v: Vec<_> = inventory::iter::<PairingSystem>().collect();
    v.sort_by_key(|p| p.id);
    v
}

fn pair_berger(req: &PairingRequest<'_>) -> Result<RoundPairing, PairingError> {
    let mut nos: Vec<u32> = req.players.iter().map(|p| p.no).collect();
    nos.sort_unstable();
    let n = nos.len() as u32;
    let round =
        round_robin_round(n, req.round, req.config.double_round_robin).ok_or_else(|| {
            PairingError::Other(format!(
                "the round robin of {n} players has no round {}",
                req.round
            ))
        })?;
    let at = |k: u32| nos[(k - 1) as usize];
    let rows = if n % 2 == 1 { n + 1 } else { n };
    let mut explanation = vec![format!(
        "round {}: 循环赛对局秩序表, round {} of the Berger table of {rows} (pairing numbers in table order; the first-listed has red{})",
        req.round,
        (req.round - 1) % (rows - 1).max(1) + 1,
        if req.config.double_round_robin {
            "; the second cycle swaps colours"
        } else {
            ""
        }
    )];
    if let Some(b) = round.bye.map(at) {
        explanation.push(format!(
            "bye: {b} meets the empty number {rows} of the table (轮空)"
        ));
    }
    Ok(RoundPairing {
        boards: round.boards.iter().map(|&(a, b)| (at(a), at(b))).collect(),
        bye: round.bye.map(at),
        explanation,
        ..RoundPairing::default()
    })
}

fn pair_swiss_cn(req: &PairingRequest<'_>) -> Result<RoundPairing, PairingError> {
    let opts = SwissOptions {
        seed: req.seed,
        avoid_third_colour: req.config.avoid_third_colour,
        round1_odd_red: req.config.round1_colours == Round1Colours::OddRed,
        avoid_same_unit_rounds: req.config.avoid_same_unit_rounds,
    };
    pair_swiss(req.players, req.round, &opts)
}

inventory::submit! { PairingSystem { id: "berger", title: "循环赛对局秩序表 (Berger tables, first-listed red)", predetermined: true, pair: pair_berger } }
inventory::submit! { PairingSystem { id: "swiss-cn", title: "积分编排制 (seed 002, decisions D1–D7)", predetermined: false, pair: pair_swiss_cn } }

/// Id of a registered pairing system; checked against the catalogue when read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct PairingSystemId(pub String);

impl<'de> Deserialize<'de> for PairingSystemId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        if PairingSystem::by_id(&s).is_none() {
            let known: Vec<&str> = pairing_systems().iter().map(|p| p.id).collect();
            return Err(serde::de::Error::custom(format!(
                "unknown pairing system {s:?} (known: {})",
                known.join(", ")
            )));
        }
        Ok(PairingSystemId(s))
    }
}

/// Id of a registered tie-break criterion; checked against the catalogue when read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct TieBreakId(pub String);

impl<'de> Deserialize<'de> for TieBreakId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        if criterion(&s).is_none() {
            let known: Vec<&str> = crate::tiebreak::criteria().iter().map(|c| c.id).collect();
            return Err(serde::de::Error::custom(format!(
                "unknown tie-break criterion {s:?} (known: {})",
                known.join(", ")
            )));
        }
        Ok(TieBreakId(s))
    }
}

/// Points for a bye (D6).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ByePoints {
    /// A bye scores as a win (default).
    #[default]
    Win,
    /// A bye scores as a draw.
    Draw,
    /// A bye scores nothing.
    Loss,
}

/// Colours in round 1 of a Swiss event.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Round1Colours {
    /// Odd pairing numbers red (seed 002 (二)3).
    #[default]
    OddRed,
    /// Even pairing numbers red.
    EvenRed,
}

fn default_pairing() -> PairingSystemId {
    PairingSystemId("swiss-cn".into())
}
fn default_games() -> u8 {
    1
}
fn default_true() -> bool {
    true
}
fn default_chain() -> Vec<TieBreakId> {
    [
        "buchholz",
        "wins",
        "fouls",
        "black-wins",
        "black-games",
        "previous-rounds",
    ]
    .into_iter()
    .map(|s| TieBreakId(s.into()))
    .collect()
}

/// One level of play-offs (附加赛) of a drawn knockout match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Playoff {
    /// Its name (`rapid` 快棋, `blitz` 超快棋, `armageddon` 决胜局).
    pub name: String,
    /// Its time control, named for the arbiter (e.g. `15+10`).
    pub time_control: String,
    /// Games (1, or 2 with colours swapped).
    #[serde(default = "default_games")]
    pub games: u8,
    /// A drawn game counts as a win for Black (the decider).
    #[serde(default)]
    pub draw_black_wins: bool,
}

/// The default play-offs of a drawn knockout match (the seeds leave them open): two rapid games
/// (15+10), then two blitz games (5+3), then one decider (red 6 minutes, black 5) where a
/// draw counts as a win for Black.
fn default_playoffs() -> Vec<Playoff> {
    vec![
        Playoff {
            name: "rapid".into(),
            time_control: "15+10".into(),
            games: 2,
            draw_black_wins: false,
        },
        Playoff {
            name: "blitz".into(),
            time_control: "5+3".into(),
            games: 2,
            draw_black_wins: false,
        },
        Playoff {
            name: "armageddon".into(),
            time_control: "red 6 min, black 5 min".into(),
            games: 1,
            draw_black_wins: true,
        },
    ]
}

fn is_default_playoffs(p: &[Playoff]) -> bool {
    p == default_playoffs().as_slice()
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_true(b: &bool) -> bool {
    *b
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// How the games of a player who withdraws (退出比赛) count (the seeds leave it open).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum WithdrawalResults {
    /// Games played stand; the games not played are not scored (default).
    #[default]
    Keep,
    /// Every game of the withdrawn player is struck from the crosstable.
    Annul,
}

fn is_keep(w: &WithdrawalResults) -> bool {
    *w == WithdrawalResults::Keep
}

/// The most boards a team match may have.
pub(crate) const MAX_TEAM_BOARDS: u8 = 16;

/// The `[event]` table of a ruleset: how events under it are paired and scored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventConfig {
    /// Pairing system id (`swiss-cn` = 积分编排制, `berger` = 循环赛对局秩序表). Default `swiss-cn`.
    #[serde(default = "default_pairing")]
    pub pairing: PairingSystemId,
    /// Scoring of a single game (or of the games of a match, for 局分). Default `one-half-zero`.
    #[serde(default)]
    pub points: PointSystem,
    /// Games per pairing: 1 (一局制) or 2 (两局制, colours exchanged). Default 1.
    #[serde(default = "default_games")]
    pub games_per_match: u8,
    /// Boards per team match (0 = individual event). Default 0.
    #[serde(default)]
    pub team_boards: u8,
    /// 场分 of a multi-game or team match, decided by 局分. Default `one-half-zero`.
    #[serde(default)]
    pub match_points: PointSystem,
    /// What a bye is worth (D6). Default `win`.
    #[serde(default)]
    pub bye_points: ByePoints,
    /// How a bye enters 对手分 (D7). Default `zero`.
    #[serde(default)]
    pub bye_opponent_score: ByeOpponentScore,
    /// Tie-break chain after 积分/场分, in order; players equal on all share the place.
    #[serde(default = "default_chain")]
    pub tie_breaks: Vec<TieBreakId>,
    /// Round robin only: play the table twice, colours swapped (decisions.md). Default false.
    #[serde(default)]
    pub double_round_robin: bool,
    /// Swiss round 1 colours. Default `odd-red`.
    #[serde(default)]
    pub round1_colours: Round1Colours,
    /// Swiss: avoid pairs of players who both strongly need the same colour (seed 002 (三)4).
    /// Default true.
    #[serde(default = "default_true")]
    pub avoid_third_colour: bool,
    /// Swiss: 同单位回避 — players of one unit (单位) are not paired with each other in rounds
    /// `1..=N` wherever the field allows it: the fewest same-unit pairs first, then 同分者编对
    /// and the colour rules; never at the cost of a rematch, an unpaired player or the bye's
    /// rule. Common in Chinese regulations (规程), not in the seeds. Default 0 (off).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub avoid_same_unit_rounds: u32,
    /// Knockout: play-offs (附加赛) of a drawn match, in order; the last should be decisive
    /// (`draw_black_wins`). Default: 2 rapid games, 2 blitz games, one decider.
    #[serde(
        default = "default_playoffs",
        skip_serializing_if = "is_default_playoffs"
    )]
    pub playoffs: Vec<Playoff>,
    /// Knockout: a third-place match beside the final. Default false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub third_place: bool,
    /// Double knockout: a second grand final when the losers' bracket player wins the first.
    /// Default true.
    #[serde(default = "default_true", skip_serializing_if = "is_true")]
    pub grand_final_reset: bool,
    /// How a withdrawn player's games count: `keep` (default) or `annul`.
    #[serde(default, skip_serializing_if = "is_keep")]
    pub withdrawal_results: WithdrawalResults,
    /// Team events: the line-up system, `fixed-boards` (分台定人制), `fixed-order` (分台换人制,
    /// default) or `free` (临时定台制).
    #[serde(default, skip_serializing_if = "is_fixed_order")]
    pub lineup_system: crate::team::LineupSystem,
    /// Team events: 全队轮赛制 (全队循环制) — every member of one team's line-up plays every
    /// member of the other's, `team_boards`² games in `team_boards` sub-rounds
    /// ([`crate::team::all_play_all`]), instead of one game per board. Default false.
    #[serde(default, skip_serializing_if = "is_false")]
    pub all_play_all: bool,
}

fn is_fixed_order(l: &crate::team::LineupSystem) -> bool {
    *l == crate::team::LineupSystem::FixedOrder
}

impl Default for EventConfig {
    /// Every key at its documented default: the 积分编排制 of seed 002 (积分 → 对手分 → 胜局 →
    /// 犯规 → 后走胜局 → 后走局数 → scores after the previous rounds backwards; bye = win (D6),
    /// 对手分 of a bye 0 (D7)). The presets of the shipped rulesets are their `[event]` tables.
    fn default() -> Self {
        EventConfig {
            pairing: default_pairing(),
            points: PointSystem::OneHalfZero,
            games_per_match: 1,
            team_boards: 0,
            match_points: PointSystem::OneHalfZero,
            bye_points: ByePoints::Win,
            bye_opponent_score: ByeOpponentScore::Zero,
            tie_breaks: default_chain(),
            double_round_robin: false,
            round1_colours: Round1Colours::OddRed,
            avoid_third_colour: true,
            avoid_same_unit_rounds: 0,
            playoffs: default_playoffs(),
            third_place: false,
            grand_final_reset: true,
            withdrawal_results: WithdrawalResults::Keep,
            lineup_system: crate::team::LineupSystem::FixedOrder,
            all_play_all: false,
        }
    }
}

impl EventConfig {
    /// Reads an `[event]` table (as a ruleset keeps it, raw): unknown keys, unknown ids and
    /// values out of range are refused. Errors carry no location (a table has none); to locate
    /// them in a file, deserialize the table from the text and call [`EventConfig::validate`].
    pub fn from_table(table: &toml::Table) -> Result<EventConfig, ConfigError> {
        let cfg: EventConfig =
            toml::Value::Table(table.clone())
                .try_into()
                .map_err(|e: toml::de::Error| {
                    ConfigError::Toml(format!("[event] {}", e.message().trim()))
                })?;
        cfg.validate()?;
        Ok(cfg)
    }

    /// Reads the `[event]` table of a ruleset TOML document (other top-level keys are ignored;
    /// a ruleset without `[event]` gets the defaults).
    pub fn from_ruleset_toml(text: &str) -> Result<EventConfig, ConfigError> {
        #[derive(Deserialize)]
        struct Outer {
            event: Option<EventConfig>,
        }
        let outer: Outer =
            toml::from_str(text).map_err(|e| ConfigError::Toml(toml_error_line(text, &e)))?;
        let cfg = outer.event.unwrap_or_default();
        cfg.validate()?;
        Ok(cfg)
    }

    /// Checks combinations the types cannot express.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(1..=2).contains(&self.games_per_match) {
            return Err(ConfigError::Invalid {
                key: "games_per_match",
                message: format!(
                    "games_per_match must be 1 or 2, not {}",
                    self.games_per_match
                ),
            });
        }
        if self.team_boards > MAX_TEAM_BOARDS {
            return Err(ConfigError::Invalid {
                key: "team_boards",
                message: format!(
                    "team_boards {} is out of range: expected 0 to {MAX_TEAM_BOARDS}",
                    self.team_boards
                ),
            });
        }
        if self.team_boards > 0 && self.games_per_match != 1 {
            return Err(ConfigError::Invalid {
                key: "games_per_match",
                message: "team events play one game per board: games_per_match must be 1".into(),
            });
        }
        if self.all_play_all && self.team_boards == 0 {
            return Err(ConfigError::Invalid {
                key: "all_play_all",
                message: "全队轮赛制 is a team match: set team_boards (the members of a line-up)"
                    .into(),
            });
        }
        for p in &self.playoffs {
            if !(1..=2).contains(&p.games) {
                return Err(ConfigError::Invalid {
                    key: "playoffs",
                    message: format!(
                        "play-off {:?}: games must be 1 or 2, not {}",
                        p.name, p.games
                    ),
                });
            }
        }
        if self.avoid_same_unit_rounds > 0
            && (self.team_boards > 0
                || self
                    .pairing_system()
                    .is_ok_and(|system| system.predetermined))
        {
            return Err(ConfigError::Invalid {
                key: "avoid_same_unit_rounds",
                message: "同单位回避 (avoid_same_unit_rounds) belongs to the individual Swiss (积分编排制): the pairing is not one".into(),
            });
        }
        let mut seen = std::collections::HashSet::new();
        for t in &self.tie_breaks {
            if !seen.insert(&t.0) {
                return Err(ConfigError::Invalid {
                    key: "tie_breaks",
                    message: format!("tie-break {:?} is listed twice", t.0),
                });
            }
        }
        Ok(())
    }

    /// Games played in one pairing (boards in a team match; boards² under 全队轮赛制).
    pub fn games_in_match(&self) -> usize {
        if self.team_boards > 0 && self.all_play_all {
            self.team_boards as usize * self.team_boards as usize
        } else if self.team_boards > 0 {
            self.team_boards as usize
        } else {
            self.games_per_match as usize
        }
    }

    /// The pairing system of this configuration.
    pub fn pairing_system(&self) -> Result<&'static PairingSystem, PairingError> {
        PairingSystem::by_id(&self.pairing.0).ok_or_else(|| {
            PairingError::Other(format!("unknown pairing system {:?}", self.pairing.0))
        })
    }

    /// Points for a bye.
    pub fn bye_value(&self) -> crate::score::Points {
        let sys = if self.games_in_match() > 1 {
            self.match_points
        } else {
            self.points
        };
        match self.bye_points {
            ByePoints::Win => sys.win(),
            ByePoints::Draw => sys.draw(),
            ByePoints::Loss => sys.loss(),
        }
    }

    /// The chain as plain ids.
    pub fn chain(&self) -> Vec<String> {
        self.tie_breaks.iter().map(|t| t.0.clone()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_event_table_and_ignores_the_rest() {
        let cfg = EventConfig::from_ruleset_toml(
            "id = \"x\"\n[other]\na = 1\n[event]\npairing = \"berger\"\ntie_breaks = [\"sonneborn-berger\", \"fouls\"]\n",
        )
        .unwrap();
        assert_eq!(cfg.pairing.0, "berger");
        assert_eq!(cfg.points, PointSystem::OneHalfZero);
    }

    #[test]
    fn unknown_keys_and_ids_are_refused() {
        let e = EventConfig::from_ruleset_toml("[event]\npairng = \"berger\"\n").unwrap_err();
        assert!(e.to_string().contains("pairng"), "{e}");
        let e = EventConfig::from_ruleset_toml("[event]\npairing = \"dutch\"\n").unwrap_err();
        assert!(e.to_string().contains("unknown pairing system"), "{e}");
        let e = EventConfig::from_ruleset_toml("[event]\ntie_breaks = [\"median\"]\n").unwrap_err();
        assert!(e.to_string().contains("median"), "{e}");
        let e = EventConfig::from_ruleset_toml("[event]\npoints = \"3-1-0\"\n").unwrap_err();
        assert!(e.to_string().contains("3-1-0"), "{e}");
    }

    #[test]
    fn from_table_reads_honours_and_refuses() {
        let t: toml::Table =
            toml::from_str("pairing = \"berger\"\nbye_points = \"loss\"\n").unwrap();
        let cfg = EventConfig::from_table(&t).unwrap();
        assert_eq!(cfg.pairing.0, "berger");
        assert_eq!(cfg.bye_points, ByePoints::Loss);
        for bad in [
            "pairng = 1",
            "games_per_match = 3",
            "team_boards = 40",
            "points = \"x\"",
        ] {
            let t: toml::Table = toml::from_str(bad).unwrap();
            assert!(EventConfig::from_table(&t).is_err(), "{bad}");
        }
        let t: toml::Table = toml::from_str("games_per_match = 3").unwrap();
        assert_eq!(
            EventConfig::from_table(&t).unwrap_err().key(),
            Some("games_per_match")
        );
    }

    #[test]
    fn defaults_round_trip_through_toml() {
        let cfg = EventConfig::default();
        #[derive(Serialize)]
        struct Outer<'a> {
            event: &'a EventConfig,
        }
        let text = toml::to_string(&Outer { event: &cfg }).unwrap();
        assert_eq!(EventConfig::from_ruleset_toml(&text).unwrap(), cfg);
    }
}
