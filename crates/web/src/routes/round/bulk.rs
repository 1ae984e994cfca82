//! Bulk entry: a round's results pasted from the score slips, `台号 结果` a line (the result
//! words of a single entry), previewed board by board with every refused line named, then saved
//! all at once — one write, one entry in the event's history — or not at all.

use axum::extract::{Form, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use xiangqi::event::{Edit, EditError, EventError, UpdateError};

use super::{Notice, frame, round_view};
use crate::app::{Shared, blocking, load, refuse, render, stale_page, url, writable};
use crate::words::Lang;

/// The bulk entry's part of the round page.
#[derive(Default)]
pub(crate) struct BulkView {
    /// The text pasted (shown again in the box).
    pub(crate) text: String,
    /// Each board read.
    pub(crate) read: Vec<ReadBoard>,
    /// Each refused line, one line each, naming it.
    pub(crate) refused: Vec<String>,
    /// A preview was asked for (or a save refused): show the list.
    pub(crate) shown: bool,
}

/// A board read from a paste: `(line, board, red, black, result as the form prints it)`.
pub(crate) type ReadBoard = (usize, u32, String, String, String);

/// The fields of the bulk form.
#[derive(Deserialize)]
pub(crate) struct BulkForm {
    #[serde(default)]
    csrf: String,
    lang: Option<String>,
    token: Option<String>,
    #[serde(default)]
    text: String,
    force: Option<String>,
    /// `save` to save; anything else previews.
    action: Option<String>,
    /// The event's version the form showed: checked when the paste overwrites (覆盖).
    #[serde(default, deserialize_with = "crate::app::opt_version")]
    version: Option<u64>,
}

impl BulkForm {
    /// The results typed into the round table, sent without script ([`super::table`]), as a
    /// paste: saved at once, or previewed when `force` (a 覆盖 among them).
    pub(crate) fn typed(
        (csrf, token, version): (String, Option<String>, Option<u64>),
        lang: Lang,
        text: String,
        force: bool,
    ) -> BulkForm {
        BulkForm {
            csrf,
            lang: Some(lang.code().to_string()),
            token,
            text,
            force: force.then(|| "1".to_string()),
            action: Some(if force { "preview" } else { "save" }.to_string()),
            version,
        }
    }
}

/// One line read: its board and result.
#[derive(Clone, Debug, PartialEq)]
struct Line {
    /// Line number, from 1.
    no: usize,
    board: u32,
    result: String,
}

/// Splits the pasted text into `(line, board, result)`; a line that is not `台号 结果` is
/// refused with its number. Empty lines and `#` comments are skipped. The board number may be
/// followed by a space, a tab, a comma (`,` `，`) or `台`.
fn read_lines(text: &str, lang: Lang) -> (Vec<Line>, Vec<String>) {
    let tr = lang.tr();
    let mut lines = Vec::new();
    let mut refused = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let no = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let digits = line
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(line.len());
        let (board, rest) = line.split_at(digits);
        let rest =
            rest.trim_start_matches(|c: char| c.is_whitespace() || matches!(c, ',' | '，' | '台'));
        match board.parse::<u32>() {
            Ok(board) if !rest.trim().is_empty() => lines.push(Line {
                no,
                board,
                result: rest.trim().to_string(),
            }),
            _ => refused.push((tr.line_refused)(no, &(tr.bulk_expected)(line))),
        }
    }
    (lines, refused)
}

/// Applies `lines` to `ev` (round `round`): the boards read and the refused lines.
fn apply(
    ev: &mut Edit<'_>,
    round: u32,
    lines: &[Line],
    force: bool,
    lang: Lang,
) -> (Vec<ReadBoard>, Vec<String>) {
    let tr = lang.tr();
    let mut read = Vec::new();
    let mut refused = Vec::new();
    let mut seen = std::collections::HashMap::new();
    for l in lines {
        if let Some(first) = seen.insert(l.board, l.no) {
            refused.push((tr.line_refused)(l.no, &(tr.bulk_twice)(l.board, first)));
            continue;
        }
        match ev.enter_result(round, l.board, &l.result, (None, None), force) {
            Ok(_) => {
                let r = &ev.paired[round as usize - 1];
                let b = &r.boards[l.board as usize - 1];
                let games = ev.games_in_round(r);
                let name = |no| {
                    ev.player(no)
                        .map_or(String::new(), |p| format!("{no} {}", p.name))
                };
                read.push((
                    l.no,
                    l.board,
                    name(b.red),
                    name(b.black),
                    super::shown(ev.event(), b, games),
                ));
            }
            Err(e) => refused.push((tr.line_refused)(l.no, &e.to_string())),
        }
    }
    (read, refused)
}

