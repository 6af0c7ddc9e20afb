"""The speed of the Python package (benches/python.sh): reading and
validating a file through kifu.read + Record.validate against `kifu
validate` on the same file, and legal_moves(), push and pop on a
middle-game position of each game, against python-chess on chess.

    python benches/python_speed.py FILE KIFU_BINARY
"""

import statistics
import subprocess
import sys
import time
import timeit

import kifu


def best_of(runs, action):
    """The least wall time of `runs` runs of `action`, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times), statistics.median(times)


def read_and_validate(path):
    valid = 0
    for record in kifu.read(path):
        valid += record.validate()["valid"]
    return valid


def per_call(stmt, number, glob):
    """The median over 7 rounds of `stmt`'s time, in microseconds a call."""
    rounds = timeit.repeat(stmt, number=number, repeat=7, globals=glob)
    return statistics.median(rounds) / number * 1e6


def middle_game(name, plies):
    """A game of `name` after `plies` plies of a seeded random game."""
    import random

    rng = random.Random(7)
    game = kifu.Game(name, seed=7) if name == "escampe" else kifu.Game(name)
    while len(game.moves) < plies and not game.is_over():
        game.push(rng.choice(game.legal_moves()))
    return game


def main():
    path, binary = sys.argv[1], sys.argv[2]
    for jobs in ["1", "2"]:
        best, median = best_of(5, lambda: subprocess.run(
            [binary, "validate", "-j", jobs, "--quiet", path],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False))
        print(f"kifu validate -j {jobs}: best {best:.3f} s, median {median:.3f} s")
    best, median = best_of(5, lambda: read_and_validate(path))
    print(f"kifu.read + validate: best {best:.3f} s, median {median:.3f} s")
    best, median = best_of(5, lambda: sum(1 for r in kifu.read(path) if r.is_valid()))
    print(f"kifu.read + is_valid: best {best:.3f} s, median {median:.3f} s")

    for name, plies in [("mana", 12), ("escampe", 12), ("shogun", 12), ("lotus", 30)]:
        game = middle_game(name, plies)
        moves = game.legal_moves()
        glob = {"game": game, "move": moves[0]}
        legal = per_call("game.legal_moves()", 20000, glob)
        push_pop = per_call("game.push(move); game.pop()", 20000, glob)
        push_pop_text = per_call("game.push(text); game.pop()", 20000, {**glob, "text": str(moves[0])})
        print(f"{name} ({len(moves)} legal moves, ply {plies}): legal_moves {legal:.2f} µs, "
              f"push+pop {push_pop:.2f} µs (by text {push_pop_text:.2f} µs)")
    try:
        import chess
    except ImportError:
        print("python-chess is not installed: pip install chess")
        return
    board = chess.Board("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4")
    move = next(iter(board.legal_moves))
    glob = {"board": board, "move": move}
    legal = per_call("list(board.legal_moves)", 20000, glob)
    push_pop = per_call("board.push(move); board.pop()", 20000, glob)
    print(f"python-chess {chess.__version__} (Italian game, {board.legal_moves.count()} legal moves): "
          f"list(legal_moves) {legal:.2f} µs, push+pop {push_pop:.2f} µs")


if __name__ == "__main__":
    main()
