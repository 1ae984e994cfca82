//! 淘汰制 (knockout): the standard seeded bracket, single and double elimination, final places.
//!
//! Pure functions over seeds and decided matches; the event (`xiangqi_event::Event`) turns games and
//! play-offs (附加赛) into decided matches.
//!
//! - The bracket: seed 1 and seed 2 can meet only in the final, seeds 1–4 only from the
//!   semi-finals (1 v 4 and 2 v 3 when the better seed always wins); when the field is not a
//!   power of two the top seeds get the byes of the first round ([`bracket_slots`]).
//! - Single elimination (单淘汰制): one loss and out; an optional third-place match between the
//!   semi-final losers is played beside the final.
//! - Double elimination (双淘汰制): the winners' bracket is the seeded bracket above; a first loss
//!   drops a player into the losers' bracket, a second loss eliminates. The losers' bracket pairs
//!   its players each round by seed, folded (best v worst), avoiding a repeat of the pair's last
//!   meeting when it can; an odd player out gets a bye (the best seed that has had fewest byes).
//!   When one player is left unbeaten and one in the losers' bracket they meet in the grand
//!   final; if the player from the losers' bracket wins, a reset (a second grand final) is played
//!   when configured, so that everyone but the champion leaves after two losses.

use std::collections::HashMap;

/// The smallest power of two holding `n` entrants (at least 2).
fn bracket_size(n: u32) -> u32 {
    n.max(2).next_power_of_two()
}

/// The seeds in bracket-slot order for a bracket of `size` slots (a power of two): `[1, 2]`,
/// `[1, 4, 2, 3]`, `[1, 8, 4, 5, 2, 7, 3, 6]`, … — adjacent slots meet in round 1, and each
/// half, quarter, … holds one of the top seeds.
fn bracket_order(size: u32) -> Vec<u32> {
    let mut order = vec![1u32];
    while (order.len() as u32) < size.max(1) {
        let m = 2 * order.len() as u32 + 1;
        order = order.iter().flat_map(|&s| [s, m - s]).collect();
    }
    order
}

/// The slots of the bracket of `n` entrants: `Some(seed)`, or `None` where a seed beyond the
/// field would stand (its opponent, always one of the top `size - n` seeds, has a bye).
pub fn bracket_slots(n: u32) -> Vec<Option<u32>> {
    bracket_order(bracket_size(n))
        .into_iter()
        .map(|s| (s <= n).then_some(s))
        .collect()
}

/// Which part of a knockout a match belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bracket {
    /// The (winners') bracket.
    Winners,
    /// The losers' bracket of a double elimination.
    Losers,
    /// The grand final of a double elimination.
    GrandFinal,
    /// The second grand final (reset) of a double elimination.
    Reset,
    /// The third-place match (三四名决赛) of a single elimination.
    ThirdPlace,
}

impl Bracket {
    /// The short label stored in event files: `W`, `L`, `GF`, `GF2`, `3rd`.
    pub fn label(self) -> &'static str {
        match self {
            Bracket::Winners => "W",
            Bracket::Losers => "L",
            Bracket::GrandFinal => "GF",
            Bracket::Reset => "GF2",
            Bracket::ThirdPlace => "3rd",
        }
    }

    /// The bracket of a stored label.
    pub fn from_label(s: &str) -> Option<Bracket> {
        Some(match s {
            "W" => Bracket::Winners,
            "L" => Bracket::Losers,
            "GF" => Bracket::GrandFinal,
            "GF2" => Bracket::Reset,
            "3rd" => Bracket::ThirdPlace,
            _ => return None,
        })
    }
}

/// A match of a knockout: two entrants (seeds) and the bracket it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnockoutMatch {
    /// The entrant listed first (the one higher in the bracket).
    pub a: u32,
    /// The entrant listed second.
    pub b: u32,
    /// Where it stands.
    pub bracket: Bracket,
}

