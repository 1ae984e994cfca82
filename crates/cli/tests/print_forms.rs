//! The printed forms of `xq event export --format html --form NAME`, printed to PDF by headless
//! Chromium and read back page by page: a 13-round, 40-player cn-1987 Swiss with 12-character
//! 单位 names. Every page of the 成绩表 carries every column head (名次 too) and its page
//! number `第 N 页 共 M 页`, and the PDF has exactly M pages (no page spills over); the same for
//! every other form. Without `chromium` on the PATH the test prints `NOTICE … skipping` and
//! passes.

use std::path::Path;

mod common;
use common::print::{chromium_or_skip, pdf_pages, play, xq_ok as xq};

const UNITS: [&str; 5] = [
    "中国火车头体育协会象棋队",
    "北京威凯建设象棋俱乐部队",
    "上海金外滩象棋俱乐部队伍",
    "广东碧桂园象棋俱乐部队伍",
    "黑龙江农村信用社象棋队伍",
];

/// A cn-1987 Swiss of `players` players and `rounds` rounds, every result in (a forfeit now
/// and then).
fn event(dir: &Path, players: u32, rounds: u32) -> String {
    event_of(
        dir,
        "e.toml",
        players,
        &["--system", "swiss", "--rounds", &rounds.to_string()],
    )
}

/// A cn-1987 event of `players` players and the `system` arguments, played to its end (or to
/// its `--rounds`) with 1-0 / 0-1 / = / +- by board (decisive in a knockout, as many games a
/// pairing as the event asks for).
fn event_of(dir: &Path, name: &str, players: u32, system: &[&str]) -> String {
    let file = dir.join(name);
    let list = dir.join("players.txt");
    let lines: Vec<String> = (1..=players)
        .map(|i| format!("棋手{i},{}", UNITS[i as usize % UNITS.len()]))
        .collect();
    std::fs::write(&list, lines.join("\n")).unwrap();
    let f = file.to_str().unwrap().to_string();
    let mut args = vec![
        "event",
        "new",
        &f,
        "--name",
        "全国象棋个人赛",
        "--division",
        "男子组",
        "--ruleset",
        "cn-1987",
        "--players-file",
        list.to_str().unwrap(),
    ];
    args.extend(system);
    xq(&args);
    play(&f, dir, 200, system.contains(&"knockout"));
    f
}

/// The form printed to PDF: the HTML document and the text of each page.
fn printed(dir: &Path, file: &str, form: &str) -> (String, Vec<String>) {
    let stem = Path::new(file).file_stem().unwrap().to_string_lossy();
    let html = dir.join(format!("{stem}-{form}.html"));
    xq(&[
        "event",
        "export",
        file,
        "--format",
        "html",
        "--form",
        form,
        "-o",
        html.to_str().unwrap(),
    ]);
    let pages = pdf_pages(dir, &html);
    (std::fs::read_to_string(&html).unwrap(), pages)
}

/// Every page says `第 N 页 共 M 页` and the PDF has M pages.
fn numbered(form: &str, pages: &[String]) {
    let m = pages.len();
    assert!(m > 0, "{form}: no pages");
    for (i, p) in pages.iter().enumerate() {
        let compact: String = p.split_whitespace().collect();
        assert!(
            compact.contains(&format!("第{}页共{m}页", i + 1)),
            "{form}: page {} of {m} lacks its number:\n{p}",
            i + 1
        );
    }
}

