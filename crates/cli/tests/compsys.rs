//! The competition systems of the 1987 rules from the command line (issue 11, `CLI.md`
//! "Additions (2026-11-23)"): knockouts (single and double) played out with "the better seed
//! always wins", groups then a final, the `--json` shapes, and the refusals (exit 2, file
//! untouched).

use std::path::Path;
use std::process::{Command, Output, Stdio};

const XQ: &str = env!("CARGO_BIN_EXE_xq");

fn xq(args: &[&str]) -> Output {
    Command::new(XQ)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("xq runs")
}

fn ok(args: &[&str]) -> String {
    let o = xq(args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).expect("UTF-8")
}

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).expect("JSON")
}

fn p(path: &Path) -> &str {
    path.to_str().expect("UTF-8 path")
}

/// Creates an event of `n` players `P1…Pn` seeded in that order.
fn new_event(file: &Path, system: &str, n: u32, extra: &[&str]) {
    let names: Vec<String> = (1..=n).map(|i| format!("P{i}")).collect();
    let mut args = vec!["event", "new", p(file), "--system", system, "--no-lot"];
    args.extend_from_slice(extra);
    for name in &names {
        args.push("--player");
        args.push(name);
    }
    ok(&args);
}

/// Pairs and enters "the better seed (lower number) wins" until the event is over; returns
/// every paired round's JSON.
fn play_out(file: &Path) -> Vec<serde_json::Value> {
    let mut rounds = Vec::new();
    for _ in 0..200 {
        let o = xq(&["event", "pair", p(file), "--json"]);
        if o.status.code() == Some(2) {
            assert!(
                String::from_utf8_lossy(&o.stderr).contains("over"),
                "{}",
                String::from_utf8_lossy(&o.stderr)
            );
            return rounds;
        }
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
        let round = v["round"].as_u64().unwrap().to_string();
        for b in v["boards"].as_array().unwrap() {
            let (red, black) = (b["red"].as_u64().unwrap(), b["black"].as_u64().unwrap());
            let games = if v["playoff"].is_null() { 1 } else { 2 };
            let one = if red < black { "1-0" } else { "0-1" };
            let res = if games == 2 {
                format!("{one} =")
            } else {
                one.to_string()
            };
            ok(&[
                "event",
                "result",
                p(file),
                &round,
                &b["board"].as_u64().unwrap().to_string(),
                &res,
            ]);
        }
        rounds.push(v);
    }
    panic!("the event does not end");
}

fn pairs(v: &serde_json::Value) -> Vec<(u64, u64)> {
    let mut out: Vec<(u64, u64)> = v["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| {
            let (r, k) = (b["red"].as_u64().unwrap(), b["black"].as_u64().unwrap());
            (r.min(k), r.max(k))
        })
        .collect();
    out.sort();
    out
}

