//! The one-board club event the game-log tests start from.

use std::path::Path;
use std::process::Command;

/// `xq ARGS` run in `dir`: exit code, standard output, standard error.
pub fn xq(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let o = Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("xq runs");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

/// `xq ARGS` run in `dir`, which must succeed: its standard output.
pub fn ok(dir: &Path, args: &[&str]) -> String {
    let (c, out, err) = xq(dir, args);
    assert_eq!(c, 0, "xq {args:?}: {err}");
    out
}

/// In `d`: the event `club.toml` (`name`, cn-1987, one round, 甲 v 乙 in that order, paired)
/// and the log `log` of its board 1, started by `xq game new`; that command's output.
pub fn club_board(d: &Path, name: &str, log: &str) -> String {
    ok(
        d,
        &[
            "event",
            "new",
            "club.toml",
            "--name",
            name,
            "--ruleset",
            "cn-1987",
            "--rounds",
            "1",
            "--no-lot",
            "--player",
            "甲",
            "--player",
            "乙",
        ],
    );
    ok(d, &["event", "pair", "club.toml"]);
    ok(
        d,
        &[
            "game",
            "new",
            log,
            "--event",
            "club.toml",
            "--round",
            "1",
            "--board",
            "1",
        ],
    )
}
