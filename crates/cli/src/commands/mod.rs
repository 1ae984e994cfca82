//! The subcommands of `xq`, one module each (a subcommand with subcommands of its own is a
//! folder, one file per subcommand).

pub mod convert;
pub mod event;
pub mod game;
pub mod judge;
pub mod perft;
pub mod report;
pub mod rulesets;
#[cfg(feature = "desk")]
pub mod serve;
pub mod show;
