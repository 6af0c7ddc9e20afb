"""legal_moves + push + pop in the Python package, as benches/wasm.mjs
plays them in JavaScript: random games played out and taken back, the
operations per second (benches/wasm.sh runs both)."""

import time

import kifu

seed = 12345


def random(n):
    global seed
    seed = (seed * 48271) % 2147483647
    return seed % n


print("legal_moves + push + pop in Python: random games played out and taken back")
for name in kifu.GAMES:
    options = {"seed": 1} if name == "escampe" else {"players": "red green orange"} if name == "lotus" else {}
    operations = 0
    started = time.perf_counter()
    for _ in range(20):
        game = kifu.Game(name, **options)
        plies = 0
        while not game.is_over() and plies < 200:
            legal = game.legal_moves()
            game.push(legal[random(len(legal))])
            plies += 1
            operations += 2
        for _ in range(plies):
            game.pop()
            operations += 1
    ms = (time.perf_counter() - started) * 1000
    print(f"  {name}: {operations} operations in {ms:.0f} ms: {operations / ms * 1000:.0f} a second")
