//! 要求判和: a claim — a draw by repetition (不变作和, ch.1 §4 二(三)) or the 60-move rule
//! (六十回合, 二(四)) — exempt from the offer protocol; the ruling is logged with it.

use xiangqi_adjudication::natural_limit;
use xiangqi_board::Color;
use xiangqi_rules::{Outcome, Verdict};

use super::book::{self, Lang, Word};
use super::kind::{Arg, Asked, Entry, Kind, Saying, Typed};
use super::token::{Token, quote};
use crate::error::GameError;
use crate::fields::{self, Fields, WordError};
use crate::refusal::{Refusal, side_name};
use crate::ruling::{Turn, refused};
use crate::state::FALSE_CLAIM_PENALTY_SECONDS;
use crate::verdicts::ClaimKind;

/// A claim.
pub static KIND: Kind = Kind {
    word: "claim",
    name: Word {
        zh: "要求判和",
        en: "Claim a draw",
    },
    typed: Some(Typed {
        word: "claim",
        aliases: &["claim-repetition", "claim-natural-limit"],
        about: "A claim: `repetition` (不变作和) or `natural-limit` (六十回合); the ruling is printed and logged",
        args: &[
            Arg::side("The claimant: red or black"),
            Arg::text("kind", "KIND", "repetition or natural-limit", |f, v| {
                f.kind = v
            }),
        ],
        read,
    }),
    since: 1,
    needs_board: true,
    plays: false,
    rewinds: false,
    parse,
};

/// 不变作和（重复局面） / repetition (不变作和).
pub const REPETITION: Word = Word {
    zh: "不变作和（重复局面）",
    en: "repetition (不变作和)",
};
/// 六十回合（自然限着） / 60-move rule (自然限着).
pub const NATURAL_LIMIT: Word = Word {
    zh: "六十回合（自然限着）",
    en: "60-move rule (自然限着)",
};
/// A claim that ended the game.
pub const HELD: Word = Word {
    zh: "成立，判和",
    en: "upheld: a draw",
};
/// A claim that did not.
pub const NOT_HELD: Word = Word {
    zh: "未判和，对局继续",
    en: "not upheld: play goes on",
};

fn parse(t: &Token) -> Result<Entry, String> {
    Ok(Entry::Claim {
        side: t.side(1)?,
        kind: t
            .get(2)
            .and_then(ClaimKind::from_word)
            .ok_or("bad claim kind")?,
        ruling: t.text(3)?,
    })
}

/// `claim` with the kind typed; `claim-repetition`, `claim-natural-limit` carry it.
fn read(word: &str, f: &Fields) -> Result<Asked, WordError> {
    Ok(Asked::Apply(Entry::Claim {
        side: f.side()?,
        kind: fields::claim(word.strip_prefix("claim-").unwrap_or(f.kind.trim()))?,
        ruling: String::new(),
    }))
}

/// `claim red repetition "…"`.
pub(crate) fn token(side: Color, kind: ClaimKind, ruling: &str) -> String {
    format!("claim {} {} {}", side.name(), kind.as_str(), quote(ruling))
}

/// The claim is heard and ruled; the ruling is written into the entry.
pub(crate) fn apply(
    t: &mut Turn<'_>,
    side: Color,
    kind: ClaimKind,
    ruling: &mut String,
) -> Result<String, GameError> {
    let r = match kind {
        ClaimKind::Repetition => repetition(t, side),
        ClaimKind::NaturalLimit => natural(t, side)?,
    };
    *ruling = r.clone();
    Ok(r)
}

fn repetition(t: &mut Turn<'_>, side: Color) -> String {
    let record = t.record();
    match t.arbiter.rule_last_ply(&record) {
        None => format!(
            "{}'s repetition claim is dismissed: the last move completes no repetition; play goes on",
            side_name(side)
        ),
        Some((r, _)) => match r.verdict {
            Verdict::Draw => t.propose_line(
                Outcome::Draw,
                "repetition",
                format!(
                    "{}'s claim upheld: Red {}, Black {}, plies {}–{}: 不变作和 (ch.1 §4 二(三))",
                    side_name(side),
                    r.red,
                    r.black,
                    r.first_ply,
                    r.last_ply
                ),
                Some((r.first_ply, r.last_ply)),
            ),
            Verdict::MustVary(x) => format!(
                "{}'s repetition claim: no draw; Red {}, Black {}: {} must vary ({})",
                side_name(side),
                r.red,
                r.black,
                side_name(x),
                r.reason
            ),
        },
    }
}

fn natural(t: &mut Turn<'_>, side: Color) -> Result<String, GameError> {
    let Some(policy) = t.arbiter.edition().natural_limit() else {
        return Err(refused(Refusal::NoNaturalLimit {
            edition: t.arbiter.ruleset().edition.to_string(),
        }));
    };
    // detail 4: a claimant already mated, stalemated or flagged loses
    if t.st.clocks[side] <= 0 {
        return Ok(t.propose(
            Outcome::Win(!side),
            "flag",
            format!(
                "{}'s flag had fallen when it claimed: it loses (ch.1 §4 二(四), detail 4)",
                side_name(side)
            ),
        ));
    }
    let in_check = t.st.side_to_move == side && t.position.is_check();
    let status = natural_limit(&t.record(), policy);
    let (me, them) = (status.sides[side], status.sides[!side]);
    let n = policy.moves;
    let since = match status.last_capture_ply {
        0 => "without a capture since the start".to_string(),
        p => format!("since the capture at ply {p}"),
    };
    let counts = format!(
        "{since}: {} {} counted of {} moves ({} checks, at most {} count), {} {} moves; {n} needed",
        side_name(side),
        me.counted_moves,
        me.moves,
        me.checks,
        policy.max_counted_checks,
        side_name(!side),
        them.moves
    );
    let heard = if in_check {
        " (the claimant is in check: the claim is heard, detail 4)"
    } else {
        ""
    };
    if me.counted_moves >= n && them.moves >= n {
        return Ok(t.propose(
            Outcome::Draw,
            "natural-limit",
            format!(
                "{}'s 60-move claim upheld{heard}: {counts} (ch.1 §4 二(四))",
                side_name(side)
            ),
        ));
    }
    let m = format!(
        "{}'s 60-move claim is false{heard}: {counts}; one 违例 (犯规 4) and 5 minutes on its clock",
        side_name(side)
    );
    t.st.fouls[side] += 1;
    t.st.violations[side] += 1;
    let m = t.penalty(side, FALSE_CLAIM_PENALTY_SECONDS, m);
    if t.st.clocks[side] <= 0 {
        return Ok(m); // the penalty emptied the clock: a loss on time
    }
    Ok(t.third_violation(side, m))
}

/// `红方要求判和：不变作和（重复局面），成立，判和`.
pub(crate) fn said(side: Color, kind: ClaimKind, at: &Saying) -> String {
    let kind = match kind {
        ClaimKind::Repetition => REPETITION.zh,
        ClaimKind::NaturalLimit => NATURAL_LIMIT.zh,
    };
    let held = if at.ended { HELD.zh } else { NOT_HELD.zh };
    format!(
        "{}{}：{kind}，{held}",
        book::side(side, Lang::Zh),
        KIND.name.zh
    )
}
