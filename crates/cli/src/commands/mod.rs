//! The subcommands of `xq`, one module each.

pub mod event;
pub mod game;
