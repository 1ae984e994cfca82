//! The game file as every `xq game` command reads and writes it: through the store of
//! `xiangqi-event` (exclusive lock, atomic replace), a refusal naming the file.

use std::path::Path;

use xiangqi::board::Color;
use xiangqi::event::Store;
use xiangqi::game::store;
use xiangqi::game::{Game, GameError};

use crate::CliError;

/// Reads and replays the game file.
pub(super) fn load(path: &Path) -> Result<Game, CliError> {
    Store::<Game>::new(path).read().map_err(CliError::input)
}

/// Applies `change` to the game file under the store's lock; a refusal names the file.
pub(super) fn update<T>(
    path: &Path,
    change: impl FnOnce(&mut Game) -> Result<T, GameError>,
) -> Result<T, CliError> {
    store::update(path, change).map_err(CliError::input)
}

/// A side's name in the English messages.
pub(super) fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}