/// A decided match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decided {
    /// The match.
    pub game: KnockoutMatch,
    /// Its winner (`game.a` or `game.b`).
    pub winner: u32,
}

impl Decided {
    /// The loser.
    pub fn loser(&self) -> u32 {
        if self.winner == self.game.a {
            self.game.b
        } else {
            self.game.a
        }
    }
}

/// The form of a knockout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KnockoutSpec {
    /// Double elimination (双淘汰制).
    pub double: bool,
    /// Single elimination: play a third-place match.
    pub third_place: bool,
    /// Double elimination: a second grand final when the losers' bracket player wins the first.
    pub reset: bool,
}

impl KnockoutSpec {
    /// The next round of a knockout of `n` entrants (seeds `1..=n`) after the decided rounds
    /// `history` (one list per round, in order): its matches and byes, or the final places.
    pub fn next_round(self, n: u32, history: &[Vec<Decided>]) -> Next {
        next_round(self, n, history)
    }

    /// Final places `(place, entrant, shared)`: later eliminated places higher; entrants
    /// eliminated in the same round share the place, except that the final, the grand final
    /// and the third-place match separate their two players (provisional while it is played).
    pub fn places(self, n: u32, history: &[Vec<Decided>]) -> Vec<(u32, u32, bool)> {
        places(self, n, history)
    }
}

/// What comes next in a knockout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// The matches of the next round, and the entrants with a bye in it.
    Round {
        /// The matches.
        matches: Vec<KnockoutMatch>,
        /// Entrants who wait this round.
        byes: Vec<u32>,
    },
    /// The knockout is over: final places `(place, entrant, shared)` from first.
    Finished(Vec<(u32, u32, bool)>),
}

/// The next round of a knockout of `n` entrants (seeds `1..=n`) after the decided rounds
/// `history` (one list per round, in order).
fn next_round(spec: KnockoutSpec, n: u32, history: &[Vec<Decided>]) -> Next {
    let mut losses: HashMap<u32, u32> = (1..=n).map(|s| (s, 0)).collect();
    for d in history.iter().flatten() {
        *losses.entry(d.loser()).or_default() += 1;
    }
    let alive_w: Vec<u32> = (1..=n).filter(|s| losses[s] == 0).collect();
    let wb_rounds = history
        .iter()
        .filter(|r| r.iter().any(|d| d.game.bracket == Bracket::Winners))
        .count() as u32;
    let slots = bracket_slots(n);
    let winners_round = |r: u32| -> (Vec<KnockoutMatch>, Vec<u32>) {
        // blocks of 2^(r+1) slots; each half holds at most one unbeaten entrant
        let half = 1usize << r;
        let mut matches = Vec::new();
        let mut byes = Vec::new();
        for block in slots.chunks(2 * half) {
            let pick =
                |part: &[Option<u32>]| part.iter().flatten().copied().find(|s| losses[s] == 0);
            let (x, y) = (
                pick(&block[..half.min(block.len())]),
                pick(&block[half.min(block.len())..]),
            );
            match (x, y) {
                (Some(a), Some(b)) => matches.push(KnockoutMatch {
                    a,
                    b,
                    bracket: Bracket::Winners,
                }),
                (Some(a), None) | (None, Some(a)) => byes.push(a),
                (None, None) => {}
            }
        }
        (matches, byes)
    };
    if !spec.double {
        if alive_w.len() <= 1 {
            return Next::Finished(places(spec, n, history));
        }
        let (mut matches, byes) = winners_round(wb_rounds);
        if spec.third_place && alive_w.len() == 2 && wb_rounds >= 1 {
            let semi_losers: Vec<u32> = history
                .last()
                .map(|r| {
                    r.iter()
                        .filter(|d| d.game.bracket == Bracket::Winners)
                        .map(Decided::loser)
                        .collect()
                })
                .unwrap_or_default();
            if let [a, b] = semi_losers[..] {
                matches.push(KnockoutMatch {
                    a: a.min(b),
                    b: a.max(b),
                    bracket: Bracket::ThirdPlace,
                });
            }
        }
        return Next::Round { matches, byes };
    }
    // double elimination
    let played_gf = history
        .iter()
        .flatten()
        .any(|d| d.game.bracket == Bracket::GrandFinal);
    let alive: Vec<u32> = (1..=n).filter(|s| losses[s] < 2).collect();
    if played_gf {
        let gf = history
            .iter()
            .flatten()
            .rfind(|d| matches!(d.game.bracket, Bracket::GrandFinal | Bracket::Reset))
            .copied()
            .expect("a grand final was played");
        let reset_played = gf.game.bracket == Bracket::Reset;
        if !reset_played && spec.reset && alive.len() == 2 {
            return Next::Round {
                matches: vec![KnockoutMatch {
                    a: gf.game.a,
                    b: gf.game.b,
                    bracket: Bracket::Reset,
                }],
                byes: Vec::new(),
            };
        }
        return Next::Finished(places(spec, n, history));
    }
    let alive_l: Vec<u32> = (1..=n).filter(|s| losses[s] == 1).collect();
    if alive_w.len() == 1 && alive_l.len() <= 1 {
        if let [b] = alive_l[..] {
            return Next::Round {
                matches: vec![KnockoutMatch {
                    a: alive_w[0],
                    b,
                    bracket: Bracket::GrandFinal,
                }],
                byes: Vec::new(),
            };
        }
        return Next::Finished(places(spec, n, history));
    }
    let (mut matches, mut byes) = if alive_w.len() > 1 {
        winners_round(wb_rounds)
    } else {
        (Vec::new(), alive_w.clone())
    };
    if alive_l.len() >= 2 {
        let (lm, lb) = losers_round(&alive_l, history);
        matches.extend(lm);
        byes.extend(lb);
    } else {
        byes.extend(alive_l);
    }
    Next::Round { matches, byes }
}

