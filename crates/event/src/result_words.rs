//! The result words an arbiter writes on the score slip and types at the desk or after
//! `xq event result`: besides the file's own forms (`1-0`, `=`, `0-1`, `+-`, `-+`, `--`), the
//! colon forms (`1:0`), the Chinese words (红胜, 胜, 和, 黑胜, 负: 胜 and 负 alone are said of Red,
//! the first-named side) and `½`. Full-width forms, as a Chinese input method types them (`１-０`,
//! `１：０`, `＋－`, `＝`), read as their ASCII twins, and the dashes `—` `–` `－` as `-`.
//!
//! | written | means |
//! |---|---|
//! | `1-0` `1:0` `红胜` `红方胜` `胜` `黑负` `黑方负` | Red (the first-named player) wins |
//! | `=` `和` `和棋` `和局` `½` `½-½` `1/2-1/2` `0.5-0.5` | draw |
//! | `0-1` `0:1` `黑胜` `黑方胜` `负` `红负` `红方负` | Black wins |
//! | `+-` `-+` `--` (`+:-` `-:+` `-:-`) | Red wins, Black wins, both lose by forfeit (弃权) |
//!
//! Several games of one pairing are separated by spaces (the full-width space too), commas
//! (`,` `，`) or `、`.

use xiangqi_scheduling::{GameResult, MatchResult, ParseGameResultError};

/// The game result a word means, if it is one of the words above.
pub fn game_result(word: &str) -> Option<GameResult> {
    let w = half_width(word.trim());
    Some(match w.as_str() {
        "红胜" | "红方胜" | "胜" | "黑负" | "黑方负" => GameResult::FirstWins,
        "和" | "和棋" | "和局" | "½" => GameResult::Draw,
        "黑胜" | "黑方胜" | "负" | "红负" | "红方负" => GameResult::SecondWins,
        other => return other.parse().ok(),
    })
}

/// `word` with the full-width forms of ASCII (U+FF01–U+FF5E: `１` `－` `：` `＋` `＝` `／` `．`)
/// turned into ASCII and the dashes `—` `–` `−` into `-`.
fn half_width(word: &str) -> String {
    word.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '—' | '–' | '−' => '-',
            c => c,
        })
        .collect()
}

/// Reads the result of one pairing: one word per game (see the [module](self) for the words).
/// A word that is none of them is refused with the file format's own message.
pub fn match_result(text: &str) -> Result<MatchResult, ParseGameResultError> {
    let games = words(text)
        .map(|w| game_result(w).ok_or_else(|| ParseGameResultError(w.to_string())))
        .collect::<Result<Vec<_>, _>>()?;
    if games.is_empty() {
        // no word at all: as the file format reads nothing
        return MatchResult::parse(text);
    }
    Ok(MatchResult { games })
}

/// The words of a pairing's result, split at spaces, commas and `、`.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '，' | '、'))
        .filter(|w| !w.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_of_the_table_reads_as_its_result() {
        let table: [(&[&str], GameResult); 6] = [
            (
                &[
                    "1-0",
                    "1:0",
                    "1：0",
                    "１-０",
                    "１－０",
                    "１：０",
                    "1—0",
                    "红胜",
                    "红方胜",
                    "胜",
                    "黑负",
                    "黑方负",
                ],
                GameResult::FirstWins,
            ),
            (
                &[
                    "=",
                    "＝",
                    "和",
                    "和棋",
                    "和局",
                    "½",
                    "½-½",
                    "1/2-1/2",
                    "１/２-１/２",
                    "0.5-0.5",
                ],
                GameResult::Draw,
            ),
            (
                &[
                    "0-1",
                    "0:1",
                    "0：1",
                    "０-１",
                    "０：１",
                    "黑胜",
                    "黑方胜",
                    "负",
                    "红负",
                    "红方负",
                ],
                GameResult::SecondWins,
            ),
            (
                &["+-", "+:-", "＋－", "＋-"],
                GameResult::FirstWinsByForfeit,
            ),
            (&["-+", "-:+", "－＋"], GameResult::SecondWinsByForfeit),
            (&["--", "-:-", "－－"], GameResult::DoubleForfeit),
        ];
        for (words, want) in table {
            for w in words {
                assert_eq!(game_result(w), Some(want), "{w}");
                assert_eq!(game_result(&format!(" {w} ")), Some(want), "{w}");
            }
        }
    }

    #[test]
    fn several_games_are_split_at_spaces_commas_and_the_chinese_comma() {
        let m = match_result("红胜，和、0：1 +-").unwrap();
        assert_eq!(
            m.to_string(),
            MatchResult::parse("1-0 = 0-1 +-").unwrap().to_string()
        );
        // as an input method types it: full-width digits and the full-width space
        let m = match_result("１-０\u{3000}和棋").unwrap();
        assert_eq!(m.to_string(), "1-0 =");
    }

    #[test]
    fn a_word_that_is_no_result_is_refused_with_the_file_formats_message() {
        let e = match_result("1-0 赢").unwrap_err();
        assert_eq!(e, ParseGameResultError("赢".into()));
        assert_eq!(match_result("  "), MatchResult::parse("  "));
        assert!(game_result("1-1").is_none());
        assert!(game_result("胜负").is_none());
        assert!(game_result("２-０").is_none());
        assert!(game_result("红方").is_none());
    }
}

#[cfg(test)]
mod proptests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// Any text: a result or the refusal, never a panic; and what is read prints back as
        /// text the file format's own parser reads to the same games.
        #[test]
        fn any_text_reads_or_is_refused(s in "\\PC{0,24}") {
            if let Ok(m) = match_result(&s) {
                let again = MatchResult::parse(&m.to_string()).unwrap();
                prop_assert_eq!(again.games, m.games);
            }
        }
    }
}
