"""`xr.read_games`: every format the CLI reads, any encoding, streaming; the format fixtures of
`../shared` read to the main lines `expected_mainlines.tsv` records and to what `xq convert
--json` reads."""

import csv
import json

import pytest

import xiangqi_rules as xr
from conftest import run_xq, shared_dir


def fixtures():
    return shared_dir("the format fixtures") / "data" / "games" / "format-fixtures"


def test_format_fixtures_read_to_the_expected_main_lines():
    folder = fixtures()
    with open(folder / "expected_mainlines.tsv", encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    assert rows
    by_file = {}
    for row in rows:
        by_file.setdefault(row["#file"], []).append(row)
    checked = 0
    for name, expected in by_file.items():
        games = list(xr.read_games(folder / name))
        assert len(games) == len(expected), name
        for game, row in zip(games, expected):
            assert game.start.fen().split()[:2] == row["start_fen"].split()[:2], name
            assert len(game.moves) == int(row["mainline_plies"]), name
            assert " ".join(m.iccs() for m in game.moves) == row["mainline_iccs"].strip(), name
            checked += 1
    assert checked == len(rows)


def test_every_fixture_reads_as_xq_convert_json_reads_it():
    folder = fixtures()
    files = sorted(p for p in folder.iterdir() if p.suffix in (".pgn", ".xqf", ".cbr", ".cbl", ".cbf"))
    assert len(files) >= 10
    for path in files:
        out = run_xq("convert", "--json", str(path))
        assert out.returncode == 0, (path, out.stderr)
        want = json.loads(out.stdout)["games"]
        got = list(xr.read_games(path))
        assert len(got) == len(want), path
        for g, w in zip(got, want):
            assert [m.iccs() for m in g.moves] == [m["iccs"] for m in w["moves"]], path
            assert g.start.fen() == w["fen"], path
            assert g.result == w["result"], path
            assert g.tags == w["tags"], path


def test_bytes_paths_and_encodings():
    text = '[Event "象棋"]\n[Red "甲"]\n\n1. 炮二平五 马８进７ 2. 马二进三 1-0\n'
    for encoding in ("utf-8", "gb18030", "utf-16"):
        (g,) = list(xr.read_games(text.encode(encoding)))
        assert g.tags["Event"] == "象棋", encoding
        assert [m.iccs() for m in g.moves] == ["h2e2", "h9g7", "h0g2"], encoding
        assert g.result == "1-0"


def test_variations_comments_and_warnings():
    pgn = '[Event "v"]\n\n1. h2e2 {centre} (1. b2e2 b9c7) h9g7 (1... b9c7 2. x0x0) 1-0\n'.encode()
    (g,) = list(xr.read_games(pgn))
    assert [m.iccs() for m in g.moves] == ["h2e2", "h9g7"]
    assert g.comments == [(1, "centre")]
    assert g.variations[0]["ply"] == 0 and g.variations[0]["moves"] == ["b2e2", "b9c7"]
    assert g.warnings, "the unreadable variation move is reported"
    assert g.position().fen() == g.position(2).fen()
    assert g.position(0).fen() == xr.Position().fen()


def test_reading_is_streaming_a_bad_record_raises_when_reached():
    pgn = b'[Event "a"]\n\n1. h2e2 *\n\n[Event "b"]\n\n1. h2e2 x9x9 *\n'
    it = xr.read_games(pgn)
    first = next(it)
    assert first.index == 1 and first.tags["Event"] == "a"
    with pytest.raises(xr.GameFileError) as e:
        next(it)
    assert (e.value.game, e.value.ply) == (2, 2)
    assert "x9x9" in str(e.value)


def test_strict_mode_refuses_what_tolerant_mode_reads():
    pgn = '[FEN "2bk5/4a4/4b4/2R6/9/9/2R6/9/4A4/4KA3 w"]\n\n1. 车七进三 *\n'.encode()
    assert len(list(xr.read_games(pgn))) == 1
    with pytest.raises(xr.GameFileError):
        list(xr.read_games(pgn, strict=True))
