"""Shogun (docs/python-envs.md)."""

from __future__ import annotations

import numpy as np

from ._base import BoardEnv

OWN_KIND = {"X": 0, "Y": 1, "Z": 2, "S": 3}


class ShogunEnv(BoardEnv):
    """Shogun (agents "white", "red", in the order of the first move).
    Actions: from * 64 + to, squares in the actor's frame. Observations
    show what a player sees across the board: his own pieces by kind, the
    opponent's pieces as ordinary or Shogun (an ordinary piece's kind is
    inside it), and the number every piece shows; never the magnets."""

    game_name = "shogun"
    width = 8

    def _setup(self) -> None:
        super()._setup()
        self.num_actions = self.size * self.size
        self.obs_shape = (8, 8, 11)

    def _encode(self, move, actor: int) -> int:
        p = move.parts
        return self.sq(p["from"], actor) * self.size + self.sq(p["to"], actor)

    def _planes(self, observer: int) -> np.ndarray:
        me = self.possible_agents[observer]
        planes = np.zeros((self.size, 11), np.float32)
        for piece in self.game.position_json()["pieces"]:
            i = self.sq(piece["square"], 0)
            if piece["side"] == me:
                planes[i, OWN_KIND[piece["kind"]]] = 1.0
            else:
                planes[i, 5 if piece["kind"] == "S" else 4] = 1.0
            planes[i, 5 + piece["shows"]] = 1.0
        planes[:, 10] = float(self.game.turn is not None and self.game.turn.lower() == me)
        return self.frame_grid(planes, observer)
