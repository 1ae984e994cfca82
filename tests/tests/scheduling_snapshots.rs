//! Snapshots of the printed 编排记录表 and 成绩表 for a small event.

use xiangqi::event::{Edit, Event};
use xiangqi::forms::Form;
use xiangqi::scheduling::EventConfig;

fn small_event() -> Event {
    let entrants = [
        ("王天一", "杭州"),
        ("郑惟桐", "成都"),
        ("许银川", "广东"),
        ("赵鑫鑫", "浙江"),
        ("孟辰", "四川"),
    ]
    .iter()
    .map(|(n, c)| (n.to_string(), c.to_string()))
    .collect();
    let mut ev = Event::new(
        "测试赛",
        "cn-1987",
        EventConfig::default(),
        entrants,
        7,
        Some(3),
        true,
    )
    .unwrap();
    let results = [["1-0", "="], ["0-1", "1-0"], ["=", "1-0"]];
    for (r, res) in results.iter().enumerate() {
        Edit::new(&mut ev).pair().unwrap();
        for (b, s) in res.iter().enumerate() {
            Edit::new(&mut ev)
                .enter_result(
                    r as u32 + 1,
                    b as u32 + 1,
                    s,
                    (None, Some(u32::from(b == 1))),
                    false,
                )
                .unwrap();
        }
    }
    ev
}

#[test]
fn pairing_record_and_results_table() {
    let ev = small_event();
    let st = ev.standings(None);
    insta::assert_snapshot!(
        "pairing_record_round_3",
        Form::Record.text(&ev, &st, Some(3)).unwrap()
    );
    insta::assert_snapshot!("results_table", Form::Table.text(&ev, &st, None).unwrap());
}
