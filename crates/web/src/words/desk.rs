//! The desk's own words: navigation, the event, round and standings pages.

use xiangqi::event::StageSystem;

/// The words of the interface. Column heads of the printed forms stay Chinese in both
/// languages (they are the forms' names); the English text adds a gloss.
#[derive(Debug)]
pub struct Tr {
    /// The app's name.
    pub desk: &'static str,
    /// "Events".
    pub events: &'static str,
    /// "Event".
    pub event: &'static str,
    /// "File".
    pub file: &'static str,
    /// "Players".
    pub players: &'static str,
    /// "Rounds".
    pub rounds: &'static str,
    /// "Round" before a number.
    pub round_pre: &'static str,
    /// "Round" after a number (第 N 轮).
    pub round_post: &'static str,
    /// "Standings".
    pub standings: &'static str,
    /// "Downloads" (the exports).
    pub downloads: &'static str,
    /// The 成绩表's title.
    pub results_table: &'static str,
    /// The 编排记录表's title.
    pub pairing_record: &'static str,
    /// "Ruleset".
    pub ruleset: &'static str,
    /// "Tie-breaks".
    pub tie_breaks: &'static str,
    /// "Paired".
    pub paired: &'static str,
    /// "Results in".
    pub results_in: &'static str,
    /// "Pair the next round".
    pub pair_next: &'static str,
    /// "Enter".
    pub enter: &'static str,
    /// "Replace a different result".
    pub force: &'static str,
    /// "Red fouls".
    pub red_fouls: &'static str,
    /// "Black fouls".
    pub black_fouls: &'static str,
    /// "Result".
    pub result: &'static str,
    /// "Bye".
    pub bye: &'static str,
    /// "Withdrawn after round".
    pub withdrawn: &'static str,
    /// "Not an event file".
    pub not_event: &'static str,
    /// "No event files here".
    pub no_events: &'static str,
    /// "Print".
    pub print: &'static str,
    /// "Date".
    pub date: &'static str,
    /// 编排长 signature line.
    pub chief_pairing: &'static str,
    /// 裁判长 signature line.
    pub chief_arbiter: &'static str,
    /// "Read only" notice.
    pub read_only: &'static str,
    /// "Result entered".
    pub saved: &'static str,
    /// "Refused".
    pub refused: &'static str,
    /// "Complete".
    pub complete: &'static str,
    /// "Stage".
    pub stage: &'static str,
    /// "Group".
    pub group: &'static str,
    /// "Overall".
    pub overall: &'static str,
    /// "Not found".
    pub not_found: &'static str,
    /// "Nothing to show yet".
    pub nothing_yet: &'static str,
    /// Help under the result field.
    pub result_help: &'static str,
    /// "Notes".
    pub notes: &'static str,
    /// The other language's name, for the switch.
    pub other_lang: &'static str,
    /// A stage's system (阶段的赛制).
    pub stage_system: fn(StageSystem) -> &'static str,
    /// A pairing system, by its id (`swiss-cn`, `berger`; another shown as it is).
    pub pairing_system: fn(&str) -> String,
    /// The link to the boards still without a result.
    pub open_only: &'static str,
    /// The link back to every board of the round.
    pub all_boards: &'static str,
    /// The link to a board's live console.
    pub live_link: &'static str,
    /// The round page's notice after a result was entered on board N.
    pub board_saved: fn(u32) -> String,
    /// "after round N" (the standings' heading).
    pub after_round: fn(u32) -> String,
    /// The pairing system and the number of rounds (the event page).
    pub system_rounds: fn(&str, u32) -> String,
    /// The round page's bulk entry (a round's results pasted at once).
    pub bulk_entry: &'static str,
    /// What the bulk entry reads.
    pub bulk_help: &'static str,
    /// The button that lists what a paste would save.
    pub preview: &'static str,
    /// The button that saves every board pasted.
    pub save_all: &'static str,
    /// The round table's own save (shown without script; Enter in a result field does the
    /// same): every result typed into the table.
    pub save_typed: &'static str,
    /// A refused line of a paste: its number, why.
    pub line_refused: fn(usize, &str) -> String,
    /// A line that is not `台号 结果`.
    pub bulk_expected: fn(&str) -> String,
    /// A board pasted twice: the board, the line of its first result.
    pub bulk_twice: fn(u32, usize) -> String,
    /// A paste with no line read.
    pub bulk_none: &'static str,
    /// The notice after a paste was saved: how many boards.
    pub bulk_saved: fn(usize) -> String,
    /// The heading of the boards a paste would save.
    pub bulk_read: &'static str,
    /// The link from a row to its board's page (fouls, 覆盖, live console).
    pub board_link: &'static str,
    /// A board's own page: its title.
    pub board_title: fn(u32) -> String,
    /// The start page's QR code of the LAN login address.
    pub qr_login: &'static str,
    /// The round page's date field: the day the round is played (printed in its forms).
    pub round_date: &'static str,
    /// Its button.
    pub round_date_save: &'static str,
    /// The notice after the round's date was saved (empty: cleared).
    pub round_date_saved: fn(&str) -> String,
}

