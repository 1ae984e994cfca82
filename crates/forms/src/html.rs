//! Print-ready HTML of any [`Sheet`]: A4 (`@page`, 10 mm margins), portrait or landscape as the
//! form's layout says, one `<section>` per printed page with the title, the caption and the
//! column heads repeated (a `<thead>`, also a table-header-group should a page still overflow)
//! and `第 N 页 共 M 页` at its foot.
//!
//! Pages are counted here, from the layout's rows (or blocks) per page, not by the browser:
//! Chromium prints neither CSS page-margin boxes nor a total-pages counter, so a computed count
//! is the only one that prints. The layouts are chosen so that a page's rows fit A4 (checked by
//! printing with headless Chromium: see the CLI's print tests).

use std::fmt::Write as _;

use crate::sheet::{Block, Head, Sheet};

/// Escapes text for HTML and SVG (text and quoted attribute values): every renderer of this
/// crate — the sheets, the 对阵图 — escapes through here, with the workspace's one escaper
/// (`xiangqi_diagram::escape_html`, which the position diagrams use too).
pub(crate) fn esc(t: &str) -> String {
    xiangqi_diagram::escape_html(t)
}

impl Sheet {
    /// The sheet as a print-ready A4 HTML document: one `<section>` per printed page with the
    /// title, the caption and the column heads repeated, `第 N 页 共 M 页` at its foot.
    pub fn html(&self) -> String {
        render(self)
    }
}

/// The whole HTML document of `sheet`.
pub(crate) fn render(sheet: &Sheet) -> String {
    render_with(sheet, &[])
}

