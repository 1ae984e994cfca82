//! A plain, slow, independent reference move generator, written for tests only.
//!
//! It shares nothing with `xiangqi-movegen` but the board types: pieces are walked square by
//! square on a 9×10 grid, straight from the rules of the 1987 rules ch.1 §2, and legality is
//! tested by playing the move and asking whether any enemy piece could then take the king (the
//! flying general included).

use xiangqi::board::{Board, Color, Piece, PieceKind, Setup, Square};

type Grid = [[Option<Piece>; 9]; 10];

fn grid(board: &Board) -> Grid {
    let mut g = [[None; 9]; 10];
    for (sq, p) in board.pieces() {
        g[sq.rank().index() as usize][sq.file().index() as usize] = Some(p);
    }
    g
}

fn at(g: &Grid, f: i32, r: i32) -> Option<Piece> {
    if (0..9).contains(&f) && (0..10).contains(&r) {
        g[r as usize][f as usize]
    } else {
        None
    }
}

fn on_board(f: i32, r: i32) -> bool {
    (0..9).contains(&f) && (0..10).contains(&r)
}

fn in_palace(c: Color, f: i32, r: i32) -> bool {
    (3..=5).contains(&f)
        && match c {
            Color::Red => (0..=2).contains(&r),
            Color::Black => (7..=9).contains(&r),
        }
}

fn own_half(c: Color, r: i32) -> bool {
    match c {
        Color::Red => r <= 4,
        Color::Black => r >= 5,
    }
}

/// Destination points of the piece at (f, r), ignoring check, excluding own pieces.
fn destinations(g: &Grid, f: i32, r: i32) -> Vec<(i32, i32)> {
    let p = at(g, f, r).expect("a piece");
    let c = p.color;
    let mut out = Vec::new();
    let push = |nf: i32, nr: i32, out: &mut Vec<(i32, i32)>| {
        if on_board(nf, nr) && at(g, nf, nr).is_none_or(|q| q.color != c) {
            out.push((nf, nr));
        }
    };
    const ORTHO: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    const DIAG: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
    match p.kind {
        PieceKind::King => {
            for (df, dr) in ORTHO {
                if in_palace(c, f + df, r + dr) {
                    push(f + df, r + dr, &mut out);
                }
            }
        }
        PieceKind::Advisor => {
            for (df, dr) in DIAG {
                if in_palace(c, f + df, r + dr) {
                    push(f + df, r + dr, &mut out);
                }
            }
        }
        PieceKind::Elephant => {
            for (df, dr) in DIAG {
                let (nf, nr) = (f + 2 * df, r + 2 * dr);
                if on_board(nf, nr) && own_half(c, nr) && at(g, f + df, r + dr).is_none() {
                    push(nf, nr, &mut out);
                }
            }
        }
        PieceKind::Horse => {
            for (lf, lr) in ORTHO {
                if !on_board(f + lf, r + lr) || at(g, f + lf, r + lr).is_some() {
                    continue;
                }
                // Two destinations per unblocked leg.
                let dests = if lf == 0 {
                    [(f + 1, r + 2 * lr), (f - 1, r + 2 * lr)]
                } else {
                    [(f + 2 * lf, r + 1), (f + 2 * lf, r - 1)]
                };
                for (nf, nr) in dests {
                    push(nf, nr, &mut out);
                }
            }
        }
        PieceKind::Rook | PieceKind::Cannon => {
            for (df, dr) in ORTHO {
                let mut screen = false;
                let (mut nf, mut nr) = (f + df, r + dr);
                while on_board(nf, nr) {
                    match at(g, nf, nr) {
                        None => {
                            if !screen {
                                out.push((nf, nr));
                            }
                        }
                        Some(q) => {
                            if p.kind == PieceKind::Rook {
                                if q.color != c {
                                    out.push((nf, nr));
                                }
                                break;
                            } else if !screen {
                                screen = true;
                            } else {
                                if q.color != c {
                                    out.push((nf, nr));
                                }
                                break;
                            }
                        }
                    }
                    nf += df;
                    nr += dr;
                }
            }
        }
        PieceKind::Pawn => {
            let fwd = if c == Color::Red { 1 } else { -1 };
            push(f, r + fwd, &mut out);
            if !own_half(c, r) {
                push(f + 1, r, &mut out);
                push(f - 1, r, &mut out);
            }
        }
    }
    out
}

fn king_of(g: &Grid, c: Color) -> Option<(i32, i32)> {
    for r in 0..10 {
        for f in 0..9 {
            if at(g, f, r) == Some(Piece::new(c, PieceKind::King)) {
                return Some((f, r));
            }
        }
    }
    None
}

/// Whether `c`'s king can be taken by the other side (or faces the other king on an open file).
fn king_in_danger(g: &Grid, c: Color) -> bool {
    let Some((kf, kr)) = king_of(g, c) else {
        return true;
    };
    if let Some((of, or)) = king_of(g, !c)
        && of == kf
    {
        let (lo, hi) = (kr.min(or), kr.max(or));
        if (lo + 1..hi).all(|r| at(g, kf, r).is_none()) {
            return true;
        }
    }
    for r in 0..10 {
        for f in 0..9 {
            if let Some(p) = at(g, f, r)
                && p.color != c
                && destinations(g, f, r).contains(&(kf, kr))
            {
                return true;
            }
        }
    }
    false
}

/// All legal moves of a setup as `(from, to)` ICCS strings, sorted.
pub fn legal_moves(setup: &Setup) -> Vec<String> {
    let g = grid(&setup.board);
    let c = setup.turn;
    let mut out = Vec::new();
    for r in 0..10 {
        for f in 0..9 {
            let Some(p) = at(&g, f, r) else { continue };
            if p.color != c {
                continue;
            }
            for (nf, nr) in destinations(&g, f, r) {
                let mut g2 = g;
                g2[nr as usize][nf as usize] = g2[r as usize][f as usize].take();
                if !king_in_danger(&g2, c) {
                    let from = Square::at(f, r).expect("on board");
                    let to = Square::at(nf, nr).expect("on board");
                    out.push(format!("{from}{to}"));
                }
            }
        }
    }
    out.sort();
    out
}

/// Whether the side to move is in check, by the reference rules.
pub fn in_check(setup: &Setup) -> bool {
    king_in_danger(&grid(&setup.board), setup.turn)
}
