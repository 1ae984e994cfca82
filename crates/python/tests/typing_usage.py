"""A typed use of the public API: `test_typing.py` checks it with `mypy --strict` against the
stubs (it is never run: `games.pgn` does not exist)."""

import io
import pickle

import xiangqi_rules as xr


def main() -> None:
    pos = xr.Position()
    m: xr.Move = pos.push("炮二平五")
    moves: list[xr.Move] = pos.legal_moves()
    n: int = len(pos.legal_moves)
    for mv in pos.legal_moves:
        assert isinstance(mv.from_square, int)
    ok: bool = pos.is_legal("h9g7") and m in pos.legal_moves
    p = pos.piece_at("e0")
    kind = p.kind if p else None
    back: xr.Move = pos.pop()
    svg: str = pos.svg(lastmove=m, arrows=[("b7", "b0", "chase"), m, (0, 9)], size=40)
    turned: str = pos.svg(orientation="black")
    g = xr.Game()
    g.push(m)
    g.set_tag("Event", "x")
    g.result = "1-0"
    text: str = g.pgn(notation="wxf")
    games = list(xr.read_games(text=text)) + list(xr.read_games(io.BytesIO(text.encode())))
    j: xr.Judgement = xr.judge(games[0])
    zh: str = ""
    reps: list[dict[str, object]] = []
    where: tuple[object, ...] = ()
    for r in j:
        zh = r.reason_zh
        reps = r.repetitions
    line: str = j.to_json_line()
    for b in xr.judge_batch("games.pgn", jobs=0):
        _ = b.rulings[0].outcome_zh
    copy: xr.Position = pickle.loads(pickle.dumps(pos))
    try:
        xr.Position("bad")
    except xr.FenError as e:
        where = (e.file, e.game, e.ply)
    print(moves, n, ok, kind, back, svg, zh, reps, line, copy, where, xr.default_rulesets(), xr.__version__)


if __name__ == "__main__":
    main()
