#!/usr/bin/env python3
"""Benchmark (not a test): `judge()` one game at a time against `judge_batch()` on the same
national games, per game, with the same (default) rulesets; and what the full per-ply document
(`to_json()`) costs on top. Run it with the wheel installed:

    python crates/python/bench/judge_bench.py [--games 300]
"""

import argparse
import itertools
import pathlib
import time

import xiangqi_rules as xr

REPO = pathlib.Path(__file__).resolve().parents[3]
NATIONAL = REPO.parent / "shared" / "data" / "games" / "ccpd-national" / "ccpd_national.pgn"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--full", type=int, default=30, help="games whose to_json() is timed")
    args = ap.parse_args()
    n = args.games

    # The sample as a file of its own, so that the batch reads exactly these games.
    games = list(itertools.islice(xr.read_games(NATIONAL), n))
    sample = pathlib.Path("/tmp/xiangqi-rules-judge-bench.pgn")
    sample.write_text("\n".join(g.pgn(notation="iccs") for g in games), encoding="utf-8")

    t = time.perf_counter()
    one = [xr.judge(g) for g in games]
    t_judge = time.perf_counter() - t

    rates = {}
    for jobs in (1, 0):
        t = time.perf_counter()
        batch = list(xr.judge_batch(sample, jobs=jobs))
        rates[jobs] = time.perf_counter() - t
    # The same verdicts (the lines differ in the tags: the sample's writer adds a Format tag).
    key = lambda j: (j.ply_count, [(r.ruleset, r.outcome, r.reason, r.repetitions) for r in j])  # noqa: E731
    assert [key(j) for j in one] == [key(b) for b in batch]

    t = time.perf_counter()
    for j in one[: args.full]:
        j.to_json()
    t_full = time.perf_counter() - t

    per = lambda s, k=n: f"{s / k * 1000:8.3f} ms/game"  # noqa: E731
    print(f"{n} national games, rulesets {xr.default_rulesets()} (same verdicts: checked)")
    print(f"  judge(game), one at a time     {per(t_judge)}")
    print(f"  judge_batch(jobs=1)            {per(rates[1])}   judge()/batch = {t_judge / rates[1]:.2f}")
    print(f"  judge_batch(jobs=0, all cores) {per(rates[0])}   judge()/batch = {t_judge / rates[0]:.2f}")
    print(f"  + to_json() (every ply classified), {args.full} games: {per(t_full, args.full)}")


if __name__ == "__main__":
    main()
