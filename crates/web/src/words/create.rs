//! The words of 新建比赛 beyond the form's labels: the systems' and options' names, the
//! rulesets' titles, and the form's own refusals (a field that is not a whole number, a file
//! name, a list too long) — each in the page's language, naming the form's field, never a
//! command-line option on a Chinese page.

use super::Lang;

/// The systems of the 新建 form: the value sent, its Chinese name.
const SYSTEMS: [(&str, &str); 5] = [
    ("swiss", "积分编排制"),
    ("round-robin", "大循环"),
    ("knockout", "单淘汰制"),
    ("double-knockout", "双淘汰制"),
    ("groups", "分组循环制"),
];

/// The line-up systems of a team event: the value sent, its Chinese name.
const LINEUP_SYSTEMS: [(&str, &str); 3] = [
    ("fixed-boards", "分台定人制"),
    ("fixed-order", "分台换人制"),
    ("free", "临时定台制"),
];

impl Lang {
    /// The systems of the 新建 form: value and name (Chinese; English pages add the value).
    pub(crate) fn systems(self) -> Vec<(&'static str, String)> {
        SYSTEMS
            .iter()
            .map(|&(v, zh)| (v, self.pick(zh.to_string(), format!("{zh} ({v})"))))
            .collect()
    }

    /// The final's systems of a groups event: value and name.
    pub(crate) fn final_systems(self) -> Vec<(&'static str, String)> {
        self.systems()
            .into_iter()
            .filter(|(v, _)| ["round-robin", "knockout", "double-knockout"].contains(v))
            .map(|(v, n)| (v, self.pick(n, v.to_string())))
            .collect()
    }

    /// The line-up systems of a team event: value and name.
    pub(crate) fn lineup_systems(self) -> Vec<(&'static str, String)> {
        LINEUP_SYSTEMS
            .iter()
            .map(|&(v, zh)| (v, self.pick(zh.to_string(), v.to_string())))
            .collect()
    }

    /// The name of a system by its value (the catalogue's rows).
    pub(crate) fn system_name(self, value: &str) -> String {
        self.systems()
            .into_iter()
            .find(|(v, _)| *v == value)
            .map_or_else(|| value.to_string(), |(v, n)| self.pick(n, v.to_string()))
    }

