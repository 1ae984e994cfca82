//! 续赛: the arbiter opens the envelope; a right sealed move follows as the next entry, a wrong
//! one loses (ch.1 §4 一(六)).

use xiangqi_notation::{Mode, parse_move};
use xiangqi_rules::Outcome;

use super::book::Word;
use super::kind::{Asked, Entry, Kind, Typed};
use super::token::Token;
use crate::error::GameError;
use crate::refusal::{Refusal, side_name};
use crate::ruling::{Turn, refused};
use crate::state::Unopened;

/// The resumption.
pub static KIND: Kind = Kind {
    word: "resume",
    name: Word {
        zh: "续赛（开封）",
        en: "Resume (续赛)",
    },
    typed: Some(Typed {
        word: "resume",
        aliases: &[],
        about: "Resume an adjourned game (续赛): the sealed move is played, or loses if it is wrong",
        args: &[],
        read: |_, _| Ok(Asked::Resume),
    }),
    since: 1,
    needs_board: false,
    plays: false,
    rewinds: false,
    parse,
};

fn parse(_: &Token) -> Result<Entry, String> {
    Ok(Entry::Resume)
}

/// `resume`.
pub(crate) fn token() -> String {
    "resume".into()
}

/// Only an adjourned game resumes: the sealed move must then be played, or it loses.
pub(crate) fn apply(t: &mut Turn<'_>) -> Result<String, GameError> {
    let Some(sealer) = t.st.sealed_by else {
        return Err(refused(Refusal::NotAdjourned));
    };
    let Some((Unopened(text), clock)) = t.st.sealed.take() else {
        return Err(refused(Refusal::NotAdjourned));
    };
    t.st.sealed_by = None;
    Ok(match parse_move(t.position, &text, Mode::Tolerant) {
        Ok(m) => {
            t.st.must_play = Some((m.iccs(), clock));
            format!(
                "续赛: {}'s sealed move {text} ({}) is right and is played",
                side_name(sealer),
                m.iccs()
            )
        }
        Err(e) => t.propose(
            Outcome::Win(!sealer),
            "sealed-move",
            format!(
                "续赛: {}'s sealed move {text} is wrong ({e}): {} loses (ch.1 §4 一(六))",
                side_name(sealer),
                side_name(sealer)
            ),
        ),
    })
}

/// `续赛（开封）`.
pub(crate) fn said() -> String {
    KIND.name.zh.to_string()
}
