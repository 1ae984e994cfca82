//! A version 2 game log carries its own end (a PGN's `[XqEntries]` count and its termination
//! line; a JSON object's closing line): a file cut at any byte is refused, never read as a valid
//! shorter log. A version 1 log (written before) is read as before. A hand-edited clock reading
//! that rises is refused with its line.

use xiangqi_board::Color;
use xiangqi_game::{
    ClaimKind, Decision, Entry, Game, GameLog, Header, LOG_VERSION, LogFormat, TimeControl,
};
use xiangqi_rules_cn1987 as _;

/// A log with every kind of entry and awkward text, finished or not.
fn sample(storage: LogFormat, finished: bool) -> Game {
    let mut h = Header::new("cn-1987", &TimeControl::classical());
    h.red = "王天一".into();
    h.black = "郑惟桐 \"]} *".into();
    let mut g = Game::new(h, storage).unwrap();
    let entries = [
        Entry::Late {
            side: Color::Black,
            minutes: 3,
        },
        Entry::Move {
            mv: "炮二平五".into(),
            clock: Some(5390),
        },
        Entry::Offer { side: Color::Red },
        Entry::Move {
            mv: "马８进７".into(),
            clock: Some(5100),
        },
        Entry::Foul {
            side: Color::Red,
            kind: 1,
            note: "说话 1-0 *\n]}".into(),
        },
        Entry::Move {
            mv: "h0g2".into(),
            clock: None,
        },
        Entry::Claim {
            side: Color::Black,
            kind: ClaimKind::Repetition,
            ruling: String::new(),
        },
        Entry::Correct {
            side: Color::Black,
            clock: 5000,
            reason: "钟 set wrong *".into(),
        },
        Entry::Penalty {
            side: Color::Black,
            seconds: 60,
            reason: "*".into(),
        },
        Entry::Decision {
            outcome: Decision::None,
            reason: "warned 1/2-1/2".into(),
        },
        Entry::Move {
            mv: "i9h9".into(),
            clock: Some(4500),
        },
    ];
    for e in entries {
        g.apply(e).unwrap();
    }
    if finished {
        g.apply(Entry::Resign { side: Color::Red }).unwrap();
    }
    g
}

#[test]
fn a_cut_log_is_refused_at_every_byte() {
    let mut report = Vec::new();
    for storage in [LogFormat::Pgn, LogFormat::Json] {
        for finished in [false, true] {
            let g = sample(storage, finished);
            let text = g.render();
            assert_eq!(g.log().version, LOG_VERSION);
            // the whole file reads back to the same game
            let (again, _) = Game::from_text(&text).unwrap();
            assert_eq!(again.state(), g.state());
            let bytes = text.as_bytes();
            // a file that lost only its final newline has lost nothing: it reads as the whole
            assert!(text.ends_with('\n'));
            let (again, _) = Game::from_text(&text[..text.len() - 1]).unwrap();
            assert_eq!(again.state(), g.state());
            let mut accepted = Vec::new();
            for n in 0..bytes.len() - 1 {
                let Ok(cut) = std::str::from_utf8(&bytes[..n]) else {
                    continue; // not UTF-8: the store refuses it before parsing
                };
                if Game::from_text(cut).is_ok() {
                    accepted.push(n);
                }
            }
            assert!(
                accepted.is_empty(),
                "{storage:?} finished={finished}: cuts at {accepted:?} of {} bytes read as valid",
                bytes.len()
            );
            report.push(format!("{storage:?}/{finished}: {} cuts", bytes.len()));
        }
    }
    assert_eq!(report.len(), 4, "{report:?}");
}

#[test]
fn the_cut_is_named() {
    let text = sample(LogFormat::Pgn, true).render();
    assert!(text.starts_with("[XqLog \"3\"]\n"), "{text}");
    assert!(text.contains("[XqEntries \"12\"]"), "{text}");
    let no_end = text.strip_suffix("0-1\n").unwrap();
    let e = Game::from_text(no_end).unwrap_err().to_string();
    assert_eq!(
        e,
        "the log is cut short: it does not end with the line `0-1` (the end of the game's text)"
    );
    // without its final newline (or with CRLF line ends) it is whole
    assert!(Game::from_text(text.strip_suffix('\n').unwrap()).is_ok());
    assert!(Game::from_text(&text.replace('\n', "\r\n")).is_ok());
    let json = sample(LogFormat::Json, false).render();
    assert!(Game::from_text(json.trim_end()).is_ok());
    let no_close = json.trim_end().strip_suffix('}').unwrap();
    let e = Game::from_text(no_close).unwrap_err().to_string();
    assert!(e.starts_with("JSON: "), "{e}");
}