    /// The catalogue's last column: the tie-break chain (and a knockout's decisions).
    pub(crate) fn chain_heading(self) -> &'static str {
        self.pick(
            "名次区分（与 xq 命令行新建时相同）",
            "Tie-breaks (xq event new)",
        )
    }

    /// A built-in ruleset's title: its Chinese name on a Chinese page, its own title else.
    pub(crate) fn ruleset_title(self, id: &str, title: &str) -> String {
        let zh = match id {
            "axf" => Some("亚洲象棋联合会规则（AXF）"),
            "cn-1987" => Some("中国象棋竞赛规则 1987"),
            "cn-2020" => Some("中国象棋竞赛规则 2020"),
            "computer-2007" => Some("电脑象棋联赛规则 2007"),
            _ => None,
        };
        match (self, zh) {
            (Lang::Zh, Some(z)) => z.to_string(),
            // another ruleset: its title up to an English gloss in brackets
            (Lang::Zh, None) => title.split(" (").next().unwrap_or(title).to_string(),
            (Lang::En, _) => title.to_string(),
        }
    }

    /// A form field's name in a refusal (`rounds`, `--rounds`, `player` …).
    pub(crate) fn field(self, field: &str) -> String {
        let key = field.trim_start_matches('-');
        let zh = match key {
            "player" | "no" => "棋手序号",
            "round" => "轮次",
            "board" => "台次",
            "red" => "红方序号",
            "black" => "黑方序号",
            "bye" => "轮空棋手序号",
            "rating" => "等级分",
            "team" => "队伍序号",
            "members" => "队员序号",
            "rounds" => "轮数",
            "groups" => "分组数",
            "advance" => "每组出线名额",
            "games" => "每轮局数",
            "team-boards" => "每场台数",
            "seed" => "抽签种子",
            "avoid-same-unit" => "同单位回避轮数",
            _ => key,
        };
        self.pick(zh.to_string(), field.to_string())
    }

    /// `FIELD "TEXT": not a whole number`.
    pub(crate) fn not_whole_number(self, field: &str, text: &str) -> String {
        self.pick(
            format!("{} {text:?}：不是整数", self.field(field)),
            format!("{field} {text:?}: not a whole number"),
        )
    }

    /// The ruleset field names no built-in ruleset.
    pub(crate) fn not_builtin_ruleset(self, given: &str, ids: &[String]) -> String {
        self.pick(
            format!(
                "规则 {given:?}：只能选内置规则（{}）；其他规则文件请在命令行新建比赛",
                ids.join("、")
            ),
            format!(
                "--ruleset {given}: only a built-in ruleset ({}; a ruleset file: xq event new --ruleset FILE)",
                ids.join(", ")
            ),
        )
    }

    /// The players list (or the teams list) is longer than a form creates.
    pub(crate) fn list_too_long(self, lines: usize, most: usize) -> String {
        self.pick(
            format!("参赛名单太长：{lines} 行，网页一次最多 {most} 行（更大的比赛请在命令行新建）"),
            format!(
                "the list is too long: {lines} lines, a form takes at most {most} (a larger field: xq event new --players-file)"
            ),
        )
    }

    /// The form's body is larger than the desk takes.
    pub(crate) fn form_too_large(self, kib: usize) -> String {
        self.pick(
            format!("表单太大：网页一次最多收 {kib} KiB（更大的名单请在命令行新建比赛）"),
            format!(
                "the form is too large: at most {kib} KiB (a larger list: xq event new --players-file)"
            ),
        )
    }

    /// The form could not be read at all (the reader's words, as it gives them).
    pub(crate) fn form_unreadable(self, why: &str) -> String {
        self.pick(
            "表单无法读取，请重新打开新建页面再填写".to_string(),
            format!("the form cannot be read: {why}"),
        )
    }

    /// A players file that is not text in a known encoding.
    pub(crate) fn players_file_unreadable(self, file: &str, why: &str) -> String {
        self.pick(
            format!("名单文件 {file}：无法读取（应为 UTF-8、GBK/GB18030 或 Big5 编码的文本）"),
            format!("--players-file {file}: {why}"),
        )
    }

    /// Not a plain `NAME.toml` in the served folder.
    pub(crate) fn bad_file_name(self, given: &str) -> String {
        self.pick(
            format!(
                "文件名 {given:?}：应为本文件夹里的文件名，如 比赛.toml（不含文件夹，不含 ..）"
            ),
            format!("{given:?}: a file name in this folder ending in .toml (no folders, no ..)"),
        )
    }

    /// A manual pairing's board that is not `RED-BLACK`.
    pub(crate) fn not_a_board_pair(self, given: &str) -> String {
        self.pick(
            format!("{given:?}：应为 红方-黑方（两个棋手序号）"),
            format!("{given:?}: expected RED-BLACK (two player numbers)"),
        )
    }

    /// The event file to create is there already.
    pub(crate) fn file_exists(self, id: &str) -> String {
        self.pick(
            format!("{id}：已经存在，请换一个文件名"),
            format!("{id}: already exists"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_refusals_name_the_field_not_the_flag() {
        let zh = Lang::Zh;
        assert_eq!(zh.not_whole_number("--rounds", "x"), "轮数 \"x\"：不是整数");
        assert_eq!(
            Lang::En.not_whole_number("--rounds", "x"),
            "--rounds \"x\": not a whole number"
        );
        for m in [
            zh.not_builtin_ruleset("mine", &["axf".into()]),
            zh.list_too_long(20_000, 10_000),
            zh.form_too_large(1024),
            zh.bad_file_name("../z"),
            zh.field("team-boards"),
        ] {
            assert!(!m.contains("--"), "{m}");
        }
        assert_eq!(zh.system_name("knockout"), "单淘汰制");
        assert_eq!(Lang::En.system_name("knockout"), "knockout");
        assert_eq!(zh.lineup_systems()[2].1, "临时定台制");
        assert_eq!(
            zh.ruleset_title("axf", "Asian Xiangqi Federation rules (AXF)"),
            "亚洲象棋联合会规则（AXF）"
        );
        assert_eq!(zh.ruleset_title("mine", "我的规则 (mine)"), "我的规则");
    }
}
