//! The corrections (更正) of an event at the desk, each recorded in the event's history with the
//! arbiter's name and undoable: unpair the last round, pair a round by hand (the rules it breaks
//! shown before confirming), swap the colours of a board, edit a player (姓名, 单位, 等级分),
//! reinstate a withdrawn player, rename the event, delete it (to the trash folder), undo the
//! last change; and the history page (修改记录).
//!
//! A destructive change (unpair, a manual pairing, swap, delete, undo, 退出比赛) is posted twice:
//! the first post answers with a confirmation page saying what it will do; its form posts the
//! same fields again with `confirm=1`. Every form carries the version the page showed: a stale
//! write is refused (409) with what changed since and by whom.

use askama::Template;
use axum::extract::{Form, FromRequest, FromRequestParts, Path, Query, Request};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use xiangqi::event::{Edit, Event, EventError, PlayerEdit};

use crate::app::{
    ChangeRow, ConfirmPage, Desk, EventRequest, Page, Refused, Shared, Wrote, arbiter, edit, load,
    opt_version, refused_again, render, stale_page, url, whole_number, writable, writer,
};
use crate::words::corrections::what;
use crate::words::{CorrectionWords as Words, Lang};

/// The fields of every correction form (each form uses some).
#[derive(Deserialize, Default)]
pub(crate) struct CorrectForm {
    #[serde(default)]
    pub(crate) csrf: String,
    pub(crate) lang: Option<String>,
    pub(crate) token: Option<String>,
    /// The event version the page showed.
    #[serde(default, deserialize_with = "opt_version")]
    pub(crate) version: Option<u64>,
    /// `1` on the confirmation step's post.
    pub(crate) confirm: Option<String>,
    #[serde(default)]
    boards: String,
    #[serde(default)]
    bye: String,
    #[serde(default)]
    round: String,
    #[serde(default)]
    board: String,
    #[serde(default)]
    pub(crate) no: String,
    #[serde(default)]
    name: String,
    #[serde(default)]
    club: String,
    #[serde(default)]
    rating: String,
    /// The arbiter's name (the name form).
    #[serde(default)]
    pub(super) by: String,
}

/// The query of the corrections page: the change just made.
#[derive(Deserialize, Default)]
pub(crate) struct CQ {
    ok: Option<String>,
}

struct PlayerOpt {
    no: u32,
    label: String,
}

#[derive(Template)]
#[template(path = "corrections.html")]
struct CorrectionsPage {
    page: Page,
    w: &'static Words,
    id: String,
    version: u64,
    arbiter: String,
    last_round: u32,
    next_round: u32,
    players: Vec<PlayerOpt>,
    withdrawn: Vec<PlayerOpt>,
    name: String,
    /// The change the undo would undo.
    last_change: Option<ChangeRow>,
    flash: Option<String>,
    error: Option<String>,
}

pub(super) fn label(p: &xiangqi::event::Player) -> String {
    if p.club.is_empty() {
        format!("{} {}", p.no, p.name)
    } else {
        format!("{} {}（{}）", p.no, p.name, p.club)
    }
}

fn corrections_view(
    desk: &Desk,
    headers: &HeaderMap,
    lang: Lang,
    id: &str,
    ev: &Event,
    flash: Option<String>,
    error: Option<String>,
) -> CorrectionsPage {
    let w = Words::of(lang);
    let page = Page::new(
        desk,
        headers,
        lang,
        &format!("/e/{}/correct", url(id)),
        format!("{} · {}", w.corrections, ev.name),
    )
    .for_event(id, ev);
    CorrectionsPage {
        page,
        w,
        id: id.to_string(),
        version: ev.version(),
        arbiter: arbiter(headers),
        last_round: ev.paired.last().map_or(0, |r| r.round),
        next_round: ev.paired.len() as u32 + 1,
        players: ev
            .players
            .iter()
            .map(|p| PlayerOpt {
                no: p.no,
                label: label(p),
            })
            .collect(),
        withdrawn: ev
            .players
            .iter()
            .filter(|p| p.withdrawn.is_some())
            .map(|p| PlayerOpt {
                no: p.no,
                label: label(p),
            })
            .collect(),
        name: ev.name.clone(),
        last_change: super::history::undoable(ev).map(|c| ChangeRow::new(c, lang)),
        flash,
        error,
    }
}

