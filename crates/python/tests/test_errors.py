"""Bad input raises typed exceptions (subclasses of ValueError) carrying file, game, ply and the
CLI's message; garbage never crashes the interpreter."""

import pathlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import xiangqi_rules as xr
from conftest import run_xq


def test_exceptions_are_value_errors():
    for e in (xr.FenError, xr.MoveError, xr.GameFileError, xr.RulesetError):
        assert issubclass(e, xr.XqError) and issubclass(e, ValueError)


def test_bad_fen():
    with pytest.raises(xr.FenError) as e:
        xr.Position.from_fen("not a fen")
    assert "not a fen" in str(e.value)
    assert e.value.message == str(e.value)


def test_a_bad_move_in_a_list_names_its_ply_as_the_cli_does():
    with pytest.raises(xr.MoveError) as e:
        xr.judge("h2e2 h9g7 h0h9")
    assert e.value.ply == 3
    out = run_xq("judge", "--moves", "h2e2 h9g7 h0h9", "--json")
    assert out.returncode == 2
    # The CLI names its flag (`--moves: …`), Python its argument (`moves: …`); the rest is one text.
    assert str(e.value).startswith("moves: ")
    assert out.stderr.decode().strip() == f"xq: --{e.value}"


def test_a_bad_game_file_names_file_game_and_ply(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pathlib.Path("bad.pgn").write_bytes(b'[Event "a"]\n\n1. h2e2 h9g7 2. h0h8 *\n')
    with pytest.raises(xr.GameFileError) as e:
        list(xr.read_games("bad.pgn"))
    assert (e.value.file, e.value.game, e.value.ply) == ("bad.pgn", 1, 3)
    assert "h0h8" in e.value.message
    out = run_xq("convert", "bad.pgn")
    assert out.returncode == 2
    assert out.stderr.decode().strip() == f"xq: {e.value}"


def test_wrong_types_are_type_errors():
    with pytest.raises(TypeError):
        xr.read_games(12)
    with pytest.raises(TypeError):
        xr.judge(12)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_garbage_bytes_never_crash_the_reader(data):
    try:
        for g in xr.read_games(data):
            g.moves
    except xr.XqError:
        pass


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=120))
def test_garbage_text_never_crashes_notation_or_judging(text):
    pos = xr.Position()
    for call in (lambda: pos.parse_move(text), lambda: xr.judge(text), lambda: xr.convert(text, to="wxf")):
        try:
            call()
        except xr.XqError:
            pass


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="rnbakcpRNBAKCP123456789/ wb-0", max_size=90))
def test_garbage_fens_are_fen_errors(fen):
    try:
        xr.Position.from_fen(fen)
    except xr.FenError:
        pass
