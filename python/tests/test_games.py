"""kifu.Game in python-chess's manner: starts, legal moves, push and pop,
refusals with their codes, outcomes, positions, copies, pictures, and
perft equal to the Rust perft fixtures."""

import json
import re

import pytest

import kifu
from conftest import FIXTURES

# The most positions a perft check visits, so that the suite stays quick
# on a debug build; deeper counts are the Rust tests'.
MOST_NODES = 60_000


def perft_cases():
    """(game, id, tags, moves, depth, count) of every perft fixture."""
    cases = []
    for game in kifu.GAMES:
        case = None
        for line in (FIXTURES / game / "perft.txt").read_text().splitlines():
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            word, _, rest = line.partition(" ")
            if word == "id":
                case = {"id": rest, "tags": {}, "moves": []}
            elif word == "setup":
                case["tags"] = dict(re.findall(r'\[(\w+) "([^"]*)"\]', rest))
            elif word == "moves":
                case["moves"] = [m for m in rest.split() if not m[0].isdigit() or "-" in m]
            elif word == "perft":
                depth, count = map(int, rest.split())
                cases.append((game, case["id"], case["tags"], case["moves"], depth, count))
    return cases


@pytest.mark.parametrize("game,name,tags,moves,depth,count", perft_cases())
def test_perft_from_python_equals_the_rust_fixtures(game, name, tags, moves, depth, count):
    if count > MOST_NODES:
        pytest.skip(f"{count} positions: counted by the Rust tests")
    options = {tag.lower(): value for tag, value in tags.items() if tag != "Game"}
    g = kifu.Game(game, **options)
    for mv in moves:
        g.push(mv)
    assert g.perft(depth) == count


def test_a_game_starts_as_kifu_new_starts_it():
    assert kifu.Game("mana").start_tags == [("Setup", "c1 c6")]
    assert kifu.Game("shogun").start_tags == [("Setup", "XXYZSZYX/XYZSZYXX")]
    assert kifu.Game("lotus").start_tags == [("Players", "red green orange"), ("Flowers", "PWY/WYPWYPWYPWYP")]
    with pytest.raises(ValueError, match="escampe has no default setup"):
        kifu.Game("escampe")
    with pytest.raises(ValueError, match='no game "chess": the games are mana, escampe, shogun, lotus'):
        kifu.Game("chess")
    with pytest.raises(ValueError, match="mana takes no players="):
        kifu.Game("mana", players="red green orange")
    assert kifu.Game("escampe", seed=7) == kifu.Game("escampe", seed=7)
    assert kifu.Game("escampe", seed=7) != kifu.Game("escampe", seed=8)


def refused_starts():
    """The starts every front refuses, and the words (fixtures/starts/refused.json),
    those whose tags are the game's own: another game's tag has no keyword here."""
    cases = json.loads((FIXTURES / "starts" / "refused.json").read_text())
    own = {"mana": {"Setup"}, "escampe": {"Setup"}, "shogun": {"Setup", "Rotation", "First", "Discs"}}
    own["lotus"] = {"Players", "Flowers", "Course"}
    return [case for case in cases if case["tag"] in own[case["game"]]]


@pytest.mark.parametrize("case", refused_starts(), ids=lambda case: f"{case['game']}-{case['tag']}")
def test_a_start_is_refused_in_the_words_of_kifu_new_and_kifu_engine(case):
    options = {name.lower(): value for name, value in case.get("with", [])}
    options[case["tag"].lower()] = case["value"]
    with pytest.raises(ValueError) as refused:
        kifu.Game(case["game"], **options)
    assert str(refused.value) == case["message"]


def test_every_refused_start_the_rust_tests_give_is_given_here_too_but_another_game_s_tag():
    cases = json.loads((FIXTURES / "starts" / "refused.json").read_text())
    assert len(refused_starts()) == len(cases) - 1


def test_push_pop_turn_and_legal_moves():
    g = kifu.Game("mana", setup="c1 c6")
    assert g.game == "mana"
    assert g.turn == "Black"
    assert g.players == ["Black", "White"]
    moves = g.legal_moves()
    assert len(moves) == 16
    assert [str(m) for m in moves[:3]] == ["a1-c2", "a1-b3", "a1-a4"]
    assert moves[0].parts == {"kind": "move", "from": "a1", "to": "c2", "capture": False}
    start = g.position()
    assert start == "rrdrrr/6/6/6/6/RRDRRR b -"
    pushed = g.push(moves[0])
    assert pushed == "a1-c2" and pushed == moves[0] and hash(pushed) == hash(moves[0])
    assert g.turn == "White"
    assert g.moves == [moves[0]]
    assert g.position() == "rrdrrr/6/6/6/2R3/1RDRRR w 1"
    assert g.pop() == moves[0]
    assert g.position() == start
    with pytest.raises(IndexError):
        g.pop()