#[test]
fn forms_of_a_13_round_40_player_swiss_print_on_a4_with_every_head_on_every_page() {
    if !chromium_or_skip("forms") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = event(dir.path(), 40, 13);

    let (_, pages) = printed(dir.path(), &file, "table");
    numbered("table", &pages);
    assert!(pages.len() >= 2, "40 players take more than one page");
    let heads = [
        "积分编排成绩表",
        "代号",
        "单位",
        "运动员",
        "十三",
        "对手分",
        "胜局",
        "犯规",
        "后走胜局",
        "后走局数",
        "倒数轮积分",
        "名次",
    ];
    let mut players_seen = 0;
    let mut units_seen = 0;
    for (i, p) in pages.iter().enumerate() {
        let compact: String = p.split_whitespace().collect();
        for h in heads {
            assert!(compact.contains(h), "成绩表 page {}: no {h}:\n{p}", i + 1);
        }
        units_seen += compact.matches("中国火车头体育协会象棋队").count();
        players_seen += (1..=40)
            .filter(|n| compact.contains(&format!("棋手{n}")))
            .count();
    }
    // every player printed once (棋手1 is a prefix of 棋手10…, so count at least 40)
    assert!(players_seen >= 40, "{players_seen}");
    // the 12-character 单位 of players 5, 10, … 40 printed whole, never cut
    assert_eq!(units_seen, 8);

    for form in [
        "standings",
        "cards",
        "record",
        "scoresheets",
        "points-table",
        "cross",
    ] {
        let (html, pages) = printed(dir.path(), &file, form);
        if form == "cross" {
            // a Swiss's 循环赛成绩表: in parts of opponents, each ending with 积分, the whole
            // chain (the long 倒数轮积分 at its own width) and 名次
            for (i, p) in pages.iter().enumerate() {
                let compact: String = p.split_whitespace().collect();
                for h in ["循环赛成绩表", "代号", "积分", "倒数轮积分", "名次"] {
                    assert!(compact.contains(h), "cross page {}: no {h}:\n{p}", i + 1);
                }
            }
        }
        numbered(form, &pages);
        assert_eq!(
            html.matches("<section class=\"page\">").count(),
            pages.len(),
            "{form}: a page spilled over"
        );
    }
}

/// The form printed without a page spilling over: as many PDF pages as the document's sections,
/// each numbered.
fn whole(dir: &Path, file: &str, form: &str) -> Vec<String> {
    let (html, pages) = printed(dir, file, form);
    numbered(form, &pages);
    assert_eq!(
        html.matches("<section class=\"page\">").count(),
        pages.len(),
        "{form}: a page spilled over"
    );
    pages
}

#[test]
fn a_40_player_round_robin_prints_its_cross_table_in_two_parts_of_columns() {
    if !chromium_or_skip("round robin") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = event_of(dir.path(), "rr.toml", 40, &["--system", "round-robin"]);
    let pages = whole(dir.path(), &file, "table");
    assert_eq!(pages.len(), 2, "40 rows, two parts of columns");
    for (i, p) in pages.iter().enumerate() {
        let compact: String = p.split_whitespace().collect();
        for h in [
            "循环赛成绩表",
            "全国象棋个人赛",
            "代号",
            "单位",
            "姓名",
            "中国火车头体育协会象棋队",
        ] {
            assert!(compact.contains(h), "page {}: no {h}:\n{p}", i + 1);
        }
        // the part's place: 第 1 部分 (opponents 1 …), 第 2 部分 with 积分 … 名次
        assert!(
            compact.contains(&format!("第{}部分,共2部分", i + 1))
                || compact.contains(&format!("第{}部分，共2部分", i + 1)),
            "{p}"
        );
        // all 40 players on each page
        assert!(compact.contains("棋手40") && compact.contains("棋手1"));
    }
    let last: String = pages[1].split_whitespace().collect();
    assert!(last.contains("积分") && last.contains("名次") && last.contains("小分"));
    let first: String = pages[0].split_whitespace().collect();
    assert!(!first.contains("名次"), "名次 only on the last part");
}

#[test]
fn group_and_bracket_forms_print_with_their_tie_lines_and_play_offs() {
    if !chromium_or_skip("groups and bracket") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let groups = event_of(
        dir.path(),
        "groups.toml",
        16,
        &[
            "--system",
            "groups",
            "--groups",
            "4",
            "--advance",
            "2",
            "--final",
            "knockout",
        ],
    );
    let pages = whole(dir.path(), &groups, "groups");
    let all: String = pages.concat().split_whitespace().collect();
    for h in [
        "分组成绩表",
        "第1阶段(分组循环)A组",
        "D组",
        "名次",
        "小分",
        "第2阶段(单淘汰)",
        "胜场",
    ] {
        assert!(all.contains(h), "groups: no {h}:\n{all}");
    }
    let pages = whole(dir.path(), &groups, "groups-cross");
    let all: String = pages.concat().split_whitespace().collect();
    assert!(all.contains("循环赛成绩表第1阶段(分组循环)B组"), "{all}");
    let pages = whole(dir.path(), &groups, "overall");
    let all: String = pages.concat().split_whitespace().collect();
    assert!(all.contains("决定名次的阶段") && all.contains("胜场") && all.contains("积分"));
    let pages = whole(dir.path(), &groups, "bracket");
    let all: String = pages.concat().split_whitespace().collect();
    for h in ["对阵表", "先手", "后手", "场分", "各局", "胜者", "冠军"] {
        assert!(all.contains(h), "bracket: no {h}:\n{all}");
    }
    assert!(!all.contains("3rd") && !all.contains("GF"));
}
