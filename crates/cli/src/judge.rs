//! `xq judge`: Rule a game under one or more rulesets. (stub: the owning issue replaces this file.)

use crate::CliError;

/// Arguments of `xq judge`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Arguments (not parsed yet).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

/// Runs `xq judge`.
pub fn run(args: Args) -> Result<(), CliError> {
    Err(CliError::input(format!("`xq judge` is not available yet (got {:?})", args.rest)))
}
