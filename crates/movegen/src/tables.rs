//! Precomputed attack tables, built at compile time by `const fn`s.
//!
//! Step pieces (King, Advisor, Elephant, Horse, Pawn) get per-square tables. Sliders (Rook,
//! Cannon) use occupancy-indexed line tables: a rank's 9 occupancy bits or a file's 10 occupancy
//! bits index a table of reachable points on that line, which is then placed on the board. The
//! file occupancy is read from a second, file-major ("transposed") occupancy word that the
//! position maintains alongside the ordinary one, so no bit gathering is needed.

use xiangqi_board::{Bitboard, Color, Square};

const fn bit(f: i32, r: i32) -> u128 {
    1u128 << (r * 9 + f)
}

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 9 && r >= 0 && r < 10
}

const fn in_any_palace(f: i32, r: i32) -> bool {
    f >= 3 && f <= 5 && (r <= 2 || r >= 7)
}

const fn same_half(r1: i32, r2: i32) -> bool {
    (r1 <= 4) == (r2 <= 4)
}

/// One-point steps in the given directions that stay inside the palace the piece stands in.
const fn palace_steps(d: [(i32, i32); 4]) -> [Bitboard; 90] {
    let mut t = [Bitboard::EMPTY; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
        let mut i = 0;
        let mut bits = 0u128;
        while i < 4 {
            let (nf, nr) = (f + d[i].0, r + d[i].1);
            if on_board(nf, nr) && in_any_palace(nf, nr) && same_half(r, nr) {
                bits |= bit(nf, nr);
            }
            i += 1;
        }
        t[sq] = Bitboard(bits);
        sq += 1;
    }
    t
}

/// King steps: one point orthogonally, staying in the palace it stands in.
pub(crate) static KING_STEPS: [Bitboard; 90] = palace_steps([(1, 0), (-1, 0), (0, 1), (0, -1)]);

/// Advisor steps: one point diagonally, staying in the palace.
pub(crate) static ADVISOR_STEPS: [Bitboard; 90] =
    palace_steps([(1, 1), (-1, 1), (1, -1), (-1, -1)]);

/// A two-point jump blocked by an intermediate point: (destination, blocking point).
#[derive(Clone, Copy)]
pub(crate) struct Jump {
    pub to: u8,
    pub block: u8,
}

/// A list of up to 8 jumps from one square.
#[derive(Clone, Copy)]
pub(crate) struct Jumps {
    pub len: u8,
    pub list: [Jump; 8],
}

const EMPTY_JUMPS: Jumps = Jumps {
    len: 0,
    list: [Jump { to: 0, block: 0 }; 8],
};

/// Elephant jumps: two points diagonally, blocked by the "eye" (塞象眼), never across the river.
pub(crate) static ELEPHANT_JUMPS: [Jumps; 90] = {
    let mut t = [EMPTY_JUMPS; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
        let d = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
        let mut i = 0;
        while i < 4 {
            let (nf, nr) = (f + 2 * d[i].0, r + 2 * d[i].1);
            if on_board(nf, nr) && same_half(r, nr) {
                let n = t[sq].len as usize;
                t[sq].list[n] = Jump {
                    to: (nr * 9 + nf) as u8,
                    block: ((r + d[i].1) * 9 + f + d[i].0) as u8,
                };
                t[sq].len += 1;
            }
            i += 1;
        }
        sq += 1;
    }
    t
};

const HORSE_DELTAS: [(i32, i32, i32, i32); 8] = [
    // (df, dr, leg df, leg dr)
    (1, 2, 0, 1),
    (-1, 2, 0, 1),
    (1, -2, 0, -1),
    (-1, -2, 0, -1),
    (2, 1, 1, 0),
    (2, -1, 1, 0),
    (-2, 1, -1, 0),
    (-2, -1, -1, 0),
];

/// Horse jumps from every square (`reverse = false`), or the horses that jump onto every square
/// (`reverse = true`: `to` is then the horse's square). `block` is the horse's leg either way.
const fn horse_table(reverse: bool) -> [Jumps; 90] {
    let mut t = [EMPTY_JUMPS; 90];
    let mut sq = 0;
    while sq < 90 {
        let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
        let mut i = 0;
        while i < 8 {
            let (df, dr, lf, lr) = HORSE_DELTAS[i];
            // The horse stands on `sq` and jumps by (df, dr), or stands at `sq - (df, dr)`.
            let (hf, hr, tf, tr) = if reverse {
                (f - df, r - dr, f - df, r - dr)
            } else {
                (f, r, f + df, r + dr)
            };
            if on_board(hf, hr) && on_board(tf, tr) && on_board(hf + df, hr + dr) {
                let n = t[sq].len as usize;
                t[sq].list[n] = Jump {
                    to: (tr * 9 + tf) as u8,
                    block: ((hr + lr) * 9 + hf + lf) as u8,
                };
                t[sq].len += 1;
            }
            i += 1;
        }
        sq += 1;
    }
    t
}

/// Horse jumps: one point orthogonally then one diagonally outward, blocked by the leg (蹩马腿).
pub(crate) static HORSE_JUMPS: [Jumps; 90] = horse_table(false);