#[test]
fn version_1_logs_read_as_before() {
    for storage in [LogFormat::Pgn, LogFormat::Json] {
        let g = sample(storage, false);
        let mut log = g.log().clone();
        log.version = 1;
        // a version 1 log: no [XqLog]/[XqEntries] tags, `"version": 1`
        let text = log.render(None);
        assert!(
            !text.contains("XqLog") && !text.contains("XqEntries"),
            "{text}"
        );
        let back = GameLog::parse(&text).unwrap();
        assert_eq!(back.version, 1);
        let (again, _) = Game::from_text(&text).unwrap();
        assert_eq!(again.state(), g.state());
        assert_eq!(
            again.log().version,
            1,
            "kept as version 1 when written back"
        );
        assert_eq!(again.render(), text);
        // as before, a flag or a rising reading written in a version 1 log is taken as written
        let mut old = log.clone();
        old.entries.push(Entry::Move {
            mv: "i0h0".into(),
            clock: Some(9 * 3600),
        });
        old.entries.push(Entry::Flag {
            side: Color::Red,
            clock: None,
            override_reason: String::new(),
        });
        let (played, _) = Game::from_text(&old.render(None)).unwrap();
        assert_eq!(played.state().result.as_ref().unwrap().reason, "flag");
    }
    // a version this xq does not know is refused
    let text = sample(LogFormat::Pgn, false)
        .render()
        .replace("[XqLog \"3\"]", "[XqLog \"4\"]");
    let e = Game::from_text(&text).unwrap_err().to_string();
    assert!(e.contains("reads game log versions 1 to 3"), "{e}");
}

/// Issue 22: a version 2 log (written before proposals) keeps its rulings: the rules' findings
/// took effect at once then, and still do when it is read and continued; the arbiter's answers
/// of version 3 are refused on it. A version 3 log of the same moves holds a proposal.
#[test]
fn version_2_logs_keep_their_rulings() {
    let header = Header {
        fen: "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1".into(),
        ..Header::new("cn-1987", &TimeControl::classical())
    };
    let mut g = Game::new(header, LogFormat::Pgn).unwrap();
    g.apply(Entry::Move {
        mv: "b0b9".into(),
        clock: None,
    })
    .unwrap();
    assert!(g.state().result.is_none());
    assert_eq!(g.state().proposal.as_ref().unwrap().rule, "checkmate");
    // the same moves in a version 2 log: checkmate ends the game, as it did
    let mut old = g.log().clone();
    old.version = 2;
    old.entries.truncate(1);
    let text = old.render(None);
    assert!(text.starts_with("[XqLog \"2\"]\n"), "{text}");
    let (mut played, _) = Game::from_text(&text).unwrap();
    assert!(played.is_legacy());
    assert_eq!(played.log().version, 2);
    let r = played.state().result.clone().unwrap();
    assert_eq!((r.pgn(), r.reason.as_str()), ("1-0", "checkmate"));
    assert!(played.state().proposal.is_none());
    // an ongoing version 2 log refuses the new entries
    let mut ongoing = GameLog::new(
        Header::new("cn-1987", &TimeControl::classical()),
        LogFormat::Pgn,
    );
    ongoing.version = 2;
    let mut on = Game::replay(ongoing).unwrap();
    on.apply(Entry::Move {
        mv: "h2e2".into(),
        clock: None,
    })
    .unwrap();
    let e = on
        .apply(Entry::Undo {
            entry: 0,
            reason: "typo".into(),
            by: String::new(),
            at: String::new(),
        })
        .unwrap_err()
        .to_string();
    assert!(e.contains("this log is version 2"), "{e}");
    let e = played
        .apply(Entry::Declare {
            outcome: xiangqi_game::Decision::Draw,
            rule: "x".into(),
            by: String::new(),
            at: String::new(),
        })
        .unwrap_err()
        .to_string();
    assert!(e.contains("this log is version 2"), "{e}");
}

#[test]
fn a_hand_edited_clock_is_refused_with_its_line() {
    let text = sample(LogFormat::Pgn, false).render();
    // Black's 0:00:00 reading of ply 4 (1:15:00 = 4500 s) raised by hand to 9:29:30
    assert!(text.contains("[%clk 1:15:00]"), "{text}");
    let edited = text.replace("[%clk 1:15:00]", "[%clk 9:29:30]");
    let line = edited
        .lines()
        .position(|l| l.contains("[%clk 9:29:30]"))
        .unwrap()
        + 1;
    let e = Game::from_text(&edited).unwrap_err().to_string();
    assert!(
        e.starts_with(&format!(
            "line {line}: entry 11: clock 9:29:30 for Black: more than the 1:22:20 it had"
        )),
        "{e}\n{edited}"
    );
    // the same in JSON
    let json = sample(LogFormat::Json, false).render();
    let edited = json.replace("\"clock\": 4500", "\"clock\": 34170");
    // the entry's `"type"` line, two above its clock
    let line = edited.lines().position(|l| l.contains("34170")).unwrap() - 1;
    let e = Game::from_text(&edited).unwrap_err().to_string();
    assert!(
        e.starts_with(&format!("line {line}: entry 11: clock 9:29:30")),
        "{e}"
    );
}
