//! The one error type of the CLI and its exit codes.

/// Why a command failed.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Bad input or usage: exit code 2. The message names what and where.
    #[error("{0}")]
    Input(String),
    /// An internal error (I/O on output, a bug): exit code 1.
    #[error("internal error: {0}")]
    Internal(String),
}

impl CliError {
    /// Bad input, exit code 2.
    pub fn input(msg: impl std::fmt::Display) -> CliError {
        CliError::Input(msg.to_string())
    }

    /// Internal error, exit code 1.
    pub fn internal(msg: impl std::fmt::Display) -> CliError {
        CliError::Internal(msg.to_string())
    }

    /// The process exit code for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            CliError::Input(_) => 2,
            CliError::Internal(_) => 1,
        }
    }
}
