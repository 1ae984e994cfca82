//! Round robin (大循环制): the 循环赛对局秩序表 = the Berger table, first-listed plays red.
//!
//! For an even field of `n` (an odd field adds a dummy `n + 1`; meeting it is a bye, 轮空), round
//! `r` of `n − 1` is built by the rotation form of scheduling.md §1.3: `pos[i] = ((i + (r−1)·n/2)
//! mod (n−1)) + 1`; board 1 is `pos[0]` against `n` (`pos[0]` red in odd rounds, `n` red in even
//! rounds); board `k ≥ 2` is `pos[k−1]` (red) against `pos[n−k]`.

/// One round of a round-robin schedule: boards as `(red, black)` pairing numbers (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundRobinRound {
    /// The boards in table order, first-listed (red) first.
    pub boards: Vec<(u32, u32)>,
    /// The player meeting the dummy in an odd field.
    pub bye: Option<u32>,
}

/// Round `round` (1-based) of the Berger table for an even number `n` of table positions.
///
/// Returns `None` if `n` is odd or zero, or `round` is outside `1..=n−1`.
pub(crate) fn berger_round(n: u32, round: u32) -> Option<Vec<(u32, u32)>> {
    if n < 2 || n % 2 == 1 || round == 0 || round >= n {
        return None;
    }
    let m = n - 1;
    let h = n / 2;
    let pos = |i: u32| ((i + (round - 1) * h) % m) + 1;
    let mut boards = Vec::with_capacity(h as usize);
    if round % 2 == 1 {
        boards.push((pos(0), n));
    } else {
        boards.push((n, pos(0)));
    }
    for k in 2..=h {
        boards.push((pos(k - 1), pos(m - k + 1)));
    }
    Some(boards)
}

/// The whole single round robin for `players` entrants (odd fields get a bye each round).
pub fn round_robin(players: u32) -> Vec<RoundRobinRound> {
    if players < 2 {
        return Vec::new();
    }
    let n = players + players % 2;
    (1..n)
        .map(|r| {
            let all = berger_round(n, r).unwrap_or_default();
            let mut bye = None;
            let boards = all
                .into_iter()
                .filter(|&(a, b)| {
                    if a > players {
                        bye = Some(b);
                        false
                    } else if b > players {
                        bye = Some(a);
                        false
                    } else {
                        true
                    }
                })
                .collect();
            RoundRobinRound { boards, bye }
        })
        .collect()
}

/// A double round robin (decisions.md): the first cycle with its last two rounds exchanged, then
/// the whole table again with colours swapped (两局制 "第二局则互换红黑棋"). Nobody gets three equal
/// colours in a row at the cycle boundary.
fn double_round_robin(players: u32) -> Vec<RoundRobinRound> {
    let single = round_robin(players);
    let mut first = single.clone();
    let len = first.len();
    if len >= 2 {
        first.swap(len - 1, len - 2);
    }
    let second = single.into_iter().map(|r| RoundRobinRound {
        boards: r.boards.into_iter().map(|(a, b)| (b, a)).collect(),
        bye: r.bye,
    });
    first.into_iter().chain(second).collect()
}

/// Round `round` of a (single or double) round robin.
pub fn round_robin_round(players: u32, round: u32, double: bool) -> Option<RoundRobinRound> {
    let table = if double {
        double_round_robin(players)
    } else {
        round_robin(players)
    };
    table.into_iter().nth(round.checked_sub(1)? as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(r: &[(u32, u32)]) -> String {
        r.iter()
            .map(|(a, b)| format!("{a}-{b}"))
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn fide_tables_for_six_and_eight() {
        assert_eq!(fmt(&berger_round(6, 2).unwrap()), "6-4 5-3 1-2");
        assert_eq!(fmt(&berger_round(8, 7).unwrap()), "4-8 5-3 6-2 7-1");
        assert_eq!(fmt(&berger_round(10, 2).unwrap()), "10-6 7-5 8-4 9-3 1-2");
    }

    #[test]
    fn odd_field_gets_a_bye() {
        let t = round_robin(5);
        assert_eq!(t.len(), 5);
        assert_eq!(t[0].bye, Some(1));
        assert_eq!(fmt(&t[0].boards), "2-5 3-4");
    }

    #[test]
    fn double_round_robin_has_no_three_in_a_row() {
        for n in 3..=16 {
            let t = double_round_robin(n);
            for p in 1..=n {
                let mut run = 0i32;
                for r in &t {
                    let c = r.boards.iter().find_map(|&(a, b)| {
                        if a == p {
                            Some(1)
                        } else if b == p {
                            Some(-1)
                        } else {
                            None
                        }
                    });
                    match c {
                        Some(c) if run.signum() == c => run += c,
                        Some(c) => run = c,
                        None => {}
                    }
                    assert!(run.abs() <= 2, "n={n} player {p}");
                }
            }
        }
    }
}
