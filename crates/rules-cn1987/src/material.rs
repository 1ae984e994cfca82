//! Material facts for the material-gain chase test of the Chinese rules (得子 / 子力价值): which
//! enemy pieces a side can win from the next move on, by a bounded forcing search over captures,
//! recaptures and checks (抽将 / 要抽吃子), and whether a side threatens mate by consecutive checks.
//!
//! This module is the edition's own query (it moved here from the mechanism crate: the value
//! judgments are the 1987 rules'): it answers "can the side to move win this piece, measured
//! by this value table, within these bounds?" and "does it mate by consecutive checks within N
//! plies?". Whether that makes a ply 捉 (chase) or 杀 (mate threat) is the edition's decision.
//!
//! What the search sees, in the rulebook's terms:
//! - 有根子 / 无根子 (protected / unprotected): the defender may recapture; a recapture that is
//!   illegal (a pinned protector, a recapture that would face the kings) is never generated, so a
//!   假根 (fake protection) does not protect.
//! - 暗根子 (hidden protection): protection that appears only after the capture (a cannon gaining
//!   its screen, a line opened by the capture) is found because the search plays real moves.
//!   The defender's own checks are not searched: a root by 抽将 (the capturer won back after
//!   checks) is asked apart, [`rooted_by_checks`].
//! - 少根子 (more attackers than defenders) and joint chases (车炮联合捉子): the exchange sequence is
//!   played out to the end, so two attackers against one defender win the piece.
//! - 抽将 (capture after a check): the attacker may insert checks (bounded by
//!   [`GainConfig::max_checks`]) before and between captures, and may take other pieces with
//!   check on the way to the target (连续将军得车).
//! - 联合捉子 by a forking check: when no piece is won alone, a check after which every answer
//!   loses one of several pieces (the defender choosing which) wins those pieces together
//!   (参考图41 "炮六平二为联合捉子"); they are reported as won by 抽将.
//! - 失去离线自由 (a piece that cannot leave its line): a capture after which the defender mates by
//!   consecutive checks (within [`GainConfig::refutation_mate_plies`]) is worth nothing.
//! - Pawns float (过河兵价值浮动): a line that gives pawns for pieces, or pieces for pawns, is not a
//!   gain (see [`Balance::score`]).

use xiangqi_adjudication::{ExchangeOutcome, PieceValues, sees_king};
use xiangqi_board::{Bitboard, Color, Piece, PieceKind, Square};

use crate::memo::{Memo, PositionKey};
use xiangqi_movegen::{MAX_MOVES, Move, MoveList, Position};

/// The value table of decisions.md item 5 (子力价值, as in the 2011 rules): rook 10, horse 5,
/// cannon 5, advisor 2, elephant 2, crossed pawn 1, and 0 for a pawn on its own side of the river
/// (not 子力). 1 rook = 2 horses = 2 cannons = horse + cannon; horse = cannon; advisor = elephant.
/// A ruleset's `[piece_values]` replaces it (the embedded `cn-1987` ruleset gives these values).
pub const CN_VALUES: PieceValues = PieceValues {
    rook: 10,
    horse: 5,
    cannon: 5,
    advisor: 2,
    elephant: 2,
    pawn: 0,
    crossed_pawn: 1,
};

/// Bounds of the forcing searches. Every bound is part of a ruling's explanation.
///
/// It carries the memo of its searches ([`GainConfig::memo`], owned by the edition, shared by
/// clones; see [`crate::memo`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GainConfig {
    /// The value table.
    pub values: PieceValues,
    /// Longest capture/recapture/check line searched, in plies.
    pub max_plies: u8,
    /// How many non-capturing checks the winning side may give along a line (抽将). Checks that
    /// capture on the way are not counted (the line's length bounds them); with 0, the line has
    /// no check at all.
    pub max_checks: u8,
    /// After the winning side's first capture, a defender mate by consecutive checks within this
    /// many plies refutes the capture (the capturing piece "could not leave its line"). 0 = off.
    pub refutation_mate_plies: u8,
    /// Node budget of one search; when exhausted the line counts as not winning.
    pub node_budget: u32,
    /// Answers of the searches already made under these bounds (not part of the value).
    pub memo: Memo<SearchKey, Targets>,
}

impl GainConfig {
    /// Every bound of the searches (all but the memo), as part of a memo key.
    pub(crate) fn bounds(&self) -> (PieceValues, u8, u8, u8, u32) {
        (
            self.values,
            self.max_plies,
            self.max_checks,
            self.refutation_mate_plies,
            self.node_budget,
        )
    }

    /// Forgets the remembered search answers (on every thread).
    pub fn clear_memo(&self) {
        self.memo.clear();
    }
}

impl Default for GainConfig {
    fn default() -> GainConfig {
        GainConfig {
            values: CN_VALUES,
            max_plies: 10,
            max_checks: 3,
            refutation_mate_plies: 3,
            node_budget: 200_000,
            memo: Memo::new(SEARCH_MEMO_CAPACITY),
        }
    }
}

/// Material won by the attacking side along a line, kept apart for pieces (子力 other than pawns)
/// and crossed pawns, because a pawn's value floats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Balance {
    /// Net value of pieces won (negative = lost), pawns excluded.
    pub pieces: i32,
    /// Net value of crossed pawns won.
    pub pawns: i32,
}

impl Balance {
    /// One scalar for the search, > 0 exactly when the line is a gain (得子):
    /// pieces won with no pawn given, or pawns won with pieces even. Pawns for pieces (送兵换马)
    /// or pieces for pawns count as no gain (0) and as a loss respectively, unless the pieces won
    /// are worth more than a rook less one per pawn given. Same as [`Balance::score_with`] with the
    /// ceiling of [`CN_VALUES`] (`rook - 1`).
    pub fn score(self) -> i32 {
        self.score_with(CN_VALUES.rook - 1)
    }

    /// [`Balance::score`] with the ceiling of a crossed pawn's floating value (兵卒价值浮动):
    /// when pawns are given for pieces, each pawn given may be worth up to `pawn_ceiling`, so the
    /// line is a gain only if the pieces won exceed that. The search uses `rook - 1`: a pawn may
    /// be worth any piece but a rook — 送兵换马 is no gain ("兵卒价值浮动，判闲", 图24), 弃卒换车 is
    /// ("伏弃卒将军换车，判捉", 参考图29).
    pub fn score_with(self, pawn_ceiling: i32) -> i32 {
        if self.pieces > 0 && self.pawns < 0 {
            (self.pieces + self.pawns * pawn_ceiling).max(0) * 16
        } else if self.pieces < 0 && self.pawns > 0 {
            self.pieces * 16
        } else {
            self.pieces * 16 + self.pawns
        }
    }

    fn add(self, piece: Piece, sq: Square, values: &PieceValues, sign: i32) -> Balance {
        let v = values.material(piece, sq) * sign;
        if piece.kind == PieceKind::Pawn {
            Balance {
                pawns: self.pawns + v,
                ..self
            }
        } else {
            Balance {
                pieces: self.pieces + v,
                ..self
            }
        }
    }
}

