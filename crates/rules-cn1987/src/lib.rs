//! # xiangqi-rules-cn1987 — the 1987 Chinese competition rules (中国象棋竞赛规则 1987, 棋例)
//!
//! The edition plugin for the Chinese rules as published in 1987 (revised 1989), read through the
//! 1991 arbiter's book (陈瑞权、霍文会《象棋规则棋例裁判》). Chapter 5 of the 1987 text (棋例) is not
//! available to us; the definitions are readings of the texts that are (the 1987 rules' general
//! provisions, the 1991 book's rulings and its 80 diagrams), each listed with its source and its
//! cases in `READINGS.md`, and the choices of `docs/decisions.md`.
//!
//! The edition is [`Cn1987`]: it implements [`xiangqi_rules::RuleEdition`] and registers itself
//! as `cn-1987`; a [`xiangqi_rules::Ruleset`] naming that edition builds it (its `[options]` are
//! [`Cn1987Options`]). Inside:
//!
//! - the classification of one ply: 将 (check), 杀 (mate threat), 捉 (chase by the material-gain
//!   test, including 要抽吃子 and 联合捉), or 闲 (idle) with its kinds 兑 / 献 / 拦 / 跟 and the idle
//!   attacks 兵卒捉子 / 将帅捉子 / 自毙 — given to the catalogue as a [`xiangqi_rules::PlyClass`]
//!   whose typed fields carry them;
//! - the cycle ruling, read from those classes: each side's label (长将, 长捉, 一将一捉, 一捉一闲,
//!   兵卒长捉, …) and the verdict table of the 棋例总纲;
//! - [`material`]: the edition's own query, the material-gain (得子) search by a value table;
//! - [`memo`]: the edition's memos, keyed on the whole position.
//!
//! Every reading of the rule text the edition makes is listed in `READINGS.md` beside this crate.
//!
//! ```
//! use xiangqi_rules::{Arbiter, JudgeOptions, Ruleset};
//! use xiangqi_adjudication::GameRecord;
//! use xiangqi_movegen::{Move, Position};
//! # use xiangqi_rules_cn1987 as _;
//! // Red checks back and forth, Black's king steps aside and back: 长将 against 闲.
//! let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1")?;
//! let moves: Vec<Move> = "a0a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9"
//!     .split(' ').map(|m| Move::from_iccs(m).unwrap()).collect();
//! let record = GameRecord::new(pos, moves)?;
//! let arbiter = Arbiter::new(Ruleset::load("cn-1987")?)?;
//! let ruling = arbiter.judge(&record, JudgeOptions::default());
//! assert_eq!(ruling.repetitions[0].red, "长将");
//! assert_eq!(ruling.repetitions[0].verdict.as_str(), "red-must-vary");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod classify;
mod cycle;
pub mod edition;
pub mod material;
pub mod memo;

pub use classify::Params;
pub use edition::{Cn1987, Cn1987Options, Readings};

/// The README's examples, compiled and run as doctests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
