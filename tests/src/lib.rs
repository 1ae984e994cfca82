//! Shared helpers for the xq conformance tests: the `.perft` file format, an independent
//! reference move generator, repetition case files, random playouts, and access to the team's
//! shared data folder.

pub mod cases;
pub mod ccpd_games;
pub mod perft_file;
pub mod playout;
pub mod reference;
pub mod shared;