const MATE: i32 = 1_000_000;

/// The result of asking which enemy pieces the side to move can win.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Targets {
    /// Enemy pieces (by their square now) the side to move wins by a line whose first capture
    /// takes them (where they stand then: a piece that moves to answer a check is still itself).
    pub won: Bitboard,
    /// Of those, the pieces won only by a line that starts with a check (抽将 / 要抽吃子).
    pub via_check: Bitboard,
    /// Pieces for which the search ran out of budget (counted as not won).
    pub truncated: Bitboard,
}

struct Search<'a> {
    cfg: &'a GainConfig,
    attacker: Color,
    /// The pieces whose capture is the line's first capture: one piece, or several for a check
    /// that forks (see [`winnable`]). A piece that moves (to answer a check) is followed where it
    /// goes; once one is taken, it alone is the piece won.
    victims: Bitboard,
    /// Whether a check must come before the first capture of a victim (a fork).
    check_first: bool,
    /// The defender's pieces where they stood when the search began.
    root_them: Bitboard,
    /// Attacker's pieces the defender may not take unless they moved in the line (see
    /// [`winnable_among_exempt`]).
    exempt: Bitboard,
    /// Defender's pieces the attacker may not take along the line (see
    /// [`winnable_among_sparing`]).
    spared: Bitboard,
    /// Squares the attacker's pieces moved to along the current line.
    line_to: Bitboard,
    /// When set, the square of the only attacker piece that may move (out of check): the line
    /// is played by that piece alone (see [`wins_alone_by_checks`]).
    solo: Option<Square>,
    /// Whether the current line gave a check before the first capture of the victim (抽将).
    checked: bool,
    /// Whether the king's or a pawn's own first capture counts when it gives check (see
    /// [`winnable_by_king_or_pawn`]).
    lone_first: bool,
    /// Whether an even complete exchange scores apart from no capture (see
    /// [`exchange_outcome`]): every score is doubled and a line that takes the victim and nets
    /// exactly nothing scores 1.
    even_counts: bool,
    nodes: u32,
    exhausted: bool,
    /// The best line found below each depth, when asked for (see [`winning_line`]).
    pv: Option<Vec<Vec<Move>>>,
    /// When asked for (see [`winning_tree`]): the chased side's answers to the first move now
    /// being searched, each with the line that refutes it.
    answers: Option<Vec<Answer>>,
    /// The answers to the best first move found so far.
    best_answers: Vec<Answer>,
}

