//! # xiangqi-rules-cn1987 — the 1987 Chinese competition rules (中国象棋竞赛规则 1987, 棋例)
//!
//! The edition plugin for the Chinese rules as published in 1987 (revised 1989), read through the
//! 1991 arbiter's book (陈瑞权、霍文会《象棋规则棋例裁判》). Chapter 5 of the 1987 text (棋例) is not
//! available to us; the definitions follow the reconstruction in `spec/rules.md` §1.2–1.5, §2,
//! §4.1, §5 and the choices of `spec/decisions.md`.
//!
//! - [`classify()`]: one ply → 将 (check), 杀 (mate threat), 捉 (chase by the material-gain test,
//!   including 要抽吃子), or 闲 (idle) with its kinds 兑 / 献 / 拦 / 跟.
//! - [`cycle`]: each side's cycle label (长将, 长捉, 一将一捉, 一捉一闲, 兵卒长捉, …) and the verdict
//!   table of the 棋例总纲.

pub mod classify;
pub mod cycle;
pub mod edition;
pub mod material;
pub mod memo;

pub use classify::{Class, IdleKind, Params, classify, classify_in_game};
pub use cycle::{CycleRuling, PlyJudgment, SideLabel, Standing, Verdict, rule_cycle};
pub use edition::Cn1987;
