//! The desk's routes, one module per resource; this root only merges them.
//!
//! - [`events`]: the start page (the events of the folder), login, the style sheet, an event's
//!   overview and "pair the next round";
//! - [`round`]: a round's 编排记录表 and its result entry;
//! - [`standings`]: 名次 and 成绩表;
//! - [`forms`]: the printed forms and downloads (score sheets, cards, units, exports);
//! - [`manage`]: creating an event and managing it (withdrawals, byes, late entries, line-ups);
//! - [`bracket`]: a knockout's 对阵图;
//! - [`live`]: a board's live console (对局记录台);
//! - [`viewer`]: the game viewer (`/g/…`).

pub(crate) mod bracket;
pub(crate) mod events;
pub(crate) mod forms;
pub(crate) mod live;
pub(crate) mod manage;
pub(crate) mod round;
pub(crate) mod standings;
pub(crate) mod viewer;

use std::sync::Arc;

use axum::Router;

use crate::app::{self, Shared};

/// Every route of the desk, each error answered with the error page.
pub(crate) fn routes(desk: Shared) -> Router {
    Router::new()
        .merge(events::routes())
        .merge(round::routes())
        .merge(standings::routes())
        .merge(forms::routes())
        .merge(manage::routes())
        .merge(bracket::routes())
        .merge(live::routes())
        .merge(viewer::routes())
        .fallback(app::not_found)
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&desk),
            app::error_pages,
        ))
        .with_state(desk)
}
