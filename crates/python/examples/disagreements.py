#!/usr/bin/env python3
"""Judge a game database under the 1987 Chinese rules and the AXF rules, and print the games on
which the two codes disagree (the repetition verdict or the outcome), with each side's label.

Usage: python disagreements.py GAMES.pgn [--jobs N]
"""

import argparse

import xiangqi_rules as xr


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database", help="a game file: PGN (any notation, any encoding), XQF, CBL …")
    parser.add_argument("--jobs", type=int, default=0, help="worker threads (0 = every core)")
    args = parser.parse_args()
    games = disagreements = 0
    for report in xr.judge_batch(args.database, rulesets=["cn-1987", "axf"], jobs=args.jobs):
        games += 1
        if not report.disagree:
            continue
        disagreements += 1
        cells = []
        for r in report.rulings:
            rep = r.repetition
            if rep:
                cells.append(
                    f"{r.ruleset}: plies {rep['first_ply']}–{rep['last_ply']} "
                    f"红 {rep['red']} / 黑 {rep['black']} → {rep['verdict']}"
                )
            else:
                cells.append(f"{r.ruleset}: {r.outcome} ({r.reason_zh})")
        print(f"{report.id} [{report.result or '?'}]  " + "  |  ".join(cells))
    print(f"{disagreements} of {games} games judged differently")


if __name__ == "__main__":
    main()
