//! The round's own date (比赛日期): the day a round is played, kept on the round in the event
//! file (`date = "2026-11-28"` under its `[[round]]`), set by `xq event pair --date` or the
//! desk's round page, and printed in the caption of the round's forms (编排记录表, 计分单) and of
//! the forms after it (成绩表, 名次 after round N) instead of the date of printing.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A calendar date `YYYY-MM-DD` (1970 or later), checked when made: `2026-02-30` is refused.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct RoundDate(String);

/// Why a text is not a date.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text:?}: expected a date YYYY-MM-DD (e.g. 2026-11-28)")]
pub struct BadDate {
    /// The text refused.
    pub text: String,
}

impl BadDate {
    /// The refusal in Chinese.
    pub fn zh(&self) -> String {
        format!("“{}”不是日期：应为 年-月-日，如 2026-11-28", self.text)
    }
}

impl FromStr for RoundDate {
    type Err = BadDate;

    fn from_str(s: &str) -> Result<RoundDate, BadDate> {
        let t = s.trim();
        let bad = || BadDate {
            text: s.to_string(),
        };
        let shaped = t.len() == 10
            && t.bytes().enumerate().all(|(i, b)| {
                if i == 4 || i == 7 {
                    b == b'-'
                } else {
                    b.is_ascii_digit()
                }
            });
        if !shaped {
            return Err(bad());
        }
        // the calendar (month lengths, leap years) is humantime's
        humantime::parse_rfc3339(&format!("{t}T00:00:00Z")).map_err(|_| bad())?;
        Ok(RoundDate(t.to_string()))
    }
}

impl TryFrom<String> for RoundDate {
    type Error = BadDate;

    fn try_from(s: String) -> Result<RoundDate, BadDate> {
        s.parse()
    }
}

impl From<RoundDate> for String {
    fn from(d: RoundDate) -> String {
        d.0
    }
}

impl fmt::Display for RoundDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl RoundDate {
    /// The date as `YYYY-MM-DD`.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_scheduling::{EventConfig, PointSystem};

    use crate::Event;

    /// A hand-made 4-player, 3-round Swiss event: round 1 `1-0` and a forfeit `-+`; round 2
    /// a draw and `1-0`; round 3 paired, no results. Players are 甲 乙 丙 丁 of 单位 A B C D.
    fn four() -> Event {
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
        let r = ev.pair_next().unwrap().round;
        ev.set_result(r, 1, "1-0", (None, None), false).unwrap();
        ev.set_result(r, 2, "-+", (None, None), false).unwrap();
        let r = ev.pair_next().unwrap().round;
        ev.set_result(r, 1, "=", (None, None), false).unwrap();
        ev.set_result(r, 2, "1-0", (None, None), false).unwrap();
        ev.pair_next().unwrap();
        ev
    }

    #[test]
    fn dates_are_checked_against_the_calendar() {
        for good in ["2026-11-28", "2024-02-29", "1987-01-01"] {
            assert_eq!(good.parse::<RoundDate>().unwrap().as_str(), good);
        }
        for bad in [
            "",
            "2026-11-31",
            "2026-02-29",
            "2026-13-01",
            "2026-00-10",
            "2026-1-28",
            "28.11.2026",
            "2026-11-28T10:00:00Z",
            "２０２６-11-28",
            "1900-01-01",
        ] {
            let e = bad.parse::<RoundDate>().unwrap_err();
            assert_eq!(e.text, bad);
            assert!(e.to_string().contains("expected a date YYYY-MM-DD"), "{e}");
            assert!(e.zh().contains("不是日期"), "{}", e.zh());
        }
    }

    #[test]
    fn the_date_is_kept_on_the_round_and_files_without_it_write_back_unchanged() {
        let mut ev = four();
        let plain = ev.to_toml();
        assert!(!plain.contains("date ="), "{plain}");
        assert_eq!(Event::from_toml(&plain).unwrap().to_toml(), plain);
        assert_eq!(ev.round_date(2), None);
        assert_eq!(ev.caption_date(2), None);
        let d: RoundDate = "2026-11-28".parse().unwrap();
        assert!(ev.set_round_date(2, Some(d.clone())).unwrap());
        assert!(!ev.set_round_date(2, Some(d.clone())).unwrap());
        assert_eq!(ev.round_date(2), Some(&d));
        assert_eq!(ev.caption_date(2).as_deref(), Some("日期：2026-11-28"));
        let text = ev.to_toml();
        assert!(text.contains("date = \"2026-11-28\""), "{text}");
        let back = Event::from_toml(&text).unwrap();
        assert_eq!(back.round_date(2), Some(&d));
        assert_eq!(back.to_toml(), text);
        assert!(ev.set_round_date(4, Some(d.clone())).is_err());
        assert!(ev.set_round_date(0, Some(d)).is_err());
        assert!(ev.set_round_date(2, None).unwrap());
        assert_eq!(ev.to_toml(), plain);
        // a hand-written bad date is refused when the file is read, naming the text
        let broken = text.replace("2026-11-28", "2026-11-31");
        let e = Event::from_toml(&broken).unwrap_err().to_string();
        assert!(e.contains("2026-11-31"), "{e}");
    }
}
