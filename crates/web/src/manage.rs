//! Running a whole event at the desk: creating it (新建比赛, the same code and refusals as
//! `xq event new`), managing it (退出比赛, a requested bye, a late entry, a team's line-up), the
//! 队员总分制 unit standings, and the bracket (对阵图) of a knockout.
//!
//! Every write goes through the event store and the desk's POST checks
//! ([`writable`](crate::pages::writable) / [`authorize`](crate::pages::authorize)); a refusal is
//! the CLI's message and leaves the file as it was.

use std::collections::HashMap;

use askama::Template;
use axum::Router;
use axum::body::Body;
use axum::extract::{Form, FromRequest, Multipart, Path, Query, Request, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use serde::Deserialize;
use xiangqi::event::create::parse_player;
use xiangqi::event::{Event, EventError, StageSystem};
use xiangqi::event::{NewEvent, NewEventError, Store, system_line};
use xiangqi::rules::Ruleset;
use xiangqi::scheduling::knockout;

use crate::i18n::Lang;
use crate::pages::{
    EventRequest, Page, Q, Shared, authorize, blocking, error_page, load, refusal, render, scrub,
    url, whole_number, writable,
};
use crate::{Desk, Root};

/// The routes of this module, merged into the desk's.
pub(crate) fn routes() -> Router<Shared> {
    Router::new()
        .route("/new", get(new_page).post(create))
        .route("/e/{id}/manage", get(manage_page))
        .route("/e/{id}/withdraw", post(withdraw))
        .route("/e/{id}/bye", post(bye))
        .route("/e/{id}/add", post(add))
        .route("/e/{id}/lineup", post(lineup))
        .route("/e/{id}/units", get(units_page))
        .route("/e/{id}/bracket", get(bracket_page))
}

/// The words of these pages (Chinese first; English with `?lang=en`).
#[derive(Debug)]
pub(crate) struct Words {
    /// 新建比赛.
    pub(crate) new_event: &'static str,
    /// 比赛名称.
    pub(crate) name: &'static str,
    /// 组别.
    pub(crate) division: &'static str,
    /// The division field's hint.
    pub(crate) division_help: &'static str,
    /// 文件名.
    pub(crate) file: &'static str,
    /// The file field's hint.
    pub(crate) file_help: &'static str,
    /// 运动员名单.
    pub(crate) players: &'static str,
    /// The players field's hint.
    pub(crate) players_help: &'static str,
    /// 或上传名单文件.
    pub(crate) upload: &'static str,
    /// 参赛队.
    pub(crate) teams: &'static str,
    /// The teams field's hint.
    pub(crate) teams_help: &'static str,
    /// 规则.
    pub(crate) ruleset: &'static str,
    /// 赛制.
    pub(crate) system: &'static str,
    /// "the ruleset's".
    pub(crate) system_default: &'static str,
    /// 轮数.
    pub(crate) rounds: &'static str,
    /// The rounds field's hint.
    pub(crate) rounds_help: &'static str,
    /// 允许不完整的循环.
    pub(crate) allow_partial: &'static str,
    /// 抽签种子.
    pub(crate) seed: &'static str,
    /// 按名单顺序编号（不抽签）.
    pub(crate) no_lot: &'static str,
    /// 每轮局数.
    pub(crate) games: &'static str,
    /// 分组数.
    pub(crate) groups: &'static str,
    /// 每组出线名额.
    pub(crate) advance: &'static str,
    /// 决赛赛制.
    pub(crate) final_system: &'static str,
    /// 同单位回避.
    pub(crate) separate_units: &'static str,
    /// 名次赛.
    pub(crate) placement: &'static str,
    /// 三四名决赛.
    pub(crate) third_place: &'static str,
    /// 不设第二场总决赛.
    pub(crate) no_reset: &'static str,
    /// 每场台数.
    pub(crate) team_boards: &'static str,
    /// 排阵方式.
    pub(crate) lineup_system: &'static str,
    /// 全队轮赛制.
    pub(crate) all_play_all: &'static str,
    /// 创建.
    pub(crate) create: &'static str,
    /// Heading of the systems table.
    pub(crate) chains: &'static str,
    /// 个人赛 / 团体赛 headings.
    pub(crate) individual: &'static str,
    /// 团体赛选项.
    pub(crate) team_options: &'static str,
    /// 淘汰赛 / 分组 options.
    pub(crate) ko_options: &'static str,
    /// 管理.
    pub(crate) manage: &'static str,
    /// 退出比赛.
    pub(crate) withdraw: &'static str,
    /// 申请轮空.
    pub(crate) bye: &'static str,
    /// 补报名.
    pub(crate) add: &'static str,
    /// The late entry field's hint.
    pub(crate) add_help: &'static str,
    /// 排阵.
    pub(crate) lineup: &'static str,
    /// The line-up field's hint.
    pub(crate) lineup_help: &'static str,
    /// 运动员.
    pub(crate) player: &'static str,
    /// 轮次.
    pub(crate) round: &'static str,
    /// 台次.
    pub(crate) board: &'static str,
    /// 队.
    pub(crate) team: &'static str,
    /// 队员.
    pub(crate) members: &'static str,
    /// 队员总分制.
    pub(crate) units: &'static str,
    /// 计前 N 名.
    pub(crate) best: &'static str,
    /// 显示.
    pub(crate) show: &'static str,
    /// 对阵图.
    pub(crate) bracket: &'static str,
    /// 胜者组.
    pub(crate) winners: &'static str,
    /// 败者组.
    pub(crate) losers: &'static str,
    /// 决赛.
    pub(crate) finals: &'static str,
    /// 轮空.
    pub(crate) bye_mark: &'static str,
    /// A bracket slot whose player is not known yet (待定).
    pub(crate) to_be_decided: &'static str,
    /// The winner of a knockout's final (冠军).
    pub(crate) champion: &'static str,
    /// "not a knockout".
    pub(crate) no_bracket: &'static str,
    /// "nothing paired yet".
    pub(crate) nothing_yet: &'static str,
    /// "serving one file".
    pub(crate) one_file: &'static str,
}

/// 中文.
const ZH: Words = Words {
    new_event: "新建比赛",
    name: "比赛名称",
    division: "组别",
    division_help: "如 男子组、女子组、少年组；可空",
    file: "文件名",
    file_help: "保存在本文件夹，以 .toml 结尾",
    players: "运动员名单",
    players_help: "每行一人：姓名, 单位, 等级分（单位、等级分可省；逗号或制表符分隔，可从表格粘贴）",
    upload: "或上传名单文件（CSV 或文本，每行一人）",
    teams: "参赛队",
    teams_help: "团体赛每行一队：队名,单位:队员1,队员2,…（按台次顺序，替补在后）",
    ruleset: "规则",
    system: "赛制",
    system_default: "按规则",
    rounds: "轮数",
    rounds_help: "积分编排制默认按人数；循环赛默认全部轮次",
    allow_partial: "允许不完整的循环",
    seed: "抽签种子",
    no_lot: "按名单顺序编号（不抽签）",
    games: "每对局数",
    groups: "分组数",
    advance: "每组出线名额",
    final_system: "决赛赛制",
    separate_units: "同单位回避",
    placement: "名次赛",
    third_place: "三四名决赛",
    no_reset: "总决赛不设第二场",
    team_boards: "每场台数",
    lineup_system: "排阵方式",
    all_play_all: "全队轮赛制",
    create: "创建",
    chains: "各规则的赛制与破同分顺序",
    individual: "个人赛",
    team_options: "团体赛",
    ko_options: "淘汰赛与分组赛",
    manage: "管理",
    withdraw: "退出比赛",
    bye: "申请轮空",
    add: "补报名",
    add_help: "姓名, 单位, 等级分（只限积分编排制）",
    lineup: "排阵",
    lineup_help: "队员在名单中的序号，按台次顺序，如 1,2,3,5",
    player: "运动员",
    round: "轮次",
    board: "台次",
    team: "队",
    members: "队员",
    units: "队员总分制",
    best: "每单位计前几名（空：全部）",
    show: "显示",
    bracket: "对阵图",
    winners: "胜者组",
    losers: "败者组",
    finals: "决赛",
    bye_mark: "轮空",
    to_be_decided: "待定",
    champion: "冠军",
    no_bracket: "本赛事没有淘汰赛阶段",
    nothing_yet: "尚未编排",
    one_file: "本服务只打开一个比赛文件；在文件夹上启动 xq serve 才能新建比赛",
};

/// English.
const EN: Words = Words {
    new_event: "New event",
    name: "Event name",
    division: "Division (组别)",
    division_help: "e.g. 男子组 (men), 女子组 (women); may be empty",
    file: "File name",
    file_help: "saved in this folder, ending in .toml",
    players: "Players",
    players_help: "one a line: name, unit, rating (unit and rating optional; comma or tab separated, pasted from a spreadsheet)",
    upload: "or upload a list (CSV or text, one player a line)",
    teams: "Teams",
    teams_help: "team events, one a line: NAME,UNIT:MEMBER,MEMBER,… (board order, reserves last)",
    ruleset: "Ruleset",
    system: "System",
    system_default: "the ruleset's",
    rounds: "Rounds",
    rounds_help: "a Swiss defaults to the field size; a round robin to the full table",
    allow_partial: "allow a round robin cut short",
    seed: "Lot seed",
    no_lot: "number in the given order (no lot)",
    games: "Games per pairing",
    groups: "Groups",
    advance: "Places advancing per group",
    final_system: "Final's system",
    separate_units: "keep units apart (同单位回避)",
    placement: "placement round robins (名次赛)",
    third_place: "third-place match",
    no_reset: "no second grand final",
    team_boards: "Boards per match",
    lineup_system: "Line-up system",
    all_play_all: "all-play-all (全队轮赛制)",
    create: "Create",
    chains: "Systems and tie-break chains of each ruleset",
    individual: "Individual event",
    team_options: "Team event",
    ko_options: "Knockout and groups",
    manage: "Manage",
    withdraw: "Withdraw (退出比赛)",
    bye: "Requested bye",
    add: "Late entry",
    add_help: "name, unit, rating (Swiss only)",
    lineup: "Line-up",
    lineup_help: "roster positions in board order, e.g. 1,2,3,5",
    player: "Player",
    round: "Round",
    board: "Board",
    team: "Team",
    members: "Members",
    units: "Unit standings (队员总分制)",
    best: "count each unit's best N (empty: all)",
    show: "Show",
    bracket: "Bracket",
    winners: "Winners' bracket",
    losers: "Losers' bracket",
    finals: "Finals",
    bye_mark: "bye",
    to_be_decided: "to be decided",
    champion: "champion",
    no_bracket: "this event has no knockout stage",
    nothing_yet: "nothing paired yet",
    one_file: "the desk serves one event file; start xq serve on a folder to create events",
};

/// The words in `lang`.
pub(crate) fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::Zh => &ZH,
        Lang::En => &EN,
    }
}

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
    placement: Option<String>,
    third_place: Option<String>,
    no_reset: Option<String>,
    #[serde(default)]
    team_boards: String,
    #[serde(default)]
    lineup_system: String,
    all_play_all: Option<String>,
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
    systems: Vec<(&'static str, &'static str)>,
    error: Option<String>,
}

