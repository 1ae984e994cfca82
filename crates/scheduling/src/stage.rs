//! Stage arithmetic (阶段): how many rounds a round robin or a Swiss of a field plays, and the
//! snake seeding of groups (蛇形分组) with 同单位回避. The event document's stages live in the
//! event crate.

/// Rounds of a round robin of `n` (single or double).
pub fn round_robin_rounds(n: u32, double: bool) -> u32 {
    let single = n.saturating_sub(1) + n % 2;
    if double { 2 * single } else { single }
}

/// Swiss rounds by field size (seed 002 (一)1: up to 20 players 5 rounds, about 30 players 7):
/// ≤ 20 → 5, ≤ 36 → 7, beyond ⌈log₂ n⌉ + 2 (at least 7); never more than `n - 1`.
pub fn swiss_rounds(n: u32) -> u32 {
    let r = if n <= 20 {
        5
    } else if n <= 36 {
        7
    } else {
        (32 - (n - 1).leading_zeros() + 2).max(7)
    };
    r.min(n.saturating_sub(1)).max(1)
}

/// Snake distribution (蛇形分组) of `seeds` (best first) into `k` groups: the first row left to
/// right, the second right to left, …; with `units` (同单位回避), a player whose group already
/// holds somebody of the same unit swaps, when possible, with the nearest player of the same row
/// whose swap clashes nowhere (empty units never clash).
pub fn snake_groups(
    seeds: &[u32],
    k: usize,
    units: Option<&dyn Fn(u32) -> String>,
) -> Vec<Vec<u32>> {
    let k = k.max(1);
    let mut groups: Vec<Vec<u32>> = vec![Vec::new(); k];
    for (row, chunk) in seeds.chunks(k).enumerate() {
        let order: Vec<usize> = if row % 2 == 0 {
            (0..chunk.len()).collect()
        } else {
            (0..k).rev().take(chunk.len()).collect()
        };
        let mut placed: Vec<(usize, u32)> = order.into_iter().zip(chunk.iter().copied()).collect();
        if let Some(unit) = units {
            let fits = |g: usize, p: u32, groups: &[Vec<u32>]| {
                let u = unit(p);
                u.is_empty() || !groups[g].iter().any(|&q| unit(q) == u)
            };
            for i in 0..placed.len() {
                let (g, p) = placed[i];
                if fits(g, p, &groups) {
                    continue;
                }
                let mut near: Vec<usize> = (0..placed.len()).collect();
                near.sort_by_key(|&j| j.abs_diff(i));
                if let Some(j) = near.into_iter().find(|&j| {
                    let (h, q) = placed[j];
                    j != i && fits(h, p, &groups) && fits(g, q, &groups)
                }) {
                    let q = placed[j].1;
                    placed[i].1 = q;
                    placed[j].1 = p;
                }
            }
        }
        for (g, p) in placed {
            groups[g].push(p);
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_seeding_reproduces_the_textbook_layout() {
        let seeds: Vec<u32> = (1..=16).collect();
        let g = snake_groups(&seeds, 4, None);
        assert_eq!(g[0], [1, 8, 9, 16]);
        assert_eq!(g[1], [2, 7, 10, 15]);
        assert_eq!(g[2], [3, 6, 11, 14]);
        assert_eq!(g[3], [4, 5, 12, 13]);
        let g = snake_groups(&(1..=10).collect::<Vec<_>>(), 3, None);
        assert_eq!(g, [vec![1, 6, 7], vec![2, 5, 8], vec![3, 4, 9, 10]]);
    }

    #[test]
    fn snake_seeding_separates_units_when_it_can() {
        // 1 and 8 share a unit: 8 swaps with 7 in its row
        let unit = |p: u32| {
            if p == 1 || p == 8 {
                "北京".to_string()
            } else {
                format!("u{p}")
            }
        };
        let g = snake_groups(&(1..=8).collect::<Vec<_>>(), 4, Some(&unit));
        assert_eq!(g[0], [1, 7]);
        assert_eq!(g[1], [2, 8]);
    }

    #[test]
    fn swiss_rounds_follow_seed_002() {
        assert_eq!(swiss_rounds(20), 5);
        assert_eq!(swiss_rounds(30), 7);
        assert_eq!(swiss_rounds(4), 3);
        assert_eq!(swiss_rounds(200), 10);
    }
}
