use super::*;

fn who() -> Writer {
    Writer::new("test")
}

const RULESETS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../rulesets/");

fn new_args(file: PathBuf, ruleset: &str) -> NewArgs {
    NewArgs {
        file,
        name: "t".into(),
        division: None,
        ruleset: ruleset.into(),
        system: None,
        rounds: Some(3),
        allow_partial: false,
        groups: None,
        advance: 2,
        final_system: "round-robin".into(),
        teams: Vec::new(),
        team_boards: None,
        lineup_system: None,
        all_play_all: false,
        separate_units: false,
        avoid_same_unit: None,
        placement: false,
        games: None,
        third_place: false,
        no_reset: false,
        players: ["A", "B", "C", "D"].iter().map(|s| s.to_string()).collect(),
        players_file: None,
        seed: 1,
        no_lot: false,
    }
}

/// `xq event new --ruleset axf` and `--ruleset rulesets/cn-1987.toml` take the `[event]`
/// tables of the ruleset files (equal to the presets documented in rulesets/README.md).
#[test]
fn event_new_picks_up_the_ruleset_event_tables() {
    let dir = std::env::temp_dir().join(format!("xq-event-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cn_path = format!("{RULESETS}cn-1987.toml");
    let axf_path = format!("{RULESETS}axf.toml");
    let axf = EventConfig {
        points: xiangqi::scheduling::PointSystem::TwoOneZero,
        ..EventConfig::default()
    };
    let cn = EventConfig {
        pairing: xiangqi::scheduling::PairingSystemId("berger".into()),
        bye_points: xiangqi::scheduling::ByePoints::Loss,
        tie_breaks: ["sonneborn-berger", "fouls"]
            .map(|t| xiangqi::scheduling::TieBreakId(t.into()))
            .to_vec(),
        ..EventConfig::default()
    };
    for (spec, want) in [
        ("axf", axf.clone()),
        (axf_path.as_str(), axf.clone()),
        ("cn-1987", cn.clone()),
        (cn_path.as_str(), cn.clone()),
    ] {
        // the file's own table, not a fallback
        let ruleset = Ruleset::load(spec).unwrap();
        assert!(ruleset.event.is_some(), "{spec}");
        assert_eq!(event_config_of(&ruleset).unwrap(), want, "{spec}");
        let file = dir.join(format!("{}.toml", spec.replace(['/', '.'], "_")));
        let _ = std::fs::remove_file(&file);
        new(new_args(file.clone(), spec)).unwrap();
        let ev = Event::from_toml(&std::fs::read_to_string(&file).unwrap()).unwrap();
        assert_eq!(ev.config, want, "{spec}");
        assert_eq!(ev.ruleset, spec);
        std::fs::remove_file(&file).unwrap();
    }
    let _ = std::fs::remove_dir(&dir);
}

/// `--division` is stored in the file and named on the header lines of the 编排记录表 and
/// the 成绩表; without it the file has no `division` key (older files read and write
/// unchanged).
#[test]
fn event_new_division_is_stored_and_named_on_the_headers() {
    let dir = std::env::temp_dir().join(format!("xq-event-division-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("men.toml");
    let plain = dir.join("plain.toml");
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_file(&plain);
    let mut a = new_args(file.clone(), "axf");
    a.division = Some("男子组".into());
    new(a).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("division = \"男子组\""), "{text}");
    pair(pair_args(&file), &who()).unwrap();
    let ev = load(&file).unwrap();
    assert_eq!(ev.division, "男子组");
    let record = Form::Record.text(&ev, &[], Some(1)).unwrap();
    assert!(record.starts_with("编排纪录公告  t  男子组\n"), "{record}");
    let table = Form::Table.text(&ev, &ev.standings(None), None).unwrap();
    assert!(table.starts_with("积分编排成绩表  t  男子组\n"), "{table}");
    new(new_args(plain.clone(), "axf")).unwrap();
    let text = std::fs::read_to_string(&plain).unwrap();
    assert!(!text.contains("division"), "{text}");
    let ev = Event::from_toml(&text).unwrap();
    assert!(
        Form::Table
            .text(&ev, &ev.standings(None), None)
            .unwrap()
            .starts_with("积分编排成绩表  t\n")
    );
    std::fs::remove_file(&file).unwrap();
    std::fs::remove_file(&plain).unwrap();
    let _ = std::fs::remove_dir(&dir);
}

/// `xq event pair FILE`: the system's next round, no flags.
fn pair_args(file: &Path) -> PairArgs {
    PairArgs {
        file: file.to_path_buf(),
        boards: Vec::new(),
        bye: None,
        json: false,
        explain: false,
        dry_run: false,
        date: None,
    }
}

/// `xq event pair --date`: the date is checked (exit 2, the file untouched), kept on the
/// round and recorded in the history with the pairing.
#[test]
fn pair_date_is_checked_and_kept_on_the_round() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("e.toml");
    new(new_args(file.clone(), "axf")).unwrap();
    let before = std::fs::read(&file).unwrap();
    for bad in ["2026-02-30", "28/11/2026", "tomorrow"] {
        let e = pair(
            PairArgs {
                date: Some(bad.into()),
                ..pair_args(&file)
            },
            &who(),
        )
        .unwrap_err();
        assert_eq!(e.exit_code(), 2, "{e}");
        assert!(e.to_string().contains("--date"), "{e}");
        assert!(e.to_string().contains("YYYY-MM-DD"), "{e}");
        assert_eq!(std::fs::read(&file).unwrap(), before, "after {e}");
    }
    pair(
        PairArgs {
            date: Some("2026-11-28".into()),
            ..pair_args(&file)
        },
        &who(),
    )
    .unwrap();
    let ev = load(&file).unwrap();
    assert_eq!(ev.round_date(1).map(|d| d.as_str()), Some("2026-11-28"));
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("paired round 1 (date 2026-11-28)"), "{text}");
    // without --date, no date
    for b in 1..=ev.paired[0].boards.len() as u32 {
        result(result_args(&file, 1, b, "1-0"), &who()).unwrap();
    }
    pair(pair_args(&file), &who()).unwrap();
    assert_eq!(load(&file).unwrap().round_date(2), None);
}

fn result_args(file: &Path, round: u32, board: u32, res: &str) -> ResultArgs {
    ResultArgs {
        file: file.to_path_buf(),
        round,
        board,
        result: res.into(),
        red_fouls: None,
        black_fouls: None,
        force: false,
    }
}

/// Every refused command is bad input (exit 2) and leaves the event file byte for byte as
/// it was.
#[test]
fn refused_commands_exit_2_and_leave_the_file_unchanged() {
    let dir = std::env::temp_dir().join(format!("xq-event-refuse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("e.toml");
    let _ = std::fs::remove_file(&file);
    new(new_args(file.clone(), "axf")).unwrap();
    // creating it again is refused
    assert_eq!(
        new(new_args(file.clone(), "axf")).unwrap_err().exit_code(),
        2
    );
    pair(pair_args(&file), &who()).unwrap();
    result(result_args(&file, 1, 1, "1-0"), &who()).unwrap();
    let before = std::fs::read(&file).unwrap();
    let refused: Vec<CliError> = vec![
        // a different result without --force
        result(result_args(&file, 1, 1, "0-1"), &who()).unwrap_err(),
        // no such board / round
        result(result_args(&file, 1, 9, "1-0"), &who()).unwrap_err(),
        result(result_args(&file, 4, 1, "1-0"), &who()).unwrap_err(),
        // not a result
        result(result_args(&file, 1, 2, "2-0"), &who()).unwrap_err(),
        // round 2 before round 1 is complete
        pair(pair_args(&file), &who()).unwrap_err(),
    ];
    for e in refused {
        assert_eq!(e.exit_code(), 2, "{e}");
        assert_eq!(std::fs::read(&file).unwrap(), before, "after {e}");
    }
    // a hand-broken file is named and refused
    std::fs::write(&file, b"name = 3").unwrap();
    let e = pair(pair_args(&file), &who()).unwrap_err();
    assert_eq!(e.exit_code(), 2);
    assert!(e.to_string().contains("e.toml"), "{e}");
    assert_eq!(std::fs::read(&file).unwrap(), b"name = 3");
    std::fs::remove_file(&file).unwrap();
    let _ = std::fs::remove_dir(&dir);
}

fn run_event(by: &str, seen: Option<u64>, cmd: EventCommand) -> Result<(), CliError> {
    run(EventArgs {
        cmd,
        by: Some(by.into()),
        expect_version: seen,
    })
}

/// The corrections: each refusal exits 2 and leaves the file byte for byte; each change is
/// recorded with who made it and undone by `undo`; a stale `--expect-version` is refused.
#[test]
fn corrections_are_recorded_refusals_leave_the_file_and_undo_walks_back() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("e.toml");
    new(new_args(file.clone(), "axf")).unwrap();
    let f = || file.clone();
    let pair_cmd = |boards: &[&str]| {
        EventCommand::Pair(PairArgs {
            boards: boards.iter().map(|b| b.to_string()).collect(),
            ..pair_args(&file)
        })
    };
    run_event("甲", None, pair_cmd(&[])).unwrap();
    run_event(
        "甲",
        Some(1),
        EventCommand::Result(result_args(&file, 1, 1, "1-0")),
    )
    .unwrap();
    let before = std::fs::read(&file).unwrap();
    let refused = vec![
        // stale: the writer saw version 1, the file is at 2
        run_event(
            "乙",
            Some(1),
            EventCommand::Result(result_args(&file, 1, 2, "=")),
        ),
        // round 1 has a result
        run_event(
            "乙",
            None,
            EventCommand::Unpair(UnpairArgs {
                file: f(),
                force: false,
            }),
        ),
        // round 1 is not complete
        run_event("乙", None, pair_cmd(&[])),
        run_event(
            "乙",
            None,
            EventCommand::Swap(BoardArgs {
                file: f(),
                round: 1,
                board: 7,
            }),
        ),
        run_event(
            "乙",
            None,
            EventCommand::EditPlayer(EditPlayerArgs {
                file: f(),
                no: 9,
                name: Some("x".into()),
                unit: None,
                rating: None,
                no_rating: false,
            }),
        ),
        run_event(
            "乙",
            None,
            EventCommand::Reinstate(PlayerArgs { file: f(), no: 1 }),
        ),
        run_event(
            "乙",
            None,
            EventCommand::Rename(RenameArgs {
                file: f(),
                name: " ".into(),
            }),
        ),
        run_event("乙", Some(0), EventCommand::Delete(FileArgs { file: f() })),
    ];
    for e in refused {
        let e = e.unwrap_err();
        assert_eq!(e.exit_code(), 2, "{e}");
        assert_eq!(std::fs::read(&file).unwrap(), before, "after {e}");
    }
    run_event(
        "乙",
        Some(2),
        EventCommand::Swap(BoardArgs {
            file: f(),
            round: 1,
            board: 1,
        }),
    )
    .unwrap();
    run_event(
        "乙",
        None,
        EventCommand::Unpair(UnpairArgs {
            file: f(),
            force: true,
        }),
    )
    .unwrap();
    let ev = load(&file).unwrap();
    assert!(ev.paired.is_empty());
    assert_eq!(ev.version(), 4);
    assert_eq!(ev.history[3].by, "乙");
    run_event("丙", None, EventCommand::Undo(FileArgs { file: f() })).unwrap();
    run_event("丙", None, EventCommand::Undo(FileArgs { file: f() })).unwrap();
    let ev = load(&file).unwrap();
    assert_eq!(ev.paired[0].boards[0].result.as_deref(), Some("1-0"));
    // a manual pairing of round 2 that repeats round 1 is made, recorded as manual
    let mut ev2 = ev.clone();
    for b in 2..=ev2.paired[0].boards.len() as u32 {
        Edit::new(&mut ev2)
            .enter_result(1, b, "=", (None, None), false)
            .unwrap();
    }
    Store::new(&file)
        .edit(&Writer::new("甲"), |e| {
            for b in 2..=ev2.paired[0].boards.len() as u32 {
                e.enter_result(1, b, "=", (None, None), false)?;
            }
            Ok(())
        })
        .unwrap();
    let r1: Vec<String> = ev2.paired[0]
        .boards
        .iter()
        .map(|b| format!("{}-{}", b.red, b.black))
        .collect();
    let r1: Vec<&str> = r1.iter().map(String::as_str).collect();
    run_event("甲", None, pair_cmd(&r1)).unwrap();
    let ev = load(&file).unwrap();
    assert!(ev.paired[1].manual);
    assert!(
        ev.history
            .last()
            .unwrap()
            .what
            .starts_with("paired round 2 by hand")
    );
    run_event("甲", None, EventCommand::Delete(FileArgs { file: f() })).unwrap();
    assert!(!file.exists());
    let trash: Vec<_> = std::fs::read_dir(dir.path().join(".trash"))
        .unwrap()
        .collect();
    assert_eq!(trash.len(), 1);
}

/// `--players-file` reads what the desk reads: a heading, 单位 first, spaces; bad lines are
/// refused with nothing written.
#[test]
fn players_file_takes_a_heading_and_any_column_order() {
    let dir = tempfile::tempdir().unwrap();
    let list = dir.path().join("p.txt");
    std::fs::write(
        &list,
        "序号 单位 姓名 等级分\n1 北京队 张三 2100\n2 上海队 李四\n3 北京队 王五 1900\n",
    )
    .unwrap();
    let file = dir.path().join("e.toml");
    let mut a = new_args(file.clone(), "axf");
    a.players = Vec::new();
    a.players_file = Some(list.display().to_string());
    a.no_lot = true;
    new(a).unwrap();
    let ev = load(&file).unwrap();
    let got: Vec<(&str, &str, Option<u32>)> = ev
        .players
        .iter()
        .map(|p| (p.name.as_str(), p.club.as_str(), p.rating))
        .collect();
    assert_eq!(
        got,
        vec![
            ("张三", "北京队", Some(2100)),
            ("李四", "上海队", None),
            ("王五", "北京队", Some(1900))
        ]
    );
    std::fs::write(&list, "姓名,单位,等级分\n张三,北京,x\n李四,上海\n").unwrap();
    let bad = dir.path().join("bad.toml");
    let mut a = new_args(bad.clone(), "axf");
    a.players = Vec::new();
    a.players_file = Some(list.display().to_string());
    let e = new(a).unwrap_err();
    assert_eq!(e.exit_code(), 2);
    assert!(e.to_string().contains("1 bad line"), "{e}");
    assert!(!bad.exists());
}