def test_an_illegal_move_names_its_reason_and_code_and_changes_nothing():
    g = kifu.Game("mana", setup="c1 c6")
    with pytest.raises(kifu.IllegalMove) as refused:
        g.push("b2-b3")
    assert refused.value.code == "mana.empty-square"
    assert refused.value.reason == "no piece of the side to move there: b2 is empty"
    assert refused.value.move == "b2-b3"
    assert str(refused.value) == "b2-b3: no piece of the side to move there: b2 is empty (mana.empty-square)"
    assert isinstance(refused.value, ValueError)
    assert g.moves == [] and g.position() == "rrdrrr/6/6/6/6/RRDRRR b -"
    with pytest.raises(kifu.IllegalMove) as refused:
        g.push("a1-a6")
    assert refused.value.code == "mana.too-far"
    with pytest.raises(kifu.IllegalMove) as refused:
        g.push("nonsense")
    assert refused.value.code == "mana.not-a-square"
    assert refused.value.reason == '"no" is not a square (files a-f, ranks 1-6)'


def test_a_game_played_to_its_end_has_the_referees_outcome():
    g = kifu.Game("shogun")
    while not g.is_over():
        g.push(g.legal_moves()[0])
    outcome = g.outcome()
    assert outcome["result"] in ("W+", "R+")
    assert outcome["winner"] in ("White", "Red")
    assert outcome["reason"]
    assert g.turn is None
    assert g.legal_moves() == []
    with pytest.raises(kifu.IllegalMove) as refused:
        g.push("a1-a2")
    assert refused.value.code == "move.game-over"
    # The record of the game validates with the same moves and result.
    record = kifu.Record(g.record())
    verdict = record.validate()
    assert verdict["valid"] is True
    assert verdict["result"] == outcome["result"]
    assert record.mainline() == [str(m) for m in g.moves]


def test_lotus_plays_whole_turns_and_ranks_its_players():
    g = kifu.Game("lotus", players="red green orange violet", seed=None)
    assert g.players == ["red", "green", "orange", "violet"]
    first = g.turn
    pushed = g.push(g.legal_moves()[0])
    assert g.turn == first, "a Lotus turn is several pawn moves"
    g.pop()
    while not g.is_over():
        g.push(g.legal_moves()[0])
    outcome = g.outcome()
    scores = outcome["scores"]
    assert [s["player"] for s in scores] == ["red", "green", "orange", "violet"]
    assert sorted(s["place"] for s in scores)[0] == 1
    assert kifu.Record(g.record()).validate()["valid"] is True
    assert pushed is not None


def test_lotus_turns_are_pushed_whole_or_not_at_all():
    g = kifu.Game("lotus")
    before = g.position()
    one = g.legal_moves()[0]
    with pytest.raises(kifu.IllegalMove):
        g.push_turn([str(one)])
    assert g.position() == before
    turn = []
    probe = g.copy()
    mover = probe.turn
    while probe.turn == mover:
        mv = probe.legal_moves()[0]
        probe.push(mv)
        turn.append(str(mv))
    assert [str(m) for m in g.push_turn(turn)] == turn
    assert g == probe


def test_copies_equality_and_hashes_go_by_position():
    g = kifu.Game("mana")
    h = g.copy()
    assert h == g and hash(h) == hash(g)
    h.push(h.legal_moves()[0])
    assert h != g
    assert g.moves == []
    # The same position reached by other moves is equal.
    a, b = kifu.Game("mana"), kifu.Game("mana")
    assert {a, b} == {a}
    # A game started from another's position is equal to it.
    assert kifu.Game("mana", position=h.position()) == h


def test_a_game_shows_as_the_svg_kifu_render_draws(kifu_bin, tmp_path):
    import subprocess

    g = kifu.Game("shogun")
    g.push(g.legal_moves()[3])
    path = tmp_path / "game.kifu"
    path.write_text(g.record())
    drawn = subprocess.run([kifu_bin, "render", "--format", "svg", str(path)], capture_output=True, text=True)
    assert g._repr_svg_() == drawn.stdout
    assert g.svg() == drawn.stdout