/// The losers' bracket round: fold by seed, avoiding the pair's last meeting when possible; an
/// odd player out waits (the best seed with the fewest byes so far).
fn losers_round(players: &[u32], history: &[Vec<Decided>]) -> (Vec<KnockoutMatch>, Vec<u32>) {
    let mut pool: Vec<u32> = players.to_vec();
    let mut byes = Vec::new();
    if pool.len() % 2 == 1 {
        // byes so far in the losers' bracket: rounds where the player had one loss and did not play
        let mut waited: HashMap<u32, u32> = HashMap::new();
        let mut loss_before: HashMap<u32, u32> = HashMap::new();
        for r in history {
            for &p in &pool {
                let played = r.iter().any(|d| d.game.a == p || d.game.b == p);
                if loss_before.get(&p).copied().unwrap_or(0) == 1 && !played {
                    *waited.entry(p).or_default() += 1;
                }
            }
            for d in r {
                *loss_before.entry(d.loser()).or_default() += 1;
            }
        }
        let pick = *pool
            .iter()
            .min_by_key(|p| (waited.get(p).copied().unwrap_or(0), **p))
            .expect("odd pool is not empty");
        pool.retain(|&p| p != pick);
        byes.push(pick);
    }
    let met_last = |a: u32, b: u32| {
        history
            .iter()
            .flatten()
            .rfind(|d| d.game.a == a || d.game.b == a)
            .is_some_and(|d| d.game.a == b || d.game.b == b)
    };
    let mut matches = Vec::new();
    while pool.len() >= 2 {
        let a = pool.remove(0);
        let k = (0..pool.len())
            .rev()
            .find(|&k| !met_last(a, pool[k]) && !met_last(pool[k], a))
            .unwrap_or(pool.len() - 1);
        let b = pool.remove(k);
        matches.push(KnockoutMatch {
            a,
            b,
            bracket: Bracket::Losers,
        });
    }
    (matches, byes)
}

