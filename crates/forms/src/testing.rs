//! The events the tests print.

use xiangqi_event::{Edit, Event};
use xiangqi_scheduling::{EventConfig, PointSystem};

/// A hand-made 4-player, 3-round Swiss event: round 1 `1-0` and a forfeit `-+`; round 2
/// a draw and `1-0`; round 3 paired, no results. Players are 甲 乙 丙 丁 of 单位 A B C D.
pub(crate) fn four() -> Event {
    let players = [
        ("甲", "中国火车头体育协会"),
        ("乙", "B"),
        ("丙", "C"),
        ("丁", "D"),
    ]
    .map(|(n, c)| (n.to_string(), c.to_string()))
    .to_vec();
    let mut ev = Event::new(
        "测试赛",
        "cn-1987",
        EventConfig {
            points: PointSystem::TwoOneZero,
            ..Default::default()
        },
        players,
        7,
        Some(3),
        false,
    )
    .unwrap();
    let r = Edit::new(&mut ev).pair().unwrap();
    Edit::new(&mut ev)
        .enter_result(r, 1, "1-0", (None, None), false)
        .unwrap();
    Edit::new(&mut ev)
        .enter_result(r, 2, "-+", (None, None), false)
        .unwrap();
    let r = Edit::new(&mut ev).pair().unwrap();
    Edit::new(&mut ev)
        .enter_result(r, 1, "=", (None, None), false)
        .unwrap();
    Edit::new(&mut ev)
        .enter_result(r, 2, "1-0", (None, None), false)
        .unwrap();
    Edit::new(&mut ev).pair().unwrap();
    ev
}
