#!/usr/bin/env python3
"""benches/levels.py LEVEL FILE...: the score of the engine at LEVEL against
the level below in the records of FILE (`kifu json` lines on standard
input), and its Elo with a 95% interval.

Two-player games: a win is 1, a loss 0, an unfinished game (a draw, or the
ply bound) 1/2; a lotus race with no result (a seat lost on time) is 1/2
for each comparison. Lotus: each race counts once for each seat of the level
below, 1 when the stronger scored more points, 1/2 on equal points. The
Elo is 400 log10(p / (1 - p)); the interval comes from the binomial error
of p through that curve (the delta method), so it widens as p nears 0 or
1. The two comparisons of a race are not independent: lotus's interval
is a little narrow."""
import json
import math
import sys

level = int(sys.argv[1])
stronger = f"level {level}"
points = []
for line in sys.stdin:
    record = json.loads(line)
    tags = record["tags"]
    if tags.get("Game") == "lotus":
        engines = [name.strip() for name in tags["Engines"].split(",")]
        if "Result" not in tags:
            # Unfinished (a seat lost on time or crashed): no places.
            points.extend([0.5] * (len(engines) - 1))
            continue
        scores = [int(part.split(":")[1]) for part in tags["Result"].split()]
        mine = [s for name, s in zip(engines, scores) if name.endswith(stronger)]
        theirs = [s for name, s in zip(engines, scores) if not name.endswith(stronger)]
        for other in theirs:
            points.append(1.0 if mine[0] > other else 0.5 if mine[0] == other else 0.0)
        continue
    winner = (record.get("outcome") or {}).get("winner")
    if winner is None:
        points.append(0.5)
        continue
    points.append(1.0 if tags.get(winner, "").endswith(stronger) else 0.0)

n = len(points)
wins = sum(1 for p in points if p == 1.0)
draws = sum(1 for p in points if p == 0.5)
losses = n - wins - draws
p = sum(points) / n if n else 0.5
if 0 < p < 1:
    elo = 400 * math.log10(p / (1 - p))
    error = 1.96 * math.sqrt(p * (1 - p) / n) * 400 / (math.log(10) * p * (1 - p))
    rating = f"{elo:+.0f} ± {error:.0f}"
else:
    rating = "unbounded"
print(f"{wins}-{losses}-{draws} of {n}, {100 * p:.1f}%, {rating}")
