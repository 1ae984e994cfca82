//! 新建比赛: creating an event at the desk, with the same code and refusals as `xq event new`.

use askama::Template;
use axum::body::Body;
use axum::extract::{Form, FromRequest, Multipart, Query, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use xiangqi::event::players::{self, Column, Reading};
use xiangqi::event::{NewEvent, NewEventError, system_line, system_line_zh};
use xiangqi::rules::Ruleset;

mod preview;

use super::words;
use crate::app::{
    Desk, Page, Q, Root, Shared, authorize, blocking, refuse, render, scrub, url, whole_number,
};
use crate::words::{Lang, ManageWords as Words};
use preview::{Preview, column_of, normalized, preview, read_players};
// ---------------------------------------------------------------------------------------------
// 新建比赛

/// The fields of the 新建 form (all text, as typed).
#[derive(Deserialize, Default, Clone)]
struct NewForm {
    #[serde(default)]
    csrf: String,
    lang: Option<String>,
    token: Option<String>,
    #[serde(default)]
    name: String,
    #[serde(default)]
    division: String,
    #[serde(default)]
    file: String,
    #[serde(default)]
    players: String,
    #[serde(default)]
    teams: String,
    #[serde(default)]
    ruleset: String,
    #[serde(default)]
    system: String,
    #[serde(default)]
    rounds: String,
    allow_partial: Option<String>,
    #[serde(default)]
    seed: String,
    no_lot: Option<String>,
    #[serde(default)]
    games: String,
    #[serde(default)]
    groups: String,
    #[serde(default)]
    advance: String,
    #[serde(default)]
    final_system: String,
    separate_units: Option<String>,
    /// Swiss: 同单位回避 in rounds 1..=N (empty: off).
    #[serde(default)]
    avoid_same_unit: String,
    placement: Option<String>,
    third_place: Option<String>,
    no_reset: Option<String>,
    #[serde(default)]
    team_boards: String,
    #[serde(default)]
    lineup_system: String,
    all_play_all: Option<String>,
    /// `preview`: show how the players list is read, create nothing.
    step: Option<String>,
    /// What the columns of the players list hold, as the arbiter mapped them on the preview
    /// (`no`, `name`, `club`, `rating`, or empty to leave the column out); all absent: found
    /// by the reader.
    col0: Option<String>,
    col1: Option<String>,
    col2: Option<String>,
    col3: Option<String>,
    col4: Option<String>,
    col5: Option<String>,
}

/// The most columns a players list is mapped by hand in.
const MAX_COLUMNS: usize = 6;

impl NewForm {
    fn column_fields(&self) -> [&Option<String>; MAX_COLUMNS] {
        [
            &self.col0, &self.col1, &self.col2, &self.col3, &self.col4, &self.col5,
        ]
    }

    /// The columns as mapped by hand, if the form carries a mapping.
    fn columns(&self) -> Option<Vec<Option<Column>>> {
        let fields = self.column_fields();
        let last = fields.iter().rposition(|c| c.is_some())?;
        Some(
            fields[..=last]
                .iter()
                .map(|c| column_of(c.as_deref().unwrap_or("")))
                .collect(),
        )
    }

    /// The players list as the reader reads it (with the arbiter's mapping, if any).
    fn reading(&self) -> Reading {
        players::read_with(&normalized(&self.players), self.columns().as_deref())
    }
}

/// A ruleset of the catalogue with what `xq event new` prints for each system.
struct RulesetRow {
    id: String,
    title: String,
    systems: Vec<(String, String)>,
}

#[derive(Template)]
#[template(path = "new.html")]
struct NewPage {
    page: Page,
    w: &'static Words,
    f: NewForm,
    rulesets: Vec<RulesetRow>,
    /// The systems (value, name), a groups event's final systems and a team event's line-up
    /// systems, named in the page's language.
    systems: Vec<(&'static str, String)>,
    final_systems: Vec<(&'static str, String)>,
    lineup_systems: Vec<(&'static str, String)>,
    /// The catalogue's last column's heading.
    chain_heading: &'static str,
    error: Option<String>,
    /// How the players list was read (the 预览 step), with the column choices.
    preview: Option<Preview>,
    /// The choices of a column's select: value and name.
    column_choices: Vec<(&'static str, &'static str)>,
}

/// The embedded rulesets, each with the `system:` line `xq event new` prints under it for every
/// system (the tie-break chain, a knockout's decisions), built by the same code — in Chinese
/// on a Chinese page ([`system_line_zh`]).
fn catalogue(lang: Lang) -> Vec<RulesetRow> {
    Ruleset::builtin_ids()
        .into_iter()
        .map(|id| {
            let title =
                Ruleset::load(&id).map_or(String::new(), |r| lang.ruleset_title(&id, &r.title));
            let systems = lang
                .systems()
                .into_iter()
                .map(|(s, _)| {
                    let choice = NewEvent {
                        ruleset: id.clone(),
                        system: Some(s.to_string()),
                        groups: (s == "groups").then_some(2),
                        players: (1..=8).map(|i| format!("P{i}")).collect(),
                        ..NewEvent::default()
                    };
                    let line = match (choice.build("", || Ok(Vec::new())), lang) {
                        (Ok(c), Lang::Zh) => system_line_zh(&c.event, c.system),
                        (Ok(c), Lang::En) => system_line(&c.event, c.system),
                        (Err(e), _) => lang.pick(e.zh(), e.to_string()),
                    };
                    (lang.system_name(s), line)
                })
                .collect();
            RulesetRow { id, title, systems }
        })
        .collect()
}

fn new_view(
    desk: &Desk,
    headers: &HeaderMap,
    lang: Lang,
    f: NewForm,
    error: Option<String>,
) -> NewPage {
    let w = words(lang);
    let mut page = Page::new(desk, headers, lang, "/new", w.new_event.to_string());
    page.landscape = false;
    let shown =
        (f.step.as_deref() == Some("preview") || f.columns().is_some()).then(|| preview(&f, lang));
    NewPage {
        page,
        w,
        f,
        rulesets: catalogue(lang),
        systems: lang.systems(),
        final_systems: lang.final_systems(),
        lineup_systems: lang.lineup_systems(),
        chain_heading: lang.chain_heading(),
        error,
        preview: shown,
        column_choices: vec![
            ("", w.col_skip),
            ("no", Column::No.zh()),
            ("name", Column::Name.zh()),
            ("club", Column::Club.zh()),
            ("rating", Column::Rating.zh()),
        ],
    }
}

pub(crate) async fn new_page(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Query(q): Query<Q>,
) -> Response {
    let lang = Lang::from_param(q.lang.as_deref());
    if !matches!(desk.root, Root::Folder(_)) {
        return refuse(lang, StatusCode::NOT_FOUND, words(lang).one_file);
    }
    // the form (and its secret) only for who may write
    if !Page::new(&desk, &headers, lang, "/new", String::new()).can_write {
        return refuse(lang, StatusCode::FORBIDDEN, lang.tr().read_only);
    }
    let f = NewForm {
        ruleset: "axf".into(),
        system: "swiss".into(),
        seed: "1".into(),
        advance: "2".into(),
        final_system: "round-robin".into(),
        ..NewForm::default()
    };
    let d = desk.clone();
    match blocking(move || new_view(&d, &headers, lang, f, None)).await {
        Some(p) => render(StatusCode::OK, &p),
        None => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
    }
}

/// A number field: empty is "not given".
pub(crate) fn number<T: std::str::FromStr>(
    lang: Lang,
    flag: &str,
    v: &str,
) -> Result<Option<T>, String> {
    match v.trim() {
        "" => Ok(None),
        s => whole_number(lang, &format!("--{flag}"), s).map(Some),
    }
}

/// The pasted (or uploaded) lines of a list: blank lines and `#` comments left out (as
/// `--players-file` reads them), tabs and full-width commas read as commas, a CSV's quotes
/// dropped, a heading line (`姓名…`, `name…`) skipped.
fn lines(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            l.replace(['\t', '，'], ",")
                .replace('"', "")
                .trim()
                .to_string()
        })
        .enumerate()
        .filter(|(i, l)| !(*i == 0 && is_heading(l)))
        .map(|(_, l)| l)
        .collect()
}

/// `true` for a list's heading line (`姓名,单位,等级分`, `name,…`, `队名…`).
fn is_heading(line: &str) -> bool {
    let first = line
        .trim_start_matches('\u{feff}')
        .split([',', '\t', '，'])
        .next()
        .unwrap_or("")
        .trim()
        .trim_matches('"')
        .to_lowercase();
    first == "姓名" || first == "name" || first == "队名"
}

/// The most players (and team lines) one 新建 form creates an event with; a larger field is
/// created with `xq event new --players-file`.
pub(crate) const MAX_FORM_PLAYERS: usize = 10_000;

/// The form's ruleset: an id of the embedded catalogue, nothing else (the desk opens no path
/// it is given).
fn catalogue_ruleset(lang: Lang, given: &str) -> Result<String, String> {
    let given = given.trim();
    if given.is_empty() {
        return Ok("axf".into());
    }
    let ids = Ruleset::builtin_ids();
    if ids.iter().any(|id| id == given) {
        Ok(given.to_string())
    } else {
        Err(lang.not_builtin_ruleset(&crate::app::one_line(given, 60), &ids))
    }
}

/// The choices of the form, as `xq event new`'s options.
fn choices(f: &NewForm) -> Result<NewEvent, String> {
    let on = |v: &Option<String>| v.is_some();
    let text = |v: &str| {
        let v = v.trim();
        (!v.is_empty()).then(|| v.to_string())
    };
    // the size first: a list too long is not read at all
    let lang = Lang::from_param(f.lang.as_deref());
    let listed = lines(&f.players).len();
    let teams = lines(&f.teams);
    if listed > MAX_FORM_PLAYERS || teams.len() > MAX_FORM_PLAYERS {
        return Err(lang.list_too_long(listed.max(teams.len()), MAX_FORM_PLAYERS));
    }
    let players = read_players(f, lang)?;
    Ok(NewEvent {
        name: text(&f.name).unwrap_or_else(|| "event".into()),
        division: f.division.trim().to_string(),
        ruleset: catalogue_ruleset(lang, &f.ruleset)?,
        system: text(&f.system),
        rounds: number(lang, "rounds", &f.rounds)?,
        allow_partial: on(&f.allow_partial),
        groups: number(lang, "groups", &f.groups)?,
        advance: number(lang, "advance", &f.advance)?.unwrap_or(2),
        final_system: text(&f.final_system).unwrap_or_else(|| "round-robin".into()),
        separate_units: on(&f.separate_units),
        avoid_same_unit_rounds: number(lang, "avoid-same-unit", &f.avoid_same_unit)?.unwrap_or(0),
        placement: on(&f.placement),
        games: number(lang, "games", &f.games)?,
        third_place: on(&f.third_place),
        no_reset: on(&f.no_reset),
        players,
        teams,
        team_boards: number(lang, "team-boards", &f.team_boards)?,
        lineup_system: text(&f.lineup_system),
        all_play_all: on(&f.all_play_all),
        seed: number(lang, "seed", &f.seed)?.unwrap_or(1),
        no_lot: on(&f.no_lot),
    })
}

/// A new file's name: a plain `NAME.toml` in the served folder.
fn file_name(lang: Lang, s: &str) -> Result<String, String> {
    let s = s.trim();
    let plain = !s.is_empty()
        && !s.starts_with('.')
        && !s.contains(['/', '\\', '\0'])
        && !s.contains("..")
        && s.len() > ".toml".len()
        && s.ends_with(".toml");
    if plain {
        Ok(s.to_string())
    } else {
        Err(lang.bad_file_name(s))
    }
}

/// Why the 新建 form could not be read (before its language is known: said in Chinese).
enum FormError {
    /// The body is over the desk's limit.
    TooLarge,
    /// The players file is not text in a known encoding.
    PlayersFile { file: String, why: String },
    /// The form itself (the reader's words).
    Unreadable(String),
}

impl From<String> for FormError {
    fn from(why: String) -> FormError {
        if why.contains("length limit exceeded") {
            FormError::TooLarge
        } else {
            FormError::Unreadable(why)
        }
    }
}

/// Reads the 新建 form: URL-encoded, or `multipart/form-data` with a players file (CSV or text,
/// one player a line; UTF-8, GBK/GB18030 or Big5, as game files are read) whose lines are added
/// after the pasted ones.
async fn read_new_form(req: Request) -> Result<NewForm, FormError> {
    let multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        return Form::<NewForm>::from_request(req, &())
            .await
            .map(|Form(f)| f)
            .map_err(|e| e.body_text().into());
    }
    let mut parts = Multipart::from_request(req, &())
        .await
        .map_err(|e| FormError::from(e.body_text()))?;
    let mut fields = Vec::new();
    let mut uploaded = String::new();
    while let Some(field) = parts
        .next_field()
        .await
        .map_err(|e| FormError::from(e.body_text()))?
    {
        let name = field.name().unwrap_or_default().to_string();
        if name == "players_file" {
            let file = field.file_name().unwrap_or_default().to_string();
            let bytes = field
                .bytes()
                .await
                .map_err(|e| FormError::from(e.body_text()))?;
            if bytes.is_empty() {
                continue;
            }
            let (text, _) = xiangqi::notation::encoding::decode(&bytes).map_err(|e| {
                FormError::PlayersFile {
                    file: file.clone(),
                    why: e.to_string(),
                }
            })?;
            // the file's own heading line, wherever the list goes
            let mut rows = text
                .trim_start_matches('\u{feff}')
                .lines()
                .skip_while(|l| l.trim().is_empty())
                .peekable();
            if rows.peek().is_some_and(|l| is_heading(l)) {
                rows.next();
            }
            for l in rows {
                uploaded.push_str(l);
                uploaded.push('\n');
            }
        } else {
            fields.push(format!(
                "{}={}",
                url(&name),
                url(&field
                    .text()
                    .await
                    .map_err(|e| FormError::from(e.body_text()))?)
            ));
        }
    }
    // the text fields as the URL-encoded form they would be
    let body = Request::builder()
        .method("POST")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(fields.join("&")))
        .map_err(|e| FormError::Unreadable(e.to_string()))?;
    let Form(mut f) = Form::<NewForm>::from_request(body, &())
        .await
        .map_err(|e| FormError::from(e.body_text()))?;
    if !uploaded.is_empty() {
        if !f.players.trim().is_empty() {
            f.players.push('\n');
        }
        f.players.push_str(&uploaded);
    }
    Ok(f)
}