pub(crate) async fn corrections_page(r: EventRequest, Query(q): Query<CQ>) -> Response {
    let EventRequest {
        desk,
        headers,
        lang,
        id,
        ev,
    } = r;
    render(
        StatusCode::OK,
        &corrections_view(&desk, &headers, lang, &id, &ev, q.ok, None),
    )
}

/// Where a correction goes back to: the corrections page.
pub(super) fn back(id: &str, lang: Lang) -> String {
    format!("/e/{}/correct?lang={}", url(id), lang.code())
}

/// A correction's request once it passed the desk's checks: the language, the file and the
/// event as read now (for the confirmation step).
pub(super) struct Checked {
    pub(super) lang: Lang,
    pub(super) path: std::path::PathBuf,
    pub(super) ev: Event,
}

/// The desk's checks, then the event as it is now; a form whose version is not the event's is
/// refused here already (409), before any confirmation step.
pub(super) async fn check(
    desk: &Shared,
    headers: &HeaderMap,
    id: &str,
    f: &CorrectForm,
) -> Result<Checked, Response> {
    let lang = Lang::from_param(f.lang.as_deref());
    let path = writable(desk, headers, lang, id, &f.csrf, f.token.as_deref()).map_err(|r| *r)?;
    let (_, ev) = load(desk, lang, id).await?;
    if let Some(seen) = f.version.filter(|&v| v != ev.version()) {
        let since = ev.changes_since(seen);
        return Err(stale_page(
            desk,
            headers,
            lang,
            id,
            (seen, ev.version(), &since),
            &back(id, lang),
        ));
    }
    Ok(Checked { lang, path, ev })
}

/// A correction's request once it passed the desk's checks ([`check`]): the desk, the headers,
/// the event's id (the route's `{id}`), the form and the event as it is now. A request that
/// fails a check is answered (403, 404, 409) before the handler runs.
pub(crate) struct Correction {
    pub(super) desk: Shared,
    pub(super) headers: HeaderMap,
    pub(super) id: String,
    pub(super) f: CorrectForm,
    pub(super) c: Checked,
}

impl FromRequest<Shared> for Correction {
    type Rejection = Response;

    async fn from_request(req: Request, desk: &Shared) -> Result<Self, Response> {
        let (mut parts, body) = req.into_parts();
        let Path(id) = Path::<String>::from_request_parts(&mut parts, desk)
            .await
            .map_err(IntoResponse::into_response)?;
        let headers = parts.headers.clone();
        let Form(f) = Form::<CorrectForm>::from_request(Request::from_parts(parts, body), desk)
            .await
            .map_err(IntoResponse::into_response)?;
        let c = check(desk, &headers, &id, &f).await?;
        Ok(Correction {
            desk: desk.clone(),
            headers,
            id,
            f,
            c,
        })
    }
}

impl Correction {
    /// Applies `change` to the event under the store's lock, as the arbiter who posted the form
    /// and against the version the form showed (a stale form is refused), recorded in the
    /// history: the write every correction form ends with.
    pub(super) async fn edit<T: Send + 'static>(
        &self,
        change: impl FnOnce(&mut Edit<'_>) -> Result<T, EventError> + Send + 'static,
    ) -> Result<Wrote<T>, Refused> {
        let who = writer(&self.headers, self.f.version);
        edit(self.c.lang, self.c.path.clone(), &self.id, who, change).await
    }

    /// [`Correction::edit`], then the answer: back to the corrections page with what was done,
    /// or the page of the refusal (409 for a stale form).
    pub(super) async fn write<T: Send + 'static>(
        &self,
        change: impl FnOnce(&mut Edit<'_>) -> Result<T, EventError> + Send + 'static,
    ) -> Response {
        let out = self.edit(change).await;
        let lang = self.c.lang;
        finish(
            &self.desk,
            &self.headers,
            lang,
            &self.id,
            out.map(said(lang)),
        )
        .await
    }
}

