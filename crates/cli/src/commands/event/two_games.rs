use xiangqi::event::NewEvent;

fn choices(games: Option<u8>, team_boards: Option<u8>) -> NewEvent {
    let mut players = Vec::new();
    let mut teams = Vec::new();
    if team_boards.is_some() {
        teams = [
            "甲队:甲1,甲2",
            "乙队:乙1,乙2",
            "丙队:丙1,丙2",
            "丁队:丁1,丁2",
        ]
        .map(String::from)
        .to_vec();
    } else {
        players = ["甲", "乙", "丙", "丁"].map(String::from).to_vec();
    }
    NewEvent {
        ruleset: "cn-1987".into(),
        system: Some("round-robin".into()),
        games,
        team_boards,
        players,
        teams,
        ..NewEvent::default()
    }
}

#[test]
fn a_two_game_round_robin_ranks_match_points_then_sonneborn_berger_then_game_points() {
    let ev = choices(Some(2), None)
        .build("t.toml", || Ok(Vec::new()))
        .unwrap()
        .event;
    assert_eq!(
        ev.config.chain(),
        ["sonneborn-berger", "game-points", "fouls"]
    );
    let one = choices(None, None)
        .build("t.toml", || Ok(Vec::new()))
        .unwrap()
        .event;
    assert_eq!(one.config.chain(), ["sonneborn-berger", "fouls"]);
}

#[test]
fn two_games_per_board_are_refused_not_dropped() {
    let e = choices(Some(2), Some(2))
        .build("t.toml", || Ok(Vec::new()))
        .unwrap_err()
        .to_string();
    assert!(e.contains("--games 2 with --team-boards"), "{e}");
    assert!(!e.contains('\n'), "{e}");
    let e = choices(Some(3), None)
        .build("t.toml", || Ok(Vec::new()))
        .unwrap_err()
        .to_string();
    assert!(e.contains("--games 3: expected 1 or 2"), "{e}");
}