#[test]
fn knockout_better_seed_always_wins() {
    let dir = tempfile::tempdir().unwrap();
    for n in [2u32, 3, 5, 8, 13] {
        let file = dir.path().join(format!("ko{n}.toml"));
        new_event(&file, "knockout", n, &[]);
        let rounds = play_out(&file);
        let last = rounds.last().unwrap();
        assert_eq!(last["stage"], 1);
        assert_eq!(pairs(last), [(1, 2)], "n={n}: the final");
        if n >= 4 {
            assert_eq!(pairs(&rounds[rounds.len() - 2]), [(1, 4), (2, 3)], "n={n}");
        }
        let size = n.next_power_of_two();
        let byes: Vec<u64> = rounds[0]["byes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b.as_u64().unwrap())
            .collect();
        assert_eq!(byes, (1..=u64::from(size - n)).collect::<Vec<_>>(), "n={n}");
        let st = json(&["event", "standings", p(&file), "--json"]);
        let first = &st["standings"][0];
        assert_eq!(
            (first["rank"].clone(), first["no"].clone()),
            (1.into(), 1.into())
        );
        assert_eq!(first["name"], "P1");
        assert_eq!(st["standings"][1]["no"], 2);
        // the export keeps the results
        let ex = json(&["event", "export", p(&file), "--format", "json"]);
        assert!(ex["paired_rounds"][0]["boards"][0]["result"].is_string());
    }
}

#[test]
fn knockout_drawn_match_goes_to_play_offs() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("po.toml");
    new_event(&file, "knockout", 2, &[]);
    ok(&["event", "pair", p(&file)]);
    ok(&["event", "result", p(&file), "1", "1", "="]);
    let v = json(&["event", "pair", p(&file), "--json"]);
    assert_eq!(v["playoff"], 1, "{v}");
    assert!(v["notes"][0].as_str().unwrap().contains("附加赛"));
    ok(&["event", "result", p(&file), "2", "1", "1-0 0-1"]);
    ok(&["event", "result", p(&file), "2", "1", "1-0 0-1"]);
    let v = json(&["event", "pair", p(&file), "--json"]);
    assert_eq!(v["playoff"], 2);
    ok(&["event", "result", p(&file), "3", "1", "= ="]);
    // the decider: a draw counts as a win for Black
    let v = json(&["event", "pair", p(&file), "--json"]);
    assert_eq!(v["playoff"], 3);
    let black = v["boards"][0]["black"].as_u64().unwrap();
    ok(&["event", "result", p(&file), "4", "1", "="]);
    let st = json(&["event", "standings", p(&file), "--json"]);
    assert_eq!(st["standings"][0]["no"].as_u64(), Some(black));
}

#[test]
fn double_knockout_everyone_leaves_after_two_losses() {
    let dir = tempfile::tempdir().unwrap();
    for n in [2u32, 4, 6, 9] {
        let file = dir.path().join(format!("dk{n}.toml"));
        new_event(&file, "double-knockout", n, &[]);
        let rounds = play_out(&file);
        let mut losses = std::collections::HashMap::new();
        for r in &rounds {
            for (a, b) in pairs(r) {
                // the better seed won
                let _ = a;
                *losses.entry(b).or_insert(0) += 1;
            }
        }
        assert_eq!(losses.len() as u32, n - 1, "n={n}");
        assert!(losses.values().all(|&c| c == 2), "n={n}: {losses:?}");
        let gf = rounds.last().unwrap();
        assert_eq!(gf["boards"][0]["bracket"], "GF");
        assert_eq!(pairs(gf), [(1, 2)]);
    }
}

#[test]
fn groups_then_a_knockout_final() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("g.toml");
    let out = {
        let names: Vec<String> = (1..=8).map(|i| format!("P{i}")).collect();
        let mut args = vec![
            "event",
            "new",
            p(&file),
            "--system",
            "groups",
            "--groups",
            "2",
            "--final",
            "knockout",
            "--no-lot",
        ];
        for n in &names {
            args.push("--player");
            args.push(n);
        }
        ok(&args)
    };
    // snake seeding: A = 1 4 5 8, B = 2 3 6 7
    assert!(out.contains("group A: 1 4 5 8"), "{out}");
    assert!(out.contains("group B: 2 3 6 7"), "{out}");
    assert!(out.contains("system: groups"), "{out}");
    let rounds = play_out(&file);
    // 3 group rounds, then the final: semis A1–B2, B1–A2, then the final
    assert_eq!(rounds.len(), 5);
    assert_eq!(rounds[3]["stage"], 2);
    assert_eq!(pairs(&rounds[3]), [(1, 3), (2, 4)]);
    assert_eq!(pairs(&rounds[4]), [(1, 2)]);
    let st = json(&["event", "standings", p(&file), "--json"]);
    let nos: Vec<u64> = st["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["no"].as_u64().unwrap())
        .collect();
    assert_eq!(&nos[..2], &[1, 2]);
    assert_eq!(nos.len(), 8);
    assert_eq!(st["stages"][0]["groups"].as_array().unwrap().len(), 2);
}

