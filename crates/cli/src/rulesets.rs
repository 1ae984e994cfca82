//! `xq rulesets`: The rules catalogue: list, show, check. (stub: the owning issue replaces this file.)

use crate::CliError;

/// Arguments of `xq rulesets`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// Arguments (not parsed yet).
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

/// Runs `xq rulesets`.
pub fn run(args: Args) -> Result<(), CliError> {
    Err(CliError::input(format!("`xq rulesets` is not available yet (got {:?})", args.rest)))
}
