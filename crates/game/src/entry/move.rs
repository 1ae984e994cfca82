//! 着法: a move (ICCS, WXF or Chinese) and the mover's clock after it (seconds left), if read.

use xiangqi_board::Color;
use xiangqi_movegen::{Move, Position};
use xiangqi_notation::{Mode, Notation, chinese, parse_move};

use super::book::{self, CLOCK_LEFT, Lang, PLY_POST, PLY_PRE, Word};
use super::kind::{Arg, Asked, Entry, Kind, Saying, Typed};
use super::token::Token;
use crate::error::GameError;
use crate::fields::{Fields, WordError};
use crate::refusal::{Refusal, side_name};
use crate::ruling::{Turn, check_reading, refused};
use crate::time::format_clock;

/// A move.
pub static KIND: Kind = Kind {
    word: "move",
    name: Word {
        zh: "着法",
        en: "Move",
    },
    typed: Some(Typed {
        word: "move",
        aliases: &[],
        about: "Append a move (ICCS, WXF or Chinese) and the mover's clock after it",
        args: &[
            Arg {
                value_name: "MOVE",
                hyphen_values: true,
                ..Arg::text(
                    "mv",
                    "MV",
                    "The move, in ICCS (h2e2), WXF (C2.5) or Chinese (炮二平五)",
                    |f, v| f.mv = v,
                )
            },
            Arg::clock("The mover's clock right after pressing it (time left), H:MM:SS"),
        ],
        read,
    }),
    since: 1,
    needs_board: true,
    plays: true,
    rewinds: false,
    parse,
};

/// A move an undo took back, kept off the game's line: `move h2e2 1:29:50`.
fn parse(t: &Token) -> Result<Entry, String> {
    let mv = t.get(1).ok_or("missing move")?;
    Move::from_iccs(mv).ok_or(format!("bad move {mv}"))?;
    Ok(Entry::Move {
        mv: mv.to_string(),
        clock: t.reading(2)?,
    })
}

fn read(_: &str, f: &Fields) -> Result<Asked, WordError> {
    Ok(Asked::Apply(Entry::Move {
        mv: f.mv.trim().to_string(),
        clock: f.reading()?,
    }))
}

/// Checks the move (its numerals, its legality, the sealed move that must be played, the
/// clock reading) and applies it to the draft: the move is played after the entry is kept.
pub(crate) fn apply(
    t: &mut Turn<'_>,
    mv: &mut String,
    clock: Option<u32>,
) -> Result<String, GameError> {
    if !t.lenient {
        check_numerals(t.position, mv)?;
    }
    let m = parse_move(t.position, mv, Mode::Tolerant).map_err(|error| {
        refused(Refusal::Move {
            mv: mv.clone(),
            error,
        })
    })?;
    if let Some((sealed, _)) = &t.st.must_play
        && *sealed != m.iccs()
    {
        return Err(refused(Refusal::NotTheSealed {
            sealed: sealed.clone(),
            mv: mv.clone(),
        }));
    }
    let mover = t.position.turn();
    let n = t.st.moves_made[mover] + 1;
    let added = t.tc.added_after(n);
    if let Some(c) = clock
        && !t.lenient
    {
        check_reading(mover, i64::from(c), t.st.clocks[mover], added)?;
    }
    *mv = m.iccs();
    let st = &mut t.st;
    st.must_play = None;
    // a proposal not taken up before the next move lapses (the log keeps it)
    st.proposal = None;
    st.moves_made[mover] = n;
    match clock {
        Some(c) => st.clocks[mover] = i64::from(c),
        None => st.clocks[mover] += added,
    }
    st.period[mover] = t.tc.period_at(n);
    let mut msg = format!(
        "ply {}: {} {} ({}'s move {n}), {} left",
        st.ply + 1,
        xiangqi_notation::render_chinese(t.position, m),
        m.iccs(),
        side_name(mover),
        format_clock(st.clocks[mover])
    );
    if st.offer == Some(!mover) {
        st.offer = None;
        msg.push_str(&format!(
            "; {}'s draw offer is declined by the move",
            side_name(!mover)
        ));
    }
    t.played = Some(m);
    Ok(msg)
}

/// A move in Chinese notation is written in the mover's own numerals (Red 一…九, Black
/// 1…9 / １…９): the other side's form is refused, naming the move it would be for
/// the other side, so that a skipped move does not shift the whole log.
fn check_numerals(position: &Position, mv: &str) -> Result<(), GameError> {
    let t = mv.trim();
    if Notation::detect(t) != Notation::Chinese {
        return Ok(());
    }
    let Ok(c) = chinese::parse(t) else {
        return Ok(()); // the move's own error says what is wrong
    };
    let mover = position.turn();
    let (own, theirs) = match mover {
        Color::Red => (chinese::Numerals::Chinese, chinese::Numerals::Arabic),
        Color::Black => (chinese::Numerals::Arabic, chinese::Numerals::Chinese),
    };
    match c.numerals {
        n if n == own || n == chinese::Numerals::None => Ok(()),
        chinese::Numerals::Mixed => Err(refused(Refusal::MixedNumerals {
            mv: t.to_string(),
            mover,
        })),
        n => {
            debug_assert_eq!(n, theirs);
            let other = position.swap_turn();
            let would = match c.resolve(&other, Mode::Tolerant) {
                Ok(m) if other.is_legal(m) => Some((
                    xiangqi_notation::render_chinese(&other, m),
                    m.iccs().to_string(),
                )),
                _ => None,
            };
            Err(refused(Refusal::OtherNumerals {
                mv: t.to_string(),
                mover,
                would,
            }))
        }
    }
}

/// `第3着 炮二平五，红方钟余 1:29:50`; a move taken back without its number; the walk plays the
/// moves in force.
pub(crate) fn said(mv: &str, clock: Option<u32>, at: &mut Saying) -> String {
    let m = Move::from_iccs(mv);
    let (text, mover) = match (&mut at.pos, m) {
        (Some(p), Some(m)) => {
            let text = xiangqi_notation::render_chinese(p, m);
            let mover = p.turn();
            if !at.undone {
                p.play_unchecked(m);
            }
            (text, Some(mover))
        }
        _ => (mv.to_string(), None),
    };
    let clock = match (clock, mover) {
        (Some(c), Some(side)) => format!(
            "，{}{} {}",
            book::side(side, Lang::Zh),
            CLOCK_LEFT.zh,
            format_clock(i64::from(c))
        ),
        _ => String::new(),
    };
    if at.undone {
        format!("{text}{clock}")
    } else {
        at.ply += 1;
        format!("{}{}{} {text}{clock}", PLY_PRE.zh, at.ply, PLY_POST.zh)
    }
}