/// The whole HTML document of `sheet`, after pages of `figures` (each page a list of heading
/// and SVG element) with the sheet's title and caption; a figure wider than the page is scaled
/// to its width (the 对阵图 before the 对阵表).
pub(crate) fn render_with(sheet: &Sheet, figures: &[Vec<(String, String)>]) -> String {
    let l = sheet.layout;
    let (w, h) = if l.landscape { (297, 210) } else { (210, 297) };
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"zh\"><head><meta charset=\"utf-8\"><title>{title}</title>\n<style>\n\
@page {{ size: A4 {orient}; margin: 10mm; }}\n\
* {{ box-sizing: border-box; }}\n\
html, body {{ margin: 0; padding: 0; }}\n\
body {{ font-family: \"Noto Sans CJK SC\", \"Source Han Sans SC\", \"WenQuanYi Micro Hei\", sans-serif; font-size: {font}pt; }}\n\
section.page {{ width: {pw}mm; height: {ph}mm; display: flex; flex-direction: column; break-after: page; page-break-after: always; }}\n\
section.page:last-of-type {{ break-after: auto; page-break-after: auto; }}\n\
h1 {{ font-size: {h1}pt; text-align: center; margin: 0 0 1mm; letter-spacing: 0.3em; }}\n\
p.caption {{ margin: 0 0 1.5mm; text-align: center; }}\n\
div.blocks {{ flex: 1 1 auto; }}\n\
div.blocks.grid {{ display: grid; grid-template-columns: {grid}; gap: 3mm 4mm; align-content: start; }}\n\
div.block {{ break-inside: avoid; }}\n\
p.heading {{ margin: 1mm 0 0.5mm; }}\n\
table {{ border-collapse: collapse; table-layout: fixed; width: 100%; }}\n\
thead {{ display: table-header-group; }}\n\
th, td {{ border: 0.3mm solid #000; padding: 0.3mm 0.6mm; text-align: center; vertical-align: middle; line-height: 1.15; overflow-wrap: anywhere; }}\n\
th {{ font-weight: bold; }}\n\
td.text {{ text-align: left; white-space: nowrap; overflow: hidden; }}\n\
table.board {{ width: auto; margin: 0 auto; }}\n\
table.board td {{ width: 12mm; height: 12mm; padding: 0; font-size: {board}pt; }}\n\
table.board th {{ width: 12mm; height: 6mm; }}\n\
tr.again th {{ font-weight: bold; }}\n\
p.note {{ margin: 1mm 0 0; }}\n\
p.sign {{ margin: 1.5mm 0 0; white-space: pre; }}\n\
footer {{ text-align: center; font-size: 8pt; margin-top: 1mm; }}\n\
div.figure {{ flex: 1 1 auto; min-height: 0; }}\n\
div.figure svg {{ display: block; max-width: 100%; height: auto; max-height: {fig}mm; margin-bottom: 3mm; }}\n\
</style></head><body>\n",
        title = esc(&sheet.title),
        orient = if l.landscape { "landscape" } else { "portrait" },
        font = l.font_pt,
        pw = w - 20,
        ph = h - 20 - 1,
        h1 = l.font_pt + 6.0,
        board = l.font_pt + 4.0,
        fig = h - 20 - 30,
        grid = if sheet.long_table || l.per_page <= 6 {
            "1fr"
        } else {
            "1fr 1fr"
        },
    );
    let pages = figures.len() + sheet.pages();
    for (p, page) in figures.iter().enumerate() {
        out.push_str("<section class=\"page\">\n");
        let _ = writeln!(out, "<h1>{}</h1>", esc(&sheet.title));
        for c in &sheet.caption {
            let _ = writeln!(out, "<p class=\"caption\">{}</p>", esc(c));
        }
        out.push_str("<div class=\"figure\">\n");
        for (heading, svg) in page {
            if !heading.is_empty() {
                let _ = writeln!(out, "<p class=\"heading\">{}</p>", esc(heading));
            }
            let _ = writeln!(out, "{svg}");
        }
        let _ = writeln!(
            out,
            "</div>\n<footer>第 {} 页 共 {pages} 页</footer>\n</section>",
            p + 1
        );
    }
    let first = figures.len();
    let chunks: Vec<Vec<Block>> = if sheet.long_table {
        let b = sheet.blocks.first().cloned().unwrap_or(Block {
            heading: String::new(),
            head: Vec::new(),
            rows: Vec::new(),
            foot: Vec::new(),
        });
        let per = l.per_page.max(1);
        (0..pages - first)
            .map(|p| {
                vec![Block {
                    rows: b.rows.iter().skip(p * per).take(per).cloned().collect(),
                    ..b.clone()
                }]
            })
            .collect()
    } else {
        let per = l.per_page.max(1);
        (0..pages - first)
            .map(|p| {
                sheet
                    .blocks
                    .iter()
                    .skip(p * per)
                    .take(per)
                    .cloned()
                    .collect()
            })
            .collect()
    };
    for (p, blocks) in chunks.iter().enumerate() {
        out.push_str("<section class=\"page\">\n");
        let _ = writeln!(out, "<h1>{}</h1>", esc(&sheet.title));
        for c in &sheet.caption {
            let _ = writeln!(out, "<p class=\"caption\">{}</p>", esc(c));
        }
        let _ = writeln!(
            out,
            "<div class=\"blocks{}\">",
            if sheet.long_table { "" } else { " grid" }
        );
        for b in blocks {
            block(&mut out, sheet, b);
        }
        out.push_str("</div>\n");
        if first + p + 1 == pages {
            for n in &sheet.notes {
                let class =
                    if n.contains('：') && n.trim_end().ends_with('：') || n.contains("长：") {
                        "sign"
                    } else {
                        "note"
                    };
                let _ = writeln!(out, "<p class=\"{class}\">{}</p>", esc(n));
            }
        }
        let _ = writeln!(
            out,
            "<footer>第 {} 页 共 {pages} 页</footer>\n</section>",
            first + p + 1
        );
    }
    out.push_str("</body></html>\n");
    out
}

