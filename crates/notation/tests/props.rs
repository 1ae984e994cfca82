//! Property tests: no reader panics on any input, and render → parse → resolve is the identity
//! for every legal move of every position visited, in all three notations, strict mode.

use proptest::prelude::*;
use xiangqi_movegen::{Move, Position};
use xiangqi_notation::{
    Mode, Notation, parse_move, parse_move_as, parse_move_list, read_games, render,
};

const NOTATIONS: [Notation; 3] = [Notation::Iccs, Notation::Wxf, Notation::Chinese];

/// Every legal move of `pos` renders to a text that parses back to it, in strict mode.
fn check_identity(pos: &Position) -> Result<(), TestCaseError> {
    for &m in pos.legal_moves().iter() {
        for n in NOTATIONS {
            let text = render(n, pos, m);
            let back = parse_move_as(pos, &text, n, Mode::Strict);
            prop_assert_eq!(back, Ok(m), "{} `{}` in {}", n, text, pos.fen());
            // Detection per token finds the same notation.
            prop_assert_eq!(parse_move(pos, &text, Mode::Strict), Ok(m));
        }
    }
    Ok(())
}

/// Positions with crowded files: three, four and five pawns on a file, pawns on two files,
/// tandem rooks, horses and cannons, for both sides to move.
const CROWDED: &[&str] = &[
    "3k5/4P4/4P4/4P4/4P4/4P4/9/9/9/5K3 w",
    "3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w",
    "3k5/9/2P1P4/2P1P4/4P4/9/9/9/9/5K3 w",
    "3k5/9/2P1P4/2P1P4/9/9/9/9/9/5K3 w",
    "3k5/9/9/9/9/4p4/4p4/4p4/4p4/5K1p1 b",
    "3k5/9/9/9/9/2p1p4/2p1p4/4p4/9/5K3 b",
    "2bk5/4a4/4b4/2R1R4/9/2N1C4/4C4/2N6/4A4/4KA3 w",
    "4k4/4a4/4ba3/2r1r4/4n4/4n4/9/2c6/2c6/3K5 b",
];

fn random_playout(pos: &mut Position, seeds: &[u8]) -> Result<(), TestCaseError> {
    for &s in seeds {
        check_identity(pos)?;
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[s as usize % moves.len()];
        pos.play_unchecked(m);
    }
    Ok(())
}

#[test]
fn identity_on_crowded_files() {
    for fen in CROWDED {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        check_identity(&pos).unwrap();
    }
}

#[test]
fn crowded_files_use_the_canonical_markers() {
    let pos = Position::from_fen(CROWDED[0]).unwrap();
    let e = |s: &str| Square(s);
    #[allow(non_snake_case)]
    fn Square(s: &str) -> xiangqi_board::Square {
        xiangqi_board::Square::from_name(s).unwrap()
    }
    let mv = |a: &str, b: &str| Move::new(e(a), e(b));
    // Five pawns on Red's file 5: 一..五 in Chinese; ++ P+ P5 P- -- in WXF.
    let cases = [
        (mv("e8", "d8"), "一兵平六", "++.6"),
        (mv("e7", "d7"), "二兵平六", "P+.6"),
        (mv("e6", "d6"), "三兵平六", "P5.6"),
        (mv("e5", "d5"), "四兵平六", "P-.6"),
        (mv("e8", "e9"), "一兵进一", "+++1"),
    ];
    for (m, zh, wxf) in cases {
        assert_eq!(render(Notation::Chinese, &pos, m), zh);
        assert_eq!(render(Notation::Wxf, &pos, m), wxf);
    }
    // Pawns on two files: the file number replaces the piece name.
    let pos = Position::from_fen(CROWDED[2]).unwrap();
    assert_eq!(render(Notation::Chinese, &pos, mv("c7", "c8")), "前七进一");
    assert_eq!(render(Notation::Wxf, &pos, mv("c7", "c8")), "7++1");
    assert_eq!(render(Notation::Chinese, &pos, mv("e6", "f6")), "中五平四");
    assert_eq!(render(Notation::Wxf, &pos, mv("e6", "f6")), "55.4");
    assert_eq!(render(Notation::Chinese, &pos, mv("e7", "f7")), "前五平四");
    assert_eq!(render(Notation::Wxf, &pos, mv("e7", "f7")), "5+.4");
    // The ambiguous cchess form `前兵进一` is rejected with both candidates.
    let err = parse_move(&pos, "前兵进一", Mode::Tolerant).unwrap_err();
    assert!(
        matches!(err, xiangqi_notation::MoveTextError::Ambiguous { ref candidates, .. } if candidates.len() == 2),
        "{err}"
    );
    // Tandem horses and cannons: 前马 / H+, 后炮 / C-.
    let pos = Position::from_fen(CROWDED[6]).unwrap();
    assert_eq!(render(Notation::Chinese, &pos, mv("c4", "d6")), "前马进六");
    assert_eq!(render(Notation::Wxf, &pos, mv("c4", "d6")), "H++6");
    assert_eq!(render(Notation::Chinese, &pos, mv("e3", "d3")), "后炮平六");
    assert_eq!(render(Notation::Wxf, &pos, mv("e3", "d3")), "C-.6");
}