/// The confirmation page of a correction posted to `action`, carrying `fields` (with the
/// language and the version) on.
pub(super) fn confirm_page(
    desk: &Desk,
    headers: &HeaderMap,
    c: &Checked,
    id: &str,
    action: &str,
    f: &CorrectForm,
    fields: &[(&str, &str)],
) -> ConfirmPage {
    let w = Words::of(c.lang);
    let page = Page::new(
        desk,
        headers,
        c.lang,
        &format!("/e/{}/correct", url(id)),
        w.confirm_heading.to_string(),
    )
    .for_event(id, &c.ev);
    let mut all = vec![
        ("lang".to_string(), c.lang.code().to_string()),
        (
            "version".to_string(),
            f.version.map_or(String::new(), |v| v.to_string()),
        ),
    ];
    all.extend(fields.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    ConfirmPage {
        page,
        w,
        lines: Vec::new(),
        warnings: Vec::new(),
        say_no_warning: false,
        action: format!("/e/{}/{action}", url(id)),
        fields: all,
        back: back(id, c.lang),
    }
}

/// After a correction: back to the corrections page with what was done, or the refusal.
pub(super) async fn finish(
    desk: &Shared,
    headers: &HeaderMap,
    lang: Lang,
    id: &str,
    outcome: Result<String, Refused>,
) -> Response {
    finish_at(desk, headers, lang, id, outcome, &back(id, lang)).await
}

/// [`finish`], going to `to` (a page's address with its query) when done.
pub(super) async fn finish_at(
    desk: &Shared,
    headers: &HeaderMap,
    lang: Lang,
    id: &str,
    outcome: Result<String, Refused>,
    to: &str,
) -> Response {
    match outcome {
        Ok(msg) => {
            Redirect::to(&format!("{to}&ok={}", url(&format!("{id}：{msg}")))).into_response()
        }
        Err(Refused::Stale { seen, now, since }) => stale_page(
            desk,
            headers,
            lang,
            id,
            (seen, now, &since),
            &back(id, lang),
        ),
        Err(Refused::Message(msg)) => refusal_page(desk, headers, lang, id, msg).await,
    }
}

/// The corrections page again with a refusal (400); the file is as it was.
pub(super) async fn refusal_page(
    desk: &Shared,
    headers: &HeaderMap,
    lang: Lang,
    id: &str,
    msg: String,
) -> Response {
    refused_again(desk, lang, id, |ev| {
        corrections_view(desk, headers, lang, id, ev, None, Some(msg))
    })
    .await
}

/// What was done, as the flash says it.
pub(super) fn said<T>(lang: Lang) -> impl FnOnce(Wrote<T>) -> String {
    move |w| what(lang, &w.what)
}

pub(crate) async fn unpair(r: Correction) -> Response {
    let Correction {
        desk,
        headers,
        id,
        f,
        c,
    } = &r;
    let w = Words::of(c.lang);
    if f.confirm.is_none() {
        let Some(last) = c.ev.paired.last() else {
            return refusal_page(desk, headers, c.lang, id, w.no_round.into()).await;
        };
        let results = last.boards.iter().filter(|b| b.result.is_some()).count();
        let mut p = confirm_page(desk, headers, c, id, "unpair", f, &[]);
        p.lines.push((w.unpair_will)(last.round, results));
        return p.respond();
    }
    r.write(|ev| ev.unpair_last(true)).await
}

/// Reads `1-2 3-4` (one board per line, space or comma; `-`, `－`, `—` or `:` between red and
/// black).
fn boards(lang: Lang, text: &str) -> Result<Vec<(u32, u32)>, String> {
    text.split(|c: char| c.is_whitespace() || c == ',' || c == '，')
        .filter(|s| !s.is_empty())
        .map(|pair| {
            let (a, b) = pair
                .split_once(['-', '－', '—', ':', '：'])
                .ok_or_else(|| lang.not_a_board_pair(pair))?;
            Ok((
                whole_number(lang, "red", a)?,
                whole_number(lang, "black", b)?,
            ))
        })
        .collect()
}

pub(crate) async fn pair_by_hand(r: Correction) -> Response {
    let Correction {
        desk,
        headers,
        id,
        f,
        c,
    } = &r;
    let w = Words::of(c.lang);
    let parsed = boards(c.lang, &f.boards).and_then(|b| {
        let bye = match f.bye.trim() {
            "" => None,
            s => Some(whole_number::<u32>(c.lang, "bye", s)?),
        };
        Ok((b, bye))
    });
    let (list, bye) = match parsed {
        Ok(x) => x,
        Err(e) => return refusal_page(desk, headers, c.lang, id, e).await,
    };
    if f.confirm.is_none() {
        // the pairing tried on a copy: its refusal, or the rules it breaks
        let mut trial = c.ev.clone();
        let mut e = Edit::new(&mut trial);
        let done = match e.pair_by_hand(&list, bye) {
            Ok(round) => (round, e.what(), e.warnings().to_vec()),
            Err(e) => {
                let msg = match c.lang {
                    Lang::Zh => format!("{id}：{}", e.zh()),
                    Lang::En => format!("{id}: {e}"),
                };
                return refusal_page(desk, headers, c.lang, id, msg).await;
            }
        };
        let mut p = confirm_page(
            desk,
            headers,
            c,
            id,
            "pair-by-hand",
            f,
            &[("boards", &f.boards), ("bye", &f.bye)],
        );
        p.lines.push(format!(
            "{} {}",
            (w.manual_will)(done.0),
            what(c.lang, &done.1)
                .split_once('：')
                .map_or(done.1.clone(), |(_, l)| l.to_string())
        ));
        p.warnings = done
            .2
            .iter()
            .map(|x| match x {
                xiangqi::event::Warning::Pairing(d) => w.deviation(d),
                other => other.to_string(),
            })
            .collect();
        p.say_no_warning = true;
        return p.respond();
    }
    r.write(move |ev| ev.pair_by_hand(&list, bye)).await
}

pub(crate) async fn swap(r: Correction) -> Response {
    let Correction {
        desk,
        headers,
        id,
        f,
        c,
    } = &r;
    let w = Words::of(c.lang);
    let rb = whole_number::<u32>(c.lang, "round", &f.round)
        .and_then(|r| Ok((r, whole_number::<u32>(c.lang, "board", &f.board)?)));
    let (round, board) = match rb {
        Ok(x) => x,
        Err(e) => return refusal_page(desk, headers, c.lang, id, e).await,
    };
    if f.confirm.is_none() {
        let Some(b) =
            c.ev.paired
                .get(round.wrapping_sub(1) as usize)
                .and_then(|r| r.boards.get(board.wrapping_sub(1) as usize))
        else {
            let msg = c.lang.no_such_board(id, round, board);
            return refusal_page(desk, headers, c.lang, id, msg).await;
        };
        let name = |no: u32| c.ev.player(no).map_or(no.to_string(), label);
        let mut p = confirm_page(
            desk,
            headers,
            c,
            id,
            "swap",
            f,
            &[("round", &f.round), ("board", &f.board)],
        );
        p.lines
            .push((w.swap_will)(round, board, &name(b.black), &name(b.red)));
        return p.respond();
    }
    r.write(move |ev| ev.swap_colours(round, board)).await
}

pub(crate) async fn edit_player(r: Correction) -> Response {
    let Correction {
        desk,
        headers,
        id,
        f,
        c,
    } = &r;
    let given = |s: &str| Some(s.trim().to_string()).filter(|s| !s.is_empty());
    let parsed = whole_number::<u32>(c.lang, "player", &f.no).and_then(|no| {
        let rating = match f.rating.trim() {
            "" => None,
            "-" | "无" | "none" => Some(None),
            s => Some(Some(whole_number::<u32>(c.lang, "rating", s)?)),
        };
        Ok((
            no,
            PlayerEdit {
                name: given(&f.name),
                club: given(&f.club),
                rating,
            },
        ))
    });
    let (no, change) = match parsed {
        Ok(x) => x,
        Err(e) => return refusal_page(desk, headers, c.lang, id, e).await,
    };
    r.write(move |ev| ev.edit_player(no, &change)).await
}

pub(crate) async fn reinstate(r: Correction) -> Response {
    let Correction {
        desk,
        headers,
        id,
        f,
        c,
    } = &r;
    let no = match whole_number::<u32>(c.lang, "player", &f.no) {
        Ok(n) => n,
        Err(e) => return refusal_page(desk, headers, c.lang, id, e).await,
    };
    r.write(move |ev| ev.reinstate(no)).await
}

pub(crate) async fn rename(r: Correction) -> Response {
    let name = r.f.name.clone();
    r.write(move |ev| ev.rename(&name)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manual_boards_read_in_every_way_an_arbiter_types_them() {
        assert_eq!(boards(Lang::En, "1-2 3-4").unwrap(), vec![(1, 2), (3, 4)]);
        assert_eq!(
            boards(Lang::En, "1－2\n3:4，5—6").unwrap(),
            vec![(1, 2), (3, 4), (5, 6)]
        );
        assert_eq!(boards(Lang::En, "").unwrap(), vec![]);
        assert!(boards(Lang::En, "1 2").unwrap_err().contains("\"1\""));
        assert!(
            boards(Lang::En, "1-x")
                .unwrap_err()
                .contains("not a whole number")
        );
    }
}
