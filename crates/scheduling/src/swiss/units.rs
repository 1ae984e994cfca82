//! 同单位回避 in the Swiss: which players share a unit, and the explanation's line. The rule's
//! weight digit is `Model::unit_penalty` (above score and colour), its place in the
//! certificate `Certifier::unit4`.

use super::{RoundPairing, SwissOptions, SwissPlayer};

/// `true` if two players of `order` share a unit.
pub(super) fn shares_a_unit(order: &[&SwissPlayer]) -> bool {
    let mut seen = std::collections::HashSet::new();
    order.iter().filter_map(|p| p.unit).any(|u| !seen.insert(u))
}

/// `true` if the two players belong to the same unit (同单位).
pub(super) fn same_unit(a: &SwissPlayer, b: &SwissPlayer) -> bool {
    a.unit.is_some() && a.unit == b.unit
}

/// The explanation's line on 同单位回避, when the rule applies to the round: the boards where
/// players of one unit meet because no pairing avoids it.
pub(super) fn same_unit_line(
    players: &[SwissPlayer],
    opts: &SwissOptions,
    pairing: &RoundPairing,
) -> Option<String> {
    if opts.avoid_same_unit_rounds == 0 {
        return None;
    }
    let unit: std::collections::HashMap<u32, &SwissPlayer> =
        players.iter().map(|p| (p.no, p)).collect();
    let boards: Vec<String> = pairing
        .boards
        .iter()
        .enumerate()
        .filter(|&(_, &(a, b))| match (unit.get(&a), unit.get(&b)) {
            (Some(a), Some(b)) => same_unit(a, b),
            _ => false,
        })
        .map(|(k, _)| (k + 1).to_string())
        .collect();
    let rule = format!(
        "同单位回避 in rounds 1–{}: the fewest pairs of one unit, before 同分者编对 and the colours",
        opts.avoid_same_unit_rounds
    );
    Some(if boards.is_empty() {
        format!("{rule}; no two players of one unit meet")
    } else {
        format!(
            "{rule}; not avoidable: board {} (同单位)",
            boards.join(", ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::super::{Model, SolveStats, pair_swiss, solve_graph};
    use super::*;
    use crate::SwissSimulation;
    use crate::score::Points;
    use xiangqi_matching::Wide;

    fn fresh(units: &[Option<u32>]) -> Vec<SwissPlayer> {
        units
            .iter()
            .enumerate()
            .map(|(i, &unit)| SwissPlayer {
                no: i as u32 + 1,
                score: Points::ZERO,
                opponents: Vec::new(),
                colours: Vec::new(),
                byes: 0,
                unit,
            })
            .collect()
    }

    fn avoiding(rounds: u32) -> SwissOptions {
        SwissOptions {
            avoid_same_unit_rounds: rounds,
            ..SwissOptions::default()
        }
    }

    fn same_unit_boards(field: &[SwissPlayer], boards: &[(u32, u32)]) -> usize {
        let of = |no: u32| field.iter().find(|p| p.no == no).expect("a player");
        boards
            .iter()
            .filter(|&&(a, b)| same_unit(of(a), of(b)))
            .count()
    }

    /// Every player exactly once on the boards or as the bye.
    fn everybody_once(field: &[SwissPlayer], boards: &[(u32, u32)], bye: Option<u32>) {
        let mut seen: Vec<u32> = boards
            .iter()
            .flat_map(|&(a, b)| [a, b])
            .chain(bye)
            .collect();
        seen.sort_unstable();
        let mut all: Vec<u32> = field.iter().map(|p| p.no).collect();
        all.sort_unstable();
        assert_eq!(seen, all);
    }

    /// Players 1 and 2 (北京) would meet on board 1 of round 1; under 同单位回避 they do not,
    /// and the rest of the table stays as near as it can.
    #[test]
    fn round_one_keeps_one_unit_apart() {
        let field = fresh(&[Some(0), Some(0), Some(1), Some(2), Some(3), Some(4)]);
        let off = pair_swiss(&field, 1, &SwissOptions::default()).unwrap();
        assert_eq!(off.boards, vec![(1, 2), (3, 4), (5, 6)]);
        let on = pair_swiss(&field, 1, &avoiding(3)).unwrap();
        assert_eq!(same_unit_boards(&field, &on.boards), 0);
        assert_eq!(on.boards, vec![(1, 3), (2, 4), (5, 6)]);
        assert!(
            on.explanation
                .iter()
                .any(|l| l.contains("同单位回避") && l.contains("no two players of one unit")),
            "{:?}",
            on.explanation
        );
        // past the rule's last round the rule is gone: round 1 of a field with the rule for 0
        // rounds is the plain table
        assert_eq!(pair_swiss(&field, 1, &avoiding(0)).unwrap(), off);
    }

    /// A unit of more than half the field: everybody is still paired, with the fewest pairs of
    /// that unit (its surplus over the others, halved), and the explanation names them.
    #[test]
    fn a_unit_of_more_than_half_the_field_still_pairs_everyone() {
        let units: Vec<Option<u32>> = (0..11).map(|i| Some(if i < 8 { 0 } else { i })).collect();
        let field = fresh(&units);
        let r = pair_swiss(&field, 1, &avoiding(2)).unwrap();
        everybody_once(&field, &r.boards, r.bye);
        assert_eq!(r.bye, Some(11));
        // 10 paired: 8 of unit 0 and 2 others → 2 pairs can leave the unit, 3 cannot
        assert_eq!(same_unit_boards(&field, &r.boards), 3);
        assert!(
            r.explanation.iter().any(|l| l.contains("not avoidable")),
            "{:?}",
            r.explanation
        );
    }

    /// A later round: two players of one unit at the top of a score group are separated inside
    /// the group (no floater more), colours still by ⑴–⑺.
    #[test]
    fn a_later_round_separates_inside_the_score_group() {
        let mut field = fresh(&[Some(7), Some(7), None, None, None, None, None, None]);
        // round 1 played 1–5, 2–6, 3–7, 4–8; 1–4 won
        for (w, l) in [(1, 5), (2, 6), (3, 7), (4, 8)] {
            field[w - 1].score = Points(2);
            field[w - 1].opponents.push(l as u32);
            field[w - 1].colours.push(crate::score::Color::Red);
            field[l - 1].opponents.push(w as u32);
            field[l - 1].colours.push(crate::score::Color::Black);
        }
        let off = pair_swiss(&field, 2, &SwissOptions::default()).unwrap();
        assert_eq!(same_unit_boards(&field, &off.boards), 1, "{:?}", off.boards);
        let on = pair_swiss(&field, 2, &avoiding(2)).unwrap();
        assert_eq!(same_unit_boards(&field, &on.boards), 0, "{:?}", on.boards);
        // nobody left their score group
        let score = |no: u32| field[no as usize - 1].score;
        assert!(on.boards.iter().all(|&(a, b)| score(a) == score(b)));
        // with the rule for round 1 only, round 2 is paired as without it
        assert_eq!(
            pair_swiss(&field, 2, &avoiding(1)).unwrap().boards,
            off.boards
        );
    }

    /// The rule never buys a rematch: two players of one unit who have met everybody else.
    #[test]
    fn the_rule_never_costs_a_rematch() {
        let mut field = fresh(&[Some(1), Some(1), None, None]);
        for (a, b) in [(1, 3), (1, 4), (2, 3), (2, 4)] {
            field[a - 1].opponents.push(b as u32);
            field[b - 1].opponents.push(a as u32);
        }
        let r = pair_swiss(&field, 3, &avoiding(5)).unwrap();
        let mut boards: Vec<(u32, u32)> = r
            .boards
            .iter()
            .map(|&(a, b)| (a.min(b), a.max(b)))
            .collect();
        boards.sort_unstable();
        assert_eq!(boards, vec![(1, 2), (3, 4)]);
    }

    /// The total exact penalty of the sparse, certified solve and of the complete graph.
    fn sparse_and_complete(state: &[SwissPlayer], opts: &SwissOptions) -> (Wide<8>, Wide<8>) {
        let mut order: Vec<&SwissPlayer> = state.iter().collect();
        order.sort_by(|a, b| b.score.cmp(&a.score).then(a.no.cmp(&b.no)));
        let model = Model::new(&order, opts);
        assert!(model.unit_mult.is_some());
        let total = |pairs: &[(usize, usize)]| {
            pairs
                .iter()
                .fold(Wide::<8>::ZERO, |t, &(i, j)| t.wadd(&model.penalty(i, j)))
        };
        let mut stats = SolveStats::default();
        let sparse = solve_graph(&order, opts, false, &mut stats)
            .unwrap()
            .unwrap();
        let full = solve_graph(&order, opts, true, &mut stats)
            .unwrap()
            .unwrap();
        assert_eq!(sparse.len() * 2, state.len());
        (total(&sparse), total(&full))
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(
            std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(8)
        ))]
        /// With 同单位回避 the certificate still proves the sparse pairing optimal for the
        /// complete graph (a pair of one unit weighs less than its class pair).
        #[test]
        fn certified_sparse_pairing_with_units_is_optimal(
            half in 25u32..80,
            rounds in 1u32..5,
            units in 2u32..12,
            seed in 0u64..10_000,
        ) {
            let mut field = SwissSimulation::field_after(2 * half, rounds, seed).unwrap();
            for p in &mut field {
                // some players without a unit, the rest spread unevenly over the units
                p.unit = (p.no % 7 != 0).then_some((p.no.wrapping_mul(2_654_435_761) >> 7) % units);
            }
            let (sparse, full) = sparse_and_complete(&field, &avoiding(rounds + 1));
            proptest::prop_assert_eq!(sparse, full);
        }
    }
}
