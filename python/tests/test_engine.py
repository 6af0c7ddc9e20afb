"""kifu.Engine: a KEP program (`kifu engine`, started as a process) and
the built-in engine in-process play a whole game of each game against
each other; analyses, options, and the failures said."""

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
