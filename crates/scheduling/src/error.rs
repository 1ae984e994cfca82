//! The error of an `[event]` table, apart so that the table ([`crate::EventConfig`]) and the
//! standings that read its tie-break chain both use it without using each other.

/// An `[event]` table that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// TOML syntax or schema error (an unknown key, a wrong type, an unknown id), with line and
    /// column when read from a text.
    #[error("{0}")]
    Toml(String),
    /// A value out of range or an inconsistent combination; `key` names the key to blame.
    #[error("[event] {message}")]
    Invalid {
        /// The key at fault.
        key: &'static str,
        /// What is wrong.
        message: String,
    },
}

impl ConfigError {
    /// A TOML error of `text` as one line, `line L, column C: message` (the event file and the
    /// `[event]` table report their errors this way).
    pub fn toml_line(text: &str, e: &toml::de::Error) -> String {
        toml_error_line(text, e)
    }

    /// The key at fault, when one is.
    pub fn key(&self) -> Option<&'static str> {
        match self {
            ConfigError::Invalid { key, .. } => Some(key),
            ConfigError::Toml(_) => None,
        }
    }

    /// The message without the `[event]` prefix.
    pub fn message(&self) -> String {
        match self {
            ConfigError::Invalid { message, .. } => message.clone(),
            ConfigError::Toml(m) => m.clone(),
        }
    }
}

/// A TOML error as one line: `line L, column C: message`.
pub(crate) fn toml_error_line(text: &str, e: &toml::de::Error) -> String {
    let message = e.message().split_whitespace().collect::<Vec<_>>().join(" ");
    match e.span() {
        Some(span) => {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("line {line}, column {column}: {message}")
        }
        None => message,
    }
}