#[test]
fn unsafe_settings_are_refused_and_the_file_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("e.toml");
    let forty: Vec<String> = (1..=40).map(|i| format!("P{i}")).collect();
    let mut args = vec![
        "event",
        "new",
        p(&file),
        "--ruleset",
        "cn-1987",
        "--rounds",
        "9",
    ];
    for n in &forty {
        args.push("--player");
        args.push(n);
    }
    let o = xq(&args);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--allow-partial"));
    assert!(!file.exists());
    let o = xq(&[
        "event",
        "new",
        p(&file),
        "--rounds",
        "0",
        "--player",
        "A",
        "--player",
        "B",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!file.exists());
    // cn-1987 --system swiss: the seed-002 preset, printed with its chain; rounds from the field
    args.truncate(5);
    args.extend(["--system", "swiss"]);
    for n in &forty[..18] {
        args.push("--player");
        args.push(n);
    }
    let out = ok(&args);
    assert!(out.contains("18 players, 5 rounds"), "{out}");
    assert!(
        out.contains("swiss (积分编排制); tie-breaks: 积分 → buchholz → wins → fouls → black-wins → black-games → previous-rounds"),
        "{out}"
    );
}

#[test]
fn rulesets_check_reports_event_keys_with_their_location() {
    let dir = tempfile::tempdir().unwrap();
    for (body, want) in [
        ("pairng = \"berger\"", ":7:1: unknown field `pairng`"),
        (
            "games_per_match = 3",
            ":7:19: games_per_match must be 1 or 2",
        ),
        ("team_boards = 40", ":7:15: team_boards 40 is out of range"),
        ("pairing = \"dutch\"", ":7:11: unknown pairing system"),
    ] {
        let rs = dir.path().join("rs.toml");
        std::fs::write(
            &rs,
            format!("schema = 1\nid = \"x\"\nedition = \"axf\"\ntitle = \"t\"\nsource = \"s\"\n[event]\n{body}\n"),
        )
        .unwrap();
        let o = xq(&["rulesets", "check", p(&rs)]);
        assert_eq!(o.status.code(), Some(2), "{body}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(want), "{body}: {err}");
    }
}

fn run_stdin(args: &[&str], input: &str) -> Output {
    use std::io::Write as _;
    let mut child = Command::new(XQ)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("xq runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn administration_withdrawals_byes_late_entries_manual_pairing_bulk_results() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a.toml");
    new_event(&file, "swiss", 6, &["--rounds", "3"]);
    ok(&["event", "bye", p(&file), "6", "--round", "1"]);
    let r1 = json(&["event", "pair", p(&file), "--json"]);
    assert!(!r1["boards"].to_string().contains(":6"), "{r1}");
    // bulk entry: a bad line changes nothing
    let before = std::fs::read(&file).unwrap();
    let o = run_stdin(&["event", "results", p(&file), "-"], "1 1 1-0\n1 7 1-0\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 2"));
    assert_eq!(std::fs::read(&file).unwrap(), before);
    let o = run_stdin(
        &["event", "results", p(&file)],
        "1 1 1-0\n# a comment\n1 2 =\n",
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    ok(&["event", "withdraw", p(&file), "1"]);
    ok(&["event", "add", p(&file), "--player", "Late,北京,2100"]);
    // a manual pairing must pair everyone present; it is recorded as manual
    let o = xq(&["event", "pair", p(&file), "--board", "2-3"]);
    assert_eq!(o.status.code(), Some(2));
    let r2 = json(&[
        "event",
        "pair",
        p(&file),
        "--board",
        "2-3",
        "--board",
        "4-5",
        "--board",
        "6-7",
        "--json",
    ]);
    assert_eq!(r2["notes"][0], "manual pairing by the arbiter");
    ok(&["event", "result", p(&file), "2", "1", "1-0"]);
    ok(&["event", "result", p(&file), "2", "2", "1-0"]);
    ok(&["event", "result", p(&file), "2", "3", "1-0"]);
    let r3 = json(&["event", "pair", p(&file), "--json"]);
    for b in r3["boards"].as_array().unwrap() {
        assert_ne!(b["red"], 1);
        assert_ne!(b["black"], 1);
    }
    let units = json(&["event", "units", p(&file), "--json"]);
    assert!(units["units"].is_array());
}

#[test]
fn team_event_rosters_lineups_and_the_form() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.toml");
    let out = ok(&[
        "event",
        "new",
        p(&file),
        "--name",
        "团体赛",
        "--system",
        "round-robin",
        "--team-boards",
        "4",
        "--no-lot",
        "--team",
        "北京:蒋川,王跃飞,金波,唐丹,刘欢,么毅",
        "--team",
        "上海:谢靖,孙勇征,万春林,宇兵,华辰昊,董嘉琪",
    ]);
    assert!(out.contains("2 teams, 1 rounds"), "{out}");
    assert!(out.contains("1.蒋川 2.王跃飞"), "{out}");
    ok(&["event", "pair", p(&file)]);
    // 分台换人制: a reserve may play, the order never inverts; refused with the reason
    let before = std::fs::read(&file).unwrap();
    let o = xq(&[
        "event",
        "lineup",
        p(&file),
        "1",
        "1",
        "--team",
        "1",
        "--members",
        "1,3,2,5",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("never inverted"));
    assert_eq!(std::fs::read(&file).unwrap(), before);
    ok(&[
        "event",
        "lineup",
        p(&file),
        "1",
        "1",
        "--team",
        "1",
        "--members",
        "1,2,5,6",
    ]);
    ok(&["event", "result", p(&file), "1", "1", "1-0 = = 0-1"]);
    let form = ok(&[
        "event",
        "export",
        p(&file),
        "--format",
        "lineups",
        "--round",
        "1",
    ]);
    assert_eq!(
        form,
        "团体赛  第 1 轮  对阵表\n\
         第 1 场  北京 – 上海\n  \
         1. 红 蒋川 (北京) – 黑 谢靖 (上海)  1-0\n  \
         2. 红 孙勇征 (上海) – 黑 王跃飞 (北京)  =\n  \
         3. 红 刘欢 (北京) – 黑 万春林 (上海)  =\n  \
         4. 红 宇兵 (上海) – 黑 么毅 (北京)  1-0\n"
    );
    let st = json(&["event", "standings", p(&file), "--json"]);
    // seed 003: 场分 2/1/0 — a 2–2 match is drawn, 1 each
    assert_eq!(st["standings"][0]["points"], 1.0);
}

/// 全队轮赛制: every member of one line-up plays every member of the other, boards² games a
/// match in sub-rounds, each member's colours alternating; the result lists every game from the
/// first-listed team's side, and a result with the games of a board match is refused.
#[test]
fn team_all_play_all_every_member_meets_every_member() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("apa.toml");
    ok(&[
        "event",
        "new",
        p(&file),
        "--name",
        "全队轮赛",
        "--system",
        "round-robin",
        "--team-boards",
        "3",
        "--all-play-all",
        "--no-lot",
        "--team",
        "北京:蒋川,王跃飞,金波",
        "--team",
        "上海:谢靖,孙勇征,万春林",
    ]);
    ok(&["event", "pair", p(&file)]);
    let before = std::fs::read(&file).unwrap();
    let o = xq(&["event", "result", p(&file), "1", "1", "1-0 = = 0-1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("this event plays 9 per pairing"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(std::fs::read(&file).unwrap(), before);
    ok(&[
        "event",
        "result",
        p(&file),
        "1",
        "1",
        "1-0 = = 0-1 1-0 = = 0-1 1-0",
    ]);
    let form = ok(&["event", "export", p(&file), "--format", "lineups"]);
    assert_eq!(
        form,
        "全队轮赛  第 1 轮  对阵表\n\
         第 1 场  北京 – 上海\n  \
         第 1 小轮\n  \
         1. 红 蒋川 (北京) – 黑 谢靖 (上海)  1-0\n  \
         2. 红 孙勇征 (上海) – 黑 王跃飞 (北京)  =\n  \
         3. 红 金波 (北京) – 黑 万春林 (上海)  =\n  \
         第 2 小轮\n  \
         4. 红 孙勇征 (上海) – 黑 蒋川 (北京)  1-0\n  \
         5. 红 王跃飞 (北京) – 黑 万春林 (上海)  1-0\n  \
         6. 红 谢靖 (上海) – 黑 金波 (北京)  =\n  \
         第 3 小轮\n  \
         7. 红 蒋川 (北京) – 黑 万春林 (上海)  =\n  \
         8. 红 谢靖 (上海) – 黑 王跃飞 (北京)  1-0\n  \
         9. 红 金波 (北京) – 黑 孙勇征 (上海)  1-0\n"
    );
    // 局分 5–4 over the nine games: 北京 wins the match, 场分 2–0 (seed 003).
    let st = json(&["event", "standings", p(&file), "--json"]);
    assert_eq!(st["standings"][0]["name"], "北京");
    assert_eq!(st["standings"][0]["points"], 2.0);
    assert_eq!(st["standings"][1]["points"], 0.0);
    // Without teams there is nothing to play all against all.
    let o = xq(&[
        "event",
        "new",
        p(&dir.path().join("x.toml")),
        "--system",
        "swiss",
        "--all-play-all",
        "--player",
        "A",
        "--player",
        "B",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(!dir.path().join("x.toml").exists());
}

#[test]
fn a_team_knockout_uses_the_seed_003_scoring() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tk.toml");
    let out = ok(&[
        "event",
        "new",
        p(&file),
        "--system",
        "knockout",
        "--team-boards",
        "2",
        "--no-lot",
        "--team",
        "A:a1,a2",
        "--team",
        "B:b1,b2,b3",
    ]);
    assert!(out.contains("2 teams"), "{out}");
    assert!(out.contains("2-board team matches"), "{out}");
    ok(&["event", "pair", p(&file)]);
    ok(&["event", "result", p(&file), "1", "1", "1-0 ="]);
    let o = xq(&["event", "pair", p(&file)]);
    assert_eq!(o.status.code(), Some(2), "the knockout is over");
    let st = json(&["event", "standings", p(&file), "--json"]);
    let first = st["standings"][0]["no"].as_u64().unwrap();
    let ev = json(&["event", "export", p(&file), "--format", "json"]);
    let b = &ev["paired_rounds"][0]["boards"][0];
    assert_eq!(
        Some(first),
        b["red"].as_u64(),
        "the first-listed team won 1½–½"
    );
}

#[test]
fn groups_with_a_round_robin_final_and_placement_matches() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("gp.toml");
    new_event(
        &file,
        "groups",
        8,
        &["--groups", "2", "--placement", "--ruleset", "cn-1987"],
    );
    let rounds = play_out(&file);
    // 3 group rounds, the final (a round robin of 4: 3 rounds), then one placement round
    assert_eq!(rounds.len(), 7);
    assert_eq!(rounds[6]["stage"], 3);
    // the thirds (5 and 6) and the fourths (8 and 7) meet
    assert_eq!(pairs(&rounds[6]), [(5, 6), (7, 8)]);
    let st = json(&["event", "standings", p(&file), "--json"]);
    let nos: Vec<u64> = st["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["no"].as_u64().unwrap())
        .collect();
    assert_eq!(nos, [1, 2, 3, 4, 5, 6, 7, 8]);
    let ranks: Vec<u64> = st["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["rank"].as_u64().unwrap())
        .collect();
    assert_eq!(ranks, [1, 2, 3, 4, 5, 6, 7, 8]);
}

/// Hand-edited event files in stages (a knockout mid-way, groups with a final) never make `xq`
/// panic: every mutation is read or refused (exit 0 or 2).
#[test]
fn mutated_staged_event_files_never_panic() {
    let dir = tempfile::tempdir().unwrap();
    let ko = dir.path().join("ko.toml");
    new_event(&ko, "double-knockout", 6, &[]);
    ok(&["event", "pair", p(&ko)]);
    ok(&["event", "result", p(&ko), "1", "1", "="]);
    ok(&["event", "result", p(&ko), "1", "2", "1-0"]);
    ok(&["event", "pair", p(&ko)]);
    let g = dir.path().join("g.toml");
    new_event(
        &g,
        "groups",
        6,
        &["--groups", "2", "--final", "knockout", "--placement"],
    );
    ok(&["event", "pair", p(&g)]);
    let mut state = 12345u64;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) as usize) % n.max(1)
    };
    for src in [&ko, &g] {
        let text = std::fs::read(src).unwrap();
        for i in 0..60 {
            let mut b = text.clone();
            // replace a digit by another, or cut the file
            if i % 5 == 0 {
                b.truncate(next(b.len() + 1));
            } else {
                let digits: Vec<usize> = (0..b.len()).filter(|&k| b[k].is_ascii_digit()).collect();
                let k = digits[next(digits.len())];
                b[k] = b"0123456789"[next(10)];
            }
            let f = dir.path().join("m.toml");
            std::fs::write(&f, &b).unwrap();
            for cmd in [
                vec!["event", "standings", p(&f), "--json"],
                vec!["event", "pair", p(&f), "--json"],
                vec!["event", "export", p(&f), "--format", "json"],
            ] {
                let o = xq(&cmd);
                let code = o.status.code();
                assert!(
                    code == Some(0) || code == Some(2),
                    "{cmd:?} on mutation {i}: exit {code:?}: {}",
                    String::from_utf8_lossy(&o.stderr)
                );
            }
        }
    }
}

#[test]
fn two_game_knockout_matches_swap_colours_and_a_tie_goes_to_play_offs() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("k2.toml");
    new_event(&file, "knockout", 4, &["--games", "2"]);
    ok(&["event", "pair", p(&file)]);
    // a result must hold both games
    let o = xq(&["event", "result", p(&file), "1", "1", "1-0"]);
    assert_eq!(o.status.code(), Some(2));
    ok(&["event", "result", p(&file), "1", "1", "1-0 =", "--force"]);
    ok(&["event", "result", p(&file), "1", "2", "1-0 0-1"]);
    let v = json(&["event", "pair", p(&file), "--json"]);
    assert_eq!(v["playoff"], 1, "{v}");
    assert_eq!(v["boards"].as_array().unwrap().len(), 1);
}

