//! Time controls (时限): stages of moves in a time, increment (加秒), sudden death, the late
//! forfeit limit; the `[time_control]` table of a ruleset and the command line's `SPEC`.

use serde::{Deserialize, Serialize};
use xiangqi_rules::{Location, Ruleset, RulesetError};

/// One stage of a time control: `moves` moves (each side) in `minutes` minutes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stage {
    /// Moves each side must complete within the stage; `None` = the rest of the game (sudden
    /// death). Only the last stage may be `None`.
    #[serde(default)]
    pub moves: Option<u32>,
    /// Minutes added to each side's clock for the stage (the first stage's are the starting
    /// time).
    pub minutes: u32,
    /// The stage repeats for the rest of the game (seed 003: "以后每 30分钟 必须走满20着").
    /// Only the last stage may repeat.
    #[serde(default)]
    pub repeat: bool,
}

/// A time control (时限): its stages, increment and late forfeit limit.
///
/// Time not used in a stage carries over to the next (seed 003 only forbids carrying *moves*
/// over: "每一个时段内都可以多走着数,但却不能挪到下一个时段内累计" — a move made early in a
/// stage does not count towards the next stage's quota, which is how stages are counted here:
/// by each side's own move number, 40, 60, 80 …).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TimeControl {
    /// The stages in order (at least one).
    pub stages: Vec<Stage>,
    /// Seconds added to the mover's clock after each of his moves (加秒); 0 for none.
    pub increment_seconds: u32,
    /// A player later than this many minutes loses the game (1987 rules ch.1 §4 一(五):
    /// "一般定为十五分钟"). Default 15.
    pub late_forfeit_minutes: u32,
}

/// Why a time control cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// A `SPEC` or preset name that is not valid.
    #[error("time control `{spec}`: {message}")]
    Spec {
        /// The text given.
        spec: String,
        /// What is wrong.
        message: String,
    },
    /// The ruleset's `[time_control]` table is not valid.
    #[error("{at}: {message}")]
    Table {
        /// Where.
        at: Location,
        /// What.
        message: String,
    },
}

/// The preset names, in the order listed in help texts.
pub const PRESETS: &[&str] = &["classical", "rapid", "blitz"];

impl TimeControl {
    /// Seed 003's classical control: 90 minutes for the first 40 moves, then 30 minutes for
    /// every 20 moves; no increment; 15 minutes' late limit.
    pub fn classical() -> TimeControl {
        TimeControl {
            stages: vec![
                Stage {
                    moves: Some(40),
                    minutes: 90,
                    repeat: false,
                },
                Stage {
                    moves: Some(20),
                    minutes: 30,
                    repeat: true,
                },
            ],
            increment_seconds: 0,
            late_forfeit_minutes: 15,
        }
    }

    /// Rapid (快棋): 25 minutes for the game plus 10 seconds per move (xq's choice; the seeds
    /// name no rapid control).
    pub fn rapid() -> TimeControl {
        TimeControl::sudden_death(25, 10)
    }

    /// Blitz (超快棋): 5 minutes for the game plus 3 seconds per move (xq's choice).
    pub fn blitz() -> TimeControl {
        TimeControl::sudden_death(5, 3)
    }

    /// `minutes` for the whole game plus `increment_seconds` per move.
    pub fn sudden_death(minutes: u32, increment_seconds: u32) -> TimeControl {
        TimeControl {
            stages: vec![Stage {
                moves: None,
                minutes,
                repeat: false,
            }],
            increment_seconds,
            late_forfeit_minutes: 15,
        }
    }

    /// A preset by name (`classical`, `rapid`, `blitz`).
    pub fn preset(name: &str) -> Option<TimeControl> {
        match name {
            "classical" => Some(TimeControl::classical()),
            "rapid" => Some(TimeControl::rapid()),
            "blitz" => Some(TimeControl::blitz()),
            _ => None,
        }
    }

