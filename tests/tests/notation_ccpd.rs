//! Conformance of the notation readers and writers on real national-level games.
//!
//! Data: the CCPD national set (7,000 games, traditional Chinese, UTF-8) and the 78 untouched
//! Big5 originals, read from `../shared/data/games/` (Yu-Han Tseng and Bo-Nian Chen (2026),
//! Chinese Chess Practical Dataset (CCPD), CC BY 4.0,
//! https://github.com/Yvonne761/Chinese-Chess-Practical-Dataset). The files are not copied into
//! the repository; the tests print a notice and skip when `../shared` is absent.

use std::path::{Path, PathBuf};

use xiangqi_conformance::shared::shared_dir;
use xiangqi_movegen::{Move, Position};
use xiangqi_notation::{
    Mode, MoveTextError, Notation, parse_move, parse_move_as, pgn, read_games, render_chinese,
    render_wxf,
};

fn games_dir(what: &str) -> Option<PathBuf> {
    shared_dir(what).map(|d| d.join("data").join("games"))
}

/// One expected row: result, nonstandard tandem count, ICCS moves.
struct Expected {
    result: String,
    nonstandard: usize,
    iccs: Vec<String>,
}

fn read_tsv(path: &Path, result_col: usize, ns_col: usize, iccs_col: usize) -> Vec<Expected> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Expected {
                result: f[result_col].to_string(),
                nonstandard: f[ns_col].parse().unwrap(),
                iccs: f[iccs_col].split_whitespace().map(str::to_string).collect(),
            }
        })
        .collect()
}

/// Traditional/variant characters of the source to the canonical simplified ones.
fn simplify(token: &str) -> String {
    token
        .chars()
        .map(|c| match c {
            '車' | '俥' => '车',
            '馬' | '傌' => '马',
            '進' => '进',
            '後' => '后',
            '將' => '将',
            '帥' => '帅',
            '砲' => '炮',
            c => c,
        })
        .collect()
}

#[test]
fn ccpd_national_replays_every_game_and_round_trips() {
    let Some(dir) = games_dir("the CCPD national games") else {
        return;
    };
    let dir = dir.join("ccpd-national");
    let bytes = std::fs::read(dir.join("ccpd_national.pgn")).unwrap();
    let expected = read_tsv(&dir.join("ccpd_national.iccs.tsv"), 2, 4, 10);
    let games =
        read_games(&bytes, "ccpd_national.pgn", Mode::Tolerant).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(games.len(), 7000);
    assert_eq!(games.len(), expected.len());
    let text = std::str::from_utf8(&bytes).unwrap();
    let raws = pgn::split_games(text).unwrap();
    assert_eq!(raws.len(), games.len());

    let mut plies = 0usize;
    let mut failures = Vec::new();
    let mut strict_flagged = 0usize;
    let mut chinese_differs_from_source = 0usize;
    for (g, ((game, exp), raw)) in games.iter().zip(&expected).zip(&raws).enumerate() {
        let got: Vec<String> = game.moves.iter().map(Move::to_string).collect();
        if got != exp.iccs {
            failures.push(format!("game {}: ICCS differs", g + 1));
            continue;
        }
        if game.result.as_deref() != Some(exp.result.as_str()) {
            failures.push(format!(
                "game {}: result {:?} != {}",
                g + 1,
                game.result,
                exp.result
            ));
        }
        let tokens = raw.move_tokens();
        assert_eq!(tokens.len(), game.moves.len());
        let mut pos = game.start.clone();
        let mut flagged_here = 0;
        for (i, (&m, &token)) in game.moves.iter().zip(&tokens).enumerate() {
            plies += 1;
            // Strict mode flags exactly the non-standard tandem moves.
            match parse_move(&pos, token, Mode::Strict) {
                Ok(s) => assert_eq!(s, m),
                Err(MoveTextError::NonStandard { standard, .. }) => {
                    flagged_here += 1;
                    assert_eq!(parse_move(&pos, &standard, Mode::Strict), Ok(m));
                }
                Err(e) => failures.push(format!("game {} ply {}: strict: {e}", g + 1, i + 1)),
            }
            // Chinese → Move → Chinese, and WXF → Move → WXF, in strict mode.
            let zh = render_chinese(&pos, m);
            if parse_move_as(&pos, &zh, Notation::Chinese, Mode::Strict) != Ok(m) {
                failures.push(format!(
                    "game {} ply {}: Chinese `{zh}` does not round-trip",
                    g + 1,
                    i + 1
                ));
            }
            if simplify(token) != zh {
                chinese_differs_from_source += 1;
            }
            let wxf = render_wxf(&pos, m);
            if parse_move_as(&pos, &wxf, Notation::Wxf, Mode::Strict) != Ok(m) {
                failures.push(format!(
                    "game {} ply {}: WXF `{wxf}` does not round-trip",
                    g + 1,
                    i + 1
                ));
            }
            pos.play_unchecked(m);
        }
        if flagged_here != exp.nonstandard {
            failures.push(format!(
                "game {}: strict flagged {flagged_here} moves, expected {}",
                g + 1,
                exp.nonstandard
            ));
        }
        strict_flagged += flagged_here;
    }
    assert!(
        failures.is_empty(),
        "{} failures, first: {:#?}",
        failures.len(),
        &failures[..failures.len().min(20)]
    );
    assert_eq!(plies, 595_812);
    assert_eq!(strict_flagged, 4_331);
    // The canonical writer reproduces every source token (after traditional → simplified)
    // except exactly the non-standard tandem moves.
    assert_eq!(chinese_differs_from_source, strict_flagged);
    eprintln!(
        "CCPD national: {} games, {plies} plies verified; {strict_flagged} non-standard tandem moves \
         flagged in strict mode; {chinese_differs_from_source} source tokens differ from the canonical text",
        games.len()
    );
}

