#!/usr/bin/env python3
"""Benchmark xq's Python package (xiangqi_rules) against pyffish (Fairy-Stockfish) and cchess: legal-move
generation, notation, judging. Dev-only; run it in its own virtual environment:

    python3 -m venv /tmp/xq-bench && /tmp/xq-bench/bin/pip install pyffish==0.0.90 cchess==1.25.5 \
        target/python-wheels/xiangqi_rules-*.whl
    /tmp/xq-bench/bin/python crates/python/bench/bench.py [--games 100]

The positions and moves are the national games of ../shared (the first --games of them); the
judging cases are the AXF manual's (tests/data/adjudication/axf-manual-cases.toml). Each library
does the same work on the same input; the counts are cross-checked before timing.
"""

import argparse
import pathlib
import time
import tomllib

import cchess
import pyffish as sf
from cchess.move import Move as CcMove

import xiangqi_rules as xr

V = "xiangqi"
REPO = pathlib.Path(__file__).resolve().parents[3]
NATIONAL = REPO.parent / "shared" / "data" / "games" / "ccpd-national" / "ccpd_national.pgn"
CASES = REPO / "tests" / "data" / "adjudication" / "axf-manual-cases.toml"


def fsf(iccs: str) -> str:
    """ICCS (ranks 0–9) → Fairy-Stockfish UCI (ranks 1–10)."""
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


def cc_legal(board):
    """cchess's legal moves (as its own perft does: valid, not leaving the king attacked)."""
    return [
        (f, t)
        for f, t in board.create_moves()
        if board.is_valid_move(f, t) and not board.is_checked_move(f, t)
    ]


def timed(fn, repeat=3):
    """Best of `repeat` runs: (seconds, result)."""
    best, out = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        out = fn()
        best = min(best, time.perf_counter() - t)
    return best, out


def report(what, unit, n, times):
    """Prints each library's time and rate, and its ratio to xq's."""
    base = times["xq"]
    print(f"\n{what} ({n} {unit})")
    for name, t in times.items():
        if t is None:
            print(f"  {name:8} n/a")
            continue
        if name == "xq":
            ratio = ""
        elif name.startswith("xq"):
            ratio = f"   {t / base:,.1f}× the time of xq"
        else:
            ratio = f"   xq is {t / base:,.0f}× faster"
        print(f"  {name:8} {t * 1000:10.1f} ms  {n / t:14,.0f} {unit}/s{ratio}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    args = ap.parse_args()

    # The sample: every position of the first games, with its move in ICCS and Chinese.
    plies = []  # (fen, iccs, chinese)
    games = []
    for i, g in enumerate(xr.read_games(NATIONAL)):
        if i == args.games:
            break
        games.append((g.start.fen(), [m.iccs() for m in g.moves]))
        pos = g.start
        for m in g.moves:
            plies.append((pos.fen(), m.iccs(), m.chinese(pos)))
            pos.play(m)
    fens = [p[0] for p in plies]
    print(f"sample: {len(games)} national games, {len(plies)} positions")

    # 1. Legal moves of each position, from its FEN.
    def xq_legal():
        return sum(len(xr.Position.from_fen(f).legal_moves()) for f in fens)

    def sf_legal():
        return sum(len(sf.legal_moves(V, f, [])) for f in fens)

    def cc_legal_all():
        return sum(len(cc_legal(cchess.ChessBoard(f))) for f in fens)

    t_xq, n_xq = timed(xq_legal)
    t_sf, n_sf = timed(sf_legal)
    t_cc, n_cc = timed(cc_legal_all, repeat=1)
    assert n_xq == n_sf, (n_xq, n_sf)
    print(f"legal moves counted: xq {n_xq}, pyffish {n_sf}, cchess {n_cc}")
    report("legal-move generation (FEN → every legal move)", "positions", len(fens),
           {"xq": t_xq, "pyffish": t_sf, "cchess": t_cc})

    # 2. Notation: Chinese move text → move (xq, cchess); move → WXF text (xq, pyffish).
    xq_pos = [xr.Position.from_fen(f) for f in fens]
    cc_boards = [cchess.ChessBoard(f) for f in fens]

    def xq_parse():
        return sum(p.parse_move(zh).iccs() == ic for p, (_, ic, zh) in zip(xq_pos, plies))

    def cc_parse():
        ok = 0
        for b, (_, ic, zh) in zip(cc_boards, plies):
            r = CcMove.from_text(b, zh)
            ok += bool(r)
        return ok

    t_xq, ok_xq = timed(xq_parse)
    t_cc, ok_cc = timed(cc_parse, repeat=1)
    assert ok_xq == len(plies)
    print(f"\nChinese move texts read: xq {ok_xq}/{len(plies)}, cchess {ok_cc}/{len(plies)}")
    report("notation parsing (Chinese text → move, resolved in the position)", "moves", len(plies),
           {"xq": t_xq, "pyffish": None, "cchess": t_cc})

    xq_moves = [xr.Move.from_iccs(ic) for _, ic, _ in plies]

    def xq_wxf():
        return [m.wxf(p) for m, p in zip(xq_moves, xq_pos)]

    def sf_wxf():
        return [sf.get_san(V, f, fsf(ic), False, sf.NOTATION_XIANGQI_WXF) for f, ic, _ in plies]

    t_xq, _ = timed(xq_wxf)
    t_sf, _ = timed(sf_wxf)
    report("notation writing (move → WXF text)", "moves", len(plies), {"xq": t_xq, "pyffish": t_sf, "cchess": None})

    # 3. Judging the AXF manual's repetition cases (cchess has no repetition rules).
    cases = [c for c in tomllib.load(open(CASES, "rb"))["case"] if "axf" in c["expect"]]

    def xq_judge():
        return [xr.judge(c["moves"], rulesets=["axf"], fen=c["fen"]) for c in cases]

    def sf_judge():
        return [sf.is_optional_game_end(V, c["fen"], [fsf(m) for m in c["moves"].split()]) for c in cases]

    t_xq, _ = timed(xq_judge)
    t_sf, _ = timed(sf_judge)
    report("judging a repetition case at its last ply (AXF manual cases)", "cases", len(cases),
           {"xq": t_xq, "pyffish": t_sf, "cchess": None})

    # Whole games, every ply: xq rules each game once (every repetition, the natural limit);
    # pyffish answers for one position, so it is asked after every ply.
    def xq_games():
        return [xr.judge(moves, rulesets=["axf"], fen=fen) for fen, moves in games]

    def sf_games():
        out = []
        for fen, moves in games:
            fm = [fsf(m) for m in moves]
            out.append([sf.is_optional_game_end(V, fen, fm[: k + 1]) for k in range(len(fm))])
        return out

    # The same, with every ply's class computed as well (the `xq judge --json` document).
    def xq_games_full():
        return [xr.judge(moves, rulesets=["axf"], fen=fen).to_json() for fen, moves in games]

    t_xq, _ = timed(xq_games)
    t_full, _ = timed(xq_games_full, repeat=1)
    t_sf, _ = timed(sf_games, repeat=1)
    report("judging whole games, every ply (AXF; pyffish asked after each ply)", "games", len(games),
           {"xq": t_xq, "xq-full": t_full, "pyffish": t_sf, "cchess": None})


if __name__ == "__main__":
    main()
