"""xiangqi_rules — Xiangqi competition rules from Python (the ``xiangqi-rules`` distribution).

A board in python-chess's shape (``Position``: ``push``/``pop``, ``move_stack``, ``piece_at``,
``is_legal``, ``gives_check``, ``svg``), ICCS/WXF/Chinese notation, game files in every format
and encoding the ``xq`` CLI reads (``read_games``, ``Game`` with its PGN writer), and the
arbiter's rulings under the 1987 Chinese rules and the AXF rules (长将, 长捉, 一将一捉 …), one
game at a time (``judge``) or a whole database in parallel (``judge_batch``), with the same
result classes and the same default rulesets as the CLI.

>>> import xiangqi_rules as xr
>>> j = xr.judge("h2e2 h9g7 h0g2 i9h9 i0h0 h9i9 h0i0 i9h9 i0h0 h9i9 h0i0")
>>> [r.ruleset for r in j]
['axf', 'cn-1987']
"""

from importlib.metadata import PackageNotFoundError, version

from ._xq import (
    BatchReader,
    FenError,
    Game,
    GameFileError,
    GameReader,
    Judgement,
    LegalMoves,
    Move,
    MoveError,
    Piece,
    Position,
    Ruleset,
    RulesetError,
    Ruling,
    XqError,
    convert,
    default_rulesets,
    judge,
    judge_batch,
    parse_square,
    read_games,
    rulesets,
    square_name,
)

try:
    __version__ = version("xiangqi-rules")
except PackageNotFoundError:  # pragma: no cover - not installed as a distribution
    __version__ = "0+unknown"

__all__ = [
    "BatchReader",
    "FenError",
    "Game",
    "GameFileError",
    "GameReader",
    "Judgement",
    "LegalMoves",
    "Move",
    "MoveError",
    "Piece",
    "Position",
    "Ruleset",
    "RulesetError",
    "Ruling",
    "XqError",
    "convert",
    "default_rulesets",
    "judge",
    "judge_batch",
    "parse_square",
    "read_games",
    "rulesets",
    "square_name",
]