#[test]
fn tolerant_file_form_for_tandem_pieces() {
    // Two red rooks on file 7 (c): only the front one can go forward 3 (the rear would land on
    // its partner).
    let pos = Position::from_fen("2bk5/4a4/4b4/2R6/9/9/2R6/9/4A4/4KA3 w").unwrap();
    let m = parse_move(&pos, "车七进三", Mode::Tolerant).unwrap();
    assert_eq!(m.to_string(), "c6c9");
    let e = parse_move(&pos, "车七进三", Mode::Strict).unwrap_err();
    match e {
        xiangqi_notation::MoveTextError::NonStandard { standard, .. } => {
            assert_eq!(standard, "前车进三")
        }
        e => panic!("{e}"),
    }
    // Both can go back one: ambiguous.
    assert!(matches!(
        parse_move(&pos, "车七退一", Mode::Tolerant),
        Err(xiangqi_notation::MoveTextError::Ambiguous { .. })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn identity_along_random_games(seeds in proptest::collection::vec(any::<u8>(), 1..80)) {
        let mut pos = Position::start();
        random_playout(&mut pos, &seeds)?;
    }

    #[test]
    fn identity_from_crowded_positions(which in 0..CROWDED.len(), seeds in proptest::collection::vec(any::<u8>(), 1..12)) {
        let mut pos = Position::from_fen(CROWDED[which]).unwrap();
        random_playout(&mut pos, &seeds)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn readers_never_panic_on_random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..3000)) {
        let _ = read_games(&bytes, "random", Mode::Tolerant);
    }

    #[test]
    fn binary_readers_never_panic(kind in 0..3usize, version in 0u8..=18, body in proptest::collection::vec(any::<u8>(), 0..6000)) {
        let mut bytes = match kind {
            0 => {
                let mut h = b"XQ".to_vec();
                h.push(version);
                h
            }
            1 => b"CCBridge Record\0".to_vec(),
            _ => b"CCBridgeLibrary\0".to_vec(),
        };
        bytes.extend_from_slice(&body);
        if kind == 2 && bytes.len() > 40 {
            // Plant a record at the first library slot now and then.
            let mut lib = bytes.clone();
            lib.resize(101_952, 0);
            lib.extend_from_slice(b"CCBridge Record\0");
            lib.extend_from_slice(&body);
            let _ = read_games(&lib, "random.cbl", Mode::Tolerant);
        }
        let _ = read_games(&bytes, "random.bin", Mode::Tolerant);
    }

    #[test]
    fn pgn_like_text_never_panics(text in "(\\[[A-Za-z]{0,6} \"[^\"]{0,8}\"\\]\n|[0-9]{1,2}\\.|\\{[^}]{0,5}\\}?|\\(|\\)|\\$[0-9]|[a-j][0-9]-?[a-j][0-9]|[KAEHRCPkx+=.\\-1-9]{2,5}|[车马炮兵卒帥將相仕前中后進退平一二三四五六七八九１２３]{2,5}|1-0|\\*| |\n|\\[DhtmlXQ_movelist\\][0-9]{0,12}|\\[DhtmlXQ\\])*") {
        let _ = read_games(text.as_bytes(), "random.pgn", Mode::Tolerant);
        let _ = read_games(text.as_bytes(), "random.pgn", Mode::Strict);
        let _ = parse_move_list(&Position::start(), &text, Mode::Tolerant);
    }

    #[test]
    fn move_tokens_never_panic(token in "\\PC{0,8}") {
        let pos = Position::start();
        let _ = parse_move(&pos, &token, Mode::Tolerant);
        let _ = parse_move(&pos, &token, Mode::Strict);
    }
}