/// Horses that attack a square, seen from that square: (horse square, the horse's leg point).
/// The leg is the point diagonally adjacent to the target, next to the horse.
pub(crate) static HORSE_ATTACKERS: [Jumps; 90] = horse_table(true);

/// Pawn steps by colour: forward, plus sideways once across the river.
pub(crate) static PAWN_STEPS: [[Bitboard; 90]; 2] = {
    let mut t = [[Bitboard::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut sq = 0;
        while sq < 90 {
            let (f, r) = ((sq % 9) as i32, (sq / 9) as i32);
            let fwd = if c == 0 { 1 } else { -1 };
            let crossed = if c == 0 { r >= 5 } else { r <= 4 };
            let mut bits = 0u128;
            if on_board(f, r + fwd) {
                bits |= bit(f, r + fwd);
            }
            if crossed {
                if f > 0 {
                    bits |= bit(f - 1, r);
                }
                if f < 8 {
                    bits |= bit(f + 1, r);
                }
            }
            t[c][sq] = Bitboard(bits);
            sq += 1;
        }
        c += 1;
    }
    t
};

/// Squares from which a pawn of the given colour attacks a square (the reverse of `PAWN_STEPS`).
pub(crate) static PAWN_ATTACKERS: [[Bitboard; 90]; 2] = {
    let mut t = [[Bitboard::EMPTY; 90]; 2];
    let mut c = 0;
    while c < 2 {
        let mut from = 0;
        while from < 90 {
            let mut steps = PAWN_STEPS[c][from].0;
            while steps != 0 {
                let to = steps.trailing_zeros() as usize;
                t[c][to].0 |= 1u128 << from;
                steps &= steps - 1;
            }
            from += 1;
        }
        c += 1;
    }
    t
};

/// Slider results on one line for one position on it and one occupancy of the line.
#[derive(Clone, Copy)]
pub(crate) struct LineEntry {
    /// Empty points reachable before the first piece in each direction.
    pub slide: u16,
    /// The first piece in each direction (rook captures / screens).
    pub first: u16,
    /// The second piece in each direction (cannon captures).
    pub second: u16,
}

const EMPTY_LINE: LineEntry = LineEntry {
    slide: 0,
    first: 0,
    second: 0,
};

/// Walks from `pos` in steps of `step` (±1) along a line of `len` points, recording the empty
/// points before the first piece, the first piece and the second piece.
const fn scan(mut e: LineEntry, pos: usize, occ: usize, len: usize, step: i32) -> LineEntry {
    let mut seen = 0;
    let mut i = pos as i32 + step;
    while i >= 0 && i < len as i32 {
        if occ >> i & 1 == 0 {
            if seen == 0 {
                e.slide |= 1 << i;
            }
        } else {
            if seen == 0 {
                e.first |= 1 << i;
            } else if seen == 1 {
                e.second |= 1 << i;
            }
            seen += 1;
        }
        i += step;
    }
    e
}

const fn line_entry(pos: usize, occ: usize, len: usize) -> LineEntry {
    scan(scan(EMPTY_LINE, pos, occ, len, 1), pos, occ, len, -1)
}

/// Slider results for every position on a line of `LEN` points and every occupancy of it.
const fn line_table<const LEN: usize, const OCC: usize>() -> [[LineEntry; OCC]; LEN] {
    let mut t = [[EMPTY_LINE; OCC]; LEN];
    let mut pos = 0;
    while pos < LEN {
        let mut occ = 0;
        while occ < OCC {
            t[pos][occ] = line_entry(pos, occ, LEN);
            occ += 1;
        }
        pos += 1;
    }
    t
}

/// Rank table: `[file][occupancy of the rank's 9 points]`.
pub(crate) static RANK_LINES: [[LineEntry; 512]; 9] = line_table::<9, 512>();

/// File table: `[rank][occupancy of the file's 10 points]`.
pub(crate) static FILE_LINES: [[LineEntry; 1024]; 10] = line_table::<10, 1024>();

/// Spreads a 10-bit file mask (bit r = rank r) onto file a of a bitboard.
pub(crate) static FILE_SPREAD: [u128; 1024] = {
    let mut t = [0u128; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut r = 0;
        while r < 10 {
            if m >> r & 1 != 0 {
                t[m] |= 1u128 << (r * 9);
            }
            r += 1;
        }
        m += 1;
    }
    t
};

/// Index of a square in the file-major ("transposed") occupancy word: `file * 10 + rank`.
pub(crate) static TRANSPOSED: [u8; 90] = {
    let mut t = [0u8; 90];
    let mut sq = 0;
    while sq < 90 {
        t[sq] = ((sq % 9) * 10 + sq / 9) as u8;
        sq += 1;
    }
    t
};

/// Bit of a leg/eye offset in a 4-bit occupancy pattern: orthogonal legs N, S, E, W or
/// diagonal points NE, NW, SE, SW.
const fn pattern_bit(offset: i32) -> usize {
    match offset {
        9 | 10 => 0,
        -9 | 8 => 1,
        1 | -8 => 2,
        _ => 3, // -1 | -10
    }
}

/// Orthogonal neighbour offsets in pattern-bit order (N, S, E, W).
pub(crate) const ORTHO_OFFSETS: [i32; 4] = [9, -9, 1, -1];
/// Diagonal neighbour offsets in pattern-bit order (NE, NW, SE, SW).
pub(crate) const DIAG_OFFSETS: [i32; 4] = [10, 8, -8, -10];

/// The 4-bit occupancy pattern of the neighbours of `sq` at `offsets`. Neighbours off the board
/// read as whatever bit lies there; the tables below never use such a neighbour.
#[inline(always)]
pub(crate) fn pattern(occ: u128, sq: Square, offsets: &[i32; 4]) -> usize {
    let padded = occ << 10;
    let i = sq.index() as i32 + 10;
    ((padded >> (i + offsets[0]) & 1)
        | (padded >> (i + offsets[1]) & 1) << 1
        | (padded >> (i + offsets[2]) & 1) << 2
        | (padded >> (i + offsets[3]) & 1) << 3) as usize
}

const fn by_pattern(jumps: &[Jumps; 90]) -> [[u128; 16]; 90] {
    let mut t = [[0u128; 16]; 90];
    let mut sq = 0;
    while sq < 90 {
        let mut m = 0;
        while m < 16 {
            let j = &jumps[sq];
            let mut i = 0;
            while i < j.len as usize {
                // Offset of the blocking point from the pattern's centre square.
                let off = j.list[i].block as i32 - sq as i32;
                if m >> pattern_bit(off) & 1 == 0 {
                    t[sq][m] |= 1u128 << j.list[i].to;
                }
                i += 1;
            }
            m += 1;
        }
        sq += 1;
    }
    t
}

/// Horse destinations by square and the occupancy pattern of its four legs (N, S, E, W).
pub(crate) static HORSE_MOVES: [[u128; 16]; 90] = by_pattern(&HORSE_JUMPS);
/// Elephant destinations by square and the occupancy pattern of its four eyes (NE, NW, SE, SW).
pub(crate) static ELEPHANT_MOVES: [[u128; 16]; 90] = by_pattern(&ELEPHANT_JUMPS);
/// Squares from which a horse attacks a square, by the occupancy pattern of the square's four
/// diagonal neighbours (where the attacking horses' legs are).
pub(crate) static HORSE_ATTACKS_TO: [[u128; 16]; 90] = by_pattern(&HORSE_ATTACKERS);

/// Line lookup for a slider on `sq`, given the normal and the transposed occupancy words.
/// Returns `(rank entry, file entry)`.
#[inline(always)]
pub(crate) fn lines(sq: Square, occ: u128, occ_t: u128) -> (LineEntry, LineEntry) {
    let (f, r) = (sq.file().index() as usize, sq.rank().index() as usize);
    let rank_occ = (occ >> (r * 9)) as usize & 0x1ff;
    let file_occ = (occ_t >> (f * 10)) as usize & 0x3ff;
    (RANK_LINES[f][rank_occ], FILE_LINES[r][file_occ])
}

/// Places a rank mask and a file mask for `sq` on the board.
#[inline(always)]
pub(crate) fn place(sq: Square, rank_mask: u16, file_mask: u16) -> Bitboard {
    let (f, r) = (sq.file().index() as usize, sq.rank().index() as usize);
    Bitboard(((rank_mask as u128) << (r * 9)) | (FILE_SPREAD[file_mask as usize] << f))
}

/// The colour index of a side.
#[inline(always)]
pub(crate) fn ci(c: Color) -> usize {
    c.index()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes_match_geometry() {
        let e4 = Square::from_name("e4").unwrap();
        assert_eq!(HORSE_JUMPS[e4.index()].len, 8);
        assert_eq!(HORSE_ATTACKERS[e4.index()].len, 8);
        let c0 = Square::from_name("c0").unwrap();
        assert_eq!(ELEPHANT_JUMPS[c0.index()].len, 2);
        let c4 = Square::from_name("c4").unwrap();
        // c4 elephants go to a2, e2 only (not across the river).
        assert_eq!(ELEPHANT_JUMPS[c4.index()].len, 2);
        let e1 = Square::from_name("e1").unwrap();
        assert_eq!(ADVISOR_STEPS[e1.index()].count(), 4);
        assert_eq!(KING_STEPS[e1.index()].count(), 4);
        let e8 = Square::from_name("e8").unwrap();
        assert_eq!(KING_STEPS[e8.index()].count(), 4);
        // Red pawn before the river: forward only; after: three ways.
        assert_eq!(
            PAWN_STEPS[0][Square::from_name("e3").unwrap().index()].count(),
            1
        );
        assert_eq!(
            PAWN_STEPS[0][Square::from_name("e5").unwrap().index()].count(),
            3
        );
        assert_eq!(
            PAWN_STEPS[1][Square::from_name("e4").unwrap().index()].count(),
            3
        );
        assert_eq!(
            PAWN_STEPS[0][Square::from_name("a9").unwrap().index()].count(),
            1
        );
    }
}