    /// A preset name or a `SPEC`: stages separated by `,`, each `MOVES/MINUTES` or (last
    /// only) `MINUTES` for sudden death; a `*` after the last `MOVES/MINUTES` repeats it; a
    /// final `+SECONDS` is the increment; a final `;late=MINUTES` the late limit.
    /// `classical` = `40/90,20/30*`, `rapid` = `25+10`, `blitz` = `5+3`.
    pub fn parse(spec: &str) -> Result<TimeControl, TimeControlError> {
        if let Some(tc) = TimeControl::preset(spec.trim()) {
            return Ok(tc);
        }
        let err = |message: String| TimeControlError::Spec {
            spec: spec.to_string(),
            message,
        };
        let (body, late) = match spec.trim().split_once(";late=") {
            Some((b, l)) => (
                b,
                l.parse::<u32>()
                    .map_err(|_| err(format!("late limit `{l}` is not a number of minutes")))?,
            ),
            None => (spec.trim(), 15),
        };
        let (stages_text, inc) = match body.split_once('+') {
            Some((s, i)) => (
                s,
                i.parse::<u32>()
                    .map_err(|_| err(format!("increment `{i}` is not a number of seconds")))?,
            ),
            None => (body, 0),
        };
        if stages_text.is_empty() {
            return Err(err(format!(
                "expected a preset ({}) or stages such as 40/90,20/30*",
                PRESETS.join(", ")
            )));
        }
        let mut stages = Vec::new();
        let parts: Vec<&str> = stages_text.split(',').collect();
        for (i, part) in parts.iter().enumerate() {
            let last = i + 1 == parts.len();
            let (part, repeat) = match part.strip_suffix('*') {
                Some(p) => (p, true),
                None => (*part, false),
            };
            let num = |t: &str, what: &str| {
                t.trim()
                    .parse::<u32>()
                    .map_err(|_| err(format!("{what} `{t}` is not a whole number")))
            };
            let stage = match part.split_once('/') {
                Some((m, t)) => Stage {
                    moves: Some(num(m, "moves")?),
                    minutes: num(t, "minutes")?,
                    repeat,
                },
                None => Stage {
                    moves: None,
                    minutes: num(part, "minutes")?,
                    repeat,
                },
            };
            stages.push(stage);
            if !last && (stage.moves.is_none() || repeat) {
                return Err(err(
                    "only the last stage may be sudden death or repeat".into()
                ));
            }
        }
        let tc = TimeControl {
            stages,
            increment_seconds: inc,
            late_forfeit_minutes: late,
        };
        tc.check().map_err(err)?;
        Ok(tc)
    }

    fn check(&self) -> Result<(), String> {
        if self.stages.is_empty() {
            return Err("no stage".into());
        }
        for (i, s) in self.stages.iter().enumerate() {
            let last = i + 1 == self.stages.len();
            if s.moves == Some(0) {
                return Err(format!("stage {}: 0 moves", i + 1));
            }
            if s.moves.is_none() && s.repeat {
                return Err(format!(
                    "stage {}: a sudden-death stage cannot repeat",
                    i + 1
                ));
            }
            if !last && (s.moves.is_none() || s.repeat) {
                return Err("only the last stage may be sudden death or repeat".into());
            }
        }
        if self.stages[0].minutes == 0 && self.increment_seconds == 0 {
            return Err("the first stage has no time".into());
        }
        Ok(())
    }

    /// The canonical `SPEC` (as [`TimeControl::parse`] reads it).
    pub fn spec(&self) -> String {
        let mut s = self
            .stages
            .iter()
            .map(|st| match st.moves {
                Some(m) => format!("{m}/{}{}", st.minutes, if st.repeat { "*" } else { "" }),
                None => st.minutes.to_string(),
            })
            .collect::<Vec<_>>()
            .join(",");
        if self.increment_seconds > 0 {
            s.push_str(&format!("+{}", self.increment_seconds));
        }
        if self.late_forfeit_minutes != 15 {
            s.push_str(&format!(";late={}", self.late_forfeit_minutes));
        }
        s
    }

    /// Seconds on each clock at the start.
    pub fn start_seconds(&self) -> i64 {
        i64::from(self.stages[0].minutes) * 60
    }

    /// The stage (0-based index into [`TimeControl::stages`], a repeating stage counting
    /// once) a side is in after `moves_made` of its own moves, with the move number by which
    /// that stage's quota must be complete (`None`: sudden death).
    pub fn stage_at(&self, moves_made: u32) -> (usize, Option<u32>) {
        let mut done = 0u32;
        for (i, st) in self.stages.iter().enumerate() {
            let Some(m) = st.moves else {
                return (i, None);
            };
            if st.repeat {
                // the stage number counts repeats: stage i, i+1, … all share index i
                let k = (moves_made.saturating_sub(done)) / m;
                return (i, Some(done + (k + 1) * m));
            }
            if moves_made < done + m {
                return (i, Some(done + m));
            }
            done += m;
        }
        (self.stages.len() - 1, None)
    }

