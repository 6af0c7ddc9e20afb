#!/usr/bin/env python3
"""Lotus's Monte Carlo: how many playouts a second each kifu binary's
engine plays, and what it answers, from the starts of the first SETUPS
three-player setups that `kifu new lotus --seed N` draws (N = 1, 2, ...),
each searched to PLAYOUTS playouts with a minute to spare:

    python3 benches/lotus-playouts.py SETUPS PLAYOUTS KIFU...

A line per setup and binary: the seconds, the playouts a second, the
score and the turn. Two binaries whose playouts are the same answer the
same turn with the same score; only their time differs.
"""

import re
import subprocess
import sys

PLAYERS = "red green orange"


def flowers(kifu, seed):
    """The Flowers tag of the setup `kifu new lotus --seed SEED` draws."""
    text = subprocess.run(
        [kifu, "new", "lotus", "--seed", str(seed), "--players", PLAYERS],
        capture_output=True, text=True, check=True,
    ).stdout
    return re.search(r'\[Flowers "([^"]*)"\]', text).group(1)


def search(kifu, tags, playouts):
    """The last info line and the move of `kifu engine` on the start of
    `tags`, searched to `playouts` playouts."""
    engine = subprocess.Popen(
        [kifu, "engine"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    lines = ["kep 1", "newgame lotus"] + [f"tag {k} {v}" for k, v in tags]
    lines += ["position", f"go nodes {playouts} movetime 60000"]
    engine.stdin.write("\n".join(lines) + "\n")
    engine.stdin.flush()
    info = ""
    for line in engine.stdout:
        if line.startswith("info"):
            info = line.strip()
        if line.startswith("move"):
            break
    engine.stdin.write("quit\n")
    engine.stdin.close()
    engine.wait()
    return info, line.strip()


def main():
    setups, playouts, binaries = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
    for seed in range(1, setups + 1):
        tags = [("Players", f'"{PLAYERS}"'), ("Flowers", flowers(binaries[0], seed))]
        for kifu in binaries:
            info, move = search(kifu, tags, playouts)
            nodes = int(re.search(r"nodes (\d+)", info).group(1))
            ms = int(re.search(r"time (\d+)", info).group(1))
            score = re.search(r"score (\S+ \S+)", info).group(1)
            rate = nodes * 1000 // max(ms, 1)
            print(f"seed {seed} {kifu}: {ms / 1000:.2f} s, {rate} playouts/s, {score}, {move}")


if __name__ == "__main__":
    main()
