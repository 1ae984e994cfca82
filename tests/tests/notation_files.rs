//! Conformance of the game-file readers on real data read from `../shared/data/games/`:
//! the wukong ICCS games (2,516, MIT, maksimKorzh/wukong-xiangqi), the 15-game WXF / Chinese
//! parallel sample and its DhtmlXQ block (MIT, same repository), and the XQF / CBR / CBL / CBF /
//! GBK-PGN format fixtures (walker8088/cchess `tests/data/`, GPL-3.0: read in place, never
//! copied). Each test prints a notice and skips when `../shared` is absent.

use std::path::PathBuf;

use xiangqi_conformance::shared::shared_dir;
use xiangqi_movegen::{Move, Position};
use xiangqi_notation::{
    GameFormat, Mode, Notation, parse_move_as, pgn, read_games, render_chinese, render_wxf,
};

fn games_dir(what: &str) -> Option<PathBuf> {
    shared_dir(what).map(|d| d.join("data").join("games"))
}

fn iccs(moves: &[Move]) -> Vec<String> {
    moves.iter().map(Move::to_string).collect()
}

#[test]
fn wukong_iccs_games_replay_and_render_back() {
    let Some(dir) = games_dir("the wukong ICCS games") else {
        return;
    };
    let mut games = 0;
    let mut plies = 0;
    for (file, count) in [
        ("Hu_Ronghua_1391_UCI_games.pgn", 1391),
        ("Liu_Dahua_1125_UCI_games.pgn", 1125),
    ] {
        let bytes = std::fs::read(dir.join("wukong-iccs").join(file)).unwrap();
        let read = read_games(&bytes, file, Mode::Strict).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(read.len(), count, "{file}");
        let text = std::str::from_utf8(&bytes).unwrap();
        let raws = pgn::split_games(text).unwrap();
        assert_eq!(raws.len(), count);
        for (game, raw) in read.iter().zip(&raws) {
            let tokens = raw.move_tokens();
            // The source tokens are lower-case ICCS: our rendering must equal them.
            assert_eq!(iccs(&game.moves), tokens, "{file}");
            assert!(game.tag("Result").is_none() && game.result.is_none());
            plies += game.moves.len();
        }
        games += read.len();
    }
    assert_eq!((games, plies), (2516, 221_678));
    eprintln!("wukong ICCS: {games} games, {plies} plies verified");
}

/// WXF as the wukong sample writes it, brought to the canonical form: full-width folded, `=` for
/// sideways to `.`, the tandem marker moved after the letter.
fn canonical_wxf(token: &str) -> String {
    let s: String = token
        .chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap(),
            c => c,
        })
        .map(|c| if c == '=' { '.' } else { c })
        .collect();
    let b: Vec<char> = s.chars().collect();
    if b.len() == 4 && (b[0] == '+' || b[0] == '-') && b[1].is_ascii_alphabetic() {
        [b[1], b[0], b[2], b[3]].iter().collect()
    } else {
        s
    }
}

