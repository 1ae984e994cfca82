//! The step before a result entry at the desk: a stale form refused (409, with what changed
//! since and by whom), and a changed result of a round after which the next was paired on the
//! old score confirmed first, saying what it affects ([`Warning::PairedOnOldScore`]).

use axum::http::HeaderMap;
use axum::response::Response;
use xiangqi::event::{Edit, Warning};

use crate::app::{ConfirmPage, Page, Shared, load_shared, stale_page, url};
use crate::words::corrections::what;
use crate::words::{CorrectionWords as Words, Lang};

/// What a result entry would do.
pub(crate) struct ResultEntry<'a> {
    /// The form's version.
    pub(crate) version: Option<u64>,
    /// Round and board.
    pub(crate) at: (u32, u32),
    /// The result typed.
    pub(crate) result: &'a str,
    /// The fouls given.
    pub(crate) fouls: (Option<u32>, Option<u32>),
    /// 覆盖 ticked.
    pub(crate) force: bool,
    /// The form's fields, posted again on confirmation.
    pub(crate) fields: Vec<(String, String)>,
}

/// The step before a result entry, if it needs one: the refusal of a stale form (409), or —
/// for a changed result of a round after which the next was paired on the old score — the
/// confirmation page saying what it affects. `None`: write it.
pub(crate) async fn result_step(
    desk: &Shared,
    headers: &HeaderMap,
    lang: Lang,
    id: &str,
    e: ResultEntry<'_>,
) -> Option<Response> {
    let (round, board) = e.at;
    let page_back = format!("/e/{}/round/{round}?lang={}", url(id), lang.code());
    let Ok((_, snap)) = load_shared(desk, lang, id).await else {
        return None;
    };
    let ev = &snap.doc;
    if let Some(seen) = e.version.filter(|&v| v != ev.version()) {
        let since = ev.changes_since(seen);
        let now = ev.version();
        return Some(stale_page(
            desk,
            headers,
            lang,
            id,
            (seen, now, &since),
            &page_back,
        ));
    }
    // the one warning asked about needs a result there before and a later round paired: without
    // them there is nothing to ask, and no copy of the event to try the change on
    let had_result = ev
        .paired
        .get(round.wrapping_sub(1) as usize)
        .and_then(|r| r.boards.get(board.wrapping_sub(1) as usize))
        .is_some_and(|b| b.result.is_some());
    if !had_result || ev.paired.len() as u32 <= round {
        return None;
    }
    let mut trial = ev.clone();
    let mut edit = Edit::new(&mut trial);
    edit.enter_result(round, board, e.result, e.fouls, e.force)
        .ok()?;
    let w = Words::of(lang);
    let warnings: Vec<String> = edit
        .warnings()
        .iter()
        .filter_map(|x| match x {
            Warning::PairedOnOldScore { round, board, next } => {
                Some((w.paired_on_old)(*round, *board, *next))
            }
            _ => None,
        })
        .collect();
    if warnings.is_empty() {
        return None;
    }
    let page = Page::new(
        desk,
        headers,
        lang,
        &page_back,
        w.confirm_heading.to_string(),
    )
    .for_event(id, ev);
    let mut fields = vec![("lang".to_string(), lang.code().to_string())];
    fields.extend(e.fields);
    Some(
        ConfirmPage {
            page,
            w,
            lines: vec![what(lang, &edit.what())],
            warnings,
            say_no_warning: false,
            action: format!("/e/{}/round/{round}/board/{board}", url(id)),
            fields,
            back: page_back,
        }
        .respond(),
    )
}
