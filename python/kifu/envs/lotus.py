"""Flower of the Lotus (docs/python-envs.md)."""

from __future__ import annotations

import numpy as np

from ._base import KifuEnv

COLOURS = ["red", "green", "orange", "violet", "blue", "yellow"]
FLOWERS = "WYPBK"
FLOWER = {f: i for i, f in enumerate(FLOWERS)}
SQUARE_KIND = {".": 1, "L": 2, "F": 3, "S": 4}  # 0: start, 5: arrival
MAX_SCORE = 49.0  # 15 + 15 + 15 + 4


class LotusEnv(KifuEnv):
    """Flower of the Lotus for 3-6 players (agents named after the players'
    colours). One step is one pawn move: a player's turn is three steps of
    the same agent (fewer when the game ends inside it)."""

    game_name = "lotus"
    random_start_default = True
    obs_bounds = (-1.0, 1.0)

    def __init__(self, players=3, **kwargs):
        if isinstance(players, int):
            if not 3 <= players <= 6:
                raise ValueError("lotus takes 3 to 6 players")
            players = COLOURS[:players]
        if not isinstance(players, str):
            players = " ".join(players)
        super().__init__(players=players, **kwargs)

    def _setup(self) -> None:
        info = self.game.position_json()
        self.n = n = len(self.possible_agents)
        self.letters = [p["letter"] for p in info["players"]]
        self.letter_index = {c: i for i, c in enumerate(self.letters)}
        self.course = info["course"]
        self.N = len(self.course)
        self.length = self.N + 5  # start, squares 1..N, arrival places 1..4
        self.pawns_each = 2 if n == 6 else 3
        self.choices = 6 + 25 * n
        self.num_actions = n * (self.N + 1) * self.choices
        self.obs_shape = (self.length, 9 * n + 14)
        kinds = np.zeros((self.length, 6), np.float32)
        kinds[0, 0] = 1.0
        for s, ch in enumerate(self.course, 1):
            kinds[s, SQUARE_KIND[ch]] = 1.0
        kinds[self.N + 1 :, 5] = 1.0
        self._kinds = kinds

    def _rel(self, letter: str, actor: int) -> int:
        return (self.letter_index[letter] - actor) % self.n

    def _encode(self, move, actor: int) -> int:
        p = move.parts
        choice = 0
        if "stone" in p:
            choice = 1 + FLOWER[p["stone"]]
        elif "exchange" in p:
            x = p["exchange"]
            choice = 6 + (FLOWER[x["give"]] * 5 + FLOWER[x["take"]]) * self.n + self._rel(x["with"], actor)
        pawn = self._rel(p["player"], actor) * (self.N + 1) + p["from"]
        return pawn * self.choices + choice

    def decode(self, action: int, actor: int | None = None) -> str:
        """The move text an action stands for, for the player of index
        `actor` (default: the agent to move), whether legal or not."""
        actor = self._actor() if actor is None else actor
        pawn, choice = divmod(int(action), self.choices)
        owner, square = divmod(pawn, self.N + 1)
        text = f"{self.letters[(owner + actor) % self.n]}{square}"
        if 1 <= choice <= 5:
            text += f"[-{FLOWERS[choice - 1]}]"
        elif choice >= 6:
            pair, other = divmod(choice - 6, self.n)
            give, take = divmod(pair, 5)
            text += f"[{FLOWERS[give]}<>{self.letters[(other + actor) % self.n]}{FLOWERS[take]}]"
        return text

    def _planes(self, observer: int) -> np.ndarray:
        n, N = self.n, self.N
        info = self.game.position_json()
        planes = np.zeros(self.obs_shape, np.float32)
        # The pawns moved in the turn under way are marked `*` in the
        # Position string; its pawn groups come in the order of the pawns list.
        moved = []
        for group in info["position"].split()[:n]:
            moved += [sq.endswith("*") for sq in group.split(":")[1].split(",")]
        share = 1.0 / self.pawns_each
        for pawn, was_moved in zip(info["pawns"], moved):
            k = self._rel(pawn["owner"], observer)
            pos = pawn["square"] if "square" in pawn else N + pawn["arrival"]
            planes[pos, k] += share
            if was_moved:
                planes[pos, n + k] += share
        c = 2 * n
        planes[:, c : c + 6] = self._kinds
        c += 6
        for f in info["course_flowers"]:
            planes[f["square"], c + FLOWER[f["flower"]]] = 1.0
        for a in info["arrival"]:
            if "flower" in a:
                planes[N + a["place"], c + FLOWER[a["flower"]]] = 1.0
        c += 5
        for p in info["players"]:
            k = self._rel(p["letter"], observer)
            for f, count in p["flowers"].items():
                planes[:, c + 5 * k + FLOWER[f]] = count / 5.0
            planes[:, c + 5 * n + k] = p["score"] / MAX_SCORE
        c += 6 * n
        if self.game.turn is not None:
            turn = self.possible_agents.index(self.game.turn.lower())
            planes[:, c + (turn - observer) % n] = 1.0
            planes[:, c + n + info["pawn_move"] - 1] = 1.0
        return planes

    def _rewards(self, outcome: dict) -> dict[str, float]:
        """From each player's place: linear from +1 (first) to -1 (last);
        players sharing a place share the rewards of the places they fill."""
        n = self.n
        scores = outcome["scores"]

        def value(place: int) -> float:
            return 1.0 - 2.0 * (place - 1) / (n - 1)

        rewards = {}
        for s in scores:
            tied = sum(1 for t in scores if t["place"] == s["place"])
            places = range(s["place"], s["place"] + tied)
            rewards[s["player"].lower()] = sum(map(value, places)) / tied
        return rewards
