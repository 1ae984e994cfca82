//! One model per form: for the same event, `xq event export --format html --form NAME` and the
//! desk (`xq serve`) carry **equal cells** — the desk's page shows the form's cells in its frame,
//! and its print view (`/e/FILE/print/NAME`) is byte for byte the CLI's document. Checked for a
//! Swiss (名次, 积分编排成绩表, 编排卡, 计分单, 积分编排表), a round robin (循环赛成绩表) and an
//! event in groups (group tables, the groups' 循环赛成绩表, 总名次) and a knockout (对阵表).

use std::path::Path;

mod common;
use common::desk::{Serving, get, serve};
use common::print::{play, xq_ok as ok};

fn new_event(dir: &Path, name: &str, players: u32, extra: &[&str]) -> String {
    let file = dir.join(name);
    let f = file.to_str().unwrap().to_string();
    let mut args: Vec<String> = [
        "event",
        "new",
        &f,
        "--name",
        "测试赛 <&>",
        "--ruleset",
        "cn-1987",
    ]
    .map(String::from)
    .to_vec();
    for i in 1..=players {
        args.push("--player".into());
        args.push(format!("棋手{i},单位{}", i % 3));
    }
    args.extend(extra.iter().map(|s| s.to_string()));
    ok(&args.iter().map(String::as_str).collect::<Vec<_>>());
    f
}

fn unescape(s: &str) -> String {
    s.replace("<br>", "\n")
        .replace("&#x2F;", "/")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#34;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// Every body row of `html` (rows holding `<td>`), as its cells' text.
fn cells(html: &str) -> Vec<Vec<String>> {
    html.split("<tr")
        .skip(1)
        .map(|row| {
            let row = &row[..row.find("</tr>").unwrap_or(row.len())];
            row.split("<td")
                .skip(1)
                .map(|cell| {
                    let text = &cell[cell.find('>').unwrap() + 1..];
                    unescape(&text[..text.find("</td>").unwrap_or(text.len())])
                })
                .collect::<Vec<String>>()
        })
        .filter(|r| !r.is_empty())
        .collect()
}

/// The part of a desk page that shows form `form`.
fn desk_form<'a>(page: &'a str, form: &str) -> &'a str {
    let at = page
        .find(&format!("data-form=\"{form}\""))
        .unwrap_or_else(|| panic!("the desk page shows no {form}"));
    let end = page[at..].find("</section>").map_or(page.len(), |e| at + e);
    &page[at..end]
}

/// The CLI's form `form` and the desk's (page `page`): equal cells, and the desk's print view
/// is the CLI's document.
fn same(dir: &Path, srv: &Serving, file: &str, id: &str, form: &str, page: &str, round: &str) {
    let out = dir.join(format!("{form}.html"));
    let mut args = vec![
        "event",
        "export",
        file,
        "--format",
        "html",
        "--form",
        form,
        "-o",
        out.to_str().unwrap(),
    ];
    if !round.is_empty() {
        args.extend(["--round", round]);
    }
    ok(&args);
    let cli = std::fs::read_to_string(&out).unwrap();
    let desk = get(&srv.1, &format!("/e/{id}/{page}"));
    let cli_cells = cells(&cli);
    assert!(!cli_cells.is_empty(), "{form}: no cells");
    assert_eq!(cells(desk_form(&desk, form)), cli_cells, "{form}");
    let print = if round.is_empty() {
        format!("/e/{id}/print/{form}")
    } else {
        format!("/e/{id}/print/{form}?round={round}")
    };
    assert!(desk.contains(&print), "{form}: no link to {print}");
    assert_eq!(get(&srv.1, &print), cli, "{form}: the print view");
}

#[test]
fn the_cli_and_the_desk_print_equal_cells_for_every_form() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let swiss = new_event(d, "swiss.toml", 9, &["--system", "swiss", "--rounds", "3"]);
    play(&swiss, d, 3, false);
    let rr = new_event(d, "rr.toml", 5, &["--system", "round-robin"]);
    play(&rr, d, 5, false);
    let groups = new_event(
        d,
        "groups.toml",
        8,
        &["--system", "groups", "--groups", "2", "--advance", "2"],
    );
    play(&groups, d, 8, false);
    let ko = new_event(d, "ko.toml", 6, &["--system", "knockout"]);
    play(&ko, d, 6, true);
    let srv = serve(d);
    for (form, page) in [
        ("standings", "standings"),
        ("table", "standings"),
        ("cards", "cards"),
        ("points-table", "points-table"),
    ] {
        same(d, &srv, &swiss, "swiss.toml", form, page, "");
    }
    same(
        d,
        &srv,
        &swiss,
        "swiss.toml",
        "scoresheets",
        "round/2/scoresheets",
        "2",
    );
    same(d, &srv, &rr, "rr.toml", "table", "standings", "");
    let page = get(&srv.1, "/e/rr.toml/standings");
    assert!(desk_form(&page, "table").contains("循环赛成绩表"));
    for form in ["groups", "groups-cross", "overall"] {
        same(d, &srv, &groups, "groups.toml", form, "standings", "");
    }
    same(d, &srv, &ko, "ko.toml", "bracket", "bracket", "");
    let page = get(&srv.1, "/e/ko.toml/bracket");
    let table = desk_form(&page, "bracket");
    assert!(
        table.contains("冠军：") && table.contains("轮空"),
        "{table}"
    );
    assert!(!page.contains("3rd") && !page.contains("GF2"));
    // the group tables carry the chain's columns (小分 for cn-1987 groups)
    let page = get(&srv.1, "/e/groups.toml/standings");
    assert!(desk_form(&page, "groups").contains("A组"));
}
