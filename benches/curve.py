#!/usr/bin/env python3
"""benches/curve.py: the k of P(win) = 1 / (1 + exp(-k cp)) that best fits
the records on standard input (`kifu json` lines of two-player games whose
moves carry kifu match's comments, `0.05s cp 35`: the mover's score).

Each move with a `cp` score is one observation: 1 when its mover won the
game, 0 when the mover lost, 1/2 for a game with no winner. k maximises
the likelihood (Newton's method on the one parameter); the line says k,
the observations and games, and the chance the curve gives at a few
scores, with the share the mover actually won among moves near each. A
fit that falls (a higher score, fewer wins) or has no scores gives k 0."""
import json
import math
import sys

points = []
games = 0
for line in sys.stdin:
    record = json.loads(line)
    if "moves" not in record:
        continue  # a record kifu json could not read (its error)
    result = record["tags"].get("Result", "")
    setup = record["setup"]
    mover = setup["to_move"]
    players = [mover, "white" if mover != "white" else ("black" if record["game"] != "shogun" else "red")]
    winner = {"W+": "white", "B+": "black", "R+": "red"}.get(result[:2])
    games += 1
    for index, move in enumerate(record["moves"]):
        side = players[index % 2]
        outcome = 0.5 if winner is None else (1.0 if side == winner else 0.0)
        for comment in move.get("comments", []):
            words = comment.split()
            if "cp" in words:
                points.append((int(words[words.index("cp") + 1]), outcome))

def gradient(k):
    first = second = 0.0
    for cp, y in points:
        p = 1 / (1 + math.exp(-k * cp))
        first += (y - p) * cp
        second -= p * (1 - p) * cp * cp
    return first, second

k = 0.003
for _ in range(50):
    first, second = gradient(k)
    if second == 0:
        break
    step = first / second
    k -= step
    if abs(step) < 1e-9:
        break
near = []
for score in (50, 100, 200, 400, 800):
    within = [y for cp, y in points if abs(abs(cp) - score) <= score / 4]
    won = [y if cp > 0 else 1 - y for cp, y in points if abs(abs(cp) - score) <= score / 4]
    chance = 1 / (1 + math.exp(-k * score))
    seen = sum(won) / len(won) if won else float("nan")
    near.append(f"cp {score}: {chance:.2f} (seen {seen:.2f} of {len(within)})")
# A curve that falls (or no score at all) says the scores do not tell the
# winner: the review then weighs only forced wins and losses (k 0).
fitted = f"k {k:.5f}" if points and k > 0 else f"k 0 (the fit gives {k:.5f})"
print(f"{fitted} from {len(points)} scores of {games} games; " + "; ".join(near))
