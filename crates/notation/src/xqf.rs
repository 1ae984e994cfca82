//! XQF (象棋演播室 / XQStudio) binary records.
use crate::{Game, GameFileError};
/// Whether the bytes look like XQF.
pub fn is_xqf(_bytes: &[u8]) -> bool { false }
/// Reads an XQF file.
pub fn read(_bytes: &[u8], _source_name: &str) -> Result<Game, GameFileError> { unimplemented!() }
