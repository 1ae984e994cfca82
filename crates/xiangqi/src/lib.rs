//! # xiangqi — the xq facade
//!
//! One crate that re-exports every part of xq and links every rule edition, so that the editions'
//! `inventory` registrations are seen by whoever depends on this crate.
//!
//! | module | crate | what |
//! |---|---|---|
//! | [`board`] | `xiangqi-board` | squares, pieces, bitboards, `Setup`, FEN |
//! | [`movegen`] | `xiangqi-movegen` | validated `Position`, legal moves, check, Zobrist, perft |
//! | [`notation`] | `xiangqi-notation` | ICCS, WXF, Chinese notation; PGN, XQF, DhtmlXQ |
//! | [`adjudication`] | `xiangqi-adjudication` | game records, repetition cycles, per-ply facts |
//! | [`scheduling`] | `xiangqi-scheduling` | pairing systems (round robin, Swiss, knockouts, groups, teams), scores, tie-breaks |
//! | [`diagram`] | `xiangqi-diagram` | SVG and terminal diagrams of a position |
//! | [`event`] | `xiangqi-event` | the event document (`Event`) and its file store (lock, atomic writes), safe output files |
//! | [`rules`] | `xiangqi-rules` | the catalogue: `RuleEdition`, `Ruleset`, `Arbiter` |
//! | [`game`] | `xiangqi-game` | the arbiter's live game log: clocks, offers, claims, 违例/犯规 |

pub use xiangqi_adjudication as adjudication;
pub use xiangqi_board as board;
pub use xiangqi_diagram as diagram;
pub use xiangqi_event as event;
pub use xiangqi_game as game;
pub use xiangqi_movegen as movegen;
pub use xiangqi_notation as notation;
pub use xiangqi_rules as rules;
pub use xiangqi_scheduling as scheduling;

// Link every edition plugin so its `inventory` registration is part of the binary.
use xiangqi_rules_axf as _;
use xiangqi_rules_cn1987 as _;