    /// The control period a side is in after `moves_made` moves, counting repeats: 1 for the
    /// first 40 moves of the classical control, 2 for moves 41–60, 3 for 61–80 …
    pub fn period_at(&self, moves_made: u32) -> u32 {
        let mut done = 0u32;
        for (i, st) in self.stages.iter().enumerate() {
            let Some(m) = st.moves else {
                return i as u32 + 1;
            };
            if st.repeat {
                return i as u32 + 1 + moves_made.saturating_sub(done) / m;
            }
            if moves_made < done + m {
                return i as u32 + 1;
            }
            done += m;
        }
        self.stages.len() as u32
    }

    /// Seconds added to a side's clock when it completes its `moves_made`-th move: the next
    /// stage's time when that move completes a stage's quota, plus the increment.
    pub fn added_after(&self, moves_made: u32) -> i64 {
        let mut add = i64::from(self.increment_seconds);
        let mut done = 0u32;
        for (i, st) in self.stages.iter().enumerate() {
            let Some(m) = st.moves else { break };
            if st.repeat {
                if moves_made > done && (moves_made - done).is_multiple_of(m) {
                    add += i64::from(st.minutes) * 60;
                }
                break;
            }
            done += m;
            if moves_made == done {
                if let Some(next) = self.stages.get(i + 1) {
                    add += i64::from(next.minutes) * 60;
                }
                break;
            }
            if moves_made < done {
                break;
            }
        }
        add
    }

    /// The `[time_control]` table of a ruleset, if it has one. Errors point at the offending
    /// key or value of the ruleset file.
    pub fn from_ruleset(ruleset: &Ruleset) -> Result<Option<TimeControl>, TimeControlError> {
        if ruleset.time_control.is_none() {
            return Ok(None);
        }
        let table = |e: RulesetError| match e {
            RulesetError::Invalid { at, message } => TimeControlError::Table { at, message },
            other => TimeControlError::Table {
                at: ruleset.location(0),
                message: other.to_string(),
            },
        };
        let Some(t) = ruleset.section::<Table>("time_control").map_err(table)? else {
            return Ok(None);
        };
        let at = ruleset
            .time_control_location()
            .unwrap_or_else(|| ruleset.location(0));
        let tc = t
            .into_control()
            .map_err(|message| TimeControlError::Table {
                at: at.clone(),
                message,
            })?;
        Ok(Some(tc))
    }
}

/// The `[time_control]` table as written in a ruleset file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Table {
    #[serde(default)]
    preset: Option<String>,
    #[serde(default)]
    spec: Option<String>,
    #[serde(default)]
    stages: Option<Vec<Stage>>,
    #[serde(default)]
    increment_seconds: Option<u32>,
    #[serde(default)]
    late_forfeit_minutes: Option<u32>,
}

impl Table {
    fn into_control(self) -> Result<TimeControl, String> {
        let given = [
            self.preset.is_some(),
            self.spec.is_some(),
            self.stages.is_some(),
        ]
        .iter()
        .filter(|&&b| b)
        .count();
        if given != 1 {
            return Err("[time_control]: give exactly one of `preset`, `spec` or `stages`".into());
        }
        let mut tc = if let Some(p) = self.preset {
            TimeControl::preset(&p).ok_or_else(|| {
                format!(
                    "[time_control]: unknown preset `{p}` (expected {})",
                    PRESETS.join(", ")
                )
            })?
        } else if let Some(s) = self.spec {
            TimeControl::parse(&s).map_err(|e| format!("[time_control]: {e}"))?
        } else {
            TimeControl {
                stages: self.stages.unwrap_or_default(),
                increment_seconds: 0,
                late_forfeit_minutes: 15,
            }
        };
        if let Some(i) = self.increment_seconds {
            tc.increment_seconds = i;
        }
        if let Some(l) = self.late_forfeit_minutes {
            tc.late_forfeit_minutes = l;
        }
        tc.check().map_err(|m| format!("[time_control]: {m}"))?;
        Ok(tc)
    }
}

/// Reads a clock reading `H:MM:SS` or `M:SS` (fractions of a second after `.` are dropped, as
/// a clock's display drops them) into whole seconds.
pub fn parse_clock(text: &str) -> Option<u32> {
    let t = text.trim();
    let t = t.split_once('.').map_or(t, |(w, _)| w);
    let parts: Vec<&str> = t.split(':').collect();
    let nums: Option<Vec<u32>> = parts.iter().map(|p| p.parse::<u32>().ok()).collect();
    let nums = nums?;
    match nums.as_slice() {
        [h, m, s] if *m < 60 && *s < 60 && parts[1].len() == 2 && parts[2].len() == 2 => {
            Some(h * 3600 + m * 60 + s)
        }
        [m, s] if *s < 60 && parts[1].len() == 2 => Some(m * 60 + s),
        _ => None,
    }
}

