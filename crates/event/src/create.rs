//! Creating an event file (新建比赛): the choices of `xq event new` and of the desk's 新建 form,
//! checked and turned into an [`Event`] by the same code, with the same refusals and messages,
//! and the line that names the system and its tie-break chain.

use std::path::Path;

use xiangqi_rules::{Ruleset, RulesetError};
use xiangqi_scheduling::team::{LineupSystem, Member};
use xiangqi_scheduling::{EventConfig, PairingSystemId, PointSystem, TieBreakId};
use xiangqi_scheduling::{round_robin_rounds, swiss_rounds};

use crate::stages::{Entrant, StagePlan, StageSystem};
use crate::{Event, EventError, Store, StoreError};

/// Why an event could not be created; the message is the one `xq event new` prints.
#[derive(Debug, thiserror::Error)]
pub enum NewEventError {
    /// The file to create is there already.
    #[error("{0}: already exists")]
    Exists(String),
    /// A choice is refused (the message names the option as `xq event new` spells it).
    #[error("{0}")]
    Choice(Choice),
    /// The event built from the choices is refused by the scheduling rules.
    #[error("{file}: {error}")]
    Refused {
        /// The file, as named.
        file: String,
        /// Why.
        error: EventError,
    },
    /// The store could not write the file.
    #[error(transparent)]
    Store(#[from] StoreError),
}

fn choice(why: Choice) -> NewEventError {
    NewEventError::Choice(why)
}

/// A refused choice of `xq event new` (and of the desk's 新建 form): `Display` names the
/// option as the command line spells it, [`Choice::zh`] the form's field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Choice {
    /// A player's rating is not a whole number.
    #[error("--player {line:?}: the rating {rating:?} is not a whole number")]
    PlayerRating {
        /// The player's line.
        line: String,
        /// The rating as given.
        rating: String,
    },
    /// A team is not `NAME[,UNIT]:MEMBER,MEMBER…`.
    #[error("--team {0:?}: expected NAME[,UNIT]:MEMBER,MEMBER…")]
    TeamSyntax(String),
    /// A team member's rating is not a number.
    #[error("--team {team:?}: rating {rating:?} is not a number")]
    TeamRating {
        /// The team's line.
        team: String,
        /// The rating as given.
        rating: String,
    },
    /// `--rounds 0`.
    #[error("--rounds 0: an event has at least one round")]
    NoRounds,
    /// The ruleset cannot be loaded or used.
    #[error("--ruleset {ruleset}: {error}")]
    Ruleset {
        /// The ruleset as named.
        ruleset: String,
        /// Why (the ruleset reader's message, with file, line and column).
        error: String,
    },
    /// Not a system.
    #[error("--system {0}: expected swiss, round-robin, knockout, double-knockout or groups")]
    System(String),
    /// Groups given for another system.
    #[error("--groups: only with --system groups")]
    GroupsWithoutGroups,
    /// Rounds given for a knockout or groups event.
    #[error("--rounds: a {} event's rounds follow from its field", .0.name())]
    RoundsFollow(StageSystem),
    /// Not 1 or 2 games per pairing.
    #[error(
        "--games {0}: expected 1 or 2 (matches of three or more games, 多局制, are not supported yet)"
    )]
    Games(u8),
    /// Two games per board in a team event.
    #[error(
        "--games {0} with --team-boards: two games per board (分先) are not supported; a team match is one game per board"
    )]
    TeamGames(u8),
    /// 同单位回避 asked for another system than the individual Swiss.
    #[error(
        "--avoid-same-unit {0}: 同单位回避 in the first rounds belongs to the individual Swiss (积分编排制); groups keep units apart with --separate-units"
    )]
    AvoidSameUnit(u32),
    /// Not a line-up system.
    #[error("--lineup-system {0}: expected fixed-boards, fixed-order or free")]
    LineupSystem(String),
    /// Teams without boards per match.
    #[error("--team: give --team-boards N (boards per match)")]
    TeamBoards,
    /// Both teams and players.
    #[error("--team and --player: an event has teams or players")]
    TeamsAndPlayers,
    /// The players file could not be read (its reader's message).
    #[error("{0}")]
    PlayersFile(String),
    /// A round robin cut short without `--allow-partial`.
    #[error(
        "--rounds {rounds}: a round robin of {players} players has {full} rounds; cut it short only with --allow-partial (or use --system swiss)"
    )]
    Partial {
        /// The rounds asked for.
        rounds: u32,
        /// The players.
        players: u32,
        /// The rounds of the full table.
        full: u32,
    },
    /// Not a final's system.
    #[error("--final {0}: expected round-robin, knockout or double-knockout")]
    Final(String),
    /// Groups without their number.
    #[error("--system groups needs --groups K")]
    GroupsCount,
}