/// 中文.
pub(crate) static ZH: Tr = Tr {
    desk: "裁判台",
    events: "比赛",
    event: "比赛",
    file: "文件",
    players: "运动员",
    rounds: "轮次",
    round_pre: "第",
    round_post: "轮",
    standings: "名次",
    downloads: "导出",
    results_table: "成绩表",
    pairing_record: "编排记录表",
    ruleset: "规则",
    tie_breaks: "名次区分",
    paired: "已编排",
    results_in: "已录入",
    pair_next: "编排下一轮",
    enter: "录入",
    force: "覆盖原结果",
    red_fouls: "红犯规",
    black_fouls: "黑犯规",
    result: "比赛结果",
    bye: "轮空",
    withdrawn: "退出比赛，于第几轮后",
    not_event: "不是比赛文件",
    no_events: "此处没有比赛文件",
    print: "打印",
    date: "日期",
    chief_pairing: "编排长",
    chief_arbiter: "裁判长",
    read_only: "只读：录入须用启动时显示的网址登录",
    saved: "已录入",
    refused: "未录入",
    complete: "已完成",
    stage: "阶段",
    group: "组",
    overall: "总名次",
    not_found: "找不到",
    nothing_yet: "尚无",
    result_help: "红胜：1-0 1：0 红胜 红方胜 胜；和：= 和 和棋 ½；黑胜：0-1 0：1 黑胜 黑方胜 负；全角数字亦可；弃权：+- 红胜 / -+ 黑胜 / -- 双方；多局以空格分隔；回车即录入",
    notes: "注",
    other_lang: "English",
    stage_system: |s| match s {
        StageSystem::RoundRobin => "大循环",
        StageSystem::Swiss => "积分编排制",
        StageSystem::Knockout => "单淘汰制",
        StageSystem::DoubleKnockout => "双淘汰制",
        StageSystem::Groups => "分组循环制",
    },
    pairing_system: |id| {
        match id {
            "swiss-cn" | "swiss" => "积分编排制",
            "berger" | "round-robin" => "循环制",
            other => other,
        }
        .to_string()
    },
    open_only: "只看未录入的台次",
    all_boards: "全部台次",
    live_link: "记录台",
    board_saved: |b| format!("第 {b} 台结果已录入"),
    after_round: |r| {
        if r == 0 {
            "赛前".to_string()
        } else {
            format!("第 {r} 轮后")
        }
    },
    system_rounds: |system, rounds| format!("{system}，共 {rounds} 轮"),
    bulk_entry: "批量录入",
    bulk_help: "每行一台：台号 结果（如 12 1-0），结果的写法同上；先预览，再全部保存",
    preview: "预览",
    save_all: "全部保存",
    save_typed: "保存已填写的结果",
    line_refused: |n, why| format!("第 {n} 行：{why}"),
    bulk_expected: |line| format!("“{line}”不是“台号 结果”"),
    bulk_twice: |b, first| format!("第 {b} 台已在第 {first} 行录入"),
    bulk_none: "没有读到任何一行",
    bulk_saved: |n| format!("已保存 {n} 台结果"),
    bulk_read: "将保存的结果",
    board_link: "更正",
    board_title: |b| format!("第 {b} 台"),
    qr_login: "手机扫码登录",
    round_date: "比赛日期",
    round_date_save: "保存日期",
    round_date_saved: |d| {
        if d.is_empty() {
            "已清除本轮比赛日期".to_string()
        } else {
            format!("本轮比赛日期已定为 {d}")
        }
    },
};

