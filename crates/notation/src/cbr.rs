//! 象棋桥 (CCBridge) formats.
use crate::{Game, GameFileError};
/// CBL?
pub fn is_cbl(_bytes: &[u8]) -> bool { false }
/// CBR?
pub fn is_cbr(_bytes: &[u8]) -> bool { false }
/// CBL
pub fn read_cbl(_bytes: &[u8], _s: &str) -> Result<Vec<Game>, GameFileError> { unimplemented!() }
/// CBR
pub fn read_cbr(_bytes: &[u8], _s: &str, _g: usize) -> Result<Game, GameFileError> { unimplemented!() }
/// CBF
pub fn read_cbf(_t: &str, _s: &str) -> Result<Game, GameFileError> { unimplemented!() }