/// The choices an event is created from (`xq event new`'s options; the desk's 新建 form).
#[derive(Clone, Debug)]
pub struct NewEvent {
    /// Event name (比赛名称).
    pub name: String,
    /// Division (组别), e.g. `男子组`; empty for none.
    pub division: String,
    /// Ruleset id (`cn-1987`, `axf`) or path to a ruleset TOML.
    pub ruleset: String,
    /// `swiss`, `round-robin`, `knockout`, `double-knockout` or `groups`; `None`: the ruleset's.
    pub system: Option<String>,
    /// Rounds (Swiss, round robin).
    pub rounds: Option<u32>,
    /// Allow a round robin cut short of its full table.
    pub allow_partial: bool,
    /// Groups: how many groups (分组).
    pub groups: Option<usize>,
    /// Groups: places of each group that go to the final.
    pub advance: u32,
    /// Groups: the final's system (`round-robin`, `knockout`, `double-knockout`).
    pub final_system: String,
    /// Groups: players of one unit in different groups when possible (同单位回避).
    pub separate_units: bool,
    /// Groups: placement round robins (名次赛) after the final.
    pub placement: bool,
    /// Swiss: 同单位回避 in rounds `1..=N` (players of one unit not paired with each other
    /// wherever the field allows it); 0 = off.
    pub avoid_same_unit_rounds: u32,
    /// Games per pairing: 1 (一局制) or 2 (两局制).
    pub games: Option<u8>,
    /// Knockout: a third-place match.
    pub third_place: bool,
    /// Double knockout: no second grand final.
    pub no_reset: bool,
    /// Players, one per `NAME`, `NAME,UNIT` or `NAME,UNIT,RATING`.
    pub players: Vec<String>,
    /// Teams, each `NAME[,UNIT]:MEMBER[=RATING],MEMBER…`.
    pub teams: Vec<String>,
    /// Team events: boards per match.
    pub team_boards: Option<u8>,
    /// Team events: `fixed-boards` (分台定人制), `fixed-order` (分台换人制) or `free` (临时定台制).
    pub lineup_system: Option<String>,
    /// Team events: 全队轮赛制.
    pub all_play_all: bool,
    /// Lot seed.
    pub seed: u64,
    /// Keep the given order as pairing numbers instead of drawing lots.
    pub no_lot: bool,
}

impl Default for NewEvent {
    fn default() -> Self {
        NewEvent {
            name: "event".into(),
            division: String::new(),
            ruleset: "axf".into(),
            system: None,
            rounds: None,
            allow_partial: false,
            groups: None,
            advance: 2,
            final_system: "round-robin".into(),
            separate_units: false,
            placement: false,
            avoid_same_unit_rounds: 0,
            games: None,
            third_place: false,
            no_reset: false,
            players: Vec::new(),
            teams: Vec::new(),
            team_boards: None,
            lineup_system: None,
            all_play_all: false,
            seed: 1,
            no_lot: false,
        }
    }
}

/// An event created: the event written, its system, and whether its entrants are teams.
#[derive(Clone, Debug)]
pub struct Created {
    /// The event as written.
    pub event: Event,
    /// Its system.
    pub system: StageSystem,
    /// `true` if the entrants are teams.
    pub teams: bool,
}

/// The `[event]` table of a ruleset, read by its owner (`scheduling`) with every problem located
/// by file, line and column; a ruleset without one gets the documented defaults.
pub fn event_config_of(rs: &Ruleset) -> Result<EventConfig, RulesetError> {
    let cfg = rs.section::<EventConfig>("event")?.unwrap_or_default();
    cfg.validate()
        .map_err(|e| rs.error_in_section("event", e.key(), e.message()))?;
    Ok(cfg)
}

/// Parses a player `NAME`, `NAME,UNIT` or `NAME,UNIT,RATING` (运动员, 单位, 等级分). A UTF-8
/// byte-order mark (U+FEFF, left at the start of a list saved by some editors) is not part of
/// the name.
pub fn parse_player(line: &str) -> Result<Entrant, NewEventError> {
    let line = line.trim_start_matches('\u{feff}');
    let mut parts = line
        .splitn(3, ',')
        .map(|p| p.trim().trim_matches('\u{feff}'));
    let name = parts.next().unwrap_or_default().to_string();
    let club = parts.next().unwrap_or_default().to_string();
    let rating = match parts.next() {
        None | Some("") => None,
        Some(r) => Some(r.parse::<u32>().map_err(|_| {
            choice(Choice::PlayerRating {
                line: line.to_string(),
                rating: r.to_string(),
            })
        })?),
    };
    Ok(Entrant { name, club, rating })
}

