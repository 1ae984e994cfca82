//! Issue 21: the sealed move (封棋) is not readable in the log until the game resumes (续赛).
//! Every output of a game — the stored log (PGN and JSON), the state (`--json`), the rulings —
//! is searched for the move in every notation; resumption opens the envelope and plays it.

use xiangqi_board::Color;
use xiangqi_game::{Entry, Game, GameLog, Header, LogFormat, TimeControl};
use xiangqi_rules_cn1987 as _;

/// The sealed move in the three notations the log takes, and the diagram's piece it lands.
const SEALED: [&str; 3] = ["马二进三", "h0g2", "H2+3"];

fn adjourned(storage: LogFormat) -> Game {
    let header = Header::new("cn-1987", &TimeControl::classical());
    let mut g = Game::new(header, storage).unwrap();
    g.apply(Entry::Move {
        mv: "炮二平五".into(),
        clock: Some(5390),
    })
    .unwrap();
    g.apply(Entry::Move {
        mv: "马8进7".into(),
        clock: Some(5380),
    })
    .unwrap();
    let ruling = g
        .apply(Entry::Seal {
            side: Color::Red,
            text: SEALED[0].into(),
            clock: Some(5300),
        })
        .unwrap();
    for s in SEALED {
        assert!(
            !ruling.contains(s),
            "the ruling shows the sealed move: {ruling}"
        );
    }
    g
}

fn assert_hidden(what: &str, text: &str) {
    for s in SEALED {
        assert!(
            !text.contains(s),
            "{what} shows the sealed move {s}:\n{text}"
        );
    }
}

#[test]
fn no_output_shows_the_sealed_move_before_resumption() {
    for storage in [LogFormat::Pgn, LogFormat::Json] {
        let g = adjourned(storage);
        let text = g.render();
        assert_hidden("the stored log", &text);
        assert!(text.contains("envelope:"), "{text}");
        assert_hidden("the log as JSON", &serde_json::to_string(g.log()).unwrap());
        assert_hidden("the state", &serde_json::to_string(g.state()).unwrap());
        assert_eq!(g.state().sealed_by, Some(Color::Red));
        // the file read back is the same adjourned game, and resumes
        let mut back = Game::replay(GameLog::parse(&text).unwrap()).unwrap();
        assert_eq!(back.state(), g.state());
        assert_hidden("the state read back", &format!("{:?}", back.state()));
        let rulings = back.resume().unwrap();
        assert_eq!(rulings.len(), 2, "{rulings:?}");
        assert!(rulings[0].contains("马二进三"), "{rulings:?}");
        assert_eq!(back.state().ply, 3);
        assert_eq!(back.state().sealed_by, None);
        assert_eq!(back.state().clocks.red, 5300);
        // the move is now an ordinary move of the log
        assert!(matches!(
            back.log().entries.last(),
            Some(Entry::Move {
                clock: Some(5300),
                ..
            })
        ));
        let again = Game::replay(GameLog::parse(&back.render()).unwrap()).unwrap();
        assert_eq!(again.state(), back.state());
    }
}

#[test]
fn a_log_written_before_envelopes_is_still_read() {
    let g = adjourned(LogFormat::Pgn);
    let envelope = xiangqi_game::envelope::seal(SEALED[0]);
    let old = g.render().replace(&envelope, SEALED[0]);
    assert_ne!(old, g.render());
    let mut back = Game::replay(GameLog::parse(&old).unwrap()).unwrap();
    back.resume().unwrap();
    assert_eq!(back.state().ply, 3);
}