fn block(out: &mut String, sheet: &Sheet, b: &Block) {
    out.push_str("<div class=\"block\">\n");
    if !b.heading.is_empty() {
        let _ = writeln!(out, "<p class=\"heading\">{}</p>", esc(&b.heading));
    }
    // the 封棋图 is a board: square cells of its own size, not the page's width
    let board = b.heading.starts_with(crate::sheet::DIAGRAM);
    out.push_str(if board {
        "<table class=\"board\">"
    } else {
        "<table>"
    });
    if !sheet.widths.is_empty() && !board {
        let total: f32 = sheet.widths.iter().sum();
        out.push_str("<colgroup>");
        for w in &sheet.widths {
            let _ = write!(out, "<col style=\"width:{:.2}%\">", w / total * 100.0);
        }
        out.push_str("</colgroup>");
    }
    out.push_str("\n<thead>");
    for line in &b.head {
        out.push_str("<tr>");
        for h in line {
            head_cell(out, h);
        }
        out.push_str("</tr>");
    }
    out.push_str("</thead>\n<tbody>\n");
    let first_head = b
        .head
        .first()
        .and_then(|l| l.first())
        .map(|h| h.text.as_str());
    for r in &b.rows {
        // a body line repeating the head's first cell (a long 编排卡's further 轮次 line) is a
        // head line
        if !r.is_empty() && first_head == Some(r[0].as_str()) {
            out.push_str("<tr class=\"again\">");
            for c in r {
                let _ = write!(out, "<th>{}</th>", esc(c));
            }
            out.push_str("</tr>\n");
            continue;
        }
        out.push_str("<tr>");
        for (i, c) in r.iter().enumerate() {
            // 单位 and 姓名 columns (the wide ones) are text: left-aligned, one line
            let text = sheet.widths.get(i).is_some_and(|w| *w >= 12.0) && !c.contains('/');
            let cell = c.split('\n').map(esc).collect::<Vec<_>>().join("<br>");
            if text {
                let _ = write!(out, "<td class=\"text\">{cell}</td>");
            } else {
                let _ = write!(out, "<td>{cell}</td>");
            }
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table>\n");
    for f in &b.foot {
        let _ = writeln!(out, "<p class=\"sign\">{}</p>", esc(f));
    }
    out.push_str("</div>\n");
}

fn head_cell(out: &mut String, h: &Head) {
    let mut attrs = String::new();
    if h.cols > 1 {
        let _ = write!(attrs, " colspan=\"{}\"", h.cols);
    }
    if h.rows > 1 {
        let _ = write!(attrs, " rowspan=\"{}\"", h.rows);
    }
    let _ = write!(out, "<th{attrs}>{}</th>", esc(&h.text));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::cards;
    use crate::pairing_record::pairing_record;
    use crate::results_table::results_table;
    use crate::testing::four;

    #[test]
    fn every_page_has_heads_and_its_number() {
        let ev = four();
        let mut sheet = results_table(&ev, &ev.standings(None)).sheet();
        sheet.layout.per_page = 3;
        assert_eq!(sheet.pages(), 2);
        let html = render(&sheet);
        assert!(html.contains("@page { size: A4 landscape; margin: 10mm; }"));
        assert_eq!(html.matches("<section class=\"page\">").count(), 2);
        assert_eq!(html.matches("<th rowspan=\"2\">名次</th>").count(), 2);
        assert!(html.contains("第 1 页 共 2 页") && html.contains("第 2 页 共 2 页"));
        // the signature lines come once, on the last page
        assert_eq!(html.matches("裁判长").count(), 1);
        assert!(html.rfind("裁判长").unwrap() > html.find("第 1 页 共 2 页").unwrap());
    }

    #[test]
    fn text_is_escaped_and_blocks_are_paged() {
        let mut ev = four();
        ev.players[0].name = "<b>&\"甲\"".into();
        let html = render(&cards(&ev).sheet());
        assert!(html.contains("&lt;b&gt;&amp;&quot;甲&quot;"));
        assert!(!html.contains("<b>&"));
        assert!(html.contains("第 1 页 共 1 页"));
        assert!(html.contains("size: A4 portrait"));
        let rec = render(&pairing_record(&ev, 1).unwrap().sheet());
        assert!(rec.contains("编排纪录公告") && rec.contains("上轮积分"));
    }
}