#[test]
fn a_withdrawn_knockout_player_gives_a_walkover() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("kw.toml");
    new_event(&file, "knockout", 4, &[]);
    ok(&["event", "pair", p(&file)]);
    ok(&["event", "result", p(&file), "1", "1", "1-0"]);
    ok(&["event", "result", p(&file), "1", "2", "1-0"]);
    // a finalist withdraws: the final is entered as a forfeit at pairing
    let ex = json(&["event", "export", p(&file), "--format", "json"]);
    let b = &ex["paired_rounds"][0]["boards"][0];
    let winner = b["red"].as_u64().unwrap();
    ok(&["event", "withdraw", p(&file), &winner.to_string()]);
    let v = json(&["event", "pair", p(&file), "--json"]);
    assert_eq!(v["boards"].as_array().unwrap().len(), 1);
    let ex = json(&["event", "export", p(&file), "--format", "json"]);
    let fin = &ex["paired_rounds"][1]["boards"][0];
    let res = fin["result"].as_str().unwrap();
    assert!(res == "+-" || res == "-+", "{res}");
    let o = xq(&["event", "pair", p(&file)]);
    assert_eq!(o.status.code(), Some(2), "the knockout is over");
    let st = json(&["event", "standings", p(&file), "--json"]);
    assert_ne!(st["standings"][0]["no"].as_u64(), Some(winner));
}

