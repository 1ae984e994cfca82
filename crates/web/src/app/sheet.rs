//! The printed forms in the desk's frame: every form page shows the cells of a model from
//! [`xiangqi::forms`] (the same [`Sheet`] the CLI's `xq event export --format html --form
//! NAME` prints), and its print view is that A4 document itself ([`print_view`]).

use askama::Template;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use xiangqi::forms::Sheet;

use super::{Page, render};

/// One form on a desk page: which form (`data-form`, as `--form` names it), its sheet, and the
/// address of its A4 print view.
pub(crate) struct Shown {
    pub(crate) form: &'static str,
    pub(crate) sheet: Sheet,
    pub(crate) print: String,
    /// Printed from a new page (every form after a page's first).
    pub(crate) newpage: bool,
}

impl Shown {
    /// Form `form` with its sheet and print view's address.
    pub(crate) fn new(form: &'static str, sheet: Sheet, print: String) -> Shown {
        Shown {
            form,
            sheet,
            print,
            newpage: false,
        }
    }

    /// `true` for a sheet of small blocks (cards, score sheets, group tables).
    pub(crate) fn blocks(&self) -> bool {
        !self.sheet.long_table
    }

    /// The number of columns of the sheet's tables (for a caption row over all of them).
    pub(crate) fn ncols(&self) -> usize {
        self.sheet
            .blocks
            .iter()
            .flat_map(|b| b.rows.iter().map(Vec::len))
            .chain(std::iter::once(self.sheet.widths.len()))
            .max()
            .unwrap_or(1)
            .max(1)
    }

    /// A head cell's `colspan`/`rowspan` attributes.
    pub(crate) fn span(cols: &usize, rows: &usize) -> String {
        let mut s = String::new();
        if *cols > 1 {
            s.push_str(&format!(" colspan=\"{cols}\""));
        }
        if *rows > 1 {
            s.push_str(&format!(" rowspan=\"{rows}\""));
        }
        s
    }
}

/// A page of forms.
#[derive(Template)]
#[template(path = "sheets.html")]
pub(crate) struct SheetsPage {
    pub(crate) page: Page,
    /// What the page says when it has no form to show.
    pub(crate) empty: String,
    pub(crate) sheets: Vec<Shown>,
}

/// Renders a page of forms.
pub(crate) fn sheets_page(mut page: Page, mut sheets: Vec<Shown>, empty: String) -> Response {
    for s in sheets.iter_mut().skip(1) {
        s.newpage = true;
    }
    page.landscape = sheets.first().is_some_and(|s| s.sheet.layout.landscape);
    render(
        StatusCode::OK,
        &SheetsPage {
            page,
            empty,
            sheets,
        },
    )
}

/// The A4 print view of a form: the very document `xq event export --format html --form NAME`
/// writes ([`xiangqi::forms::Form::html`]).
pub(crate) fn print_view(document: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        document,
    )
        .into_response()
}