/// English.
pub(crate) static EN: Tr = Tr {
    desk: "Arbiter's desk",
    events: "Events",
    event: "Event",
    file: "File",
    players: "Players",
    rounds: "Rounds",
    round_pre: "Round",
    round_post: "",
    standings: "Standings",
    downloads: "Downloads",
    results_table: "Results table (成绩表)",
    pairing_record: "Pairings (编排记录表)",
    ruleset: "Ruleset",
    tie_breaks: "Tie-breaks",
    paired: "paired",
    results_in: "results in",
    pair_next: "Pair the next round",
    enter: "Enter",
    force: "replace a different result",
    red_fouls: "red fouls",
    black_fouls: "black fouls",
    result: "Result",
    bye: "Bye",
    withdrawn: "withdrawn after round",
    not_event: "not an event file",
    no_events: "No event files here",
    print: "Print",
    date: "Date",
    chief_pairing: "编排长 Chief of pairings",
    chief_arbiter: "裁判长 Chief arbiter",
    read_only: "Read only: to enter results, open the address printed when the server started",
    saved: "entered",
    refused: "refused",
    complete: "complete",
    stage: "Stage",
    group: "group",
    overall: "Overall",
    not_found: "Not found",
    nothing_yet: "Nothing yet",
    result_help: "red wins: 1-0 1:0 红胜 红方胜 胜; draw: = 和 和棋 ½; black wins: 0-1 0:1 黑胜 黑方胜 负; full-width digits too; forfeits: +- (red wins) / -+ (black wins) / -- (both); several games space-separated; Enter saves",
    notes: "Notes",
    other_lang: "中文",
    stage_system: StageSystem::name,
    pairing_system: str::to_string,
    open_only: "boards without a result",
    all_boards: "every board",
    live_link: "live",
    board_saved: |b| format!("board {b}: result entered"),
    after_round: |r| {
        if r == 0 {
            "before the first round".to_string()
        } else {
            format!("after round {r}")
        }
    },
    system_rounds: |system, rounds| format!("{system}, {rounds} rounds"),
    bulk_entry: "Bulk entry",
    bulk_help: "one board a line: BOARD RESULT (12 1-0), the result words above; preview, then save all",
    preview: "Preview",
    save_all: "Save all",
    save_typed: "Save every result typed",
    line_refused: |n, why| format!("line {n}: {why}"),
    bulk_expected: |line| format!("{line:?} is not BOARD RESULT"),
    bulk_twice: |b, first| format!("board {b} was given on line {first}"),
    bulk_none: "no line read",
    bulk_saved: |n| format!("{n} results saved"),
    bulk_read: "Results to save",
    board_link: "correct",
    board_title: |b| format!("board {b}"),
    qr_login: "scan to log in from a phone",
    round_date: "Date of play",
    round_date_save: "Save date",
    round_date_saved: |d| {
        if d.is_empty() {
            "The round's date is cleared".to_string()
        } else {
            format!("The round is dated {d}")
        }
    },
};
