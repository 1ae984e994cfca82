//! The words of creating and managing an event, its units and its bracket.

/// The words of these pages (Chinese first; English with `?lang=en`).
#[derive(Debug)]
pub(crate) struct ManageWords {
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
    /// 预览名单 (the preview button).
    pub(crate) preview: &'static str,
    /// The preview's heading: how the columns were read.
    pub(crate) columns_read: &'static str,
    /// The preview's note when the columns were guessed from the values.
    pub(crate) columns_guessed: &'static str,
    /// The preview's hint: change a column, preview again or create.
    pub(crate) remap_help: &'static str,
    /// A column left out (不读).
    pub(crate) col_skip: &'static str,
    /// 第 N 列 heading prefix (列).
    pub(crate) column: &'static str,
    /// 分隔符.
    pub(crate) separator: &'static str,
    /// Tab separator.
    pub(crate) sep_tab: &'static str,
    /// Comma separator.
    pub(crate) sep_comma: &'static str,
    /// Spaces separator.
    pub(crate) sep_spaces: &'static str,
    /// "N more players".
    pub(crate) more_players: fn(usize) -> String,
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
    /// 积分编排制: 同单位回避 in the first N rounds (the field's label).
    pub(crate) avoid_same_unit: &'static str,
    /// Its help: what N means, empty = off.
    pub(crate) avoid_same_unit_help: &'static str,
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
    /// 请选择 (a choice with no default).
    pub(crate) choose: &'static str,
    /// 更正 (the corrections page).
    pub(crate) corrections: &'static str,
    /// 修改记录 (the history page).
    pub(crate) history: &'static str,
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
    /// A player's note: withdrew after round N.
    pub(crate) withdrew_after: fn(u32) -> String,
    /// A player's note: the rounds of the byes asked for.
    pub(crate) requested_byes: fn(&[u32]) -> String,
    /// A player's note: a late entry playing from round N.
    pub(crate) late_from: fn(u32) -> String,
    /// A column head of the bracket: round N.
    pub(crate) round_n: fn(u32) -> String,
}

/// Round numbers joined with `sep`.
fn joined(rounds: &[u32], sep: &str) -> String {
    rounds
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(sep)
}

/// 中文.
pub(crate) static ZH: ManageWords = ManageWords {
    new_event: "新建比赛",
    name: "比赛名称",
    division: "组别",
    division_help: "如 男子组、女子组、少年组；可空",
    file: "文件名",
    file_help: "保存在本文件夹，文件名如 比赛.toml",
    players: "运动员名单",
    players_help: "每行一人：序号、姓名、单位、等级分，次序不限，可有标题行（单位、等级分可省；制表符、逗号或空格分隔，可从表格粘贴）",
    preview: "预览名单",
    columns_read: "名单各列的读法",
    columns_guessed: "名单没有标题行，各列按内容推断，请核对；如有误，改选后再预览或直接创建。",
    remap_help: "改选某列的读法后，可再预览，或直接创建。",
    col_skip: "不读",
    column: "列",
    separator: "分隔符",
    sep_tab: "制表符",
    sep_comma: "逗号",
    sep_spaces: "空格",
    more_players: |n| format!("……另有 {n} 人"),
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
    avoid_same_unit: "同单位回避轮数",
    avoid_same_unit_help: "积分编排制：前 N 轮同单位棋手尽量不相遇；空为不回避",
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
    choose: "请选择",
    corrections: "更正",
    history: "修改记录",
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
    withdrew_after: |r| format!("第 {r} 轮后退出比赛"),
    requested_byes: |rs| format!("申请轮空：第 {} 轮", joined(rs, "、")),
    late_from: |r| format!("补报名，第 {r} 轮起参赛"),
    round_n: |r| format!("第 {r} 轮"),
};

/// English.
pub(crate) static EN: ManageWords = ManageWords {
    new_event: "New event",
    name: "Event name",
    division: "Division (组别)",
    division_help: "e.g. 男子组 (men), 女子组 (women); may be empty",
    file: "File name",
    file_help: "saved in this folder, ending in .toml",
    players: "Players",
    players_help: "one a line: number, name, unit, rating in any order, a heading line allowed (unit and rating optional; tab, comma or space separated, pasted from a spreadsheet)",
    preview: "Preview the list",
    columns_read: "How the list's columns were read",
    columns_guessed: "The list has no heading line; its columns were guessed from their values. Check them; change a column and preview again, or create.",
    remap_help: "Change what a column holds, then preview again or create.",
    col_skip: "leave out",
    column: "Column",
    separator: "Separator",
    sep_tab: "tab",
    sep_comma: "comma",
    sep_spaces: "spaces",
    more_players: |n| format!("… {n} more"),
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
    avoid_same_unit: "Rounds of 同单位回避",
    avoid_same_unit_help: "Swiss: players of one unit are not paired together in rounds 1–N where the field allows it; empty = off",
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
    choose: "choose",
    corrections: "Corrections",
    history: "History",
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
    withdrew_after: |r| format!("withdrew after round {r}"),
    requested_byes: |rs| format!("requested bye: round {}", joined(rs, ", ")),
    late_from: |r| format!("late entry from round {r}"),
    round_n: |r| format!("Round {r}"),
};
