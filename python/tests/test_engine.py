"""kifu.Engine: a KEP program (`kifu engine`, started as a process) and
the built-in engine in-process play a whole game of each game against
each other; analyses, options, and the failures said."""

import os
import subprocess

import pytest

import kifu


@pytest.mark.parametrize("game", ["mana", "shogun", "escampe", "lotus"])
def test_a_whole_game_between_kifu_engine_and_the_built_in_engine(kifu_bin, game):
    g = kifu.Game(game, seed=5) if game == "escampe" else kifu.Game(game)
    with kifu.Engine(f"{kifu_bin} engine", options={"ManaThreat": 40}) as process, kifu.Engine() as built_in:
        assert process.name == "kifu-engine 0.1.0"
        assert built_in.name == "kifu-engine 0.1.0"
        engines = [process, built_in]
        seats = {player: engines[i % 2] for i, player in enumerate(g.players)}
        while not g.is_over() and len(g.moves) < 300:
            answer = seats[g.turn].play(g, depth=1)
            assert not answer.resigned
            assert answer.moves
            g.push_turn(answer.moves)
    verdict = kifu.Record(g.record()).validate()
    assert verdict["valid"] is True, verdict
    assert verdict["plies"] == len(g.moves)
    if g.is_over():
        assert verdict["result"] == g.outcome()["result"]


def test_an_analysis_gives_a_score_a_line_and_a_move():
    g = kifu.Game("mana")
    with kifu.Engine() as engine:
        seen = engine.analyse(g, depth=3)
    assert seen["score"].split()[0] in ("cp", "win", "loss")
    assert len(seen["pv"]) >= 1
    assert seen["best"] == seen["pv"][:1]
    assert seen["best"][0] in [str(m) for m in g.legal_moves()]
    searched = kifu.search(g, depth=3)
    assert searched.moves == seen["best"]
    assert g.moves == [], "asking plays nothing"


def test_engines_that_cannot_start_or_have_quit_are_said(kifu_bin):
    with pytest.raises(kifu.EngineError, match="no-such-engine"):
        kifu.Engine("no-such-engine --fast")
    with pytest.raises(kifu.EngineError, match="engine.unknown-option|NoSuchOption"):
        kifu.Engine(f"{kifu_bin} engine", options={"NoSuchOption": 1})
    with pytest.raises(ValueError, match="the built-in engine takes no options"):
        kifu.Engine(options={"ManaThreat": 1})
    engine = kifu.Engine()
    engine.quit()
    with pytest.raises(kifu.EngineError, match="the engine has quit"):
        engine.play(kifu.Game("mana"), depth=1)
    g = kifu.Game("shogun")
    while not g.is_over():
        g.push(g.legal_moves()[0])
    with pytest.raises(ValueError, match="the game is over"):
        kifu.search(g, depth=1)


@pytest.fixture
def test_engine(kifu_bin):
    """The misbehaving KEP engine examples/test_engine.rs, which `cargo
    test` builds beside `kifu`."""
    path = os.path.join(os.path.dirname(kifu_bin), "examples", "test_engine")
    if not os.path.exists(path):
        pytest.fail(f"{path} is missing: build it with `cargo build --example test_engine`")
    return path


def test_hostile_engines_are_said_and_never_hang_or_outlive_the_engine(test_engine):
    g = kifu.Game("mana")
    refused = {
        "--garbage-at 0": 'kifu-engine 0.1.0: it answered "hello referee": a line in answer to go is info or move',
        "--crash-at 0": "kifu-engine 0.1.0: the engine exited (exit status: 3)",
    }
    for flags, said in refused.items():
        engine = kifu.Engine(f"{test_engine} {flags}")
        with pytest.raises(kifu.EngineError) as caught:
            engine.play(g, movetime=100)
        assert str(caught.value) == said
        with pytest.raises(kifu.EngineError, match="the engine has quit"):
            engine.play(g, movetime=100)
    # An illegal move is given as the engine wrote it; the game refuses it.
    with kifu.Engine(f"{test_engine} --illegal-at 0") as engine:
        answer = engine.play(g, movetime=100)
    assert answer.moves == ["z9-z9"]
    with pytest.raises(kifu.IllegalMove, match="mana.not-a-square"):
        g.push(answer.moves[0])
    # A flood of standard error does not stop it.
    with kifu.Engine(f"{test_engine} --flood-stderr") as engine:
        answer = engine.play(g, movetime=100)
    assert answer.moves[0] in [str(m) for m in g.legal_moves()]
    # One that stops reading is let go after its time and the patience
    # allowed (3 s), then has quit.
    engine = kifu.Engine(f"{test_engine} --deaf")
    with pytest.raises(kifu.EngineError, match=r"^kifu-engine 0.1.0: no move within 3\.\d+s$"):
        engine.play(g, movetime=100)
    with pytest.raises(kifu.EngineError, match="the engine has quit"):
        engine.play(g, movetime=100)
    # One that ignores `quit` is ended with its whole process group.
    marker = f"python-hostile-{os.getpid()}"
    engine = kifu.Engine(f"{test_engine} --ignore-quit --marker {marker}")
    engine.play(g, movetime=100)
    engine.quit()
    left = subprocess.run(["pgrep", "-f", marker], capture_output=True, text=True).stdout
    assert left == ""


def test_a_level_is_the_one_kifu_engine_plays_and_named_so(kifu_bin):
    with kifu.Engine(level=1) as weak, kifu.Engine(level=8) as full:
        assert weak.name == "kifu-engine 0.1.0 level 1"
        assert full.name == "kifu-engine 0.1.0 level 8"
        g = kifu.Game("mana", setup="c1 c6")
        # Level 1 searches one ply whatever the time it is given.
        played = weak.play(g, movetime=2000)
        assert played.moves[0] in [str(m) for m in g.legal_moves()]
    with kifu.Engine(f"{kifu_bin} engine", level=3) as program:
        assert program.name == "kifu-engine 0.1.0", "the level is set after the handshake"
    for wrong in (0, 9, -1):
        with pytest.raises(ValueError, match=f"the level is 1 to 8, not {wrong}"):
            kifu.Engine(level=wrong)


@pytest.mark.parametrize(
    "setup, plies", [("c1 c6", 9), ("b1 c6", 9), ("f1 b6", 11), ("c1 f6", 11)]
)
def test_solve_proves_a_standard_mana_start_a_win_for_black(setup, plies):
    game = kifu.Game("mana", setup=setup)
    solution = kifu.solve(game)
    assert (solution.result, solution.plies, solution.depth) == ("win", plies, plies)
    assert len(solution.line) == plies
    for move in solution.line:
        game.push(move)
    assert game.result() == "B+"


def test_solve_tells_a_loss_nothing_forced_and_refuses_lotus():
    game = kifu.Game("mana", setup="c1 c6")
    game.push("c1-c3")
    lost = kifu.solve(game, depth=9)
    assert (lost.result, lost.plies, len(lost.line)) == ("loss", 8, 8)
    unknown = kifu.solve(game, depth=7)
    assert (unknown.result, unknown.plies, unknown.line, unknown.depth) == (None, None, [], 7)
    assert repr(unknown) == "Solution(result=None, plies=None, line=[], depth=7)"
    with pytest.raises(ValueError, match="depth is 1 to 64 plies, not 0"):
        kifu.solve(game, depth=0)
    with pytest.raises(ValueError, match="time is a number of seconds above 0, not -1"):
        kifu.solve(game, time=-1)
    with pytest.raises(ValueError, match="solve proves two-player games, and this lotus game has 3 players"):
        kifu.solve(kifu.Game("lotus"))
