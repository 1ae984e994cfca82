//! # xiangqi — the xq facade
//!
//! One crate that re-exports every part of xq and links every rule edition, so that the editions'
//! `inventory` registrations (and the rulesets they ship) are seen by whoever depends on this
//! crate. The editions linked: `cn-1987`, `cn-2020` (on cn-1987), `axf`, `computer-2007` (on
//! axf). Adding one is a line here, a line in its `Cargo.toml` and one in the workspace's.
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
//! | [`forms`] | `xiangqi-forms` | the printed forms (`Form`: 成绩表, 编排记录表, 编排卡, 计分单 …) as A4 HTML and text; CSV and JSON exports |
//! | [`rules`] | `xiangqi-rules` | the catalogue: `RuleEdition`, `Ruleset`, `Arbiter` |
//! | [`game`] | `xiangqi-game` | the arbiter's live game log: clocks, offers, claims, 违例/犯规 |
//! | [`judgement`] | (here) | one game under several rulesets; the `xq judge --json` document |
//! | [`batch`] | (here) | a database judged in parallel, streaming; the federation's summary |
//!
//! ## Bindings
//!
//! Front ends in other languages wrap this crate: the Python wheel (`crates/python`, PyO3) holds
//! no rules logic, only conversions. The calls it uses take plain data in (FEN and move text,
//! file paths or bytes, ruleset ids or TOML paths) and give owned values or JSON back, with no
//! borrow kept between calls ([`batch::Batch`] owns its arbiters and its input). A WebAssembly
//! crate for browser boards would be the same thin wrapper with `wasm-bindgen`: positions and
//! notation from [`movegen`] and [`notation`], rulings as the JSON of
//! [`judgement::judgement_json`].

pub mod batch;
pub mod judgement;

pub use xiangqi_adjudication as adjudication;
pub use xiangqi_board as board;
pub use xiangqi_diagram as diagram;
pub use xiangqi_event as event;
pub use xiangqi_forms as forms;
pub use xiangqi_game as game;
pub use xiangqi_movegen as movegen;
pub use xiangqi_notation as notation;
pub use xiangqi_rules as rules;
pub use xiangqi_scheduling as scheduling;

// Link every edition plugin so its `inventory` registration is part of the binary.
use xiangqi_rules_axf as _;
use xiangqi_rules_cn1987 as _;
use xiangqi_rules_cn2020 as _;
use xiangqi_rules_computer2007 as _;

/// Reads the event file `path` as the desk and `xq event` read it: first the finished game
/// logs of its boards are landed ([`game::landing`]: a result that a crash between a log's
/// write and its board's kept off the board is entered now; a board holding another result is
/// reported, not changed), then the event is read. A program that reads events should call
/// this rather than [`event::Store::read`], so that it never shows a finished game's board as
/// open.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("xq-read-event-{}", std::process::id()));
/// std::fs::create_dir_all(&dir)?;
/// let path = dir.join("club.toml");
/// # let _ = std::fs::remove_file(&path);
/// let ev = xiangqi::event::Event::new(
///     "Club", "cn-1987", Default::default(),
///     vec![("甲".into(), String::new()), ("乙".into(), String::new())],
///     1, Some(1), false,
/// )?;
/// xiangqi::event::Store::new(&path).create(&ev)?;
/// let (read, landing) = xiangqi::read_event(&path)?;
/// assert_eq!(read.name, "Club");
/// assert!(landing.landed.is_empty() && landing.conflicts.is_empty());
/// # std::fs::remove_dir_all(&dir)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_event(
    path: &std::path::Path,
) -> Result<(event::Event, game::landing::Landing), event::StoreError> {
    let landing = game::landing::LogScan::default().land(path);
    let ev = event::Store::<event::Event>::new(path).read()?;
    Ok((ev, landing))
}

/// The README's examples, compiled and run as doctests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
