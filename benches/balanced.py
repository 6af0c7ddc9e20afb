#!/usr/bin/env python3
"""The balanced starts that `kifu match` opens from by default
(src/tournament/starts/GAME.kifu), made with the kifu binary alone:

    python3 benches/balanced.py KIFU GAME COUNT OUT

Candidates come from seeds 1, 2, 3...: the setup `kifu new GAME --seed N`
draws (mana: the Daimyos' files; escampe: both placements; shogun: the
pieces, the first side and the discs), then a few random plies (the
number and the moves drawn from the same seed). A candidate is kept when

1. `kifu solve --depth SOLVE` finds nothing forced within SOLVE plies
   (mana and escampe 11, shogun 7): neither side can force the end of
   the game that soon, whatever the other does; and
2. the built-in engine, searched to DEPTH plies (mana and escampe 12,
   shogun 7), scores it within MARGIN (50) centipawns of even; and
3. its position is not one already kept.

The first COUNT kept are written to OUT, each a record of its start and
its plies, as `kifu fmt` writes it, with a comment giving the seed, the
engine's score and the solver's depth. The same KIFU gives the same file.
"""

import json
import random
import subprocess
import sys

SOLVE = {"mana": 11, "escampe": 11, "shogun": 7}
DEPTH = {"mana": 12, "escampe": 12, "shogun": 7}
PLIES = {"mana": (2, 6), "escampe": (2, 6), "shogun": (1, 4)}
MARGIN = 50


def run(kifu, args, stdin=""):
    done = subprocess.run(
        [kifu, *args], input=stdin, capture_output=True, text=True, check=False
    )
    return done.stdout, done.returncode


def record(tags, moves):
    """A record of `tags` (text lines) and `moves`, numbered in pairs."""
    numbered = []
    for at in range(0, len(moves), 2):
        numbered.append(f"{at // 2 + 1}. " + " ".join(moves[at : at + 2]))
    return tags + "\n" + " ".join(numbered + ["*"]) + "\n"


def score(kifu, game, tags, moves, depth):
    """The engine's last score at `depth`: ("cp", n), ("win", n) or ("loss", n)."""
    lines = ["kep 1", f"newgame {game}"]
    for line in tags.splitlines():
        name, _, value = line.strip("[]").partition(" ")
        if name != "Game":
            lines.append(f"tag {name} {value}")
    lines.append("position" + (" moves " + " ".join(moves) if moves else ""))
    lines.append(f"go depth {depth} movetime 600000")
    out, _ = run(kifu, ["engine"], "\n".join(lines) + "\n")
    told = [line for line in out.splitlines() if line.startswith("info depth")]
    if not told:
        # One legal move: the engine plays it unsearched.
        return "forced", 0
    words = told[-1].split()
    at = words.index("score")
    return words[at + 1], int(words[at + 2])


def candidate(kifu, game, seed):
    """The start of `seed` and its random plies: (tags, moves), or None
    when the game ends in them."""
    tags, _ = run(kifu, ["new", game, "--seed", str(seed)])
    tags = tags.strip().rsplit("\n", 1)[0].strip()
    rng = random.Random(f"{game} {seed}")
    low, high = PLIES[game]
    moves = []
    for _ in range(rng.randint(low, high)):
        out, status = run(kifu, ["moves"], record(tags, moves))
        legal = out.split()
        if status != 0 or not legal:
            return None
        moves.append(rng.choice(legal))
    return tags, moves


def main():
    kifu, game, count, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    kept, seen, seed = [], set(), 0
    tried = {"ended": 0, "decided": 0, "unbalanced": 0, "again": 0}
    while len(kept) < count:
        seed += 1
        found = candidate(kifu, game, seed)
        if found is None:
            tried["ended"] += 1
            continue
        tags, moves = found
        text = record(tags, moves)
        answer, _ = run(
            kifu, ["solve", "--depth", str(SOLVE[game]), "--format", "json"], text
        )
        solved = json.loads(answer)
        if solved["result"] != "unknown":
            tried["decided"] += 1
            continue
        kind, value = score(kifu, game, tags, moves, DEPTH[game])
        if kind != "cp" or abs(value) > MARGIN:
            tried["unbalanced"] += 1
            continue
        position, _ = run(kifu, ["json", "--positions"], text)
        data = json.loads(position)
        final = data["moves"][-1]["position"] if data["moves"] else data["setup"]
        key = json.dumps(final, sort_keys=True)
        if key in seen:
            tried["again"] += 1
            continue
        seen.add(key)
        comment = (
            f"{{seed {seed}: engine depth {DEPTH[game]} cp {value}; "
            f"nothing forced within {SOLVE[game]} plies}}"
        )
        lines = text.splitlines()
        lines[-1] = comment + " " + lines[-1]
        kept.append("\n".join(lines) + "\n")
        print(f"{game}: {len(kept)}/{count} (seed {seed}, cp {value})", file=sys.stderr)
    formatted, status = run(kifu, ["fmt", "-"], "\n".join(kept))
    if status != 0:
        sys.exit(f"kifu fmt refused the starts (status {status})")
    with open(out, "w", encoding="utf-8") as file:
        file.write(formatted)
    print(
        f"{game}: {count} starts from {seed} seeds; left out: "
        + ", ".join(f"{n} {why}" for why, n in tried.items()),
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
