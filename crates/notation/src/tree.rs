//! Move trees stored in pre-order (XQF, CBR): each record says whether a child (the next move)
//! and a sibling (an alternative to this move) follow. Built iteratively, so a hostile file
//! cannot overflow the stack.

use xiangqi_movegen::{Move, Position};

use crate::game::{NotatedGame, Variation};

/// One record as read from the file.
pub(crate) struct Record {
    /// The move, or `None` if the squares are out of range (the root has none).
    pub mv: Option<Move>,
    /// A child (the next move of this line) follows.
    pub has_child: bool,
    /// A sibling (an alternative to this move) follows after this node's subtree.
    pub has_sibling: bool,
    /// The comment attached to the move.
    pub comment: Option<String>,
}

/// A node of the tree.
pub(crate) struct Node {
    pub mv: Option<Move>,
    pub first_child: Option<usize>,
    pub next_sibling: Option<usize>,
    pub comment: Option<String>,
}

/// Reads records with `next` until the pre-order tree is complete. The first record is the
/// root (no move; its comment is the game comment).
pub(crate) fn read_tree(
    mut next: impl FnMut() -> Result<Record, String>,
) -> Result<Vec<Node>, String> {
    let mut nodes: Vec<Node> = Vec::new();
    let mut sibling_stack: Vec<usize> = Vec::new();
    let mut parent_of_next: Option<usize> = None;
    loop {
        let rec = next()?;
        let id = nodes.len();
        nodes.push(Node {
            mv: if id == 0 { None } else { rec.mv },
            first_child: None,
            next_sibling: None,
            comment: rec.comment,
        });
        if id > 0 {
            match parent_of_next {
                Some(p) => nodes[p].first_child = Some(id),
                None => match sibling_stack.pop() {
                    Some(s) => nodes[s].next_sibling = Some(id),
                    None => return Err("inconsistent move tree".to_string()),
                },
            }
            if rec.has_sibling {
                sibling_stack.push(id);
            }
        }
        if rec.has_child {
            parent_of_next = Some(id);
        } else if sibling_stack.is_empty() {
            return Ok(nodes);
        } else {
            parent_of_next = None;
        }
    }
}

/// Fills the game's main line, first-level variations and comments from the tree. Returns the
/// 1-based ply of the first illegal main-line record, if any.
pub(crate) fn fill_game(
    nodes: &[Node],
    game: &mut NotatedGame,
) -> Result<(), (usize, Option<Move>)> {
    let Some(root) = nodes.first() else {
        return Ok(());
    };
    if let Some(c) = &root.comment {
        game.comments.push((0, c.clone()));
    }
    let mut pos: Position = game.start.clone();
    let mut cur = root.first_child;
    let mut ply = 0;
    while let Some(n) = cur {
        ply += 1;
        let m = match nodes[n].mv {
            Some(m) if pos.is_legal(m) => m,
            other => return Err((ply, other)),
        };
        let mut alt = nodes[n].next_sibling;
        while let Some(a) = alt {
            let mut vpos = pos.clone();
            let mut moves = Vec::new();
            let mut c = Some(a);
            while let Some(x) = c {
                match nodes[x].mv {
                    Some(vm) if vpos.is_legal(vm) => {
                        vpos.play_unchecked(vm);
                        moves.push(vm);
                    }
                    _ => break,
                }
                c = nodes[x].first_child;
            }
            game.variations.push(Variation {
                variations: Vec::new(),
                ply: ply - 1,
                moves,
            });
            alt = nodes[a].next_sibling;
        }
        pos.play_unchecked(m);
        game.moves.push(m);
        if let Some(c) = &nodes[n].comment {
            game.comments.push((ply, c.clone()));
        }
        cur = nodes[n].first_child;
    }
    Ok(())
}
