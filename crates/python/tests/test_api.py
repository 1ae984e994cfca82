"""The python-chess-shaped board API, `Game` editing and writing, pickling through
multiprocessing, one object shared by threads, `read_games` from every kind of source, and
`judge()` giving what `judge_batch()` gives."""

import io
import json
import multiprocessing
import pickle
import threading

import pytest

import xiangqi_rules as xr
from conftest import run_xq, shared_dir

START = xr.Position().fen()


def national(n: int):
    pgn = shared_dir("the national games") / "data" / "games" / "ccpd-national" / "ccpd_national.pgn"
    games = []
    for g in xr.read_games(pgn):
        games.append(g)
        if len(games) == n:
            break
    return pgn, games


def fen_pieces(fen: str) -> dict:
    """Square index → FEN letter, read from the FEN's board field (rank 9 first)."""
    out = {}
    for i, row in enumerate(fen.split()[0].split("/")):
        rank, file = 9 - i, 0
        for c in row:
            if c.isdigit():
                file += int(c)
            else:
                out[rank * 9 + file] = c
                file += 1
    return out


# ---------------------------------------------------------------------------------------------
# The board


def test_board_api_on_every_position_of_100_national_games():
    _, games = national(100)
    assert len(games) == 100
    positions = 0
    for g in games:
        pos = g.start
        for ply, m in enumerate(g.moves):
            legal = pos.legal_moves
            moves = list(legal)
            assert len(legal) == len(moves) == legal.count() and moves == legal()
            assert m in legal and pos.is_legal(m) and pos.is_legal(m.iccs())
            pieces = fen_pieces(pos.fen())
            for sq in range(90):
                p = pos.piece_at(sq)
                assert (p.symbol() if p else None) == pieces.get(sq), (pos.fen(), sq)
                assert pos.piece_at(xr.square_name(sq)) == p
            for mv in moves:
                assert pos.piece_at(mv.from_square).color == pos.turn
                assert xr.Move(mv.from_square, mv.to_square) == mv == xr.Move.from_iccs(mv.iccs())
            # Moves onto an own piece, and every move of the side not to move, are not legal.
            own = [s for s, c in pieces.items() if (c.isupper()) == (pos.turn == "red")]
            for a in own[:4]:
                for b in own[:4]:
                    assert not pos.is_legal(xr.Move(a, b))
            before, stack = pos.fen(), len(pos.move_stack)
            for mv in moves[:: max(1, len(moves) // 6)]:
                checks = pos.gives_check(mv)
                assert pos.push(mv) == mv and pos.peek() == mv
                assert pos.is_check() == checks, (before, mv)
                assert pos.pop() == mv and pos.fen() == before and len(pos.move_stack) == stack
            pos.push(m)
            positions += 1
        assert pos.move_stack == g.moves
        assert pos == g.position() and hash(pos) == hash(g.position())
        assert pos.root() == g.start
    assert positions > 7000


def test_position_shape():
    pos = xr.Position()
    assert xr.Position(START) == pos and pos == xr.Position.from_fen(START)
    assert pos != "not a position" and len({pos, xr.Position()}) == 1
    # By position: the move counters do not count, the side to move does.
    board = START.rsplit(" ", 2)[0]
    assert xr.Position(board + " 7 12") == pos and hash(xr.Position(board + " 7 12")) == hash(pos)
    black = START.replace(" w ", " b ")
    assert xr.Position(black) != pos
    pos.push("h2e2")
    assert pos != xr.Position() and pos.copy() == pos and pos.copy().move_stack == [xr.Move.from_iccs("h2e2")]
    assert pos.copy(stack=False).move_stack == []
    import copy

    assert copy.deepcopy(pos) == pos and copy.copy(pos).move_stack == pos.move_stack
    assert str(pos).count("\n") >= 10 and repr(pos).startswith("Position('")
    with pytest.raises(xr.MoveError):
        pos.gives_check("h2h3")  # no piece there any more
    with pytest.raises(IndexError):
        xr.Position().pop()
    with pytest.raises(ValueError):
        pos.piece_at(90)
    with pytest.raises(ValueError):
        pos.piece_at("j0")
    assert not pos.is_legal("nonsense")
    mated = xr.Position("3k5/R8/9/9/9/9/9/9/9/1R2K4 w - - 0 1")
    mated.push("b0b9")
    assert mated.is_checkmate() and mated.is_game_over() and not mated.is_stalemate()
    assert mated.legal_moves.count() == 0 and not mated.legal_moves


def test_svg_options():
    pos = xr.Position()
    pos.push("h2e2")
    plain = pos.svg(lastmove=False)
    marked = pos.svg()
    assert plain != marked and marked == pos.svg(lastmove="h2e2") == pos.svg(lastmove=xr.Move.from_iccs("h2e2"))
    arrows = pos.svg(arrows=[xr.Move.from_iccs("h9g7"), ("b7", "b0", "chase"), (0, 9)])
    assert arrows.count("<line") + arrows.count("<path") > marked.count("<line") + marked.count("<path")
    big, small = pos.svg(size=80), pos.svg(size=20)
    width = lambda s: float(s.split('width="', 1)[1].split('"', 1)[0])  # noqa: E731
    assert width(big) > width(marked) > width(small)
    assert pos.svg(fen=False).count("<text") < pos.svg().count("<text")
    with pytest.raises(ValueError):
        pos.svg(arrows=[("a0", "a1", "sideways")])
    # orientation: the side at the foot (python-chess's True/False are red/black)
    turned = pos.svg(orientation="black")
    assert turned != marked and turned == pos.svg(orientation=False) == pos.svg(orientation="BLACK")
    assert marked == pos.svg(orientation="red") == pos.svg(orientation=True)

    def king_row(svg: str, king: str) -> float:
        group = next(g for g in svg.split("<g class=") if king in g and "circle" in g)
        return float(group.split('cy="', 1)[1].split('"', 1)[0])

    # Red's king at the foot of the plain board, at the head of the turned one
    assert king_row(marked, "帅") > king_row(marked, "将")
    assert king_row(turned, "帅") < king_row(turned, "将")
    with pytest.raises(ValueError):
        pos.svg(orientation="sideways")


# ---------------------------------------------------------------------------------------------
# Game: edit and write


def test_a_game_is_edited_written_and_read_back(tmp_path):
    g = xr.Game()
    for m in "炮二平五 马８进７ 马二进三 车９平８".split():
        g.push(m)
    g.set_tag("Event", "club")
    g.set_tag("Red", "甲")
    g.add_comment(1, "central cannon")
    g.add_variation(1, ["b9c7", "b0c2"])
    g.result = "1-0"
    assert g.pop() == xr.Move.from_iccs("i9h9") and len(g) == 3
    with pytest.raises(xr.MoveError):
        g.push("h2h9")
    with pytest.raises(xr.MoveError):
        g.add_variation(1, ["b9c7", "b9c7"])
    path = tmp_path / "club.pgn"
    g.save(path)
    g.save(path, notation="wxf", append=True)
    back = list(xr.read_games(path))
    assert len(back) == 2
    for b in back:
        assert b.tags["Event"] == "club" and b.tags["Red"] == "甲" and b.result == "1-0"
        assert b.moves == g.moves and b.comments == g.comments and b.variations == g.variations
    assert "炮二平五" in path.read_text(encoding="utf-8")
    g.remove_tag("Red")
    assert "Red" not in g.tags
    with pytest.raises(KeyError):
        g.remove_tag("Red")
    with pytest.raises(ValueError):
        g.result = "2-0"


# ---------------------------------------------------------------------------------------------
# Pickling, through multiprocessing


def _judge_in_worker(game):
    return xr.judge(game)


def _position_in_worker(pos):
    pos.push(pos.legal_moves()[0])
    return pos


def _raise_in_worker(kind):
    if kind == "move":
        xr.judge("h2e2 h9g7 h0h9")
    if kind == "file":
        list(xr.read_games(b'[Event "a"]\n\n1. h2e2 h9g7 2. h0h8 *\n'))
    if kind == "fen":
        xr.Position("nonsense")
    if kind == "ruleset":
        xr.Ruleset("no-such-ruleset")


def test_pickle_round_trips_through_multiprocessing():
    _, games = national(8)
    games.append(next(xr.read_games(text='[Event "v"]\n\n1. h2e2 {c} (1. b2e2 b9c7) h9g7 1-0\n')))
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(2) as pool:
        judged = pool.map(_judge_in_worker, games)
        for g, j in zip(games, judged):
            here = xr.judge(g)
            assert j.to_json() == here.to_json() and j.to_json_line() == here.to_json_line()
            assert [r.to_json() for r in j] == [r.to_json() for r in here]
            assert [(r.outcome, r.reason_zh, r.repetitions) for r in j] == [
                (r.outcome, r.reason_zh, r.repetitions) for r in here
            ]
            assert j.id == here.id and j.tags == here.tags and j.ply_count == here.ply_count
        pos = games[0].position(10)
        moved = pool.apply(_position_in_worker, (pos,))
        assert moved.move_stack == pos.move_stack + [pos.legal_moves()[0]]
        assert moved.root() == games[0].start
        for kind, cls in [("move", xr.MoveError), ("file", xr.GameFileError), ("fen", xr.FenError), ("ruleset", xr.RulesetError)]:
            with pytest.raises(cls) as e:
                pool.apply(_raise_in_worker, (kind,))
            assert isinstance(e.value, xr.XqError) and e.value.message == str(e.value)
            if kind == "file":
                assert (e.value.file, e.value.game, e.value.ply) == ("<bytes>", 1, 3)
            if kind == "move":
                assert e.value.ply == 3
    for obj in [xr.Move.from_iccs("h2e2"), xr.Piece.from_symbol("c"), xr.Ruleset("axf"), games[-1], judged[0], judged[0][0]]:
        back = pickle.loads(pickle.dumps(obj))
        assert type(back) is type(obj)
    g = pickle.loads(pickle.dumps(games[-1]))
    assert (g.tags, g.moves, g.comments, g.variations, g.result, g.index) == (
        games[-1].tags, games[-1].moves, games[-1].comments, games[-1].variations, games[-1].result, games[-1].index)
    assert pickle.loads(pickle.dumps(xr.Ruleset("axf"))).id == "axf"


# ---------------------------------------------------------------------------------------------
# Threads


def test_two_threads_share_one_position_and_one_game():
    pos = xr.Position()
    game = xr.Game()
    errors = []
    barrier = threading.Barrier(2)

    def work():
        barrier.wait()
        try:
            for _ in range(3000):
                try:
                    pos.push(pos.legal_moves()[0])
                except xr.MoveError:
                    pass  # the other thread moved in between: the side to move changed
                pos.fen()
                pos.copy()
                pickle.loads(pickle.dumps(pos))
                try:
                    pos.pop()
                except IndexError:
                    pass
                try:
                    game.push(game.position().legal_moves()[0])
                except xr.MoveError:
                    pass
                if len(game) > 40:
                    game.pop()
        except Exception as e:  # noqa: BLE001 - any other error is the failure under test
            errors.append(repr(e))

    threads = [threading.Thread(target=work) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    while pos.move_stack:
        pos.pop()
    assert pos == xr.Position() and pos.fen() == START


def test_two_threads_share_one_judgement():
    j = xr.judge("h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9", fen="c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1")
    out = []
    threads = [threading.Thread(target=lambda: out.append((j.to_json(), j[0].plies))) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(out) == 2 and out[0] == out[1]


# ---------------------------------------------------------------------------------------------
# read_games sources

PGN = '[Event "象棋"]\n[Red "甲"]\n\n1. 炮二平五 马８进７ 2. 马二进三 1-0\n\n[Event "b"]\n\n1. h2e2 *\n'


def _events(reader):
    return [(g.tags["Event"], [m.iccs() for m in g.moves]) for g in reader]


def test_read_games_from_every_source(tmp_path):
    want = [("象棋", ["h2e2", "h9g7", "h0g2"]), ("b", ["h2e2"])]
    path = tmp_path / "two.pgn"
    path.write_text(PGN, encoding="gb18030")
    assert _events(xr.read_games(path)) == want
    assert _events(xr.read_games(str(path))) == want
    assert _events(xr.read_games(PGN.encode("utf-16"))) == want
    assert _events(xr.read_games(bytearray(PGN.encode()))) == want
    assert _events(xr.read_games(text=PGN)) == want
    assert _events(xr.read_games(io.BytesIO(PGN.encode("gb18030")))) == want
    with open(path, "rb") as f:
        assert _events(xr.read_games(f)) == want
    # A str by position is a path: PGN text there names no file, and the error says what to do.
    with pytest.raises(xr.GameFileError) as e:
        xr.read_games(PGN)
    assert "text=" in str(e.value)
    with open(path, encoding="gb18030") as f:
        with pytest.raises(xr.GameFileError) as e:
            list(xr.read_games(f))
    assert "binary" in str(e.value)
    with pytest.raises(TypeError):
        xr.read_games(path, text=PGN)
    with pytest.raises(TypeError):
        xr.read_games()


def test_a_file_object_is_read_as_the_games_are_asked_for():
    shared = shared_dir("the national games")
    pgn = shared / "data" / "games" / "ccpd-national" / "ccpd_national.pgn"
    with open(pgn, "rb") as f:
        it = xr.read_games(f)
        first = next(it)
        assert first.index == 1 and len(first) > 0
        assert f.tell() < pgn.stat().st_size // 4, "the whole file was read for one game"


# ---------------------------------------------------------------------------------------------
# One judge, one shape


def test_judge_equals_judge_batch_with_the_defaults():
    pgn, games = national(300)
    batch = list(xr.judge_batch(pgn, jobs=0))[:300]
    assert xr.default_rulesets() == ["axf", "cn-1987"]
    for g, b in zip(games, batch):
        j = xr.judge(g)
        assert type(j) is type(b) is xr.Judgement
        assert j.to_json_line() == b.to_json_line(), g.index
        assert (j.game, j.id, j.tags, j.result, j.ply_count, j.disagree) == (b.game, b.id, b.tags, b.result, b.ply_count, b.disagree)
        for rj, rb in zip(j, b):
            assert type(rj) is type(rb) is xr.Ruling
            assert (rj.ruleset, rj.outcome, rj.reason, rj.decided_at_ply, rj.repetition, rj.repetitions, rj.explanation) == (
                rb.ruleset, rb.outcome, rb.reason, rb.decided_at_ply, rb.repetition, rb.repetitions, rb.explanation)
            assert isinstance(rb.repetitions, list)
    # The full document (every ply classified) agrees with the fast fields, and is what the CLI prints.
    for g, b in list(zip(games, batch))[:12]:
        doc = b.to_dict()
        assert [(r["ruleset"], r["outcome"], r["reason"], r["repetitions"]) for r in doc["rulings"]] == [
            (r.ruleset, r.outcome, r.reason, r.repetitions) for r in b]
        assert b.to_json() == xr.judge(g).to_json()
    moves = " ".join(m.iccs() for m in games[0].moves[:30])
    out = run_xq("judge", "--moves", moves, "--json")
    assert out.returncode == 0, out.stderr
    assert xr.judge(moves).to_json() == out.stdout.decode()


def test_the_reason_has_chinese_words():
    pgn, _ = national(1)
    reasons = {}
    for b in xr.judge_batch(pgn, jobs=0):
        for r in b:
            reasons[r.reason] = r.reason_zh
    assert len(reasons) >= 3, reasons
    for en, zh in reasons.items():
        assert zh != en and all(ord(c) > 0x2E80 or c in "，" for c in zh), (en, zh)
    j = xr.judge("h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9", fen="c2a1k3/2c1a2R1/b6P1/8p/9/9/9/9/4K4/9 w - - 0 1")
    assert {r.reason_zh for r in j} <= {"红方应变着", "长将", "无"}
    assert json.loads(j[0].to_json())["reason"] == j[0].reason


def test_a_ruleset_file_is_read_afresh_while_built_in_ids_are_reused(tmp_path):
    from conftest import REPO

    text = sorted((REPO / "rulesets").glob("*.toml"))[0].read_text(encoding="utf-8")
    rid = xr.Ruleset.from_toml(text).id
    path = tmp_path / "mine.toml"
    path.write_text(text, encoding="utf-8")
    assert [r.ruleset for r in xr.judge("h2e2", rulesets=[path])] == [rid]
    path.write_text(text.replace(f'id = "{rid}"', 'id = "changed-here"', 1), encoding="utf-8")
    assert [r.ruleset for r in xr.judge("h2e2", rulesets=[path])] == ["changed-here"]
    assert [r.ruleset for r in xr.judge("h2e2", rulesets=["cn-1987"])] == ["cn-1987"]
    assert [r.ruleset for r in xr.judge("h2e2")] == xr.default_rulesets()


def test_ctrl_c_stops_a_28000_game_batch_within_a_second(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    shared = shared_dir("the national games")
    pgn = (shared / "data" / "games" / "ccpd-national" / "ccpd_national.pgn").read_bytes()
    big = tmp_path / "big.pgn"
    big.write_bytes(pgn * 4)
    code = f"import xiangqi_rules as xr\nprint('start', flush=True)\nfor j in xr.judge_batch({str(big)!r}, jobs=0):\n    pass\nprint('done')"
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert p.stdout.readline().strip() == b"start"
    time.sleep(0.5)
    t = time.perf_counter()
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=30)
    assert time.perf_counter() - t < 1.0
    assert b"KeyboardInterrupt" in err and b"done" not in out
