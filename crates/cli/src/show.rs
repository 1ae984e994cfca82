//! `xq show`: Show a board diagram after a move list (text, JSON or SVG). (stub: the owning issue replaces this file.)

use crate::CliError;

/// Arguments of `xq show`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Arguments (not parsed yet).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

/// Runs `xq show`.
pub fn run(args: Args) -> Result<(), CliError> {
    Err(CliError::input(format!("`xq show` is not available yet (got {:?})", args.rest)))
}
