//! `xq convert`: Convert game files or move lists between notations. (stub: the owning issue replaces this file.)

use crate::CliError;

/// Arguments of `xq convert`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Arguments (not parsed yet).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

/// Runs `xq convert`.
pub fn run(args: Args) -> Result<(), CliError> {
    Err(CliError::input(format!("`xq convert` is not available yet (got {:?})", args.rest)))
}
