//! Zobrist keys, generated at compile time from a fixed seed (splitmix64), so hashes are stable
//! across runs, builds and machines.

const fn splitmix64(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// One key per (colour, kind, square): index `[color * 7 + kind][square]`.
pub(crate) static PIECE_KEYS: [[u64; 90]; 14] = {
    let mut t = [[0u64; 90]; 14];
    let mut state = 0x5851_F42D_4C95_7F2Du64;
    let mut p = 0;
    while p < 14 {
        let mut sq = 0;
        while sq < 90 {
            let (s, v) = splitmix64(state);
            state = s;
            t[p][sq] = v;
            sq += 1;
        }
        p += 1;
    }
    t
};

/// Xored in when Black is to move.
pub(crate) const BLACK_TO_MOVE: u64 = 0x2D35_8DCC_AA6C_78A5;

/// The key of a piece on a square.
#[inline(always)]
pub(crate) fn piece_key(piece: xiangqi_board::Piece, sq: xiangqi_board::Square) -> u64 {
    PIECE_KEYS[piece.color.index() * 7 + piece.kind.index()][sq.index()]
}