#[test]
fn wxf_parallel_sample_agrees_with_chinese() {
    let Some(dir) = games_dir("the WXF/Chinese parallel sample") else {
        return;
    };
    let dir = dir.join("wxf-parallel-sample");
    let wxf_bytes = std::fs::read(dir.join("xqdb_international_wxf.pgn")).unwrap();
    let zh_bytes = std::fs::read(dir.join("xqdb_traditional_chinese.pgn")).unwrap();
    let wxf = read_games(&wxf_bytes, "wxf", Mode::Tolerant).unwrap_or_else(|e| panic!("{e}"));
    let zh = read_games(&zh_bytes, "zh", Mode::Tolerant).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((wxf.len(), zh.len()), (15, 15));
    let wxf_text = std::str::from_utf8(&wxf_bytes).unwrap();
    let zh_text = std::str::from_utf8(&zh_bytes).unwrap();
    let tokens = |text| -> Vec<Vec<String>> {
        pgn::split_games(text)
            .unwrap()
            .iter()
            .map(|r| r.move_tokens().into_iter().map(str::to_string).collect())
            .collect()
    };
    let (wxf_tokens, zh_tokens) = (tokens(wxf_text), tokens(zh_text));
    let mut plies = 0;
    for (g, (a, b)) in wxf.iter().zip(&zh).enumerate() {
        assert_eq!(a.moves, b.moves, "game {}", g + 1);
        let mut pos = a.start.clone();
        for (i, &m) in a.moves.iter().enumerate() {
            let ours = render_wxf(&pos, m);
            // Cross-notation: our WXF of the Chinese game equals the sample's WXF.
            assert_eq!(
                ours,
                canonical_wxf(&wxf_tokens[g][i]),
                "game {} ply {}",
                g + 1,
                i + 1
            );
            assert_eq!(
                parse_move_as(&pos, &ours, Notation::Wxf, Mode::Strict),
                Ok(m)
            );
            let zh = render_chinese(&pos, m);
            assert_eq!(zh, zh_tokens[g][i], "game {} ply {}", g + 1, i + 1);
            pos.play_unchecked(m);
            plies += 1;
        }
    }
    assert_eq!(plies, 1378);
    eprintln!("WXF parallel sample: 15 games, {plies} plies agree in WXF and Chinese");
}

#[test]
fn dhtmlxq_block_reads() {
    let Some(dir) = games_dir("the DhtmlXQ sample") else {
        return;
    };
    let path = dir
        .join("wxf-parallel-sample")
        .join("wxf_ca_116.dhtmlxq.txt");
    let bytes = std::fs::read(&path).unwrap();
    let games = read_games(&bytes, "116.dhtmlxq", Mode::Tolerant).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(games.len(), 1);
    let g = &games[0];
    assert_eq!(g.format, GameFormat::DhtmlXq);
    assert_eq!(g.start, Position::start());
    assert_eq!(iccs(&g.moves[..2]), ["g0e2", "h7f7"]);
    assert_eq!(g.result.as_deref(), Some("1-0"));
    assert_eq!(g.tag("Red"), Some("DING Wa Chong"));
    let digits = std::str::from_utf8(&bytes)
        .unwrap()
        .split("_movelist]")
        .nth(1)
        .unwrap();
    let n = digits.bytes().take_while(u8::is_ascii_digit).count();
    assert_eq!(g.moves.len(), n / 4);
}

#[test]
fn format_fixtures_match_expected_main_lines() {
    let Some(dir) = games_dir("the XQF/CBR/CBL/CBF fixtures") else {
        return;
    };
    let dir = dir.join("format-fixtures");
    let tsv = std::fs::read_to_string(dir.join("expected_mainlines.tsv")).unwrap();
    let mut cache: std::collections::HashMap<String, Vec<xiangqi_notation::NotatedGame>> =
        Default::default();
    let mut checked = 0;
    let mut plies = 0;
    for line in tsv.lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        let (file, index, result, fen, n, lines) = (f[0], f[1], f[2], f[3], f[4], f[5]);
        let expected: Vec<&str> = f[7].split_whitespace().collect();
        let games = cache.entry(file.to_string()).or_insert_with(|| {
            let bytes = std::fs::read(dir.join(file)).unwrap();
            read_games(&bytes, file, Mode::Tolerant).unwrap_or_else(|e| panic!("{e}"))
        });
        let g = &games[index.parse::<usize>().unwrap()];
        assert_eq!(iccs(&g.moves), expected, "{file} #{index}");
        assert_eq!(g.moves.len(), n.parse::<usize>().unwrap());
        assert_eq!(
            g.start,
            Position::from_fen(fen).unwrap(),
            "{file} #{index}: start position"
        );
        if !result.is_empty() {
            assert_eq!(g.result.as_deref(), Some(result), "{file} #{index}");
        }
        // `variation_lines` counts the main line too; we keep first-level alternatives only,
        // so a file with several lines must yield at least one variation.
        if lines.parse::<usize>().unwrap() > 1 {
            assert!(!g.variations.is_empty(), "{file}: variations expected");
        }
        checked += 1;
        plies += g.moves.len();
    }
    assert_eq!(checked, 104);
    assert_eq!(cache["national_championship_1956_93games.cbl"].len(), 93);
    eprintln!("format fixtures: {checked} games, {plies} main-line plies verified");
}

