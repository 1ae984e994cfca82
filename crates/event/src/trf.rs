//! FIDE TRF (TRF-2006 and TRF-16 player lines, as Swiss-Manager, Vega and bbpPairings write
//! them): [`export`] an event, [`import`] one into an event that `pair` continues and `check`
//! checks.
//!
//! Player record `001` (1-based columns): 5–8 pairing number, 15–47 name, 49–52 rating, 54–56
//! federation, 81–84 points, 86–89 rank, then per round a 10-column block from column 92:
//! opponent (4, `0000` = none), colour `w`/`b`/`-` (column 97), result (column 99). For xiangqi
//! `w` is red (先走). Headers read: `012` name, `XXR`/`142` total rounds, `BBW`/`BBD` point
//! values (2/1/0 scoring). Pairing numbers are 4 columns wide: an event of more than 9,999
//! players is refused ([`TrfError::TooMany`]) rather than written in a layout no reader takes.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use xiangqi_scheduling::EventConfig;
use xiangqi_scheduling::tiebreak::{CrosstableEntry, Standing};
use xiangqi_scheduling::{MatchResult, PointSystem};

use crate::document::{Event, EventError, FORMAT, Pairing, Player, Round};

/// The largest pairing number a TRF line holds (4 columns).
pub const MAX_TRF_NO: u32 = 9999;

/// Why a TRF file could not be written or read. Every message names the line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrfError {
    /// An event too large for TRF's 4-column pairing numbers.
    #[error(
        "TRF holds pairing numbers up to {MAX_TRF_NO} (4 columns); this event has pairing number {0}: export it as json or csv instead"
    )]
    TooMany(u32),
    /// A line that cannot be read.
    #[error("line {line}: {reason}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// A file with no player line.
    #[error("no player line (001) in its {lines} lines: not a TRF file")]
    NoPlayers {
        /// How many lines the file has.
        lines: usize,
    },
    /// The event built from the file is refused.
    #[error(transparent)]
    Event(#[from] EventError),
}

fn bad(line: usize, reason: impl Into<String>) -> TrfError {
    TrfError::Line {
        line,
        reason: reason.into(),
    }
}