pub(crate) async fn enter_results(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Path((id, round)): Path<(String, u32)>,
    Form(f): Form<BulkForm>,
) -> Response {
    let lang = Lang::from_param(f.lang.as_deref());
    let path = match writable(&desk, &headers, lang, &id, &f.csrf, f.token.as_deref()) {
        Ok(p) => p,
        Err(r) => return *r,
    };
    let force = f.force.is_some();
    let (lines, mut refused) = read_lines(&f.text, lang);
    let save = f.action.as_deref() == Some("save");
    if save && refused.is_empty() && !lines.is_empty() {
        let (d2, pasted) = (desk.clone(), lines.clone());
        let n = lines.len();
        // only a 覆盖 can undo another's write: a paste into open boards is checked board by
        // board under the lock, as a single entry is
        let who = crate::app::writer(&headers, f.version.filter(|_| force));
        let outcome = blocking(move || {
            d2.events.edit(&path, &who, |e| {
                let (_, refused) = apply(e, round, &pasted, force, lang);
                match refused.into_iter().next() {
                    Some(first) => Err(EventError::Invalid {
                        record: format!("round {round}"),
                        reason: first,
                    }),
                    None => {
                        e.describe(format!("results round {round}: {n} boards pasted"));
                        Ok(())
                    }
                }
            })
        })
        .await;
        match outcome {
            Some(Ok(_)) => {
                return Redirect::to(&format!(
                    "/e/{}/round/{round}?lang={}&saved={n}",
                    url(&id),
                    lang.code()
                ))
                .into_response();
            }
            Some(Err(UpdateError::Rejected(EditError::Stale { seen, now, since }))) => {
                return stale_page(
                    &desk,
                    &headers,
                    lang,
                    &id,
                    (seen, now, &since),
                    &format!("/e/{}/round/{round}?lang={}", url(&id), lang.code()),
                );
            }
            _ => {}
        }
        // refused under the lock (another writer changed the round): previewed below again
    }
    let (_, ev) = match load(&desk, lang, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let mut work = ev.clone();
    let (read, more) = apply(&mut Edit::new(&mut work), round, &lines, force, lang);
    refused.extend(more);
    refused.sort_by_key(|l| line_no(l));
    if lines.is_empty() && refused.is_empty() {
        refused.push(lang.tr().bulk_none.to_string());
    }
    let status = if save {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::OK
    };
    match round_view(
        frame(&desk, &headers, lang, &id, &ev, round),
        &id,
        &ev,
        round,
        Notice::None,
        false,
        &super::conflicts_of(&desk, &id),
    ) {
        Some(mut p) => {
            p.bulk = BulkView {
                text: f.text,
                read,
                refused,
                shown: true,
            };
            render(status, &p)
        }
        None => refuse(
            lang,
            StatusCode::NOT_FOUND,
            lang.round_not_paired(&id, round),
        ),
    }
}

/// The line number a refusal names (its first number), to list refusals in line order.
fn line_no(refusal: &str) -> usize {
    refusal
        .chars()
        .skip_while(|c| !c.is_ascii_digit())
        .take_while(char::is_ascii_digit)
        .collect::<String>()
        .parse()
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_with_any_separator_and_bad_ones_named() {
        let (lines, refused) = read_lines(
            "1 1-0\n2\t和\n\n# slips\n3，0：1\n4台 红胜\nx 1-0\n5\n",
            Lang::Zh,
        );
        let got: Vec<(usize, u32, &str)> = lines
            .iter()
            .map(|l| (l.no, l.board, l.result.as_str()))
            .collect();
        assert_eq!(
            got,
            [(1, 1, "1-0"), (2, 2, "和"), (5, 3, "0：1"), (6, 4, "红胜")]
        );
        assert_eq!(refused.len(), 2);
        assert!(
            refused[0].contains('7') && refused[0].contains("x 1-0"),
            "{refused:?}"
        );
        assert!(refused[1].contains('8'), "{refused:?}");
    }
}
