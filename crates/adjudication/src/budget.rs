//! The work budget of one ply: every search of the mechanism (mate by checks, material gain)
//! draws its nodes from it, so the work spent classifying one ply is bounded for *any* valid
//! ruleset, however deep its parameters let each search go.
//!
//! The [`Arbiter`](../../xiangqi_rules/struct.Arbiter.html) opens a [`Scope`] of
//! [`PLY_NODE_BUDGET`] nodes around each ply it has an edition classify (and a scope of that many
//! per ply of the cycle around a cycle ruling). Inside, each search also keeps its own per-search
//! budget; whichever runs out first cuts the search, which then answers as an exhausted search
//! always has: *not found* (no mate threat, no material won). The ply's ruling says so in its
//! note (see [`exhausted`]). The budget counts nodes, never time, so a ruling is the same on
//! every machine. Outside any scope nothing is bounded but each search's own budget.
//!
//! With the shipped rulesets no ply of the 7,000 national games comes near the bound; the bound
//! only stops a hostile or extreme ruleset (e.g. `gain_max_plies = 16`, `gain_max_checks = 8`,
//! `mate_threat_plies = 15`) from spending minutes on a ply.

use std::cell::Cell;

/// Nodes one ply's classification may search in all (mate and material searches together).
pub const PLY_NODE_BUDGET: u64 = 4_000_000;

/// Nodes the judging of one whole game may search in all (every ply classified and every cycle
/// ruled): ten plies at the full budget of a ply. With a costly ruleset (deep searches on every
/// ply) a game stops here instead of spending its plies' budgets one after another; a cycle whose
/// searches were cut is then ruled undecided (see the `Arbiter`).
pub const GAME_NODE_BUDGET: u64 = 10 * PLY_NODE_BUDGET;

thread_local! {
    /// Nodes left in the innermost scope (`u64::MAX` outside any scope).
    static LEFT: Cell<u64> = const { Cell::new(u64::MAX) };
    /// Whether a search of the innermost scope was cut by it.
    static CUT: Cell<bool> = const { Cell::new(false) };
}

/// A budget in force until dropped. Scopes nest: an inner scope has at most what the outer one
/// has left, and what it spends (and whether it was cut) counts for the outer one too.
#[derive(Debug)]
pub struct Scope {
    outer_left: u64,
    outer_cut: bool,
    given: u64,
}

impl Scope {
    /// Opens a scope of `nodes` nodes (fewer if an outer scope has fewer left).
    pub fn new(nodes: u64) -> Scope {
        let outer_left = LEFT.with(Cell::get);
        let given = nodes.min(outer_left);
        let scope = Scope {
            outer_left,
            outer_cut: CUT.with(Cell::get),
            given,
        };
        LEFT.with(|l| l.set(given));
        CUT.with(|c| c.set(false));
        scope
    }
}

impl Scope {
    /// The nodes spent so far in this scope (scopes inside it included). Meaningful while this
    /// scope is the innermost one in force.
    pub fn spent(&self) -> u64 {
        self.given - LEFT.with(Cell::get).min(self.given)
    }
}

impl Drop for Scope {
    fn drop(&mut self) {
        let spent = self.given - LEFT.with(Cell::get);
        let cut = CUT.with(Cell::get);
        let outer = if self.outer_left == u64::MAX {
            u64::MAX
        } else {
            self.outer_left - spent
        };
        LEFT.with(|l| l.set(outer));
        CUT.with(|c| c.set(self.outer_cut || cut));
    }
}

/// Takes one node from the budget in force: `false` (and the scope marked as cut) when none is
/// left. Every search node of the mechanism and of an edition's own searches calls it.
#[inline]
pub fn spend() -> bool {
    LEFT.with(|l| match l.get() {
        0 => {
            CUT.with(|c| c.set(true));
            false
        }
        n => {
            l.set(n - 1);
            true
        }
    })
}

/// Whether a search in the current scope has been cut short by the scope's budget.
pub fn exhausted() -> bool {
    CUT.with(Cell::get)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scope_bounds_and_reports_and_nests() {
        assert!(spend(), "no scope: unbounded");
        {
            let _s = Scope::new(2);
            assert!(spend() && spend());
            assert!(!spend());
            assert!(exhausted());
            {
                let _inner = Scope::new(1);
                assert!(!exhausted());
                assert!(
                    !spend(),
                    "an inner scope never has more than the outer has left"
                );
            }
            assert!(exhausted());
        }
        {
            let _s = Scope::new(3);
            {
                let _inner = Scope::new(2);
                assert!(spend() && spend() && !spend());
            }
            assert!(exhausted(), "a cut inside counts for the scope around it");
            assert_eq!(_s.spent(), 2, "what the inner scope spent counts here");
            assert!(spend(), "one node left: 3 less the 2 spent inside");
            assert!(!spend());
        }
        assert!(spend(), "outside every scope: unbounded again");
    }
}