/// Parses a team `NAME[,UNIT]:MEMBER[=RATING],MEMBER…` (队名, 单位, 队员 in board order).
pub fn parse_team(s: &str) -> Result<(Entrant, Vec<Member>), NewEventError> {
    let (head, roster) = s
        .split_once(':')
        .ok_or_else(|| choice(Choice::TeamSyntax(s.to_string())))?;
    let e = parse_player(head)?;
    let members = roster
        .split(',')
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .map(|m| match m.split_once('=') {
            Some((n, r)) => r
                .trim()
                .parse::<u32>()
                .map(|r| Member {
                    name: n.trim().to_string(),
                    rating: Some(r),
                })
                .map_err(|_| {
                    choice(Choice::TeamRating {
                        team: s.to_string(),
                        rating: r.to_string(),
                    })
                }),
            None => Ok(Member {
                name: m.to_string(),
                rating: None,
            }),
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok((e, members))
}

/// `A`, `B`, … for groups.
pub fn group_name(g: usize) -> String {
    char::from_u32('A' as u32 + g as u32).map_or(format!("{}", g + 1), |c| c.to_string())
}

impl NewEvent {
    /// Creates the event file `path` (refused if it exists; race-free) from these choices.
    /// `more_players` gives further player lines (a players file), read only once every choice
    /// before it has passed, as `xq event new` reads `--players-file`.
    pub fn create(
        &self,
        path: &Path,
        more_players: impl FnOnce() -> Result<Vec<String>, String>,
    ) -> Result<Created, NewEventError> {
        let file = path.display().to_string();
        if path.exists() {
            return Err(NewEventError::Exists(file));
        }
        let created = self.build(&file, more_players)?;
        Store::new(path).create(&created.event)?;
        Ok(created)
    }

    /// Checks the choices and builds the event (nothing is written); `file` names the file in
    /// refusals.
    pub fn build(
        &self,
        file: &str,
        more_players: impl FnOnce() -> Result<Vec<String>, String>,
    ) -> Result<Created, NewEventError> {
        let a = self;
        if a.rounds == Some(0) {
            return Err(choice(Choice::NoRounds));
        }
        // checked as `xq rulesets check` does: it loads, names a linked edition, and every
        // parameter is valid for it
        Ruleset::load(&a.ruleset)
            .and_then(|rs| rs.build().map(|_| ()))
            .map_err(|e| {
                choice(Choice::Ruleset {
                    ruleset: a.ruleset.clone(),
                    error: e.to_string(),
                })
            })?;
        let mut config = Ruleset::load(&a.ruleset)
            .and_then(|rs| event_config_of(&rs))
            .map_err(|e| {
                choice(Choice::Ruleset {
                    ruleset: a.ruleset.clone(),
                    error: e.to_string(),
                })
            })?;
        let system = match a.system.as_deref() {
            None if config.pairing.0 == "berger" => StageSystem::RoundRobin,
            None => StageSystem::Swiss,
            Some("swiss") => StageSystem::Swiss,
            Some("round-robin") => StageSystem::RoundRobin,
            Some("knockout") => StageSystem::Knockout,
            Some("double-knockout") => StageSystem::DoubleKnockout,
            Some("groups") => StageSystem::Groups,
            Some(o) => {
                return Err(choice(Choice::System(o.to_string())));
            }
        };
        match system {
            StageSystem::Swiss if config.pairing.0 != "swiss-cn" => {
                // the built-in seed-002 Swiss preset, scored as the ruleset scores
                config = EventConfig {
                    points: config.points,
                    match_points: config.match_points,
                    games_per_match: config.games_per_match,
                    team_boards: config.team_boards,
                    playoffs: config.playoffs.clone(),
                    ..EventConfig::default()
                };
            }
            StageSystem::RoundRobin | StageSystem::Groups => {
                config.pairing = PairingSystemId("berger".into());
            }
            _ => {}
        }
        if a.groups.is_some() && system != StageSystem::Groups {
            return Err(choice(Choice::GroupsWithoutGroups));
        }
        if a.rounds.is_some() && (system.is_knockout() || system == StageSystem::Groups) {
            return Err(choice(Choice::RoundsFollow(system)));
        }
        if let Some(g) = a.games {
            if !(1..=2).contains(&g) {
                return Err(choice(Choice::Games(g)));
            }
            config.games_per_match = g;
        }
        if a.team_boards.is_some() && a.games.is_some_and(|g| g > 1) {
            // never a silently dropped flag: 分先 per board (1987 ch.3) is not played yet
            return Err(choice(Choice::TeamGames(a.games.unwrap_or(2))));
        }
        if a.games == Some(2)
            && matches!(system, StageSystem::RoundRobin | StageSystem::Groups)
            && config.tie_breaks.iter().any(|t| t.0 == "sonneborn-berger")
            && !config.tie_breaks.iter().any(|t| t.0 == "game-points")
        {
            // 1987 两局制 round robin: 场分 → 小分 (on 场分) → 局分, then the ruleset's rest
            let at = config
                .tie_breaks
                .iter()
                .position(|t| t.0 == "sonneborn-berger")
                .map_or(0, |i| i + 1);
            config
                .tie_breaks
                .insert(at, TieBreakId("game-points".to_string()));
        }
        if let Some(b) = a.team_boards {
            // seed 003 团体赛成绩记分法: 场分 2/1/0 from 局分; round robin 场分 → 局分 → 违例,
            // Swiss 场分 → 团体对手分 → 局分 → 违例
            config.team_boards = b;
            config.games_per_match = 1;
            config.match_points = PointSystem::TwoOneZero;
            let chain: &[&str] = if system == StageSystem::Swiss {
                &["buchholz", "game-points", "fouls"]
            } else {
                &["game-points", "fouls"]
            };
            config.tie_breaks = chain.iter().map(|t| TieBreakId(t.to_string())).collect();
        }
        if let Some(l) = &a.lineup_system {
            config.lineup_system = match l.as_str() {
                "fixed-boards" => LineupSystem::FixedBoards,
                "fixed-order" => LineupSystem::FixedOrder,
                "free" => LineupSystem::Free,
                o => {
                    return Err(choice(Choice::LineupSystem(o.to_string())));
                }
            };
        }
        if a.all_play_all {
            config.all_play_all = true;
        }
        if a.avoid_same_unit_rounds > 0 {
            if system != StageSystem::Swiss || config.team_boards > 0 {
                return Err(choice(Choice::AvoidSameUnit(a.avoid_same_unit_rounds)));
            }
            config.avoid_same_unit_rounds = a.avoid_same_unit_rounds;
        }
        if !a.teams.is_empty() && config.team_boards == 0 {
            return Err(choice(Choice::TeamBoards));
        }
        if !a.teams.is_empty() && !a.players.is_empty() {
            return Err(choice(Choice::TeamsAndPlayers));
        }
        config.third_place |= a.third_place;
        if a.no_reset {
            config.grand_final_reset = false;
        }
        let mut lines: Vec<String> = a.players.clone();
        lines.extend(more_players().map_err(|e| choice(Choice::PlayersFile(e)))?);
        let mut entrants = lines
            .iter()
            .map(|l| parse_player(l))
            .collect::<Result<Vec<_>, _>>()?;
        let rosters = a
            .teams
            .iter()
            .map(|t| parse_team(t))
            .collect::<Result<Vec<_>, _>>()?;
        entrants.extend(rosters.iter().map(|(e, _)| e.clone()));
        let n = entrants.len() as u32;
        let refuse = |error: EventError| NewEventError::Refused {
            file: file.to_string(),
            error,
        };
        let mut ev = match system {
            StageSystem::Swiss | StageSystem::RoundRobin => {
                let rounds = match system {
                    StageSystem::Swiss => Some(a.rounds.unwrap_or_else(|| swiss_rounds(n))),
                    _ => {
                        let full = round_robin_rounds(n, config.double_round_robin);
                        if let Some(r) = a.rounds
                            && r < full
                            && !a.allow_partial
                        {
                            return Err(choice(Choice::Partial {
                                rounds: r,
                                players: n,
                                full,
                            }));
                        }
                        a.rounds
                    }
                };
                let with_ratings = entrants.iter().any(|e| e.rating.is_some());
                let pairs = entrants
                    .iter()
                    .map(|e| (e.name.clone(), e.club.clone()))
                    .collect();
                let mut ev = Event::new(
                    &a.name, &a.ruleset, config, pairs, a.seed, rounds, !a.no_lot,
                )
                .map_err(refuse)?;
                if with_ratings {
                    for p in &mut ev.players {
                        p.rating = entrants
                            .iter()
                            .find(|e| e.name == p.name && e.club == p.club)
                            .and_then(|e| e.rating);
                    }
                }
                ev
            }
            _ => {
                let final_system = match a.final_system.as_str() {
                    "round-robin" => StageSystem::RoundRobin,
                    "knockout" => StageSystem::Knockout,
                    "double-knockout" => StageSystem::DoubleKnockout,
                    o => {
                        return Err(choice(Choice::Final(o.to_string())));
                    }
                };
                if system == StageSystem::Groups && a.groups.is_none() {
                    return Err(choice(Choice::GroupsCount));
                }
                let plan = StagePlan {
                    system,
                    groups: a.groups.unwrap_or(1),
                    advance: a.advance,
                    final_system,
                    separate_units: a.separate_units,
                    placement: a.placement,
                };
                Event::new_staged(
                    &a.name, &a.ruleset, config, entrants, a.seed, !a.no_lot, &plan,
                )
                .map_err(refuse)?
            }
        };
        ev.division = a.division.trim().to_string();
        for p in &mut ev.players {
            if let Some((_, members)) = rosters
                .iter()
                .find(|(e, _)| e.name == p.name && e.club == p.club)
            {
                p.members = members.clone();
            }
        }
        ev.validate().map_err(refuse)?;
        Ok(Created {
            event: ev,
            system,
            teams: !rosters.is_empty(),
        })
    }
}

/// The system and its tie-break chain (or a knockout's decisions), as `xq event new` prints
/// them after `system: ` — e.g. `swiss (积分编排制); tie-breaks: 积分 → buchholz → …`.
pub fn system_line(ev: &Event, system: StageSystem) -> String {
    let chain = ev.config.chain().join(" → ");
    let po: Vec<String> = ev
        .config
        .playoffs
        .iter()
        .map(|p| format!("{} {}×{}", p.name, p.games, p.time_control))
        .collect();
    let ko = |double: bool| {
        format!(
            "{}; drawn matches to play-offs (附加赛): {}; colours by lot (猜先){}",
            if ev.config.team_boards > 0 {
                format!(
                    "{}-board team matches (first-listed team red on odd boards)",
                    ev.config.team_boards
                )
            } else {
                format!("{}-game matches", ev.config.games_per_match)
            },
            if po.is_empty() {
                "none".into()
            } else {
                po.join(", then ")
            },
            if double {
                if ev.config.grand_final_reset {
                    "; grand final with reset"
                } else {
                    "; grand final without reset"
                }
            } else if ev.config.third_place {
                "; third-place match"
            } else {
                ""
            }
        )
    };
    match system {
        StageSystem::Swiss => format!("swiss (积分编排制); tie-breaks: 积分 → {chain}"),
        StageSystem::RoundRobin => format!("round-robin (大循环); tie-breaks: 积分 → {chain}"),
        StageSystem::Knockout => format!("knockout (单淘汰制); {}", ko(false)),
        StageSystem::DoubleKnockout => format!("double-knockout (双淘汰制); {}", ko(true)),
        StageSystem::Groups => {
            let fin = ev.stages.get(1);
            format!(
                "groups (分组循环制): {} groups, round robins; tie-breaks: 积分 → {chain}; then final: {} of the best {} of each group{}{}",
                ev.stages.first().map_or(0, |s| s.groups.len()),
                fin.map_or("", |f| f.system.name()),
                fin.and_then(|f| f.from.as_ref()).map_or(0, |s| s.places),
                match fin.map(|f| f.system) {
                    Some(s) if s.is_knockout() =>
                        format!("; {}", ko(s == StageSystem::DoubleKnockout)),
                    _ => String::new(),
                },
                if ev.stages.len() > 2 {
                    "; then placement round robins (名次赛) by group place"
                } else {
                    ""
                }
            )
        }
    }
}

#[cfg(test)]
mod bom_tests {
    use super::*;

    #[test]
    fn a_byte_order_mark_is_not_part_of_the_name() {
        let e = parse_player("\u{feff}王天一,杭州,2700").unwrap();
        assert_eq!(
            (e.name.as_str(), e.club.as_str(), e.rating),
            ("王天一", "杭州", Some(2700))
        );
        assert_eq!(parse_player("\u{feff}许银川").unwrap().name, "许银川");
    }
}