/// Final places `(place, entrant, shared)`: later eliminated places higher; entrants eliminated
/// in the same round share the place, except that the final, the grand final and the
/// third-place match separate their two players.
fn places(spec: KnockoutSpec, n: u32, history: &[Vec<Decided>]) -> Vec<(u32, u32, bool)> {
    let mut losses: HashMap<u32, u32> = HashMap::new();
    // key: (round of elimination, order inside the round); larger is better
    let mut key: HashMap<u32, (usize, u32)> = (1..=n).map(|s| (s, (usize::MAX, 0))).collect();
    let needed = if spec.double { 2 } else { 1 };
    for (ri, r) in history.iter().enumerate() {
        for d in r {
            let l = d.loser();
            let c = losses.entry(l).or_default();
            *c += 1;
            match d.game.bracket {
                Bracket::ThirdPlace => {
                    key.insert(d.winner, (ri, 1));
                    key.insert(l, (ri, 0));
                }
                Bracket::GrandFinal | Bracket::Reset if *c >= needed || !spec.reset => {
                    key.insert(l, (ri, 2));
                }
                Bracket::Winners
                    if !spec.double && r.iter().any(|x| x.game.bracket == Bracket::ThirdPlace) =>
                {
                    // the final beside a third-place match
                    key.insert(l, (ri, 2));
                }
                _ if *c >= needed => {
                    key.insert(l, (ri, 0));
                }
                _ => {}
            }
        }
    }
    if spec.double && !spec.reset {
        // without a reset the grand final decides: its winner is champion whatever the losses
        if let Some(gf) = history
            .iter()
            .flatten()
            .find(|d| d.game.bracket == Bracket::GrandFinal)
        {
            key.insert(gf.winner, (usize::MAX, 0));
        }
    }
    let mut order: Vec<u32> = (1..=n).collect();
    order.sort_by(|a, b| key[b].cmp(&key[a]).then(a.cmp(b)));
    let mut out = Vec::with_capacity(order.len());
    let mut i = 0;
    while i < order.len() {
        let mut j = i + 1;
        while j < order.len() && key[&order[j]] == key[&order[i]] {
            j += 1;
        }
        for &s in &order[i..j] {
            out.push((i as u32 + 1, s, j - i > 1));
        }
        i = j;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    type Played = (Vec<Vec<Decided>>, Vec<(u32, u32, bool)>);

    /// Plays a knockout where the better seed always wins; returns the history.
    fn play(spec: KnockoutSpec, n: u32) -> Played {
        let mut history = Vec::new();
        for _ in 0..(4 * n + 8) {
            match next_round(spec, n, &history) {
                Next::Round { matches, .. } => {
                    assert!(!matches.is_empty(), "n={n}: a round without matches");
                    history.push(
                        matches
                            .into_iter()
                            .map(|m| Decided {
                                game: m,
                                winner: m.a.min(m.b),
                            })
                            .collect(),
                    );
                }
                Next::Finished(p) => return (history, p),
            }
        }
        panic!("n={n}: the knockout does not end");
    }

    #[test]
    fn bracket_order_is_the_textbook_one() {
        assert_eq!(bracket_order(2), [1, 2]);
        assert_eq!(bracket_order(4), [1, 4, 2, 3]);
        assert_eq!(bracket_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(
            bracket_slots(6),
            [
                Some(1),
                None,
                Some(4),
                Some(5),
                Some(2),
                None,
                Some(3),
                Some(6)
            ]
        );
    }

    #[test]
    fn better_seed_always_wins_single_2_to_64() {
        for n in 2..=64 {
            let spec = KnockoutSpec::default();
            let (h, places) = play(spec, n);
            let last = h.last().unwrap();
            assert_eq!(last.len(), 1);
            assert_eq!((last[0].game.a, last[0].game.b), (1, 2), "n={n}: final");
            if n >= 4 {
                let mut semis: Vec<(u32, u32)> = h[h.len() - 2]
                    .iter()
                    .map(|d| (d.game.a, d.game.b))
                    .collect();
                semis.sort();
                assert_eq!(semis, [(1, 4), (2, 3)], "n={n}: semis");
            }
            // byes only to the top seeds, only in round 1
            let size = bracket_size(n);
            let played1: Vec<u32> = h[0].iter().flat_map(|d| [d.game.a, d.game.b]).collect();
            let byes: Vec<u32> = (1..=n).filter(|s| !played1.contains(s)).collect();
            assert_eq!(byes, (1..=size - n).collect::<Vec<_>>(), "n={n}: byes");
            assert_eq!(places[0], (1, 1, false));
            assert_eq!(places[1], (2, 2, false));
            // every entrant but the champion loses exactly once
            let mut lost: HashMap<u32, u32> = HashMap::new();
            for d in h.iter().flatten() {
                *lost.entry(d.loser()).or_default() += 1;
            }
            assert_eq!(lost.len() as u32, n - 1);
            assert!(lost.values().all(|&c| c == 1));
        }
    }

    #[test]
    fn third_place_match_beside_the_final() {
        let spec = KnockoutSpec {
            third_place: true,
            ..Default::default()
        };
        for n in 4..=20 {
            let (h, places) = play(spec, n);
            let last = h.last().unwrap();
            assert_eq!(last.len(), 2, "n={n}");
            assert_eq!((last[1].game.a, last[1].game.b), (3, 4));
            assert_eq!(
                &places[..4],
                &[(1, 1, false), (2, 2, false), (3, 3, false), (4, 4, false)]
            );
        }
    }

    #[test]
    fn double_elimination_everyone_leaves_after_two_losses() {
        for reset in [true, false] {
            let spec = KnockoutSpec {
                double: true,
                reset,
                ..Default::default()
            };
            for n in 2..=64 {
                let (h, places) = play(spec, n);
                let mut lost: HashMap<u32, u32> = HashMap::new();
                for d in h.iter().flatten() {
                    let l = lost.entry(d.loser()).or_default();
                    *l += 1;
                    assert!(*l <= 2, "n={n}: a third loss");
                    // nobody plays after the second loss
                }
                for r in &h {
                    let mut seen = std::collections::HashSet::new();
                    for d in r {
                        assert!(
                            seen.insert(d.game.a) && seen.insert(d.game.b),
                            "n={n}: twice in a round"
                        );
                    }
                }
                assert_eq!(lost.get(&1), None, "n={n}: seed 1 unbeaten");
                assert_eq!(lost.len() as u32, n - 1);
                assert!(lost.values().all(|&c| c == 2), "n={n}: {lost:?}");
                assert_eq!(places[0], (1, 1, false));
                assert_eq!(places[1], (2, 2, false), "n={n}");
                let gf = h.last().unwrap();
                assert_eq!(gf[0].game.bracket, Bracket::GrandFinal);
                assert_eq!((gf[0].game.a, gf[0].game.b), (1, 2), "n={n}");
            }
        }
    }

    #[test]
    fn double_elimination_reset_when_the_losers_bracket_wins() {
        let spec = KnockoutSpec {
            double: true,
            reset: true,
            ..Default::default()
        };
        let mut history: Vec<Vec<Decided>> = Vec::new();
        loop {
            match next_round(spec, 4, &history) {
                Next::Round { matches, .. } => {
                    let r = matches
                        .iter()
                        .map(|&m| Decided {
                            game: m,
                            // the losers' bracket finalist wins the first grand final
                            winner: if m.bracket == Bracket::GrandFinal {
                                m.b
                            } else {
                                m.a.min(m.b)
                            },
                        })
                        .collect();
                    history.push(r);
                }
                Next::Finished(p) => {
                    assert_eq!(history.last().unwrap()[0].game.bracket, Bracket::Reset);
                    assert_eq!(p[0], (1, 1, false));
                    break;
                }
            }
        }
    }
}