impl<'a> Search<'a> {
    #[allow(clippy::too_many_arguments)]
    fn new(
        cfg: &'a GainConfig,
        root: &Position,
        victims: Bitboard,
        check_first: bool,
        exempt: Bitboard,
        spared: Bitboard,
        solo: Option<Square>,
        lone_first: bool,
    ) -> Search<'a> {
        Search {
            cfg,
            attacker: root.turn(),
            victims,
            check_first,
            root_them: root.board().by_color(!root.turn()),
            exempt,
            spared,
            line_to: Bitboard::EMPTY,
            solo,
            checked: false,
            lone_first,
            even_counts: false,
            nodes: 0,
            exhausted: false,
            pv: None,
            answers: None,
            best_answers: Vec::new(),
        }
    }

    /// Starts the line of the node at `depth` (plies from the root) afresh.
    fn pv_start(&mut self, depth: usize) {
        if let Some(pv) = self.pv.as_mut() {
            if pv.len() <= depth + 1 {
                pv.resize(depth + 2, Vec::new());
            }
            pv[depth].clear();
        }
    }

    /// The move `m` is the best found at `depth`: its line is `m` and the line below it.
    fn pv_set(&mut self, depth: usize, m: Move) {
        if let Some(pv) = self.pv.as_mut() {
            let below = std::mem::take(&mut pv[depth + 1]);
            pv[depth].clear();
            pv[depth].push(m);
            pv[depth].extend_from_slice(&below);
            pv[depth + 1] = below;
        }
    }

    /// Enters a node with `plies_left` plies to go: its depth (plies from the root), its line
    /// started afresh; `None` when the search is over its budget.
    fn enter(&mut self, plies_left: u8) -> Option<usize> {
        let depth = usize::from(self.cfg.max_plies.saturating_sub(plies_left));
        self.pv_start(depth);
        (!self.over_budget()).then_some(depth)
    }

    /// The score of stopping here: the balance, and no gain before the victim is taken.
    fn stand(&self, bal: Balance, captured: bool) -> i32 {
        let score = bal.score_with(self.cfg.values.rook - 1);
        if self.even_counts {
            return match (captured, bal == Balance::default()) {
                // 完整互吃，价值相当: the victim is taken and nothing is won or lost.
                (true, true) => 1,
                (true, false) => 2 * score,
                (false, _) => (2 * score).min(0),
            };
        }
        if captured { score } else { score.min(0) }
    }

    fn over_budget(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.cfg.node_budget || !xiangqi_adjudication::budget::spend() {
            self.exhausted = true;
        }
        self.exhausted
    }

    /// Attacker to move. `captured` = whether the first capture (of the victim) has been made.
    #[allow(clippy::too_many_arguments)]
    fn attacker_node(
        &mut self,
        pos: &mut Position,
        bal: Balance,
        captured: bool,
        checks_left: u8,
        plies_left: u8,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let Some(depth) = self.enter(plies_left) else {
            return 0;
        };
        let in_check = pos.is_check();
        // Out of check, quiet moves are tried only when they give check: list captures and the
        // moves that may give check (see [`may_give_check`]), or only captures when no check is
        // left to give.
        let moves = if in_check {
            pos.legal_moves()
        } else if checks_left > 0 {
            let them = pos.board().by_color(!pos.turn());
            let king = pos.king(!pos.turn());
            pos.legal_moves_where(|from, to| {
                them.contains(to) || sees_king(king, from) || sees_king(king, to)
            })
        } else {
            pos.legal_captures()
        };
        if moves.is_empty() && (in_check || !pos.has_legal_move()) {
            return -MATE;
        }
        let stand = self.stand(bal, captured);
        if !in_check {
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
        }
        if plies_left == 0 {
            return if in_check { 0.min(stand) } else { stand };
        }
        let mut best = if in_check { -MATE } else { stand };
        let occ_them = pos.board().by_color(!self.attacker);
        let (n, order) = captures_first(pos, &moves, &self.cfg.values);
        for &m in &order[..n] {
            if !in_check && self.solo.is_some_and(|s| s != m.from) {
                continue;
            }
            let victim = pos.piece_at(m.to);
            let is_capture = victim.is_some();
            if is_capture && self.spared.contains(m.to) {
                continue;
            }
            if self.check_first && !self.checked && is_capture && self.victims.contains(m.to) {
                continue;
            }
            let mut next_captured = captured;
            let mut next_checks = checks_left;
            if !in_check {
                if is_capture {
                    if !captured {
                        if !self.victims.contains(m.to) {
                            // 抽将 taking on the way: before the first capture of the victim,
                            // a capture that gives check is one of the consecutive checks (a
                            // capture, so not counted against `max_checks`; none when checks
                            // are off). "退车可抽吃兵，同时将军，对手应将，继续吃掉黑车" (图16 车二退三
                            // （捉）); "黑方车7平8后，可以下一着开始运用连续将军得车，判捉" (图3: 车8进1
                            // 将, 仕五进四, 车8平6 takes the advisor with check, 帅五进一, 车6退1 将,
                            // 帅五退一, 车6平4 takes the rook).
                            if self.cfg.max_checks == 0 || !gives_check_in_place(pos, m) {
                                continue;
                            }
                        } else {
                            // 兵卒 / 将帅 attacking alone is not a chase: their own first capture
                            // does not count.
                            let mover = pos.piece_at(m.from);
                            if matches!(
                                mover.map(|p| p.kind),
                                Some(PieceKind::King) | Some(PieceKind::Pawn)
                            ) && !(self.lone_first && gives_check_in_place(pos, m))
                            {
                                continue;
                            }
                            next_captured = true;
                        }
                    } else if !self.victims.contains(m.to)
                        && self.root_them.contains(m.to)
                        && bal == Balance::default()
                        && matches!(
                            pos.piece_at(m.from).map(|p| p.kind),
                            Some(PieceKind::King) | Some(PieceKind::Pawn)
                        )
                    {
                        // After an even trade (nothing won yet), the king or a pawn taking
                        // another piece that took no part in it is its own chase (allowed to
                        // 将帅 and 兵卒), not part of this one ("先等值交换后，帅才能吃马，帅并没有
                        // 与其他子同时捉马，判闲", 参考图32; "等值交换后兵吃士，判闲", 参考图33).
                        continue;
                    }
                } else {
                    if checks_left == 0 || !gives_check_in_place(pos, m) {
                        continue;
                    }
                    next_checks -= 1;
                }
            } else if is_capture && !captured {
                if !self.victims.contains(m.to) {
                    // an evasion that captures something else: treat as a plain capture
                } else {
                    next_captured = true;
                }
            }
            debug_assert!(!is_capture || occ_them.contains(m.to));
            let nbal = match victim {
                Some(v) => bal.add(v, m.to, &self.cfg.values, 1),
                None => bal,
            };
            let first_capture_now = next_captured && !captured;
            let saved_line = self.line_to;
            let saved_solo = self.solo;
            let saved_checked = self.checked;
            let saved_victims = self.victims;
            if !in_check && !captured && !next_captured {
                self.checked = true;
            }
            if first_capture_now {
                // Of a fork's pieces, the one taken first is the piece won; the others are
                // pieces like any other from here on.
                self.victims = Bitboard::from_square(m.to);
            }
            if self.solo == Some(m.from) {
                self.solo = Some(m.to);
            }
            self.line_to.insert(m.to);
            if depth == 0
                && let Some(a) = self.answers.as_mut()
            {
                a.clear();
            }
            let undo = pos.play_unchecked(m);
            let v = self.defender_node(
                pos,
                nbal,
                next_captured,
                first_capture_now,
                next_checks,
                plies_left - 1,
                alpha,
                beta,
            );
            pos.undo(undo);
            self.line_to = saved_line;
            self.solo = saved_solo;
            self.checked = saved_checked;
            self.victims = saved_victims;
            if v > best {
                best = v;
                self.pv_set(depth, m);
                if depth == 0
                    && let Some(a) = self.answers.as_ref()
                {
                    self.best_answers = a.clone();
                }
            }
            if v > alpha {
                alpha = v;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Defender to move.
    #[allow(clippy::too_many_arguments)]
    fn defender_node(
        &mut self,
        pos: &mut Position,
        bal: Balance,
        captured: bool,
        just_captured: bool,
        checks_left: u8,
        plies_left: u8,
        alpha: i32,
        mut beta: i32,
    ) -> i32 {
        let Some(depth) = self.enter(plies_left) else {
            return 0;
        };
        let in_check = pos.is_check();
        // Out of check the defender only captures: list only the captures.
        let moves = if in_check {
            pos.legal_moves()
        } else {
            pos.legal_captures()
        };
        if moves.is_empty() && (in_check || !pos.has_legal_move()) {
            // Mated or stalemated: both lose. Only a gain if the victim was taken first.
            return if captured { MATE } else { 0 };
        }
        let stand = self.stand(bal, captured);
        if just_captured
            && !in_check
            && self.cfg.refutation_mate_plies > 0
            && mates_by_checks(pos, self.cfg.refutation_mate_plies as u32, &mut 20_000)
        {
            return -MATE;
        }
        if !in_check {
            if stand <= alpha {
                return stand;
            }
            beta = beta.min(stand);
        }
        if plies_left == 0 {
            return stand;
        }
        let mut best = if in_check { MATE } else { stand };
        let (n, order) = captures_first(pos, &moves, &self.cfg.values);
        let held = self.exempt & !self.line_to;
        // In check the defender may still not answer by taking an exempt piece while it has
        // another answer (block, king move): the check is the line's, the exempt piece's capture
        // is the defender's own chase, judged apart (rule-book 图28 "车八平七（捉）… 一着捉无根子":
        // the rook takes the horse with a discovered check by the cannon it guards, and the
        // black rook that attacks the cannon may not count its capture as the answer).
        let held_in_check = in_check && moves.iter().any(|r| !held.contains(r.to));
        let mut shown = false;
        for &m in &order[..n] {
            // Out of check the list holds captures only.
            let victim = pos.piece_at(m.to);
            if (!in_check || held_in_check) && held.contains(m.to) {
                continue;
            }
            let nbal = match victim {
                // 抽吃: when the piece was won by a check (抽将) with no pawn given for it, a pawn
                // the defender picks up afterwards was not traded for it and counts as what it
                // is, not at a floating value ("红方车三平四，伏平兵将军抽吃马，判捉", 参考图30: the
                // pawn steps aside to discover the rook's check, the rook takes the horse, a pawn
                // is lost afterwards). A pawn given before the piece is won floats (送兵换马, 图24).
                Some(v)
                    if captured && self.checked && bal.pawns >= 0 && v.kind == PieceKind::Pawn =>
                {
                    Balance {
                        pieces: bal.pieces - self.cfg.values.material(v, m.to),
                        ..bal
                    }
                }
                Some(v) => bal.add(v, m.to, &self.cfg.values, -1),
                None => bal,
            };
            // The chased piece is a piece, not a square: when the defender moves it (to answer
            // a check), the line goes on against it where it stands — "红方退车吃卒，将军后黑方
            // 垫车，红方可兵七平六将军弃兵得车，判捉" (图24: the rook that blocks the check is the
            // piece won); 参考图12 车六平八（捉）: 车八进八 将, the advisor blocks and the cannon
            // takes it; 参考图42 仕五退六（捉）: 车 checks, 炮 must block and the cannon
            // behind the rook takes it.
            let saved_victims = self.victims;
            if !captured && self.victims.contains(m.from) {
                self.victims.remove(m.from);
                self.victims.insert(m.to);
            }
            let undo = pos.play_unchecked(m);
            let v = self.attacker_node(
                pos,
                nbal,
                captured,
                checks_left,
                plies_left - 1,
                alpha,
                beta,
            );
            pos.undo(undo);
            self.victims = saved_victims;
            if depth == 1
                && let (Some(a), Some(pv)) = (self.answers.as_mut(), self.pv.as_ref())
            {
                a.push((m, pv.get(depth + 1).cloned().unwrap_or_default()));
            }
            // The line keeps the first answer when none is better (every answer mated: the
            // line still shows one).
            if v < best || (in_check && v == best && !shown) {
                best = v;
                self.pv_set(depth, m);
                shown = true;
            }
            if v < beta {
                beta = v;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// Which enemy pieces the side to move can win (得子 by `cfg.values`) from this position, each by
/// a line whose first capture takes that piece, with checks allowed before it (抽将). The king's
/// own and a pawn's own first capture are not counted (将帅 / 兵卒 attacking alone); pawns on
/// their own half are never targets. When no piece is won so, a check that forks — every answer
/// loses one of several pieces, the defender choosing which — wins a minimal such set of them
/// together, by 抽将 (联合捉子, 参考图41).
pub fn winnable(pos: &Position, cfg: &GainConfig) -> Targets {
    winnable_among(pos, cfg, Bitboard::FULL)
}

/// [`winnable`] restricted to the enemy pieces on the squares of `among` (the others are not
/// searched and never reported): the same answer for those pieces, at the cost of searching
/// only them.
pub fn winnable_among(pos: &Position, cfg: &GainConfig, among: Bitboard) -> Targets {
    winnable_among_exempt(pos, cfg, among, Bitboard::EMPTY)
}

/// [`winnable_among`] where the defender may not answer by taking an attacker's piece on a
/// square of `exempt` (unless that piece moved in the line): a piece of the attacker that the
/// defender could already win before, and still can, is the defender's own chase, judged apart
/// from this one.
pub fn winnable_among_exempt(
    pos: &Position,
    cfg: &GainConfig,
    among: Bitboard,
    exempt: Bitboard,
) -> Targets {
    winnable_search(pos, cfg, among, exempt, Bitboard::EMPTY, false)
}

/// [`winnable_among_exempt`] where the attacker may not take the defender's pieces on the squares
/// of `spared` anywhere along the line: a piece that the edition rules offered in exchange (兑)
/// rather than chased cannot pay for the loss made on another target ("车四退二（兑）", rule-book
/// 图21: the cannon takes the elephant with check at a loss, and the line gains only by then
/// winning the horse that stands off against ours).
pub fn winnable_among_sparing(
    pos: &Position,
    cfg: &GainConfig,
    among: Bitboard,
    exempt: Bitboard,
    spared: Bitboard,
) -> Targets {
    winnable_search(pos, cfg, among, exempt, spared, false)
}

/// [`winnable_among`] where the king's and a pawn's own first capture count too when it gives
/// check: the mechanism behind a chase in which the king or a pawn takes with a discovered check
/// by another piece (炮卒联合捉子, 参考图11: the pawn takes the advisor and uncovers the cannon's
/// check). Whether such a line is a joint chase is the edition's decision.
pub fn winnable_by_king_or_pawn(pos: &Position, cfg: &GainConfig, among: Bitboard) -> Targets {
    winnable_search(pos, cfg, among, Bitboard::EMPTY, Bitboard::EMPTY, true)
}

/// The memo key of a material search: the whole position, every bound, the three square sets
/// and the order of the first capture.
#[doc(hidden)]
pub type SearchKey = (
    PositionKey,
    (PieceValues, u8, u8, u8, u32),
    Bitboard,
    Bitboard,
    Bitboard,
    bool,
);

/// Entries kept by the per-thread memo of [`winnable_search`] before it is emptied.
const SEARCH_MEMO_CAPACITY: usize = 1 << 15;

fn winnable_search(
    pos: &Position,
    cfg: &GainConfig,
    among: Bitboard,
    exempt: Bitboard,
    spared: Bitboard,
    lone_first: bool,
) -> Targets {
    let key = (
        PositionKey::of(pos),
        cfg.bounds(),
        among,
        exempt,
        spared,
        lone_first,
    );
    // A search cut by the ply's budget is not remembered (see `Memo::get_or_compute`).
    cfg.memo.get_or_compute(key, || {
        winnable_search_uncached(pos, cfg, among, exempt, spared, lone_first)
    })
}

fn winnable_search_uncached(
    pos: &Position,
    cfg: &GainConfig,
    among: Bitboard,
    exempt: Bitboard,
    spared: Bitboard,
    lone_first: bool,
) -> Targets {
    let attacker = pos.turn();
    let mut out = Targets::default();
    if pos.is_check() || among.is_empty() {
        return out;
    }
    let board = pos.board();
    let mut work = pos.clone();
    let candidates = board.by_color(!attacker) & !board.by_kind(PieceKind::King) & among;
    if candidates.is_empty() {
        return out;
    }
    // Cheap pre-filter: a piece nobody attacks can only be won after a check.
    // (Computed on first need.)
    let mut any_check: Option<bool> = None;
    for sq in candidates {
        let Some(piece) = board.piece_at(sq) else {
            continue;
        };
        if cfg.values.material(piece, sq) == 0 {
            continue;
        }
        let attacked = pos.attackers_to(sq, attacker).any();
        if !attacked {
            let check =
                *any_check.get_or_insert_with(|| cfg.max_checks > 0 && has_check(pos, &mut work));
            if !check {
                continue;
            }
        }
        let (v, exhausted) = search_victim(
            cfg,
            pos,
            &mut work,
            Bitboard::from_square(sq),
            false,
            exempt,
            spared,
            None,
            lone_first,
        );
        if exhausted {
            out.truncated.insert(sq);
            continue;
        }
        if v > 0 {
            out.won.insert(sq);
            // Was a check needed? Search again without checks before the first capture.
            let no_check = GainConfig {
                max_checks: 0,
                ..cfg.clone()
            };
            let (v2, _) = search_victim(
                &no_check,
                pos,
                &mut work,
                Bitboard::from_square(sq),
                false,
                exempt,
                spared,
                None,
                lone_first,
            );
            if v2 <= 0 {
                out.via_check.insert(sq);
            }
        }
    }
    // 联合捉子 by a check that forks: no piece is won alone, but after a check every answer loses
    // one of several pieces — the defender picks which, so no single piece's search sees it.
    // "炮六平二为联合捉子" (参考图41: 炮二进一 checks through the advisor; 象5退7 blocks and 车三进二
    // takes the elephant; 士6进5 unblocks, 车三进二 将, 士5退6, 车三退一 uncovers the cannon's
    // check and 车三平一 takes the cannon after 士6进5). The pieces reported are a minimal such
    // set (no piece can be dropped from it; searches out of budget are reported as truncated); the lines stay those of one piece (checks before the first capture, each side's
    // pieces as bounded above), and after the first capture the piece taken is the piece won.
    let mut rest = Bitboard::EMPTY;
    for sq in candidates & !out.won & !out.truncated & !spared {
        if board
            .piece_at(sq)
            .is_some_and(|p| cfg.values.material(p, sq) > 0)
        {
            rest.insert(sq);
        }
    }
    if out.won.is_empty()
        && out.truncated.is_empty()
        && rest.count() >= 2
        && cfg.max_checks > 0
        && *any_check.get_or_insert_with(|| has_check(pos, &mut work))
    {
        let fork = |set: Bitboard, work: &mut Position| -> Option<bool> {
            let (v, exhausted) =
                search_victim(cfg, pos, work, set, true, exempt, spared, None, lone_first);
            (!exhausted).then_some(v > 0)
        };
        let whole = fork(rest, &mut work);
        if whole.is_none() {
            out.truncated |= rest;
        }
        if whole == Some(true) {
            // The pieces forked: a minimal set (dropping pieces one at a time) whose loss
            // every answer to the check still concedes. The order of dropping is canonical
            // (see [`fork_drop_order`]), so the set does not depend on the board's orientation.
            let mut set = rest;
            for sq in fork_drop_order(board, rest, &cfg.values) {
                let smaller = set & !Bitboard::from_square(sq);
                if smaller.count() >= 2 && fork(smaller, &mut work) == Some(true) {
                    set = smaller;
                }
            }
            out.won |= set;
            out.via_check |= set;
        }
    }
    out
}

/// The order in which the pieces of `set` are tried for dropping from a forked set: the least
/// valuable first (so the set kept is the most valuable one), then by kind, then by identity
/// read from the pieces' own side — the rank counted from their own back rank, the distance from
/// the middle file, and last the file counted from the attacker's right. Every key but the last
/// is the same when the board is mirrored or rotated with the colours swapped; the last decides
/// only between two pieces of one kind on one rank standing as mirror images of each other.
///
/// Reading R03 (READINGS.md).
fn fork_drop_order(
    board: &xiangqi_board::Board,
    set: Bitboard,
    values: &PieceValues,
) -> Vec<Square> {
    let mut order: Vec<(i32, usize, u8, u8, u8, Square)> = set
        .into_iter()
        .filter_map(|sq| {
            let p = board.piece_at(sq)?;
            let rank = sq.rank().index();
            let file = sq.file().index();
            let (own_rank, right_file) = match p.color {
                // The defender's pieces; the attacker sits across the board.
                Color::Red => (rank, 8 - file),
                Color::Black => (9 - rank, file),
            };
            Some((
                values.material(p, sq),
                p.kind.index(),
                own_rank,
                file.abs_diff(4),
                right_file,
                sq,
            ))
        })
        .collect();
    order.sort_unstable();
    order.into_iter().map(|k| k.5).collect()
}

/// Whether the piece on `piece` wins the enemy piece on `target` by itself, the side to move's
/// other pieces standing still (except to get out of a check): its own checks (抽将) and its own
/// capture, as [`winnable`] measures it. A piece that checks and takes alone chases as any
/// other piece does ("黑方车7平8后，可以下一着开始运用连续将军得车，判捉 … 黑方长捉车", 图3), while
/// a check by one piece so that another takes is a joint chase ("黑方马炮联合捉子", 参考图40).
pub fn wins_alone_by_checks(
    pos: &Position,
    cfg: &GainConfig,
    target: Square,
    piece: Square,
) -> bool {
    if pos.is_check() || pos.piece_at(piece).is_none_or(|p| p.color != pos.turn()) {
        return false;
    }
    let mut work = pos.clone();
    let (v, exhausted) = search_victim(
        cfg,
        pos,
        &mut work,
        Bitboard::from_square(target),
        false,
        Bitboard::EMPTY,
        Bitboard::EMPTY,
        Some(piece),
        false,
    );
    !exhausted && v > 0
}

/// The line by which the side to move in `pos` wins the enemy piece on one of `victims` (one
/// piece, or the pieces of a fork: then a check comes first, see [`winnable`]) within the bounds
/// of `cfg`, the defender barred from taking the attacker's pieces on `exempt` (see
/// [`winnable_among_exempt`]): the attacker's moves and the defender's best replies, as the
/// search found them (a line may end with the defender letting the piece go). `None` when no
/// piece is won so (or the search ran out of budget).
pub fn winning_line(
    pos: &Position,
    cfg: &GainConfig,
    victims: Bitboard,
    exempt: Bitboard,
) -> Option<Vec<Move>> {
    if pos.is_check() || victims.is_empty() {
        return None;
    }
    let mut work = pos.clone();
    let mut s = Search::new(
        cfg,
        pos,
        victims,
        victims.count() >= 2,
        exempt,
        Bitboard::EMPTY,
        None,
        false,
    );
    s.pv = Some(Vec::new());
    let v = s.attacker_node(
        &mut work,
        Balance::default(),
        false,
        cfg.max_checks,
        cfg.max_plies,
        0,
        1,
    );
    if s.exhausted || v <= 0 {
        return None;
    }
    s.pv.and_then(|mut pv| pv.drain(..).next())
}

/// An answer of the defender to a line's first move, and the attacker's continuation after it.
pub type Answer = (Move, Vec<Move>);

/// [`winning_line`] with its proof: the line, and every answer of the defender to the line's
/// first move that the search weighed (in check: every legal move; else its captures), each with
/// the attacker's continuation that still wins (the answer's own best replies inside it).
pub fn winning_tree(
    pos: &Position,
    cfg: &GainConfig,
    victims: Bitboard,
    exempt: Bitboard,
) -> Option<(Vec<Move>, Vec<Answer>)> {
    if pos.is_check() || victims.is_empty() {
        return None;
    }
    let mut work = pos.clone();
    let mut s = Search::new(
        cfg,
        pos,
        victims,
        victims.count() >= 2,
        exempt,
        Bitboard::EMPTY,
        None,
        false,
    );
    s.pv = Some(Vec::new());
    s.answers = Some(Vec::new());
    let v = s.attacker_node(
        &mut work,
        Balance::default(),
        false,
        cfg.max_checks,
        cfg.max_plies,
        0,
        1,
    );
    if s.exhausted || v <= 0 {
        return None;
    }
    let line = s.pv.as_mut().and_then(|pv| pv.drain(..).next())?;
    Some((line, std::mem::take(&mut s.best_answers)))
}

/// The outcome of the side to move's best complete exchange (完整互吃) on the enemy piece on
/// `target`, within the bounds of `cfg`, the defender barred from taking the attacker's pieces on
/// `exempt` (see [`winnable_among_exempt`]), with the line the search found (the attacker's
/// moves and the defender's best replies; empty for [`ExchangeOutcome::NoCapture`]).
///
/// The same search as [`winnable`] (checks before the first capture, 抽将 on the way, the king's
/// and a pawn's own first capture not counted), scored so that a line that takes the piece and
/// nets exactly nothing ([`ExchangeOutcome::Even`], 价值相当) is told apart from taking nothing
/// (both score 0 in the net-gain test). A gain by [`Balance::score`] is
/// [`ExchangeOutcome::Gain`]; a line that trades pawns for pieces and scores 0 is not even (only
/// a balance of exactly nothing is). A search that runs out of budget answers
/// [`ExchangeOutcome::NoCapture`], as every search here does.
pub fn exchange_outcome(
    pos: &Position,
    cfg: &GainConfig,
    target: Square,
    exempt: Bitboard,
) -> (ExchangeOutcome, Vec<Move>) {
    let none = (ExchangeOutcome::NoCapture, Vec::new());
    if pos.is_check()
        || pos
            .piece_at(target)
            .is_none_or(|p| p.color == pos.turn() || p.kind == PieceKind::King)
    {
        return none;
    }
    let mut work = pos.clone();
    let mut s = Search::new(
        cfg,
        pos,
        Bitboard::from_square(target),
        false,
        exempt,
        Bitboard::EMPTY,
        None,
        false,
    );
    s.even_counts = true;
    s.pv = Some(Vec::new());
    let v = s.attacker_node(
        &mut work,
        Balance::default(),
        false,
        cfg.max_checks,
        cfg.max_plies,
        0,
        2,
    );
    if s.exhausted || v <= 0 {
        return none;
    }
    let line =
        s.pv.and_then(|mut pv| pv.drain(..).next())
            .unwrap_or_default();
    let outcome = if v >= 2 {
        ExchangeOutcome::Gain
    } else {
        ExchangeOutcome::Even
    };
    (outcome, line)
}

/// The value of the line winning the piece on `victims` (> 0: won; several for a fork, see
/// [`winnable`]) and whether the search ran out of budget.
#[allow(clippy::too_many_arguments)]
fn search_victim(
    cfg: &GainConfig,
    pos: &Position,
    work: &mut Position,
    victims: Bitboard,
    check_first: bool,
    exempt: Bitboard,
    spared: Bitboard,
    solo: Option<Square>,
    lone_first: bool,
) -> (i32, bool) {
    let mut s = Search::new(
        cfg,
        pos,
        victims,
        check_first,
        exempt,
        spared,
        solo,
        lone_first,
    );
    let v = s.attacker_node(
        work,
        Balance::default(),
        false,
        cfg.max_checks,
        cfg.max_plies,
        0,
        1,
    );
    (v, s.exhausted)
}

/// The moves with captures first, the most valuable victim first (so that cut-offs come early
/// and quiet moves are tested for check only when still needed). The order does not change the
/// value of a search that completes within its budget.
fn captures_first(
    pos: &Position,
    moves: &MoveList,
    values: &PieceValues,
) -> (usize, [Move; MAX_MOVES]) {
    let mut out = [Move::new(Square::new_unchecked(0), Square::new_unchecked(0)); MAX_MOVES];
    let mut caps: [(i32, Move); MAX_MOVES] = [(0, out[0]); MAX_MOVES];
    let mut nc = 0;
    for &m in moves.iter() {
        if let Some(v) = pos.piece_at(m.to) {
            caps[nc] = (values.material(v, m.to), m);
            nc += 1;
        }
    }
    caps[..nc].sort_by_key(|&(v, _)| std::cmp::Reverse(v));
    for (i, &(_, m)) in caps[..nc].iter().enumerate() {
        out[i] = m;
    }
    let mut n = nc;
    for &m in moves.iter() {
        if pos.piece_at(m.to).is_none() {
            out[n] = m;
            n += 1;
        }
    }
    (n, out)
}

/// Whether the side to move in `pos` has a move that gives check, a capture included (a capture
/// with check may open a line before the first capture of the victim, see
/// [`Search::attacker_node`]); `work` is a copy of `pos` to play moves in.
fn has_check(pos: &Position, work: &mut Position) -> bool {
    let king = pos.king(!pos.turn());
    pos.legal_moves_where(|from, to| sees_king(king, from) || sees_king(king, to))
        .iter()
        .any(|&m| gives_check_in_place(work, m))
}

/// Whether the legal move `m` gives check, tested by playing and undoing it in place (no clone).
fn gives_check_in_place(pos: &mut Position, m: Move) -> bool {
    if !may_give_check(pos, m) {
        return false;
    }
    let undo = pos.play_unchecked(m);
    let check = pos.is_check();
    pos.undo(undo);
    check
}

/// Whether the move `m` of the side to move can give check at all: it must leave or enter a
/// square that sees the enemy king — on its file or rank (rook, cannon and its screen, the facing
/// kings) or within two files and two ranks (a horse, a horse's leg, a pawn). Most moves do
/// neither and need not be played to know that they give no check.
#[inline]
fn may_give_check(pos: &Position, m: Move) -> bool {
    let king = pos.king(!pos.turn());
    sees_king(king, m.from) || sees_king(king, m.to)
}

/// Whether the side to move mates by consecutive checks (every move of the mating side a check,
/// every reply considered) within `plies` plies. `budget` counts the mating side's tried moves (those
/// that may give check) down; when it reaches 0 the
/// answer is `false`.
pub fn mates_by_checks(pos: &mut Position, plies: u32, budget: &mut u32) -> bool {
    mates_within(pos, plies, false, budget)
}

/// [`mates_by_checks`] where a reply that is the defender's only legal move is not counted in
/// `plies` (the defender has no choice there): a check answered by the only legal reply costs one
/// ply, not two, when at least 3 plies are left (every check of the mating side still counts, so
/// a line is at most about twice as long). The horizon of a mate threat (杀) measured this way sees the
/// long forced mates of two rooks chasing a king up and down (图17 将4退1（杀）: 车3进7 将 and the
/// rooks mate in 13 plies, 9 counted).
pub fn mates_by_forcing_checks(pos: &mut Position, plies: u32, budget: &mut u32) -> bool {
    mates_within(pos, plies, true, budget)
}

fn mates_within(pos: &mut Position, plies: u32, forced_free: bool, budget: &mut u32) -> bool {
    let mut nodes = 0u64;
    let found = xiangqi_adjudication::search_checks(
        pos,
        plies,
        forced_free,
        &mut nodes,
        u64::from(*budget),
    );
    *budget = budget.saturating_sub(u32::try_from(nodes).unwrap_or(u32::MAX));
    found.unwrap_or(false)
}

/// Whether the side that just moved (the side *not* to move in `after`) would mate by consecutive
/// checks within `plies` plies if its opponent passed (the mate-threat test, 杀). `false` when the
/// side to move is in check (a checking move is 将, not 杀).
pub fn threatens_mate(after: &Position, plies: u32, budget: u32) -> bool {
    let Some(mut passed) = after.pass() else {
        return false;
    };
    let mut b = budget;
    mates_by_checks(&mut passed, plies, &mut b)
}

/// [`threatens_mate`] with the horizon of [`mates_by_forcing_checks`] (an only legal reply not
/// counted).
pub fn threatens_forcing_mate(after: &Position, plies: u32, budget: u32) -> bool {
    let Some(mut passed) = after.pass() else {
        return false;
    };
    let mut b = budget;
    mates_by_forcing_checks(&mut passed, plies, &mut b)
}

/// The enemy pieces the side that just moved could win if its opponent passed — [`winnable`] on
/// the passed position. Empty when the side to move is in check.
pub fn threatened_after(after: &Position, cfg: &GainConfig) -> Targets {
    match after.pass() {
        Some(p) => winnable(&p, cfg),
        None => Targets::default(),
    }
}

/// Whether `m` (legal in `pos`) lets an enemy piece of the same kind capture the moved piece while
/// the moved piece attacks that enemy piece back, or the mover can recapture on the square — an
/// exchange offer (兑). Returns the enemy piece's square.
pub fn exchange_offer(pos: &Position, m: Move) -> Option<Square> {
    let piece = pos.piece_at(m.from)?;
    let mut after = pos.clone();
    after.play_unchecked(m);
    let them = !piece.color;
    for &r in after.legal_moves().iter() {
        if r.to != m.to {
            continue;
        }
        let Some(taker) = after.piece_at(r.from) else {
            continue;
        };
        if taker.kind != piece.kind || taker.color != them {
            continue;
        }
        // Can the mover answer the capture by taking the taker back (equal trade)?
        let mut p2 = after.clone();
        p2.play_unchecked(r);
        if p2.legal_moves().iter().any(|x| x.to == m.to) {
            return Some(r.from);
        }
        // Or does the moved piece itself attack the taker (mutual attack)?
        if after
            .pass()
            .map(|p| {
                p.legal_moves()
                    .iter()
                    .any(|x| x.from == m.to && x.to == r.from)
            })
            .unwrap_or(false)
        {
            return Some(r.from);
        }
    }
    None
}

/// Whether the piece on `target` (of the side not to move) has a root that the search of the
/// side to move does not see: every capture of it can be won back — the capturing piece is taken on
/// `target`, at once or after checks (暗根 by 抽将) — and every capturer is worth at least the piece
/// it takes. False when the piece cannot be taken.
pub fn rooted_by_checks(pos: &Position, target: Square, cfg: &GainConfig) -> bool {
    let Some(victim) = pos.piece_at(target) else {
        return false;
    };
    let worth = cfg.values.material(victim, target);
    let mut any = false;
    for &c in pos.legal_moves().iter() {
        if c.to != target {
            continue;
        }
        any = true;
        let Some(capturer) = pos.piece_at(c.from) else {
            return false;
        };
        if cfg.values.material(capturer, target) < worth {
            return false;
        }
        let mut next = pos.clone();
        next.play_unchecked(c);
        let won_back = next.legal_moves().iter().any(|r| r.to == target)
            || winnable_among(&next, cfg, Bitboard::from_square(target))
                .won
                .contains(target);
        if !won_back {
            return false;
        }
    }
    any
}

/// Whether the piece on `target` (of the side not to move) is rooted only by 抽将 (抽将根, a
/// 暗根子): it has no recapture at all, yet every capture of it is won back after the defender's
/// checks (a discovered check, then the capturer taken on `target`), and every capturer is worth
/// at least the piece. False when the piece cannot be taken. The plain search never sees such a
/// root (the defender's checks are not searched).
///
/// Reading R29 (READINGS.md).
pub fn rooted_only_by_checks(pos: &Position, target: Square, cfg: &GainConfig) -> bool {
    let Some(victim) = pos.piece_at(target) else {
        return false;
    };
    let worth = cfg.values.material(victim, target);
    let mut any = false;
    for &c in pos.legal_moves().iter() {
        if c.to != target {
            continue;
        }
        any = true;
        let Some(capturer) = pos.piece_at(c.from) else {
            return false;
        };
        if cfg.values.material(capturer, target) < worth {
            return false;
        }
        let mut next = pos.clone();
        next.play_unchecked(c);
        if next.legal_moves().iter().any(|r| r.to == target)
            || !winnable_among(&next, cfg, Bitboard::from_square(target))
                .won
                .contains(target)
        {
            return false;
        }
    }
    any
}

/// Whether winning the enemy piece on `target` needs a second attacker (联合捉 / 捉少根子): every
/// direct capture of it by the side to move can be answered by a legal recapture that makes the
/// single exchange no gain, so the gain comes only from the attacker's own recapture.
pub fn needs_second_attacker(pos: &Position, target: Square, values: &PieceValues) -> bool {
    every_capture_fails(pos, target, values, |_, _| Some(pos.clone()))
}

/// Whether the side to move has a legal capture on `target` and none of them wins there by
/// itself: `judge(capture, capturer)` gives the position to judge the capture in (`None`: the
/// capture does not stand there at all), where the capture must net a gain against one recapture
/// (see [`single_exchange`]).
fn every_capture_fails(
    pos: &Position,
    target: Square,
    values: &PieceValues,
    judge: impl Fn(Move, Piece) -> Option<Position>,
) -> bool {
    let Some(victim) = pos.piece_at(target) else {
        return false;
    };
    let v = values.material(victim, target);
    let mut direct = false;
    for &m in pos.legal_moves().iter() {
        if m.to != target {
            continue;
        }
        let Some(capturer) = pos.piece_at(m.from) else {
            continue;
        };
        direct = true;
        let Some(mut next) = judge(m, capturer) else {
            continue;
        };
        next.play_unchecked(m);
        if single_exchange(&next, target, v, values.material(capturer, target)) > 0 {
            return false;
        }
    }
    direct
}

/// The net of one capture on `target` (the victim worth `victim`, the capturer `capturer`) when the
/// opponent, to move in `next`, may take back once: the victim, less the capturer if it is taken.
fn single_exchange(next: &Position, target: Square, victim: i32, capturer: i32) -> i32 {
    if next.legal_moves().iter().any(|r| r.to == target) {
        victim - capturer
    } else {
        victim
    }
}

/// Whether every direct capture of the enemy piece on `target` by the side to move wins it only
/// with a partner (车炮联合捉子): with the capturing side's other pieces that attack the target
/// taken off the board, the capture is no longer legal (a cannon loses its screen) or is taken
/// back for no gain. Rule-book 图28 "车七平八（捉）… 一着车炮联合捉子": the rook and the cannon behind
/// it both attack the advisor; the rook alone is taken back by the king and the cannon alone has
/// no screen. 参考图38 "黑方联合捉车": rook and cannon through it on the rook guarded by the king.
pub fn needs_partner(pos: &Position, target: Square, values: &PieceValues) -> bool {
    let attackers = pos.attackers_to(target, pos.turn());
    every_capture_fails(pos, target, values, |m, capturer| {
        let partners =
            attackers & !Bitboard::from_square(m.from) & !pos.board().by_kind(PieceKind::King);
        // Without the partners the capture no longer reaches the target: a cannon lost its
        // screen.
        let occ_alone = pos.board().occupied() & !partners;
        if !xiangqi_movegen::piece_attacks(capturer, m.from, occ_alone).contains(target) {
            return None;
        }
        let mut setup = pos.to_setup();
        for sq in partners {
            setup.board.remove(sq);
        }
        // A board without the partners that is not a position (a king left in check) or on which
        // the capture is illegal (the partners shielded our own king) is judged as it stands.
        Some(match Position::from_setup(setup) {
            Ok(alone) if alone.is_legal(m) => alone,
            _ => pos.clone(),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn won(fen: &str) -> Targets {
        winnable(&Position::from_fen(fen).unwrap(), &GainConfig::default())
    }

    fn sq(name: &str) -> Square {
        Square::from_name(name).unwrap()
    }

    #[test]
    fn an_unprotected_piece_is_won() {
        let t = won("3k5/9/9/9/9/9/n8/9/9/R3K4 w - - 0 1");
        assert!(t.won.contains(sq("a3")));
        assert!(t.via_check.is_empty());
    }

    #[test]
    fn a_piece_protected_by_a_more_valuable_attacker_s_recapture_is_not_won() {
        // 捉有根子是闲: the rook takes the horse (5) and is taken back (10).
        let t = won("r2k5/9/9/9/9/9/n8/9/9/R3K4 w - - 0 1");
        assert!(!t.won.contains(sq("a3")));
    }

    #[test]
    fn two_attackers_against_one_protector_win_it() {
        // 少根子: the horse on a3 is attacked by two rooks (a0, g3), protected by one (a9): the
        // exchange on a3 ends a horse up.
        let t = won("r2k5/9/9/9/9/9/n5R2/9/9/R3K4 w - - 0 1");
        assert!(t.won.contains(sq("a3")));
    }

    #[test]
    fn a_pawn_on_its_own_half_is_no_material_under_the_1987_values() {
        // The black pawn on a6 has not crossed the river: value 0, never a target.
        let t = won("3k5/9/9/p8/9/9/9/9/9/R3K4 w - - 0 1");
        assert!(t.won.is_empty());
        // Across the river (a4) it is material.
        let t = won("3k5/9/9/9/9/p8/9/9/9/R3K4 w - - 0 1");
        assert!(t.won.contains(sq("a4")));
    }

    #[test]
    fn a_piece_won_only_after_a_check_is_won_by_checks() {
        // 抽将: the horse leaves d1, uncovering the rook's check on the d-file, and takes the rook
        // on f5 next (or on d5, if it blocks the check there).
        let t = won("3k5/9/9/9/5r3/9/9/9/3N5/3RK4 w - - 0 1");
        assert!(t.won.contains(sq("f5")), "{t:?}");
        assert!(t.via_check.contains(sq("f5")), "{t:?}");
    }

    fn outcome(fen: &str, target: &str) -> (ExchangeOutcome, Vec<Move>) {
        exchange_outcome(
            &Position::from_fen(fen).unwrap(),
            &GainConfig::default(),
            sq(target),
            Bitboard::EMPTY,
        )
    }

    fn iccs(line: &[Move]) -> Vec<String> {
        line.iter().map(|m| m.iccs()).collect()
    }

    #[test]
    fn an_unprotected_piece_is_a_gain() {
        let (o, line) = outcome("4k4/9/9/9/9/9/n8/9/9/R2K5 w - - 0 1", "a3");
        assert_eq!(o, ExchangeOutcome::Gain);
        assert_eq!(iccs(&line)[0], "a0a3");
    }

    #[test]
    fn a_rook_for_a_rook_is_an_even_complete_exchange() {
        // 完整互吃，价值相当: the rook takes the rook a3, the rook a9 takes back.
        let (o, line) = outcome("r4k3/9/9/9/9/9/r8/9/9/R2K5 w - - 0 1", "a3");
        assert_eq!(o, ExchangeOutcome::Even, "{:?}", iccs(&line));
        assert_eq!(iccs(&line), ["a0a3", "a9a3"]);
        // The net-gain test sees no chase there.
        assert!(
            !won("r4k3/9/9/9/9/9/r8/9/9/R2K5 w - - 0 1")
                .won
                .contains(sq("a3"))
        );
    }

    #[test]
    fn a_capture_that_loses_is_no_capture() {
        // 得不偿失: the rook (10) for a protected horse (5).
        let (o, line) = outcome("r4k3/9/9/9/9/9/n8/9/9/R2K5 w - - 0 1", "a3");
        assert_eq!(o, ExchangeOutcome::NoCapture);
        assert!(line.is_empty());
    }

    #[test]
    fn no_piece_or_an_own_piece_is_no_capture() {
        let fen = "r4k3/9/9/9/9/9/r8/9/9/R2K5 w - - 0 1";
        assert_eq!(outcome(fen, "b3").0, ExchangeOutcome::NoCapture);
        assert_eq!(outcome(fen, "a0").0, ExchangeOutcome::NoCapture);
        assert_eq!(outcome(fen, "f9").0, ExchangeOutcome::NoCapture);
    }

    #[test]
    fn two_attackers_against_one_protector_are_a_gain_not_an_even_trade() {
        let (o, _) = outcome("r4k3/9/9/9/9/9/n5R2/9/9/R2K5 w - - 0 1", "a3");
        assert_eq!(o, ExchangeOutcome::Gain);
    }
}

#[cfg(test)]
mod root_by_check_tests {
    use super::*;

    #[test]
    fn a_piece_rooted_only_by_a_discovered_check_is_rooted() {
        // 抽将根: the rook takes the elephant a7; the horse steps off the e-file with the black
        // rook's check and, once the check is answered, takes the rook.
        let pos = Position::from_fen("3kr4/9/b8/9/4n4/9/9/9/R8/4K4 w - - 0 1").unwrap();
        let cfg = GainConfig::default();
        let a7 = Square::from_name("a7").unwrap();
        assert!(winnable(&pos, &cfg).won.contains(a7));
        assert!(rooted_only_by_checks(&pos, a7, &cfg));
        // Without the black rook the elephant has no root.
        let bare = Position::from_fen("3k5/9/b8/9/4n4/9/9/9/R8/4K4 w - - 0 1").unwrap();
        assert!(!rooted_only_by_checks(&bare, a7, &cfg));
        // An ordinary root is not a root by checks only.
        let guarded = Position::from_fen("r2k5/9/b8/9/9/9/9/9/R8/4K4 w - - 0 1").unwrap();
        assert!(rooted_by_checks(&guarded, a7, &cfg));
        assert!(!rooted_only_by_checks(&guarded, a7, &cfg));
    }
}