/// The event as TRF: `012` name, `062` players, `XXR` rounds, `BBW`/`BBD` for 2/1/0 scoring,
/// one `001` line per player over the complete rounds (`w` = red, `b` = black; `U` = bye;
/// `+`/`-` forfeits; a round without a game left blank).
pub fn export(ev: &Event, st: &[Standing]) -> Result<String, TrfError> {
    if let Some(big) = ev
        .players
        .iter()
        .map(|p| p.no)
        .filter(|&n| n > MAX_TRF_NO)
        .max()
    {
        return Err(TrfError::TooMany(big));
    }
    let after = ev.complete_rounds();
    let ct = ev.crosstable(after);
    let rank: std::collections::HashMap<u32, u32> = st.iter().map(|s| (s.no, s.rank)).collect();
    let mut out = String::new();
    let _ = writeln!(out, "012 {}", ev.name);
    let _ = writeln!(out, "062 {}", ev.players.len());
    let _ = writeln!(out, "XXR {}", ev.rounds);
    if ev.config.points == PointSystem::TwoOneZero && ev.config.games_in_match() == 1 {
        out.push_str("BBW  2.0\nBBD  1.0\n");
    }
    for (i, &no) in ct.players.iter().enumerate() {
        let p = ev.player(no);
        let name: String = p
            .map_or(String::new(), |p| p.name.clone())
            .chars()
            .take(33)
            .collect();
        let mut line = format!("001 {no:>4}      {name:<33}");
        // columns 48–80: rating, federation, FIDE id, birth date
        match p.and_then(|p| p.rating).filter(|&r| r <= 9999) {
            Some(r) => {
                let _ = write!(line, " {r:>4}");
                line.push_str(&" ".repeat(28));
            }
            None => line.push_str(&" ".repeat(33)),
        }
        let pts = ct.score(i);
        let _ = write!(
            line,
            "{:>4.1} {:>4}",
            pts.as_f64(),
            rank.get(&no).copied().unwrap_or(0)
        );
        for k in 0..after as usize {
            let block = match &ct.entries[i][k] {
                CrosstableEntry::Game(g) => {
                    let opp = ct.players[g.opponent];
                    let col = if g.first { 'w' } else { 'b' };
                    let played = ev.paired[k]
                        .boards
                        .iter()
                        .find(|b| b.red == no || b.black == no)
                        .and_then(|b| b.result.as_deref())
                        .and_then(|s| MatchResult::parse(s).ok())
                        .is_some_and(|m| m.games.iter().any(|g| g.played()));
                    let res = match (g.verdict, played) {
                        (1, true) => '1',
                        (0, _) => '=',
                        (_, true) => '0',
                        (1, false) => '+',
                        (_, false) => '-',
                    };
                    format!("  {opp:>4} {col} {res}")
                }
                CrosstableEntry::Bye(_) => "  0000 - U".to_string(),
                CrosstableEntry::None => "          ".to_string(),
            };
            line.push_str(&block);
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    Ok(out)
}

/// One round block of a player line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Block {
    opponent: u32,
    colour: char,
    result: char,
}

/// Columns `from..to` (1-based, inclusive) of a line, by character; empty when short.
fn cols(chars: &[char], from: usize, to: usize) -> String {
    chars
        .iter()
        .skip(from - 1)
        .take(to + 1 - from)
        .collect::<String>()
}

/// Reads a TRF file into a new event of `config` (its pairing system set to the 积分编排制,
/// `swiss-cn`; 2/1/0 points when the file declares `BBW 2.0`/`BBD 1.0`): players with their
/// ratings and federations (as 单位), every round with its pairings, colours and results
/// (`1 0 =`, forfeits `+ -`, unrated `W D L`), the pairing-allocated or full-point bye (`U`,
/// `F`) as the round's bye, and a zero-point bye or an unpaired round (`Z`, blank) as a
/// requested bye. A half-point bye (`H`) is refused: an event here has none.
pub fn import(text: &str, ruleset: &str, config: EventConfig) -> Result<Event, TrfError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut config = config;
    config.pairing = xiangqi_scheduling::PairingSystemId("swiss-cn".into());
    let mut name = String::new();
    let mut total: Option<u32> = None;
    let (mut bbw, mut bbd) = (None, None);
    let mut players: BTreeMap<u32, (Player, Vec<Option<Block>>)> = BTreeMap::new();
    // the line each player's record is on, for messages about its rounds
    let mut line_of: BTreeMap<u32, usize> = BTreeMap::new();
    let mut lines = 0;
    for (i, raw) in text.lines().enumerate() {
        lines = i + 1;
        let line = i + 1;
        let raw = raw.trim_end_matches('\r');
        let chars: Vec<char> = raw.chars().collect();
        let code = cols(&chars, 1, 3);
        let rest = || cols(&chars, 5, chars.len().max(5)).trim().to_string();
        match code.as_str() {
            "012" => name = rest(),
            "XXR" | "142" => {
                let n: u32 = rest()
                    .split_whitespace()
                    .next()
                    .and_then(|s| s.parse().ok())
                    .ok_or_else(|| bad(line, format!("{code}: expected the number of rounds")))?;
                total = Some(n);
            }
            "BBW" => bbw = rest().parse::<f64>().ok(),
            "BBD" => bbd = rest().parse::<f64>().ok(),
            "001" => {
                let (p, blocks) = player_line(&chars, line)?;
                if let Some(first) = line_of.insert(p.no, line) {
                    return Err(bad(
                        line,
                        format!(
                            "pairing number {} appears twice (also on line {first})",
                            p.no
                        ),
                    ));
                }
                players.insert(p.no, (p, blocks));
            }
            _ => {}
        }
    }
    if players.is_empty() {
        return Err(TrfError::NoPlayers { lines });
    }
    if let (Some(w), Some(d)) = (bbw, bbd)
        && (w - 2.0).abs() < 1e-9
        && (d - 1.0).abs() < 1e-9
    {
        config.points = PointSystem::TwoOneZero;
    }
    let played = players
        .values()
        .map(|(_, b)| b.iter().rposition(Option::is_some).map_or(0, |k| k + 1))
        .max()
        .unwrap_or(0) as u32;
    let mut paired: Vec<Round> = Vec::new();
    for k in 0..played as usize {
        let round = k as u32 + 1;
        let mut round_rec = Round {
            round,
            bye: None,
            byes: Vec::new(),
            stage: None,
            playoff: None,
            manual: false,
            date: None,
            notes: Vec::new(),
            boards: Vec::new(),
        };
        let mut pairs: Vec<(u32, u32, Option<String>)> = Vec::new();
        let mut requested: Vec<u32> = Vec::new();
        for (&no, (_, blocks)) in &players {
            let at = line_of.get(&no).copied().unwrap_or(0);
            let block = blocks.get(k).copied().flatten();
            let Some(b) = block else {
                requested.push(no);
                continue;
            };
            if b.opponent == 0 {
                match b.result {
                    'U' | 'F' if round_rec.bye.is_none() => round_rec.bye = Some(no),
                    'U' | 'F' => round_rec.byes.push(no),
                    'H' => {
                        return Err(bad(
                            at,
                            format!(
                                "player {no} round {round}: a half-point bye (H); an event here has none"
                            ),
                        ));
                    }
                    _ => requested.push(no),
                }
                continue;
            }
            let other = players.get(&b.opponent).ok_or_else(|| {
                bad(
                    at,
                    format!(
                        "player {no} round {round}: opponent {} has no player line",
                        b.opponent
                    ),
                )
            })?;
            let ob = other.1.get(k).copied().flatten();
            if ob.map(|o| o.opponent) != Some(no) {
                return Err(bad(
                    at,
                    format!(
                        "round {round}: player {no} meets {} but {} does not meet {no}",
                        b.opponent, b.opponent
                    ),
                ));
            }
            // each pair once: from red's line (w), else from the smaller number
            let red_here = match b.colour {
                'w' | 'W' => true,
                'b' | 'B' => false,
                _ => no < b.opponent,
            };
            if !red_here {
                continue;
            }
            let result = match b.result {
                '1' | 'W' => Some("1-0"),
                '0' | 'L' => Some("0-1"),
                '=' | 'D' => Some("="),
                '+' => Some(if ob.is_some_and(|o| o.result == '+') {
                    // both claim the forfeit win: impossible
                    return Err(bad(
                        at,
                        format!("round {round}: {no} and {} both won by forfeit", b.opponent),
                    ));
                } else {
                    "+-"
                }),
                '-' if ob.is_some_and(|o| o.result == '-') => Some("--"),
                '-' => Some("-+"),
                ' ' => None,
                c => {
                    return Err(bad(
                        at,
                        format!(
                            "player {no} round {round}: result {c:?} (expected 1 0 = + - W D L)"
                        ),
                    ));
                }
            };
            pairs.push((no, b.opponent, result.map(String::from)));
        }
        // the board order of a Swiss round: the higher score first — here the file's order
        // of the red players' numbers, which every reader accepts
        for (red, black, result) in pairs {
            let mut p = Pairing::new(round_rec.boards.len() as u32 + 1, red, black);
            p.result = result;
            round_rec.boards.push(p);
        }
        for no in requested {
            if let Some((p, _)) = players.get_mut(&no) {
                p.bye_requests.push(round);
            }
        }
        paired.push(round_rec);
    }
    let rounds = total.unwrap_or(played).max(played);
    let ev = Event {
        format: Some(FORMAT),
        version: None,
        name: if name.is_empty() {
            "TRF import".into()
        } else {
            name
        },
        division: String::new(),
        ruleset: ruleset.to_string(),
        seed: 0,
        rounds,
        config,
        players: players.into_values().map(|(p, _)| p).collect(),
        stages: Vec::new(),
        paired,
        history: Vec::new(),
        end: None,
    };
    ev.validate()?;
    Ok(ev)
}

