//! DhtmlXQ.
use crate::{Game, GameFileError};
/// Reads DhtmlXQ blocks.
pub fn read(_t: &str, _s: &str) -> Result<Vec<Game>, GameFileError> { unimplemented!() }
