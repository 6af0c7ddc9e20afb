"""The PettingZoo environments (kifu.envs; docs/python-envs.md)."""

import warnings

import numpy as np
import pytest

import kifu
from kifu.envs import escampe_v0, lotus_v0, mana_v0, shogun_v0

pettingzoo = pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test  # noqa: E402

ENVS = {
    "mana": lambda **kw: mana_v0.env(**kw),
    "escampe": lambda **kw: escampe_v0.env(**kw),
    "shogun": lambda **kw: shogun_v0.env(**kw),
    "lotus3": lambda **kw: lotus_v0.env(players=3, **kw),
    "lotus4": lambda **kw: lotus_v0.env(players=4, **kw),
    "lotus6": lambda **kw: lotus_v0.env(players=6, **kw),
}

# What docs/python-envs.md says: (agents, actions, observation shape).
DOC = {
    "mana": (["black", "white"], 1333, (6, 6, 13)),
    "escampe": (["white", "black"], 1297, (6, 6, 11)),
    "shogun": (["white", "red"], 4096, (8, 8, 11)),
    "lotus3": (["red", "green", "orange"], 3 * 41 * (6 + 25 * 3), (45, 9 * 3 + 14)),
    "lotus4": (["red", "green", "orange", "violet"], 4 * 41 * (6 + 25 * 4), (45, 9 * 4 + 14)),
    "lotus6": (
        ["red", "green", "orange", "violet", "blue", "yellow"],
        6 * 41 * (6 + 25 * 6),
        (45, 9 * 6 + 14),
    ),
}


def play(env, seed, max_steps=100_000):
    """Plays random legal actions (drawn from `seed`) until every agent is
    done. Gives the move texts, the acting agents, the final rewards."""
    rng = np.random.default_rng(seed)
    texts, actors, final = [], [], {}
    for agent in env.agent_iter(max_steps):
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            final[agent] = reward
            env.step(None)
            continue
        assert env.game.turn.lower() == agent
        legal = np.flatnonzero(obs["action_mask"])
        action = int(rng.choice(legal))
        move = env.action_to_move(action)
        assert move.text in info["legal_moves"]
        texts.append(move.text)
        actors.append(agent)
        env.step(action)
    return texts, actors, final


def start_of(game):
    """A new `kifu.Game` at the same start as `game`."""
    return kifu.Game(game.game, **{k.lower(): v for k, v in game.start_tags})