pub(crate) async fn create(
    State(desk): State<Shared>,
    headers: HeaderMap,
    req: Request,
) -> Response {
    // the form's language is not known before it is read: Chinese, the desk's default
    let zh = Lang::Zh;
    let f = match read_new_form(req).await {
        Ok(f) => f,
        Err(FormError::TooLarge) => {
            let msg = zh.form_too_large(desk.max_body >> 10);
            return refuse(zh, StatusCode::PAYLOAD_TOO_LARGE, msg);
        }
        Err(FormError::PlayersFile { file, why }) => {
            return refuse(
                zh,
                StatusCode::BAD_REQUEST,
                zh.players_file_unreadable(&file, &why),
            );
        }
        Err(FormError::Unreadable(why)) => {
            return refuse(zh, StatusCode::BAD_REQUEST, zh.form_unreadable(&why));
        }
    };
    let lang = Lang::from_param(f.lang.as_deref());
    if let Err(e) = authorize(&desk, &headers, &f.csrf, f.token.as_deref()) {
        return refuse(lang, StatusCode::FORBIDDEN, lang.forbidden(&e));
    }
    let Root::Folder(dir) = &desk.root else {
        return refuse(lang, StatusCode::NOT_FOUND, words(lang).one_file);
    };
    if f.step.as_deref() == Some("preview") {
        let d = desk.clone();
        return match blocking(move || new_view(&d, &headers, lang, f, None)).await {
            Some(p) => render(StatusCode::OK, &p),
            None => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
        };
    }
    let dir = dir.clone();
    let form = f.clone();
    let outcome = blocking(move || {
        let id = file_name(lang, &form.file)?;
        let spec = choices(&form)?;
        let path = dir.join(&id);
        spec.create(&path, || Ok(Vec::new()))
            .map(|_| id.clone())
            .map_err(|e| match e {
                NewEventError::Exists(_) => lang.file_exists(&id),
                e => scrub(&lang.pick(e.zh(), e.to_string()), &path, &id),
            })
    })
    .await
    .unwrap_or_else(|| Err(lang.internal_error().into()));
    match outcome {
        Ok(id) => Redirect::to(&format!("/e/{}?lang={}", url(&id), lang.code())).into_response(),
        Err(msg) => {
            let d = desk.clone();
            match blocking(move || new_view(&d, &headers, lang, f, Some(msg))).await {
                Some(p) => render(StatusCode::BAD_REQUEST, &p),
                None => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
            }
        }
    }
}