/// The systems of `xq event new --system`, with their Chinese names.
const SYSTEMS: [(&str, &str); 5] = [
    ("swiss", "积分编排制"),
    ("round-robin", "大循环"),
    ("knockout", "单淘汰制"),
    ("double-knockout", "双淘汰制"),
    ("groups", "分组循环制"),
];

/// The embedded rulesets, each with the `system:` line `xq event new` prints under it for every
/// system (the tie-break chain, a knockout's decisions), built by the same code.
fn catalogue() -> Vec<RulesetRow> {
    Ruleset::builtin_ids()
        .into_iter()
        .map(|id| {
            let title = Ruleset::load(&id).map_or(String::new(), |r| r.title);
            let systems = SYSTEMS
                .iter()
                .map(|(s, _)| {
                    let choice = NewEvent {
                        ruleset: id.clone(),
                        system: Some(s.to_string()),
                        groups: (*s == "groups").then_some(2),
                        players: (1..=8).map(|i| format!("P{i}")).collect(),
                        ..NewEvent::default()
                    };
                    let line = match choice.build("", || Ok(Vec::new())) {
                        Ok(c) => system_line(&c.event, c.system),
                        Err(e) => e.to_string(),
                    };
                    (s.to_string(), line)
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
    NewPage {
        page,
        w,
        f,
        rulesets: catalogue(),
        systems: SYSTEMS.to_vec(),
        error,
    }
}

async fn new_page(State(desk): State<Shared>, headers: HeaderMap, Query(q): Query<Q>) -> Response {
    let lang = Lang::from_param(q.lang.as_deref());
    if !matches!(desk.root, Root::Folder(_)) {
        return error_page(
            &desk,
            &headers,
            lang,
            StatusCode::NOT_FOUND,
            words(lang).one_file.into(),
        );
    }
    // the form (and its secret) only for who may write
    if !Page::new(&desk, &headers, lang, "/new", String::new()).can_write {
        return error_page(
            &desk,
            &headers,
            lang,
            StatusCode::FORBIDDEN,
            lang.tr().read_only.into(),
        );
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
fn number<T: std::str::FromStr>(flag: &str, v: &str) -> Result<Option<T>, String> {
    match v.trim() {
        "" => Ok(None),
        s => whole_number(&format!("--{flag}"), s).map(Some),
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
fn catalogue_ruleset(given: &str) -> Result<String, String> {
    let given = given.trim();
    if given.is_empty() {
        return Ok("axf".into());
    }
    let ids = Ruleset::builtin_ids();
    if ids.iter().any(|id| id == given) {
        Ok(given.to_string())
    } else {
        Err(format!(
            "--ruleset {}: 只能选内置规则 ({}；规则文件请用 xq event new --ruleset FILE)",
            crate::pages::one_line(given, 60),
            ids.join(", ")
        ))
    }
}

/// The choices of the form, as `xq event new`'s options.
fn choices(f: &NewForm) -> Result<NewEvent, String> {
    let on = |v: &Option<String>| v.is_some();
    let text = |v: &str| {
        let v = v.trim();
        (!v.is_empty()).then(|| v.to_string())
    };
    let players = lines(&f.players);
    let teams = lines(&f.teams);
    if players.len() > MAX_FORM_PLAYERS || teams.len() > MAX_FORM_PLAYERS {
        return Err(format!(
            "参赛名单太长：{} 行，网页一次最多 {MAX_FORM_PLAYERS} 行（更大的比赛请用 xq event new --players-file）",
            players.len().max(teams.len())
        ));
    }
    Ok(NewEvent {
        name: text(&f.name).unwrap_or_else(|| "event".into()),
        division: f.division.trim().to_string(),
        ruleset: catalogue_ruleset(&f.ruleset)?,
        system: text(&f.system),
        rounds: number("rounds", &f.rounds)?,
        allow_partial: on(&f.allow_partial),
        groups: number("groups", &f.groups)?,
        advance: number("advance", &f.advance)?.unwrap_or(2),
        final_system: text(&f.final_system).unwrap_or_else(|| "round-robin".into()),
        separate_units: on(&f.separate_units),
        placement: on(&f.placement),
        games: number("games", &f.games)?,
        third_place: on(&f.third_place),
        no_reset: on(&f.no_reset),
        players,
        teams,
        team_boards: number("team-boards", &f.team_boards)?,
        lineup_system: text(&f.lineup_system),
        all_play_all: on(&f.all_play_all),
        seed: number("seed", &f.seed)?.unwrap_or(1),
        no_lot: on(&f.no_lot),
    })
}

/// A new file's name: a plain `NAME.toml` in the served folder.
fn file_name(s: &str) -> Result<String, String> {
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
        Err(format!(
            "{s:?}: a file name in this folder ending in .toml (no folders, no ..)"
        ))
    }
}

/// Reads the 新建 form: URL-encoded, or `multipart/form-data` with a players file (CSV or text,
/// one player a line; UTF-8, GBK/GB18030 or Big5, as game files are read) whose lines are added
/// after the pasted ones.
async fn read_new_form(req: Request) -> Result<NewForm, String> {
    let multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        return Form::<NewForm>::from_request(req, &())
            .await
            .map(|Form(f)| f)
            .map_err(|e| e.body_text());
    }
    let mut parts = Multipart::from_request(req, &())
        .await
        .map_err(|e| e.body_text())?;
    let mut fields = Vec::new();
    let mut uploaded = String::new();
    while let Some(field) = parts.next_field().await.map_err(|e| e.body_text())? {
        let name = field.name().unwrap_or_default().to_string();
        if name == "players_file" {
            let file = field.file_name().unwrap_or_default().to_string();
            let bytes = field.bytes().await.map_err(|e| e.body_text())?;
            if bytes.is_empty() {
                continue;
            }
            let (text, _) = xiangqi::notation::encoding::decode(&bytes)
                .map_err(|e| format!("--players-file {file}: {e}"))?;
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
                url(&field.text().await.map_err(|e| e.body_text())?)
            ));
        }
    }
    // the text fields as the URL-encoded form they would be
    let body = Request::builder()
        .method("POST")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(fields.join("&")))
        .map_err(|e| e.to_string())?;
    let Form(mut f) = Form::<NewForm>::from_request(body, &())
        .await
        .map_err(|e| e.body_text())?;
    if !uploaded.is_empty() {
        if !f.players.trim().is_empty() {
            f.players.push('\n');
        }
        f.players.push_str(&uploaded);
    }
    Ok(f)
}

async fn create(State(desk): State<Shared>, headers: HeaderMap, req: Request) -> Response {
    let f = match read_new_form(req).await {
        Ok(f) => f,
        Err(msg) if msg.contains("length limit exceeded") => {
            let msg = format!(
                "表单太大：网页一次最多收 {} KiB（更大的名单请用 xq event new --players-file）",
                desk.max_body >> 10
            );
            return error_page(
                &desk,
                &headers,
                Lang::Zh,
                StatusCode::PAYLOAD_TOO_LARGE,
                msg,
            );
        }
        Err(msg) => {
            return error_page(&desk, &headers, Lang::Zh, StatusCode::BAD_REQUEST, msg);
        }
    };
    let lang = Lang::from_param(f.lang.as_deref());
    if let Err(e) = authorize(&desk, &headers, &f.csrf, f.token.as_deref()) {
        return error_page(&desk, &headers, lang, StatusCode::FORBIDDEN, e.to_string());
    }
    let Root::Folder(dir) = &desk.root else {
        return error_page(
            &desk,
            &headers,
            lang,
            StatusCode::NOT_FOUND,
            words(lang).one_file.into(),
        );
    };
    let dir = dir.clone();
    let form = f.clone();
    let outcome = blocking(move || {
        let id = file_name(&form.file)?;
        let spec = choices(&form)?;
        let path = dir.join(&id);
        spec.create(&path, || Ok(Vec::new()))
            .map(|_| id.clone())
            .map_err(|e| match e {
                NewEventError::Exists(_) => format!("{id}: already exists"),
                e => scrub(&e.to_string(), &path, &id),
            })
    })
    .await
    .unwrap_or_else(|| Err("internal error".into()));
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

// ---------------------------------------------------------------------------------------------
// 管理

/// The query of the manage page (besides `lang`): the change just made.
#[derive(Deserialize, Default)]
struct MQ {
    ok: Option<String>,
}

/// The fields of the manage forms.
#[derive(Deserialize, Default)]
struct ManageForm {
    #[serde(default)]
    csrf: String,
    lang: Option<String>,
    token: Option<String>,
    #[serde(default)]
    no: String,
    #[serde(default)]
    round: String,
    #[serde(default)]
    board: String,
    #[serde(default)]
    team: String,
    #[serde(default)]
    members: String,
    #[serde(default)]
    player: String,
}

struct PlayerOpt {
    no: u32,
    label: String,
    withdrawn: bool,
    /// What the arbiter recorded: 退出, requested byes, a late entry.
    notes: String,
}

struct MatchOpt {
    round: u32,
    board: u32,
    label: String,
}

#[derive(Template)]
#[template(path = "manage.html")]
struct ManagePage {
    page: Page,
    w: &'static Words,
    id: String,
    players: Vec<PlayerOpt>,
    next_round: u32,
    team_event: bool,
    late_entries: bool,
    matches: Vec<MatchOpt>,
    teams: Vec<PlayerOpt>,
    lineups: String,
    /// Some player has a note (the notes table is shown).
    any_notes: bool,
    flash: Option<String>,
    error: Option<String>,
}

fn manage_view(
    desk: &Desk,
    headers: &HeaderMap,
    lang: Lang,
    id: &str,
    ev: &Event,
    flash: Option<String>,
    error: Option<String>,
) -> ManagePage {
    let w = words(lang);
    let page = Page::new(
        desk,
        headers,
        lang,
        &format!("/e/{}/manage", url(id)),
        format!("{} · {}", w.manage, ev.name),
    )
    .for_event(id, ev);
    let opt = |p: &xiangqi::event::Player| PlayerOpt {
        no: p.no,
        label: if p.club.is_empty() {
            format!("{} {}", p.no, p.name)
        } else {
            format!("{} {} ({})", p.no, p.name, p.club)
        },
        withdrawn: p.withdrawn.is_some(),
        notes: {
            let mut n = Vec::new();
            if let Some(r) = p.withdrawn {
                n.push(match lang {
                    Lang::Zh => format!("第 {r} 轮后退出比赛"),
                    Lang::En => format!("withdrew after round {r}"),
                });
            }
            if !p.bye_requests.is_empty() {
                let rounds: Vec<String> = p.bye_requests.iter().map(u32::to_string).collect();
                n.push(match lang {
                    Lang::Zh => format!("申请轮空：第 {} 轮", rounds.join("、")),
                    Lang::En => format!("requested bye: round {}", rounds.join(", ")),
                });
            }
            if let Some(r) = p.late {
                n.push(match lang {
                    Lang::Zh => format!("补报名，第 {r} 轮起参赛"),
                    Lang::En => format!("late entry from round {r}"),
                });
            }
            n.join("；")
        },
    };
    let team_event = ev.config.team_boards > 0;
    let name = |no: u32| ev.player(no).map_or(no.to_string(), |p| p.name.clone());
    let matches = if team_event {
        ev.paired
            .iter()
            .flat_map(|r| {
                r.boards
                    .iter()
                    .filter(|b| b.result.is_none())
                    .map(|b| MatchOpt {
                        round: r.round,
                        board: b.board,
                        label: format!(
                            "{} {} · {} {} · {} – {}",
                            w.round,
                            r.round,
                            w.board,
                            b.board,
                            name(b.red),
                            name(b.black)
                        ),
                    })
            })
            .collect()
    } else {
        Vec::new()
    };
    let lineups = if team_event {
        ev.paired
            .last()
            .and_then(|r| ev.lineup_form(r.round))
            .unwrap_or_default()
    } else {
        String::new()
    };
    let players: Vec<PlayerOpt> = ev.players.iter().map(opt).collect();
    ManagePage {
        page,
        w,
        id: id.to_string(),
        any_notes: players.iter().any(|p| !p.notes.is_empty()),
        players,
        next_round: ev.paired.len() as u32 + 1,
        team_event,
        late_entries: !ev.staged() && ev.config.pairing_system().is_ok_and(|s| !s.predetermined),
        matches,
        teams: if team_event {
            ev.players.iter().map(opt).collect()
        } else {
            Vec::new()
        },
        lineups,
        flash,
        error,
    }
}

async fn manage_page(r: EventRequest, Query(q): Query<MQ>) -> Response {
    let EventRequest {
        desk,
        headers,
        lang,
        id,
        ev,
    } = r;
    render(
        StatusCode::OK,
        &manage_view(&desk, &headers, lang, &id, &ev, q.ok, None),
    )
}

/// A change of the manage page: what to do with the event, and the message when it is done.
type Change = Box<dyn FnOnce(&mut Event) -> Result<String, EventError> + Send>;

/// Runs a manage POST: the desk's checks, then `change` under the store's lock; back to the
/// manage page with the message, or the page again with the refusal (the file unchanged).
async fn apply(
    desk: Shared,
    headers: HeaderMap,
    id: String,
    f: &ManageForm,
    change: Result<Change, String>,
) -> Response {
    let lang = Lang::from_param(f.lang.as_deref());
    let path = match writable(&desk, &headers, lang, &id, &f.csrf, f.token.as_deref()) {
        Ok(p) => p,
        Err(r) => return *r,
    };
    let outcome = match change {
        Err(e) => Err(e),
        Ok(change) => {
            let (id2, p2) = (id.clone(), path.clone());
            blocking(move || {
                Store::<Event>::new(path)
                    .update(change)
                    .map_err(|e| refusal(&id2, &p2, e))
            })
            .await
            .unwrap_or_else(|| Err("internal error".into()))
        }
    };
    match outcome {
        Ok(msg) => Redirect::to(&format!(
            "/e/{}/manage?lang={}&ok={}",
            url(&id),
            lang.code(),
            url(&format!("{id}: {msg}"))
        ))
        .into_response(),
        Err(msg) => match load(&desk, &headers, lang, &id).await {
            Ok((_, ev)) => render(
                StatusCode::BAD_REQUEST,
                &manage_view(&desk, &headers, lang, &id, &ev, None, Some(msg)),
            ),
            Err(r) => r,
        },
    }
}

/// A required whole number of a manage form.
fn required(field: &str, v: &str) -> Result<u32, String> {
    whole_number(field, v)
}

async fn withdraw(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(f): Form<ManageForm>,
) -> Response {
    let change = required("player", &f.no).map(|no| -> Change {
        Box::new(move |ev: &mut Event| {
            let after = ev.withdraw(no)?;
            Ok(format!(
                "player {no} withdraws after round {after}; never paired again"
            ))
        })
    });
    apply(desk, headers, id, &f, change).await
}

async fn bye(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(f): Form<ManageForm>,
) -> Response {
    let change = required("player", &f.no).and_then(|no| {
        let round = required("--round", &f.round)?;
        Ok(Box::new(move |ev: &mut Event| {
            ev.request_bye(no, round)?;
            Ok(format!("player {no} is not paired in round {round}"))
        }) as Change)
    });
    apply(desk, headers, id, &f, change).await
}

async fn add(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(f): Form<ManageForm>,
) -> Response {
    let line = f.player.replace(['\t', '，'], ",");
    let change = parse_player(line.trim())
        .map_err(|e| e.to_string())
        .map(|e| -> Change {
            Box::new(move |ev: &mut Event| {
                let no = ev.add_late(&e.name, &e.club, e.rating)?;
                Ok(format!("{} enters late as number {no}", e.name))
            })
        });
    apply(desk, headers, id, &f, change).await
}

async fn lineup(
    State(desk): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Form(f): Form<ManageForm>,
) -> Response {
    let change = (|| {
        let (round, board) = match f.board.split_once('/') {
            Some((r, b)) => (required("round", r)?, required("board", b)?),
            None => (required("round", &f.round)?, required("board", &f.board)?),
        };
        let team = required("--team", &f.team)?;
        let members = f
            .members
            .replace('，', ",")
            .split([',', ' '])
            .map(str::trim)
            .filter(|m| !m.is_empty())
            .map(|m| required("--members", m))
            .collect::<Result<Vec<u32>, String>>()?;
        Ok(Box::new(move |ev: &mut Event| {
            ev.set_lineup(round, board, team, &members)?;
            Ok(format!(
                "round {round} board {board}: team {team} line-up {}",
                members
                    .iter()
                    .map(u32::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            ))
        }) as Change)
    })();
    apply(desk, headers, id, &f, change).await
}

// ---------------------------------------------------------------------------------------------
// 队员总分制

/// The query of the units page (besides `lang`): count each unit's best N.
#[derive(Deserialize, Default)]
struct UQ {
    best: Option<String>,
}

struct UnitRow {
    rank: usize,
    unit: String,
    points: String,
    counted: usize,
}

#[derive(Template)]
#[template(path = "units.html")]
struct UnitsPage {
    page: Page,
    w: &'static Words,
    id: String,
    best: String,
    rows: Vec<UnitRow>,
    after: u32,
}

async fn units_page(r: EventRequest, Query(q): Query<UQ>) -> Response {
    let EventRequest {
        desk,
        headers,
        lang,
        id,
        ev,
    } = r;
    let best = match number::<usize>("best", q.best.as_deref().unwrap_or("")) {
        Ok(b) => b,
        Err(e) => return error_page(&desk, &headers, lang, StatusCode::BAD_REQUEST, e),
    };
    let w = words(lang);
    // as `xq event units`: the standings, each member's points to the unit
    let st = ev.standings(None);
    let members: Vec<(String, f64)> = st
        .iter()
        .filter_map(|s| ev.player(s.no).map(|p| (p.club.clone(), s.points)))
        .collect();
    let rows = xiangqi::scheduling::team::member_totals(&members, best)
        .into_iter()
        .enumerate()
        .map(|(i, (unit, pts, k))| UnitRow {
            rank: i + 1,
            unit,
            points: format!("{pts}"),
            counted: k,
        })
        .collect();
    let page = Page::new(
        &desk,
        &headers,
        lang,
        &format!("/e/{}/units", url(&id)),
        format!("{} · {}", w.units, ev.name),
    )
    .for_event(&id, &ev);
    render(
        StatusCode::OK,
        &UnitsPage {
            page,
            w,
            id,
            best: best.map_or(String::new(), |b| b.to_string()),
            rows,
            after: ev.complete_rounds(),
        },
    )
}

// ---------------------------------------------------------------------------------------------
// 对阵图

/// One side of a match box.
struct Side {
    text: String,
    won: bool,
}

/// A match (or a bye) drawn in the bracket.
struct MatchBox {
    x: u32,
    y: u32,
    top: Side,
    bottom: Side,
    result: String,
    /// The players in it (to join it with the match its winner plays next).
    players: Vec<u32>,
    winner: Option<u32>,
}

/// One bracket (胜者组, 败者组, 决赛): columns of matches and the lines joining them.
struct BracketView {
    title: String,
    width: u32,
    height: u32,
    heads: Vec<(u32, String)>,
    boxes: Vec<MatchBox>,
    lines: Vec<String>,
}

#[derive(Template)]
#[template(path = "bracket.html")]
struct BracketPage {
    page: Page,
    w: &'static Words,
    brackets: Vec<BracketView>,
    message: Option<String>,
    box_w: u32,
    box_h: u32,
    half_h: u32,
}

const BOX_W: u32 = 200;
const BOX_H: u32 = 48;
const GAP_X: u32 = 56;
const GAP_Y: u32 = 18;
const HEAD_H: u32 = 28;

/// Which bracket a board's label puts it in: 0 winners', 1 losers', 2 the finals (grand
/// finals; a single knockout's third-place match).
fn section(label: Option<&str>) -> usize {
    match label {
        None | Some("W") => 0,
        Some("L") => 1,
        _ => 2,
    }
}

/// The name of a column of a seeded bracket: 决赛, 半决赛, 1/4 决赛, else 第 k 轮 (the bracket's
/// own rounds, which a double knockout's losers' rounds do not count).
fn bracket_round_name(k: usize, of: usize, lang: Lang) -> String {
    match (of - k, lang) {
        (1, Lang::Zh) => "决赛".into(),
        (2, Lang::Zh) => "半决赛".into(),
        (3, Lang::Zh) => "1/4 决赛".into(),
        (_, Lang::Zh) => format!("第 {} 轮", k + 1),
        (1, Lang::En) => "Final".into(),
        (2, Lang::En) => "Semi-finals".into(),
        (3, Lang::En) => "Quarter-finals".into(),
        (_, Lang::En) => format!("Round {}", k + 1),
    }
}

/// The whole seeded (winners') bracket of knockout stage `si`, drawn from the draw on: every
/// column to the final, each match between the winners of the two it is fed by (待定 until they
/// are known), byes in the first column, results and winners as they come in.
fn seeded_bracket(
    ev: &Event,
    si: usize,
    who: &dyn Fn(u32) -> String,
    w: &Words,
    lang: Lang,
) -> Option<BracketView> {
    let order = ev.stages.get(si)?.entrants();
    if order.len() < 2 {
        return None;
    }
    let slots: Vec<Option<u32>> = knockout::bracket_slots(order.len() as u32)
        .into_iter()
        .map(|s| s.and_then(|s| order.get(s as usize - 1).copied()))
        .collect();
    // the winners' bracket games played so far: the pair → (red, result, winner)
    let mut played: HashMap<(u32, u32), (u32, String, Option<u32>)> = HashMap::new();
    for r in &ev.paired {
        if r.stage.unwrap_or(1) as usize != si + 1 || r.playoff.is_some() {
            continue;
        }
        for b in r
            .boards
            .iter()
            .filter(|b| section(b.bracket.as_deref()) == 0)
        {
            let key = (b.red.min(b.black), b.red.max(b.black));
            played.insert(
                key,
                (
                    b.red,
                    b.result.clone().unwrap_or_default(),
                    ev.knockout_winner(r.round, b.board),
                ),
            );
        }
    }
    let mut pairs: Vec<(Option<u32>, Option<u32>)> = slots
        .chunks(2)
        .map(|c| (c[0], c.get(1).copied().flatten()))
        .collect();
    let columns = pairs.len().trailing_zeros() as usize + 1;
    let body = pairs.len() as u32 * (BOX_H + GAP_Y);
    let mut heads = Vec::new();
    let mut boxes: Vec<MatchBox> = Vec::new();
    let mut lines = Vec::new();
    let mut before: Vec<(u32, u32)> = Vec::new(); // the previous column's boxes: (x, centre y)
    let mut pairs_winner: Option<Option<u32>> = None; // the last column's one winner
    for c in 0..columns {
        let x = c as u32 * (BOX_W + GAP_X) + 4;
        heads.push((x, bracket_round_name(c, columns, lang)));
        let mut winners = Vec::new();
        let mut here = Vec::new();
        for (i, &(a, b)) in pairs.iter().enumerate() {
            let centre = if c == 0 {
                HEAD_H + i as u32 * (BOX_H + GAP_Y) + (BOX_H + GAP_Y) / 2
            } else {
                (before[2 * i].1 + before[2 * i + 1].1) / 2
            };
            let side = |p: Option<u32>, won: bool| Side {
                text: p.map_or(w.to_be_decided.to_string(), who),
                won,
            };
            let (mut a, mut b) = (a, b);
            let (result, winner, bottom_text) = match (a, b) {
                (Some(p), None) if c == 0 => (String::new(), Some(p), Some(w.bye_mark)),
                (Some(p), Some(q)) => match played.get(&(p.min(q), p.max(q))) {
                    Some((red, res, win)) => {
                        // red on top, as the result is written (1-0: red won)
                        if *red == q {
                            (a, b) = (b, a);
                        }
                        (res.clone(), *win, None)
                    }
                    None => (String::new(), None, None),
                },
                _ => (String::new(), None, None),
            };
            let mut bottom = side(b, winner.is_some() && winner == b);
            if let Some(t) = bottom_text {
                bottom.text = t.to_string();
            }
            boxes.push(MatchBox {
                x,
                y: centre - BOX_H / 2,
                top: side(a, winner.is_some() && winner == a),
                bottom,
                result,
                players: [a, b].into_iter().flatten().collect(),
                winner,
            });
            if c > 0 {
                for &(fx, fy) in &before[2 * i..2 * i + 2] {
                    let (x1, xm) = (fx + BOX_W, fx + BOX_W + GAP_X / 2);
                    lines.push(format!("M{x1} {fy}H{xm}V{centre}H{x}"));
                }
            }
            here.push((x, centre));
            winners.push(winner);
        }
        before = here;
        pairs_winner = (winners.len() == 1).then(|| winners[0]);
        pairs = winners
            .chunks(2)
            .map(|c| (c[0], c.get(1).copied().flatten()))
            .collect();
    }
    // a single knockout's final decides the champion (冠军); a double knockout's winners'
    // bracket final does not
    let single = ev.stages.get(si)?.system == StageSystem::Knockout;
    if let (true, Some(Some(champion)), Some(head)) = (single, pairs_winner, heads.last_mut()) {
        head.1 = format!("{} · {}：{}", head.1, w.champion, who(champion));
    }
    let width = columns as u32 * (BOX_W + GAP_X);
    Some(BracketView {
        title: String::new(),
        width: width + 8,
        height: HEAD_H + body + 4,
        heads,
        boxes,
        lines,
    })
}

/// The brackets of every knockout stage of `ev`.
fn brackets(ev: &Event, w: &Words, lang: Lang) -> Vec<BracketView> {
    let who = |no: u32| {
        ev.player(no)
            .map_or(no.to_string(), |p| format!("{no} {}", p.name))
    };
    let mut out = Vec::new();
    for (si, stage) in ev.stages.iter().enumerate() {
        if !stage.system.is_knockout() {
            continue;
        }
        let double = stage.system == StageSystem::DoubleKnockout;
        // columns per section: (round, boxes)
        let mut cols: [Vec<(u32, Vec<MatchBox>)>; 3] = Default::default();
        for r in &ev.paired {
            if r.stage.unwrap_or(1) as usize != si + 1 || r.playoff.is_some() {
                continue;
            }
            let mut per: [Vec<MatchBox>; 3] = Default::default();
            for b in &r.boards {
                let winner = ev.knockout_winner(r.round, b.board);
                let sec = section(b.bracket.as_deref());
                per[sec].push(MatchBox {
                    x: 0,
                    y: 0,
                    top: Side {
                        text: who(b.red),
                        won: winner == Some(b.red),
                    },
                    bottom: Side {
                        text: who(b.black),
                        won: winner == Some(b.black),
                    },
                    result: match b.bracket.as_deref() {
                        Some(l @ ("GF2" | "3rd")) => {
                            format!("{} {l}", b.result.clone().unwrap_or_default())
                        }
                        _ => b.result.clone().unwrap_or_default(),
                    },
                    players: vec![b.red, b.black],
                    winner,
                });
            }
            for no in r.bye.iter().chain(&r.byes) {
                // a double knockout's bye is in the bracket the player last played in
                let sec = if cols[1]
                    .iter()
                    .any(|(_, bx)| bx.iter().any(|m| m.players.contains(no)))
                {
                    1
                } else {
                    0
                };
                per[sec].push(MatchBox {
                    x: 0,
                    y: 0,
                    top: Side {
                        text: who(*no),
                        won: true,
                    },
                    bottom: Side {
                        text: w.bye_mark.to_string(),
                        won: false,
                    },
                    result: String::new(),
                    players: vec![*no],
                    winner: Some(*no),
                });
            }
            for (sec, boxes) in per.into_iter().enumerate() {
                if !boxes.is_empty() {
                    cols[sec].push((r.round, boxes));
                }
            }
        }
        let titles = [
            w.winners,
            w.losers,
            if double { w.finals } else { w.third_place },
        ];
        let mut seeded = seeded_bracket(ev, si, &who, w, lang);
        for (sec, columns) in cols.into_iter().enumerate() {
            let title = if ev.stages.len() > 1 && (double || sec > 0) {
                format!("{} · {}", stage.name, titles[sec])
            } else if ev.stages.len() > 1 {
                stage.name.clone()
            } else if double || sec == 2 {
                titles[sec].to_string()
            } else {
                String::new()
            };
            if sec == 0
                && let Some(view) = seeded.take()
            {
                out.push(BracketView { title, ..view });
                continue;
            }
            if columns.is_empty() {
                continue;
            }
            let mut columns = columns;
            // from the last round back: the matches feeding one match stand together, in the
            // order of the matches they feed
            for c in (1..columns.len()).rev() {
                let (before, after) = columns.split_at_mut(c);
                let next = &after[0].1;
                let feeds = |m: &MatchBox| {
                    m.winner
                        .and_then(|w| next.iter().position(|n| n.players.contains(&w)))
                        .or_else(|| {
                            next.iter()
                                .position(|n| n.players.iter().any(|p| m.players.contains(p)))
                        })
                        .unwrap_or(usize::MAX)
                };
                before[c - 1].1.sort_by_key(|m| feeds(m));
            }
            let tallest = columns.iter().map(|(_, b)| b.len()).max().unwrap_or(1) as u32;
            let body = tallest * (BOX_H + GAP_Y);
            let height = HEAD_H + body;
            let width = columns.len() as u32 * (BOX_W + GAP_X);
            let mut heads = Vec::new();
            let mut placed: Vec<Vec<MatchBox>> = Vec::new();
            for (c, (round, mut boxes)) in columns.into_iter().enumerate() {
                let x = c as u32 * (BOX_W + GAP_X) + 4;
                heads.push((
                    x,
                    match lang {
                        Lang::Zh => format!("第 {round} 轮"),
                        Lang::En => format!("Round {round}"),
                    },
                ));
                let k = boxes.len() as u32;
                let slot = body / k;
                for (i, b) in boxes.iter_mut().enumerate() {
                    b.x = x;
                    b.y = HEAD_H + i as u32 * slot + (slot - BOX_H) / 2;
                }
                placed.push(boxes);
            }
            // a line from each decided match to the match its winner plays next
            let mut lines = Vec::new();
            for c in 1..placed.len() {
                for b in &placed[c - 1] {
                    let Some(win) = b.winner else { continue };
                    if let Some(n) = placed[c].iter().find(|n| n.players.contains(&win)) {
                        let (x1, y1) = (b.x + BOX_W, b.y + BOX_H / 2);
                        let (x2, y2) = (n.x, n.y + BOX_H / 2);
                        let xm = x1 + GAP_X / 2;
                        lines.push(format!("M{x1} {y1}H{xm}V{y2}H{x2}"));
                    }
                }
            }
            out.push(BracketView {
                title,
                width: width + 8,
                height: height + 4,
                heads,
                boxes: placed.into_iter().flatten().collect(),
                lines,
            });
        }
    }
    out
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
    let brackets = brackets(&ev, w, lang);
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
            box_w: BOX_W,
            box_h: BOX_H,
            half_h: BOX_H / 2,
        },
    )
}
