//! The word book of the desk: every word a page shows, in Chinese (the default, the forms' own
//! words) and English (`?lang=en`), in one typed table per part of the desk — the desk's own
//! ([`Tr`]: navigation, event, round, standings), creating and managing an event
//! ([`ManageWords`]), the live console ([`LiveWords`]) and the game viewer ([`ViewerWords`]).
//! A page takes its words from [`Lang`]; no page chooses words by language itself.

pub(crate) mod corrections;
mod create;
mod desk;
mod live;
mod manage;
mod refusals;
pub(crate) mod viewer;

pub(crate) use corrections::CorrectionWords;
pub use desk::Tr;
pub(crate) use live::LiveWords;
pub(crate) use manage::ManageWords;
pub(crate) use viewer::ViewerWords;

/// A language of the user interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Lang {
    /// 中文 (the default).
    #[default]
    Zh,
    /// English.
    En,
}

impl Lang {
    /// Reads `lang=…` (`en` for English; anything else is Chinese).
    pub fn from_param(s: Option<&str>) -> Lang {
        match s {
            Some("en") => Lang::En,
            _ => Lang::Zh,
        }
    }

    /// The query value: `zh` or `en`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }

    /// The other language (the switch at the top of every page).
    pub fn other(self) -> Lang {
        match self {
            Lang::Zh => Lang::En,
            Lang::En => Lang::Zh,
        }
    }

    /// `zh` or `en`, whichever is in this language (words another crate gives in both).
    pub fn pick<T>(self, zh: T, en: T) -> T {
        match self {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }

    /// The desk's own words in this language.
    pub fn tr(self) -> &'static Tr {
        match self {
            Lang::Zh => &desk::ZH,
            Lang::En => &desk::EN,
        }
    }

    /// The words of creating and managing an event.
    pub(crate) fn manage(self) -> &'static ManageWords {
        match self {
            Lang::Zh => &manage::ZH,
            Lang::En => &manage::EN,
        }
    }

    /// The words of the live console.
    /// The language as the game crate's words take it.
    pub(crate) fn game(self) -> xiangqi::game::entry::Lang {
        match self {
            Lang::Zh => xiangqi::game::entry::Lang::Zh,
            Lang::En => xiangqi::game::entry::Lang::En,
        }
    }

    pub(crate) fn live(self) -> &'static LiveWords {
        match self {
            Lang::Zh => &live::ZH,
            Lang::En => &live::EN,
        }
    }

    /// The words of the game viewer.
    pub(crate) fn viewer(self) -> &'static ViewerWords {
        match self {
            Lang::Zh => &viewer::ZH,
            Lang::En => &viewer::EN,
        }
    }
}

/// A stage name the event gives by itself (`final`, `placement`: not the arbiter's words) in
/// the language of `tr`; `None` for any other name.
pub(crate) fn default_stage_name(tr: &Tr, name: &str) -> Option<&'static str> {
    let zh = std::ptr::eq(tr, &desk::ZH);
    match name {
        "final" => Some(if zh { "决赛" } else { "final" }),
        "placement" => Some(if zh { "排位赛" } else { "placement" }),
        _ => None,
    }
}
