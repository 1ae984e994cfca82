"""xq — Xiangqi competition rules from Python.

Positions and legal moves, ICCS/WXF/Chinese notation, game files in every format and encoding
the ``xq`` CLI reads, and the arbiter's rulings under the 1987 Chinese rules and the AXF rules
(长将, 长捉, 一将一捉 …), one game at a time or a whole database in parallel.

>>> import xq
>>> j = xq.judge("h2e2 h9g7 h0g2 i9h9 i0h0 h9i9 h0i0 i9h9 i0h0 h9i9 h0i0")
>>> [r.ruleset for r in j]
['cn-1987', 'axf']
"""

from ._xq import (
    BatchReader,
    FenError,
    Game,
    GameFileError,
    GameReader,
    GameReport,
    Judgement,
    Move,
    MoveError,
    Position,
    Ruleset,
    RulesetError,
    Ruling,
    XqError,
    convert,
    judge,
    judge_batch,
    read_games,
    rulesets,
)

__all__ = [
    "BatchReader",
    "FenError",
    "Game",
    "GameFileError",
    "GameReader",
    "GameReport",
    "Judgement",
    "Move",
    "MoveError",
    "Position",
    "Ruleset",
    "RulesetError",
    "Ruling",
    "XqError",
    "convert",
    "judge",
    "judge_batch",
    "read_games",
    "rulesets",
]