#[test]
fn ccpd_big5_originals_are_detected_and_replayed() {
    let Some(dir) = games_dir("the CCPD Big5 originals") else {
        return;
    };
    let dir = dir.join("ccpd-big5-originals");
    let tsv = std::fs::read_to_string(dir.join("expected_iccs.tsv")).unwrap();
    let mut games = 0;
    let mut plies = 0;
    for line in tsv.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let (file, result, ns) = (f[0], f[1], f[3].parse::<usize>().unwrap());
        let expected: Vec<&str> = f[5].split_whitespace().collect();
        let bytes = std::fs::read(dir.join(file)).unwrap();
        assert!(
            std::str::from_utf8(&bytes).is_err(),
            "{file} should be Big5, not UTF-8"
        );
        let (_, enc) = xiangqi_notation::encoding::decode(&bytes).unwrap();
        assert_eq!(
            enc,
            xiangqi_notation::encoding::TextEncoding::Big5,
            "{file}"
        );
        let read = read_games(&bytes, file, Mode::Tolerant).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(read.len(), 1, "{file}");
        let got: Vec<String> = read[0].moves.iter().map(Move::to_string).collect();
        assert_eq!(got, expected, "{file}");
        assert_eq!(read[0].result.as_deref(), Some(result), "{file}");
        // Strict reading fails exactly when the game has non-standard tandem moves.
        let strict = read_games(&bytes, file, Mode::Strict);
        assert_eq!(strict.is_err(), ns > 0, "{file}: {strict:?}");
        if let Err(e) = strict {
            assert!(e.token().is_some() && e.ply.is_some(), "{e}");
        }
        games += 1;
        plies += got.len();
    }
    assert_eq!(games, 78);
    eprintln!("CCPD Big5 originals: {games} games, {plies} plies verified");
}

#[test]
fn colour_comes_from_the_side_to_move() {
    // The same characters for both sides (車馬炮, 士象) as many sources write them.
    let pos = Position::start();
    let m = parse_move(&pos, "炮二平五", Mode::Tolerant).unwrap();
    let pos = pos.played(m).unwrap();
    assert_eq!(
        parse_move(&pos, "馬８進７", Mode::Tolerant)
            .unwrap()
            .to_string(),
        "h9g7"
    );
    assert_eq!(
        parse_move(&pos, "傌8进7", Mode::Tolerant)
            .unwrap()
            .to_string(),
        "h9g7"
    );
}
