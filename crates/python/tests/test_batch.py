"""`xiangqi_rules.judge_batch`: line for line the output of `xq judge --batch --json`, with the
CLI's default rulesets too."""

import pathlib

import xiangqi_rules as xr
from conftest import run_xq, shared_dir


def batch_lines(path, rulesets, jobs):
    return [r.to_json_line() for r in xr.judge_batch(path, rulesets=rulesets, jobs=jobs)]


def test_national_games_equal_xq_judge_batch_json_with_the_default_rulesets():
    shared = shared_dir("judge_batch on the national games")
    pgn = shared / "data" / "games" / "ccpd-national" / "ccpd_national.pgn"
    # No rulesets named on either side: the defaults are the same (axf, then cn-1987).
    out = run_xq("judge", "--batch", str(pgn), "--json", "--jobs", "0")
    assert out.returncode == 0, out.stderr
    expected = out.stdout.decode().splitlines()
    got = batch_lines(pgn, None, jobs=0)
    assert len(got) == len(expected) == 7000
    for i, (a, b) in enumerate(zip(got, expected)):
        assert a == b, f"game {i + 1} differs"


def test_one_thread_and_many_give_the_same_lines_in_order(tmp_path):
    text = "".join(
        f'[Event "g{i}"]\n[Red "r{i}"]\n[Black "b{i}"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 h9i9 4. h0i0 i9h9 5. i0h0 h9i9 6. h0i0 *\n\n'
        for i in range(700)
    )
    path = tmp_path / "many.pgn"
    path.write_text(text, encoding="utf-8")
    one = batch_lines(path, None, jobs=1)
    many = batch_lines(path, None, jobs=2)
    assert one == many and len(one) == 700
    out = run_xq("judge", "--batch", str(path), "--json")
    assert out.stdout.decode().splitlines() == one


def test_an_unreadable_record_gets_its_report_and_the_batch_goes_on(tmp_path):
    path = tmp_path / "bad.pgn"
    path.write_text('[Event "a"]\n\n1. h2e2 *\n\n[Event "b"]\n\n1. h2e2 x9x9 *\n\n[Event "c"]\n\n1. b2e2 *\n', encoding="utf-8")
    reports = list(xr.judge_batch(path, rulesets=["axf"]))
    assert [r.game for r in reports] == [1, 2, 3]
    assert [r.unreadable for r in reports] == [False, True, False]
    assert "x9x9" in reports[1].error
    out = run_xq("judge", "--ruleset", "axf", "--batch", str(path), "--json")
    assert out.returncode == 3
    assert out.stdout.decode().splitlines() == [r.to_json_line() for r in reports]


def test_a_missing_file_is_a_game_file_error(tmp_path):
    missing = pathlib.Path(tmp_path) / "none.pgn"
    try:
        xr.judge_batch(missing)
    except xr.GameFileError as e:
        assert e.file == str(missing)
        assert str(missing) in str(e)
    else:
        raise AssertionError("no error")


def test_the_example_script_prints_the_disagreements(tmp_path):
    import subprocess
    import sys

    from conftest import CASES, HERE, load_toml

    pgn = tmp_path / "one.pgn"
    # Rule-book diagram 20: Red 一杀一捉 against Black's idle moves (the book: Red must vary).
    cases = load_toml(CASES / "cn-rulebook-cases.toml")["case"]
    (case,) = [c for c in cases if c["id"] == "cxa-fig20"]
    pgn.write_text(f'[Event "x"]\n[FEN "{case["fen"]}"]\n\n{case["moves"]} *\n', encoding="utf-8")
    script = HERE.parent / "examples" / "disagreements.py"
    out = subprocess.run([sys.executable, str(script), str(pgn)], capture_output=True, text=True, check=True)
    reports = list(xr.judge_batch(pgn))
    n = sum(r.disagree for r in reports)
    assert out.stdout.strip().endswith(f"{n} of 1 games judged differently")
    assert len(out.stdout.strip().splitlines()) == n + 1