/// Writes whole seconds as `H:MM:SS` (negative values as 0:00:00).
pub fn format_clock(seconds: i64) -> String {
    let s = seconds.max(0);
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classical_stages_follow_seed_003() {
        let tc = TimeControl::classical();
        assert_eq!(tc.spec(), "40/90,20/30*");
        assert_eq!(TimeControl::parse("40/90,20/30*").unwrap(), tc);
        assert_eq!(tc.start_seconds(), 5400);
        assert_eq!(tc.stage_at(0), (0, Some(40)));
        assert_eq!(tc.stage_at(39), (0, Some(40)));
        assert_eq!(tc.stage_at(40), (1, Some(60)));
        assert_eq!(tc.stage_at(61), (1, Some(80)));
        assert_eq!(
            (tc.period_at(39), tc.period_at(40), tc.period_at(60)),
            (1, 2, 3)
        );
        assert_eq!(tc.added_after(39), 0);
        assert_eq!(tc.added_after(40), 1800);
        assert_eq!(tc.added_after(50), 0);
        assert_eq!(tc.added_after(60), 1800);
        assert_eq!(tc.added_after(80), 1800);
    }

    #[test]
    fn presets_and_specs() {
        assert_eq!(TimeControl::parse("rapid").unwrap().spec(), "25+10");
        assert_eq!(TimeControl::parse("5+3").unwrap(), TimeControl::blitz());
        let tc = TimeControl::parse("30/60,45;late=30").unwrap();
        assert_eq!(tc.late_forfeit_minutes, 30);
        assert_eq!(tc.added_after(30), 45 * 60);
        assert_eq!(tc.stage_at(31), (1, None));
        for bad in ["", "x", "40/90*,20/30", "90,40/30", "0/5", "40/90+x", "0"] {
            assert!(TimeControl::parse(bad).is_err(), "{bad}");
        }
    }

    fn ruleset(table: &str) -> Ruleset {
        let text = format!(
            "schema = 1\nid = \"t\"\nedition = \"cn-1987\"\ntitle = \"t\"\nsource = \"t\"\n\n{table}"
        );
        Ruleset::from_toml(&text, "t.toml").unwrap()
    }

    #[test]
    fn the_ruleset_table() {
        assert_eq!(TimeControl::from_ruleset(&ruleset("")).unwrap(), None);
        let rs = ruleset("[time_control]\npreset = \"classical\"\nlate_forfeit_minutes = 10\n");
        let tc = TimeControl::from_ruleset(&rs).unwrap().unwrap();
        assert_eq!(tc.spec(), "40/90,20/30*;late=10");
        let rs = ruleset(
            "[time_control]\nstages = [{ moves = 40, minutes = 90 }, { moves = 20, minutes = 30, repeat = true }]\n",
        );
        assert_eq!(
            TimeControl::from_ruleset(&rs).unwrap().unwrap(),
            TimeControl::classical()
        );
        let rs = ruleset("[time_control]\nspec = \"25+10\"\n");
        assert_eq!(
            TimeControl::from_ruleset(&rs).unwrap().unwrap(),
            TimeControl::rapid()
        );
        // an unknown key is located at the key
        let rs = ruleset("[time_control]\npreset = \"rapid\"\nincrement = 5\n");
        let e = TimeControl::from_ruleset(&rs).unwrap_err().to_string();
        assert!(e.starts_with("t.toml:9:1:"), "{e}");
        // two ways at once: located at the table
        let rs = ruleset("[time_control]\npreset = \"rapid\"\nspec = \"5+3\"\n");
        let e = TimeControl::from_ruleset(&rs).unwrap_err().to_string();
        assert!(
            e.starts_with("t.toml:7:1:") && e.contains("exactly one"),
            "{e}"
        );
    }

    #[test]
    fn clock_readings() {
        assert_eq!(parse_clock("1:23:45"), Some(5025));
        assert_eq!(parse_clock("0:00:00.9"), Some(0));
        assert_eq!(parse_clock("12:05"), Some(725));
        assert_eq!(parse_clock("1:60:00"), None);
        assert_eq!(parse_clock("1:5:00"), None);
        assert_eq!(format_clock(5025), "1:23:45");
        assert_eq!(format_clock(-3), "0:00:00");
    }
}
