#!/usr/bin/env python3
"""benches/curve.py: the k of P(win) = 1 / (1 + exp(-k cp)) that best fits
the records on standard input (`kifu json` lines whose moves carry kifu
match's comments, `0.05s cp 35`: the mover's score).

Each move with a `cp` score is one observation: 1 when its mover won the
game, 0 when the mover lost, 1/2 for a game with no winner (lotus: 1 for
a first place, 1/n for a first place shared by n, 0 otherwise). Lotus fits an offset too: the
score at which a first place is even (P = 1 / (1 + exp(-k (cp - offset)))),
since a lead of 0 over the best other player is no even chance among
three or more, and the engine's score counts a first place's bonus. k maximises
the likelihood (its derivative's zero, found by halving); the line says k,
the observations and games, and the chance the curve gives at a few
scores, with the share the mover actually won among moves near each. A
fit that falls (a higher score, fewer wins) or has no scores gives k 0."""
import json
import math
import sys

points = []
games = 0
lotus = False
for line in sys.stdin:
    record = json.loads(line)
    if "moves" not in record:
        continue  # a record kifu json could not read (its error)
    result = record["tags"].get("Result", "")
    setup = record["setup"]
    mover = setup["to_move"]
    games += 1
    if record["game"] == "lotus":
        lotus = True
        # Turns go round the seats from the first mover; a score is said
        # after each turn; a first place shared is a share of a win.
        names = record["tags"]["Players"].split()
        first = names.index(mover)
        letters = [name[0] for name in names]
        scores = dict(pair.split(":") for pair in result.split())
        best = max(int(v) for v in scores.values())
        winners = [letter for letter, v in scores.items() if int(v) == best]
        turn = -1
        for move in record["moves"]:
            turn += "number" in move
            side = letters[(first + turn) % len(names)]
            outcome = 1.0 / len(winners) if side in winners else 0.0
            for comment in move.get("comments", []):
                words = comment.split()
                if "cp" in words:
                    points.append((int(words[words.index("cp") + 1]), outcome))
        continue
    players = [mover, "white" if mover != "white" else ("black" if record["game"] != "shogun" else "red")]
    winner = {"W+": "white", "B+": "black", "R+": "red"}.get(result[:2])
    for index, move in enumerate(record["moves"]):
        side = players[index % 2]
        outcome = 0.5 if winner is None else (1.0 if side == winner else 0.0)
        for comment in move.get("comments", []):
            words = comment.split()
            if "cp" in words:
                points.append((int(words[words.index("cp") + 1]), outcome))

def slope(k, offset):
    """The derivative in k of the log-likelihood at (k, offset): it falls
    as k grows (the likelihood is concave in k), so its zero is found by
    halving."""
    total = 0.0
    for cp, y in points:
        z = max(-700.0, min(700.0, -k * (cp - offset)))
        total += (y - 1 / (1 + math.exp(z))) * (cp - offset)
    return total

def fitted_k(offset):
    low, high = -1.0, 1.0
    for _ in range(50):
        k = (low + high) / 2
        if slope(k, offset) > 0:
            low = k
        else:
            high = k
    return k

def likelihood(k, offset):
    total = 0.0
    for cp, y in points:
        z = max(-700.0, min(700.0, -k * (cp - offset)))
        p = min(max(1 / (1 + math.exp(z)), 1e-12), 1 - 1e-12)
        total += y * math.log(p) + (1 - y) * math.log(1 - p)
    return total

# Two players: a score of 0 is even, by symmetry. Lotus: the score of an
# even chance is fitted too (every 25 cp from -1000 to 3000).
offset = 0
k = fitted_k(0)
if lotus:
    best = None
    for offset_at in range(-1000, 3001, 25):
        k_at = fitted_k(offset_at)
        value = likelihood(k_at, offset_at)
        if best is None or value > best[0]:
            best = (value, k_at, offset_at)
    _, k, offset = best
near = []
for score in (50, 100, 200, 400, 800):
    within = [y for cp, y in points if abs(abs(cp) - score) <= score / 4]
    won = [y if cp > 0 else 1 - y for cp, y in points if abs(abs(cp) - score) <= score / 4]
    chance = 1 / (1 + math.exp(-k * score))
    seen = sum(won) / len(won) if won else float("nan")
    near.append(f"cp {score}: {chance:.2f} (seen {seen:.2f} of {len(within)})")
if lotus:
    # The chance of a first place at a few scores, and the share seen
    # among scores near each.
    near = []
    for score in (-500, 0, 500, 1000, 1500):
        within = [y for cp, y in points if abs(cp - score) <= 125]
        chance = 1 / (1 + math.exp(-k * (score - offset)))
        seen = sum(within) / len(within) if within else float("nan")
        near.append(f"cp {score}: {chance:.2f} (seen {seen:.2f} of {len(within)})")
# A curve that falls (or no score at all) says the scores do not tell the
# winner: the review then weighs only forced wins and losses (k 0).
fitted = f"k {k:.5f}" if points and k > 0 else f"k 0 (the fit gives {k:.5f})"
if lotus:
    fitted += f" offset {offset}"
print(f"{fitted} from {len(points)} scores of {games} games; " + "; ".join(near))