/// `xq event check`: a clean event exits 0; a manual pairing that repeats round 1 warns on
/// standard error, is stored, and `check` lists it with the rule's words and exits 3.
#[test]
fn check_reports_a_manual_rematch_and_exits_3() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("swiss.toml");
    new_event(&file, "swiss", 4, &["--rounds", "3"]);
    ok(&["event", "pair", p(&file)]);
    ok(&["event", "result", p(&file), "1", "1", "1-0"]);
    ok(&["event", "result", p(&file), "1", "2", "="]);
    assert!(ok(&["event", "check", p(&file)]).contains("1 round checked, 0 deviations"));
    let o = xq(&[
        "event",
        "pair",
        p(&file),
        "--board",
        "2-1",
        "--board",
        "4-3",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("xq: warning:")
            && err.contains("round 2 board 1: rematch: 2 and 1 met in round 1"),
        "{err}"
    );
    let o = xq(&["event", "check", p(&file), "--json"]);
    assert_eq!(o.status.code(), Some(3));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let kinds: Vec<&str> = v["deviations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["kind"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["manual", "rematch", "rematch"]);
    assert!(
        v["deviations"][1]["rule"]
            .as_str()
            .unwrap()
            .contains("相遇过的对手不再编对")
    );
    // a round not paired is refused
    assert_eq!(
        xq(&["event", "check", p(&file), "--round", "9"])
            .status
            .code(),
        Some(2)
    );
}

/// `xq event pair --explain` says why (编排说明) after the pairing, and in JSON as
/// `explanation`; the stored round is the one `pair` without it stores.
#[test]
fn pair_explains_the_round_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.toml"), dir.path().join("b.toml"));
    new_event(&a, "swiss", 5, &["--rounds", "3"]);
    new_event(&b, "swiss", 5, &["--rounds", "3"]);
    let plain = ok(&["event", "pair", p(&a)]);
    let explained = ok(&["event", "pair", p(&b), "--explain"]);
    assert!(explained.starts_with(&plain), "{explained}");
    assert!(
        explained.contains("编排说明") && explained.contains("第一轮"),
        "{explained}"
    );
    assert_eq!(
        std::fs::read_to_string(&a).unwrap(),
        std::fs::read_to_string(&b).unwrap()
    );
    for file in [&a, &b] {
        ok(&["event", "result", p(file), "1", "1", "1-0"]);
        ok(&["event", "result", p(file), "1", "2", "="]);
    }
    let plain = json(&["event", "pair", p(&a), "--json"]);
    let v = json(&["event", "pair", p(&b), "--json", "--explain"]);
    assert!(plain.get("explanation").is_none());
    let lines: Vec<&str> = v["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert!(
        lines.iter().any(|l| l.contains("score groups")) && lines.iter().any(|l| l.contains("bye")),
        "{lines:?}"
    );
    assert_eq!(v["boards"], plain["boards"]);
    // not with a manual pairing
    assert_eq!(
        xq(&["event", "pair", p(&a), "--board", "1-2", "--explain"])
            .status
            .code(),
        Some(2)
    );
}

