//! Shared helpers for the xq conformance tests: the `.perft` file format, an independent
//! reference move generator, and access to the team's shared data folder.

pub mod perft_file;
pub mod reference;
pub mod shared;
