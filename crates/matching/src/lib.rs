//! # xiangqi-matching — exact maximum-weight matching in general graphs
//!
//! An algorithm with its proofs and no domain: Edmonds' blossom algorithm in its primal–dual
//! form, on exact integer weights ([`Weight`]: `i128` or the fixed-width [`Wide`]) wide enough
//! for lexicographic criteria packed as the "digits" of one number. Among the matchings of
//! largest size it returns one of largest total weight.
//!
//! What a pairing program needs beyond the textbook:
//! * a greedy start, and a warm start from an earlier solution ([`max_weight_matching_from`],
//!   with [`MatchingSolution::dissolved_duals`]), so that re-solving a slightly changed graph
//!   repairs only what changed;
//! * the final dual solution ([`MatchingSolution::slack`]), so a caller can solve on a sparse
//!   candidate graph and certify — or refute — that the result is optimal for the complete graph;
//! * [`Stats`]: what the solve did (stages, augmentations, blossoms, time in the start), returned
//!   with every solution instead of printed.
//!
//! The unit tests compare every result with a brute-force search over all matchings of small
//! graphs (proptest), from cold, greedy and arbitrary warm starts.
//!
//! ```
//! use xiangqi_matching::max_weight_matching;
//!
//! // a path 0 – 1 – 2 – 3: the middle edge is heaviest, but both outer edges make more pairs
//! let edges = [(0, 1, 4i128), (1, 2, 10), (2, 3, 4)];
//! let sol = max_weight_matching(4, &edges);
//! assert_eq!(sol.mate, vec![Some(1), Some(0), Some(3), Some(2)]);
//! assert_eq!(sol.pairs(), 2);
//! // every edge is feasible under the final duals: the certificate of optimality
//! assert!(edges.iter().all(|&(i, j, w)| sol.slack(i, j, w) >= 0));
//! ```

mod blossom;
mod weight;

pub use blossom::{MatchingSolution, Stats, max_weight_matching, max_weight_matching_from};
pub use weight::{Weight, Wide};

/// The README's examples, compiled and run as doctests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
