//! Issue 21, team forms per board: for a team event (`--team-boards`), `xq event export
//! --format html --form record|scoresheets` prints each match with its boards, the line-ups'
//! individual players and their results, the match's 局分 and 场分, and one 计分单 per board;
//! the desk's print view (`/e/FILE/print/NAME`) is byte for byte the CLI's document, and the
//! desk's page shows the same cells; the round's own date (`xq event pair --date`) is in the
//! captions. Printed to PDF by headless Chromium and read back (board numbers and player
//! names present, one page number per page); without `chromium` on the PATH that part prints
//! `NOTICE … skipping`.

use std::path::Path;
use std::process::Command;

mod common;
use common::desk::{get, serve};
use common::print::{chromium_or_skip, pdf_pages};

fn xq(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(args)
        .output()
        .unwrap()
}

fn ok(args: &[&str]) -> String {
    let o = xq(args);
    assert!(
        o.status.success(),
        "xq {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

const TEAMS: [(&str, [&str; 5]); 4] = [
    (
        "中国火车头体育协会队",
        ["宋国强", "金松", "才溢", "崔岩", "张申宏"],
    ),
    ("北京威凯建设队", ["蒋川", "王跃飞", "金波", "唐丹", "刘欢"]),
    (
        "上海金外滩队",
        ["谢靖", "孙勇征", "万春林", "宇兵", "华辰昊"],
    ),
    (
        "广东碧桂园队",
        ["许银川", "吕钦", "郑惟桐", "陈幸琳", "黄光颖"],
    ),
];

/// A cn-1987 team round robin of four teams, four boards a match, round 1 paired on
/// 2026-11-28 with team 1's line-up 1,2,3,5 recorded and both matches' results in.
fn team_event(dir: &Path) -> String {
    let file = dir.join("team.toml");
    let f = file.to_str().unwrap().to_string();
    let mut args: Vec<String> = [
        "event",
        "new",
        &f,
        "--name",
        "全国象棋团体赛",
        "--ruleset",
        "cn-1987",
        "--system",
        "round-robin",
        "--team-boards",
        "4",
        "--no-lot",
    ]
    .map(String::from)
    .to_vec();
    for (team, members) in TEAMS {
        args.push("--team".into());
        args.push(format!("{team}:{}", members.join(",")));
    }
    ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    // a bad date: exit 2, one line, the file untouched
    let before = std::fs::read(&file).unwrap();
    let o = xq(&["event", "pair", &f, "--date", "2026-11-31"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("--date \"2026-11-31\": expected a date YYYY-MM-DD"),
        "{err}"
    );
    assert_eq!(std::fs::read(&file).unwrap(), before);
    let v: serde_json::Value = serde_json::from_str(&ok(&[
        "event",
        "pair",
        &f,
        "--date",
        "2026-11-28",
        "--json",
    ]))
    .unwrap();
    assert_eq!(v["date"], "2026-11-28");
    let board_of_1 = v["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["red"] == 1 || b["black"] == 1)
        .unwrap()["board"]
        .to_string();
    ok(&[
        "event",
        "lineup",
        &f,
        "1",
        &board_of_1,
        "--team",
        "1",
        "--members",
        "1,2,3,5",
    ]);
    ok(&["event", "result", &f, "1", "1", "1-0 = = 0-1"]);
    ok(&["event", "result", &f, "1", "2", "+- 1-0 0-1 1-0"]);
    f
}

/// Every `<td>` cell's text of `html`, in order (tags inside removed).
fn td_cells(html: &str) -> Vec<String> {
    html.split("<td")
        .skip(1)
        .map(|cell| {
            let text = &cell[cell.find('>').unwrap() + 1..];
            text[..text.find("</td>").unwrap_or(text.len())].to_string()
        })
        .collect()
}

fn export(file: &str, form: &str, out: &Path) -> String {
    ok(&[
        "event",
        "export",
        file,
        "--format",
        "html",
        "--form",
        form,
        "--round",
        "1",
        "-o",
        out.to_str().unwrap(),
    ]);
    std::fs::read_to_string(out).unwrap()
}

#[test]
fn team_record_and_scoresheets_per_board_from_the_cli_and_the_desk() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let file = team_event(d);
    let record = export(&file, "record", &d.join("record.html"));
    let sheets = export(&file, "scoresheets", &d.join("scoresheets.html"));
    // the 编排记录表: every match with its four boards, the individual players, 局分 and 场分
    for want in [
        "第 1 轮（团体赛）",
        "日期：2026-11-28",
        "台次",
        "局分　2:2　　场分　1:1",
        "局分　3:1　　场分　2:0",
        "+:-",
        "½:½",
    ] {
        assert!(record.contains(want), "record lacks {want}");
    }
    for (team, members) in TEAMS {
        assert!(record.contains(team), "{team}");
        // team 1 plays 1,2,3,5: 崔岩 (4) sits out
        for (i, m) in members.iter().enumerate() {
            let plays = if team == TEAMS[0].0 {
                [0, 1, 2, 4].contains(&i)
            } else {
                i < 4
            };
            assert_eq!(record.contains(m), plays, "{team} {m}");
        }
    }
    // one 计分单 per board: 2 matches × 4 boards, each with its match, board and date
    assert_eq!(
        sheets.matches("<p class=\"heading\">").count(),
        8,
        "{sheets}"
    );
    for m in 1..=2 {
        for b in 1..=4 {
            assert!(
                sheets.contains(&format!("第 1 轮　第 {m} 场　第 {b} 台　2026-11-28")),
                "sheet {m}/{b}"
            );
        }
    }
    assert!(sheets.contains("张申宏") && !sheets.contains("崔岩"));
    // the text export of the record is the same model
    let text = ok(&["event", "export", &file, "--format", "record"]);
    assert!(
        text.contains("第 1 场") && text.contains("张申宏") && text.contains("日期：2026-11-28")
    );

    // the desk: the print view is the CLI's document; the page shows the same cells
    let srv = serve(d);
    for (form, cli, page) in [
        ("record", &record, "round/1"),
        ("scoresheets", &sheets, "round/1/scoresheets"),
    ] {
        let print = get(&srv.1, &format!("/e/team.toml/print/{form}?round=1"));
        assert_eq!(
            &print, cli,
            "{form}: the desk's print view differs from the CLI's"
        );
        if form == "scoresheets" {
            let shown = get(&srv.1, &format!("/e/team.toml/{page}"));
            for c in td_cells(cli).iter().filter(|c| !c.is_empty()) {
                assert!(shown.contains(c.as_str()), "{form}: the desk lacks {c}");
            }
        }
    }
    // the round page's caption carries the round's date, not the day it is shown
    let round = get(&srv.1, "/e/team.toml/round/1");
    assert!(round.contains("2026-11-28"), "{round}");
    drop(srv);

    printed_to_pdf(d, &record, &sheets);
}

/// Prints both forms with headless Chromium and reads the PDF text back.
fn printed_to_pdf(dir: &Path, record: &str, sheets: &str) {
    if !chromium_or_skip("team_forms") {
        return;
    }
    for (form, html) in [("record", record), ("scoresheets", sheets)] {
        let h = dir.join(format!("print-{form}.html"));
        std::fs::write(&h, html).unwrap();
        let pages: Vec<String> = pdf_pages(dir, &h)
            .into_iter()
            .map(|p| p.chars().filter(|c| !c.is_whitespace()).collect())
            .collect();
        let m = pages.len();
        for (i, p) in pages.iter().enumerate() {
            assert!(
                p.contains(&format!("第{}页共{m}页", i + 1)),
                "{form} page {}: {p}",
                i + 1
            );
        }
        let all = pages.concat();
        for name in ["宋国强", "张申宏", "蒋川", "谢靖", "许银川", "郑惟桐"] {
            assert!(all.contains(name), "{form}: the PDF lacks {name}");
        }
        assert!(all.contains("第1轮"), "{form}");
        if form == "scoresheets" {
            for b in 1..=4 {
                assert!(all.contains(&format!("第{b}台")), "{form}: board {b}");
            }
        } else {
            assert!(all.contains("台次") && all.contains("场分"), "{form}");
        }
    }
}
