"""Positions and notation: legal moves, play, round trips of ICCS, WXF and Chinese."""

import pytest

import xiangqi_rules as xr

OPENING = "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 c6c5 g3g4 b7b3 c3c4 h7h3"


def positions():
    pos = xr.Position()
    yield pos.copy()
    for m in OPENING.split():
        pos.play(m)
        yield pos.copy()


def test_every_legal_move_round_trips_through_every_notation():
    n = 0
    for pos in positions():
        for m in pos.legal_moves():
            for text in (m.iccs(), m.wxf(pos), m.chinese(pos)):
                assert pos.parse_move(text) == m, (pos.fen(), text)
                n += 1
    assert n > 1000


def test_convert_round_trips():
    chinese = xr.convert(OPENING, to="chinese")
    wxf = xr.convert(OPENING, to="wxf")
    assert xr.convert(chinese, to="iccs") == OPENING
    assert xr.convert(wxf, to="iccs") == OPENING
    assert xr.convert(wxf, to="chinese") == chinese
    assert chinese.split()[0] == "炮二平五"
    with pytest.raises(ValueError):
        xr.convert(OPENING, to="klingon")


def test_convert_a_pgn_file_is_a_pgn_file():
    out = xr.convert('[Event "x"]\n\n1. h2e2 h9g7 1-0\n', to="chinese")
    assert '[Event "x"]' in out and "炮二平五" in out


def test_position_basics():
    pos = xr.Position()
    assert pos.turn == "red"
    assert len(pos.legal_moves()) == 44
    assert not pos.is_check() and pos.outcome() is None
    assert pos == xr.Position.from_fen(pos.fen())
    assert pos.svg().startswith("<svg") or "<svg" in pos.svg()
    board = str(pos)
    assert "帅" in board and "将" in board
    assert repr(pos) == f"Position('{pos.fen()}')"
    m = pos.play("C2.5")
    assert m == xr.Move.from_iccs("h2e2") and pos.turn == "black"
    assert str(m) == "h2e2" and repr(m) == "Move('h2e2')"
    assert len({m, xr.Move.from_iccs("h2e2")}) == 1


def test_checkmate_and_stalemate_outcomes():
    # Black king mated by two rooks (Red to move gives mate, then Black has no move).
    mated = xr.Position.from_fen("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1")
    mated.play("b0b9")
    assert mated.is_check()
    assert mated.outcome() == ("red", "checkmate")


def test_a_move_that_is_not_legal_leaves_the_position_unchanged():
    pos = xr.Position()
    before = pos.fen()
    with pytest.raises(xr.MoveError):
        pos.play("h2h8")
    with pytest.raises(xr.MoveError):
        pos.play("车一进九")
    assert pos.fen() == before
