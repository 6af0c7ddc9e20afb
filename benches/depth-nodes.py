#!/usr/bin/env python3
"""The nodes each kifu binary's engine takes to reach a depth, from the
first COUNT balanced starts of a game (src/tournament/starts/GAME.kifu):

    python3 benches/depth-nodes.py GAME DEPTH COUNT KIFU...

Each start is sent as `kifu match` sends it (its tags, then its plies),
and `go depth DEPTH` asked with no clock; a line per start gives, for
each binary, the seconds, the nodes and the score of the last depth.
Two binaries whose searches are the same print the same nodes.
"""

import re
import subprocess
import sys
import time
from pathlib import Path

STARTS = Path(__file__).resolve().parent.parent / "src" / "tournament" / "starts"


def starts(game, count):
    """The first `count` starts of `game`: (tags, plies)."""
    text = (STARTS / f"{game}.kifu").read_text()
    found = []
    for record in ("[Game " + r for r in text.split("[Game ")[1 : count + 1]):
        tags = re.findall(r'\[(\w+) "([^"]*)"\]', record)
        body = re.sub(r"\{[^}]*\}", "", re.sub(r"\[[^\]]*\]", "", record))
        plies = [w for w in body.split() if not re.match(r"^\d+\.$", w) and w != "*"]
        found.append(([(k, v) for k, v in tags if k != "Game"], plies))
    return found


def search(kifu, game, tags, plies, depth):
    """(seconds, nodes, score) of `kifu engine` searched to `depth`."""
    lines = ["kep 1", f"newgame {game}"] + [f'tag {k} "{v}"' for k, v in tags]
    lines.append("position moves " + " ".join(plies) if plies else "position")
    lines.append(f"go depth {depth}")
    began = time.monotonic()
    out = subprocess.run(
        [kifu, "engine"], input="\n".join(lines) + "\n", capture_output=True, text=True
    ).stdout
    seconds = time.monotonic() - began
    told = [line for line in out.splitlines() if line.startswith("info depth")]
    if not told:
        return seconds, 0, "forced"
    words = told[-1].split()
    score = " ".join(words[words.index("score") + 1 :][:2])
    return seconds, int(words[words.index("nodes") + 1]), score


def main():
    game, depth, count, kifus = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    for tags, plies in starts(game, count):
        cells = []
        for kifu in kifus:
            seconds, nodes, score = search(kifu, game, tags, plies, depth)
            cells.append(f"{seconds:6.2f} s {nodes:>10} {score:>9}")
        print(" | ".join(cells))


if __name__ == "__main__":
    main()