@pytest.mark.parametrize("name", ["mana", "escampe", "shogun", "lotus3", "lotus6"])
def test_api(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(ENVS[name](), num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize("name", sorted(DOC))
def test_documented_spaces(name):
    agents, actions, shape = DOC[name]
    env = ENVS[name]()
    env.reset(seed=1)
    assert env.possible_agents == agents
    for agent in agents:
        assert env.action_space(agent).n == actions
        obs = env.observe(agent)
        assert obs["observation"].shape == shape
        assert obs["observation"].dtype == np.float32
        assert obs["action_mask"].shape == (actions,)
        assert obs["action_mask"].dtype == np.int8
        assert env.observation_space(agent).contains(obs)
        # Only the agent to move has legal actions.
        assert obs["action_mask"].any() == (agent == env.agent_selection)


@pytest.mark.parametrize("name", sorted(ENVS))
def test_seeded_reset_reproduces(name):
    def episode():
        env = ENVS[name](random_start=True)
        env.reset(seed=7)
        rng = np.random.default_rng(3)
        observations = []
        for _ in range(40):
            obs, *_ = env.last()
            observations.append(obs["observation"].copy())
            if env.terminations[env.agent_selection]:
                break
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        return env.game.position(), observations

    pos1, obs1 = episode()
    pos2, obs2 = episode()
    assert pos1 == pos2
    assert len(obs1) == len(obs2)
    for a, b in zip(obs1, obs2):
        np.testing.assert_array_equal(a, b)
    # Another seed draws another start.
    env = ENVS[name](random_start=True)
    starts = set()
    for seed in range(4):
        env.reset(seed=seed)
        starts.add(env.game.position())
    assert len(starts) > 1


@pytest.mark.parametrize("name", sorted(ENVS))
def test_actions_are_a_bijection_on_legal_moves(name):
    env = ENVS[name](random_start=True).unwrapped
    positions = 0
    for seed in range(6):
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in env.agent_iter(250):
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            actor = env.possible_agents.index(agent)
            moves = env.game.legal_moves()
            actions = [env._encode(m, actor) for m in moves]
            assert len(set(actions)) == len(moves)
            assert all(0 <= a < env.num_actions for a in actions)
            assert set(actions) == set(np.flatnonzero(obs["action_mask"]).tolist())
            for m, a in zip(moves, actions):
                assert env.action_to_move(a).text == m.text
                assert env.move_to_action(m) == a
                # The pure decoding gives a text the referee reads as that move.
                after = env.game.copy()
                after.push(env.decode(a, actor))
                expected = env.game.copy()
                expected.push(m)
                assert after.position() == expected.position()
            positions += 1
            env.step(int(rng.choice(actions)))
    assert positions > 200


@pytest.mark.parametrize("name", sorted(ENVS))
def test_random_game_matches_the_referee(name):
    env = ENVS[name](random_start=True)
    for seed in range(3):
        env.reset(seed=seed)
        game = start_of(env.game)
        texts, actors, final = play(env, seed)
        assert set(final) == set(env.possible_agents)
        assert env.agents == []
        for text, actor in zip(texts, actors):
            assert game.turn.lower() == actor
            game.push(text)
        assert game.is_over()
        outcome = game.outcome()
        if name.startswith("lotus"):
            places = {s["player"].lower(): s["place"] for s in outcome["scores"]}
            assert abs(sum(final.values())) < 1e-9
            for a in final:
                for b in final:
                    if places[a] < places[b]:
                        assert final[a] > final[b]
                    elif places[a] == places[b]:
                        assert final[a] == final[b]
            best = [a for a in places if places[a] == 1]
            if len(best) == 1:
                assert final[best[0]] == 1.0
        else:
            winner = outcome["winner"].lower()
            assert final == {a: (1.0 if a == winner else -1.0) for a in final}


def test_lotus_turns_and_tied_rewards():
    env = lotus_v0.raw_env(players=4)
    env.reset(seed=5)
    texts, actors, _ = play(env, 5)
    # Three pawn moves per turn, by the same agent, in turn order.
    assert actors[:6] == ["red"] * 3 + ["green"] * 3
    # Places 1, 2, 2, 4: the tied pair shares the rewards of places 2 and 3.
    outcome = {
        "scores": [
            {"player": "red", "score": 9, "place": 1},
            {"player": "green", "score": 5, "place": 2},
            {"player": "orange", "score": 5, "place": 2},
            {"player": "violet", "score": 1, "place": 4},
        ]
    }
    r = env._rewards(outcome)
    assert r == pytest.approx({"red": 1.0, "green": 0.0, "orange": 0.0, "violet": -1.0})


def test_board_frames():
    env = mana_v0.raw_env()
    env.reset()
    black = env.observe("black")["observation"]
    white = env.observe("white")["observation"]
    # Each agent sees its own Daimyo on its own first row (c1; c6 turned).
    assert black[0, 2, 0] == 1 and black[5, 2, 2] == 1
    assert white[0, 3, 0] == 1 and white[5, 3, 2] == 1
    assert black[0, 0, 6] == 1  # a1 is a triple square
    assert env.decode(env.move_to_action("a1-c2"), 0) == "a1-c2"


def test_shogun_hides_what_a_player_cannot_see():
    env = shogun_v0.raw_env()
    env.reset()
    obs = env.observe("white")["observation"]
    assert obs[..., 0:4].sum() == 8  # own pieces by kind
    assert obs[..., 4].sum() == 7 and obs[..., 5].sum() == 1  # opponent: ordinary / Shogun
    assert obs[..., 6:10].sum() == 16  # every piece's number
    # Two starts that differ only in Red's kinds on a8 and c8 (X and Z
    # swapped), where every Red piece shows the same number, look the same to
    # White; Red sees the difference.
    a = shogun_v0.raw_env(setup="XXYZSZYX/XYZSZYXX")
    b = shogun_v0.raw_env(setup="XXYZSZYX/ZYXSZYXX")
    a.reset()
    b.reset()
    shows = [[p["shows"] for p in e.game.position_json()["pieces"]] for e in (a, b)]
    assert shows[0] == shows[1]
    np.testing.assert_array_equal(a.observe("white")["observation"], b.observe("white")["observation"])
    assert (a.observe("red")["observation"] != b.observe("red")["observation"]).any()


def test_mana_pass():
    # Black's six pieces are all blocked and none is captured: "--" only.
    env = mana_v0.raw_env(position="4rd/6/r5/Rr4/RRr3/DRRr2 b -")
    env.reset()
    assert env.legal_actions() == [1332]
    assert env.action_to_move(1332).text == "--"
    assert env.decode(1332) == "--"
    env.step(1332)
    assert env.agent_selection == "white"


def test_illegal_action_penalty_and_raise():
    env = mana_v0.raw_env()
    env.reset()
    mask = env.observe("black")["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    env.step(illegal)
    assert all(env.terminations.values())
    assert env._cumulative_rewards == {"black": -1.0, "white": 0.0}
    env = mana_v0.raw_env(illegal_action="raise")
    env.reset()
    with pytest.raises(ValueError):
        env.step(illegal)


def test_truncation():
    env = shogun_v0.raw_env(max_plies=6)
    env.reset()
    texts, actors, final = play(env, 0)
    assert len(texts) == 6
    assert final == {"white": 0.0, "red": 0.0}


def test_escampe_needs_a_start_and_render():
    with pytest.raises(ValueError):
        escampe_v0.raw_env(random_start=False)
    env = escampe_v0.raw_env(setup="b6 a6 c6 d5 e6 f5 / e1 a1 b2 c1 d2 f1", render_mode="ansi")
    env.reset(seed=1)
    assert env.game.position() == kifu.Game("escampe", setup="b6 a6 c6 d5 e6 f5 / e1 a1 b2 c1 d2 f1").position()
    text = env.render()
    assert env.game.position() in text
    svg = escampe_v0.raw_env(render_mode="svg")
    svg.reset(seed=1)
    assert svg.render().lstrip().startswith("<")
    svg.close()


def test_the_layout_is_that_of_pettingzoo_classic(capsys):
    """As `pettingzoo.classic.chess_v6`: a module per game with `env()`,
    wrapped as the classic environments are, and `raw_env`; an illegal
    action through `env()` ends the game with -1 for its actor; "human"
    shows the game after the reset and after every step."""
    from pettingzoo.utils import wrappers

    from kifu.envs import EscampeEnv, LotusEnv, ManaEnv, ShogunEnv

    for module, raw in [(mana_v0, ManaEnv), (escampe_v0, EscampeEnv), (shogun_v0, ShogunEnv), (lotus_v0, LotusEnv)]:
        assert module.raw_env is raw
        env = module.env()
        layers = []
        while hasattr(env, "env"):
            layers.append(type(env))
            env = env.env
        assert layers == [
            wrappers.OrderEnforcingWrapper,
            wrappers.AssertOutOfBoundsWrapper,
            wrappers.TerminateIllegalWrapper,
        ]
        assert type(env) is raw
    env = mana_v0.env()
    env.reset(seed=0)
    mask = env.observe("black")["action_mask"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards == {"black": -1, "white": 0}
    env = mana_v0.env(render_mode="human")
    env.reset(seed=0)
    shown = capsys.readouterr().out
    assert shown == f"mana: {env.game.position()}\nmoves: (none)\nto move: Black\n"
    first = int(np.flatnonzero(env.observe("black")["action_mask"])[0])
    env.step(first)
    shown = capsys.readouterr().out
    assert f"\nmoves: {env.game.moves[0]}\nto move: White\n" in shown, shown
    assert env.render() is None
    with pytest.raises(ValueError):
        mana_v0.env(render_mode="rgb_array")