/// A `001` line: the player and the round blocks (`None` = blank, not paired).
fn player_line(chars: &[char], line: usize) -> Result<(Player, Vec<Option<Block>>), TrfError> {
    // the blank columns between fields: a field written wider than TRF-16's layout (a pairing
    // number over 9,999, a five-digit rating) shifts every later field, so it is refused where
    // it runs over rather than read shifted
    for (col, after) in [
        (4, "the record code 001 (columns 1–3)"),
        (
            9,
            "the pairing number (columns 5–8: TRF holds at most 9,999 players)",
        ),
        (48, "the name (columns 15–47)"),
        (53, "the rating (columns 49–52)"),
    ] {
        if let Some(c) = chars.get(col - 1).filter(|c| **c != ' ') {
            return Err(bad(
                line,
                format!(
                    "column {col}: {c:?} where a blank follows {after}: a widened or shifted field is not TRF-16's layout"
                ),
            ));
        }
    }
    let no: u32 = cols(chars, 5, 8)
        .trim()
        .parse()
        .map_err(|_| bad(line, "columns 5–8: expected the pairing number"))?;
    let name = cols(chars, 15, 47).trim().to_string();
    let rating = cols(chars, 49, 52)
        .trim()
        .parse::<u32>()
        .ok()
        .filter(|&r| r > 0);
    let club = cols(chars, 54, 56).trim().to_string();
    let mut blocks = Vec::new();
    let mut start = 92;
    while start <= chars.len() {
        let opp = cols(chars, start, start + 3);
        let colour = chars.get(start + 4).copied().unwrap_or(' ');
        let result = chars.get(start + 6).copied().unwrap_or(' ');
        let round = blocks.len() + 1;
        for col in [start + 4, start + 6] {
            if let Some(c) = chars.get(col - 1).filter(|c| **c != ' ') {
                return Err(bad(
                    line,
                    format!(
                        "round {round} (column {col}): {c:?} where a blank belongs (opponent in columns {start}–{}, colour {}, result {}): a widened or shifted field is not TRF-16's layout",
                        start + 3,
                        start + 5,
                        start + 7
                    ),
                ));
            }
        }
        if opp.trim().is_empty() && colour == ' ' && result == ' ' {
            blocks.push(None);
        } else {
            let opponent: u32 = if opp.trim().is_empty() {
                0
            } else {
                opp.trim().parse().map_err(|_| {
                    bad(
                        line,
                        format!("round {round} (column {start}): opponent {opp:?} is not a number"),
                    )
                })?
            };
            if !matches!(colour, 'w' | 'b' | 'W' | 'B' | '-' | ' ') {
                return Err(bad(
                    line,
                    format!(
                        "round {round} (column {}): colour {colour:?} (expected w, b or -)",
                        start + 4
                    ),
                ));
            }
            blocks.push(Some(Block {
                opponent,
                colour,
                result,
            }));
        }
        start += 10;
    }
    let player = Player {
        no,
        name: if name.is_empty() {
            format!("player {no}")
        } else {
            name
        },
        club,
        rating,
        withdrawn: None,
        bye_requests: Vec::new(),
        late: None,
        members: Vec::new(),
    };
    Ok((player, blocks))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHARED: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/tournaments/"
    );

    #[test]
    fn the_dutch_fixture_imports_with_its_rounds_colours_and_forfeits() {
        let Ok(text) = std::fs::read_to_string(format!("{SHARED}dutch24_full_7rounds.trf")) else {
            assert!(
                std::env::var("XQ_REQUIRE_SHARED").is_err(),
                "../shared is required (XQ_REQUIRE_SHARED) but dutch24_full_7rounds.trf is missing"
            );
            println!("NOTICE ../shared/data/tournaments absent: skipping");
            return;
        };
        let ev = import(&text, "", EventConfig::default()).unwrap();
        assert_eq!(ev.players.len(), 24);
        assert_eq!(ev.paired.len(), 7);
        assert_eq!(ev.rounds, 7);
        assert_eq!(ev.players[0].rating, Some(2517));
        // round 1, player 1 is black against 13 and wins
        let b = ev.paired[0].boards.iter().find(|b| b.black == 1).unwrap();
        assert_eq!((b.red, b.result.as_deref()), (13, Some("0-1")));
        // round 4: 7 (w +) beat 6 (b -) by forfeit
        let f = ev.paired[3].boards.iter().find(|b| b.red == 7).unwrap();
        assert_eq!((f.black, f.result.as_deref()), (6, Some("+-")));
        // every player in every round exactly once
        for r in &ev.paired {
            let n = r.boards.len() * 2 + usize::from(r.bye.is_some());
            assert_eq!(n, 24, "round {}", r.round);
        }
        // round trip: the export reads back to the same pairings
        let st = ev.standings(None);
        let out = export(&ev, &st).unwrap();
        let back = import(&out, "", EventConfig::default()).unwrap();
        assert_eq!(back.paired, ev.paired);
        assert_eq!(export(&back, &back.standings(None)).unwrap(), out);
    }

    #[test]
    fn a_cut_file_continues_with_pair() {
        let Ok(text) = std::fs::read_to_string(format!("{SHARED}dutch24_after_round6.trf")) else {
            assert!(std::env::var("XQ_REQUIRE_SHARED").is_err());
            println!("NOTICE ../shared/data/tournaments absent: skipping");
            return;
        };
        let mut ev = import(&text, "", EventConfig::default()).unwrap();
        assert_eq!((ev.paired.len(), ev.rounds), (6, 7));
        let r = ev.pair_next().unwrap();
        assert_eq!(r.boards.len(), 12);
    }

    #[test]
    fn garbage_is_refused_with_the_line() {
        let e = import("001 abcd      X\n", "", EventConfig::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1: columns 5–8: expected the pairing number"
        );
        assert_eq!(
            import("hello\n\n", "", EventConfig::default())
                .unwrap_err()
                .to_string(),
            "no player line (001) in its 2 lines: not a TRF file"
        );
    }

    /// A TRF-16 player line: number, name, rating, then (opponent, colour, result) blocks.
    fn line(no: u32, name: &str, rating: u32, blocks: &[(u32, char, char)]) -> String {
        let mut s = format!("001 {no:>4}      {name:<33} {rating:>4}");
        while s.chars().count() < 91 {
            s.push(' ');
        }
        for &(opp, colour, result) in blocks {
            s.push_str(&format!("{opp:>4} {colour} {result}  "));
        }
        s.trim_end().to_string()
    }

    #[test]
    fn a_widened_pairing_number_is_refused_at_its_column_not_read_shifted() {
        // as a writer that widens the number to five columns puts it
        let text = "012 Big\n001 10000      Test10000                         2000\n";
        let e = import(text, "", EventConfig::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 2: column 9: '0' where a blank follows the pairing number (columns 5–8: TRF holds at most 9,999 players): a widened or shifted field is not TRF-16's layout"
        );
        // a five-digit opponent in a round block
        let mut l = line(1, "A", 2000, &[]);
        l.push_str(&" ".repeat(91 - l.chars().count()));
        l.push_str("10000 w 1");
        let e = import(
            &format!("{}\n{l}\n", line(2, "B", 1900, &[])),
            "",
            EventConfig::default(),
        )
        .unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 2: round 1 (column 96): '0' where a blank belongs"),
            "{e}"
        );
    }

    #[test]
    fn errors_about_rounds_name_the_line_of_the_player() {
        let text = [
            line(1, "A", 2000, &[(2, 'w', '1')]),
            line(2, "B", 1900, &[(3, 'b', '0')]),
            line(3, "C", 1800, &[(0, '-', 'H')]),
        ]
        .join("\n");
        let e = import(&text, "", EventConfig::default()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1: round 1: player 1 meets 2 but 2 does not meet 1"
        );
        let text = [
            line(1, "A", 2000, &[(0, '-', 'U')]),
            line(2, "B", 1900, &[(0, '-', 'H')]),
        ]
        .join("\n");
        let e = import(&text, "", EventConfig::default()).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("line 2: player 2 round 1: a half-point bye"),
            "{e}"
        );
        let dup = [line(1, "A", 2000, &[]), line(1, "B", 1900, &[])].join("\n");
        assert_eq!(
            import(&dup, "", EventConfig::default())
                .unwrap_err()
                .to_string(),
            "line 2: pairing number 1 appears twice (also on line 1)"
        );
    }

    proptest::proptest! {
        /// Any pairing number is read as written (1–9,999) or refused naming a line and a
        /// column; never read shifted.
        #[test]
        fn pairing_numbers_are_read_as_written_or_refused_with_line_and_column(
            no in 1u32..200_000,
            rating in 0u32..30_000,
        ) {
            let other = if no == 1 { 2 } else { 1 };
            let text = format!(
                "012 T\n001 {no:>4}      Test{no:<29} {rating:>4}\n{}\n",
                line(other, "Other", 1500, &[])
            );
            match import(&text, "", EventConfig::default()) {
                Ok(ev) => {
                    proptest::prop_assert!(no <= MAX_TRF_NO && rating < 10_000);
                    let p = ev.players.iter().find(|p| p.no == no).unwrap();
                    proptest::prop_assert_eq!(p.rating, Some(rating).filter(|&r| r > 0));
                    proptest::prop_assert_eq!(p.club.as_str(), "");
                }
                Err(e) => {
                    let e = e.to_string();
                    proptest::prop_assert!(no > MAX_TRF_NO || rating >= 10_000, "{}", e);
                    proptest::prop_assert!(e.starts_with("line 2: column "), "{}", e);
                }
            }
        }

        /// Garbage never panics, and every refusal names a line.
        #[test]
        fn garbage_lines_are_refused_with_a_line(
            lines in proptest::collection::vec("(001|012|XXR)?[ 0-9a-zA-Z=+-]{0,120}", 0..6)
        ) {
            if let Err(e) = import(&lines.join("\n"), "", EventConfig::default()) {
                let e = e.to_string();
                proptest::prop_assert!(e.starts_with("line ") || e.starts_with("no player line") || !e.contains("line 0"), "{}", e);
                proptest::prop_assert!(!e.contains("line 0"), "{}", e);
            }
        }
    }
}
