//! The bracket (对阵图) of a knockout stage: winners' and losers' brackets, the finals, byes and
//! the champion, as the model draws them ([`drawings`]: each box's score is the
//! match's 场分 and its play-offs', its games on hover), then the model's 对阵表 with every
//! match, its games, the play-offs and the 第三名决赛 — the very drawing and table `xq event
//! export --form bracket` prints.

use askama::Template;
use axum::Router;
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;

use xiangqi::forms::{DrawWords, Form, drawings};

use crate::app::{EventRequest, Page, Shared, Shown, render, url};
use crate::words::{Lang, ManageWords as Words};

/// The routes of this module.
pub(crate) fn routes() -> Router<Shared> {
    Router::new().route("/e/{id}/bracket", get(bracket_page))
}

fn words(lang: Lang) -> &'static Words {
    lang.manage()
}
// ---------------------------------------------------------------------------------------------
// 对阵图

/// One drawn bracket: its title and the model's SVG element.
struct BracketView {
    title: String,
    svg: String,
}

#[derive(Template)]
#[template(path = "bracket.html")]
struct BracketPage {
    page: Page,
    w: &'static Words,
    brackets: Vec<BracketView>,
    message: Option<String>,
    /// The 对阵表 of the same matches.
    table: Option<Shown>,
}

/// The column heads of a seeded bracket in English (the Chinese ones are the model's).
fn column_en(k: usize, of: usize) -> String {
    match of - k {
        1 => "Final".into(),
        2 => "Semi-finals".into(),
        3 => "Quarter-finals".into(),
        _ => format!("Round {}", k + 1),
    }
}

/// The drawing's words in the page's language: the printed form's (Chinese) on a Chinese page.
fn draw_words(w: &Words, lang: Lang) -> DrawWords {
    DrawWords {
        winners: w.winners,
        losers: w.losers,
        finals: w.finals,
        third_place: w.third_place,
        bye: w.bye_mark,
        to_be_decided: w.to_be_decided,
        champion: w.champion,
        round_n: w.round_n,
        column: lang.pick::<fn(usize, usize) -> String>(DrawWords::ZH.column, column_en),
        ..DrawWords::ZH
    }
}

async fn bracket_page(r: EventRequest) -> Response {
    let EventRequest {
        desk,
        headers,
        lang,
        id,
        ev,
    } = r;
    let w = words(lang);
    let mut page = Page::new(
        &desk,
        &headers,
        lang,
        &format!("/e/{}/bracket", url(&id)),
        format!("{} · {}", w.bracket, ev.name),
    )
    .for_event(&id, &ev);
    page.landscape = true;
    let brackets: Vec<BracketView> = drawings(&ev, &draw_words(w, lang))
        .iter()
        .map(|d| BracketView {
            title: d.title.clone(),
            svg: d.svg(w.bracket),
        })
        .collect();
    let table = if brackets.is_empty() {
        None
    } else {
        Form::Bracket.undated(&ev, &[], None).ok().map(|sheet| {
            let mut s = Shown::new("bracket", sheet, format!("/e/{}/print/bracket", url(&id)));
            s.newpage = true;
            s
        })
    };
    let message = if !ev.stages.iter().any(|s| s.system.is_knockout()) {
        Some(w.no_bracket.to_string())
    } else if brackets.is_empty() {
        Some(w.nothing_yet.to_string())
    } else {
        None
    };
    render(
        StatusCode::OK,
        &BracketPage {
            page,
            w,
            brackets,
            message,
            table,
        },
    )
}