#[test]
fn truncated_and_corrupt_files_are_typed_errors() {
    let Some(dir) = games_dir("the format fixtures (corruption test)") else {
        return;
    };
    let dir = dir.join("format-fixtures");
    for file in ["test1.xqf", "test.xqf", "test.cbr", "test.cbf"] {
        let bytes = std::fs::read(dir.join(file)).unwrap();
        let full = read_games(&bytes, file, Mode::Tolerant).unwrap();
        let n = full[0].moves.len();
        // Every truncation point: an error naming the file, or (cut inside trailing bytes after
        // the tree) the same main line or a prefix of it; never a panic.
        for cut in (0..bytes.len()).step_by(7) {
            match read_games(&bytes[..cut], file, Mode::Tolerant) {
                Err(e) => assert!(e.to_string().starts_with(file), "{e}"),
                Ok(games) => {
                    for g in games {
                        assert!(
                            g.moves.len() <= n && g.moves[..] == full[0].moves[..g.moves.len()]
                        );
                    }
                }
            }
        }
    }
    // A corrupt move in a CBF file (h0 → g3, onto its own pawn): the error names the file, the
    // game and the move.
    let text = std::fs::read_to_string(dir.join("test.cbf")).unwrap();
    let bad = text.replacen("value=\"79-67\"", "value=\"79-66\"", 1);
    assert_ne!(bad, text);
    let e = read_games(bad.as_bytes(), "test.cbf", Mode::Tolerant).unwrap_err();
    assert_eq!((e.game, e.ply), (Some(1), Some(3)), "{e}");
    assert!(
        e.to_string()
            .starts_with("test.cbf, game 1, move 2 (ply 3)"),
        "{e}"
    );
}

#[test]
fn wrong_encoding_and_bad_moves_name_file_game_move_and_token() {
    // GBK text mislabelled nowhere: detected as GB18030 and read.
    let Some(dir) = games_dir("the GBK sample") else {
        return;
    };
    let bytes = std::fs::read(dir.join("format-fixtures").join("gbk_sample.pgn")).unwrap();
    let (_, enc) = xiangqi_notation::encoding::decode(&bytes).unwrap();
    assert_eq!(enc, xiangqi_notation::encoding::TextEncoding::Gb18030);
    // Latin-1 bytes that are neither UTF-8 nor a notation: the move token is named.
    let text = b"[Event \"x\"]\n\n1. h2e2 \xe9\xe9 *\n";
    let e = read_games(text, "latin1.pgn", Mode::Tolerant).unwrap_err();
    assert!(e.to_string().contains("latin1.pgn"), "{e}");
    // An ambiguous move in the third game.
    let text = "1. h2e2 *\n\n1. h2e2 *\n\n[FEN \"3k5/9/2P1P4/2P1P4/4P4/9/9/9/9/5K3 w\"]\n\n1. 前兵进一 *\n";
    let e = read_games(text.as_bytes(), "amb.pgn", Mode::Tolerant).unwrap_err();
    assert_eq!(
        (e.game, e.ply, e.token()),
        (Some(3), Some(1), Some("前兵进一")),
        "{e}"
    );
    let msg = e.to_string();
    assert!(
        msg.contains("amb.pgn") && msg.contains("game 3") && msg.contains("move 1"),
        "{msg}"
    );
}
