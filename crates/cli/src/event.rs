//! `xq event …` — owned by the scheduling work (see the scheduling issue).

use crate::CliError;

/// Arguments of `xq event`.
#[derive(clap::Args, Debug)]
pub struct EventArgs {
    /// Sub-command and its arguments.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    rest: Vec<String>,
}

/// Runs `xq event`.
pub fn run(args: EventArgs) -> Result<(), CliError> {
    Err(CliError::input(format!(
        "event commands are not available yet (got {:?})",
        args.rest
    )))
}
