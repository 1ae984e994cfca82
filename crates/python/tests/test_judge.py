"""Judging through `xr.judge`: the rule book's diagrams under cn-1987 and the AXF manual's cases
under axf, with the verdicts the Rust conformance tests assert (`tests/tests/cn1987_cases.rs`,
`tests/tests/adjudication_cases.rs`), and `Judgement.to_json()` equal to `xq judge --json`."""

import json

import pytest

import xiangqi_rules as xr
from conftest import CASES, load_toml, run_xq, shared_dir

SHORT = {"check": "将", "mate-threat": "杀", "chase": "捉"}


def short(ply: dict) -> str:
    """The one-character label of the rule book's diagrams (as `cn1987_cases.rs` derives it)."""
    if ply["class"] == "idle":
        return "兑" if ply.get("idle_kind") == "exchange" else "闲"
    return SHORT[ply["class"]]


def ruling_at_last_ply(ruling: xr.Ruling, plies: int):
    """The repetition ruling made at the case's last ply (the moment of ruling), or None."""
    for r in ruling.repetitions:
        if r["last_ply"] == plies:
            return r
    return None


def cases(name: str):
    return load_toml(CASES / name)["case"]


def test_rule_book_diagrams_under_cn1987():
    book = [c for c in cases("cn-rulebook-cases.toml") if "cn-1987" in c["expect"]]
    assert len(book) == 80, "all 80 diagrams of the rule book are checked"
    failures = []
    for case in book:
        moves = case["moves"].split()
        j = xr.judge(moves, rulesets=["cn-1987"], fen=case["fen"])
        ruling = j["cn-1987"]
        rep = ruling_at_last_ply(ruling, len(moves))
        verdict = rep["verdict"] if rep else "none"
        problems = []
        if verdict != case["expect"]["cn-1987"]:
            problems.append(f"verdict {verdict}")
        labels = [short(p) for p in ruling.plies]
        expected = case.get("labels")
        if expected:
            for i, label in enumerate(expected.split()):
                if label != "?" and (i >= len(labels) or labels[i] != label):
                    problems.append(f"labels {labels} (expected {expected})")
                    break
        if "cn1987_red" in case and (not rep or rep["red"] != case["cn1987_red"]):
            problems.append("red label")
        if "cn1987_black" in case and (not rep or rep["black"] != case["cn1987_black"]):
            problems.append("black label")
        if problems and "cn1987_divergence" not in case:
            failures.append(f"{case['id']}: {'; '.join(problems)}")
    assert not failures, "\n".join(failures)


def test_axf_manual_cases_under_axf():
    manual = [c for c in cases("axf-manual-cases.toml") if "axf" in c["expect"]]
    assert len(manual) == 170
    failures = []
    for case in manual:
        moves = case["moves"].split()
        ruling = xr.judge(moves, rulesets=["axf"], fen=case["fen"])["axf"]
        rep = ruling_at_last_ply(ruling, len(moves))
        verdict = rep["verdict"] if rep else "none"
        if verdict != case["expect"]["axf"]:
            failures.append(f"{case['id']}: expected {case['expect']['axf']}, got {verdict}")
    assert not failures, f"{len(failures)} of {len(manual)}:\n" + "\n".join(failures)


def test_the_shared_axf_manual_cases_are_the_repository_ones():
    shared = shared_dir("the shared AXF manual cases")
    a = load_toml(shared / "data" / "adjudication" / "axf-manual-cases.toml")["case"]
    b = load_toml(CASES / "axf-manual-cases.toml")["case"]
    assert [(c["id"], c["fen"], c["moves"]) for c in a] == [(c["id"], c["fen"], c["moves"]) for c in b]


def test_diagram_20_makes_red_vary_under_cn1987_where_axf_differs():
    case = next(c for c in cases("cn-rulebook-cases.toml") if c["id"] == "cxa-fig20")
    moves = case["moves"].split()
    j = xr.judge(moves, fen=case["fen"])
    assert [r.ruleset for r in j] == ["axf", "cn-1987"] == xr.default_rulesets()
    rep = ruling_at_last_ply(j["cn-1987"], len(moves))
    assert rep["verdict"] == case["expect"]["cn-1987"]


@pytest.mark.parametrize(
    "fen,moves",
    [
        # a rook's perpetual check (AXF manual, orange-002)
        ("c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1", "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9"),
        # the opening, no repetition
        (None, "h2e2 h9g7 h0g2 i9h9"),
    ],
)
def test_to_json_is_what_xq_judge_json_prints(fen, moves):
    args = ["judge", "--ruleset", "cn-1987", "--ruleset", "axf", "--moves", moves, "--json"]
    if fen:
        args += ["--fen", fen]
    out = run_xq(*args)
    assert out.returncode == 0, out.stderr
    j = xr.judge(moves, rulesets=["cn-1987", "axf"], fen=fen)
    assert j.to_json() == out.stdout.decode()
    doc = j.to_dict()
    assert [r["ruleset"] for r in doc["rulings"]] == ["cn-1987", "axf"]
    assert json.loads(j["axf"].to_json()) == doc["rulings"][1]


def test_perpetual_check_must_vary_with_labels_and_words():
    moves = "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9"
    j = xr.judge(moves, fen="c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1")
    for r in j:
        assert r.repetition["verdict"] == "red-must-vary", r
        assert r.repetition["red"] == "长将"
        assert r.plies[0]["class"] == "check"
        assert r.outcome in ("ongoing", "black-wins")
        assert r.outcome_zh in ("未结束", "黑胜")
    # Black's king move attacks the rook: AXF reads 捉 (chase) with its target; the Chinese code
    # reads the same move as 闲 (a piece that cannot take without being taken, 自毙).
    assert j["axf"].plies[1]["class"] == "chase" and j["axf"].plies[1]["targets"] == ["h9"]
    assert j["cn-1987"].plies[1]["class"] == "idle"


def test_a_game_from_a_file_with_its_recorded_result():
    pgn = b'[Event "x"]\n[Result "1-0"]\n\n1. h2e2 h9g7 2. h0g2 1-0\n'
    game = next(xr.read_games(pgn))
    j = xr.judge(game)
    doc = j.to_dict()
    assert doc["recorded"]["result"] == "1-0"
    assert isinstance(doc["conflicts"], list)


def test_rulesets_from_ids_objects_and_toml_paths(tmp_path):
    ids = [r["id"] for r in xr.rulesets()]
    assert "cn-1987" in ids and "axf" in ids
    assert all(r["edition_linked"] for r in xr.rulesets() if r["id"] in ("cn-1987", "axf"))
    from conftest import REPO

    tomls = sorted((REPO / "rulesets").glob("*.toml"))
    assert tomls, "rulesets/ has example variants"
    rs = xr.Ruleset(tomls[0])
    j = xr.judge("h2e2 h9g7", rulesets=[rs, "axf", str(tomls[0])])
    assert [r.ruleset for r in j] == [rs.id, "axf", rs.id]


def test_a_bad_ruleset_file_is_a_ruleset_error_naming_the_line(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('schema = 1\nid = "x"\nedition = "axf"\nnot_a_key = 3\n', encoding="utf-8")
    with pytest.raises(xr.RulesetError) as e:
        xr.Ruleset(bad)
    assert e.value.file == str(bad)
    assert isinstance(e.value, ValueError)
    with pytest.raises(xr.RulesetError):
        xr.judge("h2e2", rulesets=["no-such-ruleset"])