/// `xq event import` of a TRF file, then `check`, `pair` and the round trip through
/// `export --format trf`.
#[test]
fn import_a_trf_file_then_pair_check_and_export() {
    let dir = tempfile::tempdir().unwrap();
    let trf = dir.path().join("club.trf");
    let mut text = String::from("012 Club Swiss\nXXR 3\n");
    // 4 players, round 1: 1 (w) beat 2, 3 (w) drew with 4
    for (no, opp, col, res) in [
        (1, 2, 'w', '1'),
        (2, 1, 'b', '0'),
        (3, 4, 'w', '='),
        (4, 3, 'b', '='),
    ] {
        let name = format!("Player {no}");
        text.push_str(&format!(
            "001 {no:>4}      {name:<33} {:>4}{}{:>4.1} {:>4}  {opp:>4} {col} {res}\n",
            2000 - no,
            " ".repeat(28),
            0.0,
            no
        ));
    }
    std::fs::write(&trf, &text).unwrap();
    let v = json(&["event", "import", p(&trf), "--json"]);
    assert_eq!(
        (
            v["players"].as_u64(),
            v["paired"].as_u64(),
            v["rounds"].as_u64()
        ),
        (Some(4), Some(1), Some(3))
    );
    let event = dir.path().join("club.toml");
    assert!(event.exists());
    // importing again would overwrite: refused
    assert_eq!(xq(&["event", "import", p(&trf)]).status.code(), Some(2));
    ok(&["event", "pair", p(&event)]);
    let out = ok(&["event", "export", p(&event), "--format", "trf"]);
    assert!(out.starts_with("012 Club Swiss\n"), "{out}");
    assert!(out.contains("001    1      Player 1"), "{out}");
    // garbage is refused with its line, nothing written
    let bad = dir.path().join("bad.trf");
    std::fs::write(&bad, "001 abcd      X\n").unwrap();
    let o = xq(&["event", "import", p(&bad)]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 1"));
    assert!(!dir.path().join("bad.toml").exists());
}

#[test]
fn a_gbk_trf_is_decoded_as_the_game_readers_do() {
    let dir = tempfile::tempdir().unwrap();
    let trf = dir.path().join("gbk.trf");
    // 012 北京公开赛, two players with Chinese names, round 1 played: GBK bytes as Excel or a
    // Chinese Windows tool writes them (each name 2 characters, 4 bytes in GBK, 4 columns)
    let mut bytes: Vec<u8> = b"012 ".to_vec();
    bytes.extend_from_slice(&[0xB1, 0xB1, 0xBE, 0xA9, 0xB9, 0xAB, 0xBF, 0xAA, 0xC8, 0xFC]);
    bytes.push(b'\n');
    for (no, name, opp, col, res) in [
        (1, [0xD5u8, 0xC5, 0xC8, 0xFD], 2, 'w', '1'),
        (2, [0xC0, 0xEE, 0xCB, 0xC4], 1, 'b', '0'),
    ] {
        bytes.extend_from_slice(format!("001 {no:>4}      ").as_bytes());
        bytes.extend_from_slice(&name);
        // the name field is 33 columns: 2 characters and 31 blanks
        bytes.extend_from_slice(
            format!(
                "{} {:>4}{}{opp:>4} {col} {res}\n",
                " ".repeat(31),
                1900,
                " ".repeat(39)
            )
            .as_bytes(),
        );
    }
    std::fs::write(&trf, &bytes).unwrap();
    let v = json(&["event", "import", p(&trf), "--json"]);
    assert_eq!(v["name"].as_str(), Some("北京公开赛"));
    assert_eq!(v["paired"].as_u64(), Some(1));
    let out = ok(&["event", "standings", p(&dir.path().join("gbk.toml"))]);
    assert!(out.contains("张三") && out.contains("李四"), "{out}");
}

#[test]
fn a_trf_pairing_number_over_9999_is_refused_with_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let trf = dir.path().join("wide.trf");
    std::fs::write(
        &trf,
        "012 Wide\n001 10000      Test10000                         2000\n",
    )
    .unwrap();
    let o = xq(&["event", "import", p(&trf)]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("line 2: column 9:"), "{err}");
    assert!(!dir.path().join("wide.toml").exists());
}
